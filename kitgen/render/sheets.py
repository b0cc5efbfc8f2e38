"""Draw page plans: card faces and backs in their slots, crop marks, the scale bar,
the sheet label, and whole card-sheet documents for any game.

Every card-sheet page is a portrait PDF page: a landscape plan is drawn turned a
quarter turn, so printers need no auto-rotate and a back offset acts in the same
portrait coordinates as the calibration sheet that measures it.

Each distinct face or back is drawn once as a PDF form XObject and placed
wherever it appears, so copies and identical backs cost almost nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from reportlab.lib.colors import black, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.bidi import LTR
from kitgen.layout.cutting import (
    Registration,
    full_cut_lines,
    plan_print_and_cut,
    with_cut_lines,
)
from kitgen.layout.geometry import Box, Grid, PagePlan, Placement, Segment, Size
from kitgen.layout.impose import impose, impose_fold, plan_fold, plan_grid
from kitgen.layout.notes import flow_text, label_boxes, place_scale_bar
from kitgen.layout.units import MM
from kitgen.render.fonts import BOLD, REGULAR, text_width
from kitgen.render.forms import draw_once
from kitgen.render.pdf import finish, new_canvas, trace
from kitgen.render.shaping import draw_line, needs_shaping
from kitgen.render.textruns import draw_string

if TYPE_CHECKING:
    from kitgen.layout.setup import PrintSetup
    from kitgen.layout.shapes import CardShape
    from kitgen.model.findings import Finding
    from kitgen.model.kit import Ink

T = TypeVar("T")

HAIRLINE = 0.25
FOLD_CLEAR = 1 * MM  # text keeps this far from a fold-and-glue sheet's fold

# Draws one card (face or back) in card coordinates: trim from (0, 0) to (w, h).
Painter = Callable[[Canvas], None]


@dataclass
class CardSource:
    """Where a sheet renderer gets its cards: a key and a painter for each item.

    Items with the same key look the same. A face or back placed more than once
    is drawn once as a form and reused; one placed once is drawn in the page
    itself, where it compresses better with its neighbours.
    """

    card: Size
    bleed: float
    front_key: Callable[[int], str]
    front: Callable[[int], Painter]
    back_key: Callable[[int], str]
    back: Callable[[int], Painter]
    # The shape the cards are cut to, when they are not rectangles (round tokens, hex
    # tiles): the painters draw inside it; a sheet draws its cut line on the fronts.
    shape: CardShape | None = None


# Builds a deck's card source for a card size, bleed and ink.
SourceMaker = Callable[[Size, float, "Ink"], CardSource]


@dataclass(frozen=True)
class Deck:
    """A set of cards to print or export: their names, and their painters at any size.

    The same deck makes the home-printing sheets, the print-shop PDFs, the PNGs
    and the Tabletop Simulator sheets, so every output is drawn by the same code.
    `check` reports text that cannot be drawn at a card size (name, size); it
    runs before anything is drawn.
    """

    game: str
    stem: str  # the file name's stem, like "scratch-cards"
    title: str
    names: tuple[str, ...]  # each card's name, in order
    source: SourceMaker
    check: Callable[[Size, str], list[Finding]] | None = None
    # Some card holds a placeholder for missing art (a draft build): every sheet's label
    # and the PDF's title begin "DRAFT", so the sheets are never taken for the print file.
    draft: bool = False
    shape: CardShape | None = None  # the shape its cards are cut to (None: rectangles)

    @property
    def count(self) -> int:
        """How many cards the deck has."""
        return len(self.names)


def deck_sheets_pdf(
    deck: Deck, setup: PrintSetup, progress: Callable[[int, int], None] | None = None
) -> bytes:
    """A deck's card sheets for home printing (see card_sheets_pdf)."""
    source = deck.source(setup.card, setup.bleed, setup.ink)
    title = f"DRAFT \u00b7 {deck.title}" if deck.draft else deck.title
    return card_sheets_pdf(title, deck.count, source, setup, progress)


