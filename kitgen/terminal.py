"""Text from files, made safe to show on a terminal.

A name in a YAML file (a player, a card, a deck) is printed in findings, replays,
scores, simulations and export notes. Printed raw, `"\\e]0;PWNED\\a\\e[2J"` would
retitle the window and clear the screen: a terminal obeys the control characters
in what it is shown. So every control character is shown escaped, the way Python
writes it in a string (`\\x1b`, `\\n`, `\\u202e`):

- C0 controls (U+0000 to U+001F: ESC, BEL, CR, backspace, tab, newline...) and DEL;
- C1 controls (U+0080 to U+009F: CSI and OSC in one character, on some terminals);
- the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E,
  U+200F, U+202A to U+202E, U+2066 to U+2069), which reorder what follows them;
- the line and paragraph separators (U+2028, U+2029);
- lone surrogates (U+D800 to U+DFFF), which a YAML escape can make and which
  cannot be written as UTF-8 at all.

`shown` escapes all of them: a value shown with it stays on its line. `safe_lines`
keeps newlines and escapes the rest: `kitgen.cli.check.echo`, which everything a
command prints goes through, applies it to every line it writes, so a value that
some message forgot to pass through `shown` still cannot drive the terminal.

Light on purpose (`re` only): the plain `check` path imports it.
"""

from __future__ import annotations

import re
from functools import cache

_OTHERS = "\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff"


@cache
def _pattern(newline: bool) -> re.Pattern[str]:
    """The characters to escape (`newline`: the newline too), compiled when first
    needed: what a terminal is shown is nearly always printable as it is."""
    if newline:
        return re.compile(f"[\x00-\x1f{_OTHERS}]")
    return re.compile(f"[\x00-\x09\x0b-\x1f{_OTHERS}]")


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(value: object) -> str:
    """`value` as text with every control character escaped (newlines too): one line."""
    text = value if isinstance(value, str) else str(value)
    if text.isprintable():  # (every character escaped is one Python calls unprintable)
        return text
    found = _pattern(True)
    return found.sub(_escaped, text) if found.search(text) else text


def safe_lines(text: str) -> str:
    """`text` with every control character but the newline escaped."""
    if text.replace("\n", "").isprintable():
        return text
    found = _pattern(False)
    return found.sub(_escaped, text) if found.search(text) else text
