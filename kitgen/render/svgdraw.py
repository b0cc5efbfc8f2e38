"""SVG to a reportlab Drawing through svglib, from the SVG's own bytes and nothing else.

svglib, left to itself, reaches outside the file it draws: `<text font-family="X">`
makes it open `X.ttf` relative to the working folder (and embed whatever font it
finds there) and then run `fc-match` once per family named; `<image href="data:...">`
makes svglib 1.5 write each embedded image to a temporary file it never deletes; an
`<image>` naming a path would be read from disk; and what it cannot draw it logs,
which Python prints raw on stderr. Here kitgen does each of those itself:

- Text: every family maps to DejaVu Sans or DejaVu Serif (kitgen/fonts/), in the
  bold and italic the SVG asks for. No font file is looked for and no program runs,
  whatever the family names are (`_family_kind`).
- Images: an `<image>` draws an embedded PNG or JPEG (a `data:` URI), taken out of
  the tree before svglib reads it (a `<use>` copy of it is then cheap) and decoded
  once, with kitgen's own limits, by the `embed` function the caller gives; an
  `<image>` or `<use>` naming anything outside the file is never opened
  (kitgen.load.svg refuses such files before they get here; this is the second
  guard). The images are drawn by `draw`, a reportlab renderer that draws nothing
  else as an image.
- svglib's log is kept from stderr: while kitgen converts, its records are counted
  and the first is kept as a note for the caller (a warning at the SVG file).
- The drawing is drawn once, to nowhere, when it is made: what reportlab cannot
  draw (an infinite width) is a problem when the SVG is read, not a failed build.

Works with every svglib from 1.5.1: the renderer, attribute and shape converters
are svglib's own, with these methods overridden.
"""

from __future__ import annotations

import base64
import binascii
import io
import itertools
import logging
import math
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from reportlab.graphics.renderbase import renderScaledDrawing
from reportlab.graphics.renderPDF import _PDFRenderer
from reportlab.graphics.shapes import Drawing, Group, Image
from reportlab.pdfgen.canvas import Canvas
from svglib.fonts import FontMap
from svglib.svglib import (
    Svg2RlgAttributeConverter,
    Svg2RlgShapeConverter,
    SvgRenderer,
    load_svg_file,
)

from kitgen.load.images import ImageProblem
from kitgen.render.fonts import builtin_family, ensure_font
from kitgen.terminal import shown


def _unpatch_reportlab() -> None:
    """svglib before 2.0 replaces reportlab's `Canvas.drawPath` for the whole process
    when it is imported: every path drawn after, anywhere, without a fill rule of its
    own is filled by the nonzero rule instead of the canvas's even-odd. A kit's bytes
    then depended on whether a designed game's SVG had been drawn before it in the same
    run (`kitgen build all` on the floors' svglib 1.5.1: Scratch's card backs `f`, not
    `f*`). reportlab's own SVG drawing (renderPDF) passes each path's rule, so the
    original is put back."""
    patched = Canvas.drawPath
    if patched.__qualname__.endswith("patchedDrawPath") and patched.__closure__:
        for cell in patched.__closure__:
            original = cell.cell_contents
            if callable(original) and getattr(original, "__qualname__", "") == "Canvas.drawPath":
                Canvas.drawPath = original
                return


_unpatch_reportlab()

Embed = Callable[[bytes, int], Any]  # (image bytes, line) -> a picture or ImageProblem
Paint = Callable[[Canvas, Any], None]  # draws a picture `embed` made in the unit square

MAX_USES = 10_000  # <use> copies drawn in one SVG: svglib 1.5 copies without end
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_DATA_IMAGE = re.compile(r"data:image/(png|jpe?g);base64,", re.IGNORECASE)
_NOTE_CHARS = 160  # a note quotes this much of what svglib said
_LOG = logging.getLogger("svglib")

# Families printed in DejaVu Serif; every other family prints in DejaVu Sans. Names are
# compared case-folded with their spaces collapsed. A family not known here is passed
# over for the next in the list, as a browser passes over a font it does not have.
_SERIF = frozenset(
    (
        "serif", "ui-serif", "times", "times-roman", "times roman", "times new roman",
        "tinos", "georgia", "garamond", "eb garamond", "palatino", "palatino linotype",
        "book antiqua", "cambria", "constantia", "baskerville", "libre baskerville",
        "bodoni", "didot", "caslon", "charter", "bitstream charter", "century schoolbook",
        "new century schoolbook", "minion pro", "lora", "merriweather", "playfair display",
        "crimson text",
    )
)  # fmt: skip
_SANS = frozenset(
    (
        "sans-serif", "ui-sans-serif", "system-ui", "-apple-system", "helvetica",
        "helvetica neue", "arial", "arimo", "verdana", "tahoma", "trebuchet ms", "calibri",
        "candara", "segoe ui", "roboto", "open sans", "lato", "montserrat", "ubuntu",
        "cantarell", "inter", "monospace", "ui-monospace", "courier", "courier new",
        "consolas", "menlo", "monaco", "cursive", "fantasy", "math", "emoji", "fangsong",
    )
)  # fmt: skip


