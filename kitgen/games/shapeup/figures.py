"""Shape Up!'s rule-booklet figures: one card with its parts named, and part of a table.

Both draw cards with the card sheets' own face painter, scaled down, so the
booklet shows exactly what is printed.
"""

from __future__ import annotations

import math
from typing import Any

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.api import BOLD, ITALIC, MM, FigurePainter, Figures, FigureSizer, Ink, text_width, wrap
from kitgen.games.shapeup.cards import (
    INK_BLACK,
    POKER_H,
    POKER_W,
    FaceGeometry,
    colour_style,
    draw_face,
    outline,
    symbol_weight,
)
from kitgen.games.shapeup.figure_args import (
    ShapeUpCardArgs,
    ShapeUpCell,
    ShapeUpGridArgs,
    ShapeUpRun,
    parse_shapeup_cell,
)
from kitgen.games.shapeup.model import Card

GREY = HexColor("#6b6b6b")
EDGE = HexColor("#9a9a9a")
OK_INK = HexColor("#2e7d32")  # dark enough to read as black in greyscale
NO_INK = HexColor("#a32620")
TILE_W_MAX, TILE_GAP = 19 * MM, 1.6 * MM
GRID_H_MAX = 105 * MM  # the tallest a grid of cards may be
RUN_OUT = 1.3 * MM  # how far a run's band reaches beyond its cards
CARD_FIGURE_W, CARD_FIGURE_H = 124 * MM, 68 * MM


def _card(text: str) -> Card:
    """A card named in a figure; a stand-in keeps a bad file from crashing (it is checked)."""
    try:
        return Card.parse(text)
    except ValueError:
        return Card("blue", "hollow", "circle")


def _cell(text: str) -> ShapeUpCell | None:
    try:
        return parse_shapeup_cell(text)
    except ValueError:
        return None


def draw_card(
    c: Canvas, card: Card, x: float, y: float, width: float, ink: Ink, *, small: bool = False
) -> None:
    """A card face `width` wide with its lower-left corner at (x, y), with a thin edge."""
    k = width / POKER_W
    c.saveState()
    c.translate(x, y)
    c.scale(k, k)
    draw_face(c, card, POKER_W, POKER_H, 0, ink, small=small)
    c.restoreState()
    c.saveState()
    c.setStrokeColor(EDGE)
    c.setLineWidth(0.4)
    c.roundRect(x, y, width, POKER_H * k, 3 * MM * k, stroke=1, fill=0)
    c.restoreState()


# --- The card and its parts ------------------------------------------------------------------


def _label(
    c: Canvas,
    lines: tuple[str, str],
    x: float,
    y: float,
    to: tuple[float, float],
    right: bool,
    size: float,
) -> None:
    """A part's name in bold over a detail in italics, with a leader line to the part."""
    c.saveState()
    c.setFillColor(INK_BLACK)
    c.setStrokeColor(GREY)
    c.setLineWidth(0.45)
    for i, (text, font) in enumerate(zip(lines, (BOLD, ITALIC), strict=True)):
        c.setFont(font, size)
        baseline = y - 0.1 * size - i * size * 1.2
        if right:
            c.drawString(x, baseline, text)
        else:
            c.drawRightString(x, baseline, text)
    start = x - 1.2 * MM if right else x + 1.2 * MM
    c.line(start, y + 0.3 * size, to[0], to[1])
    c.circle(to[0], to[1], 0.8, stroke=0, fill=1)
    c.restoreState()


def _on_symbol(card: Card, geo: FaceGeometry, degrees: float) -> tuple[float, float]:
    """A point on the symbol's ink, in the direction `degrees` from its centre.

    It lies on the outline's edge, moved in by half a hollow ring's thickness,
    so it touches ink whether the symbol is hollow or solid.
    """
    edge = outline(card.shape, *geo.centre, geo.symbol)
    dx, dy = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    reach = edge.apothem
    corners = edge.corners
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        # Where the ray from the centre crosses this edge, if it does.
        ex, ey = x1 - x0, y1 - y0
        det = dx * ey - dy * ex
        if abs(det) < 1e-9:
            continue
        t = ((x0 - edge.cx) * ey - (y0 - edge.cy) * ex) / det
        u = ((x0 - edge.cx) * dy - (y0 - edge.cy) * dx) / det
        if t > 0 and -1e-9 <= u <= 1 + 1e-9:
            reach = t
    reach -= symbol_weight(geo.symbol) / 2
    return edge.cx + dx * reach, edge.cy + dy * reach


def _parts(card: Card, geo: FaceGeometry) -> tuple[list[Any], list[Any]]:
    """The labels left and right of the card: (two lines of text, point in card coordinates)."""
    style = colour_style(card.colour)
    fill = ("hollow", "a thick outline") if card.fill == "hollow" else ("solid", "filled in")
    left = [
        (("corner index", "letter and small symbol"), (geo.index_x - 2 * MM, geo.letter_y + 3)),
        (("colour mark", f"{style.letter}, {style.line} frame and line"), (geo.safe, geo.h * 0.62)),
        (("fill", f"{fill[0]}: {fill[1]}"), _on_symbol(card, geo, 200)),
    ]
    right = [
        (("symbol", str(card)), _on_symbol(card, geo, 90)),
        (("shape", card.shape), _on_symbol(card, geo, -10)),
        (
            ("corner index", "turned for across the table"),
            (geo.w - geo.index_x + 2 * MM, geo.h - geo.letter_y - 3),
        ),
    ]
    return left, right


