"""Text kitgen prints, checked against its fonts: a `text-not-drawable` warning where
the text is written, for `kitgen check` and the build alike.

Every font kitgen draws with (KitSans, DejaVu, a project's own) draws a character its
file lacks in DejaVu Sans (kitgen.render.fonts.KitFont), so what one font cannot print
no font can: Chinese, Japanese, Korean, most emoji, control characters. Those print as
"?" (never as an empty box), and the check says so, naming them, where the text is
written; the build says the same (it runs the check), and warns of any other text it
printed so (kitgen.build).

Text of printable ASCII is answered without loading a font (Vera has all of it), so
checking plain files costs nothing; other text loads the fonts once per process.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from kitgen.model.findings import Finding, Location, finding

if TYPE_CHECKING:
    from kitgen.load.fontfile import FontSource


def plain(text: str) -> bool:
    """True when every character is printable ASCII (or a space, tab or line break):
    text every font of kitgen's draws."""
    return text.isascii() and (
        text.isprintable() or all(" " <= ch <= "~" or ch in "\t\n\r" for ch in text)
    )


def unprintable(text: str, font: str | None = None) -> str:
    """The distinct characters of text that no font of kitgen's can draw (in `font`,
    KitSans by default, and its fallbacks), in order of appearance; "" when it prints."""
    if plain(text):
        return ""
    from kitgen.render.fonts import REGULAR, missing_glyphs

    return missing_glyphs(text, font or REGULAR)


def undrawable_message(
    text: str, missing: str, fonts: list[str] | None = None, booklet: bool = False
) -> str:
    """What a text-not-drawable finding says: the text, and the characters it prints
    as "?" (each with its code point: `said_characters` reads them back); `fonts`, a
    fallback chain's names, are named as none having them (`booklet`: the game's own
    fonts that a rules booklet draws what kitgen's lack in)."""
    from kitgen.render.fonts import describe_characters, shown_text

    if booklet and fonts:
        return (
            f"{shown_text(text)} prints {describe_characters(missing)} as ?: neither "
            f"kitgen's fonts nor the game's own ({', '.join(fonts)}) have them"
        )
    if fonts is not None and len(fonts) > 1:
        return (
            f"{shown_text(text)} prints {describe_characters(missing)} as ?: none of the "
            f"fonts of its chain ({', '.join(fonts)}) has them, nor DejaVu Sans"
        )
    return (
        f"{shown_text(text)} prints {describe_characters(missing)} as ?: no font of "
        "kitgen's has them (it prints Latin, Greek and Cyrillic letters and common symbols)"
    )


def check_printable(
    text: str, at: Location | None, font: str | None = None, booklet: list[str] | None = None
) -> list[Finding]:
    """A text-not-drawable warning at `at` when kitgen cannot print all of `text` (in
    `font`, KitSans by default; `booklet`: the names of the game's own fonts that `font`,
    a rules booklet's type, draws in too)."""
    missing = unprintable(text, font)
    if not missing:
        return []
    return [finding("text-not-drawable", undrawable_message(text, missing, booklet, True), at)]


def check_all_printable(
    texts: Iterable[tuple[str, Location | None]], booklet: BookletType | None = None
) -> list[Finding]:
    """check_printable for each text and its place (each text and place once), in a
    rules booklet's type when given (else KitSans)."""
    found: list[Finding] = []
    seen: set[tuple[str, Location | None]] = set()
    for text, at in texts:
        if (text, at) not in seen:
            seen.add((text, at))
            found += check_booklet_text(text, at, booklet)
    return found


def check_booklet_text(
    text: str, at: Location | None, booklet: BookletType | None
) -> list[Finding]:
    """check_printable of text a rules booklet prints in its type (None: KitSans)."""
    if booklet is None or plain(text):
        return check_printable(text, at)
    return check_printable(text, at, booklet.font, booklet.names)