def _family_kind(families: str) -> Literal["sans", "serif"]:
    """Which of kitgen's families prints a `font-family` list: the first family in it
    kitgen knows decides (a known serif face or `serif`: serif; a known sans, mono or
    other face, or any other generic family: sans); a name with "Serif" in it and not
    "Sans" is a serif, one with "Sans" or "Mono" a sans. None known: sans. Only the
    first MAX_FAMILIES names are read, and names up to MAX_FAMILY_CHARS long: the work
    is bounded whatever the list holds."""
    if len(families) <= 4096:
        return _short_kind(families)
    if _last_long and _last_long[0][0] == families:  # (every <text> inherits one list)
        return _last_long[0][1]
    kind = _kind(families)
    _last_long[:] = [(families, kind)]
    return kind


MAX_FAMILIES = 64
MAX_FAMILY_CHARS = 200
_last_long: list[tuple[str, Literal["sans", "serif"]]] = []  # one long list, remembered


@lru_cache(maxsize=1024)
def _short_kind(families: str) -> Literal["sans", "serif"]:
    return _kind(families)


def _kind(families: str) -> Literal["sans", "serif"]:
    for name in itertools.islice(_family_names(families), MAX_FAMILIES):
        if name in _SERIF:
            return "serif"
        if name in _SANS or "sans" in name or "mono" in name:
            return "sans"
        if "serif" in name:
            return "serif"
    return "sans"


def _family_names(families: str) -> Iterator[str]:
    """The names in a CSS font-family list, case-folded, quotes and extra spaces gone
    ("" for a name over MAX_FAMILY_CHARS). Commas inside quotes belong to the name; an
    unclosed quote runs to the end."""
    at, end = 0, len(families)
    while at < end and families[at] in " \t\r\n\f":
        at += 1
    while at < end:
        quote = families[at] if families[at] in "\"'" else ""
        if quote:
            start = at + 1
            stop = families.find(quote, start)
            stop = end if stop < 0 else stop
            comma = families.find(",", stop)
        else:
            start = at
            comma = families.find(",", at)
            stop = end if comma < 0 else comma
        if stop - start <= MAX_FAMILY_CHARS:
            yield " ".join(families[start:stop].split()).casefold()
        else:
            yield ""
        if comma < 0:
            return
        at = comma + 1
        while at < end and families[at] in " \t\r\n\f":
            at += 1


def _bold(weight: object) -> bool:
    """font-weight: bold, bolder, or 600 and more."""
    text = str(weight or "").strip().casefold()
    if text in ("bold", "bolder"):
        return True
    try:
        return float(text) >= 600
    except ValueError:
        return False


def _italic(style: object) -> bool:
    """font-style: italic or oblique (with or without an angle)."""
    return str(style or "").strip().casefold().startswith(("italic", "oblique"))


def kit_font(families: str, weight: object = "normal", style: object = "normal") -> str:
    """The registered name of the DejaVu face that prints text in these families,
    weight and style (registered here if it was not)."""
    face = builtin_family(_family_kind(families or "")).face(_bold(weight), _italic(style))
    ensure_font(face)
    return face


class _Fonts(FontMap):
    """svglib's font map with every lookup answered from kitgen's fonts: it opens no
    font file and runs no program (a second guard: _Attributes never asks it)."""

    def find_font(
        self, font_name: str, weight: str = "normal", style: str = "normal"
    ) -> tuple[str, bool]:
        return kit_font(str(font_name), weight, style), True

    def use_fontconfig(
        self, font_name: str, weight: str = "normal", style: str = "normal"
    ) -> tuple[str | None, bool]:
        return None, False

    def register_font(
        self,
        font_family: str,
        font_path: str | None = None,
        weight: str = "normal",
        style: str = "normal",
        rlgFontName: str | None = None,
    ) -> tuple[str | None, bool]:
        if font_path is not None:  # a file: never read
            return None, False
        return super().register_font(font_family, None, weight, style, rlgFontName)


