"""The `kit` file kind: what to print for a game, and how."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from kitgen.model.base import Located, Name, RelPath, Spec, Text

Ink = Literal["normal", "low"]
DuplexMode = Literal["long", "short", "fold", "none"]
Component = Literal["cards", "mat", "reference"]
COMPONENTS: tuple[Component, ...] = ("cards", "mat", "reference")


class PrintSettings(Spec):
    """How to print: any setting left out takes the command line's or kitgen's default."""

    paper: Name | None = None
    card_size: Name | None = None
    bleed: Name | None = None
    margin: Name | None = None
    gutter: Name | None = None
    duplex: DuplexMode | None = None
    back_offset: Name | None = None
    ink: Ink | None = None


class ReferenceSection(Spec):
    """A heading and its points, on a reference card."""

    heading: Name
    points: list[Text] = Field(min_length=1)


class ReferenceCard(Spec):
    """A card-sized crib sheet. `{{ name }}` takes a game parameter."""

    title: Name
    sections: list[ReferenceSection] = Field(min_length=1)


class KitFile(Located):
    """`kind: kit`: the components to print, the settings, and extra content."""

    game: Literal["scratch"]
    kind: Literal["kit"]
    name: Name
    components: list[Component] = Field(default_factory=lambda: list(COMPONENTS))
    settings: PrintSettings = PrintSettings()
    decks: list[RelPath] = Field(default_factory=list)
    card_files: list[RelPath] = Field(default_factory=list)
    extra_commons: int = Field(default=0, ge=0, le=20)
    reference: list[ReferenceCard] = Field(default_factory=list)
