"""Run simulations for any game: check a run's size, play batches (in parallel
processes), merge in order. Each game's package says what a batch plays."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from kitgen.errors import UsageError
from kitgen.processes import held_signals, stop_pool, worker_init

B = TypeVar("B")
T = TypeVar("T")


class Tally(Protocol):
    """A batch's counts, merged into the run's: the games it played and how."""

    games: int

    def merge(self, other: Any) -> None: ...


A = TypeVar("A", bound=Tally)

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


class Stop:
    """Whether Ctrl-C asked a run to stop (`stoppable`)."""

    def __init__(self) -> None:
        self.requested = False


@contextmanager
def stoppable() -> Iterator[Stop]:
    """Ctrl-C during the block asks the run to stop once the batch in hand is done, so
    that it can report the games it finished; a second Ctrl-C acts as before (it stops
    at once). SIGTERM is left alone, and so is a Ctrl-C that was being ignored, or a
    run outside the main thread (where no handler can be set)."""
    stop = Stop()
    before = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or before in (
        signal.SIG_IGN,
        None,
    ):
        yield stop
        return

    def ask(signum: int, frame: Any) -> None:
        stop.requested = True
        signal.signal(signal.SIGINT, before)

    signal.signal(signal.SIGINT, ask)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, before)


def play_batches(
    run: Callable[[B], T],
    batches: list[B],
    jobs: int,
    add: Callable[[B, T], int],
    planned: int,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Play `batches` in order (in this process or over `jobs` processes), handing each
    batch and its result to `add`, which counts it in and says how many games (or
    matches, or rounds) it played; `progress` hears the count against `planned`. Ctrl-C
    stops the run once the batch in hand is done (`stoppable`). The games counted."""
    done = 0
    with stoppable() as stop:
        for batch, result in zip(batches, in_order(run, batches, jobs), strict=False):
            done += add(batch, result)
            if progress:
                progress(done, planned)
            if stop.requested:
                break
    return done


def batch_spans(games: int) -> list[tuple[int, int]]:
    """A run's games in batches of BATCH: each batch's first game and the one after
    its last (the games' indexes seed them: `game_seed(seed, index)`)."""
    return [(start, min(start + BATCH, games)) for start in range(0, games, BATCH)]


def merge_batches(
    run: Callable[[B], A],
    batches: list[B],
    jobs: int,
    total: A,
    planned: int,
    progress: Callable[[int, int], None] | None = None,
    counted: Callable[[A], int] | None = None,
) -> int:
    """Play `batches` (`play_batches`), merging each batch's tally into `total`; what
    the progress counts is each tally's games, or what `counted` says (its matches,
    say). The games (or matches) counted."""

    def add(_: B, tally: A) -> int:
        total.merge(tally)
        return tally.games if counted is None else counted(tally)

    return play_batches(run, batches, jobs, add, planned, progress)


def play_in_batches(
    play: Callable[[tuple[int, int]], A],
    games: int,
    jobs: int,
    total: A,
    progress: Callable[[int, int], None] | None = None,
    counted: Callable[[A], int] | None = None,
    unit: str = "games",
) -> dict[str, Any] | None:
    """Play a run of `games` in batches (`batch_spans`; over `jobs` processes, `play`
    then a picklable function, like a `functools.partial` of a module's function),
    each batch's tally merged into `total` (`merge_batches`); the report's
    `interrupted` note (None when every game was played)."""
    done = merge_batches(play, batch_spans(games), jobs, total, games, progress, counted)
    return interrupted(done, games, unit)


def interrupted(done: int, planned: int, unit: str = "games") -> dict[str, Any] | None:
    """A report's note of a run Ctrl-C stopped early: what it finished of what was
    planned (None when the run finished)."""
    if done >= planned:
        return None
    return {"finished": done, "planned": planned, "unit": unit}
