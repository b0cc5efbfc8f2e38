"""What the core knows of rule-booklet figures: how a figure's `args:` report problems.

Each game declares its figures (`kitgen.registry.Game.figure_args`: figure name to
its `args:` model) in its own package; a model may say what its arguments' own
rules find wrong through `figure_issues()`, and `kitgen check` reports each issue at
its place in `args:`. This module names no game.

`FIGURES` (game id -> figure name -> model) is the old table, kept for the callers
that still read it; it asks the registry, one game at a time.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from pydantic import BaseModel

ArgsPath = tuple[Hashable, ...]  # where in `args:` an issue lies, like ("cells", 1, 2)
FigureIssue = tuple[ArgsPath, str, str]  # (path in `args:`, finding code, message)


@runtime_checkable
class ChecksItself(Protocol):
    """A figure's `args:` model that knows its own rules (a card must exist, a move be legal)."""

    def figure_issues(self) -> list[FigureIssue]:
        """Everything wrong with the arguments beyond their shape; [] when nothing is."""
        ...


class _Figures(Mapping[str, Mapping[str, "type[BaseModel]"]]):
    """Every loaded game's figures and their `args:` models, read through the registry."""

    def __getitem__(self, game_id: str) -> Mapping[str, type[BaseModel]]:
        from kitgen.registry import find

        game = find(game_id)
        if game is None:
            raise KeyError(game_id)
        return game.figure_models()

    def __iter__(self) -> Iterator[str]:
        from kitgen.registry import loaded_ids

        return iter(loaded_ids())

    def __len__(self) -> int:
        from kitgen.registry import loaded_ids

        return len(loaded_ids())


FIGURES: Mapping[str, Mapping[str, type[BaseModel]]] = _Figures()


def __getattr__(name: str) -> Any:
    """A figure's `args:` model by its class name, for callers that imported it from here
    before the models moved into their games' packages (transitional)."""
    for table in FIGURES.values():
        for model in table.values():
            if model.__name__ == name:
                return model
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
