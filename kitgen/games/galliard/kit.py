"""The Galliard kit's PDFs: the table mat, the two cabal reference cards, the score tracker.

The mat is a poster sized for the real cards (`kitgen.games.galliard.layout`),
tiled over as many sheets as the paper needs. Nothing relies on colour alone:
every space is named in words, and a stamp's verdict is a tick or a cross as
well as green or red. The low-ink edition drops every large fill and keeps the
lines and words.
"""

from __future__ import annotations

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
    SUIT_NAMES,
    SUITS,
    Box,
    Card,
    Deck,
    Ink,
    Size,
    Tile,
    corner_ticks,
    deck_sheets_pdf,
    draw_scale_bar,
    draw_spaced,
    draw_suit,
    draw_text,
    finish,
    line_box,
    new_canvas,
    one_back_deck,
    render_tiles,
    text_width,
    tile,
    verdict_badge,
)
from kitgen.api import fit_text as fit
from kitgen.games.galliard.figures import index_height, mini_face
from kitgen.games.galliard.layout import GalliardMatPlan, plan_galliard_mat
from kitgen.games.galliard.load import parameters
from kitgen.games.galliard.rules import ROYAL_RANKS, can_stamp

if TYPE_CHECKING:
    from kitgen.api import PrintSetup

WINE = HexColor("#6d1f3a")
WINE_LIGHT = HexColor("#c9a3b2")
GOLD = HexColor("#8a6a1c")
GOLD_TINT = HexColor("#f4ead0")
DECK_TINT = HexColor("#e9dfe4")
POKER = Size(63 * MM, 88 * MM)
JOKERS = (Card(0, "R"), Card(0, "B"))


# --- Small drawing helpers -------------------------------------------------------------------


def _scale(card: Size) -> float:
    """How much larger (or smaller) than a poker card a card is."""
    return min(card.width / POKER.width, card.height / POKER.height)


def _para(
    c: Canvas,
    x: float,
    top: float,
    width: float,
    text: str,
    font: str,
    size: float,
    *,
    room: float | None = None,
    align: str = "left",
) -> float:
    """Wrapped text below `top` (shrunk to fit `room` when given, never under 6 pt);
    returns the y under the last line."""
    fitted = fit(text, font, width, room if room is not None else 1e6, max_size=size, min_size=6)
    c.setFont(font, fitted.size)
    y = top - fitted.size
    for line in fitted.lines:
        if align == "centre":
            c.drawCentredString(x + width / 2, y, line)
        else:
            c.drawString(x, y, line)
        y -= fitted.leading
    return y + fitted.leading - fitted.size * 0.28


def crown(c: Canvas, cx: float, y: float, w: float, colour: Color, *, fill: bool) -> None:
    """A three-pointed crown, `w` wide, its band's bottom at y: filled, or outlined."""
    h = w * 0.62
    path = c.beginPath()
    path.moveTo(cx - w / 2, y)
    path.lineTo(cx + w / 2, y)
    path.lineTo(cx + w / 2, y + h)
    path.lineTo(cx + w / 4, y + h * 0.5)
    path.lineTo(cx, y + h)
    path.lineTo(cx - w / 4, y + h * 0.5)
    path.lineTo(cx - w / 2, y + h)
    path.close()
    c.saveState()
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    c.setLineWidth(max(0.6, w * 0.06))
    c.setLineJoin(1)
    c.drawPath(path, stroke=1, fill=int(fill))
    for px in (cx - w / 2, cx, cx + w / 2):
        c.circle(px, y + h + w * 0.06, w * 0.06, stroke=1, fill=int(fill))
    c.restoreState()


# --- The table mat ---------------------------------------------------------------------------


PHASE_1 = (
    "PHASE 1 \u00b7 WAGERS AND DANCERS",
    (
        "On your turn, you may first wager one royal from your hand: face up on the wager pile.",
        "Then you must dance (a number card from your hand, face up on an empty space: a new "
        "dancer) or stamp instead. The first stamp opens phase 2. Nobody stamps on the round's "
        "first turn: there is no dancer yet.",
    ),
)
PHASE_2 = (
    "PHASE 2 \u00b7 STAMPS AND SCUFFS",
    (
        "On your turn, stamp a number card on a dancer, or scuff: draw the deck's top card. "
        "No more wagers. Deck used up and no stamp: pass.",
        "The round ends as soon as a hand holds no number card (empty, or royals only): that "
        "player wins the round and takes the wagers.",
    ),
)
STAMP_PAIRS = (
    (Card(4, "S"), Card(5, "H")),
    (Card(5, "C"), Card(4, "D")),
    (Card(5, "S"), Card(5, "D")),
)


