"""Galliard's rule-booklet figures: a cabal, the dancers' floor, a trade.

Each figure is read by `kitgen.games.galliard.figure_args` with the rules engine,
so a figure draws exactly what `kitgen check` verified, and prints the verdict
the rules give. Cards are small faces: an index (rank and a vector suit) along
the top edge, so a fanned pile shows every card in it, and the rank and suit
large below. Verdicts are said in words as well as by a tick or a cross, and
nothing depends on colour alone; the low-ink edition keeps outlines only.

`mini_face`, `face_down` and `badge` are shared with the kit's mat and cabal
cards (`kitgen.games.galliard.kit`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.api import (
    BOLD,
    BOLD_ITALIC,
    CAP,
    EDGE,
    GREY,
    INK,
    ITALIC,
    MM,
    NO_INK,
    OK_INK,
    SUITS,
    Card,
    FigurePainter,
    Figures,
    FigureSizer,
    Ink,
    draw_face_down,
    draw_rank,
    draw_suit,
    ink_of,
    joker_emblem,
    sized_by,
    text_width,
    verdict_badge,
    verdict_line,
    wrap,
)
from kitgen.games.galliard.figure_args import (
    CabalArgs,
    FloorArgs,
    FloorFigure,
    TradeArgs,
    read_cabal,
    read_floor,
    read_trade,
    stamp_words,
)
from kitgen.games.galliard.rules import ROYAL_RANKS, ROYALS, Pattern

GHOST = HexColor("#b4b4b4")
BACK_FILL = HexColor("#e9dfe4")
BACK_LINE = HexColor("#8c5a70")
PATTERN_INK = HexColor("#7a5a12")
RATIO = 1.4  # a card's height over its width
LEGEND_SIZE = 8.0
LEGEND_LEAD = 1.3
LABEL_SIZE = 6.5
LEGEND_GAP = 3.5 * MM  # between a figure's cards and its legend (room for a badge)


# --- Cards -----------------------------------------------------------------------------------


def index_height(w: float) -> float:
    """How much of a card's top edge its index takes: what a fanned pile must show."""
    return 0.1 * w + CAP * 0.34 * w + 0.12 * w


def mini_face(
    c: Canvas,
    card: Card,
    x: float,
    y: float,
    w: float,
    h: float,
    ink: Ink,
    *,
    joker_word: bool = True,
) -> None:
    """A small face-up card at (x, y), `w` by `h`: the index along the top (rank and suit,
    side by side), the rank and suit large below; a joker shows its star, and the word
    JOKER unless `joker_word` is False (where the word would be too small to read)."""
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(EDGE)
    c.setLineWidth(0.5)
    c.roundRect(x, y, w, h, 0.1 * w, stroke=1, fill=1)
    colour = ink_of(card)
    c.setFillColor(colour)
    size = 0.34 * w
    top = y + h - 0.1 * w
    if card.is_joker:
        word = min(0.19 * w, 0.8 * w / (text_width("JOKER", BOLD, 1) or 1))
        if joker_word:
            c.setFont(BOLD, word)
            c.drawCentredString(x + w / 2, top - CAP * word, "JOKER")
        else:
            word = 0.0
        room = h - (0.1 * w + CAP * word) - 0.12 * w
        joker_emblem(c, card, x + w / 2, y + 0.06 * w + room / 2, min(0.34 * w, room / 2), ink)
        c.restoreState()
        return
    rank = card.rank_text
    ix = x + 0.1 * w
    used = draw_rank(c, rank, ix, top - CAP * size, size, centred=False)
    draw_suit(c, card.suit, ix + used + 0.22 * w, top - CAP * size / 2, 0.3 * w, ink)
    body = y + h - index_height(w)  # the space under the index
    big = 0.42 * w
    pip = 0.34 * w
    cy = y + (body - y) / 2
    if card.is_royal:
        draw_rank(c, rank, x + w / 2, cy + 0.04 * w, big)
        draw_suit(c, card.suit, x + w / 2, cy - 0.2 * w, pip * 0.8, ink)
    else:
        draw_suit(c, card.suit, x + w / 2, cy, pip * 1.25, ink)
    c.restoreState()


