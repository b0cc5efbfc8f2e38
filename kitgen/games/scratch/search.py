"""Scratch's search player: information-set Monte Carlo tree search (ISMCTS).

The player never peeks. Each iteration of a decision deals what it cannot see at
random (the opponent's unseen cards, hand and deck together, and the order of its
own deck) and plays that deal out:

- at each of the player's own turns a tree picks among the greedy player's best
  candidate moves by UCB1 (a candidate whose card this deal did not give the
  player is passed over);
- the opponent answers greedily in the deal; the player's next turn is a child
  of the move and the reply (what the player would see), and joins the tree the
  second time a deal reaches it;
- below the tree both sides play greedily to the end; the result (won or lost)
  counts for every move on the way.

The move played is the candidate tried most often; the search stops early once
no other candidate could catch up with the leader. A line or full board won at
once is played without search. The player's first decision, which counts for
most of its strength, gets a larger budget. Everything is drawn from the generator the
player is handed, and the budget counts iterations, never time: the same seed
plays the same game. Positions are `FastPlay` boards changed in place; the
greedy moves here are `FastPlay.greedy`'s, the greedy player's own (tests hold it
to scoring every move plainly, draw for draw).

Pure Python: no I/O.
"""

from __future__ import annotations

import math
import random

from kitgen.api import shuffle
from kitgen.games.scratch.fast import (
    FOES_AROUND,
    RESULT,
    Board,
    FastPlay,
    fast,
)
from kitgen.games.scratch.play import (
    FULL,
    HAS_LINE,
    INSULT,
    NEIGHBOUR_MASK,
    NO_LIMIT,
    ONE_PER_FACTION,
    ONE_PER_NAME,
    OPEN_CELLS,
    POPCOUNT,
    Outcome,
    RawMove,
    Scratch,
    State,
    outcome_of,
    stuck,
)

# The defaults: deals per decision (and for a player's first decision), the greedy
# player's best moves searched at the root and at later turns, and UCB1's constant.
ITERATIONS, OPENING, CANDIDATES, REPLIES, EXPLORATION = 105, 225, 24, 8, 0.3


def copy_board(b: Board) -> Board:
    """A copy of a board whose lists can change without touching the original."""
    c = Board.__new__(Board)
    c.cards = b.cards[:]
    c.owner = b.owner[:]
    c.origin = b.origin[:]
    c.flipped = b.flipped[:]
    c.hands = [b.hands[0][:], b.hands[1][:]]
    c.decks = [b.decks[0][:], b.decks[1][:]]
    c.own = b.own[:]
    c.player, c.ply, c.seed = b.player, b.ply, b.seed
    c.occupied, c.board, c.factions = b.occupied, b.board, b.factions
    return c


def determinize(b: Board, player: int, rng: random.Random) -> Board:
    """A copy of `b` with what `player` cannot see dealt again from `rng`.

    The opponent's hand and deck are shuffled together and dealt back in the same
    sizes (as `players._redeal`), the player's own deck is shuffled, and the
    Insult to injury! draws get a seed of their own, so nothing hidden in `b`
    (nor the game's seed, which dealt the decks) reaches the result.
    """
    other = 1 - player
    # Sorted first, so that not even the order of the hidden cards reaches the deal.
    unseen = sorted(b.hands[other] + b.decks[other])
    shuffle(rng, unseen)
    size = len(b.hands[other])
    deck = sorted(b.decks[player])
    shuffle(rng, deck)
    d = Board.__new__(Board)
    d.cards, d.owner, d.origin, d.flipped = b.cards[:], b.owner[:], b.origin[:], b.flipped[:]
    if player == 0:
        d.hands = [b.hands[0][:], unseen[:size]]
        d.decks = [deck, unseen[size:]]
    else:
        d.hands = [unseen[:size], b.hands[1][:]]
        d.decks = [unseen[size:], deck]
    d.own = b.own[:]
    d.player, d.ply = b.player, b.ply
    d.occupied, d.board, d.factions = b.occupied, b.board, b.factions
    d.seed = int(rng.random() * 2**52)
    return d


