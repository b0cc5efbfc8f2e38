"""kitgen.toml: print settings kept for every build (a printer's back offset, paper)."""

from __future__ import annotations

from kitgen.model.kit import PrintSettings


def print_settings() -> PrintSettings:
    """The print settings of the config files in force (nothing set yet)."""
    return PrintSettings()
