"""What every game's balance simulation shares: the seed of each game of a run, and
the statistics of its report: 95% intervals of rates, of differences of rates and
of means, and the comparisons a report calls significant or noise.

Pure. A run of N games plays game i from `game_seed(seed, i)`, so the numbers are
the same however the run is split into batches and processes.

The intervals (every one at 95%):
- a rate: Wilson's score interval (`wilson`), sound near 0% and 100% and for few games;
- the difference of two rates from different games: Newcombe's hybrid score interval
  (`rate_difference`), built from the two Wilson intervals;
- a mean (points a game, moves a game), or the mean of a difference measured in the
  same games (points of seat 1 minus seat 2): the normal interval of the mean from
  the values' spread (`mean_interval`), which is fair from about 25 x skewness^2
  games on (Cochran's rule): a few dozen for points or game lengths, a few hundred
  for a skewed count (Galliard's takes a game: 92% coverage at 80 games);
- a rate or mean over units that come in clusters (the rounds of a game, which are
  alike more than rounds of different games are): `Clustered`, whose spread is
  taken between clusters (the ratio estimator's), so the interval is as wide as the
  clusters make it. A rate's is Wilson's at the sample size that spread is worth
  (Kish's effective size), never more than the units counted.

A comparison is significant when its interval leaves out the value of no
difference (50% for two players' win rates, 0 for a lift). At 95%, about one
comparison in twenty that is really noise still comes out significant: a report of
twenty card lifts will name one by chance.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run (independent of how the run is split)."""
    return (seed * 1_000_003 + index * 7_919 + 12_345) % (2**61 - 1)


def wilson(successes: float, trials: float, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (`trials` may be an effective
    sample size, not a whole number)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate_difference(
    a: int, a_trials: int, b: int, b_trials: int
) -> tuple[float, float, float] | None:
    """The difference of two rates from separate trials, a/a_trials - b/b_trials, and its
    95% interval (Newcombe's hybrid score method); None when either has no trials."""
    if not a_trials or not b_trials:
        return None
    p, q = a / a_trials, b / b_trials
    p_low, p_high = wilson(a, a_trials)
    q_low, q_high = wilson(b, b_trials)
    d = p - q
    low = d - math.sqrt((p - p_low) ** 2 + (q_high - q) ** 2)
    high = d + math.sqrt((p_high - p) ** 2 + (q - q_low) ** 2)
    return d, max(-1.0, low), min(1.0, high)


def mean_interval(
    counts: Mapping[int, int] | Mapping[float, int],
) -> tuple[float, float, float] | None:
    """The mean of values given as {value: how many times}, and its 95% interval (the
    normal interval from the values' spread); None for fewer than two values."""
    n = sum(counts.values())
    if n < 2:
        return None
    total = sum(value * k for value, k in counts.items())
    mean = total / n
    squares = sum((value - mean) ** 2 * k for value, k in counts.items())
    half = Z95 * math.sqrt(squares / (n - 1) / n)
    return mean, mean - half, mean + half


@dataclass
class Clustered:
    """A rate or mean over units that come in clusters (a count in each game's rounds,
    say): the sums its interval needs, whatever the batches. `add` one cluster's count
    and units; `merge` another batch's sums."""

    clusters: int = 0
    units: int = 0  # the n_i added up
    total: int = 0  # the y_i added up
    squares: int = 0  # y_i squared, added up
    cross: int = 0  # y_i n_i, added up
    sizes: int = 0  # n_i squared, added up

    def add(self, count: int, units: int) -> None:
        """One cluster: `count` (successes, or a sum) over its `units`."""
        self.clusters += 1
        self.units += units
        self.total += count
        self.squares += count * count
        self.cross += count * units
        self.sizes += units * units

    def merge(self, other: Clustered) -> None:
        """Add another batch's clusters."""
        self.clusters += other.clusters
        self.units += other.units
        self.total += other.total
        self.squares += other.squares
        self.cross += other.cross
        self.sizes += other.sizes

    def variance(self) -> float | None:
        """The variance of total / units between clusters (the ratio estimator's, with
        k / (k - 1)); None with fewer than two clusters or no units."""
        k, n = self.clusters, self.units
        if k < 2 or n == 0:
            return None
        r = self.total / n
        spread = self.squares - 2 * r * self.cross + r * r * self.sizes
        return k / (k - 1) * max(0.0, spread) / (n * n)

    def rate_95(self) -> list[float] | None:
        """The rate's 95% interval for a report (4 places): Wilson's at the sample size
        the clusters' spread is worth (never more than the units); None without units."""
        n = self.units
        if n == 0:
            return None
        p = self.total / n
        between = self.variance()
        size = float(n)
        if between is not None and 0 < p < 1 and between > 0:
            size = min(float(n), p * (1 - p) / between)
        return rounded(wilson(p * size, size))

    def mean_95(self) -> list[float] | None:
        """The mean's 95% interval for a report (3 places), from the clusters' spread;
        None with fewer than two clusters."""
        between = self.variance()
        if between is None:
            return None
        mean = self.total / self.units
        half = Z95 * math.sqrt(between)
        return rounded((mean - half, mean + half), 3)


def rounded(values: Iterable[float], digits: int = 4) -> list[float]:
    """Values rounded for a report (an interval's two ends)."""
    return [round(v, digits) for v in values]


def rate_95(successes: int, trials: int) -> list[float] | None:
    """A rate's 95% interval for a report (4 places); None without trials."""
    return rounded(wilson(successes, trials)) if trials else None


def mean_95(counts: Mapping[int, int] | Mapping[float, int]) -> list[float] | None:
    """A mean's 95% interval for a report (3 places), from {value: how many times};
    None for fewer than two values."""
    found = mean_interval(counts)
    return None if found is None else rounded(found[1:], 3)


def shown_estimate(c: Mapping[str, Any], x: float) -> str:
    """A comparison's figure (its estimate, or an end of its interval) for people: a
    rate in percent, a mean of points with two places, signed when it is a difference."""
    sign = c["against"] == 0
    if c["unit"] == "rate":
        return f"{x:+.1%}" if sign else f"{x:.1%}"
    return f"{x:+.2f}" if sign else f"{x:.2f}"


def comparison(
    what: str,
    estimate: float,
    low: float,
    high: float,
    against: float = 0.0,
    *,
    unit: str = "rate",
    group: str | None = None,
) -> dict[str, Any]:
    """A difference a report judges: significant when its 95% interval leaves out
    `against`, the value of no difference. `unit` is "rate" (a proportion, or a
    difference of two) or "points" (a mean); comparisons of one `group` (a card's
    lift, say) are counted together where they are noise."""
    found: dict[str, Any] = {
        "what": what,
        "unit": unit,
        "estimate": round(estimate, 4),
        "estimate_95": rounded((low, high)),
        "against": against,
        "significant": not low <= against <= high,
    }
    if group is not None:
        found["group"] = group
    return found
