"""Rich text in a box: `**bold**`, `*italic*` and `:icon:` pictures, wrapped and shrunk
to fit, for the text elements of designed games' card layouts.

This is kitgen.render.text (wrap where UAX #14 allows: at spaces and between Chinese
or Japanese characters, kinsoku kept; shrink from a largest to a smallest size; cut a
word only when it is too long for a line even at the smallest, where it divides: its
own hyphen, its language's hyphenation dictionary, else between characters with no
hyphen) for text whose runs change face and hold pictures. The break opportunities
are found over a whole line written, whatever its faces (kitgen.layout.linebreak), an
icon counting as a letter (one written against a word stays with it). The emphasis
is read by kitgen.render.emphasis (the rules booklets' CommonMark reading of `*`), so
a designer's card text and rules text follow the same rules.

Layout is pure measurement (no canvas, no I/O) and done in two cached steps: the
text is parsed once into words whose widths are measured at size 1, then laid out
per size by multiplying (widths scale with the size, and reportlab measures no
kerning, so the width of a run is the sum of its parts). Only a word too long for
its line is measured again, character by character.

An icon is a square of side `size * icon_scale`, with `ICON_GAP` of its side as air
split on both sides. It is centred on the capitals' height (`CAP_HEIGHT` of the
size, for Bitstream Vera and DejaVu), so at `icon_scale` 1 its bottom sits 0.135 of
the size below the baseline, about half the depth of a descender: beside capitals
and digits it reads as centred rather than sitting high.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from reportlab.lib.colors import Color, HexColor

from kitgen.layout.bidi import base_level, line_levels, visual_order
from kitgen.layout.linebreak import OBJECT, choose_cut, free_breaks
from kitgen.render.emphasis import SPAN_MARKS, emphasis_spans, escape_text
from kitgen.render.fonts import Family, ensure_font, text_width
from kitgen.render.hyphenation import cut_points
from kitgen.render.shaping import draw_glyphs, needs_shaping, shape
from kitgen.render.text import DEFAULT_LANGUAGE
from kitgen.render.textruns import Run, draw_runs

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

STEP = 0.25  # points between the sizes tried
ICON_GAP = 0.1  # air around an icon, a fraction of its side, half on each side
CAP_HEIGHT = 0.729  # the capitals' height of Vera and DejaVu, a fraction of the size
CACHE_SIZE = 16384  # texts laid out and remembered (a game has up to a few thousand)
_EPS = 1e-6

# What text is read for, left to right: a backslash escape (a backslash and ASCII
# punctuation, printed as that character: `\:` is a colon that opens no icon), or a
# `:name:` (an icon when `name` is one; else printed as written, and its closing colon
# may open the next: `:a:b:` names both).
_MARK = re.compile(r"\\[!-/:-@\[-`{-~]|:[A-Za-z0-9_-]+:")
# A line that is blank (white space only) ends emphasis, as a blank line ends a
# paragraph in CommonMark; a single newline does not.
_BLANK = re.compile(r"\n[^\S\n]*(?=\n)")
# White space a line may break at: all of it but the no-break spaces, which a designer
# writes to keep `2 :sword:` together.
_SPACES = re.compile(r"[^\S\xa0\u2007\u202f]+")
# A span's opening or closing (`{prereq}`, `{red 9pt}`, `{/}`: its inside, up to 200
# characters on one line), or a backslash escape, which opens none (`\{`).
_SPAN = re.compile(r"\\[!-/:-@\[-`{-~]|\{([^{}\n]{1,200})\}")
_OPEN, _CLOSE = SPAN_MARKS[0], SPAN_MARKS[1]  # where a span opens and closes, once its text is read


class Look(NamedTuple):
    """How a span of text is set (`{prereq}...{/}`), on top of its text element's own
    settings; None leaves one as the text around it has it. (A named tuple: a class
    made cheaply when kitgen starts, whether or not a game has spans.)

    `ratio` is its size, as a share of the text's own (which shrinks to fit: its spans
    shrink with it), and `shift` how far its baseline is raised, as a share of the
    text's size (negative: lowered). With `ratio_relative` (`shift_relative`) it is a
    share of the span it sits in instead (`80%`); nested spans' shifts add up. A
    span's `look_in` its enclosing one is what its text is set with."""

    colour: str | None = None  # "#rrggbb"
    ratio: float | None = None
    family: Family | None = None
    bold: bool | None = None
    italic: bool | None = None
    shift: float | None = None
    ratio_relative: bool = False
    shift_relative: bool = False

    def look_in(self, outer: Look | None) -> Look:
        """This span's look inside `outer` (None: the text itself), made absolute."""
        scale = 1.0 if outer is None or outer.ratio is None else outer.ratio
        ratio = self.ratio
        if ratio is not None and self.ratio_relative:
            ratio = scale * ratio
        shift = self.shift
        if shift is not None and self.shift_relative:
            shift = scale * shift
        if outer is None:
            return Look(self.colour, ratio, self.family, self.bold, self.italic, shift)
        if shift is not None and outer.shift is not None:
            shift += outer.shift
        return Look(
            outer.colour if self.colour is None else self.colour,
            outer.ratio if ratio is None else ratio,
            outer.family if self.family is None else self.family,
            outer.bold if self.bold is None else self.bold,
            outer.italic if self.italic is None else self.italic,
            outer.shift if shift is None else shift,
        )


def _ratio(look: Look | None) -> float:
    """A look's size as a share of its text's (1 for none)."""
    return 1.0 if look is None or look.ratio is None else look.ratio


class Piece(NamedTuple):
    """A run of text in one font, or an icon (`icon` set, `text` empty), at `x` points
    from the start of its line; an icon's `x` and `width` are its square's. (A tuple:
    every line of every card makes several.)"""

    x: float
    text: str
    font: str
    icon: str | None = None
    width: float = 0.0
    shaped: str = ""  # "ltr" or "rtl": text drawn shaped (kitgen.render.shaping)
    look: Look | None = None  # a span's, else the text's own


