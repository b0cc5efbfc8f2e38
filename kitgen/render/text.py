"""Fitting text into boxes: wrap at word boundaries, shrink down to a minimum size."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kitgen.render.fonts import text_width

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


@dataclass(frozen=True)
class Fitted:
    """Text laid out in a box: its size, leading and lines; `fits` is False if it overflows."""

    size: float
    leading: float
    lines: tuple[str, ...]
    fits: bool


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Break text into lines no wider than width (a word too long is split by characters)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, font, size) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while text_width(word, font, size) > width and len(word) > 1:
                cut = _cut(word, font, size, width)
                lines.append(word[:cut] + "-")
                word = word[cut:]  # at least one character shorter: the loop ends
            line = word
        lines.append(line)
    return lines


def _cut(word: str, font: str, size: float, width: float) -> int:
    """Where to break a word too long for a line: the longest head (2 to len - 1
    characters) that fits with its hyphen, or 1 when none does.

    A head with its hyphen is never narrower than a shorter head with one (widths
    add up), so the heads that fit run from 2 up to the answer: it is found by
    doubling, then halving, in about 2 log2(answer) measurements (trying every
    length from the longest down took time cubic in a long word's length).
    """
    last = len(word) - 1

    def fits(cut: int) -> bool:
        return text_width(word[:cut] + "-", font, size) <= width

    good, bad = 1, 2  # good: fits (or the fallback 1); bad: the next length to try
    while bad <= last and fits(bad):
        good, bad = bad, 2 * bad
    bad = min(bad, last + 1)  # bad does not fit, or is past the longest head
    while bad - good > 1:
        mid = (good + bad) // 2
        if fits(mid):
            good = mid
        else:
            bad = mid
    return good


def fit(
    text: str,
    font: str,
    width: float,
    height: float,
    *,
    max_size: float,
    min_size: float,
    leading: float = 1.18,
    max_lines: int | None = None,
    step: float = 0.25,
) -> Fitted:
    """The largest size from max_size down to min_size at which text fits the box."""
    size = max_size
    while True:
        lines = wrap(text, font, size, width)
        fits = len(lines) * size * leading <= height + 1e-6 and (
            max_lines is None or len(lines) <= max_lines
        )
        if fits or size - step < min_size - 1e-9:
            return Fitted(size, size * leading, tuple(lines), fits)
        size -= step


def draw_text(
    c: Canvas, x: float, y: float, text: str, font: str, size: float, align: str = "left"
) -> None:
    """One line of text at (x, y), aligned `left`, `centre` or `right` on x."""
    c.setFont(font, size)
    if align == "centre":
        c.drawCentredString(x, y, text)
    elif align == "right":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)


def draw_spaced(
    c: Canvas, cx: float, y: float, text: str, font: str, size: float, spacing: float = 0.18
) -> float:
    """Letter-spaced capitals centred on cx (`spacing` times the size between letters),
    kept as one run of text so it can be searched and copied; returns their width."""
    gap = size * spacing
    width = text_width(text, font, size) + gap * (len(text) - 1)
    c.saveState()  # the character spacing is graphics state: keep it to these letters
    t = c.beginText()
    t.setFont(font, size)
    t.setCharSpace(gap)
    t.setTextOrigin(cx - width / 2, y)
    t.textOut(text)
    c.drawText(t)
    c.restoreState()
    return width


def draw_wrapped(
    c: Canvas, x: float, top: float, width: float, text: str, font: str, size: float
) -> float:
    """Text wrapped to `width`, its first line's top at `top`; returns the y under the
    last line."""
    c.setFont(font, size)
    y = top - size
    for line in wrap(text, font, size, width):
        c.drawString(x, y, line)
        y -= size * 1.28
    return y + size * 0.28
