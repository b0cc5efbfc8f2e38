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
from kitgen.rules.simulate import game_seed, wilson

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
    "win_share": "wins / games",
    "win_share_95": (
        "95% Wilson interval of the share of games won outright or shared"
        " (a shared win counts as a success here, not as 1/k)"
    ),
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

    def _fit(self, n: int) -> None:
        if self.players == 0:
            self.players = n
            self.outright, self.total = _zeros(n), _zeros(n)
            self.base, self.bonus, self.sequences = _zeros(n), _zeros(n), _zeros(n)
            self.shared = [Counter() for _ in range(n)]
            self.actions = [Counter() for _ in range(n)]
            self.chances = _zeros(n)
            self.margins = [Counter() for _ in range(n)]
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
        for before, after in pairwise(states):
            move = after.last
            assert move is not None
            p = seats[before.mover]
            tally.turns += not isinstance(move, Choose)
            tally.actions[p][_ACTION_OF[type(move)]] += 1
            if setup.interfere and before.pending is None and len(before.hands[before.mover]) >= 2:
                tally.chances[p] += 1
                if players[p] in WEIGHED:
                    margin = interfere_margin(engine, before)
                    assert margin is not None
                    tally.margins[p][math.floor(margin)] += 1
        for seat, p in enumerate(seats):
            detail = result.detail[seat]
            tally.total[p] += detail.total
            tally.base[p] += detail.base
            tally.bonus[p] += detail.bonus
            tally.sequences[p] += len(detail.runs)
        for seat in result.winners:
            p = seats[seat]
            if len(result.winners) == 1:
                tally.outright[p] += 1
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


def tally_summary(tally: StaircaseTally, players: Sequence[str]) -> dict[str, Any]:
    """The figures of a run as plain data (JSON-ready), per player index, with a key
    saying what each figure means."""
    n = tally.games
    rows = []
    for p, name in enumerate(players):
        if p >= tally.players:
            break
        shared = tally.shared[p]
        wins = tally.outright[p] + sum((Fraction(g, k) for k, g in shared.items()), Fraction(0))
        any_win = tally.outright[p] + sum(shared.values())
        low, high = wilson(any_win, n)
        rows.append(
            {
                "player": p,
                "name": name,
                "wins": round(float(wins), 3),
                "win_share": _mean(wins, n, 4),
                "win_share_95": [round(low, 4), round(high, 4)],
                "outright_wins": tally.outright[p],
                "shared_wins": sum(shared.values()),
                "mean_total": _mean(tally.total[p], n),
                "mean_base": _mean(tally.base[p], n),
                "mean_bonus": _mean(tally.bonus[p], n),
                "mean_sequences": _mean(tally.sequences[p], n, 3),
                "actions_per_game": {a: _mean(tally.actions[p][a], n, 3) for a in ACTIONS},
                "interfere_chances": _mean(tally.chances[p], n),
            }
        )
        if name in WEIGHED and tally.margins[p]:
            rows[-1]["interfere_margin"] = _margins(tally.margins[p])
    return {
        "games": n,
        "players": rows,
        "turns_per_game": _mean(tally.turns, n),
        "tie_share": _mean(tally.ties, n, 4),
        "key": KEY,
    }


__all__ = ["ACTIONS", "KEY", "StaircaseTally", "run_games", "tally_summary"]
