"""Spans: part of a text in another colour, size, font, weight, slant or baseline,
written inline (`{prereq}Requires 2 Stone{/}`, `{#c00 bold}`, `{80%}`, `{+30%}`), a
style named once in the layout's `styles:`. A spreadsheet cell may hold them; they nest
with `**`, `*` and `:icon:`; the text shrinks to fit with its spans together."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import designed_game
from reportlab.pdfgen.canvas import Canvas

from kitgen.games.designed.draw import Artist, check_drawn
from kitgen.games.designed.load import load_design
from kitgen.layout.geometry import Size
from kitgen.layout.units import MM
from kitgen.render.fonts import builtin_family
from kitgen.render.richtext import Look, draw_rich, fit_rich, line_origins

CARD = Size(63 * MM, 88 * MM)
SCALE = 4
SANS = builtin_family("sans")
RED = Look(colour="#cc0000")

GAME = designed_game(
    "spanned", "  name: {type: text}\n  rules: {type: text}\n  cost: {type: integer}\n"
)
# A title whose cost is a large blue span, and a rules box whose prerequisite (a cell's
# own span) is small red italic text on a line of its own.
FACE = """\
game: spanned
kind: layout
styles:
  prereq: {colour: "#cc0000", size: 7, italic: true}
  cost: {colour: "#1f4e9c", bold: true, size: 150%}
elements:
  - {type: text, name: title, text: "{{ name }} {cost}{{ cost }}{/}", x: 5mm, y: 5mm,
     width: 53mm, height: 12mm, size: 12}
  - {type: text, name: rules, text: "{{ rules }}", x: 5mm, y: 24mm, width: 53mm,
     height: 40mm, size: 10}
"""
CARDS = (
    "name,rules,cost\n"
    'Quarry,"{prereq}Requires 2 Stone{/}\nTrash a card to draw {#0a7d32 bold}two{/}.",3\n'
)


def _game(tmp_path: Path, face: str = FACE, cards: str = CARDS) -> Path:
    for name, text in {"game.yaml": GAME, "face.yaml": face, "cards.csv": cards}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _pdf(tmp_path: Path, face: str = FACE, cards: str = CARDS) -> bytes:
    design = load_design("spanned", str(_game(tmp_path, face, cards)))
    assert design.ok, design.findings
    assert design.face is not None
    out = io.BytesIO()
    c = Canvas(out, pagesize=(CARD.width, CARD.height), invariant=1)
    card = design.cards[0]
    Artist(design, CARD, 0.0).paint(c, card, design.face.of(card.values))
    c.showPage()
    c.save()
    return out.getvalue()


def _chars(pdf: bytes) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each character printed, with its box (points from the bottom-left)."""
    page = pdfium.PdfDocument(pdf)[0]
    text = page.get_textpage()
    found = text.get_text_range()
    return [(found[i], text.get_charbox(i)) for i in range(text.count_chars())]


def _colour_at(pdf: bytes, box: tuple[float, float, float, float]) -> tuple[int, int, int]:
    """The darkest pixel inside a character's box: its ink."""
    image = pdfium.PdfDocument(pdf)[0].render(scale=SCALE).to_pil().convert("RGB")
    left, bottom, right, top = box
    height = image.height
    pixels = [
        image.getpixel((x, y))
        for x in range(int(left * SCALE), int(right * SCALE) + 1)
        for y in range(int(height - top * SCALE), int(height - bottom * SCALE) + 1)
    ]
    found: tuple[int, int, int] = min(pixels, key=sum)
    return found


def _near(colour: tuple[int, int, int], hex_colour: str, slack: int = 40) -> bool:
    want = tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= slack for a, b in zip(colour, want, strict=True))


# -- the card, printed ------------------------------------------------------------------


