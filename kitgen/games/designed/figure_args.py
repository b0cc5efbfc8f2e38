"""What a designed game's rule-booklet figures take in `args:`: `card` draws one of the
game's cards from its layout (`figure: card`, `args: {card: Fire Imp}`)."""

from __future__ import annotations

from typing import ClassVar, Literal

from kitgen.model.base import Name, Spec, normalise, suggest
from kitgen.model.figures import FigureIssue


class CardArgs(Spec):
    """One of the game's cards, its face (or its back), as the layout draws it."""

    # The game's card names (set on the model a game makes: `for_cards`).
    names: ClassVar[tuple[str, ...]] = ()

    card: Name
    side: Literal["face", "back"] = "face"

    def figure_issues(self) -> list[FigureIssue]:
        """A card the game does not have."""
        if normalise(self.card) in {normalise(n) for n in self.names}:
            return []
        return [
            (
                ("card",),
                "unknown-card",
                f"no card called {self.card!r} in the game's cards"
                f"{suggest(self.card, list(self.names))}",
            )
        ]


def for_cards(names: tuple[str, ...]) -> type[CardArgs]:
    """The card figure's `args:` model for a game with these cards."""
    return type("CardArgs", (CardArgs,), {"names": names, "__module__": __name__})
