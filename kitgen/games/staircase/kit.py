"""The Staircase game's paper: the score sheet and the action reference cards.

The score sheet walks each player through counting a finished staircase: how
many cards of each kind and what they are worth, each sequence and its bonus,
then the totals and the winner, for up to five players and several games. A
count cell has room for the largest count and product of the deck written in
pencil (36 number cards, 360 points); on paper too narrow for five such columns
(A5, half-letter) the sheet turns landscape. Its worked example is scored by
the rules engine (`kitgen.games.staircase.rules`), never typed in. The
reference cards (one per player) show the four actions with a small diagram
each, the end of the game and the scoring; their shared back reads the same
either way up. Nothing is told by colour alone, and the low-ink
edition has no large fills.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.api import (
    BOLD,
    BOLD_ITALIC,
    FAINT,
    INK,
    ITALIC,
    MM,
    REGULAR,
    RULE,
    SHADE,
    Box,
    Card,
    Deck,
    Ink,
    Size,
    deck_sheets_pdf,
    draw_spaced,
    draw_text,
    draw_wrapped,
    finish,
    full_deck,
    new_canvas,
    one_back_deck,
    text_width,
)
from kitgen.api import fit_text as fit
from kitgen.games.staircase.rules import (
    ACE_POINTS,
    BONUS_PER_CARD,
    COURT_POINTS,
    MIN_SEQUENCE,
    NUMBER_POINTS,
    StaircaseScore,
    base_value,
    score_staircase,
    sequence_bonus,
)

if TYPE_CHECKING:
    from kitgen.api import PrintSetup

ACCENT = HexColor("#1f5f8b")
BACK_FILL = HexColor("#20394d")
BACK_LINE = HexColor("#8fb0c8")
POKER = Size(63 * MM, 88 * MM)

# The worked example: the booklet's first scoring example (base 180 + one 4-card sequence).
EXAMPLE = ("Ana", ("AS", "JD", "QC", "KH", "AH", "AC", "AD"))


def most_players() -> int:
    """The most players a game has (the game file's `players`): the score sheet's
    columns and the action cards printed, one each."""
    from kitgen.games.staircase.load import player_range

    return player_range()[1]


# --- Full pages ------------------------------------------------------------------------------


def _page(c: Canvas, setup: PrintSetup) -> Box:
    """Start the score sheet's page (portrait, or landscape on paper too narrow for the
    table); returns the area inside the margins."""
    paper = sheet_paper(setup)
    c.setPageSize((paper.width, paper.height))
    return page_area(setup)


def _inset(paper: Size, setup: PrintSetup) -> Box:
    m = max(setup.margin, 5 * MM) + 3 * MM
    return Box(m, m, paper.width - 2 * m, paper.height - 2 * m)


def sheet_paper(setup: PrintSetup) -> Size:
    """The score sheet's page: portrait when the table's columns fit across it (A4 and
    Letter), else landscape (A5, half-letter)."""
    portrait = setup.paper if setup.paper.width <= setup.paper.height else setup.paper.rotated()
    need = label_width() + most_players() * count_cell().width
    return portrait if _inset(portrait, setup).width >= need else portrait.rotated()


def page_area(setup: PrintSetup) -> Box:
    """The printed area of the score sheet's page: inside the margin and 3 mm more."""
    return _inset(sheet_paper(setup), setup)


# --- The score sheet: its plan (numbers only) ------------------------------------------------

HEADING_H = 33.0  # the page heading, in points
KEY_H = 16.5 * MM  # the values and the bonus table
EXAMPLE_H = 10 * MM  # the worked example at the foot
GAME_GAP = 3 * MM
SPACE = 2.5 * MM  # above and below the games
MIN_ROW = 7 * MM  # a pencil needs this much
MAX_ROW = 9 * MM
# Handwriting: a pencil figure in a 7 mm row is about 4.5 mm tall and, with the room
# between two figures, 3.5 mm wide; a cell keeps 1 mm clear each side of what is written.
HAND_DIGIT = 3.5 * MM
HAND_PAD = 1 * MM
TIMES_SIZE = 7.0  # the "x20 =" between a count and its product
LABEL_PAD = 2 * MM  # before and after a row's name


