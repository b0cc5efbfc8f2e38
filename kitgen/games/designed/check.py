"""`kitgen check` of a designed game's files: the game file and the kit check the whole
game (its data, its layouts, and every card laid out); a layout file checks itself."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kitgen.api import Finding, check_printable, finding
from kitgen.games.designed.load import Design, Layouts, deck_expressions, load_design
from kitgen.games.designed.model import DesignedDeckFile

if TYPE_CHECKING:
    from kitgen.api import Book, DeckRules, Document, Location, PrintSettings, Size
    from kitgen.games.designed.lookup import CardIndex


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
        # (drawing's modules only for the game and the kit, which lay every card out)
        from kitgen.games.designed.draw import check_drawn

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

    found: list[Finding] = []
    seen: set[tuple[object, float, float]] = set()
    for part in design.parts():  # each deck of a game of several, at its own size
        found += _layout_sizes(part, made_size(part, settings), seen)
    return found


def _layout_sizes(
    design: Design, made: Size | None, seen: set[tuple[object, float, float]]
) -> list[Finding]:
    """`layout_sizes` of one deck whose cards are made for `made` (None: unknown); a
    layout's `size:` shared by decks of one size is said once (`seen`)."""
    from kitgen.api import LayoutError, card_size, format_mm

    if made is None:
        return []
    found: list[Finding] = []
    for pick in (design.face, design.back):
        for layout in [] if pick is None else pick.all():
            if layout.size is None or layout.size_at is None:
                continue
            key = (layout.size_at, round(made.width, 2), round(made.height, 2))
            if key in seen:
                continue
            seen.add(key)
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
                    f"{format_mm(size.height)}), but {_cards_of(design)} are made for "
                    f"{format_mm(made.width)} x {format_mm(made.height)}: its lengths are "
                    "placed as on those cards; give the layout that size, or leave `size:` out",
                    layout.size_at,
                )
            )
    return found


def _cards_of(design: Design) -> str:
    """Whose cards a layout is held to, and where their size comes from: the game's, or
    one deck's of several."""
    if design.deck is None:
        return "the game's cards (its kit's `card_size`, else its face layout's `size:`)"
    return (
        f"the cards of deck {design.deck!r} (the deck's `size:`, else its kit's "
        "`card_size`, else its face layout's `size:`)"
    )


def check_deck_file(design: Design, doc: Document) -> list[Finding]:
    """A deck against the game's cards and its `deck_rules` (none: any deck of its cards,
    and no sideboard). A game file that cannot be read, or whose deck rules cannot, is
    `deck-not-checked` at the deck's cards (never no problems); with the rules alone
    broken, the deck's card names are still checked."""
    from kitgen.api import CardNames, DeckRules, Entry, check_deck, read_deck

    deck = doc.model
    if not isinstance(deck, DesignedDeckFile):
        return []
    at = deck.where("cards", key=True)
    main = [Entry(n, c, deck.where("cards", n, key=True)) for n, c in deck.cards.items()]
    side = [Entry(n, c, deck.where("sideboard", n, key=True)) for n, c in deck.sideboard.items()]
    # Its name heads the label of every sheet of the deck's own PDF.
    found: list[Finding] = check_printable(deck.name, deck.where("name"))
    part, problem_of_deck = _deck_of(design, deck)
    if problem_of_deck is not None:
        return [*found, problem_of_deck]
    main, by_number = numbered_lines(design, part, main)
    side, side_numbers = numbered_lines(design, part, side)
    found += by_number + side_numbers
    if design.file is not None:  # a line that several different cards answer to
        index = card_index(design, part)
        found += [
            finding("duplicate-card", why, line.where)
            for line in [*main, *side]
            if (why := index.ambiguity(line.name)) is not None
        ]
        if part is not design:  # a card of another deck: a finding at its line
            found += _other_decks(design, part, index, [*main, *side])
        main, side = _first_names(design, part, main), _first_names(design, part, side)
    cards = cards_by_name(design, part)
    names = part.lookup("names", lambda: CardNames(cards))

    def names_only() -> list[Finding]:  # (a deck the rules cannot check: its names)
        return [
            *read_deck(main, cards, names=names).findings,
            *read_deck(side, cards, "the sideboard", names).findings,
        ]

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
            found += names_only()
        return _said_once(found)
    rules = design.file.deck_rules or DeckRules()
    key, problem_of_format = _format_of(rules, deck, at)
    if problem_of_format is not None:
        return _said_once([*found, problem_of_format, *names_only()])
    book = rule_book(part, rules, key)
    identity = None
    if deck.identity is not None:
        written = Entry(deck.identity, 1, deck.where("identity"))
        identity = _first_names(design, part, [written])[0]
    found += check_deck(
        rules,
        cards,
        main,
        side,
        at,
        deck.where("sideboard", key=True),
        names=names,
        identity=identity,
        book=book,
    )
    return _said_once(found)


