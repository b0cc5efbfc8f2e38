# ruff: noqa: RUF001  (the words' own punctuation: full-width colons in Japanese)
"""The booklet's own words (`Contents`, `TIP`, `EXAMPLE`, the players, the padding
pages, the credit line ...) in the rules' language (kitgen.layout.words), and a rules
file's `words:` over them; English where the table has no words for the language."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import checked, pdf_text, run_in_process, starter_in_languages
from test_edition_booklets import KIT  # (the kit of rules in English and German)

from kitgen.build import game_figures
from kitgen.entry import main
from kitgen.layout.paper import paper_size
from kitgen.layout.units import MM
from kitgen.layout.words import (
    ENGLISH,
    LANGUAGES,
    PLACEHOLDER,
    PLACEHOLDERS,
    WHERE,
    table,
    table_language,
    words_for,
)
from kitgen.load.documents import read_document
from kitgen.load.rules import game_context
from kitgen.model.rules import BookletWords, RulesFile
from kitgen.render.booklet import BookletFacts, booklet_pdfs, reference_pdf
from kitgen.render.padding import PaddingFacts, card_list

# Five sections (a contents list), a tip, an example and a quick reference.
RULES = """game: scratch
kind: rules
title: {title}
sections:
  - title: "{first}"
    blocks:
      - text: "{text}"
      - tip: "{text}"
      - example:
          title: "{first}"
          blocks:
            - text: "{text}"
  - title: "{first} 2"
    blocks: [{{text: "{text}"}}]
  - title: "{first} 3"
    blocks: [{{text: "{text}"}}]
  - title: "{first} 4"
    blocks: [{{text: "{text}"}}]
  - title: "{first} 5"
    blocks: [{{text: "{text}"}}]
quick_reference:
  - title: "{first}"
    blocks: [{{text: "{text}"}}]
"""
GERMAN = RULES.format(
    title="Sternlaternen", first="Spielablauf", text="Entzünde jede Laterne vor der Dämmerung."
)
ARABIC = RULES.format(title="سلام بطاقات", first="بطاقات", text="العب 3 بطاقات.")
# Eight cards: the saddle-stitched edition's padding pages start with their checklist.
DECK = card_list([("Karten", tuple(f"Karte {n}" for n in range(1, 9)))])


def rules_in(tmp_path: Path, source: str) -> RulesFile:
    path = tmp_path / "rules.yaml"
    path.write_text(source, encoding="utf-8")
    doc = read_document(str(path))
    assert isinstance(doc.model, RulesFile), doc
    return doc.model


def booklets(rules: RulesFile, language: str | None) -> tuple[str, str, bytes]:
    """The reading and saddle-stitched editions' text, and the reading edition."""
    reading, folded, found = booklet_pdfs(
        rules,
        game_context("scratch"),
        game_figures("scratch"),
        BookletFacts("2", "20", "Ein Test."),
        paper_size("a5"),
        paper_size("a4").rotated(),
        "normal",
        PaddingFacts(rules.title, DECK, score_players=4),
        language,
    )
    assert [f for f in found if f.is_error] == []
    return text_of(reading), text_of(folded), reading


def text_of(pdf: bytes) -> str:
    """A PDF's text, its pages one after another (a word's hyphenation points, pdfium's
    U+FFFE, left out)."""
    document = pdfium.PdfDocument(pdf)
    text = "\n".join(page.get_textpage().get_text_range() for page in document)
    return text.replace("\ufffe", "")


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """The German rules' reading and saddle-stitched editions, as text."""
    rules = rules_in(tmp_path_factory.mktemp("de"), GERMAN)
    reading, folded, _ = booklets(rules, "de-AT")
    return reading, folded


def test_a_german_booklet_prints_the_german_words(german: tuple[str, str]) -> None:
    """Before: `Contents`, `TIP`, `EXAMPLE`, `2 players`, `Quick reference`, `Card
    checklist`, `Printed with kitgen` in a German booklet."""
    reading, folded = german
    for text in (reading, folded):
        assert "Inhalt" in text and "Contents" not in text
        assert "TIPP" in text and "BEISPIEL" in text and "EXAMPLE" not in text
        assert "2 Spieler" in text and "players" not in text
        assert "Kurzübersicht" in text and "Quick reference" not in text
        assert "Gedruckt mit kitgen" in text and "Printed with" not in text
    # The padding pages: the card checklist (its notes under it) and the score page.
    assert "Kartenliste" in folded and "Card checklist" not in folded
    assert "8 Karten. Ein Kästchen je Exemplar" in folded
    assert "Notizen" in folded and "Notes" not in folded


