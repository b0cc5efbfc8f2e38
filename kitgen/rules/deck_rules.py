"""A deck checked against a game's deck-building rules (kitgen.model.deck_rules), and the
rules themselves checked against the game's card fields.

Pure: the deck comes in as entries (a card's name, its count, where it is written) and
the game's cards as their fields' values by name; every broken rule is a finding at the
deck line that breaks it, in words a player reads (`3 copies of Fireball; a rare may
appear once`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from kitgen.model.base import normalise, suggest
from kitgen.model.findings import Finding, Location, finding, warning
from kitgen.names import spelt

if TYPE_CHECKING:
    from kitgen.model.deck_rules import CountRule, DeckRules, Range

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
    alike, case and spacing aside, are one card), with the card each names."""

    __slots__ = ("entries", "findings")

    def __init__(
        self, entries: list[tuple[str, int, Location | None]], findings: list[Finding]
    ) -> None:
        self.entries = entries  # the card's own name, count, place
        self.findings = findings

    @property
    def size(self) -> int:
        return sum(count for _, count, _ in self.entries)


def read_deck(lines: Sequence[Entry], cards: Cards, what: str = "the deck") -> Deck:
    """The deck's lines as the game's cards: an unknown name is `unknown-card` (with the
    nearest name), and two lines naming one card are merged with a warning. A line names
    the card spelt exactly as it is (NFC), else the first whose name matches it with
    case, spacing and punctuation aside (`normalise`)."""
    exact: dict[str, str] = {}
    by_key: dict[str, str] = {}
    for known in cards:
        exact.setdefault(spelt(known), known)
        by_key.setdefault(normalise(known), known)
    found: list[Finding] = []
    merged: dict[str, tuple[int, Location | None]] = {}
    for line in lines:
        name = exact.get(spelt(line.name)) or by_key.get(normalise(line.name))
        if name is None:
            found.append(
                finding(
                    "unknown-card",
                    f"no card called {line.name!r} in the game's cards"
                    f"{suggest(line.name, list(cards))}",
                    line.where,
                )
            )
            continue
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
    return Deck(entries, found)


def matches(values: Mapping[str, object], where: Mapping[str, list[str]]) -> bool:
    """Whether a card's values meet a `where`: every field one of its values (an icons
    field: holding one of them), compared as text, case aside."""
    for field, wanted in where.items():
        value = values.get(field)
        have = (
            {str(v).casefold() for v in value}
            if isinstance(value, (tuple, list))
            else {"" if value is None else str(value).casefold()}
        )
        if not have & {w.casefold() for w in wanted}:
            return False
    return True


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
) -> list[Finding]:
    """Every rule a deck breaks, each at the line that breaks it (`at`: the deck's cards,
    for a rule of the whole deck); `say` words some of them the game's own way."""
    deck = read_deck(main, cards)
    side = read_deck(sideboard, cards, "the sideboard")
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
    found += _copies(rules, cards, deck, side)
    found += in_play_warnings(rules, cards, deck.entries, say)
    for rule in rules.at_least:
        found += _at_least(rule, cards, deck, at, say)
    for rule in rules.at_most:
        found += _at_most(rule, cards, deck)
    for total in rules.total:
        running = 0
        for name, count, where in deck.entries:
            value = cards[name].get(total.field)
            running += count * (value if isinstance(value, int) else 0)
            if total.max is not None and running > total.max:
                found.append(
                    finding(
                        "deck-total",
                        f"the cards' {total.field} adds up to {running} with {name}; a deck's "
                        f"adds up to at most {total.max}",
                        where,
                    )
                )
                break
        else:
            if total.min is not None and running < total.min:
                found.append(
                    finding(
                        "deck-total",
                        f"the cards' {total.field} adds up to {running}; a deck's adds up to "
                        f"at least {total.min}",
                        at,
                    )
                )
    return found


def in_play_warnings(
    rules: DeckRules,
    cards: Cards,
    entries: Sequence[tuple[str, int, Location | None]],
    say: Say | None = None,
) -> list[Finding]:
    """Warnings for cards a deck holds more of than can be in play at once (`in_play`):
    a second copy where one copy of each may be in play (`extra-copy`), a second card of
    one value where one per value may be (`in-play-limit`), each at its line."""
    found: list[Finding] = []
    for rule in rules.in_play:
        kind = _words(rule.where)
        if rule.one_per == "card":
            for name, count, where in entries:
                if count > 1 and matches(cards[name], rule.where):
                    code, message = _said(
                        say,
                        "extra-copy",
                        f"{count} copies of {name}: only one of each card with {kind} can "
                        "be in play at a time, so the others can only wait in your hand",
                        {"name": name, "count": count, "values": cards[name]},
                    )
                    found.append(warning(code, message, where))
            continue
        seen: dict[str, list[str]] = {}
        for name, _count, where in entries:
            if not matches(cards[name], rule.where):
                continue
            value = str(cards[name].get(rule.one_per, ""))
            seen.setdefault(value, []).append(name)
            if len(seen[value]) == 2:
                code, message = _said(
                    say,
                    "in-play-limit",
                    f"{' and '.join(seen[value])} both have {rule.one_per} {value}; only "
                    f"one card with {kind} of each {rule.one_per} can be in play at a time",
                    {"names": list(seen[value]), "values": cards[name]},
                )
                found.append(warning(code, message, where))
    return found


