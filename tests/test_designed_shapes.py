"""Shapes a layout draws besides rects, ellipses and lines: regular polygons (`sides`),
polygons of their own corners (`points`), stars (`tips`, `inner`), turned by `rotation`,
arcs and slices (`start`, `end`, `sector`), angles clockwise from the top;
and every shape's outline dashed or dotted, with round or square ends and round or
bevelled corners. Read back from the PDF's operators and its pixels; a bad value of
each is a finding at its line."""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import designed_game
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from kitgen.games.designed.draw import Artist
from kitgen.games.designed.load import load_design
from kitgen.layout.geometry import Size
from kitgen.layout.units import MM

CARD = Size(63 * MM, 88 * MM)
SCALE = 4  # pixels a point

GAME = designed_game("shaped", "  name: {type: text, max_length: 40}\n")
FACE = """\
game: shaped
kind: layout
elements:
  - {type: polygon, name: hex, sides: 6, x: 6mm, y: 8mm, width: 22mm, height: 22mm,
     fill: "#2e8b57", stroke: "#000000", stroke_width: 1mm, join: round}
  - {type: star, name: star, x: 34mm, y: 8mm, width: 22mm, height: 22mm, fill: "#e0b020",
     tips: 5, inner: 40%}
  - {type: polygon, name: tri, points: "0 100%, 100% 100%, 50% 0", x: 6mm, y: 36mm,
     width: 22mm, height: 20mm, fill: "#b03a2e"}
  - {type: ellipse, name: ring, x: 34mm, y: 36mm, width: 22mm, height: 20mm,
     stroke: "#333333", stroke_width: 1.2mm, dash: dotted}
  - {type: line, name: rule, x: 6mm, y: 62mm, width: 50mm, height: 0, stroke: "#000000",
     stroke_width: 1mm, dash: "4mm 2mm", cap: square}
  - {type: polygon, name: oct, sides: 8, rotation: 22.5, x: 22mm, y: 66mm, width: 18mm,
     height: 18mm, fill: "#5a3c8c", stroke: "#000000", dash: dashed, join: bevel}
  - {type: arc, name: quarter, x: 44mm, y: 66mm, width: 14mm, height: 14mm, start: 0,
     end: 90, sector: true, fill: "#1c2550"}
  - {type: arc, name: dial, x: 44mm, y: 66mm, width: 14mm, height: 14mm, start: 90,
     end: 330, stroke: "#b03a2e", stroke_width: 1.5mm, cap: round}
"""


def _game(tmp_path: Path, face: str = FACE) -> Path:
    for name, text in {"game.yaml": GAME, "face.yaml": face, "cards.csv": "name\nAlpha\n"}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _card(tmp_path: Path, face: str = FACE) -> tuple[bytes, Image.Image]:
    """The card's face alone on a page: its PDF content (uncompressed) and pixels."""
    return _drawn(_game(tmp_path, face))


def _drawn(game: Path) -> tuple[bytes, Image.Image]:
    """The first card's face of the game in `game` alone on a page, as `_card` gives."""
    design = load_design("shaped", str(game))
    assert design.ok, design.findings
    assert design.face is not None
    out = io.BytesIO()
    c = Canvas(out, pagesize=(CARD.width, CARD.height), pageCompression=0, invariant=1)
    card = design.cards[0]
    Artist(design, CARD, 0.0).paint(c, card, design.face.of(card.values))
    c.showPage()
    c.save()
    data = out.getvalue()
    image = pdfium.PdfDocument(data)[0].render(scale=SCALE).to_pil().convert("RGB")
    return data, image


def _pixel(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The colour at a point given from the card's top-left corner, in mm."""
    px = image.load()
    assert px is not None
    found: tuple[int, int, int] = px[round(x_mm * MM * SCALE), round(y_mm * MM * SCALE)]
    return found


def _near(colour: tuple[int, int, int], hex_colour: str) -> bool:
    want = tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= 12 for a, b in zip(colour, want, strict=True))


