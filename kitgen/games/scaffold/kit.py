"""The Scaffold kit's PDFs: the two board mats, the team cards, the turn track, the score sheet.

The mats are posters sized for the real cards (`kitgen.games.scaffold.layout`),
tiled over as many sheets as the paper needs. Colour is never the only cue:
red's and black's sides are named in words as well as tinted, so the mats read
in greyscale; the low-ink edition drops every large fill and keeps the lines
and words.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.api import (
    BOLD,
    BOLD_ITALIC,
    FAINT,
    INK,
    ITALIC,
    LINE,
    MM,
    PAPER,
    REGULAR,
    RULE,
    SHADE,
    Box,
    CardSource,
    Deck,
    Ink,
    Painter,
    Size,
    Tile,
    corner_ticks,
    deck_sheets_pdf,
    draw_scale_bar,
    draw_spaced,
    draw_text,
    draw_wrapped,
    finish,
    line_box,
    new_canvas,
    render_tiles,
    text_width,
    tile,
)
from kitgen.api import SuitColour as Colour
from kitgen.api import fit_text as fit
from kitgen.games.scaffold.layout import Hint, ScaffoldMatPlan, plan_scaffold_mat
from kitgen.games.scaffold.marks import inward_arrow
from kitgen.games.scaffold.rules import BOARDS, CENTRE, Board, cell_name, distance

if TYPE_CHECKING:
    from kitgen.api import PrintSetup

CENTRE_FILL = HexColor("#efe2bd")
RED = HexColor("#c0392b")
RED_DARK = HexColor("#8e2418")
RED_TINT = HexColor("#fae3df")
BLACK_TINT = HexColor("#d9dadb")
SLATE = HexColor("#26313b")
POKER = Size(63 * MM, 88 * MM)
HINT_LINE = 1.1  # the arrows' line width between spaces, at poker size
LEGEND = "No card may be higher than its neighbour nearer the centre. Up to 3 cards per space."
SIDE_INK: dict[Colour, tuple[Color, Color]] = {"red": (RED, RED_TINT), "black": (INK, BLACK_TINT)}


# --- Small drawing helpers -------------------------------------------------------------------


def chevron(c: Canvas, x: float, y: float, dx: int, dy: int, size: float, colour: Color) -> None:
    """A chevron centred on (x, y) pointing along (dx, dy)."""
    px, py = -dy, dx
    tip = (x + dx * size * 0.3, y + dy * size * 0.3)
    back = (tip[0] - dx * size * 0.6, tip[1] - dy * size * 0.6)
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(size * 0.22)
    c.setLineCap(1)
    c.setLineJoin(1)
    path = c.beginPath()
    path.moveTo(back[0] + px * size * 0.5, back[1] + py * size * 0.5)
    path.lineTo(*tip)
    path.lineTo(back[0] - px * size * 0.5, back[1] - py * size * 0.5)
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def mats_pdf(title: str, setup: PrintSetup) -> bytes:
    """Both mats (the diamond, then the hourglass), each tiled over as many sheets as needed."""
    canvas, buffer = new_canvas(f"{title}: board mats", f"kitgen board mats: {setup.describe()}")
    for mode in ("competitive", "cooperative"):
        plan = plan_scaffold_mat(BOARDS[mode], setup.card)
        heading = f"{title} \u00b7 {mode} mat"
        tiles = mat_tiles(plan, heading, setup)

        def paint(c: Canvas, plan: ScaffoldMatPlan = plan, heading: str = heading) -> None:
            draw_scaffold_mat(c, plan, setup.ink, heading)

        render_tiles(canvas, tiles, paint, busy=mat_busy(plan, heading))
    return finish(canvas, buffer)


def mat_tiles(plan: ScaffoldMatPlan, heading: str, setup: PrintSetup) -> list[Tile]:
    """The sheets a mat prints on, every seam between its content (`mat_content`)."""
    return tile(plan.size, setup.paper, margin=setup.margin, content=mat_content(plan, heading))


def draw_scaffold_mat(c: Canvas, plan: ScaffoldMatPlan, ink: Ink, heading: str) -> None:
    """Draw a mat in its own coordinates (lower-left corner at the origin)."""
    s = min(plan.card.width / POKER.width, plan.card.height / POKER.height)
    c.saveState()
    for colour, band in plan.sides.items():
        _side_band(c, band, colour, ink, s)
    for cell in plan.spaces:
        _space(c, plan, cell, ink, s)
    for hint in plan.hints:
        _hint(c, hint, s)
    _title_strip(c, plan, heading, s)
    if "key" in plan.panels:
        _key_panel(c, plan.panels["key"], s)
    if "scoring" in plan.panels:
        _scoring_panel(c, plan.panels["scoring"], plan.mode, s)
    c.restoreState()


def _hint_length(plan: ScaffoldMatPlan) -> float:
    s = min(plan.card.width / POKER.width, plan.card.height / POKER.height)
    return 4.2 * MM * min(s, 1.0)


def mat_content(plan: ScaffoldMatPlan, heading: str) -> tuple[Box, ...]:
    """What no seam may cut (the sheets of a tiled mat are cut between them): every
    space, the key panels, the arrows between spaces, and the words of the title strip
    and of the side bands where they print (their rules run on across a seam)."""
    k = min(plan.card.width / POKER.width, plan.card.height / POKER.height, 1.0)
    words = [line_box(*line) for line in _title_lines(plan, heading)]
    words.append(_title_arrow(plan, heading))
    for colour, band in plan.sides.items():
        words += _band_words(band, colour)
    arrows = plan.hint_boxes(_hint_length(plan), HINT_LINE * k)
    return (*plan.spaces.values(), *plan.panels.values(), *arrows, *words)


def mat_busy(plan: ScaffoldMatPlan, heading: str) -> tuple[Box, ...]:
    """Where a mat has ink, as drawn here: its content, the rule under the title and the
    side bands' rules. Tiling keeps its alignment crosses off it."""
    t = plan.title
    rules = [Box(t.x, t.y + 1 * MM, t.width, 1 * MM)]
    rules += [Box(b.x, b.y + b.height / 2 - 0.5 * MM, b.width, 1 * MM) for b in plan.sides.values()]
    return (*mat_content(plan, heading), *rules)


