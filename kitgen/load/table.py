"""Card data in a table: a CSV file read into rows of cells, each with its place.

A designer keeps a game's cards in a spreadsheet; kitgen reads the table a
spreadsheet program saves, a workbook (`.xlsx`: a named sheet or the first) or CSV
(comma, semicolon, tab or bar between cells, UTF-8 with or without a BOM), with a
header row naming the columns, or a YAML or JSON file listing the cards as mappings
(`- {name: Goblin, cost: 2}`, `[{"name": "Goblin", "cost": 2}]`, each key a column;
the list alone, or in a mapping that holds it beside other keys), and keeps where every
cell was written, so a bad value is a finding at its cell: `cards.csv:57:4` is the cell
of the row that starts on line 57, in the fourth column; `cards.xlsx:Cards!D57` a
workbook's; `cards.json:57:14` the value's. A file whose text starts with `[` or `{`
is JSON whatever its name ends with (`.txt`, none, even `.csv`): never CSV. Reading
checks only the table's shape (its header, its rows, its limits, a workbook's
formulas and merged cells); what the values must be is the game's to check, against
the fields its game file declares.
"""

from __future__ import annotations

import bisect
import csv
import io
import json
import re
from collections.abc import Callable

from kitgen.load.documents import read_bytes
from kitgen.load.table_shape import (
    DEFAULT_TABLE_LIMITS,
    Cell,
    Row,
    Table,
    TableLimits,
    data_row,
    header_row,
    rows_full,
    too_many_rows,
)
from kitgen.load.yamlsrc import Limits, decode_utf8
from kitgen.model.findings import Location, finding

# The cell separators kitgen recognises, the most usual first (the sniffer's tie-break).
DELIMITERS = ",;\t|"


def sniff_delimiter(text: str) -> str:
    """The separator between cells, from the first lines: the one of `DELIMITERS` that
    splits the header into the most columns and every sampled line alike (a comma
    when none does). A line is sampled up to 4,000 characters."""
    lines = [line[:4_000] for line in text.splitlines()[:20] if line.strip()]
    if not lines:
        return ","
    best, best_columns = ",", 1
    for delimiter in DELIMITERS:
        counts = [len(row) for row in csv.reader(lines, delimiter=delimiter)]
        if counts[0] > best_columns and all(c == counts[0] for c in counts[: min(5, len(counts))]):
            best, best_columns = delimiter, counts[0]
    return best


WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
CARD_LIST_MESSAGE = (
    "the file should be a list of cards, each a mapping like `- {name: Goblin}` (YAML) or "
    '`[{"name": "Goblin"}]` (JSON), or a mapping that holds one such list'
)
YAML_SUFFIXES = (".yaml", ".yml")


def read_table(
    path: str, limits: TableLimits = DEFAULT_TABLE_LIMITS, *, sheet: str | None = None
) -> Table:
    """Read a CSV file or a workbook's sheet (`sheet`, else the first) into a Table,
    collecting every problem of its shape as a finding (never raising for what is in
    the file)."""
    table = Table(path)
    data, problem = read_bytes(path, Limits(max_file_bytes=limits.max_file_bytes))
    if problem is not None or data is None:
        table.findings.append(problem or finding("file-unreadable", "cannot read", Location(path)))
        return table
    if path.lower().endswith(WORKBOOK_SUFFIXES):
        from kitgen.load.workbook import read_sheet

        read_sheet(table, data, sheet, limits)
        if not table.columns and not table.findings:
            table.findings.append(
                finding(
                    "empty-file",
                    f"the sheet {table.sheet!r} is empty: it needs a header row",
                    table.at(1),
                )
            )
        return table
    text, problem = decode_utf8(data, path)
    if problem is not None or text is None:
        table.findings.append(problem or finding("invalid-utf8", "not UTF-8", Location(path)))
        return table
    if path.lower().endswith(YAML_SUFFIXES):
        _read_yaml_rows(table, text, limits)
        return table
    if path.lower().endswith(".json") or text.lstrip("\ufeff \t\r\n")[:1] in ("[", "{"):
        _read_json_rows(table, text, limits)
        return table
    # Python's csv module refuses a cell over its own limit (128 KiB) with an error: no
    # cell can be longer than the file, and an overlong one is kitgen's finding.
    csv.field_size_limit(max(csv.field_size_limit(), limits.max_file_bytes))
    _read_rows(table, text, sniff_delimiter(text), limits)
    if not table.columns and not table.findings:
        table.findings.append(
            finding("empty-file", "the table is empty: it needs a header row", Location(path))
        )
    return table


