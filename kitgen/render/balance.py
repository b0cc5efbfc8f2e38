"""Draw a balance report (`kitgen.rules.balance.BalanceReport`) as a PDF of one or two
A4 pages, or as one PNG of those pages stacked.

The charts are drawn with reportlab's canvas in the kit's fonts (KitSans, which draws
what Vera lacks in DejaVu Sans); a character no font has prints as "?" and is named
on stderr (`report_missing`). They print in greyscale: estimates are black dots
(filled where significant, hollow where noise) on grey whiskers, bars are outlined
and their series go from dark to light, and reference lines are dashed.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.paper import PAPERS
from kitgen.layout.units import MM
from kitgen.render.fonts import BOLD, REGULAR, missing_glyphs, text_width
from kitgen.render.pdf import finish, new_canvas
from kitgen.render.text import draw_text, wrap
from kitgen.rules.balance import (
    BalanceReport,
    Distribution,
    Estimate,
    Forest,
    Panel,
    Stack,
    column_places,
    shown,
)

MARGIN = 14 * MM
GUTTER = 7 * MM
INK = HexColor("#1a1a1a")
GREY = HexColor("#595959")
RULE = HexColor("#8c8c8c")
FAINT = HexColor("#e6e6e6")
STRONG = HexColor("#08306b")  # significant estimates: dark in greyscale too
# Series from dark to light, evenly apart (their lightness alone tells them apart in
# greyscale), outlined; FILLS[1] also fills the bars of a forest.
_SHADES = {
    1: ("#08306b",),
    2: ("#08306b", "#6baed6"),
    3: ("#08306b", "#4292c6", "#c6dbef"),
    4: ("#08306b", "#2171b5", "#6baed6", "#deebf7"),
    5: ("#08306b", "#2171b5", "#4292c6", "#9ecae1", "#eff3ff"),
}
FILLS = tuple(HexColor(h) for h in _SHADES[2])


def _fills(count: int) -> tuple[Color, ...]:
    """`count` fills from dark to light (more than five repeat)."""
    shades = _SHADES[min(max(count, 1), 5)]
    return tuple(HexColor(shades[i % len(shades)]) for i in range(count))


TITLE, HEAD, BODY, SMALL = 15.0, 9.5, 8.0, 6.8
ROW = 12.0  # a forest row
PLOT = 92.0  # a distribution's plot height
MAX_BINS = 26


def drawable(text: str) -> str:
    """`text` with every character no font of kitgen's can draw shown as "?" (a name in a
    script the fonts lack, say); `missing` lists them."""
    gone = missing(text)
    return text if not gone else "".join("?" if ch in gone else ch for ch in text)


def missing(text: str) -> str:
    """The characters of `text` no font of the report can draw, each once (the kit's
    fonts draw what Vera lacks in DejaVu Sans: kitgen.render.fonts.KitFont)."""
    return missing_glyphs(text, REGULAR)


def report_missing(report: BalanceReport) -> str:
    """Every character of a report's text that its fonts cannot draw (drawn as "?")."""
    texts = [report.title, *report.facts, *report.verdict, *report.notes]
    for panel in report.panels:
        texts += [panel.title, panel.caption]
        if isinstance(panel, Forest):
            texts += [r.label for r in panel.rows]
        elif isinstance(panel, Distribution):
            texts += [s.name for s in panel.series]
        else:
            texts += [*panel.parts, *(label for label, _, _ in panel.rows)]
    found: dict[str, None] = {}
    for text in texts:
        for ch in missing(text):
            found.setdefault(ch, None)
    return "".join(found)


def _text(
    c: Canvas, x: float, y: float, text: str, font: str, size: float, align: str = "left"
) -> None:
    draw_text(c, x, y, drawable(text), font, size, align)


def _width(text: str, font: str, size: float) -> float:
    return text_width(drawable(text), font, size)


def _fitted(text: str, font: str, size: float, width: float) -> float:
    """The size, `size` or smaller, at which `text` fits `width` on one line (never cut)."""
    wide = _width(text, font, size)
    return size if wide <= width or wide <= 0 else size * width / wide


def _lines(text: str, font: str, size: float, width: float) -> list[str]:
    text = drawable(text)
    return wrap(text, font, size, width) if text else []


# Numbers on axes and labels.


