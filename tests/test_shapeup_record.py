"""Shape Up! records: replay by seed or explicit deal, and every broken record located."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import write
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.kit import check_file
from kitgen.paths import data_dir

runner = CliRunner()
EXAMPLE = data_dir() / "shapeup" / "examples" / "greedy-round.yaml"
DEAL = """game: shapeup
kind: record
players: [Ann, Ben]
first: Ben
deal:
  aside: red solid circle
  hands: [[blue hollow circle], [red hollow triangle]]
  deck: [red hollow circle, red solid square, red hollow square, red solid triangle,
         green solid circle, green hollow circle, green solid square, green hollow square,
         green solid triangle, green hollow triangle, blue solid circle, blue solid square,
         blue hollow square, blue solid triangle, blue hollow triangle]
"""


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def test_the_example_round_replays() -> None:
    code, out, _ = run("replay", "--format", "json", str(EXAMPLE))
    assert code == 0
    assert json.loads(out) == {
        "winner": "Ben",
        "scores": {"Ann": 13, "Ben": 17},
        "moves": 15,
        "findings": [],
    }
    code, out, _ = run("replay", str(EXAMPLE))
    assert code == 0 and out.rstrip().endswith("Ben wins.")
    assert "5 for five solids in row 2 (columns 1-5)" in out
    assert check_file(str(EXAMPLE)).ok


def test_an_explicit_deal_and_its_mistakes(tmp_path: Path) -> None:
    # A star in the 18-card game: not one deal of the set.
    star = write(tmp_path, "star.yaml", DEAL.replace("blue hollow triangle]", "blue hollow star]"))
    report = check_file(star)
    assert [f.code for f in report.findings] == ["setup-mismatch"]
    assert "missing blue hollow triangle" in report.findings[0].message
    twice = write(
        tmp_path, "twice.yaml", DEAL.replace("blue hollow triangle]", "red solid circle]")
    )
    assert [f.code for f in check_file(twice).findings] == ["card-twice"]
    fixed = DEAL + "moves:\n"
    ok = write(
        tmp_path, "ok.yaml", fixed + '  - "red hollow circle@0,0"\n  - "red solid square@1,0"\n'
    )
    code, out, err = run("replay", "--format", "json", ok)
    assert code == 0, err
    assert json.loads(out) == {"winner": None, "scores": None, "moves": 2, "findings": []}
    # Ben starts: his first turn plays the top card; a wrong card is named with its line.
    bad = write(tmp_path, "bad.yaml", fixed + '  - "red solid square@0,0"\n')
    code, out, _ = run("replay", "--format", "json", bad)
    data = json.loads(out)
    assert code == 1 and data["illegal"]["index"] == 0 and data["illegal"]["line"] == 13
    assert "top card, red hollow circle" in data["illegal"]["rule"]
    report = check_file(bad)
    assert [(f.code, f.location.line if f.location else 0) for f in report.findings] == [
        ("illegal-move", 13)
    ]
    assert "Ben" in report.findings[0].message
    syntax = write(tmp_path, "syntax.yaml", fixed + '  - "red hollow circle at 0,0"\n')
    assert [f.code for f in check_file(syntax).findings] == ["move-syntax"]


def test_records_that_do_not_fit_the_setup(tmp_path: Path) -> None:
    three = write(
        tmp_path,
        "three.yaml",
        "game: shapeup\nkind: record\nplayers: [a, b, c]\nmoves: []\n",
    )
    assert [f.code for f in check_file(three).findings] == ["setup-mismatch"]
    who = write(tmp_path, "who.yaml", "game: shapeup\nkind: record\nfirst: Zed\n")
    assert [f.code for f in check_file(who).findings] == ["invalid-value"]
    text = EXAMPLE.read_text(encoding="utf-8") + '  - "red solid circle@3,3"\n'
    over = write(tmp_path, "over.yaml", text)
    assert [f.code for f in check_file(over).findings] == ["game-over"]
