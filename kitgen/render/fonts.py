"""Embedded fonts: reportlab's bundled Bitstream Vera (KitSans), DejaVu (shipped in
kitgen/fonts/) and a project's own TrueType files, each registered once, every one a
`KitFont`: a character its own file has no glyph for is drawn in DejaVu Sans.

The 14 standard PDF fonts are never used: they are not embedded, and print
shops reject files that rely on them. Vera covers Latin-1 and common punctuation,
and the built-in games draw with it as they always have; DejaVu Sans adds Latin
Extended (Polish, Czech, Vietnamese ...), Greek, Cyrillic and many symbols, so a
name in any of them prints on every label, cover and footer, in the same design
(DejaVu is Vera extended). What no font has (Chinese, say: `missing_glyphs`) prints
as "?", never as an empty box: `kitgen check` warns where such text is written
(text-not-drawable, kitgen.load.printable), and the build warns of any other text
it printed so (`take_undrawn`).
"""

from __future__ import annotations

import hashlib
import io
import os
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import FF_FORCEBOLD, FF_ITALIC, TTFont

from kitgen.layout.limits import FONT_LIMITS
from kitgen.load.fontfile import Choice, FontSource, usable_font
from kitgen.render.shaping import needs_shaping, shapable, shaped_width

REGULAR = "KitSans"
BOLD = "KitSans-Bold"
ITALIC = "KitSans-Italic"
BOLD_ITALIC = "KitSans-BoldItalic"
_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf", ITALIC: "VeraIt.ttf", BOLD_ITALIC: "VeraBI.ttf"}

# The DejaVu Sans face a font falls back on, by the font's weight and slant (bold,
# italic), read from its own file. Every chain goes on to DejaVu Sans itself, the face
# with the most glyphs, and ends with the other two faces, so every font draws at least
# what any DejaVu Sans face draws: a character one face of a font cannot draw, no face
# can, and `missing_glyphs` in KitSans says what every face prints as "?".
FALLBACK = "DejaVuSans"
_SANS_FACES = {
    (False, False): FALLBACK,
    (True, False): "DejaVuSans-Bold",
    (False, True): "DejaVuSans-Oblique",
    (True, True): "DejaVuSans-BoldOblique",
}
_SUBSET_BITS = 24  # a fallback's subsets are numbered (index << _SUBSET_BITS) | subset


def fallback_names(bold: bool, italic: bool) -> tuple[str, ...]:
    """The DejaVu Sans faces, in order, that draw what a font of this weight and slant
    lacks: the same weight and slant, then upright, then regular, then the others."""
    names = (_SANS_FACES[(bold, italic)], _SANS_FACES[(bold, False)], FALLBACK)
    return tuple(dict.fromkeys((*names, *_SANS_FACES.values())))


# The texts drawn since `take_undrawn` last looked whose characters printed as "?".
_UNDRAWN: dict[str, str] = {}
_MAX_UNDRAWN = 100  # texts kept (their characters are all that is said)


def take_undrawn() -> dict[str, str]:
    """The texts drawn since the last call that printed characters as "?", each with
    those characters; then forget them."""
    found = dict(_UNDRAWN)
    _UNDRAWN.clear()
    return found


def note_undrawn(text: str, missing: str) -> None:
    """Note that text was drawn with `missing` characters printed as "?", for
    `take_undrawn` (past _MAX_UNDRAWN texts, only the characters are kept)."""
    key = text if len(_UNDRAWN) < _MAX_UNDRAWN or text in _UNDRAWN else "\u2026"
    _UNDRAWN[key] = "".join(dict.fromkeys(_UNDRAWN.get(key, "") + missing))


SOFT_HYPHEN = "\u00ad"
WIDTHS_KEPT = 50_000  # widths a font keeps measured (then it starts again)


