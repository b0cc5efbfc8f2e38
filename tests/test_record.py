"""Recorded games: the seed's examples, replay output, and records that go wrong."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import write
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.paths import data_dir

runner = CliRunner()
EXAMPLES = data_dir() / "scratch" / "examples"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def test_both_example_games_replay_to_the_narrated_result() -> None:
    for name in ("game-one.yaml", "game-two.yaml"):
        code, out, err = run("replay", "--format", "json", str(EXAMPLES / name))
        assert code == 0, err
        assert json.loads(out) == {
            "winner": "P2",
            "points": 2,
            "reason": "three in a line",
            "moves": 6,
            "findings": [],
        }


def test_human_replay_lists_moves_board_and_result() -> None:
    code, out, _ = run("replay", str(EXAMPLES / "game-one.yaml"))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["1.", "P1", "Captain", "of", "the", "Guard@ML"]
    assert lines[1].endswith("Chancellor@TL insult Goblin")
    assert "Goblin/P2" in out and lines[-1] == "P2 wins 2 points: three in a line."


def test_illegal_move_gives_its_index_line_and_rule(tmp_path: Path) -> None:
    fixture = Path(__file__).parent / "fixtures" / "invalid" / "illegal-move.yaml"
    code, out, _ = run("replay", "-f", "json", str(fixture))
    assert code == 1
    data = json.loads(out)
    assert data["illegal"] == {
        "index": 1,
        "line": 9,
        "move": "Goblin@TL",
        "rule": "Goblin must share a side with a card in play (top left touches none)",
    }
    assert data["winner"] is None and data["moves"] == 1
    assert [f["code"] for f in data["findings"]] == ["illegal-move"]


def test_json_replay_lists_the_findings_behind_its_exit_status(tmp_path: Path) -> None:
    """Found by fuzzing: a record with an error exited 1 with JSON that did not say why."""
    text = (EXAMPLES / "game-one.yaml").read_text(encoding="utf-8")
    path = write(tmp_path, "r.yaml", re.sub(r"(?m)^first: .*$", "first: null", text))
    code, out, _ = run("replay", "-f", "json", path)
    assert code == 1
    (found,) = json.loads(out)["findings"]
    assert found["code"] == "invalid-value" and found["severity"] == "error"
    assert (
        found["line"]
        == text.splitlines().index(
            next(line for line in text.splitlines() if line.startswith("first:"))
        )
        + 1
    )


def test_insult_to_injury_cannot_name_more_discards_than_captures(tmp_path: Path) -> None:
    """Move 2 of the seed's game one: Chancellor on the top left shares one side with a
    card of P1's, the Captain below it (bottom 7 against top 5): one capture, so one
    card leaves P1's hand. P1 then holds Goblin, Queen, Drake, Wyvern and Worg (the
    refill after move 1), so naming Worg as a second discard is illegal by count alone;
    it used to be accepted, and Worg silently stayed in P1's hand."""
    text = (EXAMPLES / "game-one.yaml").read_text(encoding="utf-8")
    assert "  - Chancellor@TL insult Goblin\n" in text
    bad = text.replace(
        "  - Chancellor@TL insult Goblin\n", "  - Chancellor@TL insult Goblin, Worg\n"
    )
    line = bad.splitlines().index("  - Chancellor@TL insult Goblin, Worg") + 1
    path = write(tmp_path, "r.yaml", bad)
    code, out, _ = run("replay", "-f", "json", path)
    assert code == 1
    data = json.loads(out)
    rule = (
        "Insult to injury! discards one card per capture: Chancellor captures 1 here, "
        "and the move names 2 cards to discard"
    )
    assert data["illegal"] == {
        "index": 1,
        "line": line,
        "move": "Chancellor@TL insult Goblin, Worg",
        "rule": rule,
    }
    assert data["winner"] is None and data["moves"] == 1
    (found,) = data["findings"]
    assert found["code"] == "illegal-move" and (found["line"], found["column"]) == (line, 5)
    code, out, err = run("check", path)
    assert code == 1 and f"r.yaml:{line}:5: error illegal-move move 2" in out + err


def test_record_with_deck_files_is_shuffled_by_its_seed(tmp_path: Path) -> None:
    decks = data_dir() / "scratch" / "decks"
    text = f"""game: scratch
kind: record
seed: 11
decks: {{P1: {decks / "monster-rush.yaml"}, P2: {decks / "hold-the-line.yaml"}}}
moves: []
"""
    path = write(tmp_path, "r.yaml", text)
    code, out, _ = run("replay", "-f", "json", path)
    assert code == 0
    assert json.loads(out) == {
        "winner": None,
        "points": 0,
        "reason": None,
        "moves": 0,
        "findings": [],
    }
    from kitgen.games.scratch.record import replay_record
    from kitgen.load.documents import read_document

    first = replay_record(read_document(path)).states[0]
    again = replay_record(read_document(path)).states[0]
    assert first == again and len(first.hands[0]) == 5 and len(first.decks[0]) == 5
    other = write(tmp_path, "r2.yaml", text.replace("seed: 11", "seed: 12"))
    assert replay_record(read_document(other)).states[0].hands != first.hands


