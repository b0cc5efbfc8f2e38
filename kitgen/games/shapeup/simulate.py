"""`kitgen simulate shapeup`: rounds (or full games) played in batches."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kitgen.api import UsageError, check_players, check_run, play_in_batches
from kitgen.games.shapeup.play import PLAYERS
from kitgen.games.shapeup.sim import RoundTally, round_summary, run_rounds


def _rounds(
    setup_id: str, players: tuple[str, ...], seed: int, rounds: int, span: tuple[int, int]
) -> RoundTally:
    from kitgen.games.shapeup.load import setups

    return run_rounds(setups()[setup_id], players, seed, range(*span), rounds)


def simulate_shapeup(
    *,
    setup: str,
    games: int,
    players: tuple[str, ...],
    seed: int,
    jobs: int = 1,
    rounds: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` Shape Up! rounds (or full games of `rounds` rounds); the report."""
    from kitgen.games.shapeup.load import setups

    if setup not in setups():
        raise UsageError(f"unknown set-up {setup!r}: use {', '.join(setups())}")
    chosen = setups()[setup]
    check_run(games, jobs)
    if not 1 <= rounds <= 20:
        raise UsageError("--rounds must be from 1 to 20")
    if len(players) == 1:
        players = players * chosen.players
    if len(players) != chosen.players:
        raise UsageError(
            f"set-up {setup} has {chosen.players} players: give --players one name per seat, "
            f"like {','.join(['greedy'] + ['random'] * (chosen.players - 1))}"
        )
    check_players(players, PLAYERS)
    total = RoundTally(chosen.players)
    full = rounds > 1
    play = partial(_rounds, setup, players, seed, rounds)
    counted = (lambda tally: tally.full_games) if full else None
    stopped = play_in_batches(
        play, games, jobs, total, progress, counted, "games" if full else "rounds"
    )
    report = round_summary(total, chosen, players, seed)
    report["interrupted"] = stopped
    return report
