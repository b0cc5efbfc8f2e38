"""A designed game's card by the name a deck or a figure gives it.

A name finds the cards spelt exactly so (NFC: an accent typed as a combining mark is
the precomposed letter); failing that, those whose names match it with case, spacing
and punctuation aside (`kitgen.names.name_key`: `fire ball` finds `Fire Ball`). The
first of them, in the game's order, is the card; when they are not all the same card
(two rows, `Fire Ball` and `Fire-Ball`, with different values), the name is ambiguous
and a deck or a figure naming it is `duplicate-card`. A card of a game of several
languages answers to its name in each (`FIELD@TAG` columns of its name field): one
name two cards have, in one language or in two, is as ambiguous.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from kitgen.api import name_key, spelt
from kitgen.games.designed.fields import Card


def _place(card: Card) -> str:
    at = card.where
    return f"line {at.line}" if at.sheet is None else at.place


class CardIndex:
    """The game's cards by name: exactly as spelt, and by `name_key`."""

    def __init__(
        self,
        cards: Iterable[Card],
        name_of: Callable[[Card], str],
        names_of: Callable[[Card], list[str]] | None = None,
    ) -> None:
        """`names_of`: every name of a card, in each of the game's languages (a deck
        names a card in any of them); else its one name, `name_of`'s."""
        self.name_of = name_of
        self.exact: dict[str, list[Card]] = {}
        self.keyed: dict[str, list[Card]] = {}
        for card in cards:
            names = names_of(card) if names_of is not None else [name_of(card)]
            for key in dict.fromkeys(spelt(name) for name in names):
                self.exact.setdefault(key, []).append(card)
            for key in dict.fromkeys(name_key(name) for name in names):
                self.keyed.setdefault(key, []).append(card)

    def cards(self, name: str) -> list[Card]:
        """The cards a name finds (see the module), in the game's order."""
        return self.exact.get(spelt(name)) or self.keyed.get(name_key(name), [])

    def find(self, name: str) -> Card | None:
        """The card a name names: the first it finds."""
        found = self.cards(name)
        return found[0] if found else None

    def ambiguity(self, name: str) -> str | None:
        """Why a name cannot tell which card it means (several different cards answer
        to it), in words; None when it names one card (or cards alike in every value)."""
        found = self.cards(name)
        distinct: list[Card] = []
        for card in found:
            if all(card.values != seen.values for seen in distinct):
                distinct.append(card)
        if len(distinct) < 2:
            return None
        shown = distinct[:4]
        rows = ", ".join(f"{self.name_of(c)!r} ({_place(c)})" for c in shown)
        more = f" and {len(distinct) - len(shown)} more" if len(distinct) > len(shown) else ""
        return (
            f"{name!r} could be any of {len(distinct)} different cards of the game: "
            f"{rows}{more} in {shown[0].where.path} (names match with case, spacing and "
            "punctuation aside); give the cards names that tell them apart"
        )
