"""The move loop every game's record replay shares: play each recorded move through the
engine and stop at the first one that is over, unreadable or illegal, saying why."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from kitgen.model.base import Located
from kitgen.model.findings import Finding, finding

S = TypeVar("S")
M = TypeVar("M")


@dataclass
class MoveLog(Generic[S, M]):
    """The states from the start (the first is the deal), the moves played, and where
    and why the replay stopped early."""

    states: list[S] = field(default_factory=list)
    moves: list[M] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    illegal: tuple[int, int, str, str] | None = None  # index, line, move text, rule

    def take(self, log: MoveLog[S, M]) -> None:
        """Keep a replay's states, moves and stop, after the findings already here (a
        game's replay result is a MoveLog that first checked its set-up)."""
        self.states, self.moves, self.illegal = log.states, log.moves, log.illegal
        self.findings += log.findings


def replay_moves(
    record: Located,
    moves: list[str],
    start: S,
    *,
    parse: Callable[[str], M],
    apply: Callable[[S, M], S],
    ended: Callable[[S], str | None],
    who: Callable[[S, M], str],
    rejects: type[Exception],
    game: str = "game",
    move_word: str = "move",
    recorded: Callable[[S, M], M] | None = None,
) -> MoveLog[S, M]:
    """Replay `moves` (the record's `moves:`) from `start`.

    `ended` says why the game is over ("" for no reason worth telling), None while it
    goes on; `rejects` is the engine's illegal-move error; `who` names the mover for a
    message; `recorded` (if given) is the move to keep once applied, else the parsed one.
    """
    log: MoveLog[S, M] = MoveLog(states=[start])
    state = start
    for index, text in enumerate(moves):
        at = record.where("moves", index)
        line = at.line if at else 0
        reason = ended(state)
        if reason is not None:
            tail = f": {reason}" if reason else ""
            log.findings.append(
                finding(
                    "game-over",
                    f"the {game} ended before {move_word} {index + 1} ({text!r}){tail}",
                    at,
                )
            )
            log.illegal = (index, line, text, f"the {game} is over")
            break
        try:
            move = parse(text)
        except ValueError as err:
            log.findings.append(finding("move-syntax", str(err), at))
            log.illegal = (index, line, text, str(err))
            break
        try:
            after = apply(state, move)
        except rejects as err:
            log.findings.append(
                finding(
                    "illegal-move",
                    f"{move_word} {index + 1} ({who(state, move)}: {text}): {err}",
                    at,
                )
            )
            log.illegal = (index, line, text, str(err))
            break
        log.moves.append(recorded(after, move) if recorded else move)
        log.states.append(after)
        state = after
    return log
