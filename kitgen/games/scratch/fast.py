"""Fast Scratch play for simulations: whole games of the random and greedy players.

The State engine (`scratch_play`) is the reference: it checks moves, keeps every
position and writes records. Balance simulations need hundreds of thousands of
games, so this module plays the same games on plain lists changed in place,
with the engine's own rule primitives (captures, limits, outcome, Insult to
injury! draws), and scores the greedy player's candidates incrementally instead
of building a position for each: what a position's moves share is worked out once,
and the greedy move is found without listing every score. Tests hold the two paths
to the same moves and results, seed for seed, the incremental scores to
`evaluate`, and the greedy move to `evaluate`'s best, draw for draw.

Pure Python: no I/O, no copying libraries.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Sequence

from kitgen.api import draw, shuffle
from kitgen.games.scratch.play import (
    CHAMPION,
    FIRST_STRIKE,
    FLIP,
    FULL,
    HAS_LINE,
    INSULT,
    LINE_MASKS,
    LITTLE_SLOW,
    NEIGHBOUR_MASK,
    NEIGHBOURS3,
    NO_LIMIT,
    ONE_PER_FACTION,
    ONE_PER_NAME,
    OPEN_CELLS,
    POPCOUNT,
    PUSH,
    STAND,
    Outcome,
    RawMove,
    Scratch,
    State,
    outcome_of,
    stuck,
)

RANDOM, GREEDY = 0, 1
KINDS = {"random": RANDOM, "greedy": GREEDY}

# One ply of a fast game: seat, card index, cell, flip, swap cell (or -1), the card
# indices it captured, and the card indices Insult to injury! discarded.
Ply = tuple[int, int, int, bool, int, tuple[int, ...], tuple[int, ...]]
# A whole game: the outcome, the plies, and each seat's hand when play began.
Played = tuple[Outcome, list[Ply], tuple[tuple[int, ...], tuple[int, ...]]]


def _line_sets(mask: int, count: int) -> int:
    """A bit per line of the board holding exactly `count` (or, for -1, any) of `mask`."""
    bits = 0
    for i, line in enumerate(LINE_MASKS):
        held = POPCOUNT[mask & line]
        if held == count or (count < 0 and held):
            bits |= 1 << i
    return bits


TWO_IN_LINE = tuple(_line_sets(mask, 2) for mask in range(1 << 9))
ANY_IN_LINE = tuple(_line_sets(mask, -1) for mask in range(1 << 9))
LINE_COUNT = tuple(bin(bits).count("1") for bits in range(1 << len(LINE_MASKS)))
# Per cell, by the mask of its neighbours held by the opponent: those neighbours as
# NEIGHBOURS3 lists them (the only cards a card played there can capture).
FOES_AROUND = tuple(
    {
        mask: tuple(x for x in NEIGHBOURS3[cell] if mask >> x[0] & 1)
        for mask in range(1 << 9)
        if mask & ~NEIGHBOUR_MASK[cell] == 0
    }
    for cell in range(9)
)

# Per cell, by occupancy mask: a bit per side of the cell (TOP, RIGHT, BOTTOM, LEFT)
# whose neighbouring space is on the board and empty (the sides the greedy player's
# weak-side cost counts).
EMPTY_SIDES = tuple(
    tuple(
        sum(1 << side for n, side, _ in NEIGHBOURS3[cell] if not mask >> n & 1)
        for mask in range(1 << 9)
    )
    for cell in range(9)
)
NO_FLIP, FLIPS = (False,), (False, True)
# The cells of each occupancy mask, in order.
CELLS_OF = tuple(tuple(c for c in range(9) if mask >> c & 1) for mask in range(1 << 9))
# Per cell, by the mask of its neighbours held by the player: (neighbour, its side
# facing the cell) for each, as NEIGHBOURS3 lists them.
MINE_AROUND = tuple(
    {
        mask: tuple((n, facing) for n, _, facing in NEIGHBOURS3[cell] if mask >> n & 1)
        for mask in range(1 << 9)
        if mask & ~NEIGHBOUR_MASK[cell] == 0
    }
    for cell in range(9)
)

# What the greedy scores of a position share (FastPlay._spaces): what the weak sides
# of the player's cards facing empty spaces cost, a tuple per open space, and how
# many of the opponent's cards no limit stops.
Spaces = tuple[
    float,
    list[
        tuple[
            int,
            int,
            int,
            int,
            float,
            tuple[float, float] | None,
            float,
            tuple[tuple[int, int, int, float], ...],
            tuple[tuple[int, int, int, float], ...],
        ]
    ],
    int,
]

HANDS_KEPT = 1 << 16  # FastPlay._hands: the most hands remembered (then it starts again)

# The greedy player's weights (see scratch_players.evaluate, the reference).
HELD, WEAK_BELOW, WEAK_COST, TWO_MINE, TWO_THEIRS, RESULT = 10, 6, 1.5, 6, 8, 1000


class Board:
    """A position as mutable lists, plus the masks the fast path keeps up to date."""

    __slots__ = (
        "board",
        "cards",
        "decks",
        "factions",
        "flipped",
        "hands",
        "occupied",
        "origin",
        "own",
        "owner",
        "player",
        "ply",
        "seed",
    )

    def __init__(self, engine: Scratch, state: State) -> None:
        self.cards = list(state.cards)
        self.owner = list(state.owner)
        self.origin = list(state.origin)
        self.flipped = list(state.flipped)
        self.hands = [list(state.hands[0]), list(state.hands[1])]
        self.decks = [list(state.decks[0]), list(state.decks[1])]
        self.player = state.to_move
        self.ply = state.ply
        self.seed = state.seed
        self.occupied = state.occupied
        self.own = [0, 0]
        self.board = self.factions = 0
        if self.occupied:
            for cell, card in enumerate(self.cards):
                if card >= 0:
                    self.own[self.owner[cell]] |= 1 << cell
            self.board, self.factions = engine._blocked_by(self.cards)


class FastPlay:
    """Random and greedy play on one engine's rules, on mutable lists."""

    def __init__(self, engine: Scratch) -> None:
        self.engine = engine
        # What a weak side costs the greedy player when it faces an empty space, per face.
        self._weak = tuple(
            tuple(max(0, WEAK_BELOW - value) * WEAK_COST for value in face)
            for face in engine._faces
        )
        # The same cost summed over each set of sides (a mask of EMPTY_SIDES), per face.
        self._side_cost = tuple(
            tuple(sum(w[side] for side in range(4) if sides >> side & 1) for sides in range(16))
            for w in self._weak
        )
        # Per card, its faces for the greedy finder, (turned over, values, weak-side
        # costs): as dealt only, and as dealt then turned over (The over under!).
        self._faces_of = tuple(
            (
                ((False, engine._faces[c2], self._side_cost[c2]),),
                (
                    (False, engine._faces[c2], self._side_cost[c2]),
                    (True, engine._faces[c2 + 1], self._side_cost[c2 + 1]),
                ),
            )
            for c2 in range(0, len(engine._faces), 2)
        )
        limits = engine._limit
        # What each card stops once on the board: itself (one per name), or every
        # unique of its faction (one per faction); and the uniques, all stopped while
        # the board is empty (no unique first).
        self._blocks = tuple(
            1 << card
            if lim == ONE_PER_NAME
            else sum(
                1 << other
                for other, bit in enumerate(engine._faction_bit)
                if limits[other] == ONE_PER_FACTION and bit == engine._faction_bit[card]
            )
            if lim == ONE_PER_FACTION
            else 0
            for card, lim in enumerate(limits)
        )
        self._all_uniques = sum(1 << c for c, lim in enumerate(limits) if lim == ONE_PER_FACTION)
        # Cards with more than one move per open cell (turned over, or swapping), as a mask.
        self._special = sum(1 << c for c, p in enumerate(engine._power) if p in (PUSH, FLIP))
        # By the mask of a hand's cards: its distinct cards in catalog order.
        self._hands: dict[int, list[int]] = {}
        # A card that is not a monster and one that is (-1: none in the catalog): a
        # Champion's defence asks no more of the card played beside it than that.
        monsters = engine._monster
        self._like = (
            next((c for c, m in enumerate(monsters) if not m), -1),
            next((c for c, m in enumerate(monsters) if m), -1),
        )
        # The greedy score's cards held and lines, by both players' cells: see greedy.
        self._held_lines: dict[int, float] = {}

    def _hand(self, held: int) -> list[int]:
        """The cards of a mask in catalog order (a list nobody changes), remembered."""
        distinct = [card for card in range(held.bit_length()) if held >> card & 1]
        if len(self._hands) >= HANDS_KEPT:
            self._hands.clear()
        self._hands[held] = distinct
        return distinct

    # --- the greedy player's scores ----------------------------------------------
    def _stuck_after(self, card: int, hand: Sequence[int], b: Board) -> bool:
        """Whether the holder of `hand` could play nothing once `card` is on the board."""
        engine = self.engine
        board = b.board | 1 << card
        factions = b.factions
        if engine._limit[card] == ONE_PER_FACTION:
            factions |= engine._faction_bit[card]
        blocked = engine._is_blocked
        return all(blocked(c, False, board, factions) for c in hand)

    def _spaces(self, b: Board, cells: tuple[int, ...]) -> Spaces:
        """What the greedy scores of the player to move share, worked out once a position.

        What the weak sides of the player's cards facing empty spaces cost (`base`);
        per open space what a card there captures nothing against (the result when
        that ends the game, else the score before the card's own weak sides) and, per
        opposing neighbour, the value to beat, for an attacker that is not a monster
        and for one that is (a Champion counts the monsters beside it); and how many
        of the opponent's cards no limit stops.
        """
        engine = self.engine
        cards, flipped = b.cards, b.flipped
        player = b.player
        other = 1 - player
        occ = b.occupied
        mine, theirs = b.own[player], b.own[other]
        weak, side_cost, held_lines = self._weak, self._side_cost, self._held_lines
        faces, defend_mod, power_of = engine._faces, engine._defend_mod, engine._power
        base = 0.0
        for cell in CELLS_OF[mine]:
            base += side_cost[cards[cell] * 2 + flipped[cell]][EMPTY_SIDES[cell][occ]]
        spaces = []
        for cell in cells:
            bit = 1 << cell
            occ2 = occ | bit
            relief = 0.0
            for n, facing in MINE_AROUND[cell][mine & NEIGHBOUR_MASK[cell]]:
                relief += weak[cards[n] * 2 + flipped[n]][facing]
            mine2 = mine | bit
            if HAS_LINE[mine2]:
                ends: tuple[float, float] | None = (
                    3.0 * RESULT if mine2 == occ2 else 2.0 * RESULT,
                    -2.0 * RESULT,
                )
            elif occ2 == FULL:
                ends = (-2.0 * RESULT, -2.0 * RESULT)
            else:
                ends = None
            key = mine2 | theirs << 9
            quiet = held_lines.get(key)
            if quiet is None:
                quiet = self._held_and_lines(key)
            quiet -= base - relief
            plain: tuple[tuple[int, int, int, float], ...] = ()
            monstrous = plain
            around = FOES_AROUND[cell][theirs & NEIGHBOUR_MASK[cell]]
            if around:
                listed: list[tuple[int, int, int, float]] = []
                monster_list: list[tuple[int, int, int, float]] | None = None
                for n, side, facing in around:
                    fn = cards[n] * 2 + flipped[n]
                    value = faces[fn][facing]
                    # What its weak sides facing empty spaces cost now, less the one
                    # facing this space: what the player pays for it once captured.
                    relieved = side_cost[fn][EMPTY_SIDES[n][occ]] - weak[fn][facing]
                    defender = cards[n]
                    if defend_mod[defender]:
                        # Only a Champion's defence asks more of the card played beside
                        # it than the board, and only whether it is a monster: any card
                        # of each kind stands for all of them.
                        modifier, like = engine._modifier, self._like
                        origin, owner = b.origin, b.owner
                        if power_of[defender] == CHAMPION:
                            plain_value = monster_value = value
                            if like[0] >= 0:
                                plain_value += modifier(
                                    defender,
                                    n,
                                    other,
                                    origin[n],
                                    cell,
                                    like[0],
                                    player,
                                    cards,
                                    owner,
                                )
                            if like[1] >= 0:
                                monster_value += modifier(
                                    defender,
                                    n,
                                    other,
                                    origin[n],
                                    cell,
                                    like[1],
                                    player,
                                    cards,
                                    owner,
                                )
                            if monster_list is None:
                                monster_list = listed[:]
                            listed.append((side, plain_value, 1 << n, relieved))
                            monster_list.append((side, monster_value, 1 << n, relieved))
                            continue
                        value += modifier(  # (the card played: any card will do)
                            defender, n, other, origin[n], cell, defender, player, cards, owner
                        )
                    listed.append((side, value, 1 << n, relieved))
                    if monster_list is not None:
                        monster_list.append((side, value, 1 << n, relieved))
                plain = tuple(listed)
                monstrous = plain if monster_list is None else tuple(monster_list)
            spaces.append(
                (cell, bit, occ2, EMPTY_SIDES[cell][occ2], relief, ends, quiet, plain, monstrous)
            )
        limit = engine._limit
        free = 0
        for c in b.hands[other]:
            if limit[c] == NO_LIMIT:
                free += 1
        return base, spaces, free

    def _card_scores(
        self, b: Board, card: int, ninth: bool, shared: Spaces
    ) -> list[tuple[RawMove, float]]:
        """Every raw move of one playable card, in order, with its greedy score."""
        engine = self.engine
        base, spaces, free = shared
        cards = b.cards
        player = b.player
        mine, theirs = b.own[player], b.own[1 - player]
        opponent_hand = b.hands[1 - player]
        weak, side_cost, held_lines = self._weak, self._side_cost, self._held_lines
        faces, power_of = engine._faces, engine._power
        power = power_of[card]
        flips = FLIPS if power == FLIP and not ninth else NO_FLIP
        insult = power == INSULT and bool(opponent_hand)
        push = power == PUSH
        monster = engine._monster[card]
        card_stuck = not free and self._stuck_after(card, opponent_hand, b)
        amod = engine._attack_mod[card]
        bonus = 0
        out: list[tuple[RawMove, float]] = []
        for cell, bit, occ2, sides, relief, ends, quiet, plain, monstrous in spaces:
            if amod:
                bonus = engine._modifier(
                    card, cell, player, player, cell, card, player, cards, b.owner
                )
            for flip in flips:
                f = card * 2 + flip
                attack = faces[f]
                tbits = 0
                captured = 0.0
                for side, value, nbit, relieved in monstrous if monster else plain:
                    if attack[side] + bonus > value:
                        tbits |= nbit
                        captured += relieved
                decided = True
                gained = kept = 0.0
                if tbits:
                    mine2 = mine | bit | tbits
                    if HAS_LINE[mine2]:
                        if flip:
                            result = -2.0 * RESULT
                        elif mine2 == occ2:
                            result = 3.0 * RESULT
                        else:
                            result = 2.0 * RESULT
                    elif occ2 == FULL:
                        result = 3.0 * RESULT
                    elif insult:
                        count = POPCOUNT[tbits]
                        if free > count:  # they keep a card no limit stops
                            decided = False
                        else:
                            left = list(opponent_hand)
                            for v in engine._insult_victims(
                                opponent_hand, count, (), b.seed, b.ply
                            ):
                                left.remove(v)
                            if self._stuck_after(card, left, b):
                                result = 2.0 * RESULT
                            else:
                                decided = False
                    elif card_stuck:
                        result = 2.0 * RESULT
                    else:
                        decided = False
                    if not decided:
                        key = mine2 | (theirs & ~tbits) << 9
                        gained = held_lines[key] if key in held_lines else self._held_and_lines(key)
                        kept = base - relief + captured
                        result = gained - (kept + side_cost[f][sides])
                elif ends is not None:
                    result = ends[flip]
                else:
                    result = 2.0 * RESULT if card_stuck else quiet - side_cost[f][sides]
                out.append(((card, cell, flip, -1), result))
                if not push or not tbits:
                    continue
                # Push the attack!: the card and a captured one trade places.
                rest = tbits
                while rest:
                    low = rest & -rest
                    rest ^= low
                    target = low.bit_length() - 1
                    if power_of[cards[target]] == STAND:
                        continue
                    if decided:
                        out.append(((card, cell, flip, target), result))
                        continue
                    _, _, facing = next(x for x in NEIGHBOURS3[cell] if x[0] == target)
                    ft = cards[target] * 2 + b.flipped[target]
                    swapped = (
                        kept
                        - (side_cost[ft][EMPTY_SIDES[target][b.occupied]] - weak[ft][facing])
                        + side_cost[f][EMPTY_SIDES[target][occ2]]
                        + side_cost[ft][sides]
                    )
                    out.append(((card, cell, flip, target), gained - swapped))
        return out

    def scores(
        self, b: Board, cells: tuple[int, ...], ninth: bool, playable: list[int]
    ) -> list[tuple[RawMove, float]]:
        """Every raw move of the player to move, in order, with the greedy player's score.

        The score is `evaluate` of the position after the move, worked out from
        the present one: only the played cell, its captures and its neighbours
        change. The costs are sums of multiples of one half, exact in floating
        point, so summing them in another order gives the same scores (and ties).
        """
        shared = self._spaces(b, cells)
        out: list[tuple[RawMove, float]] = []
        for card in playable:
            out.extend(self._card_scores(b, card, ninth, shared))
        return out

    def greedy(
        self, b: Board, cells: tuple[int, ...], ninth: bool, playable: list[int], rng: random.Random
    ) -> RawMove:
        """The best-scoring move of `scores`, ties broken by `rng` among them in move order.

        Found without listing every move: a card whose score is its captures, lines
        and weak sides (no Push the attack!, no Insult to injury!, the opponent not
        left stuck) is scored in a loop of its own; the others as `scores` does.
        """
        engine = self.engine
        shared = self._spaces(b, cells)
        base, spaces, free = shared
        cards = b.cards
        player = b.player
        mine, theirs = b.own[player], b.own[1 - player]
        opponent_hand = b.hands[1 - player]
        held_lines, faces_of = self._held_lines, self._faces_of
        power_of, monster_of = engine._power, engine._monster
        attack_mod, modifier = engine._attack_mod, engine._modifier
        best: list[RawMove] = []
        top = float("-inf")
        for card in playable:
            power = power_of[card]
            if power == PUSH or (not free and self._stuck_after(card, opponent_hand, b)):
                for move, score in self._card_scores(b, card, ninth, shared):
                    if score > top:
                        best, top = [move], score
                    elif score == top:
                        best.append(move)
                continue
            variants = faces_of[card][power == FLIP and not ninth]
            monster = monster_of[card]
            insult = power == INSULT and bool(opponent_hand)
            amod = attack_mod[card]
            bonus = 0
            for cell, bit, occ2, sides, relief, ends, quiet, plain, monstrous in spaces:
                if amod:
                    bonus = modifier(card, cell, player, player, cell, card, player, cards, b.owner)
                    # First strike! and A little slow! count wherever the card lands.
                    amod = power != FIRST_STRIKE and power != LITTLE_SLOW
                against = monstrous if monster else plain
                for flip, attack, cost_of in variants:
                    tbits = 0
                    captured = 0.0
                    for side, value, nbit, relieved in against:
                        if attack[side] + bonus > value:
                            tbits |= nbit
                            captured += relieved
                    if tbits:
                        mine2 = mine | bit | tbits
                        if HAS_LINE[mine2]:
                            if flip:
                                result = -2.0 * RESULT
                            else:
                                result = 3.0 * RESULT if mine2 == occ2 else 2.0 * RESULT
                        elif occ2 == FULL:
                            result = 3.0 * RESULT
                        else:
                            key = mine2 | (theirs & ~tbits) << 9
                            gain = held_lines.get(key)
                            if gain is None:
                                gain = self._held_and_lines(key)
                            result = gain - (base - relief + captured + cost_of[sides])
                            if insult and free <= POPCOUNT[tbits]:
                                # Insult to injury!'s discards may leave them no card to play.
                                left = list(opponent_hand)
                                for v in engine._insult_victims(
                                    opponent_hand, POPCOUNT[tbits], (), b.seed, b.ply
                                ):
                                    left.remove(v)
                                if self._stuck_after(card, left, b):
                                    result = 2.0 * RESULT
                    elif ends is not None:
                        result = ends[flip]
                    else:
                        result = quiet - cost_of[sides]
                    if result > top:
                        best, top = [(card, cell, flip, -1)], result
                    elif result == top:
                        best.append((card, cell, flip, -1))
        return best[draw(rng, len(best))]

    def _held_and_lines(self, key: int) -> float:
        """The greedy score's cards held and two-in-a-lines for the masks in `key`
        (the player's cells, the opponent's shifted by nine), remembered."""
        mine, theirs = key & FULL, key >> 9
        found = self._held_lines[key] = float(
            HELD * (POPCOUNT[mine] - POPCOUNT[theirs])
            + TWO_MINE * LINE_COUNT[TWO_IN_LINE[mine] & ~ANY_IN_LINE[theirs]]
            - TWO_THEIRS * LINE_COUNT[TWO_IN_LINE[theirs] & ~ANY_IN_LINE[mine]]
        )
        return found

    def choices(self, b: Board) -> tuple[tuple[int, ...], bool, list[int]]:
        """The open cells, whether the next card is the ninth, and the playable cards."""
        occupied = b.occupied
        playable = self.engine._playable(b.hands[b.player], occupied == 0, b.board, b.factions)
        return OPEN_CELLS[occupied], POPCOUNT[occupied] == 8, playable

    def greedy_move(self, state: State, rng: random.Random) -> RawMove:
        """The greedy player's move in a position."""
        b = Board(self.engine, state)
        return self.greedy(b, *self.choices(b), rng)

    def greedy_scores(self, state: State) -> list[tuple[RawMove, float]]:
        """`scores` for a position (for tests and the search player's candidates)."""
        b = Board(self.engine, state)
        return self.scores(b, *self.choices(b))

    # --- whole games ------------------------------------------------------------
    def play(self, state: State, kinds: tuple[int, int], rng: random.Random) -> Played:
        """Play from `state` to the end, as play_game would.

        The outcome, the plies, and the hands at `state`.
        """
        plies: list[Ply] = []
        seen = state.hands
        if state.outcome is not None:
            return state.outcome, plies, seen
        return self._play(Board(self.engine, state), kinds, rng, plies), plies, seen

    def deal_play(
        self,
        decks: tuple[Sequence[int], Sequence[int]],
        kinds: tuple[int, int],
        rng: random.Random,
        seed: int,
        first: int = 0,
    ) -> Played:
        """Deal as `Scratch.deal` does from `rng` (seeded with `seed`) and play to the end.

        `play(engine.deal(decks, seed=seed, first=first, rng=rng), kinds, rng)`
        without building a State: the same game, seed for seed.
        """
        engine = self.engine
        size = engine.params.hand_size
        b = Board.__new__(Board)
        dealt = []
        for deck in decks:
            cards = list(deck)
            shuffle(rng, cards)
            dealt.append(cards)
        seen = (tuple(dealt[0][:size]), tuple(dealt[1][:size]))
        b.hands = [dealt[0][:size], dealt[1][:size]]
        b.decks = [dealt[0][size:], dealt[1][size:]]
        b.cards, b.owner, b.origin = [-1] * 9, [-1] * 9, [-1] * 9
        b.flipped = [False] * 9
        b.own = [0, 0]
        b.player, b.ply, b.seed = first, 0, seed
        b.occupied = b.board = b.factions = 0
        plies: list[Ply] = []
        limit = engine._limit
        # The first card of a game may not be a unique: a hand of uniques is stuck.
        for c in seen[first]:
            if limit[c] != ONE_PER_FACTION:
                return self._play(b, kinds, rng, plies), plies, seen
        return stuck(first), plies, seen

    def _play(
        self, b: Board, kinds: tuple[int, int], rng: random.Random, plies: list[Ply]
    ) -> Outcome:
        """Play from `b` (not finished, its player able to move) to the end; the outcome.

        Each ply is added to `plies`. The hot loop of every simulation: the
        board's masks are kept in locals, a random move among plain cards
        (no Push the attack! or The over under!) is drawn directly as
        `Scratch._pick` would draw it, and captures are compared only with the
        opponent's cards next to the played one, as `Scratch._taken` compares them.
        """
        engine = self.engine
        cards, owner, origin, flipped = b.cards, b.owner, b.origin, b.flipped
        hands, decks, own = b.hands, b.decks, b.own
        limit, faction_bit, power_of = engine._limit, engine._faction_bit, engine._power
        faces, attack_mod, defend_mod = engine._faces, engine._attack_mod, engine._defend_mod
        hand_of, blocks, all_uniques = self._hands, self._blocks, self._all_uniques
        special = self._special
        taken_of, pick, modifier = engine._taken, engine._pick, engine._modifier
        greedy = self.greedy
        random_ = rng.random
        hand_size = engine.params.hand_size
        player, occupied, board, factions = b.player, b.occupied, b.board, b.factions
        ply, seed = b.ply, b.seed
        blocked = 0  # the cards the unique and rare limits stop (but no unique first)
        for card in cards:
            if card >= 0:
                blocked |= blocks[card]
        while True:
            other = 1 - player
            hand = hands[player]
            cells = OPEN_CELLS[occupied]
            held = 0
            for c in hand:
                held |= 1 << c
            distinct = hand_of.get(held)
            if distinct is None:
                distinct = self._hand(held)
            now = blocked if occupied else blocked | all_uniques
            # Only when a limit stops a card of the hand are the playable ones picked out.
            playable = [c for c in distinct if not now >> c & 1] if held & now else distinct
            plain = not held & special & ~now  # every playable card has one move per cell
            foes = own[other]
            if kinds[player] == RANDOM:
                if plain:
                    width = len(cells)
                    k = int(random_() * (len(playable) * width))
                    card, cell, flip, swap = playable[k // width], cells[k % width], False, -1
                else:
                    card, cell, flip, swap = pick(
                        cards,
                        owner,
                        origin,
                        flipped,
                        player,
                        cells,
                        POPCOUNT[occupied] == 8,
                        playable,
                        rng,
                        foes,
                    )
            else:
                b.player, b.occupied, b.board, b.factions, b.ply = (
                    player,
                    occupied,
                    board,
                    factions,
                    ply,
                )
                card, cell, flip, swap = greedy(b, cells, POPCOUNT[occupied] == 8, playable, rng)
            if attack_mod[card]:
                taken = taken_of(cards, owner, origin, flipped, player, card, cell, flip)
            else:
                taken = []
                mine = faces[card * 2 + flip]
                for n, side, facing in FOES_AROUND[cell][foes & NEIGHBOUR_MASK[cell]]:
                    defender = cards[n]
                    theirs = faces[defender * 2 + flipped[n]][facing]
                    if defend_mod[defender]:
                        theirs += modifier(
                            defender, n, other, origin[n], cell, card, player, cards, owner
                        )
                    if mine[side] > theirs:
                        taken.append(n)
            hand.remove(card)
            cards[cell], owner[cell], origin[cell], flipped[cell] = card, player, player, flip
            bit = 1 << cell
            captured: tuple[int, ...] = ()
            if taken:
                for n in taken:
                    owner[n] = player
                    bit |= 1 << n
                captured = tuple([cards[n] for n in taken])
            own[player] |= bit
            own[other] &= ~bit
            if swap >= 0:
                cards[cell], cards[swap] = cards[swap], cards[cell]
                origin[cell], origin[swap] = origin[swap], origin[cell]
                flipped[cell], flipped[swap] = flipped[swap], flipped[cell]
            occupied |= 1 << cell
            board |= 1 << card
            if limit[card] == ONE_PER_FACTION:
                factions |= faction_bit[card]
            blocked |= blocks[card]
            insults: tuple[int, ...] = ()
            their_hand = hands[other]
            if taken and power_of[card] == INSULT and their_hand:
                insults = engine._insult_victims(their_hand, len(taken), (), seed, ply)
                for victim in insults:
                    their_hand.remove(victim)
            plies.append((player, card, cell, flip, swap, captured, insults))
            ply += 1
            held = own[player]
            if HAS_LINE[held] or occupied == FULL:
                outcome = outcome_of(held, occupied, player, flip, bool(taken))
                assert outcome is not None
                return outcome
            need = hand_size - len(hand)
            deck = decks[player]
            if need > 0 and deck:
                hand += deck[:need]
                del deck[:need]
            player = other
            for c in their_hand:
                if not blocked >> c & 1:
                    break
            else:
                return stuck(player)


_FAST: weakref.WeakKeyDictionary[Scratch, FastPlay] = weakref.WeakKeyDictionary()


def fast(engine: Scratch) -> FastPlay:
    """The FastPlay of an engine, made once."""
    found = _FAST.get(engine)
    if found is None:
        found = _FAST[engine] = FastPlay(engine)
    return found
