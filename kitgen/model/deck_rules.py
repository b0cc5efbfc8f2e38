"""Deck-building rules written as data: how many cards a deck has, how many copies of a
card, how many cards of a kind, sums of a number, banned and restricted cards, and a
sideboard. A game file's `deck_rules:`; kitgen.rules.deck_rules checks a deck by them.

    deck_rules:
      size: {min: 30, max: 40}          # or `size: 40`
      copies: {max: 3, by: {rarity: {rare: 1, legendary: 1}}}
      at_least: [{where: {rarity: common}, count: 15}]
      at_most: [{where: {type: spell, cost: [5, 6]}, count: 4}]
      total: [{field: cost, max: 60}]
      banned: [Black Lotus]
      restricted: [Sol Ring]            # one copy at most
      sideboard: {max: 15}
      in_play: [{where: {rarity: unique}, one_per: faction}]   # warnings, not errors

A `where` holds for a card when every field it names has the value given (or one of the
values listed); an icons field holds when it has one of them. A `where` may instead be
an expression, a card's condition (`faction != identity.faction`), and a number a rule
names an expression giving one (`identity.influence_limit`, `2 * (size // 5) + 2`), in
the templates' sandbox (kitgen.rules.deck_rules reads them through the compiler it is
given). Living card games' rules:

      identity: {where: {type: identity}}   # a deck names one card as its identity
      same: [side]                           # every card shares its side with it
      total: [{name: influence, field: influence, where: "faction != identity.faction",
               max: identity.influence_limit}]
      at_least: [{when: "identity.side == 'corp'", where: {type: agenda}, count: 3}]
      formats: {standard: {banned: [Hedge Fund]}, casual: {drop: [influence]}}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field, StringConstraints, model_validator

from kitgen.model.base import (
    Located,
    Name,
    Spec,
    _check_text,
    accepts,
    empty,
    empty_map,
    in_schema,
)

MAX_RULES = 50  # rules of one kind
MAX_CARDS = 10_000  # the largest deck or count a rule may name
MAX_FORMATS = 20  # formats of play one game names
MAX_EXPRESSION = 500  # characters of one expression

Count = Annotated[int, Field(ge=0, le=MAX_CARDS)]


# An expression in the templates' sandbox (`identity.influence_limit`, `faction !=
# identity.faction`): checked when the game is, run for each deck.
Expression = Annotated[
    str, StringConstraints(max_length=MAX_EXPRESSION), AfterValidator(_check_text)
]
# A number a rule names: a whole number, or an expression that gives one for a deck.
Number = Count | Expression


@accepts({"type": "integer"})
def _size_as_range(value: Any) -> Any:
    """`size: 40` means exactly 40."""
    if isinstance(value, int) and not isinstance(value, bool):
        return {"min": value, "max": value}
    return value


@accepts(
    {
        "type": "object",
        "additionalProperties": {"type": ["string", "number", "boolean", "array"]},
    }
)
def _where(value: Any) -> Any:
    """A condition's values as text lists: `{cost: 3}` is `{cost: ["3"]}`."""
    if not isinstance(value, dict):
        return value
    out: dict[Any, Any] = {}
    for field, wanted in value.items():
        items = wanted if isinstance(wanted, list) else [wanted]
        out[field] = [_text(v) for v in items]
    return out


def _text(value: Any) -> Any:
    """A value a rule compares, as text (`3` is "3", `true` "true"); other values as
    they are, for the check to refuse."""
    if isinstance(value, bool):
        return str(value).lower()
    return str(value) if isinstance(value, (str, int, float)) else value


# (A JSON Schema's keys are text already: a number key is YAML's alone, and the schema
# takes nothing more.)
@accepts({"not": {}})
def _by(value: Any) -> Any:
    """`copies.by`'s values as text, so a whole-number field's may be written as numbers:
    `{cost: {7: 1}}` is `{cost: {"7": 1}}`."""
    if not isinstance(value, dict):
        return value
    return {
        field: {_text(key): limit for key, limit in limits.items()}
        if isinstance(limits, dict)
        else limits
        for field, limits in value.items()
    }


