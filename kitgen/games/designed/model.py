"""The files of a designed game: its game file (fields, card data, layouts, icons), its
layouts, and its kit.

A designed game is a folder a designer writes without Python:

    my-game/
      game.yaml     kind: game, with `fields:`, `cards:`, `face:` and `back:`
      cards.csv     the card data (or an .xlsx workbook, a YAML or JSON list, several)
      face.yaml     kind: layout: where each field goes on a card's face
      back.yaml     kind: layout
      kit.yaml      kind: kit: what to print, and how
      icons/        the icons the game file names (SVG or PNG)

Every model here is pure data; kitgen.games.designed.load reads the files they
name and kitgen.games.designed.props reads the values of their properties.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StringConstraints, model_validator

from kitgen.api import (
    LANGUAGE_PATTERN,
    DeckRules,
    GameFile,
    KitBase,
    Language,
    Length,
    Located,
    Name,
    RelPath,
    Spec,
    Text,
    accepts,
    described,
    empty,
    empty_map,
    in_schema,
    present,
)
from kitgen.games.designed.fields import FieldSpec

# A field's name as a designer writes it in a template (`{{ cost }}`), and an icon's as
# text writes it (`:sword:`).
_NAME = described(
    r"^[A-Za-z][A-Za-z0-9_]*$", "letters, digits and _, starting with a letter (like `cost`)"
)
_ICON = described(
    r"^[A-Za-z0-9][A-Za-z0-9_-]*$",
    "letters, digits, _ and -, starting with a letter or digit (like `sword`)",
)
FieldName = Annotated[str, StringConstraints(max_length=40, pattern=_NAME)]
IconName = Annotated[str, StringConstraints(max_length=40, pattern=_ICON)]

MAX_FIELDS = 100
MAX_ICONS = 500
MAX_ELEMENTS = 200
MAX_EXTENDS = 8  # how many layouts deep `extends:` may go
MAX_MAPPING = 500  # values in one property's mapping
MAX_LANGUAGES = 16  # editions of one game (`languages:`)

Scalar = str | int | float | bool


@accepts(
    {
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "additionalProperties": {"type": "object"},
    }
)
def _property(value: Any) -> Any:
    """A property as written: a value (`"#c33"`, `3mm`, `12`), a template over the card's
    fields (`"{{ cost }}"`), or a mapping from one field's values to values
    (`{faction: {fire: "#c33", water: "#36c", else: "#888"}}`). A mapping's keys are
    read as text, so `{cost: {1: ..., 2: ...}}` works."""
    if isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, dict):
        if len(value) != 1:
            raise ValueError(
                "a property's mapping names one field, like `{faction: {fire: '#c33', "
                "water: '#36c'}}`"
            )
        ((field, table),) = value.items()
        if not isinstance(field, str) or not isinstance(table, dict):
            raise ValueError(
                "a property's mapping is a field's name and, under it, a value for each of "
                "the field's values, like `{faction: {fire: '#c33', water: '#36c'}}`"
            )
        if len(table) > MAX_MAPPING:
            raise ValueError(f"a property's mapping has at most {MAX_MAPPING} values")
        out: dict[str, Scalar] = {}
        for key, result in table.items():
            if not isinstance(result, (str, int, float, bool)):
                raise ValueError(
                    f"the mapping's value for {key!r} should be a value (text or a number), "
                    "not a list or a mapping"
                )
            text = str(key).lower() if isinstance(key, bool) else str(key)
            out[text] = result
        return {field: out}
    raise ValueError(
        "a property is a value, a template (`{{ field }}`) or a mapping from a field's "
        "values (`{faction: {fire: '#c33'}}`)"
    )


Property = Annotated[Scalar | dict[str, dict[str, Scalar]], BeforeValidator(_property)]

MAX_CHAIN = 8  # fonts in one fallback chain
BUILTIN_FONTS = ("sans", "serif")  # kitgen's own families (DejaVu)


def font_key(name: str) -> str:
    """A font's name as names are compared: Unicode's composed form, case folded."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


# A font's name, as the game file's `fonts:` declares it and `font:` writes it: any
# text without a comma (a chain separates its fonts with commas) that starts and ends
# with no space, compared with case aside (`font_key`).
_FONT_NAME = described(
    r"^[^,\s](?:[^,]*[^,\s])?$",
    "any text but a comma (which separates a fallback chain's fonts), starting and ending "
    "with no space (like `Noto Sans Symbols`)",
)
FontName = Annotated[str, StringConstraints(max_length=60, pattern=_FONT_NAME)]
_FONT_NAME_TEXT = re.compile(_FONT_NAME)


