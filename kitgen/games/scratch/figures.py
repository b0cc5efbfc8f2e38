"""Scratch's rule-booklet figures: card anatomy, a card turned over, and boards."""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.games.scratch.cards import (
    INK_BLACK,
    POKER_H,
    POKER_W,
    FaceData,
    Geometry,
    draw_face,
    faces_of,
)
from kitgen.games.scratch.figure_args import BoardArgs, CardArgs, Cell, parse_cell
from kitgen.games.scratch.model import ScratchPool
from kitgen.layout.units import MM
from kitgen.model.kit import Ink
from kitgen.render.booklet import Figures
from kitgen.render.fonts import BOLD, ITALIC, REGULAR
from kitgen.render.text import wrap

TILE_W, TILE_H, TILE_GAP = 21 * MM, 27 * MM, 1.6 * MM
LEGEND_H = 7 * MM


def _face(pool: ScratchPool, name: str) -> FaceData:
    card = pool.card(name)
    if card is None:  # checked before drawing; a stand-in keeps a bad file from crashing
        card = next(iter(pool.cards.values()))
    return faces_of([card], pool)[0].face


def _label(c: Canvas, text: str, x: float, y: float, to: tuple[float, float], right: bool) -> None:
    c.setFont(REGULAR, 7)
    c.setFillColor(INK_BLACK)
    c.setStrokeColor(HexColor("#6b6b6b"))
    c.setLineWidth(0.45)
    if right:
        c.drawString(x, y - 2.4, text)
        c.line(x - 1.2 * MM, y, to[0], to[1])
    else:
        c.drawRightString(x, y - 2.4, text)
        c.line(x + 1.2 * MM, y, to[0], to[1])
    c.circle(to[0], to[1], 0.7, stroke=0, fill=1)


def _spread(ys: list[float], gap: float) -> list[float]:
    """Label heights from top to bottom, pushed apart to at least `gap`."""
    out: list[float] = []
    for y in ys:
        out.append(min(y, out[-1] - gap) if out else y)
    return out


def anatomy(pool: ScratchPool) -> tuple[Any, Any]:
    """The card-anatomy figure: one card with its parts named."""

    def size(args: dict[str, Any], width: float) -> tuple[float, float]:
        return min(width, 118 * MM), 66 * MM

    def paint(c: Canvas, args: dict[str, Any], width: float, height: float, ink: Ink) -> None:
        face = _face(pool, CardArgs.model_validate(args).card)
        k = (height - 4 * MM) / POKER_H
        w, h = POKER_W * k, POKER_H * k
        x0, y0 = (width - w) / 2, 2 * MM
        c.saveState()
        c.translate(x0, y0)
        c.scale(k, k)
        draw_face(c, face, POKER_W, POKER_H, 0, ink)
        c.restoreState()
        c.setStrokeColor(INK_BLACK)
        c.setLineWidth(0.4)
        c.rect(x0, y0, w, h, stroke=1, fill=0)
        geo = Geometry(POKER_W, POKER_H)

        def at(p: tuple[float, float]) -> tuple[float, float]:
            return x0 + p[0] * k, y0 + p[1] * k

        nx, ny, nw, nh = geo.name_box
        px, py, _, ph = geo.power_box
        band = geo.band_y + geo.band_h / 2
        left = [
            ("top value", geo.top_c),
            ("faction", (geo.safe + 9 * MM, band)),
            ("left value", geo.left_c),
            ("power and its text", (px + 4 * MM, py + ph / 2)),
            ("shorthand line", (geo.safe + 4 * MM, geo.safe + 2 * MM)),
        ]
        right = [
            ("name", (nx + nw - 4 * MM, ny + nh / 2)),
            ("rarity", (geo.w - geo.safe - 4 * MM, band)),
            ("right value", geo.right_c),
            ("bottom value", geo.bottom_c),
        ]
        if face.reconstructed:
            right.append(("reconstructed", (geo.w - geo.safe - 2.6 * MM, geo.safe + 2.3 * MM)))
        for items, is_right in ((left, False), (right, True)):
            points = [at(p) for _, p in items]
            ys = _spread([p[1] for p in points], 4 * MM)
            x = x0 + w + 4 * MM if is_right else x0 - 4 * MM
            for (text, _), y, point in zip(items, ys, points, strict=True):
                _label(c, text, x, y, point, is_right)

    return size, paint


