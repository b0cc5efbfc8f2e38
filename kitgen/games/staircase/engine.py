"""The Staircase game under the rules-engine contract (kitgen.game): 2 to 5 players,
with or without the interfere rule."""

from __future__ import annotations

from collections.abc import Callable

from kitgen.api import Outcome, Wrapping
from kitgen.games.staircase.load import player_range, standard_setup
from kitgen.games.staircase.play import Move, Setup, Staircase, State, move_text, parse_move


class StaircaseEngine(Wrapping[State, Move]):
    """A game of the Staircase game as the core drives a game: the seat that must move
    (the chosen player while an interfere waits), the best totals winning."""

    game: Staircase

    def __init__(self, setup: Setup) -> None:
        self.game = Staircase(setup)
        self.players = setup.players

    def to_move(self, state: State) -> int | None:
        return None if state.over else state.mover

    def outcome(self, state: State) -> Outcome | None:
        ended = self.game.outcome(state)
        if ended is None:
            return None
        best = max(ended.scores)
        return Outcome(ended.winners, ended.scores, "scored", f"the best total, {best} points")

    def move_text(self, move: Move) -> str:
        return move_text(move)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)


def _engine(players: int, interfere: bool) -> Callable[[], StaircaseEngine]:
    return lambda: StaircaseEngine(standard_setup(players, interfere=interfere))


# One set-up for every number of players the game file allows, with and without interfere.
ENGINES: dict[str, Callable[[], StaircaseEngine]] = {
    f"{players}p{'-interfere' if interfere else ''}": _engine(players, interfere)
    for players in range(player_range()[0], player_range()[1] + 1)
    for interfere in (False, True)
}
