"""Runs of text in one text object (rich text's pieces): the bytes reportlab's text
object writes, made faster.

A designed game's card text is laid out as pieces (a run of one face, placed on its
line), drawn as one text object: reportlab's `beginText`, then per piece
`setTextOrigin` where a line starts, `setFont` where the face changes and `textOut`.
reportlab builds each run anew (the font's subset encoding, escaping, number
formatting), most of the time a card's text takes to draw. `draw_runs` writes
exactly what that sequence writes for TrueType fonts on a bottom-up canvas (the only
kind kitgen makes), and keeps, per canvas, what a run's face, size and text make of
it (its operators and the font subset it ends in: a run's operators depend on the
subset the one before it ended in), and the positions lines start at, formatted.
Anything else (a standard font, a top-down canvas) goes through reportlab itself.
tests/test_textruns.py holds the two to the same bytes.

Subset encodings belong to a document, so what is kept belongs to one canvas; when a
canvas has kept `KEEP` runs it starts again (memory stays flat on a large sheet, and
the output does not depend on what was kept).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from weakref import WeakKeyDictionary

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

KEEP = 4096

# A run: where it starts (a new line's origin, or None to follow on from the run
# before), its face, its size and its text.
Run = tuple[tuple[float, float] | None, str, float, str]

_DYNAMIC: dict[str, bool] = {}
# Where lines start, as the text matrix sets them: a line often starts where another
# did (the same box and text on another card), and formatting numbers is slow.
_AT: dict[tuple[float, float], str] = {}
_KEPT: WeakKeyDictionary[Canvas, dict[tuple[str, float, str, int], tuple[str, int]]] = (
    WeakKeyDictionary()
)


def draw_runs(c: Canvas, runs: Sequence[Run]) -> None:
    """Draw the runs as one text object, as this would (a font set where the face or
    size changes from the run before, its leading reportlab's default):

        t = c.beginText()
        for origin, font, size, text in runs:
            if origin is not None:
                t.setTextOrigin(*origin)
            if (font, size) differs from the run before's:
                t.setFont(font, size)
            t.textOut(text)
        c.drawText(t)
    """
    if not c.bottomup or not all(_dynamic(font) for _, font, _, _ in runs):
        _reportlab(c, runs)
        return
    kept = _KEPT.get(c)
    if kept is None:
        kept = _KEPT[c] = {}
    code = ["BT", "1 0 0 1 0 0 Tm"]
    face: tuple[str, float] | None = None
    subset = -1
    for origin, font, size, text in runs:
        if origin is not None:
            at = _AT.get(origin)
            if at is None:
                if len(_AT) >= KEEP:
                    _AT.clear()
                at = _AT[origin] = f"1 0 0 1 {fp_str(*origin)} Tm"
            code.append(at)
        if face != (font, size):
            face = (font, size)
            subset = -1  # (setFont of a TrueType font writes nothing yet)
        key = (font, size, text, subset)
        made = kept.get(key)
        if made is None:
            made = _make(c, font, size, text, subset)
            if len(kept) >= KEEP:
                kept.clear()
            kept[key] = made
        body, subset = made
        code.append(body)
    code.append("ET")
    c._code.append(" ".join(code))


def _dynamic(font: str) -> bool:
    """Whether a registered font is a TrueType font reportlab subsets (once per name:
    a name registered stays the font it was)."""
    found = _DYNAMIC.get(font)
    if found is None:
        found = _DYNAMIC[font] = bool(getattr(pdfmetrics.getFont(font), "_dynamicFont", False))
    return found


def _make(c: Canvas, font_name: str, size: float, text: str, subset: int) -> tuple[str, int]:
    """A run's operators, as reportlab's text object writes them after a run that ended
    in `subset` (-1: none yet in this face), and the subset it ends in."""
    font = pdfmetrics.getFont(font_name)
    doc = c._doc
    parts: list[str] = []
    face = ""
    for chunk_subset, chunk in font.splitString(text, doc):
        if chunk_subset != subset:
            if not face:
                face = _face(size)
            parts.append(f"{font.getSubsetInternalName(chunk_subset, doc)} {face}")
            subset = chunk_subset
        parts.append(f"({c._escape(chunk)}) Tj")
    return " ".join(parts), subset


@lru_cache(maxsize=256)
def _face(size: float) -> str:
    """A size and reportlab's default leading (1.2 times the size), as a font is set."""
    return f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"


def _reportlab(c: Canvas, runs: Sequence[Run]) -> None:
    """What draw_runs writes, written by reportlab itself."""
    t = c.beginText()
    face: tuple[str, float] | None = None
    for origin, font, size, text in runs:
        if origin is not None:
            t.setTextOrigin(*origin)
        if face != (font, size):
            t.setFont(font, size)
            face = (font, size)
        t.textOut(text)
    c.drawText(t)
