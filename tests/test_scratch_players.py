"""Scratch players: legal, reproducible, and each stronger than the last."""

from __future__ import annotations

import random
from collections import Counter

from test_scratch_engine import DECKS, FILLER, position

from kitgen.load.scratch import official
from kitgen.rules.scratch_play import Catalog, Move, Scratch
from kitgen.rules.scratch_players import (
    GreedyPlayer,
    Player,
    RandomPlayer,
    SearchPlayer,
    play_game,
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


def test_search_beats_greedy_clearly() -> None:
    tally = wins(SearchPlayer(budget=200), GreedyPlayer(), 60)
    assert tally["search"] >= 40, tally
