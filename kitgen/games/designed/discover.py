"""Finding a designed game from one of its files: the nearest `game.yaml` that declares
the game's id and its card `fields:`, in the file's folder or a folder above it.

A designed game is not installed anywhere: its folder is the game. So when a file
names a game kitgen does not know (`game: dragon-duel`), kitgen looks for that
game's game file beside the file and upwards, as git looks for its repository.
Only the game file's top level is read here (its id, its title, whether it has
`fields:`); it is checked in full when it is read as a file of the game.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import lru_cache

from kitgen.api import tidy_path
from kitgen.games.designed import DesignedGame, designed_game

GAME_FILE = "game.yaml"
MAX_LEVELS = 12  # folders looked in, the file's own included


def find_near(game_id: str, near: str) -> DesignedGame | None:
    """The designed game `game_id` whose game file lies in the folder of `near` (a file
    or a folder) or above it; None when there is none.

    The game's folder is spelt as `near` spells it (`g/kit.yaml` finds `g`, an absolute
    path an absolute folder, `kit.yaml` the current folder), so that every file of the
    game read through it is named as the user names it, and a finding in a file is
    reported once under one spelling (not once more as a resolved absolute path)."""
    for here, spelt in _folders(near):
        path = os.path.join(here, GAME_FILE)
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            info = None
        if info is not None:
            declared = _declared(os.path.realpath(path), info.st_mtime_ns, info.st_size)
            if declared is not None and declared[0] == game_id:
                return designed_game(game_id, declared[1], spelt, declared[2])
    return None


def _folders(near: str) -> Iterator[tuple[str, str]]:
    """The folder of `near` (`near` itself when it is a folder) and those above it, at
    most MAX_LEVELS: each as an absolute path, and as `near` spells it (`tidy_path`:
    relative stays relative)."""
    try:
        here = os.path.abspath(near)
        folder = os.path.isdir(here)
    except (ValueError, OSError):  # a NUL character in the path
        return
    spelt = tidy_path(near)
    if not folder:
        here, spelt = os.path.dirname(here), tidy_path(os.path.dirname(spelt) or os.curdir)
    for _ in range(MAX_LEVELS):
        yield here, spelt
        parent = os.path.dirname(here)
        if parent == here:
            return
        here = parent
        if os.path.basename(spelt) in (os.curdir, os.pardir, ""):
            spelt = tidy_path(os.path.join(spelt, os.pardir))  # (`.` -> `..` -> `../..`)
        else:
            spelt = tidy_path(os.path.dirname(spelt) or os.curdir)


def is_designed_folder(folder: str) -> str | None:
    """The id of the designed game whose game file is in `folder`, or None."""
    path = os.path.join(folder, GAME_FILE)
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    declared = _declared(os.path.realpath(path), info.st_mtime_ns, info.st_size)
    return None if declared is None else declared[0]


@lru_cache(maxsize=256)
def _declared(path: str, mtime_ns: int, size: int) -> tuple[str, str, tuple[int, int]] | None:
    """The id and title a game file declares, and where its `game:` is (line, column),
    when it is a designed game's (it has `kind: game` and `fields:`); None otherwise.
    Cached by the file's modification, so `kitgen watch` sees an edited one. Only the
    top level is read: what it says of one folder's game is never another's."""
    del mtime_ns, size  # (part of the cache key only)
    from kitgen.api import decode_utf8, parse_yaml, read_bytes

    data, problem = read_bytes(path)
    if data is None or problem is not None:
        return None
    text, problem = decode_utf8(data, path)
    if text is None or problem is not None:
        return None
    parsed = parse_yaml(text, path)
    value = parsed.value
    if not isinstance(value, dict) or value.get("kind") != "game" or "fields" not in value:
        return None
    game_id, title = value.get("game"), value.get("title")
    if not isinstance(game_id, str) or not game_id.strip():
        return None
    at = parsed.source.at(("game",))
    where = (1, 1) if at is None else (at.line, at.column)
    return game_id, title if isinstance(title, str) and title.strip() else game_id, where
