"""Shape Up!: the game engine (set-up, legal moves, apply, outcome) and its players.

A turn is one play and, before or after it, at most one move of a card that
was in play when the turn began (rules decision: not the card just played).
The played card must end next to a card in play and within the box; a moved
card must end legal on the table without it; other cards may be left alone.

In the basic game each player holds their victory card and plays the top card
of the deck. In the advanced game each holds three, plays one and draws while
the deck lasts; the card left at the end is their victory card.

Move notation: `blue hollow circle@1,0` plays a card at x=1, y=0 (x to the
right, y downwards; the first card of a round goes to 0,0); a move of a card
in play is written `move 0,0>2,0` before or after it, separated by `;`:
`move 0,0>2,0; blue hollow circle@1,0`.

Pure Python: no I/O.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import ClassVar

from kitgen.api import draw, shuffle
from kitgen.games.shapeup.model import Card, card_set
from kitgen.games.shapeup.rules import (
    Point,
    Setup,
    format_point,
    placement_problem,
    points_by_attribute,
    total,
)


class IllegalMove(ValueError):
    """A move the rules do not allow; the message names the rule."""


# Points in reading order: by row (y), then column (x).
ROW_ORDER = itemgetter(1, 0)
_POINT = r"(-?\d+)\s*,\s*(-?\d+)"
_PLAY = re.compile(rf"^\s*(?P<card>[A-Za-z ]+?)\s*@\s*{_POINT}\s*$")
_SHIFT = re.compile(rf"^\s*move\s+{_POINT}\s*>\s*{_POINT}\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Move:
    """A turn: the card played and where, and an optional move of a card in play."""

    card: Card
    at: Point
    shift: tuple[Point, Point] | None = None  # from, to
    shift_first: bool = False  # the move comes before the play

    def __str__(self) -> str:
        play = f"{self.card}@{format_point(self.at)}"
        if self.shift is None:
            return play
        shift = f"move {format_point(self.shift[0])}>{format_point(self.shift[1])}"
        return f"{shift}; {play}" if self.shift_first else f"{play}; {shift}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move as `str(move)` writes it; ValueError says what is wrong."""
        parts = [p for p in text.split(";")]
        if not 1 <= len(parts) <= 2:
            raise ValueError(f"{text!r}: a turn is one play and at most one move")
        play: tuple[Card, Point] | None = None
        shift: tuple[Point, Point] | None = None
        shift_first = False
        for index, part in enumerate(parts):
            moved = _SHIFT.match(part)
            if moved:
                if shift is not None:
                    raise ValueError(f"{text!r}: only one card may be moved in a turn")
                a, b, c, d = (int(g) for g in moved.groups())
                shift, shift_first = ((a, b), (c, d)), index == 0
                continue
            played = _PLAY.match(part)
            if not played or play is not None:
                raise ValueError(
                    f"{text!r} is not a turn: write CARD@X,Y (like 'blue hollow circle@1,0'), "
                    "optionally with 'move X,Y>X,Y' before or after it, separated by ';'"
                )
            play = (Card.parse(played.group("card")), (int(played.group(2)), int(played.group(3))))
        if play is None:
            raise ValueError(f"{text!r}: a turn must play a card (CARD@X,Y)")
        return cls(play[0], play[1], shift, shift_first)


@dataclass(frozen=True)
class Result:
    """A finished round: every player's score and the winner (None on a tie); with
    `by_attribute`, each player's points from runs of colour, fill and shape."""

    scores: tuple[int, ...]
    winner: int | None
    by_attribute: tuple[tuple[int, int, int], ...] = ()


Table = tuple[tuple[Point, Card], ...]  # sorted by point


@dataclass(frozen=True)
class State:
    """A position in a round. Immutable: apply returns a new one."""

    table: Table
    deck: tuple[Card, ...]  # draw order
    hands: tuple[tuple[Card, ...], ...]  # per player; in the basic game, the victory card
    aside: Card
    to_move: int
    ply: int
    last: Move | None = None

    @property
    def cards(self) -> dict[Point, Card]:
        """The table as a mapping of point to card."""
        return dict(self.table)


