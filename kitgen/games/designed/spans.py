"""Spans of a designed game's text: part of a text set in another colour, size, font,
weight, slant or baseline (`{prereq}Trash 1 Stone{/} to draw a card`).

A span opens with `{...}` and closes with `{/}`. What the braces hold is one or more
words, each one of:

- the name of a style the layout declares (`styles: {prereq: {colour: "#c00"}}`);
- `bold`, `italic`, or `regular` (neither);
- a font's name (`serif`, or a font of the game file's `fonts:` whose name is one word);
- a colour: `#rgb`, `#rrggbb`, `black` or `white`;
- a size: `9pt` (the span's size while its text is at its own `size`: it shrinks with
  the text) or `80%` (of the text around it);
- a baseline shift, signed: `+2pt` raises it, `-30%` lowers it by 30% of the size of
  the text around it.

Later words change what earlier ones set (`{prereq bold}`). This module is pure: it
reads styles and spans into `SpanStyle`s, which kitgen.games.designed.draw turns into
the looks kitgen.render.richtext sets text in (fonts found, sizes made shares of the
text's).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, replace

from kitgen.games.designed.props import PropError, colour_value

# The bounds of a span's size and shift, in points and in % of the text around it.
SIZE_POINTS = (1.0, 400.0)
SIZE_PERCENT = (10.0, 500.0)
SHIFT_POINTS = 100.0
SHIFT_PERCENT = 200.0
# Words a span writes that are no style's name.
WORDS = ("bold", "italic", "regular", "black", "white")

_DIGITS = "0123456789."
_UNITS = ("pt", "%")  # a span's size or shift says its unit (a bare `{1}` is text)
_SIZE = re.compile(r"^(\d+(?:\.\d+)?|\.\d+)(pt|%)?$")
_SHIFT = re.compile(r"^([+-])(\d+(?:\.\d+)?|\.\d+)(pt|%)?$")
# What a span's braces hold when it is meant as one (words of letters, digits, `#`,
# `%`, `.`, `_`, `-` and a leading `+`, the first starting with a letter or `#`, or a
# size or shift with its unit): a `{...}` of anything else (`{1}`, `{a, b}`, JSON) is
# text, printed as written.
_MEANT = re.compile(
    r"^(?:(?:[^\W\d_]|#)[\w#%.-]*|[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:pt|%))"
    r"(?: +[+-]?[\w#%.-]+)*$"
)


@dataclass(frozen=True)
class SpanStyle:
    """What a style or a span sets (None: as the text around it). `size` is points, or
    with `size_relative` a share of the text around it; `shift` likewise (raised when
    positive). `font` is a font's name, or a fallback chain's names with commas."""

    colour: str | None = None
    size: float | None = None
    size_relative: bool = False
    font: str | None = None
    bold: bool | None = None
    italic: bool | None = None
    shift: float | None = None
    shift_relative: bool = False

    def then(self, other: SpanStyle) -> SpanStyle:
        """This style with what `other` sets set over it."""
        out = self
        if other.colour is not None:
            out = replace(out, colour=other.colour)
        if other.size is not None:
            out = replace(out, size=other.size, size_relative=other.size_relative)
        if other.font is not None:
            out = replace(out, font=other.font)
        if other.bold is not None:
            out = replace(out, bold=other.bold)
        if other.italic is not None:
            out = replace(out, italic=other.italic)
        if other.shift is not None:
            out = replace(out, shift=other.shift, shift_relative=other.shift_relative)
        return out


def style_key(name: str) -> str:
    """A style's name as names are compared: Unicode's composed form, case folded."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


def size_of(value: object, where: str) -> tuple[float, bool]:
    """A span's size: points (`9`, `9pt`) or a share of the text around it (`80%`);
    PropError when it is neither, or out of bounds."""
    text = str(value).strip().lower() if not isinstance(value, bool) else "?"
    m = _SIZE.match(text)
    if m is None:
        raise PropError(f"{where} is {str(value)!r}: write points (`9pt`) or a share (`80%`)")
    number = float(m[1])
    if m[2] == "%":
        low, high = SIZE_PERCENT
        if not low <= number <= high:
            raise PropError(f"{where} is {number:g}%; it may be {low:g}% to {high:g}%")
        return number / 100, True
    low, high = SIZE_POINTS
    if not low <= number <= high:
        raise PropError(f"{where} is {number:g} pt; it may be {low:g} to {high:g} pt")
    return number, False


