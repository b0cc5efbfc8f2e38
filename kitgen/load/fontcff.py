"""OpenType fonts with PostScript (CFF) outlines, turned into TrueType ones to embed.

reportlab embeds TrueType outlines (`glyf`) only. An .otf font whose outlines are
PostScript curves (the `CFF ` table: cubic Béziers) is converted in memory, the way
fontTools' otf2ttf example does: each glyph's cubic curves become quadratic ones
(cu2qu, within one font unit of the original), written into a `glyf` table with its
`loca`, a version 1.0 `maxp` and a `post` table of glyph names. The font's other
tables (names, metrics, character map, licence bits) stay as they are, and the result
is checked byte by byte like any TrueType font (kitgen.load.fontfile) before reportlab
reads it.

The outlines are programs (Type 2 charstrings) that call subroutines, which a broken or
hostile file could nest without end or make call each other exponentially often:
each glyph may nest subroutines `FontLimits.max_subroutine_depth` deep (the Type 2
format's own limit is 10) and run at most `FontLimits.max_glyph_work` bytes of
charstrings (a real glyph runs a few hundred), and the whole font at most
`FontLimits.max_outline_work` times its CFF table's bytes (subroutines shared by
glyphs run once per glyph that calls them), so a conversion ends in bounded time.
"""

from __future__ import annotations

import io
from typing import Any

from fontTools.misc.psCharStrings import T2OutlineExtractor
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

from kitgen.layout.limits import FontLimits

MAX_ERROR = 1.0  # font units a quadratic curve may stray from the cubic one (otf2ttf's)


class CffProblem(Exception):
    """What is wrong with a font's PostScript outlines, in words for its designer."""


class _Bounded(T2OutlineExtractor):  # type: ignore[misc]  # (fontTools has no type hints)
    """fontTools' outline reader, counting the charstring bytes it runs and how deep
    subroutines nest."""

    def __init__(self, budget: _Budget, *args: Any) -> None:
        super().__init__(*args)
        self.budget = budget

    def execute(self, charString: Any) -> None:
        if len(self.callingStack) > self.budget.depth:
            raise CffProblem(
                f"its PostScript outlines nest subroutines more than {self.budget.depth} deep"
            )
        code = charString.bytecode if charString.bytecode is not None else charString.program
        self.budget.spend(len(code or ()))
        super().execute(charString)


class _Budget:
    """The charstring bytes a whole font, and the glyph being read, may still run."""

    def __init__(self, left: int, per_glyph: int, depth: int) -> None:
        self.left = left
        self.per_glyph = per_glyph
        self.glyph_left = per_glyph
        self.depth = depth

    def next_glyph(self) -> None:
        self.glyph_left = self.per_glyph

    def spend(self, count: int) -> None:
        self.left -= max(1, count)
        self.glyph_left -= max(1, count)
        if self.left < 0 or self.glyph_left < 0:
            raise CffProblem(
                "its PostScript outlines run far longer than a font's (subroutines calling "
                "each other over and over)"
            )


def cff_to_truetype(data: bytes, limits: FontLimits) -> bytes:
    """The font's bytes with TrueType outlines in place of its CFF ones. Raises
    CffProblem for outlines that cannot be read or break the limits."""
    try:
        font = TTFont(io.BytesIO(data))
        if "CFF2" in font:
            raise CffProblem(
                "it is a variable font with CFF2 outlines, which kitgen cannot embed; use a "
                "static instance of it"
            )
        if "CFF " not in font:
            raise CffProblem("it has no PostScript outlines ('CFF ' table)")
        table_size = font.reader.tables["CFF "].length
        cff = font["CFF "].cff
        if len(cff.topDictIndex) != 1:
            raise CffProblem("its 'CFF ' table holds more than one font")
        top = cff.topDictIndex[0]
        order = font.getGlyphOrder()
        strings = top.CharStrings
        budget = _Budget(
            limits.max_outline_work * table_size + 2**20,
            limits.max_glyph_work,
            limits.max_subroutine_depth,
        )
        glyphs = {}
        for name in order:
            charstring = strings[name]
            private = charstring.private
            pen = TTGlyphPen(None)
            budget.next_glyph()
            extractor = _Bounded(
                budget,
                Cu2QuPen(pen, MAX_ERROR, reverse_direction=True),
                getattr(private, "Subrs", []),
                charstring.globalSubrs,
                private.nominalWidthX,
                private.defaultWidthX,
                private,
            )
            extractor.execute(charstring)
            glyphs[name] = pen.glyph()
        return _with_glyf(font, order, glyphs)
    except CffProblem:
        raise
    except RecursionError:
        raise CffProblem("its PostScript outlines nest too deep to read") from None
    except Exception as err:  # fontTools raises many kinds of error on broken fonts
        reason = (str(err).splitlines() or [type(err).__name__])[0]
        raise CffProblem(f"its PostScript outlines (CFF) cannot be read: {reason}") from None


def _with_glyf(font: Any, order: list[str], glyphs: dict[str, Any]) -> bytes:
    """The font with these TrueType glyphs in place of its CFF table (otf2ttf's steps)."""
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    metrics = font["hmtx"].metrics
    for name, glyph in glyf.glyphs.items():  # the left side bearing is the box's left
        if hasattr(glyph, "xMin"):
            metrics[name] = (metrics[name][0], glyph.xMin)
    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    maxp.maxTwilightPoints = 0
    maxp.maxStorage = 0
    maxp.maxFunctionDefs = 0
    maxp.maxInstructionDefs = 0
    maxp.maxStackElements = 0
    maxp.maxSizeOfInstructions = 0
    maxp.maxComponentElements = max(
        (len(getattr(g, "components", ())) for g in glyf.glyphs.values()), default=0
    )
    maxp.compile(font)
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()
