"""SVG path data (`d`, as in `<path d="M 2 2 L 22 2 ...">`), read into straight lines
and cubic Bézier curves in absolute coordinates, for a layout's `path` element.

Every command of SVG 1.1 is read, absolute and relative (`M L H V C S Q T A Z`, and
their lowercase forms): `H` and `V` become lines, quadratic curves (`Q`, `T`) the cubic
curves that draw them exactly, and elliptical arcs (`A`) cubic curves of at most a
quarter turn each (their error far below a printer's dot). A number may be written
`1.5`, `-.5`, `1e3`, joined to the next where SVG allows (`1-2`, `.5.5`), and repeated
arguments repeat their command (`L 1 1 2 2`; after `M`, as `L`). Anything else is a
PathError saying at which character.

Pure geometry: no drawing library.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

MAX_PATH = 20_000  # characters of path data
MAX_COMMANDS = 10_000  # segments a path may hold

_TOKEN = re.compile(
    r"\s*(?:([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?))\s*,?"
)
_FLAG = re.compile(r"\s*([01])\s*,?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


class PathError(ValueError):
    """Path data that cannot be read; the message says where and why."""


@dataclass(frozen=True)
class Path:
    """A path read: its segments in absolute coordinates, and the box round every point
    they name. A segment: `("M", x, y)` starts a subpath, `("L", x, y)` draws a line,
    `("C", x1, y1, x2, y2, x, y)` a cubic curve, `("Z",)` closes the subpath."""

    segments: tuple[tuple[object, ...], ...]
    bounds: tuple[float, float, float, float]  # min x, min y, max x, max y


def parse_path(data: str) -> Path:
    """Read SVG path data (PathError when it cannot be read)."""
    if len(data) > MAX_PATH:
        raise PathError(f"the path is {len(data):,} characters; at most {MAX_PATH:,}")
    reader = _Reader(data)
    out: list[tuple[object, ...]] = []
    x = y = 0.0  # the current point
    sx = sy = 0.0  # the subpath's start
    last_control: tuple[float, float] | None = None  # (for S and T)
    last_kind = ""
    command = ""
    while True:
        if len(out) > MAX_COMMANDS:
            raise PathError(f"the path has more than {MAX_COMMANDS:,} segments")
        token = reader.command()
        if token is None:
            if reader.done():
                break
            if not command or command in "Zz" or not reader.at_number():
                raise PathError(reader.problem("a command (M, L, C ...)"))
            token = "L" if command == "M" else "l" if command == "m" else command
        elif not out and token not in "Mm":
            raise PathError(reader.problem("`M`: a path starts with a move", back=True))
        command = token
        kind = command.upper()
        relative = command.islower()
        if kind == "Z":
            out.append(("Z",))
            x, y = sx, sy
            last_control, last_kind = None, "Z"
            continue
        args = reader.arc() if kind == "A" else [reader.number() for _ in range(_ARGS[kind])]
        dx, dy = (x, y) if relative else (0.0, 0.0)
        if kind == "M":
            x, y = args[0] + dx, args[1] + dy
            sx, sy = x, y
            out.append(("M", x, y))
            last_control = None
        elif kind in ("L", "H", "V"):
            if kind == "H":
                x = args[0] + (x if relative else 0.0)
            elif kind == "V":
                y = args[0] + (y if relative else 0.0)
            else:
                x, y = args[0] + dx, args[1] + dy
            out.append(("L", x, y))
            last_control = None
        elif kind in ("C", "S"):
            if kind == "C":
                x1, y1 = args[0] + dx, args[1] + dy
                rest = args[2:]
            else:  # the first control point the last curve's, reflected
                x1, y1 = (
                    (2 * x - last_control[0], 2 * y - last_control[1])
                    if last_control is not None and last_kind in ("C", "S")
                    else (x, y)
                )
                rest = args
            x2, y2 = rest[0] + dx, rest[1] + dy
            ex, ey = rest[2] + dx, rest[3] + dy
            out.append(("C", x1, y1, x2, y2, ex, ey))
            x, y, last_control = ex, ey, (x2, y2)
        elif kind in ("Q", "T"):
            if kind == "Q":
                qx, qy = args[0] + dx, args[1] + dy
                ex, ey = args[2] + dx, args[3] + dy
            else:
                qx, qy = (
                    (2 * x - last_control[0], 2 * y - last_control[1])
                    if last_control is not None and last_kind in ("Q", "T")
                    else (x, y)
                )
                ex, ey = args[0] + dx, args[1] + dy
            out.append(_quadratic(x, y, qx, qy, ex, ey))
            x, y, last_control = ex, ey, (qx, qy)
        else:  # A
            rx, ry, angle, large, sweep = args[0], args[1], args[2], args[3], args[4]
            ex, ey = args[5] + dx, args[6] + dy
            out.extend(_arc(x, y, rx, ry, angle, bool(large), bool(sweep), ex, ey))
            x, y, last_control = ex, ey, None
        last_kind = kind
    if not out:
        raise PathError("the path is empty: write its commands, like `M 0 0 L 10 10`")
    if len(out) > MAX_COMMANDS:
        raise PathError(f"the path has more than {MAX_COMMANDS:,} segments")
    return Path(tuple(out), _bounds(out))


class _Reader:
    """Path data read token by token."""

    def __init__(self, data: str) -> None:
        self.data = data
        self.pos = 0
        self.last = 0  # where the token before this one started

    def done(self) -> bool:
        return not self.data[self.pos :].strip()

    def problem(self, wanted: str, back: bool = False) -> str:
        at = self.last if back else self.pos
        while at < len(self.data) and self.data[at].isspace():
            at += 1
        found = self.data[at : at + 12] or "the end"
        return f"at character {at + 1}, {found!r}: expected {wanted}"

    def command(self) -> str | None:
        match = _TOKEN.match(self.data, self.pos)
        if match is None or match.group(1) is None:
            return None
        self.last, self.pos = self.pos, match.end()
        return match.group(1)

    def at_number(self) -> bool:
        match = _TOKEN.match(self.data, self.pos)
        return match is not None and match.group(2) is not None

    def number(self) -> float:
        match = _TOKEN.match(self.data, self.pos)
        if match is None or match.group(2) is None:
            raise PathError(self.problem("a number"))
        value = float(match.group(2))
        if not math.isfinite(value) or abs(value) > 1e9:
            raise PathError(self.problem("a number of at most 1e9"))
        self.last, self.pos = self.pos, match.end()
        return value

    def flag(self) -> float:
        match = _FLAG.match(self.data, self.pos)
        if match is None:
            raise PathError(self.problem("a flag, 0 or 1"))
        self.last, self.pos = self.pos, match.end()
        return float(match.group(1))

    def arc(self) -> list[float]:
        """An arc's arguments: radii, turn, two flags (`0` or `1`, which may touch the
        next: `a1 1 0 01 5 5`), the end point."""
        rx, ry, angle = self.number(), self.number(), self.number()
        large, sweep = self.flag(), self.flag()
        return [rx, ry, angle, large, sweep, self.number(), self.number()]


def _quadratic(
    x0: float, y0: float, qx: float, qy: float, x: float, y: float
) -> tuple[object, ...]:
    """The cubic curve that draws a quadratic one exactly."""
    return (
        "C",
        x0 + 2 / 3 * (qx - x0),
        y0 + 2 / 3 * (qy - y0),
        x + 2 / 3 * (qx - x),
        y + 2 / 3 * (qy - y),
        x,
        y,
    )


def _arc(
    x1: float,
    y1: float,
    rx: float,
    ry: float,
    angle: float,
    large: bool,
    sweep: bool,
    x2: float,
    y2: float,
) -> list[tuple[object, ...]]:
    """An elliptical arc as cubic curves (SVG 1.1, appendix F.6: its end points to its
    centre, radii too small grown to fit, no radius a line)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(angle % 360)
    cos, sin = math.cos(phi), math.sin(phi)
    hx, hy = (x1 - x2) / 2, (y1 - y2) / 2
    px, py = cos * hx + sin * hy, -sin * hx + cos * hy
    grow = (px / rx) ** 2 + (py / ry) ** 2
    if grow > 1:
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = (rx * ry) ** 2 - (rx * py) ** 2 - (ry * px) ** 2
    den = (rx * py) ** 2 + (ry * px) ** 2
    root = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        root = -root
    cxp, cyp = root * rx * py / ry, -root * ry * px / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2

    def angle_of(ux: float, uy: float) -> float:
        return math.atan2(uy, ux)

    start = angle_of((px - cxp) / rx, (py - cyp) / ry)
    end = angle_of((-px - cxp) / rx, (-py - cyp) / ry)
    delta = end - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)
    out: list[tuple[object, ...]] = []

    def point(t: float) -> tuple[float, float]:
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        return cx + cos * ex - sin * ey, cy + sin * ex + cos * ey

    def slope(t: float) -> tuple[float, float]:
        ex, ey = -rx * math.sin(t), ry * math.cos(t)
        return cos * ex - sin * ey, sin * ex + cos * ey

    t = start
    for n in range(pieces):
        t2 = start + step * (n + 1)
        (ax, ay), (bx, by) = point(t), point(t2)
        (dax, day), (dbx, dby) = slope(t), slope(t2)
        if n == pieces - 1:
            bx, by = x2, y2  # (the end point exactly as written)
        out.append(("C", ax + k * dax, ay + k * day, bx - k * dbx, by - k * dby, bx, by))
        t = t2
    return out


def _bounds(segments: list[tuple[object, ...]]) -> tuple[float, float, float, float]:
    """The box round every point the segments name (a curve's control points too: it
    holds the curve)."""
    xs: list[float] = []
    ys: list[float] = []
    for segment in segments:
        numbers = [float(v) for v in segment[1:]]  # type: ignore[arg-type]
        xs += numbers[0::2]
        ys += numbers[1::2]
    return min(xs), min(ys), max(xs), max(ys)
