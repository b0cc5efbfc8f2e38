"""Text in scripts that must be shaped or reordered (kitgen.render.shaping,
kitgen.layout.bidi): Arabic joined, Arabic and Hebrew right to left, mixed lines in
UAX #9's order, wrapped, measured as printed, on designed games' cards."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import run_in_process
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from kitgen.entry import main
from kitgen.layout.bidi import base_level, display, levels, visual_order
from kitgen.render.fonts import builtin_family, ensure_font, project_family, text_width
from kitgen.render.richtext import draw_rich, fit_rich
from kitgen.render.shaping import glyph_chars, needs_shaping, shape
from kitgen.render.text import draw_text

SANS = builtin_family("sans")
SALAM = "\u0633\u0644\u0627\u0645"  # سلام, peace: seen, lam, alef, meem
SHALOM = "\u05e9\u05dc\u05d5\u05dd"  # שלום
PLAY = "\u0627\u0644\u0639\u0628"  # العب, play
TODAY = "\u0627\u0644\u064a\u0648\u0645"  # اليوم, today


# The bidirectional algorithm (pure).


def test_a_paragraph_runs_the_way_of_its_first_strong_letter() -> None:
    assert base_level(SALAM + " abc") == 1
    assert base_level("123 " + SHALOM) == 1  # digits are not strong
    assert base_level("abc " + SALAM) == 0
    assert base_level("123 !", default=1) == 1


def test_right_to_left_letters_are_shown_reversed_and_numbers_stay_left_to_right() -> None:
    assert display(SHALOM) == SHALOM[::-1]
    # An English word and a number inside Arabic keep their own order, in their place.
    line = f"{PLAY} 3 Alice {TODAY}"
    assert display(line) == f"{TODAY[::-1]} Alice 3 {PLAY[::-1]}"
    # In a left-to-right paragraph, a number after Arabic goes with it (W7, N1).
    assert display(f"abc {SALAM} 123 def") == f"abc 123 {SALAM[::-1]} def"
    # A full stop at the end of an Arabic sentence ends it on the left.
    assert display(f"{SALAM} abc.") == f".abc {SALAM[::-1]}"


def test_arabic_digits_and_separators_between_digits() -> None:
    # European digits after an Arabic letter are Arabic numbers (W2): level 2.
    assert levels(f"{SALAM} 12.5", 1)[-4:] == [2, 2, 2, 2]
    assert levels("a 1,000 b", 0) == [0] * 9
    assert visual_order([0, 1, 1, 2, 2, 1, 0]) == [0, 5, 3, 4, 2, 1, 6]


# Shaping.


def test_only_text_that_needs_it_is_shaped() -> None:
    for text in ("Zażółć", "Ελληνικά", "Кириллица", "城", "Hello, world"):
        assert not needs_shaping(text)
    for text in (SALAM, SHALOM, "\u0928\u092e\u0938\u094d\u0924\u0947", "a\u200fb"):
        assert needs_shaping(text)


def test_an_arabic_word_is_joined() -> None:
    ensure_font("DejaVuSans")
    face = pdfmetrics.getFont("DejaVuSans").face
    isolated = [face.charToGlyph[ord(ch)] for ch in SALAM]
    shaped = shape(SALAM, "DejaVuSans", True)
    gids = [g.gid for g in shaped.glyphs]
    # Shown right to left: the meem (which alef does not join) is the leftmost glyph,
    # then lam and alef as one ligature, then the initial seen.
    assert len(gids) == 3
    assert gids[0] == isolated[3]
    assert gids[2] != isolated[0]
    assert glyph_chars(face)[gids[2]] == [0xFEB3]  # seen, initial form
    assert glyph_chars(face)[gids[1]] == [0xFEFC]  # lam-alef, final form
    # And measured as shaped: narrower than its isolated letters side by side.
    unshaped = sum(face.charWidths[ord(ch)] for ch in SALAM) / 1000
    assert text_width(SALAM, "DejaVuSans", 10) == pytest.approx(shaped.width * 10)
    assert shaped.width < unshaped - 0.1


def _page(draw: object) -> pdfium.PdfPage:
    """A one-page PDF drawn by `draw(canvas)`, opened in pdfium."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(300, 300))
    draw(c)  # type: ignore[operator]
    c.save()
    return pdfium.PdfDocument(buf.getvalue())[0]


