"""Shape Up!: the cards, the set-ups, placement and scoring.

Cards are colour x fill x shape: three colours, hollow or solid, and circle,
square or triangle (the 24-card set adds the star). The play area has no fixed
edges: a card sits at (x, y), x growing to the right and y downwards, and every
card in play must fit in the set-up's box (5x3 or 3x5, or 5x4 or 4x5).

Pure Python: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from kitgen.games.shapeup.model import ATTRIBUTES, Card, card_set

__all__ = [
    "ATTRIBUTES",
    "POINTS",
    "Card",
    "Setup",
    "card_set",
    "points_by_attribute",
    "score",
    "with_advanced",
]

# Points for a run of a player's colour, fill or shape, by its length.
POINTS: dict[str, dict[int, int]] = {
    "colour": {3: 4, 4: 5, 5: 6},
    "fill": {3: 3, 4: 4, 5: 5},
    "shape": {2: 1, 3: 2, 4: 3, 5: 4},
}


@dataclass(frozen=True)
class Setup:
    """One way to play: players, cards in the set, the box, and hand size."""

    id: str
    players: int
    set_size: int
    box: tuple[int, int]  # long side, short side
    hand: int = 1  # 3 in the advanced variant: the last card kept is the victory card

    @property
    def to_play(self) -> int:
        """Cards played onto the table: the set, less one aside and one per player."""
        return self.set_size - 1 - self.players

    @property
    def rounds(self) -> int:
        """Rounds in a full game: four for two players (each starts twice), else one each."""
        return 4 if self.players == 2 else self.players

    @property
    def advanced(self) -> bool:
        """Whether this is the advanced (hand of three) variant."""
        return self.hand > 1

    def fits(self, width: int, height: int) -> bool:
        """Whether a width x height area fits the box either way round."""
        long, short = self.box
        return (width <= long and height <= short) or (width <= short and height <= long)


def with_advanced(bases: Iterable[Setup], hand: int) -> dict[str, Setup]:
    """Each set-up by its name, each followed by its advanced variant (`-advanced`: a
    hand of `hand`)."""
    return {
        s.id: s
        for base in bases
        for s in (base, Setup(base.id + "-advanced", base.players, base.set_size, base.box, hand))
    }


Point = tuple[int, int]  # (x, y): x to the right, y downwards


def bounds(points: Iterable[Point]) -> tuple[int, int, int, int] | None:
    """(min x, min y, width, height) of some cells, or None for none."""
    xs, ys = [], []
    for x, y in points:
        xs.append(x)
        ys.append(y)
    if not xs:
        return None
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def neighbours(point: Point) -> tuple[Point, ...]:
    """The four cells sharing a side with `point`."""
    x, y = point
    return ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))


def placement_problem(cards: Mapping[Point, Card], point: Point, setup: Setup) -> str | None:
    """Why a card may not go to `point` with `cards` on the table (None when it may).

    `cards` is the table without the card being placed (for a move: without the
    card being moved).
    """
    if point in cards:
        return f"{format_point(point)} already holds a card ({cards[point]})"
    if cards and not any(n in cards for n in neighbours(point)):
        return f"{format_point(point)} shares no side with a card in play"
    box = bounds([*cards, point])
    assert box is not None
    _, _, width, height = box
    if not setup.fits(width, height):
        long, short = setup.box
        return (
            f"a card at {format_point(point)} would spread the cards over {width}x{height}; "
            f"they must fit in {long}x{short} or {short}x{long}"
        )
    return None


def format_point(point: Point) -> str:
    """A cell as written in records: `x,y`."""
    return f"{point[0]},{point[1]}"


@dataclass(frozen=True)
class Line:
    """One scoring run: which attribute and value, where, how long, and its points."""

    attribute: str  # colour, fill or shape
    value: str  # red, hollow, circle...
    direction: str  # row or column
    index: int  # the row or column, counted from 1 at the top or left of the area
    start: int  # the first cell of the run along the line, counted from 1
    length: int
    points: int

    def describe(self) -> str:
        """`4 for three greens in row 2 (columns 1-3)`."""
        other = "columns" if self.direction == "row" else "rows"
        span = f"{other} {self.start}-{self.start + self.length - 1}"
        return (
            f"{self.points} for {_NUMBERS[self.length]} {_plural(self.value)} in "
            f"{self.direction} {self.index} ({span})"
        )


_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five"}


def _plural(value: str) -> str:
    return value + ("es" if value.endswith("s") else "s")


@dataclass(frozen=True)
class Score:
    """A player's score: the total and the runs that make it."""

    victory: Card
    lines: tuple[Line, ...]

    @property
    def total(self) -> int:
        """The sum of the lines' points."""
        return sum(line.points for line in self.lines)