_FONTS = _Fonts()


class _Attributes(Svg2RlgAttributeConverter):
    """svglib's attribute converter, with font families read by kitgen."""

    def convertFontFamily(
        self, fontAttr: str | None, weightAttr: str = "normal", styleAttr: str = "normal"
    ) -> str:
        return kit_font(str(fontAttr or ""), weightAttr, styleAttr)


@dataclass(frozen=True, eq=False)
class Embedded:
    """An embedded image as the drawing holds it: the picture `embed` made of it and
    the box to clip it to (preserveAspectRatio's `slice`), in the image's coordinates."""

    picture: Any
    clip: tuple[float, float, float, float] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Embedded:
        return self  # (never changed: a tinted copy of a drawing shares it)


class _Shapes(Svg2RlgShapeConverter):
    """svglib's shape converter, with `<image>` drawn by kitgen."""

    def convertImage(self, node: Any) -> Any:
        target = getattr(node, "_resolved_target", None)
        if not isinstance(target, Embedded):
            return None  # (an <image> pointing at an element is drawn by svglib)
        iw, ih = float(target.picture.width_px), float(target.picture.height_px)
        x, y, w, h = self.convert_length_attrs(node, "x", "y", "width", "height")
        given_w = node.getAttribute("width").strip() not in ("", "auto")
        given_h = node.getAttribute("height").strip() not in ("", "auto")
        if not given_w and not given_h:
            w, h = iw, ih
        elif not given_w:
            w = h * iw / ih
        elif not given_h:
            h = w * ih / iw
        if not (w > 0 and h > 0):
            return None  # a width or height of 0 draws nothing (SVG 1.1, 7.8)
        dx, dy, dw, dh, clip = _aspect(node.getAttribute("preserveAspectRatio"), x, y, w, h, iw, ih)
        # svglib draws in a y-down space; the group turns its box upright about itself.
        mirror = 2 * y + h
        image = Image(dx, mirror - dy - dh, dw, dh, Embedded(target.picture, clip))
        group = Group(image)
        group.transform = (1, 0, 0, -1, 0, mirror)
        return group


def _aspect(
    given: str, x: float, y: float, w: float, h: float, iw: float, ih: float
) -> tuple[float, float, float, float, tuple[float, float, float, float] | None]:
    """Where an image of iw x ih goes in the box (x, y, w, h) by preserveAspectRatio
    (default `xMidYMid meet`): its box, and the clip (`slice` only)."""
    words = given.split()
    if words[:1] == ["defer"]:
        words = words[1:]
    align = words[0] if words else "xMidYMid"
    if align == "none":
        return x, y, w, h, None
    places = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}
    found = re.fullmatch(r"x(Min|Mid|Max)Y(Min|Mid|Max)", align)
    ax, ay = (places[found.group(1)], places[found.group(2)]) if found else (0.5, 0.5)
    cover = len(words) > 1 and words[1] == "slice"
    scale = (max if cover else min)(w / iw, h / ih)
    dw, dh = iw * scale, ih * scale
    box = (x + (w - dw) * ax, y + (h - dh) * ay, dw, dh)
    return (*box, (x, y, w, h) if cover and (dw > w or dh > h) else None)


class _Renderer(SvgRenderer):
    """svglib's renderer reading nothing but the SVG: embedded images through `embed`,
    references inside the file, fonts from kitgen; what goes wrong, noted."""

    def __init__(self, embed: Embed, notes: _Notes, images: list[tuple[str, int]]) -> None:
        super().__init__(io.BytesIO(), font_map=_FONTS)  # (no path: no folder to read)
        assert isinstance(self.attrConverter, Svg2RlgAttributeConverter)
        assert isinstance(self.shape_converter, Svg2RlgShapeConverter)
        self.attrConverter.__class__ = _Attributes
        self.shape_converter.__class__ = _Shapes
        self._embed = embed
        self._notes = notes
        self._images = images  # (base64 text, line) of each embedded image
        self._decoded: dict[int, Embedded] = {}
        self._uses = 0

    def renderNode(self, node: Any, parent: Any = None) -> Any:
        before = self._notes.line
        self._notes.line = _line(node) or before
        try:
            return super().renderNode(node, parent)
        finally:
            self._notes.line = before

    def renderUse(self, node: Any, group: Any = None, clipping: Any = None) -> Any:
        self._uses += 1
        if self._uses > MAX_USES:
            if self._uses == MAX_USES + 1:
                self._notes.add(
                    f"more than {MAX_USES:,} <use> copies; the rest are left out", _line(node)
                )
            return group if group is not None else Group()
        return super().renderUse(node, group, clipping)

    def xlink_href_target(self, node: Any, group: Any = None) -> Any:
        href = node.attrib.get(_XLINK_HREF) or node.attrib.get("href") or ""
        target = href.strip()
        if target.startswith("#"):
            return super().xlink_href_target(node, group)  # an element of this file
        taken = _TAKEN.fullmatch(target)
        if taken is None or _tag(node) != "image":
            if target:
                what = "an embedded image" if taken else "another file"
                self._notes.add(f"<{_tag(node)}> cannot draw {what}; it is left out", _line(node))
            return None
        index = int(taken.group(1))
        found = self._decoded.get(index)
        if found is None:
            found = self._decoded[index] = self._decode(*self._images[index])
        return found

    def _decode(self, text: str, line: int) -> Embedded:
        try:
            data = base64.b64decode("".join(text.split()), validate=True)
        except (binascii.Error, ValueError):
            raise _Failed(ImageProblem("image-unreadable", "is not valid base64"), line) from None
        picture = self._embed(data, line)
        if isinstance(picture, ImageProblem):
            raise _Failed(picture, line)
        return Embedded(picture)


