"""The Shape Up! kit's PDFs: card sheets, the players' score sheets, and the score pad.

The card sheets are imposed and drawn exactly like Scratch's (bleed, crop
marks, duplex backs, the sheet label and the scale bar). Score sheets and pad
pages are laid out with the same grid planner, butted, so one set of crop
marks cuts them apart. Point values and set-ups come in as arguments, from the
rules engine, so the printed sheets cannot drift from the scoring.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Protocol

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.api import (
    BOLD,
    BOLD_ITALIC,
    ITALIC,
    MM,
    POKER,
    REGULAR,
    Box,
    CoverCards,
    Deck,
    Grid,
    Ink,
    Size,
    deck_sheets_pdf,
    draw_marks,
    draw_text,
    finish,
    from_deck,
    new_canvas,
    one_back_deck,
    plan_grid,
    sheet_label,
    with_cut_lines,
    wrap,
)
from kitgen.games.shapeup.cards import (
    INK_BLACK,
    NEUTRAL,
    colour_style,
    draw_back,
    draw_face,
    draw_shape,
    set_colour_line,
)
from kitgen.games.shapeup.model import COLOURS, FILLS, SHAPES, Card

if TYPE_CHECKING:
    from kitgen.api import PrintSetup

Points = Mapping[str, Mapping[int, int]]  # attribute -> line length -> points
SHEET = Size(95 * MM, 130 * MM)  # a player's score sheet: four to A4 or Letter
PAD = Size(180 * MM, 120 * MM)  # a score pad page: two to A4 or Letter
RULE = HexColor("#8a8a8a")
SHADE = HexColor("#eeeeee")


class SetupFacts(Protocol):
    """What the pad says about a set-up (kitgen.games.shapeup.rules.Setup has it)."""

    @property
    def players(self) -> int: ...
    @property
    def set_size(self) -> int: ...
    @property
    def box(self) -> tuple[int, int]: ...
    @property
    def to_play(self) -> int: ...
    @property
    def rounds(self) -> int: ...


# --- Card sheets -----------------------------------------------------------------------------


def cards_pdf(
    title: str,
    cards: Sequence[Card],
    setup: PrintSetup,
    progress: Callable[[int, int], None] | None = None,
) -> bytes:
    """The card sheets: faces with bleed, crop marks and duplex (or fold-and-glue) backs."""
    return deck_sheets_pdf(cards_deck(title, cards), setup, progress)


def cards_deck(title: str, cards: Sequence[Card], stem: str = "shapeup-cards") -> Deck:
    """The Shape Up! cards as a deck (one shared back), named `red solid circle` and so on."""
    return one_back_deck("shapeup", stem, title, cards, draw_face, draw_back, "shapeup")


def cover_cards() -> CoverCards:
    """Five cards for the rule booklet's cover: each colour, both fills, four shapes (the
    star among them), drawn as the card sheets draw them."""
    chosen = [
        Card("red", "solid", "circle"),
        Card("green", "hollow", "square"),
        Card("blue", "solid", "triangle"),
        Card("red", "hollow", "star"),
        Card("green", "solid", "circle"),
    ]
    return from_deck(cards_deck("Shape Up!", chosen, "shapeup-cover"), range(5), POKER)


# --- Cut sheets: score sheets and pad pages ---------------------------------------------------


def _cut_pages(
    canvas: Canvas,
    setup: PrintSetup,
    size: Size,
    pages: Sequence[tuple[str, Callable[[Canvas], None]]],
) -> None:
    """Pages of butted copies of one drawing each, with crop marks to cut them apart.

    Each page's drawing is made once, as a form, and placed in every slot.
    """
    grid = cut_grid(setup, size)
    for number, (label, paint) in enumerate(pages):
        canvas.setPageSize((grid.page.width, grid.page.height))
        form = f"sheet{number}"
        canvas.beginForm(form, lowerx=0, lowery=0, upperx=size.width, uppery=size.height)
        paint(canvas)
        canvas.endForm()
        for slot in grid.slots:
            canvas.saveState()
            canvas.translate(slot.trim.x, slot.trim.y)
            canvas.doForm(form)
            canvas.restoreState()
        draw_marks(canvas, grid.marks)
        sheet_label(canvas, grid, setup.margin, (label, "Cut along the marks."))
        canvas.showPage()


def cut_grid(setup: PrintSetup, size: Size) -> Grid:
    """How copies of a sheet of `size` sit on the paper (LayoutError when none fits), with
    crop marks, or with full-length cut lines when the setup asks for them (`cut: lines`;
    a cutting machine's marks are for the card sheets only)."""
    grid = plan_grid(setup.paper, size, bleed=0.0, margin=setup.margin, gutter=setup.gutter)
    if setup.cut == "lines":
        area = Box(0, 0, grid.page.width, grid.page.height).inset(setup.margin)
        grid = with_cut_lines(grid, area)
    return grid


def score_sheets_pdf(title: str, setup: PrintSetup, points: Points) -> bytes:
    """One page of players' score sheets, as many as fit, to cut apart."""
    canvas, buffer = new_canvas(
        f"{title}: score sheets", f"kitgen score sheets: {setup.describe()}"
    )

    def paint(c: Canvas) -> None:
        draw_score_sheet(c, SHEET, points, setup.ink)

    _cut_pages(canvas, setup, SHEET, [(f"{title} \u00b7 score sheets, one per player", paint)])
    return finish(canvas, buffer)


def score_pad_pdf(title: str, setup: PrintSetup, setups: Sequence[SetupFacts]) -> bytes:
    """The score pad: a page for each number of players, as many copies as fit."""
    canvas, buffer = new_canvas(f"{title}: score pad", f"kitgen score pad: {setup.describe()}")
    counts = sorted({s.players for s in setups})
    pages = []
    for players in counts:
        mine = [s for s in setups if s.players == players]

        def paint(c: Canvas, players: int = players, mine: list[SetupFacts] = mine) -> None:
            draw_score_pad(c, PAD, players, mine, setup.ink)

        pages.append((f"{title} \u00b7 score pad for {players} players", paint))
    _cut_pages(canvas, setup, PAD, pages)
    return finish(canvas, buffer)


# --- Drawing helpers -------------------------------------------------------------------------


def _paragraph(
    c: Canvas, x: float, top: float, width: float, text: str, font: str, size: float
) -> float:
    """Wrapped lines below `top`; returns the last baseline."""
    y = top - size
    c.setFont(font, size)
    for line in wrap(text, font, size, width):
        c.drawString(x, y, line)
        y -= size * 1.25
    return y + size * 1.25


def _circled(c: Canvas, cx: float, cy: float, value: int, r: float, ink: Ink) -> None:
    """A number in a circle, like the original sheet's: dark disc, or an outline in low ink."""
    c.saveState()
    c.setLineWidth(0.9)
    c.setStrokeColor(INK_BLACK)
    c.setFillColor(white if ink == "low" else INK_BLACK)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColor(INK_BLACK if ink == "low" else white)
    size = r * 1.35
    draw_text(c, cx, cy - size * 0.36, str(value), BOLD, size, "centre")
    c.restoreState()


def colour_swatch(c: Canvas, colour: str, cx: float, cy: float, size: float, ink: Ink) -> None:
    """A colour as a tiny card: its tint, its frame line and its letter."""
    style = colour_style(colour)
    c.saveState()
    c.setFillColor(white if ink == "low" else style.tint)
    c.roundRect(cx - size / 2, cy - size / 2, size, size, size * 0.18, stroke=0, fill=1)
    set_colour_line(c, colour, size * 0.09)
    c.roundRect(cx - size / 2, cy - size / 2, size, size, size * 0.18, stroke=1, fill=0)
    c.setFillColor(style.dark)
    letter = size * 0.62
    draw_text(c, cx, cy - letter * 0.36, style.letter, BOLD, letter, "centre")
    c.restoreState()


def _options(
    c: Canvas,
    x: float,
    y: float,
    width: float,
    items: Sequence[tuple[Callable[[float, float], None], str]],
) -> None:
    """Icons with a word after each, spread evenly over `width` on the line at y."""
    step = width / len(items)
    c.setFillColor(INK_BLACK)
    for i, (icon, word) in enumerate(items):
        left = x + i * step
        icon(left + 2 * MM, y + 1.1 * MM)
        c.setFillColor(INK_BLACK)
        draw_text(c, left + 4.8 * MM, y, word, REGULAR, 7)


# --- The score sheet -------------------------------------------------------------------------


ATTRIBUTE_ROWS = (
    ("colour", "your colour", "red, green or blue"),
    ("fill", "your fill", "hollow or solid"),
    ("shape", "your shape", "circle, square..."),
)


def draw_score_sheet(c: Canvas, size: Size, points: Points, ink: Ink) -> None:
    """One player's sheet: name, victory card reminder and the points per line."""
    w, h = size.width, size.height
    pad = 6 * MM
    c.saveState()
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.roundRect(2.5 * MM, 2.5 * MM, w - 5 * MM, h - 5 * MM, 3 * MM, stroke=1, fill=0)
    c.setFillColor(INK_BLACK)
    y = h - pad - 5 * MM
    draw_text(c, pad, y, "SHAPE UP!", BOLD_ITALIC, 15)
    draw_text(c, w - pad, y, "score sheet", ITALIC, 9, "right")
    y -= 9 * MM
    draw_text(c, pad, y, "Player", REGULAR, 8)
    c.setStrokeColor(INK_BLACK)
    c.setLineWidth(0.5)
    c.line(pad + 11 * MM, y - 0.8 * MM, w - pad, y - 0.8 * MM)
    top = _victory_box(c, Box(pad, y - 5 * MM - 33 * MM, w - 2 * pad, 33 * MM), ink)
    _points_table(c, Box(pad, 20 * MM, w - 2 * pad, top - 4 * MM - 20 * MM), points, ink)
    c.setFillColor(INK_BLACK)
    _paragraph(
        c,
        pad,
        18 * MM,
        w - 2 * pad,
        "Each line scores once, for its full length: a line of four is not also two lines "
        "of three. Rows and columns both count, so one card can be in two lines. An empty "
        "space breaks a line. Add colour, fill and shape for your score.",
        ITALIC,
        6.6,
    )
    c.restoreState()


def _victory_box(c: Canvas, box: Box, ink: Ink) -> float:
    """The reminder of the player's secret victory card; returns the box's bottom."""
    c.setFillColor(white if ink == "low" else SHADE)
    c.setStrokeColor(INK_BLACK)
    c.setLineWidth(0.7)
    c.roundRect(box.x, box.y, box.width, box.height, 2 * MM, stroke=1, fill=1)
    c.setFillColor(INK_BLACK)
    x = box.x + 3 * MM
    y = box.top - 5 * MM
    draw_text(c, x, y, "Your victory card", BOLD, 9)
    draw_text(c, box.right - 3 * MM, y, "keep it secret", ITALIC, 6.8, "right")
    y -= 4 * MM
    draw_text(c, x, y, "Ring its colour, its fill and its shape:", ITALIC, 6.8)
    icon = 4 * MM
    rows: list[tuple[str, list[tuple[Callable[[float, float], None], str]]]] = [
        ("Colour", [(partial(colour_swatch, c, k, size=icon, ink=ink), k) for k in COLOURS]),
        (
            "Fill",
            [
                (partial(draw_shape, c, "square", f, size=icon, ink=ink, style=NEUTRAL), f)
                for f in FILLS
            ],
        ),
        (
            "Shape",
            [
                (partial(draw_shape, c, s, "solid", size=icon, ink=ink, style=NEUTRAL), s)
                for s in SHAPES
            ],
        ),
    ]
    label_w = 12 * MM
    for name, items in rows:
        y -= 6.8 * MM
        c.setFillColor(INK_BLACK)
        draw_text(c, x, y, name, BOLD, 7.6)
        _options(c, x + label_w, y, box.right - 2 * MM - (x + label_w), items)
    return box.y


def _line_icon(c: Canvas, cx: float, cy: float, length: int) -> None:
    """`length` small cards side by side: a line of that many."""
    cw, ch, gap = 2.1 * MM, 2.9 * MM, 0.5 * MM
    total = length * cw + (length - 1) * gap
    c.setStrokeColor(INK_BLACK)
    c.setFillColor(white)
    c.setLineWidth(0.5)
    for i in range(length):
        c.roundRect(
            cx - total / 2 + i * (cw + gap), cy - ch / 2, cw, ch, 0.4 * MM, stroke=1, fill=1
        )


def _points_table(c: Canvas, box: Box, points: Points, ink: Ink) -> None:
    """Points for a line of each length, for each of colour, fill and shape."""
    lengths = sorted({n for table in points.values() for n in table})
    c.setFillColor(INK_BLACK)
    draw_text(c, box.x, box.top - 3.4 * MM, "Points for each line of your...", BOLD, 9)
    draw_text(
        c, box.x, box.top - 7 * MM, "in a row or a column of the grid, never diagonal", ITALIC, 6.8
    )
    label_w = 24 * MM
    col_w = (box.width - label_w) / max(len(lengths), 1)
    head_top = box.top - 9.5 * MM
    head_h = 9 * MM
    row_h = (head_top - head_h - box.y) / len(ATTRIBUTE_ROWS)
    for i, n in enumerate(lengths):
        cx = box.x + label_w + (i + 0.5) * col_w
        _line_icon(c, cx, head_top - 3 * MM, n)
        c.setFillColor(INK_BLACK)
        draw_text(c, cx, head_top - 7.6 * MM, f"{n} in a line", REGULAR, 6, "centre")
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    y = head_top - head_h
    c.line(box.x, y, box.right, y)
    for attribute, label, hint in ATTRIBUTE_ROWS:
        table = points.get(attribute, {})
        mid = y - row_h / 2
        c.setFillColor(INK_BLACK)
        draw_text(c, box.x, mid + 0.4 * MM, label, BOLD, 8.2)
        draw_text(c, box.x, mid - 3 * MM, hint, ITALIC, 5.8)
        for i, n in enumerate(lengths):
            cx = box.x + label_w + (i + 0.5) * col_w
            if n in table:
                _circled(c, cx, mid, table[n], min(3.4 * MM, row_h * 0.36), ink)
            else:
                c.setFillColor(RULE)
                draw_text(c, cx, mid - 2.5, "\u2013", REGULAR, 9, "centre")
        y -= row_h
        c.setStrokeColor(RULE)
        c.line(box.x, y, box.right, y)


# --- The score pad ---------------------------------------------------------------------------


SUBCOLUMNS = (("colour", 0.22), ("fill", 0.22), ("shape", 0.22), ("round", 0.34))


def _setup_note(setup: SetupFacts) -> str:
    """`18 cards: 15 played into a 5 x 3 grid` (with a hole when the grid is not filled)."""
    long, short = setup.box
    holes = long * short - setup.to_play
    gap = "" if holes == 0 else f", {holes} space{'s' if holes > 1 else ''} left empty"
    return f"{setup.set_size} cards: {setup.to_play} played into a {long} \u00d7 {short} grid{gap}"


def draw_score_pad(
    c: Canvas, size: Size, players: int, setups: Sequence[SetupFacts], ink: Ink
) -> None:
    """A score pad page: names, a row per round (who starts marked), and the totals."""
    w, h = size.width, size.height
    pad = 6 * MM
    rounds = setups[0].rounds  # the same for every set-up with this many players
    c.saveState()
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.roundRect(2.5 * MM, 2.5 * MM, w - 5 * MM, h - 5 * MM, 3 * MM, stroke=1, fill=0)
    c.setFillColor(INK_BLACK)
    y = h - pad - 5 * MM
    draw_text(c, pad, y, "SHAPE UP!", BOLD_ITALIC, 15)
    draw_text(c, w - pad, y, f"score pad \u00b7 {players} players", BOLD, 10, "right")
    y -= 5.5 * MM
    each = "each player starts twice" if rounds == 2 * players else "each player starts once"
    draw_text(
        c,
        pad,
        y,
        f"{rounds} rounds; the first turn passes one seat to the left each round ({each}); "
        "a corner flag marks who starts.",
        ITALIC,
        7,
    )
    y -= 3.6 * MM
    notes = " \u00b7 ".join(_setup_note(s) for s in setups)
    draw_text(c, pad, y, notes, ITALIC, 7)
    table = Box(pad, 9 * MM, w - 2 * pad, y - 3 * MM - 9 * MM)
    _pad_table(c, table, players, rounds, ink)
    c.setFillColor(INK_BLACK)
    draw_text(
        c,
        pad,
        5 * MM,
        "Add up each player's round scores: the highest total wins.",
        ITALIC,
        6.8,
    )
    c.restoreState()


def _pad_table(c: Canvas, box: Box, players: int, rounds: int, ink: Ink) -> None:
    label_w = 24 * MM
    col_w = (box.width - label_w) / players
    names_h, sub_h, total_h = 11 * MM, 4.6 * MM, 11 * MM
    row_h = (box.height - names_h - sub_h - total_h) / rounds
    top = box.top
    shade = white if ink == "low" else SHADE
    # Header: names, then the sub-columns.
    c.setFillColor(shade)
    c.rect(box.x, top - names_h - sub_h, box.width, names_h + sub_h, stroke=0, fill=1)
    c.setFillColor(INK_BLACK)
    draw_text(c, box.x + 1.5 * MM, top - names_h + 2.4 * MM, "Names", BOLD, 8)
    for p in range(players):
        x = box.x + label_w + p * col_w
        c.setFillColor(white)
        c.rect(
            x + 1 * MM, top - names_h + 1 * MM, col_w - 2 * MM, names_h - 2 * MM, stroke=0, fill=1
        )
        c.setFillColor(RULE)
        draw_text(c, x + 2 * MM, top - 3.6 * MM, f"player {p + 1}", ITALIC, 5.8)
        sub_x = x
        for name, share in SUBCOLUMNS:
            c.setFillColor(INK_BLACK)
            draw_text(
                c,
                sub_x + share * col_w / 2,
                top - names_h - sub_h + 1.3 * MM,
                name,
                REGULAR,
                5.6,
                "centre",
            )
            sub_x += share * col_w
    # Rounds.
    y = top - names_h - sub_h
    for r in range(rounds):
        first = r % players  # the first turn passes one seat each round
        mid = y - row_h / 2
        c.setFillColor(INK_BLACK)
        draw_text(c, box.x + 1.5 * MM, mid + 0.6 * MM, f"Round {r + 1}", BOLD, 8.4)
        draw_text(c, box.x + 1.5 * MM, mid - 3 * MM, f"player {first + 1} starts", ITALIC, 6)
        _starts_mark(c, box.x + label_w + first * col_w, y, ink)
        y -= row_h
    # Totals.
    c.setFillColor(INK_BLACK)
    draw_text(c, box.x + 1.5 * MM, y - total_h / 2 - 1.2 * MM, "Total", BOLD, 9.5)
    # Lines: rows, player columns (heavy) and sub-columns (light).
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    for i in range(rounds + 1):
        ry = top - names_h - sub_h - i * row_h
        c.line(box.x, ry, box.right, ry)
    c.line(box.x, top - names_h, box.right, top - names_h)
    for p in range(players):
        sub_x = box.x + label_w + p * col_w
        for _, share in SUBCOLUMNS[:-1]:
            sub_x += share * col_w
            c.line(sub_x, top - names_h, sub_x, y)
    c.setStrokeColor(INK_BLACK)
    c.setLineWidth(1.0)
    c.rect(box.x, y - total_h, box.width, box.height, stroke=1, fill=0)
    for p in range(players + 1):
        x = box.x + label_w + p * col_w
        c.line(x, top, x, y - total_h)
    c.setLineWidth(1.6)
    c.line(box.x, y, box.right, y)


def _starts_mark(c: Canvas, x: float, top: float, ink: Ink) -> None:
    """A corner flag in the starting player's cell."""
    size = 3.2 * MM
    c.saveState()
    c.setFillColor(INK_BLACK if ink == "normal" else white)
    c.setStrokeColor(INK_BLACK)
    c.setLineWidth(0.6)
    path = c.beginPath()
    path.moveTo(x, top)
    path.lineTo(x + size, top)
    path.lineTo(x, top - size)
    path.close()
    c.drawPath(path, stroke=1, fill=1)
    c.restoreState()
