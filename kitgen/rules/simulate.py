"""What every game's balance simulation shares: the seed of each game of a run, and
the confidence interval of a rate.

Pure. A run of N games plays game i from `game_seed(seed, i)`, so the numbers are
the same however the run is split into batches and processes.
"""

from __future__ import annotations

import math


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run (independent of how the run is split)."""
    return (seed * 1_000_003 + index * 7_919 + 12_345) % (2**61 - 1)


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))
