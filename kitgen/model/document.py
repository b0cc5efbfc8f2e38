"""A kitgen file as read: a module of its own, so that code that only names the type
(a game's capabilities, for one) need not import the reader."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kitgen.model.findings import Finding
from kitgen.model.source import Path, SourceMap


@dataclass
class Document:
    """One file as read: its game and kind when known, its model when valid enough."""

    path: str
    game: str | None = None
    kind: str | None = None
    model: Any = None
    source: SourceMap | None = None
    findings: list[Finding] = field(default_factory=list)
    dropped: list[tuple[Path, Any]] = field(default_factory=list)
