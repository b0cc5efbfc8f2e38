"""Scaffold: the boards, the rules of a play, consistency and scoring.

The board is a 5x5 grid written top row first, as in a position file. A cell is
an index `row * 5 + col` (row and column from 0); the centre is row 2, column 2
(row 3, column 3 as a player counts). The competitive board is the 13-space
diamond (distance at most 2 from the centre); the cooperative board is the
17-space hourglass, rows of 5, 3, 1, 3 and 5 spaces, red's side above the centre
and black's below.

A space holds its face-up cards bottom to top. Values: ace 1, 2-10, jack 11,
queen 12, king 13. Only a card's colour says whose it is.

Pure Python: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Literal

from kitgen.api import Card
from kitgen.api import SuitColour as Colour

Mode = Literal["competitive", "cooperative"]
MODES: tuple[Mode, ...] = ("competitive", "cooperative")
SIZE = 5
CENTRE = 12

Cell = int
Stack = tuple[Card, ...]  # a space's face-up cards, bottom to top


def row_col(cell: Cell) -> tuple[int, int]:
    """The cell's row and column, from 0, top row first."""
    return divmod(cell, SIZE)


def cell_name(cell: Cell) -> str:
    """The cell in move notation: `r1c3` is row 1, column 3 (counting from 1)."""
    row, col = row_col(cell)
    return f"r{row + 1}c{col + 1}"


def cell_words(cell: Cell) -> str:
    """The cell for a message: `row 1, column 3` (the centre says so)."""
    if cell == CENTRE:
        return "the centre (row 3, column 3)"
    row, col = row_col(cell)
    return f"row {row + 1}, column {col + 1}"


def parse_cell(text: str) -> Cell:
    """Read `r1c3` (row, then column, from 1); ValueError says what is wrong."""
    t = text.strip().lower()
    if len(t) == 4 and t[0] == "r" and t[2] == "c" and t[1] in "12345" and t[3] in "12345":
        return (int(t[1]) - 1) * SIZE + int(t[3]) - 1
    raise ValueError(
        f"{text!r} is not a cell: write r<row>c<column>, both 1 to 5 counted from the"
        " top left (the centre is r3c3)"
    )


def distance(cell: Cell) -> int:
    """Steps from the centre along rows and columns (|dx| + |dy|)."""
    return DISTANCE[cell]


def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    row, col = row_col(cell)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            out.append(r * SIZE + c)
    return tuple(out)


NEIGHBOURS: tuple[tuple[Cell, ...], ...] = tuple(_neighbours(c) for c in range(SIZE * SIZE))

_HOURGLASS_COLS = ((0, 5), (1, 4), (2, 3), (1, 4), (0, 5))