def _words(page: pdfium.PdfPage, axis: int = 0) -> tuple[str, list[tuple[float, float]]]:
    """The page's text as pdfium reads it, and where each character starts and ends
    along the line: its left and right (`axis` 0), or its bottom and top (1: text
    turned a quarter left, as cards are on a portrait sheet)."""
    text = page.get_textpage()
    chars = text.count_chars()
    found = text.get_text_range()
    boxes = [text.get_charbox(i)[axis::2] for i in range(chars)]
    return found, boxes


def _span(
    found: str, boxes: list[tuple[float, float]], word: str, after: int = 0
) -> tuple[float, float]:
    """Where a word (the first after `after`) lies on the page, left to right."""
    start = found.index(word, after)
    spans = [boxes[i] for i in range(start, start + len(word)) if boxes[i][1] > boxes[i][0]]
    return min(a for a, _ in spans), max(b for _, b in spans)


def test_card_text_in_arabic_and_hebrew_prints_right_to_left_and_reads_as_typed() -> None:
    text = f"{PLAY} **3** {SALAM} Alice {TODAY}\n{SHALOM} 42"

    def draw(c: Canvas) -> None:
        fitted = fit_rich(text, SANS, 250, 100, max_size=12, min_size=6)
        draw_rich(c, fitted, 20, 100, 250, 100, align="start")

    found, boxes = _words(_page(draw))
    # Read back as typed (pdfium reads the glyphs' characters in logical order).
    assert found.splitlines()[0].strip() == f"{PLAY} 3 {SALAM} Alice {TODAY}"
    assert found.splitlines()[1].strip() == f"{SHALOM} 42"
    # Shown right to left: the first word rightmost, the English name between.
    play, three, alice, today = (_span(found, boxes, w) for w in (PLAY, "3", "Alice", TODAY))
    assert today[1] < alice[0] < alice[1] < three[0] < three[1] < play[0]
    assert play[1] == pytest.approx(270, abs=1.5)  # an Arabic paragraph starts at the right
    # The Hebrew word's letters run right to left, and the number stays left to right.
    shalom = [boxes[found.index(SHALOM) + k][0] for k in range(4)]
    assert shalom == sorted(shalom, reverse=True)
    four, two = boxes[found.index("42")][0], boxes[found.index("42") + 1][0]
    assert four < two < shalom[-1]


def test_an_arabic_paragraph_wraps_its_first_words_onto_its_first_line() -> None:
    words = [PLAY, SALAM, TODAY, "\u0628\u0637\u0627\u0642\u0629"] * 4
    text = " ".join(words)
    fitted = fit_rich(text, SANS, 90, 200, max_size=10, min_size=10)
    assert len(fitted.lines) > 2 and fitted.fits
    assert all(line.rtl and line.width <= 90 + 1e-6 for line in fitted.lines)
    # Each line, read right to left, holds the next words in order.
    read = []
    for line in fitted.lines:
        for piece in reversed(line.pieces):
            read += piece.text.split()
    assert read == words

    def draw(c: Canvas) -> None:
        draw_rich(c, fitted, 20, 20, 90, 200, align="start")

    found, boxes = _words(_page(draw))
    assert found.split() == words
    lefts = [a for a, b in boxes if b > a]
    rights = [b for a, b in boxes if b > a]
    # What was measured is what printed: every line within its box, flush right.
    assert min(lefts) >= 20 - 0.5 and max(rights) <= 110 + 0.5


