"""Hover text for Shape Up!'s files in editors (`kitgen schema`): by `Model.field`
(one model) or `field` (every model with it)."""

FIELD_HELP = {
    "ShapeUpParameters.setups": "The ways to play: each one's players, set size and box.",
    "ShapeUpParameters.advanced_hand": "The advanced variant's hand: the last card kept is "
    "the victory card.",
    "ShapeUpSetup.id": "The set-up's name, like 3p-24 (its advanced variant adds -advanced).",
    "ShapeUpSetup.players": "How many play it (2 to 4).",
    "ShapeUpSetup.set_size": "The cards in the set: 18, or 24 with the stars.",
    "ShapeUpSetup.box": "The box the table must fit: its long and short side, in cards.",
    "ShapeUpPositionFile.grid": "The table, rows top first, `.` for an empty cell; cards "
    "written `colour fill shape` (like `blue hollow circle`).",
    "ShapeUpPositionFile.victory": "Each player's victory card.",
    "setup": "How the game was set up (players and cards, like 3p-24).",
    "ShapeUpRecordFile.players": "The players' names in turn order (P1, P2... by default).",
    "ShapeUpRecordFile.first": "The name of the player who starts (the first of `players` by "
    "default).",
    "ShapeUpRecordFile.deal": "The cards as dealt, instead of a deal by `seed`: the card put "
    "aside, each hand in seat order, and the deck.",
    "ShapeUpDeal.aside": "The card set aside, out of play for the round.",
    "ShapeUpDeal.hands": "Each player's hand, in seat order (2 to 4 hands).",
    "ShapeUpDeal.deck": "The deck, top card first.",
    "ShapeUpCardArgs.card": "The card, written `colour fill shape` (default `blue hollow circle`).",
    "ShapeUpGridArgs.cells": "Rows of cells, top row first (1 to 7): `.` for no card, a card "
    "(with `new` after it for the card just placed), `ok` for a space the next card may take, "
    "`no` for one it may not.",
    "ShapeUpGridArgs.runs": "Scoring lines to outline (at most 12).",
    "ShapeUpRun.direction": "row or column.",
    "ShapeUpRun.index": "The row (or column) the run lies in, counted from 1.",
    "ShapeUpRun.start": "Its first column (or row), counted from 1.",
    "ShapeUpRun.length": "How many cards it covers (2 to 5).",
}
