"""kitgen/render/textruns.py writes the same bytes as reportlab's own text object."""

from __future__ import annotations

import io

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from kitgen.render import textruns
from kitgen.render.fonts import BOLD, ITALIC, REGULAR, builtin_family, register_fonts
from kitgen.render.textruns import Run, _reportlab, draw_runs

register_fonts()
DEJAVU = builtin_family("sans").regular

# Latin-1, the characters PDF strings escape, and enough others (Greek, arrows,
# Latin Extended) that a font needs a second 256-character subset, also mid-run.
ALPHABET = st.sampled_from(
    list("abcXYZ  019()\\\r\n\t%\u00a0\u00b7\u2013\u2014\u2026")
    + list("\u2018\u2019\u201c\u201d\u00e9\u00df\u00f8")
    + [chr(c) for c in range(0x391, 0x3C9)]
    + [chr(c) for c in range(0x2190, 0x21FF)]
    + [chr(c) for c in range(0x100, 0x17F)]
)
ORIGINS = st.one_of(
    st.none(),
    st.tuples(st.floats(-500, 500, allow_nan=False), st.floats(-500, 500, allow_nan=False)),
)
RUNS = st.lists(
    st.tuples(
        ORIGINS,
        st.sampled_from([REGULAR, BOLD, ITALIC, DEJAVU]),
        st.sampled_from([4.8, 10.0, 12.5, 9.123456]),
        st.text(ALPHABET, max_size=40),
    ),
    min_size=1,
    max_size=12,
)


def _pdf(objects: list[list[Run]], fast: bool) -> bytes:
    out = io.BytesIO()
    c = Canvas(out, invariant=1)
    for runs in objects:
        (draw_runs if fast else _reportlab)(c, runs)
    c.showPage()
    c.save()
    return out.getvalue()


def _by_reportlab(objects: list[list[Run]]) -> bytes:
    """The text objects made with reportlab's calls, as richtext made them before."""
    out = io.BytesIO()
    c = Canvas(out, invariant=1)
    for runs in objects:
        t = c.beginText()
        font: tuple[str, float] | None = None
        for origin, name, size, text in runs:
            if origin is not None:
                t.setTextOrigin(*origin)
            if font != (name, size):
                t.setFont(name, size)
                font = (name, size)
            t.textOut(text)
        c.drawText(t)
    c.showPage()
    c.save()
    return out.getvalue()


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(RUNS, min_size=1, max_size=8))
def test_the_same_bytes_as_reportlab(objects: list[list[Run]]) -> None:
    # Repeated text objects too: the second time, the kept operators are used.
    twice = objects + objects
    assert _pdf(twice, fast=True) == _by_reportlab(twice)
    assert _pdf(twice, fast=False) == _by_reportlab(twice)


def test_a_run_follows_the_subset_the_one_before_ended_in() -> None:
    # 300 distinct characters fill a subset: the run after a run ending in the second
    # subset sets the font again (reportlab's text object does), the same text after a
    # run in the first does not.
    many = "".join(chr(c) for c in range(0x100, 0x17F)) + "".join(
        chr(c) for c in range(0x391, 0x3C9)
    )
    objects: list[list[Run]] = [
        [((1.0, 2.0), DEJAVU, 10.0, "abc"), (None, DEJAVU, 10.0, "d")],
        [((1.0, 2.0), DEJAVU, 10.0, many + "".join(chr(c) for c in range(0x2190, 0x21FF)))],
        [((1.0, 2.0), DEJAVU, 10.0, "\u21fe"), (None, DEJAVU, 10.0, "d")],
        [((1.0, 2.0), DEJAVU, 10.0, "abc"), (None, DEJAVU, 10.0, "d")],
    ]
    fast = _pdf(objects, fast=True)
    assert fast == _by_reportlab(objects)
    page = PdfReader(io.BytesIO(fast)).pages[0].get_contents()
    assert page is not None
    # (the test reaches a second subset, and a run after it goes back to the first)
    assert b"+1 10 Tf 12 TL (\\207) Tj /F2+0 10 Tf 12 TL (d) Tj" in page.get_data()


def test_a_standard_font_goes_through_reportlab() -> None:
    objects: list[list[Run]] = [[((1.0, 2.0), "Helvetica", 10.0, "abc(")]]
    assert _pdf(objects, fast=True) == _by_reportlab(objects)


def test_the_same_bytes_when_what_is_kept_starts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(textruns, "KEEP", 3)
    objects: list[list[Run]] = [
        [((10.0 + i, 20.0), BOLD, 7.8, f"run {i % 5} é Ω"), (None, REGULAR, 7.8, f"{i}")]
        for i in range(30)
    ]
    assert _pdf(objects, fast=True) == _by_reportlab(objects)
    c = Canvas(io.BytesIO())
    for runs in objects:
        draw_runs(c, runs)
    assert len(textruns._KEPT[c]) <= 3


def test_a_canvas_keeps_its_own_encoding() -> None:
    # Subset codes belong to a document: two canvases drawing different text first
    # still match reportlab.
    at = (1.0, 1.0)
    first: list[list[Run]] = [[(at, REGULAR, 8.0, "ΩΨ")], [(at, REGULAR, 8.0, "ab")]]
    second: list[list[Run]] = [[(at, REGULAR, 8.0, "ab")], [(at, REGULAR, 8.0, "ΨΩ")]]
    assert _pdf(first, fast=True) == _by_reportlab(first)
    assert _pdf(second, fast=True) == _by_reportlab(second)
