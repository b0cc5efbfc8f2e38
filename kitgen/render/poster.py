"""Posters (play mats, boards): drawn once in poster coordinates, tiled over sheets."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.geometry import Box
from kitgen.layout.tile import Tile, alignment_marks
from kitgen.render.fonts import REGULAR
from kitgen.render.sheets import HAIRLINE, draw_marks

Painter = Callable[[Canvas], None]


def render_tiles(
    c: Canvas,
    tiles: list[Tile],
    painter: Painter,
    decorate_first: Callable[[Canvas], None] | None = None,
    busy: Sequence[Box] = (),
) -> None:
    """One page per tile: the poster clipped to the tile, with alignment crosses kept off
    the `busy` boxes (where the poster has content, in poster coordinates)."""
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
            draw_marks(c, alignment_marks(tile, tiles, busy))
            c.saveState()
            c.setStrokeColor(black)
            c.setLineWidth(HAIRLINE)
            c.setDash(1, 2)
            c.rect(clip.x, clip.y, clip.width, clip.height, stroke=1, fill=0)
            c.setDash()
            c.setFont(REGULAR, 6)
            c.drawString(
                clip.x,
                clip.y - 8,
                f"sheet {tile.index + 1} of {len(tiles)} (row {tile.row + 1}, column "
                f"{tile.col + 1}): trim on the dotted line where sheets overlap, lay the "
                "crosses on top of each other, tape",
            )
            c.restoreState()
        if tile.index == 0 and decorate_first is not None:
            decorate_first(c)
        c.showPage()
