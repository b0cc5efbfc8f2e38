"""The `kit` file kind: what to print for a game, and how."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from kitgen.model.base import Id, Located, Name, RelPath, Spec, Text
from kitgen.model.print_words import CutMode as CutMode
from kitgen.model.print_words import DuplexMode as DuplexMode
from kitgen.model.print_words import Ink as Ink


def _number_as_text(value: object) -> object:
    """Read `bleed: 0` like `bleed: "0"`; the kit check then asks for a unit if needed."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{value:g}"
    return value


Length = Annotated[Name, BeforeValidator(_number_as_text)]


class PrintSettings(Spec):
    """How to print: any setting left out takes the command line's or kitgen's default."""

    paper: Name | None = None
    card_size: Name | None = None
    bleed: Length | None = None
    margin: Length | None = None
    gutter: Length | None = None
    duplex: DuplexMode | None = None
    back_offset: Name | None = None
    ink: Ink | None = None
    cut: CutMode | None = None


# kitgen's own settings, under the kit file's, kitgen.toml's and the command line's.
DEFAULTS = PrintSettings(
    paper="a4",
    card_size="poker",
    bleed="3mm",
    margin="5mm",
    gutter="0",
    duplex="long",
    back_offset="0,0",
    ink="normal",
    cut="marks",
)


class ReferenceSection(Spec):
    """A heading and its points, on a reference card."""

    heading: Name
    points: list[Text] = Field(min_length=1, max_length=20)


class ReferenceCard(Spec):
    """A card-sized crib sheet. `{{ name }}` takes a game parameter."""

    title: Name
    sections: list[ReferenceSection] = Field(min_length=1, max_length=12)


@dataclass(frozen=True)
class Reference:
    """A reference card ready to print: parameters filled in."""

    title: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]


class KitBase(Located):
    """What every game's `kind: kit` file has: a name, print settings and a rules file.

    Each game's kit is its own model, so a key or component that belongs to
    another game's kit is reported where it is written (`unknown-key`,
    `invalid-value`) instead of being ignored.
    """

    game: str  # each game's kit narrows these two
    kind: Literal["kit"]
    name: Name
    # What the kit's file names start with (`scratch` -> scratch-cards.pdf); without
    # it, the name as a slug (`Tinker Town` -> tinker-town-cards.pdf).
    file_prefix: Id | None = None
    components: Sequence[str] = ()
    settings: PrintSettings = PrintSettings()
    # The rules file (relative to the kit) the booklets print, or one per language of
    # the game's editions (`{en: rules.yaml, de: rules-de.yaml}`, its first language's
    # there): kitgen.load.kits.rules_document picks an edition's.
    rules: RelPath | dict[str, RelPath] | None = None
