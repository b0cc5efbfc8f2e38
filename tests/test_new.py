"""`kitgen new`: starter files that check clean, teach with true numbers, and never clobber."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import unicodedata
from pathlib import Path

import pytest
import yaml
from conftest import leftovers
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft7Validator
from typer.testing import CliRunner

import kitgen.atomic
from kitgen import registry, starters
from kitgen.cli import app
from kitgen.games.scratch.load import official
from kitgen.games.scratch.model import ScratchDeckFile
from kitgen.games.scratch.starters import deck_file
from kitgen.kit import check_file
from kitgen.load.documents import read_document
from kitgen.load.yamlsrc import parse_yaml

runner = CliRunner()
MODELINE = "# yaml-language-server: $schema="


def new(*args: str) -> tuple[list[Path], str]:
    """Run `kitgen new ...`; the files it printed, and its stderr."""
    result = runner.invoke(app, ["new", *args])
    assert result.exit_code == 0, result.output
    written = [Path(line) for line in result.stdout.splitlines()]
    assert written and all(p.is_file() for p in written), result.stdout
    return written, result.stderr


def findings(path: Path) -> list[str]:
    report = check_file(str(path))
    return [f"{f.location}: {f.severity} {f.code} {f.message}" for f in report.findings]


def assert_schema_line(path: Path) -> None:
    """The first line names a schema file that exists and accepts the file."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(MODELINE), first
    schema_path = path.parent / first.removeprefix(MODELINE)
    assert schema_path.is_file(), schema_path
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert schema["properties"]["kind"]["const"] == doc["kind"]
    errors = [e.message for e in Draft7Validator(schema).iter_errors(doc)]
    assert errors == [], (path, errors)


# --- each starter checks clean ------------------------------------------------------------


def test_new_cards_checks_clean(tmp_path: Path) -> None:
    (path,), err = new("cards", "Tinker cards", "--dir", str(tmp_path))
    assert path == tmp_path / "tinker-cards.yaml"
    assert findings(path) == []
    text = path.read_text(encoding="utf-8")
    # It declares a faction and a power of its own, and has cards with and without powers.
    doc = yaml.safe_load(text)
    assert doc["factions"] and doc["powers"]
    assert any("power" not in c for c in doc["cards"])
    assert any("power" in c for c in doc["cards"])
    assert {c["rarity"] for c in doc["cards"]} == {"common", "rare", "unique"}
    # Alone in a folder, the first line says how to get a schema instead of naming one.
    assert not text.startswith(MODELINE)
    assert "kitgen schema cards" in text.splitlines()[0]
    assert "Next steps:" in err and "kitgen check" in err


def test_new_deck_is_legal_and_states_the_rules_from_the_game_data(tmp_path: Path) -> None:
    (path,), _ = new("deck", "Monster mash", "--dir", str(tmp_path))
    assert findings(path) == []  # no error and no warning (extra copies, two uniques...)
    deck = read_document(str(path)).model
    assert isinstance(deck, ScratchDeckFile)
    assert deck.name == "Monster mash"
    params, pool = official().params, official().pool
    assert sum(deck.cards.values()) == params.deck_size
    commons = sum(n for name, n in deck.cards.items() if pool.card(name).rarity == "common")
    assert commons >= params.min_commons
    text = path.read_text(encoding="utf-8")
    assert f"Exactly {params.deck_size} cards" in text
    assert f"At least {params.min_commons} of them commons" in text
    assert "# uses: [" in text  # how to add a card file, commented out


def test_the_deck_follows_the_parameters_when_they_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    base = official()
    params = base.params.model_copy(update={"deck_size": 12, "min_commons": 7, "hand_size": 6})
    monkeypatch.setattr(
        "kitgen.games.scratch.load.official", lambda: dataclasses.replace(base, params=params)
    )
    text = deck_file("Twelve", None)
    doc = yaml.safe_load(text)
    assert sum(doc["cards"].values()) == 12
    commons = sum(n for name, n in doc["cards"].items() if base.pool.card(name).rarity == "common")
    assert commons >= 7
    assert "Exactly 12 cards" in text and "At least 7 of them commons" in text
    assert "draws 6 cards" in text


