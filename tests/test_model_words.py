"""Every error pydantic can give for kitgen's file models reaches a designer in words:
the field, and what it takes, never pydantic's own message (`String should match
pattern '^[A-Za-z]...'`, `Input should be a valid integer`).

The models are walked through pydantic's schemas of them, and each key of each model
(nested ones too) is given values that break each rule it holds: a value of another
kind, text too long or in the wrong form, a number out of range, a list or mapping
too long or too short, a word not among its choices, a key missing or unknown.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

import kitgen
from kitgen.load.validate import translate, translate_all
from kitgen.model.base import PATTERN_WORDS
from kitgen.model.source import SourceMap

# pydantic's phrasings, which a designer must never read.
PYDANTIC = re.compile(
    r"should match pattern|Input should|[Vv]alidation error|type=|String should|"
    r"Value error,|Field required|Extra inputs|Assertion failed|should have at (least|most)|"
    r"Dictionary should|List should|Tuple should|Object has no attribute|https://errors\.pydantic|"
    r"function-(after|before|wrap|plain)\[|dict\[|constrained-"  # a union's members' names
)
DEPTH = 4  # models inside models, as deep as the walk goes
# Schemas around another that add no rule of their own (a validator of kitgen's that
# raises gives a value_error, with kitgen's words).
WRAPPERS = (
    "default",
    "nullable",
    "function-before",
    "function-after",
    "function-wrap",
    "model-field",
)


def _models() -> list[type[BaseModel]]:
    for info in pkgutil.walk_packages(kitgen.__path__, "kitgen."):
        importlib.import_module(info.name)

    def below(cls: type[BaseModel]) -> Iterator[type[BaseModel]]:
        for sub in cls.__subclasses__():
            yield sub
            yield from below(sub)

    found = {c for c in below(BaseModel) if c.__module__.startswith("kitgen.")}
    return sorted(found, key=lambda c: (c.__module__, c.__qualname__))


MODELS = _models()


def _schema(model: type[BaseModel]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A model's core schema and its definitions by reference."""
    model.model_rebuild()
    schema: Any = model.__pydantic_core_schema__
    if schema.get("type") == "definitions":
        refs = {d["ref"]: d for d in schema["definitions"]}
        return schema["schema"], refs
    return schema, {}


def _inner(schema: dict[str, Any], refs: dict[str, Any]) -> dict[str, Any]:
    """A schema without the wrappers that add no rule of their own."""
    while True:
        kind = schema["type"]
        if kind == "definition-ref":
            schema = refs[schema["schema_ref"]]
        elif kind in WRAPPERS:
            schema = schema["schema"]
        elif kind == "chain":
            schema = schema["steps"][0]
        elif kind == "json-or-python":
            schema = schema["python_schema"]
        else:
            return schema


def _bad(schema: dict[str, Any], refs: dict[str, Any], depth: int) -> Iterator[Any]:
    """Values that break a rule of this schema, or of one inside it."""
    s = _inner(schema, refs)
    kind = s["type"]
    if kind == "str":
        yield 12
        yield ["a list"]
        if "max_length" in s:
            yield "x" * (s["max_length"] + 1)
        if s.get("min_length"):
            yield ""
        if "pattern" in s:
            yield "!bad form!"
    elif kind in ("int", "float"):
        yield "ten"
        yield True if kind == "int" else None
        if kind == "int":
            yield 1.5
        for bound, step in (("ge", -1), ("gt", 0), ("le", 1), ("lt", 0)):
            if bound in s:
                yield s[bound] + step
    elif kind == "bool":
        yield "yes please"
        yield 2
    elif kind == "literal":
        yield "no-such-choice"
        yield ["a list"]
    elif kind in ("list", "tuple", "set"):
        yield "not a list"
        yield {"a": 1}
        if s.get("min_length"):
            yield []
        if "max_length" in s:
            yield [None] * (s["max_length"] + 1)
        items = s.get("items_schema")
        if isinstance(items, dict) and depth:
            for value in _bad(items, refs, depth - 1):
                yield [value]
    elif kind == "dict":
        yield "not a mapping"
        yield [1, 2]
        if s.get("min_length"):
            yield {}
        if "max_length" in s:
            yield {f"k{i}": None for i in range(s["max_length"] + 1)}
        if depth:
            for value in _bad(s.get("values_schema", {"type": "any"}), refs, depth - 1):
                yield {"k": value}
            for key in _bad(s.get("keys_schema", {"type": "any"}), refs, depth - 1):
                if isinstance(key, str):
                    yield {key: None}
    elif kind == "model":
        yield "not a mapping"
        yield [1]
        if depth:
            yield from _documents(s, refs, depth - 1)
    elif kind == "union":
        yield [[["deep"]]]
        for choice in s["choices"]:
            choice = choice[0] if isinstance(choice, tuple) else choice
            yield from _bad(choice, refs, depth)
    elif kind == "is-instance":
        yield "not that kind"


