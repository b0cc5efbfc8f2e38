"""The `kitgen` command line: the only code (with `kitgen.entry`) that prints or sets
the exit status.

`root` holds the Typer app and registers the command modules (`check` for the
plain check and score that run without typer, `common` for what every command
shares, `replay`, `simulate`, `tune`, `export`, `calibrate`, `watch`, `schema`). This
package imports nothing itself: `kitgen.entry` imports `kitgen.cli.check` for a
plain check without paying for typer; `kitgen.cli.app` is the Typer app, loaded
when asked for.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "app":  # (tests and callers use `kitgen.cli.app`; typer loads only then)
        from kitgen.cli.root import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
