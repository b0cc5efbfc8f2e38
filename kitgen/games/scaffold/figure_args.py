"""What Scaffold's rule-booklet figure takes in `args:`, read with the rules engine.

A board figure is drawn by kitgen.games.scaffold.figures; here is the shape of its
arguments and the reading of them with the engine, so `kitgen check` and the
drawing agree on what a board shows, and a `legal:` claim is verified by the rules.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from kitgen.api import Card as StandardCard
from kitgen.api import Name, Spec
from kitgen.api import SuitColour as Colour
from kitgen.games.scaffold.model import Row as ScaffoldRow
from kitgen.games.scaffold.play import Play, parse_move
from kitgen.games.scaffold.rules import BOARDS, SIZE, problems, read_board, why_not

ArgsPath = tuple[Hashable, ...]  # where in `args:` an issue lies, like ("board", 1, 2)
Issue = tuple[ArgsPath, str, str]  # (path, finding code, message)


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

    def figure_issues(self) -> list[Issue]:
        """Cells that cannot be read, a board the rules do not allow, a bad play and a
        `legal:` claim the engine disagrees with."""
        return [(i.path, i.code, i.message) for i in read_scaffold_board(self).issues]


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
    cap: int  # the cards a space holds at most (the game file's)
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
    from kitgen.games.scaffold.load import parameters

    cap = parameters().cap
    board = BOARDS[args.mode]
    reading = read_board(board, args.board)
    stacks, seen = reading.stacks, reading.seen
    issues = [
        ScaffoldIssue(("board", *divmod(p.cell, SIZE)), p.code, p.message)
        for p in [*reading.problems, *problems(board, stacks, cap)]
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
        return ScaffoldFigure(args.mode, read, cap, issues=tuple(issues))
    try:
        move = parse_move(args.play)
    except ValueError as err:
        issues.append(ScaffoldIssue(("play",), "move-syntax", str(err)))
        return ScaffoldFigure(args.mode, read, cap, issues=tuple(issues))
    if not isinstance(move, Play):
        issues.append(
            ScaffoldIssue(
                ("play",),
                "move-syntax",
                f"{args.play!r} is a trade; a board figure shows a card played, like 9H@r2c3",
            )
        )
        return ScaffoldFigure(args.mode, read, cap, issues=tuple(issues))
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
    verdict = why_not(board, stacks, move.card, move.cell, side, cap=cap)
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
        args.mode, read, cap, move.card, move.cell, args.player, verdict, tuple(issues)
    )
