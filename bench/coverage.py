"""Coverage of kitgen's 95% intervals of a mean on a skewed count: how often the
normal interval of `kitgen simulate galliard`'s takes and trades a game (random
players) holds the true mean, at a given number of games.

Run: python bench/coverage.py [--runs 500] [--games 80]
Plays --runs runs of --games games each (seeds as `kitgen simulate` plays them,
runs after one another), takes the mean of every game played as the truth, and
prints each figure's coverage, the values' skewness and the games Cochran's rule
asks for (25 x skewness^2). docs/formats.md (section 2.5) quotes its figures:
500 runs of 80 games, about 4 minutes of one core. Not part of `bench/run`: a
figure of statistics, not of speed.
"""

from __future__ import annotations

import argparse
from collections import Counter

from kitgen.games.galliard.load import standard_setup
from kitgen.games.galliard.sim import run_games
from kitgen.rules.simulate import mean_interval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=500)
    parser.add_argument("--games", type=int, default=80)
    args = parser.parse_args()
    runs: list[tuple[Counter[int], Counter[int]]] = []
    for r in range(args.runs):
        tally = run_games(standard_setup(), ("random", "random"), 1, r * args.games, args.games)
        runs.append((tally.take_counts, tally.trade_counts))
    print(f"{args.runs} runs of {args.games} games, random against random")
    for i, name in enumerate(("takes a game", "trades a game")):
        pooled: Counter[int] = Counter()
        for run in runs:
            pooled.update(run[i])
        games = sum(pooled.values())
        truth = sum(k * v for k, v in pooled.items()) / games
        m2 = sum(v * (k - truth) ** 2 for k, v in pooled.items()) / games
        m3 = sum(v * (k - truth) ** 3 for k, v in pooled.items()) / games
        skew = m3 / m2**1.5
        held = 0
        for run in runs:
            found = mean_interval(run[i])
            held += found is not None and found[1] <= truth <= found[2]
        print(
            f"  {name}: true mean {truth:.3f}, coverage {held / args.runs:.1%}, "
            f"skewness {skew:.2f}, Cochran's rule asks for {25 * skew * skew:.0f} games"
        )


if __name__ == "__main__":
    main()
