"""The rules-engine contract (kitgen.game), held over every registered game with an
engine and every set-up of it, as OpenSpiel's random_sim_test holds its games: random
playouts to the end from many seeds raise nothing, play only legal moves and end with
a consistent outcome; a playout's moves, written and read back, replay to the same
outcome; the same seed plays the same game."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from kitgen import registry
from kitgen.game import Engine, Outcome, playout, replay

SEEDS = range(5)  # (each a whole game played, replayed and its moves read back)


def _set_ups() -> list[tuple[str, str]]:
    out = []
    for game_id in registry.builtin_ids():
        game = registry.find(game_id)
        assert game is not None
        out += [(game_id, name) for name in game.engines()]
    return out


SET_UPS = _set_ups()


def engine(game_id: str, set_up: str) -> Engine[object, object]:
    game = registry.find(game_id)
    assert game is not None
    made: Engine[object, object] = game.engines()[set_up]()
    return made


def test_every_built_in_game_with_rules_has_an_engine() -> None:
    with_engines = {game_id for game_id, _ in SET_UPS}
    assert with_engines == {"scratch", "shapeup", "scaffold", "staircase", "galliard"}
    designed = registry.find("designed")
    assert designed is None or designed.engines() == {}


@pytest.mark.parametrize(("game_id", "set_up"), SET_UPS, ids=[f"{g}-{s}" for g, s in SET_UPS])
def test_random_playouts_keep_the_contract(game_id: str, set_up: str) -> None:
    made = engine(game_id, set_up)
    assert made.players >= 1
    for seed in SEEDS:
        state = made.new_game(seed)
        assert made.to_move(state) in range(made.players)
        moves = made.legal_moves(state)
        assert moves and len(set(moves)) == len(moves)  # (every move told apart)
        assert moves == made.legal_moves(made.new_game(seed))  # (deterministic)
        for move in moves[:20]:  # each move's text reads back as that move
            assert made.parse_move(made.move_text(move)) == move
        played = playout(made, seed)
        ended = played.outcome
        assert isinstance(ended, Outcome)
        assert all(seat in range(made.players) for seat in ended.winners)
        assert len(set(ended.winners)) == len(ended.winners)
        assert ended.code and ended.reason
        if ended.scores and len(ended.scores) == made.players:
            best = max(ended.scores)  # (a scored game's winners have its best score)
            assert all(ended.scores[seat] == best for seat in ended.winners)
        assert replay(made, seed, played.moves) == ended
        if seed == SEEDS[0]:
            assert playout(made, seed) == played  # (the same seed, the same game)


@pytest.mark.parametrize(
    ("game_id", "set_up"), SET_UPS[:3], ids=[f"{g}-{s}" for g, s in SET_UPS[:3]]
)
def test_a_move_that_is_not_legal_does_not_replay(game_id: str, set_up: str) -> None:
    made = engine(game_id, set_up)
    played = playout(made, 1)
    assert len(played.moves) >= 2
    with pytest.raises(ValueError):
        replay(made, 1, [played.moves[1], played.moves[0], *played.moves[2:]])
    with pytest.raises(ValueError):
        replay(made, 1, ["not a move at all"])


def test_an_outside_games_engine_keeps_the_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game (tests/toygame/, an outside package) is held to it too."""
    monkeypatch.syspath_prepend(str(Path(__file__).parent / "toygame"))
    toy = importlib.import_module("kitgen_fifteen")
    engines = toy.GAME.engines()
    assert list(engines) == ["standard"]
    made = engines["standard"]()
    outcomes = set()
    for seed in range(40):
        played = playout(made, seed)
        assert replay(made, seed, played.moves) == played.outcome
        outcomes.add(played.outcome.code)
    assert outcomes == {"won", "draw"}  # (forty random games see both)


def test_outcome_says_who_won() -> None:
    assert Outcome((1,), (3, 5), "won", "more points").winner == 1
    tie = Outcome((0, 1), (4, 4), "scored", "a tie")
    assert tie.tie and tie.winner is None
    assert Outcome((), (7,), "turns", "the team ran out of turns").winner is None
