"""Run simulations for any game: check a run's size, play batches (in parallel
processes), merge in order. Each game's package says what a batch plays."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

from kitgen.errors import UsageError
from kitgen.processes import held_signals, stop_pool, worker_init

B = TypeVar("B")
T = TypeVar("T")

MAX_GAMES = 1_000_000
BATCH = 50


def check_players(names: Iterable[str], known: Iterable[str]) -> None:
    """A UsageError for the first name that is not one of the game's players."""
    known = list(known)
    for name in names:
        if name not in known:
            raise UsageError(f"unknown player {name!r}: use {', '.join(known)}")


def check_run(games: int, jobs: int) -> None:
    """A UsageError when the number of games or processes is out of range."""
    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES:,}")
    if not 1 <= jobs <= 64:
        raise UsageError("--jobs must be from 1 to 64")


def in_order(run: Callable[[B], T], batches: list[B], jobs: int) -> Iterator[T]:
    """Each batch's result, in batch order: in this process, or over `jobs` processes.

    The workers die with this process (`kitgen.processes.worker_init`), and when the
    run stops early (Ctrl-C, SIGTERM, an error) they are stopped at once, with the
    batches not yet played."""
    if jobs == 1:
        yield from map(run, batches)
        return
    # A fork where there is one (fast, and the worker's parent is this process).
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context(method),
        initializer=worker_init,
        initargs=(os.getpid(),),
    )
    try:
        with held_signals():  # the workers start here (a fork must not swallow Ctrl-C)
            futures = [pool.submit(run, batch) for batch in batches]
        for future in futures:  # in batch order
            yield future.result()
    except BaseException:  # (GeneratorExit too: the caller stopped early)
        stop_pool(pool)
        raise
    pool.shutdown()
