"""`kitgen new game NAME --game custom`: a working designed game to start from.

Every file checks clean and builds, and its comments teach its format: the game
file (fields, card data, layouts, icons), a CSV of a few cards, a face and a back
layout, an icon, and a kit. (kitgen.starters adds the schemas the files' first
lines name, under schemas/.)
"""

from __future__ import annotations

from kitgen.api import comment_text, yaml_text
from kitgen.api import fit_words as fit

GAME = """\
# yaml-language-server: $schema=schemas/game.schema.json
# {comment_name}: a card game of your own. kitgen reads this folder as the game:
# this file says what the cards are made of, cards.csv holds them, face.yaml and
# back.yaml say where everything goes, kit.yaml what to print.
#   kitgen check game.yaml     every card, every cell, checked
#   kitgen build kit.yaml      card sheets with bleed, crop marks and backs
game: {game_id}          # the game's id: files of the game name it
kind: game
title: {title}
players: {{min: 2, max: 4}}
playing_time: 20 minutes
summary: >-
  Say in a sentence or two what the players do and how one of them wins.

# The fields every card has, with their types, matched to the card data's columns by
# name (or `column: "Est. VP"`); a value that does not fit is an error at its cell.
#   text     (max_length: characters)       integer (min:, max:)
#   choice   (values: [a, b, c])            colour  (#rrggbb)
#   image    (a file, relative to here)     icons   (icon names, space-separated)
# `required: false` lets a card leave a field empty.
fields:
  name: {{type: text, max_length: 28}}
  suit: {{type: choice, values: [sun, moon]}}
  power: {{type: integer, min: 0, max: 9}}
  rules: {{type: text, required: false, max_length: 160}}

# The card data: a CSV file (any of , ; tab | between cells), an .xlsx workbook
# (`cards: {{file: cards.xlsx, sheet: Cards}}`), a YAML or JSON list of cards, or a
# list of them. A `count` column (or the one `copies:` names) prints that many copies.
cards: cards.csv

# The layouts: one for every face, or one per value of a field
# (`face: {{by: suit, layouts: {{sun: sun.yaml, moon: moon.yaml}}}}`). Same for backs.
face: face.yaml
back: back.yaml

# Icons that text writes as :name: and icon elements draw: SVG (drawn as vectors),
# PNG or JPEG files.
icons:
  star: icons/star.svg
"""

CARDS = """\
name,suit,power,rules,count
Dawn Runner,sun,2,Draw a card.,3
Noon Guard,sun,5,:star: Blocks one attack.,2
Sun Herald,sun,7,**Play first.** Gain 2 :star:,1
Night Owl,moon,3,*Look* at an opponent's hand.,3
Tide Caller,moon,6,Return a card to its owner's hand.,2
Moon Sage,moon,8,,1
"""

FACE = """\
# yaml-language-server: $schema=schemas/layout.schema.json
# The face of every card. Lengths are mm when bare, or mm, cm, in, pt, or % of the
# card's width (x, width) or height (y, height). `x` and `y` measure inwards from
# the element's `anchor` (top-left unless said): top-left, top, top-right, left,
# centre, right, bottom-left, bottom, bottom-right.
game: {game_id}
kind: layout
size: poker        # the card: poker, bridge, tarot, mini-euro, ... or like 63x88mm
bleed: 3mm         # printed past the cut, so a cut a little off shows no white edge
safe: 3mm          # text keeps this far inside the cut (a warning otherwise)
# Any property can come from a field: a template ("{{{{ power }}}}") or a mapping
# of the field's values (`else:` for any other value).
background: {{suit: {{sun: "#f6e7c1", moon: "#98a8c8"}}}}  # CIE L* 92 and 69: apart in grey
elements:
  - type: rect                  # also: ellipse, line, text, image, icon
    name: band
    x: 0
    y: 0
    width: 100%
    height: 16mm
    fill: {{suit: {{sun: "#d9541e", moon: "#1c2550"}}}}  # CIE L* 53 and 16: apart in grey
    bleed: true                 # its edges on the cut line run on into the bleed
  - type: text
    name: title
    text: "{{{{ name }}}}"
    x: 4mm
    y: 3mm
    width: 58%                  # % of the card's width: the layout fits any card size
    height: 10mm
    size: 13                    # points; shrinks to min_size to fit, then it is an error
    min_size: 8
    bold: true
    colour: "#ffffff"
    valign: middle              # top, middle or bottom; align: left, centre or right
  - type: ellipse
    anchor: top-right
    x: 3mm
    y: 3mm
    width: 10mm
    height: 10mm
    fill: "#ffffff"
  - type: text
    anchor: top-right
    x: 3mm
    y: 3mm
    width: 10mm
    height: 10mm
    text: "{{{{ power }}}}"
    size: 16
    bold: true
    align: centre
    valign: middle
  - type: icon
    icon: star
    anchor: centre
    y: -8mm
    width: 40%
    height: 30%
    tint: {{suit: {{sun: "#d9541e", moon: "#1c2550"}}}}
  - type: text
    name: rules
    when: "rules"               # only for cards whose rules are not empty
    text: "{{{{ rules }}}}"     # **bold**, *italic* and :star: (an icon) work here
    anchor: bottom
    y: 5mm
    width: 84%
    height: 27%
    size: 11
    min_size: 7
    align: centre
    valign: middle
"""