class SheetRenderer:
    """Draws page plans onto a canvas, defining each form the first time it is used."""

    def __init__(
        self,
        canvas: Canvas,
        source: CardSource,
        plans: list[PagePlan],
        *,
        outlines: bool = True,
    ) -> None:
        self.canvas = canvas
        self.source = source
        # Draw a shaped card's cut line (its outline) on the fronts (not for a cutting
        # machine, which cuts it from the cut file).
        self.outlines = outlines and source.shape is not None
        self.forms: set[str] = set()
        self.uses: dict[str, int] = {}
        # Each plan's form names, by the plan's id (the plans are kept: ids stay theirs).
        self.plans = plans
        self.keys: dict[int, list[str]] = {}
        for plan in plans:
            keys = self.keys[id(plan)] = [self._key(plan, p.item) for p in plan.placements]
            for key in keys:
                self.uses[key] = self.uses.get(key, 0) + 1
        self._marks_reach: tuple[tuple[Segment, ...], tuple[float, float, float, float]] | None
        self._marks_reach = None  # (the last grid's marks, and the box round them)

    def _key(self, plan: PagePlan, item: int) -> str:
        """The form name of what a placement shows."""
        if item < 0:  # fold-and-glue: the back of card -item-1
            return "b-" + self.source.back_key(-item - 1)
        if plan.side == "back":
            return "b-" + self.source.back_key(item)
        return "f-" + self.source.front_key(item)

    def _painter(self, plan: PagePlan, item: int) -> Painter:
        if item < 0:
            return self.source.back(-item - 1)
        return self.source.back(item) if plan.side == "back" else self.source.front(item)

    def _form(self, name: str, painter: Painter) -> str:
        if name not in self.forms:
            w, h, b = self.source.card.width, self.source.card.height, self.source.bleed
            self.canvas.beginForm(name, lowerx=-b, lowery=-b, upperx=w + b, uppery=h + b)
            painter(self.canvas)
            self.canvas.endForm()
            self.forms.add(name)
        return name

    def _at_card(self, placement: Placement) -> None:
        """Move the canvas to a placement's card: its trim's bottom-left corner at (0,
        0), turned half a turn about the card for a back printed upside down."""
        c = self.canvas
        trim = placement.slot.trim
        if placement.rotate == 180:
            c.translate(trim.x + self.source.card.width, trim.y + self.source.card.height)
            c.rotate(180)
        else:
            c.translate(trim.x, trim.y)

    def _place(self, plan: PagePlan, keys: list[str]) -> None:
        """Draw a plan's cards, each by its form if it has one, else clipped to its bleed."""
        c = self.canvas
        w, h, b = self.source.card.width, self.source.card.height, self.source.bleed
        for placement, key in zip(plan.placements, keys, strict=True):
            c.saveState()
            self._at_card(placement)
            if self.uses.get(key, 0) > 1:
                c.doForm(self._form(key, self._painter(plan, placement.item)))
            else:
                clip = c.beginPath()
                clip.rect(-b, -b, w + 2 * b, h + 2 * b)
                c.clipPath(clip, stroke=0, fill=0)
                self._painter(plan, placement.item)(c)
            c.restoreState()

    def _outlines(self, plan: PagePlan) -> None:
        """The cut line of each front on a page of cards of a shape of their own: its
        outline at the trim, a black hairline, over the card (a round token or a hex tile
        is cut along it; the crop marks give the box round it)."""
        shape = self.source.shape
        assert shape is not None
        c = self.canvas
        w, h = self.source.card.width, self.source.card.height
        c.saveState()
        c.setStrokeColor(black)
        c.setLineWidth(HAIRLINE)
        for placement in plan.placements:
            if placement.item < 0 or plan.side == "back":
                continue  # (a back is cut with its front)
            c.saveState()
            self._at_card(placement)
            path = c.beginPath()
            trace(path, shape.outline(w, h))
            c.drawPath(path, stroke=1, fill=0)
            c.restoreState()
        c.restoreState()

    def page(self, plan: PagePlan, *, decorate: Callable[[Canvas], None] | None = None) -> None:
        """Draw one page plan and end the page.

        A landscape plan goes on a portrait page, turned a quarter turn (see
        quarter_turn), so every card-sheet page is portrait and a back offset acts in
        the portrait page's own coordinates: the ones `kitgen calibrate` measures. The
        offset is applied before the turn; `decorate` gets the turn but no offset.
        """
        c = self.canvas
        turned = is_turned(plan.page)
        c.setPageSize(pdf_page_size(plan.page))
        c.saveState()
        c.translate(*plan.offset)
        if turned:
            quarter_turn(c, plan.page)
        keys = self.keys.get(id(plan))
        if keys is None:  # (a plan not given at the start)
            keys = [self._key(plan, placement.item) for placement in plan.placements]
        if keys and all(self.uses.get(key, 0) > 1 for key in keys):
            # Every card here is a form (a sheet of backs, mostly): the sheet is the
            # same on every page like it, so it too is drawn once a PDF.
            sheet = tuple(
                (k, p.slot.trim, p.rotate) for k, p in zip(keys, plan.placements, strict=True)
            )
            size = plan.page
            reach = (-size.width, -size.height, 2 * size.width, 2 * size.height)
            draw_once(c, ("sheet", sheet), reach, lambda c: self._place(plan, keys))
        else:
            self._place(plan, keys)
        if plan.marks:  # the same on every page of a layout: drawn once a PDF
            if self._marks_reach is None or self._marks_reach[0] is not plan.marks:
                self._marks_reach = (plan.marks, _reach(plan.marks))  # (one grid's, page on page)
            reach = self._marks_reach[1]
            draw_once(c, ("marks", plan.marks), reach, lambda c: draw_marks(c, plan.marks))
        if self.outlines:
            self._outlines(plan)
        if plan.fold is not None:
            draw_fold(c, plan)
        c.restoreState()
        if decorate is not None:
            if turned:
                c.saveState()
                quarter_turn(c, plan.page)
                decorate(c)
                c.restoreState()
            else:
                decorate(c)
        c.showPage()


