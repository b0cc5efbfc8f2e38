"""Cards that are not rectangles: round tokens, hexagonal tiles, cards with rounded
corners, and cards of a shape of their own (SVG path data).

A card's size is the box round its shape; the shape is drawn in that box. Its bleed
follows it outward: the circle's radii, the hexagon's sides and the rounded corners'
radius grow by the bleed; a shape of its own is enlarged about its middle so its box
grows by the bleed on every side (exact for a shape round its middle, as a token or a
shield is; a shape with a deep notch gets a little less in the notch). Its safe area
likewise shrinks inward.

An outline is path commands in the card's coordinates (points, (0, 0) at the trim's
bottom-left, y up): `("M", x, y)`, `("L", x, y)`, `("C", x1, y1, x2, y2, x, y)`,
`("Z",)`. `mirrored` gives the shape as seen from the back of the sheet (its left and
right swapped), which is how a card's back is cut.

Pure geometry: no drawing library.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from kitgen.layout.svgpath import Path, PathError, parse_path
from kitgen.layout.units import parse_length

ShapeKind = Literal["round", "hex", "rounded", "path"]
Command = tuple[object, ...]
KAPPA = 4 * (math.sqrt(2) - 1) / 3  # a quarter ellipse's control points, of its radius
_CURVE_STEPS = 8  # straight pieces a curve is read as, to test a point inside a path


class ShapeError(ValueError):
    """A `shape:` that cannot be read; the message says why."""


@dataclass(frozen=True)
class CardShape:
    """A card's shape in its box: `round` (the ellipse the box holds: a circle on a
    square card), `hex` (a hexagon filling the box, a corner at the top; `flat`: a side
    at the top), `rounded` (the box with corners of `radius` points), or `path` (SVG
    path data fitted to the box, its proportions kept)."""

    kind: ShapeKind
    flat: bool = False
    radius: float = 0.0
    path: Path | None = None
    written: str = ""  # as the layout writes it

    def outline(
        self, width: float, height: float, grow: float = 0.0, *, mirrored: bool = False
    ) -> list[Command]:
        """The shape on a card `width` x `height`, grown outward by `grow` points (the
        bleed; negative: inward, a safe area)."""
        if self.kind == "round":
            out = _ellipse(width / 2, height / 2, width / 2 + grow, height / 2 + grow)
        elif self.kind == "hex":
            out = _closed(_offset(self.corners(width, height), grow))
        elif self.kind == "rounded":
            out = _rounded(width, height, self.radius, grow)
        else:
            out = self._path(width, height, grow)
        return _mirror(out, width) if mirrored else out

    def corners(self, width: float, height: float) -> list[tuple[float, float]]:
        """A hexagon's corners filling the box, clockwise from the top (a flat one's from
        its top side's left end): a corner at the top and bottom and two sides upright
        (flat: a side at the top and bottom and a corner at each side). It is regular in
        a box 2/sqrt(3) (1.155) times as tall as it is wide (flat: as wide as tall)."""
        w, h = width, height
        if self.flat:
            return [(w / 4, h), (3 * w / 4, h), (w, h / 2), (3 * w / 4, 0), (w / 4, 0), (0, h / 2)]
        return [(w / 2, h), (w, 3 * h / 4), (w, h / 4), (w / 2, 0), (0, h / 4), (0, 3 * h / 4)]

    def _path(self, width: float, height: float, grow: float) -> list[Command]:
        assert self.path is not None
        x0, y0, x1, y1 = self.path.bounds
        pw, ph = max(x1 - x0, 1e-9), max(y1 - y0, 1e-9)
        fit = min(width / pw, height / ph)
        ox, oy = (width - pw * fit) / 2, (height - ph * fit) / 2
        # Grown about its middle: its box (width, height as fitted) `grow` larger a side.
        fw, fh = pw * fit, ph * fit
        sx, sy = (fw + 2 * grow) / fw, (fh + 2 * grow) / fh
        cx, cy = width / 2, height / 2

        def at(x: object, y: object) -> tuple[float, float]:
            px = ox + (float(x) - x0) * fit  # type: ignore[arg-type]
            py = height - (oy + (float(y) - y0) * fit)  # type: ignore[arg-type]  # (y up)
            return cx + (px - cx) * sx, cy + (py - cy) * sy

        out: list[Command] = []
        for segment in self.path.segments:
            kind = segment[0]
            if kind == "Z":
                out.append(("Z",))
            elif kind == "C":
                a, b, c = at(*segment[1:3]), at(*segment[3:5]), at(*segment[5:7])
                out.append(("C", *a, *b, *c))
            else:
                out.append((kind, *at(*segment[1:3])))
        return out

    def contains(self, x: float, y: float, width: float, height: float, grow: float = 0.0) -> bool:
        """Whether a point lies inside the shape grown by `grow` (negative: its safe
        area), a hair's breadth either way counting as inside."""
        eps = 0.01
        if self.kind == "round":
            rx, ry = width / 2 + grow + eps, height / 2 + grow + eps
            if rx <= 0 or ry <= 0:
                return False
            return ((x - width / 2) / rx) ** 2 + ((y - height / 2) / ry) ** 2 <= 1.0
        if self.kind == "rounded":
            r = max(self.radius + grow, 0.0)
            x0, y0, x1, y1 = -grow - eps, -grow - eps, width + grow + eps, height + grow + eps
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                return False
            cx = min(max(x, x0 + r), x1 - r)
            cy = min(max(y, y0 + r), y1 - r)
            return math.hypot(x - cx, y - cy) <= r + eps
        return _inside(_points(self.outline(width, height, grow)), x, y)