def _nice(step: float) -> float:
    """The 1, 2, 2.5 or 5 times a power of ten at or above `step`."""
    power = 10.0 ** math.floor(math.log10(step))
    for m in (1, 2, 2.5, 5, 10):
        if m * power >= step * (1 - 1e-9):
            return m * power
    return 10 * power


def _ticks(low: float, high: float, most: int) -> list[float]:
    """Round values from at or below `low` to at or above `high`, at most about `most`."""
    step = _nice((high - low) / max(1, most - 1) or 1.0)
    first = math.floor(low / step + 1e-9) * step
    last = math.ceil(high / step - 1e-9) * step
    count = round((last - first) / step)
    return [round(first + k * step, 10) for k in range(count + 1)]


def _tick(x: float, unit: str, signed: bool) -> str:
    if unit == "rate":
        value = round(x * 100, 6)
        text = f"{value:g}%"
        return f"+{text}" if signed and value > 0 else text
    text = f"{round(x, 6):g}"
    return f"+{text}" if signed and x > 0 else text


TICK_GAP = 4.0  # the least room between two tick labels on an axis


def _fitting_ticks(
    low: float, high: float, most: int, width: float, label: Callable[[float], str]
) -> list[float]:
    """Round values from at or below `low` to at or above `high`, at most about `most`,
    thinned (a longer step) until their labels, centred under them on an axis `width`
    long and measured in the axis's type, stand `TICK_GAP` apart."""
    ticks = _ticks(low, high, most)
    for count in range(most, 1, -1):
        ticks = _ticks(low, high, count)
        if _ticks_fit(ticks, width, label):
            return ticks
    return [ticks[0], ticks[-1]] if len(ticks) > 2 else ticks


def _ticks_fit(ticks: list[float], width: float, label: Callable[[float], str]) -> bool:
    """Whether tick labels centred under their ticks keep `TICK_GAP` apart."""
    if len(ticks) < 2:
        return True
    span = ticks[-1] - ticks[0]
    sizes = [_width(label(t), REGULAR, SMALL) for t in ticks]
    return all(
        (b - a) / span * width >= (wa + wb) / 2 + TICK_GAP
        for a, b, wa, wb in zip(ticks, ticks[1:], sizes, sizes[1:], strict=False)
    )


# Panels: each measures its height for a width, then draws itself at a top-left corner.


def _heading(panel: Panel, width: float) -> list[tuple[str, str, float, Color]]:
    out = [(line, BOLD, HEAD, INK) for line in _lines(panel.title, BOLD, HEAD, width)]
    out += [(line, REGULAR, SMALL, GREY) for line in _lines(panel.caption, REGULAR, SMALL, width)]
    return out


def _heading_height(panel: Panel, width: float) -> float:
    return sum(size * 1.25 for _, _, size, _ in _heading(panel, width)) + 4


def _draw_heading(c: Canvas, panel: Panel, x: float, top: float, width: float) -> float:
    y = top
    for line, font, size, colour in _heading(panel, width):
        y -= size * 1.25
        c.setFillColor(colour)
        _text(c, x, y + size * 0.25, line, font, size)
    return y - 4


def _forest_columns(panel: Forest, width: float) -> tuple[float, float]:
    """The widths of a forest's label and figure columns."""
    return width * (0.30 if panel.wide else 0.34), (150.0 if panel.wide else 74.0)


def _row_lines(panel: Forest, width: float) -> list[list[str]]:
    """Each row's label as lines, wrapped to the label column, never cut (a long label
    makes its row taller)."""
    label_w = _forest_columns(panel, width)[0] - 4
    out = []
    for row in panel.rows:
        font = BOLD if row.strong else REGULAR
        out.append(_lines(row.label, font, BODY, label_w) or [""])
    return out


def _row_height(lines: list[str]) -> float:
    return max(ROW, len(lines) * BODY * 1.15 + 3.5)


def _forest_height(panel: Forest, width: float) -> float:
    body = sum(_row_height(lines) for lines in _row_lines(panel, width))
    return _heading_height(panel, width) + body + 22


def _figure(row: Estimate, panel: Forest) -> str:
    """`55.6% (53.5 to 57.8)`: the figure, then its interval with the unit once, rounded
    as its panel's column of figures (`kitgen.rules.balance.column_places`)."""
    rate = panel.unit == "rate"
    digits = column_places(((r.value, (r.low, r.high)) for r in panel.rows), percent=rate)
    value, low, high = shown(
        row.value, (row.low, row.high), percent=rate, signed=panel.signed, digits=digits
    )
    text = f"{value}{'%' if rate else ''} ({low} to {high})"
    if row.note and panel.wide:
        text = f"{text}  {row.note}"
    return text


