"""The filters a template may use besides jinja2's own (`roman`, `plural`, `number`,
`signed`; `replace` and `truncate` bounded), in a designed game's layouts and in rules
text alike: what each writes, what each refuses (a template-error at the card), and
that `replace` is refused before it builds a huge text."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest
from conftest import designed_game
from jinja2 import TemplateError

from kitgen.games.designed.draw import Artist, check_drawn
from kitgen.games.designed.load import load_design
from kitgen.layout.geometry import Size
from kitgen.layout.units import MM
from kitgen.model.findings import Location
from kitgen.render.rules_text import MINUS, RulesSandbox


def _run(text: str, **context: object) -> str:
    return str(RulesSandbox(markup=False).plain(text).render(**context))


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    [
        ("{{ n | roman }}", {"n": 4}, "IV"),
        ("{{ n | roman }}", {"n": 2026}, "MMXXVI"),
        ("{{ n | roman }}", {"n": 3999}, "MMMCMXCIX"),
        ("{{ n | roman }}", {"n": "9"}, "IX"),  # (a spreadsheet's number as text)
        ("{{ n | roman | lower }}", {"n": 14}, "xiv"),
        ("{{ n }} {{ n | plural('coin') }}", {"n": 1}, "1 coin"),
        ("{{ n }} {{ n | plural('coin') }}", {"n": 0}, "0 coins"),
        ("{{ n }} {{ n | plural('die', 'dice') }}", {"n": 2}, "2 dice"),
        ("card{{ n | plural }}", {"n": 3}, "cards"),
        ("card{{ n | plural }}", {"n": 1}, "card"),
        ("{{ n | number }}", {"n": 2.5}, "2.5"),
        ("{{ n | number }}", {"n": 3.0}, "3"),
        ("{{ n | number(2) }}", {"n": 3.5}, "3.50"),
        ("{{ n | number(0) }}", {"n": 2.5}, "2"),  # (Python rounds half to even)
        ("{{ n | number(thousands=',') }}", {"n": 1234567}, "1,234,567"),
        ("{{ n | number(2, '.', ',') }}", {"n": 1234.5}, "1.234,50"),
        ("{{ n | number(1, thousands='\u202f') }}", {"n": -12345}, f"{MINUS}12\u202f345.0"),
        ("{{ n | signed }}", {"n": 2}, "+2"),
        ("{{ n | signed }}", {"n": 0}, "+0"),
        ("{{ n | signed }}", {"n": -3}, f"{MINUS}3"),
        ("{{ n | signed }}", {"n": "-1"}, f"{MINUS}1"),
        ("{{ s | replace('_', '______') }}", {"s": "Name: _"}, "Name: ______"),
        ("{{ s | replace('a', 'o', 1) }}", {"s": "banana"}, "bonana"),
        ("{{ s | truncate(12) }}", {"s": "a rather long sentence"}, "a rather..."),
        ("{{ s | trim | upper }}", {"s": "  fire "}, "FIRE"),
        ("{{ s | default('none') }}", {"s": ""}, ""),
        ("{{ s | default('none', true) }}", {"s": ""}, "none"),
    ],
)
def test_what_each_filter_writes(text: str, context: dict[str, object], expected: str) -> None:
    assert _run(text, **context) == expected


@pytest.mark.parametrize(
    ("text", "context", "said"),
    [
        ("{{ n | roman }}", {"n": 0}, "`roman` takes a whole number from 1 to 3999, not 0"),
        ("{{ n | roman }}", {"n": 4000}, "from 1 to 3999, not 4,000"),
        ("{{ n | roman }}", {"n": 2.5}, "`roman` takes a whole number, not 2.5"),
        ("{{ n | roman }}", {"n": "IV"}, "`roman` takes a number, not 'IV'"),
        ("{{ n | plural('coin') }}", {"n": ""}, "`plural` takes a number, not ''"),
        ("{{ n | plural(3) }}", {"n": 2}, "`plural` takes words"),
        ("{{ n | number(11) }}", {"n": 1}, "`number` writes 0 to 10 places, not 11"),
        ("{{ n | number(1.5) }}", {"n": 1}, "`number`'s places is a whole number"),
        ("{{ n | number(thousands='abcd') }}", {"n": 1}, "at most 3 characters"),
        ("{{ n | number }}", {"n": True}, "`number` takes a number, not True"),
        ("{{ n | signed }}", {"n": "x"}, "`signed` takes a number, not 'x'"),
        ("{{ n | number(2) }}", {"n": 10**400}, "cannot write a number that large"),
    ],
)
def test_what_each_filter_refuses(text: str, context: dict[str, object], said: str) -> None:
    with pytest.raises(TemplateError, match=None) as caught:
        _run(text, **context)
    assert said in str(caught.value)


def test_replace_is_refused_before_it_builds_a_huge_text() -> None:
    """5,000 `a`s, each made 200 characters: a million characters, refused on a count,
    never built (far less memory used than the text would take)."""
    tracemalloc.start()
    try:
        with pytest.raises(TemplateError, match="`replace` would build"):
            _run("{{ s | replace('a', b) }}", s="a" * 5000, b="b" * 200)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 500_000
    with pytest.raises(TemplateError, match="`replace` would build"):
        _run("{{ s | replace('', 'xy') }}", s="a" * 15000)  # (between every character)


def test_a_filter_takes_named_arguments_but_calls_stay_refused() -> None:
    assert _run("{{ n | number(places=1) }}", n=2) == "2.0"
    with pytest.raises(TemplateError, match="function and method calls"):
        _run("{{ s.upper() }}", s="x")


def test_rules_text_may_use_the_filters_too() -> None:
    """A booklet's text is the same sandbox, escaped for Platypus."""
    env = RulesSandbox()
    assert env.fill("Round {{ n | roman }} & {{ n | plural('turn') }}", {"n": 3}) == (
        "Round III &amp; turns"
    )


