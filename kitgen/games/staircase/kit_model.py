"""The `kit` file of the Staircase game: what its kit prints, and how.

Apart from the game's other file models, so that reading a deck or a position
does not build the kit's models (and the print settings'), which start-up pays for.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from kitgen.api import KitBase

StaircaseComponent = Literal["score-sheet", "action-cards", "rules"]
STAIRCASE_COMPONENTS: tuple[StaircaseComponent, ...] = ("score-sheet", "action-cards", "rules")


class StaircaseKitFile(KitBase):
    """A Staircase game kit: the score sheet, the action reference cards, rules, and (when
    `standard_deck` is true) a printable deck of 52 cards: the game uses no jokers."""

    game: Literal["staircase"]
    components: list[StaircaseComponent] = Field(default_factory=lambda: list(STAIRCASE_COMPONENTS))
    standard_deck: bool = False