def _documents(model: dict[str, Any], refs: dict[str, Any], depth: int) -> Iterator[Any]:
    """Mappings for a model: empty (every required key missing), an unknown key, and
    each key with each value that breaks it."""
    fields = _inner(model["schema"], refs)
    if fields["type"] != "model-fields":
        return
    yield {}
    yield {"no_such_key_here": 1}
    for name, spec in fields["fields"].items():
        key = spec.get("validation_alias") or name
        if not isinstance(key, str):
            continue
        for value in _bad(spec["schema"], refs, depth):
            yield {key: value}


def _errors(model: type[BaseModel]) -> Iterator[tuple[dict[str, Any], Any]]:
    schema, refs = _schema(model)
    if _inner(schema, refs)["type"] != "model":
        return
    for data in _documents(_inner(schema, refs), refs, DEPTH):
        try:
            model.model_validate(data)
        except ValidationError as err:
            for e in err.errors(include_url=False):
                yield dict(e), data
        except (TypeError, ValueError, AttributeError):
            pass  # a model validator that reads a broken value itself: not pydantic's words


@pytest.mark.parametrize("model", MODELS, ids=lambda m: f"{m.__module__}.{m.__qualname__}")
def test_every_error_of_every_model_is_said_in_words(model: type[BaseModel]) -> None:
    source = SourceMap("model.yaml")
    kinds: set[str] = set()
    for error, data in _errors(model):
        kinds.add(error["type"])
        for found in translate_all([error], model, source, data):
            assert not PYDANTIC.search(found.message), (error, found.message)
            assert "^" not in found.message and "$" not in found.message, found.message
    del kinds


def test_the_walk_meets_every_kind_of_error_kitgen_words() -> None:
    """The walk above is no empty loop: over all the models it meets every kind of error
    the models can give."""
    source = SourceMap("model.yaml")
    kinds: set[str] = set()
    for model in MODELS:
        for error, data in _errors(model):
            kinds.add(error["type"])
            translate(error, model, source, data)
    assert {
        "missing",
        "extra_forbidden",
        "string_type",
        "string_too_long",
        "string_pattern_mismatch",
        "int_type",
        "greater_than_equal",
        "less_than_equal",
        "bool_type",
        "literal_error",
        "list_type",
        "too_short",
        "too_long",
        "dict_type",
        "model_type",
        "value_error",
    } <= kinds, sorted(kinds)


def test_every_pattern_says_what_it_allows() -> None:
    patterns: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") == "str" and "pattern" in node:
                patterns.add(node["pattern"])
            for value in node.values():
                walk(value)
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value)

    for model in MODELS:
        model.model_rebuild()
        walk(model.__pydantic_core_schema__)
    assert patterns, "no pattern found: the walk is broken"
    assert patterns <= set(PATTERN_WORDS), sorted(patterns - set(PATTERN_WORDS))


FIXTURES = Path(__file__).parent / "fixtures" / "invalid"


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.yaml")), ids=lambda p: p.stem)
def test_no_fixture_finding_reads_like_pydantic(path: Path) -> None:
    from kitgen.kit import check_file

    for found in check_file(str(path)).findings:
        assert not PYDANTIC.search(found.message), found.message
