"""Fifteen under kitgen's rules-engine contract (kitgen.game): an outside game's
engine, driven by kitgen's contract test as the built-in games' are."""

from __future__ import annotations

from collections.abc import Callable

from kitgen.api import Outcome
from kitgen_fifteen import rules
from kitgen_fifteen.rules import Move, State


class FifteenEngine:
    """A game of Fifteen: the first to hold three cards that make 15 wins."""

    players = 2

    def new_game(self, seed: int) -> State:
        del seed  # (nothing is dealt: every game starts alike)
        return State()

    def legal_moves(self, state: State) -> list[Move]:
        return rules.legal_moves(state)

    def apply(self, state: State, move: Move) -> State:
        return rules.apply(state, move)

    def to_move(self, state: State) -> int | None:
        return None if rules.outcome(state) is not None else state.to_move

    def outcome(self, state: State) -> Outcome | None:
        ended = rules.outcome(state)
        if ended is None:
            return None
        winners = () if ended.winner is None else (rules.PLAYERS.index(ended.winner),)
        return Outcome(winners, (), "won" if winners else "draw", ended.reason)

    def move_text(self, move: Move) -> str:
        return str(move)

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)


ENGINES: dict[str, Callable[[], FifteenEngine]] = {"standard": FifteenEngine}
