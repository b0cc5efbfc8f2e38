"""Text on a canvas as reportlab writes it, made faster: single lines (`draw_string`)
and runs of rich text in one text object (`draw_runs`).

A card sheet draws tens of thousands of short pieces of text, and most repeat: the
same power text on every card that has it, the same digits, the same footers.
reportlab builds each anew (a text object, the font's subset encoding, escaping,
number formatting), most of the time a sheet takes to draw. The two functions write
exactly what reportlab writes for TrueType fonts on a bottom-up canvas (the only kind
kitgen makes):

- `draw_string`: `Canvas.drawString`, `drawRightString` and `drawCentredString` in
  the canvas's current font (Scratch's cards); text that must be shaped (Arabic,
  Hebrew, Devanagari: kitgen.render.shaping) is drawn shaped instead;
- `draw_runs`: reportlab's `beginText`, then per piece `setTextOrigin` where a line
  starts, `setFont` where the face changes and `textOut` (a designed game's rich
  text, laid out as pieces: a run of one face, placed on its line).

Both keep, per canvas, what a face, size and text make of it (its operators, and its
width or the font subset it ends in: a run's operators depend on the subset the one
before it ended in), and the positions text starts at, formatted. Anything else (a
standard font, a top-down canvas) goes through reportlab itself. tests/test_strings.py
and tests/test_textruns.py hold both to reportlab's bytes.

Subset encodings belong to a document, so what is kept belongs to one canvas; when a
canvas has kept `KEEP` pieces it starts again (memory stays flat on a large sheet,
and the output does not depend on what was kept).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Literal
from weakref import WeakKeyDictionary

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from kitgen.render.shaping import draw_line, needs_shaping

KEEP = 4096
KEEP_POSITIONS = 16384
Align = Literal["left", "right", "centre"]

# A run: where it starts (a new line's origin, or None to follow on from the run
# before), its face, its size and its text.
Run = tuple[tuple[float, float] | None, str, float, str]

_DYNAMIC: dict[str, bool] = {}
# Where text starts, formatted: a line often starts where another did (the same text
# in the same place on another card), and formatting numbers is reportlab's slowest step.
_AT: dict[tuple[float, float], str] = {}
# Per canvas, what a line (`draw_string`) or a run (`draw_runs`) made: keyed by what
# made it, the function's name first.
_KEPT: WeakKeyDictionary[Canvas, dict[tuple[Any, ...], tuple[Any, ...]]] = WeakKeyDictionary()


def draw_string(c: Canvas, x: float, y: float, text: str, align: Align = "left") -> None:
    """Draw one line in the canvas's current font and size: left-aligned at x, ending
    at x (`right`) or centred on x (`centre`), as reportlab would."""
    # reportlab has no type hints; these are the canvas's current text settings.
    font: str = c._fontname
    size: float = c._fontsize
    leading: float = c._leading
    if not c.bottomup or not _dynamic(font):
        draw = {"left": c.drawString, "right": c.drawRightString, "centre": c.drawCentredString}
        draw[align](x, y, text)
        return
    kept = _kept(c)
    key = ("line", font, size, leading, text)
    made = kept.get(key)
    if made is None:
        if needs_shaping(text):  # (Arabic, Hebrew, Devanagari ...: never kept)
            draw_line(c, x, y, text, font, size, align)
            return
        body, _ = _encode(c, font, size, leading, text, -1)
        made = _keep(kept, key, (float(pdfmetrics.stringWidth(text, font, size)), body))
    width, body = made
    if align == "centre":
        x = x - 0.5 * width
    elif align == "right":
        x = x - width
    c._code.append(f"BT 1 0 0 1 {_at(x, y)} Tm {body} T* ET")


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
    kept = _kept(c)
    code = ["BT", "1 0 0 1 0 0 Tm"]
    face: tuple[str, float] | None = None
    subset = -1
    for origin, font, size, text in runs:
        if origin is not None:
            code.append(f"1 0 0 1 {_at(*origin)} Tm")
        if face != (font, size):
            face = (font, size)
            subset = -1  # (setFont of a TrueType font writes nothing yet)
        key = ("run", font, size, text, subset)
        made = kept.get(key)
        if made is None:
            made = _keep(kept, key, _encode(c, font, size, size * 1.2, text, subset))
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


def _kept(c: Canvas) -> dict[tuple[Any, ...], tuple[Any, ...]]:
    """What this canvas has kept."""
    kept = _KEPT.get(c)
    if kept is None:
        kept = _KEPT[c] = {}
    return kept


def _keep(
    kept: dict[tuple[Any, ...], tuple[Any, ...]], key: tuple[Any, ...], made: tuple[Any, ...]
) -> tuple[Any, ...]:
    """Keep what `key` made (starting again when full), and return it."""
    if len(kept) >= KEEP:
        kept.clear()
    kept[key] = made
    return made


def _at(x: float, y: float) -> str:
    """A position as reportlab formats it."""
    at = _AT.get((x, y))
    if at is None:
        if len(_AT) >= KEEP_POSITIONS:
            _AT.clear()
        at = _AT[(x, y)] = fp_str(x, y)
    return at


def _encode(
    c: Canvas, font_name: str, size: float, leading: float, text: str, subset: int
) -> tuple[str, int]:
    """Text's operators, as reportlab's text object writes them after text that ended in
    `subset` (-1: none yet in this face), and the subset it ends in."""
    font = pdfmetrics.getFont(font_name)
    doc = c._doc
    parts: list[str] = []
    face = ""
    for chunk_subset, chunk in font.splitString(text, doc):
        if chunk_subset != subset:
            if not face:
                face = _face(size, leading)
            parts.append(f"{font.getSubsetInternalName(chunk_subset, doc)} {face}")
            subset = chunk_subset
        parts.append(f"({c._escape(chunk)}) Tj")
    return " ".join(parts), subset


@lru_cache(maxsize=256)
def _face(size: float, leading: float) -> str:
    """A size and leading, as a font is set."""
    return f"{fp_str(size)} Tf {fp_str(leading)} TL"


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
