"""The `kit` file of Scaffold: what its kit prints, and how.

Apart from the game's other file models, so that reading a deck or a position
does not build the kit's models (and the print settings'), which start-up pays for.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from kitgen.api import KitBase

ScaffoldComponent = Literal["mats", "team-cards", "turn-track", "score-sheet", "rules"]
SCAFFOLD_COMPONENTS: tuple[ScaffoldComponent, ...] = (
    "mats",
    "team-cards",
    "turn-track",
    "score-sheet",
    "rules",
)


class ScaffoldKitFile(KitBase):
    """A Scaffold kit: the two mats, team cards, turn track, score sheet, rules, and (when
    `standard_deck` is true) a printable 54-card deck; most players own a deck."""

    game: Literal["scaffold"]
    components: list[ScaffoldComponent] = Field(default_factory=lambda: list(SCAFFOLD_COMPONENTS))
    standard_deck: bool = False
