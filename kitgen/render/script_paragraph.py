"""Rules text in any script: a Platypus paragraph broken by kitgen's line breaking
(kitgen.layout.linebreak, UAX #14) and drawn shaped (kitgen.render.shaping).

reportlab's Paragraph breaks lines at spaces (its `CJK` word wrap between any two
characters, kinsoku and Latin words alike) and draws characters one by one in the
order they are typed, so Arabic and Hebrew print unjoined and left to right. A
paragraph that needs more is a `ScriptParagraph` (`paragraph` picks it):

- its lines break where kitgen's card text breaks (`line_chunks`: after spaces, and
  between Chinese and Japanese characters with kinsoku kept: no line starts with
  `、。」` or ends with `「`), a word moves to the next line whole, and a word longer
  than a whole line is cut where `choose_cut` says (after its own hyphen, at a
  dictionary's hyphenation point of the paragraph's language with a hyphen added, else
  between two characters);
- a line is drawn in the order Unicode's bidirectional algorithm shows it
  (kitgen.layout.bidi), each run of one direction and one face shaped with HarfBuzz
  (`draw_glyphs`: Arabic's letters joined, with the text as typed for copying);
- a paragraph whose first letter is Arabic or Hebrew runs right to left: it is set
  against the right margin (a left-aligned style is right-aligned, a centred one stays
  centred), its indents mirrored.

Every other paragraph (Latin, Greek, Cyrillic...) stays reportlab's own Paragraph, so
a booklet in those prints byte for byte as before; in a language that hyphenates, its
style carries the language (`hyphenation_language`) and reportlab hyphenates it by the
same dictionary (pyphen's).
"""

from __future__ import annotations

import unicodedata
from typing import Any, NamedTuple

from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph

from kitgen.layout.bidi import RTL, base_level, line_levels, visual_order
from kitgen.layout.linebreak import choose_cut, free_breaks, is_wide
from kitgen.render.fonts import text_width
from kitgen.render.hyphenation import cut_points, dictionary, dictionary_name
from kitgen.render.shaping import draw_glyphs, needs_shaping, shapable
from kitgen.render.shaping import runs as shaped_runs

_FUZZ = 1e-6
_NBSP = "\u00a0"


def needs_script(text: str) -> bool:
    """Whether text needs kitgen's paragraph: it holds a character to shape or reorder
    (Arabic, Hebrew, Devanagari...) or a wide one (Chinese, Japanese, Korean,
    full-width punctuation: not a wide symbol such as an emoji), which reportlab's
    line breaking mishandles."""
    if text.isascii():
        return False
    return needs_shaping(text) or any(
        is_wide(ch) and unicodedata.category(ch) != "So" for ch in text if ord(ch) >= 0x1100
    )


def is_rtl(text: str) -> bool:
    """Whether a paragraph runs right to left: its first strong letter is Hebrew or
    Arabic (UAX #9's P2, P3)."""
    return not text.isascii() and base_level(text) == RTL


def hyphenation_language(language: str | None) -> str:
    """The name reportlab's Paragraph hyphenates a language by (`hyphenationLang`, a
    pyphen dictionary's), or "" for a language kitgen does not hyphenate (or none)."""
    if not language:
        return ""
    return dictionary_name(language) or ""


def paragraph(
    text: str, style: ParagraphStyle, language: str | None = None, bullet: str | None = None
) -> Paragraph:
    """A paragraph of Platypus markup (with a bullet when given): reportlab's own
    unless the text needs kitgen's (`needs_script`)."""
    if needs_script(text):
        return ScriptParagraph(text, style, language, bullet)
    return Paragraph(text, style, bulletText=bullet)


class _Line(NamedTuple):
    """One line: its characters in logical order, the fragment (face, size, colour) of
    each, its width, and where it starts in the paragraph's text."""

    text: str
    owners: tuple[int, ...]
    width: float
    start: int


