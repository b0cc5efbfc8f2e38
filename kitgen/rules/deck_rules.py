"""A deck checked against a game's deck-building rules (kitgen.model.deck_rules), and the
rules themselves checked against the game's card fields.

Pure: the deck comes in as entries (a card's name, its count, where it is written) and
the game's cards as their fields' values by name; every broken rule is a finding at the
deck line that breaks it, in words a player reads (`3 copies of Fireball; a rare may
appear once`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from kitgen.model.base import normalise, suggest
from kitgen.model.findings import Finding, Location, finding, warning
from kitgen.names import spelt

if TYPE_CHECKING:
    from kitgen.model.deck_rules import (
        CountRule,
        DeckRules,
        FormatRules,
        InPlayRule,
        Range,
        SameRule,
        TotalRule,
    )

# (Plain classes, not dataclasses: `kitgen check` of a Scratch deck imports this module,
# and making a dataclass costs start-up time.)


class Entry:
    """One line of a deck: a card's name as written, how many, and where."""

    __slots__ = ("count", "name", "where")

    def __init__(self, name: str, count: int, where: Location | None = None) -> None:
        self.name = name
        self.count = count
        self.where = where


class FieldInfo:
    """What the rules need to know of a card field: its type, and a choice's values."""

    __slots__ = ("curve", "type", "values")

    def __init__(
        self, type: str, values: tuple[str, ...] | None = None, curve: bool = True
    ) -> None:
        self.type = type
        self.values = values
        self.curve = curve  # a whole-number field: whether `--stats` shows its curve


Cards = Mapping[str, Mapping[str, object]]  # a card's name -> its fields' values
# The unknown names of a deck that get the nearest card's name: each looks through every
# card's name (a fifth of a second among 5,000), so a deck of a thousand misspellings
# would take minutes.
SUGGESTED = 10
# A game's own words for a broken rule (Scratch keeps its codes and wording): given the
# finding's code and its facts, the (code, message) to report, or None for the
# language's own. Asked for `deck-count` (at_least: `have`, `need`, `where`),
# `extra-copy` (`name`, `count`, `values`) and `in-play-limit` (`names`, `values`).
Say = Callable[[str, Mapping[str, object]], tuple[str, str] | None]


class Compiled(Protocol):
    """An expression of the deck rules, compiled by the caller's sandbox (kitgen's
    templates'): the names it reads (each with the attribute read of it, or None), and
    its value for a mapping of names (ValueError, in words, when it fails)."""

    source: str
    names: frozenset[tuple[str, str | None]]

    def value(self, names: dict[str, Any]) -> Any: ...


# An expression's source compiled (ValueError, in words, for one that cannot be).
Compile = Callable[[str], Compiled]


def _said(say: Say | None, code: str, message: str, facts: Mapping[str, object]) -> tuple[str, str]:
    own = None if say is None else say(code, facts)
    return (code, message) if own is None else own


class Deck:
    """A deck read against the game's cards: its lines merged by card (names written
    alike, case and spacing aside, are one card), with the card each names; and its
    lines as written, in order, each with the card it names (an unknown name left
    out), so that a rule is said at the line that breaks it."""

    __slots__ = ("entries", "findings", "lines")

    def __init__(
        self,
        entries: list[tuple[str, int, Location | None]],
        findings: list[Finding],
        lines: list[tuple[str, int, Location | None]] | None = None,
    ) -> None:
        self.entries = entries  # the card's own name, count, place of its first line
        self.findings = findings
        self.lines = entries if lines is None else lines  # the card, count, place

    @property
    def size(self) -> int:
        return sum(count for _, count, _ in self.entries)


class CardNames:
    """The game's cards by name, to read decks by: spelt exactly (NFC), and with case,
    spacing and punctuation aside (`normalise`), the first card of each. Made once for
    a game's decks (`kitgen check decks/` reads thousands of one game)."""

    __slots__ = ("by_key", "exact", "names")

    def __init__(self, cards: Iterable[str]) -> None:
        self.names = list(cards)
        self.exact: dict[str, str] = {}
        self.by_key: dict[str, str] = {}
        for card in self.names:
            self.exact.setdefault(spelt(card), card)
            self.by_key.setdefault(normalise(card), card)

    def find(self, name: str) -> str | None:
        """The card a deck's line names (None: none)."""
        return self.exact.get(spelt(name)) or self.by_key.get(normalise(name))


def read_deck(
    lines: Sequence[Entry], cards: Cards, what: str = "the deck", names: CardNames | None = None
) -> Deck:
    """The deck's lines as the game's cards: an unknown name is `unknown-card` (with the
    nearest name), and two lines naming one card are merged with a warning. A line names
    the card spelt exactly as it is (NFC), else the first whose name matches it with
    case, spacing and punctuation aside (`normalise`). `names`: the cards' names read
    already (`CardNames` of `cards`)."""
    if names is None:
        names = CardNames(cards)
    found: list[Finding] = []
    merged: dict[str, tuple[int, Location | None]] = {}
    known: list[tuple[str, int, Location | None]] = []
    unknown = 0
    for line in lines:
        name = names.find(line.name)
        if name is None:
            unknown += 1
            hint = suggest(line.name, names.names) if unknown <= SUGGESTED else ""
            found.append(
                finding(
                    "unknown-card",
                    f"no card called {line.name!r} in the game's cards{hint}",
                    line.where,
                )
            )
            continue
        known.append((name, line.count, line.where))
        if name in merged:
            count, first = merged[name]
            merged[name] = (count + line.count, first)
            found.append(
                warning(
                    "merged-entries",
                    f"{line.name!r} names {name} again in {what}; its copies are added to "
                    "the first line's",
                    line.where,
                )
            )
        else:
            merged[name] = (line.count, line.where)
    entries = [(name, count, where) for name, (count, where) in merged.items()]
    return Deck(entries, found, known)


def held(value: object) -> set[str]:
    """A card's value as the texts a rule compares, case aside: an icons field's icons,
    any other value's text (a field left empty: "", which no rule names)."""
    if isinstance(value, (tuple, list)):
        return {str(v).casefold() for v in value}
    return {"" if value is None else str(value).casefold()}


def matches(values: Mapping[str, object], where: Mapping[str, list[str]]) -> bool:
    """Whether a card's values meet a `where`: every field one of its values (an icons
    field: holding one of them), compared as text, case aside."""
    for field, wanted in where.items():
        if held(values.get(field)).isdisjoint(w.casefold() for w in wanted):
            return False
    return True


class Picker:
    """The cards among some of the game's cards that each `where` picks, found by an
    index of their values (built once per field a rule names), not by comparing every
    card with every rule: a deck of thousands of cards checked by a hundred rules."""

    __slots__ = ("cards", "index", "judge", "judged", "names")

    def __init__(
        self,
        cards: Cards,
        names: Iterable[str],
        judge: Callable[[str, str], bool] | None = None,
    ) -> None:
        """`judge`: whether an expression `where` holds for a card (by its name)."""
        self.cards = cards
        self.names = list(dict.fromkeys(names))
        self.index: dict[str, dict[str, set[str]]] = {}
        self.judge = judge
        self.judged: dict[str, set[str]] = {}  # an expression's cards, by its source

    def values(self, field: str) -> dict[str, set[str]]:
        """The names by each of their values in `field` (as `held` gives them)."""
        index = self.index.get(field)
        if index is None:
            index = self.index[field] = {}
            for name in self.names:
                for value in held(self.cards[name].get(field)):
                    index.setdefault(value, set()).add(name)
        return index

    def pick(self, where: Mapping[str, list[str]] | str) -> set[str]:
        """The names `where` picks (as `matches` would; an expression: the cards it
        holds for)."""
        if isinstance(where, str):
            found = self.judged.get(where)
            if found is None:
                judge = self.judge
                if judge is None:
                    raise ValueError("an expression `where` needs the rules' expressions")
                found = self.judged[where] = {name for name in self.names if judge(where, name)}
            return found
        picked: set[str] | None = None
        for field, wanted in where.items():
            index = self.values(field)
            these: set[str] = set()
            for value in wanted:
                these |= index.get(value.casefold(), set())
            picked = these if picked is None else picked & these
            if not picked:
                return set()
        return set(self.names) if picked is None else picked


def _words(where: Mapping[str, list[str]] | str) -> str:
    """A `where` in words: `rarity rare`, `type spell or trap and cost 3`; an
    expression as written."""
    if isinstance(where, str):
        return f"`{where}`"
    return " and ".join(f"{field} {' or '.join(values)}" for field, values in where.items())


def _cards_with(where: Mapping[str, list[str]] | str, count: int | None = None) -> str:
    """The cards a `where` picks, in a finding: "cards with type creature", "cards whose
    cost is more than 2" (an expression of another shape: "cards for which `...`
    holds"); "card" for a `count` of one."""
    noun = "card" if count == 1 else "cards"
    if isinstance(where, str):
        return f"{noun} {_condition_words(where)}"
    return f"{noun} with {_words(where)}"


def _label(rule: object) -> str:
    """A rule's name before its finding's message ("influence: "), when it has one."""
    name = getattr(rule, "name", None)
    return f"{name}: " if name else ""


