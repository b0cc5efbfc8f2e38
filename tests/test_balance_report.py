"""`kitgen simulate ... --report`: every game's balance report, as a PDF or a PNG, that
names its run, judges it as the text does, and is the same for the same run."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import ctrl_c_after_some_games
from PIL import Image
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.games.scratch.balance import balance_report as scratch_report
from kitgen.paths import data_dir
from kitgen.render.balance import _bins, _ticks, report_pdf
from kitgen.rules.balance import Distribution, Series, verdict

runner = CliRunner()
DECKS = data_dir() / "scratch" / "decks"
RUSH, COURT = str(DECKS / "monster-rush.yaml"), str(DECKS / "royal-court.yaml")

RUNS = {
    "scratch": [RUSH, COURT, "-n", "200", "--players", "greedy,random"],
    "scratch-match": [RUSH, COURT, "-n", "30", "--players", "greedy,greedy", "--match"],
    "shapeup": ["shapeup", "-n", "120", "--players", "greedy,random"],
    "shapeup-3p": ["shapeup", "-n", "40", "--setup", "3p-18", "--rounds", "2"],
    "scaffold": ["scaffold", "-n", "60", "--players", "greedy", "--hand", "7,5"],
    "scaffold-coop": ["scaffold", "-n", "40", "--mode", "cooperative", "--turns", "16,12"],
    "staircase": ["staircase", "-n", "60", "--players", "greedy,interferer,random", "--interfere"],
    "galliard": ["galliard", "-n", "30", "--players", "greedy,random"],
}


def page_texts(path: Path) -> list[str]:
    document = pdfium.PdfDocument(str(path))
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


def simulate(args: list[str], *extra: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["simulate", *args, *extra])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("name", list(RUNS))
def test_every_game_writes_a_report_that_names_its_run(name: str, tmp_path: Path) -> None:
    path = tmp_path / "balance.pdf"
    code, out, err = simulate(RUNS[name], "--report", str(path), "-f", "json")
    assert code == 0, err
    assert err.endswith(f"kitgen: balance report written to {path}\n")
    report = json.loads(out)  # stdout stays the simulation's report
    texts = page_texts(path)
    assert 1 <= len(texts) <= 2
    text = " ".join(" ".join(t.split()) for t in texts)
    assert "Balance report" in text and f"page 1 of {len(texts)}" in text
    # The command line that reproduces the run, its seed and its games are on the page.
    assert "kitgen simulate" in text and "--seed 1" in text and "seed 1" in text
    n = report.get("games") or report["setups"][0]["games"]
    assert f"{n:,}" in text
    # The verdict is the text's: what is significant, and how many are noise.
    comparisons = report["comparisons"]
    noise = sum(not c["significant"] for c in comparisons)
    assert f"{noise} of the {len(comparisons)} comparisons" in text
    for c in comparisons:
        if c["significant"] and "group" not in c:
            assert c["what"] in text, c["what"]
    # Every line of text lies whole on its page, apart from the others (the axes' labels
    # thinned until they fit, long labels wrapped, never cut with an ellipsis).
    assert text_clashes(path) == []
    # One precision rule: no figure carries more places than its interval can tell.
    assert precision_slips(text) == []


def precision_slips(text: str) -> list[str]:
    """Figures printed with three or more places ('Mean 7.628 rounds'): the report's rule
    (two significant figures of an interval's half-width, three of a figure without one)
    never needs them for the games' figures."""
    return re.findall(r"(?<![\d.])\d+\.\d{3,}(?![\d.])", text)


def text_boxes(path: Path) -> list[tuple[int, tuple[float, float, float, float], str]]:
    """Each piece of text drawn on the PDF's pages: (page, its box, its text)."""
    import pypdfium2.raw as pdfium_c

    document = pdfium.PdfDocument(str(path))
    found = []
    try:
        for index, page in enumerate(document):
            textpage = page.get_textpage()
            for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT], max_depth=5):
                # get_bounds from pypdfium2 5, get_pos before
                box = (getattr(obj, "get_bounds", None) or obj.get_pos)()
                found.append((index, box, textpage.get_text_bounded(*box)))
    finally:
        document.close()
    return found


