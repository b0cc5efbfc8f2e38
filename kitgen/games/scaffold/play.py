"""Scaffold: the game engine (set-up, legal moves, apply, outcome) and its players.

Red plays first. In the competitive game the players alternate, each play
followed by a draw while the draw pile lasts, until all 13 spaces are
constructed, a player has no card (the one to move, or the one who has just
played their last card), or the player to move has no legal play (and shows
the hand). In the cooperative game a turn is either a play by red then a play
by black, each on their own side, or a blind trade of one card each; a turn
counter comes off at the end of every turn, including the turn in which the
game ends (rules decision). The game ends when every side space shows its
side's colour, when the counters run out, when a player has no card, or when
the player to move cannot play.

Move notation: `9H@r2c3` plays the nine of hearts on row 2, column 3 (rows and
columns from 1, top left; the centre is r3c3); `trade 5H 9S` is the blind
trade, red's card first.

Pure Python: no I/O.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from kitgen.api import Card, draw, full_deck, shuffle
from kitgen.api import SuitColour as Colour
from kitgen.games.scaffold.rules import (
    BOARDS,
    CENTRE,
    Board,
    Cell,
    CompetitiveScore,
    CooperativeScore,
    Mode,
    Stack,
    cell_name,
    distance,
    has_play,
    legal_plays,
    parse_cell,
    score_competitive,
    score_cooperative,
    top,
    value,
    why_not,
)

TEAMS: tuple[Colour, Colour] = ("red", "black")


class IllegalMove(ValueError):
    """A move the rules do not allow; the message names the rule."""


_PLAY = re.compile(r"^\s*(?P<card>\S+?)\s*@\s*(?P<cell>\S+)\s*$")
_TRADE = re.compile(r"^\s*trade\s+(?P<red>\S+)\s+(?P<black>\S+)\s*$", re.IGNORECASE)


@dataclass(frozen=True, order=True)
class Play:
    """A card from the mover's hand onto a space."""

    card: Card
    cell: Cell

    def __str__(self) -> str:
        return f"{self.card}@{cell_name(self.cell)}"


@dataclass(frozen=True, order=True)
class Trade:
    """The cooperative blind trade: red gives `red`, black gives `black`."""

    red: Card
    black: Card

    def __str__(self) -> str:
        return f"trade {self.red} {self.black}"


Move = Play | Trade


def parse_move(text: str) -> Move:
    """Read `9H@r2c3` or `trade 5H 9S`; ValueError says what is wrong."""
    traded = _TRADE.match(text)
    if traded:
        return Trade(Card.parse(traded.group("red")), Card.parse(traded.group("black")))
    played = _PLAY.match(text)
    if not played:
        raise ValueError(
            f"{text!r} is not a move: write CARD@CELL (like '9H@r2c3', row then column from"
            " 1) or 'trade RED BLACK' (like 'trade 5H 9S')"
        )
    return Play(Card.parse(played.group("card")), parse_cell(played.group("cell")))


@dataclass(frozen=True)
class Setup:
    """How a game is played: the mode, the hand size, (cooperative) the turn counters and
    how many face-up cards a space holds. The game's own numbers are its game file's
    (`kitgen.games.scaffold.load.standard_setup`); a set-up may change any of them."""

    mode: Mode
    hand_size: int
    turns: int
    cap: int

    @property
    def board(self) -> Board:
        """The board of this mode."""
        return BOARDS[self.mode]

    @property
    def cooperative(self) -> bool:
        """Whether this is the cooperative game."""
        return self.mode == "cooperative"


@dataclass(frozen=True)
class State:
    """A position in a game. Immutable: apply returns a new one."""

    stacks: tuple[Stack, ...]  # one per cell of the 5x5 grid
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]  # red's, black's
    deck: tuple[Card, ...]  # the draw pile, top first
    to_move: int = 0  # 0 red, 1 black
    turns_left: int = 0  # cooperative turn counters on the track
    ply: int = 0
    last: Move | None = None

    @property
    def mover(self) -> Colour:
        """The colour of the player to move."""
        return TEAMS[self.to_move]


class End(NamedTuple):
    """Why a game ended: a short code and the words for it."""

    code: str  # built, turns, no-cards, no-play
    text: str


