"""Galliard's rule-booklet figures: what each takes in `args:`, read and checked with the rules.

Three figures:

- `cabal`: a cabal's royals (`cards: [QH, QS, QD, QC, KH]`) and the claim
  `supported: true` or `false`;
- `floor`: the dancers' floor (`dancers: [[5H], [7S, 6D]]`, each dancer bottom
  to top), an optional wager pile (`wager: [QH]`) and face-down deck
  (`deck: true`), and a play considered (`play: stamp 6H on 7S`, or
  `dance 7S`, either after `wager QH,`) with the claim `legal: true` or `false`;
- `trade`: a round winner's swap (`give: QH`, `take: QS`) and `legal:`.

Each figure is read here with `kitgen.games.galliard.rules`, once: the painter draws
what was read and `kitgen check` reports the issues (each at its place in
`args:`), so a figure can never show a verdict the rules do not give.

Pure Python: no I/O, no drawing.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Annotated

from pydantic import Field

from kitgen.api import SUIT_NAMES, Card, Name, Spec, empty
from kitgen.games.galliard.rules import (
    RANK_PLURALS,
    Pattern,
    can_stamp,
    is_number,
    is_supported,
    patterns,
    why_no_trade,
    why_unsupported,
)

ArgsPath = tuple[Hashable, ...]  # where in `args:` an issue lies, like ("cards", 2)
Issue = tuple[ArgsPath, str, str]  # (path, finding code, message)

PLAY_HELP = (
    "write the play as `dance 7S` or `stamp 6H on 7S` (the dancer named by its top card),"
    " either one after `wager QH,` when a royal is wagered with it"
)
_PLAY = re.compile(
    r"^(?:wager\s+(?P<wager>[^\s,]+)\s*(?:,\s*|\s+))?"
    r"(?:dance\s+(?P<dance>\S+)|stamp\s+(?P<card>\S+)\s+on\s+(?P<onto>\S+))$",
    re.IGNORECASE,
)


def _read(text: str, path: ArgsPath, issues: list[Issue]) -> Card | None:
    """A card in the standard notation, or None with an `unknown-card` issue."""
    try:
        return Card.parse(text)
    except ValueError as err:
        issues.append((path, "unknown-card", str(err)))
        return None


def _value(card: Card) -> str:
    """A number card's value as printed: `A`, `7`, `10`."""
    return card.rank_text


def _claim(
    issues: list[Issue], legal: bool | None, what: str, verdict: str | None, where: ArgsPath
) -> None:
    """Check a `legal:` claim about `what` against the rules' verdict (None: allowed)."""
    if legal is None:
        issues.append(
            (
                where,
                "missing-key",
                f"say whether {what} is allowed: add `legal: true` or `legal: false`"
                " (the check verifies it with the rules)",
            )
        )
    elif legal and verdict is not None:
        issues.append(
            (
                ("legal",),
                "illegal-move",
                f"the figure says {what} is allowed, but the rules forbid it: {verdict}",
            )
        )
    elif not legal and verdict is None:
        issues.append(
            (("legal",), "invalid-value", f"the figure says {what} is not allowed, but it is")
        )


# --- Cabals ----------------------------------------------------------------------------------


class CabalArgs(Spec):
    """A cabal: its royals in any order, and whether the figure says it is supported."""

    cards: list[Name] = Field(max_length=14)
    supported: bool

    def figure_issues(self) -> list[Issue]:
        """Every card that cannot be in the cabal, and a wrong `supported:` claim."""
        return list(read_cabal(self).issues)


@dataclass(frozen=True)
class CabalFigure:
    """A cabal figure read with the rules: its royals, their patterns and the verdict."""

    cards: tuple[Card, ...]
    patterns: tuple[Pattern, ...]
    supported: bool
    verdict: str  # for people: "Supported: 5 royals, with all four queens."
    issues: tuple[Issue, ...] = field(default=())


def _support() -> int:
    """The royals a supported cabal holds at least (the game file's)."""
    from kitgen.games.galliard.load import parameters

    return parameters().support


def cabal_verdict(cards: tuple[Card, ...]) -> str:
    """Whether a cabal is supported, and why, in a sentence."""
    reason = why_unsupported(cards, _support())
    if reason is not None:
        return f"Not supported: {reason}."
    found = " and ".join(p.words for p in patterns(cards))
    return f"Supported: {len(cards)} royals, with {found}."


def read_cabal(args: CabalArgs) -> CabalFigure:
    """Read a cabal's cards (royals only, each once) and verify the `supported:` claim.

    Cards that cannot be read or are not royals are left out, so the figure can
    still be drawn; a card written twice is drawn once.
    """
    issues: list[Issue] = []
    cards: list[Card] = []
    for i, text in enumerate(args.cards):
        card = _read(text, ("cards", i), issues)
        if card is None:
            continue
        if not card.is_royal:
            issues.append(
                (
                    ("cards", i),
                    "not-a-royal",
                    f"{card} ({card.name}) is not a royal: a cabal holds only jacks, queens,"
                    " kings and the jokers",
                )
            )
        elif card in cards:
            issues.append((("cards", i), "card-twice", f"{card} is in the cabal twice"))
        else:
            cards.append(card)
    held = tuple(cards)
    supported = is_supported(held, _support())
    verdict = cabal_verdict(held)
    if args.supported != supported:
        said = "supported" if args.supported else "not supported"
        issues.append(
            (
                ("supported",),
                "invalid-value",
                f"the figure says this cabal is {said}, but the rules say: {verdict}",
            )
        )
    return CabalFigure(held, tuple(patterns(held)), supported, verdict, tuple(issues))