def text_clashes(path: Path) -> list[str]:
    """What is wrong with a report's text: two pieces on one line less than 2 pt apart
    (or overlapping), a piece off its page or past the margins' edge, a cut label."""
    document = pdfium.PdfDocument(str(path))
    width, height = document[0].get_size()
    document.close()
    boxes = text_boxes(path)
    wrong = []
    for i, (page, (left, bottom, right, top), text) in enumerate(boxes):
        if left < 0 or bottom < 0 or right > width or top > height:
            wrong.append(f"off the page: {text!r}")
        if "\u2026" in text:
            wrong.append(f"cut: {text!r}")
        for other_page, (l2, b2, r2, t2), other in boxes[i + 1 :]:
            same_line = min(top, t2) - max(bottom, b2) > 0.5
            if page == other_page and same_line and min(right, r2) - max(left, l2) > -2:
                wrong.append(f"{text!r} against {other!r}")
    return wrong


def test_the_same_run_gives_the_same_bytes_and_a_png_of_its_pages(tmp_path: Path) -> None:
    args = RUNS["scratch"]
    path, png = tmp_path / "r.pdf", tmp_path / "r.PNG"
    assert simulate(args, "--report", str(path))[0] == 0
    one = path.read_bytes()
    assert simulate(args, "--report", str(path))[0] == 0
    assert path.read_bytes() == one
    assert simulate(args, "--report", str(png))[0] == 0
    image = Image.open(io.BytesIO(png.read_bytes()))
    assert image.format == "PNG" and image.mode == "RGB"
    pages = len(page_texts(path))
    # A4 at 150 dpi (PDFium rounds up), the pages one under the other.
    assert image.width in (1240, 1241) and image.height in (1754 * pages, 1755 * pages)
    # Something is drawn: not a blank page.
    assert image.convert("L").getextrema()[0] < 40


def test_the_scratch_report_plots_every_card_lift_sorted(tmp_path: Path) -> None:
    code, out, _ = simulate(RUNS["scratch"], "-f", "json")
    assert code == 0
    report = json.loads(out)
    charts = scratch_report(report, "kitgen simulate A B")
    lifts = [p for p in charts.panels if "card lift" in p.title]
    assert len(lifts) == 2
    for panel, deck in zip(lifts, report["decks"], strict=True):
        expected = sorted(
            (c for c in deck["cards"] if c["lift"] is not None), key=lambda c: -c["lift"]
        )
        assert [r.label for r in panel.rows] == [c["card"] for c in expected]
        values = [r.value for r in panel.rows]
        assert values == sorted(values, reverse=True)
        for row, card in zip(panel.rows, expected, strict=True):
            assert (row.low, row.high) == tuple(card["lift_95"])
            assert row.strong == (row.low > 0 or row.high < 0)


def test_the_two_card_lift_forests_of_a_report_share_one_scale() -> None:
    from kitgen.render.balance import forest_axis
    from kitgen.rules.balance import Forest

    code, out, _ = simulate(RUNS["scratch"], "-f", "json")
    assert code == 0
    report = json.loads(out)
    charts = scratch_report(report, "kitgen simulate A B").panels
    lifts = [p for p in charts if isinstance(p, Forest) and "lift" in p.title]
    assert len(lifts) == 2
    every = [v for p in lifts for r in p.rows for v in (r.low, r.high)]
    width = 500.0
    axes = [forest_axis(p, width) for p in lifts]
    assert axes[0] == axes[1]
    assert axes[0][0] <= min(every) and axes[0][-1] >= max(every)
    # Each deck's own rows alone would have had another axis (the test can fail).
    alone = [forest_axis(dataclasses.replace(p, scale=None), width) for p in lifts]
    assert alone[0] != alone[1]


def test_the_two_card_lift_axes_print_alike(tmp_path: Path) -> None:
    """On the page: the two card-lift forests' axes carry the same labels at the same
    places (Monster rush's ran -15% to +15%, Royal court's -10% to +10%)."""
    path = tmp_path / "r.pdf"
    assert simulate(RUNS["scratch"], "--report", str(path))[0] == 0
    axes: dict[float, list[tuple[str, float]]] = {}
    for _, (left, bottom, right, _top), text in text_boxes(path):
        if re.fullmatch(r"[+-]\d+%|0%", text.strip()):
            axes.setdefault(round(bottom, 1), []).append((text.strip(), round(left + right, 1)))
    lifts = [sorted(ticks, key=lambda t: t[1]) for ticks in axes.values() if len(ticks) > 3]
    lifts = [ticks for ticks in lifts if any(t[0][0] in "+-" for t in ticks)]
    assert len(lifts) == 2
    assert lifts[0] == lifts[1]


