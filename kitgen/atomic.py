"""Atomic output: a file, or a whole folder of files, is complete or untouched.

`write_atomic` writes where the user pointed, never over it: a symlink is written
through (its target is replaced, the link stays), a FIFO or a device is opened and
written into (`-o /dev/null` leaves the device node alone), `/dev/stdout` and the
like write to the open stream, and a folder where a file belongs is an error.

Light on purpose (standard library only), so worker processes and commands that
draw nothing can use it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from kitgen.processes import held_signals

NEW_FILE_MODE = 0o644  # a file kitgen makes; one it replaces keeps its own mode
MAX_LINKS = 40  # symlinks followed to the file, as Linux's own limit (ELOOP beyond)

# A path that names an open file descriptor of this process: /dev/stdout, /dev/fd/3,
# /proc/self/fd/1. Opening one anew would not be the stream the shell set up (a file
# opened with `>` would be written from its start over what was printed before).
_STREAMS = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}
_FD_PATH = re.compile(
    r"/(?:dev/fd|proc/(?:self|thread-self|(?P<pid>\d+))(?:/task/\d+)?/fd)/(?P<fd>\d+)"
)


class OutsideError(PermissionError):
    """A path to write under an output folder (`--out`) that leads outside it."""


def check_inside(out: str, path: str) -> str:
    """`path`, a file or folder to write under the output folder `out` (`--out`), when it
    stays inside `out`; an OutsideError saying how it leaves otherwise. Every path a
    build or an export writes comes through here, when it is planned and again when it
    is written, whatever made its name (a game's id, a deck's name).

    `out` itself may be a symlink (or lie below one): it is where the user pointed, and
    its target is the output folder. Below it, the path must stay inside that target
    when spelt (no absolute part, no `..` that climbs out, no NUL) and when its symlinks
    are followed: a symlink inside `out` (a file's, or a folder's on the way) may lead
    elsewhere inside it, never out of it, so no file outside `out` is written or
    replaced, and no folder outside it is replaced by an export."""
    if "\0" in path or "\0" in out:
        raise OutsideError(errno.EPERM, "the name holds a NUL character", path)
    base = os.path.abspath(out)
    spelt = os.path.abspath(path)
    if not _strictly_inside(spelt, base):
        raise OutsideError(errno.EPERM, f"it is outside the output folder {out} (--out)", path)
    real_base = os.path.realpath(base)
    if not _strictly_inside(os.path.realpath(spelt), real_base):
        link = _first_link_out(base, spelt, real_base)
        how = "" if link is None else f" through the symlink {link} -> {os.readlink(link)}"
        raise OutsideError(
            errno.EPERM,
            f"it leads outside the output folder {out} (--out){how}; kitgen writes only inside it",
            path,
        )
    return path


def _strictly_inside(path: str, folder: str) -> bool:
    """Whether `path` lies below `folder` (both absolute and normalised)."""
    path, folder = os.path.normcase(path), os.path.normcase(folder)
    return path != folder and path.startswith(folder.rstrip(os.sep) + os.sep)


def _first_link_out(base: str, path: str, real_base: str) -> str | None:
    """The first symlink between `base` and `path` whose target leaves `real_base`."""
    here = base
    for part in os.path.relpath(path, base).split(os.sep):
        here = os.path.join(here, part)
        if os.path.islink(here) and not _strictly_inside(os.path.realpath(here), real_base):
            return here
    return None


def write_atomic(path: str, data: bytes, *, within: str | None = None) -> None:
    """Write a file so that it is either complete or untouched, never half-written.

    A symlink is followed to its target (a dangling one makes it), which is replaced
    in one step keeping its permissions; a FIFO, a device or a stream (`/dev/stdout`)
    is written into as it is; a folder is IsADirectoryError. With `within` (an output
    folder, `--out`), a path that leads outside it is an OutsideError (`check_inside`)
    and nothing is written. Any OSError is the caller's to report.
    """
    if within is not None:
        check_inside(within, path)
    if not path or path.endswith(("/", os.sep)):
        raise IsADirectoryError(errno.EISDIR, "a file name is needed, not a folder", path)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    target, stream = _follow(path)
    if stream is not None:
        _write_stream(stream, data)
        return
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if mode is not None and not stat.S_ISREG(mode):
        _write_into(target, data)
        return
    _replace(target, data, None if mode is None else mode & 0o777)


def is_stdout(path: str) -> bool:
    """Whether writing to `path` writes to this process's standard output (`/dev/stdout`),
    where nothing else should be printed after it."""
    try:
        return _follow(path)[1] == 1
    except OSError:
        return False


def folder_target(final: str) -> str:
    """The folder to replace for `final`, a folder of outputs: a symlink's target (the
    link stays a link); NotADirectoryError if a file, a FIFO or a device is there."""
    target, stream = _follow(final)
    if stream is not None or (os.path.lexists(target) and not os.path.isdir(target)):
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), final)
    return target


def _follow(path: str) -> tuple[str, int | None]:
    """The file a path leads to once its symlinks are followed, and the file descriptor
    it names if it is one of this process's streams."""
    here = os.path.abspath(path)
    for _ in range(MAX_LINKS + 1):
        here = os.path.join(os.path.realpath(os.path.dirname(here)), os.path.basename(here))
        if here in _STREAMS:
            return here, _STREAMS[here]
        named = _FD_PATH.fullmatch(here)
        if named and named["pid"] in (None, str(os.getpid())):
            return here, int(named["fd"])
        if not os.path.islink(here):
            return here, None
        here = os.path.join(os.path.dirname(here), os.readlink(here))
    raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), path)


