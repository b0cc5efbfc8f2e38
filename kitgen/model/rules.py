"""The `rules` file kind: a game's rules as sections of blocks, with figures by name."""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from kitgen.model.base import Id, Language, Located, Name, Spec, Text, empty

LongText = Text  # a paragraph; inline **bold** and *italic*; {{ parameter }} for numbers

# Each block holds exactly one of these keys (`list` is read into `bullets`).
BLOCK_KINDS = (
    "text",
    "list",
    "steps",
    "table",
    "tip",
    "strategy",
    "variant",
    "note",
    "kitgen",
    "figure",
    "example",
)
_ATTR = {"list": "bullets"}
# A booklet of 16 pages holds about 20 sections of 20 blocks; these leave room
# and keep a rules file to what a booklet can print in reasonable time.
MAX_SECTIONS = 60
MAX_BLOCKS = 200
CALLOUTS = ("tip", "strategy", "variant", "note", "kitgen")


class Table(Spec):
    """A table: column headings and rows of cells."""

    columns: list[Name] = Field(min_length=1, max_length=6)
    rows: list[list[LongText]] = Field(min_length=1, max_length=60)


class Example(Spec):
    """A worked example: a title and blocks, set apart in a box."""

    title: Name
    blocks: list[Block] = Field(min_length=1, max_length=MAX_BLOCKS)


class Block(Located):
    """One block of a section: a paragraph, a list, a table, a call-out, a figure..."""

    text: LongText | None = None
    bullets: list[LongText] | None = Field(default=None, alias="list", max_length=MAX_BLOCKS)
    steps: list[LongText] | None = Field(default=None, max_length=MAX_BLOCKS)
    table: Table | None = None
    tip: LongText | None = None
    strategy: LongText | None = None
    variant: LongText | None = None
    note: LongText | None = None
    kitgen: LongText | None = None  # how kitgen helps with this part of the game
    figure: Id | None = None
    example: Example | None = None
    caption: LongText | None = None  # with figure
    args: dict[str, Any] | None = None  # with figure: what the figure shows

    @model_validator(mode="after")
    def _one_kind(self) -> Block:
        given = [k for k in BLOCK_KINDS if getattr(self, _ATTR.get(k, k)) is not None]
        if len(given) != 1:
            raise ValueError(
                "a block holds exactly one of: "
                + ", ".join(BLOCK_KINDS)
                + (f" (this one has {', '.join(given)})" if given else "")
            )
        if self.figure is None and (self.caption is not None or self.args is not None):
            raise ValueError("`caption` and `args` go with `figure`")
        return self

    @property
    def kind(self) -> str:
        """Which kind of block this is."""
        return next(k for k in BLOCK_KINDS if getattr(self, _ATTR.get(k, k)) is not None)


class Section(Located):
    """A numbered section with its blocks and subsections."""

    title: Name
    blocks: list[Block] = Field(default_factory=empty, max_length=MAX_BLOCKS)
    sections: list[Section] = Field(default_factory=empty, max_length=MAX_SECTIONS)


class BookletWords(Spec):
    """The booklet's own words as a rules file words them (`words:`), over those kitgen
    prints in the rules' language. (The keys are kitgen.layout.words's.)"""

    contents: Name | None = None
    tip: Name | None = None
    strategy: Name | None = None
    variant: Name | None = None
    note: Name | None = None
    kitgen: Name | None = None
    example: Name | None = None
    quick_reference: Name | None = None
    reference_title: Name | None = None
    players: Name | None = None
    player_range: Name | None = None
    in_the_kit: Name | None = None
    reference_note: Text | None = None
    checklist: Name | None = None
    checklist_intro: Text | None = None
    scores: Name | None = None
    scores_intro: Text | None = None
    score_game: Name | None = None
    score_player: Name | None = None
    score_total: Name | None = None
    notes: Name | None = None
    credit: Name | None = None

    def given(self) -> dict[str, str]:
        """The words the file sets, by key."""
        return {k: v for k, v in self.model_dump().items() if v is not None}


class RulesFile(Located):
    """`kind: rules`: the rules of a game, for the booklet and the quick reference."""

    game: str
    kind: str
    title: Name
    subtitle: Name | None = None
    credits: LongText | None = None
    # The covers' playing time and summary in this file's words (an edition's rules in
    # its language); None: the game file's.
    playing_time: Name | None = None
    summary: Text | None = None
    # The language the rules are written in (BCP 47): where the booklet hyphenates words
    # and how it breaks lines (kitgen.render.script_paragraph). None: the game's
    # `language:` when its game file writes one, else no hyphenation.
    language: Language | None = None
    sections: list[Section] = Field(min_length=1, max_length=MAX_SECTIONS)
    quick_reference: list[Section] = Field(default_factory=empty, max_length=MAX_SECTIONS)
    # The booklet's own words (`Contents`, `TIP` ...) where this file words them its own
    # way; the rest are kitgen's in the rules' language (kitgen.layout.words).
    words: BookletWords | None = None


Example.model_rebuild()
Block.model_rebuild()
Section.model_rebuild()
RulesFile.model_rebuild()
