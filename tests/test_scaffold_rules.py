"""Scaffold's rules: the boards, which plays are legal and why not, consistency, scoring."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.games.scaffold.rules import (
    BOARDS,
    CENTRE,
    Stack,
    cell_name,
    distance,
    legal_plays,
    parse_cell,
    problems,
    score_competitive,
    score_cooperative,
    why_not,
)
from kitgen.model.standard import Card

CAP = 3  # the cards a space holds, as the game file says (a test below holds it to that)

DATA = Path(__file__).parent.parent / "data" / "scaffold" / "examples"
runner = CliRunner()


def board(*rows: str) -> list[Stack]:
    """Stacks from rows written as in a position file: `- . 9H QS/KS`."""
    stacks: list[Stack] = []
    for row in rows:
        for text in row.split():
            parts = [] if text in ("-", ".") else text.split("/")
            stacks.append(tuple(Card.parse(p) for p in parts))
    assert len(stacks) == 25
    return stacks


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def test_the_boards() -> None:
    diamond, hourglass = BOARDS["competitive"], BOARDS["cooperative"]
    assert len(diamond.spaces) == 13
    assert all(distance(c) <= 2 for c in diamond.spaces)
    assert len(hourglass.spaces) == 17
    assert [sum(1 for c in hourglass.spaces if c // 5 == r) for r in range(5)] == [5, 3, 1, 3, 5]
    assert len(hourglass.side_spaces("red")) == len(hourglass.side_spaces("black")) == 8
    assert all(c // 5 < 2 for c in hourglass.side_spaces("red"))
    assert hourglass.side_of(CENTRE) is None
    assert cell_name(CENTRE) == "r3c3" and parse_cell("R3C3") == CENTRE
    with pytest.raises(ValueError, match="r<row>c<column>"):
        parse_cell("c3")


OPEN = board(
    "-  -  .  -  -",
    "-  .  9H .  -",
    ".  .  QS 5C .",
    "-  .  .  .  -",
    "-  -  .  -  -",
)
HAND = cards("KD QH 9S 5D 4H 2C 10C")


def test_legal_play_table() -> None:
    got: dict[str, set[str]] = {}
    for card, cell in legal_plays(BOARDS["competitive"], OPEN, HAND, cap=CAP):
        got.setdefault(cell_name(cell), set()).add(str(card))
    assert got == {
        "r1c3": {"9S", "5D", "4H", "2C"},  # next to 9H, no higher
        "r2c2": {"9S", "5D", "4H", "2C"},
        "r2c3": {"QH", "9S", "10C"},  # on 9H: at least 9, at most the queen
        "r2c4": {"5D", "4H", "2C"},  # between 9H and 5C: no higher than either
        "r3c2": {"QH", "9S", "5D", "4H", "2C", "10C"},
        "r3c3": {"KD", "QH"},  # the centre rises only
        "r3c4": {"QH", "9S", "5D", "10C"},
        "r3c5": {"5D", "4H", "2C"},
        "r4c3": {"QH", "9S", "5D", "4H", "2C", "10C"},
        "r4c4": {"5D", "4H", "2C"},
    }  # r3c1, r4c2 and r5c3 touch no constructed space


@pytest.mark.parametrize(
    ("play", "mode", "side", "reason"),
    [
        ("KD@r1c3", "competitive", None, "higher than 9H at row 2, column 3, which is nearer"),
        ("4H@r2c3", "competitive", None, "lower than 9H, the card it would cover"),
        ("4H@r3c1", "competitive", None, "not next to a constructed space"),
        ("4H@r1c1", "competitive", None, "not a space of the competitive board"),
        ("JD@r3c3", "competitive", None, "lower than QS"),
        ("RJ@r3c2", "competitive", None, "jokers only choose the teams"),
        ("4H@r4c3", "cooperative", "red", "on black's side; red plays only on red's side"),
        ("KD@r3c3", "cooperative", "black", "belongs to neither side"),
    ],
)
def test_why_not(play: str, mode: str, side: str | None, reason: str) -> None:
    card, cell = play.split("@")
    assert reason in (
        why_not(BOARDS[mode], OPEN, Card.parse(card), parse_cell(cell), side, cap=CAP)  # type: ignore[arg-type]
        or ""
    )


def test_a_capped_space_takes_nothing() -> None:
    stacks = board(
        "-  -  .  -  -",
        "-  .  .  .  -",
        ".  .  9S/10H/QC .  .",
        "-  .  .  .  -",
        "-  -  .  -  -",
    )
    assert "capped" in (
        why_not(BOARDS["competitive"], stacks, Card.parse("KD"), CENTRE, cap=CAP) or ""
    )
    assert all(
        cell != CENTRE for _, cell in legal_plays(BOARDS["competitive"], stacks, HAND, cap=CAP)
    )


def test_cooperative_plays_stay_on_the_players_side() -> None:
    hourglass = BOARDS["cooperative"]
    stacks = board(
        ".  .  .  .  .",
        "-  .  .  .  -",
        "-  -  KS -  -",
        "-  .  .  .  -",
        ".  .  .  .  .",
    )
    red = {cell_name(c) for _, c in legal_plays(hourglass, stacks, HAND, "red", cap=CAP)}
    black = {cell_name(c) for _, c in legal_plays(hourglass, stacks, HAND, "black", cap=CAP)}
    assert red == {"r2c3"} and black == {"r4c3"}  # only the spaces touching the centre


def test_an_inner_space_may_not_drop_below_an_outer_one() -> None:
    # The hourglass lets an outer space be built before a space nearer the centre.
    stacks = board(
        ".  .  .  .  .",
        "-  8H .  .  -",
        "-  -  KS -  -",
        "-  .  .  .  -",
        ".  .  .  .  .",
    )
    stacks[parse_cell("r1c3")] = (Card.parse("7D"),)
    reason = why_not(
        BOARDS["cooperative"], stacks, Card.parse("5H"), parse_cell("r2c3"), "red", cap=CAP
    )
    assert reason is not None and "lower than 7D at row 1, column 3" in reason


def test_consistency_conditions_name_the_cell() -> None:
    stacks = board(
        "4C -  JC -  -",
        "-  .  9H .  -",
        ".  .  .  .  2C",
        "-  7H/5S .  .  -",
        "-  -  .  -  -",
    )
    found = {(p.code, cell_name(p.cell)) for p in problems(BOARDS["competitive"], stacks, CAP)}
    assert found == {
        ("not-a-space", "r1c1"),
        ("centre-unconstructed", "r3c3"),
        ("stack-descends", "r4c2"),
        ("pyramid-broken", "r1c3"),  # JC over 9H
    }
    stacks[CENTRE] = (Card.parse("KD"),)
    found = {(p.code, cell_name(p.cell)) for p in problems(BOARDS["competitive"], stacks, CAP)}
    assert ("space-disconnected", "r3c5") in found and ("space-disconnected", "r4c2") in found
    assert ("space-disconnected", "r2c3") not in found


def test_competitive_scoring_counts_tops_and_the_centre() -> None:
    stacks = board(
        "-  -  5S/6S/6C -  -",
        "-  2H/2D/3D QS/QH/QD 6H/8H/9H -",
        "3C/4C AD/4S/4D KH/KC/KD 5H/10C/JH 8S/8D/10S",
        "-  AS/AC/2S JD 2C/6D/JC -",
        "-  -  7D -  -",
    )
    score = score_competitive(BOARDS["competitive"], stacks)
    assert (len(score.red), len(score.black), score.winner) == (8, 5, "red")
    assert CENTRE in score.red  # the king of diamonds on top


def test_cooperative_scoring_is_turns_left_less_wrong_and_empty() -> None:
    stacks = board(
        "AH AD 5D/8H 2S/4S/6C 3D",
        "-  2H 6H/10D/10H 9D -",
        "-  -  JC -  -",
        "-  9C JS 7S/10S -",
        "3H/4C 5C 5S/7C/8D AS/4D AC",
    )
    score = score_cooperative(BOARDS["cooperative"], stacks, 0)
    assert {cell_name(c) for c in score.wrong} == {"r1c4", "r5c3", "r5c4"}
    assert score.total == -3 and not score.complete
    stacks[parse_cell("r5c5")] = ()
    assert score_cooperative(BOARDS["cooperative"], stacks, 2).total == 2 - 3 - 1


def _score(tmp_path: Path, text: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    path = tmp_path / "p.yaml"
    path.write_text(text)
    result = runner.invoke(app, ["score", str(path), "--format", "json"])
    return result.exit_code, json.loads(result.stdout)["files"][0]


def test_the_examples_score_8_5_and_minus_3() -> None:
    result = runner.invoke(
        app,
        [
            "score",
            str(DATA / "competitive-8-5.yaml"),
            str(DATA / "cooperative-minus-3.yaml"),
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    comp, coop = json.loads(result.stdout)["files"]
    assert comp["scores"] == {"red": 8, "black": 5} and comp["winner"] == "red"
    assert comp["details"]["mode"] == "competitive" and len(comp["details"]["red"]) == 8
    assert coop["scores"] == {"team": -3} and coop["winner"] is None
    assert coop["details"]["wrong_colour"] == ["r1c4", "r5c3", "r5c4"]


def test_positions_as_a_new_user_writes_them(tmp_path: Path) -> None:
    # Lower case, T for ten, spaces around the cards, an unfinished board.
    status, entry = _score(
        tmp_path,
        "game: scaffold\nkind: position\nboard:\n"
        "  - ['-', '-', '.', '-', '-']\n"
        "  - ['-', 9h, th/jd, 7c, '-']\n"
        "  - ['.', ' 9s ', qs/ks, 8d, '.']\n"
        "  - ['-', '.', '.', '.', '-']\n"
        "  - ['-', '-', '.', '-', '-']\n",
    )
    assert status == 0, entry
    assert entry["scores"] == {"red": 3, "black": 3} and entry["winner"] is None
    assert entry["details"]["tops"]["r2c3"] == "JD"


def test_an_impossible_position_is_explained_and_not_scored(tmp_path: Path) -> None:
    status, entry = _score(
        tmp_path,
        "game: scaffold\nkind: position\nmode: cooperative\nturns_left: 4\nboard:\n"
        "  - [., ., ., ., .]\n"
        "  - ['-', ., KH, ., '-']\n"
        "  - ['-', '-', QS, '-', '-']\n"
        "  - ['-', ., QS, ., '-']\n"
        "  - [., ., ., ., .]\n",
    )
    assert status == 1 and entry["scores"] is None and not entry["ok"]
    messages = {f["code"]: f for f in entry["findings"]}
    assert set(messages) == {"pyramid-broken", "card-twice"}
    assert messages["pyramid-broken"]["line"] == 7
    assert "row 2, column 3" in messages["pyramid-broken"]["message"]
    assert messages["card-twice"]["line"] == 9


def test_cooperative_positions_need_turns_left(tmp_path: Path) -> None:
    status, entry = _score(
        tmp_path,
        "game: scaffold\nkind: position\nmode: cooperative\nboard:\n"
        + "  - [., ., ., ., .]\n  - ['-', ., ., ., '-']\n  - ['-', '-', 9C, '-', '-']\n"
        + "  - ['-', ., ., ., '-']\n  - [., ., ., ., .]\n",
    )
    assert status == 1
    assert [f["code"] for f in entry["findings"]] == ["missing-key"]


def test_the_cap_is_the_game_files_and_a_smaller_one_caps_sooner() -> None:
    from kitgen.games.scaffold.load import parameters

    assert parameters().cap == CAP
    stacks = board(
        "-  -  .  -  -",
        "-  .  .  .  -",
        ".  .  9S/10H .  .",
        "-  .  .  .  -",
        "-  -  .  -  -",
    )
    assert why_not(BOARDS["competitive"], stacks, Card.parse("KD"), CENTRE, cap=CAP) is None
    said = why_not(BOARDS["competitive"], stacks, Card.parse("KD"), CENTRE, cap=2)
    assert said == "the centre is capped: it already holds 2 cards" or "holds 2 cards" in (
        said or ""
    )
    found = {(p.code, cell_name(p.cell)) for p in problems(BOARDS["competitive"], stacks, 1)}
    assert ("space-over-cap", "r3c3") in found
