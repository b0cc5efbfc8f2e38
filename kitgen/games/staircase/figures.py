"""The Staircase game's rule-booklet figures: a scored staircase, and one action of a turn.

Both read their arguments with `kitgen.games.staircase.figure_args`, which uses the
rules, so a figure draws exactly what `kitgen check` verified: a staircase's
base values, sequences and breakdown come from `score_staircase`, a turn's
verdict from the rules decisions. Cards are small faces (an index, then the
rank and a vector suit large); a card about to arrive is a faded ghost in a
dashed frame, and numbered arrows say where each card goes, in order. Nothing
relies on colour alone, and the low-ink edition has no large fills.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.api import (
    BOLD,
    BOLD_ITALIC,
    EDGE,
    INK,
    ITALIC,
    MM,
    NO_INK,
    REGULAR,
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
    titled,
    verdict_line,
    wrap,
)
from kitgen.games.staircase.figure_args import (
    StaircaseArgs,
    StaircaseFigure,
    TurnArgs,
    TurnFigure,
    breakdown,
    read_staircase,
    read_turn,
)

GREY = HexColor("#5f5f5f")
BACK_FILL = HexColor("#dfe5ef")
BACK_LINE = HexColor("#7f93b8")
RUN_INK = HexColor("#1f5f8b")  # the sequence brackets: dark enough to read as black in grey
FADE = Color(1, 1, 1, alpha=0.5)
RATIO = 1.4  # a card's height over its width

CARD_W = 10.5 * MM  # the staircase figure's cards, at most
CARD_GAP = 1.5 * MM
VALUE_SIZE = 7.0  # the base value under each card
RUN_SIZE = 6.8  # a bracket's label
LEVEL_H = 2.2 * MM + RUN_SIZE  # one level of brackets: the bracket and its label
ROW_GAP = 2.5 * MM
NAME_SIZE = 8.5
SUM_SIZE = 8.5

TURN_W = 11.0 * MM  # the turn figure's cards, at most
TURN_GAP = 1.3 * MM
LABEL_SIZE = 6.0  # HAND, SCRAP PILE...
PILES_APART = 2.5 * MM  # the least room between the two piles' labels
LABEL_H = LABEL_SIZE + 1.4 * MM
BAND_H = 10.5 * MM  # between the upper cards and the staircase: the arrows' room
PILE_GAP = 6 * MM
LEGEND_SIZE = 7.0
LEGEND_LEAD = 1.3
LEGEND_W = 110 * MM
STEP_INDENT = 4.6 * MM  # a numbered step's text starts here, after its number
LIFT = 1.2 * MM  # how far the cards a move uses stand out of the hand
GHOST_UP = 1.6 * MM  # how far a card arriving on a pile lies above it
BADGE_R = 1.75 * MM  # a step number's disc


# --- Cards ------------------------------------------------------------------------------------


def card_face(c: Canvas, card: Card, x: float, y: float, w: float, ink: Ink) -> None:
    """A small face-up card `w` wide, lower-left corner at (x, y): its index in the top-left
    corner, then its rank and suit large."""
    h = w * RATIO
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(EDGE)
    c.setLineWidth(0.5)
    c.roundRect(x, y, w, h, 0.09 * w, stroke=1, fill=1)
    c.setFillColor(ink_of(card))
    index = 0.26 * w
    ix = x + 0.17 * w
    draw_rank(c, card.rank_text, ix, y + h - 0.06 * w - 0.73 * index, index, narrow=0.8)
    draw_suit(c, card.suit, ix, y + h - 0.1 * w - index - 0.1 * w, 0.15 * w, ink)
    cx = x + w / 2 + 0.06 * w
    c.setFillColor(ink_of(card))
    draw_rank(c, card.rank_text, cx, y + h * 0.44, 0.46 * w, narrow=0.8)
    draw_suit(c, card.suit, cx, y + h * 0.25, 0.36 * w, ink)
    c.restoreState()


def card_back(c: Canvas, x: float, y: float, w: float, ink: Ink) -> None:
    """A small face-down card: a pale back with diagonal lines (white with lines in low ink)."""
    h = w * RATIO
    draw_face_down(
        c, x, y, w, h, ink, fill=BACK_FILL, line=BACK_LINE, corner=0.09, stripes=0.11, frame=False
    )


def empty_place(c: Canvas, x: float, y: float, w: float, words: str) -> None:
    """Where a card would lie: a dashed outline, with a word or two inside."""
    h = w * RATIO
    c.saveState()
    c.setStrokeColor(GREY)
    c.setLineWidth(0.6)
    c.setDash(1.8, 1.4)
    c.roundRect(x, y, w, h, 0.09 * w, stroke=1, fill=0)
    c.setFillColor(GREY)
    c.setFont(ITALIC, min(6.0, 0.5 * w / max(text_width(words, ITALIC, 1), 1)))
    c.drawCentredString(x + w / 2, y + h / 2 - 2, words)
    c.restoreState()


def ghost(c: Canvas, card: Card | None, x: float, y: float, w: float, ink: Ink) -> None:
    """A card about to arrive: faded, in a thick dashed frame (face down when `card` is None)."""
    if card is None:
        card_back(c, x, y, w, ink)
    else:
        card_face(c, card, x, y, w, ink)
    c.saveState()
    c.setFillColor(FADE)  # a veil of half-transparent white fades it
    c.roundRect(x, y, w, w * RATIO, 0.09 * w, stroke=0, fill=1)
    c.restoreState()
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(1.1)
    c.setDash(2.2, 1.3)
    c.roundRect(x, y, w, w * RATIO, 0.09 * w, stroke=1, fill=0)
    c.restoreState()


def question(c: Canvas, x: float, y: float, w: float) -> None:
    """An arriving card not yet known: a dashed frame with a question mark."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(1.1)
    c.setDash(2.2, 1.3)
    c.roundRect(x, y, w, w * RATIO, 0.09 * w, stroke=1, fill=0)
    c.setFillColor(INK)
    c.setFont(BOLD, 0.6 * w)
    c.drawCentredString(x + w / 2, y + w * RATIO / 2 - 0.2 * w, "?")
    c.restoreState()


