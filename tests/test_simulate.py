"""Simulations: reproducible by seed whatever the number of processes, and sane numbers."""

from __future__ import annotations

import functools
import itertools
import json
from pathlib import Path

import pytest
from conftest import write
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.games.scratch.load import official
from kitgen.games.scratch.play import Catalog, Outcome, Scratch
from kitgen.games.scratch.players import PLAYERS, Player, play_game, run_match
from kitgen.games.scratch.simulate import _setup
from kitgen.games.scratch.stats import Tally, run_batch, summary
from kitgen.paths import data_dir
from kitgen.rules.simulate import game_seed, wilson

runner = CliRunner()
DECKS = data_dir() / "scratch" / "decks"
A, B = str(DECKS / "monster-rush.yaml"), str(DECKS / "swap-and-flip.yaml")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def simulate_json(*extra: str) -> dict[str, object]:
    code, out, err = run("simulate", A, B, "--format", "json", *extra)
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


def test_same_seed_same_results_with_any_number_of_processes() -> None:
    one = simulate_json("--games", "120", "--seed", "9", "--players", "greedy,random")
    two = simulate_json(
        "--games", "120", "--seed", "9", "--players", "greedy,random", "--jobs", "2"
    )
    assert one == two
    other = simulate_json("--games", "120", "--seed", "10", "--players", "greedy,random")
    assert other != one


def test_report_adds_up() -> None:
    data = simulate_json("--games", "200", "--seed", "4")
    decks = data["decks"]
    assert isinstance(decks, list)
    assert decks[0]["wins"] + decks[1]["wins"] == data["games"] == 200
    assert sum(data["endings"].values()) == 200  # type: ignore[union-attr]
    for deck in decks:
        low, high = deck["win_rate_95"]
        assert low <= deck["win_rate"] <= high
        names = {c["card"] for c in deck["cards"]}
        assert names  # every deck played some cards
        for card in deck["cards"]:
            assert 0 <= card["games_played"] <= 200
            if card["games_played"]:
                assert 0 <= card["win_rate_when_played"] <= 1
            # Games with and without the card in the opening hand add up to the deck's wins.
            dealt = card["games_in_opening_hand"]
            assert 0 < dealt < 200
            won = card["win_rate_in_opening_hand"] * dealt
            won += card["win_rate_not_in_opening_hand"] * (200 - dealt)
            assert won == pytest.approx(deck["wins"], abs=0.1)
            lift = card["win_rate_in_opening_hand"] - card["win_rate_not_in_opening_hand"]
            assert card["lift"] == pytest.approx(lift, abs=2e-4)
    first = data["first_player"]
    assert isinstance(first, dict) and 0 <= first["win_rate"] <= 1


def test_a_stronger_player_shows() -> None:
    data = simulate_json("--games", "200", "--seed", "2", "--players", "greedy,random")
    decks = data["decks"]
    assert isinstance(decks, list) and decks[0]["win_rate"] > 0.8


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_human_report() -> None:
    code, out, _ = run("simulate", A, B, "--games", "40", "--seed", "1")
    assert code == 0
    assert out.startswith("Monster rush (random) against Swap and flip (random): 40 games")
    assert "the player who moves first wins" in out and "how games end (95%):" in out
    assert "opening" in out and "lift" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "random"], "two names"),
        (["--players", "random,clever"], "unknown player"),
        (["--games", "0"], "--games"),
        (["--jobs", "0"], "--jobs"),
    ],
)
def test_bad_options(args: list[str], words: str) -> None:
    code, out, err = run("simulate", A, B, *args)
    assert code == 2 and out == "" and words in err and "Traceback" not in err


def test_a_broken_deck_is_reported(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.yaml", "game: scratch\nkind: deck\nname: Bad\ncards: {Worg: 4}\n")
    code, out, err = run("simulate", bad, B, "--games", "5")
    assert code == 1 and out == "" and "deck-size" in err


def test_a_card_that_pulls_its_weight_shows_a_lift() -> None:
    # One Gargoyle (6 6 4 4, First strike!) among Captains of the Guard (5 4 6 3),
    # against Worgs (5 5 3 6): games with it in the opening hand go clearly better.
    off = official()
    engine = Scratch(Catalog(off.pool), off.params)
    decks = (["Gargoyle"] + ["Captain of the Guard"] * 9, ["Worg"] * 10)
    tally = run_batch(engine, decks, ("greedy", "greedy"), 5, range(1500))
    report = summary(tally, ("Gargoyle", "Worgs"), ("greedy", "greedy"), 5)
    cards = {c["card"]: c for c in report["decks"][0]["cards"]}
    assert (
        cards["Captain of the Guard"]["lift"] is None
    )  # always in the opening hand: nothing to compare
    assert cards["Gargoyle"]["games_in_opening_hand"] == pytest.approx(750, abs=90)
    assert cards["Gargoyle"]["lift"] > 0.25, cards["Gargoyle"]


def test_match_play() -> None:
    args = ("--games", "60", "--seed", "3", "--players", "greedy,random", "--match")
    data = simulate_json(*args)
    matches = data["matches"]
    assert isinstance(matches, dict)
    assert matches["played"] == 60 and matches["target"] == 5
    assert sum(matches["wins"]) == 60 and matches["wins"][0] > matches["wins"][1]
    games = data["games"]
    assert isinstance(games, int) and games >= 2 * 60  # nobody reaches 5 points in one game
    assert matches["games_per_match"] == round(games / 60, 2)
    assert simulate_json(*args, "--jobs", "2") == data
    assert simulate_json("--games", "10")["matches"] is None
    code, out, _ = run("simulate", A, B, *args)
    assert code == 0 and "60 matches to 5 points" in out and "of the matches" in out


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        ((A, B, "--games", "1000"), "game 1,000/1,000"),
        ((A, B, "--games", "60", "--match"), "match 60/60"),
        (("shapeup", "--games", "60"), "round 60/60"),
        (("galliard", "--games", "10"), "game 10/10"),
    ],
)
def test_the_progress_bar_counts_games(
    monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], shown: str
) -> None:
    """On a terminal, simulate's bar counts what it plays (it said `page 50/1000000`)."""
    from kitgen.cli.common import Progress

    monkeypatch.setattr(Progress, "on_terminal", classmethod(lambda cls, noun="page": cls(noun)))
    code, _, err = run("simulate", *args)
    assert code == 0, err
    assert err.rstrip().endswith(shown), err[-200:]
    assert "page" not in err