def padding_pdf(language: str, count: int = 3) -> bytes:
    """`count` padding pages (a checklist, a score page, notes) in a language's words."""
    import io

    from reportlab.platypus import Frame, PageTemplate

    from kitgen.render.booklet import _Paged
    from kitgen.render.fonts import register_fonts
    from kitgen.render.padding import padding_pages

    register_fonts()
    width, height = 346.0, 519.0
    facts = PaddingFacts("Sternlaternen", DECK, score_players=4)
    flow = padding_pages(facts, count, 9.5, width, height, words_for(language))
    buffer = io.BytesIO()
    doc = _Paged(buffer, pagesize=(width, height), invariant=1)
    frame = Frame(0, 0, width, height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate("page", [frame])])
    doc.build(flow[1:])  # (the first page break is the one after the rules)
    return buffer.getvalue()


def test_the_padding_pages_are_in_the_booklets_words() -> None:
    pages = [page.get_textpage().get_text_range() for page in pdfium.PdfDocument(padding_pdf("de"))]
    assert pages[0].startswith("Kartenliste") and "Notizen" in pages[0]
    assert pages[1].startswith("Punkte") and "Tragt oben die Namen" in pages[1]
    assert "Partie" in pages[1] and "Spieler 4" in pages[1] and "Summe" in pages[1]
    assert pages[2].startswith("Notizen")
    for english in ("Card checklist", "Scores", "Game", "player 1", "Total", "Notes"):
        assert english not in "".join(pages)


def test_an_arabic_padding_pages_heading_stands_at_the_right() -> None:
    """A right-to-left page heading at the right margin, the game's name at the left;
    shaped words in the score grid, read back as typed."""
    document = pdfium.PdfDocument(padding_pdf("ar"))
    for number, heading in ((0, "قائمة البطاقات"), (1, "النقاط"), (2, "ملاحظات")):
        page = document[number]
        textpage = page.get_textpage()
        found = textpage.get_text_range()
        start, game = found.index(heading), found.index("Sternlaternen")
        head = [textpage.get_charbox(i) for i in range(start, start + len(heading))]
        name = [textpage.get_charbox(i) for i in range(game, game + len("Sternlaternen"))]
        assert max(b[2] for b in head) == pytest.approx(page.get_size()[0], abs=1.5)
        assert min(b[0] for b in name) == pytest.approx(0, abs=1.5)
    # The score grid's words read as typed, each inside its cell, at its right: the
    # column of games is 13 mm wide, a player's a quarter of the rest.
    textpage = document[1].get_textpage()
    score = textpage.get_text_range()
    column = (346 - 13 * MM) / 4
    for word, right in (("الجولة", 12 * MM), ("المجموع", 12 * MM), ("اللاعب 4", 346 - 1.5 * MM)):
        start = score.index(word)
        boxes = [textpage.get_charbox(i) for i in range(start, start + len(word))]
        assert max(b[2] for b in boxes) == pytest.approx(right, abs=1.0), word
        assert min(b[0] for b in boxes) > right - (12 * MM if right < column else column), word


def test_the_quick_reference_page_is_headed_in_the_rules_language(tmp_path: Path) -> None:
    rules = rules_in(tmp_path, GERMAN)
    pdf, found = reference_pdf(
        rules,
        game_context("scratch"),
        game_figures("scratch"),
        paper_size("a4"),
        "normal",
        "de",
    )
    assert [f for f in found if f.is_error] == []
    text = text_of(pdf)
    assert "Sternlaternen: Kurzübersicht" in text and "quick reference" not in text
    assert pdfium.PdfDocument(pdf).get_metadata_dict()["Title"] == "Sternlaternen: Kurzübersicht"


