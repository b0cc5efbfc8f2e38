"""Scratch: Draw the Line rules: the card formula and deck legality.

The numbers (deck size, commons, stat range) come from the game's parameters
and the budgets from the rarities and powers of the card pool, so custom
rarities and powers follow the same formula as the official ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from kitgen.api import DeckRules, Finding, finding, normalise, suggest, warning
from kitgen.api import deck_rules as language
from kitgen.games.scratch.model import (
    OPPOSITE,
    SIDES,
    PowerSpec,
    RaritySpec,
    ScratchCard,
    ScratchDeckFile,
    ScratchParameters,
    ScratchPool,
)

if TYPE_CHECKING:
    from kitgen.api import DeckRules, Say

COMMON = "common"


def card_budget(rarity: RaritySpec, power: PowerSpec | None) -> int:
    """What a card's four sides must add up to under the formula."""
    return rarity.budget + (power.budget_bonus if power is not None else 0)


def _power_words(power: PowerSpec | None, card: ScratchCard) -> str:
    if card.power is None:
        bonus = power.budget_bonus if power is not None else 0
        return f"with no power ({bonus:+d})" if bonus else "with no power"
    assert power is not None
    if power.budget_bonus:
        return f"with {power.name} ({power.budget_bonus:+d})"
    return "with a power"


def check_card(card: ScratchCard, pool: ScratchPool, params: ScratchParameters) -> list[Finding]:
    """Check one card against the pool's factions, powers, rarities and the formula."""
    found: list[Finding] = []
    rarity = pool.rarity(card.rarity)
    if rarity is None:
        found.append(
            finding(
                "unknown-rarity",
                f"{card.name}: no rarity called {card.rarity!r}"
                f"{suggest(card.rarity, pool.names(pool.rarities))}; "
                f"known: {', '.join(pool.names(pool.rarities))}",
                card.where("rarity"),
            )
        )
    faction = pool.faction(card.faction)
    if faction is None:
        found.append(
            finding(
                "unknown-faction",
                f"{card.name}: no faction called {card.faction!r}"
                f"{suggest(card.faction, pool.names(pool.factions))}; declare it under `factions:` "
                f"or use one of: {', '.join(pool.names(pool.factions))}",
                card.where("faction"),
            )
        )
    power = pool.power(card.power)
    if card.power is not None and power is None:
        found.append(
            finding(
                "unknown-power",
                f"{card.name}: no power called {card.power!r}"
                f"{suggest(card.power, pool.names(pool.powers))}; declare it under `powers:` "
                "or leave `power:` out for a card with no power",
                card.where("power"),
            )
        )
    in_range = True
    for side in SIDES:
        value = card.stats.side(side)
        if not params.stat_min <= value <= params.stat_max:
            in_range = False
            found.append(
                finding(
                    "stat-range",
                    f"{card.name}: the {side} side is {value}; every side is a whole number "
                    f"from {params.stat_min} to {params.stat_max}",
                    card.where("stats", side),
                )
            )
    if rarity is not None and in_range and (card.power is None or power is not None):
        found += _check_budget(card, rarity, power)
    if faction is not None and faction.tendency is not None:
        strong, weak = faction.tendency, OPPOSITE[faction.tendency]
        if card.stats.side(strong) < card.stats.side(weak):
            found.append(
                finding(
                    "weak-tendency",
                    f"{card.name}: {faction.name} cards are strong on the {strong} side, but its "
                    f"{strong} ({card.stats.side(strong)}) is lower than its {weak} "
                    f"({card.stats.side(weak)})",
                    card.where("stats", strong),
                )
            )
    if faction is not None and power is not None and power.faction is not None:
        owner = pool.faction(power.faction)
        if owner is not None and owner.id != faction.id:
            found.append(
                finding(
                    "foreign-faction-power",
                    f"{card.name}: {power.name} is the {owner.name} faction's own power, "
                    f"but this is a {faction.name} card",
                    card.where("power"),
                )
            )
    return found