@accepts(
    {
        "type": "array",
        "items": {"type": "string"},
        "minItems": 1,
        "maxItems": MAX_CHAIN,
    }
)
def _font_property(value: Any) -> Any:
    """`font:` as written: a property (a font's name, a template, a mapping), or a
    fallback chain as a list of names, each drawing what the ones before it lack
    (`[house, symbols, sans]`), read as the text `house, symbols, sans`."""
    if isinstance(value, list):
        if not 1 <= len(value) <= MAX_CHAIN:
            raise ValueError(f"a fallback chain names 1 to {MAX_CHAIN} fonts")
        for name in value:
            if not isinstance(name, str) or not _FONT_NAME_TEXT.match(name):
                raise ValueError(
                    "a fallback chain is a list of font names, each without a comma, like "
                    "[house, symbols, sans]"
                )
        return ", ".join(value)
    return _property(value)


FontProperty = Annotated[Scalar | dict[str, dict[str, Scalar]], BeforeValidator(_font_property)]


@accepts(
    {
        "type": "object",
        "minProperties": 1,
        "additionalProperties": {"type": ["string", "number", "boolean", "array"]},
    }
)
def _condition(value: Any) -> Any:
    """`when:` as written: an expression over the fields (`cost > 3`), or a mapping of
    fields to the value (or one of the values) they must have, all of them."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and value:
        out: dict[str, list[str]] = {}
        for field, wanted in value.items():
            if not isinstance(field, str):
                raise ValueError("`when:` maps field names to values")
            items = wanted if isinstance(wanted, list) else [wanted]
            if not items or not all(isinstance(v, (str, int, float, bool)) for v in items):
                raise ValueError(
                    f"`when:` gives {field!r} a value or a list of values, like "
                    "`{type: [unit, hero]}`"
                )
            out[field] = [str(v).lower() if isinstance(v, bool) else str(v) for v in items]
        return out
    raise ValueError(
        "`when:` is an expression over the fields (like `cost > 3`) or a mapping of "
        "fields to values (like `{type: spell}`)"
    )


Condition = Annotated[str | dict[str, list[str]], BeforeValidator(_condition)]

ElementType = Literal[
    "rect",
    "ellipse",
    "line",
    "polygon",
    "star",
    "arc",
    "path",
    "text",
    "image",
    "icon",
    "group",
    "component",
]
Anchor = Literal[
    "top-left",
    "top",
    "top-right",
    "left",
    "centre",
    "center",
    "right",
    "bottom-left",
    "bottom",
    "bottom-right",
]

# How a shape's outline is drawn: its dashes, line ends and corners.
OUTLINE = ("dash", "cap", "join")
# How see-through a shape's fill and outline are (besides `opacity`, any element's).
SEE_THROUGH = ("fill_opacity", "stroke_opacity")
# The properties each type of element takes beyond the ones all share.
OWN_PROPERTIES: dict[str, tuple[str, ...]] = {
    "rect": ("fill", "stroke", "stroke_width", "radius", "bleed", *OUTLINE, *SEE_THROUGH),
    "ellipse": ("fill", "stroke", "stroke_width", *OUTLINE, *SEE_THROUGH),
    "line": ("stroke", "stroke_width", *OUTLINE, "stroke_opacity"),
    "polygon": (
        "fill",
        "stroke",
        "stroke_width",
        "radius",
        "sides",
        "points",
        "rotation",
        *OUTLINE,
        *SEE_THROUGH,
    ),
    "star": (
        "fill",
        "stroke",
        "stroke_width",
        "radius",
        "tips",
        "inner",
        "rotation",
        *OUTLINE,
        *SEE_THROUGH,
    ),
    "arc": ("fill", "stroke", "stroke_width", "start", "end", "sector", *OUTLINE, *SEE_THROUGH),
    "path": ("d", "view", "fill", "stroke", "stroke_width", *OUTLINE, *SEE_THROUGH),
    "text": (
        "text",
        "font",
        "size",
        "min_size",
        "bold",
        "italic",
        "colour",
        "align",
        "valign",
        "leading",
        "wrap",
        "icon_scale",
        "outline",
        "outline_width",
        "shadow",
        "shadow_offset",
    ),
    "image": ("src", "fit", "bleed", "clip", "tint"),
    "icon": ("icon", "fit", "tint"),
    "group": ("clip",),
    "component": ("clip",),
}
# What a group or a component holds besides its properties: its elements, or the
# layout it places and the values it gives that layout's parameters.
STRUCTURE: dict[str, tuple[str, ...]] = {"group": ("elements",), "component": ("layout", "params")}
SHARED_PROPERTIES = (
    "type",
    "name",
    "x",
    "y",
    "width",
    "height",
    "anchor",
    "when",
    "rotate",
    "pivot",
    "opacity",
    "z",
)
REQUIRED_PROPERTY = {
    "text": "text",
    "image": "src",
    "icon": "icon",
    "path": "d",
    "group": "elements",
    "component": "layout",
}
MAX_DEPTH = 8  # groups and components inside each other
MAX_PARTS = 1000  # elements of a layout, those in groups and components counted
MAX_PARAMS = 32  # a component's parameters


def _element_schema(schema: dict[str, Any]) -> None:
    schema["description"] = (
        schema.get("description", "").rstrip()
        + " Each type takes its own properties: "
        + "; ".join(f"{kind}: {', '.join(own)}" for kind, own in OWN_PROPERTIES.items())
        + "."
    )


class Element(Located):
    """One thing drawn on a card, in order: a shape, text, an image or an icon.

    `x` and `y` measure from the card's point `anchor` (its top-left corner unless
    said) inwards, and the element's own point of the same name sits there: `anchor:
    bottom-right, x: 3mm, y: 3mm` puts the element's bottom-right corner 3 mm in from
    the card's. Lengths are mm when bare, or `mm`, `cm`, `in`, `pt`, or `%` of the
    card's width (x, width) or height (y, height). A line runs from its anchored point
    by `width` across and `height` down."""

    type: ElementType | None = None  # left out: the inherited element of its name's
    name: Name | None = None
    x: Property = 0
    y: Property = 0
    width: Property = "100%"
    height: Property = "100%"
    anchor: Anchor = "top-left"
    when: Condition | None = None
    rotate: Property | None = None  # degrees turned clockwise about its `pivot`
    pivot: Property | None = None  # the point of its box it turns about (its middle)
    opacity: Property | None = None  # how opaque it is drawn, 0 to 1 (1)
    # Where it is drawn among the elements beside it: higher over lower, the same in
    # the order written (default 0).
    z: Annotated[int, Field(ge=-1000, le=1000)] | None = None
    # group: the elements it holds, placed in its box
    elements: list[Element] | None = Field(default=None, max_length=MAX_ELEMENTS)
    # component: a layout file placed in its box, and values for its `params:`
    layout: RelPath | None = None
    params: dict[FieldName, Property] | None = Field(default=None, max_length=MAX_PARAMS)
    # shapes
    fill: Property | None = None
    stroke: Property | None = None
    stroke_width: Property | None = None
    radius: Property | None = None
    bleed: Property | None = None  # rect, image: edges on the cut line run into the bleed
    dash: Property | None = None
    cap: Property | None = None
    join: Property | None = None
    fill_opacity: Property | None = None  # shapes: how opaque the fill is
    stroke_opacity: Property | None = None  # ... and the outline
    sides: Property | None = None  # polygon: a regular one's sides
    points: Property | None = None  # polygon: its corners in its box
    tips: Property | None = None  # star
    inner: Property | None = None  # star: its inner radius, of its outer
    rotation: Property | None = None  # polygon, star: degrees turned clockwise
    start: Property | None = None  # arc: where it starts, degrees clockwise from the top
    end: Property | None = None  # arc: where it ends
    sector: Property | None = None  # arc: closed through the middle (a slice of a pie)
    d: Property | None = None  # path: SVG path data
    view: Property | None = None  # path: the part of its plane drawn in the box
    clip: Property | None = None  # image: the shape it is cut to
    # text
    text: Property | None = None
    font: FontProperty | None = None
    size: Property | None = None
    min_size: Property | None = None
    bold: Property | None = None
    italic: Property | None = None
    colour: Property | None = None
    align: Property | None = None
    valign: Property | None = None
    leading: Property | None = None
    wrap: Property | None = None
    icon_scale: Property | None = None
    outline: Property | None = None  # text: a colour round its letters
    outline_width: Property | None = None
    shadow: Property | None = None  # text: a colour it casts a shadow in
    shadow_offset: Property | None = None  # ... this far right and down
    # pictures
    src: Property | None = None
    icon: Property | None = None
    fit: Property | None = None
    tint: Property | None = None

    @model_validator(mode="after")
    @in_schema(_element_schema)
    def _properties_of_its_type(self) -> Element:
        if self.type is None:
            if self.name is None:
                raise ValueError(
                    "an element needs `type:` (rect, ellipse, line, polygon, star, arc, path, "
                    "text, image or icon), or "
                    "the `name:` of an element of the layout it extends, to change that one"
                )
            return self  # (its properties are checked against the inherited element's type)
        wrong = wrong_properties(self.type, self.model_fields_set)
        if wrong:
            raise ValueError(wrong)
        return self

    @property
    def label(self) -> str:
        """How messages name the element: its name, or its type."""
        return repr(self.name) if self.name else f"the {self.type} element"


def wrong_properties(kind: str, given: set[str]) -> str | None:
    """Why an element of this type cannot take these properties (None: it can)."""
    own = (*OWN_PROPERTIES[kind], *STRUCTURE.get(kind, ()))
    wrong = sorted(key for key in given if key not in SHARED_PROPERTIES and key not in own)
    if not wrong:
        return None
    return (
        f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} element has no `{wrong[0]}`; it takes: "
        f"{', '.join((*SHARED_PROPERTIES[1:], *own))}"
    )


# A span style's name, as `styles:` declares it and a span writes it (`{prereq}`): a
# letter, then letters, digits, `_` and `-` (in any script), compared with case aside.
_STYLE_NAME = described(
    r"^[^\W\d_][\w-]*$",
    "a letter, then letters, digits, _ and - (like `prereq`)",
)
StyleName = Annotated[str, StringConstraints(max_length=40, pattern=_STYLE_NAME)]
MAX_STYLES = 64  # named span styles in one layout
SpanValue = Annotated[str | int | float, Field(union_mode="left_to_right")]


class SpanStyleFile(Located):
    """A named span style (`styles: {prereq: {colour: "#c00", size: 9}}`): what a span
    `{prereq}...{/}` sets over its text element's own settings; each left out is as
    the text around it has it. `size` is points (`9`, `9pt`: the span's size while
    its text is at its own `size`; it shrinks with the text) or a share of the text
    around it (`80%`); `shift` raises the baseline (`2pt`, `30%`; negative lowers
    it)."""

    colour: str | None = None
    size: SpanValue | None = None
    font: FontName | None = None
    bold: bool | None = None
    italic: bool | None = None
    shift: SpanValue | None = None


class LayoutFile(Located):
    """`kind: layout`: where a card's fields go, element by element.

    `size` and `bleed` are the card's when neither the kit nor the command line says
    otherwise; `safe` is the margin inside the trim that text keeps clear of (a
    warning otherwise: a cut a little off would clip it). `background` fills the whole
    card, bleed included. A layout that `extends:` another takes its settings and
    elements; an element with the `name` of one of them changes it (the properties it
    gives), and the others are drawn after the inherited ones.

    A layout without `game:` is shared: any game of the project may name it (by its
    path), and each checks and draws it against its own fields. One with `game:` is
    that game's alone."""

    game: str | None = None
    kind: Literal["layout"]
    extends: RelPath | None = None
    size: Name | None = None
    # The card's shape in its size's box: rect, round, hex, rounded 3mm, path ...
    shape: Annotated[str, StringConstraints(max_length=20_000)] | None = None
    bleed: Length | None = None
    safe: Length | None = None
    background: Property | None = None
    font: FontProperty | None = None  # its text elements' font when they name none
    # A component's parameters and their values when a layout placing it gives none:
    # its templates read them by name (`{{ value }}`).
    params: dict[FieldName, Scalar] | None = Field(default=None, max_length=MAX_PARAMS)
    # Span styles its text names (`{prereq}...{/}`), over those of what it extends.
    styles: dict[StyleName, SpanStyleFile] = Field(default_factory=empty_map, max_length=MAX_STYLES)
    elements: list[Element] = Field(default_factory=empty, max_length=MAX_ELEMENTS)


class CardsSource(Located):
    """Where card data is: a CSV file, an .xlsx workbook (its `sheet`, else the first),
    or a YAML or JSON list of cards (`where()`: where the game file names it). With a
    `language` other than the game's first, it holds no cards but their text in that
    language: a translation source (kitgen.games.designed.fields.check_translations)."""

    file: RelPath
    sheet: Name | None = None
    language: Language | None = None  # a translation source's language
    # `html`: its values write characters as HTML character references (`&quot;`,
    # `&#039;`, `Pok&eacute;mon`), as a web API's dump does; read as the characters.
    decode: Literal["html"] | None = None


