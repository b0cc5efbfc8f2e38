"""Galliard's starter folder (`kitgen new game --game galliard`): a kit and house rules."""

from __future__ import annotations

from kitgen.api import kit_and_rules

COMPONENT_HELP = {
    "mat": "the play mat",
    "cabal-cards": "the cabal reference cards, one per player",
    "tracker": "the score tracker",
}


def _figure() -> str:
    """The starter rules' figure: a cabal, whether it is supported worked out by the rules."""
    from kitgen.games.galliard.figure_args import CabalArgs, read_cabal

    cards = ["QH", "QS", "QD", "QC", "KH"]
    supported = read_cabal(CabalArgs(cards=cards, supported=False)).supported
    return (
        "      - figure: cabal\n"
        "        caption: A cabal of royals; the check verifies whether it is supported.\n"
        f"        args: {{cards: [{', '.join(cards)}], supported: {str(supported).lower()}}}"
    )


def starter_files(name: str) -> list[tuple[str, str]]:
    """A new Galliard folder: a kit and house rules."""
    return kit_and_rules("galliard", name, COMPONENT_HELP, _figure())