def is_turned(page: Size) -> bool:
    """True when a plan's page is landscape, so it is drawn turned on a portrait page."""
    return page.width > page.height


def pdf_page_size(page: Size) -> tuple[float, float]:
    """The PDF page a plan's page is drawn on: always portrait (a square stays as it is)."""
    return (page.height, page.width) if is_turned(page) else (page.width, page.height)


def page_point(page: Size, x: float, y: float) -> tuple[float, float]:
    """Where a plan's point (x, y) lies on its PDF page, before any back offset."""
    return (page.height - y, x) if is_turned(page) else (x, y)


def page_box(page: Size, box: Box) -> Box:
    """Where a plan's box lies on its PDF page, before any back offset."""
    if not is_turned(page):
        return box
    return Box(page.height - box.top, box.x, box.height, box.width)


def quarter_turn(c: Canvas, page: Size) -> None:
    """Map a landscape plan's coordinates onto its portrait PDF page: a quarter turn
    anticlockwise, so the plan's point (x, y) lands at (page.height - y, x).

    The plan's top edge runs up the portrait page's left edge, so the sheet label
    (above the top row, reading left to right on the plan) reads bottom to top in the
    left margin, the usual way to set landscape matter on portrait paper; turning
    the other way would put it top to bottom in the right margin.

    Fronts and backs get the same turn, and a rigid map of the sheet onto the paper
    keeps its long edge long: impose's flip about the plan's long (or short) edge
    is the paper's flip about its long (or short) edge, so every back stays behind
    its face.
    """
    c.translate(page.height, 0)
    c.rotate(90)


def draw_marks(c: Canvas, marks: tuple[Segment, ...]) -> None:
    """Crop marks: black hairlines."""
    if not marks:
        return
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(HAIRLINE)
    for m in marks:
        c.line(m.x0, m.y0, m.x1, m.y1)
    c.restoreState()


def _reach(marks: tuple[Segment, ...]) -> tuple[float, float, float, float]:
    """A box round every mark, their line width included."""
    xs = [x for m in marks for x in (m.x0, m.x1)]
    ys = [y for m in marks for y in (m.y0, m.y1)]
    return (min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1)


def draw_registration(c: Canvas, registration: Registration) -> None:
    """A cutting machine's registration marks: solid black shapes."""
    c.saveState()
    c.setFillColor(black)
    for box in registration.shapes:
        c.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
    c.restoreState()


