"""Figures a rules file can name, per game, and what each takes in `args:`.

A figure is drawn by its game's renderer; here is only its name and the
shape of its arguments, so `kitgen check` can verify a rules file without
loading any drawing library. Scaffold's board figures are also read here with
the rules engine, so the check and the drawing agree on what a board shows.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from kitgen.games.galliard.figure_args import CabalArgs, FloorArgs, TradeArgs
from kitgen.games.scaffold.model import Row as ScaffoldRow
from kitgen.games.scaffold.play import Play, parse_move
from kitgen.games.scaffold.rules import BOARDS, SIZE, problems, read_board, why_not
from kitgen.games.shapeup.model import Card
from kitgen.games.staircase.figure_args import StaircaseArgs, TurnArgs
from kitgen.model.base import Name, Spec, empty
from kitgen.model.standard import Card as StandardCard
from kitgen.model.standard import Colour

OWNERS = ("P1", "P2")
FLAGS = ("new", "taken", "flipped")


class CardArgs(Spec):
    """A figure about one card."""

    card: Name = "Griffin"


class BoardArgs(Spec):
    """A Scratch board: three rows of three cells, top row first.

    A cell is `.` (empty) or a card name followed by its holder (`P1` or `P2`)
    and, optionally, `new` (just played), `taken` (captured this turn) and
    `flipped` (turned upside down by The over under!): `Chancellor P2 new`.
    """

    cells: list[list[Name]] = Field(min_length=3, max_length=3)


class ShapeUpCardArgs(Spec):
    """A Shape Up! card on its own, with its parts labelled (`colour fill shape`)."""

    card: Name = "blue hollow circle"


class ShapeUpRun(Spec):
    """A run of cards to outline on a Shape Up! grid: cells counted from 1."""

    direction: Literal["row", "column"]
    index: int = Field(ge=1, le=7)  # the row (or column) it lies in
    start: int = Field(ge=1, le=7)  # its first column (or row)
    length: int = Field(ge=2, le=5)


class ShapeUpGridArgs(Spec):
    """Part of a Shape Up! table: rows of cells, top row first.

    A cell is `.` (no card), a card (`blue hollow circle`, or with ` new` after
    it for the card just placed, drawn with a thick frame), `ok` for a space
    where the next card may go (a dashed outline) or `no` for a space where it
    may not (dashed and crossed out). `runs` outlines scoring lines.
    """

    cells: list[list[Name]] = Field(min_length=1, max_length=7)
    runs: list[ShapeUpRun] = Field(default_factory=empty, max_length=12)


class ScaffoldBoardArgs(Spec):
    """A Scaffold board: five rows of five cells, top row first, as in a position file.

    A cell is `-` (not a space of this board), `.` (an unconstructed space: its
    face-down card, or a dashed outline with `face_down: false`) or the space's
    face-up cards bottom to top joined by `/` (`9C/10C/KS`). `play` shows a move
    (`9H@r2c3`) as a ghost card; `legal` says whether the rules allow it, and the
    check verifies that with the engine. In the cooperative game `player` says
    who plays it. `labels` names the rows and columns, `rings` draws arrows
    towards the centre (the pyramid rule).
    """

    mode: Literal["competitive", "cooperative"]
    board: list[ScaffoldRow] = Field(min_length=5, max_length=5)
    play: Name | None = None
    player: Literal["red", "black"] | None = None
    legal: bool | None = None
    labels: bool = False
    rings: bool = False
    face_down: bool = True


FIGURES: dict[str, dict[str, type[Spec]]] = {
    "scratch": {"card-anatomy": CardArgs, "board": BoardArgs, "flip": CardArgs},
    "shapeup": {"card": ShapeUpCardArgs, "grid": ShapeUpGridArgs},
    "scaffold": {"board": ScaffoldBoardArgs},
    "staircase": {"staircase": StaircaseArgs, "turn": TurnArgs},
    "galliard": {"cabal": CabalArgs, "floor": FloorArgs, "trade": TradeArgs},
}


@dataclass(frozen=True)
class ShapeUpCell:
    """A cell of a Shape Up! figure: a card (maybe new), or a marked empty space."""

    card: Card | None
    new: bool = False
    mark: str | None = None  # "ok" or "no" for an empty space


def parse_shapeup_cell(text: str) -> ShapeUpCell | None:
    """Read a Shape Up! figure cell (`.` is empty); ValueError gives a readable reason."""
    words = text.split()
    if words == ["."]:
        return None
    if words in (["ok"], ["no"]):
        return ShapeUpCell(None, mark=words[0])
    new = bool(words) and words[-1] == "new"
    if new:
        words.pop()
    return ShapeUpCell(Card.parse(" ".join(words)), new=new)


@dataclass(frozen=True)
class Cell:
    """A card on a figure's board."""

    card: str
    owner: str
    flags: frozenset[str]


