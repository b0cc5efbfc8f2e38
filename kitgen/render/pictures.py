"""Pictures in boxes: PNG, JPEG and SVG files drawn into a box on a card.

A designed game's layout names picture files; a thousand cards may name one icon.
So a file is read, checked and decoded once per process (cached by its real path,
modification time and size), and drawn into each PDF once: the first placement
makes a PDF form XObject of it, every placement after that only refers to the form.
That keeps a PDF with a picture on every card as small as one with it once, and the
form's name comes from the file's bytes, so the same input gives the same PDF.

Rasters are checked by their header against ImageLimits before Pillow decodes
them (with its decompression-bomb guard set to the same limits); SVG is checked by
kitgen.load.svg (self-contained, no DOCTYPE, within limits) before svglib parses
it (through kitgen.render.svgdraw, which reads nothing but the SVG's bytes and sets
its text in DejaVu), and is drawn as vectors; a PNG or JPEG embedded in it is
checked and decoded as a picture file is, and drawn as one.
"""

from __future__ import annotations

import copy
import hashlib
import io
import os
import struct
import warnings
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFImageXObject, PDFName, PDFStream
from reportlab.pdfgen.canvas import Canvas

from kitgen.load.images import (
    DEFAULT_LIMITS,
    LOW_DPI,
    Header,
    ImageLimits,
    ImageProblem,
    check_image,
    read_bytes,
    size_problem,
)
from kitgen.load.svg import check_svg, looks_like_svg
from kitgen.render.fonts import REGULAR, register_fonts

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

Fit = Literal["fit", "fill", "crop"]
FITS: tuple[Fit, ...] = ("fit", "fill", "crop")
Box = tuple[float, float, float, float]  # x, y, width, height in points
DEFAULT_DPI = 300.0  # a raster that says nothing of its resolution is taken at print dpi
_CACHE_SIZE = 64  # decoded pictures kept: enough for a game's icons, bounded for photos
_FORMATS = ("PNG", "JPEG")  # the only decoders Pillow may use on a picture
_ORIENTATION = 0x0112  # the EXIF tag that says which way up a photo was taken


@dataclass(frozen=True, eq=False)
class Picture:
    """A checked, decoded picture ready to draw.

    width_pt and height_pt are its own size (an SVG's width and height, a raster's
    pixels at its DPI or at 300 dpi): they give its shape in a box. digest is the
    SHA-256 of the file's bytes, which names it in a PDF."""

    kind: Literal["svg", "raster"]
    width_pt: float
    height_pt: float
    digest: str
    name: str
    width_px: int | None = None  # rasters only
    height_px: int | None = None
    # The svglib Drawing (SVG) or the decoded Pillow image (raster).
    content: Any = field(default=None, repr=False)
    # A JPEG reportlab can embed unchanged (smaller than its pixels re-compressed).
    jpeg: bytes | None = field(default=None, repr=False)
    # A PNG's compressed rows and its colours (1 grey, 3 RGB), when a PDF can hold them
    # as they are (`_png_as_is`): no decoding and compressing again to embed it.
    png: tuple[bytes, int] | None = field(default=None, repr=False)
    # SVG only: (line, message) of the first thing in it not drawn as written (a colour
    # or transform svglib cannot read, ...), with how many more; kitgen warns of it.
    note: tuple[int, str] | None = None


_cache: OrderedDict[tuple[str, int, int, ImageLimits], tuple[Picture | None, ImageProblem | None]]
_cache = OrderedDict()


def load_picture(
    path: str, limits: ImageLimits = DEFAULT_LIMITS
) -> tuple[Picture | None, ImageProblem | None]:
    """A PNG, JPEG or SVG file ready to draw, or why it cannot be drawn (codes
    image-not-found, image-unreadable, image-too-large, image-refused). Read once per
    process while the file stays the same."""
    try:
        real = os.path.realpath(path)
        st = os.stat(real)
    except (OSError, ValueError):  # not there (read_bytes says so the usual way)
        key = None
    else:
        key = (real, st.st_mtime_ns, st.st_size, limits)
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    got = _load(path, limits)
    if key is not None:
        _cache[key] = got
        if len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return got


def _load(path: str, limits: ImageLimits) -> tuple[Picture | None, ImageProblem | None]:
    data = read_bytes(path, path, limits)
    if isinstance(data, ImageProblem):
        return None, data
    got = (
        _load_svg(data, path, limits) if looks_like_svg(data) else _load_raster(data, path, limits)
    )
    return (None, got) if isinstance(got, ImageProblem) else (got, None)


