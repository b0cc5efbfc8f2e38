"""The standard 54-card deck: suit symbols as vector paths, faces and the common back.

Every drawing function works in card coordinates: the trim box's lower-left
corner is (0, 0) and the bleed lies outside it. Sizes come from the card's
width and height (scaled from a poker card), so every card size gets the same
design. Suits are told apart by shape, never by colour alone; the two jokers by
their emblem and a word as well as by colour. In the low-ink edition no large
area is solid: big shapes are hatched inside an outline, letters outlined.
"""

from __future__ import annotations

import math
from functools import cache

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from kitgen.layout.pips import pip_layout
from kitgen.layout.units import MM
from kitgen.model.kit import Ink
from kitgen.model.standard import Card
from kitgen.render.fonts import BOLD, text_width
from kitgen.render.symbols import star_points

RED = HexColor("#c8102e")
BLACK = HexColor("#1a1a1a")
RED_TINT = HexColor("#fbe9ec")
BLACK_TINT = HexColor("#eeeeee")
BACK_GROUND = HexColor("#1f3b6e")
BACK_LINE = HexColor("#5a78b0")
BACK_LOW = HexColor("#8fa3c8")
BACK_LIGHT = HexColor("#c9d4ea")
POKER_W, POKER_H = 63 * MM, 88 * MM
CAP = 0.729  # the cap height of the bold face, over its size
DESCENT = {"J": 0.2, "Q": 0.14}  # how far these capitals reach below the baseline, over the size
HATCH_FROM = 12 * MM  # larger shapes are hatched in the low-ink edition
COURT_WORDS = {11: "JACK", 12: "QUEEN", 13: "KING"}

Point = tuple[float, float]
Segment = tuple[Point, Point, Point]  # a cubic: two control points and the end
Shape = tuple[Point, tuple[Segment, ...]]  # a start and the segments of a closed outline


def ink_of(card: Card) -> Color:
    """The card's ink: a strong red for hearts, diamonds and the red joker, else near-black."""
    return RED if card.colour == "red" else BLACK


def _suit_ink(suit: str) -> Color:
    return RED if suit in ("H", "D") else BLACK


# --- Suit outlines, in a box one unit tall centred on the origin ------------------------------


def _line(p0: Point, p1: Point) -> Segment:
    return (p0, p1, p1)


def _mirrored(start: Point, right: list[Segment]) -> tuple[Segment, ...]:
    """A right half from the axis back to the axis, then its mirror image back to the start."""
    ends = [start] + [end for _, _, end in right]
    left = [
        ((-c2[0], c2[1]), (-c1[0], c1[1]), (-ends[i][0], ends[i][1]))
        for i, (c1, c2, _) in reversed(list(enumerate(right)))
    ]
    return (*right, *left)


def _arc(cx: float, cy: float, r: float, start: float, extent: float) -> list[Segment]:
    """A circular arc (degrees, counter-clockwise) as cubic segments of at most 90 degrees."""
    pieces = math.ceil(abs(extent) / 90)
    step = math.radians(extent / pieces)
    k = 4 / 3 * math.tan(step / 4) * r
    out: list[Segment] = []
    a = math.radians(start)
    for _ in range(pieces):
        b = a + step
        p0 = (cx + r * math.cos(a), cy + r * math.sin(a))
        p1 = (cx + r * math.cos(b), cy + r * math.sin(b))
        c1 = (p0[0] - k * math.sin(a), p0[1] + k * math.cos(a))
        c2 = (p1[0] + k * math.sin(b), p1[1] - k * math.cos(b))
        out.append((c1, c2, p1))
        a = b
    return out


