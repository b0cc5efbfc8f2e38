"""Benchmark: the Scratch search player's strength and speed, one core.

Run: python bench/search.py [--quick]
Plays the shipped decks (data/scratch/decks/) in every pair, a deck against
itself included, each deck played by each side, with seats swapping every game
(so each side moves first in half the games), the way `kitgen simulate` plays
them (`stats.run_batch`, tallies included). Prints the search player's win rate
with its 95% Wilson interval against random, greedy and the flat Monte Carlo
player it replaced (`montecarlo`), and games a second of CPU time of search
against greedy (both players' moves, whole games). Issue 25's targets: at least
80% of 2,000 games against greedy, at least 60 games a second, and a win rate
against `montecarlo` whose whole interval is above one half. The flat player's
own figures against greedy are printed beside them for reference, and so is the
search player's win rate against greedy on 4,000 held-out games (game indices
from 1,000 and from 2,000 of every pair, never used to tune it): the fixed games
of the target, which earlier tuning used, read higher than other games do.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import Row, all_ok, print_table

from kitgen.games.scratch.simulate import _setup
from kitgen.games.scratch.stats import run_batch
from kitgen.rules.simulate import wilson

NAME = "search"
SEED = 1  # `kitgen simulate`'s default seed
DECKS = sorted(
    (Path(__file__).resolve().parent.parent / "data" / "scratch" / "decks").glob("*.yaml")
)
# Games against each opponent: the full run, and --quick (a smoke test).
GAMES = {"greedy": 2_000, "random": 400, "montecarlo": 800}
REFERENCE = 800  # montecarlo against greedy, for reference
# The first game index of each set of held-out games against greedy (2,000 games each).
HELD_OUT = (1_000, 2_000)
QUICK = 40
LEAST_WINS, LEAST_SPEED = 80.0, 60.0


def pairs() -> list[tuple[Path, Path]]:
    """Every pair of shipped decks, a deck against itself included, in both orders."""
    out = []
    for i, first in enumerate(DECKS):
        for second in DECKS[i:]:
            out += [(first, second), (second, first)]
    return out


def play(player: str, opponent: str, games: int, index: int = 0) -> tuple[int, int, float]:
    """`player` on the first deck of every pair against `opponent`: wins, games, CPU seconds.

    The games are split evenly over the pairs, an even number each, so that seats
    (and with them the first move) swap within every pair; each pair plays its
    games of index `index` on.
    """
    each = max(2, games // len(pairs()) // 2 * 2)
    wins = played = 0
    cpu = 0.0
    for first, second in pairs():
        engine, decks, _ = _setup((str(first), str(second)))
        start = time.process_time()
        tally = run_batch(engine, decks, (player, opponent), SEED, range(index, index + each))
        cpu += time.process_time() - start
        wins += tally.wins[0]
        played += tally.games
    return wins, played, cpu


def rate_row(figure: str, wins: int, games: int, target: str, ok: bool | None) -> Row:
    """A win rate in percent, its games and 95% interval named in the figure."""
    low, high = wilson(wins, games)
    text = f"{figure}, {games:,} games (95%: {low:.1%} to {high:.1%})"
    return Row(NAME, text, 100 * wins / games, "%", target, ok)


def rows(quick: bool) -> list[Row]:
    """The search player's win rates and speed; `quick` plays a few games of each."""
    out: list[Row] = []
    wins, games, cpu = play("search", "greedy", QUICK if quick else GAMES["greedy"])
    won = 100 * wins / games
    out.append(rate_row("search against greedy", wins, games, ">= 80%", won >= LEAST_WINS))
    speed = games / cpu
    out.append(
        Row(
            NAME,
            "  games a second of CPU, search against greedy",
            speed,
            "games/s",
            ">= 60",
            speed >= LEAST_SPEED,
        )
    )
    wins = games = 0
    for first in HELD_OUT:
        won, played, _ = play("search", "greedy", QUICK if quick else GAMES["greedy"], first)
        wins, games = wins + won, games + played
    out.append(rate_row("reference: search against greedy, held-out games", wins, games, "", None))
    wins, games, _ = play("search", "random", QUICK if quick else GAMES["random"])
    out.append(rate_row("search against random", wins, games, "", None))
    wins, games, _ = play("search", "montecarlo", QUICK if quick else GAMES["montecarlo"])
    low, _ = wilson(wins, games)
    out.append(rate_row("search against montecarlo", wins, games, "low > 50%", low > 0.5))
    wins, games, cpu = play("montecarlo", "greedy", QUICK if quick else REFERENCE)
    out.append(rate_row("reference: montecarlo against greedy", wins, games, "", None))
    out.append(
        Row(NAME, "  games a second of CPU, montecarlo against greedy", games / cpu, "games/s")
    )
    return out


def main() -> int:
    """Print the table; 1 when a target was missed."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games each (a smoke test)")
    args = parser.parse_args()
    table = rows(args.quick)
    print_table("Scratch search player: win rates and games a second on one core", table)
    return 0 if all_ok(table) else 1


if __name__ == "__main__":
    sys.exit(main())
