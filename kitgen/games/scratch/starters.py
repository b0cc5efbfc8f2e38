"""Scratch's starter files: a card file, a deck, and a game folder (`kitgen new`).

The numbers in them (deck size, commons, card budgets) come from Scratch's game data
and rules, so the comments stay true when they change; the text around them lives in
`templates/new/`.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kitgen.api import (
    KitgenError,
    comment_text,
    fill,
    folder_schema,
    kit_file,
    rules_file,
    schema_line,
    template_text,
    yaml_text,
)

if TYPE_CHECKING:
    from kitgen.games.scratch.model import RaritySpec, ScratchParameters, ScratchPool

# What the Scratch kit's own components print, for the kit file's comments.
COMPONENT_HELP = {
    "mat": "the play mat",
    "reference": "the reference cards listed under `reference:`",
}

# Official Scratch cards a starter deck prefers, in order; any others fill in.
_COMMONS = ("Worg", "Goblin", "Drake", "Captain of the Guard")
_OTHERS = ("Griffin", "Knight", "Dragon", "Queen", "Ranger", "Owlbear", "Wyvern")
_SIDES = ("top", "right", "bottom", "left")


@dataclass(frozen=True)
class CardIdea:
    """A card of the starter card file, before its sides are worked out."""

    name: str
    faction: str  # as written in the file: an id or a printed name
    rarity: str
    power: str | None  # as written: a printed name or an id
    lean: int  # points moved from the side opposite the strong one to it
    teaches: str  # the comment above it; `{sum}` becomes its budget in words


# The starter card file: a new faction and power, and cards that show each field.
NEW_FACTION = {"id": "tinkerer", "name": "Tinkerer", "colour": "#e8c25a", "tendency": "right"}
NEW_POWER = {
    "id": "spare-parts",
    "name": "Spare parts!",
    "faction": "tinkerer",
    "text": "After this card captures, you may discard one card from your hand; you refill "
    "your hand at the end of the turn as usual.",
}
CARD_IDEAS = (
    CardIdea(
        "Cogwright",
        "tinkerer",
        "common",
        None,
        1,
        "A common with no power: its sides add up to {sum}. Leave `power:` out for a card "
        "without one.",
    ),
    CardIdea(
        "Scrap Hound",
        "Tinkerer",
        "common",
        "Spare parts!",
        1,
        "A common with the new power, named by its printed name (ids work too, as for "
        "factions and rarities): its sides add up to {sum}.",
    ),
    CardIdea(
        "Gate Warden",
        "Kingdom",
        "rare",
        "Stand your ground!",
        2,
        "An official faction and power in a card of your own: a rare, so its sides add "
        "up to {sum}.",
    ),
    CardIdea(
        "Clockwork Colossus",
        "tinkerer",
        "unique",
        "a-little-slow",
        2,
        "A unique whose power pays for a drawback, named by its id: its sides add up to {sum}.",
    ),
)


def _spread(total: int, strong: str | None, lean: int, low: int, high: int) -> dict[str, int]:
    """Four side values adding up to total, `lean` points moved from the side opposite the
    strong one to it (so the strong side is never the lower of the two)."""
    start = _SIDES.index(strong) if strong is not None else 0
    order = [_SIDES[(start + i) % 4] for i in range(4)]  # strong, next, opposite, last
    values = [total // 4] * 4
    for i in (0, 1, 3, 2)[: total % 4]:
        values[i] += 1
    shift = max(0, min(lean, values[2] - low, high - values[0]))
    values[0] += shift
    values[2] -= shift
    if not all(low <= v <= high for v in values) or sum(values) != total:
        raise KitgenError(f"no starter card adds up to {total} with sides {low} to {high}")
    return dict(zip(order, values, strict=True))


@dataclass(frozen=True)
class _Card:
    name: str
    faction_id: str
    rarity_id: str


def _flow(stats: dict[str, int]) -> str:
    return "{" + ", ".join(f"{side}: {stats[side]}" for side in _SIDES) + "}"


def _power_words(pool: ScratchPool, ref: str | None) -> tuple[int, str]:
    """A power's budget bonus and how the comments name it."""
    power = pool.power(ref)
    bonus = power.budget_bonus if power is not None else 0
    if ref is None:
        return bonus, "no power"
    return bonus, power.name if power is not None else ref


def _starter_pool() -> tuple[ScratchPool, ScratchParameters]:
    """The official pool with the starter's faction and power added, and the parameters."""
    from kitgen.games.scratch.load import official
    from kitgen.games.scratch.model import FactionSpec, PowerSpec, ScratchCardsFile

    base = official()
    pool = base.pool.copy()
    extra = ScratchCardsFile(
        game="scratch",
        kind="cards",
        factions=[FactionSpec.model_validate(NEW_FACTION)],
        powers=[PowerSpec.model_validate(NEW_POWER)],
    )
    pool.add(extra)
    return pool, base.params


