"""The Staircase game: the engine (set-up, legal moves, apply, outcome) and its players.

Two to five players sit in seats 0 to n-1; seat 0 moves first and play goes
round to seat + 1, wrapping. Each player holds five cards; the rest of the deck
is the depot (the face-down draw pile) and its top card starts the face-up
scrap pile. A turn is one action, and every action puts exactly one card on the
right end of the mover's staircase, except interfere:

- build: a hand card onto the staircase;
- scrap: a hand card onto the scrap pile, another onto the staircase, then the
  depot's top card into the hand (nothing when the depot is empty);
- recycle: a hand card face down onto the depot, then the scrap pile's top card
  onto the staircase;
- interfere (an optional rule): two hand cards shown to everyone and another
  player named, who picks one for their own staircase (a `Choose`, their move
  but not their turn); the other goes onto the scrap pile. Until the choice is
  made the two cards stay in the interferer's hand. Play then goes on from the
  interferer's left neighbour. The named player may already be out of cards
  (the seed does not forbid it).

Every action makes the hand smaller, so a player whose hand is empty stays out:
they are passed over without a recorded move. The game ends when no hand holds
a card; the highest staircase total wins, and equal highest totals share it.

Move notation: `build 7H`, `scrap 2C build 7H`, `recycle 4D`, `interfere 3S 9H
Bo` (the named player by name, or by seat number from 1), `choose 9H`.

Pure Python: no I/O.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import NamedTuple

from kitgen.api import Card, draw, fold_words, full_deck, shuffle
from kitgen.games.staircase.rules import (
    ACE_POINTS,
    COURT_POINTS,
    DECK_SIZE,
    NUMBER_POINTS,
    StaircaseScore,
    score_staircase,
    sequence_bonus,
    winners,
)


class IllegalMove(ValueError):
    """A move (or a deal) the rules do not allow; the message names the rule."""


# --- moves ------------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Build:
    """A hand card onto the right end of the mover's staircase."""

    card: Card


@dataclass(frozen=True, order=True)
class Scrap:
    """`scrap` onto the scrap pile, `build` onto the staircase, then a draw from the depot."""

    scrap: Card
    build: Card


@dataclass(frozen=True, order=True)
class Recycle:
    """`card` face down onto the depot, then the scrap pile's top card onto the staircase."""

    card: Card


@dataclass(frozen=True, order=True)
class Interfere:
    """Show two hand cards and name the player (`target`, a seat) who takes one of them.

    The pair is unordered: it is always kept with the lower card (by Card
    ordering) first, however it was written.
    """

    first: Card
    second: Card
    target: int

    def __post_init__(self) -> None:
        if self.second < self.first:
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)


@dataclass(frozen=True, order=True)
class Choose:
    """The named player's pick from the two cards an interfere showed them."""

    card: Card


Move = Build | Scrap | Recycle | Interfere | Choose

_KINDS: dict[type, int] = {Build: 0, Scrap: 1, Recycle: 2, Interfere: 3, Choose: 4}


def move_key(move: Move) -> tuple[int, Move]:
    """The order `legal_moves` lists moves in: build, scrap, recycle, interfere, choose,
    then by the move's fields (cards by rank, then suit)."""
    return (_KINDS[type(move)], move)


def sort_moves(moves: Iterable[Move]) -> list[Move]:
    """Moves in `move_key` order, each once."""
    return sorted(set(moves), key=move_key)


# --- notation ---------------------------------------------------------------------------

NOTATION_HELP = (
    "write 'build CARD', 'scrap CARD build CARD', 'recycle CARD',"
    " 'interfere CARD CARD PLAYER' (the player by name or seat number from 1)"
    " or 'choose CARD', like 'scrap 2C build 7H'"
)
_WORDS = re.compile(r"[\s,;]+")
_SEPARATORS = {",", ";"}