class RichLine(NamedTuple):
    """One line: its pieces left to right, and its width (icons' air included); `rtl`
    when its paragraph runs right to left (aligned right unless the layout says). (A
    named tuple: every line of every card is one, and a tuple is made fastest.)"""

    pieces: tuple[Piece, ...]
    width: float
    rtl: bool = False
    # Its height, as a share of the text's size: its largest span's (1 when none is
    # larger or smaller than the text, or all its text is the text's own size).
    ratio: float = 1.0


@dataclass(frozen=True)
class RichFit:
    """Rich text laid out for a box.

    `size` is the font size chosen, `leading` the points between baselines. When the
    text does not fit even at the smallest size, `fits` is False and `overflow` says by
    how much, in points: the larger of the height beyond the box (or beyond
    `max_lines` lines) and the width beyond it of the widest line (a word or icon that
    cannot break, or a line that may not wrap). `width` is the widest line, `height`
    the block's height (lines times leading), for alignment.
    """

    size: float
    leading: float
    lines: tuple[RichLine, ...]
    fits: bool
    overflow: float
    width: float
    height: float
    styled: bool = False  # it has spans (`looks`): its pieces may have looks


class _Segment(NamedTuple):
    """A segment of a word: text in one font with its width at size 1, or an icon (its
    name, font "" and its advance at size 1, air included). Tuples, not dataclasses:
    parsing makes many, and tuples are several times quicker to make."""

    text: str
    font: str
    unit: float
    icon: str | None = None
    look: Look | None = None


class _Word(NamedTuple):
    """Segments with no break between them; `space` is the width at size 1 of the
    space after the word (in the face of its last text), `unit` its width. A word
    `joined` to the next (a break between two Chinese characters) has no space after
    it (`space` 0)."""

    segments: tuple[_Segment, ...]
    unit: float
    space: float
    space_font: str
    joined: bool = False
    space_look: Look | None = None


# Stands between two segments where a line may break with no space (between two
# Chinese or Japanese characters): its identity marks it.
_BREAK = _Segment("", "", 0.0)


_Paragraph = tuple[_Word, ...]


def icon_names(text: str) -> list[str]:
    r"""Every `:name:` written in the text, in order, repeats included, so the caller
    can report the names that are no declared icon; a colon escaped (`\:`) opens and
    closes none.

    A colon may close one name and open the next (`:a:b:` gives both), so this can name
    more than the layout draws as icons: it never names fewer.
    """
    if ":" not in text:
        return []
    return [name for name, _, _ in _marks(text, frozenset())]


def span_names(text: str) -> list[str]:
    r"""What every `{...}` written in the text holds, in order, repeats included (`/`
    for a `{/}`, which closes a span): the caller resolves the styles they name
    (`Looks`) and reports what names none. A backslash-escaped brace (`\{`) opens
    nothing."""
    if "{" not in text:
        return []
    return [m.group(1) for m in _SPAN.finditer(text) if m.group(1) is not None]


# The spans a text's `{...}`s open: their insides as written, each with its look.
Looks = tuple[tuple[str, Look], ...]


def _mark(text: str, looks: Looks) -> tuple[str, tuple[Look, ...]]:
    """The text with each `{...}` that opens a span (its inside a key of `looks`) as
    `_OPEN`, and each `{/}` that closes one as `_CLOSE`; and the looks opened, in order.
    Any other `{...}` stays as written, as does a `{/}` with no span open."""
    named = dict(looks)
    if _OPEN in text or _CLOSE in text:  # (noncharacters no text holds: never marks)
        text = text.replace(_OPEN, "\ufffd").replace(_CLOSE, "\ufffd")
    out: list[str] = []
    opened: list[Look] = []
    depth = pos = 0
    for m in _SPAN.finditer(text):
        inside = m.group(1)
        if inside is None:  # (a backslash escape)
            continue
        if inside == "/":
            if not depth:
                continue
            depth -= 1
            mark = _CLOSE
        else:
            look = named.get(inside)
            if look is None:
                continue
            depth += 1
            opened.append(look)
            mark = _OPEN
        out += (text[pos : m.start()], mark)
        pos = m.end()
    out.append(text[pos:])
    return "".join(out), tuple(opened)


def could_be_icon(name: str) -> bool:
    """Whether a `:name:` that is no declared icon is a mistake worth a finding: it
    starts with a letter, as the names of icons in text do (`:sword:`). One that starts
    with a digit (`10:30:45` holds `:30:`, a code like `:0HB7:`) is text: it prints as
    written unless it names an icon."""
    return name[:1].isascii() and name[:1].isalpha()


def _marks(text: str, icons: frozenset[str]) -> list[tuple[str, int, int]]:
    """The `:name:`s of the text, skipping backslash escapes: (name, start, end) each.
    A name in `icons` is drawn, and the text goes on after its closing colon; any other
    name's closing colon may open the next."""
    out: list[tuple[str, int, int]] = []
    pos = 0
    while (m := _MARK.search(text, pos)) is not None:
        if m.group()[0] == "\\":
            pos = m.end()
            continue
        name = m.group()[1:-1]
        out.append((name, m.start(), m.end()))
        pos = m.end() if name in icons else m.end() - 1
    return out


_BACKSLASH = re.compile(r"\\([!-/:-@\[-`{-~])")


def _unescape(text: str) -> str:
    """Undo kitgen.render.rules_text.escape_text (`&amp;` last, so `&amp;lt;` stays
    `&lt;`)."""
    if "&" not in text:
        return text
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def _lines(
    text: str,
    family: Family,
    bold: bool,
    italic: bool,
    icons: frozenset[str],
    scale: float,
    looks: Looks = (),
) -> list[list[_Segment | None]]:
    """The text's lines (one per line written) as segments in order, None standing for
    breaking white space. Emphasis is read per paragraph, its lines together (`*a` and
    `b*` on two lines are italic), a blank line ending it, as in CommonMark."""
    if looks:
        return _styled_lines(text, family, bold, italic, icons, scale, looks)
    out: list[list[_Segment | None]] = []
    for block in _BLANK.split(text) if "\n" in text else (text,):
        lines: list[list[_Segment | None]] = [[]]
        for span, b, i in _spans(block, bold, italic):
            for k, piece in enumerate(span.split("\n")):
                if k:
                    lines.append([])
                _add(lines[-1], piece, family.face(b, i), icons, scale)
        out += lines
    return out


