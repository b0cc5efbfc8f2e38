"""Staircase balance simulation: many games between built-in players, for one set-up.

The players are rotated round the seats (game i puts player (k + i) mod n in
seat k), so each starts equally often, and every figure is kept per player,
not per seat. The summary answers whether a player who may interfere does
better than one who never does: win shares with their intervals, points, and
how often each action was used. Batches merge in game order, and every count
is a whole number, so the figures do not depend on how a run is split.

Pure Python: no I/O.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import Any

from kitgen.api import comparison, game_seed, mean_95, mean_interval, rounded, wilson
from kitgen.games.staircase.play import (
    Build,
    Choose,
    Interfere,
    Recycle,
    Scrap,
    Setup,
    Staircase,
    interfere_margin,
    play_game,
)

ACTIONS = ("build", "scrap", "recycle", "interfere", "chosen")
_ACTION_OF: dict[type, str] = {
    Build: "build",
    Scrap: "scrap",
    Recycle: "recycle",
    Interfere: "interfere",
    Choose: "chosen",  # counted for the player who made the choice: interfered with
}

KEY = {
    "wins": "games won; a win shared by k players counts 1/k",
    "win_share": "wins / games: the mean of each game's share of the win",
    "win_share_95": "95% interval of win_share (the normal interval of that mean)",
    "win_share_mean_95": "the same as win_share_95 (its old name, kept for one release)",
    "top_share": (
        "share of games whose top total was this player's, alone or shared"
        " (a shared win counts as a whole game here, not as 1/k)"
    ),
    "top_share_95": "95% Wilson interval of top_share",
    "outright_wins": "games won alone",
    "shared_wins": "games whose top total this player shared with others",
    "mean_total": "mean final staircase total (base + bonus)",
    "mean_base": "mean base points (2-10: 10, J Q K: 20, A: 30)",
    "mean_bonus": "mean sequence bonus",
    "mean_sequences": "mean number of sequences (3 or more rising cards) per game",
    "actions_per_game": (
        "mean times per game the player built, scrapped, recycled, interfered, and chose"
        " a card someone else's interfere offered them (chosen)"
    ),
    "turns_per_game": "mean turns per game (every action but a choice is a turn)",
    "tie_share": "share of games in which two or more players tied for first",
    "outright_win_rate": "outright wins / games",
    "totals": "games by the player's final total",
    "bases": "games by the player's base points",
    "bonuses": "games by the player's sequence bonus",
    "game_lengths": "games by their turns",
    "first_player": "the player who took the first turn: its outright wins and their rate",
    "comparisons": (
        "each player's outright win rate and the first player's against a fair share"
        " (the games not tied, shared evenly), and each player's mean total against the"
        " other players' in the same games; significant when the 95% interval leaves out"
        " the value of no difference"
    ),
    "_95": "a figure's 95% interval (Wilson's for a rate, the normal one for a mean)",
    "interfere_chances": (
        "mean times per game the player could have interfered (its turn, the rule on,"
        " two or more cards in hand)"
    ),
    "interfere_margin": (
        "the interferer only: over its chances, the best and the median of how many points"
        " its best interfere beat its best other action by its own measure (negative: fell"
        " short); it interferes only when this is above 0"
    ),
}

WEIGHED = frozenset({"interferer"})  # players whose interfere margins are recorded


def _zeros(n: int) -> list[int]:
    return [0] * n


@dataclass
class StaircaseTally:
    """Counts from a batch of games, per player (their index in the players list);
    add batches with `merge`."""

    players: int = 0  # how many players (and seats) each game had
    games: int = 0
    turns: int = 0
    ties: int = 0  # games with two or more players sharing the best total
    outright: list[int] = field(default_factory=list)  # per player: games won alone
    shared: list[Counter[int]] = field(default_factory=list)  # per player: k -> games shared by k
    total: list[int] = field(default_factory=list)
    base: list[int] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)
    sequences: list[int] = field(default_factory=list)
    actions: list[Counter[str]] = field(default_factory=list)  # per player: action -> times
    chances: list[int] = field(default_factory=list)  # per player: turns it could interfere
    # per player (the interferer): whole points (rounded down) of each chance's margin -> times
    margins: list[Counter[int]] = field(default_factory=list)
    # per player: games by final total, by base points, by bonus, and by its total less
    # the other players' mean total times (players - 1) (a whole number)
    totals: list[Counter[int]] = field(default_factory=list)
    bases: list[Counter[int]] = field(default_factory=list)
    bonuses: list[Counter[int]] = field(default_factory=list)
    leads: list[Counter[int]] = field(default_factory=list)
    runs: list[Counter[int]] = field(default_factory=list)  # per player: games by sequences
    # per player: games by the times it took each action, and by its chances to interfere
    action_counts: list[dict[str, Counter[int]]] = field(default_factory=list)
    chance_counts: list[Counter[int]] = field(default_factory=list)
    lengths: Counter[int] = field(default_factory=Counter)  # games by their turns
    first_wins: int = 0  # games won outright by the player who took the first turn

    def _fit(self, n: int) -> None:
        if self.players == 0:
            self.players = n
            self.outright, self.total = _zeros(n), _zeros(n)
            self.base, self.bonus, self.sequences = _zeros(n), _zeros(n), _zeros(n)
            self.shared = [Counter() for _ in range(n)]
            self.actions = [Counter() for _ in range(n)]
            self.chances = _zeros(n)
            self.margins = [Counter() for _ in range(n)]
            self.totals = [Counter() for _ in range(n)]
            self.bases = [Counter() for _ in range(n)]
            self.bonuses = [Counter() for _ in range(n)]
            self.leads = [Counter() for _ in range(n)]
            self.runs = [Counter() for _ in range(n)]
            self.action_counts = [{a: Counter() for a in ACTIONS} for _ in range(n)]
            self.chance_counts = [Counter() for _ in range(n)]
        elif self.players != n:
            raise ValueError(
                f"cannot add {n}-player games to a tally of {self.players}-player ones"
            )

    def merge(self, other: StaircaseTally) -> None:
        """Add another batch's counts to these (both of the same number of players)."""
        if other.players == 0:
            return
        self._fit(other.players)
        self.games += other.games
        self.turns += other.turns
        self.ties += other.ties
        self.first_wins += other.first_wins
        self.lengths.update(other.lengths)
        for p in range(self.players):
            self.outright[p] += other.outright[p]
            self.shared[p].update(other.shared[p])
            self.total[p] += other.total[p]
            self.base[p] += other.base[p]
            self.bonus[p] += other.bonus[p]
            self.sequences[p] += other.sequences[p]
            self.actions[p].update(other.actions[p])
            self.chances[p] += other.chances[p]
            self.margins[p].update(other.margins[p])
            self.totals[p].update(other.totals[p])
            self.bases[p].update(other.bases[p])
            self.bonuses[p].update(other.bonuses[p])
            self.leads[p].update(other.leads[p])
            self.runs[p].update(other.runs[p])
            self.chance_counts[p].update(other.chance_counts[p])
            for a in ACTIONS:
                self.action_counts[p][a].update(other.action_counts[p][a])


