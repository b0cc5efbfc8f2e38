"""Scratch's deck tuner: which one-card swaps raise a deck's win rate against another.

A swap takes one copy of a card out of the deck and puts one card of the pool in;
only swaps that leave a legal deck (Scratch's deck rules, as `kitgen check` holds
them) are tried, each distinct deck once. Every swap plays the same games as the
deck as it is (the same seeds, so the same shuffles where the decks agree: common
random numbers), and its gain is the mean, game by game, of its result less the
original deck's, with the normal 95% interval of that mean.

The swaps are tried in rounds (successive halving): every swap plays the first
round's games, the best quarter (never fewer than twice the suggestions asked for)
plays twice as many more, and so on. A round is counted only when every swap in it
has played, so the answer depends on the seed and on how many rounds were played,
never on how fast.

Pure: the orchestrator (`tuning.py`) plays the games, in processes, on a budget.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from kitgen.api import Finding, mean_interval, name_key, rounded, wilson
from kitgen.games.scratch.model import ScratchDeckFile, ScratchPool

ROUNDS = 3  # rounds of successive halving
KEEP = 4  # each round keeps the best 1 / KEEP of the swaps


@dataclass(frozen=True)
class Swap:
    """One copy of `remove` out of the deck, `add` in."""

    remove: str
    add: str

    def deck(self, cards: dict[str, int]) -> dict[str, int]:
        """The deck list after the swap."""
        out = dict(cards)
        out[self.remove] -= 1
        if not out[self.remove]:
            del out[self.remove]
        out[self.add] = out.get(self.add, 0) + 1
        return out

    def cards(self, cards: dict[str, int]) -> list[str]:
        """The swapped deck as a list of card names, a name once per copy."""
        return [name for name, count in self.deck(cards).items() for _ in range(count)]

    @property
    def name(self) -> str:
        return f"-{self.remove} +{self.add}"


def legal_swaps(
    deck: ScratchDeckFile,
    candidates: Iterable[str],
    check: Callable[[ScratchDeckFile], Sequence[Finding]],
) -> list[Swap]:
    """Every one-card swap of `deck` with a card of `candidates` (names as the pool
    spells them) that `check` finds no error in, in a stable order: by the card taken
    out as the deck lists it, then the card put in by name."""
    found = []
    pool = sorted(set(candidates))
    for remove in deck.cards:
        for add in pool:
            if name_key(add) == name_key(remove):  # (the same card, however spelt)
                continue
            swap = Swap(remove, add)
            changed = deck.model_copy(update={"cards": swap.deck(deck.cards)})
            if not any(f.is_error for f in check(changed)):
                found.append(swap)
    return found


def pool_names(pool: ScratchPool) -> list[str]:
    """The names of the cards in a pool (each card once), sorted."""
    return sorted({card.name for card in pool.cards.values()})


def schedule(swaps: int, games: int, top: int, rounds: int = ROUNDS) -> list[tuple[int, int]]:
    """The rounds: (swaps playing, games each plays in the round). The first round plays
    `games` a swap; each next one the best 1/KEEP of the swaps (at least 2 x `top`,
    at most those left), twice as many games as all before it together."""
    out = []
    playing, played = swaps, 0
    for r in range(rounds):
        if r and playing <= top:
            break
        more = games if r == 0 else 2 * played
        if r:
            playing = min(playing, max(2 * top, -(-playing // KEEP)))
        out.append((playing, more))
        played += more
    return out


@dataclass
class Results:
    """Who won each game played so far, by the deck's list: the original (None) and
    each swap. A game is 1 when the tuned deck won it, 0 when it lost."""

    games: dict[Swap | None, list[int]] = field(default_factory=dict)

    def add(self, swap: Swap | None, won: Iterable[int]) -> None:
        self.games.setdefault(swap, []).extend(won)

    def gain(self, swap: Swap) -> tuple[float, float, float] | None:
        """The swap's mean gain in win rate over the deck as it is, game by game, and its
        95% interval; None before it has played two games."""
        base = self.games.get(None, [])
        mine = self.games.get(swap, [])
        n = min(len(base), len(mine))
        return mean_interval(Counter(mine[i] - base[i] for i in range(n)))

    def ranked(self, swaps: Iterable[Swap]) -> list[Swap]:
        """The swaps by gain, best first (ties: the order given)."""
        order = list(swaps)
        position = {s: i for i, s in enumerate(order)}

        def key(s: Swap) -> tuple[float, int]:
            found = self.gain(s)
            return (-(found[0] if found else -2.0), position[s])

        return sorted(order, key=key)

    def win_rate(self, swap: Swap | None) -> tuple[float, list[float]] | None:
        games = self.games.get(swap, [])
        if not games:
            return None
        return round(sum(games) / len(games), 4), rounded(wilson(sum(games), len(games)))
