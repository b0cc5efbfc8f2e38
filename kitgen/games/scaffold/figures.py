"""Scaffold's rule-booklet figure: a board, with an optional play checked by the engine.

The board is read by `kitgen.games.scaffold.figure_args.read_scaffold_board`, which uses the
rules engine, so a figure draws exactly what `kitgen check` verified. Cards are
small faces with the rank and a vector suit from the standard deck's painter
(`kitgen.render.cards.standard`); a stack shows the left edges of the cards
under its top card (their indices still readable), a capped space its top card
turned sideways (a quarter turn, face and all, as the legend and the rules say),
an unconstructed space its face-down card (or a dashed outline).
On the cooperative board the two sides are tinted and named in words, so the
figure reads in greyscale; the low-ink edition keeps outlines only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.api import (
    BOLD,
    BOLD_ITALIC,
    EDGE,
    GREY,
    INK,
    ITALIC,
    MM,
    NO_INK,
    OK_INK,
    Card,
    FigurePainter,
    Figures,
    FigureSizer,
    Ink,
    draw_face_down,
    draw_rank,
    draw_suit,
    ink_of,
    sized_by,
    text_width,
    verdict_badge,
    verdict_line,
    wrap,
)
from kitgen.games.scaffold.figure_args import ScaffoldBoardArgs, ScaffoldFigure, read_scaffold_board
from kitgen.games.scaffold.marks import inward_arrow
from kitgen.games.scaffold.rules import (
    BOARDS,
    SIZE,
    Board,
    cell_name,
    flow_pairs,
    row_col,
)

BACK_FILL = HexColor("#dfe5ef")
BACK_LINE = HexColor("#8fa1c2")
SIDE_TINT = {"red": HexColor("#fbe3e0"), "black": HexColor("#e4e4e4")}
SIDE_LINE = {"red": HexColor("#b0362a"), "black": HexColor("#3a3a3a")}

CELL_MAX = 13.6 * MM  # a space's square: a card's height (the card is 9.7 mm wide)
GRID_MAX = 88 * MM  # the widest and tallest the grid of spaces may be
CARD_RATIO = 63 / 88  # a card's width over its height
STEP = 0.3  # how much of a card's width shows of each card under the top one
SIDE_PAD = 0.45  # how far a side's outline lies outside its spaces, over the gap
LABEL_SIZE = 6.5
LEGEND_SIZE = 7.0
LEGEND_LEAD = 1.25
LEGEND_W = 100 * MM  # the widest a legend line may be


@dataclass(frozen=True)
class Geometry:
    """Where the spaces of a board figure go, y up, origin at the figure's lower left."""

    cell: float  # the side of a space's square (a card's height)
    gap: float  # between two squares
    margin: float  # round the grid (the cooperative sides' outlines reach into it)
    left: float  # room for the row labels, beyond the margin
    top: float  # room for the column labels, beyond the margin
    legend: tuple[tuple[str, str], ...]  # the legend's lines and their fonts, below the grid
    width: float
    height: float

    @property
    def card_w(self) -> float:
        """An upright card's width."""
        return self.cell * CARD_RATIO

    @property
    def grid(self) -> float:
        """The side of the grid of spaces."""
        return SIZE * self.cell + (SIZE - 1) * self.gap

    @property
    def legend_h(self) -> float:
        """The legend's height, with the space above it."""
        if not self.legend:
            return 0.0
        return 1.8 * MM + len(self.legend) * LEGEND_SIZE * LEGEND_LEAD

    @property
    def grid_bottom(self) -> float:
        """The y of the grid's lower edge."""
        return self.height - self.top - self.margin - self.grid

    def square(self, cell: int) -> tuple[float, float]:
        """The lower-left corner of a space's square."""
        row, col = row_col(cell)
        x0 = (self.width - self.grid) / 2
        x = x0 + col * (self.cell + self.gap)
        y = self.height - self.top - self.margin - (row + 1) * self.cell - row * self.gap
        return x, y


def _args(args: dict[str, Any]) -> ScaffoldBoardArgs | None:
    try:
        return ScaffoldBoardArgs.model_validate(args)
    except ValueError:
        return None


