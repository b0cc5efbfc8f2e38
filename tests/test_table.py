"""Card data in a CSV table: cells with their places, the table's shape, its limits."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.load.table import TableLimits, read_table, sniff_delimiter


def table_at(tmp_path: Path, text: str | bytes, name: str = "cards.csv") -> str:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8", newline="")
    else:
        path.write_bytes(text)
    return str(path)


def where(cell_or_row: object) -> tuple[int, int]:
    loc = cell_or_row.where  # type: ignore[attr-defined]
    return loc.line, loc.column


def codes(table: object) -> list[tuple[str, int, int]]:
    return [
        (f.code, f.location.line, f.location.column)
        for f in table.findings  # type: ignore[attr-defined]
        if f.location is not None
    ]


def test_cells_know_their_row_line_and_column(tmp_path: Path) -> None:
    path = table_at(
        tmp_path,
        'name,cost,text\nGoblin, 2 ,"Fast."\n\nDragon,7,"Flies.\nBreathes fire."\nImp,1,\n',
    )
    table = read_table(path)
    assert table.findings == []
    assert list(table.columns) == ["name", "cost", "text"]
    assert [r.cells["name"].text for r in table.rows] == ["Goblin", "Dragon", "Imp"]
    goblin, dragon, imp = table.rows
    assert goblin.cells["cost"].text == "2"  # spaces around a value go
    assert where(goblin.cells["cost"]) == (2, 2)
    assert where(dragon.cells["text"]) == (4, 3)  # a blank line skipped, counted
    assert dragon.cells["text"].text == "Flies.\nBreathes fire."
    assert where(imp) == (6, 1)  # after a cell of two lines
    assert imp.get("text") is None and imp.get("cost") is not None


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"])
def test_the_delimiter_is_sniffed(tmp_path: Path, delimiter: str) -> None:
    rows = [["name", "cost", "text"], ["Goblin", "2", "Fast, cheap."], ["Imp", "1", "x"]]
    quoted = [[f'"{v}"' if "," in v else v for v in row] for row in rows]
    path = table_at(tmp_path, "\n".join(delimiter.join(r) for r in quoted) + "\n")
    table = read_table(path)
    assert table.findings == []
    assert [r.cells["text"].text for r in table.rows] == ["Fast, cheap.", "x"]


def test_one_column_and_a_bom(tmp_path: Path) -> None:
    assert sniff_delimiter("name\nGoblin\nImp\n") == ","
    path = table_at(tmp_path, b"\xef\xbb\xbfname\r\nGoblin\r\n")
    table = read_table(path)
    assert list(table.columns) == ["name"]  # the BOM is not part of the first name
    assert table.rows[0].cells["name"].text == "Goblin"


def test_a_bad_header_and_ragged_rows_are_findings_at_their_cells(tmp_path: Path) -> None:
    path = table_at(tmp_path, "name,cost,,name\nGoblin,2,x,y\nImp,1,,,extra\nOgre\n")
    table = read_table(path)
    assert codes(table) == [
        ("duplicate-key", 1, 4),
        ("invalid-value", 2, 3),  # under the unnamed column
        ("invalid-value", 2, 4),  # under the repeated one
        ("invalid-value", 3, 5),  # beyond the last column
    ]
    assert table.rows[2].get("cost") is None  # a short row: its missing cells are empty


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (b"", "empty-file"),
        (b"\n , \n", "empty-file"),
        (b"name\n\xff\n", "invalid-utf8"),
        (b"\xff\xfen\x00a\x00", "invalid-utf8"),  # UTF-16
    ],
)
def test_unreadable_tables_are_one_finding(tmp_path: Path, text: bytes, code: str) -> None:
    table = read_table(table_at(tmp_path, text))
    assert [f.code for f in table.findings] == [code]


def test_limits_are_findings_where_they_are_passed(tmp_path: Path) -> None:
    limits = TableLimits(max_file_bytes=10_000, max_rows=3, max_columns=4, max_cell=10)
    rows = "\n".join(f"card {i},1" for i in range(5))
    table = read_table(table_at(tmp_path, f"name,cost\n{rows}\n"), limits)
    assert len(table.rows) == 3 and codes(table) == [("too-many-values", 5, 1)]
    table = read_table(table_at(tmp_path, "a,b,c,d,e,f\n1,2,3,4,5,6\n"), limits)
    assert list(table.columns) == ["a", "b", "c", "d"]
    assert codes(table)[0] == ("too-many-values", 1, 5)
    table = read_table(table_at(tmp_path, "name\n" + "x" * 11 + "\n"), limits)
    assert codes(table) == [("string-too-long", 2, 1)]
    assert table.rows[0].get("name") is None
    big = read_table(table_at(tmp_path, "name\n" + "x" * 10_001 + "\n"), limits)
    assert [f.code for f in big.findings] == ["file-too-large"]
    huge = read_table(table_at(tmp_path, 'name\n"' + "x" * 300_000 + '"\n'))
    assert [f.code for f in huge.findings] == ["string-too-long"]  # over csv's own limit


def test_a_folder_and_a_missing_file(tmp_path: Path) -> None:
    assert [f.code for f in read_table(str(tmp_path)).findings] == ["file-unreadable"]
    missing = read_table(str(tmp_path / "nope.csv"))
    assert [f.code for f in missing.findings] == ["file-not-found"]


cell_text = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00\r"),
    max_size=20,
)


@settings(max_examples=60, deadline=None)
@given(
    rows=st.lists(st.lists(cell_text, min_size=3, max_size=3), min_size=1, max_size=8),
    delimiter=st.sampled_from([",", ";", "\t"]),
)
def test_any_table_a_spreadsheet_writes_reads_back(
    tmp_path_factory: pytest.TempPathFactory, rows: list[list[str]], delimiter: str
) -> None:
    """What Python's csv writer (as a spreadsheet program) saves, kitgen reads back: every
    non-blank row, every value (spaces around it aside), in its column."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, quoting=csv.QUOTE_ALL)
    writer.writerow(["name", "cost", "text"])
    writer.writerows(rows)
    folder = tmp_path_factory.mktemp("t")
    table = read_table(table_at(folder, out.getvalue()))
    assert table.findings == []
    kept = [r for r in rows if any(v.strip() for v in r)]
    got = [[r.cells[c].text for c in ("name", "cost", "text")] for r in table.rows]
    assert got == [[v.strip() for v in r] for r in kept]