def face_down(c: Canvas, x: float, y: float, w: float, h: float, ink: Ink) -> None:
    """A face-down card: a pale back with diagonal lines (lines only in low ink)."""
    draw_face_down(c, x, y, w, h, ink, fill=BACK_FILL, line=BACK_LINE, corner=0.1, stripes=0.1)


def empty_slot(c: Canvas, x: float, y: float, w: float, h: float, label: str = "") -> None:
    """A place without a card: a dashed outline, with a faint label (like `QS`) inside."""
    c.saveState()
    c.setStrokeColor(GHOST)
    c.setLineWidth(0.6)
    c.setDash(1.6, 1.4)
    c.roundRect(x, y, w, h, 0.1 * w, stroke=1, fill=0)
    if label:
        c.setFillColor(GHOST)
        size = 0.3 * w
        c.setFont(BOLD, size)
        c.drawCentredString(x + w / 2, y + h / 2 - CAP * size / 2, label)
    c.restoreState()


def ghost(
    c: Canvas, card: Card, x: float, y: float, w: float, h: float, ok: bool, ink: Ink
) -> None:
    """The card a play would put down: faded, in a thick dashed frame, with its verdict."""
    c.saveState()
    c.setFillAlpha(0.55)
    c.setStrokeAlpha(0.55)
    mini_face(c, card, x, y, w, h, ink)
    c.restoreState()
    colour = INK if ink == "low" else (OK_INK if ok else NO_INK)
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(1.2)
    c.setDash(2.2, 1.3)
    c.roundRect(x, y, w, h, 0.1 * w, stroke=1, fill=0)
    c.restoreState()
    r = 0.26 * w
    verdict_badge(c, x + w - r * 0.3, y + r * 0.3, r, ok, ink)


# --- Legends ---------------------------------------------------------------------------------


def _sentence(text: str) -> str:
    """Text with a capital first letter and a full stop."""
    text = text[0].upper() + text[1:] if text else text
    return text if text.endswith(".") else f"{text}."


def _legend(lines: list[tuple[str, str]], width: float) -> tuple[tuple[str, str], ...]:
    """The legend's lines, each (text, font), wrapped to `width`."""
    out: list[tuple[str, str]] = []
    for text, font in lines:
        out += [(line, font) for line in wrap(text, font, LEGEND_SIZE, width)]
    return tuple(out)


def _legend_height(legend: tuple[tuple[str, str], ...]) -> float:
    return len(legend) * LEGEND_SIZE * LEGEND_LEAD + (LEGEND_GAP if legend else 0.0)


def _draw_legend(c: Canvas, legend: tuple[tuple[str, str], ...], cx: float, top: float) -> None:
    """The legend's lines centred on cx, the first baseline under `top`."""
    y = top - LEGEND_GAP - LEGEND_SIZE * 0.8
    c.saveState()
    c.setFillColor(INK)
    for line, font in legend:
        c.setFont(font, LEGEND_SIZE)
        c.drawCentredString(cx, y, line)
        y -= LEGEND_SIZE * LEGEND_LEAD
    c.restoreState()


def _label(c: Canvas, x: float, y: float, text: str, align: str = "centre") -> None:
    """A small grey italic label."""
    c.saveState()
    c.setFillColor(GREY)
    c.setFont(ITALIC, LABEL_SIZE)
    if align == "centre":
        c.drawCentredString(x, y, text)
    elif align == "right":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)
    c.restoreState()


def _parsed(model: type[Any], args: dict[str, Any]) -> Any:
    """The figure's args read with its model, or None when they do not read (the check says)."""
    try:
        return model.model_validate(args)
    except ValidationError:
        return None