def test_a_card_prints_its_spans_in_their_colours_and_sizes(tmp_path: Path) -> None:
    pdf = _pdf(tmp_path)
    chars = _chars(pdf)
    by = {ch: box for ch, box in chars if ch.strip()}
    # The cost, a 150% span of a 12 pt title: 18 pt, bold, blue.
    cost = by["3"]
    assert cost[3] - cost[1] > 1.3 * (by["Q"][3] - by["Q"][1])  # (taller than the title)
    assert _near(_colour_at(pdf, cost), "#1f4e9c")
    # The prerequisite, red and smaller than the rules under it; the rules black.
    text = "".join(ch for ch, _ in chars)
    r = text.index("Requires")
    t = text.index("Trash")
    assert _near(_colour_at(pdf, chars[r][1]), "#cc0000")
    assert _near(_colour_at(pdf, chars[t][1]), "#000000")
    assert chars[r][1][3] - chars[r][1][1] < chars[t][1][3] - chars[t][1][1]
    # `two`, green and bold, on the rules line.
    w = text.index("two")
    assert _near(_colour_at(pdf, chars[w][1]), "#0a7d32")
    assert abs(chars[w][1][1] - chars[t][1][1]) < 3  # (its line's baseline)


def test_the_text_is_back_in_its_own_colour_after_a_span(tmp_path: Path) -> None:
    cards = 'name,rules,cost\nQuarry,"a {#cc0000}red{/} word then black",1\n'
    pdf = _pdf(tmp_path, cards=cards)
    chars = _chars(pdf)
    text = "".join(ch for ch, _ in chars)
    assert _near(_colour_at(pdf, chars[text.index("red")][1]), "#cc0000")
    assert _near(_colour_at(pdf, chars[text.index("black")][1]), "#000000")
    assert "{" not in text and "}" not in text  # (the marks are not printed)


def test_a_check_of_a_game_with_spans_finds_nothing(tmp_path: Path) -> None:
    design = load_design("spanned", str(_game(tmp_path)))
    assert design.ok, design.findings
    assert check_drawn(design, None) == []


# -- laying text out --------------------------------------------------------------------


def _fit(text: str, looks: dict[str, Look], **kw: object) -> object:
    args: dict[str, object] = {"max_size": 10.0, "min_size": 6.0, **kw}
    return fit_rich(text, SANS, 200, 100, looks=looks, **args)  # type: ignore[arg-type]


def test_a_span_sets_its_pieces_look_and_the_marks_are_gone() -> None:
    fitted = _fit("a {r}bc{/} d", {"r": RED})
    pieces = fitted.lines[0].pieces  # type: ignore[attr-defined]
    assert [(p.text, p.look) for p in pieces] == [("a ", None), ("bc ", RED), ("d", None)]


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("{x}y{/}", "{x}y{/}"),  # (no span of that name: as written)
        ("a {/} b", "a {/} b"),  # (closes nothing)
        ("\\{r}y", "{r}y"),  # (an escaped brace opens nothing)
        ("{1} {r}x", "{1} x"),  # (`{1}` is text; `{r}` opens a span that runs to the end)
    ],
)
def test_what_is_no_span_prints_as_written(text: str, printed: str) -> None:
    fitted = _fit(text, {"r": RED})
    assert "".join(p.text for p in fitted.lines[0].pieces) == printed  # type: ignore[attr-defined]


def test_emphasis_sees_through_spans() -> None:
    """`{r}**Trash:**{/}` is bold (a `**` after punctuation closes where the span's
    close is followed by the end); `**{r}a{/}**` is bold red."""
    for text in ("{r}**Trash:**{/}", "**{r}Trash:{/}**"):
        pieces = _fit(text, {"r": RED}).lines[0].pieces  # type: ignore[attr-defined]
        assert [(p.text, p.font, p.look) for p in pieces] == [("Trash:", "DejaVuSans-Bold", RED)], (
            text
        )


def test_spans_nest_and_a_share_is_of_the_span_around_it() -> None:
    big = Look(ratio=2.0)
    half = Look(ratio=0.5, ratio_relative=True, colour="#00aa00")
    pieces = _fit("a{b}b{h}c{/}d{/}e", {"b": big, "h": half}).lines[0].pieces  # type: ignore[attr-defined]
    looks = {p.text: p.look for p in pieces}
    assert looks["b"].ratio == 2.0
    assert looks["c"].ratio == 1.0 and looks["c"].colour == "#00aa00"  # (half of 2)
    assert looks["d"].ratio == 2.0 and looks["d"].colour is None  # (back in the outer)
    assert looks["a"] is None and looks["e"] is None


