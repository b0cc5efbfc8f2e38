"""Scaffold balance simulation: many games between built-in players, for one set-up.

Red always plays first, so red's win rate in the competitive game is the first
player's advantage. The cooperative game reports how often the team completes
the building and the team's score. Batches merge in game order, so the numbers
do not depend on how a run is split over processes.

Pure Python: no I/O.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from kitgen.games.scaffold.play import Scaffold, Setup, Trade, play_game
from kitgen.rules.simulate import game_seed, wilson

ENDS = {
    "built": "the building was finished",
    "turns": "the turn counters ran out",
    "no-cards": "a player ran out of cards",
    "no-play": "a player had no legal play",
}


@dataclass
class ScaffoldTally:
    """Counts from a batch of games of one set-up; add batches with `merge`."""

    games: int = 0
    red_wins: int = 0
    black_wins: int = 0
    red_spaces: int = 0
    black_spaces: int = 0
    complete: int = 0  # cooperative: every side space right
    not_negative: int = 0  # cooperative: a score of 0 or more
    team_score: int = 0
    plays: int = 0  # moves made, trades included
    trades: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    scores: Counter[int] = field(default_factory=Counter)  # cooperative score -> games

    def merge(self, other: ScaffoldTally) -> None:
        """Add another batch's counts to these."""
        for name in (
            "games",
            "red_wins",
            "black_wins",
            "red_spaces",
            "black_spaces",
            "complete",
            "not_negative",
            "team_score",
            "plays",
            "trades",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.ends.update(other.ends)
        self.scores.update(other.scores)


def run_games(setup: Setup, players: tuple[str, str], seed: int, indices: range) -> ScaffoldTally:
    """Play games `indices` of a run (red's player first) and count what happened."""
    engine = Scaffold(setup)
    tally = ScaffoldTally()
    for index in indices:
        states, result = play_game(engine, players, seed=game_seed(seed, index))
        tally.games += 1
        tally.plays += len(states) - 1
        tally.trades += sum(1 for s in states if isinstance(s.last, Trade))
        tally.ends[result.code] += 1
        if setup.cooperative:
            score = result.scores["team"]
            tally.team_score += score
            tally.scores[score] += 1
            tally.not_negative += score >= 0
            tally.complete += result.code == "built"
        else:
            tally.red_spaces += result.scores["red"]
            tally.black_spaces += result.scores["black"]
            tally.red_wins += result.winner == "red"
            tally.black_wins += result.winner == "black"
    return tally


def _rate(part: int, whole: int) -> dict[str, Any]:
    low, high = wilson(part, whole)
    return {
        "rate": round(part / whole, 4) if whole else None,
        "rate_95": [round(low, 4), round(high, 4)],
    }


def tally_summary(tally: ScaffoldTally, setup: Setup) -> dict[str, Any]:
    """One set-up's figures as plain data (the JSON of `kitgen simulate scaffold`)."""
    n = tally.games
    out: dict[str, Any] = {
        "mode": setup.mode,
        "hand_size": setup.hand_size,
        "games": n,
        "moves_per_game": round(tally.plays / n, 2) if n else None,
        "ends": {code: tally.ends[code] for code in ENDS if tally.ends[code]},
    }
    if setup.cooperative:
        out.update(
            turns=setup.turns,
            complete=_rate(tally.complete, n),
            score_not_negative=_rate(tally.not_negative, n),
            mean_score=round(tally.team_score / n, 2) if n else None,
            trades_per_game=round(tally.trades / n, 2) if n else None,
            scores={str(k): tally.scores[k] for k in sorted(tally.scores)},
        )
    else:
        out.update(
            red_wins=_rate(tally.red_wins, n),
            black_wins=_rate(tally.black_wins, n),
            ties=tally.games - tally.red_wins - tally.black_wins,
            red_spaces=round(tally.red_spaces / n, 2) if n else None,
            black_spaces=round(tally.black_spaces / n, 2) if n else None,
        )
    return out