def _load_svg(data: bytes, name: str, limits: ImageLimits) -> Picture | ImageProblem:
    """Check the SVG, then turn it into a reportlab Drawing (kitgen.render.svgdraw:
    svglib, reading nothing but these bytes, its text in DejaVu)."""
    problem = check_svg(data, name, limits)
    if problem is not None:
        return problem
    from kitgen.render import svgdraw

    converted = svgdraw.convert(data, name, lambda image, _line: _embedded(image, limits))
    if isinstance(converted, ImageProblem):
        return converted
    drawing = converted.drawing
    width, height = float(drawing.width), float(drawing.height)
    if not (width > 0 and height > 0):
        return ImageProblem(
            "image-unreadable",
            f"{name!r} has no size: give the <svg> a width and height or viewBox",
        )
    # The renderer starts each drawing in this font; reportlab's default is Helvetica,
    # a standard font kitgen never uses (KitSans is in every kitgen PDF already).
    register_fonts()
    drawing.initialFontName = REGULAR
    digest = hashlib.sha256(data).hexdigest()
    return Picture("svg", width, height, digest, name, content=drawing, note=converted.note)


_EMBEDDED = "an image embedded in the SVG"


def _embedded(data: bytes, limits: ImageLimits) -> Picture | ImageProblem:
    """A PNG or JPEG embedded in an SVG, checked and decoded as a picture file is (the
    same limits); a problem says what is wrong with it after "an image embedded in the
    SVG" (kitgen.render.svgdraw puts the file and line before it)."""
    got = _load_raster(data, _EMBEDDED, limits)
    if isinstance(got, ImageProblem):
        return ImageProblem(got.code, got.message.removeprefix(f"{_EMBEDDED!r} "))
    return got


def _shapes(node: Any) -> Iterator[Any]:
    """Every shape in a Drawing or Group, groups included, depth first."""
    for shape in getattr(node, "contents", ()):
        yield shape
        yield from _shapes(shape)


@contextmanager
def pixel_limit(limit: int) -> Iterator[None]:
    """Pillow refuses images over `limit` pixels while this is open (it normally warns
    at 89 megapixels and refuses at twice that)."""
    from PIL import Image

    old = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = limit
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            yield
    finally:
        Image.MAX_IMAGE_PIXELS = old


@dataclass(frozen=True)
class Decoded:
    """A decoded PNG or JPEG, upright; `turned` when its EXIF orientation turned it.
    (Scratch's card art and a designed game's pictures alike.)"""

    image: PILImage
    format: str
    turned: bool


def decode(data: bytes, name: str, limits: ImageLimits) -> Decoded | ImageProblem:
    """Decode checked image bytes with Pillow, upright (EXIF orientation applied), or
    say why they cannot be drawn."""
    from PIL import Image, ImageOps

    try:
        with pixel_limit(limits.max_pixels):
            with Image.open(io.BytesIO(data), formats=_FORMATS) as probe:
                probe.verify()
            image: Any = Image.open(io.BytesIO(data), formats=_FORMATS)
            image.load()
            fmt = image.format or ""
            turned = image.getexif().get(_ORIENTATION, 1) not in (None, 1)
            if turned:
                image = ImageOps.exif_transpose(image)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return ImageProblem(
            "image-too-large",
            f"{name!r} holds more pixels than its header says: over "
            f"{limits.max_pixels / 1e6:g} megapixels, the most kitgen draws",
        )
    except Exception as err:  # Pillow's decoders raise many kinds of error on broken files
        reason = (str(err).splitlines() or [type(err).__name__])[0]
        return ImageProblem("image-unreadable", f"{name!r} cannot be decoded: {reason}")
    w, h = image.size
    problem = size_problem(name, Header("PNG" if fmt == "PNG" else "JPEG", w, h), limits)
    return problem if problem is not None else Decoded(image, fmt, turned)


