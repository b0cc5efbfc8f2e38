"""The Staircase game: what a staircase scores.

A staircase is the row of cards a player built, left to right in table order.
Each card has a base value (2 to 10: 10 points, J Q K: 20, A: 30). Every
sequence, a maximal stretch of 3 or more neighbouring cards whose ranks go up
by exactly one from left to right, adds 10 points per card. Suits do not
matter. The ace is low after nothing (A 2 3) and high after a king (Q K A),
but never both at once: K A 2 is not a sequence, so Q K A 2 3 holds two
sequences, Q K A and A 2 3, that share the ace (rules decision).

Pure Python: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kitgen.api import Card

NUMBER_POINTS = 10  # 2 to 10
COURT_POINTS = 20  # J, Q, K
ACE_POINTS = 30
MIN_SEQUENCE = 3  # cards in the shortest sequence that scores
BONUS_PER_CARD = 10  # a sequence of n cards adds n x 10
DECK_SIZE = 52


def base_value(card: Card) -> int:
    """A card's base points: 2-10 are 10, J Q K 20, the ace 30."""
    if card.is_joker:
        raise ValueError(f"{card}: the Staircase game is played without jokers")
    if card.rank == 1:
        return ACE_POINTS
    if card.rank >= 11:
        return COURT_POINTS
    return NUMBER_POINTS


def sequence_bonus(length: int) -> int:
    """What a sequence of `length` cards adds (0 below three cards)."""
    return BONUS_PER_CARD * length if length >= MIN_SEQUENCE else 0


def rises(left: Card, right: Card) -> bool:
    """Whether `right` is one rank above `left` (2 after an ace, an ace after a king)."""
    return right.rank == left.rank + 1 or (left.rank == 13 and right.rank == 1)


@dataclass(frozen=True)
class Run:
    """A sequence in a staircase: its first card's index (from 0, left to right) and cards."""

    start: int
    cards: tuple[Card, ...]

    @property
    def length(self) -> int:
        """How many cards it holds."""
        return len(self.cards)

    @property
    def bonus(self) -> int:
        """The points it adds."""
        return sequence_bonus(len(self.cards))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)


def sequences(cards: Sequence[Card]) -> list[Run]:
    """Every sequence of three or more cards in a staircase, left to right.

    A stretch of rising neighbours is as long as it can be, except that it never
    runs K A 2: there it ends at the ace, and the next stretch starts from it.
    """
    runs: list[Run] = []
    start = 0
    n = len(cards)
    for i in range(1, n + 1):
        rising = i < n and rises(cards[i - 1], cards[i])
        wraps = rising and cards[i - 1].rank == 1 and i - 2 >= start and cards[i - 2].rank == 13
        if rising and not wraps:
            continue
        if i - start >= MIN_SEQUENCE:
            runs.append(Run(start, tuple(cards[start:i])))
        start = i - 1 if wraps else i
    return runs


@dataclass(frozen=True)
class StaircaseScore:
    """A staircase's score: each card's base value, its sequences and the total."""

    cards: tuple[Card, ...]
    values: tuple[int, ...]  # each card's base value, left to right
    runs: tuple[Run, ...]

    @property
    def base(self) -> int:
        """The sum of the base values."""
        return sum(self.values)

    @property
    def bonus(self) -> int:
        """The sum of the sequence bonuses."""
        return sum(r.bonus for r in self.runs)

    @property
    def total(self) -> int:
        """Base plus bonus."""
        return self.base + self.bonus


def score_staircase(cards: Sequence[Card]) -> StaircaseScore:
    """Score a staircase given left to right."""
    cards = tuple(cards)
    return StaircaseScore(cards, tuple(base_value(c) for c in cards), tuple(sequences(cards)))


def winners(totals: Sequence[int]) -> list[int]:
    """The indices of the highest totals (more than one on a tie)."""
    if not totals:
        return []
    best = max(totals)
    return [i for i, t in enumerate(totals) if t == best]