def test_tick_labels_are_thinned_until_they_fit() -> None:
    from kitgen.render.balance import SMALL, TICK_GAP, _tick, forest_axis
    from kitgen.render.fonts import REGULAR, text_width
    from kitgen.rules.balance import Estimate, Forest

    # Shape Up!'s win rates on a half-width panel printed "0% 20%40%60%80%100%".
    rows = (Estimate("seat 1", 0.742, 0.657, 0.812), Estimate("seat 2", 0.2, 0.138, 0.28))
    panel = Forest("Who wins a round", rows, against=0.471)
    for width in (180.0, 250.0, 400.0, 800.0):
        ticks = forest_axis(panel, width)
        label_w, value_w = width * 0.34, 74.0
        plot_w = width - label_w - value_w - 12
        at = [(t - ticks[0]) / (ticks[-1] - ticks[0]) * plot_w for t in ticks]
        sizes = [text_width(_tick(t, "rate", False), REGULAR, SMALL) for t in ticks]
        for a, b, wa, wb in zip(at, at[1:], sizes, sizes[1:], strict=False):
            assert b - a >= (wa + wb) / 2 + TICK_GAP - 1e-9, (width, ticks)
        assert ticks[0] <= 0.138 and ticks[-1] >= 0.812
    assert len(forest_axis(panel, 800.0)) > len(forest_axis(panel, 250.0)) >= 2


def test_one_precision_rule_from_the_intervals_width() -> None:
    from kitgen.rules.balance import column_places, comparison_figure, mean_caption, places, shown

    # Two significant figures of the interval's half-width...
    assert places(392.9, (378.98, 407.47)) == 0
    assert places(7.628, (5.29, 7.04)) == 2
    assert places(55.6, (53.5, 57.8)) == 1
    assert places(50.02, (49.91, 50.13)) == 2
    assert places(0.5, (0.1, 2.8)) == 1
    # ... and three of the figure without an interval (or with one of no width).
    assert places(4.4167) == 2 and places(37.08) == 1 and places(406.2) == 0
    assert places(0.0) == 0 and places(3.0, (3.0, 3.0)) == 2
    assert places(1e-9, (0.0, 1e-9)) == 4  # never more than four
    assert shown(392.9, (378.98, 407.47)) == ("393", "379", "407")
    assert shown(0.556, (0.535, 0.578), percent=True) == ("55.6", "53.5", "57.8")
    assert shown(-0.042, (-0.107, 0.01), percent=True, signed=True) == ("-4.2", "-10.7", "+1.0")
    assert mean_caption("rounds a game", 6.167, (5.29, 7.04)) == (
        "Mean 6.17 rounds a game (95%: 5.29 to 7.04)."
    )
    assert mean_caption("moves", 392.9, (378.98, 407.47)) == "Mean 393 moves (95%: 379 to 407)."
    assert mean_caption("moves", 4.54, None) == "Mean 4.54 moves."
    # A column of figures shows the places its most precise figure needs.
    column = [(0.967, (0.833, 0.994)), (0.467, (0.302, 0.639))]
    assert [places(v * 100, (i[0] * 100, i[1] * 100)) for v, i in column] == [1, 0]
    assert column_places(column, percent=True) == 1
    rate = {"unit": "rate", "estimate": 0.97, "estimate_95": [0.936, 0.986], "against": 0.5}
    points = {"unit": "points", "estimate": 37.083, "estimate_95": [30.1, 44.0], "against": 0}
    assert comparison_figure(rate) == "97.0%"
    assert comparison_figure(points) == "+37.1"


def test_a_stopped_run_says_so_on_its_report(tmp_path: Path) -> None:
    _code, out, _ = simulate(RUNS["galliard"], "-f", "json")
    report = json.loads(out)
    report["interrupted"] = {"finished": 30, "planned": 1000, "unit": "games"}
    from kitgen.games.galliard.balance import balance_report

    pdf = tmp_path / "r.pdf"
    pdf.write_bytes(report_pdf(balance_report(report, "kitgen simulate galliard")))
    text = " ".join(page_texts(pdf)[0].split())
    assert "Stopped by Ctrl-C after 30 of the 1,000 games planned" in text


