"""Where a word may be cut with a hyphen: the hyphenation dictionary of the text's
language (pyphen's, from LibreOffice), and UAX #14's breaks inside a word.

A language hyphenates when pyphen has a dictionary for its tag (`de`, `de-CH`, `en`,
`en-US`, `fr`, `sr-Latn`...: the tag's subtags are tried from the most particular,
`de-CH-1901` then `de-CH` then `de`); `en` is pyphen's `en` (British) dictionary, write
`en-US` for American. Chinese, Japanese, Korean, Arabic, Hebrew and every language
pyphen has no dictionary for get no hyphen; nor does Thai, which pyphen has patterns
for but whose lines break between words without one.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from kitgen.layout.linebreak import inner_breaks, primary

if TYPE_CHECKING:
    import pyphen

NO_HYPHEN = frozenset(("th", "lo", "km", "my", "zh", "ja", "ko"))
LONGEST_WORD = 100  # letters; a longer run is no word a dictionary knows: not looked up


@lru_cache(maxsize=64)
def dictionary(language: str) -> pyphen.Pyphen | None:
    """The hyphenation dictionary of a language tag, or None where it hyphenates
    nothing."""
    name = dictionary_name(language)
    if name is None:
        return None
    import pyphen

    return pyphen.Pyphen(lang=name)


@lru_cache(maxsize=64)
def dictionary_name(language: str) -> str | None:
    """pyphen's name for the hyphenation dictionary of a language tag (`de_DE` for
    `de`), or None where it hyphenates nothing."""
    if primary(language) in NO_HYPHEN:
        return None
    import pyphen

    parts = language.replace("-", "_").split("_")
    for end in range(len(parts), 0, -1):
        # pyphen's own names: `de_CH`, `sr_Latn`, `pt_BR` (language lower case).
        name = "_".join([parts[0].lower(), *parts[1:end]])
        found = pyphen.language_fallback(name)
        if found is not None:
            return str(found)
    return None


def hyphenates(language: str) -> bool:
    """Whether kitgen adds hyphens to words of this language."""
    return dictionary(language) is not None


@lru_cache(maxsize=4096)
def cut_points(word: str, language: str) -> tuple[tuple[int, bool], ...]:
    """The places a word too long for its line may be cut, in order: (position, hyphen)
    each. UAX #14's breaks inside it (after its own hyphen, dash or slash: nothing
    added) and, in a language that hyphenates, its dictionary's points in each run of
    letters (a hyphen added)."""
    own = set(inner_breaks(word))
    points = {k: False for k in own}
    # A soft hyphen (U+00AD) the text holds: a cut there takes a hyphen, in any language.
    points.update((k + 1, True) for k, ch in enumerate(word) if ch == "\u00ad")
    found = dictionary(language)
    if found is not None:
        start = None
        for i, ch in enumerate([*word, " "]):
            letter = ch.isalpha() or (start is not None and _mark(ch))
            if letter and start is None:
                start = i
            elif not letter and start is not None:
                if 4 <= i - start <= LONGEST_WORD:
                    for k in found.positions(word[start:i]):
                        points.setdefault(start + k, True)
                start = None
    return tuple(sorted(points.items()))


def _mark(ch: str) -> bool:
    import unicodedata

    return unicodedata.category(ch) in ("Mn", "Mc", "Me")