def _range_words(rule: Range) -> str:
    if rule.min is not None and rule.max is not None:
        return f"exactly {rule.min}" if rule.min == rule.max else f"{rule.min} to {rule.max}"
    return f"at least {rule.min}" if rule.min is not None else f"at most {rule.max}"


def check_deck(
    rules: DeckRules,
    cards: Cards,
    main: Sequence[Entry],
    sideboard: Sequence[Entry] = (),
    at: Location | None = None,
    side_at: Location | None = None,
    say: Say | None = None,
    names: CardNames | None = None,
    *,
    identity: Entry | None = None,
    book: Book | None = None,
) -> list[Finding]:
    """Every rule a deck breaks, each at the line that breaks it (`at`: the deck's cards,
    for a rule of the whole deck); `say` words some of them the game's own way. `names`:
    the cards' names read already (`CardNames` of `cards`). `identity`: the card the
    deck names as its identity (its line). `book`: the rules of the deck's format, its
    expressions compiled (`Book`; without it, `rules` as they are, which then may hold
    no expression)."""
    if names is None:
        names = CardNames(cards)
    if book is None:
        book = Book(rules)
    deck = read_deck(main, cards, names=names)
    side = read_deck(sideboard, cards, "the sideboard", names)
    found = deck.findings + side.findings
    own, problems = _identity(book, cards, names, identity, at)
    found += problems
    judging = Judging(book, cards, own, deck, side)
    rules, problems = judging.resolve(at)
    found += problems
    if book.rules.identity is not None:
        found += _identities_in(book, judging, deck, side)
    if rules.size is not None and not _within(deck.size, rules.size):
        found.append(
            finding(
                "deck-size",
                f"the deck has {deck.size} cards; a deck has {_range_words(rules.size)}",
                at,
            )
        )
    if rules.sideboard is not None and not _within(side.size, rules.sideboard):
        found.append(
            finding(
                "sideboard-size",
                f"the sideboard has {side.size} cards; a sideboard has "
                f"{_range_words(rules.sideboard)}",
                side_at or at,
            )
        )
    elif rules.sideboard is None and side.size:
        found.append(
            finding("sideboard-size", "this game's decks have no sideboard", side_at or at)
        )
    picker = judging.picker
    found += _copies(rules, cards, deck, side, book)
    found += _same(rules.same, judging, deck, side)
    found += in_play_warnings(rules, cards, deck, say, picker)
    for rule in rules.at_least:
        found += _at_least(rule, deck, picker, at, say)
    for rule in rules.at_most:
        found += _at_most(rule, deck, picker)
    for total in rules.total:
        found += _total(total, cards, deck, at, picker)
    return found


def format_key(rules: DeckRules, name: str) -> str | None:
    """The format of the rules' `formats` that `name` names (Unicode identity, case
    aside: `Standard` is `standard`); None for none."""
    wanted = spelt(name).casefold()
    return next((key for key in rules.formats if spelt(key).casefold() == wanted), None)


def of_format(rules: DeckRules, name: str | None) -> DeckRules:
    """The rules a deck of the format `name` (a key of `rules.formats`; None: the first
    format, when the rules name any) is held to: the format's `size`, `copies`,
    `identity`, `sideboard`, `banned` and `restricted` where it gives them, the game's
    otherwise; the game's rules of each list kind and the format's; less the game's
    rules the format drops (by a rule's `name`, or a whole key)."""
    from kitgen.model.deck_rules import DeckRules

    if not rules.formats:
        return rules
    form = rules.formats[name if name is not None else next(iter(rules.formats))]
    dropped = {normalise(n) for n in form.drop}
    given = form.model_fields_set

    def single(key: str) -> Any:
        if key in given and getattr(form, key) is not None:
            return getattr(form, key)
        return None if key in dropped else getattr(rules, key)

    def listed(key: str) -> list[Any]:
        kept = [] if key in dropped else getattr(rules, key)
        kept = [r for r in kept if not (r.name and normalise(r.name) in dropped)]
        return [*kept, *getattr(form, key)]

    def names_of(key: str) -> list[str]:
        own = getattr(form, key)
        if own is not None:
            return list(own)
        return [] if key in dropped else list(getattr(rules, key))

    return DeckRules.model_construct(
        size=single("size"),
        copies=single("copies"),
        identity=single("identity"),
        same=listed("same"),
        at_least=listed("at_least"),
        at_most=listed("at_most"),
        total=listed("total"),
        banned=names_of("banned"),
        restricted=names_of("restricted"),
        sideboard=single("sideboard"),
        in_play=listed("in_play"),
        formats={},
    )


class Book:
    """A game's deck rules for one format, ready to check its decks by: the rules (the
    format's, `of_format`), the banned and restricted names and the copies' limits read
    once, each expression compiled once (by `compiler`, the caller's sandbox), and what a
    card's condition gave, by the condition, the deck's identity and the card (a game's
    thousands of decks share their identities and cards)."""

    __slots__ = (
        "banned",
        "compiled",
        "compiler",
        "format",
        "held",
        "limits",
        "reads",
        "restricted",
        "rules",
    )

    def __init__(
        self, rules: DeckRules, compiler: Compile | None = None, format: str | None = None
    ) -> None:
        """`format`: a key of `rules.formats` (None: the first, when there are any)."""
        if rules.formats and format is None:
            format = next(iter(rules.formats))
        self.format = format
        self.rules = of_format(rules, format)
        self.compiler = compiler
        self.compiled: dict[str, Compiled] = {}
        self.held: dict[tuple[Any, ...], Any] = {}  # (`run`'s memo)
        self.reads: dict[str, tuple[tuple[str, str | None], ...]] = {}  # (and each's names)
        self.banned = {normalise(n) for n in self.rules.banned}
        self.restricted = {normalise(n) for n in self.rules.restricted}
        self.limits = _Limits(self.rules)

    def expression(self, source: str) -> Compiled:
        """An expression compiled (ValueError when it cannot be)."""
        found = self.compiled.get(source)
        if found is None:
            if self.compiler is None:
                raise ValueError("these deck rules cannot run expressions")
            found = self.compiled[source] = self.compiler(source)
        return found

    def run(
        self,
        source: str,
        read: Callable[[str, str | None], Any],
        names: Callable[[], dict[str, Any]],
    ) -> Any:
        """What an expression gives (ValueError when it fails): worked out once for each
        value of what it reads (`read(name, attribute)`: each name, or attribute of one,
        the expression names), and with every name (`names()`) only then. An expression
        reads nothing but what it names, so the same values give the same value; one
        that reads a whole mapping (no attribute) is worked out every time."""
        compiled = self.expression(source)
        reads = self.reads.get(source)
        if reads is None:
            reads = self.reads[source] = tuple(sorted(compiled.names, key=_name_order))
        parts = [source]
        for name, attr in reads:
            value = read(name, attr)
            if isinstance(value, (dict, list, set)):
                parts = []
                break
            parts.append(value)
        key = tuple(parts)
        if key and key in self.held:
            return self.held[key]
        got = compiled.value(names())
        if key:
            if len(self.held) >= MAX_WORKED_OUT:
                self.held.clear()
            self.held[key] = got
        return got


MAX_WORKED_OUT = 100_000  # values `Book.run` keeps (past that, it starts again)
_MISSING = ("kitgen: not there",)  # a name or field an expression reads that is not there


def _name_order(pair: tuple[str, str | None]) -> tuple[str, str]:
    return pair[0], pair[1] or ""


def _read(names: Mapping[str, Any], name: str, attr: str | None) -> Any:
    """What an expression reads of `names`: a name's value, or an attribute of it (a
    mapping's key); _MISSING for what is not there."""
    if name not in names:
        return _MISSING
    value = names[name]
    if attr is None:
        return value
    if isinstance(value, Mapping):
        return value[attr] if attr in value or isinstance(value, _Totals) else _MISSING
    return (value, attr)  # (an attribute of a number or a text: decided by them)


class RuleFailed(ValueError):
    """An expression of a rule that fails for a deck (or a card of it), in words."""