def read_shape(text: str) -> CardShape | None:
    """A card's shape as a layout or a deck writes it: `rect` (None: a rectangle),
    `round`, `hex`, `hex flat`, `rounded 3mm`, or `path` and SVG path data. Raises
    ShapeError for anything else."""
    written = " ".join(text.split())
    word, _, rest = written.partition(" ")
    word = word.lower()
    if word in ("rect", "rectangle") and not rest:
        return None
    if word in ("round", "circle", "ellipse") and not rest:
        return CardShape("round", written=written)
    if word == "hex" and rest.lower() in ("", "flat", "pointy"):
        return CardShape("hex", flat=rest.lower() == "flat", written=written)
    if word == "rounded" and rest:
        try:
            radius = parse_length(rest if rest[-1].isalpha() else rest + "mm")
        except ValueError:
            radius = -1.0
        if not 0 < radius <= 50 * 72 / 25.4:
            raise ShapeError(f"`shape: {written}`: a corner's radius is a length, 0 to 50 mm")
        return CardShape("rounded", radius=radius, written=written)
    if word == "path" and rest:
        try:
            path = parse_path(text.strip()[4:])
        except PathError as err:
            raise ShapeError(f"`shape:` {err}") from None
        x0, y0, x1, y1 = path.bounds
        if x1 - x0 <= 0 or y1 - y0 <= 0 or not any(s[0] == "Z" for s in path.segments):
            raise ShapeError("`shape:` a card's path is closed (`Z`) and has an area")
        return CardShape("path", path=path, written=written)
    raise ShapeError(
        f"`shape: {written}`: write rect, round, hex (or hex flat), rounded 3mm, or path "
        "followed by SVG path data"
    )


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list[Command]:
    """An ellipse as four cubic curves, clockwise from the top."""
    kx, ky = rx * KAPPA, ry * KAPPA
    return [
        ("M", cx, cy + ry),
        ("C", cx + kx, cy + ry, cx + rx, cy + ky, cx + rx, cy),
        ("C", cx + rx, cy - ky, cx + kx, cy - ry, cx, cy - ry),
        ("C", cx - kx, cy - ry, cx - rx, cy - ky, cx - rx, cy),
        ("C", cx - rx, cy + ky, cx - kx, cy + ry, cx, cy + ry),
        ("Z",),
    ]


def _rounded(width: float, height: float, radius: float, grow: float) -> list[Command]:
    """A rectangle grown by `grow`, its corners rounded with `radius + grow`."""
    x0, y0, x1, y1 = -grow, -grow, width + grow, height + grow
    r = max(0.0, min(radius + grow, (x1 - x0) / 2, (y1 - y0) / 2))
    k = r * KAPPA
    return [
        ("M", x0 + r, y1),
        ("L", x1 - r, y1),
        ("C", x1 - r + k, y1, x1, y1 - r + k, x1, y1 - r),
        ("L", x1, y0 + r),
        ("C", x1, y0 + r - k, x1 - r + k, y0, x1 - r, y0),
        ("L", x0 + r, y0),
        ("C", x0 + r - k, y0, x0, y0 + r - k, x0, y0 + r),
        ("L", x0, y1 - r),
        ("C", x0, y1 - r + k, x0 + r - k, y1, x0 + r, y1),
        ("Z",),
    ]


