"""A game from outside kitgen, through the command line: Fifteen (tests/toygame/).

The package `kitgen_fifteen` registers itself with a `kitgen.games` entry point
(tests/toygame/kitgen_fifteen-1.0.dist-info/entry_points.txt), exactly as a
designer's own pip package would; nothing in kitgen/ knows it. Every command runs
kitgen in a fresh process with tests/toygame on PYTHONPATH, so the entry point is
found by the same metadata scan an installed package's is.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import kitgen

TOY = Path(__file__).resolve().parent / "toygame"
PACKAGE = TOY / "kitgen_fifteen"
DATA = PACKAGE / "data"


def kitgen_run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    # the toy game first, then the kitgen under test when it comes from PYTHONPATH
    path = [str(TOY), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    return subprocess.run(
        [sys.executable, "-m", "kitgen", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_toy_game_touches_nothing_in_kitgen() -> None:
    """kitgen's source never names the toy game: it comes in by its entry point."""
    root = Path(kitgen.__file__).parent
    named = [p for p in root.rglob("*.py") if "fifteen" in p.read_text(encoding="utf-8")]
    assert named == []
    entry = (TOY / "kitgen_fifteen-1.0.dist-info" / "entry_points.txt").read_text()
    assert "[kitgen.games]" in entry and "fifteen = kitgen_fifteen:GAME" in entry


def test_the_toy_engine_is_pure() -> None:
    tree = ast.parse((PACKAGE / "rules.py").read_text(encoding="utf-8"))
    imported = {
        (n.module or "") if isinstance(n, ast.ImportFrom) else a.name
        for n in ast.walk(tree)
        if isinstance(n, (ast.Import, ast.ImportFrom))
        for a in n.names
    }
    assert imported <= {"__future__", "dataclasses", "itertools"}, imported


def test_check_reads_the_game_data_and_reports_findings_where_they_are(tmp_path: Path) -> None:
    done = kitgen_run("check", str(DATA), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "3 files checked: no problems" in done.stderr
    bad = write(
        tmp_path,
        "bad.yaml",
        "game: fifteen\nkind: position\nfirst: [2, 7, 6, 3]\nsecond: [5, 7]\n",
    )
    done = kitgen_run("check", str(bad), "-f", "json", cwd=tmp_path)
    assert done.returncode == 1
    findings = json.loads(done.stdout)["files"][0]["findings"]
    assert [(f["code"], f["line"], f["column"]) for f in findings] == [
        ("too-many-cards", 3, 1),
        ("card-twice", 4, 13),
    ]


def test_a_code_of_the_games_own_is_reported_like_kitgens(tmp_path: Path) -> None:
    both = write(
        tmp_path,
        "both.yaml",
        "game: fifteen\nkind: position\nfirst: [2, 7, 6, 4]\nsecond: [5, 1, 9]\n",
    )
    done = kitgen_run("check", str(both), cwd=tmp_path)
    assert done.returncode == 1
    assert "both.yaml:4:1: error both-made-15 both players hold" in done.stdout


def test_an_unknown_game_names_the_toy_among_the_games(tmp_path: Path) -> None:
    bad = write(tmp_path, "typo.yaml", "game: fiftene\nkind: position\n")
    done = kitgen_run("check", str(bad), cwd=tmp_path)
    assert done.returncode == 1
    assert "unknown-game" in done.stdout and "fifteen" in done.stdout


def test_score_a_finished_position(tmp_path: Path) -> None:
    pos = write(
        tmp_path, "won.yaml", "game: fifteen\nkind: position\nfirst: [2, 7, 6]\nsecond: [5, 1]\n"
    )
    done = kitgen_run("score", str(pos), "-f", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    entry = json.loads(done.stdout)["files"][0]
    assert entry["winner"] == "first"
    assert entry["scores"] == {"first": 1, "second": 0}
    assert entry["details"] == {"lines": {"first": [2, 6, 7], "second": None}}
    human = kitgen_run("score", str(pos), cwd=tmp_path)
    assert "first wins: 2 + 6 + 7 = 15" in human.stdout


def test_replay_a_record_and_stop_at_an_illegal_move(tmp_path: Path) -> None:
    moves = "[take 5, take 2, take 8, take 3, take 6, take 4, take 1]"
    rec = write(tmp_path, "rec.yaml", f"game: fifteen\nkind: record\nmoves: {moves}\n")
    done = kitgen_run("replay", str(rec), "-f", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "winner": "first",
        "reason": "1 + 6 + 8 = 15",
        "moves": 7,
        "findings": [],
    }
    bad = write(tmp_path, "bad.yaml", "game: fifteen\nkind: record\nmoves: [take 5, take 5]\n")
    done = kitgen_run("replay", str(bad), "-f", "json", cwd=tmp_path)
    assert done.returncode == 1
    data = json.loads(done.stdout)
    assert data["illegal"]["index"] == 1 and data["illegal"]["line"] == 3
    assert [f["code"] for f in data["findings"]] == ["illegal-move"]
    assert kitgen_run("check", str(bad), cwd=tmp_path).returncode == 1  # a record's check


def test_simulate_has_its_own_subcommand_and_options(tmp_path: Path) -> None:
    listed = kitgen_run("simulate", "--help", cwd=tmp_path)
    assert "fifteen" in listed.stdout
    done = kitgen_run(
        "simulate", "fifteen", "-n", "400", "--players", "greedy,random", "-f", "json", cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    first, second = report["players"]
    assert first["wins"] + second["wins"] + report["draws"] == 400
    assert first["win_rate"] > 0.7 > second["win_rate"]  # greedy wins most games
    again = kitgen_run(
        "simulate", "fifteen", "-n", "400", "--players", "greedy,random", "-f", "json", cwd=tmp_path
    )
    assert again.stdout == done.stdout  # same seed, same results
    wrong = kitgen_run("simulate", "fifteen", "--mode", "cooperative", cwd=tmp_path)
    assert wrong.returncode == 2
    assert wrong.stderr.count("\n") == 1 and "--mode is for Scaffold" in wrong.stderr
    helped = kitgen_run("simulate", "fifteen", "--help", cwd=tmp_path)
    assert "greedy" in helped.stdout and "--mode" not in helped.stdout


def test_build_and_export_its_kit(tmp_path: Path) -> None:
    done = kitgen_run("build", "fifteen", "-o", str(tmp_path / "out"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    written = sorted(Path(p).name for p in done.stdout.splitlines())
    assert written == ["fifteen-cards.pdf", "fifteen-rules-booklet.pdf", "fifteen-rules.pdf"]
    for name in written:
        data = (tmp_path / "out" / "fifteen" / name).read_bytes()
        assert data.startswith(b"%PDF-") and b"%%EOF" in data[-64:]
    exported = kitgen_run(
        "export", "png", "fifteen", "--dpi", "40", "-o", str(tmp_path / "png"), cwd=tmp_path
    )
    assert exported.returncode == 0, exported.stderr
    pngs = sorted(p.name for p in (tmp_path / "png").rglob("*.png"))
    assert len(pngs) == 10 and "back.png" in pngs  # nine faces and the back


@pytest.mark.parametrize(("command", "needs"), [("list", "Fifteen")])
def test_list_shows_the_toy_game(tmp_path: Path, command: str, needs: str) -> None:
    done = kitgen_run(command, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert needs in done.stdout
