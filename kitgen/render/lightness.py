"""How light a colour prints in greyscale: CIE L* (0 black to 100 white).

A mono printer or a greyscale copy keeps only lightness, so colours that must
be told apart (a game's suits, factions, symbol colours) should differ by at
least `APART` units of L*. `lightness` measures a colour the way the eye does
(sRGB to CIE L*); `grey_lightness` measures a grey pixel (like the `L` of a
Pillow image, ITU-R BT.601 luma), which is what a greyscale print keeps.

`on_paper` re-draws a colour for white paper when the colour it was drawn on is left
out (`--ink low` drops a designed card's background): one that stood out from it
more than it would from the paper is drawn as much darker than the paper as it was
lighter than what it was drawn on, hue kept (CIE L*a*b*).
"""

from __future__ import annotations

APART = 20.0  # the least difference in L* between two colours a player must tell apart


def _linear(channel: float) -> float:
    """An sRGB channel (0 to 1) as linear light."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _encoded(linear: float) -> float:
    """A linear-light channel (0 to 1) as sRGB, the inverse of `_linear`."""
    return linear * 12.92 if linear <= 0.0031308 else 1.055 * linear ** (1 / 2.4) - 0.055


# The D65 white of sRGB in CIE XYZ, and sRGB's matrices to and from XYZ.
_WHITE = (0.95047, 1.0, 1.08883)
_TO_XYZ = ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505))
_FROM_XYZ = ((3.2406, -1.5372, -0.4986), (-0.9689, 1.8758, 0.0415), (0.0557, -0.2040, 1.0570))


def _lab_f(t: float) -> float:
    return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116


def _lab_f_inverse(f: float) -> float:
    return f**3 if f**3 > 216 / 24389 else (116 * f - 16) * 27 / 24389


def lab(hex_colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour written `#rrggbb`."""
    lin = [_linear(v / 255) for v in rgb(hex_colour)]
    x, y, z = (sum(m * c for m, c in zip(row, lin, strict=True)) for row in _TO_XYZ)
    fx, fy, fz = _lab_f(x / _WHITE[0]), _lab_f(y), _lab_f(z / _WHITE[2])
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def from_lab(lightness_: float, a: float, b: float) -> str:
    """The `#rrggbb` colour nearest CIE L*a*b* (D65): channels outside sRGB are clipped."""
    fy = (lightness_ + 16) / 116
    xyz = (
        _WHITE[0] * _lab_f_inverse(fy + a / 500),
        _lab_f_inverse(fy),
        _WHITE[2] * _lab_f_inverse(fy - b / 200),
    )
    channels = (sum(m * c for m, c in zip(row, xyz, strict=True)) for row in _FROM_XYZ)
    return "#" + "".join(f"{round(255 * _encoded(min(1.0, max(0.0, c)))):02x}" for c in channels)


def on_paper(hex_colour: str, behind: str) -> str:
    """A colour that was drawn on `behind`, re-drawn for white paper when `behind` is
    left out: one that stood out from `behind` by more L* than it stands out from the
    paper (white text on a black card, a light gold on dark brown) becomes as much
    darker than the paper as it was lighter than `behind`, its hue and chroma kept
    where sRGB holds them (white on black prints black, the light gold a dark gold);
    any other already stands out from the paper at least as well, and is kept (a gold
    frame on orange). At the turn the two are alike: the change is continuous. Both
    are `#rrggbb`."""
    ink, under = lab(hex_colour), lightness(behind)
    mirrored = 100.0 - (ink[0] - under)
    if mirrored >= ink[0]:
        return hex_colour
    return from_lab(max(0.0, mirrored), ink[1], ink[2])


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
