"""Galliard: the game engine (deals, the two phases, round ends, awards) and its players.

A game is a run of rounds. Each round every card outside the cabals is shuffled
(by `game_seed(seed, round)`), ten cards go to each player, alternately from the
round's starter, and the rest is the deck. Seat 0 starts round 1; the loser of a
round starts the next.

Phase 1 (`dance`): on a turn you may wager one royal from your hand, and then
either play a number card as a new dancer or stamp, which opens phase 2; the
wager is part of that same move. Phase 2 (`stamp`): stamp, or scuff (draw the
deck's top card), even when a stamp is possible; no wagers. With an empty deck a
player who cannot stamp passes, and two passes in a row block the round: the
player with fewer number cards wins it, the player who did not start it on equal
counts (rules decision). A stamp puts a number card on a dancer whose top card
differs from it by exactly one.

A round ends as soon as a player's hand holds no number card (checked after
every move and right after the deal). If the winner started the round supported,
they win the game at once and the round's awards do not matter. Otherwise the
wagered royals join the winner's cabal; if nothing was wagered, the winner takes
one royal (`take`) from the loser's cabal, or, when that is empty, any royal in
no cabal. A winner who gained a royal may then swap one gained royal for one of
the opponent's of the same rank or suit, jokers never (`trade`), or decline
(`keep`); the trade is offered only when one is legal. `apply` deals the next
round itself as soon as no decision remains. A game that reaches
`Setup.max_rounds` without a winner stops there ("round-limit").

Move notation: `dance 7S`, `wager QH, dance 7S`, `stamp 6H on 7S` (the dancer
named by its top card), `wager QH, stamp 6H on 7S`, `scuff`, `pass`, `take KS`,
`trade QH for QS` (give your new QH, take their QS), `keep`.

Players (`PLAYERS`):

- `random`: any legal move, uniformly (wagered and unwagered versions of a play
  count as different moves, so it wagers often).
- `greedy`: plays to empty its hand. In phase 1 it compares its number cards with
  an estimate of the opponent's (their hand size times the share of number cards
  among the cards it cannot see); ahead, it keeps dancing (whoever dances out
  first wins), choosing the dancer that leaves its other number cards the most
  stamping targets; behind, or when every card it would keep could be stamped,
  it opens phase 2 at once with the stamp that keeps the most of its cards
  stampable (in trials this beat waiting for a better floor, `patient`). In
  phase 2 it stamps whenever it can, with the same preference, and scuffs
  otherwise. It takes the royal that helps its cabal most and hurts the
  opponent's most (patterns completed, broken, or nearer), and trades when that
  improves the balance. Its wager rule weighs an estimated chance of winning the
  round (from the number-card race): it wagers the royal with the best expected
  gain when that beats what the round would bring with nothing wagered (the
  winner then takes from the loser's cabal, so a player likely to lose may wager
  a cheap royal to protect its cabal); once something is wagered, it adds a royal
  only when the expected gain is positive. A wager cannot change the outcome of
  a round whose winner started supported, so that branch counts for nothing.
- `never`: greedy play that never wagers.
- `always`: greedy play that wagers a royal whenever it holds one (the one with
  the best expected gain).
- `wager-50`: greedy play that wagers (the same royal) with probability 1/2.
- `patient`: greedy play and wagers, but behind in the race it opens phase 2
  only with a stamp that leaves at least 80% of its other number cards
  stampable (else it dances on).

Pure Python: no I/O.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from operator import attrgetter
from typing import Literal

from kitgen.api import Card, draw, game_seed, shuffle
from kitgen.games.galliard.rules import (
    DECK,
    PATTERNS,
    ROYALS,
    can_stamp,
    is_number,
    is_supported,
    patterns,
    why_no_trade,
)

NUMBER_CARDS = sum(1 for card in DECK if is_number(card))  # 40
# Cards' own order (rank, then suit: Card's dataclass order) as a sort key: one tuple a
# card instead of a tuple pair a comparison (sorting hands was a fifth of a simulation).
CARD_ORDER = attrgetter("rank", "suit")


class IllegalMove(ValueError):
    """A move the rules do not allow; the message names the rule, in a player's words."""


# --- moves ------------------------------------------------------------------------------


def _wagered(wager: Card | None, text: str) -> str:
    return text if wager is None else f"wager {wager}, {text}"


@dataclass(frozen=True, order=True)
class Dance:
    """Phase 1: a number card from the hand as a new dancer, with an optional wager."""

    card: Card
    wager: Card | None = None

    def __str__(self) -> str:
        return _wagered(self.wager, f"dance {self.card}")


@dataclass(frozen=True, order=True)
class Stamp:
    """A number card onto the dancer whose top card is `onto`; in phase 1 it opens
    phase 2 and may carry a wager."""

    card: Card
    onto: Card
    wager: Card | None = None

    def __str__(self) -> str:
        return _wagered(self.wager, f"stamp {self.card} on {self.onto}")