def _spread(ys: list[float], gap: float) -> list[float]:
    """Label heights from top to bottom, pushed apart to at least `gap`."""
    out: list[float] = []
    for y in ys:
        out.append(min(y, out[-1] - gap) if out else y)
    return out


def card_figure() -> tuple[FigureSizer, FigurePainter]:
    """One card, large, with its symbol, colour mark, fill, shape and corner indices named."""

    def size(args: dict[str, Any], width: float) -> tuple[float, float]:
        return min(width, CARD_FIGURE_W), CARD_FIGURE_H

    def paint(c: Canvas, args: dict[str, Any], width: float, height: float, ink: Ink) -> None:
        card = _card(ShapeUpCardArgs.model_validate(args).card)
        k = (height - 4 * MM) / POKER_H
        w = POKER_W * k
        x0, y0 = (width - w) / 2, 2 * MM
        draw_card(c, card, x0, y0, w, ink)
        geo = FaceGeometry(POKER_W, POKER_H)
        left, right = _parts(card, geo)
        room = x0 - 5 * MM
        texts = [t for lines, _ in left + right for t in lines]
        font_size = 7.0
        while font_size > 5 and max(text_width(t, BOLD, font_size) for t in texts) > room:
            font_size -= 0.25
        for items, is_right in ((left, False), (right, True)):
            points = [(x0 + p[0] * k, y0 + p[1] * k) for _, p in items]
            ys = _spread([p[1] for p in points], font_size * 2.9)
            x = x0 + w + 4 * MM if is_right else x0 - 4 * MM
            for (lines, _), y, point in zip(items, ys, points, strict=True):
                _label(c, lines, x, y, point, is_right, font_size)

    return size, paint


# --- Part of a table -------------------------------------------------------------------------


class GridGeometry:
    """Tile size and positions for a grid figure of `rows` x `cols` cells."""

    def __init__(self, rows: int, cols: int, width: float) -> None:
        self.rows, self.cols = rows, max(cols, 1)
        fit_w = (width - 2 * RUN_OUT - (self.cols - 1) * TILE_GAP) / self.cols
        fit_h = (GRID_H_MAX - (rows - 1) * TILE_GAP) / max(rows, 1) * POKER_W / POKER_H
        self.tile_w = max(min(TILE_W_MAX, fit_w, fit_h), 6 * MM)
        self.tile_h = self.tile_w * POKER_H / POKER_W
        self.width = self.cols * self.tile_w + (self.cols - 1) * TILE_GAP + 2 * RUN_OUT
        self.height = rows * self.tile_h + (rows - 1) * TILE_GAP + 2 * RUN_OUT

    def tile(self, row: int, col: int, base: float) -> tuple[float, float]:
        """The lower-left corner of the tile at (row, col), rows counted from the top."""
        x = RUN_OUT + col * (self.tile_w + TILE_GAP)
        y = base + RUN_OUT + (self.rows - 1 - row) * (self.tile_h + TILE_GAP)
        return x, y


def _space(c: Canvas, x: float, y: float, geo: GridGeometry, mark: str, ink: Ink) -> None:
    """An empty space: dashed, with a tick where a card may go or a cross where it may not."""
    w, h = geo.tile_w, geo.tile_h
    c.saveState()
    c.setStrokeColor(INK_BLACK)
    c.setLineWidth(0.7)
    c.setDash(2.2, 1.6)
    c.roundRect(x, y, w, h, 3 * MM * w / POKER_W, stroke=1, fill=0)
    c.setDash()
    c.setLineCap(1)
    c.setLineJoin(1)
    cx, cy, r = x + w / 2, y + h / 2, w * 0.22
    if mark == "ok":
        c.setStrokeColor(INK_BLACK if ink == "low" else OK_INK)
        c.setLineWidth(w * 0.07)
        path = c.beginPath()
        path.moveTo(cx - r, cy)
        path.lineTo(cx - r * 0.3, cy - r * 0.7)
        path.lineTo(cx + r, cy + r * 0.8)
        c.drawPath(path, stroke=1, fill=0)
    else:
        c.setStrokeColor(INK_BLACK if ink == "low" else NO_INK)
        c.setLineWidth(w * 0.05)
        c.line(x + w * 0.18, y + w * 0.18, x + w * 0.82, y + h - w * 0.18)
        c.line(x + w * 0.18, y + h - w * 0.18, x + w * 0.82, y + w * 0.18)
    c.restoreState()


