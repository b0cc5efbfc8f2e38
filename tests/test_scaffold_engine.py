"""The Scaffold engine: seeded random play checked after every move, records, simulation."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.games.scaffold.load import parameters, standard_setup
from kitgen.games.scaffold.play import (
    PLAYERS,
    IllegalMove,
    Play,
    Scaffold,
    State,
    Trade,
    parse_move,
    play_game,
)
from kitgen.games.scaffold.rules import CENTRE, has_play, problems
from kitgen.model.standard import Card

DATA = Path(__file__).parent.parent / "data" / "scaffold" / "examples"
runner = CliRunner()


def _on_board(state: State) -> list[Card]:
    return [card for stack in state.stacks for card in stack]


def _check_state(engine: Scaffold, state: State) -> None:
    board = engine.board
    held = [*_on_board(state), *state.hands[0], *state.hands[1], *state.deck]
    assert len(held) == len(set(held)), "a card is in two places"
    # Every card is somewhere: face up, in a hand, in the pile, or face down under a space.
    assert len(held) == 52 - (len(board.spaces) - 1)
    assert problems(board, state.stacks, parameters().cap) == []
    for hand in state.hands:
        assert len(hand) <= engine.setup.hand_size


@pytest.mark.parametrize("mode", ["competitive", "cooperative"])
@pytest.mark.parametrize("hand", [7, 3])
def test_random_games_stay_consistent(mode: str, hand: int) -> None:
    engine = Scaffold(standard_setup(mode, hand))  # type: ignore[arg-type]
    rng = random.Random(f"{mode}{hand}")
    ends: Counter[str] = Counter()
    for seed in range(60):
        state = engine.new_game(seed=seed)
        _check_state(engine, state)
        while (outcome := engine.outcome(state)) is None:
            moves = engine.legal_moves(state)
            assert moves == sorted(set(moves), key=moves.index)  # unique, in order
            plays = [m for m in moves if isinstance(m, Play)]
            side = state.mover if mode == "cooperative" else None
            assert has_play(
                engine.board, state.stacks, state.hands[state.to_move], side, cap=3
            ) == bool(plays)
            assert plays == sorted(plays, key=lambda p: (p.cell, p.card))
            for move in moves:
                assert engine.why_illegal(state, move) is None
                assert parse_move(str(move)) == move
            if mode == "competitive" or state.to_move == 1:
                assert not any(isinstance(m, Trade) for m in moves)
            move = moves[rng.randrange(len(moves))]
            after = engine.apply(state, move)
            if isinstance(move, Play):
                assert after.stacks[move.cell][-1] == move.card
                drew = len(state.deck) - len(after.deck)
                assert drew == (1 if state.deck else 0)
            if mode == "cooperative":
                ended_turn = isinstance(move, Trade) or state.to_move == 1
                assert after.turns_left == state.turns_left - ended_turn
            _check_state(engine, after)
            state = after
        ends[outcome.code] += 1
        assert engine.legal_moves(state) == []
        with pytest.raises(IllegalMove, match="the game is over"):
            engine.apply(state, Play(state.hands[0][0] if state.hands[0] else Card(1, "S"), 0))
        if mode == "competitive":
            assert sum(outcome.scores.values()) <= 13
            if outcome.code == "built":
                assert sum(outcome.scores.values()) == 13
        else:
            assert outcome.scores["team"] <= engine.setup.turns
    assert ends["built"] + ends["no-play"] + ends["turns"] + ends["no-cards"] == 60


def test_a_deal_is_the_seeds_and_teams_take_their_cards() -> None:
    engine = Scaffold(standard_setup("cooperative", 5, 12))
    state = engine.new_game(seed=3)
    assert [len(h) for h in state.hands] == [5, 5]
    assert len(state.deck) == 52 - 17 - 10
    assert state.turns_left == 12 and len(state.stacks[CENTRE]) == 1
    assert engine.new_game(seed=3) == state  # reproducible
    assert engine.new_game(seed=4) != state


def test_deals_are_pinned_so_records_replay_on_every_python() -> None:
    state = Scaffold(standard_setup("competitive")).new_game(seed=5)
    assert str(state.stacks[CENTRE][0]) == "KH"
    assert [str(c) for c in state.hands[0]] == ["4C", "AD", "8D", "4D", "6D", "6S", "9C"]


def test_bad_deals_are_refused() -> None:
    engine = Scaffold(standard_setup("competitive", 1))
    c = Card.parse
    with pytest.raises(IllegalMove, match="dealt twice"):
        engine.deal(c("KS"), [c("KS")], [c("2H")], [])
    with pytest.raises(IllegalMove, match="jokers"):
        engine.deal(c("KS"), [c("RJ")], [c("2H")], [])
    with pytest.raises(IllegalMove, match="holds 2 cards"):
        engine.deal(c("KS"), [c("2S"), c("3S")], [c("2H")], [])


def test_a_player_without_a_legal_play_ends_the_competitive_game() -> None:
    c = Card.parse
    engine = Scaffold(standard_setup("competitive", 1))
    stacks: list[tuple[Card, ...]] = [() for _ in range(25)]
    for cell, text in ((12, "5S 6S 7S"), (7, "2H 3H 4H"), (11, "2D 3D 4D"), (13, "2C 3C 4C")):
        stacks[cell] = tuple(c(t) for t in text.split())  # the centre and ring one capped
    stacks[17] = (c("3S"),)
    state = State(tuple(stacks), ((c("KD"),), (c("AC"),)), ())
    outcome = engine.outcome(state)
    assert outcome is not None and outcome.code == "no-play"
    assert outcome.reason == "red has no legal play"
    assert outcome.scores == {"red": 2, "black": 3} and outcome.winner == "black"
    # Black, to move instead, could play the ace beside a four.
    assert engine.outcome(State(tuple(stacks), state.hands, (), to_move=1)) is None


def test_trades_are_cooperative_and_start_a_turn() -> None:
    c = Card.parse
    engine = Scaffold(standard_setup("cooperative", 2, 4))
    state = engine.deal(c("KS"), [c("9S"), c("8H")], [c("7H"), c("6C")], [c("5D")])
    trade = Trade(c("9S"), c("7H"))
    assert trade in engine.legal_moves(state)
    after = engine.apply(state, trade)
    assert sorted(after.hands[0]) == sorted([c("8H"), c("7H")])
    assert after.turns_left == 3 and after.to_move == 0
    played = engine.apply(after, Play(c("8H"), 7))
    with pytest.raises(IllegalMove, match="comes before red's play"):
        engine.apply(played, Trade(c("7H"), c("6C")))
    with pytest.raises(IllegalMove, match="not in red's hand"):
        engine.apply(state, Trade(c("6C"), c("7H")))
    with pytest.raises(IllegalMove, match="cooperative game only"):
        Scaffold(standard_setup("competitive", 2)).apply(state, trade)


def test_the_turn_that_ends_the_game_uses_its_counter() -> None:
    c = Card.parse
    engine = Scaffold(standard_setup("cooperative", 2, 5))
    # Red can play (and keeps a card), black then has no legal play: the game ends
    # inside turn one.
    state = engine.deal(c("2S"), [c("2H"), c("AH")], [c("KC"), c("QC")], [])
    state = engine.apply(state, Play(c("2H"), 7))
    outcome = engine.outcome(state)
    assert outcome is not None and outcome.code == "no-play"
    assert outcome.detail.turns_left == 4  # type: ignore[union-attr]


def test_greedy_beats_random_in_the_competitive_game() -> None:
    engine = Scaffold(standard_setup("competitive"))
    wins = Counter(play_game(engine, ("greedy", "random"), seed=s)[1].winner for s in range(80))
    assert wins["red"] >= 55, wins


def test_greedy_teams_score_better_than_random_teams() -> None:
    engine = Scaffold(standard_setup("cooperative"))
    totals = {
        name: sum(play_game(engine, (name, name), seed=s)[1].scores["team"] for s in range(60))
        for name in PLAYERS
    }
    assert totals["greedy"] > totals["random"] + 60 * 4, totals


# --- records ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "want"),
    [
        ("competitive-game.yaml", {"winner": "red", "scores": {"red": 8, "black": 5}}),
        ("cooperative-game.yaml", {"winner": None, "scores": {"team": -3}}),
    ],
)
def test_the_example_games_replay(name: str, want: dict) -> None:  # type: ignore[type-arg]
    result = runner.invoke(app, ["replay", str(DATA / name), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {k: data[k] for k in want} == want


@pytest.mark.parametrize("mode", ["competitive", "cooperative"])
def test_records_round_trip(tmp_path: Path, mode: str) -> None:
    engine = Scaffold(standard_setup(mode, 5))  # type: ignore[arg-type]
    states, outcome = play_game(engine, ("random", "greedy"), seed=21)
    moves = [str(s.last) for s in states[1:]]
    path = tmp_path / "game.yaml"
    path.write_text(
        f"game: scaffold\nkind: record\nmode: {mode}\nhand_size: 5\nseed: 21\nmoves:\n"
        + "".join(f"  - {m}\n" for m in moves)
    )
    result = runner.invoke(app, ["replay", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["scores"] == outcome.scores and data["moves"] == len(moves)
    assert data["reason"] == outcome.reason


def test_an_explicit_deal_replays(tmp_path: Path) -> None:
    # Red plays QH and draws the pile's only card, 9H; black plays JC; red 2D; black 3S,
    # its last card: the game ends there (RULES.md: it ends when a player has no cards),
    # with 9H still in red's hand. Red tops r2c3 and r1c3; black the centre, r3c2, r3c1.
    path = tmp_path / "deal.yaml"
    deal = (
        "game: scaffold\nkind: record\nhand_size: 2\n"
        "deal: {centre: KS, red: [QH, 2D], black: [JC, 3S], deck: [9H]}\n"
    )
    path.write_text(deal + "moves: [QH@r2c3, JC@r3c2, 2D@r1c3, 3S@r3c1]\n")
    result = runner.invoke(app, ["replay", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["scores"] == {"red": 2, "black": 3} and data["reason"] == "black has no cards left"
    assert data["winner"] == "black"
    # Red's 9H after that is a move after the end (it used to be played, for a 3-3 tie).
    path.write_text(deal + "moves:\n- QH@r2c3\n- JC@r3c2\n- 2D@r1c3\n- 3S@r3c1\n- 9H@r3c4\n")
    result = runner.invoke(app, ["replay", str(path), "--format", "json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data["illegal"]["index"] == 4 and data["illegal"]["line"] == 10
    assert [f["code"] for f in data["findings"]] == ["game-over"]
    assert data["scores"] == {"red": 2, "black": 3}
    check = runner.invoke(app, ["check", str(path)])
    assert check.exit_code == 1 and "deal.yaml:10:3: error game-over" in check.output


def test_the_player_who_plays_their_last_card_ends_the_game() -> None:
    c = Card.parse
    # Competitive, hands of one, no draw pile: red's QH on r2c3 (below the centre's
    # king) is red's last card, so the game ends at once, 1-1 (red r2c3, black the
    # centre), although black could still play JC beside the king.
    engine = Scaffold(standard_setup("competitive", 1))
    state = engine.apply(engine.deal(c("KS"), [c("QH")], [c("JC")], []), Play(c("QH"), 7))
    assert state.hands == ((), (c("JC"),)) and state.to_move == 1
    outcome = engine.outcome(state)
    assert outcome is not None and outcome.code == "no-cards"
    assert outcome.reason == "red has no cards left"
    assert outcome.scores == {"red": 1, "black": 1} and outcome.winner is None
    assert engine.legal_moves(state) == []
    with pytest.raises(IllegalMove, match="the game is over: red has no cards left"):
        engine.apply(state, Play(c("JC"), 11))
    # Cooperative, hands of one, one card to draw: red plays QH on r2c3 and draws 10D,
    # black plays JC on r4c3, its last card. Black's play ended turn one and took its
    # counter (5 -> 4); the game ends there, between turns, so no second counter comes
    # off: 4 turns left, minus 14 side spaces unconstructed = -10.
    engine = Scaffold(standard_setup("cooperative", 1, 5))
    state = engine.deal(c("KS"), [c("QH")], [c("JC")], [c("10D")])
    state = engine.apply(state, Play(c("QH"), 7))
    assert engine.outcome(state) is None
    state = engine.apply(state, Play(c("JC"), 17))
    assert state.hands == ((c("10D"),), ()) and state.turns_left == 4
    outcome = engine.outcome(state)
    assert outcome is not None and outcome.reason == "black has no cards left"
    assert outcome.scores == {"team": 4 - 14}
    # Red's last card ends the game inside turn one: its counter comes off, 4 - 15 = -11.
    state = engine.apply(engine.deal(c("KS"), [c("QH")], [c("JC")], []), Play(c("QH"), 7))
    outcome = engine.outcome(state)
    assert outcome is not None and outcome.reason == "red has no cards left"
    assert outcome.scores == {"team": 4 - 15}


def test_broken_records_are_located(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "game: scaffold\nkind: record\nseed: 5\nplayers: {red: Ada, black: Bo}\nmoves:\n"
        "  - AD@r3c2\n"
        "  - KS@r1c1\n"
    )
    result = runner.invoke(app, ["replay", str(path), "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["illegal"]["index"] == 1 and data["illegal"]["line"] == 7
    check = runner.invoke(app, ["check", str(path)])
    assert "bad.yaml:7:5: error illegal-move move 2 (Bo: KS@r1c1)" in check.output
    path.write_text("game: scaffold\nkind: record\nseed: 5\nmoves: [AD@3,2]\n")
    check = runner.invoke(app, ["check", str(path)])
    assert "move-syntax" in check.output and "r<row>c<column>" in check.output
    path.write_text(
        "game: scaffold\nkind: record\nhand_size: 1\n"
        "deal: {centre: 2S, red: [KH], black: [5D], deck: [5D]}\n"
    )
    check = runner.invoke(app, ["check", str(path)])
    assert "card-twice" in check.output and "5D is dealt twice" in check.output


# --- simulation -------------------------------------------------------------------------------


def test_simulation_is_reproducible_and_split_free() -> None:
    args = ["simulate", "scaffold", "-n", "60", "--mode", "cooperative", "--hand", "7,3"]
    args += ["--turns", "16,8", "--players", "greedy", "--format", "json"]
    one = runner.invoke(app, [*args, "--jobs", "1"])
    two = runner.invoke(app, [*args, "--jobs", "2"])
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout
    report = json.loads(one.stdout)
    rows = {(r["hand_size"], r["turns"]): r for r in report["setups"]}
    assert set(rows) == {(7, 16), (7, 8), (3, 16), (3, 8)}
    for row in rows.values():
        assert sum(row["ends"].values()) == row["games"] == 60
        assert sum(row["scores"].values()) == 60
        assert row["mean_score"] <= row["turns"]


def test_competitive_simulation_counts_every_game() -> None:
    result = runner.invoke(
        app, ["simulate", "scaffold", "-n", "50", "--players", "greedy,random", "-f", "json"]
    )
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout)["setups"][0]
    wins = round(row["red_wins"]["rate"] * 50) + round(row["black_wins"]["rate"] * 50)
    assert wins + row["ties"] == 50
    assert row["red_wins"]["rate"] > 0.6  # greedy red against random black


def test_simulate_refuses_bad_options() -> None:
    for extra in (["--mode", "solo"], ["--hand", "x"], ["--players", "a,b,c"], ["--hand", "0"]):
        result = runner.invoke(app, ["simulate", "scaffold", "-n", "5", *extra])
        assert result.exit_code == 2, (extra, result.output)
        assert "Traceback" not in result.output


def test_the_competitive_greedy_measure_is_worked_out_from_one_count() -> None:
    """`_competitive_keys` (the board counted once a turn) gives every play the key the
    plain `_competitive_key` gives it (the board scored again for each play)."""
    from kitgen.games.scaffold.play import _competitive_key, _competitive_keys

    for hand in (7, 3):
        engine = Scaffold(standard_setup("competitive", hand))
        checked = capped = 0
        for seed in range(12):
            states, _ = play_game(engine, ("greedy", "random"), seed=seed)
            for state in states:
                plays = [m for m in engine.legal_moves(state) if isinstance(m, Play)]
                keys = _competitive_keys(engine, state, plays)
                assert keys == [(_competitive_key(engine, state, p), p) for p in plays], seed
                checked += len(plays)
                capped += sum(1 for key, _ in keys if key[1] > 0)
        assert checked > 2_000 and capped > 100