@dataclass(frozen=True, order=True)
class Scuff:
    """Phase 2: draw the deck's top card."""

    def __str__(self) -> str:
        return "scuff"


@dataclass(frozen=True, order=True)
class Pass:
    """Phase 2, deck empty, no stamp possible: do nothing."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, order=True)
class Take:
    """The round winner's pick when nothing was wagered."""

    card: Card

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, order=True)
class Trade:
    """The round winner gives `give` (gained this round) for the opponent's `take`."""

    give: Card
    take: Card

    def __str__(self) -> str:
        return f"trade {self.give} for {self.take}"


@dataclass(frozen=True, order=True)
class Keep:
    """The round winner declines the trade."""

    def __str__(self) -> str:
        return "keep"


Move = Dance | Stamp | Scuff | Pass | Take | Trade | Keep

_KINDS: dict[type, int] = {Dance: 0, Stamp: 1, Scuff: 2, Pass: 3, Take: 4, Trade: 5, Keep: 6}
_NONE = (-1, "")


def _ck(card: Card | None) -> tuple[int, str]:
    return _NONE if card is None else (card.rank, card.suit)


def move_key(move: Move) -> tuple[int, tuple[int, str], tuple[int, str], tuple[int, str]]:
    """The order of `legal_moves`: by kind (dance, stamp, scuff, pass, take, trade,
    keep), then by the cards named, an unwagered move before its wagered ones."""
    kind = _KINDS[type(move)]
    if isinstance(move, Dance):
        return (kind, _ck(move.card), _NONE, _ck(move.wager))
    if isinstance(move, Stamp):
        return (kind, _ck(move.card), _ck(move.onto), _ck(move.wager))
    if isinstance(move, Take):
        return (kind, _ck(move.card), _NONE, _NONE)
    if isinstance(move, Trade):
        return (kind, _ck(move.give), _ck(move.take), _NONE)
    return (kind, _NONE, _NONE, _NONE)


MOVE_HELP = (
    "write 'dance 7S', 'wager QH, dance 7S', 'stamp 6H on 7S' (the dancer named by its"
    " top card), 'wager QH, stamp 6H on 7S', 'scuff', 'pass', 'take KS',"
    " 'trade QH for QS' or 'keep'"
)


def parse_move(text: str) -> Move:
    """Read a move in any case, with extra spaces and an optional comma after the
    wager; ValueError says what is wrong and how moves are written."""
    words = str(text).replace(",", " ").split()
    keys = [w.lower() for w in words]

    def card(word: str) -> Card:
        try:
            return Card.parse(word)
        except ValueError as error:
            raise ValueError(f"{text.strip()!r} is not a move: {error}") from None

    wager = None
    if keys[:1] == ["wager"]:
        if len(words) < 2:
            raise ValueError(f"{text.strip()!r} is not a move: a wager names a royal; {MOVE_HELP}")
        wager = card(words[1])
        words, keys = words[2:], keys[2:]
        if keys[:1] not in (["dance"], ["stamp"]):
            raise ValueError(
                f"{text.strip()!r} is not a move: a wager goes with a dance or a stamp in the"
                " same turn, like 'wager QH, dance 7S'"
            )
    match keys:
        case ["dance", _]:
            return Dance(card(words[1]), wager)
        case ["stamp", _, "on", _] | ["stamp", _, _]:
            return Stamp(card(words[1]), card(words[-1]), wager)
        case ["scuff"]:
            return Scuff()
        case ["pass"]:
            return Pass()
        case ["keep"]:
            return Keep()
        case ["take", _]:
            return Take(card(words[1]))
        case ["trade", _, "for", _] | ["trade", _, _]:
            return Trade(card(words[1]), card(words[-1]))
    raise ValueError(f"{text.strip()!r} is not a move: {MOVE_HELP}")


# --- positions --------------------------------------------------------------------------

Phase = Literal["dance", "stamp", "take", "trade", "over"]
Hands = tuple[tuple[Card, ...], tuple[Card, ...]]

HOW = {
    "empty": "emptied their hand",
    "royals-only": "kept only royals in hand",
    "blocked": "won the blocked round",
}


@dataclass(frozen=True)
class Setup:
    """How a game is played: the cards dealt to each player, the royals a supported
    cabal holds (the game file's: `kitgen.games.galliard.load.standard_setup`) and a
    safety stop on rounds."""

    hand_size: int
    support: int  # royals a supported cabal holds at least
    max_rounds: int = 60  # a safety stop for simulations; outcome code "round-limit"

    def __post_init__(self) -> None:
        if not 1 <= self.hand_size <= 20:
            raise ValueError(
                f"a hand of {self.hand_size} cards cannot be dealt: 1 to 20 (40 cards are"
                " always outside the cabals)"
            )
        if self.max_rounds < 1:
            raise ValueError("max_rounds must be at least 1")