class Playouts:
    """Moves played on boards in place, and greedy games to the end, for one engine."""

    def __init__(self, engine: Scratch) -> None:
        self.engine = engine
        self.fast: FastPlay = fast(engine)
        self._limit, self._faction_bit = engine._limit, engine._faction_bit
        self._power = engine._power
        self._faces, self._attack_mod = engine._faces, engine._attack_mod
        self._defend_mod = engine._defend_mod
        self._hand_size = engine.params.hand_size
        self._limited = sum(1 << c for c, lim in enumerate(self._limit) if lim != NO_LIMIT)

    def step(self, b: Board, move: RawMove) -> Outcome | None:
        """Play `move` for the player to move; the outcome when the game ends.

        Captures are compared only with the opponent's cards beside the space, as
        `Scratch._taken` compares them (and as `FastPlay._play` does).
        """
        engine = self.engine
        card, cell, flip, swap = move
        player = b.player
        other = 1 - player
        cards, owner, origin, flipped = b.cards, b.owner, b.origin, b.flipped
        own = b.own
        if self._attack_mod[card]:
            taken = engine._taken(cards, owner, origin, flipped, player, card, cell, flip)
        else:
            taken = []
            faces, defend_mod = self._faces, self._defend_mod
            mine = faces[card * 2 + flip]
            for n, side, facing in FOES_AROUND[cell][own[other] & NEIGHBOUR_MASK[cell]]:
                defender = cards[n]
                theirs = faces[defender * 2 + flipped[n]][facing]
                if defend_mod[defender]:
                    theirs += engine._modifier(
                        defender, n, other, origin[n], cell, card, player, cards, owner
                    )
                if mine[side] > theirs:
                    taken.append(n)
        hands = b.hands
        hand = hands[player]
        hand.remove(card)
        cards[cell], owner[cell], origin[cell], flipped[cell] = card, player, player, flip
        bit = 1 << cell
        for n in taken:
            owner[n] = player
            bit |= 1 << n
        own[player] |= bit
        own[other] &= ~bit
        if swap >= 0:
            cards[cell], cards[swap] = cards[swap], cards[cell]
            origin[cell], origin[swap] = origin[swap], origin[cell]
            flipped[cell], flipped[swap] = flipped[swap], flipped[cell]
        b.occupied = occupied = b.occupied | 1 << cell
        board = b.board = b.board | 1 << card
        limit, faction_bit = self._limit, self._faction_bit
        factions = b.factions
        if limit[card] == ONE_PER_FACTION:
            factions = b.factions = factions | faction_bit[card]
        their_hand = hands[other]
        if taken and self._power[card] == INSULT and their_hand:
            for victim in engine._insult_victims(their_hand, len(taken), (), b.seed, b.ply):
                their_hand.remove(victim)
        b.ply += 1
        held = own[player]
        if HAS_LINE[held] or occupied == FULL:
            return outcome_of(held, occupied, player, flip, bool(taken))
        need = self._hand_size - len(hand)
        deck = b.decks[player]
        if need > 0 and deck:
            hand += deck[:need]
            del deck[:need]
        b.player = other
        for c in their_hand:
            lim = limit[c]
            if lim == ONE_PER_NAME and board >> c & 1:
                continue
            if lim == ONE_PER_FACTION and factions & faction_bit[c]:
                continue
            return None
        return stuck(other)

    def greedy(self, b: Board, rng: random.Random) -> RawMove:
        """The greedy player's move (`FastPlay.greedy`, the same draw from `rng`)."""
        f = self.fast
        limit, faction_bit = self._limit, self._faction_bit
        occ = b.occupied
        board, factions = b.board, b.factions
        held = 0
        for c in b.hands[b.player]:
            held |= 1 << c
        distinct = f._hands.get(held)
        if distinct is None:
            distinct = f._hand(held)
        if not held & self._limited:  # no card of the hand has a limit
            return f.greedy(b, OPEN_CELLS[occ], POPCOUNT[occ] == 8, distinct, rng)
        playable = []
        for c in distinct:
            lim = limit[c]
            if lim == ONE_PER_NAME and board >> c & 1:
                continue
            if lim == ONE_PER_FACTION and (occ == 0 or factions & faction_bit[c]):
                continue
            playable.append(c)
        return f.greedy(b, OPEN_CELLS[occ], POPCOUNT[occ] == 8, playable, rng)

    def rollout(self, b: Board, rng: random.Random) -> Outcome:
        """Greedy play on both sides from `b` to the end."""
        best = self.greedy
        step = self.step
        while True:
            outcome = step(b, best(b, rng))
            if outcome is not None:
                return outcome

    def ranked(self, b: Board, rng: random.Random) -> list[tuple[float, RawMove]]:
        """Every move of the player to move with its greedy score, best first (ties by `rng`)."""
        f = self.fast
        scored = [(score, rng.random(), move) for move, score in f.scores(b, *f.choices(b))]
        scored.sort(reverse=True)
        return [(score, move) for score, _, move in scored]


class _Node:
    """One of the player's turns in the tree: candidate moves and how they fared."""

    __slots__ = ("children", "moves", "once", "visits", "wins")

    def __init__(self, moves: list[RawMove]) -> None:
        self.moves = moves
        self.visits = [0] * len(moves)
        self.wins = [0] * len(moves)
        # The player's next turn, by (candidate, the opponent's reply).
        self.children: dict[tuple[int, RawMove], _Node] = {}
        self.once: set[tuple[int, RawMove]] = set()  # turns reached once, not yet in the tree


