"""The designed game's own finding codes (a designer's game drawn from its layouts):
kitgen's catalogue (kitgen.model.findings.CODES) takes them in when the package is
imported; docs/formats.md lists them with the others."""

from __future__ import annotations

from kitgen.api import CodeInfo, add_codes

CODES = {
    "duplicate-game-id": CodeInfo(
        "error", "two game files of one run (a check, a build) declare the same game id"
    ),
    "card-in-other-deck": CodeInfo(
        "error", "a deck file names a card of another deck of its game than the one it draws from"
    ),
    "font-unusable": CodeInfo(
        "error",
        "a font file of the game file's `fonts:` that kitgen cannot embed: no TrueType, OpenType "
        "or collection font, cut short, or with tables that break the format (glyphs past the "
        "last, a huge character map, CFF outlines past the limits)",
    ),
    "language-missing-text": CodeInfo(
        "warning",
        "a card with no text in a language for a field that has that language's column "
        "(its edition prints the first language's)",
    ),
    "image-placeholder": CodeInfo(
        "warning",
        "an image whose file is missing, drawn as a labelled placeholder by a draft build "
        "(`kitgen build --draft`, `kitgen watch`); an error in a real build",
        stage="build",
    ),
    "image-partly-drawn": CodeInfo(
        "warning",
        "an SVG with a part kitgen cannot draw as written (a colour or transform it cannot read)",
        stage="build",
    ),
    "outside-bleed": CodeInfo(
        "warning", "a layout element reaching past the card's bleed (cut off)", stage="build"
    ),
    "outside-safe": CodeInfo(
        "warning", "layout text reaching past the safe area inside the cut", stage="build"
    ),
    "text-overlap": CodeInfo(
        "warning",
        "layout text whose letters run into another element drawn on the card (another "
        "text, or a shape, image or icon it does not lie wholly inside)",
        stage="build",
    ),
    "text-clipped": CodeInfo(
        "error", "layout text reaching past the card's cut line (it prints cut off)", stage="build"
    ),
    "layout-size-mismatch": CodeInfo(
        "warning",
        "a designed game's layout made for another card size than the game's cards (a "
        "layout shared by games of other sizes)",
    ),
    "short-of-bleed": CodeInfo(
        "warning",
        "a coloured layout element stopping at the cut line, short of the bleed's edge, on a "
        "card another colour beyond it (a cut a little off shows a sliver)",
        stage="build",
    ),
}

add_codes(CODES, "the designed game")