def _styled(
    text: str, family: Family, bold: bool, italic: bool, looks: Looks
) -> list[tuple[str, Family, bool, bool, Look | None]]:
    """Text with spans as runs of one family, face and look, in order: a paragraph's
    emphasis read as `_spans` reads it (seeing through the spans' marks), each span's
    look set within the one around it, its `bold` and `italic` in place of the
    element's (emphasis adds to them). A span runs to its `{/}`, over line breaks and
    blank lines, or to the end of the text. Each line break is a run "\\n" of its
    own."""
    marked, opened = _mark(text, looks)
    stack: list[Look] = []
    queue = iter(opened)
    out: list[tuple[str, Family, bool, bool, Look | None]] = []
    blocks = _BLANK.split(marked) if "\n" in marked else [marked]
    for k, block in enumerate(blocks):
        if k:
            out.append(("\n", family, bold, italic, None))  # (the blank line's first)
        for span, b, i in _spans(block, False, False):
            for chunk in re.split(f"([{_OPEN}{_CLOSE}\n])", span):
                if chunk == _OPEN:
                    stack.append(next(queue).look_in(stack[-1] if stack else None))
                elif chunk == _CLOSE:
                    stack.pop()
                elif chunk == "\n":
                    out.append(("\n", family, bold, italic, None))
                elif chunk:
                    look = stack[-1] if stack else None
                    if look is None:
                        out.append((chunk, family, bold or b, italic or i, None))
                        continue
                    out.append(
                        (
                            chunk,
                            family if look.family is None else look.family,
                            b or (bold if look.bold is None else look.bold),
                            i or (italic if look.italic is None else look.italic),
                            look,
                        )
                    )
    return out


def _styled_lines(
    text: str,
    family: Family,
    bold: bool,
    italic: bool,
    icons: frozenset[str],
    scale: float,
    looks: Looks,
) -> list[list[_Segment | None]]:
    """`_lines` of text with spans."""
    out: list[list[_Segment | None]] = [[]]
    for chunk, fam, b, i, look in _styled(text, family, bold, italic, looks):
        if chunk == "\n":
            out.append([])
            continue
        _add(out[-1], chunk, fam.face(b, i), icons, scale, look)
    return out


def faces_used(
    text: str, bold: bool, italic: bool, looks: Looks = ()
) -> dict[tuple[bool, bool], str]:
    """The faces (bold, italic) text is set in, as `fit_rich` reads its emphasis (and
    its spans, `looks`), each with the text set in it: the element's own face for text
    outside any emphasis, and each emphasised run's. Text a span sets in another family
    is left out."""
    out: dict[tuple[bool, bool], str] = {}
    if looks:
        for chunk, _, b, i, look in _styled(text, Family("", "", "", ""), bold, italic, looks):
            if chunk.strip() and (look is None or look.family is None):
                out[(b, i)] = out.get((b, i), "") + chunk
        return out
    for block in _BLANK.split(text) if "\n" in text else (text,):
        for span, b, i in _spans(block, bold, italic):
            if span.strip():
                out[(b, i)] = out.get((b, i), "") + span
    return out


def _spans(text: str, bold: bool, italic: bool) -> list[tuple[str, bool, bool]]:
    """Text as (text, bold, italic) runs: its emphasis read (kitgen.render.emphasis) on
    top of the element's own face, backslash escapes kept for `_add`."""
    if "*" not in text:
        return [(text, bold, italic)]
    return [
        (_unescape(part), bold or b, italic or i)
        for part, b, i in emphasis_spans(escape_text(text))
    ]


def _add(
    out: list[_Segment | None],
    text: str,
    font: str,
    icons: frozenset[str],
    scale: float,
    look: Look | None = None,
) -> None:
    """One run of one face (and `look`) onto a line: its words, spaces (None), icons,
    and the characters its backslash escapes stand for."""
    pending: list[str] = []  # text before the next icon, escapes read

    def words(part: str) -> None:
        for k, word in enumerate(_SPACES.split(part)):
            if k:
                out.append(None)
            if word:
                out.append(_segment(word, font) if look is None else _looked(word, font, look))

    start = 0
    if "\\" in text or (icons and ":" in text):
        pos = 0
        while (m := _MARK.search(text, pos)) is not None:
            if m.group()[0] == "\\":
                pending.append(text[start : m.start()] + m.group()[1])
                start = pos = m.end()
            elif m.group()[1:-1] in icons:
                pending.append(text[start : m.start()])
                words("".join(pending))
                pending = []
                unit = scale * (1 + ICON_GAP) * (1.0 if look is None else _ratio(look))
                out.append(_Segment("", "", unit, m.group()[1:-1], look))
                start = pos = m.end()
            else:  # printed as written; its closing colon may open an icon
                pos = m.end() - 1
    pending.append(text[start:])
    words("".join(pending))


@lru_cache(maxsize=4 * CACHE_SIZE)
def _segment(text: str, font: str) -> _Segment:
    """A run of text in one font, measured: the words of a game's texts repeat."""
    return _Segment(text, font, text_width(text, font, 1.0))


def _looked(text: str, font: str, look: Look | None) -> _Segment:
    """A run of text in one font and a span's look (None: the text's own), measured at
    the text's size 1."""
    if look is None:
        return _segment(text, font)
    return _Segment(text, font, text_width(text, font, 1.0) * _ratio(look), None, look)


