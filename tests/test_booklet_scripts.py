# ruff: noqa: RUF001  (full-width punctuation is what these tests are about)
"""Rules booklets in any script: Arabic and Hebrew shaped and right to left (bullets on
the right), Chinese and Japanese broken by UAX #14 with kinsoku kept, German hyphenated
by its dictionary (kitgen.render.script_paragraph)."""

from __future__ import annotations

import io
import itertools
import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pyphen
import pytest
from fontmaker import make_font
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph, SimpleDocTemplate

from kitgen.build import game_figures
from kitgen.layout.paper import paper_size
from kitgen.layout.units import MM
from kitgen.load.documents import read_document
from kitgen.load.rules import game_context
from kitgen.model.rules import RulesFile
from kitgen.render.booklet import BookletFacts, booklet_pdfs
from kitgen.render.fonts import REGULAR, KitFont, register_fonts, text_width
from kitgen.render.pdf import KitCanvas

PLAY = "\u0627\u0644\u0639\u0628"  # العب
SALAM = "\u0633\u0644\u0627\u0645"  # سلام
CARDS = "\u0628\u0637\u0627\u0642\u0627\u062a"  # بطاقات
SHALOM = "\u05e9\u05dc\u05d5\u05dd"  # שלום
FRIENDS = "\u05d7\u05d1\u05e8\u05d9\u05dd"  # חברים

ARABIC_RULES = f"""\
game: scratch
kind: rules
title: {SALAM} {CARDS}
sections:
  - title: {CARDS}
    blocks:
      - text: "{PLAY} **3** {CARDS} Alice {SALAM} {PLAY} {CARDS} {SALAM}."
      - list: ["{SHALOM} {FRIENDS} 42", "{FRIENDS} {SHALOM}"]
      - table:
          columns: [{PLAY}, {SHALOM}]
          rows: [["{SALAM}", "7"]]
"""


def _booklet(tmp_path: Path, source: str, language: str | None = None) -> bytes:
    path = tmp_path / "rules.yaml"
    path.write_text(source, encoding="utf-8")
    doc = read_document(str(path))
    assert isinstance(doc.model, RulesFile), doc
    reading, _, found = booklet_pdfs(
        doc.model,
        game_context("scratch"),
        game_figures("scratch"),
        BookletFacts("2", "a while", "A test."),
        paper_size("a5"),
        paper_size("a4").rotated(),
        "normal",
        **({"language": language} if language else {}),
    )
    assert [f for f in found if f.is_error] == []
    return reading


def _chars(page: pdfium.PdfPage) -> tuple[str, list[tuple[float, float, float, float]]]:
    """The page's text as pdfium reads it, and each character's box (left, bottom,
    right, top)."""
    text = page.get_textpage()
    return text.get_text_range(), [text.get_charbox(i) for i in range(text.count_chars())]


def _span(
    found: str, boxes: list[tuple[float, ...]], word: str, after: int = 0
) -> tuple[float, float]:
    start = found.index(word, after)
    spans = [boxes[i] for i in range(start, start + len(word)) if boxes[i][2] > boxes[i][0]]
    return min(b[0] for b in spans), max(b[2] for b in spans)


def test_an_arabic_and_hebrew_rules_booklet_is_shaped_right_to_left(tmp_path: Path) -> None:
    """reportlab's Paragraph drew Arabic's letters unjoined (each isolated, wider) and
    every line left to right, flush left, its bullets on the left."""
    pdf = pdfium.PdfDocument(_booklet(tmp_path, ARABIC_RULES))
    found, boxes = _chars(pdf[1])  # (the first page is the cover)
    width = pdf[1].get_size()[0]
    right = width - 13 * MM  # the frame's right edge
    line = found.index("Alice")
    start = found.rindex("\n", 0, line) + 1 if "\n" in found[:line] else 0
    # Read back as typed.
    assert PLAY in found[start:] and CARDS in found[start:]
    # Right to left: the first word at the right margin, the English name left of the
    # number, which is left of the first word.
    play, three, alice = (_span(found, boxes, w, start) for w in (PLAY, "3", "Alice"))
    assert alice[1] < three[0] < three[1] < play[0]
    assert play[1] == pytest.approx(right, abs=1.0)
    # Joined: the word is as wide as shaped, narrower than its letters side by side.
    salam = _span(found, boxes, SALAM, start)
    # (Its ink is a little narrower than its advance: 18.1 pt of 19.5, unjoined 27.0.)
    unjoined = sum(pdfmetrics.stringWidth(ch, "DejaVuSans", 9.5) for ch in SALAM)
    joined = text_width(SALAM, REGULAR, 9.5)
    assert joined < unjoined - 5
    assert joined - 2 < salam[1] - salam[0] <= joined
    # The Hebrew list: its bullets on the right of their items, the items flush right
    # against the indent, the number left of the words.
    item = found.index(SHALOM)
    bullet = found.index("\u2022")
    shalom, friends, number = (_span(found, boxes, w, item) for w in (SHALOM, FRIENDS, "42"))
    assert number[1] < friends[0] < friends[1] < shalom[0]
    assert boxes[bullet][0] > shalom[1]
    assert boxes[bullet][2] == pytest.approx(right, abs=3.0)
    # A table whose headings run right to left has its first column on the right.
    first, second = (_span(found, boxes, w, found.rindex(w)) for w in (PLAY, SHALOM))
    assert second[1] < first[0]
    assert first[1] == pytest.approx(right - 3, abs=1.0)  # (the cell's padding)
    # The running title reads as typed, at the right margin.
    assert f"{SALAM} {CARDS}" in found
    footer = _span(found, boxes, f"{SALAM} {CARDS}")
    assert footer[1] == pytest.approx(right, abs=1.0)
    # The heading too: its number at the right margin, its title left of it.
    title = found.index(f"1 {CARDS}")
    number = _span(found, boxes, "1", title)
    heading = _span(found, boxes, CARDS, title)
    assert number[1] == pytest.approx(right, abs=1.0)
    assert heading[1] < number[0]


