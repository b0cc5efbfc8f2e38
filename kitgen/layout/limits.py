"""What one build may ask for: card and paper sizes, cards a sheet, cards and pages a file.

Every number here bounds something a small file or option could otherwise make
huge: a 0.001 mm card on A4, or A4 cards on a kilometre of paper, asked the
imposition for billions of slots; a kit listing one big card file fifty times
with twenty extra commons asked for millions of cards. Each limit is checked
where the value enters (the size parsers, the grid planner, the card count of a
kit or file), before anything is allocated for it. docs/limits.md lists
them; the numbers are real-world ranges with room to spare:

- a card side 10 mm to 400 mm: the smallest game cards (about 25 mm) and the
  largest (tarot 70 x 120, oversized boards of cards up to A3) fit easily;
- a paper side 50 mm to 1,200 mm: from a postcard cut down to A0 (841 x 1,189 mm)
  and a 44-inch (1,118 mm) plotter roll;
- a bleed of at most 10 mm (printers ask for 3 mm, some 5 mm);
- 10,000 cards on one sheet: 10 mm cards without bleed fill A0 with 9,594;
- 10,000 cards in one PDF or export (a kit's cards, a deck, a card file): the
  official Scratch kit prints a few hundred;
- 5,000 pages in one PDF: 10,000 tarot cards, four to an A4 sheet, duplex.

A project's TrueType font (FontLimits, checked by kitgen/load/fontfile.py before
reportlab reads it): 32 MiB (the largest CJK fonts are about 20 MiB); 200,000
characters in its character map (Unicode 15.1 assigns 149,813; reportlab keeps a
dictionary entry per character, so a 1 KB file mapping every code point asked for
gigabytes); composite glyphs nested at most 16 deep (real fonts nest 1 to 3).

And what one command reports: 1,000 findings of one file (`FINDINGS_PER_FILE`). A
mistake made once in a spreadsheet's column is a finding on every row of it; the
first thousand show it, and one last finding counts the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.layout.geometry import LayoutError, Size
from kitgen.layout.units import MM


@dataclass(frozen=True)
class PrintLimits:
    """How much one build may print."""

    min_card_side: float = 10 * MM
    max_card_side: float = 400 * MM
    min_paper_side: float = 50 * MM
    max_paper_side: float = 1200 * MM
    max_bleed: float = 10 * MM
    max_cards_per_sheet: int = 10_000
    max_cards: int = 10_000  # in one file built or exported
    max_pages: int = 5_000  # in one PDF


PRINT_LIMITS = PrintLimits()

# The findings reported of one file (by `check`, `score`, `replay`, `build`, `export`,
# `watch`, as text or JSON); the rest are counted in one `too-many-findings`.
FINDINGS_PER_FILE = 1_000


def _mm(points: float) -> str:
    """Millimetres to three places, for a size out of range ("0.001", "1,000,000")."""
    text = f"{points / MM:,.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def check_side_range(size: Size, what: str, low: float, high: float) -> Size:
    """`size`, or LayoutError when a side is outside [low, high] (points)."""
    for side in (size.width, size.height):
        if not low - 1e-9 <= side <= high + 1e-9:
            raise LayoutError(
                f"a {what} of {_mm(size.width)} x {_mm(size.height)} mm is out of range: "
                f"each side must be {_mm(low)} to {_mm(high)} mm"
            )
    return size


def check_card_size(size: Size, limits: PrintLimits = PRINT_LIMITS) -> Size:
    """A card size within the limits, or LayoutError."""
    return check_side_range(size, "card", limits.min_card_side, limits.max_card_side)


def check_paper_size(size: Size, limits: PrintLimits = PRINT_LIMITS) -> Size:
    """A paper size within the limits, or LayoutError."""
    return check_side_range(size, "paper", limits.min_paper_side, limits.max_paper_side)


def too_many_cards(count: int, limits: PrintLimits = PRINT_LIMITS) -> str | None:
    """Why `count` cards are more than one file may print (None when they are not)."""
    if count <= limits.max_cards:
        return None
    return f"{count:,} cards are more than kitgen prints in one file ({limits.max_cards:,})"


@dataclass(frozen=True)
class FontLimits:
    """How much of a project's font kitgen reads (kitgen/load/fontfile.py, fontcff.py)."""

    max_bytes: int = 32 * 1024 * 1024
    max_characters: int = 200_000  # code points its character map names, all together
    max_composite_depth: int = 16  # a composite glyph of composite glyphs of ...
    max_collection_fonts: int = 256  # fonts in a collection (.ttc)
    max_subroutine_depth: int = 10  # PostScript (CFF) outlines' subroutines (Type 2's own)
    max_outline_work: int = 8  # charstring bytes a CFF font runs, times its CFF table's
    max_glyph_work: int = 65_536  # charstring bytes one CFF glyph runs, subroutines and all


FONT_LIMITS = FontLimits()