def starter_cards(pool: ScratchPool, params: ScratchParameters) -> tuple[list[str], list[_Card]]:
    """The `cards:` entries of the starter card file, and the cards for a deck."""
    from kitgen.games.scratch.rules import card_budget

    lines: list[str] = []
    cards: list[_Card] = []
    for idea in CARD_IDEAS:
        rarity, faction = pool.rarity(idea.rarity), pool.faction(idea.faction)
        assert rarity is not None and faction is not None, idea
        power = pool.power(idea.power)
        total = card_budget(rarity, power)
        bonus, words = _power_words(pool, idea.power)
        sum_words = f"{rarity.budget} + {bonus} ({words}) = {total}" if bonus else str(total)
        stats = _spread(total, faction.tendency, idea.lean, params.stat_min, params.stat_max)
        limit = _limit_sentence(rarity)
        lines += [
            f"  # {idea.teaches.format(sum=sum_words)}" + (f" {limit}" if limit else ""),
            f"  - name: {yaml_text(idea.name)}",
            f"    faction: {yaml_text(idea.faction)}",
            f"    rarity: {idea.rarity}",
            f"    stats: {_flow(stats)}",
        ]
        if idea.power is not None:
            lines.append(f"    power: {yaml_text(idea.power)}")
        cards.append(_Card(idea.name, faction.id, rarity.id))
    return lines, cards


def _official_cards(pool: ScratchPool) -> list[_Card]:
    """The official cards, the starter's favourites first."""
    from kitgen.games.scratch.load import official

    cards = []
    for card in {id(c): c for c in official().pool.cards.values()}.values():
        rarity, faction = pool.rarity(card.rarity), pool.faction(card.faction)
        if rarity is not None and faction is not None:
            cards.append(_Card(card.name, faction.id, rarity.id))
    rank = {name: i for i, name in enumerate((*_COMMONS, *_OTHERS))}
    return sorted(cards, key=lambda c: rank.get(c.name, len(rank)))


