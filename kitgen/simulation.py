"""Run simulations: check the inputs, play batches (in parallel processes), merge in order."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from typing import Any, TypeVar

from kitgen.errors import UsageError
from kitgen.games.galliard.play import PLAYERS as GALLIARD_PLAYERS
from kitgen.games.galliard.play import Setup as GalliardSetup
from kitgen.games.galliard.sim import GalliardTally
from kitgen.games.galliard.sim import run_games as galliard_games
from kitgen.games.galliard.sim import tally_summary as galliard_summary
from kitgen.games.scaffold.play import PLAYERS as SCAFFOLD_PLAYERS
from kitgen.games.scaffold.play import Setup as ScaffoldSetup
from kitgen.games.scaffold.sim import ScaffoldTally, run_games, tally_summary
from kitgen.games.scratch.load import merge_pool, official, scratch_pool
from kitgen.games.scratch.model import ScratchDeckFile
from kitgen.games.scratch.play import Catalog, Scratch
from kitgen.games.scratch.players import PLAYERS
from kitgen.games.shapeup.play import PLAYERS as SHAPEUP_PLAYERS
from kitgen.games.shapeup.rules import SETUPS
from kitgen.games.shapeup.sim import RoundTally, round_summary, run_rounds
from kitgen.games.staircase.play import PLAYERS as STAIRCASE_PLAYERS
from kitgen.games.staircase.play import Setup as StaircaseSetup
from kitgen.games.staircase.sim import StaircaseTally
from kitgen.games.staircase.sim import run_games as staircase_games
from kitgen.games.staircase.sim import tally_summary as staircase_summary
from kitgen.kit import check_document
from kitgen.load.documents import read_document
from kitgen.load.references import allowing_outside, outside_allowed
from kitgen.model.findings import Finding
from kitgen.processes import held_signals, stop_pool, worker_init
from kitgen.rules.simulate import Tally, run_batch, summary

B = TypeVar("B")
T = TypeVar("T")

MAX_GAMES = 1_000_000
BATCH = 50


@cache
def _setup(paths: tuple[str, str]) -> tuple[Scratch, tuple[list[str], list[str]], tuple[str, str]]:
    """The engine and the two decks' cards (cached per process)."""
    decks: list[list[str]] = []
    names: list[str] = []
    pool = None
    for path in paths:
        doc = read_document(path)
        assert isinstance(doc.model, ScratchDeckFile)
        deck_pool, _ = scratch_pool(doc)
        if pool is None:
            pool = deck_pool
        else:  # the second deck's own cards, rarities, factions and powers join
            merge_pool(pool, deck_pool)
        cards: list[str] = []
        for name, count in doc.model.cards.items():
            found = deck_pool.card(name)
            assert found is not None  # the deck was checked before
            cards += [found.name] * count
        decks.append(cards)
        names.append(doc.model.name)
    assert pool is not None
    engine = Scratch(Catalog(pool), official().params)
    return engine, (decks[0], decks[1]), (names[0], names[1])


def _batch(args: tuple[tuple[str, str], tuple[str, str], int, int, int, bool, bool]) -> Tally:
    paths, players, seed, start, stop, matches, allow_outside = args
    with allowing_outside(allow_outside):  # as the parent read them (--allow-outside)
        engine, decks, _ = _setup(paths)
    return run_batch(engine, decks, players, seed, range(start, stop), matches=matches)


