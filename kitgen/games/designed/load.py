"""Reading a designed game: its game file, its card data checked against its fields, its
layouts compiled (with what they extend), its icons and fonts found.

Every problem is a finding at its place: a cell of the spreadsheet, a property of a
layout, an entry of the game file. Drawing the cards (and what only drawing finds:
text that does not fit, characters a font lacks, a broken image) is
kitgen.games.designed.draw's.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from kitgen.api import (
    Finding,
    Location,
    check_printable,
    check_reference,
    finding,
    has_errors,
    tidy_path,
)
from kitgen.games.designed.fields import Card, FieldSpec, check_cards, column_key
from kitgen.games.designed.model import (
    BUILTIN_FONTS,
    MAX_DEPTH,
    MAX_EXTENDS,
    MAX_PARTS,
    OWN_PROPERTIES,
    REQUIRED_PROPERTY,
    STRUCTURE,
    CardsSource,
    DesignedGameFile,
    Element,
    LayoutChoice,
    LayoutFile,
    font_key,
    wrong_properties,
)
from kitgen.games.designed.props import (
    ELSE,
    EMPTY,
    Compiled,
    PropError,
    Render,
    compile_property,
    is_template,
    when_template,
)

if TYPE_CHECKING:
    from kitgen.api import CardShape, Cell, Document, FieldInfo, FontSource, Table
    from kitgen.games.designed.spans import SpanStyle

GEOMETRY = ("x", "y", "width", "height")
T = TypeVar("T")  # (what a design's `lookup` makes)

EVERY_ELEMENT = ("rotate", "pivot", "opacity")  # how any element is turned, and how opaque
MAX_SAFE = 20 * 72 / 25.4  # 20 mm: a safe area wider than that is a slip
DEFAULTS: dict[str, object] = {"x": 0, "y": 0, "width": "100%", "height": "100%"}


@dataclass
class Part:
    """One element of a layout, compiled: its properties by name, each with where it was
    written (an element that changes an inherited one keeps the inherited properties'
    places)."""

    type: str
    name: str | None
    label: str
    where: Location | None
    anchor: str
    props: dict[str, Compiled]
    places: dict[str, Location | None]
    when: Render | Mapping[str, list[str]] | None = None
    when_at: Location | None = None
    # A text's span styles (its layout's `styles:`), by `style_key`; None: none.
    styles: Mapping[str, SpanStyle] | None = None
    # A group's (or a component's) elements, in the order written; ordered by `z`
    # when the layout is made flat (`flatten`).
    children: tuple[Part, ...] = ()
    z: int = 0  # where it is drawn among the elements beside it (`z:`)
    # A component's layout as written, and the values it gives its parameters.
    source: tuple[str, Mapping[str, object]] | None = None
    # The groups it lies in, outermost first (a flat layout's element: `flatten`).
    frame: tuple[Part, ...] = ()


@dataclass
class Layout:
    """A layout ready to draw: its own settings and its elements in drawing order."""

    path: str
    size: str | None = None
    size_at: Location | None = None
    bleed: str | None = None
    safe: str | None = None
    background: Compiled | None = None
    parts: list[Part] = field(default_factory=list)
    font: Compiled | None = None  # `font:`: its text elements' when they name none
    font_at: Location | None = None
    # Its span styles (`styles:`, over those of what it extends), by `style_key`.
    styles: dict[str, SpanStyle] = field(default_factory=dict)
    # A component's parameters, and their values when a layout gives none (`params:`).
    params: dict[str, object] = field(default_factory=dict)
    shape: CardShape | None = None  # the card's shape (`shape:`; None: a rectangle)


@dataclass
class LayoutPick:
    """The layout each card gets: one for all, or one per value of a field."""

    by: str | None
    layouts: dict[str, Layout]  # by the field's value ("else" for the others); "" for all

    def of(self, values: Mapping[str, object]) -> Layout | None:
        """The layout of a card with these values (None: its value has none)."""
        if self.by is None:
            return self.layouts[""]
        value = values.get(self.by, "")
        key = " ".join(map(str, value)) if isinstance(value, tuple) else str(value)
        return self.layouts.get(key, self.layouts.get(ELSE))

    def all(self) -> list[Layout]:
        """Every layout, each once."""
        return list({id(layout): layout for layout in self.layouts.values()}.values())


@dataclass(frozen=True)
class SourceSummary:
    """One table of card data as read: where it is, its rows, and the headers of the
    columns no field reads (ignored)."""

    path: str
    sheet: str | None
    rows: int
    ignored: tuple[str, ...]
    deck: str | None = None  # the deck it feeds, in a game of several
    language: str | None = None  # a translation source's language


@dataclass
class Design:
    """A designed game as read: its game file, cards, layouts, icons and fonts, and every
    finding of reading them."""

    game_id: str
    path: str  # the game file
    file: DesignedGameFile | None
    cards: list[Card] = field(default_factory=list)
    face: LayoutPick | None = None
    back: LayoutPick | None = None
    icons: dict[str, str] = field(default_factory=dict)  # name -> path
    fonts: dict[str, dict[str, FontSource]] = field(default_factory=dict)  # name -> face ->
    # The files read, each with how it looked when read (the cache's key: `note`).
    inputs: dict[str, tuple[int, int]] = field(default_factory=dict)
    # Drawing's memos: each card's context (by the card's id), and the findings of
    # checking every card at a size (width, height, bleed, and the size made for).
    contexts: dict[int, Any] = field(default_factory=dict)
    checked: dict[tuple[float, ...], list[Finding]] = field(default_factory=dict)
    reported: set[tuple[float, ...]] = field(default_factory=set)  # by a check
    findings: list[Finding] = field(default_factory=list)  # in its other files, and at its
    # entries in the game file (a missing icon, say)
    file_findings: list[Finding] = field(default_factory=list)  # the game file's shape
    # Each table of card data read, in order (its path, sheet, rows, and the columns no
    # field reads): `check --stats`. (Not the tables: their cells are not kept.)
    sources: list[SourceSummary] = field(default_factory=list)
    rows_read: int = 0  # rows of card data read, in every deck (the limit is shared)
    tables_read: list[Table] = field(default_factory=list)  # while the decks are read
    # The card data's files and sheets read (real path, sheet), each with where `cards:`
    # names it: one named twice would print its cards twice.
    seen_sources: dict[tuple[str, str | None], Location | None] = field(default_factory=dict)
    # Why a deck cannot be checked against the game's deck rules: the first error of a
    # game file that cannot be read, or of its `deck_rules` (None: they can be).
    rules_problem: Finding | None = None
    # A game of several decks (`decks:`): each deck as a design of its own (`views`),
    # sharing this one's file, icons, fonts, inputs and findings, with its own cards,
    # layouts, size and drawing memos; this design's `cards` are all of theirs, in
    # order, and its `face` and `back` are None. A view's `deck` is its name.
    views: list[Design] = field(default_factory=list)
    deck: str | None = None
    deck_size: str | None = None  # the deck's `size:` (before the kit's card size)
    deck_size_at: Location | None = None
    deck_shape: CardShape | None = None  # the deck's `shape:` (before its face layout's)
    # The language of the edition this design prints (None: its first language's, as
    # its plain columns hold it): `edition`.
    language: str | None = None
    editions: dict[str, Design] = field(default_factory=dict)  # (`edition`'s memo)
    # What checking its deck files looks up, made once for them all (`lookup`): its
    # cards by name, and the indexes of their names; `kitgen check decks/` reads
    # thousands of deck files of one game.
    lookups: dict[str, Any] = field(default_factory=dict)

    def edition(self, language: str) -> Design:
        """This design in one of its languages' editions: every card with its text in
        that language where it has some (else its first language's), drawn with that
        language's line breaking and hyphenation; the design itself for its first
        language."""
        if self.file is None or language == self.file.first_language:
            return self
        made = self.editions.get(language)
        if made is not None:
            return made
        views = [view.edition(language) for view in self.views]
        if views:  # (a game's cards are its decks' cards, in order)
            cards = [card for view in views for card in view.cards]
        else:
            cards = [card.edition(language) for card in self.cards]
        made = replace(
            self,
            cards=cards,
            views=views,
            contexts={},
            checked={},
            reported=set(),
            editions={},
            lookups={},
            language=language,
        )
        self.editions[language] = made
        return made

    @property
    def draws_in(self) -> str:
        """The language its text is drawn in: its edition's, else the game file's."""
        if self.language is not None:
            return self.language
        return self.file.first_language if self.file is not None else "en"

    def parts(self) -> list[Design]:
        """What prints as one set of cards each: the decks of a game of several, else
        the game itself."""
        several = self.deck is None and self.file is not None and self.file.decks is not None
        return self.views if several else [self]

    @property
    def number_field(self) -> str | None:
        """The whole-number field that numbers its cards (`number_field:`, else a field
        `number` of that type), for a deck's lines that name cards by number."""
        if self.file is None:
            return None
        name = self.file.number_field or "number"
        spec = self.file.fields.get(name)
        return name if spec is not None and spec.type == "integer" else None

    @property
    def card_shape(self) -> CardShape | None:
        """The shape its cards are cut to: its deck's `shape:`, else its (first) face
        layout's; None for a rectangle."""
        if self.deck_shape is not None:
            return self.deck_shape
        if self.face is None or not self.face.layouts:
            return None
        return self.face.all()[0].shape

    def view(self, name: str) -> Design | None:
        """The deck of this name (Unicode identity, case aside), or None."""
        from kitgen.games.designed.model import deck_key

        key = deck_key(name)
        return next((v for v in self.views if v.deck is not None and deck_key(v.deck) == key), None)

    def view_of(self, card: Card) -> Design:
        """The deck a card is in (the game itself for a game of one deck)."""
        for view in self.views:
            if any(c is card for c in view.cards):
                return view
        return self

    def note(self, path: str) -> None:
        """Remember a file the design was read from: a change to it is a change to the
        design."""
        if path not in self.inputs:
            self.inputs[path] = _stamp(path)

    @property
    def unchanged(self) -> bool:
        """Whether every file the design was read from is as it was."""
        return all(_stamp(path) == stamp for path, stamp in self.inputs.items())

    @property
    def fields(self) -> dict[str, FieldSpec]:
        return {} if self.file is None else dict(self.file.fields)

    @property
    def ok(self) -> bool:
        return (
            self.file is not None
            and not has_errors(self.findings)
            and not has_errors(self.file_findings)
        )

    def name_of(self, card: Card) -> str:
        """A card's name: its name field's value, else its row."""
        key = self.file.name_field if self.file is not None else None
        for name in (key, "name", "title"):
            if name and isinstance(card.values.get(name), str):
                return str(card.values[name])
        return f"the card of row {card.where.line}"

    def field_infos(self) -> dict[str, FieldInfo]:
        """The card fields as the deck rules read them (each's type, a choice's values,
        whether a whole number's curve is shown)."""
        from kitgen.api import FieldInfo

        if self.file is None:
            return {}
        return {
            name: FieldInfo(
                spec.type, None if spec.values is None else tuple(spec.values), spec.curve
            )
            for name, spec in self.file.fields.items()
        }

    def lookup(self, what: str, make: Callable[[], T]) -> T:
        """What `make` makes of this design's cards, made once (`lookups`, by `what`):
        the design does not change once read."""
        if what not in self.lookups:
            self.lookups[what] = make()
        found: T = self.lookups[what]
        return found

    def names_of(self, card: Card) -> list[str]:
        """A card's names in every language it has one in, the first language's first
        (a deck names a card in any of them)."""
        key = self.file.name_field if self.file is not None else None
        names = []
        for values in card.every_language():
            keys = (key, "name", "title")
            name = next((values[k] for k in keys if k and isinstance(values.get(k), str)), None)
            if isinstance(name, str):
                names.append(name)
        return names or [self.name_of(card)]


# What templates, mappings and `when:` read as the language of the edition being
# printed (its tag as the game file's `languages:` writes it), unless a field has the
# name: `size: {language: {de: 8, else: 10}}` sets German text smaller.
EDITION_LANGUAGE = "language"


def context_of(
    card: Card, fields: Mapping[str, FieldSpec], language: str | None = None
) -> dict[str, Any]:
    """What a card's templates see: every field, icons as a list, an empty one as the
    empty text that no number is greater or smaller than (props.EMPTY); and, unless a
    field has its name, `language`: the edition's."""
    out: dict[str, Any] = {}
    for name in fields:
        value = card.values.get(name, EMPTY)
        out[name] = list(value) if isinstance(value, tuple) else value
    if language is not None and EDITION_LANGUAGE not in fields:
        out[EDITION_LANGUAGE] = language
    return out


_cache: dict[str, Design] = {}


def _stamp(path: str) -> tuple[int, int]:
    """How a file looks now: its modification time and size ((0, -1): missing)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return (0, -1)
    return (info.st_mtime_ns, info.st_size)


def deck_expressions() -> Callable[[str], Any]:
    """The compiler of deck rules' expressions (kitgen.rules.deck_rules.Compile): the
    templates' sandbox, loaded with jinja2 only when the rules hold an expression."""
    made: list[Callable[[str], Any]] = []

    def compile(source: str) -> Any:
        if not made:
            from kitgen.api import rule_expressions

            made.append(rule_expressions())
        return made[0](source)

    return compile


def load_design(game_id: str, folder: str) -> Design:
    """Read the designed game `game_id` from its folder: once per process while none of
    its files changes."""
    path = tidy_path(os.path.join(folder, "game.yaml"))
    cached = _cache.get(path)
    if cached is not None and cached.game_id == game_id and cached.unchanged:
        return cached
    _cache.clear()  # one game at a time
    from kitgen.api import registry

    owner = registry.find(game_id, folder)
    if owner is None:  # (its game file cannot say its id: its reading says why)
        design = _cache[path] = _read_design(game_id, path)
        return design
    with registry.files_of(owner):  # a layout it names is its own, wherever it lies
        design = _cache[path] = _read_design(game_id, path)
    return design


def _read_design(game_id: str, path: str) -> Design:
    from kitgen.api import read_document

    doc = read_document(path)
    model = doc.model if isinstance(doc.model, DesignedGameFile) else None
    design = Design(game_id, path, model, file_findings=list(doc.findings))
    design.note(path)
    if model is None:
        if not doc.findings:
            design.file_findings.append(
                finding("invalid-value", "this is no designed game's file", Location(path))
            )
        design.rules_problem = next((f for f in design.file_findings if f.is_error), None)
        return design
    design.findings += _field_names(model)
    design.findings += _languages(model)
    # The game's title heads the label of every sheet of its cards.
    design.findings += check_printable(model.title, model.where("title"))
    _read_icons(design, model)
    _read_fonts(design, model)
    if model.decks is None:
        assert model.cards is not None
        _read_cards(design, model, model.cards, ("cards",))
    else:
        _read_decks(design, model)
    if any(path[:1] == ("deck_rules",) for path, _ in doc.dropped):  # (its finding is there)
        design.rules_problem = _first_error_at(design.file_findings, doc, "deck_rules")
    if model.deck_rules is not None:
        from kitgen.api import check_rules

        fields = design.field_infos()
        broken = check_rules(
            model.deck_rules,
            fields,
            model.where("deck_rules"),
            [design.name_of(card) for card in design.cards],
            compiler=deck_expressions(),
            values={design.name_of(card): card.values for card in design.cards},
        )
        design.findings += broken
        design.rules_problem = next((f for f in broken if f.is_error), design.rules_problem)
    layouts = Layouts(design)
    if model.decks is None:
        assert model.face is not None
        design.face = layouts.pick(model.face, ("face",))
        if model.back is not None:
            design.back = layouts.pick(model.back, ("back",))
    for view in design.views:  # (a layout two decks name is compiled once)
        assert view.deck is not None
        spec = model.decks[view.deck] if model.decks is not None else None
        assert spec is not None
        view.face = layouts.pick(spec.face, ("decks", view.deck, "face"))
        if spec.back is not None:
            view.back = layouts.pick(spec.back, ("decks", view.deck, "back"))
    return design


def _read_decks(design: Design, model: DesignedGameFile) -> None:
    """The decks of a game of several (`decks:`): each deck's card data read as a game's
    is, into a view of its own; two decks whose names are alike (Unicode's composed
    form, case aside), or whose files' names would be one, are `duplicate-key`, and
    each name, which heads its sheets' label, must be printable."""
    from kitgen.api import name_slug
    from kitgen.games.designed.model import deck_key

    assert model.decks is not None
    first: dict[str, str] = {}
    slugs: dict[str, str] = {}  # the decks by what their files' names say of them
    for name, spec in model.decks.items():
        at = model.where("decks", name, key=True)
        other = first.setdefault(deck_key(name), name)
        if other != name:
            design.findings.append(
                finding(
                    "duplicate-key",
                    f"the decks {other!r} and {name!r} have one name (decks are named with "
                    "case aside, and a deck file names its deck by it); rename one",
                    at,
                )
            )
            continue
        slug = name_slug(name)
        clash = slugs.setdefault(slug, name)
        if clash != name:
            design.findings.append(
                finding(
                    "duplicate-key",
                    f"the decks {clash!r} and {name!r} would print into one file "
                    f"(`...-{slug}-cards.pdf`: a file name keeps a name's letters and digits); "
                    "rename one",
                    at,
                )
            )
            continue
        design.findings += check_printable(name, at)
        view = replace(
            design,
            tables_read=[],
            cards=[],
            face=None,
            back=None,
            contexts={},
            checked={},
            reported=set(),
            sources=[],
            views=[],
            editions={},
            lookups={},
            deck=name,
            deck_size=None,
            deck_size_at=None,
        )
        if spec.size is not None:
            from kitgen.api import LayoutError, card_size

            size_at = model.where("decks", name, "size")
            try:
                card_size(spec.size)
                view.deck_size, view.deck_size_at = spec.size, size_at
            except LayoutError as err:
                design.findings.append(finding("invalid-value", str(err), size_at))
        if spec.shape is not None:
            from kitgen.api import ShapeError, read_shape

            try:
                view.deck_shape = read_shape(spec.shape)
            except ShapeError as err:
                where = model.where("decks", name, "shape")
                design.findings.append(finding("invalid-value", str(err), where))
        _read_cards(view, model, spec.cards, ("decks", name, "cards"), design)
        design.views.append(view)
        design.cards += view.cards
    # A field's `column:` (and `copies:`) is the whole game's: a required field's column
    # is in every deck's every table, another's in one table of some deck at least.
    design.findings += _named_columns(model, design.tables_read)
    design.tables_read = []  # (their cells are not kept)


def _from(folder: str, path: str) -> str:
    """A real path as seen from a real folder (`../shared/base.yaml`), with `/`."""
    try:
        return os.path.relpath(path, folder).replace(os.sep, "/")
    except ValueError:  # (another drive)
        return path


def _first_error_at(found: list[Finding], doc: Document, key: str) -> Finding:
    """The error at the game file's `key` (else its first error): why a deck cannot be
    checked when that part of the game file was dropped for it."""
    errors = [f for f in found if f.is_error]
    places = (
        set() if doc.source is None else {doc.source.at((key,)), doc.source.at((key,), key=True)}
    )
    chosen = next((f for f in errors if f.location in places), errors[0] if errors else None)
    return chosen or finding("invalid-value", f"`{key}` cannot be read", Location(doc.path))


def _languages(model: DesignedGameFile) -> list[Finding]:
    """`languages:` names each language once (tags are alike with case aside: `pt-BR`
    is `pt-br`), and its first is the game's `language:` when the file writes both."""
    found: list[Finding] = []
    if model.languages is None:
        return found
    seen: dict[str, str] = {}
    for i, tag in enumerate(model.languages):
        other = seen.setdefault(tag.casefold(), tag)
        if other is not tag:
            found.append(
                finding(
                    "duplicate-key",
                    f"`languages` names {tag!r} twice (language tags are alike with case "
                    "aside); name each language once",
                    model.where("languages", i),
                )
            )
    if "language" in model.model_fields_set and (
        model.language.casefold() != model.languages[0].casefold()
    ):
        found.append(
            finding(
                "invalid-value",
                f"`language` is {model.language!r} but `languages` starts with "
                f"{model.languages[0]!r}: the first of `languages` is the game's own language "
                "(its plain columns' text); put the two alike, or leave `language` out",
                model.where("language"),
            )
        )
    return found


def _field_names(model: DesignedGameFile) -> list[Finding]:
    """Fields a column cannot tell apart (names that differ only in case or spaces: the
    card data's columns are matched with those aside), and a `name_field` that names
    no field, or one that holds no text."""
    from kitgen.api import suggest

    found: list[Finding] = []
    first: dict[str, str] = {}
    for name in model.fields:
        key = column_key(name)
        if key in first:
            found.append(
                finding(
                    "duplicate-key",
                    f"the fields {first[key]!r} and {name!r} differ only in case: the card "
                    "data's columns are matched to fields with case aside, so no column could "
                    "tell them apart; rename one",
                    model.where("fields", name, key=True),
                )
            )
        else:
            first[key] = name
    # Each column holds one thing: two fields' `column:`, or a field's column and the
    # copies', naming one column (a field without `column:` holds the column of its name,
    # unless another field names that column).
    holder: dict[str, str] = {}
    for name, each in model.fields.items():
        if each.column is None:
            continue
        key = column_key(each.column)
        if key in holder:
            found.append(
                finding(
                    "duplicate-key",
                    f"the fields {holder[key]!r} and {name!r} both read the column "
                    f"{each.column!r}; each column holds one field",
                    model.where("fields", name, "column"),
                )
            )
        holder.setdefault(key, name)
    for name, each in model.fields.items():
        if each.column is None:
            holder.setdefault(column_key(name), name)
    if model.copies is not None and column_key(model.copies) in holder:
        found.append(
            finding(
                "duplicate-key",
                f"`copies` names the column {model.copies!r}, which holds the field "
                f"{holder[column_key(model.copies)]!r}; name another column, or give the "
                "field a `column:` of its own",
                model.where("copies"),
            )
        )
    numbered = model.number_field
    if numbered is not None:
        spec = model.fields.get(numbered)
        if spec is None:
            known = suggest(numbered, list(model.fields))
            found.append(
                finding(
                    "unknown-key",
                    f"`number_field` is {numbered!r}, which is no field of the game's cards{known}",
                    model.where("number_field"),
                )
            )
        elif spec.type != "integer":
            found.append(
                finding(
                    "invalid-value",
                    f"`number_field` is {numbered!r}, a field of type {spec.type}: cards are "
                    "numbered by an integer field",
                    model.where("number_field"),
                )
            )
    wanted = model.name_field
    if wanted is not None:
        spec = model.fields.get(wanted)
        if spec is None:
            found.append(
                finding(
                    "unknown-key",
                    f"`name_field` is {wanted!r}, which is no field of the game's cards"
                    f"{suggest(wanted, list(model.fields))}",
                    model.where("name_field"),
                )
            )
        elif spec.type not in ("text", "choice"):
            found.append(
                finding(
                    "invalid-value",
                    f"`name_field` is {wanted!r}, a field of type {spec.type}: a card's name "
                    "comes from a text or choice field",
                    model.where("name_field"),
                )
            )
    return found


def _read_icons(design: Design, model: DesignedGameFile) -> None:
    for name, entry in model.icons.items():
        where, problem = check_reference(entry, design.path, model.where("icons", name), "icon")
        if problem is not None:
            design.findings.append(problem)
        else:
            design.icons[name] = where
        design.note(where)


def _read_fonts(design: Design, model: DesignedGameFile) -> None:
    """The project's font files: each must exist in the project and be a font kitgen
    can embed (TrueType; OpenType with CFF outlines, converted; a collection's font,
    taken out of it: checked byte by byte before fontTools or reportlab sees it,
    kitgen.load.fontfile), else `font-unusable` at its entry. Two fonts whose names
    are alike with case aside (or alike `sans` or `serif`) are `duplicate-key`."""
    if not model.fonts:
        return
    from kitgen.api import FontSource, font_file_problem

    seen: dict[str, str] = {key: key for key in BUILTIN_FONTS}
    for name, files in model.fonts.items():
        other = seen.setdefault(font_key(name), name)
        if other != name:
            said = f"kitgen's own font {other!r}" if other in BUILTIN_FONTS else repr(other)
            message = f"the font {name!r} has the name of {said} (fonts are named with case aside)"
            design.findings.append(finding("duplicate-key", message, model.where("fonts", name)))
            continue
        faces: dict[str, FontSource] = {}
        for face in ("regular", "bold", "italic", "bold_italic"):
            entry = getattr(files, face)
            if entry is None:
                continue
            at = model.where("fonts", name, face)
            if entry.index is not None or entry.name is not None or at is None:
                at = model.where("fonts", name, face, "file") or at
            where, problem = check_reference(entry.file, design.path, at, "font file")
            design.note(where)
            if problem is not None:
                design.findings.append(problem)
                continue
            choice = entry.index if entry.index is not None else entry.name
            wrong = font_file_problem(where, choice=choice)
            if wrong is not None:
                message = f"the {face} font {entry.file!r} {wrong}"
                design.findings.append(finding("font-unusable", message, at))
            else:
                faces[face] = FontSource(where, choice)
        if "regular" in faces:
            design.fonts[name] = faces


def _read_cards(
    design: Design,
    model: DesignedGameFile,
    sources: list[CardsSource],
    key: tuple[str, ...],
    game: Design | None = None,
) -> None:
    """Read every source of the card data in order (files, or a workbook's sheets), each
    table checked against the fields on its own: its own header decides which column
    holds which field. The cards are every source's in turn; a translation source
    (`language:` another of the game's languages) gives their text in its language
    (`_translate`). For one deck of several (`game`: the whole game's design), the rows
    read and the files named before it in the game count too: every deck's sources
    share the game's limit of rows, and a file or sheet feeds one deck once."""
    from kitgen.api import TableLimits, read_table, unescape_html

    limits = TableLimits()
    whole = game or design
    rows = whole.rows_read  # read so far, against the limit of rows all sources share
    seen = whole.seen_sources
    tables: list[Table] = []
    translations: list[tuple[Table, str]] = []  # each translation source's, its language
    for source in sources:
        at = source.where()
        language = _source_language(design, model, source)
        if language is False:  # (its finding is made)
            continue
        where, problem = check_reference(source.file, design.path, at, "card data file")
        if problem is not None:
            design.findings.append(problem)
            continue
        design.note(where)
        if rows >= limits.max_rows:
            design.findings.append(
                finding(
                    "too-many-values",
                    f"the card data sources before this one hold {rows:,} rows; kitgen reads "
                    f"up to {limits.max_rows:,} in all",
                    at,
                )
            )
            break
        shared = TableLimits(rows_before=rows)
        table = read_table(where, shared, sheet=source.sheet)
        same = (os.path.realpath(where), table.sheet)  # (a workbook's first sheet: named)
        if same in seen and not table.findings:
            sheet = f" (sheet {table.sheet!r})" if table.sheet else ""
            design.findings.append(
                finding(
                    "duplicate-key",
                    f"{source.file!r}{sheet} is in `cards:` twice (first at {seen[same]}): "
                    "its cards would print twice; name each file or sheet once",
                    at,
                )
            )
            continue
        seen[same] = at
        if source.decode == "html":
            unescape_html(table)
        rows += len(table.rows)
        whole.rows_read = rows
        design.findings += table.findings
        if has_errors(table.findings):
            continue
        if language is None:
            tables.append(table)
        else:
            translations.append((table, language))
    if game is None:
        design.findings += _named_columns(model, tables)
    else:  # (the game's decks together: `_read_decks`)
        game.tables_read += tables
    missing_text: list[tuple[Location, str, str, Finding]] = []
    unprinted: list[dict[str, str]] = []
    for table in tables:
        checked = check_cards(
            table,
            model.fields,
            frozenset(design.icons),
            copies=model.copies,
            strict=model.strict,
            languages=model.editions,
        )
        design.findings += checked.findings
        design.cards += checked.cards
        missing_text += checked.missing_text
        unprinted += checked.unprinted
        _summarize(design, game, table, checked.ignored)
    if translations:
        _translate(design, model, translations, missing_text, unprinted, game)
    if tables and not design.cards and not has_errors(design.findings):
        design.findings.append(
            finding(
                "out-of-range",
                "the card data has no cards (every count is 0?)",
                model.where(*key),
            )
        )


def _summarize(
    design: Design,
    game: Design | None,
    table: Table,
    ignored: list[Cell],
    language: str | None = None,
) -> None:
    """Remember a table read, for `check --stats`: in its deck's design and the game's."""
    summary = SourceSummary(
        table.path,
        table.sheet,
        len(table.rows),
        tuple(cell.text for cell in ignored),
        design.deck,
        language,
    )
    design.sources.append(summary)
    if game is not None:
        game.sources.append(summary)


def _source_language(
    design: Design, model: DesignedGameFile, source: CardsSource
) -> str | Literal[False] | None:
    """The language of a translation source, as `languages:` spells it; None for a
    source of cards (no `language:`, or the first language); False, with a finding at
    its `language:`, for a language the game does not print, or a game whose cards
    have no name to match its rows by."""
    if source.language is None:
        return None
    at = source.where("language")
    declared = {tag.casefold(): tag for tag in model.editions}
    language = declared.get(source.language.casefold())
    if language is None:
        design.findings.append(
            finding(
                "invalid-value",
                f"`language: {source.language}` is no language of the game's (its "
                f"languages: {', '.join(model.editions)}); add it to the game file's "
                "`languages:`, or correct the tag",
                at,
            )
        )
        return False
    if language == model.first_language:
        return None
    if _key_field(model) is None:
        design.findings.append(
            finding(
                "missing-key",
                f"a {language} card text file names each card by its name in "
                f"{model.first_language}, but the game's cards have no `name` field; set "
                "`name_field:` to the field that names them",
                at,
            )
        )
        return False
    return language


def _key_field(model: DesignedGameFile) -> str | None:
    """The field that names a card (`name_field`, else `name`, else `title`), by which
    a translation source's rows are matched to the cards; None when there is none."""
    for name in (model.name_field, "name", "title"):
        if name is not None and name in model.fields:
            return name
    return None


def _translate(
    design: Design,
    model: DesignedGameFile,
    translations: list[tuple[Table, str]],
    missing_text: list[tuple[Location, str, str, Finding]],
    unprinted: list[dict[str, str]],
    game: Design | None,
) -> None:
    """Give the design's cards their text from its translation sources, each table's
    rows matched to the cards by the name they give them in the first language (as a
    deck file names a card: exactly, else with case, spacing and punctuation aside).
    A row naming no card is `unknown-card` at its name cell (unless the row of that
    name is no card: an error in it, or 0 copies); a name several different cards have
    `duplicate-card`; a second row of one card in one language `duplicate-key`; text a
    `FIELD@TAG` column gives too `duplicate-key` at the translation's cell; an empty
    cell of a card with text in that field, and a card with text in a field the
    language's sources hold but no row in them, `language-missing-text` (its edition
    prints the first language's text). The `language-missing-text` of an empty
    `FIELD@TAG` cell whose text a translation gives is dropped."""
    from kitgen.api import SUGGESTED, name_key, suggest
    from kitgen.games.designed.fields import check_translations
    from kitgen.games.designed.lookup import CardIndex

    key_field = _key_field(model)
    assert key_field is not None  # (`_source_language` let no source through otherwise)
    index = CardIndex(design.cards, design.name_of)
    names = [design.name_of(card) for card in design.cards]
    left_out = {name_key(row[key_field]) for row in unprinted if key_field in row}
    # Each card's text by language (what its `FIELD@TAG` columns give, and the rows).
    texts = {id(card): {lang: dict(t) for lang, t in card.texts.items()} for card in design.cards}
    from_files: set[tuple[int, str, str]] = set()  # (card, language, field) a row gave
    rows_of: dict[tuple[int, str], Location] = {}  # (card, language) -> its row's key cell
    held: dict[str, set[str]] = {}  # language -> the fields its sources hold
    files: dict[str, list[str]] = {}  # language -> its sources' names
    for table, language in translations:
        checked = check_translations(
            table,
            model.fields,
            frozenset(design.icons),
            language=language,
            languages=model.editions,
            key_field=key_field,
            strict=model.strict,
        )
        design.findings += checked.findings
        _summarize(design, game, table, checked.ignored, language)
        held.setdefault(language, set()).update(checked.fields)
        files.setdefault(language, []).append(os.path.basename(table.path))
        unknown = 0  # rows naming no card (the first few get the nearest name)
        for row in checked.rows:
            cards = index.cards(row.key.text)
            if not cards:
                if name_key(row.key.text) not in left_out:
                    unknown += 1
                    hint = suggest(row.key.text, names) if unknown <= SUGGESTED else ""
                    design.findings.append(
                        finding(
                            "unknown-card",
                            f"{row.key.text!r} is no card of the game (this {language} text "
                            f"names its card by its {key_field} in {model.first_language})"
                            f"{hint}",
                            row.key.where,
                        )
                    )
                continue
            ambiguous = index.ambiguity(row.key.text)
            if ambiguous is not None:
                design.findings.append(finding("duplicate-card", ambiguous, row.key.where))
                continue
            before = rows_of.get((id(cards[0]), language))
            if before is not None:
                design.findings.append(
                    finding(
                        "duplicate-key",
                        f"this row gives {row.key.text!r} its {language} text, as the row at "
                        f"{before} does; give each card one row in each language",
                        row.key.where,
                    )
                )
                continue
            for card in cards:
                rows_of[(id(card), language)] = row.key.where
                own = texts[id(card)].setdefault(language, {})
                for name, value in row.texts.items():
                    if name in own:
                        design.findings.append(
                            finding(
                                "duplicate-key",
                                f"the card {row.key.text!r} has its {language} {name} in a "
                                f"{name}@{language} column of "
                                f"{os.path.basename(card.where.path)} too; give it in one place",
                                row.cells[name].where,
                            )
                        )
                        continue
                    own[name] = value
                    from_files.add((id(card), language, name))
            for name, where in row.empty.items():
                if any(
                    name in card.values and name not in texts[id(card)][language] for card in cards
                ):
                    design.findings.append(
                        finding(
                            "language-missing-text",
                            f"this row gives {row.key.text!r} no {language} {name}: its "
                            f"{language} edition prints the {model.first_language} text",
                            where,
                        )
                    )
    for card in design.cards:
        for language, fields in held.items():
            if (id(card), language) in rows_of:
                continue
            lacking = [
                name
                for name in model.fields  # (in the fields' order)
                if name in fields
                and name in card.values
                and name not in texts[id(card)].get(language, {})
            ]
            if lacking:
                design.findings.append(
                    finding(
                        "language-missing-text",
                        f"no row of {', '.join(files[language])} gives {design.name_of(card)!r} "
                        f"its {language} text: its {language} edition prints its "
                        f"{', '.join(lacking)} in {model.first_language}",
                        card.where,
                    )
                )
    # An empty `FIELD@TAG` cell whose text a translation source gives is no warning.
    card_at = {card.where: id(card) for card in design.cards}
    given = {
        id(warning)
        for where, name, language, warning in missing_text
        if (card_at.get(where), language, name) in from_files
    }
    if given:  # (in place: a deck's findings are the game's list)
        design.findings[:] = [f for f in design.findings if id(f) not in given]
    design.cards = [
        card if texts[id(card)] == card.texts else replace(card, texts=texts[id(card)])
        for card in design.cards
    ]


def _named_columns(model: DesignedGameFile, tables: list[Table]) -> list[Finding]:
    """A field's `column:` and the game's `copies:` name a column of every table read:
    `missing-key` at the entry for each table without it (a field that is not required
    needs its column in one table at least)."""
    from kitgen.api import suggest

    found: list[Finding] = []
    wanted = [
        (spec.column, spec.required, model.where("fields", name, "column"), f"the field {name!r}")
        for name, spec in model.fields.items()
        if spec.column is not None
    ]
    if model.copies is not None:
        wanted.append((model.copies, False, model.where("copies"), "each card's copies"))
    for column, required, at, what in wanted:
        key = column_key(column)
        lacking = [t for t in tables if key not in {column_key(c) for c in t.columns}]
        if not lacking or (not required and len(lacking) < len(tables)):
            continue
        for table in lacking:
            headers = list(table.columns)
            listed = ", ".join(map(repr, headers[:20])) + (", ..." if len(headers) > 20 else "")
            place = table.path + (f" (sheet {table.sheet!r})" if table.sheet else "")
            found.append(
                finding(
                    "missing-key",
                    f"{column!r}, the column of {what}, is no column of {place}"
                    f"{suggest(column, headers)}; its columns: {listed or 'none'}",
                    at,
                )
            )
    return found


class Layouts:
    """Reads and compiles layout files for one game, each once."""

    def __init__(self, design: Design) -> None:
        self.design = design
        self._env: Any = None  # the template sandbox, made when a template needs it
        self.done: dict[str, Layout | None] = {}
        self._game_font: tuple[Compiled | None, Location | None] | None = None
        # The layout files being read, outermost first (a component in a component).
        self._reading: tuple[str, ...] = ()
        # The parameters of the components being compiled (outermost first), each with
        # how a card's value of it is had: its elements' templates read them.
        self._scope: tuple[tuple[str, Callable[[Mapping[str, Any]], object]], ...] = ()
        self._naming: list[str] = []  # ... as named (for the files they name)
        self._depth = 0  # groups and components being compiled, one in another
        self._count = 0  # elements compiled in the layout being read

    def pick(self, entry: str | LayoutChoice, key: tuple[str, ...]) -> LayoutPick | None:
        model = self.design.file
        assert model is not None
        if isinstance(entry, str):
            layout = self.layout(entry, self.design.path, model.where(*key))
            return None if layout is None else LayoutPick(None, {"": layout})
        spec = model.fields.get(entry.by)
        if spec is None:
            self.design.findings.append(
                finding(
                    "unknown-key",
                    f"`by: {entry.by}` names no field; the fields: {', '.join(model.fields)}",
                    model.where(*key, "by"),
                )
            )
            return None
        layouts: dict[str, Layout] = {}
        for value, path in entry.layouts.items():
            layout = self.layout(path, self.design.path, model.where(*key, "layouts", value))
            if layout is not None:
                layouts[value] = layout
        self.design.findings += coverage(
            spec, entry.by, list(entry.layouts), "`layouts`", model.where(*key, "layouts")
        )
        if len(layouts) != len(entry.layouts):
            return None
        return LayoutPick(entry.by, layouts)

    def layout(self, entry: str, naming: str, at: Location | None) -> Layout | None:
        """A layout file named in `naming`, compiled (None, with findings, when it
        cannot be)."""
        path, problem = check_reference(entry, naming, at, "layout file")
        if problem is not None:
            self.design.findings.append(problem)
            return None
        return self.read(path, at, ())

    def read(
        self, path: str, at: Location | None, chain: tuple[str, ...], *, own: bool = True
    ) -> Layout | None:
        """Read and compile a layout file and what it extends; `own=False` leaves out the
        findings of its shape (its own check reports them)."""
        from kitgen.api import read_document

        real = os.path.realpath(path)
        if real in chain:
            # (named from the game file's folder: a loop may run through shared folders)
            home = os.path.realpath(os.path.dirname(self.design.path) or os.curdir)
            loop = " -> ".join(_from(home, p) for p in (*chain, real))
            self.design.findings.append(
                finding("invalid-value", f"`extends:` goes round in a circle: {loop}", at)
            )
            return None
        if len(chain) >= MAX_EXTENDS:
            self.design.findings.append(
                finding(
                    "too-many-values",
                    f"layouts extend each other more than {MAX_EXTENDS} deep",
                    at,
                )
            )
            return None
        if real in self.done and not chain:
            return self.done[real]
        self.design.note(path)
        doc = read_document(path)
        if own:
            self.design.findings += doc.findings
        model = doc.model
        if not isinstance(model, LayoutFile):
            if model is not None or (own and not doc.findings):
                self.design.findings.append(
                    finding("invalid-value", "this is not a layout file (`kind: layout`)", at)
                )
            return None
        if model.game is not None and model.game != self.design.game_id:
            self.design.findings.append(
                finding(
                    "invalid-value",
                    f"this layout is {model.game!r}'s, not {self.design.game_id!r}'s (leave "
                    "out `game:` to share a layout among the games of a project)",
                    model.where("game"),
                )
            )
            return None
        base = Layout(path)
        if model.extends is not None:
            parent_path, problem = check_reference(
                model.extends, path, model.where("extends"), "layout file"
            )
            if problem is not None:
                self.design.findings.append(problem)
                return None
            parent = self.read(parent_path, model.where("extends"), (*chain, real))
            if parent is None:
                return None
            base = Layout(
                path,
                parent.size,
                parent.size_at,
                parent.bleed,
                parent.safe,
                parent.background,
                list(parent.parts),
                parent.font,
                parent.font_at,
                dict(parent.styles),
                dict(parent.params),
                parent.shape,
            )
        reading = self._reading
        if not reading:
            self._count = 0
        self._reading = (*reading, real)
        self._naming.append(path)
        try:
            layout = self.compile(model, base)
        finally:
            self._reading = reading
            self._naming.pop()
        if not chain and not reading:
            layout.parts = flatten(layout.parts)
            self.default_font(layout)
            if layout.styles:
                layout.parts = [
                    replace(part, styles=layout.styles)
                    if part.type == "text" and part.styles is None
                    else part
                    for part in layout.parts
                ]
            self.done[real] = layout
        return layout

    def styles(self, model: LayoutFile, base: Layout) -> None:
        """Read a layout's span styles over those it inherits: each value checked where
        it is written, a font that is no font of the game's `invalid-value` at its
        `font:`, a name a span writes as a word (`bold`, `black`) `invalid-value`, two
        names alike with case aside `duplicate-key`."""
        from kitgen.games.designed.spans import WORDS, read_style, style_key

        seen: dict[str, str] = {}
        fonts = {font_key(n) for n in (*BUILTIN_FONTS, *self.design.fonts)}
        for name, spec in model.styles.items():
            key = style_key(name)
            if key in seen:
                self.design.findings.append(
                    finding(
                        "duplicate-key",
                        f"the style {name!r} is {seen[key]!r} again (names are compared "
                        "with case aside)",
                        model.where("styles", name, key=True),
                    )
                )
                continue
            seen[key] = name
            if key in WORDS:
                self.design.findings.append(
                    finding(
                        "invalid-value",
                        f"{name!r} is a word spans write ({', '.join(WORDS)}): name the "
                        "style otherwise",
                        model.where("styles", name, key=True),
                    )
                )
                continue
            values = {k: v for k, v in spec.model_dump().items() if v is not None}
            style, problems = read_style(values)
            for prop, problem in problems:
                self.design.findings.append(finding("invalid-value", problem, spec.where(prop)))
            if spec.font is not None and font_key(spec.font) not in fonts:
                known = ", ".join((*BUILTIN_FONTS, *self.design.fonts))
                self.design.findings.append(
                    finding(
                        "invalid-value",
                        f"no font {spec.font!r}; the fonts: {known}",
                        spec.where("font"),
                    )
                )
                continue
            if not problems:
                base.styles[key] = style

    def default_font(self, layout: Layout) -> None:
        """Give each text element that names no font the layout's `font:` (its own or
        what it extends), else the game file's, else none (`sans`)."""
        font, at = layout.font, layout.font_at
        if font is None:
            font, at = self.game_font()
        if font is None:
            return
        layout.parts = [
            replace(part, props={**part.props, "font": font}, places={**part.places, "font": at})
            if part.type == "text" and "font" not in part.props
            else part
            for part in layout.parts
        ]

    def game_font(self) -> tuple[Compiled | None, Location | None]:
        """The game file's `font:`, compiled once (None: it names none, or a bad one)."""
        if self._game_font is None:
            model = self.design.file
            raw = model.font if model is not None else None
            at = model.where("font") if model is not None and raw is not None else None
            compiled = self.prop("font", raw, at) if raw is not None else None
            self._game_font = (compiled, at)
        return self._game_font

    def compile(self, model: LayoutFile, base: Layout) -> Layout:
        from kitgen.api import PRINT_LIMITS, LayoutError, card_size, format_mm, parse_length

        try:
            if model.size is not None:
                card_size(model.size)
                base.size, base.size_at = model.size, model.where("size")
        except LayoutError as err:
            self.design.findings.append(finding("invalid-value", str(err), model.where("size")))
        for key, most in (("bleed", PRINT_LIMITS.max_bleed), ("safe", MAX_SAFE)):
            text = getattr(model, key)
            if text is None:
                continue
            try:
                length = parse_length(text)
            except LayoutError as err:
                self.design.findings.append(finding("invalid-value", str(err), model.where(key)))
                continue
            if not 0 <= length <= most:
                self.design.findings.append(
                    finding(
                        "out-of-range",
                        f"`{key}` is {format_mm(length)}; it may be 0 to {format_mm(most)}",
                        model.where(key),
                    )
                )
            else:
                setattr(base, key, text)
        if model.background is not None:
            base.background = self.prop("background", model.background, model.where("background"))
        if model.shape is not None:
            from kitgen.api import ShapeError, read_shape

            try:
                base.shape = read_shape(model.shape)
            except ShapeError as err:
                self.design.findings.append(
                    finding("invalid-value", str(err), model.where("shape"))
                )
        if model.font is not None:
            base.font_at = model.where("font")
            base.font = self.prop("font", model.font, base.font_at)
        if model.styles:
            self.styles(model, base)
        if model.params:
            base.params.update(model.params)
        named = {part.name: i for i, part in enumerate(base.parts) if part.name}
        for element in model.elements:
            inherited = named.get(element.name) if element.name else None
            over = None if inherited is None else base.parts[inherited]
            if element.type is None and over is None:
                self.design.findings.append(
                    finding(
                        "missing-key",
                        f"no element {element.name!r} to change in the layouts this one "
                        "extends; a new element needs `type:`",
                        element.where(),
                    )
                )
                continue
            if over is not None and element.type not in (None, over.type):
                over = None  # another type: a new element in the old one's place
            part = self.part(element, over)
            if part is None:
                continue
            if inherited is not None:
                base.parts[inherited] = part
            else:
                named[part.name or ""] = len(base.parts)
                base.parts.append(part)
        return base

    def part(self, element: Element, over: Part | None) -> Part | None:
        """Compile an element (over the inherited element of its name, if any); None,
        with a finding, when it cannot be."""
        kind = element.type or (over.type if over is not None else "rect")
        given = set(element.model_fields_set)
        wrong = wrong_properties(kind, given)
        if wrong is not None:
            self.design.findings.append(finding("unknown-key", wrong, element.where()))
            return None
        needed = REQUIRED_PROPERTY.get(kind)
        if (
            needed is not None
            and needed not in given
            and (over is None or (needed not in over.props and not STRUCTURE.get(kind)))
        ):
            self.design.findings.append(
                finding("missing-key", f"a {kind} element needs `{needed}:`", element.where())
            )
            return None
        if kind == "polygon":  # (a regular one, or one of its own corners: not both)
            ways = [
                n
                for n in ("sides", "points")
                if (
                    getattr(element, n) is not None
                    if n in given
                    else (over is not None and n in over.props)
                )
            ]
            if len(ways) != 1:
                message = (
                    "a polygon element needs `sides:` (a regular polygon, like 6) or "
                    "`points:` (its corners, like `0 0, 100% 0, 50% 100%`)"
                )
                code = "missing-key" if not ways else "invalid-value"
                if ways:
                    message = "a polygon element takes `sides:` or `points:`, not both"
                self.design.findings.append(finding(code, message, element.where()))
                return None
        props = dict(over.props) if over is not None else {}
        places = dict(over.places) if over is not None else {}
        for name in (*GEOMETRY, *EVERY_ELEMENT, *OWN_PROPERTIES[kind]):
            raw = getattr(element, name)
            if name not in given and (over is not None or raw is None):
                continue  # inherited, or left out (the drawing's default)
            if raw is None:  # written empty (`size:`): as if left out, not inherited
                props.pop(name, None)
                places.pop(name, None)
                if name not in DEFAULTS:
                    continue
                raw = DEFAULTS[name]
            at = element.where(name) if name in given else element.where()
            compiled = self.prop(name, raw, at)
            if compiled is not None:
                props[name], places[name] = compiled, at
        anchor = element.anchor if "anchor" in given or over is None else over.anchor
        z = element.z if element.z is not None else over.z if over is not None else 0
        children: tuple[Part, ...] = over.children if over is not None else ()
        source = over.source if over is not None else None
        if kind in ("group", "component"):
            self._depth += 1
            try:
                if self._depth > MAX_DEPTH:
                    self.design.findings.append(
                        finding(
                            "too-many-values",
                            f"groups and components lie {MAX_DEPTH} deep at most",
                            element.where(),
                        )
                    )
                    return None
                if kind == "group" and element.elements is not None:
                    children = self.elements(element.elements)
                elif kind == "component" and ("layout" in given or "params" in given):
                    placed = self.component(element, source)
                    if placed is None:
                        return None
                    children, source = placed
            finally:
                self._depth -= 1
        when, when_at = (over.when, over.when_at) if over is not None else (None, None)
        if element.when is not None:
            when_at = element.where("when")
            condition = when_template(element.when)
            if isinstance(condition, str):
                try:
                    when = self.template(condition, when_at)
                except _Refused:  # (its finding is made)
                    when = None
            else:
                self.check_fields(list(condition), when_at)
                when = self.numbered(condition, when_at)
        return Part(
            kind,
            element.name,
            repr(element.name) if element.name else f"the {kind} element",
            element.where(),
            anchor,
            props,
            places,
            when,
            when_at,
            children=children,
            z=z,
            source=source,
        )

    def elements(self, elements: list[Element]) -> tuple[Part, ...]:
        """A group's elements, compiled (those that cannot be are left out, with
        findings); at most MAX_PARTS in a layout, its groups' and components' counted."""
        out: list[Part] = []
        for element in elements:
            self._count += 1
            if self._count == MAX_PARTS + 1:
                self.design.findings.append(
                    finding(
                        "too-many-values",
                        f"a layout holds at most {MAX_PARTS} elements, those in its groups "
                        "and components counted",
                        element.where(),
                    )
                )
            if self._count > MAX_PARTS:
                break
            if element.type is None:
                self.design.findings.append(
                    finding(
                        "missing-key",
                        "an element in a group needs `type:` (one in a group changes with "
                        "its group)",
                        element.where(),
                    )
                )
                continue
            part = self.part(element, None)
            if part is not None:
                out.append(part)
        return tuple(out)

    def component(
        self, element: Element, source: tuple[str, Mapping[str, object]] | None
    ) -> tuple[tuple[Part, ...], tuple[str, Mapping[str, object]]] | None:
        """A component's elements: its layout file's, compiled with its parameters'
        values (the element's `params:`, else the file's own) set before every template
        of theirs (`{% set value %}...{% endset %}`), so they read them by name. None,
        with a finding, when it cannot be placed."""
        written = element.layout if element.layout is not None else source[0] if source else None
        given = dict(source[1]) if source is not None and element.params is None else {}
        if element.params is not None:
            given = dict(element.params)
        at = element.where("layout") if element.layout is not None else element.where()
        if written is None:
            self.design.findings.append(
                finding("missing-key", "a component element needs `layout:`", at)
            )
            return None
        naming = self._naming[-1] if self._naming else self.design.path
        path, problem = check_reference(written, naming, at, "layout file")
        if problem is not None:
            self.design.findings.append(problem)
            return None
        real = os.path.realpath(path)
        if real in self._reading:
            home = os.path.realpath(os.path.dirname(self.design.path) or os.curdir)
            loop = " -> ".join(_from(home, p) for p in (*self._reading, real))
            self.design.findings.append(
                finding("invalid-value", f"components place each other in a circle: {loop}", at)
            )
            return None
        declared = self._declared(path, at)
        if declared is None:
            return None
        scope = self._scope
        sets: list[tuple[str, Callable[[Mapping[str, Any]], object]]] = []
        for name in given:
            if name not in declared:
                known = ", ".join(declared) or "none"
                self.design.findings.append(
                    finding(
                        "unknown-key",
                        f"the component {written!r} has no parameter {name!r}; its "
                        f"parameters (`params:` in it): {known}",
                        element.where("params", name, key=True),
                    )
                )
                return None
        for name, default in declared.items():
            raw = given.get(name, default)
            where = element.where("params", name) if name in given else at
            setter = self._setter(name, raw, where)
            if setter is None:
                return None
            sets.append((name, setter))
        self._scope = (*scope, *sets)
        try:
            layout = self.read(path, at, self._reading)
        finally:
            self._scope = scope
        if layout is None:
            return None
        parts = layout.parts
        if layout.styles:
            parts = _each_text(parts, lambda p: replace(p, styles=layout.styles))
        if layout.font is not None:
            font, font_at = layout.font, layout.font_at

            def own_font(p: Part) -> Part:
                if "font" in p.props:
                    return p
                props, places = {**p.props, "font": font}, {**p.places, "font": font_at}
                return replace(p, props=props, places=places)

            parts = _each_text(parts, own_font)
        return tuple(parts), (written, given)

    def _declared(self, path: str, at: Location | None) -> dict[str, object] | None:
        """A component file's parameters and their values when none is given (its
        `params:`); None, with a finding, when it is no layout file or a parameter
        shares a field's name."""
        from kitgen.api import read_document

        doc = read_document(path)
        model = doc.model
        if not isinstance(model, LayoutFile):
            if not doc.findings:
                self._not_layout(at)
            return None
        declared: dict[str, object] = dict(model.params or {})
        for name in declared:
            if name in self.design.fields or name == "language":
                self.design.findings.append(
                    finding(
                        "invalid-value",
                        f"the parameter {name!r} has a field's name: its templates could "
                        "not tell them apart; name it otherwise",
                        model.where("params", name, key=True),
                    )
                )
                return None
        return declared

    def _not_layout(self, at: Location | None) -> None:
        self.design.findings.append(
            finding("invalid-value", "this is not a layout file (`kind: layout`)", at)
        )

    def _setter(
        self, name: str, raw: object, at: Location | None
    ) -> Callable[[Mapping[str, Any]], object] | None:
        """How a card's value of a parameter is had: a value as written (a number stays
        a number), a field's own value (`{{ cost }}`), a template's text, or a mapping's
        entry for the card's value of its field (`{faction: {fire: "#c33"}}`), each
        checked where it is written; None, with a finding, for what cannot be."""
        if isinstance(raw, dict):
            compiled = self.prop("text", raw, at)  # (a mapping of text values)
            return None if compiled is None else compiled.value
        if not isinstance(raw, str) or not is_template(raw):
            return _constant(raw)
        field_only = _FIELD_ONLY.match(raw)
        if field_only is not None and field_only["name"] in self.design.fields:
            return _field_value(field_only["name"])
        try:
            return self.template(raw, at)  # (its fields checked where it is written)
        except _Refused:
            return None

    def prop(self, name: str, raw: object, at: Location | None) -> Compiled | None:
        try:
            compiled = compile_property(name, raw, lambda text: self.template(text, at, True))
        except PropError as err:
            self.design.findings.append(finding("invalid-value", str(err), at))
            return None
        except _Refused:
            return None
        if compiled.field is not None:
            self.check_fields([compiled.field], at)
            self.check_table(compiled, at)
        return compiled

    def template(self, text: str, at: Location | None, strict: bool = True) -> Render:
        """Compile a template, checking the names it reads are fields. A template that
        only prints a field (`{{ name }}`, the usual one) reads it without jinja2: the
        same text, without a template's run on every card. In a component, it reads
        the component's parameters too (`component`), each had for the card first."""
        simple = _FIELD_ONLY.match(text)
        if simple is not None and simple["name"] in self.design.fields:
            name = simple["name"]
            return lambda context: _printed(context[name])
        from jinja2 import TemplateError, meta

        if self._env is None:
            from kitgen.api import RulesSandbox

            self._env = RulesSandbox(markup=False)
        try:
            template = self._env.plain(text)
            names = meta.find_undeclared_variables(self._env.parse(text))
        except TemplateError as err:
            self.design.findings.append(finding("template-error", f"template: {err}", at))
            raise _Refused from None
        scope = self._scope
        params = {name for name, _ in scope}
        self.check_fields(sorted(n for n in names if n not in params), at)
        render: Render = template.render
        if scope and params.intersection(names):
            return _in_scope(render, scope)
        return render

    def numbered(
        self, condition: Mapping[str, list[str]], at: Location | None
    ) -> Mapping[str, list[str]]:
        """A `when:` mapping with what it gives an integer field read as numbers and
        ranges of them (`[1-10, 15]`, `"1-10, 15"`: the cards numbered 1 to 10 and 15),
        written out as the numbers they hold; any other field's values as they are. A
        value that is no whole number or range, a range that runs backwards and more
        than MAX_WHEN_NUMBERS numbers are findings at `when:`."""
        out: dict[str, list[str]] = {}
        for name, wanted in condition.items():
            spec = self.design.fields.get(name)
            if spec is None or spec.type != "integer":
                out[name] = wanted
                continue
            numbers: dict[str, None] = {}
            for item in wanted:
                for part in item.split(","):
                    problem = add_numbers(numbers, part.strip())
                    if problem is not None:
                        self.design.findings.append(
                            finding("invalid-value", f"`when:` {name}: {problem}", at)
                        )
                        continue
                    if len(numbers) > MAX_WHEN_NUMBERS:
                        message = (
                            f"`when:` {name} names more than {MAX_WHEN_NUMBERS:,} numbers; "
                            "write a condition (like `number > 100`) instead"
                        )
                        self.design.findings.append(finding("too-many-values", message, at))
                        return condition
            out[name] = list(numbers)
        return out

    def check_fields(self, names: list[str], at: Location | None) -> None:
        from kitgen.api import suggest

        fields = self.design.fields
        for name in names:
            if name not in fields and name != EDITION_LANGUAGE:
                self.design.findings.append(
                    finding(
                        "unknown-key",
                        f"{name!r} is no field of the game's cards{suggest(name, list(fields))}"
                        f"; the fields: {', '.join(fields)}",
                        at,
                    )
                )

    def check_table(self, compiled: Compiled, at: Location | None) -> None:
        """A mapping over a choice field: every value has an entry (or `else`)."""
        assert compiled.field is not None and compiled.table is not None
        spec = self.design.fields.get(compiled.field)
        if spec is None:
            return
        keys = list(compiled.table) + ([] if compiled.otherwise is _unset() else [ELSE])
        self.design.findings += coverage(spec, compiled.field, keys, f"`{compiled.name}`", at)


def _constant(value: object) -> Callable[[Mapping[str, Any]], object]:
    """A parameter's value as written: the same on every card."""
    return lambda context: value


def _field_value(name: str) -> Callable[[Mapping[str, Any]], object]:
    """A parameter that is a field (`{{ cost }}`): the card's value of it, as it is."""
    return lambda context: context[name]


def _in_scope(
    render: Render, scope: tuple[tuple[str, Callable[[Mapping[str, Any]], object]], ...]
) -> Render:
    """A component's template: run with the card's fields and the parameters' values
    for the card (had once a card and component: `CardContext.memo`)."""
    key = ("params", id(scope))

    def run(context: Mapping[str, Any]) -> str:
        memo = getattr(context, "memo", None)
        values = memo.get(key) if memo is not None else None
        if values is None:
            values = {**context, **{name: value(context) for name, value in scope}}
            if memo is not None:
                memo[key] = values
        return render(values)

    return run


def flatten(parts: Sequence[Part], frame: tuple[Part, ...] = ()) -> list[Part]:
    """A layout's elements in drawing order, its groups' and components' in their
    place, each knowing the groups it lies in (`frame`): beside each other, by their
    `z:` (lower first; the same, as written)."""
    out: list[Part] = []
    for part in sorted(parts, key=_z):
        if part.type in ("group", "component"):
            out += flatten(part.children, (*frame, part))
        else:
            out.append(replace(part, frame=frame) if frame else part)
    return out


def _z(part: Part) -> int:
    return part.z


def _each_text(parts: Sequence[Part], change: Callable[[Part], Part]) -> list[Part]:
    """The parts with `change` made to each text among them, in groups too."""
    out: list[Part] = []
    for part in parts:
        if part.children:
            part = replace(part, children=tuple(_each_text(part.children, change)))
        out.append(change(part) if part.type == "text" else part)
    return out


def coverage(
    spec: FieldSpec, field: str, keys: list[str], what: str, at: Location | None
) -> list[Finding]:
    """A mapping over a choice field's values (a property's, or the layouts by a field):
    an entry for every value, or `else:` for the others, and none for a value the field
    never has."""
    if spec.type != "choice" or spec.values is None:
        return []
    out: list[Finding] = []
    missing = [v for v in spec.values if v not in keys]
    if missing and ELSE not in keys:
        out.append(
            finding(
                "missing-key",
                f"{what} has no value for {field} {', '.join(map(repr, missing))}; add them, "
                f"or `{ELSE}:` for every other value",
                at,
            )
        )
    unknown = [k for k in keys if k != ELSE and k not in spec.values]
    if unknown:
        out.append(
            finding(
                "invalid-value",
                f"{what} maps {', '.join(map(repr, unknown))}, which {field} never is; its "
                f"values: {', '.join(spec.values)}",
                at,
            )
        )
    return out


_FIELD_ONLY = re.compile(r"^\{\{\s*(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*\}\}$")
# A range of whole numbers in a `when:` (`1-10`, `1 - 10`, `-5--1`; an en dash too).
_RANGE = re.compile(r"(-?\d+)\s*[-\u2013]\s*(-?\d+)")
_WHOLE = re.compile(r"-?\d+")
MAX_WHEN_NUMBERS = 10_000  # the numbers one `when:` field may name, its ranges written out


def add_numbers(numbers: dict[str, None], part: str) -> str | None:
    """Add a `when:` value of an integer field (a number or a range) to `numbers`; what
    is wrong with it, or None."""
    found = _RANGE.fullmatch(part)
    if found is not None and len(part) <= 40:
        low, high = int(found[1]), int(found[2])
        if low > high:
            return f"the range {part} runs backwards; write it {high}-{low}"
        if high - low >= MAX_WHEN_NUMBERS:
            return f"the range {part} holds more than {MAX_WHEN_NUMBERS:,} numbers"
        numbers.update(dict.fromkeys(str(n) for n in range(low, high + 1)))
        return None
    if _WHOLE.fullmatch(part) is not None and len(part) <= 40:
        numbers[str(int(part))] = None
        return None
    shown = repr(part) if part else "an empty value"
    return f"{shown} is no whole number or range of them (like 3, or 1-10)"


def _printed(value: object) -> str:
    """A value as `{{ value }}` prints it (no markup: card text is plain)."""
    return str(value)


def _unset() -> object:
    from kitgen.games.designed.props import UNSET

    return UNSET


class _Refused(Exception):
    """A template that may not run (its finding is made already)."""
