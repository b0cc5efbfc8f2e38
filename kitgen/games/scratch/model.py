"""Scratch: Draw the Line file models and the merged card pool."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from kitgen.api import (
    DECK_RULES,
    Colour,
    Finding,
    GameFile,
    Id,
    Located,
    Location,
    Name,
    RelPath,
    Spec,
    Text,
    empty,
    finding,
    normalise,
)

if TYPE_CHECKING:
    from kitgen.api import DeckRules

MAX_CARDS = 5000  # cards in one card file, and names in one deck
MAX_USES = 20  # card files one file may use

Side = Literal["top", "right", "bottom", "left"]
SIDES: tuple[Side, ...] = ("top", "right", "bottom", "left")
OPPOSITE: dict[Side, Side] = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}
RarityLimit = Literal["none", "one-per-name", "one-per-faction"]


class ScratchParameters(Spec):
    """Scratch's numbers, read by the checks, the engine and the rule booklet."""

    deck_size: Annotated[int, Field(ge=1, le=60)]
    min_commons: Annotated[int, Field(ge=0, le=60)]
    hand_size: Annotated[int, Field(ge=1, le=60)]
    stat_min: Annotated[int, Field(ge=0, le=99)]
    stat_max: Annotated[int, Field(ge=0, le=99)]
    grid_size: Annotated[int, Field(ge=2, le=9)]
    match_target: Annotated[int, Field(ge=1, le=99)]


class ScratchGameFile(GameFile):
    """Scratch's `kind: game` file."""

    game: Literal["scratch"]
    parameters: ScratchParameters  # type: ignore[assignment]
    # The deck rules in the language every game shares (kitgen.model.deck_rules); left
    # out, they follow from the parameters (kitgen.games.scratch.rules.default_deck_rules).
    # Kept as written when the file is read (validating them costs every Scratch check
    # start-up time): the game file's own check validates them (`ScratchDeckRules`), and
    # `deck_rules_model()` reads them for the deck checks.
    deck_rules: Annotated[dict[str, Any] | None, Field(json_schema_extra={DECK_RULES: True})] = None

    def deck_rules_model(self) -> DeckRules | None:
        """The deck rules as the deck checks use them (checked with the game file)."""
        from kitgen.api import trusted_rules

        return None if self.deck_rules is None else trusted_rules(self.deck_rules)


class Stats(Spec):
    """The four side values of a card."""

    top: int
    right: int
    bottom: int
    left: int

    def side(self, side: Side) -> int:
        """The value on one side."""
        return int(getattr(self, side))

    @property
    def total(self) -> int:
        """The sum of the four sides."""
        return self.top + self.right + self.bottom + self.left


class RaritySpec(Located):
    """A rarity: its stat budget and how many of it may be in play."""

    id: Id
    name: Name
    budget: Annotated[int, Field(ge=0, le=99)]
    limit: RarityLimit = "none"


class FactionSpec(Located):
    """A faction: its name, colour and tendency (the side it is strong on)."""

    id: Id
    name: Name
    colour: Colour
    tendency: Side | None = None
    note: Text | None = None


class PowerSpec(Located):
    """A power: printed name, rules text, and what it adds to the stat budget."""

    id: Id
    name: Name
    text: Text
    budget_bonus: Annotated[int, Field(ge=-9, le=9)] = 0
    faction: Id | None = None


class ScratchCard(Located):
    """One Scratch card definition."""

    name: Name
    faction: Name
    rarity: Name
    stats: Stats
    power: Name | None = None
    off_formula: bool = False
    reconstructed: bool = False
    note: Text | None = None
    art: RelPath | None = None  # a PNG or JPEG, relative to the file that names it


class ScratchCardsFile(Located):
    """`kind: cards` for Scratch: cards, and optionally new rarities, factions and powers."""

    game: Literal["scratch"]
    kind: Literal["cards"]
    uses: list[RelPath] = Field(default_factory=empty, max_length=MAX_USES)
    rarities: list[RaritySpec] = Field(default_factory=empty, max_length=20)
    factions: list[FactionSpec] = Field(default_factory=empty, max_length=40)
    powers: list[PowerSpec] = Field(default_factory=empty, max_length=200)
    # 5,000 cards print on about 560 A4 sheets and build in about five seconds.
    cards: list[ScratchCard] = Field(default_factory=empty, max_length=MAX_CARDS)


