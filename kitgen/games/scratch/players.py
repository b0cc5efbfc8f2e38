"""Scratch players for simulations: random, greedy, search and flat Monte Carlo.

Players choose among the engine's raw moves (card index, cell, flip, swap). They
are deterministic given the random generator they are handed, so simulations
are reproducible by seed. They never discard by choice.

The search player (ISMCTS over the hidden cards) is in `scratch.search`. The
flat Monte Carlo player, the search player before it, is kept to compare with:
before each playout it deals the opponent's unseen cards (their hand and deck
together) again at random, and plays the rest of the game greedily; it keeps the
move with the best average result.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from typing import Protocol

from kitgen.api import draw, shuffle
from kitgen.games.scratch.fast import GREEDY, RESULT, Played, Ply, fast
from kitgen.games.scratch.play import (
    LINE_MASKS,
    NEIGHBOURS,
    Match,
    Outcome,
    RawMove,
    Scratch,
    State,
)
from kitgen.games.scratch.search import SearchPlayer


class Player(Protocol):
    """Something that picks a move."""

    name: str

    def choose(self, engine: Scratch, state: State, rng: random.Random) -> RawMove:
        """A legal raw move for the player to move."""
        ...

    def wants_first(self, rng: random.Random) -> bool:
        """In a match, when this player chooses who starts: whether they start."""
        ...


class RandomPlayer:
    """Picks uniformly among the legal moves."""

    name = "random"

    def choose(self, engine: Scratch, state: State, rng: random.Random) -> RawMove:
        """A uniformly random legal move."""
        return engine.random_move(state, rng)

    def wants_first(self, rng: random.Random) -> bool:
        """A coin decides."""
        return draw(rng, 2) == 0


def evaluate(engine: Scratch, after: State, player: int) -> float:
    """How good `after` looks for `player`: result, cards held, lines, exposed sides.

    The greedy player's measure, written plainly; `FastPlay.scores` works out the
    same numbers from the position before the move, and tests hold them equal.
    """
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
        """The best-looking move one ply ahead (`evaluate`; ties broken by `rng`)."""
        return fast(engine).greedy_move(state, rng)

    def wants_first(self, rng: random.Random) -> bool:
        """Always starts: it cannot tell which seat the decks favour."""
        return True


def _redeal(state: State, player: int, rng: random.Random) -> State:
    """The same position with the opponent's unseen cards dealt again."""
    other = 1 - player
    unseen = list(state.hands[other]) + list(state.decks[other])
    shuffle(rng, unseen)
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


class MonteCarloPlayer:
    """Flat Monte Carlo: greedy playouts from every candidate move, under a node budget.

    Kept to compare with the search player (`montecarlo` in `kitgen simulate`). Its
    candidates are ranked on the true position, so the greedy measure's check of
    whether the opponent is left with no card to play sees their hand.
    """

    name = "montecarlo"

    def wants_first(self, rng: random.Random) -> bool:
        """Always starts, like the greedy player."""
        return True

    def __init__(self, budget: int = 400, candidates: int = 6) -> None:
        self.budget = budget  # positions visited per decision, playouts included
        self.candidates = candidates  # the greedy player's best moves worth searching

    def choose(self, engine: Scratch, state: State, rng: random.Random) -> RawMove:
        """The candidate whose playouts end best on average."""
        player = state.to_move
        scored = []
        for move, score in fast(engine).greedy_scores(state):
            if score >= 2 * RESULT:
                return move  # a win now needs no search
            scored.append((score, rng.random(), move))
        scored.sort(reverse=True)
        pool = [(move, engine.apply_raw(state, *move)) for _, _, move in scored[: self.candidates]]
        if len(pool) == 1:
            return pool[0][0]
        totals = [0.0] * len(pool)
        counts = [0] * len(pool)
        nodes = 0
        i = 0
        play = fast(engine).play
        while nodes < self.budget:
            after = pool[i][1]
            outcome, plies, _ = play(_redeal(after, player, rng), (GREEDY, GREEDY), rng)
            totals[i] += outcome.points if outcome.winner == player else -outcome.points
            counts[i] += 1
            nodes += len(plies) + 1
            i = (i + 1) % len(pool)
        best = max(range(len(pool)), key=lambda k: (totals[k] / max(counts[k], 1), -k))
        return pool[best][0]


PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "search": SearchPlayer,
    "montecarlo": MonteCarloPlayer,
}


def play_game(
    engine: Scratch,
    decks: tuple[list[str], list[str]],
    players: tuple[Player, Player],
    *,
    seed: int,
    first: int = 0,
) -> list[State]:
    """Play one game from a seeded deal; the states from the deal to the end.

    One generator seeded by `seed` shuffles the decks and then serves the players.
    """
    rng = random.Random(seed)
    state = engine.new_game(decks, seed=seed, first=first, rng=rng)
    states = [state]
    while state.outcome is None:
        move = players[state.to_move].choose(engine, state, rng)
        state = engine.apply_raw(state, *move)
        states.append(state)
    return states


def play_fast(
    engine: Scratch,
    decks: tuple[list[int], list[int]],
    kinds: tuple[int, int],
    *,
    seed: int,
    first: int = 0,
) -> Played:
    """`play_game` for random and greedy players (scratch_fast kinds) and decks of indices.

    The same seed plays the same game as `play_game` with RandomPlayer and
    GreedyPlayer; this returns the outcome, the plies and the opening hands
    instead of every state.
    """
    rng = random.Random(seed)
    state = engine.deal(decks, seed=seed, first=first, rng=rng)
    return fast(engine).play(state, kinds, rng)


def played_of(engine: Scratch, states: list[State]) -> Played:
    """A game played through the State engine, as `play_fast` gives it."""
    outcome = states[-1].outcome
    assert outcome is not None
    return outcome, plies_of(engine, states), states[0].hands


def plies_of(engine: Scratch, states: list[State]) -> list[Ply]:
    """The plies of a game played through the State engine, as `play_fast` gives them."""
    find = engine.catalog.find
    plies: list[Ply] = []
    for before, after in itertools.pairwise(states):
        move = after.last
        assert move is not None
        mover = before.to_move
        # Cards never leave the board: what the opponent held before and not after was taken.
        held_before = Counter(
            c for c, o in zip(before.cards, before.owner, strict=True) if c >= 0 and o != mover
        )
        held_after = Counter(
            c for c, o in zip(after.cards, after.owner, strict=True) if c >= 0 and o != mover
        )
        captured = tuple(sorted((held_before - held_after).elements()))
        plies.append(
            (
                mover,
                find(move.card),
                move.cell,
                move.flip,
                -1 if move.swap is None else move.swap,
                captured,
                tuple(find(n) for n in move.insults),
            )
        )
    return plies


def match_seed(seed: int, game: int) -> int:
    """The seed of game `game` (0, 1, ...) of the match seeded `seed`."""
    return (seed * 1_000_033 + game * 104_729 + 1) % (2**61 - 1)


def run_match(
    target: int,
    players: tuple[Player, Player],
    seed: int,
    play: Callable[[int, int], Outcome],
) -> Match:
    """Play a match to `target` points, one game at a time through `play(first, seed)`.

    Before each game the player behind chooses who starts; a coin from the
    match's generator picks the chooser while the scores are level.
    """
    rng = random.Random(seed)
    match = Match(target)
    while match.winner is None:
        chooser = match.chooser()
        if chooser is None:
            chooser = draw(rng, 2)
        first = chooser if players[chooser].wants_first(rng) else 1 - chooser
        match = match.after(first, play(first, match_seed(seed, len(match.games))))
    return match


def play_match(
    engine: Scratch,
    decks: tuple[list[str], list[str]],
    players: tuple[Player, Player],
    *,
    seed: int,
    target: int | None = None,
) -> tuple[Match, list[list[State]]]:
    """A match to `target` points (the game's match target by default), and every game's states."""
    games: list[list[State]] = []

    def play(first: int, game_seed: int) -> Outcome:
        states = play_game(engine, decks, players, seed=game_seed, first=first)
        games.append(states)
        outcome = states[-1].outcome
        assert outcome is not None
        return outcome

    goal = engine.params.match_target if target is None else target
    return run_match(goal, players, seed, play), games