def mat_pdf(title: str, setup: PrintSetup) -> bytes:
    """The table mat (deck, wager pile, dancers' floor), tiled over as many sheets as
    needed, cut between its spaces, panels and words."""
    canvas, buffer = new_canvas(f"{title}: table mat", f"kitgen table mat: {setup.describe()}")
    plan = plan_galliard_mat(setup.card)
    heading = f"{title} \u00b7 table mat"
    tiles = mat_tiles(plan, heading, setup)

    def paint(c: Canvas) -> None:
        draw_galliard_mat(c, plan, setup.ink, heading)

    render_tiles(canvas, tiles, paint, busy=mat_busy(plan, heading))
    return finish(canvas, buffer)


def mat_tiles(plan: GalliardMatPlan, heading: str, setup: PrintSetup) -> list[Tile]:
    """The sheets the mat prints on, every seam between its content (`mat_content`)."""
    return tile(plan.size, setup.paper, margin=setup.margin, content=mat_content(plan, heading))


def mat_content(plan: GalliardMatPlan, heading: str) -> tuple[Box, ...]:
    """What no seam may cut: every space, the panels, the rule down the aisle, and the
    words of the title strip where they print."""
    words = tuple(line_box(*line) for line in _title_lines(plan, heading))
    rule = plan.aisle_rule  # beside the spaces: a seam may cross it between the rows
    beside = tuple(Box(rule.x, row.y, rule.width, row.height) for row in (plan.deck, plan.wager))
    return (*plan.spaces.values(), *plan.strip, *beside, *words, _scale_bar(plan))


def mat_busy(plan: GalliardMatPlan, heading: str) -> tuple[Box, ...]:
    """Where the mat has ink, that alignment crosses keep off: its content, the rule under
    the title strip and the rule down the aisle (which a seam may cross)."""
    t = plan.title
    rules = (Box(t.x, t.y + 3 * MM, t.width, 1 * MM), plan.aisle_rule)
    return (*mat_content(plan, heading), *rules)


def draw_galliard_mat(c: Canvas, plan: GalliardMatPlan, ink: Ink, heading: str) -> None:
    """Draw the mat in its own coordinates (lower-left corner at the origin)."""
    s = _scale(plan.card)
    c.saveState()
    _title_strip(c, plan, heading)
    _deck_space(c, plan, ink, s)
    _wager_space(c, plan, ink, s)
    for number, box in enumerate(plan.floor, start=1):
        _dancer_space(c, plan, box, number, ink, s)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.setDash(2, 2)
    c.line(plan.aisle_x, plan.wager.y, plan.aisle_x, plan.deck.top)
    c.setDash()
    for box, (name, texts) in zip(plan.strip[:2], (PHASE_1, PHASE_2), strict=True):
        _phase_panel(c, box, name, texts)
    _stamp_panel(c, plan.strip[2], ink)
    c.restoreState()


_FLOOR_NOTE = (
    "Each new dancer takes an empty space; stamps go on top. More than {n} dancers? "
    "Carry on along the table."
)
_BAR_MM = 30


def _title_lines(
    plan: GalliardMatPlan, heading: str
) -> list[tuple[float, float, str, str, float, str]]:
    """The title strip's lines, (x, baseline, text, font, size, align), each over its own
    panel below: the mat's name over phase 1, the floor's heading and note over phase 2
    (the note fitted to it), the print-at-100% note over the stamp rule."""
    t = plan.title
    first, middle, _ = plan.strip
    cx = middle.x + middle.width / 2
    note = _FLOOR_NOTE.format(n=len(plan.floor))
    size = min(8.0, 8.0 * (middle.width - 2 * MM) / text_width(note, ITALIC, 8.0))
    return [
        (first.x + 1 * MM, t.top - 7 * MM, heading, BOLD, 14.0, "left"),
        (first.x + 1 * MM, t.top - 12 * MM, "the middle of the table", ITALIC, 8.0, "left"),
        (cx, t.top - 7 * MM, "THE DANCERS' FLOOR", BOLD, 10.0, "centre"),
        (cx, t.top - 12 * MM, note, ITALIC, max(size, 5.5), "centre"),
        (
            t.right - 1 * MM,
            t.top - 12 * MM,
            f"print at 100%: the bar is {_BAR_MM} mm",
            ITALIC,
            6.5,
            "right",
        ),
    ]


