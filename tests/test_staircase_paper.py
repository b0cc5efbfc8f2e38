"""The Staircase game's printed paper: the score sheet's plan and page, the action cards."""

from __future__ import annotations

import io
import itertools
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader
from pypdf.generic import ContentStream
from test_build import fonts_of

from kitgen.build import resolve_setup
from kitgen.games.staircase.kit import (
    EXAMPLE,
    ROWS,
    action_cards_pdf,
    draw_action_back,
    example_lines,
    page_area,
    plan_score_sheet,
    score_sheet_pdf,
)
from kitgen.games.staircase.load import player_range
from kitgen.games.staircase.rules import score_staircase
from kitgen.layout.impose import impose, plan_grid
from kitgen.layout.setup import PrintSetup
from kitgen.layout.units import MM
from kitgen.model.kit import Ink, PrintSettings
from kitgen.model.standard import Card
from kitgen.render.pdf import finish, new_canvas
from kitgen.render.sheets import page_point

COPIES = player_range()[1]  # the action cards: one per player
EPS = 1e-6
SCALE = 2.0  # 144 dpi
PX_PER_MM = SCALE * MM
TITLE = "The Staircase game"


def setup_for(paper: str = "a4", ink: Ink = "normal") -> PrintSetup:
    return resolve_setup(PrintSettings(paper=paper, ink=ink))


@pytest.fixture(scope="module")
def a4() -> PrintSetup:
    return setup_for()


@pytest.fixture(scope="module")
def docs(a4: PrintSetup) -> dict[str, bytes]:
    return {"sheet": score_sheet_pdf(TITLE, a4), "cards": action_cards_pdf(TITLE, a4)}


def render(data: bytes, index: int) -> Image.Image:
    """A page as a greyscale image at SCALE."""
    page = pdfium.PdfDocument(data)[index]
    image: Image.Image = page.render(scale=SCALE, grayscale=True).to_pil()
    return image.convert("L")


# --- The score sheet's plan ------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_score_sheet_boxes_are_big_enough_for_a_pencil(paper: str) -> None:
    plan = plan_score_sheet(setup_for(paper))
    assert plan.row_h >= 7 * MM - EPS
    assert len(plan.games) >= 2  # several games on one page
    assert plan.players == player_range()[1] == 5
    assert plan.player_w >= 20 * MM
    for game in plan.games:
        assert game.height == pytest.approx(plan.row_h * len(ROWS))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_score_sheet_parts_lie_apart_inside_the_margins(paper: str) -> None:
    setup = setup_for(paper)
    plan = plan_score_sheet(setup)
    assert plan.area == page_area(setup)
    parts = [plan.key, *plan.games, plan.example]
    for part in parts:
        assert part.within(plan.area), part
    for a, b in itertools.combinations(parts, 2):
        overlap_w = min(a.right, b.right) - max(a.x, b.x)
        overlap_h = min(a.top, b.top) - max(a.y, b.y)
        assert overlap_w <= EPS or overlap_h <= EPS, (a, b)
    assert plan.label_w + plan.players * plan.player_w == pytest.approx(plan.area.width)


def test_the_score_sheet_walks_through_the_count() -> None:
    kinds = [row.kind for row in ROWS]
    assert kinds[0] == "names"
    assert kinds.index("count") < kinds.index("base") < kinds.index("sequence")
    assert kinds.index("sequence") < kinds.index("bonus") < kinds.index("final")
    assert kinds.count("sequence") >= 2  # room for several sequences
    assert kinds[-1] == "winner"
    assert sorted(row.points for row in ROWS if row.kind == "count") == [10, 20, 30]


def test_the_worked_example_is_scored_by_the_engine() -> None:
    score = score_staircase([Card.parse(t) for t in EXAMPLE[1]])
    assert (score.base, score.bonus, score.total) == (180, 40, 220)  # the seed's example
    first, count = example_lines()
    assert EXAMPLE[0] in first
    assert f"{score.base} + {score.bonus} = {score.total}" in count
    assert f"base {score.base}" in count
    (run,) = score.runs
    assert f"{run.length} cards, bonus {run.bonus}" in count


# --- The PDFs --------------------------------------------------------------------------------


def text_of(data: bytes) -> str:
    pdf = pdfium.PdfDocument(data)
    return " ".join(" ".join(p.get_textpage().get_text_range().split()) for p in pdf)


