"""Read a kitgen file: bytes, YAML, the `game:`/`kind:` envelope, then its file model."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from kitgen import registry
from kitgen.load.references import READ_FLAGS, special_kind
from kitgen.load.validate import describe, validate
from kitgen.load.yamlsrc import DEFAULT_LIMITS, Limits, decode_utf8, parse_yaml
from kitgen.model.base import suggest
from kitgen.model.document import Document as Document  # (re-exported: read here)
from kitgen.model.findings import Finding, Location, finding
from kitgen.model.kinds import KINDS
from kitgen.model.source import SourceMap, whole_file
from kitgen.names import game_id_problem

if TYPE_CHECKING:
    from pydantic import BaseModel


class _Models(Mapping[tuple[str, str], "type[BaseModel]"]):
    """(game, kind) to its file model, from the game's registry entry: a game's models
    are imported when a file of that game is read. Iterating lists the built-in games'
    (and games registered in this process), never reading other packages' entry points."""

    def __getitem__(self, key: tuple[str, str]) -> type[BaseModel]:
        game = registry.find(key[0])
        model = None if game is None else game.model(key[1])
        if model is None:
            raise KeyError(key)
        return model

    def __contains__(self, key: object) -> bool:
        if not (isinstance(key, tuple) and len(key) == 2):
            return False
        game = registry.find(key[0])
        return game is not None and key[1] in game.kinds

    def _keys(self) -> list[tuple[str, str]]:
        return [
            (g, kind)
            for g in registry.loaded_ids()
            for kind in KINDS
            if kind in registry.get(g).kinds
        ]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self._keys())

    def __len__(self) -> int:
        return len(self._keys())


MODELS: Mapping[tuple[str, str], type[BaseModel]] = _Models()


def read_bytes(path: str, limits: Limits = DEFAULT_LIMITS) -> tuple[bytes | None, Finding | None]:
    """Read a file's bytes, refusing missing, unreadable and oversized files, and
    anything that is not a regular file (after symlinks): reading a pipe, a device
    or a socket could wait for ever, or never end.

    Every data file kitgen reads comes through here. The file is looked at before
    it is opened (opening a pipe for reading waits for a writer), and opened without
    blocking, then looked at again, so one swapped in between cannot hang either."""
    where = whole_file(path)
    try:
        problem = _not_regular(os.stat(path).st_mode, where)
        if problem is not None:
            return None, problem
        handle = os.open(path, READ_FLAGS)
        with open(handle, "rb", closefd=True) as stream:
            info = os.fstat(handle)
            problem = _not_regular(info.st_mode, where)
            if problem is not None:
                return None, problem
            if info.st_size > limits.max_file_bytes:
                return None, finding(
                    "file-too-large",
                    f"the file is {info.st_size:,} bytes; kitgen reads files up to "
                    f"{limits.max_file_bytes:,} bytes",
                    where,
                )
            data = stream.read(limits.max_file_bytes + 1)
    except FileNotFoundError:
        return None, finding("file-not-found", "no such file", where)
    except OSError as err:
        return None, finding("file-unreadable", f"cannot read the file: {err.strerror}", where)
    except ValueError:  # a NUL character in the path
        return None, finding("file-not-found", "no such file (the name holds a NUL)", where)
    if len(data) > limits.max_file_bytes:
        return None, finding(
            "file-too-large", f"the file is larger than {limits.max_file_bytes:,} bytes", where
        )
    return data, None


def _not_regular(mode: int, where: Location) -> Finding | None:
    """Why a file of this mode is not read: a folder, a pipe, a device or a socket."""
    if stat.S_ISDIR(mode):
        return finding("file-unreadable", "this is a folder, not a file", where)
    if not stat.S_ISREG(mode):
        return finding("file-unreadable", f"this is {special_kind(mode)}, not a file", where)
    return None


