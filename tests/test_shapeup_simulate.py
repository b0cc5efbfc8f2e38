"""`kitgen simulate shapeup`: reproducible, sane numbers, clear errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from kitgen.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def report(*args: str) -> dict[str, Any]:
    code, out, err = run("simulate", "shapeup", "--format", "json", *args)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_reproducible_and_adding_up() -> None:
    args = ("--games", "40", "--seed", "5", "--players", "greedy,random")
    one = report(*args)
    assert report(*args, "--jobs", "2") == one
    assert report("--games", "40", "--seed", "6", "--players", "greedy,random") != one
    assert one["games"] == 40 and one["setup"] == "2p-18"
    assert sum(p["wins"] for p in one["players"]) + one["ties"] == 40
    greedy, rand = one["players"]
    assert greedy["wins"] > rand["wins"] and greedy["points_per_game"] > rand["points_per_game"]
    first = one["first_player"]
    assert 0 <= first["win_rate"] <= 1 and first["fair_share"] == round((40 - one["ties"]) / 80, 4)


def test_more_players_and_the_advanced_game() -> None:
    data = report("--games", "9", "--setup", "3p-24-advanced", "--players", "random")
    assert [p["player"] for p in data["players"]] == ["random"] * 3
    assert sum(p["wins"] for p in data["players"]) + data["ties"] == 9


def test_every_set_up_plays_without_naming_the_players() -> None:
    """The default players fit every set-up (it was `random,random`: two names, so a
    three- or four-player set-up failed unless `--players` was given)."""
    for setup, seats in (("2p-18", 2), ("3p-18", 3), ("4p-24", 4)):
        data = report("--games", "4", "--setup", setup)
        assert [p["player"] for p in data["players"]] == ["random"] * seats


def test_bad_requests_are_one_line_errors() -> None:
    for args, words in (
        (("--setup", "5p-30"), "unknown set-up"),
        (("--players", "greedy,random,random"), "one name per seat"),
        (("--players", "search,random"), "unknown player"),
        (("--match",), "--match is for Scratch"),
    ):
        code, _, err = run("simulate", "shapeup", "--games", "2", *args)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    code, _, err = run("simulate", "a.yaml", "--games", "2")
    assert code == 2 and "two Scratch deck files" in err


def test_human_report() -> None:
    code, out, _ = run("simulate", "shapeup", "--games", "6", "--players", "greedy,greedy")
    assert code == 0 and out.startswith("Shape Up! 2p-18: 6 rounds")
    assert "the first player wins" in out and "seat 2 (greedy)" in out


def test_full_games() -> None:
    args = ("--games", "12", "--rounds", "4", "--players", "greedy,random", "--seed", "2")
    data = report(*args)
    full = data["full_games"]
    assert full["played"] == 12 and full["rounds_per_game"] == 4 and data["games"] == 48
    assert sum(full["wins"]) + full["ties"] == 12 and full["wins"][0] > full["wins"][1]
    assert report(*args, "--jobs", "2") == data
    assert report("--games", "3")["full_games"] is None
    code, _, err = run("simulate", "shapeup", "--rounds", "0")
    assert code == 2 and "--rounds must be from 1 to 20" in err


def test_points_by_colour_fill_and_shape_add_up_to_the_points() -> None:
    data = report("--games", "80", "--seed", "2", "--players", "greedy,random")
    for seat in data["players"]:
        parts = seat["points_by_attribute"]
        assert set(parts) == {"colour", "fill", "shape"}
        assert sum(parts.values()) == pytest.approx(seat["points_per_game"], abs=0.003)
        for attribute, value in parts.items():
            low, high = seat["points_by_attribute_95"][attribute]
            assert low <= value <= high
    # The greedy seat scores more than the random one.
    greedy, rand = data["players"]
    assert sum(greedy["points_by_attribute"].values()) > sum(rand["points_by_attribute"].values())
