"""A designed game's card fields, and a table of cards checked against them."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from kitgen.games.designed.fields import FieldSpec, check_cards
from kitgen.load.table import read_table

FIELDS = {
    "name": FieldSpec(type="text", max_length=12),
    "cost": FieldSpec(type="integer", min=0, max=10),
    "faction": FieldSpec(type="choice", values=["Fire", "Water"]),
    "tint": FieldSpec(type="colour", required=False),
    "art": FieldSpec(type="image", required=False),
    "icons": FieldSpec(type="icons", required=False),
}
ICONS = frozenset({"sword", "shield"})


def checked(tmp_path: Path, text: str, fields: dict[str, FieldSpec] = FIELDS):  # type: ignore[no-untyped-def]
    path = tmp_path / "cards.csv"
    path.write_text(text, encoding="utf-8")
    table = read_table(str(path))
    assert table.findings == []
    return check_cards(table, fields, ICONS)


def places(result) -> list[tuple[str, int, int]]:  # type: ignore[no-untyped-def]
    return [(f.code, f.location.line, f.location.column) for f in result.findings]


def test_good_rows_become_typed_cards(tmp_path: Path) -> None:
    result = checked(
        tmp_path,
        "Name,Cost,Faction,Tint,Art,Icons,Qty\n"
        "Goblin,2,fire,#B03A2E,art/goblin.png,sword shield,3\n"
        "Whale,10,Water,,,,\n"
        "Spare,0,Fire,,,,0\n",
    )
    assert result.findings == []
    goblin, whale = result.cards  # a count of 0 prints none
    assert goblin.values == {
        "name": "Goblin",
        "cost": 2,
        "faction": "Fire",  # as the field writes it
        "tint": "#b03a2e",
        "art": "art/goblin.png",
        "icons": ("sword", "shield"),
    }
    assert goblin.copies == 3 and whale.copies == 1
    assert [c.values["name"] for c in result.expanded] == ["Goblin"] * 3 + ["Whale"]
    assert (goblin.where.line, whale.where.line) == (2, 3)


def test_every_bad_value_is_a_finding_at_its_cell(tmp_path: Path) -> None:
    result = checked(
        tmp_path,
        "name,cost,faction,tint,icons,count\n"
        "Goblin,two,Fire,#b03a2e,sword,1\n"  # not a number
        "Ogre,11,Fire,red,,1\n"  # out of range; not a colour
        "Imp,1,Earth,,axe,1\n"  # not a choice; unknown icon
        "A very long name,1,Fire,,,1\n"  # too long
        ",1,Water,,,x\n",  # empty required name; a bad count
    )
    assert places(result) == [
        ("wrong-type", 2, 2),
        ("out-of-range", 3, 2),
        ("invalid-value", 3, 4),
        ("invalid-value", 4, 3),
        ("invalid-value", 4, 5),
        ("string-too-long", 5, 1),
        ("missing-key", 6, 1),
        ("wrong-type", 6, 6),  # text in the copies column
    ]
    assert result.cards == []  # a row with an error is no card
    messages = [f.message for f in result.findings]
    assert "'cost' cell should be a whole number, not 'two'" in messages[0]
    assert "must be 0 to 10" in messages[1]
    assert "one of: Fire, Water" in messages[3]
    assert "no icon 'axe'" in messages[4]
    assert messages[7] == "the 'count' cell should be a whole number of copies (0 to 100), not 'x'"


def test_a_whole_number_too_long_for_a_cell_is_out_of_range_not_the_wrong_type(
    tmp_path: Path,
) -> None:
    result = checked(
        tmp_path,
        "name,cost,faction\nGoblin,99999999999999999999,Fire\nOgre,-1234567890123456,Fire\n",
    )
    assert places(result) == [("out-of-range", 2, 2), ("out-of-range", 3, 2)]
    assert result.findings[0].message == (
        "the 'cost' cell is '99999999999999999999'; it must be 0 to 10; a whole number here "
        "has at most 15 digits"
    )
    free = {**FIELDS, "cost": FieldSpec(type="integer")}
    result = checked(tmp_path, "name,cost,faction\nGoblin,1234567890123456,Fire\n", free)
    assert [f.message for f in result.findings] == [
        "the 'cost' cell is '1234567890123456'; a whole number here has at most 15 digits"
    ]
    result = checked(tmp_path, "name,cost,faction\nGoblin,123456789012345,Fire\n", free)
    assert result.findings == [] and result.cards[0].values["cost"] == 123456789012345


def test_unknown_and_missing_columns(tmp_path: Path) -> None:
    # A column no field reads is ignored (listed), unless the game is strict.
    result = checked(tmp_path, "name,faction,power\nGoblin,Fire,3\n")
    assert places(result) == [("missing-key", 1, 1)]
    assert "'cost'" in result.findings[0].message
    assert [(c.text, c.where.column) for c in result.ignored] == [("power", 3)]
    assert [c.values for c in result.cards] == [{"name": "Goblin", "faction": "Fire"}]
    path = tmp_path / "cards.csv"
    strict = check_cards(read_table(str(path)), FIELDS, ICONS, strict=True)
    assert places(strict) == [("unknown-key", 1, 3), ("missing-key", 1, 1)]
    assert "'power' is no field" in strict.findings[0].message
    assert "`strict: true`" in strict.findings[0].message and strict.ignored == []


def test_analysis_columns_stay_and_a_field_names_its_column(tmp_path: Path) -> None:
    # A Squib designer's sheet as it is: headers that are no field names, analysis
    # columns, and the copies in a column of the designer's own name.
    fields = {
        "name": FieldSpec(type="text"),
        "vp": FieldSpec(type="integer", column="Est. VP"),
        "faction": FieldSpec(type="choice", values=["Fire", "Water"], column="Fraktion"),
    }
    text = (
        "Name,Est. VP,VP + Climb,FRAKTİON,Quantity,count\n"
        "Goblin,2,5,Fire,3,9\n"
        "Whale,4,x,Water,0,1\n"
        "Imp,1,,Fire,,\n"
    )
    path = tmp_path / "cards.csv"
    path.write_text(text, encoding="utf-8")
    result = check_cards(read_table(str(path)), fields, copies="quantity")
    # 'FRAKTİON' (a dotted capital I) folds to 'fraktiOn' with a combining dot, not
    # 'fraktion': Unicode identity, not ASCII likeness, so no column holds faction.
    assert places(result) == []
    assert [c.text for c in result.ignored] == ["VP + Climb", "FRAKTİON", "count"]
    assert [(c.values, c.copies) for c in result.cards] == [
        ({"name": "Goblin", "vp": 2}, 3),
        ({"name": "Imp", "vp": 1}, 1),
    ]
    path.write_text(text.replace("FRAKTİON", "FRAKTION"), encoding="utf-8")
    result = check_cards(read_table(str(path)), fields, copies="QUANTITY")
    assert [c.values["faction"] for c in result.cards] == ["Fire", "Fire"]
    # The copies column with text in it is the wrong type at its cell.
    path.write_text(text.replace("Water,0,1", "Water,none,1"), encoding="utf-8")
    result = check_cards(read_table(str(path)), fields, copies="quantity")
    assert places(result) == [("wrong-type", 3, 5)]
    assert "'Quantity' cell should be a whole number of copies" in result.findings[0].message


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ({"type": "text", "min": 1}, "`min` and `max` go with `type: integer`"),
        ({"type": "integer", "min": 5, "max": 1}, "is more than `max`"),
        ({"type": "choice"}, "needs `values`"),
        ({"type": "text", "values": ["a"]}, "needs `values`"),
        ({"type": "number"}, "type"),
    ],
)
def test_a_field_that_contradicts_itself_is_refused(spec: dict[str, object], words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        FieldSpec.model_validate(spec)


@pytest.mark.parametrize(
    ("text", "second", "copies"),
    [
        ("name,cost,faction,Cost\nGoblin,2,Fire,9\n", 4, 1),  # case
        ("name,cost,faction, COST \nGoblin,2,Fire,9\n", 4, 1),  # and spaces around it
        ("name,Count,cost,faction,qty\nGoblin,3,2,Fire,7\n", 5, 3),  # a second count
    ],
)
def test_two_columns_for_one_field_keep_the_first(
    tmp_path: Path, text: str, second: int, copies: int
) -> None:
    # Issue 35, item 12: the later column's values silently won (cost 9, 7 copies).
    path = tmp_path / "cards.csv"
    path.write_text(text, encoding="utf-8")
    result = check_cards(read_table(str(path)), FIELDS, ICONS)
    assert places(result) == [("duplicate-key", 1, second)]
    [goblin] = result.cards
    assert (goblin.values["cost"], goblin.copies) == (2, copies)
