"""Flowables that fill a booklet's pages: figure groups and boxes that flow.

A `FigureGroup` keeps a figure with the text that leads to it (the heading and
the paragraphs before it): where the group does not fit the room left on a page,
the figure goes beside the text or shrinks, within kitgen.layout.booklet's floor,
instead of being pushed to the next page with a third of this one left blank.
Only when even its smallest setting does not fit does the group give way: it
moves whole to the next page when that leaves at most a quarter of this one
blank, and otherwise lets its text run on here with the figure after it.

`Boxed` draws one flowable inside a tinted, framed box as a strip of it, so a
worked example is a run of strips that each go where the frame has room (a
figure group among them fits itself to the page like any other), instead of a
table whose rows cannot shrink.

`strands_heading` keeps a heading with what follows it in every edition: a
heading (anything kept with the next) is never the last thing of a page or a
column. Platypus keeps a heading with a plain flowable after it, but not with a
container (a call-out box, a list, a figure kept with its caption) nor across a
conditional page break: there the heading moves on when what follows cannot
start under it.
"""

from __future__ import annotations

import copy
from typing import Any

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import CondPageBreak, Flowable, Frame, ListFlowable, Paragraph, Spacer
from reportlab.platypus.doctemplate import ActionFlowable, NullActionFlowable

from kitgen.layout.booklet import MOVE_LIMIT, FigureFit, GroupMeasure, choose_fit, smallest_fit

UNBOUNDED = 1e6  # a height beyond any page: the group is being measured, not placed


def _height(flowable: Flowable, canv: Canvas | None, width: float) -> float:
    return float(flowable.wrapOn(canv, width, UNBOUNDED)[1])


def _stack_height(parts: list[Flowable], canv: Canvas | None, width: float) -> float:
    """The height of flowables set one under another, with the space between them."""
    total = 0.0
    for i, part in enumerate(parts):
        total += _height(part, canv, width)
        if i + 1 < len(parts):
            total += part.getSpaceAfter() + parts[i + 1].getSpaceBefore()
    return total


def _first_fits(parts: list[Flowable], canv: Canvas, width: float, room: float) -> list[Flowable]:
    """Parts whose first fits `room` (Platypus places it at once), splitting it if need be;
    none when it cannot be."""
    if parts[0].wrapOn(canv, width, room)[1] <= room:
        return parts
    first = parts[0].splitOn(canv, width, room)
    return [*first, *parts[1:]] if first else []


def _draw_stack(parts: list[Flowable], canv: Canvas, x: float, top: float, width: float) -> float:
    """Draw flowables one under another from `top` down; the y their last one ends at."""
    y = top
    for i, part in enumerate(parts):
        if i:
            y -= parts[i - 1].getSpaceAfter() + part.getSpaceBefore()
        _, h = part.wrapOn(canv, width, UNBOUNDED)
        y -= h
        part.drawOn(canv, x, y)
    return y


class ScaledFigure(Flowable):  # type: ignore[misc]
    """A figure flowable drawn at a scale (its painter draws it at its own size)."""

    def __init__(self, figure: Flowable, scale: float) -> None:
        super().__init__()
        self.figure, self.scale = figure, scale
        self.width = figure.fig_width * scale
        self.height = figure.fig_height * scale

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """The scaled size."""
        return self.width, self.height

    def draw(self) -> None:
        """The figure, scaled about its lower-left corner."""
        self.canv.saveState()
        self.canv.scale(self.scale, self.scale)
        self.figure.canv = self.canv
        self.figure.draw()
        self.canv.restoreState()


