"""Card art: where a card's `art:` file is, and whether kitgen may draw it.

Standard library only, so `kitgen check` never imports Pillow: the checks read
no more of an image than its header (a PNG's IHDR, a JPEG's markers up to its
frame header) and compare the size it declares with `ImageLimits`. Decoding
the pixels, with Pillow's own decompression-bomb guard set to the same limits,
happens only when a build draws the art (in the game's kit drawing).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import BinaryIO, Literal, Protocol

from kitgen.load.references import READ_FLAGS, outside
from kitgen.model.findings import Finding, Location, finding

# A draft build (`kitgen build --draft`, `kitgen watch`): an image element whose file is
# missing draws a labelled placeholder with a warning, not an error (`drafting`).
_DRAFT: ContextVar[bool] = ContextVar("kitgen_draft", default=False)


@contextmanager
def drafting(on: bool = True) -> Iterator[None]:
    """Within the block, a missing image is drawn as a placeholder (a warning,
    `image-placeholder`) instead of stopping the build, or not (`on=False`); the
    setting before it comes back after."""
    token = _DRAFT.set(on)
    try:
        yield
    finally:
        _DRAFT.reset(token)


def is_draft() -> bool:
    """Whether this run is a draft (`drafting`): missing art drawn as placeholders."""
    return _DRAFT.get()


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_JPEG_START = b"\xff\xd8\xff"  # start of image, then the first segment's marker
LOW_DPI = 150.0  # art printed below this looks blocky: a warning at build time
_FIRST_READ = 64 * 1024  # most headers fit; a JPEG with large metadata reads on
# JPEG frame headers (SOF0-SOF15) carry the size; C4, C8 and CC are other segments.
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})  # markers with no length field


@dataclass(frozen=True)
class ImageLimits:
    """The largest image kitgen decodes: file size, pixels a side, pixels in all; for
    SVG, file size, elements and nesting."""

    max_file_bytes: int = 32 * 1024 * 1024
    max_side_px: int = 10_000
    max_pixels: int = 40_000_000
    # SVG: its text is parsed whole, so a smaller file; elements and nesting bound the
    # work of drawing it (kitgen/load/svg.py).
    max_svg_bytes: int = 8 * 1024 * 1024
    max_svg_elements: int = 20_000
    max_svg_depth: int = 100


DEFAULT_LIMITS = ImageLimits()


@dataclass(frozen=True)
class Header:
    """What an image's header says: its format and its size in pixels."""

    format: Literal["PNG", "JPEG"]
    width: int
    height: int


@dataclass(frozen=True)
class ImageProblem:
    """Why an image cannot be drawn: a finding code and a message naming the numbers."""

    code: Literal["image-not-found", "image-unreadable", "image-too-large", "image-refused"]
    message: str


def image_header(data: bytes) -> Header | None:
    """The format and size a PNG or JPEG's first bytes declare; None when they do not
    (not a PNG or JPEG, cut short, or no size)."""
    scanned = _scan(data)
    return scanned if isinstance(scanned, Header) else None


def _scan(data: bytes) -> Header | int | None:
    """The header, or how many bytes are needed to go on, or None for no image."""
    if PNG_SIGNATURE.startswith(data[:8]):  # a PNG, or the first bytes of one
        if len(data) < 24:
            return 24
        if data[12:16] != b"IHDR":
            return None
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        return Header("PNG", width, height) if width and height else None
    if _JPEG_START.startswith(data[:3]):  # a JPEG, or the first bytes of one
        return 3 if len(data) < 3 else _jpeg_frame(data)
    return None


def _jpeg_frame(data: bytes) -> Header | int | None:
    """Walk a JPEG's markers from the start to its frame header (SOFn)."""
    pos = 2
    while True:
        if pos >= len(data):
            return pos + 1
        if data[pos] != 0xFF:
            return None  # segments follow each other directly: this is not a JPEG
        while pos < len(data) and data[pos] == 0xFF:  # fill bytes may pad a marker
            pos += 1
        if pos >= len(data):
            return pos + 1
        code = data[pos]
        pos += 1
        if code in _STANDALONE:
            continue
        if code in (0x00, 0xD8, 0xD9, 0xDA):
            return None  # a stray byte, a second start, the end or the scan before a frame
        if pos + 2 > len(data):
            return pos + 2
        length = int.from_bytes(data[pos : pos + 2], "big")
        if length < 2:
            return None
        if code in _SOF:
            if length < 7:
                return None
            if pos + 7 > len(data):
                return pos + 7
            height = int.from_bytes(data[pos + 3 : pos + 5], "big")
            width = int.from_bytes(data[pos + 5 : pos + 7], "big")
            return Header("JPEG", width, height) if width and height else None
        pos += length


