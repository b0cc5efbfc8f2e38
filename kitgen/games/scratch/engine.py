"""Scratch: Draw the Line under the rules-engine contract (kitgen.game): a game between
two of the shipped decks."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kitgen.api import Outcome, Wrapping
from kitgen.games.scratch.play import Move, Scratch, State

# The shipped decks played against each other (data/scratch/decks/), by the set-up's name.
PAIRS = {
    "hold-the-line v monster-rush": ("hold-the-line", "monster-rush"),
    "royal-court v swap-and-flip": ("royal-court", "swap-and-flip"),
}


class ScratchEngine(Wrapping[State, Move]):
    """A game of Scratch between two decks as the core drives a game: the winner scores
    the points the game is worth (the other seat none)."""

    game: Scratch

    players = 2

    def __init__(self, game: Scratch, decks: tuple[Sequence[str], Sequence[str]]) -> None:
        self.game = game
        self.decks = decks

    def new_game(self, seed: int) -> State:
        return self.game.new_game(self.decks, seed=seed)

    def legal_moves(self, state: State) -> list[Move]:
        return [] if state.outcome is not None else self.game.legal_moves(state)

    def to_move(self, state: State) -> int | None:
        return None if state.outcome is not None else state.to_move

    def outcome(self, state: State) -> Outcome | None:
        ended = self.game.outcome(state)
        if ended is None:
            return None
        scores = tuple(ended.points if seat == ended.winner else 0 for seat in range(2))
        return Outcome((ended.winner,), scores, "won", ended.reason)

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)


def _engine(first: str, second: str) -> Callable[[], ScratchEngine]:
    def make() -> ScratchEngine:
        from kitgen.api import game_dir
        from kitgen.games.scratch.simulate import _setup

        folder = game_dir("scratch") / "decks"
        game, decks, _ = _setup((str(folder / f"{first}.yaml"), str(folder / f"{second}.yaml")))
        return ScratchEngine(game, decks)

    return make


ENGINES: dict[str, Callable[[], ScratchEngine]] = {
    name: _engine(*pair) for name, pair in PAIRS.items()
}
