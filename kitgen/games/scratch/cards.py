"""Scratch: Draw the Line card faces, back and reference cards.

Every drawing function works in card coordinates: the trim box's lower-left
corner is (0, 0) and the bleed lies outside it. The side values are the
largest marks on the card, at their edges, so a card reads across a table;
faction and rarity are named in words and symbols too, so nothing depends on
colour alone (the low-ink edition has no large fills at all). The factions'
colours differ in lightness too (data/scratch/cards.yaml), so they print as
clearly different greys; words and digits on a faction colour are white, or
ink on a light one (`on_colour`).

A card's art, when it has one, fills the window between the left and right
values where the faction emblem otherwise sits, fitted whole; the low-ink
edition draws it as a light grey wash (see kitgen/games/scratch/kit.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.api import (
    BOLD,
    BOLD_ITALIC,
    ITALIC,
    MM,
    REGULAR,
    Fitted,
    Ink,
    Location,
    Reference,
    art_path,
    draw_once,
    draw_string,
    emblem,
    is_light,
    rarity_symbol,
    text_width,
    wrap,
)
from kitgen.api import fit_text as fit
from kitgen.games.scratch.model import ScratchCard, ScratchPool

INK_BLACK = HexColor("#1b1b1b")
PAPER = HexColor("#fbf8f1")
POKER_W, POKER_H = 63 * MM, 88 * MM


@dataclass(frozen=True)
class FaceData:
    """Everything printed on one Scratch card face, resolved from the pool."""

    name: str
    faction: str  # printed faction name
    faction_id: str
    colour: str  # #rrggbb
    rarity: str  # printed rarity name
    rarity_id: str
    top: int
    right: int
    bottom: int
    left: int
    power: str | None  # printed power name
    power_text: str | None
    reconstructed: bool
    art: str | None = None  # the art file's path, resolved against the card's file


@dataclass(frozen=True)
class FaceItem:
    """A face to print, and where its texts and art were written (for findings)."""

    face: FaceData
    name_at: Location | None
    power_at: Location | None
    art_at: Location | None = None


@dataclass(frozen=True)
class Art:
    """Card art ready to draw: a reportlab ImageReader and its size in pixels."""

    reader: Any  # reportlab.lib.utils.ImageReader (reportlab has no type hints)
    width: int
    height: int
    framed: bool = True  # False for art with transparency: a cut-out needs no frame


def faces_of(cards: list[ScratchCard], pool: ScratchPool) -> list[FaceItem]:
    """Resolve cards against their pool into printable faces (cards must be valid)."""
    out = []
    for card in cards:
        faction = pool.faction(card.faction)
        rarity = pool.rarity(card.rarity)
        power = pool.power(card.power) if card.power is not None else None
        assert faction is not None and rarity is not None
        face = FaceData(
            name=card.name,
            faction=faction.name,
            faction_id=faction.id,
            colour=faction.colour,
            rarity=rarity.name,
            rarity_id=rarity.id,
            top=card.stats.top,
            right=card.stats.right,
            bottom=card.stats.bottom,
            left=card.stats.left,
            power=power.name if power is not None else None,
            power_text=power.text if power is not None else None,
            reconstructed=card.reconstructed,
            art=None if card.art is None else art_path(card.art, card.source_path),
        )
        out.append(FaceItem(face, card.where("name"), card.where("power"), card.where("art")))
    return out


@dataclass(frozen=True)
class FaceFit:
    """How the variable text fitted; `overflow` names what did not fit."""

    name: Fitted
    power: Fitted | None
    overflow: tuple[str, ...]


def darker(hex_colour: str, factor: float = 0.72) -> Color:
    """A darker shade of a colour, for outlines on a coloured ground."""
    c = HexColor(hex_colour)
    return Color(c.red * factor, c.green * factor, c.blue * factor)


def lighter(hex_colour: str, mix: float = 0.82) -> Color:
    """A tint of a colour mixed towards white."""
    c = HexColor(hex_colour)
    return Color(
        c.red + (1 - c.red) * mix, c.green + (1 - c.green) * mix, c.blue + (1 - c.blue) * mix
    )


def on_colour(fill: Color) -> Color:
    """The colour of text on a fill: white, or ink on a light fill."""
    return INK_BLACK if is_light("#" + fill.hexval()[2:]) else white


class Geometry:
    """Where things go on a card of a given size, scaled from the poker design."""

    def __init__(self, width: float, height: float) -> None:
        self.w, self.h = width, height
        self.s = min(width / POKER_W, height / POKER_H)
        s = self.s
        self.safe = 3 * MM * s
        self.radius = 5.6 * MM * s  # value discs
        self.digit = 21 * s
        inner = height - 2 * self.safe
        self.strip = 4.6 * MM * s  # the shorthand line at the bottom
        self.top_c = (width / 2, height - self.safe - self.radius - 0.6 * MM * s)
        self.bottom_c = (width / 2, self.safe + self.strip + self.radius + 0.4 * MM * s)
        mid_y = self.safe + inner * 0.52
        self.left_c = (self.safe + self.radius + 0.6 * MM * s, mid_y)
        self.right_c = (width - self.safe - self.radius - 0.6 * MM * s, mid_y)
        self.band_h = 5.2 * MM * s
        self.band_y = mid_y + self.radius + 1.6 * MM * s
        name_bottom = self.band_y + self.band_h + 0.8 * MM * s
        name_top = self.top_c[1] - self.radius - 0.6 * MM * s
        pad = 2.2 * MM * s
        self.name_box = (
            self.safe + pad,
            name_bottom,
            width - 2 * (self.safe + pad),
            name_top - name_bottom,
        )
        # The art window: between the left and right values, from under the faction
        # band to the values' lower edge, clear of the power text below it.
        art_x = self.left_c[0] + self.radius + 1.2 * MM * s
        art_y = mid_y - self.radius - 0.4 * MM * s
        self.art_box = (art_x, art_y, width - 2 * art_x, self.band_y - 0.8 * MM * s - art_y)
        power_top = mid_y - self.radius - 1.2 * MM * s
        power_bottom = self.bottom_c[1] + self.radius + 0.9 * MM * s
        self.power_box = (
            self.safe + pad,
            power_bottom,
            width - 2 * (self.safe + pad),
            power_top - power_bottom,
        )


def fit_face(face: FaceData, geo: Geometry) -> FaceFit:
    """Fit the name and power text; report what cannot fit even at the minimum size."""
    return _fit_face(face, geo.w, geo.h)


@lru_cache(maxsize=16384)  # more than the largest card file: checked, then drawn
def _fit_face(face: FaceData, width: float, height: float) -> FaceFit:
    geo = Geometry(width, height)
    s = geo.s
    _, _, nw, nh = geo.name_box
    name = fit(face.name, BOLD, nw, nh, max_size=12.5 * s, min_size=7 * s, max_lines=2)
    power = None
    overflow: list[str] = []
    if not name.fits:
        overflow.append("name")
    if face.power is not None:
        _, _, pw, ph = geo.power_box
        power = _fit_power(face.power, face.power_text or "", pw, ph, s)
        if not power.fits:
            overflow.append("power text")
    return FaceFit(name, power, tuple(overflow))


def _fit_power(title: str, text: str, width: float, height: float, s: float) -> Fitted:
    """Fit a power: its name on the first line(s) in bold, its text below, one size."""
    size = 7.8 * s
    while True:
        head = wrap(title, BOLD, size, width)
        body = wrap(text, REGULAR, size, width) if text else []
        leading = size * 1.16
        fits = (len(head) + len(body)) * leading <= height + 1e-6
        if fits or size <= 5.2 * s:
            return Fitted(size, leading, (*head, "\n", *body), fits)
        size -= 0.2 * s


def _digit(c: Canvas, value: int, cx: float, cy: float, size: float) -> None:
    c.setFont(BOLD, size)
    draw_string(c, cx, cy - 0.36 * size, str(value), "centre")


def _value_disc(
    c: Canvas, centre: tuple[float, float], geo: Geometry, colour: str, ink: Ink
) -> None:
    """A value's disc (its digit is drawn on it later)."""
    cx, cy = centre
    if ink == "low":
        c.setFillColor(white)
        c.setStrokeColor(INK_BLACK)
        c.setLineWidth(1.3 * geo.s)
    else:
        c.setFillColor(darker(colour, 0.8))
        c.setStrokeColor(white)
        c.setLineWidth(1.2 * geo.s)
    c.circle(cx, cy, geo.radius, stroke=1, fill=1)


