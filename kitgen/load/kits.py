"""Kit files: the settings every game's kit shares, and a Scratch kit's files and
reference cards.

The files a kit names (`rules:`, and a Scratch kit's `card_files:` and `decks:`)
are read and checked here, for `kitgen check` and for the build alike: one of
the wrong kind (a deck as the rules, the kit itself, another game's file) is a
`uses-wrong-kind` finding at its entry, and the files' own findings are the
kit's too, so a kit that checks clean builds.

A module apart from `kitgen.games.scratch.load`, so that checking a deck or a card
file does not import the paper sizes and units that only kit settings need.
"""

from __future__ import annotations

import os
from typing import Any

from kitgen.games.scratch.model import KitFile, ScratchCardsFile, ScratchDeckFile, ScratchPool
from kitgen.layout.geometry import LayoutError
from kitgen.layout.limits import PRINT_LIMITS, too_many_cards
from kitgen.layout.paper import card_size, paper_size
from kitgen.layout.units import format_mm, parse_length, parse_offset
from kitgen.load.documents import Document, read_document
from kitgen.load.references import check_reference
from kitgen.model.findings import Finding, Location, finding, has_errors
from kitgen.model.kit import DEFAULTS, KitBase, Reference
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
    found += card_sources(kit, path, kit.extra_commons)[1]
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
    from kitgen.games.scratch.load import check_scratch
    from kitgen.layout.impose import check_pages

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
                doc = _named_document(
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


def _named_document(
    path: str,
    entry: str,
    at: Location | None,
    kinds: tuple[tuple[str, str], ...],
    wanted: str,
    found: list[Finding],
) -> Document | None:
    """A file a kit names, read, when it is a valid file of one of `kinds`; None (and a
    finding at the entry, or the file's own findings) when it is not."""
    doc = read_document(path)
    if doc.game is None or doc.kind is None:  # not read as far as its kind: it says why
        found += doc.findings
        return None
    if (doc.game, doc.kind) not in kinds:
        found.append(
            finding(
                "uses-wrong-kind", f"{entry!r} is a {doc.game} {doc.kind} file, not {wanted}", at
            )
        )
        return None
    found += doc.findings
    return doc if doc.model is not None else None


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
    found += rules_document(kit, path)[1]
    return found


def kit_sheet(kit: KitBase) -> tuple[int, int]:
    """How many cards one sheet holds with the kit's settings over kitgen's defaults (the
    command line and kitgen.toml may change them), and the pages a sheet takes; LayoutError
    when the cards do not fit or a sheet would hold more than kitgen prints."""
    from kitgen.layout.impose import sheet_layout

    def pick(key: str) -> str:
        value = getattr(kit.settings, key)
        return str(value if value is not None else getattr(DEFAULTS, key))

    paper, card = paper_size(pick("paper")), card_size(pick("card_size"))
    sizes = {k: parse_length(pick(k)) for k in ("bleed", "margin", "gutter")}
    return sheet_layout(paper, card, **sizes, duplex=pick("duplex"))


def _sheet_findings(kit: KitBase) -> list[Finding]:
    """An `invalid-setting` at the card size (or paper) when the kit's cards cannot be
    laid out on its paper as its settings stand."""
    try:
        kit_sheet(kit)
    except LayoutError as err:
        key = "card_size" if kit.settings.card_size is not None else "paper"
        return [finding("invalid-setting", f"{key}: {err}", kit.where("settings", key))]
    return []


def rules_document(kit: KitBase, path: str) -> tuple[Document | None, list[Finding]]:
    """The rules file a kit names, read and checked (None when it names none, or one
    that is missing, of the wrong kind or in error), and the findings. The kit's check
    and its build both read the rules file through this."""
    from kitgen.load.rules import check_rules

    if kit.rules is None:
        return None, []
    at = kit.where("rules")
    rules_path, problem = check_reference(kit.rules, path, at, "the rules file")
    if problem is not None:
        return None, [problem]
    found: list[Finding] = []
    wanted = f"a {kit.game} rules file"
    doc = _named_document(rules_path, kit.rules, at, ((kit.game, "rules"),), wanted, found)
    if doc is None:
        return None, found
    found += check_rules(doc)
    return (None if has_errors(found) else doc), found


def reference_cards(kit: KitFile) -> tuple[list[Reference], list[Finding]]:
    """The kit's reference cards, `{{ name }}` replaced by the game's parameters."""
    from kitgen.games.scratch.load import official

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