def test_a_span_may_set_a_face_the_text_does_not_have_and_take_one_it_has_away() -> None:
    looks = {"b": Look(bold=True), "plain": Look(bold=False, italic=False)}
    pieces = (
        fit_rich(
            "x{b}y{/} {plain}z{/}", SANS, 200, 50, max_size=10, min_size=6, italic=True, looks=looks
        )
        .lines[0]
        .pieces
    )
    fonts = {p.text.strip(): p.font for p in pieces}
    assert fonts == {"x": "DejaVuSans-Oblique", "y": "DejaVuSans-BoldOblique", "z": "DejaVuSans"}


def test_a_line_is_as_tall_as_its_largest_span() -> None:
    looks = {"big": Look(ratio=2.0), "small": Look(ratio=0.5)}
    fitted = fit_rich(
        "one\n{big}two{/}\n{small}three{/}\nfour",
        SANS,
        200,
        200,
        max_size=10,
        min_size=6,
        looks=looks,
    )
    origins = line_origins(fitted, 0, 0, 200, 200)
    gaps = [a[1] - b[1] for a, b in itertools.pairwise(origins)]
    # Baselines a leading (1.2 x the size) apart, times the lower line's share.
    assert gaps == pytest.approx([24.0, 6.0, 12.0])
    assert fitted.height == pytest.approx((1 + 2 + 0.5 + 1) * 12)
    assert 200 - origins[0][1] == pytest.approx(10)  # (the first at the size below the top)


def test_text_shrinks_to_fit_with_its_spans_together() -> None:
    """A box too small for 10 pt: the text shrinks, and its 2x span with it."""
    text = "{big}Big{/} words " * 6
    looks = {"big": Look(ratio=2.0)}
    roomy = fit_rich(text, SANS, 300, 300, max_size=10, min_size=4, looks=looks)
    tight = fit_rich(text, SANS, 120, 60, max_size=10, min_size=4, looks=looks)
    assert roomy.size == 10 and roomy.fits
    assert tight.fits and tight.size < 10
    out = io.BytesIO()
    c = Canvas(out, pagesize=(120, 60), invariant=1, pageCompression=0)
    draw_rich(c, tight, 0, 0, 120, 60)
    sizes = {float(m) for m in re.findall(r"/F\d+\+\d+ ([\d.]+) Tf", " ".join(c._code))}
    assert sorted(sizes) == pytest.approx([tight.size, 2 * tight.size])


def test_a_shifted_span_is_drawn_on_a_raised_baseline_and_the_text_after_it_on_its_own() -> None:
    looks = {"up": Look(shift=0.3, ratio=0.6)}
    fitted = fit_rich("10{up}2{/} points", SANS, 200, 50, max_size=10, min_size=6, looks=looks)
    out = io.BytesIO()
    c = Canvas(out, pagesize=(200, 50), invariant=1, pageCompression=0)
    draw_rich(c, fitted, 0, 0, 200, 50)
    code = " ".join(c._code)
    origins = [float(y) for y in re.findall(r"1 0 0 1 [\d.]+ ([\d.]+) Tm", code)][1:]
    baseline = 50 - 10
    assert origins == pytest.approx([baseline, baseline + 3, baseline])
    assert re.search(r"/F\d+\+\d+ 6 Tf", code)  # (60% of 10 pt)


def test_an_icon_in_a_span_scales_with_it() -> None:
    looks = {"big": Look(ratio=2.0)}
    fitted = fit_rich(
        "a :x: {big}:x:{/}", SANS, 200, 50, max_size=10, min_size=6, icons={"x"}, looks=looks
    )
    sides = [p.width for p in fitted.lines[0].pieces if p.icon is not None]
    assert sides == pytest.approx([10.0, 20.0])


def test_a_spans_colour_is_drawn_through_paint() -> None:
    """`--ink low` re-draws colours on a background it leaves out: spans' too."""
    fitted = fit_rich("a {r}b{/}", SANS, 200, 50, max_size=10, min_size=6, looks={"r": RED})
    out = io.BytesIO()
    c = Canvas(out, pagesize=(200, 50), invariant=1, pageCompression=0)
    draw_rich(c, fitted, 0, 0, 200, 50, paint=lambda colour: "#00ff00")
    code = " ".join(c._code)
    assert "0 1 0 rg" in code and ".8 0 0 rg" not in code


# -- the layout's styles and the card's spans: findings --------------------------------