def _forest_plot(panel: Forest, width: float) -> tuple[float, float]:
    """Where a forest's plot begins (from the panel's left) and how wide it is."""
    label_w, value_w = _forest_columns(panel, width)
    return label_w + 6, width - label_w - value_w - 12


def forest_axis(panel: Forest, width: float) -> list[float]:
    """The ticks of a forest's axis (its first and last are the axis's ends), for a
    panel `width` wide: round values holding its rows (and its `scale`, its reference),
    as many as keep their labels apart."""
    plot_w = _forest_plot(panel, width)[1]
    values = [v for r in panel.rows for v in (r.low, r.high, r.value)]
    if panel.scale is not None:
        values += panel.scale
    if panel.against is not None:
        values.append(panel.against)
    if panel.bars or not values:
        values.append(0.0)
    low, high = min(values), max(values)
    if high - low < 1e-9:
        low, high = low - 0.5, high + 0.5
    pad = (high - low) * 0.04
    low, high = (low if panel.bars and low >= 0 else low - pad), high + pad
    if panel.unit == "rate":  # (a rate's axis stays within 0% and 100%)
        low, high = max(low, -1.0 if panel.signed else 0.0), min(high, 1.0)
    return _fitting_ticks(
        low, high, 7 if panel.wide else 5, plot_w, lambda t: _tick(t, panel.unit, panel.signed)
    )


def _draw_forest(c: Canvas, panel: Forest, x: float, top: float, width: float) -> None:
    y = _draw_heading(c, panel, x, top, width)
    _, value_w = _forest_columns(panel, width)
    offset, plot_w = _forest_plot(panel, width)
    plot_x = x + offset
    ticks = forest_axis(panel, width)
    low, high = ticks[0], ticks[-1]

    def at(v: float) -> float:
        return plot_x + (v - low) / (high - low) * plot_w

    labels = _row_lines(panel, width)
    heights = [_row_height(lines) for lines in labels]
    bottom = y - sum(heights)
    # Grid and reference.
    c.setLineWidth(0.3)
    c.setStrokeColor(FAINT)
    for t in ticks:
        c.line(at(t), y, at(t), bottom)
    row_top = y
    for i, (row, lines, h) in enumerate(zip(panel.rows, labels, heights, strict=True)):
        mid = row_top - h / 2
        if i % 2 == 0:
            c.setFillColor(HexColor("#f4f4f4"))
            c.rect(x, row_top - h, width, h, stroke=0, fill=1)
            c.setStrokeColor(FAINT)
            for t in ticks:
                c.line(at(t), row_top, at(t), row_top - h)
        row_top -= h
        c.setFillColor(INK)
        font = BOLD if row.strong else REGULAR
        first = mid + (len(lines) - 1) * BODY * 1.15 / 2
        for k, line in enumerate(lines):
            _text(c, x + 2, first - k * BODY * 1.15 - 2.6, line, font, BODY)
        if panel.bars:
            c.setFillColor(FILLS[1])
            c.setStrokeColor(INK)
            c.setLineWidth(0.4)
            left = at(min(0.0, row.value))
            c.rect(left, mid - 3.6, abs(at(row.value) - at(0.0)), 7.2, stroke=1, fill=1)
        c.setStrokeColor(GREY)
        c.setLineWidth(1.0)
        _whisker(c, at(row.low), at(row.high), mid)
        if not panel.bars:
            c.setLineWidth(0.9)
            c.setStrokeColor(STRONG if row.strong else INK)
            c.setFillColor(STRONG if row.strong else white)
            c.circle(at(row.value), mid, 2.6, stroke=1, fill=1)
        c.setFillColor(INK)
        figure = _figure(row, panel)
        size = _fitted(figure, REGULAR, SMALL, value_w)
        _text(c, x + width - 2, mid - 2.6, figure, REGULAR, size, "right")
    if panel.against is not None:
        c.setStrokeColor(RULE)
        c.setLineWidth(0.8)
        c.setDash(2.5, 2)
        c.line(at(panel.against), y + 2, at(panel.against), bottom)
        c.setDash()
    _axis(c, ticks, at, plot_x, plot_w, bottom, panel.unit, panel.signed)