def _meet(a: Point, b: Point, r: float) -> Point:
    """Where two circles of radius r cross, on the side away from the origin."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    h = math.sqrt(max(r * r - d * d / 4, 0.0))
    options = [(mx - dy / d * h, my + dx / d * h), (mx + dy / d * h, my - dx / d * h)]
    return max(options, key=lambda p: math.hypot(*p))


def _angle(centre: Point, p: Point) -> float:
    return math.degrees(math.atan2(p[1] - centre[1], p[0] - centre[0])) % 360


def _club() -> Shape:
    r = 0.222
    top, right, left = (0.0, 0.268), (0.245, -0.07), (-0.245, -0.07)
    neck = 205.0  # where the stem leaves the right leaf, in degrees round its centre
    join_r = (
        right[0] + r * math.cos(math.radians(neck)),
        right[1] + r * math.sin(math.radians(neck)),
    )
    hi_r, hi_l = _meet(right, top, r), _meet(top, left, r)
    start = (0.0, -0.5)
    segments = [
        _line(start, (0.19, -0.5)),
        ((0.08, -0.45), (join_r[0] - 0.005, -0.3), join_r),
        *_arc(*right, r, neck, (_angle(right, hi_r) - neck) % 360),
        *_arc(*top, r, _angle(top, hi_r), (_angle(top, hi_l) - _angle(top, hi_r)) % 360),
        *_arc(*left, r, _angle(left, hi_l), (180 - neck - _angle(left, hi_l)) % 360),
        ((-join_r[0] + 0.005, -0.3), (-0.08, -0.45), (-0.19, -0.5)),
        _line((-0.19, -0.5), start),
    ]
    return start, tuple(segments)


@cache
def suit_shape(suit: str) -> Shape:
    """A suit's outline, one unit tall, centred on the origin, point or stem down."""
    if suit == "H":
        start = (0.0, -0.5)
        right = [
            ((0.13, -0.31), (0.48, -0.12), (0.48, 0.16)),
            ((0.48, 0.37), (0.36, 0.5), (0.245, 0.5)),
            ((0.12, 0.5), (0.03, 0.42), (0.0, 0.32)),
        ]
        return start, _mirrored(start, right)
    if suit == "S":
        start = (0.0, -0.5)
        right = [
            _line(start, (0.18, -0.5)),
            ((0.08, -0.44), (0.04, -0.33), (0.035, -0.2)),
            ((0.12, -0.32), (0.38, -0.34), (0.47, -0.14)),
            ((0.54, 0.02), (0.45, 0.15), (0.28, 0.28)),
            ((0.15, 0.38), (0.05, 0.44), (0.0, 0.5)),
        ]
        return start, _mirrored(start, right)
    if suit == "D":
        start = (0.0, -0.5)
        right = [
            ((0.15, -0.27), (0.29, -0.12), (0.39, 0.0)),
            ((0.29, 0.12), (0.15, 0.27), (0.0, 0.5)),
        ]
        return start, _mirrored(start, right)
    if suit == "C":
        return _club()
    raise ValueError(f"no such suit {suit!r}")


def suit_path(
    c: Canvas, suit: str, cx: float, cy: float, size: float, flipped: bool = False
) -> PDFPathObject:
    """A suit's outline `size` tall centred on (cx, cy), turned upside down when flipped."""
    start, segments = suit_shape(suit)
    k = -size if flipped else size

    def at(p: Point) -> Point:
        return cx + k * p[0], cy + k * p[1]

    path = c.beginPath()
    path.moveTo(*at(start))
    for c1, c2, end in segments:
        path.curveTo(*at(c1), *at(c2), *at(end))
    path.close()
    return path


def _hatched(c: Canvas, path: PDFPathObject, cx: float, cy: float, size: float) -> None:
    """Low ink: diagonal lines inside a path, then its outline, in the current colours."""
    c.saveState()
    c.clipPath(path, stroke=0, fill=0)
    c.setLineWidth(size * 0.016)
    step, reach = size * 0.055, size * 0.8
    for i in range(math.ceil(2 * reach / step) + 1):
        d = -reach + i * step
        c.line(cx + d - reach, cy - reach, cx + d + reach, cy + reach)
    c.restoreState()
    c.setLineWidth(size * 0.028)
    c.setLineJoin(1)
    c.drawPath(path, stroke=1, fill=0)