def draw_face(
    c: Canvas,
    face: FaceData,
    width: float,
    height: float,
    bleed: float,
    ink: Ink,
    art: Art | None = None,
) -> FaceFit:
    """Draw one card face with its bleed (and its art, given ready to draw); return how
    its text fitted."""
    geo = Geometry(width, height)
    fitted = fit_face(face, geo)
    if art is not None:
        _draw_ground(c, face, geo, width, height, bleed, ink, art)
    else:  # the same on every card of a faction and rarity: drawn once a PDF
        _ground_form(c, face, geo, width, height, bleed, ink)
    # The name, fitted to two lines at most, the power and the bottom line, in ink.
    c.setFillColor(INK_BLACK)
    nx, ny, nw, nh = geo.name_box
    name = fitted.name
    block = len(name.lines) * name.leading
    y = ny + (nh + block) / 2 - name.size * 0.86
    c.setFont(BOLD, name.size)
    for line in name.lines:
        draw_string(c, nx + nw / 2, y, line, "centre")
        y -= name.leading
    # The power: its name in bold, then its text, fitted to the box.
    if fitted.power is not None:
        _draw_power(c, fitted.power, geo)
    _shorthand(c, face, geo)
    # The four values' digits on their discs (the discs are drawn with the ground:
    # nothing else on the card reaches them, so they need not wait for the text).
    c.setFillColor(INK_BLACK if ink == "low" else on_colour(darker(face.colour, 0.8)))
    for value, centre in (
        (face.top, geo.top_c),
        (face.bottom, geo.bottom_c),
        (face.left, geo.left_c),
        (face.right, geo.right_c),
    ):
        _digit(c, value, *centre, geo.digit)
    if face.reconstructed:
        _reconstructed_mark(c, geo)
    return fitted


