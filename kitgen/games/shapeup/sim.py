"""Shape Up! balance simulation: many rounds (or full games) between built-in players.

Player k keeps seat k for the whole run; the first player rotates, so game i is
started by player i mod n (in a full game the first turn then passes on each
round). Batches merge in game order, so the numbers do not depend on how a run
is split over processes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from kitgen.api import comparison, game_seed, mean_95, mean_interval, rounded, wilson
from kitgen.games.shapeup.play import Result, ShapeUp, play_game
from kitgen.games.shapeup.rules import ATTRIBUTES, Setup


@dataclass
class RoundTally:
    """Counts from a batch of rounds; add batches together with `merge`."""

    players: int
    games: int = 0
    wins: list[int] = field(default_factory=list)  # by player
    points: list[int] = field(default_factory=list)
    ties: int = 0
    first_wins: int = 0
    first_points: int = 0
    margins: int = 0  # the winner's lead over the next best, summed over won rounds
    full_games: int = 0  # with rounds > 1: whole games, won by each player, or tied
    full_wins: list[int] = field(default_factory=list)
    full_ties: int = 0
    # Rounds by each seat's points; by the first player's edge, its points times
    # (players - 1) less the others' (a whole number); by the winner's lead.
    scores: list[Counter[int]] = field(default_factory=list)
    edges: Counter[int] = field(default_factory=Counter)
    leads: Counter[int] = field(default_factory=Counter)
    # Rounds by the first player's points, and by the others' total points.
    first_scores: Counter[int] = field(default_factory=Counter)
    others_scores: Counter[int] = field(default_factory=Counter)
    # Per seat, per attribute (colour, fill, shape): rounds by the points from its runs.
    parts: list[tuple[Counter[int], Counter[int], Counter[int]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.players
        self.points = self.points or [0] * self.players
        self.full_wins = self.full_wins or [0] * self.players
        self.scores = self.scores or [Counter() for _ in range(self.players)]
        self.parts = self.parts or [(Counter(), Counter(), Counter()) for _ in range(self.players)]

    def merge(self, other: RoundTally) -> None:
        """Add another batch's counts to these."""
        self.games += other.games
        for i in range(self.players):
            self.wins[i] += other.wins[i]
            self.points[i] += other.points[i]
        self.ties += other.ties
        self.first_wins += other.first_wins
        self.first_points += other.first_points
        self.margins += other.margins
        self.full_games += other.full_games
        self.full_ties += other.full_ties
        for i in range(self.players):
            self.full_wins[i] += other.full_wins[i]
            self.scores[i].update(other.scores[i])
            for mine, theirs in zip(self.parts[i], other.parts[i], strict=True):
                mine.update(theirs)
        self.edges.update(other.edges)
        self.leads.update(other.leads)
        self.first_scores.update(other.first_scores)
        self.others_scores.update(other.others_scores)


def run_rounds(
    setup: Setup, players: tuple[str, ...], seed: int, indices: range, rounds: int = 1
) -> RoundTally:
    """Play games `indices` of a run: single rounds, or full games of `rounds` rounds."""
    engine = ShapeUp(setup)
    n = setup.players
    tally = RoundTally(n)
    for index in indices:
        first = index % n
        game = play_game(engine, players, seed=game_seed(seed, index), rounds=rounds, first=first)
        for starter, result in game.rounds:
            _count_round(tally, starter, result)
        if rounds > 1:
            tally.full_games += 1
            if game.winner is None:
                tally.full_ties += 1
            else:
                tally.full_wins[game.winner] += 1
    return tally


def _count_round(tally: RoundTally, first: int, result: Result) -> None:
    tally.games += 1
    for i, points in enumerate(result.scores):
        tally.points[i] += points
        tally.scores[i][points] += 1
    for i, parts in enumerate(result.by_attribute):
        for counts, points in zip(tally.parts[i], parts, strict=True):
            counts[points] += 1
    tally.first_points += result.scores[first]
    edge = result.scores[first] * (tally.players - 1) - (sum(result.scores) - result.scores[first])
    tally.edges[edge] += 1
    tally.first_scores[result.scores[first]] += 1
    tally.others_scores[sum(result.scores) - result.scores[first]] += 1
    if result.winner is None:
        tally.ties += 1
        return
    tally.wins[result.winner] += 1
    tally.first_wins += result.winner == first
    ranked = sorted(result.scores, reverse=True)
    tally.margins += ranked[0] - ranked[1]
    tally.leads[ranked[0] - ranked[1]] += 1