def draw_suit(
    c: Canvas,
    suit: str,
    cx: float,
    cy: float,
    size: float,
    ink: Ink,
    flipped: bool = False,
) -> None:
    """A suit symbol `size` tall centred on (cx, cy): solid, hatched when big in low ink."""
    colour = _suit_ink(suit)
    c.saveState()
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    if ink == "low" and size > HATCH_FROM:
        _hatched(c, suit_path(c, suit, cx, cy, size, flipped), cx, cy, size)
    else:
        c.drawPath(suit_path(c, suit, cx, cy, size, flipped), stroke=0, fill=1)
    c.restoreState()


# --- Where things go on a face ---------------------------------------------------------------


class FaceLayout:
    """Where the indices, pips and panels of a face go, scaled from the poker design."""

    def __init__(self, width: float, height: float) -> None:
        self.w, self.h = width, height
        self.s = s = min(width / POKER_W, height / POKER_H)
        self.rank = 21 * s  # the index rank's type size
        self.index_x = 7.1 * MM * s  # the centre line of an index
        self.rank_top = height - 3.7 * MM * s
        self.rank_base = self.rank_top - CAP * self.rank
        self.index_pip = 4.6 * MM * s
        self.index_gap = 1.2 * MM * s  # between the rank's baseline and the suit under it
        gap = 1.5 * MM * s
        self.clear_x = self.index_x + rank_width("10", self.rank) / 2 + gap  # indices end here
        # Pips grow a little on cards taller or wider than a poker card's proportions.
        area = math.sqrt(width * height / (POKER_W * POKER_H))
        self.pip = 9.4 * MM * min(area, 1.12 * s)
        # Pip centres: beside the indices, the rows no taller than the card's proportions ask.
        half_w = min(width / 2 - self.clear_x - 0.5 * self.pip, 0.3 * (height - 26 * MM * s))
        half_h = min(height / 2 - 13 * MM * s, 2.6 * half_w)
        self.pip_box = (width / 2 - half_w, height / 2 - half_h, 2 * half_w, 2 * half_h)
        self.ace = min(width * 0.42, height * 0.3)
        # Court and joker panel: between the indices, as tall as the ranks reach.
        panel_h = min(height - 2 * 3.7 * MM * s, 2.4 * (width - 2 * self.clear_x))
        self.panel = (self.clear_x, (height - panel_h) / 2, width - 2 * self.clear_x, panel_h)


def _squeeze(text: str) -> tuple[float, float]:
    """The horizontal scale and the letter spacing (over the size) of an index rank."""
    return (0.78, -0.04) if len(text) > 1 else (1.0, 0.0)


def rank_width(text: str, size: float) -> float:
    """The printed width of an index rank: `10` is set narrow so it fits the index column."""
    scale, spacing = _squeeze(text)
    return text_width(text, BOLD, size) * scale + (len(text) - 1) * spacing * size


def _rank_text(c: Canvas, text: str, x: float, y: float, size: float) -> None:
    """An index rank centred on x, its baseline at y; two-figure ranks squeezed."""
    scale, spacing = _squeeze(text)
    t = c.beginText()
    t.setFont(BOLD, size)
    t.setHorizScale(scale * 100)
    t.setCharSpace(spacing * size)
    t.setTextOrigin(x - rank_width(text, size) / 2, y)
    t.textOut(text)
    c.drawText(t)


def _turned(c: Canvas, layout: FaceLayout) -> None:
    """Turn the drawing 180 degrees about the card's centre."""
    c.translate(layout.w, layout.h)
    c.rotate(180)