def test_latin_rules_stay_reportlab_paragraphs(tmp_path: Path) -> None:
    """Only text that needs it is kitgen's paragraph: Latin booklets print as before."""
    from kitgen.render.script_paragraph import ScriptParagraph, paragraph

    register_fonts()
    style = ParagraphStyle("body", fontName=REGULAR, fontSize=9, leading=12)
    assert type(paragraph("Żółw draws <b>two</b> cards.", style)) is Paragraph
    assert type(paragraph(f"{SALAM} cards", style)) is ScriptParagraph
    assert type(paragraph("カードを引く。", style)) is ScriptParagraph
    assert type(paragraph("Draw a card \u2b50 \u2014 or two\u2026", style)) is Paragraph


# Kinsoku: what may not start a line and what may not end one.
NO_START = set("、。，．・：；？！ー」』）〕］｝〉》ぁぃぅぇぉっゃゅょァィゥェォッャュョ々")
NO_END = set("「『（〔［｛〈《")
JAPANESE = (
    "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"
    "何でも薄暗いじめじめした所で「ニャーニャー」泣いていた事だけは記憶している。"
    "（カードを一枚引く。）ターンの終わりに、Emberwake の相手は手札を捨てる。"
)
CHINESE = (
    "学而时习之，不亦说乎？有朋自远方来，不亦乐乎？「人不知而不愠」，Emberwake 不亦君子乎？（论语）"
)