def test_record_naming_a_broken_deck(tmp_path: Path) -> None:
    write(tmp_path, "deck.yaml", "game: scratch\nkind: deck\nname: Short\ncards: {Worg: 9}\n")
    path = write(
        tmp_path,
        "r.yaml",
        """game: scratch
kind: record
decks: {P1: deck.yaml, P2: deck.yaml}
""",
    )
    code, _, err = run("check", path)
    assert (code == 1 and "deck-size" in err + _) or "deck-size" in _


def test_a_deck_both_players_name_has_its_findings_said_once(tmp_path: Path) -> None:
    write(tmp_path, "deck.yaml", "game: scratch\nkind: deck\nname: Short\ncards: {Worg: 2}\n")
    path = write(
        tmp_path, "r.yaml", "game: scratch\nkind: record\ndecks: {P1: deck.yaml, P2: deck.yaml}\n"
    )
    code, _, err = run("replay", path)
    assert code == 1
    lines = err.splitlines()
    assert len(lines) == len(set(lines)) and any("deck-size" in line for line in lines)
    code, out, _ = run("replay", "-f", "json", path)
    found = json.loads(out)["findings"]
    assert code == 1 and len(found) == len({json.dumps(f, sort_keys=True) for f in found})
    assert sum(f["code"] == "deck-size" for f in found) == 1


def test_record_needs_decks_or_a_deal(tmp_path: Path) -> None:
    path = write(tmp_path, "r.yaml", "game: scratch\nkind: record\nmoves: [Worg@MC]\n")
    code, out, _ = run("check", path)
    assert code == 1 and "either `decks`" in out


def test_replay_of_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    code, _, err = run("replay", str(data_dir() / "scratch" / "decks" / "monster-rush.yaml"))
    assert code == 1 and "not a record" in err and "Traceback" not in err


RECORDS = {
    "scratch": "scratch/examples/game-one.yaml",
    "shapeup": "shapeup/examples/greedy-round.yaml",
    "scaffold": "scaffold/examples/competitive-game.yaml",
    "staircase": "staircase/examples/two-player-game.yaml",
    "galliard": "galliard/examples/game.yaml",
}


@pytest.mark.parametrize("game", sorted(RECORDS))
@pytest.mark.parametrize(
    ("body", "codes", "line"),
    [
        # `players:` a number: the record model cannot be made (Scratch, Staircase,
        # Galliard) or drops the value (Shape Up!, Scaffold): findings in JSON either way.
        ("kind: record\nplayers: 5\n", ["wrong-type"], 3),
        # A `kind:` that is not text: the file is not read past its envelope.
        ("kind: [record]\n", ["wrong-type"], 2),
        ("kind: recrod\n", ["unknown-kind"], 2),
    ],
)
def test_json_replay_of_an_invalid_record_prints_its_findings(
    tmp_path: Path, game: str, body: str, codes: list[str], line: int
) -> None:
    """Found by the attack of issue 20: `replay --format json` printed nothing on stdout
    for a record that failed validation. Its findings come as JSON, under the keys the
    game's replay always prints, with nothing played."""
    code, out, _ = run("replay", "-f", "json", str(data_dir() / RECORDS[game]))
    assert code == 0
    keys = list(json.loads(out))
    path = write(tmp_path, "r.yaml", f"game: {game}\n{body}")
    code, out, err = run("replay", "-f", "json", path)
    assert code == 1 and "Traceback" not in err
    data = json.loads(out)
    assert list(data) == keys
    assert data["winner"] is None and data["moves"] == 0
    assert [f["code"] for f in data["findings"]] == codes
    assert data["findings"][0]["line"] == line and data["findings"][0]["path"] == path
    # People get the same findings, one line each, on stderr.
    code, out, err = run("replay", path)
    assert code == 1 and f"r.yaml:{line}:" in err and codes[0] in err


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (None, "file-not-found"),
        ("moves: [\n", "yaml-syntax"),
        ("game: chess\nkind: record\n", "unknown-game"),
        ("- a list\n", "not-a-mapping"),
    ],
)
def test_json_replay_of_a_file_of_no_known_game(
    tmp_path: Path, text: str | None, code: str
) -> None:
    path = str(tmp_path / "r.yaml") if text is None else write(tmp_path, "r.yaml", text)
    status, out, _ = run("replay", "-f", "json", path)
    assert status == 1
    data = json.loads(out)
    assert data == {"winner": None, "moves": 0, "findings": data["findings"]}
    assert [f["code"] for f in data["findings"]] == [code]