GAME = designed_game(
    "filtered",
    "  name: {type: text, max_length: 40}\n"
    "  chapter: {type: integer, min: 0, max: 5000}\n"
    "  bonus: {type: integer, min: -9, max: 9}\n",
)
FACE = """\
game: filtered
kind: layout
elements:
  - {type: text, text: "{{ name }} {{ chapter | roman }}", x: 5mm, y: 5mm, width: 53mm,
     height: 20mm, size: 12}
  - {type: text, text: "{{ bonus | signed }} {{ bonus | plural('point') }}", x: 5mm, y: 40mm,
     width: 53mm, height: 20mm, size: 12}
"""


def test_a_layout_prints_with_the_filters_and_a_card_they_refuse_is_a_finding(
    tmp_path: Path,
) -> None:
    rows = ["name,chapter,bonus", "Ash,4,1", "Birch,12,-2", "Cedar,0,0"]
    for name, text in {
        "game.yaml": GAME,
        "face.yaml": FACE,
        "cards.csv": "\n".join(rows) + "\n",
    }.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    design = load_design("filtered", str(tmp_path))
    assert design.ok, design.findings
    artist = Artist(design, Size(63 * MM, 88 * MM), 0.0)
    assert design.face is not None
    printed = {}
    for card in design.cards[:2]:
        context = artist.context(card)
        lines = []
        for part in design.face.of(card.values).parts:
            plan = artist.text(part, context, artist.place(part, context))
            lines.append(" ".join("".join(p.text for p in ln.pieces) for ln in plan.fitted.lines))
        printed[card.values["name"]] = lines
    assert printed == {
        "Ash": ["Ash IV", "+1 point"],
        "Birch": ["Birch XII", f"{MINUS}2 points"],
    }
    found = [f for f in check_drawn(design, None) if f.code == "template-error"]
    assert len(found) == 1, found
    assert "Cedar" in found[0].message and "from 1 to 3999, not 0" in found[0].message


NUMBERED_GAME = designed_game(
    "numbered",
    "  name: {type: text, max_length: 40}\n"
    "  number: {type: integer, min: 1, max: 99}\n"
    "  suit: {type: text, required: false}\n",
)
NUMBERED_FACE = """\
game: numbered
kind: layout
elements:
  - {type: text, text: "{{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 10mm}
  - {type: rect, x: 5mm, y: 20mm, width: 10mm, height: 10mm, fill: "#c33",
     when: WHEN}
"""