def _seat_of(text: str, names: Sequence[str]) -> int:
    """The seat a player is named by: a name (any case), else a seat number from 1."""
    wanted = fold_words(text)
    matches = [i for i, name in enumerate(names) if fold_words(name) == wanted]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise ValueError(f"{text!r} names more than one player: use the seat number (from 1)")
    if wanted.isascii() and wanted.isdigit():
        seat = int(wanted)
        if seat < 1 or (names and seat > len(names)):
            seats = f"1 to {len(names)}" if names else "from 1"
            raise ValueError(f"there is no player {seat}: seats run {seats}")
        return seat - 1
    known = ", ".join(names) if names else "none"
    raise ValueError(
        f"{text!r} is not a player's name (players: {known}); a seat number from 1 works too"
    )


def _card(text: str, what: str) -> Card:
    try:
        return Card.parse(text)
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None


def parse_move(text: str, names: Sequence[str] = ()) -> Move:
    """Read a move written in the notation; forgiving about case, spaces and commas.

    `names` are the players' names by seat, for the player an interfere names.
    ValueError says what is wrong and how to write a move.
    """
    words = [w for w in _WORDS.split(str(text).strip()) if w]
    if not words:
        raise ValueError(f"an empty move: {NOTATION_HELP}")
    verb, args = words[0].casefold(), words[1:]

    def cards(count: int, usage: str) -> list[Card]:
        if len(args) < count:
            raise ValueError(f"{text!r}: {verb} needs {usage}; {NOTATION_HELP}")
        return [_card(a, f"{text!r}") for a in args[:count]]

    if verb in ("build", "recycle", "choose"):
        (card,) = cards(1, "a card")
        if len(args) > 1:
            raise ValueError(f"{text!r}: {verb} takes one card; {NOTATION_HELP}")
        if verb == "build":
            return Build(card)
        return Recycle(card) if verb == "recycle" else Choose(card)
    if verb == "scrap":
        if len(args) == 3 and args[1].casefold() == "build":
            del args[1]
        scrapped, built = cards(2, "two cards: one to scrap, one to build")
        if len(args) > 2:
            raise ValueError(f"{text!r}: scrap takes two cards; {NOTATION_HELP}")
        return Scrap(scrapped, built)
    if verb == "interfere":
        first, second = cards(2, "two cards and a player")
        if len(args) < 3:
            raise ValueError(f"{text!r}: interfere needs the player who chooses; {NOTATION_HELP}")
        return Interfere(first, second, _seat_of(" ".join(args[2:]), names))
    raise ValueError(f"{text!r}: {words[0]!r} is not an action; {NOTATION_HELP}")


def move_text(move: Move, names: Sequence[str] = ()) -> str:
    """A move in canonical notation; an interfere names its player by name when that
    name reads back unambiguously, else by seat number from 1."""
    if isinstance(move, Build):
        return f"build {move.card}"
    if isinstance(move, Scrap):
        return f"scrap {move.scrap} build {move.build}"
    if isinstance(move, Recycle):
        return f"recycle {move.card}"
    if isinstance(move, Choose):
        return f"choose {move.card}"
    who = str(move.target + 1)
    if move.target < len(names):
        name = " ".join(names[move.target].split())
        try:
            if name and _seat_of(name, names) == move.target and not _SEPARATORS & set(name):
                who = name
        except ValueError:
            pass
    return f"interfere {move.first} {move.second} {who}"


# --- set-up and state -------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """How a game is played: the number of players, the hand size and whether the
    optional interfere rule is on. The game's own numbers (how many may play, the hand
    size) are its game file's: `kitgen.games.staircase.load.standard_setup`."""

    players: int
    hand_size: int
    interfere: bool = False

    def __post_init__(self) -> None:
        if self.players < 2:
            raise ValueError(f"a game has at least two players, not {self.players}")
        if self.hand_size < 1:
            raise ValueError(f"a hand holds at least one card, not {self.hand_size}")
        if self.players * self.hand_size + 1 > DECK_SIZE:
            raise ValueError(
                f"{self.players} hands of {self.hand_size} and the scrap pile's first card"
                f" need more than {DECK_SIZE} cards"
            )