class FigureGroup(Flowable):  # type: ignore[misc]
    """A figure kept with its text: `top` spans the width (headings, a box's label and
    title), `before` and `after` are the text that leads to it and the text that
    explains it, set above and below the figure or in a column beside it."""

    def __init__(
        self,
        figure: Flowable,
        captions: tuple[Paragraph, Paragraph] | None,
        gap: float,
        frame_height: float,
    ) -> None:
        super().__init__()
        self.top: list[Flowable] = []
        self.before: list[Flowable] = []
        self.after: list[Flowable] = []
        # Each figure with its captions: below it, and beside it under the text.
        self.panels: list[tuple[Flowable, tuple[Paragraph, Paragraph] | None]] = [
            (figure, captions)
        ]
        self.gap, self.frame_height = gap, frame_height
        self.fit: FigureFit | None = None
        self.width = 0.0

    def alone(self) -> FigureGroup:
        """The figures and their captions without the text."""
        group = FigureGroup(*self.panels[0], self.gap, self.frame_height)
        group.panels = list(self.panels)
        return group

    def bare(self) -> bool:
        """Figures only, without text."""
        return not (self.top or self.before or self.after)

    def headings(self) -> list[Flowable]:
        """The headings it sets (for the contents list and the outline)."""
        return list(self.top)

    def getSpaceBefore(self) -> float:
        """The space before its first part."""
        first = (self.top or self.before or [None])[0]
        return float(first.getSpaceBefore()) if first is not None else 0.0

    def getSpaceAfter(self) -> float:
        """The space after its last part."""
        if self.after:
            return float(self.after[-1].getSpaceAfter())
        captions = self.panels[-1][1]
        return float(captions[0].getSpaceAfter()) if captions else self.gap

    def _column(self) -> list[Flowable]:
        captions = self.panels[0][1]
        return [*self.before, *self.after, *([captions[1]] if captions else [])]

    def measure(self, width: float) -> GroupMeasure:
        """Its measures at a width (kitgen.layout.booklet decides the setting)."""
        canv = getattr(self, "canv", None)
        top = _stack_height(self.top, canv, width)
        if self.top:
            top += self.top[-1].getSpaceAfter()
        has_text = bool(self.before or self.after)

        def column(w: float) -> float:
            return _stack_height(self._column(), canv, w) if has_text else 0.0

        return GroupMeasure(
            width=width,
            figures=[(f.fig_width, f.fig_height) for f, _ in self.panels],
            captions=[_height(c[0], canv, width) if c else 0.0 for _, c in self.panels],
            top=top,
            before=_stack_height(self.before, canv, width),
            after=_stack_height(self.after, canv, width),
            column=column,
            gap=self.gap,
            gutter=self.gap * 2.5,
        )

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """The first setting that fits; the smallest when measured without a page (so a
        heading kept with it moves only when even that does not fit)."""
        self.width = avail_width
        m = self.measure(avail_width)
        fit = choose_fit(m, avail_height) if avail_height < UNBOUNDED else smallest_fit(m)
        self.fit = smallest_fit(m) if fit is None else fit  # (too tall: it is split)
        return avail_width, self.fit.height

    def fits(self, width: float, room: float) -> bool:
        """Whether some setting fits `room`."""
        return choose_fit(self.measure(width), room) is not None

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """Nothing fits here. With at most MOVE_LIMIT of the page left, move on whole;
        else the text before the figures runs on here and they follow with the text
        after them; figures in a row part; or the text parts from the figure."""
        if avail_height <= MOVE_LIMIT * self.frame_height:
            return []
        if self.before:
            rest = self.alone()
            rest.after = self.after
            parts = [*self.top, *self.before, rest]
        elif len(self.panels) > 1:
            first, last = self.alone(), self.alone()
            first.top, first.panels = self.top, self.panels[:-1]
            last.panels, last.after = self.panels[-1:], self.after
            parts = [first, last]
        elif self.top or self.after:
            parts = [*self.top, self.alone(), *self.after]
        else:
            return []
        return _first_fits(parts, self.canv, avail_width, avail_height)

    def draw(self) -> None:
        """The top, then the text with the figure below or beside it."""
        assert self.fit is not None
        canv, fit, width, gap = self.canv, self.fit, self.width, self.gap
        y = fit.height
        if self.top:
            y = _draw_stack(self.top, canv, 0, y, width) - self.top[-1].getSpaceAfter()
        if fit.beside:
            figure = ScaledFigure(self.panels[0][0], fit.scale)
            _draw_stack(self._column(), canv, 0, y, width - figure.width - gap * 2.5)
            figure.drawOn(canv, width - figure.width, y - figure.height)
            return
        if self.before:
            y = _draw_stack(self.before, canv, 0, y, width) - gap
        for i, (flowable, captions) in enumerate(self.panels):
            figure = ScaledFigure(flowable, fit.scale)
            y -= figure.height + (gap if i else 0)
            figure.drawOn(canv, (width - figure.width) / 2, y)
            if captions:
                y = _draw_stack([captions[0]], canv, 0, y - gap, width)
        if self.after:
            _draw_stack(self.after, canv, 0, y - gap, width)


def _floats_past(
    following: list[Flowable], canv: Canvas, width: float, room: float, box: object
) -> int:
    """How many of the flowables after a figure that does not fit go before it, to fill
    `room`: those that fit whole, and then one paragraph or list that fills the rest and
    runs on to the next page (where the figure follows it). A chapter heading, another
    figure, anything kept together, the edge of a box (or, in a box, its last strip)
    stops it, so figures keep their order and stay in their chapter and box."""
    count, left = 0, room
    for i, f in enumerate(following):
        if box is None and isinstance(f, CondPageBreak):
            nxt = following[i + 1] if i + 1 < len(following) else None
            if nxt is None or getattr(nxt, "toc_level", 2) == 1 or left < f.height:
                break
            count += 1
            continue
        inner = f
        if box is not None:
            if not isinstance(f, Boxed) or f.box is not box:
                break
            inner = f.inner
        elif isinstance(f, Boxed):
            break
        if not isinstance(inner, Paragraph | ListFlowable | Spacer):
            break
        if getattr(inner, "toc_level", 0) == 1:
            break
        _, h = f.wrapOn(canv, width, left)
        h += f.getSpaceBefore() if count else 0
        if h <= left:
            left -= h + f.getSpaceAfter()
            count += 1
            if getattr(f, "last", False):
                break  # the end of the box
            continue
        if isinstance(inner, Paragraph | ListFlowable) and not getattr(f, "keepWithNext", 0):
            count += 1  # it splits: its first part fills this page
        break
    return count