def _scale_bar(plan: GalliardMatPlan) -> Box:
    t = plan.title
    return Box(t.right - _BAR_MM * MM - 9 * MM, t.top - 8 * MM, _BAR_MM * MM, 1.6 * MM)


def _title_strip(c: Canvas, plan: GalliardMatPlan, heading: str) -> None:
    t = plan.title
    c.setFillColor(INK)
    for x, y, text, font, size, align in _title_lines(plan, heading):
        draw_text(c, x, y, text, font, size, align)
    draw_scale_bar(c, _scale_bar(plan), None, _BAR_MM)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(t.x, t.y + 3.5 * MM, t.right, t.y + 3.5 * MM)


def _space_frame(
    c: Canvas, plan: GalliardMatPlan, box: Box, fill: Color, ink: Ink, s: float
) -> Box:
    """A space's rounded outline (tinted unless low ink) and its card's corners; returns the
    card's box."""
    c.setFillColor(white if ink == "low" else fill)
    c.setStrokeColor(LINE)
    c.setLineWidth(1.1)
    c.roundRect(box.x, box.y, box.width, box.height, 2.4 * MM, stroke=1, fill=1)
    card = plan.card_box(box)
    corner_ticks(c, card, 3 * MM * s, FAINT)
    return card


def _deck_space(c: Canvas, plan: GalliardMatPlan, ink: Ink, s: float) -> None:
    card = _space_frame(c, plan, plan.deck, DECK_TINT, ink, s)
    cx, cy = card.x + card.width / 2, card.y + card.height / 2
    c.setFillColor(WINE if ink == "normal" else INK)
    draw_spaced(c, cx, cy + 4 * MM * s, "DECK", BOLD, 17 * s)
    c.setFillColor(INK)
    draw_text(c, cx, cy - 2 * MM * s, "face down", ITALIC, 8.5 * s, "centre")
    pad = 5 * MM * s
    _para(
        c,
        card.x + pad,
        card.y + 21 * MM * s,
        card.width - 2 * pad,
        "Scuff: take its top card into your hand.",
        ITALIC,
        7.5 * s,
        align="centre",
    )
    _para(
        c,
        card.x + pad,
        card.top - 5 * MM * s,
        card.width - 2 * pad,
        f"Each round: shuffle every card that is in no cabal, deal {parameters().hand_size} each.",
        ITALIC,
        7.5 * s,
        align="centre",
    )


def _wager_space(c: Canvas, plan: GalliardMatPlan, ink: Ink, s: float) -> None:
    card = _space_frame(c, plan, plan.wager, GOLD_TINT, ink, s)
    cx = card.x + card.width / 2
    colour = GOLD if ink == "normal" else INK
    crown(c, cx, card.top - 15 * MM * s, 13 * MM * s, colour, fill=False)
    c.setFillColor(colour)
    draw_spaced(c, cx, card.top - 24 * MM * s, "WAGER PILE", BOLD, 12 * s)
    pad = 5 * MM * s
    c.setFillColor(INK)
    y = _para(
        c,
        card.x + pad,
        card.top - 30 * MM * s,
        card.width - 2 * pad,
        "royals only, phase 1, with your turn's dancer or stamp",
        BOLD_ITALIC,
        9 * s,
        align="centre",
    )
    _para(
        c,
        card.x + pad,
        y - 4 * MM * s,
        card.width - 2 * pad,
        "The round's winner takes every royal here into their cabal.",
        ITALIC,
        7.5 * s,
        align="centre",
    )


def _dancer_space(
    c: Canvas, plan: GalliardMatPlan, box: Box, number: int, ink: Ink, s: float
) -> None:
    card = _space_frame(c, plan, box, PAPER, ink, s)
    cx, cy = card.x + card.width / 2, card.y + card.height / 2
    c.setFillColor(FAINT)
    draw_text(c, cx, cy + 1 * MM * s, str(number), BOLD, 30 * s, "centre")
    draw_text(c, cx, cy - 5 * MM * s, "dancer", ITALIC, 8.5 * s, "centre")
    draw_text(c, cx, card.y + 5 * MM * s, "stamps: one apart", ITALIC, 7 * s, "centre")