@dataclass(frozen=True)
class SheetRow:
    """One row of a game's table: what it asks for, and how its player cells are split."""

    kind: str  # names, count, base, sequence, bonus, final, winner
    label: str
    hint: str = ""
    points: int = 0  # for a count row: what each card is worth


ROWS: tuple[SheetRow, ...] = (
    SheetRow("names", "Game {n}", "write each player's name"),
    SheetRow("count", "Cards 2 to 10", f"how many, \u00d7 {NUMBER_POINTS}", NUMBER_POINTS),
    SheetRow("count", "Jacks, queens, kings", f"how many, \u00d7 {COURT_POINTS}", COURT_POINTS),
    SheetRow("count", "Aces", f"how many, \u00d7 {ACE_POINTS}", ACE_POINTS),
    SheetRow("base", "Base total", "add the three"),
    SheetRow("sequence", "Sequence", "its cards, its bonus"),
    SheetRow("sequence", "Another sequence", "if there is one"),
    SheetRow("bonus", "Bonus total", "add the bonuses"),
    SheetRow("final", "Final score", "base + bonus"),
    SheetRow("winner", "Winner", "tick the highest"),
)


@dataclass(frozen=True)
class ScoreSheetPlan:
    """Where the score sheet's parts go on the page (points, y up)."""

    area: Box
    key: Box
    games: tuple[Box, ...]
    example: Box
    row_h: float  # every row's height: at least MIN_ROW
    label_w: float
    player_w: float
    players: int
    count_w: float  # in a player's cell: the count, then "x20 =", then the product
    value_x: float  # where the product (and a sequence's bonus) starts in a player's cell


@dataclass(frozen=True)
class CountCell:
    """The least room a player's count cell needs, written by hand (points)."""

    count: float  # the most cards of one kind a staircase can hold
    times: float  # "x20 ="
    value: float  # the largest product of a count (or bonus of a sequence)

    @property
    def width(self) -> float:
        return self.count + self.times + self.value


def largest_numbers() -> tuple[int, int]:
    """The most cards of one kind in the game's deck, and the largest number written in
    the value column: a kind's points times all its cards, or the longest sequence's bonus."""
    deck = full_deck(jokers=False)
    kinds = Counter(base_value(card) for card in deck)
    longest = len({card.rank for card in deck})  # a sequence holds each rank at most once
    value = max(max(points * n for points, n in kinds.items()), sequence_bonus(longest))
    return max(kinds.values()), value


@cache
def count_cell() -> CountCell:
    """What a count cell needs: room for the digits of the largest numbers, by hand."""
    most, value = largest_numbers()
    times = max(
        text_width(f"\u00d7{row.points} =", REGULAR, TIMES_SIZE) for row in ROWS if row.points
    )
    return CountCell(
        len(str(most)) * HAND_DIGIT + 2 * HAND_PAD,
        times + HAND_PAD,
        len(str(value)) * HAND_DIGIT + 2 * HAND_PAD,
    )


@cache
def label_width() -> float:
    """The row names' column: the widest name or hint, as drawn, with its padding."""
    widest = 0.0
    for row in ROWS:
        size = 10 if row.kind in ("names", "final") else 9
        font = BOLD if row.kind in ("base", "bonus", "final", "names") else REGULAR
        widest = max(
            widest,
            text_width(row.label.format(n=9), font, size),
            text_width(row.hint, ITALIC, 6.5),
        )
    return widest + 2 * LABEL_PAD


def plan_score_sheet(setup: PrintSetup) -> ScoreSheetPlan:
    """As many games as fit with rows at least 7 mm high (three on A4 and Letter); the row
    names as wide as the widest, each player's column the rest of the width's share, and
    its count cell split so the largest count and product fit written by hand."""
    area = page_area(setup)
    top = area.top - HEADING_H - 2 * MM
    key = Box(area.x, top - KEY_H, area.width, KEY_H)
    example = Box(area.x, area.y, area.width, EXAMPLE_H)
    room = key.y - example.top - 2 * SPACE
    count, row_h = 1, MIN_ROW
    for games in range(4, 0, -1):
        row_h = (room - (games - 1) * GAME_GAP) / (games * len(ROWS))
        if row_h >= MIN_ROW:
            count = games
            break
    row_h = min(row_h, MAX_ROW)
    block = row_h * len(ROWS)
    games_boxes = []
    y = key.y - SPACE
    for _ in range(count):
        games_boxes.append(Box(area.x, y - block, area.width, block))
        y -= block + GAME_GAP
    label_w = label_width()
    players = most_players()
    player_w = (area.width - label_w) / players
    cell = count_cell()  # the room a player's column has beyond it goes to the products
    return ScoreSheetPlan(
        area,
        key,
        tuple(games_boxes),
        example,
        row_h,
        label_w,
        player_w,
        players,
        cell.count,
        cell.count + cell.times,
    )


