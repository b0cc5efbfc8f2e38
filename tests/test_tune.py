"""`kitgen tune`: Scratch's deck tuner finds the swap that undoes a weakening, never
proposes an illegal deck, answers the same for the same seed, and stops cleanly."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import interrupt_me
from test_names_any_script import GREEK_CARDS as GREEK_POOL
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.games.scratch import rules
from kitgen.games.scratch.load import official, scratch_pool
from kitgen.games.scratch.model import ScratchDeckFile
from kitgen.games.scratch.tune import Results, Swap, legal_swaps, pool_names, schedule
from kitgen.games.scratch.tune_cli import report_lines
from kitgen.games.scratch.tuning import PASS, tune
from kitgen.load.documents import read_document
from kitgen.paths import data_dir

runner = CliRunner()
DECKS = data_dir() / "scratch" / "decks"
RUSH, COURT = str(DECKS / "monster-rush.yaml"), str(DECKS / "royal-court.yaml")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["tune", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def weakened(tmp_path: Path) -> str:
    """Monster rush with its best card (Gargoyle: greedy play's biggest lift, +47%) swapped
    for a third copy of its worst (Worg: the lowest lift)."""
    text = Path(RUSH).read_text(encoding="utf-8")
    text = text.replace("  Worg: 2\n", "  Worg: 3\n").replace("  Gargoyle: 1\n", "")
    assert "Gargoyle" not in text.split("cards:")[1]
    path = tmp_path / "weakened.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_tuner_finds_the_swap_that_undoes_a_weakening(weakened: str) -> None:
    code, out, err = run(
        weakened, "--against", COURT, "--players", "greedy,greedy", "-f", "json", "-n", "100"
    )
    assert code == 0, err
    report = json.loads(out)
    top3 = [(s["remove"], s["add"]) for s in report["raising"][:3]]
    assert ("Worg", "Gargoyle") in top3, top3
    best = report["raising"][0]
    assert best["significant"] and best["gain"] > 0.2
    assert best["gain_95"][0] > 0
    # The text lists the same swaps, best first.
    text = report_lines(report)
    first = next(line for line in text if line.lstrip().startswith("1. "))
    assert f"-{best['remove']} +{best['add']}" in first and first.rstrip().endswith("games")


def test_it_never_proposes_an_illegal_deck() -> None:
    doc = read_document(RUSH)
    assert isinstance(doc.model, ScratchDeckFile)
    pool, _ = scratch_pool(doc)
    off = official()

    def errors(deck: ScratchDeckFile) -> bool:
        found = rules.check_deck(deck, pool, off.params, off.deck_rules)
        return any(f.is_error for f in found)

    names = pool_names(pool)
    swaps = legal_swaps(doc.model, names, lambda d: rules.check_deck(d, pool, off.params))
    kept = set(swaps)
    every = {Swap(r, a) for r in doc.model.cards for a in names if a != r}
    assert kept < every  # some swaps break the rules: Monster rush has just 5 commons
    assert Swap("Worg", "Gargoyle") not in kept
    for swap in every:
        changed = doc.model.model_copy(update={"cards": swap.deck(doc.model.cards)})
        assert errors(changed) == (swap not in kept), swap
        assert sum(changed.cards.values()) == 10


def test_the_same_seed_gives_the_same_answer_with_any_number_of_processes(weakened: str) -> None:
    args = (weakened, "--against", COURT, "-n", "20", "--top", "3", "-f", "json")
    one = json.loads(run(*args)[1])
    assert json.loads(run(*args, "--jobs", "2")[1]) == one
    other = json.loads(run(*args, "--seed", "2")[1])
    assert other["seed"] == 2 and other["best"] != one["best"]


def _clock(step: float) -> Iterator[float]:
    t = 0.0
    while True:
        yield t
        t += step


def test_a_budget_ranks_on_whole_passes_and_says_it_stopped(weakened: str) -> None:
    """A clock that moves 0.1 s a reading: a 30-second budget stops in the first
    round's passes; every swap has played the same whole passes."""
    ticks = _clock(0.1)
    report, _ = tune(
        weakened,
        COURT,
        players=("greedy", "greedy"),
        games=200,
        top=5,
        seed=1,
        budget=30,
        clock=lambda: next(ticks),
    )
    assert report is not None and report["stopped"] == "budget"
    games = report["deck_as_it_is"]["games"]
    assert games % PASS == 0 and 0 < games < 200
    assert report["rounds"] == [{"round": 1, "swaps": report["swaps_tried"], "games_each": games}]
    assert {s["games"] for s in report["best"]} == {games}
    # The same budget on the same clock gives the same answer.
    ticks = _clock(0.1)
    again, _ = tune(
        weakened, COURT, players=("greedy", "greedy"), games=200, top=5, seed=1, budget=30,
        clock=lambda: next(ticks),
    )  # fmt: skip
    assert again == report
    # Too small a budget for the first pass is one clear error.
    code, out, err = run(weakened, "--against", COURT, "--budget", "0.000001")
    assert code == 1 and out == ""
    assert err.startswith("kitgen: error: the budget ran out before every swap had played")


def test_ctrl_c_stops_after_the_batch_in_hand_and_ranks_what_was_played(
    weakened: str,
) -> None:
    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if len(seen) == 400:  # within the first round's third pass
            interrupt_me()

    report, _ = tune(
        weakened, COURT, players=("greedy", "greedy"), games=200, top=5, seed=1,
        progress=progress,
    )  # fmt: skip
    assert report is not None and report["stopped"] == "Ctrl-C"
    assert len(seen) == 400
    assert report["deck_as_it_is"]["games"] == 2 * PASS  # two whole passes
    assert {s["games"] for s in report["best"]} == {2 * PASS}


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--games", "0"], 2, "kitgen: error: --games must be from 1 to 1,000,000"),
        (["--top", "0"], 2, "kitgen: error: --top must be from 1 to 50"),
        (["--budget", "0"], 2, "kitgen: error: --budget must be a number of seconds above 0"),
        (["--players", "greedy"], 2, "kitgen: error: --players takes two names"),
        (["--players", "greedy,wizard"], 2, "kitgen: error: unknown player 'wizard'"),
    ],
)
def test_bad_options_are_one_line(args: list[str], code: int, message: str) -> None:
    got, out, err = run(RUSH, "--against", COURT, *args)
    assert (got, out) == (code, "")
    assert err.startswith(message) and err.count("\n") == 1


