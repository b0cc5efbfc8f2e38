"""The Scaffold rule booklet: its rules file checks clean, its board figures are checked
against the engine, and the booklet builds with the game's numbers in its text."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from conftest import line_of, write
from pypdf import PdfReader
from test_build import fonts_of

from kitgen import registry
from kitgen.build import BuildOptions, build, game_figures
from kitgen.games.scaffold.figure_args import ScaffoldBoardArgs, read_scaffold_board
from kitgen.games.scaffold.figures import scaffold_figures
from kitgen.kit import check_file
from kitgen.layout.paper import paper_size
from kitgen.layout.units import MM
from kitgen.load.documents import read_document
from kitgen.load.rules import game_context
from kitgen.model.findings import Finding
from kitgen.model.rules import RulesFile
from kitgen.paths import game_dir
from kitgen.render.booklet import BookletFacts, booklet_pdfs
from kitgen.render.pdf import finish, new_canvas

RULES = game_dir("scaffold") / "rules.yaml"

# Early in the competitive example game (data/scaffold/examples/competitive-game.yaml).
EARLY = [
    ["-", "-", ".", "-", "-"],
    ["-", ".", ".", ".", "-"],
    [".", "AD/4S/4D", "KH/KC", "5H/10C/JH", "."],
    ["-", ".", ".", "2C", "-"],
    ["-", "-", ".", "-", "-"],
]


def errors(path: str) -> list[Finding]:
    return [f for f in check_file(path).findings if f.is_error]


def test_the_shipped_rules_check_clean() -> None:
    report = check_file(str(RULES))
    assert report.ok and not report.findings, [str(f) for f in report.findings]


def test_every_scaffold_figure_is_drawn() -> None:
    figures = scaffold_figures()
    assert (
        set(figures.painters)
        == set(registry.get("scaffold").figure_args)
        == set(figures.sizes)
        == {"board"}
    )


def test_the_build_uses_the_scaffold_figures() -> None:
    assert "board" in game_figures("scaffold").painters


RULES_HEAD = """\
game: scaffold
kind: rules
title: Figures
sections:
  - title: Boards
    blocks:
"""


def figure_block(args: str) -> str:
    return "      - figure: board\n        args:\n" + textwrap.indent(args, " " * 10)


def located(found: list[Finding]) -> list[tuple[str, int]]:
    return [(f.code, f.location.line if f.location else 0) for f in found]


def test_a_wrong_legal_claim_is_found_on_its_line(tmp_path: Path) -> None:
    args = """\
mode: competitive
play: QH@r3c5
legal: true
board:
  - [-, -, ., -, -]
  - [-, ., ., ., -]
  - [., AD/4S/4D, KH/KC, 5H/10C/JH, .]
  - [-, ., ., 2C, -]
  - [-, -, ., -, -]
"""
    path = write(tmp_path, "rules.yaml", RULES_HEAD + figure_block(args))
    found = errors(path)
    assert located(found) == [("illegal-move", line_of(path, "legal: true"))]
    assert "higher than JH at row 3, column 4" in found[0].message
    # The other way round: a legal play claimed illegal.
    path = write(
        tmp_path,
        "rules2.yaml",
        RULES_HEAD + figure_block(args.replace("QH@r3c5", "6D@r4c4").replace("true", "false")),
    )
    found = errors(path)
    assert located(found) == [("invalid-value", line_of(path, "legal: false"))]
    assert "the rules allow it" in found[0].message


def test_an_impossible_board_is_found_on_its_line(tmp_path: Path) -> None:
    args = """\
mode: competitive
board:
  - [-, -, ., -, -]
  - [-, ., ., ., -]
  - [., 5D/4S, KH, ., .]
  - [-, ., ., ., -]
  - [-, -, 9H, -, -]
"""
    path = write(tmp_path, "rules.yaml", RULES_HEAD + figure_block(args))
    # A 4 lying on a 5, and a 9 on r5c3 with nothing joining it to the centre.
    assert sorted(located(errors(path))) == [
        ("space-disconnected", line_of(path, "9H")),
        ("stack-descends", line_of(path, "5D/4S")),
    ]


def test_a_cooperative_play_names_its_player_and_its_claim(tmp_path: Path) -> None:
    args = """\
mode: cooperative
play: 10S@r3c3
board:
  - [., ., ., ., .]
  - [-, ., ., ., -]
  - [-, -, JC, -, -]
  - [-, ., ., ., -]
  - [., ., ., ., .]
