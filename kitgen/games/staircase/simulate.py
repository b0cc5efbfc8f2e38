"""`kitgen simulate staircase`: games played in batches, seats rotating."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kitgen.api import UsageError, check_players, check_run, play_in_batches
from kitgen.games.staircase.play import PLAYERS
from kitgen.games.staircase.sim import StaircaseTally
from kitgen.games.staircase.sim import run_games as staircase_games
from kitgen.games.staircase.sim import tally_summary as staircase_summary


def _staircase_games(
    players: tuple[str, ...], interfere: bool, seed: int, span: tuple[int, int]
) -> StaircaseTally:
    start, stop = span
    from kitgen.games.staircase.load import standard_setup

    setup = standard_setup(len(players), interfere=interfere)
    return staircase_games(setup, players, seed, start, stop - start)


def simulate_staircase(
    *,
    games: int,
    players: tuple[str, ...],
    interfere: bool,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` Staircase games between the players named (2 to 5, one per seat;
    seats rotate every game) and report how each player fares."""
    check_run(games, jobs)
    from kitgen.games.staircase.load import player_range

    low, high = player_range()
    if not low <= len(players) <= high:
        raise UsageError(
            f"the Staircase game has {low} to {high} players: name one per seat, like"
            " greedy,greedy,random"
        )
    check_players(players, PLAYERS)
    total = StaircaseTally()
    play = partial(_staircase_games, players, interfere, seed)
    stopped = play_in_batches(play, games, jobs, total, progress)
    return {
        "game": "staircase",
        "interfere": interfere,
        "seed": seed,
        **staircase_summary(total, players),
        "interrupted": stopped,
    }
