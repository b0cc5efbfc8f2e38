"""The standard 54-card deck shared by Scaffold, the Staircase game and Galliard.

Notation (files, records, messages): a rank `A 2 3 4 5 6 7 8 9 10 J Q K` (`T`
is read as 10, `1` as the ace) followed by a suit `S H D C`, so `10H`, `QS`, `AC`; the jokers
are `RJ` (red) and `BJ` (black). Hearts and diamonds are red, spades and clubs
black. Reading is forgiving (any case, `T`, the suit symbols); writing is always
the canonical form.

Pure Python: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
RED_SUITS = frozenset({"H", "D"})
_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}

Colour = Literal["red", "black"]

NOTATION_HELP = (
    "a rank A 2-10 J Q K (or T for 10) and a suit S H D C, like 10H, QS or AC;"
    " the jokers are RJ and BJ"
)


@dataclass(frozen=True, order=True)
class Card:
    """A standard playing card. `rank` is 1 (ace) to 13 (king), 0 for a joker.

    A joker's `suit` is `R` or `B` (its colour); any other card's is `S H D C`.
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        joker = self.rank == 0
        if joker and self.suit not in ("R", "B"):
            raise ValueError("a joker is red (R) or black (B)")
        if not joker and (not 1 <= self.rank <= 13 or self.suit not in SUITS):
            raise ValueError(f"no such card: rank {self.rank}, suit {self.suit}")

    def __str__(self) -> str:
        if self.is_joker:
            return f"{self.suit}J"
        return f"{RANKS[self.rank - 1]}{self.suit}"

    @property
    def is_joker(self) -> bool:
        """Whether this is one of the two jokers."""
        return self.rank == 0

    @property
    def is_royal(self) -> bool:
        """Jacks, queens, kings and the jokers (Galliard's royals)."""
        return self.rank == 0 or self.rank >= 11

    @property
    def colour(self) -> Colour:
        """Red (hearts, diamonds, the red joker) or black."""
        return "red" if self.suit in RED_SUITS or self.suit == "R" else "black"

    @property
    def rank_text(self) -> str:
        """The rank as printed in a corner: `A`, `10`, `Q`; `JOKER` for a joker."""
        return "JOKER" if self.is_joker else RANKS[self.rank - 1]

    @property
    def name(self) -> str:
        """The card in words: `queen of spades`, `10 of hearts`, `red joker`."""
        if self.is_joker:
            return f"{'red' if self.suit == 'R' else 'black'} joker"
        rank = RANKS[self.rank - 1]
        return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[self.suit]}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read `10H`, `th`, `1s`, `QS`, `A♠`, `RJ`; ValueError explains the notation."""
        raw = str(text).strip()
        compact = "".join(_SYMBOLS.get(ch, ch) for ch in raw).upper().replace(" ", "")
        if compact in ("RJ", "BJ"):
            return cls(0, compact[0])
        if len(compact) >= 2:
            rank, suit = compact[:-1], compact[-1]
            rank = {"T": "10", "1": "A"}.get(rank, rank)
            if rank in RANKS and suit in SUITS:
                return cls(RANKS.index(rank) + 1, suit)
        raise ValueError(f"{raw!r} is not a standard card: write {NOTATION_HELP}")


def full_deck(*, jokers: bool = True) -> tuple[Card, ...]:
    """The 52 cards (suits S H D C, each ace to king), then RJ and BJ when asked."""
    cards = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
    return (*cards, Card(0, "R"), Card(0, "B")) if jokers else cards


RED_JOKER = Card(0, "R")
BLACK_JOKER = Card(0, "B")
