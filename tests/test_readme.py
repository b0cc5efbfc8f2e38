"""The README's first screen and its three paths, and the links of every page.

The README is the first thing a newcomer reads (issue 36): what kitgen is, a picture
of a designed card beside one of kitgen's own kits, a two-line quick start that works
where a bare `pip install` is refused (PEP 668), then "print a kit", "make your own
game" and "check a deck", each a few commands that run, each linking into docs/,
where everything longer lives.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from kitgen.paths import data_dir

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
FIRST_SCREEN = 30  # lines: what a reader sees before scrolling on GitHub or PyPI
MAX_PICTURE_BYTES = 100 * 1024
MAX_LINES = 250  # the README stays a first meeting; the rest is in docs/
PATHS = ("Print a kit", "Make your own game", "Check a deck")


def readme() -> str:
    return README.read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text of the README's `## title` section, up to the next `## ` heading."""
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", readme(), re.M | re.S)
    assert match is not None, f"the README has no '## {title}' section"
    return match.group(1)


def sh_lines(text: str) -> list[str]:
    """The lines of the ```sh blocks in text that are not blank and not comments."""
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    lines = [line.strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


def test_the_first_screen_shows_a_designed_card_beside_a_kit_kitgen_made() -> None:
    head = "\n".join(readme().splitlines()[:FIRST_SCREEN])
    found = re.search(r"!\[([^\]]+)\]\(([^)]+\.png)\)", head)
    assert found, "no picture in the README's first screen"
    alt, target = found.groups()
    assert "sheet" in alt and "card" in alt, alt
    # Both readers: the designer's own card, from a spreadsheet, and kitgen's own kit.
    assert "spreadsheet" in alt and "Scratch" in alt, alt
    picture = ROOT / target
    assert picture.is_file(), target
    assert picture.stat().st_size <= MAX_PICTURE_BYTES
    with Image.open(picture) as image:
        assert image.format == "PNG"
        width, height = image.size
    assert 400 <= width <= 1200 and 300 <= height <= 800, (width, height)
    # The script that makes it, from kitgen's own outputs, is kept beside it.
    script = picture.parent / "make_readme_image.py"
    assert script.is_file()
    assert "emberwake" in script.read_text(encoding="utf-8")


def test_the_first_paragraph_says_what_kitgen_is_for_both_readers() -> None:
    """Two sentences, before the picture: the designer with a spreadsheet learns
    there that their own game works, and so does the reader who came for the games."""
    body = readme().split("\n\n", 1)[1]
    first = body.split("\n\n", 1)[0]
    assert not first.startswith("!["), "the picture comes after what kitgen is"
    sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", first.replace("\n", " ")) if s]
    assert len(sentences) <= 2, sentences
    assert "spreadsheet" in first and "five games" in first, first


def test_the_readme_is_short_and_its_paths_follow_the_quick_start() -> None:
    lines = readme().splitlines()
    assert len(lines) < MAX_LINES, len(lines)
    headings = [line[3:] for line in lines if line.startswith("## ")]
    assert headings[0] == "Quick start", headings
    assert headings[1:4] == list(PATHS), headings
    quick_start_line = lines.index("## Quick start")
    assert quick_start_line < FIRST_SCREEN, "the quick start starts on the first screen"
    for title in PATHS:
        text = section(title)
        commands = sh_lines(text)
        assert 3 <= len(commands) <= 8, (title, commands)
        assert all(c.startswith("kitgen ") for c in commands), (title, commands)
        docs_link = re.search(r"\]\(docs/[a-z-]+\.md(#[a-z0-9-]+)?\)", text)
        assert docs_link, f"{title}: no link into docs/"


def test_the_quick_start_is_two_lines_that_work_where_pip_is_refused() -> None:
    """PEP 668 systems (Debian, Ubuntu, Homebrew) refuse `pip install` outside a
    virtual environment: each line makes or enters one before pip runs, works in a
    new shell, and says how long it takes."""
    text = section("Quick start")
    block = re.findall(r"```sh\n(.*?)```", text, re.S)
    assert len(block) == 1, block
    lines = [line.strip() for line in block[0].splitlines() if line.strip()]
    commands = [line for line in lines if not line.startswith("#")]
    assert len(commands) == 2, commands
    install, test = commands
    for command in commands:
        steps = [step.strip() for step in command.split("&&")]
        pip = next(i for i, step in enumerate(steps) if step.startswith("pip install"))
        assert ". .venv/bin/activate" in steps[:pip], command
        comment = lines[lines.index(command) - 1]
        assert comment.startswith("#"), f"no comment before {command!r}"
        assert re.search(r"\d+ (seconds|minutes?)", comment), comment
    assert install.startswith("python3 -m venv .venv && "), install
    assert install.endswith("kitgen build all"), install
    assert test.endswith("&& pytest"), test
    assert "'.[test]'" in test, test


@pytest.mark.parametrize("title", PATHS)
def test_every_command_of_a_path_runs(title: str, tmp_path: Path) -> None:
    """The commands run in order, in a fresh folder holding a copy of `data/`, as
    they would in a checkout's top folder; simulations play 3 games, not thousands."""
    shutil.copytree(data_dir(), tmp_path / "data")
    for command in sh_lines(section(title)):
        fewer = re.sub(r"(?<= )(-n|--games) \d+", r"\1 3", command)
        args = shlex.split(fewer, comments=True)[1:]
        done = subprocess.run(
            [sys.executable, "-m", "kitgen", *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, (command, done.stdout[-2000:], done.stderr[-2000:])
        written = [Path(line) for line in done.stdout.splitlines() if line.startswith("output/")]
        assert all((tmp_path / path).is_file() for path in written), command


def test_the_spreadsheet_typo_example_is_what_check_says(tmp_path: Path) -> None:
    """The README's example of a typo found at its cell: the starter of `kitgen new
    game --game custom` with an 'x' in that cell gives exactly the line shown."""
    text = section("Make your own game")
    shown = re.search(r"\$ kitgen check (\S+)\n(.*?)\n```", text, re.S)
    assert shown is not None
    folder, line = shown.groups()
    place = re.match(r"(\S+\.csv):(\d+):(\d+): ", line)
    assert place is not None, line
    new = [sys.executable, "-m", "kitgen", "new", "game", "Star Lanterns", "--game", "custom"]
    subprocess.run(new, cwd=tmp_path, capture_output=True, check=True)
    sheet = tmp_path / place.group(1)
    rows = sheet.read_text(encoding="utf-8").splitlines()
    row, column = int(place.group(2)) - 1, int(place.group(3)) - 1
    cells = rows[row].split(",")
    cells[column] = "x"
    rows[row] = ",".join(cells)
    sheet.write_text("\n".join(rows) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "kitgen", "check", folder],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout.splitlines() == [line]


def test_the_build_example_lists_the_files_the_command_writes(tmp_path: Path) -> None:
    block = readme().split("$ kitgen build scratch\n", 1)[1].split("```", 1)[0]
    listed = [line for line in block.splitlines() if line.strip()]
    done = subprocess.run(
        [sys.executable, "-m", "kitgen", "build", "scratch"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    written = done.stdout.splitlines()
    assert listed == written
    assert all((tmp_path / path).is_file() for path in written)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped,
    spaces made dashes."""
    text = re.sub(r"`|\[|\]\([^)]*\)", "", heading.strip()).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.M):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


PAGES = [README, ROOT / "CONTRIBUTING.md", *sorted(DOCS.glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_of_a_page_leads_somewhere(page: Path) -> None:
    """Links to files of the repository name files that exist, and links to a
    heading (`page.md#heading`, `#heading`) name a heading that page has."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    local = [link for link in links if not re.match(r"[a-z]+:", link)]
    assert page != README or len(local) >= 10, local
    for link in local:
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        assert target.exists(), f"{page.name}: {link}: no such file"
        if anchor:
            assert target.suffix == ".md", link
            assert anchor in anchors(target), f"{page.name}: {link}: no such heading"


def test_the_moved_sections_are_in_docs() -> None:
    """What the README held before issue 36 is in docs/, one page a subject."""
    expect = {
        "printing.md": ("## Print options", "## Rebuild on every save", "calibration"),
        "exports.md": ("The Game Crafter", "Tabletop Simulator"),
        "booklets.md": ("saddle stitching",),
        "files.md": ("## Scratch checks", "## Card art"),
        "limits.md": ("| what | limit |",),
        "designing.md": ("## Editor support", "--game custom"),
        "development.md": ("## Benchmarks", "bench/run"),
        "commands.md": ("## kitgen tune", "## kitgen simulate galliard"),
    }
    for name, phrases in expect.items():
        text = (DOCS / name).read_text(encoding="utf-8")
        for phrase in phrases:
            assert phrase in text, (name, phrase)
