"""Validate plain values against a file model and turn every error into a located finding.

pydantic reports every error of a document at once; this module words them
for players, places each at the key or value it concerns, and then drops the
broken items (a card with a typo, a deck entry with a bad count) so that the
rest of the file can still be checked for deeper problems.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar, get_args, get_origin

from pydantic import BaseModel, ValidationError

from kitgen.model.base import PATTERN_WORDS, Located, suggest
from kitgen.model.findings import Finding, finding
from kitgen.model.source import Path, SourceMap

M = TypeVar("M", bound=BaseModel)

_EXPECTED = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "text",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list",
    "tuple_type": "a list",
    "dict_type": "a mapping of keys to values",
    "model_type": "a mapping of keys to values",
    "model_attributes_type": "a mapping of keys to values",
    "none_required": "empty",
    "set_type": "a list",
    "frozen_set_type": "a list",
    "is_instance_of": "a mapping of keys to values",
    "callable_type": "a value",
    "sequence_str": "a list",
}
_RANGE = {
    "greater_than_equal": ("ge", "at least"),
    "greater_than": ("gt", "more than"),
    "less_than_equal": ("le", "at most"),
    "less_than": ("lt", "less than"),
}


@dataclass
class Validated(Generic[M]):
    """The model (None when the file is unusable), its findings and the dropped items."""

    model: M | None
    findings: list[Finding] = field(default_factory=list)
    dropped: list[tuple[Path, Any]] = field(default_factory=list)


def shorten(text: str, limit: int = 40) -> str:
    """Text to quote in a message: at most `limit` characters (a 20,000-character name
    is named by its start)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(value: Any) -> str:
    """How a YAML value reads to a person."""
    if value is None:
        return "an empty value"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {shorten(value)!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _label(loc: tuple[Any, ...], data: Any = None, model: type[BaseModel] | None = None) -> str:
    """Name the place a loc points at: `stats.top of 'Worg'`, `cards['Worg']`, `uses[2]`."""
    parts: list[str] = []
    owner = ""
    node = data
    for i, part in enumerate(loc):
        if part == "[key]":
            continue
        child: Any = None
        if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            child = node[part]
        elif isinstance(node, dict):
            child = node.get(part)
        name = child.get("name") if isinstance(child, dict) else None
        if isinstance(part, int) and isinstance(name, str) and name.strip():
            owner, parts = repr(shorten(name)), []  # an item with a name is called by it
        elif isinstance(part, int):
            parts.append(f"[{part + 1}]")
        elif model is not None and get_origin(annotation_at(model, loc[:i])) is dict:
            key = shorten(part) if isinstance(part, str) else part
            parts.append(f"[{key!r}]")  # a free-form key, like a card name in a deck
        else:
            parts.append(("." if parts else "") + str(part))
        node = child
    path = "".join(parts)
    if owner:
        return f"{path} of {owner}" if path else owner
    return path or "the file"


def _unwrap(annotation: Any) -> Any:
    """Strip Annotated and Optional from a type."""
    while True:
        origin = get_origin(annotation)
        if origin is typing.Annotated:
            annotation = get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in get_args(annotation) if a is not type(None)]
            if len(args) != 1:
                return annotation
            annotation = args[0]
        else:
            return annotation


def _members(annotation: Any) -> tuple[Any, ...]:
    """The types of a union (None aside), each unwrapped; () for a type that is none."""
    if get_origin(annotation) not in (typing.Union, types.UnionType):
        return ()
    return tuple(_unwrap(a) for a in get_args(annotation) if a is not type(None))


def _member_for(members: tuple[Any, ...], part: Any) -> Any:
    """The member of a union that a loc's next part goes into: a list for a position, a
    mapping or a model (the first with that key) for a key; None when none does."""
    for member in members:
        origin = get_origin(member)
        if isinstance(part, int) and origin in (list, tuple):
            return member
        if isinstance(part, str) and origin is dict:
            return member
        is_model = isinstance(member, type) and issubclass(member, BaseModel)
        if isinstance(part, str) and is_model and _field_by_key(member, part) is not None:
            return member
    return None