# --- The score sheet: drawing ----------------------------------------------------------------


def score_sheet_pdf(title: str, setup: PrintSetup) -> bytes:
    """One page: the card values and bonus table, a table per game, a worked example."""
    canvas, buffer = new_canvas(f"{title}: score sheet", f"kitgen score sheet: {setup.describe()}")
    _page(canvas, setup)
    plan = plan_score_sheet(setup)
    _sheet_heading(canvas, plan.area, title)
    _key(canvas, plan.key, setup.ink)
    for n, box in enumerate(plan.games, start=1):
        _game_table(canvas, plan, box, n, setup.ink)
    _worked_example(canvas, plan.example)
    canvas.showPage()
    return finish(canvas, buffer)


def _sheet_heading(c: Canvas, area: Box, title: str) -> None:
    """The title, what the page is, and how to use it, over a rule."""
    c.setFillColor(INK)
    draw_text(c, area.x, area.top - 16, title.upper(), BOLD_ITALIC, 18)
    draw_text(c, area.right, area.top - 16, "score sheet", BOLD, 11, "right")
    note = (
        "At the end, count each staircase in pencil, one column per player: "
        "the cards first, then the sequences."
    )
    draw_text(c, area.x, area.top - 28, note, ITALIC, 8.5)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.line(area.x, area.top - HEADING_H, area.right, area.top - HEADING_H)


def _key(c: Canvas, box: Box, ink: Ink) -> None:
    """Left: what each card is worth and what a sequence is. Right: the bonus table."""
    c.setFillColor(INK)
    draw_text(c, box.x, box.top - 11, "Each card", BOLD, 10)
    values = (
        f"2 to 10: {NUMBER_POINTS}",
        f"J Q K: {COURT_POINTS}",
        f"A: {ACE_POINTS}",
    )
    x = box.x + 22 * MM
    for text in values:
        draw_text(c, x, box.top - 11, text, BOLD, 10)
        x += text_width(text, BOLD, 10) + 6 * MM
    table_w = 80 * MM
    rule = (
        f"A sequence is {MIN_SEQUENCE} or more neighbouring cards whose ranks rise by one, "
        "left to right; suits do not matter. A 2 3 and Q K A count, K A 2 does not."
    )
    draw_wrapped(c, box.x, box.top - 15, box.width - table_w - 8 * MM, rule, REGULAR, 8.5)
    # The bonus table: a sequence's length and its bonus.
    lengths = list(range(MIN_SEQUENCE, MIN_SEQUENCE + 6))
    cell_w = (table_w - 18 * MM) / len(lengths)
    row = 5.6 * MM
    x0, top = box.right - table_w, box.top - 1 * MM
    if ink == "normal":
        c.setFillColor(SHADE)
        c.rect(x0, top - row, table_w, row, stroke=0, fill=1)
    c.setFillColor(INK)
    draw_text(c, x0 + 2 * MM, top - row / 2 - 3, "cards", BOLD, 8.5)
    draw_text(c, x0 + 2 * MM, top - 1.5 * row - 3, "bonus", BOLD, 8.5)
    for i, n in enumerate(lengths):
        cx = x0 + 18 * MM + (i + 0.5) * cell_w
        label = f"{n}" if i < len(lengths) - 1 else f"{n}..."
        draw_text(c, cx, top - row / 2 - 3, label, BOLD, 9, "centre")
        bonus = f"+{n * BONUS_PER_CARD}"
        draw_text(c, cx, top - 1.5 * row - 3, bonus, REGULAR, 9, "centre")
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(x0, top - row, x0 + table_w, top - row)
    for i in range(len(lengths) + 1):
        x = x0 + 18 * MM + i * cell_w
        c.line(x, top, x, top - 2 * row)
    c.setStrokeColor(INK)
    c.setLineWidth(0.8)
    c.rect(x0, top - 2 * row, table_w, 2 * row, stroke=1, fill=0)
    c.setFillColor(INK)
    draw_text(
        c,
        x0,
        top - 2 * row - 3.2 * MM,
        f"Each card of a sequence adds {BONUS_PER_CARD}.",
        ITALIC,
        8,
    )


