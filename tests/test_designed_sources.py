"""A designed game's card data as designers keep it (issue 37, item 1): a workbook with
analysis columns and headers of its own, a JSON list, several files or sheets feeding
one game, read with no converter; every mistake a finding at its place."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import run_in_process
from test_designed_game import build, check, codes, edit

from kitgen.entry import main

openpyxl = pytest.importorskip("openpyxl")


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A fresh starter game (`kitgen new game "Star Lanterns" --game custom`)."""
    status, _out, err = run_in_process(
        main, "new", "game", "Star Lanterns", "--game", "custom", "--dir", str(tmp_path)
    )
    assert status == 0, err
    return tmp_path / "star-lanterns"


def squib_workbook(path: Path) -> None:
    """A Squib designer's workbook: a sheet of specials with its analysis columns (one a
    formula no program calculated), a sheet of resources with other headers, and a
    notes sheet."""
    book = openpyxl.Workbook()
    specials = book.active
    specials.title = "Specials"
    specials.append(["Name", "Suit", "Est. Power", "Rules", "Quantity", "VP + Climb", "Notes"])
    specials.append(["Comet", "sun", 4, "Fly.", 2, "=C2+1", "too strong?"])
    specials.append(["Eclipse", "moon", 6, "Hide.", 1, "=C3+1", None])
    resources = book.create_sheet("Resources")
    resources.append(["name", "SUIT", "Est. Power", "quantity"])
    resources.append(["Ore", "moon", 1, 3])
    book.create_sheet("Notes").append(["playtest 3: fine"])
    book.save(path)


def use_sources(game: Path, sources: str, extra: str = "") -> None:
    edit(game / "game.yaml", "cards: cards.csv\n", f"cards: {sources}\ncopies: quantity\n{extra}")
    edit(game / "game.yaml", "max: 9}", 'max: 9, column: "Est. Power"}')