def annotation_at(model: type[BaseModel], loc: tuple[Any, ...]) -> Any:
    """The (unwrapped) type a model expects at a loc, or None when unknown (a union's
    member taken by what the loc goes into next)."""
    current: Any = model
    for part in loc:
        current = _unwrap(current)
        members = _members(current)
        if members:
            current = _member_for(members, part)
            if current is None:
                return None
        origin = get_origin(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            info = _field_by_key(current, str(part))
            if info is None:
                return None
            current = info.annotation
        elif origin in (list, tuple) and isinstance(part, int):
            current = get_args(current)[0]
        elif origin is dict:
            current = get_args(current)[0 if part == "[key]" else 1]
        else:
            return None
    return _unwrap(current)


def _field_by_key(model: type[BaseModel], key: str) -> Any:
    """A model's field by the key written in YAML (its alias, if it has one)."""
    for name, info in model.model_fields.items():
        if (info.alias or name) == key:
            return info
    return None


def _fields(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    container = annotation_at(model, loc)
    if isinstance(container, type) and issubclass(container, BaseModel):
        return [info.alias or name for name, info in container.model_fields.items()]
    return []


def _place(source: SourceMap, loc: tuple[Any, ...]) -> tuple[Path, bool]:
    """The source path of a loc and whether it names a key."""
    path = tuple(p for p in loc if p != "[key]")
    return path, bool(loc) and loc[-1] == "[key]"


def translate(err: Any, model: type[BaseModel], source: SourceMap, data: Any = None) -> Finding:
    """Word one pydantic error for a player and locate it in the file."""
    loc: tuple[Any, ...] = tuple(err["loc"])
    kind: str = err["type"]
    value = err.get("input")
    ctx = err.get("ctx") or {}
    label = _label(loc, data, model)
    path, is_key = _place(source, loc)
    if kind == "extra_forbidden":
        allowed = _fields(model, loc[:-1])
        where = _label(loc[:-1], data, model)
        hint = suggest(str(loc[-1]), allowed)
        takes = f"; {where} takes: {', '.join(allowed)}" if allowed else ""
        return finding(
            "unknown-key", f"unknown key {loc[-1]!r}{hint}{takes}", source.at(path, key=True)
        )
    if kind == "missing":
        where = _label(loc[:-1], data, model)
        return finding("missing-key", f"{where} needs the key {loc[-1]!r}", source.at(path[:-1]))
    at = source.at(path, key=is_key)
    if kind == "union_type":  # (kitgen's own: `_unions`)
        return finding(
            "wrong-type", f"{label} should be {ctx['expected']}, not {describe(value)}", at
        )
    if kind in _EXPECTED:
        what = "a key here" if is_key else label
        return finding(
            "wrong-type", f"{what} should be {_EXPECTED[kind]}, not {describe(value)}", at
        )
    if kind in ("literal_error", "enum"):
        expected = annotation_at(model, loc)
        choices = [str(a) for a in get_args(expected)] if get_origin(expected) is Literal else []
        listed = ", ".join(choices) if choices else str(ctx.get("expected", ""))
        hint = suggest(str(value), choices) if isinstance(value, str) else ""
        return finding(
            "invalid-value",
            f"{label} is {describe(value)}{hint}; it must be one of: {listed}",
            at,
        )
    if kind in _RANGE:
        key, words = _RANGE[kind]
        return finding("out-of-range", f"{label} is {value}; it must be {words} {ctx.get(key)}", at)
    if kind in ("string_too_long", "too_long"):
        limit = ctx.get("max_length")
        unit = "characters" if kind == "string_too_long" else "items"
        unit = unit if limit != 1 else unit[:-1]
        return finding("out-of-range", f"{label} is too long: at most {limit} {unit}", at)
    if kind in ("string_too_short", "too_short"):
        limit = ctx.get("min_length")
        unit = "characters" if kind == "string_too_short" else "items"
        unit = unit if limit != 1 else unit[:-1]
        return finding("out-of-range", f"{label} is too short: at least {limit} {unit}", at)
    what = "a key here" if is_key else label
    if kind == "string_pattern_mismatch":
        pattern = str(ctx.get("pattern", ""))
        words = PATTERN_WORDS.get(pattern, "in the form the documentation gives for it")
        if is_key:
            what = f"a key of {_label(loc[:-2], data, model)}"
        return finding("invalid-value", f"{what} should be {words}, not {describe(value)}", at)
    if kind in ("value_error", "assertion_error"):
        reason = str(ctx.get("error") or "") or "not allowed here"
        return finding("invalid-value", f"{what}: {reason}", at)
    if kind == "recursion_loop":
        return finding("invalid-value", f"{what} holds itself (a YAML alias to itself)", at)
    # Any other kind (pydantic has more than kitgen's models can give) in the same words,
    # never pydantic's own: its messages name Python's types and patterns.
    return finding("invalid-value", f"{what} is {describe(value)}, which is not allowed here", at)


def _clean(loc: tuple[Any, ...], model: type[BaseModel]) -> tuple[tuple[Any, ...], int]:
    """A loc without pydantic's names of union members (`rules.dict[str,...].de` is
    `rules.de`), and how long its part up to the first union is (-1: no union)."""
    clean: list[Any] = []
    union_at = -1
    tag_next = False
    for part in loc:
        if tag_next and isinstance(part, str):
            tag_next = False
            continue  # pydantic's name of the member: `dict[str,...]`, `str`
        tag_next = False
        clean.append(part)
        if part != "[key]" and _members(annotation_at(model, tuple(clean))):
            union_at = len(clean) if union_at < 0 else union_at
            tag_next = True
    return tuple(clean), union_at


def _unions(errors: list[Any], model: type[BaseModel]) -> list[Any]:
    """pydantic's errors with a union's members worded as one: each error's loc without
    the members' names; where one member got further into the value than the others
    (a mapping of language tags holding a number), only its errors; where none did
    (a number for a file name or a mapping), one error naming what each would take."""
    out: list[Any] = []
    points: dict[tuple[Any, ...], list[Any]] = {}
    for e in errors:
        clean, union_at = _clean(tuple(e["loc"]), model)
        e = {**e, "loc": clean}
        if union_at < 0:
            out.append(e)
        else:
            points.setdefault((*clean[:union_at], union_at), []).append(e)
    for key, group in points.items():
        depth = len(key) - 1
        deeper = [e for e in group if len(e["loc"]) > depth]
        if deeper:
            out.extend(deeper)
            continue
        expected = list(dict.fromkeys(_EXPECTED.get(e["type"], "") for e in group))
        if len(group) > 1 and all(expected):
            first = group[0]
            out.append({**first, "type": "union_type", "ctx": {"expected": " or ".join(expected)}})
        else:
            out.extend(group)
    return out


def translate_all(
    errors: list[Any], model: type[BaseModel], source: SourceMap, data: Any = None
) -> list[Finding]:
    """Word pydantic's errors of one document: a union's members' errors as one
    (`_unions`), each then by `translate`."""
    return [translate(e, model, source, data) for e in _unions(errors, model)]


def _prunable(loc: tuple[Any, ...], kind: str, model: type[BaseModel]) -> Path | None:
    """The item to drop so the rest can validate, or None when the file is unusable."""
    if len(loc) >= 2 and isinstance(loc[0], str):
        container = get_origin(annotation_at(model, loc[:1]))
        if container in (list, dict):
            return (loc[0], loc[1])
    if len(loc) == 1 and isinstance(loc[0], str):
        info = model.model_fields.get(loc[0])
        if kind == "extra_forbidden" or (info is not None and not info.is_required()):
            return (loc[0],)
    return None


def _prune(
    data: dict[Any, Any],
    drops: set[Path],
    kept: dict[Path, list[int]],
    dropped: list[tuple[Path, Any]],
) -> dict[Any, Any]:
    """A copy of data without the dropped items; record original list indices."""
    out = dict(data)
    for drop in sorted(drops, key=repr):
        if len(drop) == 1:
            dropped.append((drop, out.pop(drop[0], None)))
    by_field: dict[Any, set[Any]] = {}
    for drop in drops:
        if len(drop) == 2:
            by_field.setdefault(drop[0], set()).add(drop[1])
    for name, members in by_field.items():
        box = out.get(name)
        if isinstance(box, list):
            origin = kept.get((name,), list(range(len(box))))
            keep = [i for i in range(len(box)) if i not in members]
            dropped.extend(((name, origin[i]), box[i]) for i in sorted(members) if i < len(box))
            out[name] = [box[i] for i in keep]
            kept[(name,)] = [origin[i] for i in keep]
        elif isinstance(box, dict):
            dropped.extend(((name, k), box[k]) for k in members if k in box)
            out[name] = {k: v for k, v in box.items() if k not in members}
    return out


def attach(obj: Any, source: SourceMap, path: Path, kept: dict[Path, list[int]]) -> None:
    """Tell every located model inside obj where it was read from."""
    if isinstance(obj, Located):
        obj.locate(source, path)
    if isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            attach(getattr(obj, name), source, (*path, name), kept)
    elif isinstance(obj, list):
        origin = kept.get(path)
        for i, item in enumerate(obj):
            attach(item, source, (*path, origin[i] if origin else i), kept)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(k, Hashable):
                attach(v, source, (*path, k), kept)


def validate(model: type[M], data: dict[Any, Any], source: SourceMap) -> Validated[M]:
    """Validate data against a file model, collecting every problem as a finding."""
    result: Validated[M] = Validated(None)
    kept: dict[Path, list[int]] = {}
    current = data
    for attempt in range(4):
        try:
            obj = model.model_validate(current)
        except ValidationError as err:
            errors = err.errors(include_url=False)
            if attempt == 0:
                seen: set[tuple[str, int, int, str]] = set()
                for f in translate_all(errors, model, source, data):
                    key = (
                        f.code,
                        f.location.line if f.location else 0,
                        f.location.column if f.location else 0,
                        f.message,
                    )
                    if key not in seen:
                        seen.add(key)
                        result.findings.append(f)
            drops = {_prunable(tuple(e["loc"]), e["type"], model) for e in errors}
            if None in drops:
                return result
            current = _prune(current, {d for d in drops if d is not None}, kept, result.dropped)
            continue
        attach(obj, source, (), kept)
        result.model = obj
        return result
    return result