def compose_deck(
    cards: list[_Card], pool: ScratchPool, params: ScratchParameters
) -> dict[str, int]:
    """A legal deck from cards in order of preference: strong cards up to what the rules
    leave after the commons, one of each and one unique per faction, then commons in pairs."""
    from kitgen.games.scratch.rules import COMMON

    deck: dict[str, int] = {}
    others = params.deck_size - params.min_commons
    per_faction: set[str] = set()  # factions with a one-per-faction card already
    for card in cards:
        rarity = pool.rarity(card.rarity_id)
        if card.rarity_id == COMMON or rarity is None or len(deck) >= others:
            continue
        if rarity.limit == "one-per-faction":
            if card.faction_id in per_faction:
                continue
            per_faction.add(card.faction_id)
        deck[card.name] = 1  # one copy: a second of a limited card only waits in the hand
    commons = [c.name for c in cards if c.rarity_id == COMMON]
    if not commons:
        raise KitgenError("kitgen's card pool has no common cards for a starter deck")
    i = 0
    while sum(deck.values()) < params.deck_size:
        name = commons[(i // 2) % len(commons)]
        deck[name] = deck.get(name, 0) + 1
        i += 1
    return deck


def _deck_lines(deck: dict[str, int], pool: ScratchPool, cards: list[_Card]) -> list[str]:
    """The deck's `cards:` entries, grouped by rarity with a comment each."""
    by_name = {c.name: c for c in cards}
    lines: list[str] = []
    for rarity in _rarities(pool):
        names = [n for n in deck if by_name[n].rarity_id == rarity.id]
        if not names:
            continue
        lines.append(f"  # {rarity.name} ({sum(deck[n] for n in names)})")
        lines += [f"  {yaml_text(n)}: {deck[n]}" for n in names]
    return lines


def _rarities(pool: ScratchPool) -> list[RaritySpec]:
    """Each rarity once, in the order declared."""
    return list({r.id: r for r in pool.rarities.values()}.values())


def _limit_sentence(rarity: RaritySpec) -> str | None:
    """What a rarity's play limit means, or None when it has none."""
    if rarity.limit == "one-per-name":
        return f"Only one {rarity.name} of each name can be in play at a time."
    if rarity.limit == "one-per-faction":
        return f"Only one {rarity.name} of each faction can be in play at a time."
    return None


def _deck_rule(rarity: RaritySpec) -> str:
    """A rarity's limit as a deck rule, for the deck's comments."""
    advice = "one copy is enough" if rarity.limit == "one-per-name" else "take one per faction"
    return (
        f"{_limit_sentence(rarity)} So {advice}: another only waits in your hand, and "
        "`kitgen check` warns about it."
    )


def _scratch_values(pool: ScratchPool, params: ScratchParameters) -> dict[str, str]:
    """What the Scratch templates name: the game's numbers and the card formula in words."""
    rarities = _rarities(pool)
    none_bonus, _ = _power_words(pool, None)
    slow = pool.power("a-little-slow")
    budgets = ", ".join(f"{r.name} {r.budget}" for r in rarities)
    bonuses = f"no power +{none_bonus}" + (
        f", {slow.name} +{slow.budget_bonus}" if slow is not None and slow.budget_bonus else ""
    )
    return {
        "deck_size": str(params.deck_size),
        "min_commons": str(params.min_commons),
        "hand_size": str(params.hand_size),
        "stat_min": str(params.stat_min),
        "stat_max": str(params.stat_max),
        "budgets": budgets,
        "bonuses": bonuses,
        "rarity_rules": "\n".join(f"#   - {_deck_rule(r)}" for r in rarities if r.limit != "none"),
    }


def cards_file(name: str, schema_path: str | None) -> str:
    """The text of a starter Scratch card file."""
    pool, params = _starter_pool()
    lines, _ = starter_cards(pool, params)
    return fill(
        template_text("cards.yaml"),
        schema_line=schema_line("cards", schema_path),
        title=comment_text(name),
        faction_id=NEW_FACTION["id"],
        faction_name=yaml_text(NEW_FACTION["name"]),
        faction_colour=NEW_FACTION["colour"],
        faction_tendency=NEW_FACTION["tendency"],
        power_id=NEW_POWER["id"],
        power_name=yaml_text(NEW_POWER["name"]),
        power_faction=NEW_POWER["faction"],
        power_text=textwrap.fill(NEW_POWER["text"], 72, subsequent_indent="      "),
        cards="\n".join(lines),
        **_scratch_values(pool, params),
    )


def deck_file(name: str, schema_path: str | None, uses: str | None = None) -> str:
    """The text of a legal starter deck: official cards, or with `uses` the starter's own too."""
    pool, params = _starter_pool()
    official_cards = _official_cards(pool)
    cards = official_cards
    if uses is not None:
        cards = starter_cards(pool, params)[1] + official_cards
    deck = compose_deck(cards, pool, params)
    if uses is None:
        uses_lines = (
            "# Custom cards come from card files, named here relative to this deck\n"
            "# (`kitgen new cards NAME` writes one). Uncomment and change to use yours:\n"
            "# uses: [my-cards.yaml]"
        )
    else:
        uses_lines = (
            "# Card files with custom cards, relative to this deck. Their cards join\n"
            f"# the official ones.\nuses: [{uses}]"
        )
    return fill(
        template_text("deck.yaml"),
        schema_line=schema_line("deck", schema_path),
        title=comment_text(name),
        name=yaml_text(name),
        uses=uses_lines,
        cards="\n".join(_deck_lines(deck, pool, cards)),
        **_scratch_values(pool, params),
    )


def _figure() -> str:
    """The starter rules' figure: a card's anatomy, with valid `args:`."""
    from kitgen.games.scratch.figure_args import CardArgs

    card = CardArgs().card
    return (
        "      - figure: card-anatomy\n"
        f"        caption: {yaml_text('The parts of a card: ' + card)}\n"
        f"        args: {{card: {yaml_text(card)}}}"
    )


def starter_files(name: str) -> list[tuple[str, str]]:
    """A new Scratch folder: a kit, a card file, a deck using it, and house rules."""
    pool, _ = _starter_pool()
    rows = "\n".join(f'            - [{yaml_text(r.name)}, "{r.budget}"]' for r in _rarities(pool))
    return [
        (
            "kit.yaml",
            kit_file(
                "scratch", name, folder_schema("kit"), COMPONENT_HELP, template="kit-scratch.yaml"
            ),
        ),
        ("cards.yaml", cards_file(name, folder_schema("cards"))),
        ("deck.yaml", deck_file("Starter deck", folder_schema("deck"), "cards.yaml")),
        (
            "rules.yaml",
            rules_file(
                "scratch",
                name,
                folder_schema("rules"),
                _figure(),
                template="rules-scratch.yaml",
                rarity_rows=rows,
            ),
        ),
    ]


def starter_file(kind: str, name: str, schema_path: str | None) -> str | None:
    """A card file or a deck of its own (`kitgen new cards|deck`); None for another kind."""
    if kind == "cards":
        return cards_file(name, schema_path)
    if kind == "deck":
        return deck_file(name, schema_path)
    return None