def _cell_hint(c: Canvas, x: float, top: float, text: str) -> None:
    """A faint hint in a cell's top-left corner, small enough to write over."""
    c.setFillColor(FAINT)
    draw_text(c, x + 1 * MM, top - 6.2, text, ITALIC, 5.6)


def _game_table(c: Canvas, plan: ScoreSheetPlan, box: Box, n: int, ink: Ink) -> None:
    """One game: a row per step of the count, a column per player."""
    rh, lw, pw = plan.row_h, plan.label_w, plan.player_w
    totals = ("base", "bonus", "final")
    for i, row in enumerate(ROWS):
        top = box.top - i * rh
        if row.kind in totals and ink == "normal":
            c.setFillColor(SHADE)
            c.rect(box.x, top - rh, box.width, rh, stroke=0, fill=1)
        font = BOLD if row.kind in (*totals, "names") else REGULAR
        label = row.label.format(n=n)
        c.setFillColor(INK)
        size = 10 if row.kind in ("names", "final") else 9
        draw_text(c, box.x + 2 * MM, top - rh / 2 + 0.3, label, font, size)
        if row.hint:
            c.setFillColor(FAINT)
            draw_text(c, box.x + 2 * MM, top - rh / 2 - 7.6, row.hint, ITALIC, 6.5)
        for p in range(plan.players):
            x = box.x + lw + p * pw
            _player_cell(c, plan, row, x, top, p)
    # The rules: thin between rows and players, strong round the block and the final row.
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    for i in range(1, len(ROWS)):
        y = box.top - i * rh
        c.line(box.x, y, box.right, y)
    for p in range(plan.players + 1):
        x = box.x + lw + p * pw
        c.line(x, box.top, x, box.y)
    c.setStrokeColor(INK)
    c.setLineWidth(1.0)
    final = next(i for i, r in enumerate(ROWS) if r.kind == "final")
    c.rect(box.x, box.top - (final + 1) * rh, box.width, rh, stroke=1, fill=0)
    c.line(box.x, box.top - rh, box.right, box.top - rh)
    c.rect(box.x, box.y, box.width, box.height, stroke=1, fill=0)


def _player_cell(
    c: Canvas, plan: ScoreSheetPlan, row: SheetRow, x: float, top: float, player: int
) -> None:
    """One player's cell in a row: a count, its points and the product; a sequence's cards
    and its bonus (under the products); a box for the winner."""
    w, h = plan.player_w, plan.row_h
    c.setStrokeColor(RULE)
    c.setLineWidth(0.35)
    if row.kind == "names":
        _cell_hint(c, x, top, f"player {player + 1}")
    elif row.kind == "count":
        split = x + plan.count_w
        c.setDash(1, 1.5)
        c.line(split, top - 1 * MM, split, top - h + 1 * MM)
        c.setDash()
        _cell_hint(c, x, top, "count")
        c.setFillColor(FAINT)
        draw_text(
            c, split + HAND_PAD, top - h / 2 - 3, f"\u00d7{row.points} =", REGULAR, TIMES_SIZE
        )
    elif row.kind == "sequence":
        split = x + plan.value_x
        c.setDash(1, 1.5)
        c.line(split, top - 1 * MM, split, top - h + 1 * MM)
        c.setDash()
        _cell_hint(c, x, top, "cards")
        _cell_hint(c, split, top, "bonus")
    elif row.kind == "winner":
        side = min(4.2 * MM, h - 2.4 * MM)
        c.setStrokeColor(INK)
        c.setLineWidth(0.7)
        c.rect(x + w / 2 - side / 2, top - h / 2 - side / 2, side, side, stroke=1, fill=0)