def _panel_frame(c: Canvas, box: Box, heading: str) -> tuple[float, float, float]:
    """A panel's frame and heading; returns the text's left x, its width and the next top."""
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.roundRect(box.x, box.y, box.width, box.height, 2.4 * MM, stroke=1, fill=0)
    pad = 3.5 * MM
    c.setFillColor(INK)
    size = min(9.5, 9.5 * (box.width - 2 * pad) / text_width(heading, BOLD, 9.5))
    draw_text(c, box.x + pad, box.top - pad - 8, heading, BOLD, size)
    return box.x + pad, box.width - 2 * pad, box.top - pad - 12


def _phase_panel(c: Canvas, box: Box, heading: str, texts: tuple[str, ...]) -> None:
    x, width, y = _panel_frame(c, box, heading)
    room = (y - box.y - 3 * MM) / len(texts)
    c.setFillColor(INK)
    for text in texts:
        y = _para(c, x, y - 1.5 * MM, width, text, REGULAR, 9.5, room=room - 1.5 * MM)


def _stamp_panel(c: Canvas, box: Box, ink: Ink) -> None:
    """The stamp rule drawn: 4 on 5 and 5 on 4 allowed, 5 on 5 not."""
    x, width, top = _panel_frame(c, box, "A STAMP: EXACTLY ONE APART")
    w = min(9 * MM, width / 8)
    h = w * 1.4
    step = index_height(w) + 0.3 * MM
    pair_h = h + step
    pitch = width / len(STAMP_PAIRS)
    y = top - 2 * MM - pair_h
    for i, (upper, lower) in enumerate(STAMP_PAIRS):
        px = x + i * pitch + pitch / 2 - w / 2
        mini_face(c, lower, px, y + step, w, h, ink)
        mini_face(c, upper, px, y, w, h, ink)
        ok = can_stamp(upper, lower)
        verdict_badge(c, px + w + 2.6 * MM, y + h / 2, 2.2 * MM, ok, ink)
        c.setFillColor(INK)
        words = f"{upper.rank_text} on {lower.rank_text}"
        draw_text(c, px + w / 2, y - 3.2 * MM, words, BOLD, 7.5, "centre")
    c.setFillColor(INK)
    _para(
        c,
        x,
        y - 4.5 * MM,
        width,
        "4 on 5 or 5 on 4, never 5 on 5. The ace is 1: A and 2 are neighbours; 10 and A are not.",
        ITALIC,
        7.5,
        room=y - 4.5 * MM - box.y - 1.5 * MM,
    )


# --- Cabal reference cards -------------------------------------------------------------------


PATTERN_ROWS: tuple[tuple[str, tuple[Card, ...]], ...] = (
    ("J Q K of one suit", (Card(11, "H"), Card(12, "H"), Card(13, "H"))),
    ("all four of one rank", tuple(Card(12, suit) for suit in SUITS)),
    ("both jokers (never traded)", JOKERS),
)


def cabal_cards_pdf(title: str, setup: PrintSetup) -> bytes:
    """Two cabal reference cards (one per player), with bleed, crop marks and a shared back."""
    return deck_sheets_pdf(cabal_deck(title), setup)


def cabal_deck(title: str, stem: str = "galliard-cabal-cards") -> Deck:
    """The cabal cards as a deck: one per player, with a shared back."""
    return one_back_deck(
        "galliard",
        stem,
        f"{title}: cabal cards",
        ["Cabal card"] * 2,
        lambda c, _, w, h, bleed, ink: draw_cabal_card(c, Size(w, h), bleed, ink),
        lambda c, w, h, bleed, ink: draw_cabal_back(c, title, Size(w, h), bleed, ink),
        "back",
    )


