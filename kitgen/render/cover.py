"""A rule booklet's front cover may show the game's cards: a fan of a few faces,
drawn by the game's own card painters (`Game.cover`), under the title.

A game gives `CoverCards`: the cards' size and a painter for each face (at most
`MOST_CARDS`, left to right); `from_deck` makes them from a deck the kit prints,
so the cover shows exactly the faces the card sheets do. `fan` lays the cards out
(pure geometry, for tests) and `CardFan` draws them: each face clipped to its
rounded corners, outlined, with a thin shadow under it (none in low ink).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.lib.colors import HexColor
from reportlab.platypus import Flowable

from kitgen.layout.geometry import Box, Size
from kitgen.layout.units import MM

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.model.kit import Ink
    from kitgen.render.sheets import Deck

MOST_CARDS = 5
STEP = 8.0  # degrees between two cards of the fan
SHOW = 0.25  # of a card's width left showing beside the next card's top: a corner index
CORNER = 3 * MM  # a card's corner radius, at its own size
SHADOW = HexColor("#b8b8b8")
EDGE = HexColor("#7a7a7a")

# Draws one card face at the origin, `CoverCards.card` in size, in an ink.
FacePainter = Callable[["Canvas", "Ink"], None]


@dataclass(frozen=True)
class CoverCards:
    """The cards a cover fans out: their size, each face's painter, left to right, and
    the share of a card's width left showing at its top beside the next card (`SHOW`
    shows a standard card's index corner; cards whose name or numbers stand further in
    show more, or the fan shows only their blank edges)."""

    card: Size
    faces: tuple[FacePainter, ...]
    show: float = SHOW


def from_deck(deck: Deck, indices: Sequence[int], card: Size, show: float = SHOW) -> CoverCards:
    """The cover cards of a deck: its faces at `indices` (at most MOST_CARDS), drawn as its
    card sheets draw them, at `card` size with no bleed, `show` of each one's width in
    sight (CoverCards)."""

    def face(index: int) -> FacePainter:
        def paint(c: Canvas, ink: Ink) -> None:
            deck.source(card, 0.0, ink).front(index)(c)

        return paint

    return CoverCards(card, tuple(face(i) for i in list(indices)[:MOST_CARDS]), show)


@dataclass(frozen=True)
class Placed:
    """A card of the fan: the point its lower-left corner lands on, its turn (degrees,
    anticlockwise) about that corner, and its scale."""

    x: float
    y: float
    angle: float
    scale: float

    def corners(self, card: Size) -> list[tuple[float, float]]:
        """Where the card's four corners land."""
        a = math.radians(self.angle)
        cos, sin = math.cos(a), math.sin(a)
        w, h = card.width * self.scale, card.height * self.scale
        return [(self.x + u * cos - v * sin, self.y + u * sin + v * cos) for u, v in
                ((0, 0), (w, 0), (w, h), (0, h))]  # fmt: skip


def fan(count: int, card: Size, room: Size, show: float = SHOW) -> list[Placed]:
    """`count` cards fanned left to right, `STEP` degrees apart about a point under their
    feet, scaled to fit `room` (its lower-left corner at the origin) and centred in it.
    The point lies as deep as puts two neighbours' top left corners `show` of a card's
    width apart (never above the cards' feet)."""
    if count <= 0:
        return []
    # A corner r from the pivot moves 2 r sin(STEP / 2) a step; r**2 = (w / 2)**2 + reach**2.
    corner = show * card.width / (2 * math.sin(math.radians(STEP / 2)))
    reach = math.sqrt(max(corner**2 - (card.width / 2) ** 2, 0.0))  # from the pivot up to a top
    pivot_up = -max(reach - card.height, 0.0)
    turns = [STEP * ((count - 1) / 2 - k) for k in range(count)]  # the first leans left
    unit = [_about_pivot(turn, card, pivot_up) for turn in turns]
    points = [p for placed in unit for p in placed.corners(card)]
    left, right = min(x for x, _ in points), max(x for x, _ in points)
    low, high = min(y for _, y in points), max(y for _, y in points)
    scale = min(room.width / (right - left), room.height / (high - low))
    dx = (room.width - (right - left) * scale) / 2 - left * scale
    dy = (room.height - (high - low) * scale) / 2 - low * scale
    return [Placed(p.x * scale + dx, p.y * scale + dy, p.angle, scale) for p in unit]


def _about_pivot(turn: float, card: Size, pivot_up: float) -> Placed:
    """A card turned `turn` degrees about the point `pivot_up` above the middle of its
    foot (at the origin): where its lower-left corner goes."""
    a = math.radians(turn)
    u, v = -card.width / 2, -pivot_up  # the corner, from the pivot
    return Placed(u * math.cos(a) - v * math.sin(a), u * math.sin(a) + v * math.cos(a), turn, 1.0)


def bounds(placed: Sequence[Placed], card: Size) -> Box:
    """The box round every card of a fan."""
    points = [p for one in placed for p in one.corners(card)]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


class CardFan(Flowable):  # type: ignore[misc]
    """The cover's fan of cards, `width` by `height`, centred."""

    def __init__(self, cards: CoverCards, width: float, height: float, ink: Ink) -> None:
        super().__init__()
        self.cards, self.ink = cards, ink
        self.fan_width, self.fan_height = width, height

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """The fan's fixed size."""
        return self.fan_width, self.fan_height

    def draw(self) -> None:
        """Each card in turn, the first (leftmost) lowest."""
        c = self.canv
        card = self.cards.card
        room = Size(self.fan_width, self.fan_height)
        placed = fan(len(self.cards.faces), card, room, self.cards.show)
        for spot, paint in zip(placed, self.cards.faces, strict=True):
            c.saveState()
            c.translate(spot.x, spot.y)
            c.rotate(spot.angle)
            c.scale(spot.scale, spot.scale)
            line = 0.6 / spot.scale
            if self.ink == "normal":  # a thin shadow, down and to the right
                c.setFillColor(SHADOW)
                shift = 0.9 * MM / spot.scale
                c.roundRect(shift, -shift, card.width, card.height, CORNER, stroke=0, fill=1)
            c.saveState()
            clip = c.beginPath()
            clip.roundRect(0, 0, card.width, card.height, CORNER)
            c.clipPath(clip, stroke=0, fill=0)
            paint(c, self.ink)
            c.restoreState()
            c.setStrokeColor(EDGE)
            c.setLineWidth(line)
            c.roundRect(0, 0, card.width, card.height, CORNER, stroke=1, fill=0)
            c.restoreState()


POKER = Size(63 * MM, 88 * MM)


def standard_cover(game: str, cards: str) -> CoverCards:
    """Standard cards for the cover of a game that plays with them (`cards` in the
    notation of kitgen.model.standard, `9C 8D QH KS RJ`), drawn as its kit's standard
    deck draws them, at poker size."""
    from kitgen.model.standard import Card
    from kitgen.render.standard_deck import standard_deck

    chosen = [Card.parse(code) for code in cards.split()]
    deck = standard_deck(game, f"{game}-cover", "cover", chosen)
    return from_deck(deck, range(len(chosen)), POKER)