def example_lines() -> tuple[str, str]:
    """The worked example, counted with the rules engine: the staircase, then its count."""
    name, texts = EXAMPLE
    score = score_staircase([Card.parse(t) for t in texts])
    return f"{name}'s staircase: {' '.join(texts)}.", count_words(score)


def count_words(score: StaircaseScore) -> str:
    """A staircase's count in the sheet's order: each kind of card, the base, the sequences."""
    parts = []
    for worth, words in (
        (NUMBER_POINTS, "2 to 10"),
        (COURT_POINTS, "J Q K"),
        (ACE_POINTS, "aces"),
    ):
        n = sum(1 for v in score.values if v == worth)
        if n:
            parts.append(f"{words}: {n} \u00d7 {worth} = {n * worth}")
    text = ";  ".join(parts) + f";  base {score.base}."
    for run in score.runs:
        ranks = " ".join(card.rank_text for card in run.cards)
        text += f"  Sequence {ranks}: {run.length} cards, bonus {run.bonus}."
    return text + f"  Final score {score.base} + {score.bonus} = {score.total}."


def _worked_example(c: Canvas, box: Box) -> None:
    """The example at the foot of the page, under a rule."""
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(box.x, box.top, box.right, box.top)
    first, count = example_lines()
    c.setFillColor(INK)
    y = box.top - 2 * MM - 8.5
    draw_text(c, box.x, y, "For example", BOLD, 8.5)
    indent = text_width("For example", BOLD, 8.5) + 2.5 * MM
    size = 8.5  # a little smaller when the count is too long for the line
    while size > 6.5 and text_width(count, REGULAR, size) > box.width - indent:
        size -= 0.25
    draw_text(c, box.x + indent, y, first, REGULAR, size)
    draw_text(c, box.x + indent, y - size * 1.3, count, REGULAR, size)


# --- Action reference cards ------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    """One of the four actions on the reference card: its name, its note, its words."""

    name: str
    note: str
    words: str
    icon: str


ACTIONS: tuple[Action, ...] = (
    Action("BUILD", "", "Put one hand card at the right end of your staircase.", "build"),
    Action(
        "SCRAP",
        "2 cards",
        "One card face up on the scrap pile, one to your staircase; draw one.",
        "scrap",
    ),
    Action(
        "RECYCLE",
        "",
        "One card face down on the depot; the top scrap card to your staircase.",
        "recycle",
    ),
    Action(
        "INTERFERE",
        "optional rule",
        "Show two cards to a player: they keep one; the other is scrapped.",
        "interfere",
    ),
)


def action_cards_pdf(title: str, setup: PrintSetup) -> bytes:
    """Five action reference cards (one per player), with bleed, crop marks and one back."""
    return deck_sheets_pdf(action_deck(title), setup)


def action_deck(title: str, stem: str = "staircase-action-cards") -> Deck:
    """The action cards as a deck: the same card once per player, with one back."""
    return one_back_deck(
        "staircase",
        stem,
        f"{title}: action cards",
        ["Action card"] * most_players(),  # one action card per player
        lambda c, _, w, h, bleed, ink: draw_action_card(c, Size(w, h), bleed, ink),
        lambda c, w, h, bleed, ink: draw_action_back(c, title, Size(w, h), bleed, ink),
        "back",
    )


def _scale(card: Size) -> float:
    """How much larger or smaller than a poker card the card is."""
    return min(card.width / POKER.width, card.height / POKER.height)