def _hint(c: Canvas, hint: Hint, s: float) -> None:
    """The arrow in the gap between two neighbours, pointing to the one nearer the centre."""
    k = min(s, 1.0)
    inward_arrow(c, hint.x, hint.y, hint.dx, hint.dy, 4.2 * MM * k, LINE, HINT_LINE * k)


def _space(c: Canvas, plan: ScaffoldMatPlan, cell: int, ink: Ink, s: float) -> None:
    """One space: tinted by side, its card's corners, its name and its ring."""
    box = plan.spaces[cell]
    side = BOARDS[plan.mode].side_of(cell)
    line, fill = SIDE_INK[side] if side is not None else (LINE, PAPER)
    if cell == CENTRE:
        fill = CENTRE_FILL
    c.setFillColor(white if ink == "low" else fill)
    c.setStrokeColor(line)
    c.setLineWidth(1.3 if side is not None or cell == CENTRE else 0.9)
    c.roundRect(box.x, box.y, box.width, box.height, 2.4 * MM, stroke=1, fill=1)
    if side == "black":  # a second line: black's side reads without colour, round a card too
        c.setLineWidth(0.5)
        inner = box.inset(min(1 * MM, plan.clearance / 2))
        c.roundRect(inner.x, inner.y, inner.width, inner.height, 1.8 * MM, stroke=1, fill=0)
    card = plan.card_box(cell)
    corner_ticks(c, card, 3 * MM * s, FAINT)
    c.setFillColor(FAINT)
    draw_text(c, card.x + 1.4 * MM, card.top - 1.4 * MM - 5.5 * s, cell_name(cell), REGULAR, 6 * s)
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    ring = distance(cell)
    if cell == CENTRE:
        c.setFillColor(INK)
        draw_text(c, cx, cy + 1 * MM, "CENTRE", BOLD, 11 * s, "centre")
        draw_text(c, cx, cy - 4 * MM * s, "the highest card", ITALIC, 7.5 * s, "centre")
        if BOARDS[plan.mode].sides:
            c.setFillColor(FAINT)
            draw_text(c, cx, cy - 8 * MM * s, "on neither side", ITALIC, 6.2 * s, "centre")
    else:
        nearer = "the centre" if ring == 1 else f"ring {ring - 1}"
        c.setFillColor(FAINT)
        draw_text(c, cx, cy + 1 * MM, f"ring {ring}", BOLD_ITALIC, 9 * s, "centre")
        draw_text(c, cx, cy - 3.5 * MM * s, f"no higher than {nearer}", ITALIC, 6.2 * s, "centre")
    if side is not None:
        c.setFillColor(line)
        draw_text(c, card.x + 1.4 * MM, card.y + 1.6 * MM, f"{side}'s side", ITALIC, 6 * s)