def flip(pool: ScratchPool) -> tuple[Any, Any]:
    """A card and the same card turned upside down."""

    def size(args: dict[str, Any], width: float) -> tuple[float, float]:
        return min(width, 100 * MM), 52 * MM

    def paint(c: Canvas, args: dict[str, Any], width: float, height: float, ink: Ink) -> None:
        face = _face(pool, CardArgs.model_validate(args).card)
        k = (height - 6 * MM) / POKER_H
        w, h = POKER_W * k, POKER_H * k
        gap = width - 2 * w
        for i, turned in enumerate((False, True)):
            x = i * (w + gap)
            c.saveState()
            if turned:
                c.translate(x + w, 6 * MM + h)
                c.rotate(180)
            else:
                c.translate(x, 6 * MM)
            c.scale(k, k)
            draw_face(c, face, POKER_W, POKER_H, 0, ink)
            c.restoreState()
            c.setFont(ITALIC, 7)
            c.setFillColor(INK_BLACK)
            c.drawCentredString(x + w / 2, 1.5 * MM, "turned over" if turned else "as dealt")
        mid_y = 6 * MM + h / 2
        c.setStrokeColor(INK_BLACK)
        c.setLineWidth(1.2)
        a, b = w + 4 * MM, w + gap - 4 * MM
        c.line(a, mid_y, b, mid_y)
        c.line(b, mid_y, b - 2.2 * MM, mid_y + 1.4 * MM)
        c.line(b, mid_y, b - 2.2 * MM, mid_y - 1.4 * MM)
        c.setFont(REGULAR, 7)
        c.drawCentredString((a + b) / 2, mid_y + 2 * MM, "top and bottom,")
        c.drawCentredString((a + b) / 2, mid_y - 4 * MM, "left and right swap")

    return size, paint


def _tile(c: Canvas, face: FaceData, cell: Cell, x: float, y: float, ink: Ink) -> None:
    top, right, bottom, left = face.top, face.right, face.bottom, face.left
    if "flipped" in cell.flags:
        top, right, bottom, left = bottom, left, top, right
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(INK_BLACK if ink == "low" else HexColor(face.colour))
    c.setLineWidth(2.6 if "new" in cell.flags else 1.1)
    c.roundRect(x, y, TILE_W, TILE_H, 1.6 * MM, stroke=1, fill=1)
    c.setFillColor(INK_BLACK)
    c.setFont(BOLD, 10)
    c.drawCentredString(x + TILE_W / 2, y + TILE_H - 4.6 * MM, str(top))
    c.drawCentredString(x + TILE_W / 2, y + 1.6 * MM, str(bottom))
    c.drawString(x + 1.3 * MM, y + TILE_H / 2 - 1.2 * MM, str(left))
    c.drawRightString(x + TILE_W - 1.3 * MM, y + TILE_H / 2 - 1.2 * MM, str(right))
    lines = wrap(face.name, BOLD, 5.6, TILE_W - 8 * MM)[:2]
    c.setFont(BOLD, 5.6)
    line_y = y + TILE_H / 2 + (len(lines) - 1) * 3.2 - 0.6
    for line in lines:
        c.drawCentredString(x + TILE_W / 2, line_y, line)
        line_y -= 6.4
    notes = [
        w
        for w, flag in (("played", "new"), ("taken", "taken"), ("turned", "flipped"))
        if flag in cell.flags
    ]
    if notes:
        c.setFont(ITALIC, 5.2)
        c.drawCentredString(x + TILE_W / 2, y + 6.3 * MM, ", ".join(notes))
    # The holder's coin: P1 dark, P2 light, so it reads in greyscale too.
    cx, cy, r = x + TILE_W - 3.2 * MM, y + TILE_H - 3.2 * MM, 2.3 * MM
    dark = cell.owner == "P1"
    c.setLineWidth(0.7)
    c.setStrokeColor(INK_BLACK)
    c.setFillColor(INK_BLACK if dark else white)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColor(white if dark else INK_BLACK)
    c.setFont(BOLD, 5.2)
    c.drawCentredString(cx, cy - 1.9, cell.owner)
    c.restoreState()


def board(pool: ScratchPool) -> tuple[Any, Any]:
    """A 3x3 board of small cards with their holders."""

    def size(args: dict[str, Any], width: float) -> tuple[float, float]:
        return 3 * TILE_W + 2 * TILE_GAP, 3 * TILE_H + 2 * TILE_GAP + LEGEND_H

    def paint(c: Canvas, args: dict[str, Any], width: float, height: float, ink: Ink) -> None:
        cells = BoardArgs.model_validate(args).cells
        for r, row in enumerate(cells[:3]):
            for col, text in enumerate(row[:3]):
                x = col * (TILE_W + TILE_GAP)
                y = LEGEND_H + (2 - r) * (TILE_H + TILE_GAP)
                cell = parse_cell(text)
                if cell is None:
                    c.saveState()
                    c.setStrokeColor(HexColor("#b5b5b5"))
                    c.setLineWidth(0.6)
                    c.setDash(2, 2)
                    c.roundRect(x, y, TILE_W, TILE_H, 1.6 * MM, stroke=1, fill=0)
                    c.restoreState()
                    continue
                _tile(c, _face(pool, cell.card), cell, x, y, ink)
        c.setFont(ITALIC, 6.2)
        c.setFillColor(INK_BLACK)
        c.drawCentredString(width / 2, 3.2 * MM, "P1: dark coin \u00b7 P2: light coin")
        c.drawCentredString(width / 2, 0.6 * MM, "thick frame: the card just played")

    return size, paint


def scratch_figures(pool: ScratchPool) -> Figures:
    """Every figure Scratch's rules can name (their `args:` models: figure_args.py)."""
    makers = {"card-anatomy": anatomy, "flip": flip, "board": board}
    built = {name: make(pool) for name, make in makers.items()}
    return Figures.of(built)
