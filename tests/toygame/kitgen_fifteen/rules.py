"""Fifteen: the engine. Pure: no I/O, no drawing.

Nine cards, 1 to 9, lie face up. Two players, `first` and `second`, take turns
taking one card each. The first player to hold three cards that add up to 15
wins; when every card is taken with no such three, the game is a draw. (It is
noughts and crosses in disguise: the 3x3 magic square's lines are exactly the
triples that make 15.)

Moves are written `take N`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

CARDS = tuple(range(1, 10))
TARGET = 15
PLAYERS = ("first", "second")
# Every three different cards that add up to 15: the eight lines of the magic square.
LINES = tuple(t for t in combinations(CARDS, 3) if sum(t) == TARGET)


class IllegalMove(ValueError):
    """A move the rules do not allow; the message names the rule."""


@dataclass(frozen=True)
class Move:
    """Taking one card."""

    card: int

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read `take N`; ValueError says what is wrong."""
        words = text.split()
        if len(words) != 2 or words[0] != "take" or not words[1].isdigit():
            raise ValueError(f"{text!r} is not a move; write `take N`, like `take 5`")
        card = int(words[1])
        if card not in CARDS:
            raise ValueError(f"there is no card {card}; the cards are 1 to 9")
        return cls(card)

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (None for a draw), and why."""

    winner: str | None
    reason: str


@dataclass(frozen=True)
class State:
    """Who holds which cards, and whose turn it is."""

    hands: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())

    @property
    def to_move(self) -> int:
        """The seat whose turn it is (0: first, 1: second)."""
        return 0 if len(self.hands[0]) == len(self.hands[1]) else 1

    @property
    def taken(self) -> frozenset[int]:
        """Every card already taken."""
        return frozenset(self.hands[0]) | frozenset(self.hands[1])


def winning_line(hand: tuple[int, ...] | frozenset[int]) -> tuple[int, int, int] | None:
    """Three cards of the hand that make 15 (the lowest such three), or None."""
    held = set(hand)
    return next((line for line in LINES if held.issuperset(line)), None)


def outcome(state: State) -> Outcome | None:
    """How the game ended, or None while it goes on."""
    for seat, hand in enumerate(state.hands):
        line = winning_line(hand)
        if line is not None:
            return Outcome(PLAYERS[seat], f"{' + '.join(map(str, line))} = {TARGET}")
    if len(state.taken) == len(CARDS):
        return Outcome(None, "every card is taken and nobody holds three that make 15")
    return None


def legal_moves(state: State) -> list[Move]:
    """The cards the player to move may take, lowest first (none once the game is over)."""
    if outcome(state) is not None:
        return []
    return [Move(card) for card in CARDS if card not in state.taken]


def apply(state: State, move: Move) -> State:
    """The state after a move; IllegalMove names the rule it breaks."""
    if outcome(state) is not None:
        raise IllegalMove("the game is over: no card may be taken after it ends")
    if move.card in state.taken:
        raise IllegalMove(f"card {move.card} is already taken; take a card still on the table")
    seat = state.to_move
    hands = list(state.hands)
    hands[seat] = tuple(sorted((*hands[seat], move.card)))
    return State((hands[0], hands[1]))


def choose(state: State, player: str, roll: float) -> Move:
    """A built-in player's move: `random` takes any card; `greedy` wins if it can,
    else blocks a win of the opponent, else takes what `roll` (0 <= roll < 1) picks."""
    moves = legal_moves(state)
    if player == "greedy":
        seat = state.to_move
        for hand in (state.hands[seat], state.hands[1 - seat]):
            for move in moves:
                if winning_line((*hand, move.card)) is not None:
                    return move
    return moves[int(roll * len(moves))]
