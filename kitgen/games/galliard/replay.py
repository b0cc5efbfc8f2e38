"""`kitgen replay` for Galliard: the moves round by round, and how the game ended."""

from __future__ import annotations

from kitgen.api import Document, Finding, Replay, shown
from kitgen.games.galliard.load import named, replay_game


def replay(doc: Document) -> Replay:
    """Replay a Galliard record: the report `kitgen replay` prints."""
    result = replay_game(doc)
    findings = sorted([*doc.findings, *result.findings], key=Finding.sort_key)
    outcome = result.outcome
    names = result.names
    rounds = result.rounds()
    data: dict[str, object] = {
        "winner": names[outcome.winner] if outcome and outcome.winner is not None else None,
        "reason": named(outcome.reason, names) if outcome else None,
        "rounds": [r.text(names) for r in rounds],
        "cabals": (
            {names[s]: [str(c) for c in cabal] for s, cabal in enumerate(outcome.cabals)}
            if outcome
            else None
        ),
        "moves": len(result.moves),
    }

    def lines() -> list[str]:
        out: list[str] = []
        names = [shown(name) for name in result.names]
        round_shown = 0
        for i, (move, who, state) in enumerate(
            zip(result.moves, result.movers, result.states, strict=False)
        ):
            if state.round > round_shown:
                round_shown = state.round
                out.append(f"Round {round_shown}, {names[state.starter]} starts:")
            out.append(f"{i + 1:>5}. {shown(who):<8} {shown(move)}")
            after = result.states[i + 1]
            if len(after.results) > len(state.results):  # this move ended a round
                out.append(f"       {shown(after.results[len(state.results)].text(names))}")
        if outcome is None:
            if result.illegal is None and result.states:
                out.append("The record stops before the game ends.")
            return out
        for seat, cabal in enumerate(outcome.cabals):
            out.append(f"  {names[seat]:<8} cabal: {' '.join(map(shown, cabal)) or '(none)'}")
        out.append(
            f"Game over after {outcome.rounds} rounds: {shown(named(outcome.reason, names))}."
        )
        return out

    return Replay(data, findings, result.illegal, lines)