# --- The cabal -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CabalGeometry:
    """Where a cabal figure puts its grid: card size, pitch and the grid's left edge."""

    card_w: float
    gap: float
    joker_gap: float
    left: float  # the grid's left edge
    head: float  # room above the grid for the suit heads
    label: float  # room under the grid for the column patterns' names
    legend: tuple[tuple[str, str], ...]
    width: float
    height: float

    @property
    def card_h(self) -> float:
        """A card's height."""
        return self.card_w * RATIO

    @property
    def grid_h(self) -> float:
        """The height of the three rows of royals."""
        return 3 * self.card_h + 2 * self.gap

    @property
    def grid_w(self) -> float:
        """The width of the four suit columns, the gap and the jokers' column."""
        return 5 * self.card_w + 3 * self.gap + self.joker_gap

    def grid_bottom(self) -> float:
        """The y of the grid's bottom edge."""
        return self.height - self.head - self.grid_h

    def slot(self, card: Card) -> tuple[float, float]:
        """Where a royal's place in the grid is: suits in columns (S H D C), ranks in rows
        (J Q K from the top), the two jokers in a column of their own, centred."""
        top = self.height - self.head
        if card.is_joker:
            col = 4
            row = 0.5 if card.suit == "R" else 1.5
        else:
            col = SUITS.index(card.suit)
            row = ROYAL_RANKS.index(card.rank)
        x = self.left + col * (self.card_w + self.gap) + (self.joker_gap if col == 4 else 0)
        y = top - (row + 1) * self.card_h - row * self.gap
        return x, y


PATTERN_PAD = 1.1 * MM
RANK_ROWS = ("jacks", "queens", "kings")  # the patterns that are rows of the grid


def cabal_geometry(args: dict[str, Any], width: float) -> CabalGeometry:
    """The cabal figure's size and layout for the space available."""
    card_w = min(9.5 * MM, (width - 32 * MM) / 5.9)
    gap, joker_gap = 0.25 * card_w, 0.55 * card_w
    grid_w = 5 * card_w + 3 * gap + joker_gap
    left = (width - grid_w) / 2
    parsed = _parsed(CabalArgs, args)
    lines: list[tuple[str, str]] = []
    label = 0.5 * MM  # room under the grid for a suit's or the jokers' pattern name
    if parsed is not None:
        figure = read_cabal(parsed)
        lines.append((figure.verdict, BOLD_ITALIC))
        if any(p.name not in RANK_ROWS for p in figure.patterns):
            label = 4.5 * MM
    legend = _legend(lines, min(width, 95 * MM))
    head = 4.5 * MM
    height = head + 3 * card_w * RATIO + 2 * gap + label + _legend_height(legend)
    return CabalGeometry(card_w, gap, joker_gap, left, head, label, legend, width, height)


def _pattern_box(geo: CabalGeometry, pattern: Pattern) -> tuple[float, float, float, float]:
    """The outline round a pattern's cards: x, y, width, height."""
    xs, ys = zip(*(geo.slot(card) for card in pattern.cards), strict=True)
    x0, y0 = min(xs) - PATTERN_PAD, min(ys) - PATTERN_PAD
    x1, y1 = max(xs) + geo.card_w + PATTERN_PAD, max(ys) + geo.card_h + PATTERN_PAD
    return x0, y0, x1 - x0, y1 - y0


