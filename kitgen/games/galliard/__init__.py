"""Galliard: everything particular to this game."""

from __future__ import annotations

from typing import ClassVar

from kitgen.api import Game
from kitgen.games.galliard.codes import CODES


class Galliard(Game):
    """Galliard: cabals judged, recorded games replayed and simulated; a kit of table mat,
    cabal cards and score tracker, played with a standard deck."""

    id = "galliard"
    title = "Galliard"
    finding_codes: ClassVar = CODES  # (kitgen.games.galliard.codes)
    kinds: ClassVar = {
        "game": ".model:GalliardGameFile",
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
    provides: ClassVar = {
        "build_kit": ".build:build_kit",
        "check_position": ".load:check_position",
        "check_record": ".load:replay_game",
        "figures": ".figures:galliard_figures",
        "replay": ".replay:replay",
        "simulation": ".simulation:SIMULATION",
        "starter_files": ".starters:starter_files",
    }
    cover_cards = "9C 8D QH KS RJ"
    card_parts = frozenset({"cabal-cards"})
    score_parts = frozenset({"tracker"})
    simulate_help = "Two players: wins, rounds and how wagering pays."

    def no_replay(self) -> dict[str, object]:
        return {"winner": None, "reason": None, "rounds": [], "cabals": None, "moves": 0}


GAME = Galliard()
