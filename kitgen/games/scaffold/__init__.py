"""Scaffold: everything particular to this game."""

from __future__ import annotations

from typing import ClassVar

from kitgen.api import Game
from kitgen.games.scaffold.codes import CODES


class Scaffold(Game):
    """Scaffold: boards checked and scored, recorded games replayed, both modes simulated;
    a kit of mats, team cards, turn track and score sheet, played with a standard deck."""

    id = "scaffold"
    title = "Scaffold"
    finding_codes: ClassVar = CODES  # (kitgen.games.scaffold.codes)
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
    provides: ClassVar = {
        "build_kit": ".build:build_kit",
        "check_position": ".load:check_position",
        "check_record": ".load:replay_game",
        "figures": ".figures:scaffold_figures",
        "replay": ".replay:replay",
        "simulation": ".simulation:SIMULATION",
        "starter_files": ".starters:starter_files",
    }
    cover_cards = "2C 6D JH QS KH"
    card_parts = frozenset({"team-cards"})
    score_parts = frozenset({"score-sheet"})
    simulate_help = "Competitive or cooperative games for several hand sizes and turn counts."

    def no_replay(self) -> dict[str, object]:
        return {"mode": None, "winner": None, "scores": None, "reason": None, "moves": 0}


GAME = Scaffold()
