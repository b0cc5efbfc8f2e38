"""Files that kitgen files name: `uses:`, a kit's `decks:`, `card_files:` and `rules:`,
a record's `decks:`, a card's `art:`. Where they are, and whether kitgen may read them.

A named file is read only when it is inside the folder of the file that names it,
or inside that file's project: the nearest folder, from there upward, that holds a
kitgen.toml (games in folders below it share its files: layouts, rules, icons), else
the nearest that holds a kit file. Symlinks are resolved before the comparison, so a link
cannot lead out. kitgen's own data (`data/`, shipped in the wheel) may always be
named. `--allow-outside` lifts the rule for one run (`allowing_outside`). A file
refused is a `path-outside-project` finding at the entry that names it; it is
never opened, and the message quotes nothing of it.

The files kitgen itself reads (a game's game.yaml, the official cards) are not
named by users and do not come through here.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from kitgen.model.findings import Finding, Location, finding

KIT_MARKERS = ("kitgen.toml",)
YAML_SUFFIXES = (".yaml", ".yml")
# How much of a folder is read to tell whether it holds a kit file: its first
# PROJECT_SCAN_FILES YAML files (by name), each up to PROJECT_SCAN_BYTES.
PROJECT_SCAN_FILES = 200
PROJECT_SCAN_BYTES = 4096
_KIND_KIT = re.compile(rb"^kind:[ \t]*([\"']?)kit\1[ \t]*(?:#.*)?\r?$", re.M)


@dataclass
class _Policy:
    allow_outside: bool = False


_POLICY = _Policy()


def outside_allowed() -> bool:
    """Whether this run reads named files outside their project (`--allow-outside`)."""
    return _POLICY.allow_outside


def named_path(entry: str, naming: str) -> str:
    """Where a file named by `entry` in the file `naming` is (relative to its folder)."""
    return os.path.normpath(os.path.join(os.path.dirname(naming), entry))


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _folder_mark(folder: str) -> int | None:
    try:
        return os.stat(folder).st_mtime_ns
    except OSError:
        return None


# How kitgen opens a file it reads: read-only, without blocking (a pipe swapped in after
# a look cannot hang the open), not inherited, in binary (Windows).
READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def special_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a special file"


def _is_kit(path: str) -> bool:
    """Whether a YAML file says `kind: kit` at its top level (in its first bytes). Only
    a regular file is opened, and without blocking."""
    try:
        fd = os.open(path, READ_FLAGS)
    except (OSError, ValueError):
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        return _KIND_KIT.search(os.read(fd, PROJECT_SCAN_BYTES)) is not None
    except OSError:
        return False
    finally:
        os.close(fd)


@lru_cache(maxsize=512)
def _holds_project(folder: str, mark: int) -> bool:
    """Whether a folder (a real path) holds a kitgen.toml or a kit file. `mark` (the
    folder's modification time) makes a folder that changed be looked at again."""
    del mark  # (part of the cache key only)
    try:
        with os.scandir(folder) as entries:
            names = sorted(e.name for e in entries)
    except OSError:
        return False
    if any(os.path.isfile(os.path.join(folder, m)) for m in KIT_MARKERS if m in names):
        return True
    yamls = [n for n in names if n.endswith(YAML_SUFFIXES)][:PROJECT_SCAN_FILES]
    return any(_is_kit(os.path.join(folder, n)) for n in yamls)


def project_root(folder: str) -> str | None:
    """The project of `folder` (a real path): the nearest folder from there upward that
    holds a kitgen.toml, else the nearest that holds a kit file; None when none does.

    A kitgen.toml makes one project of its folder and every game below it, each game
    folder with a kit of its own: a game's file may name a layout in a shared folder
    beside the game's (`../shared/face.yaml`), never a file above the kitgen.toml."""
    here, nearest = folder, None
    while True:
        if _has_marker(here):
            return here
        if nearest is None:
            mark = _folder_mark(here)
            if mark is not None and _holds_project(here, mark):
                nearest = here
        parent = os.path.dirname(here)
        if parent == here:
            return nearest
        here = parent


def _has_marker(folder: str) -> bool:
    """Whether a folder holds a kitgen.toml (a regular file, or a link to one)."""
    return any(os.path.isfile(os.path.join(folder, m)) for m in KIT_MARKERS)


def _data_root() -> str:
    from kitgen.paths import data_dir

    return os.path.realpath(data_dir())


def outside(entry: str, naming: str, at: Location | None) -> Finding | None:
    """A `path-outside-project` finding when the file `entry` (named in `naming`) is
    outside that file's folder and its project, and the run does not allow it."""
    if outside_allowed():
        return None
    try:
        real = os.path.realpath(named_path(entry, naming))
        folder = os.path.realpath(os.path.dirname(naming) or os.curdir)
    except ValueError:  # a NUL character: no such file, as the caller finds
        return None
    if _within(real, folder) or _within(real, _data_root()):
        return None
    root = project_root(folder)
    if root is not None and _within(real, root):
        return None
    if root is None:
        where = "any project (no folder above it holds a kit file or a kitgen.toml)"
    elif root == folder:
        where = "its project (that same folder)"
    else:
        where = f"its project ({root})"
    return finding(
        "path-outside-project",
        f"{_quoted(entry)} is outside the folder of this file and {where}; kitgen reads "
        "named files only from there (run with --allow-outside to read it anyway)",
        at,
    )


def _quoted(entry: str) -> str:
    return repr(_shortened(entry, 60))


def _shortened(text: str, limit: int = 160) -> str:
    from kitgen.load.validate import shorten

    return shorten(text, limit)


def check_reference(
    entry: str, naming: str, at: Location | None, what: str
) -> tuple[str, Finding | None]:
    """The path of a file named by `entry` in `naming`, and why it cannot be read, if it
    cannot: outside the project (`path-outside-project`), missing (`uses-not-found`),
    a folder, a pipe or a device (`uses-unreadable`). `what` names it ("the deck file").
    Nothing is opened."""
    if "\0" in entry:
        return entry, finding(
            "uses-not-found", f"{what} {_quoted(entry)} holds a NUL character", at
        )
    path = named_path(entry, naming)
    problem = outside(entry, naming, at)
    if problem is not None:
        return path, problem
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return path, finding(
            "uses-not-found",
            f"{what} {_quoted(entry)} does not exist (looked for {_shortened(path)})",
            at,
        )
    if not stat.S_ISREG(mode):
        return path, finding(
            "uses-unreadable", f"{what} {_quoted(entry)} is {special_kind(mode)}, not a file", at
        )
    return path, None


@contextmanager
def allowing_outside(allowed: bool) -> Iterator[None]:
    """Within the block, read named files outside their project or not (`--allow-outside`);
    the setting before it comes back after."""
    before = _POLICY.allow_outside
    _POLICY.allow_outside = allowed
    try:
        yield
    finally:
        _POLICY.allow_outside = before