MAX_CARD_SOURCES = 20  # files or sheets in `cards:`


class LayoutChoice(Spec):
    """A layout per card, chosen by one field's value (`else` for the others)."""

    by: FieldName
    layouts: dict[Name, RelPath] = Field(min_length=1, max_length=MAX_MAPPING)


_ONE_SOURCE = {
    "type": "object",
    "required": ["file"],
    "properties": {
        "file": {"type": "string"},
        "sheet": {"type": "string"},
        "language": {"type": "string", "maxLength": 35, "pattern": LANGUAGE_PATTERN},
        "decode": {"enum": ["html"]},
    },
    "additionalProperties": False,
}


@accepts(
    {
        "anyOf": [
            {"type": "string"},
            _ONE_SOURCE,
            {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_CARD_SOURCES,
                "items": {"anyOf": [{"type": "string"}, _ONE_SOURCE]},
            },
        ]
    }
)
def _cards_source(value: Any) -> Any:
    """`cards:` as written: a file (`cards.csv`), a file and sheet (`{file: deck.xlsx,
    sheet: Specials}`), or a list of them (several files or sheets feed one game); read
    as a list of sources."""
    if isinstance(value, (str, dict)):
        value = [value]
    if isinstance(value, list):
        return [{"file": item} if isinstance(item, str) else item for item in value]
    return value


