"""A layout's properties read for each card: values, templates and mappings, each
turned into what the drawing needs (a length, a colour, a size, a choice).

A property is compiled once per layout: a value is read at once (so a bad one is
a finding where it is written, whatever the cards), a mapping's values too, and a
template is checked and compiled. For a card, `Compiled.value(context)` then gives
the property's value for that card: the constant, the mapping's entry for the
card's field, or the template's text read as the property's kind.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from kitgen.api import MM, UNITS, LayoutError, parse_length
from kitgen.games.designed.model import Anchor

PropKind = Literal[
    "x",
    "y",
    "length",
    "font_size",
    "colour",
    "flag",
    "number",
    "text",
    "choice",
    "count",
    "angle",
    "fraction",
    "points",
    "dash",
    "path",
    "view",
    "clip",
    "paint",
    "opacity",
    "offset",
]

# The kind of each property, and for choices the words it takes.
KINDS: dict[str, PropKind] = {
    "x": "x",
    "width": "x",
    "y": "y",
    "height": "y",
    "radius": "length",
    "stroke_width": "length",
    "size": "font_size",
    "min_size": "font_size",
    "fill": "paint",
    "stroke": "colour",
    "colour": "colour",
    "tint": "colour",
    "background": "paint",
    "opacity": "opacity",
    "fill_opacity": "opacity",
    "stroke_opacity": "opacity",
    "outline": "colour",
    "outline_width": "length",
    "shadow": "colour",
    "shadow_offset": "offset",
    "bold": "flag",
    "italic": "flag",
    "wrap": "flag",
    "bleed": "flag",
    "leading": "number",
    "icon_scale": "number",
    "text": "text",
    "src": "text",
    "icon": "text",
    "font": "text",
    "align": "choice",
    "valign": "choice",
    "fit": "choice",
    "sides": "count",
    "tips": "count",
    "rotation": "angle",
    "start": "angle",
    "rotate": "angle",
    "pivot": "choice",
    "end": "angle",
    "sector": "flag",
    "d": "path",
    "view": "view",
    "clip": "clip",
    "inner": "fraction",
    "points": "points",
    "dash": "dash",
    "cap": "choice",
    "join": "choice",
}
CHOICES: dict[str, tuple[str, ...]] = {
    "align": ("left", "centre", "center", "right"),
    "valign": ("top", "middle", "bottom"),
    "fit": ("fit", "fill", "crop"),
    "pivot": get_args(Anchor),  # (the points an element's `anchor` names)
    "cap": ("butt", "round", "square"),
    "join": ("miter", "round", "bevel"),
}
MAX_SIDES = 64  # a regular polygon's sides, a star's tips
MAX_POINTS = 64  # a polygon's points
MAX_DASHES = 8  # lengths in a dash pattern
DASH_WORDS = ("solid", "dashed", "dotted")
ELSE = "else"  # a mapping's value for every other value of its field
_COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_NAMED = {"black": "#000000", "white": "#ffffff", "none": "none", "transparent": "none"}
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0", ""}
_BOUNDS = {"number": (0.01, 100.0), "font_size": (1.0, 400.0)}


def template_errors() -> tuple[type[Exception], ...]:
    """What a card's template raises when it fails: jinja2's TemplateError once jinja2
    is loaded (it is only when a template needs more than printing a field), with the
    errors Python raises for a bad operation. For `except` clauses."""
    import sys

    jinja = sys.modules.get("jinja2")
    own = (jinja.TemplateError,) if jinja is not None else ()
    return (*own, ArithmeticError, TypeError, ValueError)


class PropError(ValueError):
    """A property's value that cannot be used; the message says why, in words."""


class Empty(str):
    """A field a card leaves empty, as its templates see it: the empty text (printed as
    nothing, false in `{% if %}`, equal to `""`), which no number is greater or smaller
    than: `pick > 1` and `pick <= 1` are both false for a card without a `pick`, so an
    element whose `when:` compares it is not drawn (Python's `"" > 1` is a TypeError).
    Compared with text it is the empty text. It is absent to `default` (`{{ cost |
    default('-') }}` prints `-`), as a name that is not there is."""

    __slots__ = ()
    absent = True

    def __lt__(self, other: object) -> bool:
        return False if _is_number(other) else str.__lt__(self, other)  # type: ignore[operator]

    def __le__(self, other: object) -> bool:
        return False if _is_number(other) else str.__le__(self, other)  # type: ignore[operator]

    def __gt__(self, other: object) -> bool:
        return False if _is_number(other) else str.__gt__(self, other)  # type: ignore[operator]

    def __ge__(self, other: object) -> bool:
        return False if _is_number(other) else str.__ge__(self, other)  # type: ignore[operator]