def parse_cell(text: str) -> Cell | None:
    """Read a board cell (`.` is empty); raise ValueError with a readable reason."""
    words = text.split()
    if words == ["."]:
        return None
    flags: set[str] = set()
    while words and words[-1] in FLAGS:
        flags.add(words.pop())
    if not words or words[-1] not in OWNERS:
        raise ValueError(
            f"{text!r}: write a cell as `.` or as a card name, its holder (P1 or P2) and "
            "optional flags (new, taken, flipped), like `Chancellor P2 new`"
        )
    owner = words.pop()
    if not words:
        raise ValueError(f"{text!r}: the card name is missing")
    return Cell(" ".join(words), owner, frozenset(flags))


# --- Scaffold boards -------------------------------------------------------------------------

ArgsPath = tuple[Hashable, ...]  # where in `args:` an issue lies, like ("board", 1, 2)


@dataclass(frozen=True)
class ScaffoldIssue:
    """Something wrong with a Scaffold board figure, at a place in its `args:`."""

    path: ArgsPath
    code: str
    message: str


@dataclass(frozen=True)
class ScaffoldFigure:
    """A Scaffold board figure read with the engine: what to draw and what is wrong.

    `stacks` holds each cell's face-up cards (what could be read of them);
    `verdict` is the engine's reason the play is not allowed, None when it is.
    """

    mode: str
    stacks: tuple[tuple[StandardCard, ...], ...]
    play_card: StandardCard | None = None
    play_cell: int | None = None
    player: Colour | None = None
    verdict: str | None = None
    issues: tuple[ScaffoldIssue, ...] = field(default=())


def read_scaffold_board(args: ScaffoldBoardArgs) -> ScaffoldFigure:
    """Read a board figure's cells and play with the engine's own readers and rules.

    Cards are read by the standard notation; the board must be one the rules allow
    (`kitgen.games.scaffold.rules.problems`), and a `legal:` claim must agree with the
    engine's `why_not`. Bad cells are left empty so the figure can still be drawn.
    """
    board = BOARDS[args.mode]
    reading = read_board(board, args.board)
    stacks, seen = reading.stacks, reading.seen
    issues = [
        ScaffoldIssue(("board", *divmod(p.cell, SIZE)), p.code, p.message)
        for p in [*reading.problems, *problems(board, stacks)]
    ]
    read = tuple(stacks)
    if args.play is None:
        for key in ("legal", "player"):
            if getattr(args, key) is not None:
                issues.append(
                    ScaffoldIssue(
                        (key,),
                        "invalid-value",
                        f"`{key}` goes with `play`, the move the figure shows (like 9H@r2c3)",
                    )
                )
        return ScaffoldFigure(args.mode, read, issues=tuple(issues))
    try:
        move = parse_move(args.play)
    except ValueError as err:
        issues.append(ScaffoldIssue(("play",), "move-syntax", str(err)))
        return ScaffoldFigure(args.mode, read, issues=tuple(issues))
    if not isinstance(move, Play):
        issues.append(
            ScaffoldIssue(
                ("play",),
                "move-syntax",
                f"{args.play!r} is a trade; a board figure shows a card played, like 9H@r2c3",
            )
        )
        return ScaffoldFigure(args.mode, read, issues=tuple(issues))
    if move.card in seen:
        issues.append(
            ScaffoldIssue(
                ("play",),
                "card-twice",
                f"{move.card} is already on the board at {seen[move.card]}, so it cannot be played",
            )
        )
    if args.mode == "cooperative" and args.player is None:
        issues.append(
            ScaffoldIssue(
                ("play",),
                "missing-key",
                "a cooperative play needs `player: red` or `player: black`: each plays only"
                " on their own side",
            )
        )
    side = args.player if args.mode == "cooperative" else None
    verdict = why_not(board, stacks, move.card, move.cell, side)
    if args.legal is None:
        issues.append(
            ScaffoldIssue(
                ("play",),
                "missing-key",
                f"say whether {move} is allowed: add `legal: true` or `legal: false`"
                " (the check verifies it with the rules)",
            )
        )
    elif args.legal and verdict is not None:
        issues.append(
            ScaffoldIssue(
                ("legal",),
                "illegal-move",
                f"the figure says {move} is allowed, but the rules forbid it: {verdict}",
            )
        )
    elif not args.legal and verdict is None:
        issues.append(
            ScaffoldIssue(
                ("legal",),
                "invalid-value",
                f"the figure says {move} is not allowed, but the rules allow it",
            )
        )
    return ScaffoldFigure(
        args.mode, read, move.card, move.cell, args.player, verdict, tuple(issues)
    )
