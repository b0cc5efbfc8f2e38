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
from kitgen.render.sheets import one_back_sheets_pdf

if TYPE_CHECKING:
    from kitgen.build import PrintSetup


def deck_pdf(
    title: str,
    cards: Sequence[Card],
    setup: PrintSetup,
    progress: Callable[[int, int], None] | None = None,
) -> bytes:
    """The card sheets of standard cards: faces with bleed, crop marks and the common back."""
    return one_back_sheets_pdf(title, cards, setup, draw_face, draw_back, "std", progress)