def _envelope(doc: Document, value: dict[Any, Any], source: SourceMap) -> bool:
    """Check `game:` and `kind:`; False when the file cannot be read further."""
    ok = True
    for key, known, code in (
        ("game", registry.builtin_ids(), "unknown-game"),
        ("kind", KINDS, "unknown-kind"),
    ):
        kind = value.get("kind")
        shared = isinstance(kind, str) and kind in registry.SHARED_KINDS
        if key == "game" and key not in value and shared:
            continue  # a layout shared by the games that name it
        if key not in value:
            doc.findings.append(
                finding(
                    "missing-key",
                    f"the file needs `{key}:` at the top ({', '.join(known)})",
                    source.at(()),
                )
            )
            ok = False
            continue
        given = value[key]
        at = source.at((key,))
        if not isinstance(given, str):
            doc.findings.append(
                finding("wrong-type", f"`{key}:` should be text, not {describe(given)}", at)
            )
            ok = False
        elif key == "game" and given not in known and game_id_problem(given) is not None:
            # (a name, never a path: checked before it is looked up anywhere)
            hint = suggest(given, list(known))
            doc.findings.append(finding("invalid-value", f"{game_id_problem(given)}{hint}", at))
            ok = False
        elif given not in known and not (key == "game" and registry.is_game(given, doc.path)):
            known = registry.known_ids() if key == "game" else known
            designed = (
                " (nor a game of your own: no game.yaml with `fields:` here or above declares it)"
                if key == "game"
                else ""
            )
            doc.findings.append(
                finding(
                    code,
                    f"{given!r} is not a {key} kitgen knows{designed}"
                    f"{suggest(given, list(known))}; use one of: {', '.join(known)}"
                    + (
                        " (or leave `game:` out: a layout any game of the project may name)"
                        if key == "game" and shared
                        else ""
                    ),
                    at,
                )
            )
            ok = False
        else:
            setattr(doc, key, given)
    return ok


def _shape(value: Any) -> str:
    """What a top-level value is, quoting none of it: the file may be any file (one
    named in `uses:`, say), and its text is not kitgen's to show."""
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    return "a list" if isinstance(value, list) else describe(value)


def read_document(path: str, limits: Limits = DEFAULT_LIMITS) -> Document:
    """Read and validate one kitgen file, collecting every problem as a finding."""
    doc = Document(path)
    data, problem = read_bytes(path, limits)
    if problem is not None or data is None:
        doc.findings.append(problem or finding("file-unreadable", "cannot read", whole_file(path)))
        return doc
    text, problem = decode_utf8(data, path)
    if problem is not None or text is None:
        doc.findings.append(problem or finding("invalid-utf8", "not UTF-8", whole_file(path)))
        return doc
    parsed = parse_yaml(text, path, limits)
    doc.source = parsed.source
    doc.findings.extend(parsed.findings)
    if parsed.value is None and parsed.findings:  # nothing usable: the findings say why
        return doc
    if not isinstance(parsed.value, dict):  # `null` or `~` alone is not a mapping either
        doc.findings.append(
            finding(
                "not-a-mapping",
                f"the file's top level is {_shape(parsed.value)}; it must be a mapping that "
                "starts with `game:` and `kind:`",
                parsed.source.at(()),
            )
        )
        return doc
    if not _envelope(doc, parsed.value, parsed.source):
        return doc
    assert doc.kind is not None
    if doc.game is None:  # a file shared by the games that name it (a layout)
        shared = registry.shared_model(doc.kind)
        assert shared is not None  # (`_envelope` let it leave `game:` out)
        checked = validate(shared, parsed.value, parsed.source)
        doc.findings.extend(checked.findings)
        doc.model, doc.dropped = checked.model, checked.dropped
        return doc
    if doc.kind == "game" and "fields" in parsed.value and doc.game in registry.builtin_ids():
        doc.findings.append(
            finding(
                "invalid-value",
                f"{doc.game!r} is one of kitgen's own games; a game of your own (a game "
                "file with `fields:`) needs an id of its own",
                parsed.source.at(("game",)),
            )
        )
        return doc
    game = registry.find(doc.game, doc.path)
    model = None if game is None else game.model(doc.kind)
    if model is None:
        doc.findings.append(
            finding(
                "kind-not-supported",
                f"kitgen cannot check {doc.game} {doc.kind} files yet",
                parsed.source.at(("kind",)),
            )
        )
        return doc
    checked = validate(model, parsed.value, parsed.source)
    doc.findings.extend(checked.findings)
    doc.model = checked.model
    doc.dropped = checked.dropped
    return doc