@dataclass(frozen=True)
class RoundResult:
    """What ended a round and what it brought, kept for replays and summaries."""

    round: int
    winner: int
    how: str  # "empty", "royals-only", "blocked"
    wagered: tuple[Card, ...]  # the wager pile, in the order wagered
    taken: Card | None  # the winner's pick when nothing was wagered
    traded: tuple[Card, Card] | None  # (given, taken)
    starter: int = 0
    wagered_by: tuple[int, ...] = ()  # the seat that wagered each card of `wagered`

    def wagers(self, seat: int) -> int:
        """How many royals `seat` wagered this round."""
        return sum(1 for s in self.wagered_by if s == seat)

    def text(self, names: Sequence[str] = ("player 1", "player 2")) -> str:
        """One line for people: `round 3: player 2 emptied their hand; wagered QH; ...`."""
        parts = [f"round {self.round}: {names[self.winner]} {HOW.get(self.how, self.how)}"]
        if self.wagered:
            parts.append("wagered " + " ".join(str(c) for c in self.wagered))
        else:
            parts.append("nothing wagered")
        if self.taken is not None:
            parts.append(f"took {self.taken}")
        if self.traded is not None:
            parts.append(f"traded {self.traded[0]} for {self.traded[1]}")
        return "; ".join(parts)


@dataclass(frozen=True)
class State:
    """A position in a game. Immutable: apply returns a new one."""

    seed: int
    round: int  # from 1
    phase: Phase
    hands: Hands
    deck: tuple[Card, ...]  # top first
    floor: tuple[tuple[Card, ...], ...]  # dancers in the order played, each bottom to top
    wager: tuple[Card, ...]  # the wager pile, in the order wagered
    cabals: Hands
    to_move: int  # who moves now (in take/trade: the round's winner)
    starter: int  # who started this round
    supported: tuple[bool, bool]  # each player's support at the round's start
    round_winner: int | None = None  # set once the round has ended
    gained: tuple[Card, ...] = ()  # royals the round winner gained this round
    passes: int = 0  # consecutive passes (blocked round)
    winner: int | None = None  # the game's winner, once over
    ply: int = 0
    last: Move | None = None
    wagered_by: tuple[int, ...] = ()  # the seat that wagered each card of `wager`
    ending: RoundResult | None = None  # the ended round, while its winner decides
    results: tuple[RoundResult, ...] = ()  # every finished round, in order

    @property
    def tops(self) -> tuple[Card, ...]:
        """The dancers' top cards, in the order the dancers were played."""
        return tuple(d[-1] for d in self.floor)

    @property
    def loser(self) -> int | None:
        """The round's loser, once it has ended."""
        return None if self.round_winner is None else 1 - self.round_winner


@dataclass(frozen=True)
class Outcome:
    """A finished game: why it ended, the winner (None at the round limit), the rounds
    played and the final cabals."""

    code: str  # "won" or "round-limit"
    reason: str  # for people
    winner: int | None
    rounds: int
    cabals: Hands


def _has_number(hand: Iterable[Card]) -> bool:
    return any(0 < c.rank <= 10 for c in hand)


def _numbers(hand: Iterable[Card]) -> int:
    return sum(1 for c in hand if 0 < c.rank <= 10)


def _seat(seat: int) -> str:
    return f"player {seat + 1}"


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards) or "none"


def _pair(seats: list[tuple[Card, ...]]) -> Hands:
    return (seats[0], seats[1])


# --- the engine -------------------------------------------------------------------------