def _format_of(
    rules: DeckRules, deck: DesignedDeckFile, at: Location | None
) -> tuple[str | None, Finding | None]:
    """The format a deck is checked against (a key of the rules' `formats`; None: the
    first, or the rules as they are for a game with none): `kitgen check --play-format`,
    else the deck's own `format:`; `unknown-key` for one the game does not have."""
    from kitgen.api import format_key, played_format, suggest

    played = played_format()
    name = played if played is not None else deck.format
    where = at if played is not None else deck.where("format")
    given = "--play-format" if played is not None else "`format:`"
    if name is None:
        return None, None
    if not rules.formats:
        why = (
            f"{given} {name}: this game has no formats of play (its deck rules have no `formats:`)"
        )
        return None, finding("unknown-key", why, where)
    key = format_key(rules, name)
    if key is None:
        known = list(rules.formats)
        why = f"{given} {name} is no format of this game{suggest(name, known)}; its formats: " + (
            ", ".join(known)
        )
        return None, finding("unknown-key", why, where)
    return key, None


def rule_book(part: Design, rules: DeckRules, key: str | None) -> Book:
    """The deck rules of a format (`key`; None: the first, or the rules as they are),
    their expressions compiled, made once for every deck file of `part`."""
    from kitgen.api import Book

    return part.lookup(f"book {key}", lambda: Book(rules, deck_expressions(), key))


def card_index(design: Design, part: Design) -> CardIndex:
    """A deck's cards by every name they have (in each of the game's languages), made
    once for every deck file of it."""
    from kitgen.games.designed.lookup import CardIndex

    return part.lookup("index", lambda: CardIndex(part.cards, design.name_of, design.names_of))


def cards_by_name(design: Design, part: Design) -> dict[str, Mapping[str, object]]:
    """A deck's cards' values by their names, as the deck rules read them (the first
    card of a name), made once for every deck file of it."""
    return part.lookup("cards", lambda: {design.name_of(card): card.values for card in part.cards})


def numbered_lines(
    design: Design, part: Design, lines: list[Any]
) -> tuple[list[Any], list[Finding]]:
    """A deck's lines with each that names cards by number (`"#1-10, 15": 2`, numbers
    and ranges of the game's `number_field`) as a line for each card so numbered, in
    the order of the numbers, at the line's place; and what is wrong with them: no
    field numbering the cards, a number or range that cannot be read (`invalid-value`),
    numbers no card has (`unknown-card`)."""
    from kitgen.api import Entry
    from kitgen.games.designed.load import add_numbers

    if not any(line.name.startswith("#") for line in lines):
        return lines, []
    field = design.number_field
    out: list[Any] = []
    found: list[Finding] = []
    by_number: dict[str, list[Any]] = {}
    if field is not None:
        for card in part.cards:
            value = card.values.get(field)
            if isinstance(value, int):
                by_number.setdefault(str(value), []).append(card)
    for line in lines:
        if not line.name.startswith("#"):
            out.append(line)
            continue
        if field is None:
            found.append(
                finding(
                    "invalid-value",
                    f"{line.name!r} names cards by number, but no field numbers them: give "
                    "the game file `number_field:` (a whole-number field), or name the cards",
                    line.where,
                )
            )
            continue
        numbers: dict[str, None] = {}
        problem = None
        for piece in line.name.split(","):
            problem = add_numbers(numbers, piece.strip().removeprefix("#").strip())
            if problem is not None:
                break
        if problem is None and len(numbers) > 1_000:
            problem = "a line names at most 1,000 numbers"
        if problem is not None:
            found.append(finding("invalid-value", f"{line.name!r}: {problem}", line.where))
            continue
        missing = [n for n in numbers if n not in by_number]
        if missing:
            shown = ", ".join(missing[:5]) + (
                f" and {len(missing) - 5} more" if len(missing) > 5 else ""
            )
            found.append(
                finding(
                    "unknown-card", f"{line.name!r}: no card has the {field} {shown}", line.where
                )
            )
        for number in numbers:
            for card in by_number.get(number, []):
                out.append(Entry(design.name_of(card), line.count, line.where))
    return out, found


def _first_names(design: Design, part: Design, lines: list[Any]) -> list[Any]:
    """A deck's lines with each name in another of the game's languages (`FIELD@TAG`
    columns of its name field) as the card's name in the first: the deck rules count
    cards by those."""
    from kitgen.api import Entry
    from kitgen.games.designed.lookup import CardIndex

    if design.file is None or len(design.file.editions) < 2:
        return lines
    plain = part.lookup("plain index", lambda: CardIndex(part.cards, design.name_of))
    every = card_index(design, part)
    out = []
    for line in lines:
        card = None if plain.find(line.name) is not None else every.find(line.name)
        out.append(line if card is None else Entry(design.name_of(card), line.count, line.where))
    return out


