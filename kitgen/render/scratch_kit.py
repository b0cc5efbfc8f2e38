"""The Scratch kit's PDFs: card sheets (faces, backs, reference cards) and the play mat."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.geometry import Size
from kitgen.layout.mat import plan_mat
from kitgen.layout.tile import tile
from kitgen.model.findings import Finding, Location, finding
from kitgen.model.kit import Ink, Reference
from kitgen.render.cards.scratch import (
    FaceItem,
    Geometry,
    draw_back,
    draw_face,
    draw_reference,
    fit_face,
)
from kitgen.render.fonts import BOLD, REGULAR, missing_glyphs
from kitgen.render.mat import draw_scratch_mat
from kitgen.render.pdf import finish, new_canvas
from kitgen.render.poster import render_tiles
from kitgen.render.sheets import CardSource, Deck, Painter, deck_sheets_pdf

if TYPE_CHECKING:
    from kitgen.build import PrintSetup

Item = FaceItem | Reference


def text_findings(items: Sequence[Item], card: Size, card_name: str) -> list[Finding]:
    """Text the font cannot draw, and text that cannot fit its box at the smallest size
    of a `card_name` card of size `card`."""
    found: list[Finding] = []
    geo = Geometry(card.width, card.height)
    seen: set[Item] = set()
    for item in items:
        if item in seen:
            continue
        seen.add(item)
        texts: list[tuple[str, str, Location | None]]
        if isinstance(item, Reference):
            texts = [(item.title, BOLD, None)]
            for heading, points in item.sections:
                texts += [(heading, BOLD, None), *((p, REGULAR, None) for p in points)]
        else:
            f = item.face
            texts = [
                (f.name, BOLD, item.name_at),
                (f.faction, BOLD, item.name_at),
                (f.rarity, BOLD, item.name_at),
            ]
            if f.power is not None:
                texts += [
                    (f.power, BOLD, item.power_at),
                    (f.power_text or "", REGULAR, item.power_at),
                ]
            for part in fit_face(f, geo).overflow:
                found.append(
                    finding(
                        "text-overflow",
                        f"the {part} of {f.name!r} does not fit on a {card_name} card even "
                        "at the smallest type size; shorten it or print on a larger card",
                        item.power_at if part == "power text" else item.name_at,
                    )
                )
        for text, font, at in texts:
            missing = missing_glyphs(text, font)
            if missing:
                found.append(
                    finding(
                        "text-not-drawable",
                        f"{text[:40]!r} has characters the embedded font cannot draw: "
                        f"{' '.join(missing)} (it covers Latin-1 letters and common punctuation)",
                        at,
                    )
                )
    return found


def cards_pdf(
    title: str,
    items: list[Item],
    setup: PrintSetup,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[bytes, list[Finding]]:
    """The card sheets PDF, and the findings about its text (nothing is drawn on errors)."""
    deck = scratch_deck(title, "scratch-cards", items)
    assert deck.check is not None
    found = deck.check(setup.card, setup.card_name)
    if any(f.is_error for f in found):
        return b"", found
    return deck_sheets_pdf(deck, setup, progress), found


def scratch_deck(title: str, stem: str, items: Sequence[Item]) -> Deck:
    """Scratch cards and reference cards as a deck with the Scratch back; its check
    reports text that cannot be drawn or cannot fit."""
    references = [i for i in items if isinstance(i, Reference)]

    def source(card: Size, bleed: float, ink: Ink) -> CardSource:
        keys: dict[Item, str] = {}

        def front_key(index: int) -> str:
            return keys.setdefault(items[index], f"card{len(keys)}-{ink}")

        def front(index: int) -> Painter:
            item = items[index]
            if isinstance(item, Reference):
                ref = item
                footer = f"Scratch reference {references.index(item) + 1} of {len(references)}"

                def paint_reference(c: Canvas) -> None:
                    draw_reference(c, ref, footer, card.width, card.height, bleed, ink)

                return paint_reference
            face = item.face

            def paint_face(c: Canvas) -> None:
                draw_face(c, face, card.width, card.height, bleed, ink)

            return paint_face

        def back(index: int) -> Painter:
            return lambda c: draw_back(c, card.width, card.height, bleed, ink)

        return CardSource(card, bleed, front_key, front, lambda i: f"scratch-{ink}", back)

    names = tuple(i.title if isinstance(i, Reference) else i.face.name for i in items)

    def check(card: Size, card_name: str) -> list[Finding]:
        return text_findings(items, card, card_name)

    return Deck("scratch", stem, title, names, source, check)


def mat_pdf(title: str, setup: PrintSetup) -> bytes:
    """The 3x3 play mat, sized for the card size, tiled over sheets when needed."""
    plan = plan_mat(setup.card)
    tiles = tile(plan.size, setup.paper, margin=setup.margin)
    hint = (
        "Play cards on the spaces. Mark the cards you hold with a coin: heads for one "
        "player, tails for the other."
    )

    canvas, buffer = new_canvas(f"{title}: play mat", f"kitgen play mat: {setup.describe()}")
    render_tiles(
        canvas, tiles, lambda c: draw_scratch_mat(c, plan, setup.ink, f"{title}: play mat", hint)
    )
    return finish(canvas, buffer)