class Galliard:
    """The Galliard engine for one set-up."""

    id = "galliard"

    def __init__(self, setup: Setup) -> None:
        self.setup = setup

    # --- deals ------------------------------------------------------------------------
    def new_game(self, *, seed: int) -> State:
        """Round 1 dealt by the seed, seat 0 to start."""
        return self.deal(seed=seed, round=1, starter=0, cabals=((), ()))

    def deal(
        self,
        *,
        seed: int,
        round: int,
        starter: int,
        cabals: Hands,
        ply: int = 0,
        last: Move | None = None,
        results: tuple[RoundResult, ...] = (),
    ) -> State:
        """A round's deal: the cards outside the cabals shuffled by `game_seed(seed,
        round)`, the hands dealt alternately from the starter, the rest the deck. A
        dealt hand without number cards ends the round at once."""
        held = set(cabals[0]) | set(cabals[1])
        cards = [c for c in DECK if c not in held]
        order = list(range(len(cards)))
        shuffle(random.Random(game_seed(seed, round)), order)
        dealt = [cards[i] for i in order]
        n = self.setup.hand_size
        first, second = tuple(dealt[0 : 2 * n : 2]), tuple(dealt[1 : 2 * n : 2])
        hands = (first, second) if starter == 0 else (second, first)
        state = State(
            seed,
            round,
            "dance",
            hands,
            tuple(dealt[2 * n :]),
            (),
            (),
            cabals,
            starter,
            starter,
            (
                is_supported(cabals[0], self.setup.support),
                is_supported(cabals[1], self.setup.support),
            ),
            ply=ply,
            last=last,
            results=results,
        )
        for seat in (starter, 1 - starter):
            if not _has_number(hands[seat]):
                return self._end_round(state, seat, "royals-only")
        return state

    # --- what may be played -----------------------------------------------------------
    def take_choices(self, state: State) -> list[Card]:
        """The royals the round winner may take (nothing wagered): the loser's cabal, or
        when it is empty every royal in no cabal; sorted."""
        if state.round_winner is None:
            return []
        loser = state.cabals[1 - state.round_winner]
        if loser:
            return sorted(loser)
        held = set(state.cabals[0]) | set(state.cabals[1])
        return sorted(r for r in ROYALS if r not in held)

    def trades(self, state: State) -> list[Trade]:
        """Every legal trade for the round winner, sorted (none before the round ends)."""
        if state.round_winner is None or not state.gained:
            return []
        theirs = sorted(state.cabals[1 - state.round_winner])
        return [
            Trade(g, t) for g in sorted(state.gained) for t in theirs if why_no_trade(g, t) is None
        ]

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move, sorted by `move_key` and unique; [] when the game is over."""
        phase = state.phase
        if phase == "over":
            return []
        if phase == "take":
            return [Take(c) for c in self.take_choices(state)]
        if phase == "trade":
            return [*self.trades(state), Keep()]
        hand = state.hands[state.to_move]
        numbers = sorted([c for c in hand if 0 < c.rank <= 10], key=CARD_ORDER)
        tops = sorted(state.tops, key=CARD_ORDER)
        stamps = [(c, t) for c in numbers for t in tops if abs(c.rank - t.rank) == 1]
        if phase == "stamp":
            moves: list[Move] = [Stamp(c, t) for c, t in stamps]
            if state.deck:
                moves.append(Scuff())
            elif not stamps:
                moves.append(Pass())
            return moves
        wagers: list[Card | None] = [None, *sorted([c for c in hand if c.is_royal], key=CARD_ORDER)]
        moves = [Dance(c, w) for c in numbers for w in wagers]
        moves.extend(Stamp(c, t, w) for c, t in stamps for w in wagers)
        return moves

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Why a move is not allowed now, in a player's words, or None."""
        phase = state.phase
        if phase == "over":
            done = self.outcome(state)
            return f"the game is over: {done.reason if done else 'no moves remain'}"
        if phase == "take":
            return self._why_not_take(state, move)
        if phase == "trade":
            return self._why_not_trade(state, move)
        if isinstance(move, (Take, Trade, Keep)):
            return (
                f"round {state.round} is still being played: taking, trading and keeping"
                " come after a round, from its winner"
            )
        hand = state.hands[state.to_move]
        if phase == "dance":
            if isinstance(move, (Scuff, Pass)):
                return (
                    f"'{move}' belongs to phase 2; in phase 1 play a new dancer, or stamp to"
                    " open phase 2"
                )
            if move.wager is not None:
                problem = _why_not_wager(move.wager, hand)
                if problem:
                    return problem
            if isinstance(move, Dance):
                return _why_not_number(move.card, hand)
            return _why_not_number(move.card, hand) or _why_not_stamp(state, move)
        # phase 2
        if isinstance(move, Dance):
            return "phase 2 has begun: no new dancers now; stamp or scuff"
        if isinstance(move, Stamp):
            if move.wager is not None:
                return (
                    "no wagers in phase 2: a wager goes with a phase-1 dancer or with the"
                    " stamp that opens phase 2"
                )
            return _why_not_number(move.card, hand) or _why_not_stamp(state, move)
        if isinstance(move, Scuff):
            if not state.deck:
                return "the deck is empty, so there is nothing to scuff: stamp if you can, or pass"
            return None
        if state.deck:
            return "you may pass only when the deck is empty; scuff instead"
        tops = state.tops
        for card in hand:
            for top in tops:
                if can_stamp(card, top):
                    return f"you cannot pass while you can stamp ({card} on {top})"
        return None

    def _why_not_take(self, state: State, move: Move) -> str | None:
        if not isinstance(move, Take):
            return (
                f"the round is over and nothing was wagered: {_seat(state.to_move)} first takes"
                " a royal (like 'take KS')"
            )
        card = move.card
        if not card.is_royal:
            return f"{card} is not a royal; only royals are taken"
        assert state.round_winner is not None
        loser = 1 - state.round_winner
        if state.cabals[loser]:
            if card not in state.cabals[loser]:
                return (
                    f"{card} is not in the loser's cabal; take one of theirs:"
                    f" {_cards(sorted(state.cabals[loser]))}"
                )
            return None
        if card in state.cabals[state.round_winner]:
            return f"{card} is already in your cabal"
        return None

    def _why_not_trade(self, state: State, move: Move) -> str | None:
        if isinstance(move, Keep):
            return None
        if not isinstance(move, Trade):
            return (
                "the round is over: its winner now trades a royal gained this round"
                " ('trade QH for QS') or keeps ('keep')"
            )
        problem = why_no_trade(move.give, move.take)
        if problem:
            return problem
        assert state.round_winner is not None
        if move.give not in state.gained:
            return (
                f"{move.give} was not gained this round; only a royal gained this round"
                f" ({_cards(state.gained)}) may be traded"
            )
        if move.take not in state.cabals[1 - state.round_winner]:
            return f"{move.take} is not in the opponent's cabal"
        return None

    # --- playing ----------------------------------------------------------------------
    def apply(self, state: State, move: Move) -> State:
        """The position after a move; IllegalMove names the rule a bad move breaks. When a
        round ends and its winner has nothing to decide, the next round is dealt too."""
        problem = self.why_illegal(state, move)
        if problem is not None:
            raise IllegalMove(problem)
        return self._play(state, move)

    def _play(self, state: State, move: Move) -> State:
        """Apply a move known to be legal."""
        me = state.to_move
        ply = state.ply + 1
        if isinstance(move, (Dance, Stamp)):
            hand = list(state.hands[me])
            hand.remove(move.card)
            wager, wagered_by = state.wager, state.wagered_by
            if move.wager is not None:
                hand.remove(move.wager)
                wager, wagered_by = (*wager, move.wager), (*wagered_by, me)
            if isinstance(move, Dance):
                floor = (*state.floor, (move.card,))
                phase: Phase = "dance"
            else:
                floor = tuple((*d, move.card) if d[-1] == move.onto else d for d in state.floor)
                phase = "stamp"
            kept = tuple(hand)
            hands = (kept, state.hands[1]) if me == 0 else (state.hands[0], kept)
            after = State(
                state.seed,
                state.round,
                phase,
                hands,
                state.deck,
                floor,
                wager,
                state.cabals,
                1 - me,
                state.starter,
                state.supported,
                ply=ply,
                last=move,
                wagered_by=wagered_by,
                results=state.results,
            )
            if not _has_number(kept):
                return self._end_round(after, me, "royals-only" if kept else "empty")
            return after
        if isinstance(move, (Scuff, Pass)):
            hands, deck, passes = state.hands, state.deck, 0
            if isinstance(move, Scuff):
                drawn = (*hands[me], deck[0])
                hands = (drawn, hands[1]) if me == 0 else (hands[0], drawn)
                deck = deck[1:]
            else:
                passes = state.passes + 1
            after = State(
                state.seed,
                state.round,
                "stamp",
                hands,
                deck,
                state.floor,
                state.wager,
                state.cabals,
                1 - me,
                state.starter,
                state.supported,
                passes=passes,
                ply=ply,
                last=move,
                wagered_by=state.wagered_by,
                results=state.results,
            )
            if passes >= 2:
                counts = [_numbers(h) for h in hands]
                if counts[0] != counts[1]:
                    winner = 0 if counts[0] < counts[1] else 1
                else:
                    winner = 1 - state.starter
                return self._end_round(after, winner, "blocked")
            return after
        assert state.round_winner is not None and state.ending is not None
        winner, loser = state.round_winner, 1 - state.round_winner
        cabals = [state.cabals[0], state.cabals[1]]
        if isinstance(move, Take):
            card = move.card
            hands, deck = state.hands, state.deck
            if card in cabals[loser]:
                cabals[loser] = tuple(c for c in cabals[loser] if c != card)
            elif card in deck:
                deck = tuple(c for c in deck if c != card)
            else:  # a royal held, never wagered: it returns to the deck anyway
                hands = _pair([tuple(c for c in h if c != card) for h in hands])
            cabals[winner] = (*cabals[winner], card)
            after = replace(
                state,
                hands=hands,
                deck=deck,
                cabals=_pair(cabals),
                gained=(card,),
                ply=ply,
                last=move,
                ending=replace(state.ending, taken=card),
            )
            if self.trades(after):
                return replace(after, phase="trade")
            return self._next_round(after)
        ending = state.ending
        if isinstance(move, Trade):
            cabals[winner] = tuple(move.take if c == move.give else c for c in cabals[winner])
            cabals[loser] = tuple(move.give if c == move.take else c for c in cabals[loser])
            ending = replace(ending, traded=(move.give, move.take))
        return self._next_round(
            replace(state, cabals=_pair(cabals), ply=ply, last=move, ending=ending)
        )

    def _end_round(self, state: State, winner: int, how: str) -> State:
        """The round has just been won by `winner`: end the game, or award the round."""
        result = RoundResult(
            state.round, winner, how, state.wager, None, None, state.starter, state.wagered_by
        )
        if state.supported[winner] or state.round >= self.setup.max_rounds:
            return replace(
                state,
                phase="over",
                round_winner=winner,
                winner=winner if state.supported[winner] else None,
                passes=0,
                results=(*state.results, result),
            )
        if state.wager:
            cabals = [state.cabals[0], state.cabals[1]]
            cabals[winner] = (*cabals[winner], *state.wager)
            after = replace(
                state,
                cabals=_pair(cabals),
                wager=(),
                wagered_by=(),
                to_move=winner,
                round_winner=winner,
                gained=state.wager,
                passes=0,
                ending=result,
            )
            if self.trades(after):
                return replace(after, phase="trade")
            return self._next_round(after)
        after = replace(state, to_move=winner, round_winner=winner, passes=0, ending=result)
        if self.take_choices(after):
            return replace(after, phase="take")
        return self._next_round(after)

    def _next_round(self, state: State) -> State:
        """Deal the next round, the last round's loser to start."""
        assert state.round_winner is not None and state.ending is not None
        return self.deal(
            seed=state.seed,
            round=state.round + 1,
            starter=1 - state.round_winner,
            cabals=state.cabals,
            ply=state.ply,
            last=state.last,
            results=(*state.results, state.ending),
        )

    # --- results ----------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        """How the game ended; None while it goes on."""
        if state.phase != "over":
            return None
        if state.winner is None:
            return Outcome(
                "round-limit",
                f"nobody won within {self.setup.max_rounds} round"
                + ("s" if self.setup.max_rounds != 1 else ""),
                None,
                state.round,
                state.cabals,
            )
        found = patterns(state.cabals[state.winner])
        held = "; ".join(p.words for p in found)
        return Outcome(
            "won",
            f"{_seat(state.winner)} won round {state.round}, which they started supported"
            f" ({len(state.cabals[state.winner])} royals with {held})",
            state.winner,
            state.round,
            state.cabals,
        )

    def round_results(self, states: Sequence[State]) -> list[RoundResult]:
        """Every round of a game so far, in order, from its states (the last state keeps
        the history); a round whose winner is still deciding is included as it stands."""
        if not states:
            return []
        last = states[-1]
        results = list(last.results)
        if last.ending is not None:
            results.append(last.ending)
        return results