def test_page_counts(docs: dict[str, bytes], a4: PrintSetup) -> None:
    sheet = pdfium.PdfDocument(docs["sheet"])
    assert len(sheet) == 1
    assert sheet[0].get_size() == pytest.approx((a4.paper.width, a4.paper.height))
    grid = plan_grid(a4.paper, a4.card, bleed=a4.bleed, margin=a4.margin, gutter=a4.gutter)
    plans = impose(COPIES, grid, a4.duplex, back_offset=a4.back_offset)
    assert len(pdfium.PdfDocument(docs["cards"])) == len(plans)
    assert len(pdfium.PdfDocument(action_cards_pdf(TITLE, setup_for(ink="low")))) == len(plans)


def test_the_sheet_prints_its_example_and_every_row(docs: dict[str, bytes]) -> None:
    text = text_of(docs["sheet"])
    for line in example_lines():
        assert " ".join(line.split()) in text
    for row in ROWS:
        assert row.label.format(n=1) in text
    assert "Game 3" in text


def test_every_font_is_embedded(docs: dict[str, bytes], tmp_path: Path) -> None:
    for name, data in docs.items():
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(data)
        fonts = fonts_of(path)
        assert fonts, name
        assert all(embedded and "Vera" in base for base, embedded in fonts), (name, fonts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheet_fits_inside_the_margins(paper: str) -> None:
    setup = setup_for(paper)
    data = score_sheet_pdf(TITLE, setup)
    image = render(data, 0)
    assert pdfium.PdfDocument(data)[0].get_size() == pytest.approx(
        (setup.paper.width, setup.paper.height)
    )
    margin = round(setup.margin * SCALE)
    inner = image.crop((margin, margin, image.width - margin, image.height - margin))
    assert min(image.tobytes()) < 100  # something is printed
    blank = Image.new("L", image.size, 255)
    blank.paste(inner, (margin, margin))
    assert blank.tobytes() == image.tobytes()  # nothing in the margins


def solid_blocks(image: Image.Image) -> int:
    """How many 5 mm squares of the page are inked all over."""
    inked = image.point(lambda p: 255 if p >= 245 else 0)
    return inked.reduce(round(5 * PX_PER_MM)).histogram()[0]


@pytest.mark.parametrize("name", ["sheet", "cards"])
def test_low_ink_has_no_large_fills(docs: dict[str, bytes], name: str) -> None:
    make = {"sheet": score_sheet_pdf, "cards": action_cards_pdf}[name]
    data = make(TITLE, setup_for(ink="low"))
    pages = len(pdfium.PdfDocument(data))
    assert any(solid_blocks(render(docs[name], i)) for i in range(pages))  # the test can fail
    for index in range(pages):
        assert solid_blocks(render(data, index)) == 0, (name, index)


@pytest.mark.parametrize("name", ["sheet", "cards"])
def test_the_same_input_gives_the_same_bytes(docs: dict[str, bytes], name: str) -> None:
    make = {"sheet": score_sheet_pdf, "cards": action_cards_pdf}[name]
    assert make(TITLE, setup_for()) == docs[name]
    assert make(TITLE, setup_for(ink="low")) != docs[name]


# --- The action cards ------------------------------------------------------------------------


def test_five_cards_of_the_set_size_with_bleed(a4: PrintSetup) -> None:
    grid = plan_grid(a4.paper, a4.card, bleed=a4.bleed, margin=a4.margin, gutter=a4.gutter)
    plans = impose(COPIES, grid, a4.duplex, back_offset=a4.back_offset)
    fronts = [p for plan in plans if plan.side == "front" for p in plan.placements]
    backs = [p for plan in plans if plan.side == "back" for p in plan.placements]
    assert COPIES == 5  # one per player (the game file's most)
    assert sorted(p.item for p in fronts) == list(range(COPIES))
    assert len(backs) == COPIES
    for p in fronts:
        assert p.slot.trim.width == pytest.approx(a4.card.width)
        assert p.slot.trim.height == pytest.approx(a4.card.height)
        assert p.slot.bleed == p.slot.trim.inset(-a4.bleed)


def test_the_card_colour_runs_into_the_bleed(docs: dict[str, bytes], a4: PrintSetup) -> None:
    grid = plan_grid(a4.paper, a4.card, bleed=a4.bleed, margin=a4.margin, gutter=a4.gutter)
    (first,) = impose(COPIES, grid, a4.duplex, back_offset=a4.back_offset)[0].placements[:1]
    image = render(docs["cards"], 0)
    trim = first.slot.trim

    def pixel(x: float, y: float) -> int:
        """The page's pixel at a point of the grid (drawn turned when the grid is landscape)."""
        px, py = page_point(grid.page, x, y)
        value = image.getpixel((round(px * SCALE), round(image.height - py * SCALE)))
        assert isinstance(value, int)
        return value

    x = trim.x + trim.width / 2
    assert pixel(x, trim.top + a4.bleed / 2) < 120  # the heading band reaches into the bleed
    assert pixel(x, trim.top + a4.bleed + 1 * MM) > 230  # and stops there
    assert pixel(x, trim.top - 2 * MM) < 120


def font_sizes(data: bytes, form: str) -> list[float]:
    """The type sizes set in one form (a card face) of the first page, found where the
    page draws it (directly, or in a form of the whole sheet)."""
    reader = PdfReader(io.BytesIO(data))

    def find(resources: Any) -> Any:
        xobjects = resources.get("/XObject")
        for key, ref in ({} if xobjects is None else xobjects.get_object()).items():
            target = ref.get_object()
            if key.endswith(form):
                return target
            found = find(target.get("/Resources", {}))
            if found is not None:
                return found
        return None

    target = find(reader.pages[0]["/Resources"])
    assert target is not None
    ops = ContentStream(target, reader).operations
    return [float(operands[1]) for operands, op in ops if op == b"Tf"]


def test_the_card_text_is_legible_at_poker_size(docs: dict[str, bytes]) -> None:
    sizes = font_sizes(docs["cards"], "f-Action-card-normal")
    assert len(sizes) >= 10
    assert min(sizes) >= 6.0


def test_the_card_names_the_actions_and_the_scoring(docs: dict[str, bytes]) -> None:
    text = text_of(docs["cards"])
    for words in ("BUILD", "SCRAP", "RECYCLE", "INTERFERE", "optional", "2-10: 10", "A: 30"):
        assert words in text, words
    assert "K A 2 does not" in text


def back_pdf(setup: PrintSetup, ink: Ink) -> bytes:
    """The back alone, on a page the size of a card."""
    canvas, buffer = new_canvas("back")
    canvas.setPageSize((setup.card.width, setup.card.height))
    draw_action_back(canvas, TITLE, setup.card, 0, ink)
    canvas.showPage()
    return finish(canvas, buffer)


@pytest.mark.parametrize("ink", ["normal", "low"])
def test_the_back_reads_the_same_either_way_up(a4: PrintSetup, ink: Ink) -> None:
    data = back_pdf(a4, ink)
    image = render(data, 0)
    turned = image.rotate(180)
    diff = ImageChops.difference(image, turned).point(lambda p: 255 if p > 60 else 0)
    assert diff.histogram()[255] / (image.width * image.height) < 0.005
    # It is not blank: the title is printed twice, once each way up.
    assert min(image.tobytes()) < 100
    assert text_of(data).replace(" ", "").count(TITLE.upper().replace(" ", "")) == 2


# A figure written in pencil in a 7 mm row: about 3.5 mm wide with the room to the next one,
# and 1 mm clear of the rules each side.
WRITTEN_DIGIT = 3.5 * MM
WRITTEN_PAD = 1 * MM


def written(number: int) -> float:
    return len(str(number)) * WRITTEN_DIGIT + 2 * WRITTEN_PAD


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_every_count_cell_holds_the_largest_count_and_product_by_hand(paper: str) -> None:
    """The largest product on the sheet is all the cards of one kind times their points
    (36 number cards x 10 = 360: three figures); measured on the printed page, from the
    "x10 =" to the column's rule, and from the rule before to the "x"."""
    from collections import Counter

    from kitgen.games.staircase.rules import base_value
    from kitgen.model.standard import full_deck

    kinds = Counter(base_value(card) for card in full_deck(jokers=False))
    product = max(points * n for points, n in kinds.items())
    assert (product, max(kinds.values())) == (360, 36)
    setup = setup_for(paper)
    plan = plan_score_sheet(setup)
    page = pdfium.PdfDocument(score_sheet_pdf(TITLE, setup))[0]
    text = page.get_textpage()
    rules = [plan.area.x + plan.label_w + k * plan.player_w for k in range(plan.players + 1)]
    games_bottom, games_top = plan.games[-1].y, plan.games[0].top
    cells = 0
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        left, bottom, right, _ = text.get_charbox(i)
        if not (games_bottom < bottom < games_top and left > rules[0]):
            continue  # the players' cells only
        if char == "=":
            after = min(r for r in rules if r > right)
            assert after - right >= written(product), (paper, after - right)
            cells += 1
        elif char == "\u00d7":
            before = max(r for r in rules if r < left)
            assert left - before >= written(max(kinds.values())), (paper, left - before)
    assert cells == 3 * plan.players * len(plan.games)
