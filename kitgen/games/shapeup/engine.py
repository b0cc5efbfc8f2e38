"""Shape Up! under the rules-engine contract (kitgen.game): one round of a set-up."""

from __future__ import annotations

from collections.abc import Callable

from kitgen.api import Outcome, Wrapping
from kitgen.games.shapeup.load import setups
from kitgen.games.shapeup.play import Move, ShapeUp, State
from kitgen.games.shapeup.rules import Setup


class ShapeUpEngine(Wrapping[State, Move]):
    """A round of Shape Up! as the core drives a game: the highest score wins (a tie:
    every seat with it)."""

    game: ShapeUp

    def __init__(self, setup: Setup) -> None:
        self.game = ShapeUp(setup)
        self.players = setup.players

    def to_move(self, state: State) -> int | None:
        return None if self.game.over(state) else state.to_move

    def outcome(self, state: State) -> Outcome | None:
        result = self.game.outcome(state)
        if result is None:
            return None
        best = max(result.scores)
        winners = tuple(seat for seat, score in enumerate(result.scores) if score == best)
        return Outcome(winners, result.scores, "scored", f"the best score, {best} points")

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)


def _engine(setup: Setup) -> Callable[[], ShapeUpEngine]:
    return lambda: ShapeUpEngine(setup)


# Each set-up's engine, by its name (`kitgen simulate shapeup --setup`).
ENGINES: dict[str, Callable[[], ShapeUpEngine]] = {
    name: _engine(setup) for name, setup in setups().items()
}
