"""Groups, `z:` and components: elements grouped in a box of their own (moved, turned,
cut to a shape, made see-through and shown by one `when:`), drawn in an order of
their own (`z:`), and a layout placed in another as a component with parameters (a
cost badge used by several layouts). Each read back from the PDF's pixels and text;
each mistake a finding at its line."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import designed_game
from PIL import Image

from kitgen.games.designed.draw import Artist, check_drawn
from kitgen.games.designed.load import load_design
from kitgen.layout.geometry import Size
from kitgen.layout.units import MM
from kitgen.render.pdf import KitCanvas

CARD = Size(63 * MM, 88 * MM)
SCALE = 3
GAME = designed_game(
    "grouped",
    "  name: {type: text}\n  cost: {type: integer}\n"
    "  faction: {type: choice, values: [fire, water]}\n",
)
CARDS = "name,cost,faction\nEmber Fox,3,fire\nTide Crab,5,water\n"
BADGE = """\
kind: layout
params: {value: "0", ring: "#000000", label: COST}
elements:
  - {type: ellipse, fill: "{{ ring }}"}
  - {type: ellipse, x: 10%, y: 10%, width: 80%, height: 80%, fill: "#ffffff"}
  - {type: text, text: "{{ value }} {{ label }}", y: 20%, height: 60%, size: 6,
     align: centre, valign: middle}
"""


def _game(tmp_path: Path, elements: str, extra: dict[str, str] | None = None) -> Path:
    face = f"game: grouped\nkind: layout\nbackground: '#000000'\nelements:\n{elements}"
    files = {"game.yaml": GAME, "face.yaml": face, "cards.csv": CARDS, "badge.yaml": BADGE}
    for name, text in {**files, **(extra or {})}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _pages(tmp_path: Path, elements: str, extra: dict[str, str] | None = None) -> bytes:
    """Every card's face, a page each."""
    design = load_design("grouped", str(_game(tmp_path, elements, extra)))
    assert design.ok, design.findings
    assert design.face is not None
    out = io.BytesIO()
    c = KitCanvas(out, pagesize=(CARD.width, CARD.height), invariant=1)
    artist = Artist(design, CARD, 0.0)
    for card in design.cards:
        artist.paint(c, card, design.face.of(card.values))
        c.showPage()
    c.save()
    return out.getvalue()


def _image(pdf: bytes, page: int = 0) -> Image.Image:
    return pdfium.PdfDocument(pdf)[page].render(scale=SCALE).to_pil().convert("RGB")


def _at(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    found: tuple[int, int, int] = image.getpixel(
        (round(x_mm * MM * SCALE), round(y_mm * MM * SCALE))
    )
    return found


def _text(pdf: bytes, page: int = 0) -> str:
    found = pdfium.PdfDocument(pdf)[page].get_textpage().get_text_range()
    return " ".join(found.split())


WHITE, BLACK, RED = (255, 255, 255), (0, 0, 0), (255, 0, 0)


def _near(found: tuple[int, int, int], want: tuple[int, int, int], slack: int = 12) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(found, want, strict=True))


# -- groups --------------------------------------------------------------------------


GROUP = """\
  - type: group
    x: 10mm
    y: 10mm
    width: 40mm
    height: 20mm%s
    elements:
      - {type: rect, x: 50%%, width: 50%%, fill: "#ffffff"}
"""


def test_a_groups_elements_lie_in_its_box(tmp_path: Path) -> None:
    """`x: 50%, width: 50%` of the group's 40 mm: 30 to 50 mm across the card."""
    image = _image(_pages(tmp_path, GROUP % ""))
    assert _near(_at(image, 40, 20), WHITE) and _near(_at(image, 49, 29), WHITE)
    assert _near(_at(image, 25, 20), BLACK)  # (the group's left half: nothing)
    assert _near(_at(image, 40, 35), BLACK)  # (below the group's box)


