"""The command line from the registry: `kitgen simulate <game>` per game, each with only
its own options and players; replay dispatched by the game; no import cycle in the CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel
from typer.testing import CliRunner

from kitgen import registry
from kitgen.cli import app
from kitgen.registry import Game

runner = CliRunner()
DECKS = Path(__file__).parent.parent / "data" / "scratch" / "decks"

# Each game's players, and one option of its own that no other game's command has.
GAMES = {
    "scratch": (("random", "greedy", "search", "montecarlo"), "--match"),
    "shapeup": (("random", "greedy"), "--setup"),
    "scaffold": (("random", "greedy"), "--mode"),
    "staircase": (("random", "greedy", "interferer", "spoiler"), "--interfere"),
    "galliard": (("random", "greedy", "never", "always", "wager-50", "patient"), None),
}


def kitgen(*args: str) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "kitgen", *args], capture_output=True, text=True, check=False
    )
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("game", GAMES)
def test_each_games_help_lists_its_own_options_and_players(game: str) -> None:
    result = runner.invoke(app, ["simulate", game, "--help"])
    assert result.exit_code == 0, result.output
    players, own = GAMES[game]
    section = result.output.split("Players:")[1].split("Options:")[0]
    listed = [
        line.split()[0]
        for line in section.splitlines()
        if line.startswith("    ") and not line.startswith("      ")
    ]
    assert listed == list(players), section
    # The --players option names them too, and sends nobody elsewhere for them (the
    # one shared command's help once told Galliard users to see that same help).
    options = " ".join(result.output.split("Options:")[1].split())
    players_help = options.split("--players")[1].split(" -")[0]
    assert all(name in players_help for name in players), players_help
    assert "--help" not in players_help and "see" not in players_help.split(), players_help
    if own is not None:
        assert own in result.output
    for other, (_, option) in GAMES.items():
        if other != game and option is not None:
            assert option not in result.output.split("Options:")[1], (game, option)


def test_simulate_help_lists_every_game_without_loading_their_commands() -> None:
    probe = (
        "import sys\nfrom kitgen import entry\n"
        "sys.argv = ['kitgen', 'simulate', '--help']\n"
        "try:\n    entry.main()\nexcept SystemExit:\n    pass\n"
        "print('LOADED', sorted(m for m in sys.modules if m.startswith('kitgen.games.')"
        " and m.endswith(('.cli', '.simulate', '.play'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    for game in GAMES:
        assert f"  {game} " in out
    assert "LOADED []" in out, out


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["shapeup", "--mode", "cooperative"], "--mode"),
        (["shapeup", "--match"], "--match"),
        (["galliard", "--interfere"], "--interfere"),
        (["scaffold", "--setup", "2p-18"], "--setup"),
    ],
)
def test_another_games_option_is_a_one_line_usage_error(args: list[str], option: str) -> None:
    code, out, err = kitgen("simulate", *args, "-n", "2")
    assert code == 2 and out == ""
    assert err.startswith(f"kitgen: error: {option} is for ") and len(err.splitlines()) == 1, err


def test_deck_files_still_go_to_scratch() -> None:
    decks = [str(DECKS / "hold-the-line.yaml"), str(DECKS / "monster-rush.yaml")]
    plain = runner.invoke(app, ["simulate", "-n", "8", "-f", "json", *decks])
    named = runner.invoke(app, ["simulate", "scratch", *decks, "-n", "8", "-f", "json"])
    assert plain.exit_code == 0, plain.output
    assert plain.output == named.output and '"games": 8' in plain.output


def test_options_before_the_game_id_still_work() -> None:
    first = runner.invoke(app, ["simulate", "-n", "4", "-f", "json", "shapeup"])
    after = runner.invoke(app, ["simulate", "shapeup", "-n", "4", "-f", "json"])
    assert first.exit_code == 0 and first.output == after.output


def test_replay_of_a_file_that_is_not_a_record_is_one_line(tmp_path: Path) -> None:
    code, out, err = kitgen("replay", str(DECKS / "hold-the-line.yaml"))
    assert code == 1 and out == ""
    assert err.splitlines() == [
        f"kitgen: error: {DECKS / 'hold-the-line.yaml'} is a scratch deck file, not a record"
    ]


class Note(BaseModel):
    """The one kind of file of a game without records."""

    game: str
    kind: str


class Recordless(Game):
    id = "recordless"
    title = "Recordless"
    kinds = {"position": f"{__name__}:Note"}  # noqa: RUF012


def test_a_game_without_replay_says_so_in_one_line(tmp_path: Path) -> None:
    forget = registry.register(Recordless)
    try:
        path = tmp_path / "g.yaml"
        path.write_text("game: recordless\nkind: position\n", encoding="utf-8")
        result = runner.invoke(app, ["replay", str(path)])
        listed = runner.invoke(app, ["simulate", "--help"]).output
        assert "recordless" not in listed  # (nor a simulation)
    finally:
        forget()
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and lines == ["kitgen: error: Recordless has no recorded games"]


def test_the_command_line_has_no_import_cycle() -> None:
    import ast

    root = Path(__file__).parent.parent / "kitgen"
    names = {"kitgen.entry": root / "entry.py"}
    names |= {f"kitgen.cli.{p.stem}": p for p in (root / "cli").glob("*.py")}
    names["kitgen.cli"] = names.pop("kitgen.cli.__init__")
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    deps.add(full if full in names else node.module)
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names}
        graph[name] = deps & set(names) - {name}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(
            d == goal or (d not in seen and reaches(d, goal, seen | {d})) for d in graph[start]
        )

    assert [n for n in graph if reaches(n, n, set())] == []