@dataclass(frozen=True)
class State:
    """A position in a game. Immutable: apply returns a new one.

    While an interfere waits for its choice (`pending`), its two cards are still
    in the interferer's hand and `to_move` is still the interferer; `mover` is
    then the player who must choose.
    """

    staircases: tuple[tuple[Card, ...], ...]  # per seat, left to right
    hands: tuple[tuple[Card, ...], ...]  # per seat
    depot: tuple[Card, ...]  # the draw pile, top first
    scrap: tuple[Card, ...]  # the scrap pile, top first
    to_move: int  # whose turn it is
    pending: Interfere | None = None  # a choice waiting for pending.target
    ply: int = 0
    last: Move | None = None

    @property
    def mover(self) -> int:
        """The seat that must move now (the named player while a choice waits)."""
        return self.to_move if self.pending is None else self.pending.target

    @property
    def over(self) -> bool:
        """Whether the game has ended: no hand holds a card (so no choice can wait)."""
        return self.pending is None and not any(self.hands)


@dataclass(frozen=True)
class Outcome:
    """A finished game: each seat's total, the winning seats (several on a tie), the details."""

    scores: tuple[int, ...]  # per seat
    winners: tuple[int, ...]  # seats with the best total
    detail: tuple[StaircaseScore, ...]  # per seat


def _without(hand: tuple[Card, ...], *gone: Card) -> tuple[Card, ...]:
    return tuple(c for c in hand if c not in gone)


def _player(seat: int) -> str:
    return f"player {seat + 1}"


