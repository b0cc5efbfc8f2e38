"""`kitgen score` on Shape Up! positions, written as a new user would write them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import FIXTURES, write
from typer.testing import CliRunner

from kitgen.cli import app

runner = CliRunner()
EXAMPLE = FIXTURES / "valid" / "shapeup-position.yaml"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def score_json(*paths: str) -> tuple[int, list[dict[str, Any]]]:
    code, out, _ = run("score", "--format", "json", *paths)
    files: list[dict[str, Any]] = json.loads(out)["files"]
    return code, files


def test_the_original_example_scores_13_and_10() -> None:
    code, [entry] = score_json(str(EXAMPLE))
    assert code == 0 and entry["ok"] and entry["findings"] == []
    assert entry["scores"] == {"A": 13, "B": 10} and entry["winner"] == "A"
    assert entry["game"] == "shapeup" and entry["kind"] == "position"
    a = entry["details"]["players"]["A"]
    assert a["victory"] == "green hollow circle" and a["total"] == 13
    # Rows are numbered as written in the file, its empty first row included.
    assert "4 for three greens in row 4 (columns 3-5)" in [line["text"] for line in a["lines"]]
    assert sum(line["points"] for line in a["lines"]) == 13
    assert entry["details"]["setup"] == "2p-18"


def test_human_output_lists_every_line() -> None:
    code, out, _ = run("score", str(EXAMPLE))
    assert code == 0
    assert out.splitlines()[0].endswith("A 13, B 10; A wins")
    assert "  B (red solid triangle): 10" in out
    assert "    5 for four reds in row 2 (columns 2-5)" in out


def test_positions_as_people_write_them(tmp_path: Path) -> None:
    # Any word order and case; a tall 3x5 table; a card on its own is legal.
    tall = write(
        tmp_path,
        "tall.yaml",
        """game: shapeup
kind: position
grid:
  - [Red Solid Circle, ., .]
  - [solid red square, ., .]
  - [red hollow triangle, ., blue hollow circle]
victory:
  ann: circle hollow green
  bob: blue solid triangle
""",
    )
    code, [entry] = score_json(tall)
    assert code == 0 and entry["ok"], entry["findings"]
    # ann wants green, hollow, circles; bob blue, solid, triangles: no run is long enough.
    assert entry["scores"] == {"ann": 0, "bob": 0} and entry["winner"] is None
    four = write(
        tmp_path,
        "four.yaml",
        """game: shapeup
kind: position
grid:
  - [red solid star, red hollow star, red solid circle, red hollow circle, .]
victory: {A: blue solid star, B: green hollow star, C: red solid square, D: green solid circle}
""",
    )
    code, [entry] = score_json(four)
    assert code == 0 and entry["details"]["setup"] == "4p-24"
    # Two stars side by side score 1 for A and B; four reds 5 for C; two circles 1 for D.
    assert entry["scores"] == {"A": 1, "B": 1, "C": 5, "D": 1}
    assert entry["winner"] == "C"


def test_a_tie_has_no_winner(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "tie.yaml",
        "game: shapeup\nkind: position\ngrid: [[red solid circle, red solid square]]\n"
        "victory: {A: blue solid triangle, B: green solid triangle}\n",
    )
    code, out, _ = run("score", path)
    assert code == 0 and "A 0, B 0; a tie between A and B" in out


def test_an_impossible_position_is_not_scored(tmp_path: Path) -> None:
    bad = FIXTURES / "invalid" / "grid-too-large.yaml"
    code, [entry] = score_json(str(bad))
    assert code == 1 and not entry["ok"] and entry["scores"] is None
    assert [f["code"] for f in entry["findings"]] == ["grid-too-large"]
    code, out, err = run("score", str(bad))
    assert code == 1 and out == "" and "grid-too-large" in err and "not scored" in err


def test_score_wants_positions() -> None:
    deck = Path(__file__).parent.parent / "data" / "scratch" / "decks" / "monster-rush.yaml"
    code, _, err = run("score", str(deck))
    assert code == 2 and "kitgen score reads position files" in err
    assert len(err.strip().splitlines()) == 1


def test_a_broken_victory_card_gets_one_finding(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "v.yaml",
        "game: shapeup\nkind: position\ngrid: [[red solid circle]]\n"
        "victory: {A: green hollow circle, B: 3}\n",
    )
    code, [entry] = score_json(path)
    assert code == 1 and entry["scores"] is None
    assert [(f["code"], f["line"]) for f in entry["findings"]] == [("wrong-type", 4)]
