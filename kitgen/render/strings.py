"""One line of text on a canvas: the bytes reportlab's drawString writes, made faster.

A card sheet draws tens of thousands of short lines, and most repeat: the same
power text on every card that has the power, the same digits, the same footers.
reportlab builds each line anew (a text object, the font's subset encoding,
escaping, its number formatting), which is most of the time a sheet takes to
draw. `draw_string` writes exactly what `Canvas.drawString`, `drawRightString`
and `drawCentredString` write for a TrueType font on a bottom-up canvas (the only
kind kitgen makes), and keeps, per canvas, what a line's font, size, leading and
text make of it: its width and its encoded operators, and the positions lines
start at, formatted. Anything else (a standard font, a top-down canvas) goes
through reportlab itself. tests/test_strings.py holds the two to the same bytes.

Subset encodings belong to a document, so what is kept belongs to one canvas;
when a canvas has kept `KEEP` lines it starts again (memory stays flat on a
10,000-card sheet, and the output does not depend on what was kept).
"""

from __future__ import annotations

from typing import Literal
from weakref import WeakKeyDictionary

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

Align = Literal["left", "right", "centre"]
KEEP = 4096
KEEP_POSITIONS = 16384

# Positions as PDF writes them: a line starts where another did more often than not
# (the same text in the same place on another card), and formatting is reportlab's
# slowest step.
_AT: dict[tuple[float, float], str] = {}
_KEPT: WeakKeyDictionary[Canvas, dict[tuple[str, float, float, str], tuple[float, str]]] = (
    WeakKeyDictionary()
)


def draw_string(c: Canvas, x: float, y: float, text: str, align: Align = "left") -> None:
    """Draw one line in the canvas's current font and size: left-aligned at x, ending
    at x (`right`) or centred on x (`centre`), as reportlab would."""
    # reportlab has no type hints; these are the canvas's current text settings.
    font_name: str = c._fontname
    size: float = c._fontsize
    leading: float = c._leading
    kept = _KEPT.get(c)
    if kept is None:
        kept = _KEPT[c] = {}
    key = (font_name, size, leading, text)
    made = kept.get(key)
    if made is None:
        made = _make(c, font_name, size, leading, text)
        if made is None:  # not a case this module writes: reportlab draws it
            {"left": c.drawString, "right": c.drawRightString, "centre": c.drawCentredString}[
                align
            ](x, y, text)
            return
        if len(kept) >= KEEP:
            kept.clear()
        kept[key] = made
    width, body = made
    if align == "centre":
        x = x - 0.5 * width
    elif align == "right":
        x = x - width
    at = _AT.get((x, y))
    if at is None:
        if len(_AT) >= KEEP_POSITIONS:
            _AT.clear()
        at = _AT[(x, y)] = fp_str(x, y)
    c._code.append(f"BT 1 0 0 1 {at} Tm {body} T* ET")


def _make(
    c: Canvas, font_name: str, size: float, leading: float, text: str
) -> tuple[float, str] | None:
    """A line's width and its operators between the text position and the line's end,
    as reportlab's text object writes them; None where reportlab must draw it."""
    font = pdfmetrics.getFont(font_name)
    if not getattr(font, "_dynamicFont", False) or not c.bottomup:
        return None
    doc = c._doc
    parts = []
    current = -1
    for subset, chunk in font.splitString(text, doc):
        if subset != current:
            name = font.getSubsetInternalName(subset, doc)
            parts.append(f"{name} {fp_str(size)} Tf {fp_str(leading)} TL")
            current = subset
        parts.append(f"({c._escape(chunk)}) Tj")
    return float(pdfmetrics.stringWidth(text, font_name, size)), " ".join(parts)
