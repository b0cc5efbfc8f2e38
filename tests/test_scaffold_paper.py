"""Scaffold's printed paper: the mat plans, the tiled mats, team cards, turn track, score sheet."""

from __future__ import annotations

import itertools
import statistics
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from test_build import fonts_of
from test_layout_tile import check_cover, crossings

from kitgen.build import resolve_setup
from kitgen.games.scaffold.kit import (
    mat_busy,
    mat_content,
    mat_tiles,
    mats_pdf,
    score_sheet_pdf,
    team_cards_pdf,
    turn_track_pdf,
)
from kitgen.games.scaffold.layout import ScaffoldMatPlan, plan_scaffold_mat
from kitgen.games.scaffold.rules import BOARDS, CENTRE, distance, flow_pairs, row_col
from kitgen.layout.geometry import Box, Size
from kitgen.layout.impose import impose, plan_grid
from kitgen.layout.paper import CARDS
from kitgen.layout.setup import PrintSetup
from kitgen.layout.tile import Tile, alignment_marks, seam_lines
from kitgen.layout.units import MM
from kitgen.model.kit import Ink, PrintSettings

EPS = 1e-6
MIN_CLEAR = 1.5 * MM
POKER = CARDS["poker"]
MODES = ("competitive", "cooperative")
SCALE = 2.0  # 144 dpi: a pixel is 0.176 mm
PX_PER_MM = SCALE * MM


def plan_for(mode: str, card: Size = POKER) -> ScaffoldMatPlan:
    return plan_scaffold_mat(BOARDS[mode], card)


def overlap(a: Box, b: Box) -> bool:
    return min(a.right, b.right) - max(a.x, b.x) > EPS and min(a.top, b.top) - max(a.y, b.y) > EPS


# --- The plan (pure geometry) ----------------------------------------------------------------


@pytest.mark.parametrize(("mode", "count"), [("competitive", 13), ("cooperative", 17)])
def test_the_plan_has_a_space_per_cell(mode: str, count: int) -> None:
    plan = plan_for(mode)
    assert len(plan.spaces) == count
    assert sorted(plan.spaces) == list(BOARDS[mode].spaces)


@pytest.mark.parametrize("card_name", sorted(CARDS))
@pytest.mark.parametrize("mode", MODES)
def test_a_card_fits_every_space_with_room(mode: str, card_name: str) -> None:
    card = CARDS[card_name]
    plan = plan_for(mode, card)
    for cell, box in plan.spaces.items():
        assert box.width >= card.width + 2 * MIN_CLEAR - EPS, cell
        assert box.height >= card.height + 2 * MIN_CLEAR - EPS, cell
        footprint = plan.card_box(cell)
        assert footprint.width == pytest.approx(card.width)
        assert footprint.height == pytest.approx(card.height)
        assert footprint.within(box, MIN_CLEAR)


@pytest.mark.parametrize("mode", MODES)
def test_nothing_overlaps_and_all_lies_on_the_poster(mode: str) -> None:
    plan = plan_for(mode)
    poster = Box(0, 0, plan.size.width, plan.size.height)
    others = [plan.title, *plan.panels.values(), *plan.sides.values()]
    boxes = list(plan.spaces.values())
    for a, b in itertools.combinations(boxes, 2):
        assert not overlap(a, b)
    for box in boxes + others:
        assert box.within(poster)
        for other in others:
            if other is not box:
                assert not overlap(box, other)


@pytest.mark.parametrize("mode", MODES)
def test_the_centre_is_in_the_middle_column(mode: str) -> None:
    plan = plan_for(mode)
    centre = plan.spaces[CENTRE]
    assert centre.x + centre.width / 2 == pytest.approx(plan.size.width / 2)
    for cell, box in plan.spaces.items():
        if row_col(cell)[1] == 2:
            assert box.x == pytest.approx(centre.x)


def test_the_cooperative_sides_are_named_above_and_below() -> None:
    plan = plan_for("cooperative")
    red, black = plan.sides["red"], plan.sides["black"]
    board = BOARDS["cooperative"]
    assert all(red.y >= plan.spaces[c].top - EPS for c in board.side_spaces("red"))
    assert all(black.top <= plan.spaces[c].y + EPS for c in board.side_spaces("black"))
    assert plan_for("competitive").sides == {}


