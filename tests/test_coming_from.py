"""docs/coming-from.md stays true: its two worked moves (a Squib project and a nanDECK
script moved to kitgen) check clean and print, and every command line it shows runs
and prints what the page shows.

The page marks each file it shows with a line `File:` and the file's path in
backticks, right before the fenced block holding it. The test does in a temporary
folder what a reader does, in the page's order: it writes each file shown, runs each
line of a ```sh block (the `mkdir` and `cp` that copy the designer's spreadsheet as
it is) and each `$ kitgen` line of a ```console block, through kitgen's entry point
in this process (the two games check and build in well under a second). Each must
end with exit status 0 and print exactly the lines the page shows under it, so a
wrong key in a file, a finding the page does not show or a file the build no longer
writes fails here.
"""

from __future__ import annotations

import re
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer.main
from conftest import leftovers, run_in_process

from kitgen.cli import app
from kitgen.entry import main

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "coming-from.md"
STEP = re.compile(
    r"^File: `(?P<path>[^`]+)`\n```[a-z]*\n(?P<body>.*?)^```$"
    r"|^```(?P<kind>sh|console)\n(?P<commands>.*?)^```$",
    re.M | re.S,
)
# The folder of each kitgen game the page moves, and of the project it comes from.
MOVED = {"lemming": "lemming-squib", "market": "market-nandeck"}


def page() -> str:
    return PAGE.read_text(encoding="utf-8")


def shown_files(text: str) -> dict[str, str]:
    """Every file the page shows, by its path: the block right under its `File:` line."""
    found: dict[str, str] = {}
    for kind, path, lines in steps(text):
        if kind == "file":
            assert path not in found, f"{path} is shown twice"
            assert not Path(path).is_absolute() and ".." not in Path(path).parts, path
            found[path] = "".join(f"{line}\n" for line in lines)
    return found


def steps(text: str) -> Iterator[tuple[str, str, list[str]]]:
    """What a reader does, in the page's order: ("file", PATH, its lines) for each
    file shown, ("sh", LINE, []) for each line of a sh block, and ("console",
    COMMAND, the lines shown under it) for each `$ ` line of a console block."""
    for match in STEP.finditer(text):
        if match["path"] is not None:
            yield "file", match["path"], match["body"].splitlines()
            continue
        lines = match["commands"].splitlines()
        if match["kind"] == "sh":
            yield from (("sh", line, []) for line in lines if shlex.split(line, comments=True))
            continue
        starts = [i for i, line in enumerate(lines) if line.startswith("$ ")]
        assert starts and starts[0] == 0, f"a console block starts with output: {lines[:1]}"
        for at, end in zip(starts, [*starts[1:], len(lines)], strict=True):
            yield "console", lines[at][2:], lines[at + 1 : end]


def shell(words: list[str], folder: Path) -> None:
    """The two shell commands the page uses to copy files, done the same way on
    every system (no shell runs): `mkdir DIR` and `cp [-r] SOURCE... DIR/`."""
    name, *rest = words
    if name == "mkdir":
        for target in rest:
            (folder / target).mkdir()
        return
    assert name == "cp", f"the page runs {words!r}; the test knows mkdir and cp"
    recursive = rest[0] == "-r"
    *sources, target = rest[1:] if recursive else rest
    into = folder / target
    assert into.is_dir(), f"cp into {target}, which is no folder"
    for source in sources:
        origin = folder / source
        if origin.is_dir():
            assert recursive, f"cp of the folder {source} without -r"
            shutil.copytree(origin, into / origin.name)
        else:
            shutil.copy2(origin, into / origin.name)