# -- workbooks ---------------------------------------------------------------------------


def workbook_at(tmp_path: Path, sheets: dict[str, list[list[object]]], name: str = "cards.xlsx"):
    """A workbook with these sheets and rows; returns (path, workbook) to change further."""
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    path = tmp_path / name
    book.save(path)
    return str(path), book


def test_a_workbook_sheet_reads_like_its_csv(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["name", "cost", "rare", "text"],
        ["Goblin", 2, False, "Fast."],
        [None, None, None, None],
        ["Dragon", 7.0, True, "Flies."],
        ["Imp", 1.5, None, None],
    ]
    path, _ = workbook_at(tmp_path, {"Notes": [["x"]], "Cards": rows})
    table = read_table(path, sheet="Cards")
    assert table.findings == [] and table.sheet == "Cards"
    assert [[c.text for c in r.cells.values()] for r in table.rows] == [
        ["Goblin", "2", "false", "Fast."],
        ["Dragon", "7", "true", "Flies."],
        ["Imp", "1.5"],
    ]
    dragon = table.rows[1].cells["cost"].where
    assert (dragon.line, dragon.column, dragon.sheet) == (4, 2, "Cards")
    assert str(dragon).endswith("cards.xlsx:Cards!B4")
    first = read_table(path)  # no sheet named: the first
    assert first.sheet == "Notes" and list(first.columns) == ["x"]


def test_a_workbook_finding_names_its_sheet_and_cell(tmp_path: Path) -> None:
    from kitgen.cli.check import finding_line
    from kitgen.kit import finding_json

    path, _ = workbook_at(tmp_path, {"Cards": [["name", "name"], ["Goblin"]]})
    [found] = read_table(path).findings
    assert finding_line(found).startswith(f"{path}:Cards!B1: error duplicate-key")
    assert finding_json(found, path)["sheet"] == "Cards"


