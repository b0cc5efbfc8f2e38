"""Posters (play mats, boards): drawn once in poster coordinates, tiled over sheets."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.geometry import Box
from kitgen.layout.tile import Tile, alignment_marks, seam_lines
from kitgen.render.fonts import REGULAR, text_width
from kitgen.render.sheets import HAIRLINE, draw_marks

Painter = Callable[[Canvas], None]


def render_tiles(
    c: Canvas,
    tiles: list[Tile],
    painter: Painter,
    decorate_first: Callable[[Canvas], None] | None = None,
    busy: Sequence[Box] = (),
) -> None:
    """One page per tile: the poster clipped to the tile, its seams dashed, with alignment
    crosses on them kept off the `busy` boxes (where the poster has content, in poster
    coordinates)."""
    for tile in tiles:
        c.setPageSize((tile.page.width, tile.page.height))
        c.saveState()
        path = c.beginPath()
        clip = tile.clip
        path.rect(clip.x, clip.y, clip.width, clip.height)
        c.clipPath(path, stroke=0, fill=0)
        c.translate(*tile.origin)
        painter(c)
        c.restoreState()
        if len(tiles) > 1:
            crosses = alignment_marks(tile, tiles, busy)
            draw_marks(c, crosses)
            c.saveState()
            c.setStrokeColor(black)
            c.setLineWidth(HAIRLINE)
            c.setDash(4, 2)
            for seam in seam_lines(tile, tiles):
                c.line(seam.x0, seam.y0, seam.x1, seam.y1)
            c.setDash(1, 2)
            c.rect(clip.x, clip.y, clip.width, clip.height, stroke=1, fill=0)
            c.setDash()
            _sheet_label(c, tile, len(tiles), bool(crosses))
            c.restoreState()
        if tile.index == 0 and decorate_first is not None:
            decorate_first(c)
        c.showPage()


def _sheet_label(c: Canvas, tile: Tile, count: int, crosses: bool) -> None:
    """Which sheet this is and how the sheets go together, under the window: from its
    left edge, or further left where a narrow window leaves it no room, never past the
    page's margins (smaller type where even those are too narrow)."""
    lay = "with the crosses on each other" if crosses else "so that its lines run on"
    text = (
        f"sheet {tile.index + 1} of {count} (row {tile.row + 1}, column {tile.col + 1}): "
        f"where two sheets overlap, cut one on the dashed seam, lay it on the other {lay}, "
        "tape"
    )
    room = tile.page.width - 2 * tile.margin
    size = min(6.0, 6.0 * room / text_width(text, REGULAR, 6.0))
    width = text_width(text, REGULAR, size)
    x = max(tile.margin, min(tile.clip.x, tile.page.width - tile.margin - width))
    c.setFillColor(black)
    c.setFont(REGULAR, size)
    c.drawString(x, tile.clip.y - 8, text)
