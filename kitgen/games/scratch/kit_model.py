"""The `kit` file of Scratch: what its kit prints, and how.

Apart from the game's other file models, so that reading a deck or a position
does not build the kit's models (and the print settings'), which start-up pays for.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from kitgen.api import KitBase, ReferenceCard, RelPath, empty

ScratchComponent = Literal["cards", "mat", "reference", "rules"]
SCRATCH_COMPONENTS: tuple[ScratchComponent, ...] = ("cards", "mat", "reference", "rules")


class KitFile(KitBase):
    """A Scratch kit: cards (from decks and card files), the mat, reference cards, rules."""

    game: Literal["scratch"]
    components: list[ScratchComponent] = Field(default_factory=lambda: list(SCRATCH_COMPONENTS))
    decks: list[RelPath] = Field(default_factory=empty, max_length=50)
    card_files: list[RelPath] = Field(default_factory=empty, max_length=50)
    extra_commons: int = Field(default=0, ge=0, le=20)
    reference: list[ReferenceCard] = Field(default_factory=empty, max_length=20)