def _other_format(data: bytes) -> str:
    """What a file that is not a PNG or JPEG seems to be, for the message."""
    known = (
        (b"GIF8", "a GIF image"),
        (b"BM", "a BMP image"),
        (b"II*\x00", "a TIFF image"),
        (b"MM\x00*", "a TIFF image"),
        (b"%PDF", "a PDF"),
        (b"<", "text (an SVG or HTML file?)"),
    )
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "a WebP image"
    for start, what in known:
        if data.lstrip()[: len(start)] == start:
            return what
    return "neither"


def size_problem(name: str, header: Header, limits: ImageLimits) -> ImageProblem | None:
    """Too many pixels a side or in all, said with the numbers."""
    w, h = header.width, header.height
    if max(w, h) > limits.max_side_px:
        return ImageProblem(
            "image-too-large",
            f"{name!r} is {w} x {h} px; kitgen draws images up to {limits.max_side_px:,} px a side",
        )
    if w * h > limits.max_pixels:
        return ImageProblem(
            "image-too-large",
            f"{name!r} is {w} x {h} px ({w * h / 1e6:.1f} megapixels); kitgen draws images "
            f"up to {limits.max_pixels / 1e6:g} megapixels",
        )
    return None


def _not_an_image(name: str, data: bytes) -> ImageProblem:
    if not data:
        return ImageProblem("image-unreadable", f"{name!r} is empty")
    scanned = _scan(data)
    if isinstance(scanned, int):
        kind = "PNG" if PNG_SIGNATURE.startswith(data[:8]) else "JPEG"
        return ImageProblem(
            "image-unreadable", f"{name!r} is cut short: the {kind} ends before its size"
        )
    if data.startswith((PNG_SIGNATURE, _JPEG_START)):
        return ImageProblem(
            "image-unreadable", f"{name!r} has a broken header: it gives no image size"
        )
    what = _other_format(data)
    seems = "" if what == "neither" else f"; it seems to be {what}"
    return ImageProblem("image-unreadable", f"{name!r} is not a PNG or JPEG image{seems}")


def _open(path: str, name: str, limits: ImageLimits) -> tuple[int, BinaryIO] | ImageProblem:
    """The file's size and an open binary handle, or why there is none."""
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            return ImageProblem("image-not-found", f"{name!r} is a folder, not an image")
        if not stat.S_ISREG(mode):  # a device or a pipe could block or never end
            return ImageProblem("image-unreadable", f"{name!r} is not a file")
        # Without blocking: a pipe swapped in since the look above cannot hang the open.
        fd = os.open(path, READ_FLAGS)
        handle = open(fd, "rb")  # noqa: SIM115 - closed by the caller
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            handle.close()
            return ImageProblem("image-unreadable", f"{name!r} is not a file")
    except FileNotFoundError:
        return ImageProblem(
            "image-not-found", f"the art {name!r} does not exist (looked for {path})"
        )
    except (OSError, ValueError) as err:  # ValueError: a NUL character in the path
        reason = getattr(err, "strerror", None) or err
        return ImageProblem("image-unreadable", f"{name!r} cannot be read: {reason}")
    size = os.fstat(handle.fileno()).st_size
    if size > limits.max_file_bytes:
        handle.close()
        return ImageProblem(
            "image-too-large",
            f"{name!r} is {size:,} bytes; kitgen draws images up to "
            f"{limits.max_file_bytes:,} bytes ({limits.max_file_bytes / 2**20:g} MiB)",
        )
    return size, handle


