"""A workbook's sheet as a table (`.xlsx`, `.xlsm`).

Kept apart from the CSV reader so that a workbook's machinery is imported only for a
workbook. A workbook is a zip of XML parts. kitgen reads the few it needs (the
package's and the workbook's relationships, the workbook, its shared strings and
styles, and the one sheet) itself, with Python's expat parser, straight from the zip:

- only the cells a sheet holds are made, in one pass, and reading stops at the
  table's limits. A sheet's used range (its `dimension`) can span all 17 billion
  cells of a sheet while it holds two: nothing is made for the cells between, and a
  cell past the column limit is counted, not kept;
- every part is refused when it declares a DOCTYPE, before anything in it is
  expanded: no spreadsheet program writes one, and its entities could expand to
  gigabytes ("billion laughs") or name files on the disk (external entities);
- the parts' unpacked sizes are checked before any is read (a small file can unpack
  to gigabytes). Python's zipfile inflates a part no further than the size the zip
  gives it: a part that would inflate further (a zip that lies) fails its checksum.

Every problem with the workbook itself is one `file-unreadable` finding at the file
(`file-too-large` for the sizes). A formula's value is the one the spreadsheet program
saved with it (kitgen does not calculate): an empty string a formula saved (`=IF(C2,
"x", "")`) is an empty cell. A formula saved without any value is a finding at its cell
where the column is read (a data row's finding waits in `Table.pending` under its
column's name, for the columns a game reads: an analysis column may hold one), and
merged cells (whose value sits in the first cell only) are findings at their cells. Values
become text as the sheet shows them (`3`, not `3.0`; dates as `2026-11-25`), so a
workbook and the same table saved as CSV read alike. openpyxl gives the date formats
and the conversion of a date's serial number.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import posixpath
import re
import zipfile
import zlib
from collections.abc import Callable
from xml.parsers import expat

from kitgen.load.table_shape import (
    Table,
    TableLimits,
    data_row,
    header_row,
    rows_full,
    too_many_rows,
)
from kitgen.model.findings import Finding, Location, finding

_CHUNK = 64 * 1024  # bytes inflated and parsed at a time
_CELL = re.compile(r"^\$?([A-Za-z]{1,3})\$?([0-9]{1,7})$")
_ESCAPE = re.compile(r"_x([0-9A-Fa-f]{4})_")  # a character XML cannot hold, as OOXML writes it
_SHOWN_SHEETS = 20  # sheet names a message lists
# Day 0 of a workbook's dates: its 1900 date system's (as spreadsheet programs count,
# with 1900's leap day that never was) and its 1904 system's.
WINDOWS_EPOCH = dt.datetime(1899, 12, 30)
MAC_EPOCH = dt.datetime(1904, 1, 1)

Start = Callable[[str, dict[str, str]], None]
End = Callable[[str], None]
Text = Callable[[str], None]


class Unreadable(Exception):
    """A workbook kitgen does not read: the message says why, for a finding at the file."""


class _Enough(Exception):
    """The sheet is read as far as the limits let it be."""


def read_sheet(table: Table, data: bytes, sheet: str | None, limits: TableLimits) -> None:
    """Read one sheet of the workbook `data` (its bytes) into `table`: the named sheet,
    or the first."""
    whole = Location(table.path)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        message = "this is not an .xlsx workbook (not a zip archive); save it as .xlsx or .csv"
        table.findings.append(finding("file-unreadable", message, whole))
        return
    with archive:
        unpacked = sum(info.file_size for info in archive.infolist())
        if unpacked > limits.max_unpacked_bytes:
            table.findings.append(
                finding(
                    "file-too-large",
                    f"the workbook unpacks to {unpacked:,} bytes; kitgen reads workbooks up "
                    f"to {limits.max_unpacked_bytes:,} bytes unpacked",
                    whole,
                )
            )
            return
        try:
            _read_book(table, _Parts(archive), sheet, limits)
        except Unreadable as err:
            table.findings.append(finding("file-unreadable", f"this workbook {err}", whole))
        except (
            zipfile.BadZipFile,  # a part cut short, or its checksum wrong (a zip that lies)
            zlib.error,
            EOFError,
            OSError,
            RuntimeError,  # an encrypted part
            NotImplementedError,  # a compression zipfile does not know
        ) as err:
            message = (
                f"this workbook cannot be read ({type(err).__name__}: {err}); save it again "
                "as .xlsx"
            )
            table.findings.append(finding("file-unreadable", message, whole))


def _local(name: str) -> str:
    """An element's or attribute's name without its namespace (expat gives `uri name`)."""
    return name.rpartition(" ")[2]


class _Parts:
    """The workbook's parts, each read through an XML parser that refuses a DOCTYPE."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.names = set(archive.namelist())

    def parse(
        self, name: str, start: Start, end: End | None = None, text: Text | None = None
    ) -> bool:
        """Parse the part `name` with these handlers (False when there is no such part)."""
        if name not in self.names:
            return False
        parser = expat.ParserCreate(namespace_separator=" ")

        def refuse(*_: object) -> None:
            raise Unreadable(
                f"declares a DOCTYPE in its part {name}: no spreadsheet program writes one, "
                "and its entities could expand to gigabytes or read other files, so kitgen "
                "does not read it; save the workbook again from a spreadsheet program"
            )

        parser.StartDoctypeDeclHandler = refuse
        parser.EntityDeclHandler = refuse  # (no entity is declared outside a DOCTYPE)
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.buffer_text = True
        parser.StartElementHandler = start
        if end is not None:
            parser.EndElementHandler = end
        if text is not None:
            parser.CharacterDataHandler = text
        try:
            with self.archive.open(name) as part:
                while chunk := part.read(_CHUNK):
                    parser.Parse(chunk, False)
                parser.Parse(b"", True)
        except expat.ExpatError as err:
            raise Unreadable(
                f"cannot be read: its part {name} is not well-formed XML ({err}); save it "
                "again as .xlsx"
            ) from None
        return True

    def relationships(self, source: str) -> dict[str, tuple[str, str]]:
        """The relationships of the part `source` ("" for the package's): id -> (type,
        the part it names). A target outside the package (a URL) is left out."""
        folder = posixpath.dirname(source)
        rels = posixpath.join(folder, "_rels", posixpath.basename(source) + ".rels")
        found: dict[str, tuple[str, str]] = {}

        def start(name: str, attrs: dict[str, str]) -> None:
            if _local(name) != "Relationship" or attrs.get("TargetMode") == "External":
                return
            target = attrs.get("Target", "")
            if target.startswith("/"):
                part = target[1:]
            else:
                part = posixpath.normpath(posixpath.join(folder, target))
            found[attrs.get("Id", "")] = (attrs.get("Type", ""), part)

        self.parse(rels, start)
        return found


