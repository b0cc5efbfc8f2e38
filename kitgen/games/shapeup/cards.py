"""Shape Up! card faces and back, and the symbols they are made of.

Every drawing function works in card coordinates: the trim box's lower-left
corner is (0, 0) and the bleed lies outside it. The symbol is large and
centred; hollow is a thick ring, solid is filled (hatched in the low-ink
edition). Colour is never the only cue: each colour has its own line (red
solid, green dashed, blue dotted), drawn as the card's frame and again in white
along the middle of the symbol's outline band, and its initial letter in the
four corner indices, so a card reads in greyscale and in the low-ink edition too.

The three inks differ in lightness as well as hue, by at least 20 units of CIE
L* (dark navy blue, mid vermilion red, light lime green; tests/test_greyscale.py),
so a mono printer prints them as three clearly different greys. The line inside
the symbol runs in the band that hollow and solid symbols share (a hollow
symbol's ring, a solid symbol's rim), so it never touches what tells the fills
apart: the inside of the symbol, empty or inked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from kitgen.api import BOLD, BOLD_ITALIC, MM, Ink, star_points
from kitgen.games.shapeup.model import Card

INK_BLACK = HexColor("#1b1b1b")
POKER_W, POKER_H = 63 * MM, 88 * MM
STAR_INNER = 0.46  # inner radius of the star over its outer radius: five clear points
SMALL_SYMBOL = 10 * MM  # smaller symbols are filled plainly: hatching would be a blur


@dataclass(frozen=True)
class ColourStyle:
    """How one colour is printed: its ink, a dark shade, a tint, its letter and frame line."""

    ink: Color
    dark: Color
    tint: Color
    letter: str
    line: str  # "solid", "dashed" or "dotted" (or "none"): names the colour without hue


def _mix(colour: Color, towards: float, target: float) -> Color:
    """A colour moved `towards` of the way to the grey level `target` (1 = white, 0 = black)."""
    return Color(
        colour.red + (target - colour.red) * towards,
        colour.green + (target - colour.green) * towards,
        colour.blue + (target - colour.blue) * towards,
    )


def _style(hex_colour: str, letter: str, line: str) -> ColourStyle:
    base = HexColor(hex_colour)
    return ColourStyle(base, _mix(base, 0.35, 0.0), _mix(base, 0.86, 1.0), letter, line)


# The one source of the three colours: cards, backs, score sheets and booklet figures
# all draw from here. Their CIE L* (sRGB): blue 22.5, red 50.9, green 76.4; as the
# greys a mono printer makes of them (ITU-R BT.601 luma): 20.3, 46.8, 71.1.
COLOUR_STYLES: dict[str, ColourStyle] = {
    "red": _style("#d9452f", "R", "solid"),
    "green": _style("#9bcc45", "G", "dashed"),
    "blue": _style("#1a2f7a", "B", "dotted"),
}
NEUTRAL = _style("#3b3b3b", "", "none")  # shapes that stand for any colour


def colour_style(colour: str) -> ColourStyle:
    """The printed style of a colour (`red`, `green` or `blue`)."""
    return COLOUR_STYLES[colour]


# --- Symbols ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outline:
    """A regular shape: its corners (none for the circle), centre and apothem.

    Every edge lies the apothem from the centre, so scaling about the centre
    moves every edge in by the same distance: rings and inner strokes keep an
    even thickness.
    """

    corners: tuple[tuple[float, float], ...]
    cx: float
    cy: float
    apothem: float

    def path(
        self, c: Canvas, inset: float = 0.0, into: PDFPathObject | None = None
    ) -> PDFPathObject:
        """The outline moved `inset` inwards, as a new path or added to `into`."""
        path = into if into is not None else c.beginPath()
        k = (self.apothem - inset) / self.apothem
        if not self.corners:
            path.circle(self.cx, self.cy, self.apothem * k)
            return path
        pts = [(self.cx + (x - self.cx) * k, self.cy + (y - self.cy) * k) for x, y in self.corners]
        path.moveTo(*pts[0])
        for p in pts[1:]:
            path.lineTo(*p)
        path.close()
        return path


def outline(shape: str, cx: float, cy: float, size: float) -> Outline:
    """A shape fitting a box of `size` centred on (cx, cy), optically balanced."""
    h = size / 2
    if shape == "circle":
        return Outline((), cx, cy, h * 0.97)
    if shape == "square":
        a = h * 0.86
        return Outline(
            ((cx - a, cy - a), (cx + a, cy - a), (cx + a, cy + a), (cx - a, cy + a)), cx, cy, a
        )
    if shape == "triangle":
        r = size * 1.02 / math.sqrt(3)  # centre to corner, for a side of 1.02 * size
        oy = cy - r / 8  # halfway between centring the box and centring the centroid
        angles = [math.pi / 2 + i * 2 * math.pi / 3 for i in range(3)]
        return Outline(
            tuple((cx + r * math.cos(a), oy + r * math.sin(a)) for a in angles), cx, oy, r / 2
        )
    if shape == "star":
        outer = h * 1.06
        oy = cy - outer * (1 - math.cos(math.pi / 5)) / 2  # top point and feet balanced
        pts = star_points(cx, oy, outer, outer * STAR_INNER)
        (x0, y0), (x1, y1) = pts[0], pts[1]
        apothem = abs((x1 - x0) * (y0 - oy) - (x0 - cx) * (y1 - y0)) / math.hypot(x1 - x0, y1 - y0)
        return Outline(tuple(pts), cx, oy, apothem)
    raise ValueError(f"unknown shape {shape!r}")


def symbol_weight(size: float, ink: Ink = "normal") -> float:
    """The thickness of a hollow symbol's ring for a symbol `size` across."""
    return size * (0.065 if ink == "low" else 0.085)