def _ground_form(
    c: Canvas, face: FaceData, geo: Geometry, width: float, height: float, bleed: float, ink: Ink
) -> None:
    """The card's ground, panel, emblem, band and value discs, drawn once a PDF for each
    faction and rarity at this size and ink (kitgen/render/forms.py): the same on every
    such card."""
    faction = (face.colour, face.faction_id, face.faction, face.rarity_id, face.rarity)
    draw_once(
        c,
        ("scratch-ground", *faction, width, height, bleed, ink),
        (-bleed, -bleed, width + bleed, height + bleed),
        lambda c: _draw_ground(c, face, geo, width, height, bleed, ink, None),
    )


def _draw_ground(
    c: Canvas,
    face: FaceData,
    geo: Geometry,
    width: float,
    height: float,
    bleed: float,
    ink: Ink,
    art: Art | None,
) -> None:
    """What lies under a card's name, power and values' digits: the faction colour into
    the bleed, the panel, the art or the faint emblem, the faction band and the four
    values' discs."""
    s = geo.s
    # Ground: the faction colour runs into the bleed; low ink keeps the paper white.
    c.setFillColor(white if ink == "low" else HexColor(face.colour))
    c.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    panel_r = 2.4 * MM * s
    c.setFillColor(white if ink == "low" else PAPER)
    c.setStrokeColor(INK_BLACK if ink == "low" else darker(face.colour))
    c.setLineWidth(0.8 * s)
    c.roundRect(
        geo.safe, geo.safe, width - 2 * geo.safe, height - 2 * geo.safe, panel_r, stroke=1, fill=1
    )
    if art is not None:
        draw_art(c, art, geo, INK_BLACK if ink == "low" else darker(face.colour))
    else:  # the faction emblem, faint, behind the middle of the card
        mid_x = width / 2
        mid_y = geo.left_c[1]
        tint = HexColor("#d9d9d9") if ink == "low" else lighter(face.colour, 0.7)
        emblem(c, face.faction_id, face.faction, mid_x, mid_y, 8.5 * MM * s, tint)
    # The faction band: faction name left, rarity and its symbol right.
    band_x, band_w = geo.safe, width - 2 * geo.safe
    if ink == "low":
        c.setFillColor(white)
        c.setStrokeColor(INK_BLACK)
        c.setLineWidth(0.6 * s)
        c.rect(band_x, geo.band_y, band_w, geo.band_h, stroke=1, fill=0)
        text_colour: Color = INK_BLACK
    else:
        c.setFillColor(HexColor(face.colour))
        c.rect(band_x, geo.band_y, band_w, geo.band_h, stroke=0, fill=1)
        text_colour = on_colour(HexColor(face.colour))
    c.setFillColor(text_colour)
    band_size = 7.2 * s
    base = geo.band_y + geo.band_h / 2 - 0.36 * band_size
    c.setFont(BOLD, band_size)
    draw_string(c, band_x + 2.2 * MM * s, base, face.faction.upper())
    c.setFont(BOLD, band_size)
    draw_string(c, band_x + band_w - 6 * MM * s, base, face.rarity.upper(), "right")
    rarity_symbol(
        c,
        face.rarity_id,
        band_x + band_w - 3.3 * MM * s,
        geo.band_y + geo.band_h / 2,
        1.5 * MM * s,
        text_colour,
    )
    # The four values' discs: the same on every card of the faction; their digits
    # differ and are drawn on them with the card's text.
    for centre in (geo.top_c, geo.bottom_c, geo.left_c, geo.right_c):
        _value_disc(c, centre, geo, face.colour, ink)