CardSources = Annotated[list[CardsSource], Field(min_length=1, max_length=MAX_CARD_SOURCES)]


MAX_COLLECTION_INDEX = 255  # a collection's fonts are numbered from 0 (FontLimits)


def _index_or_name_schema(schema: dict[str, Any]) -> None:
    schema["not"] = {"allOf": [present("index"), present("name")]}


class FontFile(Spec):
    """One font of a collection (.ttc): the file, and the font by its `index` (from 0)
    or its `name` (PostScript or full name, with case aside); neither: the first."""

    file: RelPath
    index: Annotated[int, Field(ge=0, le=MAX_COLLECTION_INDEX)] | None = None
    name: Name | None = None

    @model_validator(mode="after")
    @in_schema(_index_or_name_schema)
    def _index_or_name(self) -> FontFile:
        if self.index is not None and self.name is not None:
            raise ValueError("a font of a collection is chosen by `index` or by `name`, not both")
        return self


@accepts({"type": "string"})
def _font_file(value: Any) -> Any:
    return {"file": value} if isinstance(value, str) else value


FontFace = Annotated[FontFile, BeforeValidator(_font_file)]


class FontFiles(Spec):
    """A font of the project's own: font files, one per face (a face left out is drawn
    in `regular`, and `kitgen check` says where text asks for it). Each is a path
    (TrueType .ttf, OpenType .otf) or, for a collection (.ttc), `{file: NAME.ttc,
    index: 1}` or `{file: NAME.ttc, name: "Noto Serif CJK JP Bold"}`."""

    regular: FontFace
    bold: FontFace | None = None
    italic: FontFace | None = None
    bold_italic: FontFace | None = None


