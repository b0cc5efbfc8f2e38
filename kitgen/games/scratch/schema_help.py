"""Hover text for Scratch's files in editors (`kitgen schema`): by `Model.field`
(one model) or `field` (every model with it)."""

FIELD_HELP = {
    "uses": "Scratch card files with custom cards, as paths relative to this file.",
    "ScratchCardsFile.cards": "The cards this file defines.",
    "ScratchCardsFile.rarities": "New rarities: each one's stat budget and play limit.",
    "ScratchCardsFile.factions": "New factions, to use in `faction:` of a card.",
    "ScratchCardsFile.powers": "New powers, to use in `power:` of a card.",
    "ScratchCard.name": "The card's printed name; decks list the card by it.",
    "ScratchCard.faction": "The faction's id or name (like `monster` or Monster).",
    "ScratchCard.rarity": "The rarity's id or name: common, rare, unique, or one declared in a "
    "card file.",
    "ScratchCard.stats": "The four side values. They add up to the rarity's budget plus the "
    "power's bonus (a card with no power gets 1 more).",
    "ScratchCard.power": "The power's printed name or id; leave it out for a card with no power.",
    "ScratchCard.off_formula": "True when the sides deliberately break the card formula "
    "(reported as a warning instead of an error).",
    "ScratchCard.reconstructed": "True for a card whose values were worked out rather than "
    "printed; it carries a small dagger (†).",
    "ScratchCard.note": "A note for people reading the file; not printed.",
    "ScratchCard.art": "A PNG or JPEG picture for the card, relative to this file (like "
    "art/bog-witch.png); drawn whole between the left and right values.",
    "RaritySpec.name": "The rarity's printed name; cards may give it instead of the id.",
    "FactionSpec.name": "The faction's printed name; cards may give it instead of the id.",
    "PowerSpec.name": "The power's printed name; cards may give it instead of the id.",
    "RaritySpec.budget": "What a card's four sides add up to (before the power's bonus).",
    "RaritySpec.limit": "How many may be in play: none, one-per-name (one copy of each card) "
    "or one-per-faction (one of this rarity per faction).",
    "FactionSpec.colour": "The faction's colour, as #rrggbb.",
    "FactionSpec.tendency": "The side its cards are strong on: never lower than the opposite side.",
    "PowerSpec.text": "The rules text printed on the card.",
    "PowerSpec.budget_bonus": "Points the power adds to a card's stat budget (0 unless "
    "the power is a drawback, like A little slow!'s 2).",
    "PowerSpec.faction": "The faction whose own power this is; only its cards may carry it.",
    "ScratchDeckFile.name": "The deck's name.",
    "ScratchDeckFile.description": "A line or two about how the deck plays.",
    "ScratchDeckFile.cards": "Card name to number of copies. Names are the cards' printed "
    "names, from the official pool or a `uses:` file.",
    "KitFile.decks": "Deck files whose cards to print, relative to this kit.",
    "KitFile.card_files": "Card files whose every card to print, relative to this kit.",
    "KitFile.extra_commons": "Extra copies of each common card, so two players can build "
    "decks from one printing.",
    "KitFile.reference": "Card-sized crib sheets printed with the cards.",
    "ScratchRecordFile.decks": "Each player's deck file (P1 and P2), shuffled by `seed`.",
    "ScratchRecordFile.deal": "Each player's cards (P1 and P2) in drawing order, instead of "
    "`decks`: the first ones are the opening hand.",
    "ScratchRecordFile.first": "Who moves first.",
    "ScratchRecordFile.players": "Display names of P1 and P2.",
    "ScratchParameters.hand_size": "Cards in each player's opening hand.",
    "FactionSpec.note": "A note for people reading the file; not printed.",
    "Stats.top": "The value on the card's top side.",
    "Stats.right": "The value on the card's right side.",
    "Stats.bottom": "The value on the card's bottom side.",
    "Stats.left": "The value on the card's left side.",
    "ScratchParameters.deck_size": "Cards in a deck.",
    "ScratchParameters.min_commons": "The fewest commons a deck may hold.",
    "ScratchParameters.stat_min": "The lowest value a side may have.",
    "ScratchParameters.stat_max": "The highest value a side may have.",
    "ScratchParameters.grid_size": "The board is this many spaces across and down.",
    "ScratchParameters.match_target": "The points that win a match.",
    "Players.P1": "The name of the player who plays as P1.",
    "Players.P2": "The name of the player who plays as P2.",
    "CardArgs.card": "A card of the official pool, by name (default Griffin).",
    "BoardArgs.cells": "Three rows of three cells, top row first: `.` for an empty space, or a "
    "card, its holder and any of new, taken and flipped (like `Chancellor P2 new`).",
}