def _check_budget(card: ScratchCard, rarity: RaritySpec, power: PowerSpec | None) -> list[Finding]:
    budget = card_budget(rarity, power)
    total = card.stats.total
    s = card.stats
    sums = f"{s.top}+{s.right}+{s.bottom}+{s.left}"
    if total == budget:
        if card.off_formula:
            return [
                finding(
                    "needless-off-formula",
                    f"{card.name} is marked off_formula, but its sides meet the formula "
                    f"({sums} = {budget}); remove the mark",
                    card.where("off_formula", key=True),
                )
            ]
        return []
    diff = total - budget
    how = f"take {diff} off" if diff > 0 else f"add {-diff} to"
    message = (
        f"{card.name}: the sides add up to {total} ({sums}), but a {rarity.name} "
        f"{_power_words(power, card)} must add up to {budget}"
    )
    if card.off_formula:
        return [warning("stat-budget", message + " (marked off_formula)", card.where("stats"))]
    return [
        finding(
            "stat-budget",
            f"{message}: {how} the sides, or add `off_formula: true` if this is deliberate",
            card.where("stats"),
        )
    ]


def check_cards(
    cards: Iterable[ScratchCard], pool: ScratchPool, params: ScratchParameters
) -> list[Finding]:
    """Check every card; collect all findings, never raise."""
    found: list[Finding] = []
    for card in cards:
        found += check_card(card, pool, params)
    return found


def default_deck_rules(params: ScratchParameters) -> DeckRules:
    """Scratch's deck rules in the deck-rules language, from its parameters: exactly
    `deck_size` cards, at least `min_commons` commons; in play, one copy of each rare or
    unique and one unique per faction (data/scratch/game.yaml writes the same out)."""
    from kitgen.api import DeckRules

    return DeckRules.model_validate(
        {
            "size": params.deck_size,
            "at_least": [{"where": {"rarity": COMMON}, "count": params.min_commons}],
            "in_play": [
                {"where": {"rarity": ["rare", "unique"]}, "one_per": "card"},
                {"where": {"rarity": "unique"}, "one_per": "faction"},
            ],
        }
    )


def deck_rules_agree(params: ScratchParameters, rules: DeckRules | None) -> list[Finding]:
    """The game file's deck rules say what its parameters say (the booklet prints the
    parameters, the check holds decks to the rules: they must not drift apart)."""
    if rules is None:
        return []
    found: list[Finding] = []
    size = rules.size
    if size is None or size.min != params.deck_size or size.max != params.deck_size:
        found.append(
            finding(
                "invalid-value",
                f"`deck_rules` must give `size: {params.deck_size}`, as `deck_size` does",
                rules.where("size") or rules.where(),
            )
        )
    commons = [r for r in rules.at_least if r.where == {"rarity": [COMMON]}]
    if [r.count for r in commons] != [params.min_commons]:
        found.append(
            finding(
                "invalid-value",
                "`deck_rules` must hold one `at_least` rule of "
                f"{{where: {{rarity: common}}, count: {params.min_commons}}}, as `min_commons` "
                "does",
                rules.where("at_least") or rules.where(),
            )
        )
    return found