class SearchPlayer:
    """ISMCTS over the player's own moves against greedy replies, in dealt-again deals."""

    name = "search"

    def __init__(
        self,
        iterations: int = ITERATIONS,
        opening: int = OPENING,
        candidates: int = CANDIDATES,
        replies: int = REPLIES,
        exploration: float = EXPLORATION,
    ) -> None:
        self.iterations = iterations  # deals played out per decision
        self.opening = opening  # ... for the player's first decision, which matters most
        self.candidates = candidates  # the greedy player's best moves searched at the root
        self.replies = replies  # ... and at the player's later turns in the tree
        self.exploration = exploration  # UCB1's constant
        # The tree of the last decision (engine, position after the move, the move, the
        # root), in case the next decision follows from it.
        self._memory: tuple[Scratch, State, int, _Node] | None = None

    def wants_first(self, rng: random.Random) -> bool:
        """Always starts, like the greedy player."""
        return True

    def choose(self, engine: Scratch, state: State, rng: random.Random) -> RawMove:
        """The candidate tried most often (ties: more wins, then the greedy player's order)."""
        reused = self._reused(engine, state)
        sim = Playouts(engine)
        player = state.to_move
        root_board = Board(engine, state)
        first = determinize(root_board, player, rng)
        ranked = sim.ranked(first, rng)
        for score, move in ranked:
            if score < 2 * RESULT:
                break
            b = copy_board(first)
            outcome = sim.step(b, move)
            if outcome is not None and outcome.winner == player and b.player == player:
                return move  # a line or a full board won now, whatever is hidden
        root = _Node([]) if reused is None else reused
        for _, move in ranked[: self.candidates]:
            if len(root.moves) >= self.candidates:
                break
            if move not in root.moves:
                root.moves.append(move)
                root.visits.append(0)
                root.wins.append(0)
        if len(ranked) == 1:
            return ranked[0][1]
        iterations = self.opening if POPCOUNT[state.occupied] <= 1 else self.iterations
        visits, wins = root.visits, root.wins
        for i in range(sum(visits), iterations):
            deal = first if i == 0 else determinize(root_board, player, rng)
            self._iterate(sim, root, deal, player, rng)
            # Stop once no other candidate could be tried as often as the leader.
            lead, second = sorted(visits)[-1:-3:-1]
            if lead - second > iterations - 1 - i:
                break
        # A turn met again may list cards other deals gave the player: not those.
        hand = state.hands[player]
        held = [k for k, move in enumerate(root.moves) if move[0] in hand]
        best = max(held, key=lambda k: (visits[k], wins[k], -k))
        move = root.moves[best]
        self._memory = (engine, engine.apply_raw(state, *move), best, root)
        return move

    def _reused(self, engine: Scratch, state: State) -> _Node | None:
        """The tree below the player's last move and the reply it met, when `state` follows."""
        memory, self._memory = self._memory, None
        if memory is None or memory[0] is not engine or state.last is None:
            return None
        _, after, best, node = memory
        if state.ply != after.ply + 1 or after.to_move == state.to_move:
            return None
        last = state.last
        find = engine.catalog.find
        reply = (find(last.card), last.cell, last.flip, -1 if last.swap is None else last.swap)
        # Only what lies on the table is compared: the move and the reply explain it.
        if engine.apply_raw(after, *reply).key()[:4] != state.key()[:4]:
            return None
        return node.children.get((best, reply))

    def _iterate(
        self, sim: Playouts, root: _Node, b: Board, player: int, rng: random.Random
    ) -> None:
        """Play one deal down the tree and out; count the result on the way."""
        step, greedy = sim.step, sim.greedy
        c = self.exploration
        node = root
        path: list[tuple[_Node, int]] = []
        outcome: Outcome | None = None
        while outcome is None:
            hand = b.hands[player]
            moves, visits, wins = node.moves, node.visits, node.wins
            tried = 0
            for k, move in enumerate(moves):
                if move[0] in hand:
                    tried += visits[k]
            log = math.log(tried + 1)
            pick, top = -1, -1.0
            for k, move in enumerate(moves):
                if move[0] not in hand:
                    continue
                n = visits[k]
                if n == 0:
                    pick = k
                    break
                value = wins[k] / n + c * math.sqrt(log / n)
                if value > top:
                    pick, top = k, value
            if pick < 0:  # this deal gave the player none of the candidates' cards
                outcome = sim.rollout(b, rng)
                continue
            path.append((node, pick))
            outcome = step(b, moves[pick])
            if outcome is not None:
                continue
            reply = greedy(b, rng)
            outcome = step(b, reply)
            if outcome is not None:
                continue
            key = (pick, reply)
            child = node.children.get(key)
            if child is None:
                # A turn joins the tree the second time a deal reaches it.
                if key not in node.once:
                    node.once.add(key)
                    outcome = sim.rollout(b, rng)
                    continue
                ranked = sim.ranked(b, rng)
                child = node.children[key] = _Node([move for _, move in ranked[: self.replies]])
            node = child
        won = 1 if outcome.winner == player else 0
        for seen, k in path:
            seen.visits[k] += 1
            seen.wins[k] += won
