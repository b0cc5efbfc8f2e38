"""Shape Up!'s own finding codes: kitgen's catalogue (kitgen.model.findings.CODES)
takes them in when the game's package is imported, so every module of the game can
make them; docs/formats.md lists them with the others."""

from __future__ import annotations

from kitgen.api import CodeInfo, add_codes

CODES = {
    "uneven-rows": CodeInfo("error", "the rows of a grid have different numbers of cells"),
    "card-not-in-set": CodeInfo("error", "a card from a set the position's set-up does not use"),
    "grid-too-large": CodeInfo("error", "cards spread wider than the set-up's box allows"),
}

add_codes(CODES, "the game 'shapeup'")
