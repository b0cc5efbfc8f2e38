"""Source maps: where each value of a parsed file came from, by its path of keys."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from kitgen.model.findings import Location

Path = tuple[Hashable, ...]


@dataclass
class SourceMap:
    """Marks (line, column from 1) of every key and value in one file, by path."""

    path: str
    values: dict[Path, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def at(self, path: Path, *, key: bool = False) -> Location:
        """The location of the value (or key) at `path`, or of its nearest ancestor."""
        if key and path in self.keys:
            return Location(self.path, *self.keys[path])
        probe = tuple(path)
        while probe:
            if probe in self.values:
                return Location(self.path, *self.values[probe])
            probe = probe[:-1]
        return Location(self.path, *self.values.get((), (1, 1)))


def whole_file(path: str) -> Location:
    """The location used for problems with a file as a whole."""
    return Location(path, 1, 1)
