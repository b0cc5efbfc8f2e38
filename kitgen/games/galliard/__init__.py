"""Galliard: everything particular to this game."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from kitgen.api import Checked, Game

if TYPE_CHECKING:
    from typer import _click as click

    from kitgen.api import CoverCards, Document, Figures, KitBase, KitBuilder, Replay


class Galliard(Game):
    """Galliard: cabals judged, recorded games replayed and simulated; a kit of table mat,
    cabal cards and score tracker, played with a standard deck."""

    id = "galliard"
    title = "Galliard"
    kinds: ClassVar = {
        "game": "kitgen.model.game:GameFile",
        "kit": ".kit_model:GalliardKitFile",
        "position": ".model:GalliardPositionFile",
        "record": ".model:GalliardRecordFile",
        "rules": "kitgen.model.rules:RulesFile",
    }
    figure_args: ClassVar = {
        "cabal": ".figure_args:CabalArgs",
        "floor": ".figure_args:FloorArgs",
        "trade": ".figure_args:TradeArgs",
    }
    schema_help = ".schema_help:FIELD_HELP"
    engine = ".engine:ENGINES"
    card_parts = frozenset({"cabal-cards"})
    score_parts = frozenset({"tracker"})
    simulate_help = "Two players: wins, rounds and how wagering pays."

    def check(self, doc: Document) -> Checked:
        if doc.kind == "position":
            from kitgen.games.galliard.load import check_position

            found, position = check_position(doc)
            return Checked(found, position=position)
        if doc.kind == "record":
            from kitgen.games.galliard.load import replay_game

            return Checked(replay_game(doc).findings)
        return super().check(doc)

    def build_kit(self, builder: KitBuilder, kit: KitBase, path: str, stem: str) -> None:
        from kitgen.games.galliard.build import build_kit

        build_kit(builder, kit, path, stem)  # type: ignore[arg-type]

    def cover(self) -> CoverCards:
        from kitgen.api import standard_cover

        return standard_cover(self.id, "9C 8D QH KS RJ")

    def figures(self) -> Figures:
        from kitgen.games.galliard.figures import galliard_figures

        return galliard_figures()

    def starter_files(self, name: str) -> list[tuple[str, str]]:
        from kitgen.games.galliard.starters import starter_files

        return starter_files(name)

    def replay(self, doc: Document) -> Replay:
        from kitgen.games.galliard.replay import replay

        return replay(doc)

    def no_replay(self) -> dict[str, object]:
        return {"winner": None, "reason": None, "rounds": [], "cabals": None, "moves": 0}

    def simulate_command(self) -> click.Command:
        from kitgen.games.galliard.cli import command

        return command()


GAME = Galliard()
