"""The Galliard rule booklet: its rules file checks clean, its figures are read and checked
with the rules, and each figure prints the verdict the rules give."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from conftest import line_of, write

from kitgen import registry
from kitgen.build import game_figures
from kitgen.games.galliard.figure_args import (
    CabalArgs,
    FloorArgs,
    FloorPlay,
    TradeArgs,
    parse_floor_play,
    read_cabal,
    read_floor,
    read_trade,
    why_no_stamp,
)
from kitgen.games.galliard.figures import galliard_figures
from kitgen.kit import check_file
from kitgen.layout.paper import paper_size
from kitgen.layout.units import MM
from kitgen.load.documents import read_document
from kitgen.load.rules import game_context
from kitgen.model.findings import Finding
from kitgen.model.rules import Block, RulesFile, Section
from kitgen.model.standard import Card
from kitgen.paths import game_dir
from kitgen.render.booklet import BookletFacts, booklet_pdfs
from kitgen.render.pdf import finish, new_canvas

RULES = game_dir("galliard") / "rules.yaml"
RULES_HEAD = """\
game: galliard
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


def check(tmp_path: Path, name: str, args: str) -> tuple[str, list[Finding]]:
    path = write(tmp_path, "rules.yaml", RULES_HEAD + figure_block(name, args))
    return path, errors(path)


# --- The shipped booklet ---------------------------------------------------------------------


def test_the_shipped_rules_check_clean() -> None:
    report = check_file(str(RULES))
    assert report.ok and not report.findings, [str(f) for f in report.findings]


def blocks_of(sections: list[Section]) -> list[Block]:
    found: list[Block] = []
    for section in sections:
        for block in section.blocks:
            found.append(block)
            if block.example is not None:
                found += block.example.blocks
        found += blocks_of(section.sections)
    return found


@pytest.fixture(scope="module")
def shipped() -> RulesFile:
    model = read_document(str(RULES)).model
    assert isinstance(model, RulesFile)
    return model


def test_every_figure_named_is_drawn(shipped: RulesFile) -> None:
    figures = galliard_figures()
    assert set(figures.painters) == set(figures.sizes) == set(registry.get("galliard").figure_args)
    assert set(game_figures("galliard").painters) == set(registry.get("galliard").figure_args)
    used = [
        b.figure
        for b in blocks_of([*shipped.sections, *shipped.quick_reference])
        if b.figure is not None
    ]
    assert set(used) == {"cabal", "floor", "trade"}  # the booklet shows each of them


def test_the_booklet_shows_both_verdicts_of_each_claim(shipped: RulesFile) -> None:
    """Stamps, trades and cabals each appear allowed and not allowed (or supported and not)."""
    claims: dict[str, set[bool]] = {}
    for block in blocks_of(shipped.sections):
        args = block.args or {}
        if block.figure == "cabal":
            claims.setdefault("cabal", set()).add(args["supported"])
        elif block.figure == "trade":
            claims.setdefault("trade", set()).add(args["legal"])
        elif block.figure == "floor" and str(args.get("play", "")).startswith("stamp"):
            claims.setdefault("stamp", set()).add(args["legal"])
    assert claims == {"cabal": {True, False}, "trade": {True, False}, "stamp": {True, False}}


def test_the_booklet_names_the_credit_and_no_commands() -> None:
    """How to use kitgen with Galliard is in docs/games.md, not in the players' booklet."""
    text = RULES.read_text(encoding="utf-8")
    assert "Galliard was written up by MaddieM4" in text
    assert "kitgen build" not in text and "kitgen simulate" not in text


# --- Claims checked with the rules, on their lines -------------------------------------------


def test_a_wrong_supported_claim_is_found_on_its_line(tmp_path: Path) -> None:
    path, found = check(tmp_path, "cabal", "cards: [RJ, BJ, JC, KD]\nsupported: true\n")
    assert located(found) == [("invalid-value", line_of(path, "supported: true"))]
    assert "a pattern, but only 4 royals (5 needed)" in found[0].message
    path, found = check(tmp_path, "cabal", "cards: [QH, QS, QD, QC, KH]\nsupported: false\n")
    assert located(found) == [("invalid-value", line_of(path, "supported: false"))]
    assert "all four queens" in found[0].message
    _, found = check(tmp_path, "cabal", "cards: [QH, QS, QD, QC, KH]\nsupported: true\n")
    assert found == []


def test_a_non_royal_in_a_cabal_is_named_on_its_line(tmp_path: Path) -> None:
    args = "cards:\n  - QH\n  - 7S\n  - QH\n  - ZZ\nsupported: false\n"
    path, found = check(tmp_path, "cabal", args)
    assert sorted(located(found)) == sorted(
        [
            ("not-a-royal", line_of(path, "- 7S")),
            ("card-twice", line_of(path, "- QH") + 2),
            ("unknown-card", line_of(path, "- ZZ")),
        ]
    )
    assert any("7S (7 of spades) is not a royal" in f.message for f in found)