_ARROW_NOTE = "between neighbours: the arrow points towards the centre"


def _title_lines(
    plan: ScaffoldMatPlan, heading: str
) -> list[tuple[float, float, str, str, float, str]]:
    """The title strip's lines, (x, baseline, text, font, size, align)."""
    t = plan.title
    what = "the diamond" if plan.mode == "competitive" else "the hourglass"
    return [
        (t.x + 1 * MM, t.top - 6 * MM, heading, BOLD, 14.0, "left"),
        (t.x + 1 * MM, t.top - 11 * MM, LEGEND, ITALIC, 8.0, "left"),
        (t.right - 1 * MM, t.top - 6 * MM, f"{what}: {len(plan.spaces)} spaces", BOLD, 9.0,
         "right"),
        (t.right - 1 * MM, t.top - 11 * MM, _ARROW_NOTE, ITALIC, 8.0, "right"),
    ]  # fmt: skip


def _title_arrow(plan: ScaffoldMatPlan, heading: str) -> Box:
    """Where the arrow before the note prints (4 mm long, 1 pt wide, its head 2.9 mm)."""
    t = plan.title
    x = t.right - 1 * MM - text_width(_ARROW_NOTE, ITALIC, 8) - 4 * MM
    y = t.top - 11 * MM + 1 * MM
    return Box(x - 2 * MM - 0.5, y - 1.5 * MM - 0.5, 4 * MM + 1, 3 * MM + 1)


def _title_strip(c: Canvas, plan: ScaffoldMatPlan, heading: str, s: float) -> None:
    t = plan.title
    c.setFillColor(INK)
    for x, y, text, font, size, align in _title_lines(plan, heading):
        draw_text(c, x, y, text, font, size, align)
    arrow = _title_arrow(plan, heading)
    cx, cy = arrow.x + arrow.width / 2, arrow.y + arrow.height / 2
    inward_arrow(c, cx, cy, 1, 0, 4 * MM, LINE, 1.0)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(t.x, t.y + 1.5 * MM, t.right, t.y + 1.5 * MM)


def _band_texts(colour: Colour) -> tuple[str, str]:
    words = "RED'S SIDE" if colour == "red" else "BLACK'S SIDE"
    note = f"{colour} builds the two rows {'below' if colour == 'red' else 'above'} in {colour}"
    return words, note


def _band_words(band: Box, colour: Colour) -> list[Box]:
    """Where a side band's words print: its name in the middle, its note at the right."""
    words, note = _band_texts(colour)
    cx, cy = band.x + band.width / 2, band.y + band.height / 2
    size = 11.0
    width = text_width(words, BOLD, size) + size * 0.18 * (len(words) - 1)
    name = line_box(cx, cy - size * 0.36, words, BOLD, size, "centre")
    name = Box(cx - width / 2, name.y, width, name.height)
    return [name, line_box(band.right - 2 * MM, cy - 2.6, note, ITALIC, 7.5, "right")]


def _side_band(c: Canvas, band: Box, colour: Colour, ink: Ink, s: float) -> None:
    """The band naming a side, with its words between two rules."""
    line, _ = SIDE_INK[colour]
    words, note = _band_texts(colour)
    cx, cy = band.x + band.width / 2, band.y + band.height / 2
    c.setFillColor(line)
    size = 11.0
    width = draw_spaced(c, cx, cy - size * 0.36, words, BOLD, size)
    c.setFont(ITALIC, 7.5)
    note_w = text_width(note, ITALIC, 7.5)
    c.setStrokeColor(line)
    c.setLineWidth(1.0)
    left, right = cx - width / 2 - 4 * MM, cx + width / 2 + 4 * MM
    c.line(band.x + 2 * MM, cy, left, cy)
    c.line(right, cy, band.right - note_w - 6 * MM, cy)
    draw_text(c, band.right - 2 * MM, cy - 2.6, note, ITALIC, 7.5, "right")


def _panel_frame(c: Canvas, box: Box, heading: str, s: float) -> tuple[float, float, float]:
    """A panel's frame and heading; returns the text's left x, its width and the next top."""
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.roundRect(box.x, box.y, box.width, box.height, 2.4 * MM, stroke=1, fill=0)
    pad = 4 * MM * s
    c.setFillColor(INK)
    draw_text(c, box.x + pad, box.top - pad - 8 * s, heading, BOLD, 9 * s)
    return box.x + pad, box.width - 2 * pad, box.top - pad - 12 * s


