"""The fields of a designed game's cards, and a table of card data checked against them.

A designed game's game file declares its card fields, each with a type:

    fields:
      name: {type: text, max_length: 30}
      cost: {type: integer, min: 0, max: 10}
      faction: {type: choice, values: [fire, water, earth]}
      tint: {type: colour}
      art: {type: image, required: false}
      icons: {type: icons, required: false}

A table's columns are matched to the fields by name (Unicode identity and spaces
around it aside: NFC, case folded), or by the header a field's `column:` names
(`vp: {type: integer, column: "Est. VP"}`); the game's `copies:` column (else a
`count` or `qty` column) says how many copies of a card to print. A column no field
reads is left alone (an analysis column like `VP + Climb`), unless the game is
`strict: true`. Every
value is checked at its cell, so a typo in the spreadsheet is a finding that names
its cell and its column.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field, model_validator

from kitgen.api import Cell, Finding, Location, Name, Spec, Table, finding, fold, in_schema

FieldType = Literal["text", "integer", "choice", "colour", "image", "icons"]
COUNT_COLUMNS = ("count", "qty")  # how many copies of the row's card
MAX_COPIES = 100
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
MAX_DIGITS = 15  # the longest whole number a cell may hold
_INTEGER = re.compile(rf"^[+-]?\d{{1,{MAX_DIGITS}}}$")
_WHOLE = re.compile(r"^[+-]?\d+$")


class FieldSpec(Spec):
    """One field of a designed game's cards: its type and what its values may be."""

    type: FieldType
    required: bool = True
    min: int | None = None  # integer: the least value
    max: int | None = None  # integer: the greatest value
    values: list[Name] | None = Field(default=None, min_length=1, max_length=200)  # choice
    max_length: int = Field(default=2_000, ge=1, le=2_000)  # text: characters
    column: Name | None = None  # the header of its column, when not the field's name
    curve: bool = True  # integer: whether `kitgen check --stats` shows a deck's curve of it

    @model_validator(mode="after")
    @in_schema(lambda schema: None)  # (the types' own keys are described in docs/formats.md)
    def _fits_its_type(self) -> FieldSpec:
        if (self.min is not None or self.max is not None) and self.type != "integer":
            raise ValueError("`min` and `max` go with `type: integer`")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"`min` ({self.min}) is more than `max` ({self.max})")
        if (self.values is None) != (self.type != "choice"):
            raise ValueError("`type: choice` needs `values` (and only it takes them)")
        if not self.curve and self.type != "integer":
            raise ValueError("`curve` goes with `type: integer` (a curve of its values)")
        return self


@dataclass(frozen=True)
class Card:
    """A card of the table: its values by field (a field left empty is absent), where
    its row starts, and how many copies to print; `texts`: its values in the game's
    other languages (`FIELD@TAG` columns), by language tag, then by field."""

    values: Mapping[str, object]
    where: Location
    copies: int = 1
    texts: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    # An edition's card: the first language's values (`values` are the edition's).
    first: Mapping[str, object] | None = None

    def edition(self, language: str) -> Card:
        """The card in a language's edition: each field's value in that language where
        the card has one, else its first language's."""
        own = self.texts.get(language)
        if not own:
            return self
        return Card({**self.values, **own}, self.where, self.copies, self.texts, self.values)

    def every_language(self) -> list[Mapping[str, object]]:
        """Its values in each language: the first's, then the others' (theirs only)."""
        return [self.values if self.first is None else self.first, *self.texts.values()]


@dataclass
class CheckedCards:
    """A table checked against the fields: its cards (rows without errors) and the
    findings."""

    cards: list[Card]
    findings: list[Finding]
    ignored: list[Cell] = field(default_factory=list)  # header cells no field reads
    # The `language-missing-text` warnings of empty `FIELD@TAG` cells (also in
    # `findings`), each with its row's place, field and language: a translation source
    # may give that text after all (kitgen.games.designed.load).
    missing_text: list[tuple[Location, str, str, Finding]] = field(default_factory=list)
    # The rows that are no card (an error in them, or 0 copies): each one's text by
    # field, as written.
    unprinted: list[dict[str, str]] = field(default_factory=list)

    @property
    def expanded(self) -> list[Card]:
        """Every card as many times as it is printed."""
        return [card for card in self.cards for _ in range(card.copies)]