@pytest.mark.parametrize("game", registry.builtin_ids())
def test_new_game_checks_clean_with_schemas(game: str, tmp_path: Path) -> None:
    written, err = new("game", f"My {game} night", "--game", game, "--dir", str(tmp_path))
    folder = tmp_path / f"my-{game}-night"
    yamls = sorted(p for p in written if p.suffix == ".yaml")
    expected = {"kit.yaml", "rules.yaml"} | (
        {"cards.yaml", "deck.yaml"} if game == "scratch" else set()
    )
    assert {p.name for p in yamls} == expected
    assert all(p.parent == folder for p in yamls)
    schemas = {p.name for p in written if p.parent.name == "schemas"}
    assert {"kit.schema.json", "rules.schema.json"} <= schemas
    for path in yamls:
        assert findings(path) == [], path
        assert_schema_line(path)
    kit = yaml.safe_load((folder / "kit.yaml").read_text(encoding="utf-8"))
    assert kit["name"] == f"My {game} night"
    assert ("standard_deck" in kit) == (game in ("scaffold", "staircase", "galliard"))
    # The kit's comments say what each print setting takes (`cut` said "None").
    text = (folder / "kit.yaml").read_text(encoding="utf-8")
    for key in ("paper", "card_size", "bleed", "duplex", "cut"):
        line = next(line for line in text.splitlines() if line.startswith(f"#   - {key}: "))
        assert "None" not in line and len(line) > len(f"#   - {key}: ") + 10, line
    if game == "scratch":
        # The deck only: listing its card file too printed the new cards twice.
        assert "card_files" not in kit and kit["decks"] == ["deck.yaml"]
        deck = yaml.safe_load((folder / "deck.yaml").read_text(encoding="utf-8"))
        assert deck["uses"] == ["cards.yaml"]
        cards = yaml.safe_load((folder / "cards.yaml").read_text(encoding="utf-8"))
        own = {c["name"] for c in cards["cards"]}
        assert own & set(deck["cards"])  # the deck plays the new cards
    assert "kitgen build" in err


def test_a_new_deck_in_a_game_folder_points_at_its_schema(tmp_path: Path) -> None:
    new("game", "Club", "--dir", str(tmp_path))
    (path,), _ = new("deck", "Second deck", "--dir", str(tmp_path / "club"))
    assert findings(path) == []
    assert_schema_line(path)