def _offset(corners: list[tuple[float, float]], grow: float) -> list[tuple[float, float]]:
    """A convex polygon (clockwise) with each side moved `grow` outward, its corners
    where the moved sides meet."""
    if grow == 0:
        return corners
    n = len(corners)
    lines = []
    for k in range(n):
        (ax, ay), (bx, by) = corners[k], corners[(k + 1) % n]
        length = math.hypot(bx - ax, by - ay)
        nx, ny = -(by - ay) / length, (bx - ax) / length  # (outward: clockwise, y up)
        lines.append((ax + nx * grow, ay + ny * grow, bx - ax, by - ay))
    out = []
    for k in range(n):
        px, py, dx, dy = lines[k - 1]
        qx, qy, ex, ey = lines[k]
        cross = dx * ey - dy * ex
        t = ((qx - px) * ey - (qy - py) * ex) / cross
        out.append((px + dx * t, py + dy * t))
    return out


def _closed(corners: list[tuple[float, float]]) -> list[Command]:
    first, *rest = corners
    return [("M", *first), *(("L", *p) for p in rest), ("Z",)]


def _mirror(commands: list[Command], width: float) -> list[Command]:
    """Commands with left and right swapped (x to width - x)."""
    out: list[Command] = []
    for command in commands:
        numbers = [float(v) for v in command[1:]]  # type: ignore[arg-type]
        for k in range(0, len(numbers), 2):
            numbers[k] = width - numbers[k]
        out.append((command[0], *numbers))
    return out


def _points(commands: list[Command]) -> list[list[tuple[float, float]]]:
    """The outline's subpaths as polygons, each curve read as straight pieces."""
    polygons: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = []
    for command in commands:
        kind = command[0]
        v = [float(n) for n in command[1:]]  # type: ignore[arg-type]
        if kind == "M":
            if current:
                polygons.append(current)
            current = [(v[0], v[1])]
        elif kind == "L":
            current.append((v[0], v[1]))
        elif kind == "C" and current:
            (sx, sy) = current[-1]
            for step in range(1, _CURVE_STEPS + 1):
                t = step / _CURVE_STEPS
                u = 1 - t
                current.append(
                    (
                        u**3 * sx + 3 * u * u * t * v[0] + 3 * u * t * t * v[2] + t**3 * v[4],
                        u**3 * sy + 3 * u * u * t * v[1] + 3 * u * t * t * v[3] + t**3 * v[5],
                    )
                )
    if current:
        polygons.append(current)
    return polygons


def _inside(polygons: list[list[tuple[float, float]]], x: float, y: float) -> bool:
    """Whether a point lies inside polygons filled by the nonzero rule."""
    winding = 0
    for polygon in polygons:
        n = len(polygon)
        for k in range(n):
            (ax, ay), (bx, by) = polygon[k], polygon[(k + 1) % n]
            if ay <= y < by or by <= y < ay:
                cross = (bx - ax) * (y - ay) - (x - ax) * (by - ay)
                if ay <= y < by and cross > 0:
                    winding += 1
                elif by <= y < ay and cross < 0:
                    winding -= 1
    return winding != 0


def polygon_meets_box(
    corners: list[tuple[float, float]], x0: float, y0: float, x1: float, y1: float
) -> bool:
    """Whether a polygon (filled by the nonzero rule) and a box share any area: a
    corner of either inside the other, or a side of the polygon crossing the box's."""
    if any(x0 < x < x1 and y0 < y < y1 for x, y in corners):
        return True
    box = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    if any(_inside([corners], x, y) for x, y in box):
        return True
    n = len(corners)
    for k in range(n):
        a, b = corners[k], corners[(k + 1) % n]
        for j in range(4):
            if _cross(a, b, box[j], box[(j + 1) % 4]):
                return True
    return False


def polygon_holds_box(
    corners: list[tuple[float, float]], x0: float, y0: float, x1: float, y1: float
) -> bool:
    """Whether a box lies wholly inside a polygon: its corners inside and no side of
    the polygon crossing it."""
    box = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    if not all(_inside([corners], x, y) for x, y in box):
        return False
    return not any(x0 < x < x1 and y0 < y < y1 for x, y in corners)


def _cross(
    a: tuple[float, float], b: tuple[float, float], c: tuple[float, float], d: tuple[float, float]
) -> bool:
    """Whether segments ab and cd cross (touching counts not)."""

    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    d1, d2 = side(c, d, a), side(c, d, b)
    d3, d4 = side(a, b, c), side(a, b, d)
    return d1 * d2 < 0 and d3 * d4 < 0
