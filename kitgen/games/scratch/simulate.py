"""`kitgen simulate` for Scratch: two deck files read and checked, then games (or
matches) played in batches, in parallel processes when asked."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import Any

from kitgen.api import (
    Finding,
    UsageError,
    allowing_outside,
    check_document,
    check_players,
    check_run,
    outside_allowed,
    play_in_batches,
    read_document,
)
from kitgen.games.scratch.load import merge_pool, official, scratch_pool
from kitgen.games.scratch.model import ScratchDeckFile
from kitgen.games.scratch.play import Catalog, Scratch
from kitgen.games.scratch.players import PLAYERS
from kitgen.games.scratch.stats import Tally, run_batch, summary


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


def _batch(
    paths: tuple[str, str],
    players: tuple[str, str],
    seed: int,
    matches: bool,
    allow_outside: bool,
    span: tuple[int, int],
) -> Tally:
    with allowing_outside(allow_outside):  # as the parent read them (--allow-outside)
        engine, decks, _ = _setup(paths)
    return run_batch(engine, decks, players, seed, range(*span), matches=matches)


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
    check_run(games, jobs)
    check_players(players, PLAYERS)
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
    total = Tally()
    play = partial(_batch, paths, players, seed, matches, outside_allowed())
    counted = (lambda tally: tally.matches) if matches else None
    unit = "matches" if matches else "games"
    stopped = play_in_batches(play, games, jobs, total, progress, counted, unit)
    engine, _, _ = _setup(paths)
    target = engine.params.match_target if matches else None
    result = summary(total, names, players, seed, target)
    result["interrupted"] = stopped
    return result, findings
