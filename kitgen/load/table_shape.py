"""The shape of a table of card data: its cells with their places, its header and
rows, and its limits. What every table reader (CSV, workbook) shares."""

from __future__ import annotations

from dataclasses import dataclass, field

from kitgen.model.findings import Finding, Location, finding


@dataclass(frozen=True)
class TableLimits:
    """How much of a table kitgen agrees to read (each limit passed is a finding)."""

    max_file_bytes: int = 16 * 1024 * 1024
    max_rows: int = 10_000  # data rows; as many cards as one file prints
    max_columns: int = 100
    max_cell: int = 2_000  # characters, as long card text
    # A workbook is a zip of XML: what its parts hold unpacked (a zip bomb is refused).
    max_unpacked_bytes: int = 32 * 1024 * 1024


DEFAULT_TABLE_LIMITS = TableLimits()


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

    def at(self, line: int, column: int = 1) -> Location:
        """The place of a cell: its line (a workbook's row) and column."""
        return Location(self.path, line, column, self.sheet)


def header_row(table: Table, values: list[str], line: int, limits: TableLimits) -> list[str | None]:
    """The column names of the header row; findings for unnamed and repeated ones."""
    if len(values) > limits.max_columns:
        table.findings.append(
            finding(
                "too-many-values",
                f"the header names {len(values)} columns; kitgen reads up to {limits.max_columns}",
                table.at(line, limits.max_columns + 1),
            )
        )
        values = values[: limits.max_columns]
    names: list[str | None] = []
    for index, raw in enumerate(values):
        name = raw.strip()
        where = table.at(line, index + 1)
        if not name:
            names.append(None)
            continue
        if name in table.columns:
            first = table.columns[name].where.column
            table.findings.append(
                finding(
                    "duplicate-key",
                    f"the column {name!r} is named twice (columns {first} and {index + 1}); "
                    "each column needs its own name",
                    where,
                )
            )
            names.append(None)
            continue
        table.columns[name] = Cell(name, where)
        names.append(name)
    return names


def data_row(
    table: Table, values: list[str], names: list[str | None], line: int, limits: TableLimits
) -> Row:
    cells: dict[str, Cell] = {}
    for index, raw in enumerate(values):
        where = table.at(line, index + 1)
        value = raw.strip()
        if index >= len(names):
            if value:
                table.findings.append(
                    finding(
                        "invalid-value",
                        f"a cell beyond the last column ({len(names)} named in the header): "
                        "name its column in the header row, or remove the cell",
                        where,
                    )
                )
            continue
        name = names[index]
        if name is None:
            if value:
                table.findings.append(
                    finding(
                        "invalid-value",
                        f"a cell in column {index + 1}, which the header row does not name",
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
        cells[name] = Cell(value, where)
    return Row(cells, table.at(line, 1))
