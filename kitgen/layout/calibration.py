"""The duplex calibration sheet: front lines, back scales, and where each mark lands.

A sheet printed double-sided carries on its front a few straight lines and on its
back a scale across each place where a line lands on a perfect printer. Held to a
light, the back shows the front's line crossing its scale; the number under the
line is the `--back-offset` component that corrects the printer.

Everything here is in points, in each page's own PDF coordinates (origin at the
bottom left of the side being looked at, upright). `back_point` says where a mark
printed on the front at (x, y) lies in the back page's coordinates, with the same
flip as `kitgen.layout.impose.back_slot`. A back offset (dx, dy) moves everything
drawn on a back page by (dx, dy) in those coordinates. So if a printer puts the
back page (ex, ey) away from where it should be, a front line at `zero` lies at
`zero - e` against the back's drawing, and the scale tick drawn at `zero + t` is
under it for t = -e: exactly the offset that cancels the error. Tick t therefore
stands t millimetres from the zero tick, numbers growing rightwards and upwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kitgen.layout.geometry import Box, Duplex, LayoutError, Segment, Size
from kitgen.layout.units import MM, format_mm

Axis = Literal["x", "y"]
Anchor = Literal["above", "below", "left", "right"]

RANGE_MM = 7  # the scales read from -7 to +7 mm: printers are within about 1/8 in
TICK_STEP_MM = 0.5  # a tick every half millimetre, a number every millimetre
HALF_TICK = 1.0 * MM  # half-millimetre ticks reach this far each side of the baseline
WHOLE_TICK = 3.0 * MM  # whole ticks reach this far on their number's side...
FAR_TICK = 5.8 * MM  # ...or this far, past a first row of numbers, to a second row
ZERO_TICK = WHOLE_TICK  # the zero tick reaches as far on both sides (and is drawn bolder)
LABEL_GAP = 0.6 * MM  # between a whole tick's end and its number
LABEL_HEIGHT = 1.6 * MM  # room kept for a number (5.5 pt digits)
LABEL_WIDTH = 2.4 * MM  # room kept for the widest number, "-7"
CAPTION_WIDTH = 4.5 * MM  # "DX" in bold, left of an across scale
CAPTION_HEIGHT = 2.8 * MM  # "DY" in bold, above an up-and-down scale
END = 0.5 * MM  # the baseline runs this far past the outermost ticks
LINE_REACH = ZERO_TICK + (RANGE_MM + 1) * MM  # a front line's half length: always crosses
SPREAD = 15 * MM  # from a gauge's centre to each of its two scales' zero ticks
INSET = 3 * MM  # gauges keep this far inside the margin
MIN_BAND = 45 * MM  # the least room for text between two rows of gauges

PLACES = ("top left", "top right", "centre", "bottom left", "bottom right")


@dataclass(frozen=True)
class Label:
    """A number or caption: its text, the point it hangs from, and on which side of it.

    `above` and `below` centre the text (its digit, for a negative number) on x;
    `left` ends the text at x and `right` starts it there, centred on y.
    """

    text: str
    x: float
    y: float
    anchor: Anchor


@dataclass(frozen=True)
class Tick:
    """One tick of a scale: the offset it reads (mm), its line, and its number if whole."""

    value: float
    segment: Segment
    label: Label | None


@dataclass(frozen=True)
class Scale:
    """A back-page scale and the front line it reads.

    `axis` "x" reads DX (the scale runs across, the front line is vertical); "y"
    reads DY (the scale runs up and down, the line is horizontal). `zero` is the
    back-page coordinate along the axis where the front line lands on a perfect
    printer, `across` the baseline's coordinate on the other axis. `box` holds
    everything the scale draws on the back, its caption included.
    """

    place: str
    axis: Axis
    zero: float
    across: float
    baseline: Segment
    ticks: tuple[Tick, ...]
    caption: Label
    box: Box
    front_line: Segment  # in front-page coordinates

    def tick_at(self, position: float) -> Tick:
        """The tick nearest to a back-page coordinate along the axis."""
        return min(self.ticks, key=lambda t: abs(self.position(t) - position))

    def position(self, tick: Tick) -> float:
        """A tick's back-page coordinate along the axis."""
        seg = tick.segment
        return seg.x0 if self.axis == "x" else seg.y0


@dataclass(frozen=True)
class Gauge:
    """One place on the sheet: a DX scale, a DY scale, and the place's name between them."""

    place: str
    dx: Scale
    dy: Scale
    title: Label


