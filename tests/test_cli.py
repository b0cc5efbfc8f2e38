"""The command line: output formats, exit statuses, and one-line errors."""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from conftest import SharedBuild, write
from typer.testing import CliRunner

from kitgen import entry
from kitgen.cli import app

runner = CliRunner()
GOOD_DECK = """game: scratch
kind: deck
name: Good
cards:
  Worg: 5
  Griffin: 1
  Owlbear: 1
  Wyvern: 1
  Gargoyle: 1
  Giant: 1
"""
BAD_DECK = GOOD_DECK.replace("  Worg: 5\n", "  Worgg: 5\n").replace("  Giant: 1\n", "")
WARN_DECK = GOOD_DECK.replace("  Griffin: 1\n  Owlbear: 1\n", "  Griffin: 2\n")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def test_check_ok_file(tmp_path: Path) -> None:
    code, out, err = run("check", write(tmp_path, "d.yaml", GOOD_DECK))
    assert code == 0, err
    assert out == ""
    assert "1 file checked: no problems" in err


def test_check_human_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "d.yaml", BAD_DECK)
    code, out, err = run("check", path)
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith(f"{path}:4:1: error deck-size the deck has 9 cards")
    # (the misspelt card counts as no common: the deck has none)
    assert lines[1].startswith(f"{path}:4:1: error too-few-commons the deck has 0 common")
    assert lines[2].startswith(
        f"{path}:5:3: error unknown-card no card called 'Worgg' (did you mean 'Worg'?)"
    )
    assert "3 errors, 0 warnings; 1 file not ok" in err


def test_check_warnings_only_exit_zero(tmp_path: Path) -> None:
    path = write(tmp_path, "d.yaml", WARN_DECK)
    code, out, _ = run("check", path)
    assert code == 0
    assert out.startswith(f"{path}:6:3: warning extra-copy ")


def test_check_json(tmp_path: Path) -> None:
    good = write(tmp_path, "good.yaml", GOOD_DECK)
    bad = write(tmp_path, "bad.yaml", BAD_DECK)
    code, out, err = run("check", "--format", "json", good, bad)
    assert code == 1
    assert err == ""
    data = json.loads(out)
    assert [f["path"] for f in data["files"]] == [good, bad]
    first, second = data["files"]
    assert first == {"path": good, "game": "scratch", "kind": "deck", "ok": True, "findings": []}
    assert second["ok"] is False and second["game"] == "scratch" and second["kind"] == "deck"
    by_code = {f["code"]: f for f in second["findings"]}
    assert set(by_code) == {"unknown-card", "deck-size", "too-few-commons"}
    assert by_code["unknown-card"] == {
        "severity": "error",
        "code": "unknown-card",
        "line": 5,
        "column": 3,
        "path": bad,
        "message": by_code["unknown-card"]["message"],
    }
    assert "Worgg" in by_code["unknown-card"]["message"]


def test_check_json_unreadable_file_has_no_game(tmp_path: Path) -> None:
    code, out, _ = run("check", "-f", "json", str(tmp_path / "missing.yaml"))
    assert code == 1
    [entry] = json.loads(out)["files"]
    assert entry["game"] is None and entry["kind"] is None and entry["ok"] is False
    assert entry["findings"][0]["code"] == "file-not-found"
    assert entry["findings"][0]["line"] == 1


def test_check_folder_expands_to_yaml_files(tmp_path: Path) -> None:
    write(tmp_path, "a/one.yaml", GOOD_DECK)
    write(tmp_path, "a/b/two.yml", BAD_DECK)
    write(tmp_path, "a/notes.txt", "not yaml")
    code, out, _ = run("check", "-f", "json", str(tmp_path / "a"))
    assert code == 1
    paths = [f["path"] for f in json.loads(out)["files"]]
    assert [Path(p).name for p in paths] == ["two.yml", "one.yaml"]