class BookletType:
    """The type a game's rules booklets print in, for checking their text: KitSans, and
    the game's own fonts (`Game.booklet_fonts`, by name) for what it lacks. Their files
    are read only when text that KitSans cannot draw is checked."""

    def __init__(self, own: Mapping[str, Mapping[str, FontSource]] | None = None) -> None:
        self.own = dict(own or {})
        self.names = list(self.own) or None
        self._font: str | None = None

    def faces_missing(
        self, texts: Iterable[tuple[str, Location | None, bool, bool]]
    ) -> list[Finding]:
        """font-face-missing, once for each of the game's fonts and face, where text the
        booklet sets bold or italic (each with its place and the face its style gives:
        a heading is bold, a caption italic; `**` and `*` in it add theirs) has
        characters KitSans lacks that a font of the game's with no file for that face
        draws: they print in its regular face."""
        if not self.own:
            return []
        from kitgen.render.fonts import face_key, has_glyph, project_family
        from kitgen.render.richtext import faces_used

        families = [(name, project_family(faces)[0]) for name, faces in self.own.items()]
        drawers = [(name, family) for name, family in families if family is not None]
        if not any(family.lacking for _, family in drawers):
            return []
        found: dict[tuple[str, str], Finding] = {}
        for text, at, bold, italic in texts:
            theirs = set(unprintable(text))  # (what KitSans cannot draw)
            if not theirs:
                continue
            for (b, i), run in faces_used(text, bold, italic).items():
                face = face_key(b, i)
                for ch in dict.fromkeys(run):
                    if face == "regular" or ch not in theirs:
                        continue
                    drawer = next((d for d in drawers if has_glyph(d[1].regular, ch)), None)
                    if drawer is None or face not in drawer[1].lacking:
                        continue
                    words = face.replace("_", " ")
                    found.setdefault(
                        (drawer[0], face),
                        finding(
                            "font-face-missing",
                            f"the booklet sets {_shown(text)} in {words}, but the game's "
                            f"font {drawer[0]!r} has no {words} face: its characters print "
                            f"in the regular one (give the file as `{face}:` under `fonts: "
                            f"{drawer[0]}:` in the game file)",
                            at,
                        ),
                    )
        return list(found.values())

    @property
    def font(self) -> str | None:
        """The registered font of the booklet's regular face (None: KitSans alone)."""
        if self.own and self._font is None:
            from kitgen.render.fonts import booklet_family, project_families

            self._font = booklet_family(project_families(tuple(self.own.values()))).regular
        return self._font


def _shown(text: str) -> str:
    from kitgen.render.fonts import shown_text

    return shown_text(text)


_CODE_POINT = re.compile(r"\bU\+([0-9A-F]{4,6})\b")


def said_characters(findings: Iterable[Finding]) -> set[str]:
    """The characters the text-not-drawable findings among `findings` name (by their
    code points, as `undrawable_message` writes them)."""
    return {
        chr(int(code, 16))
        for f in findings
        if f.code == "text-not-drawable"
        for code in _CODE_POINT.findall(f.message)
    }


def undrawn_findings(at: Location | None, said: Iterable[Finding] = ()) -> list[Finding]:
    """A text-not-drawable warning, at `at` (the file a build or export prints), when
    text drawn since the last call printed characters as "?" that none of the findings
    `said` (those the build reports) names: the check names them where they are
    written, so these are texts no check reads, or whose finding the build does not
    report (a deck's card, named in the card file it uses). One warning for them all:
    the first text, how many more, and every character."""
    from kitgen.render.fonts import describe_characters, shown_text, take_undrawn

    named = said_characters(said)
    undrawn = {
        text: news
        for text, chars in take_undrawn().items()
        if (news := "".join(ch for ch in chars if ch not in named))
    }
    if not undrawn:
        return []
    chars = "".join(dict.fromkeys("".join(undrawn.values())))
    first = next(iter(undrawn))
    more = f" (and {len(undrawn) - 1} more texts)" if len(undrawn) > 1 else ""
    message = (
        f"{shown_text(first)}{more} printed {describe_characters(chars)} as ?: no font of "
        "kitgen's has them"
    )
    return [finding("text-not-drawable", message, at)]


def forget_undrawn() -> None:
    """Forget what was drawn so far (before a file's drawing, whose text
    `undrawn_findings` then reports)."""
    from kitgen.render.fonts import take_undrawn

    take_undrawn()
