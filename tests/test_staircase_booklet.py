"""The Staircase game's rule booklet: the shipped rules check clean, every figure's claim
is checked with the rules on its line, and the figures print the engine's own numbers."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from conftest import line_of, write

from kitgen import registry
from kitgen.build import game_figures
from kitgen.games.staircase.figure_args import (
    StaircaseArgs,
    TurnArgs,
    breakdown,
    parse_move,
    read_staircase,
    read_turn,
)
from kitgen.games.staircase.figures import staircase_figures
from kitgen.games.staircase.rules import score_staircase
from kitgen.kit import check_file
from kitgen.layout.paper import paper_size
from kitgen.layout.units import MM
from kitgen.load.documents import read_document
from kitgen.load.rules import blocks, game_context
from kitgen.model.findings import Finding
from kitgen.model.rules import RulesFile
from kitgen.model.standard import Card
from kitgen.paths import game_dir
from kitgen.render.booklet import BookletFacts, booklet_pdfs
from kitgen.render.pdf import finish, new_canvas

RULES = game_dir("staircase") / "rules.yaml"
ANA = ["AS", "JD", "QC", "KH", "AH", "AC", "AD"]  # the seed's 220: base 180 + a 4-card sequence
BO = ["QD", "9C", "10S", "JS", "KC"]  # the seed's 110: base 80 + a 3-card sequence

RULES_HEAD = """\
game: staircase
kind: rules
title: Figures
sections:
  - title: Figures
    blocks:
