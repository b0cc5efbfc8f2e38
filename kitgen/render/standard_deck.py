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
from kitgen.render.sheets import Deck, deck_sheets_pdf, one_back_deck

if TYPE_CHECKING:
    from kitgen.layout.setup import PrintSetup


def deck_pdf(
    title: str,
    cards: Sequence[Card],
    setup: PrintSetup,
    progress: Callable[[int, int], None] | None = None,
) -> bytes:
    """The card sheets of standard cards: faces with bleed, crop marks and the common back."""
    return deck_sheets_pdf(standard_deck("", "standard-deck", title, cards), setup, progress)


def standard_deck(game: str, stem: str, title: str, cards: Sequence[Card]) -> Deck:
    """Standard cards as a deck with the common back, each named `queen of spades`."""
    return one_back_deck(game, stem, title, cards, draw_face, draw_back, "std", _name)


def _name(card: Card) -> str:
    return card.name
