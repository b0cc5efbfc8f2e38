"""Scratch's own finding codes: kitgen's catalogue (kitgen.model.findings.CODES)
takes them in when the game's package is imported, so every module of the game can
make them; docs/formats.md lists them with the others."""

from __future__ import annotations

from kitgen.api import CodeInfo, add_codes

CODES = {
    "duplicate-id": CodeInfo("error", "a faction, power or rarity is declared twice"),
    "unknown-faction": CodeInfo("error", "a card names a faction that is not declared"),
    "unknown-power": CodeInfo("error", "a card names a power that is not declared"),
    "unknown-rarity": CodeInfo("error", "a card names a rarity that is not declared"),
    "stat-range": CodeInfo("error", "a side value outside the allowed range"),
    "stat-budget": CodeInfo("error", "the side values do not add up to the card formula's budget"),
    "weak-tendency": CodeInfo("warning", "a faction's strong side is lower than the side opposite"),
    "needless-off-formula": CodeInfo("warning", "a card marked off-formula that meets the formula"),
    "foreign-faction-power": CodeInfo("warning", "a card has another faction's own power"),
    "too-few-commons": CodeInfo("error", "a deck with fewer commons than required"),
    "unique-per-faction": CodeInfo("warning", "more uniques of one faction than can be in play"),
    "uses-cycle": CodeInfo("error", "files name each other in `uses:` in a circle"),
    "broken-card": CodeInfo("error", "a deck uses a card whose definition has errors"),
    "build-too-large": CodeInfo("error", "a kit or file asks for more cards than one file prints"),
}

add_codes(CODES, "the game 'scratch'")
