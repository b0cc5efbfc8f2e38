"""What a Scaffold kit prints: the mats, team cards, turn track, score sheet, rules, and
(asked) the standard deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kitgen.build import KitBuilder
    from kitgen.games.scaffold.kit_model import ScaffoldKitFile


def build_kit(b: KitBuilder, kit: ScaffoldKitFile, path: str, stem: str) -> None:
    """The Scaffold mats, team cards, turn track, score sheet, rules and (asked) deck."""
    from kitgen.games.scaffold import kit as draw
    from kitgen.games.scaffold.load import parameters

    if not b.kit_name_ok(kit, path):
        return
    setup = b.setup(kit.settings)
    params = parameters()
    b.deck_if_asked(kit, stem, setup)
    if b.part(kit, "mats"):
        b.write("scaffold", f"{stem}-mats.pdf", draw.mats_pdf(kit.name, setup))
    if b.part(kit, "team-cards"):
        b.cards(draw.team_deck(kit.name, f"{stem}-team-cards"), setup)
    if b.part(kit, "turn-track"):
        track = draw.turn_track_pdf(kit.name, setup, params.turns, params.fewer_turns)
        b.write("scaffold", f"{stem}-turn-track.pdf", track)
    if b.part(kit, "score-sheet"):
        sheet = draw.score_sheet_pdf(
            kit.name,
            setup,
            params.turns,
            (params.hand_size, *params.harder_hands),
            variants=params.fewer_turns,
        )
        b.write("scaffold", f"{stem}-score-sheet.pdf", sheet)
    b.kit_rules(kit, path, stem, setup)