# What an embedded image's href becomes before svglib reads the SVG (`_take_images`).
_TAKEN = re.compile(r"kitgen-embedded-image:([0-9]+)")


def _take_images(root: Any) -> list[tuple[str, int]]:
    """Every embedded PNG or JPEG's base64 text and line, taken out of the tree: its
    href becomes `kitgen-embedded-image:N` (one N for one text). svglib copies an
    element for every <use> of it; a copy of a short href costs nothing."""
    found: dict[str, int] = {}
    images: list[tuple[str, int]] = []
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue  # (a processing instruction)
        for key in (_XLINK_HREF, "href"):
            value = element.get(key)
            embedded = _DATA_IMAGE.match(value.strip()) if value else None
            if value is None or embedded is None:
                continue
            text = value.strip()[embedded.end() :]
            index = found.get(text)
            if index is None:
                index = found[text] = len(images)
                images.append((text, _line(element)))
            element.set(key, f"kitgen-embedded-image:{index}")
    return images


class _Failed(Exception):
    """An embedded image kitgen cannot draw: the SVG cannot be drawn."""

    def __init__(self, problem: ImageProblem, line: int) -> None:
        super().__init__(problem.message)
        self.problem = problem
        self.line = line


def _tag(node: Any) -> str:
    element = getattr(node, "etree_element", node)
    return str(getattr(element, "tag", "")).rpartition("}")[2]


def _line(node: Any) -> int:
    element = getattr(node, "etree_element", node)
    line = getattr(element, "sourceline", None)
    return line if isinstance(line, int) else 0