class ShapeUp:
    """The Shape Up! engine for one set-up."""

    id: ClassVar[str] = "shapeup"

    def __init__(self, setup: Setup) -> None:
        self.setup = setup

    # --- set-up ---------------------------------------------------------------------
    def new_game(self, *, seed: int, first: int = 0, rng: random.Random | None = None) -> State:
        """Shuffle the set by the seed and deal: one aside, then hands, then the deck."""
        cards = list(range(self.setup.set_size))
        shuffle(rng or random.Random(seed), cards)
        full = card_set(self.setup.set_size)
        return self.deal([full[i] for i in cards], first=first)

    def deal(self, order: Sequence[Card], *, first: int = 0) -> State:
        """Deal a given order: the first card aside, a hand to each player, the rest the deck."""
        setup = self.setup
        if sorted(order) != sorted(card_set(setup.set_size)):
            raise IllegalMove(f"a deal uses each of the {setup.set_size} cards once")
        if not 0 <= first < setup.players:
            raise IllegalMove(f"player {first + 1} does not exist in set-up {setup.id}")
        hand = setup.hand
        hands = tuple(tuple(order[1 + p * hand : 1 + (p + 1) * hand]) for p in range(setup.players))
        deck = tuple(order[1 + setup.players * hand :])
        return State((), deck, hands, order[0], first, 0)

    # --- rules ------------------------------------------------------------------------
    def over(self, state: State) -> bool:
        """Whether every card to be played has been played."""
        return len(state.table) >= self.setup.to_play

    def playable(self, state: State) -> tuple[Card, ...]:
        """The cards the player to move may play: the top card, or (advanced) their hand."""
        if self.over(state):
            return ()
        if self.setup.advanced:
            return tuple(sorted(set(state.hands[state.to_move])))
        return (state.deck[0],)

    def spots(self, cards: dict[Point, Card]) -> list[Point]:
        """Every point where a card may go on this table, sorted (y, then x).

        The same answer as asking `placement_problem` of every point, found faster:
        the empty neighbours of cards whose addition keeps the cards inside the box.
        """
        if not cards:
            return [(0, 0)]
        xs = [p[0] for p in cards]
        ys = [p[1] for p in cards]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        # A neighbour of a card widens the cards' area by one column, or makes it one
        # row taller, or neither: whether each of the three fits the box.
        width, height = x1 - x0 + 1, y1 - y0 + 1
        fits = self.setup.fits
        same, wider, taller = fits(width, height), fits(width + 1, height), fits(width, height + 1)
        found: set[Point] = set()
        add = found.add
        for x, y in cards:
            if taller if y == y0 else same:
                point = (x, y - 1)
                if point not in cards:
                    add(point)
            if wider if x == x1 else same:
                point = (x + 1, y)
                if point not in cards:
                    add(point)
            if taller if y == y1 else same:
                point = (x, y + 1)
                if point not in cards:
                    add(point)
            if wider if x == x0 else same:
                point = (x - 1, y)
                if point not in cards:
                    add(point)
        return sorted(found, key=ROW_ORDER)

    def shifts(
        self, cards: dict[Point, Card], movable: set[Point]
    ) -> Iterator[tuple[Point, Point]]:
        """Every legal move of one card among `movable` on this table, in order."""
        for origin in sorted(movable, key=ROW_ORDER):
            rest = {p: c for p, c in cards.items() if p != origin}
            for target in self.spots(rest):
                if target != origin:
                    yield origin, target

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal turn, in a fixed order: plays alone, plays then moves, moves then plays."""
        out: list[Move] = []
        cards = state.cards
        before = set(cards)
        for card in self.playable(state):
            spots = self.spots(cards)
            out.extend(Move(card, at) for at in spots)
            for at in spots:
                after = {**cards, at: card}
                out.extend(Move(card, at, shift) for shift in self.shifts(after, before))
            for shift in self.shifts(cards, before):
                moved = dict(cards)
                moved[shift[1]] = moved.pop(shift[0])
                out.extend(Move(card, at, shift, True) for at in self.spots(moved))
        return out

    def _shift(
        self, cards: dict[Point, Card], shift: tuple[Point, Point], movable: set[Point]
    ) -> None:
        origin, target = shift
        if origin not in cards:
            raise IllegalMove(f"there is no card at {format_point(origin)} to move")
        if origin not in movable:
            raise IllegalMove("the card just played cannot be moved in the same turn")
        card = cards.pop(origin)
        if target == origin:
            raise IllegalMove("a move must take the card somewhere else")
        problem = placement_problem(cards, target, self.setup)
        if problem is not None:
            raise IllegalMove(f"cannot move {card} there: {problem}")
        cards[target] = card

    def apply(self, state: State, move: Move) -> State:
        """The position after a turn; IllegalMove names the rule a bad turn breaks."""
        if self.over(state):
            raise IllegalMove("the round is over: every card has been played")
        player = state.to_move
        hands = [list(h) for h in state.hands]
        deck = list(state.deck)
        if self.setup.advanced:
            if move.card not in hands[player]:
                raise IllegalMove(f"{move.card} is not in the hand of player {player + 1}")
            hands[player].remove(move.card)
            if deck:
                hands[player].append(deck.pop(0))
        else:
            if move.card != deck[0]:
                raise IllegalMove(f"the card to play is the top card, {deck[0]}, not {move.card}")
            deck.pop(0)
        cards = state.cards
        movable = set(cards)
        if move.shift is not None and move.shift_first:
            self._shift(cards, move.shift, movable)
        problem = placement_problem(cards, move.at, self.setup)
        if problem is not None:
            raise IllegalMove(f"cannot play {move.card} there: {problem}")
        cards[move.at] = move.card
        if move.shift is not None and not move.shift_first:
            self._shift(cards, move.shift, movable)
        table = tuple(sorted(cards.items(), key=lambda pc: (pc[0][1], pc[0][0])))
        return State(
            table,
            tuple(deck),
            tuple(tuple(h) for h in hands),
            state.aside,
            (player + 1) % self.setup.players,
            state.ply + 1,
            move,
        )

    def victory(self, state: State) -> tuple[Card, ...]:
        """Each player's victory card (in the advanced game, the card left in hand)."""
        return tuple(hand[0] for hand in state.hands)

    def outcome(self, state: State) -> Result | None:
        """The scores and the winner, once every card has been played."""
        if not self.over(state):
            return None
        cards = state.cards
        parts = tuple(points_by_attribute(cards, v) for v in self.victory(state))
        scores = tuple(sum(p) for p in parts)
        best = max(scores)
        leaders = [p for p, s in enumerate(scores) if s == best]
        return Result(scores, leaders[0] if len(leaders) == 1 else None, parts)


