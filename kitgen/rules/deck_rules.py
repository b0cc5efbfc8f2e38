"""A deck checked against a game's deck-building rules (kitgen.model.deck_rules), and the
rules themselves checked against the game's card fields.

Pure: the deck comes in as entries (a card's name, its count, where it is written) and
the game's cards as their fields' values by name; every broken rule is a finding at the
deck line that breaks it, in words a player reads (`3 copies of Fireball; a rare may
appear once`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from kitgen.model.base import normalise, suggest
from kitgen.model.findings import Finding, Location, finding, warning
from kitgen.names import spelt

if TYPE_CHECKING:
    from kitgen.model.deck_rules import CountRule, DeckRules, Range, TotalRule

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

    __slots__ = ("type", "values")

    def __init__(self, type: str, values: tuple[str, ...] | None = None) -> None:
        self.type = type
        self.values = values


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

    __slots__ = ("cards", "index", "names")

    def __init__(self, cards: Cards, names: Iterable[str]) -> None:
        self.cards = cards
        self.names = list(dict.fromkeys(names))
        self.index: dict[str, dict[str, set[str]]] = {}

    def values(self, field: str) -> dict[str, set[str]]:
        """The names by each of their values in `field` (as `held` gives them)."""
        index = self.index.get(field)
        if index is None:
            index = self.index[field] = {}
            for name in self.names:
                for value in held(self.cards[name].get(field)):
                    index.setdefault(value, set()).add(name)
        return index

    def pick(self, where: Mapping[str, list[str]]) -> set[str]:
        """The names `where` picks (as `matches` would)."""
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


def _words(where: Mapping[str, list[str]]) -> str:
    """A `where` in words: `rarity rare`, `type spell or trap and cost 3`."""
    return " and ".join(f"{field} {' or '.join(values)}" for field, values in where.items())


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
) -> list[Finding]:
    """Every rule a deck breaks, each at the line that breaks it (`at`: the deck's cards,
    for a rule of the whole deck); `say` words some of them the game's own way. `names`:
    the cards' names read already (`CardNames` of `cards`)."""
    if names is None:
        names = CardNames(cards)
    deck = read_deck(main, cards, names=names)
    side = read_deck(sideboard, cards, "the sideboard", names)
    found = deck.findings + side.findings
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
    picker = Picker(cards, (name for name, _, _ in deck.entries))
    found += _copies(rules, cards, deck, side)
    found += in_play_warnings(rules, cards, deck, say, picker)
    for rule in rules.at_least:
        found += _at_least(rule, deck, picker, at, say)
    for rule in rules.at_most:
        found += _at_most(rule, deck, picker)
    for total in rules.total:
        found += _total(total, cards, deck, at)
    return found


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