def draw_cabal_card(c: Canvas, card: Size, bleed: float, ink: Ink) -> None:
    """The cabal card: the support rule, the three patterns drawn, and how to win."""
    w, h = card.width, card.height
    s = _scale(card)
    band = 14 * MM * s
    inset = 3 * MM * s
    c.setFillColor(white)
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    if ink == "normal":
        c.setFillColor(WINE)
        c.rect(-bleed, h - band, w + 2 * bleed, band + bleed, stroke=0, fill=1)
        on_band: Color = white
    else:
        c.setStrokeColor(WINE)
        c.setLineWidth(1.1 * s)
        c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2.4 * MM * s, stroke=1, fill=0)
        c.line(inset, h - band, w - inset, h - band)
        on_band = WINE
    c.setFillColor(on_band)
    draw_spaced(c, w / 2, h - band * 0.52, "YOUR CABAL", BOLD, 13 * s)
    draw_text(c, w / 2, h - band * 0.84, "the royals you have won", ITALIC, 6.5 * s, "centre")
    safe = 4.5 * MM * s
    width = w - 2 * safe
    heading = WINE if ink == "normal" else INK
    c.setFillColor(heading)
    y = _para(c, safe, h - band - 2 * MM * s, width, "SUPPORTED", BOLD, 8.5 * s, align="centre")
    c.setFillColor(INK)
    rule = f"{parameters().support} or more royals and a pattern:"
    y = _para(c, safe, y - 0.6 * MM * s, width, rule, REGULAR, 7.5 * s, align="centre")
    mini_w = 8.2 * MM * s
    mini_h = mini_w * 1.4
    y -= 1.2 * MM * s
    for label, cards in PATTERN_ROWS:
        y = _pattern_row(c, safe, y, width, label, cards, mini_w, mini_h, ink, s) - 1.2 * MM * s
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5 * s)
    c.line(safe, y, w - safe, y)
    c.setFillColor(heading)
    y = _para(c, safe, y - 1.6 * MM * s, width, "WIN THE GAME", BOLD, 8.5 * s, align="centre")
    c.setFillColor(INK)
    _para(
        c,
        safe,
        y - 0.6 * MM * s,
        width,
        "by winning a round that you started supported.",
        REGULAR,
        7.5 * s,
        align="centre",
        room=y - 0.6 * MM * s - inset,
    )


def _pattern_row(
    c: Canvas,
    x: float,
    top: float,
    width: float,
    label: str,
    cards: tuple[Card, ...],
    mini_w: float,
    mini_h: float,
    ink: Ink,
    s: float,
) -> float:
    """One pattern: its cards as a little row in a dashed outline, its words beside it.

    Returns the y under the row."""
    gap = 1 * MM * s
    y = top - mini_h - 1 * MM * s
    cx = x + 1 * MM * s
    for card in cards:
        mini_face(c, card, cx, y, mini_w, mini_h, ink, joker_word=False)  # too small to read
        cx += mini_w + gap
    row_right = x + 1 * MM * s + len(cards) * (mini_w + gap) - gap
    c.saveState()
    c.setStrokeColor(GOLD if ink == "normal" else INK)
    c.setLineWidth(0.9 * s)
    c.setDash(2 * s, 1.2 * s)
    pad = 0.8 * MM * s
    c.roundRect(
        x + 1 * MM * s - pad,
        y - pad,
        len(cards) * (mini_w + gap) - gap + 2 * pad,
        mini_h + 2 * pad,
        1.4 * MM * s,
        stroke=1,
        fill=0,
    )
    c.restoreState()
    text_x = row_right + 2.2 * MM * s
    c.setFillColor(INK)
    fitted = fit(label, BOLD, x + width - text_x, mini_h, max_size=7.5 * s, min_size=6 * s)
    c.setFont(BOLD, fitted.size)
    lines = fitted.lines
    ty = y + mini_h / 2 + (len(lines) * fitted.leading) / 2 - fitted.size * 0.9
    for line in lines:
        c.drawString(text_x, ty, line)
        ty -= fitted.leading
    return y - 0.8 * MM * s


def draw_cabal_back(c: Canvas, title: str, card: Size, bleed: float, ink: Ink) -> None:
    """The shared back: a crown, the game's name, a border."""
    w, h = card.width, card.height
    s = _scale(card)
    c.setFillColor(white if ink == "low" else WINE)
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    line = WINE if ink == "low" else WINE_LIGHT
    inset = 3 * MM * s
    c.setStrokeColor(line)
    c.setLineWidth(0.8 * s)
    c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2.4 * MM * s, stroke=1, fill=0)
    inner = inset + 1.6 * MM * s
    c.setLineWidth(0.4 * s)
    c.roundRect(inner, inner, w - 2 * inner, h - 2 * inner, 1.8 * MM * s, stroke=1, fill=0)
    crown(c, w / 2, h / 2 + 2 * MM * s, 20 * MM * s, line, fill=False)
    c.setFillColor(WINE if ink == "low" else white)
    draw_spaced(c, w / 2, h / 2 - 9 * MM * s, title.upper(), BOLD, 13 * s)
    draw_text(c, w / 2, h / 2 - 15 * MM * s, "cabal card", ITALIC, 7.5 * s, "centre")