def _opens_up(following: list[Flowable], at: int, box: object, floating: FigureGroup) -> bool:
    """Part the figure group at `at` (of the same box, without headings) into its text
    and its figures, the text first, when its figures and the `floating` one fit a page
    together: then that text can fill this page too, and the figures (the floating one,
    then these) open the next. Whether it was parted."""
    item = following[at]
    strip = item if isinstance(item, Boxed) and item.box is box else None
    group = strip.inner if strip is not None else item
    if (box is not None) != (strip is not None):
        return False
    if not isinstance(group, FigureGroup) or group.top or not (group.before or group.after):
        return False
    width = floating.width
    both = smallest_fit(floating.alone().measure(width)).height
    both += smallest_fit(group.alone().measure(width)).height
    if both > floating.frame_height:
        return False
    parts: list[Flowable] = [*group.before, *group.after, group.alone()]
    if strip is not None:
        last = len(parts) - 1
        parts = [
            Boxed(p, strip.box, strip.first and i == 0, strip.last and i == last)
            for i, p in enumerate(parts)
        ]
    following[at : at + 1] = parts
    return True


def float_figure(flowables: list[Flowable], canv: Canvas, width: float, room: float) -> None:
    """Float the figure group at the head of `flowables` when it does not fit `room` even
    at its smallest: its headings stay, the text after it (its own, then what follows,
    within its chapter or its box) fills the room, and the figure follows that text,
    opening the next page. A figure with text before it lets that text run on instead
    (FigureGroup.split)."""
    first = flowables[0]
    boxed = first if isinstance(first, Boxed) and isinstance(first.inner, FigureGroup) else None
    group = boxed.inner if boxed is not None else first
    if not isinstance(group, FigureGroup) or group.before:
        return
    if first.wrapOn(canv, width, room)[1] <= room:
        return
    heads: list[Flowable] = list(group.top)
    after: list[Flowable] = list(group.after)
    moving: Flowable = group.alone()
    box = None
    if boxed is not None:
        box = boxed.box
        opens = boxed.first and not heads
        heads = [Boxed(t, box, boxed.first and i == 0, False) for i, t in enumerate(heads)]
        closes = len(after) - 1 if boxed.last else -1
        after = [Boxed(t, box, opens and i == 0, i == closes) for i, t in enumerate(after)]
        moving = Boxed(moving, box, opens and not after, boxed.last and not after)
    left = room - _stack_height(heads, canv, width)
    if heads:
        left -= heads[-1].getSpaceAfter()
    following = [*after, *flowables[1:]]
    moved = _floats_past(following, canv, width, left, box)
    if moved < len(following) and _opens_up(following, moved, box, group):
        # the next figure's own text may pass too: both figures then open the next page
        moved = _floats_past(following, canv, width, left, box)
    if not moved:
        return
    passed = following[:moved]
    if isinstance(moving, Boxed):
        # (copies: a strip of the story is laid out again on the layout's next pass,
        # and must open and close its box there as it did on this one)
        if moving.first:  # what passes it opens the box now
            moving.first = False
            passed[0] = copy.copy(passed[0])
            passed[0].first = True
        for i, strip in enumerate(passed):
            if strip.last:  # the figure closes the box now
                passed[i] = copy.copy(strip)
                passed[i].last, moving.last = False, True
    flowables[:] = [*heads, *passed, moving, *following[moved:]]


