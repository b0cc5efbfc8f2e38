"""Drawing a designed game's cards from its layouts, and checking every card before any
is drawn: text that does not fit or that its font cannot draw, icons and images that
cannot be found or read, elements outside the bleed, text outside the safe area.

A card is drawn in its trim's coordinates (points, (0, 0) at the bottom-left; the
bleed lies outside). A layout measures from the top, as a designer does; `box`
turns its anchored lengths into the drawing's.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, TypeAlias

# What checks and draws every card, imported with this module rather than in the
# functions each card calls (an import of a loaded module costs a microsecond or so,
# 37,000 of them in a 1,557-card build): this module is imported only to check or
# draw cards (kitgen.games.designed.check imports it when it lays cards out).
from kitgen.api import (
    MM,
    Finding,
    Location,
    Look,
    Size,
    chain_family,
    could_be_icon,
    draw_once,
    draw_picture,
    draw_rich,
    face_key,
    faces_used,
    finding,
    fit_rich,
    format_mm,
    has_glyph,
    icon_names,
    line_origins,
    line_reach,
    low_dpi,
    parse_length,
    placement,
    plain,
    polygon_holds_box,
    polygon_meets_box,
    span_names,
    trace,
    undrawable_message,
    unprintable,
    warning,
)
from kitgen.games.designed.fields import Card
from kitgen.games.designed.load import GEOMETRY, Design, Layout, Part, context_of
from kitgen.games.designed.model import BUILTIN_FONTS, MAX_CHAIN, font_key
from kitgen.games.designed.props import (
    GRADIENTS,
    UNSET,
    Length,
    PropError,
    read_gradient,
    template_errors,
    template_problem,
    when_holds,
)

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.api import CardSource, Deck, Family, Ink, Picture, PrintSettings

DEFAULT_SAFE = 3 * MM
PLACING = (*GEOMETRY, "bleed")  # the properties an element's place depends on
DEFAULT_TEXT_SIZE = 10.0
SHAPES = ("rect", "ellipse", "line", "polygon", "star", "arc", "path")


_FACE_WORDS = {"bold": "bold", "italic": "italic", "bold_italic": "bold italic"}


def _faces_missing(part: Part, plan: TextPlan, text: str) -> list[tuple[str, str, Location | None]]:
    """font-face-missing where a text element asks for a face (bold, italic, both: its
    own `bold:`/`italic:` or emphasis in its text) of a font of the project's that has
    no file for it, and that font draws some of that text (the first font of a chain
    that has a glyph for a character draws it): it prints in the font's regular face
    instead."""
    if plan.family is None or not any(f.lacking for f in plan.family.chain):
        return []
    members = list(zip((n.strip() for n in plan.font.split(",")), plan.family.chain, strict=True))
    missing: dict[tuple[str, str], None] = {}
    looks = tuple(plan.looks.items()) if plan.looks else ()
    for (b, i), run in faces_used(text, plan.bold, plan.italic, looks).items():
        face = face_key(b, i)
        if face == "regular":
            continue
        for ch in dict.fromkeys(run):
            drawer = next(((name, f) for name, f in members if has_glyph(f.face(b, i), ch)), None)
            if drawer is not None and face in drawer[1].lacking:
                missing[(drawer[0], face)] = None
    return [
        (
            "font-face-missing",
            f"{part.label} asks for {_FACE_WORDS[face]} text, but the font {name!r} has no "
            f"{_FACE_WORDS[face]} face: it prints in the regular one (give the file as "
            f"`{face}:` under `fonts: {name}:` in the game file)",
            part.places.get("bold" if "bold" in face else "italic") or part.places.get("text"),
        )
        for name, face in missing
    ]


class CardError(Exception):
    """Why one element of one card cannot be drawn: a finding's code, message and place."""

    def __init__(self, code: str, message: str, where: Location | None) -> None:
        super().__init__(message)
        self.code, self.message, self.where = code, message, where


@dataclass(frozen=True)
class Placed:
    """An element's box on a card, in points from the trim's bottom-left corner."""

    x: float
    y: float
    width: float
    height: float


def box(part: Part, context: Mapping[str, Any], card: Size, made: Size | None = None) -> Placed:
    """Where an element goes on a card of this size: `x`, `y` measured inwards from its
    anchor, and the element's point of that name there. For a line, its start and the
    way to its end (width across, height down).

    `made` is the card size the layout was made for (None: this one). The element is
    placed on a card of that size, then each edge moves with the card (`_moved`): a
    point on the card keeps its share of the card's width and height, a point in the
    bleed (or past it) its distance from the cut line. So a layout in millimetres built
    at another size keeps its look, as one in % does, and what reaches into the bleed
    still does."""
    made = made or card
    w_len = _length(part, "width", context)
    h_len = _length(part, "height", context)
    x = _length(part, "x", context).points(made.width)
    y = _length(part, "y", context).points(made.height)
    w, h = w_len.points(made.width), h_len.points(made.height)
    anchor = part.anchor.replace("center", "centre")
    horizontal = "left" if "left" in anchor else "right" if "right" in anchor else "centre"
    vertical = "top" if "top" in anchor else "bottom" if "bottom" in anchor else "middle"
    if part.type == "line":
        start_x = {"left": x, "centre": made.width / 2 + x, "right": made.width - x}[horizontal]
        from_top = {"top": y, "middle": made.height / 2 + y, "bottom": made.height - y}[vertical]
        placed = Placed(start_x, made.height - from_top, w, -h)
    else:
        left = {"left": x, "centre": (made.width - w) / 2 + x, "right": made.width - x - w}[
            horizontal
        ]
        bottom = {"top": made.height - y - h, "middle": (made.height - h) / 2 - y, "bottom": y}[
            vertical
        ]
        placed = Placed(left, bottom, w, h)
    if abs(made.width - card.width) < 1e-6 and abs(made.height - card.height) < 1e-6:
        return placed  # (the size it was made for)
    x0 = _moved(placed.x, made.width, card.width)
    y0 = _moved(placed.y, made.height, card.height)
    x1 = _moved(placed.x + placed.width, made.width, card.width)
    y1 = _moved(placed.y + placed.height, made.height, card.height)
    if part.type == "ellipse" and abs(placed.width - placed.height) < 0.01:
        # A circle stays a circle: as wide as the smaller side of its box, in its middle.
        side = min(abs(x1 - x0), abs(y1 - y0))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        return Placed(cx - side / 2, cy - side / 2, side, side)
    return Placed(x0, y0, x1 - x0, y1 - y0)


def _moved(at: float, made: float, whole: float) -> float:
    """A point `at` along a side `made` long, on a card whose side is `whole` long: on
    the card, the same share of it; before it or past it (in the bleed), as far out."""
    if at <= 0:
        return at
    if at >= made:
        return whole + (at - made)
    return at * whole / made


def _bled(placed: Placed, card: Size, bleed: float) -> Placed:
    """An element's box with each edge on the cut line, or in the bleed, moved out to the
    bleed's edge (`bleed: true`); an edge inside the card, or past the bleed, stays."""
    eps = 0.01
    x0, x1 = sorted((placed.x, placed.x + placed.width))
    y0, y1 = sorted((placed.y, placed.y + placed.height))
    x0 = -bleed if -bleed < x0 <= eps else x0
    y0 = -bleed if -bleed < y0 <= eps else y0
    x1 = card.width + bleed if card.width - eps <= x1 < card.width + bleed else x1
    y1 = card.height + bleed if card.height - eps <= y1 < card.height + bleed else y1
    return Placed(x0, y0, x1 - x0, y1 - y0)


def _length(part: Part, name: str, context: Mapping[str, Any]) -> Length:
    value = _value(part, name, context)
    if value is None:
        return Length(1.0, percent=True)  # width and height: the whole card
    assert isinstance(value, Length)
    return value


