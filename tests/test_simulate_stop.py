"""Ctrl-C stops a long simulation and still reports the games it finished."""

from __future__ import annotations

import json
import signal
from collections.abc import Callable
from typing import Any

import pytest
import typer
from conftest import ctrl_c_after_some_games, interrupt_me

from kitgen.cli.common import OutputFormat, show_report
from kitgen.games.galliard.simulate import simulate_galliard
from kitgen.games.scaffold.simulate import simulate_scaffold
from kitgen.games.scratch.simulate import simulate as simulate_scratch
from kitgen.games.shapeup.simulate import simulate_shapeup
from kitgen.games.staircase.simulate import simulate_staircase
from kitgen.paths import data_dir
from kitgen.simulation import BATCH

DECKS = data_dir() / "scratch" / "decks"
RUSH, COURT = str(DECKS / "monster-rush.yaml"), str(DECKS / "royal-court.yaml")


def _scratch(**kw: Any) -> dict[str, Any]:
    report, _ = simulate_scratch((RUSH, COURT), players=("greedy", "random"), **kw)
    assert report is not None
    return report


RUNS: dict[str, Callable[..., dict[str, Any]]] = {
    "scratch": _scratch,
    "shapeup": lambda **kw: simulate_shapeup(setup="2p-18", players=("greedy", "random"), **kw),
    "scaffold": lambda **kw: simulate_scaffold(
        mode="competitive", hands=[7, 5], turns=[16], players=("greedy", "random"), **kw
    ),
    "staircase": lambda **kw: simulate_staircase(
        players=("greedy", "random"), interfere=False, **kw
    ),
    "galliard": lambda **kw: simulate_galliard(players=("greedy", "random"), **kw),
}


@pytest.mark.parametrize("game", list(RUNS))
@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_after_the_batch_in_hand_and_reports_it(game: str, jobs: int) -> None:
    """Ctrl-C (a SIGINT to this process) after the second batch: the run stops there
    and reports two batches' games, the same numbers as a run of that many games."""
    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if len(seen) == 2:
            interrupt_me()

    before = signal.getsignal(signal.SIGINT)
    report = RUNS[game](games=BATCH * 10, seed=3, jobs=jobs, progress=progress)
    assert signal.getsignal(signal.SIGINT) is before  # the handler is put back
    assert seen == [BATCH, 2 * BATCH]
    planned = BATCH * 10 * (2 if game == "scaffold" else 1)
    unit = "rounds" if game == "shapeup" else "games"
    assert report["interrupted"] == {"finished": 2 * BATCH, "planned": planned, "unit": unit}
    # The report is that of a run of the games finished.
    whole = RUNS[game](games=2 * BATCH, seed=3)
    assert whole["interrupted"] is None
    if game == "scaffold":  # the first set-up's games: the report names only that one
        assert [row["hand_size"] for row in report["setups"]] == [7]
        assert report["setups"] == whole["setups"][:1]
    else:
        assert {**report, "interrupted": None} == whole


def test_a_run_that_finishes_says_nothing_of_ctrl_c() -> None:
    assert RUNS["galliard"](games=4, seed=1)["interrupted"] is None


def test_a_report_of_no_finished_game_is_one_line_and_status_130(
    capsys: pytest.CaptureFixture[str],
) -> None:
    stopped = {"games": 0, "interrupted": {"finished": 0, "planned": 500, "unit": "games"}}
    with pytest.raises(typer.Exit) as ended:
        show_report(stopped, OutputFormat.human, lambda r: ["never shown"])
    assert ended.value.exit_code == 130
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "kitgen: stopped by Ctrl-C before any of the games finished\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_on_the_command_line(jobs: str, tmp_path: Any) -> None:
    """The whole program: a SIGINT in the middle of a long run prints the report of the
    games finished, says so on stderr and ends with status 130."""
    args = ["simulate", RUSH, COURT, "-n", "900000"]
    args += ["--players", "greedy,greedy", "-f", "json", "-j", jobs]
    code, out, err = ctrl_c_after_some_games(args, tmp_path)
    assert code == 130, err
    report = json.loads(out)
    done = report["games"]
    assert 0 < done < 900_000 and done % BATCH == 0
    assert report["interrupted"] == {"finished": done, "planned": 900_000, "unit": "games"}
    assert err == (
        f"kitgen: stopped by Ctrl-C: the report is of the {done:,} games finished, of 900,000\n"
    )
