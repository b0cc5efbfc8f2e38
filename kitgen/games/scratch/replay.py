"""`kitgen replay` for Scratch: the moves, the final board and the result."""

from __future__ import annotations

from kitgen.api import Document, Finding, Replay, shown
from kitgen.games.scratch.record import PLAYERS, replay_record
from kitgen.games.scratch.record_model import ScratchRecordFile


def replay(doc: Document) -> Replay:
    """Replay a Scratch record: the report `kitgen replay` prints."""
    record = doc.model
    assert isinstance(record, ScratchRecordFile)
    result = replay_record(doc)  # once: a record's check is its replay
    findings = sorted([*doc.findings, *result.findings], key=Finding.sort_key)
    outcome = result.outcome
    names = (shown(record.players.P1), shown(record.players.P2))  # for people only
    data: dict[str, object] = {
        "winner": PLAYERS[outcome.winner] if outcome else None,
        "points": outcome.points if outcome else 0,
        "reason": outcome.reason if outcome else None,
        "moves": len(result.moves),
    }

    def lines() -> list[str]:
        out: list[str] = []
        for i, move in enumerate(result.moves):
            out.append(
                f"{i + 1:>3}. {names[(PLAYERS.index(record.first) + i) % 2]:<8} {shown(move)}"
            )
        if result.states:
            state = result.states[-1]
            for row in range(3):
                cells = []
                for cell in range(row * 3, row * 3 + 3):
                    card = state.cards[cell]
                    name = shown(result.names[card]) if card >= 0 else "."
                    if len(name) > 14:
                        name = name[:13] + "\u2026"
                    cells.append(name if card < 0 else f"{name}/{PLAYERS[state.owner[cell]]}")
                out.append("     " + "  ".join(f"{c:<16}" for c in cells).rstrip())
        if outcome is not None:
            out.append(f"{names[outcome.winner]} wins {outcome.points} points: {outcome.reason}.")
        elif result.illegal is None and result.states:
            out.append("The record stops before the game ends.")
        return out

    return Replay(data, findings, result.illegal, lines)
