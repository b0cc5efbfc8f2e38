"""Benchmark: games per second on one core for every game's engine and built-in players.

Run: python bench/engine.py [--seconds S]
Prints full games per second for random and greedy players, played the way
`kitgen simulate` plays them (scratch_fast, from a seeded deal to the result),
beside a plain-Python reference loop (random tic-tac-toe games) measured
in the same run for scale. Targets on the development machine: at least 20,000
random and 2,000 greedy games a second on one core; Scaffold at least 200 games
a second in either mode (a 1,000-game `kitgen simulate scaffold` in 5 seconds);
the Staircase game at least 200 greedy four-player games a second; Galliard at
least 100 greedy games a second (whole games of several rounds).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from kitgen.load.scratch import official
from kitgen.rules import galliard_play, staircase_play
from kitgen.rules.scaffold_play import Scaffold, Setup
from kitgen.rules.scaffold_play import play_game as play_scaffold
from kitgen.rules.scratch_fast import GREEDY, RANDOM
from kitgen.rules.scratch_play import Catalog, Scratch
from kitgen.rules.scratch_players import GreedyPlayer, RandomPlayer, play_fast, play_game

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


def rate(play: object, seconds: float) -> float:
    """Games a second for `play(index)`, run for about `seconds`."""
    assert callable(play)
    count = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(50):
            play(count)
            count += 1
    return count / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    off = official()
    engine = Scratch(Catalog(off.pool), off.params)
    rng = random.Random(1)
    reference = rate(lambda i: tic_tac_toe(rng), args.seconds)
    decks = ([engine.catalog.find(n) for n in DECK_A], [engine.catalog.find(n) for n in DECK_B])
    random_rate = rate(lambda i: play_fast(engine, decks, (RANDOM, RANDOM), seed=i), args.seconds)
    greedy_rate = rate(lambda i: play_fast(engine, decks, (GREEDY, GREEDY), seed=i), args.seconds)
    # The same games through the State engine, which keeps every position (records, replay).
    random_states = rate(
        lambda i: play_game(engine, (DECK_A, DECK_B), (RandomPlayer(), RandomPlayer()), seed=i),
        args.seconds,
    )
    greedy_states = rate(
        lambda i: play_game(engine, (DECK_A, DECK_B), (GreedyPlayer(), GreedyPlayer()), seed=i),
        args.seconds,
    )
    competitive, cooperative = Scaffold(Setup("competitive")), Scaffold(Setup("cooperative"))
    scaffold = [
        (
            f"Scaffold {engine.setup.mode}, {who} against {who}",
            rate(lambda i, e=engine, w=who: play_scaffold(e, (w, w), seed=i), args.seconds),
            200,
        )
        for engine in (competitive, cooperative)
        for who in ("random", "greedy")
    ]
    staircase = [
        (
            f"Staircase, {n} players, {who}",
            rate(
                lambda i, e=staircase_play.Staircase(staircase_play.Setup(n)), w=who, n=n: (
                    staircase_play.play_game(e, [w] * n, seed=i)
                ),
                args.seconds,
            ),
            target,
        )
        for n, who, target in ((2, "random", None), (4, "greedy", 200))
    ]
    duel = galliard_play.Galliard(galliard_play.Setup())
    galliard = [
        (
            f"Galliard, {who} against {who}",
            rate(lambda i, w=who: galliard_play.play_game(duel, [w, w], seed=i), args.seconds),
            target,
        )
        for who, target in (("random", None), ("greedy", 100))
    ]
    rows = [
        ("reference: random tic-tac-toe, plain lists", reference, None),
        ("Scratch, random against random", random_rate, 20_000),
        ("Scratch, greedy against greedy", greedy_rate, 2_000),
        ("  the same, every position kept: random", random_states, None),
        ("  the same, every position kept: greedy", greedy_states, None),
        *scaffold,
        *staircase,
        *galliard,
    ]
    print(f"{'one core':46} {'games/s':>10} {'target':>10}")
    ok = True
    for name, value, target in rows:
        verdict = "" if target is None else ("OK" if value >= target else "MISSED")
        ok = ok and verdict != "MISSED"
        shown = "" if target is None else f"{target:,}"
        print(f"{name:46} {value:>10,.0f} {shown:>10} {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