@pytest.mark.parametrize(
    "args",
    [
        ["check"],
        ["check", "--format", "xml", "x.yaml"],
        ["nonsense"],
        ["check", "--bogus", "x"],
        ["build"],
        ["build", "monopoly"],
    ],
)
def test_misuse_exits_2_with_a_short_message(args: list[str], tmp_path: Path) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert "Traceback" not in out + err
    assert err.strip(), "misuse must say what is wrong"
    assert len(err.strip().splitlines()) <= 4


def test_empty_folder_is_misuse(tmp_path: Path) -> None:
    code, _, err = run("check", str(tmp_path))
    assert code == 2 and "no YAML files" in err


def test_help_short_and_long() -> None:
    for flag in ("-h", "--help"):
        code, out, _ = run(flag)
        assert code == 0 and "check" in out and "build" in out and "list" in out
    code, out, _ = run("check", "-h")
    assert code == 0 and "--format" in out and "Exit status" in out


def test_every_option_has_help_text() -> None:
    import typer.main

    command = typer.main.get_command(app)
    todo = list(command.commands.items())  # type: ignore[attr-defined]
    assert any(name == "export" for name, _ in todo)
    while todo:
        name, sub = todo.pop()
        assert sub.help, name
        todo += [(f"{name} {n}", c) for n, c in getattr(sub, "commands", {}).items()]
        for param in sub.params:
            assert getattr(param, "help", None), f"{name} {param.name}"


def test_list_names_every_game_and_component() -> None:
    code, out, _ = run("list")
    assert code == 0
    for game in ("scratch", "shapeup", "scaffold", "staircase", "galliard"):
        assert f"{game}: " in out
    assert "21 official cards (5 reconstructed" in out
    assert "not printable yet" not in out  # every game has its kit
    assert "scratch: Scratch: Draw the Line (2 players, 5 to 10 minutes)\n" in out
    code, out, _ = run("list", "--format", "json")
    games = {g["id"]: g for g in json.loads(out)["games"]}
    assert games["staircase"]["players"] == {"min": 2, "max": 5}
    assert "mat" in [c["id"] for c in games["scratch"]["components"]]
    assert all(g["printable"] for g in games.values())


def test_build_all_writes_every_kit(built_all: SharedBuild) -> None:
    """`kitgen build all` (the run's shared build: a process of its own) prints the path
    of each file it wrote, in order, and each is there."""
    code, out, err, out_dir = built_all.status, built_all.stdout, built_all.stderr, built_all.out
    assert code == 0, err
    assert all(Path(line).is_file() for line in out.splitlines())
    assert out.splitlines() == [
        str(out_dir / game / name)
        for game, name in (
            ("scratch", "scratch-cards.pdf"),
            ("scratch", "scratch-mat.pdf"),
            ("scratch", "scratch-rules.pdf"),
            ("scratch", "scratch-rules-booklet.pdf"),
            ("scratch", "scratch-reference.pdf"),
            ("shapeup", "shapeup-cards.pdf"),
            ("shapeup", "shapeup-score-sheets.pdf"),
            ("shapeup", "shapeup-score-pad.pdf"),
            ("shapeup", "shapeup-rules.pdf"),
            ("shapeup", "shapeup-rules-booklet.pdf"),
            ("shapeup", "shapeup-reference.pdf"),
            ("scaffold", "scaffold-mats.pdf"),
            ("scaffold", "scaffold-team-cards.pdf"),
            ("scaffold", "scaffold-turn-track.pdf"),
            ("scaffold", "scaffold-score-sheet.pdf"),
            ("scaffold", "scaffold-rules.pdf"),
            ("scaffold", "scaffold-rules-booklet.pdf"),
            ("scaffold", "scaffold-reference.pdf"),
            ("staircase", "staircase-score-sheet.pdf"),
            ("staircase", "staircase-action-cards.pdf"),
            ("staircase", "staircase-rules.pdf"),
            ("staircase", "staircase-rules-booklet.pdf"),
            ("staircase", "staircase-reference.pdf"),
            ("galliard", "galliard-mat.pdf"),
            ("galliard", "galliard-cabal-cards.pdf"),
            ("galliard", "galliard-tracker.pdf"),
            ("galliard", "galliard-rules.pdf"),
            ("galliard", "galliard-rules-booklet.pdf"),
            ("galliard", "galliard-reference.pdf"),
            # the example in three languages: its first edition
            ("caravanserai", "caravanserai-cards.pdf"),
            ("caravanserai", "caravanserai-rules.pdf"),
            ("caravanserai", "caravanserai-rules-booklet.pdf"),
            ("emberwake", "emberwake-cards.pdf"),  # the example of a designed game
            ("emberwake", "emberwake-rules.pdf"),
            ("emberwake", "emberwake-rules-booklet.pdf"),
            ("emberwake", "emberwake-reference.pdf"),
            # the example of a designed game of two decks (no rules of its own)
            ("harbour-lights", "harbour-lights-specials-cards.pdf"),
            ("harbour-lights", "harbour-lights-resources-cards.pdf"),
            # the gallery: cards, hex tiles and round tokens (no rules of its own)
            ("prism-isles", "prism-isles-cards.pdf"),
            ("prism-isles", "prism-isles-tiles-cards.pdf"),
            ("prism-isles", "prism-isles-tokens-cards.pdf"),
            # the example of a game of two sides, with identities and formats of play
            ("thornwall", "thornwall-cards.pdf"),
            ("thornwall", "thornwall-rules.pdf"),
            ("thornwall", "thornwall-rules-booklet.pdf"),
            ("thornwall", "thornwall-reference.pdf"),
        )
    ]
    assert "skipped" not in err