EMPTY = Empty()


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float))


# Python's words for an operation on values of the wrong kinds, which a card's template
# raises (jinja2 passes them on), and the kinds in a designer's words.
_COMPARED = re.compile(r"^'(\S+)' not supported between instances of '(\w+)' and '(\w+)'$")
_OPERAND = re.compile(r"^unsupported operand type\(s\) for (\S+?): '(\w+)' and '(\w+)'$")
_JOINED = re.compile(r'^can only concatenate (\w+) \(not "(\w+)"\) to \w+$')
_KINDS = {
    "str": "text",
    "Empty": "an empty field",
    "int": "a whole number",
    "float": "a number",
    "bool": "true or false",
    "list": "a list (an icons field)",
    "NoneType": "nothing",
}


def template_problem(err: Exception) -> str:
    """What went wrong in a card's template, in words: Python's phrasing of an operation
    on values of the wrong kinds (`'>' not supported between instances of 'str' and
    'int'`) said as what the template did (`>` compares text with a whole number); any
    other error's own message."""
    message = str(err)
    if not isinstance(err, TypeError):
        return message
    kinds = _KINDS.get
    found = _COMPARED.match(message)
    if found is not None:
        op, a, b = found.groups()
        said = f"`{op}` compares {kinds(a, a)} with {kinds(b, b)}"
    elif (found := _OPERAND.match(message)) is not None:
        op, a, b = found.groups()
        said = f"`{op}` cannot take {kinds(a, a)} and {kinds(b, b)}"
    elif (found := _JOINED.match(message)) is not None:
        a, b = found.groups()
        said = f"`+` cannot take {kinds(a, a)} and {kinds(b, b)}"
    else:
        return message
    return (
        f"{said} (a number field is a number; any other field, and an empty one, is "
        "text: `| int` makes a number of it)"
    )


@dataclass(frozen=True)
class Length:
    """A length: points, or (`percent`) a fraction of the card's width or height."""

    value: float
    percent: bool = False

    def points(self, whole: float) -> float:
        """The length in points, on a side `whole` points long."""
        return self.value * whole if self.percent else self.value


def is_template(value: object) -> bool:
    """Whether a property's text is a template over the card's fields."""
    return isinstance(value, str) and ("{{" in value or "{%" in value)


def read(name: str, value: object) -> object:
    """A property's value as its kind: a Length, a colour (`#rrggbb` or "none"), a float,
    a bool, text, or one of its words. Raises PropError."""
    kind = KINDS[name]
    if kind in ("x", "y", "length"):
        return _length(value, name)
    if kind == "font_size":
        return _bounded(_size(value, name), name, kind)
    if kind == "colour":
        return _colour(value, name)
    if kind == "paint":
        return paint_value(value, name)
    if kind == "opacity":
        return _opacity(value, name)
    if kind == "offset":
        return _offset(value, name)
    if kind == "flag":
        return _flag(value, name)
    if kind == "number":
        return _bounded(_number(value, name), name, kind)
    if kind == "count":
        return _count(value, name)
    if kind == "angle":
        angle = _number(value, name)
        if not -360 <= angle <= 360:
            raise PropError(f"`{name}` is {angle:g} degrees; it must be -360 to 360")
        return angle
    if kind == "fraction":
        return _fraction(value, name)
    if kind == "points":
        return _points(value, name)
    if kind == "dash":
        return _dash(value, name)
    if kind == "path":
        from kitgen.api import PathError, parse_path

        try:
            return parse_path(str(value))
        except PathError as err:
            raise PropError(f"`{name}`: {err}") from None
    if kind == "view":
        return _view(value, name)
    if kind == "clip":
        return _clip(value, name)
    if kind == "choice":
        text = str(value).strip().lower()
        if text not in CHOICES[name]:
            raise PropError(f"`{name}` is {value!r}; use one of: {', '.join(CHOICES[name])}")
        return "centre" if text == "center" else text
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _number(value: object, name: str) -> float:
    if isinstance(value, bool):
        raise PropError(f"`{name}` should be a number, not {str(value).lower()}")
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value).strip())
    except ValueError:
        raise PropError(f"`{name}` should be a number, not {str(value)!r}") from None


