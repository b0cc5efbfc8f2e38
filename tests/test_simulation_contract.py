"""Every game's declared simulation (kitgen.play.simulation), held to one contract:
a small run through the command built from the declaration gives a report that is
JSON, complete (nothing interrupted, every number finite), the same for the same
seed, lines for people, and a balance report where the game has charts. The toy
outside game (tests/toygame/) is held to it too."""

from __future__ import annotations

import importlib
import json
import math
from pathlib import Path
from typing import Any

import pytest

from kitgen import registry
from kitgen.cli.declared import simulate_command
from kitgen.paths import data_dir
from kitgen.play.simulation import Simulation

# The files a game that simulates files plays (its shipped data).
FILES = {
    "scratch": [
        str(data_dir() / "scratch" / "decks" / "royal-court.yaml"),
        str(data_dir() / "scratch" / "decks" / "hold-the-line.yaml"),
    ]
}


def declared() -> list[str]:
    return [g for g in registry.builtin_ids() if registry.get(g).supports("simulation")]


def run(
    capsys: pytest.CaptureFixture[str], game_id: str, simulation: Simulation, *args: str
) -> tuple[object, str, str]:
    command = simulate_command(game_id, simulation)
    status = command.main(
        [*FILES.get(game_id, []), *args], prog_name=game_id, standalone_mode=False
    )
    out, err = capsys.readouterr()
    return status, out, err


def numbers(value: Any) -> list[float]:
    """Every number in a report, however deep."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return []
    if isinstance(value, (int, float)):
        return [value]
    if isinstance(value, dict):
        return [n for v in value.values() for n in numbers(v)]
    return [n for v in value for n in numbers(v)]


def keep_the_contract(
    capsys: pytest.CaptureFixture[str], game_id: str, simulation: Simulation, tmp_path: Path
) -> None:
    status, out, err = run(capsys, game_id, simulation, "-n", "24", "--seed", "5", "-f", "json")
    assert status is None, err
    report = json.loads(out)
    assert report.get("interrupted") is None
    found = numbers(report)
    assert found and all(math.isfinite(n) for n in found)
    again = run(capsys, game_id, simulation, "-n", "24", "--seed", "5", "-f", "json")
    assert again[1] == out  # the same seed, the same report
    other = run(capsys, game_id, simulation, "-n", "24", "--seed", "6", "-f", "json")
    assert other[1] != out  # (and the seed is used)
    status, text, _ = run(capsys, game_id, simulation, "-n", "24", "--seed", "5")
    lines = text.splitlines()
    assert status is None and lines and all(line.strip() for line in lines[:1])
    assert "{" not in lines[0]  # lines for people, not the JSON
    if simulation.charts is not None:
        pdf = tmp_path / f"{game_id}.pdf"
        status, _, err = run(capsys, game_id, simulation, "-n", "24", "--report", str(pdf))
        assert status is None, err
        assert pdf.read_bytes().startswith(b"%PDF-")
    for name in simulation.players:  # every player it lists can play (two seats of it)
        status, _, err = run(capsys, game_id, simulation, "-n", "4", "--players", f"{name},{name}")
        assert status is None, (name, err)


@pytest.mark.parametrize("game_id", declared())
def test_every_declared_simulation_keeps_the_contract(
    game_id: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    keep_the_contract(capsys, game_id, registry.get(game_id).simulation(), tmp_path)


def test_an_outside_games_simulation_keeps_it_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).parent / "toygame"))
    toy = importlib.import_module("kitgen_fifteen")
    keep_the_contract(capsys, "fifteen", toy.GAME.simulation(), tmp_path)