class ScratchDeckFile(Located):
    """`kind: deck`: a named Scratch deck list, card name to count."""

    game: Literal["scratch"]
    kind: Literal["deck"]
    name: Name
    description: Text | None = None
    uses: list[RelPath] = Field(default_factory=empty, max_length=MAX_USES)
    cards: dict[Name, Annotated[int, Field(ge=1, le=99)]] = Field(max_length=MAX_CARDS)


def _same(a: Spec, b: Spec) -> bool:
    """True when two declarations say exactly the same thing (wherever written)."""
    return type(a) is type(b) and a.model_dump() == b.model_dump()


def _where_first(item: Located) -> str:
    loc = item.where()
    return f" in {loc.path} line {loc.line}" if loc else ""


@dataclass
class ScratchPool:
    """Every rarity, faction, power and card in reach of one file, by lookup key."""

    rarities: dict[str, RaritySpec] = field(default_factory=dict)
    factions: dict[str, FactionSpec] = field(default_factory=dict)
    powers: dict[str, PowerSpec] = field(default_factory=dict)
    cards: dict[str, ScratchCard] = field(default_factory=dict)
    # Cards whose definition has errors: where it is (a card in `cards` is broken when
    # this points at its own definition), and the rarity it declares.
    broken: dict[str, Location | None] = field(default_factory=dict)
    broken_rarities: dict[str, str] = field(default_factory=dict)

    def copy(self) -> ScratchPool:
        """A copy that can be extended without changing this pool."""
        return ScratchPool(
            dict(self.rarities),
            dict(self.factions),
            dict(self.powers),
            dict(self.cards),
            dict(self.broken),
            dict(self.broken_rarities),
        )

    def add(self, file: ScratchCardsFile) -> list[Finding]:
        """Add a card file's declarations; report names that are taken already."""
        found: list[Finding] = []
        for kind, table, items in (
            ("rarity", self.rarities, file.rarities),
            ("faction", self.factions, file.factions),
            ("power", self.powers, file.powers),
        ):
            for item in items:
                found += self._add_declared(kind, table, item)
        for card in file.cards:
            key = normalise(card.name)
            if key in self.cards:
                first = self.cards[key]
                if _same(first, card):
                    continue  # the same card again (a copy of a pool): nothing to add
                found.append(
                    finding(
                        "duplicate-card",
                        f"a different card called {first.name!r} is already defined"
                        f"{_where_first(first)}; give this card another name",
                        card.where("name"),
                    )
                )
                continue
            self.cards[key] = card
        return found

    @staticmethod
    def _add_declared(
        kind: str,
        table: dict[str, RaritySpec] | dict[str, FactionSpec] | dict[str, PowerSpec],
        item: RaritySpec | FactionSpec | PowerSpec,
    ) -> list[Finding]:
        keys = {normalise(item.id), normalise(item.name)}
        for key in keys:
            if key in table:
                first = table[key]
                if _same(first, item):
                    return []  # declared again exactly as before: harmless
                return [
                    finding(
                        "duplicate-id",
                        f"the {kind} {item.name!r} ({item.id}) clashes with a different "
                        f"{first.name!r} ({first.id}) declared{_where_first(first)}",
                        item.where("id"),
                    )
                ]
        for key in keys:
            table[key] = item  # type: ignore[assignment]
        return []

    def rarity(self, ref: str) -> RaritySpec | None:
        """The rarity named by id or name."""
        return self.rarities.get(normalise(ref))

    def faction(self, ref: str) -> FactionSpec | None:
        """The faction named by id or name."""
        return self.factions.get(normalise(ref))

    def power(self, ref: str | None) -> PowerSpec | None:
        """The power named by id or printed name; `None` means the card has no power."""
        return self.powers.get(normalise("none" if ref is None else ref))

    def card(self, name: str) -> ScratchCard | None:
        """The card with this name."""
        return self.cards.get(normalise(name))

    @staticmethod
    def names(
        table: dict[str, RaritySpec] | dict[str, FactionSpec] | dict[str, PowerSpec],
    ) -> list[str]:
        """The printed names of the distinct items of a table, in declaration order."""
        seen: dict[str, None] = {}
        for item in table.values():
            seen.setdefault(item.name, None)
        return list(seen)
