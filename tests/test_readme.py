"""The README's first screen: its picture, and the build example's file list."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
FIRST_SCREEN = 30  # lines: what a reader sees before scrolling on GitHub or PyPI
MAX_PICTURE_BYTES = 100 * 1024


def test_the_first_screen_shows_a_sheet_and_a_card_kitgen_made() -> None:
    head = "\n".join(README.read_text(encoding="utf-8").splitlines()[:FIRST_SCREEN])
    found = re.search(r"!\[([^\]]+)\]\(([^)]+\.png)\)", head)
    assert found, "no picture in the README's first screen"
    alt, target = found.groups()
    assert "sheet" in alt and "card" in alt, alt
    picture = ROOT / target
    assert picture.is_file(), target
    assert picture.stat().st_size <= MAX_PICTURE_BYTES
    with Image.open(picture) as image:
        assert image.format == "PNG"
        width, height = image.size
    assert 400 <= width <= 1200 and 300 <= height <= 800, (width, height)
    # The script that makes it, from kitgen's own outputs, is kept beside it.
    assert (picture.parent / "make_readme_image.py").is_file()


def test_the_build_example_lists_the_files_the_command_writes(tmp_path: Path) -> None:
    text = README.read_text(encoding="utf-8")
    block = text.split("$ kitgen build scratch\n", 1)[1].split("```", 1)[0]
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
