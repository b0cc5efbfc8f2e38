"""Benchmark: games per second on one core for every game's engine and built-in players.

Run: python bench/engine.py [--seconds S] [--quick]
Prints full games per second for random and greedy players, played the way
`kitgen simulate` plays them: Scratch through scratch_fast, from a seeded deal
to the result; Shape Up!, Scaffold, the Staircase game and Galliard through
their simulation runners (kitgen/games/<id>/sim.py) in batches of
`kitgen.simulation.BATCH` games, tallies included. Beside them, a plain-Python
reference loop (random tic-tac-toe games) measured in the same run for scale.
Targets on the development machine: at least 20,000 random and 2,000 greedy
Scratch games a second; Scaffold at least 200 games a second in either mode
(a 1,000-game `kitgen simulate scaffold` in 5 seconds); the Staircase game at
least 200 greedy four-player games a second; Galliard at least 100 greedy games
a second (whole games of several rounds). The other rows' targets are half of
the first measurement, to catch regressions.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import Row, all_ok, at_least, print_table

from kitgen.games.galliard import play as galliard_play
from kitgen.games.galliard import sim as galliard_sim
from kitgen.games.scaffold import play as scaffold_play
from kitgen.games.scaffold import sim as scaffold_sim
from kitgen.games.scaffold.rules import Mode
from kitgen.games.scratch.fast import GREEDY, RANDOM
from kitgen.games.scratch.load import official
from kitgen.games.scratch.play import Catalog, Scratch
from kitgen.games.scratch.players import GreedyPlayer, RandomPlayer, play_fast, play_game
from kitgen.games.shapeup import sim as shapeup_sim
from kitgen.games.shapeup.rules import SETUPS
from kitgen.games.staircase import play as staircase_play
from kitgen.games.staircase import sim as staircase_sim
from kitgen.simulation import BATCH

NAME = "engines"
SECONDS = 2.0
QUICK_SECONDS = 0.1  # per figure, and at least one batch of QUICK_BATCH games
QUICK_BATCH = 5
SEED = 1  # `kitgen simulate`'s default seed
MODES: tuple[Mode, ...] = ("competitive", "cooperative")

DECK_A = [
    "Worg",
    "Worg",
    "Goblin",
    "Goblin",
    "Drake",
    "Griffin",
    "Owlbear",
    "Wyvern",
    "Queen",
    "Hydra",
]
DECK_B = [
    "Worg",
    "Goblin",
    "Drake",
    "Captain of the Guard",
    "Worg",
    "Troll",
    "Chancellor",
    "Mysterious Stranger in the Corner of the Bar",
    "Ranger",
    "Wyvern",
]
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

# Play games start .. start + count - 1 of a run.
Batch = Callable[[int, int], object]


def tic_tac_toe(rng: random.Random) -> int:
    """One random game of tic-tac-toe with plain lists: the reference loop."""
    board = [0] * 9
    player = 1
    for _ in range(9):
        empty = [i for i in range(9) if board[i] == 0]
        board[empty[rng.randrange(len(empty))]] = player
        if any(board[a] == board[b] == board[c] == player for a, b, c in LINES):
            return player
        player = 3 - player
    return 0


def each(play: Callable[[int], object]) -> Batch:
    """A batch that plays game `index` with `play(index)`, one after another."""

    def batch(start: int, count: int) -> None:
        for index in range(start, start + count):
            play(index)

    return batch


def rate(batch: Batch, seconds: float, size: int) -> float:
    """Games a second for batches of `size` games, played for about `seconds` (one at least)."""
    count = 0
    start = time.perf_counter()
    while True:
        batch(count, size)
        count += size
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed


def scratch() -> list[tuple[str, Batch, str, float | None]]:
    """Scratch's figures: (figure, batch, unit, least games a second or None)."""
    off = official()
    engine = Scratch(Catalog(off.pool), off.params)
    decks = ([engine.catalog.find(n) for n in DECK_A], [engine.catalog.find(n) for n in DECK_B])
    names = (DECK_A, DECK_B)
    return [
        (
            "Scratch, random against random",
            each(lambda i: play_fast(engine, decks, (RANDOM, RANDOM), seed=i)),
            "games/s",
            20_000,
        ),
        (
            "Scratch, greedy against greedy",
            each(lambda i: play_fast(engine, decks, (GREEDY, GREEDY), seed=i)),
            "games/s",
            2_000,
        ),
        # The same games through the State engine, which keeps every position (records, replay).
        (
            "  the same, every position kept: random",
            each(lambda i: play_game(engine, names, (RandomPlayer(), RandomPlayer()), seed=i)),
            "games/s",
            None,
        ),
        (
            "  the same, every position kept: greedy",
            each(lambda i: play_game(engine, names, (GreedyPlayer(), GreedyPlayer()), seed=i)),
            "games/s",
            None,
        ),
    ]


