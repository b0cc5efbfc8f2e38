"""Read YAML text into plain Python values and a source map, safely.

The reader walks PyYAML's event stream itself instead of composing a node
tree: it never recurses (deep nesting cannot overflow the stack), it counts
what aliases expand to before anything else walks the data, it rejects
non-standard tags, it catches duplicate keys, and it records the line and
column of every key and value. Plain scalars follow the YAML 1.2 core schema,
so `no`, `on` and `yes` stay text and dates are not converted.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

import yaml

from kitgen.model.findings import Finding, Location, finding
from kitgen.model.source import Path, SourceMap

_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_CORE = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null")}
_NUMBER_TAGS = _SCALAR_TAGS - {_CORE + "str"}  # tags whose text may be a whole number
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT10 = re.compile(r"^[-+]?[0-9]+$")
_INT8 = re.compile(r"^0o[0-7]+$")
_INT16 = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_INF = re.compile(r"^[-+]?\.(?:inf|Inf|INF)$")
_NAN = re.compile(r"^\.(?:nan|NaN|NAN)$")


@dataclass(frozen=True)
class Limits:
    """How much of a YAML file kitgen agrees to read."""

    max_file_bytes: int = 4 * 1024 * 1024
    max_depth: int = 48
    max_values: int = 250_000
    max_string: int = 20_000
    # Digits of a whole number (decimal, 0o octal or 0x hex), sign and prefix aside:
    # kitgen's largest, a seed, has 19; Python refuses to print one over 4,300.
    max_int_digits: int = 100


DEFAULT_LIMITS = Limits()


@dataclass
class Parsed:
    """A parsed file: its top-level value (None when unusable), marks, findings."""

    value: Any
    source: SourceMap
    findings: list[Finding] = field(default_factory=list)


class _Fatal(Exception):
    """Stops reading: the rest of the file cannot be trusted."""

    def __init__(self, found: Finding) -> None:
        super().__init__(found.message)
        self.found = found


def int_digits(text: str) -> int:
    """How many digits a plain scalar that YAML 1.2 reads as a whole number has (sign and
    0o/0x prefix aside), or 0 when it is not one."""
    if _INT10.match(text):
        return len(text.lstrip("+-"))
    if _INT8.match(text) or _INT16.match(text):
        return len(text) - 2
    return 0


# Plain text that can only be text: a first character no null, bool or number starts with.
_TEXT_START = frozenset(
    "abcdeghijklmopqrsuvwxyzABCDEGHIJKLMOPQRSUVWXYZ"  # not n/N, t/T, f/F (null, true, false)
)


def resolve_plain(text: str, max_int_digits: int = DEFAULT_LIMITS.max_int_digits) -> Any:
    """The value of a plain (unquoted) scalar under the YAML 1.2 core schema.

    A whole number of more than `max_int_digits` digits stays text: the reader
    reports it (`number-too-large`) before anything converts or prints it.
    """
    if text[:1] in _TEXT_START:  # most keys and names: no pattern can match
        return text
    if _NULL.match(text):
        return None
    if text in _BOOL:
        return _BOOL[text]
    if len(text) > max_int_digits and int_digits(text) > max_int_digits:
        return text
    try:
        if _INT10.match(text):
            return int(text, 10)
        if _INT8.match(text):
            return int(text[2:], 8)
        if _INT16.match(text):
            return int(text[2:], 16)
    except ValueError:  # more digits than Python converts: keep the text
        return text
    if _FLOAT.match(text) or _INF.match(text) or _NAN.match(text):
        return float(
            text.replace(".inf", "inf")
            .replace(".Inf", "inf")
            .replace(".INF", "inf")
            .replace(".nan", "nan")
            .replace(".NaN", "nan")
            .replace(".NAN", "nan")
        )
    return text


def _short(tag: str) -> str:
    return "!!" + tag[len(_CORE) :] if tag.startswith(_CORE) else tag


class _Container:
    """A mapping or sequence being built from events."""

    def __init__(
        self,
        value: dict[Any, Any] | list[Any],
        path: Path,
        mark: tuple[int, int],
        anchor: str | None,
    ) -> None:
        self.value = value
        self.path = path
        self.mark = mark
        self.anchor = anchor
        self.size = 1
        self.key: Any = None
        self.key_mark: tuple[int, int] = mark
        self.key_done = False
        self.merges: list[tuple[dict[Any, Any], tuple[int, int]]] = []


_BAD_KEY = object()


class _Reader:
    def __init__(self, path: str, limits: Limits) -> None:
        self.limits = limits
        self.source = SourceMap(path)
        self.findings: list[Finding] = []
        self.stack: list[_Container] = []
        self.anchors: dict[str, tuple[Any, int]] = {}
        self.total = 0
        self.aliases = 0
        self.root: Any = None
        self.has_root = False
        self.documents = 0

    def loc(self, mark: tuple[int, int]) -> Location:
        return Location(self.source.path, *mark)

    def problem(self, code: str, message: str, mark: tuple[int, int]) -> None:
        self.findings.append(finding(code, message, self.loc(mark)))

    def fatal(self, code: str, message: str, mark: tuple[int, int]) -> _Fatal:
        return _Fatal(finding(code, message, self.loc(mark)))

    def child_path(self) -> Path:
        if not self.stack:
            return ()
        top = self.stack[-1]
        if isinstance(top.value, list):
            return (*top.path, len(top.value))
        if top.key_done:
            key = top.key if isinstance(top.key, Hashable) else _BAD_KEY
            return (*top.path, key)
        return (*top.path, "<key>")

    def count(self, size: int, mark: tuple[int, int]) -> None:
        self.total += size
        if self.total > self.limits.max_values:
            how = " (aliases repeat parts of it)" if self.aliases else ""
            raise self.fatal(
                "too-many-values",
                f"this file expands to more than {self.limits.max_values:,} values{how}; "
                "kitgen stops reading here",
                mark,
            )

    # --- events -------------------------------------------------------
    def scalar(self, ev: Any, mark: tuple[int, int]) -> None:
        text: str = ev.value
        if len(text) > self.limits.max_string:
            self.problem(
                "string-too-long",
                f"this text is {len(text):,} characters long; kitgen reads at most "
                f"{self.limits.max_string:,} in one value",
                mark,
            )
        tag = ev.tag
        plain = ev.style in (None, "") and ev.implicit[0]
        too_large = False
        if len(text) > self.limits.max_int_digits and (
            (plain and tag is None) or tag in _NUMBER_TAGS
        ):
            digits = int_digits(text)
            too_large = digits > self.limits.max_int_digits
            if too_large:
                self.problem(
                    "number-too-large",
                    f"this whole number has {digits:,} digits; kitgen reads at most "
                    f"{self.limits.max_int_digits:,} (quote it to write text)",
                    mark,
                )
        if tag in (None, "!"):
            plain_value = plain and tag is None
            value = resolve_plain(text, self.limits.max_int_digits) if plain_value else text
        elif tag == _CORE + "str":
            value = text
        elif tag in _SCALAR_TAGS:
            value = resolve_plain(text, self.limits.max_int_digits)
            fits = {
                "int": isinstance(value, int) and not isinstance(value, bool),
                "float": isinstance(value, (int, float)) and not isinstance(value, bool),
                "bool": isinstance(value, bool),
                "null": value is None,
            }[tag[len(_CORE) :]]
            if not fits and not too_large:
                self.problem("yaml-tag", f"{text!r} does not fit its tag {_short(tag)}", mark)
                value = text
        else:
            self.problem(
                "yaml-tag",
                f"the tag {_short(tag)} is not allowed in kitgen files; remove it",
                mark,
            )
            value = text  # read on as plain text, so one problem is reported once
        self.add(value, 1, mark, ev.anchor)

    def start(self, ev: Any, mark: tuple[int, int], container: dict[Any, Any] | list[Any]) -> None:
        tag = ev.tag
        expected = _CORE + ("map" if isinstance(container, dict) else "seq")
        if tag not in (None, "!", expected):
            self.problem(
                "yaml-tag", f"the tag {_short(tag)} is not allowed in kitgen files; remove it", mark
            )
        if len(self.stack) >= self.limits.max_depth:
            raise self.fatal(
                "yaml-too-deep",
                f"lists and mappings are nested more than {self.limits.max_depth} deep here",
                mark,
            )
        self.count(1, mark)
        path = self.child_path()
        self.stack.append(_Container(container, path, mark, ev.anchor))

    def end(self) -> None:
        box = self.stack.pop()
        if isinstance(box.value, dict):
            for merged, mark in box.merges:
                for k, v in merged.items():
                    if k not in box.value:
                        box.value[k] = v
                        self.source.values.setdefault((*box.path, k), mark)
                        self.source.keys.setdefault((*box.path, k), mark)
        self.add(box.value, box.size, box.mark, box.anchor, counted=True)

    def alias(self, ev: Any, mark: tuple[int, int]) -> None:
        self.aliases += 1
        if ev.anchor not in self.anchors:
            raise self.fatal("yaml-syntax", f"the alias *{ev.anchor} names no anchor", mark)
        value, size = self.anchors[ev.anchor]
        self.add(value, size, mark, None)

    def add(
        self,
        value: Any,
        size: int,
        mark: tuple[int, int],
        anchor: str | None,
        *,
        counted: bool = False,
    ) -> None:
        if not counted:
            self.count(size, mark)
        if anchor:
            self.anchors[anchor] = (value, size)
        if not self.stack:
            self.root = value
            self.has_root = True
            self.source.values[()] = mark
            return
        top = self.stack[-1]
        top.size += size
        if isinstance(top.value, list):
            self.source.values[(*top.path, len(top.value))] = mark
            top.value.append(value)
            return
        if not top.key_done:
            if not isinstance(value, Hashable):
                self.problem(
                    "wrong-type",
                    "a key must be plain text or a number, not a list or mapping",
                    mark,
                )
                value = _BAD_KEY
            top.key, top.key_mark, top.key_done = value, mark, True
            return
        key, key_mark = top.key, top.key_mark
        top.key_done = False
        if key is _BAD_KEY:
            return
        if key == "<<" and self._merge(top, value, mark):
            return
        if key in top.value:
            first = self.source.keys.get((*top.path, key), key_mark)
            self.problem(
                "duplicate-key",
                f"the key {key!r} appears twice in this mapping (first on line {first[0]})",
                key_mark,
            )
            return
        top.value[key] = value
        self.source.keys[(*top.path, key)] = key_mark
        self.source.values[(*top.path, key)] = mark

    def _merge(self, top: _Container, value: Any, mark: tuple[int, int]) -> bool:
        """Handle a YAML merge key (`<<: *base`); False when it is not one."""
        sources = value if isinstance(value, list) else [value]
        if not sources or not all(isinstance(s, dict) for s in sources):
            return False
        top.merges.extend((s, mark) for s in sources)
        return True


def _mark_of(ev: Any) -> tuple[int, int]:
    return (ev.start_mark.line + 1, ev.start_mark.column + 1)


def _char_at(text: str, line: int, column: int) -> str:
    """The character at a 0-based line and column, or ''."""
    lines = text.split("\n")
    if 0 <= line < len(lines) and 0 <= column < len(lines[line]):
        return lines[line][column]
    return ""


def _line_col(text: str, index: int) -> tuple[int, int]:
    """Line and column (from 1) of a character index in text."""
    index = max(0, min(index, len(text)))
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def parse_yaml(text: str, path: str, limits: Limits = DEFAULT_LIMITS) -> Parsed:
    """Parse one YAML document into values, a source map and findings."""
    reader = _Reader(path, limits)
    try:
        for ev in yaml.parse(text, Loader=_Loader):
            mark = _mark_of(ev)
            if isinstance(ev, yaml.DocumentStartEvent):
                reader.documents += 1
                if reader.documents > 1:
                    reader.problem(
                        "yaml-multiple-documents",
                        "a second YAML document starts here; a kitgen file holds one "
                        "(remove the `---` line or split the file)",
                        mark,
                    )
                    break
            elif isinstance(ev, yaml.ScalarEvent):
                reader.scalar(ev, mark)
            elif isinstance(ev, yaml.MappingStartEvent):
                reader.start(ev, mark, {})
            elif isinstance(ev, yaml.SequenceStartEvent):
                reader.start(ev, mark, [])
            elif isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                reader.end()
            elif isinstance(ev, yaml.AliasEvent):
                reader.alias(ev, mark)
    except _Fatal as stop:
        reader.findings.append(stop.found)
        return Parsed(None, reader.source, reader.findings)
    except yaml.MarkedYAMLError as err:
        m = err.problem_mark or err.context_mark
        where = (m.line + 1, m.column + 1) if m is not None else (1, 1)
        what = " ".join(p for p in (err.context, err.problem) if p)
        if "maximum nesting depth" in what:  # newer PyYAML (6.0.4) stops scanning first
            reader.findings.append(
                finding(
                    "yaml-too-deep",
                    f"lists and mappings are nested more than {limits.max_depth} deep here",
                    reader.loc(where),
                )
            )
            return Parsed(None, reader.source, reader.findings)
        if m is not None and _char_at(text, m.line, m.column) == "\t":
            what += " (a tab: YAML indents with spaces only)"
        reader.findings.append(
            finding("yaml-syntax", f"YAML syntax: {what or 'cannot parse'}", reader.loc(where))
        )
        return Parsed(None, reader.source, reader.findings)
    except yaml.reader.ReaderError as err:
        line, col = _line_col(text, err.position)
        reader.findings.append(
            finding(
                "yaml-syntax",
                f"YAML syntax: character U+{err.character:04X} is not allowed in YAML text"
                if isinstance(err.character, int)
                else f"YAML syntax: {err.reason}",
                reader.loc((line, col)),
            )
        )
        return Parsed(None, reader.source, reader.findings)
    except yaml.YAMLError as err:  # anything else the parser raises
        reader.findings.append(
            finding("yaml-syntax", f"YAML syntax: {err}".splitlines()[0], reader.loc((1, 1)))
        )
        return Parsed(None, reader.source, reader.findings)
    if not reader.has_root:
        reader.findings.append(
            finding("empty-file", "the file holds no YAML data", reader.loc((1, 1)))
        )
        return Parsed(None, reader.source, reader.findings)
    return Parsed(reader.root, reader.source, reader.findings)


def decode_utf8(data: bytes, path: str) -> tuple[str | None, Finding | None]:
    """Decode file bytes as UTF-8 (a BOM is allowed), or say where it fails."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None, finding(
            "invalid-utf8",
            "the file is UTF-16 text; save it as UTF-8",
            Location(path, 1, 1),
        )
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as err:
        before = data[: err.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        return None, finding(
            "invalid-utf8",
            f"byte 0x{data[err.start]:02X} is not valid UTF-8; save the file as UTF-8",
            Location(path, line, col),
        )
