# ruff: noqa: RUF001  (full-width punctuation is what these tests are about)
"""Line breaking by Unicode's rules (UAX #14) and hyphenation by dictionary: Chinese and
Japanese break between characters with kinsoku kept, a word is cut with a hyphen only
at its language's dictionary points, and the language is the game's `language:`.

Measuring needs no Chinese or Japanese font: `_measure` sets a wide character one em
and any other half an em, as a monospaced CJK font would (kitgen ships none yet)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pyphen
import pytest
from conftest import run_in_process
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.entry import main
from kitgen.layout.linebreak import is_wide, line_chunks, opportunities
from kitgen.render import richtext, text
from kitgen.render.hyphenation import cut_points, hyphenates
from kitgen.render.richtext import Family, fit_rich

FAKE = Family("FakeCJK", "FakeCJK-Bold", "FakeCJK-Italic", "FakeCJK-BoldItalic")


def _measure(value: str, font: str, size: float) -> float:
    return sum(1.0 if is_wide(ch) else 0.5 for ch in value) * size


@pytest.fixture
def measured(monkeypatch: pytest.MonkeyPatch) -> None:
    """Widths by `_measure` in kitgen.render.text and richtext (richtext's caches are
    keyed by font, and FakeCJK is no font of anything else)."""
    monkeypatch.setattr(text, "text_width", _measure)
    monkeypatch.setattr(richtext, "text_width", _measure)


def rich_lines(value: str, width: float, language: str = "en") -> list[str]:
    fitted = fit_rich(value, FAKE, width, 10_000, max_size=10, min_size=10, language=language)
    return ["".join(p.text for p in line.pieces) for line in fitted.lines]


# Kinsoku: what may not start a line (closing brackets and punctuation, small kana, the
# prolonged sound mark, iteration marks) and what may not end one (opening brackets).
NO_START = set("、。，．・：；？！ー」』）〕］｝〉》ぁぃぅぇぉっゃゅょァィゥェォッャュョ々")
NO_END = set("「『（〔［｛〈《")
JAPANESE = (
    "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"
    "何でも薄暗いじめじめした所で「ニャーニャー」泣いていた事だけは記憶している。"
    "（カードを一枚引く。）ターンの終わりに、相手は手札を捨てる。"
)
CHINESE = "学而时习之，不亦说乎？有朋自远方来，不亦乐乎？「人不知而不愠」，不亦君子乎？（论语）"


def _kinsoku_kept(lines: list[str], source: str) -> None:
    assert "".join(lines) == source  # nothing added, nothing lost: no hyphen
    for k, line in enumerate(lines):
        assert line, lines
        if k:
            assert line[0] not in NO_START, (k, lines)
        if k < len(lines) - 1:
            assert line[-1] not in NO_END, (k, lines)


@pytest.mark.parametrize("source", [JAPANESE, CHINESE])
@pytest.mark.parametrize("language", ["ja", "zh-Hans", "en"])
def test_chinese_and_japanese_break_between_characters_keeping_kinsoku(
    measured: None, source: str, language: str
) -> None:
    """Text with no spaces was one word: cut with hyphens anywhere, a line could start
    with `。`, and a size that held it uncut was never found. (From a line as wide as
    the widest piece kinsoku holds together, `「ニャー`: a narrower one cuts it.)"""
    widest = max(len(chunk) for chunk, _ in line_chunks(source))
    assert widest == (4 if source == JAPANESE else 3)
    for ems in range(widest, 30):
        width = ems * 10.0
        plain = text.wrap(source, "FakeCJK", 10, width, language)
        _kinsoku_kept(plain, source)
        assert all(_measure(line, "", 10) <= width + 1e-9 for line in plain), plain
        assert rich_lines(source, width, language) == plain
    # A break between any two characters kinsoku allows: lines are filled, to within
    # the piece that did not fit.
    lines = text.wrap(source, "FakeCJK", 10, 100.0, language)
    assert all(len(line) > 10 - widest for line in lines[:-1]), lines


def test_the_kinsoku_pairs_as_uax14_gives_them() -> None:
    japanese = ["ト、", "「かっ", "こ」。", "で", "す"]
    assert [c for c, _ in line_chunks("ト、「かっこ」。です")] == japanese
    chinese = ["不", "亦", "说", "乎？", "（论", "语）"]
    assert [c for c, _ in line_chunks("不亦说乎？（论语）")] == chinese


def test_mixed_latin_and_cjk_breaks_between_scripts_and_keeps_words(measured: None) -> None:
    source = "Draw 2 cards: カードを2枚引き、Emberwakeの炎を灯す。"
    chunks = [c for c, _ in line_chunks(source)]
    assert "Emberwake" in chunks and "cards:" in chunks  # Latin words stay whole
    assert "カー" in chunks and "す。" in chunks  # (ー starts no line)
    for ems in range(5, 25):
        lines = text.wrap(source, "FakeCJK", 10, ems * 10.0, "ja")
        assert " ".join(lines).replace(" ", "") == source.replace(" ", "")
        for line in lines:
            assert not re.search(r"[A-Za-z]-$", line), lines  # no hyphen in Japanese
        words = {w for line in lines for w in re.findall(r"[A-Za-z]+", line)}
        assert words <= {"Draw", "cards", "Emberwake"}, lines  # no word cut: it fits
        assert rich_lines(source, ems * 10.0, "ja") == lines


def test_spaces_uax14_holds_are_kept_and_no_break_spaces_hold() -> None:
    """`split()` broke at every space, a no-break space too: `10 km` could part, and a
    line could start with `!` after a French space or end on `(`."""
    assert [c for c, _ in line_chunks("Gain ( see p. 3 ) now !")] == [
        "Gain",
        "( see",
        "p.",
        "3 )",
        "now !",
    ]
    assert [c for c, _ in line_chunks("walk 10\u00a0km")] == ["walk", "10\u00a0km"]
    assert opportunities("a b") == (2,)
    assert opportunities("well-known") == (5,)  # after its hyphen (an inner break)
    assert opportunities("-5 and -x") == (3, 7)  # no break after a leading minus


GERMAN = "Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft"


def _cuts(lines: list[str], word: str) -> list[int]:
    """Where the lines cut `word`, each line a part of it (with a hyphen or not)."""
    cuts, at = [], 0
    for line in lines[:-1]:
        part = line.removesuffix("-") if not word[at:].startswith(line) else line
        at += len(part)
        cuts.append(at)
    assert at + len(lines[-1]) == len(word), lines
    return cuts


@pytest.mark.parametrize("width", [40.0, 60.0, 90.0, 150.0])
def test_a_german_compound_is_hyphenated_by_the_dictionary(width: float) -> None:
    """The cut was the longest head that fit, with a hyphen wherever it fell
    (`Donaudampfschi-`)."""
    from kitgen.render.fonts import register_fonts

    register_fonts()
    lines = text.wrap(GERMAN, "KitSans", 8, width, "de")
    points = set(pyphen.Pyphen(lang="de").positions(GERMAN))
    assert len(lines) > 1
    assert all(line.endswith("-") for line in lines[:-1]), lines
    assert set(_cuts(lines, GERMAN)) <= points, lines
    fitted = fit_rich(
        GERMAN,
        Family("KitSans", "KitSans", "KitSans", "KitSans"),
        width,
        1e4,
        max_size=8,
        min_size=8,
        language="de",
    )
    assert ["".join(p.text for p in line.pieces) for line in fitted.lines] == lines


def test_an_english_word_is_hyphenated_by_its_dictionary() -> None:
    from kitgen.render.fonts import register_fonts

    register_fonts()
    assert text.wrap("Humanity", "KitSans", 10, 40, "en") == ["Human-", "ity"]
    assert text.wrap("Humanity", "KitSans", 10, 30, "en") == ["Hu-", "man-", "ity"]
    assert cut_points("well-known", "en") == ((5, False),)  # its own hyphen: none added
    assert hyphenates("en") and hyphenates("de-CH") and hyphenates("pt-BR")


@pytest.mark.parametrize("language", ["ja", "zh-Hant", "ar", "he", "ko", "th", "xx"])
def test_a_language_without_hyphenation_adds_no_hyphen(language: str) -> None:
    from kitgen.render.fonts import register_fonts

    register_fonts()
    assert not hyphenates(language)
    lines = text.wrap(GERMAN, "KitSans", 8, 60, language)
    assert len(lines) > 1 and "".join(lines) == GERMAN  # cut, nothing added
    fitted = fit_rich(
        GERMAN,
        Family("KitSans", "KitSans", "KitSans", "KitSans"),
        60,
        1e4,
        max_size=8,
        min_size=8,
        language=language,
    )
    assert ["".join(p.text for p in line.pieces) for line in fitted.lines] == lines


def test_cjk_text_that_cannot_fit_reports_how_much(measured: None) -> None:
    fitted = fit_rich(JAPANESE, FAKE, 100, 30, max_size=10, min_size=8, language="ja")
    assert not fitted.fits and fitted.size == 8
    assert fitted.overflow == pytest.approx(fitted.height - 30)
    roomy = fit_rich(JAPANESE, FAKE, 100, 1000, max_size=10, min_size=8, language="ja")
    assert roomy.fits and roomy.size == 10  # no word to keep whole: the largest size


@settings(max_examples=200, deadline=None)
@given(
    st.text(alphabet=st.sampled_from([*"aあア漢「」（）、。ー っ-!(", " "]), max_size=60),
    st.integers(1, 20),
)
def test_plain_and_rich_text_break_alike_and_keep_every_character(source: str, ems: int) -> None:
    width = ems * 10.0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(text, "text_width", _measure)
        patch.setattr(richtext, "text_width", _measure)
        plain = text.wrap(source, "FakeCJK", 10, width, "ja")
        assert rich_lines(source, width, "ja") == plain
    assert "".join(plain).replace(" ", "") == source.replace(" ", "")


# --- the game's language --------------------------------------------------------------


@pytest.fixture
def game(tmp_path: Path) -> Path:
    status, _out, err = run_in_process(
        main, "new", "game", "Star Lanterns", "--game", "custom", "--dir", str(tmp_path)
    )
    assert status == 0, err
    return tmp_path / "star-lanterns"


def _edit(path: Path, old: str, new: str) -> None:
    content = path.read_text(encoding="utf-8")
    assert old in content, (old, path)
    path.write_text(content.replace(old, new, 1), encoding="utf-8")


def _card_lines(game: Path, tmp_path: Path, language: str) -> list[str]:
    """The lines the PDF prints of a card whose rules text is the German compound."""
    from pypdf import PdfReader

    _edit(game / "game.yaml", "playing_time:", f"language: {language}\nplaying_time:")
    _edit(game / "cards.csv", "Return a card to its owner's hand.", GERMAN)
    out = tmp_path / f"out-{language}"
    status, _out, err = run_in_process(main, "build", str(game), "--out", str(out))
    assert status == 0, err
    pdf = next(p for p in out.rglob("*.pdf") if "card" in p.name)
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    found = "\n".join(page.extract_text() for page in reader.pages)
    lines: list[str] = []  # the first card that prints it
    for line in found.splitlines():
        if line.strip() and line.strip().removesuffix("-") in GERMAN:
            lines.append(line.strip())
            if GERMAN.endswith(line.strip()) and not line.strip().endswith("-"):
                return lines
    raise AssertionError(found)


def test_a_designed_games_language_chooses_its_dictionary(game: Path, tmp_path: Path) -> None:
    lines = _card_lines(game, tmp_path, "de")
    assert len(lines) > 1 and all(line.endswith("-") for line in lines[:-1]), lines
    assert set(_cuts(lines, GERMAN)) <= set(pyphen.Pyphen(lang="de").positions(GERMAN))


def test_a_designed_game_in_japanese_adds_no_hyphen(game: Path, tmp_path: Path) -> None:
    lines = _card_lines(game, tmp_path, "ja")
    assert len(lines) > 1 and "".join(lines) == GERMAN, lines


def test_a_language_that_is_no_tag_is_a_finding_at_its_line(game: Path) -> None:
    import json

    _edit(game / "game.yaml", "playing_time:", "language: English language\nplaying_time:")
    status, out, _err = run_in_process(main, "check", "--format", "json", str(game))
    assert status == 1
    found = [f for entry in json.loads(out)["files"] for f in entry["findings"]]
    line = (game / "game.yaml").read_text("utf-8").splitlines().index("language: English language")
    assert {(f["code"], f["line"], f["column"]) for f in found} == {
        ("invalid-value", line + 1, 11)
    }, found
    assert "a language tag (BCP 47)" in found[0]["message"]


def test_the_ascii_classes_kitgen_keeps_are_the_unicode_datas() -> None:
    """ASCII's classes are written in kitgen (text in ASCII loads no Unicode data)."""
    from uniseg.linebreak import line_break

    from kitgen.layout import linebreak

    for code in range(128):
        ch = chr(code)
        assert linebreak.classes(ch) == [linebreak._NAMES[line_break(ch).name]], repr(ch)