def _why_not_number(card: Card, hand: tuple[Card, ...]) -> str | None:
    if card not in hand:
        return f"{card} is not in your hand"
    if not is_number(card):
        return f"{card} is a royal: only number cards (A to 10) dance and stamp"
    return None


def _why_not_wager(card: Card, hand: tuple[Card, ...]) -> str | None:
    if card not in hand:
        return f"{card} is not in your hand, so it cannot be wagered"
    if not card.is_royal:
        return f"only a royal may be wagered, and {card} is a number card"
    return None


def _why_not_stamp(state: State, move: Stamp) -> str | None:
    tops = state.tops
    if not tops:
        return "there is no dancer to stamp on yet"
    if move.onto not in tops:
        return f"no dancer shows {move.onto} on top (the tops are {_cards(tops)})"
    if not can_stamp(move.card, move.onto):
        return (
            f"{move.card} cannot be stamped on {move.onto}: a stamp differs from the"
            " dancer's top card by exactly one (the ace is 1; 10 and A are not neighbours)"
        )
    return None


# --- players ----------------------------------------------------------------------------

Player = Callable[[Galliard, State, random.Random], Move]


def random_move(engine: Galliard, state: State, rng: random.Random) -> Move:
    """Any legal move, uniformly."""
    moves = engine.legal_moves(state)
    return moves[draw(rng, len(moves))]


