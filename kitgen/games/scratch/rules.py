"""Scratch: Draw the Line rules: the card formula and deck legality.

The numbers (deck size, commons, stat range) come from the game's parameters
and the budgets from the rarities and powers of the card pool, so custom
rarities and powers follow the same formula as the official ones.
"""

from __future__ import annotations

from collections.abc import Iterable

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
from kitgen.model.base import normalise, suggest
from kitgen.model.findings import Finding, finding, warning

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


def check_deck(
    deck: ScratchDeckFile, pool: ScratchPool, params: ScratchParameters
) -> list[Finding]:
    """Check a deck list: its size, its commons, that every card exists, and play limits."""
    found: list[Finding] = []
    total = sum(deck.cards.values())
    commons = unknown = 0
    uniques: dict[str, list[str]] = {}
    for name, count in deck.cards.items():
        card = pool.card(name)
        at = deck.where("cards", name, key=True)
        if card is None:
            unknown += count
            if normalise(name) in pool.broken:
                first = pool.broken[normalise(name)]
                where = f" ({first.path} line {first.line})" if first else ""
                found.append(
                    finding(
                        "broken-card",
                        f"{name!r} cannot be used: its definition{where} has errors",
                        at,
                    )
                )
            else:
                names = [c.name for c in pool.cards.values()]
                found.append(
                    finding(
                        "unknown-card",
                        f"no card called {name!r}{suggest(name, names)}; check the spelling, "
                        "or add the card file that defines it to `uses:`",
                        at,
                    )
                )
            continue
        rarity = pool.rarity(card.rarity)
        faction = pool.faction(card.faction)
        if rarity is None:
            continue
        if rarity.id == COMMON:
            commons += count
        if rarity.limit != "none" and count > 1:
            found.append(
                warning(
                    "extra-copy",
                    f"{count} copies of {card.name}: only one {rarity.name} {card.name} can be in "
                    "play at a time, so the others can only wait in your hand",
                    at,
                )
            )
        if rarity.limit == "one-per-faction" and faction is not None:
            uniques.setdefault(faction.id, []).append(card.name)
            if len(uniques[faction.id]) == 2:
                found.append(
                    warning(
                        "unique-per-faction",
                        f"{' and '.join(uniques[faction.id])} are both {faction.name} "
                        f"{rarity.name}s; only one {faction.name} {rarity.name} can be in play "
                        "at a time",
                        at,
                    )
                )
    if total != params.deck_size:
        found.append(
            finding(
                "deck-size",
                f"the deck has {total} cards; a deck has exactly {params.deck_size}",
                deck.where("cards", key=True),
            )
        )
    if commons + unknown < params.min_commons:
        found.append(
            finding(
                "too-few-commons",
                f"the deck has {commons} common cards; a deck needs at least {params.min_commons}",
                deck.where("cards", key=True),
            )
        )
    return found