def _key_panel(c: Canvas, box: Box, s: float) -> None:
    """How to read the mat, and the scale bar."""
    x, width, top = _panel_frame(c, box, "READING THE MAT", s)
    size = 7.2 * s
    # A picture of the rule: an outer card, the sign, an inner card.
    mini = Size(7 * MM * s, 9.5 * MM * s)
    y0 = top - 2 * MM * s - mini.height
    c.setStrokeColor(LINE)
    c.setLineWidth(0.7)
    for i, label in enumerate(("5", "9")):
        bx = x + i * (mini.width + 7 * MM * s)
        c.setFillColor(white)
        c.roundRect(bx, y0, mini.width, mini.height, 0.8 * MM, stroke=1, fill=1)
        c.setFillColor(INK)
        draw_text(
            c, bx + mini.width / 2, y0 + mini.height / 2 - 3 * s, label, BOLD, 9 * s, "centre"
        )
    inward_arrow(
        c, x + mini.width + 3.5 * MM * s, y0 + mini.height / 2, 1, 0, 4.2 * MM * s, LINE, 1.1 * s
    )
    c.setFillColor(INK)
    tx = x + 2 * mini.width + 9 * MM * s
    draw_text(c, tx, y0 + mini.height - 7.5 * s, "outer \u2264 inner", BOLD, size)
    draw_text(c, tx, y0 + 1.5 * s, "inner: nearer the centre", ITALIC, size * 0.9)
    y = y0 - 2 * MM * s
    for text in (
        "The arrow between two spaces points to the one nearer the centre: a top card "
        "may not be higher than the top card its arrow points to. The centre holds the highest.",
        "A space takes up to 3 cards, face up. The third caps it: turn it sideways.",
        "Spaces are named like r1c3 (row 1, column 3), as in written moves.",
    ):
        y = draw_wrapped(c, x, y, width, text, REGULAR, size) - 1.6 * MM * s
    bar_mm = next((n for n in (50, 40, 30, 20) if (n + 9) * MM <= width), 10)
    bar = Box(x, box.y + 9 * MM * s, bar_mm * MM, 1.6 * MM)
    draw_scale_bar(c, bar, None, bar_mm)
    c.setFillColor(INK)
    note = f"Print at 100% (actual size): the bar is {bar_mm} mm."
    draw_wrapped(c, x, bar.y - 1.8 * MM, width, note, ITALIC, 6.2 * s)


def _scoring_panel(c: Canvas, box: Box, mode: str, s: float) -> None:
    """Who plays first and how the game is scored, for this mat's mode."""
    if mode == "competitive":
        heading = "SCORING"
        texts = (
            "Red plays first.",
            "At the end, each crew counts the spaces whose top card is its colour. "
            "The centre counts too.",
            "The higher count wins: 8-5, say. Equal counts are a tie.",
        )
    else:
        heading = "TEAM SCORE"
        texts = (
            "Red plays first. Red builds the two upper rows in red; black builds the "
            "two lower rows in black.",
            "Score: the turns left, minus each side space that is empty or topped with "
            "the wrong colour. The centre does not count.",
            "The score can be negative.",
        )
    x, width, y = _panel_frame(c, box, heading, s)
    c.setFillColor(INK)
    for text in texts:
        y = draw_wrapped(c, x, y - 2 * MM * s, width, text, REGULAR, 7.2 * s)


# --- Team cards ------------------------------------------------------------------------------


CREWS: tuple[tuple[Colour, str, tuple[tuple[str, str], ...]], ...] = (
    (
        "red",
        "RED CREW",
        (
            ("", "You play first."),
            ("Competitive", "You score each space topped with a red card. The centre counts."),
            ("Cooperative", "Build the upper side, the two rows above the centre, in red."),
        ),
    ),
    (
        "black",
        "BLACK CREW",
        (
            ("", "Red plays first, then you."),
            ("Competitive", "You score each space topped with a black card. The centre counts."),
            ("Cooperative", "Build the lower side, the two rows below the centre, in black."),
        ),
    ),
)


def team_cards_pdf(title: str, setup: PrintSetup) -> bytes:
    """The red and black crew cards, with bleed, crop marks and a shared back."""
    return deck_sheets_pdf(team_deck(title), setup)


