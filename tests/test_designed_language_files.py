"""A file of card text per language: a `cards:` source with `language: de` holds the
cards' German text, a row per card, matched to the cards by their name in the game's
first language (its `name@en` column), the fields' German text in their own columns;
`kitgen build --lang de` prints it as it prints `name@de` columns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import checked, edit, pdf_text, run_in_process, starter_in_languages

from kitgen.entry import main
from kitgen.games.designed.load import load_design

CARDS = """name,suit,power,rules,count
Dawn Runner,sun,2,Draw a card.,1
Sun Herald,sun,7,Play first.,1
Night Owl,moon,3,Look at a hand.,1
"""

GERMAN = """name@en,name,rules,notes
Dawn Runner,Morgenläufer,Ziehe eine Karte.,checked by Anna
sun herald,Sonnenbote,Spiele zuerst.,
Night Owl,Nachteule,Sieh dir eine Hand an.,
"""

SOURCES = "cards:\n  - cards.csv\n  - {file: cards-de.csv, language: de}\n"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """The starter game in English and German, its German text in cards-de.csv."""
    folder = starter_in_languages(tmp_path, CARDS)
    edit(folder / "game.yaml", "cards: cards.csv\n", SOURCES)
    (folder / "cards-de.csv").write_text(GERMAN, encoding="utf-8")
    return folder


def _german(game: Path) -> list[dict[str, object]]:
    """Each card's values in the German edition, as the game reads them."""
    design = load_design("star-lanterns", str(game))
    return [dict(card.values) for card in design.edition("de").cards]


def _line_of(path: Path, text: str) -> int:
    """The line of a file that holds `text` (1 for the first)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def test_a_card_text_file_checks_clean(game: Path) -> None:
    assert checked(game) == (0, [])
    german = _german(game)
    assert [card["name"] for card in german] == ["Morgenläufer", "Sonnenbote", "Nachteule"]
    assert german[1]["rules"] == "Spiele zuerst."
    assert german[1]["power"] == 7  # (what the file does not give stays the card's)


def test_build_lang_de_prints_the_card_text_files_text(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, _stdout, err = run_in_process(main, "build", str(game), "--lang", "de", "-o", str(out))
    assert status == 0, err
    text = pdf_text(out / "star-lanterns" / "star-lanterns-de-cards.pdf")
    for german in ("Morgenläufer", "Ziehe eine Karte.", "Sonnenbote", "Sieh dir eine Hand an."):
        assert german in text
    assert "Dawn Runner" not in text and "Draw a card." not in text
    status, _stdout, err = run_in_process(main, "build", str(game), "-o", str(out))
    assert status == 0, err
    english = pdf_text(out / "star-lanterns" / "star-lanterns-cards.pdf")
    assert "Dawn Runner" in english and "Morgenläufer" not in english


def test_check_stats_lists_the_card_text_file(game: Path) -> None:
    status, out, err = run_in_process(main, "check", "--stats", str(game / "game.yaml"))
    assert status == 0, err
    assert f"  {game / 'cards-de.csv'} (de text): 3 rows" in out
    assert "    columns no field reads (ignored): notes" in out


def test_a_sheet_and_a_json_file_are_card_text_files(game: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Deutsch"
    for row in GERMAN.replace("sun herald", "Sun Heral").splitlines():
        sheet.append(row.split(","))
    book.save(game / "cards-de.xlsx")
    edit(
        game / "game.yaml",
        "{file: cards-de.csv, language: de}",
        "{file: cards-de.xlsx, sheet: Deutsch, language: de}",
    )
    status, found = checked(game)
    # The misspelt name (row 3) is no card: an error at its name@en cell, and the card
    # it meant has no German text (a warning at its row of cards.csv).
    assert status == 1
    assert found == [
        ("language-missing-text", "warning", "cards.csv", 3, 1),
        ("unknown-card", "error", "cards-de.xlsx", 3, 1),
    ]
    (game / "cards-de.txt").write_text(
        json.dumps({"language": "de", "cards": [{"name@en": "Night Owl", "name": "Nachteule"}]}),
        encoding="utf-8",
    )
    edit(
        game / "game.yaml",
        "{file: cards-de.xlsx, sheet: Deutsch, language: de}",
        "{file: cards-de.txt, language: DE}",
    )
    status, found = checked(game)
    # Only the names are in it: the others' names have none (read as JSON, by its text).
    assert (status, [f[:3] for f in found]) == (
        0,
        [("language-missing-text", "warning", "cards.csv")] * 2,
    )
    assert [card["name"] for card in _german(game)] == ["Dawn Runner", "Sun Herald", "Nachteule"]


def test_a_row_naming_no_card_and_a_card_with_no_row(game: Path) -> None:
    path = game / "cards-de.csv"
    path.write_text(GERMAN.replace("Night Owl,", "Night Fowl,"), encoding="utf-8")
    status, found = checked(game)
    assert status == 1
    assert found == [
        ("language-missing-text", "warning", "cards.csv", 4, 1),  # Night Owl: no row
        ("unknown-card", "error", "cards-de.csv", 4, 1),  # at its name@en cell
    ]
    assert _german(game)[2]["name"] == "Night Owl"  # (the English text, then)


def test_an_empty_cell_is_a_warning_at_it_and_prints_the_first_languages_text(
    game: Path,
) -> None:
    path = game / "cards-de.csv"
    path.write_text(GERMAN.replace("Spiele zuerst.", ""), encoding="utf-8")
    assert checked(game) == (0, [("language-missing-text", "warning", "cards-de.csv", 3, 3)])
    assert _german(game)[1]["rules"] == "Play first."


def test_a_column_naming_no_field_is_ignored_unless_strict(game: Path) -> None:
    assert checked(game) == (0, [])  # (notes)
    edit(game / "game.yaml", "languages:", "strict: true\nlanguages:")
    assert checked(game) == (1, [("unknown-key", "error", "cards-de.csv", 1, 4)])


def test_a_language_the_game_does_not_print_is_a_finding_at_language(game: Path) -> None:
    edit(game / "game.yaml", "language: de}", "language: fr}")
    line = _line_of(game / "game.yaml", "language: fr}")
    column = (game / "game.yaml").read_text(encoding="utf-8").splitlines()[line - 1].index("fr}")
    assert checked(game) == (1, [("invalid-value", "error", "game.yaml", line, column + 1)])


def test_text_both_a_column_and_a_file_give_is_a_duplicate_at_the_file(game: Path) -> None:
    cards = CARDS.replace("rules,count", "rules,rules@de,count")
    cards = cards.replace("Draw a card.,", "Draw a card.,Zieh eine Karte.,")
    cards = cards.replace("Play first.,", "Play first.,,").replace("a hand.,", "a hand.,,")
    (game / "cards.csv").write_text(cards, encoding="utf-8")
    # Dawn Runner's rules@de is in both; the others' empty rules@de cells are no
    # warning, since the file gives their German rules.
    assert checked(game) == (1, [("duplicate-key", "error", "cards-de.csv", 2, 3)])


def test_a_card_text_file_names_its_cards_in_one_column(game: Path) -> None:
    path = game / "cards-de.csv"
    path.write_text(GERMAN.replace("name@en,", "english,"), encoding="utf-8")
    assert checked(game) == (1, [("missing-key", "error", "cards-de.csv", 1, 1)])
    # Another language's column of a field is no column of a German file.
    path.write_text(GERMAN.replace(",notes", ",rules@de"), encoding="utf-8")
    assert checked(game) == (1, [("unknown-key", "error", "cards-de.csv", 1, 4)])
    # A card's second row in one language; a row with text but no name.
    path.write_text(GERMAN + "Dawn Runner,Morgenrenner,,\n,Niemand,,\n", encoding="utf-8")
    assert checked(game) == (
        1,
        [
            ("duplicate-key", "error", "cards-de.csv", 5, 1),
            ("missing-key", "error", "cards-de.csv", 6, 1),
        ],
    )


def test_a_card_text_files_cells_are_checked_as_the_fields_are(game: Path) -> None:
    long_name = "Morgenläufer der Dämmerung"  # 26 characters: the name field takes 28
    path = game / "cards-de.csv"
    path.write_text(GERMAN.replace("Morgenläufer", long_name + " und mehr"), encoding="utf-8")
    assert checked(game) == (1, [("string-too-long", "error", "cards-de.csv", 2, 2)])


def _in_two_decks(game: Path) -> Path:
    """The game as two decks: lanterns (Dawn Runner, Sun Herald, and cards-de.csv) and
    owls (Night Owl). The game file's path."""
    path = game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    for old in (SOURCES, "face: face.yaml\n", "back: back.yaml\n"):
        assert old in text
        text = text.replace(old, "", 1)
    path.write_text(
        text + "decks:\n"
        "  lanterns:\n"
        "    cards: [cards.csv, {file: cards-de.csv, language: de}]\n"
        "    face: face.yaml\n"
        "  owls:\n"
        "    cards: owls.csv\n"
        "    face: face.yaml\n",
        encoding="utf-8",
    )
    lines = CARDS.splitlines(keepends=True)
    (game / "cards.csv").write_text("".join(lines[:3]), encoding="utf-8")
    (game / "owls.csv").write_text(lines[0] + lines[3], encoding="utf-8")
    return path


