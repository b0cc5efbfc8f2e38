"""The Galliard engine: seeded games checked after every move, crafted positions for
each rules decision, the players and the simulation tally."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import pairwise

import pytest

from kitgen.games.galliard.load import parameters, standard_setup
from kitgen.games.galliard.play import (
    PLAYERS,
    Dance,
    Galliard,
    IllegalMove,
    Keep,
    Move,
    Pass,
    RoundResult,
    Scuff,
    Setup,
    Stamp,
    State,
    Take,
    Trade,
    move_key,
    parse_move,
    play_game,
)
from kitgen.games.galliard.rules import DECK, ROYALS, can_stamp, is_number, is_supported
from kitgen.games.galliard.sim import GalliardTally, run_games, tally_summary
from kitgen.model.standard import Card
from kitgen.rules.base import draw, shuffle
from kitgen.rules.simulate import game_seed

ENGINE = Galliard(standard_setup())

SUPPORT = parameters().support  # royals a supported cabal holds (the game file's)


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def on_table(state: State) -> list[Card]:
    """Every card of a position, wherever it is."""
    return [
        *state.hands[0],
        *state.hands[1],
        *state.deck,
        *(card for dancer in state.floor for card in dancer),
        *state.wager,
        *state.cabals[0],
        *state.cabals[1],
    ]


def check_state(state: State) -> None:
    held = on_table(state)
    # 54 different cards (each a valid card) are the whole deck.
    assert len(held) == 54 and len(set(held)) == 54, "cards lost or doubled"
    assert all(card.is_royal for cabal in state.cabals for card in cabal)
    assert all(card.is_royal for card in state.wager)
    assert len(state.wagered_by) == len(state.wager)
    for dancer in state.floor:
        assert dancer and all(is_number(card) for card in dancer)
        assert all(can_stamp(upper, lower) for lower, upper in pairwise(dancer))
    if state.phase in ("dance", "stamp"):
        assert state.round_winner is None
        assert all(any(is_number(card) for card in hand) for hand in state.hands)
        assert state.supported == tuple(is_supported(cabal, SUPPORT) for cabal in state.cabals)
    if state.phase == "dance":
        assert all(len(dancer) == 1 for dancer in state.floor), "a stamp in phase 1"
    if state.phase == "stamp":
        assert any(len(dancer) > 1 for dancer in state.floor), "phase 2 without a stamp"
    if state.phase in ("take", "trade"):
        assert state.round_winner == state.to_move


def check_step(engine: Galliard, before: State, move: Move, after: State) -> None:
    me = before.to_move
    assert after.ply == before.ply + 1 and after.last == move
    if before.phase not in ("dance", "stamp"):
        if isinstance(move, Take):
            assert move.card in after.cabals[me] or after.phase == "over"
        return
    ended = after.round != before.round or after.phase in ("take", "trade", "over")
    wager = getattr(move, "wager", None)
    if wager is not None:
        assert before.phase == "dance", "a wager after phase 2 opened"
    if isinstance(move, (Dance, Stamp)):
        left = list(before.hands[me])
        left.remove(move.card)
        if wager is not None:
            left.remove(wager)
        assert ended == (not any(is_number(card) for card in left))
    elif isinstance(move, Pass):
        assert ended == (before.passes == 1)
    else:
        assert not ended
    if before.phase == "stamp" and not ended:
        assert after.phase == "stamp"
    if not ended:
        assert after.to_move == 1 - me
        return
    result = engine.round_results([after])[before.round - 1]
    assert result.round == before.round
    assert result.wagered == before.wager + ((wager,) if wager is not None else ())
    if result.how == "blocked":
        assert isinstance(move, Pass)
    else:
        assert result.winner == me
    game_won = before.supported[result.winner]
    limit = before.round >= engine.setup.max_rounds
    assert (after.phase == "over") == (game_won or limit)
    if game_won:
        assert after.winner == result.winner
    if after.round == before.round + 1:
        assert after.starter == 1 - result.winner


def unlisted(state: State, rng: random.Random) -> list[Move]:
    """A handful of moves of every kind, most of them illegal."""
    pick = [DECK[draw(rng, 54)] for _ in range(6)]
    tops = list(state.tops) or [pick[5]]
    top = tops[draw(rng, len(tops))]
    royal = ROYALS[draw(rng, 14)]
    return [
        Dance(pick[0]),
        Dance(pick[1], royal),
        Stamp(pick[2], top),
        Stamp(pick[3], top, pick[4]),
        Scuff(),
        Pass(),
        Take(pick[4]),
        Trade(royal, pick[5]),
        Keep(),
    ]


@pytest.mark.parametrize(
    ("players", "games"),
    [(("random", "random"), 40), (("greedy", "random"), 40), (("always", "never"), 40)],
)
def test_seeded_games_stay_consistent(players: tuple[str, str], games: int) -> None:
    engine = ENGINE
    rng = random.Random(repr(players))
    codes: Counter[str] = Counter()
    written: set[Move] = set()
    for game in range(games):
        seated = players if game % 2 == 0 else players[::-1]
        choose = [PLAYERS[seated[0]], PLAYERS[seated[1]]]
        state = engine.new_game(seed=game)
        check_state(state)
        while (outcome := engine.outcome(state)) is None:
            moves = engine.legal_moves(state)
            assert moves and moves == sorted(set(moves), key=move_key)
            listed = set(moves)
            for move in moves:
                assert engine.why_illegal(state, move) is None, move
                if move not in written:  # each move's notation is read back once
                    assert parse_move(str(move)) == move
                    written.add(move)
            engine.apply(state, moves[draw(rng, len(moves))])  # any listed move is accepted
            refused = [m for m in unlisted(state, rng) if m not in listed]
            assert all(engine.why_illegal(state, m) for m in refused), refused
            with pytest.raises(IllegalMove):
                engine.apply(state, refused[draw(rng, len(refused))])
            move = choose[state.to_move](engine, state, rng)
            assert move in listed
            after = engine.apply(state, move)
            check_state(after)
            check_step(engine, state, move, after)
            state = after
        codes[outcome.code] += 1
        assert engine.legal_moves(state) == []
        assert outcome.rounds == state.round == len(engine.round_results([state]))
        with pytest.raises(IllegalMove, match="the game is over"):
            engine.apply(state, Keep())
        if outcome.winner is not None:
            assert is_supported(outcome.cabals[outcome.winner], SUPPORT)
    assert codes["won"] + codes["round-limit"] == games


# --- crafted positions ------------------------------------------------------------------


def table(
    *,
    hands: tuple[str, str] = ("", ""),
    floor: tuple[str, ...] = (),
    deck: str = "",
    wager: str = "",
    wagered_by: tuple[int, ...] = (),
    cabals: tuple[str, str] = ("", ""),
    phase: str = "stamp",
    to_move: int = 0,
    starter: int = 0,
    passes: int = 0,
) -> State:
    """A position built by hand (not every card need be placed)."""
    cabal = (cards(cabals[0]), cards(cabals[1]))
    return State(
        seed=7,
        round=3,
        phase=phase,  # type: ignore[arg-type]
        hands=(cards(hands[0]), cards(hands[1])),
        deck=cards(deck),
        floor=tuple(cards(d) for d in floor),
        wager=cards(wager),
        cabals=cabal,
        to_move=to_move,
        starter=starter,
        supported=(is_supported(cabal[0], SUPPORT), is_supported(cabal[1], SUPPORT)),
        passes=passes,
        wagered_by=wagered_by or tuple(0 for _ in cards(wager)),
    )


def ended(winner: int, *, gained: str = "", cabals: tuple[str, str] = ("", "")) -> State:
    """A round just won by `winner`, who must take (nothing gained) or may trade."""
    state = table(cabals=cabals, phase="trade" if gained else "take", to_move=winner)
    result = RoundResult(3, winner, "empty", cards(gained), None, None, 1 - winner)
    return replace(state, round_winner=winner, gained=cards(gained), ending=result)


def test_stamps_differ_by_exactly_one() -> None:
    state = table(
        hands=("4S 5H AD 2C 5C 6D 10S QH", "9C"),
        floor=("5D", "4C", "2H", "AS", "3S", "10H"),
        deck="KC",
    )
    legal = set(ENGINE.legal_moves(state))
    for move in ("4S on 5D", "5H on 4C", "AD on 2H", "2C on AS", "2C on 3S"):
        assert Stamp(*(c(t) for t in move.split(" on "))) in legal
    for card, onto, rule in (
        ("5C", "5D", "exactly one"),
        ("6D", "3S", "exactly one"),
        ("10S", "AS", "10 and A are not neighbours"),
        ("AD", "10H", "exactly one"),
        ("QH", "10H", "is a royal"),
        ("4S", "3C", "no dancer shows 3C"),
    ):
        with pytest.raises(IllegalMove, match=rule):
            ENGINE.apply(state, Stamp(c(card), c(onto)))
    after = ENGINE.apply(state, Stamp(c("4S"), c("5D")))
    assert after.floor[0] == cards("5D 4S") and after.tops[0] == c("4S")
    assert c("4S") not in after.hands[0] and after.to_move == 1
    bare = table(hands=("4S 5H", "9C"), phase="dance")
    assert ENGINE.why_illegal(bare, Stamp(c("4S"), c("5H"))) == "there is no dancer to stamp on yet"


def test_the_first_turn_cannot_stamp_and_wagers_are_royals_in_phase_one() -> None:
    state = ENGINE.new_game(seed=11)
    assert state.phase == "dance" and state.to_move == 0 and state.floor == ()
    moves = ENGINE.legal_moves(state)
    assert moves and all(isinstance(m, Dance) for m in moves)
    numbers = [x for x in state.hands[0] if is_number(x)]
    royals = [x for x in state.hands[0] if x.is_royal]
    assert len(moves) == len(numbers) * (1 + len(royals))
    first = state
    wagering = table(hands=("7S 5H QH", "9C"), phase="dance")
    with pytest.raises(IllegalMove, match="only a royal may be wagered"):
        ENGINE.apply(wagering, Dance(c("7S"), c("5H")))
    with pytest.raises(IllegalMove, match="not in your hand"):
        ENGINE.apply(wagering, Dance(c("7S"), c("KH")))
    after = ENGINE.apply(wagering, parse_move("wager qh, dance 7s"))
    assert after.wager == (c("QH"),) and after.wagered_by == (0,)
    assert after.floor == ((c("7S"),),) and after.hands[0] == (c("5H"),)
    phase_two = table(hands=("6S QH", "9C"), floor=("7S 8S",), deck="2C")
    with pytest.raises(IllegalMove, match="no wagers in phase 2"):
        ENGINE.apply(phase_two, Stamp(c("6S"), c("8S"), c("QH")))
    with pytest.raises(IllegalMove, match="no new dancers"):
        ENGINE.apply(phase_two, Dance(c("6S")))
    with pytest.raises(IllegalMove, match="belongs to phase 2"):
        ENGINE.apply(first, Scuff())
    opened = ENGINE.apply(
        table(hands=("6S 2D QH", "9C"), floor=("7S",), phase="dance"),
        Stamp(c("6S"), c("7S"), c("QH")),
    )
    assert opened.phase == "stamp" and opened.wager == (c("QH"),)
    assert not any(getattr(m, "wager", None) for m in ENGINE.legal_moves(opened))


def test_a_round_won_with_only_royals_in_hand_pays_the_wagers() -> None:
    state = table(
        hands=("4S QH KD", "9C 8C RJ"),
        floor=("5D",),
        deck="2H",
        wager="JS BJ",
        wagered_by=(1, 0),
        starter=0,
    )
    after = ENGINE.apply(state, Stamp(c("4S"), c("5D")))
    # Player 1's cabal is empty, so no trade: the next round is dealt at once.
    assert after.round == 4 and after.phase == "dance"
    assert after.cabals == (cards("JS BJ"), ())
    assert after.starter == 1 and after.to_move == 1  # the loser starts
    assert all(len(hand) == 10 for hand in after.hands)
    back = [*after.hands[0], *after.hands[1], *after.deck]
    assert c("QH") in back and c("KD") in back  # never wagered: back in the deck
    result = after.results[-1]
    assert (result.winner, result.how, result.wagered) == (0, "royals-only", cards("JS BJ"))
    assert result.wagers(0) == 1 and result.wagers(1) == 1
    assert result.taken is None and result.traded is None
    assert result.text(("Ada", "Bo")).startswith("round 3: Ada kept only royals in hand")


def test_with_nothing_wagered_the_winner_takes_from_the_losers_cabal() -> None:
    state = table(hands=("4S", "9C QD"), floor=("5D",), deck="2H", cabals=("JC", "KS QC"))
    over = ENGINE.apply(state, Stamp(c("4S"), c("5D")))
    assert over.phase == "take" and over.to_move == 0 and over.round_winner == 0
    assert ENGINE.legal_moves(over) == [Take(c("QC")), Take(c("KS"))]
    assert "not in the loser's cabal" in (ENGINE.why_illegal(over, Take(c("QD"))) or "")
    assert "takes a royal" in (ENGINE.why_illegal(over, Keep()) or "")
    after = ENGINE.apply(over, Take(c("KS")))
    # KS shares neither rank nor suit with QC: no trade, the next round is dealt.
    assert after.round == 4 and after.cabals == (cards("JC KS"), cards("QC"))
    assert after.results[-1].taken == c("KS") and after.starter == 1


def test_with_the_losers_cabal_empty_the_winner_takes_any_free_royal() -> None:
    state = ended(0, cabals=("JC", ""))
    choices = ENGINE.legal_moves(state)
    assert len(choices) == 13 and Take(c("JC")) not in choices and Take(c("BJ")) in choices
    assert "already in your cabal" in (ENGINE.why_illegal(state, Take(c("JC"))) or "")
    assert "not a royal" in (ENGINE.why_illegal(state, Take(c("7S"))) or "")
    held = replace(state, hands=(cards("2S"), cards("BJ 5H")))
    after = ENGINE.apply(held, Take(c("BJ")))
    assert after.cabals[0] == cards("JC BJ") and after.round == 4
    assert on_table(after).count(c("BJ")) == 1


def test_nothing_to_take_deals_the_next_round() -> None:
    # Every royal is in a cabal and the loser's is empty: nothing is taken.
    state = table(
        hands=("4S", "9C"), floor=("5D",), deck="2H", cabals=(" ".join(map(str, ROYALS)), "")
    )
    state = replace(state, supported=(False, False))
    after = ENGINE.apply(state, Stamp(c("4S"), c("5D")))
    assert after.round == 4 and after.results[-1].taken is None


def test_trades_share_rank_or_suit_and_never_move_jokers() -> None:
    state = ended(0, gained="QH JS BJ", cabals=("KC QH JS BJ", "QS KH RJ JD"))
    legal = ENGINE.legal_moves(state)
    assert legal == [
        Trade(c("JS"), c("JD")),
        Trade(c("JS"), c("QS")),
        Trade(c("QH"), c("QS")),
        Trade(c("QH"), c("KH")),
        Keep(),
    ]
    refusals = {
        "trade QH for JD": "share neither rank nor suit",
        "trade QH for RJ": "jokers are never traded",
        "trade BJ for KH": "jokers are never traded",
        "trade KC for KH": "not gained this round",
        "trade JS for KS": "not in the opponent's cabal",
        "take KH": "trades a royal gained this round",
    }
    for text, rule in refusals.items():
        with pytest.raises(IllegalMove, match=rule):
            ENGINE.apply(state, parse_move(text))
    after = ENGINE.apply(state, parse_move("trade qh FOR qs"))
    assert set(after.cabals[0]) == set(cards("KC QS JS BJ"))
    assert set(after.cabals[1]) == set(cards("QH KH RJ JD"))
    assert after.results[-1].traded == (c("QH"), c("QS")) and after.starter == 1
    kept = ENGINE.apply(state, Keep())
    assert kept.cabals == state.cabals and kept.results[-1].traded is None


def test_a_won_take_offers_a_trade_only_when_one_is_legal() -> None:
    state = ended(0, cabals=("", "QC QS"))
    after = ENGINE.apply(state, Take(c("QC")))
    assert after.phase == "trade" and after.gained == (c("QC"),)
    assert ENGINE.legal_moves(after) == [Trade(c("QC"), c("QS")), Keep()]


def test_the_game_is_won_only_from_a_supported_start() -> None:
    supported = "JH QH KH JS QS"
    state = table(hands=("4S", "9C"), floor=("5D",), deck="2H", cabals=(supported, "KS"))
    assert state.supported == (True, False)
    over = ENGINE.apply(state, Stamp(c("4S"), c("5D")))
    outcome = ENGINE.outcome(over)
    assert outcome is not None and outcome.code == "won" and outcome.winner == 0
    assert "hearts" in outcome.reason and outcome.rounds == 3
    assert over.cabals == state.cabals  # the deciding round's awards do not matter
    # Support won in this very round does not win the game.
    almost = table(
        hands=("4S", "9C"), floor=("5D",), deck="2H", wager="QS", cabals=("JH QH KH JS", "")
    )
    assert almost.supported == (False, False)
    after = ENGINE.apply(almost, Stamp(c("4S"), c("5D")))
    assert ENGINE.outcome(after) is None and after.round == 4
    assert is_supported(after.cabals[0], SUPPORT) and after.supported == (True, False)
    # The supported player losing a round does not end the game either.
    lost = table(hands=("9C", "4S"), floor=("5D",), deck="2H", cabals=(supported, ""), to_move=1)
    after = ENGINE.apply(lost, Stamp(c("4S"), c("5D")))
    assert ENGINE.outcome(after) is None and after.phase == "take"


def test_a_blocked_round_goes_to_fewer_number_cards_then_to_the_second_player() -> None:
    state = table(hands=("2S 9H QD", "7C"), floor=("5D",), starter=0)
    assert ENGINE.legal_moves(state) == [Pass()]
    assert "nothing to scuff" in (ENGINE.why_illegal(state, Scuff()) or "")
    once = ENGINE.apply(state, Pass())
    assert once.passes == 1 and once.to_move == 1 and once.phase == "stamp"
    twice = ENGINE.apply(once, Pass())
    assert twice.round_winner == 1 and twice.phase == "take"
    assert ENGINE.round_results([twice])[-1].how == "blocked"
    for starter, winner in ((0, 1), (1, 0)):
        even = table(hands=("2S", "7C"), floor=("5D",), starter=starter, passes=1)
        assert ENGINE.apply(even, Pass()).round_winner == winner
    stamping = table(hands=("4S 9H", "7C"), floor=("5D",))
    assert "while you can stamp (4S on 5D)" in (ENGINE.why_illegal(stamping, Pass()) or "")
    with_deck = table(hands=("2S", "7C"), floor=("5D",), deck="3H")
    assert "only when the deck is empty" in (ENGINE.why_illegal(with_deck, Pass()) or "")
    scuffed = ENGINE.apply(with_deck, Scuff())
    assert scuffed.hands[0] == cards("2S 3H") and scuffed.deck == ()
    # A stamp between passes starts the count again.
    reset = ENGINE.apply(
        table(hands=("2S", "6C 9C"), floor=("5D",), passes=1, to_move=1), Stamp(c("6C"), c("5D"))
    )
    assert reset.passes == 0


def test_the_round_limit_stops_a_game() -> None:
    engine = Galliard(replace(standard_setup(), max_rounds=1))
    states, outcome = play_game(engine, ("greedy", "greedy"), seed=4)
    assert outcome.code == "round-limit" and outcome.winner is None and outcome.rounds == 1
    assert "within 1 round" in outcome.reason and len(engine.round_results(states)) == 1
    with pytest.raises(ValueError, match="cannot be dealt"):
        Setup(hand_size=21, support=SUPPORT)


def test_deals_alternate_from_the_starter_and_skip_the_cabals() -> None:
    cabals = (cards("JH QH"), cards("RJ"))
    state = ENGINE.deal(seed=9, round=2, starter=1, cabals=cabals)
    free = [x for x in DECK if x not in cabals[0] + cabals[1]]
    order = list(range(len(free)))
    shuffle(random.Random(game_seed(9, 2)), order)
    dealt = [free[i] for i in order]
    assert state.hands[1] == tuple(dealt[0:20:2]) and state.hands[0] == tuple(dealt[1:20:2])
    assert state.deck == tuple(dealt[20:]) and state.to_move == 1
    assert ENGINE.new_game(seed=9) == ENGINE.new_game(seed=9) != ENGINE.new_game(seed=10)


def test_deals_are_pinned_so_records_replay_on_every_python() -> None:
    state = ENGINE.new_game(seed=5)
    assert " ".join(map(str, state.hands[0])) == "BJ 10S AH 9D 3C RJ AS 3H 3S QS"
    assert str(state.deck[0]) == "4S"


def test_a_dealt_hand_of_royals_wins_the_round_at_once() -> None:
    engine = Galliard(replace(standard_setup(), hand_size=1))
    seen = 0
    for seed in range(30):
        state = engine.new_game(seed=seed)
        royal = [not is_number(hand[0]) for hand in state.hands]
        if not any(royal):
            assert state.phase == "dance"
            continue
        seen += 1
        assert state.phase == "take" and state.round_winner == (0 if royal[0] else 1)
        assert state.results == () and engine.round_results([state])[0].how == "royals-only"
    assert seen >= 5


def test_moves_read_forgivingly_and_explain_mistakes() -> None:
    assert parse_move("  WAGER qh   dance 7s ") == Dance(c("7S"), c("QH"))
    assert parse_move("wager QH,stamp 6h on 7S") == Stamp(c("6H"), c("7S"), c("QH"))
    assert parse_move("Stamp 10h on 9h") == Stamp(c("10H"), c("9H"))
    assert parse_move("take rj") == Take(c("RJ"))
    assert [parse_move(t) for t in ("SCUFF", "pass ", "Keep")] == [Scuff(), Pass(), Keep()]
    for text in ("dance", "wager QH, scuff", "jump 7S", "dance 7X", "trade QH"):
        with pytest.raises(ValueError, match="is not a move"):
            parse_move(text)
    with pytest.raises(ValueError, match="'wager QH, dance 7S'"):
        parse_move("wager QH, keep")


# --- players and simulation -------------------------------------------------------------


def test_greedy_beats_random() -> None:
    tally = run_games(standard_setup(), ("greedy", "random"), 3, 0, 100)
    assert tally.wins[0] >= 60, tally.wins
    assert tally.rounds_started[0] > 0 and tally.rounds_started[1] > 0


def test_games_are_reproducible() -> None:
    one = play_game(ENGINE, ("greedy", "wager-50"), seed=21)
    two = play_game(ENGINE, ("greedy", "wager-50"), seed=21)
    assert one == two
    assert play_game(ENGINE, ("greedy", "wager-50"), seed=22)[0] != one[0]


def test_never_wagers_and_always_wagers() -> None:
    tally = run_games(standard_setup(), ("never", "always"), 5, 0, 6)
    assert tally.wagered[0] == 0 and tally.wagered[1] > 0
    summary = tally_summary(tally, ("never", "always"))
    assert summary["players"][0]["royals_wagered_per_round"] == 0


def test_tally_batches_merge_to_one_run() -> None:
    setup = standard_setup()
    players = ("greedy", "always")
    whole = run_games(setup, players, 17, 0, 10)
    merged = GalliardTally()
    for start, count in ((0, 3), (3, 1), (4, 6)):
        merged.merge(run_games(setup, players, 17, start, count))
    assert merged == whole
    summary = tally_summary(whole, players)
    assert summary["games"] == 10 == sum(whole.wins) + whole.round_limit
    assert sum(p["rounds_won"] for p in summary["players"]) == whole.rounds
    assert sum(e["rounds"] for e in summary["round_ends"].values()) == whole.rounds
    assert sum(whole.rounds_started) == whole.rounds
    low, high = summary["first_player"]["win_rate_95"]
    assert low <= whole.wins[0] / 10 <= high


def test_players_swap_seats_every_game() -> None:
    players = ("greedy", "random")
    tally = run_games(standard_setup(), players, 8, 0, 2)
    wins = [0, 0]
    for index, seated in ((0, players), (1, players[::-1])):
        outcome = play_game(ENGINE, seated, seed=game_seed(8, index))[1]
        assert outcome.winner is not None
        wins[players.index(seated[outcome.winner])] += 1
    assert tally.wins == wins