def run_games(
    setup: Setup, players: Sequence[str], seed: int, start: int, count: int
) -> StaircaseTally:
    """Play games start .. start + count - 1 of a run and count what happened.

    Game i uses `game_seed(seed, i)` and puts players[(k + i) % n] in seat k.
    """
    n = setup.players
    if len(players) != n:
        raise ValueError(f"{len(players)} players named for a {n}-player game")
    engine = Staircase(setup)
    tally = StaircaseTally()
    tally._fit(n)
    for index in range(start, start + count):
        seats = [(k + index) % n for k in range(n)]  # seat -> player index
        states, result = play_game(engine, [players[p] for p in seats], seed=game_seed(seed, index))
        tally.games += 1
        tally.ties += len(result.winners) > 1
        turns = tally.turns
        acts = [Counter[str]() for _ in range(n)]
        chances = [0] * n
        for before, after in pairwise(states):
            move = after.last
            assert move is not None
            p = seats[before.mover]
            tally.turns += not isinstance(move, Choose)
            tally.actions[p][_ACTION_OF[type(move)]] += 1
            acts[p][_ACTION_OF[type(move)]] += 1
            if setup.interfere and before.pending is None and len(before.hands[before.mover]) >= 2:
                tally.chances[p] += 1
                chances[p] += 1
                if players[p] in WEIGHED:
                    margin = interfere_margin(engine, before)
                    assert margin is not None
                    tally.margins[p][math.floor(margin)] += 1
        tally.lengths[tally.turns - turns] += 1
        for p in range(n):
            tally.chance_counts[p][chances[p]] += 1
            for a in ACTIONS:
                tally.action_counts[p][a][acts[p][a]] += 1
        everyone = sum(d.total for d in result.detail)
        for seat, p in enumerate(seats):
            detail = result.detail[seat]
            tally.totals[p][detail.total] += 1
            tally.bases[p][detail.base] += 1
            tally.bonuses[p][detail.bonus] += 1
            tally.leads[p][detail.total * (n - 1) - (everyone - detail.total)] += 1
            tally.total[p] += detail.total
            tally.base[p] += detail.base
            tally.bonus[p] += detail.bonus
            tally.sequences[p] += len(detail.runs)
            tally.runs[p][len(detail.runs)] += 1
        for seat in result.winners:
            p = seats[seat]
            if len(result.winners) == 1:
                tally.outright[p] += 1
                tally.first_wins += seat == 0
            else:
                tally.shared[p][len(result.winners)] += 1
    return tally