def test_build_of_a_bad_file_reports_its_errors(tmp_path: Path) -> None:
    code, _, err = run("build", write(tmp_path, "d.yaml", BAD_DECK))
    assert code == 1
    assert "unknown-card" in err and "not built" in err


def test_version() -> None:
    from kitgen import __version__

    code, out, _ = run("--version")
    assert code == 0 and out.strip() == f"kitgen {__version__}"


def test_python_dash_m(tmp_path: Path) -> None:
    path = write(tmp_path, "d.yaml", BAD_DECK)
    result = subprocess.run(
        [sys.executable, "-m", "kitgen", "check", path],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "unknown-card" in result.stdout
    assert "Traceback" not in result.stderr


STAIRCASE_POSITION = """game: staircase
kind: position
staircases:
  Ana: [AS, JD, QC, KH, AH, AC, AD]
  Bo: [QD, 9C, 10S, JS, KC]
  Cy: [4H]
"""
GALLIARD_POSITION = """game: galliard
kind: position
cabals:
  ada: [QH, QS, QD, QC, KH]
  bo: [RJ, BJ, JC]
"""
OTHER_GAMES = ("shapeup", "scaffold", "staircase", "galliard")


def modules_after(*args: str) -> tuple[str, set[str]]:
    """Run `kitgen ARGS` as the `kitgen` script does, in a fresh interpreter: its
    stdout, and every module it imported."""
    probe = (
        "import json, sys\n"
        "from kitgen.entry import main\n"
        f"sys.argv = ['kitgen', *{list(args)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('MODULES', json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    out, _, listed = result.stdout.rpartition("MODULES ")
    assert listed, result.stderr
    return out, set(json.loads(listed))


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, set[str]]]:
    """What `kitgen check` of a Scratch deck and `kitgen score` of a Staircase position
    print and import."""
    tmp = tmp_path_factory.mktemp("loaded")
    return {
        "check": modules_after("check", write(tmp, "d.yaml", BAD_DECK)),
        "score": modules_after("score", write(tmp, "p.yaml", STAIRCASE_POSITION)),
    }


@pytest.mark.parametrize(("command", "printed"), [("check", "unknown-card"), ("score", "Ana 220")])
def test_check_does_not_load_drawing_libraries(
    loaded: dict[str, tuple[str, set[str]]], command: str, printed: str
) -> None:
    out, modules = loaded[command]
    assert printed in out  # the command ran
    heavy = {"reportlab", "PIL", "jinja2", "pypdfium2"} & {m.split(".")[0] for m in modules}
    assert not heavy, f"kitgen {command} imported {heavy}"


