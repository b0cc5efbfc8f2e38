"""Lengths as users write them ("63mm", "2.5in", "1/8in") turned into PDF points.

Every length inside kitgen is in points (1/72 inch); this module is the only place
that knows about millimetres, centimetres and inches.
"""

from __future__ import annotations

import re

from kitgen.layout.geometry import LayoutError, Size

PT = 1.0
INCH = 72.0
MM = 72 / 25.4
CM = 10 * MM

UNITS: dict[str, float] = {"mm": MM, "cm": CM, "in": INCH, "pt": PT}
MAX_BACK_OFFSET = INCH  # a back offset's DX and DY, either way (25.4 mm)
_UNIT_HINT = "mm, cm, in or pt (like 3mm)"

_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)"
_LENGTH = re.compile(
    rf"""^\s*(?P<sign>[+-]?)\s*
    (?:(?P<num>{_NUMBER})\s*/\s*(?P<den>{_NUMBER})|(?P<value>{_NUMBER}))
    \s*(?P<unit>[a-z]*)\s*$""",
    re.IGNORECASE | re.VERBOSE,
)
_SIZE_SPLIT = re.compile("\\s*[x\u00d7]\\s*", re.IGNORECASE)


def _split(text: str) -> tuple[float, str]:
    """The number and the (lower-case, maybe empty) unit of a length, or LayoutError."""
    match = _LENGTH.match(text)
    if not text.strip():
        raise LayoutError(f"a length is empty: give a number and a unit: {_UNIT_HINT}")
    if match is None:
        raise LayoutError(
            f"'{text.strip()}' is not a length: give a number and a unit: {_UNIT_HINT}"
        )
    if match["value"] is not None:
        value = float(match["value"])
    else:
        den = float(match["den"])
        if den == 0:
            raise LayoutError(f"'{text.strip()}' divides by zero")
        value = float(match["num"]) / den
    if match["sign"] == "-":
        value = -value
    return value, match["unit"].lower()


def parse_length(text: str) -> float:
    """Points from a length like "63mm", "2.5 in", "1/8in", "12pt" or "0"."""
    value, unit = _split(text)
    if not unit:
        if value == 0:
            return 0.0
        raise LayoutError(f"'{text.strip()}' needs a unit: {_UNIT_HINT}")
    if unit not in UNITS:
        raise LayoutError(f"'{text.strip()}' has an unknown unit '{unit}': use {_UNIT_HINT}")
    return value * UNITS[unit]


def parse_size(text: str) -> Size:
    """A positive Size from "63x88mm", "2.5x3.5in", "63mm x 88mm" or "63 x 88 mm"."""
    parts = _SIZE_SPLIT.split(text.strip())
    if len(parts) != 2 or not all(parts):
        raise LayoutError(f"'{text.strip()}' is not a size: give WIDTHxHEIGHT, like 63x88mm")
    left, right = parts
    _, right_unit = _split(right)
    _, left_unit = _split(left)
    if not left_unit and right_unit:
        left = left + right_unit  # "63x88mm": the width shares the height's unit
    width, height = parse_length(left), parse_length(right)
    if width <= 0 or height <= 0:
        raise LayoutError(f"'{text.strip()}' is not a size: width and height must be positive")
    return Size(width, height)


def parse_offset(text: str) -> tuple[float, float]:
    """Points (dx, dy) from "DX,DY"; bare numbers are millimetres ("0.5,-1", "1mm,0.02in").

    Each is at most MAX_BACK_OFFSET either way: a printer puts its back pages a few
    millimetres off at worst (the calibration sheet reads 7), so more is a slip."""
    parts = text.split(",")
    if len(parts) != 2:
        raise LayoutError(f"'{text.strip()}' is not an offset: give DX,DY in mm, like 0.5,-1")
    result: list[float] = []
    for axis, part in zip(("DX", "DY"), parts, strict=True):
        try:
            value, unit = _split(part)
            result.append(value * MM if not unit else parse_length(part))
        except LayoutError as err:
            raise LayoutError(f"offset '{text.strip()}': {err}") from None
        if not abs(result[-1]) <= MAX_BACK_OFFSET * (1 + 1e-12):  # (and not inf)
            raise LayoutError(
                f"offset '{text.strip()}': {axis} is more than {format_mm(MAX_BACK_OFFSET)} "
                "(1 in) either way; printers put back pages a few millimetres off at most"
            )
    return result[0], result[1]


def format_mm(points: float) -> str:
    """Points as millimetres for messages: "63 mm", "2.5 mm", "215.9 mm"."""
    text = f"{points / MM:.2f}".rstrip("0").rstrip(".")
    return f"{'0' if text == '-0' else text} mm"
