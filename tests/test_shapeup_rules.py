"""Shape Up!: cards, set-ups, placement limits and scoring."""

from __future__ import annotations

import pytest

from kitgen.games.shapeup.load import setups
from kitgen.games.shapeup.model import Card, card_set
from kitgen.games.shapeup.rules import placement_problem, score

# A table consistent with the original rules' scoring example.
EXAMPLE = [
    ["green solid triangle", "red hollow square", "red solid circle", "red hollow circle",
     "red hollow triangle"],
    ["blue solid triangle", "blue solid square", "green hollow triangle", "blue hollow circle",
     "blue hollow square"],
    ["blue hollow triangle", "blue solid circle", "green solid square", "green solid circle",
     "green hollow square"],
]  # fmt: skip


def table(rows: list[list[str]]) -> dict[tuple[int, int], Card]:
    return {
        (x, y): Card.parse(text)
        for y, row in enumerate(rows)
        for x, text in enumerate(row)
        if text != "."
    }


def test_the_original_scoring_example() -> None:
    a = score(table(EXAMPLE), Card.parse("green hollow circle"))
    assert a.total == 13
    assert sorted(line.describe() for line in a.lines) == [
        "1 for two circles in row 1 (columns 3-4)",
        "2 for three circles in column 4 (rows 1-3)",
        "3 for three hollows in column 5 (rows 1-3)",
        "3 for three hollows in row 2 (columns 3-5)",
        "4 for three greens in row 3 (columns 3-5)",
    ]
    b = score(table(EXAMPLE), Card.parse("red solid triangle"))
    assert b.total == 10
    assert sorted(line.describe() for line in b.lines) == [
        "2 for three triangles in column 1 (rows 1-3)",
        "3 for three solids in row 3 (columns 2-4)",
        "5 for four reds in row 1 (columns 2-5)",
    ]


@pytest.mark.parametrize(
    ("attribute", "points"),
    [("colour", {2: 0, 3: 4, 4: 5, 5: 6}), ("fill", {2: 0, 3: 3, 4: 4, 5: 5}),
     ("shape", {1: 0, 2: 1, 3: 2, 4: 3, 5: 4})],
)  # fmt: skip
def test_runs_of_every_length_in_rows_and_columns(attribute: str, points: dict[int, int]) -> None:
    victory = Card("red", "solid", "circle")
    # Cards that share only the tested attribute with the victory card.
    other = {"colour": "red", "fill": "solid", "shape": "circle"}
    for length, expected in points.items():
        card = Card(
            "red" if attribute == "colour" else "blue",
            "solid" if attribute == "fill" else "hollow",
            "circle" if attribute == "shape" else "square",
        )
        assert card.attribute(attribute) == other[attribute]
        row = {(x, 0): card for x in range(length)}
        column = {(0, y): card for y in range(length)}
        assert score(row, victory).total == expected
        assert score(column, victory).total == expected
    # An empty cell breaks a run: two runs of two are not a run of four.
    broken = {(x, 0): Card("red", "hollow", "square") for x in (0, 1, 3, 4)}
    assert score(broken, victory).total == 0
    assert score({**broken, (2, 0): Card("red", "hollow", "square")}, victory).total == 6


def test_overlapping_lines_each_count() -> None:
    card = Card("green", "solid", "star")
    cross = {(1, 0): card, (0, 1): card, (1, 1): card, (2, 1): card, (1, 2): card}
    result = score(cross, card)
    # row 2 and column 2 each: three greens (4) + three solids (3) + three stars (2)
    assert result.total == 2 * (4 + 3 + 2)
    assert {line.direction for line in result.lines} == {"row", "column"}


def test_card_sets_and_parsing() -> None:
    assert len(card_set(18)) == len(set(card_set(18))) == 18
    assert len(card_set(24)) == 24 and sum(c.shape == "star" for c in card_set(24)) == 6
    assert Card.parse("  Hollow BLUE circle ") == Card("blue", "hollow", "circle")
    assert str(Card("blue", "hollow", "circle")) == "blue hollow circle"
    for bad, words in (
        ("blue hollow", "no shape"),
        ("blue red hollow circle", "two colours"),
        ("purple hollow circle", "'purple' is not a colour"),
    ):
        with pytest.raises(ValueError, match=words):
            Card.parse(bad)


def test_placement_at_the_box_limits() -> None:
    two = setups()["2p-18"]
    four = setups()["4p-24"]
    card = Card("red", "solid", "circle")
    row5 = {(x, 0): card for x in range(5)}
    assert placement_problem({}, (7, -3), two) is None  # the first card goes anywhere
    assert placement_problem(row5, (5, 0), two) is not None  # 6 wide
    assert placement_problem(row5, (2, 1), two) is None
    three_rows = {(x, y): card for x in range(5) for y in range(3) if (x, y) != (4, 2)}
    assert placement_problem(three_rows, (4, 2), two) is None
    assert "5x3 or 3x5" in (placement_problem(three_rows, (0, 3), two) or "")
    assert placement_problem(three_rows, (0, 3), four) is None  # 5x4 is fine with 24 cards
    tall = {(0, y): card for y in range(3)}
    assert placement_problem(tall, (0, 3), two) is None  # 1x4 fits 3x5
    assert placement_problem(tall, (1, 1), two) is None
    assert "shares no side" in (placement_problem(row5, (2, 2), two) or "")
    assert "already holds" in (placement_problem(row5, (2, 0), two) or "")


def test_setups() -> None:
    assert {s: (setups()[s].players, setups()[s].to_play) for s in setups() if "adv" not in s} == {
        "2p-18": (2, 15),
        "3p-18": (3, 14),
        "3p-24": (3, 20),
        "4p-24": (4, 19),
    }
    assert setups()["3p-24-advanced"].hand == 3 and setups()["3p-24-advanced"].to_play == 20