def _load_raster(data: bytes, name: str, limits: ImageLimits) -> Picture | ImageProblem:
    """Check a PNG or JPEG's header against the limits, then decode it upright."""
    header = check_image(data, name, limits)
    if isinstance(header, ImageProblem):
        return header
    decoded = decode(data, name, limits)
    if isinstance(decoded, ImageProblem):
        return decoded
    image = decoded.image
    dpi_x, dpi_y = _dpi(image.info.get("dpi"))
    plain = not decoded.turned and image.mode in ("L", "RGB") and not image.has_transparency_data
    as_is = header.format == "JPEG" and plain
    try:
        image = _for_print(image)
    except Exception as err:  # a mode Pillow cannot convert: as broken as a bad decode
        reason = (str(err).splitlines() or [type(err).__name__])[0]
        return ImageProblem("image-unreadable", f"{name!r} cannot be decoded: {reason}")
    w, h = image.size
    digest = hashlib.sha256(data).hexdigest()
    jpeg = data if as_is and _jpeg_as_is(data, image.size) else None
    png = _png_as_is(data, image.size) if header.format == "PNG" and plain else None
    return Picture(
        "raster",
        w * 72 / dpi_x,
        h * 72 / dpi_y,
        digest,
        name,
        w,
        h,
        content=image,
        jpeg=jpeg,
        png=png,
    )