def _index(c: Canvas, card: Card, layout: FaceLayout, ink: Ink) -> None:
    """The top-left index: the rank over a small suit, or JOKER down the edge."""
    c.setFillColor(ink_of(card))
    if card.is_joker:
        size = 12.5 * layout.s
        step = CAP * size + 1.15 * MM * layout.s
        y = layout.rank_top - CAP * size
        c.setFont(BOLD, size)
        for letter in "JOKER":
            c.drawCentredString(layout.index_x, y, letter)
            y -= step
        mini = layout.index_pip * 0.55  # small: solid in either edition, like the pips
        joker_emblem(c, card, layout.index_x, y + CAP * size - 2.4 * MM * layout.s, mini, "normal")
        return
    _rank_text(c, card.rank_text, layout.index_x, layout.rank_base, layout.rank)
    descent = DESCENT.get(card.rank_text, 0.0) * layout.rank + 0.4 * MM * layout.s
    top = layout.rank_base - max(layout.index_gap, descent)
    pip = layout.index_pip
    draw_suit(c, card.suit, layout.index_x, top - pip / 2, pip, ink)


def corner_indices(c: Canvas, card: Card, layout: FaceLayout, ink: Ink) -> None:
    """Indices top left and, turned round, bottom right."""
    for turned in (False, True):
        c.saveState()
        if turned:
            _turned(c, layout)
        _index(c, card, layout, ink)
        c.restoreState()


def _pips(c: Canvas, card: Card, layout: FaceLayout, ink: Ink) -> None:
    """The pips of ace to ten in the pip area; the ace's one large pip in the middle."""
    if card.rank == 1:
        draw_suit(c, card.suit, layout.w / 2, layout.h / 2, layout.ace, ink)
        return
    x, y, w, h = layout.pip_box
    for pip in pip_layout(card.rank):
        draw_suit(c, card.suit, x + pip.x * w, y + pip.y * h, layout.pip, ink, pip.flipped)


# --- Courts and jokers -----------------------------------------------------------------------


def _panel_frame(c: Canvas, card: Card, layout: FaceLayout, ink: Ink) -> None:
    """The framed panel of a court card or joker: tinted in normal ink, a double rule."""
    x, y, w, h = layout.panel
    s = layout.s
    colour = ink_of(card)
    c.saveState()
    if ink != "low":
        c.setFillColor(RED_TINT if card.colour == "red" else BLACK_TINT)
        c.roundRect(x, y, w, h, 1.6 * MM * s, stroke=0, fill=1)
    c.setStrokeColor(colour)
    c.setLineWidth(1.1 * s)
    c.roundRect(x, y, w, h, 1.6 * MM * s, stroke=1, fill=0)
    inset = 1.1 * MM * s
    c.setLineWidth(0.45 * s)
    c.roundRect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, 0.9 * MM * s, stroke=1, fill=0)
    c.restoreState()


def _spaced(c: Canvas, text: str, cx: float, y: float, size: float, spacing: float) -> None:
    """Letter-spaced capitals centred on cx."""
    width = text_width(text, BOLD, size) + spacing * (len(text) - 1)
    t = c.beginText()
    t.setFont(BOLD, size)
    t.setCharSpace(spacing)
    t.setTextOrigin(cx - width / 2, y)
    t.textOut(text)
    c.drawText(t)


def _court_half(c: Canvas, card: Card, layout: FaceLayout, ink: Ink) -> None:
    """The upper half of a court panel: a crown between two suits, a big letter, the word."""
    x, y, w, h = layout.panel
    half = h / 2
    mid = y + half
    cx = x + w / 2
    colour = ink_of(card)
    letter = card.rank_text
    size = min(0.38 * half / CAP, 0.62 * w / text_width(letter, BOLD, 1))
    base = mid + 0.31 * half
    c.saveState()
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    t = c.beginText()
    t.setFont(BOLD, size)
    if ink == "low":
        t.setTextRenderMode(1)
        c.setLineWidth(size * 0.03)
    t.setTextOrigin(cx - text_width(letter, BOLD, size) / 2, base)
    t.textOut(letter)
    t.setTextRenderMode(0)
    c.drawText(t)
    pip = min(0.17 * half, 0.17 * w)
    for side in (-1, 1):
        draw_suit(c, card.suit, cx + side * 0.32 * w, mid + 0.84 * half, pip, ink)
    _crown(c, card.rank, cx, mid + 0.77 * half, min(0.3 * w, 0.4 * half), 0.15 * half)
    word = min(0.075 * half, 0.11 * w)
    _spaced(c, COURT_WORDS[card.rank], cx, mid + 0.1 * half, word, 0.25 * word)
    c.restoreState()


