"""kitgen.render.richtext: emphasis and icons in card text, wrapped, shrunk and drawn."""

from __future__ import annotations

import io
import itertools
from collections.abc import Collection

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from kitgen.render import richtext
from kitgen.render.fonts import register_fonts, text_width
from kitgen.render.richtext import (
    CAP_HEIGHT,
    ICON_GAP,
    Family,
    Piece,
    RichFit,
    RichLine,
    could_be_icon,
    draw_rich,
    fit_rich,
    icon_names,
    line_origins,
)

register_fonts()
KIT = Family("KitSans", "KitSans-Bold", "KitSans-Italic", "KitSans-BoldItalic")


def faces(fitted: RichFit) -> list[tuple[str, str]]:
    """Every text piece as (text, font), spaces stripped, empty ones dropped."""
    return [
        (p.text.strip(), p.font)
        for line in fitted.lines
        for p in line.pieces
        if p.icon is None and p.text.strip()
    ]


def shown(line: RichLine) -> str:
    """A line as text, an icon as [name]."""
    return "".join(f"[{p.icon}]" if p.icon else p.text for p in line.pieces)


def fit(
    text: str,
    width: float = 200,
    height: float = 200,
    *,
    bold: bool = False,
    italic: bool = False,
    icons: Collection[str] = (),
    icon_scale: float = 1.0,
) -> RichFit:
    """fit_rich at size 10 only, in a roomy box unless the test says otherwise."""
    return fit_rich(
        text,
        KIT,
        width,
        height,
        max_size=10,
        min_size=10,
        bold=bold,
        italic=italic,
        icons=icons,
        icon_scale=icon_scale,
    )


# --- emphasis -------------------------------------------------------------------------


def test_family_faces() -> None:
    assert KIT.face(False, False) == "KitSans"
    assert KIT.face(True, False) == "KitSans-Bold"
    assert KIT.face(False, True) == "KitSans-Italic"
    assert KIT.face(True, True) == "KitSans-BoldItalic"


def test_bold_italic_and_both_get_their_faces() -> None:
    got = faces(fit("**Attack** then *draw* ***both*** plain"))
    assert got == [
        ("Attack", "KitSans-Bold"),
        ("then", "KitSans"),
        ("draw", "KitSans-Italic"),
        ("both", "KitSans-BoldItalic"),
        ("plain", "KitSans"),
    ]


def test_emphasis_adds_to_the_elements_own_face() -> None:
    got = faces(fit("**x** *y* z", bold=True))
    assert got == [("x", "KitSans-Bold"), ("y", "KitSans-BoldItalic"), ("z", "KitSans-Bold")]
    assert faces(fit("*y* **x**", italic=True)) == [
        ("y", "KitSans-Italic"),
        ("x", "KitSans-BoldItalic"),
    ]


@pytest.mark.parametrize("text", ["5 * 3 = 15", "**open", "a* b", "x ** y", "* list"])
def test_markers_without_a_partner_print_as_written(text: str) -> None:
    fitted = fit(text)
    assert [shown(line) for line in fitted.lines] == [" ".join(text.split())]
    assert {p.font for line in fitted.lines for p in line.pieces} == {"KitSans"}


def test_escaping_for_the_emphasis_parser_never_shows() -> None:
    """The text goes through Platypus escaping to reach emphasis.py: `&`, `<`, `>` and
    even a written `&lt;` come back as the designer wrote them."""
    fitted = fit("**A & B** <c> &lt;")
    assert shown(fitted.lines[0]) == "A & B <c> &lt;"
    assert faces(fitted)[0] == ("A & B", "KitSans-Bold")


