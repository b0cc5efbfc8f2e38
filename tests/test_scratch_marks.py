"""The mark on Scratch's reconstructed cards, and the play mat's header clearance."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops
from reportlab.pdfgen.canvas import Canvas

from kitgen.games.scratch.cards import FaceData, Geometry, draw_face, faces_of
from kitgen.games.scratch.load import official
from kitgen.layout.units import MM

RULES = Path(__file__).parent.parent / "data" / "scratch" / "rules.yaml"
W, H = 63 * MM, 88 * MM
SCALE = 4.0


def goblin() -> FaceData:
    pool = official().pool
    card = next(c for c in pool.cards.values() if c.name == "Goblin")
    assert card.reconstructed
    return faces_of([card], pool)[0].face


def face_pdf(face: FaceData) -> pdfium.PdfDocument:
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(W, H))
    draw_face(c, face, W, H, 0, "normal")
    c.showPage()
    c.save()
    return pdfium.PdfDocument(buffer.getvalue())


def mark_box() -> tuple[float, float, float, float]:
    """The corner the mark takes (points, y up): bottom right, inside the safe zone."""
    geo = Geometry(W, H)
    right, bottom = W - geo.safe, geo.safe
    return right - 5 * MM, bottom, right, bottom + 5 * MM


def test_the_reconstructed_mark_is_no_letter_in_a_circle() -> None:
    """A circled R reads as the registered-trademark sign: no letter is set in the mark's
    corner, yet the corner carries a mark that an ordinary card does not."""
    face = goblin()
    page = face_pdf(face)[0]
    text = page.get_textpage()
    x0, y0, x1, y1 = mark_box()
    for i in range(text.count_chars()):
        left, bottom, right, top = text.get_charbox(i)
        inside = left < x1 and right > x0 and bottom < y1 and top > y0
        assert not inside, f"{text.get_text_range(i, 1)!r} is set in the mark's corner"

    def corner(f: FaceData) -> Image.Image:
        image = face_pdf(f)[0].render(scale=SCALE, grayscale=True).to_pil().convert("L")
        px = [round(v * SCALE) for v in (x0, H - y1, x1, H - y0)]
        return image.crop((px[0], px[1], px[2], px[3]))

    marked, plain = corner(face), corner(dataclasses.replace(face, reconstructed=False))
    assert ImageChops.difference(marked, plain).getbbox() is not None
    dark = marked.point(lambda v: 255 if v < 100 else 0).histogram()[255]
    assert dark >= 40  # a solid mark, not a hairline, at 288 dpi


def test_the_booklet_explains_the_mark_the_cards_carry() -> None:
    rules = RULES.read_text(encoding="utf-8")
    assert "circled R" not in rules and "(R)" not in rules
    assert "**Dagger** (\u2020) in the bottom right corner" in rules
    assert "Cards marked \u2020 were reconstructed" in rules