@lru_cache(maxsize=4 * CACHE_SIZE)
def _plain_word(segment: _Segment, joined: bool = False) -> _Word:
    """A word of one run of text, as _parse makes any word (the space after it in its
    own font and look, none when `joined`)."""
    if joined:
        return _Word((segment,), segment.unit, 0.0, segment.font, True, segment.look)
    if segment.look is not None:
        space = text_width(" ", segment.font, 1.0) * _ratio(segment.look)
        return _Word((segment,), segment.unit, space, segment.font, False, segment.look)
    return _Word(
        (segment,),
        sum(s.unit for s in (segment,)),
        text_width(" ", segment.font, 1.0),
        segment.font,
    )


def _free(line: list[_Segment | None], base: str) -> list[_Segment | None]:
    """A line's segments with its breaks as UAX #14 finds them over the whole line
    (kitgen.layout.linebreak.free_breaks): a space at which no break is allowed (`( a`,
    `word !`) becomes a segment of the word, in the face of the text before it; a break
    with no space (between Chinese characters, across faces too) is `_BREAK`. Runs of
    white space are one space, and none starts or ends a line."""
    items: list[_Segment | None] = []
    for item in line:
        if item is None and (not items or items[-1] is None):
            continue
        items.append(item)
    if items and items[-1] is None:
        items.pop()
    text = "".join(" " if i is None else OBJECT if i.icon is not None else i.text for i in items)
    free = free_breaks(text)
    if all(text[k - 1] == " " for k in free) and len(free) == text.count(" "):
        return items  # (most text: a break at every space, and nowhere else)
    out: list[_Segment | None] = []
    pos = 0
    font = base
    look: Look | None = None
    for item in items:
        if item is None:
            pos += 1
            out.append(None if pos in free else _looked(" ", font, look))
            continue
        if pos in free and out and out[-1] is not None:
            out.append(_BREAK)
        if item.icon is not None:
            out.append(item)
            pos += 1
            continue
        font, look = item.font, item.look
        start = 0
        for k in range(1, len(item.text)):
            if pos + k in free:
                out += [_looked(item.text[start:k], font, look), _BREAK]
                start = k
        out.append(item if start == 0 else _looked(item.text[start:], font, look))
        pos += len(item.text)
    return out


@lru_cache(maxsize=CACHE_SIZE)
def _parse(
    text: str,
    family: Family,
    bold: bool,
    italic: bool,
    icons: frozenset[str],
    scale: float,
    looks: Looks = (),
) -> tuple[_Paragraph, ...]:
    """The text's paragraphs (one per line written) as words measured at size 1.

    Emphasis is read over the lines of a paragraph: a blank line ends any bold or
    italic left open, as in CommonMark (`_lines`).
    """
    base = family.face(bold, italic)
    paragraphs: list[_Paragraph] = []
    for line in _lines(text, family, bold, italic, icons, scale, looks):
        words: list[_Word] = []
        segments: list[_Segment] = []
        for segment in [*_free(line, base), None]:
            if segment is not None and segment is not _BREAK:
                segments.append(segment)
                continue
            if not segments:
                continue
            joined = segment is _BREAK
            if len(segments) == 1 and segments[0].icon is None:  # (most words)
                words.append(_plain_word(segments[0], joined))
                segments = []
                continue
            texts = [s for s in segments if s.icon is None]
            space_font = texts[-1].font if texts else base
            space_look = texts[-1].look if texts else None
            space = 0.0 if joined else text_width(" ", space_font, 1.0)
            if space_look is not None:
                space *= _ratio(space_look)
            words.append(
                _Word(
                    tuple(segments),
                    sum(s.unit for s in segments),
                    space,
                    space_font,
                    joined,
                    space_look,
                )
            )
            segments = []
        paragraphs.append(tuple(words))
    return tuple(paragraphs)


# A line while wrapping: words (or parts of a word broken by characters), its width
# at size 1 and the index of its paragraph.
_Line = tuple[list[_Word], float, int]


def _units(word: _Word) -> list[_Segment]:
    """A word as one segment per character (or icon), for breaking it."""
    out: list[_Segment] = []
    for s in word.segments:
        if s.icon is not None:
            out.append(s)
        else:
            out.extend(_looked(ch, s.font, s.look) for ch in s.text)
    return out


def _word_of(units: list[_Segment], after: _Word | None, hyphen: bool = True) -> _Word:
    """Characters and icons joined back into a word: the head of a word cut (`after`
    None), with a hyphen when `hyphen`, or its tail, which keeps the space (or the
    joining) after the whole word."""
    segments: list[_Segment] = []
    for u in units:
        last = segments[-1] if segments else None
        if (
            u.icon is None
            and last is not None
            and last.icon is None
            and last.font == u.font
            and last.look == u.look
        ):
            segments[-1] = _Segment(last.text + u.text, u.font, last.unit + u.unit, None, u.look)
        else:
            segments.append(u)
    if after is None:
        font, look = units[-1].font, units[-1].look
        if hyphen:
            segments.append(_looked("-", font, look))
        space, space_font, joined = 0.0, font, False  # a head ends its line
        space_look = look
    else:
        space, space_font, joined = after.space, after.space_font, after.joined
        space_look = after.space_look
    return _Word(
        tuple(segments), sum(s.unit for s in segments), space, space_font, joined, space_look
    )


def _break(word: _Word, limit: float, language: str) -> list[_Word]:
    """A word too wide for `limit` (at size 1) cut into parts that fit, as
    kitgen.render.text cuts one (kitgen.layout.linebreak.choose_cut: the longest head
    at a break inside the word or a hyphenation point of `language`, else between
    characters with no hyphen). A cut is made only after a character, never after an
    icon, so an icon keeps the punctuation after it; a word with no place to cut stays
    whole (and overflows)."""
    units = _units(word)
    text = "".join(OBJECT if u.icon is not None else u.text for u in units)
    points = cut_points(text, language)  # the whole word's, as its dictionary divides it
    parts: list[_Word] = []
    while len(units) > 1 and sum(u.unit for u in units) > limit:
        cut, hyphen = _cut(units, limit, text, points)
        if cut >= len(units):
            break
        parts.append(_word_of(units[:cut], None, hyphen))
        units, text = units[cut:], text[cut:]
        points = tuple((k - cut, h) for k, h in points if k > cut)
    parts.append(_word_of(units, word))
    return parts