def test_emphasis_goes_on_over_a_line_break_and_ends_at_a_blank_line() -> None:
    """As in CommonMark (and rules text): a newline inside emphasis kept its stars."""
    fitted = fit("*a\nb* c\n**d\ne**")
    assert [shown(line) for line in fitted.lines] == ["a", "b c", "d", "e"]
    assert faces(fitted) == [
        ("a", "KitSans-Italic"),
        ("b", "KitSans-Italic"),
        ("c", "KitSans"),
        ("d", "KitSans-Bold"),
        ("e", "KitSans-Bold"),
    ]
    blank = fit("*a\n\nb*\n \n**c\n\t\nd**")
    assert [shown(line) for line in blank.lines] == ["*a", "", "b*", "", "**c", "", "d**"]
    assert {font for _, font in faces(blank)} == {"KitSans"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("**Virus-** Programm", [("Virus-", "KitSans-Bold"), ("Programm", "KitSans")]),
        ("**Virus**-Programm", [("Virus", "KitSans-Bold"), ("-Programm", "KitSans")]),
        # CommonMark closes no run after punctuation and before a letter; kitgen does
        # after a hyphen, so emphasis can end on the first half of a compound word.
        ("**Virus-**Programm", [("Virus-", "KitSans-Bold"), ("Programm", "KitSans")]),
        (
            "*Anti-*Virus-**Programm**",
            [("Anti-", "KitSans-Italic"), ("Virus-", "KitSans"), ("Programm", "KitSans-Bold")],
        ),
        ("Anti-**Virus**", [("Anti-", "KitSans"), ("Virus", "KitSans-Bold")]),
        ("**a.**b", [("**a.**b", "KitSans")]),  # other punctuation: as CommonMark
        ("a**b**c", [("a", "KitSans"), ("b", "KitSans-Bold"), ("c", "KitSans")]),
    ],
)
def test_emphasis_inside_words_follows_commonmark(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert faces(fit(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a \\*b\\* c", "a *b* c"),
        ("**a\\*b**", "a*b"),
        ("\\\\*a*", "\\a"),
        ("C:\\Users\\x", "C:\\Users\\x"),  # a backslash before a letter prints
    ],
)
def test_a_backslash_makes_a_star_a_star(text: str, expected: str) -> None:
    assert "".join(shown(line) for line in fit(text).lines) == expected


# --- icons ----------------------------------------------------------------------------


def test_a_declared_icon_is_a_square_piece_scaled_with_the_text() -> None:
    fitted = fit("Gain :sword:, then rest", icons={"sword"}, icon_scale=0.8)
    (line,) = fitted.lines
    icon = next(p for p in line.pieces if p.icon)
    assert icon == Piece(icon.x, "", "", "sword", 10.0 * 0.8)
    gain = text_width("Gain ", "KitSans", 10.0)
    assert icon.x == pytest.approx(gain + 8.0 * ICON_GAP / 2)
    after = line.pieces[line.pieces.index(icon) + 1]
    assert after.text.startswith(",")
    assert after.x == pytest.approx(gain + 8.0 * (1 + ICON_GAP))
    assert shown(line) == "Gain [sword], then rest"


def test_an_unknown_icon_prints_as_written_and_is_named() -> None:
    text = ":sword: and :nope: here"
    fitted = fit(text, icons=["sword"])
    assert shown(fitted.lines[0]) == "[sword] and :nope: here"
    assert icon_names(text) == ["sword", "nope"]


def test_icon_names_finds_every_candidate() -> None:
    assert icon_names("no icons") == []
    assert icon_names(":a: :b-2_c: :a:") == ["a", "b-2_c", "a"]
    assert icon_names(":a:b:") == ["a", "b"]  # a colon may close one and open the next
    assert icon_names(": spaced : and :: and :bad name:") == []


def test_a_backslash_escapes_a_colon_and_only_letter_names_could_be_icons() -> None:
    text = "At 10:30:45 use \\:HB7: or :0HB7:, \\\\:s: and :bad:"
    assert icon_names(text) == ["30", "0HB7", "s", "bad"]
    assert [n for n in icon_names(text) if could_be_icon(n)] == ["s", "bad"]
    fitted = fit(text, width=1000, icons={"s"})
    assert [shown(line) for line in fitted.lines] == [
        "At 10:30:45 use :HB7: or :0HB7:, \\[s] and :bad:"
    ]
    assert shown(fit("\\:s\\:", icons={"s"}).lines[0]) == ":s:"


def test_an_unknown_name_does_not_swallow_the_colon_of_an_icon() -> None:
    assert shown(fit(":x:sword:", icons={"sword"}).lines[0]) == ":x[sword]"


def test_an_icon_never_leaves_the_punctuation_after_it() -> None:
    text = "Deal damage to :sword:, then :shield:. Done"
    for width in range(30, 200, 3):
        fitted = fit(text, width=width, height=1000, icons={"sword", "shield"})
        for line in fitted.lines:
            assert not shown(line).startswith((",", ".")), (width, shown(line))


def test_a_word_of_icons_is_cut_after_characters_only() -> None:
    fitted = fit(":s:,:s:,:s:,:s:,:s:,", width=40, height=1000, icons={"s"})
    texts = [shown(line) for line in fitted.lines]
    assert len(texts) > 1
    assert all(not t.startswith(",") for t in texts), texts
    assert "".join(t.removesuffix("-") for t in texts) == "[s],[s],[s],[s],[s],"


def test_icons_grow_and_shrink_with_the_text() -> None:
    small = fit_rich(":a: " * 40, KIT, 60, 40, max_size=12, min_size=4, icons={"a"})
    assert small.fits and small.size < 12
    sides = {p.width for line in small.lines for p in line.pieces if p.icon}
    assert sides == {small.size}


# --- wrapping -------------------------------------------------------------------------

WORDS = "When you play this **card**, *each* opponent discards a card and loses two health"


def test_wrapping_keeps_every_line_within_the_width_across_faces() -> None:
    fitted = fit(WORDS, width=90)
    assert len(fitted.lines) > 2
    for line in fitted.lines:
        assert line.width <= 90 + 1e-6
        pieces = line.pieces
        assert pieces[0].x == 0.0
        for a, b in itertools.pairwise(pieces):  # runs abut: no gaps, no overlap
            assert b.x == pytest.approx(a.x + a.width)
        assert line.width == pytest.approx(pieces[-1].x + pieces[-1].width)
    assert " ".join(shown(line) for line in fitted.lines) == WORDS.replace("*", "")
    assert fitted.width == max(line.width for line in fitted.lines)


def test_a_piece_is_as_wide_as_its_text_measures() -> None:
    for line in fit(WORDS, width=90).lines:
        for p in line.pieces:
            assert p.width == pytest.approx(text_width(p.text, p.font, 10.0))


def test_a_word_too_long_is_broken_with_hyphens() -> None:
    word = "Supercalifragilisticexpialidocious"
    fitted = fit(f"a {word}", width=50, height=1000)
    texts = [shown(line) for line in fitted.lines]
    assert texts[0] == "a"  # the long word starts its own line, as text.py does
    assert all(t.endswith("-") for t in texts[1:-1])
    assert "".join(t.removesuffix("-") for t in texts[1:]) == word
    assert all(line.width <= 50 + 1e-6 for line in fitted.lines)
    assert fitted.fits


# A prompt card's text box (25 mm by 60 mm), its text 16 pt, down to 8.
PROMPT = "The Humanity of a Thousand Suns"
PROMPT_BOX = (25 * 72 / 25.4, 60 * 72 / 25.4)


def test_a_word_is_cut_only_when_no_allowed_size_holds_it_whole() -> None:
    """At 16 pt `Humanity` and `Thousand` are wider than the line: the text was cut
    there (`Human-`, `Thous-`) though 12.75 pt holds every word whole."""
    fitted = fit_rich(PROMPT, KIT, *PROMPT_BOX, max_size=16, min_size=8, bold=True)
    assert fitted.fits
    assert [shown(line) for line in fitted.lines] == ["The", "Humanity", "of a", "Thousand", "Suns"]
    assert text_width("Thousand", "KitSans-Bold", fitted.size + 0.25) > PROMPT_BOX[0]
    from kitgen.render.text import fit as plain_fit

    plain = plain_fit(PROMPT, "KitSans-Bold", *PROMPT_BOX, max_size=16, min_size=8)
    assert plain.size == fitted.size
    assert list(plain.lines) == [shown(line) for line in fitted.lines]


def test_a_word_no_size_holds_is_cut_at_the_largest_size_that_fits() -> None:
    word = "Supercalifragilisticexpialidocious"
    fitted = fit_rich(f"a {word}", KIT, 60, 200, max_size=12, min_size=8)
    assert fitted.fits and fitted.size == 12
    assert "".join(shown(line).removesuffix("-") for line in fitted.lines[1:]) == word


@pytest.mark.parametrize(
    ("text", "width", "lines"),
    [
        # The dictionary's points (en: Hu-man-ity): `Humani-` and `Humanit-` fit, but
        # divide no syllables.
        ("Humanity", 48, ["Human-", "ity"]),
        ("Humanity", 40, ["Human-", "ity"]),
        ("Humanity", 30, ["Hu-", "man-", "ity"]),
        ("Humanity", 20, ["Hu-", "ma", "nity"]),  # `man-` is too wide: cut with no hyphen
        ("Virus-Programm", 40, ["Virus-", "Pro-", "gramm"]),  # its own hyphen: none added
        ("Virus\u2014Programm", 60, ["Virus\u2014Pro-", "gramm"]),  # the longest head
        ("ab", 5, ["a", "b"]),  # no point of the dictionary: cut with no hyphen
    ],
)
def test_a_word_is_cut_at_a_sensible_place(text: str, width: float, lines: list[str]) -> None:
    fitted = fit(text, width=width, height=1000)
    assert [shown(line) for line in fitted.lines] == lines
    from kitgen.render.text import wrap

    assert wrap(text, "KitSans", 10.0, width) == lines


def test_a_broken_word_keeps_its_faces() -> None:
    fitted = fit("**Boldly**plainlyworded", width=40, height=1000)
    pieces = [(p.text, p.font) for line in fitted.lines for p in line.pieces]
    assert pieces[0][1] == "KitSans-Bold"
    joined = "".join(t for t, _ in pieces).replace("-", "")
    assert joined == "Boldlyplainlyworded"
    bold = "".join(t for t, f in pieces if f == "KitSans-Bold").replace("-", "")
    assert bold == "Boldly"


def test_newlines_start_lines_and_blank_ones_keep_their_space() -> None:
    fitted = fit("one\ntwo\n\nfour")
    assert [shown(line) for line in fitted.lines] == ["one", "two", "", "four"]
    assert fitted.height == pytest.approx(4 * 12.0)


def test_no_wrap_gives_one_line_per_paragraph_and_shrinks() -> None:
    text = "A rather long card name here"
    fitted = fit_rich(text, KIT, 80, 100, max_size=14, min_size=4, wrap=False)
    assert [shown(line) for line in fitted.lines] == [text]
    assert fitted.fits and fitted.size < 14
    assert fitted.width <= 80 + 1e-6
    assert text_width(text, "KitSans", fitted.size + 0.25) > 80  # the largest that fits


def test_a_no_break_space_keeps_its_words_together() -> None:
    fitted = fit("aaaa bbbb 2\xa0:sword:", width=62, icons={"sword"})
    assert [shown(line) for line in fitted.lines][-1] == "2\xa0[sword]"


# --- fitting --------------------------------------------------------------------------


def test_longer_text_gets_a_smaller_size_never_below_the_minimum() -> None:
    sizes = []
    for n in (5, 20, 40, 80):
        fitted = fit_rich(" ".join([WORDS] * (n // 5)), KIT, 120, 80, max_size=12, min_size=5)
        assert 5 <= fitted.size <= 12
        assert (12 - fitted.size) / 0.25 == int((12 - fitted.size) / 0.25)
        sizes.append(fitted.size)
    assert sizes == sorted(sizes, reverse=True) and sizes[0] > sizes[-1]
    assert fitted.size == 5


def test_the_size_chosen_is_the_largest_that_fits() -> None:
    fitted = fit_rich(WORDS, KIT, 100, 45, max_size=12, min_size=5)
    assert fitted.fits
    up = fitted.size + 0.25
    assert not fit_rich(WORDS, KIT, 100, 45, max_size=up, min_size=up).fits
    assert len(fitted.lines) * fitted.leading <= 45 + 1e-6


def test_a_text_exactly_as_tall_as_the_box_fits_at_the_largest_size() -> None:
    lines = len(fit_rich(WORDS, KIT, 100, 1000, max_size=10, min_size=10).lines)
    fitted = fit_rich(WORDS, KIT, 100, lines * 12.0, max_size=10, min_size=5)
    assert fitted.fits and fitted.size == 10


def test_min_size_off_the_grid_is_still_tried() -> None:
    fitted = fit_rich(WORDS * 5, KIT, 100, 20, max_size=10, min_size=6.1)
    assert fitted.size == 6.1 and not fitted.fits


def test_overflow_is_the_height_beyond_the_box() -> None:
    fitted = fit_rich(WORDS * 4, KIT, 100, 30, max_size=10, min_size=8, leading=1.25)
    assert not fitted.fits
    assert fitted.size == 8
    assert fitted.leading == 10.0
    assert fitted.height == len(fitted.lines) * 10.0
    assert fitted.overflow == pytest.approx(fitted.height - 30)
    assert fitted.overflow > 0


def test_overflow_is_the_width_beyond_the_box_for_what_cannot_break() -> None:
    fitted = fit_rich(":a::b:", KIT, 15, 100, max_size=10, min_size=8, icons={"a", "b"})
    assert not fitted.fits and fitted.size == 8
    assert len(fitted.lines) == 1
    assert fitted.overflow == pytest.approx(2 * 8 * (1 + ICON_GAP) - 15)


def test_max_lines_counts_too() -> None:
    free = fit_rich(WORDS, KIT, 150, 1000, max_size=10, min_size=5)
    assert len(free.lines) > 2
    capped = fit_rich(WORDS, KIT, 150, 1000, max_size=10, min_size=5, max_lines=2)
    assert len(capped.lines) <= 2 and capped.size < 10
    impossible = fit_rich(WORDS, KIT, 30, 1000, max_size=10, min_size=9, max_lines=1)
    assert not impossible.fits
    assert impossible.overflow == pytest.approx((len(impossible.lines) - 1) * impossible.leading)


def test_fits_text_has_no_overflow() -> None:
    fitted = fit("short")
    assert fitted.fits and fitted.overflow == 0.0 and fitted.size == 10


def test_sizes_must_make_sense() -> None:
    with pytest.raises(ValueError, match="min_size"):
        fit_rich("x", KIT, 10, 10, max_size=5, min_size=6)


def test_the_text_is_parsed_once_and_a_layout_reused() -> None:
    richtext._parse.cache_clear()
    richtext._fit.cache_clear()
    first = fit_rich(WORDS * 6, KIT, 90, 40, max_size=14, min_size=5, icons={"x"})
    assert richtext._parse.cache_info().misses == 1  # not once per size tried
    again = fit_rich(WORDS * 6, KIT, 90, 40, max_size=14, min_size=5, icons=["x", "y"])
    assert again is first  # icons the text does not name do not change the key
    assert richtext._fit.cache_info().hits == 1
    assert (richtext._fit.cache_info().maxsize or 0) >= 10_000


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(
        st.sampled_from(["a", "word", "**bold**", "*it*", ":s:", ":s:,", "W" * 12, "mm", "."]),
        min_size=1,
        max_size=40,
    ),
    st.floats(min_value=20, max_value=200),
    st.floats(min_value=10, max_value=200),
)
def test_lines_never_exceed_the_width_when_the_text_fits(
    words: list[str], width: float, height: float
) -> None:
    fitted = fit_rich(" ".join(words), KIT, width, height, max_size=12, min_size=4, icons={"s"})
    assert 4 <= fitted.size <= 12
    assert fitted.height == pytest.approx(len(fitted.lines) * fitted.leading)
    if fitted.fits:
        if fitted.size < 12:  # the largest size that fits: one step up does not, or
            # only by cutting a word that this size holds whole (a line with a piece of a
            # word on it; a cut takes no hyphen where the dictionary has no point)
            up = fitted.size + 0.25
            text = " ".join(words)
            bigger = fit_rich(text, KIT, width, height, max_size=up, min_size=up, icons={"s"})
            whole = {"a", "word", "bold", "it", "[s]", "[s],", "W" * 12, "mm", "."}
            cuts = [
                sum(any(w not in whole for w in shown(line).split(" ")) for line in f.lines)
                for f in (fitted, bigger)
            ]
            assert not bigger.fits or cuts[1] > cuts[0]
        assert fitted.overflow == 0.0
        assert all(line.width <= width + 1e-6 for line in fitted.lines)
        assert fitted.height <= height + 1e-6
    else:
        assert fitted.size == 4 and fitted.overflow > 0
        widest = max(line.width for line in fitted.lines)
        excess = max(fitted.height - height, widest - width)
        assert fitted.overflow == pytest.approx(excess)


# --- placing and drawing --------------------------------------------------------------


def test_line_origins_top_left() -> None:
    fitted = fit("one\ntwo")
    assert line_origins(fitted, 10, 20, 100, 50) == [(10, 70 - 10), (10, 70 - 10 - 12)]


def test_line_origins_middle_and_bottom_place_the_block_by_its_height() -> None:
    fitted = fit("one\ntwo")  # 24 points tall, size 10
    middle = line_origins(fitted, 0, 0, 100, 50, valign="middle")
    assert middle[0][1] == pytest.approx((50 + 24) / 2 - 10)
    bottom = line_origins(fitted, 0, 0, 100, 50, valign="bottom")
    assert bottom[0][1] == pytest.approx(24 - 10)
    assert bottom[1][1] == pytest.approx(24 - 10 - 12)


def test_line_origins_align_each_line() -> None:
    fitted = fit("one\nthree")
    widths = [line.width for line in fitted.lines]
    centre = line_origins(fitted, 10, 0, 100, 50, align="centre")
    assert [x for x, _ in centre] == pytest.approx([10 + (100 - w) / 2 for w in widths])
    right = line_origins(fitted, 10, 0, 100, 50, align="right")
    assert [x for x, _ in right] == pytest.approx([110 - w for w in widths])


@pytest.mark.parametrize(("align", "valign"), [("justified", "top"), ("left", "centre")])
def test_line_origins_refuse_unknown_alignments(align: str, valign: str) -> None:
    with pytest.raises(ValueError, match="align"):
        line_origins(fit("x"), 0, 0, 10, 10, align, valign)


def render(fitted: RichFit, calls: list[tuple[str, float, float, float]] | None = None) -> bytes:
    """Draw into a one-page PDF, uncompressed, recording the icon calls."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 200), invariant=1, pageCompression=0)

    def icon(canvas: Canvas, name: str, x: float, y: float, side: float) -> None:
        canvas.setFillColorRGB(1, 0, 0)  # must not leak into the text after it
        canvas.rect(x, y, side, side, fill=1, stroke=0)
        if calls is not None:
            calls.append((name, x, y, side))

    draw_rich(c, fitted, 20, 20, 160, 160, align="centre", colour="#336699", draw_icon=icon)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_drawing_is_deterministic_and_reads_back() -> None:
    fitted = fit("**Attack** :sword: for *two*\nthen draw", width=160, icons={"sword"})
    first = render(fitted)
    assert first == render(fitted)
    text = " ".join(PdfReader(io.BytesIO(first)).pages[0].extract_text().split())
    assert "Attack" in text and "two" in text and "then draw" in text


def test_icons_are_drawn_centred_on_the_capitals() -> None:
    fitted = fit("A :sword: B", width=160, icons={"sword"}, icon_scale=1.5)
    calls: list[tuple[str, float, float, float]] = []
    render(fitted, calls)
    ((lx, baseline),) = line_origins(fitted, 20, 20, 160, 160, "centre", "top")
    icon = next(p for p in fitted.lines[0].pieces if p.icon)
    (call,) = calls
    assert call[0] == "sword" and call[3] == 15.0
    assert call[1] == pytest.approx(lx + icon.x)
    assert call[2] == pytest.approx(baseline + (CAP_HEIGHT * 10 - 15) / 2)
    # the square's middle is the capitals' middle
    assert call[2] + call[3] / 2 == pytest.approx(baseline + CAP_HEIGHT * 10 / 2)


def test_drawing_is_compact_one_text_object_and_a_font_change_per_face_change() -> None:
    blank = io.BytesIO()
    c = Canvas(blank, pagesize=(200, 200), invariant=1, pageCompression=0)
    c.showPage()
    c.save()
    page = render(fit("one two three\nfour **five** six", width=160))
    for op, drawn in ((b"BT ", 1), (b" Tf ", 3), (b" Tj ", 4), (b" rg\n", 1)):
        # one text object; regular, bold for "five ", regular again; the colour once
        assert page.count(op) - blank.getvalue().count(op) == drawn, op


def test_icons_need_a_drawer() -> None:
    fitted = fit(":sword:", icons={"sword"})
    c = Canvas(io.BytesIO())
    with pytest.raises(ValueError, match="draw_icon"):
        draw_rich(c, fitted, 0, 0, 100, 100)


def test_the_canvas_state_is_restored() -> None:
    c = Canvas(io.BytesIO())
    c.setFillColorRGB(0, 1, 0)
    before = (c._fillColorObj, c._fontname, c._fontsize)
    draw_rich(c, fit("**x** y"), 0, 0, 100, 100, colour="#ff0000")
    assert (c._fillColorObj, c._fontname, c._fontsize) == before
