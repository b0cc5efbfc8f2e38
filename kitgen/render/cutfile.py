"""The cut file that goes with a print-and-cut sheet: an SVG of the page, its card
outlines to cut and the registration marks that were printed, at their printed places.

Units are millimetres (`width`/`height` in mm, a viewBox in mm, y down), so the file
opens at the paper's size. Two layers: `Regmarks` (the marks, black, as printed; the
Inkscape "Send to Silhouette" extension leaves a layer of this name out of the cut)
and `Cut` (one rectangle per card slot of a full sheet, on its trim: hairline red, no
fill; for cards of a shape of their own, a path of that shape). The text is the same
for the same setup, byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from kitgen.layout.cutting import Registration
from kitgen.layout.geometry import Box, Grid
from kitgen.layout.units import MM

if TYPE_CHECKING:
    from kitgen.layout.shapes import CardShape


def _mm(value: float) -> str:
    """Points as millimetres, three decimals, no trailing zeros."""
    text = f"{value / MM:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _rect(box: Box, height: float, style: str, ident: str) -> str:
    """An SVG rect for a box in PDF points (y up) on a page `height` points high."""
    return (
        f'    <rect id="{ident}" x="{_mm(box.x)}" y="{_mm(height - box.top)}" '
        f'width="{_mm(box.width)}" height="{_mm(box.height)}" style="{style}"/>'
    )


def _path(
    commands: Sequence[tuple[object, ...]], box: Box, height: float, style: str, ident: str
) -> str:
    """An SVG path of a card's outline (kitgen.layout.shapes, in the card's points, y
    up) at a slot's trim `box` on a page `height` points high."""
    words: list[str] = []
    for command in commands:
        kind = str(command[0])
        numbers = [float(v) for v in command[1:]]  # type: ignore[arg-type]
        points = [
            f"{_mm(box.x + numbers[k])} {_mm(height - box.y - numbers[k + 1])}"
            for k in range(0, len(numbers), 2)
        ]
        words.append(" ".join([kind, *points]))
    return f'    <path id="{ident}" d="{" ".join(words)}" style="{style}"/>'


def cut_svg(
    title: str, grid: Grid, registration: Registration, shape: CardShape | None = None
) -> bytes:
    """The cut file for a print-and-cut grid and its registration marks; `shape`: the
    cards' own shape (else each card is cut along its rectangle)."""
    page = grid.page
    width, height = _mm(page.width), _mm(page.height)
    marks = [
        _rect(box, page.height, "fill:#000000;stroke:none", f"regmark-{i + 1}")
        for i, box in enumerate(registration.shapes)
    ]
    style = "fill:none;stroke:#ff0000;stroke-width:0.1"
    if shape is not None:
        outline = shape.outline(grid.card.width, grid.card.height)
        cuts = [
            _path(outline, slot.trim, page.height, style, f"card-r{slot.row + 1}-c{slot.col + 1}")
            for slot in grid.slots
        ]
    else:
        cuts = [
            _rect(slot.trim, page.height, style, f"card-r{slot.row + 1}-c{slot.col + 1}")
            for slot in grid.slots
        ]
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" '
        f'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
        f'width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}">',
        f"  <title>{escape(title)}: {registration.machine} cut file</title>",
        '  <g id="Regmarks" inkscape:groupmode="layer" inkscape:label="Regmarks">',
        *marks,
        "  </g>",
        '  <g id="Cut" inkscape:groupmode="layer" inkscape:label="Cut">',
        *cuts,
        "  </g>",
        "</svg>",
        "",
    ]
    return "\n".join(lines).encode("utf-8")