def _crown(c: Canvas, rank: int, cx: float, y: float, w: float, h: float) -> None:
    """A geometric crown on a band: three points for the king, five in an arch for the
    queen, each with a ball; the jack's is a plain circlet with one jewel."""
    band = h * 0.2
    path = c.beginPath()
    if rank == 11:
        cw, top = w * 0.78, y + band * 1.5
        path.rect(cx - cw / 2, y, cw, band * 1.5)
        jewel = h * 0.62
        path.moveTo(cx, top + jewel - band * 0.4)
        path.lineTo(cx + jewel * 0.5, top + jewel / 2 - band * 0.3)
        path.lineTo(cx, top - band * 0.3)
        path.lineTo(cx - jewel * 0.5, top + jewel / 2 - band * 0.3)
        path.close()
        c.drawPath(path, stroke=0, fill=1)
        for side in (-1, 1):
            c.circle(cx + side * cw * 0.32, top + h * 0.12, h * 0.13, stroke=0, fill=1)
        return
    points = 3 if rank == 13 else 5
    ball = w * (0.07 if points == 3 else 0.055)
    tip = h - ball
    tips = [(cx - w / 2 + w * i / (points - 1), y + tip) for i in range(points)]
    if points == 5:  # the queen's: the outer points lower, an arch
        arch = (0.62, 0.88, 1.0, 0.88, 0.62)
        tips = [(px, y + tip * k) for (px, _), k in zip(tips, arch, strict=True)]
    valley = y + band + (tip - band) * (0.35 if points == 3 else 0.45)
    path.moveTo(cx - w / 2, y)
    path.lineTo(cx + w / 2, y)
    path.lineTo(*tips[-1])
    for i in range(points - 1, 0, -1):
        path.lineTo((tips[i][0] + tips[i - 1][0]) / 2, valley)
        path.lineTo(*tips[i - 1])
    path.close()
    c.setLineJoin(0)
    c.drawPath(path, stroke=0, fill=1)
    for px, py in tips:
        c.circle(px, py, ball, stroke=0, fill=1)


def joker_emblem(c: Canvas, card: Card, cx: float, cy: float, r: float, ink: Ink) -> None:
    """Red joker: an eight-pointed star. Black joker: a four-pointed star in a ring."""
    colour = ink_of(card)
    c.saveState()
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    c.setLineJoin(0)
    if card.suit == "R":
        pts = star_points(cx, cy, r, r * 0.5, 8)
    else:
        c.setLineWidth(r * 0.09)
        c.circle(cx, cy, r * 0.955, stroke=1, fill=0)
        pts = star_points(cx, cy, r * 0.8, r * 0.22, 4)
    path = c.beginPath()
    path.moveTo(*pts[0])
    for p in pts[1:]:
        path.lineTo(*p)
    path.close()
    if ink == "low":
        _hatched(c, path, cx, cy, r * 1.4)
    else:
        c.drawPath(path, stroke=0, fill=1)
    c.restoreState()


def _joker_words(layout: FaceLayout) -> tuple[float, float, float, float]:
    """The size and baseline of JOKER in a panel, and of RED or BLACK under it."""
    _, y, w, h = layout.panel
    half = h / 2
    size = min(0.13 * half / CAP, 0.78 * w / (text_width("JOKER", BOLD, 1) + 0.6))
    base = y + h - 0.28 * half
    small = size * 0.45
    return size, base, small, base - 0.5 * size - CAP * small


def _joker_half(c: Canvas, card: Card, layout: FaceLayout) -> None:
    """The upper half of a joker panel: JOKER, and RED or BLACK under it."""
    x, _, w, _ = layout.panel
    size, base, small, label_base = _joker_words(layout)
    c.setFillColor(ink_of(card))
    _spaced(c, "JOKER", x + w / 2, base, size, 0.15 * size)
    label = "RED" if card.suit == "R" else "BLACK"
    _spaced(c, label, x + w / 2, label_base, small, 0.35 * small)