@pytest.mark.parametrize("mode", MODES)
def test_a_hint_sits_in_the_gap_of_every_neighbouring_pair(mode: str) -> None:
    plan = plan_for(mode)
    pairs = list(flow_pairs(BOARDS[mode]))
    assert sorted((h.outer, h.inner) for h in plan.hints) == sorted(pairs)
    for hint in plan.hints:
        assert distance(hint.inner) < distance(hint.outer)
        assert not any(box.contains(hint.x, hint.y) for box in plan.spaces.values())
        inner = plan.spaces[hint.inner]
        to_inner = (inner.x + inner.width / 2 - hint.x, inner.y + inner.height / 2 - hint.y)
        assert to_inner[0] * hint.dx + to_inner[1] * hint.dy > 0


def test_a_capped_card_clears_an_upright_neighbour() -> None:
    plan = plan_for("competitive")
    left, right = plan.card_box(11), plan.card_box(12)  # r3c2 and the centre
    space = plan.spaces[11]
    cx, cy = space.x + space.width / 2, space.y + space.height / 2
    sideways = Box(cx - POKER.height / 2, cy - POKER.width / 2, POKER.height, POKER.width)
    assert sideways.right < right.x
    assert left.right < right.x


@pytest.mark.parametrize(("paper", "sheets"), [("a4", 8), ("letter", 6)])
@pytest.mark.parametrize("mode", MODES)
def test_the_poster_tiles_on_a4_and_letter_cut_between_spaces(
    mode: str, paper: str, sheets: int
) -> None:
    # Two sheets each way would cut the middle column and the middle row; the seams run
    # in the gaps beside them: two columns of landscape sheets, four rows of A4 (two rows
    # of spaces and their gap are more than A4's 200 mm less an overlap), three of Letter.
    plan = plan_for(mode)
    tiles = mat_tiles(plan, heading(mode), setup_for(paper))
    assert len(tiles) == sheets
    assert tiles[0].page.orientation == "landscape"
    check_cover(tiles, plan.size)
    assert crossings(tiles, list(mat_content(plan, heading(mode)))) == []


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("card_name", sorted(CARDS))
@pytest.mark.parametrize("mode", MODES)
def test_no_seam_cuts_a_mats_content(mode: str, card_name: str, paper: str) -> None:
    plan = plan_for(mode, CARDS[card_name])
    setup = resolve_setup(PrintSettings(paper=paper, card_size=card_name))
    tiles = mat_tiles(plan, heading(mode), setup)
    check_cover(tiles, plan.size)
    content = list(mat_content(plan, heading(mode)))
    assert crossings(tiles, content) == []
    # The arrows between spaces are content, each where it prints, in its gap.
    for box in plan.hint_boxes(4.2 * MM):
        assert not any(overlap(box, space) for space in plan.spaces.values())


# --- The PDFs --------------------------------------------------------------------------------


def setup_for(paper: str = "a4", ink: Ink = "normal") -> PrintSetup:
    return resolve_setup(PrintSettings(paper=paper, ink=ink))


@pytest.fixture(scope="module")
def a4() -> PrintSetup:
    return setup_for()


@pytest.fixture(scope="module")
def docs(a4: PrintSetup) -> dict[str, bytes]:
    return {
        "mats": mats_pdf("Scaffold", a4),
        "team": team_cards_pdf("Scaffold", a4),
        "track": turn_track_pdf("Scaffold", a4),
        "score": score_sheet_pdf("Scaffold", a4),
    }


def heading(mode: str) -> str:
    return f"Scaffold \u00b7 {mode} mat"  # as mats_pdf("Scaffold", ...) heads them


def tiles_for(mode: str, setup: PrintSetup) -> list[Tile]:
    return mat_tiles(plan_for(mode, setup.card), heading(mode), setup)


def render(data: bytes, index: int) -> Image.Image:
    """A page as a greyscale image at SCALE."""
    page = pdfium.PdfDocument(data)[index]
    image: Image.Image = page.render(scale=SCALE, grayscale=True).to_pil()
    return image.convert("L")


def test_page_counts(docs: dict[str, bytes], a4: PrintSetup) -> None:
    grid = plan_grid(a4.paper, a4.card, bleed=a4.bleed, margin=a4.margin, gutter=a4.gutter)
    expected = {
        "mats": sum(len(tiles_for(mode, a4)) for mode in MODES),
        "team": len(impose(2, grid, a4.duplex, back_offset=a4.back_offset)),
        "track": 1,
        "score": 1,
    }
    for name, data in docs.items():
        pdf = pdfium.PdfDocument(data)
        assert len(pdf) == expected[name], name
        if name in ("track", "score"):
            assert pdf[0].get_size() == pytest.approx((a4.paper.width, a4.paper.height))