def test_the_shapes_print_where_and_how_they_should(tmp_path: Path) -> None:
    data, image = _card(tmp_path)
    white = "#ffffff"
    # The hexagon: its middle green, its box's corners outside it, a corner at the top.
    assert _near(_pixel(image, 17, 19), "#2e8b57")
    assert _near(_pixel(image, 7, 9), white)
    assert _near(_pixel(image, 17, 8.1), "#000000")  # (its top corner, in its outline)
    # The star: its middle filled, between two tips (straight below the top) clear.
    assert _near(_pixel(image, 45, 19), "#e0b020")
    assert _near(_pixel(image, 45, 28.5), white)
    assert _near(_pixel(image, 45, 9), "#e0b020")  # (its top tip)
    # The triangle of its own points: the base's corners and the apex.
    assert _near(_pixel(image, 7, 55.5), "#b03a2e")
    assert _near(_pixel(image, 27, 55.5), "#b03a2e")
    assert _near(_pixel(image, 17, 37), "#b03a2e")
    assert _near(_pixel(image, 7, 37), white)
    # The octagon turned 22.5 degrees: a flat top (unturned, a corner would be at the
    # top, and this point, 2.5 mm left of it, would be clear).
    assert _near(_pixel(image, 28.5, 67.3), "#5a3c8c")
    assert _near(_pixel(image, 22.3, 66.3), white)
    # The arcs, clockwise from the top as a clock reads: the slice from 12 to 3 o'clock
    # filled, the ring from 3 o'clock round to 11 o'clock drawn, open at 1 o'clock.
    assert _near(_pixel(image, 54, 70), "#1c2550")  # (up and right of the middle)
    assert _near(_pixel(image, 48, 70), white)  # (up and left)
    assert _near(_pixel(image, 51, 79.3), "#b03a2e")  # (6 o'clock on the ring)
    assert _near(_pixel(image, 44.2, 73), "#b03a2e")  # (9 o'clock)
    assert _near(_pixel(image, 54.75, 66.5), white)  # (1 o'clock, past the slice: the gap)
    content = data.decode("latin-1")
    # One path a polygon: a move, its corners, closed; filled and stroked (B) or filled (f).
    paths = re.findall(r"n ((?:[-\d.]+ [-\d.]+ [ml] )+)h\s+([Bf])\s", content)
    corners = sorted(len(re.findall(r" [ml] ", path)) for path, _ in paths)
    assert corners == [3, 6, 8, 10], corners
    assert "1 j" in content and "2 j" in content  # (round and bevelled corners)
    assert "2 J" in content  # (square ends)


def test_dashes_and_dots_are_written_as_pdf_dash_patterns(tmp_path: Path) -> None:
    data, image = _card(tmp_path)
    content = data.decode("latin-1")
    dashes = re.findall(r"\[([^\]]*)\] 0 d", content)
    width = 1.2 * MM  # the ring's outline: dots its width apart, round
    assert f"0 {2 * width:g}".replace("e", "") in [d.strip() for d in dashes] or any(
        d.split() and float(d.split()[0]) == 0 and math.isclose(float(d.split()[1]), 2 * width)
        for d in dashes
    ), dashes
    assert any(
        len(d.split()) == 2 and math.isclose(float(d.split()[0]), 4 * MM, rel_tol=1e-3)
        for d in dashes
    ), dashes  # (the rule: 4 mm on, 2 mm off)
    assert "1 J" in content  # (a dot is a round end)
    # Along the rule, 4 mm dashes with 2 mm gaps, each dash's square ends half the
    # outline's width longer: ink, then paper in the middle of the gap.
    assert _near(_pixel(image, 8, 62), "#000000")
    assert _near(_pixel(image, 11, 62), "#ffffff")


