"""What Fifteen's kit prints: the nine number cards, and the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.api import joined, one_back_deck
from kitgen_fifteen.rules import CARDS

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.api import KitBuilder
    from kitgen_fifteen.model import FifteenKitFile


def _face(c: Canvas, card: int, w: float, h: float, bleed: float, ink: str) -> None:
    c.setLineWidth(2)
    c.roundRect(6, 6, w - 12, h - 12, 8, stroke=1, fill=0)
    c.setFont("Helvetica-Bold", w * 0.6)
    c.drawCentredString(w / 2, h / 2 - w * 0.2, str(card))


def _back(c: Canvas, w: float, h: float, bleed: float, ink: str) -> None:
    c.setFont("Helvetica-Bold", w * 0.25)
    c.drawCentredString(w / 2, h / 2 - w * 0.08, "15")


def build_kit(b: KitBuilder, kit: FifteenKitFile, path: str, stem: str) -> None:
    """The cards, then the rules booklets."""
    if not b.kit_name_ok(kit, path):
        return
    setup = b.setup(kit.settings)
    if b.part(kit, "cards"):
        deck = one_back_deck(
            "fifteen", joined(stem, "cards"), kit.name, CARDS, _face, _back, "back"
        )
        b.cards(deck, setup)
    b.kit_rules(kit, path, stem, setup)