def _counts(cards: Iterable[Card]) -> list[int]:
    """Number cards by value, with a zero on each side (index 0 and 11)."""
    counts = [0] * 12
    for c in cards:
        if 0 < c.rank <= 10:
            counts[c.rank] += 1
    return counts


def _coverage(hand: list[int], tops: list[int]) -> int:
    """How many of the hand's number cards have a dancer to stamp on (a card per target)."""
    return sum(min(hand[v], tops[v - 1] + tops[v + 1]) for v in range(1, 11) if hand[v])


_BIT: dict[Card, int] = {card: 1 << i for i, card in enumerate(ROYALS)}
_PATTERN_MASKS = tuple((sum(_BIT[c] for c in p.cards), len(p.cards)) for p in PATTERNS)


def _mask(cabal: Iterable[Card]) -> int:
    """A set of royals as bits (one per royal)."""
    mask = 0
    for card in cabal:
        mask |= _BIT[card]
    return mask


@lru_cache(maxsize=1 << 15)
def _strength(mask: int) -> float:
    progress = 0.0
    complete = False
    for bits, need in _PATTERN_MASKS:
        have = (mask & bits).bit_count()
        progress += (have / need) ** 2
        complete = complete or have == need
    size = mask.bit_count()
    bonus = (20.0 if complete else 0.0) + (50.0 if complete and size >= 5 else 0.0)
    return 4.0 * min(size, 5) + 10.0 * progress + bonus


def strength(cabal: Iterable[Card]) -> float:
    """A rough worth of a cabal for the players: its size up to five, how far along each
    pattern is (squared, so near-complete patterns count most), and support."""
    return _strength(_mask(cabal))


def _take_gain(mine: int, theirs: int, bit: int) -> float:
    """What taking the royal `bit` changes in (my strength - theirs), cabals as bits."""
    gain = _strength(mine | bit) - _strength(mine)
    if theirs & bit:
        gain += _strength(theirs) - _strength(theirs & ~bit)
    return gain