def _place(where: Location | None) -> str:
    return "-" if where is None else f"{os.path.basename(where.path)}:{where.line}"


def _numbered(tmp_path: Path, when: str) -> tuple[list[str], list[str]]:
    """The names of the cards that show the element, and what the check says."""
    rows = ["name,number,suit"] + [f"Card {n},{n},{'1-3' if n == 2 else ''}" for n in range(1, 21)]
    for name, text in {
        "game.yaml": NUMBERED_GAME,
        "face.yaml": NUMBERED_FACE.replace("WHEN", when),
        "cards.csv": "\n".join(rows) + "\n",
    }.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    design = load_design("numbered", str(tmp_path))
    said = [f"{f.code} at {_place(f.location)}: {f.message}" for f in design.findings]
    if not design.ok:
        return [], said
    artist = Artist(design, Size(63 * MM, 88 * MM), 0.0)
    from kitgen.games.designed.draw import shows

    assert design.face is not None
    shown = []
    for card in design.cards:
        context = artist.context(card)
        rect = design.face.of(card.values).parts[1]
        if shows(rect, context):
            shown.append(str(card.values["name"]))
    return shown, said


@pytest.mark.parametrize(
    ("when", "numbers"),
    [
        ('{number: "1-3, 15"}', [1, 2, 3, 15]),
        ("{number: [1-3, 15, 18 - 19]}", [1, 2, 3, 15, 18, 19]),
        ("{number: 7}", [7]),
        ('{number: "19\u201320"}', [19, 20]),  # (an en dash, as a spreadsheet may write it)
        ('{suit: "1-3"}', [2]),  # (a text field's value is compared as written)
    ],
)
def test_a_when_names_numbered_cards_by_ranges(
    tmp_path: Path, when: str, numbers: list[int]
) -> None:
    shown, said = _numbered(tmp_path, when)
    assert said == []
    assert shown == [f"Card {n}" for n in numbers]


@pytest.mark.parametrize(
    ("when", "message"),
    [
        ('{number: "10-1"}', "the range 10-1 runs backwards; write it 1-10"),
        ('{number: "1-x"}', "'1-x' is no whole number or range of them"),
        ('{number: "1,,2"}', "an empty value is no whole number"),
        ('{number: "1-99999"}', "holds more than 10,000 numbers"),
    ],
)
def test_a_bad_range_is_a_finding_at_the_when(tmp_path: Path, when: str, message: str) -> None:
    _, said = _numbered(tmp_path, when)
    assert any(s.startswith("invalid-value at face.yaml:6:") and message in s for s in said), said


def test_an_empty_field_is_absent_to_default() -> None:
    """`{{ cost | default('-') }}` prints `-` for a card that leaves `cost` empty (as for
    a name that is not there), its own number for one that gives it, and `0` stays `0`
    unless `default(..., true)` asks for every false value."""
    from kitgen.games.designed.props import EMPTY
    from kitgen.render.rules_text import RulesSandbox

    env = RulesSandbox(markup=False)
    render = env.plain("{{ cost | default('-') }}/{{ cost | d('-', true) }}").render
    assert render({"cost": EMPTY}) == "-/-"
    assert render({"cost": 3}) == "3/3"
    assert render({"cost": 0}) == "0/-"
    assert render({}) == "-/-"


def test_an_empty_field_is_neither_defined_nor_a_value_to_the_tests() -> None:
    """`cost is defined` is false and `cost is none` true for a card that leaves `cost`
    empty, as for a name that is not there; a 0 is a value."""
    from kitgen.games.designed.props import EMPTY
    from kitgen.render.rules_text import RulesSandbox

    env = RulesSandbox(markup=False)
    render = env.plain(
        "{{ 'd' if cost is defined }}{{ 'n' if cost is none }}{{ 'u' if cost is undefined }}"
    ).render
    assert render({"cost": EMPTY}) == "nu"
    assert render({"cost": 0}) == "d"
    assert render({"cost": 3}) == "d"
    assert render({}) == "nu"
