"""Galliard files: positions (cabals to judge) and recorded games (replayed)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from kitgen.api import (
    Card,
    CardReader,
    Document,
    Finding,
    MoveLog,
    finding,
    fold_words,
    replay_moves,
    shipped_numbers,
)
from kitgen.games.galliard.model import (
    GalliardParameters,
    GalliardPositionFile,
    GalliardRecordFile,
)
from kitgen.games.galliard.rules import is_supported, patterns, why_unsupported

# The engine is imported when a record is replayed: checking a position does not need it.
if TYPE_CHECKING:
    from kitgen.games.galliard.play import (
        Galliard,
        Move,  # noqa: F401 (GameReplay's base names it)
        Outcome,
        RoundResult,
        Setup,
        State,
    )


@cache
def parameters() -> GalliardParameters:
    """The shipped game's numbers (data/galliard/game.yaml)."""
    return shipped_numbers("galliard", GalliardParameters)


def standard_setup() -> Setup:
    """A game of the game file's numbers: its hand size and the royals of support."""
    from kitgen.games.galliard.play import Setup

    params = parameters()
    return Setup(params.hand_size, params.support)


@dataclass
class Position:
    """A checked Galliard position: each player's cabal."""

    cabals: dict[str, tuple[Card, ...]] = field(default_factory=dict)

    def result(self) -> tuple[dict[str, int], str | None, dict[str, Any]]:
        """Royals per cabal, no winner (cabals alone do not end a game), and each
        player's support with the patterns found."""
        return (
            {name: len(cabal) for name, cabal in self.cabals.items()},
            None,
            {
                name: {
                    "supported": is_supported(cabal, parameters().support),
                    "patterns": [p.name for p in patterns(cabal)],
                }
                for name, cabal in self.cabals.items()
            },
        )

    def explain(self) -> tuple[str, list[str]]:
        """Who is supported, and why or why not, for people."""
        support = parameters().support
        backed = [name for name, cabal in self.cabals.items() if is_supported(cabal, support)]
        verdict = f"supported: {', '.join(backed)}" if backed else "nobody is supported"
        lines = []
        for name, cabal in self.cabals.items():
            cards = " ".join(str(c) for c in cabal) or "(no royals)"
            found = patterns(cabal)
            held = "; ".join(p.words for p in found) if found else "no pattern"
            reason = why_unsupported(cabal, support)
            status = "supported" if reason is None else f"not supported: {reason}"
            lines.append(f"{name}: {cards}")
            lines.append(f"  {len(cabal)} royals, {held}; {status}")
        return verdict, lines


def check_position(doc: Document) -> tuple[list[Finding], Position]:
    """Every card that cannot be in a cabal, and what could be read of them."""
    model = doc.model
    assert isinstance(model, GalliardPositionFile)
    reader = CardReader(jokers=True, game="Galliard")
    found = reader.findings
    position = Position()
    for name, texts in model.cabals.items():
        place = f"{name}'s cabal"
        cabal = []
        for i, text in enumerate(texts):
            at = model.where("cabals", name, i)
            card = reader.read(text, place, at)
            if card is None:
                continue
            if not card.is_royal:
                found.append(
                    finding(
                        "not-a-royal",
                        f"{card} in {place}: a cabal holds only royals (J, Q, K and the jokers)",
                        at,
                    )
                )
                continue
            cabal.append(card)
        position.cabals[name] = tuple(cabal)
    return found, position


# --- records ------------------------------------------------------------------------------


@dataclass
class GameReplay(MoveLog["State", "Move"]):
    """What replaying a Galliard record gave: states, moves, where it stopped."""

    names: list[str] = field(default_factory=list)
    engine: Galliard | None = None

    @property
    def movers(self) -> list[str]:
        """Who made each move."""
        return [self.names[s.to_move] for s in self.states[: len(self.moves)]]

    @property
    def outcome(self) -> Outcome | None:
        """The winner and the cabals, when the game was played to the end."""
        if self.engine is None or not self.states:
            return None
        return self.engine.outcome(self.states[-1])

    def rounds(self) -> list[RoundResult]:
        """Every round that ended, in order."""
        if self.engine is None:
            return []
        return self.engine.round_results(self.states)


def replay_game(doc: Document) -> GameReplay:
    """Replay a valid Galliard record; findings say what is wrong and where."""
    from kitgen.games.galliard.play import Galliard, IllegalMove, parse_move

    record = doc.model
    assert isinstance(record, GalliardRecordFile)
    names = list(record.players)
    out = GameReplay(names=names)
    if fold_words(names[0]) == fold_words(names[1]):
        out.findings.append(
            finding(
                "invalid-value",
                f"{names[1]!r} names both players; give each player their own name",
                record.where("players", 1),
            )
        )
        return out
    engine = Galliard(standard_setup())
    out.engine = engine

    def ended(state: State) -> str | None:
        outcome = engine.outcome(state)
        return None if outcome is None else named(outcome.reason, names)

    log = replay_moves(
        record,
        record.moves,
        engine.new_game(seed=record.seed),
        parse=parse_move,
        apply=engine.apply,
        ended=ended,
        who=lambda state, _move: names[state.to_move],
        rejects=IllegalMove,
    )
    out.take(log)
    return out


def named(text: str, names: list[str]) -> str:
    """The engine's words with the players' names for "player 1" and "player 2"."""
    return text.replace("player 1", names[0]).replace("player 2", names[1])
