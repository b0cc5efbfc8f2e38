"""The order right-to-left text is shown in: Unicode's bidirectional algorithm (UAX #9)
for a paragraph of plain text, pure (no drawing library).

Arabic and Hebrew are written right to left, and a line of them may hold words and
numbers written left to right (`العب 3 بطاقات` or `שחק with friends`). Text is kept in
the order it is typed (logical order); this works out which characters run which way
(their embedding levels: even left to right, odd right to left) and the order their
runs are shown in, left to right on the page.

What is done, by the rule numbers of UAX #9: the paragraph's direction from its first
strong character (P2, P3, left to right when it has none, or as the caller says); the
weak types resolved (W1-W7: marks take their base's type, European digits after
Arabic letters count as Arabic digits, separators and terminators between digits
join them); neutrals take the direction of the strong text around them, else the
paragraph's (N1, N2); levels (I1, I2); white space at the end of a line at the
paragraph's level (L1) and runs reversed from the highest level down (L2). Mirroring
brackets (L4) and joining letters are the shaper's (HarfBuzz mirrors in text shaped
right to left).

What is not: explicit embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069
are treated as neutral, invisible characters) and bracket pairs (N0: a bracket takes
the direction of the text around it, which is the same in all but rare mixed cases).
A paragraph is one isolating run sequence.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

LTR, RTL = 0, 1

_STRONG = {"L": "L", "R": "R", "AL": "R"}
# Explicit formatting characters and boundary neutrals: treated as neutral here.
_NEUTRAL = frozenset(("B", "S", "WS", "ON", "BN", "LRE", "RLE", "LRO", "RLO", "PDF"))
_NEUTRAL |= frozenset(("LRI", "RLI", "FSI", "PDI"))
_TRAILING = frozenset(("WS", "BN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"))


@lru_cache(maxsize=4096)
def _kind(ch: str) -> str:
    """A character's bidirectional type (L for one Unicode leaves unassigned)."""
    return unicodedata.bidirectional(ch) or "L"


def base_level(text: str, default: int = LTR) -> int:
    """The paragraph's level from its first strong character (P2, P3): 1 (right to
    left) for a Hebrew or Arabic letter, 0 for any other letter, `default` when it has
    none (digits and punctuation only)."""
    for ch in text:
        strong = _STRONG.get(_kind(ch))
        if strong is not None:
            return RTL if strong == "R" else LTR
    return default


def levels(text: str, base: int) -> list[int]:
    """Each character's embedding level in a paragraph at level `base` (0 or 1)."""
    kinds = [_kind(ch) for ch in text]
    n = len(kinds)
    edge = "R" if base % 2 else "L"  # sos and eos: the paragraph's own direction
    # W1: a mark takes the type of the character before it.
    prev = edge
    for i, k in enumerate(kinds):
        if k == "NSM":
            kinds[i] = prev if prev not in ("LRI", "RLI", "FSI", "PDI") else "ON"
        prev = kinds[i]
    # W2: European digits after an Arabic letter are Arabic digits. W3: AL is R.
    strong = edge
    for i, k in enumerate(kinds):
        if k in ("L", "R", "AL"):
            strong = k
        elif k == "EN" and strong == "AL":
            kinds[i] = "AN"
    kinds = ["R" if k == "AL" else k for k in kinds]
    # W4: one separator between two digits of the same kind joins them.
    for i in range(1, n - 1):
        k, before, after = kinds[i], kinds[i - 1], kinds[i + 1]
        if k == "ES" and before == after == "EN":
            kinds[i] = "EN"
        elif k == "CS" and before == after and before in ("EN", "AN"):
            kinds[i] = before
    # W5: terminators (currency, per cent) next to European digits are digits.
    i = 0
    while i < n:
        if kinds[i] != "ET":
            i += 1
            continue
        j = i
        while j < n and kinds[j] == "ET":
            j += 1
        if (i > 0 and kinds[i - 1] == "EN") or (j < n and kinds[j] == "EN"):
            kinds[i:j] = ["EN"] * (j - i)
        i = j
    # W6: the separators and terminators left are neutral.
    kinds = ["ON" if k in ("ES", "ET", "CS") else k for k in kinds]
    # W7: European digits in left-to-right text are left to right.
    strong = edge
    for i, k in enumerate(kinds):
        if k in ("L", "R"):
            strong = k
        elif k == "EN" and strong == "L":
            kinds[i] = "L"
    # N1, N2: neutrals between text of one direction take it, else the paragraph's.
    i = 0
    while i < n:
        if kinds[i] not in _NEUTRAL:
            i += 1
            continue
        j = i
        while j < n and kinds[j] in _NEUTRAL:
            j += 1
        before = _direction(kinds[i - 1]) if i > 0 else edge
        after = _direction(kinds[j]) if j < n else edge
        kinds[i:j] = [before if before == after else edge] * (j - i)
        i = j
    # I1, I2.
    out: list[int] = []
    for k in kinds:
        if base % 2 == 0:
            out.append(base + (1 if k == "R" else 2 if k in ("AN", "EN") else 0))
        else:
            out.append(base + (1 if k in ("L", "AN", "EN") else 0))
    return out


def _direction(kind: str) -> str:
    """A resolved type's direction for N1: digits count as right to left."""
    return "L" if kind == "L" else "R"


def line_levels(text: str, base: int) -> list[int]:
    """The levels of one line of a paragraph: `levels`, with white space (and the
    invisible formatting characters) at the line's end at the paragraph's level
    (L1)."""
    out = levels(text, base)
    for i in range(len(text) - 1, -1, -1):
        if _kind(text[i]) not in _TRAILING:
            break
        out[i] = base
    return out


def visual_order(line: Sequence[int]) -> list[int]:
    """The indices of a line's items (characters or runs, given by their levels) in the
    order they are shown, left to right (L2): from the highest level down to the
    lowest odd one, every run at that level or higher is reversed."""
    order = list(range(len(line)))
    if not line:
        return order
    highest = max(line)
    lowest_odd = min((lv for lv in line if lv % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if line[order[i]] < level:
                i += 1
                continue
            j = i
            while j < len(order) and line[order[j]] >= level:
                j += 1
            order[i:j] = order[i:j][::-1]
            i = j
    return order


def display(text: str, base: int | None = None) -> str:
    """A line's characters in the order they are shown, left to right, the runs right
    to left reversed (no mirroring, no joining): what a test compares with."""
    level = base_level(text) if base is None else base
    found = line_levels(text, level)
    return "".join(text[i] for i in visual_order(found))
