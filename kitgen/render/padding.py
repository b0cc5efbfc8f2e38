"""A saddle-stitched booklet's padding pages: what it prints on the pages that make
its page count a multiple of four (kitgen.layout.booklet.padded_count), before its
back cover, instead of leaving them blank.

They come in this order, as many as there are pages to fill (padding_pages):

1. A card checklist, when the kit prints cards with at least CHECKLIST_MIN different
   names: the kit's cards by deck, each name with a box to tick for each copy, in up
   to three columns (as many as keep every name whole, with at most WRAPPED_MOST of
   them on two lines); the room left under it, three lines or more, is ruled for
   notes. It is left out when it would need more pages than there are to fill (half a
   checklist checks nothing).
2. A score page, when the kit prints a score sheet (a game's `score_parts`): a column
   for each player (as many as the game has at most, 2 to 6), names at the top, a row
   for each game and the totals at the foot.
3. Notes: ruled lines, on every page left.

Each page opens with a heading that says what it is, the game's name beside it, over
a rule (a right-to-left heading at the right, the name at the left); its footer
carries the page number as every body page does. None is listed in the contents. The
reading edition has no padding: its pages need no multiple of four. Their words are
the booklet's (kitgen.layout.words).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, PageBreak, Paragraph

from kitgen.layout.units import MM
from kitgen.layout.words import Words, words_for
from kitgen.render.emphasis import escape_text
from kitgen.render.fonts import KITSANS, Family, text_width
from kitgen.render.script_paragraph import draw_text_line, is_rtl, paragraph
from kitgen.render.shaping import needs_shaping

CHECKLIST_MIN = 8
"""The fewest different cards a kit's decks name for a checklist page: two team cards
or five copies of one action card need no list."""
WRAPPED_MOST = 0.1  # of a checklist's names, on two lines in smaller type
RULE_GAP = 7 * MM  # between ruled lines: a school notebook's
INK = colors.HexColor("#1b1b1b")
LINE = colors.HexColor("#9a9a9a")  # ruled and grid lines: visible in grey, light in ink
MOST_PLAYERS = 6  # the score page's columns at most (a name needs room)
CardList = tuple[tuple[str, tuple[tuple[str, int], ...]], ...]


@dataclass(frozen=True)
class PaddingFacts:
    """What the padding pages may hold, from the kit the booklet is printed with."""

    title: str  # the game's name, on every padding page
    cards: CardList = ()  # each deck's title and its cards with their copies
    score_players: int = 0  # a score page's players (0: the kit prints no score sheet)

    def distinct_cards(self) -> int:
        """How many different card names the decks hold."""
        return len({name for _, cards in self.cards for name, _ in cards})


class PageHead(Flowable):  # type: ignore[misc]
    """A padding page's heading: what the page is, in bold at the left, the game's name
    in italic at the right, over a rule."""

    def __init__(self, text: str, game: str, size: float, family: Family = KITSANS) -> None:
        super().__init__()
        self.text, self.game, self.size, self.family = text, game, size, family
        self.width = 0.0
        self.height = size * 1.45 * 1.25 + 2.5 * MM

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """The frame's width, one heading's height."""
        self.width = avail_width
        return avail_width, self.height

    def getSpaceAfter(self) -> float:
        """The room under the rule."""
        return self.size * 0.8

    def draw(self) -> None:
        """The heading, the game's name and the rule."""
        c, s = self.canv, self.size
        baseline = 2.5 * MM + s * 0.35
        rtl = is_rtl(self.text)  # (the heading at the right, the game's name at the left)
        c.saveState()
        c.setFillColor(INK)
        bold, italic = self.family.bold, self.family.italic
        c.setFont(bold, s * 1.45)
        _draw(c, self.width if rtl else 0, baseline, self.text, bold, s * 1.45, rtl)
        room = self.width - text_width(self.text, bold, s * 1.45) - 4 * MM
        game = self.game
        size = s * 0.95
        while game and text_width(game, italic, size) > room and size > s * 0.7:
            size -= 0.25
        if text_width(game, italic, size) <= room:
            c.setFont(italic, size)
            _draw(c, 0 if rtl else self.width, baseline, game, italic, size, not rtl)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.line(0, 0, self.width, 0)
        c.restoreState()