def test_a_rules_files_words_are_printed_over_the_tables(tmp_path: Path) -> None:
    own = GERMAN.replace(
        "quick_reference:",
        'words:\n  tip: Hinweis\n  contents: "Übersicht"\n'
        '  reference_title: "Kurz und knapp: {title}"\n'
        '  players: "Für {players} Personen"\nquick_reference:',
    )
    rules = rules_in(tmp_path, own)
    reading, _, _ = booklets(rules, "de")
    assert "HINWEIS" in reading and "TIPP" not in reading
    assert "Übersicht" in reading and "Inhalt" not in reading
    assert "Für 2 Personen" in reading
    assert "BEISPIEL" in reading  # (the table's, where the file says nothing)
    pdf, _ = reference_pdf(
        rules, game_context("scratch"), game_figures("scratch"), paper_size("a4"), "normal", "de"
    )
    assert "Kurz und knapp: Sternlaternen" in text_of(pdf)


@pytest.mark.parametrize("language", [None, "eo", "zh-Latn"])
def test_a_language_the_table_lacks_keeps_english(tmp_path: Path, language: str | None) -> None:
    rules = rules_in(tmp_path, GERMAN)
    reading, _, _ = booklets(rules, language)
    assert "Contents" in reading and "TIP" in reading and "EXAMPLE" in reading
    assert "Printed with kitgen" in reading and "Inhalt" not in reading


def test_an_arabic_booklet_prints_its_words_right_to_left(tmp_path: Path) -> None:
    """The Arabic contents heading is shaped, reads as typed and stands at the right
    margin; the call-out's label is Arabic."""
    rules = rules_in(tmp_path, ARABIC)
    reading, folded, pdf = booklets(rules, "ar")
    assert "المحتويات" in reading and "Contents" not in reading
    assert "نصيحة" in reading and "مثال" in reading and "TIP" not in reading
    assert "طُبع باستخدام kitgen" in reading
    assert "قائمة البطاقات" in folded and "ملاحظات" in folded
    document = pdfium.PdfDocument(pdf)
    page = document[1]  # (the contents)
    textpage = page.get_textpage()
    found = textpage.get_text_range()
    start = found.index("المحتويات")
    boxes = [textpage.get_charbox(i) for i in range(start, start + len("المحتويات"))]
    right = page.get_size()[0] - 13 * MM
    assert max(b[2] for b in boxes) == pytest.approx(right, abs=1.5)


def test_every_language_has_every_word_with_only_its_placeholders() -> None:
    keys = list(BookletWords.model_fields)
    assert list(ENGLISH) == keys and list(WHERE) == keys
    assert {"en", "de", "fr", "es", "it", "pl", "nl", "pt", "ja", "zh", "ar", "he"} <= set(
        LANGUAGES
    )
    for language in LANGUAGES:
        words = table(language)
        assert list(words) == keys, language
        for key, word in words.items():
            assert word.strip() == word and word, (language, key)
            named = {m.group(1) for m in PLACEHOLDER.finditer(word)}
            assert named <= set(PLACEHOLDERS.get(key, ())), (language, key, word)
            # Every placeholder the English word fills in, the word fills in too.
            assert named == {m.group(1) for m in PLACEHOLDER.finditer(ENGLISH[key])}, (
                language,
                key,
            )
            limit = BookletWords.model_fields[key].metadata
            assert all(len(word) <= getattr(m, "max_length", 2000) for m in limit), key
            assert "kitgen" in word or key not in ("kitgen", "credit"), (language, key)


def test_the_japanese_words() -> None:
    """(A Japanese booklet prints its characters as `?` until its type draws them.)"""
    words = words_for("ja-JP")
    assert words["contents"] == "目次" and words["tip"] == "ヒント"
    assert words.text("reference_title", title="星の灯") == "星の灯：早見表"
    assert words.text("player_range", low="2", high="4") == "2〜4"
    assert words.text("players", players="2〜4") == "2〜4人"