def _int(text: str | None, what: str) -> int:
    """A whole number written in a part (as a number: `57`, `57.0`)."""
    try:
        number = float(text or "")
    except ValueError:
        number = float("nan")
    if not number.is_integer() or not 0 <= number < 2**31:
        raise Unreadable(f"cannot be read: {what} is {text!r}, not a number; save it again")
    return int(number)


def _by_type(relationships: dict[str, tuple[str, str]], kind: str) -> str | None:
    """The part of the first relationship of a type (`.../officeDocument`)."""
    for rel_type, part in relationships.values():
        if rel_type.rpartition("/")[2] == kind:
            return part
    return None


def _read_book(table: Table, parts: _Parts, sheet: str | None, limits: TableLimits) -> None:
    book = _by_type(parts.relationships(""), "officeDocument") or "xl/workbook.xml"
    sheets: list[tuple[str, str]] = []  # name, relationship id
    epoch = [False]  # the 1904 date system

    def start(name: str, attrs: dict[str, str]) -> None:
        local = _local(name)
        if local == "workbookPr":
            epoch[0] = attrs.get("date1904", "").lower() in ("1", "true")
        elif local == "sheet":
            rel = next((v for k, v in attrs.items() if " " in k and _local(k) == "id"), "")
            sheets.append((attrs.get("name", ""), rel))

    if not parts.parse(book, start):
        raise Unreadable("cannot be read: it has no workbook part; save it again as .xlsx")
    names = [name for name, _ in sheets]
    if not names:
        raise Unreadable("has no sheets; save it again as .xlsx")
    if sheet is not None and sheet not in names:
        listed = ", ".join(names[:_SHOWN_SHEETS])
        if len(names) > _SHOWN_SHEETS:
            listed += f" (and {len(names) - _SHOWN_SHEETS:,} more)"
        message = f"the workbook has no sheet {sheet!r}; its sheets: {listed}"
        table.findings.append(finding("invalid-value", message, Location(table.path)))
        return
    chosen = sheet if sheet is not None else names[0]
    table.sheet = chosen
    related = parts.relationships(book)
    rel_type, part = related.get(dict(sheets)[chosen], ("", ""))
    if rel_type.rpartition("/")[2] != "worksheet" or part not in parts.names:
        kind = rel_type.rpartition("/")[2] or "missing"
        table.findings.append(
            finding(
                "invalid-value",
                f"the sheet {chosen!r} holds no cells (its part is {kind}): name a sheet of "
                "cells with `sheet:`",
                Location(table.path),
            )
        )
        return
    strings_part = _by_type(related, "sharedStrings")
    strings = [] if strings_part is None else _shared_strings(parts, strings_part)
    styles_part = _by_type(related, "styles")
    styles = _Styles() if styles_part is None else _styles(parts, styles_part)
    reader = _SheetReader(table, limits, strings, styles, MAC_EPOCH if epoch[0] else WINDOWS_EPOCH)
    with contextlib.suppress(_Enough):  # (the limits reached: the finding is made)
        parts.parse(part, reader.start, reader.end, reader.text)
    reader.merged_findings()