# A choice field's values by their `column_key`, made once for each list of values (by
# its identity, the list kept with it): 5,000 cells of a choice of 200 values would
# otherwise key the 200 again for each cell.
_CHOSEN: dict[int, tuple[list[str], dict[str, str]]] = {}


def _choices(values: list[str]) -> dict[str, str]:
    """A choice's values by their `column_key`."""
    found = _CHOSEN.get(id(values))
    if found is None or found[0] is not values:
        if len(_CHOSEN) >= 1000:
            _CHOSEN.clear()
        found = _CHOSEN[id(values)] = (values, {column_key(v): v for v in values})
    return found[1]


def column_key(name: str) -> str:
    """How a column's name (or a choice's value) is matched to a field: case and spaces
    around it aside (NFC, case folded: `kitgen.names.fold`)."""
    return fold(name.strip())


def check_cards(
    table: Table,
    fields: Mapping[str, FieldSpec],
    icons: frozenset[str] = frozenset(),
    *,
    copies: str | None = None,
    strict: bool = False,
    languages: tuple[str, ...] = (),
) -> CheckedCards:
    """Check a table's rows against the fields: which column holds each field (its
    `column:`, else its name), fields no column holds, and every value at its cell.
    `icons` are the names an icons field may use; `copies` names the column of each
    row's copies (else `count` or `qty`). A column no field reads is ignored (listed in
    `ignored`), or with `strict` an `unknown-key` at its header cell. A field whose
    `column:` this table lacks is the caller's to report (at the game file).

    `languages`: the game's languages, its first (the plain columns') first. A column
    `FIELD@TAG` whose FIELD is a field holds that field's text in language TAG: read
    when TAG is another of the languages, an `unknown-key` at its header cell
    otherwise (strict or not: it is meant as text, never an analysis column). A card
    with text in FIELD but an empty `FIELD@TAG` cell is `language-missing-text`, a
    warning at that cell (its edition prints the first language's text)."""
    found: list[Finding] = []
    missing_text: list[tuple[Location, str, str, Finding]] = []
    unprinted: list[dict[str, str]] = []
    by_key = _columns_of(fields)
    copy_keys = (column_key(copies),) if copies is not None else COUNT_COLUMNS
    columns: dict[str, str] = {}  # the table's column name -> its field, or a count column
    holder: dict[str, str] = {}  # a field -> the column that holds it
    count_column: str | None = None
    ignored: list[Cell] = []
    edition_columns: dict[str, tuple[str, str]] = {}  # column -> (its field, its language)
    edition_holder: dict[tuple[str, str], str] = {}  # (field, language) -> its column
    for name, header_cell in table.columns.items():
        key = column_key(name)
        edition = None if key in by_key else _edition_column(name, by_key, languages)
        if edition is not None:
            target_field, language, wrong = edition
            if wrong is not None:
                found.append(finding("unknown-key", wrong, header_cell.where))
                continue
            before = edition_holder.get((target_field, language))
            if before is not None:
                found.append(
                    finding(
                        "duplicate-key",
                        f"the column {name!r} holds the field {target_field!r} in {language}, "
                        f"as the column {before!r} before it does; remove or rename one",
                        header_cell.where,
                    )
                )
                continue
            edition_columns[name] = (target_field, language)
            edition_holder[(target_field, language)] = name
            continue
        if key in by_key:
            target: str | None = by_key[key]
            first = holder.get(by_key[key])
        elif key in copy_keys:
            target, first = None, count_column
        elif strict:
            known = ", ".join([*fields, copies or "count"])
            found.append(
                finding(
                    "unknown-key",
                    f"the column {name!r} is no field of the game's cards (`strict: true`: "
                    f"every column is read); the fields: {known}",
                    header_cell.where,
                )
            )
            continue
        else:
            ignored.append(header_cell)
            continue
        if first is not None:
            # Two columns for one field: the first holds it, and the other is a finding
            # (the later one's values silently won before).
            what = "the copies" if target is None else f"the field {target!r}"
            found.append(
                finding(
                    "duplicate-key",
                    f"the column {name!r} holds {what}, as the column {first!r} before it "
                    "does (columns match fields with case and spaces around them aside); "
                    "remove or rename one",
                    header_cell.where,
                )
            )
        elif target is None:
            count_column = name
        else:
            columns[name] = target
            holder[target] = name
    # A formula saved without its value counts where a column is read (and its cell is
    # not also an empty one).
    read = [*columns, *edition_columns, *([count_column] if count_column else [])]
    found += table.findings_of(read)
    unsaved = {
        (name, f.location.line) for name in read for f in table.findings_of([name]) if f.location
    }
    held = set(columns.values())
    header = table.at(min((c.where.line for c in table.columns.values()), default=1))
    for name, spec in fields.items():
        if spec.required and name not in held and spec.column is None:
            found.append(finding("missing-key", f"no column holds the field {name!r}", header))
    cards: list[Card] = []
    for row in table.rows:
        values: dict[str, object] = {}
        errors = 0
        for column, field_name in columns.items():
            cell = row.get(column)
            spec = fields[field_name]
            if cell is None:
                where = row.cells[column].where if column in row.cells else row.where
                if spec.required and (column, row.where.line) not in unsaved:
                    found.append(
                        finding(
                            "missing-key",
                            f"the {column!r} cell is empty; every card needs its {field_name}",
                            where,
                        )
                    )
                    errors += 1
                continue
            value, problem = _value(cell, column, spec, icons)
            if problem is not None:
                found.append(problem)
                errors += 1
            else:
                values[field_name] = value
        texts: dict[str, dict[str, object]] = {}
        for column, (field_name, language) in edition_columns.items():
            cell = row.get(column)
            if cell is None:
                if field_name in values and (column, row.where.line) not in unsaved:
                    where = row.cells[column].where if column in row.cells else row.where
                    warning = finding(
                        "language-missing-text",
                        f"the {column!r} cell is empty: this card's {field_name} has no "
                        f"{language} text, and its {language} edition prints the "
                        f"{languages[0]} text",
                        where,
                    )
                    found.append(warning)
                    missing_text.append((row.where, field_name, language, warning))
                continue
            value, problem = _value(cell, column, fields[field_name], icons)
            if problem is not None:
                found.append(problem)
                errors += 1
            else:
                texts.setdefault(language, {})[field_name] = value
        count, problem = _copies(row.get(count_column) if count_column else None, count_column)
        if problem is not None:
            found.append(problem)
            errors += 1
        if not errors and count:
            cards.append(Card(values, row.where, count, texts))
        else:
            written = {f: row.cells[c].text for c, f in columns.items() if c in row.cells}
            unprinted.append(written)
    return CheckedCards(cards, found, ignored, missing_text, unprinted)