def _best_take(state: State, winner: int) -> tuple[float, Card | None]:
    """The best royal for `winner` to take if they won with nothing wagered."""
    mine, theirs = _mask(state.cabals[winner]), _mask(state.cabals[1 - winner])
    free = theirs or ((1 << len(ROYALS)) - 1) & ~mine
    best: tuple[float, Card | None] = (0.0, None)
    for card in ROYALS:
        bit = _BIT[card]
        if free & bit:
            gain = _take_gain(mine, theirs, bit)
            if best[1] is None or gain > best[0]:
                best = (gain, card)
    return best


def race_lead(state: State, me: int) -> float:
    """How far `me`, to move in phase 1, leads the race to dance out: an estimate of the
    opponent's number cards (their hand size times the share of number cards among the
    cards `me` cannot see) less `me`'s, plus a half for moving first."""
    mine = _numbers(state.hands[me])
    other = len(state.hands[1 - me])
    on_floor = sum(len(d) for d in state.floor)
    unseen = other + len(state.deck)
    unseen_numbers = NUMBER_CARDS - mine - on_floor
    theirs = other * unseen_numbers / unseen if unseen else 0.0
    return theirs - mine + 0.5


def round_chance(state: State, me: int) -> float:
    """A rough chance that `me`, to move in phase 1, wins the round (a logistic curve of
    `race_lead`)."""
    return 1.0 / (1.0 + math.exp(-race_lead(state, me)))


WagerPolicy = Callable[[Galliard, State, random.Random], Card | None]


def _wager_choice(state: State) -> tuple[float, Card | None, float]:
    """(expected gain, royal) of the best royal to wager now, and the expected gain of
    the round with nothing more wagered."""
    me = state.to_move
    royals = sorted([c for c in state.hands[me] if c.is_royal], key=CARD_ORDER)
    if not royals:
        return (0.0, None, 0.0)
    chance = round_chance(state, me)
    win = 0.0 if state.supported[me] else chance
    lose = 0.0 if state.supported[1 - me] else 1.0 - chance
    mine, theirs = _mask(state.cabals[me]), _mask(state.cabals[1 - me])
    base_mine, base_theirs = _strength(mine), _strength(theirs)
    best: tuple[float, Card | None] = (0.0, None)
    for card in royals:
        bit = _BIT[card]
        value = win * (_strength(mine | bit) - base_mine) - lose * (
            _strength(theirs | bit) - base_theirs
        )
        if best[1] is None or value > best[0]:
            best = (value, card)
    baseline = 0.0
    if not state.wager:
        baseline = win * _best_take(state, me)[0] - lose * _best_take(state, 1 - me)[0]
    return (best[0], best[1], baseline)


def wager_by_value(engine: Galliard, state: State, rng: random.Random) -> Card | None:
    """The default policy: wager the best royal when its expected gain beats the round's
    expected gain with nothing (more) wagered."""
    value, card, baseline = _wager_choice(state)
    return card if card is not None and value > baseline else None


def wager_never(engine: Galliard, state: State, rng: random.Random) -> Card | None:
    """Never wager."""
    return None


def wager_always(engine: Galliard, state: State, rng: random.Random) -> Card | None:
    """Wager the best royal whenever one is in hand."""
    return _wager_choice(state)[1]


def wager_half(engine: Galliard, state: State, rng: random.Random) -> Card | None:
    """Wager the best royal with probability 1/2 (a draw only when a royal is in hand)."""
    card = _wager_choice(state)[1]
    if card is None or draw(rng, 2) == 0:
        return None
    return card


def _pick(keyed: list[tuple[tuple[float, ...], Move]], rng: random.Random) -> Move:
    """The move with the best key, ties broken by `rng`."""
    top_key = max(k for k, _ in keyed)
    best = [m for k, m in keyed if k == top_key]
    return best[0] if len(best) == 1 else best[draw(rng, len(best))]


def _stamp_options(
    state: State, hand: tuple[Card, ...], counts: list[int], tops: list[int]
) -> list[tuple[tuple[float, ...], Card, Card]]:
    """Every stamp, keyed by how many of the other number cards stay stampable."""
    options: list[tuple[tuple[float, ...], Card, Card]] = []
    cache: dict[tuple[int, int], tuple[float, ...]] = {}
    for top in state.tops:
        t = top.rank
        for card in hand:
            c = card.rank
            if (c - t != 1 and t - c != 1) or not 0 < c <= 10:
                continue
            key = cache.get((c, t))
            if key is None:
                counts[c] -= 1
                tops[t] -= 1
                tops[c] += 1
                key = (float(_coverage(counts, tops)),)
                counts[c] += 1
                tops[t] += 1
                tops[c] -= 1
                cache[(c, t)] = key
            options.append((key, card, top))
    return options