DISTANCE: tuple[int, ...] = tuple(
    abs(c // SIZE - 2) + abs(c % SIZE - 2) for c in range(SIZE * SIZE)
)


@dataclass(frozen=True)
class Board:
    """One of the two boards: its spaces and, cooperatively, whose side each is on."""

    mode: Mode
    spaces: tuple[Cell, ...]  # sorted
    sides: dict[Cell, Colour]  # empty for the competitive board; the centre has no side
    # Per cell: the neighbouring spaces nearer the centre, and those farther out.
    inner: tuple[tuple[Cell, ...], ...] = field(init=False, repr=False, compare=False)
    outer: tuple[tuple[Cell, ...], ...] = field(init=False, repr=False, compare=False)
    members: frozenset[Cell] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        members = frozenset(self.spaces)
        near = [tuple(n for n in NEIGHBOURS[c] if n in members) for c in range(SIZE * SIZE)]
        object.__setattr__(self, "members", members)
        object.__setattr__(
            self,
            "inner",
            tuple(tuple(n for n in near[c] if DISTANCE[n] < DISTANCE[c]) for c in range(25)),
        )
        object.__setattr__(
            self,
            "outer",
            tuple(tuple(n for n in near[c] if DISTANCE[n] > DISTANCE[c]) for c in range(25)),
        )

    def is_space(self, cell: Cell) -> bool:
        """Whether the cell is a space of this board."""
        return cell in self.members

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The spaces orthogonally next to a cell, nearer ones first."""
        return self.inner[cell] + self.outer[cell]

    def side_of(self, cell: Cell) -> Colour | None:
        """Whose side a space is on (cooperative board only; None for the centre)."""
        return self.sides.get(cell)

    def side_spaces(self, colour: Colour) -> tuple[Cell, ...]:
        """A side's spaces, in board order."""
        return tuple(c for c in self.spaces if self.sides.get(c) == colour)


def _diamond() -> Board:
    cells = tuple(c for c in range(SIZE * SIZE) if distance(c) <= 2)
    return Board("competitive", cells, {})


def _hourglass() -> Board:
    cells = tuple(r * SIZE + c for r, (lo, hi) in enumerate(_HOURGLASS_COLS) for c in range(lo, hi))
    sides: dict[Cell, Colour] = {}
    for cell in cells:
        row = cell // SIZE
        if row < 2:
            sides[cell] = "red"
        elif row > 2:
            sides[cell] = "black"
    return Board("cooperative", cells, sides)


BOARDS: dict[str, Board] = {"competitive": _diamond(), "cooperative": _hourglass()}


def value(card: Card) -> int:
    """A card's value: ace 1 to king 13."""
    return card.rank


def flow_pairs(board: Board) -> Iterator[tuple[Cell, Cell]]:
    """Every pair of neighbouring spaces as (outer, inner): the outer one is farther out."""
    for cell in board.spaces:
        for n in board.neighbours(cell):
            if distance(n) < distance(cell):
                yield cell, n


Stacks = Sequence[Stack]  # one stack per cell of the 5x5 grid (empty off the board)


def top(stack: Stack) -> Card | None:
    """A space's top card, or None when it is unconstructed."""
    return stack[-1] if stack else None


def empty_stacks() -> list[Stack]:
    """A board with nothing face up."""
    return [() for _ in range(SIZE * SIZE)]


def constructed(board: Board, stacks: Stacks) -> tuple[Cell, ...]:
    """The spaces holding a face-up card."""
    return tuple(c for c in board.spaces if stacks[c])


def why_not(
    board: Board, stacks: Stacks, card: Card, cell: Cell, side: Colour | None = None, *, cap: int
) -> str | None:
    """Why `card` may not go on `cell` now, in a player's words; None when it may.

    `side` is the player's colour in the cooperative game, who plays only on
    their own side; None in the competitive game. A space holds at most `cap` cards
    (the game file's `cap`).
    """
    if card.is_joker:
        return f"{card} is a joker: jokers only choose the teams"
    if not board.is_space(cell):
        return f"{cell_words(cell)} is not a space of the {board.mode} board"
    if side is not None and board.side_of(cell) != side:
        owner = board.side_of(cell)
        whose = "belongs to neither side" if owner is None else f"is on {owner}'s side"
        return f"{cell_words(cell)} {whose}; {side} plays only on {side}'s side"
    stack = stacks[cell]
    below = top(stack)
    if len(stack) >= cap:
        return f"{cell_words(cell)} is capped: it already holds {cap} cards"
    if below is None:
        if not any(stacks[n] for n in board.neighbours(cell)):
            return f"{cell_words(cell)} is not next to a constructed space"
    elif value(card) < value(below):
        return f"{card} is lower than {below}, the card it would cover at {cell_words(cell)}"
    for n in board.neighbours(cell):
        other = top(stacks[n])
        if other is None:
            continue
        if distance(n) < distance(cell) and value(card) > value(other):
            return (
                f"{card} at {cell_words(cell)} would be higher than {other} at"
                f" {cell_words(n)}, which is nearer the centre"
            )
        if distance(n) > distance(cell) and value(card) < value(other):
            return (
                f"{card} at {cell_words(cell)} would be lower than {other} at"
                f" {cell_words(n)}, which is farther from the centre"
            )
    return None


def value_range(board: Board, stacks: Stacks, cell: Cell, cap: int) -> tuple[int, int] | None:
    """The lowest and highest value a card may have to go on `cell` now, or None when no
    card may (not next to a constructed space, or capped). The same answer as `why_not`
    for every non-joker card, found without building messages."""
    stack = stacks[cell]
    if len(stack) >= cap:
        return None
    low, high = (stack[-1].rank if stack else 1), 13
    if not stack and not any(stacks[n] for n in board.inner[cell] + board.outer[cell]):
        return None
    for n in board.inner[cell]:
        other = stacks[n]
        if other and other[-1].rank < high:
            high = other[-1].rank
    for n in board.outer[cell]:
        other = stacks[n]
        if other and other[-1].rank > low:
            low = other[-1].rank
    return (low, high) if low <= high else None


def playable_cells(board: Board, side: Colour | None = None) -> tuple[Cell, ...]:
    """The spaces a player may ever play on: all, or (cooperative) their side's."""
    if side is None:
        return board.spaces
    return tuple(c for c in board.spaces if board.sides.get(c) == side)


def has_play(
    board: Board, stacks: Stacks, hand: Iterable[Card], side: Colour | None = None, *, cap: int
) -> bool:
    """Whether `legal_plays` would find anything (stops at the first play)."""
    ranks = {c.rank for c in hand if not c.is_joker}
    for cell in playable_cells(board, side):
        span = value_range(board, stacks, cell, cap)
        if span is not None and any(span[0] <= r <= span[1] for r in ranks):
            return True
    return False


def legal_plays(
    board: Board, stacks: Stacks, hand: Iterable[Card], side: Colour | None = None, *, cap: int
) -> list[tuple[Card, Cell]]:
    """Every (card, space) the hand may play now, sorted by space, then card."""
    cards = sorted(c for c in set(hand) if not c.is_joker)
    out: list[tuple[Card, Cell]] = []
    for cell in playable_cells(board, side):
        span = value_range(board, stacks, cell, cap)
        if span is not None:
            low, high = span
            out.extend((card, cell) for card in cards if low <= card.rank <= high)
    return out


@dataclass(frozen=True)
class Problem:
    """A way a board breaks the rules, at the space that shows it."""

    code: str
    cell: Cell
    message: str


@dataclass
class BoardReading:
    """A board as written (five rows of five cells, top row first): the face-up cards
    that could be read, where each card lies, and what was wrong with the writing."""

    stacks: list[Stack]
    seen: dict[Card, str]  # card -> the cell it lies on, in words
    problems: list[Problem]


def read_board(board: Board, rows: Sequence[Sequence[str]]) -> BoardReading:
    """Read cells written `-` (not a space), `.` (unconstructed) or cards joined by `/`.

    Unreadable cards (`unknown-card`), jokers (`joker-in-play`) and cards seen before
    (`card-twice`) are left out of the stacks; `-` on a space or `.` off the board is
    `board-shape`. The rules' own conditions are `problems()`'s to find.
    """
    reading = BoardReading([() for _ in range(SIZE * SIZE)], {}, [])
    for r, row in enumerate(rows[:SIZE]):
        for c, text in enumerate(row[:SIZE]):
            cell = r * SIZE + c
            mark = text.strip()
            if mark in ("-", "."):
                if (mark == "-") == board.is_space(cell):
                    reading.problems.append(
                        Problem("board-shape", cell, _shape_words(board, cell, mark))
                    )
                continue
            stack: list[Card] = []
            for part in mark.split("/"):
                try:
                    card = Card.parse(part)
                except ValueError as err:
                    reading.problems.append(
                        Problem("unknown-card", cell, f"{cell_words(cell)}: {err}")
                    )
                    continue
                if card.is_joker:
                    reading.problems.append(
                        Problem(
                            "joker-in-play",
                            cell,
                            f"{card} at {cell_words(cell)}: the jokers only choose the teams"
                            " and never go on the board",
                        )
                    )
                    continue
                if card in reading.seen:
                    reading.problems.append(
                        Problem(
                            "card-twice",
                            cell,
                            f"{card} at {cell_words(cell)} is already at {reading.seen[card]}",
                        )
                    )
                    continue
                reading.seen[card] = cell_words(cell)
                stack.append(card)
            reading.stacks[cell] = tuple(stack)
    return reading


def _shape_words(board: Board, cell: Cell, mark: str) -> str:
    if mark == "-":
        return (
            f"{cell_words(cell)} is a space of the {board.mode} board; write '.' for an"
            " unconstructed space ('-' marks cells that are not spaces)"
        )
    return (
        f"{cell_words(cell)} is not a space of the {board.mode} board; write '-' there"
        " ('.' marks an unconstructed space)"
    )


def problems(board: Board, stacks: Stacks, cap: int) -> list[Problem]:
    """Everything that makes a board impossible (cards are assumed distinct and no jokers).

    The centre must be constructed; a space holds at most `cap` cards, each at
    least the one under it; the top cards keep the pyramid rule; every
    constructed space connects to the centre through constructed spaces.
    """
    found: list[Problem] = []
    for cell in range(SIZE * SIZE):
        if stacks[cell] and not board.is_space(cell):
            found.append(
                Problem(
                    "not-a-space",
                    cell,
                    f"{cell_words(cell)} is not a space of the {board.mode} board"
                    f" ({len(board.spaces)} spaces); write '-' there",
                )
            )
    if not stacks[CENTRE]:
        found.append(
            Problem(
                "centre-unconstructed",
                CENTRE,
                "the centre card is turned face up before the first play, so the centre"
                " always holds a face-up card",
            )
        )
    for cell in board.spaces:
        stack = stacks[cell]
        if len(stack) > cap:
            found.append(
                Problem(
                    "space-over-cap",
                    cell,
                    f"{cell_words(cell)} holds {len(stack)} cards; a space holds at most {cap}",
                )
            )
        for lower, upper in pairwise(stack):
            if value(upper) < value(lower):
                found.append(
                    Problem(
                        "stack-descends",
                        cell,
                        f"{upper} lies on {lower} at {cell_words(cell)}; a card may only"
                        " cover one of equal or lower value",
                    )
                )
    for outer, inner in flow_pairs(board):
        a, b = top(stacks[outer]), top(stacks[inner])
        if a is not None and b is not None and value(a) > value(b):
            found.append(
                Problem(
                    "pyramid-broken",
                    outer,
                    f"{a} on top at {cell_words(outer)} is higher than {b} at"
                    f" {cell_words(inner)}, which is nearer the centre",
                )
            )
    reached = _reachable(board, stacks)
    for cell in board.spaces:
        if stacks[cell] and cell not in reached and stacks[CENTRE]:
            found.append(
                Problem(
                    "space-disconnected",
                    cell,
                    f"{cell_words(cell)} is constructed but no chain of constructed spaces"
                    " joins it to the centre; every play goes next to a constructed space",
                )
            )
    return found


def _reachable(board: Board, stacks: Stacks) -> set[Cell]:
    """Constructed spaces joined to the centre through constructed spaces."""
    if not stacks[CENTRE]:
        return set()
    seen, todo = {CENTRE}, [CENTRE]
    while todo:
        cell = todo.pop()
        for n in board.neighbours(cell):
            if stacks[n] and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


@dataclass(frozen=True)
class CompetitiveScore:
    """Spaces topped by each colour; the centre counts."""

    red: tuple[Cell, ...]
    black: tuple[Cell, ...]
    unconstructed: tuple[Cell, ...]

    @property
    def winner(self) -> Colour | None:
        """The colour with more spaces, or None on a tie."""
        if len(self.red) == len(self.black):
            return None
        return "red" if len(self.red) > len(self.black) else "black"


def score_competitive(board: Board, stacks: Stacks) -> CompetitiveScore:
    """Count the spaces each colour tops."""
    red, black, empty = [], [], []
    for cell in board.spaces:
        card = top(stacks[cell])
        if card is None:
            empty.append(cell)
        elif card.colour == "red":
            red.append(cell)
        else:
            black.append(cell)
    return CompetitiveScore(tuple(red), tuple(black), tuple(empty))


@dataclass(frozen=True)
class CooperativeScore:
    """Turns left, less each side space that is wrong-coloured or unconstructed."""

    turns_left: int
    wrong: tuple[Cell, ...]
    unconstructed: tuple[Cell, ...]

    @property
    def total(self) -> int:
        """The team's score (it may be negative)."""
        return self.turns_left - len(self.wrong) - len(self.unconstructed)

    @property
    def complete(self) -> bool:
        """Whether every side space is built in its side's colour."""
        return not self.wrong and not self.unconstructed


def score_cooperative(board: Board, stacks: Stacks, turns_left: int) -> CooperativeScore:
    """Score the hourglass: the centre does not count."""
    wrong, empty = [], []
    for cell in board.spaces:
        side = board.side_of(cell)
        if side is None:
            continue
        card = top(stacks[cell])
        if card is None:
            empty.append(cell)
        elif card.colour != side:
            wrong.append(cell)
    return CooperativeScore(turns_left, tuple(wrong), tuple(empty))