def test_a_wrong_stamp_claim_is_found_on_its_line(tmp_path: Path) -> None:
    floor = "dancers: [[5H], [9C, 8D]]\n"
    path, found = check(tmp_path, "floor", floor + "play: stamp 5C on 5H\nlegal: true\n")
    assert located(found) == [("illegal-move", line_of(path, "legal: true"))]
    assert "5 and 5 are the same value" in found[0].message
    path, found = check(tmp_path, "floor", floor + "play: stamp 7S on 8D\nlegal: false\n")
    assert located(found) == [("invalid-value", line_of(path, "legal: false"))]
    _, found = check(tmp_path, "floor", floor + "play: stamp 7S on 8D\nlegal: true\n")
    assert found == []
    path, found = check(tmp_path, "floor", floor + "play: stamp 7S on 8D\n")
    assert located(found) == [("missing-key", line_of(path, "play:"))]


def test_a_floor_must_be_one_a_game_could_reach(tmp_path: Path) -> None:
    args = (
        "dancers:\n  - [5H, 5S]\n  - [QH]\n  - [9C, 8D]\nwager: [7C, KD]\n"
        "play: stamp 10S on 9C\nlegal: true\n"
    )
    path, found = check(tmp_path, "floor", args)
    assert sorted(located(found)) == sorted(
        [
            ("invalid-value", line_of(path, "[5H, 5S]")),  # 5 on 5 cannot be a pile
            ("invalid-value", line_of(path, "[QH]")),  # a royal cannot dance
            ("invalid-value", line_of(path, "wager: [7C")),  # a number card wagered
            ("invalid-value", line_of(path, "play:")),  # 9C is under 8D: not a top card
        ]
    )
    _, found = check(tmp_path, "floor", "dancers: [[5H]]\nplay: stamp 5H on 5H\nlegal: false\n")
    assert [f.code for f in found] == ["card-twice"]
    _, found = check(tmp_path, "floor", "dancers: [[5H]]\nplay: dance\nlegal: true\n")
    assert [f.code for f in found] == ["move-syntax"]


def test_a_wrong_trade_claim_is_found_on_its_line(tmp_path: Path) -> None:
    path, found = check(tmp_path, "trade", "give: RJ\ntake: BJ\nlegal: true\n")
    assert located(found) == [("illegal-move", line_of(path, "legal: true"))]
    assert "jokers are never traded" in found[0].message
    path, found = check(tmp_path, "trade", "give: KC\ntake: JC\nlegal: false\n")
    assert located(found) == [("invalid-value", line_of(path, "legal: false"))]
    assert "both are clubs" in found[0].message


# --- Reading with the rules ------------------------------------------------------------------


def test_plays_are_read_forgivingly() -> None:
    assert parse_floor_play("  Stamp 6h  ON 7s ") == FloorPlay(Card(6, "H"), Card(7, "S"))
    assert parse_floor_play("wager qh, dance 7S") == FloorPlay(Card(7, "S"), None, Card(12, "H"))
    assert parse_floor_play("wager QH dance 7S") == parse_floor_play("wager QH,dance 7S")
    assert str(parse_floor_play("wager QH , stamp 6H on 7S")) == "wager QH, stamp 6H on 7S"
    with pytest.raises(ValueError, match="stamp 6H on 7S"):
        parse_floor_play("scuff")


@pytest.mark.parametrize(
    ("card", "onto", "reason"),
    [
        ("4S", "5H", None),
        ("5S", "4H", None),
        ("AS", "2H", None),
        ("2S", "AH", None),
        ("5S", "5H", "the same value"),
        ("6S", "3H", "3 apart"),
        ("10S", "AH", "10 and A are not neighbours"),
        ("AS", "10H", "10 and A are not neighbours"),
        ("QS", "KH", "QS is a royal"),
    ],
)
def test_the_stamp_verdict_follows_can_stamp(card: str, onto: str, reason: str | None) -> None:
    verdict = why_no_stamp(Card.parse(card), Card.parse(onto))
    if reason is None:
        assert verdict is None
    else:
        assert verdict is not None and reason in verdict


def test_a_cabal_figure_reads_its_patterns() -> None:
    figure = read_cabal(
        CabalArgs.model_validate({"cards": ["JH", "QH", "KH", "QS", "QD", "QC"], "supported": True})
    )
    assert not figure.issues and figure.supported
    assert [p.name for p in figure.patterns] == ["hearts", "queens"]
    assert figure.verdict == (
        "Supported: 6 royals, with the jack, queen and king of hearts and all four queens."
    )


def test_a_floor_figure_finds_the_dancer_a_stamp_goes_on() -> None:
    args = {"dancers": [["5H"], ["9C", "8D"]], "play": "stamp 7S on 8D", "legal": True}
    figure = read_floor(FloorArgs.model_validate(args))
    assert not figure.issues
    assert figure.target == 1 and figure.verdict is None
    dance = read_floor(FloorArgs.model_validate({**args, "play": "dance QH", "legal": False}))
    assert dance.target is None and dance.verdict is not None and "royal" in dance.verdict