# --- The score tracker -----------------------------------------------------------------------


TRACKER_COLUMNS: tuple[tuple[str, float], ...] = (
    ("Round", 0.06),
    ("Started", 0.075),
    ("Supported at the start", 0.14),
    ("Round winner", 0.075),
    ("Royals wagered", 0.17),
    ("Royal taken (none wagered)", 0.11),
    ("Trade: gave / took", 0.135),
    ("Player 1's royals after the round", 0.12),
    ("Player 2's royals after the round", 0.12),
)
ROW_H = 8 * MM
TICK = 6 * MM


def _page(c: Canvas, setup: PrintSetup) -> Box:
    """Start a portrait page of the setup's paper; returns the area inside the margins."""
    paper = setup.paper if setup.paper.width <= setup.paper.height else setup.paper.rotated()
    c.setPageSize((paper.width, paper.height))
    m = max(setup.margin, 5 * MM) + 3 * MM
    return Box(m, m, paper.width - 2 * m, paper.height - 2 * m)


def tracker_pdf(title: str, setup: PrintSetup) -> bytes:
    """One page: a round-by-round table for two players (as many rounds as fit) and each
    player's cabal grid."""
    canvas, buffer = new_canvas(
        f"{title}: score tracker", f"kitgen score tracker: {setup.describe()}"
    )
    area = _page(canvas, setup)
    c = canvas
    c.setFillColor(INK)
    draw_text(c, area.x, area.top - 16, title.upper(), BOLD_ITALIC, 18)
    draw_text(c, area.right, area.top - 16, "score tracker", BOLD, 11, "right")
    note = (
        "One row per round: ring who started and who won, and tick who was supported as the"
        " round began. Use a pencil for the cabal grids: royals come and go."
    )
    _para(c, area.x, area.top - 21, area.width, note, ITALIC, 8.5, room=12)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.line(area.x, area.top - 33, area.right, area.top - 33)
    y = area.top - 33 - 9 * MM
    for i in range(2):
        x = area.x + i * area.width / 2
        draw_text(c, x, y, f"Player {i + 1}:", BOLD, 10)
        c.setStrokeColor(INK)
        c.setLineWidth(0.6)
        c.line(x + 20 * MM, y - 1.5, x + area.width / 2 - 8 * MM, y - 1.5)
    grids_h = 64 * MM
    table = Box(
        area.x, area.y + grids_h + 6 * MM, area.width, y - 5 * MM - area.y - grids_h - 6 * MM
    )
    _tracker_table(c, table, setup.ink)
    half = (area.width - 6 * MM) / 2
    for i in range(2):
        _cabal_grid(c, Box(area.x + i * (half + 6 * MM), area.y, half, grids_h), i + 1, setup.ink)
    canvas.showPage()
    return finish(canvas, buffer)