def draw_action_card(c: Canvas, card: Size, bleed: float, ink: Ink) -> None:
    """The front: the four actions with a diagram each, then the end and the scoring."""
    w, h = card.width, card.height
    s = _scale(card)
    safe = 4.5 * MM * s
    band = 12.5 * MM * s
    if ink == "normal":
        c.setFillColor(BACK_FILL)
        c.rect(-bleed, h - band, w + 2 * bleed, band + bleed, stroke=0, fill=1)
        c.setFillColor(white)
    else:
        c.setStrokeColor(INK)
        c.setLineWidth(1.0 * s)
        c.roundRect(2.5 * MM * s, 2.5 * MM * s, w - 5 * MM * s, h - 5 * MM * s, 2 * MM * s)
        c.line(2.5 * MM * s, h - band, w - 2.5 * MM * s, h - band)
        c.setFillColor(INK)
    draw_spaced(c, w / 2, h - band / 2 - 0.2 * MM * s, "YOUR TURN", BOLD, 11 * s, 0.16)
    c.setFont(ITALIC, 6.5 * s)
    c.drawCentredString(w / 2, h - band + 1.6 * MM * s, "do exactly one of these")
    icon = Size(12.6 * MM * s, 10 * MM * s)
    text_x = safe + icon.width + 2 * MM * s
    text_w = w - safe - text_x
    row_h = 12.4 * MM * s
    y = h - band - 1.2 * MM * s
    body_h = row_h - 7.6 * s - 1.6 * MM * s
    body_size = min(  # one size for all four, the largest at which each fits
        fit(a.words, REGULAR, text_w, body_h, max_size=6.8 * s, min_size=6 * s).size
        for a in ACTIONS
    )
    for action in ACTIONS:
        top = y
        place = Box(safe, top - row_h + 1.2 * MM * s, icon.width, icon.height)
        _action_icon(c, action.icon, place, ink, s)
        c.setFillColor(INK)
        name_size = 7.6 * s
        draw_text(c, text_x, top - name_size - 0.6 * MM * s, action.name, BOLD, name_size)
        if action.note:
            nx = text_x + text_width(action.name, BOLD, name_size) + 1.5 * MM * s
            c.setFillColor(ACCENT if ink == "normal" else INK)
            draw_text(c, nx, top - name_size - 0.6 * MM * s, f"({action.note})", ITALIC, 6.2 * s)
        c.setFillColor(INK)
        body = fit(action.words, REGULAR, text_w, body_h, max_size=body_size, min_size=body_size)
        ly = top - name_size - 1.2 * MM * s
        c.setFont(REGULAR, body.size)
        for line in body.lines:
            ly -= body.leading
            c.drawString(text_x, ly + body.size * 0.18, line)
        y -= row_h
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4 * s)
        c.line(safe, y, w - safe, y)
    # The end of the game, and the score.
    y -= 1.2 * MM * s
    c.setFillColor(INK)
    end = "No cards in hand: pass. When every hand is empty, the game ends: the highest total wins."
    end_fit = fit(end, ITALIC, w - 2 * safe, 9 * MM * s, max_size=6.6 * s, min_size=6 * s)
    c.setFont(ITALIC, end_fit.size)
    for line in end_fit.lines:
        y -= end_fit.leading
        c.drawString(safe, y + end_fit.size * 0.18, line)
    y -= 1.6 * MM * s
    draw_text(c, safe, y - 7 * s, "SCORE", BOLD, 7.6 * s)
    values = f"2-10: {NUMBER_POINTS}   J Q K: {COURT_POINTS}   A: {ACE_POINTS}"
    draw_text(c, safe + 12 * MM * s, y - 7 * s, values, BOLD, 7 * s)
    y -= 8.6 * s + 0.8 * MM * s
    bonus = (
        f"Sequence: {MIN_SEQUENCE}+ neighbours rising by one, left to right, any suits: "
        f"+{BONUS_PER_CARD} per card. A 2 3 and Q K A count; K A 2 does not."
    )
    bonus_fit = fit(bonus, REGULAR, w - 2 * safe, y - safe, max_size=6.6 * s, min_size=6 * s)
    c.setFont(REGULAR, bonus_fit.size)
    for line in bonus_fit.lines:
        y -= bonus_fit.leading
        c.drawString(safe, y + bonus_fit.size * 0.18, line)


# --- The icons: small diagrams of each action -------------------------------------------------

MINI = (2.7 * MM, 3.8 * MM)  # a card in an icon, on a poker card


