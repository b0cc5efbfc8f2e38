"""Export pages, drawn by each deck's own painters: card images and Tabletop Simulator
sheets (in pixel units, one point per pixel, for exact rasterizing) and single-card
PDFs for print shops (true size, TrimBox and BleedBox, no marks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.export import CardImage, TtsPlan, TtsSheet
from kitgen.layout.geometry import Size
from kitgen.model.kit import Ink
from kitgen.render.pdf import finish, new_canvas
from kitgen.render.sheets import CardSource, Deck, Painter

Side = Literal["face", "back"]


@dataclass(frozen=True)
class ImagePage:
    """One page of an image PDF: which side of which cards it shows."""

    side: Side
    cards: tuple[int, ...]  # deck indices (for a TTS sheet: the cards on it)
    size: tuple[int, int]  # pixels


def _painter(source: CardSource, side: Side, index: int) -> Painter:
    return source.front(index) if side == "face" else source.back(index)


def _key(source: CardSource, side: Side, index: int) -> str:
    return ("f-" + source.front_key(index)) if side == "face" else ("b-" + source.back_key(index))


def distinct(source: CardSource, count: int, side: Side) -> list[tuple[int, ...]]:
    """The cards grouped by what their `side` looks like, in deck order."""
    groups: dict[str, list[int]] = {}
    for index in range(count):
        groups.setdefault(_key(source, side, index), []).append(index)
    return [tuple(g) for g in groups.values()]


def card_images_pdf(
    deck: Deck, image: CardImage, ink: Ink, *, backs: bool = True
) -> tuple[bytes, list[ImagePage]]:
    """One page per distinct face (then per distinct back), each `image.width` x
    `image.height` units with the trim centred: rasterized at 1 px a unit."""
    source = deck.source(image.trim, image.bleed, ink)
    canvas, buffer = new_canvas(deck.title, "kitgen card images")
    pages: list[ImagePage] = []
    k = image.scale
    trim = image.trim
    sides: tuple[Side, ...] = ("face", "back") if backs else ("face",)
    for side in sides:
        for cards in distinct(source, deck.count, side):
            canvas.setPageSize((image.width, image.height))
            canvas.saveState()
            canvas.translate(
                (image.width - trim.width * k) / 2, (image.height - trim.height * k) / 2
            )
            canvas.scale(k, k)
            _paint_clipped(canvas, _painter(source, side, cards[0]), trim, image.bleed)
            canvas.restoreState()
            canvas.showPage()
            pages.append(ImagePage(side, cards, (image.width, image.height)))
    return finish(canvas, buffer), pages


def _paint_clipped(c: Canvas, paint: Painter, trim: Size, bleed: float) -> None:
    """Run a painter clipped to the card and its bleed."""
    clip = c.beginPath()
    clip.rect(-bleed, -bleed, trim.width + 2 * bleed, trim.height + 2 * bleed)
    c.clipPath(clip, stroke=0, fill=0)
    paint(c)


def single_cards_pdf(deck: Deck, card: Size, bleed: float, ink: Ink) -> bytes:
    """Print-shop pages: each card's face then its back, one card a page at true size,
    the page its bleed box and the TrimBox the cut line; no marks."""
    source = deck.source(card, bleed, ink)
    canvas, buffer = new_canvas(deck.title, "kitgen single cards for print shops")
    width, height = card.width + 2 * bleed, card.height + 2 * bleed
    canvas.setBleedBox((0, 0, width, height))
    canvas.setTrimBox((bleed, bleed, bleed + card.width, bleed + card.height))
    uses: dict[str, int] = {}
    sides: tuple[Side, ...] = ("face", "back")
    for index in range(deck.count):
        for side in sides:
            key = _key(source, side, index)
            uses[key] = uses.get(key, 0) + 1
    forms: set[str] = set()
    for index in range(deck.count):
        for side in sides:
            canvas.setPageSize((width, height))
            canvas.saveState()
            canvas.translate(bleed, bleed)
            key = _key(source, side, index)
            paint = _painter(source, side, index)
            if uses[key] > 1:
                if key not in forms:
                    canvas.beginForm(
                        key, lowerx=-bleed, lowery=-bleed, upperx=card.width + bleed,
                        uppery=card.height + bleed,
                    )  # fmt: skip
                    paint(canvas)
                    canvas.endForm()
                    forms.add(key)
                canvas.doForm(key)
            else:
                _paint_clipped(canvas, paint, card, bleed)
            canvas.restoreState()
            canvas.showPage()
    return finish(canvas, buffer)


def tts_sheets_pdf(
    deck: Deck, plan: TtsPlan, trim: Size, ink: Ink
) -> tuple[bytes, list[ImagePage], bool]:
    """Tabletop Simulator sheets in pixel units: for each sheet its faces page (the
    back in the hidden slot), then the back: one card-sized page when every card
    shares it, else a back sheet per sheet. Also returns whether backs are shared."""
    source = deck.source(trim, 0.0, ink)
    shared = len(distinct(source, deck.count, "back")) == 1
    canvas, buffer = new_canvas(deck.title, "kitgen Tabletop Simulator sheets")
    pages: list[ImagePage] = []
    cw, ch = plan.card_width, plan.card_height
    first_back = plan.sheets[0].cards[0]

    def cell(sheet: TtsSheet, slot: int, paint: Painter, height: int) -> None:
        col, row = sheet.slot(slot)
        canvas.saveState()
        canvas.translate(col * cw, height - (row + 1) * ch)
        canvas.scale(cw / trim.width, ch / trim.height)
        _paint_clipped(canvas, paint, trim, 0.0)
        canvas.restoreState()

    for sheet in plan.sheets:
        width, height = plan.sheet_size(sheet)
        canvas.setPageSize((width, height))
        for slot, index in enumerate(sheet.cards):
            cell(sheet, slot, source.front(index), height)
        cell(sheet, sheet.hidden_slot, source.back(sheet.cards[0]), height)
        canvas.showPage()
        pages.append(ImagePage("face", sheet.cards, (width, height)))
        if not shared:
            canvas.setPageSize((width, height))
            for slot, index in enumerate(sheet.cards):
                cell(sheet, slot, source.back(index), height)
            cell(sheet, sheet.hidden_slot, source.back(sheet.cards[0]), height)
            canvas.showPage()
            pages.append(ImagePage("back", sheet.cards, (width, height)))
    if shared:
        canvas.setPageSize((cw, ch))
        canvas.saveState()
        canvas.scale(cw / trim.width, ch / trim.height)
        _paint_clipped(canvas, source.back(first_back), trim, 0.0)
        canvas.restoreState()
        canvas.showPage()
        pages.append(ImagePage("back", tuple(range(deck.count)), (cw, ch)))
    return finish(canvas, buffer), pages, shared
