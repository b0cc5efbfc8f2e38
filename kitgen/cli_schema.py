"""`kitgen schema` and `kitgen new`: editor schemas and starter files."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
