"""Paint: linear and radial gradients (a shape's fill, a card's background), opacity
(any element's, a shape's fill's and outline's), a text's outline and drop shadow, and
an image tinted by multiplying. Each read back from the PDF: its operators and shadings,
and its pixels at known points; each bad value a finding at its line."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import designed_game
from PIL import Image

from kitgen.games.designed.draw import Artist, check_drawn, mean_colour
from kitgen.games.designed.load import load_design
from kitgen.games.designed.props import PropError, paint_value
from kitgen.layout.geometry import Size
from kitgen.layout.units import MM
from kitgen.render.pdf import KitCanvas

CARD = Size(63 * MM, 88 * MM)
SCALE = 3
GAME = designed_game("painted", "  name: {type: text}\n")


def _game(tmp_path: Path, elements: str, background: str = '"#000000"') -> Path:
    face = f"game: painted\nkind: layout\nbackground: {background}\nelements:\n{elements}"
    files = {"game.yaml": GAME, "face.yaml": face, "cards.csv": "name\nAlpha\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _pdf(
    tmp_path: Path, elements: str, background: str = '"#000000"', ink: str = "normal"
) -> bytes:
    design = load_design("painted", str(_game(tmp_path, elements, background)))
    assert design.ok, design.findings
    assert design.face is not None
    out = io.BytesIO()
    c = KitCanvas(out, pagesize=(CARD.width, CARD.height), invariant=1, pageCompression=0)
    card = design.cards[0]
    Artist(design, CARD, 0.0, ink).paint(c, card, design.face.of(card.values))  # type: ignore[arg-type]
    c.showPage()
    c.save()
    return out.getvalue()


def _image(pdf: bytes) -> Image.Image:
    return pdfium.PdfDocument(pdf)[0].render(scale=SCALE).to_pil().convert("RGB")


def _at(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The pixel x mm from the card's left, y mm from its top."""
    found: tuple[int, int, int] = image.getpixel(
        (round(x_mm * MM * SCALE), round(y_mm * MM * SCALE))
    )
    return found


def _pixels(
    image: Image.Image, x0: float, y0: float, x1: float, y1: float
) -> list[tuple[int, int, int]]:
    """Every other pixel of a box (mm from the card's top-left corner)."""
    step = 2
    return [
        image.getpixel((x, y))
        for x in range(round(x0 * MM * SCALE), round(x1 * MM * SCALE), step)
        for y in range(round(y0 * MM * SCALE), round(y1 * MM * SCALE), step)
    ]


def _near(found: tuple[int, int, int], want: tuple[int, int, int], slack: int = 14) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(found, want, strict=True))


# -- gradients ---------------------------------------------------------------------------


def test_a_linear_gradient_runs_towards_its_angle_clockwise_from_the_top(
    tmp_path: Path,
) -> None:
    rect = (
        "  - {type: rect, x: 10mm, y: 10mm, width: 40mm, height: 20mm, "
        'fill: "linear(90, #ff0000, #0000ff)"}\n'
    )
    pdf = _pdf(tmp_path, rect)
    assert re.search(rb"/Sh\d+ sh", pdf) and b"/ShadingType 2" in pdf
    image = _image(pdf)
    left, middle, right = _at(image, 11, 20), _at(image, 30, 20), _at(image, 49, 20)
    assert left[0] > 230 and left[2] < 30  # (red at the left edge)
    assert right[2] > 230 and right[0] < 30  # (blue at the right)
    assert 90 < middle[0] < 170 and 90 < middle[2] < 170  # (half way between)
    assert _at(image, 5, 20) == (0, 0, 0)  # (the clip: nothing painted past the rect)


