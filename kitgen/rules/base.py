"""What every game's engine shares: random draws that replay the same on every Python."""

from __future__ import annotations

import random


def draw(rng: random.Random, n: int) -> int:
    """A number in range(n) from one `rng.random()`.

    Python promises that `random()` gives the same sequence for the same seed on
    every version, and promises nothing of `randrange` and `shuffle`; drawing
    through this keeps deals and discards, and so records, the same everywhere.
    """
    return int(rng.random() * n)


def shuffle(rng: random.Random, items: list[int]) -> None:
    """Shuffle in place (Fisher-Yates over `draw`)."""
    random = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = int(random() * (i + 1))
        items[i], items[j] = items[j], items[i]
