"""A designed game is its folder's, and each file is reported under one spelling
(issue 35, item 19).

Two game files declaring one id: the registry remembered "the game near this file"
by id for the rest of the process, so a second folder's files got the first folder's
game (a German kit's booklet drew the English cards). Now a designed game is found
near a file every time, never by its id alone, and two game files of one id in a run
are `duplicate-game-id` at the second one's `game:`.

One finding printed twice, once as `g/layouts/back.yaml:2:7` and once as
`/tmp/x/g/layouts/back.yaml:2:7`: a designed game's folder was its resolved absolute
path, and files named in files were spelt tidied while the files named on the
command line were not. Now the folder is spelt as the file it was found from, and
every path as given, tidied (`kitgen.paths.tidy_path`).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pypdfium2
import pytest
from conftest import run_in_process

from kitgen import registry
from kitgen.build import BuildOptions, plan
from kitgen.entry import main
from kitgen.paths import data_dir

EXAMPLE = data_dir() / "examples" / "emberwake"
KNIGHT = "Ember Knight,creature,flame,3,4,:shield: 1. **Charge:** attacks the turn it enters.,2"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture
def two(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`a/`: Emberwake; `b/`: its German edition, with the same game id, another kit
    name, and its own text on Ember Knight (a card the rules draw)."""
    shutil.copytree(EXAMPLE, tmp_path / "a")
    shutil.copytree(EXAMPLE, tmp_path / "b")
    edit(tmp_path / "b" / "kit.yaml", "name: Emberwake", "name: Glutwache")
    edit(tmp_path / "b" / "cards.csv", KNIGHT, KNIGHT.split(":shield:")[0] + "NUR DEUTSCH.,2")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def pdf_text(path: Path) -> str:
    document = pypdfium2.PdfDocument(str(path))
    try:
        return "".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def test_each_folders_game_is_its_own_never_found_by_id_alone(two: Path) -> None:
    a = registry.find("emberwake", "a/kit.yaml")
    b = registry.find("emberwake", "b/decks/deep-tide.yaml")
    assert a is not None and b is not None
    assert (a.data_dir, b.data_dir) == (Path("a"), Path("b"))
    assert registry.find("emberwake") is None  # no memory of the last one found


def test_two_folders_of_one_id_never_mix_their_data(two: Path) -> None:
    """Planned one after the other (as `kitgen watch` planned each target), then drawn:
    each kit's booklet draws its own folder's cards."""
    options = BuildOptions(out=str(two / "out"))
    first, second = plan(["a"], options), plan(["b"], options)
    written = [*first.write_planned().written, *second.write_planned().written]
    assert "out/emberwake/emberwake-rules.pdf" in [os.path.relpath(p, two) for p in written]
    english = pdf_text(two / "out" / "emberwake" / "emberwake-rules.pdf")
    german = pdf_text(two / "out" / "emberwake" / "glutwache-rules.pdf")
    assert "NUR DEUTSCH" not in english and "Charge" in english
    assert "NUR DEUTSCH" in german


def duplicates(out: str) -> list[tuple[str, int, int, str]]:
    found = []
    for entry in json.loads(out)["files"]:
        for f in entry["findings"]:
            if f["code"] == "duplicate-game-id":
                found.append((f["path"], f["line"], f["column"], entry["path"]))
    return found


def test_two_game_files_of_one_id_in_one_check_are_a_finding_at_the_second(two: Path) -> None:
    a, b = str(two / "a"), str(two / "b")
    status, out, _err = run_in_process(main, "check", "--format", "json", a, b)
    assert status == 1
    found = duplicates(out)
    assert {(path, line, column) for path, line, column, _ in found} == {(f"{b}/game.yaml", 4, 7)}
    assert {entry.startswith(f"{b}/") for *_, entry in found} == {True}  # on b's files only
    status, out, _err = run_in_process(main, "check", "--format", "json", b, a)
    assert {(p, line, c) for p, line, c, _ in duplicates(out)} == {(f"{a}/game.yaml", 4, 7)}
    # said once in the text report
    status, out, _err = run_in_process(main, "check", a, b)
    lines = [line for line in out.splitlines() if "duplicate-game-id" in line]
    assert lines == [
        f"{b}/game.yaml:4:7: error duplicate-game-id 'emberwake' is the id of the game in "
        f"{a}/game.yaml too, read earlier in this run: two games need ids of their own "
        "(every file names its game by id, and both would print into OUT/emberwake/)"
    ]