def fit_art(width_px: int, height_px: int, geo: Geometry) -> tuple[float, float, float, float]:
    """Where art of this size goes: fitted whole in the art window, centred (x, y, w, h)."""
    wx, wy, ww, wh = geo.art_box
    scale = min(ww / width_px, wh / height_px)
    w, h = width_px * scale, height_px * scale
    return wx + (ww - w) / 2, wy + (wh - h) / 2, w, h


def draw_art(c: Canvas, art: Art, geo: Geometry, frame: Color) -> None:
    """The art, fitted whole in its window and clipped to it, in a thin frame unless it
    has transparency."""
    x, y, w, h = fit_art(art.width, art.height, geo)
    wx, wy, ww, wh = geo.art_box
    c.saveState()
    clip = c.beginPath()
    clip.rect(wx, wy, ww, wh)
    c.clipPath(clip, stroke=0, fill=0)
    # mask="auto" keeps a PNG's transparency; one reader draws one image XObject,
    # which every card that uses the same art shares.
    c.drawImage(art.reader, x, y, w, h, mask="auto")
    c.restoreState()
    if art.framed:
        c.setStrokeColor(frame)
        c.setLineWidth(0.5 * geo.s)
        c.rect(x, y, w, h, stroke=1, fill=0)


def _draw_power(c: Canvas, fitted: Fitted, geo: Geometry) -> None:
    """The power's name in bold, then its text, centred in the power box, in the
    current fill colour."""
    px, py, pw, ph = geo.power_box
    lines = [line for line in fitted.lines if line != "\n"]
    block = len(lines) * fitted.leading
    y = py + (ph + block) / 2 - fitted.size * 0.86
    font = BOLD
    for line in fitted.lines:
        if line == "\n":
            font = REGULAR
            continue
        c.setFont(font, fitted.size)
        draw_string(c, px + pw / 2, y, line, "centre")
        y -= fitted.leading


def _shorthand(c: Canvas, face: FaceData, geo: Geometry) -> None:
    """The bottom line: left, top over bottom, right; then faction and power, for a fanned
    hand. In the current fill colour."""
    s = geo.s
    size = 6.4 * s
    small = 4.8 * s
    x = geo.safe + 2 * MM * s
    y = geo.safe + 1.55 * MM * s
    c.setFont(BOLD, size)
    draw_string(c, x, y, str(face.left))
    x += text_width(str(face.left), BOLD, size) + 0.5
    c.setFont(BOLD, small)
    draw_string(c, x, y + 0.42 * size, str(face.top))
    draw_string(c, x, y - 0.22 * size, str(face.bottom))
    x += max(text_width(str(face.top), BOLD, small), text_width(str(face.bottom), BOLD, small))
    c.setFont(BOLD, size)
    draw_string(c, x + 0.5, y, str(face.right))
    x += text_width(str(face.right), BOLD, size) + 2 * MM * s
    c.setFont(ITALIC, size * 0.92)
    tail = face.faction + (f" \u00b7 {face.power}" if face.power else "")
    room = geo.w - geo.safe - 6 * MM * s - x
    while tail and text_width(tail, ITALIC, size * 0.92) > room:
        # one character shorter each time ("ab…" to "a…" to "…" to ""), so the loop ends
        tail = tail[:-2] + "\u2026" if len(tail) > 1 else ""
    draw_string(c, x, y, tail)