def simulate(
    paths: tuple[str, str],
    *,
    games: int,
    players: tuple[str, str],
    seed: int,
    jobs: int = 1,
    matches: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[dict[str, Any] | None, list[Finding]]:
    """Play `games` games (or matches) between two deck files; the report, or the findings."""
    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES:,}")
    if not 1 <= jobs <= 64:
        raise UsageError("--jobs must be from 1 to 64")
    for name in players:
        if name not in PLAYERS:
            raise UsageError(f"unknown player {name!r}: use {', '.join(PLAYERS)}")
    findings: list[Finding] = []
    for path in paths:
        doc = read_document(path)
        report = check_document(doc)
        findings += report.findings
        if report.ok and not isinstance(doc.model, ScratchDeckFile):
            raise UsageError(f"{path} is a {doc.game} {doc.kind} file, not a Scratch deck")
    if any(f.is_error for f in findings):
        return None, findings
    _, _, names = _setup(paths)
    batches = [
        (paths, players, seed, start, min(start + BATCH, games), matches, outside_allowed())
        for start in range(0, games, BATCH)
    ]
    total = Tally()
    done = 0
    for tally in _in_order(_batch, batches, jobs):
        total.merge(tally)
        done += tally.matches if matches else tally.games
        if progress:
            progress(done, games)
    engine, _, _ = _setup(paths)
    target = engine.params.match_target if matches else None
    return summary(total, names, players, seed, target), findings


def _rounds(args: tuple[str, tuple[str, ...], int, int, int, int]) -> RoundTally:
    setup_id, players, seed, start, stop, rounds = args
    return run_rounds(SETUPS[setup_id], players, seed, range(start, stop), rounds)


