"""A game's id is a name, never a path (issue 35, item 1).

A designed game's id (and an installed package's) names the game's folder of output,
`OUT/<id>/`: `../../x`, `..`, an absolute path, a NUL or a slash in it wrote outside
`--out` (and `export png` replaced a folder there) while `kitgen check` called the
files clean. An id is held to the pattern of every other id (`kitgen.names.
game_id_problem`): anything else is `invalid-value` at `game:` in check and in every
command. Behind that, the writer refuses any output path that leaves `--out`
(`kitgen.atomic.check_inside`), tested here with the id check switched off.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from conftest import run_in_process

from kitgen import registry
from kitgen.entry import main
from kitgen.errors import KitgenError
from kitgen.paths import data_dir

EXAMPLE = data_dir() / "examples" / "emberwake"
# Each file of Emberwake and the line and column of its `game:` value.
GAME_LINES = {
    "game.yaml": (4, 7),
    "kit.yaml": (2, 7),
    "rules.yaml": (4, 7),
    "decks/deep-tide.yaml": (2, 7),
    "decks/ember-rush.yaml": (2, 7),
    "layouts/back.yaml": (2, 7),
    "layouts/base.yaml": (4, 7),
    "layouts/creature.yaml": (3, 7),
    "layouts/relic.yaml": (2, 7),
    "layouts/spell.yaml": (2, 7),
}
BAD_IDS = {
    "climbs": "../../escaped",
    "parent": "..",
    "absolute": "ABSOLUTE",  # (the test's own folder, made absolute below)
    "nul": "a\0b",
    "long": "a" * 200,
    "slash": "dragon/duel",
    "uppercase": "Emberwake",
    "unicode": "émberwake",
    "device": "con",
    "newline": "emberwake\n",
    "dot": ".",
    "empty-word": "dragon--duel",
}


def designed_copy(where: Path, game_id: str) -> Path:
    """Emberwake copied to `where/g`, every file naming the game `game_id`."""
    folder = where / "g"
    shutil.copytree(EXAMPLE, folder)
    quoted = json.dumps(game_id)  # (a YAML double-quoted string)
    for name in GAME_LINES:
        path = folder / name
        text = path.read_text(encoding="utf-8")
        assert "game: emberwake\n" in text
        path.write_text(text.replace("game: emberwake\n", f"game: {quoted}\n"), encoding="utf-8")
    return folder


def files_under(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder commands run in, two levels down, so that `../..` stays in tmp_path."""
    folder = tmp_path / "a" / "b"
    folder.mkdir(parents=True)
    monkeypatch.chdir(folder)
    return folder


def the_id(name: str, tmp_path: Path) -> str:
    return str(tmp_path / "abs") if BAD_IDS[name] == "ABSOLUTE" else BAD_IDS[name]


@pytest.mark.parametrize("name", sorted(BAD_IDS))
def test_a_game_id_that_is_not_a_name_is_invalid_value_at_game(
    name: str, work: Path, tmp_path: Path
) -> None:
    game_id = the_id(name, tmp_path)
    designed_copy(work, game_id)
    status, out, _err = run_in_process(main, "check", "--format", "json", "g")
    assert status == 1
    files = json.loads(out)["files"]
    assert sorted(f["path"] for f in files) == sorted(f"g/{n}" for n in GAME_LINES)
    for entry in files:
        name_in_folder = entry["path"].removeprefix("g/")
        [found] = entry["findings"]
        line, column = GAME_LINES[name_in_folder]
        assert (found["code"], found["path"], found["line"], found["column"]) == (
            "invalid-value",
            entry["path"],
            line,
            column,
        )
        assert "is not a valid game id" in found["message"]
        assert "title:` can be any text" in found["message"]


@pytest.mark.parametrize("name", sorted(BAD_IDS))
def test_no_command_writes_anything_for_a_game_whose_id_is_not_a_name(
    name: str, work: Path, tmp_path: Path
) -> None:
    designed_copy(work, the_id(name, tmp_path))
    before = files_under(tmp_path)
    for command in (
        ["build", "g"],
        ["build", "g/kit.yaml"],
        ["build", "g/decks/deep-tide.yaml"],  # a deck build
        ["export", "png", "g"],
        ["export", "pdf", "g"],
        ["export", "tts", "g"],
    ):
        status, out, err = run_in_process(main, *command, "--out", "out")
        assert status == 1, (command, err)
        assert out == ""
        assert "invalid-value" in err and "is not a valid game id" in err, err
        assert files_under(tmp_path) == before, command


