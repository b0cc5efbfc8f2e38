"""kitgen's house colours, shared by the games' kits and booklet figures so that every
game's print reads alike, in colour and in greyscale: near-black ink, the greys of
lines, edges and rules, a pale shade and a warm paper tint, and the verdict colours
(dark enough to read as black in greyscale, and never the only sign)."""

from __future__ import annotations

from reportlab.lib.colors import HexColor

INK = HexColor("#1b1b1b")  # text and strong lines
LINE = HexColor("#5b6670")  # a mat's printed lines
FAINT = HexColor("#8e979f")  # faint labels and guides
RULE = HexColor("#9a9a9a")  # ruled lines, light in ink
EDGE = HexColor("#8a8a8a")  # a small card's edge in a figure
GREY = HexColor("#6b6b6b")  # secondary words and empty places
SHADE = HexColor("#eeeeee")  # a pale fill
PAPER = HexColor("#f6f3ec")  # a warm paper tint
OK_INK = HexColor("#2e7d32")  # a tick: the rules allow it
NO_INK = HexColor("#a32620")  # a cross: they do not