def test_one_when_shows_or_hides_a_whole_group(tmp_path: Path) -> None:
    pdf = _pages(tmp_path, GROUP % "\n    when: {faction: water}")
    assert _near(_at(_image(pdf, 0), 40, 20), BLACK)  # (a fire card: not drawn)
    assert _near(_at(_image(pdf, 1), 40, 20), WHITE)


def test_a_group_turns_its_elements_about_its_pivot(tmp_path: Path) -> None:
    """Turned 180 degrees about its middle, the right half's rect lies in its left half."""
    image = _image(_pages(tmp_path, GROUP % "\n    rotate: 180"))
    assert _near(_at(image, 20, 20), WHITE)
    assert _near(_at(image, 40, 20), BLACK)


def test_a_group_is_cut_to_its_clip(tmp_path: Path) -> None:
    elements = """\
  - type: group
    x: 10mm
    y: 10mm
    width: 40mm
    height: 40mm
    clip: ellipse
    elements:
      - {type: rect, fill: "#ffffff"}
"""
    image = _image(_pages(tmp_path, elements))
    assert _near(_at(image, 30, 30), WHITE)  # (the middle)
    assert _near(_at(image, 11, 11), BLACK)  # (the box's corner: outside the ellipse)


def test_a_groups_opacity_is_each_of_its_elements(tmp_path: Path) -> None:
    image = _image(_pages(tmp_path, GROUP % "\n    opacity: 0.5"))
    assert _near(_at(image, 40, 20), (128, 128, 128), 6)


def test_a_group_placed_by_a_mapping_moves_on_each_card(tmp_path: Path) -> None:
    """What the group draws is the same on every card (a form), but where it lies is
    the faction's: each card draws it in its own place."""
    elements = (GROUP % "").replace("x: 10mm", 'x: {faction: {fire: "0mm", water: "20mm"}}')
    pdf = _pages(tmp_path, elements)
    fire, water = _image(pdf, 0), _image(pdf, 1)
    assert _near(_at(fire, 30, 20), WHITE) and _near(_at(fire, 50, 20), BLACK)
    assert _near(_at(water, 50, 20), WHITE) and _near(_at(water, 30, 20), BLACK)


def test_z_orders_what_is_drawn_over_what(tmp_path: Path) -> None:
    """Written white then red, the same box: red shows; with `z: 1` on the white, white
    does. A group's elements are ordered among themselves, and the group among its
    neighbours as one."""
    two = (
        "  - {type: rect, x: 10mm, y: 10mm, width: 20mm, height: 20mm, fill: '#ffffff'%s}\n"
        "  - {type: rect, x: 10mm, y: 10mm, width: 20mm, height: 20mm, fill: '#ff0000'}\n"
    )
    assert _near(_at(_image(_pages(tmp_path, two % "")), 20, 20), RED)
    assert _near(_at(_image(_pages(tmp_path, two % ", z: 1")), 20, 20), WHITE)
    grouped = (
        "  - type: group\n    z: 2\n    elements:\n"
        "      - {type: rect, x: 10mm, y: 10mm, width: 20mm, height: 20mm, fill: '#ffffff', z: 1}\n"
        "      - {type: rect, x: 10mm, y: 10mm, width: 20mm, height: 20mm, fill: '#00ff00'}\n"
        "  - {type: rect, x: 10mm, y: 10mm, width: 30mm, height: 30mm, fill: '#ff0000', z: 1}\n"
    )
    image = _image(_pages(tmp_path, grouped))
    assert _near(_at(image, 20, 20), WHITE)  # (the group over the red; in it, white on top)
    assert _near(_at(image, 35, 35), RED)


def test_text_in_a_group_is_checked_where_the_group_puts_it(tmp_path: Path) -> None:
    """A text whose own box lies on the card, in a group that puts it past the cut."""
    elements = """\
  - type: group
    x: 50mm
    y: 10mm
    width: 30mm
    height: 20mm
    elements:
      - {type: text, text: "Past the edge", width: 25mm, height: 8mm, size: 10, min_size: 10}
"""
    design = load_design("grouped", str(_game(tmp_path, elements)))
    assert design.ok, design.findings
    assert "text-clipped" in [f.code for f in check_drawn(design, None)]