def _cut(
    units: list[_Segment], limit: float, text: str, points: tuple[tuple[int, bool], ...]
) -> tuple[int, bool]:
    """Where to cut a word (its characters and icons, `text` with an icon as U+FFFC)
    too wide for `limit`, and whether the head takes a hyphen, at one of `points` or
    else between characters (kitgen.layout.linebreak.choose_cut), never right after an
    icon; (len(units), False) when there is no place to cut."""
    after_icon = {k for k in range(1, len(units)) if units[k - 1].icon is not None}
    widths = [0.0]
    for u in units:
        widths.append(widths[-1] + u.unit)

    def fits(cut: int, hyphen: bool) -> bool:
        extra = _looked("-", units[cut - 1].font, units[cut - 1].look).unit if hyphen else 0.0
        return widths[cut] + extra <= limit

    allowed = [p for p in points if p[0] not in after_icon]
    return choose_cut(text, allowed, fits, after_icon)


def _wrap(
    paragraphs: tuple[_Paragraph, ...],
    limit: float,
    wrap: bool,
    cap: int | None,
    whole: float,
    language: str = DEFAULT_LANGUAGE,
) -> list[_Line] | None:
    """Lines of words no wider than `limit` (at size 1, tolerance included) where they
    can be, greedily, as kitgen.render.text.wrap does; one line per paragraph when not
    `wrap`. None as soon as there are more than `cap` lines: a size that cannot fit is
    given up early, which keeps shrinking a long text into a small box quick. None too
    for a word wider than `limit` that is no wider than `whole` (the line at the
    smallest size): a smaller size fits it whole, so it is not cut at this one.
    `language` chooses where a word too long is cut (`_break`)."""
    lines: list[_Line] = []
    for index, paragraph in enumerate(paragraphs):
        line: list[_Word] = []
        width = 0.0
        for word in paragraph:
            if not wrap:
                width += (line[-1].space if line else 0.0) + word.unit
                line.append(word)
                continue
            if line and width + line[-1].space + word.unit <= limit:
                width += line[-1].space + word.unit
                line.append(word)
                continue
            if line:
                lines.append((line, width, index))
            if word.unit > limit:
                if word.unit <= whole:
                    return None
                parts = _break(word, limit, language)
                lines.extend(([part], part.unit, index) for part in parts[:-1])
                word = parts[-1]
            line, width = [word], word.unit
            if cap is not None and len(lines) > cap:
                return None
        lines.append((line, width, index))
        if cap is not None and len(lines) > cap:
            return None
    return lines


def _pieces(words: list[_Word], size: float, scale: float) -> RichLine:
    """A line's words as pieces at `size`: runs of one font joined, spaces included.

    A run's width is the sum of its parts' widths at `size`, added in order, and each
    part starts where the run so far ends (inlined: every line of every card is made
    here)."""
    pieces: list[Piece] = []
    x = 0.0
    text, font, start, run = "", "", 0.0, 0.0
    prev: _Word | None = None
    for word in words:
        if prev is not None and not prev.joined:  # the space after the word before
            if prev.space_font != font or not text:
                if text:
                    pieces.append(Piece(start, text, font, None, run))
                text, run = "", 0.0
                font, start = prev.space_font, x
            text += " "
            run += prev.space * size
            x = start + run
        for s in word.segments:
            if s.icon is None:
                if s.font != font or not text:
                    if text:
                        pieces.append(Piece(start, text, font, None, run))
                    text, run = "", 0.0
                    font, start = s.font, x
                text += s.text
                run += s.unit * size
                x = start + run
                continue
            if text:
                pieces.append(Piece(start, text, font, None, run))
            text, run = "", 0.0
            side = size * scale
            pieces.append(Piece(x + side * ICON_GAP / 2, "", "", s.icon, side))
            x += s.unit * size
        prev = word
    if text:
        pieces.append(Piece(start, text, font, None, run))
    return RichLine(tuple(pieces), x)


def _styled_pieces(words: list[_Word], size: float, scale: float) -> RichLine:
    """`_pieces` of a line of text with spans: runs of one font and look joined, the
    line as tall as its largest span (`_line_ratio`). (Apart from `_pieces`, which
    every line of every card goes through, so that one stays as quick as it was.)"""
    pieces: list[Piece] = []
    x = 0.0
    text, font, start, run = "", "", 0.0, 0.0
    look: Look | None = None
    prev: _Word | None = None
    for word in words:
        if prev is not None and not prev.joined:  # the space after the word before
            if prev.space_font != font or prev.space_look != look or not text:
                if text:
                    pieces.append(Piece(start, text, font, None, run, "", look))
                text, run = "", 0.0
                font, start, look = prev.space_font, x, prev.space_look
            text += " "
            run += prev.space * size
            x = start + run
        for s in word.segments:
            if s.icon is None:
                if s.font != font or s.look != look or not text:
                    if text:
                        pieces.append(Piece(start, text, font, None, run, "", look))
                    text, run = "", 0.0
                    font, start, look = s.font, x, s.look
                text += s.text
                run += s.unit * size
                x = start + run
                continue
            if text:
                pieces.append(Piece(start, text, font, None, run, "", look))
            text, run = "", 0.0
            side = size * scale if s.look is None else size * scale * _ratio(s.look)
            pieces.append(Piece(x + side * ICON_GAP / 2, "", "", s.icon, side, "", s.look))
            x += s.unit * size
        prev = word
    if text:
        pieces.append(Piece(start, text, font, None, run, "", look))
    return RichLine(tuple(pieces), x, False, _line_ratio(pieces))


def _line_ratio(pieces: Sequence[Piece]) -> float:
    """A line's height, as a share of the text's size: its largest piece's (1 for a
    line of no span, or an empty one)."""
    if not pieces or all(p.look is None for p in pieces):
        return 1.0
    return max(_ratio(p.look) for p in pieces)


_OBJECT = "\ufffc"  # an icon, to the bidirectional algorithm: a neutral character


