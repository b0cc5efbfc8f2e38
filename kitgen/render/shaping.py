"""Text that must be shaped: Arabic and Hebrew (right to left, Arabic's letters joined),
the Indic scripts (Devanagari's clusters), and any line that mixes directions.

Latin, Greek, Cyrillic and the other scripts whose letters print one glyph a character
never come here: `needs_shaping` is one regular expression search, and text it turns
down is measured and drawn as reportlab writes it (kitgen.render.textruns), byte for
byte as before.

Text that needs it is shaped with HarfBuzz (uharfbuzz) in the font that draws it (a
kitgen font's fallbacks included, kitgen.render.fonts.KitFont): the glyphs it picks
(Arabic's initial, medial and final forms and ligatures, Devanagari's conjuncts and
reordered vowel signs) and where it places them. The order of runs that go different
ways on one line is kitgen.layout.bidi's (UAX #9). Widths are the shaped advances
(`shaped_width`, which kitgen.render.fonts.text_width uses for such text), so what is
measured for wrapping and shrinking is what prints.

Drawing writes the glyphs into the font's own embedded subset: a glyph with a
character of its own (most, and in DejaVu Sans every Arabic form, through Unicode's
presentation forms) is written as that character; one with none (a conjunct) is given
a private-use code in the font (U+E000 up, skipping those the font maps), so the
subset holds it. Each shaped run is wrapped in a marked-content span whose
`/ActualText` is the run's text in logical order, so copying or searching the PDF
reads the words as typed, not as glyphs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from unicodedata import mirrored, normalize

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from kitgen.layout.bidi import base_level, line_levels, visual_order

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

# Characters whose text must be shaped or reordered: Hebrew, Arabic, Syriac, Thaana,
# N'Ko, Samaritan, Mandaic (U+0590-U+08FF); the Indic scripts, Devanagari to Sinhala
# (U+0900-U+0DFF); Thai, Lao, Tibetan, Myanmar (U+0E00-U+109F); Khmer, Mongolian
# (U+1780-U+18AF); the direction marks and controls; Hebrew and Arabic presentation
# forms; and the right-to-left scripts beyond the BMP.
_COMPLEX = re.compile(
    "[\u0590-\u08ff\u0900-\u0dff\u0e00-\u109f\u1780-\u18af\u200e\u200f\u202a-\u202e"
    "\u2066-\u2069\ufb1d-\ufdff\ufe70-\ufefe\U00010800-\U00010fff\U0001e800-\U0001efff]"
)
_PRIVATE = (0xE000, 0xF8FF)  # the codes a glyph with no character of its own is given


def needs_shaping(text: str) -> bool:
    """Whether text holds a character that must be shaped or reordered."""
    return _COMPLEX.search(text) is not None


def shapable(font_name: str) -> bool:
    """Whether a registered font is a TrueType font HarfBuzz can shape with (kitgen's
    fonts all are; reportlab's standard fonts are not, and are measured as they are)."""
    face = getattr(pdfmetrics.getFont(font_name), "face", None)
    return getattr(face, "_ttf_data", None) is not None


@dataclass(frozen=True)
class Glyph:
    """One glyph placed by the shaper, in thousandths of the size: its glyph id in
    `font`, the advance after it and its offset from where it would stand; `cluster`
    tells the glyphs of one cluster (the characters the shaper drew as one or more
    glyphs together) from the next, and `text` is that cluster's characters."""

    font: str
    gid: int
    advance: float
    dx: float
    dy: float
    cluster: tuple[int, int]
    text: str


@dataclass(frozen=True)
class Shaped:
    """A run of text shaped: its glyphs left to right as printed, its width at size 1."""

    glyphs: tuple[Glyph, ...]
    width: float


@lru_cache(maxsize=64)
def _hb_font(font_name: str) -> tuple[Any, float]:
    """A HarfBuzz font for a registered TrueType font, and the factor from its units to
    thousandths of the size."""
    import uharfbuzz as hb  # (here: only text that needs shaping pays for loading it)

    font = pdfmetrics.getFont(font_name)
    face = hb.Face(hb.Blob(font.face._ttf_data))
    return hb.Font(face), 1000.0 / face.upem


@lru_cache(maxsize=16384)
def shape(text: str, font_name: str, rtl: bool) -> Shaped:
    """Text of one direction shaped in a font (with its fallbacks): its glyphs as
    printed, left to right (the last run of a right-to-left text first)."""
    font = pdfmetrics.getFont(font_name)
    if hasattr(font, "plan"):
        runs, _ = font.plan(text)
        names = [f.fontName for f in font.chain()]
    else:
        runs, names = ((0, text),), [font_name]
    import uharfbuzz as hb

    glyphs: list[Glyph] = []
    for index, run in reversed(runs) if rtl else runs:
        hb_font, scale = _hb_font(names[index])
        buf = hb.Buffer()
        buf.add_str(run)
        buf.guess_segment_properties()
        buf.direction = "rtl" if rtl else "ltr"
        hb.shape(hb_font, buf, {})
        starts = sorted({info.cluster for info in buf.glyph_infos})
        ends = dict(zip(starts, [*starts[1:], len(run)], strict=True))
        for info, pos in zip(buf.glyph_infos, buf.glyph_positions, strict=True):
            glyphs.append(
                Glyph(
                    names[index],
                    info.codepoint,
                    pos.x_advance * scale,
                    pos.x_offset * scale,
                    pos.y_offset * scale,
                    (index, info.cluster),
                    run[info.cluster : ends[info.cluster]],
                )
            )
    return Shaped(tuple(glyphs), sum(g.advance for g in glyphs) / 1000)


def runs(text: str, base: int | None = None) -> list[tuple[str, bool]]:
    """A line's runs of one direction, in the order they are shown left to right, each
    with whether it runs right to left. `base` is the paragraph's level (0 left to
    right, 1 right to left), else read from the text's first strong character."""
    level = base_level(text) if base is None else base
    found = line_levels(text, level)
    out: list[tuple[str, int]] = []
    for i, lv in enumerate(found):
        if out and out[-1][1] == lv:
            out[-1] = (out[-1][0] + text[i], lv)
        else:
            out.append((text[i], lv))
    order = visual_order([lv for _, lv in out])
    return [(out[k][0], out[k][1] % 2 == 1) for k in order]


@lru_cache(maxsize=16384)
def shaped_width(text: str, font_name: str) -> float:
    """The width at size 1 of text as `draw_line` prints it: its runs of one direction
    shaped."""
    return sum(shape(run, font_name, rtl).width for run, rtl in runs(text))


def draw_line(
    c: Canvas,
    x: float,
    y: float,
    text: str,
    font: str,
    size: float,
    align: str = "left",
    base: int | None = None,
) -> None:
    """One line of text that needs shaping at (x, y), aligned `left`, `centre` or
    `right` on x: its runs in the order UAX #9 shows them, each shaped. `base` is the
    line's direction (0 left to right, 1 right to left), else its first letter's."""
    pieces = runs(text, base)
    width = sum(shape(run, font, rtl).width for run, rtl in pieces) * size
    if align == "centre":
        x -= width / 2
    elif align == "right":
        x -= width
    _note(text, font)
    for run, rtl in pieces:
        x += draw_glyphs(c, x, y, run, font, size, rtl, note=False)


def draw_glyphs(
    c: Canvas,
    x: float,
    y: float,
    text: str,
    font: str,
    size: float,
    rtl: bool,
    note: bool = True,
) -> float:
    """A run of one direction shaped and drawn from (x, y), its width returned; the
    canvas's fill colour is the text's. Characters it prints as "?" are reported
    (kitgen.render.fonts.take_undrawn) unless `note` is False (the caller does)."""
    shaped = shape(text, font, rtl)
    if note:
        _note(text, font)
    if not shaped.glyphs:
        return 0.0
    doc = c._doc
    chars = [_char(pdfmetrics.getFont(glyph.font), glyph.gid) for glyph in shaped.glyphs]
    spoken = _unspoken(shaped.glyphs, chars, rtl)
    code = [f"BT 1 0 0 1 {fp_str(x, y)} Tm"]
    face = ""  # the font subset now set
    span: tuple[int, int] | None = None  # the cluster whose ActualText span is open
    shown: list[str] = []  # the TJ array being written
    pen = 0.0  # where the shaper puts the next glyph, in thousandths of the size
    at = 0.0  # where the PDF's text position is
    rise = 0.0
    for glyph, char in zip(shaped.glyphs, chars, strict=True):
        ttf = pdfmetrics.getFont(glyph.font)
        ((subset, byte),) = TTFont.splitString(ttf, chr(char), doc)
        name = TTFont.getSubsetInternalName(ttf, subset, doc)
        want = round(glyph.dy * size / 1000, 3)
        opens = glyph.cluster in spoken and span != glyph.cluster
        if name != face or want != rise or opens or (span is not None and span != glyph.cluster):
            if shown:
                code.append(f"[{' '.join(shown)}] TJ")
                shown = []
            if span is not None and span != glyph.cluster:
                code.append("EMC")
                span = None
            if opens:
                code.append(f"/Span <</ActualText <{_utf16(glyph.text)}>>> BDC")
                span = glyph.cluster
            if name != face:
                code.append(f"{name} {fp_str(size)} Tf")
                face = name
            if want != rise:
                code.append(f"{fp_str(want)} Ts")
                rise = want
        move = round(pen + glyph.dx - at, 2)
        escaped = c._escape(byte)
        if move:
            shown.append(fp_str(-move))
        if shown and shown[-1][0] == "(":  # (glyphs with nothing between: one string)
            shown[-1] = f"{shown[-1][:-1]}{escaped})"
        else:
            shown.append(f"({escaped})")
        at += move + ttf.face.getCharWidth(char)
        pen += glyph.advance
    if shown:
        code.append(f"[{' '.join(shown)}] TJ")
    if span is not None:
        code.append("EMC")
    code.append("ET")
    c._code.append(" ".join(code))
    return shaped.width * size


def _note(text: str, font: str) -> None:
    """Report the characters of text a kitgen font prints as "?"."""
    note = getattr(pdfmetrics.getFont(font), "note_drawn", None)
    if note is not None:
        note(text)


def _unspoken(glyphs: tuple[Glyph, ...], chars: list[int], rtl: bool) -> set[tuple[int, int]]:
    """The clusters whose glyphs' characters, read in logical order, do not spell the
    text they stand for (in Unicode's compatibility form, so Arabic's presentation
    forms spell their letters): a glyph with no character of its own (a conjunct), or
    glyphs drawn in another order (Devanagari's sign i before its consonant). Each
    is drawn in a marked-content span whose ActualText is the cluster's text. (A
    bracket mirrored in right-to-left text is its mirror's character: readers mirror
    it back, as they order the text.)"""
    spelt: dict[tuple[int, int], list[str]] = {}
    text: dict[tuple[int, int], str] = {}
    for glyph, char in zip(glyphs, chars, strict=True):
        spelt.setdefault(glyph.cluster, []).append(chr(char))
        text[glyph.cluster] = glyph.text
    out: set[tuple[int, int]] = set()
    for cluster, found in spelt.items():
        said = "".join(reversed(found) if rtl else found)
        if rtl and len(said) == len(text[cluster]) and all(map(mirrored, said + text[cluster])):
            continue
        if any(_PRIVATE[0] <= ord(ch) <= _PRIVATE[1] for ch in said) or normalize(
            "NFKC", said
        ) != normalize("NFKC", text[cluster]):
            out.add(cluster)
    return out


def glyph_chars(face: Any) -> dict[int, list[int]]:
    """A TrueType face's characters by glyph: reportlab's `glyphToChar` (4.3 and later),
    else the inverse of its character map, made once and kept on the face as 4.3 keeps
    it (reportlab 4.1 and 4.2 keep only `charToGlyph`)."""
    table: dict[int, list[int]] | None = getattr(face, "glyphToChar", None)
    if table is None:
        table = {}
        for code, gid in sorted(face.charToGlyph.items()):
            table.setdefault(gid, []).append(code)
        face.glyphToChar = table
    return table


def _char(ttf: Any, gid: int) -> int:
    """The character a glyph is written as in its font's subsets: one the font maps to
    it, else a private-use code it is given (once per font)."""
    chars = [ch for ch in glyph_chars(ttf.face).get(gid, ()) if ch not in (0, 0xA0)]
    if chars:
        return int(min(chars))
    face = ttf.face
    code = getattr(ttf, "_kitgen_private", _PRIVATE[0])
    while code in face.charToGlyph:
        code += 1
    if code > _PRIVATE[1]:
        raise ValueError(f"the font {ttf.fontName} has no private-use code left for a glyph")
    ttf._kitgen_private = code + 1
    face.charToGlyph[code] = gid
    glyph_chars(face).setdefault(gid, []).append(code)
    face.charWidths[code] = face.hmetrics[gid][0] * 1000.0 / face.unitsPerEm
    return code


def _utf16(text: str) -> str:
    """Text as a PDF text string in hex: UTF-16BE with its byte order mark."""
    return "FEFF" + text.encode("utf-16-be").hex().upper()
