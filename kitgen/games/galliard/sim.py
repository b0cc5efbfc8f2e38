"""Galliard balance simulation: many games between two built-in players.

The two players swap seats every game (game i puts `players[i % 2]` in seat 0,
which starts round 1), so each starts equally often, and every figure is kept
per player, not per seat. The question the numbers are for is mostly the
wagers: how often each player wagers, how rounds end, and who wins. Batches
merge in game order, so the numbers do not depend on how a run is split over
processes.

Pure Python: no I/O.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from kitgen.api import Clustered, comparison, game_seed, mean_95, rate_95, wilson
from kitgen.games.galliard.play import Galliard, Setup, play_game
from kitgen.games.galliard.rules import PATTERNS, patterns

ENDS = {
    "empty": "a player emptied their hand",
    "royals-only": "a player kept only royals in hand",
    "blocked": "the deck ran out and both players passed",
}


def _pair() -> list[int]:
    return [0, 0]


# The figures counted over rounds, kept game by game for their intervals.
ROUND_FIGURES = (
    *(f"{what} {i}" for what in ("rounds_won", "wagered", "rounds_wagering") for i in (0, 1)),
    "no_wager_rounds",
    *(f"end {how}" for how in ENDS),
)


@dataclass
class GalliardTally:
    """Counts from a batch of games; per player lists are in the order of `players`.
    Add batches with `merge`."""

    games: int = 0
    wins: list[int] = field(default_factory=_pair)
    seat0_wins: int = 0  # games won by the player who started round 1
    round_limit: int = 0
    rounds: int = 0
    plies: int = 0
    rounds_won: list[int] = field(default_factory=_pair)
    rounds_started: list[int] = field(default_factory=_pair)
    wagered: list[int] = field(default_factory=_pair)  # royals wagered
    rounds_wagering: list[int] = field(default_factory=_pair)  # rounds with a wager of theirs
    no_wager_rounds: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    takes: int = 0
    trades: int = 0
    patterns: Counter[str] = field(default_factory=Counter)  # in the game winner's cabal
    # Games by their rounds, moves, takes and trades.
    round_counts: Counter[int] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)
    take_counts: Counter[int] = field(default_factory=Counter)
    trade_counts: Counter[int] = field(default_factory=Counter)
    # What is counted over rounds, game by game (`ROUND_FIGURES`): the rounds of one
    # game are alike, so their intervals come from the spread between games.
    by_game: dict[str, Clustered] = field(default_factory=dict)

    def clustered(self, name: str) -> Clustered:
        """A figure counted over rounds, game by game (made when first asked for)."""
        found = self.by_game.get(name)
        if found is None:
            found = self.by_game[name] = Clustered()
        return found

    def merge(self, other: GalliardTally) -> None:
        """Add another batch's counts to these."""
        for name in (
            "games",
            "seat0_wins",
            "round_limit",
            "rounds",
            "plies",
            "no_wager_rounds",
            "takes",
            "trades",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("wins", "rounds_won", "rounds_started", "wagered", "rounds_wagering"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for i in (0, 1):
                mine[i] += theirs[i]
        self.ends.update(other.ends)
        self.patterns.update(other.patterns)
        for mine_c, theirs_c in (
            (self.round_counts, other.round_counts),
            (self.lengths, other.lengths),
            (self.take_counts, other.take_counts),
            (self.trade_counts, other.trade_counts),
        ):
            mine_c.update(theirs_c)
        for name, theirs in other.by_game.items():
            self.clustered(name).merge(theirs)


def run_games(
    setup: Setup, players: tuple[str, str], seed: int, start: int, count: int
) -> GalliardTally:
    """Play games `start` to `start + count - 1` of a run and count what happened.

    Game i is dealt by `game_seed(seed, i)` and puts `players[i % 2]` in seat 0.
    """
    engine = Galliard(setup)
    tally = GalliardTally()
    for index in range(start, start + count):
        first = index % 2
        of_seat = (first, 1 - first)  # the player (index into `players`) in each seat
        seated = (players[of_seat[0]], players[of_seat[1]])
        states, result = play_game(engine, seated, seed=game_seed(seed, index))
        tally.games += 1
        tally.rounds += result.rounds
        tally.plies += len(states) - 1
        tally.round_counts[result.rounds] += 1
        tally.lengths[len(states) - 1] += 1
        takes = trades = 0
        # This game's counts over its rounds, by figure (each player's in the order of
        # `players`).
        counts: Counter[str] = Counter()
        if result.winner is None:
            tally.round_limit += 1
        else:
            tally.wins[of_seat[result.winner]] += 1
            tally.seat0_wins += result.winner == 0
            tally.patterns.update(p.name for p in patterns(result.cabals[result.winner]))
        for done in engine.round_results(states):
            tally.rounds_won[of_seat[done.winner]] += 1
            tally.rounds_started[of_seat[done.starter]] += 1
            tally.ends[done.how] += 1
            tally.no_wager_rounds += not done.wagered
            counts[f"rounds_won {of_seat[done.winner]}"] += 1
            counts[f"end {done.how}"] += 1
            counts["no_wager_rounds"] += not done.wagered
            takes += done.taken is not None
            trades += done.traded is not None
            for seat in (0, 1):
                wagers = done.wagers(seat)
                tally.wagered[of_seat[seat]] += wagers
                tally.rounds_wagering[of_seat[seat]] += wagers > 0
                counts[f"wagered {of_seat[seat]}"] += wagers
                counts[f"rounds_wagering {of_seat[seat]}"] += wagers > 0
        for name in ROUND_FIGURES:
            tally.clustered(name).add(counts[name], result.rounds)
        tally.takes += takes
        tally.trades += trades
        tally.take_counts[takes] += 1
        tally.trade_counts[trades] += 1
    return tally


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _per(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


def tally_summary(tally: GalliardTally, players: tuple[str, str]) -> dict[str, Any]:
    """A run's figures as plain data (the JSON of `kitgen simulate galliard`).

    Rounds are counted to the end of the game, the deciding round included. A winner's
    cabal with two patterns counts for both in `deciding_patterns`. Every rate and
    mean carries its 95% interval (`..._95`; those of figures over rounds come from
    the spread between games, as rounds of one game are alike); `comparisons` judges the
    first-named player's win rate and the round-1 starter's against an even share.
    """
    n, rounds = tally.games, tally.rounds
    won = n - tally.round_limit
    low, high = wilson(tally.wins[0], n)
    per_player = [
        {
            "player": players[i],
            "wins": tally.wins[i],
            "win_rate": _share(tally.wins[i], n),
            "win_rate_95": [round(x, 4) for x in wilson(tally.wins[i], n)],
            "rounds_won": tally.rounds_won[i],
            "round_win_rate": _share(tally.rounds_won[i], rounds),
            "round_win_rate_95": tally.clustered(f"rounds_won {i}").rate_95(),
            "rounds_started": tally.rounds_started[i],
            "royals_wagered_per_round": _per(tally.wagered[i], rounds),
            "royals_wagered_per_round_95": tally.clustered(f"wagered {i}").mean_95(),
            "rounds_with_a_wager": _share(tally.rounds_wagering[i], rounds),
            "rounds_with_a_wager_95": tally.clustered(f"rounds_wagering {i}").rate_95(),
        }
        for i in (0, 1)
    ]
    comparisons = []
    if n:
        comparisons.append(
            comparison(
                f"{players[0]}'s win rate against {players[1]}",
                tally.wins[0] / n,
                low,
                high,
                0.5,
            )
        )
    if won:
        comparisons.append(
            comparison(
                "the round-1 starter's share of the games won",
                tally.seat0_wins / won,
                *wilson(tally.seat0_wins, won),
                0.5,
            )
        )
    return {
        "games": n,
        "players": per_player,
        "first_player": {
            "player": players[0],
            "win_rate": _share(tally.wins[0], n),
            "win_rate_95": [round(low, 4), round(high, 4)],
        },
        "seat_0_win_rate": _share(tally.seat0_wins, won),
        "seat_0_win_rate_95": rate_95(tally.seat0_wins, won),
        "round_limit": tally.round_limit,
        "rounds_per_game": _per(rounds, n),
        "rounds_per_game_95": mean_95(tally.round_counts),
        "games_by_rounds": {str(k): tally.round_counts[k] for k in sorted(tally.round_counts)},
        "moves_per_game": _per(tally.plies, n),
        "moves_per_game_95": mean_95(tally.lengths),
        "no_wager_rounds": _share(tally.no_wager_rounds, rounds),
        "no_wager_rounds_95": tally.clustered("no_wager_rounds").rate_95(),
        "round_ends": {
            how: {
                "rounds": tally.ends[how],
                "share": _share(tally.ends[how], rounds),
                "share_95": tally.clustered(f"end {how}").rate_95(),
            }
            for how in ENDS
        },
        "takes_per_game": _per(tally.takes, n),
        "takes_per_game_95": mean_95(tally.take_counts),
        "trades_per_game": _per(tally.trades, n),
        "trades_per_game_95": mean_95(tally.trade_counts),
        "deciding_patterns": {
            p.name: _share(tally.patterns[p.name], won) for p in PATTERNS if tally.patterns[p.name]
        },
        "deciding_patterns_95": {
            p.name: rate_95(tally.patterns[p.name], won) for p in PATTERNS if tally.patterns[p.name]
        },
        "comparisons": comparisons,
    }


__all__ = ["ENDS", "GalliardTally", "run_games", "tally_summary"]
