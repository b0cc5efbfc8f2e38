"""`kitgen replay` for the Staircase game: the moves, the staircases and the scores."""

from __future__ import annotations

from kitgen.api import Document, Finding, Replay, shown
from kitgen.games.staircase.load import explain_score, replay_game
from kitgen.games.staircase.play import move_text


def replay(doc: Document) -> Replay:
    """Replay a Staircase record: the report `kitgen replay` prints."""
    result = replay_game(doc)
    findings = sorted([*doc.findings, *result.findings], key=Finding.sort_key)
    outcome = result.outcome
    names = result.names
    winners = [names[s] for s in outcome.winners] if outcome else []
    data: dict[str, object] = {
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
        "scores": {names[s]: t for s, t in enumerate(outcome.scores)} if outcome else None,
        "moves": len(result.moves),
    }

    def lines() -> list[str]:
        out: list[str] = []
        names = [shown(name) for name in result.names]
        winners = [names[s] for s in outcome.winners] if outcome else []
        for i, (move, who) in enumerate(zip(result.moves, result.movers, strict=True)):
            out.append(f"{i + 1:>3}. {shown(who):<8} {shown(move_text(move, names))}")
        if result.states and outcome is None and result.illegal is None:
            out.append("The record stops before the game ends.")
        if outcome is None:
            return out
        for seat, detail in enumerate(outcome.detail):
            cards = " ".join(shown(c) for c in detail.cards) or "(no cards)"
            out.append(f"     {names[seat]:<8} {cards}")
            out.append(f"     {'':<8} {shown(explain_score(detail))}")
        best = max(outcome.scores)
        if len(winners) == 1:
            out.append(f"Game over: {winners[0]} wins with {best} points.")
        else:
            out.append(f"Game over: {', '.join(winners)} share the win with {best} points.")
        return out

    return Replay(data, findings, result.illegal, lines)
