"""Scaffold's drawn marks: the pyramid arrow shared by the mats and the booklet figures,
and capped spaces drawn as the booklet's legend says (the capping card sideways)."""

from __future__ import annotations

import io
import math
from collections import Counter
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import yaml
from PIL import Image, ImageChops
from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from kitgen.games.scaffold import figures as figures_module
from kitgen.games.scaffold import kit as kit_module
from kitgen.games.scaffold import marks
from kitgen.games.scaffold.figure_args import ScaffoldBoardArgs, read_scaffold_board
from kitgen.games.scaffold.figures import scaffold_figures
from kitgen.games.scaffold.layout import plan_scaffold_mat
from kitgen.games.scaffold.load import parameters
from kitgen.games.scaffold.rules import BOARDS, flow_pairs
from kitgen.layout.paper import CARDS
from kitgen.layout.units import MM
from kitgen.render.fonts import register_fonts
from kitgen.render.pdf import finish, new_canvas

RULES = Path(__file__).parent.parent / "data" / "scaffold" / "rules.yaml"
Call = tuple[float, float, int, int]


def record(monkeypatch: Any) -> list[Call]:
    calls: list[Call] = []

    def spy(c: Canvas, x: float, y: float, dx: int, dy: int, *rest: Any) -> None:
        calls.append((x, y, dx, dy))
        marks.inward_arrow(c, x, y, dx, dy, *rest)

    monkeypatch.setattr(kit_module, "inward_arrow", spy)
    monkeypatch.setattr(figures_module, "inward_arrow", spy)
    return calls


def draw_figure(args: dict[str, Any]) -> bytes:
    figures = scaffold_figures()
    width, height = figures.sizes["board"](args, 110 * MM)
    canvas, buffer = new_canvas("figure")
    canvas.setPageSize((width, height))
    figures.painters["board"](canvas, args, width, height, "normal")  # type: ignore[arg-type]
    canvas.showPage()
    return finish(canvas, buffer)


def test_the_mat_and_the_booklet_draw_the_relation_with_one_function(monkeypatch: Any) -> None:
    assert kit_module.inward_arrow is marks.inward_arrow is figures_module.inward_arrow
    register_fonts()
    calls = record(monkeypatch)
    for mode in ("competitive", "cooperative"):
        plan = plan_scaffold_mat(BOARDS[mode], CARDS["poker"])
        calls.clear()
        kit_module.draw_scaffold_mat(Canvas(io.BytesIO()), plan, "normal", "Scaffold")
        drawn = set(calls)
        for hint in plan.hints:  # every neighbouring pair, pointing at the inner space
            assert (hint.x, hint.y, hint.dx, hint.dy) in drawn
        calls.clear()
        draw_figure({"mode": mode, "board": empty_board(mode), "rings": True})
        assert len(calls) == len(list(flow_pairs(BOARDS[mode])))
        assert Counter((dx, dy) for _, _, dx, dy in calls) == Counter(
            (h.dx, h.dy) for h in plan.hints
        )


def empty_board(mode: str) -> list[list[str]]:
    board = BOARDS[mode]
    return [
        ["KS" if cell == 12 else ("." if board.is_space(cell) else "-") for cell in range(r, r + 5)]
        for r in range(0, 25, 5)
    ]


def arrow_image(dx: int, dy: int) -> Image.Image:
    size = 20 * MM
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(size, size))
    marks.inward_arrow(c, size / 2, size / 2, dx, dy, 14 * MM, black, 2.0)
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    image: Image.Image = page.render(scale=4, grayscale=True).to_pil().convert("L")
    return image


def differs(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels more than half a grey scale apart."""
    diff = ImageChops.difference(a, b).point(lambda v: 255 if v > 128 else 0)
    return diff.histogram()[255] / (a.width * a.height)


def test_the_mark_reads_the_same_turned_any_way() -> None:
    """Symmetric about its own line (a turned `<=` is not: it read as `I` and a wedge), the
    same drawing in each of the four directions, and heavier at the end it points to."""
    right = arrow_image(1, 0)
    assert differs(right, right.transpose(Image.Transpose.FLIP_TOP_BOTTOM)) < 0.002
    for (dx, dy), turn in {(0, 1): 90, (-1, 0): 180, (0, -1): 270}.items():
        assert differs(arrow_image(dx, dy), right.rotate(turn)) < 0.002, (dx, dy)
    columns = [
        sum(255 - int(right.getpixel((x, y))) for y in range(right.height))  # type: ignore[arg-type]
        for x in range(right.width)
    ]
    centre = sum(x * w for x, w in enumerate(columns)) / sum(columns)
    assert centre > right.width / 2  # the head's side


# --- Capped spaces ---------------------------------------------------------------------------


def board_figures(node: Any) -> list[dict[str, Any]]:
    """Every board figure's args in the rules file, in order."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if node.get("figure") == "board":
            found.append(node["args"])
        for value in node.values():
            found += board_figures(value)
    elif isinstance(node, list):
        for value in node:
            found += board_figures(value)
    return found


def turned(data: bytes) -> tuple[str, str]:
    """The glyphs set a quarter turn from upright, and the upright ones (spaces dropped)."""
    text = pdfium.PdfDocument(data)[0].get_textpage()
    sideways, upright = [], []
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        if not char.strip():
            continue
        angle = pdfium_c.FPDFText_GetCharAngle(text.raw, i)
        quarter = abs(math.cos(angle)) < 0.01
        assert quarter or abs(math.sin(angle)) < 0.01, (char, angle)
        (sideways if quarter else upright).append(char)
    return "".join(sorted(sideways)), "".join(upright)


def test_capped_spaces_are_drawn_sideways_as_the_legend_says() -> None:
    """The booklet's legend: "A card lying sideways has capped its space". In every board
    figure, the card that brings a space to the cap is drawn turned a quarter, face and
    all (its index and its large rank), and no other card is."""
    rules = yaml.safe_load(RULES.read_text(encoding="utf-8"))
    assert "A card lying **sideways** has capped its space" in RULES.read_text(encoding="utf-8")
    figures = board_figures(rules)
    cap = parameters().cap
    capped_figures = 0
    for args in figures:
        figure = read_scaffold_board(ScaffoldBoardArgs.model_validate(args))
        capping = [stack[cap - 1] for stack in figure.stacks if len(stack) >= cap]
        play = figure.play_card
        board = BOARDS[args["mode"]]
        cell = figure.play_cell
        if play is not None and cell is not None and board.is_space(cell):
            capping += [play] if len(figure.stacks[cell]) == cap - 1 else []  # it would cap
        # Each capping card prints its rank twice (the index and the large one), both turned;
        # the text layer may drop a glyph lying on the same glyph of a card underneath.
        expected = Counter("".join(2 * card.rank_text for card in capping))
        sideways = Counter(turned(draw_figure(args))[0])
        assert sideways <= expected, (args["board"], sideways, expected)  # no other card
        for card in capping:
            assert all(sideways[ch] for ch in card.rank_text), (args["board"], card)
        capped_figures += bool(capping)
    assert capped_figures >= 3  # the legend has figures to speak of
