"""Card sheets of the standard deck, shared by the games that play with one.

Imposed and drawn like every kit's card sheets (bleed, crop marks, duplex or
fold-and-glue backs, the sheet label and the scale bar). All backs are the
same, so the back is drawn once and reused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kitgen.model.standard import Card
from kitgen.render.cards.standard import draw_back, draw_face
from kitgen.render.sheets import CardSource, Painter, card_sheets_pdf

if TYPE_CHECKING:
    from kitgen.build import PrintSetup


def deck_pdf(
    title: str,
    cards: Sequence[Card],
    setup: PrintSetup,
    progress: Callable[[int, int], None] | None = None,
) -> bytes:
    """The card sheets of standard cards: faces with bleed, crop marks and the common back."""
    card, bleed, ink = setup.card, setup.bleed, setup.ink

    def front(index: int) -> Painter:
        face = cards[index]
        return lambda c: draw_face(c, face, card.width, card.height, bleed, ink)

    def back(index: int) -> Painter:
        return lambda c: draw_back(c, card.width, card.height, bleed, ink)

    source = CardSource(
        card, bleed, lambda i: f"{cards[i]}-{ink}", front, lambda i: f"std-{ink}", back
    )
    return card_sheets_pdf(title, len(cards), source, setup, progress)
