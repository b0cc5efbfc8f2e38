"""Scratch players for simulations: random, greedy, and a Monte Carlo search player.

Players choose among the engine's raw moves (card index, cell, flip, swap). They
are deterministic given the random generator they are handed, so simulations
are reproducible by seed. They never discard by choice.

The search player does not peek: before each playout it deals the opponent's
unseen cards (their hand and deck together) again at random, and plays the
rest of the game greedily; it keeps the move with the best average result.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from kitgen.rules.scratch_play import LINE_MASKS, NEIGHBOURS, Scratch, State

RawMove = tuple[int, int, bool, int]


class Player(Protocol):
    """Something that picks a move."""

    name: str

    def choose(self, engine: Scratch, state: State, rng: random.Random) -> RawMove:
        """A legal raw move for the player to move."""
        ...


class RandomPlayer:
    """Picks uniformly among the legal moves."""

    name = "random"

    def choose(self, engine: Scratch, state: State, rng: random.Random) -> RawMove:
        """A uniformly random legal move."""
        return engine.random_move(state, rng)


def evaluate(engine: Scratch, after: State, player: int) -> float:
    """How good `after` looks for `player`: result, cards held, lines, exposed sides."""
    outcome = after.outcome
    if outcome is not None:
        return 1000.0 * outcome.points * (1 if outcome.winner == player else -1)
    cards, owner = after.cards, after.owner
    mine = theirs = 0
    score = 0.0
    for cell in range(9):
        card = cards[cell]
        if card < 0:
            continue
        if owner[cell] == player:
            mine |= 1 << cell
            score += 10
            # A weak side facing an empty space invites a capture.
            stats = engine._stats[card]
            for n, side in NEIGHBOURS[cell]:
                if cards[n] < 0:
                    value = stats[(side + 2) % 4] if after.flipped[cell] else stats[side]
                    score -= max(0, 6 - value) * 1.5
        else:
            theirs |= 1 << cell
            score -= 10
    for line in LINE_MASKS:
        if bin(mine & line).count("1") == 2 and not (theirs & line):
            score += 6  # two in a line with the third space free
        if bin(theirs & line).count("1") == 2 and not (mine & line):
            score -= 8
    return score


class GreedyPlayer:
    """Takes the move whose immediate result looks best (ties broken at random)."""

    name = "greedy"

    def choose(self, engine: Scratch, state: State, rng: random.Random) -> RawMove:
        """The best-looking move one ply ahead."""
        player = state.to_move
        best: list[RawMove] = []
        best_score = float("-inf")
        for move in engine.raw_moves(state):
            after = engine.apply_raw(state, *move)
            score = evaluate(engine, after, player)
            if score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        return best[rng.randrange(len(best))]


def _redeal(state: State, player: int, rng: random.Random) -> State:
    """The same position with the opponent's unseen cards dealt again."""
    other = 1 - player
    unseen = list(state.hands[other]) + list(state.decks[other])
    rng.shuffle(unseen)
    size = len(state.hands[other])
    hands = list(state.hands)
    decks = list(state.decks)
    hands[other], decks[other] = tuple(unseen[:size]), tuple(unseen[size:])
    return State(
        state.cards,
        state.owner,
        state.origin,
        state.flipped,
        (hands[0], hands[1]),
        (decks[0], decks[1]),
        state.discards,
        state.to_move,
        state.ply,
        state.seed,
        state.outcome,
        state.last,
    )


class SearchPlayer:
    """Flat Monte Carlo: greedy playouts from every candidate move, under a node budget."""

    name = "search"

    def __init__(self, budget: int = 400, candidates: int = 6) -> None:
        self.budget = budget  # positions visited per decision, playouts included
        self.candidates = candidates  # the greedy player's best moves worth searching

    def choose(self, engine: Scratch, state: State, rng: random.Random) -> RawMove:
        """The candidate whose playouts end best on average."""
        player = state.to_move
        greedy = GreedyPlayer()
        scored = []
        for move in engine.raw_moves(state):
            after = engine.apply_raw(state, *move)
            if after.outcome is not None and after.outcome.winner == player:
                return move  # a win now needs no search
            scored.append((evaluate(engine, after, player), rng.random(), move, after))
        scored.sort(reverse=True)
        pool = scored[: self.candidates]
        if len(pool) == 1:
            return pool[0][2]
        totals = [0.0] * len(pool)
        counts = [0] * len(pool)
        nodes = 0
        i = 0
        while nodes < self.budget:
            _, _, _, after = pool[i]
            result, used = self._playout(engine, _redeal(after, player, rng), player, greedy, rng)
            totals[i] += result
            counts[i] += 1
            nodes += used
            i = (i + 1) % len(pool)
        best = max(range(len(pool)), key=lambda k: (totals[k] / max(counts[k], 1), -k))
        return pool[best][2]

    @staticmethod
    def _playout(
        engine: Scratch, state: State, player: int, greedy: GreedyPlayer, rng: random.Random
    ) -> tuple[float, int]:
        nodes = 1
        while state.outcome is None:
            state = engine.apply_raw(state, *greedy.choose(engine, state, rng))
            nodes += 1
        outcome = state.outcome
        return (outcome.points if outcome.winner == player else -outcome.points), nodes


PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "search": SearchPlayer,
}


def play_game(
    engine: Scratch,
    decks: tuple[list[str], list[str]],
    players: tuple[Player, Player],
    *,
    seed: int,
    first: int = 0,
) -> list[State]:
    """Play one game from a seeded deal; the states from the deal to the end."""
    rng = random.Random(seed ^ 0x5C4A7C)
    state = engine.new_game(decks, seed=seed, first=first)
    states = [state]
    while state.outcome is None:
        move = players[state.to_move].choose(engine, state, rng)
        state = engine.apply_raw(state, *move)
        states.append(state)
    return states
