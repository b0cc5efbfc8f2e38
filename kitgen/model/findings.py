"""Findings: what a check says about a file, with a stable code and a location."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Location:
    """A place in a user's file; line and column count from 1. In a workbook, `sheet`
    names the sheet, `line` is the row and `column` the column (`cards.xlsx:Cards!D57`)."""

    path: str
    line: int = 1
    column: int = 1
    sheet: str | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.place}"

    @property
    def place(self) -> str:
        """Where in the file: `line:column`, or in a workbook `Sheet!D57`."""
        if self.sheet is None:
            return f"{self.line}:{self.column}"
        return f"{self.sheet}!{column_letters(self.column)}{self.line}"


def column_letters(column: int) -> str:
    """A spreadsheet's name of a column counted from 1: A, B, ... Z, AA, AB ..."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True)
class CodeInfo:
    """A finding code's default severity, what it means, and when it is found."""

    severity: Severity
    summary: str
    stage: Literal["check", "build"] = "check"  # build: found while drawing a kit


# Every finding code kitgen can emit. Codes are stable: scripts match on them.
CODES: dict[str, CodeInfo] = {
    # Reading the file
    "file-not-found": CodeInfo("error", "the file does not exist"),
    "file-unreadable": CodeInfo("error", "the file cannot be read (a folder, no permission)"),
    "file-too-large": CodeInfo("error", "the file is larger than kitgen reads"),
    "invalid-utf8": CodeInfo("error", "the file is not UTF-8 text"),
    "empty-file": CodeInfo("error", "the file holds no YAML document"),
    "yaml-syntax": CodeInfo("error", "the YAML cannot be parsed"),
    "yaml-multiple-documents": CodeInfo("error", "the file holds more than one YAML document"),
    "yaml-too-deep": CodeInfo("error", "lists and mappings are nested deeper than kitgen reads"),
    "too-many-values": CodeInfo("error", "the file expands (often by aliases) to too many values"),
    "string-too-long": CodeInfo("error", "a text value is longer than kitgen reads"),
    "number-too-large": CodeInfo("error", "a whole number with more digits than kitgen reads"),
    "yaml-tag": CodeInfo("error", "a YAML tag kitgen does not accept (such as !!python/...)"),
    "duplicate-key": CodeInfo("error", "a key appears twice in one mapping"),
    "not-a-mapping": CodeInfo("error", "the top level of the file is not a mapping of keys"),
    "too-many-findings": CodeInfo(
        "error", "more findings in one file than kitgen reports: the rest, counted"
    ),
    # The shape of the data
    "unknown-game": CodeInfo("error", "`game:` names no game kitgen knows"),
    "unknown-kind": CodeInfo("error", "`kind:` names no kind of file kitgen knows"),
    "kind-not-supported": CodeInfo("error", "kitgen cannot check this kind of file yet"),
    "unknown-key": CodeInfo("error", "a key that this place does not take (often a typo)"),
    "missing-key": CodeInfo("error", "a required key is missing"),
    "wrong-type": CodeInfo("error", "a value of the wrong type (text for a number, and so on)"),
    "invalid-value": CodeInfo("error", "a value that is not one of those allowed here"),
    "out-of-range": CodeInfo("error", "a number or length outside its allowed range"),
    # Files named in `uses:`
    "uses-not-found": CodeInfo("error", "a file named in `uses:` does not exist"),
    "uses-unreadable": CodeInfo("error", "a file named in `uses:` cannot be read"),
    "uses-wrong-kind": CodeInfo(
        "error", "a file named in `uses:`, `decks:` or `rules:` is not of the kind that key takes"
    ),
    "path-outside-project": CodeInfo(
        "error",
        "a named file (uses:, decks:, rules:, art:) outside the naming file's folder and its "
        "project (allowed with --allow-outside)",
    ),
    # Card pools (Scratch)
    "duplicate-card": CodeInfo("error", "two cards have the same name"),
    # Decks (Scratch)
    "deck-size": CodeInfo("error", "a deck without the required number of cards"),
    "unknown-card": CodeInfo("error", "a card that the game's cards do not include"),
    "too-many-copies": CodeInfo("error", "more copies of a card than the deck rules allow"),
    "deck-count": CodeInfo("error", "too few or too many cards of a kind for the deck rules"),
    "deck-total": CodeInfo("error", "a sum over the deck's cards outside the deck rules'"),
    "banned-card": CodeInfo("error", "a card the deck rules ban"),
    "deck-identity": CodeInfo(
        "error", "a deck's identity that is no identity card, or an identity among its cards"
    ),
    "deck-mismatch": CodeInfo(
        "error", "a card of a deck without the value of a `same` field its identity has"
    ),
    "rule-never-applies": CodeInfo(
        "warning", "a deck rule, or a part of one, that never applies to any card"
    ),
    "sideboard-size": CodeInfo("error", "a sideboard without the number of cards it may have"),
    "merged-entries": CodeInfo("warning", "two lines of a deck name the same card (added up)"),
    "extra-copy": CodeInfo("warning", "more copies of a card than can be in play at once"),
    "in-play-limit": CodeInfo("warning", "more cards of a kind than can be in play at once"),
    "deck-not-checked": CodeInfo(
        "error", "a deck whose game file or deck rules cannot be read, so it was not checked"
    ),
    # Card art (Scratch)
    "image-not-found": CodeInfo("error", "a card's `art:` file does not exist (or is a folder)"),
    "image-unreadable": CodeInfo(
        "error", "a card's `art:` file is not a PNG or JPEG, is cut short, or cannot be read"
    ),
    "image-too-large": CodeInfo(
        "error", "a card's `art:` file is larger than kitgen draws (bytes, pixels a side, in all)"
    ),
    "image-refused": CodeInfo(
        "error",
        "an SVG that is not self-contained (loads another file or URL) or declares a DOCTYPE",
        stage="build",  # SVG pictures are read when a designed game's cards are drawn
    ),
    # A designed game's own fonts
    "font-face-missing": CodeInfo(
        "warning",
        "text asks for bold or italic of a project's font that has no file for that face (it "
        "prints in the font's regular face)",
    ),
    # Kits
    "unknown-parameter": CodeInfo("error", "`{{ name }}` names no game parameter"),
    "invalid-setting": CodeInfo("error", "a print setting kitgen cannot use (paper, size, ...)"),
    # Recorded games
    "move-syntax": CodeInfo("error", "a recorded move that is not written in move notation"),
    "illegal-move": CodeInfo("error", "a recorded move the rules do not allow"),
    "game-over": CodeInfo("error", "moves recorded after the game ended"),
    # Positions
    "card-twice": CodeInfo("error", "one card in two places at once (table, victory cards)"),
    "too-many-cards": CodeInfo("error", "more cards on the table than the set-up deals"),
    "setup-mismatch": CodeInfo("error", "a set-up that does not fit the players or the cards"),
    "joker-in-play": CodeInfo("error", "a joker where only the other 52 cards go"),
    # Rules text
    "template-error": CodeInfo("error", "rules text whose `{{ }}` template cannot be read"),
    "unknown-figure": CodeInfo("error", "a rules file names a figure its game does not draw"),
    # Any text kitgen prints (names, rules text, card text: `kitgen check` finds it)
    "text-not-drawable": CodeInfo(
        "warning", "text with characters none of kitgen's fonts can draw (printed as ?)"
    ),
    # Editions in other languages (a designed game's `languages:`)
    "language-missing-rules": CodeInfo(
        "warning",
        "an edition in a language the kit names no rules file in (`rules:`): it prints no "
        "rules booklet",
        stage="build",
    ),
    # Drawing (found by `kitgen build`)
    "text-overflow": CodeInfo(
        "error", "text that does not fit its box even at the smallest size", stage="build"
    ),
    "image-low-resolution": CodeInfo(
        "warning", "card art that prints below 150 dpi at the kit's card size", stage="build"
    ),
}