def draw_fold(c: Canvas, plan: PagePlan) -> None:
    """The fold line of a fold-and-glue sheet: dashes in the top and bottom margins only,
    and above the cards the word "fold" on the line itself, the dashes broken round it:
    the fold is the one place in the band where no crop mark stands (the nearest are the
    cards' edges, at least the fold's clearance away). The word reads down the plan's
    line: left to right on the portrait page the landscape plan is turned onto."""
    assert plan.fold is not None
    cards = [p.slot.bleed for p in plan.placements]
    low = min(b.y for b in cards) - 1 * MM
    high = max(b.top for b in cards) + 1 * MM
    x = plan.fold.x0
    size = 4.5
    start = high + 0.5 * MM
    length = text_width("fold", REGULAR, size)
    end = start + length + 0.5 * MM
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(HAIRLINE)
    c.setDash(2, 1.5)
    c.line(x, plan.fold.y0, x, low)
    c.line(x, end, x, plan.fold.y1)
    c.setDash()
    c.setFont(REGULAR, size)
    c.translate(x - 0.35 * size, start + length)  # the letters' middle on the line
    c.rotate(-90)
    c.drawString(0, 0, "fold")
    c.restoreState()


def draw_scale_bar(
    c: Canvas, bar: Box, note: Box | None, length_mm: int, more: tuple[Box, ...] = ()
) -> None:
    """A measured bar (1 cm blocks) and the note to print at 100 %: in its box when it
    fits, else run on over the `more` boxes (spans further along the band)."""
    c.saveState()
    c.setLineWidth(0.4)
    c.setStrokeColor(black)
    for i in range(length_mm // 10):
        c.setFillColor(black if i % 2 == 0 else white)
        c.rect(bar.x + i * 10 * MM, bar.y, 10 * MM, bar.height, stroke=1, fill=1)
    c.setFillColor(black)
    text = f"{length_mm} mm"
    c.setFont(BOLD, 5.5)
    c.drawString(bar.right + 1 * MM, bar.y + bar.height / 2 - 2, text)
    if note is not None:
        c.setFont(REGULAR, 5.5)
        pieces = ("Print at 100% (actual size):", f"the bar is {length_mm} mm.")
        boxes = (note, *more)
        for box, _row, line in flow_text(
            [pieces], boxes, 1, lambda t: text_width(t, REGULAR, 5.5), join=" "
        ):
            c.drawString(boxes[box].x, boxes[box].y + boxes[box].height / 2 - 2, line)
    c.restoreState()


def sheet_label(
    c: Canvas,
    grid: Grid,
    margin: float,
    lines: tuple[str, ...],
    *,
    area: Box | None = None,
    keep_clear: tuple[Box, ...] = (),
) -> None:
    """The sheet's label: small type above the top row, between the cut lines: one or
    two lines in the first column, or (when they do not fit there) each line in a span
    of its own, its parts (split at " \u00b7 ") run on from span to span."""
    draw_label(c, label_boxes(grid, margin=margin, area=area, keep_clear=keep_clear), lines)


def draw_label(c: Canvas, boxes: Sequence[Box], lines: tuple[str, ...]) -> None:
    """`sheet_label` in boxes already found (`label_boxes`: the same on every sheet of a
    document, so a document finds them once)."""
    if not boxes:
        return
    size = 5.5
    rows = 2 if boxes[0].height >= 2 * size * 1.15 else 1
    parts = [line.split(" \u00b7 ") for line in lines]
    placed = flow_text(parts, boxes, rows, lambda t: text_width(t, REGULAR, size))
    c.saveState()
    c.setFillColor(black)
    c.setFont(REGULAR, size)
    for index, row, line in placed:
        box = boxes[index]
        shown = max(r for i, r, _ in placed if i == index) + 1
        top = box.y + box.height / 2 + (shown - 1) * size * 0.58 - size * 0.36
        if needs_shaping(line):  # (a name in Arabic or Hebrew, in kitgen's English line)
            draw_line(c, box.x, top - row * size * 1.15, line, REGULAR, size, base=LTR)
        else:
            draw_string(c, box.x, top - row * size * 1.15, line)
    c.restoreState()


def card_sheets_pdf(
    title: str,
    count: int,
    source: CardSource,
    setup: PrintSetup,
    progress: Callable[[int, int], None] | None = None,
) -> bytes:
    """Card sheets for `count` cards: planned for the print setup (fold-and-glue or a
    grid with duplex backs), drawn from `source`, each sheet labelled, the first with
    a scale bar."""
    card, bleed = setup.card, setup.bleed
    plans: list[PagePlan]
    area: Box | None = None  # where the label and the scale bar may go (default: the page)
    registration: Registration | None = None
    m = setup.margin
    if setup.duplex == "fold":
        grid, backs, fold = plan_fold(setup.paper, card, bleed=bleed, margin=m, gutter=setup.gutter)
        if setup.cut == "lines":  # across both halves: the sheet is cut folded
            printable = Box(0, 0, grid.page.width, grid.page.height).inset(m)
            grid = replace(grid, marks=full_cut_lines(grid.slots + backs.slots, printable))
            backs = replace(backs, marks=())
        plans = impose_fold(count, grid, backs, fold)
        area = Box(m, m, fold.x0 - FOLD_CLEAR - m, grid.page.height - 2 * m)  # the fronts' half
    elif setup.cut == "silhouette":
        grid, registration = plan_print_and_cut(
            setup.paper, card, bleed=bleed, gutter=setup.gutter, margin=m
        )
        plans = impose(count, grid, setup.duplex, back_offset=setup.back_offset)
        area = registration.inside
    else:
        grid = plan_grid(setup.paper, card, bleed=bleed, margin=m, gutter=setup.gutter)
        if setup.cut == "lines":
            grid = with_cut_lines(grid, Box(0, 0, grid.page.width, grid.page.height).inset(m))
        plans = impose(count, grid, setup.duplex, back_offset=setup.back_offset)
    keep_clear = registration.keep_clear if registration is not None else ()
    canvas, buffer = new_canvas(
        title, f"kitgen card sheets: {setup.describe()}", duplex=setup.duplex
    )
    renderer = SheetRenderer(canvas, source, plans, outlines=setup.cut != "silhouette")
    sheets = max((p.sheet for p in plans), default=-1) + 1
    described = setup.describe()  # (the same on every sheet)
    label_room = label_boxes(grid, margin=m, area=area, keep_clear=keep_clear)
    for number, plan in enumerate(plans):
        side = "" if setup.duplex in ("none", "fold") else f" \u00b7 {plan.side}"
        label = (f"{title} \u00b7 sheet {plan.sheet + 1} of {sheets}{side}", described)

        def decorate(
            c: Canvas,
            label: tuple[str, ...] = label,
            first: bool = number == 0,
            side: str = plan.side,
        ) -> None:
            if registration is not None and side == "front":  # the machine reads the fronts
                draw_registration(c, registration)
            draw_label(c, label_room, label)
            if first:
                place = place_scale_bar(grid, margin=m, area=area, keep_clear=keep_clear)
                if place is not None:
                    draw_scale_bar(c, place.bar, place.note, place.length_mm, place.more)

        renderer.page(plan, decorate=decorate)
        if progress is not None:
            progress(number + 1, len(plans))
    return finish(canvas, buffer)


def one_back_deck(
    game: str,
    stem: str,
    title: str,
    cards: Sequence[T],
    face: Callable[[Canvas, T, float, float, float, Ink], None],
    back: Callable[[Canvas, float, float, float, Ink], None],
    back_name: str,
    name: Callable[[T], str] = str,
) -> Deck:
    """A deck of cards that share one back: `face(c, card, w, h, bleed, ink)` draws a
    face, `back(c, w, h, bleed, ink)` the back; faces are keyed by `str(card)`."""

    def source(size: Size, bleed: float, ink: Ink) -> CardSource:
        def front(index: int) -> Painter:
            card = cards[index]
            return lambda c: face(c, card, size.width, size.height, bleed, ink)

        def reverse(index: int) -> Painter:
            return lambda c: back(c, size.width, size.height, bleed, ink)

        return CardSource(
            size,
            bleed,
            lambda i: f"{cards[i]}-{ink}".replace(" ", "-"),
            front,
            lambda i: f"{back_name}-{ink}",
            reverse,
        )

    return Deck(game, stem, title, tuple(name(card) for card in cards), source)
