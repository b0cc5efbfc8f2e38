"""The `game` file kind: a game's title, players, kit components and parameters."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from kitgen.model.base import Id, Language, Located, Name, Spec, Text, empty
from kitgen.model.kinds import KINDS

__all__ = [
    "ANY_GAME",
    "DECK_RULES",
    "KINDS",
    "Component",
    "GameFile",
    "NoParameters",
    "PlayerCount",
]

# Marks a field's JSON Schema as taking the id of any game kitgen knows (kitgen.schema
# lists them there, from the registry).
ANY_GAME = "x-kitgen-any-game"
# Marks a field kept as written (a mapping) whose JSON Schema is the deck-rules
# language's (kitgen.model.deck_rules.DeckRules): kitgen.schema puts it there. A game
# file whose check validates its deck rules reads them so, not at every start-up.
DECK_RULES = "x-kitgen-deck-rules"


class PlayerCount(Spec):
    """How many players a game takes."""

    min: Annotated[int, Field(ge=1, le=12)]
    max: Annotated[int, Field(ge=1, le=12)]


class Component(Spec):
    """One thing a game's printed kit contains."""

    id: Id
    title: Name
    description: Text


class NoParameters(Spec):
    """A game whose engine parameters are not defined yet."""


class GameFile(Located):
    """`kind: game`: facts about a game that the CLI, engine and booklet share."""

    # Any game's id: the file's `game:` chose this model through the registry already (a
    # game's own subclass may narrow it to its id). Its JSON Schema lists the games.
    game: Annotated[str, Field(json_schema_extra={ANY_GAME: True})]
    kind: Literal["game"]
    title: Name
    players: PlayerCount
    playing_time: Name
    summary: Text
    credits: Text | None = None
    # The language its text is written in (BCP 47): where a word of a designed game's
    # card too long for its box is cut with a hyphen (kitgen.render.hyphenation).
    language: Language = "en"
    components: list[Component] = Field(default_factory=empty)
    parameters: NoParameters = NoParameters()
