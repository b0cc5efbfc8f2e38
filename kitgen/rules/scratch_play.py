"""Scratch: Draw the Line: the game engine (set-up, legal moves, apply, outcome).

The engine follows RULES.md, and the rule booklet (data/scratch/rules.yaml)
where RULES.md leaves a detail open:

- all comparisons of one play are made on the board as it stands when the card
  lands; captures are applied together afterwards;
- a card's values are worked out at the moment of comparison with every
  modifier that holds then (First strike! and A little slow! only on the turn
  the card is played);
- the win check comes after the whole play: captures, Insult to injury! and
  the Push the attack! swap;
- a card turned over by The over under! stays turned for the game.

Discarding "at any time" is part of a move: the cards a player throws away
before their play (`discard Queen: Drake@BL`), which is equivalent for every
rule, since only the end-of-turn refill draws. Insult to injury! discards are
drawn from a generator seeded by the game's seed and the ply, and a move
records them (`insult Griffin`) so that records replay exactly.

Pure Python with plain tuples in the hot path: no I/O, no copying libraries.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import ClassVar

from kitgen.model.scratch import SIDES, ScratchCard, ScratchParameters, ScratchPool

CELLS = ("TL", "TC", "TR", "ML", "MC", "MR", "BL", "BC", "BR")
CELL_NAMES = (
    "top left",
    "top centre",
    "top right",
    "middle left",
    "centre",
    "middle right",
    "bottom left",
    "bottom centre",
    "bottom right",
)
_CELL = {name: i for i, name in enumerate(CELLS)}
TOP, RIGHT, BOTTOM, LEFT = 0, 1, 2, 3


def _neighbours(cell: int) -> tuple[tuple[int, int], ...]:
    """(neighbour cell, the side of `cell` that faces it) for a 3x3 grid."""
    row, col = divmod(cell, 3)
    out = []
    if row > 0:
        out.append((cell - 3, TOP))
    if col < 2:
        out.append((cell + 1, RIGHT))
    if row < 2:
        out.append((cell + 3, BOTTOM))
    if col > 0:
        out.append((cell - 1, LEFT))
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(c) for c in range(9))
NEIGHBOUR_MASK = tuple(sum(1 << n for n, _ in NEIGHBOURS[c]) for c in range(9))
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))
LINE_MASKS = tuple(sum(1 << c for c in line) for line in LINES)
FULL = (1 << 9) - 1
NO_LIMIT, ONE_PER_NAME, ONE_PER_FACTION = 0, 1, 2
_LIMITS = {"none": NO_LIMIT, "one-per-name": ONE_PER_NAME, "one-per-faction": ONE_PER_FACTION}

# Powers the engine knows by id; any other power has no effect in play.
FIRST_STRIKE, LITTLE_SLOW, CHAMPION, ODDS, LOYAL = (
    "first-strike",
    "a-little-slow",
    "champion",
    "against-all-odds",
    "loyal-to-the-end",
)
PUSH, STAND, FLIP, INSULT = (
    "push-the-attack",
    "stand-your-ground",
    "the-over-under",
    "insult-to-injury",
)
MONSTER = "monster"


class IllegalMove(ValueError):
    """A move the rules do not allow; the message names the rule."""


@dataclass(frozen=True)
class CardInfo:
    """What the engine needs of a card."""

    name: str
    faction: str
    limit: str  # none, one-per-name or one-per-faction
    stats: tuple[int, int, int, int]  # top, right, bottom, left
    power: str | None


class Catalog:
    """The cards in play, by index, compiled from a card pool."""

    def __init__(self, pool: ScratchPool) -> None:
        cards: dict[str, CardInfo] = {}
        for card in {id(c): c for c in pool.cards.values()}.values():
            cards[card.name] = self._info(card, pool)
        self.cards = tuple(sorted(cards.values(), key=lambda c: c.name))
        self.index = {c.name: i for i, c in enumerate(self.cards)}
        self.folded = {c.name.casefold(): i for i, c in enumerate(self.cards)}

    @staticmethod
    def _info(card: ScratchCard, pool: ScratchPool) -> CardInfo:
        faction = pool.faction(card.faction)
        rarity = pool.rarity(card.rarity)
        power = pool.power(card.power) if card.power is not None else None
        return CardInfo(
            card.name,
            faction.id if faction else card.faction,
            rarity.limit if rarity else "none",
            tuple(card.stats.side(s) for s in SIDES),  # type: ignore[arg-type]
            power.id if power is not None and power.id != "none" else None,
        )

    def find(self, name: str) -> int:
        """The index of a card by name (case-insensitive)."""
        try:
            return self.index[name] if name in self.index else self.folded[name.casefold()]
        except KeyError:
            raise IllegalMove(f"no card called {name!r}") from None


@dataclass(frozen=True)
class Move:
    """One turn: cards discarded first, the card played where, and its options."""

    card: str
    cell: int
    flip: bool = False
    swap: int | None = None
    discards: tuple[str, ...] = ()
    insults: tuple[str, ...] = ()  # what Insult to injury! discarded (filled in by apply)

    _SYNTAX: ClassVar[re.Pattern[str]] = re.compile(
        r"^\s*(?:discard\s+(?P<discards>[^:]+):\s*)?(?P<card>[^@]+?)\s*@\s*(?P<cell>[A-Z]{2})"
        r"(?P<flip>\s+flip)?(?:\s+swap\s+(?P<swap>[A-Z]{2}))?"
        r"(?:\s+insult\s+(?P<insults>.+?))?\s*$",
        re.IGNORECASE,
    )

    def sort_key(self) -> tuple[str, int, bool, int, tuple[str, ...]]:
        """Moves sort by card name, cell, flip, then swap target."""
        return (
            self.card,
            self.cell,
            self.flip,
            -1 if self.swap is None else self.swap,
            self.discards,
        )

    def __str__(self) -> str:
        text = f"{self.card}@{CELLS[self.cell]}"
        if self.discards:
            text = f"discard {', '.join(self.discards)}: {text}"
        if self.flip:
            text += " flip"
        if self.swap is not None:
            text += f" swap {CELLS[self.swap]}"
        if self.insults:
            text += f" insult {', '.join(self.insults)}"
        return text

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in the notation `str(move)` writes: `Ranger@BC flip`."""
        match = cls._SYNTAX.match(text)
        if not match:
            raise ValueError(
                f"{text!r} is not a move: write CARD@CELL (cells TL TC TR ML MC MR BL BC BR), "
                "optionally `flip`, `swap CELL`, `insult CARD`, and `discard CARD:` before"
            )
        cell = match.group("cell").upper()
        swap = match.group("swap")
        if cell not in _CELL or (swap is not None and swap.upper() not in _CELL):
            raise ValueError(f"{text!r}: cells are TL TC TR ML MC MR BL BC BR")

        def names(group: str) -> tuple[str, ...]:
            value = match.group(group)
            return tuple(n.strip() for n in value.split(",")) if value else ()

        return cls(
            match.group("card").strip(),
            _CELL[cell],
            bool(match.group("flip")),
            _CELL[swap.upper()] if swap else None,
            names("discards"),
            names("insults"),
        )


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (0 or 1), the points they score, and why."""

    winner: int
    points: int
    reason: str


class State:
    """A game position. Treat it as immutable: apply returns a new one."""

    __slots__ = (
        "cards",
        "decks",
        "discards",
        "flipped",
        "hands",
        "last",
        "limits",
        "occupied",
        "origin",
        "outcome",
        "owner",
        "ply",
        "seed",
        "to_move",
    )

    def __init__(
        self,
        cards: tuple[int, ...],
        owner: tuple[int, ...],
        origin: tuple[int, ...],
        flipped: tuple[bool, ...],
        hands: tuple[tuple[int, ...], tuple[int, ...]],
        decks: tuple[tuple[int, ...], tuple[int, ...]],
        discards: tuple[tuple[int, ...], tuple[int, ...]],
        to_move: int,
        ply: int,
        seed: int,
        outcome: Outcome | None,
        last: Move | None = None,
        occupied: int = -1,
    ) -> None:
        self.cards = cards  # card index per cell, -1 when empty
        self.owner = owner  # who holds the card in each cell
        self.origin = origin  # who played it
        self.flipped = flipped
        self.hands = hands
        self.decks = decks  # draw order: the next card is first
        self.discards = discards
        self.to_move = to_move
        self.ply = ply
        self.seed = seed
        self.outcome = outcome
        self.last = last  # the move that led here, its Insult to injury! discards named
        if occupied < 0:
            occupied = 0
            for i, c in enumerate(cards):
                if c >= 0:
                    occupied |= 1 << i
        self.occupied = occupied  # bit i set when cell i holds a card
        self.limits: tuple[set[int], set[str]] | None = None  # cached by the engine

    def key(self) -> tuple[object, ...]:
        """Everything that defines the position (for equality and tests)."""
        return (
            self.cards,
            self.owner,
            self.origin,
            self.flipped,
            self.hands,
            self.decks,
            self.discards,
            self.to_move,
            self.ply,
            self.seed,
            self.outcome,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())


class Scratch:
    """The Scratch engine for one card catalog and one set of parameters."""

    id: ClassVar[str] = "scratch"

    def __init__(self, catalog: Catalog, params: ScratchParameters) -> None:
        self.catalog = catalog
        self.params = params
        cards = catalog.cards
        self._stats = tuple(c.stats for c in cards)
        self._power = tuple(c.power for c in cards)
        self._monster = tuple(c.faction == MONSTER for c in cards)
        self._faction = tuple(c.faction for c in cards)
        self._limit = tuple(_LIMITS.get(c.limit, NO_LIMIT) for c in cards)
        self._names = tuple(c.name for c in cards)

    # --- set-up -----------------------------------------------------------
    def new_game(
        self, decks: tuple[list[str], list[str]], *, seed: int, first: int = 0, shuffle: bool = True
    ) -> State:
        """Deal from two decks (shuffled by the seed unless `shuffle` is False)."""
        rng = random.Random(seed)
        ordered: list[tuple[int, ...]] = []
        for names in decks:
            cards = [self.catalog.find(n) for n in names]
            if shuffle:
                rng.shuffle(cards)
            ordered.append(tuple(cards))
        size = self.params.hand_size
        hands = (ordered[0][:size], ordered[1][:size])
        rest = (ordered[0][size:], ordered[1][size:])
        empty9 = (-1,) * 9
        state = State(
            empty9, empty9, empty9, (False,) * 9, hands, rest, ((), ()), first, 0, seed, None
        )
        return self._check_stuck(state)

    # --- rules ------------------------------------------------------------
    def _blocked_by(self, cards: tuple[int, ...]) -> tuple[set[int], set[str]]:
        """The cards on the board, and the factions that have a unique on it."""
        on_board = {c for c in cards if c >= 0}
        factions = {self._faction[c] for c in on_board if self._limit[c] == ONE_PER_FACTION}
        return on_board, factions

    def _limits(self, state: State) -> tuple[set[int], set[str]]:
        """`_blocked_by` for a position, worked out once per position."""
        limits = state.limits
        if limits is None:
            limits = state.limits = self._blocked_by(state.cards)
        return limits

    def _is_blocked(self, card: int, empty: bool, on_board: set[int], factions: set[str]) -> bool:
        """The unique and rare limits (and no unique first) for one card."""
        limit = self._limit[card]
        if limit == ONE_PER_NAME:
            return card in on_board
        if limit == ONE_PER_FACTION:
            return empty or self._faction[card] in factions
        return False

    def _blocked(self, cards: tuple[int, ...], card: int) -> bool:
        """True when the unique or rare limits keep `card` off the board."""
        on_board, factions = self._blocked_by(cards)
        return self._is_blocked(card, False, on_board, factions)

    def playable(self, state: State, card: int) -> bool:
        """Whether a card could be played now (somewhere)."""
        on_board, factions = self._limits(state)
        return not self._is_blocked(card, state.occupied == 0, on_board, factions)

    def _choices(self, state: State) -> tuple[list[int] | range, bool, list[int]]:
        """The open cells, whether the next card is the ninth, and the playable hand cards."""
        occupied = state.occupied
        empty = occupied == 0
        cells: list[int] | range
        if empty:
            cells = range(9)
        else:
            cells = [
                i for i in range(9) if not (occupied >> i) & 1 and NEIGHBOUR_MASK[i] & occupied
            ]
        on_board, factions = self._limits(state)
        playable = [
            card
            for card in sorted(set(state.hands[state.to_move]))
            if not self._is_blocked(card, empty, on_board, factions)
        ]
        return cells, bin(occupied).count("1") == 8, playable

    def raw_moves(self, state: State) -> list[tuple[int, int, bool, int]]:
        """Legal moves as (card index, cell, flip, swap cell or -1), already in sorted order.

        Catalog indices follow card names, so ascending card, cell, flip and swap is the
        order of `legal_moves`.
        """
        if state.outcome is not None:
            return []
        cells, ninth, playable = self._choices(state)
        power_of = self._power
        out: list[tuple[int, int, bool, int]] = []
        for card in playable:
            power = power_of[card]
            if power != FLIP and power != PUSH:
                out.extend((card, cell, False, -1) for cell in cells)
            else:
                out.extend(self.raw_moves_of(state, card, cells, ninth))
        return out

    def random_move(self, state: State, rng: random.Random) -> tuple[int, int, bool, int]:
        """`raw_moves(state)[rng.randrange(count)]`, without building the whole list."""
        cells, ninth, playable = self._choices(state)
        options: list[tuple[int, int, list[tuple[int, int, bool, int]] | None]] = []
        total = 0
        for card in playable:
            power = self._power[card]
            if power == PUSH:
                pushes = self.raw_moves_of(state, card, cells, ninth)
                options.append((card, len(pushes), pushes))
                total += len(pushes)
            else:
                count = len(cells) * (2 if power == FLIP and not ninth else 1)
                options.append((card, count, None))
                total += count
        pick = rng.randrange(total)
        for card, count, listed in options:
            if pick < count:
                if listed is not None:
                    return listed[pick]
                if self._power[card] == FLIP and not ninth:
                    return (card, cells[pick // 2], pick % 2 == 1, -1)
                return (card, cells[pick], False, -1)
            pick -= count
        raise AssertionError("no legal move")  # the engine ends games with no legal move

    def raw_moves_of(
        self, state: State, card: int, cells: list[int] | range, ninth: bool
    ) -> list[tuple[int, int, bool, int]]:
        """The raw moves of one (playable) card, in order."""
        power = self._power[card]
        flips = (False, True) if power == FLIP and not ninth else (False,)
        out: list[tuple[int, int, bool, int]] = []
        for cell in cells:
            for flip in flips:
                out.append((card, cell, flip, -1))
                if power == PUSH:
                    for target in sorted(self._captures(state, card, cell, flip)):
                        if self._power[state.cards[target]] != STAND:
                            out.append((card, cell, flip, target))
        return out

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move without discards, sorted (card name, cell, flip, swap)."""
        names = self._names
        return [
            Move(names[card], cell, flip, None if swap < 0 else swap)
            for card, cell, flip, swap in self.raw_moves(state)
        ]

    def _modifier(
        self,
        card: int,
        cell: int,
        holder: int,
        played_by: int,
        new_cell: int,
        new_card: int,
        new_holder: int,
        cards: tuple[int, ...],
        owner: tuple[int, ...],
    ) -> int:
        """What powers add to every side of `card` at `cell` while `new_card` lands."""
        power = self._power[card]
        if power is None:
            return 0
        if power == FIRST_STRIKE:
            return 1 if cell == new_cell else 0
        if power == LITTLE_SLOW:
            return -1 if cell == new_cell else 0
        if power == LOYAL:
            return -1 if holder != played_by else 0
        if power != CHAMPION and power != ODDS:
            return 0
        count = 0
        monster = self._monster
        for n, _ in NEIGHBOURS[cell]:
            if n == new_cell:
                other, other_holder = new_card, new_holder
            else:
                other = cards[n]
                if other < 0:
                    continue
                other_holder = owner[n]
            if power == CHAMPION:
                count += monster[other]
            elif other_holder != holder:
                count += 1
        return 1 if count >= 2 else 0

    def _captures(self, state: State, card: int, cell: int, flip: bool) -> list[int]:
        """The cells the card would capture if played at `cell` now (all compared at once)."""
        player = state.to_move
        cards, owner, origin, flipped = state.cards, state.owner, state.origin, state.flipped
        stats = self._stats[card]
        bonus = self._modifier(card, cell, player, player, cell, card, player, cards, owner)
        taken = []
        for n, side in NEIGHBOURS[cell]:
            defender = cards[n]
            if defender < 0 or owner[n] == player:
                continue
            facing = (side + 2) % 4
            mine = (stats[facing] if flip else stats[side]) + bonus
            d_stats = self._stats[defender]
            theirs = d_stats[side] if flipped[n] else d_stats[facing]
            if self._power[defender] is not None:
                theirs += self._modifier(
                    defender, n, owner[n], origin[n], cell, card, player, cards, owner
                )
            if mine > theirs:
                taken.append(n)
        return taken

    def _check_move(self, state: State, move: Move, hand: list[int]) -> int:
        """The card index played, after checking every rule the move touches."""
        if state.outcome is not None:
            raise IllegalMove("the game is over")
        card = self.catalog.find(move.card)
        if card not in hand:
            raise IllegalMove(f"{move.card} is not in the hand of P{state.to_move + 1}")
        cards = state.cards
        if not 0 <= move.cell < 9 or cards[move.cell] >= 0:
            raise IllegalMove(f"the {CELL_NAMES[move.cell]} space is taken")
        if all(c < 0 for c in cards):
            if self._limit[card] == ONE_PER_FACTION:
                raise IllegalMove(f"the first card of a game may not be a unique ({move.card})")
        elif not any(cards[n] >= 0 for n, _ in NEIGHBOURS[move.cell]):
            raise IllegalMove(
                f"{move.card} must share a side with a card in play "
                f"({CELL_NAMES[move.cell]} touches none)"
            )
        if self._blocked(cards, card):
            if self._limit[card] == ONE_PER_FACTION:
                raise IllegalMove(
                    f"{move.card} is a unique, and another {self._faction[card]} unique is in play"
                )
            raise IllegalMove(f"a {move.card} is already in play; only one may be")
        if move.flip:
            if self._power[card] != FLIP:
                raise IllegalMove(f"{move.card} cannot be turned over: it has no The over under!")
            if sum(1 for c in cards if c >= 0) == 8:
                raise IllegalMove("The over under! may not turn over the ninth card")
        return card

    def apply(self, state: State, move: Move) -> State:
        """The position after a move; IllegalMove names the rule a bad move breaks."""
        player = state.to_move
        hand = list(state.hands[player])
        dropped = []
        for name in move.discards:
            card = self.catalog.find(name)
            if card not in hand:
                raise IllegalMove(f"cannot discard {name}: it is not in the hand of P{player + 1}")
            hand.remove(card)
            dropped.append(card)
        card = self._check_move(state, move, hand)
        swap = -1 if move.swap is None else move.swap
        if swap >= 0:
            if self._power[card] != PUSH:
                raise IllegalMove(f"{move.card} cannot swap: it has no Push the attack!")
            if swap not in self._captures(state, card, move.cell, move.flip):
                raise IllegalMove(
                    f"Push the attack! swaps only with a card captured on this play "
                    f"({CELL_NAMES[swap]} was not)"
                )
            if self._power[state.cards[swap]] == STAND:
                raise IllegalMove(
                    f"{self._names[state.cards[swap]]} stands its ground: it cannot be swapped"
                )
        named = tuple(self.catalog.find(n) for n in move.insults)
        if named:
            taken = self._captures(state, card, move.cell, move.flip)
            if self._power[card] != INSULT or not taken:
                raise IllegalMove("only an Insult to injury! card that captures discards anything")
            their_hand = list(state.hands[1 - player])
            for victim, name in zip(named, move.insults, strict=True):
                if victim not in their_hand:
                    raise IllegalMove(
                        f"Insult to injury! cannot discard {name}: it is not in the hand of "
                        f"P{2 - player}"
                    )
                their_hand.remove(victim)
        return self.apply_raw(state, card, move.cell, move.flip, swap, tuple(dropped), named)

    def apply_raw(
        self,
        state: State,
        card: int,
        cell: int,
        flip: bool,
        swap: int = -1,
        dropped: tuple[int, ...] = (),
        named: tuple[int, ...] = (),
    ) -> State:
        """Apply a move already known to be legal (from raw_moves): no checks, fast."""
        player = state.to_move
        other = 1 - player
        hand = list(state.hands[player])
        for d in dropped:
            hand.remove(d)
        hand.remove(card)
        taken = self._captures(state, card, cell, flip)
        cards = list(state.cards)
        owner = list(state.owner)
        origin = list(state.origin)
        flipped = list(state.flipped)
        cards[cell], owner[cell], origin[cell], flipped[cell] = card, player, player, flip
        for n in taken:
            owner[n] = player
        if swap >= 0:  # Push the attack!: swap places with a card captured on this play
            cards[cell], cards[swap] = cards[swap], cards[cell]
            owner[cell], owner[swap] = owner[swap], owner[cell]
            origin[cell], origin[swap] = origin[swap], origin[cell]
            flipped[cell], flipped[swap] = flipped[swap], flipped[cell]
        their_hand = state.hands[other]
        discards = state.discards
        insults: tuple[int, ...] = ()
        if taken and self._power[card] == INSULT and their_hand:
            insults = self._insults(state, len(taken), named)
            remaining = list(their_hand)
            for victim in insults:
                remaining.remove(victim)
            their_hand = tuple(remaining)
        if dropped or insults:
            mine = state.discards[player] + dropped
            theirs = state.discards[other] + insults
            discards = (mine, theirs) if player == 0 else (theirs, mine)
        outcome = self._outcome_after(cards, owner, player, flip, bool(taken))
        decks = state.decks
        if outcome is None:  # refill: the end of the turn
            need = self.params.hand_size - len(hand)
            deck = decks[player]
            if need > 0 and deck:
                hand += deck[:need]
                decks = (deck[need:], decks[1]) if player == 0 else (decks[0], deck[need:])
        hands = (tuple(hand), their_hand) if player == 0 else (their_hand, tuple(hand))
        names = self._names
        move = Move(
            names[card],
            cell,
            flip,
            None if swap < 0 else swap,
            tuple(names[d] for d in dropped),
            tuple(names[v] for v in insults),
        )
        new = State(
            tuple(cards),
            tuple(owner),
            tuple(origin),
            tuple(flipped),
            hands,
            decks,
            discards,
            other if outcome is None else player,
            state.ply + 1,
            state.seed,
            outcome,
            move,
            state.occupied | (1 << cell),
        )
        return self._check_stuck(new) if outcome is None else new

    def _insults(self, state: State, captures: int, named: tuple[int, ...]) -> tuple[int, ...]:
        """The cards Insult to injury! discards: those named, then random ones by the seed."""
        hand = list(state.hands[1 - state.to_move])
        out: list[int] = []
        rng: random.Random | None = None
        for k in range(captures):
            if not hand:
                break
            if k < len(named):
                victim = named[k]
            else:
                rng = rng or random.Random(state.seed * 1_000_003 + state.ply)
                victim = hand[rng.randrange(len(hand))]
            hand.remove(victim)
            out.append(victim)
        return tuple(out)

    def _outcome_after(
        self, cards: list[int], owner: list[int], player: int, flipped: bool, captured: bool
    ) -> Outcome | None:
        occupied = mine = 0
        for i in range(9):
            if cards[i] >= 0:
                occupied |= 1 << i
                if owner[i] == player:
                    mine |= 1 << i
        for line in LINE_MASKS:
            if mine & line == line:
                if flipped:
                    return Outcome(1 - player, 2, "turned a card over and won on that turn")
                if mine == occupied:
                    return Outcome(player, 3, "three in a line holding every card")
                return Outcome(player, 2, "three in a line")
        if occupied == FULL:
            if captured:
                return Outcome(player, 3, "full board: the last card captured")
            return Outcome(1 - player, 2, "full board: the last card captured nothing")
        return None

    def _check_stuck(self, state: State) -> State:
        """A player to move with no card they may play loses; the opponent scores 2."""
        if state.outcome is not None:
            return state
        on_board, factions = self._limits(state)
        empty = state.occupied == 0
        if any(
            not self._is_blocked(c, empty, on_board, factions) for c in state.hands[state.to_move]
        ):
            return state
        return State(
            state.cards,
            state.owner,
            state.origin,
            state.flipped,
            state.hands,
            state.decks,
            state.discards,
            state.to_move,
            state.ply,
            state.seed,
            Outcome(1 - state.to_move, 2, f"P{state.to_move + 1} has no card to play"),
            state.last,
            state.occupied,
        )

    def outcome(self, state: State) -> Outcome | None:
        """The result, once the game is over."""
        return state.outcome