@pytest.mark.parametrize(
    ("tag", "language"),
    [
        ("de", "de"),
        ("de-AT", "de"),
        ("DE-ch", "de"),
        ("pt-BR", "pt"),
        ("zh", "zh"),
        ("zh-Hans", "zh"),
        ("zh-CN", "zh"),
        ("zh-Hans-SG", "zh"),
        ("zh-Hant", "zh-Hant"),
        ("zh-TW", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-Hant-CN", "zh-Hant"),
        ("zh-Latn", None),
        ("eo", None),
        ("", None),
        ("ja-JP", "ja"),
        ("he-IL", "he"),
    ],
)
def test_a_tag_finds_its_language_by_its_primary_subtag(tag: str, language: str | None) -> None:
    assert table_language(tag) == language


# A designed game in English and German, its German rules with words of their own.
CARDS = "name,name@de,suit,power,rules,rules@de,count\n" + "".join(
    f"Card {n},Karte {n},sun,{n},Draw a card.,Ziehe eine Karte.,1\n" for n in range(1, 4)
)
DESIGNED = """game: star-lanterns
kind: rules
title: {title}
sections:
  - title: {heading}
    blocks:
      - text: "{text}"
      - tip: "{text}"
"""


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = starter_in_languages(tmp_path, CARDS)
    (folder / "rules.yaml").write_text(
        DESIGNED.format(title="Star Lanterns", heading="Playing", text="Light every lantern."),
        encoding="utf-8",
    )
    (folder / "rules-de.yaml").write_text(
        DESIGNED.format(title="Sternlaternen", heading="Spielablauf", text="Entzünde sie."),
        encoding="utf-8",
    )
    (folder / "kit.yaml").write_text(KIT, encoding="utf-8")
    return folder


def test_a_designed_games_german_edition_prints_german_words(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, _out, err = run_in_process(main, "build", str(game), "-o", str(out), "--lang", "all")
    assert status == 0, err
    german = pdf_text(out / "star-lanterns" / "star-lanterns-de-rules.pdf")
    assert "TIPP" in german and "Gedruckt mit kitgen" in german
    assert "2 bis 4 Spieler" in german and "2 to 4 players" not in german
    english = pdf_text(out / "star-lanterns" / "star-lanterns-rules.pdf")
    assert "TIP\r\n" in english or "TIP\n" in english
    assert "Printed with kitgen" in english and "TIPP" not in english
    assert "2 to 4 players" in english


def words_file(game: Path, words: str) -> Path:
    path = game / "rules-de.yaml"
    path.write_text(path.read_text(encoding="utf-8") + words, encoding="utf-8")
    return path


def test_an_unknown_word_is_a_finding_at_its_key_naming_the_keys(game: Path) -> None:
    words_file(game, "words:\n  tip: Hinweis\n  tipp: Hinweis\n")
    status, out, _ = run_in_process(main, "check", "--format", "json", str(game))
    assert status == 1
    assert checked(game)[1] == [("unknown-key", "error", "rules-de.yaml", 11, 3)]
    assert "unknown key 'tipp' (did you mean 'tip'?)" in out
    assert ", ".join(ENGLISH) in out  # (every key it takes)


@pytest.mark.parametrize(
    ("words", "code", "place"),
    [
        ("words:\n  tip: 7\n", "wrong-type", (10, 8)),
        ("words:\n  contents: [Inhalt]\n", "wrong-type", (10, 13)),
        ("words: Inhalt\n", "wrong-type", (9, 8)),
        ('words:\n  tip: ""\n', "invalid-value", (10, 8)),
        # A placeholder the word does not take.
        ('words:\n  reference_title: "{titel}: Kurz"\n', "invalid-value", (10, 20)),
        ('words:\n  tip: "{title}"\n', "invalid-value", (10, 8)),
    ],
)
def test_a_bad_word_is_a_finding_at_it(
    game: Path, words: str, code: str, place: tuple[int, int]
) -> None:
    words_file(game, words)
    assert checked(game) == (1, [(code, "error", "rules-de.yaml", *place)])


def test_a_word_no_font_draws_is_a_warning_and_its_own_placeholders_are_fine(
    game: Path,
) -> None:
    words_file(game, 'words:\n  tip: "\U0001d11e"\n  reference_title: "{title}: Kurz"\n')
    assert checked(game) == (0, [("text-not-drawable", "warning", "rules-de.yaml", 10, 8)])