def test_a_gradient_of_180_degrees_runs_down_and_fills_the_shape_alone(tmp_path: Path) -> None:
    disc = (
        "  - {type: ellipse, x: 10mm, y: 10mm, width: 40mm, height: 40mm, "
        'fill: "linear(180, #ffffff, #000000)"}\n'
    )
    image = _image(_pdf(tmp_path, disc))
    top, bottom = _at(image, 30, 12), _at(image, 30, 48)
    assert sum(top) > 3 * 200 and sum(bottom) < 3 * 60
    assert _at(image, 11, 11) == (0, 0, 0)  # (the box's corner lies outside the disc)


def test_a_radial_gradient_runs_from_the_middle_out(tmp_path: Path) -> None:
    rect = (
        "  - {type: rect, x: 10mm, y: 10mm, width: 40mm, height: 40mm, "
        'fill: "radial(#ffffff, #ff0000)"}\n'
    )
    pdf = _pdf(tmp_path, rect)
    assert b"/ShadingType 3" in pdf
    image = _image(pdf)
    assert _near(_at(image, 30, 30), (255, 255, 255), 20)
    corner = _at(image, 10.5, 10.5)
    assert corner[0] > 230 and corner[1] < 40


def test_stops_place_the_colours(tmp_path: Path) -> None:
    """`#ffffff 0%, #ffffff 50%, #000000 100%`: white to the middle, then darker."""
    rect = (
        "  - {type: rect, x: 0, y: 0, width: 100%, height: 100%, "
        'fill: "linear(90, #fff, #fff 50%, #000)"}\n'
    )
    image = _image(_pdf(tmp_path, rect))
    assert _near(_at(image, 20, 40), (255, 255, 255), 3)
    assert sum(_at(image, 55, 40)) < 3 * 90


def test_a_gradient_background_fills_the_bleed(tmp_path: Path) -> None:
    image = _image(_pdf(tmp_path, "  []\n", '"linear(180, #ff0000, #0000ff)"'))
    assert _at(image, 30, 1)[0] > 220 and _at(image, 30, 87)[2] > 220


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("linear(180, #f6d365, #fda085)", "linear(180, #f6d365 0%, #fda085 100%)"),
        (
            "LINEAR(90deg, #FFF, #000 40%, #f00)",
            "linear(90, #ffffff 0%, #000000 40%, #ff0000 100%)",
        ),
        ("radial(#fff, #888, #000)", "radial(#ffffff 0%, #888888 50%, #000000 100%)"),
        ("#c00", "#cc0000"),
    ],
)
def test_a_paint_is_read_into_one_way_of_writing_it(written: str, meant: str) -> None:
    assert paint_value(written, "fill") == meant


@pytest.mark.parametrize(
    "written",
    [
        "linear(400, #fff, #000)",
        "linear(#fff, #000)",
        "radial(#fff)",
        "radial(#fff 60%, #000 40%)",
        "radial(#fff, none)",
        "radial(#fff 150%, #000)",
        "linear(90, #fff 10, #000)",
        "conic(#fff, #000)",
    ],
)
def test_a_bad_gradient_is_refused(written: str) -> None:
    with pytest.raises(PropError):
        paint_value(written, "fill")


def test_the_low_ink_edition_reads_a_gradient_background_as_its_colours_mixed(
    tmp_path: Path,
) -> None:
    """White text on a dark gradient: the low-ink edition leaves the background out
    and prints the text dark, as it would on the gradient's mixed colour."""
    assert mean_colour("linear(180, #000000 0%, #202020 100%)") == "#101010"
    text = (
        '  - {type: text, text: "WORD", x: 5mm, y: 5mm, width: 50mm, '
        'height: 20mm, size: 30, bold: true, colour: "#ffffff"}\n'
    )
    pdf = _pdf(tmp_path, text, '"linear(180, #000000, #202020)"', ink="low")
    image = _image(pdf)
    inked = min(_pixels(image, 5, 5, 55, 25), key=sum)
    assert sum(inked) < 3 * 80  # (printed dark on the paper)
    assert not re.search(rb"/Sh\d+ sh", pdf)  # (the background left out)


# -- opacity -----------------------------------------------------------------------------


