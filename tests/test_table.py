"""Card data in a CSV table: cells with their places, the table's shape, its limits."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import examples
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


@settings(max_examples=examples(60), deadline=None)
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
    # spreadsheet program, which does. It waits under its column's name: it counts
    # where a field reads the column (an analysis column may hold one).
    [merged] = table.findings
    assert (merged.code, merged.location.line, merged.location.column) == ("invalid-value", 3, 1)
    assert "A3:B3" in merged.message
    assert list(table.pending) == ["total"] and table.findings_of(["name", "cost"]) == []
    [unsaved] = table.findings_of(["total"])
    assert (unsaved.code, unsaved.location.line, unsaved.location.column) == ("invalid-value", 2, 3)
    assert "=B2*2" in unsaved.message
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


# -- workbooks as their XML: what a spreadsheet program may write, and what an attacker may


MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def xlsx_parts(sheet: str, strings: str | None = None, *, head: str = "") -> dict[str, str]:
    """The parts of a one-sheet workbook ("Cards"): `sheet` is what its sheetData holds,
    `strings` its shared strings' `<si>` items, `head` what goes before sheetData."""
    shared = strings is not None
    parts = {
        "[Content_Types].xml": (
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/'
            '2006/content-types"><Default Extension="xml" ContentType="application/xml"/>'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
            'relationships+xml"/>'
            + "".join(
                f'<Override PartName="/xl/{part}" ContentType="application/vnd.openxmlformats-'
                f'officedocument.spreadsheetml.{kind}+xml"/>'
                for part, kind in (
                    ("workbook.xml", "sheet.main"),
                    ("worksheets/sheet1.xml", "worksheet"),
                    ("sharedStrings.xml", "sharedStrings"),
                    ("styles.xml", "styles"),
                )
                if shared or part != "sharedStrings.xml"
            )
            + "</Types>"
        ),
        "_rels/.rels": (
            f'<?xml version="1.0"?><Relationships xmlns="{RELS}"><Relationship Id="rId1" '
            f'Type="{OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            f'<?xml version="1.0"?><workbook xmlns="{MAIN}" xmlns:r="{OFFICE}"><sheets>'
            '<sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": (
            f'<?xml version="1.0"?><Relationships xmlns="{RELS}"><Relationship Id="rId1" '
            f'Type="{OFFICE}/worksheet" Target="worksheets/sheet1.xml"/>'
            + (
                f'<Relationship Id="rId2" Type="{OFFICE}/sharedStrings" '
                'Target="sharedStrings.xml"/>'
                if shared
                else ""
            )
            + f'<Relationship Id="rId3" Type="{OFFICE}/styles" Target="styles.xml"/>'
            "</Relationships>"
        ),
        "xl/styles.xml": (
            f'<?xml version="1.0"?><styleSheet xmlns="{MAIN}"><cellXfs count="1">'
            '<xf numFmtId="0"/></cellXfs></styleSheet>'
        ),
        "xl/worksheets/sheet1.xml": (
            f'<?xml version="1.0"?><worksheet xmlns="{MAIN}">{head}<sheetData>{sheet}'
            "</sheetData></worksheet>"
        ),
    }
    if shared:
        parts["xl/sharedStrings.xml"] = f'<?xml version="1.0"?><sst xmlns="{MAIN}">{strings}</sst>'
    return parts


def zipped(tmp_path: Path, parts: dict[str, str | bytes], name: str = "cards.xlsx") -> str:
    import zipfile

    path = tmp_path / name
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for part, text in parts.items():
            archive.writestr(part, text)
    return str(path)


def inline(place: str, text: str) -> str:
    return f'<c r="{place}" t="inlineStr"><is><t>{text}</t></is></c>'