def test_a_layout_changes_an_inherited_group_by_its_name(tmp_path: Path) -> None:
    base = "kind: layout\nbackground: '#000000'\nelements:\n" + (GROUP % "\n    name: art")
    face = "game: grouped\nkind: layout\nextends: base.yaml\nelements:\n  - {name: art, x: 0mm}\n"
    image = _image(_pages(tmp_path, "", {"base.yaml": base, "face.yaml": face}))
    assert _near(_at(image, 30, 20), WHITE) and _near(_at(image, 45, 20), BLACK)


# -- components ----------------------------------------------------------------------


def test_a_component_is_drawn_with_its_parameters(tmp_path: Path) -> None:
    """Its parameters from a field, an expression, a mapping of a field, and its own
    values where none is given."""
    elements = (
        "  - {type: component, layout: badge.yaml, x: 5mm, y: 5mm, width: 20mm, height: 20mm,\n"
        '     params: {value: "{{ cost }}",\n'
        '              ring: {faction: {fire: "#ff0000", water: "#0000ff"}}}}\n'
        "  - {type: component, layout: badge.yaml, x: 35mm, y: 5mm, width: 20mm, height: 20mm,\n"
        '     params: {value: "{{ cost * 2 }}", label: VP}}\n'
    )
    pdf = _pages(tmp_path, elements)
    assert _text(pdf, 0) == "3 COST 6 VP"
    assert _text(pdf, 1) == "5 COST 10 VP"
    assert _near(_at(_image(pdf, 0), 6, 15), RED)  # (the ring: the faction's colour)
    assert _near(_at(_image(pdf, 1), 6, 15), (0, 0, 255))
    assert _near(_at(_image(pdf, 0), 36, 15), BLACK)  # (its own ring colour: black)
    assert _near(_at(_image(pdf, 0), 45, 10), WHITE)  # (its own elements, in its box)


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ("{valeu: 3}", "unknown-key"),
        ('{value: "{{ power }}"}', "unknown-key"),
        ('{ring: {faction: {fire: "#ff0000"}}}', "missing-key"),
    ],
)
def test_a_bad_parameter_is_a_finding_at_its_line(tmp_path: Path, params: str, code: str) -> None:
    elements = f"  - {{type: component, layout: badge.yaml,\n     params: {params}}}\n"
    design = load_design("grouped", str(_game(tmp_path, elements)))
    found = [(f.code, f.location.line if f.location else 0) for f in design.findings]
    assert (code, 6) in found, found


def test_a_parameter_named_as_a_field_is_refused(tmp_path: Path) -> None:
    badge = BADGE.replace('params: {value: "0",', 'params: {cost: "0", value: "0",')
    elements = "  - {type: component, layout: badge.yaml}\n"
    design = load_design("grouped", str(_game(tmp_path, elements, {"badge.yaml": badge})))
    found = [
        (f.code, f.location.path.endswith("badge.yaml")) for f in design.findings if f.location
    ]
    assert ("invalid-value", True) in found


def test_components_that_place_each_other_in_a_circle_are_a_finding(tmp_path: Path) -> None:
    loop = "kind: layout\nelements:\n  - {type: component, layout: loop.yaml}\n"
    elements = "  - {type: component, layout: loop.yaml}\n"
    design = load_design("grouped", str(_game(tmp_path, elements, {"loop.yaml": loop})))
    assert any("in a circle" in f.message for f in design.findings), design.findings


def test_a_missing_component_file_is_uses_not_found(tmp_path: Path) -> None:
    design = load_design(
        "grouped", str(_game(tmp_path, "  - {type: component, layout: no.yaml}\n"))
    )
    assert [f.code for f in design.findings] == ["uses-not-found"]


def test_groups_lie_eight_deep_at_most(tmp_path: Path) -> None:
    inner = "{type: rect}"
    for _ in range(9):
        inner = f"{{type: group, elements: [{inner}]}}"
    design = load_design("grouped", str(_game(tmp_path, f"  - {inner}\n")))
    assert "too-many-values" in [f.code for f in design.findings]
