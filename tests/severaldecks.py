"""A designed game of two decks, made for tests: 4 portrait `specials` (poker) from a
workbook's sheet with an analysis column no field reads (`VP + Climb`, a formula among
numbers), and 6 landscape `Resources` (poker on its side) from a CSV file, sharing the
game's fields, icon and back layout. Each face has a green mark in its top-left corner,
the back a red one in its own: a sheet shows where each card and back went."""

from __future__ import annotations

from pathlib import Path

GAME = """game: harbour
kind: game
title: Harbour Lights
players: {min: 2, max: 4}
playing_time: 20 minutes
summary: Ships, storms and the lights that bring them home.
fields:
  name: {type: text, max_length: 30}
  kind: {type: choice, values: [special, resource]}
  cost: {type: integer, min: 0, max: 9}
  text: {type: text, max_length: 140, required: false}
decks:
  specials:
    cards: {file: deck.xlsx, sheet: Specials}
    face: special.yaml
    back: back.yaml
  Resources:
    cards: resources.csv
    size: poker landscape
    face: resource.yaml
    back: back.yaml
icons:
  coin: coin.svg
"""
SPECIAL = """game: harbour
kind: layout
size: poker
bleed: 3mm
background: "#2b4d6f"
elements:
  - {type: rect, x: 3mm, y: 3mm, width: 57mm, height: 82mm, radius: 2mm, fill: "#f2ead8"}
  - {type: rect, x: 2mm, y: 2mm, width: 6mm, height: 4mm, fill: "#00c000"}
  - {type: text, text: "{{ name }}", x: 10mm, y: 5mm, width: 45mm, height: 10mm, size: 13}
  - {type: text, text: "{{ text }}", x: 5mm, y: 50mm, width: 53mm, height: 30mm, size: 9}
  - {type: icon, icon: coin, anchor: top-right, x: 5mm, y: 5mm, width: 8mm, height: 8mm}
"""
RESOURCE = """game: harbour
kind: layout
bleed: 3mm
background: "#7a4b1c"
elements:
  - {type: rect, x: 3mm, y: 3mm, width: 82mm, height: 57mm, radius: 2mm, fill: "#f6e7c8"}
  - {type: rect, x: 2mm, y: 2mm, width: 6mm, height: 4mm, fill: "#00c000"}
  - {type: text, text: "{{ name }}", x: 10mm, y: 5mm, width: 60mm, height: 10mm, size: 14}
  - type: text
    text: "Cost {{ cost }} :coin:"
    anchor: bottom-right
    x: 5mm
    y: 5mm
    width: 30mm
    height: 8mm
    size: 10
    align: right
"""
BACK = """game: harbour
kind: layout
background: "#222222"
elements:
  - type: text
    text: HARBOUR
    anchor: centre
    width: 40mm
    height: 10mm
    size: 14
    colour: "#eeeeee"
    align: centre
  - {type: rect, x: 2mm, y: 2mm, width: 6mm, height: 4mm, fill: "#e00000"}
"""
COIN = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle cx="5" cy="5" r="4" fill="#c90"/></svg>\n'
)
RESOURCES = "name,kind,cost,count\nTimber,resource,1,3\nStone,resource,2,2\nGold,resource,3,1\n"
KIT = "game: harbour\nkind: kit\nname: Harbour Lights\ncomponents: [cards]\n"


def make_game(folder: Path) -> Path:
    """Write the game into `folder` (made); its game file's path."""
    import openpyxl

    folder.mkdir(parents=True, exist_ok=True)
    for name, text in (
        ("game.yaml", GAME),
        ("special.yaml", SPECIAL),
        ("resource.yaml", RESOURCE),
        ("back.yaml", BACK),
        ("coin.svg", COIN),
        ("resources.csv", RESOURCES),
        ("kit.yaml", KIT),
    ):
        (folder / name).write_text(text, encoding="utf-8")
    book = openpyxl.Workbook()
    notes = book.active
    assert notes is not None
    notes.title = "Notes"
    notes.append(["Playtest notes: not card data"])
    sheet = book.create_sheet("Specials")
    sheet.append(["name", "kind", "cost", "text", "count", "VP + Climb"])
    sheet.append(["Lighthouse", "special", 4, "Look at the top :coin: card.", 2, "=C2*2"])
    sheet.append(["Smugglers", "special", 2, "Steal one resource.", 1, 5])
    sheet.append(["Storm", "special", 5, "Every player discards a resource.", 1, 7])
    book.save(folder / "deck.xlsx")
    return folder / "game.yaml"