class Staircase:
    """The Staircase engine for one set-up."""

    id = "staircase"

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.players = setup.players

    # --- set-up ---------------------------------------------------------------------
    def new_game(self, *, seed: int, rng: random.Random | None = None) -> State:
        """Shuffle the 52 cards by the seed, deal the hands one card at a time from
        seat 0, and turn the depot's top card up to start the scrap pile."""
        order = list(range(DECK_SIZE))
        shuffle(rng or random.Random(seed), order)
        cards = full_deck(jokers=False)
        shuffled = [cards[i] for i in order]
        n, size = self.players, self.setup.hand_size
        hands = [shuffled[seat : n * size : n] for seat in range(n)]
        rest = shuffled[n * size :]
        return self.deal(hands, rest[1:], rest[:1])

    def deal(
        self, hands: Sequence[Sequence[Card]], depot: Sequence[Card], scrap: Sequence[Card]
    ) -> State:
        """A given deal: each seat's hand, the depot and the scrap pile (both top first).

        IllegalMove when the deal cannot happen: the wrong number of hands or of
        cards in one, a joker, a card twice, or more than 52 cards.
        """
        n, size = self.players, self.setup.hand_size
        if len(hands) != n:
            raise IllegalMove(f"the deal has {len(hands)} hands for {n} players")
        for seat, hand in enumerate(hands):
            if len(hand) != size:
                raise IllegalMove(
                    f"{_player(seat)}'s hand holds {len(hand)} cards; the deal gives {size}"
                )
        used = [*(c for hand in hands for c in hand), *depot, *scrap]
        if len(used) > DECK_SIZE:
            raise IllegalMove(f"the deal uses {len(used)} cards; the game has {DECK_SIZE}")
        seen: set[Card] = set()
        for card in used:
            if card.is_joker:
                raise IllegalMove(f"{card} cannot be dealt: the game is played without jokers")
            if card in seen:
                raise IllegalMove(f"{card} is dealt twice")
            seen.add(card)
        dealt = tuple(tuple(h) for h in hands)
        start = next((s for s in range(n) if dealt[s]), 0)
        return State(tuple(() for _ in range(n)), dealt, tuple(depot), tuple(scrap), start)

    # --- rules ------------------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Move]:
        """Every distinct legal move in `move_key` order; [] once the game is over.

        An interfere is listed once per unordered pair of hand cards (lower card
        first) and other player.
        """
        if state.over:
            return []
        if state.pending is not None:
            return [Choose(state.pending.first), Choose(state.pending.second)]
        me = state.to_move
        hand = sorted(state.hands[me])
        moves: list[Move] = [Build(c) for c in hand]
        if len(hand) >= 2:
            moves.extend(Scrap(s, b) for s in hand for b in hand if s != b)
        if state.scrap:
            moves.extend(Recycle(c) for c in hand)
        if self.setup.interfere and len(hand) >= 2:
            others = [t for t in range(self.players) if t != me]
            moves.extend(
                Interfere(a, b, t)
                for i, a in enumerate(hand)
                for b in hand[i + 1 :]
                for t in others
            )
        return moves

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Why a move is not allowed now, in a player's words, or None when it is."""
        if state.over:
            return "the game is over: nobody holds a card"
        me = state.to_move
        pending = state.pending
        if pending is not None:
            offer = f"{pending.first} or {pending.second}"
            chooser = _player(pending.target)
            if not isinstance(move, Choose):
                return (
                    f"{_player(me)} interfered: {chooser} must first choose {offer}"
                    " for their staircase"
                )
            if move.card not in (pending.first, pending.second):
                return f"{move.card} was not offered: {chooser} chooses {offer}"
            return None
        hand = state.hands[me]

        def missing(*cards: Card) -> str | None:
            for card in cards:
                if card not in hand:
                    return f"{card} is not in {_player(me)}'s hand"
            return None

        if isinstance(move, Build):
            return missing(move.card)
        if isinstance(move, Scrap):
            if len(hand) < 2:
                return "scrap needs two cards in hand: one for the scrap pile, one to build"
            if move.scrap == move.build:
                return "scrap takes two different cards: one for the scrap pile, one to build"
            return missing(move.scrap, move.build)
        if isinstance(move, Recycle):
            if not state.scrap:
                return "recycle takes the scrap pile's top card, and the scrap pile is empty"
            return missing(move.card)
        if isinstance(move, Interfere):
            if not self.setup.interfere:
                return "interfere is an optional rule, and this game is played without it"
            if move.target == me:
                return "you cannot interfere with yourself: name another player"
            if not 0 <= move.target < self.players:
                return f"there is no {_player(move.target)}: seats run from 1 to {self.players}"
            if move.first == move.second:
                return "interfere shows two different cards"
            return missing(move.first, move.second)
        if isinstance(move, Choose):
            return "there is nothing to choose: choose answers another player's interfere"
        return f"{move!r} is not a Staircase move"

    def apply(self, state: State, move: Move) -> State:
        """The position after a move; IllegalMove names the rule a bad move breaks."""
        problem = self.why_illegal(state, move)
        if problem is not None:
            raise IllegalMove(problem)
        if isinstance(move, Interfere):
            return replace(state, pending=move, ply=state.ply + 1, last=move)
        me = state.to_move
        hands = list(state.hands)
        stairs = list(state.staircases)
        depot, scrap = state.depot, state.scrap
        if isinstance(move, Build):
            hands[me] = _without(hands[me], move.card)
            stairs[me] = (*stairs[me], move.card)
        elif isinstance(move, Scrap):
            hands[me] = _without(hands[me], move.scrap, move.build)
            scrap = (move.scrap, *scrap)
            stairs[me] = (*stairs[me], move.build)
            if depot:
                hands[me] = (*hands[me], depot[0])
                depot = depot[1:]
        elif isinstance(move, Recycle):
            hands[me] = _without(hands[me], move.card)
            depot = (move.card, *depot)
            stairs[me] = (*stairs[me], scrap[0])
            scrap = scrap[1:]
        else:  # Choose
            offer = state.pending
            assert offer is not None
            other = offer.second if move.card == offer.first else offer.first
            hands[me] = _without(hands[me], offer.first, offer.second)
            stairs[offer.target] = (*stairs[offer.target], move.card)
            scrap = (other, *scrap)
        return State(
            tuple(stairs),
            tuple(hands),
            depot,
            scrap,
            self._next(hands, me),
            None,
            state.ply + 1,
            move,
        )

    def _next(self, hands: Sequence[tuple[Card, ...]], seat: int) -> int:
        """The next seat round from `seat` that holds a card (`seat` itself last)."""
        n = self.players
        for step in range(1, n + 1):
            if hands[(seat + step) % n]:
                return (seat + step) % n
        return (seat + 1) % n

    def outcome(self, state: State) -> Outcome | None:
        """Each seat's score and the winners once no hand holds a card; None until then."""
        if not state.over:
            return None
        detail = tuple(score_staircase(s) for s in state.staircases)
        scores = tuple(d.total for d in detail)
        return Outcome(scores, tuple(winners(scores)), detail)