def _write_stream(fd: int, data: bytes) -> None:
    """Write to an open file descriptor: stdout and stderr through Python's streams (so
    what was printed before stays before), any other as it is."""
    stream = {1: sys.stdout, 2: sys.stderr}.get(fd)
    buffer = getattr(stream, "buffer", None)
    if stream is not None and buffer is not None:
        stream.flush()
        buffer.write(data)
        buffer.flush()
        return
    _write_all(fd, data)


def _write_into(path: str, data: bytes) -> None:
    """Open a FIFO or a device and write into it (a FIFO waits for its reader)."""
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        _write_all(fd, data)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _replace(path: str, data: bytes, mode: int | None) -> None:
    """Replace (or make) a regular file in one step; one that existed keeps its mode (its
    permission bits: never set-user-ID on new contents) and, where it may, its owner."""
    folder, name = os.path.split(path)
    # Named like a staged folder (`.NAME.kitgen-PID-XXXX.part`), so that what a killed
    # run left beside its output is removed by the next run that writes there.
    remove_stale(folder, stage_name_pid)
    prefix = f".{name}.{STAGE_TAG}-{os.getpid()}-"
    temp = None
    try:
        with held_signals():  # (a Ctrl-C as it is made is raised once `temp` is set)
            handle, temp = tempfile.mkstemp(prefix=prefix, suffix=".part", dir=folder)
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if mode is not None:
            _same_owner(temp, path)
        os.chmod(temp, NEW_FILE_MODE if mode is None else mode)
        os.replace(temp, path)
    except BaseException:
        with held_signals():
            if temp is not None and os.path.exists(temp):
                os.unlink(temp)
        raise


def _same_owner(temp: str, path: str) -> None:
    """Give the new file the old one's owner and group, as far as this user may (root
    replacing a user's file would otherwise leave it root's)."""
    chown = getattr(os, "chown", None)
    if chown is None:  # Windows
        return
    try:
        old, new = os.stat(path), os.stat(temp)
        if (old.st_uid, old.st_gid) != (new.st_uid, new.st_gid):
            chown(temp, old.st_uid, old.st_gid)
    except OSError:
        pass  # not ours to give: the file is ours now, as any editor would leave it


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
    """Remove what a killed kitgen left in `folder`: every folder (a staged export) or
    file (a file's temporary copy) whose name `pid_of` reads a process id from, when
    that process is gone. With `all_others` the caller holds the lock every writer of
    a staged folder takes, so another process's staged folder goes even while it runs;
    a file's temporary copy is written without that lock, and goes only when its
    process is gone."""
    from kitgen.processes import pid_alive

    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        pid = pid_of(name)
        if pid is None or pid == os.getpid():
            continue
        path = os.path.join(folder, name)
        staged = os.path.isdir(path) and not os.path.islink(path)
        if not (staged and all_others) and pid_alive(pid):
            continue
        if staged:
            shutil.rmtree(path, ignore_errors=True)
        elif os.path.isfile(path) and not os.path.islink(path):  # a file's temporary copy
            with contextlib.suppress(OSError):
                os.unlink(path)


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


def folder_inside(out: str, final: str) -> str:
    """The folder to replace for `final`, a folder of outputs under the output folder
    `out` (`folder_target`), when `final`, its symlinks followed, stays inside `out`
    (`check_inside`)."""
    check_inside(out, final)
    return folder_target(final)


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
        # Ctrl-C and SIGTERM wait while the staged folder is made, put in place or
        # removed (they interrupt the run as soon as that is done): arriving in the
        # middle, they would leave it behind, or `final` gone.
        stage = None
        try:
            with held_signals():  # (what arrived meanwhile is raised as it ends)
                stage = tempfile.mkdtemp(prefix=prefix, suffix=".part", dir=parent)
            yield stage
            with held_signals():
                _put_in_place(stage, final, prefix, parent)
        except BaseException:
            if stage is not None:
                with held_signals():
                    shutil.rmtree(stage, ignore_errors=True)
            raise


def _put_in_place(stage: str, final: str, prefix: str, parent: str) -> None:
    """Move a staged folder to `final`, in place of what was there."""
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