def paint_cabal(c: Canvas, args: dict[str, Any], width: float, height: float, ink: Ink) -> None:
    """Draw a cabal figure (see `kitgen.games.galliard.figure_args.CabalArgs`)."""
    parsed = _parsed(CabalArgs, args)
    if parsed is None:
        return
    geo = cabal_geometry(args, width)
    figure = read_cabal(parsed)
    held = set(figure.cards)
    w, h = geo.card_w, geo.card_h
    top = geo.height - geo.head
    # The heads: a suit over each column, "jokers" over theirs.
    for i, suit in enumerate(SUITS):
        x = geo.left + i * (w + geo.gap) + w / 2
        draw_suit(c, suit, x, top + 2.2 * MM, 2.6 * MM, ink)
    jx = geo.left + 4 * (w + geo.gap) + geo.joker_gap + w / 2
    _label(c, jx, top + 1.4 * MM, "jokers")
    for card in ROYALS:
        x, y = geo.slot(card)
        if card in held:
            mini_face(c, card, x, y, w, h, ink)
        else:
            empty_slot(c, x, y, w, h, str(card))
    _outline_patterns(c, geo, figure.patterns, ink)
    _draw_legend(c, geo.legend, width / 2, geo.grid_bottom() - geo.label)


def _outline_patterns(c: Canvas, geo: CabalGeometry, found: tuple[Pattern, ...], ink: Ink) -> None:
    """A thick rounded outline round each pattern held, its name beside it."""
    colour = INK if ink == "low" else PATTERN_INK
    for pattern in found:
        x, y, bw, bh = _pattern_box(geo, pattern)
        c.saveState()
        c.setStrokeColor(colour)
        c.setLineWidth(1.5)
        c.roundRect(x, y, bw, bh, 1.6 * MM, stroke=1, fill=0)
        c.setFillColor(colour)
        c.setFont(BOLD_ITALIC, LABEL_SIZE + 0.5)
        if pattern.name in RANK_ROWS:  # a row: its name to the left, over the rank letter
            c.drawRightString(x - 1.2 * MM, y + bh / 2 - 2.5, pattern.name)
        else:  # a column: its name under it
            c.drawCentredString(x + bw / 2, y - LABEL_SIZE - 0.6 * MM, pattern.name)
        c.restoreState()


def cabal_figure() -> tuple[FigureSizer, FigurePainter]:
    """A cabal: its royals in the pattern grid, the patterns outlined, the verdict."""
    return sized_by(cabal_geometry), paint_cabal


# --- The dancers' floor ----------------------------------------------------------------------


@dataclass(frozen=True)
class FloorGeometry:
    """Where a floor figure puts its piles: card size, columns and the legend."""

    card_w: float
    gap: float
    aisle: float
    columns: tuple[float, ...]  # the left x of each pile: deck?, wager?, then the dancers
    tallest: int  # the most cards in one pile, ghost included
    legend: tuple[tuple[str, str], ...]
    width: float
    height: float

    @property
    def card_h(self) -> float:
        """A card's height."""
        return self.card_w * RATIO

    @property
    def step(self) -> float:
        """How far each card of a pile lies below the one under it."""
        return index_height(self.card_w) + 0.3 * MM

    @property
    def head(self) -> float:
        """Room above the piles for their labels."""
        return 4 * MM

    def pile_y(self, depth: int) -> float:
        """The y of a pile's card `depth` (0 at the bottom of the pile, drawn highest)."""
        return self.height - self.head - self.card_h - depth * self.step


def _floor_lines(figure: FloorFigure) -> list[tuple[str, str]]:
    """The legend: the play and its verdict, then the reason."""
    play = figure.play
    if play is None:
        return []
    if figure.verdict is None:
        lines = [(verdict_line(str(play), True), BOLD_ITALIC)]
        if play.onto is not None:
            lines.append((_sentence(stamp_words(play.card, play.onto)), ITALIC))
        return lines
    return [(verdict_line(str(play), False), BOLD_ITALIC), (_sentence(figure.verdict), ITALIC)]


def _wager_pile(figure: FloorFigure) -> bool:
    """Whether the figure draws a wager pile: it holds cards, or the play wagers one."""
    return bool(figure.wager or (figure.play and figure.play.wager))