@pytest.mark.parametrize(
    ("line", "code", "said"),
    [
        ("  - {type: polygon, sides: 2, width: 10mm, height: 10mm}", "invalid-value", "3 to 64"),
        ("  - {type: polygon, sides: 6.5, width: 10mm}", "invalid-value", "a whole number"),
        ("  - {type: polygon, points: '0 0, 10 10', width: 10mm}", "invalid-value", "3 to 64"),
        ("  - {type: polygon, points: '0 0, 1 x, 2 2', width: 10mm}", "invalid-value", "points"),
        ("  - {type: polygon, width: 10mm, fill: '#000000'}", "missing-key", "`sides:`"),
        ("  - {type: polygon, sides: 5, points: '0 0, 1 1, 2 0'}", "invalid-value", "not both"),
        ("  - {type: star, inner: 1.5, width: 10mm}", "invalid-value", "0.05 to 0.95"),
        ("  - {type: star, tips: 100, width: 10mm}", "invalid-value", "3 to 64"),
        ("  - {type: star, sides: 5, width: 10mm}", "invalid-value", "has no `sides`"),
        ("  - {type: polygon, sides: 6, rotation: 400}", "invalid-value", "-360 to 360"),
        ("  - {type: rect, stroke: '#000000', dash: wavy}", "invalid-value", "solid, dashed"),
        ("  - {type: rect, stroke: '#000000', dash: '2mm -1mm'}", "invalid-value", "negative"),
        ("  - {type: line, cap: pointy}", "invalid-value", "butt, round, square"),
        ("  - {type: ellipse, join: sharp}", "invalid-value", "miter, round, bevel"),
        ("  - {type: arc, start: 0, end: 400}", "invalid-value", "-360 to 360"),
        ("  - {type: arc, sector: maybe}", "invalid-value", "true or false"),
        ("  - {type: arc, sides: 4}", "invalid-value", "an arc element has no `sides`"),
    ],
)
def test_a_bad_shape_value_is_a_finding_at_its_line(
    tmp_path: Path, line: str, code: str, said: str
) -> None:
    face = "game: shaped\nkind: layout\nelements:\n" + line + "\n"
    design = load_design("shaped", str(_game(tmp_path, face)))
    found = [f for f in design.findings if f.code == code]
    assert found, design.findings
    assert said in found[0].message
    assert found[0].location is not None and found[0].location.line == 4


PATHS = """\
game: shaped
kind: layout
elements:
  - {type: path, name: pie, d: "M 50 50 L 100 50 A 50 50 0 1 1 50 0 Z", x: 34mm, y: 24mm,
     width: 24mm, height: 24mm, fill: "#e0b020"}
  - {type: path, name: ring, x: 6mm, y: 40mm, width: 24mm, height: 24mm, fill: "#2e8b57",
     d: "M 0 50 a 50 50 0 1 0 100 0 a 50 50 0 1 0 -100 0 Z
         M 25 50 a 25 25 0 1 1 50 0 a 25 25 0 1 1 -50 0 Z"}
  - {type: path, name: corner, d: "M 0 0 L 12 0 L 0 12 Z", view: "0 0 24 24", x: 34mm,
     y: 56mm, width: 24mm, height: 24mm, fill: "#5a3c8c"}
"""


def test_a_path_is_drawn_as_svg_draws_it_scaled_to_its_box(tmp_path: Path) -> None:
    """The pie lacks its top-right quarter (an arc the long way round, clockwise on the
    screen); the ring's hole, wound the other way, stays clear (SVG's nonzero rule); a
    path in a 24-unit view fills only the view's top-left corner of its box."""
    _, image = _card(tmp_path, PATHS)
    assert _near(_pixel(image, 40, 41), "#e0b020")  # (the pie's lower left)
    assert _near(_pixel(image, 52, 41), "#e0b020")  # (lower right)
    assert _near(_pixel(image, 40, 31), "#e0b020")  # (upper left)
    assert _near(_pixel(image, 52, 31), "#ffffff")  # (upper right: the missing quarter)
    assert _near(_pixel(image, 8, 52), "#2e8b57")  # (the ring)
    assert _near(_pixel(image, 18, 52), "#ffffff")  # (its hole)
    assert _near(_pixel(image, 36, 58), "#5a3c8c")  # (the view's top-left corner)
    assert _near(_pixel(image, 50, 72), "#ffffff")  # (the rest of the box)


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("  - {type: path, d: 'L 1 1'}", "expected `M`"),
        ("  - {type: path, d: 'M 0 0 L 1'}", "expected a number"),
        ("  - {type: path, d: 'M 0 0 L 1 1', view: '0 0 24'}", "viewBox"),
        ("  - {type: path, d: 'M 0 0 L 1 1', view: '0 0 0 24'}", "more than 0"),
    ],
)
def test_a_bad_path_is_a_finding_at_its_line(tmp_path: Path, line: str, said: str) -> None:
    face = "game: shaped\nkind: layout\nelements:\n" + line + "\n"
    design = load_design("shaped", str(_game(tmp_path, face)))
    found = [f for f in design.findings if f.code == "invalid-value"]
    assert found and said in found[0].message, design.findings
    assert found[0].location is not None and found[0].location.line == 4