class Judging:
    """One deck against a `Book`: what its expressions see (`names`: `identity`,
    `size`, `sideboard`, `totals`, `format`; a card's condition: the card's fields
    too), and its rules with their numbers worked out (`resolve`)."""

    __slots__ = ("_names", "book", "cards", "deck", "fixed_size", "identity", "picker", "side")

    def __init__(
        self, book: Book, cards: Cards, identity: str | None, deck: Deck, side: Deck
    ) -> None:
        self.book = book
        self.cards = cards
        self.identity = identity
        self.deck = deck
        self.side = side
        self._names: dict[str, Any] | None = None
        self.fixed_size: int | None = None  # `size` for a deck not made yet (`legal_deck`)
        self.picker = Picker(cards, (name for name, _, _ in deck.entries), self.card_holds)

    def assume_size(self, size: int) -> None:
        """Work the rules out for a deck of `size` cards (one not made yet)."""
        self.fixed_size = size
        self._names = None

    def names(self) -> dict[str, Any]:
        """What a rule's expressions see of the deck."""
        if self._names is None:
            self._names = {
                "size": self.deck.size if self.fixed_size is None else self.fixed_size,
                "sideboard": self.side.size,
                "totals": _Totals(self.cards, self.deck),
                "format": self.book.format or "",
            }
            if self.identity is not None:
                self._names["identity"] = dict(self.cards[self.identity])
        return self._names

    def value(self, source: str) -> Any:
        """What a rule's expression gives for the deck (RuleFailed when it fails), worked
        out once for each value of what it reads (`Book.run`)."""
        names = self.names()

        def read(name: str, attr: str | None) -> Any:
            return _read(names, name, attr)

        try:
            return self.book.run(source, read, lambda: names)
        except ValueError as err:
            raise RuleFailed(f"`{source}` cannot be worked out for this deck: {err}") from None

    def number(self, value: int | str | None) -> int | None:
        """A rule's number: as written, or what its expression gives (RuleFailed when
        it gives no whole number)."""
        if value is None or isinstance(value, int):
            return value
        got = self.value(value)
        if isinstance(got, float) and got.is_integer():
            got = int(got)
        if isinstance(got, bool) or not isinstance(got, int):
            raise RuleFailed(f"`{value}` gives {got!r} for this deck, not a whole number")
        return got

    def holds(self, source: str | None) -> bool:
        """Whether a rule's `when` holds for the deck (no `when`: it does)."""
        return source is None or bool(self.value(source))

    def card_holds(self, source: str, name: str) -> bool:
        """Whether a card's condition (an expression `where`) holds for it, worked out
        once for each value of what it reads (`Book.run`): `faction != identity.faction`
        once for each faction and identity's faction, not for each card."""
        values = self.cards[name]
        own = None if self.identity is None else self.cards[self.identity]
        form = self.book.format or ""

        def read(field: str, attr: str | None) -> Any:
            if field == "identity":
                return _MISSING if own is None else _read({"identity": own}, field, attr)
            if field == "card":
                return _read({"card": values}, field, attr)
            if field == "format":
                return form
            return values.get(field, _MISSING) if attr is None else _read(values, field, attr)

        def names() -> dict[str, Any]:
            every: dict[str, Any] = {**values, "card": dict(values), "format": form}
            if own is not None:
                every["identity"] = dict(own)
            return every

        try:
            return bool(self.book.run(source, read, names))
        except ValueError as err:
            raise RuleFailed(f"`{source}` cannot be worked out for {name}: {err}") from None

    def span(self, rule: Range | None) -> Range | None:
        """A size rule with its numbers worked out (RuleFailed when they cannot be)."""
        from kitgen.model.deck_rules import Range

        if rule is None or (isinstance(rule.min, int | None) and isinstance(rule.max, int | None)):
            return rule
        return Range.model_construct(min=self.number(rule.min), max=self.number(rule.max))

    def resolve(self, at: Location | None) -> tuple[DeckRules, list[Finding]]:
        """The book's rules for this deck: those whose `when` holds, their numbers
        worked out; and a `deck-not-checked` for each rule whose expressions fail for
        it (left out). A rule that reads the identity is left out, with no finding,
        when the deck has none (its own finding says so)."""
        from kitgen.model.deck_rules import (
            CountRule,
            DeckRules,
            TotalRule,
        )

        rules = self.book.rules
        found: list[Finding] = []

        def failed(err: RuleFailed, what: str) -> None:
            if self.identity is None and rules.identity is not None:
                return  # (the deck names no identity its rules can read: said already)
            found.append(finding("deck-not-checked", f"{what} could not be checked: {err}", at))

        def span(rule: Range | None, what: str) -> Range | None:
            try:
                return self.span(rule)
            except RuleFailed as err:
                failed(err, what)
                return None

        def picks(where: Mapping[str, list[str]] | str | None) -> None:
            if isinstance(where, str):
                self.picker.pick(where)  # (its failure is the rule's)

        counts: dict[str, list[CountRule]] = {"at_least": [], "at_most": []}
        for key, kept in counts.items():
            for i, rule in enumerate(getattr(rules, key)):
                try:
                    if not self.holds(rule.when):
                        continue
                    picks(rule.where)
                    count = _whole_number(self.number(rule.count))
                except RuleFailed as err:
                    failed(err, _rule_name(rule, f"`{key}` rule {i + 1}"))
                    continue
                kept.append(
                    rule
                    if count == rule.count
                    else CountRule.model_construct(
                        where=rule.where, count=count, when=None, name=rule.name
                    )
                )
        totals: list[TotalRule] = []
        for i, total in enumerate(rules.total):
            try:
                if not self.holds(total.when):
                    continue
                picks(total.where)
                low, high = self.number(total.min), self.number(total.max)
            except RuleFailed as err:
                failed(err, _rule_name(total, f"`total` rule {i + 1}"))
                continue
            totals.append(
                total
                if (low, high) == (total.min, total.max)
                else TotalRule.model_construct(
                    field=total.field, where=total.where, min=low, max=high, when=None,
                    name=total.name,
                )
            )  # fmt: skip
        same: list[SameRule] = []
        for i, rule in enumerate(rules.same):
            try:
                if self.holds(rule.when):
                    same.append(rule)
            except RuleFailed as err:
                failed(err, _rule_name(rule, f"`same` rule {i + 1}"))
        resolved = DeckRules.model_construct(
            size=span(rules.size, "the deck's size"),
            copies=rules.copies,
            identity=rules.identity,
            same=same,
            at_least=counts["at_least"],
            at_most=counts["at_most"],
            total=totals,
            banned=rules.banned,
            restricted=rules.restricted,
            sideboard=span(rules.sideboard, "the sideboard's size"),
            in_play=rules.in_play,
            formats={},
        )
        return resolved, found


def _whole_number(value: int | None) -> int:
    assert value is not None  # (a count is never left out)
    return value


def _rule_name(rule: object, otherwise: str) -> str:
    name = getattr(rule, "name", None)
    return f"the rule {name!r}" if name else otherwise


class _Totals(dict[str, int]):
    """`totals.FIELD` of an expression: the sum of a whole-number field over the deck's
    cards, each copy counted (worked out when first read)."""

    def __init__(self, cards: Cards, deck: Deck) -> None:
        super().__init__()
        self._cards = cards
        self._deck = deck

    def __missing__(self, field: str) -> int:
        total = 0
        for name, count, _ in self._deck.entries:
            value = self._cards[name].get(field)
            if isinstance(value, int) and not isinstance(value, bool):
                total += count * value
        self[field] = total
        return total


def _identity(
    book: Book, cards: Cards, names: CardNames, identity: Entry | None, at: Location | None
) -> tuple[str | None, list[Finding]]:
    """The card a deck names as its identity, when its rules have one and it is one:
    `missing-key` for a deck that names none, `unknown-card` for a name no card has,
    `deck-identity` for a card that is no identity; `unknown-key` for an identity the
    rules have no use for."""
    rule = book.rules.identity
    if rule is None:
        if identity is None:
            return None, []
        why = (
            "this game's decks name no identity (its deck rules have no `identity:`): "
            "leave `identity:` out"
        )
        return None, [finding("unknown-key", why, identity.where)]
    if identity is None:
        why = (
            f"a deck of this game names its identity (`identity: NAME`, one of the "
            f"{_cards_with(rule.where)})"
        )
        return None, [finding("missing-key", why, at)]
    name = names.find(identity.name)
    if name is None:
        hint = suggest(identity.name, names.names)
        message = f"no card called {identity.name!r} in the game's cards{hint}"
        return None, [finding("unknown-card", message, identity.where)]
    judging = Judging(book, cards, name, Deck([], []), Deck([], []))
    try:
        ok = _picks(judging, rule.where, name)
    except RuleFailed as err:
        return None, [
            finding("deck-not-checked", f"its identity could not be checked: {err}", identity.where)
        ]
    if not ok:
        message = (
            f"{name} is no identity: a deck's identity is one of the {_cards_with(rule.where)}"
        )
        return None, [finding("deck-identity", message, identity.where)]
    return name, []


def _picks(judging: Judging, where: Mapping[str, list[str]] | str, name: str) -> bool:
    """Whether `where` holds for one card."""
    if isinstance(where, str):
        return judging.card_holds(where, name)
    return matches(judging.cards[name], where)


def _identities_in(book: Book, judging: Judging, deck: Deck, side: Deck) -> list[Finding]:
    """`deck-identity` at each line of the deck (or sideboard) naming an identity card:
    a deck names its identity apart (`identity:`), not among its cards."""
    rule = book.rules.identity
    assert rule is not None
    found: list[Finding] = []
    for part in (deck, side):
        for name, _, where in part.entries:
            try:
                if not _picks(judging, rule.where, name):
                    continue
            except RuleFailed:
                continue  # (said where the identity rule is checked)
            found.append(
                finding(
                    "deck-identity",
                    f"{name} is an identity card: a deck names its identity apart "
                    "(`identity:`), never among its cards",
                    where,
                )
            )
    return found


def _same(rules: Sequence[SameRule], judging: Judging, deck: Deck, side: Deck) -> list[Finding]:
    """`deck-mismatch` at the first line of each card (of the deck and its sideboard)
    whose value of a `same` rule's field is not its identity's (a deck without one: not
    the first card's)."""
    found: list[Finding] = []
    lines = [*deck.entries, *side.entries]
    for rule in rules:
        field = rule.field
        if judging.identity is not None:
            whose = f"the deck's identity, {judging.identity}"
            wanted = judging.cards[judging.identity].get(field)
        elif lines:
            whose = f"the deck's first card, {lines[0][0]}"
            wanted = judging.cards[lines[0][0]].get(field)
        else:
            continue
        want = held(wanted)
        for name, _, where in lines:
            value = judging.cards[name].get(field)
            if held(value).isdisjoint(want):
                found.append(
                    finding(
                        "deck-mismatch",
                        f"{_label(rule)}{name} has {field} {_shown(value)}; {whose}, has "
                        f"{field} {_shown(wanted)}, and every card of a deck shares it",
                        where,
                    )
                )
    return found