def _run_band(c: Canvas, run: ShapeUpRun, geo: GridGeometry, base: float, index: int) -> None:
    """A rounded band around a run's cards: black on a white halo, so it reads on any card."""
    last_row, last_col = geo.rows - 1, geo.cols - 1
    if run.direction == "row":
        r0 = r1 = min(run.index - 1, last_row)
        c0, c1 = min(run.start - 1, last_col), min(run.start + run.length - 2, last_col)
    else:
        c0 = c1 = min(run.index - 1, last_col)
        r0, r1 = min(run.start - 1, last_row), min(run.start + run.length - 2, last_row)
    out = RUN_OUT - (index % 2) * 0.6 * MM  # crossing runs do not share an outline
    x0, _ = geo.tile(r0, c0, base)
    _, y0 = geo.tile(r1, c1, base)
    x1 = geo.tile(r0, c1, base)[0] + geo.tile_w
    y1 = geo.tile(r0, c0, base)[1] + geo.tile_h
    box = (x0 - out, y0 - out, x1 - x0 + 2 * out, y1 - y0 + 2 * out)
    radius = min(geo.tile_w, geo.tile_h) * 0.45
    c.saveState()
    c.setStrokeColor(white)
    c.setLineWidth(4.2)
    c.roundRect(*box, radius, stroke=1, fill=0)
    c.setStrokeColor(INK_BLACK)
    c.setLineWidth(1.8)
    c.roundRect(*box, radius, stroke=1, fill=0)
    c.restoreState()


def _legend(cells: list[ShapeUpCell | None], runs: bool) -> str:
    """What the marks in this figure mean, only those it uses."""
    parts = []
    if any(cell is not None and cell.new for cell in cells):
        parts.append("thick frame: the card just played")
    if any(cell is not None and cell.mark == "ok" for cell in cells):
        parts.append("tick: a card may go here")
    if any(cell is not None and cell.mark == "no" for cell in cells):
        parts.append("cross: a card may not go here")
    if runs:
        parts.append("band: a line that scores")
    return " \u00b7 ".join(parts)


LEGEND_SIZE = 6.2


def grid_figure() -> tuple[FigureSizer, FigurePainter]:
    """Rows of cards and spaces, the card just played framed, scoring lines outlined."""

    def layout(args: dict[str, Any], width: float) -> tuple[GridGeometry, list[str]]:
        grid = ShapeUpGridArgs.model_validate(args)
        cols = max((len(row) for row in grid.cells), default=1)
        geo = GridGeometry(len(grid.cells), cols, width)
        cells = [_cell(text) for row in grid.cells for text in row]
        legend = _legend(cells, bool(grid.runs))
        lines = wrap(legend, ITALIC, LEGEND_SIZE, max(geo.width, 60 * MM)) if legend else []
        return geo, lines

    def size(args: dict[str, Any], width: float) -> tuple[float, float]:
        geo, lines = layout(args, width)
        legend_h = len(lines) * LEGEND_SIZE * 1.25 + (1.5 * MM if lines else 0)
        return min(width, max(geo.width, 60 * MM if lines else 0)), geo.height + legend_h

    def paint(c: Canvas, args: dict[str, Any], width: float, height: float, ink: Ink) -> None:
        grid = ShapeUpGridArgs.model_validate(args)
        geo, lines = layout(args, width)
        base = height - geo.height
        left = (width - geo.width) / 2
        c.saveState()
        c.translate(left, 0)
        for r, row in enumerate(grid.cells):
            for col, text in enumerate(row):
                cell = _cell(text)
                if cell is None:
                    continue
                x, y = geo.tile(r, col, base)
                if cell.card is None:
                    _space(c, x, y, geo, cell.mark or "no", ink)
                    continue
                draw_card(c, cell.card, x, y, geo.tile_w, ink, small=True)
                if cell.new:
                    _new_frame(c, x, y, geo)
        for i, run in enumerate(grid.runs):
            _run_band(c, run, geo, base, i)
        c.restoreState()
        c.setFillColor(INK_BLACK)
        c.setFont(ITALIC, LEGEND_SIZE)
        y = base - 1.5 * MM - LEGEND_SIZE
        for line in lines:
            c.drawCentredString(width / 2, y, line)
            y -= LEGEND_SIZE * 1.25

    return size, paint


def _new_frame(c: Canvas, x: float, y: float, geo: GridGeometry) -> None:
    """The thick frame of the card just played, on its edge (a run's band goes outside it)."""
    c.saveState()
    c.setStrokeColor(INK_BLACK)
    c.setLineWidth(2.4)
    inset = 1.2  # half the line: the frame lies inside the card, clear of a run's band
    radius = 3 * MM * geo.tile_w / POKER_W
    w, h = geo.tile_w - 2 * inset, geo.tile_h - 2 * inset
    c.roundRect(x + inset, y + inset, w, h, radius, stroke=1, fill=0)
    c.restoreState()


def shapeup_figures() -> Figures:
    """Every figure Shape Up!'s rules can name (their `args:` models: figure_args.py)."""
    built = {"card": card_figure(), "grid": grid_figure()}
    return Figures.of(built)