BACK = """\
# yaml-language-server: $schema=schemas/layout.schema.json
# The back every card shares (a layout can also `extends:` another one).
game: {game_id}
kind: layout
background: "#2b2b2b"
elements:
  - type: rect
    anchor: centre
    width: 88%
    height: 91%
    radius: 3mm
    stroke: "#d4af37"
    stroke_width: 1pt
  - type: text
    text: {title}
    anchor: centre
    width: 80%
    height: 20mm
    size: 20
    min_size: 10
    bold: true
    colour: "#d4af37"
    align: centre
    valign: middle
"""

KIT = """\
# yaml-language-server: $schema=schemas/kit.schema.json
# What to print, and how: `kitgen build kit.yaml`. Settings the command line gives
# (--paper letter, --duplex short, --back-offset 0.5,-1 ...) win over these.
game: {game_id}
kind: kit
name: {title}
components: [cards]
settings:
  paper: a4          # a4, letter, a3, tabloid, a5, half-letter
  duplex: long       # long, short, fold (fold-and-glue) or none
"""

STAR = """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <path d="M50 4 L62 38 L98 38 L69 60 L80 95 L50 74 L20 95 L31 60 L2 38 L38 38 Z"
        fill="#000000"/>
</svg>
"""


def game_id_of(name: str) -> str:
    """A designed game's id from its name: an id is ASCII (lower-case letters, digits,
    single dashes, up to 40 characters, a letter first: `kitgen.names.game_id_problem`),
    so its words spelt in ASCII (`kitgen.names.ascii_words`: `Café 城堡` -> `cafe`;
    its file names keep `café` and `城堡`), else `my-game`; never a name Windows keeps
    for a device (the game's title keeps every letter of its name)."""
    from kitgen.api import WINDOWS_RESERVED, ascii_words

    stem = fit(ascii_words(name), 35) or "my-game"
    stem = stem if stem[0].isalpha() else f"game-{stem}"
    return f"{stem}-game" if stem in WINDOWS_RESERVED else stem


def starter_files(name: str) -> list[tuple[str, str]]:
    """The files of a new designed game's folder, in the order they are written."""
    values = {
        "game_id": game_id_of(name),
        "title": yaml_text(name),
        "comment_name": comment_text(name),
    }
    return [
        ("game.yaml", GAME.format(**values)),
        ("cards.csv", CARDS),
        ("face.yaml", FACE.format(**values)),
        ("back.yaml", BACK.format(**values)),
        ("kit.yaml", KIT.format(**values)),
        ("icons/star.svg", STAR),
    ]


def starter_deck(game_id: str, folder: str, name: str, schema_path: str | None) -> str:
    """`kitgen new deck NAME --game ID`: a legal deck of the game's cards (of a game of
    several decks, its first deck's, named in `deck:`), by its deck rules (a
    KitgenError when the game or its deck rules cannot be read, or when the search
    finds no legal deck: it names the first rule its closest deck breaks, and nothing
    is written)."""
    from kitgen.api import Book, DeckRules, KitgenError, legal_deck, schema_line
    from kitgen.games.designed.load import deck_expressions, load_design
    from kitgen.games.designed.model import MAX_DECK_COPIES, MAX_DECK_NAMES

    design = load_design(game_id, folder)
    if design.file is None or not design.cards:
        raise KitgenError(
            f"the game {game_id!r} cannot be read ({design.path}): `kitgen check` it first"
        )
    if design.rules_problem is not None:
        raise KitgenError(
            f"the deck rules of the game {game_id!r} cannot be read ({design.path}): "
            "`kitgen check` it first"
        )
    part = design.parts()[0]  # a game of several decks: its first deck's cards
    cards = {design.name_of(card): card.values for card in part.cards}
    rules = design.file.deck_rules or DeckRules()
    book = Book(rules, deck_expressions())  # (a game with formats: its first)
    found = legal_deck(rules, cards, MAX_DECK_NAMES, MAX_DECK_COPIES, book)
    if found.problem is not None:
        raise KitgenError(
            f"no simple legal deck of {design.file.title}'s cards: the closest kitgen's "
            f"search came still breaks a rule ({found.problem}); write the deck by hand"
        )
    first = (
        schema_line("deck", schema_path)
        if schema_path is not None
        else "# For completion and checks in your editor: `kitgen schema deck -g custom -o "
        "deck.schema.json`,\n# then see the README (Editor support)."
    )
    lines = [
        first,
        f"# {comment_text(name)}: a legal {comment_text(design.file.title)} deck, made by "
        "kitgen from the game's",
        "# cards and deck rules. Change it, then `kitgen check` this file: every rule it",
        "# breaks is said at the line that breaks it.",
        f"game: {game_id}",
        "kind: deck",
        f"name: {yaml_text(name)}",
        *([f"deck: {yaml_text(part.deck)}"] if part.deck is not None else []),
        *([f"format: {yaml_text(book.format)}"] if book.format is not None else []),
        *([f"identity: {yaml_text(found.identity)}"] if found.identity is not None else []),
        "cards:",
        *(f"  {yaml_text(card)}: {count}" for card, count in found.main),
    ]
    if found.sideboard:
        lines += ["sideboard:", *(f"  {yaml_text(card)}: {n}" for card, n in found.sideboard)]
    return "\n".join(lines) + "\n"
