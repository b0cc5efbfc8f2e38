"""What the core knows of rule-booklet figures: how a figure's `args:` report problems.

Each game declares its figures (`kitgen.registry.Game.figure_args`: figure name to
its `args:` model) in its own package; a model may say what its arguments' own
rules find wrong through `figure_issues()`, and `kitgen check` reports each issue at
its place in `args:`. This module names no game.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    pass

ArgsPath = tuple[Hashable, ...]  # where in `args:` an issue lies, like ("cells", 1, 2)
FigureIssue = tuple[ArgsPath, str, str]  # (path in `args:`, finding code, message)


@runtime_checkable
class ChecksItself(Protocol):
    """A figure's `args:` model that knows its own rules (a card must exist, a move be legal)."""

    def figure_issues(self) -> list[FigureIssue]:
        """Everything wrong with the arguments beyond their shape; [] when nothing is."""
        ...
