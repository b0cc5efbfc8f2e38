"""SVG safety: what an SVG file must not do before kitgen hands it to svglib.

Standard library only, and the parser is expat driven by hand, so nothing here can
expand an entity or fetch a file: a DOCTYPE (the door to entity expansion, "billion
laughs", and external entities, XXE) stops the parse the moment it starts. A file
kitgen draws must be self-contained: every `href` points inside the file (`#id`) or
holds an embedded PNG or JPEG (checked like any other image, so a small SVG cannot
carry a decompression bomb; all of them together within one picture's pixels), and
CSS loads nothing (`@import`, `url()` other than `url(#id)`). Elements and nesting
are counted, since drawing work grows with them.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Literal
from xml.parsers import expat

from kitgen.load.images import DEFAULT_LIMITS, ImageLimits, ImageProblem, image_header, size_problem

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
_SEP = " "  # expat joins an element's namespace and local name with this
# Embedded rasters svglib draws: it decodes exactly these data URIs.
_DATA_IMAGE = re.compile(r"data:image/(png|jpe?g);base64,", re.IGNORECASE)
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.IGNORECASE | re.DOTALL)
_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_CSS_HEX_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})\s?")
_CSS_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
_Code = Literal["image-unreadable", "image-too-large", "image-refused"]


class _Refused(Exception):
    """Stops the parse: the file is refused for the problem it carries."""

    def __init__(self, problem: ImageProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def looks_like_svg(data: bytes) -> bool:
    """True when the bytes are XML text (or gzip, a compressed .svgz) rather than a
    raster image: the file goes to check_svg, which says whether it is an SVG."""
    start = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:5]
    return start.startswith((b"<", b"\x1f\x8b")) or data.startswith(
        (b"\xff\xfe<", b"\xfe\xff\x00<")
    )


def check_svg(data: bytes, name: str, limits: ImageLimits = DEFAULT_LIMITS) -> ImageProblem | None:
    """Why kitgen must not draw these SVG bytes, or None when they are safe to hand to
    svglib: a self-contained SVG within the limits."""
    if len(data) > limits.max_svg_bytes:
        return ImageProblem(
            "image-too-large",
            f"{name!r} is {len(data):,} bytes; kitgen draws SVG files up to "
            f"{limits.max_svg_bytes:,} bytes ({limits.max_svg_bytes / 2**20:g} MiB)",
        )
    if data.startswith(b"\x1f\x8b"):
        return ImageProblem(
            "image-unreadable", f"{name!r} is compressed SVG (.svgz); save it as plain SVG"
        )
    walker = _Walker(name, limits)
    try:
        walker.parse(data)
    except _Refused as refused:
        return refused.problem
    except expat.ExpatError as err:
        what = expat.ErrorString(err.code) if err.code is not None else str(err)
        return ImageProblem(
            "image-unreadable",
            f"{name!r} is not well-formed XML (line {err.lineno}, column {err.offset + 1}: "
            f"{what}); kitgen draws SVG images",
        )
    if walker.root is None:
        return ImageProblem("image-unreadable", f"{name!r} holds no XML element")
    return None


class _Walker:
    """One pass over the SVG's events with expat, refusing as soon as something is wrong."""

    def __init__(self, name: str, limits: ImageLimits) -> None:
        self.name = name
        self.limits = limits
        self.root: str | None = None
        self.depth = 0
        self.elements = 0
        self.pixels = 0  # of the images embedded so far
        self.style_depth = 0  # inside a <style> element: its text is CSS
        self.style_text: list[str] = []
        parser = expat.ParserCreate(namespace_separator=_SEP)
        # Never read an external DTD or parameter entity, even before the handlers run.
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.StartDoctypeDeclHandler = self.doctype
        parser.EntityDeclHandler = self.entity
        parser.ExternalEntityRefHandler = self.external_entity
        parser.ProcessingInstructionHandler = self.instruction
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.text
        self.parser = parser

    def parse(self, data: bytes) -> None:
        self.parser.Parse(data, True)

    def refuse(self, code: _Code, what: str) -> _Refused:
        """The exception that stops the parse, its message naming the file and line."""
        line = self.parser.CurrentLineNumber
        return _Refused(ImageProblem(code, f"{self.name!r} (line {line}): {what}"))

    def doctype(self, *_: object) -> None:
        raise self.refuse(
            "image-refused",
            "the SVG has a DOCTYPE declaration, which can define entities that expand "
            "without end or read other files; kitgen draws SVG without one (delete the "
            "<!DOCTYPE ...> line)",
        )

    def entity(self, entity_name: str, *_: object) -> None:
        raise self.refuse(
            "image-refused",
            f"the SVG declares an entity ({entity_name!r}); kitgen draws SVG without entities",
        )

    def external_entity(self, *_: object) -> int:
        raise self.refuse("image-refused", "the SVG refers to an external entity")

    def instruction(self, target: str, data: str) -> None:
        if target.lower() == "xml-stylesheet":
            raise self.refuse(
                "image-refused",
                f"the SVG loads a style sheet (<?xml-stylesheet {data.strip()}?>); kitgen "
                "draws only self-contained SVG",
            )

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        namespace, _, local = tag.rpartition(_SEP)
        if self.root is None:
            self.root = tag
            if local != "svg" or namespace not in ("", SVG_NAMESPACE):
                shown = f"<{local}>" if not namespace else f"<{local}> in namespace {namespace}"
                raise self.refuse(
                    "image-unreadable", f"this is not an SVG image: its root element is {shown}"
                )
        self.elements += 1
        self.depth += 1
        if self.elements > self.limits.max_svg_elements:
            raise self.refuse(
                "image-too-large",
                f"the SVG has more than {self.limits.max_svg_elements:,} elements, the most "
                "kitgen draws; simplify it",
            )
        if self.depth > self.limits.max_svg_depth:
            raise self.refuse(
                "image-too-large",
                f"the SVG nests elements more than {self.limits.max_svg_depth} deep, the most "
                "kitgen draws; flatten its groups",
            )
        for key, value in attrs.items():
            attr = key.rpartition(_SEP)[2]
            if attr == "href":
                self.href(value)
            elif attr == "style":
                self.css(value, "style attribute")
            elif "url(" in value.lower() or "\\" in value:  # fill="url(#g)", filter=...
                self.css(value, f"{attr} attribute")
        if local == "style":
            self.style_depth += 1

    def end(self, tag: str) -> None:
        self.depth -= 1
        if tag.rpartition(_SEP)[2] == "style" and self.style_depth:
            self.style_depth -= 1
            if not self.style_depth:
                self.css("".join(self.style_text), "<style> element")
                self.style_text.clear()

    def text(self, data: str) -> None:
        if self.style_depth:
            self.style_text.append(data)

    def href(self, value: str) -> None:
        """An href may point inside the file or embed a PNG or JPEG, nothing else."""
        target = value.strip()
        if target.startswith("#"):
            return
        embedded = _DATA_IMAGE.match(target)
        if embedded is None:
            shown = target if len(target) <= 80 else target[:77] + "..."
            raise self.refuse(
                "image-refused",
                f"the SVG loads another file (href={shown!r}); kitgen draws only "
                "self-contained SVG",
            )
        try:
            image = base64.b64decode("".join(target[embedded.end() :].split()), validate=True)
        except (binascii.Error, ValueError):
            raise self.refuse(
                "image-unreadable", "an image embedded in the SVG is not valid base64"
            ) from None
        header = image_header(image)
        if header is None:
            raise self.refuse(
                "image-unreadable", "an image embedded in the SVG is not a PNG or JPEG"
            )
        too_large = size_problem("an image embedded in the SVG", header, self.limits)
        if too_large is not None:
            raise self.refuse("image-too-large", too_large.message)
        # One SVG is one picture: its images together within one picture's pixels.
        self.pixels += header.width * header.height
        if self.pixels > self.limits.max_pixels:
            raise self.refuse(
                "image-too-large",
                f"the images embedded in the SVG hold {self.pixels / 1e6:.1f} megapixels "
                f"so far; kitgen draws up to {self.limits.max_pixels / 1e6:g} megapixels in "
                "one picture",
            )

    def css(self, text: str, where: str) -> None:
        """CSS may not load anything: no @import, no url() but url(#id)."""
        plain = _css_plain(text)
        if "@import" in plain.lower():
            raise self.refuse(
                "image-refused",
                f"the SVG's CSS ({where}) imports another file (@import); kitgen draws "
                "only self-contained SVG",
            )
        for found in _URL.finditer(plain):
            target = found.group(2).strip()
            if not target.startswith("#"):
                shown = target if len(target) <= 80 else target[:77] + "..."
                raise self.refuse(
                    "image-refused",
                    f"the SVG's CSS ({where}) loads another file (url({shown})); kitgen "
                    "draws only self-contained SVG",
                )
        if re.search(r"url\s*\(", plain, re.IGNORECASE) and not _URL.search(plain):
            raise self.refuse(
                "image-refused", f"the SVG's CSS ({where}) has a url( kitgen cannot read"
            )


def _css_plain(text: str) -> str:
    """CSS without comments and with escapes undone, so `u\\72l(` or `@\\69mport` is
    seen as the url( or @import a CSS reader may take it for."""
    text = _CSS_COMMENT.sub("", text)
    text = _CSS_HEX_ESCAPE.sub(lambda m: chr(min(int(m.group(1), 16), 0x10FFFF) or 0xFFFD), text)
    return _CSS_ESCAPE.sub(lambda m: m.group(1), text)
