"""The Staircase game's rule-booklet figures: what each takes in `args:`, and its checks.

Two figures: `staircase` (a finished row of cards and the score it claims) and
`turn` (one action, with the hand, the staircase and the piles it touches).
Every claim a figure makes is checked here with the rules: a staircase's
`total:` with `kitgen.games.staircase.rules.score_staircase`, a turn's move with the
rules decisions for the four actions (cards in hand, two cards for scrap and
interfere, a scrap pile to recycle from, never interfering with yourself).
`kitgen check` reports each problem on its line through `figure_issues`, and
the painters draw what these readers return, so the check and the drawing agree.

Pure Python: no I/O, no drawing.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from kitgen.api import Card, Name, Spec, empty, fold_words
from kitgen.games.staircase.rules import StaircaseScore, score_staircase

ArgsPath = tuple[Hashable, ...]  # where in `args:` an issue lies, like ("cards", 2)
Issue = tuple[ArgsPath, str, str]  # (path, finding code, message)
Action = Literal["build", "scrap", "recycle", "interfere"]
ACTIONS: tuple[Action, ...] = ("build", "scrap", "recycle", "interfere")
MOVE_HELP = (
    "write a move as `build 7H`, `scrap 2C build 7H`, `recycle 4D` or `interfere 3S 9H bo`"
    " (the player named by name, or by seat number from 1)"
)
MAX_CARDS = 24  # the longest row a figure draws


# --- Reading cards ----------------------------------------------------------------------------


@dataclass
class CardReader:
    """Reads the cards of one figure, remembering where each was seen to find repeats."""

    issues: list[Issue] = field(default_factory=list)
    seen: dict[Card, str] = field(default_factory=dict)

    def card(self, text: str, path: ArgsPath, where: str) -> Card | None:
        """One card in standard notation; None (and an issue) when it cannot be used."""
        try:
            card = Card.parse(text)
        except ValueError as err:
            self.issues.append((path, "unknown-card", str(err)))
            return None
        if card.is_joker:
            self.issues.append(
                (path, "joker-in-play", f"{card}: the Staircase game is played without jokers")
            )
            return None
        if card in self.seen:
            self.issues.append(
                (path, "card-twice", f"{card} is already {self.seen[card]}; a deck has one {card}")
            )
            return None
        self.seen[card] = where
        return card

    def cards(self, texts: Sequence[str], key: str, where: str) -> list[Card | None]:
        """A list of cards under `key`, each read in turn (None where one is unusable)."""
        return [self.card(t, (key, i), where) for i, t in enumerate(texts)]


def _known(cards: Sequence[Card | None]) -> tuple[Card, ...]:
    """The cards that could be read."""
    return tuple(c for c in cards if c is not None)


# --- The staircase figure ---------------------------------------------------------------------


class StaircaseArgs(Spec):
    """A staircase, left to right as built (`cards: [5H, 6S, 7D, 8C, KH, AS]`).

    `total:` is the score the figure claims; the check scores the cards with the
    rules and says so when the claim is wrong. `name` labels the row (a player).
    """

    cards: list[Name] = Field(min_length=1, max_length=MAX_CARDS)
    total: int
    name: Name | None = None

    def figure_issues(self) -> list[Issue]:
        """Unreadable or repeated cards, jokers, and a `total:` the rules do not give."""
        return list(read_staircase(self).issues)


@dataclass(frozen=True)
class StaircaseFigure:
    """A staircase figure read with the rules: its cards, their score and what is wrong.

    `score` is None when a card could not be read (the total cannot be verified).
    """

    cards: tuple[Card, ...]
    score: StaircaseScore | None
    issues: tuple[Issue, ...] = ()


def breakdown(score: StaircaseScore) -> str:
    """The score in one line, as the figures print it: `base 130 + bonus 40 = 170`."""
    return f"base {score.base} + bonus {score.bonus} = {score.total}"


def read_staircase(args: StaircaseArgs) -> StaircaseFigure:
    """Read a staircase figure's cards and score them with `score_staircase`."""
    reader = CardReader()
    read = reader.cards(args.cards, "cards", "in this staircase")
    cards = _known(read)
    if len(cards) != len(read):
        return StaircaseFigure(cards, None, tuple(reader.issues))
    score = score_staircase(cards)
    if args.total != score.total:
        reader.issues.append(
            (
                ("total",),
                "invalid-value",
                f"the figure claims {args.total}, but this staircase scores {score.total}"
                f" ({breakdown(score)})",
            )
        )
    return StaircaseFigure(cards, score, tuple(reader.issues))