def test_the_second_decks_own_powers_and_rarities_play(tmp_path: Path) -> None:
    """A deck with cards of its own plays them with their powers, second seat too: the
    simulation took only the second deck's cards, so a power (or rarity) its own card
    file declares was lost, and the card played as one without it."""
    from kitgen.games.scratch.simulate import _setup

    game = tmp_path / "game"
    result = runner.invoke(app, ["new", "game", "Tinker", "--dir", str(game)])
    assert result.exit_code == 0, result.output
    deck = str(game / "tinker" / "deck.yaml")
    for paths in ((A, deck), (deck, A)):
        engine, _, _ = _setup(paths)
        hound = engine.catalog.cards[engine.catalog.find("Scrap Hound")]
        assert hound.power == "spare-parts", paths
        assert hound.faction == "tinkerer", paths


def play_plainly(
    engine: Scratch,
    tally: Tally,
    decks: tuple[list[str], list[str]],
    players: tuple[Player, Player],
    deck: tuple[int, int],
    first: int,
    seed: int,
) -> Outcome:
    """One game through the State engine (every position built), counted name by name."""
    states = play_game(engine, decks, players, seed=seed, first=first)
    outcome = states[-1].outcome
    assert outcome is not None
    tally.games += 1
    tally.wins[deck[outcome.winner]] += 1
    tally.winners.append(deck[outcome.winner])
    tally.points[deck[outcome.winner]] += outcome.points
    tally.first_wins += outcome.winner == first
    tally.reasons[outcome.reason] += 1
    tally.moves += len(states) - 1
    tally.scores[(deck[outcome.winner], outcome.points)] += 1
    tally.lengths[len(states) - 1] += 1
    played: list[set[str]] = [set(), set()]
    for before, after in itertools.pairwise(states):
        move, seat = after.last, before.to_move
        assert move is not None
        played[seat].add(move.card)
        for cell in range(9):
            if before.owner[cell] == 1 - seat and after.owner[cell] == seat:
                name = engine.catalog.cards[before.cards[cell]].name
                tally.captures[(deck[seat], move.card)] += 1
                tally.captured[(deck[1 - seat], name)] += 1
    for s in (0, 1):
        dealt = {engine.catalog.cards[c].name for c in states[0].hands[s]}
        for names, counts, won in (
            (played[s], tally.played, tally.played_won),
            (dealt, tally.opening, tally.opening_won),
        ):
            for name in names:
                counts[(deck[s], name)] += 1
                won[(deck[s], name)] += outcome.winner == s
    return outcome


def plain_tally(
    paths: tuple[str, str], players: tuple[str, str], seed: int, indices: range, matches: bool
) -> Tally:
    """What run_batch counts, written plainly: every game played through the State
    engine and counted card name by card name."""
    engine, decks, _ = _setup(paths)
    tally = Tally()
    for index in indices:
        deck = (1, 0) if index % 2 == 1 else (0, 1)
        seats = (decks[deck[0]], decks[deck[1]])
        chosen = (PLAYERS[players[deck[0]]](), PLAYERS[players[deck[1]]]())
        play = functools.partial(play_plainly, engine, tally, seats, chosen, deck)
        if matches:
            target = engine.params.match_target
            match = run_match(target, chosen, game_seed(seed, index), play)
            assert match.winner is not None
            tally.matches += 1
            tally.match_wins[deck[match.winner]] += 1
        else:
            play(0, game_seed(seed, index))
    return tally


@pytest.mark.parametrize(
    ("decks", "players", "matches"),
    [
        (("monster-rush", "swap-and-flip"), ("random", "random"), False),
        (("swap-and-flip", "royal-court"), ("greedy", "random"), False),
        (("hold-the-line", "monster-rush"), ("greedy", "greedy"), False),
        (("royal-court", "swap-and-flip"), ("random", "greedy"), True),
    ],
)
def test_the_fast_counts_are_the_counts_of_every_game_played_plainly(
    decks: tuple[str, str], players: tuple[str, str], matches: bool
) -> None:
    """run_batch deals and plays on lists and counts by catalog index; the numbers are
    those of the same games played on the State engine and counted by name."""
    paths = (str(DECKS / f"{decks[0]}.yaml"), str(DECKS / f"{decks[1]}.yaml"))
    engine, cards, _ = _setup(paths)
    indices = range(7, 7 + (40 if matches else 300))
    fast = run_batch(engine, cards, players, 11, indices, matches=matches)
    plain = plain_tally(paths, players, 11, indices, matches)
    assert fast == plain
    # Nothing is counted under a name twice, and every count is there.
    assert sum(fast.captures.values()) == sum(fast.captured.values()) > 0
    assert all(count > 0 for count in (*fast.played.values(), *fast.opening.values()))
