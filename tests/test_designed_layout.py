"""A designed game's layout properties, one at a time: lengths and their units, colours,
mappings with `else`, `when:`, and where an anchored element lands on a card."""

from __future__ import annotations

import pytest

from kitgen.games.designed.draw import Placed, box
from kitgen.games.designed.load import Part
from kitgen.games.designed.props import (
    Compiled,
    Length,
    PropError,
    compile_property,
    read,
    when_holds,
)
from kitgen.layout.geometry import Size
from kitgen.layout.units import INCH, MM


def no_templates(text: str):  # type: ignore[no-untyped-def]
    raise AssertionError(f"no template expected: {text!r}")


@pytest.mark.parametrize(
    ("raw", "points", "percent"),
    [
        (3, 3 * MM, False),
        ("3", 3 * MM, False),
        ("3mm", 3 * MM, False),
        ("0.5in", 0.5 * INCH, False),
        ("12pt", 12.0, False),
        ("1cm", 10 * MM, False),
        ("50%", 0.5, True),
    ],
)
def test_lengths_are_mm_when_bare(raw: object, points: float, percent: bool) -> None:
    length = read("x", raw)
    assert isinstance(length, Length)
    assert length.value == pytest.approx(points) and length.percent == percent


@pytest.mark.parametrize(
    ("name", "raw", "words"),
    [
        ("x", "3 furlongs", "unknown unit"),
        ("x", True, "a length"),
        ("fill", "red", "not a colour"),
        ("size", 0, "1 to 400"),
        ("align", "middle", "left, centre, center, right"),
        ("bold", "maybe", "true or false"),
    ],
)
def test_a_bad_value_says_why(name: str, raw: object, words: str) -> None:
    with pytest.raises(PropError, match=words):
        read(name, raw)


def test_colours_come_short_long_or_named() -> None:
    assert read("fill", "#C33") == "#cc3333"
    assert read("fill", "#B03A2E") == "#b03a2e"
    assert read("stroke", "none") == "none"
    assert read("colour", "white") == "#ffffff"


def test_a_mapping_gives_each_value_its_own_and_else_the_rest() -> None:
    fill = compile_property(
        "fill", {"faction": {"fire": "#c33", "water": "#36c", "else": "#888"}}, no_templates
    )
    assert fill.varies
    assert fill.value({"faction": "fire"}) == "#cc3333"
    assert fill.value({"faction": "earth"}) == "#888888"
    strict = compile_property("fill", {"faction": {"fire": "#c33"}}, no_templates)
    with pytest.raises(PropError, match="no value for faction 'water'"):
        strict.value({"faction": "water"})
    with pytest.raises(PropError, match="the value for faction 'water'"):
        compile_property("fill", {"faction": {"water": "blue"}}, no_templates)


def test_a_number_keyed_mapping_reads_the_cards_number() -> None:
    size = compile_property("size", {"cost": {"1": 8, "2": 10}}, no_templates)
    assert size.value({"cost": 2}) == 10.0


def test_when_takes_a_value_a_list_or_one_of_an_icons_list() -> None:
    assert when_holds({"type": ["spell"]}, {"type": "Spell"})
    assert not when_holds({"type": ["spell"]}, {"type": "unit"})
    assert when_holds({"type": ["unit", "hero"], "cost": ["3"]}, {"type": "hero", "cost": 3})
    assert not when_holds({"type": ["unit"], "cost": ["3"]}, {"type": "unit", "cost": 4})
    assert when_holds({"icons": ["sword"]}, {"icons": ["shield", "sword"]})


def part(anchor: str, kind: str = "rect", **values: object) -> Part:
    props = {name: Compiled(name, constant=read(name, value)) for name, value in values.items()}
    return Part(kind, None, "it", None, anchor, props, {})


CARD = Size(60 * MM, 90 * MM)


@pytest.mark.parametrize(
    ("anchor", "expected"),
    [
        # (left, bottom) in mm of a 10 x 20 mm element placed 3 mm, 4 mm from the anchor
        ("top-left", (3, 90 - 4 - 20)),
        ("top-right", (60 - 3 - 10, 90 - 4 - 20)),
        ("bottom-left", (3, 4)),
        ("bottom-right", (60 - 3 - 10, 4)),
        ("centre", (25 + 3, 35 - 4)),
        ("top", (25 + 3, 90 - 4 - 20)),
        ("left", (3, 35 - 4)),
    ],
)
def test_an_element_sits_inwards_from_its_anchor(
    anchor: str, expected: tuple[float, float]
) -> None:
    placed = box(part(anchor, x=3, y=4, width=10, height=20), {}, CARD)
    assert placed.x / MM == pytest.approx(expected[0])
    assert placed.y / MM == pytest.approx(expected[1])
    assert (placed.width / MM, placed.height / MM) == pytest.approx((10, 20))


def test_percentages_are_of_the_cards_sides_and_lines_run_down() -> None:
    placed = box(part("top-left", x="10%", y="10%", width="50%", height="25%"), {}, CARD)
    assert (placed.x / MM, placed.width / MM) == pytest.approx((6, 30))
    assert (placed.y / MM, placed.height / MM) == pytest.approx((90 - 9 - 22.5, 22.5))
    line = box(part("top-left", "line", x=5, y=5, width=20, height=10), {}, CARD)
    assert line == Placed(pytest.approx(5 * MM), pytest.approx(85 * MM), 20 * MM, -10 * MM)


@pytest.mark.parametrize(
    ("name", "raw", "words"),
    [
        ("x", "1e400", "at most 1000 mm"),
        ("width", 1e308, "at most 1000 mm"),
        ("height", "nan", "at most 1000 mm"),
        ("y", "2000%", "at most 1000%"),
        ("radius", "-1mm", "cannot be negative"),
        ("size", "nan", "1 to 400"),
        ("leading", "inf", "0.01 to 100"),
    ],
)
def test_numbers_stay_finite_and_sensible(name: str, raw: object, words: str) -> None:
    with pytest.raises(PropError, match=words):
        read(name, raw)


def test_a_comparison_with_an_empty_field_is_false() -> None:
    """A card that leaves a number empty: no number is greater or smaller than it (in
    Python, `"" > 1` is a TypeError), and it is still the empty text."""
    import operator

    from kitgen.games.designed.props import EMPTY, when_template
    from kitgen.render.rules_text import RulesSandbox

    assert not (EMPTY > 1 or EMPTY <= 1 or EMPTY >= 0.5 or EMPTY < 2)
    assert not operator.lt(1, EMPTY)  # (the number first: Python asks EMPTY.__gt__)
    assert EMPTY == "" and not EMPTY and EMPTY < "a" and f"[{EMPTY}]" == "[]"
    env = RulesSandbox(markup=False)
    shown = env.plain(str(when_template("pick > 1 or pick < 1")))
    assert shown.render({"pick": EMPTY}) == ""
    assert shown.render({"pick": 3}) == "1"
    assert env.plain("{{ (pick or 0) + 1 }}").render({"pick": EMPTY}) == "1"