def test_a_path_needs_its_data(tmp_path: Path) -> None:
    face = "game: shaped\nkind: layout\nelements:\n  - {type: path, fill: '#000000'}\n"
    design = load_design("shaped", str(_game(tmp_path, face)))
    assert [f.message for f in design.findings if f.code == "missing-key"] == [
        "a path element needs `d:`"
    ]


CLIPPED = """\
game: shaped
kind: layout
elements:
  - {type: image, name: a1, src: art.png, x: 6mm, y: 8mm, width: 24mm, height: 24mm,
     fit: crop, clip: ellipse}
  - {type: image, name: a2, src: art.png, x: 34mm, y: 8mm, width: 24mm, height: 24mm,
     fit: crop, clip: round 5mm}
  - {type: image, name: a3, src: art.png, x: 6mm, y: 36mm, width: 24mm, height: 24mm,
     fit: crop, clip: polygon 6}
  - {type: image, name: a4, src: art.png, x: 34mm, y: 36mm, width: 24mm, height: 24mm,
     fit: crop, clip: "path M 0 0 L 10 0 L 0 10 Z"}
  - {type: image, name: a5, src: art.png, x: 6mm, y: 64mm, width: 24mm, height: 20mm,
     fit: crop}
"""
ART = "#2857a0"


def test_an_image_is_cut_to_its_clip(tmp_path: Path) -> None:
    """A plain-coloured picture cut to an ellipse, a rounded rect, a hexagon and a
    triangle of path data: in each, the middle printed and a corner of the box clear
    (an unclipped image fills its box's corner)."""
    game = _game(tmp_path, CLIPPED)
    Image.new("RGB", (300, 300), (0x28, 0x57, 0xA0)).save(game / "art.png")
    data, image = _drawn(game)
    white = "#ffffff"
    for x0, y0 in ((6, 8), (34, 8), (6, 36)):
        assert _near(_pixel(image, x0 + 12, y0 + 12), ART)
        assert _near(_pixel(image, x0 + 0.5, y0 + 0.5), white)
    assert _near(_pixel(image, 35, 37), ART)  # (the triangle's corner at the box's top left)
    assert _near(_pixel(image, 56, 58), white)  # (its box's far corner)
    assert _near(_pixel(image, 6.5, 64.5), ART)  # (an unclipped image: its corner too)
    assert data.decode("latin-1").count("W* n") + data.decode("latin-1").count("W n") >= 4


@pytest.mark.parametrize(
    ("clip", "said"),
    [
        ("oval", "write box, ellipse, round 3mm"),
        ("round", "write box, ellipse, round 3mm"),
        ("round 3 apples", "`clip`"),
        ("polygon 2", "`clip`'s sides"),
        ("'path L 1 1'", "`clip`'s d"),
    ],
)
def test_a_bad_clip_is_a_finding_at_its_line(tmp_path: Path, clip: str, said: str) -> None:
    face = (
        "game: shaped\nkind: layout\nelements:\n"
        f"  - {{type: image, src: art.png, width: 10mm, height: 10mm, clip: {clip}}}\n"
    )
    game = _game(tmp_path, face)
    Image.new("RGB", (30, 30)).save(game / "art.png")
    design = load_design("shaped", str(game))
    found = [f for f in design.findings if f.code == "invalid-value"]
    assert found and said in found[0].message, design.findings
    assert found[0].location is not None and found[0].location.line == 4


def test_a_polygons_corners_are_rounded_by_its_radius(tmp_path: Path) -> None:
    """A hexagon's top corner: filled when sharp, the paper's when rounded 4 mm back."""

    def top_corner(radius: str) -> tuple[int, int, int]:
        face = (
            "game: shaped\nkind: layout\nelements:\n"
            "  - {type: polygon, sides: 6, x: 10mm, y: 10mm, width: 40mm, height: 40mm, "
            f"fill: '#000000'{radius}}}\n"
        )
        return _pixel(_card(tmp_path, face)[1], 30, 10.4)

    assert top_corner("") == (0, 0, 0)
    assert top_corner(", radius: 4mm") == (255, 255, 255)
