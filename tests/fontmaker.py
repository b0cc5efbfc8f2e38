"""Tiny fonts made for tests with fontTools' FontBuilder: a box per character, at a
width of the test's choosing (so a test can tell which font drew a character), with
TrueType (glyf) or PostScript (CFF) outlines, and TrueType collections of them."""

from __future__ import annotations

import io
from typing import Any

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont


def _box(pen: Any, width: int, cubic: bool) -> None:
    """A box with a curved top: a cubic curve (a CFF glyph's, to convert) or a
    quadratic one (TrueType's)."""
    pen.moveTo((50, 0))
    pen.lineTo((width - 50, 0))
    pen.lineTo((width - 50, 500))
    if cubic:
        pen.curveTo((width - 50, 700), (50, 700), (50, 500))
    else:
        pen.qCurveTo((width // 2, 800), (50, 500))
    pen.closePath()


def make_font(
    chars: str,
    name: str = "Boxes",
    *,
    width: int = 600,
    cff: bool = False,
    style: str = "Regular",
) -> bytes:
    """A font drawing each of `chars` (and nothing else) as a box `width` units wide of
    1000 to the em; its PostScript name is `name-style`."""
    glyph_names = [f"uni{ord(c):04X}" for c in chars]
    order = [".notdef", *glyph_names]
    builder = FontBuilder(1000, isTTF=not cff)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap({ord(c): g for c, g in zip(chars, glyph_names, strict=True)})
    ps_name = f"{name}-{style}".replace(" ", "")
    if cff:
        strings = {}
        for glyph in order:
            pen = T2CharStringPen(width, None)
            _box(pen, width, True)
            strings[glyph] = pen.getCharString()
        builder.setupCFF(ps_name, {"FullName": f"{name} {style}"}, strings, {})
    else:
        glyphs = {}
        for glyph in order:
            pen = TTGlyphPen(None)
            _box(pen, width, False)
            glyphs[glyph] = pen.glyph()
        builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({glyph: (width, 50) for glyph in order})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable(
        {"familyName": name, "styleName": style, "fullName": f"{name} {style}", "psName": ps_name}
    )
    builder.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200, fsType=0)
    builder.setupPost()
    out = io.BytesIO()
    builder.save(out)
    return out.getvalue()


def make_collection(*fonts: bytes) -> bytes:
    """A font collection (.ttc) of these fonts, in order."""
    collection = TTCollection()
    collection.fonts = [TTFont(io.BytesIO(data)) for data in fonts]
    out = io.BytesIO()
    collection.save(out)
    return out.getvalue()


def with_subroutines(data: bytes, program: list[Any], subrs: list[list[Any]]) -> bytes:
    """A CFF font (`make_font(..., cff=True)`) whose every glyph runs `program`, with
    these local subroutines (Type 2 charstring programs: numbers and operator names;
    `callsubr` takes the subroutine's number less 107, the bias of a short list)."""
    from fontTools.cffLib import SubrsIndex
    from fontTools.misc.psCharStrings import T2CharString

    font = TTFont(io.BytesIO(data), recalcBBoxes=False)  # (a bounding box would run them)
    top = font["CFF "].cff.topDictIndex[0]
    private = top.Private
    index = SubrsIndex()
    for sub in subrs:
        index.append(T2CharString(program=list(sub), private=private))
    private.Subrs = index
    strings = top.CharStrings
    for name in font.getGlyphOrder():
        charstring = strings[name]
        charstring.program = list(program)
        charstring.bytecode = None
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def cff_of(truetype: bytes, chars: str, name: str) -> bytes:
    """A font with PostScript (CFF) outlines drawing `chars` as the TrueType font does
    (its quadratic curves written as cubic ones), with its metrics: a real design, to
    see that converting it back keeps the letters' shapes."""
    from fontTools.pens.recordingPen import DecomposingRecordingPen

    source = TTFont(io.BytesIO(truetype))
    glyph_set = source.getGlyphSet()
    cmap = source.getBestCmap()
    wanted = [".notdef", *dict.fromkeys(cmap[ord(c)] for c in chars)]
    builder = FontBuilder(source["head"].unitsPerEm, isTTF=False)
    builder.setupGlyphOrder(wanted)
    builder.setupCharacterMap({ord(c): cmap[ord(c)] for c in chars})
    strings = {}
    for glyph in wanted:
        recording = DecomposingRecordingPen(glyph_set)
        glyph_set[glyph].draw(recording)
        pen = T2CharStringPen(glyph_set[glyph].width, None)
        recording.replay(pen)
        strings[glyph] = pen.getCharString()
    builder.setupCFF(f"{name}-Regular", {"FullName": f"{name} Regular"}, strings, {})
    builder.setupHorizontalMetrics({g: source["hmtx"][g] for g in wanted})
    hhea = source["hhea"]
    builder.setupHorizontalHeader(ascent=hhea.ascent, descent=hhea.descent)
    builder.setupNameTable(
        {"familyName": name, "styleName": "Regular", "psName": f"{name}-Regular"}
    )
    builder.setupOS2(
        sTypoAscender=hhea.ascent, usWinAscent=hhea.ascent, usWinDescent=-hhea.descent, fsType=0
    )
    builder.setupPost()
    out = io.BytesIO()
    builder.save(out)
    return out.getvalue()
