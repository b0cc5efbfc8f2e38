"""What a Scaffold kit prints: the mats, team cards, turn track, score sheet, rules, and
(asked) the standard deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.api import file_name, joined

if TYPE_CHECKING:
    from kitgen.api import KitBuilder
    from kitgen.games.scaffold.kit_model import ScaffoldKitFile


def build_kit(b: KitBuilder, kit: ScaffoldKitFile, path: str, stem: str) -> None:
    """The Scaffold mats, team cards, turn track, score sheet, rules and (asked) deck."""
    from kitgen.games.scaffold import kit as draw
    from kitgen.games.scaffold.load import parameters

    setup = b.setup(kit.settings)
    params = parameters()
    b.deck_if_asked(kit, stem, setup)
    if b.part(kit, "mats"):
        b.write(kit.game, file_name(stem, "mats"), lambda: draw.mats_pdf(kit.name, setup))
    if b.part(kit, "team-cards"):
        b.cards(draw.team_deck(kit.name, joined(stem, "team-cards")), setup)
    if b.part(kit, "turn-track"):
        b.write(
            kit.game,
            file_name(stem, "turn-track"),
            lambda: draw.turn_track_pdf(kit.name, setup, params.turns, params.fewer_turns),
        )
    if b.part(kit, "score-sheet"):
        b.write(
            kit.game,
            file_name(stem, "score-sheet"),
            lambda: draw.score_sheet_pdf(
                kit.name,
                setup,
                params.turns,
                (params.hand_size, *params.harder_hands),
                variants=params.fewer_turns,
            ),
        )
    b.kit_rules(kit, path, stem, setup)
