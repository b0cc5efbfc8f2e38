"""Kit files: the settings every game's kit shares, and a Scratch kit's files and
reference cards.

A module apart from `kitgen.load.scratch`, so that checking a deck or a card
file does not import the paper sizes and units that only kit settings need.
"""

from __future__ import annotations

from kitgen.layout.geometry import LayoutError
from kitgen.layout.paper import card_size, paper_size
from kitgen.layout.units import parse_length, parse_offset
from kitgen.load.references import check_reference
from kitgen.model.findings import Finding, finding
from kitgen.model.kit import KitBase, KitFile, Reference
from kitgen.model.params import fill_parameters

_SETTING_PARSERS = {
    "paper": paper_size,
    "card_size": card_size,
    "bleed": parse_length,
    "margin": parse_length,
    "gutter": parse_length,
    "back_offset": parse_offset,
}


def check_kit(kit: KitFile, path: str) -> list[Finding]:
    """Check a kit file: its settings, the files it names, and its reference text."""
    found = check_kit_settings(kit, path)
    what = {"decks": "the deck file", "card_files": "the card file"}
    for field_name in ("decks", "card_files"):
        for index, entry in enumerate(getattr(kit, field_name)):
            at = kit.where(field_name, index)
            _, problem = check_reference(entry, path, at, what[field_name])
            if problem is not None:
                found.append(problem)
    found += reference_cards(kit)[1]
    return found


def check_kit_settings(kit: KitBase, path: str) -> list[Finding]:
    """What any game's kit file needs checked: its settings and its rules file."""
    found: list[Finding] = []
    for key, parse in _SETTING_PARSERS.items():
        value = getattr(kit.settings, key)
        if value is None:
            continue
        try:
            parsed = parse(value)
        except LayoutError as err:
            found.append(finding("invalid-setting", f"{key}: {err}", kit.where("settings", key)))
            continue
        if isinstance(parsed, float) and parsed < 0:
            found.append(
                finding("invalid-setting", f"{key} cannot be negative", kit.where("settings", key))
            )
    if kit.rules is not None:
        _, problem = check_reference(kit.rules, path, kit.where("rules"), "the rules file")
        if problem is not None:
            found.append(problem)
    return found


def reference_cards(kit: KitFile) -> tuple[list[Reference], list[Finding]]:
    """The kit's reference cards, `{{ name }}` replaced by the game's parameters."""
    from kitgen.load.scratch import official

    params = official().params.model_dump()
    found: list[Finding] = []
    cards = []
    for i, ref in enumerate(kit.reference):
        sections = []
        for j, section in enumerate(ref.sections):
            points = []
            for k, point in enumerate(section.points):
                text, unknown = fill_parameters(point, params)
                found += [
                    finding(
                        "unknown-parameter",
                        f"{{{{ {name} }}}} names no game parameter; known: "
                        f"{', '.join(sorted(params))}",
                        kit.where("reference", i, "sections", j, "points", k),
                    )
                    for name in unknown
                ]
                points.append(text)
            sections.append((section.heading, tuple(points)))
        cards.append(Reference(ref.title, tuple(sections)))
    return cards, found