def _tracker_table(c: Canvas, box: Box, ink: Ink) -> None:
    """The rounds table: a header and one row per round, as many rows as fit."""
    head_h = 12 * MM
    rows = max(1, int((box.height - head_h) // ROW_H))
    top = box.top
    bottom = top - head_h - rows * ROW_H
    xs = [box.x]
    for _, share in TRACKER_COLUMNS:
        xs.append(xs[-1] + share * box.width)
    xs[-1] = box.right
    if ink == "normal":
        c.setFillColor(SHADE)
        c.rect(box.x, top - head_h, box.width, head_h, stroke=0, fill=1)
    c.setFillColor(INK)
    for (name, _), x0, x1 in zip(TRACKER_COLUMNS, xs, xs[1:], strict=False):
        fitted = fit(name, BOLD, x1 - x0 - 2 * MM, head_h - 2 * MM, max_size=7.5, min_size=6)
        c.setFont(BOLD, fitted.size)
        ty = top - head_h / 2 + (len(fitted.lines) * fitted.leading) / 2 - fitted.size * 0.85
        for line in fitted.lines:
            c.drawCentredString((x0 + x1) / 2, ty, line)
            ty -= fitted.leading
    for i in range(rows):
        row_top = top - head_h - i * ROW_H
        mid = row_top - ROW_H / 2
        c.setFillColor(INK)
        draw_text(c, (xs[0] + xs[1]) / 2, mid - 3, str(i + 1), BOLD, 9, "centre")
        c.setFillColor(FAINT)
        for col in (1, 3):
            draw_text(c, (xs[col] + xs[col + 1]) / 2, mid - 3, "1    2", REGULAR, 9, "centre")
        # Supported at the start: a tick box for each player.
        for k in range(2):
            bx = xs[2] + (xs[3] - xs[2]) * (0.33 + 0.44 * k) - TICK / 2
            c.setStrokeColor(INK)
            c.setLineWidth(0.7)
            c.rect(bx, mid - TICK / 2, TICK, TICK, stroke=1, fill=0)
            c.setFillColor(FAINT)
            draw_text(c, bx - 1 * MM, mid - 3, str(k + 1), REGULAR, 9, "right")
        c.setFillColor(FAINT)
        draw_text(c, (xs[6] + xs[7]) / 2, mid - 3, "/", REGULAR, 9, "centre")
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    for i in range(rows + 1):
        ry = top - head_h - i * ROW_H
        c.line(box.x, ry, box.right, ry)
    for x in xs[1:-1]:
        c.line(x, top, x, bottom)
    c.setStrokeColor(INK)
    c.setLineWidth(1.0)
    c.rect(box.x, bottom, box.width, top - bottom, stroke=1, fill=0)
    c.line(xs[7], top, xs[7], bottom)  # the cabals apart from the round's events


def _cabal_grid(c: Canvas, box: Box, player: int, ink: Ink) -> None:
    """A player's cabal as tick boxes: suits in rows, J Q K in columns, then the jokers.

    A full row is a suit's pattern, a full column a rank's, both jokers the third."""
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.roundRect(box.x, box.y, box.width, box.height, 3 * MM, stroke=1, fill=0)
    pad = 4 * MM
    c.setFillColor(INK)
    draw_text(c, box.x + pad, box.top - pad - 9, f"Player {player}'s cabal", BOLD, 10)
    cell = 7 * MM
    x0 = box.x + pad + 22 * MM
    top = box.top - pad - 15 * MM
    for j, rank in enumerate(ROYAL_RANKS):
        draw_text(c, x0 + j * cell + cell / 2, top + 2 * MM, "JQK"[j], BOLD, 9, "centre")
        del rank
    for i, suit in enumerate(SUITS):
        y = top - (i + 1) * cell
        draw_suit(c, suit, box.x + pad + 3 * MM, y + cell / 2, 3.4 * MM, ink)
        c.setFillColor(INK)
        draw_text(c, box.x + pad + 6 * MM, y + cell / 2 - 2.8, SUIT_NAMES[suit], REGULAR, 8)
        for j in range(3):
            c.setStrokeColor(INK)
            c.setLineWidth(0.7)
            c.rect(x0 + j * cell + 0.5 * MM, y + 0.5 * MM, cell - MM, cell - MM, stroke=1, fill=0)
    jy = top - 5 * cell - 2 * MM
    c.setFillColor(INK)
    draw_text(c, box.x + pad, jy + cell / 2 - 2.8, "jokers", REGULAR, 8)
    for j, label in enumerate(("red", "black")):
        bx = x0 + j * (cell + 7 * MM)
        c.setStrokeColor(INK)
        c.setLineWidth(0.7)
        c.rect(bx + 0.5 * MM, jy + 0.5 * MM, cell - MM, cell - MM, stroke=1, fill=0)
        c.setFillColor(FAINT)
        draw_text(c, bx + cell + 0.6 * MM, jy + cell / 2 - 2.2, label, ITALIC, 6.5)
    key_x = x0 + 3 * cell + 5 * MM
    c.setFillColor(INK)
    _para(
        c,
        key_x,
        top,
        box.right - pad - key_x,
        "A pattern: a full row (a suit's J Q K), a full column (all four of a rank) or both "
        f"jokers. Supported: {parameters().support} or more ticks and a pattern.",
        ITALIC,
        7.5,
    )


__all__ = [
    "cabal_cards_pdf",
    "crown",
    "draw_cabal_back",
    "draw_cabal_card",
    "draw_galliard_mat",
    "mat_pdf",
    "tracker_pdf",
]
