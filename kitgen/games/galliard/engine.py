"""Galliard under the rules-engine contract (kitgen.game)."""

from __future__ import annotations

from collections.abc import Callable

from kitgen.api import Outcome, Wrapping
from kitgen.games.galliard.load import standard_setup
from kitgen.games.galliard.play import Galliard, Move, Setup, State, parse_move


class GalliardEngine(Wrapping[State, Move]):
    """A game of Galliard as the core drives a game: no scores (a game is won, or
    stopped at the round limit with no winner)."""

    game: Galliard

    players = 2

    def __init__(self, setup: Setup) -> None:
        self.game = Galliard(setup)

    def to_move(self, state: State) -> int | None:
        return None if state.phase == "over" else state.to_move

    def outcome(self, state: State) -> Outcome | None:
        ended = self.game.outcome(state)
        if ended is None:
            return None
        winners = () if ended.winner is None else (ended.winner,)
        return Outcome(winners, (), ended.code, ended.reason)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)


ENGINES: dict[str, Callable[[], GalliardEngine]] = {
    "standard": lambda: GalliardEngine(standard_setup())
}