def _shown(value: object) -> str:
    """A card's value as a finding shows it: "corp", "none" for no value."""
    if value is None or value == "" or value == ():
        return "none"
    if isinstance(value, (tuple, list)):
        return " and ".join(str(v) for v in value)
    return str(value)


def _passes(steps: Sequence[int], limit: int) -> int | None:
    """Where a running sum of `steps` passes `limit` for good: the index of the last
    step that takes it from at most `limit` to more (None: it ends at most `limit`).
    With steps of one sign, the first step past the limit."""
    running = sum(steps)
    if running <= limit:
        return None
    for index in range(len(steps) - 1, -1, -1):
        before = running - steps[index]
        if before <= limit:
            return index
        running = before
    return None  # (not reached: the sum of no steps is 0 and the limit at least 0)


def _total(
    total: TotalRule, cards: Cards, deck: Deck, at: Location | None, picker: Picker | None = None
) -> list[Finding]:
    """A `total` rule: a maximum at the line that passes it, a minimum at the deck (its
    numbers worked out: `Judging.resolve`)."""
    lines = deck.lines
    picked = None if total.where is None or picker is None else picker.pick(total.where)
    steps = [
        count * value
        if isinstance(value := cards[name].get(total.field), int)
        and (picked is None or name in picked)
        else 0
        for name, count, _ in lines
    ]
    whose = (
        f"the cards' {total.field}"
        if total.where is None
        else f"the {total.field} of the {_cards_with(total.where)}"
    )
    high, low = total.max, total.min
    assert isinstance(high, int | None) and isinstance(low, int | None)
    if high is not None:
        index = _passes(steps, high)
        if index is not None:
            name, _, where = lines[index]
            return [
                finding(
                    "deck-total",
                    f"{_label(total)}{whose} adds up to {sum(steps[: index + 1])} with "
                    f"{name}; a deck's adds up to at most {high}",
                    where,
                )
            ]
    if low is not None and sum(steps) < low:
        return [
            finding(
                "deck-total",
                f"{_label(total)}{whose} adds up to {sum(steps)}; a deck's adds up to at "
                f"least {low}",
                at,
            )
        ]
    return []


def _copy_lines(lines: Sequence[tuple[str, int, Location | None]], name: str, limit: int) -> int:
    """The index of the line whose copies of `name` pass `limit`."""
    running = 0
    for index, (other, count, _) in enumerate(lines):
        if other == name:
            running += count
            if running > limit:
                return index
    return -1  # (not reached for a card the lines hold more than `limit` of)


def in_play_warnings(
    rules: DeckRules,
    cards: Cards,
    deck: Deck,
    say: Say | None = None,
    picker: Picker | None = None,
) -> list[Finding]:
    """Warnings for cards a deck holds more of than can be in play at once (`in_play`):
    a second copy where one copy of each may be in play (`extra-copy`), a second card of
    one value where one card per value may be (`in-play-limit`; a second copy of one
    card too, unless a `one_per: card` rule warns of its copies already), each at the
    line that brings it. A card without a value in that field is under no limit of it;
    an icons field's card holds each of its icons."""
    found: list[Finding] = []
    if picker is None:
        picker = Picker(cards, (name for name, _, _ in deck.entries))
    totals = {name: count for name, count, _ in deck.entries}
    single: set[str] = set()  # the cards whose extra copies a `one_per: card` rule warns of
    for rule in rules.in_play:
        if rule.one_per == "card":
            single |= picker.pick(rule.where)
    for rule in rules.in_play:
        kind = _words(rule.where)
        picked = picker.pick(rule.where)
        if rule.one_per == "card":
            for name, count, _ in deck.entries:
                if count > 1 and name in picked:
                    code, message = _said(
                        say,
                        "extra-copy",
                        f"{count} copies of {name}: only one of each card with {kind} can "
                        "be in play at a time, so the others can only wait in your hand",
                        {"name": name, "count": count, "values": cards[name]},
                    )
                    where = deck.lines[_copy_lines(deck.lines, name, 1)][2]
                    found.append(warning(code, message, where))
            continue
        pieces: dict[str, list[str]] = {}  # a value -> the cards in play for it, a copy each
        for name, count, where in deck.lines:
            if name not in picked:
                continue
            value = cards[name].get(rule.one_per)
            for key in sorted(held(value) - {""}):
                holders = pieces.setdefault(key, [])
                if len(holders) >= 2:
                    continue  # said already
                if name in single:
                    if name not in holders:
                        holders.append(name)
                else:
                    holders += [name] * min(count, 2)
                if len(holders) < 2:
                    continue
                first, second = holders[:2]
                if first == second:
                    message = (
                        f"{totals[name]} copies of {name}: only one card with {kind} of "
                        f"each {rule.one_per} can be in play at a time, so the others can "
                        "only wait in your hand"
                    )
                else:
                    message = (
                        f"{first} and {second} both have {rule.one_per} "
                        f"{_value_text(value, key)}; only one card with {kind} of each "
                        f"{rule.one_per} can be in play at a time"
                    )
                code, message = _said(
                    say,
                    "in-play-limit",
                    message,
                    {
                        "names": list(dict.fromkeys((first, second))),
                        "count": totals[name],
                        "values": cards[name],
                    },
                )
                found.append(warning(code, message, where))
    return found


def _value_text(value: object, key: str) -> str:
    """A card's value as written, for the value `key` (its text, case aside)."""
    values = value if isinstance(value, (tuple, list)) else (value,)
    return next((str(v) for v in values if str(v).casefold() == key), key)


def _within(value: int, rule: Range) -> bool:
    low, high = _n(rule.min), _n(rule.max)
    return (low is None or value >= low) and (high is None or value <= high)


def _n(value: int | str | None) -> int | None:
    """A rule's number once worked out (`Judging.resolve`): an expression never reaches
    the checks."""
    assert not isinstance(value, str), f"the expression `{value}` was not worked out"
    return value


def _whole(value: int | str) -> int:
    found = _n(value)
    assert found is not None
    return found


def _copies(rules: DeckRules, cards: Cards, deck: Deck, side: Deck, book: Book) -> list[Finding]:
    """Banned and restricted cards, and copies of a card (main deck and sideboard
    together), each at the line that passes the limit (a banned card at its first line
    in the deck and in the sideboard)."""
    found: list[Finding] = []
    banned, restricted = book.banned, book.restricted
    keys: dict[str, str] = {}
    for part in (deck, side):
        for name, _, where in part.entries:
            key = keys[name] = normalise(name)
            if key in banned:
                found.append(finding("banned-card", f"{name} is banned", where))
    lines = [*deck.lines, *side.lines]
    limits = book.limits
    totals: dict[str, int] = {}
    for name, count, _ in lines:
        totals[name] = totals.get(name, 0) + count
    for name, total in totals.items():
        key = keys[name]
        if key in banned:
            continue
        limit, why = limits.of(cards[name], key in restricted)
        if limit is not None and total > limit:
            where = lines[_copy_lines(lines, name, limit)][2]
            found.append(finding("too-many-copies", f"{total} copies of {name}; {why}", where))
    return found


class _Limits:
    """The copies a card may have, and why, in words: `copies.max`, less by `copies.by`
    (an icons field's limit holds for a card with that icon; the least limit wins, the
    first written of equal ones), one for a restricted card. Each field's limits are
    looked up by the card's values, not compared one by one."""

    __slots__ = ("by", "copies")

    def __init__(self, rules: DeckRules) -> None:
        self.copies = rules.copies
        self.by: list[tuple[str, dict[str, list[tuple[int, int, str]]]]] = []
        order = 0
        if self.copies is not None:
            for field, limits in self.copies.by.items():
                index: dict[str, list[tuple[int, int, str]]] = {}
                for wanted, limit in limits.items():
                    index.setdefault(wanted.casefold(), []).append((order, limit, wanted))
                    order += 1
                self.by.append((field, index))

    def of(self, values: Mapping[str, object], restricted: bool) -> tuple[int | None, str]:
        if restricted:
            return 1, "it is restricted to one copy"
        if self.copies is None:
            return None, ""
        best, why = self.copies.max, f"a card may appear at most {_times(self.copies.max)}"
        hits: list[tuple[int, int, str]] = []
        for field, index in self.by:
            for value in held(values.get(field)):
                hits += index.get(value, ())
        for _, limit, wanted in sorted(hits):
            if limit < best:
                best, why = limit, f"a {wanted} may appear {_times(limit)}"
        return best, why


def _times(n: int) -> str:
    return {0: "no times", 1: "once", 2: "twice"}.get(n, f"{n} times")