def test_a_trade_figure_says_what_the_royals_share() -> None:
    same_rank = read_trade(TradeArgs.model_validate({"give": "QH", "take": "QS", "legal": True}))
    assert same_rank.verdict is None and same_rank.reason == "both are queens"
    neither = read_trade(TradeArgs.model_validate({"give": "QH", "take": "KS", "legal": False}))
    assert neither.verdict == neither.reason and "neither rank nor suit" in neither.reason


# --- The drawings ----------------------------------------------------------------------------


def draw(name: str, args: dict[str, Any], ink: str = "normal", width: float = 110 * MM) -> bytes:
    figures = galliard_figures()
    fig_w, fig_h = figures.sizes[name](args, width)
    canvas, buffer = new_canvas("figure")
    canvas.setPageSize((fig_w, fig_h))
    figures.painters[name](canvas, args, fig_w, fig_h, ink)  # type: ignore[arg-type]
    canvas.showPage()
    return finish(canvas, buffer)


def text_of(data: bytes) -> str:
    page = pdfium.PdfDocument(data)[0]
    return " ".join(page.get_textpage().get_text_range().split())


@pytest.mark.parametrize("ink", ["normal", "low"])
def test_each_figure_prints_its_verdict(ink: str) -> None:
    cabal = text_of(
        draw("cabal", {"cards": ["QH", "QS", "QD", "QC", "KH"], "supported": True}, ink)
    )
    assert "Supported: 5 royals, with all four queens." in cabal
    assert "queens" in cabal.replace("four queens", "")  # the pattern's own label
    short = text_of(draw("cabal", {"cards": ["RJ", "BJ", "JC", "KD"], "supported": False}, ink))
    assert "Not supported: a pattern, but only 4 royals (5 needed)." in short
    floor = {"dancers": [["5H"], ["9C", "8D"]], "play": "stamp 5C on 5H", "legal": False}
    words = text_of(draw("floor", floor, ink))
    assert "stamp 5C on 5H: not allowed." in words and "5 and 5 are the same value" in words
    legal = text_of(draw("floor", {**floor, "play": "stamp 7S on 8D", "legal": True}, ink))
    assert "stamp 7S on 8D: allowed." in legal and "7 and 8 are exactly one apart." in legal
    trade = text_of(draw("trade", {"give": "BJ", "take": "RJ", "legal": False}, ink))
    assert "trade BJ for RJ: not allowed." in trade and "jokers are never traded" in trade


def test_a_figure_fits_a_narrow_column() -> None:
    figures = galliard_figures()
    many = {"dancers": [[f"{n}S"] for n in range(2, 11)], "play": "dance AC", "legal": True}
    for name, args in (
        ("floor", many),
        ("cabal", {"cards": ["QH"], "supported": False}),
        ("trade", {"give": "QH", "take": "QS", "legal": True}),
    ):
        for width in (80 * MM, 122 * MM):
            fig_w, fig_h = figures.sizes[name](args, width)
            assert fig_w <= width + 1e-6 and 10 * MM < fig_h < 120 * MM, (name, width)


def test_bad_args_draw_nothing_rather_than_fail() -> None:
    assert "allowed" not in text_of(draw("floor", {"dancers": "5H"}))


# --- The built booklet -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def booklet(shipped: RulesFile) -> tuple[bytes, bytes]:
    context = game_context("galliard")
    facts = BookletFacts("2", str(context["playing_time"]), "summary")
    reading, saddle, found = booklet_pdfs(
        shipped,
        context,
        galliard_figures(),
        facts,
        paper_size("a5"),
        paper_size("a4").rotated(),
        "normal",
    )
    assert not found, [str(f) for f in found]
    return reading, saddle


def test_the_booklet_prints_the_verdicts(booklet: tuple[bytes, bytes]) -> None:
    reading, saddle = booklet
    pages = pdfium.PdfDocument(reading)
    assert pages[0].get_size() == pytest.approx((148 * MM, 210 * MM))
    text = " ".join(" ".join(p.get_textpage().get_text_range().split()) for p in pages)
    # Each figure's verdict and reason, above its caption, which says what the play is
    # (the figure does not title itself with the play as well: issue 36).
    for verdict in (
        "Allowed. 7 and 8 are exactly one apart. Stamping the 7 of spades",
        "Not allowed. 5 and 5 are the same value",
        "Not allowed. The ace is 1, so 10 and A are not neighbours.",
        "Allowed. Both are queens. A queen for a queen",
        "Not allowed. BJ is a joker, and jokers are never traded.",
        "Supported: 5 royals, with all four queens.",
        "Not supported: a pattern, but only 4 royals (5 needed).",
        "Not supported: 5 royals but no pattern",
    ):
        assert verdict in text, verdict
    for title in ("stamp 7S on 8D: allowed.", "trade QH for QS: allowed."):
        assert title not in text, title
    assert "Galliard was written up by MaddieM4" in text
    assert len(pdfium.PdfDocument(saddle)) == -(-len(pages) // 4) * 2  # folded sheets, 2 sides
