"""A KitFont encodes text into a document's font subsets exactly as reportlab's
TrueType font does: the same subset numbers and the same bytes for every text, in any
order, across the first subset's filling up, a no-break space, characters beyond the
first 256 codes, and text that needs the fallback fonts. (Text made only of characters
the first subset holds is encoded without reportlab's loop: `KitFont._first_subset`.)"""

from __future__ import annotations

import os
import random

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from kitgen.render.fonts import FONT_FOLDER, REGULAR, KitFont, ensure_font, register_fonts

FILE = os.path.join(FONT_FOLDER, "DejaVuSans.ttf")


class _Doc:
    """A stand-in for a PDF document: fonts keep their subsets per document object."""


def _alphabet() -> list[str]:
    ascii_ = [chr(c) for c in range(0x20, 0x7F)]
    latin = [chr(c) for c in range(0xC0, 0x17F)]
    greek = [chr(c) for c in range(0x391, 0x3AA) if c != 0x3A2]
    cyrillic = [chr(c) for c in range(0x410, 0x450)]
    return ascii_ + latin + greek + cyrillic + ["\u00a0"]


def test_kitfont_encodes_text_as_reportlab_does_text_after_text() -> None:
    ensure_font("DejaVuSans")
    ours = KitFont("SubsetTestDejaVu", FILE)
    theirs = TTFont("SubsetTestReference", FILE)
    chars = _alphabet()
    rng = random.Random(7)
    for trial in range(3):
        doc = _Doc()
        pool = chars[: 40 + 250 * trial]  # from within the first subset to far past it
        seen: list[str] = []
        for _ in range(1500):
            if seen and rng.random() < 0.6:  # (most text repeats characters met before)
                text = "".join(rng.choice(seen) for _ in range(rng.randint(0, 30)))
            else:
                text = "".join(rng.choice(pool) for _ in range(rng.randint(1, 12)))
            seen.extend(text)
            assert ours.splitString(text, doc) == theirs.splitString(text, doc), text
        # (past 224 characters the first subset is full: later ones go to the next)
        assert trial == 0 or max(s for s, _ in theirs.splitString("".join(pool), doc)) >= 1


def test_each_document_has_subsets_of_its_own() -> None:
    ours = KitFont("SubsetTestDejaVu2", FILE)
    theirs = TTFont("SubsetTestReference2", FILE)
    first, second = _Doc(), _Doc()
    texts = ((first, "\u03b6\u03b5"), (second, "\u03c9"), (first, "\u03c9"), (second, "\u03b6"))
    for doc, text in texts:
        assert ours.splitString(text, doc) == theirs.splitString(text, doc)
    # (ω came third to the first document, first to the second: its codes differ)
    assert ours.splitString("\u03c9", first) != ours.splitString("\u03c9", second)


def test_text_the_font_lacks_still_goes_to_its_fallback() -> None:
    """Vera has no Ł: it is drawn in DejaVu Sans, in subsets of the fallback's own
    (numbered past the font's), whatever the first subset holds."""
    register_fonts()
    vera = pdfmetrics.getFont(REGULAR)
    assert isinstance(vera, KitFont)
    doc = _Doc()
    assert vera.splitString("Lodz", doc) == [(0, vera.splitString("Lodz", doc)[0][1])]
    runs = vera.splitString("\u0141\u00f3d\u017a", doc)
    assert len(runs) > 1 and any(subset >> 24 for subset, _ in runs)