def round_summary(
    tally: RoundTally, setup: Setup, players: tuple[str, ...], seed: int
) -> dict[str, Any]:
    """The report of a run, as plain data (the JSON output).

    Every rate and mean carries its 95% interval (`..._95`); `comparisons` judges
    each seat's win rate and the first player's against a fair share, and the first
    player's points against the others'.
    """
    n = tally.games
    k = setup.players
    won = n - tally.ties
    low, high = wilson(tally.first_wins, n)
    others = sum(tally.points) - tally.first_points
    fair = won / n / k if n else None
    comparisons = []
    if n and fair is not None:
        for i, name in enumerate(players):
            comparisons.append(
                comparison(
                    f"seat {i + 1} ({name})'s win rate against a fair share",
                    tally.wins[i] / n,
                    *wilson(tally.wins[i], n),
                    round(fair, 4),
                )
            )
        comparisons.append(
            comparison(
                "the first player's win rate against a fair share",
                tally.first_wins / n,
                low,
                high,
                round(fair, 4),
            )
        )
    # The first player's points less the others' mean, round by round.
    edge = mean_interval({e / (k - 1): c for e, c in tally.edges.items()})
    if edge is not None:
        comparisons.append(
            comparison("the first player's points over the others'", *edge, unit="points")
        )
    return {
        "game": "shapeup",
        "setup": setup.id,
        "games": n,
        "seed": seed,
        "players": [
            {
                "seat": i + 1,
                "player": name,
                "wins": tally.wins[i],
                "win_rate": round(tally.wins[i] / n, 4) if n else None,
                "win_rate_95": [round(x, 4) for x in wilson(tally.wins[i], n)],
                "points_per_game": round(tally.points[i] / n, 3) if n else None,
                "points_per_game_95": mean_95(tally.scores[i]),
                "points": {str(p): c for p, c in sorted(tally.scores[i].items())},
                "points_by_attribute": {
                    a: round(sum(p * c for p, c in counts.items()) / n, 3) if n else None
                    for a, counts in zip(ATTRIBUTES, tally.parts[i], strict=True)
                },
                "points_by_attribute_95": {
                    a: mean_95(counts) for a, counts in zip(ATTRIBUTES, tally.parts[i], strict=True)
                },
            }
            for i, name in enumerate(players)
        ],
        "ties": tally.ties,
        "ties_95": rounded(wilson(tally.ties, n)),
        "first_player": {
            "win_rate": round(tally.first_wins / n, 4) if n else None,
            "win_rate_95": [round(low, 4), round(high, 4)],
            # Rounds not tied, shared out evenly among the players.
            "fair_share": round(fair, 4) if fair is not None else None,
            "points_per_game": round(tally.first_points / n, 3) if n else None,
            "points_per_game_95": mean_95(tally.first_scores),
            "others_points_per_game": (round(others / (n * (setup.players - 1)), 3) if n else None),
            # (the others' mean points a round: their total over players - 1)
            "others_points_per_game_95": mean_95(
                {t / (k - 1): c for t, c in tally.others_scores.items()}
            ),
            "points_edge": None if edge is None else round(edge[0], 3),
            "points_edge_95": None if edge is None else rounded(edge[1:], 3),
        },
        "winning_margin": round(tally.margins / won, 2) if won else None,
        "winning_margin_95": mean_95(tally.leads),
        "full_games": _full_games(tally, players),
        "comparisons": comparisons,
    }


def _full_games(tally: RoundTally, players: tuple[str, ...]) -> dict[str, Any] | None:
    """Whole games of several rounds, when the run played them."""
    m = tally.full_games
    if not m:
        return None
    return {
        "played": m,
        "rounds_per_game": round(tally.games / m, 2),
        "ties": tally.full_ties,
        "ties_95": rounded(wilson(tally.full_ties, m)),
        "wins": list(tally.full_wins),
        "win_rate": [round(w / m, 4) for w in tally.full_wins],
        "win_rate_95": [[round(x, 4) for x in wilson(w, m)] for w in tally.full_wins],
    }
