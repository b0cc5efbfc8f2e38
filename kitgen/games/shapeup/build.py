"""What a Shape Up! kit prints: the symbol cards, score sheets and score pad, and rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.api import LayoutError, UsageError, file_name, format_mm, joined

if TYPE_CHECKING:
    from kitgen.api import KitBuilder
    from kitgen.games.shapeup.kit_model import ShapeUpKitFile


def build_kit(b: KitBuilder, kit: ShapeUpKitFile, path: str, stem: str) -> None:
    """The Shape Up! cards, score sheets and score pad (and rules, when the kit names them)."""
    from kitgen.games.shapeup import kit as draw
    from kitgen.games.shapeup.load import setups as all_setups
    from kitgen.games.shapeup.model import card_set
    from kitgen.games.shapeup.rules import POINTS

    setup = b.setup(kit.settings)
    sheets = (
        ("score-sheets", "score sheet", draw.SHEET),
        ("score-pad", "score pad page", draw.PAD),
    )
    for part, noun, size in sheets:
        try:  # fail before writing anything, as for cards that do not fit
            if b.part(kit, part):
                draw.cut_grid(setup, size)
        except LayoutError:
            raise UsageError(
                f"a {noun} ({format_mm(size.width)[:-3]} x {format_mm(size.height)}) does not "
                f"fit on {setup.paper_name} paper with {format_mm(setup.margin)} margins"
            ) from None
    if b.part(kit, "cards"):
        b.cards(draw.cards_deck(kit.name, card_set(24), joined(stem, "cards")), setup)
    if b.part(kit, "score-sheets"):
        name = file_name(stem, "score-sheets")
        b.write(kit.game, name, lambda: draw.score_sheets_pdf(kit.name, setup, POINTS))
    if b.part(kit, "score-pad"):
        setups = [s for s in all_setups().values() if not s.advanced]
        pad = file_name(stem, "score-pad")
        b.write(kit.game, pad, lambda: draw.score_pad_pdf(kit.name, setup, setups))
    b.kit_rules(kit, path, stem, setup)