# --- fast scoring of a staircase's right end -------------------------------------------

_POINTS = (0, ACE_POINTS, *([NUMBER_POINTS] * 9), *([COURT_POINTS] * 3))
_BONUS = tuple(sequence_bonus(n) for n in range(64))


class Tail(NamedTuple):
    """What scoring a staircase needs to know about its right end.

    `total` is the staircase's score, `run` how many cards the rising stretch at
    the right end holds, `last` the rank of the last card (0 when empty), and
    `blocked` whether the stretch ends K A (a 2 then starts a new stretch at the ace).
    """

    total: int = 0
    run: int = 0
    last: int = 0
    blocked: bool = False


def grow(tail: Tail, rank: int) -> Tail:
    """The tail after a card of `rank` (1 to 13) is added to the right end."""
    points = _POINTS[rank]
    last = tail.last
    if last and (rank == last + 1 or (last == 13 and rank == 1)):
        if tail.blocked:  # K A then 2: the old stretch stays, a new one starts at the ace
            return Tail(tail.total + points, 2, rank, False)
        run = tail.run + 1
        return Tail(tail.total + points + _BONUS[run] - _BONUS[run - 1], run, rank, rank == 1)
    return Tail(tail.total + points, 1, rank, False)


def tail_of(cards: Iterable[Card]) -> Tail:
    """The tail of a staircase given left to right (its `total` equals `score_staircase`)."""
    tail = Tail()
    for card in cards:
        tail = grow(tail, card.rank)
    return tail


def _next_rank(rank: int) -> int:
    return 1 if rank == 13 else rank + 1


def _extension(tail: Tail, mask: int) -> tuple[int, int]:
    """The bonus a staircase gains by extending its end stretch from ranks in `mask`
    (a bit per rank), and the ranks left over."""
    if not tail.last:
        return 0, mask
    gain, run, last, blocked = 0, tail.run, tail.last, tail.blocked
    while True:
        rank = _next_rank(last)
        bit = 1 << rank
        if not mask & bit:
            return gain, mask
        mask &= ~bit
        if blocked and rank == 2:
            run = 2
        else:
            run += 1
            gain += _BONUS[run] - _BONUS[run - 1]
        blocked = last == 13 and rank == 1
        last = rank


@cache
def _chains(mask: int) -> int:
    """The bonus of the sequences the ranks in `mask` could form among themselves
    (the ace counts low and high, as in Q K A 2 3)."""
    present = [bool(mask & (1 << r)) for r in range(1, 14)] + [bool(mask & 2)]
    total, length = 0, 0
    for here in (*present, False):
        if here:
            length += 1
        else:
            total += _BONUS[length]
            length = 0
    return total


