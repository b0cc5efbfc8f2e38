"""The Staircase game: everything particular to this game."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from kitgen.api import Checked, Game

if TYPE_CHECKING:
    from typer import _click as click

    from kitgen.api import CoverCards, Document, Figures, KitBase, KitBuilder, Replay


class Staircase(Game):
    """The Staircase game: staircases scored, recorded games replayed and simulated; a kit
    of score sheet and action cards, played with a standard deck."""

    id = "staircase"
    title = "The Staircase game"
    kinds: ClassVar = {
        "game": "kitgen.model.game:GameFile",
        "kit": ".kit_model:StaircaseKitFile",
        "position": ".model:StaircasePositionFile",
        "record": ".model:StaircaseRecordFile",
        "rules": "kitgen.model.rules:RulesFile",
    }
    figure_args: ClassVar = {
        "staircase": ".figure_args:StaircaseArgs",
        "turn": ".figure_args:TurnArgs",
    }
    schema_help = ".schema_help:FIELD_HELP"
    engine = ".engine:ENGINES"
    card_parts = frozenset({"action-cards"})
    score_parts = frozenset({"score-sheet"})
    simulate_help = "2 to 5 players, with or without interfere: each player's share of wins."

    def check(self, doc: Document) -> Checked:
        if doc.kind == "position":
            from kitgen.games.staircase.load import check_position

            found, position = check_position(doc)
            return Checked(found, position=position)
        if doc.kind == "record":
            from kitgen.games.staircase.load import replay_game

            return Checked(replay_game(doc).findings)
        return super().check(doc)

    def build_kit(self, builder: KitBuilder, kit: KitBase, path: str, stem: str) -> None:
        from kitgen.games.staircase.build import build_kit

        build_kit(builder, kit, path, stem)  # type: ignore[arg-type]

    def cover(self) -> CoverCards:
        from kitgen.api import standard_cover

        return standard_cover(self.id, "5H 6S 7D 8C 9H")

    def figures(self) -> Figures:
        from kitgen.games.staircase.figures import staircase_figures

        return staircase_figures()

    def starter_files(self, name: str) -> list[tuple[str, str]]:
        from kitgen.games.staircase.starters import starter_files

        return starter_files(name)

    def replay(self, doc: Document) -> Replay:
        from kitgen.games.staircase.replay import replay

        return replay(doc)

    def no_replay(self) -> dict[str, object]:
        return {"winner": None, "winners": [], "scores": None, "moves": 0}

    def simulate_command(self) -> click.Command:
        from kitgen.games.staircase.cli import command

        return command()


GAME = Staircase()