@pytest.mark.parametrize("command", ["check", "score"])
def test_check_and_score_start_without_typer_or_package_metadata(
    loaded: dict[str, tuple[str, set[str]]], command: str
) -> None:
    """A plain check or score runs without typer (and what it imports) and without
    pydantic's plugin search, which reads every installed distribution's metadata."""
    _, modules = loaded[command]
    slow = {"typer", "click", "rich", "importlib.metadata", "email"} & modules
    assert not slow, f"kitgen {command} imported {sorted(slow)}"


def test_checking_a_scratch_deck_loads_no_other_game(
    loaded: dict[str, tuple[str, set[str]]],
) -> None:
    _, modules = loaded["check"]
    mine = sorted(m for m in modules if m.startswith("kitgen."))
    assert "kitgen.games.scratch.rules" in mine  # the deck was checked against its rules
    others = [m for m in mine if m.rpartition(".")[2].startswith(OTHER_GAMES)]
    assert not others, f"checking a Scratch deck imported {others}"
    assert "kitgen.model.figures" not in mine  # every game's booklet figures


def test_scoring_a_position_loads_no_game_engine(
    loaded: dict[str, tuple[str, set[str]]],
) -> None:
    _, modules = loaded["score"]
    engines = sorted(
        m for m in modules if m.startswith("kitgen.rules.") and m.endswith(("_play", "_sim"))
    )
    assert not engines, f"scoring a position imported the engines {engines}"
    assert not [m for m in modules if m.startswith("kitgen.") and "scratch" in m]


# --- the fast path of `check` and `score` ------------------------------------------------


@pytest.mark.parametrize(
    ("args", "plain"),
    [
        (["check", "a.yaml", "b.yaml"], True),
        (["score", "a.yaml", "-f", "json"], True),
        (["check", "--format", "human", "a.yaml"], True),
        (["check", "--format=json", "a.yaml"], True),
        (["check"], False),
        (["check", "-f", "json"], False),  # no file: typer says what is missing
        (["check", "-fjson", "a.yaml"], False),
        (["check", "--format", "xml", "a.yaml"], False),
        (["check", "-f", "json", "-f", "human", "a.yaml"], False),
        (["check", "a.yaml", "--format"], False),
        (["check", "--", "a.yaml"], False),
        (["check", "-", "a.yaml"], False),
        (["check", "a.yaml", "--help"], False),
        (["score", "-h"], False),
        (["--version"], False),
        (["replay", "a.yaml"], False),
        (["build", "scratch"], True),  # (tests/test_plain_build.py)
    ],
)
def test_plain_command_takes_only_files_and_a_format(args: list[str], plain: bool) -> None:
    assert (entry.plain_command(args) is not None) is plain


# Output to a pipe is held in a buffer, as it is for a user (unless PYTHONUNBUFFERED is
# set, as it may be where the tests run): what a quick exit could lose.
BUFFERED = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}


def run_main(args: list[str], *, fast: bool) -> tuple[int, bytes, bytes]:
    """Run `kitgen ARGS` in a fresh interpreter, by the fast path or only through typer.

    With `fast`, typer's app is removed, so a command that did not take the fast path
    fails (an internal error) rather than passing unnoticed, and kitgen runs as the
    installed script does (`entry.run`: the process ends by `exit_now`)."""
    force = (
        "root.app = None; entry.run()"
        if fast
        else "entry.plain_command = lambda args: None; entry.main()"
    )
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            f"from kitgen import entry; from kitgen.cli import root; {force}",
            *args,
        ],
        capture_output=True,
        check=False,
        env=BUFFERED,
    )
    return result.returncode, result.stdout, result.stderr


