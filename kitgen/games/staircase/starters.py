"""Staircase's starter folder (`kitgen new game --game staircase`): a kit and house rules."""

from __future__ import annotations

from kitgen.api import kit_and_rules

COMPONENT_HELP = {
    "score-sheet": "the score sheet",
    "action-cards": "the action reference cards, one per player",
}


def _figure() -> str:
    """The starter rules' figure: a staircase and its score, worked out by the rules."""
    from kitgen.games.staircase.figure_args import StaircaseArgs, read_staircase

    cards = ["5H", "6S", "7D", "KH"]
    score = read_staircase(StaircaseArgs(cards=cards, total=0)).score
    assert score is not None
    return (
        "      - figure: staircase\n"
        "        caption: A staircase and its score; the check verifies the total it "
        "claims.\n"
        f"        args: {{cards: [{', '.join(cards)}], total: {score.total}}}"
    )


def starter_files(name: str) -> list[tuple[str, str]]:
    """A new Staircase folder: a kit and house rules."""
    return kit_and_rules("staircase", name, COMPONENT_HELP, _figure())