# --- The staircase figure ---------------------------------------------------------------------


def _staircase(args: dict[str, Any]) -> tuple[StaircaseArgs, StaircaseFigure] | None:
    """The figure's arguments read with the rules; None when they do not fit the model."""
    try:
        parsed = StaircaseArgs.model_validate(args)
    except ValueError:
        return None
    return parsed, read_staircase(parsed)


@dataclass(frozen=True)
class RowPlan:
    """One row of a staircase figure: its cards (indices from 0) and their brackets."""

    first: int  # the index of its first card
    count: int
    levels: int  # how many levels of brackets hang below it
    top: float  # the y of its cards' top edge


@dataclass(frozen=True)
class StaircaseGeometry:
    """Where a staircase figure's parts go, y up, origin at its lower-left corner."""

    card: float  # a card's width
    per_row: int
    rows: tuple[RowPlan, ...]
    levels: dict[int, int]  # each sequence (by its index in the score) -> its bracket level
    width: float
    height: float

    def card_x(self, index: int) -> float:
        """The left edge of card `index`."""
        row = self.row_of(index)
        span = row.count * self.card + (row.count - 1) * CARD_GAP
        return (self.width - span) / 2 + (index - row.first) * (self.card + CARD_GAP)

    def row_of(self, index: int) -> RowPlan:
        """The row holding card `index`."""
        return next(r for r in self.rows if r.first <= index < r.first + r.count)


def _levels(figure: StaircaseFigure) -> dict[int, int]:
    """A bracket level for each sequence, so two that share a card (the ace) never collide."""
    out: dict[int, int] = {}
    ends: list[int] = []  # the last card index on each level so far
    runs = figure.score.runs if figure.score else ()
    for i, run in enumerate(runs):
        level = next((k for k, end in enumerate(ends) if end < run.start), len(ends))
        if level == len(ends):
            ends.append(-1)
        ends[level] = run.start + run.length - 1
        out[i] = level
    return out