def _plain(paragraph: _Paragraph) -> str:
    """A paragraph's text, icons as object characters: for its direction."""
    return " ".join(
        "".join(_OBJECT if s.icon is not None else s.text for s in word.segments)
        for word in paragraph
    )


def _visual(line: RichLine, base: int, size: float) -> RichLine:
    """A line of a paragraph that needs shaping or reordering (`base` its level: 1
    right to left), its pieces in the order they are shown: runs of one face and one
    direction (UAX #9, kitgen.layout.bidi), those right to left or in a script that
    needs it shaped (their width the shaped one), icons where their place puts them."""
    text = ""
    # Per character: its font and look, or its icon's piece.
    owners: list[Piece | tuple[str, Look | None]] = []
    for piece in line.pieces:
        if piece.icon is not None:
            text += _OBJECT
            owners.append(piece)
        else:
            text += piece.text
            owners.extend([(piece.font, piece.look)] * len(piece.text))
    found = line_levels(text, base)
    # (level, font and look or icon, text)
    runs: list[tuple[int, Piece | tuple[str, Look | None], str]] = []
    for ch, owner, level in zip(text, owners, found, strict=True):
        last = runs[-1] if runs else None
        if last is not None and isinstance(owner, tuple) and last[:2] == (level, owner):
            runs[-1] = (level, owner, last[2] + ch)
        else:
            runs.append((level, owner, ch))
    pieces: list[Piece] = []
    x = 0.0
    for k in visual_order([level for level, _, _ in runs]):
        level, owner, run = runs[k]
        if isinstance(owner, Piece):  # an icon: its square, air on both sides
            side = owner.width
            pieces.append(owner._replace(x=x + side * ICON_GAP / 2))
            x += side * (1 + ICON_GAP)
            continue
        font, look = owner
        at = size if look is None else size * _ratio(look)
        rtl = level % 2 == 1
        if rtl or needs_shaping(run):
            width = shape(run, font, rtl).width * at
            pieces.append(Piece(x, run, font, None, width, "rtl" if rtl else "ltr", look))
        else:
            width = text_width(run, font, at)
            pieces.append(Piece(x, run, font, None, width, "", look))
        x += width
    return RichLine(tuple(pieces), x, base == 1, line.ratio)


@lru_cache(maxsize=1024)
def _sizes(max_size: float, min_size: float) -> tuple[float, ...]:
    """max_size down to min_size in steps of STEP, min_size always the last."""
    out: list[float] = []
    k = 0
    while (size := max_size - k * STEP) > min_size + 1e-9:
        out.append(size)
        k += 1
    out.append(min_size)
    return tuple(out)