def _legend(figure: ScaffoldFigure, args: ScaffoldBoardArgs) -> list[tuple[str, str]]:
    """What the figure's marks mean: the play and the engine's verdict, and the arrows."""
    lines: list[tuple[str, str]] = []
    if figure.play_card is not None and figure.play_cell is not None:
        move = f"{figure.play_card}@{cell_name(figure.play_cell)}"
        who = f" by {figure.player}" if figure.player else ""
        if figure.verdict is None:
            lines.append((verdict_line(f"{move}{who}", True), BOLD_ITALIC))
        else:
            lines.append((verdict_line(f"{move}{who}", False), BOLD_ITALIC))
            reason = figure.verdict[0].upper() + figure.verdict[1:]
            lines.append((f"{reason}.", ITALIC))
    if args.rings:
        lines.append(
            (
                "Each arrow points to the neighbour nearer the centre: a top card may never"
                " be higher than the top card its arrows point to.",
                ITALIC,
            )
        )
    return lines


def geometry(args: dict[str, Any], width: float) -> Geometry:
    """The figure's size and layout for the space available."""
    parsed = _args(args)
    rings = bool(parsed and parsed.rings)
    labels = bool(parsed and parsed.labels)
    gap_k = 0.3 if rings else 0.12
    margin_k = gap_k * SIDE_PAD + 0.02 if parsed and parsed.mode == "cooperative" else 0.0
    left = 5 * MM if labels else 0.0
    top = 4 * MM if labels else 0.0
    across = SIZE + (SIZE - 1) * gap_k + 2 * margin_k  # the grid and its margins, in cells
    cell = min(CELL_MAX, min(width - 2 * left, GRID_MAX) / across)
    gap, margin = cell * gap_k, cell * margin_k
    fig_w = width  # the grid is centred in the whole width, like the text's column
    legend: list[tuple[str, str]] = []
    if parsed is not None:
        for text, font in _legend(read_scaffold_board(parsed), parsed):
            lines = wrap(text, font, LEGEND_SIZE, min(fig_w, LEGEND_W))
            legend += [(line, font) for line in lines]
    geo = Geometry(cell, gap, margin, left, top, tuple(legend), fig_w, 0.0)
    height = top + geo.grid + 2 * margin + geo.legend_h
    return Geometry(cell, gap, margin, left, top, tuple(legend), fig_w, height)


# --- Cards ------------------------------------------------------------------------------------


def _card_face(
    c: Canvas, card: Card, x: float, y: float, w: float, h: float, ink: Ink, unit: float
) -> None:
    """A face-up card in the box `w` by `h`: upright when the box is taller than wide, else
    turned sideways, a quarter turn clockwise, as a capping card is turned on the table
    (its index then at the top right, its rank read from the top down). `unit` is an
    upright card's width."""
    if w > h:
        c.saveState()
        c.translate(x, y + h)
        c.rotate(-90)
        _upright_face(c, card, 0.0, 0.0, h, w, ink, unit)
        c.restoreState()
    else:
        _upright_face(c, card, x, y, w, h, ink, unit)


def _upright_face(
    c: Canvas, card: Card, x: float, y: float, w: float, h: float, ink: Ink, unit: float
) -> None:
    """An upright face: white, an edge, an index in the top-left corner, and the rank above
    the suit, large."""
    radius = 0.09 * unit
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(EDGE)
    c.setLineWidth(0.5)
    c.roundRect(x, y, w, h, radius, stroke=1, fill=1)
    colour = ink_of(card)
    rank = card.rank_text
    # The index: rank over a small suit, in the top-left corner.
    size = 0.27 * unit
    ix = x + 0.15 * unit
    c.setFillColor(colour)
    draw_rank(c, rank, ix, y + h - 0.06 * unit - 0.73 * size, size)
    draw_suit(c, card.suit, ix, y + h - 0.06 * unit - size - 0.12 * unit, 0.15 * unit, ink)
    # The rank and suit, large.
    big = 0.44 * unit
    pip = 0.34 * unit
    cx = x + w / 2 + 0.07 * unit
    c.setFillColor(colour)
    draw_rank(c, rank, cx, y + h * 0.45, big)
    draw_suit(c, card.suit, cx, y + h * 0.26, pip, ink)
    c.restoreState()


def _face_down(c: Canvas, x: float, y: float, w: float, h: float, ink: Ink) -> None:
    """A face-down card: a pale back with diagonal lines (white with lines in low ink)."""
    draw_face_down(c, x, y, w, h, ink, fill=BACK_FILL, line=BACK_LINE, corner=0.09, stripes=0.1)