def staircase_geometry(args: dict[str, Any], width: float) -> StaircaseGeometry:
    """The figure's size and layout for the space available; rows wrap when long."""
    read = _staircase(args)
    count = len(read[1].cards) if read else 0
    named = bool(read and read[0].name)
    card = min(CARD_W, (width + CARD_GAP) / max(count, 1) - CARD_GAP)
    card = max(card, 8 * MM)
    # (a width that holds n cards exactly holds n: a card sized to the width, divided back
    # into it, comes out a last bit short of n, and the row would lose a card and the
    # figure take twice the height)
    per_row = max(1, int((width + CARD_GAP) / (card + CARD_GAP) + 1e-6))
    if count > per_row:  # balance the rows: 9 cards in two rows of 5 and 4
        n_rows = -(-count // per_row)
        per_row = -(-count // n_rows)
    levels = _levels(read[1]) if read else {}
    runs = read[1].score.runs if read and read[1].score else ()
    rows: list[RowPlan] = []
    y = NAME_SIZE + 2 * MM if named else 0.0
    for first in range(0, max(count, 1), per_row):
        n = min(per_row, count - first) if count else 0
        last = first + n - 1
        in_row = [
            levels[i] for i, r in enumerate(runs) if r.start <= last and r.start + r.length > first
        ]
        row_levels = max(in_row, default=-1) + 1
        rows.append(RowPlan(first, n, row_levels, -y))
        y += card * RATIO + 1.2 * MM + VALUE_SIZE + row_levels * LEVEL_H + ROW_GAP
    height = y - ROW_GAP + 2 * MM + SUM_SIZE + 1 * MM
    shifted = tuple(RowPlan(r.first, r.count, r.levels, height + r.top) for r in rows)
    return StaircaseGeometry(card, per_row, shifted, levels, width, height)


def paint_staircase(c: Canvas, args: dict[str, Any], width: float, height: float, ink: Ink) -> None:
    """Draw a staircase figure (see `kitgen.games.staircase.figure_args.StaircaseArgs`)."""
    read = _staircase(args)
    if read is None:
        return
    parsed, figure = read
    geo = staircase_geometry(args, width)
    w, h = geo.card, geo.card * RATIO
    values = figure.score.values if figure.score else ()
    for i, card in enumerate(figure.cards):
        row = geo.row_of(i)
        x = geo.card_x(i)
        card_face(c, card, x, row.top - h, w, ink)
        if i < len(values):
            c.setFillColor(INK)
            c.setFont(REGULAR, VALUE_SIZE)
            c.drawCentredString(
                x + w / 2, row.top - h - 1.2 * MM - VALUE_SIZE * 0.8, str(values[i])
            )
    if figure.score is not None:
        for index, run in enumerate(figure.score.runs):
            _bracket(c, geo, run.start, run.length, run.bonus, geo.levels[index])
    if parsed.name:
        c.setFillColor(INK)
        c.setFont(BOLD, NAME_SIZE)
        c.drawString(geo.card_x(0), height - NAME_SIZE * 0.85, parsed.name)
    if figure.score is not None:
        c.setFillColor(INK)
        c.setFont(BOLD, SUM_SIZE)
        c.drawCentredString(width / 2, 1 * MM + SUM_SIZE * 0.2, breakdown(figure.score))


def _bracket(
    c: Canvas, geo: StaircaseGeometry, start: int, length: int, bonus: int, level: int
) -> None:
    """A sequence's bracket under its cards (one piece per row it spans), with its bonus."""
    w, h = geo.card, geo.card * RATIO
    pieces: list[tuple[int, int]] = []
    for row in geo.rows:
        lo, hi = max(start, row.first), min(start + length, row.first + row.count) - 1
        if lo <= hi:
            pieces.append((lo, hi))
    longest = max(pieces, key=lambda p: p[1] - p[0])
    for lo, hi in pieces:
        row = geo.row_of(lo)
        x0, x1 = geo.card_x(lo) + 0.6, geo.card_x(hi) + w - 0.6
        y = row.top - h - 1.2 * MM - VALUE_SIZE - 1.2 * MM - level * LEVEL_H
        tick = 1.3 * MM
        c.saveState()
        c.setStrokeColor(RUN_INK)
        c.setLineWidth(1.0)
        c.setLineCap(0)
        c.setLineJoin(0)
        path = c.beginPath()
        path.moveTo(x0, y + tick if lo == start else y)
        path.lineTo(x0, y)
        path.lineTo(x1, y)
        path.lineTo(x1, y + tick if hi == start + length - 1 else y)
        c.drawPath(path, stroke=1, fill=0)
        if (lo, hi) == longest:
            label = f"sequence of {length}: +{bonus}"
            if text_width(label, BOLD_ITALIC, RUN_SIZE) > x1 - x0:
                label = f"{length} cards: +{bonus}"
            if text_width(label, BOLD_ITALIC, RUN_SIZE) > x1 - x0:
                label = f"+{bonus}"
            c.setFillColor(RUN_INK)
            c.setFont(BOLD_ITALIC, RUN_SIZE)
            c.drawCentredString((x0 + x1) / 2, y - RUN_SIZE - 0.3 * MM, label)
        c.restoreState()


def staircase_figure() -> tuple[FigureSizer, FigurePainter]:
    """A staircase with each card's base value, its sequences' bonuses and its score."""
    return sized_by(staircase_geometry), paint_staircase


# --- The turn figure --------------------------------------------------------------------------


def _turn(args: dict[str, Any]) -> tuple[TurnArgs, TurnFigure] | None:
    """The figure's arguments read with the rules; None when they do not fit the model."""
    try:
        parsed = TurnArgs.model_validate(args)
    except ValueError:
        return None
    return parsed, read_turn(parsed)


def _whose(name: str | None) -> str:
    """`your`, `Ana's`, or `player 2's` for a seat number."""
    if name is None or name.casefold() == "you":
        return "your"
    if name.isdigit():
        return f"player {name}'s"
    return f"{name}'s"


def _who(name: str | None) -> str:
    """`you`, `Ana`, or `player 2`."""
    if name is None:
        return "you"
    return f"player {name}" if name.isdigit() else name


LegendLine = tuple[str, str, int | None]  # text, font, and the step it begins (or None)


def turn_legend(parsed: TurnArgs, figure: TurnFigure) -> list[LegendLine]:
    """The figure's words with their fonts: the move, then each numbered step.

    A move the rules forbid gets its reason instead of steps.
    """
    move = figure.move
    if move is None:
        return []
    if figure.verdict is not None:
        reason = figure.verdict[0].upper() + figure.verdict[1:]
        return [(verdict_line(str(move), False), BOLD_ITALIC, None), (f"{reason}.", ITALIC, None)]
    whose = _whose(parsed.player)
    # The move as the legend's title, unless a caption says what it is.
    lines: list[LegendLine] = [(str(move), BOLD_ITALIC, None)] if titled() else []
    a = move.cards[0]
    if move.action == "build":
        steps = [f"{a} to the right end of {whose} staircase"]
    elif move.action == "scrap":
        drawn = f" ({figure.draw})" if figure.draw is not None else ""
        steps = [
            f"{a} face up onto the scrap pile",
            f"{move.cards[1]} to the right end of {whose} staircase",
            f"draw the depot's top card{drawn}" if figure.depot else "the depot is empty: no draw",
        ]
    elif move.action == "recycle":
        top = figure.scrap_pile[0] if figure.scrap_pile else "?"
        steps = [
            f"{a} face down on top of the depot",
            f"the scrap pile's top card, {top}, to the right end of {whose} staircase",
        ]
    else:
        target = _who(move.target)
        b = move.cards[1]
        if figure.choice is not None:
            other = b if figure.choice == a else a
            steps = [
                f"{a} and {b} shown to {target}",
                f"{target} keeps {figure.choice}, at the right end of {_whose(move.target)} "
                "staircase",
                f"{other} face up onto the scrap pile",
            ]
        else:
            steps = [
                f"{a} and {b} shown to {target}",
                f"{target} keeps one of them; the other goes face up onto the scrap pile",
            ]
    lines += [(text, REGULAR, n) for n, text in enumerate(steps, start=1)]
    return lines


@dataclass(frozen=True)
class TurnGeometry:
    """Where a turn figure's parts go, y up, origin at its lower-left corner."""

    card: float
    left: float  # the x where the hand and the staircase start
    hand_y: float  # the lower edge of the hand's cards (and the piles')
    scrap_x: float
    depot_x: float
    row_y: float  # the lower edge of the staircase's cards
    legend: tuple[LegendLine, ...]  # wrapped: a step's later lines have no number
    width: float
    height: float
    above: float  # between the hand's cards and its label

    def hand_x(self, i: int) -> float:
        """The left edge of the hand's card `i` (or of the slot after the last)."""
        return self.left + i * (self.card + TURN_GAP)

    def row_x(self, i: int) -> float:
        """The left edge of the staircase's card `i` (or of the slot after the last)."""
        return self.left + i * (self.card + TURN_GAP)


def _row_cards(parsed: TurnArgs, figure: TurnFigure) -> tuple[Card, ...]:
    """The staircase drawn below: the mover's, or for an interfere the named player's."""
    if figure.move is not None and figure.move.action == "interfere":
        return figure.target_staircase
    return figure.staircase


def turn_geometry(args: dict[str, Any], width: float) -> TurnGeometry:
    """The figure's size and layout for the space available."""
    read = _turn(args)
    hand_slots = row_slots = 1
    legend: list[LegendLine] = []
    above = GHOST_UP  # room over the hand for what stands out of it
    if read is not None:
        parsed, figure = read
        if figure.move is not None and figure.move.action == "interfere":
            above = LIFT + BADGE_R + 0.6 * MM  # the shown cards' numbers sit on their top edges
        scraps = figure.move is not None and figure.move.action == "scrap"
        hand_slots = len(figure.hand) + (1 if scraps else 0)
        row_slots = len(_row_cards(parsed, figure)) + 1
        room = min(width, LEGEND_W)
        for text, font, step in turn_legend(parsed, figure):
            lines = wrap(text, font, LEGEND_SIZE, room - (STEP_INDENT if step else 0))
            legend += [(line, font, step if k == 0 else 0) for k, line in enumerate(lines)]
    # Units of a card's width: the hand, a gap, two piles (the scrap pile's edges show).
    across = max(
        hand_slots * (1 + TURN_GAP / TURN_W) + PILE_GAP / TURN_W * 2 + 2.3, row_slots * 1.15
    )
    card = min(TURN_W, width / across)
    h = card * RATIO
    content = max(
        hand_slots * (card + TURN_GAP) + 2 * PILE_GAP + 2.3 * card,
        row_slots * (card + TURN_GAP),
    )
    left = (width - content) / 2
    depot_x = left + content - card
    scrap_x = depot_x - PILE_GAP - card
    legend_h = len(legend) * LEGEND_SIZE * LEGEND_LEAD + (1.5 * MM if legend else 0)
    row_y = legend_h + LABEL_H
    hand_y = row_y + h + BAND_H
    height = hand_y + h + above + LABEL_H
    return TurnGeometry(
        card, left, hand_y, scrap_x, depot_x, row_y, tuple(legend), width, height, above
    )


def _label_span(text: str, size: float = LABEL_SIZE) -> float:
    """How wide a label is drawn (capitals, spaced)."""
    words = text.upper()
    return text_width(words, BOLD, size) + 0.5 * (len(words) - 1)


def _label(
    c: Canvas, x: float, y: float, text: str, align: str = "left", size: float = LABEL_SIZE
) -> None:
    """A small spaced capital label with its baseline at y."""
    c.saveState()
    c.setFillColor(GREY)
    t = c.beginText()
    t.setFont(BOLD, size)
    t.setCharSpace(0.5)
    words = text.upper()
    span = _label_span(text, size)
    start = x - span / 2 if align == "centre" else x
    t.setTextOrigin(start, y)
    t.textOut(words)
    c.drawText(t)
    c.restoreState()


def _arrowhead(c: Canvas, x: float, y: float, dx: float, dy: float, size: float) -> None:
    """A filled arrowhead with its tip at (x, y), pointing along (dx, dy)."""
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    px, py = -uy, ux
    path = c.beginPath()
    path.moveTo(x, y)
    path.lineTo(x - ux * size + px * size * 0.45, y - uy * size + py * size * 0.45)
    path.lineTo(x - ux * size - px * size * 0.45, y - uy * size - py * size * 0.45)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _badge(c: Canvas, x: float, y: float, number: int, r: float = BADGE_R) -> None:
    """A step number in a white disc of radius r."""
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(INK)
    c.setLineWidth(0.8)
    c.circle(x, y, r, stroke=1, fill=1)
    c.setFillColor(INK)
    size = r * 1.1
    c.setFont(BOLD, size)
    c.drawCentredString(x, y - size * 0.36, str(number))
    c.restoreState()


def _straight(c: Canvas, start: tuple[float, float], end: tuple[float, float], step: int) -> None:
    """A straight arrow from start to end, its step number on its middle."""
    (x0, y0), (x1, y1) = start, end
    head = 2.0 * MM
    c.saveState()
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    c.setLineWidth(0.9)
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 or 1.0
    bx, by = x1 - (x1 - x0) / length * head * 0.8, y1 - (y1 - y0) / length * head * 0.8
    c.line(x0, y0, bx, by)
    _arrowhead(c, x1, y1, x1 - x0, y1 - y0, head)
    c.restoreState()
    # Nearer the end than the middle, clear of the curved arrows' numbers.
    _badge(c, x0 + (x1 - x0) * 0.68, y0 + (y1 - y0) * 0.68, step)


def _dip(
    c: Canvas, start: tuple[float, float], end: tuple[float, float], depth: float, step: int
) -> None:
    """An arrow from the bottom of one card, down and across, up into the bottom of another."""
    (x0, y0), (x1, y1) = start, end
    low = min(y0, y1) - depth
    head = 2.0 * MM
    c.saveState()
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    c.setLineWidth(0.9)
    path = c.beginPath()
    path.moveTo(x0, y0)
    path.curveTo(x0, low, x1, low, x1, y1 - head * 0.8)
    c.drawPath(path, stroke=1, fill=0)
    _arrowhead(c, x1, y1, 0, 1, head)
    c.restoreState()
    # The curve's middle: three quarters of the way down to `low`.
    _badge(c, (x0 + x1) / 2, (y0 + y1) / 2 * 0.25 + low * 0.75, step)


def _cross(c: Canvas, x: float, y: float, r: float, ink: Ink) -> None:
    """A cross in a white disc: what the figure shows is not allowed."""
    colour = INK if ink == "low" else NO_INK
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(colour)
    c.setLineWidth(1.0)
    c.circle(x, y, r, stroke=1, fill=1)
    c.setLineWidth(1.4)
    c.setLineCap(1)
    k = r * 0.42
    c.line(x - k, y - k, x + k, y + k)
    c.line(x - k, y + k, x + k, y - k)
    c.restoreState()


def paint_turn(c: Canvas, args: dict[str, Any], width: float, height: float, ink: Ink) -> None:
    """Draw a turn figure (see `kitgen.games.staircase.figure_args.TurnArgs`)."""
    read = _turn(args)
    if read is None:
        return
    parsed, figure = read
    geo = turn_geometry(args, width)
    w, h = geo.card, geo.card * RATIO
    move = figure.move
    action = move.action if move else None
    used = move.cards if move else ()
    hand = list(figure.hand)
    row = list(_row_cards(parsed, figure))
    # The labels.
    label_y = geo.hand_y + h + geo.above + 1.0 * MM
    mover = _who(parsed.player)
    _label(c, geo.left, label_y, "your hand" if mover == "you" else f"{mover}'s hand")
    # The piles' labels, centred over them, shrink where a narrow figure would run them
    # into each other (a quick reference in three columns): PILES_APART between them,
    # three word spaces, so that SCRAP PILE and DEPOT never read as one label.
    apart = geo.depot_x - geo.scrap_x - PILES_APART  # for their half-widths, centre to centre
    spacing = (_label_span("scrap pile", 0) + _label_span("depot", 0)) / 2  # (the same at any size)
    letters = (_label_span("scrap pile") + _label_span("depot")) / 2 - spacing
    piles = LABEL_SIZE * min(1.0, (apart - spacing) / letters)
    _label(c, geo.scrap_x + w / 2, label_y, "scrap pile", "centre", piles)
    _label(c, geo.depot_x + w / 2, label_y, "depot", "centre", piles)
    owner = move.target if action == "interfere" and move else parsed.player
    _label(c, geo.left, geo.row_y - 1.0 * MM - LABEL_SIZE * 0.75, f"{_whose(owner)} staircase")
    # The hand: the cards the move uses are lifted a little.
    lift = LIFT
    for i, card in enumerate(hand):
        y = geo.hand_y + (lift if card in used else 0)
        card_face(c, card, geo.hand_x(i), y, w, ink)
    # The scrap pile, top card first: the edges of up to two cards below it show.
    pile = figure.scrap_pile
    step = 0.9 * MM
    if pile:
        under = min(len(pile) - 1, 2)
        for k in range(under, 0, -1):
            card_face(c, pile[k], geo.scrap_x - k * step, geo.hand_y, w, ink)
        card_face(c, pile[0], geo.scrap_x, geo.hand_y, w, ink)
    else:
        empty_place(c, geo.scrap_x, geo.hand_y, w, "empty")
    if figure.depot:
        for k in range(min(figure.depot - 1, 2), 0, -1):
            card_back(c, geo.depot_x + k * step * 0.6, geo.hand_y - k * step * 0.3, w, ink)
        card_back(c, geo.depot_x, geo.hand_y, w, ink)
        _count(c, geo.depot_x + w / 2, geo.hand_y + h / 2, figure.depot)
    else:
        empty_place(c, geo.depot_x, geo.hand_y, w, "empty")
    # The staircase row.
    for i, card in enumerate(row):
        card_face(c, card, geo.row_x(i), geo.row_y, w, ink)
    if move is None:
        return
    end = (geo.row_x(len(row)), geo.row_y)  # where a new staircase card goes
    top_of_end = (end[0] + w / 2, end[1] + h)

    def from_hand(card: Card) -> tuple[float, float]:
        i = hand.index(card) if card in hand else len(hand)
        return geo.hand_x(i) + w / 2, geo.hand_y + (lift if card in hand else 0)

    pile_bottom = (geo.scrap_x + w / 2, geo.hand_y)
    depot_bottom = (geo.depot_x + w / 2, geo.hand_y)
    legal = figure.verdict is None
    if action == "build":
        ghost(c, used[0], *end, w, ink)
        _straight(c, from_hand(used[0]), top_of_end, 1)
    elif action == "scrap":
        scrapped, built = used
        ghost(c, scrapped, geo.scrap_x - 1.2 * MM, geo.hand_y + GHOST_UP, w, ink)
        ghost(c, built, *end, w, ink)
        _dip(
            c,
            from_hand(scrapped),
            (pile_bottom[0] - 1.2 * MM, pile_bottom[1] + GHOST_UP),
            5 * MM,
            1,
        )
        _straight(c, from_hand(built), top_of_end, 2)
        if figure.depot:
            slot = (geo.hand_x(len(hand)), geo.hand_y)
            ghost(c, figure.draw, *slot, w, ink)
            _dip(c, depot_bottom, (slot[0] + w / 2, slot[1]), 8 * MM, 3)
    elif action == "recycle":
        ghost(c, None, geo.depot_x - 1.2 * MM, geo.hand_y + GHOST_UP, w, ink)
        _count(c, geo.depot_x - 1.2 * MM + w / 2, geo.hand_y + GHOST_UP + h / 2, str(used[0]))
        _dip(
            c,
            from_hand(used[0]),
            (depot_bottom[0] - 1.2 * MM, depot_bottom[1] + GHOST_UP),
            5 * MM,
            1,
        )
        if pile:
            ghost(c, pile[0], *end, w, ink)
            _straight(c, pile_bottom, top_of_end, 2)
        else:
            question(c, *end, w)
    elif action == "interfere":
        a, b = used
        if figure.choice is not None:
            other = b if figure.choice == a else a
            ghost(c, figure.choice, *end, w, ink)
            ghost(c, other, geo.scrap_x - 1.2 * MM, geo.hand_y + GHOST_UP, w, ink)
            _straight(c, from_hand(figure.choice), top_of_end, 2)
            _dip(
                c,
                from_hand(other),
                (pile_bottom[0] - 1.2 * MM, pile_bottom[1] + GHOST_UP),
                5 * MM,
                3,
            )
        else:
            question(c, *end, w)
            _straight(c, from_hand(a), top_of_end, 2)
            _straight(c, from_hand(b), top_of_end, 2)
        for card in used:  # step 1: both cards are shown
            x, y = from_hand(card)
            _badge(c, x, y + h, 1)
    if not legal:
        _cross(c, end[0] + w, end[1] + h, 2.4 * MM, ink)
    _legend(c, geo)


def _legend(c: Canvas, geo: TurnGeometry) -> None:
    """The words under the figure, left-aligned under the staircase; steps numbered in discs."""
    y = geo.row_y - LABEL_H - 1.5 * MM - LEGEND_SIZE * 0.75
    c.saveState()
    c.setFillColor(INK)
    for line, font, step in geo.legend:
        indent = STEP_INDENT if step is not None else 0.0
        if step:
            _badge(c, geo.left + 1.75 * MM, y + LEGEND_SIZE * 0.35, step, 1.5 * MM)
            c.setFillColor(INK)
        c.setFont(font, LEGEND_SIZE)
        c.drawString(geo.left + indent, y, line)
        y -= LEGEND_SIZE * LEGEND_LEAD
    c.restoreState()


def _count(c: Canvas, cx: float, cy: float, n: int | str) -> None:
    """A few words on a white label on a face-down card: how many cards the pile holds,
    or which card was put there."""
    words = str(n)
    size = 6.5
    half = text_width(words, BOLD, size) / 2 + 1.0 * MM
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(BACK_LINE)
    c.setLineWidth(0.5)
    c.roundRect(cx - half, cy - 2.0 * MM, 2 * half, 4.0 * MM, 1.0 * MM, stroke=1, fill=1)
    c.setFillColor(INK)
    c.setFont(BOLD, size)
    c.drawCentredString(cx, cy - size * 0.36, words)
    c.restoreState()


def turn_figure() -> tuple[FigureSizer, FigurePainter]:
    """One action: the hand, the piles and the staircase, with numbered arrows."""
    return sized_by(turn_geometry), paint_turn


def staircase_figures() -> Figures:
    """Every figure the Staircase game's rules can name (their `args:` models: figure_args.py)."""
    built = {"staircase": staircase_figure(), "turn": turn_figure()}
    return Figures.of(built)


__all__ = [
    "card_back",
    "card_face",
    "paint_staircase",
    "paint_turn",
    "staircase_figure",
    "staircase_figures",
    "staircase_geometry",
    "turn_figure",
    "turn_geometry",
    "turn_legend",
]
