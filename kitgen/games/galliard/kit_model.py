"""The `kit` file of Galliard: what its kit prints, and how.

Apart from the game's other file models, so that reading a deck or a position
does not build the kit's models (and the print settings'), which start-up pays for.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from kitgen.api import KitBase

GalliardComponent = Literal["mat", "cabal-cards", "tracker", "rules"]
GALLIARD_COMPONENTS: tuple[GalliardComponent, ...] = ("mat", "cabal-cards", "tracker", "rules")


class GalliardKitFile(KitBase):
    """A Galliard kit: the table mat, the cabal reference cards, the score tracker, rules,
    and (when `standard_deck` is true) a printable 54-card deck with both jokers."""

    game: Literal["galliard"]
    components: list[GalliardComponent] = Field(default_factory=lambda: list(GALLIARD_COMPONENTS))
    standard_deck: bool = False