def _findings(tmp_path: Path, face: str, cards: str = CARDS) -> list[tuple[str, int]]:
    design = load_design("spanned", str(_game(tmp_path, face, cards)))
    found = design.findings if not design.ok else check_drawn(design, None)
    return [(f.code, f.location.line if f.location else 0) for f in found]


@pytest.mark.parametrize(
    ("style", "code"),
    [
        ('{colour: "reddish"}', "invalid-value"),
        ("{size: 900%}", "invalid-value"),
        ("{size: 0.5}", "invalid-value"),
        ("{shift: 3em}", "invalid-value"),
        ("{font: gothic}", "invalid-value"),
        ("{bold: maybe}", "wrong-type"),
        ("{weight: bold}", "unknown-key"),
    ],
)
def test_a_bad_style_value_is_a_finding_at_its_line(tmp_path: Path, style: str, code: str) -> None:
    written = '  prereq: {colour: "#cc0000", size: 7, italic: true}'
    face = FACE.replace(written, f"  prereq: {style}")
    assert (code, 4) in _findings(tmp_path, face)


def test_a_style_named_as_a_span_word_or_twice_is_a_finding(tmp_path: Path) -> None:
    face = FACE.replace("styles:\n", "styles:\n  bold: {size: 9}\n  Prereq: {size: 8}\n")
    found = _findings(tmp_path, face)
    assert ("invalid-value", 4) in found
    assert ("duplicate-key", 6) in found  # (`prereq` after `Prereq`)


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ("{prereg}Requires 2 Stone{/}", "names no span style 'prereg'"),
        ("{#cc0000 huge}x{/}", "names no span style 'huge'"),
        ("{900%}x{/}", "10% to 500%"),
        ("a stray {/} here", "closes no span"),
    ],
)
def test_a_bad_span_in_a_card_is_a_finding_at_the_text(
    tmp_path: Path, rules: str, said: str
) -> None:
    cards = f'name,rules,cost\nQuarry,"{rules}",3\n'
    design = load_design("spanned", str(_game(tmp_path, FACE, cards)))
    assert design.ok, design.findings
    found = check_drawn(design, None)
    assert [(f.code, f.location.line if f.location else 0) for f in found] == [("invalid-value", 9)]
    assert said in found[0].message


def test_braces_that_are_not_meant_as_a_span_are_text(tmp_path: Path) -> None:
    cards = 'name,rules,cost\nQuarry,"Pay {1} or {x, y} and \\{T}",3\n'
    design = load_design("spanned", str(_game(tmp_path, FACE, cards)))
    assert check_drawn(design, None) == []
    text = "".join(ch for ch, _ in _chars(_pdf(tmp_path, FACE, cards)))
    assert "{1}" in text and "{x, y}" in text and "{T}" in text


def test_a_layout_takes_the_styles_of_the_one_it_extends_and_may_change_one(
    tmp_path: Path,
) -> None:
    (tmp_path / "base.yaml").write_text(FACE.replace("game: spanned\n", ""), encoding="utf-8")
    face = (
        'game: spanned\nkind: layout\nextends: base.yaml\nstyles:\n  prereq: {colour: "#0a7d32"}\n'
    )
    pdf = _pdf(tmp_path, face)
    chars = _chars(pdf)
    text = "".join(ch for ch, _ in chars)
    assert _near(_colour_at(pdf, chars[text.index("Requires")][1]), "#0a7d32")
    assert _near(_colour_at(pdf, chars[text.index("3")][1]), "#1f4e9c")  # (inherited)


def test_a_layouts_own_text_may_open_a_span_of_a_colour_after_another_word(
    tmp_path: Path,
) -> None:
    """`{#` starts a template comment in a layout's `text:`: a colour there comes after
    another word (`{bold #c00}`); alone, it is a template error at the text."""
    face = FACE.replace('"{{ rules }}"', '"{bold #cc0000}Note:{/} {{ rules }}"')
    pdf = _pdf(tmp_path, face)
    chars = _chars(pdf)
    text = "".join(ch for ch, _ in chars)
    assert _near(_colour_at(pdf, chars[text.index("Note")][1]), "#cc0000")
    face = FACE.replace('"{{ rules }}"', '"{#cc0000}Note:{/} {{ rules }}"')
    assert ("template-error", 9) in _findings(tmp_path, face)
