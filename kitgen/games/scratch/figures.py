"""Scratch's rule-booklet figures: card anatomy, a card turned over, and boards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.api import (
    BOLD,
    ITALIC,
    MM,
    MOST_CARDS,
    REGULAR,
    Box,
    CoverCards,
    Figures,
    Ink,
    Size,
    text_width,
    wrap,
)
from kitgen.games.scratch.cards import (
    INK_BLACK,
    POKER_H,
    POKER_W,
    FaceData,
    Geometry,
    draw_face,
    faces_of,
    fit_face,
)
from kitgen.games.scratch.figure_args import BoardArgs, CardArgs, Cell, parse_cell
from kitgen.games.scratch.model import ScratchPool

TILE_W, TILE_H, TILE_GAP = 21 * MM, 27 * MM, 1.6 * MM
LEGEND_H = 7 * MM


def _face(pool: ScratchPool, name: str) -> FaceData:
    card = pool.card(name)
    if card is None:  # checked before drawing; a stand-in keeps a bad file from crashing
        card = next(iter(pool.cards.values()))
    return faces_of([card], pool)[0].face


LABEL_SIZE = 7.0
LEADER_GAP = 0.8 * MM  # between a leader's end and the part it names


@dataclass(frozen=True)
class Leader:
    """A part of the card named beside it: the label's text and where it sits (`x` its
    near end, `y` its middle, on the left or right of the card), and the line from the
    label to the point just outside the part (`to`), all in the figure's points."""

    text: str
    x: float
    y: float
    right: bool
    to: tuple[float, float]

    @property
    def box(self) -> Box:
        """Where the label's text prints."""
        width = text_width(self.text, REGULAR, LABEL_SIZE)
        left = self.x if self.right else self.x - width
        return Box(left, self.y - 2.4 - 0.24 * LABEL_SIZE, width, LABEL_SIZE * 0.98)

    @property
    def line(self) -> tuple[float, float, float, float]:
        """The leader: from beside the label to the point outside its part."""
        start = self.x - 1.2 * MM if self.right else self.x + 1.2 * MM
        return start, self.y, self.to[0], self.to[1]


def _spread(ys: list[float], gap: float) -> list[float]:
    """Label heights from top to bottom, pushed apart to at least `gap`."""
    out: list[float] = []
    for y in ys:
        out.append(min(y, out[-1] - gap) if out else y)
    return out


@dataclass(frozen=True)
class Anatomy:
    """The card-anatomy figure laid out: the card's box and scale, its parts' text boxes
    (what no leader may cross) and the leaders that name them."""

    card: Box
    scale: float
    parts: dict[str, Box]
    leaders: tuple[Leader, ...]


def anatomy_layout(face: FaceData, width: float, height: float) -> Anatomy:
    """Where the card and its named parts go. Each leader runs from its label to just
    outside the part it names, on the side facing the label, so it crosses none of the
    card's words or numbers: a value at its disc's edge, the name after its last letter,
    the faction before its first, the rarity after its mark, the power text beside its
    widest line, the shorthand line before its first digit."""
    k = (height - 4 * MM) / POKER_H
    w, h = POKER_W * k, POKER_H * k
    x0, y0 = (width - w) / 2, 2 * MM
    geo = Geometry(POKER_W, POKER_H)
    fitted = fit_face(face, geo)
    parts = {name: _scaled(box, x0, y0, k) for name, box in _part_boxes(face, geo).items()}
    gap = LEADER_GAP
    left_of = {n: (b.x - gap, b.y + b.height / 2) for n, b in parts.items()}
    right_of = {n: (b.right + gap, b.y + b.height / 2) for n, b in parts.items()}
    left = [
        ("top value", left_of["top value"]),
        ("faction", left_of["faction"]),
        ("left value", left_of["left value"]),
        *([("power and its text", left_of["power"])] if fitted.power is not None else []),
        ("shorthand line", left_of["shorthand"]),
    ]
    right = [
        ("name", right_of["name"]),
        ("rarity", right_of["rarity"]),
        ("right value", right_of["right value"]),
        ("bottom value", right_of["bottom value"]),
    ]
    if face.reconstructed:
        right.append(("reconstructed", right_of["dagger"]))
    leaders: list[Leader] = []
    for items, is_right in ((left, False), (right, True)):
        ys = _spread([p[1] for _, p in items], 4 * MM)
        x = x0 + w + 4 * MM if is_right else x0 - 4 * MM
        for (text, point), y in zip(items, ys, strict=True):
            leaders.append(Leader(text, x, y, is_right, point))
    return Anatomy(Box(x0, y0, w, h), k, parts, tuple(leaders))


def _scaled(box: Box, x0: float, y0: float, k: float) -> Box:
    return Box(x0 + box.x * k, y0 + box.y * k, box.width * k, box.height * k)