# --- players ----------------------------------------------------------------------------


def random_move(engine: ShapeUp, state: State, rng: random.Random) -> Move:
    """A random legal play, and every other turn on average a random move as well."""
    cards = state.cards
    card = engine.playable(state)
    chosen = card[draw(rng, len(card))]
    spots = engine.spots(cards)
    at = spots[draw(rng, len(spots))]
    if draw(rng, 2) == 0:
        return Move(chosen, at)
    after = {**cards, at: chosen}
    shifts = list(engine.shifts(after, set(cards)))
    if not shifts:
        return Move(chosen, at)
    return Move(chosen, at, shifts[draw(rng, len(shifts))])


def greedy_move(engine: ShapeUp, state: State, rng: random.Random) -> Move:
    """The play that scores best for the player's own victory card, then the best move if
    it scores more still (ties broken by `rng`). It does not guess the others' cards."""
    player = state.to_move
    hand = state.hands[player]
    cards = state.cards
    best: list[Move] = []
    best_score = -1
    for card in engine.playable(state):
        # Advanced: the victory card is whichever card is kept; aim for the best kept one.
        kept = [c for c in hand if c != card] if engine.setup.advanced else list(hand)
        targets = kept or [card]
        for at in engine.spots(cards):
            after = {**cards, at: card}
            value = max(total(after, v) for v in targets)
            if value > best_score:
                best, best_score = [Move(card, at)], value
            elif value == best_score:
                best.append(Move(card, at))
    play = best[draw(rng, len(best))]
    after = {**cards, play.at: play.card}
    kept = [c for c in hand if c != play.card] if engine.setup.advanced else list(hand)
    targets = kept or [play.card]
    shifted: list[Move] = []
    for shift in engine.shifts(after, set(cards)):
        moved = dict(after)
        moved[shift[1]] = moved.pop(shift[0])
        value = max(total(moved, v) for v in targets)
        if value > best_score:
            shifted, best_score = [Move(play.card, play.at, shift)], value
        elif value == best_score and shifted:
            shifted.append(Move(play.card, play.at, shift))
    return shifted[draw(rng, len(shifted))] if shifted else play


PLAYERS = {"random": random_move, "greedy": greedy_move}


def play_round(
    engine: ShapeUp, players: Sequence[str], *, seed: int, first: int = 0
) -> list[State]:
    """Play one round from a seeded deal; the states from the deal to the end."""
    rng = random.Random(seed)
    state = engine.new_game(seed=seed, first=first, rng=rng)
    states = [state]
    while not engine.over(state):
        state = engine.apply(state, PLAYERS[players[state.to_move]](engine, state, rng))
        states.append(state)
    return states


def default_rounds(setup: Setup) -> int:
    """Rounds in a full game (`Setup.rounds`)."""
    return setup.rounds


@dataclass(frozen=True)
class GameResult:
    """A full game: each round's result and who started it, the totals and the winner."""

    rounds: tuple[tuple[int, Result], ...]  # (first player, result) per round
    totals: tuple[int, ...]
    winner: int | None  # None when the best totals are level


def play_game(
    engine: ShapeUp,
    players: Sequence[str],
    *,
    seed: int,
    rounds: int | None = None,
    first: int = 0,
) -> GameResult:
    """Play a full game: `rounds` rounds (see `default_rounds`), the first turn passing
    one seat on each round, and the scores added up. Round r is dealt by `round_seed`."""
    count = default_rounds(engine.setup) if rounds is None else rounds
    n = engine.setup.players
    played: list[tuple[int, Result]] = []
    totals = [0] * n
    for r in range(count):
        starter = (first + r) % n
        states = play_round(engine, players, seed=round_seed(seed, r), first=starter)
        result = engine.outcome(states[-1])
        assert result is not None
        played.append((starter, result))
        for p, points in enumerate(result.scores):
            totals[p] += points
    best = max(totals)
    leaders = [p for p, t in enumerate(totals) if t == best]
    return GameResult(tuple(played), tuple(totals), leaders[0] if len(leaders) == 1 else None)


def round_seed(seed: int, index: int) -> int:
    """The seed of round `index` of the game seeded `seed`."""
    return (seed * 1_000_033 + index * 104_729 + 7) % (2**61 - 1)