@dataclass(frozen=True)
class CalibrationSheet:
    """Both sides of the calibration sheet, planned for a paper, flip edge and margin.

    The gauges sit in three rows (two corners at the top and bottom, one in the
    centre); text goes in the two bands between the rows, on both sides, so no
    text ever lies behind a scale. The front's lower band starts with a 100 mm
    (or shorter) scale bar for checking the print is at 100 %.
    """

    page: Size
    duplex: Duplex
    margin: float
    gauges: tuple[Gauge, ...]
    upper_band: Box
    lower_band: Box
    bar: Box
    bar_mm: int

    @property
    def scales(self) -> tuple[Scale, ...]:
        """Every scale, DX and DY, place by place."""
        return tuple(s for g in self.gauges for s in (g.dx, g.dy))

    @property
    def front_lines(self) -> tuple[Segment, ...]:
        """The lines printed on the front, one per scale."""
        return tuple(s.front_line for s in self.scales)

    @property
    def printable(self) -> Box:
        """The page inside its margin."""
        return Box(0.0, 0.0, self.page.width, self.page.height).inset(self.margin)

    def centre(self) -> Gauge:
        """The gauge in the middle of the sheet."""
        return next(g for g in self.gauges if g.place == "centre")


def _mirrors_x(page: Size, duplex: Duplex) -> bool:
    """True when the sheet turns about a vertical axis (as impose's back_slot decides)."""
    if duplex not in ("long", "short"):
        raise LayoutError(
            f"there is nothing to calibrate with duplex {duplex!r}: use long or short"
        )
    return (duplex == "long") == (page.orientation == "portrait")


def back_point(page: Size, duplex: Duplex, x: float, y: float) -> tuple[float, float]:
    """Where a mark printed on the front at (x, y) lies in the back page's coordinates.

    Turning the sheet over about a vertical axis mirrors x, about a horizontal one
    mirrors y. The map is its own inverse, so it also takes a back point to the front.
    """
    if _mirrors_x(page, duplex):
        return page.width - x, y
    return x, page.height - y


def back_segment(page: Size, duplex: Duplex, segment: Segment) -> Segment:
    """A front segment as it lies on the back (or a back segment as it lies on the front)."""
    x0, y0 = back_point(page, duplex, segment.x0, segment.y0)
    x1, y1 = back_point(page, duplex, segment.x1, segment.y1)
    return Segment(x0, y0, x1, y1)


def number(value: float) -> str:
    """A tick's number as printed and as typed after --save: "-3", "0", "2"."""
    return f"{value:g}" if value else "0"


def _level(axis: Axis, whole: int) -> int:
    """Which row of numbers a whole tick's number stands in, counted out from the baseline.

    Across scales need two rows on each side: signed numbers are wider than 1 mm, so a
    row holds every fourth number. Up-and-down scales need one: numbers are stacked.
    """
    if axis == "y":
        return 0
    return 0 if whole % 4 in (0, 1) else 1


def _ticks(axis: Axis, zero: float, across: float) -> tuple[Tick, ...]:
    """The ticks of one scale, from -RANGE_MM to +RANGE_MM every TICK_STEP_MM.

    Whole numbers alternate sides: even ones stand above (across scales) or left
    (up-and-down scales), odd ones below or right; each whole tick reaches out to
    its number. Half ticks straddle the baseline.
    """
    steps = round(RANGE_MM / TICK_STEP_MM)
    per_mm = round(1 / TICK_STEP_MM)
    ticks = []
    for i in range(-steps, steps + 1):
        value = i * TICK_STEP_MM
        along = zero + value * MM
        label: Label | None = None
        if i % per_mm:
            low, high = -HALF_TICK, HALF_TICK
        else:
            whole = i // per_mm
            even = whole % 2 == 0
            length = (WHOLE_TICK, FAR_TICK)[_level(axis, whole)]
            low, high = (-HALF_TICK, length) if even else (-length, HALF_TICK)
            if whole == 0:
                low = -ZERO_TICK
            reach = high + LABEL_GAP if even else low - LABEL_GAP
            if axis == "x":
                label = Label(number(value), along, across + reach, "above" if even else "below")
            else:
                label = Label(number(value), across - reach, along, "left" if even else "right")
        if axis == "x":
            segment = Segment(along, across + low, along, across + high)
        else:  # even numbers on the left: the tick's long side points at its number
            segment = Segment(across - low, along, across - high, along)
        ticks.append(Tick(value, segment, label))
    return tuple(ticks)


def _scale(place: str, axis: Axis, zero: float, across: float, page: Size, duplex: Duplex) -> Scale:
    """One scale with its zero at `zero` along `axis` and its baseline at `across`."""
    half = RANGE_MM * MM + END
    if axis == "x":
        baseline = Segment(zero - half, across, zero + half, across)
        span = half + LABEL_WIDTH / 2
        reach = FAR_TICK + LABEL_GAP + LABEL_HEIGHT
        caption = Label("DX", zero - span - 1 * MM, across, "left")
        box = Box(
            zero - span - 1 * MM - CAPTION_WIDTH,
            across - reach,
            2 * span + 1 * MM + CAPTION_WIDTH,
            2 * reach,
        )
        line = Segment(zero, across - LINE_REACH, zero, across + LINE_REACH)
    else:
        baseline = Segment(across, zero - half, across, zero + half)
        span = half + LABEL_HEIGHT / 2
        reach = WHOLE_TICK + LABEL_GAP + LABEL_WIDTH
        caption = Label("DY", across, zero + span + 0.8 * MM, "above")
        box = Box(across - reach, zero - span, 2 * reach, 2 * span + 0.8 * MM + CAPTION_HEIGHT)
        line = Segment(across - LINE_REACH, zero, across + LINE_REACH, zero)
    return Scale(
        place,
        axis,
        zero,
        across,
        baseline,
        _ticks(axis, zero, across),
        caption,
        box,
        back_segment(page, duplex, line),
    )