@dataclass(frozen=True)
class Style:
    """When a greedy player opens phase 2 (it stamps only when a stamp is possible):
    when its race lead (`race_lead`) is under `behind` and the best stamp leaves at
    least the share `ready` of its other number cards stampable; or, when it leaves
    every one of them stampable, while its lead is under `eager`."""

    behind: float = 0.0
    ready: float = 0.0
    eager: float = 1.0


def _phase_one(
    engine: Galliard, state: State, rng: random.Random, policy: WagerPolicy, style: Style
) -> Move:
    me = state.to_move
    hand = state.hands[me]
    counts, tops = _counts(hand), _counts(state.tops)
    mine = sum(counts)
    stamps = _stamp_options(state, hand, counts, tops)
    lead = race_lead(state, me)
    play: Move | None = None
    if stamps:
        best = max(k for k, _, _ in stamps)
        kept = mine - 1
        share = best[0] / kept if kept else 1.0  # of the cards it keeps, the stampable
        if (lead < style.behind and share >= style.ready) or (share >= 1.0 and lead < style.eager):
            play = _pick([(k, Stamp(c, t)) for k, c, t in stamps if k == best], rng)
    if play is None:
        keyed: list[tuple[tuple[float, ...], Move]] = []
        for card in sorted({c for c in hand if 0 < c.rank <= 10}, key=CARD_ORDER):
            d = card.rank
            counts[d] -= 1
            tops[d] += 1
            cover = _coverage(counts, tops)
            tops[d] -= 1
            stampable = tops[d - 1] + tops[d + 1] > 0
            counts[d] += 1
            keyed.append(((float(cover), -float(stampable)), Dance(card)))
        play = _pick(keyed, rng)
    wager = policy(engine, state, rng)
    if wager is None:
        return play
    if isinstance(play, Dance):
        return Dance(play.card, wager)
    assert isinstance(play, Stamp)
    return Stamp(play.card, play.onto, wager)


def _phase_two(state: State, rng: random.Random) -> Move:
    hand = state.hands[state.to_move]
    stamps = _stamp_options(state, hand, _counts(hand), _counts(state.tops))
    if stamps:
        return _pick([(k, Stamp(c, t)) for k, c, t in stamps], rng)
    return Scuff() if state.deck else Pass()


def _take(engine: Galliard, state: State) -> Move:
    assert state.round_winner is not None
    card = _best_take(state, state.round_winner)[1]
    assert card is not None
    return Take(card)


def _trade(engine: Galliard, state: State) -> Move:
    assert state.round_winner is not None
    me = state.round_winner
    mine, theirs = state.cabals[me], state.cabals[1 - me]
    now = strength(mine) - strength(theirs)
    best: tuple[float, Move] = (0.0, Keep())
    for trade in engine.trades(state):
        after_mine = tuple(trade.take if c == trade.give else c for c in mine)
        after_theirs = tuple(trade.give if c == trade.take else c for c in theirs)
        gain = strength(after_mine) - strength(after_theirs) - now
        if gain > best[0] + 1e-9:
            best = (gain, trade)
    return best[1]


def greedy_player(policy: WagerPolicy, style: Style = Style()) -> Player:
    """A greedy player (see the module's notes) with the given wager policy."""

    def play(engine: Galliard, state: State, rng: random.Random) -> Move:
        phase = state.phase
        if phase == "dance":
            return _phase_one(engine, state, rng, policy, style)
        if phase == "stamp":
            return _phase_two(state, rng)
        if phase == "take":
            return _take(engine, state)
        if phase == "trade":
            return _trade(engine, state)
        raise IllegalMove("the game is over")

    return play


greedy_move = greedy_player(wager_by_value)

PLAYERS: dict[str, Player] = {
    "random": random_move,
    "greedy": greedy_move,
    "never": greedy_player(wager_never),
    "always": greedy_player(wager_always),
    "wager-50": greedy_player(wager_half),
    "patient": greedy_player(wager_by_value, Style(ready=0.8)),
}


def play_game(
    engine: Galliard, players: Sequence[str], *, seed: int
) -> tuple[list[State], Outcome]:
    """Play a seeded game (players: seat 0's, then seat 1's); every state and the outcome.
    The players' choices draw from `random.Random(seed)`; the deals do not."""
    rng = random.Random(seed)
    chosen = [PLAYERS[players[0]], PLAYERS[players[1]]]
    state = engine.new_game(seed=seed)
    states = [state]
    while state.phase != "over":
        state = engine.apply(state, chosen[state.to_move](engine, state, rng))
        states.append(state)
    result = engine.outcome(state)
    assert result is not None
    return states, result


__all__ = [
    "MOVE_HELP",
    "PLAYERS",
    "Dance",
    "Galliard",
    "IllegalMove",
    "Keep",
    "Move",
    "Outcome",
    "Pass",
    "Phase",
    "Player",
    "RoundResult",
    "Scuff",
    "Setup",
    "Stamp",
    "State",
    "Take",
    "Trade",
    "greedy_player",
    "move_key",
    "parse_move",
    "play_game",
    "race_lead",
    "random_move",
    "round_chance",
    "strength",
]