Where = Annotated[
    dict[Name, Annotated[list[Name], Field(min_length=1, max_length=200)]],
    Field(min_length=1, max_length=10),
    BeforeValidator(_where),  # (after the limits, so they hold on the dict it makes)
]
# The cards a rule is about: fields and their values, or an expression that holds for
# them (a card's fields by name, `identity`'s fields, `format`).
Condition = Where | Expression


def _range_schema(schema: dict[str, Any]) -> None:
    schema["description"] = (
        schema.get("description", "").rstrip() + " `min` is at most `max`."
    ).strip()


class Range(Spec):
    """At least `min`, at most `max` (either may be left out; each a number, or an
    expression giving one for the deck)."""

    min: Number | None = None
    max: Number | None = None

    @model_validator(mode="after")
    @in_schema(_range_schema)
    def _ordered(self) -> Range:
        if self.min is None and self.max is None:
            raise ValueError("give `min`, `max` or both")
        if isinstance(self.min, int) and isinstance(self.max, int) and self.min > self.max:
            raise ValueError(f"`min` ({self.min}) is more than `max` ({self.max})")
        return self


class Copies(Spec):
    """How many copies of one card a deck may hold: `max`, and less for cards of some
    values (`by: {rarity: {rare: 1}}`)."""

    max: Count
    by: Annotated[dict[Name, dict[Name, Count]], Field(max_length=10), BeforeValidator(_by)] = (
        Field(default_factory=empty_map)
    )


class CountRule(Spec):
    """At least (or at most) `count` cards for which `where` holds; `when`, only for the
    decks it holds for; `name`, what the rule is called (in its findings, and in a
    format's `drop`)."""

    where: Condition
    count: Number
    when: Expression | None = None
    name: Name | None = None


class TotalRule(Range):
    """The sum of a number field over the deck's cards (each copy counted; `where`: over
    the cards it holds for): at least `min`, at most `max`."""

    field: Name
    where: Condition | None = None
    when: Expression | None = None
    name: Name | None = None


class InPlayRule(Spec):
    """A limit on the cards in play at once, not on the deck: of the cards for which
    `where` holds, one per `one_per` (`card`: one copy of each; a field's name: one card
    per value of it). A deck may hold more; kitgen warns that the others can only wait
    in the hand, and the rule booklet prints the rule."""

    where: Where
    one_per: Name = "card"
    name: Name | None = None


@accepts({"type": "string"})
def _field_alone(value: Any) -> Any:
    """`same: [side]` means `same: [{field: side}]`."""
    return {"field": value} if isinstance(value, str) else value


class SameRule(Spec):
    """Every card of the deck (and of its sideboard) has the value of `field` its
    identity has (a deck without an identity: the value its other cards have)."""

    field: Name
    when: Expression | None = None
    name: Name | None = None


class IdentityRule(Spec):
    """The deck's identity: a card the deck file names apart (`identity:`), not among its
    cards, for which `where` holds; the rules read its fields (`identity.faction`)."""

    where: Condition


SameRules = list[Annotated[SameRule, BeforeValidator(_field_alone)]]
RULE_KEYS = (
    "size",
    "copies",
    "identity",
    "same",
    "at_least",
    "at_most",
    "total",
    "banned",
    "restricted",
    "sideboard",
    "in_play",
)


