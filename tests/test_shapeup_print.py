"""The printed Shape Up! kit: card sheets, score sheets, score pad, kit files and figures."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import SharedBuild, kit_without_booklets, write
from pypdf import PdfReader
from test_build import fonts_of
from typer.testing import CliRunner

from kitgen import registry
from kitgen.build import BuildOptions, build, game_figures, resolve_setup
from kitgen.cli import app
from kitgen.games.shapeup.cards import POKER_H, POKER_W, FaceGeometry, draw_face
from kitgen.games.shapeup.kit import cards_pdf
from kitgen.games.shapeup.load import setups
from kitgen.games.shapeup.model import Card, card_set
from kitgen.games.shapeup.rules import POINTS
from kitgen.kit import check_file
from kitgen.layout.geometry import Grid
from kitgen.layout.impose import plan_grid
from kitgen.layout.units import MM
from kitgen.model.kit import PrintSettings
from kitgen.paths import game_dir
from kitgen.render.pdf import finish, new_canvas
from kitgen.render.sheets import page_box

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
FILES = ("shapeup-cards.pdf", "shapeup-score-sheets.pdf", "shapeup-score-pad.pdf")
BOOKLETS = ("shapeup-rules.pdf", "shapeup-rules-booklet.pdf", "shapeup-reference.pdf")


@pytest.fixture(scope="module")
def kit(built_all: SharedBuild) -> Path:
    """The Shape Up! kit on A4: the run's shared `kitgen build all`'s (tests only read it)."""
    assert built_all.status == 0, built_all.stderr
    written = [Path(line) for line in built_all.stdout.splitlines()]
    assert [p.name for p in written if p.parent.name == "shapeup"] == [*FILES, *BOOKLETS]
    return built_all.out / "shapeup"


def sizes(path: Path) -> list[tuple[float, float]]:
    pages = PdfReader(str(path)).pages
    return [(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in pages]


def pages_text(path: Path) -> list[str]:
    return [p.extract_text() for p in PdfReader(str(path)).pages]


def grey(data: bytes | Path, index: int, scale: float = 0.5) -> tuple[int, int, bytes]:
    """A page as greyscale pixels: width, height, bytes."""
    source = data if isinstance(data, Path) else io.BytesIO(data)
    image = pdfium.PdfDocument(source)[index].render(scale=scale, grayscale=True).to_pil()
    image = image.convert("L")
    return image.width, image.height, image.tobytes()


def test_page_counts_and_sizes(kit: Path) -> None:
    # 24 cards, 8 poker cards with 3 mm bleed on a landscape A4 grid: 3 sheets, each front
    # and back, the grid drawn turned on portrait A4 pages.
    assert sizes(kit / "shapeup-cards.pdf") == [A4] * 6
    # Four players' sheets fit on one A4 page; the pad has a page for 2, 3 and 4 players.
    assert sizes(kit / "shapeup-score-sheets.pdf") == [A4]
    assert sizes(kit / "shapeup-score-pad.pdf") == [A4] * 3


def test_letter_paper(tmp_path: Path) -> None:
    kit = kit_without_booklets(tmp_path, "shapeup")
    result = build([kit], BuildOptions(out=str(tmp_path), paper="letter"))
    assert result.ok
    folder = tmp_path / "shapeup"
    # Letter takes 6 poker cards with 3 mm bleed: 4 sheets.
    assert len(sizes(folder / "shapeup-cards.pdf")) == 8
    assert sizes(folder / "shapeup-score-sheets.pdf") == [LETTER]
    assert sizes(folder / "shapeup-score-pad.pdf") == [LETTER] * 3


def test_the_booklets_embed_their_fonts(kit: Path) -> None:
    for name in BOOKLETS:
        fonts = fonts_of(kit / name)
        assert fonts and all(embedded for _, embedded in fonts), (name, fonts)
        assert all("Vera" in base for base, _ in fonts), (name, fonts)


def test_every_font_is_embedded(kit: Path) -> None:
    for name in FILES:
        fonts = []
        for page in PdfReader(str(kit / name)).pages:
            resources = page["/Resources"]
            found = resources.get("/Font", {})
            fonts += [found[k].get_object() for k in found]
            xobjects = resources.get("/XObject", {})
            for key in xobjects:
                inner = xobjects[key].get_object().get("/Resources", {}).get("/Font", {})
                fonts += [inner[k].get_object() for k in inner]
        assert fonts, name
        for font in fonts:
            target = (
                font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            )
            descriptor = target["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, (name, font["/BaseFont"])
            assert "Vera" in str(font["/BaseFont"]), (name, font["/BaseFont"])


def test_builds_are_byte_identical(kit: Path, tmp_path: Path) -> None:
    # (in this process, from a copy of the kit file without the booklets)
    assert build([kit_without_booklets(tmp_path, "shapeup")], BuildOptions(out=str(tmp_path))).ok
    for name in FILES:
        assert (tmp_path / "shapeup" / name).read_bytes() == (kit / name).read_bytes(), name


def inked_slots(data: bytes, page: int, grid: Grid, scale: float = 0.5) -> set[tuple[int, int]]:
    """The (row, col) slots of a card page with something drawn inside their trim box.

    A landscape grid is drawn turned on a portrait page: page_box says where a slot lies.
    """
    width, height, pixels = grey(data, page, scale)
    out = set()
    for slot in grid.slots:
        trim = page_box(grid.page, slot.trim)
        xs = range(round((trim.x + 4 * MM) * scale), round((trim.right - 4 * MM) * scale), 3)
        top = height - round(trim.top * scale)
        ys = range(top + round(4 * MM * scale), top + round((trim.height - 4 * MM) * scale), 3)
        dark = sum(1 for y in ys for x in xs if pixels[y * width + x] < 245)
        if dark > 0.1 * len(xs) * len(ys):
            out.add((slot.row, slot.col))
    return out


@pytest.mark.parametrize(
    ("duplex", "backs"),
    [
        # A landscape grid (drawn turned on a portrait page, which keeps the paper's long
        # edge along the grid's) turned over its short edge flips left and right...
        ("short", {(0, 1), (0, 2), (0, 3), (0, 4)}),
        # ...and over its long edge, top and bottom.
        ("long", {(1, 0), (1, 1), (1, 2), (1, 3)}),
    ],
)
def test_backs_are_mirrored_for_duplex(duplex: str, backs: set[tuple[int, int]]) -> None:
    # Mini-euro cards go 5 x 2 on landscape A4: 24 cards leave 4 on the last sheet,
    # in the first four columns of the top row; their backs must fall behind them.
    setup = resolve_setup(PrintSettings.model_construct(card_size="mini-euro", duplex=duplex))
    grid = plan_grid(setup.paper, setup.card, bleed=setup.bleed, margin=setup.margin)
    assert (grid.cols, grid.rows) == (5, 2)
    data = cards_pdf("t", card_set(24), setup)
    assert len(PdfReader(io.BytesIO(data)).pages) == 6
    assert inked_slots(data, 4, grid) == {(0, 0), (0, 1), (0, 2), (0, 3)}
    assert inked_slots(data, 5, grid) == backs
    assert inked_slots(data, 1, grid) == {(r, c) for r in range(2) for c in range(5)}


def test_no_duplex_has_no_back_pages_and_fold_has_both_sides(tmp_path: Path) -> None:
    setup = resolve_setup(PrintSettings.model_construct(duplex="none"))
    assert len(PdfReader(io.BytesIO(cards_pdf("t", card_set(24), setup))).pages) == 3
    setup = resolve_setup(PrintSettings.model_construct(duplex="fold"))
    pdf = PdfReader(io.BytesIO(cards_pdf("t", card_set(24), setup)))
    assert len(pdf.pages) == 6  # 4 cards and their backs on each sheet
    assert "fold" in pdf.pages[0].extract_text()


def test_score_sheet_shows_the_points_of_the_rules(tmp_path: Path) -> None:
    sheet = " ".join(pages_text(score_sheets(tmp_path)).pop().split())
    for attribute, label in (
        ("colour", "your colour"),
        ("fill", "your fill"),
        ("shape", "your shape"),
    ):
        row = [str(POINTS[attribute].get(n, "\u2013")) for n in (2, 3, 4, 5)]
        assert re.search(re.escape(label) + r" [a-z ,.]+ " + " ".join(row), sheet), (label, row)
    for n in (2, 3, 4, 5):
        assert f"{n} in a line" in sheet
    assert "Your victory card" in sheet and "Player" in sheet


def test_score_sheet_follows_changed_points(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(POINTS["colour"], 3, 17)
    monkeypatch.setitem(POINTS["fill"], 5, 29)
    monkeypatch.setitem(POINTS["shape"], 2, 13)
    sheet = " ".join(pages_text(score_sheets(tmp_path)).pop().split())
    assert "your colour red, green or blue \u2013 17 5 6" in sheet
    assert "your fill hollow or solid \u2013 3 4 29" in sheet
    assert "circle, square... 13 2 3 4" in sheet


def score_sheets(folder: Path) -> Path:
    """Build only the score sheets; the build reads the points from the rules engine."""
    kit = write(
        folder, "kit.yaml", "game: shapeup\nkind: kit\nname: T\ncomponents: [score-sheets]\n"
    )
    result = build([kit], BuildOptions(out=str(folder / "out")))
    assert result.ok and [Path(p).name for p in result.written] == ["t-score-sheets.pdf"]
    return Path(result.written[0])


def test_four_sheets_a_page_each_with_the_table(kit: Path) -> None:
    [text] = pages_text(kit / "shapeup-score-sheets.pdf")
    assert text.count("Your victory card") == 4
    assert text.count("your shape") == 4
    assert "Cut along the marks." in text


def test_score_pad_rounds_starters_and_totals(kit: Path) -> None:
    pages = [" ".join(t.split()) for t in pages_text(kit / "shapeup-score-pad.pdf")]
    for page, players in zip(pages, (2, 3, 4), strict=True):
        rounds = setups()[f"{players}p-{18 if players == 2 else 24}"].rounds
        assert f"score pad \u00b7 {players} players" in page
        assert f"{rounds} rounds" in page
        for r in range(1, rounds + 1):
            starter = (r - 1) % players + 1
            assert f"Round {r} player {starter} starts" in page, (players, r)
        assert f"Round {rounds + 1}" not in page
        assert "Total" in page
        for p in range(1, players + 1):
            assert f"player {p}" in page
        assert f"player {players + 1} " not in page.replace("starts", "")
    assert setups()["2p-18"].rounds == 4  # the original rules: four rounds for two players
    assert "18 cards: 15 played into a 5 \u00d7 3 grid" in pages[0]
    assert "14 played into a 5 \u00d7 3 grid, 1 space left empty" in pages[1]
    assert "24 cards: 20 played into a 5 \u00d7 4 grid" in pages[1]
    assert "19 played into a 5 \u00d7 4 grid, 1 space left empty" in pages[2]


def coverage(data: bytes | Path, page: int) -> float:
    _, _, pixels = grey(data, page, 0.4)
    return sum(255 - v for v in pixels) / (255 * len(pixels))


def test_low_ink_uses_much_less_ink(kit: Path, tmp_path: Path) -> None:
    low_kit = kit_without_booklets(tmp_path, "shapeup")
    assert build([low_kit], BuildOptions(out=str(tmp_path), ink="low")).ok
    low = tmp_path / "shapeup"
    # Faces keep their frames, rings and indices; the hatching and white grounds
    # still save close to half. Backs lose their dark ground.
    for page, share in ((0, 0.65), (1, 0.3)):
        assert coverage(low / "shapeup-cards.pdf", page) < share * coverage(
            kit / "shapeup-cards.pdf", page
        ), page
    assert coverage(low / "shapeup-score-sheets.pdf", 0) < coverage(
        kit / "shapeup-score-sheets.pdf", 0
    )


def face(card: str, ink: str, scale: float = 3.0) -> tuple[int, int, bytes]:
    canvas, buffer = new_canvas("face")
    canvas.setPageSize((POKER_W, POKER_H))
    draw_face(canvas, Card.parse(card), POKER_W, POKER_H, 0, ink)  # type: ignore[arg-type]
    canvas.showPage()
    return grey(finish(canvas, buffer), 0, scale)


def frame_ink(card: str, ink: str) -> float:
    """How much of the left frame line is inked, down the middle of the card."""
    scale = 3.0
    width, _, pixels = face(card, ink, scale)
    x = round(FaceGeometry(POKER_W, POKER_H).safe * scale)
    ys = range(round(25 * MM * scale), round(63 * MM * scale))
    return sum(1 for y in ys if pixels[y * width + x] < 200) / len(ys)


@pytest.mark.parametrize("ink", ["normal", "low"])
def test_each_colour_has_its_own_frame_in_greyscale(ink: str) -> None:
    red, green, blue = (frame_ink(f"{c} solid circle", ink) for c in ("red", "green", "blue"))
    assert red > 0.95  # a solid line
    assert 0.55 < green < 0.85  # dashes
    assert 0.2 < blue < 0.5  # dots
    assert green - blue > 0.15


def test_hollow_and_solid_differ_in_both_editions() -> None:
    for ink in ("normal", "low"):
        width, height, hollow = face("blue hollow square", ink, 1.0)
        _, _, solid = face("blue solid square", ink, 1.0)
        centre = (height // 2) * width + width // 2
        assert hollow[centre] > 240, ink  # the paper shows inside a hollow symbol
        middle = [solid[centre + dy * width + dx] for dy in range(-8, 9) for dx in range(-8, 9)]
        assert sum(middle) / len(middle) < 200, ink  # filled (hatched in low ink)


def test_the_shipped_kit_checks_clean_and_kit_files_stay_closed(tmp_path: Path) -> None:
    assert check_file(str(game_dir("shapeup") / "kit.yaml")).ok
    assert check_file(str(game_dir("scratch") / "kit.yaml")).ok
    cases = {
        "decks.yaml": ("game: shapeup\nkind: kit\nname: X\ndecks: [d.yaml]\n", "unknown-key", 4),
        "mat.yaml": (
            "game: shapeup\nkind: kit\nname: X\ncomponents: [cards, mat]\n",
            "invalid-value",
            4,
        ),
        "pad.yaml": (
            "game: scratch\nkind: kit\nname: X\ncomponents: [score-pad]\n",
            "invalid-value",
            4,
        ),
        "typo.yaml": ("game: shapeup\nkind: kit\nname: X\nsetings: {}\n", "unknown-key", 4),
    }
    for name, (text, code, line) in cases.items():
        report = check_file(write(tmp_path, name, text))
        assert [(f.code, f.location.line if f.location else 0) for f in report.findings] == [
            (code, line)
        ], name


def test_a_kit_file_with_a_bad_setting_builds_nothing(tmp_path: Path) -> None:
    kit = write(
        tmp_path, "kit.yaml", "game: shapeup\nkind: kit\nname: X\nsettings: {paper: napkin}\n"
    )
    result = build([kit], BuildOptions(out=str(tmp_path / "out")))
    assert not result.ok and not result.written
    [problem] = result.findings
    assert problem.code == "invalid-setting" and problem.location is not None
    assert problem.location.line == 4
    # A name in Greek prints (in DejaVu Sans); one no font has prints as ?, and is said.
    kit = write(
        tmp_path,
        "name.yaml",
        "game: shapeup\nkind: kit\nname: Shape \u0394\ncomponents: [score-pad]\n",
    )
    result = build([kit], BuildOptions(out=str(tmp_path / "out")))
    assert result.findings == [] and result.written
    kit = write(
        tmp_path,
        "name.yaml",
        "game: shapeup\nkind: kit\nname: Shape \u57ce\ncomponents: [score-pad]\n",
    )
    result = build([kit], BuildOptions(out=str(tmp_path / "out")))
    assert [(f.code, f.severity) for f in result.findings] == [("text-not-drawable", "warning")]
    assert result.ok and result.written


def test_cli_build_shapeup(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        ["build", "shapeup", "--out", str(tmp_path), "--duplex", "none", "--card-size", "bridge"],
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        str(tmp_path / "shapeup" / name) for name in (*FILES, *BOOKLETS)
    ]
    cards = PdfReader(str(tmp_path / "shapeup" / "shapeup-cards.pdf"))
    assert cards.metadata is not None and "bridge" in str(cards.metadata.subject)
    assert len(cards.pages) == 3  # fronts only: 8 bridge cards a sheet


# --- Figures ---------------------------------------------------------------------------------


def figure(name: str, args: dict[str, object], ink: str = "normal") -> bytes:
    figures = game_figures("shapeup")
    width, height = figures.sizes[name](args, 120 * MM)
    canvas, buffer = new_canvas("figure")
    canvas.setPageSize((width, height))
    figures.painters[name](canvas, args, width, height, ink)  # type: ignore[arg-type]
    canvas.showPage()
    return finish(canvas, buffer)


def test_every_declared_figure_is_drawn() -> None:
    figures = game_figures("shapeup")
    assert set(figures.painters) == set(registry.get("shapeup").figure_args) == set(figures.sizes)


def test_card_figure_names_the_parts() -> None:
    data = figure("card", {"card": "red solid star"})
    text = " ".join(PdfReader(io.BytesIO(data)).pages[0].extract_text().split())
    for part in ("symbol", "colour mark", "fill", "shape", "corner index", "red solid star"):
        assert part in text, part
    assert "R, solid frame and line" in text
    assert coverage(data, 0) > 0.05


GRID = {
    "cells": [
        ["ok", "red solid square", "no"],
        ["blue hollow circle new", "green solid triangle", "."],
    ]
}


def test_grid_figure_draws_cards_spaces_and_runs() -> None:
    plain = figure("grid", GRID)
    text = PdfReader(io.BytesIO(plain)).pages[0].extract_text()
    assert "thick frame" in text and "tick" in text and "cross" in text
    assert "band" not in text
    runs = {**GRID, "runs": [{"direction": "row", "index": 1, "start": 2, "length": 2}]}
    banded = figure("grid", runs)
    assert "band" in PdfReader(io.BytesIO(banded)).pages[0].extract_text()
    # Outlines add ink, and the band is still there in greyscale in the low-ink edition.
    assert coverage(banded, 0) > coverage(plain, 0)
    assert coverage(figure("grid", runs, "low"), 0) > coverage(figure("grid", GRID, "low"), 0)


def test_grid_figure_empty_cells_draw_nothing() -> None:
    empty = figure("grid", {"cells": [[".", "."], [".", "."]]})
    marked = figure("grid", {"cells": [["ok", "."], [".", "no"]]})
    assert coverage(empty, 0) == 0
    assert coverage(marked, 0) > 0


def test_a_shapeup_rules_file_builds_with_its_figures(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "rules.yaml",
        """game: shapeup
kind: rules
title: Figures
sections:
  - title: Cards
    blocks:
      - figure: card
        caption: A card.
        args: {card: green hollow triangle}
      - figure: grid
        caption: A table.
        args:
          cells:
            - [green hollow triangle, red solid circle new, ok]
          runs:
            - {direction: row, index: 1, start: 1, length: 2}
""",
    )
    result = build([path], BuildOptions(out=str(tmp_path / "out")))
    assert result.ok, [str(f) for f in result.findings]
    reading = tmp_path / "out" / "shapeup" / "shapeup-rules.pdf"
    text = " ".join(" ".join(pages_text(reading)).split())
    assert "colour mark" in text and "A card." in text and "A table." in text
