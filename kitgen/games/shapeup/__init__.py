"""Shape Up!: everything particular to this game."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from kitgen.api import Checked, Game

if TYPE_CHECKING:
    from typer import _click as click

    from kitgen.api import CoverCards, Document, Figures, KitBase, KitBuilder, Replay


class ShapeUp(Game):
    """Shape Up!: positions scored, recorded rounds replayed, rounds simulated; a kit of
    symbol cards, score sheets and a score pad."""

    id = "shapeup"
    title = "Shape Up!"
    kinds: ClassVar = {
        "game": "kitgen.model.game:GameFile",
        "kit": ".kit_model:ShapeUpKitFile",
        "position": ".model:ShapeUpPositionFile",
        "record": ".model:ShapeUpRecordFile",
        "rules": "kitgen.model.rules:RulesFile",
    }
    figure_args: ClassVar = {
        "card": ".figure_args:ShapeUpCardArgs",
        "grid": ".figure_args:ShapeUpGridArgs",
    }
    schema_help = ".schema_help:FIELD_HELP"
    engine = ".engine:ENGINES"
    card_parts = frozenset({"cards"})
    score_parts = frozenset({"score-sheets", "score-pad"})
    simulate_help = "Rounds or full games, by set-up: each seat's wins and points."

    def check(self, doc: Document) -> Checked:
        if doc.kind == "position":
            from kitgen.games.shapeup.load import check_position

            found, position = check_position(doc)
            return Checked(found, position=position)
        if doc.kind == "record":
            from kitgen.games.shapeup.load import replay_round

            return Checked(replay_round(doc).findings)
        return super().check(doc)

    def build_kit(self, builder: KitBuilder, kit: KitBase, path: str, stem: str) -> None:
        from kitgen.games.shapeup.build import build_kit

        build_kit(builder, kit, path, stem)  # type: ignore[arg-type]

    def cover(self) -> CoverCards:
        from kitgen.games.shapeup.kit import cover_cards

        return cover_cards()

    def figures(self) -> Figures:
        from kitgen.games.shapeup.figures import shapeup_figures

        return shapeup_figures()

    def starter_files(self, name: str) -> list[tuple[str, str]]:
        from kitgen.games.shapeup.starters import starter_files

        return starter_files(name)

    def replay(self, doc: Document) -> Replay:
        from kitgen.games.shapeup.replay import replay

        return replay(doc)

    def no_replay(self) -> dict[str, object]:
        return {"winner": None, "scores": None, "moves": 0}

    def simulate_command(self) -> click.Command:
        from kitgen.games.shapeup.cli import command

        return command()


GAME = ShapeUp()
