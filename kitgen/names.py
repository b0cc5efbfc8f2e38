"""The names of the files kitgen writes, made in one place, and how names are compared.

`slug` turns a name (a kit's, a deck's, a card's, a file's stem) into lower-case words
joined by dashes: letters ASCII can spell in ASCII (`Café` -> `cafe`), letters of other
scripts as they are (`Πελαργός` -> `πελαργός`); `joined` puts a name and what the file
holds together without a doubled word (`scratch` + `cards` + `cards` ->
`scratch-cards`); `file_name` adds the extension and keeps clear of the names Windows
reserves for devices. What comes out is safe on Windows, macOS and Linux: letters,
digits and dashes (no space, punctuation, control or invisible character), NFC, at most
`MAX_SLUG` characters and `MAX_SLUG_BYTES` bytes a name. The scheme is written down in
docs/formats.md (2.8).

`name_key` is how a name is looked up (a deck's card, a record's card, a figure's
card): its Unicode identity, case, spacing and punctuation aside; `fold` is the same
identity with nothing but case aside (docs/formats.md 1.1).

Standard library only: commands that draw nothing import it, and so may a game's engine.
"""

from __future__ import annotations

import re
import unicodedata

MAX_SLUG = 60  # characters of one name in a file name, cut at a word
# Bytes (UTF-8) of one name in a file name: a letter beyond ASCII takes two to four, and
# a whole file name (a game's id, a name, a part, the extension) must stay well within
# the 255 bytes a file system allows one name.
MAX_SLUG_BYTES = 120

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
# A word of a slug: ASCII letters and digits, and the letters of other scripts kept.
_WORD = re.compile(r"[a-z0-9\u0080-\U0010ffff]+")
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


def _clusters(text: str) -> list[str]:
    """The text's characters, each with the combining marks that follow it."""
    out: list[str] = []
    for ch in text:
        if out and unicodedata.category(ch)[0] == "M":
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _spelled(text: str) -> str:
    """The name in lower case, NFC, each letter spelt in ASCII when ASCII can spell it
    (as `slug` always did: `Æ` -> `ae`, `é` -> `e`, `ß` -> `ss`), else kept (`π`, `й`,
    `城`); other characters ASCII cannot spell are left out, but a space or punctuation
    mark next to a kept letter parts words (`城堡、王国` -> `城堡 王国`)."""
    text = _APOSTROPHES.sub("", unicodedata.normalize("NFC", text.lower()))
    pieces: list[tuple[str, str]] = []  # (text, kind): ascii, kept or gap
    for cluster in _clusters(text):
        ascii_form = cluster.casefold().translate(_LETTERS)
        plain = unicodedata.normalize("NFKD", ascii_form).encode("ascii", "ignore").decode()
        kind = unicodedata.category(cluster[0])
        if plain:
            pieces.append((plain, "ascii"))
        elif kind[0] in "LN":
            pieces.append((cluster, "kept"))
        elif kind[0] in "PZ":
            pieces.append(("", "gap"))
    out = []
    for i, (piece, kind) in enumerate(pieces):
        if kind == "gap":
            near = [pieces[j][1] for j in (i - 1, i + 1) if 0 <= j < len(pieces)]
            piece = " " if "kept" in near else ""
        out.append(piece)
    return unicodedata.normalize("NFC", "".join(out))


def _fits(text: str, limit: int) -> bool:
    return len(text) <= limit and len(text.encode("utf-8", "surrogatepass")) <= MAX_SLUG_BYTES


def _cut(word: str, limit: int) -> str:
    """A word longer than a name may be, cut after a whole letter (with its accents)."""
    out = ""
    for cluster in _clusters(word):
        if not _fits(out + cluster, limit):
            return out or cluster[0]
        out += cluster
    return out


def slug(text: str, limit: int = MAX_SLUG) -> str:
    """A name's words in lower case joined by dashes (`Scratch: Draw the Line` ->
    `scratch-draw-the-line`, `Café Crème` -> `cafe-creme`, `Πελαργός` -> `πελαργός`),
    cut at a word to at most `limit` characters and `MAX_SLUG_BYTES` bytes (a single
    longer word is cut after a letter); "" when the name has no letter or digit
    (`!!!`, `☃ ♠`). A letter ASCII can spell is spelt in ASCII, exactly as kitgen
    always has; other letters and digits are kept as they are, lower-cased."""
    return fit(_WORD.findall(_spelled(text)), limit)


def fit(words: list[str], limit: int = MAX_SLUG) -> str:
    """The words joined by dashes, as many as fit in `limit` characters and
    `MAX_SLUG_BYTES` bytes (a first word longer than that is cut after a letter)."""
    out = ""
    for word in words:
        longer = f"{out}-{word}" if out else word
        if not _fits(longer, limit):
            return out or _cut(word, limit)
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


# --- Comparing names --------------------------------------------------------------------

_NOT_ASCII_KEY = re.compile(r"[^0-9a-z]+")


def spelt(text: str) -> str:
    """A name exactly as spelt, whichever way its letters were typed: NFC (an accent
    typed as a combining mark is the precomposed letter)."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def fold(text: str) -> str:
    """Text as it is compared with case aside: Unicode's canonical caseless match (NFC
    of the case-folded canonical decomposition), so `ΠΕΛΑΡΓΌΣ`, `Πελαργός` and the
    same word with its accent as a combining mark are one; nothing else is set aside
    (a full-width A, U+FF21, is not `a`)."""
    if text.isascii():
        return text.lower()
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", text).casefold())


def fold_words(text: str) -> str:
    """`fold`, with each run of spacing one space and none at the ends: how a player's
    name is compared (`Ana  Lee` is `ana lee`)."""
    return " ".join(fold(text).split())


def _ignorable(ch: str) -> bool:
    """Spacing and characters that show nothing: separators, controls, format marks
    (`U+200B`, `U+202E`, a soft hyphen) and variation selectors."""
    return (
        unicodedata.category(ch)[0] in "ZC"
        or "\ufe00" <= ch <= "\ufe0f"
        or ("\U000e0100" <= ch <= "\U000e01ef")
    )


def name_key(text: str) -> str:
    """How a name is looked up: its letters, marks and digits, case folded (`fold`),
    with spacing, punctuation and symbols aside (`First strike!` ~ `first-strike`,
    `ΠΕΛΑΡΓΌΣ` ~ `Πελαργός`, but `Πελαργός` is not `Буря` and `Café` is not `Cafe`).
    A name with no letter or digit at all (`!!!`, `★`) is only itself, spacing and
    case aside: `???` is not `!!!`."""
    if text.isascii():
        lower = text.lower()
        key = _NOT_ASCII_KEY.sub("", lower)
        return key or "".join(ch for ch in lower if ch.isprintable() and not ch.isspace())
    folded = fold(text)
    key = "".join(ch for ch in folded if unicodedata.category(ch)[0] in "LMN")
    if any(unicodedata.category(ch)[0] in "LN" for ch in key):
        return key
    return "".join(ch for ch in folded if not _ignorable(ch))


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
