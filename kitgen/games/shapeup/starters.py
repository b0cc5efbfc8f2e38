"""Shape Up!'s starter folder (`kitgen new game --game shapeup`): a kit and house rules."""

from __future__ import annotations

from kitgen.api import kit_and_rules

COMPONENT_HELP = {
    "score-sheets": "a score sheet for each player",
    "score-pad": "the score pad for 2, 3 and 4 players",
}


def _figure() -> str:
    """The starter rules' figure: a card, with valid `args:`."""
    from kitgen.games.shapeup.figure_args import ShapeUpCardArgs

    card = ShapeUpCardArgs().card
    return (
        "      - figure: card\n"
        "        caption: A card has a colour, a fill and a shape.\n"
        f"        args: {{card: {card}}}"
    )


def starter_files(name: str) -> list[tuple[str, str]]:
    """A new Shape Up! folder: a kit and house rules."""
    return kit_and_rules("shapeup", name, COMPONENT_HELP, _figure())
