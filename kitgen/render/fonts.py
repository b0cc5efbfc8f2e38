"""Embedded fonts: reportlab's bundled Bitstream Vera, registered once.

The 14 standard PDF fonts are never used: they are not embedded, and print
shops reject files that rely on them. Vera covers Latin-1 and common
punctuation; text with other characters is reported, never silently dropped.
"""

from __future__ import annotations

import os
from functools import cache, lru_cache

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "KitSans"
BOLD = "KitSans-Bold"
ITALIC = "KitSans-Italic"
BOLD_ITALIC = "KitSans-BoldItalic"
_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf", ITALIC: "VeraIt.ttf", BOLD_ITALIC: "VeraBI.ttf"}


@cache
def register_fonts() -> None:
    """Register the kit fonts with reportlab (once per process)."""
    folder = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, os.path.join(folder, filename)))
    pdfmetrics.registerFontFamily(
        REGULAR, normal=REGULAR, bold=BOLD, italic=ITALIC, boldItalic=BOLD_ITALIC
    )


@cache
def _charmap(font: str) -> frozenset[int]:
    register_fonts()
    face = pdfmetrics.getFont(font).face
    return frozenset(face.charToGlyph)


def missing_glyphs(text: str, font: str = REGULAR) -> str:
    """The distinct characters of text that the font cannot draw, in order of appearance."""
    have = _charmap(font)
    out: dict[str, None] = {}
    for ch in text:
        if ord(ch) not in have and not ch.isspace():
            out.setdefault(ch, None)
    return "".join(out)


def text_width(text: str, font: str, size: float) -> float:
    """The width of text in points."""
    return _unit_width(text, font) * size


@lru_cache(maxsize=65536)
def _unit_width(text: str, font: str) -> float:
    register_fonts()
    return float(pdfmetrics.stringWidth(text, font, 1.0))