"""


def errors(path: str) -> list[Finding]:
    return [f for f in check_file(path).findings if f.is_error]


def figure_block(name: str, args: str) -> str:
    return f"      - figure: {name}\n        args:\n" + textwrap.indent(args, " " * 10)


def located(found: list[Finding]) -> list[tuple[str, int]]:
    return [(f.code, f.location.line if f.location else 0) for f in found]


def cards_args(cards: list[str], total: int) -> str:
    return "cards:\n" + "".join(f"  - {c}\n" for c in cards) + f"total: {total}\n"


# --- The shipped rules -----------------------------------------------------------------------


def test_the_shipped_rules_check_clean() -> None:
    report = check_file(str(RULES))
    assert report.ok and not report.findings, [str(f) for f in report.findings]


def shipped() -> RulesFile:
    doc = read_document(str(RULES))
    assert isinstance(doc.model, RulesFile)
    return doc.model


def test_every_figure_named_is_drawn() -> None:
    figures = staircase_figures()
    assert set(figures.painters) == set(figures.sizes) == set(registry.get("staircase").figure_args)
    assert set(game_figures("staircase").painters) == set(figures.painters)
    named = {b.figure for b in blocks(shipped()) if b.figure is not None}
    assert named == {"staircase", "turn"}
    assert named <= set(figures.painters)


def test_the_booklet_shows_the_seeds_example_and_every_action() -> None:
    figs = [b for b in blocks(shipped()) if b.figure is not None]
    totals = {
        read_staircase(StaircaseArgs.model_validate(b.args)).score.total  # type: ignore[union-attr]
        for b in figs
        if b.figure == "staircase"
    }
    assert {220, 110} <= totals
    moves = [read_turn(TurnArgs.model_validate(b.args)) for b in figs if b.figure == "turn"]
    actions = {t.move.action for t in moves if t.move is not None}
    assert actions == {"build", "scrap", "recycle", "interfere"}
    assert any(t.verdict is not None for t in moves)  # one move the rules forbid, shown as such


# --- Claims checked on their lines ------------------------------------------------------------


def test_a_wrong_total_is_found_on_its_line(tmp_path: Path) -> None:
    path = write(
        tmp_path, "rules.yaml", RULES_HEAD + figure_block("staircase", cards_args(ANA, 200))
    )
    found = errors(path)
    assert located(found) == [("invalid-value", line_of(path, "total: 200"))]
    real = score_staircase([Card.parse(c) for c in ANA])
    assert f"scores {real.total}" in found[0].message
    assert breakdown(real) in found[0].message
    right = write(
        tmp_path, "right.yaml", RULES_HEAD + figure_block("staircase", cards_args(ANA, real.total))
    )
    assert errors(right) == []


def test_a_missing_total_is_asked_for(tmp_path: Path) -> None:
    path = write(tmp_path, "rules.yaml", RULES_HEAD + figure_block("staircase", "cards: [5H]\n"))
    assert [f.code for f in errors(path)] == ["missing-key"]


def test_an_unknown_card_is_found_on_its_line(tmp_path: Path) -> None:
    cards = ["5H", "6S", "1Z", "8C"]
    path = write(
        tmp_path, "rules.yaml", RULES_HEAD + figure_block("staircase", cards_args(cards, 0))
    )
    found = errors(path)
    # The total cannot be verified without every card, so only the card is reported.
    assert located(found) == [("unknown-card", line_of(path, "- 1Z"))]
    assert "1Z" in found[0].message


def test_a_joker_and_a_repeated_card_are_refused(tmp_path: Path) -> None:
    cards = ["5H", "RJ", "7D", "5h"]
    path = write(
        tmp_path, "rules.yaml", RULES_HEAD + figure_block("staircase", cards_args(cards, 0))
    )
    assert sorted(located(errors(path))) == [
        ("card-twice", line_of(path, "- 5h")),
        ("joker-in-play", line_of(path, "- RJ")),
    ]


TURN = """\
move: recycle 3C
hand: [3C, 9H]
staircase: [5H, 6S, 7D]
scrap_pile: [8S]
"""


def test_a_legal_turn_checks_clean_and_a_forbidden_one_is_found(tmp_path: Path) -> None:
    ok = write(tmp_path, "ok.yaml", RULES_HEAD + figure_block("turn", TURN))
    assert errors(ok) == []
    empty = TURN.replace("scrap_pile: [8S]\n", "")
    path = write(tmp_path, "empty.yaml", RULES_HEAD + figure_block("turn", empty))
    found = errors(path)
    assert located(found) == [("illegal-move", line_of(path, "move: recycle"))]
    assert "scrap pile is empty" in found[0].message
    # Shown as forbidden, it checks clean; a legal move claimed forbidden does not.
    marked = write(
        tmp_path, "marked.yaml", RULES_HEAD + figure_block("turn", empty + "legal: false\n")
    )
    assert errors(marked) == []
    wrong = write(
        tmp_path, "wrong.yaml", RULES_HEAD + figure_block("turn", TURN + "legal: false\n")
    )
    assert located(errors(wrong)) == [("invalid-value", line_of(wrong, "legal: false"))]


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        ({"move": "build 7H", "hand": ["2C", "9S"]}, "7H is not in the hand"),
        ({"move": "scrap 2C build 2C", "hand": ["2C", "9S"]}, "two different cards"),
        ({"move": "scrap 2C build 9S", "hand": ["2C"]}, "9S is not in the hand"),
        (
            {"move": "interfere 3S 9H ana", "player": "Ana", "hand": ["3S", "9H"]},
            "never with themselves",
        ),
    ],
)
def test_the_turn_check_follows_the_rules_decisions(args: dict[str, Any], reason: str) -> None:
    figure = read_turn(TurnArgs.model_validate(args))
    assert figure.verdict is not None and reason in figure.verdict
    assert [code for _, code, _ in figure.issues] == ["illegal-move"]
    allowed = read_turn(TurnArgs.model_validate({**args, "hand": ["2C", "9S", "7H", "3S", "9H"]}))
    if "two different" not in reason and "themselves" not in reason:
        assert allowed.verdict is None and not allowed.issues


def test_a_turns_extra_claims_must_fit_its_move() -> None:
    scrap = {"move": "scrap 2C build 7H", "hand": ["2C", "7H"], "depot": 0, "draw": "8C"}
    codes = [(path, code) for path, code, _ in read_turn(TurnArgs.model_validate(scrap)).issues]
    assert codes == [(("draw",), "invalid-value")]  # an empty depot gives nothing to draw
    interfere = {"move": "interfere 3S 9H bo", "hand": ["3S", "9H"], "choice": "KD"}
    codes = [(path, code) for path, code, _ in read_turn(TurnArgs.model_validate(interfere)).issues]
    assert codes == [(("choice",), "invalid-value")]
    mine = {**interfere, "choice": "9H", "staircase": ["5C"]}
    codes = [(path, code) for path, code, _ in read_turn(TurnArgs.model_validate(mine)).issues]
    assert codes == [(("staircase",), "invalid-value")]  # the named player's row is drawn
    bad = read_turn(TurnArgs.model_validate({"move": "build", "hand": ["3S"]}))
    assert [(path, code) for path, code, _ in bad.issues] == [(("move",), "move-syntax")]


def test_moves_are_read_forgivingly_and_written_canonically() -> None:
    for text in ("  SCRAP 2c   build th ", "scrap 2C build 10H"):
        assert str(parse_move(text)) == "scrap 2C build 10H"
    assert str(parse_move("interfere 3s 9h bo")) == "interfere 3S 9H bo"
    assert str(parse_move("Recycle 4d")) == "recycle 4D"
    for text in ("choose 9H", "build", "scrap 2C 7H", "build 7X"):
        with pytest.raises(ValueError):
            parse_move(text)


# --- Drawing ----------------------------------------------------------------------------------


def draw(name: str, args: dict[str, Any], ink: str = "normal") -> bytes:
    figures = staircase_figures()
    width, height = figures.sizes[name](args, 120 * MM)
    canvas, buffer = new_canvas("figure")
    canvas.setPageSize((width, height))
    figures.painters[name](canvas, args, width, height, ink)  # type: ignore[arg-type]
    canvas.showPage()
    return finish(canvas, buffer)


def text_of(data: bytes) -> str:
    pdf = pdfium.PdfDocument(data)
    return " ".join(" ".join(p.get_textpage().get_text_range().split()) for p in pdf)


@pytest.mark.parametrize("cards", [ANA, BO, ["QH", "KS", "AD", "2C", "3H"], ["KC", "AD", "2H"]])
def test_the_staircase_figure_prints_the_engines_breakdown(cards: list[str]) -> None:
    score = score_staircase([Card.parse(c) for c in cards])
    text = text_of(draw("staircase", {"cards": cards, "total": score.total, "name": "Ana"}))
    assert breakdown(score) in text
    assert "Ana" in text
    for run in score.runs:
        assert f"sequence of {run.length}: +{run.bonus}" in text
    assert text.count("+") == len(score.runs) + 1  # one per bracket, one in the sum
    # Each card prints its rank twice (index and middle), then its base value under it.
    words = text.split()
    for i, (card, value) in enumerate(zip(score.cards, score.values, strict=True)):
        assert words[3 * i : 3 * i + 3] == [card.rank_text, card.rank_text, str(value)]


def test_a_long_staircase_wraps_and_keeps_its_sequence() -> None:
    cards = ["2H", "3S", "4D", "5C", "6H", "7S", "8D", "9C", "10H", "JS", "QD", "KC", "AH"]
    score = score_staircase([Card.parse(c) for c in cards])
    figures = staircase_figures()
    one_row = figures.sizes["staircase"]({"cards": cards[:5], "total": 0}, 120 * MM)[1]
    two_rows = figures.sizes["staircase"]({"cards": cards, "total": 0}, 120 * MM)[1]
    assert two_rows > 1.6 * one_row
    assert breakdown(score) in text_of(draw("staircase", {"cards": cards, "total": score.total}))


def test_the_turn_figure_names_its_steps_and_verdict() -> None:
    scrap = {
        "move": "scrap 2C build 7D",
        "player": "Ana",
        "hand": ["2C", "7D", "QS"],
        "staircase": ["5H", "6S"],
        "scrap_pile": ["JC"],
        "draw": "8C",
    }
    text = text_of(draw("turn", scrap))
    assert "scrap 2C build 7D" in text
    assert "2C face up onto the scrap pile" in text
    assert "7D to the right end of Ana's staircase" in text
    assert "draw the depot's top card (8C)" in text
    forbidden = {"move": "recycle 3C", "hand": ["3C"], "legal": False}
    words = text_of(draw("turn", forbidden, "low"))
    assert "recycle 3C: not allowed." in words and "scrap pile is empty" in words


# --- The booklet --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def reading() -> bytes:
    context = game_context("staircase")
    facts = BookletFacts("2 to 5", str(context["playing_time"]), "summary")
    pdf, _, found = booklet_pdfs(
        shipped(),
        context,
        staircase_figures(),
        facts,
        paper_size("a5"),
        paper_size("a4").rotated(),
        "normal",
    )
    assert not found, [str(f) for f in found]
    return pdf


def test_the_booklet_gives_the_example(reading: bytes) -> None:
    text = text_of(reading)
    ana = score_staircase([Card.parse(c) for c in ANA])
    assert breakdown(ana) in text
    bo = score_staircase([Card.parse(c) for c in BO])
    assert (ana.total, bo.total) == (220, 110)  # the seed's example, built to match
    assert breakdown(bo) in text


@pytest.mark.parametrize("count", [3, 5, 7])
def test_a_staircase_that_fits_the_width_takes_one_row(count: int) -> None:
    """Cards sized to the width are all in one row at every width that allows it: counted
    again by division, the width's last bit rounded one card off the row (Q K A 2 3 in a
    back cover's column 165.82677165354332 pt wide took two rows and twice the height,
    and the quick reference fell from 7.75 pt in two columns to 7.25 in three)."""
    from kitgen.games.staircase.figures import CARD_GAP, staircase_geometry

    cards = ["QH", "KS", "AD", "2C", "3H", "4S", "5D"][:count]
    widths = [165.82677165354332, 165.8267716535433]
    widths += [count * 8 * MM + (count - 1) * CARD_GAP + k * 0.37 for k in range(200)]
    for width in widths:
        geometry = staircase_geometry({"cards": cards, "total": 0}, width)
        if width >= count * 8 * MM + (count - 1) * CARD_GAP:  # room for them all at 8 mm
            assert geometry.per_row >= count, (width, geometry.per_row)
            assert [row.count for row in geometry.rows] == [count], width


def test_the_pile_labels_stand_apart_in_a_narrow_turn_figure() -> None:
    """Over a turn figure drawn narrow (a back cover's column), SCRAP PILE and DEPOT keep
    PILES_APART (three word spaces) between them, as printed, so that they never read as
    one label (they were 1 mm apart, a word space, and read SCRAP PILE DEPOT)."""
    from kitgen.games.staircase.figures import PILES_APART, paint_turn, turn_geometry

    args = {"player": "you", "hand": ["2C", "7D", "QS"], "staircase": ["5H", "6S"]}
    args["move"] = "scrap 2C build 7D"
    for width in (28 * MM, 33 * MM, 37 * MM, 45 * MM, 60 * MM):
        geo = turn_geometry(args, width)
        c, buffer = new_canvas("turn")
        c.setPageSize((width, geo.height))
        paint_turn(c, args, width, geo.height, "normal")
        text = pdfium.PdfDocument(finish(c, buffer))[0].get_textpage()
        chars = [text.get_text_range(i, 1) for i in range(text.count_chars())]
        line = "".join(chars)
        scrap_end = line.index("SCRAP PILE") + len("SCRAP PILE") - 1
        depot = line.index("DEPOT")
        gap = text.get_charbox(depot)[0] - text.get_charbox(scrap_end)[2]
        assert gap >= PILES_APART - 0.5, (width / MM, gap / MM)