@pytest.fixture(scope="module")
def cjk_font(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A font with a one-em box for each Chinese and Japanese character of the tests
    (Latin falls back on DejaVu Sans)."""
    register_fonts()
    chars = "".join(sorted({ch for ch in JAPANESE + CHINESE if ord(ch) > 0x2000}))
    path = tmp_path_factory.mktemp("cjk") / "boxes.ttf"
    path.write_bytes(make_font(chars, "KitgenTestCJK", width=1000))
    name = "KitgenTestCJK-Regular"
    pdfmetrics.registerFont(KitFont(name, str(path)))
    return name


def _printed_lines(flowable: Paragraph, width: float, inside: bool = True) -> list[str]:
    """The lines a paragraph prints in a column `width` wide, as pdfium reads them; each
    character inside the column (unless `inside` is False)."""
    buf = io.BytesIO()
    doc = SimpleDocTemplate(
        buf,
        pagesize=(width + 40, 2000),
        leftMargin=14,  # (and the frame's padding, 6 pt: the text from 20 pt)
        rightMargin=14,
        topMargin=20,
        bottomMargin=20,
    )
    doc.build([flowable], canvasmaker=KitCanvas)
    page = pdfium.PdfDocument(buf.getvalue())[0]
    found, boxes = _chars(page)
    for ch, box in zip(found, boxes, strict=True):
        if ch.strip() and inside:
            assert box[0] >= 20 - 0.5 and box[2] <= 20 + width + 0.5, (ch, box, width)
    return [line for line in found.replace("\r", "").split("\n") if line.strip()]


@pytest.mark.parametrize("source", [JAPANESE, CHINESE])
def test_japanese_and_chinese_rules_keep_kinsoku_at_every_width(cjk_font: str, source: str) -> None:
    """reportlab's `CJK` word wrap starts lines with `。` and `」` and splits `Emberwake`;
    its default wraps only at spaces (a line of Japanese overflows its column)."""
    from kitgen.render.script_paragraph import ScriptParagraph

    style = ParagraphStyle("body", fontName=cjk_font, fontSize=10, leading=13)
    for ems in range(6, 36):
        width = ems * 10.0
        lines = _printed_lines(ScriptParagraph(source, style, "ja"), width)
        assert "".join(lines).replace(" ", "") == source.replace(" ", ""), lines
        for k, line in enumerate(lines):
            if k:
                assert line[0] not in NO_START, (width, lines)
            if k < len(lines) - 1:
                assert line[-1] not in NO_END, (width, lines)
        if text_width("Emberwake", cjk_font, 10) <= width:  # never split where it fits
            assert any("Emberwake" in line for line in lines), (width, lines)
        # Lines are filled, to within the piece kinsoku holds together.
        assert all(len(line.replace(" ", "")) >= ems - 5 for line in lines[:-1]), lines


def test_reportlabs_own_cjk_wrap_breaks_kinsoku(cjk_font: str) -> None:
    """Why the booklet does not use reportlab's `wordWrap='CJK'`."""
    style = ParagraphStyle("body", fontName=cjk_font, fontSize=10, leading=13, wordWrap="CJK")
    broken = 0
    for ems in range(6, 36):
        # (and it hangs closing punctuation past the column's edge)
        lines = _printed_lines(Paragraph(JAPANESE, style), ems * 10.0, inside=False)
        broken += sum(1 for line in lines[1:] if line[0] in NO_START)
    assert broken > 0


def _hyphenated(text: str) -> list[tuple[str, int]]:
    """The words of text read by pdfium hyphenated at a line's end, each with where:
    pdfium reads such a hyphen as U+FFFE and joins the lines."""
    parts = text.split("\ufffe")
    out = []
    for before, after in itertools.pairwise(parts):
        head = before.split()[-1]
        out.append((head + after.split()[0].rstrip(".,:"), len(head)))
    return out


GERMAN_RULES = """\
game: scratch
kind: rules
title: Hausregeln
language: de
sections:
  - title: Spielvorbereitung
    blocks:
      - text: "Die Nachziehstapelverwaltung übernimmt die Schatzkammerverwalterin mit \
der Siegpunktleiste und den Belohnungsmarkern bei der Spielvorbereitung. Die \
Mitspielerin mit der Lieblingsfarbe legt die Ereigniskarten und die \
Rohstoffplättchen neben die Kartensammlung und die Ablagestapelverwaltung. Danach \
mischt die Startspielerin die Handkartenauswahl und die Nachziehstapelkarten."
"""


def test_a_german_rules_booklet_is_hyphenated_by_its_dictionary(tmp_path: Path) -> None:
    """The rules file's `language: de` hyphenates by the German dictionary; the same
    text with no language is hyphenated nowhere (as before)."""
    dic = pyphen.Pyphen(lang="de_DE")
    source = GERMAN_RULES.split('text: "', 1)[1].replace("\\\n", "").rsplit('"', 1)[0]
    words = source.replace(".", " ").replace(",", " ").split()

    def cut_words(data: bytes) -> list[tuple[str, int]]:
        return _hyphenated(
            " ".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(data))
        )

    hyphenated = cut_words(_booklet(tmp_path, GERMAN_RULES))
    assert hyphenated, "no word was hyphenated"
    for whole, at in hyphenated:
        assert whole in words and at in dic.positions(whole), (whole, at)
    plain = GERMAN_RULES.replace("language: de\n", "")
    assert cut_words(_booklet(tmp_path, plain)) == []
    # And the language may come from the caller (the game's, an edition's).
    assert cut_words(_booklet(tmp_path, plain, language="de")) == hyphenated


def _designed_booklet(tmp_path: Path, game_line: str) -> bytes:
    """Emberwake's reading edition, its game file with `game_line` added and the first
    paragraph of its rules in German."""
    from conftest import run_in_process

    from kitgen.entry import main

    game = tmp_path / "emberwake"
    shutil.copytree(Path(__file__).parent.parent / "data" / "examples" / "emberwake", game)
    path = game / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + game_line, encoding="utf-8")
    rules = game / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    first = text.index('      - text: "Two keepers')
    end = text.index("\n", first)
    german = GERMAN_RULES.split("      - text: ", 1)[1].split('"\n', 1)[0] + '"'
    rules.write_text(
        text[:first] + "      - text: " + german.replace("\\\n", "") + text[end:], encoding="utf-8"
    )
    out = tmp_path / "out"
    status, _out, err = run_in_process(main, "build", str(game / "kit.yaml"), "-o", str(out))
    assert status == 0, err
    return (out / "emberwake" / "emberwake-rules.pdf").read_bytes()