class KitFont(TTFont):  # type: ignore[misc]  # (reportlab has no type hints)
    """A TrueType font that draws each character its own file has no glyph for in the
    first of its fallbacks (`fallback_names`) that has one, per character: `Złote
    Żurawie` in Vera draws `Ż` in DejaVu Sans, the rest in Vera. Widths are measured
    the same way, so layout and drawing agree.

    Text the font's own file covers is measured and drawn exactly as reportlab's
    TTFont does (the same bytes). Other text is put in Unicode's composed form (NFC:
    a letter and its accent written apart become the accented letter, which the
    fonts have), white space no font has (a tab) becomes a space, an invisible
    character no font has (a zero-width joiner, a variation selector) is left out,
    and any other character none of the fonts has becomes "?" (reportlab would draw
    the font's empty box), noted for `take_undrawn`.
    """

    def __init__(self, name: str, source: Any) -> None:
        super().__init__(name, source)
        glyphs = self.face.charToGlyph
        # Glyph 0 is the font's "no glyph" box: Vera maps Ď and a few symbols to it. A
        # soft hyphen (U+00AD) is never the font's to draw: it marks where a word may be
        # cut (with a hyphen then), and prints as nothing (`invisible`).
        self.own = frozenset(chr(code) for code, glyph in glyphs.items() if glyph) - {SOFT_HYPHEN}
        bold, italic = bool(self.face.flags & FF_FORCEBOLD), bool(self.face.flags & FF_ITALIC)
        self.fallbacks = tuple(n for n in fallback_names(bold, italic) if n != name)
        self._chain: tuple[KitFont, ...] | None = None
        self._plans: dict[str, tuple[tuple[tuple[int, str], ...], str]] = {}
        # Widths measured, by text and size: line breaking measures the same words again
        # and again (each trial layout, each pass), half a million times in `build all`.
        self._widths: dict[tuple[str, float], float] = {}
        # Per document, the characters of its first subset (`_first_subset`).
        self._first_subsets: WeakKeyDictionary[Any, _FirstSubset] = WeakKeyDictionary()

    @property
    def primary(self) -> KitFont:
        """The font that draws what it has (`own`): this one (a chain's: its first)."""
        return self

    def chain(self) -> tuple[KitFont, ...]:
        """The primary font and its fallbacks (registered when first needed)."""
        if self._chain is None:
            fonts = [self.primary]
            for name in self.fallbacks:
                ensure_font(name)
                font = pdfmetrics.getFont(name)
                if isinstance(font, KitFont):
                    fonts.append(font)
            self._chain = tuple(fonts)
        return self._chain

    def plan(self, text: str) -> tuple[tuple[tuple[int, str], ...], str]:
        """Text the font's own file does not cover, as drawn: its runs, each with the
        index in `chain()` of the font that draws it, and the characters no font has."""
        made = self._plans.get(text)
        if made is not None:
            return made
        fonts = self.chain()
        shown = (
            text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)
        )
        runs: list[tuple[int, str]] = []
        missing: dict[str, None] = {}
        for ch in shown:
            index = next((i for i, font in enumerate(fonts) if ch in font.own), -1)
            if index < 0:  # white space as a space; anything else as a question mark
                if invisible(ch):
                    continue
                if not ch.isspace():
                    missing.setdefault(ch, None)
                ch = " " if ch.isspace() else "?"
                index = next((i for i, font in enumerate(fonts) if ch in font.own), 0)
            if runs and runs[-1][0] == index:
                runs[-1] = (index, runs[-1][1] + ch)
            else:
                runs.append((index, ch))
        if len(self._plans) >= 4096:
            self._plans.clear()
        made = self._plans[text] = (tuple(runs), "".join(missing))
        return made

    def stringWidth(self, text: Any, size: float, encoding: str = "utf8") -> float:
        if isinstance(text, bytes):
            text = text.decode(encoding or "utf8")
        key = (text, size)
        width = self._widths.get(key)
        if width is not None:
            return width
        if self.own.issuperset(text):
            width = float(TTFont.stringWidth(self.primary, text, size, encoding))
        else:
            fonts = self.chain()
            runs, _ = self.plan(text)
            width = float(sum(TTFont.stringWidth(fonts[i], run, size) for i, run in runs))
        if len(self._widths) >= WIDTHS_KEPT:
            self._widths.clear()
        self._widths[key] = width
        return width

    def splitString(self, text: Any, doc: Any, encoding: str = "utf-8") -> list[tuple[int, bytes]]:
        if isinstance(text, bytes):
            text = text.decode(encoding or "utf-8")
        if self.own.issuperset(text):
            known = self.primary._first_subset(doc)
            if known is not None and known.chars.issuperset(text):
                return [(0, text.translate(known.codes).encode("latin-1"))] if text else []
            return list(TTFont.splitString(self.primary, text, doc, encoding))
        fonts = self.chain()
        runs, missing = self.plan(text)
        if missing:
            note_undrawn(text, missing)
        out: list[tuple[int, bytes]] = []
        for index, run in runs:
            for subset, chunk in TTFont.splitString(fonts[index], run, doc):
                out.append(((index << _SUBSET_BITS) | subset, chunk))
        return out

    def _first_subset(self, doc: Any) -> _FirstSubset | None:
        """The characters this document's first subset of the font holds, for text made
        only of them, whose encoding is one run of their codes: what reportlab's
        `splitString` returns for it, made without its loop over the characters (a card
        sheet encodes thousands of lines, nearly all of characters met before). None
        before the document has used the font."""
        state = self.state.get(doc)
        if state is None:
            return None
        assignments: dict[int, int] = state.assignments
        found = self._first_subsets.get(doc)
        # New characters join the first subset until it is full (256 codes): after that
        # they go to later subsets, and the first one's characters stay as they are.
        if found is None or (len(assignments) != found.count and found.open):
            codes = {code: n for code, n in assignments.items() if n < 256}
            if 32 in codes:  # (reportlab draws a no-break space as a space)
                codes[0xA0] = codes[32]
            found = _FirstSubset(
                len(assignments), frozenset(map(chr, codes)), codes, state.nextCode < 256
            )
            self._first_subsets[doc] = found
        return found

    def getSubsetInternalName(self, subset: int, doc: Any) -> str:
        index = subset >> _SUBSET_BITS
        font = self.primary if index == 0 else self.chain()[index]
        return str(TTFont.getSubsetInternalName(font, subset & ((1 << _SUBSET_BITS) - 1), doc))

    def note_drawn(self, text: str) -> None:
        """Note the characters of text drawn as "?" (for `take_undrawn`): text drawn
        other than through `splitString` (kitgen.render.shaping)."""
        missing = self.missing(text)
        if missing:
            note_undrawn(text, missing)

    def missing(self, text: str) -> str:
        """The distinct characters of text that neither this font nor its fallbacks can
        draw (white space aside), in order of appearance: they print as "?"."""
        if self.own.issuperset(text):
            return ""
        return self.plan(text)[1]


