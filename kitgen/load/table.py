"""Card data in a table: a CSV file read into rows of cells, each with its place.

A designer keeps a game's cards in a spreadsheet; kitgen reads the table a
spreadsheet program saves, a workbook (`.xlsx`: a named sheet or the first) or CSV
(comma, semicolon, tab or bar between cells, UTF-8 with or without a BOM), with a
header row naming the columns, or a YAML file listing the cards as mappings
(`- {name: Goblin, cost: 2}`, each key a column), and keeps where every cell was
written, so a bad
value is a finding at its cell: `cards.csv:57:4` is the cell of the row that starts
on line 57, in the fourth column; `cards.xlsx:Cards!D57` a workbook's. Reading
checks only the table's shape (its header, its rows, its limits, a workbook's
formulas and merged cells); what the values must be is the game's to check, against
the fields its game file declares.
"""

from __future__ import annotations

import csv
import io

from kitgen.load.documents import read_bytes
from kitgen.load.table_shape import (
    DEFAULT_TABLE_LIMITS,
    Cell,
    Row,
    Table,
    TableLimits,
    data_row,
    header_row,
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
        if len(table.rows) >= limits.max_rows:
            table.findings.append(
                finding(
                    "too-many-values",
                    f"the table has more than {limits.max_rows:,} rows of cards; kitgen reads "
                    f"up to {limits.max_rows:,} (split the cards into several files)",
                    table.at(start),
                )
            )
            return
        table.rows.append(data_row(table, enumerate(values, 1), names, start, limits))


def _read_yaml_rows(table: Table, text: str, limits: TableLimits) -> None:
    """A YAML list of mappings, one card each: every key a column (in the order first
    met), every value a cell at its place. A value is a scalar (a number and true or
    false as written) or, for a list field such as icons, a list of scalars."""
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
    if not isinstance(value, list):
        message = "the file should be a list of cards, each a mapping like `- {name: Goblin}`"
        table.findings.append(finding("wrong-type", message, source.at(())))
        return
    for index, item in enumerate(value):
        where = source.at((index,))
        if len(table.rows) >= limits.max_rows:
            message = f"the file lists more than {limits.max_rows:,} cards; kitgen reads up to "
            table.findings.append(
                finding("too-many-values", message + f"{limits.max_rows:,}", where)
            )
            return
        if not isinstance(item, dict):
            message = "each card is a mapping of its fields, like `- {name: Goblin, cost: 2}`"
            table.findings.append(finding("wrong-type", message, where))
            continue
        cells: dict[str, Cell] = {}
        past: list[Location] = []  # keys past the column limit: one finding a card
        for key, raw in item.items():
            at = source.at((index, key))
            name = str(key).strip()
            if name not in table.columns:
                if len(table.columns) >= limits.max_columns:
                    past.append(at)
                    continue
                table.columns[name] = Cell(name, source.at((index, key), key=True))
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
        if past:
            message = f"more than {limits.max_columns} different keys; kitgen reads up to "
            message += str(limits.max_columns)
            if len(past) > 1:
                message += f" ({len(past):,} keys of this card are past it)"
            table.findings.append(finding("too-many-values", message, past[0]))
        table.rows.append(Row(cells, where))


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