def run_page(text: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Do in `folder` what the page says, in its order: write each file it shows, run
    each command; return the kitgen command lines run, each a list of words."""
    monkeypatch.chdir(folder)
    ran: list[list[str]] = []
    for kind, what, lines in steps(text):
        if kind == "file":
            path = folder / what
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(shown_files(text)[what], encoding="utf-8")
            continue
        words = shlex.split(what, comments=True)
        if kind == "sh":
            shell(words, folder)
            continue
        assert words[0] == "kitgen", f"the page runs {words!r}"
        status, out, err = run_in_process(main, *words[1:], seconds=60)
        # What a terminal shows: the results on stdout, then the summary on stderr.
        printed = out.splitlines() + err.splitlines()
        assert status == 0, (words, out, err)
        assert printed == lines, (words, printed, lines)
        ran.append(words)
    return ran


def test_the_moved_squib_and_nandeck_games_check_clean_and_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = run_page(page(), tmp_path, monkeypatch)
    # Each moved game is checked whole and built by the page's own commands, and the
    # PDFs the build lists are there, complete: no staged file left behind.
    for folder in MOVED:
        assert ["kitgen", "check", folder] in ran, (folder, ran)
        assert ["kitgen", "build", folder] in ran, (folder, ran)
    written = sorted(tmp_path.glob("output/*/*.pdf"))
    assert [p.relative_to(tmp_path).as_posix() for p in written] == [
        "output/arctic-lemming/arctic-lemming-cards.pdf",
        "output/night-market/night-market-cards.pdf",
    ]
    assert all(p.read_bytes().startswith(b"%PDF-") for p in written)
    assert leftovers(tmp_path) == []


def test_the_spreadsheets_are_the_originals_as_they_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No converter: the page shows each spreadsheet once, in the original project,
    with its copies column under Squib's or nanDECK's own name and a column of notes
    no kitgen field reads, and the move copies it byte for byte."""
    text = page()
    files = shown_files(text)
    for moved, original in MOVED.items():
        sheets = [p for p in files if p.startswith(f"{original}/") and p.endswith(".csv")]
        assert len(sheets) == 1, (original, sheets)
        assert not any(p.startswith(f"{moved}/") and p.endswith(".csv") for p in files)
        header = files[sheets[0]].splitlines()[0].split(",")
        assert {"qty", "count"} & set(header), header
    run_page(text, tmp_path, monkeypatch)
    for moved, original in MOVED.items():
        for sheet in (tmp_path / original).glob("*.csv"):
            assert (tmp_path / moved / sheet.name).read_bytes() == sheet.read_bytes()


def test_each_tools_own_files_are_shown_beside_kitgens() -> None:
    """The reader sees what they have (the script, its layout or data) and what it
    becomes: a game file, a face layout and a kit for each move."""
    files = shown_files(page())
    assert {"lemming-squib/deck.rb", "lemming-squib/layout.yml"} <= set(files)
    assert "market-nandeck/market.nde" in files
    for moved in MOVED:
        for name in ("game.yaml", "face.yaml", "kit.yaml"):
            assert f"{moved}/{name}" in files, (moved, name)
        assert "kind: game\n" in files[f"{moved}/game.yaml"]


def _options() -> set[str]:
    """Every option of every kitgen command, as written on the command line."""
    found: set[str] = set()
    todo = [typer.main.get_command(app)]
    while todo:
        command = todo.pop()
        for param in command.params:
            words = (*param.opts, *getattr(param, "secondary_opts", ()))
            found.update(word for word in words if word.startswith("--"))
        todo += getattr(command, "commands", {}).values()
    return found


def test_every_option_the_page_names_is_one_kitgen_has() -> None:
    """The page maps Squib's and nanDECK's settings to kitgen's options: each one it
    names (`--duplex fold`, `--cut lines`) is an option of a kitgen command."""
    named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", page()))
    assert {"--bleed", "--duplex", "--cut", "--paper", "--draft"} <= named
    assert named <= _options(), sorted(named - _options())


@pytest.mark.parametrize(
    ("index", "link"),
    [
        (ROOT / "docs" / "README.md", "coming-from.md"),
        (ROOT / "README.md", "docs/coming-from.md"),
        (ROOT / "docs" / "designing.md", "coming-from.md"),
    ],
    ids=["docs index", "README", "designing.md"],
)
def test_the_page_is_linked_from_the_docs(index: Path, link: str) -> None:
    text = index.read_text(encoding="utf-8")
    assert f"]({link})" in text, f"{index.name} does not link {link}"
    assert "Squib" in text and "nanDECK" in text
