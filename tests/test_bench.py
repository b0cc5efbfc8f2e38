"""bench/run and bench/common.py: the one table, its targets and the exit status.

Speeds are never asserted: the machine running the tests may be busy.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import math
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from common import Row, all_ok, at_least, at_most, below, print_table, summary

BENCH = Path(__file__).resolve().parent.parent / "bench"
RUN = BENCH / "run"

# The engines' targets the issue and bench/engine.py set (games or rounds a second).
ENGINE_TARGETS = {
    "Scratch, random against random": ">= 20,000",
    "Scratch, greedy against greedy": ">= 2,000",
    "Shape Up! 2p-18 rounds, random against random": ">= 350",
    "Shape Up! 2p-18 rounds, greedy against greedy": ">= 33",
    "Scaffold competitive, random against random": ">= 200",
    "Scaffold competitive, greedy against greedy": ">= 200",
    "Scaffold cooperative, random against random": ">= 200",
    "Scaffold cooperative, greedy against greedy": ">= 200",
    "Staircase, 2 players, random": ">= 2,500",
    "Staircase, 2 players, greedy": ">= 500",
    "Staircase, 4 players, random": ">= 1,200",
    "Staircase, 4 players, greedy": ">= 200",
    "Galliard, random against random": ">= 90",
    "Galliard, greedy against greedy": ">= 100",
}
# Issue 25's whole-process rows: `kitgen simulate` of Scratch beside the shared Triple
# Triad anchor (its figures "-" where the anchors are not there, as in CI).
WHOLE_PROCESS = {
    "random": ("Triple Triad random", ">= 0.75x"),
    "greedy": ("Triple Triad greedy-1ply", ">= 1.00x"),
}


def parse(lines: list[str]) -> list[dict[str, str]]:
    """The table under its header line, cut at the header's column positions."""
    header = lines[0]
    figure, value_end = header.index("figure"), header.index("value") + len("value")
    target, result = header.index("target"), header.index("result")
    return [
        {
            "benchmark": line[:figure].strip(),
            "figure": line[figure:value_end].rsplit("  ", 1)[0].rstrip(),
            "value": line[:value_end].rsplit("  ", 1)[1].strip(),
            "target": line[target:result].strip(),
            "result": line[result:].strip(),
        }
        for line in lines[1:]
    ]