def read_in_a_process(path: str, limit_mb: int = 512) -> tuple[list[str], int]:
    """Read a table in a process of its own, its address space held to `limit_mb` (so a
    reader that makes every cell of a used range fails at once, not after gigabytes):
    its findings as `code place`, and the most memory it held (MiB). The process's own
    high-water mark (VmHWM, new with its program): ru_maxrss keeps the test process's
    across the exec."""
    import json
    import subprocess
    import sys

    script = (
        "import json, resource, sys\n"
        f"cap = {limit_mb} * 1024 * 1024\n"
        "resource.setrlimit(resource.RLIMIT_AS, (cap, cap))\n"
        "from kitgen.load.table import read_table\n"
        "table = read_table(sys.argv[1])\n"
        "found = [f'{f.code} {f.location.place}' for f in table.findings]\n"
        "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024\n"
        "for line in open('/proc/self/status', encoding='ascii'):\n"
        "    if line.startswith('VmHWM:'):\n"
        "        peak = int(line.split()[1]) // 1024\n"
        "print(json.dumps([found, peak]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, path], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found, peak = json.loads(done.stdout)
    return found, peak


def test_a_sheet_is_read_by_the_cells_it_holds_not_its_used_range(tmp_path: Path) -> None:
    # Issue 35, item 3: a 1.7 KB workbook whose used range is the whole sheet and whose
    # cells are far apart took 3.8 GB, every cell between them made.
    sheet = (
        f'<row r="1">{inline("A1", "name")}</row>'
        f'<row r="1048576">{inline("A1048576", "Goblin")}{inline("XFD1048576", "far")}</row>'
    )
    path = zipped(tmp_path, xlsx_parts(sheet, head='<dimension ref="A1:XFD1048576"/>'))
    assert Path(path).stat().st_size < 2_000
    found, peak = read_in_a_process(path)
    assert found == ["invalid-value Cards!XFD1048576"]  # the one stray cell
    assert peak < 100, f"{peak} MiB to read a workbook of two rows"
    table = read_table(path)
    [goblin] = table.rows
    assert goblin.cells["name"].text == "Goblin" and str(goblin.where).endswith("!A1048576")


def test_cells_far_apart_in_a_row_are_one_finding_and_rows_stop_at_the_limit(
    tmp_path: Path,
) -> None:
    rows = [f'<row r="1">{inline("A1", "name")}{inline("B1", "cost")}</row>']
    rows.append(f'<row r="2">{inline("A2", "Goblin")}{inline("C2", "x")}{inline("D2", "y")}')
    rows[-1] += inline("XFD2", "far") + "</row>"
    rows += [f'<row r="{n}">{inline(f"A{n}", "Imp")}</row>' for n in range(3, 20_000)]
    path = zipped(tmp_path, xlsx_parts("".join(rows)))
    table = read_table(path, TableLimits(max_rows=50))
    assert [(f.code, f.location.place) for f in table.findings if f.location] == [
        ("invalid-value", "Cards!C2"),  # C2, D2 and XFD2: one finding for the row
        ("too-many-values", "Cards!A52"),
    ]
    assert table.findings[0].message.startswith("3 cells beyond the last column (2 named")
    assert len(table.rows) == 50


def test_a_header_wider_than_the_limit_names_its_last_column(tmp_path: Path) -> None:
    sheet = f'<row r="1">{inline("A1", "name")}{inline("XFD1", "far")}</row>'
    table = read_table(zipped(tmp_path, xlsx_parts(sheet)))
    [found] = table.findings
    assert found.code == "too-many-values" and found.location.place == "Cards!CW1"
    assert "16,384 columns" in found.message and list(table.columns) == ["name"]


def test_what_spreadsheet_programs_write_is_read_as_the_sheet_shows_it(tmp_path: Path) -> None:
    strings = (
        "<si><t>name</t></si><si><t>cost</t></si>"
        # Runs of a rich text are its text; a phonetic reading (rPh) is not.
        '<si><r><t>Gob</t></r><r><rPr><b/></rPr><t xml:space="preserve">lin</t></r>'
        "<rPh><t>ゴブリン</t></rPh></si>"
        "<si><t>a_x000D_b _x005F_x000D_</t></si>"  # OOXML's escapes
    )
    sheet = (
        '<row><c t="s"><v>0</v></c><c t="s"><v>1</v></c>'  # no places: counted on
        f"{inline('C1', 'note')}{inline('D1', 'rare')}</row>"
        '<row><c t="s"><v>2</v></c><c><f>1+1</f><v>2</v></c><c t="str"><f>A1</f>'
        '<v>name</v></c><c t="b"><v>1</v></c></row>'
        '<row r="5"><c r="A5" t="s"><v>3</v></c><c r="B5" t="e"><v>#DIV/0!</v></c>'
        '<c r="D5" t="b"><v>0</v></c></row>'
        '<row r="6"><c r="A6" t="inlineStr"><is><r><t>x</t></r><r><t>y</t></r></is></c>'
        '<c r="B6"><v>1.0E3</v></c><c r="C6" t="d"><v>2026-11-25T10:00:00</v></c>'
        '<c r="D6"><f>B6*2</f></c></row>'
    )
    table = read_table(zipped(tmp_path, xlsx_parts(sheet, strings)))
    assert table.findings == []
    [unsaved] = table.findings_of(["rare"])  # a formula saved without its value
    assert (unsaved.code, unsaved.location.place) == ("invalid-value", "Cards!D6")
    assert "(=B6*2)" in unsaved.message
    assert [{k: c.text for k, c in r.cells.items()} for r in table.rows] == [
        {"name": "Goblin", "cost": "2", "note": "name", "rare": "true"},
        {"name": "a\rb _x000D_", "cost": "#DIV/0!", "note": "", "rare": "false"},
        {"name": "xy", "cost": "1000", "note": "2026-11-25T10:00:00"},
    ]
    assert str(table.rows[1].cells["note"].where).endswith("Cards!C5")  # empty, in place


@pytest.mark.parametrize(
    "part",
    [
        "xl/worksheets/sheet1.xml",
        "xl/sharedStrings.xml",
        "xl/workbook.xml",
        "xl/_rels/workbook.xml.rels",
        "_rels/.rels",
        "xl/styles.xml",
    ],
)
@pytest.mark.parametrize("entity", ["laughs", "file"])
def test_a_doctype_in_any_part_read_is_refused(tmp_path: Path, part: str, entity: str) -> None:
    # Issue 35, item 4: entities expanded to gigabytes; an external one names a file.
    if entity == "laughs":
        declared = '<!ENTITY a0 "lol">' + "".join(
            f'<!ENTITY a{i} "{f"&a{i - 1};" * 10}">' for i in range(1, 10)
        )
        use = "&a9;"
    else:
        declared, use = '<!ENTITY a9 SYSTEM "file:///etc/passwd">', "&a9;"
    parts = xlsx_parts(f'<row r="1">{inline("A1", "name")}</row>', "<si><t>x</t></si>")
    root = parts[part].index("?>") + 2
    element = parts[part].index(">", root)
    text = parts[part]
    parts[part] = f"{text[:root]}<!DOCTYPE r [{declared}]>{text[root:element]}>{use}"
    parts[part] += text[element + 1 :]
    table = read_table(zipped(tmp_path, parts))
    [found] = table.findings
    assert found.code == "file-unreadable" and found.location.line == 1
    assert f"declares a DOCTYPE in its part {part}" in found.message
    assert "root:" not in found.message


def test_a_billion_laughs_padded_past_the_parsers_guard_takes_no_memory(tmp_path: Path) -> None:
    # expat stops entities that expand over 100 times the bytes read, but only past
    # 8 MiB: padding the part lets them expand to gigabytes (3.7 GB before the fix).
    declared = f'<!ENTITY a0 "{"x" * 1000}">' + "".join(
        f'<!ENTITY a{i} "{f"&a{i - 1};" * 10}">' for i in range(1, 6)
    )
    padding = "<!--" + " " * 20_000_000 + "-->"
    sheet = f'<row r="1">{inline("A1", "name")}</row><row r="2">{inline("A2", "&a5;" * 10)}</row>'
    parts = xlsx_parts(sheet)
    text = parts["xl/worksheets/sheet1.xml"]
    root = text.index("?>") + 2
    parts["xl/worksheets/sheet1.xml"] = (
        f"{text[:root]}<!DOCTYPE r [{declared}]>{padding}{text[root:]}"
    )
    path = zipped(tmp_path, parts)
    assert Path(path).stat().st_size < 100_000
    found, peak = read_in_a_process(path)
    assert found == ["file-unreadable 1:1"]
    assert peak < 100, f"{peak} MiB for a refused workbook"


def test_a_zip_that_lies_about_a_parts_size_is_not_inflated(tmp_path: Path) -> None:
    # The shared strings' size in the zip says 100 bytes; their data inflates to 64 MB.
    # The sizes the zip gives pass the limit, and the part is inflated no further than
    # its size says: it fails its checksum, and the workbook is unreadable.
    import struct
    import zipfile

    parts = xlsx_parts(f'<row r="1">{inline("A1", "n")}</row>', "<si><t>x</t></si>")
    path = tmp_path / "cards.xlsx"
    name = "xl/sharedStrings.xml"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for part, text in parts.items():
            if part != name:
                archive.writestr(part, text)
        with archive.open(name, "w", force_zip64=False) as big:
            for _ in range(64):
                big.write(b" " * 1024 * 1024)
    data = bytearray(path.read_bytes())
    encoded = name.encode()
    for signature, size_at, name_at in ((b"PK\x03\x04", 22, 30), (b"PK\x01\x02", 24, 46)):
        at = data.find(signature)
        while at >= 0:
            if data[at + name_at : at + name_at + len(encoded)] == encoded:
                struct.pack_into("<I", data, at + size_at, 100)
            at = data.find(signature, at + 4)
    path.write_bytes(bytes(data))
    assert path.stat().st_size < 200_000
    found, peak = read_in_a_process(str(path))
    assert found == ["file-unreadable 1:1"]
    assert peak < 100, f"{peak} MiB for a workbook that lies"


def test_a_csv_row_of_two_million_stray_cells_is_one_finding(tmp_path: Path) -> None:
    # Issue 35, item 7: every cell past the header was its own finding.
    path = table_at(tmp_path, "name,cost\nGoblin,2," + "x," * 2_000_000 + "\nImp,1,,,y\n")
    table = read_table(path)
    assert codes(table) == [("invalid-value", 2, 3), ("invalid-value", 3, 5)]
    assert table.findings[0].message.startswith(
        "2,000,000 cells beyond the last column (2 named in the header), the first in column 3"
    )
    assert table.findings[1].message.startswith("a cell beyond the last column")
    assert [r.cells["name"].text for r in table.rows] == ["Goblin", "Imp"]


def test_a_yaml_cards_keys_past_the_column_limit_are_one_finding(tmp_path: Path) -> None:
    keys = ", ".join(f"k{i}: 1" for i in range(500))
    table = read_table(table_at(tmp_path, f"- {{{keys}}}\n", "cards.yaml"))
    [found] = table.findings
    assert found.code == "too-many-values" and found.location.line == 1
    assert "(400 keys of this card are past it)" in found.message
    assert len(table.columns) == 100


def test_findings_are_capped_per_file_and_capping_again_changes_nothing() -> None:
    from kitgen.model.findings import Location, capped, finding, warning

    many = [finding("wrong-type", f"row {n}", Location("a.csv", n, 2)) for n in range(1, 31)]
    many += [warning("outside-safe", f"w {n}", Location("a.csv", 40 + n)) for n in range(5)]
    others = [finding("unknown-key", "k", Location("b.yaml", 3, 1))]
    notes = [warning("outside-safe", f"w {n}", Location("c.yaml", n)) for n in range(1, 13)]
    out = capped([*many, *others, *notes], 10)
    assert [f.location.path for f in out if f.location] == (
        ["a.csv"] * 11 + ["b.yaml"] + ["c.yaml"] * 11
    )
    a_count, c_count = out[10], out[-1]
    assert (a_count.code, a_count.severity, a_count.location) == (
        "too-many-findings",
        "error",
        Location("a.csv", 11, 2),
    )
    assert a_count.message.startswith("25 more findings (20 errors, 5 warnings) from here on")
    assert (c_count.severity, c_count.location) == ("warning", Location("c.yaml", 11))
    assert capped(out, 10) == out
    assert capped(many[:10], 10) == many[:10]


# -- issue 37: the spreadsheet as it is ---------------------------------------------------


def test_a_formulas_empty_string_is_an_empty_cell_and_no_value_counts_where_read(
    tmp_path: Path,
) -> None:
    from kitgen.games.designed.fields import FieldSpec, check_cards

    sheet = (
        f"<row r='1'>{inline('A1', 'name')}{inline('B1', 'note')}{inline('C1', 'VP + Climb')}"
        "</row>"
        # =IF(..., "x", ""): the empty string the formula gave, saved as text.
        f"<row r='2'>{inline('A2', 'Goblin')}<c r='B2' t='str'><f>IF(0,\"x\",\"\")</f><v></v>"
        "</c><c r='C2'><f>1+1</f><v></v></c></row>"  # an analysis formula never calculated
        f"<row r='3'>{inline('A3', 'Imp')}<c r='B3'><f>A3&amp;\"!\"</f></c>"
        "<c r='C3'><f>2+2</f><v>4</v></c></row>"
    )
    table = read_table(zipped(tmp_path, xlsx_parts(sheet)))
    assert table.findings == []
    assert [{k: c.text for k, c in r.cells.items()} for r in table.rows] == [
        {"name": "Goblin"},  # (a row's cells end at its last value)
        {"name": "Imp", "note": "", "VP + Climb": "4"},
    ]
    fields = {"name": FieldSpec(type="text"), "note": FieldSpec(type="text", required=False)}
    checked = check_cards(table, fields)
    # The note's formula saved without a value is found (the field reads it); the
    # analysis column's is not, and the empty string is an empty value.
    assert [(f.code, f.location.place) for f in checked.findings if f.location] == [
        ("invalid-value", "Cards!B3")
    ]
    assert [c.values for c in checked.cards] == [{"name": "Goblin"}, {"name": "Imp"}]
    assert [c.text for c in checked.ignored] == ["VP + Climb"]


def json_table(tmp_path: Path, text: str, name: str = "cards.json"):  # type: ignore[no-untyped-def]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_table(str(path))


@pytest.mark.parametrize("name", ["cards.json", "cards.txt", "cards", "cards.csv"])
def test_json_cards_are_read_as_json_whatever_the_name(tmp_path: Path, name: str) -> None:
    text = (
        '[\n  {"name": "Goblin", "cost": 2, "icons": ["sword", "shield"], "rare": false},\n'
        '  {"name": "Imp, the Small", "cost": null}\n]\n'
    )
    table = json_table(tmp_path, text, name)
    assert table.findings == []
    assert list(table.columns) == ["name", "cost", "icons", "rare"]
    assert [{k: c.text for k, c in r.cells.items()} for r in table.rows] == [
        {"name": "Goblin", "cost": "2", "icons": "sword shield", "rare": "false"},
        {"name": "Imp, the Small", "cost": ""},  # one cell: never split at its comma
    ]
    # Each value at its line and column, each card at its brace.
    assert where(table.rows[1].cells["name"]) == (3, 12)
    assert where(table.rows[1]) == (3, 3)
    assert where(table.columns["icons"]) == (2, 33)


def test_a_json_object_holding_one_list_of_cards(tmp_path: Path) -> None:
    text = '{"deck": "Base", "version": [1, 2],\n "cards": [{"text": "A."}, {"text": "B."}]}'
    table = json_table(tmp_path, text)
    assert table.findings == []
    assert [r.cells["text"].text for r in table.rows] == ["A.", "B."]
    assert where(table.rows[1].cells["text"]) == (2, 37)
    # A party game's compact file (JSON Against Humanity's shape): answers as strings,
    # prompts as objects, packs as an object of objects: the prompts are its cards.
    compact = (
        '{"white": ["An answer.", "Another."], "black": [{"text": "Why _?", "pick": 1}],'
        ' "packs": {"base": {"name": "Base", "white": [0, 1], "black": [0]}}}'
    )
    table = json_table(tmp_path, compact)
    assert table.findings == [] and list(table.columns) == ["text", "pick"]
    assert [r.cells["text"].text for r in table.rows] == ["Why _?"]
    two = json_table(tmp_path, '{"white": [{"text": "A."}], "black": [{"text": "B."}]}')
    [found] = two.findings
    assert found.code == "wrong-type" and "2 lists of cards ('white', 'black')" in found.message


@pytest.mark.parametrize(
    ("text", "code", "place"),
    [
        ('[{"name": "Goblin",}]', "yaml-syntax", (1, 20)),
        ('{"name": "Goblin"}', "wrong-type", (1, 1)),
        ("\n  42", "wrong-type", (2, 3)),
        ('[{"name": {"first": "Go"}}]', "wrong-type", (1, 11)),
        ('[{"name": "Go", "name": "Gob"}]', "duplicate-key", (1, 17)),
        ('[\n  "Goblin"]', "wrong-type", (2, 3)),
        ('[{"name": "\\ud800"}]', "invalid-value", (1, 11)),
        ("[" * 100_000, "yaml-too-deep", (1, 1)),
    ],
)
def test_bad_json_is_a_finding_at_its_place(
    tmp_path: Path, text: str, code: str, place: tuple[int, int]
) -> None:
    table = json_table(tmp_path, text)
    assert [(f.code, f.location.line, f.location.column) for f in table.findings] == [
        (code, *place)
    ]


def test_json_cards_keep_the_table_limits(tmp_path: Path) -> None:
    limits = TableLimits(max_rows=2, max_columns=2, max_cell=5)
    text = '[{"a": "123456", "b": 1, "c": 2, "d": 3}, {}, {"a": "x"}]'
    path = tmp_path / "cards.json"
    path.write_text(text, encoding="utf-8")
    table = read_table(str(path), limits)
    assert [(f.code, f.location.column) for f in table.findings] == [
        ("string-too-long", 8),
        ("too-many-values", 31),  # keys past the column limit: one finding, at the first
        ("too-many-values", 47),  # the row past the limit, and reading stops
    ]
    assert "2 keys of this card are past it" in table.findings[1].message
    assert len(table.rows) == 2


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=80, deadline=None)
@given(
    value=json_values,
    cut=st.integers(min_value=0, max_value=200),
    indent=st.sampled_from([None, 1]),
)
def test_any_json_or_a_piece_of_it_is_cards_or_findings_never_an_error(
    tmp_path_factory: pytest.TempPathFactory, value: object, cut: int, indent: int | None
) -> None:
    """Whatever JSON a file holds, whole or cut short, reading it raises nothing: each
    problem is a finding inside the file, and every cell read is where its value is."""
    import json

    text = json.dumps(value, indent=indent, ensure_ascii=False)
    folder = tmp_path_factory.mktemp("j")
    for written in (text, text[:cut]):
        path = folder / "cards.json"
        path.write_text(written, encoding="utf-8")
        table = read_table(str(path))
        lines = written.split("\n")
        for f in table.findings:
            assert f.location is not None and 1 <= f.location.line <= len(lines)
        for row in table.rows:
            for cell in row.cells.values():
                line = lines[cell.where.line - 1]
                start = cell.where.column - 1
                # A value starts where its cell says: a string's quote, a number, a list.
                assert line[start] in '"-[0123456789tfn', (written, cell)


def test_a_yaml_mapping_holding_one_list_of_cards(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("version: 2\ncards:\n  - {name: Goblin}\n  - {name: Imp}\n", encoding="utf-8")
    table = read_table(str(path))
    assert table.findings == []
    assert [(r.cells["name"].text, where(r.cells["name"])) for r in table.rows] == [
        ("Goblin", (3, 12)),
        ("Imp", (4, 12)),
    ]