def test_an_illegal_deck_is_its_findings_and_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    text = Path(RUSH).read_text(encoding="utf-8").replace("  Worg: 2\n", "  Worg: 1\n")
    bad.write_text(text, encoding="utf-8")
    code, out, err = run(str(bad), "--against", COURT)
    assert code == 1 and out == ""
    assert "bad.yaml:" in err and "error" in err and "Traceback" not in err


def test_a_pool_with_no_legal_swap_is_one_line_and_exit_1(tmp_path: Path) -> None:
    """A deck of ten Worgs, and a pool of only Worg: there is nothing to swap in."""
    deck = tmp_path / "worgs.yaml"
    deck.write_text(
        "game: scratch\nkind: deck\nname: Worgs\ncards:\n  Worg: 10\n", encoding="utf-8"
    )
    pool = tmp_path / "pool.yaml"
    pool.write_text(
        "game: scratch\nkind: cards\ncards:\n  - name: Worg\n    faction: monster\n"
        "    rarity: common\n    stats: {top: 5, right: 5, bottom: 3, left: 6}\n",
        encoding="utf-8",
    )
    code, out, err = run(str(deck), "--against", COURT, "--pool", str(pool))
    assert (code, out) == (1, "")
    assert err == (
        f"kitgen: error: no card of {pool} can replace one of {deck}'s and keep it legal: "
        "no swap to try\n"
    )
    # The same deck with every card in reach has swaps to try.
    code, out, _ = run(str(deck), "--against", COURT, "-n", "50", "-f", "json")
    assert code == 0 and json.loads(out)["swaps_tried"] > 10
    # A deck file as the pool: not a cards file.
    code, out, err = run(RUSH, "--against", COURT, "--pool", COURT)
    assert (code, out) == (2, "")
    assert err.startswith("kitgen: error: ") and "not a Scratch cards file" in err


def test_schedule_and_paired_gain() -> None:
    assert schedule(140, 200, 5) == [(140, 200), (35, 400), (10, 1200)]
    assert schedule(12, 100, 5) == [(12, 100), (10, 200), (10, 600)]
    assert schedule(4, 100, 5) == [(4, 100)]
    results = Results()
    swap = Swap("a", "b")
    results.add(None, [1, 0, 0, 1, 0, 1])
    results.add(swap, [1, 1, 0, 1, 1, 1])
    gain = results.gain(swap)
    assert gain is not None and gain[0] == pytest.approx(2 / 6)
    assert gain[1] < gain[0] < gain[2]
    assert results.ranked([Swap("x", "y"), swap]) == [swap, Swap("x", "y")]


def test_ctrl_c_before_the_first_pass_is_one_line_and_status_130(weakened: str) -> None:
    from kitgen.games.scratch.tuning import StoppedEarly

    def progress(done: int, total: int) -> None:
        if done == PASS:  # the first batch: the deck as it is
            interrupt_me()

    with pytest.raises(StoppedEarly) as stopped:
        tune(
            weakened, COURT, players=("greedy", "greedy"), games=200, top=5, seed=1,
            progress=progress,
        )  # fmt: skip
    assert stopped.value.exit_code == 130
    assert str(stopped.value) == (
        f"stopped by Ctrl-C before every swap had played its first {PASS} games"
    )