def test_one_folder_named_twice_is_no_duplicate(two: Path) -> None:
    for again in ("./a", str(two / "a"), "a/"):
        status, out, err = run_in_process(main, "check", "--format", "json", "a", again)
        assert status == 0, (again, err)
        assert duplicates(out) == []


def test_a_build_of_two_games_of_one_id_builds_the_first_only(two: Path) -> None:
    status, _out, err = run_in_process(main, "build", str(two / "a"), str(two / "b"), "-o", "out")
    assert status == 1
    assert f"{two / 'b' / 'game.yaml'}:4:7: error duplicate-game-id" in err
    assert sorted(os.listdir(two / "out" / "emberwake")) == [
        "emberwake-cards.pdf",
        "emberwake-reference.pdf",
        "emberwake-rules-booklet.pdf",
        "emberwake-rules.pdf",
    ]
    assert "NUR DEUTSCH" not in pdf_text(two / "out" / "emberwake" / "emberwake-rules.pdf")


def test_a_watched_rebuild_is_one_run(two: Path) -> None:
    from kitgen.watch import build_once

    result, errors = build_once(["a", "b"], BuildOptions(out=str(two / "out")))
    assert errors == []
    assert [f.code for f in result.findings] == ["duplicate-game-id"]
    # and the next rebuild, once b has an id of its own, has no such finding
    for path in (two / "b").rglob("*.yaml"):
        edit(path, "game: emberwake", "game: glutwache")
    result, errors = build_once(["a", "b"], BuildOptions(out=str(two / "out")))
    assert errors == [] and result.ok, [str(f) for f in result.findings]


# -- one spelling for one file ------------------------------------------------------------------


@pytest.fixture
def orphaned(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Emberwake in `x/g` whose game file alone changed its id: every other file names
    a game that is no longer there (the issue's reproduction)."""
    folder = tmp_path / "x" / "g"
    shutil.copytree(EXAMPLE, folder)
    edit(folder / "game.yaml", "game: emberwake", "game: other")
    monkeypatch.chdir(tmp_path / "x")
    return folder


def places(err: str) -> list[str]:
    return [line.split(": ")[0] for line in err.splitlines() if ": error " in line]


@pytest.mark.parametrize(
    ("cwd", "target", "prefix"),
    [
        (".", "g", "g/"),
        (".", "./g", "g/"),
        (".", "g/", "g/"),
        (".", "ABSOLUTE", "ABSOLUTE/"),
        ("g", ".", ""),
    ],
)
def test_each_finding_is_reported_once_under_the_spelling_given(
    orphaned: Path, cwd: str, target: str, prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(cwd)
    if target == "ABSOLUTE":
        target = prefix = str(orphaned)
        prefix += "/"
    status, out, _err = run_in_process(main, "check", target)
    assert status == 1
    shown = places(out)
    assert len(shown) == len(set(shown)), shown  # once each
    assert all(place.startswith(prefix) for place in shown), shown
    assert all(not os.path.isabs(place) for place in shown) or os.path.isabs(prefix)
    layouts = sorted(p for p in shown if "layouts/" in p)
    assert layouts == [
        f"{prefix}layouts/back.yaml:2:7",
        f"{prefix}layouts/base.yaml:4:7",
        f"{prefix}layouts/creature.yaml:3:7",
        f"{prefix}layouts/relic.yaml:2:7",
        f"{prefix}layouts/spell.yaml:2:7",
    ]


def test_a_file_named_in_a_file_is_reported_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same for a built-in game: a kit's rules file, checked through the kit and on
    its own, given as `./s`."""
    shutil.copytree(data_dir() / "scratch", tmp_path / "s")
    edit(tmp_path / "s" / "rules.yaml", '\ntitle: "Scratch: Draw the Line"', "\ntitle: 5")
    monkeypatch.chdir(tmp_path)
    status, out, _err = run_in_process(main, "check", "./s")
    assert status == 1
    assert places(out) == ["s/rules.yaml:7:8"]
