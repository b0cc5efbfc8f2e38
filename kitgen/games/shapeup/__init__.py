"""Shape Up!: everything particular to this game."""

from __future__ import annotations

from typing import ClassVar

from kitgen.api import Game
from kitgen.games.shapeup.codes import CODES


class ShapeUp(Game):
    """Shape Up!: positions scored, recorded rounds replayed, rounds simulated; a kit of
    symbol cards, score sheets and a score pad."""

    id = "shapeup"
    title = "Shape Up!"
    finding_codes: ClassVar = CODES  # (kitgen.games.shapeup.codes)
    kinds: ClassVar = {
        "game": ".model:ShapeUpGameFile",
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
    provides: ClassVar = {
        "build_kit": ".build:build_kit",
        "check_position": ".load:check_position",
        "check_record": ".load:replay_round",
        "cover": ".kit:cover_cards",
        "figures": ".figures:shapeup_figures",
        "replay": ".replay:replay",
        "simulation": ".simulation:SIMULATION",
        "starter_files": ".starters:starter_files",
    }
    card_parts = frozenset({"cards"})
    score_parts = frozenset({"score-sheets", "score-pad"})
    simulate_help = "Rounds or full games, by set-up: each seat's wins and points."

    def no_replay(self) -> dict[str, object]:
        return {"winner": None, "scores": None, "moves": 0}


GAME = ShapeUp()