# --- The dancers' floor ----------------------------------------------------------------------

Dancer = Annotated[list[Name], Field(min_length=1, max_length=12)]


class FloorArgs(Spec):
    """The dancers' floor: each dancer bottom to top, the wager pile, a play considered."""

    dancers: list[Dancer] = Field(default_factory=empty, max_length=12)
    wager: list[Name] = Field(default_factory=empty, max_length=14)
    deck: bool = False  # draw the face-down deck beside the wager pile
    play: Name | None = None
    legal: bool | None = None

    def figure_issues(self) -> list[Issue]:
        """Cards that cannot be where they are, a bad play, and a wrong `legal:` claim."""
        return list(read_floor(self).issues)


@dataclass(frozen=True)
class FloorPlay:
    """A play on the floor: a card as a new dancer (`onto` None) or stamped, maybe a wager."""

    card: Card
    onto: Card | None = None
    wager: Card | None = None

    def __str__(self) -> str:
        move = f"stamp {self.card} on {self.onto}" if self.onto else f"dance {self.card}"
        return f"wager {self.wager}, {move}" if self.wager else move


@dataclass(frozen=True)
class FloorFigure:
    """A floor figure read with the rules: the piles, the play and the verdict on it.

    `target` is the index of the dancer a stamp goes on (None for a new dancer,
    or when no dancer has the named card on top); `verdict` is why the play is
    not allowed, None when it is (or when there is no play).
    """

    dancers: tuple[tuple[Card, ...], ...]
    wager: tuple[Card, ...]
    deck: bool
    play: FloorPlay | None = None
    target: int | None = None
    verdict: str | None = None
    issues: tuple[Issue, ...] = field(default=())


def parse_floor_play(text: str) -> FloorPlay:
    """Read `dance 7S`, `stamp 6H on 7S`, `wager QH, dance 7S` (any case, spacing);
    ValueError explains the notation."""
    match = _PLAY.match(" ".join(str(text).split()))
    if match is None:
        raise ValueError(f"{text!r} is not a play on the floor: {PLAY_HELP}")
    wager = Card.parse(match["wager"]) if match["wager"] else None
    if match["dance"]:
        return FloorPlay(Card.parse(match["dance"]), None, wager)
    return FloorPlay(Card.parse(match["card"]), Card.parse(match["onto"]), wager)


def why_no_stamp(card: Card, onto: Card) -> str | None:
    """Why `card` may not be stamped on a dancer topped by `onto`, in words; None when it may."""
    if can_stamp(card, onto):
        return None
    for c in (card, onto):
        if not is_number(c):
            return f"{c} is a royal; only number cards dance and stamp"
    a, b = _value(card), _value(onto)
    if card.rank == onto.rank:
        return f"{a} and {b} are the same value; a stamp is exactly one higher or one lower"
    if {card.rank, onto.rank} == {1, 10}:
        return "the ace is 1, so 10 and A are not neighbours"
    return f"{a} and {b} are {abs(card.rank - onto.rank)} apart; a stamp is exactly one apart"


def stamp_words(card: Card, onto: Card) -> str:
    """Why a stamp is allowed, in words."""
    return f"{_value(card)} and {_value(onto)} are exactly one apart"


