"""`kitgen simulate galliard`: games played in batches, the players taking turns to start."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kitgen.api import UsageError, check_players, check_run, play_in_batches
from kitgen.games.galliard.play import PLAYERS
from kitgen.games.galliard.sim import GalliardTally
from kitgen.games.galliard.sim import run_games as galliard_games
from kitgen.games.galliard.sim import tally_summary as galliard_summary


def _galliard_games(players: tuple[str, str], seed: int, span: tuple[int, int]) -> GalliardTally:
    start, stop = span
    from kitgen.games.galliard.load import standard_setup

    return galliard_games(standard_setup(), players, seed, start, stop - start)


def simulate_galliard(
    *,
    games: int,
    players: tuple[str, ...],
    seed: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` Galliard games between two players (taking turns to start the first
    round) and report wins, rounds and wagers."""
    check_run(games, jobs)
    if len(players) != 2:
        raise UsageError("Galliard has two players: give --players like greedy,never")
    check_players(players, PLAYERS)
    pair = (players[0], players[1])
    total = GalliardTally()
    play = partial(_galliard_games, pair, seed)
    stopped = play_in_batches(play, games, jobs, total, progress)
    return {
        "game": "galliard",
        "seed": seed,
        **galliard_summary(total, pair),
        "interrupted": stopped,
    }
