"""`kitgen export`: PNG, single-card PDF and Tabletop Simulator exports."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
