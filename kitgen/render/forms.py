"""Drawings a PDF holds once and draws by name (form XObjects) wherever they repeat.

A card sheet repeats much: every card of a faction has the same ground, every 7 in
a corner is the same disc. Drawn once as a form and named on each card, the file
holds it once and the page says only its name. Names are short and numbered in
the order a PDF first draws each drawing (`kf1`, `kf2`, ...): the page resources
list every name a page uses, uncompressed, so a long name costs bytes on every
page; numbered in drawing order, the same input gives the same names.

A form keeps the coordinates it was drawn in: placed without a move, it draws
exactly where the drawing would have.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from weakref import WeakKeyDictionary

from reportlab.pdfgen.canvas import Canvas

_NAMES: WeakKeyDictionary[Canvas, dict[Hashable, str]] = WeakKeyDictionary()


def draw_once(
    c: Canvas,
    key: Hashable,
    box: tuple[float, float, float, float],
    draw: Callable[[Canvas], None],
) -> None:
    """Draw `draw`'s drawing, made into a form the first time this canvas meets `key`.

    `key` must name everything the drawing depends on; `box` (x0, y0, x1, y1) bounds
    it, strokes included: what lies outside is clipped.
    """
    names = _NAMES.setdefault(c, {})
    name = names.get(key)
    if name is None:
        name = f"kf{len(names) + 1}"
        names[key] = name
        c.beginForm(name, *box)
        draw(c)
        c.endForm()
    c.doForm(name)