def _panel(c: Canvas, card: Card, layout: FaceLayout, ink: Ink) -> None:
    """A court card's or joker's panel, double-ended: the lower half is the upper turned round."""
    _panel_frame(c, card, layout, ink)
    x, y, w, h = layout.panel
    for turned in (False, True):
        c.saveState()
        if turned:
            _turned(c, layout)
        if card.is_joker:
            _joker_half(c, card, layout)
        else:
            _court_half(c, card, layout, ink)
        c.restoreState()
    if card.is_joker:
        room = _joker_words(layout)[3] - 1.5 * MM * layout.s - (y + h / 2)
        r = min(0.42 * w, room)
        joker_emblem(c, card, x + w / 2, y + h / 2, r, ink)
    else:
        c.saveState()
        c.setStrokeColor(ink_of(card))
        c.setLineWidth(0.45 * layout.s)
        inset = 1.1 * MM * layout.s
        c.line(x + inset, y + h / 2, x + w - inset, y + h / 2)
        c.restoreState()


# --- Faces and back --------------------------------------------------------------------------


def draw_face(c: Canvas, card: Card, width: float, height: float, bleed: float, ink: Ink) -> None:
    """Draw one card face with its bleed: white ground, corner indices, pips or a panel."""
    layout = FaceLayout(width, height)
    c.saveState()
    c.setFillColor(white)
    c.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    corner_indices(c, card, layout, ink)
    if card.is_royal:
        _panel(c, card, layout, ink)
    else:
        _pips(c, card, layout, ink)
    c.restoreState()


def _lattice(c: Canvas, width: float, height: float, bleed: float, step: float) -> None:
    """Two sets of diagonal lines through the card's centre, out to the bleed."""
    cx, cy = width / 2, height / 2
    reach = math.hypot(width, height) / 2 + bleed
    for slope in (1, -1):
        n = math.ceil(reach * 1.5 / step)
        for i in range(-n, n + 1):
            ox = cx + i * step
            c.line(ox - reach, cy - slope * reach, ox + reach, cy + slope * reach)


def _lozenge(c: Canvas, cx: float, cy: float, rx: float, ry: float) -> PDFPathObject:
    path = c.beginPath()
    path.moveTo(cx, cy + ry)
    path.lineTo(cx + rx, cy)
    path.lineTo(cx, cy - ry)
    path.lineTo(cx - rx, cy)
    path.close()
    return path


def draw_back(c: Canvas, width: float, height: float, bleed: float, ink: Ink) -> None:
    """The common back: a diagonal lattice and a centre lozenge, the same turned round."""
    s = min(width / POKER_W, height / POKER_H)
    low = ink == "low"
    c.saveState()
    clip = c.beginPath()
    clip.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed)
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColor(white if low else BACK_GROUND)
    c.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    c.setStrokeColor(BACK_LOW if low else BACK_LINE)
    c.setLineWidth((0.35 if low else 0.6) * s)
    _lattice(c, width, height, bleed, 3.2 * MM * s)
    cx, cy = width / 2, height / 2
    rx, ry = 0.34 * width, 0.3 * height
    line = BACK_LOW if low else BACK_LIGHT
    c.setFillColor(white if low else BACK_GROUND)
    c.setStrokeColor(line)
    c.setLineJoin(0)
    c.setLineWidth(1.6 * s)
    c.drawPath(_lozenge(c, cx, cy, rx, ry), stroke=1, fill=1)
    c.setLineWidth(0.6 * s)
    for k in (0.86, 0.55):
        c.drawPath(_lozenge(c, cx, cy, rx * k, ry * k), stroke=1, fill=0)
    c.setFillColor(line)  # the centre jewel: solid, or outlined in low ink
    c.drawPath(_lozenge(c, cx, cy, rx * 0.24, ry * 0.24), stroke=int(low), fill=int(not low))
    c.restoreState()