def _read_rows(table: Table, text: str, delimiter: str, limits: TableLimits) -> None:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=False)
    names: list[str | None] = []  # each column's name (None: unnamed or repeated)
    line = 1  # where the next row starts
    while True:
        try:
            values = next(reader)
        except StopIteration:
            return
        except csv.Error as err:  # a NUL character, say
            table.findings.append(
                finding("invalid-value", f"this row cannot be read: {err}", table.at(line))
            )
            return
        start, line = line, reader.line_num + 1
        if not any(v.strip() for v in values):
            continue  # a blank line, or a row of empty cells
        if not table.columns:
            names = header_row(table, enumerate(values, 1), len(values), start, limits)
            continue
        if rows_full(table, limits):
            advice = "split the cards into several files"
            table.findings.append(too_many_rows("the table", limits, table.at(start), advice))
            return
        table.rows.append(data_row(table, enumerate(values, 1), names, start, limits))


def _read_yaml_rows(table: Table, text: str, limits: TableLimits) -> None:
    """A YAML list of mappings, one card each (or a mapping holding one such list
    beside other keys): every key a column (in the order first met), every value a cell
    at its place. A value is a scalar (a number and true or false as written) or, for a
    list field such as icons, a list of scalars."""
    from kitgen.load.yamlsrc import parse_yaml

    parsed = parse_yaml(text, table.path, Limits(max_file_bytes=limits.max_file_bytes))
    table.findings += parsed.findings
    value, source = parsed.value, parsed.source
    if value is None:
        if not parsed.findings:
            table.findings.append(
                finding("empty-file", "the file lists no cards", Location(table.path))
            )
        return
    key, problem = card_list(value)
    if problem is not None:
        table.findings.append(finding("wrong-type", problem, source.at(())))
        return
    prefix: tuple[str | int, ...] = () if key is None else (key,)
    items = value if key is None else value[key]
    for index, item in enumerate(items):
        where = source.at((*prefix, index))
        if rows_full(table, limits):
            table.findings.append(too_many_rows("the file", limits, where))
            return
        if not isinstance(item, dict):
            message = "each card is a mapping of its fields, like `- {name: Goblin, cost: 2}`"
            table.findings.append(finding("wrong-type", message, where))
            continue
        cells: dict[str, Cell] = {}
        past: list[Location] = []  # keys past the column limit: one finding a card
        for column, raw in item.items():
            at = source.at((*prefix, index, column))
            name = str(column).strip()
            if name not in table.columns:
                if len(table.columns) >= limits.max_columns:
                    past.append(at)
                    continue
                table.columns[name] = Cell(name, source.at((*prefix, index, column), key=True))
            written = _scalar_text(raw)
            if written is None:
                message = f"the {name!r} value should be text, a number or a list of them"
                table.findings.append(finding("wrong-type", message, at))
            elif len(written) > limits.max_cell:
                message = f"the {name!r} value has {len(written):,} characters; kitgen reads "
                table.findings.append(
                    finding("string-too-long", message + f"up to {limits.max_cell:,}", at)
                )
            else:
                cells[name] = Cell(written, at)
        _too_many_keys(table, past, limits.max_columns)
        table.rows.append(Row(cells, where))


