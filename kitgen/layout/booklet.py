"""Booklet pages: saddle-stitch order, and how a figure is set among its text.

Pages are padded with blanks to a multiple of four. For N pages, sheet i
(from 0) carries on its outside pages (N - 2i, 2i + 1) and on its inside
(2i + 2, N - 2i - 1), left then right: for 8 pages (8, 1) (2, 7) (6, 3) (4, 5).
Print duplex, flipping on the short edge, fold the stack in half and staple
along the fold. (The booklet's last page is its back cover: kitgen.render.booklet
puts the blanks before it.)

A figure group (a figure with its text, kitgen.render.page_fill) is set in the
first of its settings that fits the room left on a page (figure_fits, choose_fit):
the figure at its own size beside its text, then below it, then each smaller scale
down to FIGURE_FLOOR. When none fits, the group moves on or gives way (MOVE_LIMIT).

A quick reference (its own page, and a booklet's back cover) is set in the largest
type that fits its page, in one to three columns (fit_type): every column count whose
lines stay within MEASURE at that size is tried, down to READABLE_FLOOR.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


def padded_count(pages: int) -> int:
    """The page count rounded up to a multiple of four (at least four)."""
    if pages < 0:
        raise ValueError("a booklet cannot have a negative number of pages")
    return max(4, -(-pages // 4) * 4)


def saddle_stitch(pages: int) -> list[tuple[int, int]]:
    """Sheet sides in printing order, each (left page, right page), numbered from 1.

    Page numbers above `pages` are the padding blanks.
    """
    n = padded_count(pages)
    sides: list[tuple[int, int]] = []
    for i in range(n // 4):
        sides.append((n - 2 * i, 2 * i + 1))
        sides.append((2 * i + 2, n - 2 * i - 1))
    return sides


# Figures in a booklet's pages (kitgen.render.booklet's figure groups): a figure
# travels with the text that leads to it. When the group does not fit the room left
# on a page at the figure's own size, the figure goes beside the text, then shrinks,
# so the page fills instead of the figure being pushed to the next one.
FIGURE_FLOOR = 0.75
"""The least scale a figure is drawn at: three quarters of the size its game draws it.
There a Scratch board's side values are 7.5 pt, its card names 4.2 pt and its smallest
notes 3.9 pt, and a Staircase turn's legend 5.3 pt and its pile labels 4.5 pt: looked
at rasterized in colour and in grey, they still read at arm's length. Below it, a
figure is not shrunk but moved (or set beside its text)."""
SCALE_STEP = 0.05
SIDE_TEXT_MIN = 0.42
"""Beside a figure, the text keeps at least this part of the width."""
MOVE_LIMIT = 0.2
"""The most of a page's height left blank by a figure group that moves on to the next
page whole; with more room than that, its text runs on first or the text after it fills
the room (kitgen.render.page_fill). A fifth, so that a page's blank, measured down from
its last ink, stays under a quarter."""


@dataclass(frozen=True)
class FigureFit:
    """How a figure group is set: the figure beside its text or below it, at a scale."""

    beside: bool
    scale: float
    height: float


@dataclass(frozen=True)
class GroupMeasure:
    """A figure group's measures, in points, at the frame width it is set in.

    `figures` are the sizes of its figures (two or more figures in a row, with no text
    between them, are set one under another and scale together), `captions` the heights
    of their captions below them (0 for none); `top` is the height of what always spans
    the width (headings, a box's label and title); `before` and `after` the heights of
    the text before and after the figures at the full width; `column(width)` the height
    of all that text and the caption set in a column of that width beside a single
    figure (0 without text); `gap` the space between text, figure and caption; `gutter`
    between the text and a figure beside it.
    """

    width: float
    figures: list[tuple[float, float]]
    captions: list[float]
    top: float
    before: float
    after: float
    column: Callable[[float], float]
    gap: float
    gutter: float


def figure_fits(m: GroupMeasure) -> list[FigureFit]:
    """Every way to set a group, in the order they are preferred, from the figure's own
    size down to FIGURE_FLOOR: at each scale, the figure beside its text (the caption
    under the text, beside the figure), then below it. A figure goes beside text only
    when there is text and the text keeps SIDE_TEXT_MIN of the width."""
    has_text = bool(m.before or m.after)
    fits: list[FigureFit] = []
    steps = round((1 - FIGURE_FLOOR) / SCALE_STEP)
    for k in range(steps + 1):
        scale = round(1 - k * SCALE_STEP, 4)
        if has_text and len(m.figures) == 1:
            w, h = m.figures[0][0] * scale, m.figures[0][1] * scale
            text_w = m.width - w - m.gutter
            if text_w >= SIDE_TEXT_MIN * m.width:
                fits.append(FigureFit(True, scale, m.top + max(m.column(text_w), h)))
        below = m.top + sum(h * scale for _, h in m.figures)
        below += (len(m.figures) - 1) * m.gap
        for part in (m.before, *m.captions, m.after):
            below += part + m.gap if part else 0
        fits.append(FigureFit(False, scale, below))
    return fits


def choose_fit(m: GroupMeasure, room: float) -> FigureFit | None:
    """The first preferred setting that fits `room`, or None when none does."""
    for fit in figure_fits(m):
        if fit.height <= room:
            return fit
    return None


def smallest_fit(m: GroupMeasure) -> FigureFit:
    """The setting that takes the least height."""
    return min(figure_fits(m), key=lambda f: f.height)


# Quick references: the largest type that fits a page, in as many columns as suit it.
READABLE_FLOOR = 6.5
"""The least type size of a quick reference, on its own page and on a booklet's back
cover. kitgen's text face (Bitstream Vera Sans, KitSans, which DejaVu Sans extends) has
small letters 0.547 em tall (Times: 0.448): at 6.5 pt they are as tall as those of 8 pt
Times, a newspaper's small print, and rasterized at 150 dpi and looked at in colour and
grey they read at arm's length.
Below it a reference is no help on the table; a back cover then holds a designed page
without it (kitgen.render.booklet) and the reference page is an error (text-overflow)."""
TYPE_STEP = 0.25
"""The steps the type size is tried in, from the largest down."""
CHAR_WIDTH = 0.48
"""The text face's mean character width in running English, spaces included, in ems."""
MEASURE = (30.0, 90.0)
"""The fewest and the most characters a line of a quick reference's column may hold: a
narrower column breaks every other word, a wider one loses the reader's eye between
lines (a book's 45 to 75, widened for a reference read in snatches)."""


@dataclass(frozen=True)
class TypeFit:
    """How a quick reference is set: its type size and its number of columns."""

    size: float
    columns: int


def type_sizes(largest: float, floor: float = READABLE_FLOOR) -> list[float]:
    """The sizes to try, from `largest` down to `floor` in TYPE_STEP steps."""
    steps = round((largest - floor) / TYPE_STEP)
    return [round(largest - k * TYPE_STEP, 4) for k in range(steps + 1)]


def line_chars(width: float, columns: int, gap: float, size: float) -> float:
    """The characters a line holds in one of `columns` columns across `width`."""
    column = (width - (columns - 1) * gap) / columns
    return column / (CHAR_WIDTH * size)


def fit_type(
    width: float,
    gap: float,
    sizes: list[float],
    fits: Callable[[float, int], bool],
    columns: tuple[int, ...] = (1, 2, 3),
) -> TypeFit | None:
    """The setting with the largest type of `sizes` (largest first) at which the text
    fits (`fits(size, columns)`), in a column count whose lines at that size hold
    MEASURE's characters; at equal sizes, the fewer columns. None when nothing fits.
    For each column count the sizes are searched by halves (a smaller type never needs
    more room), so a page costs a few trial settings, not one for each size."""
    best: TypeFit | None = None
    for count in columns:
        usable = [s for s in sizes if MEASURE[0] <= line_chars(width, count, gap, s) <= MEASURE[1]]
        if best is not None:
            usable = [s for s in usable if s > best.size]
        low, high = 0, len(usable)  # the first size that fits lies in usable[low:high]
        while low < high:
            mid = (low + high) // 2
            if fits(usable[mid], count):
                high = mid
            else:
                low = mid + 1
        if low < len(usable):
            best = TypeFit(usable[low], count)
    return best
