"""Scaffold's starter folder (`kitgen new game --game scaffold`): a kit and house rules."""

from __future__ import annotations

from kitgen.api import kit_and_rules

COMPONENT_HELP = {
    "mats": "the two boards, tiled over several sheets",
    "team-cards": "the red and black team cards",
    "turn-track": "the cooperative turn track",
    "score-sheet": "the score sheet",
}


def _figure() -> str:
    """The starter rules' figure: the competitive board at the start, with valid `args:`."""
    from kitgen.games.scaffold.rules import BOARDS, CENTRE, SIZE

    board = BOARDS["competitive"]
    rows = []
    for r in range(SIZE):
        cells = [
            "KH" if r * SIZE + c == CENTRE else "." if board.is_space(r * SIZE + c) else "-"
            for c in range(SIZE)
        ]
        rows.append("            - [" + ", ".join(cells) + "]")
    return (
        "      - figure: board\n"
        "        caption: The competitive board at the start, the centre turned up.\n"
        "        args:\n"
        "          mode: competitive\n"
        "          board:\n" + "\n".join(rows)
    )


def starter_files(name: str) -> list[tuple[str, str]]:
    """A new Scaffold folder: a kit and house rules."""
    return kit_and_rules("scaffold", name, COMPONENT_HELP, _figure())