def quick_rows(benchmark: str) -> tuple[subprocess.CompletedProcess[str], list[dict[str, str]]]:
    """`bench/run --quick --only BENCHMARK`: the finished process (exit 0 or 1: targets
    met or missed) and the rows of its table, every one that benchmark's."""
    done = subprocess.run(
        [sys.executable, str(RUN), "--quick", "--only", benchmark],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    rows = parse(done.stdout.splitlines()[1:-1])
    assert {r["benchmark"] for r in rows} == {benchmark}
    return done, rows


# The Triple Triad anchor's engines at a tenth of its games (it plays for about four
# seconds): its own code and lines, for the table's ratios, not for its figures.
SHORT_ANCHOR = """import random, sys
sys.path.insert(0, {folder!r})
import triple_triad as tt
tt.HANDS_POOL = [tt.random_hands(random.Random(k)) for k in range(1000)]
tt.timeit("pure-python TripleTriad random", tt.run_tt_random, 2000)
tt.timeit("pure-python TripleTriad greedy-1ply", tt.run_tt_greedy, 200)
"""


def test_run_quick_engines_table_and_status(tmp_path: Path) -> None:
    # Run as a program, the way a person does: the shebang finds this interpreter.
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    import common

    real = Path(common.ANCHORS) / "triple_triad.py"
    if real.is_file():  # (where the anchors are not there, as in CI, the table says so)
        short = tmp_path / "anchors"
        short.mkdir()
        (short / "triple_triad.py").write_text(
            SHORT_ANCHOR.format(folder=str(real.parent)), encoding="utf-8"
        )
        env["KITGEN_ANCHORS"] = str(short)
    done = subprocess.run(
        [str(RUN), "--quick", "--only", "engines"],
        capture_output=True,
        text=True,
        cwd=tmp_path,  # any folder: not the repository
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("kitgen ") and "quick" in lines[0]
    rows = parse(lines[1:-1])
    assert {r["benchmark"] for r in rows} == {"engines"}
    shown = {r["figure"]: r for r in rows}
    for figure, target in ENGINE_TARGETS.items():
        assert shown[figure]["target"] == target, figure
        assert shown[figure]["value"].endswith(("games/s", "rounds/s")), figure
    reference = shown["reference: random tic-tac-toe, plain lists"]
    assert reference["target"] == reference["result"] == ""
    whole = [r for r in rows if "whole process" in r["figure"]]
    assert [r["figure"] for r in whole] == [
        "kitgen simulate Scratch, random against random, whole process, -n 2,000",
        "kitgen simulate Scratch, greedy against greedy, whole process, -n 400",
    ]
    for who, (anchor, target) in WHOLE_PROCESS.items():
        ours = rows.index(next(r for r in whole if f"{who} against {who}" in r["figure"]))
        base, mine, cpu, ratio = rows[ours - 1 : ours + 3]
        assert base["figure"].startswith(f"anchor: {anchor}")
        assert base["target"] == mine["target"] == cpu["target"] == ""
        assert mine["value"].endswith(" games/s") and mine["value"] != "- games/s"
        assert cpu["figure"] == "  the same, games a second of CPU"
        assert ratio["figure"] == f"  ratio to {anchor}" and ratio["target"] == target
        if base["value"] == "- games/s":  # no anchor: said so, and the ratio is missed
            assert "not there" in base["figure"]
            assert (ratio["value"], ratio["result"]) == ("- x", "MISSED")
        else:
            assert "one core, taskset -c" in base["figure"] or "not pinned" in base["figure"]
            assert ratio["value"].endswith(" x")
    assert shown["wall time"]["value"].endswith(" s")
    # Every figure with a target has a verdict and only those; the status follows them.
    for r in rows:
        assert r["result"] in (("OK", "MISSED") if r["target"] else ("",)), r
    missed = [r["figure"] for r in rows if r["result"] == "MISSED"]
    targets = sum(1 for r in rows if r["target"])
    assert targets == len(ENGINE_TARGETS) + len(WHOLE_PROCESS)
    assert done.returncode == (1 if missed else 0)
    if missed:
        assert lines[-1].startswith(f"{len(missed)} of {targets} targets MISSED: ")
        for figure in missed:  # an indented figure is named after the one above it
            named = f", {figure.strip()}" if figure.startswith(" ") else f"engines: {figure}"
            assert named in lines[-1], figure
    else:
        assert lines[-1] == f"all {targets} targets met"


def test_run_quick_search_table() -> None:
    # The search player's figures: targets as the issue sets them, win rates with
    # their games and 95% intervals; never the speeds or rates themselves.
    done, rows = quick_rows("search")
    shown = {r["figure"].split(",")[0].strip(): r for r in rows}
    assert shown["search against greedy"]["target"] == ">= 80%"
    assert shown["search against montecarlo"]["target"] == "low > 50%"
    assert shown["search against random"]["target"] == ""
    # The search player against greedy on games never used to tune it, for reference.
    assert shown["reference: search against greedy"]["target"] == ""
    speeds = [r for r in rows if r["figure"].strip().startswith("games a second of CPU")]
    assert [r["target"] for r in speeds] == [">= 60", ""]
    assert all(r["value"].endswith(" games/s") for r in speeds)
    for r in rows:
        if r["figure"].split(",")[0].strip().startswith(("search against", "reference")):
            assert r["value"].endswith(" %"), r
            # (the held-out games come in two sets, each of the quick run's 40 games)
            games = 80 if "held-out" in r["figure"] else 40
            assert re.search(rf", {games} games \(95%: [\d.]+% to [\d.]+%\)$", r["figure"]), r
        assert r["result"] in (("OK", "MISSED") if r["target"] else ("",)), r
    missed = [r for r in rows if r["result"] == "MISSED"]
    assert done.returncode == (1 if missed else 0)


def test_run_quick_suite_table(monkeypatch: pytest.MonkeyPatch) -> None:
    # The test suite's row: pytest as the README runs it (here one small file, in
    # parallel), without CI's deeper profile even when this run has it set.
    monkeypatch.setenv("KITGEN_TEST_PROFILE", "full")
    monkeypatch.setenv("KITGEN_FUZZ_EXAMPLES", "7")
    _done, rows = quick_rows("suite")
    first = rows[0]
    assert re.fullmatch(
        r"pytest tests/test_layout_units\.py \([\d,]+ tests passed\), wall time", first["figure"]
    ), first
    assert first["target"] == "<= 180" and first["value"].endswith(" s")
    assert rows[1]["figure"].strip() == "CPU time, every worker"
    import suite

    env = suite.suite_env()
    assert "KITGEN_TEST_PROFILE" not in env and "KITGEN_FUZZ_EXAMPLES" not in env
    assert "PYTHONDONTWRITEBYTECODE" not in env  # bytecode cached, as in a checkout


def test_run_unknown_benchmark_is_a_usage_error() -> None:
    done = subprocess.run(
        [sys.executable, str(RUN), "--only", "engines,speed"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "no benchmark called 'speed'" in done.stderr
    assert "Traceback" not in done.stderr


def load_run() -> ModuleType:
    """bench/run as a module (it has no .py suffix)."""
    loader = importlib.machinery.SourceFileLoader("bench_run", str(RUN))
    spec = importlib.util.spec_from_loader("bench_run", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def test_run_quick_decks_table() -> None:
    # Checking many deck files, and finding a legal deck: absolute targets in seconds.
    done, rows = quick_rows("decks")
    shown = {r["figure"]: r for r in rows}
    assert shown["kitgen check of 500 deck files (5,000 cards)"]["target"] == "<= 10"
    assert shown["kitgen new deck, the living card game"]["target"] == "<= 2"
    assert shown["kitgen new deck, a game at the limits"]["target"] == "<= 2"
    assert shown["per deck file"]["value"].endswith(" ms")
    assert done.returncode in (0, 1)


def test_only_takes_benchmark_or_script_names_in_running_order() -> None:
    run = load_run()
    assert run.chosen(None) == [
        "rendering",
        "designed",
        "decks",
        "rasterizing",
        "engines",
        "search",
        "start-up",
        "suite",
    ]
    assert run.chosen("start-up,search") == ["search", "start-up"]
    assert run.chosen("startup, engines") == ["engines", "start-up"]
    assert run.chosen("cards,rendering") == ["rendering"]
    with pytest.raises(ValueError, match="no benchmark called 'engine2'"):
        run.chosen("engine2")


def test_a_failing_benchmark_is_a_missed_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "broken_bench.py").write_text(
        "def rows(quick):\n    raise SystemExit('no such command\\nmore detail')\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    run = load_run()
    monkeypatch.setattr(run, "BENCHMARKS", {"broken": "broken_bench"})
    failed, wall = run.measure("broken", True)
    assert failed.benchmark == "broken"
    assert failed.figure == "failed: SystemExit: no such command"
    assert math.isnan(failed.value) and failed.ok is False
    assert wall.figure == "wall time" and wall.ok is None and wall.unit == "s"
    assert not all_ok([failed, wall])
    assert "Traceback" in capsys.readouterr().err


@pytest.mark.parametrize("missed", [False, True])
def test_run_exit_status_follows_the_verdicts(
    missed: bool,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    module = f"made_up_bench_{'missed' if missed else 'met'}"  # imported once per test
    (tmp_path / f"{module}.py").write_text(
        "from common import Row\n"
        "def rows(quick):\n"
        "    assert quick\n"
        "    return [Row('made-up', 'speed', 10, 'games/s', '>= 5', True),\n"
        f"            Row('made-up', 'size', 9, 'KiB', '< 8', {not missed})]\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    run = load_run()
    monkeypatch.setattr(run, "BENCHMARKS", {"made-up": module})
    monkeypatch.setattr(sys, "argv", ["run", "--quick", "--only", "made-up"])
    status = run.main()
    last = capsys.readouterr().out.splitlines()[-1]
    if missed:
        assert (status, last) == (1, "1 of 2 targets MISSED: made-up: size")
    else:
        assert (status, last) == (0, "all 2 targets met")


def test_targets_judge_their_figures() -> None:
    assert at_least("engines", "x", 20_000, "games/s", 20_000) == Row(
        "engines", "x", 20_000, "games/s", ">= 20,000", True
    )
    assert at_least("engines", "x", 19_999.5, "games/s", 20_000).ok is False
    assert at_least("rasterizing", "x", 1.2, "x", 1.4).target == ">= 1.40x"
    assert at_most("rendering", "x", 2.01, "x", 2.0) == Row(
        "rendering", "x", 2.01, "x", "<= 2.00x", False
    )
    size = below("rendering", "x", 1024, "KiB", 1024)
    assert (size.target, size.ok) == ("< 1,024", False)


def test_all_ok_and_summary() -> None:
    reference = Row("engines", "reference", 84_000, "games/s")
    good = Row("engines", "fast", 21_000, "games/s", ">= 20,000", True)
    check = Row("start-up", "kitgen check", 300, "ms")
    ratio = Row("start-up", "  ratio to the reference", 3.5, "x", "<= 2.00x", False)
    assert all_ok([reference, good, check])
    assert all_ok([])
    assert summary([reference, good]) == "all 1 targets met"
    assert not all_ok([reference, good, check, ratio])
    # An indented figure is named after the one above it, so the line says which one.
    assert summary([reference, good, check, ratio]) == (
        "1 of 2 targets MISSED: start-up: kitgen check, ratio to the reference"
    )


def test_print_table_aligns_columns_and_shows_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    rows = [
        Row("engines", "Scratch, random against random", 21_409.4, "games/s", ">= 20,000", True),
        Row("start-up", "  ratio to the reference", 3.5, "x", "<= 2.00x", False),
        Row("rendering", "kitgen PDF size", 558.2, "KiB"),
        Row("broken", "failed: RuntimeError", math.nan, "", "runs", False),
    ]
    print_table("Title", rows)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Title"
    table = parse(lines[1:])
    assert [r["value"] for r in table] == ["21,409 games/s", "3.50 x", "558 KiB", "-"]
    assert [r["figure"] for r in table] == [r.figure for r in rows]
    assert [r["target"] for r in table] == [">= 20,000", "<= 2.00x", "", "runs"]
    assert [r["result"] for r in table] == ["OK", "MISSED", "", "MISSED"]
    # Values are right-aligned: they all end in the same column.
    ends = {len(line[: lines[1].index("value") + 5].rstrip()) for line in lines[2:]}
    assert ends == {lines[1].index("value") + 5}


def test_png_anchor_writes_kitgens_files(tmp_path: Path) -> None:
    # bench/anchor_png.py, pypdfium2 alone on the PDF kitgen rasterizes, writes the same
    # files as `kitgen export png scratch -p tgc`, byte for byte (anchor_input checks).
    export = importlib.import_module("export")  # bench/export.py
    command, pages = export.anchor_input("scratch", str(tmp_path), "kit")
    assert pages == 25  # 31 cards: 23 distinct faces, the common back, the reference back
    assert command[1].endswith("anchor_png.py")
    # The PDF build alone (bench/export.py --pdf-only) makes the very PDF the anchor reads.
    export.build_pdf("scratch", str(tmp_path / "again.pdf"), str(tmp_path / "pdf-only"))
    assert (tmp_path / "again.pdf").read_bytes() == (tmp_path / "kit.pdf").read_bytes()
    assert not list((tmp_path / "pdf-only").rglob("*.png"))
    kitgen = sorted(str(p) for p in (tmp_path / "check-kit").rglob("*.png"))
    anchor = tmp_path / "anchor-kit"
    assert len(kitgen) == len(list(anchor.iterdir())) == 62  # two backs: one per card
    export.same_files(kitgen, str(anchor))
    # One changed byte, or one file missing, is caught.
    hydra = anchor / "001-hydra.png"
    data = hydra.read_bytes()
    hydra.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    with pytest.raises(RuntimeError, match=r"001-hydra\.png is not kitgen.s"):
        export.same_files(kitgen, str(anchor))
    hydra.unlink()
    with pytest.raises(RuntimeError, match="the anchor wrote"):
        export.same_files(kitgen, str(anchor))
