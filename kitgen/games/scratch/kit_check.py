"""A Scratch kit's own checks: the card files and decks it prints, and its reference cards.

Read and checked here for `kitgen check` and for the build alike (the settings and
the rules file every kit has are kitgen.load.kits'), so a kit that checks clean
builds. A module apart from `kitgen.games.scratch.load`, so that checking a deck or
a card file does not import the paper sizes and units that only kit settings need.
"""

from __future__ import annotations

import os
from typing import Any

from kitgen.api import (
    Document,
    Finding,
    LayoutError,
    Location,
    Reference,
    check_printable,
    check_reference,
    fill_parameters,
    finding,
    has_errors,
    kit_sheet,
    named_document,
    over_card_limit,
)
from kitgen.games.scratch.kit_model import KitFile
from kitgen.games.scratch.model import ScratchCardsFile, ScratchDeckFile, ScratchPool


def check_kit(kit: KitFile, path: str) -> list[Finding]:
    """Check what is Scratch's in a kit file (the core checks its settings and rules
    file): the card files and decks it names, and its reference cards' text."""
    found = card_sources(kit, path, kit.extra_commons)[1]
    found += reference_cards(kit)[1]
    return found


# What a Scratch kit's `card_files:` and `decks:` may name: the build prints either.
_CARD_SOURCES = (("scratch", "cards"), ("scratch", "deck"))


def card_sources(
    kit: KitFile, path: str, extra: int
) -> tuple[list[tuple[str, Location | None, Document, ScratchPool]], list[Finding]]:
    """The card files and decks a Scratch kit names (card files first), each checked:
    its entry, where the entry is, the file, and the pool it was checked against; and
    the findings, those of the files named included. A file that is missing or of the
    wrong kind is a finding at its entry, and so is the entry whose cards (each common
    `extra` more times) take the kit past what one file prints (`build-too-large`): the
    cards are counted before any is made, and a file named twice is read once. The
    kit's check and its build both read the files through this."""
    from kitgen.api import check_pages
    from kitgen.games.scratch.load import check_scratch

    what = {"decks": "the deck file", "card_files": "the card file"}
    try:
        per_sheet, sides = kit_sheet(kit)
    except LayoutError:  # found by the settings check
        per_sheet, sides = 1, 1
    sources: list[tuple[str, Location | None, Document, ScratchPool]] = []
    found: list[Finding] = []
    read: dict[str, tuple[Document | None, ScratchPool | None]] = {}  # each file once
    total = 0
    for field_name in ("card_files", "decks"):
        for index, entry in enumerate(getattr(kit, field_name)):
            at = kit.where(field_name, index)
            shown, problem = check_reference(entry, path, at, what[field_name])
            if problem is not None:
                found.append(problem)
                continue
            key = os.path.realpath(shown)
            if key not in read:
                read[key] = (None, None)
                doc = named_document(
                    shown, entry, at, _CARD_SOURCES, "a scratch cards or deck file", found
                )
                if doc is not None:
                    more, pool = check_scratch(doc)
                    found += more
                    if pool is not None and not has_errors([*doc.findings, *more]):
                        read[key] = (doc, pool)
            doc, pool = read[key]
            if doc is None or pool is None:
                continue
            total += card_count(doc.model, pool, extra)  # counted before a card is made
            message = over_card_limit(total, entry)
            if message is None:
                try:  # pages as the kit's own settings lay them out
                    check_pages(total, per_sheet, sides)
                except LayoutError as err:
                    message = f"with {entry!r}, the kit's {err}"
            if message is not None:
                found.append(finding("build-too-large", message, at))
                return sources, found
            sources.append((entry, at, doc, pool))
    return sources, found


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


def reference_cards(kit: KitFile) -> tuple[list[Reference], list[Finding]]:
    """The kit's reference cards, `{{ name }}` replaced by the game's parameters, and
    their findings: unknown parameters, and text kitgen's fonts cannot print."""
    from kitgen.games.scratch.load import official

    params = official().params.model_dump()
    found: list[Finding] = []
    cards = []
    for i, ref in enumerate(kit.reference):
        found += check_printable(ref.title, kit.where("reference", i, "title"))
        sections = []
        for j, section in enumerate(ref.sections):
            found += check_printable(
                section.heading, kit.where("reference", i, "sections", j, "heading")
            )
            points = []
            for k, point in enumerate(section.points):
                at = kit.where("reference", i, "sections", j, "points", k)
                text, unknown = fill_parameters(point, params)
                found += [
                    finding(
                        "unknown-parameter",
                        f"{{{{ {name} }}}} names no game parameter; known: "
                        f"{', '.join(sorted(params))}",
                        at,
                    )
                    for name in unknown
                ]
                found += check_printable(text, at)  # (as printed: parameters filled)
                points.append(text)
            sections.append((section.heading, tuple(points)))
        cards.append(Reference(ref.title, tuple(sections)))
    return cards, found
