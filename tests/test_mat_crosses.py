"""Alignment crosses on tiled mats stay off what is printed (issue 24, small print
defects: they crossed Galliard's dancer "2" and Scaffold's "ring 2" labels).

Read from the PDFs themselves: a cross is a horizontal and a vertical hairline with the
same centre; no cross may touch a character of the page's text."""

from __future__ import annotations

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from kitgen.build import resolve_setup
from kitgen.games.galliard.kit import mat_pdf as galliard_mat
from kitgen.games.scaffold.kit import mats_pdf as scaffold_mats
from kitgen.games.scratch.kit import mat_pdf as scratch_mat
from kitgen.layout.geometry import Box
from kitgen.model.kit import PrintSettings

MATS = {"galliard": galliard_mat, "scaffold": scaffold_mats, "scratch": scratch_mat}


def crosses(page: pdfium.PdfPage) -> list[Box]:
    """The bounding boxes of the page's alignment crosses."""
    lines = []
    for obj in page.get_objects(max_depth=5):
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        # get_bounds from pypdfium2 5, get_pos in 4.x (the floor CI tests too)
        left, bottom, right, top = (getattr(obj, "get_bounds", None) or obj.get_pos)()
        if right - left < 1.5 and 5 < top - bottom < 20:
            lines.append(("v", (left + right) / 2, (bottom + top) / 2, left, bottom, right, top))
        elif top - bottom < 1.5 and 5 < right - left < 20:
            lines.append(("h", (left + right) / 2, (bottom + top) / 2, left, bottom, right, top))
    found = []
    for kind, x, y, left, _bottom, right, _top in lines:
        if kind != "h":
            continue
        for other in lines:
            if other[0] == "v" and abs(other[1] - x) < 0.6 and abs(other[2] - y) < 0.6:
                found.append(Box(left, other[4], right - left, other[6] - other[4]))
    return found


def characters(page: pdfium.PdfPage) -> list[tuple[str, Box]]:
    text = page.get_textpage()
    chars = []
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        left, bottom, right, top = text.get_charbox(i)
        if char.strip() and right > left and top > bottom:
            chars.append((char, Box(left, bottom, right - left, top - bottom)))
    return chars


def overlaps(a: Box, b: Box) -> bool:
    return min(a.right, b.right) > max(a.x, b.x) and min(a.top, b.top) > max(a.y, b.y)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["galliard", "scaffold"])
def test_no_alignment_cross_touches_the_mats_text(game: str, paper: str) -> None:
    setup = resolve_setup(PrintSettings(paper=paper), None, config=False)
    pdf = pdfium.PdfDocument(MATS[game]("Test", setup))
    seen = 0
    for index in range(len(pdf)):
        page = pdf[index]
        found = crosses(page)
        seen += len(found)
        for cross in found:
            for char, box in characters(page):
                assert not overlaps(cross, box), (game, paper, index, char, cross)
    assert seen >= 4  # tiled: every sheet has crosses to lay on its neighbour's


def test_scratch_mat_on_small_paper_keeps_its_crosses_off_the_text() -> None:
    setup = resolve_setup(PrintSettings(paper="a5", card_size="tarot"), None, config=False)
    pdf = pdfium.PdfDocument(scratch_mat("Test", setup))
    assert len(pdf) > 1
    for index in range(len(pdf)):
        page = pdf[index]
        for cross in crosses(page):
            for char, box in characters(page):
                assert not overlaps(cross, box), (index, char, cross)