def _bounded(number: float, name: str, kind: str) -> float:
    low, high = _BOUNDS[kind]
    if not low <= number <= high:
        unit = " pt" if kind == "font_size" else ""
        raise PropError(f"`{name}` is {number:g}{unit}; it must be {low:g} to {high:g}{unit}")
    return number


MAX_LENGTH = 1000 * MM  # a metre: no card needs more, and it keeps numbers finite
MAX_PERCENT = 10.0  # 1000 %


def _length(value: object, name: str) -> Length:
    """Bare numbers are millimetres; `%` is of the card's width (x, width) or height (y,
    height), and of its shorter side for the others. A radius or a stroke's width is not
    negative; any length is within a metre either way (1000 %)."""
    length = _any_length(value, name)
    limit = MAX_PERCENT if length.percent else MAX_LENGTH
    if not -limit <= length.value <= limit:  # (and not nan)
        shown = "1000%" if length.percent else "1000 mm"
        raise PropError(f"`{name}` is {value!r}; a length is at most {shown} either way")
    if name in ("radius", "stroke_width") and length.value < 0:
        raise PropError(f"`{name}` is {value!r}; it cannot be negative")
    return length


def _any_length(value: object, name: str) -> Length:
    if isinstance(value, bool):
        raise PropError(f"`{name}` should be a length (like 3mm or 50%), not a true/false")
    if isinstance(value, (int, float)):
        return Length(float(value) * MM)
    text = str(value).strip()
    if text.endswith("%"):
        try:
            return Length(float(text[:-1]) / 100, percent=True)
        except ValueError:
            raise PropError(f"`{name}` is {text!r}, not a percentage like 50%") from None
    try:
        number = float(text)
    except ValueError:
        pass
    else:
        return Length(number * MM)
    try:
        return Length(parse_length(text))
    except LayoutError as err:
        units = ", ".join(UNITS)
        raise PropError(f"`{name}`: {err} (or %; a bare number is mm; units: {units})") from None


def _count(value: object, name: str) -> int:
    """A regular polygon's sides or a star's tips: a whole number, 3 to MAX_SIDES."""
    number = _number(value, name)
    if not number.is_integer() or not 3 <= number <= MAX_SIDES:
        raise PropError(f"`{name}` is {value!r}; it must be a whole number, 3 to {MAX_SIDES}")
    return int(number)


def _fraction(value: object, name: str) -> float:
    """A star's inner radius, of its outer: 0.05 to 0.95, or a percentage (40%)."""
    text = str(value).strip()
    number = _number(text[:-1], name) / 100 if text.endswith("%") else _number(value, name)
    if not 0.05 <= number <= 0.95:
        raise PropError(f"`{name}` is {value!r}; it must be 0.05 to 0.95 (5% to 95%)")
    return number


def _points(value: object, name: str) -> tuple[tuple[Length, Length], ...]:
    """A polygon's corners in its box: `x y` pairs split by commas, from the box's
    top-left corner (`0 0, 100% 0, 50% 100%`: % of the box's width and height, a bare
    number mm), 3 to MAX_POINTS of them."""
    text = str(value).strip()
    pairs = [pair.split() for pair in text.split(",")] if text else []
    if not MAX_POINTS >= len(pairs) >= 3 or any(len(pair) != 2 for pair in pairs):
        raise PropError(
            f"`{name}` is {text!r}; write 3 to {MAX_POINTS} points as `x y` pairs split by "
            "commas, like `0 0, 100% 0, 50% 100%`"
        )
    out = []
    for x, y in pairs:
        out.append((_length(x, name), _length(y, name)))
    return tuple(out)


