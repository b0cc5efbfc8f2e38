"""Galliard: royals, cabals, support and its patterns, stamps and trades.

Royals are the jacks, queens, kings and the two jokers (14 cards); number cards
are the ace (1) to 10. A cabal is the royals a player has won. A player is
supported with 5 or more royals and at least one pattern: the jack, queen and
king of one suit; all four of one rank; or both jokers.

Pure Python: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kitgen.api import BLACK_JOKER, RED_JOKER, SUIT_NAMES, SUITS, Card, full_deck

ROYAL_RANKS = (11, 12, 13)
RANK_PLURALS = {11: "jacks", 12: "queens", 13: "kings"}
ROYALS: tuple[Card, ...] = tuple(c for c in full_deck(jokers=True) if c.is_royal)
DECK: tuple[Card, ...] = full_deck(jokers=True)


def is_number(card: Card) -> bool:
    """An ace to 10: a card that dances and stamps."""
    return not card.is_royal


@dataclass(frozen=True)
class Pattern:
    """A pattern in a cabal: its name for files (`hearts`, `queens`, `jokers`) and cards."""

    name: str
    cards: tuple[Card, ...]

    @property
    def words(self) -> str:
        """The pattern for people."""
        if self.name == "jokers":
            return "both jokers"
        if self.name in SUIT_NAMES.values():
            return f"the jack, queen and king of {self.name}"
        return f"all four {self.name}"


def all_patterns() -> tuple[Pattern, ...]:
    """The 8 patterns there are: four suits, three ranks and the jokers."""
    suits = [Pattern(SUIT_NAMES[s], tuple(Card(r, s) for r in ROYAL_RANKS)) for s in SUITS]
    ranks = [Pattern(RANK_PLURALS[r], tuple(Card(r, s) for s in SUITS)) for r in ROYAL_RANKS]
    return (*suits, *ranks, Pattern("jokers", (RED_JOKER, BLACK_JOKER)))


PATTERNS = all_patterns()


def patterns(cabal: Iterable[Card]) -> list[Pattern]:
    """The patterns a cabal holds, suits first, then ranks, then the jokers."""
    held = set(cabal)
    return [p for p in PATTERNS if held.issuperset(p.cards)]


def is_supported(cabal: Iterable[Card], support: int) -> bool:
    """`support` (the game file's: 5) or more royals and at least one pattern."""
    cards = list(cabal)
    return len(cards) >= support and bool(patterns(cards))


def why_unsupported(cabal: Iterable[Card], support: int) -> str | None:
    """Why a cabal is not supported, for people; None when it is."""
    cards = list(cabal)
    short = support - len(cards)
    found = patterns(cards)
    if short > 0 and not found:
        return f"{len(cards)} royals ({support} needed) and no pattern"
    if short > 0:
        return f"a pattern, but only {len(cards)} royals ({support} needed)"
    if not found:
        return f"{len(cards)} royals but no pattern (a suit's J Q K, a rank's four, both jokers)"
    return None


def can_stamp(card: Card, onto: Card) -> bool:
    """Whether a number card may be stamped on a dancer whose top card is `onto`:
    their values differ by exactly one (the ace is 1)."""
    return is_number(card) and is_number(onto) and abs(card.rank - onto.rank) == 1


def why_no_trade(give: Card, take: Card) -> str | None:
    """Why a round's winner may not trade their new royal `give` for the opponent's
    `take`, or None: both royals, neither a joker, the same rank or the same suit."""
    for card in (give, take):
        if not card.is_royal:
            return f"{card} is not a royal; only royals are traded"
        if card.is_joker:
            return f"{card} is a joker, and jokers are never traded"
    if give.rank != take.rank and give.suit != take.suit:
        return f"{give} and {take} share neither rank nor suit"
    return None


__all__ = [
    "BLACK_JOKER",
    "DECK",
    "PATTERNS",
    "RED_JOKER",
    "ROYALS",
    "Pattern",
    "can_stamp",
    "is_number",
    "is_supported",
    "patterns",
    "why_no_trade",
    "why_unsupported",
]