def test_every_font_is_embedded(docs: dict[str, bytes], tmp_path: Path) -> None:
    for name, data in docs.items():
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(data)
        fonts = fonts_of(path)
        assert fonts, name
        assert all(embedded and "Vera" in base for base, embedded in fonts), (name, fonts)


def test_letter_pages_fit_inside_the_margins() -> None:
    letter = setup_for("letter")
    for make in (turn_track_pdf, score_sheet_pdf):
        data = make("Scaffold", letter)
        image = render(data, 0)
        margin = round(5 * MM * SCALE)
        assert pdfium.PdfDocument(data)[0].get_size() == pytest.approx((612, 792))
        inner = image.crop((margin, margin, image.width - margin, image.height - margin))
        assert min(image.tobytes()) < 100  # something is printed
        blank = Image.new("L", image.size, 255)
        blank.paste(inner, (margin, margin))
        assert blank.tobytes() == image.tobytes(), make.__name__  # nothing in the margins


def solid_blocks(image: Image.Image) -> int:
    """How many 5 mm squares of the page are inked all over."""
    inked = image.point(lambda p: 255 if p >= 245 else 0)
    return inked.reduce(round(5 * PX_PER_MM)).histogram()[0]


@pytest.mark.parametrize("name", ["mats", "team", "track", "score"])
def test_low_ink_has_no_large_fills(docs: dict[str, bytes], name: str) -> None:
    make = {
        "mats": mats_pdf,
        "team": team_cards_pdf,
        "track": turn_track_pdf,
        "score": score_sheet_pdf,
    }[name]
    data = make("Scaffold", setup_for(ink="low"))
    pages = len(pdfium.PdfDocument(data))
    assert pages == len(pdfium.PdfDocument(docs[name]))
    assert any(solid_blocks(render(docs[name], i)) for i in range(pages))  # the test can fail
    for index in range(pages):
        assert solid_blocks(render(data, index)) == 0, (name, index)


def outline_edge(row: list[int], start: int, step: int, limit: int) -> float | None:
    """From `start`, walk by `step` to the first dark run; the middle of that run."""
    i = start
    while 0 <= i < len(row) and abs(i - start) < limit and row[i] >= 170:
        i += step
    if not (0 <= i < len(row)) or abs(i - start) >= limit:
        return None
    j = i
    while 0 <= j < len(row) and row[j] < 170:
        j += step
    return (i + j - step) / 2


def measure(
    image: Image.Image, box: Box, t: Tile, tiles: list[Tile], plan: ScaffoldMatPlan
) -> tuple[float, float]:
    """The drawn width and height of a space's outline, in mm (medians over a few lines),
    each edge found from 3 mm outside it (or from half way to a line nearer than that: a
    seam, the rule under the title)."""
    pixels, width, height = image.tobytes(), image.width, image.height
    seams = [s for s in seam_lines(t, tiles)]
    upright = [s.x0 - t.origin[0] for s in seams if s.x0 == s.x1]
    level = [s.y0 - t.origin[1] for s in seams if s.y0 == s.y1] + [plan.title.y + 1.5 * MM]

    def start(edge: float, outward: int, lines: list[float]) -> float:
        """How far outside an edge to start: 3 mm, or half way to a nearer seam."""
        gaps = [(at - edge) * outward for at in lines if 0 < (at - edge) * outward < 3 * MM]
        return min([3 * MM, *(g / 2 for g in gaps)]) * SCALE

    def to_px(x: float, y: float) -> tuple[float, float]:
        page_x, page_y = t.to_page(x, y)
        return page_x * SCALE, height - page_y * SCALE

    widths, heights = [], []
    reach = round(4 * PX_PER_MM)
    for f in (0.2, 0.3, 0.7, 0.8):
        _, y = to_px(box.x, box.y + f * box.height)
        x0, _ = to_px(box.x, 0)
        x1, _ = to_px(box.right, 0)
        row = list(pixels[round(y) * width : (round(y) + 1) * width])
        left = outline_edge(row, round(x0 - start(box.x, -1, upright)), 1, reach * 2)
        right = outline_edge(row, round(x1 + start(box.right, 1, upright)), -1, reach * 2)
        if left is not None and right is not None:
            widths.append((right - left) / PX_PER_MM)
        x, _ = to_px(box.x + f * box.width, 0)
        _, top = to_px(0, box.top)
        _, bottom = to_px(0, box.y)
        col = list(pixels[round(x) :: width])
        upper = outline_edge(col, round(top - start(box.top, 1, level)), 1, reach * 2)
        lower = outline_edge(col, round(bottom + start(box.y, -1, level)), -1, reach * 2)
        if upper is not None and lower is not None:
            heights.append((lower - upper) / PX_PER_MM)
    return statistics.median(widths), statistics.median(heights)