def test_opacity_lets_what_lies_under_an_element_show_through(tmp_path: Path) -> None:
    """White at 50% over black is mid-grey; the fill's ExtGState says so."""
    rect = (
        "  - {type: rect, x: 10mm, y: 10mm, width: 40mm, height: 40mm, "
        "fill: '#ffffff', opacity: 0.5}\n"
    )
    pdf = _pdf(tmp_path, rect)
    assert re.search(rb"/ca \.5\b", pdf)
    assert _near(_at(_image(pdf), 30, 30), (128, 128, 128), 6)


def test_fill_and_outline_opacity_are_each_their_own(tmp_path: Path) -> None:
    rect = (
        "  - {type: rect, x: 10mm, y: 10mm, width: 40mm, height: 40mm, fill: '#ffffff', "
        "fill_opacity: 25%, stroke: '#ffffff', stroke_width: 3mm}\n"
    )
    image = _image(_pdf(tmp_path, rect))
    assert _near(_at(image, 30, 30), (64, 64, 64), 6)  # (the fill, a quarter)
    assert _near(_at(image, 10, 30), (255, 255, 255), 6)  # (the outline, solid)


def test_opacity_is_multiplied_and_holds_for_text_and_its_spans(tmp_path: Path) -> None:
    text = (
        "  - {type: text, text: 'IIII {#ffffff}IIII{/}', x: 5mm, y: 5mm, width: 55mm, "
        "height: 30mm, size: 60, bold: true, colour: '#ffffff', opacity: 0.5}\n"
    )
    image = _image(_pdf(tmp_path, text))
    inked = max(_pixels(image, 5, 5, 60, 35), key=sum)
    assert _near(inked, (128, 128, 128), 8)  # (no letter, span or not, prints whiter)


def test_a_see_through_rect_is_no_backdrop_to_the_overlap_check(tmp_path: Path) -> None:
    """A filled rect drawn over text hides it: `text-overlap`, unless it is see-through."""
    layout = (
        "  - {type: text, text: 'Hidden text', x: 5mm, y: 5mm, width: 50mm, height: 10mm, "
        "size: 12}\n"
        "  - {type: rect, x: 5mm, y: 5mm, width: 50mm, height: 10mm, fill: '#ffffff'%s}\n"
    )
    design = load_design("painted", str(_game(tmp_path, layout % "")))
    assert [f.code for f in check_drawn(design, None)] == ["text-overlap"]
    design = load_design("painted", str(_game(tmp_path, layout % ", opacity: 0.3")))
    assert check_drawn(design, None) == []


# -- a text's outline and shadow ---------------------------------------------------------


def test_an_outline_is_the_letters_edges_stroked_under_them(tmp_path: Path) -> None:
    text = (
        "  - {type: text, text: 'O', x: 5mm, y: 5mm, width: 50mm, height: 40mm, size: 90, "
        "colour: '#ffffff', outline: '#ff0000', outline_width: 1mm}\n"
    )
    pdf = _pdf(tmp_path, text)
    content = pdf.decode("latin-1")
    stroke = content.index("1 Tr")
    # Red set for the stroke, then the letter stroked, then the letter filled over it.
    assert content.rindex("1 0 0 RG", 0, stroke) < stroke < content.index("(O) Tj", stroke)
    assert content.count("(O) Tj") == 2
    width = float(re.findall(r"([\d.]+) w\b", content[:stroke])[-1])
    assert width == pytest.approx(2 * MM, abs=0.01)  # (twice: half of it under the letter)
    image = _image(pdf)
    row = [image.getpixel((x, round(25 * MM * SCALE))) for x in range(image.width)]
    reds = [x for x, p in enumerate(row) if p[0] > 200 and p[1] < 60]
    whites = [x for x, p in enumerate(row) if min(p) > 220]
    assert reds and whites
    assert min(reds) < min(whites)  # (the red edge outside the white letter)