def test_a_word_cut_between_characters_starts_no_line_with_closing_punctuation() -> None:
    """A cut with no place to go was the longest head that fit: `ab` / `.`."""
    from kitgen.render.fonts import register_fonts, text_width

    register_fonts()
    width = text_width("ab", "KitSans", 10) + 0.1
    assert text.wrap("ab.", "KitSans", 10, width, "ja") == ["a", "b."]
    assert rich_lines_in("ab.", width) == ["a", "b."]
    width = text_width("a(", "KitSans", 10) + 0.1  # nor ends one with an opening bracket
    assert text.wrap("a(a", "KitSans", 10, width, "ja") == ["a", "(a"]
    assert rich_lines_in("a(a", width) == ["a", "(a"]


def rich_lines_in(value: str, width: float) -> list[str]:
    family = Family("KitSans", "KitSans", "KitSans", "KitSans")
    fitted = fit_rich(value, family, width, 1e4, max_size=10, min_size=10, language="ja")
    return ["".join(p.text for p in line.pieces) for line in fitted.lines]


def test_where_every_place_breaks_kinsoku_a_cut_is_still_made(measured: None) -> None:
    assert text.wrap("「ニャー", "FakeCJK", 10, 20.0, "ja") == ["「ニ", "ャー"]


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from([*" aZ09-()[]{}'\"!?,.:;/%$+\\|#&*_=<>~`@^\ufffc"])))
def test_the_ascii_shortcut_breaks_exactly_as_uax14(value: str) -> None:
    """Printable ASCII (and icons) is broken by a shortcut: the same breaks as the whole
    algorithm."""
    from kitgen.layout.linebreak import free_breaks

    slow = frozenset(i for i in opportunities(value) if value[i - 1] == " ")
    assert free_breaks(value) == slow


