"""Atomic output: a file, or a whole folder of files, is complete or untouched.

Light on purpose (standard library only), so worker processes and commands that
draw nothing can use it.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager


def write_atomic(path: str, data: bytes) -> None:
    """Write a file so that it is either complete or untouched, never half-written."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=".kitgen-", suffix=".part", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise


STAGE_TAG = "kitgen"  # in every staged folder's name: `.NAME.kitgen-PID-XXXX.part`
_STAGED = re.compile(rf"^\..*\.{STAGE_TAG}-(\d+)-[^.]*\.(?:part|old)$")


def stage_name_pid(name: str) -> int | None:
    """The id of the process that made a staged folder named `name`; None for a name
    that is not one of kitgen's."""
    found = _STAGED.match(name)
    return int(found.group(1)) if found else None


def remove_stale(
    folder: str, pid_of: Callable[[str], int | None], *, all_others: bool = False
) -> None:
    """Remove what a killed kitgen left in `folder`: every folder whose name `pid_of`
    reads a process id from, when that process is gone (with `all_others`, whenever
    it is not this process: the caller holds the lock every writer takes)."""
    from kitgen.processes import pid_alive

    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        pid = pid_of(name)
        if pid is None or pid == os.getpid() or (not all_others and pid_alive(pid)):
            continue
        path = os.path.join(folder, name)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)


@contextmanager
def _locked(folder: str) -> Iterator[bool]:
    """Hold an exclusive lock on `folder` (on the folder itself: no lock file to leave
    behind) while the block runs, and say whether it is held; other kitgen runs wait
    for it. The lock goes when the process does, however it ends. Without flock
    (Windows), or on a folder that cannot be opened, no lock."""
    try:
        import fcntl
    except ImportError:
        yield False
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        yield False
        return
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)  # Ctrl-C still interrupts the wait
        except OSError:  # a file system without locks
            locked = False
        else:
            locked = True
        yield locked
    finally:
        os.close(handle)  # (closing releases the lock)


@contextmanager
def staged_dir(final: str) -> Iterator[str]:
    """A new folder beside `final` to write into; when the block ends without an
    error it takes `final`'s place (an old `final` and everything in it goes), and
    when it fails it is removed and `final` is left as it was.

    So a folder of exported images never mixes two exports: cards dropped from a
    deck do not linger from the last run.

    Writers into one parent folder take turns: each holds a lock on the parent from
    start to end, so concurrent exports into one `--out` are made one after the
    other, never mixed. The staged folder's name holds this process's id
    (`.NAME.kitgen-PID-XXXX.part`): a run that was killed (`kill -9`, a power cut)
    cannot remove its own, so the next run into the same folder removes every one
    whose process is gone.
    """
    parent = os.path.dirname(os.path.abspath(final))
    os.makedirs(parent, exist_ok=True)
    prefix = f".{os.path.basename(final)}.{STAGE_TAG}-{os.getpid()}-"
    with _locked(parent) as locked:
        remove_stale(parent, stage_name_pid, all_others=locked)
        stage = tempfile.mkdtemp(prefix=prefix, suffix=".part", dir=parent)
        try:
            yield stage
            os.chmod(stage, 0o755)
            if os.path.isdir(final):
                old = tempfile.mkdtemp(prefix=prefix, suffix=".old", dir=parent)
                os.replace(final, os.path.join(old, "x"))
                os.replace(stage, final)
                shutil.rmtree(old, ignore_errors=True)
            else:
                if os.path.lexists(final):
                    os.unlink(final)
                os.replace(stage, final)
        except BaseException:
            shutil.rmtree(stage, ignore_errors=True)
            raise