def team_deck(title: str, stem: str = "scaffold-team-cards") -> Deck:
    """The crew cards as a deck, one per colour, with a shared back."""

    def source(card: Size, bleed: float, ink: Ink) -> CardSource:
        def front(index: int) -> Painter:
            return lambda c: draw_team_card(c, index, card, bleed, ink)

        def back(index: int) -> Painter:
            return lambda c: draw_team_back(c, title, card, bleed, ink)

        return CardSource(
            card, bleed, lambda i: f"{CREWS[i][0]}-{ink}", front, lambda i: f"back-{ink}", back
        )

    names = tuple(f"{name.title()} card" for _, name, _ in CREWS)
    return Deck("scaffold", stem, f"{title}: team cards", names, source)


def draw_team_card(c: Canvas, index: int, card: Size, bleed: float, ink: Ink) -> None:
    """A crew card: its name on a band of its colour, the suits, a short crib, its side."""
    colour, name, crib = CREWS[index]
    w, h = card.width, card.height
    s = min(w / POKER.width, h / POKER.height)
    line, _ = SIDE_INK[colour]
    band, foot = h * 0.25, 8 * MM * s
    inset = 3 * MM * s
    if ink == "normal":
        c.setFillColor(line)
        c.rect(-bleed, h - band, w + 2 * bleed, band + bleed, stroke=0, fill=1)
        c.rect(-bleed, -bleed, w + 2 * bleed, foot + bleed, stroke=0, fill=1)
    else:
        c.setStrokeColor(line)
        c.setLineWidth(1.2 * s)
        c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2.4 * MM * s, stroke=1, fill=0)
        c.line(inset, h - band, w - inset, h - band)
    on_band = white if ink == "normal" else line
    c.setFillColor(on_band)
    draw_spaced(c, w / 2, h - band * 0.45, name, BOLD, 15 * s)
    suits = ("heart", "diamond") if colour == "red" else ("spade", "club")
    for i, suit in enumerate(suits):
        suit_shape(c, suit, w / 2 + (i - 0.5) * 9 * MM * s, h - band * 0.75, 2.4 * MM * s)
    footer = "SCAFFOLD \u00b7 team card"
    base = foot / 2 - 0.7 * MM * s if ink == "normal" else inset + 1.8 * MM * s
    draw_text(c, w / 2, base, footer, ITALIC, 6.5 * s, "centre")
    safe = 5 * MM * s
    y = h - band - 4.5 * MM * s
    width = w - 2 * safe
    for heading, text in crib:
        if heading:
            c.setFillColor(line)
            draw_text(c, safe, y - 7.5 * s, heading.upper(), BOLD, 7.5 * s)
            y -= 9.5 * s
        fitted = fit(text, REGULAR, width, 20 * MM * s, max_size=8.8 * s, min_size=6 * s)
        c.setFillColor(INK)
        c.setFont(REGULAR if heading else BOLD, fitted.size)
        for ln in fitted.lines:
            c.drawString(safe, y - fitted.size, ln)
            y -= fitted.leading
        y -= 2.6 * MM * s
    mini_board(c, BOARDS["cooperative"], colour, w / 2, foot + 1.5 * MM * s, 1.8 * MM * s, ink)


def mini_board(
    c: Canvas, board: Board, colour: Colour, cx: float, bottom: float, cell: float, ink: Ink
) -> float:
    """A small picture of a board, bottom-centred at (cx, bottom), `colour`'s side filled.

    Returns its height."""
    line, _ = SIDE_INK[colour]
    w, h = cell, cell * 1.35
    gap = cell * 0.35
    for space in board.spaces:
        row, col = divmod(space, 5)
        x = cx + (col - 2) * (w + gap) - w / 2
        y = bottom + (4 - row) * (h + gap)
        mine = board.side_of(space) == colour
        c.setStrokeColor(line if mine else FAINT)
        c.setLineWidth(0.9 if mine else 0.5)
        c.setFillColor(line if mine and ink == "normal" else white)
        c.roundRect(x, y, w, h, cell * 0.15, stroke=1, fill=1)
        if mine and ink == "low":  # a hatch instead of the fill
            c.line(x, y, x + w, y + h)
    return 5 * h + 4 * gap