def _empty(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """An empty space: a dashed outline."""
    c.saveState()
    c.setStrokeColor(GREY)
    c.setLineWidth(0.7)
    c.setDash(2.0, 1.5)
    c.roundRect(x, y, w, h, 0.09 * w, stroke=1, fill=0)
    c.restoreState()


@dataclass(frozen=True)
class Slot:
    """Where one card of a stack lies: its box and whether it is turned sideways."""

    x: float
    y: float
    w: float
    h: float

    @property
    def sideways(self) -> bool:
        """Whether the card lies sideways (the card that caps a space)."""
        return self.w > self.h


def stack_slots(geo: Geometry, cell: int, count: int, cap: int) -> list[Slot]:
    """Where each card of a stack of `count` lies, bottom card first.

    Upright cards step to the right, so each one under the top shows its left
    edge and its index; the card that caps the space lies sideways along the
    bottom of the square, below the indices of the cards under it.
    """
    x0, y0 = geo.square(cell)
    w, h = geo.card_w, geo.cell
    upright = count if count < cap else cap - 1
    step = STEP * w
    span = w + (upright - 1) * step
    left = x0 + (geo.cell - span) / 2
    slots = [Slot(left + i * step, y0, w, h) for i in range(upright)]
    for _ in range(upright, count):  # the card that caps it (and any beyond, in a bad board)
        slots.append(Slot(x0, y0, h, w))
    return slots


# --- The board --------------------------------------------------------------------------------


def _side_outline(geo: Geometry, board: Board, colour: str) -> list[tuple[float, float]]:
    """The outline round one side's spaces (a rectilinear polygon), a little outside them."""
    pad = geo.gap * SIDE_PAD
    rows: dict[int, list[int]] = {}
    for cell in board.side_spaces(colour):  # type: ignore[arg-type]
        row, col = row_col(cell)
        rows.setdefault(row, []).append(col)
    order = sorted(rows)
    bands = []
    for i, row in enumerate(order):
        x_left, top = geo.square(row * SIZE + min(rows[row]))
        x_right = geo.square(row * SIZE + max(rows[row]))[0] + geo.cell
        y_top = top + geo.cell + (pad if i == 0 else geo.gap / 2)
        y_bottom = top - (pad if i == len(order) - 1 else geo.gap / 2)
        bands.append((x_left - pad, x_right + pad, y_top, y_bottom))
    right = [p for (_, xr, yt, yb) in bands for p in ((xr, yt), (xr, yb))]
    left = [p for (xl, _, yt, yb) in reversed(bands) for p in ((xl, yb), (xl, yt))]
    return right + left


def _sides(c: Canvas, geo: Geometry, board: Board, ink: Ink) -> None:
    """The cooperative board's sides: tinted (outlined in low ink) and named in words."""
    for colour in ("red", "black"):
        points = _side_outline(geo, board, colour)
        path = c.beginPath()
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
        path.close()
        c.saveState()
        c.setStrokeColor(SIDE_LINE[colour])
        c.setLineWidth(0.8)
        c.setLineJoin(1)
        if ink == "low":
            c.setDash(3, 2)
            c.drawPath(path, stroke=1, fill=0)
        else:
            c.setFillColor(SIDE_TINT[colour])
            c.drawPath(path, stroke=1, fill=1)
        c.restoreState()
        # The side's name in the empty squares beside its inner row, both ends.
        row = 1 if colour == "red" else 3
        words = ("RED'S", "SIDE") if colour == "red" else ("BLACK'S", "SIDE")
        size = min(6.6, geo.cell * 0.9 / max(text_width(words[0], BOLD, 1), 1))
        for col in (0, SIZE - 1):
            x, y = geo.square(row * SIZE + col)
            c.saveState()
            c.setFillColor(SIDE_LINE[colour])
            c.setFont(BOLD, size)
            mid = y + geo.cell / 2
            c.drawCentredString(x + geo.cell / 2, mid + 0.15 * size, words[0])
            c.drawCentredString(x + geo.cell / 2, mid - 1.05 * size, words[1])
            c.restoreState()
    # The centre belongs to neither side.
    size = min(6.0, geo.cell * 0.17)
    c.saveState()
    c.setFillColor(GREY)
    c.setFont(ITALIC, size)
    for col in (1, 3):
        x, y = geo.square(2 * SIZE + col)
        c.drawCentredString(x + geo.cell / 2, y + geo.cell / 2 - size * 0.35, "no side")
    c.restoreState()


def _labels(c: Canvas, geo: Geometry) -> None:
    """Column names above the grid and row names to its left, as moves write them."""
    c.saveState()
    c.setFillColor(GREY)
    c.setFont(BOLD, LABEL_SIZE)
    for i in range(SIZE):
        x, y = geo.square(i)
        c.drawCentredString(x + geo.cell / 2, y + geo.cell + geo.margin + 1.3 * MM, f"c{i + 1}")
        x, y = geo.square(i * SIZE)
        c.drawRightString(
            x - geo.margin - 1.3 * MM, y + geo.cell / 2 - LABEL_SIZE * 0.35, f"r{i + 1}"
        )
    c.restoreState()


def _arrows(c: Canvas, geo: Geometry, board: Board) -> None:
    """An arrow in the gap between every two neighbouring spaces, pointing inwards (the
    mats' mark: `kitgen.games.scaffold.marks`)."""
    length = min(geo.gap * 0.8, 4.2 * MM)
    for outer, inner in flow_pairs(board):
        (ro, co), (ri, ci) = row_col(outer), row_col(inner)
        xo, yo = geo.square(outer)
        xi, yi = geo.square(inner)
        mx = (xo + xi) / 2 + geo.cell / 2
        my = (yo + yi) / 2 + geo.cell / 2
        inward_arrow(c, mx, my, ci - co, ro - ri, length, INK, 0.9)  # towards the inner, y up


def _ghost(c: Canvas, slot: Slot, card: Card, ok: bool, geo: Geometry, ink: Ink) -> None:
    """The card a play would put down: faded, with a thick dashed frame and its verdict."""
    unit = geo.card_w
    _card_face(c, card, slot.x, slot.y, slot.w, slot.h, ink, unit)
    # Fade it with a half-clear white veil (setting a fill colour resets the fill
    # alpha, so the face itself cannot be drawn translucent).
    c.saveState()
    c.setFillColor(white)
    c.setFillAlpha(0.45)
    c.rect(slot.x, slot.y, slot.w, slot.h, stroke=0, fill=1)
    c.restoreState()
    colour = INK if ink == "low" else (OK_INK if ok else NO_INK)
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(1.3)
    c.setDash(2.4, 1.4)
    c.roundRect(slot.x, slot.y, slot.w, slot.h, 0.09 * unit, stroke=1, fill=0)
    c.restoreState()
    r = 0.27 * unit
    verdict_badge(c, slot.x + slot.w - r * 0.35, slot.y + slot.h - r * 0.35, r, ok, ink)


def paint_board(c: Canvas, args: dict[str, Any], width: float, height: float, ink: Ink) -> None:
    """Draw a board figure (see `kitgen.games.scaffold.figure_args.ScaffoldBoardArgs`)."""
    parsed = _args(args)
    if parsed is None:
        return
    geo = geometry(args, width)
    figure = read_scaffold_board(parsed)
    board = BOARDS[parsed.mode]
    if parsed.mode == "cooperative":
        _sides(c, geo, board, ink)
    if parsed.labels:
        _labels(c, geo)
    if parsed.rings:
        _arrows(c, geo, board)
    unit = geo.card_w
    for cell in board.spaces:
        stack = figure.stacks[cell]
        playing = figure.play_cell == cell and figure.play_card is not None
        slots = stack_slots(geo, cell, len(stack) + (1 if playing else 0), figure.cap)
        if not stack:
            x, y = geo.square(cell)
            box = (x + (geo.cell - unit) / 2, y, unit, geo.cell)
            if parsed.face_down:
                _face_down(c, *box, ink)
            else:
                _empty(c, *box)
        for card, slot in zip(stack, slots, strict=False):
            _card_face(c, card, slot.x, slot.y, slot.w, slot.h, ink, unit)
    if figure.play_card is not None and figure.play_cell is not None:
        cell = figure.play_cell
        count = len(figure.stacks[cell]) + 1
        slots = stack_slots(geo, cell, count, figure.cap)
        slot = slots[-1]
        if not board.is_space(cell) or len(figure.stacks[cell]) >= figure.cap:
            x, y = geo.square(cell)  # off the board, or on a capped space: upright, on top
            slot = Slot(x + (geo.cell - unit) / 2, y, unit, geo.cell)
        _ghost(c, slot, figure.play_card, figure.verdict is None, geo, ink)
    _legend_text(c, geo)


def _legend_text(c: Canvas, geo: Geometry) -> None:
    """The legend under the grid, centred: the play's verdict in bold."""
    y = geo.grid_bottom - geo.margin - 1.8 * MM - LEGEND_SIZE
    c.saveState()
    c.setFillColor(INK)
    for line, font in geo.legend:
        c.setFont(font, LEGEND_SIZE)
        c.drawCentredString(geo.width / 2, y, line)
        y -= LEGEND_SIZE * LEGEND_LEAD
    c.restoreState()


def board_figure() -> tuple[FigureSizer, FigurePainter]:
    """A Scaffold board, with an optional ghost play and its verdict."""
    return sized_by(geometry), paint_board


def scaffold_figures() -> Figures:
    """Every figure Scaffold's rules can name (their `args:` models: figure_args.py)."""
    built = {"board": board_figure()}
    return Figures.of(built)