@dataclass(frozen=True)
class TranslationRow:
    """One row of a translation source: the card it names (its `key` cell, the card's
    name in the game's first language), its text by field, each text's cell, and
    where each field's cell is empty."""

    key: Cell
    texts: dict[str, object]
    cells: dict[str, Cell]
    empty: dict[str, Location]


@dataclass
class Translations:
    """A translation source checked against the fields: its rows, the fields it has a
    column of (none when no column names its rows' cards), its findings and the header
    cells no field reads."""

    language: str
    rows: list[TranslationRow]
    fields: list[str]
    findings: list[Finding]
    ignored: list[Cell] = field(default_factory=list)


def check_translations(
    table: Table,
    fields: Mapping[str, FieldSpec],
    icons: frozenset[str],
    *,
    language: str,
    languages: tuple[str, ...],
    key_field: str,
    strict: bool = False,
) -> Translations:
    """Check a translation source (`cards:` entry with `language: TAG`, TAG not the
    game's first): a table of the cards' text in one language, a row per card. Its
    column `KEY@FIRST` (`name@en`: the key field, the game's name field, as the first
    language writes it) names each row's card; each column of a field (its name, or
    its `column:`) holds that field's text in `language`, checked as the field's own
    cells are. Any other `FIELD@TAG` column of a field is `unknown-key` at its header
    (a translation file holds one language, in the plain columns); a column of no
    field is ignored, or `unknown-key` with `strict`. No key column is `missing-key`
    at the header row, a row with text but an empty key cell `missing-key` at that
    cell. Matching the rows to the cards is the caller's (it knows the cards)."""
    found: list[Finding] = []
    by_key = _columns_of(fields)
    first = languages[0]
    key_column: str | None = None
    columns: dict[str, str] = {}  # column -> its field
    holder: dict[str, str] = {}  # field -> its column
    ignored: list[Cell] = []
    for name, header_cell in table.columns.items():
        head = column_key(name)
        if head in by_key:
            target = by_key[head]
            if target in holder:
                found.append(
                    finding(
                        "duplicate-key",
                        f"the column {name!r} holds the field {target!r} in {language}, as "
                        f"the column {holder[target]!r} before it does; remove or rename one",
                        header_cell.where,
                    )
                )
                continue
            columns[name], holder[target] = target, name
            continue
        edition = _edition_column(name, by_key, languages)
        if edition is not None:
            target, tag, _wrong = edition
            if target == key_field and tag == first and key_column is None:
                key_column = name
                continue
            if target == key_field and tag == first:
                what = f"names the cards, as the column {key_column!r} before it does"
                found.append(
                    finding(
                        "duplicate-key",
                        f"the column {name!r} {what}; remove or rename one",
                        header_cell.where,
                    )
                )
                continue
            found.append(
                finding(
                    "unknown-key",
                    f"the column {name!r}: a {language} card text file holds {language} "
                    f"text in the fields' own columns ({target!r}), and names each card in "
                    f"the column {key_field}@{first}; rename or remove it",
                    header_cell.where,
                )
            )
            continue
        if strict:
            found.append(
                finding(
                    "unknown-key",
                    f"the column {name!r} is no field of the game's cards (`strict: true`: "
                    f"every column is read); the fields: {', '.join(fields)}, and "
                    f"{key_field}@{first} naming each card",
                    header_cell.where,
                )
            )
        else:
            ignored.append(header_cell)
    read = [*([key_column] if key_column else []), *columns]
    found += table.findings_of(read)
    if key_column is None:
        header = table.at(min((c.where.line for c in table.columns.values()), default=1))
        found.append(
            finding(
                "missing-key",
                f"no column names the cards: a {language} card text file names each row's "
                f"card by its {key_field} in {first}, in a column headed "
                f"{key_field}@{first} (its own {key_field!r} column holds the {language} "
                f"{key_field})",
                header,
            )
        )
        return Translations(language, [], [], found, ignored)
    rows: list[TranslationRow] = []
    for row in table.rows:
        key = row.get(key_column)
        if key is None:
            if any(row.get(column) is not None for column in columns):
                where = row.cells[key_column].where if key_column in row.cells else row.where
                found.append(
                    finding(
                        "missing-key",
                        f"the {key_column!r} cell is empty: this row's {language} text "
                        f"belongs to no card (name its card as the first language, {first}, "
                        "names it)",
                        where,
                    )
                )
            continue
        texts: dict[str, object] = {}
        cells: dict[str, Cell] = {}
        empty: dict[str, Location] = {}
        for column, field_name in columns.items():
            cell = row.get(column)
            if cell is None:
                empty[field_name] = row.cells[column].where if column in row.cells else row.where
                continue
            value, problem = _value(cell, column, fields[field_name], icons)
            if problem is not None:
                found.append(problem)
            else:
                texts[field_name], cells[field_name] = value, cell
        rows.append(TranslationRow(key, texts, cells, empty))
    return Translations(language, rows, list(holder), found, ignored)


