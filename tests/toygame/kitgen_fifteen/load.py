"""Fifteen's checks: a position's findings and its score; a record replayed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kitgen.api import Document, Finding, Replay, finding
from kitgen_fifteen.model import FifteenPositionFile, FifteenRecordFile
from kitgen_fifteen.rules import PLAYERS, IllegalMove, Move, State, apply, outcome, winning_line


@dataclass
class Position:
    """A checked position, ready to score."""

    state: State

    def result(self) -> tuple[dict[str, int], str | None, dict[str, Any]]:
        """Each player's points (1 for a line that makes 15), the winner, the lines."""
        lines = {p: winning_line(hand) for p, hand in zip(PLAYERS, self.state.hands, strict=True)}
        scores = {p: int(line is not None) for p, line in lines.items()}
        end = outcome(self.state)
        details = {"lines": {p: list(line) if line else None for p, line in lines.items()}}
        return scores, end.winner if end else None, details

    def explain(self) -> tuple[str, list[str]]:
        """Who won, and each hand with its line, for people."""
        end = outcome(self.state)
        verdict = "the game goes on" if end is None else end.winner or "a draw"
        if end is not None and end.winner:
            verdict = f"{end.winner} wins: {end.reason}"
        lines = [
            f"{p}: {' '.join(map(str, hand)) or 'no cards'}"
            for p, hand in zip(PLAYERS, self.state.hands, strict=True)
        ]
        return verdict, lines


def check_position(doc: Document) -> tuple[list[Finding], Position]:
    """Every way the position breaks the rules, and what could be read of it."""
    model = doc.model
    assert isinstance(model, FifteenPositionFile)
    found: list[Finding] = []
    seen: set[int] = set()
    hands: list[tuple[int, ...]] = []
    for player in PLAYERS:
        hand: list[int] = []
        for i, card in enumerate(getattr(model, player)):
            at = model.where(player, i)
            if not 1 <= card <= 9:
                found.append(finding("unknown-card", f"there is no card {card}; 1 to 9", at))
            elif card in seen:
                found.append(finding("card-twice", f"card {card} is held twice", at))
            else:
                seen.add(card)
                hand.append(card)
        hands.append(tuple(sorted(hand)))
    first, second = len(model.first), len(model.second)
    if first not in (second, second + 1):
        found.append(
            finding(
                "too-many-cards",
                f"first holds {first} cards and second {second}; the players take turns, "
                "first first, so first holds as many as second or one more",
                model.where("second" if second > first else "first", key=True),
            )
        )
    both = [winning_line(h) for h in hands]
    if all(both):
        found.append(
            finding(
                "both-made-15",
                "both players hold three cards that make 15; the game ends at the first",
                model.where("second", key=True),
            )
        )
    return found, Position(State((hands[0], hands[1])))


@dataclass
class GameReplay:
    """A record replayed: the moves that were legal, the states, the end."""

    moves: list[Move]
    states: list[State]
    findings: list[Finding]
    illegal: tuple[int, int, str, str] | None = None


def replay_game(doc: Document) -> GameReplay:
    """Play a record's moves through the engine, stopping at the first that fails."""
    model = doc.model
    assert isinstance(model, FifteenRecordFile)
    state = State()
    result = GameReplay([], [state], [])
    for i, text in enumerate(model.moves):
        at = model.where("moves", i)
        try:
            move = Move.parse(text)
            state = apply(state, move)
        except IllegalMove as err:
            code = "game-over" if outcome(state) is not None else "illegal-move"
            result.findings.append(finding(code, f"move {i + 1}, {text!r}: {err}", at))
            result.illegal = (i, at.line if at else 1, text, str(err))
            break
        except ValueError as err:
            result.findings.append(finding("move-syntax", f"move {i + 1}: {err}", at))
            result.illegal = (i, at.line if at else 1, text, str(err))
            break
        result.moves.append(move)
        result.states.append(state)
    return result


def replay(doc: Document) -> Replay:
    """A record's replay, as `kitgen replay` prints it."""
    result = replay_game(doc)
    end = outcome(result.states[-1])
    data: dict[str, object] = {
        "winner": end.winner if end else None,
        "reason": end.reason if end else None,
        "moves": len(result.moves),
    }

    def lines() -> list[str]:
        out = [f"{i + 1}. {PLAYERS[i % 2]:<6} {move}" for i, move in enumerate(result.moves)]
        if end is not None:
            out.append(
                f"{end.winner} wins: {end.reason}." if end.winner else f"A draw: {end.reason}."
            )
        elif result.illegal is None:
            out.append("The record stops before the game ends.")
        return out

    findings = sorted([*doc.findings, *result.findings], key=Finding.sort_key)
    return Replay(data, findings, result.illegal, lines)
