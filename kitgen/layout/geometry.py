"""Plain geometry shared by layout and render. All lengths are PDF points (1/72 in).

Coordinates follow PDF: the origin is the bottom-left corner of the page and y
grows upwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Side = Literal["front", "back"]
Duplex = Literal["long", "short", "fold", "none"]
Orientation = Literal["portrait", "landscape"]


class LayoutError(ValueError):
    """A layout that cannot be made (a card larger than the paper, say)."""


@dataclass(frozen=True)
class Size:
    """A width and a height in points."""

    width: float
    height: float

    @property
    def orientation(self) -> Orientation:
        """Portrait when taller than wide (a square counts as portrait)."""
        return "landscape" if self.width > self.height else "portrait"

    def rotated(self) -> Size:
        """The same size turned a quarter turn."""
        return Size(self.height, self.width)


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle: lower-left corner, width and height, in points."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.width

    @property
    def top(self) -> float:
        """The y of the top edge."""
        return self.y + self.height

    def inset(self, d: float) -> Box:
        """A box shrunk by d on every side (grown when d is negative)."""
        return Box(self.x + d, self.y + d, self.width - 2 * d, self.height - 2 * d)

    def contains(self, x: float, y: float, eps: float = 1e-6) -> bool:
        """True when the point lies inside or on the edge."""
        return self.x - eps <= x <= self.right + eps and self.y - eps <= y <= self.top + eps

    def within(self, outer: Box, pad: float = 0.0, eps: float = 1e-6) -> bool:
        """True when this box lies inside `outer` shrunk by `pad` (edges may touch)."""
        return (
            self.x >= outer.x + pad - eps
            and self.y >= outer.y + pad - eps
            and self.right <= outer.right - pad + eps
            and self.top <= outer.top - pad + eps
        )


@dataclass(frozen=True)
class Segment:
    """A straight line from (x0, y0) to (x1, y1)."""

    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class Slot:
    """One card position on a sheet: its row and column (from the top left), trim and bleed."""

    row: int
    col: int
    trim: Box
    bleed: Box


@dataclass(frozen=True)
class Grid:
    """A centred grid of card slots on one page, with its crop marks."""

    page: Size
    card: Size
    bleed: float
    gutter: float
    cols: int
    rows: int
    slots: tuple[Slot, ...]  # row-major, top row first
    marks: tuple[Segment, ...]

    @property
    def per_page(self) -> int:
        """Cards on one page."""
        return self.cols * self.rows

    @property
    def extent(self) -> Box:
        """The box around every slot's bleed."""
        xs = [s.bleed.x for s in self.slots] + [s.bleed.right for s in self.slots]
        ys = [s.bleed.y for s in self.slots] + [s.bleed.top for s in self.slots]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@dataclass(frozen=True)
class Placement:
    """Item `item` (a card index) drawn in `slot`, turned by `rotate` degrees (0 or 180)."""

    item: int
    slot: Slot
    rotate: int = 0


@dataclass(frozen=True)
class PagePlan:
    """One PDF page: which side of which sheet, what goes where, and its marks."""

    sheet: int
    side: Side
    page: Size
    placements: tuple[Placement, ...]
    marks: tuple[Segment, ...]
    offset: tuple[float, float] = (0.0, 0.0)  # back-page shift correcting a printer
    fold: Segment | None = None  # fold-and-glue: where to fold (drawn in the margins only)
