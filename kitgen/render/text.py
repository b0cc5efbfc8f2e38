"""Fitting text into boxes: wrap at word boundaries, shrink down to a minimum size.

A word is cut only when it is too long for a line even at the smallest size allowed
(a larger size that would have to cut a word is skipped), and then at a sensible
place: after its own hyphen or dash (nothing added), else with a hyphen, at least
MIN_HEAD characters before the cut and MIN_TAIL after it where the line allows
(`Humani-ty`, never `Humanit-y`). There is no dictionary of syllables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kitgen.layout.geometry import Box
from kitgen.render.fonts import register_fonts, text_width
from kitgen.render.shaping import draw_line, needs_shaping, shapable

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


# A line may end after one of these inside a word, with no hyphen added: hyphens and
# dashes (not U+2011, the non-breaking hyphen).
BREAK_AFTER = frozenset("-\u2010\u2012\u2013\u2014")
MIN_HEAD = 2  # characters before a hyphen a cut adds
MIN_TAIL = 2  # characters after it, where the line allows


@dataclass(frozen=True)
class Fitted:
    """Text laid out in a box: its size, leading and lines; `fits` is False if it overflows."""

    size: float
    leading: float
    lines: tuple[str, ...]
    fits: bool


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Break text into lines no wider than width (a word too long is cut: `_cut`)."""
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
                cut, hyphen = _cut(word, font, size, width)
                lines.append(word[:cut] + ("-" if hyphen else ""))
                word = word[cut:]  # at least one character shorter: the loop ends
            line = word
        lines.append(line)
    return lines


def _cut(word: str, font: str, size: float, width: float) -> tuple[int, bool]:
    """Where to cut a word too long for a line, and whether the head takes a hyphen:
    after the word's own hyphen or dash (BREAK_AFTER: the last whose head of at least
    MIN_HEAD characters fits; nothing added); else the longest head that fits with
    its hyphen, leaving at least MIN_TAIL characters when it can be at least MIN_HEAD
    long; else the longest of at least MIN_HEAD that fits, or 1 when none does.

    A head with its hyphen is never narrower than a shorter head with one (widths
    add up), so the heads that fit run from 2 up to the longest: it is found by
    doubling, then halving, in about 2 log2(answer) measurements (trying every
    length from the longest down took time cubic in a long word's length). A head
    ending in the word's own dash is looked for among the heads no longer than that
    one and a character (a dash is no narrower than a hyphen in kitgen's fonts, so no
    longer head could fit): only the longest of them is measured.
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
    for dash in range(min(good, last - 1), MIN_HEAD - 2, -1):  # the head ends at a dash
        if word[dash] in BREAK_AFTER and (
            dash < good or text_width(word[: dash + 1], font, size) <= width
        ):
            return dash + 1, False
    if good >= MIN_HEAD and len(word) - MIN_TAIL >= MIN_HEAD:
        good = min(good, len(word) - MIN_TAIL)
    return good, True


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
    """The largest size from max_size down to min_size (in steps of `step`) at which
    text fits the box. A size at which a word would be cut that the smallest size
    holds on a line whole is skipped: a word is cut only when no size fits it."""
    sizes = [max_size]
    while sizes[-1] - step >= min_size - 1e-9:
        sizes.append(sizes[-1] - step)
    whole = {w for w in text.split() if text_width(w, font, sizes[-1]) <= width}
    for size in sizes:
        last = size == sizes[-1]
        if not last and any(text_width(w, font, size) > width for w in whole):
            continue  # a smaller size fits every such word whole
        lines = wrap(text, font, size, width)
        fits = len(lines) * size * leading <= height + 1e-6 and (
            max_lines is None or len(lines) <= max_lines
        )
        if fits or last:
            return Fitted(size, size * leading, tuple(lines), fits)
    raise AssertionError("unreachable: the last size always returns")  # pragma: no cover


def draw_text(
    c: Canvas, x: float, y: float, text: str, font: str, size: float, align: str = "left"
) -> None:
    """One line of text at (x, y), aligned `left`, `centre` or `right` on x (shaped,
    its runs in their order, when it needs it: kitgen.render.shaping)."""
    c.setFont(font, size)
    if needs_shaping(text) and shapable(font):
        draw_line(c, x, y, text, font, size, align)
        return
    if align == "centre":
        c.drawCentredString(x, y, text)
    elif align == "right":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)


def line_box(x: float, y: float, text: str, font: str, size: float, align: str = "left") -> Box:
    """Where a line drawn by `draw_text` prints: its width, from the font's deepest
    descent to its tallest ascent (accents included) about the baseline `y`."""
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    face = pdfmetrics.getFont(font).face
    up, down = face.bbox[3] * size / 1000, -face.bbox[1] * size / 1000
    width = text_width(text, font, size)
    left = x - width / 2 if align == "centre" else x - width if align == "right" else x
    return Box(left, y - down, width, up + down)


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