def _gauge(place: str, cx: float, cy: float, page: Size, duplex: Duplex) -> Gauge:
    """A DX scale left of (cx, cy) and a DY scale right of it, in back-page coordinates."""
    dx = _scale(place, "x", cx - SPREAD, cy, page, duplex)
    dy = _scale(place, "y", cy, cx + SPREAD, page, duplex)
    return Gauge(place, dx, dy, Label(place, cx, cy + 9 * MM, "above"))


def plan_calibration(paper: Size, duplex: Duplex, *, margin: float) -> CalibrationSheet:
    """The calibration sheet for `paper` (turned portrait, like every card sheet) and its
    flip edge.

    LayoutError for 'fold' and 'none' (nothing to calibrate), a negative margin, or a
    page too small for five gauges and the text between them.
    """
    _mirrors_x(paper, duplex)  # refuse fold and none first
    if paper.orientation == "landscape":
        paper = paper.rotated()  # card sheets are portrait pages: measure on one
    if margin < 0:
        raise LayoutError("the margin cannot be negative")
    extent = _gauge_extent()
    room = Box(0.0, 0.0, paper.width, paper.height).inset(margin + INSET)
    need_w = 2 * extent.width
    need_h = 3 * extent.height + 2 * (MIN_BAND + 2 * INSET)
    if room.width < need_w or room.height < need_h:
        raise LayoutError(
            f"a calibration sheet needs {format_mm(need_w + 2 * INSET)[:-3]} x "
            f"{format_mm(need_h + 2 * INSET)} inside the margins; "
            f"the page has {format_mm(paper.width - 2 * margin)[:-3]} x "
            f"{format_mm(paper.height - 2 * margin)}"
        )
    left = room.x - extent.x
    right = room.right - extent.right
    middle = paper.width / 2 - (extent.x + extent.right) / 2
    top = room.top - extent.top
    bottom = room.y - extent.y
    centre = paper.height / 2 - (extent.y + extent.top) / 2
    spots = {
        "top left": (left, top),
        "top right": (right, top),
        "centre": (middle, centre),
        "bottom left": (left, bottom),
        "bottom right": (right, bottom),
    }
    gauges = tuple(_gauge(p, *spots[p], paper, duplex) for p in PLACES)
    upper_y = centre + extent.top + INSET
    upper = Box(room.x, upper_y, room.width, top + extent.y - INSET - upper_y)
    lower_y = bottom + extent.top + INSET
    lower = Box(room.x, lower_y, room.width, centre + extent.y - INSET - lower_y)
    bar_mm = next((n for n in (100, 50) if n * MM <= room.width - 12 * MM), 50)
    bar = Box(paper.width / 2 - bar_mm * MM / 2, lower.top - 6 * MM, bar_mm * MM, 2.5 * MM)
    return CalibrationSheet(paper, duplex, margin, gauges, upper, lower, bar, bar_mm)


def _gauge_extent() -> Box:
    """A gauge's box relative to its centre point, front lines included."""
    probe = _gauge("probe", 0.0, 0.0, Size(0.0, 0.0), "long")
    boxes = [probe.dx.box, probe.dy.box]
    # The front lines' back images: the zero lines, LINE_REACH either side of each baseline.
    for scale in (probe.dx, probe.dy):
        if scale.axis == "x":
            boxes.append(Box(scale.zero, scale.across - LINE_REACH, 0.0, 2 * LINE_REACH))
        else:
            boxes.append(Box(scale.across - LINE_REACH, scale.zero, 2 * LINE_REACH, 0.0))
    title = probe.title
    boxes.append(Box(title.x - 8 * MM, title.y, 16 * MM, 2.5 * MM))
    left, bottom = min(b.x for b in boxes), min(b.y for b in boxes)
    right, top = max(b.right for b in boxes), max(b.top for b in boxes)
    return Box(left, bottom, right - left, top - bottom)


def reading(sheet: CalibrationSheet, scale: Scale, error: tuple[float, float]) -> float:
    """The number read on `scale` when a printer puts the back page `error` (points, in
    back-page coordinates) away from its place: the tick under the front line's image."""
    line = back_segment(sheet.page, sheet.duplex, scale.front_line)
    if scale.axis == "x":
        return scale.tick_at(line.x0 - error[0]).value
    return scale.tick_at(line.y0 - error[1]).value