def _columns_of(fields: Mapping[str, FieldSpec]) -> dict[str, str]:
    """The field each column holds, by its header's `column_key`: a field's `column:`,
    else its name (a column a field names first)."""
    by_key: dict[str, str] = {}
    for name, spec in fields.items():
        if spec.column is not None:
            by_key.setdefault(column_key(spec.column), name)
    for name, spec in fields.items():  # (fields that differ only in case are the game
        if spec.column is None:  # file's finding)
            by_key.setdefault(column_key(name), name)
    return by_key


def _edition_column(
    name: str, by_key: Mapping[str, str], languages: tuple[str, ...]
) -> tuple[str, str, str | None] | None:
    """A `FIELD@TAG` column's field and language (as `languages:` spells it), with why
    it cannot be read (None: it can); None when the column is no field's `@` column."""
    head, at, tag = name.strip().rpartition("@")
    if not at or column_key(head) not in by_key:
        return None
    target = by_key[column_key(head)]
    tag = tag.strip()
    declared = {language.casefold(): language for language in languages}
    language = declared.get(tag.casefold())
    own = languages[0] if languages else None
    if language is None:
        said = ", ".join(languages) if languages else "none"
        return (
            target,
            tag,
            f"the column {name!r} holds {target!r} in the language {tag!r}, which the game "
            f"does not declare (its languages: {said}); add it to the game file's "
            "`languages:`, or rename the column",
        )
    if language == own:
        return (
            target,
            language,
            f"the column {name!r} holds {target!r} in {language}, the game's first language, "
            f"whose text is in the plain column of the field ({head.strip()!r}); rename or "
            "remove it",
        )
    return target, language, None


