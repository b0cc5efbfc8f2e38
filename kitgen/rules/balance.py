"""A balance report as charts: what `kitgen simulate --report` draws, as plain data.

Each game turns its simulation report (the JSON of `kitgen simulate`) into a
`BalanceReport`: a title, the facts that reproduce the run (its command line,
seed and games), a verdict (the comparisons significant at 95% and those that are
noise) and panels of three kinds:

- `Forest`: estimates with their 95% intervals on one axis, as dots and whiskers
  around a reference line (win rates against an even share, a card's lift against
  0), or as bars with whiskers (how games end);
- `Distribution`: how many games had each value (points, moves, rounds), one or
  more series side by side;
- `Stack`: means split into parts, one bar per row (base points and bonus).

`kitgen.render.balance` draws them. Pure: no I/O, no drawing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kitgen.rules.simulate import shown_estimate


@dataclass(frozen=True)
class Estimate:
    """One row of a forest: a figure and its 95% interval; `strong` marks a row whose
    interval leaves out the reference (drawn filled, the others hollow)."""

    label: str
    value: float
    low: float
    high: float
    note: str = ""  # after the figure: how many games it rests on, say
    strong: bool = False


@dataclass(frozen=True)
class Forest:
    """Estimates with intervals. `unit` "rate" draws percentages, "points" numbers;
    `against` is the reference line (None: none); `bars` draws each estimate as a bar
    from 0; `signed` shows differences with their sign."""

    title: str
    rows: tuple[Estimate, ...]
    unit: str = "rate"
    against: float | None = None
    bars: bool = False
    signed: bool = False
    caption: str = ""
    wide: bool = False  # across the page (else half of it)
    # The values the axis must hold: a forest split over pages keeps the whole one's, so
    # that its parts read on one scale (None: its own rows').
    scale: tuple[float, float] | None = None


@dataclass(frozen=True)
class Series:
    """One side of a distribution: a name and games by value."""

    name: str
    counts: tuple[tuple[int, int], ...]  # (value, games), by value

    @property
    def games(self) -> int:
        return sum(k for _, k in self.counts)


@dataclass(frozen=True)
class Distribution:
    """How many games had each value, as shares of each series' games."""

    title: str
    axis: str  # what the values are: "moves a game"
    series: tuple[Series, ...]
    caption: str = ""
    wide: bool = False
    counted: str = "games"  # what the series count: games, or rounds


@dataclass(frozen=True)
class Stack:
    """Means split into parts (`parts` names them), one bar per row, with the total's
    interval when known."""

    title: str
    parts: tuple[str, ...]
    rows: tuple[tuple[str, tuple[float, ...], tuple[float, float] | None], ...]
    caption: str = ""
    wide: bool = False


Panel = Forest | Distribution | Stack


@dataclass(frozen=True)
class BalanceReport:
    """A whole report: `facts` reproduce the run, `verdict` judges it, `panels` show it."""

    title: str
    facts: tuple[str, ...]
    verdict: tuple[str, ...]
    panels: tuple[Panel, ...]
    notes: tuple[str, ...] = field(default=())


def series(name: str, counts: Mapping[str, int] | Mapping[int, int]) -> Series:
    """A series from a report's map of value (a string in JSON) to games."""
    pairs = sorted((int(value), games) for value, games in counts.items())
    return Series(name, tuple(pairs))


def estimate(
    label: str,
    value: float | None,
    interval: Sequence[float] | None,
    against: float | None = None,
    note: str = "",
) -> Estimate | None:
    """A forest row from a report's figure and its `_95` interval (None without them);
    strong when the interval leaves out `against`."""
    if value is None or interval is None:
        return None
    low, high = interval
    strong = against is not None and not low <= against <= high
    return Estimate(label, value, low, high, note, strong)


def mean_caption(what: str, mean: float | None, interval: Sequence[float] | None) -> str:
    """ "Mean 5.23 moves a game (95%: 5.17 to 5.29)." from a report's mean and interval."""
    if mean is None:
        return ""
    within = f" (95%: {interval[0]:.2f} to {interval[1]:.2f})" if interval else ""
    return f"Mean {mean} {what}{within}."


def rows(found: Iterable[Estimate | None]) -> tuple[Estimate, ...]:
    """The rows that exist."""
    return tuple(r for r in found if r is not None)


def verdict(comparisons: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    """The report's verdict in two sentences: what is significant at 95%, and how many
    comparisons are noise."""
    significant = [c for c in comparisons if c["significant"]]
    noise = len(comparisons) - len(significant)
    grouped: dict[str, int] = {}
    named = []
    for c in significant:
        if "group" in c:
            grouped[c["group"]] = grouped.get(c["group"], 0) + 1
        else:
            named.append(f"{c['what']} ({shown_estimate(c, c['estimate'])})")
    named += [f"{k} {group}" for group, k in grouped.items()]
    first = "Significant at 95%: " + ("; ".join(named) if named else "nothing") + "."
    second = (
        f"Noise (the interval holds no difference): {noise} of the {len(comparisons)} comparisons."
    )
    return (first, second)


def balance_of(
    title: str, facts: tuple[str, ...], report: Mapping[str, Any], panels: Sequence[Panel]
) -> BalanceReport:
    """A report of `panels` with the run's verdict (its `comparisons`) and, for a run
    Ctrl-C stopped, a note saying so."""
    return BalanceReport(
        title, facts, verdict(report["comparisons"]), tuple(panels), stopped_note(report)
    )


def stopped_note(report: Mapping[str, Any]) -> tuple[str, ...]:
    """A note for a run Ctrl-C stopped early."""
    stopped = report.get("interrupted")
    if not stopped:
        return ()
    return (
        f"Stopped by Ctrl-C after {stopped['finished']:,} of the {stopped['planned']:,} "
        f"{stopped['unit']} planned: the figures are of those finished.",
    )