def _draw(c: Any, x: float, y: float, text: str, font: str, size: float, right: bool) -> None:
    """One line of text at (x, y), ending there when `right`, in the canvas's font
    (`font` at `size`, set by the caller); text to shape (Arabic, Hebrew ...) shaped,
    in the order it reads (kitgen.render.script_paragraph.draw_text_line)."""
    if needs_shaping(text):
        draw_text_line(c, x, y, text, font, size, "right" if right else "left")
        c.setFont(font, size)  # (the canvas's font again, for what is drawn next)
    elif right:
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)


class Ruled(Flowable):  # type: ignore[misc]
    """Ruled lines for notes that fill the rest of the frame, under an optional label."""

    def __init__(self, size: float, label: str = "", family: Family = KITSANS) -> None:
        super().__init__()
        self.size, self.label, self.family = size, label, family
        self.width = self.height = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """All the room left."""
        self.width, self.height = avail_width, max(avail_height, 0.0)
        return self.width, self.height

    def getSpaceBefore(self) -> float:
        """Room over a label (notes under a checklist)."""
        return self.size * 0.8 if self.label else 0.0

    def draw(self) -> None:
        """The label, then a line every RULE_GAP down to the foot."""
        c = self.canv
        top = self.height
        c.saveState()
        if self.label:
            c.setFillColor(INK)
            bold = self.family.bold
            c.setFont(bold, self.size * 1.12)
            top -= self.size * 1.2
            rtl = is_rtl(self.label)
            _draw(c, self.width if rtl else 0, top, self.label, bold, self.size * 1.12, rtl)
            top -= self.size * 0.4
        c.setStrokeColor(LINE)
        c.setLineWidth(0.4)
        y = top - RULE_GAP
        while y >= 0:
            c.line(0, y, self.width, y)
            y -= RULE_GAP
        c.restoreState()


Row = tuple[str, str, int]  # ("deck", title, 0) or ("card", name, copies)


