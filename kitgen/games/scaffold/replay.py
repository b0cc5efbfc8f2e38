"""`kitgen replay` for Scaffold: the moves, the board and the scores."""

from __future__ import annotations

from kitgen.api import Document, Finding, Replay, shown
from kitgen.games.scaffold.load import replay_game
from kitgen.games.scaffold.model import ScaffoldRecordFile
from kitgen.games.scaffold.rules import SIZE


def replay(doc: Document) -> Replay:
    """Replay a Scaffold record: the report `kitgen replay` prints."""
    record = doc.model
    assert isinstance(record, ScaffoldRecordFile)
    result = replay_game(doc)
    findings = sorted([*doc.findings, *result.findings], key=Finding.sort_key)
    outcome = result.outcome
    data: dict[str, object] = {
        "mode": record.mode,
        "winner": outcome.winner if outcome else None,
        "scores": outcome.scores if outcome else None,
        "reason": outcome.reason if outcome else None,
        "moves": len(result.moves),
    }

    def lines() -> list[str]:
        out: list[str] = []
        for i, (move, mover) in enumerate(zip(result.moves, result.movers, strict=True)):
            who = shown(getattr(record.players, mover, "both"))
            out.append(f"{i + 1:>3}. {who:<8} {shown(move)}")
        if result.states and result.engine is not None:
            state = result.states[-1]
            board = result.engine.board
            for row in range(SIZE):
                cells = []
                for cell in range(row * SIZE, row * SIZE + SIZE):
                    stack = state.stacks[cell]
                    cells.append(
                        "/".join(map(str, stack)) if stack else "." if board.is_space(cell) else "-"
                    )
                out.append("     " + "  ".join(f"{c:<10}" for c in cells).rstrip())
        if outcome is not None:
            if record.mode == "cooperative":
                verdict = f"Team score {outcome.scores['team']}"
            else:
                red, black = outcome.scores["red"], outcome.scores["black"]
                verdict = (
                    f"{outcome.winner} wins {max(red, black)}-{min(red, black)}"
                    if outcome.winner
                    else f"A tie, {red}-{black}"
                )
            out.append(f"Game over: {outcome.reason}. {verdict[0].upper()}{verdict[1:]}.")
        elif result.illegal is None and result.states:
            out.append("The record stops before the game ends.")
        return out

    return Replay(data, findings, result.illegal, lines)
