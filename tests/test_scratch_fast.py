"""The fast play-outs agree with the State engine, move for move and score for score."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from kitgen.games.scratch.fast import GREEDY, RANDOM, fast
from kitgen.games.scratch.load import official
from kitgen.games.scratch.play import Catalog, Scratch, State
from kitgen.games.scratch.players import (
    GreedyPlayer,
    Player,
    RandomPlayer,
    evaluate,
    play_fast,
    play_game,
    plies_of,
)
from kitgen.rules.base import draw

OFF = official()
ENGINE = Scratch(Catalog(OFF.pool), OFF.params)
NAMES = [c.name for c in ENGINE.catalog.cards]


def random_decks(rng: random.Random) -> tuple[list[str], list[str]]:
    """Two decks of ten drawn from every card, so that every power turns up."""
    return ([rng.choice(NAMES) for _ in range(10)], [rng.choice(NAMES) for _ in range(10)])


def test_greedy_scores_equal_evaluate_after_each_move() -> None:
    powers: Counter[str] = Counter()
    checked = 0
    for seed in range(300):
        rng = random.Random(seed)
        decks = random_decks(rng)
        state = ENGINE.new_game(decks, seed=seed, first=seed % 2)
        while state.outcome is None:
            moves = ENGINE.raw_moves(state)
            scored = fast(ENGINE).greedy_scores(state)
            assert [m for m, _ in scored] == moves
            for move, score in scored:
                after = ENGINE.apply_raw(state, *move)
                assert score == evaluate(ENGINE, after, state.to_move), (seed, move)
                power = ENGINE.catalog.cards[move[0]].power
                if after.outcome is None and power is not None:
                    powers[power] += 1
                checked += 1
            state = ENGINE.apply_raw(state, *moves[rng.randrange(len(moves))])
    assert checked > 10_000
    # Every power was scored in positions that play on, swaps and discards included.
    assert len(powers) == 9 and min(powers.values()) > 50, powers


def states_to_plies(states: list[State]) -> list[tuple[object, ...]]:
    out = []
    for before, after in itertools.pairwise(states):
        move = after.last
        assert move is not None
        captured = tuple(
            sorted(
                c
                for c, o, o2 in zip(before.cards, before.owner, after.owner, strict=True)
                if c >= 0 and o != o2
            )
        )
        out.append((before.to_move, move.card, move.cell, move.flip, move.swap, captured))
    return out


def test_fast_games_are_the_games_of_the_state_engine() -> None:
    players: dict[int, Player] = {RANDOM: RandomPlayer(), GREEDY: GreedyPlayer()}
    reasons: Counter[str] = Counter()
    for seed in range(600):
        rng = random.Random(seed)
        decks = random_decks(rng)
        kinds = ((RANDOM, RANDOM), (GREEDY, GREEDY), (RANDOM, GREEDY), (GREEDY, RANDOM))[seed % 4]
        first = rng.randrange(2)
        states = play_game(
            ENGINE, decks, (players[kinds[0]], players[kinds[1]]), seed=seed, first=first
        )
        indices = (
            [ENGINE.catalog.find(n) for n in decks[0]],
            [ENGINE.catalog.find(n) for n in decks[1]],
        )
        outcome, plies, opening = play_fast(ENGINE, indices, kinds, seed=seed, first=first)
        assert opening == states[0].hands
        assert outcome == states[-1].outcome, seed
        names = ENGINE.catalog.cards
        fast_plies = [
            (
                seat,
                names[card].name,
                cell,
                flip,
                None if swap < 0 else swap,
                tuple(sorted(captured)),
            )
            for seat, card, cell, flip, swap, captured, _ in plies
        ]
        assert fast_plies == states_to_plies(states), seed
        normal = [(*p[:5], tuple(sorted(p[5])), p[6]) for p in plies]
        assert plies_of(ENGINE, states) == normal
        insults = [tuple(names[v].name for v in p[6]) for p in plies]
        assert insults == [s.last.insults for s in states[1:] if s.last is not None]
        reasons[outcome.reason] += 1
    assert len(reasons) >= 5, reasons  # the games end every way there is


def test_a_finished_position_plays_no_further() -> None:
    state = ENGINE.new_game((["Worg"] * 10, ["Worg"] * 10), seed=1)
    while state.outcome is None:
        state = ENGINE.apply_raw(state, *ENGINE.raw_moves(state)[0])
    outcome, plies, hands = fast(ENGINE).play(state, (RANDOM, RANDOM), random.Random(1))
    assert outcome == state.outcome and plies == [] and hands == state.hands


def test_dealing_on_the_fast_path_plays_the_games_of_a_dealt_state() -> None:
    """`deal_play` deals into lists as `Scratch.deal` deals a State: same games by seed,
    a hand of uniques (stuck before the first card) included."""
    fp = fast(ENGINE)
    uniques = [c.name for c in ENGINE.catalog.cards if c.limit == "one-per-faction"]
    stuck = played = 0
    for seed in range(600):
        rng = random.Random(seed)
        decks = random_decks(rng)
        if seed % 50 == 0:
            decks = (uniques[:10], decks[1])  # every card a unique: the first player is stuck
        kinds = ((RANDOM, RANDOM), (GREEDY, GREEDY), (RANDOM, GREEDY), (GREEDY, RANDOM))[seed % 4]
        first = seed // 4 % 2
        indices = (
            [ENGINE.catalog.find(n) for n in decks[0]],
            [ENGINE.catalog.find(n) for n in decks[1]],
        )
        one = random.Random(seed)
        state = ENGINE.deal(indices, seed=seed, first=first, rng=one)
        expected = fast(ENGINE).play(state, kinds, one)
        two = random.Random()
        two.seed(seed)  # a generator seeded again draws as a new one
        got = fp.deal_play(indices, kinds, two, seed, first)
        assert got == expected, seed
        assert one.random() == two.random()  # and both drew as much
        if state.outcome is not None:
            stuck += 1
            assert got[1] == [] and got[0].reason == f"P{first + 1} has no card to play"
        else:
            played += 1
        if seed % 50 == 0 and first == 0:
            assert state.outcome is not None, seed
    assert stuck >= 6 and played > 500


def test_the_hands_remembered_change_no_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """FastPlay remembers each hand's distinct cards, and forgets them all past
    HANDS_KEPT: games are the same whatever it remembers."""
    import kitgen.games.scratch.fast as fast_module

    def games(play: fast_module.FastPlay) -> list[object]:
        out: list[object] = []
        for seed in range(150):
            decks = random_decks(random.Random(seed))
            indices = (
                [ENGINE.catalog.find(n) for n in decks[0]],
                [ENGINE.catalog.find(n) for n in decks[1]],
            )
            kinds = ((RANDOM, RANDOM), (GREEDY, RANDOM))[seed % 2]
            out.append(play.deal_play(indices, kinds, random.Random(seed), seed))
        return out

    roomy = fast_module.FastPlay(ENGINE)
    expected = games(roomy)
    assert len(roomy._hands) > 50
    monkeypatch.setattr(fast_module, "HANDS_KEPT", 3)
    forgetful = fast_module.FastPlay(ENGINE)
    assert games(forgetful) == expected
    assert len(forgetful._hands) <= 3


def test_the_greedy_finder_takes_the_plain_greedy_choice() -> None:
    """`FastPlay.greedy` (and the search player's play-outs, `Playouts.greedy`) finds
    the move `evaluate` rates best without listing the scores: the same move, ties
    broken by the same draw, as scoring every legal move plainly and drawing among
    the best in move order."""
    from kitgen.games.scratch.fast import Board
    from kitgen.games.scratch.search import Playouts

    fp, sim = fast(ENGINE), Playouts(ENGINE)
    powers: Counter[str | None] = Counter()
    ties = captures = 0
    for seed in range(160):
        rng = random.Random(seed)
        decks = random_decks(rng)
        state = ENGINE.new_game(decks, seed=seed, first=seed % 2)
        while state.outcome is None:
            player = state.to_move
            moves = ENGINE.raw_moves(state)
            scored = [evaluate(ENGINE, ENGINE.apply_raw(state, *m), player) for m in moves]
            best = [m for m, s in zip(moves, scored, strict=True) if s == max(scored)]
            draws = [random.Random(seed * 1000 + state.ply) for _ in range(3)]
            expected = best[draw(draws[0], len(best))]
            assert fp.greedy_move(state, draws[1]) == expected, (seed, state.ply)
            assert sim.greedy(Board(ENGINE, state), draws[2]) == expected, (seed, state.ply)
            assert draws[0].random() == draws[1].random() == draws[2].random()
            powers[ENGINE.catalog.cards[expected[0]].power] += 1
            ties += len(best) > 1
            after = ENGINE.apply_raw(state, *expected)
            captures += any(
                c >= 0 and o != o2
                for c, o, o2 in zip(state.cards, state.owner, after.owner, strict=True)
            )
            state = ENGINE.apply_raw(state, *moves[rng.randrange(len(moves))])
    # Every power was chosen, and ties and captures were common.
    assert len(powers) == 10 and min(powers.values()) > 20, powers
    assert ties > 300 and captures > 300, (ties, captures)


def _mythic_engine() -> Scratch:
    """The official cards and two Kingdom mythics of a rarity limited one per faction."""
    from kitgen.games.scratch.model import RaritySpec, ScratchCard, Stats

    pool = OFF.pool.copy()
    pool.rarities["mythic"] = RaritySpec(
        id="mythic", name="mythic", budget=25, limit="one-per-faction"
    )
    for name, (top, right, bottom, left) in (("Regent", (4, 7, 7, 7)), ("Archmage", (5, 6, 7, 7))):
        stats = Stats(top=top, right=right, bottom=bottom, left=left)
        card = ScratchCard(name=name, faction="kingdom", rarity="mythic", stats=stats)
        pool.cards[name.casefold()] = card
    return Scratch(Catalog(pool), OFF.params)


MYTHICS = _mythic_engine()


def test_a_one_per_faction_rarity_of_its_own_is_limited_on_its_own() -> None:
    """A Kingdom mythic in play stops another Kingdom mythic, not a Kingdom unique (as
    the deck check says: one of each such rarity per faction), on both engines."""
    from kitgen.games.scratch.play import IllegalMove, Move

    engine, find = MYTHICS, MYTHICS.catalog.find
    start = engine.new_game((["Worg"] * 10, ["Worg"] * 10), seed=1)
    cards = [-1] * 9
    cards[4] = find("Regent")
    hand = (find("Archmage"), find("Queen"), find("Worg"))
    state = State(
        tuple(cards), (0,) * 9, (0,) * 9, (False,) * 9, (hand, hand),
        start.decks, start.discards, 1, 1, 1, None,
    )  # fmt: skip
    assert engine.playable(state, find("Queen")) and not engine.playable(state, find("Archmage"))
    played = {engine.catalog.cards[m[0]].name for m in engine.raw_moves(state)}
    assert played == {"Queen", "Worg"}
    scored = {engine.catalog.cards[m[0]].name for m, _ in fast(engine).greedy_scores(state)}
    assert scored == played
    with pytest.raises(IllegalMove, match="Archmage is a mythic, and another kingdom mythic"):
        engine.apply(state, Move("Archmage", 1))


def test_fast_games_with_a_limited_rarity_of_its_own_are_the_state_engines() -> None:
    names = ["Regent", "Archmage", "Queen", "High Priest", "Knight", "Worg", "Goblin"]
    players: dict[int, Player] = {RANDOM: RandomPlayer(), GREEDY: GreedyPlayer()}
    for seed in range(150):
        rng = random.Random(seed)
        decks = ([rng.choice(names) for _ in range(10)], [rng.choice(names) for _ in range(10)])
        kinds = ((RANDOM, RANDOM), (GREEDY, GREEDY))[seed % 2]
        states = play_game(
            MYTHICS, decks, (players[kinds[0]], players[kinds[1]]), seed=seed, first=seed % 2
        )
        indices = ([MYTHICS.catalog.find(n) for n in d] for d in decks)
        outcome, plies, _ = play_fast(MYTHICS, tuple(indices), kinds, seed=seed, first=seed % 2)
        assert outcome == states[-1].outcome, seed
        assert len(plies) == len(states) - 1, seed