def test_a_single_line_of_mixed_text_is_drawn_in_order() -> None:
    def draw(c: Canvas) -> None:
        ensure_font("DejaVuSans")
        draw_text(c, 150, 150, f"{SALAM} Kitgen 2026", "DejaVuSans", 12, "centre")

    found, boxes = _words(_page(draw))
    kitgen, year, salam = (_span(found, boxes, w) for w in ("Kitgen", "2026", SALAM))
    assert kitgen[1] < year[0] and year[1] < salam[0]
    width = text_width(f"{SALAM} Kitgen 2026", "DejaVuSans", 12)
    assert kitgen[0] == pytest.approx(150 - width / 2, abs=1.5)
    assert salam[1] == pytest.approx(150 + width / 2, abs=1.5)


def test_an_arabic_card_builds_right_aligned_and_reads_as_typed(tmp_path: Path) -> None:
    status, _out, err = run_in_process(
        main, "new", "game", "Star Lanterns", "--game", "custom", "--dir", str(tmp_path)
    )
    assert status == 0, err
    game = tmp_path / "star-lanterns"
    cards = game / "cards.csv"
    name = f"{SALAM} {TODAY}"
    rules = f"{PLAY} :star: 2 Alice."
    text = cards.read_text(encoding="utf-8")
    cards.write_text(
        text.replace("Dawn Runner,sun,2,Draw a card.,3", f"{name},sun,2,{rules},1"),
        encoding="utf-8",
    )
    status, out, err = run_in_process(main, "check", str(game / "game.yaml"))
    assert status == 0, out + err
    status, out, err = run_in_process(main, "build", str(game / "kit.yaml"), "-o", str(tmp_path))
    assert status == 0, err
    assert "?" not in err
    pdf = pdfium.PdfDocument(str(tmp_path / "star-lanterns" / "star-lanterns-cards.pdf"))
    found, boxes = _words(pdf[0], axis=1)  # (poker cards lie turned on an A4 sheet)
    assert name in found  # the name reads as typed
    # The title, with no `align`, starts where Arabic starts: at the right of its box
    # (4 mm in, 58% of the 63 mm card wide), which ends 14.46 mm before the centre of
    # the power's circle (10 mm wide, 3 mm in from the right).
    title = _span(found, boxes, name)
    power = _span(found, boxes, "2", found.rindex("2", 0, found.index(name)))
    assert (power[0] + power[1]) / 2 - title[1] == pytest.approx(14.46 * 72 / 25.4, abs=1.5)
    # The rules run right to left: the first word rightmost, the English name left of
    # the number, the full stop at the far left.
    line = found.index("Alice") - 3  # (pdfium reads this line as ".Alice 2 ...")
    play, two, alice, stop = (_span(found, boxes, w, line) for w in (PLAY, "2", "Alice", "."))
    assert stop[1] <= alice[0] < alice[1] < two[0] < two[1] < play[0]


def test_a_line_drawn_as_scratch_draws_its_names_is_shaped_and_right_to_left() -> None:
    from kitgen.render.textruns import draw_string

    def draw(c: Canvas) -> None:
        ensure_font("DejaVuSans")
        c.setFont("DejaVuSans", 12)
        draw_string(c, 280, 150, f"{SALAM} {SHALOM}", "right")

    page = _page(draw)
    found, boxes = _words(page)
    assert found.strip() == f"{SALAM} {SHALOM}"
    salam, shalom = _span(found, boxes, SALAM), _span(found, boxes, SHALOM)
    assert shalom[1] < salam[0]  # the second word shown left of the first
    assert salam[1] == pytest.approx(280, abs=1.5)  # ending at x, as measured
    # Three glyphs for the four letters: lam and alef joined as one.
    ink = [i for i in range(len(found)) if boxes[i][1] > boxes[i][0]]
    assert len({boxes[i] for i in ink if found[i] in SALAM}) == 3


DEVANAGARI = Path(__file__).parent / "fixtures" / "fonts" / "NotoSansDevanagari-Subset.ttf"