def _tallest(figure: FloorFigure) -> int:
    """The most cards in one pile of the figure, the play's ghost card included."""
    sizes = [len(pile) for pile in figure.dancers]
    play = figure.play
    if play is not None and figure.target is not None:
        sizes[figure.target] += 1
    sizes.append(len(figure.wager) + (1 if play is not None and play.wager else 0))
    return max(1, *sizes)


def floor_geometry(args: dict[str, Any], width: float) -> FloorGeometry:
    """The floor figure's size and layout for the space available."""
    parsed = _parsed(FloorArgs, args)
    figure = read_floor(parsed) if parsed is not None else FloorFigure((), (), False)
    dance = figure.play is not None and figure.play.onto is None
    shared = int(figure.deck) + int(_wager_pile(figure))
    slots = shared + max(len(figure.dancers) + int(dance), 1)
    card_w = 11.5 * MM
    gap = 0.3 * card_w
    aisle = 1.2 * card_w if shared else 0.0
    needed = slots * card_w + (slots - 1) * gap + aisle
    if needed > width:  # too many piles: smaller cards
        k = width / needed
        card_w, gap, aisle, needed = card_w * k, gap * k, aisle * k, width
    x = (width - needed) / 2
    columns = []
    for i in range(slots):
        columns.append(x)
        x += card_w + gap + (aisle if i == shared - 1 else 0.0)
    tallest = _tallest(figure)
    legend = _legend(_floor_lines(figure), min(width, 100 * MM))
    geo = FloorGeometry(card_w, gap, aisle, tuple(columns), tallest, legend, width, 0.0)
    height = geo.head + geo.card_h + (tallest - 1) * geo.step + _legend_height(legend)
    return FloorGeometry(card_w, gap, aisle, tuple(columns), tallest, legend, width, height)


def paint_floor(c: Canvas, args: dict[str, Any], width: float, height: float, ink: Ink) -> None:
    """Draw a floor figure (see `kitgen.games.galliard.figure_args.FloorArgs`)."""
    parsed = _parsed(FloorArgs, args)
    if parsed is None:
        return
    geo = floor_geometry(args, width)
    figure = read_floor(parsed)
    play = figure.play
    ok = figure.verdict is None
    w, h = geo.card_w, geo.card_h
    label_y = geo.height - geo.head + 1.2 * MM
    col = 0
    if figure.deck:
        x = geo.columns[col]
        face_down(c, x, geo.pile_y(0), w, h, ink)
        _label(c, x + w / 2, label_y, "deck")
        col += 1
    if _wager_pile(figure):
        x = geo.columns[col]
        _label(c, x + w / 2, label_y, "wager pile")
        if not figure.wager:
            empty_slot(c, x, geo.pile_y(0), w, h)
        for depth, card in enumerate(figure.wager):
            mini_face(c, card, x, geo.pile_y(depth), w, h, ink)
        if play and play.wager:
            ghost(c, play.wager, x, geo.pile_y(len(figure.wager)), w, h, ok, ink)
        col += 1
    first = col
    for i, pile in enumerate(figure.dancers):
        x = geo.columns[first + i]
        for depth, card in enumerate(pile):
            mini_face(c, card, x, geo.pile_y(depth), w, h, ink)
        if play and play.onto is not None and figure.target == i:
            ghost(c, play.card, x, geo.pile_y(len(pile)), w, h, ok, ink)
    if play and play.onto is None:
        x = geo.columns[first + len(figure.dancers)]
        ghost(c, play.card, x, geo.pile_y(0), w, h, ok, ink)
    if len(geo.columns) > first:
        left = geo.columns[first]
        right = geo.columns[-1] + w
        _label(c, (left + right) / 2, label_y, "the dancers' floor")
    if first and geo.aisle:
        c.saveState()
        c.setStrokeColor(GHOST)
        c.setLineWidth(0.6)
        c.setDash(1.5, 1.5)
        ax = geo.columns[first] - geo.aisle / 2 - geo.gap / 2
        c.line(ax, geo.pile_y(geo.tallest - 1), ax, geo.height - geo.head)
        c.restoreState()
    _draw_legend(c, geo.legend, width / 2, geo.pile_y(geo.tallest - 1))


