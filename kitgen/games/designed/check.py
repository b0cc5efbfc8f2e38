"""`kitgen check` of a designed game's files: the game file and the kit check the whole
game (its data, its layouts, and every card laid out); a layout file checks itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.games.designed.draw import check_drawn
from kitgen.games.designed.load import Design, Layouts, load_design
from kitgen.games.designed.model import DesignedDeckFile
from kitgen.load.printable import check_printable
from kitgen.model.findings import Finding, finding

if TYPE_CHECKING:
    from kitgen.model.document import Document
    from kitgen.model.kit import PrintSettings


def check_file(game_id: str, folder: str, doc: Document) -> list[Finding]:
    """What `kitgen check` says of a designed game's file beyond its shape: the game
    file and the kit check the whole game (its data, layouts, and every card drawn);
    a layout file checks itself against the game's fields."""
    design = load_design(game_id, folder)
    if doc.kind == "layout":
        if design.file is None:
            return []
        layouts = Layouts(design)
        before = len(design.findings)
        layouts.read(doc.path, None, (), own=False)
        found = design.findings[before:]
        del design.findings[before:]
        return found
    if doc.kind == "deck":
        return check_deck_file(design, doc)
    if doc.kind not in ("game", "kit"):
        return []
    found = list(design.findings)
    if doc.kind == "kit":  # (the game file's own shape comes with its own check)
        found = design.file_findings + found
    if design.ok:
        settings = getattr(doc.model, "settings", None)
        found += layout_sizes(design, settings)
        found += check_drawn(design, settings)
    return found


def layout_sizes(design: Design, settings: PrintSettings | None) -> list[Finding]:
    """`layout-size-mismatch` at a layout's `size:` (its own, or the one it inherits)
    when it names another card size than the one the game's cards are made for (the
    kit's `card_size`, else the face layout's `size:`): a layout shared by games of
    other card sizes, say. Its lengths in mm are placed as on the game's cards."""
    from kitgen.games.designed.draw import made_size
    from kitgen.layout.geometry import LayoutError
    from kitgen.layout.paper import card_size
    from kitgen.layout.units import format_mm

    made = made_size(design, settings)
    if made is None:
        return []
    found: list[Finding] = []
    for pick in (design.face, design.back):
        for layout in [] if pick is None else pick.all():
            if layout.size is None or layout.size_at is None:
                continue
            try:
                size = card_size(layout.size)
            except LayoutError:  # (its own finding)
                continue
            if abs(size.width - made.width) < 0.01 and abs(size.height - made.height) < 0.01:
                continue
            found.append(
                finding(
                    "layout-size-mismatch",
                    f"this layout is made for {layout.size} cards ({format_mm(size.width)} x "
                    f"{format_mm(size.height)}), but the game's cards are made for "
                    f"{format_mm(made.width)} x {format_mm(made.height)} (its kit's "
                    "`card_size`, else its face layout's `size:`): its lengths are placed as "
                    "on those cards; give the layout that size, or leave `size:` out",
                    layout.size_at,
                )
            )
    return found


def check_deck_file(design: Design, doc: Document) -> list[Finding]:
    """A deck against the game's cards and its `deck_rules` (none: any deck of its cards,
    and no sideboard). A game file that cannot be read, or whose deck rules cannot, is
    `deck-not-checked` at the deck's cards (never no problems); with the rules alone
    broken, the deck's card names are still checked."""
    from kitgen.games.designed.lookup import CardIndex
    from kitgen.model.deck_rules import DeckRules
    from kitgen.rules.deck_rules import Entry, check_deck, read_deck

    deck = doc.model
    if not isinstance(deck, DesignedDeckFile):
        return []
    at = deck.where("cards", key=True)
    main = [Entry(n, c, deck.where("cards", n, key=True)) for n, c in deck.cards.items()]
    side = [Entry(n, c, deck.where("sideboard", n, key=True)) for n, c in deck.sideboard.items()]
    # Its name heads the label of every sheet of the deck's own PDF.
    found: list[Finding] = check_printable(deck.name, deck.where("name"))
    if design.file is not None:  # a line that several different cards answer to
        index = CardIndex(design.cards, design.name_of)
        found += [
            finding("duplicate-card", why, line.where)
            for line in [*main, *side]
            if (why := index.ambiguity(line.name)) is not None
        ]
    cards = {design.name_of(card): card.values for card in design.cards}
    problem = design.rules_problem
    if design.file is None or problem is not None:
        why = (
            "its game file cannot be read"
            if design.file is None
            else "the game's deck rules cannot be read"
        )
        if problem is not None:
            why += (
                f" ({problem.location}: {problem.message})"
                if problem.location
                else f" ({problem.message})"
            )
        found.append(finding("deck-not-checked", f"this deck could not be checked: {why}", at))
        if design.file is not None:
            found += read_deck(main, cards).findings
            found += read_deck(side, cards, "the sideboard").findings
        return found
    rules = design.file.deck_rules or DeckRules()
    return found + check_deck(rules, cards, main, side, at, deck.where("sideboard", key=True))


def deck_stats(design: Design, doc: Document) -> dict[str, object] | None:
    """`kitgen check --stats` of a deck: its curves, counts and rules near their limits
    (None when the game or the deck cannot be read); of the game file, `game_stats`."""
    from kitgen.model.deck_rules import DeckRules
    from kitgen.rules.deck_rules import Entry, FieldInfo
    from kitgen.rules.deck_rules import deck_stats as stats_of

    deck = doc.model
    if doc.kind == "game" and design.file is not None:
        return game_stats(design)
    if design.file is None or not isinstance(deck, DesignedDeckFile):
        return None
    cards = {design.name_of(card): card.values for card in design.cards}
    fields = {
        name: FieldInfo(spec.type, None if spec.values is None else tuple(spec.values))
        for name, spec in design.file.fields.items()
    }
    main = [Entry(n, c) for n, c in deck.cards.items()]
    side = [Entry(n, c) for n, c in deck.sideboard.items()]
    rules = design.file.deck_rules if design.rules_problem is None else None
    return stats_of(rules or DeckRules(), cards, fields, main, side)


def game_stats(design: Design) -> dict[str, object]:
    """`kitgen check --stats` of a game file: how many cards it prints, and each table
    of card data read (its path, sheet and rows) with the columns no field reads, which
    are ignored (`strict: true` makes them findings)."""
    return {
        "cards": sum(card.copies for card in design.cards),
        "sources": [
            {"path": s.path, "sheet": s.sheet, "rows": s.rows, "ignored": list(s.ignored)}
            for s in design.sources
        ],
    }