class FormatRules(Spec):
    """One format of play: the game's deck rules, with its own `size`, `copies`,
    `identity`, `sideboard`, `banned` and `restricted` where it gives them (in place of
    the game's), its rules of each list kind added to the game's, and `drop`: the game's
    rules it takes away (a rule's `name`, or a key: `copies`, `banned`, ...)."""

    size: Annotated[Range | None, BeforeValidator(_size_as_range)] = None
    copies: Copies | None = None
    identity: IdentityRule | None = None
    same: SameRules = Field(default_factory=empty, max_length=MAX_RULES)
    at_least: list[CountRule] = Field(default_factory=empty, max_length=MAX_RULES)
    at_most: list[CountRule] = Field(default_factory=empty, max_length=MAX_RULES)
    total: list[TotalRule] = Field(default_factory=empty, max_length=MAX_RULES)
    banned: list[Name] | None = Field(default=None, max_length=1000)
    restricted: list[Name] | None = Field(default=None, max_length=1000)
    sideboard: Range | None = None
    in_play: list[InPlayRule] = Field(default_factory=empty, max_length=MAX_RULES)
    drop: list[Name] = Field(default_factory=empty, max_length=MAX_RULES)


class DeckRules(Located):
    """A game's deck-building rules (every key may be left out)."""

    size: Annotated[Range | None, BeforeValidator(_size_as_range)] = None
    copies: Copies | None = None
    identity: IdentityRule | None = None
    same: SameRules = Field(default_factory=empty, max_length=MAX_RULES)
    at_least: list[CountRule] = Field(default_factory=empty, max_length=MAX_RULES)
    at_most: list[CountRule] = Field(default_factory=empty, max_length=MAX_RULES)
    total: list[TotalRule] = Field(default_factory=empty, max_length=MAX_RULES)
    banned: list[Name] = Field(default_factory=empty, max_length=1000)
    restricted: list[Name] = Field(default_factory=empty, max_length=1000)
    sideboard: Range | None = None
    in_play: list[InPlayRule] = Field(default_factory=empty, max_length=MAX_RULES)
    # The formats of play, by name: a deck names its own (`format:`); one that names
    # none is held to the first.
    formats: dict[Name, FormatRules] = Field(default_factory=empty_map, max_length=MAX_FORMATS)


def trusted_rules(data: Mapping[str, Any]) -> DeckRules:
    """Deck rules from data already checked (kitgen's own game file, whose check
    validates them in full), built without validating again: validating builds the
    models' validators, a cost every `kitgen check` of a Scratch deck would pay at
    start-up. Data this cannot read raises ValueError."""
    try:

        def span(raw: Any) -> Range | None:
            raw = _size_as_range(raw)
            return None if raw is None else Range.model_construct(**raw)

        def count_rules(key: str) -> list[CountRule]:
            return [
                CountRule.model_construct(where=_where(r["where"]), count=r["count"])
                for r in data.get(key, [])
            ]

        copies = data.get("copies")
        return DeckRules.model_construct(
            size=span(data.get("size")),
            copies=None
            if copies is None
            else Copies.model_construct(max=copies["max"], by=_by(dict(copies.get("by", {})))),
            at_least=count_rules("at_least"),
            at_most=count_rules("at_most"),
            total=[TotalRule.model_construct(**t) for t in data.get("total", [])],
            banned=list(data.get("banned", [])),
            restricted=list(data.get("restricted", [])),
            sideboard=span(data.get("sideboard")),
            in_play=[
                InPlayRule.model_construct(
                    where=_where(p["where"]), one_per=p.get("one_per", "card")
                )
                for p in data.get("in_play", [])
            ],
        )
    except (KeyError, TypeError, AttributeError) as err:
        raise ValueError(f"deck rules kitgen cannot read: {err}") from None


class DeckRulesHolder(Spec):
    """A game file's `deck_rules` on their own, to validate them in full where a game
    file keeps them as written (`kitgen.model.game.DECK_RULES`)."""

    deck_rules: DeckRules | None = None


# The format of play every deck is checked against (`kitgen check --play-format`), in
# place of the one it names; None: each its own.
_PLAYED: ContextVar[str | None] = ContextVar("kitgen_play_format", default=None)


@contextmanager
def playing(name: str | None) -> Iterator[None]:
    """Check every deck against the format `name` while this is open."""
    token = _PLAYED.set(name)
    try:
        yield
    finally:
        _PLAYED.reset(token)


def played_format() -> str | None:
    """The format every deck is checked against (`playing`), or None."""
    return _PLAYED.get()
