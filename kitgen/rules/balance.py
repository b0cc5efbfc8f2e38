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

Every figure a report shows is rounded by one rule (`places`): to two significant
figures of its 95% interval's half-width (a win rate of 55.6% (53.5 to 57.8), a mean
of 393 moves (379 to 407), of 6.17 rounds (5.29 to 7.04)), its interval's ends alike;
a figure without an interval shows three significant figures. The figures of one
panel, a column, all show the places the most precise of them needs.

`kitgen.render.balance` draws them. Pure: no I/O, no drawing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any


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


MOST_PLACES = 4  # decimal places a figure shows at most


def places(value: float, interval: Sequence[float] | None = None) -> int:
    """The decimal places of a figure (in the units it is shown in): two significant
    figures of its interval's half-width, or, without an interval (or with one of no
    width), three significant figures of the figure; from 0 to MOST_PLACES."""
    if interval is not None:
        half = abs(interval[1] - interval[0]) / 2
        if math.isfinite(half) and half > 0:
            return min(MOST_PLACES, max(0, 1 - math.floor(math.log10(half))))
    if not math.isfinite(value) or value == 0:
        return 0
    return min(MOST_PLACES, max(0, 2 - math.floor(math.log10(abs(value)))))


def shown(
    value: float,
    interval: Sequence[float] | None = None,
    *,
    percent: bool = False,
    signed: bool = False,
    digits: int | None = None,
) -> tuple[str, str, str]:
    """A figure and its interval's two ends as text, rounded by `places` (or to `digits`
    places: a column of figures shows the most its rows need; `column_places`), a
    proportion in percent when `percent`, with no % sign, each with its sign when
    `signed`; the ends are "" without an interval."""
    k = 100.0 if percent else 1.0
    scaled = None if interval is None else (interval[0] * k, interval[1] * k)
    n = places(value * k, scaled) if digits is None else digits
    form = f"{{:+.{n}f}}" if signed else f"{{:.{n}f}}"
    ends = ("", "") if scaled is None else (form.format(scaled[0]), form.format(scaled[1]))
    return form.format(value * k), *ends


def column_places(
    figures: Iterable[tuple[float, Sequence[float] | None]], *, percent: bool = False
) -> int:
    """The places a column of figures (each with its interval, or None) shows: the most
    any of them needs by `places`, so that the column's figures line up."""
    k = 100.0 if percent else 1.0
    return max(
        (places(v * k, None if i is None else (i[0] * k, i[1] * k)) for v, i in figures),
        default=0,
    )


def mean_caption(what: str, mean: float | None, interval: Sequence[float] | None) -> str:
    """ "Mean 5.23 moves a game (95%: 5.17 to 5.29)." from a report's mean and interval,
    rounded by `places`."""
    if mean is None:
        return ""
    value, low, high = shown(mean, interval if interval else None)
    within = f" (95%: {low} to {high})" if interval else ""
    return f"Mean {value} {what}{within}."


def comparison_figure(c: Mapping[str, Any]) -> str:
    """A comparison's estimate for the verdict, rounded by `places` from its interval: a
    rate in percent, signed when it is a difference (against 0)."""
    rate = c["unit"] == "rate"
    value, _, _ = shown(c["estimate"], c.get("estimate_95"), percent=rate, signed=c["against"] == 0)
    return f"{value}%" if rate else value


def on_one_scale(forests: Sequence[Forest]) -> list[Forest]:
    """Forests of one quantity (each deck's card lift, say) on one scale: each keeps
    its rows and gets the `scale` that holds them all, so their axes read alike."""
    values = [v for f in forests for r in f.rows for v in (r.low, r.high, r.value)]
    values += [v for f in forests if f.scale is not None for v in f.scale]
    if not values:
        return list(forests)
    scale = (min(values), max(values))
    return [replace(f, scale=scale) for f in forests]


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
            named.append(f"{c['what']} ({comparison_figure(c)})")
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