def test_formulas_merged_cells_and_missing_sheets(tmp_path: Path) -> None:
    path, book = workbook_at(
        tmp_path, {"Cards": [["name", "cost", "total"], ["Goblin", 2, "=B2*2"], ["Imp", 1, 3]]}
    )
    book["Cards"].merge_cells("A3:B3")
    book.save(path)
    table = read_table(path)
    # openpyxl saves no value with a formula: the finding asks to save it from a
    # spreadsheet program, which does.
    found = sorted(table.findings, key=lambda f: f.sort_key())
    assert [(f.code, f.location.line, f.location.column) for f in found if f.location] == [
        ("invalid-value", 2, 3),
        ("invalid-value", 3, 1),
    ]
    assert "=B2*2" in found[0].message and "A3:B3" in found[1].message
    missing = read_table(path, sheet="Deck")
    assert [f.code for f in missing.findings] == ["invalid-value"]
    assert "its sheets: Cards" in missing.findings[0].message


def test_an_empty_sheet_is_an_empty_table(tmp_path: Path) -> None:
    # As an empty CSV is: one finding, not a missing column for every field.
    path, _ = workbook_at(tmp_path, {"Notes": [["x"]], "Cards": []})
    [found] = read_table(path, sheet="Cards").findings
    assert found.code == "empty-file" and str(found.location).endswith("cards.xlsx:Cards!A1")
    assert found.message == "the sheet 'Cards' is empty: it needs a header row"


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"name,cost\nGoblin,2\n", "file-unreadable"),  # a CSV named .xlsx
        (b"PK\x03\x04 broken", "file-unreadable"),
    ],
)
def test_a_broken_workbook_is_one_finding(tmp_path: Path, data: bytes, code: str) -> None:
    table = read_table(table_at(tmp_path, data, "cards.xlsx"))
    assert [f.code for f in table.findings] == [code]


def test_a_workbook_that_unpacks_too_far_is_refused_unopened(tmp_path: Path) -> None:
    import zipfile

    path = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/big.xml", b"\0" * (2 * 1024 * 1024))
    limits = TableLimits(max_unpacked_bytes=1024 * 1024)
    table = read_table(str(path), limits)
    assert [f.code for f in table.findings] == ["file-too-large"]
    assert path.stat().st_size < 100_000  # small on disk, large unpacked


# -- YAML lists --------------------------------------------------------------------------


def test_a_yaml_list_of_cards_reads_like_a_table(tmp_path: Path) -> None:
    path = table_at(
        tmp_path,
        "- {name: Goblin, cost: 2, rare: false}\n"
        "- name: Dragon\n"
        "  cost: 7.5\n"
        "  icons: [sword, shield]\n"
        "  note: ~\n",
        "cards.yaml",
    )
    table = read_table(path)
    assert table.findings == []
    assert list(table.columns) == ["name", "cost", "rare", "icons", "note"]
    assert where(table.columns["icons"]) == (4, 3)  # where the key is written
    goblin, dragon = table.rows
    assert {k: c.text for k, c in goblin.cells.items()} == {
        "name": "Goblin",
        "cost": "2",
        "rare": "false",
    }
    assert dragon.cells["icons"].text == "sword shield"
    assert where(dragon.cells["cost"]) == (3, 9)
    assert dragon.get("note") is None and where(dragon) == (2, 3)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("name: Goblin\n", [("wrong-type", 1, 1)]),
        ("- Goblin\n- {name: Imp}\n", [("wrong-type", 1, 3)]),
        ("- {name: Imp, stats: {top: 1}}\n", [("wrong-type", 1, 22)]),
        ("- {name: [Imp, [x]]}\n", [("wrong-type", 1, 10)]),
        ("- {name: Imp\n", [("yaml-syntax", 2, 1)]),
    ],
)
def test_a_yaml_list_that_is_no_table(
    tmp_path: Path, text: str, found: list[tuple[str, int, int]]
) -> None:
    assert codes(read_table(table_at(tmp_path, text, "cards.yaml"))) == found


def test_yaml_list_limits(tmp_path: Path) -> None:
    limits = TableLimits(max_rows=2, max_columns=2, max_cell=5)
    text = "- {a: 1, b: 2, c: 3}\n- {a: toolong}\n- {a: 1}\n"
    table = read_table(table_at(tmp_path, text, "cards.yml"), limits)
    assert codes(table) == [
        ("too-many-values", 1, 19),
        ("string-too-long", 2, 7),
        ("too-many-values", 3, 3),
    ]
