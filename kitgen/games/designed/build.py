"""What a designed game's kit prints: its cards, face and back, from its layouts (and
the rules booklet, when the kit names a rules file)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kitgen.build import KitBuilder
    from kitgen.model.kit import KitBase


def build_kit(game_id: str, folder: str, b: KitBuilder, kit: KitBase, path: str, stem: str) -> None:
    """The cards (when the game reads without errors: its findings otherwise), and the
    rules. The face layout's card size and bleed are the kit's when it gives none."""
    from kitgen.games.designed.draw import deck, layout_settings
    from kitgen.games.designed.load import load_design

    if not b.kit_name_ok(kit, path):
        return
    design = load_design(game_id, folder)
    if not design.ok:
        b.result.findings += design.file_findings + design.findings
        return
    setup = b.setup(layout_settings(design, kit.settings))
    if b.part(kit, "cards"):
        b.cards(deck(design, f"{stem}-cards", setup.bleed), setup)
    b.kit_rules(kit, path, stem, setup)
