"""Game parameters in text: `{{ hand_size }}` is replaced by the game's number."""

from __future__ import annotations

import re
from collections.abc import Mapping

_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


def fill_parameters(text: str, params: Mapping[str, object]) -> tuple[str, list[str]]:
    """Replace every `{{ name }}` with its parameter; also return the unknown names."""
    unknown: list[str] = []

    def swap(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in params:
            return str(params[name])
        unknown.append(name)
        return match.group(0)

    return _PLACEHOLDER.sub(swap, text), unknown