def read_floor(args: FloorArgs) -> FloorFigure:
    """Read the piles, the wager pile and the play, and verify the `legal:` claim.

    Each dancer must be a pile a game could build (number cards, each stamp one
    apart from the card under it), the wager pile royals only, no card twice;
    a stamp must name a dancer by its top card. The verdict comes from
    `kitgen.games.galliard.rules.can_stamp` (and a wager must be a royal, a dancer a
    number card). Bad cards are left out so the figure can still be drawn.
    """
    issues: list[Issue] = []
    seen: dict[Card, str] = {}

    def place(card: Card, where: str, path: ArgsPath) -> bool:
        if card in seen:
            issues.append((path, "card-twice", f"{card} is already {seen[card]}"))
            return False
        seen[card] = where
        return True

    dancers: list[tuple[Card, ...]] = []
    for i, pile in enumerate(args.dancers):
        cards: list[Card] = []
        for j, text in enumerate(pile):
            path: ArgsPath = ("dancers", i, j)
            card = _read(text, path, issues)
            if card is None or not place(card, f"in dancer {i + 1}", path):
                continue
            if not is_number(card):
                issues.append(
                    (path, "invalid-value", f"{card} is a royal: dancers are number cards only")
                )
                continue
            if cards and not can_stamp(card, cards[-1]):
                reason = why_no_stamp(card, cards[-1])
                issues.append(
                    (path, "invalid-value", f"{card} cannot lie on {cards[-1]}: {reason}")
                )
                continue
            cards.append(card)
        dancers.append(tuple(cards))
    wager: list[Card] = []
    for i, text in enumerate(args.wager):
        card = _read(text, ("wager", i), issues)
        if card is None or not place(card, "on the wager pile", ("wager", i)):
            continue
        if not card.is_royal:
            issues.append(
                (("wager", i), "invalid-value", f"{card} is not a royal: only royals are wagered")
            )
            continue
        wager.append(card)
    figure = FloorFigure(tuple(dancers), tuple(wager), args.deck)
    if args.play is None:
        if args.legal is not None:
            issues.append(
                (
                    ("legal",),
                    "invalid-value",
                    "`legal` goes with `play`, the play the figure shows (like stamp 6H on 7S)",
                )
            )
        return FloorFigure(figure.dancers, figure.wager, args.deck, issues=tuple(issues))
    try:
        play = parse_floor_play(args.play)
    except ValueError as err:
        issues.append((("play",), "move-syntax", str(err)))
        return FloorFigure(figure.dancers, figure.wager, args.deck, issues=tuple(issues))
    for card in (play.card, play.wager):
        if card is not None and card in seen:
            issues.append(
                (("play",), "card-twice", f"{card} is already {seen[card]}, so it cannot be played")
            )
    target: int | None = None
    verdict: str | None = None
    if play.wager is not None and not play.wager.is_royal:
        verdict = f"{play.wager} is not a royal; only royals are wagered"
    if play.onto is None:
        if verdict is None and not is_number(play.card):
            verdict = f"{play.card} is a royal; only number cards dance and stamp"
    else:
        tops = [i for i, pile in enumerate(dancers) if pile and pile[-1] == play.onto]
        if tops:
            target = tops[0]
        elif play.onto in seen:
            issues.append(
                (
                    ("play",),
                    "invalid-value",
                    f"{play.onto} is not on top of a dancer: a stamp names the dancer by its"
                    " top card",
                )
            )
        else:
            issues.append(
                (("play",), "invalid-value", f"no dancer on the floor has {play.onto} on top")
            )
        if verdict is None:
            verdict = why_no_stamp(play.card, play.onto)
    _claim(issues, args.legal, str(play), verdict, ("play",))
    return FloorFigure(
        figure.dancers, figure.wager, args.deck, play, target, verdict, tuple(issues)
    )


# --- The trade -------------------------------------------------------------------------------


class TradeArgs(Spec):
    """A round winner's trade: their new royal `give` for the opponent's `take`."""

    give: Name
    take: Name
    legal: bool

    def figure_issues(self) -> list[Issue]:
        """Cards that cannot be read, and a wrong `legal:` claim."""
        return list(read_trade(self).issues)


@dataclass(frozen=True)
class TradeFigure:
    """A trade figure read with the rules: the two royals and the verdict (None: allowed)."""

    give: Card | None
    take: Card | None
    verdict: str | None
    reason: str  # for people, allowed or not: "both are queens"
    issues: tuple[Issue, ...] = field(default=())


def trade_words(give: Card, take: Card) -> str:
    """What the two royals of an allowed trade share, in words."""
    if give.rank == take.rank:
        return f"both are {RANK_PLURALS[give.rank]}"
    return f"both are {SUIT_NAMES[give.suit]}"


def read_trade(args: TradeArgs) -> TradeFigure:
    """Read the two royals and verify the `legal:` claim with `why_no_trade`."""
    issues: list[Issue] = []
    give = _read(args.give, ("give",), issues)
    take = _read(args.take, ("take",), issues)
    if give is None or take is None:
        return TradeFigure(give, take, None, "", tuple(issues))
    if give == take:
        issues.append((("take",), "card-twice", f"{take} cannot be traded for itself"))
        return TradeFigure(give, take, None, "", tuple(issues))
    verdict = why_no_trade(give, take)
    reason = trade_words(give, take) if verdict is None else verdict
    if args.legal and verdict is not None:
        issues.append(
            (
                ("legal",),
                "illegal-move",
                f"the figure says trade {give} for {take} is allowed, but the rules forbid"
                f" it: {verdict}",
            )
        )
    elif not args.legal and verdict is None:
        issues.append(
            (
                ("legal",),
                "invalid-value",
                f"the figure says trade {give} for {take} is not allowed, but it is: {reason}",
            )
        )
    return TradeFigure(give, take, verdict, reason, tuple(issues))


__all__ = [
    "CabalArgs",
    "CabalFigure",
    "FloorArgs",
    "FloorFigure",
    "FloorPlay",
    "TradeArgs",
    "TradeFigure",
    "cabal_verdict",
    "parse_floor_play",
    "read_cabal",
    "read_floor",
    "read_trade",
    "stamp_words",
    "trade_words",
    "why_no_stamp",
]
