"""Scratch players: legal, reproducible, and each stronger than the last."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_scratch_engine import DECKS, FILLER, position

from kitgen.games.scratch.load import official
from kitgen.games.scratch.play import Catalog, IllegalMove, Match, Move, Outcome, Scratch
from kitgen.games.scratch.players import (
    GreedyPlayer,
    MonteCarloPlayer,
    Player,
    RandomPlayer,
    play_game,
    play_match,
    run_match,
)

OFF = official()
ENGINE = Scratch(Catalog(OFF.pool), OFF.params)
A, B = DECKS[0], DECKS[2]  # the engine tests' sample decks


def wins(first: Player, second: Player, games: int) -> Counter[str]:
    """Seats and decks alternate, so neither side keeps an advantage."""
    tally: Counter[str] = Counter()
    for i in range(games):
        seats = (first, second) if i % 2 == 0 else (second, first)
        decks = (A, B) if i % 4 < 2 else (B, A)
        outcome = play_game(ENGINE, decks, seats, seed=i)[-1].outcome
        assert outcome is not None
        tally[seats[outcome.winner].name] += 1
    return tally


def test_random_player_plays_legal_moves_reproducibly() -> None:
    first = [
        s.last for s in play_game(ENGINE, (A, B), (RandomPlayer(), RandomPlayer()), seed=5)[1:]
    ]
    again = [
        s.last for s in play_game(ENGINE, (A, B), (RandomPlayer(), RandomPlayer()), seed=5)[1:]
    ]
    assert first == again and first
    state = ENGINE.new_game((A, B), seed=5)
    for move in first:  # every recorded move replays through the checked apply
        assert move is not None
        state = ENGINE.apply(state, Move.parse(str(move)))
    assert state.outcome is not None


def test_greedy_takes_a_win_and_a_capture() -> None:
    rng = random.Random(1)
    board = [["Worg P1", "Worg P1", "."], [".", ".", "."], [".", ".", "."]]
    state = position(board, (["Goblin", "Worg"], FILLER))
    _, cell, _, _ = GreedyPlayer().choose(ENGINE, state, rng)
    assert cell == 2  # completes the top row
    board = [[".", ".", "."], [".", "Goblin P2", "."], [".", ".", "."]]
    state = position(board, (["Worg", "Knight"], FILLER))
    move = GreedyPlayer().choose(ENGINE, state, rng)
    after = ENGINE.apply_raw(state, *move)
    assert after.owner[4] == 0  # it captured the Goblin


def test_greedy_beats_random_clearly() -> None:
    tally = wins(GreedyPlayer(), RandomPlayer(), 200)
    assert tally["greedy"] >= 170, tally


def test_montecarlo_beats_greedy_clearly() -> None:
    tally = wins(MonteCarloPlayer(budget=200), GreedyPlayer(), 60)
    assert tally["montecarlo"] >= 40, tally


def test_match_scores_and_who_chooses() -> None:
    match = Match(5)
    assert match.winner is None and match.chooser() is None  # level: a coin decides
    match = match.after(0, Outcome(0, 3, "three in a line holding every card"))
    assert match.points == (3, 0) and match.chooser() == 1  # the player behind chooses
    match = match.after(1, Outcome(1, 3, "full board: the last card captured"))
    assert match.points == (3, 3) and match.chooser() is None
    match = match.after(0, Outcome(0, 2, "three in a line"))
    assert match.winner == 0 and [first for first, _ in match.games] == [0, 1, 0]
    with pytest.raises(IllegalMove):
        match.after(0, Outcome(1, 2, "three in a line"))


class Picky(RandomPlayer):
    """A random player that always chooses the same way."""

    def __init__(self, first: bool) -> None:
        self.first = first

    def wants_first(self, rng: random.Random) -> bool:
        return self.first


class Script:
    """Stands in for playing a game: records who started, returns the next result."""

    def __init__(self, winners: list[int], points: int = 2) -> None:
        self.results = iter(Outcome(w, points, "three in a line") for w in winners)
        self.firsts: list[int] = []

    def __call__(self, first: int, seed: int) -> Outcome:
        self.firsts.append(first)
        return next(self.results)


def test_the_player_behind_chooses_who_starts() -> None:
    for wants_first, expected in ((True, [1, 1, 1]), (False, [0, 0, 0])):
        script = Script([0, 0, 1, 1, 1])  # 2-0, 4-0, 4-2, 4-4, 4-6
        match = run_match(5, (Picky(wants_first), Picky(wants_first)), 3, script)
        assert match.points == (4, 6) and match.winner == 1 and len(script.firsts) == 5
        # Games 2 to 4: P2 is behind and chooses (to start, or to let P1 start).
        assert script.firsts[1:4] == expected
    # Level scores: a coin from the match's seed picks the chooser, so over many
    # seeds both players get to choose the first game.
    chosen = set()
    for seed in range(20):
        script = Script([0, 0], points=3)
        run_match(5, (Picky(True), Picky(True)), seed, script)
        chosen.add(script.firsts[0])
    assert chosen == {0, 1}


def test_play_match_reaches_the_target_reproducibly() -> None:
    players = (GreedyPlayer(), GreedyPlayer())  # each starts whenever it chooses
    match, games = play_match(ENGINE, (A, B), players, seed=4)
    again, _ = play_match(ENGINE, (A, B), players, seed=4)
    assert match == again and len(games) == len(match.games) >= 2
    assert max(match.points) >= 5 and min(match.points) < 5
    total = [0, 0]
    for states, (first, outcome) in zip(games, match.games, strict=True):
        assert states[0].to_move == first and states[-1].outcome == outcome
        # Both decks are dealt in full again for every game.
        assert len(states[0].hands[0]) + len(states[0].decks[0]) == len(A)
        if total[0] != total[1]:
            assert first == (0 if total[0] < total[1] else 1)  # the player behind
        total[outcome.winner] += outcome.points
    assert tuple(total) == match.points