def draw_symbol(
    c: Canvas, card: Card, cx: float, cy: float, size: float, ink: Ink, cue: float = 1.0
) -> None:
    """A card's symbol in a box of `size` centred on (cx, cy); `cue` thickens the dashes or
    dots of its colour line."""
    draw_shape(c, card.shape, card.fill, cx, cy, size, ink, colour_style(card.colour), cue)


def draw_shape(
    c: Canvas,
    shape: str,
    fill: str,
    cx: float,
    cy: float,
    size: float,
    ink: Ink,
    style: ColourStyle,
    cue: float = 1.0,
) -> None:
    """A shape, hollow or solid, in a box of `size` centred on (cx, cy).

    Hollow: a thick ring, the ground showing inside. Solid: filled; in the
    low-ink edition, dense hatching inside the same ring as a hollow symbol's,
    so it still reads as solid next to a hollow symbol. Outlines are drawn
    inside the shape, so hollow and solid symbols are the same size.

    A symbol large enough to show it carries its colour's line (solid, dashed
    or dotted) in white along the middle of its ring, or of the same band on
    a solid symbol's rim: the colour is seen without its hue, and the inside of
    the symbol, which tells hollow from solid, is left alone. `cue` thickens
    dashes and dots (for the little cards of booklet figures).
    """
    shape_at = outline(shape, cx, cy, size)
    ring_weight = symbol_weight(size, ink)
    large = size > SMALL_SYMBOL
    c.saveState()
    c.setLineJoin(1)
    if fill == "hollow" or (ink == "low" and large):
        ring = shape_at.path(c)
        shape_at.path(c, ring_weight, into=ring)
        c.setFillColor(style.ink)
        c.drawPath(ring, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
        if fill != "hollow":  # low-ink solid: hatched inside the ring
            _hatch(c, shape_at, ring_weight - size * 0.01, size, style.ink)
    else:
        weight = size * 0.018
        c.setFillColor(style.ink)
        c.drawPath(shape_at.path(c), stroke=0, fill=1)
        c.setStrokeColor(style.dark)
        c.setLineWidth(weight)
        c.drawPath(shape_at.path(c, weight / 2), stroke=1, fill=0)
    if large and style.line != "none":
        # A continuous line stays a fine pinstripe, so a hollow ring still reads as one
        # thick outline; dashes and dots are bolder, to read as dashes and dots.
        share = 0.2 if style.line == "solid" else min(0.32 * cue, 0.5)
        set_line_style(c, style, ring_weight * share, white)
        c.drawPath(shape_at.path(c, ring_weight / 2), stroke=1, fill=0)
    c.restoreState()


def _hatch(c: Canvas, shape: Outline, inset: float, size: float, colour: Color) -> None:
    """Diagonal lines inside a shape's outline: solid without a solid area of ink."""
    c.saveState()
    c.clipPath(shape.path(c, inset), stroke=0, fill=0)
    c.setStrokeColor(colour)
    c.setLineWidth(size * 0.02)
    step = size * 0.068
    reach = size * 0.75
    for i in range(math.ceil(2 * reach / step) + 1):
        d = -reach + i * step
        c.line(shape.cx + d - reach, shape.cy - reach, shape.cx + d + reach, shape.cy + reach)
    c.restoreState()


# --- Faces -----------------------------------------------------------------------------------


class FaceGeometry:
    """Where things go on a face of a given size, scaled from the poker design."""

    def __init__(self, width: float, height: float) -> None:
        self.w, self.h = width, height
        self.s = s = min(width / POKER_W, height / POKER_H)
        self.safe = 3 * MM * s  # the frame line runs here
        self.radius = 3 * MM * s
        self.frame_width = 1.25 * MM * s
        self.letter = 15 * s  # the index letter's size
        self.index_x = self.safe + 4.6 * MM * s  # centre of an index from the side
        self.letter_y = self.h - self.safe - 2.2 * MM * s - 0.72 * self.letter  # baseline
        self.mini = 5.2 * MM * s  # the small symbol under the letter
        self.mini_y = self.letter_y - 1.4 * MM * s - self.mini / 2
        # The symbol keeps clear of the frame at the sides and of the indices above
        # and below (the indices sit in the corners, beside no part of the symbol).
        index_h = self.h - (self.mini_y - self.mini / 2)
        gap = 2 * MM * s
        self.symbol = max(
            min(width - 2 * (self.safe + 5 * MM * s), height - 2 * (index_h + gap)),
            min(width, height) * 0.3,
        )
        self.centre = (width / 2, height / 2)


def set_colour_line(c: Canvas, colour: str, width: float) -> None:
    """Stroke in a colour's ink and line style: red solid, green dashed, blue dotted."""
    style = colour_style(colour)
    set_line_style(c, style, width, style.ink)


def set_line_style(c: Canvas, style: ColourStyle, width: float, ink: Color) -> None:
    """Stroke in `ink` with a colour's line style: solid, dashed or dotted."""
    c.setStrokeColor(ink)
    c.setLineWidth(width)
    if style.line == "dashed":
        c.setLineCap(0)
        c.setDash([4.2 * width, 1.9 * width])
    elif style.line == "dotted":
        c.setLineCap(1)
        c.setDash([0, 2.6 * width])
    else:
        c.setLineCap(0)
        c.setDash()


def frame(c: Canvas, colour: str, geo: FaceGeometry, ink: Ink, weight: float = 1.0) -> None:
    """The colour's frame: its line style names the colour without its hue."""
    c.saveState()
    set_colour_line(c, colour, geo.frame_width * weight * (0.8 if ink == "low" else 1))
    inset = geo.safe
    c.roundRect(inset, inset, geo.w - 2 * inset, geo.h - 2 * inset, geo.radius, stroke=1, fill=0)
    c.restoreState()


def _index(c: Canvas, card: Card, geo: FaceGeometry, ink: Ink) -> None:
    """One corner index, top left: the colour letter over a small symbol."""
    style = colour_style(card.colour)
    c.setFillColor(style.dark)
    c.setFont(BOLD, geo.letter)
    c.drawCentredString(geo.index_x, geo.letter_y, style.letter)
    draw_symbol(c, card, geo.index_x, geo.mini_y, geo.mini, ink)


def corner_indices(c: Canvas, card: Card, geo: FaceGeometry, ink: Ink) -> None:
    """An index in each corner; the bottom two turned round, so any side reads."""
    for turned in (False, True):
        for mirrored in (False, True):
            c.saveState()
            if turned:
                c.translate(geo.w, geo.h)
                c.rotate(180)
            if mirrored:
                c.translate(geo.w - 2 * geo.index_x, 0)
            _index(c, card, geo, ink)
            c.restoreState()


def draw_face(
    c: Canvas,
    card: Card,
    width: float,
    height: float,
    bleed: float,
    ink: Ink,
    *,
    small: bool = False,
) -> None:
    """Draw one card face with its bleed.

    `small` is for the little cards of rule-booklet figures: no corner indices,
    and a bolder frame and symbol line so that their line style still reads.
    """
    geo = FaceGeometry(width, height)
    style = colour_style(card.colour)
    ground = white if ink == "low" else style.tint
    c.saveState()
    c.setFillColor(ground)
    c.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    if ink != "low":  # a white panel inside the frame: the symbol stands out from the tint
        c.setFillColor(white)
        inset = geo.safe
        c.roundRect(
            inset, inset, width - 2 * inset, height - 2 * inset, geo.radius, stroke=0, fill=1
        )
    frame(c, card.colour, geo, ink, 2.0 if small else 1.0)
    if not small:
        corner_indices(c, card, geo, ink)
    draw_symbol(c, card, *geo.centre, geo.symbol, ink, 1.6 if small else 1.0)
    c.restoreState()


def draw_back(c: Canvas, width: float, height: float, bleed: float, ink: Ink) -> None:
    """The common back: the four shapes in outline and the game's name, the same turned round."""
    s = min(width / POKER_W, height / POKER_H)
    dark = HexColor("#27303d")
    light = HexColor("#dfe5ec")
    c.saveState()
    c.setFillColor(white if ink == "low" else dark)
    c.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    line = INK_BLACK if ink == "low" else light
    inset = 3 * MM * s
    c.setStrokeColor(line)
    c.setLineWidth(0.8 * s)
    c.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, 3 * MM * s)
    c.roundRect(
        inset + 1.4 * MM * s,
        inset + 1.4 * MM * s,
        width - 2 * inset - 2.8 * MM * s,
        height - 2 * inset - 2.8 * MM * s,
        2 * MM * s,
    )
    cx, cy = width / 2, height / 2
    cell = min(width, height) * 0.25
    tints = ("red", "green", "blue", None)
    shapes = ("circle", "square", "star", "triangle")
    c.setLineJoin(1)
    for i, (shape, colour) in enumerate(zip(shapes, tints, strict=True)):
        dx = (-0.55 if i % 2 == 0 else 0.55) * cell
        dy = (0.55 if i < 2 else -0.55) * cell
        stroke = (
            INK_BLACK
            if ink == "low"
            else (colour_style(colour).tint if colour is not None else light)
        )
        c.setStrokeColor(stroke)
        c.setLineWidth(2 * s)
        c.drawPath(outline(shape, cx + dx, cy + dy, cell * 0.82).path(c), stroke=1, fill=0)
    c.setFillColor(INK_BLACK if ink == "low" else light)
    size = 16 * s
    for turned in (False, True):
        c.saveState()
        if turned:
            c.translate(width, height)
            c.rotate(180)
        c.setFont(BOLD_ITALIC, size)
        c.drawCentredString(cx, cy + 1.25 * cell + 2.5 * MM * s, "SHAPE UP!")
        c.restoreState()
    c.restoreState()
