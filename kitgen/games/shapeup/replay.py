"""`kitgen replay` for Shape Up!: the turns, the table and the scores."""

from __future__ import annotations

from kitgen.api import Document, Finding, Replay, shown
from kitgen.games.shapeup.load import replay_round
from kitgen.games.shapeup.rules import bounds, score


def replay(doc: Document) -> Replay:
    """Replay a Shape Up! round: the report `kitgen replay` prints."""
    result = replay_round(doc)
    findings = sorted([*doc.findings, *result.findings], key=Finding.sort_key)
    outcome = result.result
    players = result.players
    data: dict[str, object] = {
        "winner": players[outcome.winner] if outcome and outcome.winner is not None else None,
        "scores": dict(zip(players, outcome.scores, strict=True)) if outcome else None,
        "moves": len(result.moves),
    }

    def lines() -> list[str]:
        out: list[str] = []
        start = result.states[0].to_move if result.states else 0
        players = [shown(p) for p in result.players]
        for i, move in enumerate(result.moves):
            out.append(f"{i + 1:>3}. {players[(start + i) % len(players)]:<8} {shown(move)}")
        if result.states:
            cards = result.states[-1].cards
            box = bounds(cards)
            if box is not None:
                left, top, width, height = box
                out.append(f"     table (top left is {left},{top}):")
                for y in range(top, top + height):
                    row = [
                        shown(cards[(x, y)]) if (x, y) in cards else "."
                        for x in range(left, left + width)
                    ]
                    out.append("       " + " | ".join(f"{c:<21}" for c in row).rstrip())
        if outcome is not None and result.engine is not None:
            victory = result.engine.victory(result.states[-1])
            for player, card, total in zip(players, victory, outcome.scores, strict=True):
                out.append(f"  {player} ({shown(card)}): {total}")
                for run in score(result.states[-1].cards, card).lines:
                    out.append(f"    {shown(run.describe())}")
            if outcome.winner is None:
                out.append("A tie.")
            else:
                out.append(f"{players[outcome.winner]} wins.")
        elif result.illegal is None and result.states:
            out.append("The record stops before the round ends.")
        return out

    return Replay(data, findings, result.illegal, lines)