def _shared_strings(parts: _Parts, name: str) -> list[str]:
    """The workbook's shared strings, in order: each its text and its runs' texts (a
    phonetic reading, `rPh`, left out)."""
    strings: list[str] = []
    texts: list[str] = []
    depth = {"si": 0, "rPh": 0, "t": 0}

    def start(tag: str, attrs: dict[str, str]) -> None:
        local = _local(tag)
        if local in depth:
            depth[local] += 1
        if local == "si":
            texts.clear()

    def end(tag: str) -> None:
        local = _local(tag)
        if local in depth:
            depth[local] -= 1
        if local == "si":
            strings.append(_unescape("".join(texts)))

    def text(data: str) -> None:
        if depth["si"] and depth["t"] and not depth["rPh"]:
            texts.append(data)

    parts.parse(name, start, end, text)
    return strings


def _unescape(text: str) -> str:
    """A string as written in a part, with OOXML's `_xHHHH_` escapes read (`_x000D_` a
    carriage return; `_x005F_` an underscore, so `_x005F_x000D_` is `_x000D_` itself)."""
    if "_x" not in text:
        return text
    return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)


class _Styles:
    """What a cell's style says of its number: a date (or a duration) or not."""

    def __init__(self, formats: list[int] | None = None, codes: dict[int, str] | None = None):
        self.formats = formats or []  # each cell style's number format id
        self.codes = codes or {}  # the workbook's own number formats
        self.known: dict[int, tuple[bool, bool]] = {}

    def date(self, style: int) -> tuple[bool, bool]:
        """Whether the style shows a date, and whether a duration (`[h]:mm`)."""
        if style not in self.known:
            from openpyxl.styles.numbers import (
                BUILTIN_FORMATS,
                is_date_format,
                is_timedelta_format,
            )

            number = self.formats[style] if style < len(self.formats) else 0
            code = self.codes.get(number, BUILTIN_FORMATS.get(number))
            self.known[style] = (
                bool(code and is_date_format(code)),
                bool(code and is_timedelta_format(code)),
            )
        return self.known[style]


def _styles(parts: _Parts, name: str) -> _Styles:
    formats: list[int] = []
    codes: dict[int, str] = {}
    inside = [0]  # in cellXfs (the cells' styles; cellStyleXfs are the named styles')

    def start(tag: str, attrs: dict[str, str]) -> None:
        local = _local(tag)
        if local == "numFmt":
            codes[_int(attrs.get("numFmtId"), "a number format's id")] = attrs.get("formatCode", "")
        elif local == "cellXfs":
            inside[0] += 1
        elif local == "xf" and inside[0]:
            formats.append(_int(attrs.get("numFmtId", "0"), "a style's number format"))

    def end(tag: str) -> None:
        if _local(tag) == "cellXfs":
            inside[0] -= 1

    parts.parse(name, start, end)
    return _Styles(formats, codes)