def _mask(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.rank
    return mask


# --- players ----------------------------------------------------------------------------

Player = Callable[[Staircase, State, random.Random], Move]

LOOK = 0.9  # how much a sequence still to build counts, against points already built
_DECK_POINTS = 4 * sum(_POINTS[1:])


def random_move(engine: Staircase, state: State, rng: random.Random) -> Move:
    """Any legal move, uniformly (a choice between the two offered cards included)."""
    moves = engine.legal_moves(state)
    return moves[draw(rng, len(moves))]


def _pick(keyed: Sequence[tuple[float, Move]], rng: random.Random) -> Move:
    top = max(k for k, _ in keyed)
    best = [m for k, m in keyed if k >= top - 1e-9]
    return best[draw(rng, len(best))]


class _View:
    """What a player at the table can see, worked out once per decision."""

    def __init__(self, engine: Staircase, state: State) -> None:
        self.engine, self.state = engine, state
        self.me = state.mover
        self.tails = [tail_of(s) for s in state.staircases]
        seen = [c for s in state.staircases for c in s]
        seen += [*state.hands[self.me], *state.scrap]
        if state.pending is not None and state.pending.target == self.me:
            seen += [state.pending.first, state.pending.second]
        hidden = DECK_SIZE - len(seen)
        hidden_points = _DECK_POINTS - sum(_POINTS[c.rank] for c in seen)
        # What an unseen card is worth on average: the value of a draw.
        self.draw_value = hidden_points / hidden if hidden else 0.0
        self.hidden = hidden
        self.seen_ranks = [0] * 14
        for card in seen:
            self.seen_ranks[card.rank] += 1
        n = engine.players
        self.feed_weight = 1 / (n - 1)

    def worth(self, tail: Tail, rest: Sequence[Card]) -> float:
        """A staircase and the cards still to come from the hand: its points, the hand's
        base points, and the sequences the hand can still make (partly counted)."""
        gain, left = _extension(tail, _mask(rest))
        return tail.total + sum(_POINTS[c.rank] for c in rest) + LOOK * (gain + _chains(left))

    def next_seat(self, hands_after: Sequence[int]) -> int | None:
        """The player who moves after the mover's turn, if not the mover again."""
        n = self.engine.players
        me = self.state.to_move
        for step in range(1, n):
            seat = (me + step) % n
            if hands_after[seat]:
                return seat
        return None

    def feed(self, card: Card | None, seat: int | None) -> float:
        """How much better than an average card `card`, on top of the scrap pile, is
        for `seat` to recycle onto their staircase (0 when it is not)."""
        if card is None or seat is None:
            return 0.0
        tail = self.tails[seat]
        gain = grow(tail, card.rank).total - tail.total
        return max(0.0, gain - self.draw_value)

    def threat(self, seat: int, tail: Tail) -> float:
        """What `seat` can expect to add by extending the stretch at their staircase's
        end, from the chance that their hidden hand holds the next rank."""
        if not tail.last or tail.blocked or self.hidden <= 0:
            return 0.0
        rank = _next_rank(tail.last)
        free = max(0, 4 - self.seen_ranks[rank])
        held = len(self.state.hands[seat])
        chance = 1 - (1 - min(1.0, free / self.hidden)) ** held
        return chance * (_BONUS[tail.run + 1] - _BONUS[tail.run])


def _own_options(view: _View) -> list[tuple[float, Move]]:
    """Every build, scrap and recycle with the greedy measure: what the staircase and
    hand will be worth, an expected draw, less what the new scrap top gives the next player."""
    state = view.state
    me = view.me
    hand = sorted(state.hands[me])
    tail = view.tails[me]
    sizes = [len(h) for h in state.hands]
    top = state.scrap[0] if state.scrap else None
    weight = view.feed_weight
    keyed: list[tuple[float, Move]] = []
    sizes[me] = len(hand) - 1
    after_one = view.next_seat(sizes)
    feed_now = view.feed(top, after_one)
    for card in hand:
        rest = [c for c in hand if c != card]
        keyed.append((view.worth(grow(tail, card.rank), rest), Build(card)))
    if state.scrap:
        below = state.scrap[1] if len(state.scrap) > 1 else None
        relief = weight * (feed_now - view.feed(below, after_one))
        taken = grow(tail, state.scrap[0].rank)
        for card in hand:
            rest = [c for c in hand if c != card]
            keyed.append((view.worth(taken, rest) + relief, Recycle(card)))
    if len(hand) >= 2:
        drawn = 1 if state.depot else 0
        sizes[me] = len(hand) - 2 + drawn
        after = view.next_seat(sizes)
        extra = view.draw_value * drawn
        for scrapped in hand:
            cost = weight * (view.feed(scrapped, after) - view.feed(top, after))
            for card in hand:
                if card == scrapped:
                    continue
                rest = [c for c in hand if c != card and c != scrapped]
                worth = view.worth(grow(tail, card.rank), rest) + extra - cost
                keyed.append((worth, Scrap(scrapped, card)))
    return keyed


def _choose(view: _View, rng: random.Random) -> Move:
    """The offered card that scores more for the chooser (counting the sequences it
    opens with their own hand)."""
    offer = view.state.pending
    assert offer is not None
    me = view.me
    tail, hand = view.tails[me], view.state.hands[me]
    keyed: list[tuple[float, Move]] = [
        (view.worth(grow(tail, c.rank), hand), Choose(c)) for c in (offer.first, offer.second)
    ]
    return _pick(keyed, rng)


def greedy_move(engine: Staircase, state: State, rng: random.Random) -> Move:
    """The build, scrap or recycle that leaves the most: the staircase's points after
    the move, plus the hand's base points, plus nine tenths of the sequences the hand
    can still make (extending the staircase's open end, or among its own cards), plus
    an average card's worth for a draw, minus what the new scrap top is worth (beyond
    an average card) to the next player, who could recycle it, weighed 1/(players - 1).
    It never interferes. Offered a choice, it takes the card that scores more.
    Ties are broken by `rng`."""
    view = _View(engine, state)
    if state.pending is not None:
        return _choose(view, rng)
    return _pick(_own_options(view), rng)


def _interfere_options(view: _View, every: bool) -> list[tuple[float, Move]]:
    """Each interfere with the interferer's measure: what its own staircase and
    remaining hand will be worth, less what the named player gains (the card they
    would take, less the open stretch it spoils), counted in full for the leader
    and 1/(players - 1) for another player; less the feed of the card left on the
    scrap pile. With `every`, only the leader is named."""
    state, engine = view.state, view.engine
    me = view.me
    hand = sorted(state.hands[me])
    tail = view.tails[me]
    n = engine.players
    others = [t for t in range(n) if t != me]
    standing = {
        t: view.tails[t].total
        + view.draw_value * len(state.hands[t])
        + view.threat(t, view.tails[t])
        for t in others
    }
    leader = max(others, key=lambda t: (standing[t], -((t - me) % n)))
    sizes = [len(h) for h in state.hands]
    sizes[me] = len(hand) - 2
    after = view.next_seat(sizes)
    top = state.scrap[0] if state.scrap else None
    keyed: list[tuple[float, Move]] = []
    for target in [leader] if every else others:
        weight = 1.0 if target == leader else 1 / (n - 1)
        theirs = view.tails[target]
        before = view.threat(target, theirs)
        for i, a in enumerate(hand):
            for b in hand[i + 1 :]:
                gains = []
                for card in (a, b):
                    grown = grow(theirs, card.rank)
                    gains.append((grown.total - theirs.total, view.threat(target, grown)))
                taken = max(range(2), key=lambda k: gains[k][0])
                left = (a, b)[1 - taken]
                helped = gains[taken][0] + gains[taken][1] - before
                fed = view.feed_weight * (view.feed(left, after) - view.feed(top, after))
                rest = [c for c in hand if c != a and c != b]
                worth = view.worth(tail, rest) - weight * helped - fed
                keyed.append((worth, Interfere(a, b, target)))
    return keyed


def interferer_move(engine: Staircase, state: State, rng: random.Random) -> Move:
    """Greedy, but when the set-up allows it, it also weighs every interfere: showing a
    pair gives up both cards, so its own measure drops, while the named player
    gains the card they would take (the one scoring more for them) less the
    sequence it spoils at their staircase's open end (estimated from how many of
    the next rank are still unseen and how many cards they hold). The named
    player's gain counts in full against the current leader and 1/(players - 1)
    against anyone else. It interferes only when the best interfere beats the best
    other action by that measure. Ties are broken by `rng`."""
    view = _View(engine, state)
    if state.pending is not None:
        return _choose(view, rng)
    keyed = _own_options(view)
    if engine.setup.interfere and len(state.hands[view.me]) >= 2:
        spoils = _interfere_options(view, every=False)
        if max(k for k, _ in spoils) > max(k for k, _ in keyed) + 1e-9:
            return _pick(spoils, rng)
    return _pick(keyed, rng)


def interfere_margin(engine: Staircase, state: State) -> float | None:
    """By the interferer's measure, how much its best interfere beats its best build,
    scrap or recycle in `state` (negative: by how much it falls short); None when the
    mover cannot interfere (the rule is off, a choice is pending, or it holds fewer
    than two cards). The interferer interferes exactly when this is positive.

    Under the printed scoring an interfere gives up two of the mover's cards (two
    staircase cards it will not build) and gives the named player one, so it pays
    only when the sequence it spoils is worth more than all of that."""
    if not engine.setup.interfere or state.pending is not None:
        return None
    if len(state.hands[state.mover]) < 2:
        return None
    view = _View(engine, state)
    own = max(k for k, _ in _own_options(view))
    return max(k for k, _ in _interfere_options(view, every=False)) - own


def spoiler_move(engine: Staircase, state: State, rng: random.Random) -> Move:
    """A deliberately aggressive reference player: whenever the set-up allows it and it
    holds two cards, it interferes with the current leader, showing the pair that
    helps them least by the interferer's measure; otherwise it plays like greedy.
    It shows what interfering at every chance costs or gains."""
    view = _View(engine, state)
    if state.pending is not None:
        return _choose(view, rng)
    if engine.setup.interfere and len(state.hands[view.me]) >= 2:
        return _pick(_interfere_options(view, every=True), rng)
    return _pick(_own_options(view), rng)


PLAYERS: dict[str, Player] = {
    "random": random_move,
    "greedy": greedy_move,
    "interferer": interferer_move,
    "spoiler": spoiler_move,
}


def play_game(
    engine: Staircase, players: Sequence[str], *, seed: int
) -> tuple[list[State], Outcome]:
    """Play a seeded game (players by seat, names from PLAYERS); every state and the outcome."""
    if len(players) != engine.players:
        raise ValueError(f"{len(players)} players named for a {engine.players}-player game")
    unknown = [p for p in players if p not in PLAYERS]
    if unknown:
        raise ValueError(f"unknown player {unknown[0]!r}: choose from {', '.join(PLAYERS)}")
    chosen = [PLAYERS[p] for p in players]
    rng = random.Random(seed)
    state = engine.new_game(seed=seed, rng=rng)
    states = [state]
    while (result := engine.outcome(state)) is None:
        move = chosen[state.mover](engine, state, rng)
        state = engine.apply(state, move)
        states.append(state)
    return states, result


__all__ = [
    "PLAYERS",
    "Build",
    "Choose",
    "IllegalMove",
    "Interfere",
    "Move",
    "Outcome",
    "Player",
    "Recycle",
    "Scrap",
    "Setup",
    "Staircase",
    "State",
    "Tail",
    "greedy_move",
    "grow",
    "interfere_margin",
    "interferer_move",
    "move_key",
    "move_text",
    "parse_move",
    "play_game",
    "random_move",
    "sort_moves",
    "spoiler_move",
    "tail_of",
]