def read_header(
    path: str, name: str, limits: ImageLimits = DEFAULT_LIMITS
) -> Header | ImageProblem:
    """An image file's header, reading no further into the file than the header goes."""
    opened = _open(path, name, limits)
    if isinstance(opened, ImageProblem):
        return opened
    size, handle = opened
    try:
        data = handle.read(min(size, _FIRST_READ))
        scanned = _scan(data)
        while isinstance(scanned, int) and scanned <= size and len(data) < size:
            more = handle.read(min(size, max(scanned, 2 * len(data))) - len(data))
            if not more:  # shorter than it was a moment ago
                break
            data += more
            scanned = _scan(data)
    except OSError as err:
        return ImageProblem("image-unreadable", f"{name!r} cannot be read: {err.strerror or err}")
    finally:
        handle.close()
    if not isinstance(scanned, Header):
        return _not_an_image(name, data)
    return size_problem(name, scanned, limits) or scanned


def read_image(
    path: str, name: str, limits: ImageLimits = DEFAULT_LIMITS
) -> tuple[bytes, Header] | ImageProblem:
    """A whole image file and its header, for drawing: the same checks as read_header."""
    data = read_bytes(path, name, limits)
    if isinstance(data, ImageProblem):
        return data
    header = check_image(data, name, limits)
    return header if isinstance(header, ImageProblem) else (data, header)


def read_bytes(path: str, name: str, limits: ImageLimits = DEFAULT_LIMITS) -> bytes | ImageProblem:
    """A whole file of at most `limits.max_file_bytes`, whatever its format (the SVG
    reader checks its own, smaller limit on what it reads here)."""
    opened = _open(path, name, limits)
    if isinstance(opened, ImageProblem):
        return opened
    _, handle = opened
    try:
        data = handle.read(limits.max_file_bytes + 1)
    except OSError as err:
        return ImageProblem("image-unreadable", f"{name!r} cannot be read: {err.strerror or err}")
    finally:
        handle.close()
    if len(data) > limits.max_file_bytes:  # grew since it was measured
        return ImageProblem(
            "image-too-large", f"{name!r} is larger than {limits.max_file_bytes:,} bytes"
        )
    return data


def check_image(
    data: bytes, name: str, limits: ImageLimits = DEFAULT_LIMITS
) -> Header | ImageProblem:
    """A whole PNG or JPEG file's header, or why it is no image kitgen decodes."""
    header = image_header(data)
    if header is None:
        return _not_an_image(name, data)
    return size_problem(name, header, limits) or header


def art_path(art: str, yaml_path: str | None) -> str:
    """Where a card's art is: relative to the file that names it (absolute stays as is)."""
    base = os.path.dirname(yaml_path) if yaml_path is not None else ""
    return os.path.normpath(os.path.join(base, art))


def print_dpi(width_px: int, height_px: int, window_w_pt: float, window_h_pt: float) -> float:
    """The resolution an image prints at when fitted whole (aspect kept) in a window."""
    scale = min(window_w_pt / width_px, window_h_pt / height_px)  # points per pixel
    return 72.0 / scale


class HasArt(Protocol):
    """A card that may name its art: a file relative to the file the card is in."""

    @property
    def art(self) -> str | None: ...

    @property
    def source_path(self) -> str | None: ...

    def where(self, *keys: Hashable) -> Location | None:
        """Where a value of the card was written."""
        ...


def check_art(cards: Sequence[HasArt], limits: ImageLimits = DEFAULT_LIMITS) -> list[Finding]:
    """Findings for cards whose art is missing, not a PNG or JPEG, or too large; each at
    the card's `art:` value. Reads each distinct file's header once."""
    found: list[Finding] = []
    headers: dict[tuple[str, str], Header | ImageProblem] = {}
    for card in cards:
        if card.art is None:
            continue
        if card.source_path is not None:  # named in a user's file: inside its project?
            problem = outside(card.art, card.source_path, card.where("art"))
            if problem is not None:
                found.append(problem)
                continue
        key = (art_path(card.art, card.source_path), card.art)
        if key not in headers:
            headers[key] = read_header(*key, limits)
        got = headers[key]
        if isinstance(got, ImageProblem):
            found.append(finding(got.code, got.message, card.where("art")))
    return found