def test_a_soft_hyphen_prints_nothing_and_is_where_a_long_word_is_cut(tmp_path: Path) -> None:
    # Text from a web page (the Open Trivia Database's) holds soft hyphens (U+00AD):
    # DejaVu has a glyph for one, and each printed as a hyphen inside the word. It
    # prints nothing now, and a word too long for its line is cut there, with a hyphen.
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.render.fonts import builtin_family, text_width
    from kitgen.render.richtext import draw_rich

    family = builtin_family("sans")
    word = "Llan\u00adfair\u00adpwll\u00adgwyn\u00adgyll\u00adgogery\u00adchwyrn\u00addrobwll"
    assert text_width(word, family.regular, 10) == text_width(
        word.replace("\u00ad", ""), family.regular, 10
    )
    fitted = fit_rich(f"Where is {word}?", family, 120, 200, max_size=10, min_size=8)
    lines = ["".join(p.text for p in line.pieces) for line in fitted.lines]
    assert lines[1].replace("\u00ad", "") == "Llanfairpwllgwyngyll-"  # cut at a soft hyphen
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 200))
    draw_rich(canvas, fitted, 10, 10, 120, 180)
    canvas.save()
    printed = pdfium.PdfDocument(buffer.getvalue())[0].get_textpage().get_text_range()
    assert "\u00ad" not in printed
    # (pdfium reads a hyphen at a line's end as U+FFFE)
    flat = re.sub(r"\s+", "", printed).replace("\ufffe", "-")
    assert flat == "WhereisLlanfairpwllgwyngyll-gogerychwyrndrobwll?"