"""
    found = errors(write(tmp_path, "rules.yaml", RULES_HEAD + figure_block(args)))
    assert [f.code for f in found] == ["missing-key", "missing-key"]
    claimed = args.replace("play: 10S@r3c3", "play: 10S@r3c3\nplayer: red\nlegal: false")
    assert errors(write(tmp_path, "rules2.yaml", RULES_HEAD + figure_block(claimed))) == []


def test_the_figure_reads_the_board_with_the_engine() -> None:
    args = ScaffoldBoardArgs.model_validate(
        {"mode": "competitive", "board": EARLY, "play": "QH@r3c5", "legal": False}
    )
    figure = read_scaffold_board(args)
    assert not figure.issues
    assert [str(c) for c in figure.stacks[11]] == ["AD", "4S", "4D"]
    assert figure.verdict is not None and "nearer the centre" in figure.verdict


def draw(args: dict[str, Any], ink: str = "normal") -> bytes:
    figures = scaffold_figures()
    width, height = figures.sizes["board"](args, 110 * MM)
    canvas, buffer = new_canvas("figure")
    canvas.setPageSize((width, height))
    figures.painters["board"](canvas, args, width, height, ink)  # type: ignore[arg-type]
    canvas.showPage()
    return finish(canvas, buffer)


def text_of(data: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages)


def test_the_figure_prints_the_verdict_and_names_the_sides() -> None:
    illegal = {"mode": "competitive", "board": EARLY, "play": "QH@r3c5", "legal": False}
    text = text_of(draw({**illegal, "labels": True}))
    assert "QH@r3c5: not allowed." in text
    assert "QH at row 3, column 5 would be higher than JH" in text
    assert "r1" in text and "c5" in text
    legal = text_of(draw({**illegal, "play": "6D@r4c4", "legal": True, "player": "red"}))
    assert "6D@r4c4 by red: allowed." in legal
    coop = {
        "mode": "cooperative",
        "board": [
            [".", ".", ".", ".", "."],
            ["-", ".", ".", ".", "-"],
            ["-", "-", "JC", "-", "-"],
            ["-", ".", ".", ".", "-"],
            [".", ".", ".", ".", "."],
        ],
    }
    for ink in ("normal", "low"):
        words = text_of(draw(coop, ink))
        assert "RED'S" in words and "BLACK'S" in words and "no side" in words


def coverage(data: bytes) -> float:
    image = pdfium.PdfDocument(data)[0].render(scale=0.5, grayscale=True).to_pil().convert("L")
    pixels = image.tobytes()
    return sum(255 - p for p in pixels) / (255 * len(pixels))


def test_low_ink_drops_the_side_fills() -> None:
    coop = {
        "mode": "cooperative",
        "board": [
            ["AH", "AD", "5D/8H", "2S/4S/6C", "3D"],
            ["-", "2H", "6H/10D/10H", "9D", "-"],
            ["-", "-", "JC", "-", "-"],
            ["-", "9C", "JS", "7S/10S", "-"],
            ["3H/4C", "5C", "5S/7C/8D", "AS/4D", "AC"],
        ],
    }
    assert coverage(draw(coop, "low")) < coverage(draw(coop, "normal"))


@pytest.fixture(scope="module")
def booklet() -> tuple[bytes, bytes]:
    doc = read_document(str(RULES))
    rules = doc.model
    assert isinstance(rules, RulesFile)
    context = game_context("scaffold")
    facts = BookletFacts("2", str(context["playing_time"]), "summary")
    reading, saddle, found = booklet_pdfs(
        rules,
        context,
        scaffold_figures(),
        facts,
        paper_size("a5"),
        paper_size("a4").rotated(),
        "normal",
    )
    assert not found, [str(f) for f in found]
    return reading, saddle


def test_the_booklet_states_the_games_numbers_and_examples(booklet: tuple[bytes, bytes]) -> None:
    reading, _ = booklet
    text = " ".join(
        " ".join(page.get_textpage().get_text_range().split())
        for page in pdfium.PdfDocument(reading)
    )
    params = game_context("scaffold")
    assert f"Deal {params['hand_size']} cards to each player" in text
    assert f"put a coin on the {params['turns']} of the turn track" in text
    assert f"at most {params['cap']} face-up cards" in text
    harder = " or ".join(str(n) for n in params["harder_hands"])
    assert f"deal {harder} cards to each player" in text
    assert "Red wins, 8 to 5." in text and "0 - 3 - 0 = -3" in text
    # The figures' verdicts are the engine's own words.
    assert "QH at row 3, column 5 would be higher than JH at row 3, column 4" in text
    assert "Row 4, column 4 is on black's side; red plays only on red's side." in text


def test_the_booklet_embeds_every_font(booklet: tuple[bytes, bytes], tmp_path: Path) -> None:
    reading, saddle = booklet
    for name, data in (("reading.pdf", reading), ("saddle.pdf", saddle)):
        path = tmp_path / name
        path.write_bytes(data)
        fonts = fonts_of(path)
        assert fonts and all(embedded for _, embedded in fonts), (name, fonts)
        assert all("Vera" in base for base, _ in fonts), (name, fonts)


def test_a_rules_file_with_a_wrong_claim_builds_nothing(tmp_path: Path) -> None:
    args = """\
mode: competitive
play: QH@r3c5
legal: true
board:
""" + "".join(f"  - [{', '.join(row)}]\n" for row in EARLY)
    path = write(tmp_path, "rules.yaml", RULES_HEAD + figure_block(args))
    result = build([path], BuildOptions(out=str(tmp_path / "out")))
    assert not result.ok and not result.written
    assert [f.code for f in result.findings if f.is_error] == ["illegal-move"]


def test_the_booklet_follows_changed_parameters() -> None:
    doc = read_document(str(RULES))
    rules = doc.model
    assert isinstance(rules, RulesFile)
    context = {**game_context("scaffold"), "hand_size": 6, "turns": 14, "fewer_turns": [10, 6]}
    facts = BookletFacts("2", "a while", "summary")
    reading, _, found = booklet_pdfs(
        rules,
        context,
        scaffold_figures(),
        facts,
        paper_size("half-letter"),
        paper_size("letter").rotated(),
        "low",
    )
    assert not found
    pages = pdfium.PdfDocument(reading)
    text = " ".join(" ".join(p.get_textpage().get_text_range().split()) for p in pages)
    assert "Deal 6 cards to each player" in text
    assert "25 cards in the competitive game, 21 in the cooperative game" not in text
    assert "27 cards in the competitive game, 23 in the cooperative game" in text
    assert "start the turn track at 10 or 6 instead of 14" in text