class _SheetReader:
    """Reads a sheet's XML as it streams by: a row at a time, only the cells it holds,
    each kept only inside the column limit (the rest counted), until the row limit."""

    def __init__(
        self,
        table: Table,
        limits: TableLimits,
        strings: list[str],
        styles: _Styles,
        epoch: dt.datetime,
    ) -> None:
        self.table, self.limits = table, limits
        self.strings, self.styles, self.epoch = strings, styles, epoch
        self.names: list[str | None] = []
        self.merged: list[tuple[int, int, str]] = []
        self.row = 0  # the row being read (counted from 1), 0 outside one
        self.last_row = 0
        self.column = 0
        self.cells: dict[int, str] = {}  # the row's cells inside the column limit
        self.unread = 0  # its cells past it that hold something, and the first one's column
        self.first_unread = 0
        self.last = 0  # its last column that holds something
        # The cell being read: its type, style, value, formula, inline text.
        self.kind = "n"
        self.style = 0
        self.value: list[str] | None = None
        self.saved = False  # the cell holds a value element (`<v>`), empty or not
        self.unsaved: dict[int, Finding] = {}  # the row's formulas saved without a value
        self.formula: list[str] | None = None
        self.inline: list[str] | None = None
        self.collect: list[str] | None = None  # where the characters go
        self.phonetic = 0

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        local = _local(tag)
        if local == "c" and self.row:
            self._start_cell(attrs)
        elif local == "row":
            place = attrs.get("r")
            self.row = self.last_row + 1 if place is None else _int(place, "a row's number")
            self.row = max(self.row, 1)
            self.last_row = self.row
            self.column = self.unread = self.first_unread = self.last = 0
            self.cells = {}
            self.unsaved = {}
        elif local == "v" and self.value is not None:
            self.saved = True
            self.collect = self.value
        elif local == "f" and self.value is not None:
            self.formula = []
            self.collect = self.formula
        elif local == "is" and self.value is not None:
            self.inline = []
        elif local == "rPh":
            self.phonetic += 1
        elif local == "t" and self.inline is not None and not self.phonetic:
            self.collect = self.inline
        elif local == "mergeCell":
            self._merged(attrs.get("ref", ""))

    def _start_cell(self, attrs: dict[str, str]) -> None:
        place = attrs.get("r")
        if place is None:
            self.column += 1
        else:
            match = _CELL.match(place)
            if match is None:
                raise Unreadable(f"cannot be read: a cell's place is {place!r}; save it again")
            self.column = _column_number(match.group(1))
        self.kind = attrs.get("t", "n")
        self.style = _int(attrs.get("s", "0"), "a cell's style")
        self.value = []
        self.saved = False
        self.formula = self.inline = self.collect = None

    def text(self, data: str) -> None:
        if self.collect is not None:
            self.collect.append(data)

    def end(self, tag: str) -> None:
        local = _local(tag)
        if local in ("v", "f", "t"):
            self.collect = None
        elif local == "rPh":
            self.phonetic -= 1
        elif local == "c" and self.value is not None:
            self._end_cell()
        elif local == "row" and self.row:
            self._end_row()
            self.row = 0

    def _end_cell(self) -> None:
        column = self.column
        if column > self.limits.max_columns:
            text = self._text(None)  # (a formula's missing value is no news past the limit)
            if text.strip():
                self.first_unread = self.first_unread or column
                self.unread += 1
                self.last = max(self.last, column)
        else:
            text = self._text(self.table.at(self.row, column))
            if text:
                self.cells[column] = text
                if text.strip():
                    self.last = max(self.last, column)
        self.value = self.formula = self.inline = self.collect = None

    def _end_row(self) -> None:
        table, line = self.table, self.row
        if not table.columns:
            table.findings += self.unsaved.values()  # (a header's formula is always read)
        else:  # a data row's: where its column is read (none: not a column of the table)
            for column, found in sorted(self.unsaved.items()):
                name = self.names[column - 1] if column <= len(self.names) else None
                if name is not None:
                    table.pending.setdefault(name, []).append(found)
        if not self.last:
            return  # a blank row, or a row of empty cells
        cells = sorted(self.cells.items())  # (a workbook may write them in any order)
        if not table.columns:
            self.names = header_row(table, cells, self.last, line, self.limits)
            return
        if rows_full(table, self.limits):
            advice = "split the cards into several sheets or files"
            table.findings.append(too_many_rows("the sheet", self.limits, table.at(line), advice))
            raise _Enough
        # Every named column up to the row's last value has its cell, empty where the
        # sheet holds none, as a CSV row has: a required value left empty between others
        # is found at its cell.
        width = min(len(self.names), self.last)
        cells = [(c, self.cells.get(c, "")) for c in range(1, width + 1)] + [
            (c, text) for c, text in cells if c > width
        ]
        unread = (self.unread, self.first_unread)
        table.rows.append(data_row(table, cells, self.names, line, self.limits, unread))

    def _merged(self, ref: str) -> None:
        first = _CELL.match(ref.partition(":")[0])
        if first is not None and len(self.merged) <= self.limits.max_rows:
            row, column = int(first.group(2)), _column_number(first.group(1))
            self.merged.append((row, column, ref))

    def merged_findings(self) -> None:
        for row, column, ref in sorted(self.merged):
            self.table.findings.append(
                finding(
                    "invalid-value",
                    f"cells {ref} are merged; unmerge them, so every cell holds its own value",
                    self.table.at(row, column),
                )
            )

    def _text(self, where: Location | None) -> str:
        """The cell just read as text, as the sheet shows it (a formula's empty string
        result is empty); a formula saved without a value is empty, and a finding at
        `where` kept for its row (`unsaved`)."""
        written = "".join(self.value or ())
        kind = self.kind
        if kind == "inlineStr":
            return _unescape("".join(self.inline)) if self.inline is not None else ""
        if not written:
            # An empty string a formula gave is saved as text (`t="str"`) with its value
            # element; an empty number is no value (openpyxl writes `<v></v>` for every
            # formula, and a program that never calculated it nothing).
            empty_text = self.saved and kind == "str"
            if self.formula is not None and not empty_text and where is not None:
                source = "".join(self.formula)
                shown = f" (={source})" if source else ""
                self.unsaved[where.column or 0] = finding(
                    "invalid-value",
                    f"a formula{shown} saved without its value; open the workbook in a "
                    "spreadsheet program and save it, so the value is saved with it",
                    where,
                )
            return ""
        if kind == "s":
            index = _int(written, "a cell's shared string")
            if index >= len(self.strings):
                raise Unreadable(
                    f"cannot be read: a cell names shared string {index}, of "
                    f"{len(self.strings)}; save it again"
                )
            return self.strings[index]
        if kind == "b":
            return "true" if written.strip() not in ("0", "false", "") else "false"
        if kind == "d":
            from openpyxl.utils.datetime import from_ISO8601

            try:
                return _shown(from_ISO8601(written.strip()))  # type: ignore[no-untyped-call]
            except ValueError:
                return written
        if kind != "n":
            return written  # text (`str`), an error (`#DIV/0!`) as the sheet shows it
        return self._number(written.strip())

    def _number(self, written: str) -> str:
        try:
            number: float = float(written) if any(c in written for c in ".eE") else int(written)
        except ValueError:
            raise Unreadable(
                f"cannot be read: a number cell holds {written[:40]!r}; save it again"
            ) from None
        is_date, is_duration = self.styles.date(self.style)
        if is_date:
            from openpyxl.utils.datetime import from_excel

            try:
                return _shown(from_excel(number, self.epoch, timedelta=is_duration))
            except (OverflowError, ValueError):
                return "#VALUE!"  # a date no calendar holds, as a spreadsheet shows it
        return _shown(number)


def _column_number(letters: str) -> int:
    """A column's number from its letters (A 1, Z 26, AA 27)."""
    number = 0
    for letter in letters.upper():
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _shown(value: object) -> str:
    """A value as the sheet shows it: `3` for 3.0, a date without a time as a date."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime) and value.time() == dt.time():
        return value.date().isoformat()
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    return str(value)
