"""Scaffold files: positions (can they happen? their scores) and recorded games (replayed)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from kitgen.api import (
    Card,
    Document,
    Finding,
    MoveLog,
    finding,
    replay_moves,
    shipped_numbers,
)
from kitgen.games.scaffold.model import (
    ModeName,
    ScaffoldParameters,
    ScaffoldPositionFile,
    ScaffoldRecordFile,
)
from kitgen.games.scaffold.rules import (
    BOARDS,
    SIZE,
    Board,
    Stack,
    cell_name,
    problems,
    read_board,
    score_competitive,
    score_cooperative,
    top,
)

# The engine is imported when a record is replayed: checking a position does not need it.
if TYPE_CHECKING:
    from kitgen.games.scaffold.play import Move, Outcome, Scaffold, Setup, State


@cache
def parameters() -> ScaffoldParameters:
    """The shipped game's numbers (data/scaffold/game.yaml)."""
    return shipped_numbers("scaffold", ScaffoldParameters)


@dataclass
class Position:
    """A checked Scaffold position: the board's stacks, the mode and the turns left."""

    board: Board
    stacks: list[Stack] = field(default_factory=lambda: [() for _ in range(SIZE * SIZE)])
    turns_left: int = 0

    def result(self) -> tuple[dict[str, int], str | None, dict[str, Any]]:
        """The scores, the winner and the details of `kitgen score` (docs/formats.md)."""
        stacks = self.stacks
        tops = {
            cell_name(c): str(card)
            for c in self.board.spaces
            if (card := top(stacks[c])) is not None
        }
        if self.board.mode == "competitive":
            comp = score_competitive(self.board, stacks)
            return (
                {"red": len(comp.red), "black": len(comp.black)},
                comp.winner,
                {
                    "mode": "competitive",
                    "red": [cell_name(c) for c in comp.red],
                    "black": [cell_name(c) for c in comp.black],
                    "unconstructed": [cell_name(c) for c in comp.unconstructed],
                    "tops": tops,
                },
            )
        coop = score_cooperative(self.board, stacks, self.turns_left)
        return (
            {"team": coop.total},
            None,
            {
                "mode": "cooperative",
                "turns_left": coop.turns_left,
                "wrong_colour": [cell_name(c) for c in coop.wrong],
                "unconstructed": [cell_name(c) for c in coop.unconstructed],
                "complete": coop.complete,
                "tops": tops,
            },
        )

    def explain(self) -> tuple[str, list[str]]:
        """Who won (or the team's result), and which spaces count, for people."""
        stacks, board = self.stacks, self.board

        def listed(cells: Sequence[int]) -> str:
            if not cells:
                return "none"
            return ", ".join(f"{cell_name(c)} {top(stacks[c]) or '.'}" for c in cells)

        if board.mode == "competitive":
            comp = score_competitive(board, stacks)
            winner = comp.winner
            verdict = f"{winner} wins" if winner else "a tie between red and black"
            lines = [
                f"red tops {len(comp.red)}: {listed(comp.red)}",
                f"black tops {len(comp.black)}: {listed(comp.black)}",
            ]
            if comp.unconstructed:
                lines.append(
                    f"unconstructed: {', '.join(cell_name(c) for c in comp.unconstructed)}"
                )
            return verdict, lines
        coop = score_cooperative(board, stacks, self.turns_left)
        verdict = "the building is complete" if coop.complete else "the building is not complete"
        empty = ", ".join(cell_name(c) for c in coop.unconstructed) or "none"
        wrong, left = len(coop.wrong), coop.turns_left
        return verdict, [
            f"turns left: {left}",
            f"wrong colour on top ({wrong}): {listed(coop.wrong)}",
            f"unconstructed side spaces ({len(coop.unconstructed)}): {empty}",
            f"score: {left} - {wrong} - {len(coop.unconstructed)} = {coop.total}",
        ]


def check_position(doc: Document) -> tuple[list[Finding], Position]:
    """Every way the position breaks the rules, and what could be read of it."""
    model = doc.model
    assert isinstance(model, ScaffoldPositionFile)
    board = BOARDS[model.mode]
    reading = read_board(board, model.board)
    position = Position(board, reading.stacks)
    found = [
        finding(p.code, p.message, model.where("board", *divmod(p.cell, SIZE)))
        for p in [*reading.problems, *problems(board, position.stacks, parameters().cap)]
    ]
    found += _check_turns(model, position)
    return found, position


