"""Shape Up! files: positions (can they happen? their scores) and recorded rounds (replayed)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from kitgen.api import Document, Finding, MoveLog, finding, replay_moves, shipped_numbers
from kitgen.games.shapeup.model import (
    Card,
    ShapeUpParameters,
    ShapeUpPositionFile,
    ShapeUpRecordFile,
    card_set,
)
from kitgen.games.shapeup.rules import Point, Score, Setup, bounds, score, with_advanced

# The engine is imported when a record is replayed: checking a position does not need it.
if TYPE_CHECKING:
    from kitgen.games.shapeup.play import (
        Move,  # noqa: F401 (RoundReplay's base names it)
        Result,
        ShapeUp,
        State,
    )


@cache
def setups() -> dict[str, Setup]:
    """Every set-up by its name, each followed by its advanced variant: the game file's
    (data/shapeup/game.yaml's `setups` and `advanced_hand`)."""
    numbers = shipped_numbers("shapeup", ShapeUpParameters)
    bases = [Setup(s.id, s.players, s.set_size, (s.box[0], s.box[1])) for s in numbers.setups]
    return with_advanced(bases, numbers.advanced_hand)


@dataclass
class Position:
    """A checked position: the cards on the table, the victory cards, the set-up."""

    cards: dict[Point, Card] = field(default_factory=dict)
    victory: dict[str, Card] = field(default_factory=dict)
    setup: Setup | None = None

    def scores(self) -> dict[str, Score]:
        """Each player's score in the file's order, rows and columns numbered as in the file."""
        return {player: score(self.cards, card, (0, 0)) for player, card in self.victory.items()}

    def result(self) -> tuple[dict[str, int], str | None, dict[str, Any]]:
        """The scores, the winner and the details of `kitgen score` (docs/formats.md)."""
        scores = self.scores()
        totals = {player: s.total for player, s in scores.items()}
        best = max(totals.values())
        leaders = [p for p, total in totals.items() if total == best]
        assert self.setup is not None
        details = {
            "setup": self.setup.id,
            "players": {
                player: {
                    "victory": str(s.victory),
                    "total": s.total,
                    "lines": [
                        {
                            "attribute": line.attribute,
                            "value": line.value,
                            "direction": line.direction,
                            "index": line.index,
                            "start": line.start,
                            "length": line.length,
                            "points": line.points,
                            "text": line.describe(),
                        }
                        for line in s.lines
                    ],
                }
                for player, s in scores.items()
            },
        }
        return totals, leaders[0] if len(leaders) == 1 else None, details

    def explain(self) -> tuple[str, list[str]]:
        """Who won, and each player's scoring lines, for people."""
        scores = self.scores()
        totals = {player: s.total for player, s in scores.items()}
        best = max(totals.values())
        leaders = [p for p, total in totals.items() if total == best]
        verdict = (
            f"{leaders[0]} wins" if len(leaders) == 1 else "a tie between " + " and ".join(leaders)
        )
        lines: list[str] = []
        for player, s in scores.items():
            lines.append(f"{player} ({s.victory}): {s.total}")
            lines.extend(f"  {line.describe()}" for line in s.lines)
            if not s.lines:
                lines.append("  no line scores")
        return verdict, lines


def check_position(doc: Document) -> tuple[list[Finding], Position]:
    """Every way the position breaks the rules, and what could be read of it."""
    model = doc.model
    assert isinstance(model, ShapeUpPositionFile)
    found: list[Finding] = []
    position = Position()
    places: dict[Card, str] = {}  # where each card was first seen, for `card-twice`

    def read(text: str, *at: object) -> Card | None:
        try:
            card = Card.parse(text)
        except ValueError as err:
            found.append(finding("unknown-card", str(err), model.where(*at)))
            return None
        if card in places:
            found.append(
                finding("card-twice", f"{card} is already {places[card]}", model.where(*at))
            )
            return None
        return card

    widths = {len(row) for row in model.grid}
    if len(widths) > 1:
        found.append(
            finding(
                "uneven-rows",
                "the rows of the grid have "
                + " and ".join(str(w) for w in sorted(widths))
                + " cells; give every row the same number (`.` for an empty cell)",
                model.where("grid", key=True),
            )
        )
    for y, row in enumerate(model.grid):
        for x, text in enumerate(row):
            if text.strip() == ".":
                continue
            card = read(text, "grid", y, x)
            if card is not None:
                places[card] = f"on the table in row {y + 1}, column {x + 1}"
                position.cards[(x, y)] = card
    for player, text in model.victory.items():
        card = read(text, "victory", player)
        if card is not None:
            places[card] = f"the victory card of {player}"
            position.victory[player] = card

    if any(path[:1] == ("victory",) for path, _ in doc.dropped):
        # A victory card already has a finding and was dropped: counting players
        # without it would only add a second, misleading one.
        return found, position
    stars = any(c.shape == "star" for c in places)
    players = len(model.victory)
    if model.setup is not None:
        setup = setups()[model.setup]
        if setup.players != players:
            found.append(
                finding(
                    "setup-mismatch",
                    f"set-up {setup.id} is for {setup.players} players, but {players} "
                    f"victory card{'s are' if players != 1 else ' is'} given",
                    model.where("victory", key=True),
                )
            )
    else:
        setup_id = f"{players}p-{24 if stars else 18}"
        if setup_id not in setups():
            options = ", ".join(s for s in setups() if "advanced" not in s)
            found.append(
                finding(
                    "setup-mismatch",
                    f"no set-up is for {players} player{'s' if players != 1 else ''} with the "
                    f"{24 if stars else 18}-card set; give `setup:` ({options})",
                    model.where("victory", key=True),
                )
            )
            return found, position
        setup = setups()[setup_id]
    position.setup = setup

    in_set = set(card_set(setup.set_size))
    for (x, y), card in position.cards.items():
        if card not in in_set:
            found.append(
                finding(
                    "card-not-in-set",
                    f"{card} is a star card, not in the 18-card set of set-up {setup.id}",
                    model.where("grid", y, x),
                )
            )
    for player, card in position.victory.items():
        if card not in in_set:
            found.append(
                finding(
                    "card-not-in-set",
                    f"{card} is a star card, not in the 18-card set of set-up {setup.id}",
                    model.where("victory", player),
                )
            )
    box = bounds(position.cards)
    if box is not None:
        _, _, width, height = box
        if not setup.fits(width, height):
            long, short = setup.box
            found.append(
                finding(
                    "grid-too-large",
                    f"the cards spread over {width} columns and {height} rows; in set-up "
                    f"{setup.id} they must fit in {long}x{short} or {short}x{long}",
                    model.where("grid", key=True),
                )
            )
    if len(position.cards) > setup.to_play:
        found.append(
            finding(
                "too-many-cards",
                f"{len(position.cards)} cards are on the table; set-up {setup.id} deals only "
                f"{setup.to_play} to play",
                model.where("grid", key=True),
            )
        )
    return found, position


@dataclass
class RoundReplay(MoveLog["State", "Move"]):
    """What replaying a Shape Up! record gave: states, turns, where it stopped, who played."""

    players: tuple[str, ...] = ()
    engine: ShapeUp | None = None

    @property
    def result(self) -> Result | None:
        """The scores and the winner, when the round was played to the end."""
        if self.engine is None or not self.states:
            return None
        return self.engine.outcome(self.states[-1])


def replay_round(doc: Document) -> RoundReplay:
    """Replay a valid Shape Up! record; findings say what is wrong and where."""
    from kitgen.games.shapeup.play import IllegalMove, Move, ShapeUp

    record = doc.model
    assert isinstance(record, ShapeUpRecordFile)
    setup = setups()[record.setup]
    engine = ShapeUp(setup)
    out = RoundReplay(engine=engine)
    players = tuple(record.players or [f"P{i + 1}" for i in range(setup.players)])
    out.players = players
    if len(players) != setup.players:
        out.findings.append(
            finding(
                "setup-mismatch",
                f"set-up {setup.id} is for {setup.players} players, not {len(players)}",
                record.where("players", key=True),
            )
        )
        return out
    first = 0
    if record.first is not None:
        if record.first not in players:
            out.findings.append(
                finding(
                    "invalid-value",
                    f"`first` names {record.first!r}, who is not among the players "
                    f"({', '.join(players)})",
                    record.where("first"),
                )
            )
            return out
        first = players.index(record.first)
    if record.deal is None:
        state = engine.new_game(seed=record.seed, first=first)
    else:
        state_or_none = _dealt(record, engine, first, out.findings)
        if state_or_none is None:
            return out
        state = state_or_none
    log = replay_moves(
        record,
        record.moves,
        state,
        parse=Move.parse,
        apply=engine.apply,
        ended=lambda s: "" if engine.over(s) else None,
        who=lambda s, m: players[s.to_move],
        rejects=IllegalMove,
        game="round",
        move_word="turn",
    )
    out.take(log)
    return out


def _dealt(
    record: ShapeUpRecordFile, engine: ShapeUp, first: int, found: list[Finding]
) -> State | None:
    """The explicit deal of a record, or None (with findings) when it is not one deal."""
    deal = record.deal
    assert deal is not None
    setup = engine.setup
    order: list[Card] = []
    seen: dict[Card, str] = {}
    ok = True

    def take(text: str, *at: object) -> None:
        nonlocal ok
        try:
            card = Card.parse(text)
        except ValueError as err:
            found.append(finding("unknown-card", str(err), record.where("deal", *at)))
            ok = False
            return
        if card in seen:
            found.append(finding("card-twice", f"{card} is dealt twice", record.where("deal", *at)))
            ok = False
        seen[card] = "dealt"
        order.append(card)

    take(deal.aside, "aside")
    if len(deal.hands) != setup.players:
        found.append(
            finding(
                "setup-mismatch",
                f"set-up {setup.id} deals {setup.players} hands, not {len(deal.hands)}",
                record.where("deal", "hands", key=True),
            )
        )
        return None
    for p, hand in enumerate(deal.hands):
        if len(hand) != setup.hand:
            found.append(
                finding(
                    "setup-mismatch",
                    f"set-up {setup.id} deals {setup.hand} card{'s' if setup.hand > 1 else ''} "
                    f"to each player, not {len(hand)}",
                    record.where("deal", "hands", p),
                )
            )
            ok = False
        for i, text in enumerate(hand):
            take(text, "hands", p, i)
    for i, text in enumerate(deal.deck):
        take(text, "deck", i)
    if not ok:
        return None
    missing = sorted(set(card_set(setup.set_size)) - set(order))
    extra = [c for c in order if c not in set(card_set(setup.set_size))]
    if missing or extra:
        what = []
        if missing:
            what.append("missing " + ", ".join(str(c) for c in missing))
        if extra:
            what.append("not in the set: " + ", ".join(str(c) for c in extra))
        found.append(
            finding(
                "setup-mismatch",
                f"the deal must use each of the {setup.set_size} cards once ({'; '.join(what)})",
                record.where("deal", key=True),
            )
        )
        return None
    return engine.deal(order, first=first)
