"""How light a colour prints in greyscale: CIE L* (0 black to 100 white).

A mono printer or a greyscale copy keeps only lightness, so colours that must
be told apart (a game's suits, factions, symbol colours) should differ by at
least `APART` units of L*. `lightness` measures a colour the way the eye does
(sRGB to CIE L*); `grey_lightness` measures a grey pixel (like the `L` of a
Pillow image, ITU-R BT.601 luma), which is what a greyscale print keeps.
"""

from __future__ import annotations

APART = 20.0  # the least difference in L* between two colours a player must tell apart


def _linear(channel: float) -> float:
    """An sRGB channel (0 to 1) as linear light."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _lstar(luminance: float) -> float:
    """CIE L* of a relative luminance Y (0 to 1)."""
    f = luminance ** (1 / 3) if luminance > 216 / 24389 else (24389 / 27 * luminance + 16) / 116
    return 116 * f - 16


def rgb(hex_colour: str) -> tuple[int, int, int]:
    """A `#rrggbb` colour's channels, 0 to 255."""
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def lightness(hex_colour: str) -> float:
    """CIE L* of an sRGB colour written `#rrggbb`."""
    r, g, b = (_linear(v / 255) for v in rgb(hex_colour))
    return _lstar(0.2126 * r + 0.7152 * g + 0.0722 * b)


def grey_lightness(grey: float) -> float:
    """CIE L* of a grey level (0 to 255), like a pixel of a greyscale image."""
    return _lstar(_linear(grey / 255))


def luma(hex_colour: str) -> int:
    """The grey level (0 to 255) a colour becomes in greyscale, exactly as Pillow's `L`
    makes it (ITU-R BT.601, 0.299 R + 0.587 G + 0.114 B, in 16-bit fixed point)."""
    r, g, b = rgb(hex_colour)
    return (r * 19595 + g * 38470 + b * 7471 + 0x8000) >> 16


def print_lightness(hex_colour: str) -> float:
    """CIE L* of the grey a colour becomes in greyscale (`grey_lightness` of its `luma`)."""
    return grey_lightness(luma(hex_colour))


def is_light(hex_colour: str, above: float = 65.0) -> bool:
    """Whether a colour is light enough that dark text reads better on it than white."""
    return lightness(hex_colour) >= above