class ScriptParagraph(Paragraph):  # type: ignore[misc]  # (reportlab has no type hints)
    """A paragraph broken by UAX #14 with kinsoku and drawn shaped, right to left where
    its text runs so (see the module's docstring). Platypus markup is read by
    reportlab's own parser (`<b>`, `<i>`, `<br/>`, `<font>`), so its faces, sizes and
    colours are the same a Paragraph would use."""

    def __init__(
        self,
        text: str,
        style: ParagraphStyle | None = None,
        language: str | None = None,
        bullet: str | None = None,
    ) -> None:
        Paragraph.__init__(self, text, style, bulletText=bullet)
        self.language = language or ""
        chars, owners = _flatten(self.frags)
        self._chars = chars
        self._owners = owners
        self._rtl = base_level(chars) == RTL
        self._first = True  # (a part after a split has no first-line indent)
        self._fixed: list[_Line] | None = None  # (the lines of a part split off)
        self._begin = 0  # where the text of a part split off after the first starts
        self._lines: list[_Line] = []
        # Where each line was last drawn: (left, baseline, width), in the paragraph's
        # own coordinates (what follows the text on its line, such as a contents
        # entry's dots and page number, goes by it).
        self.spans: list[tuple[float, float, float]] = []

    # -- layout ---------------------------------------------------------------------

    def _widths(self, avail: float) -> tuple[float, float]:
        style = self.style
        later = avail - style.leftIndent - style.rightIndent
        first = later - style.firstLineIndent if self._first else later
        return first, later

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        if availWidth < _FUZZ:
            return 0, 0x7FFFFFFF
        self.width = availWidth
        if self._fixed is not None:
            self._lines = self._fixed
        else:
            self._lines = self._break(*self._widths(availWidth))
        self.height = len(self._lines) * self.style.leading
        return self.width, self.height

    def minWidth(self) -> float:
        """The widest piece no break divides (a Chinese character, a word)."""
        out = 0.0
        for start, end, _ in _pieces(self._chars):
            out = max(out, self._measure(start, end))
        return out + float(self.style.leftIndent) + float(self.style.rightIndent)

    def split(self, availWidth: float, availHeight: float) -> list[Paragraph]:
        if not self._chars or availWidth < _FUZZ or availHeight < _FUZZ:
            return []
        if not self._lines or getattr(self, "width", None) != availWidth:
            self.wrap(availWidth, availHeight)
        count = int((availHeight + _FUZZ) // self.style.leading)
        if count <= 0:
            return []
        if count >= len(self._lines):
            return [self]
        head, tail = self._copy(), self._copy()
        head._fixed = self._lines[:count]
        head.style = _without(self.style, "spaceAfter")
        tail._begin = self._lines[count].start  # (broken again at the width it gets)
        tail._first = False
        tail.style = _without(self.style, "spaceBefore")
        return [head, tail]

    def _copy(self) -> ScriptParagraph:
        new = ScriptParagraph.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new

    def _frag(self, owner: int) -> Any:
        return self.frags[owner]

    def _measure(self, start: int, end: int, hyphen: bool = False) -> float:
        """The width of characters start to end, each run of one fragment measured as
        drawn (shaped where it must be), and a hyphen after them when asked."""
        total = 0.0
        i = start
        while i < end:
            j = i
            owner = self._owners[i]
            while j < end and self._owners[j] == owner:
                j += 1
            frag = self._frag(owner)
            part = self._chars[i:j]
            total += text_width(part, _face(frag.fontName, part), frag.fontSize)
            i = j
        if hyphen and end > start:
            frag = self._frag(self._owners[end - 1])
            total += text_width("-", frag.fontName, frag.fontSize)
        return total

    def _break(self, first: float, later: float) -> list[_Line]:
        """The lines, greedily filled: a piece that does not fit starts the next line
        (its head hyphenated onto this one where the language's dictionary divides it
        and the head fits); a piece wider than a whole line is cut (`choose_cut`)."""
        lines: list[_Line] = []
        chars = self._chars
        for begin, end in _hard_lines(chars):
            if end < self._begin:
                continue
            begin = max(begin, self._begin)
            start: int | None = None  # the current line's first character
            stop = begin  # ... and its end
            width = 0.0
            for s, e, spaced in _pieces(chars, begin, end):
                limit = first if not lines else later
                piece = self._measure(s, e)
                space = self._measure(s - 1, s) if spaced and start is not None else 0.0
                if start is not None and width + space + piece <= limit + _FUZZ:
                    stop, width = e, width + space + piece
                    continue
                if start is not None:
                    room = limit - width - space
                    cut = self._hyphen_head(s, e, room)
                    if cut is not None:
                        lines.append(self._line(start, s + cut, True))
                        s = s + cut
                    else:
                        lines.append(self._line(start, stop, False))
                    limit = later
                while self._measure(s, e) > limit + _FUZZ:
                    word = chars[s:e]

                    def fits(k: int, hyphen: bool, s: int = s, limit: float = limit) -> bool:
                        return self._measure(s, s + k, hyphen) <= limit + _FUZZ

                    k, hyphen = choose_cut(word, cut_points(word, self.language), fits)
                    if k >= len(word):
                        break
                    lines.append(self._line(s, s + k, hyphen))
                    s += k
                    limit = later
                start, stop, width = s, e, self._measure(s, e)
            if start is None:
                lines.append(_Line("", (), 0.0, begin))
            else:
                lines.append(self._line(start, stop, False))
        return lines

    def _hyphen_head(self, s: int, e: int, room: float) -> int | None:
        """Where a piece that does not fit is hyphenated onto the line before it: the
        longest head, at one of the language's dictionary points, that fits the room
        with its hyphen (None where the language hyphenates nothing or none fits)."""
        if room <= 0 or not self.language or dictionary(self.language) is None:
            return None
        word = self._chars[s:e]
        found = [k for k, hyphen in cut_points(word, self.language) if hyphen and 0 < k < len(word)]
        fits = [k for k in found if self._measure(s, s + k, True) <= room + _FUZZ]
        return max(fits) if fits else None

    def _line(self, start: int, stop: int, hyphen: bool) -> _Line:
        text = self._chars[start:stop]
        owners = self._owners[start:stop]
        while text.endswith(" "):
            text, owners = text[:-1], owners[:-1]
        width = self._measure(start, start + len(text))
        if hyphen and text:
            width += self._measure(start + len(text) - 1, start + len(text), True) - (
                self._measure(start + len(text) - 1, start + len(text))
            )
            text, owners = text + "-", (*owners, owners[-1])
        return _Line(text, tuple(owners), width, start)

    # -- drawing --------------------------------------------------------------------

    def draw(self) -> None:
        canvas = self.canv
        style = self.style
        lines = self._lines
        if not lines:
            return
        align = style.alignment
        if self._rtl and align in (TA_LEFT, 4):  # (4: justified, set flush to the margin)
            align = TA_RIGHT
        elif self._rtl and align == TA_RIGHT:
            align = TA_LEFT
        base = RTL if self._rtl else 0
        leading = style.leading
        first_frag = self._frag(lines[0].owners[0]) if lines[0].owners else self.frags[0]
        y = self.height - first_frag.fontSize
        self.spans = []
        canvas.saveState()
        self._draw_bullet(canvas, y)
        for number, line in enumerate(lines):
            indent = style.firstLineIndent if number == 0 and self._first else 0.0
            left = style.rightIndent if self._rtl else style.leftIndent
            right = style.leftIndent if self._rtl else style.rightIndent
            if self._rtl:
                right += indent
            else:
                left += indent
            room = self.width - left - right
            runs = self._runs(line, base)
            width = sum(run[4] for run in runs)
            if align == TA_RIGHT:
                x = left + room - width
            elif align == TA_CENTER:
                x = left + (room - width) / 2
            else:
                x = left
            self._draw_runs(canvas, x, y, runs)
            self.spans.append((x, y, width))
            y -= leading
        canvas.restoreState()

    def _draw_bullet(self, canvas: Any, y: float) -> None:
        """A bullet given as text (`bulletText`) on the first line's baseline, at the
        style's `bulletIndent` from the side the paragraph starts on."""
        bullet = self.bulletText
        if not isinstance(bullet, str) or not bullet or not self._first:
            return  # (none, or this is the part of a split paragraph after its first line)
        style = self.style
        font, size = style.bulletFontName, style.bulletFontSize
        width = text_width(bullet, font, size)
        x = self.width - style.bulletIndent - width if self._rtl else style.bulletIndent
        canvas.setFillColor(getattr(style, "bulletColor", None) or style.textColor)
        canvas.setFont(font, size)
        canvas.drawString(x, y + getattr(style, "bulletOffsetY", 0), bullet)

    def _runs(self, line: _Line, base: int) -> list[tuple[str, bool, str, Any, float]]:
        """A line's runs of one direction and one fragment in the order UAX #9 shows
        them, left to right: (text, right to left, font, fragment, width) each."""
        if not line.text:
            return []
        levels = line_levels(line.text, base)
        logical: list[tuple[str, int, int]] = []  # (text, level, owner)
        for ch, level, owner in zip(line.text, levels, line.owners, strict=True):
            if logical and logical[-1][1] == level and logical[-1][2] == owner:
                logical[-1] = (logical[-1][0] + ch, level, owner)
            else:
                logical.append((ch, level, owner))
        out: list[tuple[str, bool, str, Any, float]] = []
        for index in visual_order([level for _, level, _ in logical]):
            text, level, owner = logical[index]
            frag = self._frag(owner)
            font = _face(frag.fontName, text)
            out.append((text, level % 2 == 1, font, frag, text_width(text, font, frag.fontSize)))
        return out

    def _draw_runs(
        self, canvas: Any, x: float, y: float, runs: list[tuple[str, bool, str, Any, float]]
    ) -> None:
        """A line's runs from x, each shaped where it must be."""
        for text, rtl, font, frag, width in runs:
            size = frag.fontSize
            rise = getattr(frag, "rise", 0) or 0
            canvas.setFillColor(frag.textColor)
            if (needs_shaping(text) or rtl) and shapable(font):
                draw_glyphs(canvas, x, y + rise, text, font, size, rtl)
            else:
                canvas.setFont(font, size)
                canvas.drawString(x, y + rise, text)
            x += width


def draw_text_line(
    canvas: Any, x: float, y: float, text: str, font: str, size: float, align: str = "left"
) -> None:
    """One line of text that needs shaping (a running title) at (x, y), aligned `left`
    or `right` on x: its runs in the order UAX #9 shows them, each shaped in the font
    `_face` gives it."""
    pieces = [(run, rtl, _face(font, run)) for run, rtl in shaped_runs(text)]
    widths = [text_width(run, face, size) for run, _, face in pieces]
    if align == "right":
        x -= sum(widths)
    for (run, rtl, face), width in zip(pieces, widths, strict=True):
        if (needs_shaping(run) or rtl) and shapable(face):
            draw_glyphs(canvas, x, y, run, face, size, rtl)
        else:
            canvas.setFont(face, size)
            canvas.drawString(x, y, run)
        x += width


def _face(font: str, text: str) -> str:
    """The font a run that must be shaped is set in: the first of its font's chain
    (kitgen.render.fonts.KitFont) that draws its script when the font itself does not
    (KitSans's Arabic and Hebrew are DejaVu Sans's), spaces and digits included, so a
    run is one font's glyphs, as a reader that copies its text expects; else the font."""
    if not needs_shaping(text):
        return font
    found = pdfmetrics.getFont(font)
    if not hasattr(found, "plan"):
        return font
    runs, _ = found.plan(text)
    chain = found.chain()
    for index, part in runs:
        if index and needs_shaping(part):
            return str(chain[index].fontName)
    return font


def _flatten(frags: list[Any]) -> tuple[str, tuple[int, ...]]:
    """A paragraph's fragments as one text, white space as reportlab sets it (each run of
    breaking white space one space, none at either end of a line), a forced line break
    (`<br/>`) as "\\n", and the fragment each character comes from."""
    chars: list[str] = []
    owners: list[int] = []
    for index, frag in enumerate(frags):
        if getattr(frag, "lineBreak", False):
            while chars and chars[-1] == " ":
                chars.pop()
                owners.pop()
            chars.append("\n")
            owners.append(index)
            continue
        for ch in getattr(frag, "text", ""):
            if ch != _NBSP and (ch.isspace() or unicodedata.category(ch) == "Zs"):
                if not chars or chars[-1] in (" ", "\n"):
                    continue
                ch = " "
            chars.append(ch)
            owners.append(index)
    while chars and chars[-1] == " ":
        chars.pop()
        owners.pop()
    return "".join(chars), tuple(owners)


def _hard_lines(text: str) -> list[tuple[int, int]]:
    """The spans of text between forced line breaks."""
    out: list[tuple[int, int]] = []
    start = 0
    for i, ch in enumerate(text):
        if ch == "\n":
            out.append((start, i))
            start = i + 1
    out.append((start, len(text)))
    return out


def _pieces(text: str, begin: int = 0, end: int | None = None) -> list[tuple[int, int, bool]]:
    """The pieces of text[begin:end] a line may break between (kitgen's `free_breaks`):
    (start, end, spaced) each, the end before the space that follows it, `spaced` when
    a space stands before it."""
    stop = len(text) if end is None else end
    part = text[begin:stop]
    if not part:
        return []
    out: list[tuple[int, int, bool]] = []
    start = 0
    for cut in [*sorted(free_breaks(part)), len(part)]:
        piece_end = cut - 1 if cut > start and part[cut - 1] == " " else cut
        if piece_end > start:
            spaced = start > 0 and part[start - 1] == " "
            out.append((begin + start, begin + piece_end, spaced))
        start = cut
    return out


def _without(style: ParagraphStyle, name: str) -> ParagraphStyle:
    """A copy of a style with one of its spaces (before, after) zero: the parts of a
    split paragraph keep the space only on their outer side."""
    return ParagraphStyle(f"{style.name}", parent=style, **{name: 0})
