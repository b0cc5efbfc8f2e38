"""Booklet pages are filled (issue 24, item 7), and the back cover is a designed page.

Every game's booklets, as its kit prints them on both papers (A5 and half-Letter
pages: the run's shared builds), are rasterized and measured with
bench/booklet_fill.py: a page's blank is the part of its content
frame below its lowest ink. No page may be more than a quarter blank except those
bench/booklet_fill.exempt_pages names, read from the PDF itself: the cover and the
contents, a chapter's last page (the page before one that opens with a chapter
heading of the outline), the last page before the back cover, the back cover, and
in the saddle-stitched edition the padding pages before it (which are filled: a card
checklist, a score page or notes; only notes for a rules file printed without its kit).

The saddle-stitched edition's last page (its back cover) must be the same designed
page as the reading edition's: the quick reference or the credits, then the one credit
line that names kitgen, and no row of a table from the rules.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from kitgen.build import BuildOptions, build
from kitgen.paths import data_dir

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from booklet_fill import exempt_pages, page_size, reading_pages, squeeze, stitched_pages

GAMES = {
    "scratch": data_dir() / "scratch" / "rules.yaml",
    "shapeup": data_dir() / "shapeup" / "rules.yaml",
    "scaffold": data_dir() / "scaffold" / "rules.yaml",
    "staircase": data_dir() / "staircase" / "rules.yaml",
    "galliard": data_dir() / "galliard" / "rules.yaml",
    "emberwake": data_dir() / "examples" / "emberwake" / "rules.yaml",
}
MOST_BLANK = 0.25
CREDIT = "Printed with kitgen"


@pytest.fixture(scope="module")
def built(kits_on_each_paper: Path) -> Path:
    """Every game's kit on A4, then on Letter: its rules PDFs are read here."""
    return kits_on_each_paper


def table_rows(rules: Path) -> list[str]:
    """Each row of every table in the rules' sections, as its cells' text run together."""
    rows: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            table = node.get("table")
            if isinstance(table, dict):
                for row in table.get("rows", []):
                    text = squeeze("".join(str(c) for c in row).replace("*", ""))
                    if "{{" not in text and len(text) >= 10:
                        rows.append(text)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(yaml.safe_load(rules.read_text(encoding="utf-8"))["sections"])
    return rows


@pytest.mark.parametrize("game", list(GAMES))
def test_no_page_but_a_chapters_last_is_more_than_a_quarter_blank(built: Path, game: str) -> None:
    path = built / game / f"{game}-rules.pdf"
    pages = reading_pages(path)
    exempt = exempt_pages(path, len(pages))
    too_blank = {
        n: round(p.blank, 2)
        for n, p in enumerate(pages, start=1)
        if p.blank > MOST_BLANK and n not in exempt
    }
    assert not too_blank, f"{game}: pages more than a quarter blank: {too_blank}"
    # the same pages in the saddle-stitched edition, with only padding pages added before
    # its back cover, none of them blank (the kits' checklists, score pages and notes:
    # tests/test_booklet_pages.py says which; a rules file printed alone: below)
    stitched = stitched_pages(built / game / f"{game}-rules-booklet.pdf", page_size(path))
    assert len(stitched) % 4 == 0 and len(stitched) - len(pages) < 4
    body = len(pages) - 1
    assert [squeeze(p.text) for p in stitched[:body]] == [squeeze(p.text) for p in pages[:body]]
    assert all(p.blank < MOST_BLANK for p in stitched[body:-1]), "padding pages are filled"
    assert not [
        n
        for n, p in enumerate(stitched, start=1)
        if p.blank > MOST_BLANK and n not in exempt_pages(path, len(pages), len(stitched))
    ]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_back_cover_is_designed_and_holds_the_one_credit_line(built: Path, game: str) -> None:
    path = built / game / f"{game}-rules.pdf"
    pages = reading_pages(path)
    stitched = stitched_pages(built / game / f"{game}-rules-booklet.pdf", page_size(path))
    back = stitched[-1]
    assert squeeze(back.text) == squeeze(pages[-1].text)  # the same page in both editions
    title = yaml.safe_load(GAMES[game].read_text(encoding="utf-8"))["title"]
    assert squeeze(CREDIT) in squeeze(back.text)
    # the quick reference, or (when it does not fit) the title over the credits
    opening = squeeze(back.text).replace(squeeze(CREDIT), "", 1)
    assert opening.startswith("Quickreference") or opening.startswith(squeeze(title)), opening
    for row in table_rows(GAMES[game]):
        assert row not in squeeze(back.text), f"a table row on the back cover: {row}"
    # the credit line is the only one (the front cover no longer carries a note)
    assert sum(squeeze(CREDIT) in squeeze(p.text) for p in pages) == 1


def test_a_rules_file_printed_alone_pads_with_notes_pages_that_are_filled(
    tmp_path: Path,
) -> None:
    """Without a kit there are no cards to list and no score sheet: Scratch's
    saddle-stitched edition pads with notes pages, each filled to the foot."""
    result = build([str(GAMES["scratch"])], BuildOptions(out=str(tmp_path)))
    assert result.ok, result.findings
    path = tmp_path / "scratch" / "scratch-rules.pdf"
    pages = reading_pages(path)
    stitched = stitched_pages(tmp_path / "scratch" / "scratch-rules-booklet.pdf", page_size(path))
    padding = stitched[len(pages) - 1 : -1]
    assert padding, "Scratch's booklet pads to a multiple of four pages"
    for page in padding:
        assert squeeze(page.top_text).startswith("Notes"), page.top_text
        assert page.blank < MOST_BLANK, page.blank
