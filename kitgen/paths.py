"""Where kitgen's shipped content (data/ and templates/) lives."""

from __future__ import annotations

from functools import cache
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


def templates_dir() -> Path:
    """The top-level `templates/` folder."""
    return content_root() / "templates"
