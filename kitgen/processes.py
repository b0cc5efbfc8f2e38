"""Processes: worker pools whose workers die with kitgen, SIGTERM handled like Ctrl-C,
and telling a live process's leftovers from a dead one's.

- `worker_init` runs first in every worker (`simulate -j`, the rasterizer's pool):
  the worker leaves Ctrl-C to kitgen (which stops the pool), takes SIGTERM's
  default (death), and dies when kitgen does, even by `kill -9`: at once on Linux
  (`prctl(PR_SET_PDEATHSIG)`), and within `ORPHAN_POLL` seconds elsewhere (a thread
  that sees its parent change).
- `stop_pool` ends a pool now: its queued work is dropped and its workers are
  terminated, so an interrupted run leaves no process behind.
- `terminate_as_interrupt` makes SIGTERM raise KeyboardInterrupt in kitgen, so the
  clean-up that runs on Ctrl-C (staged folders, temporary files, pools) runs on
  `kill` too; `interrupted_status` is then 143 (128 + SIGTERM), not 130.
- `pid_alive` tells whether a process whose id is in a leftover's name still runs.

Standard library only, and light (the plain `check` path imports it): worker
processes import it too.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterator
    from concurrent.futures import ProcessPoolExecutor

ORPHAN_POLL = 0.5  # seconds between a worker's looks at its parent (without prctl)
PR_SET_PDEATHSIG = 1  # linux/prctl.h

_terminated: list[int] = []  # the SIGTERMs that arrived (in kitgen's process)


def _on_sigterm(signum: int, frame: object) -> None:
    _terminated.append(signum)
    raise KeyboardInterrupt


def terminate_as_interrupt() -> None:
    """From now on SIGTERM interrupts kitgen as Ctrl-C does (called in the main thread,
    the only one where handlers can be set)."""
    with contextlib.suppress(ValueError):  # not the main thread: leave it as it is
        signal.signal(signal.SIGTERM, _on_sigterm)


def terminated() -> bool:
    """True once SIGTERM interrupted this process."""
    return bool(_terminated)


def interrupted_status() -> int:
    """The exit status of an interrupted run: 143 after SIGTERM, 130 after Ctrl-C."""
    return 128 + signal.SIGTERM if terminated() else 130


def _die_with_parent(parent: int) -> None:
    """Ask Linux to kill this process when its parent dies; elsewhere, or when that
    cannot be done, poll in a daemon thread."""
    import threading
    import time

    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_POLL)
        os._exit(1)

    threading.Thread(target=watch, name="kitgen-orphan-watch", daemon=True).start()
    if os.getppid() != parent:  # it died before prctl took effect
        os._exit(1)


def worker_init(parent: int = 0) -> None:
    """Set up a pool worker: Ctrl-C is kitgen's to handle (it stops the pool), SIGTERM
    kills, and the worker dies with `parent` (the process that started it; 0: this
    process's parent now). Signals held while the pool started (`held_signals`) are
    let through again."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)
    _die_with_parent(parent or os.getppid())


HELD = {signal.SIGINT, signal.SIGTERM}


@contextlib.contextmanager
def held_signals() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back while the block runs (starting a pool's workers),
    and let them through after it.

    A signal that arrives while Python forks is raised inside the fork's own
    handlers, which ignore it ("Exception ignored in ... _releaseLock"): the run
    would go on as if nothing had happened. Held back, it is raised when the block
    ends, where it interrupts the run. Workers start with the signals held (a
    fork keeps the mask) and `worker_init` lets them through.
    """
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """End a pool at once: drop its queued work and terminate its workers."""
    workers: dict[int, Any] = dict(getattr(pool, "_processes", None) or {})
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers.values():
        with contextlib.suppress(OSError, ValueError, AttributeError):
            worker.terminate()
    for worker in workers.values():
        with contextlib.suppress(OSError, ValueError, AttributeError, AssertionError):
            worker.join(5)


def pid_alive(pid: int) -> bool:
    """True when a process with this id runs (as far as this user can tell)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, but is someone else's
        return True
    return True
