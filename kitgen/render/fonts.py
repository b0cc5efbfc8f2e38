"""Embedded fonts: reportlab's bundled Bitstream Vera, registered once; for designed
games, DejaVu (shipped in kitgen/fonts/) and a project's own TrueType files.

The 14 standard PDF fonts are never used: they are not embedded, and print
shops reject files that rely on them. Vera covers Latin-1 and common
punctuation; text with other characters is reported, never silently dropped.
DejaVu adds Latin Extended (Polish, Czech, ...), Greek and Cyrillic.
"""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from kitgen.layout.limits import FONT_LIMITS
from kitgen.load.fontfile import font_problem

REGULAR = "KitSans"
BOLD = "KitSans-Bold"
ITALIC = "KitSans-Italic"
BOLD_ITALIC = "KitSans-BoldItalic"
_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf", ITALIC: "VeraIt.ttf", BOLD_ITALIC: "VeraBI.ttf"}


@cache
def register_fonts() -> None:
    """Register the kit fonts with reportlab (once per process)."""
    folder = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, os.path.join(folder, filename)))
    pdfmetrics.registerFontFamily(
        REGULAR, normal=REGULAR, bold=BOLD, italic=ITALIC, boldItalic=BOLD_ITALIC
    )


@cache
def _charmap(font: str) -> frozenset[int]:
    register_fonts()
    ensure_font(font)  # DejaVu registers on first use
    face = pdfmetrics.getFont(font).face
    return frozenset(face.charToGlyph)


def missing_glyphs(text: str, font: str = REGULAR) -> str:
    """The distinct characters of text that the font cannot draw, in order of appearance."""
    have = _charmap(font)
    out: dict[str, None] = {}
    for ch in text:
        if ord(ch) not in have and not ch.isspace():
            out.setdefault(ch, None)
    return "".join(out)


def text_width(text: str, font: str, size: float) -> float:
    """The width of text in points."""
    return _unit_width(text, font) * size


@lru_cache(maxsize=65536)
def _unit_width(text: str, font: str) -> float:
    register_fonts()
    ensure_font(font)
    return float(pdfmetrics.stringWidth(text, font, 1.0))


# Designed games' fonts. KitSans above is untouched: the built-in games keep drawing
# with Vera, byte for byte. A designer's layout picks a family instead: DejaVu (shipped
# in kitgen/fonts/, it covers Polish, Greek and Cyrillic, which Vera does not) or the
# project's own TrueType files.

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
    return Family(**faces)


@cache
def ensure_font(font: str) -> None:
    """Register a built-in face (DejaVu) with reportlab if it is one and is not yet;
    any other font is registered already, or never (KitSans, a project's fonts)."""
    if font in _BUILTIN_FONTS:  # the file is named after the font
        pdfmetrics.registerFont(TTFont(font, os.path.join(FONT_FOLDER, f"{font}.ttf")))


_BUILTIN_FONTS = {font: family for family, faces in _BUILTIN.items() for font in faces.values()}


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
    paths: Mapping[str, str | os.PathLike[str] | None],
) -> tuple[Family | None, list[FontProblem]]:
    """Register a project's own TrueType family. `paths` maps "regular" (required) and
    optionally "bold", "italic", "bold_italic" to font files (.ttf, or .otf with
    TrueType outlines). A face whose file is missing or unusable is a problem and falls
    back to the regular face; without a usable regular face there is no family."""
    unknown = sorted(set(paths) - set(FACES))
    if unknown:
        raise ValueError(f"unknown font faces {unknown}; the faces are {', '.join(FACES)}")
    names: dict[str, str] = {}
    problems: list[FontProblem] = []
    for face in FACES:
        path = paths.get(face)
        if path is None:
            continue
        got = _register_project_font(face, os.fspath(path))
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
    )
    return family, problems


def _register_project_font(face: str, path: str) -> str | FontProblem:
    """The registered name of one font file, or why it cannot be used."""
    data = _read_font(face, path)
    if isinstance(data, FontProblem):
        return data
    digest = hashlib.sha256(data).hexdigest()
    if digest in _PROJECT_FONTS:
        return _PROJECT_FONTS[digest]
    wrong = font_problem(data)  # before reportlab, which trusts every count in the file
    if wrong is not None:
        return FontProblem(face, path, f"the {face} font {path!r} {wrong}")
    name = f"Project-{digest[:16]}"
    try:
        font = TTFont(name, io.BytesIO(data))
    except Exception as err:  # reportlab's parser raises many kinds of error on broken fonts
        reason = (str(err).splitlines() or [type(err).__name__])[0]
        return FontProblem(face, path, f"the {face} font {path!r} cannot be used: {reason}")
    pdfmetrics.registerFont(font)
    _PROJECT_FONTS[digest] = name
    return name


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