def _png_as_is(data: bytes, size: tuple[int, int]) -> tuple[bytes, int] | None:
    """A PNG's compressed rows (its IDAT chunks joined) and its colours when a PDF can
    hold them unchanged: 8 bits a sample, grey or RGB, not interlaced, no transparency,
    the size decoded. PDF's Flate filter with the PNG predictors (`/Predictor 15`)
    reads those bytes as a PNG decoder does, so the pixels are the decoded ones."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return None
    rows: list[bytes] = []
    colours = 0
    at = 8
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        body = data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, method, filtering, interlace = struct.unpack(
                ">IIBBBBB", body
            )
            if (width, height) != size or depth != 8 or colour not in (0, 2):
                return None
            if method or filtering or interlace:
                return None
            colours = 1 if colour == 0 else 3
        elif kind in (b"tRNS", b"PLTE"):
            return None
        elif kind == b"IDAT":
            rows.append(body)
        elif kind == b"IEND":
            break
        at += 12 + length
    return (b"".join(rows), colours) if colours and rows else None


def _jpeg_as_is(data: bytes, size: tuple[int, int]) -> bool:
    """True when reportlab can embed these JPEG bytes unchanged: 8-bit grey or RGB, and
    the frame it reads is the one Pillow decoded."""
    from reportlab.pdfbase.pdfutils import readJPEGInfo

    try:
        width, height, components, _ = readJPEGInfo(io.BytesIO(data))
    except Exception:  # reportlab's own parser refuses it: embed the pixels instead
        return False
    return components in (1, 3) and (width, height) == size


def _dpi(info: object) -> tuple[float, float]:
    """The resolution a file states, if it is a plausible one; else DEFAULT_DPI."""
    if isinstance(info, tuple) and len(info) == 2:
        try:
            x, y = float(info[0]), float(info[1])
        except (TypeError, ValueError):
            return DEFAULT_DPI, DEFAULT_DPI
        if 10 <= x <= 10_000 and 10 <= y <= 10_000:
            return x, y
    return DEFAULT_DPI, DEFAULT_DPI


def _for_print(image: Any) -> Any:
    """The decoded pixels in a mode reportlab embeds: RGB or grey, with alpha if any."""
    if image.mode in ("I", "I;16", "I;16B", "I;16L", "F"):  # 16-bit grey: scale, not clip
        image = image.convert("F").point(lambda v: v / 257).convert("L")
    alpha = image.has_transparency_data
    grey = image.mode in ("1", "L", "LA", "La")
    return image.convert(("LA" if alpha else "L") if grey else ("RGBA" if alpha else "RGB"))


def placement(
    pic_w: float, pic_h: float, box: Box, fit: Fit
) -> tuple[float, float, float, float, bool]:
    """Where a picture of this shape goes in a box: (x, y, width, height, clip).

    fit: whole, scaled to fit inside and centred (letterboxed); fill: stretched to the
    box exactly; crop: scaled to cover the box, centred, what sticks out clipped
    (clip is True only when something does stick out)."""
    bx, by, bw, bh = box
    if fit == "fill":
        return bx, by, bw, bh, False
    if fit not in FITS:
        raise ValueError(f"unknown fit {fit!r}; the fits are {', '.join(FITS)}")
    scale = (min if fit == "fit" else max)(bw / pic_w, bh / pic_h)
    w, h = pic_w * scale, pic_h * scale
    clip = fit == "crop" and (w > bw * (1 + 1e-9) or h > bh * (1 + 1e-9))
    return bx + (bw - w) / 2, by + (bh - h) / 2, w, h, clip


def draw_picture(
    c: Canvas,
    picture: Picture,
    x: float,
    y: float,
    width: float,
    height: float,
    fit: Fit = "fit",
    *,
    tint: str | None = None,
    multiply: bool = False,
) -> None:
    """Draw a picture into the box (x, y, width, height) on the canvas.

    tint (a colour: "#RRGGBB" or a name reportlab knows) draws a one-colour icon in
    that colour: an SVG's fills and strokes, a raster's pixels keeping its transparency.
    With `multiply`, the tint colours the picture instead, keeping its light and shade:
    each colour times the tint's (white becomes the tint, black stays black), as a
    print shop's multiply blend does, computed here (the PDF holds no blend).
    """
    if width <= 0 or height <= 0:
        return
    px, py, pw, ph, clip = placement(
        picture.width_pt, picture.height_pt, (x, y, width, height), fit
    )
    form, form_w, form_h = _form(c, picture, tint, multiply)
    c.saveState()
    sx, sy = pw / form_w, ph / form_h
    # What the clip and the move write depends on these alone (after saveState's `q`,
    # the move never joins an earlier one): kept, so a picture in the same place on
    # every card is formatted once. The state they change is restored below.
    key = (x, y, width, height, px, py, sx, sy, clip, c._fillMode)
    placed = _PLACED.get(key)
    if placed is None:
        start = len(c._code)
        if clip:
            path = c.beginPath()
            path.rect(x, y, width, height)
            c.clipPath(path, stroke=0, fill=0)
        c.translate(px, py)
        c.scale(sx, sy)
        if len(_PLACED) >= KEEP_PLACED:
            _PLACED.clear()
        _PLACED[key] = tuple(c._code[start:])
    else:
        c._code.extend(placed)
    c.doForm(form)
    c.restoreState()


KEEP_PLACED = 4096
_PLACED: dict[tuple[float | bool | int, ...], tuple[str, ...]] = {}


def _form(
    c: Canvas, picture: Picture, tint: str | None, multiply: bool = False
) -> tuple[str, float, float]:
    """The name and size of the canvas's form XObject of the picture (and tint), made
    on first use in this PDF."""
    colour = _colour(tint) if tint is not None else None
    shade = "" if colour is None else ("x" if multiply else "") + colour.hexval()
    name = _form_name(picture.digest, shade)
    # A raster fills the unit square; the placement scales it.
    size = (picture.width_pt, picture.height_pt) if picture.kind == "svg" else (1.0, 1.0)
    if not c.hasForm(name):
        c.beginForm(name, 0, 0, *size)
        if picture.kind == "svg":
            from kitgen.render import svgdraw

            drawing = picture.content
            if colour is not None:
                drawing = (_multiplied if multiply else _tinted)(drawing, colour)
            svgdraw.draw(
                drawing, c, lambda canvas, raster: _draw_raster(canvas, raster, colour, multiply)
            )
        else:
            _draw_raster(c, picture, colour, multiply)
        c.endForm()
    return name, *size


def _draw_raster(c: Canvas, picture: Picture, colour: Any, multiply: bool = False) -> None:
    """Draw a raster picture in the unit square (in one colour when colour is not None,
    or coloured by it with `multiply`): a picture file's form, or an image embedded in
    an SVG."""
    if colour is None and picture.png is not None:
        _draw_png(c, picture, *picture.png)  # embedded as it is
        return
    from reportlab.lib.utils import ImageReader

    if colour is not None:
        shaded = (_multiplied_raster if multiply else _tinted_raster)(picture.content, colour)
        reader = ImageReader(shaded)
    elif picture.jpeg is not None:
        reader = ImageReader(io.BytesIO(picture.jpeg))  # embedded as it is
    else:
        reader = ImageReader(picture.content)
    c.drawImage(reader, 0, 0, 1, 1, mask="auto")


class _PNGRows(PDFImageXObject):  # type: ignore[misc]  # (reportlab has no type hints)
    """An image object holding a PNG's compressed rows: Flate with the PNG predictors."""

    def __init__(self, name: str, width: int, height: int, rows: bytes, colours: int) -> None:
        super().__init__(name)
        self.width, self.height = width, height
        self.colours = colours
        self.streamContent = rows

    def format(self, document: Any) -> Any:
        stream = PDFStream(content=self.streamContent)
        entries = stream.dictionary
        entries["Type"] = PDFName("XObject")
        entries["Subtype"] = PDFName("Image")
        entries["Width"] = self.width
        entries["Height"] = self.height
        entries["BitsPerComponent"] = 8
        entries["ColorSpace"] = PDFName("DeviceGray" if self.colours == 1 else "DeviceRGB")
        entries["Filter"] = PDFArray([PDFName("FlateDecode")])
        # One set of parameters for each filter: an array, as the filters are.
        parameters = PDFDictionary(
            {"Predictor": 15, "Colors": self.colours, "BitsPerComponent": 8, "Columns": self.width}
        )
        entries["DecodeParms"] = PDFArray([parameters])
        entries["Length"] = len(self.streamContent)
        return stream.format(document)


