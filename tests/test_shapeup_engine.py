"""The Shape Up! engine: deals, legal turns, moves at the box limits, rounds and players."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from kitgen.games.shapeup.load import setups
from kitgen.games.shapeup.model import Card, card_set
from kitgen.games.shapeup.play import (
    IllegalMove,
    Move,
    ShapeUp,
    State,
    greedy_move,
    play_round,
    random_move,
)
from kitgen.games.shapeup.rules import bounds, points_by_attribute, score, total

TWO = ShapeUp(setups()["2p-18"])


def table_state(engine: ShapeUp, rows: list[str], top: str) -> State:
    """A crafted round: `X` cells hold cards in set order, the top card of the deck given."""
    cards = [c for c in card_set(engine.setup.set_size) if str(c) != top]
    table = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "X":
                table.append(((x, y), cards.pop(0)))
    deck = (Card.parse(top), *cards[engine.setup.players + 1 :])
    hands = tuple((cards[1 + p],) for p in range(engine.setup.players))
    return State(tuple(table), deck, hands, cards[0], 0, len(table))


def test_deals_use_every_card_once() -> None:
    for setup in setups().values():
        engine = ShapeUp(setup)
        state = engine.new_game(seed=7)
        held = [*state.deck, state.aside, *(c for h in state.hands for c in h)]
        assert Counter(held) == Counter(card_set(setup.set_size))
        assert all(len(h) == setup.hand for h in state.hands)
    assert TWO.new_game(seed=7) == TWO.new_game(seed=7) != TWO.new_game(seed=8)


def test_moves_round_trip_and_parse_errors() -> None:
    for text in (
        "blue hollow circle@0,0",
        "red solid star@-1,2; move 0,0>1,0",
        "move 0,0>0,-1; green solid square@1,0",
    ):
        move = Move.parse(text)
        assert str(move) == text and Move.parse(str(move)) == move
    assert Move.parse("Hollow Blue Circle @ 1 , 0") == Move(
        Card("blue", "hollow", "circle"), (1, 0)
    )
    for bad in ("blue hollow circle", "move 0,0>1,0", "a@0,0", "x@0,0; move 1,1>2,2; move 0,0>1,1"):
        with pytest.raises(ValueError):
            Move.parse(bad)


def test_the_box_limits_plays_and_moves() -> None:
    # A full row of five: a sixth card in the row is out of the 5x3 box.
    state = table_state(TWO, ["XXXXX"], "red solid circle")
    card = state.deck[0]
    with pytest.raises(IllegalMove, match="5x3 or 3x5"):
        TWO.apply(state, Move(card, (5, 0)))
    after = TWO.apply(state, Move(card, (2, 1)))
    assert after.cards[(2, 1)] == card
    # Three rows: a fourth row is out, whether by a play or by a move.
    state = table_state(TWO, ["XXXXX", "XXXXX", "XXXX."], "red solid circle")
    card = state.deck[0]
    with pytest.raises(IllegalMove, match="5x3"):
        TWO.apply(state, Move(card, (0, 3)))
    with pytest.raises(IllegalMove, match="cannot move"):
        TWO.apply(state, Move(card, (4, 2), ((0, 0), (0, 3))))
    legal = TWO.legal_moves(state)
    assert all(bounds({**state.cards, m.at: m.card}) is not None for m in legal)
    assert {m.at for m in legal if m.shift is None} == {(4, 2)}


def test_a_move_may_strand_other_cards_but_not_itself() -> None:
    # X X .        moving the middle card of a row of three away leaves the
    # . . .        left one with no neighbour: that is allowed.
    state = table_state(TWO, ["XXX"], "blue solid square")
    card = state.deck[0]
    after = TWO.apply(state, Move(card, (2, 1), ((1, 0), (3, 0))))
    assert set(after.cards) == {(0, 0), (2, 0), (3, 0), (2, 1)}
    with pytest.raises(IllegalMove, match="shares no side"):
        TWO.apply(state, Move(card, (2, 1), ((0, 0), (0, 2))))
    with pytest.raises(IllegalMove, match="just played"):
        TWO.apply(state, Move(card, (3, 0), ((3, 0), (3, 1))))
    with pytest.raises(IllegalMove, match="no card at"):
        TWO.apply(state, Move(card, (3, 0), ((4, 4), (3, 1)), True))
    with pytest.raises(IllegalMove, match="top card"):
        TWO.apply(state, Move(Card("red", "hollow", "star"), (3, 0)))


@pytest.mark.parametrize("setup", sorted(setups()))
def test_random_rounds_are_consistent(setup: str) -> None:
    engine = ShapeUp(setups()[setup])
    for seed in range(3 if "advanced" in setup else 6):
        states = play_round(engine, ["random"] * engine.setup.players, seed=seed, first=seed % 2)
        for before, after in itertools.pairwise(states):
            moves = engine.legal_moves(before)
            assert len(set(moves)) == len(moves)
            assert after.last in moves
            assert engine.apply(before, Move.parse(str(after.last))) == after
            for move in random.Random(seed).sample(moves, min(5, len(moves))):
                engine.apply(before, move)  # every listed move is legal
            held = [*after.deck, after.aside, *(c for h in after.hands for c in h)]
            held += [c for _, c in after.table]
            assert Counter(held) == Counter(card_set(engine.setup.set_size))
        final = states[-1]
        assert len(final.table) == engine.setup.to_play and engine.legal_moves(final) == []
        box = bounds(final.cards)
        assert box is not None and engine.setup.fits(box[2], box[3])
        result = engine.outcome(final)
        assert result is not None
        victory = engine.victory(final)
        assert all(len(h) == 1 for h in final.hands)
        assert result.scores == tuple(score(final.cards, v).total for v in victory)


def test_greedy_beats_random() -> None:
    wins = Counter()
    for seed in range(40):
        seats = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        result = TWO.outcome(play_round(TWO, seats, seed=seed)[-1])
        assert result is not None
        if result.winner is not None:
            wins[seats[result.winner]] += 1
    assert wins["greedy"] >= 3 * wins["random"], wins


def test_players_choose_legal_moves() -> None:
    state = TWO.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(6):
        for choose in (random_move, greedy_move):
            assert choose(TWO, state, rng) in TWO.legal_moves(state)
        state = TWO.apply(state, greedy_move(TWO, state, rng))


def test_spots_agree_with_placement_problem() -> None:
    from kitgen.games.shapeup.rules import placement_problem

    for setup in ("2p-18", "3p-24"):
        engine = ShapeUp(setups()[setup])
        for seed in range(3):
            for state in play_round(engine, ["random"] * engine.setup.players, seed=seed):
                cards = state.cards
                near = {
                    (x + dx, y + dy) for x, y in cards for dx in range(-2, 3) for dy in range(-2, 3)
                }
                expected = sorted(
                    (
                        p
                        for p in near | {(0, 0)}
                        if placement_problem(cards, p, engine.setup) is None
                    ),
                    key=lambda p: (p[1], p[0]),
                )
                assert engine.spots(cards) == expected


def test_totals_are_the_scores_lines_added_up() -> None:
    """`total`, the greedy player's and the outcome's measure, counts each run once as
    `score` lists it, for every victory card, on every table of random and greedy
    rounds and on tables of one attribute's runs only."""
    every = card_set(24)
    checked = runs = 0
    for setup, who in (("2p-18", "random"), ("3p-24", "greedy"), ("4p-24-advanced", "random")):
        engine = ShapeUp(setups()[setup])
        for seed in range(4):
            for state in play_round(engine, [who] * engine.setup.players, seed=seed):
                for victory in every:
                    scored = score(state.cards, victory)
                    assert total(state.cards, victory) == scored.total, (setup, seed, victory)
                    parts = points_by_attribute(state.cards, victory)
                    assert parts == tuple(
                        sum(line.points for line in scored.lines if line.attribute == attribute)
                        for attribute in ("colour", "fill", "shape")
                    )
                    checked += 1
                    runs += len(scored.lines)
    assert checked > 5_000 and runs > 5_000
    red = Card("red", "solid", "circle")
    line = {(x, 0): red for x in range(5)}  # a row of five: 6 + 5 + 4, and no column
    assert total(line, red) == score(line, red).total == 15
    assert points_by_attribute(line, red) == (6, 5, 4)
    assert total({}, red) == 0


