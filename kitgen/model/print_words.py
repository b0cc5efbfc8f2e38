"""The words a print setting may be (`duplex: short`, `ink: low`, `cut: lines`), for
the kit file's model and the table of print options alike. No pydantic: the plain
build reads the table before anything else."""

from __future__ import annotations

from typing import Literal

Ink = Literal["normal", "low"]
DuplexMode = Literal["long", "short", "fold", "none"]
CutMode = Literal["marks", "lines", "silhouette"]