def _check_turns(model: ScaffoldPositionFile, position: Position) -> list[Finding]:
    if model.mode == "competitive":
        if model.turns_left is not None:
            return [
                finding(
                    "invalid-value",
                    "`turns_left` is for cooperative positions; the competitive game has no"
                    " turn counters",
                    model.where("turns_left", key=True),
                )
            ]
        return []
    if model.turns_left is None:
        return [
            finding(
                "missing-key",
                "a cooperative position gives `turns_left`, the turn counters still on the track",
                model.where("mode"),
            )
        ]
    turns = parameters().turns
    if model.turns_left > turns:
        return [
            finding(
                "out-of-range",
                f"{model.turns_left} turns left, but the game starts with {turns}",
                model.where("turns_left"),
            )
        ]
    position.turns_left = model.turns_left
    return []


# --- records ------------------------------------------------------------------------------


@dataclass
class GameReplay(MoveLog["State", "Move"]):
    """What replaying a Scaffold record gave: states, moves, where it stopped, who played."""

    engine: Scaffold | None = None

    @property
    def movers(self) -> list[str]:
        """Who made each move: red or black, or the team for a trade."""
        from kitgen.games.scaffold.play import TEAMS, Trade

        return [
            "team" if isinstance(move, Trade) else TEAMS[state.to_move]
            for state, move in zip(self.states, self.moves, strict=False)
        ]

    @property
    def outcome(self) -> Outcome | None:
        """The scores and the winner, when the game was played to the end."""
        if self.engine is None or not self.states:
            return None
        return self.engine.outcome(self.states[-1])


def standard_setup(mode: ModeName, hand_size: int | None = None, turns: int | None = None) -> Setup:
    """A set-up of the game's own numbers (data/scaffold/game.yaml: the hand size, the
    turn counters, the cards a space holds), the hand size or turns changed if given."""
    from kitgen.games.scaffold.play import Setup

    params = parameters()
    return Setup(
        mode,
        params.hand_size if hand_size is None else hand_size,
        params.turns if turns is None else turns,
        params.cap,
    )


def record_setup(record: ScaffoldRecordFile) -> Setup:
    """The set-up a record plays: its mode, and its hand size and turns or the game's."""
    return standard_setup(record.mode, record.hand_size, record.turns)


def replay_game(doc: Document) -> GameReplay:
    """Replay a valid Scaffold record; findings say what is wrong and where."""
    from kitgen.games.scaffold.play import TEAMS, IllegalMove, Scaffold, Trade, parse_move

    record = doc.model
    assert isinstance(record, ScaffoldRecordFile)
    engine = Scaffold(record_setup(record))
    out = GameReplay(engine=engine)
    if record.turns is not None and record.mode == "competitive":
        out.findings.append(
            finding(
                "invalid-value",
                "`turns` is for the cooperative game; the competitive game has no turn counters",
                record.where("turns", key=True),
            )
        )
        return out
    if record.deal is None:
        state = engine.new_game(seed=record.seed)
    else:
        dealt = _dealt(record, engine, out.findings)
        if dealt is None:
            return out
        state = dealt

    def who(state: State, move: Move) -> str:
        mover = "team" if isinstance(move, Trade) else TEAMS[state.to_move]
        return str(getattr(record.players, mover, mover))

    def ended(state: State) -> str | None:
        outcome = engine.outcome(state)
        return None if outcome is None else outcome.reason

    log = replay_moves(
        record,
        record.moves,
        state,
        parse=parse_move,
        apply=engine.apply,
        ended=ended,
        who=who,
        rejects=IllegalMove,
    )
    out.take(log)
    return out


def _dealt(record: ScaffoldRecordFile, engine: Scaffold, found: list[Finding]) -> State | None:
    """The explicit deal of a record, or None (with findings) when it is not a deal."""
    from kitgen.games.scaffold.play import TEAMS, IllegalMove

    deal = record.deal
    assert deal is not None
    ok = True
    seen: set[Card] = set()

    def card(text: str, *at: object) -> Card | None:
        nonlocal ok
        try:
            parsed = Card.parse(text)
        except ValueError as err:
            found.append(finding("unknown-card", str(err), record.where("deal", *at)))
            ok = False
            return None
        if parsed in seen:
            found.append(
                finding("card-twice", f"{parsed} is dealt twice", record.where("deal", *at))
            )
            ok = False
        seen.add(parsed)
        return parsed

    centre = card(deal.centre, "centre")
    hands = [
        [c for i, t in enumerate(getattr(deal, team)) if (c := card(t, team, i)) is not None]
        for team in TEAMS
    ]
    deck = [c for i, t in enumerate(deal.deck) if (c := card(t, "deck", i)) is not None]
    if not ok or centre is None:
        return None
    try:
        return engine.deal(centre, hands[0], hands[1], deck)
    except IllegalMove as err:
        found.append(finding("setup-mismatch", str(err), record.where("deal", key=True)))
        return None