def _value(
    cell: Cell, column: str, spec: FieldSpec, icons: frozenset[str]
) -> tuple[object, Finding | None]:
    """A cell's value as its field's type, or the finding that says why it is not."""
    text = cell.text
    if spec.type == "integer":
        digits = text.replace(" ", "")
        low, high = spec.min, spec.max
        bounds = f"{low if low is not None else '...'} to {high if high is not None else '...'}"
        if not _INTEGER.match(digits):
            if _WHOLE.match(digits):  # a whole number, but longer than any a card holds
                limit = "" if low is None and high is None else f"it must be {bounds}; "
                return None, finding(
                    "out-of-range",
                    f"the {column!r} cell is {text!r}; {limit}a whole number here has at most "
                    f"{MAX_DIGITS} digits",
                    cell.where,
                )
            return None, finding(
                "wrong-type",
                f"the {column!r} cell should be a whole number, not {text!r}",
                cell.where,
            )
        number = int(digits)
        if (low is not None and number < low) or (high is not None and number > high):
            return None, finding(
                "out-of-range", f"the {column!r} cell is {number}; it must be {bounds}", cell.where
            )
        return number, None
    if spec.type == "choice":
        assert spec.values is not None
        chosen = _choices(spec.values)
        if column_key(text) not in chosen:
            return None, finding(
                "invalid-value",
                f"the {column!r} cell is {text!r}; it must be one of: {', '.join(spec.values)}",
                cell.where,
            )
        return chosen[column_key(text)], None
    if spec.type == "colour":
        if not _COLOUR.match(text):
            return None, finding(
                "invalid-value",
                f"the {column!r} cell is {text!r}; write a colour as #rrggbb (like #b03a2e)",
                cell.where,
            )
        return text.lower(), None
    if spec.type == "icons":
        names = [n for n in re.split(r"[\s,]+", text) if n]
        unknown = [n for n in names if n not in icons]
        if unknown:
            known = ", ".join(sorted(icons)) or "none declared"
            return None, finding(
                "invalid-value",
                f"the {column!r} cell names no icon {', '.join(map(repr, unknown))}; "
                f"the icons: {known}",
                cell.where,
            )
        return tuple(names), None
    if len(text) > spec.max_length:
        return None, finding(
            "string-too-long",
            f"the {column!r} cell has {len(text)} characters; the field takes up to "
            f"{spec.max_length}",
            cell.where,
        )
    return text, None  # text, or an image's path (the build reads and checks the file)


def _copies(cell: Cell | None, column: str | None) -> tuple[int, Finding | None]:
    """How many copies a row's copies cell asks for (1 when there is none)."""
    if cell is None:
        return 1, None
    text = cell.text.replace(" ", "")
    if not _WHOLE.match(text):
        return 1, finding(
            "wrong-type",
            f"the {column!r} cell should be a whole number of copies (0 to {MAX_COPIES}), "
            f"not {cell.text!r}",
            cell.where,
        )
    if not _INTEGER.match(text) or not 0 <= int(text) <= MAX_COPIES:
        return 1, finding(
            "out-of-range",
            f"the {column!r} cell is {cell.text!r}; a card's copies are 0 to {MAX_COPIES}",
            cell.where,
        )
    return int(text), None