# --- Moves ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """One action of a turn, as the move notation writes it.

    `cards` are the hand cards it uses: build and recycle one; scrap the card
    scrapped, then the card built; interfere the two cards shown. `target` is
    the player an interfere names (a name, or a seat number from 1).
    """

    action: Action
    cards: tuple[Card, ...]
    target: str | None = None

    def __str__(self) -> str:
        if self.action == "scrap":
            return f"scrap {self.cards[0]} build {self.cards[1]}"
        words = [self.action, *(str(c) for c in self.cards)]
        if self.target is not None:
            words.append(self.target)
        return " ".join(words)


def parse_move(text: str) -> Move:
    """Read a move, forgivingly (any case, extra spaces); ValueError explains the notation."""
    words = str(text).split()
    lowered = [w.lower() for w in words]
    if not words or lowered[0] not in ACTIONS:
        raise ValueError(f"{text!r} is not a move: {MOVE_HELP}")
    action = lowered[0]
    try:
        if action in ("build", "recycle") and len(words) == 2:
            return Move(action, (Card.parse(words[1]),))
        if action == "scrap" and len(words) == 4 and lowered[2] == "build":
            return Move("scrap", (Card.parse(words[1]), Card.parse(words[3])))
        if action == "interfere" and len(words) >= 4:
            cards = (Card.parse(words[1]), Card.parse(words[2]))
            return Move("interfere", cards, " ".join(words[3:]))
    except ValueError as err:
        raise ValueError(f"{text!r}: {err}") from None
    raise ValueError(f"{text!r} is not a move: {MOVE_HELP}")


def why_not(
    move: Move, hand: Sequence[Card], scrap_pile: Sequence[Card], player: str | None
) -> str | None:
    """Why the rules forbid `move` for a player holding `hand`, or None when they allow it.

    The rules decisions: every card used must be in the hand (two different
    cards for scrap and interfere), recycle needs a card on the scrap pile, and
    an interfere names another player, never the one interfering.
    """
    missing = [c for c in move.cards if c not in hand]
    if missing:
        listed = " and ".join(str(c) for c in missing)
        verb = "is" if len(missing) == 1 else "are"
        return f"{listed} {verb} not in the hand"
    if len(move.cards) == 2 and move.cards[0] == move.cards[1]:
        return f"{move.action} uses two different cards from the hand, not {move.cards[0]} twice"
    if move.action == "recycle" and not scrap_pile:
        return "the scrap pile is empty, so there is no card to recycle"
    named = fold_words(move.target) if move.target is not None else None
    if move.action == "interfere" and player is not None and named == fold_words(player):
        return "a player interferes with another player, never with themselves"
    return None


# --- The turn figure --------------------------------------------------------------------------


class TurnArgs(Spec):
    """One action of a turn, drawn before and after: the cards, the piles and arrows.

    `move` is written in move notation (`scrap 2C build 7H`). `hand` and
    `staircase` are the mover's, before the move; `scrap_pile` lists the scrap
    pile top card first; `depot` counts the face-down cards of the draw pile,
    and `draw` may name the card a scrap draws from it. For an interfere,
    `target_staircase` is the named player's staircase (drawn instead of the
    mover's) and `choice` the card they keep. `player` names the mover (`you`
    when left out). `legal: false` shows a move the rules forbid, with the
    reason; the check verifies either claim with the rules.
    """

    move: Name
    hand: list[Name] = Field(min_length=1, max_length=12)
    staircase: list[Name] = Field(default_factory=empty, max_length=MAX_CARDS)
    scrap_pile: list[Name] = Field(default_factory=empty, max_length=MAX_CARDS)
    depot: int = Field(default=30, ge=0, le=52)
    draw: Name | None = None
    target_staircase: list[Name] = Field(default_factory=empty, max_length=MAX_CARDS)
    choice: Name | None = None
    player: Name | None = None
    legal: bool = True

    def figure_issues(self) -> list[Issue]:
        """Unreadable or repeated cards, a badly written move, and a wrong legality claim."""
        return list(read_turn(self).issues)


@dataclass(frozen=True)
class TurnFigure:
    """A turn figure read with the rules: the cards in each place, the move, the verdict.

    `move` is None when it cannot be read; `verdict` is the reason the rules
    forbid the move (None when they allow it); `choice` is the card the named
    player keeps after an interfere (None when not given).
    """

    hand: tuple[Card, ...]
    staircase: tuple[Card, ...]
    scrap_pile: tuple[Card, ...]
    depot: int
    draw: Card | None
    target_staircase: tuple[Card, ...]
    move: Move | None
    choice: Card | None
    verdict: str | None
    issues: tuple[Issue, ...] = ()


def read_turn(args: TurnArgs) -> TurnFigure:
    """Read a turn figure's cards and move, and judge the move with the rules decisions."""
    reader = CardReader()
    hand = _known(reader.cards(args.hand, "hand", "in the hand"))
    staircase = _known(reader.cards(args.staircase, "staircase", "in the staircase"))
    scrap = _known(reader.cards(args.scrap_pile, "scrap_pile", "on the scrap pile"))
    target = _known(
        reader.cards(args.target_staircase, "target_staircase", "in the other staircase")
    )
    draw = None if args.draw is None else reader.card(args.draw, ("draw",), "drawn")
    issues = reader.issues
    try:
        move: Move | None = parse_move(args.move)
    except ValueError as err:
        issues.append((("move",), "move-syntax", str(err)))
        move = None
    action = None if move is None else move.action
    if args.draw is not None and action not in (None, "scrap"):
        issues.append((("draw",), "invalid-value", "only a scrap draws from the depot"))
    elif draw is not None and args.depot == 0:
        issues.append(
            (
                ("draw",),
                "invalid-value",
                "the depot is empty (`depot: 0`), so a scrap draws nothing",
            )
        )
    if args.staircase and action == "interfere":
        issues.append(
            (
                ("staircase",),
                "invalid-value",
                "an interfere figure draws the named player's staircase: give it as"
                " `target_staircase` (the interferer's own does not change)",
            )
        )
    if args.target_staircase and action not in (None, "interfere"):
        issues.append(
            (
                ("target_staircase",),
                "invalid-value",
                "`target_staircase` goes with an interfere: the staircase of the player named",
            )
        )
    choice = None
    if args.choice is not None:
        try:
            choice = Card.parse(args.choice)
        except ValueError as err:
            issues.append((("choice",), "unknown-card", str(err)))
        if action not in (None, "interfere"):
            issues.append((("choice",), "invalid-value", "`choice` goes with an interfere"))
            choice = None
        elif choice is not None and move is not None and choice not in move.cards:
            shown = " or ".join(str(c) for c in move.cards)
            issues.append(
                (("choice",), "invalid-value", f"the player named chooses {shown}, not {choice}")
            )
            choice = None
    # A card that could not be read is already reported: judge the move only without one.
    complete = len(hand) == len(args.hand) and len(scrap) == len(args.scrap_pile)
    verdict = None if move is None else why_not(move, hand, scrap, args.player)
    if complete and move is not None and args.legal and verdict is not None:
        issues.append(
            (
                ("move",),
                "illegal-move",
                f"the figure shows {move} as allowed, but the rules forbid it: {verdict}",
            )
        )
    elif complete and move is not None and not args.legal and verdict is None:
        issues.append(
            (("legal",), "invalid-value", f"the figure says {move} is not allowed, but it is")
        )
    return TurnFigure(
        hand, staircase, scrap, args.depot, draw, target, move, choice, verdict, tuple(issues)
    )


__all__ = [
    "Move",
    "StaircaseArgs",
    "StaircaseFigure",
    "TurnArgs",
    "TurnFigure",
    "breakdown",
    "parse_move",
    "read_staircase",
    "read_turn",
    "why_not",
]
