"""The Staircase engine: seeded play checked after every move, each action's effect,
move notation, the players, the simulation tally and the scoring."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

import pytest

from kitgen.games.staircase.load import standard_setup
from kitgen.games.staircase.play import (
    PLAYERS,
    Build,
    Choose,
    IllegalMove,
    Interfere,
    Move,
    Recycle,
    Scrap,
    Staircase,
    State,
    interfere_margin,
    move_text,
    parse_move,
    play_game,
    sort_moves,
    tail_of,
)
from kitgen.games.staircase.rules import score_staircase, sequences
from kitgen.games.staircase.sim import StaircaseTally, run_games, tally_summary
from kitgen.model.standard import Card, full_deck
from kitgen.rules.base import draw, shuffle
from kitgen.rules.simulate import game_seed

NAMES = ("Ada", "Bo", "Cy Young", "Di", "Ed")
DECK = full_deck(jokers=False)


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def _interfere(pair: str, target: int) -> Interfere:
    first, second = cards(pair)
    return Interfere(first, second, target)


def _all_cards(state: State) -> list[Card]:
    return [
        *(c for s in state.staircases for c in s),
        *(c for h in state.hands for c in h),
        *state.depot,
        *state.scrap,
    ]


def _some_moves(state: State, players: int, rng: random.Random) -> list[Move]:
    """Moves of every kind built from random cards and seats, most of them illegal."""
    hand = list(state.hands[state.to_move]) or list(DECK)

    def card() -> Card:
        pool = hand if draw(rng, 2) else DECK
        return pool[draw(rng, len(pool))]

    out: list[Move] = []
    for _ in range(12):
        a, b = card(), card()
        out += [Build(a), Scrap(a, b), Recycle(a), Choose(a)]
        out.append(Interfere(a, b, draw(rng, players + 1)))
    return out


def _check_step(engine: Staircase, before: State, move: Move, after: State) -> None:
    n = engine.players
    held = _all_cards(after)
    assert len(held) == 52 and set(held) == set(DECK), "52 cards, each once"
    grew = []
    for seat in range(n):
        old, new = before.staircases[seat], after.staircases[seat]
        assert new[: len(old)] == old, "a staircase only grows at its right end"
        assert len(new) - len(old) in (0, 1)
        grew += [seat] * (len(new) - len(old))
        assert len(after.hands[seat]) <= len(before.hands[seat]), "a hand never grows"
        if seat != before.to_move:
            assert after.hands[seat] == before.hands[seat]
    if isinstance(move, Interfere):
        assert grew == [] and after.pending == move and after.mover == move.target
    elif isinstance(move, Choose):
        assert before.pending is not None and grew == [before.pending.target]
        assert after.staircases[grew[0]][-1] == move.card
    else:
        assert grew == [before.to_move]
        assert len(after.hands[before.to_move]) < len(before.hands[before.to_move])
    assert after.ply == before.ply + 1 and after.last == move


@pytest.mark.parametrize(
    ("players", "interfere", "seats", "games"),
    [
        (2, False, ("random", "greedy"), 20),
        (2, True, ("interferer", "random"), 20),
        (3, False, ("random", "random", "greedy"), 20),
        (3, True, ("spoiler", "random", "interferer"), 20),
        (4, False, ("greedy", "random", "random", "greedy"), 18),
        (4, True, ("random", "random", "spoiler", "random"), 18),
        (5, False, ("random", "greedy", "random", "random", "interferer"), 17),
        (5, True, ("random", "spoiler", "random", "greedy", "random"), 17),
    ],
)
def test_seeded_games_stay_consistent(
    players: int, interfere: bool, seats: tuple[str, ...], games: int
) -> None:
    engine = Staircase(standard_setup(players, interfere=interfere))
    names = NAMES[:players]
    probe = random.Random(f"{players}{interfere}")
    kinds: Counter[str] = Counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.new_game(seed=seed, rng=rng)
        assert len(_all_cards(state)) == 52 and len(state.scrap) == 1
        assert [len(h) for h in state.hands] == [5] * players and state.to_move == 0
        while True:
            over = not any(state.hands) and state.pending is None
            outcome = engine.outcome(state)
            moves = engine.legal_moves(state)
            if over:
                break
            assert outcome is None and moves
            assert state.hands[state.to_move], "a player with no cards is never to move"
            assert moves == sort_moves(moves), "sorted, each once"
            listed = set(moves)
            for move in moves:
                assert engine.why_illegal(state, move) is None
                _check_step(engine, state, move, engine.apply(state, move))
                assert parse_move(move_text(move, names), names) == move
            for move in _some_moves(state, players, probe):
                if move not in listed:
                    reason = engine.why_illegal(state, move)
                    assert reason, move
                    with pytest.raises(IllegalMove):
                        engine.apply(state, move)
            move = PLAYERS[seats[state.mover]](engine, state, rng)
            assert move in listed
            kinds[type(move).__name__] += 1
            state = engine.apply(state, move)
        assert outcome is not None and moves == []
        for seat, stairs in enumerate(state.staircases):
            assert outcome.scores[seat] == score_staircase(stairs).total
            assert outcome.detail[seat] == score_staircase(stairs)
        best = max(outcome.scores)
        assert outcome.winners == tuple(s for s in range(players) if outcome.scores[s] == best)
        with pytest.raises(IllegalMove, match="game is over"):
            engine.apply(state, Build(DECK[0]))
    assert kinds["Build"] and kinds["Scrap"] and kinds["Recycle"]
    if interfere:
        assert kinds["Interfere"] == kinds["Choose"] > 0


# --- set-up and deals ------------------------------------------------------------------


def test_a_new_game_deals_one_card_at_a_time_from_seat_0() -> None:
    engine = Staircase(standard_setup(3))
    seed = 11
    order = list(range(52))
    shuffle(random.Random(seed), order)
    shuffled = [DECK[i] for i in order]
    state = engine.new_game(seed=seed)
    for seat in range(3):
        assert list(state.hands[seat]) == [shuffled[seat + 3 * k] for k in range(5)]
    assert state.scrap == (shuffled[15],) and list(state.depot) == shuffled[16:]
    assert engine.new_game(seed=seed) == state
    assert engine.new_game(seed=seed + 1) != state


def test_bad_set_ups_and_deals_are_refused() -> None:
    for players in (1, 6):
        with pytest.raises(ValueError, match="2 to 5 players"):
            standard_setup(players)
    with pytest.raises(ValueError, match="more than 52"):
        standard_setup(5, hand_size=11)
    engine = Staircase(standard_setup(2, hand_size=2))
    with pytest.raises(IllegalMove, match="3 hands for 2 players"):
        engine.deal([cards("2S 3S"), cards("4S 5S"), cards("6S 7S")], [], [])
    with pytest.raises(IllegalMove, match="player 2's hand holds 1 cards"):
        engine.deal([cards("2S 3S"), cards("4S")], [], [])
    with pytest.raises(IllegalMove, match="3S is dealt twice"):
        engine.deal([cards("2S 3S"), cards("4S 5S")], cards("3S"), [])
    with pytest.raises(IllegalMove, match="without jokers"):
        engine.deal([cards("2S 3S"), cards("4S RJ")], [], [])
    with pytest.raises(IllegalMove, match="uses 53 cards"):
        engine.deal([cards("2S 3S"), cards("4S 5S")], [*DECK[4:], DECK[0]], [])


# --- the actions --------------------------------------------------------------------------


def _two_player_deal(depot: str = "9C 5S", scrap: str = "AD") -> tuple[Staircase, State]:
    engine = Staircase(standard_setup(2, hand_size=2))
    return engine, engine.deal([cards("7H 2C"), cards("KS 4D")], cards(depot), cards(scrap))


def test_build_puts_a_hand_card_on_the_staircase_and_play_wraps() -> None:
    engine, state = _two_player_deal()
    after = engine.apply(state, Build(Card.parse("7H")))
    assert after.staircases == ((Card.parse("7H"),), ())
    assert after.hands == (tuple(cards("2C")), tuple(cards("KS 4D")))
    assert (after.depot, after.scrap) == (state.depot, state.scrap)
    assert after.to_move == 1
    again = engine.apply(after, Build(Card.parse("4D")))
    assert again.to_move == 0  # seat 1's left neighbour is seat 0
    assert again.staircases[1] == (Card.parse("4D"),)


def test_scrap_discards_builds_and_draws() -> None:
    engine, state = _two_player_deal()
    after = engine.apply(state, Scrap(Card.parse("2C"), Card.parse("7H")))
    assert after.scrap == tuple(cards("2C AD"))
    assert after.staircases[0] == tuple(cards("7H"))
    assert after.hands[0] == tuple(cards("9C"))
    assert after.depot == tuple(cards("5S"))


def test_scrap_with_an_empty_depot_draws_nothing_and_the_empty_hand_is_skipped() -> None:
    engine = Staircase(standard_setup(3, hand_size=2))
    state = engine.deal([cards("7H 2C"), cards("KS 4D"), cards("QH 3C")], [], cards("AD"))
    state = engine.apply(state, Scrap(Card.parse("2C"), Card.parse("7H")))
    assert state.hands[0] == () and state.depot == () and state.scrap == tuple(cards("2C AD"))
    state = engine.apply(state, Build(Card.parse("KS")))
    state = engine.apply(state, Build(Card.parse("QH")))
    assert state.to_move == 1, "seat 0 has no cards: play wraps past it to seat 1"
    assert Build(Card.parse("7H")) not in engine.legal_moves(state)
    state = engine.apply(state, Build(Card.parse("4D")))
    assert state.to_move == 2 and engine.outcome(state) is None
    state = engine.apply(state, Recycle(Card.parse("3C")))
    assert state.staircases[2] == tuple(cards("QH 2C"))
    assert state.depot == tuple(cards("3C"))
    outcome = engine.outcome(state)
    assert outcome is not None and engine.legal_moves(state) == []
    assert outcome.scores == (10, 30, 30) and outcome.winners == (1, 2)


def test_recycle_takes_the_scrap_top_and_needs_one() -> None:
    engine, state = _two_player_deal(scrap="AD 6H")
    after = engine.apply(state, Recycle(Card.parse("2C")))
    assert after.depot == tuple(cards("2C 9C 5S"))
    assert after.staircases[0] == tuple(cards("AD"))
    assert after.scrap == tuple(cards("6H")) and after.hands[0] == tuple(cards("7H"))
    engine, empty = _two_player_deal(scrap="")
    assert not any(isinstance(m, Recycle) for m in engine.legal_moves(empty))
    with pytest.raises(IllegalMove, match="scrap pile is empty"):
        engine.apply(empty, Recycle(Card.parse("2C")))


def test_the_wrong_cards_are_refused() -> None:
    engine, state = _two_player_deal()
    with pytest.raises(IllegalMove, match="KS is not in player 1's hand"):
        engine.apply(state, Build(Card.parse("KS")))
    with pytest.raises(IllegalMove, match="two different cards"):
        engine.apply(state, Scrap(Card.parse("7H"), Card.parse("7H")))
    with pytest.raises(IllegalMove, match="nothing to choose"):
        engine.apply(state, Choose(Card.parse("7H")))
    after = engine.apply(state, Build(Card.parse("7H")))
    with pytest.raises(IllegalMove, match="scrap needs two cards"):
        engine.apply(engine.apply(after, Build(Card.parse("KS"))), Scrap(*cards("2C 9C")))


def test_interfere_is_an_option_and_never_on_yourself() -> None:
    hands = [cards("7H 2C"), cards("KS 4D"), cards("QH 3C")]
    off = Staircase(standard_setup(3, hand_size=2))
    state = off.deal(hands, cards("9C"), cards("AD"))
    move = _interfere("7H 2C", 1)
    assert not any(isinstance(m, Interfere) for m in off.legal_moves(state))
    with pytest.raises(IllegalMove, match="optional rule"):
        off.apply(state, move)
    on = Staircase(standard_setup(3, hand_size=2, interfere=True))
    state = on.deal(hands, cards("9C"), cards("AD"))
    assert move in on.legal_moves(state)
    with pytest.raises(IllegalMove, match="yourself"):
        on.apply(state, _interfere("7H 2C", 0))
    with pytest.raises(IllegalMove, match="no player 4"):
        on.apply(state, _interfere("7H 2C", 3))
    with pytest.raises(IllegalMove, match="KS is not in player 1's hand"):
        on.apply(state, _interfere("7H KS", 1))


def test_interfere_waits_for_the_named_players_choice() -> None:
    engine = Staircase(standard_setup(3, hand_size=3, interfere=True))
    hands = [cards("7H 2C 5D"), cards("KS 4D 8S"), cards("QH 3C JD")]
    state = engine.deal(hands, cards("9C"), cards("AD"))
    move = _interfere("7H 2C", 2)
    assert move == _interfere("2C 7H", 2), "the pair is unordered"
    waiting = engine.apply(state, move)
    assert waiting.pending == move and waiting.mover == 2 and waiting.to_move == 0
    assert waiting.hands == state.hands, "the shown pair stays in hand until chosen"
    assert engine.legal_moves(waiting) == [Choose(Card.parse("2C")), Choose(Card.parse("7H"))]
    with pytest.raises(IllegalMove, match="player 3 must first choose 2C or 7H"):
        engine.apply(waiting, Build(Card.parse("5D")))
    with pytest.raises(IllegalMove, match="9C was not offered"):
        engine.apply(waiting, Choose(Card.parse("9C")))
    after = engine.apply(waiting, Choose(Card.parse("7H")))
    assert after.staircases == ((), (), tuple(cards("7H")))
    assert after.scrap == tuple(cards("2C AD")) and after.hands[0] == tuple(cards("5D"))
    assert after.pending is None and after.to_move == 1, "play goes on from player 2"


def test_a_player_out_of_cards_can_still_be_named() -> None:
    engine = Staircase(standard_setup(2, hand_size=4, interfere=True))
    state = engine.deal([cards("7H 2C 5D 6D"), cards("KS 4D 8S 9S")], [], cards("AD"))
    state = engine.apply(state, Build(Card.parse("5D")))
    state = engine.apply(state, Scrap(*cards("KS 4D")))  # the depot is empty: no draw
    state = engine.apply(state, Build(Card.parse("6D")))
    state = engine.apply(state, Scrap(*cards("8S 9S")))
    assert state.hands[1] == () and state.to_move == 0
    state = engine.apply(state, _interfere("7H 2C", 1))
    assert state.mover == 1 and engine.outcome(state) is None, "a choice still waits"
    state = engine.apply(state, Choose(Card.parse("2C")))
    assert state.staircases[1] == tuple(cards("4D 9S 2C"))
    assert state.scrap[0] == Card.parse("7H")
    assert engine.outcome(state) is not None


# --- notation -----------------------------------------------------------------------------


def test_parse_move_is_forgiving() -> None:
    names = NAMES[:3]
    c = Card.parse
    assert parse_move("  BUILD   7h ", names) == Build(c("7H"))
    assert parse_move("Scrap 2c Build 7h", names) == Scrap(c("2C"), c("7H"))
    assert parse_move("scrap 2c, 7h", names) == Scrap(c("2C"), c("7H"))
    assert parse_move("recycle th", names) == Recycle(c("10H"))
    assert parse_move("choose 9♥", names) == Choose(c("9H"))
    assert parse_move("interfere 9h 3s BO", names) == Interfere(c("3S"), c("9H"), 1)
    assert parse_move("interfere 3S 9H 3", names) == Interfere(c("3S"), c("9H"), 2)
    assert parse_move("interfere 3S 9H  cy   YOUNG", names) == Interfere(c("3S"), c("9H"), 2)
    assert move_text(parse_move("interfere 9h 3s bo", names), names) == "interfere 3S 9H Bo"
    assert move_text(Scrap(c("2C"), c("7H")), names) == "scrap 2C build 7H"
    # A name that would not read back is written as the seat number.
    odd = ("Ada", "Bo", "BO", "Di, Jr")
    for seat in (1, 2, 3):
        text = move_text(Interfere(c("3S"), c("9H"), seat), odd)
        assert text == f"interfere 3S 9H {seat + 1}"
        assert parse_move(text, odd) == Interfere(c("3S"), c("9H"), seat)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("interfere 3S 9H Zed", "not a player's name"),
        ("interfere 3S 9H 4", "no player 4"),
        ("interfere 3S 9H", "needs the player"),
        ("interfere 3S", "two cards and a player"),
        ("build 1Z", "not a standard card"),
        ("scrap 2C build XX", "not a standard card"),
        ("build", "needs a card"),
        ("scrap 2C", "two cards"),
        ("build 7H 8H", "takes one card"),
        ("play 7H", "not an action"),
        ("", "empty move"),
    ],
)
def test_parse_move_explains_bad_text(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        parse_move(text, NAMES[:3])
    assert not isinstance(caught.value, IllegalMove)


# --- players ------------------------------------------------------------------------------


def test_greedy_beats_random() -> None:
    engine = Staircase(standard_setup(2))
    wins = 0
    for seed in range(100):
        seats = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        _, outcome = play_game(engine, seats, seed=seed)
        wins += outcome.winners == (seats.index("greedy"),)
    assert wins >= 60, wins


def test_greedy_takes_the_better_offered_card_and_keeps_the_scrap_pile_dull() -> None:
    engine = Staircase(standard_setup(2, hand_size=5, interfere=True))
    hands = [cards("KD QC 7C 9D 2S"), cards("5H 6H JD 3C 8C")]
    state = engine.deal(hands, cards("4S 8D 10C"), cards("4D"))
    for text in ("KD", "5H", "QC", "6H"):
        state = engine.apply(state, Build(Card.parse(text)))
    for seed in range(20):
        move = PLAYERS["greedy"](engine, state, random.Random(seed))
        # Scrapping a 10-point card for a draw is worth it, but 7C would let the next
        # player recycle it onto their 5H 6H.
        assert isinstance(move, Scrap) and move.scrap != Card.parse("7C"), move
    offered = engine.apply(state, _interfere("7C 2S", 1))
    for seed in range(5):
        assert PLAYERS["greedy"](engine, offered, random.Random(seed)) == Choose(Card.parse("7C"))


def test_the_spoiler_names_the_leader_and_shows_the_least_helpful_pair() -> None:
    engine = Staircase(standard_setup(3, hand_size=5, interfere=True))
    hands = [cards("JC 2D 5S KD 8H"), cards("9H 10H AS AC QS"), cards("3H 4C 6D 7S 8C")]
    state = engine.deal(hands, cards("2C 3D"), cards("4D"))
    state = engine.apply(state, Build(Card.parse("8H")))
    state = engine.apply(state, Build(Card.parse("9H")))
    state = engine.apply(state, Build(Card.parse("3H")))
    state = engine.apply(state, Build(Card.parse("KD")))
    state = engine.apply(state, Build(Card.parse("10H")))  # player 2 leads: 8H 9H 10H
    state = engine.apply(state, Build(Card.parse("6D")))
    move = PLAYERS["spoiler"](engine, state, random.Random(1))
    assert move == _interfere("2D 5S", 1)
    # The interferer, by its measure, does not give two cards away here.
    assert not isinstance(PLAYERS["interferer"](engine, state, random.Random(1)), Interfere)


def test_the_interferer_plays_like_greedy_without_the_option() -> None:
    engine = Staircase(standard_setup(3))
    for seed in range(5):
        one, _ = play_game(engine, ["greedy"] * 3, seed=seed)
        two, _ = play_game(engine, ["interferer"] * 3, seed=seed)
        assert one == two


def test_the_interferer_interferes_exactly_when_its_margin_is_positive() -> None:
    # Over many positions from real games: a positive margin means an interfere, and
    # a negative one another action; the margin is None where no interfere is legal.
    engine = Staircase(standard_setup(3, interfere=True))
    seen = 0
    for seed in range(12):
        states, _ = play_game(engine, ["greedy", "spoiler", "random"], seed=seed)
        for state in states:
            if engine.outcome(state) is not None:
                continue
            margin = interfere_margin(engine, state)
            move = PLAYERS["interferer"](engine, state, random.Random(seed))
            if state.pending is not None or len(state.hands[state.mover]) < 2:
                assert margin is None
                continue
            assert margin is not None
            seen += 1
            assert isinstance(move, Interfere) == (margin > 1e-9), (margin, move)
    assert seen > 100
    plain = Staircase(standard_setup(3))
    assert interfere_margin(plain, play_game(plain, ["greedy"] * 3, seed=1)[0][0]) is None


def test_the_tally_counts_chances_to_interfere_and_the_interferers_margins() -> None:
    setup = standard_setup(3, interfere=True)
    players = ["interferer", "greedy", "spoiler"]
    tally = run_games(setup, players, 3, 0, 30)
    rows = tally_summary(tally, players)["players"]
    assert all(r["interfere_chances"] > 0 for r in rows)
    # Only the interferer's margins are weighed; the spoiler takes every chance.
    assert "interfere_margin" not in rows[1] and "interfere_margin" not in rows[2]
    assert rows[2]["actions_per_game"]["interfere"] == rows[2]["interfere_chances"]
    margin = rows[0]["interfere_margin"]
    assert margin["best"] >= margin["median"]
    assert sum(tally.margins[0].values()) == tally.chances[0]
    if margin["best"] < 0:
        assert rows[0]["actions_per_game"]["interfere"] == 0
    # Without the rule nobody has a chance and nothing is weighed.
    plain = tally_summary(run_games(standard_setup(3), players, 3, 0, 5), players)["players"]
    assert all(r["interfere_chances"] == 0 and "interfere_margin" not in r for r in plain)


def test_games_are_determined_by_the_seed() -> None:
    engine = Staircase(standard_setup(4, interfere=True))
    seats = ["random", "interferer", "spoiler", "greedy"]
    first, result = play_game(engine, seats, seed=3)
    again, result_again = play_game(engine, seats, seed=3)
    assert first == again and result == result_again
    other, _ = play_game(engine, seats, seed=4)
    assert other != first
    with pytest.raises(ValueError, match="unknown player 'nobody'"):
        play_game(engine, ["nobody", *seats[1:]], seed=1)
    with pytest.raises(ValueError, match="3 players named"):
        play_game(engine, seats[:3], seed=1)


# --- the simulation tally -----------------------------------------------------------------


def test_tally_batches_merge_into_one_run() -> None:
    setup = standard_setup(3, interfere=True)
    players = ["greedy", "random", "spoiler"]
    whole = run_games(setup, players, 9, 0, 24)
    merged = StaircaseTally()
    for start, count in ((0, 7), (7, 10), (17, 7)):
        merged.merge(run_games(setup, players, 9, start, count))
    summary = tally_summary(whole, players)
    assert tally_summary(merged, players) == summary
    rows = summary["players"]
    assert summary["games"] == 24
    assert sum(r["wins"] for r in rows) == pytest.approx(24)
    actions = [r["actions_per_game"] for r in rows]
    turns = sum(a[k] for a in actions for k in ("build", "scrap", "recycle", "interfere"))
    assert turns == pytest.approx(summary["turns_per_game"], abs=0.02)
    interferes = sum(a["interfere"] for a in actions)
    assert interferes == pytest.approx(sum(a["chosen"] for a in actions), abs=0.01)
    assert rows[2]["actions_per_game"]["interfere"] > 0 and rows[0]["mean_total"] > 0
    for row in rows:
        assert row["mean_total"] == pytest.approx(row["mean_base"] + row["mean_bonus"], abs=0.02)
        low, high = row["top_share_95"]
        share = (row["outright_wins"] + row["shared_wins"]) / 24
        assert row["top_share"] == pytest.approx(share, abs=1e-4) and low <= share <= high
        low, high = row["win_share_95"]
        assert low <= row["win_share"] <= high
    with pytest.raises(ValueError, match="cannot add 2-player games"):
        merged.merge(run_games(standard_setup(2), players[:2], 9, 0, 1))


def test_players_rotate_round_the_seats_and_are_counted_by_player() -> None:
    setup = standard_setup(3)
    players = ["greedy", "random", "random"]
    for index in (0, 1, 2):
        tally = run_games(setup, players, 5, index, 1)
        seats = [players[(k + index) % 3] for k in range(3)]
        _, outcome = play_game(Staircase(setup), seats, seed=game_seed(5, index))
        for seat in range(3):
            assert tally.total[(seat + index) % 3] == outcome.scores[seat]


# --- scoring ------------------------------------------------------------------------------


def test_the_seeds_example_scores_220_against_110() -> None:
    top = cards("AS KS 9H 10C JD QS AH KD JC")
    bottom = cards("QH 5H 6S 7D 2C 9S 4D")
    engine = Staircase(standard_setup(2))
    state = State((tuple(top), tuple(bottom)), ((), ()), (), (), 0)
    outcome = engine.outcome(state)
    assert outcome is not None
    first, second = outcome.detail
    assert (first.base, first.bonus, first.total) == (180, 40, 220)
    assert [r.length for r in first.runs] == [4]
    assert (second.base, second.bonus, second.total) == (80, 30, 110)
    assert [r.length for r in second.runs] == [3]
    assert outcome.scores == (220, 110) and outcome.winners == (0,)


@pytest.mark.parametrize(
    ("text", "runs", "bonus"),
    [
        ("AS 2H 3D", ["AS 2H 3D"], 30),
        ("QS KH AD", ["QS KH AD"], 30),
        ("KS AH 2D", [], 0),
        ("2S 3H 4D 9C 10S JH 5D", ["2S 3H 4D", "9C 10S JH"], 60),
        ("QS KH AD 2C 3S", ["QS KH AD", "AD 2C 3S"], 60),
        ("4S 5H 6D 7C 8S 9H", ["4S 5H 6D 7C 8S 9H"], 60),
        ("5S 6H 8D 9C", [], 0),
    ],
)
def test_sequences(text: str, runs: list[str], bonus: int) -> None:
    staircase = cards(text)
    score = score_staircase(staircase)
    assert [str(r) for r in score.runs] == runs
    assert score.bonus == bonus
    base = sum(30 if c.rank == 1 else 20 if c.rank > 10 else 10 for c in staircase)
    assert score.base == base and score.total == base + bonus


def test_the_players_fast_scoring_agrees_with_the_rules() -> None:
    rng = random.Random(8)
    for _ in range(400):
        order = list(range(52))
        shuffle(rng, order)
        length = draw(rng, 12)
        # Mostly rising neighbours, so long sequences and K A 2 turn up.
        staircase = [DECK[order[0]]]
        for i in range(1, length):
            rank = staircase[-1].rank % 13 + 1 if draw(rng, 3) else DECK[order[i]].rank
            staircase.append(Card(rank, "SHDC"[draw(rng, 4)]))
        tail = tail_of(staircase)
        assert tail.total == score_staircase(staircase).total, staircase
        runs = sequences(staircase)
        ends = bool(runs) and runs[-1].start + runs[-1].length == len(staircase)
        assert (tail.run >= 3) == ends, staircase


def test_a_game_record_replays_through_the_notation() -> None:
    engine = Staircase(standard_setup(3, interfere=True))
    states, outcome = play_game(engine, ["spoiler", "greedy", "random"], seed=12)
    names = NAMES[:3]
    texts = [move_text(s.last, names) for s in states[1:] if s.last is not None]
    state = engine.new_game(seed=12)
    for text in texts:
        state = engine.apply(state, parse_move(text, names))
    assert state == states[-1] and engine.outcome(state) == outcome
    assert any(t.startswith("interfere") for t in texts)
    assert all(a.ply + 1 == b.ply for a, b in pairwise(states))


def test_each_share_carries_the_interval_of_its_own_figure() -> None:
    """`win_share` counts a shared win as 1/k and `top_share` as a whole game: each
    interval is its own figure's, so a player who shares every top total (half of every
    game's win, the top every time) lies inside both."""
    tally = StaircaseTally()
    tally._fit(2)
    tally.games = tally.ties = 100
    for p in range(2):
        tally.shared[p][2] = 100
    row = tally_summary(tally, ["greedy", "random"])["players"][0]
    assert row["win_share"] == 0.5
    low, high = row["win_share_95"]
    assert low <= 0.5 <= high and high - low < 0.05  # every game's share is 1/2
    assert row["top_share"] == 1.0
    low, high = row["top_share_95"]
    assert low <= 1.0 <= high and low > 0.95
    assert row["win_share_mean_95"] == row["win_share_95"]  # (its old name, for now)


def test_the_hand_size_and_the_players_are_the_game_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine deals the game file's hand size to as many players as it allows."""
    from kitgen.games.staircase import load

    assert (load.game_hand_size(), load.player_range()) == (5, (2, 5))
    assert standard_setup(3).hand_size == 5
    monkeypatch.setattr(load, "game_hand_size", lambda: 4)
    monkeypatch.setattr(load, "shipped_players", lambda game_id: (2, 3))
    state = Staircase(standard_setup(3)).new_game(seed=1)
    assert [len(hand) for hand in state.hands] == [4, 4, 4]
    with pytest.raises(ValueError, match="takes 2 to 3 players, not 4"):
        standard_setup(4)
