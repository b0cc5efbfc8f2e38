"""`rotate:` turns any element clockwise about its `pivot` (its box's middle unless
said): text running sideways (an ICE card's), a tilted shape, an upside-down one. The
check measures the turned element: a sideways text whose upright box would lie off the
card is fine, one whose turned letters pass the cut is not."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import designed_game
from reportlab.pdfgen.canvas import Canvas

from kitgen.games.designed.draw import Artist, check_drawn
from kitgen.games.designed.load import load_design
from kitgen.layout.geometry import Size
from kitgen.layout.units import MM

CARD = Size(63 * MM, 88 * MM)
SCALE = 4

GAME = designed_game("turned", "  name: {type: text, max_length: 40}\n")
# A strip down the left edge holding sideways text (its upright box, 78 x 10 mm, is
# centred on the strip's middle and turned a quarter: it runs down the strip), a rect
# tilted 30 degrees, and a triangle turned upside down about its box's top-left corner.
FACE = """\
game: turned
kind: layout
elements:
  - {type: rect, name: strip, x: 5mm, y: 5mm, width: 10mm, height: 78mm, fill: "#1c2550"}
  - {type: text, name: side, text: "SUBROUTINE END THE RUN", x: -29mm, y: 39mm,
     width: 78mm, height: 10mm, size: 11, bold: true, colour: "#ffffff", align: centre,
     valign: middle, rotate: 90}
  - {type: rect, name: tilted, x: 30mm, y: 20mm, width: 20mm, height: 10mm,
     fill: "#b03a2e", rotate: 30}
  - {type: polygon, name: tri, sides: 3, x: 30mm, y: 50mm, width: 16mm, height: 16mm,
     fill: "#2e8b57", rotate: 180, pivot: top-left}
"""


def _game(tmp_path: Path, face: str = FACE) -> Path:
    for name, text in {"game.yaml": GAME, "face.yaml": face, "cards.csv": "name\nAlpha\n"}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _pdf(tmp_path: Path) -> bytes:
    design = load_design("turned", str(_game(tmp_path)))
    assert design.ok, design.findings
    assert design.face is not None
    out = io.BytesIO()
    c = Canvas(out, pagesize=(CARD.width, CARD.height), invariant=1)
    card = design.cards[0]
    Artist(design, CARD, 0.0).paint(c, card, design.face.of(card.values))
    c.showPage()
    c.save()
    return out.getvalue()


def _rgb(image: object, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    px = image.load()  # type: ignore[attr-defined]
    found: tuple[int, int, int] = px[round(x_mm * MM * SCALE), round(y_mm * MM * SCALE)]
    return found


def _is(colour: tuple[int, int, int], hex_colour: str) -> bool:
    want = tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= 12 for a, b in zip(colour, want, strict=True))


def test_turned_shapes_print_turned(tmp_path: Path) -> None:
    pdf = pdfium.PdfDocument(_pdf(tmp_path))
    image = pdf[0].render(scale=SCALE).to_pil().convert("RGB")
    # The tilted rect (20 x 10 mm about (40, 25)): its right end dips, its left rises.
    assert _is(_rgb(image, 40, 25), "#b03a2e")
    assert _is(_rgb(image, 48, 29.5), "#b03a2e")  # (below its upright box's right half)
    assert _is(_rgb(image, 31, 29), "#ffffff")  # (its upright bottom-left corner: clear)
    # The triangle, point up in its box (30..46, 50..66 mm), turned upside down about
    # the box's top-left corner: now in 14..30 x 34..50 mm, point down.
    assert _is(_rgb(image, 22, 40), "#2e8b57")
    assert _is(_rgb(image, 38, 58), "#ffffff")


def test_sideways_text_runs_down_the_card(tmp_path: Path) -> None:
    """Its letters stacked down the strip, in reading order from the top."""
    pdf = pdfium.PdfDocument(_pdf(tmp_path))
    page = pdf[0]
    text = page.get_textpage()
    found = text.get_text_range()
    assert "SUBROUTINE" in found.replace("\r", "").replace("\n", "")
    boxes = [text.get_charbox(i) for i in range(text.count_chars()) if found[i].strip()]
    lefts = [b[0] for b in boxes]
    tops = [b[3] for b in boxes]  # (PDF points up from the bottom)
    assert max(lefts) - min(lefts) < 12  # (one column, about a line high)
    assert tops == sorted(tops, reverse=True)  # (each letter lower than the last)
    assert min(lefts) > 5 * MM and max(b[2] for b in boxes) < 15 * MM  # (on the strip)


@pytest.mark.parametrize(
    ("element", "code"),
    [
        # A rect turned so its corners reach past the bleed.
        (
            "{type: rect, x: 0, y: 0, width: 63mm, height: 20mm, fill: '#000000', rotate: 45}",
            "outside-bleed",
        ),
        # Text turned a quarter about the box's left end: it runs off the card's top.
        (
            "{type: text, text: 'A long line of text', x: 20mm, y: 10mm, width: 60mm, "
            "height: 8mm, size: 10, min_size: 10, rotate: -90, pivot: left}",
            "text-clipped",
        ),
    ],
)
def test_a_turned_element_is_checked_where_it_is_drawn(
    tmp_path: Path, element: str, code: str
) -> None:
    face = "game: turned\nkind: layout\nelements:\n  - " + element + "\n"
    design = load_design("turned", str(_game(tmp_path, face)))
    assert design.ok, design.findings
    assert [f.code for f in check_drawn(design, None)] == [code]


def test_text_whose_upright_box_is_off_the_card_is_fine_turned_onto_it(tmp_path: Path) -> None:
    design = load_design("turned", str(_game(tmp_path)))
    assert design.ok, design.findings
    assert check_drawn(design, None) == []


@pytest.mark.parametrize(
    ("value", "said"),
    [("rotate: 400", "-360 to 360"), ("rotate: left", "a number"), ("pivot: middle", "one of")],
)
def test_a_bad_turn_is_a_finding_at_its_line(tmp_path: Path, value: str, said: str) -> None:
    face = f"game: turned\nkind: layout\nelements:\n  - {{type: rect, {value}}}\n"
    design = load_design("turned", str(_game(tmp_path, face)))
    found = [f for f in design.findings if f.code == "invalid-value"]
    assert found and said in found[0].message, design.findings
    assert found[0].location is not None and found[0].location.line == 4
