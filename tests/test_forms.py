"""kitgen/render/forms.py: a repeated drawing is held once a PDF, under a short name."""

from __future__ import annotations

import io
import re

import pypdfium2 as pdfium
from PIL import ImageChops
from reportlab.pdfgen.canvas import Canvas

from kitgen.render.forms import draw_once


def _disc(c: Canvas) -> None:
    c.setFillColorRGB(0.2, 0.4, 0.6)
    c.circle(50, 50, 20, stroke=0, fill=1)


def _square(c: Canvas) -> None:
    c.setFillColorRGB(0.6, 0.1, 0.1)
    c.rect(20, 20, 30, 30, stroke=0, fill=1)


def _pdf(pages: list[list[str]], formed: bool) -> bytes:
    out = io.BytesIO()
    c = Canvas(out, pagesize=(100, 100), invariant=1)
    drawings = {"disc": _disc, "square": _square}
    for page in pages:
        for name in page:
            if formed:
                draw_once(c, ("test", name), (0, 0, 100, 100), drawings[name])
            else:
                drawings[name](c)
        c.showPage()
    c.save()
    return out.getvalue()


def test_a_drawing_is_held_once_and_named_in_drawing_order() -> None:
    pages = [["square", "disc"], ["disc"], ["square", "disc"]]
    data = _pdf(pages, formed=True)
    forms = re.findall(rb"/Subtype /Form", data)
    assert len(forms) == 2  # two drawings, held once each however often drawn
    assert b"/FormXob.kf1 " in data and b"/FormXob.kf2 " in data
    assert b"/FormXob.kf3" not in data
    # The same input gives the same bytes.
    assert data == _pdf(pages, formed=True)


def test_a_drawing_held_once_prints_as_drawn_in_place() -> None:
    pages = [["square", "disc"], ["disc", "square"]]
    formed = pdfium.PdfDocument(_pdf(pages, formed=True))
    plain = pdfium.PdfDocument(_pdf(pages, formed=False))
    for i in range(len(pages)):
        a = formed[i].render(scale=4).to_pil().convert("RGB")
        b = plain[i].render(scale=4).to_pil().convert("RGB")
        # Identical apart from antialiasing at most a level or two on an edge pixel.
        _, high = ImageChops.difference(a, b).convert("L").getextrema()
        assert high <= 2  # type: ignore[operator]


def test_each_canvas_names_its_own_forms() -> None:
    first, second = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    draw_once(first, "a", (0, 0, 10, 10), _disc)
    draw_once(first, "b", (0, 0, 10, 10), _square)
    draw_once(second, "b", (0, 0, 10, 10), _square)  # its first form: kf1, not kf2
    assert second._formsinuse == ["kf1"]
    assert first._formsinuse == ["kf1", "kf2"]
