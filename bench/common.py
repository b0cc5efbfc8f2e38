"""What every benchmark returns: rows of figures with their targets, printed as one table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """One measured figure: `ok` is None when the figure has no target (a reference)."""

    benchmark: str  # which script: "start-up", "engines", "rendering", "rasterizing"
    figure: str  # what was measured, in words
    value: float
    unit: str  # "ms", "x", "games/s", "cards/s", "KiB", ...
    target: str = ""  # like "<= 2.00x" or ">= 20,000"; empty for a reference figure
    ok: bool | None = None


def verdict(row: Row) -> str:
    """OK, MISSED, or nothing for a figure without a target."""
    return "" if row.ok is None else ("OK" if row.ok else "MISSED")


def number(value: float) -> str:
    """A figure as people read it: thousands separated, two decimals below 100."""
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:,.2f}"


def print_table(title: str, rows: Sequence[Row]) -> None:
    """Print rows as one aligned table under a title."""
    print(title)
    width = max([len(r.figure) for r in rows] + [10])
    bench = max([len(r.benchmark) for r in rows] + [9])
    print(f"{'benchmark':<{bench}}  {'figure':<{width}}  {'value':>12}  {'target':<14}")
    for r in rows:
        value = f"{number(r.value)} {r.unit}"
        print(
            f"{r.benchmark:<{bench}}  {r.figure:<{width}}  {value:>12}  {r.target:<14}{verdict(r)}"
        )


def all_ok(rows: Sequence[Row]) -> bool:
    """True when no figure missed its target."""
    return all(r.ok is not False for r in rows)
