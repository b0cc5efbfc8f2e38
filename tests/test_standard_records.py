"""Staircase and Galliard records: `kitgen replay`, `kitgen check` and `kitgen simulate`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.games.staircase.load import standard_setup
from kitgen.games.staircase.play import Staircase, move_text, play_game

DATA = Path(__file__).parent.parent / "data"
runner = CliRunner()


def replay(path: Path) -> tuple[int, dict[str, Any]]:
    result = runner.invoke(app, ["replay", str(path), "--format", "json"])
    return result.exit_code, json.loads(result.stdout)


# --- Staircase ---------------------------------------------------------------------------


def test_the_staircase_examples_replay() -> None:
    status, data = replay(DATA / "staircase/examples/three-player-game.yaml")
    assert status == 0, data
    assert data["winner"] == "ada" and data["scores"] == {"ada": 100, "bo": 10, "cy": 80}
    human = runner.invoke(app, ["replay", str(DATA / "staircase/examples/three-player-game.yaml")])
    assert "  2. bo       interfere 9D 10S ada" in human.stdout
    assert "  3. ada      choose 10S" in human.stdout
    assert "base 50 + bonus 30 (3 in a row 6H 7D 8C +30) = 80" in human.stdout
    assert "Game over: ada wins with 100 points." in human.stdout


@pytest.mark.parametrize(("players", "interfere"), [(2, False), (4, True), (5, True)])
def test_staircase_records_round_trip(tmp_path: Path, players: int, interfere: bool) -> None:
    names = ["ada", "bo", "cy", "dee", "eve"][:players]
    engine = Staircase(standard_setup(players, interfere=interfere))
    seats = ["spoiler" if interfere and i == 1 else "greedy" for i in range(players)]
    states, outcome = play_game(engine, seats, seed=33)
    moves = [move_text(s.last, names) for s in states[1:] if s.last is not None]
    path = tmp_path / "game.yaml"
    path.write_text(
        f"game: staircase\nkind: record\nplayers: [{', '.join(names)}]\n"
        f"interfere: {str(interfere).lower()}\nseed: 33\nmoves:\n"
        + "".join(f"  - {m}\n" for m in moves)
    )
    status, data = replay(path)
    assert status == 0, data
    assert data["scores"] == {names[s]: t for s, t in enumerate(outcome.scores)}
    assert data["winners"] == [names[s] for s in outcome.winners]
    assert data["moves"] == len(moves)


def test_an_explicit_staircase_deal_replays(tmp_path: Path) -> None:
    path = tmp_path / "deal.yaml"
    path.write_text(
        "game: staircase\nkind: record\nplayers: [ada, bo]\nhand_size: 2\n"
        "deal: {hands: [[5H, 6S], [KD, 2C]], depot: [7D], scrap: [AS]}\n"
        "moves: [build 5h, recycle 2C, scrap 6S build 7D]\n"
    )
    status, data = replay(path)
    # ada builds 5H; bo recycles 2C (it goes on the depot; bo takes the AS from the scrap
    # pile); ada cannot scrap now: she holds one card, and the 7D is still in the depot.
    assert status == 1
    assert data["illegal"]["index"] == 2 and data["illegal"]["line"] == 6
    path.write_text(
        "game: staircase\nkind: record\nplayers: [ada, bo]\nhand_size: 2\n"
        "deal: {hands: [[5H, 6S], [KD, 2C]], depot: [7D], scrap: [AS]}\n"
        "moves: [build 5h, recycle 2C, build 6S, build KD]\n"
    )
    status, data = replay(path)
    assert status == 0, data
    assert data["scores"] == {"ada": 20, "bo": 50}  # ada 5H 6S; bo AS KD


def test_broken_staircase_records_are_located(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "game: staircase\nkind: record\nplayers: [ada, bo]\nseed: 1\n"
        "moves:\n  - build 2H\n  - interfere 3S 9H ada\n"
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert ":6:5: error illegal-move move 1 (ada: build 2H)" in result.stdout
    path.write_text("game: staircase\nkind: record\nplayers: [ada, ADA]\nmoves: []\n")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and "invalid-value" in result.stdout
    path.write_text(
        "game: staircase\nkind: record\nplayers: [ada, bo]\n"
        "deal: {hands: [[5H, 6S], [5h, RJ]], depot: [], scrap: []}\nmoves: []\n"
    )
    result = runner.invoke(app, ["check", str(path), "-f", "json"])
    codes = sorted(f["code"] for f in json.loads(result.stdout)["files"][0]["findings"])
    assert codes == ["card-twice", "joker-in-play"]


def test_staircase_simulation_is_reproducible_and_split_free() -> None:
    args = ["simulate", "staircase", "--players", "greedy,random,greedy", "-n", "120", "-f", "json"]
    one = runner.invoke(app, args)
    two = runner.invoke(app, [*args, "--jobs", "2"])
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["games"] == 120 and [p["name"] for p in data["players"]] == [
        "greedy",
        "random",
        "greedy",
    ]
    wins = sum(p["wins"] for p in data["players"])
    assert abs(wins - 120) < 0.01  # shared wins split, so the shares add up to the games


def test_the_staircase_report_says_what_the_interferer_made_of_its_chances() -> None:
    args = ["simulate", "staircase", "--players", "interferer,greedy,spoiler", "--interfere"]
    result = runner.invoke(app, [*args, "-n", "30"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    said = [line.strip() for line in lines if line.strip().startswith("interfere:")]
    assert len(said) == 3, result.stdout  # one line per player
    data = json.loads(runner.invoke(app, [*args, "-n", "30", "-f", "json"]).stdout)
    interferer = data["players"][0]
    best = interferer["interfere_margin"]["best"]
    assert said[0].startswith(
        f"interfere: {interferer['actions_per_game']['interfere']:.2f} a game of"
        f" {interferer['interfere_chances']:.1f} chances"
    )
    if best < 0:
        assert f"came {-best} points short" in said[0]
    assert "short" not in said[2] and "beat" not in said[2]  # the spoiler is not weighed
    plain = runner.invoke(
        app, ["simulate", "staircase", "--players", "interferer,greedy", "-n", "5"]
    )
    # Without the rule there is nothing to say.
    assert not [line for line in plain.stdout.splitlines() if line.strip().startswith("interfere")]


def test_staircase_simulate_refuses_bad_players() -> None:
    result = runner.invoke(app, ["simulate", "staircase", "--players", "greedy"])
    assert result.exit_code == 2 and "2 to 5 players" in result.output
    result = runner.invoke(app, ["simulate", "staircase", "--players", "greedy,clever"])
    assert result.exit_code == 2 and "unknown player 'clever'" in result.output


# --- Galliard ----------------------------------------------------------------------------


def test_the_galliard_example_replays() -> None:
    status, data = replay(DATA / "galliard/examples/game.yaml")
    assert status == 0, data
    assert data["winner"] == "bo"
    assert "started supported" in data["reason"] and "bo won round 6" in data["reason"]
    assert len(data["rounds"]) == 6
    assert data["rounds"][0].endswith("took RJ")
    assert "RJ" in data["cabals"]["ada"]
    human = runner.invoke(app, ["replay", str(DATA / "galliard/examples/game.yaml")])
    assert "Round 2, bo starts:" in human.stdout  # the loser of round 1 starts round 2
    assert "   12. ada      take RJ" in human.stdout


def test_galliard_records_round_trip(tmp_path: Path) -> None:
    from kitgen.games.galliard.load import standard_setup as galliard_setup
    from kitgen.games.galliard.play import Galliard
    from kitgen.games.galliard.play import play_game as play_galliard

    engine = Galliard(galliard_setup())
    states, outcome = play_galliard(engine, ["greedy", "random"], seed=12)
    moves = [str(s.last) for s in states[1:]]
    path = tmp_path / "game.yaml"
    path.write_text(
        "game: galliard\nkind: record\nplayers: [ada, bo]\nseed: 12\nmoves:\n"
        + "".join(f"  - {m}\n" for m in moves)
    )
    status, data = replay(path)
    assert status == 0, data
    assert data["winner"] == ["ada", "bo"][outcome.winner]  # type: ignore[index]
    assert len(data["rounds"]) == outcome.rounds and data["moves"] == len(moves)
    # One move too many is found on its line.
    path.write_text(path.read_text() + "  - scuff\n")
    status, data = replay(path)
    assert status == 1 and data["illegal"]["index"] == len(moves)
    assert data["illegal"]["line"] == 6 + len(moves)  # moves start on line 6


def test_broken_galliard_records_are_located(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "game: galliard\nkind: record\nplayers: [ada, bo]\nseed: 100\n"
        "moves:\n  - dance 8H\n  - stamp 9C on 8H\n"
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert ":7:5: error illegal-move move 2 (bo: stamp 9C on 8H)" in result.stdout
    path.write_text(
        "game: galliard\nkind: record\nplayers: [ada, bo]\nmoves: [dance to the music]\n"
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and "move-syntax" in result.stdout


def test_galliard_simulation_is_reproducible_and_split_free() -> None:
    args = ["simulate", "galliard", "--players", "greedy,random", "-n", "60", "-f", "json"]
    one = runner.invoke(app, args)
    two = runner.invoke(app, [*args, "--jobs", "2"])
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["games"] == 60
    assert data["players"][0]["wins"] + data["players"][1]["wins"] + data["round_limit"] == 60
    assert data["players"][0]["wins"] > data["players"][1]["wins"]
    result = runner.invoke(app, ["simulate", "galliard", "--players", "greedy,greedy,greedy"])
    assert result.exit_code == 2 and "two players" in result.output
