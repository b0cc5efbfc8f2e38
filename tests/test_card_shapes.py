"""Cards that are not rectangles: round tokens, hex tiles, rounded corners and cards of
a path of their own. Their art and bleed follow the shape, a sheet draws each front's
cut line along it, the cutting machine's file cuts it, and the check keeps text inside
it."""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import designed_game, run_in_process

from kitgen.games.designed.draw import Artist, check_drawn
from kitgen.games.designed.load import load_design
from kitgen.layout.geometry import Size
from kitgen.layout.shapes import ShapeError, read_shape
from kitgen.layout.units import MM
from kitgen.render.pdf import KitCanvas

# -- the shapes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "kind"),
    [
        ("round", "round"),
        ("Circle", "round"),
        ("hex", "hex"),
        ("hex flat", "hex"),
        ("rounded 3mm", "rounded"),
        ("rounded 3", "rounded"),
        ("path M 0 0 L 10 0 L 5 8 Z", "path"),
    ],
)
def test_a_shape_is_read(written: str, kind: str) -> None:
    shape = read_shape(written)
    assert shape is not None and shape.kind == kind


def test_rect_is_no_shape() -> None:
    assert read_shape("rect") is None


@pytest.mark.parametrize(
    "written", ["square", "hex wide", "rounded", "rounded -2mm", "rounded 80mm", "path M 0 0 L 5 5"]
)
def test_a_bad_shape_is_refused(written: str) -> None:
    with pytest.raises(ShapeError):
        read_shape(written)


def _numbers(commands: list[tuple[object, ...]]) -> list[tuple[float, float]]:
    out = []
    for command in commands:
        values = [float(v) for v in command[1:]]  # type: ignore[arg-type]
        out += [(values[k], values[k + 1]) for k in range(0, len(values), 2)]
    return out


def test_a_round_cards_bleed_grows_its_radii() -> None:
    shape = read_shape("round")
    assert shape is not None
    points = _numbers(shape.outline(100, 60, 5))
    assert max(x for x, _ in points) == pytest.approx(105)
    assert min(y for _, y in points) == pytest.approx(-5)


def test_a_hexs_bleed_moves_each_side_out_by_the_bleed() -> None:
    """A regular hexagon's corners lie the bleed over cos 30 degrees further out."""
    shape = read_shape("hex")
    assert shape is not None
    w = 100.0
    h = w * 2 / math.sqrt(3)  # (a regular hexagon's box, a corner at the top)
    radius = h / 2
    assert all(
        math.hypot(x - w / 2, y - h / 2) == pytest.approx(radius)
        for x, y in _numbers(shape.outline(w, h))
    )
    grown = _numbers(shape.outline(w, h, 6))
    far = radius + 6 / math.cos(math.radians(30))
    for x, y in grown:
        assert math.hypot(x - w / 2, y - h / 2) == pytest.approx(far)
    assert grown[0] == pytest.approx((w / 2, h / 2 + far))  # (pointy: a corner at the top)
    flat = read_shape("hex flat")
    assert flat is not None
    top = max(y for _, y in _numbers(flat.outline(w, h)))
    assert [round(y, 6) for _, y in _numbers(flat.outline(w, h))].count(round(top, 6)) == 2


def test_a_shape_seen_from_the_back_is_mirrored() -> None:
    shape = read_shape("path M 0 0 L 10 0 L 0 10 Z")  # (a right angle at the top-left)
    assert shape is not None
    front = _numbers(shape.outline(100, 100))
    back = _numbers(shape.outline(100, 100, mirrored=True))
    assert back == [(100 - x, y) for x, y in front]


@pytest.mark.parametrize(
    ("written", "inside", "outside"),
    [
        ("round", (50, 95), (5, 5)),
        ("hex", (50, 95), (97, 95)),
        ("rounded 10mm", (50, 1), (2, 2)),
        ("path M 0 0 L 10 0 L 5 10 Z", (50, 80), (95, 5)),
    ],
)
def test_a_point_is_inside_a_shape_or_not(
    written: str, inside: tuple[float, float], outside: tuple[float, float]
) -> None:
    shape = read_shape(written)
    assert shape is not None
    assert shape.contains(*inside, 100, 100)
    assert not shape.contains(*outside, 100, 100)
    assert not shape.contains(*inside, 100, 100, -20)  # (a safe area 20 inside: not in it)


# -- a designed game of shaped cards --------------------------------------------------------

GAME = designed_game("shaped", "  name: {type: text}\n").replace(
    "cards: cards.csv\nface: face.yaml\n",
    "decks:\n  tokens:\n    cards: cards.csv\n    size: 30x30mm\n    shape: %s\n"
    "    face: face.yaml\n    back: back.yaml\n",
)
FACE = """\
game: shaped
kind: layout
background: "#ff0000"
elements:
  - {type: text, text: "{{ name }}", x: %s, y: 12mm, width: %s, height: 6mm, size: 8}
"""
BACK = "game: shaped\nkind: layout\nbackground: '#0000ff'\n"