def _mini(c: Canvas, x: float, y: float, s: float, kind: str, ink: Ink) -> None:
    """A tiny card: `up` (face up, a line for its index), `down` (hatched), `new` (dashed)."""
    cw, ch = MINI[0] * s, MINI[1] * s
    c.saveState()
    c.setLineWidth(0.5 * s)
    c.setStrokeColor(INK)
    if kind == "new":
        c.setDash(1.2 * s, 0.8 * s)
        c.setStrokeColor(ACCENT if ink == "normal" else INK)
        c.setLineWidth(0.8 * s)
        c.roundRect(x, y, cw, ch, 0.4 * MM * s, stroke=1, fill=0)
        c.restoreState()
        return
    c.setFillColor(white)
    path = c.beginPath()
    path.roundRect(x, y, cw, ch, 0.4 * MM * s)
    c.drawPath(path, stroke=1, fill=1)
    if kind == "down":
        c.clipPath(path, stroke=0, fill=0)
        c.setLineWidth(0.3 * s)
        step = 0.7 * MM * s
        for i in range(12):
            d = i * step
            c.line(x + d - ch, y, x + d, y + ch)
    else:
        c.setLineWidth(0.6 * s)
        c.line(x + 0.6 * MM * s, y + ch - 0.7 * MM * s, x + 0.6 * MM * s, y + ch - 1.5 * MM * s)
    c.restoreState()


def _arrow(c: Canvas, x0: float, y0: float, x1: float, y1: float, s: float, ink: Ink) -> None:
    """A thin arrow from (x0, y0) to (x1, y1)."""
    colour: Color = ACCENT if ink == "normal" else INK
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = 1.1 * MM * s
    c.saveState()
    c.setStrokeColor(colour)
    c.setFillColor(colour)
    c.setLineWidth(0.6 * s)
    c.line(x0, y0, x1 - ux * head * 0.7, y1 - uy * head * 0.7)
    path = c.beginPath()
    path.moveTo(x1, y1)
    path.lineTo(x1 - ux * head - uy * head * 0.5, y1 - uy * head + ux * head * 0.5)
    path.lineTo(x1 - ux * head + uy * head * 0.5, y1 - uy * head - ux * head * 0.5)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()


