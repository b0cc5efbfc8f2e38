"""A deck file may name a designed game's cards by number where the designer numbers
them: `"#1-10, 15": 2` gives two copies of each card numbered 1 to 10 and 15 (the
game's `number_field`, else its field `number`)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from conftest import checked, designed_game, pdf_text, run_in_process

from kitgen.entry import main

GAME = designed_game("numbered", "  name: {type: text}\n  number: {type: integer}\n")
FACE = "game: numbered\nkind: layout\nelements:\n  - {type: text, text: '{{ name }}'}\n"
CARDS = "number,name\n" + "".join(f"{n},Card {n}\n" for n in range(1, 13))


def _game(tmp_path: Path, game: str = GAME) -> Path:
    files = {"game.yaml": game, "face.yaml": FACE, "cards.csv": CARDS}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _deck(tmp_path: Path, lines: str) -> Path:
    path = tmp_path / "deck.yaml"
    path.write_text(f"game: numbered\nkind: deck\nname: Numbers\ncards:\n{lines}", "utf-8")
    return path


def test_a_line_names_cards_by_their_numbers(tmp_path: Path) -> None:
    _game(tmp_path)
    deck = _deck(tmp_path, '  "#1-3, 7": 2\n  Card 12: 1\n')
    status, found = checked(deck)
    assert (status, found) == (0, [])
    out = tmp_path / "out"
    status, _, err = run_in_process(main, "build", str(deck), "-o", str(out))
    assert status == 0, err
    printed = Counter(re.findall(r"Card (\d+)", pdf_text(next(out.rglob("*-deck.pdf")))))
    assert printed == {"1": 2, "2": 2, "3": 2, "7": 2, "12": 1}


def test_numbers_no_card_has_and_bad_ranges_are_findings_at_their_lines(tmp_path: Path) -> None:
    _game(tmp_path)
    deck = _deck(tmp_path, '  "#1-2": 1\n  "#40-41": 1\n  "#5-3": 1\n  "#x": 1\n')
    status, found = checked(deck)
    assert status == 1
    assert sorted((line, code) for code, _, _, line, _ in found) == [
        (6, "unknown-card"),  # (no card numbered 40 or 41)
        (7, "invalid-value"),  # (a range that runs backwards)
        (8, "invalid-value"),  # (no number)
    ]


def test_a_game_with_no_numbering_field_says_so(tmp_path: Path) -> None:
    game = GAME.replace("number: {type: integer}", "no: {type: integer}")
    (tmp_path / "cards.csv").write_text("no,name\n1,Card 1\n", "utf-8")
    for name, text in {"game.yaml": game, "face.yaml": FACE}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    deck = _deck(tmp_path, '  "#1": 1\n')
    assert [f[0] for f in checked(deck)[1]] == ["invalid-value"]
    path = tmp_path / "game.yaml"
    path.write_text(game.replace("fields:", "number_field: no\nfields:"), "utf-8")
    assert checked(deck) == (0, [])
    path.write_text(game.replace("fields:", "number_field: name\nfields:"), "utf-8")
    status, found = checked(tmp_path / "game.yaml")
    assert status == 1 and found[0][0] == "invalid-value"


def test_a_card_a_range_names_and_a_line_names_too_is_merged(tmp_path: Path) -> None:
    _game(tmp_path)
    deck = _deck(tmp_path, '  "#1-2": 1\n  Card 1: 1\n')
    status, found = checked(deck)
    assert status == 0 and [f[0] for f in found] == ["merged-entries"]
