"""A real text deck kept as a JSON list, read as its source keeps it (issue 37): the
first 1,557 questions of an Open Trivia Database dump (CC BY-SA 4.0; the source and
licence are in tests/fixtures/opentdb/README.md), an object holding the list
(`{"results": [...]}`), its text written with HTML character references (`&quot;`,
`&#039;`, `Pok&eacute;mon`) as the database's API writes it by default.

A trivia game is designed around it as a designer would: the keys a card prints are
fields, the others (`type`, `incorrect_answers`) are left alone; the data has no
copies key (one card a question). The text is wrapped and shrunk to fit a poker card.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import run_in_process
from test_designed_game import build, check

from kitgen.entry import main

pypdfium2 = pytest.importorskip("pypdfium2")

DATA = Path(__file__).parent / "fixtures" / "opentdb" / "questions.json"
CARDS = 1_557
PER_SHEET = 8  # poker cards on an A4 sheet

GAME = """\
game: trivia-night
kind: game
title: Trivia Night
players: {min: 2, max: 8}
playing_time: 30 minutes
summary: Read the question aloud; the first to give the right answer keeps the card.
fields:
  question: {type: text, max_length: 400}
  correct_answer: {type: text, max_length: 120}
  category: {type: text, max_length: 60}
  difficulty: {type: choice, values: [easy, medium, hard]}
name_field: question
cards: {file: questions.json, decode: html}
face: face.yaml
back: back.yaml
"""

FACE = """\
game: trivia-night
kind: layout
size: poker
bleed: 3mm
safe: 3mm
background: {difficulty: {easy: "#eef6e4", medium: "#fdf3dc", hard: "#f8e1dc"}}
elements:
  - type: text
    text: "{{ category }}"
    x: 4mm
    y: 4mm
    width: 84%
    height: 6mm
    size: 8
    min_size: 4
    bold: true
  - type: text
    text: "{{ question }}"
    x: 5mm
    y: 12mm
    width: 84%
    height: 52mm
    size: 13
    min_size: 6
    align: centre
    valign: middle
  - type: text
    text: "{{ correct_answer }}"
    anchor: bottom
    y: 6mm
    width: 84%
    height: 12mm
    size: 10
    min_size: 5
    italic: true
    align: centre
    valign: middle
"""

BACK = """\
game: trivia-night
kind: layout
background: "#1c2550"
elements:
  - type: text
    text: Trivia Night
    anchor: centre
    width: 80%
    height: 20mm
    size: 20
    bold: true
    colour: "#ffffff"
    align: centre
    valign: middle
"""

KIT = """\
game: trivia-night
kind: kit
name: Trivia Night
components: [cards]
settings: {paper: a4, duplex: long}
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("trivia") / "trivia-night"
    folder.mkdir()
    shutil.copyfile(DATA, folder / "questions.json")  # byte for byte, as its source has it
    for name, text in (("game", GAME), ("face", FACE), ("back", BACK), ("kit", KIT)):
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def questions() -> list[dict[str, object]]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assert list(data) == ["results"] and len(data["results"]) == CARDS
    return list(data["results"])


def test_the_dump_checks_clean_and_its_unread_keys_are_listed(game: Path) -> None:
    assert check(game / "game.yaml") == (0, [])
    status, out, _err = run_in_process(main, "check", "--stats", str(game / "game.yaml"))
    assert status == 0
    assert out.splitlines()[:3] == [
        f"{game / 'game.yaml'}: {CARDS} cards from 1 source",
        f"  {game / 'questions.json'}: {CARDS} rows",
        "    columns no field reads (ignored): type, incorrect_answers",
    ]


def test_every_question_prints_once_with_its_characters_decoded(
    game: Path, tmp_path: Path, questions: list[dict[str, str]]
) -> None:
    status, _out, err = build(str(game / "kit.yaml"), "-o", str(tmp_path / "out"))
    assert status == 0, err
    pdf = pypdfium2.PdfDocument(tmp_path / "out" / "trivia-night" / "trivia-night-cards.pdf")
    sheets = -(-CARDS // PER_SHEET)
    assert len(pdf) == 2 * sheets  # each sheet's fronts, then its backs (duplex)
    fronts = [pdf[i].get_textpage().get_text_range() for i in range(0, len(pdf), 2)]
    pdf.close()
    # The text as a reader sees it: `&quot;` is a quotation mark, `Pok&eacute;mon`
    # Pokémon, `&pi;` π; letters written as themselves (ń, ī, ō, ș) print as themselves,
    # never as `?` (the check above found no character kitgen's fonts lack).
    printed = flat("".join(fronts))
    assert not re.search(r"&(?:#[0-9]+|[A-Za-z]+);", printed)
    # Every card: each question is on the sheets' fronts.
    asked = [flat(html.unescape(q["question"])) for q in questions]
    assert [q for q in asked if q not in printed] == []
    for text in (
        'The band "Panic! At the Disco" has released 4 albums total',
        "In which ocean is the Réunion island?",
        "The formerly East-Prussian city of Königsberg is known as which Russian City today?",
        "What is the area of a circle with a diameter of 20 inches if π= 3.1415?",
        "What do you declare in Rīchi Mahjong when you've drawn your winning tile?",
        'In Naruto: Shippuden, which of the following elements is a "Kekkei Tōta?"',
        "In what year did Steaua București win the European Cup",
        "Gdańsk",
    ):
        assert flat(text) in printed, text


def flat(text: str) -> str:
    """Text with its spaces, line breaks and hyphens aside (a line broken in a word;
    pdfium marks such a break U+FFFE, and a soft hyphen, `&shy;`, is U+00AD)."""
    return re.sub(r"[\s\-\u00ad\ufffe\x02]", "", text)
