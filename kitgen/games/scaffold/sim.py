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

from kitgen.api import comparison, game_seed, mean_95, mean_interval, rounded, wilson
from kitgen.games.scaffold.play import Scaffold, Setup, Trade, play_game

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
    # Games by their moves, by their trades, and (competitive) by the spaces each side
    # scored and by red's spaces less black's.
    lengths: Counter[int] = field(default_factory=Counter)
    trade_counts: Counter[int] = field(default_factory=Counter)
    red_counts: Counter[int] = field(default_factory=Counter)
    black_counts: Counter[int] = field(default_factory=Counter)
    leads: Counter[int] = field(default_factory=Counter)

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
        for mine, theirs in (
            (self.scores, other.scores),
            (self.lengths, other.lengths),
            (self.trade_counts, other.trade_counts),
            (self.red_counts, other.red_counts),
            (self.black_counts, other.black_counts),
            (self.leads, other.leads),
        ):
            mine.update(theirs)


def run_games(setup: Setup, players: tuple[str, str], seed: int, indices: range) -> ScaffoldTally:
    """Play games `indices` of a run (red's player first) and count what happened."""
    engine = Scaffold(setup)
    tally = ScaffoldTally()
    for index in indices:
        states, result = play_game(engine, players, seed=game_seed(seed, index))
        tally.games += 1
        tally.plays += len(states) - 1
        tally.lengths[len(states) - 1] += 1
        trades = sum(1 for s in states if isinstance(s.last, Trade))
        tally.trades += trades
        tally.trade_counts[trades] += 1
        tally.ends[result.code] += 1
        if setup.cooperative:
            score = result.scores["team"]
            tally.team_score += score
            tally.scores[score] += 1
            tally.not_negative += score >= 0
            tally.complete += result.code == "built"
        else:
            red, black = result.scores["red"], result.scores["black"]
            tally.red_spaces += red
            tally.black_spaces += black
            tally.red_counts[red] += 1
            tally.black_counts[black] += 1
            tally.leads[red - black] += 1
            tally.red_wins += result.winner == "red"
            tally.black_wins += result.winner == "black"
    return tally


def _rate(part: int, whole: int) -> dict[str, Any]:
    low, high = wilson(part, whole)
    return {
        "rate": round(part / whole, 4) if whole else None,
        "rate_95": [round(low, 4), round(high, 4)],
    }


def _mean(total: int, counts: Counter[int], n: int) -> tuple[float | None, list[float] | None]:
    """A mean a game and its 95% interval (None without games, or with one)."""
    return (round(total / n, 2) if n else None), mean_95(counts)


def tally_summary(tally: ScaffoldTally, setup: Setup) -> dict[str, Any]:
    """One set-up's figures as plain data (the JSON of `kitgen simulate scaffold`).

    Every rate and mean carries its 95% interval (`..._95`); in a competitive game
    `comparisons` judges red's (the first player's) share of the games won and
    red's spaces less black's.
    """
    n = tally.games
    moves, moves_95 = _mean(tally.plays, tally.lengths, n)
    out: dict[str, Any] = {
        "mode": setup.mode,
        "hand_size": setup.hand_size,
        "games": n,
        "moves_per_game": moves,
        "moves_per_game_95": moves_95,
        "game_lengths": {str(k): tally.lengths[k] for k in sorted(tally.lengths)},
        "ends": {code: tally.ends[code] for code in ENDS if tally.ends[code]},
        "ends_95": {
            code: rounded(wilson(tally.ends[code], n)) for code in ENDS if tally.ends[code]
        },
    }
    comparisons = []
    if setup.cooperative:
        mean_score, mean_score_95 = _mean(tally.team_score, tally.scores, n)
        trades, trades_95 = _mean(tally.trades, tally.trade_counts, n)
        out.update(
            turns=setup.turns,
            complete=_rate(tally.complete, n),
            score_not_negative=_rate(tally.not_negative, n),
            mean_score=mean_score,
            mean_score_95=mean_score_95,
            trades_per_game=trades,
            trades_per_game_95=trades_95,
            scores={str(k): tally.scores[k] for k in sorted(tally.scores)},
        )
    else:
        decided = tally.red_wins + tally.black_wins
        red_spaces, red_spaces_95 = _mean(tally.red_spaces, tally.red_counts, n)
        black_spaces, black_spaces_95 = _mean(tally.black_spaces, tally.black_counts, n)
        out.update(
            red_wins=_rate(tally.red_wins, n),
            black_wins=_rate(tally.black_wins, n),
            ties=tally.games - tally.red_wins - tally.black_wins,
            ties_95=rounded(wilson(tally.games - decided, n)),
            red_spaces=red_spaces,
            red_spaces_95=red_spaces_95,
            black_spaces=black_spaces,
            black_spaces_95=black_spaces_95,
            red_spaces_by_game={str(k): tally.red_counts[k] for k in sorted(tally.red_counts)},
            black_spaces_by_game={
                str(k): tally.black_counts[k] for k in sorted(tally.black_counts)
            },
        )
        where = f"hand {setup.hand_size}: "
        if decided:
            comparisons.append(
                comparison(
                    where + "red's (the first player's) share of the games won",
                    tally.red_wins / decided,
                    *wilson(tally.red_wins, decided),
                    0.5,
                )
            )
        lead = mean_interval(tally.leads)
        if lead is not None:
            comparisons.append(
                comparison(where + "red's spaces less black's", *lead, unit="points")
            )
    out["comparisons"] = comparisons
    return out