def shapeup(who: str) -> Batch:
    """Shape Up! rounds as `kitgen simulate shapeup` plays them (2p-18, its default)."""
    setup = SETUPS["2p-18"]

    def batch(start: int, count: int) -> object:
        return shapeup_sim.run_rounds(setup, (who, who), SEED, range(start, start + count))

    return batch


def scaffold(mode: Mode, who: str) -> Batch:
    """Scaffold games as `kitgen simulate scaffold` plays them (the game's hand and turns)."""
    setup = scaffold_play.Setup(mode)

    def batch(start: int, count: int) -> object:
        return scaffold_sim.run_games(setup, (who, who), SEED, range(start, start + count))

    return batch


def staircase(players: int, who: str) -> Batch:
    """Staircase games as `kitgen simulate staircase` plays them (no interfere)."""
    setup = staircase_play.Setup(players)

    def batch(start: int, count: int) -> object:
        return staircase_sim.run_games(setup, [who] * players, SEED, start, count)

    return batch


def galliard(who: str) -> Batch:
    """Galliard games as `kitgen simulate galliard` plays them."""
    setup = galliard_play.Setup()

    def batch(start: int, count: int) -> object:
        return galliard_sim.run_games(setup, (who, who), SEED, start, count)

    return batch


def simulators() -> list[tuple[str, Batch, str, float | None]]:
    """The other games as `kitgen simulate` plays them (the batches of kitgen/simulation.py).

    The targets without a reason in the module docstring are about half of the
    first measurement on the 2-core development machine, one core (Shape Up!
    2p-18 rounds: 707 random, 66 greedy a second; Staircase, 2 random players:
    4,900; Galliard, random: 185), so a regression shows.
    """
    return [
        ("Shape Up! 2p-18 rounds, random against random", shapeup("random"), "rounds/s", 350),
        ("Shape Up! 2p-18 rounds, greedy against greedy", shapeup("greedy"), "rounds/s", 33),
        *(
            (f"Scaffold {mode}, {who} against {who}", scaffold(mode, who), "games/s", 200)
            for mode in MODES
            for who in ("random", "greedy")
        ),
        ("Staircase, 2 players, random", staircase(2, "random"), "games/s", 2_500),
        ("Staircase, 4 players, greedy", staircase(4, "greedy"), "games/s", 200),
        ("Galliard, random against random", galliard("random"), "games/s", 90),
        ("Galliard, greedy against greedy", galliard("greedy"), "games/s", 100),
    ]


def rows(quick: bool, seconds: float = SECONDS) -> list[Row]:
    """Games a second for each engine, one core; `quick` plays a few games of each."""
    seconds, size = (QUICK_SECONDS, QUICK_BATCH) if quick else (seconds, BATCH)
    rng = random.Random(1)
    reference = rate(each(lambda i: tic_tac_toe(rng)), seconds, BATCH)
    out = [Row(NAME, "reference: random tic-tac-toe, plain lists", reference, "games/s")]
    for figure, batch, unit, least in scratch() + simulators():
        value = rate(batch, seconds, size)
        if least is None:
            out.append(Row(NAME, figure, value, unit))
        else:
            out.append(at_least(NAME, figure, value, unit, least))
    return out


def main() -> int:
    """Print the table; 1 when an engine missed its target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=SECONDS, help="time to play each figure's games"
    )
    parser.add_argument("--quick", action="store_true", help="a few games each (a smoke test)")
    args = parser.parse_args()
    table = rows(args.quick, args.seconds)
    print_table("Engines: games a second on one core", table)
    return 0 if all_ok(table) else 1


if __name__ == "__main__":
    sys.exit(main())
