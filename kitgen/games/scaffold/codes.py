"""Scaffold's own finding codes: kitgen's catalogue (kitgen.model.findings.CODES)
takes them in when the game's package is imported, so every module of the game can
make them; docs/formats.md lists them with the others."""

from __future__ import annotations

from kitgen.api import CodeInfo, add_codes

CODES = {
    "not-a-space": CodeInfo("error", "a card on a cell that is not a space of the board"),
    "board-shape": CodeInfo("warning", "a cell marked `-` or `.` against the board's shape"),
    "centre-unconstructed": CodeInfo("error", "a Scaffold board whose centre has no card"),
    "space-over-cap": CodeInfo("error", "a space holding more cards than it may"),
    "stack-descends": CodeInfo("error", "a card lying on a higher card"),
    "pyramid-broken": CodeInfo("error", "a top card higher than its neighbour nearer the centre"),
    "space-disconnected": CodeInfo("error", "a constructed space cut off from the centre"),
}

add_codes(CODES, "the game 'scaffold'")