def _reconstructed_mark(c: Canvas, geo: Geometry) -> None:
    """A small dagger (the reference mark of a footnote), drawn as a path: this card's
    sides were reconstructed from the example games, as the booklet's note explains.
    Not a letter in a circle, which reads as the registered-trademark sign."""
    s = geo.s
    cx = geo.w - geo.safe - 2.6 * MM * s
    cy = geo.safe + 2.3 * MM * s
    half = 1.75 * MM * s  # half its height
    stem = 0.24 * MM * s  # half the stem's width
    arm = 0.95 * MM * s  # half the crossbar's span
    bar = 0.22 * MM * s  # half the crossbar's thickness
    cross = cy + 0.45 * half  # the crossbar's centre line
    path = c.beginPath()
    path.moveTo(cx - stem, cy + half)
    path.lineTo(cx + stem, cy + half)
    path.lineTo(cx + stem, cross + bar)
    path.lineTo(cx + arm, cross + bar)
    path.lineTo(cx + arm, cross - bar)
    path.lineTo(cx + stem, cross - bar)
    path.lineTo(cx + stem * 0.55, cy - half + stem)
    path.lineTo(cx, cy - half)  # the stem tapers to a point
    path.lineTo(cx - stem * 0.55, cy - half + stem)
    path.lineTo(cx - stem, cross - bar)
    path.lineTo(cx - arm, cross - bar)
    path.lineTo(cx - arm, cross + bar)
    path.lineTo(cx - stem, cross + bar)
    path.close()
    c.setFillColor(INK_BLACK)
    c.drawPath(path, stroke=0, fill=1)


def draw_back(c: Canvas, width: float, height: float, bleed: float, ink: Ink) -> None:
    """The Scratch card back: a 3x3 grid with the game's name."""
    s = min(width / POKER_W, height / POKER_H)
    dark = HexColor("#26313b")
    line = HexColor("#9aa6b2") if ink == "normal" else HexColor("#8c8c8c")
    c.setFillColor(white if ink == "low" else dark)
    c.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    inset = 3 * MM * s
    c.setStrokeColor(INK_BLACK if ink == "low" else line)
    c.setLineWidth(0.8 * s)
    c.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, 2.4 * MM * s)
    gy = _back_grid(c, width, height, inset, line, s)
    c.setFillColor(INK_BLACK if ink == "low" else white)
    c.setFont(BOLD, 17 * s)
    draw_string(c, width / 2, gy - 9 * MM * s, "SCRATCH", "centre")
    c.setFont(ITALIC, 8.5 * s)
    draw_string(c, width / 2, gy - 13.2 * MM * s, "draw the line", "centre")


def draw_reference_back(c: Canvas, width: float, height: float, bleed: float, ink: Ink) -> None:
    """The back of the reference cards: the card back's grid and name, on the paper of the
    reference's face, with "quick reference" under the name and a band across the foot,
    so a reference card stands out from the game's cards face down (and in low ink,
    where both backs print on white, by its band and words)."""
    s = min(width / POKER_W, height / POKER_H)
    dark = INK_BLACK if ink == "low" else HexColor("#26313b")
    c.setFillColor(white if ink == "low" else PAPER)
    c.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    inset = 3 * MM * s
    c.setStrokeColor(dark)
    c.setLineWidth(0.8 * s)
    c.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, 2.4 * MM * s)
    gy = _back_grid(c, width, height, inset, HexColor("#5d6b78"), s)
    c.setFillColor(dark)
    c.setFont(BOLD, 17 * s)
    draw_string(c, width / 2, gy - 9 * MM * s, "SCRATCH", "centre")
    c.setFont(ITALIC, 8.5 * s)
    draw_string(c, width / 2, gy - 13.2 * MM * s, "quick reference", "centre")
    band = 7 * MM * s  # a dark band across the foot, inside the frame
    c.rect(inset, inset + 2.4 * MM * s, width - 2 * inset, band, stroke=0, fill=1)
    c.setFillColor(white)
    c.setFont(BOLD, 7 * s)
    draw_string(c, width / 2, inset + 2.4 * MM * s + band / 2 - 2.5 * s, "RULES IN BRIEF", "centre")


