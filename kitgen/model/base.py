"""Base classes for file models: strict, closed to unknown keys, and located."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from typing import Annotated, Any, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    PrivateAttr,
    StringConstraints,
)

from kitgen.model.findings import Location
from kitgen.model.source import SourceMap
from kitgen.names import ID_PATTERN, name_key

V = TypeVar("V", bound=Callable[..., Any])


class Spec(BaseModel):
    """A strict, frozen piece of a kitgen file: no coercion, no unknown keys."""

    # defer_build: a model's validator is built when it is first used, so a command pays
    # for the models of the files it reads, not for every model it imports (start-up time).
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


class Located(Spec):
    """A file model that remembers where in which file it was written."""

    _source: SourceMap | None = PrivateAttr(default=None)
    _path: tuple[Hashable, ...] = PrivateAttr(default=())

    def locate(self, source: SourceMap, path: tuple[Hashable, ...]) -> None:
        """Record the file and the path of keys this object was read from."""
        self._source = source
        self._path = path

    def where(self, *keys: Hashable, key: bool = False) -> Location | None:
        """Where this object's field (or sub-path) was written, if known."""
        # (The private attributes read straight from pydantic's store: `self._source`
        # goes through BaseModel.__getattr__, a cost a deck of a thousand lines pays
        # at each line.)
        private = self.__pydantic_private__ or {}
        source: SourceMap | None = private.get("_source")
        if source is None:
            return None
        return source.at((*private.get("_path", ()), *keys), key=key)

    @property
    def source_path(self) -> str | None:
        """The path of the file this object was read from."""
        return None if self._source is None else self._source.path


# What each pattern a model holds text to allows, in words: a finding says it instead
# of the pattern (kitgen.load.validate). Every pattern is registered by `described`.
PATTERN_WORDS: dict[str, str] = {}


def described(pattern: str, words: str) -> str:
    """A pattern for a model's `StringConstraints`, with what it allows in words (`letters,
    digits and _, starting with a letter`) for the findings of text that breaks it."""
    PATTERN_WORDS[pattern] = words
    return pattern


_ID = re.compile(ID_PATTERN)
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _check_id(value: str) -> str:
    if not _ID.fullmatch(value):
        raise ValueError(
            f"{value!r} is not a valid id: use lowercase letters, digits and single dashes, "
            "starting with a letter (like `first-strike`)"
        )
    return value


def _check_colour(value: str) -> str:
    if not _COLOUR.match(value):
        raise ValueError(f"{value!r} is not a colour: write it as #rrggbb (like `#b03a2e`)")
    return value


def _check_text(value: str) -> str:
    if not value.strip():
        raise ValueError("this text is empty")
    return value


Id = Annotated[str, StringConstraints(max_length=40), AfterValidator(_check_id)]
Name = Annotated[str, StringConstraints(max_length=80), AfterValidator(_check_text)]
Text = Annotated[str, StringConstraints(max_length=2000), AfterValidator(_check_text)]
Colour = Annotated[str, AfterValidator(_check_colour)]
RelPath = Annotated[str, StringConstraints(max_length=400), AfterValidator(_check_text)]
# A BCP 47 language tag as kitgen reads one: a language of 2 or 3 letters, then subtags
# (script, region, variant) of 1 to 8 letters or digits, each after a dash.
LANGUAGE_PATTERN = described(
    r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$",
    "a language tag (BCP 47) like `en`, `de`, `pt-BR`, `zh-Hans` or `ja`",
)
Language = Annotated[str, StringConstraints(max_length=35, pattern=LANGUAGE_PATTERN)]


def _number_as_text(value: object) -> object:
    """Read a bare number (`10`) as text, so the card check can say what is missing."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


# A playing card as written in a standard-deck game's file (`10H`, `QS`, `RJ`); read
# by kitgen.load.cards, which reports what is wrong with it.
CardText = Annotated[Name, BeforeValidator(_number_as_text)]


SchemaEdit = Callable[[dict[str, Any]], None]


def in_schema(edit: SchemaEdit) -> Callable[[V], V]:
    """Teach `kitgen schema` what a model validator accepts: `edit(schema)` changes the
    model's JSON Schema to say it (put it under `@model_validator`). A validator the
    schema cannot describe stops `kitgen schema`, so a game's own validators say it
    here, in the game's package."""

    def mark(validator: V) -> V:
        validator.kitgen_schema = edit  # type: ignore[attr-defined]
        return validator

    return mark


def accepts(schema: dict[str, Any]) -> Callable[[V], V]:
    """Teach `kitgen schema` what a before-validator also takes (a JSON Schema): the
    value it turns into the field's type, as `_number_as_text` takes a number."""

    def mark(validator: V) -> V:
        validator.kitgen_accepts = schema  # type: ignore[attr-defined]
        return validator

    return mark


def present(key: str) -> dict[str, Any]:
    """A JSON Schema fragment: a key present with a value other than null (null counts
    as left out)."""
    return {"required": [key], "properties": {key: {"not": {"type": "null"}}}}


def empty() -> list[Any]:
    """A new empty list: the default of a list field that may be left out.

    (Not `default_factory=list`: pydantic inspects the signature of a field's
    default factory, and a builtin's signature is parsed from text by the tokenizer,
    whose patterns then compile: about 5 ms of a one-file check's start-up.)
    """
    return []


def empty_map() -> dict[Any, Any]:
    """A new empty mapping: the default of a mapping field that may be left out (not
    `default_factory=dict`, for the reason `empty` gives)."""
    return {}


def normalise(text: Any) -> str:
    """A name's lookup key: its Unicode identity, case, spacing and punctuation aside
    ("First strike!" ~ first-strike; "ΠΕΛΑΡΓΌΣ" ~ "Πελαργός", never "Буря"); see
    `kitgen.names.name_key`."""
    return name_key(str(text))


def suggest(word: str, choices: list[str]) -> str:
    """A " (did you mean 'x'?)" hint, or nothing. Here a compatibility form counts as
    the letter it stands for (NFKC: a name typed in full-width letters finds the card
    spelt in ASCII), though a lookup tells them apart."""
    import difflib
    import unicodedata

    def near(text: str) -> str:
        return normalise(unicodedata.normalize("NFKC", text))

    by_norm = {near(c): c for c in choices}
    close = difflib.get_close_matches(near(word), list(by_norm), n=1, cutoff=0.6)
    return f" (did you mean {by_norm[close[0]]!r}?)" if close else ""