def _game(tmp_path: Path, shape: str = "round", x: str = "8mm", width: str = "14mm") -> Path:
    files = {
        "game.yaml": GAME % shape,
        "face.yaml": FACE % (x, width),
        "back.yaml": BACK,
        "cards.csv": "name\nGold\n",
        "kit.yaml": "game: shaped\nkind: kit\nname: Shaped\ncomponents: [cards]\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _card(tmp_path: Path, shape: str, *, back: bool = False) -> object:
    """One side of the card, drawn at 30 x 30 mm with a 3 mm bleed, as an image of
    36 x 36 mm at 4 px a point."""
    design = load_design("shaped", str(_game(tmp_path, shape)))
    assert design.ok, design.findings
    view = design.views[0]
    out = io.BytesIO()
    bleed = 3 * MM
    size = Size(30 * MM, 30 * MM)
    c = KitCanvas(out, pagesize=(36 * MM, 36 * MM), invariant=1)
    c.translate(bleed, bleed)
    card = view.cards[0]
    pick = view.back if back else view.face
    assert pick is not None
    Artist(view, size, bleed).paint(c, card, pick.of(card.values), back=back)
    c.showPage()
    c.save()
    return pdfium.PdfDocument(out.getvalue())[0].render(scale=4).to_pil().convert("RGB")


def _px(image: object, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The pixel x mm from the drawing's left, y mm from its top (the bleed's edge)."""
    found: tuple[int, int, int] = image.getpixel((round(x_mm * MM * 4), round(y_mm * MM * 4)))  # type: ignore[attr-defined]
    return found


def test_a_round_card_is_drawn_inside_its_circle_and_bleed(tmp_path: Path) -> None:
    image = _card(tmp_path, "round")
    assert _px(image, 18, 18)[0] > 240  # (the middle: red)
    assert _px(image, 18, 1)[0] > 240  # (in the bleed, beyond the cut, on the circle's line)
    assert _px(image, 2, 2) == (255, 255, 255)  # (the box's corner: outside the circle)


def test_a_back_is_cut_to_its_shape_seen_from_the_back(tmp_path: Path) -> None:
    """A right-angled triangle, its right angle at the top-left: its back's at the top-right."""
    triangle = "path M 0 0 L 10 0 L 0 10 Z"
    front, back = _card(tmp_path, triangle), _card(tmp_path, triangle, back=True)
    assert _px(front, 6, 6)[0] > 240 and _px(front, 32, 30) == (255, 255, 255)
    assert _px(back, 30, 6)[2] > 240 and _px(back, 4, 30) == (255, 255, 255)


def test_a_sheet_draws_each_fronts_cut_line_and_the_cut_file_cuts_the_shape(
    tmp_path: Path,
) -> None:
    from kitgen.entry import main

    game = _game(tmp_path, "round")
    out = tmp_path / "out"
    kit = str(game / "kit.yaml")
    status, _, err = run_in_process(main, "build", kit, "-o", str(out), "--cut", "silhouette")
    assert status == 0, err
    svg = (out / "shaped" / "shaped-tokens-cards-cut.svg").read_text(encoding="utf-8")
    paths = re.findall(r'<path id="card-r\d+-c\d+" d="([^"]+)"', svg)
    assert paths and all(d.startswith("M ") and d.count(" C ") == 4 for d in paths)
    assert '<rect id="card-' not in svg
    status, _, err = run_in_process(main, "build", kit, "-o", str(tmp_path / "marks"))
    assert status == 0, err
    pdf = (tmp_path / "marks" / "shaped" / "shaped-tokens-cards.pdf").read_bytes()
    # The front page strokes each card's circle, a hairline of 4 curves; the back none.
    streams = [_inflate(m) for m in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S)]
    circles = [s for s in streams if re.search(rb"\.25 w\n?(?:[^S]*? c ){4}[^S]*?S", s)]
    assert len(circles) == 1  # (the fronts' page: its one card's cut line)


def _inflate(data: bytes) -> bytes:
    import zlib

    try:
        return zlib.decompress(data)
    except zlib.error:
        return data


def test_text_must_lie_inside_a_cards_shape(tmp_path: Path) -> None:
    """A label along the top of a round token's box: inside the box, outside the circle."""
    design = load_design("shaped", str(_game(tmp_path, "round")))
    assert check_drawn(design, None) == []
    (tmp_path / "face.yaml").write_text(
        FACE.replace("y: 12mm", "y: 1mm") % ("1mm", "28mm"), encoding="utf-8"
    )
    design = load_design("shaped", str(tmp_path))
    assert "text-clipped" in [f.code for f in check_drawn(design, None)]
    (tmp_path / "face.yaml").write_text(
        FACE.replace("y: 12mm", "y: 3.5mm") % ("9mm", "12mm"), encoding="utf-8"
    )
    design = load_design("shaped", str(tmp_path))
    assert [f.code for f in check_drawn(design, None)] == ["outside-safe"]


def test_a_bad_shape_is_a_finding_at_its_line(tmp_path: Path) -> None:
    design = load_design("shaped", str(_game(tmp_path, "oval")))
    found = [(f.code, f.location.line if f.location else 0) for f in design.findings]
    assert ("invalid-value", 13) in found, found
    layout = "game: shaped\nkind: layout\nshape: hexagonal\n"
    (tmp_path / "back.yaml").write_text(layout, encoding="utf-8")
    (tmp_path / "game.yaml").write_text(GAME % "round", encoding="utf-8")
    design = load_design("shaped", str(tmp_path))
    found = [(f.code, f.location.line if f.location else 0) for f in design.findings]
    assert ("invalid-value", 3) in found, found