def test_the_opponents_own_cards_are_not_swapped_in(weakened: str, tmp_path: Path) -> None:
    """Without --pool, a swap draws from the cards in reach of MY_DECK: the opponent's
    own card files stay its own, though they play in the games. (Which swaps are tried
    does not depend on the games: a few each are enough.)"""
    (tmp_path / "beasts.yaml").write_text(
        "game: scratch\nkind: cards\ncards:\n  - name: Testbeast\n    faction: monster\n"
        "    rarity: common\n    stats: {top: 8, right: 8, bottom: 2, left: 1}\n",
        encoding="utf-8",
    )
    beasts = tmp_path / "beasts-deck.yaml"
    beasts.write_text(
        "game: scratch\nkind: deck\nname: Beasts\nuses: [beasts.yaml]\ncards:\n"
        "  Testbeast: 5\n  Worg: 5\n",
        encoding="utf-8",
    )
    code, out, err = run(weakened, "--against", str(beasts), "-n", "4", "--top", "50", "-f", "json")
    assert code == 0, err
    report = json.loads(out)
    assert "Testbeast" not in {s["add"] for s in report["best"]}
    # The swaps tried are the same as against a deck of official cards only.
    code, out, _ = run(weakened, "--against", COURT, "-n", "4", "-f", "json")
    assert report["swaps_tried"] == json.loads(out)["swaps_tried"]
    # The same card file as --pool is what may come in, and only it.
    code, out, err = run(
        weakened, "--against", COURT, "--pool", str(tmp_path / "beasts.yaml"), "-n", "4",
        "-f", "json",
    )  # fmt: skip
    assert code == 0, err
    assert {s["add"] for s in json.loads(out)["best"]} == {"Testbeast"}


def test_the_gains_reported_are_measured_on_fresh_games(weakened: str) -> None:
    """The rounds choose the finalists on their own games, which flatters the luckiest:
    the gains reported are measured again on as many games with seeds no round played."""
    from collections import Counter

    from kitgen.games.scratch.tuning import _batch
    from kitgen.rules.simulate import mean_interval

    report, _ = tune(weakened, COURT, players=("greedy", "greedy"), games=20, top=2, seed=3)
    assert report is not None and report["stopped"] is None
    played = report["rounds"][-1]["games_each"]
    assert report["fresh_games"] == played == report["deck_as_it_is"]["games"]
    paths = (weakened, COURT, None)
    fresh = range(played, 2 * played)

    def won(swap: Swap | None, games: range) -> list[int]:
        return _batch((paths, swap, ("greedy", "greedy"), 3, games.start, games.stop, False))

    base = won(None, fresh)
    assert report["deck_as_it_is"]["win_rate"] == round(sum(base) / played, 4)
    assert len(report["best"]) == 2
    for listed in report["best"]:
        assert listed["games"] == played
        swap = Swap(listed["remove"], listed["add"])
        mine = won(swap, fresh)
        gain = mean_interval(Counter(a - b for a, b in zip(mine, base, strict=True)))
        assert gain is not None and listed["gain"] == round(gain[0], 4)
        assert listed["gain_95"] == [round(gain[1], 4), round(gain[2], 4)]
        # (not the gain on the games that chose it)
        chosen = won(swap, range(played))
        assert listed["win_rate"] == round(sum(mine) / played, 4) != round(sum(chosen) / played, 4)


def test_a_pool_of_greek_and_cyrillic_cards_offers_each_card(tmp_path: Path) -> None:
    """Before issue 35 (item 15), every name of another script had one key: the pool's
    two cards were one (`duplicate-card`), and the tuner said so and stopped."""
    pool = tmp_path / "greek.yaml"
    pool.write_text(GREEK_POOL, encoding="utf-8")
    code, out, err = run(
        RUSH, "--against", COURT, "--pool", str(pool), "-n", "20", "--top", "50", "-f", "json"
    )
    assert code == 0, err
    report = json.loads(out)
    assert {s["add"] for s in report["best"]} == {"Буря", "Πελαργός"}


def test_a_deck_naming_one_card_on_two_lines_tunes_with_every_copy(tmp_path: Path) -> None:
    """Monster rush with its two Worgs written on two lines, in two spellings: the same
    deck, the same games, the same report (the second line used to replace the first,
    leaving a 9-card deck that no swap could make legal)."""
    text = Path(RUSH).read_text(encoding="utf-8").replace("  Worg: 2\n", "  Worg: 1\n  WORG!: 1\n")
    split = tmp_path / "split.yaml"
    split.write_text(text, encoding="utf-8")
    code, out, err = run(str(split), "--against", COURT, "-n", "20", "-f", "json")
    assert code == 0, err
    code, same, _ = run(RUSH, "--against", COURT, "-n", "20", "-f", "json")
    assert code == 0
    mine, theirs = json.loads(out), json.loads(same)
    assert mine["deck_as_it_is"] == theirs["deck_as_it_is"]
    assert mine["swaps_tried"] == theirs["swaps_tried"]