@dataclass(frozen=True)
class Outcome:
    """A finished game: why it ended, the scores and the winner (None on a tie, and
    in the cooperative game, where the team shares one score)."""

    code: str  # built, turns, no-cards, no-play (as End.code)
    reason: str
    scores: dict[str, int]
    winner: Colour | None
    detail: CompetitiveScore | CooperativeScore = field(compare=False)


class Scaffold:
    """The Scaffold engine for one set-up."""

    id = "scaffold"

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.board = setup.board

    # --- set-up ---------------------------------------------------------------------
    def new_game(self, *, seed: int, rng: random.Random | None = None) -> State:
        """Shuffle the 52 cards by the seed, lay the board face down, turn up the
        centre, deal the hands (red first) and leave the rest as the draw pile."""
        order = list(range(52))
        shuffle(rng or random.Random(seed), order)
        cards = full_deck(jokers=False)
        shuffled = [cards[i] for i in order]
        spaces = self.board.spaces
        centre = shuffled[spaces.index(CENTRE)]
        rest = shuffled[len(spaces) :]
        n = self.setup.hand_size
        red, black = rest[0 : 2 * n : 2], rest[1 : 2 * n : 2]
        return self.deal(centre, red, black, rest[2 * n :])

    def deal(
        self, centre: Card, red: Sequence[Card], black: Sequence[Card], deck: Sequence[Card]
    ) -> State:
        """A given deal: the centre's card, each hand and the draw pile (top first)."""
        used = [centre, *red, *black, *deck]
        for card in used:
            if card.is_joker:
                raise IllegalMove(f"{card} cannot be dealt: the jokers only choose the teams")
        seen: set[Card] = set()
        for card in used:
            if card in seen:
                raise IllegalMove(f"{card} is dealt twice")
            seen.add(card)
        n = self.setup.hand_size
        for colour, hand in (("red", red), ("black", black)):
            if len(hand) != n:
                raise IllegalMove(f"{colour}'s hand holds {len(hand)} cards; the deal gives {n}")
        room = 52 - (len(self.board.spaces) - 1)
        if len(used) > room:
            raise IllegalMove(
                f"the deal uses {len(used)} cards, but only {room} are left once the"
                f" {len(self.board.spaces) - 1} face-down spaces are laid"
            )
        stacks: list[Stack] = [() for _ in range(25)]
        stacks[CENTRE] = (centre,)
        turns = self.setup.turns if self.setup.cooperative else 0
        return State(tuple(stacks), (tuple(red), tuple(black)), tuple(deck), 0, turns)

    # --- rules ------------------------------------------------------------------------
    def _side(self, state: State) -> Colour | None:
        return state.mover if self.setup.cooperative else None

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move, sorted: plays by space then card, then (cooperative, at the
        start of a turn) every trade."""
        if self._ended(state) is not None:
            return []
        return self._moves(state)

    def _moves(self, state: State) -> list[Move]:
        hand = state.hands[state.to_move]
        moves: list[Move] = [
            Play(card, cell)
            for card, cell in legal_plays(
                self.board, state.stacks, hand, self._side(state), cap=self.setup.cap
            )
        ]
        if self.can_trade(state):
            red, black = state.hands
            moves.extend(Trade(r, b) for r in sorted(set(red)) for b in sorted(set(black)))
        return moves

    def can_trade(self, state: State) -> bool:
        """Whether the team may trade now: cooperative, a turn's start, both holding cards."""
        return (
            self.setup.cooperative and state.to_move == 0 and all(len(h) > 0 for h in state.hands)
        )

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Why a move is not allowed now, or None."""
        ended = self._ended(state)
        if ended is not None:
            return f"the game is over: {ended.text}"
        if isinstance(move, Trade):
            if not self.setup.cooperative:
                return "trading is part of the cooperative game only"
            if state.to_move != 0:
                return "a trade takes a whole turn: it comes before red's play, not after"
            for colour, card, hand in zip(TEAMS, (move.red, move.black), state.hands, strict=True):
                if card not in hand:
                    return f"{card} is not in {colour}'s hand"
            return None
        if move.card not in state.hands[state.to_move]:
            return f"{move.card} is not in {state.mover}'s hand"
        side = self._side(state)
        return why_not(self.board, state.stacks, move.card, move.cell, side, cap=self.setup.cap)

    def apply(self, state: State, move: Move) -> State:
        """The position after a move; IllegalMove names the rule a bad move breaks."""
        problem = self.why_illegal(state, move)
        if problem is not None:
            raise IllegalMove(problem)
        hands = [list(h) for h in state.hands]
        if isinstance(move, Trade):
            hands[0].remove(move.red)
            hands[1].remove(move.black)
            hands[0].append(move.black)
            hands[1].append(move.red)
            return State(
                state.stacks,
                (tuple(hands[0]), tuple(hands[1])),
                state.deck,
                0,
                state.turns_left - 1,
                state.ply + 1,
                move,
            )
        mover = state.to_move
        hands[mover].remove(move.card)
        deck = state.deck
        if deck:
            hands[mover].append(deck[0])
            deck = deck[1:]
        stacks = list(state.stacks)
        stacks[move.cell] = (*stacks[move.cell], move.card)
        turns = state.turns_left
        if self.setup.cooperative and mover == 1:
            turns -= 1  # black's play ends the turn
        return State(
            tuple(stacks),
            (tuple(hands[0]), tuple(hands[1])),
            deck,
            1 - mover,
            turns,
            state.ply + 1,
            move,
        )

    def _ended(self, state: State) -> End | None:
        """Why the game is over, or None while it goes on."""
        board = self.board
        if self.setup.cooperative:
            if score_cooperative(board, state.stacks, 0).complete:
                return End("built", "every side space shows its side's colour")
            if state.turns_left <= 0 and state.to_move == 0:
                return End("turns", "the turn counters ran out")
        elif all(state.stacks[c] for c in board.spaces):
            return End("built", f"all {len(board.spaces)} spaces are constructed")
        # A player with no cards ends the game (RULES.md), whoever is to move: the play
        # that uses a player's last card is the last of the game.
        for seat in (1 - state.to_move, state.to_move):
            if not state.hands[seat]:
                return End("no-cards", f"{TEAMS[seat]} has no cards left")
        side = self._side(state)
        if not self.can_trade(state) and not has_play(
            self.board, state.stacks, state.hands[state.to_move], side, cap=self.setup.cap
        ):
            return End("no-play", f"{state.mover} has no legal play")
        return None

    def outcome(self, state: State) -> Outcome | None:
        """Why the game ended, the scores and the winner; None while it goes on."""
        end = self._ended(state)
        if end is None:
            return None
        if not self.setup.cooperative:
            detail = score_competitive(self.board, state.stacks)
            scores = {"red": len(detail.red), "black": len(detail.black)}
            return Outcome(end.code, end.text, scores, detail.winner, detail)
        turns = state.turns_left
        # Black's play (or a trade) has just finished a turn and taken its counter off.
        between_turns = state.to_move == 0 and end.code in ("built", "turns", "no-cards")
        if not between_turns:
            turns -= 1  # the game ends inside a turn: that turn's counter comes off too
        coop = score_cooperative(self.board, state.stacks, max(turns, 0))
        return Outcome(end.code, end.text, {"team": coop.total}, None, coop)


# --- players ----------------------------------------------------------------------------

Player = Callable[[Scaffold, State, random.Random], Move]


def random_move(engine: Scaffold, state: State, rng: random.Random) -> Move:
    """Any legal move, uniformly (a trade is one move among the plays)."""
    moves = engine.legal_moves(state)
    return moves[draw(rng, len(moves))]


def _best(keyed: Sequence[tuple[tuple[float, ...], Move]], rng: random.Random) -> Move:
    top_key = max(k for k, _ in keyed)
    best = [m for k, m in keyed if k == top_key]
    return best[draw(rng, len(best))]


def _competitive_key(engine: Scaffold, state: State, play: Play) -> tuple[float, ...]:
    """The competitive greedy player's measure of a play, written plainly: spaces ahead
    after it, own capped spaces, then the lowest card. `_competitive_keys` works out
    the same from one count of the board."""
    stacks = list(state.stacks)
    stacks[play.cell] = (*stacks[play.cell], play.card)
    me = state.mover
    score = score_competitive(engine.board, stacks)
    mine, theirs = (score.red, score.black) if me == "red" else (score.black, score.red)
    capped = sum(1 for c in mine if len(stacks[c]) >= 3)
    return (len(mine) - len(theirs), capped, -value(play.card))


def _competitive_keys(
    engine: Scaffold, state: State, plays: Sequence[Play]
) -> list[tuple[tuple[float, ...], Move]]:
    """Each play with `_competitive_key`: the board counted once, then for each play
    only the space it tops changes."""
    me = state.mover
    stacks = state.stacks
    lead = capped = 0  # spaces ahead, and own capped spaces, now
    for cell in engine.board.spaces:
        stack = stacks[cell]
        if stack:
            if stack[-1].colour == me:
                lead += 1
                if len(stack) >= 3:
                    capped += 1
            else:
                lead -= 1
    out: list[tuple[tuple[float, ...], Move]] = []
    for play in plays:
        stack = stacks[play.cell]
        ahead, held = lead, capped
        if stack:  # the space's top card changes hands, or stays
            if stack[-1].colour == me:
                ahead -= 1
                if len(stack) >= 3:
                    held -= 1
            else:
                ahead += 1
        if play.card.colour == me:
            ahead += 1
            if len(stack) >= 2:  # three cards once the play lands
                held += 1
        else:
            ahead -= 1
        out.append(((ahead, held, -value(play.card)), play))
    return out


def _cooperative_key(engine: Scaffold, state: State, play: Play) -> tuple[float, ...]:
    stacks = list(state.stacks)
    stacks[play.cell] = (*stacks[play.cell], play.card)
    score = score_cooperative(engine.board, stacks, 0)
    right_colour = play.card.colour == state.mover
    return (
        -len(score.wrong) - len(score.unconstructed),
        right_colour,
        -distance(play.cell),
        value(play.card) if right_colour else -value(play.card),
    )


def _giveaway(hand: Sequence[Card], keep: Colour) -> Card:
    """The card a player gives blind: their best card of the other colour, else their lowest."""
    others = [c for c in hand if c.colour != keep]
    if others:
        return max(others, key=lambda c: (value(c), c))
    return min(hand, key=lambda c: (value(c), c))


def greedy_move(engine: Scaffold, state: State, rng: random.Random) -> Move:
    """The play that looks best now for the player's side (ties broken by `rng`).

    Competitive: the most spaces ahead, then the most own capped spaces, then the
    lowest card. Cooperative: the most correct side spaces, then own-colour cards,
    inner spaces first; a team whose every play would spoil the board at the start
    of a turn trades instead (each player choosing the card to give from their own
    hand only: the trade is blind).
    """
    moves = engine.legal_moves(state)
    plays = [m for m in moves if isinstance(m, Play)]
    if not engine.setup.cooperative:
        return _best(_competitive_keys(engine, state, plays), rng)
    board = engine.board
    now = score_cooperative(board, state.stacks, 0)
    now_key = -len(now.wrong) - len(now.unconstructed)
    keyed = [(_cooperative_key(engine, state, p), p) for p in plays]
    keeps = any(k[0] >= now_key for k, _ in keyed)
    red, black = state.hands
    if engine.can_trade(state) and not keeps:
        return Trade(_giveaway(red, "red"), _giveaway(black, "black"))
    if not keyed:
        return moves[draw(rng, len(moves))]
    return _best(keyed, rng)


PLAYERS: dict[str, Player] = {"random": random_move, "greedy": greedy_move}


def play_game(
    engine: Scaffold, players: Sequence[str], *, seed: int
) -> tuple[list[State], Outcome]:
    """Play a seeded game (players: red's, then black's); every state and the outcome."""
    rng = random.Random(seed)
    state = engine.new_game(seed=seed, rng=rng)
    states = [state]
    while (result := engine.outcome(state)) is None:
        move = PLAYERS[players[state.to_move]](engine, state, rng)
        state = engine.apply(state, move)
        states.append(state)
    return states, result


__all__ = [
    "PLAYERS",
    "TEAMS",
    "IllegalMove",
    "Move",
    "Outcome",
    "Play",
    "Scaffold",
    "Setup",
    "State",
    "Trade",
    "greedy_move",
    "parse_move",
    "play_game",
    "random_move",
    "top",
]