@dataclass(frozen=True)
class _FirstSubset:
    """A document's first subset of a font, as `KitFont._first_subset` keeps it: the
    number of characters the document had given codes when it was read, the characters
    with codes in it and their codes, and whether more may join it."""

    count: int
    chars: frozenset[str]
    codes: dict[int, int]
    open: bool


def invisible(ch: str) -> bool:
    """A character that is drawn as nothing when no font has it: a format character
    (a zero-width joiner, a direction mark) or a variation selector (the emoji one)."""
    code = ord(ch)
    return (
        unicodedata.category(ch) == "Cf" or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF
    )


def shown_text(text: str, limit: int = 40) -> str:
    """Text quoted for a message, cut at `limit` characters."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "\u2026")


def describe_characters(chars: str) -> str:
    """Characters named for a message: each as itself and as its code point
    (`城 (U+57CE)`), a control character by its code point alone."""
    return ", ".join(
        f"U+{ord(ch):04X}" if unicodedata.category(ch)[0] == "C" else f"{ch} (U+{ord(ch):04X})"
        for ch in chars
    )


@cache
def register_fonts() -> None:
    """Register the kit fonts with reportlab (once per process)."""
    folder = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(KitFont(name, os.path.join(folder, filename)))
    pdfmetrics.registerFontFamily(
        REGULAR, normal=REGULAR, bold=BOLD, italic=ITALIC, boldItalic=BOLD_ITALIC
    )


def missing_glyphs(text: str, font: str = REGULAR) -> str:
    """The distinct characters of text that the font cannot draw, even with its
    fallbacks (white space aside), in order of appearance: they print as "?", and
    `kitgen check` warns of them (text-not-drawable). Every font's fallbacks end in
    DejaVu Sans, so text KitSans (REGULAR) can draw, every face of every font can."""
    register_fonts()
    ensure_font(font)  # DejaVu registers on first use
    found = pdfmetrics.getFont(font)
    if isinstance(found, KitFont):
        return found.missing(text)
    have = found.face.charToGlyph  # (not a kitgen font: its own glyphs only)
    return "".join(dict.fromkeys(ch for ch in text if not have.get(ord(ch)) and not ch.isspace()))


def text_width(text: str, font: str, size: float) -> float:
    """The width of text in points."""
    return _unit_width(text, font) * size


@lru_cache(maxsize=65536)
def _unit_width(text: str, font: str) -> float:
    register_fonts()
    ensure_font(font)
    if needs_shaping(text) and shapable(font):  # Arabic, Hebrew ...: as shaped and printed
        return shaped_width(text, font)
    return float(pdfmetrics.stringWidth(text, font, 1.0))


# Designed games' fonts. The built-in games draw with KitSans (Vera, with DejaVu Sans
# for what Vera lacks). A designer's layout picks a family instead: DejaVu (shipped in
# kitgen/fonts/) or the project's own TrueType files, each with the same fallbacks.

FONT_FOLDER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fonts")
MAX_FONT_BYTES = FONT_LIMITS.max_bytes  # the largest CJK fonts are about 20 MiB
FACES = ("regular", "bold", "italic", "bold_italic")


@dataclass(frozen=True)
class Family:
    """A family's four faces, each a font name registered with reportlab."""

    regular: str
    bold: str
    italic: str
    bold_italic: str
    # The faces (of FACES) the project gives no file for: drawn in the regular face,
    # which `kitgen check` says where text asks for one (font-face-missing).
    lacking: frozenset[str] = frozenset()
    # A fallback chain's families, in order (`chain_family`); () for one family.
    members: tuple[Family, ...] = ()

    @property
    def chain(self) -> tuple[Family, ...]:
        """The families that draw text in this one, in order: its members, or itself."""
        return self.members or (self,)

    def face(self, bold: bool, italic: bool) -> str:
        """The registered font name of one face: text marked bold and/or italic."""
        if bold and italic:
            return self.bold_italic
        if bold:
            return self.bold
        return self.italic if italic else self.regular


