"""Galliard's own finding codes: kitgen's catalogue (kitgen.model.findings.CODES)
takes them in when the game's package is imported, so every module of the game can
make them; docs/formats.md lists them with the others."""

from __future__ import annotations

from kitgen.api import CodeInfo, add_codes

CODES = {
    "not-a-royal": CodeInfo("error", "a card other than a royal in a Galliard cabal"),
}

add_codes(CODES, "the game 'galliard'")
