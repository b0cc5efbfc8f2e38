"""What a Galliard kit prints: the table mat, cabal cards, score tracker, rules, and
(asked) the standard deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.api import file_name, joined

if TYPE_CHECKING:
    from kitgen.api import KitBuilder
    from kitgen.games.galliard.kit_model import GalliardKitFile


def build_kit(b: KitBuilder, kit: GalliardKitFile, path: str, stem: str) -> None:
    """The Galliard mat, cabal cards, score tracker, rules and (asked) deck."""
    from kitgen.games.galliard import kit as draw

    setup = b.setup(kit.settings)
    b.deck_if_asked(kit, stem, setup)
    if b.part(kit, "mat"):
        b.write(kit.game, file_name(stem, "mat"), lambda: draw.mat_pdf(kit.name, setup))
    if b.part(kit, "cabal-cards"):
        b.cards(draw.cabal_deck(kit.name, joined(stem, "cabal-cards")), setup)
    if b.part(kit, "tracker"):
        b.write(kit.game, file_name(stem, "tracker"), lambda: draw.tracker_pdf(kit.name, setup))
    b.kit_rules(kit, path, stem, setup)