# The built-in families: registered font name and file in kitgen/fonts/, per face.
_BUILTIN: dict[str, dict[str, str]] = {
    "sans": {
        "regular": "DejaVuSans",
        "bold": "DejaVuSans-Bold",
        "italic": "DejaVuSans-Oblique",
        "bold_italic": "DejaVuSans-BoldOblique",
    },
    "serif": {
        "regular": "DejaVuSerif",
        "bold": "DejaVuSerif-Bold",
        "italic": "DejaVuSerif-Italic",
        "bold_italic": "DejaVuSerif-BoldItalic",
    },
}
BUILTIN_FAMILIES = tuple(_BUILTIN)


@cache
def builtin_family(name: str) -> Family:
    """A family shipped with kitgen ("sans" or "serif": DejaVu). Each face is registered
    with reportlab when it is first measured or drawn (`ensure_font`): reading a face's
    file takes time, and most cards use two faces of one family."""
    faces = _BUILTIN.get(name)
    if faces is None:
        known = ", ".join(BUILTIN_FAMILIES)
        raise ValueError(f"no built-in font family {name!r}; kitgen has {known}")
    ensure_font(faces["regular"])
    return Family(faces["regular"], faces["bold"], faces["italic"], faces["bold_italic"])


@cache
def ensure_font(font: str) -> None:
    """Register a built-in face (DejaVu) with reportlab if it is one and is not yet;
    any other font is registered already, or never (KitSans, a project's fonts)."""
    if font in _BUILTIN_FONTS:  # the file is named after the font
        pdfmetrics.registerFont(KitFont(font, os.path.join(FONT_FOLDER, f"{font}.ttf")))


_BUILTIN_FONTS = {font: family for family, faces in _BUILTIN.items() for font in faces.values()}


def face_key(bold: bool, italic: bool) -> str:
    """The name of a face (one of FACES) by weight and slant."""
    return FACES[int(bold) + 2 * int(italic)]


class _FaceView:
    """A chain's view of its first font's face: the same metrics, under the chain's own
    name (reportlab registers a font by its face's name, and would take the first font
    for the chain)."""

    def __init__(self, face: Any, name: str) -> None:
        self._face = face
        self.name = name.encode("ascii")

    def __getattr__(self, key: str) -> Any:
        return getattr(self._face, key)