def test_a_designed_games_language_hyphenates_its_booklet(tmp_path: Path) -> None:
    """A game file's `language: de` is its rules' language; a game file that writes
    none hyphenates nothing (its card text is English, its booklet as before)."""

    def hyphens(data: bytes) -> int:
        return sum(
            p.get_textpage().get_text_range().count("\ufffe") for p in pdfium.PdfDocument(data)
        )

    assert hyphens(_designed_booklet(tmp_path / "de", "language: de\n")) > 0
    assert hyphens(_designed_booklet(tmp_path / "none", "")) == 0


def test_kitgens_paragraph_hyphenates_by_the_rules_language() -> None:
    """A German paragraph that quotes a Hebrew word is kitgen's; a word that does not
    fit at a line's end is hyphenated at a German dictionary point, as reportlab's
    paragraphs are; with no language, none is."""
    from kitgen.render.script_paragraph import ScriptParagraph

    register_fonts()
    dic = pyphen.Pyphen(lang="de_DE")
    source = (
        f"Das Wort {SHALOM} heißt Frieden: die Schatzkammerverwalterin übernimmt die "
        "Nachziehstapelverwaltung und die Siegpunktleiste bei der Spielvorbereitung."
    )
    words = source.replace(".", " ").replace(":", " ").split()
    style = ParagraphStyle("body", fontName=REGULAR, fontSize=10, leading=13)
    found = 0
    for width in range(120, 260, 10):
        lines = _printed_lines(ScriptParagraph(source, style, "de"), float(width))
        for whole, at in _hyphenated(" ".join(lines)):
            assert whole in words and at in dic.positions(whole), (width, lines)
            found += 1
        plain = _printed_lines(ScriptParagraph(source, style), float(width))
        assert _hyphenated(" ".join(plain)) == [], plain
    assert found


def test_the_back_covers_components_in_arabic_are_shaped_with_their_bullets_on_the_right(
    tmp_path: Path,
) -> None:
    """The back cover lists the kit's components with a bullet each: an Arabic one was
    reportlab's Paragraph, unjoined, left to right, its bullet on the left."""
    path = tmp_path / "rules.yaml"
    path.write_text(ARABIC_RULES, encoding="utf-8")
    doc = read_document(str(path))
    assert isinstance(doc.model, RulesFile)
    facts = BookletFacts("2", "a while", "A test.", components=((CARDS, f"{SALAM} 30"),))
    reading, _, found = booklet_pdfs(
        doc.model,
        game_context("scratch"),
        game_figures("scratch"),
        facts,
        paper_size("a5"),
        paper_size("a4").rotated(),
        "normal",
    )
    assert [f for f in found if f.is_error] == []
    pdf = pdfium.PdfDocument(reading)
    found_text, boxes = _chars(pdf[len(pdf) - 1])
    right = pdf[0].get_size()[0] - 13 * MM
    item = found_text.index(f"{CARDS}.")
    name, salam, number = (_span(found_text, boxes, w, item) for w in (CARDS, SALAM, "30"))
    assert number[1] < salam[0] < salam[1] < name[0]
    bullet = found_text.rindex("\u2022")
    assert boxes[bullet][0] > name[1] and boxes[bullet][2] == pytest.approx(right, abs=3.0)
    assert salam[1] - salam[0] <= text_width(SALAM, REGULAR, 9.5)  # joined


# Five sections (more than four: a contents list), headed in Arabic, one with a Hebrew
# subsection.
CONTENTS_TITLES = (CARDS, f"{PLAY} {SALAM}", SALAM, f"{PLAY} {CARDS}", f"{SALAM} {CARDS}")
ARABIC_CONTENTS_RULES = (
    f"game: scratch\nkind: rules\ntitle: {SALAM} {CARDS}\nlanguage: ar\nsections:\n"
    + "".join(
        f'  - title: {title}\n    blocks:\n      - text: "{PLAY} {CARDS} {SALAM}."\n'
        for title in CONTENTS_TITLES
    )
    + f"    sections:\n      - title: {FRIENDS} {SHALOM}\n        blocks:\n"
    f'          - text: "{SHALOM}."\n'
)


