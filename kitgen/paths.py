"""Where kitgen's shipped content (data/ and templates/) lives."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def content_root() -> Path:
    """The folder holding `data/` and `templates/`: inside the wheel, or the source tree."""
    bundled = _PACKAGE / "_bundled"
    if (bundled / "data").is_dir():
        return bundled
    return _PACKAGE.parent


def data_dir() -> Path:
    """The top-level `data/` folder with every game's content."""
    return content_root() / "data"


def game_dir(game: str) -> Path:
    """The content folder of one game, `data/<game>/`."""
    return data_dir() / game


@lru_cache(maxsize=4096)  # (pure; every file of a folder checked spells its folders again)
def tidy_path(path: str) -> str:
    """A path spelt as given, tidied: relative stays relative, absolute stays absolute;
    `.` parts, doubled separators and a final separator go (`./g//kit.yaml` ->
    `g/kit.yaml`, as a file named in a file is spelt), and `..` stays (a symlink before
    it would take it elsewhere). So one file has one spelling in what kitgen reports."""
    return str(Path(path)) if path else path


def templates_dir() -> Path:
    """The top-level `templates/` folder."""
    return content_root() / "templates"


def walk(
    top: str, keep: Callable[[str], bool] = lambda path: True
) -> Iterator[tuple[str, list[str], OSError | None]]:
    """Each folder under `top` (and `top`), top down: its path, the names of the files
    in it, sorted, and the error that stopped it being listed (None when it was). A
    folder below is entered when `keep(path)` says so. The walk keeps its own stack
    (`os.walk` recurses, and a tree 1,100 folders deep overflows Python's stack) and
    never enters a symlinked folder, so a link cannot lead it round in a loop; such a
    link is not a file either."""
    stack = [top]
    while stack:
        here = stack.pop()
        folders: list[str] = []
        files: list[str] = []
        try:
            with os.scandir(here) as entries:
                for entry in entries:
                    try:
                        if not entry.is_dir():
                            files.append(entry.name)
                        elif not entry.is_symlink():
                            folders.append(entry.name)
                    except OSError:  # gone since the listing
                        continue
        except OSError as err:
            yield here, [], err
            continue
        yield here, sorted(files), None
        below = [os.path.join(here, name) for name in sorted(folders, reverse=True)]
        stack += [path for path in below if keep(path)]