def test_a_workbooks_sheets_and_a_json_list_feed_one_game_as_they_are(
    game: Path, tmp_path: Path
) -> None:
    squib_workbook(game / "deck.xlsx")
    promo = {"set": "promo", "cards": [{"name": "Star", "suit": "sun", "Est. Power": 9}]}
    (game / "promo.txt").write_text(json.dumps(promo), encoding="utf-8")
    use_sources(
        game,
        "[{file: deck.xlsx, sheet: Specials}, {file: deck.xlsx, sheet: Resources}, promo.txt]",
    )
    assert check(game / "game.yaml") == (0, [])
    status, out, _err = run_in_process(main, "check", "--stats", str(game / "game.yaml"))
    assert status == 0
    assert out.splitlines() == [
        f"{game / 'game.yaml'}: 7 cards from 3 sources",
        f"  {game / 'deck.xlsx'} (sheet Specials): 2 rows",
        "    columns no field reads (ignored): VP + Climb, Notes",
        f"  {game / 'deck.xlsx'} (sheet Resources): 1 row",
        f"  {game / 'promo.txt'}: 1 row",
    ]
    status, out, _err = run_in_process(
        main, "check", "--stats", "--format", "json", str(game / "game.yaml")
    )
    [entry] = json.loads(out)["files"]
    assert entry["stats"]["cards"] == 7
    assert [s["ignored"] for s in entry["stats"]["sources"]] == [["VP + Climb", "Notes"], [], []]
    # It prints what the same cards typed into one CSV print, card for card.
    status, _out, err = build(str(game / "kit.yaml"), "-o", str(tmp_path / "sources"))
    assert status == 0, err
    rows = [
        "name,suit,power,rules,count",
        "Comet,sun,4,Fly.,2",
        "Eclipse,moon,6,Hide.,1",
        "Ore,moon,1,,3",
        "Star,sun,9,,1",
    ]
    (game / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    text = (game / "game.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
    (game / "game.yaml").write_text(
        "".join(
            "cards: cards.csv\n" if line.startswith("cards:") else line
            for line in text
            if not line.startswith("copies:")
        ).replace(', column: "Est. Power"', ""),
        encoding="utf-8",
    )
    assert check(game / "game.yaml") == (0, [])
    status, _out, err = build(str(game / "kit.yaml"), "-o", str(tmp_path / "csv"))
    assert status == 0, err
    pdf = Path("star-lanterns", "star-lanterns-cards.pdf")
    assert (tmp_path / "sources" / pdf).read_bytes() == (tmp_path / "csv" / pdf).read_bytes()


def test_a_column_or_copies_naming_no_column_is_found_in_the_game_file(game: Path) -> None:
    squib_workbook(game / "deck.xlsx")
    use_sources(game, "{file: deck.xlsx, sheet: Specials}")
    edit(game / "game.yaml", 'column: "Est. Power"', 'column: "Est Power"')
    edit(game / "game.yaml", "copies: quantity", "copies: quantty")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert codes(found) == [
        ("missing-key", "game.yaml", 24, 50),
        ("missing-key", "game.yaml", 31, 9),
    ]
    column, copies = (str(f["message"]) for f in found)
    assert column.startswith(
        "'Est Power', the column of the field 'power', is no column of "
    ) and column.endswith(
        "deck.xlsx (sheet 'Specials') (did you mean 'Est. Power'?); its columns: 'Name', "
        "'Suit', 'Est. Power', 'Rules', 'Quantity', 'VP + Climb', 'Notes'"
    )
    assert "the column of each card's copies" in copies and "(did you mean 'Quantity'?)" in copies


def test_a_strict_game_finds_every_column_no_field_reads(game: Path) -> None:
    squib_workbook(game / "deck.xlsx")
    use_sources(game, "{file: deck.xlsx, sheet: Specials}", "strict: true\n")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert [(f["code"], f["sheet"], f["line"], f["column"]) for f in found] == [
        ("unknown-key", "Specials", 1, 6),
        ("unknown-key", "Specials", 1, 7),
    ]
    # Strict, the analysis formula's missing value is found too: its column is read.
    edit(game / "game.yaml", "strict: true", "strict: false")
    assert check(game / "game.yaml") == (0, [])


def test_a_formula_a_field_reads_without_its_value_is_found(game: Path) -> None:
    squib_workbook(game / "deck.xlsx")
    use_sources(game, "{file: deck.xlsx, sheet: Specials}")
    edit(game / "game.yaml", 'column: "Est. Power"', 'column: "VP + Climb"')
    status, found = check(game / "game.yaml")
    assert status == 1
    assert [(f["code"], f["sheet"], f["line"], f["column"]) for f in found] == [
        ("invalid-value", "Specials", 2, 6),
        ("invalid-value", "Specials", 3, 6),
    ]
    assert "(=C2+1) saved without its value" in str(found[0]["message"])


@pytest.mark.parametrize(
    ("cards", "code", "column"),
    [
        ("[cards.csv, ./cards.csv]", "duplicate-key", 20),
        ("[deck.xlsx, {file: deck.xlsx, sheet: Specials}]", "duplicate-key", 20),
        ("[cards.csv, 3]", "wrong-type", 20),
        ("[]", "out-of-range", 8),
        ("[cards.csv, {file: cards.csv, shet: x}]", "unknown-key", 38),
    ],
)
def test_bad_sources_are_found_where_written(
    game: Path, cards: str, code: str, column: int
) -> None:
    squib_workbook(game / "deck.xlsx")
    edit(game / "game.yaml", "cards: cards.csv\n", f"cards: {cards}\n")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert (code, "game.yaml", 30, column) in codes(found)


def test_two_fields_or_the_copies_reading_one_column_are_found(game: Path) -> None:
    edit(game / "game.yaml", "max: 9}", "max: 9, column: SUIT}")
    edit(game / "game.yaml", "  rules: {", "  rules: {column: suit, ")
    edit(game / "game.yaml", "cards: cards.csv\n", "cards: cards.csv\ncopies: NAME\n")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert [c for c in codes(found) if c[1] == "game.yaml"] == [
        ("duplicate-key", "game.yaml", 25, 19),  # rules's column is power's too
        ("duplicate-key", "game.yaml", 31, 9),  # the copies' column is name's
    ]
    messages = [str(f["message"]) for f in found]
    assert "the fields 'power' and 'rules' both read the column 'suit'" in "".join(messages)


def test_a_json_list_of_1557_cards_builds_with_no_converter(game: Path, tmp_path: Path) -> None:
    # A party game's text deck kept as a JSON list, as a designer keeps it: 1,557
    # cards with keys of their own beside the fields, in a file whose name says .json.
    cards = [
        {
            "id": i,
            "name": f"Card {i}",
            "suit": ("sun", "moon")[i % 2],
            "power": i % 10,
            "rules": f"Prompt number {i}: say something about the sun.",
            "pack": "base" if i < 1_000 else "expansion",
        }
        for i in range(1, 1_558)
    ]
    (game / "deck.json").write_text(json.dumps({"version": 3, "cards": cards}), encoding="utf-8")
    edit(game / "game.yaml", "cards: cards.csv", "cards: deck.json")
    assert check(game / "game.yaml") == (0, [])
    status, out, _err = run_in_process(main, "check", "--stats", str(game / "game.yaml"))
    assert out.splitlines()[:3] == [
        f"{game / 'game.yaml'}: 1557 cards from 1 source",
        f"  {game / 'deck.json'}: 1557 rows",
        "    columns no field reads (ignored): id, pack",
    ]
    status, _out, err = build(str(game / "kit.yaml"), "-o", str(tmp_path / "out"))
    assert status == 0, err
    import pypdfium2

    pdf = pypdfium2.PdfDocument(tmp_path / "out" / "star-lanterns" / "star-lanterns-cards.pdf")
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    printed = {int(n) for n in re.findall(r"Prompt number (\d+):", text)}
    assert printed == set(range(1, 1_558))  # every card, once each
    pdf.close()


def test_all_sources_share_the_row_limit(game: Path) -> None:
    # 10,000 rows in all (as many cards as one file prints): a second file past them is
    # found at its first row past the limit, a third at its entry in the game file.
    rows = "".join(f"Card {i},sun,1,\n" for i in range(6_000))
    for name in ("a.csv", "b.csv", "c.csv"):
        (game / name).write_text("name,suit,power,rules\n" + rows, encoding="utf-8")
    edit(game / "game.yaml", "cards: cards.csv", "cards: [a.csv, b.csv, c.csv]")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert codes(found) == [
        ("too-many-values", "b.csv", 4_002, 1),  # its 4,001st row: the 10,001st in all
        ("too-many-values", "game.yaml", 30, 23),
    ]
    assert str(found[0]["message"]) == (
        "the table and the game's card data sources before it (6,000 rows) hold more than "
        "10,000 rows of cards; kitgen reads up to 10,000 in all"
    )
    assert "before this one hold 10,000 rows" in str(found[1]["message"])
