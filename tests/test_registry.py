"""The registry of games: looking games up, games registered in-process, and games
from other installed packages through a `kitgen.games` entry point."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import ClassVar

import pytest

from kitgen import registry
from kitgen.errors import KitgenError, UsageError
from kitgen.games.scratch.model import ScratchDeckFile
from kitgen.paths import game_dir
from kitgen.registry import Game, Unsupported

ROOT = Path(__file__).resolve().parent.parent


class Toy(Game):
    """A game with files and no capabilities of its own."""

    id = "toy-in-process"
    title = "Toy"
    kinds: ClassVar = {
        "game": "kitgen.model.game:GameFile",
        "rules": "kitgen.model.rules:RulesFile",
    }


# -- built-in games ---------------------------------------------------------------------


def test_the_builtin_games_in_their_order() -> None:
    assert registry.builtin_ids() == ("scratch", "shapeup", "scaffold", "staircase", "galliard")
    assert registry.loaded_ids()[:5] == registry.builtin_ids()


@pytest.mark.parametrize("game_id", registry.builtin_ids())
def test_a_builtin_game_is_found_by_its_id(game_id: str) -> None:
    game = registry.get(game_id)
    assert isinstance(game, Game)
    assert game.id == game_id
    assert registry.find(game_id) is game
    assert registry.named(game_id) is game
    assert registry.is_game(game_id)
    assert game.title
    assert game.data_dir == game_dir(game_id)
    assert (game.data_dir / "game.yaml").is_file()
    assert game.model("rules") is not None


def test_a_game_gives_the_model_of_each_of_its_kinds_and_none_for_others() -> None:
    scratch = registry.get("scratch")
    assert scratch.model("deck") is ScratchDeckFile
    assert scratch.model("position") is None
    assert registry.get("shapeup").model("deck") is None


def test_an_unknown_id_is_an_error_naming_the_games() -> None:
    assert registry.find("chess") is None
    assert not registry.is_game("chess")
    with pytest.raises(KitgenError) as raised:
        registry.get("chess")
    message = str(raised.value)
    assert "'chess' is not a game" in message
    assert all(game_id in message for game_id in registry.builtin_ids())
    with pytest.raises(UsageError) as usage:
        registry.named("chess")
    assert usage.value.exit_code == 2
    assert str(usage.value) == message


# -- games registered in this process ---------------------------------------------------


def test_register_adds_a_game_and_forgets_it() -> None:
    assert registry.find(Toy.id) is None
    forget = registry.register(Toy)
    try:
        game = registry.get(Toy.id)
        assert isinstance(game, Toy)
        assert registry.is_game(Toy.id)
        assert registry.loaded_ids()[-1] == Toy.id
        assert Toy.id in registry.known_ids()
    finally:
        forget()
    assert registry.find(Toy.id) is None
    assert not registry.is_game(Toy.id)
    assert Toy.id not in registry.loaded_ids()
    assert Toy.id not in registry.known_ids()


def test_a_games_own_finding_codes_join_the_catalogue_and_cannot_redefine_one() -> None:
    from kitgen.model.findings import CODES, CodeInfo, finding

    class Coded(Toy):
        id = "toy-with-codes"
        finding_codes: ClassVar = {"toy-rule": CodeInfo("warning", "a toy's own rule")}

    class Clashing(Toy):
        id = "toy-clashing"
        finding_codes: ClassVar = {"card-twice": CodeInfo("warning", "something else")}

    assert "toy-rule" not in CODES
    forget = registry.register(Coded)
    try:
        assert finding("toy-rule", "broken").severity == "warning"
    finally:
        forget()
        CODES.pop("toy-rule", None)
    with pytest.raises(KitgenError, match="'card-twice' another meaning"):
        registry.register(Clashing)
    assert CODES["card-twice"].severity == "error"
    assert registry.find(Clashing.id) is None


def test_supports_names_the_capabilities_a_game_overrides() -> None:
    scratch, shapeup, toy = registry.get("scratch"), registry.get("shapeup"), Toy()
    for capability in ("check", "build_kit", "build_file", "figures", "facts", "starter_file"):
        assert scratch.supports(capability), capability
    assert shapeup.supports("starter_files") and shapeup.supports("build_kit")
    assert not shapeup.supports("starter_file") and not shapeup.supports("build_file")
    assert not any(toy.supports(c) for c in Game.CAPABILITIES)
    assert not scratch.supports("no-such-capability")


def test_a_capability_a_game_lacks_is_a_one_line_usage_error() -> None:
    toy = Toy()
    with pytest.raises(Unsupported) as raised:
        toy.starter_files("Tinker")
    assert raised.value.exit_code == 2
    assert str(raised.value) == "Toy has no starter files"
    with pytest.raises(Unsupported) as deck:
        registry.get("shapeup").starter_file("deck", "Tinker", None)
    assert str(deck.value) == "Shape Up! has no starter deck file"
    assert toy.facts() == ()
    assert toy.build_file(None, None, None, "x") is False  # type: ignore[arg-type]


# -- games from other packages: entry points ---------------------------------------------


def _toy_package(root: Path) -> None:
    """An installed package `toygame_ep` whose entry point declares the game `toy`."""
    package = root / "toygame_ep"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        textwrap.dedent(
            '''\
            """A game from outside kitgen: game and rules files, nothing more."""

            from typing import ClassVar

            from kitgen.registry import Game


            class ToyGame(Game):
                id = "toy"
                title = "Toy"
                kinds: ClassVar = {
                    "game": "kitgen.model.game:GameFile",
                    "rules": "kitgen.model.rules:RulesFile",
                }


            GAME = ToyGame()
            '''
        ),
        encoding="utf-8",
    )
    info = root / "toygame_ep-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: toygame_ep\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[kitgen.games]\ntoy = toygame_ep:GAME\n", encoding="utf-8"
    )


TOY_GAME_FILE = """\
game: toy
kind: game
title: Toy
players: {min: 2, max: 2}
playing_time: 5 minutes
summary: Three in a row wins.
"""


def _kitgen(
    *args: str, cwd: Path, path: Path | None = None, code: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Run kitgen in a fresh process, with `path` on PYTHONPATH, `code` run first."""
    env = dict(os.environ)
    # The kitgen under test is the installed one (CI installs the wheel): only the
    # toy package's folder goes on the path, never the source tree.
    env["PYTHONPATH"] = os.pathsep.join(
        [*([str(path)] if path else []), env.get("PYTHONPATH", "")]
    ).rstrip(os.pathsep)
    prelude = (code or "") + "\nimport sys\nfrom kitgen.entry import run\n"
    return subprocess.run(
        [sys.executable, "-c", prelude + "sys.argv = ['kitgen', *sys.argv[1:]]\nrun()", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_game_from_an_installed_package_is_recognised(tmp_path: Path) -> None:
    _toy_package(tmp_path / "site")
    work = tmp_path / "work"
    work.mkdir()
    (work / "toy.yaml").write_text(TOY_GAME_FILE, encoding="utf-8")
    (work / "chess.yaml").write_text("game: chess\nkind: game\n", encoding="utf-8")
    done = _kitgen(
        "check", "toy.yaml", "chess.yaml", "-f", "json", cwd=work, path=tmp_path / "site"
    )
    assert done.returncode == 1, done.stderr
    toy, chess = json.loads(done.stdout)["files"]
    assert (toy["game"], toy["kind"], toy["ok"], toy["findings"]) == ("toy", "game", True, [])
    (unknown,) = chess["findings"]
    assert unknown["code"] == "unknown-game"
    assert unknown["message"].endswith(
        "use one of: scratch, shapeup, scaffold, staircase, galliard, toy"
    )
    # its schemas, and a capability it lacks: one line, exit status 2
    schema = _kitgen("schema", "game", "-g", "toy", cwd=work, path=tmp_path / "site")
    assert schema.returncode == 0, schema.stderr
    assert json.loads(schema.stdout)["properties"]["game"]["enum"] == ["toy"]
    new = _kitgen("new", "game", "Mine", "--game", "toy", cwd=work, path=tmp_path / "site")
    assert (new.returncode, new.stderr) == (2, "kitgen: error: Toy has no starter files\n")
    assert not (work / "mine").exists()


def test_without_the_package_the_game_is_unknown(tmp_path: Path) -> None:
    (tmp_path / "toy.yaml").write_text(TOY_GAME_FILE, encoding="utf-8")
    done = _kitgen("check", "toy.yaml", "-f", "json", cwd=tmp_path)
    assert done.returncode == 1
    (report,) = json.loads(done.stdout)["files"]
    assert [f["code"] for f in report["findings"]] == ["unknown-game"]


# Reading any installed package's entry points ends the process at once, saying so.
TRIPWIRE = """
import importlib.metadata, os, sys

def _tripwire(*args, **kwargs):
    sys.stderr.write("entry points read\\n")
    sys.stderr.flush()
    os._exit(97)

importlib.metadata.entry_points = _tripwire
importlib.metadata.distributions = _tripwire
"""


def test_checking_builtin_games_files_reads_no_entry_points(tmp_path: Path) -> None:
    files = [
        ROOT / "data" / "scratch" / "decks" / "royal-court.yaml",
        ROOT / "data" / "scratch" / "game.yaml",
        ROOT / "data" / "scratch" / "kit.yaml",
        ROOT / "data" / "galliard" / "rules.yaml",
    ]
    done = _kitgen("check", *map(str, files), cwd=tmp_path, code=TRIPWIRE)
    assert done.returncode == 0, done.stderr
    assert "entry points read" not in done.stderr
    # the tripwire works: a game kitgen does not know reads them
    (tmp_path / "toy.yaml").write_text(TOY_GAME_FILE, encoding="utf-8")
    tripped = _kitgen("check", "toy.yaml", cwd=tmp_path, code=TRIPWIRE)
    assert (tripped.returncode, tripped.stderr) == (97, "entry points read\n")


def test_watch_follows_a_games_own_data_folder(tmp_path: Path) -> None:
    from kitgen.watch import check_targets, watched_folders

    class Elsewhere(Toy):
        id = "toy-elsewhere"

        @property
        def data_dir(self) -> Path:
            return tmp_path / "toy-data"

    with pytest.raises(UsageError, match="is not a game"):
        check_targets([Elsewhere.id])
    forget = registry.register(Elsewhere)
    try:
        check_targets([Elsewhere.id])
        assert watched_folders([Elsewhere.id, "scratch"]) == [
            str(tmp_path / "toy-data"),
            str(game_dir("scratch")),
        ]
    finally:
        forget()
