"""kitgen/render/textruns.py's draw_string writes the same bytes as reportlab's own
drawString."""

from __future__ import annotations

import io

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from kitgen.render import textruns as strings
from kitgen.render.fonts import BOLD, ITALIC, REGULAR, register_fonts
from kitgen.render.textruns import draw_string

register_fonts()

# Latin-1, the characters PDF strings escape, and enough others (Greek, arrows,
# typographic marks) that a font needs a second 256-character subset.
ALPHABET = st.sampled_from(
    list("abcXYZ 019()\\\r\n\t%\u00b7\u2013\u2014\u2026\u2018\u2019\u201c\u201d\u00e9\u00df\u00f8")
    + [chr(c) for c in range(0x391, 0x3C9)]
    + [chr(c) for c in range(0x2190, 0x21FF)]
    + [chr(c) for c in range(0x100, 0x17F)]
)
LINES = st.lists(
    st.tuples(
        st.text(ALPHABET, max_size=30),
        st.sampled_from(["left", "right", "centre"]),
        st.sampled_from([REGULAR, BOLD, ITALIC, "Helvetica"]),
        st.sampled_from([4.8, 7.8, 12.5, 21.0, 9.123456]),
        st.floats(-500, 500, allow_nan=False),
        st.floats(-500, 500, allow_nan=False),
    ),
    min_size=1,
    max_size=40,
)
DRAW = {"left": "drawString", "right": "drawRightString", "centre": "drawCentredString"}


def _pdf(lines: list[tuple[str, str, str, float, float, float]], fast: bool) -> bytes:
    out = io.BytesIO()
    c = Canvas(out, invariant=1)
    for text, align, font, size, x, y in lines:
        c.setFont(font, size)
        if fast:
            draw_string(c, x, y, text, align)  # type: ignore[arg-type]
        else:
            getattr(c, DRAW[align])(x, y, text)
    c.showPage()
    c.save()
    return out.getvalue()


@settings(max_examples=examples(150), deadline=None)
@given(LINES)
def test_the_same_bytes_as_reportlab(
    lines: list[tuple[str, str, str, float, float, float]],
) -> None:
    # Repeated lines too: the second time, the kept operators are used.
    assert _pdf(lines + lines, fast=True) == _pdf(lines + lines, fast=False)


def test_the_same_bytes_when_what_is_kept_starts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strings, "KEEP", 3)
    lines = [(f"line {i % 5} é Ω", "centre", BOLD, 7.8, 10.0 + i, 20.0) for i in range(30)]
    assert _pdf(lines, fast=True) == _pdf(lines, fast=False)
    c = Canvas(io.BytesIO())
    c.setFont(REGULAR, 8)
    for i in range(10):
        draw_string(c, 0, 0, f"text {i}")
    assert len(strings._KEPT[c]) <= 3


def test_a_canvas_keeps_its_own_encoding() -> None:
    # Subset codes belong to a document: a character's code in one PDF says nothing
    # of another, so two canvases drawing different text first still match reportlab.
    first = [("ΩΨ", "left", REGULAR, 8.0, 1.0, 1.0), ("ab", "left", REGULAR, 8.0, 1.0, 1.0)]
    second = [("ab", "left", REGULAR, 8.0, 1.0, 1.0), ("ΨΩ", "left", REGULAR, 8.0, 1.0, 1.0)]
    assert _pdf(first, fast=True) == _pdf(first, fast=False)
    assert _pdf(second, fast=True) == _pdf(second, fast=False)