MAX_DECKS = 20  # decks in one game file's `decks:`


class DeckSpec(Located):
    """One deck of a game with several (`decks:`): its own card data, face and back
    layouts and, if it says, card size (a preset, `poker landscape`, or `88x63mm`),
    sharing the game's fields, icons, fonts and layouts."""

    cards: Annotated[CardSources, BeforeValidator(_cards_source)]
    face: RelPath | LayoutChoice
    back: RelPath | LayoutChoice | None = None
    size: Name | None = None  # its cards' size, before the kit's and its face layout's
    shape: Name | None = None  # its cards' shape (round, hex, ...), before its face layout's


def deck_key(name: str) -> str:
    """A deck's name as names are compared: Unicode's composed form, case folded."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


def _one_form_schema(schema: dict[str, Any]) -> None:
    schema["oneOf"] = [
        {"required": ["cards", "face"], "not": present("decks")},
        {
            "required": ["decks"],
            "not": {"anyOf": [present("cards"), present("face"), present("back")]},
        },
    ]


class DesignedGameFile(GameFile):
    """`kind: game` of a designed game: the shared facts, and what its cards are made
    of: their fields, the file that holds them, the layouts that draw them, the icons
    their text and layouts name, and fonts of the project's own. A game of several
    decks names each under `decks:` (its cards, face, back and size) in place of
    `cards:`, `face:` and `back:`."""

    fields: dict[FieldName, FieldSpec] = Field(min_length=1, max_length=MAX_FIELDS)
    cards: Annotated[CardSources, BeforeValidator(_cards_source)] | None = None
    face: RelPath | LayoutChoice | None = None
    back: RelPath | LayoutChoice | None = None
    decks: dict[Name, DeckSpec] | None = Field(default=None, min_length=1, max_length=MAX_DECKS)
    name_field: FieldName | None = None  # the field that names a card (else `name`)
    # The whole-number field that numbers the cards, for a deck file's `"#1-10": 1`
    # (else a field `number`, when it is one).
    number_field: FieldName | None = None
    copies: Name | None = None  # the column of each card's copies (else `count` or `qty`)
    strict: bool = False  # a column no field reads is a finding (else ignored)
    icons: dict[IconName, RelPath] = Field(default_factory=empty_map, max_length=MAX_ICONS)
    fonts: dict[FontName, FontFiles] = Field(default_factory=empty_map, max_length=8)
    font: FontProperty | None = None  # the layouts' text font when they name none
    deck_rules: DeckRules | None = None  # what a legal deck of the game is
    # The languages the game prints editions in (BCP 47), its own (`language:`) first:
    # its card data's plain columns hold the first's text, `FIELD@TAG` columns the
    # others' (`kitgen build GAME --lang TAG`).
    languages: list[Language] | None = Field(default=None, min_length=1, max_length=MAX_LANGUAGES)

    @property
    def editions(self) -> tuple[str, ...]:
        """The languages of the game's editions, its own first: `languages:`, else its
        `language:` alone."""
        return tuple(self.languages) if self.languages else (self.language,)

    @property
    def first_language(self) -> str:
        """The language the plain columns of its card data hold."""
        return self.editions[0]

    @model_validator(mode="after")
    @in_schema(_one_form_schema)
    def _one_deck_or_several(self) -> DesignedGameFile:
        if self.decks is not None:
            given = [key for key in ("cards", "face", "back") if key in self.model_fields_set]
            if given:
                raise ValueError(
                    f"a game with `decks:` gives each deck its own `{given[0]}:`; take "
                    f"`{given[0]}:` out of the game file's top level, or `decks:` out"
                )
        elif self.cards is None or self.face is None:
            missing = "cards" if self.cards is None else "face"
            raise ValueError(
                f"a designed game needs `{missing}:` (or `decks:`, each deck with its own "
                "`cards:` and `face:`)"
            )
        return self


MAX_DECK_NAMES = 1000  # cards (lines) in a deck file's `cards:` or `sideboard:`
MAX_DECK_COPIES = 99  # copies on one line
DeckCount = Annotated[int, Field(ge=1, le=MAX_DECK_COPIES)]


class DesignedDeckFile(Located):
    """`kind: deck` of a designed game: a named deck, card name to copies, and a
    sideboard, checked against the game's `deck_rules`; in a game of several decks,
    `deck:` names the one whose cards it draws."""

    game: str
    kind: Literal["deck"]
    name: Name
    deck: Name | None = None  # which of the game's `decks:` it draws from
    description: Text | None = None
    identity: Name | None = None  # its identity card (the game's `deck_rules.identity`)
    format: Name | None = None  # its format of play (one of `deck_rules.formats`)
    cards: dict[Name, DeckCount] = Field(max_length=MAX_DECK_NAMES)
    sideboard: dict[Name, DeckCount] = Field(default_factory=empty_map, max_length=MAX_DECK_NAMES)


DesignedComponent = Literal["cards", "rules"]


def _all_components() -> list[DesignedComponent]:
    return ["cards", "rules"]


class DesignedKitFile(KitBase):
    """A designed game's kit: its cards (face and back) and, when it names one, the
    rules booklet."""

    game: str
    components: list[DesignedComponent] = Field(default_factory=_all_components)
