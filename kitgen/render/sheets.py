"""Draw page plans: card faces and backs in their slots, crop marks, the scale bar.

Each distinct face or back is drawn once as a PDF form XObject and placed
wherever it appears, so copies and identical backs cost almost nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import black, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.geometry import Box, PagePlan, Segment, Size
from kitgen.layout.units import MM
from kitgen.render.fonts import BOLD, REGULAR

HAIRLINE = 0.25

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


class SheetRenderer:
    """Draws page plans onto a canvas, defining each form the first time it is used."""

    def __init__(self, canvas: Canvas, source: CardSource, plans: list[PagePlan]) -> None:
        self.canvas = canvas
        self.source = source
        self.forms: set[str] = set()
        self.uses: dict[str, int] = {}
        for plan in plans:
            for placement in plan.placements:
                key = self._key(plan, placement.item)
                self.uses[key] = self.uses.get(key, 0) + 1

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

    def page(self, plan: PagePlan, *, decorate: Callable[[Canvas], None] | None = None) -> None:
        """Draw one page plan and end the page."""
        c = self.canvas
        c.setPageSize((plan.page.width, plan.page.height))
        c.saveState()
        c.translate(*plan.offset)
        w, h, b = self.source.card.width, self.source.card.height, self.source.bleed
        for placement in plan.placements:
            key = self._key(plan, placement.item)
            painter = self._painter(plan, placement.item)
            trim = placement.slot.trim
            c.saveState()
            if placement.rotate == 180:
                c.translate(trim.x + w, trim.y + h)
                c.rotate(180)
            else:
                c.translate(trim.x, trim.y)
            if self.uses.get(key, 0) > 1:
                c.doForm(self._form(key, painter))
            else:
                clip = c.beginPath()
                clip.rect(-b, -b, w + 2 * b, h + 2 * b)
                c.clipPath(clip, stroke=0, fill=0)
                painter(c)
            c.restoreState()
        draw_marks(c, plan.marks)
        if plan.fold is not None:
            draw_fold(c, plan)
        c.restoreState()
        if decorate is not None:
            decorate(c)
        c.showPage()


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


def draw_fold(c: Canvas, plan: PagePlan) -> None:
    """The fold line of a fold-and-glue sheet: dashes in the top and bottom margins only."""
    assert plan.fold is not None
    cards = [p.slot.bleed for p in plan.placements]
    low = min(b.y for b in cards) - 1 * MM
    high = max(b.top for b in cards) + 1 * MM
    x = plan.fold.x0
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(HAIRLINE)
    c.setDash(2, 1.5)
    c.line(x, plan.fold.y0, x, low)
    c.line(x, high, x, plan.fold.y1)
    c.setDash()
    c.setFont(REGULAR, 5)
    c.drawString(x + 1 * MM, high + 1.5 * MM, "fold")
    c.restoreState()


def draw_scale_bar(c: Canvas, bar: Box, note: Box | None, length_mm: int) -> None:
    """A measured bar (1 cm blocks) and the note to print at 100 %."""
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
        c.drawString(
            note.x,
            note.y + note.height / 2 - 2,
            f"Print at 100% (actual size): the bar is {length_mm} mm.",
        )
    c.restoreState()
