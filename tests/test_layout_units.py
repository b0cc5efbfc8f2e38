"""Lengths, sizes and offsets as users write them; paper and card presets."""

from __future__ import annotations

import pytest

from kitgen.layout.geometry import LayoutError, Size
from kitgen.layout.paper import CARDS, PAPERS, card_size, paper_size
from kitgen.layout.units import INCH, MM, PT, format_mm, parse_length, parse_offset, parse_size


def test_unit_constants() -> None:
    assert pytest.approx(2.834645669) == MM
    assert INCH == 72.0
    assert PT == 1.0
    assert pytest.approx(INCH) == 25.4 * MM


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("63mm", 63 * MM),
        ("3.2 mm", 3.2 * MM),
        ("2cm", 20 * MM),
        ("2.5in", 180.0),
        ("0.125 in", 9.0),
        ("12pt", 12.0),
        (".5in", 36.0),
        ("1/8in", 9.0),
        ("1 / 8 in", 9.0),
        ("3/2 mm", 1.5 * MM),
        ("2.5IN", 180.0),
        (" 3 Mm ", 3 * MM),
        ("12PT", 12.0),
        ("0", 0.0),
        ("0.0", 0.0),
        ("0mm", 0.0),
        ("-2mm", -2 * MM),
        ("+1in", 72.0),
        ("-1/8in", -9.0),
    ],
)
def test_parse_length(text: str, points: float) -> None:
    assert parse_length(text) == pytest.approx(points)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5", "'5' needs a unit: mm, cm, in or pt (like 3mm)"),
        ("-2.5", "'-2.5' needs a unit"),
        ("abc", "'abc' is not a length"),
        ("", "empty"),
        ("   ", "empty"),
        ("mm", "'mm' is not a length"),
        ("5km", "unknown unit 'km'"),
        ("5 inches", "unknown unit 'inches'"),
        ("1.2.3mm", "is not a length"),
        ("--3mm", "is not a length"),
        ("3 mm mm", "is not a length"),
        ("1/0in", "divides by zero"),
        ("nan mm", "is not a length"),
        ("inf in", "is not a length"),
        ("3mm4", "is not a length"),
    ],
)
def test_parse_length_rejects_with_a_helpful_one_line_message(text: str, message: str) -> None:
    with pytest.raises(LayoutError) as info:
        parse_length(text)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("63x88mm", Size(63 * MM, 88 * MM)),
        ("2.5x3.5in", Size(180.0, 252.0)),
        ("63mm x 88mm", Size(63 * MM, 88 * MM)),
        ("63 x 88 mm", Size(63 * MM, 88 * MM)),
        ("63X88MM", Size(63 * MM, 88 * MM)),
        ("63\u00d788mm", Size(63 * MM, 88 * MM)),
        ("2.5in x 88mm", Size(180.0, 88 * MM)),
        ("1/2x3/4in", Size(36.0, 54.0)),
    ],
)
def test_parse_size(text: str, size: Size) -> None:
    got = parse_size(text)
    assert got.width == pytest.approx(size.width)
    assert got.height == pytest.approx(size.height)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("63mm", "is not a size"),
        ("63x88", "needs a unit"),
        ("63mmx88", "'88' needs a unit"),
        ("0x88mm", "must be positive"),
        ("63x-88mm", "must be positive"),
        ("63x0mm", "must be positive"),
        ("63x88x5mm", "is not a size"),
        ("x88mm", "is not a size"),
        ("", "is not a size"),
        ("axbmm", "is not a length"),
    ],
)
def test_parse_size_rejects(text: str, message: str) -> None:
    with pytest.raises(LayoutError, match=message):
        parse_size(text)


@pytest.mark.parametrize(
    ("text", "offset"),
    [
        ("0.5,-1", (0.5 * MM, -1 * MM)),
        ("1mm,-0.5mm", (1 * MM, -0.5 * MM)),
        ("0.02in,0", (1.44, 0.0)),
        (" 0 , 0 ", (0.0, 0.0)),
        ("-1/2,2pt", (-0.5 * MM, 2.0)),
    ],
)
def test_parse_offset(text: str, offset: tuple[float, float]) -> None:
    dx, dy = parse_offset(text)
    assert dx == pytest.approx(offset[0])
    assert dy == pytest.approx(offset[1])


@pytest.mark.parametrize("text", ["1", "1,2,3", "a,b", "", ",", "1,", "1mm;2mm", "1km,0"])
def test_parse_offset_rejects(text: str) -> None:
    with pytest.raises(LayoutError) as info:
        parse_offset(text)
    assert "offset" in str(info.value)


@pytest.mark.parametrize(
    ("points", "text"),
    [
        (63 * MM, "63 mm"),
        (2.5 * MM, "2.5 mm"),
        (8.5 * INCH, "215.9 mm"),
        (0.0, "0 mm"),
        (-1e-9, "0 mm"),
        (-3 * MM, "-3 mm"),
        (1.0, "0.35 mm"),
    ],
)
def test_format_mm(points: float, text: str) -> None:
    assert format_mm(points) == text


def test_presets_have_the_documented_sizes() -> None:
    mm = {name: (round(s.width / MM, 2), round(s.height / MM, 2)) for name, s in PAPERS.items()}
    assert mm == {
        "a4": (210, 297),
        "letter": (215.9, 279.4),
        "a3": (297, 420),
        "tabloid": (279.4, 431.8),
        "a5": (148, 210),
        "half-letter": (139.7, 215.9),
    }
    assert all(s.orientation == "portrait" for s in PAPERS.values())
    cards = {name: (round(s.width / MM, 2), round(s.height / MM, 2)) for name, s in CARDS.items()}
    assert cards == {
        "poker": (63, 88),
        "poker-us": (63.5, 88.9),
        "bridge": (57.15, 88.9),
        "mini-euro": (44, 68),
        "mini-us": (41, 63),
        "tarot": (70, 120),
        "square": (70, 70),
    }


def test_paper_and_card_names_and_custom_sizes() -> None:
    assert paper_size("A4") == PAPERS["a4"]
    assert paper_size(" Letter ") == PAPERS["letter"]
    assert paper_size("half_letter") == PAPERS["half-letter"]
    assert paper_size("HALF-LETTER") == PAPERS["half-letter"]
    assert card_size("Poker") == CARDS["poker"]
    assert card_size("mini-euro") == CARDS["mini-euro"]
    custom = paper_size("100x150mm")
    assert (custom.width, custom.height) == pytest.approx((100 * MM, 150 * MM))
    assert card_size("2.5x3.5in") == Size(180.0, 252.0)


def test_unknown_names_list_the_presets() -> None:
    with pytest.raises(LayoutError) as info:
        paper_size("a6")
    message = str(info.value)
    assert "unknown paper 'a6'" in message
    assert "a4, letter, a3, tabloid, a5, half-letter" in message
    with pytest.raises(LayoutError, match=r"unknown card size .jumbo.*poker, poker-us"):
        card_size("jumbo")
    with pytest.raises(LayoutError, match="must be positive"):
        card_size("0x88mm")