def test_a_round_result_splits_each_score_by_attribute() -> None:
    engine = ShapeUp(setups()["3p-18"])
    for seed in range(5):
        states = play_round(engine, ["greedy"] * 3, seed=seed)
        result = engine.outcome(states[-1])
        assert result is not None and len(result.by_attribute) == 3
        for victory, parts, points in zip(
            engine.victory(states[-1]), result.by_attribute, result.scores, strict=True
        ):
            assert sum(parts) == points == score(states[-1].cards, victory).total


def test_a_full_game_adds_up_its_rounds() -> None:
    from kitgen.games.shapeup.play import default_rounds, play_game

    assert default_rounds(setups()["2p-18"]) == 4 and default_rounds(setups()["3p-24"]) == 3
    assert default_rounds(setups()["4p-24-advanced"]) == 4
    game = play_game(TWO, ["greedy", "random"], seed=9)
    assert [first for first, _ in game.rounds] == [0, 1, 0, 1]  # the first turn alternates
    assert game.totals == tuple(sum(r.scores[p] for _, r in game.rounds) for p in (0, 1))
    assert game.winner == (0 if game.totals[0] > game.totals[1] else 1)
    assert play_game(TWO, ["greedy", "random"], seed=9) == game
    three = ShapeUp(setups()["3p-18"])
    game = play_game(three, ["random"] * 3, seed=2, first=2)
    assert [first for first, _ in game.rounds] == [2, 0, 1]