def total(cards: Mapping[Point, Card], victory: Card) -> int:
    """`score(cards, victory).total`, without building the lines (the greedy player's
    measure, asked of every candidate position)."""
    colours, fills, shapes = _matching(cards, victory)
    return _runs(colours, _COLOUR) + _runs(fills, _FILL) + _runs(shapes, _SHAPE)


def points_by_attribute(cards: Mapping[Point, Card], victory: Card) -> tuple[int, int, int]:
    """The points of `score(cards, victory)` from runs of colour, of fill and of shape."""
    colours, fills, shapes = _matching(cards, victory)
    return _runs(colours, _COLOUR), _runs(fills, _FILL), _runs(shapes, _SHAPE)


def _matching(
    cards: Mapping[Point, Card], victory: Card
) -> tuple[set[Point], set[Point], set[Point]]:
    """The cards matching the victory card's colour, fill and shape, in one pass."""
    colour, fill, shape = victory.colour, victory.fill, victory.shape
    colours: set[Point] = set()
    fills: set[Point] = set()
    shapes: set[Point] = set()
    for point, card in cards.items():
        if card.colour == colour:
            colours.add(point)
        if card.fill == fill:
            fills.add(point)
        if card.shape == shape:
            shapes.add(point)
    return colours, fills, shapes


def _runs(match: set[Point], table: Mapping[int, int]) -> int:
    """The points of the maximal runs of `match`: each counted once, from its first cell
    (the one with no matching card before it in its row, or in its column)."""
    points = 0
    for x, y in match:
        if (x - 1, y) not in match:
            run = 1
            while (x + run, y) in match:
                run += 1
            points += table.get(run, 0)
        if (x, y - 1) not in match:
            run = 1
            while (x, y + run) in match:
                run += 1
            points += table.get(run, 0)
    return points


_COLOUR, _FILL, _SHAPE = (POINTS[attribute] for attribute in ("colour", "fill", "shape"))


def score(cards: Mapping[Point, Card], victory: Card, origin: Point | None = None) -> Score:
    """Score the cards on the table for the holder of `victory`.

    Every maximal run of consecutive cards in a row or a column that share the
    victory card's colour, fill or shape scores by its length; rows and columns
    both count, and so does each attribute. Empty cells break runs. Rows and
    columns are numbered from 1 at `origin` (by default the top left of the
    cards in play).
    """
    box = bounds(cards)
    if box is None:
        return Score(victory, ())
    left, top, width, height = box
    ox, oy = (left, top) if origin is None else origin
    # Where row/column numbers and positions along a line start, per direction.
    first = {"row": (top - oy, left - ox), "column": (left - ox, top - oy)}
    lines: list[Line] = []
    for attribute in ATTRIBUTES:
        wanted = victory.attribute(attribute)
        table = POINTS[attribute]
        for direction, count, length in (("row", height, width), ("column", width, height)):
            for i in range(count):
                run = 0
                for j in range(length + 1):
                    if j < length:
                        x, y = (left + j, top + i) if direction == "row" else (left + i, top + j)
                        card = cards.get((x, y))
                        if card is not None and card.attribute(attribute) == wanted:
                            run += 1
                            continue
                    if run in table:
                        index, along = first[direction]
                        lines.append(
                            Line(
                                attribute,
                                wanted,
                                direction,
                                index + i + 1,
                                along + j - run + 1,
                                run,
                                table[run],
                            )
                        )
                    run = 0
    return Score(victory, tuple(lines))
