"""A game's `kitgen simulate <id>` declared as data (kitgen.play.simulation) and built by
the command line (kitgen.cli.declared): the help's players, the options, the command
line a balance report repeats, and bad option values as one-line errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import pdf_text
from typer.testing import CliRunner

from kitgen import registry
from kitgen.cli import app
from kitgen.errors import UsageError
from kitgen.play.simulation import (
    PLAYERS_WIDTH,
    Option,
    Simulation,
    players_block,
    repeated_flags,
    whole_numbers,
)

runner = CliRunner()


@dataclass
class _Count:
    """A batch's tally: its games, and which games they were."""

    games: int = 0
    seen: list[int] = field(default_factory=list)

    def merge(self, other: _Count) -> None:
        self.games += other.games
        self.seen += other.seen


def test_every_builtin_game_that_simulates_declares_it_as_data() -> None:
    declared = [g for g in registry.builtin_ids() if registry.get(g).supports("simulation")]
    assert declared == ["scratch", "shapeup", "scaffold", "staircase", "galliard"]
    for game_id in declared:
        simulation = registry.get(game_id).simulation()
        assert isinstance(simulation, Simulation)
        # every shared option named is one the command line knows, and the command
        # line a report repeats names only options the command has
        names = {o if isinstance(o, str) else o.name for o in simulation.options}
        assert set(simulation.run_line) <= names, game_id
        assert "players" in names and simulation.players_default, game_id


def test_the_players_are_listed_in_two_columns_wrapped() -> None:
    block = players_block(
        {
            "random": "any legal move",
            "a-long-name": "plays " + "very well indeed " * 8 + "at last",
        }
    )
    lines = block.splitlines()
    assert lines[0] == "  random       any legal move"
    assert lines[1].startswith("  a-long-name  plays very well")
    assert all(len(line) <= PLAYERS_WIDTH for line in lines)
    assert len(lines) > 2 and all(line.startswith(" " * 15) for line in lines[2:])
    assert " ".join(" ".join(lines[1:]).split()).endswith("indeed at last")


def test_whole_numbers_keep_their_order_once_each_and_name_the_flag() -> None:
    parse = whole_numbers("--hand")
    assert parse("7, 5,7,3") == [7, 5, 3]
    with pytest.raises(UsageError, match=r"--hand takes whole numbers .* not '7,x'"):
        parse("7,x")


def test_the_repeated_command_line_follows_the_declaration() -> None:
    scaffold = registry.get("scaffold").simulation()
    given = {"mode": "competitive", "players": " greedy , random", "hands": "7,5"}
    given |= {"turns": "16", "games": 50, "seed": 3, "report": "out.pdf"}
    competitive = repeated_flags(scaffold, given, given)
    assert competitive == [
        "--mode", "competitive", "--players", "greedy,random", "--hand", "7,5",
        "--games", "50", "--seed", "3", "--report", "out.pdf",
    ]  # fmt: skip
    cooperative = repeated_flags(scaffold, {**given, "mode": "cooperative"}, given)
    assert cooperative[6:8] == ["--turns", "16"]  # only cooperative games count turns

    staircase = registry.get("staircase").simulation()
    switch = {"players": "a,b", "games": 9, "seed": 1, "report": None}
    assert "--interfere" in repeated_flags(staircase, switch, {**switch, "interfere": True})
    assert None in repeated_flags(staircase, switch, {**switch, "interfere": False})

    scratch = registry.get("scratch").simulation()
    files = {"decks": ["a.yaml", "b.yaml"], "games": 5, "players": "x,y", "seed": 1}
    files |= {"match": True, "allow_outside": True, "report": None}
    assert repeated_flags(scratch, files, files)[:2] == ["a.yaml", "b.yaml"]
    assert "--match" in repeated_flags(scratch, files, files)
    assert "--allow-outside" in repeated_flags(scratch, files, files)


