"""Staircase game files: positions (staircases to score) and recorded games (replayed)."""

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
    replay_moves,
    shipped_numbers,
    shipped_players,
    warning,
)
from kitgen.games.staircase.model import (
    StaircaseParameters,
    StaircasePositionFile,
    StaircaseRecordFile,
)
from kitgen.games.staircase.rules import StaircaseScore, score_staircase, winners

# The engine is imported when a record is replayed: checking a position does not need it.
if TYPE_CHECKING:
    from kitgen.games.staircase.play import (
        Move,  # noqa: F401 (GameReplay's base names it)
        Outcome,
        Setup,
        Staircase,
        State,
    )


def player_range() -> tuple[int, int]:
    """The fewest and the most players (data/staircase/game.yaml's `players`)."""
    return shipped_players("staircase")


@cache
def game_hand_size() -> int:
    """The cards dealt to each player (the game file's `hand_size`)."""
    return shipped_numbers("staircase", StaircaseParameters).hand_size


def standard_setup(players: int, hand_size: int | None = None, interfere: bool = False) -> Setup:
    """A set-up of `players` with the game's hand size (or `hand_size`); a ValueError
    for a number of players the game file does not allow."""
    from kitgen.games.staircase.play import Setup

    low, high = player_range()
    if not low <= players <= high:
        raise ValueError(f"the Staircase game takes {low} to {high} players, not {players}")
    return Setup(players, game_hand_size() if hand_size is None else hand_size, interfere)


def _score_json(score: StaircaseScore) -> dict[str, Any]:
    return {
        "base": score.base,
        "bonus": score.bonus,
        "total": score.total,
        "cards": [
            {"card": str(c), "base": v} for c, v in zip(score.cards, score.values, strict=True)
        ],
        "sequences": [
            {"cards": [str(c) for c in run.cards], "length": run.length, "bonus": run.bonus}
            for run in score.runs
        ],
    }


def explain_score(score: StaircaseScore) -> str:
    """`base 180 + bonus 40 (AS 2H 3D 4C) = 220`, for people."""
    runs = ", ".join(f"{r.length} in a row {r} +{r.bonus}" for r in score.runs)
    bonus = f"bonus {score.bonus}" + (f" ({runs})" if runs else "")
    return f"base {score.base} + {bonus} = {score.total}"


@dataclass
class Position:
    """A checked Staircase position: each player's staircase, left to right."""

    staircases: dict[str, tuple[Card, ...]] = field(default_factory=dict)

    def scored(self) -> dict[str, StaircaseScore]:
        """Each staircase's score."""
        return {name: score_staircase(cards) for name, cards in self.staircases.items()}

    def _winners(self) -> list[str]:
        scores = self.scored()
        names = list(scores)
        return [names[i] for i in winners([s.total for s in scores.values()])]

    def result(self) -> tuple[dict[str, int], str | None, dict[str, Any]]:
        """The scores, the winner (None on a tie) and the details of `kitgen score`."""
        scores = self.scored()
        best = self._winners()
        details: dict[str, Any] = {name: _score_json(s) for name, s in scores.items()}
        winner = best[0] if len(best) == 1 and len(scores) > 1 else None
        return {name: s.total for name, s in scores.items()}, winner, details

    def explain(self) -> tuple[str, list[str]]:
        """Who won and how each staircase adds up, for people."""
        scores = self.scored()
        best = self._winners()
        if len(scores) == 1:
            verdict = "one staircase, nobody to beat"
        elif len(best) == 1:
            verdict = f"{best[0]} wins"
        else:
            verdict = f"a tie between {', '.join(best)}"
        lines = []
        for name, score in scores.items():
            cards = " ".join(str(c) for c in score.cards) or "(no cards)"
            lines.append(f"{name}: {cards}")
            lines.append(f"  {explain_score(score)}")
        return verdict, lines


def check_position(doc: Document) -> tuple[list[Finding], Position]:
    """Every card that cannot be in the position, and what could be read of it."""
    model = doc.model
    assert isinstance(model, StaircasePositionFile)
    reader = CardReader(jokers=False, game="the Staircase game")
    position = Position()
    for name, texts in model.staircases.items():
        place = f"{name}'s staircase"
        cards = [
            card
            for i, text in enumerate(texts)
            if (card := reader.read(text, place, model.where("staircases", name, i))) is not None
        ]
        position.staircases[name] = tuple(cards)
    return reader.findings + _count_cards(model, position), position