def _part_boxes(face: FaceData, geo: Geometry) -> dict[str, Box]:
    """Where each part's ink lies on the card (in its own points, at poker size): the
    discs, and each word and number as its text prints (see cards.draw_face)."""
    s, r = geo.s, geo.radius
    out = {
        name: Box(cx - r, cy - r, 2 * r, 2 * r)
        for name, (cx, cy) in (
            ("top value", geo.top_c),
            ("left value", geo.left_c),
            ("right value", geo.right_c),
            ("bottom value", geo.bottom_c),
        )
    }
    fitted = fit_face(face, geo)
    nx, ny, nw, nh = geo.name_box
    name = fitted.name
    name_w = max(text_width(line, BOLD, name.size) for line in name.lines)
    block = len(name.lines) * name.leading
    name_top = ny + (nh + block) / 2
    out["name"] = Box(nx + nw / 2 - name_w / 2, name_top - block, name_w, block)
    band_x, band_w = geo.safe, geo.w - 2 * geo.safe
    size = 7.2 * s
    faction_w = text_width(face.faction.upper(), BOLD, size)
    out["faction"] = Box(band_x + 2.2 * MM * s, geo.band_y, faction_w, geo.band_h)
    rarity_w = text_width(face.rarity.upper(), BOLD, size)
    rarity_right = band_x + band_w - 3.3 * MM * s + 1.5 * MM * s  # its mark's outer edge
    rarity_left = band_x + band_w - 6 * MM * s - rarity_w
    out["rarity"] = Box(rarity_left, geo.band_y, rarity_right - rarity_left, geo.band_h)
    if fitted.power is not None:
        px, py, pw, ph = geo.power_box
        lines = [line for line in fitted.power.lines if line != "\n"]
        widest = max(text_width(line, BOLD, fitted.power.size) for line in lines)
        block = len(lines) * fitted.power.leading
        out["power"] = Box(px + pw / 2 - widest / 2, py + (ph - block) / 2, widest, block)
    strip_y = geo.safe + 1.55 * MM * s
    out["shorthand"] = Box(
        geo.safe + 2 * MM * s, strip_y - 1.5 * s, geo.w - 2 * geo.safe - 8 * MM * s, 8 * s
    )
    if face.reconstructed:
        cx, cy = geo.w - geo.safe - 2.6 * MM * s, geo.safe + 2.3 * MM * s
        out["dagger"] = Box(cx - 0.95 * MM * s, cy - 1.75 * MM * s, 1.9 * MM * s, 3.5 * MM * s)
    return out


def anatomy(pool: ScratchPool) -> tuple[Any, Any]:
    """The card-anatomy figure: one card with its parts named."""

    def size(args: dict[str, Any], width: float) -> tuple[float, float]:
        return min(width, 118 * MM), 66 * MM

    def paint(c: Canvas, args: dict[str, Any], width: float, height: float, ink: Ink) -> None:
        face = _face(pool, CardArgs.model_validate(args).card)
        layout = anatomy_layout(face, width, height)
        card, k = layout.card, layout.scale
        c.saveState()
        c.translate(card.x, card.y)
        c.scale(k, k)
        draw_face(c, face, POKER_W, POKER_H, 0, ink)
        c.restoreState()
        c.setStrokeColor(INK_BLACK)
        c.setLineWidth(0.4)
        c.rect(card.x, card.y, card.width, card.height, stroke=1, fill=0)
        for leader in layout.leaders:
            _leader(c, leader)

    return size, paint


def _leader(c: Canvas, leader: Leader) -> None:
    """A label and its line, ending in a dot just outside the part it names."""
    c.setFont(REGULAR, LABEL_SIZE)
    c.setFillColor(INK_BLACK)
    c.setStrokeColor(HexColor("#6b6b6b"))
    c.setLineWidth(0.45)
    if leader.right:
        c.drawString(leader.x, leader.y - 2.4, leader.text)
    else:
        c.drawRightString(leader.x, leader.y - 2.4, leader.text)
    c.line(*leader.line)
    c.circle(leader.to[0], leader.to[1], 0.7, stroke=0, fill=1)


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


RARITY_ORDER = ("unique", "rare", "common")
COVER_SHOW = 0.4


def cover_cards(pool: ScratchPool) -> CoverCards:
    """Five cards for the rule booklet's cover, the factions taking turns: each faction's
    rarest first, those with a power before those without, then by name; drawn as the
    card sheets draw them, at poker size."""
    faces = {item.face.name: item.face for item in faces_of(list(pool.cards.values()), pool)}

    def rank(face: FaceData) -> tuple[int, bool, str]:
        order = RARITY_ORDER.index(face.rarity_id) if face.rarity_id in RARITY_ORDER else 3
        return order, face.power is None, face.name

    by_faction: dict[str, list[FaceData]] = {}
    for face in sorted(faces.values(), key=rank):
        by_faction.setdefault(face.faction_id, []).append(face)
    queues = [by_faction[k] for k in sorted(by_faction)]
    chosen: list[FaceData] = []
    while len(chosen) < MOST_CARDS and any(queues):
        for queue in queues:
            if queue and len(chosen) < MOST_CARDS:
                chosen.append(queue.pop(0))

    def painter(face: FaceData) -> Any:
        def paint(c: Canvas, ink: Ink) -> None:
            draw_face(c, face, POKER_W, POKER_H, 0, ink)

        return paint

    # A Scratch card's numbers and faction stand in from its edge: show 40% of each.
    return CoverCards(Size(POKER_W, POKER_H), tuple(painter(f) for f in chosen), COVER_SHOW)


def scratch_figures(pool: ScratchPool) -> Figures:
    """Every figure Scratch's rules can name (their `args:` models: figure_args.py)."""
    makers = {"card-anatomy": anatomy, "flip": flip, "board": board}
    built = {name: make(pool) for name, make in makers.items()}
    return Figures.of(built)
