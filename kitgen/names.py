"""The names of the files kitgen writes, made in one place, and how names are compared.

`slug` turns a name (a kit's, a deck's, a card's, a file's stem) into lower-case words
joined by dashes, keeping the letters and digits of every script as they are, with
their accents (`Café` -> `café`, `Zażółć` -> `zażółć`, `Πελαργός` -> `πελαργός`,
`城堡` -> `城堡`, `قلعة` -> `قلعة`); `joined` puts a name and what the file holds
together without a doubled word (`scratch` + `cards` + `cards` -> `scratch-cards`);
`file_name` adds the extension and keeps clear of the names Windows reserves for
devices. What comes out is safe on Windows, macOS and Linux: letters (with their marks),
digits and dashes (no space, punctuation, symbol, control, direction or invisible
character, no dot), NFC, at most `MAX_SLUG` characters and `MAX_SLUG_BYTES` bytes a
name; a name cut to fit ends in a word made from the whole name (`cut_mark`), so two
long names that begin alike still name two files. A name in ASCII spells exactly as
it always has. The scheme is written down in docs/formats.md (2.8).

`name_key` is how a name is looked up (a deck's card, a record's card, a figure's
card): its Unicode identity, case, spacing and punctuation aside; `fold` is the same
identity with nothing but case aside (docs/formats.md 1.1).

Standard library only: commands that draw nothing import it, and so may a game's engine.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

MAX_SLUG = 60  # characters of one name in a file name, cut at a word
# Bytes (UTF-8) of one name in a file name: a letter beyond ASCII takes two to four, and
# a whole file name (a game's id, a name, a part, the extension) must stay well within
# the 255 bytes a file system allows one name.
MAX_SLUG_BYTES = 120
CUT_MARK = 8  # hexadecimal digits of the word that ends a name cut to fit

# Letters that are not a base letter and accents, spelt in ASCII as readers spell them
# (`ascii_words`: a game's id, which is ASCII, from its name).
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
# Device names Windows refuses as a file's name, whatever its extension (`con.pdf`):
# also with a superscript digit (`COM¹`), which Windows reads as the digit.
WINDOWS_RESERVED = frozenset(
    ["con", "prn", "aux", "nul"]
    + [f"{d}{n}" for d in ("com", "lpt") for n in [*range(10), "\u00b9", "\u00b2", "\u00b3"]]
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


def _invisible(ch: str) -> bool:
    """A format character (a direction mark or override, a zero-width space or joiner,
    a soft hyphen) or a variation selector: it shows nothing, and is left out of a
    word rather than parting it."""
    return (
        unicodedata.category(ch) == "Cf"
        or "\ufe00" <= ch <= "\ufe0f"
        or ("\U000e0100" <= ch <= "\U000e01ef")
    )


def words(text: str) -> list[str]:
    """A name's words for a file name: NFC, lower case, each letter or digit of any
    script kept with the marks that follow it; an apostrophe inside a word and an
    invisible character (`_invisible`) left out; anything else (a space, a punctuation
    mark, a symbol, a control character) parts words."""
    text = _APOSTROPHES.sub("", unicodedata.normalize("NFC", text).lower())
    out: list[str] = []
    for cluster in _clusters(text):
        if _invisible(cluster[0]):
            continue
        out.append(cluster if unicodedata.category(cluster[0])[0] in "LN" else " ")
    return unicodedata.normalize("NFC", "".join(out)).split()


def ascii_words(text: str) -> list[str]:
    """A name's words spelt in ASCII, as kitgen spelt file names before they kept
    every script (`Café Crème` -> cafe, creme; `Æsir` -> aesir; `Straße` -> strasse);
    what ASCII cannot spell is left out (`城堡`: none). For ids, which are ASCII."""
    text = _APOSTROPHES.sub("", unicodedata.normalize("NFC", text).casefold())
    plain = unicodedata.normalize("NFKD", text.translate(_LETTERS))
    return re.findall(r"[a-z0-9]+", plain.encode("ascii", "ignore").decode())


def _fits(text: str, limit: int, byte_limit: int = MAX_SLUG_BYTES) -> bool:
    return len(text) <= limit and len(text.encode("utf-8", "surrogatepass")) <= byte_limit


def _cut(word: str, limit: int, byte_limit: int = MAX_SLUG_BYTES) -> str:
    """A word longer than a name may be, cut after a whole letter (with its accents)."""
    out = ""
    for cluster in _clusters(word):
        if not _fits(out + cluster, limit, byte_limit):
            return out or cluster[0]
        out += cluster
    return out


def cut_mark(text: str) -> str:
    """The word that ends a name cut to fit a file name: `CUT_MARK` hexadecimal digits
    of a hash of the name's identity (`name_key`: one name, however its case, spacing
    or punctuation is typed, has one), so long names that begin alike differ."""
    return hashlib.sha256(name_key(text).encode("utf-8", "surrogatepass")).hexdigest()[:CUT_MARK]


def slug(text: str, limit: int = MAX_SLUG) -> str:
    """A name's words (`words`) in lower case joined by dashes (`Scratch: Draw the
    Line` -> `scratch-draw-the-line`, `Café Crème` -> `café-crème`, `Πελαργός` ->
    `πελαργός`), at most `limit` characters and `MAX_SLUG_BYTES` bytes; "" when the
    name has no letter or digit (`!!!`, `☃ ♠`). A name too long is cut after a word
    (a single longer word after a letter) and ends in its `cut_mark`, so two names
    cut alike are two slugs."""
    made = words(text)
    whole = "-".join(made)
    if _fits(whole, limit):
        return whole
    room = CUT_MARK + 1  # the mark and its dash
    kept = fit(made, limit - room, MAX_SLUG_BYTES - room)
    return f"{kept}-{cut_mark(text)}" if kept else cut_mark(text)


def fit(words: list[str], limit: int = MAX_SLUG, byte_limit: int = MAX_SLUG_BYTES) -> str:
    """The words joined by dashes, as many as fit in `limit` characters and
    `byte_limit` bytes (a first word longer than that is cut after a letter)."""
    out = ""
    for word in words:
        longer = f"{out}-{word}" if out else word
        if not _fits(longer, limit, byte_limit):
            return out or _cut(word, limit, byte_limit)
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