def floor_figure() -> tuple[FigureSizer, FigurePainter]:
    """The dancers' floor, with an optional play shown as a ghost card and its verdict."""
    return sized_by(floor_geometry), paint_floor


# --- The trade -------------------------------------------------------------------------------


TRADE_CARD = 13 * MM


def _trade_lines(args: dict[str, Any]) -> list[tuple[str, str]]:
    parsed = _parsed(TradeArgs, args)
    if parsed is None:
        return []
    figure = read_trade(parsed)
    if figure.give is None or figure.take is None or not figure.reason:
        return []
    what = f"trade {figure.give} for {figure.take}"
    line = verdict_line(what, figure.verdict is None)
    return [(line, BOLD_ITALIC), (_sentence(figure.reason), ITALIC)]


def _trade_size(args: dict[str, Any], width: float) -> tuple[float, float]:
    legend = _legend(_trade_lines(args), min(width, 100 * MM))
    return width, 5 * MM + TRADE_CARD * RATIO + 4 * MM + _legend_height(legend)


def _arrow(c: Canvas, x0: float, x1: float, y: float, colour: Color) -> None:
    """A horizontal arrow from x0 to x1."""
    d = 1 if x1 > x0 else -1
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(1.0)
    c.setLineCap(1)
    c.setLineJoin(1)
    c.line(x0, y, x1, y)
    head = 1.6 * MM
    path = c.beginPath()
    path.moveTo(x1 - d * head, y + head * 0.7)
    path.lineTo(x1, y)
    path.lineTo(x1 - d * head, y - head * 0.7)
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def paint_trade(c: Canvas, args: dict[str, Any], width: float, height: float, ink: Ink) -> None:
    """Draw a trade figure (see `kitgen.games.galliard.figure_args.TradeArgs`)."""
    parsed = _parsed(TradeArgs, args)
    if parsed is None:
        return
    figure = read_trade(parsed)
    w, h = TRADE_CARD, TRADE_CARD * RATIO
    between = 30 * MM
    left = width / 2 - between / 2 - w
    right = width / 2 + between / 2
    y = height - 5 * MM - h
    labels = (("your new royal", left), ("in their cabal", right))
    for (text, x), card in zip(labels, (figure.give, figure.take), strict=True):
        _label(c, x + w / 2, height - 3.6 * MM, text)
        if card is None:
            empty_slot(c, x, y, w, h, "?")
        else:
            mini_face(c, card, x, y, w, h, ink)
    ok = figure.verdict is None
    colour = INK if ink == "low" else (OK_INK if ok else NO_INK)
    mid = width / 2
    _arrow(c, left + w + 2 * MM, right - 2 * MM, y + h * 0.72, colour)
    _arrow(c, right - 2 * MM, left + w + 2 * MM, y + h * 0.28, colour)
    verdict_badge(c, mid, y + h / 2, 3.4 * MM, ok, ink)
    legend = _legend(_trade_lines(args), min(width, 100 * MM))
    _draw_legend(c, legend, mid, y - 2 * MM)


def trade_figure() -> tuple[FigureSizer, FigurePainter]:
    """A trade: the winner's new royal and the opponent's, arrows both ways, the verdict."""
    return _trade_size, paint_trade


def galliard_figures() -> Figures:
    """Every figure Galliard's rules can name (their `args:` models: figure_args.py)."""
    built = {"cabal": cabal_figure(), "floor": floor_figure(), "trade": trade_figure()}
    return Figures.of(built)


__all__ = [
    "cabal_figure",
    "empty_slot",
    "face_down",
    "floor_figure",
    "galliard_figures",
    "ghost",
    "index_height",
    "mini_face",
    "trade_figure",
]