class Boxed(Flowable):  # type: ignore[misc]
    """One strip of a tinted, framed box: the flowable inside it, padded. The box opens
    (its top edge) on its first strip and at the top of a page, and closes on its last;
    the strips between touch, so the box reads as one."""

    def __init__(self, inner: Flowable, box: dict[str, Any], first: bool, last: bool) -> None:
        super().__init__()
        self.inner, self.box, self.first, self.last = inner, box, first, last
        self.keepWithNext = getattr(inner, "keepWithNext", 0)
        self.width = self.height = self.inner_height = 0.0

    def _pads(self) -> tuple[float, float]:
        b = self.box
        top = b["pad_top"] if self.first else 0.0
        bottom = b["pad_bottom"] if self.last else float(self.inner.getSpaceAfter())
        return top, bottom

    def headings(self) -> list[Flowable]:
        """The headings inside (a figure group's)."""
        inner = self.inner
        return list(inner.headings()) if hasattr(inner, "headings") else []

    def getSpaceBefore(self) -> float:
        """Space before the box only: inside it, the strips touch."""
        return float(self.box["space_before"]) if self.first else 0.0

    def getSpaceAfter(self) -> float:
        """Space after the box only."""
        return float(self.box["space_after"]) if self.last else 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """The inner flowable's size, padded."""
        b = self.box
        top, bottom = self._pads()
        inner_w = avail_width - b["pad_left"] - b["pad_right"]
        _, h = self.inner.wrapOn(self.canv, inner_w, avail_height - top - bottom)
        self.width, self.inner_height = avail_width, h
        self.height = h + top + bottom
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """The inner flowable's parts, each in a strip of the same box."""
        b = self.box
        top, _ = self._pads()
        inner_w = avail_width - b["pad_left"] - b["pad_right"]
        room = avail_height - top - max(b["pad_bottom"], float(self.inner.getSpaceAfter()))
        parts = self.inner.splitOn(self.canv, inner_w, room) if room > 0 else []
        if len(parts) < 2:
            return []
        last = len(parts) - 1
        return [
            Boxed(part, b, self.first and i == 0, self.last and i == last)
            for i, part in enumerate(parts)
        ]

    def draw(self) -> None:
        """The tint, the box's sides (its top and bottom where it opens and closes) and
        the inner flowable."""
        b, canv = self.box, self.canv
        w, h = self.width, self.height
        top, _ = self._pads()
        frame = getattr(self, "_frame", None)
        opens = self.first or bool(getattr(frame, "_atTop", False))
        canv.saveState()
        canv.setFillColor(colors.HexColor(b["tint"]))
        canv.rect(0, 0, w, h, stroke=0, fill=1)
        canv.setStrokeColor(colors.HexColor(b["line"]))
        canv.setLineWidth(b["line_width"])
        canv.line(0, 0, 0, h)
        canv.line(w, 0, w, h)
        if opens:
            canv.line(0, h, w, h)
        if self.last:
            canv.line(0, 0, w, 0)
        canv.restoreState()
        self.inner.drawOn(canv, b["pad_left"], h - top - self.inner_height)


def _starts_in(parts: list[Flowable], frame: Frame, canv: Canvas, room: float) -> bool:
    """Whether the first of `parts` puts something in `room` (the height left in the
    frame after the space before it): whole, or its first part when it splits."""
    if not parts or room <= 0:
        return False
    first, width = parts[0], frame._getAvailableWidth()
    if isinstance(first, ActionFlowable):  # a page or frame break: nothing starts here
        return False
    if first.wrapOn(canv, width, room)[1] <= room:
        return True
    first._frame = frame  # (a container asks its frame whether it stands at the top)
    try:
        split = first.splitOn(canv, width, room)
    finally:
        del first._frame
    if not split:
        return False
    head = split[0]
    if isinstance(head, ActionFlowable):
        # a container that breaks the frame moves on whole; one that lays its parts
        # out one by one (a null action first) starts with its first part
        return isinstance(head, NullActionFlowable) and _starts_in(split[1:], frame, canv, room)
    return bool(head.wrapOn(canv, width, room)[1] <= room)


def strands_heading(flowables: list[Flowable], frame: Frame, canv: Canvas) -> bool:
    """Whether the headings at the head of `flowables` (a run of flowables kept with the
    next, such as a chapter heading over a section heading, or a box's label and title)
    would end `frame`: they fit, but what follows them (past any conditional page break)
    cannot start under them, or a conditional page break between them breaks the page.
    Then they should open the next frame. Never at the top of a frame (where moving on
    gains nothing), and never when the headings do not fit at all (Platypus moves them
    on then anyway). The room is counted as a frame counts it: the space between two
    flowables is the larger of the one's space after and the next one's space before."""
    if not flowables or getattr(frame, "_atTop", True) or not flowables[0].getKeepWithNext():
        return False
    width = frame._getAvailableWidth()
    room, after = frame._y - frame._y1p, frame._prevASpace
    for i, f in enumerate(flowables):
        if isinstance(f, CondPageBreak):
            if room < f.height:
                return True  # it breaks the page right under the headings
            continue
        gap = max(f.getSpaceBefore() - after, 0)
        if not f.getKeepWithNext():
            return not _starts_in(flowables[i:], frame, canv, room - gap)
        height = f.wrapOn(canv, width, room - gap)[1]
        room -= gap + height
        if room < 0:
            return False  # the headings themselves do not fit: they move on anyway
        after = f.getSpaceAfter()
        room -= after
    return False  # nothing follows them