def check_deck(
    deck: ScratchDeckFile,
    pool: ScratchPool,
    params: ScratchParameters,
    deck_rules: DeckRules | None = None,
) -> list[Finding]:
    """Check a deck list: that every card exists, then Scratch's deck rules (written in
    the deck-rules language: kitgen.rules.deck_rules checks them), said in Scratch's own
    words and codes (`too-few-commons`, `extra-copy`, `unique-per-faction`)."""
    from kitgen.api import deck_rules as language

    rules = _with_pool_limits(deck_rules or default_deck_rules(params), pool)
    found: list[Finding] = []
    cards: dict[str, dict[str, object]] = {}
    entries: list[language.Entry] = []
    commons = 0
    unknown = 0
    for index, (name, count) in enumerate(deck.cards.items()):
        card = pool.card(name)
        at = deck.where("cards", name, key=True)
        key = normalise(name)
        # A card whose definition has errors: one dropped from its file (no card), or
        # one in the pool whose own definition is the broken one.
        broken = key in pool.broken and (card is None or pool.broken[key] == card.where())
        if broken:
            first = pool.broken[key]
            where = f" ({first.path} line {first.line})" if first else ""
            found.append(
                finding(
                    "broken-card",
                    f"{name!r} cannot be used: its definition{where} has errors",
                    at,
                )
            )
        if card is None:
            # Counted in the deck's size, and by the rarity its broken definition
            # declares (one error for it, not a missing common too); an unknown card of
            # no rarity (a misspelt rare hides no missing common).
            declared = pool.rarity(pool.broken_rarities.get(key, "")) if broken else None
            rarity_id = "" if declared is None else declared.id
            if rarity_id == COMMON:
                commons += count
            stand_in = f"\0unknown {index}"
            cards[stand_in] = {"rarity": rarity_id}
            entries.append(language.Entry(stand_in, count, at))
            if not broken:
                unknown += 1
                names = [c.name for c in pool.cards.values()]
                hint = suggest(name, names) if unknown <= language.SUGGESTED else ""
                found.append(
                    finding(
                        "unknown-card",
                        f"no card called {name!r}{hint}; check the spelling, "
                        "or add the card file that defines it to `uses:`",
                        at,
                    )
                )
            continue
        rarity = pool.rarity(card.rarity)
        faction = pool.faction(card.faction)
        if rarity is not None and rarity.id == COMMON:
            commons += count
        cards[card.name] = {
            "rarity": "" if rarity is None else rarity.id,
            "faction": "" if faction is None else faction.id,
        }
        entries.append(language.Entry(card.name, count, at))
    found += language.check_deck(
        rules, cards, entries, at=deck.where("cards", key=True), say=_scratch_words(pool, commons)
    )
    return found


def _with_pool_limits(rules: DeckRules, pool: ScratchPool) -> DeckRules:
    """The rules with the in-play limits of the pool's own rarities added (a card file
    may declare a rarity `limit: one-per-name` or `one-per-faction`): every limited
    rarity one copy of each card in play (added to the rules' one-per-card rarities),
    and a one-per-faction rarity one card of that rarity per faction (a rule of its own:
    one mythic and one unique of a faction may both be in play)."""
    from kitgen.api import InPlayRule

    per_name = [r.id for r in pool.rarities.values() if r.limit != "none"]
    per_faction = list(
        dict.fromkeys(r.id for r in pool.rarities.values() if r.limit == "one-per-faction")
    )
    plays = []
    for play in rules.in_play:
        wanted = play.where.get("rarity")
        if wanted is not None and play.one_per == "card":
            wanted = [*wanted, *(r for r in per_name if r not in wanted)]
            play = play.model_copy(update={"where": {**play.where, "rarity": wanted}})
        plays.append(play)
    for rarity in per_faction:
        if not any(
            play.one_per == "faction" and play.where == {"rarity": [rarity]} for play in plays
        ):
            plays.append(InPlayRule.model_construct(where={"rarity": [rarity]}, one_per="faction"))
    return rules.model_copy(update={"in_play": plays})


def _scratch_words(pool: ScratchPool, commons: int) -> Say:
    """Scratch's own codes and wording for its deck rules (scripts match them)."""

    def name_of(kind: str, ref: object) -> str:
        spec = pool.rarity(str(ref)) if kind == "rarity" else pool.faction(str(ref))
        return str(ref) if spec is None else spec.name

    def say(code: str, facts: Mapping[str, object]) -> tuple[str, str] | None:
        if code == "deck-count":
            return (
                "too-few-commons",
                f"the deck has {commons} common cards; a deck needs at least {facts['need']}",
            )
        values = facts["values"]
        assert isinstance(values, Mapping)
        rarity = name_of("rarity", values.get("rarity"))
        if code == "extra-copy":
            name = facts["name"]
            return (
                "extra-copy",
                f"{facts['count']} copies of {name}: only one {rarity} {name} can be in play "
                "at a time, so the others can only wait in your hand",
            )
        if code == "in-play-limit":
            names = facts["names"]
            assert isinstance(names, list)
            faction = name_of("faction", values.get("faction"))
            if len(names) == 1:  # copies of one card
                return (
                    "unique-per-faction",
                    f"{facts['count']} copies of {names[0]}: only one {faction} {rarity} can "
                    "be in play at a time, so the others can only wait in your hand",
                )
            return (
                "unique-per-faction",
                f"{' and '.join(names)} are both {faction} {rarity}s; only one {faction} "
                f"{rarity} can be in play at a time",
            )
        return None

    return say