@pytest.mark.parametrize(
    ("report", "message"),
    [
        ("nowhere/r.pdf", "kitgen: error: --report: the folder 'nowhere' does not exist\n"),
        (
            "r.txt",
            "kitgen: error: --report: give a file name ending in .pdf or .png (got 'r.txt')\n",
        ),
        (".", "kitgen: error: --report: give a file name ending in .pdf or .png (got '.')\n"),
    ],
)
@pytest.mark.parametrize("game", ["scratch", "shapeup", "scaffold", "staircase", "galliard"])
def test_a_report_that_cannot_be_written_is_one_line_before_anything_is_played(
    game: str, report: str, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder.pdf").mkdir()
    # A million games: the error comes before any of them is played.
    args = [*list(RUNS[game]), "-n", "1000000"]
    code, out, err = simulate(args, "--report", report)
    assert (code, out, err) == (2, "", message)
    code, out, err = simulate(args, "--report", "folder.pdf")
    assert code == 2 and "is a folder" in err
    assert sorted(os.listdir(tmp_path)) == ["folder.pdf"]


def _page_size(path: Path) -> tuple[int, int]:
    document = pdfium.PdfDocument(str(path))
    try:
        width, height = document[0].get_size()
        return round(width), round(height)
    finally:
        document.close()


A4_POINTS, LETTER_POINTS = (595, 842), (612, 792)


def test_the_report_prints_on_a4_or_letter_as_asked_or_as_kitgen_toml_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    run = RUNS["galliard"]
    assert simulate(run, "--report", "a.pdf")[0] == 0
    assert _page_size(tmp_path / "a.pdf") == A4_POINTS
    assert simulate(run, "--report", "b.pdf", "--paper", "Letter")[0] == 0
    assert _page_size(tmp_path / "b.pdf") == LETTER_POINTS
    # The printer's paper of kitgen.toml, when the report can print on it.
    (tmp_path / "kitgen.toml").write_text('[print]\npaper = "letter"\n', encoding="utf-8")
    assert simulate(run, "--report", "c.pdf")[0] == 0
    assert _page_size(tmp_path / "c.pdf") == LETTER_POINTS
    assert simulate(run, "--report", "d.pdf", "--paper", "a4")[0] == 0
    assert _page_size(tmp_path / "d.pdf") == A4_POINTS
    (tmp_path / "kitgen.toml").write_text('[print]\npaper = "a3"\n', encoding="utf-8")
    assert simulate(run, "--report", "e.pdf")[0] == 0
    assert _page_size(tmp_path / "e.pdf") == A4_POINTS


@pytest.mark.parametrize("game", ["scratch", "galliard"])
def test_a_paper_the_report_cannot_print_on_is_one_line_before_anything_is_played(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args = [*list(RUNS[game]), "-n", "1000000"]
    code, out, err = simulate(args, "--report", "r.pdf", "--paper", "a5")
    assert (code, out) == (2, "")
    assert err == "kitgen: error: --paper: a balance report prints on a4 or letter, not 'a5'\n"
    assert os.listdir(tmp_path) == []


def test_verdict_counts_noise_and_names_what_is_significant() -> None:
    def c(what: str, estimate: float, against: float, significant: bool, **more: str) -> dict:
        return {
            "what": what,
            "unit": "rate",
            "estimate": estimate,
            "against": against,
            "significant": significant,
            **more,
        }

    comparisons = [
        c("A's win rate", 0.6, 0.5, True),
        c("B's lift", 0.1, 0.0, True, group="card lifts"),
        c("C's lift", 0.0, 0.0, False, group="card lifts"),
    ]
    first, second = verdict(comparisons)
    assert first == "Significant at 95%: A's win rate (60.0%); 1 card lifts."
    assert second == "Noise (the interval holds no difference): 1 of the 3 comparisons."
    assert verdict([])[0] == "Significant at 95%: nothing."


def test_axes_and_bins() -> None:
    assert _ticks(0.42, 0.58, 5) == [0.4, 0.45, 0.5, 0.55, 0.6]
    assert _ticks(-0.186, 0.512, 7) == [-0.2, 0.0, 0.2, 0.4, 0.6]
    few = Distribution("x", "moves", (Series("a", ((3, 1), (5, 2))),))
    assert _bins(few) == ([(3, 3), (4, 4), (5, 5)], [[1 / 3, 0.0, 2 / 3]])
    # A wide spread is grouped into at most 26 bars of round widths.
    wide = Distribution("x", "points", (Series("a", tuple((v, 1) for v in range(7, 160))),))
    ranges, shares = _bins(wide)
    assert len(ranges) <= 26 and ranges[0] == (0, 9) and ranges[-1][0] == 150
    assert sum(shares[0]) == pytest.approx(1.0)


def test_ctrl_c_still_writes_the_report_of_the_games_finished(tmp_path: Path) -> None:
    path = tmp_path / "r.pdf"
    args = ["simulate", RUSH, COURT, "-n", "900000"]
    args += ["--players", "greedy,greedy", "--report", str(path)]
    code, out, err = ctrl_c_after_some_games(args, tmp_path)
    assert code == 130, err
    done = int(out.split(": ")[1].split(" games")[0].replace(",", ""))
    text = " ".join(page_texts(path)[0].split())
    assert f"Stopped by Ctrl-C after {done:,} of the 900,000 games planned" in text
    assert f"balance report written to {path}" in err


def test_every_panel_lies_on_its_page_however_long_the_run() -> None:
    """A forest of 150 rows (many set-ups) is split over pages, '(continued)', and no
    panel runs off the bottom of its page."""
    from kitgen.layout.paper import PAPERS
    from kitgen.render.balance import MARGIN, _height, _layout
    from kitgen.rules.balance import BalanceReport, Estimate, Forest

    rows = tuple(Estimate(f"set-up {i}", 0.5, 0.4, 0.6) for i in range(150))
    report = BalanceReport(
        "Balance report: many set-ups",
        ("facts",),
        ("Significant at 95%: nothing.",),
        (Forest("Long", rows), Forest("Short", rows[:3]), Forest("Wide", rows[:40], wide=True)),
    )
    page = PAPERS["a4"]
    placed, pages = _layout(report, page.width, page.height)
    assert pages >= 3
    long = [p for p in placed if p.panel.title.startswith("Long")]
    assert len(long) >= 3 and all(p.panel.title == "Long (continued)" for p in long[1:])
    assert sum(len(p.panel.rows) for p in long) == 150  # type: ignore[union-attr]
    for p in placed:
        assert p.top <= page.height - MARGIN
        assert p.top - _height(p.panel, p.width) >= MARGIN, p.panel.title
    document = pdfium.PdfDocument(report_pdf(report))
    assert len(document) == pages
    document.close()


def test_a_grid_of_set_ups_is_named_by_its_hands_and_turns(tmp_path: Path) -> None:
    # Every hand size with every turn count: the heading names the two lists, not each
    # of the 12 set-ups; the page still names the command line and the games.
    path = tmp_path / "grid.pdf"
    args = [
        "scaffold",
        "-n",
        "2",
        "--mode",
        "cooperative",
        "--hand",
        "3,5,7",
        "--turns",
        "4,8,12,16",
    ]
    code, _, err = simulate(args, "--report", str(path))
    assert code == 0, err
    text = " ".join(" ".join(page_texts(path)).split())
    assert "12 set-ups: hand sizes 3, 5, 7, each with 4, 8, 12, 16 turns; games 2 each" in text
    assert "hand 3, 4 turns, hand 3, 8 turns" not in text
    code, _, err = simulate(["scaffold", "-n", "2", "--hand", "7,5"], "--report", str(path))
    assert code == 0, err
    assert "set-ups hand 7, hand 5; games 2 each" in " ".join(" ".join(page_texts(path)).split())


def test_forests_fill_the_room_left_on_a_page_before_going_on() -> None:
    """Two tall forests side by side below a long heading start on the first page and
    go on over the next (they left the first page blank but for its heading)."""
    from kitgen.layout.paper import PAPERS
    from kitgen.render import balance
    from kitgen.render.balance import MARGIN, _height, _layout
    from kitgen.rules.balance import BalanceReport, Estimate, Forest

    least = getattr(balance, "LEAST_ROWS", 4)  # a forest keeps at least this many rows
    rows = tuple(
        Estimate(f"hand {i % 10 + 1}, {i // 10 + 1} turns", 0.5, 0.4, 0.6) for i in range(50)
    )
    report = BalanceReport(
        "Balance report: many set-ups",
        ("set-ups " + ", ".join(r.label for r in rows) + ".",),
        ("Significant at 95%: nothing.",),
        (Forest("Built", rows), Forest("Scored", rows), Forest("Short", rows[:2], wide=True)),
    )
    page = PAPERS["a4"]
    placed, pages = _layout(report, page.width, page.height)
    first = [p for p in placed if p.page == 0]
    assert [p.panel.title for p in first] == ["Built", "Scored"]
    assert all(len(p.panel.rows) >= 2 * least for p in first)  # type: ignore[union-attr]
    for title in ("Built", "Scored"):
        parts = [p for p in placed if p.panel.title.startswith(title)]
        assert sum(len(p.panel.rows) for p in parts) == 50  # type: ignore[union-attr]
        assert [p.panel.title for p in parts[1:]] == [f"{title} (continued)"] * (len(parts) - 1)
        # Every part is drawn on the whole forest's scale.
        assert {p.panel.scale for p in parts} == {(0.4, 0.6)}  # type: ignore[union-attr]
    assert pages == 2
    for p in placed:
        assert p.top - _height(p.panel, p.width) >= MARGIN, p.panel.title


def test_a_name_the_fonts_cannot_draw_is_shown_as_question_marks_and_said(
    tmp_path: Path,
) -> None:
    deck = tmp_path / "deck.yaml"
    text = Path(RUSH).read_text(encoding="utf-8")
    deck.write_text(text.replace("name: Monster rush", 'name: "Ωmega 日本"'), encoding="utf-8")
    path = tmp_path / "r.pdf"
    code, _, err = simulate([str(deck), COURT, "-n", "40"], "--report", str(path))
    assert code == 0
    assert "kitgen: note: the report's fonts cannot draw 日本: shown as ? on it\n" in err
    page = " ".join(page_texts(path)[0].split())
    assert "Balance report: Ωmega ?? against Royal court" in page and "日" not in page


def test_panels_with_nothing_in_them_still_draw() -> None:
    """A forest of no rows and a distribution of no series (a run too short to have
    them) draw their headings and empty axes, never an error."""
    from kitgen.rules.balance import BalanceReport, Forest

    empty = BalanceReport(
        "Balance report: nothing", ("facts",), ("verdict",), (Forest("empty", ()),)
    )
    document = pdfium.PdfDocument(report_pdf(empty))
    text = document[0].get_textpage().get_text_range()
    document.close()
    assert "empty" in text and "page 1 of 1" in text


@pytest.mark.parametrize("game", ["scratch", "galliard"])
def test_a_report_the_disk_refuses_is_one_line_after_the_text_report(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk (a name linked to /dev/full) or a read-only folder: the finished run's
    text report is printed all the same, then one line says why, status 1."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "full.pdf").symlink_to("/dev/full")
    code, out, err = simulate(RUNS[game], "--report", "full.pdf")
    assert code == 1 and "wins" in out, (out, err)
    assert err == (
        "kitgen: error: cannot write the balance report full.pdf: No space left on device\n"
    )

    def refused(path: str, data: bytes) -> None:
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr("kitgen.atomic.write_atomic", refused)
    code, out2, err = simulate(RUNS[game], "--report", "r.pdf", "-f", "json")
    assert code == 1 and json.loads(out2)["games"] > 0
    assert err == "kitgen: error: cannot write the balance report r.pdf: Permission denied\n"
    assert sorted(os.listdir(tmp_path)) == ["full.pdf"]


def test_ctrl_c_while_the_report_waits_for_a_fifos_reader_keeps_the_text(
    tmp_path: Path,
) -> None:
    os.mkfifo(tmp_path / "r.pdf")
    args = [sys.executable, "-m", "kitgen", "simulate", *RUNS["shapeup"], "--report", "r.pdf"]
    run = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path
    )
    try:
        deadline = time.monotonic() + 60
        # Linux names the wait for a FIFO's other end `wait_for_partner`.
        while Path(f"/proc/{run.pid}/wchan").read_text() != "wait_for_partner":
            assert run.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        run.send_signal(signal.SIGINT)
        out, err = run.communicate(timeout=60)
    finally:
        run.kill()
    assert run.returncode == 130, err
    assert out.startswith("Shape Up! 2p-18: 120 rounds") and "significant at 95%" in out
    assert err == "kitgen: stopped by Ctrl-C before the balance report r.pdf was written\n"
