"""A project's font, checked byte by byte before reportlab reads it: a TrueType font
(.ttf, or .otf with TrueType outlines), an OpenType font with PostScript (CFF)
outlines, converted to TrueType ones first (kitgen.load.fontcff), or one font of a
collection (.ttc), chosen by its index or name and taken out of it first.

reportlab's TrueType reader (reportlab.pdfbase.ttfonts.TTFontFile) trusts the file. It
expands the character map into a dictionary entry per code point (a 1 KB file can map
every code point, or four billion of them: gigabytes), and its subsetter, which
embeds the glyphs a PDF uses, indexes its lists with glyph numbers and offsets read
from the file: a character mapped past the last glyph, a composite glyph made of a
glyph that does not exist or running past its own end, glyph locations that go
backwards or past the glyph table are an IndexError or a struct.error while the PDF is
written, after `kitgen check` passed the font.

`font_problem` reads what reportlab reads (the table directory; `name`, `head`, `OS/2`,
`post`, `hhea`, `maxp`; the one `cmap` subtable reportlab picks, picked the same way;
`hmtx`, `loca` and every glyph of `glyf`), with every count and offset checked against
the bytes there before it is used, and the work bounded by FontLimits (the characters
the character map names are counted before any is looked at). A font it passes is one
reportlab reads without an error and whose every glyph its subsetter can embed
(tests/test_fontfile.py holds reportlab to that over mutated fonts).

A collection is read the same way: its header and the chosen font's table directory
are checked against the bytes, and that font's tables are copied into a font of its
own, which is then checked as any other. A CFF font's tables are checked as a
TrueType font's are (but its glyphs, which fontcff reads within FontLimits) before
fontTools converts it, and the converted font is checked again, whole.

Standard library only, but for fontTools where a CFF font is converted: `kitgen check`
of a game without fonts never imports this module.
"""

from __future__ import annotations

import hashlib
import struct
import unicodedata
from dataclasses import dataclass

from kitgen.layout.limits import FONT_LIMITS, FontLimits

# A font of a collection: its index (from 0), or its name (PostScript or full name,
# with case aside); None for a file that is one font.
Choice = int | str | None


@dataclass(frozen=True)
class FontSource:
    """A font file a project names, and which font of it when it is a collection."""

    path: str
    choice: Choice = None


# Characters a PostScript font name, which the PDF names the font by, cannot hold
# (reportlab refuses them, and any byte above 126).
_NOT_IN_NAME = b" [](){}<>/%"
# The name records reportlab looks at: family, style, unique id, full and PostScript.
_NAME_IDS = (1, 2, 3, 4, 6)
_GLYPH_HEADER = 10  # bytes: numberOfContours and the bounding box
# Composite glyph flags (the OpenType `glyf` table), as reportlab's subsetter reads them.
_ARG_1_AND_2_ARE_WORDS = 0x0001
_WE_HAVE_A_SCALE = 0x0008
_MORE_COMPONENTS = 0x0020
_WE_HAVE_AN_X_AND_Y_SCALE = 0x0040
_WE_HAVE_A_TWO_BY_TWO = 0x0080
# Legacy encodings: their character codes are not Unicode, so reportlab, which looks
# characters up by their Unicode code point, would draw other letters than the text's.
_ENCODINGS = {
    (1, 0): "Mac Roman",
    (1, 1): "Mac Japanese",
    (3, 2): "Shift JIS",
    (3, 3): "GB 2312",
    (3, 4): "Big5",
    (3, 5): "Wansung",
    (3, 6): "Johab",
}
# Windows' Unicode encodings: symbol (its characters at U+F020 to U+F0FF), the Basic
# Multilingual Plane, and all of Unicode. Platform 0 is Unicode in every encoding.
_UNICODE = ((3, 0), (3, 1), (3, 10))


class _Bad(Exception):
    """What is wrong with the font, in words for its designer."""