def _at_least(
    rule: CountRule, deck: Deck, picker: Picker, at: Location | None, say: Say | None = None
) -> list[Finding]:
    picked = picker.pick(rule.where)
    have = sum(count for name, count, _ in deck.entries if name in picked)
    need = rule.count
    assert isinstance(need, int)  # (worked out: `Judging.resolve`)
    if have >= need:
        return []
    code, message = _said(
        say,
        "deck-count",
        f"{_label(rule)}the deck has {have} {_cards_with(rule.where, have)}; it needs at least "
        f"{need}",
        {"have": have, "need": need, "where": rule.where},
    )
    return [finding(code, message, at)]


def _at_most(rule: CountRule, deck: Deck, picker: Picker) -> list[Finding]:
    picked = picker.pick(rule.where)
    most = rule.count
    assert isinstance(most, int)  # (worked out: `Judging.resolve`)
    running = 0
    for name, count, where in deck.lines:
        if name not in picked:
            continue
        running += count
        if running > most:
            return [
                finding(
                    "deck-count",
                    f"{_label(rule)}{running} {_cards_with(rule.where, running)} with {name}; "
                    f"a deck has at most {most}",
                    where,
                )
            ]
    return []


DECK_NAMES = ("size", "sideboard", "totals", "format")  # what a deck's expressions read
CARD_NAMES = ("card", "format")  # what a card's condition reads, besides its fields


def check_rules(
    rules: DeckRules,
    fields: Mapping[str, FieldInfo],
    where: Location | None = None,
    cards: Iterable[str] | None = None,
    *,
    compiler: Compile | None = None,
    values: Cards | None = None,
) -> list[Finding]:
    """What is wrong with the rules themselves (the game's, and each format's): a field
    the cards do not have, a value a choice field never takes, a `where` or `copies.by`
    on a field without a list of values (text, a colour, an image), a total over a field
    that is not a whole number; an expression that cannot be read or run, or that reads
    a name it cannot have (`compiler`: the sandbox's; without it expressions are
    not looked into); a format's `drop` naming no rule; given the cards' names, a
    banned or restricted name that is no card's; and, as warnings (`rule-never-applies`),
    a `copies.by` limit above `copies.max`, and given the cards' `values`, cards an
    `in_play` rule picks with no value in its `one_per` field."""
    from kitgen.model.deck_rules import RULE_KEYS

    found: list[Finding] = []
    has_identity = rules.identity is not None or any(
        form.identity is not None for form in rules.formats.values()
    )
    names = None if cards is None else list(cards)
    known = None if names is None else {normalise(name) for name in names}
    every = None if values is None else Picker(values, values)  # (indexed once, as needed)
    unknown = [0]  # names no card has, said so far (the first SUGGESTED with a hint)

    def check(part: DeckRules | FormatRules, prefix: tuple[object, ...]) -> None:
        def place(*keys: object) -> Location | None:
            return rules.where(*prefix, *keys) or where

        if names is not None and known is not None:
            for key in ("banned", "restricted"):
                for i, name in enumerate(getattr(part, key) or ()):
                    if normalise(name) not in known:
                        unknown[0] += 1
                        hint = suggest(name, names) if unknown[0] <= SUGGESTED else ""
                        found.append(
                            finding(
                                "unknown-card",
                                f"`{key}` names {name!r}, which is no card of the game{hint}",
                                place(key, i),
                            )
                        )

        def field_ok(name: str, at: Location | None, listed: bool) -> FieldInfo | None:
            info = fields.get(name)
            if info is None:
                found.append(
                    finding(
                        "unknown-key",
                        f"{name!r} is no field of the game's cards{suggest(name, list(fields))}",
                        at,
                    )
                )
                return None
            if listed and info.type not in ("choice", "icons", "integer"):
                found.append(
                    finding(
                        "invalid-value",
                        "a rule picks cards by a field with a list of values (a choice, icons "
                        f"or a whole number); {name} is {info.type} (to name cards, use "
                        "`banned` or `restricted`, or an expression)",
                        at,
                    )
                )
                return None
            return info

        def values_ok(name: str, info: FieldInfo, values: list[str], at: Location | None) -> None:
            if info.type == "integer":
                for value in values:
                    if not value.lstrip("-").isdigit():
                        found.append(
                            finding(
                                "invalid-value", f"{name} is a whole number, never {value!r}", at
                            )
                        )
                return
            if info.values is None:
                return
            allowed = {v.casefold() for v in info.values}
            for value in values:
                if value.casefold() not in allowed:
                    found.append(
                        finding(
                            "invalid-value",
                            f"{name} is never {value!r}; its values: {', '.join(info.values)}",
                            at,
                        )
                    )

        def condition(cond: Mapping[str, list[str]] | str, *keys: object) -> None:
            if isinstance(cond, str):
                expression(cond, place(*keys), card=True)
                return
            for name, wanted in cond.items():
                at = place(*keys, name)
                info = field_ok(name, at, listed=True)
                if info is not None:
                    values_ok(name, info, wanted, at)

        def number(value: object, *keys: object) -> None:
            if isinstance(value, str):
                expression(value, place(*keys), card=False)

        def when(rule: object, *keys: object) -> None:
            source = getattr(rule, "when", None)
            if source is not None:
                expression(source, place(*keys, "when"), card=False)

        for key in ("size", "sideboard"):
            span = getattr(part, key)
            if span is not None:
                number(span.min, key, "min")
                number(span.max, key, "max")
        if part.identity is not None:
            condition(part.identity.where, "identity", "where")
        for i, same in enumerate(part.same):
            field_ok(same.field, place("same", i), listed=False)
            when(same, "same", i)
        for key in ("at_least", "at_most"):
            for i, rule in enumerate(getattr(part, key)):
                condition(rule.where, key, i, "where")
                number(rule.count, key, i, "count")
                when(rule, key, i)
        if part.copies is not None:
            for name, limits in part.copies.by.items():
                at = place("copies", "by", name)
                info = field_ok(name, at, listed=True)
                if info is not None:
                    values_ok(name, info, list(limits), at)
                for value, limit in limits.items():
                    if limit > part.copies.max:
                        found.append(
                            warning(
                                "rule-never-applies",
                                f"`copies.by` allows a {value} {_times(limit)}, more than "
                                f"`max` ({part.copies.max}): the least limit holds, so this "
                                "one never does",
                                at,
                            )
                        )
        for i, play in enumerate(part.in_play):
            condition(play.where, "in_play", i, "where")
            if play.one_per != "card":
                at = place("in_play", i, "one_per")
                if field_ok(play.one_per, at, listed=True) is not None and every is not None:
                    found.extend(_unlimited(play, every, at))
        for i, total in enumerate(part.total):
            at = place("total", i, "field")
            info = field_ok(total.field, at, listed=False)
            if info is not None and info.type != "integer":
                found.append(
                    finding(
                        "invalid-value",
                        f"`total` adds up whole numbers; {total.field} is {info.type}",
                        at,
                    )
                )
            if total.where is not None:
                condition(total.where, "total", i, "where")
            number(total.min, "total", i, "min")
            number(total.max, "total", i, "max")
            when(total, "total", i)

    def expression(source: str, at: Location | None, card: bool) -> None:
        """An expression's findings: one that cannot be read or may not run, and each
        name it reads that it cannot have."""
        if compiler is None:
            return
        try:
            compiled = compiler(source)
        except ValueError as err:
            found.append(finding("invalid-value", str(err), at))
            return
        for name, attr in sorted(compiled.names, key=lambda pair: (pair[0], pair[1] or "")):
            if card and name in fields:
                continue
            if name == "identity" or (card and name == "card"):
                if name == "identity" and not has_identity:
                    found.append(
                        finding(
                            "invalid-value",
                            f"`{source}` reads the deck's identity, but the deck rules name "
                            "none (`identity: {where: ...}`)",
                            at,
                        )
                    )
                elif attr is not None and attr not in fields:
                    found.append(
                        finding(
                            "unknown-key",
                            f"`{source}`: {attr!r} is no field of the game's cards"
                            f"{suggest(attr, list(fields))}",
                            at,
                        )
                    )
                continue
            if name == "totals" and not card:
                info = None if attr is None else fields.get(attr)
                if attr is not None and (info is None or info.type != "integer"):
                    wholes = [n for n, i in fields.items() if i.type == "integer"]
                    found.append(
                        finding(
                            "unknown-key",
                            f"`{source}`: `totals` holds the sums of the whole-number fields "
                            f"({', '.join(wholes) or 'the game has none'}); {attr!r} is none",
                            at,
                        )
                    )
                continue
            if name in (CARD_NAMES if card else DECK_NAMES):
                continue
            readable = [*fields, *CARD_NAMES, "identity"] if card else [*DECK_NAMES, "identity"]
            what = "a card's condition" if card else "a deck's rule"
            found.append(
                finding(
                    "unknown-key",
                    f"`{source}` reads {name!r}, which {what} does not have"
                    f"{suggest(name, readable)}; it reads {', '.join(readable)}",
                    at,
                )
            )

    check(rules, ())
    rule_names = {
        normalise(rule.name)
        for key in ("same", "at_least", "at_most", "total", "in_play")
        for rule in getattr(rules, key)
        if rule.name
    }
    for form_name, form in rules.formats.items():
        check(form, ("formats", form_name))
        for i, dropped in enumerate(form.drop):
            if dropped in RULE_KEYS or normalise(dropped) in rule_names:
                continue
            found.append(
                finding(
                    "unknown-key",
                    f"`drop` names {dropped!r}, which is no rule of the game's (a rule's "
                    f"`name`, or one of {', '.join(RULE_KEYS)})",
                    rules.where("formats", form_name, "drop", i) or where,
                )
            )
    return found


