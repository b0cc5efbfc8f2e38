"""`kitgen simulate scaffold`: games for every set-up asked, played in batches."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kitgen.api import (
    MAX_GAMES,
    UsageError,
    batch_spans,
    check_players,
    check_run,
    comparison,
    interrupted,
    play_batches,
    rate_difference,
)
from kitgen.games.scaffold.play import PLAYERS
from kitgen.games.scaffold.sim import ScaffoldTally, run_games, tally_summary


def _scaffold_games(
    args: tuple[str, int, int, tuple[str, str], int, int, int],
) -> ScaffoldTally:
    from kitgen.games.scaffold.load import standard_setup

    mode, hand, turns, players, seed, start, stop = args
    setup = standard_setup(mode, hand, turns)  # type: ignore[arg-type]
    return run_games(setup, players, seed, range(start, stop))


def simulate_scaffold(
    *,
    mode: str,
    hands: list[int],
    turns: list[int],
    games: int,
    players: tuple[str, ...],
    seed: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` Scaffold games for every hand size (and, cooperatively, every turn
    count) given; one report with a row per set-up."""
    if mode not in ("competitive", "cooperative"):
        raise UsageError(f"unknown mode {mode!r}: use competitive or cooperative")
    check_run(games, jobs)
    if len(players) == 1:
        players = players * 2
    if len(players) != 2:
        raise UsageError(
            "Scaffold has two players: give --players red's,black's, like greedy,random"
        )
    check_players(players, PLAYERS)
    for hand in hands:
        if not 1 <= hand <= 10:
            raise UsageError(f"a hand of {hand} cards: use 1 to 10 (the game's are 7, 5 and 3)")
    if mode == "competitive":
        turns = turns[:1]
    for count in turns:
        if not 1 <= count <= 40:
            raise UsageError(f"{count} turns: use 1 to 40 (the game's is 16)")
    pair = (players[0], players[1])
    setups = [(hand, count) for hand in hands for count in turns]
    if len(setups) * games > MAX_GAMES:
        raise UsageError(f"{len(setups)} set-ups x {games:,} games is over {MAX_GAMES:,} games")
    batches = [
        (mode, hand, count, pair, seed, start, stop)
        for hand, count in setups
        for start, stop in batch_spans(games)
    ]
    tallies = {setup: ScaffoldTally() for setup in setups}

    def add(batch: tuple[Any, ...], tally: ScaffoldTally) -> int:
        tallies[(batch[1], batch[2])].merge(tally)
        return tally.games

    done = play_batches(_scaffold_games, batches, jobs, add, games * len(setups), progress)
    # (a run stopped early reports the set-ups it began)
    setups = [setup for setup in setups if tallies[setup].games] or setups[:1]
    from kitgen.games.scaffold.load import standard_setup

    rows = [
        tally_summary(tallies[(hand, count)], standard_setup(mode, hand, count))  # type: ignore[arg-type]
        for hand, count in setups
    ]
    comparisons = [c for row in rows for c in row["comparisons"]]
    if mode == "cooperative":
        # Each set-up's completed buildings against the first set-up's.
        first = tallies[setups[0]]
        for hand, count in setups[1:]:
            other = tallies[(hand, count)]
            found = rate_difference(other.complete, other.games, first.complete, first.games)
            if found is not None:
                comparisons.append(
                    comparison(
                        f"buildings completed with hand {hand}, {count} turns, less with hand "
                        f"{setups[0][0]}, {setups[0][1]} turns",
                        *found,
                    )
                )
    return {
        "game": "scaffold",
        "mode": mode,
        "players": {"red": pair[0], "black": pair[1]},
        "seed": seed,
        "setups": rows,
        "comparisons": comparisons,
        "interrupted": interrupted(done, games * len(tallies)),
    }