@lru_cache(maxsize=CACHE_SIZE)
def _fit(
    text: str,
    family: Family,
    width: float,
    height: float,
    max_size: float,
    min_size: float,
    bold: bool,
    italic: bool,
    leading: float,
    icons: frozenset[str],
    icon_scale: float,
    max_lines: int | None,
    wrap: bool,
    language: str,
    looks: Looks = (),
) -> RichFit:
    """fit_rich with its icons reduced to those the text names (a hashable key), and
    its spans' looks to those it opens."""
    paragraphs = _parse(text, family, bold, italic, icons, icon_scale, looks)
    if looks:
        return _fit_styled(
            text, paragraphs, width, height, max_size, min_size, leading, icon_scale,
            max_lines, wrap, language,
        )  # fmt: skip
    # Each paragraph's direction (UAX #9), for text that needs shaping or reordering.
    bases = [base_level(_plain(p)) for p in paragraphs] if needs_shaping(text) else None
    # A paragraph needs at least its words' width over the line's width lines (a line
    # holds no more than that, or does not fit): a size that cannot fit by this count is
    # skipped unwrapped.
    inked = [sum(word.unit for word in paragraph) for paragraph in paragraphs]
    whole = (width + _EPS) / min_size  # a word no wider fits a line at some size: uncut
    for size in _sizes(max_size, min_size):
        limit = (width + _EPS) / size  # the same test of width for wrapping and fitting
        room = height if max_lines is None else min(height, max_lines * size * leading)
        last = size == min_size
        # More lines than this cannot fit (one spare: the test below decides).
        cap = None if last else int((room + _EPS) // (size * leading)) + 1
        if cap is not None and wrap and sum(max(1, math.ceil(u / limit)) for u in inked) > cap:
            continue
        lines = _wrap(paragraphs, limit, wrap, cap, whole, language)
        if lines is None:
            continue
        widest = max(w for _, w, _ in lines)
        tall = len(lines) * size * leading - room
        fits = tall <= _EPS and widest <= limit
        over = max(tall, widest * size - width, 0.0)
        if fits or last:
            laid = tuple(_pieces(words, size, icon_scale) for words, _, _ in lines)
            return _laid_out(laid, lines, bases, size, leading, fits, over)
    raise AssertionError("unreachable: the last size always returns")  # pragma: no cover


def _laid_out(
    laid: tuple[RichLine, ...],
    lines: list[_Line],
    bases: list[int] | None,
    size: float,
    leading: float,
    fits: bool,
    over: float,
    styled: bool = False,
) -> RichFit:
    """The text laid out at the size chosen: its lines in the order they are shown
    (right-to-left or shaped text reordered: `bases`, each paragraph's level), and its
    measures (a styled text's height its lines' heights added up)."""
    if bases is not None:  # right-to-left or shaped text: in its shown order
        order = [k for _, _, k in lines]
        laid = tuple(_visual(ln, bases[k], size) for ln, k in zip(laid, order, strict=True))
    height = (
        sum(line.ratio for line in laid) * size * leading if styled else len(laid) * size * leading
    )
    return RichFit(
        size=size,
        leading=size * leading,
        lines=laid,
        fits=fits,
        overflow=0.0 if fits else over,
        width=max(line.width for line in laid),
        height=height,
        styled=styled,
    )


def _fit_styled(
    text: str,
    paragraphs: tuple[_Paragraph, ...],
    width: float,
    height: float,
    max_size: float,
    min_size: float,
    leading: float,
    icon_scale: float,
    max_lines: int | None,
    wrap: bool,
    language: str,
) -> RichFit:
    """`_fit` of text with spans: each line as tall as its largest span (`_line_ratio`),
    so the lines' heights are added up rather than counted."""
    bases = [base_level(_plain(p)) for p in paragraphs] if needs_shaping(text) else None
    ratios = [
        _ratio(s.look) for paragraph in paragraphs for word in paragraph for s in word.segments
    ]
    least = min([1.0, *ratios])  # the shortest a line can be, of the text's size
    whole = (width + _EPS) / min_size
    for size in _sizes(max_size, min_size):
        limit = (width + _EPS) / size
        last = size == min_size
        cap = None if last else int((height + _EPS) // (size * leading * least)) + 1
        if max_lines is not None and cap is not None:
            cap = min(cap, max_lines + 1)
        lines = _wrap(paragraphs, limit, wrap, cap, whole, language)
        if lines is None:
            continue
        laid = tuple(_styled_pieces(words, size, icon_scale) for words, _, _ in lines)
        tall = sum(line.ratio for line in laid) * size * leading - height
        widest = max(w for _, w, _ in lines)
        fits = tall <= _EPS and widest <= limit
        if max_lines is not None and len(laid) > max_lines:
            fits = False
            tall = max(tall, sum(line.ratio for line in laid[max_lines:]) * size * leading)
        over = max(tall, widest * size - width, 0.0)
        if fits or last:
            return _laid_out(laid, lines, bases, size, leading, fits, over, styled=True)
    raise AssertionError("unreachable: the last size always returns")  # pragma: no cover


def fit_rich(
    text: str,
    family: Family,
    width: float,
    height: float,
    *,
    max_size: float,
    min_size: float,
    bold: bool = False,
    italic: bool = False,
    leading: float = 1.2,
    icons: Collection[str] = (),
    icon_scale: float = 1.0,
    max_lines: int | None = None,
    wrap: bool = True,
    language: str = DEFAULT_LANGUAGE,
    looks: Mapping[str, Look] | None = None,
) -> RichFit:
    """The largest size from max_size down to min_size (in steps of 0.25 pt, min_size
    last) at which the text fits the box: every line within `width`, the lines'
    leading within `height` and at most `max_lines` lines; else the layout at min_size
    with `fits` False and its `overflow`. Lines break where UAX #14 allows (at spaces,
    between Chinese or Japanese characters, kinsoku kept). A word is cut (`_cut`: at
    its own hyphen, at a hyphenation point of `language`, a BCP 47 tag, with a hyphen,
    else between characters with none) only when it is wider than the line even at
    min_size: a size at which a word that fits whole at a smaller size would need
    cutting is skipped.

    `bold` and `italic` are the element's own face, which emphasis adds to (`**x**` in
    a bold element stays bold, `*x*` is bold italic). `:name:` is an icon when `name` is
    in `icons`, else printed as written. `leading` is a multiple of the size. With
    `wrap` False every paragraph (line written) is one line, and only shrinking helps.

    `looks` are the spans the text may open, by what their `{...}` holds (`prereq`,
    `red 9pt`; kitgen.games.designed resolves them): the text from one to its `{/}`
    (or the end of the text) is set in its look (`Look`), sizes shrinking with the
    text's, each line as tall as its largest text. A `{...}` that is none, and a `{/}`
    with no span open, print as written.

    The result is cached on every input (the same card text in the same box is laid
    out once), and the text is parsed once for all the sizes tried.
    """
    if not 0 < min_size <= max_size:
        raise ValueError(f"need 0 < min_size <= max_size, got {min_size} and {max_size}")
    if icons and ":" in text:
        used = frozenset(n for n in icon_names(text) if n in icons)
    else:
        used = frozenset()
    opened: Looks = ()
    if looks and "{" in text:
        opened = tuple((raw, looks[raw]) for raw in dict.fromkeys(span_names(text)) if raw in looks)
    return _fit(
        text,
        family,
        float(width),
        float(height),
        float(max_size),
        float(min_size),
        bold,
        italic,
        float(leading),
        used,
        float(icon_scale),
        max_lines,
        wrap,
        language,
        opened,
    )


def line_origins(
    fitted: RichFit,
    x: float,
    y: float,
    width: float,
    height: float,
    align: str = "left",
    valign: str = "top",
) -> list[tuple[float, float]]:
    """Where each line starts, (x, baseline y), in a box whose bottom-left corner is
    (x, y) (reportlab coordinates, y up).

    The block is `fitted.height` tall and its first baseline `size` below its top (the
    ascent approximation kitgen.render.text uses); `valign` top puts the block's top at
    the box's, `middle` centres the block, `bottom` puts its foot at the box's.
    `align` is `left`, `centre` or `right` per line, or `start`: left, or right in a
    paragraph that runs right to left (Arabic, Hebrew).
    """
    if valign == "top":
        top = y + height
    elif valign == "middle":
        top = y + (height + fitted.height) / 2
    elif valign == "bottom":
        top = y + fitted.height
    else:
        raise ValueError(f"valign must be top, middle or bottom, not {valign!r}")
    if align not in ("left", "centre", "right", "start"):
        raise ValueError(f"align must be left, centre, right or start, not {align!r}")
    out: list[tuple[float, float]] = []
    if fitted.styled:  # (a line of spans larger or smaller than the text: as much taller)
        baseline = top
        for k, line in enumerate(fitted.lines):
            baseline -= (fitted.leading if k else fitted.size) * line.ratio
            out.append((_line_start(line, x, width, align), baseline))
        return out
    baseline = top - fitted.size
    for line in fitted.lines:
        if align == "left" or (align == "start" and not line.rtl):
            lx = x
        elif align == "centre":
            lx = x + (width - line.width) / 2
        else:
            lx = x + width - line.width
        out.append((lx, baseline))
        baseline -= fitted.leading
    return out


def _line_start(line: RichLine, x: float, width: float, align: str) -> float:
    """Where a line starts in a box from `x`, `width` wide (`line_origins`)."""
    if align == "left" or (align == "start" and not line.rtl):
        return x
    if align == "centre":
        return x + (width - line.width) / 2
    return x + width - line.width


def line_reach(line: RichLine) -> tuple[float, float]:
    """How far a line's letters reach above and below its baseline, as shares of the
    text's size: capitals' height (0.75) above, a descender's depth (0.22) below, each
    piece at its span's size and shifted with its baseline."""
    if line.ratio == 1.0 and all(p.look is None for p in line.pieces):
        return 0.75, 0.22
    up = down = 0.0
    for p in line.pieces:
        r, shift = _ratio(p.look), (p.look.shift or 0.0) if p.look is not None else 0.0
        up, down = max(up, 0.75 * r + shift), max(down, 0.22 * r - shift)
    return up, down


def icon_bottom(baseline: float, size: float, side: float) -> float:
    """The y of an icon's bottom edge: its square centred on the capitals' height."""
    return baseline + (CAP_HEIGHT * size - side) / 2


@lru_cache(maxsize=256)
def _hex(colour: str) -> Color:
    """A "#rrggbb" colour as reportlab's (read once: most texts share a few)."""
    return HexColor(colour)


def draw_rich(
    c: Canvas,
    fitted: RichFit,
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    align: str = "left",
    valign: str = "top",
    colour: str | Color = "#000000",
    draw_icon: Callable[[Canvas, str, float, float, float], None] | None = None,
    paint: Callable[[str], str | Color] | None = None,
) -> None:
    """Draw laid-out rich text in the box whose bottom-left corner is (x, y).

    All its text is one text object (a font change only where the face changes; see
    kitgen.render.textruns), in
    `colour` ("#rrggbb" or a reportlab colour); then each icon by `draw_icon(c, name,
    x, y_bottom, side)`, in its own saved graphics state so it cannot change the text's
    colour. The canvas state is restored afterwards. Text with icons and no
    `draw_icon` is an error, not blank squares. A span's text is set at its size, on
    its shifted baseline, in its colour as `paint` gives it (the colour as written
    when there is none: `--ink low` changes colours on a background).
    """
    origins = line_origins(fitted, x, y, width, height, align, valign)
    if draw_icon is None:
        named = [p.icon for line in fitted.lines for p in line.pieces if p.icon is not None]
        if named:
            raise ValueError(f"the text has icons ({', '.join(named)}) but no draw_icon")
    icons: list[tuple[str, float, float, float]] = []
    c.saveState()
    own = _hex(colour) if isinstance(colour, str) else colour
    c.setFillColor(own)
    if fitted.styled:
        runs = _set_styled(c, fitted, origins, icons, own, paint)
    else:
        runs = []
        for line, (lx, baseline) in zip(fitted.lines, origins, strict=True):
            cursor: float | None = None
            for piece in line.pieces:
                if piece.icon is not None:
                    bottom = icon_bottom(baseline, fitted.size, piece.width)
                    icons.append((piece.icon, lx + piece.x, bottom, piece.width))
                    continue
                ensure_font(piece.font)  # (measured already, so registered: a cheap check)
                if piece.shaped:  # (drawn in the order shown: text is read in that order)
                    if runs:
                        draw_runs(c, runs)
                        runs = []
                    rtl = piece.shaped == "rtl"
                    draw_glyphs(c, lx + piece.x, baseline, piece.text, piece.font, fitted.size, rtl)
                    cursor = None
                    continue
                origin = None if cursor == piece.x else (lx + piece.x, baseline)
                runs.append((origin, piece.font, fitted.size, piece.text))
                cursor = piece.x + piece.width
    if runs:
        draw_runs(c, runs)
    if draw_icon is not None:
        for name, ix, iy, side in icons:
            c.saveState()
            draw_icon(c, name, ix, iy, side)
            c.restoreState()
    c.restoreState()


def _set_styled(
    c: Canvas,
    fitted: RichFit,
    origins: list[tuple[float, float]],
    icons: list[tuple[str, float, float, float]],
    own: Color,
    paint: Callable[[str], str | Color] | None,
) -> list[Run]:
    """`draw_rich`'s drawing of text with spans: each piece at its span's size, on its
    shifted baseline, a change of colour ending the text object (its runs drawn) and
    starting another. Returns the runs left to draw; adds the icons to `icons`."""
    now: str | None = None  # the colour of a span the text is being set in
    runs: list[Run] = []
    for line, (lx, at) in zip(fitted.lines, origins, strict=True):
        cursor: float | None = None
        for piece in line.pieces:
            look = piece.look
            baseline, size = at, fitted.size
            if look is not None or now is not None:
                if look is not None:
                    size *= _ratio(look)
                    if look.shift:
                        baseline += look.shift * fitted.size
                        cursor = None  # (a shifted piece starts where it is set)
                want = None if look is None else look.colour
                if want != now and piece.icon is None:
                    if runs:
                        draw_runs(c, runs)
                        runs = []
                        cursor = None  # (a new text object starts where it is set)
                    if want is None:
                        c.setFillColor(own)
                    else:
                        painted = want if paint is None else paint(want)
                        c.setFillColor(_hex(painted) if isinstance(painted, str) else painted)
                    now = want
            if piece.icon is not None:
                bottom = icon_bottom(baseline, size, piece.width)
                icons.append((piece.icon, lx + piece.x, bottom, piece.width))
                continue
            ensure_font(piece.font)  # (measured already, so registered: a cheap check)
            if piece.shaped:  # (drawn in the order shown: text is read in that order)
                if runs:
                    draw_runs(c, runs)
                    runs = []
                rtl = piece.shaped == "rtl"
                draw_glyphs(c, lx + piece.x, baseline, piece.text, piece.font, size, rtl)
                cursor = None
                continue
            origin = None if cursor == piece.x else (lx + piece.x, baseline)
            runs.append((origin, piece.font, size, piece.text))
            cursor = None if look is not None and look.shift else piece.x + piece.width
    return runs