def card_list(value: object) -> tuple[str | None, str | None]:
    """Where a YAML or JSON file's cards are: the whole value (a list), or the one key of
    a mapping whose value is a list holding mappings (None); or why there are none."""
    if isinstance(value, list):
        return None, None
    if isinstance(value, dict):
        lists = [
            str(key)
            for key, held in value.items()
            if isinstance(held, list) and any(isinstance(v, dict) for v in held)
        ]
        if len(lists) == 1:
            return lists[0], None
        if lists:
            named = ", ".join(map(repr, lists[:5]))
            return None, (
                f"the file holds {len(lists)} lists of cards ({named}); kitgen reads a file "
                "that holds one (split the others into files of their own)"
            )
    return None, CARD_LIST_MESSAGE


_SPACE = re.compile(r"[ \t\n\r]*")


def _read_json_rows(table: Table, text: str, limits: TableLimits) -> None:
    """A JSON list of objects, one card each, or an object holding one such list (its
    other keys ignored): as a YAML list is read, every value at its line and column.

    The whole file is parsed first (Python's json: a syntax error is one finding at its
    place); then the list's cards are walked again with json's own scanner to find where
    each key and value starts, so a bad value is found at its place."""
    start = 1 if text.startswith("\ufeff") else 0
    try:
        value = json.loads(text[start:])
    except json.JSONDecodeError as err:
        where = Location(table.path, err.lineno, err.colno)
        message = f"this JSON cannot be read: {err.msg}"
        table.findings.append(finding("yaml-syntax", message, where))
        return
    except RecursionError:
        message = "lists and objects are nested too deep for a file of cards"
        table.findings.append(finding("yaml-too-deep", message, Location(table.path)))
        return
    key, problem = card_list(value)
    if problem is not None:
        first = _SPACE.match(text, start).end()  # type: ignore[union-attr]
        where = Location(table.path, *_Places(text).line_column(first))
        table.findings.append(finding("wrong-type", problem, where))
        return
    places = _Places(text)
    i = _SPACE.match(text, start).end()  # type: ignore[union-attr]
    if key is not None:
        i = _member(text, i, key)
    _json_cards(table, text, i, places, limits)