def _dash(value: object, name: str) -> str | tuple[Length, ...]:
    """An outline's dashes: `solid`, `dashed`, `dotted`, or the lengths of dashes and
    gaps in turn (`3mm 1mm`, `2 1 0.5 1`; a bare number mm)."""
    text = str(value).strip().lower()
    if text in DASH_WORDS:
        return text
    parts = text.replace(",", " ").split()
    if not 1 <= len(parts) <= MAX_DASHES:
        raise PropError(
            f"`{name}` is {str(value)!r}; write solid, dashed, dotted, or 1 to {MAX_DASHES} "
            "lengths of dashes and gaps in turn (like `3mm 1mm`)"
        )
    try:
        lengths = tuple(_length(part, name) for part in parts)
    except PropError:
        raise PropError(
            f"`{name}` is {str(value)!r}; write solid, dashed, dotted, or the lengths of "
            "dashes and gaps in turn (like `3mm 1mm`)"
        ) from None
    if any(length.percent or length.value < 0 for length in lengths) or not any(
        length.value > 0 for length in lengths
    ):
        raise PropError(
            f"`{name}` is {str(value)!r}; dashes and gaps are lengths like 3mm, not negative, "
            "not all nothing"
        )
    return lengths


def _clip(value: object, name: str) -> tuple[object, ...] | None:
    """An image's clip: `box` (its box, the default: None), `ellipse`, `round 3mm` (a
    rounded rect), `polygon 6` (a regular polygon, its first corner at the top; `polygon
    8 22.5` turned clockwise), or `path M ...` (SVG path data, fitted to the box as a
    path element's is)."""
    text = str(value).strip()
    word, _, rest = text.partition(" ")
    word, rest = word.lower(), rest.strip()
    if word == "box" and not rest:
        return None
    if word == "ellipse" and not rest:
        return ("ellipse",)
    if word == "round" and rest:
        return ("round", _length(rest, name))
    try:
        if word == "polygon" and rest and len(rest.split()) <= 2:
            parts = rest.split()
            turn = read("rotation", parts[1]) if len(parts) == 2 else 0.0
            return ("polygon", _count(parts[0], "sides"), turn)
        if word == "path" and rest:
            return ("path", read("d", rest))
    except PropError as err:
        raise PropError(f"`{name}`'s {str(err).lstrip('`')}") from None
    raise PropError(
        f"`{name}` is {text!r}; write box, ellipse, round 3mm, polygon 6 (or polygon 6 30, "
        "turned 30 degrees) or path followed by SVG path data"
    )


def _view(value: object, name: str) -> tuple[float, float, float, float]:
    """A path's view, as an SVG's viewBox: `min-x min-y width height` (`0 0 24 24`)."""
    parts = str(value).replace(",", " ").split()
    try:
        numbers = tuple(float(part) for part in parts)
    except ValueError:
        numbers = ()
    if len(numbers) != 4 or not all(abs(n) <= 1e9 for n in numbers) or min(numbers[2:]) <= 0:
        raise PropError(
            f"`{name}` is {str(value)!r}; write `min-x min-y width height` as an SVG's "
            "viewBox does, like `0 0 24 24` (its width and height more than 0)"
        )
    return numbers