def simulate_shapeup(
    *,
    setup: str,
    games: int,
    players: tuple[str, ...],
    seed: int,
    jobs: int = 1,
    rounds: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` Shape Up! rounds (or full games of `rounds` rounds); the report."""
    if setup not in SETUPS:
        raise UsageError(f"unknown set-up {setup!r}: use {', '.join(SETUPS)}")
    chosen = SETUPS[setup]
    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES:,}")
    if not 1 <= jobs <= 64:
        raise UsageError("--jobs must be from 1 to 64")
    if not 1 <= rounds <= 20:
        raise UsageError("--rounds must be from 1 to 20")
    if len(players) == 1:
        players = players * chosen.players
    if len(players) != chosen.players:
        raise UsageError(
            f"set-up {setup} has {chosen.players} players: give --players one name per seat, "
            f"like {','.join(['greedy'] + ['random'] * (chosen.players - 1))}"
        )
    for name in players:
        if name not in SHAPEUP_PLAYERS:
            raise UsageError(f"unknown player {name!r}: use {', '.join(SHAPEUP_PLAYERS)}")
    batches = [
        (setup, players, seed, start, min(start + BATCH, games), rounds)
        for start in range(0, games, BATCH)
    ]
    total = RoundTally(chosen.players)
    done = 0
    for tally in _in_order(_rounds, batches, jobs):
        total.merge(tally)
        done += tally.full_games if rounds > 1 else tally.games
        if progress:
            progress(done, games)
    return round_summary(total, chosen, players, seed)


def _scaffold_games(
    args: tuple[str, int, int, tuple[str, str], int, int, int],
) -> ScaffoldTally:
    mode, hand, turns, players, seed, start, stop = args
    setup = ScaffoldSetup(mode, hand, turns)  # type: ignore[arg-type]
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
    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES:,}")
    if not 1 <= jobs <= 64:
        raise UsageError("--jobs must be from 1 to 64")
    if len(players) == 1:
        players = players * 2
    if len(players) != 2:
        raise UsageError(
            "Scaffold has two players: give --players red's,black's, like greedy,random"
        )
    for name in players:
        if name not in SCAFFOLD_PLAYERS:
            raise UsageError(f"unknown player {name!r}: use {', '.join(SCAFFOLD_PLAYERS)}")
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
        (mode, hand, count, pair, seed, start, min(start + BATCH, games))
        for hand, count in setups
        for start in range(0, games, BATCH)
    ]
    tallies = {setup: ScaffoldTally() for setup in setups}
    done = 0
    for batch, tally in zip(batches, _in_order(_scaffold_games, batches, jobs), strict=True):
        tallies[(batch[1], batch[2])].merge(tally)
        done += tally.games
        if progress:
            progress(done, games * len(setups))
    return {
        "game": "scaffold",
        "mode": mode,
        "players": {"red": pair[0], "black": pair[1]},
        "seed": seed,
        "setups": [
            tally_summary(tallies[(hand, count)], ScaffoldSetup(mode, hand, count))  # type: ignore[arg-type]
            for hand, count in setups
        ],
    }


def _staircase_games(args: tuple[tuple[str, ...], bool, int, int, int]) -> StaircaseTally:
    players, interfere, seed, start, stop = args
    setup = StaircaseSetup(len(players), interfere=interfere)
    return staircase_games(setup, players, seed, start, stop - start)


def simulate_staircase(
    *,
    games: int,
    players: tuple[str, ...],
    interfere: bool,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` Staircase games between the players named (2 to 5, one per seat;
    seats rotate every game) and report how each player fares."""
    _check_run(games, jobs)
    if not 2 <= len(players) <= 5:
        raise UsageError(
            "the Staircase game has 2 to 5 players: name one per seat, like greedy,greedy,random"
        )
    for name in players:
        if name not in STAIRCASE_PLAYERS:
            raise UsageError(f"unknown player {name!r}: use {', '.join(STAIRCASE_PLAYERS)}")
    batches = [
        (players, interfere, seed, start, min(start + BATCH, games))
        for start in range(0, games, BATCH)
    ]
    total = StaircaseTally()
    done = 0
    for tally in _in_order(_staircase_games, batches, jobs):
        total.merge(tally)
        done += tally.games
        if progress:
            progress(done, games)
    return {
        "game": "staircase",
        "interfere": interfere,
        "seed": seed,
        **staircase_summary(total, players),
    }


def _galliard_games(args: tuple[tuple[str, str], int, int, int]) -> GalliardTally:
    players, seed, start, stop = args
    return galliard_games(GalliardSetup(), players, seed, start, stop - start)


def simulate_galliard(
    *,
    games: int,
    players: tuple[str, ...],
    seed: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` Galliard games between two players (taking turns to start the first
    round) and report wins, rounds and wagers."""
    _check_run(games, jobs)
    if len(players) != 2:
        raise UsageError("Galliard has two players: give --players like greedy,never")
    for name in players:
        if name not in GALLIARD_PLAYERS:
            raise UsageError(f"unknown player {name!r}: use {', '.join(GALLIARD_PLAYERS)}")
    pair = (players[0], players[1])
    batches = [(pair, seed, start, min(start + BATCH, games)) for start in range(0, games, BATCH)]
    total = GalliardTally()
    done = 0
    for tally in _in_order(_galliard_games, batches, jobs):
        total.merge(tally)
        done += tally.games
        if progress:
            progress(done, games)
    return {"game": "galliard", "seed": seed, **galliard_summary(total, pair)}


def _check_run(games: int, jobs: int) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES:,}")
    if not 1 <= jobs <= 64:
        raise UsageError("--jobs must be from 1 to 64")


def _in_order(run: Callable[[B], T], batches: list[B], jobs: int) -> Iterator[T]:
    """Each batch's result, in batch order: in this process, or over `jobs` processes.

    The workers die with this process (`kitgen.processes.worker_init`), and when the
    run stops early (Ctrl-C, SIGTERM, an error) they are stopped at once, with the
    batches not yet played."""
    if jobs == 1:
        yield from map(run, batches)
        return
    # A fork where there is one (fast, and the worker's parent is this process).
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context(method),
        initializer=worker_init,
        initargs=(os.getpid(),),
    )
    try:
        with held_signals():  # the workers start here (a fork must not swallow Ctrl-C)
            futures = [pool.submit(run, batch) for batch in batches]
        for future in futures:  # in batch order
            yield future.result()
    except BaseException:  # (GeneratorExit too: the caller stopped early)
        stop_pool(pool)
        raise
    pool.shutdown()