def _unlimited(play: InPlayRule, picker: Picker, at: Location | None) -> list[Finding]:
    """`rule-never-applies` for the cards an `in_play` rule picks (`picker`: of every
    card of the game) that have no value in its `one_per` field: they are under no limit
    of it."""
    picked = picker.pick(play.where)
    without = picker.values(play.one_per).get("", set())  # (`held` of no value: "")
    empty = [name for name in picker.names if name in picked and name in without]
    if not empty:
        return []
    shown = ", ".join(empty[:3]) + (f" and {len(empty) - 3} more" if len(empty) > 3 else "")
    return [
        warning(
            "rule-never-applies",
            f"{len(empty)} of the cards this rule limits have no {play.one_per} ({shown}), "
            "so it never limits them",
            at,
        )
    ]


class DeckSearch:
    """What `legal_deck` found: a deck and a sideboard (each card's name and copies, in
    the cards' order), legal when `problem` is None; else the closest deck the search
    came to, and the first rule it breaks, in words."""

    __slots__ = ("identity", "main", "problem", "sideboard")

    def __init__(
        self,
        main: list[tuple[str, int]],
        sideboard: list[tuple[str, int]],
        problem: str | None,
        identity: str | None = None,
    ) -> None:
        self.main = main
        self.sideboard = sideboard
        self.problem = problem
        self.identity = identity  # the card it is built around (rules with an identity)


MAX_IDENTITIES_TRIED = 5  # identities `legal_deck` builds a deck around, in the cards' order


def legal_deck(
    rules: DeckRules,
    cards: Cards,
    max_names: int | None = None,
    max_copies: int | None = None,
    book: Book | None = None,
) -> DeckSearch:
    """A legal deck of the game's cards, by a search that adds one copy at a time and
    never takes one out: the cards each `at_least` rule needs first, then any cards up
    to the deck's size (those that help a `total` minimum still short first, and when
    the deck needs more cards than `max_names`, those that may have more copies), then,
    while the deck may grow, cards that help a `total` minimum still short; every limit
    kept as it goes (copies, banned, size, `at_most`, `total` maxima, and at most
    `max_names` cards of `max_copies` copies each: what a deck file holds), and a
    sideboard of its least size. A first try keeps the `in_play` limits too (a deck
    with no warning), a second does not. A deck with no size rule gets 20 cards, or
    every card once if there are fewer.

    Rules with an identity build the deck around one: the first identity card (of at
    most MAX_IDENTITIES_TRIED, in the cards' order) around which a legal deck is found,
    its rules worked out for it (`when`, numbers) at the deck's least size, its cards
    only those that share each `same` field with it.

    The work is bounded by the game, not by luck or a clock: a card is looked at again
    only while it still fits (once it does not, it is not looked at again: the deck
    only grows), each look costs the rules that pick the card, and the running counts
    and sums are kept, never summed again; so a game at kitgen's limits (5,000 cards,
    every kind of rule at its limit) answers in about a second, the same deck every
    time. `book`: the rules of a format, their expressions compiled (`Book`)."""
    if book is None:
        book = Book(rules)
    rule = book.rules.identity
    if rule is None:
        return _search(book, cards, None, max_names, max_copies)
    probe = Judging(book, cards, None, Deck([], []), Deck([], []))
    identities: list[str] = []
    for name in cards:
        try:
            if _picks(probe, rule.where, name):
                identities.append(name)
        except RuleFailed:
            continue
    if not identities:
        return DeckSearch(
            [], [], f"no card of the game is an identity (one of the {_cards_with(rule.where)})"
        )
    first: DeckSearch | None = None
    for identity in identities[:MAX_IDENTITIES_TRIED]:
        found = _search(book, cards, identity, max_names, max_copies)
        if found.problem is None:
            return found
        first = first or found
    assert first is not None
    return first


def _search(
    book: Book,
    cards: Cards,
    identity: str | None,
    max_names: int | None,
    max_copies: int | None,
) -> DeckSearch:
    """`legal_deck` around one identity (None: for rules with none)."""
    from kitgen.model.deck_rules import MAX_CARDS

    judging = Judging(book, cards, identity, Deck([], []), Deck([], []))
    whole = book.rules
    try:
        sized = judging.span(whole.size)
    except RuleFailed as err:
        return DeckSearch([], [], str(err), identity)
    low = None if sized is None else _n(sized.min)
    high = None if sized is None else _n(sized.max)
    banned, restricted = book.banned, book.restricted
    keys = {name: normalise(name) for name in cards}
    names = [n for n in cards if keys[n] not in banned]
    if whole.identity is not None:  # (no identity among the cards, and theirs alike)
        try:
            names = [n for n in names if not _picks(judging, whole.identity.where, n)]
        except RuleFailed as err:
            return DeckSearch([], [], str(err), identity)
    target = low if low is not None else min(20, high if high is not None else 20)
    if sized is None:
        target = min(target, len(names))
    judging.assume_size(target)  # (the rules are worked out for a deck of its least size)
    rules, problems = judging.resolve(None)
    if problems:
        return DeckSearch([], [], problems[0].message, identity)
    for same in rules.same:
        if identity is not None:
            wanted = held(cards[identity].get(same.field))
        elif names:
            wanted = held(cards[names[0]].get(same.field))
        else:
            break
        names = [n for n in names if not held(cards[n].get(same.field)).isdisjoint(wanted)]
    picker = Picker(cards, names, judging.card_holds)
    ceiling = high if high is not None else max(target, MAX_CARDS)
    most = MAX_CARDS if max_copies is None else max_copies
    limits = book.limits
    cap: dict[str, int] = {}
    for name in names:
        limit, _ = limits.of(cards[name], keys[name] in restricted)
        cap[name] = most if limit is None else min(limit, most)
    try:
        return _grow(book, rules, cards, identity, names, picker, cap, target, ceiling, max_names)
    except RuleFailed as err:
        return DeckSearch([], [], str(err), identity)


def _grow(
    book: Book,
    rules: DeckRules,
    cards: Cards,
    identity: str | None,
    names: list[str],
    picker: Picker,
    cap: dict[str, int],
    target: int,
    ceiling: int,
    max_names: int | None,
) -> DeckSearch:
    """`_search`'s deck grown from the cards `names` (`cap`: each card's copies at
    most), to `target` cards and up to `ceiling`."""
    at_most_of: dict[str, list[int]] = {}
    for r, rule in enumerate(rules.at_most):
        for name in picker.pick(rule.where):
            at_most_of.setdefault(name, []).append(r)
    # Each `total` rule's running sum, over the cards it adds up (its `where`'s).
    fields = list(rules.total)
    tops: list[int | None] = [_n(total.max) for total in fields]
    floors: list[int | None] = [_n(total.min) for total in fields]
    values_of: dict[str, list[tuple[int, int]]] = {}  # (rule, value), when not 0
    plus_of: dict[str, list[tuple[int, int, int]]] = {}  # (rule, value, its maximum)
    for f, total in enumerate(fields):
        top = tops[f]
        picked = None if total.where is None else picker.pick(total.where)
        added = names if picked is None else [n for n in names if n in picked]
        for name in added:
            value = cards[name].get(total.field)
            if isinstance(value, int) and not isinstance(value, bool) and value:
                values_of.setdefault(name, []).append((f, value))
                if top is not None and value > 0:
                    plus_of.setdefault(name, []).append((f, value, top))
    one_copy: set[str] = set()  # `in_play` one copy of each
    keys_of: dict[str, list[tuple[int, str]]] = {}  # `in_play` one card per value
    for p, play in enumerate(rules.in_play):
        picked = picker.pick(play.where)
        if play.one_per == "card":
            one_copy |= picked
            continue
        index = picker.values(play.one_per)
        for key in sorted(index):
            if key:
                for name in index[key] & picked:
                    keys_of.setdefault(name, []).append((p, key))
    counts_at_most = [_whole(rule.count) for rule in rules.at_most]
    needs = []  # each `at_least` rule's count, the cards it picks, and them in order
    for rule in rules.at_least:
        picked = picker.pick(rule.where)
        needs.append((_whole(rule.count), picked, [n for n in names if n in picked]))

    def attempt(tidy: bool) -> DeckSearch:
        counts: dict[str, int] = {}
        used = [0] * len(counts_at_most)
        sums = [0] * len(fields)
        taken: set[tuple[int, str]] = set()
        dead: set[str] = set()
        size = [0]

        def fits(name: str) -> bool:
            have = counts.get(name, 0)
            ok = (
                have < cap[name]
                and (have > 0 or max_names is None or len(counts) < max_names)
                and all(used[r] < counts_at_most[r] for r in at_most_of.get(name, ()))
                and all(sums[t] + v <= top for t, v, top in plus_of.get(name, ()))
                and (
                    not tidy
                    or (
                        (have == 0 or name not in one_copy)
                        and not any(key in taken for key in keys_of.get(name, ()))
                    )
                )
            )
            if not ok:
                dead.add(name)  # the deck only grows: it never will
            return ok

        def put(name: str) -> None:
            counts[name] = counts.get(name, 0) + 1
            size[0] += 1
            for r in at_most_of.get(name, ()):
                used[r] += 1
            for t, v in values_of.get(name, ()):
                sums[t] += v
            if tidy:
                taken.update(keys_of.get(name, ()))

        def add(pool: list[str], wanted: int, more: Callable[[], bool] = lambda: True) -> None:
            """Up to `wanted` copies, one of each card of `pool` in turn (a spread of
            cards), while `more()` and the deck has room."""
            while pool:
                for name in pool:
                    if wanted <= 0 or size[0] >= ceiling or not more():
                        return
                    if name not in dead and fits(name):
                        put(name)
                        wanted -= 1
                pool = [name for name in pool if name not in dead]

        for need, picked, pool in needs:
            add(pool, need - sum(c for n, c in counts.items() if n in picked))
        short = {f for f, floor in enumerate(floors) if floor is not None and sums[f] < floor}

        def order(name: str) -> tuple[int, int]:
            """Cards that help a total still short first; when the deck needs more
            cards than a deck file has lines, cards that may have more copies first."""
            helps = -sum(v for t, v in values_of.get(name, ()) if t in short)
            return helps, -cap[name] if crowded else 0

        crowded = max_names is not None and target > max_names
        add(sorted(names, key=order) if short or crowded else names, target - size[0])
        for t in sorted(short):
            floor = floors[t]
            assert floor is not None
            helpful = [(-v, n) for n in names for u, v in values_of.get(n, ()) if u == t and v > 0]

            def below(t: int = t, floor: int = floor) -> bool:
                return sums[t] < floor

            add([n for _, n in sorted(helpful, key=lambda pair: pair[0])], ceiling, below)
        side = _least_sideboard(rules, names, cap, counts, max_names)
        main = [(n, counts[n]) for n in names if counts.get(n)]
        if not main:
            return DeckSearch(main, side, "no card of the game may be in a deck", identity)
        errors = [
            f
            for f in check_deck(
                book.rules,
                cards,
                [Entry(n, c) for n, c in main],
                [Entry(n, c) for n, c in side],
                identity=None if identity is None else Entry(identity, 1),
                book=book,
            )
            if f.is_error
        ]
        return DeckSearch(main, side, errors[0].message if errors else None, identity)

    found = attempt(tidy=True) if rules.in_play else None
    if found is None or found.problem is not None:
        found = attempt(tidy=False)
    return found