def _back_grid(
    c: Canvas, width: float, height: float, inset: float, line: Color, s: float
) -> float:
    """The back's 3x3 grid, as a player would scratch it on paper; its foot's height."""
    cell = min((width - 2 * inset) / 4.2, (height - 2 * inset) / 5.6)
    gx = (width - 3 * cell) / 2
    gy = height / 2 - 1.5 * cell + 0.35 * cell
    c.setStrokeColor(line)
    c.setLineWidth(1.6 * s)
    c.setLineCap(1)
    for i in (1, 2):
        c.line(gx + i * cell, gy - 0.15 * cell, gx + i * cell, gy + 3.15 * cell)
        c.line(gx - 0.15 * cell, gy + i * cell, gx + 3.15 * cell, gy + i * cell)
    c.setLineCap(0)
    return gy


def draw_reference(
    c: Canvas, ref: Reference, footer: str, width: float, height: float, bleed: float, ink: Ink
) -> bool:
    """Draw a reference card; False when its text cannot fit even at the smallest size."""
    s = min(width / POKER_W, height / POKER_H)
    c.setFillColor(white if ink == "low" else HexColor("#26313b"))
    c.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    safe = 3 * MM * s
    c.setFillColor(white if ink == "low" else PAPER)
    c.setStrokeColor(INK_BLACK)
    c.setLineWidth(0.6 * s)
    c.roundRect(safe, safe, width - 2 * safe, height - 2 * safe, 2.4 * MM * s, stroke=1, fill=1)
    pad = 2.4 * MM * s
    x0, x1 = safe + pad, width - safe - pad
    title_size = 10 * s
    top = height - safe - pad - title_size * 0.8
    c.setFillColor(INK_BLACK)
    c.setFont(BOLD, title_size)
    draw_string(c, width / 2, top, ref.title, "centre")
    c.setLineWidth(0.5 * s)
    c.line(x0, top - 1.6 * MM * s, x1, top - 1.6 * MM * s)
    footer_size = 5.6 * s
    bottom = safe + pad + footer_size * 1.6
    available = top - 3 * MM * s - bottom
    size = 7.4 * s
    while True:
        layout = _reference_layout(ref, size, x1 - x0)
        height_needed = sum(h for _, h in layout)
        if height_needed <= available or size <= 5.2 * s:
            break
        size -= 0.2 * s
    y = top - 3 * MM * s - size
    bullet_indent = 2.4 * MM * s
    for kind_lines, _ in layout:
        kind, lines = kind_lines
        if kind == "heading":
            c.setFont(BOLD, size * 1.05)
            draw_string(c, x0, y, lines[0])
            y -= size * 1.3
            continue
        c.setFont(REGULAR, size)
        for i, line in enumerate(lines):
            if i == 0:
                c.circle(x0 + 0.8 * MM * s, y + size * 0.3, 0.45 * MM * s, stroke=0, fill=1)
            draw_string(c, x0 + bullet_indent, y, line)
            y -= size * 1.2
        y -= size * 0.25
    c.setFont(BOLD_ITALIC, footer_size)
    draw_string(c, width / 2, safe + pad * 0.7, footer, "centre")
    return sum(h for _, h in layout) <= available


def _reference_layout(
    ref: Reference, size: float, width: float
) -> list[tuple[tuple[str, tuple[str, ...]], float]]:
    out: list[tuple[tuple[str, tuple[str, ...]], float]] = []
    indent = 2.4 * MM * (size / 7.4)
    for heading, points in ref.sections:
        out.append((("heading", (heading,)), size * 1.3))
        for point in points:
            lines = tuple(wrap(point, REGULAR, size, width - indent))
            out.append((("point", lines), size * 1.2 * len(lines) + size * 0.25))
    return out