class _Notes(logging.Handler):
    """What svglib (or the renderer) could not draw: how many things, and the first."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.line = 0  # the line of the element being drawn
        self.count = 0
        self.first: tuple[int, str] | None = None

    def add(self, message: str, line: int = 0) -> None:
        self.count += 1
        if self.first is None:
            self.first = (line or self.line, message)

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        if self.first is None:
            self.first = (self.line, _said(record))

    def note(self) -> tuple[int, str] | None:
        """(line, message): what the first problem is, and how many more there are."""
        if self.first is None:
            return None
        line, message = self.first
        more = self.count - 1
        return line, message + (f" (and {more:,} more)" if more else "")


def _said(record: logging.LogRecord) -> str:
    """What svglib logged, in kitgen's words where it is a common case, else its own
    (cut short, control characters escaped)."""
    try:
        said = str(record.msg) % record.args if record.args else str(record.msg)
    except (TypeError, ValueError):
        said = str(record.msg)
    args = record.args if isinstance(record.args, tuple) else ()
    quoted = _cut(str(args[0])) if args else ""
    if said.startswith("Can't handle color") and args:
        return f"the colour {quoted!r} cannot be read; that paint is left out"
    if said.startswith("Unable to parse transform expression") and args:
        return f"the transform {quoted!r} cannot be read; it is ignored"
    if said.startswith("Unable to find a clipping path") and args:
        return f"no clipPath has the id {quoted!r}; the clip is left out"
    return f"the SVG reader (svglib) says: {shown(_cut(said))}"


def _cut(text: str) -> str:
    return text if len(text) <= _NOTE_CHARS else text[: _NOTE_CHARS - 3] + "..."


@contextmanager
def _listening(notes: _Notes) -> Iterator[None]:
    """svglib's log goes to `notes` alone while the SVG is converted: none of it to
    stderr (Python prints a warning no handler takes there, as it is)."""
    propagate, level = _LOG.propagate, _LOG.level
    _LOG.addHandler(notes)
    _LOG.propagate = False
    _LOG.setLevel(logging.WARNING)
    try:
        yield
    finally:
        _LOG.removeHandler(notes)
        _LOG.propagate = propagate
        _LOG.setLevel(level)


@dataclass(frozen=True)
class Converted:
    """An SVG as a Drawing, and the first thing it holds that is not drawn as written
    ((line, message): kitgen warns of it), if any."""

    drawing: Drawing
    note: tuple[int, str] | None


def convert(data: bytes, name: str, embed: Embed) -> Converted | ImageProblem:
    """The SVG's bytes (checked by kitgen.load.svg) as a reportlab Drawing, or why not.
    `embed(image_bytes, line)` turns an embedded PNG or JPEG into the picture `draw`'s
    `paint` draws, or says why it cannot (the SVG then cannot be drawn)."""
    notes = _Notes()
    try:
        with _listening(notes):
            root = load_svg_file(io.BytesIO(data))
            if root is None:
                return ImageProblem("image-unreadable", f"{name!r} is an SVG svglib cannot read")
            images = _take_images(root)
            drawing = _Renderer(embed, notes, images).render(root)
    except _Failed as failed:
        return ImageProblem(
            failed.problem.code,
            f"{name!r} (line {failed.line}): an image embedded in the SVG {failed.problem.message}",
        )
    except Exception as err:  # svglib raises many kinds of error on odd SVG
        reason = (str(err).splitlines() or [type(err).__name__])[0]
        return ImageProblem("image-unreadable", f"{name!r} cannot be drawn: {shown(_cut(reason))}")
    not_finite = ImageProblem(
        "image-unreadable",
        f"{name!r} cannot be drawn: it holds a length, size or transform that is "
        "infinite or not a number",
    )
    # (reportlab's own Python refuses to write such a number, its C accelerator writes
    # `inf` into the page: so kitgen looks for one itself, width="inf", scale(1e999).)
    if not _all_finite(drawing):
        return not_finite
    try:  # drawn once here, so that what cannot be drawn is found by `kitgen check`
        _PDF(lambda _c, _picture: None).draw(renderScaledDrawing(drawing), Canvas(io.BytesIO()))
    except (OverflowError, ValueError):  # a size that grows infinite as it is drawn
        return not_finite
    except Exception as err:  # reportlab, on what svglib made of an odd SVG
        reason = (str(err).splitlines() or [type(err).__name__])[0]
        return ImageProblem("image-unreadable", f"{name!r} cannot be drawn: {shown(_cut(reason))}")
    return Converted(drawing, notes.note())


def _all_finite(root: Any) -> bool:
    """Whether every number of every shape in a Drawing (sizes, places, points,
    transforms, stroke widths) is finite."""
    seen: set[int] = set()
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, bool) or node is None or isinstance(node, str | bytes):
            continue
        if isinstance(node, float):
            if not math.isfinite(node):
                return False
            continue
        if isinstance(node, int):
            continue
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, list | tuple):
            stack.extend(node)
        elif isinstance(node, dict):
            stack.extend(node.values())
        elif hasattr(node, "__dict__") and not isinstance(node, Embedded | type):
            stack.extend(vars(node).values())
    return True


class _PDF(_PDFRenderer):  # type: ignore[misc]
    """reportlab's PDF renderer, drawing kitgen's embedded images and no other: an
    image shape never names a file it would open."""

    def __init__(self, paint: Paint) -> None:
        super().__init__()
        self._paint = paint

    def drawImage(self, image: Any) -> None:
        found = image.path
        if not isinstance(found, Embedded):
            return
        c = self._canvas
        c.saveState()
        if found.clip is not None:
            path = c.beginPath()
            path.rect(*found.clip)
            c.clipPath(path, stroke=0, fill=0)
        c.translate(image.x, image.y)
        c.scale(image.width, image.height)
        self._paint(c, found.picture)
        c.restoreState()


def draw(drawing: Drawing, c: Canvas, paint: Paint) -> None:
    """Draw a converted SVG on the canvas at (0, 0), as `renderPDF.draw` does, with its
    embedded images drawn by `paint` (in the unit square the canvas is scaled to)."""
    _PDF(paint).draw(renderScaledDrawing(drawing), c, 0, 0)