def shift_of(value: object, where: str, signed: bool = False) -> tuple[float, bool]:
    """A baseline shift: points (`2pt`, `-1.5`) or a share of the text around it
    (`30%`), raised when positive; `signed` asks for the sign written (`+2pt`), as a
    span's word must have it."""
    text = str(value).strip().lower() if not isinstance(value, bool) else "?"
    if not signed and text[:1] not in "+-":
        text = "+" + text
    m = _SHIFT.match(text)
    if m is None:
        example = "`+2pt`, `-30%`" if signed else "`2pt`, `-30%`"
        raise PropError(f"{where} is {str(value)!r}: write a shift like {example}")
    number = float(m[2]) * (-1 if m[1] == "-" else 1)
    if m[3] == "%":
        if abs(number) > SHIFT_PERCENT:
            raise PropError(
                f"{where} is {number:g}%; it may be -{SHIFT_PERCENT:g}% to {SHIFT_PERCENT:g}%"
            )
        return number / 100, True
    if abs(number) > SHIFT_POINTS:
        raise PropError(
            f"{where} is {number:g} pt; it may be -{SHIFT_POINTS:g} to {SHIFT_POINTS:g} pt"
        )
    return number, False


def read_style(values: Mapping[str, object]) -> tuple[SpanStyle, list[tuple[str, str]]]:
    """A named style as the layout writes it (`{colour: "#c00", size: 9, italic:
    true}`): the style, and (key, problem) for each value that cannot be read (left
    out of the style)."""
    style = SpanStyle()
    problems: list[tuple[str, str]] = []
    for key, value in values.items():
        try:
            if key == "colour":
                colour = colour_value(value, "colour")
                if colour == "none":
                    raise PropError("a span's `colour` is a colour, not none")
                style = replace(style, colour=colour)
            elif key == "size":
                size, relative = size_of(value, "`size`")
                style = replace(style, size=size, size_relative=relative)
            elif key == "shift":
                shift, relative = shift_of(value, "`shift`")
                style = replace(style, shift=shift, shift_relative=relative)
            elif key in ("bold", "italic"):
                if not isinstance(value, bool):
                    raise PropError(f"`{key}` is true or false, not {value!r}")
                style = (
                    replace(style, bold=value) if key == "bold" else replace(style, italic=value)
                )
            elif key == "font":
                style = replace(style, font=str(value))
        except PropError as err:
            problems.append((key, str(err)))
    return style, problems


def meant(inside: str) -> bool:
    """Whether a `{...}` holding `inside` is meant as a span: words, the first starting
    with a letter or `#` or a size or shift with its unit (`{prereq}`, `{#c00 bold}`,
    `{900%}`). Anything else is text (`{1}`, `{a, b}`)."""
    return inside == "/" or _MEANT.match(inside) is not None


def read_span(
    inside: str, styles: Mapping[str, SpanStyle], fonts: Mapping[str, str] | None = None
) -> SpanStyle:
    """What a span's `{...}` sets, its words read in turn over each other (`styles` by
    `style_key`; `fonts`, the names of the game's fonts by the same key, each a word
    that sets the font: `{serif}`); PropError naming the first word that is none of a
    span's."""
    out = SpanStyle()
    for word in inside.split():
        key = style_key(word)
        style = styles.get(key)
        if style is not None:
            out = out.then(style)
        elif fonts is not None and key in fonts:
            out = replace(out, font=fonts[key])
        elif key == "bold":
            out = replace(out, bold=True)
        elif key == "italic":
            out = replace(out, italic=True)
        elif key == "regular":
            out = replace(out, bold=False, italic=False)
        elif key in ("black", "white") or key.startswith("#"):
            out = replace(out, colour=colour_value(word, "a span's colour"))
        elif key[:1] in "+-" and key[1:2] in _DIGITS and key.endswith(_UNITS):
            shift, relative = shift_of(word, "a span's shift", signed=True)
            out = replace(out, shift=shift, shift_relative=relative)
        elif key[:1] in _DIGITS and key.endswith(_UNITS):
            size, relative = size_of(word, "a span's size")
            out = replace(out, size=size, size_relative=relative)
        else:
            known = ", ".join(sorted(styles)) or "none declared"
            raise PropError(
                f"`{{{inside}}}` names no span style {word!r} (the layout's `styles:`: "
                f"{known}); a span's braces hold style names, bold, italic, regular, a "
                "font's name, a colour, a size (`9pt`, `80%`) or a shift (`+2pt`); write "
                "`\\{` for a brace printed as written"
            )
    return out