def test_the_id_pattern_is_every_other_ids(tmp_path: Path) -> None:
    from kitgen.names import MAX_GAME_ID, game_id_problem

    for name in BAD_IDS:
        assert game_id_problem(the_id(name, tmp_path)) is not None, name
    for good in ("emberwake", "dragon-duel", "g2", "a" * MAX_GAME_ID, "scratch"):
        assert game_id_problem(good) is None, good
    assert "40" in str(game_id_problem("a" * (MAX_GAME_ID + 1)))
    assert "Windows" in str(game_id_problem("lpt1"))
    # the pattern is matched whole: a final newline is no id (of a game, or of a faction)
    from pydantic import TypeAdapter, ValidationError

    from kitgen.model.base import Id

    with pytest.raises(ValidationError):
        TypeAdapter(Id).validate_python("first-strike\n")


def test_a_designed_game_is_never_made_of_an_id_that_is_not_a_name(tmp_path: Path) -> None:
    from kitgen.games.designed import designed_game

    with pytest.raises(ValueError, match="not a valid game id"):
        designed_game("../x", "X", str(tmp_path))
    assert registry.find("../x", str(tmp_path)) is None
    assert not registry.is_game("/etc")


def test_new_game_gives_a_name_an_id_that_is_one(tmp_path: Path) -> None:
    """`kitgen new game NAME --game custom` makes its id from the name: an id, whatever
    the name (its title keeps every letter)."""
    from kitgen.games.designed.starters import game_id_of
    from kitgen.names import game_id_problem

    for name in ("城堡", "Żurawie Złote", "Con", "9 Lives", "a" * 80, "!!!"):
        made = game_id_of(name)
        assert game_id_problem(made) is None, (name, made)
    # a name with no ASCII letter (its folder keeps the letters: `μμ/`), checked clean
    status, _out, err = run_in_process(
        main, "new", "game", "µµ", "--game", "custom", "--dir", str(tmp_path)
    )
    assert status == 0, err
    [folder] = [p for p in tmp_path.iterdir() if p.is_dir()]
    assert "game: my-game" in (folder / "game.yaml").read_text(encoding="utf-8")
    status, _out, err = run_in_process(main, "check", str(folder))
    assert status == 0, err


# -- an installed package's game --------------------------------------------------------------


def test_a_game_of_another_package_keeps_its_files_in_its_own_folder() -> None:
    """`Game.data_dir` is data/<id>/ only for kitgen's own games; another package's
    game's is the `data/` folder beside its module, never kitgen's data folder."""

    class Elsewhere(registry.Game):
        id = "elsewhere-game"
        title = "Elsewhere"

    assert Elsewhere().data_dir == Path(__file__).resolve().parent / "data"
    assert registry.get("scratch").data_dir == data_dir() / "scratch"

    class Climbing(registry.Game):
        id = "../../escaped"
        title = "Climbing"

    with pytest.raises(KitgenError, match="not a valid game id"):
        _ = Climbing().data_dir
    with pytest.raises(KitgenError, match="not a valid game id"):
        registry.register(Climbing)
    assert registry.find("../../escaped") is None


# -- the writer's own refusal, with the id check switched off --------------------------------


@pytest.fixture
def no_id_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every check of a game id passes: what is left to stop a path is the writer."""
    import kitgen.games.designed
    import kitgen.load.documents

    for module in (kitgen.load.documents, registry, kitgen.games.designed):
        monkeypatch.setattr(module, "game_id_problem", lambda text: None, raising=False)


@pytest.mark.parametrize("name", ["climbs", "parent", "absolute", "nul"])
def test_the_writer_refuses_what_an_unchecked_id_would_write_outside_out(
    name: str, work: Path, tmp_path: Path, no_id_check: None
) -> None:
    game_id = the_id(name, tmp_path)
    designed_copy(work, game_id)
    status, _out, err = run_in_process(main, "check", "g")
    assert status == 0, err  # (the id check is off: the files are clean)
    before = files_under(tmp_path)
    for command in (
        ["build", "g"],
        ["build", "g/decks/deep-tide.yaml"],
        ["export", "png", "g", "--dpi", "30"],
        ["export", "pdf", "g"],
        ["export", "tts", "g"],
    ):
        status, out, err = run_in_process(main, *command, "--out", "out")
        assert status == 1, (command, out, err)
        [line] = err.splitlines()
        assert line.startswith("kitgen: error: cannot write "), line
        assert "outside the output folder out (--out)" in line or "NUL" in line, line
        assert out == ""
        assert files_under(tmp_path) == before, command  # nothing, not even a folder


def test_an_unchecked_id_that_stays_inside_out_still_builds(work: Path, no_id_check: None) -> None:
    """(The refusal is about where a path leads, not how the id looks.)"""
    designed_copy(work, "Ember Wake")
    status, out, err = run_in_process(main, "build", "g", "--out", "out")
    assert status == 0, err
    assert os.path.isfile("out/Ember Wake/emberwake-cards.pdf"), out