def test_an_arabic_contents_list_is_joined_and_flush_right(tmp_path: Path) -> None:
    """The contents list set its entries with reportlab's Paragraph: Arabic unjoined,
    left to right, flush left. Each is now set as its heading: joined, in UAX #9's order,
    flush right, its page number and dots on the left."""
    from test_shaping import _forms

    reading = _booklet(tmp_path, ARABIC_CONTENTS_RULES)
    path = tmp_path / "reading.pdf"
    path.write_bytes(reading)
    # Nothing in the booklet prints these letters unjoined (none stands alone in its
    # word: beh, tah, qaf begin or sit inside theirs, seen begins its, lam joins alef
    # or begins al-, ain sits inside la`ib): reportlab's contents entries did.
    unjoined = {0x0628, 0x0637, 0x0642, 0x0633, 0x0644, 0x0639}
    assert unjoined.isdisjoint(_forms(path))
    pdf = pdfium.PdfDocument(reading)
    page = pdf[1]  # (the first page is the cover)
    found, boxes = _chars(page)
    left, right = 13 * MM, page.get_size()[0] - 13 * MM  # the frame's edges
    # The entries: the lines with dots, each read as typed (the heading's number, its
    # words, the dots, the page number).
    entries = []
    start = 0
    for text in found.split("\r\n"):
        if " . . " in text:
            entries.append((start, text))
        start += len(text) + 2
    assert [text.split(" . ")[0] for _, text in entries] == [
        *(f"{number} {title}" for number, title in enumerate(CONTENTS_TITLES, 1)),
        f"5.1 {FRIENDS} {SHALOM}",
    ]
    for (entry, text), title in zip(entries, CONTENTS_TITLES, strict=False):
        line = entry + len(text)
        digit = _span(found, boxes, text[0], entry)
        words = _span(found, boxes, title, entry)
        page_number = _span(found, boxes, text[-1], line - 1)
        # The heading's number at the right margin, its words left of it; the page
        # number at the left margin, the dots between.
        assert digit[1] == pytest.approx(right, abs=1.0), title
        assert words[1] < digit[0]
        assert page_number[0] == pytest.approx(left, abs=1.0), title
        dots = [boxes[i] for i in range(entry, line) if found[i] == "."]
        assert dots and all(page_number[1] < b[0] and b[2] < words[0] for b in dots)
    # Joined: as wide as shaped, narrower than its letters side by side.
    salam = _span(found, boxes, SALAM, entries[2][0])
    joined = text_width(SALAM, REGULAR, 9.5)
    assert joined - 2 < salam[1] - salam[0] <= joined
    # The Hebrew subsection's entry: flush right inside its indent (1.5 em).
    sub = _span(found, boxes, "5.1", entries[5][0])
    assert sub[1] == pytest.approx(right - 1.5 * 9.5, abs=1.0)


def test_a_paragraph_split_over_a_page_breaks_its_rest_at_the_width_it_gets() -> None:
    """The part after a split holds the lines that did not fit; in a column of another
    width they are broken again to fit it, and no word is lost or doubled."""
    from kitgen.render.script_paragraph import ScriptParagraph

    register_fonts()
    words = [PLAY, SALAM, CARDS, "Alice", "42"] * 12
    style = ParagraphStyle("body", fontName=REGULAR, fontSize=10, leading=13)
    whole = ScriptParagraph(" ".join(words), style)
    _, height = whole.wrap(200, 1000)
    head, tail = whole.split(200, 3 * 13)
    assert head.wrap(200, 1000)[1] == 3 * 13
    assert tail.wrap(200, 1000)[1] == height - 3 * 13  # the same lines, at the same width
    tail.wrap(120, 1000)
    assert all(line.width <= 120 + 1e-6 for line in tail._lines)
    read = [w for part in (head, tail) for line in part._lines for w in line.text.split()]
    assert read == words


@pytest.mark.skipif(
    not (shutil.which("qpdf") and shutil.which("mutool")), reason="qpdf and mutool needed"
)
def test_a_right_to_left_booklet_passes_qpdf_and_mupdf_draws_it_without_a_word(
    tmp_path: Path,
) -> None:
    """Shaped runs are written into the fonts' own subsets: the booklet is a sound PDF
    (what tests/test_pdf_validity.py holds every built-in game's to)."""
    path = tmp_path / "booklet.pdf"
    path.write_bytes(_booklet(tmp_path, ARABIC_RULES))
    run = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    out = tmp_path / "m%d.png"
    run = subprocess.run(
        ["mutool", "draw", "-q", "-r", "10", "-o", str(out), str(path)],
        capture_output=True,
        text=True,
    )
    said = [
        line
        for line in (run.stdout + run.stderr).splitlines()
        if line.strip() and line.strip() != "warning: ICC support is not available"
    ]
    assert run.returncode == 0 and said == [], said
