"""The Staircase game: everything particular to this game."""

from __future__ import annotations

from typing import ClassVar

from kitgen.api import Game


class Staircase(Game):
    """The Staircase game: staircases scored, recorded games replayed and simulated; a kit
    of score sheet and action cards, played with a standard deck."""

    id = "staircase"
    title = "The Staircase game"
    kinds: ClassVar = {
        "game": ".model:StaircaseGameFile",
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
    provides: ClassVar = {
        "build_kit": ".build:build_kit",
        "check_position": ".load:check_position",
        "check_record": ".load:replay_game",
        "figures": ".figures:staircase_figures",
        "replay": ".replay:replay",
        "simulation": ".simulation:SIMULATION",
        "starter_files": ".starters:starter_files",
    }
    cover_cards = "5H 6S 7D 8C 9H"
    card_parts = frozenset({"action-cards"})
    score_parts = frozenset({"score-sheet"})
    simulate_help = "2 to 5 players, with or without interfere: each player's share of wins."

    def no_replay(self) -> dict[str, object]:
        return {"winner": None, "winners": [], "scores": None, "moves": 0}


GAME = Staircase()