def test_a_shadow_is_the_text_again_offset_right_and_down(tmp_path: Path) -> None:
    text = (
        "  - {type: text, text: 'Shade :x:', x: 5mm, y: 5mm, width: 50mm, height: 20mm, "
        "size: 20, colour: '#ffffff', shadow: '#00ff00', shadow_offset: 1mm 2mm}\n"
    )
    pdf = _pdf(tmp_path, text, '"#000000"').decode("latin-1")
    origins = re.findall(r"1 0 0 1 ([\d.]+) ([\d.]+) Tm \S+ 20 Tf", pdf)
    (sx, sy), (tx, ty) = ((float(a), float(b)) for a, b in origins[:2])
    assert sx - tx == pytest.approx(MM, abs=0.01) and ty - sy == pytest.approx(2 * MM, abs=0.01)
    assert pdf.index("0 1 0 rg") < pdf.index("1 1 1 rg")  # (the shadow first, under)


# -- an image tinted ---------------------------------------------------------------------


def test_a_tinted_image_keeps_its_light_and_shade(tmp_path: Path) -> None:
    art = Image.new("RGB", (200, 100), (255, 255, 255))
    art.paste((0, 0, 0), (100, 0, 200, 100))  # (white at the left, black at the right)
    art.save(tmp_path / "art.png")
    image_el = (
        "  - {type: image, src: art.png, x: 10mm, y: 10mm, width: 40mm, "
        "height: 20mm, fit: fill, tint: '#ff8000'}\n"
    )
    image = _image(_pdf(tmp_path, image_el, '"#ffffff"'))
    assert _near(_at(image, 20, 20), (255, 128, 0), 8)  # (white takes the tint)
    assert _near(_at(image, 40, 20), (0, 0, 0), 8)  # (black stays black)


# -- bad values --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "element",
    [
        "{type: rect, fill: 'linear(90, #fff)'}",
        "{type: rect, fill: '#fff', opacity: 1.5}",
        "{type: rect, fill: '#fff', fill_opacity: half}",
        "{type: line, stroke_opacity: -1}",
        "{type: text, text: a, outline: reddish}",
        "{type: text, text: a, outline_width: thick}",
        "{type: text, text: a, shadow: '#000', shadow_offset: 1mm}",
        "{type: text, text: a, shadow: '#000', shadow_offset: 5cm 1mm}",
        "{type: image, src: art.png, tint: orange}",
    ],
)
def test_a_bad_paint_is_a_finding_at_its_line(tmp_path: Path, element: str) -> None:
    design = load_design("painted", str(_game(tmp_path, f"  - {element}\n")))
    found = [f for f in design.findings if f.code == "invalid-value"]
    assert found, design.findings
    assert found[0].location is not None and found[0].location.line == 5


@pytest.mark.parametrize(
    "element",
    ["{type: line, fill_opacity: 0.5}", "{type: image, src: a.png, outline: '#000'}"],
)
def test_a_paint_an_element_cannot_take_is_a_finding(tmp_path: Path, element: str) -> None:
    design = load_design("painted", str(_game(tmp_path, f"  - {element}\n")))
    assert [f.code for f in design.findings] == ["invalid-value"]
    assert "has no `" in design.findings[0].message


def test_a_shadow_past_the_cut_line_is_text_clipped(tmp_path: Path) -> None:
    """Letters inside the card whose shadow falls past its cut print cut off."""
    text = (
        "  - {type: text, text: 'EDGE', x: 3mm, y: 80mm, width: 57mm, height: 7.5mm, "
        "size: 12, valign: bottom%s}\n"
    )
    design = load_design("painted", str(_game(tmp_path, text % "")))
    assert "text-clipped" not in [f.code for f in check_drawn(design, None)]
    shadowed = text % ", shadow: '#000000', shadow_offset: 0 3mm"
    design = load_design("painted", str(_game(tmp_path, shadowed)))
    assert "text-clipped" in [f.code for f in check_drawn(design, None)]
