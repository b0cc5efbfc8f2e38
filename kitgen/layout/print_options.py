"""The print options, in one table: each option's name, its flag, what its help says,
its type and default, and how its text is read into the print set-up.

Everything that knows the print options reads them here: the typer commands
(`build`, `export`, `watch`, `calibrate`: kitgen.cli.common's `print_options`), the
plain entry point that runs a plain build without typer (kitgen.cli.plain), and
`kitgen.build.resolve_setup`, which reads each setting of the command line,
kitgen.toml, the kit file and the defaults through its entry. A new option is a new
row. Pure: no I/O, no command-line library.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, get_args

from kitgen.layout.geometry import LayoutError
from kitgen.layout.limits import PRINT_LIMITS
from kitgen.layout.paper import card_size, paper_size
from kitgen.layout.units import format_mm, parse_length, parse_offset
from kitgen.model.print_words import CutMode, DuplexMode, Ink

# How an option's text becomes a value of the set-up: a length (never negative, and
# at most `most`), a value its parser reads (a LayoutError says why not), or one of
# a few words.
Reading = Literal["length", "parsed", "choice"]


class OptionError(ValueError):
    """A print option's value that cannot be used: the message names its flag when
    the value came from the command line (or always, for a length or a choice)."""


class PrintOption:
    """One print option. `name` is its field in kitgen.build.BuildOptions (and, for a
    setting of the set-up, in kitgen.model.kit.PrintSettings); `flag` the option as
    typed (`--card-size`; a switch as `--standard-deck/--no-standard-deck`), `short`
    its one-letter form; `kind` the type of its value (str, int or bool), `default`
    its value when not given (None: not given, so a lower layer decides), and
    `shows_default` whether the help shows it. A setting of the set-up says how it
    is `read` (with `parse` or `choices`, and `most` for a length); `least` and
    `most` bound an int.

    A plain class, not a dataclass: the table is read by every build's start-up, and
    a dataclass is made by compiling code."""

    __slots__ = (
        "choices",
        "default",
        "flag",
        "help",
        "kind",
        "least",
        "most",
        "name",
        "parse",
        "read",
        "short",
        "shows_default",
    )

    def __init__(
        self,
        name: str,
        flag: str,
        help: str,
        *,
        kind: type = str,
        default: Any = None,
        short: str | None = None,
        shows_default: bool = False,
        read: Reading | None = None,
        parse: Callable[[str], Any] | None = None,
        choices: tuple[str, ...] = (),
        least: float | None = None,
        most: float | None = None,
    ) -> None:
        self.name, self.flag, self.help, self.kind, self.default = name, flag, help, kind, default
        self.short, self.shows_default, self.read, self.parse = short, shows_default, read, parse
        self.choices, self.least, self.most = choices, least, most

    def __repr__(self) -> str:
        return f"PrintOption({self.name!r}, {self.flag!r})"

    @property
    def flags(self) -> tuple[str, ...]:
        """The option as typed: its flag (or switch), then its short form."""
        return (self.flag,) if self.short is None else (self.flag, self.short)

    @property
    def shown_flag(self) -> str:
        """The flag messages name (`--paper`)."""
        return self.flag.split("/")[0]

    def value(self, text: str, *, given: bool) -> Any:
        """The set-up's value of the text: an OptionError saying what is wrong (naming
        the flag where the value was `given` on the command line, and always for a
        length or a choice)."""
        flag = self.shown_flag
        if self.read == "length":
            try:
                length = parse_length(text)
            except LayoutError as err:
                raise OptionError(f"{flag}: {err}") from None
            if length < 0:
                raise OptionError(f"{flag} cannot be negative (got {text})")
            if self.most is not None and length > self.most:
                raise OptionError(f"{flag} {format_mm(length)} is more than {format_mm(self.most)}")
            return length
        if self.read == "choice":
            if text not in self.choices:
                words = f"{', '.join(self.choices[:-1])} or {self.choices[-1]}"
                raise OptionError(f"{flag} must be {words} (got {text!r})")
            return text
        assert self.parse is not None
        try:
            return self.parse(text)
        except LayoutError as err:
            raise OptionError(f"{flag}: {err}" if given else str(err)) from None


def _choices(kind: object) -> tuple[str, ...]:
    return tuple(str(word) for word in get_args(kind))


# In the order the set-up reads them (the first bad one is the one reported).
PRINT_OPTIONS: tuple[PrintOption, ...] = (
    PrintOption(
        "out", "--out", "Folder to write into.", default="output", short="-o", shows_default=True
    ),
    PrintOption(
        "paper",
        "--paper",
        "Paper: a4 (default), letter, a3, tabloid, a5, half-letter, or WxH like 210x297mm.",
        read="parsed",
        parse=paper_size,
    ),
    PrintOption(
        "card_size",
        "--card-size",
        "Card size: poker (default, 63x88 mm), poker-us, bridge, mini-euro, mini-us, tarot, "
        "square, or WxH like 60x90mm.",
        read="parsed",
        parse=card_size,
    ),
    PrintOption(
        "back_offset",
        "--back-offset",
        "Shift back pages by DX,DY millimetres to correct a printer (like 0.5,-1); "
        "`kitgen calibrate` measures it.",
        read="parsed",
        parse=parse_offset,
    ),
    PrintOption(
        "bleed",
        "--bleed",
        "Bleed around each card (default 3mm; 0 butts cards together).",
        read="length",
        most=PRINT_LIMITS.max_bleed,
    ),
    PrintOption(
        "duplex",
        "--duplex",
        "Backs: long (default) or short for a duplex printer's flip edge, fold for "
        "fold-and-glue sheets, none for fronts only.",
        read="choice",
        choices=_choices(DuplexMode),
    ),
    PrintOption(
        "ink",
        "--ink",
        "normal (default), or low: no large fills, greyscale-friendly.",
        read="choice",
        choices=_choices(Ink),
    ),
    PrintOption(
        "cut",
        "--cut",
        "How to cut the card sheets: marks (default: crop marks at the corners), lines "
        "(full-length cut lines for a paper trimmer or guillotine), or silhouette (print "
        "and cut: Silhouette registration marks, and a cut file of the card outlines).",
        read="choice",
        choices=_choices(CutMode),
    ),
    PrintOption(
        "margin",
        "--margin",
        "Edge of the paper the printer cannot print (default 5mm).",
        read="length",
    ),
    PrintOption(
        "gutter",
        "--gutter",
        "Extra space between cards, beyond their bleed (default 0).",
        read="length",
    ),
    PrintOption(
        "extra_commons",
        "--extra-commons",
        "Extra copies of each common card (the Scratch kit prints 2 extra by default, so "
        "two players can build decks).",
        kind=int,
        least=0,
        most=20,
    ),
    PrintOption(
        "standard_deck",
        "--standard-deck/--no-standard-deck",
        "Also print the standard deck with a game played with one: 52 cards, and the "
        "jokers when the game uses them (its kit file has `standard_deck`, which decides "
        "otherwise).",
        kind=bool,
    ),
    PrintOption(
        "draft",
        "--draft",
        "A prototype before the art exists: an image whose file is missing is drawn as a "
        "labelled placeholder with a warning (an error otherwise), and the sheets holding "
        "one are labelled DRAFT.",
        kind=bool,
        default=False,
        shows_default=True,
    ),
    PrintOption(
        "language",
        "--lang",
        "The edition to print of a game in several languages (its game file's "
        "`languages:`): a language tag like de, or all (default: the game's own).",
    ),
)

OPTIONS = {option.name: option for option in PRINT_OPTIONS}

# The settings of the print set-up (kitgen.model.kit.PrintSettings's fields), in the
# order they are read.
SETTINGS = tuple(option for option in PRINT_OPTIONS if option.read is not None)

# `kitgen build`'s print options, in its help's order (`kitgen watch` has them all but
# --draft: a watch always is one).
BUILD_OPTIONS = (
    "out",
    "paper",
    "card_size",
    "bleed",
    "margin",
    "gutter",
    "duplex",
    "back_offset",
    "ink",
    "cut",
    "extra_commons",
    "standard_deck",
    "draft",
    "language",
)
