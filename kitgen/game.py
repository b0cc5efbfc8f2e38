"""The contract every rules engine keeps (issue 40): one `Outcome` for every game, the
`Engine` protocol generic machinery drives (random playouts, replays, simulations),
and `playout`, the random game it plays.

Pure: no I/O, no drawing, no game named. A game's package makes its engine (its
`engine` capability in kitgen.registry, "module:attr" of a factory) from its own
set-up; the core and the contract test (tests/test_game_contract.py) drive it
through these names alone, as OpenSpiel's `random_sim_test` drives every game of
its registry through one State API.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

S = TypeVar("S")  # a game's state (immutable: `apply` returns a new one)
M = TypeVar("M", bound=Hashable)  # a game's move (hashable: legal moves are told apart)


@dataclass(frozen=True)
class Outcome:
    """How a game ended, for every game: the seats that won (one; several on a tie; none
    when nobody did: a cooperative game lost, a game stopped at its limit), each seat's
    score (a cooperative game's team score once, and for one seat), a short stable
    `code` (`won`, `built`, `round-limit`, ...) and the reason in words."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    code: str
    reason: str

    @property
    def tie(self) -> bool:
        """Whether more than one seat shares the win."""
        return len(self.winners) > 1

    @property
    def winner(self) -> int | None:
        """The one seat that won, or None (a tie, or nobody)."""
        return self.winners[0] if len(self.winners) == 1 else None


class Engine(Protocol[S, M]):
    """A rules engine as the core drives it: a new game from a seed, the legal moves
    (sorted, deterministic), a move applied (a new state; ValueError naming the rule
    for an illegal one), whose turn it is, the outcome once the game is over, and
    moves as the short text of records."""

    @property
    def players(self) -> int:
        """Seats at the table."""
        ...

    def new_game(self, seed: int) -> S:
        """A game set up and dealt by the seed (the same seed, the same game)."""
        ...

    def legal_moves(self, state: S) -> list[M]:
        """Every move the player to move may make, in a fixed order; [] once over."""
        ...

    def apply(self, state: S, move: M) -> S:
        """The state after a legal move."""
        ...

    def to_move(self, state: S) -> int | None:
        """The seat to move; None once the game is over."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """How the game ended; None while it goes on."""
        ...

    def move_text(self, move: M) -> str:
        """A move as a record writes it."""
        ...

    def parse_move(self, text: str) -> M:
        """A move from its text (ValueError for text that is no move)."""
        ...


class Wrapping(Generic[S, M]):
    """The contract over an engine of a game's own (`game`) that already has
    `new_game(seed=...)`, `legal_moves` and `apply`, and moves that print as their
    text: a game's contract class adds whose turn it is, the outcome, and how its moves
    are read."""

    game: Any

    def new_game(self, seed: int) -> S:
        made: S = self.game.new_game(seed=seed)
        return made

    def legal_moves(self, state: S) -> list[M]:
        moves: list[M] = self.game.legal_moves(state)
        return moves

    def apply(self, state: S, move: M) -> S:
        after: S = self.game.apply(state, move)
        return after

    def move_text(self, move: M) -> str:
        return str(move)


MAX_PLIES = 100_000  # a playout longer than this is an engine that never ends


@dataclass(frozen=True)
class Playout:
    """A game played to its end: its moves, as played, and how it ended."""

    moves: tuple[str, ...]
    outcome: Outcome


def playout(engine: Engine[S, M], seed: int) -> Playout:
    """A game from `engine.new_game(seed)` to its end, each move chosen at random from
    the legal ones (a random.Random of the seed): its moves as text and its outcome.
    RuntimeError for a game that breaks the contract (no move but no outcome, an
    outcome with moves left, a game that does not end)."""
    rng = random.Random(seed)
    state = engine.new_game(seed)
    played: list[str] = []
    for _ in range(MAX_PLIES):
        ended = engine.outcome(state)
        moves = engine.legal_moves(state)
        if ended is not None:
            if moves or engine.to_move(state) is not None:
                raise RuntimeError(f"the game is over after {len(played)} moves, yet moves go on")
            return Playout(tuple(played), ended)
        if not moves:
            raise RuntimeError(f"no legal move after {len(played)} moves, and no outcome")
        move = moves[rng.randrange(len(moves))]
        played.append(engine.move_text(move))
        state = engine.apply(state, move)
    raise RuntimeError(f"the game did not end in {MAX_PLIES:,} moves")


def replay(engine: Engine[S, M], seed: int, moves: Sequence[str]) -> Outcome | None:
    """The outcome of a game of `engine.new_game(seed)` whose moves are read back from
    their text (ValueError for text that is no move, or a move that is not legal)."""
    state = engine.new_game(seed)
    for text in moves:
        move = engine.parse_move(text)
        if move not in engine.legal_moves(state):
            raise ValueError(f"{text!r} is not a legal move here")
        state = engine.apply(state, move)
    return engine.outcome(state)