def test_fast_path_prints_what_typer_prints(tmp_path: Path) -> None:
    good = write(tmp_path, "good.yaml", GOOD_DECK)
    bad = write(tmp_path, "bad.yaml", BAD_DECK)
    warn = write(tmp_path, "warn.yaml", WARN_DECK)
    missing = str(tmp_path / "missing.yaml")
    stair = write(tmp_path, "stair.yaml", STAIRCASE_POSITION)
    cabals = write(tmp_path, "cabals.yaml", GALLIARD_POSITION)
    bad_position = write(tmp_path, "bad-cabals.yaml", GALLIARD_POSITION.replace("KH]", "KH, 7H]"))
    cases = [
        ["check", good, bad, warn, missing, stair],
        ["check", "-f", "json", good, bad, warn, missing, stair],
        ["check", good],
        ["score", stair, cabals, bad_position, missing],
        ["score", "--format=json", stair, cabals, bad_position, missing],
        ["score", good],  # misuse: not a position
    ]
    with ThreadPoolExecutor(4) as pool:
        fast = list(pool.map(lambda args: run_main(args, fast=True), cases))
        typer_path = list(pool.map(lambda args: run_main(args, fast=False), cases))
    for args, by_fast, by_typer in zip(cases, fast, typer_path, strict=True):
        assert by_fast == by_typer, args
    assert [code for code, _, _ in fast] == [1, 1, 0, 1, 1, 2]
    assert len(json.loads(fast[1][1])["files"]) == 5
    assert b"Traceback" not in b"".join(out + err for _, out, err in fast)


def test_a_long_report_through_a_pipe_arrives_whole(tmp_path: Path) -> None:
    """The quick exit loses nothing written: 120 files' findings, line by line and as
    JSON, through pipes, as typer's path prints them."""
    files = [write(tmp_path, f"d{i}.yaml", BAD_DECK if i % 3 else GOOD_DECK) for i in range(120)]
    human = run_main(["check", *files], fast=True)
    assert human == run_main(["check", *files], fast=False)
    code, out, err = human
    assert code == 1 and len(out.splitlines()) == 80 * 3  # three errors in each bad deck
    assert err == b"120 files checked: 240 errors, 0 warnings; 80 files not ok\n"
    code, out, _ = run_main(["check", "--format", "json", *files], fast=True)
    assert code == 1
    report = json.loads(out)["files"]
    assert [f["path"] for f in report] == files
    assert [f["ok"] for f in report] == [i % 3 == 0 for i in range(120)]


def teardown_seen(args: list[str]) -> tuple[int, str]:
    """Run `kitgen ARGS` as the installed script does, with an exit handler that says
    so when the interpreter is torn down: its exit status and what it printed last."""
    probe = (
        "import atexit, sys\n"
        "atexit.register(print, 'TORN DOWN')\n"
        "from kitgen.entry import run\n"
        f"sys.argv = ['kitgen', *{args!r}]\n"
        "run()\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False, env=BUFFERED
    )
    return result.returncode, result.stdout.strip().rpartition("\n")[2]


def test_only_a_plain_command_skips_the_teardown(tmp_path: Path) -> None:
    deck = write(tmp_path, "bad.yaml", BAD_DECK)
    stair = write(tmp_path, "stair.yaml", STAIRCASE_POSITION)
    code, last = teardown_seen(["check", deck])
    assert (code, "unknown-card" in last) == (1, True)
    code, last = teardown_seen(["score", "-f", "json", stair])
    assert code == 0 and last.endswith("}")
    code, last = teardown_seen(["check", str(tmp_path / "missing.yaml")])
    assert (code, "file-not-found" in last) == (1, True)
    # everything else exits as Python does, exit handlers and all
    assert teardown_seen(["--version"]) == (0, "TORN DOWN")
    assert teardown_seen(["check", "--", deck]) == (1, "TORN DOWN")


class Stream:
    """A stand-in for sys.stdout or sys.stderr whose flush fails as told."""

    def __init__(self, fails: type[Exception] | None = None) -> None:
        self.fails = fails
        self.flushed = False

    def flush(self) -> None:
        if self.fails is not None:
            raise self.fails()
        self.flushed = True


