"""What a Staircase game kit prints: the score sheet, action cards, rules, and (asked)
the standard deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.api import file_name, joined

if TYPE_CHECKING:
    from kitgen.api import KitBuilder
    from kitgen.games.staircase.kit_model import StaircaseKitFile


def build_kit(b: KitBuilder, kit: StaircaseKitFile, path: str, stem: str) -> None:
    """The Staircase score sheet, action cards, rules and (asked) deck: its
    52 cards, without the jokers the game leaves in the box."""
    from kitgen.games.staircase import kit as draw

    setup = b.setup(kit.settings)
    b.deck_if_asked(kit, stem, setup, jokers=False)  # the rules leave the jokers in the box
    if b.part(kit, "score-sheet"):
        sheet = file_name(stem, "score-sheet")
        b.write(kit.game, sheet, lambda: draw.score_sheet_pdf(kit.name, setup))
    if b.part(kit, "action-cards"):
        b.cards(draw.action_deck(kit.name, joined(stem, "action-cards")), setup)
    b.kit_rules(kit, path, stem, setup)