def draw_team_back(c: Canvas, title: str, card: Size, bleed: float, ink: Ink) -> None:
    """The shared back: the diamond of spaces and the game's name."""
    w, h = card.width, card.height
    s = min(w / POKER.width, h / POKER.height)
    line = HexColor("#9aa6b2") if ink == "normal" else FAINT
    c.setFillColor(white if ink == "low" else SLATE)
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    inset = 3 * MM * s
    c.setStrokeColor(INK if ink == "low" else line)
    c.setLineWidth(0.8 * s)
    c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2.4 * MM * s)
    cell = Size(7.2 * MM * s, 9.6 * MM * s)
    step = Size(cell.width + 1.6 * MM * s, cell.height + 1.6 * MM * s)
    cx, cy = w / 2, h / 2 + 6 * MM * s
    for space in BOARDS["competitive"].spaces:
        row, col = divmod(space, 5)
        x = cx + (col - 2) * step.width - cell.width / 2
        y = cy - (row - 2) * step.height - cell.height / 2
        centre = space == CENTRE
        c.setLineWidth((1.4 if centre else 0.8) * s)
        c.setFillColor(line)
        fill = centre and ink == "normal"
        c.roundRect(x, y, cell.width, cell.height, 0.8 * MM * s, stroke=1, fill=int(fill))
    c.setFillColor(INK if ink == "low" else white)
    draw_spaced(c, w / 2, cy - 2.5 * step.height - 7 * MM * s, title.upper(), BOLD, 14 * s)


def suit_shape(c: Canvas, suit: str, cx: float, cy: float, r: float) -> None:
    """A suit symbol as a path (the fonts have none), about 2r across, in the fill colour."""

    def pt(x: float, y: float) -> tuple[float, float]:
        return cx + x * r, cy + y * r

    path = c.beginPath()
    if suit == "diamond":
        path.moveTo(*pt(0, 1))
        for p in ((0.72, 0), (0, -1), (-0.72, 0)):
            path.lineTo(*pt(*p))
        path.close()
    elif suit in ("heart", "spade"):
        f = 1 if suit == "heart" else -1
        path.moveTo(*pt(0, -0.95 * f))
        path.curveTo(*pt(-0.35, -0.55 * f), *pt(-1, -0.2 * f), *pt(-0.95, 0.3 * f))
        path.curveTo(*pt(-0.9, 0.9 * f), *pt(-0.25, 1.05 * f), *pt(0, 0.55 * f))
        path.curveTo(*pt(0.25, 1.05 * f), *pt(0.9, 0.9 * f), *pt(0.95, 0.3 * f))
        path.curveTo(*pt(1, -0.2 * f), *pt(0.35, -0.55 * f), *pt(0, -0.95 * f))
        path.close()
    else:  # club: three leaves
        for x, y in ((0, 0.5), (-0.48, -0.1), (0.48, -0.1)):
            leaf = c.beginPath()
            leaf.circle(*pt(x, y), 0.42 * r)
            c.drawPath(leaf, stroke=0, fill=1)
    if suit != "club":
        c.drawPath(path, stroke=0, fill=1)
    if suit in ("spade", "club"):  # the stem, a path of its own so no winding cancels
        stem = c.beginPath()
        stem.moveTo(*pt(0, 0.1))
        stem.lineTo(*pt(0.32, -1.15))
        stem.lineTo(*pt(-0.32, -1.15))
        stem.close()
        c.drawPath(stem, stroke=0, fill=1)


# --- Turn track and score sheet --------------------------------------------------------------


def _page(c: Canvas, setup: PrintSetup) -> Box:
    """Start a portrait page of the setup's paper; returns the area inside the margins."""
    paper = setup.paper if setup.paper.width <= setup.paper.height else setup.paper.rotated()
    c.setPageSize((paper.width, paper.height))
    m = max(setup.margin, 5 * MM) + 3 * MM
    return Box(m, m, paper.width - 2 * m, paper.height - 2 * m)


def _page_heading(c: Canvas, area: Box, title: str, what: str, note: str) -> float:
    """The page's heading; returns the y under it."""
    c.setFillColor(INK)
    draw_text(c, area.x, area.top - 16, title.upper(), BOLD_ITALIC, 18)
    draw_text(c, area.right, area.top - 16, what, BOLD, 11, "right")
    draw_text(c, area.x, area.top - 28, note, ITALIC, 8.5)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.line(area.x, area.top - 33, area.right, area.top - 33)
    return area.top - 33


