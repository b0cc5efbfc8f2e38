"""Fifteen: a two-player card game of taking numbers, as a kitgen game package.

kitgen's test of a game from another package: registered through the
`kitgen.games` entry point in kitgen_fifteen-1.0.dist-info/entry_points.txt, with no
change to kitgen. docs/adding-a-game.md walks through it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from kitgen.api import Checked, CodeInfo, Game

if TYPE_CHECKING:
    from kitgen.api import Document, KitBase, KitBuilder, Replay


class Fifteen(Game):
    """Fifteen: positions scored, records replayed, games simulated, a kit of cards."""

    id = "fifteen"
    title = "Fifteen"
    kinds: ClassVar = {
        "game": "kitgen.model.game:GameFile",
        "kit": ".model:FifteenKitFile",
        "position": ".model:FifteenPositionFile",
        "record": ".model:FifteenRecordFile",
        "rules": "kitgen.model.rules:RulesFile",
    }
    card_parts = frozenset({"cards"})
    # A code of the game's own: kitgen's catalogue has none that means this.
    finding_codes: ClassVar = {
        "both-made-15": CodeInfo("error", "both players hold three cards that make 15"),
    }
    simulate_help = "Two players: each seat's wins and the draws."
    engine = ".engine:ENGINES"  # (its rules under kitgen's contract: kitgen.game)
    provides: ClassVar = {"simulation": ".simulation:SIMULATION"}

    @property
    def data_dir(self) -> Path:
        return Path(__file__).parent / "data"

    def check(self, doc: Document) -> Checked:
        if doc.kind == "position":
            from kitgen_fifteen.load import check_position

            found, position = check_position(doc)
            return Checked(found, position=position)
        if doc.kind == "record":
            from kitgen_fifteen.load import replay_game

            return Checked(replay_game(doc).findings)
        return super().check(doc)

    def replay(self, doc: Document) -> Replay:
        from kitgen_fifteen.load import replay

        return replay(doc)

    def no_replay(self) -> dict[str, object]:
        return {"winner": None, "reason": None, "moves": 0}

    def build_kit(self, builder: KitBuilder, kit: KitBase, path: str, stem: str) -> None:
        from kitgen_fifteen.build import build_kit

        build_kit(builder, kit, path, stem)  # type: ignore[arg-type]


GAME = Fifteen()
