"""The kinds of file kitgen reads.

A module of its own, without pydantic models, so that reading a file's `kind:`
does not build the model of every game file. The games are kitgen.registry's.
"""

from __future__ import annotations

KINDS = ("cards", "deck", "position", "record", "kit", "game", "rules", "layout")