def turn_track_pdf(
    title: str, setup: PrintSetup, turns: int = 16, variants: Sequence[int] = (12, 8)
) -> bytes:
    """One page: the cooperative game's turns, counted down to 0, with the variants' starts."""
    canvas, buffer = new_canvas(f"{title}: turn track", f"kitgen turn track: {setup.describe()}")
    area = _page(canvas, setup)
    top = _page_heading(
        canvas,
        area,
        title,
        "turn track \u00b7 cooperative game",
        "Put a coin on your start. After each turn move it on one space, or tick the box of "
        "the space it leaves. It shows the turns left.",
    )
    names = _variant_names(len(variants))
    labels = {turns: f"standard: start at {turns}", 0: "no turns left: score"}
    labels.update({v: f"{name}: start at {v}" for v, name in zip(variants, names, strict=True)})
    cols = 5
    rows = -(-(turns + 1) // cols)
    reminder_h = 46 * MM
    track = Box(area.x, area.y + reminder_h, area.width, top - area.y - reminder_h)
    pitch_x = track.width / cols
    pitch_y = min(track.height / rows, 54 * MM)
    r = min(pitch_x * 0.36, pitch_y * 0.3, 15 * MM)
    centres = []
    for i, n in enumerate(range(turns, -1, -1)):
        row, k = divmod(i, cols)
        col = k if row % 2 == 0 else cols - 1 - k  # a snake: left to right, then back
        centres.append((n, track.x + (col + 0.5) * pitch_x, track.top - (row + 0.55) * pitch_y))
    _track_links(canvas, centres, r)
    for n, x, y in centres:
        _track_space(canvas, n, x, y, r, labels.get(n), n in (turns, *variants), setup.ink)
    _turn_reminder(canvas, Box(area.x, area.y, area.width, reminder_h), turns, variants)
    canvas.showPage()
    return finish(canvas, buffer)


def _variant_names(count: int) -> list[str]:
    """What the shorter games are called: harder, hardest, then numbered."""
    return [("harder", "hardest")[i] if i < 2 else f"variant {i + 1}" for i in range(count)]


def _track_links(c: Canvas, centres: list[tuple[int, float, float]], r: float) -> None:
    """The way from each space to the next: a line with a chevron."""
    c.setStrokeColor(RULE)
    c.setLineWidth(1.2)
    for (_, x0, y0), (_, x1, y1) in itertools.pairwise(centres):
        if y0 == y1:
            d = 1 if x1 > x0 else -1
            c.line(x0 + d * r, y0, x1 - d * r, y1)
            chevron(c, (x0 + x1) / 2, y0, d, 0, 3.6 * MM, LINE)
        else:
            c.line(x0, y0 - r, x1, y1 + r)
            chevron(c, x0, (y0 + y1) / 2 - 2 * MM, 0, -1, 3.6 * MM, LINE)


def _track_space(
    c: Canvas, n: int, x: float, y: float, r: float, label: str | None, start: bool, ink: Ink
) -> None:
    """One space of the track: the turns left, a tick box, and a label above."""
    c.setStrokeColor(INK)
    c.setLineWidth(2.4 if start else 1.0)
    c.setFillColor(RED_TINT if start and ink == "normal" else white)
    c.circle(x, y, r, stroke=1, fill=1)
    if n == 0:  # the end: a second ring
        c.circle(x, y, r - 1.2 * MM, stroke=1, fill=0)
    c.setFillColor(INK)
    draw_text(c, x, y - 0.1 * r, str(n), BOLD, r * 0.95, "centre")
    draw_text(c, x, y - 0.55 * r, "turn left" if n == 1 else "turns left", ITALIC, 6.5, "centre")
    box = 3.6 * MM
    c.setLineWidth(0.7)
    c.rect(x + r * 0.72, y + r * 0.72, box, box, stroke=1, fill=0)
    if label:
        c.setFillColor(RED_DARK if start and ink == "normal" else INK)
        draw_text(c, x, y + r + 2.5 * MM, label, BOLD, 7.8, "centre")


def _turn_reminder(c: Canvas, box: Box, turns: int, variants: Sequence[int]) -> None:
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.roundRect(box.x, box.y, box.width, box.height, 3 * MM, stroke=1, fill=0)
    pad = 5 * MM
    x, width = box.x + pad, box.width - 2 * pad
    c.setFillColor(INK)
    y = box.top - pad
    names = _variant_names(len(variants))
    starts = " ".join(
        f"{n.capitalize()}: start on {v}." for v, n in zip(variants, names, strict=True)
    )
    for heading, text in (
        (
            "One turn",
            "Either each player plays one card, red first, or the two of you trade one card "
            "blindly, face down. Then move the coin on one space.",
        ),
        (
            "Start",
            f"The standard game starts on {turns}. {starts}",
        ),
        (
            "Team score",
            "The turns left, minus each of the 16 side spaces that is empty or topped with "
            "the wrong colour. The centre does not count. The score can be negative.",
        ),
    ):
        draw_text(c, x, y - 9, heading, BOLD, 9)
        y = draw_wrapped(c, x + 25 * MM, y, width - 25 * MM, text, REGULAR, 9) - 3 * MM


COMPETITIVE_COLUMNS = (
    ("Game", 0.09),
    ("Hand size", 0.22),
    ("Red spaces", 0.2),
    ("Black spaces", 0.2),
    ("Winner", 0.29),
)
COOPERATIVE_COLUMNS = (
    ("Game", 0.08),
    ("Hand size", 0.17),
    ("Turns at start", 0.19),
    ("Turns left", 0.13),
    ("\u2212 wrong colour", 0.15),
    ("\u2212 empty", 0.12),
    ("= score", 0.16),
)


def score_sheet_pdf(
    title: str,
    setup: PrintSetup,
    turns: int = 16,
    hand_sizes: Sequence[int] = (7, 5, 3),
    *,
    variants: Sequence[int] = (12, 8),
) -> bytes:
    """One page: a table of competitive games and one of cooperative games, with the formula."""
    canvas, buffer = new_canvas(f"{title}: score sheet", f"kitgen score sheet: {setup.describe()}")
    area = _page(canvas, setup)
    top = _page_heading(
        canvas,
        area,
        title,
        "score sheet",
        "Ring the hand size, the start and the winner (or the tie); fill in the rest.",
    )
    hands = "  ".join(str(n) for n in hand_sizes)
    starts = "  ".join(str(n) for n in (turns, *variants))
    top -= 4 * MM
    half = (top - area.y - 8 * MM) / 2
    comp = Box(area.x, area.y + half + 8 * MM, area.width, half)
    coop = Box(area.x, area.y, area.width, half)
    _table(
        canvas,
        comp,
        "Competitive games",
        (
            "Each crew scores the spaces topped with its colour.",
            "The centre counts too. The crew with more spaces wins; equal counts are a tie.",
        ),
        COMPETITIVE_COLUMNS,
        {1: hands, 4: "red   black   tie"},
        setup.ink,
    )
    _table(
        canvas,
        coop,
        "Cooperative games",
        (
            "Score = turns left \u2212 wrong-colour spaces \u2212 empty spaces",
            "Count the 16 side spaces only: the centre does not count. A score can be negative.",
        ),
        COOPERATIVE_COLUMNS,
        {1: hands, 2: starts},
        setup.ink,
    )
    canvas.showPage()
    return finish(canvas, buffer)


def _table(
    c: Canvas,
    box: Box,
    heading: str,
    note: tuple[str, str],
    columns: Sequence[tuple[str, float]],
    choices: dict[int, str],
    ink: Ink,
) -> None:
    """A ruled table: a heading, a rule and a note, a header row and numbered game rows."""
    c.setFillColor(INK)
    draw_text(c, box.x, box.top - 13, heading, BOLD, 12)
    rule, more = note
    draw_text(c, box.x + text_width(heading, BOLD, 12) + 5 * MM, box.top - 13, rule, BOLD, 9.5)
    y = draw_wrapped(c, box.x, box.top - 19, box.width, more, ITALIC, 8.5) - 2 * MM
    head_h, row_h = 9 * MM, 9 * MM
    rows = max(1, int((y - head_h - box.y) // row_h))
    bottom = y - head_h - rows * row_h
    if ink == "normal":
        c.setFillColor(SHADE)
        c.rect(box.x, y - head_h, box.width, head_h, stroke=0, fill=1)
    xs = [box.x]
    for _, share in columns:
        xs.append(xs[-1] + share * box.width)
    c.setFillColor(INK)
    for (name, _), x0, x1 in zip(columns, xs, xs[1:], strict=False):
        draw_text(c, (x0 + x1) / 2, y - head_h / 2 - 3, name, BOLD, 8.5, "centre")
    for i in range(rows):
        mid = y - head_h - (i + 0.5) * row_h
        c.setFillColor(INK)
        draw_text(c, xs[0] + 2 * MM, mid - 3, str(i + 1), REGULAR, 9)
        c.setFillColor(FAINT)
        for col, words in choices.items():
            draw_text(c, (xs[col] + xs[col + 1]) / 2, mid - 3, words, REGULAR, 9, "centre")
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    for i in range(rows + 1):
        ry = y - head_h - i * row_h
        c.line(box.x, ry, box.right, ry)
    for x in xs[1:-1]:
        c.line(x, y, x, bottom)
    c.setStrokeColor(INK)
    c.setLineWidth(1.0)
    c.rect(box.x, bottom, box.width, y - bottom, stroke=1, fill=0)


__all__ = [
    "draw_scaffold_mat",
    "mats_pdf",
    "score_sheet_pdf",
    "team_cards_pdf",
    "turn_track_pdf",
]