def _person(c: Canvas, cx: float, y: float, s: float) -> None:
    """Another player: a head and shoulders, `y` at the shoulders' foot."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.6 * s)
    c.circle(cx, y + 2.6 * MM * s, 0.8 * MM * s, stroke=1, fill=0)
    path = c.beginPath()
    path.moveTo(cx - 1.4 * MM * s, y)
    path.curveTo(
        cx - 1.4 * MM * s,
        y + 1.6 * MM * s,
        cx + 1.4 * MM * s,
        y + 1.6 * MM * s,
        cx + 1.4 * MM * s,
        y,
    )
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def _action_icon(c: Canvas, kind: str, box: Box, ink: Ink, s: float) -> None:
    """A tiny diagram of an action in `box`: the hand above, the staircase below."""
    cw, ch = MINI[0] * s, MINI[1] * s
    step = cw + 0.5 * MM * s
    top_y = box.top - ch
    row_y = box.y
    row_x = box.right - 3 * step + 0.5 * MM * s

    def row(new: bool = True) -> float:
        """The staircase: two cards and the new one's slot; returns the slot's centre x."""
        for i in range(2):
            _mini(c, row_x + i * step, row_y, s, "up", ink)
        if new:
            _mini(c, row_x + 2 * step, row_y, s, "new", ink)
        return row_x + 2 * step + cw / 2

    hand_x = box.x
    if kind == "build":
        slot = row()
        _mini(c, hand_x, top_y, s, "up", ink)
        _arrow(
            c, hand_x + cw, top_y + ch * 0.3, slot - 0.3 * MM * s, row_y + ch + 0.3 * MM * s, s, ink
        )
    elif kind == "scrap":
        slot = row()
        _mini(c, hand_x, top_y, s, "up", ink)
        _mini(c, hand_x + 1.3 * MM * s, top_y - 0.4 * MM * s, s, "up", ink)
        pile_x = box.right - cw
        _mini(c, pile_x - 0.5 * MM * s, top_y + 0.3 * MM * s, s, "up", ink)
        _mini(c, pile_x, top_y, s, "up", ink)
        _arrow(
            c,
            hand_x + cw + 1.5 * MM * s,
            top_y + ch * 0.75,
            pile_x - 0.8 * MM * s,
            top_y + ch * 0.75,
            s,
            ink,
        )
        _arrow(
            c,
            hand_x + cw + 1.3 * MM * s,
            top_y,
            slot - 0.3 * MM * s,
            row_y + ch + 0.3 * MM * s,
            s,
            ink,
        )
    elif kind == "recycle":
        slot = row()
        _mini(c, hand_x, top_y, s, "up", ink)
        depot_x = box.x + box.width / 2 - cw / 2
        _mini(c, depot_x, top_y, s, "down", ink)
        pile_x = box.right - cw
        _mini(c, pile_x, top_y, s, "up", ink)
        _arrow(
            c,
            hand_x + cw + 0.3 * MM * s,
            top_y + ch * 0.6,
            depot_x - 0.3 * MM * s,
            top_y + ch * 0.6,
            s,
            ink,
        )
        _arrow(c, pile_x + cw / 2, top_y - 0.3 * MM * s, slot, row_y + ch + 0.3 * MM * s, s, ink)
    else:  # interfere: two cards shown, another player keeps one
        slot = row()
        _mini(c, hand_x, top_y, s, "up", ink)
        _mini(c, hand_x + step, top_y, s, "up", ink)
        px = box.right - 2.2 * MM * s
        _person(c, px, top_y + 0.2 * MM * s, s)
        _arrow(c, hand_x + 2 * step, top_y + ch * 0.5, px - 1.8 * MM * s, top_y + ch * 0.5, s, ink)
        _arrow(c, px, top_y - 0.3 * MM * s, slot + 0.2 * MM * s, row_y + ch + 0.3 * MM * s, s, ink)


# --- The back ----------------------------------------------------------------------------------


def draw_action_back(c: Canvas, title: str, card: Size, bleed: float, ink: Ink) -> None:
    """The shared back: the game's title over a staircase of cards, then the same turned
    half a turn, so the back looks the same either way up."""
    w, h = card.width, card.height
    s = _scale(card)
    line = BACK_LINE if ink == "normal" else INK
    c.setFillColor(white if ink == "low" else BACK_FILL)
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    inset = 3 * MM * s
    c.setStrokeColor(line)
    c.setLineWidth(0.8 * s)
    c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2.4 * MM * s, stroke=1, fill=0)
    c.setLineWidth(0.5 * s)
    c.line(inset + 3 * MM * s, h / 2, w - inset - 3 * MM * s, h / 2)
    _half_back(c, title, w, h, s, ink)
    c.saveState()
    c.translate(w, h)
    c.rotate(180)
    _half_back(c, title, w, h, s, ink)
    c.restoreState()


def _half_back(c: Canvas, title: str, w: float, h: float, s: float, ink: Ink) -> None:
    """The lower half of the back: a rising staircase of five cards, and the title above it."""
    line = BACK_LINE if ink == "normal" else INK
    cw, ch = 6.4 * MM * s, 9 * MM * s
    rise = 2.6 * MM * s
    step = cw + 1.2 * MM * s
    x0 = w / 2 - 2 * step - cw / 2
    y0 = 8 * MM * s
    c.saveState()
    c.setStrokeColor(line)
    c.setLineWidth(0.8 * s)
    for i, rank in enumerate(("A", "2", "3", "4", "5")):
        x, y = x0 + i * step, y0 + i * rise
        c.setFillColor(white if ink == "low" else BACK_FILL)
        c.roundRect(x, y, cw, ch, 0.8 * MM * s, stroke=1, fill=1)
        c.setFillColor(line)
        draw_text(c, x + cw / 2, y + ch / 2 - 3.2 * s, rank, BOLD, 9 * s, "centre")
    c.restoreState()
    c.setFillColor(white if ink == "normal" else INK)
    size = 11 * s
    words = title.upper()
    while size > 6 * s and text_width(words, BOLD, size) * 1.16 > w - 18 * MM * s:
        size -= 0.25 * s
    draw_spaced(c, w / 2, h / 2 - 7 * MM * s, words, BOLD, size, 0.16)


__all__ = [
    "ACTIONS",
    "ROWS",
    "ScoreSheetPlan",
    "action_cards_pdf",
    "draw_action_back",
    "draw_action_card",
    "example_lines",
    "page_area",
    "plan_score_sheet",
    "score_sheet_pdf",
]
