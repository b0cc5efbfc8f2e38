"""kitgen.toml: print settings kept for every build (a printer's back offset, paper).

Two files may hold them: the project's `kitgen.toml` (in the current folder or the
nearest parent that has one) and the user's (`$KITGEN_CONFIG`, else the platform's
config folder). Both have one `[print]` table with any of `paper`, `margin`,
`duplex`, `back_offset` and `ink`; the project's settings win, key by key. The files
are read afresh on every call, so `kitgen watch` sees edits at once.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from kitgen.atomic import write_atomic
from kitgen.errors import KitgenError
from kitgen.layout.geometry import LayoutError
from kitgen.layout.paper import paper_size
from kitgen.layout.units import format_mm, parse_length, parse_offset
from kitgen.load.yamlsrc import DEFAULT_LIMITS
from kitgen.model.base import suggest
from kitgen.model.kit import DuplexMode, Ink, PrintSettings

FILENAME = "kitgen.toml"
TABLE = "print"
KEYS = ("paper", "margin", "duplex", "back_offset", "ink")
KIT_KEYS = ("card_size", "bleed", "gutter")  # the kit's, not the printer's
DUPLEX = ("long", "short", "fold", "none")
INKS = ("normal", "low")

_PROJECT_HEADER = """\
# kitgen.toml: this printer's settings for every `kitgen build` run in this folder
# (and the folders below it). Command-line options win over them; they win over the
# user's kitgen.toml and the kit files. [print] takes paper, margin, duplex,
# back_offset and ink, written as on the command line.
"""
_USER_HEADER = """\
# kitgen.toml: this user's printer settings for every `kitgen build`. A project's
# kitgen.toml and command-line options win over them. [print] takes paper, margin,
# duplex, back_offset and ink, written as on the command line.
"""


class ConfigError(KitgenError):
    """A kitgen.toml that cannot be used: bad TOML, an unknown key, a bad value."""

    exit_code = 2


@dataclass(frozen=True)
class ConfigFile:
    """A settings file that exists, and how to name it in messages."""

    path: Path
    shown: str


def project_file(start: Path | None = None) -> Path | None:
    """The nearest kitgen.toml in `start` (the current folder) or one of its parents."""
    try:
        folder = (start or Path.cwd()).resolve()
    except OSError:  # the current folder was removed
        return None
    for candidate in (folder, *folder.parents):
        path = candidate / FILENAME
        if path.is_file():
            return path
    return None


def user_file() -> Path:
    """Where the user's kitgen.toml is (or would be): $KITGEN_CONFIG, else the platform's."""
    explicit = os.environ.get("KITGEN_CONFIG", "")
    if explicit:
        return Path(explicit).expanduser()
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA", "")
        base = Path(appdata) if appdata else Path.home() / "AppData" / "Roaming"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_CONFIG_HOME", "")
        # The XDG spec ignores a relative path here.
        base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".config"
    return base / "kitgen" / FILENAME


def _shown(path: Path) -> str:
    """A path for messages: relative when it is in or above the current folder."""
    try:
        relative = os.path.relpath(path)
    except (OSError, ValueError):  # no current folder, or another drive
        return str(path)
    parts = Path(relative).parts
    if all(p == ".." for p in parts[:-1]) and parts[-1] == FILENAME:
        return relative
    return str(path)


def config_files() -> list[ConfigFile]:
    """The settings files in force, the one that wins first: the project's, then the user's."""
    found: list[ConfigFile] = []
    project = project_file()
    if project is not None:
        found.append(ConfigFile(project, _shown(project)))
    user = user_file()
    if user.is_file() and not (project is not None and _same(project, user)):
        found.append(ConfigFile(user, str(user)))
    return found


def _same(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b)
    except OSError:
        return False


def print_settings() -> PrintSettings:
    """The print settings of the config files in force, checked; ConfigError when one is bad."""
    merged: dict[str, str] = {}
    for config in reversed(config_files()):  # the user's first, then the project's on top
        merged.update(read_settings(config))
    return PrintSettings.model_construct(
        paper=merged.get("paper"),
        card_size=None,
        bleed=None,
        margin=merged.get("margin"),
        gutter=None,
        duplex=cast(DuplexMode | None, merged.get("duplex")),
        back_offset=merged.get("back_offset"),
        ink=cast(Ink | None, merged.get("ink")),
    )


def _read_text(config: ConfigFile) -> str:
    try:
        data = config.path.read_bytes()
    except OSError as err:
        raise ConfigError(f"cannot read {config.shown}: {err.strerror or err}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise ConfigError(f"{config.shown}:{line}: this file is not UTF-8 text") from None


_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_AT_END = re.compile(r"\s*\(at end of document\)$")


# The most digits a whole number may have in kitgen.toml (as in kitgen's YAML files).
MAX_INT_DIGITS = DEFAULT_LIMITS.max_int_digits
_HUGE_DECIMAL = re.compile(r"[0-9][0-9_]{4300,}")  # more than Python converts


def _parse(text: str, shown: str) -> dict[str, Any]:
    """The TOML document, or a ConfigError with the line and column tomllib names."""
    import tomllib  # (only a project that has a kitgen.toml needs it)

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        message = str(err)
        at = _AT.search(message)
        if at is not None:
            where = f"{shown}:{at[1]}:{at[2]}"
            message = message[: at.start()]
        elif _AT_END.search(message):
            lines = text.splitlines() or [""]
            where = f"{shown}:{len(lines)}:{len(lines[-1]) + 1}"
            message = _AT_END.sub("", message) + " at the end of the file"
        else:
            where = shown
        text_of = message[:1].lower() + message[1:]
        raise ConfigError(f"{where}: not valid TOML: {text_of}") from None
    except ValueError:  # tomllib converts a decimal number Python will not: over 4,300 digits
        huge = _HUGE_DECIMAL.search(text)
        where = shown
        if huge is not None:
            line = text.count("\n", 0, huge.start()) + 1
            where = f"{shown}:{line}:{huge.start() - text.rfind(chr(10), 0, huge.start())}"
        raise ConfigError(
            f"{where}: a whole number of more than {MAX_INT_DIGITS} digits; "
            'kitgen.toml takes lengths as quoted text, like margin = "5mm"'
        ) from None


_KEY = r"""(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')"""
_HEADER = re.compile(rf"^\s*\[\s*({_KEY}(?:\s*\.\s*{_KEY})*)\s*\]")
_ASSIGN = re.compile(rf"^(\s*)({_KEY}(?:\s*\.\s*{_KEY})*)\s*=")


def _key_path(text: str) -> tuple[str, ...]:
    """The parts of a (maybe dotted, maybe quoted) TOML key."""
    parts = re.findall(_KEY, text)
    return tuple(p[1:-1] if p[:1] in "\"'" else p for p in parts)


def _scan(text: str) -> list[tuple[int, int, tuple[str, ...], bool]]:
    """(line, column, full key path, is a table header) of every header and assignment.

    A light scan for messages, not a TOML parser: lines inside multi-line strings
    are skipped, and anything it misses is reported without a position.
    """
    found = []
    table: tuple[str, ...] = ()
    in_string: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if in_string is not None:
            if line.count(in_string) % 2:
                in_string = None
            continue
        header = _HEADER.match(line)
        assign = _ASSIGN.match(line)
        if header is not None and not line.lstrip().startswith("[["):
            table = _key_path(header[1])
            found.append((number, line.index("[") + 1, table, True))
        elif line.lstrip().startswith("[["):
            inner = line.lstrip()[2:].split("]")[0]
            table = _key_path(inner)
            found.append((number, line.index("[") + 1, table, True))
        elif assign is not None:
            found.append((number, len(assign[1]) + 1, (*table, *_key_path(assign[2])), False))
            rest = line[assign.end() :]
            for quote in ('"""', "'''"):
                if rest.count(quote) % 2:
                    in_string = quote
                    break
    return found


class _Where:
    """Finds the line and column of a table or key in one file, for messages."""

    def __init__(self, text: str, shown: str) -> None:
        self.entries = _scan(text)
        self.shown = shown

    def __call__(self, *path: str) -> str:
        for line, column, found, _ in self.entries:
            if found[: len(path)] == path:
                return f"{self.shown}:{line}:{column}"
        return self.shown


def read_settings(config: ConfigFile) -> dict[str, str]:
    """The checked [print] settings of one file, as text; ConfigError on any problem."""
    text = _read_text(config)
    data = _parse(text, config.shown)
    where = _Where(text, config.shown)
    for name, value in data.items():
        if name == TABLE:
            if isinstance(value, dict):
                continue
            raise ConfigError(f"{where(name)}: write [print] once, as a table of settings")
        if name in KEYS or name in KIT_KEYS:
            raise ConfigError(f"{where(name)}: put {name!r} under a [print] table")
        kind = "table" if isinstance(value, dict) else "key"
        shown_name = f"[{name}]" if kind == "table" else repr(name)
        raise ConfigError(
            f"{where(name)}: unknown {kind} {shown_name}{suggest(name, [TABLE])}: "
            "kitgen.toml has one [print] table"
        )
    settings: dict[str, str] = {}
    for key, value in data.get(TABLE, {}).items():
        at = where(TABLE, key)
        if key in KIT_KEYS:
            flag = "--" + key.replace("_", "-")
            raise ConfigError(
                f"{at}: {key!r} belongs to the kit, not to the printer: set it in the kit "
                f"file or with {flag}"
            )
        if key not in KEYS:
            raise ConfigError(
                f"{at}: unknown key {key!r} in [print]{suggest(key, [*KEYS, *KIT_KEYS])}; "
                f"it takes {', '.join(KEYS)}"
            )
        try:
            settings[key] = check_value(key, value)
        except (LayoutError, ValueError) as err:
            raise ConfigError(f"{at}: {key}: {err}") from None
    return settings


def check_value(key: str, value: object) -> str:
    """A [print] value as text, checked as the command line would; ValueError if bad."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_INT_DIGITS:
        raise ValueError(f"a whole number of more than {MAX_INT_DIGITS} digits")
    if key == "margin" and isinstance(value, int | float) and not isinstance(value, bool):
        value = f"{value:g}"  # like the kit file: `margin = 0` reads as "0"
    if not isinstance(value, str):
        example = {
            "paper": '"a4"',
            "margin": '"5mm"',
            "duplex": '"long"',
            "back_offset": '"0.5,-1"',
            "ink": '"normal"',
        }[key]
        raise ValueError(f"write it as a quoted string, like {key} = {example}")
    if key == "paper":
        paper_size(value)
    elif key == "margin":
        if parse_length(value) < 0:
            raise ValueError(f"cannot be negative (got {value})")
    elif key == "back_offset":
        parse_offset(value)
    elif key == "duplex" and value not in DUPLEX:
        raise ValueError(f"must be long, short, fold or none (got {value!r})")
    elif key == "ink" and value not in INKS:
        raise ValueError(f"must be normal or low (got {value!r})")
    return value


def offset_text(value: str) -> str:
    """A back offset as kitgen writes it: millimetres, "0.5,-1"; LayoutError if bad."""
    dx, dy = parse_offset(value)
    return ",".join(format_mm(v).removesuffix(" mm") for v in (dx, dy))


def save_target(*, user: bool) -> Path:
    """The file `kitgen calibrate --save` writes: the user's, or the project's, or ./kitgen.toml."""
    if user:
        return user_file()
    return project_file() or Path.cwd() / FILENAME


_VALUE = r"""(?:"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[^\s#]+)"""
_OFFSET_LINE = re.compile(
    rf"""^(?P<lead>\s*(?:back_offset|"back_offset"|'back_offset')\s*=\s*){_VALUE}"""
)


def _with_back_offset(text: str, value: str) -> str | None:
    """The file's text with `back_offset = "value"` under [print], every other line kept.

    None when the file holds [print] in a form this cannot edit safely (dotted keys
    or an inline table).
    """
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines(keepends=True)
    entry = f'back_offset = "{value}"'
    header: int | None = None
    for number, _, path, is_header in _scan(text):
        index = number - 1
        if is_header:
            if path == (TABLE,) and header is None:
                header = index
            continue
        if path == (TABLE, "back_offset"):
            match = _OFFSET_LINE.match(lines[index])
            if match is None:
                return None
            lines[index] = f'{match["lead"]}"{value}"' + lines[index][match.end() :]
            return "".join(lines)
    if header is not None:
        if not lines[header].endswith(("\n", "\r")):
            lines[header] += newline
        lines.insert(header + 1, entry + newline)
        return "".join(lines)
    if TABLE in _parse(text, ""):
        return None
    if text and not text.endswith(("\n", "\r")):
        text += newline
    gap = newline if text.strip() else ""
    return f"{text}{gap}[{TABLE}]{newline}{entry}{newline}"


def save_back_offset(value: str, *, user: bool = False) -> tuple[Path, str]:
    """Write a checked back offset into kitgen.toml, keeping every other line; returns
    the file and the offset as written. ConfigError if the file cannot take it."""
    try:
        written = offset_text(value)
    except LayoutError as err:
        raise ConfigError(str(err)) from None
    path = save_target(user=user)
    shown = str(path) if user else _shown(path)
    if path.is_file():  # a FIFO or a device has no lines to keep: it is written into
        config = ConfigFile(path, shown)
        read_settings(config)  # a broken file is reported, never edited
        text = _read_text(config)
        new = _with_back_offset(text, written)
        before = _parse(text, shown)
        expected = {**before, TABLE: {**before.get(TABLE, {}), "back_offset": written}}
        if new is None or _parse(new, shown) != expected:
            raise ConfigError(
                f'cannot edit {shown} safely: add back_offset = "{written}" to its '
                "[print] table yourself"
            )
    else:
        header = _USER_HEADER if user else _PROJECT_HEADER
        new = f'{header}\n[{TABLE}]\nback_offset = "{written}"  # from kitgen calibrate\n'
    try:
        write_atomic(str(path), new.encode("utf-8"))
    except OSError as err:
        raise ConfigError(f"cannot write {shown}: {err.strerror or err}") from None
    return path, written