class _Places:
    """Line and column of an offset in a text (counted from 1)."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_column(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


_scan: Callable[[str, int], tuple[object, int]] = json.scanner.make_scanner(  # type: ignore[attr-defined]
    json.JSONDecoder()
)
_string: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]


def _member(text: str, i: int, wanted: str) -> int:
    """Where the value of the object's key `wanted` starts (its last, as json reads it);
    the object at `i` is valid JSON."""
    found = i
    i = _SPACE.match(text, i + 1).end()  # type: ignore[union-attr]
    while text[i] == '"':
        key, i = _string(text, i + 1)
        i = _SPACE.match(text, _SPACE.match(text, i).end() + 1).end()  # type: ignore[union-attr]
        if key == wanted:
            found = i
        _, i = _scan(text, i)
        i = _SPACE.match(text, i).end()  # type: ignore[union-attr]
        if text[i] == ",":
            i = _SPACE.match(text, i + 1).end()  # type: ignore[union-attr]
    return found


def _json_cards(table: Table, text: str, i: int, places: _Places, limits: TableLimits) -> None:
    """The cards of the list at `i` (valid JSON), each key and value at its place."""
    path, starts = table.path, places.starts
    # A lone surrogate can only be written as an escape (`\ud800`): the text is UTF-8.
    escapes = "\\u" in text

    def at(offset: int) -> Location:
        line = bisect.bisect_right(starts, offset)
        return Location(path, line, offset - starts[line - 1] + 1)

    i = _SPACE.match(text, i + 1).end()  # type: ignore[union-attr]
    while text[i] != "]":
        where = at(i)
        if rows_full(table, limits):
            table.findings.append(too_many_rows("the file", limits, where))
            return
        if text[i] != "{":
            message = 'each card is an object of its fields, like `{"name": "Goblin", "cost": 2}`'
            table.findings.append(finding("wrong-type", message, where))
            _, i = _scan(text, i)
        else:
            i = _json_card(table, text, i, where, at, limits, escapes)
        i = _SPACE.match(text, i).end()  # type: ignore[union-attr]
        if text[i] == ",":
            i = _SPACE.match(text, i + 1).end()  # type: ignore[union-attr]


def _json_card(
    table: Table,
    text: str,
    i: int,
    where: Location,
    at: Callable[[int], Location],
    limits: TableLimits,
    escapes: bool,
) -> int:
    """Read the card (an object) at `i`, found at `where`, into a row; where it ends.
    (`escapes`: whether the file writes any character as a `\\u` escape.)"""
    skip = _SPACE.match
    cells: dict[str, Cell] = {}
    columns = table.columns
    past: list[Location] = []  # keys past the column limit: one finding a card
    i = skip(text, i + 1).end()  # type: ignore[union-attr]
    while text[i] == '"':
        key_at = i
        column, i = _string(text, i + 1)
        i = skip(text, skip(text, i).end() + 1).end()  # type: ignore[union-attr]  # (past the colon)
        value_at = i
        raw, i = _scan(text, i)
        i = skip(text, i).end()  # type: ignore[union-attr]
        if text[i] == ",":
            i = skip(text, i + 1).end()  # type: ignore[union-attr]
        name = column.strip()
        if name not in columns:
            if len(columns) >= limits.max_columns:
                past.append(at(value_at))
                continue
            columns[name] = Cell(name, at(key_at))
        if name in cells:
            message = f"the key {name!r} is given twice in this card; give each value once"
            table.findings.append(finding("duplicate-key", message, at(key_at)))
            continue
        written = raw.strip() if type(raw) is str else _scalar_text(raw)
        if written is None:
            message = f"the {name!r} value should be text, a number or a list of them"
            table.findings.append(finding("wrong-type", message, at(value_at)))
        elif len(written) > limits.max_cell:
            message = f"the {name!r} value has {len(written):,} characters; kitgen reads "
            table.findings.append(
                finding("string-too-long", message + f"up to {limits.max_cell:,}", at(value_at))
            )
        elif escapes and not _encodable(written):
            message = f"the {name!r} value holds a lone surrogate (like \\ud800): no character"
            table.findings.append(finding("invalid-value", message, at(value_at)))
        else:
            cells[name] = Cell(written, at(value_at))
    _too_many_keys(table, past, limits.max_columns)
    table.rows.append(Row(cells, where))
    return i + 1  # past the closing brace


def unescape_html(table: Table) -> None:
    """Read the values of a table whose source writes characters as HTML character
    references (`&quot;`, `&#039;`, `&#x3C0;`, `Pok&eacute;mon`; a web API's dump, like
    the Open Trivia Database's) as the characters they stand for, as a browser shows
    them: `&amp;quot;` is `&quot;` written out, a reference to no character (`&#0;`,
    a surrogate) is U+FFFD. Each value keeps its place; the headers stay as written. A
    value only shortens, so the limits read still hold."""
    import html  # (only such sources need it)

    for row in table.rows:
        for column, cell in row.cells.items():
            if "&" in cell.text:
                row.cells[column] = Cell(html.unescape(cell.text).strip(), cell.where)


def _too_many_keys(table: Table, past: list[Location], most: int) -> None:
    """`too-many-values` at the first key of a card past the `most` different keys a
    table reads (YAML and JSON card lists alike); nothing when none is past it."""
    if not past:
        return
    message = f"more than {most} different keys; kitgen reads up to {most}"
    if len(past) > 1:
        message += f" ({len(past):,} keys of this card are past it)"
    table.findings.append(finding("too-many-values", message, past[0]))


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _scalar_text(value: object) -> str | None:
    """A YAML value as a cell's text (None: a mapping, or a list holding one)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, str)):
        return str(value).strip()
    if isinstance(value, list):
        parts = [_scalar_text(v) for v in value]
        if any(p is None or isinstance(v, list) for p, v in zip(parts, value, strict=True)):
            return None
        return " ".join(p for p in parts if p)
    return None
