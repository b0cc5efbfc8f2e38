"""`kitgen calibrate`: the duplex calibration sheets and the saved back offset."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
