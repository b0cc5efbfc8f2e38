"""A designed game's card sheets draw what no template sets (the background, a frame, a
band coloured by a mapping, fixed text and icons) once a PDF as forms, named on each
card: the cards print the same pixels as when every card draws everything itself."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from kitgen.games.designed import draw as designed_draw
from kitgen.games.designed.draw import Artist
from kitgen.games.designed.load import load_design
from kitgen.layout.geometry import Size
from kitgen.layout.units import MM
from kitgen.render import forms

EMBERWAKE = Path(__file__).resolve().parent.parent / "data" / "examples" / "emberwake"
CARD = Size(63 * MM, 88 * MM)
BLEED = 3 * MM

GAME = """\
game: formed
kind: game
title: Formed
players: {min: 2, max: 2}
playing_time: 10 minutes
summary: A game for testing.
fields:
  name: {type: text, max_length: 40}
  faction: {type: choice, values: [red, blue, green]}
  rules: {type: text}
cards: cards.csv
face: face.yaml
back: back.yaml
icons:
  bolt: bolt.svg
"""
FACE = """\
game: formed
kind: layout
background: {faction: {red: "#f4e4e0", blue: "#e0e8f4", green: "#e4f4e0"}}
elements:
  - {type: rect, x: 2mm, y: 2mm, width: 59mm, height: 84mm, radius: 2mm, stroke: "#000000"}
  - type: rect
    x: 2mm
    y: 2mm
    width: 59mm
    height: 10mm
    fill: {faction: {red: "#b03a2e", blue: "#2e5cb0", green: "#2e8b57"}}
  - {type: text, text: "{{ name }}", x: 5mm, y: 3mm, width: 45mm, height: 8mm, size: 12,
     bold: true, colour: "#ffffff", valign: middle}
  - {type: icon, icon: bolt, x: 5mm, y: 5mm, width: 6mm, height: 6mm, anchor: top-right}
  - {type: text, text: "FIXED :bolt: TITLE", x: 5mm, y: 14mm, width: 53mm, height: 8mm,
     size: 11, align: centre, when: {faction: [red, blue]}}
  - {type: ellipse, x: 5mm, y: 5mm, width: 8mm, height: 8mm, anchor: bottom-left,
     fill: "#3b3b3b"}
  - {type: text, text: "{{ rules }}", x: 5mm, y: 55mm, width: 53mm, height: 28mm, size: 10,
     min_size: 6, align: centre, valign: middle}
"""
BACK = """\
game: formed
kind: layout
background: "#33264d"
elements:
  - {type: text, text: FORMED, y: 0, height: 100%, size: 20, bold: true, colour: "#ffffff",
     align: centre, valign: middle}
"""
BOLT = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">'
    '<path d="M6 0 L1 6 L5 6 L4 10 L9 4 L5 4 Z" fill="#000000"/></svg>\n'
)


@pytest.fixture
def formed(tmp_path: Path) -> Path:
    rows = ["name,faction,rules"]
    for i in range(9):
        faction = ("red", "blue", "green")[i % 3]
        rows.append(f"Card {i},{faction},**Strike:** deal {i} :bolt: and draw.")
    files = {
        "game.yaml": GAME,
        "face.yaml": FACE,
        "back.yaml": BACK,
        "bolt.svg": BOLT,
        "cards.csv": "\n".join(rows) + "\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _sheet(folder: Path, game_id: str, ink: str = "normal") -> tuple[bytes, list[Image.Image]]:
    """Every card of the game, face and back, each on its own page."""
    design = load_design(game_id, str(folder))
    assert design.ok, design.findings
    artist = Artist(design, CARD, BLEED, ink)  # type: ignore[arg-type]
    out = io.BytesIO()
    c = Canvas(out, pagesize=(CARD.width + 2 * BLEED, CARD.height + 2 * BLEED))
    for card in design.cards:
        for pick in (design.face, design.back):
            assert pick is not None
            c.translate(BLEED, BLEED)
            artist.paint(c, card, pick.of(card.values))
            c.showPage()
    c.save()
    data = out.getvalue()
    pdf = pdfium.PdfDocument(data)
    return data, [pdf[i].render(scale=2).to_pil().convert("RGB") for i in range(len(pdf))]


def _in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forms off: each drawing drawn where it is named."""

    def draw(c: Canvas, key: Any, box: Any, draw: Any) -> None:
        del key, box
        draw(c)

    monkeypatch.setattr(forms, "draw_once", draw)
    monkeypatch.setattr(designed_draw, "draw_once", draw)  # (its own name for it)


@pytest.mark.parametrize("ink", ["normal", "low"])
def test_fixed_elements_print_the_same_pixels_from_forms(
    formed: Path, monkeypatch: pytest.MonkeyPatch, ink: str
) -> None:
    data, formed_pages = _sheet(formed, "formed", ink)
    names = set(re.findall(rb"/(?:FormXob\.)?(kf\d+) Do", _contents(data)))
    # Per faction, the background, frame and band (one form); the icon, the fixed title
    # (shown on red and blue only) and the disc, one form with the title and one
    # without; the back, one form.
    assert len(names) == 3 + 2 + 1, names
    _in_place(monkeypatch)
    plain, plain_pages = _sheet(formed, "formed", ink)
    assert b"kf1" not in _contents(plain)
    for a, b in zip(formed_pages, plain_pages, strict=True):
        assert a.tobytes() == b.tobytes()


def test_emberwake_prints_the_same_pixels_from_forms(monkeypatch: pytest.MonkeyPatch) -> None:
    data, formed_pages = _sheet(EMBERWAKE, "emberwake")
    assert re.search(rb"kf\d+ Do", _contents(data))
    _in_place(monkeypatch)
    _, plain_pages = _sheet(EMBERWAKE, "emberwake")
    for a, b in zip(formed_pages, plain_pages, strict=True):
        assert a.tobytes() == b.tobytes()


def _contents(data: bytes) -> bytes:
    from pypdf import PdfReader

    out = b""
    for page in PdfReader(io.BytesIO(data)).pages:
        contents = page.get_contents()
        assert contents is not None
        out += contents.get_data()
    return out
