"""`kitgen tune MY_DECK --against DECK`: read and check the decks (and a pool file),
list the legal one-card swaps, and play them against the deck as it is, round by
round (`tune.py`), in parallel processes when asked, until the rounds are done, the
budget is spent or Ctrl-C stops it."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple

from kitgen.api import (
    Finding,
    KitgenError,
    UsageError,
    allowing_outside,
    check_document,
    check_players,
    check_run,
    in_order,
    name_key,
    outside_allowed,
    read_document,
    stoppable,
)
from kitgen.games.scratch import rules
from kitgen.games.scratch.load import merge_pool, official, scratch_pool
from kitgen.games.scratch.model import ScratchCardsFile, ScratchDeckFile, ScratchPool
from kitgen.games.scratch.play import Catalog, Scratch
from kitgen.games.scratch.players import PLAYERS
from kitgen.games.scratch.stats import run_batch
from kitgen.games.scratch.tune import Results, Swap, legal_swaps, pool_names, schedule

PASS = 20  # games a swap plays in one pass; a stop keeps only whole passes

Paths = tuple[str, str, str | None]


class NothingToTry(KitgenError):
    """No card of the pool can replace one of the deck's and keep it legal."""


class StoppedEarly(KitgenError):
    """Ctrl-C stopped the run before every swap had played its first pass."""

    exit_code = 130


class Setup(NamedTuple):
    """What a tuning run plays with: the engine over every card in play, the deck (its
    names as the pool spells them), the opponent's cards, the cards a swap may put in,
    the pool the swapped decks' legality is judged against, and the decks' names."""

    engine: Scratch
    deck: ScratchDeckFile
    against: list[str]
    candidates: ScratchPool
    legal: ScratchPool
    name: str
    against_name: str


@cache
def _setup(paths: Paths) -> Setup:
    """The run's `Setup` (cached per process: each worker builds it once)."""
    deck_doc = read_document(paths[0])
    against_doc = read_document(paths[1])
    assert isinstance(deck_doc.model, ScratchDeckFile)
    assert isinstance(against_doc.model, ScratchDeckFile)
    reach, _ = scratch_pool(deck_doc)  # the official cards and the deck's `uses:`
    pool = reach.copy()
    merge_pool(pool, scratch_pool(against_doc)[0])
    candidates, legal = reach, reach
    if paths[2] is not None:
        cards_doc = read_document(paths[2])
        assert isinstance(cards_doc.model, ScratchCardsFile)
        cards_pool, _ = scratch_pool(cards_doc)
        merge_pool(pool, cards_pool)
        legal = reach.copy()
        merge_pool(legal, cards_pool)  # (the file's own rarities and factions too)
        candidates = ScratchPool()
        for listed in cards_doc.model.cards:
            found = cards_pool.card(listed.name)
            if found is not None:
                candidates.cards[name_key(found.name)] = found
    engine = Scratch(Catalog(pool), official().params)
    against: list[str] = []
    for name, count in against_doc.model.cards.items():
        theirs = pool.card(name)
        assert theirs is not None  # the deck was checked before
        against += [theirs.name] * count
    spelled: dict[str, int] = {}
    for name, count in deck_doc.model.cards.items():
        mine = pool.card(name)
        assert mine is not None
        spelled[mine.name] = spelled.get(mine.name, 0) + count  # (two lines, one card)
    deck = deck_doc.model.model_copy(update={"cards": spelled})
    return Setup(
        engine, deck, against, candidates, legal, deck_doc.model.name, against_doc.model.name
    )


def _batch(args: tuple[Paths, Swap | None, tuple[str, str], int, int, int, bool]) -> list[int]:
    """Games start .. stop - 1 of the deck (swapped or not) against the other: 1 for each
    game the deck won, 0 for each it lost, in order."""
    paths, swap, players, seed, start, stop, allow_outside = args
    with allowing_outside(allow_outside):
        engine, deck, against, *_ = _setup(paths)
    cards = (
        [n for n, k in deck.cards.items() for _ in range(k)]
        if swap is None
        else swap.cards(deck.cards)
    )
    tally = run_batch(engine, (cards, against), players, seed, range(start, stop))
    return [1 - w for w in tally.winners]