@pytest.mark.parametrize(
    ("status", "stdout", "stderr", "ends"),
    [
        (0, None, None, 0),
        (1, None, None, 1),
        (0, BrokenPipeError, None, 1),  # the reader went away before the last bytes
        (2, BrokenPipeError, None, 2),
        (0, None, OSError, 1),  # a full disk: the output is not all there
        (0, ValueError, None, 0),  # a closed stream: nothing left in it to save
    ],
)
def test_exit_now_flushes_both_streams_then_ends_with_the_status(
    monkeypatch: pytest.MonkeyPatch,
    status: int,
    stdout: type[Exception] | None,
    stderr: type[Exception] | None,
    ends: int,
) -> None:
    out, err = Stream(stdout), Stream(stderr)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    ended: list[int] = []

    def os_exit(code: int) -> None:
        ended.append(code)
        raise SystemExit(code)  # (os._exit never returns)

    monkeypatch.setattr(entry.os, "_exit", os_exit)
    with pytest.raises(SystemExit):
        entry.exit_now(status)
    assert ended == [ends]
    assert out.flushed is (stdout is None) and err.flushed is (stderr is None)


# --- pydantic without plugins -------------------------------------------------------------


def in_fresh_python(code: str) -> str:
    """Run CODE in a fresh interpreter; what it printed (a failure fails the test)."""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_pydantic_runs_without_plugins_and_without_package_metadata() -> None:
    out = in_fresh_python(
        "import sys\n"
        "from kitgen.entry import without_pydantic_plugins\n"
        "without_pydantic_plugins()\n"
        "from pydantic import BaseModel, ValidationError\n"
        "class A(BaseModel):\n    x: int\n"
        "print(A(x='3').x)\n"
        "try:\n    A(x='three')\nexcept ValidationError as err:\n    print(err.error_count())\n"
        "print('importlib.metadata' in sys.modules)\n"
        "loader = sys.modules['pydantic.plugin._loader']\n"
        "print(list(loader.get_plugins()))\n"
        # any other name comes from pydantic's own loader
        "print(loader.PYDANTIC_ENTRY_POINT_GROUP)\n"
    )
    assert out.split() == ["3", "1", "False", "[]", "pydantic"]


def test_a_plugin_loader_already_imported_is_left_alone() -> None:
    out = in_fresh_python(
        "import sys\n"
        "import pydantic.plugin._loader as real\n"
        "from kitgen.entry import without_pydantic_plugins\n"
        "without_pydantic_plugins()\n"
        "print(sys.modules['pydantic.plugin._loader'] is real)\n"
    )
    assert out.split() == ["True"]


# --- the garbage collector during a plain check ---------------------------------------------


def test_the_collector_is_off_for_the_first_file_only_and_on_after_main(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import gc

    import kitgen.kit
    from kitgen.load.documents import Document

    enabled: list[bool] = []
    real = kitgen.kit.check_document

    def check_document(doc: Document) -> kitgen.kit.FileReport:
        enabled.append(gc.isenabled())
        return real(doc)

    monkeypatch.setattr(kitgen.kit, "check_document", check_document)
    deck = write(tmp_path, "good.yaml", GOOD_DECK)
    monkeypatch.setattr(sys, "argv", ["kitgen", "check", deck, deck, deck])
    assert gc.isenabled()
    with pytest.raises(SystemExit) as done:
        entry.main()
    assert done.value.code == 0
    assert enabled == [False, True, True]
    assert gc.isenabled()  # whatever main did, the process goes on with it on

    monkeypatch.setattr(sys, "argv", ["kitgen", "check", str(tmp_path / "missing.yaml")])
    with pytest.raises(SystemExit):
        entry.main()
    assert gc.isenabled()


class FullDisk(io.StringIO):
    """A stdout on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("quick", [False, True])
def test_output_that_cannot_be_written_is_one_error_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    quick: bool,
) -> None:
    deck = write(tmp_path, "good.yaml", GOOD_DECK)
    monkeypatch.setattr(sys, "argv", ["kitgen", "check", "--format", "json", deck])
    monkeypatch.setattr(sys, "stdout", FullDisk())
    monkeypatch.setattr(entry.os, "_exit", sys.exit)  # (exit_now: stay in this process)
    with pytest.raises(SystemExit) as done:
        entry.main(quick_exit=quick)
    assert done.value.code == 1
    message = f"kitgen: error: cannot write to stdout: {os.strerror(errno.ENOSPC)}\n"
    assert capsys.readouterr().err == message
