"""Layouts shared across a project (issue 37, item 3).

A project is a folder with a kitgen.toml and the games below it. Its games share
layouts by path (`face: ../shared/layouts/creature.yaml`), and a shared layout names
no game: each game that names it checks and draws it against its own fields, and
`extends:` runs across folders.

The silent failure this fixes: a file that names a game by id found its game near
itself, so a German edition (`de/`, the same id) whose kit named the rules file
beside the English game file (`rules: ../rules.yaml`) printed a booklet of the
English cards, with no finding. Now a file read for one of a game's files (its kit's
rules, its game file's layouts) is that game's, whatever other game files of the id
lie nearer the shared file.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pypdfium2
import pytest
from conftest import run_in_process

from kitgen.entry import main
from kitgen.paths import data_dir

EXAMPLE = data_dir() / "examples" / "emberwake"
KNIGHT = "Ember Knight,creature,flame,3,4,:shield: 1. **Charge:** attacks the turn it enters.,2"
GERMAN_KNIGHT = "Ember Knight,creature,flame,3,4,NUR DEUTSCH.,2"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def pdf_text(path: Path) -> str:
    document = pypdfium2.PdfDocument(str(path))
    try:
        return "".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def findings(out: str) -> list[tuple[str, int, int, str, str]]:
    """Every finding of a JSON check: (path, line, column, code, message)."""
    return sorted(
        {
            (f["path"], f["line"], f["column"], f["code"], f["message"])
            for entry in json.loads(out)["files"]
            for f in entry["findings"]
        }
    )


@pytest.fixture
def beside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`proj/`: Emberwake, its layouts and rules; `proj/de/`: a German edition with
    the same id, its own cards, and the English folder's layouts and rules file."""
    proj = tmp_path / "proj"
    shutil.copytree(EXAMPLE, proj)
    german = proj / "de"
    german.mkdir()
    shutil.copy(proj / "cards.csv", german / "cards.csv")
    edit(german / "cards.csv", KNIGHT, GERMAN_KNIGHT)
    game = (proj / "game.yaml").read_text(encoding="utf-8")
    game = game.replace("layouts/", "../layouts/").replace("icons/", "../icons/")
    (german / "game.yaml").write_text(game, encoding="utf-8")
    kit = (proj / "kit.yaml").read_text(encoding="utf-8")
    kit = kit.replace("name: Emberwake", "name: Glutwache").replace("rules.yaml", "../rules.yaml")
    (german / "kit.yaml").write_text(kit, encoding="utf-8")
    (proj / "kitgen.toml").write_text("[print]\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return proj


def test_a_shared_rules_file_beside_another_game_of_the_id_draws_its_kits_cards(
    beside: Path,
) -> None:
    """The silent failure: the German kit's booklet drew the English folder's Ember Knight
    (the rules file found the game file beside it). Built alone, with no other game in
    the run, it is the German kit's own."""
    status, _out, err = run_in_process(main, "build", "proj/de", "-o", "out", "--allow-outside")
    assert status == 0, err
    out = beside.parent / "out" / "emberwake"
    assert "NUR DEUTSCH" in pdf_text(out / "glutwache-cards.pdf")
    booklet = pdf_text(out / "glutwache-rules.pdf")
    assert "NUR DEUTSCH" in booklet and ":shield: 1." not in booklet


def test_a_kits_check_holds_a_shared_rules_file_to_its_own_cards(beside: Path) -> None:
    """The shared rules draw Ember Knight, which the German edition calls otherwise: the
    German kit's check finds it (it looked in the English cards, and found it there)."""
    status, out, err = run_in_process(
        main, "check", "--allow-outside", "--format", "json", "proj/de/kit.yaml"
    )
    assert status == 0, (findings(out), err)
    edit(beside / "de" / "cards.csv", "Ember Knight,", "Glutritter,")
    status, out, _err = run_in_process(
        main, "check", "--allow-outside", "--format", "json", "proj/de/kit.yaml"
    )
    assert status == 1
    [(path, line, column, code, message)] = findings(out)
    assert (path, line, column, code) == ("proj/rules.yaml", 17, 22, "unknown-card")
    assert "'Ember Knight'" in message
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/kit.yaml")
    assert status == 0, findings(out)


def test_two_games_of_one_id_in_one_run_remain_a_finding_and_never_mix(beside: Path) -> None:
    status, out, _err = run_in_process(
        main, "check", "--allow-outside", "--format", "json", "proj", "proj/de"
    )
    assert status == 1
    [(path, line, column, code, _message)] = findings(out)
    assert (path in ("proj/game.yaml", "proj/de/game.yaml"), line, column, code) == (
        True,
        4,
        7,
        "duplicate-game-id",
    )


# -- a project of games sharing layouts ---------------------------------------------------------


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`proj/kitgen.toml`; `proj/shared/`: Emberwake's layouts (naming no game) and icons;
    `proj/en/` (emberwake) and `proj/de/` (glutwache, its own Ember Knight), each with
    its kit, naming the shared layouts and icons."""
    proj = tmp_path / "proj"
    shutil.copytree(EXAMPLE / "layouts", proj / "shared" / "layouts")
    shutil.copytree(EXAMPLE / "icons", proj / "shared" / "icons")
    for layout in (proj / "shared" / "layouts").glob("*.yaml"):
        edit(layout, "game: emberwake\n", "")
    shutil.copytree(EXAMPLE, proj / "en", ignore=shutil.ignore_patterns("layouts", "icons"))
    edit(proj / "en" / "game.yaml", "  creature: layouts/", "  creature: ../shared/layouts/")
    for path in (proj / "en").glob("game.yaml"):
        text = path.read_text(encoding="utf-8")
        text = text.replace(": layouts/", ": ../shared/layouts/").replace(
            ": icons/", ": ../shared/icons/"
        )
        path.write_text(text, encoding="utf-8")
    shutil.copytree(proj / "en", proj / "de")
    for path in (proj / "de").rglob("*.yaml"):
        edit(path, "game: emberwake", "game: glutwache")
    edit(proj / "de" / "kit.yaml", "name: Emberwake", "name: Glutwache")
    edit(proj / "de" / "cards.csv", KNIGHT, GERMAN_KNIGHT)
    (proj / "kitgen.toml").write_text("[print]\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return proj


def test_games_of_a_project_share_layouts_by_path(project: Path) -> None:
    status, out, err = run_in_process(
        main, "check", "--format", "json", "proj/en", "proj/de", "proj/shared/layouts/base.yaml"
    )
    assert status == 0, (findings(out), err)
    status, _out, err = run_in_process(main, "build", "proj/en", "proj/de", "-o", "out")
    assert status == 0, err
    out = project.parent / "out"
    english = pdf_text(out / "emberwake" / "emberwake-cards.pdf")
    german = pdf_text(out / "glutwache" / "glutwache-cards.pdf")
    assert "Charge" in english and "NUR DEUTSCH" not in english
    assert "NUR DEUTSCH" in german and "Charge" not in german
    # drawn as the game's own layouts draw them: the same cards, byte for byte
    shutil.copytree(EXAMPLE, project.parent / "alone")
    status, _out, err = run_in_process(main, "build", "alone", "-o", "out-alone")
    assert status == 0, err
    alone = project.parent / "out-alone" / "emberwake" / "emberwake-cards.pdf"
    assert (out / "emberwake" / "emberwake-cards.pdf").read_bytes() == alone.read_bytes()


def test_a_shared_layout_is_checked_against_each_games_fields(project: Path) -> None:
    """A field only one game has, in a shared layout: the other game's check finds it, at
    the layout's line and column."""
    edit(
        project / "shared" / "layouts" / "spell.yaml",
        "elements:\n",
        "elements:\n" + ("  - {type: text, name: motto, text: '{{ motto }}', size: 6}\n"),
    )
    edit(
        project / "de" / "game.yaml",
        "fields:\n",
        "fields:\n  motto: {type: text, required: false}\n",
    )
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/de")
    assert status == 0, findings(out)
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/en")
    assert status == 1
    [(path, line, _column, code, message)] = findings(out)
    assert (path, line, code) == ("proj/shared/layouts/spell.yaml", 5, "unknown-key")
    assert "'motto' is no field" in message


def test_a_layout_of_one_game_is_not_anothers(project: Path) -> None:
    """A layout that names its game is that game's alone: another game naming it is told
    so at its `game:` (a German edition's check, with no game file of that id above the
    layout, does not know the id at all)."""
    back = project / "shared" / "layouts" / "back.yaml"
    edit(back, "kind: layout", "game: emberwake\nkind: layout")
    line = back.read_text(encoding="utf-8").splitlines().index("game: emberwake") + 1
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/en")
    assert status == 0, findings(out)
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/de")
    assert status == 1
    [(path, at, column, code, message)] = findings(out)
    assert (path, at, column, code) == ("proj/shared/layouts/back.yaml", line, 7, "unknown-game")
    assert message.endswith("(or leave `game:` out: a layout any game of the project may name)")
    # with an English game file above it, the German check says whose it is
    shutil.copy(project / "en" / "game.yaml", project / "shared" / "game.yaml")
    edit(back, "kind: layout", "kind: layout  # (changed: read again)")
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/de")
    [(path, at, column, code, message)] = findings(out)
    assert (path, at, column, code) == ("proj/shared/layouts/back.yaml", line, 7, "invalid-value")
    assert "leave out `game:` to share a layout" in message


def test_a_layout_path_out_of_the_project_is_a_finding(project: Path) -> None:
    """Above the kitgen.toml's folder is outside the project: at the entry naming it."""
    (project.parent / "elsewhere").mkdir()
    shutil.copy(project / "shared" / "layouts" / "back.yaml", project.parent / "elsewhere")
    edit(project / "en" / "game.yaml", "back: ../shared/layouts/", "back: ../../elsewhere/")
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/en")
    assert status == 1
    assert [f[:4] for f in findings(out)] == [("proj/en/game.yaml", 41, 7, "path-outside-project")]
    # and a shared layout extending a file out of it, at its `extends:`
    edit(project / "en" / "game.yaml", "back: ../../elsewhere/", "back: ../shared/layouts/")
    edit(
        project / "shared" / "layouts" / "spell.yaml",
        "extends: base.yaml",
        "extends: ../../../elsewhere/back.yaml",
    )
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/en")
    assert [f[:4] for f in findings(out)] == [
        ("proj/shared/layouts/spell.yaml", 3, 10, "path-outside-project")
    ]
    # without the kitgen.toml, each game folder (it holds a kit) is its own project
    edit(
        project / "shared" / "layouts" / "spell.yaml",
        "extends: ../../../elsewhere/back.yaml",
        "extends: base.yaml",
    )
    (project / "kitgen.toml").unlink()
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/en")
    assert status == 1
    assert {f[3] for f in findings(out)} == {"path-outside-project"}


def test_a_missing_shared_layout_is_a_finding_at_its_entry(project: Path) -> None:
    (project / "shared" / "layouts" / "relic.yaml").unlink()
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/en")
    assert status == 1
    [(path, line, column, code, message)] = findings(out)
    assert (path, line, column, code) == ("proj/en/game.yaml", 40, 12, "uses-not-found")
    assert "'../shared/layouts/relic.yaml' does not exist" in message


def test_extends_across_folders_and_its_circle(project: Path) -> None:
    """A game's own layout extends a shared one, which extends... the game's own: a
    circle, said at the `extends:` that closes it, each file named from the game's
    folder."""
    (project / "de" / "relic.yaml").write_text(
        "kind: layout\nextends: ../shared/layouts/relic.yaml\n"
        "elements:\n  - {name: title, colour: '#000000'}\n",
        encoding="utf-8",
    )
    edit(project / "de" / "game.yaml", "relic: ../shared/layouts/relic.yaml", "relic: relic.yaml")
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/de")
    assert status == 0, findings(out)
    edit(
        project / "shared" / "layouts" / "relic.yaml",
        "extends: base.yaml",
        "extends: ../../de/relic.yaml",
    )
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/de")
    assert status == 1
    [(path, line, column, code, message)] = findings(out)
    assert (path, line, column, code) == ("proj/shared/layouts/relic.yaml", 3, 10, "invalid-value")
    assert message == (
        "`extends:` goes round in a circle: relic.yaml -> ../shared/layouts/relic.yaml -> "
        "relic.yaml"
    )


def test_a_layout_made_for_another_card_size_is_a_warning_at_its_size(project: Path) -> None:
    """The German edition prints tarot cards with the shared poker layouts: each layout
    inherits base.yaml's `size: poker`, said once there; the English game (poker) has
    nothing to say. `layout-size-mismatch` (a generated case of tests/test_fixtures.py)."""
    edit(
        project / "de" / "kit.yaml",
        "name: Glutwache",
        "name: Glutwache\nsettings: {card_size: tarot}",
    )
    base = project / "shared" / "layouts" / "base.yaml"
    line = base.read_text(encoding="utf-8").splitlines().index("size: poker") + 1
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/en", "proj/de")
    mismatched = [f for f in findings(out) if f[3] == "layout-size-mismatch"]
    assert [f[:4] for f in mismatched] == [
        ("proj/shared/layouts/base.yaml", line, 7, "layout-size-mismatch")
    ]
    assert "made for poker cards (63 mm x 88 mm)" in mismatched[0][4]
    assert "70 mm x 120 mm" in mismatched[0][4]
    # the English game's kit and game file: no such finding
    status, out, _err = run_in_process(main, "check", "--format", "json", "proj/en")
    assert status == 0, findings(out)


@pytest.mark.parametrize("kind", ["[layout]", "[deck]", "{layout: 1}"])
@pytest.mark.parametrize("game", ["", "game: nope\n"])
def test_a_kind_that_is_not_text_is_a_finding_with_or_without_a_game(
    tmp_path: Path, kind: str, game: str
) -> None:
    # Whether a file may leave out `game:` (a shared layout) is asked of its `kind:`,
    # which may be any YAML value: a list or a mapping is `wrong-type`, not a traceback
    # (the fuzz test found `kind: [deck]` raising TypeError: unhashable type: 'list').
    path = tmp_path / "odd.yaml"
    path.write_text(f"{game}kind: {kind}\nname: x\n", encoding="utf-8")
    status, out, err = run_in_process(main, "check", str(path))
    assert status == 1
    assert "Traceback" not in out + err and "TypeError" not in out + err
    kind_line = 2 if game else 1
    assert f"odd.yaml:{kind_line}:7: error wrong-type `kind:` should be text" in out
