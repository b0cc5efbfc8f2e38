"""Kit files: the settings every game's kit shares, and a Scratch kit's files and
reference cards.

A module apart from `kitgen.load.scratch`, so that checking a deck or a card
file does not import the paper sizes and units that only kit settings need.
"""

from __future__ import annotations

import os
from typing import Any

from kitgen.layout.geometry import LayoutError
from kitgen.layout.limits import PRINT_LIMITS, too_many_cards
from kitgen.layout.paper import card_size, paper_size
from kitgen.layout.units import format_mm, parse_length, parse_offset
from kitgen.model.findings import Finding, finding
from kitgen.model.kit import DEFAULTS, KitBase, KitFile, Reference
from kitgen.model.params import fill_parameters
from kitgen.model.scratch import ScratchCardsFile, ScratchDeckFile, ScratchPool

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
    base = os.path.dirname(path)
    for field_name in ("decks", "card_files"):
        for index, entry in enumerate(getattr(kit, field_name)):
            shown = os.path.normpath(os.path.join(base, entry))
            if not os.path.isfile(shown):
                found.append(
                    finding(
                        "uses-not-found",
                        f"{entry!r} does not exist (looked for {shown})",
                        kit.where(field_name, index),
                    )
                )
    found += reference_cards(kit)[1]
    found += kit_card_count(kit, path, kit.extra_commons)
    return found


def card_count(model: Any, pool: ScratchPool, extra: int) -> int:
    """How many cards a Scratch card file (each common `extra` more times) or deck prints;
    counted, not made, so a file that asks for millions costs nothing."""
    if isinstance(model, ScratchDeckFile):
        return sum(model.cards.values())
    if isinstance(model, ScratchCardsFile):
        commons = 0
        for card in model.cards:
            rarity = pool.rarity(card.rarity)
            commons += rarity is not None and rarity.id == "common"
        return len(model.cards) + extra * commons
    return 0


def over_card_limit(total: int, entry: str) -> str | None:
    """The message when a kit's cards, up to and with `entry`, are more than one file prints."""
    why = too_many_cards(total)
    return None if why is None else f"with {entry!r}, the kit's {why}"


def kit_card_count(kit: KitFile, path: str, extra: int) -> list[Finding]:
    """A `build-too-large` finding at the first `decks:` or `card_files:` entry that takes
    the kit past the cards one file may print (each file is read once, however often named)."""
    from kitgen.layout.impose import check_pages
    from kitgen.load.documents import read_document
    from kitgen.load.scratch import scratch_pool

    try:
        per_sheet, sides = kit_sheet(kit)
    except LayoutError:  # found by the settings check
        per_sheet, sides = 1, 1
    base = os.path.dirname(path)
    counts: dict[str, int] = {}
    total = 0
    for field_name in ("card_files", "decks"):  # in the order the build prints them
        for index, entry in enumerate(getattr(kit, field_name)):
            shown = os.path.normpath(os.path.join(base, entry))
            if shown not in counts:
                counts[shown] = 0
                if os.path.isfile(shown):
                    doc = read_document(shown)
                    if isinstance(doc.model, ScratchDeckFile):
                        counts[shown] = sum(doc.model.cards.values())
                    elif isinstance(doc.model, ScratchCardsFile) and not doc.findings:
                        pool, _ = scratch_pool(doc)
                        counts[shown] = card_count(doc.model, pool, extra)
            total += counts[shown]
            message = over_card_limit(total, entry)
            if message is None:
                try:  # pages as the kit's own settings lay them out
                    check_pages(total, per_sheet, sides)
                except LayoutError as err:
                    message = f"with {entry!r}, the kit's {err}"
            if message is not None:
                return [finding("build-too-large", message, kit.where(field_name, index))]
    return []


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
        elif key == "bleed" and isinstance(parsed, float) and parsed > PRINT_LIMITS.max_bleed:
            found.append(
                finding(
                    "invalid-setting",
                    f"bleed: {format_mm(parsed)} is more than {format_mm(PRINT_LIMITS.max_bleed)}",
                    kit.where("settings", key),
                )
            )
    if not found:
        found += _sheet_findings(kit)
    base = os.path.dirname(path)
    if kit.rules is not None and not os.path.isfile(os.path.join(base, kit.rules)):
        found.append(
            finding(
                "uses-not-found", f"the rules file {kit.rules!r} does not exist", kit.where("rules")
            )
        )
    return found


def kit_sheet(kit: KitBase) -> tuple[int, int]:
    """How many cards one sheet holds with the kit's settings over kitgen's defaults (the
    command line and kitgen.toml may change them), and the pages a sheet takes; LayoutError
    when the cards do not fit or a sheet would hold more than kitgen prints."""
    from kitgen.layout.impose import plan_fold, plan_grid

    def pick(key: str) -> str:
        value = getattr(kit.settings, key)
        return str(value if value is not None else getattr(DEFAULTS, key))

    paper, card = paper_size(pick("paper")), card_size(pick("card_size"))
    sizes = {k: parse_length(pick(k)) for k in ("bleed", "margin", "gutter")}
    if pick("duplex") == "fold":
        return plan_fold(paper, card, **sizes)[0].per_page, 1
    return plan_grid(paper, card, **sizes).per_page, 1 if pick("duplex") == "none" else 2


def _sheet_findings(kit: KitBase) -> list[Finding]:
    """An `invalid-setting` at the card size (or paper) when the kit's cards cannot be
    laid out on its paper as its settings stand."""
    try:
        kit_sheet(kit)
    except LayoutError as err:
        key = "card_size" if kit.settings.card_size is not None else "paper"
        return [finding("invalid-setting", f"{key}: {err}", kit.where("settings", key))]
    return []


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
