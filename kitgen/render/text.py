"""Fitting text into boxes: wrap where Unicode's line breaking allows, shrink down to a
minimum size.

Lines break as UAX #14 says (kitgen.layout.linebreak): at spaces, and between
Chinese or Japanese characters with no hyphen, never before `、。」` nor after `「`
(kinsoku). A word (what no free break divides: `well-known`, `10 km` with a
no-break space) is cut only when it is too long for a line even at the smallest size
allowed (a larger size that would have to cut a word is skipped), and then where it
divides (kitgen.render.hyphenation): after its own hyphen, dash or slash (nothing
added), else at a point of its language's hyphenation dictionary (a hyphen added), the
longest head that fits; a word with no such place that fits is cut between two
characters with no hyphen (a hyphen is added only where the dictionary says the word
divides, so never in Chinese, Japanese or a language kitgen has no dictionary for).

`language` is a BCP 47 tag (`en`, `de`, `zh-Hans`, `ja`): it only chooses the
hyphenation dictionary; the breaks between words and characters are the same in every
language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kitgen.layout.geometry import Box
from kitgen.layout.linebreak import choose_cut, line_chunks
from kitgen.render.fonts import register_fonts, text_width
from kitgen.render.hyphenation import cut_points
from kitgen.render.shaping import draw_line, needs_shaping, shapable

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class Fitted:
    """Text laid out in a box: its size, leading and lines; `fits` is False if it overflows."""

    size: float
    leading: float
    lines: tuple[str, ...]
    fits: bool


def wrap(
    text: str, font: str, size: float, width: float, language: str = DEFAULT_LANGUAGE
) -> list[str]:
    """Break text into lines no wider than width where they can be (a word too long is
    cut: `_cut`); each line written starts a line."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word, spaced in line_chunks(paragraph):
            candidate = (f"{line} {word}" if spaced else line + word) if line else word
            if text_width(candidate, font, size) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            points = None  # the whole word's places to cut, found once
            while text_width(word, font, size) > width:
                if points is None:
                    points = cut_points(word, language)
                cut, hyphen = _cut(word, font, size, width, points)
                if cut >= len(word):
                    break  # one character (with its marks): it overflows
                lines.append(word[:cut] + ("-" if hyphen else ""))
                word = word[cut:]  # at least one character shorter: the loop ends
                points = tuple((k - cut, h) for k, h in points if k > cut)
            line = word
        lines.append(line)
    return lines


def words(text: str) -> list[str]:
    """The pieces no free break divides (kitgen.layout.linebreak.line_chunks), of every
    line written: what a size must hold whole not to cut."""
    return [word for paragraph in text.split("\n") for word, _ in line_chunks(paragraph)]


def _cut(
    word: str, font: str, size: float, width: float, points: tuple[tuple[int, bool], ...]
) -> tuple[int, bool]:
    """Where to cut a word too long for a line, and whether the head takes a hyphen
    (kitgen.layout.linebreak.choose_cut): the longest head that fits at one of `points`
    (kitgen.render.hyphenation.cut_points of the whole word, as the dictionary divides
    it, not of what is left of it), else between characters."""

    def fits(cut: int, hyphen: bool) -> bool:
        return text_width(word[:cut] + ("-" if hyphen else ""), font, size) <= width

    return choose_cut(word, points, fits)


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
    language: str = DEFAULT_LANGUAGE,
) -> Fitted:
    """The largest size from max_size down to min_size (in steps of `step`) at which
    text fits the box. A size at which a word would be cut that the smallest size
    holds on a line whole is skipped: a word is cut only when no size fits it.
    `language` chooses the hyphenation dictionary (`wrap`)."""
    sizes = [max_size]
    while sizes[-1] - step >= min_size - 1e-9:
        sizes.append(sizes[-1] - step)
    whole = {w for w in words(text) if text_width(w, font, sizes[-1]) <= width}
    for size in sizes:
        last = size == sizes[-1]
        if not last and any(text_width(w, font, size) > width for w in whole):
            continue  # a smaller size fits every such word whole
        lines = wrap(text, font, size, width, language)
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
    c: Canvas,
    x: float,
    top: float,
    width: float,
    text: str,
    font: str,
    size: float,
    language: str = DEFAULT_LANGUAGE,
) -> float:
    """Text wrapped to `width` (`wrap`), its first line's top at `top`; returns the y
    under the last line."""
    c.setFont(font, size)
    y = top - size
    for line in wrap(text, font, size, width, language):
        c.drawString(x, y, line)
        y -= size * 1.28
    return y + size * 0.28