def tune(
    deck_path: str,
    against_path: str,
    *,
    pool_path: str | None = None,
    players: tuple[str, str],
    games: int,
    top: int,
    seed: int,
    jobs: int = 1,
    budget: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[dict[str, Any] | None, list[Finding]]:
    """Tune a deck against another; the report, or the findings of files with errors."""
    check_run(games, jobs)
    check_players(players, PLAYERS)
    if not 1 <= top <= 50:
        raise UsageError("--top must be from 1 to 50")
    if budget is not None and not budget > 0:
        raise UsageError("--budget must be a number of seconds above 0")
    start_time = clock()
    findings: list[Finding] = []
    wanted: list[tuple[str, type]] = [
        (deck_path, ScratchDeckFile),
        (against_path, ScratchDeckFile),
    ]
    if pool_path is not None:
        wanted.append((pool_path, ScratchCardsFile))
    for path, model in wanted:
        doc = read_document(path)
        checked = check_document(doc)
        findings += checked.findings
        if checked.ok and not isinstance(doc.model, model):
            what = "Scratch deck" if model is ScratchDeckFile else "Scratch cards file"
            raise UsageError(f"{path} is a {doc.game} {doc.kind} file, not a {what}")
    if any(f.is_error for f in findings):
        return None, findings
    paths: Paths = (deck_path, against_path, pool_path)
    setup = _setup(paths)
    deck, name, against_name = setup.deck, setup.name, setup.against_name
    off = official()

    def check(changed: ScratchDeckFile) -> list[Finding]:
        return rules.check_deck(changed, setup.legal, off.params, off.deck_rules)

    swaps = legal_swaps(deck, pool_names(setup.candidates), check)
    if not swaps:
        where = pool_path or "the cards in reach of the deck"
        raise NothingToTry(
            f"no card of {where} can replace one of {deck_path}'s and keep it legal: no swap to try"
        )
    plan = schedule(len(swaps), games, top)
    planned = sum(playing * more for playing, more in plan) + sum(more for _, more in plan)
    planned += (min(top, len(swaps)) + 1) * sum(more for _, more in plan)  # the re-measure
    results = Results()
    outside = outside_allowed()
    alive = list(swaps)
    done_rounds: list[dict[str, int]] = []
    played = 0  # games a swap (and the deck as it is) has played in completed passes
    count = [0]  # games played, for the progress bar
    stopped: str | None = None

    def play(into: Results, swaps: list[Swap], first: int, more: int) -> int:
        """Play games first .. first + more - 1 of the deck and `swaps` into `into`, in
        passes; the games each has played in whole passes (all of them, unless a stop
        came: then what is past the last whole pass is dropped)."""
        nonlocal stopped
        batches = []
        for start in range(first, first + more, PASS):
            last = min(start + PASS, first + more)
            for swap in (None, *swaps):
                batches.append((paths, swap, players, seed, start, last, outside))
        passed, per_pass = first, len(swaps) + 1
        for number, (batch, won) in enumerate(
            zip(batches, in_order(_batch, batches, jobs), strict=False), 1
        ):
            into.add(batch[1], won)
            count[0] += len(won)
            if progress:
                progress(count[0], planned)
            if number % per_pass == 0:
                passed = batch[5]
            if stop.requested:
                stopped = "Ctrl-C"
            elif budget is not None and clock() - start_time > budget:
                stopped = "budget"
            if stopped:
                # Only whole passes count: every swap has played the same games.
                for key in (None, *swaps):
                    del into.games.setdefault(key, [])[passed - first :]
                return passed - first
        return more

    fresh = Results()
    with stoppable() as stop:
        for number, (playing, more) in enumerate(plan, 1):
            if number > 1:
                alive = results.ranked(alive)[:playing]
            done = play(results, alive, played, more)
            if stopped:
                played += done
                if played > (done_rounds[-1]["games_each"] if done_rounds else 0):
                    done_rounds.append({"round": number, "swaps": len(alive), "games_each": played})
                break
            played += more
            done_rounds.append({"round": number, "swaps": len(alive), "games_each": played})
        finalists = results.ranked(alive)[:top]
        if played and not stopped:
            # The rounds chose the finalists on their own games, which flatters them (the
            # luckiest swap rises to the top): their gains are measured anew on as many
            # games again, with seeds no round played.
            play(fresh, finalists, played, played)
    if not played:
        if stopped == "budget":
            raise KitgenError(
                f"the budget ran out before every swap had played its first {PASS} games "
                f"({len(swaps)} swaps): give a larger --budget"
            )
        raise StoppedEarly(f"stopped by Ctrl-C before every swap had played its first {PASS} games")
    measured = fresh if fresh.games.get(None) else results
    base = measured.win_rate(None)
    assert base is not None
    best: list[dict[str, Any]] = []
    raising: list[dict[str, Any]] = []
    for swap in finalists:
        gain = measured.gain(swap)
        rate = measured.win_rate(swap)
        if gain is None or rate is None:
            continue
        best.append(
            {
                "remove": swap.remove,
                "add": swap.add,
                "games": len(measured.games[swap]),
                "win_rate": rate[0],
                "win_rate_95": rate[1],
                "gain": round(gain[0], 4),
                "gain_95": [round(gain[1], 4), round(gain[2], 4)],
                "significant": gain[1] > 0 or gain[2] < 0,
            }
        )
        chosen = results.gain(swap)
        if chosen is not None and chosen[0] > 0:  # it raised the win rate in the rounds
            raising.append(best[-1])
    report: dict[str, Any] = {
        "deck": name,
        "against": against_name,
        "players": list(players),
        "seed": seed,
        "pool": pool_path,
        "swaps_tried": len(swaps),
        "rounds": done_rounds,
        "rounds_planned": [{"swaps": p, "games": g} for p, g in plan],
        "fresh_games": len(fresh.games.get(None, [])),
        "deck_as_it_is": {
            "games": len(measured.games[None]),
            "win_rate": base[0],
            "win_rate_95": base[1],
        },
        "raising": raising,
        "best": best,
        "stopped": stopped,
    }
    return report, findings