def _said_once(found: list[Finding]) -> list[Finding]:
    """The findings without `unknown-card` at a line that `card-in-other-deck` names
    (the card is the game's, of another deck)."""
    other = {f.location for f in found if f.code == "card-in-other-deck"}
    return [f for f in found if not (f.code == "unknown-card" and f.location in other)]


def _deck_of(design: Design, deck: DesignedDeckFile) -> tuple[Design, Finding | None]:
    """The deck a deck file draws from: the game, for a game of one deck (a `deck:` in
    the file is `unknown-key` there); for a game of several, the one its `deck:` names
    (Unicode identity, case aside), `missing-key` when it names none and
    `unknown-key` when it names no deck of the game."""
    from kitgen.api import suggest

    several = design.file is not None and design.file.decks is not None
    if not several:
        if deck.deck is not None and design.file is not None:
            why = "this game has one deck (its game file has no `decks:`): leave `deck:` out"
            return design, finding("unknown-key", why, deck.where("deck", key=True))
        return design, None
    names = [view.deck for view in design.views if view.deck is not None]
    if deck.deck is None:
        why = (
            "this game has several decks: name the one this deck draws from, like "
            f"`deck: {names[0]}` (its decks: {', '.join(names)})"
        )
        return design, finding("missing-key", why, deck.where("name", key=True))
    found = design.view(deck.deck)
    if found is None:
        why = (
            f"`deck: {deck.deck}` is no deck of the game{suggest(deck.deck, names)}; its "
            f"decks: {', '.join(names)}"
        )
        return design, finding("unknown-key", why, deck.where("deck"))
    return found, None


def _other_decks(design: Design, part: Design, index: object, lines: list[Any]) -> list[Finding]:
    """`card-in-other-deck` at each line of a deck file naming no card of its deck but a
    card of another deck of the game (a card in neither is `unknown-card`, later)."""
    from kitgen.games.designed.lookup import CardIndex

    assert isinstance(index, CardIndex)
    others = [(view.deck, card_index(design, view)) for view in design.views if view is not part]
    out: list[Finding] = []
    for line in lines:
        if index.find(line.name) is not None:
            continue
        other = next((name for name, cards in others if cards.find(line.name) is not None), None)
        if other is not None:
            out.append(
                finding(
                    "card-in-other-deck",
                    f"{line.name!r} is a card of the deck {other!r}, not of {part.deck!r}, "
                    "which this deck draws from (`deck:`)",
                    line.where,
                )
            )
    return out


def deck_stats(design: Design, doc: Document) -> dict[str, object] | None:
    """`kitgen check --stats` of a deck: its curves, counts and rules near their limits
    (None when the game or the deck cannot be read); of the game file, `game_stats`."""
    from kitgen.api import DeckRules, Entry
    from kitgen.api import deck_stats as stats_of

    deck = doc.model
    if doc.kind == "game" and design.file is not None:
        return game_stats(design)
    if design.file is None or not isinstance(deck, DesignedDeckFile):
        return None
    part, problem = _deck_of(design, deck)
    if problem is not None:
        return None
    cards = cards_by_name(design, part)
    fields = design.field_infos()
    main = numbered_lines(design, part, [Entry(n, c) for n, c in deck.cards.items()])[0]
    side = numbered_lines(design, part, [Entry(n, c) for n, c in deck.sideboard.items()])[0]
    rules = (design.file.deck_rules if design.rules_problem is None else None) or DeckRules()
    key, problem = _format_of(rules, deck, None)
    if problem is not None:
        return None
    book = rule_book(part, rules, key)
    identity = None if deck.identity is None else Entry(deck.identity, 1)
    return stats_of(rules, cards, fields, main, side, identity=identity, book=book)


def game_stats(design: Design) -> dict[str, object]:
    """`kitgen check --stats` of a game file: how many cards it prints, and each table
    of card data read (its path, sheet and rows, in a game of several decks its deck, of
    a translation source its language) with the columns no field reads, which are
    ignored (`strict: true` makes them findings)."""
    return {
        "cards": sum(card.copies for card in design.cards),
        "sources": [
            {
                "path": s.path,
                "sheet": s.sheet,
                "rows": s.rows,
                "ignored": list(s.ignored),
                **({} if s.deck is None else {"deck": s.deck}),
                **({} if s.language is None else {"language": s.language}),
            }
            for s in design.sources
        ],
    }
