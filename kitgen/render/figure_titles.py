"""Whether a rule-booklet figure draws its own title.

Some figures title themselves: a legend under the drawing whose first, bold line
names what the figure shows and gives the verdict the rules give (`stamp 7S on
8D: allowed.`), over the lines that explain it (the reason, the numbered steps).
When the rules give the figure a caption, the caption says what the figure shows,
so the booklet draws the figure untitled (`untitled`; `titled()` is False while
its painter measures and draws it): the bold line keeps only the verdict
(`Allowed.`, `verdict_line`), or goes when there is none, and the lines that
explain stay. The caption is never a second title under the first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

_TITLED: ContextVar[bool] = ContextVar("figure_titled", default=True)

F = TypeVar("F", bound=Callable[..., Any])


def titled() -> bool:
    """Whether the figure being measured or drawn draws its own title."""
    return _TITLED.get()


@contextmanager
def _without_title() -> Iterator[None]:
    token = _TITLED.set(False)
    try:
        yield
    finally:
        _TITLED.reset(token)


def untitled(function: F) -> F:
    """A figure's sizer or painter that measures or draws it without its own title."""

    def call(*args: Any, **kwargs: Any) -> Any:
        with _without_title():
            return function(*args, **kwargs)

    return call  # type: ignore[return-value]


def verdict_line(what: str, allowed: bool) -> str:
    """A figure's bold line for a play: `what: allowed.` (or `not allowed.`), or, under
    a caption (which says what the play is), only `Allowed.` or `Not allowed.`."""
    verdict = "allowed." if allowed else "not allowed."
    return f"{what}: {verdict}" if titled() else verdict.capitalize()
