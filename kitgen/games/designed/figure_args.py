"""What a designed game's rule-booklet figures take in `args:`: `card` draws one of the
game's cards from its layout (`figure: card`, `args: {card: Fire Imp}`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from kitgen.api import FigureIssue, Name, Spec, suggest

if TYPE_CHECKING:
    from kitgen.games.designed.lookup import CardIndex


class CardArgs(Spec):
    """One of the game's cards, its face (or its back), as the layout draws it."""

    # The game's cards by name (set on the model a game makes: `for_cards`).
    index: ClassVar[CardIndex | None] = None

    card: Name
    side: Literal["face", "back"] = "face"

    def figure_issues(self) -> list[FigureIssue]:
        """A card the game does not have, or a name several different cards answer to
        (`kitgen.games.designed.lookup`)."""
        from kitgen.games.designed.lookup import CardIndex

        index = self.index or CardIndex((), str)
        if not index.cards(self.card):
            names = list(index.exact)
            return [
                (
                    ("card",),
                    "unknown-card",
                    f"no card called {self.card!r} in the game's cards{suggest(self.card, names)}",
                )
            ]
        why = index.ambiguity(self.card)
        return [] if why is None else [(("card",), "duplicate-card", why)]


def for_cards(index: CardIndex) -> type[CardArgs]:
    """The card figure's `args:` model for a game with these cards."""
    return type("CardArgs", (CardArgs,), {"index": index, "__module__": __name__})