def _total(total: TotalRule, cards: Cards, deck: Deck, at: Location | None) -> list[Finding]:
    """A `total` rule: a maximum at the line that passes it, a minimum at the deck."""
    lines = deck.lines
    steps = [
        count * value if isinstance(value := cards[name].get(total.field), int) else 0
        for name, count, _ in lines
    ]
    if total.max is not None:
        index = _passes(steps, total.max)
        if index is not None:
            name, _, where = lines[index]
            return [
                finding(
                    "deck-total",
                    f"the cards' {total.field} adds up to {sum(steps[: index + 1])} with "
                    f"{name}; a deck's adds up to at most {total.max}",
                    where,
                )
            ]
    if total.min is not None and sum(steps) < total.min:
        return [
            finding(
                "deck-total",
                f"the cards' {total.field} adds up to {sum(steps)}; a deck's adds up to "
                f"at least {total.min}",
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
    return (rule.min is None or value >= rule.min) and (rule.max is None or value <= rule.max)


def _copies(rules: DeckRules, cards: Cards, deck: Deck, side: Deck) -> list[Finding]:
    """Banned and restricted cards, and copies of a card (main deck and sideboard
    together), each at the line that passes the limit (a banned card at its first line
    in the deck and in the sideboard)."""
    found: list[Finding] = []
    banned = {normalise(n) for n in rules.banned}
    restricted = {normalise(n) for n in rules.restricted}
    for part in (deck, side):
        for name, _, where in part.entries:
            if normalise(name) in banned:
                found.append(finding("banned-card", f"{name} is banned", where))
    lines = [*deck.lines, *side.lines]
    limits = _Limits(rules)
    totals: dict[str, int] = {}
    for name, count, _ in lines:
        totals[name] = totals.get(name, 0) + count
    for name, total in totals.items():
        if normalise(name) in banned:
            continue
        limit, why = limits.of(cards[name], normalise(name) in restricted)
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
    if have >= rule.count:
        return []
    code, message = _said(
        say,
        "deck-count",
        f"the deck has {have} cards with {_words(rule.where)}; it needs at least {rule.count}",
        {"have": have, "need": rule.count, "where": rule.where},
    )
    return [finding(code, message, at)]


def _at_most(rule: CountRule, deck: Deck, picker: Picker) -> list[Finding]:
    picked = picker.pick(rule.where)
    running = 0
    for name, count, where in deck.lines:
        if name not in picked:
            continue
        running += count
        if running > rule.count:
            return [
                finding(
                    "deck-count",
                    f"{running} cards with {_words(rule.where)} with {name}; a deck has at "
                    f"most {rule.count}",
                    where,
                )
            ]
    return []


def check_rules(
    rules: DeckRules,
    fields: Mapping[str, FieldInfo],
    where: Location | None = None,
    cards: Iterable[str] | None = None,
) -> list[Finding]:
    """What is wrong with the rules themselves: a field the cards do not have, a value a
    choice field never takes, a `where` or `copies.by` on a field without a list of
    values (text, a colour, an image), a total over a field that is not a whole number;
    given the cards' names, a banned or restricted name that is no card's."""
    found: list[Finding] = []
    if cards is not None:
        names = list(cards)
        known = {normalise(name) for name in names}
        unknown = 0
        for key in ("banned", "restricted"):
            for i, name in enumerate(getattr(rules, key)):
                if normalise(name) not in known:
                    unknown += 1
                    hint = suggest(name, names) if unknown <= SUGGESTED else ""
                    found.append(
                        finding(
                            "unknown-card",
                            f"`{key}` names {name!r}, which is no card of the game{hint}",
                            rules.where(key, i) or where,
                        )
                    )

    def place(*keys: object) -> Location | None:
        return rules.where(*keys) or where

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
                    "`banned` or `restricted`)",
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
                        finding("invalid-value", f"{name} is a whole number, never {value!r}", at)
                    )
            return
        if info.values is None:
            return
        known = {v.casefold() for v in info.values}
        for value in values:
            if value.casefold() not in known:
                found.append(
                    finding(
                        "invalid-value",
                        f"{name} is never {value!r}; its values: {', '.join(info.values)}",
                        at,
                    )
                )

    for key in ("at_least", "at_most"):
        for i, rule in enumerate(getattr(rules, key)):
            for name, values in rule.where.items():
                at = place(key, i, "where", name)
                info = field_ok(name, at, listed=True)
                if info is not None:
                    values_ok(name, info, values, at)
    if rules.copies is not None:
        for name, limits in rules.copies.by.items():
            at = place("copies", "by", name)
            info = field_ok(name, at, listed=True)
            if info is not None:
                values_ok(name, info, list(limits), at)
    for i, play in enumerate(rules.in_play):
        for name, values in play.where.items():
            at = place("in_play", i, "where", name)
            info = field_ok(name, at, listed=True)
            if info is not None:
                values_ok(name, info, values, at)
        if play.one_per != "card":
            field_ok(play.one_per, place("in_play", i, "one_per"), listed=True)
    for i, total in enumerate(rules.total):
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
    return found


class DeckSearch:
    """What `legal_deck` found: a deck and a sideboard (each card's name and copies, in
    the cards' order), legal when `problem` is None; else the closest deck the search
    came to, and the first rule it breaks, in words."""

    __slots__ = ("main", "problem", "sideboard")

    def __init__(
        self,
        main: list[tuple[str, int]],
        sideboard: list[tuple[str, int]],
        problem: str | None,
    ) -> None:
        self.main = main
        self.sideboard = sideboard
        self.problem = problem


def legal_deck(
    rules: DeckRules,
    cards: Cards,
    max_names: int | None = None,
    max_copies: int | None = None,
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

    The work is bounded by the game, not by luck or a clock: a card is looked at again
    only while it still fits (once it does not, it is not looked at again: the deck
    only grows), each look costs the rules that pick the card, and the running counts
    and sums are kept, never summed again; so a game at kitgen's limits (5,000 cards,
    every kind of rule at its limit) answers in about a second, the same deck every
    time."""
    from kitgen.model.deck_rules import MAX_CARDS

    banned = {normalise(n) for n in rules.banned}
    restricted = {normalise(n) for n in rules.restricted}
    keys = {name: normalise(name) for name in cards}
    names = [n for n in cards if keys[n] not in banned]
    picker = Picker(cards, names)
    size = rules.size
    low = None if size is None else size.min
    high = None if size is None else size.max
    target = low if low is not None else min(20, high if high is not None else 20)
    if size is None:
        target = min(target, len(names))
    ceiling = high if high is not None else max(target, MAX_CARDS)
    most = MAX_CARDS if max_copies is None else max_copies
    limits = _Limits(rules)
    cap: dict[str, int] = {}
    for name in names:
        limit, _ = limits.of(cards[name], keys[name] in restricted)
        cap[name] = most if limit is None else min(limit, most)
    at_most_of: dict[str, list[int]] = {}
    for r, rule in enumerate(rules.at_most):
        for name in picker.pick(rule.where):
            at_most_of.setdefault(name, []).append(r)
    # `total` rules over one field share its running sum: the least maximum and the
    # greatest minimum of the field's rules hold.
    fields = list(dict.fromkeys(total.field for total in rules.total))
    tops: list[int | None] = [None] * len(fields)
    floors: list[int | None] = [None] * len(fields)
    for total in rules.total:
        f = fields.index(total.field)
        if total.max is not None:
            top = tops[f]
            tops[f] = total.max if top is None else min(top, total.max)
        if total.min is not None:
            floor = floors[f]
            floors[f] = total.min if floor is None else max(floor, total.min)
    values_of: dict[str, list[tuple[int, int]]] = {}  # (field, value), when not 0
    plus_of: dict[str, list[tuple[int, int, int]]] = {}  # (field, value, its maximum)
    for f, field in enumerate(fields):
        top = tops[f]
        for name in names:
            value = cards[name].get(field)
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
    counts_at_most = [rule.count for rule in rules.at_most]
    needs = []  # each `at_least` rule's count, the cards it picks, and them in order
    for rule in rules.at_least:
        picked = picker.pick(rule.where)
        needs.append((rule.count, picked, [n for n in names if n in picked]))

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
            return DeckSearch(main, side, "no card of the game may be in a deck")
        errors = [
            f
            for f in check_deck(
                rules, cards, [Entry(n, c) for n, c in main], [Entry(n, c) for n, c in side]
            )
            if f.is_error
        ]
        return DeckSearch(main, side, errors[0].message if errors else None)

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
    wanted = 0 if rules.sideboard is None or rules.sideboard.min is None else rules.sideboard.min
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
) -> dict[str, object]:
    """What a designer wants to see of a deck (JSON-ready): its size, the curve of each
    whole-number field, the cards by each choice or icons field's values, and each deck
    rule with the deck's value, its limit and how much is to spare (`close` when one card
    or a tenth of the limit at most)."""
    deck = read_deck(main, cards)
    side = read_deck(sideboard, cards, "the sideboard")
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
        if info.type == "integer":
            curves[field] = dict(sorted(tally.items(), key=lambda kv: int(kv[0])))
        elif info.type in ("choice", "icons"):
            order = list(info.values) if info.values else sorted(tally)
            counts[field] = {v: tally[v] for v in order if v in tally}
    limits: list[dict[str, object]] = []

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
        limit("size", deck.size, rules.size.min, rules.size.max)
    if rules.sideboard is not None:
        limit("sideboard", side.size, rules.sideboard.min, rules.sideboard.max)
    picker = Picker(cards, (name for name, _, _ in deck.entries))
    for rule in rules.at_least:
        picked = picker.pick(rule.where)
        have = sum(c for n, c, _ in deck.entries if n in picked)
        limit("at_least", have, rule.count, None, where=_words(rule.where))
    for rule in rules.at_most:
        picked = picker.pick(rule.where)
        have = sum(c for n, c, _ in deck.entries if n in picked)
        limit("at_most", have, None, rule.count, where=_words(rule.where))
    for total in rules.total:
        value = sum(
            c * v for n, c, _ in deck.entries if isinstance(v := cards[n].get(total.field), int)
        )
        limit("total", value, total.min, total.max, field=total.field)
    return {
        "cards": deck.size,
        "sideboard": side.size,
        "curves": curves,
        "counts": counts,
        "rules": limits,
    }


def summary(rules: DeckRules) -> list[str]:
    """The deck rules as sentences for the rule booklet, generated from the rules that
    `kitgen check` enforces so the two cannot drift apart."""
    out: list[str] = []
    if rules.size is not None:
        out.append(f"A deck has {_range_words(rules.size)} cards.")
    if rules.copies is not None:
        line = f"A deck may hold a card at most {_times(rules.copies.max)}"
        fewer = [
            f"a {value} {_times(limit)}"
            for limits in rules.copies.by.values()
            for value, limit in limits.items()
        ]
        out.append(line + (f"; {', '.join(fewer)}." if fewer else "."))
    for rule in rules.at_least:
        out.append(f"It holds at least {rule.count} cards with {_words(rule.where)}.")
    for rule in rules.at_most:
        out.append(f"It holds at most {rule.count} cards with {_words(rule.where)}.")
    for total in rules.total:
        bounds = (
            f"{total.min} to {total.max}"
            if total.min is not None and total.max is not None
            else f"at least {total.min}"
            if total.min is not None
            else f"at most {total.max}"
        )
        out.append(f"The {total.field} of its cards adds up to {bounds}.")
    if rules.banned:
        out.append(f"Banned: {', '.join(rules.banned)}.")
    if rules.restricted:
        out.append(f"Restricted to one copy: {', '.join(rules.restricted)}.")
    if rules.sideboard is not None:
        out.append(f"A sideboard holds {_range_words(rules.sideboard)} cards.")
    for play in rules.in_play:
        if play.one_per == "card":
            out.append(
                f"Only one copy of each card with {_words(play.where)} may be in play at once."
            )
        else:
            out.append(
                f"Only one card with {_words(play.where)} of each {play.one_per} may be in "
                "play at once."
            )
    return out
