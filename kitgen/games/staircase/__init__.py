"""The Staircase game: everything particular to this game."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from kitgen.registry import Checked, Game

if TYPE_CHECKING:
    from kitgen.build import KitBuilder
    from kitgen.load.documents import Document
    from kitgen.model.kit import KitBase
    from kitgen.render.booklet import Figures


class Staircase(Game):
    """The Staircase game: staircases scored, recorded games replayed and simulated; a kit
    of score sheet and action cards, played with a standard deck."""

    id = "staircase"
    title = "The Staircase game"
    kinds: ClassVar = {
        "game": "kitgen.model.game:GameFile",
        "kit": ".model:StaircaseKitFile",
        "position": ".model:StaircasePositionFile",
        "record": ".model:StaircaseRecordFile",
        "rules": "kitgen.model.rules:RulesFile",
    }
    figure_args: ClassVar = {
        "staircase": ".figure_args:StaircaseArgs",
        "turn": ".figure_args:TurnArgs",
    }
    card_parts = frozenset({"action-cards"})

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

    def figures(self) -> Figures:
        from kitgen.games.staircase.figures import staircase_figures

        return staircase_figures()


GAME = Staircase()