def test_a_decks_card_text_file_names_that_decks_cards(game: Path) -> None:
    path = _in_two_decks(game)
    # Night Owl is the owls' card: the lanterns' German file cannot name it.
    assert checked(game) == (1, [("unknown-card", "error", "cards-de.csv", 4, 1)])
    (game / "owls-de.csv").write_text("name@en,name\nNight Owl,Nachteule\n", encoding="utf-8")
    edit(path, "cards: owls.csv", "cards: [owls.csv, {file: owls-de.csv, language: de}]")
    (game / "cards-de.csv").write_text(
        GERMAN.replace("Night Owl,Nachteule,Sieh dir eine Hand an.,\n", ""), encoding="utf-8"
    )
    assert checked(game) == (0, [])
    assert [card["name"] for card in _german(game)] == ["Morgenläufer", "Sonnenbote", "Nachteule"]


def test_a_column_warning_a_file_answers_leaves_the_other_decks_findings(game: Path) -> None:
    _in_two_decks(game)
    # The lanterns' empty rules@de cells, whose German rules cards-de.csv gives, are no
    # warning; the owls' deck, read after, still has its error.
    lines = CARDS.replace("rules,count", "rules,rules@de,count").splitlines(keepends=True)
    rows = [line.replace(".,1", ".,,1") for line in lines[1:3]]
    (game / "cards.csv").write_text(lines[0] + "".join(rows), encoding="utf-8")
    (game / "owls.csv").write_text(CARDS.splitlines()[0] + "\nNight Owl,moon,12,,1\n")
    assert checked(game) == (
        1,
        [
            ("out-of-range", "error", "owls.csv", 2, 3),
            ("unknown-card", "error", "cards-de.csv", 4, 1),
        ],
    )