def test_devanagari_clusters_are_shaped_in_a_font_that_has_them() -> None:
    """Noto Sans Devanagari (a subset, tests/fixtures/fonts): conjuncts and the vowel
    sign i drawn before its consonant, read back as typed."""
    family, problems = project_family({"regular": DEVANAGARI})
    assert family is not None and not problems
    face = pdfmetrics.getFont(family.regular).face
    ki = shape("\u0915\u093f", family.regular, False)  # कि: ka, then the sign i
    assert [g.gid for g in ki.glyphs] == [face.charToGlyph[0x93F], face.charToGlyph[0x915]]
    ksha = shape("\u0915\u094d\u0937", family.regular, False)  # क्ष: one conjunct glyph
    assert len(ksha.glyphs) == 1 and ksha.glyphs[0].gid not in glyph_chars(face)
    text = "नमस्ते हिन्दी क्षत्रिय"  # (हि: its sign i is drawn first, but reads second)

    def draw(c: Canvas) -> None:
        fitted = fit_rich(text, family, 250, 100, max_size=20, min_size=8)
        draw_rich(c, fitted, 20, 100, 250, 100)

    found, boxes = _words(_page(draw))
    assert found.strip() == text  # a conjunct, or glyphs reordered: their ActualText
    right = max(b for a, b in boxes if b > a)
    assert right == pytest.approx(20 + text_width(text, family.regular, 20), abs=1.5)


def test_a_character_no_font_has_in_shaped_text_prints_as_a_question_mark_and_is_said() -> None:
    from kitgen.render.fonts import take_undrawn

    line = f"{SALAM} \u57ce {TODAY}"  # 城: in no font of kitgen's
    take_undrawn()

    def draw(c: Canvas) -> None:
        ensure_font("DejaVuSans")
        draw_text(c, 20, 150, line, "DejaVuSans", 12)

    found, _ = _words(_page(draw))
    assert take_undrawn() == {line: "\u57ce"}
    assert found.strip() == f"{SALAM} ? {TODAY}"


def _forms(pdf: Path) -> set[int]:
    """The characters the PDF's embedded fonts say their glyphs are (ToUnicode)."""
    from pypdf import PdfReader

    found: set[int] = set()
    for page in PdfReader(str(pdf)).pages:
        fonts = page["/Resources"]["/Font"]
        for ref in fonts.values():
            font = ref.get_object()
            if "/ToUnicode" not in font:
                continue
            cmap = font["/ToUnicode"].get_object().get_data().decode("latin-1")
            for line in cmap.splitlines():
                parts = line.split()
                if len(parts) == 2 and parts[1].startswith("<"):
                    found.add(int(parts[1].strip("<>"), 16))
    return found


def test_a_games_arabic_title_on_the_sheet_label_is_joined(tmp_path: Path) -> None:
    status, _out, err = run_in_process(
        main, "new", "game", "Star Lanterns", "--game", "custom", "--dir", str(tmp_path)
    )
    assert status == 0, err
    game = tmp_path / "star-lanterns"
    title = "\u0641\u0648\u0627\u0646\u064a\u0633 \u0627\u0644\u0646\u062c\u0648\u0645"
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("title: Star Lanterns", f"title: {title}"))
    status, _out, err = run_in_process(main, "build", str(game / "kit.yaml"), "-o", str(tmp_path))
    assert status == 0, err
    pdf = tmp_path / "star-lanterns" / "star-lanterns-cards.pdf"
    # The title prints only in the sheet label, in its joined forms: initial feh,
    # final seen, initial lam, medial noon, medial jeem (Unicode's presentation forms).
    assert {0xFED3, 0xFEB2, 0xFEDF, 0xFEE8, 0xFEA0} <= _forms(pdf)
    found = pdfium.PdfDocument(str(pdf))[0].get_textpage().get_text_range()
    assert "\u00b7 sheet 1 of 2 \u00b7 front" in found  # the line stays left to right