@pytest.mark.parametrize("mode", MODES)
def test_a_poker_card_fits_each_drawn_space(
    docs: dict[str, bytes], a4: PrintSetup, mode: str
) -> None:
    plan = plan_for(mode, a4.card)
    tiles = tiles_for(mode, a4)
    first = 0 if mode == "competitive" else len(tiles_for("competitive", a4))
    measured = set()
    for t in tiles:
        whole = [c for c, box in plan.spaces.items() if box.inset(-3 * MM).within(t.window)]
        if not whole:
            continue
        image = render(docs["mats"], first + t.index)
        for cell in whole:
            width, height = measure(image, plan.spaces[cell], t, tiles, plan)
            assert width == pytest.approx(plan.spaces[cell].width / MM, abs=0.4), cell
            assert height == pytest.approx(plan.spaces[cell].height / MM, abs=0.4), cell
            assert width >= 63 + 2 * 1.5 and height >= 88 + 2 * 1.5, cell
            measured.add(cell)
    assert len(measured) >= 4, measured


@pytest.mark.parametrize("mode", MODES)
def test_the_tiles_line_up(docs: dict[str, bytes], a4: PrintSetup, mode: str) -> None:
    tiles = tiles_for(mode, a4)
    first = 0 if mode == "competitive" else len(tiles_for("competitive", a4))

    def crosses(t: Tile) -> set[tuple[float, float]]:
        """The crosses' centres on a tile, as poster points (to 0.01 pt)."""
        marks = alignment_marks(t, tiles, mat_busy(plan_for(mode, a4.card), heading(mode)))
        return {
            (round((m.x0 + m.x1) / 2 - t.origin[0], 2), round(m.y0 - t.origin[1], 2))
            for m in marks
            if m.y0 == m.y1
        }

    pairs = [
        (a, b)
        for a, b in itertools.combinations(tiles, 2)
        if abs(a.row - b.row) + abs(a.col - b.col) == 1
    ]
    assert pairs
    for a, b in pairs:
        on_a = {p for p in crosses(a) if on_seam(p, a, b)}
        on_b = {p for p in crosses(b) if on_seam(p, a, b)}
        assert on_a and on_a == on_b
        for t in (a, b):  # and the crosses are printed where the plan says
            image = render(docs["mats"], first + t.index)
            for x, y in on_a:
                px, py = t.to_page(x, y)
                u, v = round(px * SCALE), round(image.height - py * SCALE)
                near = image.crop((u - 1, v - 1, u + 2, v + 2)).tobytes()
                assert min(near) < 150, (t.index, x, y)


def on_seam(point: tuple[float, float], a: Tile, b: Tile) -> bool:
    """Whether a poster point lies on the seam of two neighbouring tiles (the middle of
    their overlap), to 0.01 pt."""
    x0, x1 = max(a.window.x, b.window.x), min(a.window.right, b.window.right)
    y0, y1 = max(a.window.y, b.window.y), min(a.window.top, b.window.top)
    if a.row == b.row:
        return abs(point[0] - (x0 + x1) / 2) < 0.01 and y0 <= point[1] <= y1
    return abs(point[1] - (y0 + y1) / 2) < 0.01 and x0 <= point[0] <= x1


def test_the_score_sheet_records_a_tie(docs: dict[str, bytes]) -> None:
    """The rules make equal counts a tie (the engine's winner is None): each competitive game's
    Winner cell offers it beside red and black, and the sheet's rule says so."""
    rules = (Path(__file__).parent.parent / "data" / "scaffold" / "rules.yaml").read_text("utf-8")
    assert "if the counts are equal, the game is a tie" in rules
    text = pdfium.PdfDocument(docs["score"])[0].get_textpage().get_text_range()
    lines = [" ".join(line.split()) for line in text.splitlines()]
    competitive = lines[: next(i for i, line in enumerate(lines) if "Cooperative" in line)]
    games = [line for line in competitive if line[:1].isdigit()]
    assert len(games) >= 8
    assert all(line.endswith("red black tie") for line in games), games
    assert any("equal counts are a tie" in line for line in competitive)