@dataclass(frozen=True)
class Finding:
    """One problem found in a file: a stable code, a severity, a message, a place."""

    code: str
    severity: Severity
    message: str
    location: Location | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"finding code {self.code!r} is not in the catalogue")

    @property
    def is_error(self) -> bool:
        """True for an error (a file with one is not ok)."""
        return self.severity == "error"

    def sort_key(self) -> tuple[str, int, int, str, str]:
        """Order findings by place, then code, for stable output."""
        loc = self.location or Location("")
        return (loc.path, loc.line, loc.column, self.code, self.message)


def unique_sorted(findings: Iterable[Finding]) -> list[Finding]:
    """Findings in order (`Finding.sort_key`), each once: a file two others read (one deck
    for both players of a record) is reported once."""
    seen: set[Finding] = set()
    out: list[Finding] = []
    for f in sorted(findings, key=Finding.sort_key):
        if f not in seen:
            seen.add(f)
            out.append(f)
    return out


LEFT_OUT = "too-many-findings"


def capped(findings: Iterable[Finding], limit: int) -> list[Finding]:
    """The findings in their order, at most `limit` of each file (a finding without a
    place counts as its own file); in place of the rest of a file's, one finding at the
    first left out that says how many were (an error when any of them was, a warning
    otherwise). Capping twice changes nothing: a count made before is kept, and not
    counted."""
    seen: dict[str, int] = {}
    left: dict[str, tuple[Finding, int, int]] = {}  # a file's first left out, how many, errors
    out: list[Finding | str] = []  # (a file's path: where its count goes)
    for f in findings:
        path = f.location.path if f.location is not None else ""
        if f.code == LEFT_OUT:
            out.append(f)
            continue
        seen[path] = seen.get(path, 0) + 1
        if seen[path] <= limit:
            out.append(f)
            continue
        first, count, errors = left.get(path, (f, 0, 0))
        if not count:
            out.append(path)
        left[path] = (first, count + 1, errors + f.is_error)
    done: list[Finding] = []
    for item in out:
        if not isinstance(item, str):
            done.append(item)
            continue
        first, count, errors = left[item]
        kinds = f"{errors:,} errors, {count - errors:,} warnings"
        done.append(
            Finding(
                LEFT_OUT,
                "error" if errors else "warning",
                f"{count:,} more findings ({kinds}) from here on are left out: kitgen "
                f"reports the first {limit:,} of a file; fix these and check again",
                first.location,
            )
        )
    return done


def add_codes(codes: Mapping[str, CodeInfo], owner: str) -> None:
    """Add a game's own finding codes to the catalogue (a game from another package
    declares them: `kitgen.registry.Game.finding_codes`). A code kitgen or another
    game has already, with another meaning, is a ValueError naming it: codes are
    stable, and scripts match on them."""
    for code, info in codes.items():
        known = CODES.get(code)
        if known is not None and known != info:
            raise ValueError(f"{owner} gives the finding code {code!r} another meaning")
    CODES.update(codes)


def finding(code: str, message: str, location: Location | None = None) -> Finding:
    """A finding with its code's default severity."""
    return Finding(code, CODES[code].severity, message, location)


def warning(code: str, message: str, location: Location | None = None) -> Finding:
    """A finding downgraded to a warning (e.g. an error the user marked deliberate)."""
    return Finding(code, "warning", message, location)


def has_errors(findings: list[Finding]) -> bool:
    """True when any finding is an error."""
    return any(f.is_error for f in findings)