def _size(value: object, name: str) -> float:
    """A font size: bare numbers are points."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    text = str(value).strip()
    try:
        return float(text.removesuffix("pt").strip())
    except ValueError:
        pass
    try:
        return parse_length(text)
    except LayoutError as err:
        raise PropError(f"`{name}`: {err} (a bare number is points)") from None


def colour_value(value: object, name: str) -> str:
    """A colour as a property takes it: `#rrggbb`, `#rgb`, `black`, `white` or `none`
    (`#rrggbb` or "none"); PropError naming `name` otherwise."""
    return _colour(value, name)


def _colour(value: object, name: str) -> str:
    text = str(value).strip().lower()
    if text in _NAMED:
        return _NAMED[text]
    if not _COLOUR.match(text):
        raise PropError(
            f"`{name}` is {str(value)!r}, not a colour: write #rrggbb (like #b03a2e) or none"
        )
    if len(text) == 4:
        text = "#" + "".join(ch * 2 for ch in text[1:])
    return text


MAX_STOPS = 16  # a gradient's colours
_GRADIENT = re.compile(r"^(linear|radial)\s*\((.*)\)$", re.S)
GRADIENTS = ("linear(", "radial(")  # how a gradient's text (as `paint_value` gives it) starts


def paint_value(value: object, name: str) -> str:
    """What fills a shape or a card (`fill`, `background`): a colour (`_colour`), or a
    gradient, given back written in full (`linear(180, #f6d365 0%, #fda085 100%)`):

    - `linear(ANGLE, COLOUR [STOP%], COLOUR [STOP%], ...)`: colours along a line
      through the box's middle, running towards ANGLE degrees clockwise from the top
      (`180`: from the top down; `90`: from the left to the right), from the box's
      edge to its far edge;
    - `radial(COLOUR [STOP%], ...)`: from the box's middle out to its corners.

    A stop is where its colour lies along the way (0% to 100%, none before the one
    before it); left out, the colours lie evenly (the first at 0%, the last at 100%).
    2 to MAX_STOPS colours."""
    text = str(value).strip()
    m = _GRADIENT.match(text.lower())
    if m is None:
        return _colour(value, name)
    kind, inside = m[1], m[2]
    parts = [part.strip() for part in inside.split(",")]
    angle = 0.0
    if kind == "linear":
        first = parts.pop(0).removesuffix("deg").strip() if parts else ""
        try:
            angle = float(first)
        except ValueError:
            angle = float("nan")
        if not -360 <= angle <= 360:
            raise PropError(
                f"`{name}` is {text!r}; a linear gradient starts with its angle, -360 to 360 "
                "degrees clockwise from the top (like `linear(180, #fff, #000)`)"
            )
    if not 2 <= len(parts) <= MAX_STOPS:
        raise PropError(
            f"`{name}` is {text!r}; a gradient has 2 to {MAX_STOPS} colours, split by commas "
            f"(like `{kind}({'180, ' if kind == 'linear' else ''}#f6d365, #fda085)`)"
        )
    colours: list[str] = []
    stops: list[float | None] = []
    for part in parts:
        words = part.split()
        if not 1 <= len(words) <= 2:
            raise PropError(
                f"`{name}`: {part!r} in {text!r} is not a colour and its stop (like `#fda085 60%`)"
            )
        colour = _colour(words[0], name)
        if colour == "none":
            raise PropError(f"`{name}`: a gradient's colours are colours, not none")
        colours.append(colour)
        if len(words) == 2:
            stop = words[1]
            try:
                at = float(stop.removesuffix("%")) / 100
            except ValueError:
                at = float("nan")
            if not stop.endswith("%") or not 0 <= at <= 1:
                raise PropError(f"`{name}`: the stop {stop!r} in {text!r} is not 0% to 100%")
            stops.append(at)
        else:
            stops.append(None)
    placed = _stops(stops)
    if any(b < a for a, b in itertools.pairwise(placed)):
        raise PropError(f"`{name}` is {text!r}; each stop lies at or after the one before it")
    written = ", ".join(f"{c} {at * 100:g}%" for c, at in zip(colours, placed, strict=True))
    return f"linear({angle:g}, {written})" if kind == "linear" else f"radial({written})"


def _stops(stops: list[float | None]) -> list[float]:
    """Where a gradient's colours lie, those left out spread evenly between the ones
    given (the first at 0 and the last at 1 when left out), as CSS places them."""
    out = list(stops)
    if out[0] is None:
        out[0] = 0.0
    if out[-1] is None:
        out[-1] = 1.0
    k = 0
    while k < len(out):
        if out[k] is not None:
            k += 1
            continue
        start = k - 1
        end = k
        while out[end] is None:
            end += 1
        low, high = out[start], out[end]
        assert low is not None and high is not None
        for j in range(k, end):
            out[j] = low + (high - low) * (j - start) / (end - start)
        k = end
    return [float(at) for at in out if at is not None]


def read_gradient(text: str) -> tuple[str, float, tuple[tuple[str, float], ...]]:
    """A gradient as `paint_value` writes it: its kind, its angle (0 for a radial one)
    and its stops (colour, 0 to 1)."""
    m = _GRADIENT.match(text)
    assert m is not None
    parts = [part.strip() for part in m[2].split(",")]
    angle = float(parts.pop(0)) if m[1] == "linear" else 0.0
    stops = tuple(
        (colour, float(at.removesuffix("%")) / 100) for colour, at in (p.split() for p in parts)
    )
    return m[1], angle, stops


def _opacity(value: object, name: str) -> float:
    """How opaque: 0 (not seen) to 1 (the default), or 0% to 100%."""
    text = str(value).strip()
    number = _number(text[:-1], name) / 100 if text.endswith("%") else _number(value, name)
    if not 0 <= number <= 1:
        raise PropError(f"`{name}` is {value!r}; it must be 0 to 1 (0% to 100%)")
    return number


def _offset(value: object, name: str) -> tuple[Length, Length]:
    """How far a shadow lies from its text: `x y`, right and down (`0.5mm 0.5mm`; a bare
    number mm; negative: left, up)."""
    parts = str(value).replace(",", " ").split()
    if len(parts) != 2:
        raise PropError(
            f"`{name}` is {str(value)!r}; write how far right and down, like `0.5mm 0.5mm`"
        )
    x, y = (_length(part, name) for part in parts)
    if x.percent or y.percent or abs(x.value) > 10 * MM or abs(y.value) > 10 * MM:
        raise PropError(f"`{name}` is {str(value)!r}; each is a length of at most 10 mm either way")
    return x, y


def _flag(value: object, name: str) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise PropError(f"`{name}` should be true or false, not {str(value)!r}")


UNSET: Any = object()  # a property's constant when it has none (it varies)
Render = Callable[[Mapping[str, Any]], str]


@dataclass(frozen=True)
class Compiled:
    """One property of one element, ready to give its value for any card."""

    name: str
    constant: object = UNSET
    render: Render | None = None  # a template
    field: str | None = None  # a mapping: the field it reads
    table: Mapping[str, object] | None = None  # ... its values by the field's value
    otherwise: object = UNSET  # ... and the value for any other

    @property
    def varies(self) -> bool:
        """Whether the property can differ between cards."""
        return self.constant is UNSET

    def value(self, context: Mapping[str, Any]) -> object:
        """The property's value for a card (its fields in `context`). Raises PropError
        (a value of the wrong kind, no mapping entry) or a jinja2 TemplateError."""
        if self.constant is not UNSET:
            return self.constant
        if self.render is not None:
            return read(self.name, self.render(context))
        assert self.field is not None and self.table is not None
        key = _key(context.get(self.field, ""))
        if key in self.table:
            return self.table[key]
        if self.otherwise is not UNSET:
            return self.otherwise
        shown = key or "empty"
        raise PropError(
            f"`{self.name}` has no value for {self.field} {shown!r}; add it to the mapping, "
            f"or `{ELSE}:` for every other value"
        )


def _key(value: object) -> str:
    """A field's value as a mapping's key (icons: their names, space-separated)."""
    if isinstance(value, (tuple, list)):
        return " ".join(map(str, value))
    if isinstance(value, bool):
        return str(value).lower()
    return "" if value is None else str(value)


def compile_property(name: str, raw: object, plain: Callable[[str], Render]) -> Compiled:
    """Compile one property as written. `plain(text)` compiles a template (raising
    jinja2's TemplateError when it may not run). Raises PropError for a value of the
    wrong kind (a mapping's value too, naming its key)."""
    if isinstance(raw, dict):
        ((field, table),) = raw.items()
        values: dict[str, object] = {}
        otherwise = UNSET
        for key, result in table.items():
            try:
                parsed = read(name, result)
            except PropError as err:
                raise PropError(f"{err} (the value for {field} {key!r})") from None
            if key == ELSE:
                otherwise = parsed
            else:
                values[key] = parsed
        return Compiled(name, field=field, table=values, otherwise=otherwise)
    if is_template(raw):
        assert isinstance(raw, str)
        template = plain(raw)
        return Compiled(name, render=template)
    if KINDS[name] == "text" and name == "text":  # text is a template, even without `{{`
        return Compiled(name, constant=read(name, raw))
    return Compiled(name, constant=read(name, raw))


def when_template(condition: str | Mapping[str, list[str]]) -> str | Mapping[str, list[str]]:
    """`when:` as a template that prints `1` for the cards it shows (an expression), or
    the mapping as it is."""
    if isinstance(condition, str):
        return "{% if " + condition + " %}1{% endif %}"
    return condition


def when_holds(condition: Mapping[str, list[str]], context: Mapping[str, Any]) -> bool:
    """Whether a card's fields match a `when:` mapping: every field one of its values
    (an icons field: holding one of them). Compared as text, case aside."""
    for field, wanted in condition.items():
        value = context.get(field, "")
        have = (
            {str(v).casefold() for v in value}
            if isinstance(value, (tuple, list))
            else {_key(value).casefold()}
        )
        if not have & {w.casefold() for w in wanted}:
            return False
    return True