class ChainFont(KitFont):
    """A fallback chain (`font: [house, symbols, sans]`): text in its first font, each
    character that font has no glyph for in the next font of the chain that has one,
    then in the first font's DejaVu Sans fallbacks (`fallback_names`). It embeds
    nothing of its own: every run is drawn, measured and embedded as its member font's
    (the same subsets as text set in that font alone)."""

    def __init__(self, name: str, members: tuple[str, ...]) -> None:  # (no TTFont's file)
        fonts: list[KitFont] = []
        for member in members:
            ensure_font(member)
            font = pdfmetrics.getFont(member)
            assert isinstance(font, KitFont), member
            fonts.append(font)
        first = fonts[0]
        self.fontName = name
        self.face = _FaceView(first.face, name)
        self.encoding = first.encoding
        self.state = first.state  # (never used: every subset is a member's)
        self._asciiReadable = first._asciiReadable
        # (reportlab 4.4 and later ask a font whether it shapes; 4.1 to 4.3 have no such
        # attribute, and kitgen shapes itself: kitgen.render.shaping)
        self.shapable = getattr(first, "shapable", False)
        self._first = first
        self.own = first.own
        self.fallbacks = tuple(
            n for n in dict.fromkeys((*members[1:], *first.fallbacks)) if n != members[0]
        )
        self._chain = None
        self._plans = {}
        self._widths = {}

    @property
    def primary(self) -> KitFont:
        return self._first


def chain_font(members: tuple[str, ...]) -> str:
    """The registered name of the fallback chain of these registered fonts, in order
    (the font itself for one): registered once, named after its members."""
    members = tuple(dict.fromkeys(members))
    if len(members) == 1:
        return members[0]
    name = "Chain-" + hashlib.sha256("\0".join(members).encode("utf-8")).hexdigest()[:16]
    if name not in _CHAINS:
        pdfmetrics.registerFont(ChainFont(name, members))
        _CHAINS.add(name)
    return name


_CHAINS: set[str] = set()


def chain_family(families: tuple[Family, ...]) -> Family:
    """The family of a fallback chain of families: each face the chain of the families'
    faces of that weight and slant. Its lacking faces are its first family's (the one
    that sets the text)."""
    if len(families) == 1:
        return families[0]
    regular, bold, italic, bold_italic = (
        chain_font(tuple(getattr(family, face) for family in families)) for face in FACES
    )
    return Family(regular, bold, italic, bold_italic, families[0].lacking, families)


KITSANS = Family(REGULAR, BOLD, ITALIC, BOLD_ITALIC)
"""The type of everything kitgen prints in its own words and of rules booklets: Vera,
with DejaVu Sans for what Vera lacks (`register_fonts` registers it)."""


def booklet_family(own: tuple[Family, ...] = ()) -> Family:
    """The type of a game's rules booklets: KitSans, and for each character neither Vera
    nor DejaVu Sans has (Chinese, Japanese, Korean, ...), the first of the game's own
    font families (`own`, in order) that has it, in the face of the same weight and
    slant. Without families of its own, KitSans itself: the booklet prints as it
    always has, and text either font draws prints the same with them."""
    register_fonts()
    if not own:
        return KITSANS
    faces = []
    for face in FACES:
        bold, italic = face in ("bold", "bold_italic"), face in ("italic", "bold_italic")
        first = KITSANS.face(bold, italic)
        theirs = tuple(member.face(bold, italic) for family in own for member in family.chain)
        faces.append(chain_font((first, *fallback_names(bold, italic), *theirs)))
    regular, bold_face, italic_face, bold_italic = faces
    # (a paragraph's <b> and <i> find the chain's bold and italic faces by its family)
    pdfmetrics.registerFontFamily(
        regular, normal=regular, bold=bold_face, italic=italic_face, boldItalic=bold_italic
    )
    return Family(regular, bold_face, italic_face, bold_italic, members=(KITSANS, *own))


def has_glyph(font: str, ch: str) -> bool:
    """Whether a registered kitgen font's own file draws a character (not a fallback)."""
    found = pdfmetrics.getFont(font)
    return isinstance(found, KitFont) and ch in found.own


@dataclass(frozen=True)
class FontProblem:
    """Why a project's font file cannot be used: the face, the file and one line that
    says what is wrong with it."""

    face: str
    path: str
    message: str

    def __str__(self) -> str:
        return self.message


# A project's font files registered in this process: their content's digest to the
# registered name. Reportlab's registry is global, so the name comes from the bytes:
# two projects' "Title.ttf" never clash, and the same file always gets the same name
# (the PDF names its fonts, so the name is part of deterministic output).
_PROJECT_FONTS: dict[str, str] = {}


