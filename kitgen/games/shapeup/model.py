"""Shape Up! cards: three colours, two fills, and three shapes (four with the stars).

Written `colour fill shape` everywhere (files, records, messages):
`blue hollow circle`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from kitgen.api import GameFile, Located, Name, Spec, described, empty

COLOURS = ("red", "green", "blue")
FILLS = ("hollow", "solid")
SHAPES = ("circle", "square", "triangle", "star")
ATTRIBUTES = ("colour", "fill", "shape")


@dataclass(frozen=True, order=True)
class Card:
    """A symbol card: `Card("blue", "hollow", "circle")`, written `blue hollow circle`."""

    colour: str
    fill: str
    shape: str

    def __str__(self) -> str:
        return f"{self.colour} {self.fill} {self.shape}"

    def attribute(self, name: str) -> str:
        """The card's colour, fill or shape."""
        value: str = getattr(self, name)
        return value

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read `colour fill shape` in any order and case; ValueError says what is wrong."""
        words = text.lower().split()
        found: dict[str, str] = {}
        for word in words:
            for name, values in (("colour", COLOURS), ("fill", FILLS), ("shape", SHAPES)):
                if word in values:
                    if name in found:
                        raise ValueError(f"{text!r} names two {name}s ({found[name]}, {word})")
                    found[name] = word
                    break
            else:
                raise ValueError(
                    f"{text!r}: {word!r} is not a colour ({', '.join(COLOURS)}), a fill "
                    f"({', '.join(FILLS)}) or a shape ({', '.join(SHAPES)})"
                )
        missing = [name for name in ATTRIBUTES if name not in found]
        if missing:
            raise ValueError(
                f"{text!r} needs a colour, a fill and a shape (like 'blue hollow circle'); "
                f"no {' or '.join(missing)}"
            )
        return cls(found["colour"], found["fill"], found["shape"])


def card_set(size: int) -> tuple[Card, ...]:
    """The 18-card set, or the 24-card set with the stars, in a fixed order."""
    if size not in (18, 24):
        raise ValueError("Shape Up! sets have 18 or 24 cards")
    shapes = SHAPES if size == 24 else SHAPES[:3]
    return tuple(Card(c, f, s) for s in shapes for c in COLOURS for f in FILLS)


# --- files -------------------------------------------------------------------------

SetupId = Literal[
    "2p-18",
    "3p-18",
    "3p-24",
    "4p-24",
    "2p-18-advanced",
    "3p-18-advanced",
    "3p-24-advanced",
    "4p-24-advanced",
]


class ShapeUpPositionFile(Located):
    """`kind: position`: a Shape Up! table, rows top first (`.` empty), and victory cards.

    `setup` names the way the game was played (`2p-18`, `3p-24`...); left out, it
    follows from the number of victory cards and whether stars are in play.
    """

    game: Literal["shapeup"]
    kind: Literal["position"]
    setup: SetupId | None = None
    grid: list[list[Name]] = Field(min_length=1, max_length=12)
    victory: dict[Name, Name] = Field(min_length=1, max_length=4)


class ShapeUpDeal(Spec):
    """An explicit deal: the card put aside, each player's hand in seat order, the deck."""

    aside: Name
    hands: list[list[Name]] = Field(min_length=2, max_length=4)
    deck: list[Name] = Field(max_length=24)


class ShapeUpRecordFile(Located):
    """`kind: record`: a Shape Up! round, dealt by `seed` or given as `deal`, and its turns.

    `players` names the seats in turn order (P1, P2... by default); `first` is the
    name of the player who starts. Turns are written in the game's move
    notation: `blue hollow circle@1,0`, `move 0,0>2,0; red solid star@1,1`.
    """

    game: Literal["shapeup"]
    kind: Literal["record"]
    setup: SetupId = "2p-18"
    players: list[Name] | None = Field(default=None, min_length=2, max_length=4)
    seed: int = Field(default=0, ge=0, le=2**63 - 1)
    deal: ShapeUpDeal | None = None
    first: Name | None = None
    moves: list[Name] = Field(default_factory=empty, max_length=30)


_SETUP_ID = described(
    r"^[a-z0-9]+(-[a-z0-9]+)*$", "lowercase letters and digits in words joined by dashes"
)


class ShapeUpSetup(Spec):
    """One way to play Shape Up!: its name, the players, the set's size and the box."""

    id: Annotated[str, Field(pattern=_SETUP_ID, max_length=30)]
    players: Annotated[int, Field(ge=2, le=4)]
    set_size: Literal[18, 24]
    box: Annotated[list[Annotated[int, Field(ge=1, le=9)]], Field(min_length=2, max_length=2)]


class ShapeUpParameters(Spec):
    """Shape Up!'s numbers, read by the engine, the checks and the kit."""

    setups: list[ShapeUpSetup] = Field(min_length=1, max_length=8)
    advanced_hand: Annotated[int, Field(ge=2, le=5)]


class ShapeUpGameFile(GameFile):
    """Shape Up!'s `kind: game` file."""

    game: Literal["shapeup"]
    parameters: ShapeUpParameters  # type: ignore[assignment]