def test_the_scratch_game_builds(tmp_path: Path) -> None:
    new("game", "Build me", "--dir", str(tmp_path))
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["build", str(tmp_path / "build-me" / "kit.yaml"), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    built = {Path(line).name for line in result.stdout.splitlines()}
    assert {"build-me-cards.pdf", "build-me-mat.pdf", "build-me-rules.pdf"} <= built
    assert "build-me-reference.pdf" in built  # the rules' quick reference


# --- names --------------------------------------------------------------------------------


ODD_NAMES = [
    "Tinker town",
    'Deck: "the best" one',
    "O'Brien's #1 deck",
    "yes",
    "null",
    "123",
    "- dash",
    "{brace} [bracket]",
    "a\\b",
    "Ünïcödé Élan",
    "城堡",
    "  padded  ",
]


@pytest.mark.parametrize("name", ODD_NAMES)
def test_odd_names_make_files_that_keep_the_name(name: str, tmp_path: Path) -> None:
    (path,) = starters.write(starters.plan("deck", name, str(tmp_path), "scratch"))
    assert Path(path).parent == tmp_path
    # A name no font of kitgen's can draw prints as ? on the deck's sheets: said.
    undrawable = [f" warning text-not-drawable {name!r} prints"] if name == "城堡" else []
    assert [f[f.index(" warning") : f.index(" prints") + 7] for f in findings(Path(path))] == (
        undrawable
    )
    deck = read_document(path).model
    assert isinstance(deck, ScratchDeckFile)
    assert deck.name == name.strip()


def test_an_odd_name_through_the_command_line(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["new", "game", 'Pirates: "Yo ho"', "--dir", str(tmp_path), "--game", "shapeup"]
    )
    assert result.exit_code == 0, result.output
    kit = tmp_path / "pirates-yo-ho" / "kit.yaml"
    assert str(kit) in result.stdout.splitlines()
    assert yaml.safe_load(kit.read_text(encoding="utf-8"))["name"] == 'Pirates: "Yo ho"'


def test_a_name_the_font_cannot_draw_makes_files_that_say_so(tmp_path: Path) -> None:
    """Files that check with one warning where the name is printed (it prints as ?),
    said when they are made; a name in Greek makes clean files."""
    result = runner.invoke(app, ["new", "game", "城堡", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    said = []
    for line in result.stdout.splitlines():
        if line.endswith(".yaml"):
            for found in findings(Path(line)):
                assert (
                    " warning text-not-drawable '城堡' prints 城 (U+57CE), 堡 (U+5821) as ?"
                    in found
                )
                said.append(found.split(": ")[0])
    # (the kit's check holds its rules file's findings)
    assert set(said) == {
        str(tmp_path / "城堡" / "kit.yaml:8:7"),
        str(tmp_path / "城堡" / "rules.yaml:13:8"),
    }
    assert "no font of kitgen's can draw 城 (U+57CE), 堡 (U+5821)" in result.stderr
    result = runner.invoke(app, ["new", "game", "Πελαργός", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "no font" not in result.stderr
    for line in result.stdout.splitlines():
        if line.endswith(".yaml"):
            assert findings(Path(line)) == []


@pytest.mark.parametrize(
    ("name", "words"), [("   ", "at least one letter"), ("x" * 81, "at most 80")]
)
def test_unusable_names_are_one_line_errors(name: str, words: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["new", "deck", name, "--dir", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and words in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Tinker town!", "tinker-town"),
        ("  Ünïcödé   Élan ", "ünïcödé-élan"),  # letters kept with their accents
        ('Deck: "the best" one', "deck-the-best-one"),
        ("城堡", "城堡"),
        ("☃☃☃", "☃☃☃"),
        ("♠ ♥!", "♠-♥"),
        ("!!!", ""),
        ("\uff1c\uff0f\uff1e", ""),  # fullwidth < / >: ASCII punctuation in disguise
        ("\u202e\u200b", ""),  # a right-to-left override and a zero-width space
        # As every other file kitgen writes is named (kitgen.names.slug):
        ("Æsir night", "æsir-night"),  # was `sir-night`, then `aesir-night`
        ("Don't panic", "dont-panic"),  # was `don-t-panic`
        ("con", "con_"),  # a device's name on Windows, refused there as a file's
        ("LPT1", "lpt1_"),
    ],
)
def test_slug(name: str, expected: str) -> None:
    assert starters.slug(name) == expected


@given(st.text(max_size=100))
def test_a_slug_is_a_safe_file_name_or_none(name: str) -> None:
    made = starters.slug(name).removesuffix("_")  # (a device's name on Windows)
    assert len(made) <= 60 and made == made.strip("-")
    assert not any(ch.isascii() and not (ch.isalnum() or ch == "-") for ch in made)
    assert not any(unicodedata.category(ch)[0] in "CZ" for ch in made)
    assert made not in (".", "..")
    if any(ch.isalnum() for ch in name):
        assert made


def test_a_name_of_symbols_names_its_file_with_them(tmp_path: Path) -> None:
    (path,), _ = new("deck", "☃☃☃", "--dir", str(tmp_path))
    assert path == tmp_path / "☃☃☃.yaml"
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["name"] == "☃☃☃"


@pytest.mark.parametrize("what", ["cards", "deck", "game"])
def test_a_name_that_makes_no_file_name_is_a_usage_error(what: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["new", what, "!?!", "--dir", str(tmp_path)])
    assert result.exit_code == 2
    [line] = result.stderr.splitlines()
    assert line.startswith("kitgen: error: the name makes no file name"), line
    assert list(tmp_path.iterdir()) == []


def test_a_long_slug_is_cut_at_a_word() -> None:
    made = starters.slug("word " * 30)
    assert len(made) <= 60 and not made.endswith("-")


TEXTS = [
    "plain",
    "yes",
    "No",
    "~",
    "null",
    "1e3",
    "0x10",
    ".inf",
    "a: b",
    "a #b",
    "trailing ",
    " leading",
    '"quoted"',
    "back\\slash",
    "tab\there",
    "new\nline",
    "nel\x85",
    "sep\u2028",
    "bom\ufeff",
    "emoji 😀",
    "nul\x00",
    "- dash",
    "@at `tick %pct !bang *star &amp |pipe >gt ?q",
]


@pytest.mark.parametrize("text", TEXTS)
def test_yaml_text_reads_back_exactly(text: str) -> None:
    line = f"name: {starters.yaml_text(text)}\n"
    assert yaml.safe_load(line) == {"name": text}
    parsed = parse_yaml(line, "x.yaml")
    assert parsed.findings == [] and parsed.value == {"name": text}


# --- overwriting ----------------------------------------------------------------------------


def test_refuses_to_overwrite_unless_forced(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    target.write_text("# my own work\n", encoding="utf-8")
    result = runner.invoke(app, ["new", "deck", "Mine", "--dir", str(tmp_path)])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "mine.yaml exists" in lines[0] and "--force" in lines[0]
    assert target.read_text(encoding="utf-8") == "# my own work\n"
    forced = runner.invoke(app, ["new", "deck", "Mine", "--dir", str(tmp_path), "--force"])
    assert forced.exit_code == 0, forced.output
    assert "kind: deck" in target.read_text(encoding="utf-8")


def test_a_game_folder_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    folder = tmp_path / "busy"
    (folder / "schemas").mkdir(parents=True)
    (folder / "rules.yaml").write_text("# mine\n", encoding="utf-8")
    result = runner.invoke(app, ["new", "game", "Busy", "--dir", str(tmp_path)])
    assert result.exit_code == 1
    assert "rules.yaml exists" in result.stderr
    assert sorted(p.name for p in folder.rglob("*")) == ["rules.yaml", "schemas"]


def test_an_unknown_game_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["new", "game", "X", "--game", "chess", "--dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "'chess' is not a game" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_scratch_game_prints_its_deck_once(tmp_path: Path) -> None:
    from kitgen.build import BuildOptions, collect_decks

    new("game", "Count me", "--dir", str(tmp_path))
    folder = tmp_path / "count-me"
    deck = yaml.safe_load((folder / "deck.yaml").read_text(encoding="utf-8"))
    decks, result = collect_decks([str(folder / "kit.yaml")], BuildOptions())
    assert not result.findings
    faces = [name for d, _ in decks for name in d.names if "reference" not in d.stem]
    expected = sorted(name for name, n in deck["cards"].items() for _ in range(n))
    assert sorted(n for n in faces if n in deck["cards"]) == expected


# --- a full disk or Ctrl-C half way -------------------------------------------------------


def fail_after(monkeypatch: pytest.MonkeyPatch, files: int, error: BaseException) -> None:
    """The writer fails at its file number `files + 1`: a full disk, or Ctrl-C."""
    calls = {"n": 0}

    def fsync(fd: int) -> None:
        calls["n"] += 1
        if calls["n"] > files:
            raise error

    monkeypatch.setattr(kitgen.atomic.os, "fsync", fsync)


FULL = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("folder_exists", [False, True])
def test_a_full_disk_half_way_through_a_game_leaves_nothing_to_block_a_retry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder_exists: bool
) -> None:
    if folder_exists:
        (tmp_path / "full-up").mkdir()  # made by hand, empty: kitgen writes into it
    command = ["game", "Full up", "--dir", str(tmp_path)]
    fail_after(monkeypatch, 3, FULL)
    result = runner.invoke(app, ["new", *command])
    assert result.exit_code == 1
    [line] = result.stderr.splitlines()
    assert line.startswith("kitgen: error: cannot write ") and "No space left" in line
    made = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert made == [] and leftovers(tmp_path) == []
    assert (tmp_path / "full-up").is_dir() == folder_exists
    monkeypatch.undo()
    written, _ = new(*command)  # the retry, with no --force
    assert (tmp_path / "full-up" / "kit.yaml") in written


def test_the_folder_a_killed_run_was_making_goes_with_the_next_run(tmp_path: Path) -> None:
    """`kill -9` cannot clean up: the staged folder carries the process id, and a later
    `new game` beside it removes the one whose process is gone (never a live one's)."""
    import subprocess

    ended = subprocess.Popen(["true"])
    ended.wait()  # its process id now names no running process
    killed = tmp_path / f".tinker.kitgen-{ended.pid}-ab12.part"
    live = tmp_path / f".tinker.kitgen-{os.getppid()}-cd34.part"
    for folder in (killed, live):
        (folder / "cards.yaml").parent.mkdir()
        (folder / "cards.yaml").write_text("half", encoding="utf-8")
    new("game", "Tinker", "--dir", str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live.name, "tinker"])


def test_ctrl_c_half_way_through_a_game_leaves_no_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fail_after(monkeypatch, 2, KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        starters.write(starters.plan("game", "Stopped", str(tmp_path), "scratch"))
    assert list(tmp_path.iterdir()) == []
