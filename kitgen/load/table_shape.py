"""The shape of a table of card data: its cells with their places, its header and
rows, and its limits. What every table reader (CSV, workbook) shares."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from kitgen.model.findings import Finding, Location, finding


@dataclass(frozen=True)
class TableLimits:
    """How much of a table kitgen agrees to read (each limit passed is a finding)."""

    max_file_bytes: int = 16 * 1024 * 1024
    max_rows: int = 10_000  # data rows; as many cards as one file prints
    # Rows the game's card data sources before this table hold: they share `max_rows`.
    rows_before: int = 0
    max_columns: int = 100
    max_cell: int = 2_000  # characters, as long card text
    # A workbook is a zip of XML: what its parts hold unpacked (a zip bomb is refused).
    max_unpacked_bytes: int = 32 * 1024 * 1024


DEFAULT_TABLE_LIMITS = TableLimits()


def rows_full(table: Table, limits: TableLimits) -> bool:
    """Whether the table holds as many rows as it may (with the sources' before it)."""
    return len(table.rows) + limits.rows_before >= limits.max_rows


def too_many_rows(what: str, limits: TableLimits, where: Location, advice: str = "") -> Finding:
    """`too-many-values` at the first row past the limit: `what` (`the table`, `the
    sheet`) has more rows than kitgen reads, or than the sources before it leave room
    for."""
    most = limits.max_rows
    if limits.rows_before:
        message = (
            f"{what} and the game's card data sources before it ({limits.rows_before:,} "
            f"rows) hold more than {most:,} rows of cards; kitgen reads up to {most:,} in all"
        )
    else:
        message = f"{what} has more than {most:,} rows of cards; kitgen reads up to {most:,}"
        message += f" ({advice})" if advice else ""
    return finding("too-many-values", message, where)


@dataclass(frozen=True)
class Cell:
    """One cell: its text as written (surrounding spaces removed) and its place."""

    text: str
    where: Location


@dataclass(frozen=True)
class Row:
    """One data row: its cells by column name (a cell left out is not there), and where
    the row starts."""

    cells: dict[str, Cell]
    where: Location

    def get(self, column: str) -> Cell | None:
        """The row's cell in a column, or None when the row leaves it out or empty."""
        cell = self.cells.get(column)
        return cell if cell is not None and cell.text else None


@dataclass
class Table:
    """A table as read: its column names (each with its header cell), its data rows,
    and what was wrong with its shape."""

    path: str
    columns: dict[str, Cell] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    sheet: str | None = None  # a workbook's sheet the rows come from
    # Findings that count only where a column is read, by the column's name: a formula
    # saved without its value (a column no field reads may hold one).
    pending: dict[str, list[Finding]] = field(default_factory=dict)

    def findings_of(self, columns: Iterable[str]) -> list[Finding]:
        """The findings of the columns read (`pending`'s, in their order)."""
        return [f for name in columns for f in self.pending.get(name, ())]

    def at(self, line: int, column: int = 1) -> Location:
        """The place of a cell: its line (a workbook's row) and column."""
        return Location(self.path, line, column, self.sheet)


def header_row(
    table: Table, cells: Iterable[tuple[int, str]], width: int, line: int, limits: TableLimits
) -> list[str | None]:
    """The column names of the header row, from its cells as (column, text) in column
    order (a column left out has no name) and its `width` (its last column); findings
    for unnamed, repeated and too many columns."""
    if width > limits.max_columns:
        table.findings.append(
            finding(
                "too-many-values",
                f"the header names {width:,} columns; kitgen reads up to {limits.max_columns}",
                table.at(line, limits.max_columns + 1),
            )
        )
    names: list[str | None] = [None] * min(width, limits.max_columns)
    for column, raw in cells:
        name = raw.strip()
        if column > len(names) or not name:
            continue
        where = table.at(line, column)
        if name in table.columns:
            first = table.columns[name].where.column
            table.findings.append(
                finding(
                    "duplicate-key",
                    f"the column {name!r} is named twice (columns {first} and {column}); "
                    "each column needs its own name",
                    where,
                )
            )
            continue
        table.columns[name] = Cell(name, where)
        names[column - 1] = name
    return names


def data_row(
    table: Table,
    cells: Iterable[tuple[int, str]],
    names: list[str | None],
    line: int,
    limits: TableLimits,
    unread: tuple[int, int] = (0, 0),
) -> Row:
    """A data row from its cells as (column, text) in column order (a column left out is
    empty). `unread` counts the cells the reader held back past the column limit (a
    workbook's, which may name any of 16,384 columns), with the first one's column.

    A cell under a column the header leaves unnamed is a finding at the cell (there are
    at most as many as the column limit); the cells beyond the header's last column are
    one finding a row, at the first (a row of two million is one finding, not two
    million)."""
    out: dict[str, Cell] = {}
    beyond, first_beyond = unread
    for column, raw in cells:
        value = raw.strip()
        if column > len(names):
            if value:
                first_beyond = column if not beyond else min(first_beyond, column)
                beyond += 1
            continue
        name = names[column - 1]
        where = table.at(line, column)
        if name is None:
            if value:
                table.findings.append(
                    finding(
                        "invalid-value",
                        f"a cell in column {column}, which the header row does not name",
                        where,
                    )
                )
            continue
        if len(value) > limits.max_cell:
            table.findings.append(
                finding(
                    "string-too-long",
                    f"the {name!r} cell has {len(value):,} characters; kitgen reads up to "
                    f"{limits.max_cell:,}",
                    where,
                )
            )
            value = ""
        out[name] = Cell(value, where)
    if beyond:
        named = f"({len(names)} named in the header)"
        if beyond == 1:
            message = (
                f"a cell beyond the last column {named}: name its column in the header row, "
                "or remove the cell"
            )
        else:
            message = (
                f"{beyond:,} cells beyond the last column {named}, the first in column "
                f"{first_beyond:,}: name their columns in the header row, or remove the cells"
            )
        table.findings.append(finding("invalid-value", message, table.at(line, first_beyond)))
    return Row(out, table.at(line, 1))