def font_problem(
    data: bytes, limits: FontLimits = FONT_LIMITS, choice: Choice = None
) -> str | None:
    """What keeps kitgen from embedding a font file's bytes, worded to follow "the
    regular font 'x.ttf' ": "is a web font (WOFF); ...", "cannot be used: its character
    map ...". None when reportlab can read the font (its font `choice` of a collection;
    a CFF font converted) and embed any of its glyphs."""
    return usable_font(data, limits, choice)[1]


# Fonts made usable in this process (a CFF font's conversion takes a while): the file's
# digest and choice to the TrueType bytes reportlab reads, or the problem.
_USABLE: dict[tuple[str, Choice, FontLimits], tuple[bytes | None, str | None]] = {}
_MAX_USABLE = 16


def usable_font(
    data: bytes, limits: FontLimits = FONT_LIMITS, choice: Choice = None
) -> tuple[bytes | None, str | None]:
    """The TrueType font reportlab reads for a font file's bytes, or None and what keeps
    kitgen from embedding it (as `font_problem` words it). A collection's font is taken
    out of it (`choice`: its index or name; the first when None), a CFF font converted
    to TrueType outlines; either way the result is checked as a TrueType file is."""
    key = (hashlib.sha256(data).hexdigest(), choice, limits)
    found = _USABLE.get(key)
    if found is None:
        found = _usable(data, limits, choice)
        if len(_USABLE) >= _MAX_USABLE:
            _USABLE.clear()
        _USABLE[key] = found
    return found


def _usable(data: bytes, limits: FontLimits, choice: Choice) -> tuple[bytes | None, str | None]:
    if len(data) > limits.max_bytes:
        return None, f"is larger than {limits.max_bytes // 2**20} MiB"
    try:
        if data[:4] == b"ttcf":
            data = _Collection(data, limits).font(choice)
        elif choice is not None:
            return None, "is one font, not a collection (.ttc): `index` and `name` choose none"
        if data[:4] == b"OTTO":
            _Font(data, limits).check(outlines=False)
            from kitgen.load.fontcff import CffProblem, cff_to_truetype

            try:
                data = cff_to_truetype(data, limits)
            except CffProblem as problem:
                raise _Bad(str(problem)) from None
    except _Bad as bad:
        return None, f"cannot be used: {bad}"
    wrong = _not_truetype(data)
    if wrong is not None:
        return None, f"is {wrong}"
    try:
        _Font(data, limits).check()
    except _Bad as bad:
        return None, f"cannot be used: {bad}"
    return data, None


