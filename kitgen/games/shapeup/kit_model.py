"""The `kit` file of Shape Up!: what its kit prints, and how.

Apart from the game's other file models, so that reading a deck or a position
does not build the kit's models (and the print settings'), which start-up pays for.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from kitgen.api import KitBase

ShapeUpComponent = Literal["cards", "score-sheets", "score-pad", "rules"]
SHAPEUP_COMPONENTS: tuple[ShapeUpComponent, ...] = ("cards", "score-sheets", "score-pad", "rules")


class ShapeUpKitFile(KitBase):
    """A Shape Up! kit: the symbol cards, the players' score sheets, the score pad, rules."""

    game: Literal["shapeup"]
    components: list[ShapeUpComponent] = Field(default_factory=lambda: list(SHAPEUP_COMPONENTS))