class Checklist(Flowable):  # type: ignore[misc]
    """Cards in columns, each with a box to tick for each copy (up to BOXES, then one
    box and the count), a deck's title over its cards; filled column by column. A name
    too long for its column takes two lines in smaller type."""

    BOXES = 4

    def __init__(
        self, rows: list[Row], columns: int, size: float, slots: int, family: Family = KITSANS
    ) -> None:
        super().__init__()
        self.rows, self.columns, self.size, self.slots = rows, columns, size, slots
        self.family = family
        self.width = 0.0
        self.row_height = size * 1.9
        self.height = math.ceil(len(rows) / columns) * self.row_height

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """The frame's width; as tall as its longest column."""
        self.width = avail_width
        return avail_width, self.height

    def draw(self) -> None:
        """Each row: its boxes and the card's name, or a deck's title in bold."""
        c, s = self.canv, self.size
        bold, regular = self.family.bold, self.family.regular
        per_column = math.ceil(len(self.rows) / self.columns)
        column_width = self.width / self.columns
        box = s * 0.95
        c.saveState()
        for i, (kind, text, copies) in enumerate(self.rows):
            x = (i // per_column) * column_width
            y = self.height - (i % per_column + 1) * self.row_height + s * 0.55
            c.setFillColor(INK)
            if kind == "deck":
                c.setFont(bold, s)
                _draw(c, x, y, _fitted(text, bold, s, column_width - 2 * MM), bold, s, False)
                continue
            c.setStrokeColor(INK)
            c.setLineWidth(0.6)
            for k in range(copies if copies <= self.BOXES else 1):
                c.rect(x + k * (box + 1.2), y - box * 0.12, box, box, stroke=1, fill=0)
            left = x + _boxes_width(self.slots, s) + 1.5 * MM
            room = column_width - 2 * MM - left + x
            lines, size = _name_lines(_label(text, copies), s, room, regular)
            c.setFont(regular, size)
            if len(lines) == 1:
                _draw(c, left, y, lines[0], regular, size, False)
            else:
                lead = size * 1.15
                _draw(c, left, y - 0.4 * lead + lead, lines[0], regular, size, False)
                _draw(c, left, y - 0.4 * lead, lines[1], regular, size, False)
        c.restoreState()


def _slots(rows: list[Row]) -> int:
    """The boxes the widest row draws (its copies, up to Checklist.BOXES)."""
    most = max((copies for kind, _, copies in rows if kind == "card"), default=1)
    return most if most <= Checklist.BOXES else 1


def _boxes_width(slots: int, size: float) -> float:
    """The width `slots` boxes take in `size` type."""
    return slots * (size * 0.95 + 1.2)


def _label(name: str, copies: int) -> str:
    """A card's name, with its count when it has more copies than boxes."""
    return name if copies <= Checklist.BOXES else f"{name} \u00d7{copies}"


def _fitted(text: str, font: str, size: float, room: float) -> str:
    """The text, cut short with an ellipsis where it is wider than the room."""
    if text_width(text, font, size) <= room:
        return text
    while text and text_width(text + "\u2026", font, size) > room:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def _name_lines(text: str, size: float, room: float, font: str) -> tuple[list[str], float]:
    """A name on one line in `size` type when it fits `room`, else on two in smaller
    type (split between words where the longer line is shortest), else cut short."""
    if text_width(text, font, size) <= room:
        return [text], size
    small = size * 0.85
    words = text.split()
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    if splits:
        best = min(splits, key=lambda p: max(text_width(q, font, small) for q in p))
        if all(text_width(q, font, small) <= room for q in best):
            return list(best), small
    return [_fitted(text, font, size, room)], size


class ScoreGrid(Flowable):  # type: ignore[misc]
    """A score grid that fills the rest of the frame: a column for each player with a
    cell for names at the top, a numbered row for each game, the totals at the foot."""

    def __init__(
        self, players: int, size: float, words: Words | None = None, family: Family = KITSANS
    ) -> None:
        super().__init__()
        self.players, self.size, self.family = players, size, family
        self.words = words or words_for("")
        self.width = self.height = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """All the room left."""
        self.width, self.height = avail_width, max(avail_height, 0.0)
        return self.width, self.height

    def draw(self) -> None:
        """The grid, its heading row and its totals row."""
        c, s = self.canv, self.size
        bold, italic, regular = self.family.bold, self.family.italic, self.family.regular
        first = 13 * MM
        column = (self.width - first) / self.players
        head, row = 10 * MM, 7.5 * MM
        games = max(int((self.height - 2 * head) // row), 1)
        bottom = self.height - 2 * head - games * row
        c.saveState()
        c.setFillColor(INK)
        c.setFont(bold, s * 0.85)
        game = self.words["score_game"]
        _cell(c, 1 * MM, first - 1 * MM, self.height - head + 1.5 * MM, game, bold, s * 0.85)
        c.setFont(italic, s * 0.8)
        for p in range(self.players):
            player = self.words.text("score_player", n=str(p + 1))
            x = first + p * column
            _cell(
                c,
                x + 1.5 * MM,
                x + column - 1.5 * MM,
                self.height - 3.5 * MM,
                player,
                italic,
                s * 0.8,
            )
        c.setFont(regular, s * 0.9)
        for g in range(games):
            y = self.height - head - (g + 1) * row
            c.drawRightString(first - 3 * MM, y + 2.3 * MM, str(g + 1))
        c.setFont(bold, s * 0.9)
        total = self.words["score_total"]
        _cell(c, 1 * MM, first - 1 * MM, bottom + 3.5 * MM, total, bold, s * 0.9)
        c.setStrokeColor(LINE)
        c.setLineWidth(0.4)
        for g in range(1, games):
            y = self.height - head - g * row
            c.line(0, y, self.width, y)
        for p in range(self.players + 1):
            x = first + p * column
            c.line(x, bottom, x, self.height)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        for y in (self.height, self.height - head, bottom + head, bottom):
            c.line(0, y, self.width, y)
        c.restoreState()


def _cell(c: Any, left: float, right: float, y: float, text: str, font: str, size: float) -> None:
    """A word of the score grid in its cell, from `left` to `right`: at the left, or at
    the right when it reads right to left; in smaller type (down to 70%) where it is
    wider than the cell, else cut short. The canvas's font is `font` at `size`, before
    and after."""
    room = right - left
    fitted = size
    while text_width(text, font, fitted) > room and fitted > size * 0.7:
        fitted -= 0.25
    if fitted != size:
        c.setFont(font, fitted)
    shown = _fitted(text, font, fitted, room) if not needs_shaping(text) else text
    rtl = is_rtl(text)
    _draw(c, right if rtl else left, y, shown, font, fitted, rtl)
    if fitted != size:
        c.setFont(font, size)


def _checklist_rows(cards: CardList) -> list[Row]:
    """The checklist's rows: the cards of each deck, under its title when there are
    several decks."""
    rows: list[Row] = []
    for title, listed in cards:
        if len(cards) > 1:
            rows.append(("deck", title, 0))
        rows += [("card", name, copies) for name, copies in listed]
    return rows


def _checklist_pages(
    facts: PaddingFacts,
    size: float,
    width: float,
    height: float,
    words: Words,
    family: Family = KITSANS,
) -> list[list[Flowable]]:
    """The checklist's pages (a checklist and, where three lines or more are left, ruled
    notes under it on each), in as many columns (up to three) as keep every name whole
    and set at most WRAPPED_MOST of them on two lines."""
    rows = _checklist_rows(facts.cards)
    slots = _slots(rows)
    columns = 1
    for count in (3, 2):
        room = width / count - 2 * MM - _boxes_width(slots, size) - 1.5 * MM
        decks = [text for kind, text, _ in rows if kind == "deck"]
        names = [_label(text, copies) for kind, text, copies in rows if kind == "card"]
        lines = [_name_lines(n, size, room, family.regular)[0] for n in names]
        whole = all(len(n) == 2 or "\u2026" not in n[0] for n in lines)
        wrapped = sum(len(n) == 2 for n in lines)
        fit = all(text_width(d, family.bold, size) <= width / count - 2 * MM for d in decks)
        if fit and whole and wrapped <= len(names) * WRAPPED_MOST:
            columns = count
            break
    head = PageHead(words["checklist"], facts.title, size, family)
    cards = sum(copies for kind, _, copies in rows if kind == "card")
    intro = _intro(words.text("checklist_intro", cards=str(cards)), size, words, family)
    intro.spaceAfter = size
    room = height - head.height - head.getSpaceAfter()
    room -= intro.wrap(width, height)[1] + size
    per_page = columns * max(int(room // (size * 1.9)), 1)
    pages = []
    for start in range(0, len(rows), per_page):
        chunk = rows[start : start + per_page]
        listed = Checklist(chunk, columns, size, slots, family)
        head = PageHead(words["checklist"], facts.title, size, family)
        page: list[Flowable] = [head, intro, listed]
        if room - listed.height >= size * 2.4 + 3 * RULE_GAP:
            page.append(Ruled(size, words["notes"], family))
        pages.append(page)
    return pages


def _intro(text: str, size: float, words: Words, family: Family = KITSANS) -> Paragraph:
    """A padding page's line of what to do with it, in italic (plain text)."""
    style = ParagraphStyle(
        "intro", fontName=family.italic, fontSize=size * 0.9, leading=size * 1.2, textColor=INK
    )
    return paragraph(escape_text(text), style, words.language)


def padding_pages(
    facts: PaddingFacts,
    count: int,
    size: float,
    width: float,
    height: float,
    words: Words | None = None,
    family: Family = KITSANS,
) -> list[Flowable]:
    """The flowables of `count` padding pages in a frame `width` by `height`, in `size`
    type of `family`, in the booklet's `words` (English when not given), each opening
    with a page break (see the module's docstring for what they hold and in what
    order)."""
    words = words or words_for("")
    pages: list[list[Flowable]] = []
    if facts.distinct_cards() >= CHECKLIST_MIN:
        checklist = _checklist_pages(facts, size, width, height, words, family)
        if len(checklist) <= count:
            pages += checklist
    if facts.score_players and len(pages) < count:
        players = min(max(facts.score_players, 2), MOST_PLAYERS)
        intro = _intro(words["scores_intro"], size, words, family)
        intro.spaceAfter = size
        grid = ScoreGrid(players, size, words, family)
        pages.append([PageHead(words["scores"], facts.title, size, family), intro, grid])
    while len(pages) < count:
        notes = PageHead(words["notes"], facts.title, size, family)
        pages.append([notes, Ruled(size, family=family)])
    return [flowable for page in pages for flowable in (PageBreak(), *page)]


def card_list(decks: list[tuple[str, tuple[str, ...]]]) -> CardList:
    """Decks (title, each card's name, a name once per copy) as the checklist lists
    them: each name once, with its copies, in the deck's order."""
    listed = []
    for title, names in decks:
        copies: dict[str, int] = {}
        for name in names:
            copies[name] = copies.get(name, 0) + 1
        listed.append((title, tuple(copies.items())))
    return tuple(listed)
