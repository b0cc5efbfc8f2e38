"""The names of the files kitgen writes, made in one place.

`slug` turns a name (a kit's, a deck's, a card's, a file's stem) into lower-case ASCII
words joined by dashes; `joined` puts a name and what the file holds together without
a doubled word (`scratch` + `cards` + `cards` -> `scratch-cards`); `file_name` adds
the extension and keeps clear of the names Windows reserves for devices. What comes
out is safe on Windows, macOS and Linux: the letters a-z, digits and dashes, at most
`MAX_SLUG` characters a name. The scheme is written down in docs/formats.md (2.7).

Standard library only: commands that draw nothing import it.
"""

from __future__ import annotations

import re
import unicodedata

MAX_SLUG = 60  # characters of one name in a file name, cut at a word

# Letters that are not a base letter and accents, spelt in ASCII as readers spell them.
_LETTERS = str.maketrans(
    {
        "æ": "ae",
        "œ": "oe",
        "ø": "o",
        "ð": "d",
        "þ": "th",
        "ł": "l",
        "đ": "d",
        "ħ": "h",
        "\u0131": "i",
    }
)
_APOSTROPHES = re.compile(r"(?<=\w)['\u2019](?=\w)")  # "don't" is one word, `dont`
# Device names Windows refuses as a file's name, whatever its extension (`con.pdf`).
WINDOWS_RESERVED = frozenset(
    ["con", "prn", "aux", "nul"] + [f"{d}{n}" for d in ("com", "lpt") for n in range(10)]
)
# An id (a faction's, a power's, a game's): lowercase ASCII words joined by single dashes,
# starting with a letter (`kitgen.model.base.Id` holds file ids to it too). Matched whole
# (`fullmatch`: `$` alone would let a final newline through).
ID_PATTERN = r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$"
_ID = re.compile(ID_PATTERN)
MAX_GAME_ID = 40  # characters, as any other id


def slug(text: str, limit: int = MAX_SLUG) -> str:
    """A name's words in lower-case ASCII joined by dashes (`Scratch: Draw the Line` ->
    `scratch-draw-the-line`, `Café Crème` -> `cafe-creme`), cut at a word to at most
    `limit` characters (a single longer word is cut); "" when the name has no letter
    or digit that ASCII can spell (`!!!`, `城堡`)."""
    text = _APOSTROPHES.sub("", text.casefold().translate(_LETTERS))
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    out = ""
    for word in re.findall(r"[a-z0-9]+", plain):
        longer = f"{out}-{word}" if out else word
        if len(longer) > limit:
            return out or word[:limit]
        out = longer
    return out


def name_slug(*names: str) -> str:
    """The slug of the first of the names that has one (a kit's name, then its file's
    stem); `untitled` when none has, so a file name is never empty."""
    for name in names:
        made = slug(name)
        if made:
            return made
    return "untitled"


def joined(*parts: str) -> str:
    """The parts' words joined by dashes, a word that ends one part and begins the next
    written once (`scratch` + `cards` + `cards` -> `scratch-cards`; `scratch` +
    `scratch-starter` + `deck` -> `scratch-starter-deck`; `house-rules` +
    `rules-booklet` -> `house-rules-booklet`). Empty parts are left out."""
    words: list[str] = []
    for part in parts:
        new = [word for word in part.split("-") if word]
        same = [k for k in range(1, min(len(words), len(new)) + 1) if words[-k:] == new[:k]]
        words += new[max(same, default=0) :]
    return "-".join(words)


def file_name(*parts: str, ext: str = ".pdf") -> str:
    """The file name for the parts (`joined`) with its extension; a name Windows keeps
    for a device (`con`, `lpt1`) gets an underscore (`con_.pdf`), as it would be
    refused there even with an extension."""
    base = joined(*parts) or "untitled"
    if base in WINDOWS_RESERVED:
        base += "_"
    return base + ext


def game_id_problem(text: str) -> str | None:
    """Why `text` cannot be a game's id (None: it can). A game's id is a name, never a
    path: it names the game's folder of output (`OUT/<id>/`), so it is an id as a
    faction's is (lowercase ASCII letters, digits and single dashes, starting with a
    letter, at most `MAX_GAME_ID` characters) and not a name Windows keeps for a device.
    The game's title is free text."""
    if len(text) <= MAX_GAME_ID and _ID.fullmatch(text) and text not in WINDOWS_RESERVED:
        return None
    quoted = repr(text if len(text) <= MAX_GAME_ID + 20 else text[:MAX_GAME_ID] + "...")
    if text in WINDOWS_RESERVED:
        why = "it is a name Windows keeps for a device"
    elif len(text) > MAX_GAME_ID:
        why = f"it is {len(text):,} characters long; an id has at most {MAX_GAME_ID}"
    else:
        why = "use lowercase letters, digits and single dashes, starting with a letter"
    return (
        f"{quoted} is not a valid game id: {why} (like `dragon-duel`); a game's id names "
        "its folder of output, its `title:` can be any text"
    )
