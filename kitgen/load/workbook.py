"""A workbook's sheet as a table (`.xlsx`, read with openpyxl).

Kept apart from the CSV reader so that openpyxl is imported only for a workbook.
A workbook is a zip of XML parts: their unpacked size is checked before openpyxl
opens it (a small file can unpack to gigabytes). A formula's value is the one the
spreadsheet program saved with it (kitgen does not calculate); a formula saved
without one, and merged cells (whose value sits in the first cell only), are
findings at their cells. Values become text as the sheet shows them (`3`, not
`3.0`), so a workbook and the same table saved as CSV read alike.
"""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from typing import TYPE_CHECKING, Any

from kitgen.load.table_shape import Table, TableLimits, data_row, header_row
from kitgen.model.findings import Location, finding

if TYPE_CHECKING:
    from openpyxl.worksheet.worksheet import Worksheet


def read_sheet(table: Table, data: bytes, sheet: str | None, limits: TableLimits) -> None:
    """Read one sheet of the workbook `data` (its bytes) into `table`: the named sheet,
    or the first."""
    whole = Location(table.path)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError):
        message = "this is not an .xlsx workbook (not a zip archive); save it as .xlsx or .csv"
        table.findings.append(finding("file-unreadable", message, whole))
        return
    if unpacked > limits.max_unpacked_bytes:
        table.findings.append(
            finding(
                "file-too-large",
                f"the workbook unpacks to {unpacked:,} bytes; kitgen reads workbooks up to "
                f"{limits.max_unpacked_bytes:,} bytes unpacked",
                whole,
            )
        )
        return
    loaded = _load(table, data)
    if loaded is None:
        return
    values, formulas = loaded
    names = values.sheetnames
    if sheet is not None and sheet not in names:
        table.findings.append(
            finding(
                "invalid-value",
                f"the workbook has no sheet {sheet!r}; its sheets: {', '.join(names)}",
                whole,
            )
        )
        return
    chosen = sheet if sheet is not None else names[0]
    table.sheet = chosen
    _read(table, values[chosen], formulas[chosen], limits)


def _load(table: Table, data: bytes) -> tuple[Any, Any] | None:
    """The workbook twice: with the saved values of formulas, and with the formulas."""
    import warnings

    from openpyxl import load_workbook

    try:
        with warnings.catch_warnings():  # openpyxl warns of what it does not read
            warnings.simplefilter("ignore")
            values = load_workbook(io.BytesIO(data), data_only=True)
            formulas = load_workbook(io.BytesIO(data), data_only=False)
    except Exception as err:  # openpyxl raises many kinds for a broken workbook
        table.findings.append(
            finding(
                "file-unreadable",
                f"this workbook cannot be read ({type(err).__name__}); save it again as .xlsx",
                Location(table.path),
            )
        )
        return None
    return values, formulas


def _read(table: Table, values: Worksheet, formulas: Worksheet, limits: TableLimits) -> None:
    merged = {(r.min_row, r.min_col): r for r in values.merged_cells.ranges}
    for (row, column), cells in sorted(merged.items()):
        table.findings.append(
            finding(
                "invalid-value",
                f"cells {cells.coord} are merged; unmerge them, so every cell holds its own value",
                table.at(row, column),
            )
        )
    names: list[str | None] = []
    rows = values.iter_rows(max_col=min(values.max_column, limits.max_columns + 1))
    for cells in rows:
        line = (cells[0].row if cells else None) or 1
        texts = [_text(table, cell, formulas) for cell in cells]
        while texts and not texts[-1]:
            texts.pop()  # a sheet's used range often runs past the data
        if not any(t.strip() for t in texts):
            continue
        if not table.columns:
            names = header_row(table, texts, line, limits)
            continue
        if len(table.rows) >= limits.max_rows:
            table.findings.append(
                finding(
                    "too-many-values",
                    f"the sheet has more than {limits.max_rows:,} rows of cards; kitgen reads "
                    f"up to {limits.max_rows:,} (split the cards into several sheets or files)",
                    table.at(line),
                )
            )
            return
        table.rows.append(data_row(table, texts, names, line, limits))


def _text(table: Table, cell: Any, formulas: Worksheet) -> str:
    """A cell's value as text, as the sheet shows it; a formula saved without its value
    is a finding (and empty)."""
    value = cell.value
    if value is None:
        source = formulas.cell(row=cell.row, column=cell.column).value
        if isinstance(source, str) and source.startswith("="):
            table.findings.append(
                finding(
                    "invalid-value",
                    f"a formula ({source}) saved without its value; open the workbook in a "
                    "spreadsheet program and save it, so the value is saved with it",
                    table.at(cell.row, cell.column),
                )
            )
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime) and value.time() == dt.time():
        return value.date().isoformat()
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    return str(value)
