"""Scaffold under the rules-engine contract (kitgen.game): the competitive game and
the cooperative one."""

from __future__ import annotations

from collections.abc import Callable

from kitgen.api import Outcome, Wrapping
from kitgen.games.scaffold.load import standard_setup
from kitgen.games.scaffold.play import TEAMS, Move, Scaffold, Setup, State, parse_move


class ScaffoldEngine(Wrapping[State, Move]):
    """A game of Scaffold as the core drives a game: red is seat 0, black seat 1; the
    competitive game's winner by its scores, the cooperative game's team score once
    (for seat 0) and no winner."""

    game: Scaffold

    players = 2

    def __init__(self, setup: Setup) -> None:
        self.game = Scaffold(setup)
        self.setup = setup

    def legal_moves(self, state: State) -> list[Move]:
        return [] if self.game.outcome(state) is not None else self.game.legal_moves(state)

    def to_move(self, state: State) -> int | None:
        return None if self.game.outcome(state) is not None else state.to_move

    def outcome(self, state: State) -> Outcome | None:
        ended = self.game.outcome(state)
        if ended is None:
            return None
        if self.setup.cooperative:
            return Outcome((), (ended.scores["team"],), ended.code, ended.reason)
        scores = tuple(ended.scores[team] for team in TEAMS)
        winners = () if ended.winner is None else (TEAMS.index(ended.winner),)
        return Outcome(winners, scores, ended.code, ended.reason)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)


ENGINES: dict[str, Callable[[], ScaffoldEngine]] = {
    "competitive": lambda: ScaffoldEngine(standard_setup("competitive")),
    "cooperative": lambda: ScaffoldEngine(standard_setup("cooperative")),
}