class CardContext(dict[str, Any]):
    """What a card's templates see (its fields), and the values its elements' properties
    took (`memo`): a card is checked, then drawn, and each template runs once."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        super().__init__(values)
        self.memo: dict[tuple[Any, ...], Any] = {}


def _value(part: Part, name: str, context: Mapping[str, Any], default: object = None) -> Any:
    """A property's value for a card, or `default` when the element leaves it out;
    CardError when it cannot be had."""
    compiled = part.props.get(name)
    if compiled is None:
        return default
    constant = compiled.constant
    if constant is not UNSET:  # (Compiled.varies, without a property's call)
        return constant
    memo = context.memo if isinstance(context, CardContext) else None
    key = (id(part), name)
    if memo is not None and key in memo:
        return memo[key]
    try:
        value = compiled.value(context)
        if memo is not None:
            memo[key] = value
        return value
    except PropError as err:
        raise CardError("invalid-value", str(err), part.places.get(name)) from None
    except template_errors() as err:
        message = f"template: {template_problem(err)}"
        raise CardError("template-error", message, part.places.get(name)) from None


def shows(part: Part, context: Mapping[str, Any]) -> bool:
    """Whether an element is drawn on a card (`when:`; in a group, the group's too)."""
    if part.frame and not all(shows(group, context) for group in part.frame):
        return False
    if part.when is None:
        return True
    if isinstance(part.when, Mapping):
        return when_holds(part.when, context)
    memo = context.memo if isinstance(context, CardContext) else None
    key = (id(part), "when")
    if memo is not None and key in memo:
        return bool(memo[key])
    try:
        shown = part.when(context).strip() == "1"
        if memo is not None:
            memo[key] = shown
        return shown
    except template_errors() as err:
        raise CardError(
            "template-error", f"`when:` {template_problem(err)}", part.when_at
        ) from None


@dataclass(frozen=True)
class TextPlan:
    """A text element laid out for one card, ready to draw."""

    fitted: Any  # kitgen.render.richtext.RichFit
    align: str
    valign: str
    colour: str
    font: str = "sans"  # `font:` as given: a family, or a chain of them
    family: Family | None = None
    bold: bool = False
    italic: bool = False
    looks: Mapping[str, Look] | None = None  # the spans its text opens, by their `{...}`


# A text element's properties besides its text, and their values on a card (`_style`).
_STYLE = (
    "font",
    "bold",
    "italic",
    "size",
    "min_size",
    "leading",
    "icon_scale",
    "wrap",
    "align",
    "valign",
    "colour",
)
_Style: TypeAlias = (
    "tuple[str, Family, bool, bool, float, float, float, float, bool, str, str, str]"
)


class Artist:
    """Draws and checks a designed game's cards at one card size and bleed."""

    def __init__(
        self,
        design: Design,
        card: Size,
        bleed: float,
        ink: Ink = "normal",
        made: Size | None = None,
    ) -> None:
        self.design = design
        self.card = card
        self.bleed = bleed
        self.ink = ink
        # The card size the layouts were made for (`made_size`): at another size their
        # elements move with the card (`box`), and radii in mm shrink or grow with it.
        self.made = made or card
        self.shrink = min(card.width / self.made.width, card.height / self.made.height)
        # The shape its cards are cut to (None: a rectangle): drawn inside it and its
        # bleed, their text kept inside it (kitgen.layout.shapes).
        self.shape = design.card_shape
        self.folder = os.path.dirname(design.path)
        # A draft (`kitgen build --draft`, `watch`): a missing image is a placeholder.
        from kitgen.api import is_draft

        self.draft = is_draft()
        self._missing: dict[str, str] = {}  # a draft's missing images: why, by path
        # Images printing below 150 dpi, card after card, by the problem that says so:
        # one warning an element, its message made from them all (`low_resolution`).
        self.low: dict[tuple[str, str, Location | None], list[LowImage]] = {}
        # The language of the edition's text: where a word too long for its box is cut.
        self.language = design.draws_in
        self._families: dict[str, Family | None] = {}  # by the name's font_key
        self._chains: dict[str, Family] = {}  # by `font:` as written
        self._font_problems: dict[str, str] = {}
        self._pictures: dict[str, Picture | CardError] = {}
        self._places: dict[int, Placed] = {}
        self._safes: dict[int, float] = {}  # a layout's safe area, by id
        # Pairs of elements (a text first) placed alike on every card whose boxes never
        # meet, by their ids (`overlaps`).
        self._clear: dict[tuple[int, int, bool], bool] = {}
        self._all_clear: set[tuple[tuple[int, bool], ...]] = set()  # all such pairs
        self._inside: dict[tuple[int, int], bool] = {}  # a text's box in a shape's
        self._opaques: dict[int, bool] = {}  # whether an element is a filled shape
        self._lacking: dict[int, bool] = {}  # font families with a face missing, by id
        self._varies: dict[int, tuple[str, ...]] = {}  # an element's varying properties
        self._styles: dict[int, _Style] = {}  # a text element's style, when it never varies
        self._paints: dict[int, tuple[bool, bool]] = {}  # see-through, lettered (`_painted`)
        # A span's `{...}` read for an element's styles and size (`span`).
        self._spans: dict[tuple[int, str, float], Look | CardError | None] = {}
        self._paths: dict[str, str | CardError] = {}
        self._layout_segments: dict[int, list[tuple[bool, tuple[Part | None, ...]]]] = {}
        self._outside: dict[tuple[int, int, Placed], tuple[tuple[str, str, Location | None], ...]]
        self._outside = {}
        self._split_props: dict[int, tuple[tuple[tuple[str, object], ...], tuple[str, ...]]] = {}
        self._on_background: dict[
            tuple[tuple[int, float, float, float, float, bool], ...], tuple[int, ...]
        ] = {}

    # -- what a card sees ---------------------------------------------------------------

    def context(self, card: Card) -> CardContext:
        """A card's context, shared by every artist of the design (sizes do not change
        what templates give)."""
        found = self.design.contexts.get(id(card))
        if not isinstance(found, CardContext):
            found = CardContext(context_of(card, self.design.fields, self.language))
            self.design.contexts[id(card)] = found
        return found

    def family(self, name: str, where: Location | None) -> Family:
        """A font family by name: `sans` and `serif` (DejaVu), or the project's own; or
        a fallback chain of them, their names separated by commas (`house, symbols,
        sans`): each draws what the ones before it lack."""
        found = self._chains.get(name)
        if found is None:
            names = [part.strip() for part in name.split(",")]
            if len(names) > MAX_CHAIN:
                raise CardError(
                    "too-many-values", f"a fallback chain names at most {MAX_CHAIN} fonts", where
                )
            families = tuple(self._family(one, where) for one in names)
            found = self._chains[name] = chain_family(families)
        return found

    def _family(self, name: str, where: Location | None) -> Family:
        """One family of a chain, by its name with case aside."""
        from kitgen.api import builtin_family, project_family

        key = font_key(name)
        if key not in self._families:
            own = {font_key(n): n for n in self.design.fonts}
            if key in BUILTIN_FONTS:
                self._families[key] = builtin_family(key)
            elif key in own:
                family, problems = project_family(self.design.fonts[own[key]])
                self._families[key] = family
                if problems:
                    self._font_problems[key] = "; ".join(map(str, problems))
            else:
                self._families[key] = None
        family = self._families[key]
        if family is None:
            known = ", ".join((*BUILTIN_FONTS, *self.design.fonts))
            problem = self._font_problems.get(key, f"no font {name!r}; the fonts: {known}")
            raise CardError("invalid-value", problem, where)
        return family

    def picture(self, path: str, where: Location | None, what: str) -> Picture:
        """An image or icon file, read once."""
        from kitgen.api import load_picture

        if path not in self._pictures:
            self.design.note(path)  # a change to it is a change to the design
            picture, problem = load_picture(path)
            if picture is None:
                assert problem is not None
                self._pictures[path] = CardError(problem.code, f"{what}: {problem.message}", where)
            else:
                self._pictures[path] = picture
        found = self._pictures[path]
        if isinstance(found, CardError):
            raise CardError(found.code, found.message, where)
        return found

    def image_path(self, part: Part, context: Mapping[str, Any]) -> str:
        """The file an image element draws for a card (each name looked up once)."""
        from kitgen.api import check_reference

        src = str(_value(part, "src", context))
        where = part.places.get("src")
        found = self._paths.get(src)
        if found is None:
            path, problem = check_reference(src, self.design.path, where, "image")
            if (
                problem is not None
                and self.draft
                and problem.code == "uses-not-found"
                and "\0" not in src
            ):  # a draft draws a placeholder for it (outside the project: still an error)
                self.design.note(path)  # (its arrival is a change to the design)
                self._missing[path] = problem.message
                problem = None
            found = self._paths[src] = (
                path if problem is None else CardError(problem.code, problem.message, where)
            )
        if isinstance(found, CardError):
            raise CardError(found.code, found.message, where)
        return found

    def icon_path(self, name: str, where: Location | None) -> str:
        path = self.design.icons.get(name)
        if path is None:
            known = ", ".join(sorted(self.design.icons)) or "none declared"
            raise CardError("invalid-value", f"no icon {name!r}; the icons: {known}", where)
        return path

    def text(self, part: Part, context: Mapping[str, Any], placed: Placed) -> TextPlan:
        """A text element laid out for a card (once per card, element and box)."""
        memo = context.memo if isinstance(context, CardContext) else {}
        key = (id(part), "plan", placed)
        plan = memo.get(key)
        if plan is None:
            plan = memo[key] = self._text(part, context, placed)
        assert isinstance(plan, TextPlan)
        return plan

    def place(self, part: Part, context: Mapping[str, Any]) -> Placed:
        """Where an element goes on a card: worked out once for an element whose place
        is the same on every card."""
        found = self._places.get(id(part))
        if found is None:
            varies = any(
                one.props[name].varies
                for one in (part, *part.frame)
                for name in PLACING
                if name in one.props
            )
            if part.frame:
                frame = self.frame_box(part.frame, context)
                inner = box(part, context, Size(frame.width, frame.height))
                found = Placed(frame.x + inner.x, frame.y + inner.y, inner.width, inner.height)
            else:
                found = box(part, context, self.card, self.made)
            if part.type in ("rect", "image") and _value(part, "bleed", context, False):
                found = _bled(found, self.card, self.bleed)
            if not varies:
                self._places[id(part)] = found
        return found

    def frame_box(self, frame: tuple[Part, ...], context: Mapping[str, Any]) -> Placed:
        """The box of the innermost of a frame's groups on the card (as drawn before
        any of them is turned): the outermost placed on the card, each inside the one
        around it, its lengths in % of that one's box."""
        found = box(frame[0], context, self.card, self.made)
        for group in frame[1:]:
            inner = box(group, context, Size(found.width, found.height))
            found = Placed(found.x + inner.x, found.y + inner.y, inner.width, inner.height)
        return found

    def frame_turns(
        self, part: Part, context: Mapping[str, Any]
    ) -> list[tuple[float, tuple[float, float]]]:
        """The turns of the groups an element lies in, innermost first: each group's
        angle and the point it turns about on the card."""
        out: list[tuple[float, tuple[float, float]]] = []
        for k in range(len(part.frame) - 1, -1, -1):
            group = part.frame[k]
            turn = _turn(group, context)
            if turn:
                frame = self.frame_box(part.frame[: k + 1], context)
                out.append((turn, pivot(group, context, frame)))
        return out

    def _text(self, part: Part, context: Mapping[str, Any], placed: Placed) -> TextPlan:
        text = str(_value(part, "text", context, ""))
        style = self._styles.get(id(part))
        if style is None:
            style = self._style(part, context)
            if not any(part.props[n].varies for n in _STYLE if n in part.props):
                self._styles[id(part)] = style  # (the same on every card)
        font, family, bold, italic, size, low, leading, scale, wrap, align, valign, colour = style
        looks = self.looks(part, text, size) if "{" in text else None
        fitted = fit_rich(
            text,
            family,
            placed.width,
            placed.height,
            max_size=size,
            min_size=low,
            bold=bold,
            italic=italic,
            leading=leading,
            icons=frozenset(self.design.icons),
            icon_scale=scale,
            wrap=wrap,
            language=self.language,
            looks=looks,
        )
        return TextPlan(fitted, align, valign, colour, font, family, bold, italic, looks)

    def looks(self, part: Part, text: str, size: float) -> dict[str, Look] | None:
        """The spans a text element's text opens (`{prereq}`, `{red 9pt}`) that are
        spans, by what their braces hold, for the element's size (None: none)."""
        out: dict[str, Look] = {}
        for inside in dict.fromkeys(span_names(text)):
            if inside != "/":
                found = self.span(part, inside, size)
                if isinstance(found, Look):
                    out[inside] = found
        return out or None

    def span(self, part: Part, inside: str, size: float) -> Look | CardError | None:
        """What a span's braces hold, read with the element's layout's styles at the
        element's size: the look its text is set in; a CardError for one that is meant
        as a span (kitgen.games.designed.spans.meant) but is none; None for text that
        prints as written (`{1}`)."""
        from kitgen.games.designed.spans import meant, read_span

        key = (id(part.styles) if part.styles else 0, inside, size)
        if key in self._spans:
            return self._spans[key]
        found: Look | CardError | None
        try:
            fonts = {font_key(n): n for n in (*BUILTIN_FONTS, *self.design.fonts)}
            style = read_span(inside, part.styles or {}, fonts)
        except PropError as err:
            where = part.places.get("text")
            message = f"{part.label}: {err}"
            found = CardError("invalid-value", message, where) if meant(inside) else None
        else:
            family = None
            if style.font is not None:
                family = self.family(style.font, part.places.get("text"))
            ratio = style.size
            if ratio is not None and not style.size_relative:
                ratio /= size
            shift = style.shift
            if shift is not None and not style.shift_relative:
                shift /= size
            found = Look(
                style.colour,
                ratio,
                family,
                style.bold,
                style.italic,
                shift,
                style.size_relative,
                style.shift_relative,
            )
        self._spans[key] = found
        return found

    def _style(self, part: Part, context: Mapping[str, Any]) -> _Style:
        """How a text element's text is set on a card: everything but the text."""
        font = str(_value(part, "font", context, "sans"))
        family = self.family(font, part.places.get("font"))
        bold = bool(_value(part, "bold", context, False))
        italic = bool(_value(part, "italic", context, False))
        size = float(_value(part, "size", context, DEFAULT_TEXT_SIZE))
        low = float(_value(part, "min_size", context, min(size, 6.0)))
        if low > size:
            raise CardError(
                "out-of-range",
                f"`min_size` ({low:g} pt) is more than `size` ({size:g} pt)",
                part.places.get("text"),
            )
        return (
            font,
            family,
            bold,
            italic,
            size,
            low,
            float(_value(part, "leading", context, 1.2)),
            float(_value(part, "icon_scale", context, 1.0)),
            bool(_value(part, "wrap", context, True)),
            str(_value(part, "align", context, "start")),
            str(_value(part, "valign", context, "top")),
            str(_value(part, "colour", context, "#000000")),
        )

    # -- checking -----------------------------------------------------------------------

    def check_card(
        self, card: Card, layout: Layout, side: str
    ) -> list[tuple[str, str, Location | None]]:
        """What is wrong with one side of one card: (code, message, place) each."""
        context = self.context(card)
        out: list[tuple[str, str, Location | None]] = []
        drawn: list[_Shown] = []  # each element shown, where it draws
        if layout.background is not None:
            try:
                layout.background.value(context)
            except template_errors() as err:  # (PropError is a ValueError)
                out.append(("invalid-value", str(err), None))
        for part in layout.parts:
            try:
                if not shows(part, context):
                    continue
                placed = self.place(part, context)
                for name in self._varying(part):  # (a constant was read when compiled)
                    _value(part, name, context)
                if part.type == "text":
                    plan = self.text(part, context, placed)
                    where = part.places.get("text")
                    text = str(_value(part, "text", context, ""))
                    if "{" in text:
                        out += self.span_problems(part, text, plan)
                    named = icon_names(text)
                    unknown = [n for n in named if n not in self.design.icons and could_be_icon(n)]
                    if unknown:
                        out.append(
                            (
                                "invalid-value",
                                f"{part.label} names no icon "
                                f"{', '.join(f':{n}:' for n in unknown)}; the icons: "
                                f"{', '.join(sorted(self.design.icons)) or 'none declared'}",
                                where,
                            )
                        )
                    for name in dict.fromkeys(named):  # (as drawing reads them)
                        if name in self.design.icons:
                            icon = self.picture(
                                self.icon_path(name, where), where, f"the icon {name!r}"
                            )
                            out += _drawn_differently(icon, f"the icon {name!r}")
                    # Each run in the face it is drawn in (its font, then DejaVu Sans).
                    lacking = (
                        ""  # (printable ASCII: every font draws it, DejaVu Sans at last)
                        if plain(text)
                        else "".join(
                            dict.fromkeys(
                                ch
                                for line in plan.fitted.lines
                                for piece in line.pieces
                                if piece.icon is None
                                for ch in unprintable(piece.text, piece.font)
                            )
                        )
                    )
                    if lacking:
                        fonts = [n.strip() for n in plan.font.split(",")]
                        out.append(
                            (
                                "text-not-drawable",
                                f"{part.label}: {undrawable_message(text, lacking, fonts)}",
                                where,
                            )
                        )
                    if plan.family is not None and self._lacks_faces(plan.family):
                        out += _faces_missing(part, plan, text)
                    if not plan.fitted.fits:
                        out.append(
                            (
                                "text-overflow",
                                f"{part.label} does not fit even at {plan.fitted.size:g} pt: "
                                f"{format_mm(plan.fitted.overflow)} too much",
                                where,
                            )
                        )
                elif part.type == "image":
                    where = part.places.get("src")
                    path = self.image_path(part, context)
                    if path in self._missing:
                        why = self._missing[path]
                        out.append(("image-placeholder", f"{why}; drawn as a placeholder", where))
                    else:
                        picture = self.picture(path, where, "image")
                        out += self.resolution(part, context, picture, placed, where)
                        out += _drawn_differently(picture, f"the image in {part.label}")
                elif part.type == "icon":
                    where = part.places.get("icon")
                    name = str(_value(part, "icon", context))
                    icon = self.picture(self.icon_path(name, where), where, f"the icon {name!r}")
                    out += _drawn_differently(icon, f"the icon {name!r}")
                turn = _turn(part, context)
                # (the turns of the groups it lies in: it is drawn turned with them)
                turns = self.frame_turns(part, context) if part.frame else []
                if turn:
                    turns.insert(0, (turn, pivot(part, context, placed)))
                if not turns and (
                    part.type == "rect" or (part.type == "image" and not _clipped(part, context))
                ):  # (an image cut to a shape, or turned, is not square to the cut)
                    out += self.short_of_bleed(part, placed, layout, context)
                if part.type != "text":
                    box = _turned_by(placed, turns) if turns else placed
                    out += self.outside_box(part, box, layout)
                    if not turns:  # (a turned element is left out of the overlap check)
                        drawn.append((part, placed, placed, None, self._opaque(part, context)))
                elif plan.fitted.fits:  # (text that does not fit is an error already)
                    extent = self.text_extent(plan, placed)
                    if self._painted(part)[1]:
                        extent = self._lettered(part, context, extent)
                    reach = _turned_by(extent, turns) if turns else extent
                    out += self.outside(part, reach, layout)
                    if not turns:
                        drawn.append((part, placed, extent, plan, False))
            except CardError as err:
                out.append((err.code, err.message, err.where or part.where))
        if len(drawn) > 1:
            out += self.overlaps(drawn, context)
        del side
        return out

    def span_problems(
        self, part: Part, text: str, plan: TextPlan
    ) -> list[tuple[str, str, Location | None]]:
        """What is wrong with a text's spans: a `{...}` meant as a span that is none,
        a `{/}` with no span open (both print as written)."""
        out: list[tuple[str, str, Location | None]] = []
        depth = 0
        for inside in span_names(text):
            if inside == "/":
                if depth:
                    depth -= 1
                    continue
                out.append(
                    (
                        "invalid-value",
                        f"{part.label}: a `{{/}}` closes no span (it prints as written; "
                        "a span opens with `{style}`)",
                        part.places.get("text"),
                    )
                )
                continue
            if plan.looks is not None and inside in plan.looks:
                depth += 1
                continue
            found = self.span(part, inside, DEFAULT_TEXT_SIZE)  # (not a span at any size)
            if isinstance(found, CardError):  # (meant as one: its `{/}` is said with it)
                out.append((found.code, found.message, found.where))
                depth += 1
        return list(dict.fromkeys(out))

    def _lettered(self, part: Part, context: Mapping[str, Any], extent: Placed) -> Placed:
        """Where a text's letters lie with their outline (as wide again all round) and
        their shadow (the letters again, offset)."""
        x0, y0 = extent.x, extent.y
        x1, y1 = x0 + extent.width, y0 + extent.height
        shadow = _value(part, "shadow", context)
        if isinstance(shadow, str) and shadow != "none":
            dx, dy = _shadow_offset(part, context)
            x0, x1 = min(x0, x0 + dx), max(x1, x1 + dx)
            y0, y1 = min(y0, y0 - dy), max(y1, y1 - dy)
        outline = _value(part, "outline", context)
        if isinstance(outline, str) and outline != "none":
            w = self._outline_width(part, context)
            x0, y0, x1, y1 = x0 - w, y0 - w, x1 + w, y1 + w
        return Placed(x0, y0, x1 - x0, y1 - y0)

    def _painted(self, part: Part) -> tuple[bool, bool]:
        """Whether an element may be see-through (`opacity`, `fill_opacity`,
        `stroke_opacity`), and whether a text has a shadow or an outline (once per
        element: most have neither)."""
        found = self._paints.get(id(part))
        if found is None:
            found = self._paints[id(part)] = (
                bool(_SEEN_THROUGH.intersection(part.props)),
                bool(_LETTERING.intersection(part.props)),
            )
        return found

    def _outline_width(self, part: Part, context: Mapping[str, Any]) -> float:
        """How wide a text's outline is, in points (% of the card's shorter side)."""
        width = _value(part, "outline_width", context)
        if not isinstance(width, Length):
            return DEFAULT_OUTLINE
        return width.points(min(self.card.width, self.card.height))

    def _varying(self, part: Part) -> tuple[str, ...]:
        """The properties of an element that templates or mappings set card by card."""
        found = self._varies.get(id(part))
        if found is None:
            found = self._varies[id(part)] = tuple(
                name for name, prop in part.props.items() if prop.constant is UNSET
            )
        return found

    def resolution(
        self,
        part: Part,
        context: Mapping[str, Any],
        picture: Picture,
        placed: Placed,
        where: Location | None,
    ) -> list[tuple[str, str, Location | None]]:
        """A warning for a raster image that prints below 150 dpi at this card size: one
        for an element, whatever its file, so that the cards of a deck of small scans merge
        into one (its image, dpi and box kept in `low` for the message)."""
        fit = str(_value(part, "fit", context, "fit"))
        area = (placed.x, placed.y, placed.width, placed.height)
        _, _, width, height, _ = placement(picture.width_pt, picture.height_pt, area, fit)  # type: ignore[arg-type]
        dpi = low_dpi(picture, width, height)
        if dpi is None:
            return []
        problem = ("image-low-resolution", f"in {part.label}", where)
        src = str(_value(part, "src", context))
        self.low.setdefault(problem, []).append(LowImage(src, dpi, placed.width, placed.height))
        return [problem]

    def short_of_bleed(
        self, part: Part, placed: Placed, layout: Layout, context: Mapping[str, Any]
    ) -> list[tuple[str, str, Location | None]]:
        """A warning for a filled rect or an image whose edge lies on the cut line, or in
        the bleed short of its edge, where what lies beyond it (the background, or a
        filled rect or image drawn before it) is another colour: a cut a little off
        shows a sliver of that. A picture's colours are not known: its edge always
        differs from what is beyond, and what is beyond a picture from it."""
        w, h, b = self.card.width, self.card.height, self.bleed
        eps = 0.01
        if b <= eps:
            return []  # no bleed: nothing to run into
        colour: str | None = None
        drawn = placed
        if part.type == "rect":
            fill = _value(part, "fill", context)
            if fill in (None, "none"):
                return []
            colour = str(fill)
        elif (path := self.image_path(part, context)) not in self._missing:
            picture = self.picture(path, None, "image")
            fit = str(_value(part, "fit", context, "fit"))
            if fit != "crop":  # (a cropped picture covers its box, as a placeholder does)
                area = (placed.x, placed.y, placed.width, placed.height)
                px, py, pw, ph, _ = placement(picture.width_pt, picture.height_pt, area, fit)  # type: ignore[arg-type]
                drawn = Placed(px, py, pw, ph)
        x0, x1 = sorted((drawn.x, drawn.x + drawn.width))
        y0, y1 = sorted((drawn.y, drawn.y + drawn.height))
        strips = {  # each side on the cut line or in the bleed: what lies beyond it
            "top": (h - eps <= y1 < h + b - eps, (x0, y1, x1, h + b)),
            "bottom": (-b + eps < y0 <= eps, (x0, -b, x1, y0)),
            "left": (-b + eps < x0 <= eps, (-b, y0, x0, y1)),
            "right": (w - eps <= x1 < w + b - eps, (x1, y0, w + b, y1)),
        }
        sides = [
            side
            for side, (short, strip) in strips.items()
            if short and (colour is None or self._beyond(part, strip, layout, context) != colour)
        ]
        if not sides:
            return []
        said = sides[0] if len(sides) == 1 else f"{', '.join(sides[:-1])} and {sides[-1]}"
        return [
            (
                "short-of-bleed",
                f"{part.label} stops at the cut line, short of the bleed's edge "
                f"({format_mm(b)}), at its {said}, where the card beyond it is another "
                "colour: a cut a little off shows a sliver of it; `bleed: true` runs its "
                "edges on the cut line out to the bleed's edge",
                part.where,
            )
        ]

    def _beyond(
        self,
        part: Part,
        strip: tuple[float, float, float, float],
        layout: Layout,
        context: Mapping[str, Any],
    ) -> str | None:
        """The colour of what lies under a strip of the card (x0, y0, x1, y1) where an
        element is drawn: the last filled rect drawn before it that covers the strip
        (a rounded one with its corners aside), None for a picture, else the
        background, else the paper's white."""
        eps = 0.01
        a0, b0, a1, b1 = strip
        found: str | None = "#ffffff"
        if layout.background is not None:
            value = str(layout.background.value(context))
            found = "#ffffff" if value == "none" else value
        for other in layout.parts:
            if other is part:
                break
            if other.type not in ("rect", "image") or not shows(other, context):
                continue
            fill = _value(other, "fill", context) if other.type == "rect" else "picture"
            if fill in (None, "none"):
                continue
            box_ = self.place(other, context)
            x0, x1 = sorted((box_.x, box_.x + box_.width))
            y0, y1 = sorted((box_.y, box_.y + box_.height))
            radius = _value(other, "radius", context) if other.type == "rect" else None
            r = 0.0
            if isinstance(radius, Length):
                side = min(x1 - x0, y1 - y0)
                r = radius.points(side) if radius.percent else radius.value * self.shrink
            covers = x0 + r <= a0 + eps and y0 + r <= b0 + eps
            if covers and a1 <= x1 - r + eps and b1 <= y1 - r + eps:
                found = None if fill == "picture" else str(fill)
        return found

    def text_extent(self, plan: TextPlan, placed: Placed) -> Placed:
        """Where a text element's letters lie (not its whole box): its lines from their
        starts, from a descender's depth below the first... last baseline to the top of
        capitals above the first."""
        fitted = plan.fitted
        origins = line_origins(
            fitted, placed.x, placed.y, placed.width, placed.height, plan.align, plan.valign
        )
        if not origins:
            return Placed(placed.x + placed.width / 2, placed.y + placed.height / 2, 0, 0)
        left = min(x for x, _ in origins)
        right = max(x + line.width for (x, _), line in zip(origins, fitted.lines, strict=True))
        if plan.looks is None:
            top = origins[0][1] + 0.75 * fitted.size
            bottom = origins[-1][1] - 0.22 * fitted.size
        else:  # (spans larger, smaller or shifted: each line as far as its letters reach)
            reach = [line_reach(line) for line in fitted.lines]
            top = max(y + up * fitted.size for (_, y), (up, _) in zip(origins, reach, strict=True))
            bottom = min(
                y - down * fitted.size for (_, y), (_, down) in zip(origins, reach, strict=True)
            )
        return Placed(left, bottom, right - left, top - bottom)

    def overlaps(
        self, drawn: list[_Shown], context: Mapping[str, Any]
    ) -> list[tuple[str, str, Location | None]]:
        """`_overlaps` of the elements shown on a card, skipping each pair placed the
        same on every card whose boxes alone show they never meet (a text's letters lie
        inside its box: a text box inside a shape's, or clear of another's, is clear on
        every card). A card whose elements are all such pairs costs one look-up."""
        arrangement = tuple((id(item[0]), item[4]) for item in drawn)
        if arrangement in self._all_clear:
            return []
        places = self._places
        pairs: list[tuple[_Drawn, _Drawn]] = []
        fixed_all = True
        for i, (part, placed, box, plan, _) in enumerate(drawn):
            if plan is None:  # (not a text)
                continue
            under = self._backdrop(drawn, i)
            for j, (other, where, extent, other_plan, opaque) in enumerate(drawn):
                if j == i or j < under or (other.type == "text" and j < i):
                    continue  # (itself; hidden under its backdrop; two texts: said once)
                covers = opaque and j > i  # (a filled shape drawn over the text)
                if places.get(id(part)) is placed and places.get(id(other)) is where:
                    key = (id(part), id(other), covers)
                    clear = self._clear.get(key)
                    if clear is None:
                        clear = _never_meet(part, placed, other, where, covers)
                        self._clear[key] = clear
                    if clear:
                        continue
                fixed_all = False
                lines = None if other_plan is None else partial(self.line_boxes, other_plan, where)
                pairs.append(
                    (
                        _Drawn(part, box, partial(self.line_boxes, plan, placed)),
                        _Drawn(
                            other,
                            extent,
                            lines,
                            covers,
                            self._corners(other, context, where)
                            if other.type in ("polygon", "star")
                            else None,
                        ),
                    )
                )
        if fixed_all:
            self._all_clear.add(arrangement)
        return _overlaps(pairs) if pairs else []

    def _lacks_faces(self, family: Family) -> bool:
        """Whether a font family (or a member of its chain) has no file for some face."""
        found = self._lacking.get(id(family))
        if found is None:
            found = self._lacking[id(family)] = any(f.lacking for f in family.chain)
        return found

    def _opaque(self, part: Part, context: Mapping[str, Any]) -> bool:
        """Whether an element is a filled rect or ellipse, not see-through (worked out
        once for one whose fill and opacity no card changes)."""
        found = self._opaques.get(id(part))
        if found is None:
            fill = part.props.get("fill")
            found = part.type in ("rect", "ellipse") and fill is not None
            found = found and _value(part, "fill", context) not in (None, "none")
            through = _SEEN_THROUGH.intersection(part.props)
            if found and through:
                alpha = _alpha(part, context)
                found = alpha is None or alpha[0] == 1.0
            if (fill is None or not fill.varies) and not any(part.props[n].varies for n in through):
                self._opaques[id(part)] = found
        return found

    def _backdrop(self, drawn: list[_Shown], i: int) -> int:
        """Where the `i`th element shown (a text) has its backdrop: the last filled
        rect or ellipse drawn before it whose shape holds its whole box (a band under a
        title). What was drawn before the backdrop is hidden under it where the text
        is: not the text's to run into. 0 when there is none."""
        part, placed = drawn[i][0], drawn[i][1]
        fixed = self._places.get(id(part)) is placed
        for k in range(i - 1, -1, -1):
            other, where, _, _, opaque = drawn[k]
            if not opaque:
                continue
            key = (id(part), id(other))
            inside = self._inside.get(key) if fixed else None
            if inside is None:
                inside = _boxes_overlap(placed, where) and not _runs_into(
                    placed, where, other.type == "ellipse"
                )
                if fixed and self._places.get(id(other)) is where:
                    self._inside[key] = inside
            if inside:
                return k
        return 0

    def line_boxes(self, plan: TextPlan, placed: Placed) -> tuple[Placed, ...]:
        """Where a text element's letters lie, line by line (as `text_extent` measures
        the whole): each line from its start to its end, from a descender's depth below
        its baseline to the top of capitals above it."""
        fitted = plan.fitted
        origins = line_origins(
            fitted, placed.x, placed.y, placed.width, placed.height, plan.align, plan.valign
        )
        if plan.looks is not None:
            out: list[Placed] = []
            for (x, baseline), line in zip(origins, fitted.lines, strict=True):
                if line.width > 0:
                    up, down = (share * fitted.size for share in line_reach(line))
                    out.append(Placed(x, baseline - down, line.width, up + down))
            return tuple(out)
        up, down = 0.75 * fitted.size, 0.22 * fitted.size
        return tuple(
            Placed(x, baseline - down, line.width, up + down)
            for (x, baseline), line in zip(origins, fitted.lines, strict=True)
            if line.width > 0
        )

    def outside_box(
        self, part: Part, placed: Placed, layout: Layout
    ) -> tuple[tuple[str, str, Location | None], ...]:
        """`outside` for an element's whole box, said once per element and box (most
        elements lie in the same place on every card)."""
        key = (id(part), id(layout), placed)
        found = self._outside.get(key)
        if found is None:
            found = self._outside[key] = tuple(self.outside(part, placed, layout))
        return found

    def outside(
        self, part: Part, placed: Placed, layout: Layout
    ) -> list[tuple[str, str, Location | None]]:
        """An element reaching past the bleed (a warning); text whose letters reach past
        the cut line (an error: it prints clipped), or past the safe area (a warning)."""
        x0, x1 = sorted((placed.x, placed.x + placed.width))
        y0, y1 = sorted((placed.y, placed.y + placed.height))
        w, h, b = self.card.width, self.card.height, self.bleed
        if part.type == "text" and self.shape is not None:
            return self._outside_shape(part, (x0, y0, x1, y1), layout)
        eps = 0.01
        safe = self._safe(layout) if part.type == "text" else 0.0
        inside = x0 >= safe - eps and y0 >= safe - eps and x1 <= w - safe + eps
        if part.type == "text" and safe >= 0 and inside and y1 <= h - safe + eps:
            return []  # (within the safe area: nothing to say)
        out: list[tuple[str, str, Location | None]] = []
        past = {"top": y1 > h + eps, "bottom": y0 < -eps, "left": x0 < -eps, "right": x1 > w + eps}
        sides = [side for side, over in past.items() if over]
        if part.type == "text" and sides:
            out.append(
                (
                    "text-clipped",
                    f"{part.label} reaches past the card's cut line at its {' and '.join(sides)}: "
                    "it would print cut off; move it or make its box smaller",
                    part.where,
                )
            )
        elif x0 < -b - eps or y0 < -b - eps or x1 > w + b + eps or y1 > h + b + eps:
            out.append(
                (
                    "outside-bleed",
                    f"{part.label} reaches past the card's bleed ({format_mm(b)}); what lies "
                    "beyond it is cut off",
                    part.where,
                )
            )
        elif part.type == "text" and (
            x0 < safe - eps or y0 < safe - eps or x1 > w - safe + eps or y1 > h - safe + eps
        ):
            out.append(
                (
                    "outside-safe",
                    f"{part.label} reaches past the safe area ({format_mm(safe)} inside "
                    "the cut); a cut a little off could clip it",
                    part.where,
                )
            )
        return out

    def _outside_shape(
        self, part: Part, box: tuple[float, float, float, float], layout: Layout
    ) -> list[tuple[str, str, Location | None]]:
        """`outside` for text on a card of a shape of its own: its letters' corners
        inside the shape (else it prints cut off: `text-clipped`), and inside the shape
        shrunk by the safe area (else `outside-safe`)."""
        assert self.shape is not None
        x0, y0, x1, y1 = box
        w, h = self.card.width, self.card.height
        corners = ((x0, y0), (x0, y1), (x1, y0), (x1, y1))
        kind = self.shape.written.split()[0]
        if not all(self.shape.contains(x, y, w, h) for x, y in corners):
            return [
                (
                    "text-clipped",
                    f"{part.label} reaches past the card's cut line (its shape, `{kind}`): "
                    "it would print cut off; move it in or make its box smaller",
                    part.where,
                )
            ]
        safe = self._safe(layout)
        if safe > 0 and not all(self.shape.contains(x, y, w, h, -safe) for x, y in corners):
            return [
                (
                    "outside-safe",
                    f"{part.label} reaches past the safe area ({format_mm(safe)} inside "
                    f"the cut of the card's shape, `{kind}`); a cut a little off could clip it",
                    part.where,
                )
            ]
        return []

    def _safe(self, layout: Layout) -> float:
        """The layout's safe area: how far inside the cut text keeps."""
        found = self._safes.get(id(layout))
        if found is None:
            safe = parse_length(layout.safe) if layout.safe is not None else DEFAULT_SAFE
            found = self._safes[id(layout)] = safe
        return found

    # -- drawing ------------------------------------------------------------------------

    def paint(self, c: Canvas, card: Card, layout: Layout | None, *, back: bool = False) -> None:
        """Draw one side of a card (checked already) in trim coordinates; a card of a
        shape of its own (`shape:`) is drawn inside the shape grown by the bleed (a
        `back` inside it as seen from the back of the sheet: its left and right swapped).

        What draws the same on many cards (the elements and background that no template
        sets: constants, and mappings of a field, whose values are few) is drawn once a
        PDF as a form, for each set of values it takes, and named on each card: a
        frame, a band coloured by faction, a fixed title. A run of such elements in
        drawing order is one form, so the order of what is drawn stays as written."""
        if layout is None:
            return
        context = self.context(card)
        w, h, b = self.card.width, self.card.height, self.bleed
        if self.shape is not None:
            c.saveState()
            path = c.beginPath()
            trace(path, self.shape.outline(w, h, b, mirrored=back))
            c.clipPath(path, stroke=0, fill=0)
        for fixed, items in self._segments(layout):
            if not fixed:
                self._draw_items(c, items, layout, context)
                continue
            key = (
                "designed",
                self.design.path,
                self.card,
                self.made,
                self.bleed,
                self.ink,
                tuple(self._drawn_as(item, layout, context) for item in items),
            )
            draw_once(
                c,
                key,
                (-b, -b, w + b, h + b),
                partial(self._draw_items, items=items, layout=layout, context=context),
            )
        if self.shape is not None:
            c.restoreState()

    def _segments(self, layout: Layout) -> list[tuple[bool, tuple[Part | None, ...]]]:
        """A layout's background (None) and elements in drawing order, in runs that are
        the same on every card with the same values of their mappings (True), or not."""
        found = self._layout_segments.get(id(layout))
        if found is None:
            items: list[Part | None] = [None, *layout.parts]
            found = []
            for item in items:
                fixed = _fixed(item, layout)
                if found and found[-1][0] == fixed:
                    found[-1] = (fixed, (*found[-1][1], item))
                else:
                    found.append((fixed, (item,)))
            self._layout_segments[id(layout)] = found
        return found

    def _drawn_as(self, item: Part | None, layout: Layout, context: Mapping[str, Any]) -> Hashable:
        """What a fixed element draws with for a card: its values (and whether it
        shows), everything its drawing depends on besides the card's size and ink."""
        if item is None:
            return (
                "background",
                None if layout.background is None else layout.background.value(context),
            )
        if (item.when is not None or item.frame) and not shows(item, context):
            return (item.type, item.anchor, False)
        split = self._split_props.get(id(item))
        if split is None:  # its constants (the same on every card), and its mappings
            constants = tuple((n, p.constant) for n, p in item.props.items() if not p.varies)
            mapped = tuple(n for n, p in item.props.items() if p.varies)
            split = self._split_props[id(item)] = (constants, mapped)
        constants, mapped = split
        values = tuple(_value(item, name, context) for name in mapped)
        under = self.backdrops(layout, context).get(id(item))
        inked = () if under is None else tuple(_inked(item, context, under))
        if item.frame:  # (its groups: where they lie, how they turn, cut and show it)
            groups = tuple(
                (group.anchor, tuple((n, _value(group, n, context)) for n in group.props))
                for group in item.frame
            )
            return (item.type, item.anchor, True, constants, mapped, values, inked, groups)
        return (item.type, item.anchor, True, constants, mapped, values, inked)

    def backdrops(self, layout: Layout, context: Mapping[str, Any]) -> Mapping[int, str]:
        """With `--ink low`, which elements of a card lie straight on its background,
        which the low-ink edition leaves out (by `id` of the element, the background's
        colour): their text, outlines, lines and tints were chosen to stand out from the
        background, and are drawn to stand out from the paper instead
        (kitgen.render.lightness.on_paper). Empty in normal ink, or with no background."""
        if self.ink != "low" or layout.background is None:
            return {}
        memo = context.memo if isinstance(context, CardContext) else {}
        key = ("backdrops", id(layout), self.card)  # (a context is shared by card sizes)
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._backdrops(layout, context)
        assert isinstance(found, dict)
        return found

    def _backdrops(self, layout: Layout, context: Mapping[str, Any]) -> dict[int, str]:
        """An element lies on the background unless a filled rect or ellipse, or an image,
        drawn before it covers its whole box (a shape's box: an ellipse covers the text
        centred in it). A filled shape prints as it is, its outline too: the outline is
        its fill's edge, and the fill prints in low ink. Which elements lie on it is
        worked out once for each arrangement of the elements shown, their boxes and
        which are filled (most cards of a layout share one)."""
        assert layout.background is not None
        colour = mean_colour(str(layout.background.value(context)))
        if colour == "none":
            return {}
        arrangement: list[tuple[int, float, float, float, float, bool]] = []
        for part in layout.parts:
            if not shows(part, context):
                continue
            placed = self.place(part, context)
            x0, x1 = sorted((placed.x, placed.x + placed.width))
            y0, y1 = sorted((placed.y, placed.y + placed.height))
            turned_ = _turn(part, context) or any(_turn(g, context) for g in part.frame)
            filled = not turned_ and (
                (part.type == "image" and not _clipped(part, context))
                or self._opaque(part, context)
            )
            arrangement.append((id(part), x0, y0, x1, y1, filled))
        key = tuple(arrangement)
        on = self._on_background.get(key)
        if on is None:
            on = self._on_background[key] = _uncovered(arrangement)
        return dict.fromkeys(on, colour)

    def _draw_items(
        self, c: Canvas, items: tuple[Part | None, ...], layout: Layout, context: Mapping[str, Any]
    ) -> None:
        w, h, b = self.card.width, self.card.height, self.bleed
        behind = self.backdrops(layout, context)
        for part in items:
            if part is None:
                if layout.background is not None and self.ink != "low":
                    colour = str(layout.background.value(context))
                    if colour.startswith(GRADIENTS):  # (laid on the trim, run into the bleed)
                        c.saveState()
                        path = c.beginPath()
                        path.rect(-b, -b, w + 2 * b, h + 2 * b)
                        c.clipPath(path, stroke=0, fill=0)
                        shade(c, colour, 0, 0, w, h)
                        c.restoreState()
                    elif colour != "none":
                        c.setFillColor(_colour(colour))
                        c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
                continue
            if not shows(part, context):
                continue
            placed = self.place(part, context)
            under = behind.get(id(part))
            turn = _turn(part, context)
            through, lettered = self._painted(part)
            alpha = _alpha(part, context) if through else None
            saved = bool(turn) or alpha is not None or bool(part.frame)
            if saved:
                c.saveState()
            if part.frame:  # (its groups' turns and clips, outermost first; their opacity)
                seen = self._frame(c, part, context)
                if seen != 1.0:
                    own = alpha if alpha is not None else (1.0, 1.0)
                    alpha = (own[0] * seen, own[1] * seen)
            if turn:  # (turned clockwise about its pivot: reportlab turns anticlockwise)
                px, py = pivot(part, context, placed)
                c.translate(px, py)
                c.rotate(-turn)
                c.translate(-px, -py)
            if alpha is not None:  # (see-through: its fill's and its outline's opacity)
                c.setFillAlpha(alpha[0])
                c.setStrokeAlpha(alpha[1])
            if part.type in SHAPES:
                self._shape(c, part, context, placed, under, alpha)
            elif part.type == "text":
                plan = self.text(part, context, placed)

                def icon(cv: Canvas, name: str, x: float, y: float, side: float) -> None:
                    path = self.icon_path(name, None)
                    draw_picture(cv, self.picture(path, None, "icon"), x, y, side, side, "fit")

                if lettered:
                    self._lettering(c, part, context, plan, placed, under, alpha)
                fills = None if alpha is None else alpha[0]
                draw_rich(
                    c,
                    plan.fitted,
                    placed.x,
                    placed.y,
                    placed.width,
                    placed.height,
                    align=plan.align,
                    valign=plan.valign,
                    colour=_colour(_ink(plan.colour, under), fills),
                    draw_icon=icon,
                    paint=(
                        None
                        if under is None and fills is None
                        else partial(_span_colour, under=under, alpha=fills)
                    ),
                )
            elif part.type == "image":
                path = self.image_path(part, context)
                clip = _value(part, "clip", context) if "clip" in part.props else None
                if isinstance(clip, tuple):
                    c.saveState()
                    _clip_to(c, clip, placed, self.shrink)
                if path in self._missing:
                    self._placeholder(c, part, context, placed)
                else:
                    fit = str(_value(part, "fit", context, "fit"))
                    tint = _value(part, "tint", context) if "tint" in part.props else None
                    draw_picture(
                        c,
                        self.picture(path, None, "image"),
                        placed.x,
                        placed.y,
                        placed.width,
                        placed.height,
                        fit,  # type: ignore[arg-type]
                        tint=None if tint in (None, "none") else str(tint),
                        multiply=True,
                    )
                if isinstance(clip, tuple):
                    c.restoreState()
            else:
                name = str(_value(part, "icon", context))
                tint = _value(part, "tint", context)
                draw_picture(
                    c,
                    self.picture(self.icon_path(name, None), None, "icon"),
                    placed.x,
                    placed.y,
                    placed.width,
                    placed.height,
                    str(_value(part, "fit", context, "fit")),  # type: ignore[arg-type]
                    tint=None if tint in (None, "none") else _ink(str(tint), under),
                )
            if saved:
                c.restoreState()

    def _frame(self, c: Canvas, part: Part, context: Mapping[str, Any]) -> float:
        """Draw what follows as the groups an element lies in draw it: each turned
        about its pivot and cut to its `clip`, outermost first. Returns their opacities
        multiplied (a group's `opacity` is each of its elements')."""
        seen = 1.0
        for k, group in enumerate(part.frame):
            turn = _turn(group, context)
            clip = _value(group, "clip", context) if "clip" in group.props else None
            if turn or isinstance(clip, tuple):
                frame = self.frame_box(part.frame[: k + 1], context)
                if turn:
                    px, py = pivot(group, context, frame)
                    c.translate(px, py)
                    c.rotate(-turn)
                    c.translate(-px, -py)
                if isinstance(clip, tuple):
                    _clip_to(c, clip, frame, self.shrink)
            if "opacity" in group.props:
                seen *= float(_value(group, "opacity", context))
        return seen

    def _lettering(
        self,
        c: Canvas,
        part: Part,
        context: Mapping[str, Any],
        plan: TextPlan,
        placed: Placed,
        under: str | None,
        alpha: tuple[float, float] | None,
    ) -> None:
        """What a text element draws under its letters: its `shadow` (the text again,
        in the shadow's colour, `shadow_offset` right and down), then its `outline` (the
        letters' edges stroked twice `outline_width` wide, round-cornered, under the
        letters: the outline shows outside them alone). Icons cast no shadow and have
        no outline."""
        shadow = _value(part, "shadow", context)
        outline = _value(part, "outline", context)
        kept = {"align": plan.align, "valign": plan.valign, "draw_icon": _no_icon}
        if isinstance(shadow, str) and shadow != "none":
            dx, dy = _shadow_offset(part, context)
            colour = _colour(_ink(shadow, under), None if alpha is None else alpha[0])
            draw_rich(
                c,
                plan.fitted,
                placed.x + dx,
                placed.y - dy,
                placed.width,
                placed.height,
                colour=colour,
                paint=lambda _: colour,
                **kept,  # type: ignore[arg-type]
            )
        if isinstance(outline, str) and outline != "none":
            line = self._outline_width(part, context)
            c.saveState()
            c.setStrokeColor(_colour(_ink(outline, under), None if alpha is None else alpha[1]))
            c.setLineWidth(2 * line)
            c.setLineJoin(1)
            c.setLineCap(1)
            c._code.append("1 Tr")  # (the letters' edges stroked, not filled: PDF's mode 1)
            draw_rich(
                c,
                plan.fitted,
                placed.x,
                placed.y,
                placed.width,
                placed.height,
                **kept,  # type: ignore[arg-type]
            )
            c.restoreState()  # (and its text mode with it: part of the graphics state)

    def missing_art(self, card: Card, layout: Layout | None) -> bool:
        """Whether a draft draws a placeholder on this side of the card (an image shown
        on it whose file is missing); what cannot be worked out is the check's to say."""
        if layout is None or not self.draft:
            return False
        context = self.context(card)
        for part in layout.parts:
            if part.type != "image":
                continue
            try:
                if shows(part, context) and self.image_path(part, context) in self._missing:
                    return True
            except CardError:
                continue
        return False

    def _placeholder(
        self, c: Canvas, part: Part, context: Mapping[str, Any], placed: Placed
    ) -> None:
        """A draft's placeholder for an image whose file is missing, in the element's
        box: it names the image field whose value the element draws (else the element)
        and the file as the card names it."""
        from kitgen.api import draw_placeholder, placeholder_lines

        src = str(_value(part, "src", context))
        fields = self.design.fields
        named = [n for n, spec in fields.items() if spec.type == "image" and context.get(n) == src]
        what = f"field: {named[0]}" if named else part.label
        lines = placeholder_lines(what, src)
        draw_placeholder(c, placed.x, placed.y, placed.width, placed.height, lines)

    def _shape(
        self,
        c: Canvas,
        part: Part,
        context: Mapping[str, Any],
        placed: Placed,
        under: str | None,
        alpha: tuple[float, float] | None = None,
    ) -> None:
        """A rect, ellipse or line; its outline drawn for the paper when it lies on a
        background the low-ink edition leaves out (`under`, that background's colour)."""
        fill = _value(part, "fill", context)
        stroke = _value(part, "stroke", context)
        if fill is None and stroke is None:
            stroke = "#000000"  # an element with neither shows its outline
        fill = None if fill == "none" else fill
        stroke = None if stroke == "none" else stroke
        if part.type == "line" or (part.type == "arc" and not _value(part, "sector", context)):
            fill, stroke = None, stroke or "#000000"  # (a line, or an open arc: an outline)
        if fill is None and stroke is None:
            return
        if isinstance(fill, str) and fill.startswith(GRADIENTS):  # (its outline drawn after)
            c.saveState()
            c.clipPath(self._shape_path(c, part, context, placed), stroke=0, fill=0, fillMode=1)
            shade(c, fill, placed.x, placed.y, placed.width, placed.height)
            c.restoreState()
            fill = None
            if stroke is None:
                return
        width = _value(part, "stroke_width", context)
        c.saveState()
        if fill is not None:
            c.setFillColor(_colour(str(fill), None if alpha is None else alpha[0]))
        if stroke is not None:
            c.setStrokeColor(_colour(_ink(str(stroke), under), None if alpha is None else alpha[1]))
            line_width = (
                width.points(min(self.card.width, self.card.height))
                if isinstance(width, Length)
                else 0.5
            )
            c.setLineWidth(line_width)
            self._outline(c, part, context, line_width)
        x, y, bw, bh = placed.x, placed.y, placed.width, placed.height
        if part.type == "line":
            c.line(x, y, x + bw, y + bh)
        elif part.type in ("polygon", "star"):
            path = c.beginPath()
            _trace(path, self._corners(part, context, placed), self._rounding(part, context))
            c.drawPath(  # (nonzero: a polygon whose sides cross is filled all over, as in SVG)
                path, stroke=int(stroke is not None), fill=int(fill is not None), fillMode=1
            )
        elif part.type == "path":
            self._path(c, part, context, placed, stroke is not None, fill is not None)
        elif part.type == "arc":
            # Clockwise from the top, as a clock reads: reportlab's angles run
            # anticlockwise from the right.
            start = float(_value(part, "start", context, 0.0))
            end = float(_value(part, "end", context, 360.0))
            sweep = (end - start) % 360 or 360.0
            if _value(part, "sector", context, False):
                c.wedge(
                    x,
                    y,
                    x + bw,
                    y + bh,
                    90 - start - sweep,
                    sweep,
                    stroke=int(stroke is not None),
                    fill=int(fill is not None),
                )
            else:
                c.arc(x, y, x + bw, y + bh, 90 - start - sweep, sweep)
        elif part.type == "ellipse":
            c.ellipse(
                x, y, x + bw, y + bh, stroke=int(stroke is not None), fill=int(fill is not None)
            )
        else:
            radius = _value(part, "radius", context)
            r = _corner(radius, bw, bh, self.shrink) if isinstance(radius, Length) else 0.0
            if r > 0:
                c.roundRect(
                    x, y, bw, bh, r, stroke=int(stroke is not None), fill=int(fill is not None)
                )
            else:
                c.rect(x, y, bw, bh, stroke=int(stroke is not None), fill=int(fill is not None))
        c.restoreState()

    def _shape_path(self, c: Canvas, part: Part, context: Mapping[str, Any], placed: Placed) -> Any:
        """A filled shape's outline as a path (a rect's rounded corners, a slice of an
        arc), for a gradient to fill it (reportlab's PDFPathObject)."""
        x, y, bw, bh = placed.x, placed.y, placed.width, placed.height
        if part.type in ("polygon", "star"):
            path = c.beginPath()
            _trace(path, self._corners(part, context, placed), self._rounding(part, context))
            return path
        if part.type == "path":
            view = _value(part, "view", context)
            return _svg_path(
                c, _value(part, "d", context), view if isinstance(view, tuple) else None, placed
            )
        path = c.beginPath()
        if part.type == "arc":
            start = float(_value(part, "start", context, 0.0))
            sweep = (float(_value(part, "end", context, 360.0)) - start) % 360 or 360.0
            path.moveTo(x + bw / 2, y + bh / 2)
            path.arcTo(x, y, x + bw, y + bh, 90 - start - sweep, sweep)
            path.close()
        elif part.type == "ellipse":
            path.ellipse(x, y, bw, bh)
        else:
            radius = _value(part, "radius", context)
            r = _corner(radius, bw, bh, self.shrink) if isinstance(radius, Length) else 0.0
            if r > 0:
                path.roundRect(x, y, bw, bh, r)
            else:
                path.rect(x, y, bw, bh)
        return path

    def _outline(
        self, c: Canvas, part: Part, context: Mapping[str, Any], line_width: float
    ) -> None:
        """A shape's outline style: its dashes (`dashed` three times its width long,
        `dotted` round dots its width apart), its line ends and its corners; nothing is
        written for what is left out (reportlab's solid lines, butt ends, mitred
        corners)."""
        dash = _value(part, "dash", context)
        cap = _value(part, "cap", context)
        join = _value(part, "join", context)
        if dash == "dashed":
            c.setDash([3 * line_width, 2 * line_width])
        elif dash == "dotted":
            c.setDash([0, 2 * line_width])
            cap = "round"  # (a dot is a round end of a dash of no length)
        elif isinstance(dash, tuple):
            short = min(self.card.width, self.card.height)
            c.setDash([length.points(short) * self.shrink for length in dash])
        if cap is not None:
            c.setLineCap(("butt", "round", "square").index(str(cap)))
        if join is not None:
            c.setLineJoin(("miter", "round", "bevel").index(str(join)))

    def _path(
        self,
        c: Canvas,
        part: Part,
        context: Mapping[str, Any],
        placed: Placed,
        stroke: bool,
        fill: bool,
    ) -> None:
        """An SVG path (`d`): the part of its plane its `view` names (default: the box
        round its points) scaled to fit the element's box, its proportions kept,
        centred, y running down as in SVG; filled by the nonzero rule, as SVG fills."""
        from kitgen.api import Path as SvgPath

        path = _value(part, "d", context)
        assert isinstance(path, SvgPath)
        view = _value(part, "view", context)
        drawn = _svg_path(c, path, view if isinstance(view, tuple) else None, placed)
        c.drawPath(drawn, stroke=int(stroke), fill=int(fill), fillMode=1)

    def _rounding(self, part: Part, context: Mapping[str, Any]) -> float:
        """How far a polygon's or star's corners are rounded back along each side, in
        points (`radius`: mm moving with the card's size, % of the card's shorter side);
        0 for sharp corners."""
        radius = _value(part, "radius", context) if "radius" in part.props else None
        if not isinstance(radius, Length):
            return 0.0
        if radius.percent:
            return radius.points(min(self.card.width, self.card.height))
        return radius.value * self.shrink

    def _corners(
        self, part: Part, context: Mapping[str, Any], placed: Placed
    ) -> list[tuple[float, float]]:
        """A polygon's or star's corners on the card, in drawing order. A regular
        polygon (`sides`) and a star (`tips`, `inner`) fill their box's ellipse, their
        first corner at the top, turned `rotation` degrees clockwise; a polygon's
        own `points` are x, y from its box's top-left corner (y down the card)."""
        x0, y0, w, h = placed.x, placed.y, placed.width, placed.height
        points = _value(part, "points", context)
        if isinstance(points, tuple):
            return [(x0 + px.points(w), y0 + h - py.points(h)) for px, py in points]
        if part.type == "star":
            tips = int(_value(part, "tips", context, 5))
            inner = float(_value(part, "inner", context, 0.4))
            radii = [1.0 if k % 2 == 0 else inner for k in range(2 * tips)]
        else:
            radii = [1.0] * int(_value(part, "sides", context))
        return _regular(placed, radii, float(_value(part, "rotation", context, 0.0)))


# What makes an element see-through, and what draws under a text's letters.
_SEEN_THROUGH = frozenset(("opacity", "fill_opacity", "stroke_opacity"))
_LETTERING = frozenset(("shadow", "outline"))
DEFAULT_SHADOW = 0.4 * MM  # a text's shadow lies this far right and down
DEFAULT_OUTLINE = 0.5  # points: an outline round a text's letters


def shade(c: Canvas, paint: str, x: float, y: float, width: float, height: float) -> None:
    """Paint a gradient (as kitgen.games.designed.props.paint_value writes it) over the
    canvas's clip, laid on the box (x, y, width, height): a linear one along the line
    through the box's middle towards its angle, clockwise from the top, edge to edge (as
    CSS lays one); a radial one from the middle out to the corners."""
    from reportlab.lib.colors import HexColor

    kind, angle, stops = read_gradient(paint)
    colours = [HexColor(colour) for colour, _ in stops]
    positions = [at for _, at in stops]
    cx, cy = x + width / 2, y + height / 2
    if kind == "radial":
        c.radialGradient(cx, cy, math.hypot(width, height) / 2, colours, positions)
        return
    turn = math.radians(angle)
    dx, dy = math.sin(turn), math.cos(turn)  # (towards the angle; y up)
    half = (abs(width * dx) + abs(height * dy)) / 2
    start, end = (cx - dx * half, cy - dy * half), (cx + dx * half, cy + dy * half)
    c.linearGradient(*start, *end, colours, positions)


def mean_colour(paint: str) -> str:
    """A colour, or a gradient's colours mixed evenly (what lies under text on it, to
    the low-ink edition)."""
    if not paint.startswith(GRADIENTS):
        return paint
    stops = read_gradient(paint)[2]
    mixed = [
        round(sum(int(colour[k : k + 2], 16) for colour, _ in stops) / len(stops))
        for k in (1, 3, 5)
    ]
    return "#" + "".join(f"{v:02x}" for v in mixed)


def _alpha(part: Part, context: Mapping[str, Any]) -> tuple[float, float] | None:
    """An element's fill's and outline's opacity (`opacity` times `fill_opacity`, and
    times `stroke_opacity`); None when both are 1 (drawn as ever)."""
    whole = float(_value(part, "opacity", context, 1.0))
    fill = whole * float(_value(part, "fill_opacity", context, 1.0))
    stroke = whole * float(_value(part, "stroke_opacity", context, 1.0))
    return None if fill == 1.0 and stroke == 1.0 else (fill, stroke)


def _shadow_offset(part: Part, context: Mapping[str, Any]) -> tuple[float, float]:
    """How far a text's shadow lies right and down of its letters, in points."""
    offset = _value(part, "shadow_offset", context)
    if isinstance(offset, tuple):
        dx, dy = (length.points(0.0) for length in offset)
        return dx, dy
    return DEFAULT_SHADOW, DEFAULT_SHADOW


def _no_icon(c: Canvas, name: str, x: float, y: float, side: float) -> None:
    """An icon left out (of a text's shadow and outline)."""


def _turn(part: Part, context: Mapping[str, Any]) -> float:
    """How far an element is turned, clockwise (0: not at all; most are not)."""
    return float(_value(part, "rotate", context)) if "rotate" in part.props else 0.0


def _clipped(part: Part, context: Mapping[str, Any]) -> bool:
    """Whether an image is cut to a shape."""
    return "clip" in part.props and _value(part, "clip", context) is not None


def pivot(part: Part, context: Mapping[str, Any], placed: Placed) -> tuple[float, float]:
    """The point of its box an element turns about (`pivot`: its middle unless said)."""
    name = str(_value(part, "pivot", context, "centre")).replace("center", "centre")
    x0, x1 = sorted((placed.x, placed.x + placed.width))
    y0, y1 = sorted((placed.y, placed.y + placed.height))
    x = x0 if "left" in name else x1 if "right" in name else (x0 + x1) / 2
    y = y1 if "top" in name else y0 if "bottom" in name else (y0 + y1) / 2
    return x, y


def _turned_by(box: Placed, turns: list[tuple[float, tuple[float, float]]]) -> Placed:
    """A box turned by each of `turns` in order (the box round the box turned, each
    time): where an element turned in turned groups reaches, or a little more."""
    for turn, about in turns:
        box = turned(box, turn, about)
    return box


def turned(box: Placed, turn: float, about: tuple[float, float]) -> Placed:
    """The box round a box turned `turn` degrees clockwise about a point."""
    if not turn:
        return box
    a = math.radians(-turn)
    cos, sin = math.cos(a), math.sin(a)
    px, py = about
    xs, ys = [], []
    for x, y in (
        (box.x, box.y),
        (box.x + box.width, box.y),
        (box.x, box.y + box.height),
        (box.x + box.width, box.y + box.height),
    ):
        dx, dy = x - px, y - py
        xs.append(px + dx * cos - dy * sin)
        ys.append(py + dx * sin + dy * cos)
    return Placed(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _svg_path(c: Canvas, path: Any, view: tuple[float, ...] | None, placed: Placed) -> Any:
    """SVG path data (kitgen.layout.svgpath.Path) as a reportlab path: the part of its
    plane `view` names (default: the box round its points) scaled to fit the box, its
    proportions kept, centred, y running down as in SVG."""
    if view is not None:
        vx, vy, vw, vh = view
    else:
        x0, y0, x1, y1 = path.bounds
        vx, vy, vw, vh = x0, y0, x1 - x0, y1 - y0
    scale = min(
        placed.width / vw if vw > 0 else math.inf, placed.height / vh if vh > 0 else math.inf
    )
    if not math.isfinite(scale):
        scale = 1.0  # (a path of a single point)
    ox = placed.x + (placed.width - vw * scale) / 2
    top = placed.y + placed.height - (placed.height - vh * scale) / 2

    def at(x: object, y: object) -> tuple[float, float]:
        return ox + (float(x) - vx) * scale, top - (float(y) - vy) * scale  # type: ignore[arg-type]

    drawn = c.beginPath()
    for segment in path.segments:
        kind = segment[0]
        if kind == "M":
            drawn.moveTo(*at(*segment[1:3]))
        elif kind == "L":
            drawn.lineTo(*at(*segment[1:3]))
        elif kind == "C":
            drawn.curveTo(*at(*segment[1:3]), *at(*segment[3:5]), *at(*segment[5:7]))
        else:
            drawn.close()
    return drawn


def _regular(placed: Placed, radii: list[float], turn: float) -> list[tuple[float, float]]:
    """Corners on the ellipse a box holds, the first at the top, turned `turn` degrees
    clockwise, each at its radius (a fraction of the ellipse's) in turn."""
    cx, cy = placed.x + placed.width / 2, placed.y + placed.height / 2
    rx, ry = placed.width / 2, placed.height / 2
    step, start = 2 * math.pi / len(radii), math.pi / 2 - math.radians(turn)
    return [
        (cx + rx * r * math.cos(start - k * step), cy + ry * r * math.sin(start - k * step))
        for k, r in enumerate(radii)
    ]


def _clip_to(c: Canvas, clip: tuple[Any, ...], placed: Placed, shrink: float) -> None:
    """Cut what is drawn next to an image's `clip` (kitgen.games.designed.props._clip)."""
    x, y, w, h = placed.x, placed.y, placed.width, placed.height
    kind = clip[0]
    if kind == "path":
        path = _svg_path(c, clip[1], None, placed)
    else:
        path = c.beginPath()
        if kind == "ellipse":
            path.ellipse(x, y, w, h)
        elif kind == "round":
            path.roundRect(x, y, w, h, _corner(clip[1], w, h, shrink))
        else:
            _trace(path, _regular(placed, [1.0] * int(clip[1]), float(clip[2])))
    c.clipPath(path, stroke=0, fill=0, fillMode=1)


def _corner(radius: Length, w: float, h: float, shrink: float) -> float:
    """A rounded rect's corner radius in points: mm moving with the card's size (`shrink`),
    % of the box's shorter side; at most half of either side."""
    r = radius.points(min(w, h)) if radius.percent else radius.value * shrink
    return min(r, w / 2, h / 2)


def _trace(path: Any, corners: list[tuple[float, float]], rounding: float = 0.0) -> None:
    """A closed polygon through `corners` onto a reportlab path; with `rounding`, each
    corner cut back that far along both its sides (at most half of the shorter) and
    rounded by a curve that the corner pulls, as a quadratic curve through it would."""
    if rounding <= 0:
        path.moveTo(*corners[0])
        for corner in corners[1:]:
            path.lineTo(*corner)
        path.close()
        return
    n = len(corners)
    ends: list[tuple[tuple[float, float], tuple[float, float]]] = []  # each corner's cut
    for k in range(n):
        (px, py), (cx, cy), (nx, ny) = corners[k - 1], corners[k], corners[(k + 1) % n]
        back, on = math.hypot(px - cx, py - cy), math.hypot(nx - cx, ny - cy)
        cut = min(rounding, back / 2, on / 2)
        start = (cx + (px - cx) * cut / back, cy + (py - cy) * cut / back) if back else (cx, cy)
        end = (cx + (nx - cx) * cut / on, cy + (ny - cy) * cut / on) if on else (cx, cy)
        ends.append((start, end))
    path.moveTo(*ends[0][1])
    for k in [*range(1, n), 0]:
        (sx, sy), (ex, ey) = ends[k]
        cx, cy = corners[k]
        path.lineTo(sx, sy)
        path.curveTo(
            sx + 2 / 3 * (cx - sx), sy + 2 / 3 * (cy - sy),
            ex + 2 / 3 * (cx - ex), ey + 2 / 3 * (cy - ey),
            ex, ey,
        )  # fmt: skip
    path.close()


def _uncovered(arrangement: list[tuple[int, float, float, float, float, bool]]) -> tuple[int, ...]:
    """The elements (`id`, box x0, y0, x1, y1, filled, in drawing order) that are not
    filled and that no filled one before them covers."""
    covers: list[tuple[float, float, float, float]] = []
    out: list[int] = []
    eps = 0.01
    for ident, x0, y0, x1, y1, filled in arrangement:
        if filled:
            covers.append((x0, y0, x1, y1))
        elif not any(
            a <= x0 + eps and b <= y0 + eps and x1 <= c + eps and y1 <= d + eps
            for a, b, c, d in covers
        ):
            out.append(ident)
    return tuple(out)


def _inked(part: Part, context: Mapping[str, Any], under: str) -> list[str]:
    """The colours an element's text, outline or tint print in on a background the
    low-ink edition leaves out (what its drawing depends on besides its values)."""
    out: list[str] = []
    for name in ("colour", "stroke", "tint"):
        value = _value(part, name, context)
        if isinstance(value, str) and value != "none":
            out.append(_ink(value, under))
    if part.type == "text" and "{" in str(_value(part, "text", context, "")):
        out.append(under)  # (its spans' colours are drawn for it too)
    return out


def _ink(colour: str, under: str | None) -> str:
    """A colour as drawn: as written, or, on a background the low-ink edition leaves
    out (`under`), re-drawn for the paper (kitgen.render.lightness.on_paper)."""
    if under is None:
        return colour
    from kitgen.api import on_paper

    return on_paper(colour, under)


@lru_cache(maxsize=1024)
def _colour(text: str, alpha: float | None = None) -> Color:
    """A colour as reportlab draws it, made once: reportlab reads a colour given as text
    with a Python-literal parser, a cost on every card. With `alpha`, see-through that
    much (reportlab sets a colour's own opacity with it, so a see-through element's
    colours carry its opacity)."""
    from reportlab.lib.colors import Color, HexColor

    if alpha is not None:
        solid = HexColor(text)
        return Color(solid.red, solid.green, solid.blue, alpha)
    return HexColor(text)


def _span_colour(colour: str, under: str | None, alpha: float | None) -> Color:
    """A span's colour as a text draws it: for the paper on a background the low-ink
    edition leaves out (`under`), see-through as its text is (`alpha`)."""
    return _colour(_ink(colour, under), alpha)


def _drawn_differently(picture: Picture, what: str) -> list[tuple[str, str, Location | None]]:
    """A warning at an SVG file for the first thing in it that is not drawn as written
    (what svglib, which reads SVG for kitgen, could not read), if any."""
    if picture.note is None:
        return []
    line, message = picture.note
    where = Location(picture.name, max(line, 1))
    return [("image-partly-drawn", f"{what} is not drawn as its SVG says: {message}", where)]


@dataclass(frozen=True)
class LowImage:
    """An image printing below 150 dpi on a card: its file as the layout gives it, its
    dpi there, and the size of the element's box (points)."""

    src: str
    dpi: float
    width: float
    height: float


_OVERLAP_EPS = 0.01  # points: boxes that only touch do not overlap


# An element shown on a card, for `Artist.overlaps`: the element, its box as placed,
# where it draws (a text: where its letters lie, all lines together), a text's plan,
# and whether it is a filled shape (which hides what was drawn before it).
_Shown = tuple[Part, Placed, Placed, "TextPlan | None", bool]


class _Drawn:
    """An element of a pair `_overlaps` looks at: where it draws, for a text its lines'
    boxes when asked, and whether it is a filled shape drawn over the pair's text."""

    __slots__ = ("_lines", "box", "corners", "covers", "lines_of", "part")

    def __init__(
        self,
        part: Part,
        box: Placed,
        lines_of: Callable[[], tuple[Placed, ...]] | None,
        covers: bool = False,
        corners: list[tuple[float, float]] | None = None,
    ) -> None:
        self.part, self.box, self.lines_of, self.covers = part, box, lines_of, covers
        self.corners = corners  # a polygon's or star's: it counts by them, not its box
        self._lines: tuple[Placed, ...] | None = None

    def lines(self) -> tuple[Placed, ...]:
        if self._lines is None:
            self._lines = self.lines_of() if self.lines_of is not None else (self.box,)
        return self._lines


def _never_meet(part: Part, placed: Placed, other: Part, where: Placed, covers: bool) -> bool:
    """Whether a text's box (which its letters lie inside) is clear of another
    element's box, or (the other drawn under it) lies inside a shape's: so on any card
    the two never meet."""
    ellipse = other.type == "ellipse"
    if other.type in ("polygon", "star") and _boxes_overlap(placed, where):
        return False  # (its corners, not its box, say: looked at card by card)
    if other.type == "text" or covers:
        return not _meets(placed, where, ellipse)
    return not _runs_into(placed, where, ellipse)


def _overlaps(pairs: list[tuple[_Drawn, _Drawn]]) -> list[tuple[str, str, Location | None]]:
    """`text-overlap` for each pair of a text element and another element shown on the
    card where the text's letters (its lines' boxes) run into the other: another
    text's letters, a filled shape drawn over them, or a shape, image or icon under
    them that a line overlaps without lying wholly inside it (text on a band or in a
    frame lies inside it; rules text running into a cost disc does not). An ellipse
    counts by its curve, not its box. Lines are looked at only where the text's whole
    box says they might touch."""
    out: list[tuple[str, str, Location | None]] = []
    for text, other in pairs:
        if text.box.width <= 0 or text.box.height <= 0 or not _boxes_overlap(text.box, other.box):
            continue
        ellipse = other.part.type == "ellipse"
        corners = other.corners
        if other.part.type == "text":
            hit = any(_boxes_overlap(a, b) for a in text.lines() for b in other.lines())
        elif other.covers:
            hit = any(_meets(line, other.box, ellipse, corners) for line in text.lines())
        else:
            if not _runs_into(text.box, other.box, ellipse, corners):
                continue  # (every line lies inside the shape, or clear of its curve)
            hit = any(_runs_into(line, other.box, ellipse, corners) for line in text.lines())
        if hit:
            message = (
                f"{text.part.label} runs into {other.part.label}: its letters overlap "
                f"the {other.part.type} (move it, or make its box smaller)"
            )
            out.append(("text-overlap", message, text.part.where))
    return out


def _span(box: Placed) -> tuple[float, float, float, float]:
    """A box as (left, bottom, right, top), whichever way its width and height run."""
    x0, x1 = sorted((box.x, box.x + box.width))
    y0, y1 = sorted((box.y, box.y + box.height))
    return x0, y0, x1, y1


def _boxes_overlap(a: Placed, b: Placed) -> bool:
    ax0, ay0, ax1, ay1 = _span(a)
    bx0, by0, bx1, by1 = _span(b)
    eps = _OVERLAP_EPS
    return ax0 < bx1 - eps and bx0 < ax1 - eps and ay0 < by1 - eps and by0 < ay1 - eps


def _meets(
    box: Placed, shape: Placed, ellipse: bool, corners: list[tuple[float, float]] | None = None
) -> bool:
    """Whether a box overlaps a shape at all (an ellipse by its curve, a polygon or a
    star by its `corners`)."""
    if not _boxes_overlap(box, shape):
        return False
    if corners is not None:
        x0, y0, x1, y1 = _span(box)
        return polygon_meets_box(corners, x0, y0, x1, y1)
    if not ellipse:
        return True
    tx0, ty0, tx1, ty1 = _span(box)
    sx0, sy0, sx1, sy1 = _span(shape)
    cx, cy, rx, ry = (sx0 + sx1) / 2, (sy0 + sy1) / 2, (sx1 - sx0) / 2, (sy1 - sy0) / 2
    if rx <= _OVERLAP_EPS or ry <= _OVERLAP_EPS:
        return True
    near_x = min(max(cx, tx0 + _OVERLAP_EPS), tx1 - _OVERLAP_EPS)
    near_y = min(max(cy, ty0 + _OVERLAP_EPS), ty1 - _OVERLAP_EPS)
    return ((near_x - cx) / rx) ** 2 + ((near_y - cy) / ry) ** 2 <= 1 + 1e-9


def _runs_into(
    text: Placed, shape: Placed, ellipse: bool, corners: list[tuple[float, float]] | None = None
) -> bool:
    """Whether text's box overlaps a shape without lying wholly inside it (a polygon or
    a star by its `corners`)."""
    tx0, ty0, tx1, ty1 = _span(text)
    sx0, sy0, sx1, sy1 = _span(shape)
    eps = _OVERLAP_EPS
    if sx1 - sx0 <= eps and sy1 - sy0 <= eps:
        return False  # (a shape of no size draws nothing to run into)
    if not _boxes_overlap(text, shape):
        return False
    if corners is not None:
        box = (tx0 + eps, ty0 + eps, tx1 - eps, ty1 - eps)
        return polygon_meets_box(corners, *box) and not polygon_holds_box(corners, *box)
    if not ellipse:
        return not (tx0 >= sx0 - eps and ty0 >= sy0 - eps and tx1 <= sx1 + eps and ty1 <= sy1 + eps)
    cx, cy, rx, ry = (sx0 + sx1) / 2, (sy0 + sy1) / 2, (sx1 - sx0) / 2, (sy1 - sy0) / 2
    if rx <= eps or ry <= eps:  # (a flat ellipse is a line across its box)
        return True

    def inside(x: float, y: float) -> bool:
        return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1 + 1e-9

    box_corners = ((tx0, ty0), (tx0, ty1), (tx1, ty0), (tx1, ty1))
    if all(inside(x, y) for x, y in box_corners):
        return False  # (wholly inside the ellipse: text on a disc)
    # The point of the text's box nearest the ellipse's centre: inside the ellipse
    # when the two overlap.
    near_x = min(max(cx, tx0 + eps), tx1 - eps)
    near_y = min(max(cy, ty0 + eps), ty1 - eps)
    return inside(near_x, near_y)


def low_resolution(where: str, images: Sequence[LowImage]) -> str:
    """The message of an element's `image-low-resolution` warning (after "card X (and N
    more): "): its first card's image and dpi, or for several images how many and the
    lowest dpi among them; and the pixel size that prints at 150 dpi or more in the
    element's box (the largest box, if the cards' boxes differ)."""
    from kitgen.api import LOW_DPI

    files = list(dict.fromkeys(image.src for image in images))
    first = images[0]
    width = max(image.width for image in images)
    height = max(image.height for image in images)
    need = (
        f"{math.ceil(width / 72 * LOW_DPI)} x {math.ceil(height / 72 * LOW_DPI)} px or more "
        f"for the element's {round(width / MM, 1):g} x {round(height / MM, 1):g} mm"
    )
    if len(files) == 1:
        return (
            f"{where}, image {first.src!r} prints at {first.dpi:.0f} dpi; at "
            f"{LOW_DPI:.0f} dpi or more it prints sharp: {need}"
        )
    lowest = min(image.dpi for image in images)
    return (
        f"{where}, {len(files)} images print below {LOW_DPI:.0f} dpi: the first, "
        f"{first.src!r}, at {first.dpi:.0f} dpi, the lowest at {lowest:.0f} dpi; at "
        f"{LOW_DPI:.0f} dpi or more they print sharp: {need}"
    )


def check_cards_drawn(
    design: Design, card: Size, bleed: float, made: Size | None = None
) -> list[Finding]:
    """Every card of the game, both sides, checked at this size (its layouts made for
    `made`: `made_size`): findings, each said once per place and message with the first
    card that has it (and how many more do)."""
    key = _size_key(card, bleed, made)
    if key in design.checked:
        return list(design.checked[key])
    artist = Artist(design, card, bleed, made=made)
    seen: dict[tuple[str, str, Location | None], list[str]] = {}
    same: set[int] = set()  # layouts that draw every card alike, checked once
    varies: dict[int, bool] = {}
    for card_row in design.cards:
        name: str | None = None  # (worked out for a card with problems only)
        for side, pick in (("face", design.face), ("back", design.back)):
            layout = None if pick is None else pick.of(card_row.values)
            if layout is None or id(layout) in same:
                continue
            if id(layout) not in varies:
                varies[id(layout)] = _varies(layout)
            if not varies[id(layout)]:
                same.add(id(layout))
            for problem in artist.check_card(card_row, layout, side):
                if name is None:
                    name = design.name_of(card_row)
                seen.setdefault(problem, []).append(name)
    out: list[Finding] = []
    moved = ""  # what a finding of the card's size says when the layouts were made for another
    if made is not None and _size_key(card, bleed, None) != _size_key(card, bleed, made):
        moved = (
            f" (on a {_dimensions(card)} card; the layouts are made for {_dimensions(made)}, "
            "and move with the card)"
        )
    for (code, message, where), names in seen.items():
        if (code, message, where) in artist.low:
            message = low_resolution(message, artist.low[code, message, where])
        more = f" (and {len(names) - 1} more)" if len(names) > 1 else ""
        text = f"card {names[0]!r}{more}: {message}"
        if code in ("text-overflow", "text-clipped"):
            text += moved
        warns = (
            "outside-bleed",
            "outside-safe",
            "short-of-bleed",
            "image-low-resolution",
            "image-partly-drawn",
            "image-placeholder",
            "text-not-drawable",
            "text-overlap",
        )
        make = warning if code in warns else finding
        out.append(make(code, text, where))
    design.checked[key] = list(out)
    return out


def made_size(design: Design, settings: PrintSettings | None) -> Size | None:
    """The card size a designed game's layouts are made for: the one its own files print
    it at (the kit's `card_size`, else the face layout's `size:`, else kitgen's), before
    the command line and kitgen.toml (the printer's settings) have their say. At
    another size the layouts move with the card (`box`). None when the files' size
    cannot be read (reported elsewhere): the layouts are then drawn as written."""
    from kitgen.api import PrintSettings, UsageError, resolve_setup

    try:
        setup = resolve_setup(
            PrintSettings(), layout_settings(design, settings), sheets=False, config=False
        )
    except UsageError:
        return None
    return setup.card


def card_size_of(design: Design, settings: PrintSettings | None) -> tuple[Size, float] | None:
    """The card size and bleed a check draws at: the kit's, the project's kitgen.toml's,
    the face layout's, kitgen's; None when they cannot be read (reported elsewhere)."""
    from kitgen.api import PrintSettings, UsageError, resolve_setup

    try:
        setup = resolve_setup(PrintSettings(), layout_settings(design, settings), sheets=False)
    except UsageError:
        return None
    return setup.card, setup.bleed


def layout_settings(design: Design, settings: PrintSettings | None) -> PrintSettings:
    """A kit's print settings with the face layout's card size and bleed where the kit
    gives none. One deck of several (a view, `Design.parts`) with a `size:` of its own
    prints at that size whatever the kit says (one kit's card size cannot be every
    deck's); the command line's `--card-size` still comes first."""
    from kitgen.api import PrintSettings

    settings = settings or PrintSettings()
    first = design.face.all()[0] if design.face is not None and design.face.layouts else None
    update: dict[str, object] = {}
    if design.deck_size is not None:
        update["card_size"] = design.deck_size
    elif first is not None and first.size is not None and settings.card_size is None:
        update["card_size"] = first.size
    if first is not None and first.bleed is not None and settings.bleed is None:
        update["bleed"] = first.bleed
    return settings.model_copy(update=update) if update else settings


def check_drawn(design: Design, settings: PrintSettings | None) -> list[Finding]:
    """`kitgen check`'s drawing checks of a designed game, at the kit's card size: each
    deck's at its own, for a game of several (and `invalid-setting` at a deck's size
    when its cards fit no sheet of the kit's paper)."""
    found: list[Finding] = []
    for part in design.parts():
        if part.deck is not None:
            found += _fits_paper(part, settings)
        sized = card_size_of(part, settings)
        if sized is None:
            continue
        made = made_size(part, settings)
        part.reported.add(_size_key(*sized, made))
        found += check_cards_drawn(part, *sized, made)
    return found


def _fits_paper(view: Design, settings: PrintSettings | None) -> list[Finding]:
    """`invalid-setting` at a deck's `size:` (else its face layout's) when its cards
    cannot be laid out on the paper at all."""
    from kitgen.api import PrintSettings, UsageError, resolve_setup

    at = view.deck_size_at
    if at is None and view.face is not None and view.face.layouts:
        at = view.face.all()[0].size_at
    own = layout_settings(view, settings)
    try:
        resolve_setup(PrintSettings(), own, sheets=False)
    except UsageError:
        return []  # (a setting that cannot be read: its own finding says so)
    try:
        resolve_setup(PrintSettings(), own)
    except UsageError as err:
        return [finding("invalid-setting", f"the deck {view.deck!r}: {err}", at)]
    return []


def _dimensions(card: Size) -> str:
    """A card's size in words: "63 x 88 mm"."""
    return f"{format_mm(card.width).removesuffix(' mm')} x {format_mm(card.height)}"


def _size_key(card: Size, bleed: float, made: Size | None) -> tuple[float, ...]:
    """What a check of the cards depends on: the size, the bleed, the layouts' size, and
    whether it is a draft's (a missing image is a warning there, an error otherwise)."""
    from kitgen.api import is_draft

    made = made or card
    sizes = (card.width, card.height, bleed, made.width, made.height)
    return (*(round(v, 3) for v in sizes), float(is_draft()))


def deck(
    design: Design,
    stem: str,
    bleed: float,
    chosen: list[tuple[Card, int]] | None = None,
    title: str | None = None,
    made: Size | None = None,
) -> Deck:
    """The game's cards as a deck (or the `chosen` cards, each as many times as given):
    for sheets, print-shop files, PNGs and Tabletop Simulator alike, at any size, its
    layouts made for `made` (`made_size`)."""
    from kitgen.api import CardSource, Deck, is_draft

    if chosen is None:
        chosen = [(card, card.copies) for card in design.cards]
    cards = [card for card, copies in chosen for _ in range(copies)]
    rows = {id(card): i for i, card in enumerate(design.cards)}
    back_index = {} if design.back is None else {id(x): i for i, x in enumerate(design.back.all())}

    def source(size: Size, bleed: float, ink: Ink) -> CardSource:
        artist = Artist(design, size, bleed, ink, made)

        def face_layout(i: int) -> Layout | None:
            return None if design.face is None else design.face.of(cards[i].values)

        def back_layout(i: int) -> Layout | None:
            return None if design.back is None else design.back.of(cards[i].values)

        def front(i: int) -> Callable[[Canvas], None]:
            return lambda c: artist.paint(c, cards[i], face_layout(i))

        def back(i: int) -> Callable[[Canvas], None]:
            return lambda c: artist.paint(c, cards[i], back_layout(i), back=True)

        def back_key(i: int) -> str:
            layout = back_layout(i)
            if layout is None:
                return "blank"
            if _varies(layout):
                return f"back-{rows[id(cards[i])]}"
            return f"back-layout-{back_index[id(layout)]}"  # (a form's name: no path in it)

        return CardSource(
            size,
            bleed,
            lambda i: f"face-{rows[id(cards[i])]}",
            front,
            back_key,
            back,
            design.card_shape,
        )

    def check(size: Size, card_name: str) -> list[Finding]:
        # The kit's check reported what drawing at its size finds (the usual case: the
        # same size): say it once. Another size (a command-line option) is news.
        del card_name
        found = check_cards_drawn(design, size, bleed, made)
        key = _size_key(size, bleed, made)
        if key in design.reported:
            return [f for f in found if f.is_error]
        design.reported.add(key)
        return found

    names = tuple(design.name_of(card) for card in cards)
    if title is None:
        title = design.file.title if design.file is not None else design.game_id
    draft = False
    if is_draft():  # a placeholder on any card: its sheets are labelled DRAFT
        looking = Artist(design, made or Size(1, 1), bleed)  # (paths are alike at any size)
        draft = any(
            looking.missing_art(card, None if pick is None else pick.of(card.values))
            for card in {id(card): card for card in cards}.values()
            for pick in (design.face, design.back)
        )
    return Deck(design.game_id, stem, title, names, source, check, draft, design.card_shape)


def _fixed(item: Part | None, layout: Layout) -> bool:
    """Whether an element (None: the layout's background) draws the same on every card
    whose fields its mappings read have the same values: no property of it, nor its
    `when:`, is a template."""
    if item is None:
        return layout.background is None or layout.background.render is None
    return all(
        (one.when is None or isinstance(one.when, Mapping))
        and all(prop.render is None for prop in one.props.values())
        for one in (item, *item.frame)
    )


def _varies(layout: Layout) -> bool:
    """Whether a layout can draw differently for different cards."""
    if layout.background is not None and layout.background.varies:
        return True
    return any(
        one.when is not None or any(p.varies for p in one.props.values())
        for part in layout.parts
        for one in (part, *part.frame)
    )
