"""Where a line may break: Unicode's line breaking algorithm (UAX #14), and the places
kitgen cuts a word too long for its line.

Pure: text in, positions out (no measuring, no drawing, no files). A position `i` is the
place before `text[i]`. The character classes come from the Unicode Character Database
as the `uniseg` package ships it (imported when text is first broken, not at start-up);
the rules are UAX #14's, applied pairwise with the state its regular expressions need:

- LB1's resolutions: AI, SG, XX and the Brahmic classes of Unicode 15.1 (AK, AP, AS, VF,
  VI) are AL (LB28a, which keeps their orthographic syllables together, is not applied:
  AL x AL keeps them together anyway); SA is CM for a combining mark, else AL (no
  dictionary of Thai, Lao, Khmer or Myanmar words: such text breaks at its spaces);
  CJ (small kana, the prolonged sound mark) is NS, the strict Japanese rule (kinsoku:
  no line starts with `っ` or `ー`).
- U+FFFC, the object replacement character, stands for an inline picture (a card
  text's icon): it is AL, so an icon written against a word stays with it.
- LB15's and LB15a-d's quotation refinements of Unicode 15.1 are the older LB15 (QU
  SP* x OP) and LB19 (no break on either side of a quotation mark).

Kitgen's wrapping uses two kinds of opportunities (`line_chunks`): a *free* break, taken
whenever the line is full (after white space, and where a wide character - Chinese,
Japanese, Korean, full-width punctuation - stands on either side); and an *inner*
break, inside what reads as one word (after the hyphen of `well-known`, after the
slash of `and/or`), taken only when the word is too long for a line even at the
smallest size, as the dictionary's hyphenation points are (kitgen.render.hyphenation).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Sequence
from functools import lru_cache

# The classes (LB1 resolved), as small integers: a list of them per text.
(
    AL,
    BA,
    BB,
    B2,
    BK,
    CB,
    CL,
    CM,
    CP,
    CR,
    EB,
    EM,
    EX,
    GL,
    H2,
    H3,
    HL,
    HY,
    ID,
    IN,
    IS,
    JL,
    JT,
    JV,
    LF,
    NL,
    NS,
    NU,
    OP,
    PO,
    PR,
    QU,
    RI,
    SP,
    SY,
    WJ,
    ZW,
    ZWJ,
) = range(38)

_NAMES = {
    "AL": AL,
    "BA": BA,
    "BB": BB,
    "B2": B2,
    "BK": BK,
    "CB": CB,
    "CL": CL,
    "CM": CM,
    "CP": CP,
    "CR": CR,
    "EB": EB,
    "EM": EM,
    "EX": EX,
    "GL": GL,
    "H2": H2,
    "H3": H3,
    "HL": HL,
    "HY": HY,
    "ID": ID,
    "IN": IN,
    "IS": IS,
    "JL": JL,
    "JT": JT,
    "JV": JV,
    "LF": LF,
    "NL": NL,
    "NS": NS,
    "NU": NU,
    "OP": OP,
    "PO": PO,
    "PR": PR,
    "QU": QU,
    "RI": RI,
    "SP": SP,
    "SY": SY,
    "WJ": WJ,
    "ZW": ZW,
    "ZWJ": ZWJ,
    # LB1
    "AI": AL,
    "SG": AL,
    "XX": AL,
    "AK": AL,
    "AP": AL,
    "AS": AL,
    "VF": AL,
    "VI": AL,
    "CJ": NS,
}
OBJECT = "\ufffc"  # an inline picture
_HARD = frozenset((BK, CR, LF, NL))
# What a line should not start or end with where a word is cut between characters.
_NO_START = frozenset((CL, CP, EX, IS, NS, SY, CM, ZWJ))
_NO_END = frozenset((OP,))
_LETTERS = frozenset((AL, HL))
_HANGUL = frozenset((JL, JV, JT, H2, H3))
_WIDE = frozenset("WF")
# LB25, as pairs (the regular expression's simple form that UAX #14 gives as a
# tailoring of it).
_NUMERIC = frozenset(
    (
        (CL, PO),
        (CP, PO),
        (CL, PR),
        (CP, PR),
        (NU, PO),
        (NU, PR),
        (PO, OP),
        (PO, NU),
        (PR, OP),
        (PR, NU),
        (HY, NU),
        (IS, NU),
        (NU, NU),
        (SY, NU),
    )
)
# What a breaking white space is to kitgen: any white space but the no-break spaces,
# which a writer puts in to keep `2 :sword:` or `10 km` together.
_SPACES = re.compile(r"[^\S\xa0\u2007\u202f]+")

# ASCII's classes, so that text in ASCII is broken without loading the Unicode data
# (tests/test_linebreak.py holds them to uniseg's): controls CM, digits NU, these as
# given, everything else AL.
_ASCII = {
    "\t": "BA",
    "\n": "LF",
    "\x0b": "BK",
    "\x0c": "BK",
    "\r": "CR",
    " ": "SP",
    "!": "EX",
    '"': "QU",
    "$": "PR",
    "%": "PO",
    "'": "QU",
    "(": "OP",
    ")": "CP",
    "+": "PR",
    ",": "IS",
    "-": "HY",
    ".": "IS",
    "/": "SY",
    ":": "IS",
    ";": "IS",
    "?": "EX",
    "[": "OP",
    "\\": "PR",
    "]": "CP",
    "{": "OP",
    "|": "BA",
    "}": "CL",
}
_classes: dict[str, int] = {
    chr(i): _NAMES[
        _ASCII.get(chr(i)) or ("CM" if i < 32 or i == 127 else "NU" if chr(i).isdigit() else "AL")
    ]
    for i in range(128)
}
_classes[OBJECT] = AL
_wide: dict[str, bool] = {}


def _lookup(ch: str) -> int:
    """The class of one character, LB1 resolved (cached: a game's texts repeat their
    characters)."""
    from uniseg.linebreak import line_break

    name = line_break(ch).name
    if name == "SA":
        name = "CM" if unicodedata.category(ch) in ("Mn", "Mc") else "AL"
    cls = _NAMES[name]
    _classes[ch] = cls
    return cls


def classes(text: str) -> list[int]:
    """The line-breaking class of each character (LB1 resolved)."""
    table = _classes
    return [table[ch] if ch in table else _lookup(ch) for ch in text]


def is_wide(ch: str) -> bool:
    """Whether a character is East Asian Wide or Fullwidth (set as a square)."""
    wide = _wide.get(ch)
    if wide is None:
        wide = _wide[ch] = unicodedata.east_asian_width(ch) in _WIDE
    return wide


def opportunities(text: str) -> tuple[int, ...]:
    """Every position where UAX #14 allows a line break (mandatory ones included),
    from 1 to len(text) - 1, in order."""
    n = len(text)
    if n < 2:
        return ()
    cls = classes(text)
    out: list[int] = []
    first = cls[0]
    a = AL if first in (CM, ZWJ) else first  # the previous character's class (LB9, LB10)
    a_at = 0  # where that character is
    before = AL  # the class before `a` (LB21a)
    last = a  # the last class that is no space (LB8, LB14-LB17)
    raw = first  # the previous character's own class (LB8a)
    odd_ri = a == RI  # an odd number of regional indicators ends at `a` (LB30a)
    word_start = a in (HY, BA) and text[0] in "-\u2010"  # LB20a: a hyphen starting a word
    for i in range(1, n):
        b = cls[i]
        absorbed = False
        if a in _HARD:  # LB4, LB5
            brk = not (a == CR and b == LF)
        elif b in _HARD or b in (SP, ZW):  # LB6, LB7
            brk = False
        elif last == ZW:  # LB8
            brk = True
        elif raw == ZWJ:  # LB8a
            brk = False
            absorbed = b in (CM, ZWJ) and a not in (SP, ZW)
        elif b in (CM, ZWJ) and a not in (SP, ZW):  # LB9
            brk = False
            absorbed = True
        else:
            if b in (CM, ZWJ):  # LB10
                b = AL
            brk = _pair(a, b, last, before, odd_ri, word_start, text, a_at, i)
        if brk:
            out.append(i)
        raw = cls[i]
        if absorbed:
            continue
        word_start = b in (HY, BA) and text[i] in "-\u2010" and a in (SP, ZW, CB, GL, *_HARD)
        odd_ri = b == RI and not odd_ri
        before, a, a_at = a, b, i
        if b != SP:
            last = b
    return tuple(out)


def _pair(
    a: int,
    b: int,
    last: int,
    before: int,
    odd_ri: bool,
    word_start: bool,
    text: str,
    a_at: int,
    i: int,
) -> bool:
    """LB11 to LB31 for the characters at a_at (class a) and i (class b)."""
    if a in (WJ, GL) or b == WJ:  # LB11, LB12
        return False
    if b == GL and a not in (SP, BA, HY):  # LB12a
        return False
    if b in (CL, CP, EX, IS, SY):  # LB13
        return False
    if last == OP:  # LB14: OP SP* x
        return False
    if last == QU and b == OP:  # LB15
        return False
    if last in (CL, CP) and b == NS:  # LB16
        return False
    if last == B2 and b == B2:  # LB17
        return False
    if a == SP:  # LB18
        return True
    if a == QU or b == QU:  # LB19
        return False
    if a == CB or b == CB:  # LB20
        return True
    if word_start and b in _LETTERS:  # LB20a
        return False
    if b in (BA, HY, NS) or a == BB:  # LB21
        return False
    if before == HL and a in (HY, BA):  # LB21a
        return False
    if a == SY and b == HL:  # LB21b
        return False
    if b == IN:  # LB22
        return False
    if (a in _LETTERS and b == NU) or (a == NU and b in _LETTERS):  # LB23
        return False
    if (a == PR and b in (ID, EB, EM)) or (a in (ID, EB, EM) and b == PO):  # LB23a
        return False
    if (a in (PR, PO) and b in _LETTERS) or (a in _LETTERS and b in (PR, PO)):  # LB24
        return False
    if (a, b) in _NUMERIC:  # LB25
        return False
    if (a in _HANGUL or b in _HANGUL) and (  # LB26, LB27
        (a == JL and b in (JL, JV, H2, H3))
        or (a in (JV, H2) and b in (JV, JT))
        or (a in (JT, H3) and b == JT)
        or (a in _HANGUL and b == PO)
        or (a == PR and b in _HANGUL)
    ):
        return False
    if a in _LETTERS and b in _LETTERS:  # LB28
        return False
    if a == IS and b in _LETTERS:  # LB29
        return False
    if a in (AL, HL, NU) and b == OP and not is_wide(text[i]):  # LB30
        return False
    if a == CP and b in (AL, HL, NU) and not is_wide(text[a_at]):
        return False
    if a == RI and b == RI and odd_ri:  # LB30a
        return False
    return not (a == EB and b == EM)  # LB30b; LB31


def normal(paragraph: str) -> str:
    """A paragraph as kitgen sets it: each run of breaking white space one space, none
    at either end."""
    return " ".join(part for part in _SPACES.split(paragraph) if part)


@lru_cache(maxsize=16384)
def free_breaks(text: str) -> frozenset[int]:
    """The positions in `text` (white space normalised: `normal`) where kitgen breaks a
    line that is full: UAX #14's opportunities after a space, and those with a wide
    character (Chinese, Japanese, Korean, full-width punctuation) on either side."""
    probe = text.replace(OBJECT, "A") if OBJECT in text else text  # (an icon: AL)
    if probe.isascii() and probe.isprintable():
        return _free_ascii(probe)
    found: set[int] = set()
    for i in opportunities(text):
        before, after = text[i - 1], text[i]
        if before == " " or is_wide(before) or is_wide(after):
            found.add(i)
    return frozenset(found)


# UAX #14 in printable ASCII after a space (LB13 to LB18: no character is wide, so a
# free break is one after a space): no break before these (CL, CP, EX, IS, SY) ...
_ASCII_HELD = frozenset(")]}!?,.:;/")
_ASCII_OPEN = frozenset("([{")  # ... nor after one of these and spaces (OP, LB14) ...
_ASCII_QUOTES = frozenset("\"'")  # ... nor between a quote, spaces and an OP (LB15).


def _free_ascii(text: str) -> frozenset[int]:
    """free_breaks of printable ASCII text, the rules it needs applied directly
    (tests/test_linebreak.py holds it to `opportunities`): text in English is broken
    in a fraction of the time."""
    found: set[int] = set()
    last = ""  # the last character before the spaces that is no space
    at = text.find(" ")
    while at != -1:
        if at and text[at - 1] != " ":
            last = text[at - 1]
        i = at + 1
        if i < len(text) and text[i] != " ":
            after = text[i]
            if not (
                after in _ASCII_HELD
                or last in _ASCII_OPEN
                or (last in _ASCII_QUOTES and after in _ASCII_OPEN)
            ):
                found.add(i)
        at = text.find(" ", i)
    return frozenset(found)


@lru_cache(maxsize=16384)
def line_chunks(paragraph: str) -> tuple[tuple[str, bool], ...]:
    """A paragraph (one line written) as the pieces a line may break between: (text,
    spaced) each, `spaced` True when a space stands between it and the piece before.

    A piece is a word with what clings to it (`(see`, `p.`, `10 km` with a no-break
    space), or one Chinese or Japanese character with the punctuation that may not
    start or end a line (`「か`, `ト。`); a space at which UAX #14 allows no break
    (`( a`, `word !`) stays inside its piece."""
    text = normal(paragraph)
    if not text:
        return ()
    free = sorted(free_breaks(text))
    out: list[tuple[str, bool]] = []
    start = 0
    for end in [*free, len(text)]:
        spaced = start > 0 and text[start - 1] == " "
        piece = text[start:end]
        out.append((piece[:-1] if piece.endswith(" ") else piece, spaced))
        start = end
    return tuple(out)


@lru_cache(maxsize=4096)
def inner_breaks(word: str) -> tuple[int, ...]:
    """UAX #14's opportunities inside a piece of `line_chunks` (after a hyphen, a dash
    or a slash), where a word too long for its line is cut with nothing added."""
    return opportunities(word)


def grapheme_starts(word: str) -> tuple[int, ...]:
    """The positions inside a word where a cut splits no character: not before a
    combining mark, a variation selector or a zero-width joiner, nor after a joiner (a
    last resort, where no break or hyphenation point fits)."""
    out: list[int] = []
    for i in range(1, len(word)):
        ch, prev = word[i], word[i - 1]
        if prev == "\u200d" or ch == "\u200d":
            continue
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Mc", "Me"):
            continue
        out.append(i)
    return tuple(out)


def choose_cut(
    word: str,
    points: Sequence[tuple[int, bool]],
    fits: Callable[[int, bool], bool],
    avoid: Collection[int] = (),
) -> tuple[int, bool]:
    """Where to cut a word too long for its line: the longest head that fits (`fits(k,
    hyphen)`: the first k characters, and a hyphen after them when `hyphen`) among
    `points` (inner breaks, hyphen False, and hyphenation points, hyphen True, in
    order); else the longest that fits at a place that splits no character and is
    not in `avoid`, with no hyphen (a hyphen is added only where a dictionary says the
    word divides), one that starts the next line with no closing punctuation (`.`,
    `)`, `。`, `ー`...) and ends this one with no opening bracket if one fits; else the
    first such place, whose head overflows; (len(word), False) when there is none.

    A head's width grows with its length (with or without a hyphen), so each kind is
    found by halving, in about log2 of the places measurements: a word of thousands of
    characters is cut quickly.
    """
    inside = [p for p in points if 0 < p[0] < len(word)]
    best = max(
        (
            found
            for found in (
                _longest([p for p in inside if not p[1]], fits),
                _longest([p for p in inside if p[1]], fits),
            )
            if found is not None
        ),
        default=None,
    )
    if best is not None:
        return best
    places = [(k, False) for k in grapheme_starts(word) if k not in avoid]
    cls = classes(word)
    tidy = [p for p in places if cls[p[0]] not in _NO_START and cls[p[0] - 1] not in _NO_END]
    found = _longest(tidy, fits) or _longest(places, fits)
    if found is not None:
        return found
    return places[0] if places else (len(word), False)


def _longest(
    places: Sequence[tuple[int, bool]], fits: Callable[[int, bool], bool]
) -> tuple[int, bool] | None:
    """The last of `places` (all with a hyphen or all without, in order) that fits,
    found by halving: their heads' widths grow with their length."""
    if not places or not fits(*places[0]):
        return None
    good, bad = 0, len(places)
    while bad - good > 1:
        mid = (good + bad) // 2
        if fits(*places[mid]):
            good = mid
        else:
            bad = mid
    return places[good]


def primary(language: str) -> str:
    """A tag's language subtag, lower case: `zh` for `zh-Hans-CN`."""
    return re.split(r"[-_]", language, maxsplit=1)[0].lower()