def _axis(
    c: Canvas,
    ticks: list[float],
    at: Callable[[float], float],
    plot_x: float,
    plot_w: float,
    bottom: float,
    unit: str,
    signed: bool,
) -> None:
    """A horizontal axis under a plot, with its ticks and their values."""
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.line(plot_x, bottom, plot_x + plot_w, bottom)
    c.setFillColor(GREY)
    for t in ticks:
        c.line(at(t), bottom, at(t), bottom - 2.5)
        _text(c, at(t), bottom - 10, _tick(t, unit, signed), REGULAR, SMALL, "centre")


def _whisker(c: Canvas, left: float, right: float, mid: float) -> None:
    """An interval's line from `left` to `right` at height `mid`, with end caps."""
    c.line(left, mid, right, mid)
    c.line(left, mid - 2.4, left, mid + 2.4)
    c.line(right, mid - 2.4, right, mid + 2.4)


def _bins(panel: Distribution) -> tuple[list[tuple[int, int]], list[list[float]]]:
    """The value ranges (first, last) drawn as bars, and each series' share in each."""
    values = sorted({v for s in panel.series for v, _ in s.counts})
    if not values:
        return [], [[] for _ in panel.series]
    first, last = values[0], values[-1]
    span = last - first + 1
    step = 1 if span <= MAX_BINS else int(_nice(span / MAX_BINS))
    start = first - first % step if step > 1 else first
    edges = list(range(start, last + 1, step))
    ranges = [(e, e + step - 1) for e in edges]
    shares = []
    for s in panel.series:
        total = s.games or 1
        found = [0] * len(ranges)
        for v, k in s.counts:
            found[(v - start) // step] += k
        shares.append([k / total for k in found])
    return ranges, shares


LEGEND_LINE = 12.0  # a legend's line


def _legend_places(names: list[str], width: float) -> list[tuple[float, int, float]]:
    """Where each legend entry goes, (x from the left, line, type size): left to right,
    on as many lines as `width` needs, a name wider than a line in smaller type."""
    out: list[tuple[float, int, float]] = []
    x, line = 0.0, 0
    for name in names:
        size = _fitted(name, REGULAR, SMALL, width - 10)
        need = 10 + _width(name, REGULAR, size)
        if x > 0 and x + need > width:
            x, line = 0.0, line + 1
        out.append((x, line, size))
        x += need + 14
    return out


def _legend_height(names: list[str], width: float) -> float:
    places = _legend_places(names, width)
    return LEGEND_LINE * (1 + max((line for _, line, _ in places), default=0)) + 4


def _legend(c: Canvas, names: list[str], x: float, y: float, width: float) -> None:
    """A swatch and a name for each series or part, left to right from (x, y), on more
    lines when they need them (a name is never cut)."""
    fills = _fills(len(names))
    places = _legend_places(names, width)
    for fill, name, (dx, line, size) in zip(fills, names, places, strict=True):
        yy = y - line * LEGEND_LINE
        c.setFillColor(fill)
        c.setStrokeColor(INK)
        c.setLineWidth(0.3)
        c.rect(x + dx, yy - 8, 7, 7, stroke=1, fill=1)
        c.setFillColor(INK)
        _text(c, x + dx + 10, yy - 7, name, REGULAR, size)


def _distribution_legend(panel: Distribution, width: float) -> float:
    names = [s.name for s in panel.series]
    return _legend_height(names, width) if len(names) > 1 else 0.0


def _distribution_height(panel: Distribution, width: float) -> float:
    return _heading_height(panel, width) + _distribution_legend(panel, width) + PLOT + 26


def _draw_distribution(c: Canvas, panel: Distribution, x: float, top: float, width: float) -> None:
    y = _draw_heading(c, panel, x, top, width)
    fills = _fills(len(panel.series))
    if len(panel.series) > 1:
        _legend(c, [s.name for s in panel.series], x, y, width)
        y -= _distribution_legend(panel, width)
    ranges, shares = _bins(panel)
    axis_w = 26.0
    plot_x, plot_w = x + axis_w, width - axis_w - 2
    bottom = y - PLOT
    most = max((v for row in shares for v in row), default=0.0) or 1.0
    ticks = _ticks(0.0, most, 4)
    top_share = max(most, ticks[-1])
    c.setLineWidth(0.3)
    for t in ticks:
        yy = bottom + t / top_share * PLOT
        c.setStrokeColor(FAINT)
        c.line(plot_x, yy, plot_x + plot_w, yy)
        c.setFillColor(GREY)
        _text(c, plot_x - 3, yy - 2.3, _tick(t, "rate", False), REGULAR, SMALL, "right")
    if ranges:
        slot = plot_w / len(ranges)
        bar = slot * 0.8 / len(shares)
        for j in range(len(ranges)):
            for i, row in enumerate(shares):
                h = row[j] / top_share * PLOT
                if h <= 0:
                    continue
                c.setFillColor(fills[i])
                c.setStrokeColor(INK)
                c.setLineWidth(0.3)
                c.rect(plot_x + j * slot + slot * 0.1 + i * bar, bottom, bar, h, stroke=1, fill=1)
        # Labels under the bars, as many as fit: a value under its bar, or where a
        # range of values begins, at its left edge.
        single = all(first == last for first, last in ranges)
        label = max(_width(str(first), REGULAR, SMALL) for first, _ in ranges) + 5
        every = max(1, math.ceil(label / slot))
        c.setFillColor(GREY)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        for j, (first, _) in enumerate(ranges):
            if j % every:
                continue
            at_x = plot_x + (j + 0.5) * slot if single else plot_x + j * slot
            if not single:
                c.line(at_x, bottom, at_x, bottom - 2.5)
            _text(c, at_x, bottom - 9, str(first), REGULAR, SMALL, "centre")
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.line(plot_x, bottom, plot_x + plot_w, bottom)
    c.setFillColor(GREY)
    games = ", ".join(f"{s.games:,}" for s in panel.series)
    caption = f"{panel.axis}; share of the games ({games})"
    size = _fitted(caption, REGULAR, SMALL, width)
    _text(c, plot_x + plot_w, bottom - 19, caption, REGULAR, size, "right")


def _stack_height(panel: Stack, width: float) -> float:
    legend = _legend_height(list(panel.parts), width) - 2
    return _heading_height(panel, width) + legend + len(panel.rows) * (ROW + 2) + 20


def _draw_stack(c: Canvas, panel: Stack, x: float, top: float, width: float) -> None:
    y = _draw_heading(c, panel, x, top, width)
    fills = _fills(len(panel.parts))
    _legend(c, list(panel.parts), x, y, width)
    y -= _legend_height(list(panel.parts), width) - 2
    label_w = width * 0.28
    plot_x, plot_w = x + label_w + 4, width - label_w - 40
    most = max(
        max(sum(parts), interval[1] if interval else 0.0) for _, parts, interval in panel.rows
    )
    ticks = _fitting_ticks(0.0, most or 1.0, 5, plot_w, lambda t: _tick(t, "points", False))
    high = max(most, ticks[-1]) or 1.0

    def at(v: float) -> float:
        return plot_x + v / high * plot_w

    bottom = y - len(panel.rows) * (ROW + 2)
    c.setLineWidth(0.3)
    c.setStrokeColor(FAINT)
    for t in ticks:
        c.line(at(t), y, at(t), bottom)
    for i, (label, parts, interval) in enumerate(panel.rows):
        mid = y - (i + 0.5) * (ROW + 2)
        c.setFillColor(INK)
        _text(c, x + 2, mid - 2.6, label, REGULAR, _fitted(label, REGULAR, BODY, label_w - 4))
        left = 0.0
        for k, share in enumerate(parts):
            c.setFillColor(fills[k])
            c.setStrokeColor(INK)
            c.setLineWidth(0.4)
            if share > 0:
                c.rect(at(left), mid - 4, at(left + share) - at(left), 8, stroke=1, fill=1)
            left += share
        if interval is not None:
            c.setStrokeColor(INK)
            c.setLineWidth(0.9)
            _whisker(c, at(interval[0]), at(interval[1]), mid)
        c.setFillColor(INK)
        digits = column_places((sum(p), i) for _, p, i in panel.rows)
        total, _, _ = shown(sum(parts), interval, digits=digits)
        _text(c, x + width - 2, mid - 2.6, total, REGULAR, SMALL, "right")
    _axis(c, ticks, at, plot_x, plot_w, bottom, "points", False)


def _height(panel: Panel, width: float) -> float:
    if isinstance(panel, Forest):
        return _forest_height(panel, width)
    if isinstance(panel, Distribution):
        return _distribution_height(panel, width)
    return _stack_height(panel, width)


def _draw(c: Canvas, panel: Panel, x: float, top: float, width: float) -> None:
    if isinstance(panel, Forest):
        _draw_forest(c, panel, x, top, width)
    elif isinstance(panel, Distribution):
        _draw_distribution(c, panel, x, top, width)
    else:
        _draw_stack(c, panel, x, top, width)


# The page.


@dataclass(frozen=True)
class _Placed:
    panel: Panel
    page: int
    x: float
    top: float
    width: float


def _header(report: BalanceReport, width: float) -> list[tuple[str, str, float, Color]]:
    out: list[tuple[str, str, float, Color]] = [
        (line, BOLD, TITLE, INK) for line in _lines(report.title, BOLD, TITLE, width)
    ]
    for fact in report.facts:
        out += [
            (line, REGULAR, SMALL + 0.4, GREY) for line in _lines(fact, REGULAR, SMALL + 0.4, width)
        ]
    return out


def _verdict(report: BalanceReport, width: float) -> list[tuple[str, str, float, Color]]:
    out: list[tuple[str, str, float, Color]] = []
    for i, sentence in enumerate((*report.verdict, *report.notes)):
        font = BOLD if i == 0 else REGULAR
        out += [(line, font, BODY, INK) for line in _lines(sentence, font, BODY, width - 12)]
    return out


# A forest is cut to fill the room left on a page only when that room holds this many
# of its rows (fewer go whole to the next page).
LEAST_ROWS = 4


def _cut(panel: Forest, count: int) -> tuple[Forest, Forest]:
    """A forest's first `count` rows, and the rest as a forest titled "(continued)";
    both keep the whole forest's scale."""
    values = [v for r in panel.rows for v in (r.low, r.high, r.value)]
    scale = panel.scale or (min(values), max(values))
    rest = replace(
        panel,
        rows=panel.rows[count:],
        title=panel.title.removesuffix(" (continued)") + " (continued)",
        caption="",
        scale=scale,
    )
    return replace(panel, rows=panel.rows[:count], scale=scale), rest


def _fits_rows(panel: Forest, width: float, room: float) -> int:
    """How many of a forest's rows fit in `room` (at least one)."""
    heights = [_row_height(lines) for lines in _row_lines(panel, width)]
    left = room - _heading_height(panel, width) - 22
    count, used = 0, 0.0
    for h in heights:
        if count and used + h > left:
            break
        count, used = count + 1, used + h
    return count


def _cut_row(row: list[tuple[Panel, float]], room: float) -> tuple[list[Panel], list[Panel]] | None:
    """A row of panels (one, or a pair side by side) cut to fit `room`: each forest's
    rows that fit, and the rest to go on; None when that cannot be done (a panel that is
    no forest does not fit, or a part would hold fewer than `LEAST_ROWS` rows)."""
    parts: list[Panel] = []
    rests: list[Panel] = []
    for panel, width in row:
        if _height(panel, width) <= room:
            parts.append(panel)
            continue
        if not isinstance(panel, Forest):
            return None
        count = min(_fits_rows(panel, width, room), len(panel.rows) - LEAST_ROWS)
        if count < LEAST_ROWS:
            return None
        part, rest = _cut(panel, count)
        parts.append(part)
        rests.append(rest)
    return (parts, rests) if rests else None


def _split(panel: Panel, width: float, most: float) -> list[Panel]:
    """A forest too tall for a page as forests of as many rows as fit (the later ones
    titled "(continued)", all on the whole forest's scale); any other panel as it is."""
    if not isinstance(panel, Forest) or _height(panel, width) <= most:
        return [panel]
    out: list[Panel] = []
    rest: Forest = panel
    while _height(rest, width) > most:
        part, rest = _cut(rest, _fits_rows(rest, width, most))
        out.append(part)
    return [*out, rest]


def _layout(report: BalanceReport, page_w: float, page_h: float) -> tuple[list[_Placed], int]:
    """Where each panel goes, and how many pages it takes. Half-width panels go in pairs;
    a wide one, or a half one with no half one after it, takes the page's width. A
    forest that does not fit the room left on a page fills it, and goes on over the
    next page, when that room holds `LEAST_ROWS` of its rows."""
    width = page_w - 2 * MARGIN
    half = (width - GUTTER) / 2
    head = sum(size * 1.3 for *_, size, _ in _header(report, width))
    verdict = sum(BODY * 1.3 for _ in _verdict(report, width)) + 12
    first_top = page_h - MARGIN - head - 6 - verdict - 10
    top = first_top
    floor = MARGIN + 12
    later_top = page_h - MARGIN - 16
    panels: list[Panel] = [
        part
        for panel in report.panels
        for part in _split(panel, width if panel.wide else half, later_top - floor)
    ]
    placed: list[_Placed] = []
    page = 0
    i = 0
    while i < len(panels):
        panel = panels[i]
        partner = panels[i + 1] if i + 1 < len(panels) else None
        if panel.wide or partner is None or partner.wide:
            row = [(panel, width)]
        else:
            row = [(panel, half), (partner, half)]
        need = max(_height(p, w) for p, w in row)
        if top - need < floor:
            cut = _cut_row(row, top - floor)
            if cut is not None:
                # Fill the room left here, and go on over the next page.
                parts, rests = cut
                panels[i : i + len(row)] = [*parts, *rests]
                row = [(part, w) for part, (_, w) in zip(parts, row, strict=True)]
                need = max(_height(p, w) for p, w in row)
            elif not (page > 0 and top == later_top):  # (a split panel fits a fresh page)
                page += 1
                top = later_top
                continue  # (placed afresh, on the new page)
        for k, (p, w) in enumerate(row):
            placed.append(_Placed(p, page, MARGIN + k * (half + GUTTER), top, w))
        top -= need + 14
        i += len(row)
    return placed, page + 1


def report_pdf(report: BalanceReport, paper: str = "a4") -> bytes:
    """The report as a PDF (one page, or more when the panels need them)."""
    size = PAPERS[paper]
    page_w, page_h = size.width, size.height
    c, buffer = new_canvas(report.title, "kitgen balance report")
    c.setPageSize((page_w, page_h))
    width = page_w - 2 * MARGIN
    placed, pages = _layout(report, page_w, page_h)
    for page in range(pages):
        if page:
            c.showPage()
            c.setFillColor(GREY)
            _text(c, MARGIN, page_h - MARGIN - 4, f"{report.title} (continued)", BOLD, BODY)
        else:
            y = page_h - MARGIN
            for line, font, size_, colour in _header(report, width):
                y -= size_ * 1.3
                c.setFillColor(colour)
                _text(c, MARGIN, y + size_ * 0.3, line, font, size_)
            y -= 6
            lines = _verdict(report, width)
            box = sum(BODY * 1.3 for _ in lines) + 12
            c.setFillColor(HexColor("#f2f2f2"))
            c.setStrokeColor(RULE)
            c.setLineWidth(0.5)
            c.rect(MARGIN, y - box, width, box, stroke=1, fill=1)
            yy = y - 6
            for line, font, size_, colour in lines:
                yy -= size_ * 1.3
                c.setFillColor(colour)
                _text(c, MARGIN + 6, yy + size_ * 0.3, line, font, size_)
        for p in placed:
            if p.page == page:
                _draw(c, p.panel, p.x, p.top, p.width)
        c.setFillColor(GREY)
        _text(
            c,
            page_w - MARGIN,
            MARGIN - 4,
            f"page {page + 1} of {pages}",
            REGULAR,
            SMALL,
            "right",
        )
    return finish(c, buffer)


def report_png(pdf: bytes, dpi: int = 150) -> bytes:
    """The report's pages as one PNG, stacked top to bottom, white behind."""
    import pypdfium2 as pdfium
    from PIL import Image

    document = pdfium.PdfDocument(pdf)
    try:
        images = [page.render(scale=dpi / 72).to_pil().convert("RGB") for page in document]
    finally:
        document.close()
    width = max(i.width for i in images)
    sheet = Image.new("RGB", (width, sum(i.height for i in images)), "white")
    y = 0
    for image in images:
        sheet.paste(image, (0, y))
        y += image.height
    out = io.BytesIO()
    sheet.save(out, format="PNG", dpi=(dpi, dpi), optimize=False)
    return out.getvalue()


def report_bytes(report: BalanceReport, path: str, paper: str = "a4") -> bytes:
    """The report for `path` on `paper`: a PDF, or a PNG for a name ending in .png."""
    pdf = report_pdf(report, paper)
    return report_png(pdf) if path.lower().endswith(".png") else pdf