def project_family(
    paths: Mapping[str, str | os.PathLike[str] | FontSource | None],
) -> tuple[Family | None, list[FontProblem]]:
    """Register a project's own font family. `paths` maps "regular" (required) and
    optionally "bold", "italic", "bold_italic" to font files (TrueType .ttf, OpenType
    .otf with TrueType or PostScript outlines), or to a FontSource (a collection's
    font, .ttc). A face whose file is missing or unusable is a problem and falls back
    to the regular face; without a usable regular face there is no family."""
    unknown = sorted(set(paths) - set(FACES))
    if unknown:
        raise ValueError(f"unknown font faces {unknown}; the faces are {', '.join(FACES)}")
    names: dict[str, str] = {}
    problems: list[FontProblem] = []
    for face in FACES:
        path = paths.get(face)
        if path is None:
            continue
        source = path if isinstance(path, FontSource) else FontSource(os.fspath(path))
        got = _register_project_font(face, source.path, source.choice)
        if isinstance(got, FontProblem):
            problems.append(got)
        else:
            names[face] = got
    if "regular" not in names:
        if paths.get("regular") is None:
            problems.insert(0, FontProblem("regular", "", "the font family names no regular face"))
        return None, problems
    regular = names["regular"]
    family = Family(
        regular=regular,
        bold=names.get("bold", regular),
        italic=names.get("italic", regular),
        bold_italic=names.get("bold_italic", regular),
        lacking=frozenset(face for face in FACES if face not in names),
    )
    return family, problems


def project_families(
    fonts: tuple[Mapping[str, str | os.PathLike[str] | FontSource | None], ...],
) -> tuple[Family, ...]:
    """The families of a project's fonts (each as `project_family` takes it), in order,
    leaving out those with no usable regular face (`kitgen check` says why)."""
    found = (project_family(paths)[0] for paths in fonts)
    return tuple(family for family in found if family is not None)


def _register_project_font(face: str, path: str, choice: Choice = None) -> str | FontProblem:
    """The registered name of one font file (its font `choice` of a collection), or why
    it cannot be used."""
    data = _read_font(face, path)
    if isinstance(data, FontProblem):
        return data
    digest = hashlib.sha256(data).hexdigest()
    key = digest if choice is None else f"{digest}:{choice!r}"
    if key in _PROJECT_FONTS:
        return _PROJECT_FONTS[key]
    # Checked before reportlab, which trusts every count in the file; a collection's
    # font taken out of it, a CFF font's outlines made TrueType ones (fontfile).
    usable, wrong = usable_font(data, choice=choice)
    if usable is None:
        return FontProblem(face, path, f"the {face} font {path!r} {wrong}")
    if choice is not None:  # (a file that is one font keeps the name it always had)
        digest = hashlib.sha256(key.encode("utf-8")).hexdigest()
    name = f"Project-{digest[:16]}"
    try:
        font = KitFont(name, io.BytesIO(usable))
    except Exception as err:  # reportlab's parser raises many kinds of error on broken fonts
        reason = (str(err).splitlines() or [type(err).__name__])[0]
        return FontProblem(face, path, f"the {face} font {path!r} cannot be used: {reason}")
    # The PDF names the font by its PostScript name, and reportlab keeps one font per
    # such name: a second file of that name (another version or subset of the font, the
    # file a designer saved again while `kitgen watch` runs, a copy of DejaVu) would print
    # the first file's glyphs, or clash with it in one PDF. Each file's name is its own:
    # its PostScript name and its content's digest (`NotoSansCJKjp-Regular-1a2b3c4d`).
    own = bytes(font.face.name).decode("ascii", "replace")[:MAX_FACE_NAME]
    font.face = _FaceView(font.face, f"{own}-{digest[:8]}")
    pdfmetrics.registerFont(font)
    _PROJECT_FONTS[key] = name
    return name


MAX_FACE_NAME = 54  # characters of a font's PostScript name kept (63 at most, with 9 more)


def _read_font(face: str, path: str) -> bytes | FontProblem:
    """A font file's bytes, within MAX_FONT_BYTES."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FONT_BYTES + 1)
    except FileNotFoundError:
        return FontProblem(face, path, f"the {face} font {path!r} does not exist")
    except IsADirectoryError:
        return FontProblem(face, path, f"the {face} font {path!r} is a folder, not a font")
    except (OSError, ValueError) as err:  # ValueError: a NUL character in the path
        reason = getattr(err, "strerror", None) or err
        return FontProblem(face, path, f"the {face} font {path!r} cannot be read: {reason}")
    if len(data) > MAX_FONT_BYTES:
        return FontProblem(
            face, path, f"the {face} font {path!r} is larger than {MAX_FONT_BYTES // 2**20} MiB"
        )
    return data