def _draw_png(c: Canvas, picture: Picture, rows: bytes, colours: int) -> None:
    """Draw a PNG's own compressed rows in the unit square, as `Canvas.drawImage` draws
    an image (one image object a PDF, named by the file's digest), its bytes unchanged."""
    assert picture.width_px is not None and picture.height_px is not None
    name = "kitgenPNG" + picture.digest[:32]
    doc = c._doc
    reference = doc.getXObjectName(name)
    if doc.idToObject.get(reference) is None:
        image = _PNGRows(name, picture.width_px, picture.height_px, rows, colours)
        c._setXObjects(image)
        doc.Reference(image, reference)
        doc.addForm(name, image)
    c._currentPageHasImages = 1
    c._code.append(f"/{reference} Do")
    c._formsinuse.append(name)


@lru_cache(maxsize=4096)
def _form_name(digest: str, colour: str) -> str:
    """A picture's form name in a PDF: from its file's digest and its tint's colour."""
    return "kitgenPicture" + hashlib.sha256(f"{digest}:{colour}".encode()).hexdigest()[:24]


def _colour(tint: str) -> Any:
    """A reportlab colour from "#RRGGBB" or a colour name; ValueError when it is none."""
    from reportlab.lib.colors import toColor

    try:
        return toColor(tint)
    except ValueError:
        raise ValueError(f"{tint!r} is not a colour") from None


def _tinted(drawing: Any, colour: Any) -> Any:
    """A copy of a Drawing with every fill and stroke (those it has) in one colour."""
    tinted = copy.deepcopy(drawing)
    for shape in _shapes(tinted):
        for attr in ("fillColor", "strokeColor"):
            if getattr(shape, attr, None) is not None:
                setattr(shape, attr, colour)
    return tinted


def _multiplied(drawing: Any, colour: Any) -> Any:
    """A copy of a Drawing with every fill and stroke colour times `colour` (a multiply
    blend, worked out: white becomes the colour, black stays black)."""
    from reportlab.lib.colors import Color

    tinted = copy.deepcopy(drawing)
    for shape in _shapes(tinted):
        for attr in ("fillColor", "strokeColor"):
            old = getattr(shape, attr, None)
            if old is not None and hasattr(old, "red"):
                mixed = Color(
                    old.red * colour.red,
                    old.green * colour.green,
                    old.blue * colour.blue,
                    getattr(old, "alpha", 1),
                )
                setattr(shape, attr, mixed)
    return tinted


def _multiplied_raster(image: Any, colour: Any) -> Any:
    """A raster picture coloured by `colour`: each pixel's red, green and blue times the
    colour's (white becomes the colour, black stays black), its transparency kept."""
    from PIL import Image, ImageChops

    rgb = tuple(round(v * 255) for v in colour.rgb())
    alpha = image.getchannel("A") if image.mode in ("RGBA", "LA", "PA") else None
    base = image.convert("RGB")
    mixed = ImageChops.multiply(base, Image.new("RGB", base.size, rgb))
    if alpha is not None:
        mixed.putalpha(alpha)
    return mixed


def _tinted_raster(image: Any, colour: Any) -> Any:
    """A raster icon in one colour: its transparency kept, or for an opaque image its
    darkness as the colour's coverage (black on white becomes colour on white)."""
    from PIL import Image, ImageOps

    rgb = tuple(round(v * 255) for v in colour.rgb())
    if image.mode in ("RGBA", "LA"):
        alpha = image.getchannel("A")
    else:
        alpha = ImageOps.invert(image.convert("L"))
    tinted = Image.new("RGBA", image.size, rgb)
    tinted.putalpha(alpha)
    return tinted


def low_dpi(picture: Picture, width_pt: float, height_pt: float) -> float | None:
    """The resolution a raster prints at drawn width_pt x height_pt, when it is below
    LOW_DPI (blocky in print: a warning); None for a fine raster and for SVG."""
    if picture.width_px is None or picture.height_px is None or width_pt <= 0 or height_pt <= 0:
        return None
    dpi = min(picture.width_px / (width_pt / 72), picture.height_px / (height_pt / 72))
    return dpi if dpi < LOW_DPI else None
