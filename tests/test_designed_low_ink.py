"""`--ink low` leaves a designed card's background out: what was drawn straight on it
(text, outlines, lines, tinted icons) in a colour chosen to stand out from it is drawn
to stand out from the paper instead, so a black card's white text prints dark, not
white on white; what lies on a shape that still prints keeps its colour."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from kitgen.games.designed.draw import Artist
from kitgen.games.designed.load import load_design
from kitgen.layout.geometry import Size
from kitgen.layout.units import MM
from kitgen.render.lightness import lab, lightness, on_paper

CARD = Size(63 * MM, 88 * MM)
SCALE = 2  # pixels a point
GAME = """\
game: prompts
kind: game
title: Prompts
players: {min: 3, max: 8}
playing_time: 30 minutes
summary: A party game of prompts and answers.
fields:
  name: {type: text}
  text: {type: text}
cards: cards.csv
face: face.yaml
icons:
  star: star.svg
"""
# A black card: its prompt straight on the background, a light rule and a tinted star
# beside it; a dark band (a shape, which prints) with white text on it.
FACE = """\
game: prompts
kind: layout
background: "#000000"
elements:
  - {type: text, text: "{{ text }}", x: 5mm, y: 5mm, width: 53mm, height: 30mm, size: 16,
     bold: true, colour: "#ffffff"}
  - {type: line, x: 5mm, y: 40mm, width: 53mm, height: 0, stroke: "#ffffff",
     stroke_width: 2pt}
  - {type: icon, icon: star, x: 5mm, y: 45mm, width: 10mm, height: 10mm, tint: "#ffe680"}
  - {type: rect, x: 5mm, y: 65mm, width: 53mm, height: 15mm, fill: "#303030"}
  - {type: text, text: "PICK 2", x: 8mm, y: 67mm, width: 47mm, height: 11mm, size: 20,
     bold: true, colour: "#ffffff", valign: middle}
"""
STAR = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">'
    '<rect x="0" y="0" width="10" height="10" fill="#000000"/></svg>\n'
)


@pytest.fixture
def prompts(tmp_path: Path) -> Path:
    files = {
        "game.yaml": GAME,
        "face.yaml": FACE,
        "star.svg": STAR,
        "cards.csv": "name,text\nWorst,What is the worst thing about humanity?\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _card(folder: Path, ink: str) -> Image.Image:
    """The game's one card, its face drawn alone on a page of the trim's size (paper
    white where nothing is drawn), rasterized in greyscale."""
    design = load_design("prompts", str(folder))
    assert design.ok, design.findings
    artist = Artist(design, CARD, 0.0, ink)  # type: ignore[arg-type]
    out = io.BytesIO()
    c = Canvas(out, pagesize=(CARD.width, CARD.height))
    assert design.face is not None
    card = design.cards[0]
    artist.paint(c, card, design.face.of(card.values))
    c.showPage()
    c.save()
    pdf = pdfium.PdfDocument(out.getvalue())
    return pdf[0].render(scale=SCALE).to_pil().convert("L")


def _area(image: Image.Image, x: float, y: float, w: float, h: float) -> Image.Image:
    """The pixels of a box measured in mm from the card's top-left corner."""
    px = SCALE * MM
    return image.crop((round(x * px), round(y * px), round((x + w) * px), round((y + h) * px)))


def test_white_on_a_left_out_black_background_prints_dark(prompts: Path) -> None:
    normal, low = _card(prompts, "normal"), _card(prompts, "low")
    # In normal ink the card is black and its prompt white on it.
    text_box = (5, 5, 53, 12)
    assert _area(normal, *text_box).getextrema() == (0, 255)
    # In low ink the paper is white, and the prompt, the rule and the star print dark
    # on it: they were white (or pale) on black.
    lo, hi = _area(low, *text_box).getextrema()
    assert hi == 255 and lo < 40, "the prompt prints white on white"
    assert _area(low, 10, 39.8, 40, 0.4).getextrema()[0] < 40, "the rule is invisible"
    assert _area(low, 7, 47, 6, 6).getextrema()[1] < 80, "the pale star is invisible"
    # The band is a shape, which prints in low ink too: its text stays white on it.
    band = _area(low, 8, 67, 40, 11)
    assert band.getextrema() == _area(normal, 8, 67, 40, 11).getextrema()
    assert band.getextrema()[1] == 255


@pytest.mark.parametrize(
    ("colour", "behind"),
    [
        ("#ffffff", "#000000"),
        ("#c9a13b", "#20160f"),
        ("#ffffff", "#24538f"),
        ("#a8d48a", "#333333"),
    ],
)
def test_a_colour_keeps_the_contrast_it_had_with_what_it_was_drawn_on(
    colour: str, behind: str
) -> None:
    printed = on_paper(colour, behind)
    had = lightness(colour) - lightness(behind)
    assert 100 - lightness(printed) == pytest.approx(had, abs=1.5)
    # The hue stays: a* and b* keep their signs (gold stays a yellowish brown).
    for before, after in zip(lab(colour)[1:], lab(printed)[1:], strict=True):
        assert abs(before) < 2 or (before > 0) == (after > 0)


@pytest.mark.parametrize(
    ("colour", "behind"),
    [
        ("#000000", "#e2603a"),  # darker than what it was drawn on
        ("#1e1e1e", "#f7e3d4"),
        # Lighter, but it stands out from the paper (by L* 37) more than it did from
        # the orange (by 6): a gold frame on Emberwake's flame cards.
        ("#b8922e", "#e2603a"),
    ],
)
def test_a_colour_that_stands_out_from_the_paper_as_well_is_kept(colour: str, behind: str) -> None:
    assert on_paper(colour, behind) == colour


def test_the_change_is_continuous_at_the_turn() -> None:
    """A grey lighter than black by as much as it is darker than the paper is where the
    rule turns: just past it the colour hardly changes."""
    printed = []
    for grey in range(0x60, 0xA0):
        colour = f"#{grey:02x}{grey:02x}{grey:02x}"
        printed.append(lightness(on_paper(colour, "#000000")))
        assert printed[-1] == pytest.approx(min(lightness(colour), 100 - lightness(colour)), abs=1)
    assert max(abs(a - b) for a, b in itertools.pairwise(printed)) < 1.0