def test_a_declared_simulation_of_its_own_builds_a_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from kitgen.cli.declared import simulate_command

    def run(*, games: int, players: tuple[str, ...], laps: list[int], seed: int, progress):  # type: ignore[no-untyped-def]
        if progress:
            progress(games, games)
        return {"games": games, "players": list(players), "laps": laps, "seed": seed}

    simulation = Simulation(
        help="Race around.",
        players={"slow": "goes slowly", "fast": "goes fast"},
        players_help="The racers: slow or fast.",
        players_default="slow,fast",
        options=(
            "games",
            "players",
            Option("laps", "--laps", "The laps.", default="3", parse=whole_numbers("--laps")),
            "seed",
            "format",
        ),
        run=run,
        lines=lambda report, values: [f"{values['players']} {report['laps']}"],
    )
    command = simulate_command("race", simulation)

    def invoke(*args: str) -> tuple[object, str, str]:
        status = command.main(list(args), prog_name="race", standalone_mode=False)
        out, err = capsys.readouterr()
        return status, out, err

    _, helped, _ = invoke("--help")
    assert "Race around." in helped and "fast  goes fast" in helped
    assert "--laps" in helped and "--report" not in helped
    status, out, _ = invoke("--players", "fast, fast", "--laps", "2,2,5", "-n", "4")
    assert status is None
    assert out.strip() == "('fast', 'fast') [2, 5]"
    status, out, err = invoke("--laps", "two")
    assert status == 2 and out == ""
    assert err.strip() == "kitgen: error: --laps takes whole numbers separated by commas, not 'two'"


def test_the_balance_report_repeats_the_command_line(tmp_path: Path) -> None:
    report = tmp_path / "coop.pdf"
    result = runner.invoke(
        app,
        [
            "simulate", "scaffold", "-n", "20", "--mode", "cooperative", "--hand", "7,5",
            "--turns", "12", "--players", "greedy", "--report", str(report),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    text = " ".join(pdf_text(report).split())
    assert (
        "kitgen simulate scaffold --mode cooperative --players greedy --hand 7,5 --turns 12"
        " --games 20 --seed 1 --report " in text
    ), text[:400]


def test_batches_span_the_run_and_merge_in_order() -> None:
    from kitgen.simulation import BATCH, batch_spans, merge_batches

    assert batch_spans(2 * BATCH + 7) == [
        (0, BATCH),
        (BATCH, 2 * BATCH),
        (2 * BATCH, 2 * BATCH + 7),
    ]
    assert batch_spans(1) == [(0, 1)]

    def play(span: tuple[int, int]) -> _Count:
        return _Count(span[1] - span[0], list(range(*span)))

    heard: list[tuple[int, int]] = []
    total = _Count()
    spans = batch_spans(120)
    done = merge_batches(play, spans, 1, total, 120, lambda d, p: heard.append((d, p)))
    assert done == 120 and total.seen == list(range(120))
    assert heard == [(50, 120), (100, 120), (120, 120)]
    doubled = merge_batches(play, spans, 1, _Count(), 240, None, lambda c: 2 * c.games)
    assert doubled == 240


def test_a_run_in_batches_reports_no_interruption_when_all_were_played() -> None:
    from functools import partial

    from kitgen.simulation import play_in_batches

    def play(offset: int, span: tuple[int, int]) -> _Count:
        return _Count(span[1] - span[0], [offset + i for i in range(*span)])

    total = _Count()
    assert play_in_batches(partial(play, 1000), 75, 1, total) is None
    assert total.games == 75 and total.seen[:2] == [1000, 1001] and total.seen[-1] == 1074


def test_shape_ups_set_ups_in_the_help_are_the_game_files() -> None:
    from kitgen.games.shapeup.load import setups

    result = runner.invoke(app, ["simulate", "shapeup", "--help"])
    assert result.exit_code == 0, result.output
    options = result.output.split("Options:")[1]
    listed = " ".join(options.split("--setup")[1].split("--rounds")[0].split())
    plain = [name for name, setup in setups().items() if not setup.advanced]
    assert f"The set-up: {', '.join(plain)} (or -advanced)." in listed, listed
    assert f"[default: {plain[0]}]" in listed
