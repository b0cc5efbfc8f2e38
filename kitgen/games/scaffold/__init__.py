"""Scaffold: everything particular to this game."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from kitgen.api import Checked, Game

if TYPE_CHECKING:
    from typer import _click as click

    from kitgen.api import CoverCards, Document, Figures, KitBase, KitBuilder, Replay


class Scaffold(Game):
    """Scaffold: boards checked and scored, recorded games replayed, both modes simulated;
    a kit of mats, team cards, turn track and score sheet, played with a standard deck."""

    id = "scaffold"
    title = "Scaffold"
    kinds: ClassVar = {
        "game": ".model:ScaffoldGameFile",
        "kit": ".kit_model:ScaffoldKitFile",
        "position": ".model:ScaffoldPositionFile",
        "record": ".model:ScaffoldRecordFile",
        "rules": "kitgen.model.rules:RulesFile",
    }
    figure_args: ClassVar = {
        "board": ".figure_args:ScaffoldBoardArgs",
    }
    schema_help = ".schema_help:FIELD_HELP"
    engine = ".engine:ENGINES"
    card_parts = frozenset({"team-cards"})
    score_parts = frozenset({"score-sheet"})
    simulate_help = "Competitive or cooperative games for several hand sizes and turn counts."

    def check(self, doc: Document) -> Checked:
        if doc.kind == "position":
            from kitgen.games.scaffold.load import check_position

            found, position = check_position(doc)
            return Checked(found, position=position)
        if doc.kind == "record":
            from kitgen.games.scaffold.load import replay_game

            return Checked(replay_game(doc).findings)
        return super().check(doc)

    def build_kit(self, builder: KitBuilder, kit: KitBase, path: str, stem: str) -> None:
        from kitgen.games.scaffold.build import build_kit

        build_kit(builder, kit, path, stem)  # type: ignore[arg-type]

    def cover(self) -> CoverCards:
        from kitgen.api import standard_cover

        return standard_cover(self.id, "2C 6D JH QS KH")

    def figures(self) -> Figures:
        from kitgen.games.scaffold.figures import scaffold_figures

        return scaffold_figures()

    def starter_files(self, name: str) -> list[tuple[str, str]]:
        from kitgen.games.scaffold.starters import starter_files

        return starter_files(name)

    def replay(self, doc: Document) -> Replay:
        from kitgen.games.scaffold.replay import replay

        return replay(doc)

    def no_replay(self) -> dict[str, object]:
        return {"mode": None, "winner": None, "scores": None, "reason": None, "moves": 0}

    def simulate_command(self) -> click.Command:
        from kitgen.games.scaffold.cli import command

        return command()


GAME = Scaffold()