def _least_sideboard(
    rules: DeckRules,
    names: list[str],
    cap: Mapping[str, int],
    counts: Mapping[str, int],
    max_names: int | None,
) -> list[tuple[str, int]]:
    """A sideboard of the least size the rules allow: one copy of each card in turn, the
    copies in the deck counted against each card's limit."""
    wanted = 0 if rules.sideboard is None else (_n(rules.sideboard.min) or 0)
    side: dict[str, int] = {}
    pool = list(names)
    while wanted > 0 and pool:
        kept = []
        for name in pool:
            if wanted <= 0:
                break
            room = cap[name] - counts.get(name, 0) - side.get(name, 0)
            if room <= 0 or (name not in side and max_names and len(side) >= max_names):
                continue
            side[name] = side.get(name, 0) + 1
            wanted -= 1
            kept.append(name)
        pool = kept
    return [(n, side[n]) for n in names if side.get(n)]


def deck_stats(
    rules: DeckRules,
    cards: Cards,
    fields: Mapping[str, FieldInfo],
    main: Sequence[Entry],
    sideboard: Sequence[Entry] = (),
    *,
    identity: Entry | None = None,
    book: Book | None = None,
) -> dict[str, object]:
    """What a designer wants to see of a deck (JSON-ready): its size, the curve of each
    whole-number field, the cards by each choice or icons field's values, and each deck
    rule with the deck's value, its limit and how much is to spare (`close` when one card
    or a tenth of the limit at most): the rules of its format (`book`), worked out for
    it and its identity (a rule whose expressions fail for it left out)."""
    names = CardNames(cards)
    deck = read_deck(main, cards, names=names)
    side = read_deck(sideboard, cards, "the sideboard", names)
    if book is None:
        book = Book(rules)
    own = None if identity is None else names.find(identity.name)
    judging = Judging(book, cards, own, deck, side)
    rules = judging.resolve(None)[0]
    curves: dict[str, dict[str, int]] = {}
    counts: dict[str, dict[str, int]] = {}
    for field, info in fields.items():
        tally: dict[str, int] = {}
        for name, count, _ in deck.entries:
            value = cards[name].get(field)
            values = value if isinstance(value, (tuple, list)) else [value]
            for v in values:
                if v is not None and v != "":
                    tally[str(v)] = tally.get(str(v), 0) + count
        if not tally:
            continue  # (no card of the deck has a value in it: nothing to show)
        if info.type == "integer":
            if info.curve:
                curves[field] = dict(sorted(tally.items(), key=lambda kv: int(kv[0])))
        elif info.type in ("choice", "icons"):
            order = list(info.values) if info.values else sorted(tally)
            counts[field] = {v: tally[v] for v in order if v in tally}
    limits: list[dict[str, object]] = []

    def say(**one: Any) -> str:
        """One rule (worked out for the deck) in a player's sentence, as the booklet
        says it."""
        from kitgen.model.deck_rules import DeckRules

        return " ".join(_sentences(DeckRules.model_construct(**one), fields))

    def limit(rule: str, value: int, low: int | None, high: int | None, **about: str) -> None:
        spares = [
            s
            for s in (None if low is None else value - low, None if high is None else high - value)
            if s is not None
        ]
        spare = min(spares)
        bound = high if high is not None and (low is None or high - value <= value - low) else low
        close = spare >= 0 and spare <= max(1, (bound or 0) // 10)
        limits.append(
            {
                "rule": rule,
                **about,
                "value": value,
                "min": low,
                "max": high,
                "spare": spare,
                "close": close,
            }
        )

    if rules.size is not None:
        size = _n(rules.size.min), _n(rules.size.max)
        limit("size", deck.size, *size, says=say(size=rules.size))
    if rules.sideboard is not None:
        size = _n(rules.sideboard.min), _n(rules.sideboard.max)
        limit("sideboard", side.size, *size, says=say(sideboard=rules.sideboard))
    picker = judging.picker
    for rule in rules.at_least:
        picked = picker.pick(rule.where)
        have = sum(c for n, c, _ in deck.entries if n in picked)
        named = {"name": rule.name} if rule.name else {}
        words = _words(rule.where)
        limit(
            "at_least", have, _n(rule.count), None, where=words, says=say(at_least=[rule]), **named
        )
    for rule in rules.at_most:
        picked = picker.pick(rule.where)
        have = sum(c for n, c, _ in deck.entries if n in picked)
        named = {"name": rule.name} if rule.name else {}
        words = _words(rule.where)
        limit("at_most", have, None, _n(rule.count), where=words, says=say(at_most=[rule]), **named)
    for total in rules.total:
        added = None if total.where is None else picker.pick(total.where)
        value = sum(
            c * v
            for n, c, _ in deck.entries
            if isinstance(v := cards[n].get(total.field), int) and (added is None or n in added)
        )
        about = {} if total.where is None else {"where": _words(total.where)}
        if total.name:
            about["name"] = total.name
        about["says"] = say(total=[total])
        limit("total", value, _n(total.min), _n(total.max), field=total.field, **about)
    return {
        "cards": deck.size,
        "sideboard": side.size,
        "curves": curves,
        "counts": counts,
        "rules": limits,
    }


def summary(rules: DeckRules, fields: Mapping[str, FieldInfo] | None = None) -> list[str]:
    """The deck rules as sentences for the rule booklet, in a player's words, generated
    from the rules that `kitgen check` enforces so the two cannot drift apart: the
    game's rules, then what each format changes. `fields`: the cards' fields (a choice's
    value reads as a kind of card: "10 creature cards"; without them, "10 cards with
    type creature")."""
    out = _sentences(rules, fields or {})
    for name, form in rules.formats.items():
        out += _format_sentences(name, form, rules, fields or {})
    return out


def _sentences(
    rules: DeckRules | FormatRules, fields: Mapping[str, FieldInfo], added: bool = False
) -> list[str]:
    """One sentence for each rule (`added`: only the list rules, a format's additions)."""
    out: list[str] = []
    if not added:
        if rules.identity is not None:
            out.append(
                "A deck is led by an identity: one "
                f"{_kind_words(rules.identity.where, fields, 1)}, named apart from its "
                "cards (it is not one of them)."
            )
        if rules.size is not None:
            out.append(f"A deck has {_cards_words(rules.size)}.")
        if rules.copies is not None:
            line = f"A deck may hold a card at most {_times(rules.copies.max)}"
            fewer = [
                f"{_one_with(field, value, fields)} at most {_times(limit)}"
                for field, limits in rules.copies.by.items()
                for value, limit in limits.items()
                if limit < rules.copies.max
            ]
            out.append(line + (f"; {', '.join(fewer)}." if fewer else "."))
    for same in rules.same:
        whose = "its identity's" if rules.identity is not None else "its other cards'"
        out.append(
            _when(same.when, f"Every card of a deck has {whose} {_field_words(same.field)}.")
        )
    for rule in rules.at_least:
        count = rule.count
        kind = _kind_words(rule.where, fields, count if isinstance(count, int) else None)
        out.append(_when(rule.when, f"A deck holds at least {_number_words(count)} {kind}."))
    for rule in rules.at_most:
        count = rule.count
        if count == 0:
            kind = _kind_words(rule.where, fields, None)
            out.append(_when(rule.when, f"A deck holds no {kind}."))
            continue
        kind = _kind_words(rule.where, fields, count if isinstance(count, int) else None)
        out.append(_when(rule.when, f"A deck holds at most {_number_words(count)} {kind}."))
    for total in rules.total:
        whose = (
            "its cards" if total.where is None else f"its {_kind_words(total.where, fields, None)}"
        )
        out.append(
            _when(
                total.when,
                f"The {_field_words(total.field)} of {whose} adds up to {_span_words(total)}.",
            )
        )
    if not added:
        if rules.banned:
            out.append(f"Banned: {', '.join(rules.banned)}.")
        if rules.restricted:
            out.append(f"Restricted to one copy: {', '.join(rules.restricted)}.")
        if rules.sideboard is not None:
            out.append(f"A sideboard holds {_span_words(rules.sideboard)} cards.")
    for play in rules.in_play:
        kind = _kind_words(play.where, fields, None)
        if play.one_per == "card":
            out.append(f"Only one copy of each of the {kind} may be in play at once.")
        else:
            out.append(
                f"Only one of the {kind} of each {_field_words(play.one_per)} may be in play "
                "at once."
            )
    return out


def _format_sentences(
    name: str, form: FormatRules, rules: DeckRules, fields: Mapping[str, FieldInfo]
) -> list[str]:
    """What a format changes of the game's rules, in sentences."""
    changes: list[str] = []
    given = form.model_fields_set
    if "size" in given and form.size is not None:
        changes.append(f"a deck has {_span_words(form.size)} cards")
    if "copies" in given and form.copies is not None:
        changes.append(f"a deck may hold a card at most {_times(form.copies.max)}")
    if "identity" in given and form.identity is not None:
        changes.append(
            f"a deck is led by an identity, one {_kind_words(form.identity.where, fields, 1)}"
        )
    if form.banned is not None:
        changes.append(
            f"{', '.join(form.banned)} {'is' if len(form.banned) == 1 else 'are'} banned"
            if form.banned
            else "no card is banned"
        )
    if form.restricted is not None:
        changes.append(
            f"{', '.join(form.restricted)} {'is' if len(form.restricted) == 1 else 'are'} "
            "restricted to one copy"
            if form.restricted
            else "no card is restricted"
        )
    if "sideboard" in given and form.sideboard is not None:
        changes.append(f"a sideboard holds {_span_words(form.sideboard)} cards")
    for dropped in form.drop:
        changes.append(f"the rule of {dropped.replace('_', ' ')} does not hold")
    first = next(iter(rules.formats)) == name
    title = f"In the {name} format{' (the usual one)' if first else ''}"
    added = [
        f"{title}, {line[:1].lower()}{line[1:]}" for line in _sentences(form, fields, added=True)
    ]
    if not changes and not added:
        return [f"The {name} format{' (the usual one)' if first else ''} plays by these rules."]
    return ([f"{title}, {'; '.join(changes)}."] if changes else []) + added


def _cards_words(rule: Range) -> str:
    """A deck's size in words: "30 to 40 cards", "at least its identity's deck size in
    cards, and at most 40 cards"."""
    low, high = rule.min, rule.max
    if isinstance(low, int | None) and isinstance(high, int | None):
        return f"{_range_words(rule)} cards"

    def part(value: int | str, bound: str) -> str:
        if isinstance(value, int):
            return f"{bound} {value} cards"
        return f"{bound} {_number_words(value)} in cards"

    parts = [part(v, b) for v, b in ((low, "at least"), (high, "at most")) if v is not None]
    return ", and ".join(parts)


def _field_words(field: str) -> str:
    """A field's name as words: `influence_limit` is "influence limit"."""
    return field.replace("_", " ")


def _number_words(value: int | str) -> str:
    """A rule's number in words: itself, or what its expression says."""
    return str(value) if isinstance(value, int) else _expression_words(value)


def _span_words(rule: Range) -> str:
    """A range in words, its expressions said in words ("at least its identity's deck
    size, at most 40")."""
    low, high = rule.min, rule.max
    if isinstance(low, int | None) and isinstance(high, int | None):
        return _range_words(rule)
    if low is not None and high is not None:
        return f"at least {_number_words(low)}, and at most {_number_words(high)}"
    if low is not None:
        return f"at least {_number_words(low)}"
    assert high is not None  # (a range has one or both)
    return f"at most {_number_words(high)}"


_IDENTITY_FIELD = re.compile(r"^identity\.(\w+)$")
_PER_SIZE = re.compile(
    r"^(?:(\d+)\*\(size//(\d+)\)|\(size//(\d+)\)\*(\d+)|size//(\d+))(?:\+(\d+))?$"
)


def _expression_words(source: str) -> str:
    """A number's expression in words where it has a usual shape: `identity.deck_size`
    is "its identity's deck size", `2 * (size // 5) + 2` "2 for every 5 cards in the
    deck, and 2 more"; any other as written."""
    text = source.strip()
    found = _IDENTITY_FIELD.match(text)
    if found:
        return f"its identity's {_field_words(found.group(1))}"
    found = _PER_SIZE.match(re.sub(r"\s+", "", text))
    if found:
        times = found.group(1) or found.group(4) or "1"
        every = found.group(2) or found.group(3) or found.group(5)
        more = found.group(6)
        words = f"{times} for every {every} cards in the deck"
        return words + (f" plus {more}" if more else "")
    return f"`{source}`"


_COMPARE = re.compile(r"^(\w+(?:\.\w+)?)\s*(==|!=|>=|<=|>|<)\s*(.+?)$")
_COMPARED = {
    "==": "is",
    "!=": "is not",
    ">": "is more than",
    "<": "is less than",
    ">=": "is at least",
    "<=": "is at most",
}


def _subject(name: str) -> str:
    """`identity.side` as "its identity's side", `cost` as "cost"."""
    if name.startswith("identity."):
        return f"its identity's {_field_words(name.removeprefix('identity.'))}"
    return _field_words(name.removeprefix("card."))


def _compared(source: str) -> tuple[str, str, str] | None:
    """A comparison's subject, its verb and what it compares with, in words (None for
    an expression of another shape)."""
    found = _COMPARE.match(source.strip())
    if found is None:
        return None
    left, op, right = found.groups()
    right = right.strip()
    if right[:1] in "'\"" and right[-1:] == right[:1] and len(right) >= 2:
        right = right[1:-1]
    elif not re.fullmatch(r"-?\d+|\w+(?:\.\w+)?", right):
        return None
    elif not right.lstrip("-").isdigit():
        field = right.removeprefix("identity.")
        if right.startswith("identity.") and field == left:
            right = "its identity's"
        else:
            right = _subject(right)
    return _subject(left), _COMPARED[op], right


def _condition_words(source: str) -> str:
    """A card's condition in words: `faction != identity.faction` is "whose faction is
    not its identity's"; any other shape "for which `...` holds"."""
    said = _compared(source)
    if said is None:
        return f"for which `{source}` holds"
    subject, verb, value = said
    return f"whose {subject} {verb} {value}"


def _when(source: str | None, sentence: str) -> str:
    """A rule's sentence after its `when`, said first: "For a deck whose identity's
    side is warden, the renown ..."."""
    if source is None:
        return sentence
    return f"{_when_words(source)}, {sentence[:1].lower()}{sentence[1:]}"


def _when_words(source: str) -> str:
    """A rule's `when` in words: "For a deck whose identity's side is warden"."""
    said = _compared(source)
    if said is not None:
        subject, verb, value = said
        mine = "its identity's "
        if subject.startswith(mine):
            return f"For a deck whose identity's {subject.removeprefix(mine)} {verb} {value}"
        if subject == "size":
            return f"For a deck whose size {verb} {value}"
        if subject == "format":
            return f"In the {value} format" if verb == "is" else f"Outside the {value} format"
    return f"When `{source}` holds"


def _kind_words(
    where: Mapping[str, list[str]] | str, fields: Mapping[str, FieldInfo], count: int | None
) -> str:
    """The cards a `where` picks, as a player says them: "creature cards", "1 identity
    card" (`count` 1: "card"), "flame creature or relic cards", "cards with cost 3",
    "cards with the sword icon", "cards whose faction is not its identity's"."""
    noun = "card" if count == 1 else "cards"
    if isinstance(where, str):
        return f"{noun} {_condition_words(where)}"
    before: list[str] = []
    after: list[str] = []
    for field, values in where.items():
        info = fields.get(field)
        joined = " or ".join(values)
        if info is not None and info.type == "choice":
            before.append(joined)
        elif info is not None and info.type == "icons":
            after.append(f"the {joined} icon")
        else:
            after.append(f"{_field_words(field)} {joined}")
    words = " ".join([*before, noun])
    return words + (f" with {' and '.join(after)}" if after else "")


def _one_with(field: str, value: str, fields: Mapping[str, FieldInfo]) -> str:
    """One card of a `copies.by` value: "a rare card", "a card with cost 7"."""
    words = _kind_words({field: [value]}, fields, 1)
    return ("an " if words[:1] in "aeiou" else "a ") + words