def _within(value: int, rule: Range) -> bool:
    return (rule.min is None or value >= rule.min) and (rule.max is None or value <= rule.max)


def _copies(rules: DeckRules, cards: Cards, deck: Deck, side: Deck) -> list[Finding]:
    """Banned and restricted cards, and copies of a card (main deck and sideboard
    together), each at the line that passes the limit."""
    found: list[Finding] = []
    banned = {normalise(n) for n in rules.banned}
    restricted = {normalise(n) for n in rules.restricted}
    seen: dict[str, int] = {}
    for name, count, where in [*deck.entries, *side.entries]:
        if normalise(name) in banned:
            found.append(finding("banned-card", f"{name} is banned", where))
            continue
        seen[name] = seen.get(name, 0) + count
        limit, why = _limit(rules, cards[name], normalise(name) in restricted)
        if limit is not None and seen[name] > limit and seen[name] - count <= limit:
            found.append(finding("too-many-copies", f"{seen[name]} copies of {name}; {why}", where))
    return found


def _limit(
    rules: DeckRules, values: Mapping[str, object], restricted: bool
) -> tuple[int | None, str]:
    """The copies a card may have, and why, in words."""
    if restricted:
        return 1, "it is restricted to one copy"
    if rules.copies is None:
        return None, ""
    best, why = rules.copies.max, f"a card may appear at most {_times(rules.copies.max)}"
    for field, limits in rules.copies.by.items():
        value = values.get(field)
        for wanted, limit in limits.items():
            if value is not None and str(value).casefold() == wanted.casefold() and limit < best:
                best, why = limit, f"a {wanted} may appear {_times(limit)}"
    return best, why


def _times(n: int) -> str:
    return {0: "no times", 1: "once", 2: "twice"}.get(n, f"{n} times")


def _at_least(
    rule: CountRule, cards: Cards, deck: Deck, at: Location | None, say: Say | None = None
) -> list[Finding]:
    have = sum(count for name, count, _ in deck.entries if matches(cards[name], rule.where))
    if have >= rule.count:
        return []
    code, message = _said(
        say,
        "deck-count",
        f"the deck has {have} cards with {_words(rule.where)}; it needs at least {rule.count}",
        {"have": have, "need": rule.count, "where": rule.where},
    )
    return [finding(code, message, at)]


def _at_most(rule: CountRule, cards: Cards, deck: Deck) -> list[Finding]:
    running = 0
    for name, count, where in deck.entries:
        if not matches(cards[name], rule.where):
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
    rules: DeckRules, fields: Mapping[str, FieldInfo], where: Location | None = None
) -> list[Finding]:
    """What is wrong with the rules themselves: a field the cards do not have, a value a
    choice field never takes, a `where` or `copies.by` on a field without a list of
    values (text, a colour, an image), a total over a field that is not a whole number."""
    found: list[Finding] = []

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


def legal_deck(rules: DeckRules, cards: Cards) -> list[tuple[str, int]] | None:
    """A legal deck of the game's cards (in their order), or None when this simple search
    finds none: the cards each `at_least` rule needs first, then any cards up to the
    deck's size, every limit kept (copies, banned, `at_most`, `total` maxima). A deck
    with no size rule gets 20 cards, or every card once if there are fewer."""
    banned = {normalise(n) for n in rules.banned}
    restricted = {normalise(n) for n in rules.restricted}
    names = [n for n in cards if normalise(n) not in banned]
    size = rules.size
    target = (
        size.min
        if size is not None and size.min is not None
        else min(20, size.max if size is not None and size.max is not None else 20)
    )
    counts: dict[str, int] = {}

    def fits(name: str) -> bool:
        limit, _ = _limit(rules, cards[name], normalise(name) in restricted)
        if limit is not None and counts.get(name, 0) + 1 > limit:
            return False
        if size is not None and size.max is not None and sum(counts.values()) + 1 > size.max:
            return False
        for rule in rules.at_most:
            if matches(cards[name], rule.where):
                have = sum(c for n, c in counts.items() if matches(cards[n], rule.where))
                if have + 1 > rule.count:
                    return False
        for total in rules.total:
            value = cards[name].get(total.field)
            if total.max is not None and isinstance(value, int):
                running = sum(
                    c * v
                    for n, c in counts.items()
                    if isinstance(v := cards[n].get(total.field), int)
                )
                if running + value > total.max:
                    return False
        return True

    def add(pool: list[str], wanted: int) -> None:
        added = True
        while wanted > 0 and added:
            added = False
            for name in pool:  # one copy each round: a spread of cards
                if wanted > 0 and fits(name):
                    counts[name] = counts.get(name, 0) + 1
                    wanted -= 1
                    added = True

    for rule in rules.at_least:
        have = sum(c for n, c in counts.items() if matches(cards[n], rule.where))
        add([n for n in names if matches(cards[n], rule.where)], rule.count - have)
    add(names, min(target, len(names) if size is None else target) - sum(counts.values()))
    deck = [(n, counts[n]) for n in names if counts.get(n)]
    main = [Entry(n, c) for n, c in deck]
    if not deck or any(f.is_error for f in check_deck(rules, cards, main)):
        return None
    return deck


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
    for rule in rules.at_least:
        have = sum(c for n, c, _ in deck.entries if matches(cards[n], rule.where))
        limit("at_least", have, rule.count, None, where=_words(rule.where))
    for rule in rules.at_most:
        have = sum(c for n, c, _ in deck.entries if matches(cards[n], rule.where))
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