def _mean(part: int | Fraction, whole: int, digits: int = 2) -> float | None:
    return round(float(part) / whole, digits) if whole else None


def _margins(counts: Counter[int]) -> dict[str, int]:
    """The best and the median (the lower middle one) of margins kept as whole points."""
    ordered = sorted(counts)
    half = (sum(counts.values()) - 1) // 2
    seen = 0
    for value in ordered:
        seen += counts[value]
        if seen > half:
            return {"best": ordered[-1], "median": value}
    raise AssertionError("unreachable: counts is not empty")


def _histogram(counts: Counter[int]) -> dict[str, int]:
    return {str(k): counts[k] for k in sorted(counts)}


def tally_summary(tally: StaircaseTally, players: Sequence[str]) -> dict[str, Any]:
    """The figures of a run as plain data (JSON-ready), per player index, with a key
    saying what each figure means."""
    n = tally.games
    # The games not tied for first, shared evenly: each player's fair share of them.
    fair = round((n - tally.ties) / n / tally.players, 4) if n and tally.players else 0.0
    comparisons = []
    rows = []
    for p, name in enumerate(players):
        if p >= tally.players:
            break
        shared = tally.shared[p]
        wins = tally.outright[p] + sum((Fraction(g, k) for k, g in shared.items()), Fraction(0))
        any_win = tally.outright[p] + sum(shared.values())
        # Each game's share of the win (1 alone, 1/k shared by k, else 0), as a mean.
        shares: dict[float, int] = {1.0: tally.outright[p], 0.0: n - any_win}
        for k, games in shared.items():
            shares[1 / k] = shares.get(1 / k, 0) + games
        share = mean_interval(shares)
        rows.append(
            {
                "player": p,
                "name": name,
                "wins": round(float(wins), 3),
                "win_share": _mean(wins, n, 4),
                "win_share_95": None if share is None else rounded(share[1:]),
                "win_share_mean_95": None if share is None else rounded(share[1:]),
                "top_share": _mean(any_win, n, 4),
                "top_share_95": rounded(wilson(any_win, n)),
                "outright_wins": tally.outright[p],
                "outright_win_rate": _mean(tally.outright[p], n, 4),
                "outright_win_rate_95": rounded(wilson(tally.outright[p], n)),
                "shared_wins": sum(shared.values()),
                "mean_total": _mean(tally.total[p], n),
                "mean_total_95": mean_95(tally.totals[p]),
                "mean_base": _mean(tally.base[p], n),
                "mean_base_95": mean_95(tally.bases[p]),
                "mean_bonus": _mean(tally.bonus[p], n),
                "mean_bonus_95": mean_95(tally.bonuses[p]),
                "totals": _histogram(tally.totals[p]),
                "bases": _histogram(tally.bases[p]),
                "bonuses": _histogram(tally.bonuses[p]),
                "mean_sequences": _mean(tally.sequences[p], n, 3),
                "mean_sequences_95": mean_95(tally.runs[p]),
                "actions_per_game": {a: _mean(tally.actions[p][a], n, 3) for a in ACTIONS},
                "actions_per_game_95": {a: mean_95(tally.action_counts[p][a]) for a in ACTIONS},
                "interfere_chances": _mean(tally.chances[p], n),
                "interfere_chances_95": mean_95(tally.chance_counts[p]),
            }
        )
        if name in WEIGHED and tally.margins[p]:
            rows[-1]["interfere_margin"] = _margins(tally.margins[p])
        if n:
            who = f"{p + 1}. {name}"
            comparisons.append(
                comparison(
                    f"{who}'s outright win rate against a fair share",
                    tally.outright[p] / n,
                    *wilson(tally.outright[p], n),
                    fair,
                )
            )
            lead = mean_interval({k / (tally.players - 1): v for k, v in tally.leads[p].items()})
            if lead is not None:
                comparisons.append(
                    comparison(f"{who}'s total less the others' mean", *lead, unit="points")
                )
    if n:
        comparisons.append(
            comparison(
                "the first player's outright win rate against a fair share",
                tally.first_wins / n,
                *wilson(tally.first_wins, n),
                fair,
            )
        )
    return {
        "games": n,
        "players": rows,
        "turns_per_game": _mean(tally.turns, n),
        "turns_per_game_95": mean_95(tally.lengths),
        "game_lengths": _histogram(tally.lengths),
        "tie_share": _mean(tally.ties, n, 4),
        "tie_share_95": rounded(wilson(tally.ties, n)),
        "fair_share": fair,
        "first_player": {
            "outright_wins": tally.first_wins,
            "outright_win_rate": _mean(tally.first_wins, n, 4),
            "outright_win_rate_95": rounded(wilson(tally.first_wins, n)),
        },
        "comparisons": comparisons,
        "key": KEY,
    }


__all__ = ["ACTIONS", "KEY", "StaircaseTally", "run_games", "tally_summary"]