def _count_cards(model: StaircasePositionFile, position: Position) -> list[Finding]:
    """Staircases longer than any game can build.

    Every action adds one card to the staircases and takes at least one from the
    hands, so a game of n players ends with at most 5n staircase cards (exactly 5n
    without interfere); one staircase gets more than its owner's 5 only from other
    players' interferes, at most 2 each.
    """
    most_players, hand = player_range()[1], game_hand_size()
    total = sum(len(cards) for cards in position.staircases.values())
    for name, cards in position.staircases.items():
        longest = hand + 2 * (most_players - 1)
        if len(cards) > longest:
            return [
                finding(
                    "too-many-cards",
                    f"{name}'s staircase holds {len(cards)} cards; no game builds more than"
                    f" {longest} (the {hand} of a hand, and 2 from each other player's"
                    " interferes)",
                    model.where("staircases", name, key=True),
                )
            ]
    if total > hand * most_players:
        return [
            finding(
                "too-many-cards",
                f"the staircases hold {total} cards; even a game of {most_players} players"
                f" ends with at most {hand * most_players} ({hand} from each hand)",
                model.where("staircases", key=True),
            )
        ]
    listed = len(position.staircases)
    if total > hand * listed:
        needed = -(-total // hand)
        return [
            warning(
                "too-many-cards",
                f"the {listed} staircases hold {total} cards, but a game of {listed} players"
                f" ends with at most {hand * listed} ({hand} from each hand); these"
                f" fit only a game of {needed} or more players, with interferes",
                model.where("staircases", key=True),
            )
        ]
    return []


# --- records ------------------------------------------------------------------------------


@dataclass
class GameReplay(MoveLog["State", "Move"]):
    """What replaying a Staircase record gave: states, moves, where it stopped."""

    names: list[str] = field(default_factory=list)
    engine: Staircase | None = None

    @property
    def movers(self) -> list[str]:
        """Who made each move."""
        return [self.names[s.mover] for s in self.states[: len(self.moves)]]

    @property
    def outcome(self) -> Outcome | None:
        """The scores and the winners, when the game was played to the end."""
        if self.engine is None or not self.states:
            return None
        return self.engine.outcome(self.states[-1])


def replay_game(doc: Document) -> GameReplay:
    """Replay a valid Staircase record; findings say what is wrong and where."""
    from kitgen.api import fold_words
    from kitgen.games.staircase.play import IllegalMove, Staircase, parse_move

    record = doc.model
    assert isinstance(record, StaircaseRecordFile)
    names = list(record.players)
    out = GameReplay(names=names)
    folded = [fold_words(n) for n in names]
    for i, name in enumerate(folded):
        if name in folded[:i]:
            out.findings.append(
                finding(
                    "invalid-value",
                    f"{names[i]!r} names two players; give each player their own name",
                    record.where("players", i),
                )
            )
            return out
    try:
        setup = standard_setup(len(names), record.hand_size, record.interfere)
    except ValueError as err:
        out.findings.append(finding("setup-mismatch", str(err), record.where("players")))
        return out
    engine = Staircase(setup)
    out.engine = engine
    if record.deal is None:
        try:
            state = engine.new_game(seed=record.seed)
        except ValueError as err:
            out.findings.append(finding("setup-mismatch", str(err), record.where("hand_size")))
            return out
    else:
        dealt = _dealt(record, engine, out.findings)
        if dealt is None:
            return out
        state = dealt

    def ended(state: State) -> str | None:
        return "" if state.over else None

    log = replay_moves(
        record,
        record.moves,
        state,
        parse=lambda text: parse_move(text, names),
        apply=engine.apply,
        ended=ended,
        who=lambda state, _move: names[state.mover],
        rejects=IllegalMove,
    )
    out.take(log)
    return out


def _dealt(record: StaircaseRecordFile, engine: Staircase, found: list[Finding]) -> State | None:
    """The explicit deal of a record, or None (with findings) when it is not a deal."""
    from kitgen.games.staircase.play import IllegalMove

    deal = record.deal
    assert deal is not None
    reader = CardReader(jokers=False, game="the Staircase game")

    def pile(texts: list[str], place: str, *at: object) -> list[Card]:
        return [
            card
            for i, text in enumerate(texts)
            if (card := reader.read(text, place, record.where("deal", *at, i))) is not None
        ]

    names = record.players
    if len(deal.hands) != len(names):
        found.append(
            finding(
                "setup-mismatch",
                f"the deal gives {len(deal.hands)} hands for {len(names)} players",
                record.where("deal", "hands"),
            )
        )
        return None
    hands = [pile(hand, f"{names[i]}'s hand", "hands", i) for i, hand in enumerate(deal.hands)]
    depot = pile(deal.depot, "the depot", "depot")
    scrap = pile(deal.scrap, "the scrap pile", "scrap")
    found += reader.findings
    if reader.findings:
        return None
    try:
        return engine.deal(hands, depot, scrap)
    except IllegalMove as err:
        found.append(finding("setup-mismatch", str(err), record.where("deal", key=True)))
        return None