def font_file_problem(
    path: str, limits: FontLimits = FONT_LIMITS, choice: Choice = None
) -> str | None:
    """`font_problem` of the file at `path` (read up to the limit), or why it cannot be
    read."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(limits.max_bytes + 1)
    except IsADirectoryError:
        return "is a folder, not a font"
    except (OSError, ValueError) as err:  # ValueError: a NUL character in the path
        return f"cannot be read: {getattr(err, 'strerror', None) or err}"
    return font_problem(data, limits, choice)


class _Collection:
    """A font collection (.ttc): its header, and one font of it taken out as a file of
    its own."""

    def __init__(self, data: bytes, limits: FontLimits) -> None:
        self.data = data
        if len(data) < 12:
            raise _Bad("its collection header is cut short")
        count = struct.unpack_from(">L", data, 8)[0]
        if count == 0:
            raise _Bad("it is a collection of no fonts")
        if count > limits.max_collection_fonts:
            raise _Bad(
                f"it is a collection of {count:,} fonts, more than kitgen reads "
                f"({limits.max_collection_fonts})"
            )
        if 12 + 4 * count > len(data):
            raise _Bad("its collection header is cut short")
        self.offsets = struct.unpack_from(f">{count}L", data, 12)
        self.limits = limits

    def font(self, choice: Choice) -> bytes:
        """The chosen font (the first when None), as a file of its own."""
        if choice is None or isinstance(choice, int):
            index = choice or 0
            if not 0 <= index < len(self.offsets):
                last = len(self.offsets) - 1
                raise _Bad(f"it has no font {index} (its fonts are numbered 0 to {last})")
            return self._extract(index)
        wanted = _name_key(choice)
        names: list[str] = []
        for index in range(len(self.offsets)):
            data = self._extract(index)
            found = _Font(data, self.limits).names()
            if wanted in {_name_key(n) for n in found}:
                return data
            names.append(found[0] if found else f"font {index}")
        raise _Bad(f"it has no font named {choice!r}; its fonts: {', '.join(names)}")

    def _extract(self, index: int) -> bytes:
        """Font `index`'s tables, copied into a font file of their own (in the order
        of its table directory, each padded to 4 bytes; no checksums: neither kitgen nor
        reportlab reads them)."""
        at = self.offsets[index]
        if at + 12 > len(self.data):
            raise _Bad(f"its font {index} lies past the end of the file (cut short?)")
        version, count = struct.unpack_from(">4sH", self.data, at)
        if 12 + 16 * count + at > len(self.data):
            raise _Bad(f"its font {index}'s table directory is cut short")
        records = [struct.unpack_from(">4sLLL", self.data, at + 12 + 16 * n) for n in range(count)]
        directory, body = b"", b""
        start = 12 + 16 * count
        for tag, checksum, offset, length in records:
            if offset + length > len(self.data):
                shown = tag.decode("latin-1")
                raise _Bad(f"its {shown!r} table runs past the end of the file (cut short?)")
            table = self.data[offset : offset + length]
            directory += struct.pack(">4sLLL", tag, checksum, start + len(body), length)
            body += table + b"\0" * (-length % 4)
        header = struct.pack(">4sHHHH", version, count, 0, 0, 0)
        return header + directory + body


def _name_key(name: str) -> str:
    return unicodedata.normalize("NFC", name.strip()).casefold()


def _not_truetype(data: bytes) -> str | None:
    """What a file is instead of a TrueType font reportlab can embed; None when it is one."""
    start = data[:4]
    if start in (b"\x00\x01\x00\x00", b"true"):
        return None
    if start in (b"wOFF", b"wOF2"):
        return "a web font (WOFF); use the .ttf file it was made from"
    if not data:
        return "empty, not a font"
    return "not a TrueType or OpenType font"


class _Font:
    """One TrueType file, read as reportlab reads it."""

    def __init__(self, data: bytes, limits: FontLimits) -> None:
        self.data = data
        self.limits = limits
        self.tables: dict[str, tuple[int, int]] = {}  # tag -> (offset, length)
        self.glyphs = 0  # maxp's numGlyphs

    # -- reading numbers, never past the end ---------------------------------------------

    def _need(self, at: int, size: int, what: str) -> None:
        if at < 0 or at + size > len(self.data):
            raise _Bad(f"{what} is cut short")

    def u16(self, at: int, what: str) -> int:
        self._need(at, 2, what)
        value: int = struct.unpack_from(">H", self.data, at)[0]
        return value

    def s16(self, at: int, what: str) -> int:
        self._need(at, 2, what)
        value: int = struct.unpack_from(">h", self.data, at)[0]
        return value

    def u32(self, at: int, what: str) -> int:
        self._need(at, 4, what)
        value: int = struct.unpack_from(">L", self.data, at)[0]
        return value

    def table(self, tag: str, size: int = 0) -> tuple[int, int]:
        """A table's offset and length; it must hold at least `size` bytes."""
        if tag not in self.tables:
            raise _Bad(f"it has no {tag!r} table")
        offset, length = self.tables[tag]
        if length < size:
            raise _Bad(f"its {tag!r} table is cut short ({length} bytes)")
        return offset, length

    # -- the tables -------------------------------------------------------------------

    def check(self, outlines: bool = True) -> None:
        """Check what reportlab reads; `outlines=False`: all but the glyphs (a CFF
        font's, which kitgen.load.fontcff reads and turns into TrueType ones)."""
        self._directory()
        self._name()
        self._head(outlines)
        self._os2()
        self._post()
        number_of_h_metrics = self._hhea()
        self._maxp(outlines)
        self._cmap()
        self._hmtx(number_of_h_metrics)
        if outlines:
            self._glyf(self._loca())

    def names(self) -> list[str]:
        """The font's PostScript and full names (name 6 and 4), for choosing a font of a
        collection by name."""
        self._directory()
        return [n.decode("utf-8", "replace") for n in (self._names()[6], self._names()[4]) if n]

    def _directory(self) -> None:
        count = self.u16(4, "its table directory")
        self._need(12, 16 * count, "its table directory")
        for index in range(count):
            raw, _checksum, offset, length = struct.unpack_from(
                ">4sLLL", self.data, 12 + 16 * index
            )
            try:
                tag = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise _Bad("its table directory is damaged (a table's tag is not text)") from None
            if offset + length > len(self.data):
                raise _Bad(f"its {tag!r} table runs past the end of the file (cut short?)")
            self.tables[tag] = (offset, length)  # the last of a repeated tag, as reportlab

    def _name(self) -> None:
        """The PostScript name reportlab gives the font in the PDF: it must have one,
        in characters a PDF font name holds."""
        names = self._names()
        name = names[6] or names[4] or names[1]
        if not name:
            raise _Bad("it has no PostScript name (name 6, 4 or 1), which a PDF needs")
        name = name.replace(b" ", b"-")
        if any(byte > 126 or byte in _NOT_IN_NAME for byte in name):
            shown = name.decode("utf-8", "replace")
            raise _Bad(f"its PostScript name {shown!r} has characters a PDF font name cannot hold")

    def _names(self) -> dict[int, bytes | None]:
        """The name records reportlab reads, as it keeps them (UTF-8)."""
        start, length = self.table("name", 6)
        if self.u16(start, "its name table") != 0:
            raise _Bad("its name table is not in format 0, the one kitgen reads")
        count = self.u16(start + 2, "its name table")
        strings = start + self.u16(start + 4, "its name table")
        if 6 + 12 * count > length:
            raise _Bad("its name table is cut short")
        names: dict[int, bytes | None] = dict.fromkeys(_NAME_IDS)
        missing = len(names)
        for index in range(count):
            platform, encoding, language, name_id, size, offset = struct.unpack_from(
                ">6H", self.data, start + 6 + 12 * index
            )
            if name_id not in names:
                continue
            raw = self.data[strings + offset : strings + offset + size]
            found = None
            if (platform, encoding, language) == (3, 1, 0x409):
                if size % 2:
                    raise _Bad("its name table holds a UTF-16 name of an odd length")
                found = _name_text(raw, "utf_16_be")
            elif (platform, encoding, language) == (1, 0, 0):
                found = _name_text(raw, "mac_roman")
            if found and names[name_id] is None:
                names[name_id] = found
                missing -= 1
                if missing == 0:
                    break
        return names

    def _head(self, outlines: bool = True) -> None:
        start, _ = self.table("head", 54)
        if self.u16(start, "its head table") != 1:
            raise _Bad("its head table is of a version kitgen cannot read")
        if self.u32(start + 12, "its head table") != 0x5F0F3CF5:
            raise _Bad("its head table is damaged (its magic number is wrong)")
        units = self.u16(start + 18, "its head table")
        if not 16 <= units <= 16384:
            raise _Bad(f"its head table gives {units} units per em; fonts have 16 to 16,384")
        self.long_loca = self.u16(start + 50, "its head table")
        if outlines and self.long_loca not in (0, 1):
            raise _Bad(f"its head table names glyph location format {self.long_loca}, not 0 or 1")
        if outlines and self.u16(start + 52, "its head table") != 0:
            raise _Bad("its head table names a glyph data format other than 0")

    def _os2(self) -> None:
        if "OS/2" not in self.tables:
            return  # Apple's fonts may have none: reportlab takes the head table's box
        start, length = self.table("OS/2", 72)
        if self.u16(start, "its OS/2 table") > 1 and length < 90:
            raise _Bad(f"its 'OS/2' table is cut short ({length} bytes)")
        embedding = self.u16(start + 8, "its OS/2 table")
        if embedding == 0x0002 or embedding & 0x0300:  # reportlab's test, word for word
            raise _Bad(
                f"its licence bits (OS/2 fsType 0x{embedding:04X}) do not allow embedding a "
                "subset of it in a PDF"
            )

    def _post(self) -> None:
        start, _ = self.table("post", 16)
        if self.u16(start, "its post table") not in (1, 2, 3, 4):
            raise _Bad("its post table is of a version kitgen cannot read")

    def _hhea(self) -> int:
        start, _ = self.table("hhea", 36)
        if self.u16(start, "its hhea table") != 1:
            raise _Bad("its hhea table is of a version kitgen cannot read")
        if self.u16(start + 32, "its hhea table") != 0:
            raise _Bad("its hhea table names a metric data format other than 0")
        count = self.u16(start + 34, "its hhea table")
        if count == 0:
            raise _Bad("its hhea table gives no horizontal metrics")
        return count

    def _maxp(self, outlines: bool = True) -> None:
        start, _ = self.table("maxp", 6)
        if not outlines:  # a CFF font's: version 0.5 (or 1.0)
            if self.u32(start, "its maxp table") not in (0x00005000, 0x00010000):
                raise _Bad("its maxp table is of a version kitgen cannot read")
        elif self.u16(start, "its maxp table") != 1:
            raise _Bad("its maxp table is of a version kitgen cannot read (not TrueType outlines)")
        self.glyphs = self.u16(start + 4, "its maxp table")
        if self.glyphs == 0:
            raise _Bad("it has no glyphs")

    def _hmtx(self, long_metrics: int) -> None:
        _, length = self.table("hmtx")
        need = 4 * long_metrics + 2 * max(0, self.glyphs - long_metrics)
        if length < need:
            raise _Bad(f"its 'hmtx' table is cut short ({length} bytes of {need})")

    # -- the character map ------------------------------------------------------------

    def _cmap(self) -> None:
        start, length = self.table("cmap", 4)
        end = start + length
        version, count = struct.unpack_from(">HH", self.data, start)
        if count == 0 and version != 0:  # reportlab reads the two either way round
            count = version
        if 4 + 8 * count > length:
            raise _Bad("its 'cmap' table is cut short")
        # The subtable reportlab picks: the last of Windows' (platform 3), and of
        # Unicode's (platform 0) but variation sequences, and of Mac's (platform 1)
        # Japanese; Mac Roman only when nothing before it was picked.
        picked: tuple[int, int, int] | None = None
        kind = 0
        for index in range(count):
            platform, encoding, offset = struct.unpack_from(
                ">HHL", self.data, start + 4 + 8 * index
            )
            if platform == 3 or (platform, encoding) == (1, 1) or (platform == 0 and encoding != 5):
                kind, picked = 1, (platform, encoding, offset)
            elif (platform, encoding) == (1, 0) and kind != 1:
                kind, picked = 2, (platform, encoding, offset)
        if picked is None:
            raise _Bad("it has no Unicode character map ('cmap')")
        platform, encoding, offset = picked
        legacy = _ENCODINGS.get((platform, encoding))
        if legacy is None and platform != 0 and (platform, encoding) not in _UNICODE:
            legacy = f"platform {platform}, encoding {encoding}"
        if legacy is not None:
            raise _Bad(
                f"its character map is in a legacy encoding ({legacy}), not Unicode: the "
                "wrong letters would print"
            )
        at = start + offset
        what = "its character map"
        if at + 2 > end:
            raise _Bad(f"{what} is cut short")
        form = self.u16(at, what)
        if form in (8, 10, 12, 13):
            header, declared = 12, self.u32(at + 4, what)
        else:
            header, declared = 6, self.u16(at + 2, what)
        if at + header > end:
            raise _Bad(f"{what} is cut short")
        if form == 0:
            self._cmap_0(at, declared, end)
        elif form == 4:
            self._cmap_4(at, declared, end)
        elif form in (6, 10):
            self._cmap_6_10(at, form, end)
        elif form in (12, 13):
            self._cmap_12_13(at, form, end)
        else:
            raise _Bad(f"its character map is in format {form}, which kitgen cannot read")

    def _too_many(self, count: int) -> None:
        if count > self.limits.max_characters:
            raise _Bad(
                f"its character map names {count:,} characters, more than kitgen reads "
                f"({self.limits.max_characters:,})"
            )

    def _past_last(self, code: int, glyph: int) -> None:
        if glyph >= self.glyphs:
            raise _Bad(
                f"its character map sends U+{code:04X} to glyph {glyph}, past its last glyph "
                f"({self.glyphs - 1})"
            )

    def _cmap_0(self, at: int, declared: int, end: int) -> None:
        size = max(0, declared - 6)
        if at + 6 + size > end:
            raise _Bad("its character map is cut short")
        for code in range(min(256, self.glyphs, size)):
            self._past_last(code, self.data[at + 6 + code])

    def _cmap_4(self, at: int, declared: int, end: int) -> None:
        what = "its character map"
        segments = self.u16(at + 6, what) // 2
        if at + 16 + 8 * segments > end:
            raise _Bad(f"{what} is cut short")
        ends = struct.unpack_from(f">{segments}H", self.data, at + 14)
        starts = struct.unpack_from(f">{segments}H", self.data, at + 16 + 2 * segments)
        deltas = struct.unpack_from(f">{segments}h", self.data, at + 16 + 4 * segments)
        ranges_at = at + 16 + 6 * segments
        ranges = struct.unpack_from(f">{segments}H", self.data, ranges_at)
        self._too_many(
            sum(max(0, last - first + 1) for first, last in zip(starts, ends, strict=True))
        )
        limit = at + declared  # reportlab maps a glyph index read past it to glyph 0
        for index, (first, last, delta, offset) in enumerate(
            zip(starts, ends, deltas, ranges, strict=True)
        ):
            if last < first:
                continue
            if offset == 0:  # glyphs low, low + 1, ...: past the last before any wraps
                low = (first + delta) & 0xFFFF
                if low + last - first >= self.glyphs:
                    bad = max(low, self.glyphs)
                    self._past_last(first + bad - low, bad)
                continue
            base = ranges_at + 2 * index + offset
            for code in range(first, last + 1):
                place = base + 2 * (code - first)
                if place >= limit:
                    continue
                glyph = self.u16(place, what)
                if glyph:
                    self._past_last(code, (glyph + delta) & 0xFFFF)

    def _cmap_6_10(self, at: int, form: int, end: int) -> None:
        what = "its character map"
        if form == 6:
            first, count, codes = self.u16(at + 6, what), self.u16(at + 8, what), at + 10
        else:
            first, count, codes = self.u32(at + 12, what), self.u32(at + 16, what), at + 20
        self._too_many(count)
        if codes + 2 * count > end:
            raise _Bad(f"{what} is cut short")
        if count and first + count > self.glyphs:  # the codes of glyphs first, first + 1, ...
            bad = max(first, self.glyphs)
            self._past_last(self.u16(codes + 2 * (bad - first), what), bad)

    def _cmap_12_13(self, at: int, form: int, end: int) -> None:
        what = "its character map"
        groups = self.u32(at + 12, what)
        self._too_many(groups)
        if at + 16 + 12 * groups > end:
            raise _Bad(f"{what} is cut short")
        table = memoryview(self.data)[at + 16 : at + 16 + 12 * groups]
        triples = struct.iter_unpack(">LLL", table)
        self._too_many(sum(last - first + 1 for first, last, _ in triples if last >= first))
        for first, last, glyph in struct.iter_unpack(">LLL", table):
            if last < first:
                continue
            if form == 13 and glyph >= self.glyphs:  # one glyph for the whole group
                self._past_last(first, glyph)
            if form == 12 and glyph + last - first >= self.glyphs:  # glyph, glyph + 1, ...
                bad = max(glyph, self.glyphs)
                self._past_last(first + bad - glyph, bad)

    # -- the glyphs -------------------------------------------------------------------

    def _loca(self) -> list[int]:
        """Where each glyph starts in `glyf`, and where the last one ends."""
        _, glyf_length = self.table("glyf")
        start, length = self.table("loca")
        count = self.glyphs + 1
        size = 4 if self.long_loca else 2
        if count * size > length:
            raise _Bad(f"its 'loca' table is cut short ({length} bytes of {count * size})")
        if self.long_loca:
            places = list(struct.unpack_from(f">{count}L", self.data, start))
        else:
            places = [2 * place for place in struct.unpack_from(f">{count}H", self.data, start)]
        for glyph in range(self.glyphs):
            if places[glyph + 1] < places[glyph]:
                raise _Bad(f"its glyph locations ('loca') go backwards at glyph {glyph}")
        if places[-1] > glyf_length:
            raise _Bad("its glyph locations ('loca') point past the end of its 'glyf' table")
        return places

    def _glyf(self, places: list[int]) -> None:
        start, _ = self.table("glyf")
        parts: dict[int, list[int]] = {}
        for glyph in range(self.glyphs):
            size = places[glyph + 1] - places[glyph]
            if size == 0:
                continue  # an empty glyph (a space)
            if size < _GLYPH_HEADER:
                raise _Bad(f"glyph {glyph} is cut short ({size} bytes)")
            at = start + places[glyph]
            if self.s16(at, f"glyph {glyph}") < 0:
                parts[glyph] = self._components(glyph, at + _GLYPH_HEADER, at + size)
        self._no_loops(parts)

    def _components(self, glyph: int, at: int, end: int) -> list[int]:
        """The glyphs a composite glyph is made of, read as reportlab's subsetter reads
        them; each part must lie inside the glyph and name a glyph of the font."""
        found = []
        flags = _MORE_COMPONENTS
        while flags & _MORE_COMPONENTS:
            if at + 4 > end:
                raise _Bad(f"glyph {glyph} is cut short (its parts run past its end)")
            flags, part = struct.unpack_from(">HH", self.data, at)
            at += 4 + (4 if flags & _ARG_1_AND_2_ARE_WORDS else 2)
            if flags & _WE_HAVE_A_SCALE:
                at += 2
            elif flags & _WE_HAVE_AN_X_AND_Y_SCALE:
                at += 4
            elif flags & _WE_HAVE_A_TWO_BY_TWO:
                at += 8
            if at > end:
                raise _Bad(f"glyph {glyph} is cut short (its parts run past its end)")
            if part >= self.glyphs:
                last = self.glyphs - 1
                raise _Bad(f"glyph {glyph} is made of glyph {part}, past its last glyph ({last})")
            found.append(part)
        return found

    def _no_loops(self, parts: dict[int, list[int]]) -> None:
        """No composite glyph contains itself, and none nests deeper than the limit (a
        composite of simple glyphs is one deep)."""
        state = bytearray(self.glyphs)  # 0: not seen, 1: being walked, 2: done
        height = [0] * self.glyphs  # how deep a done glyph nests (0: simple)
        for root in parts:
            if state[root]:
                continue
            state[root] = 1
            stack = [(root, iter(parts[root]))]
            while stack:
                glyph, rest = stack[-1]
                part = next(rest, None)
                if part is None:
                    deepest = 1 + max(height[p] for p in parts[glyph])
                    if deepest > self.limits.max_composite_depth:
                        raise _Bad(
                            f"glyph {glyph} nests composite glyphs more than "
                            f"{self.limits.max_composite_depth} deep"
                        )
                    height[glyph] = deepest
                    state[glyph] = 2
                    stack.pop()
                elif state[part] == 1:
                    raise _Bad(f"glyph {part} is made of itself (through its parts)")
                elif state[part] == 0 and part in parts:
                    state[part] = 1
                    stack.append((part, iter(parts[part])))


def _name_text(raw: bytes, encoding: str) -> bytes:
    """A name record as reportlab keeps it: decoded (Latin-1 when it is not the
    encoding it claims), as UTF-8."""
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return text.encode("utf-8")
