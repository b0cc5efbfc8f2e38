"""`kitgen check` of a designed game's files: the game file and the kit check the whole
game (its data, its layouts, and every card laid out); a layout file checks itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.games.designed.draw import check_drawn
from kitgen.games.designed.load import Layouts, load_design
from kitgen.model.findings import Finding

if TYPE_CHECKING:
    from kitgen.model.document import Document


def check_file(game_id: str, folder: str, doc: Document) -> list[Finding]:
    """What `kitgen check` says of a designed game's file beyond its shape: the game
    file and the kit check the whole game (its data, layouts, and every card drawn);
    a layout file checks itself against the game's fields."""
    design = load_design(game_id, folder)
    if doc.kind == "layout":
        if design.file is None:
            return []
        layouts = Layouts(design)
        before = len(design.findings)
        layouts.read(doc.path, None, (), own=False)
        found = design.findings[before:]
        del design.findings[before:]
        return found
    if doc.kind not in ("game", "kit"):
        return []
    found = list(design.findings)
    if doc.kind == "kit":  # (the game file's own shape comes with its own check)
        found = design.file_findings + found
    if design.ok:
        found += check_drawn(design, getattr(doc.model, "settings", None))
    return found
