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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from kitgen.api import draw, name_key, shuffle
from kitgen.games.scratch.model import SIDES, ScratchCard, ScratchParameters, ScratchPool

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
# (neighbour, the side of the cell facing it, the neighbour's side facing back) per cell
NEIGHBOURS3 = tuple(tuple((n, side, (side + 2) % 4) for n, side in NEIGHBOURS[c]) for c in range(9))
# The cells open for the next card, by occupancy mask: any cell on an empty board,
# otherwise the empty cells that share a side with a card.
OPEN_CELLS = tuple(
    tuple(range(9))
    if mask == 0
    else tuple(i for i in range(9) if not (mask >> i) & 1 and NEIGHBOUR_MASK[i] & mask)
    for mask in range(1 << 9)
)
POPCOUNT = tuple(bin(mask).count("1") for mask in range(1 << 9))
HAS_LINE = tuple(any(mask & line == line for line in LINE_MASKS) for mask in range(1 << 9))
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


_shuffle = shuffle


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
    rarity: str  # the rarity's id (a limit of one per faction holds per rarity)


class Catalog:
    """The cards in play, by index, compiled from a card pool."""

    def __init__(self, pool: ScratchPool) -> None:
        cards: dict[str, CardInfo] = {}
        for card in {id(c): c for c in pool.cards.values()}.values():
            cards[card.name] = self._info(card, pool)
        self.cards = tuple(sorted(cards.values(), key=lambda c: c.name))
        self.index = {c.name: i for i, c in enumerate(self.cards)}
        self.keys = {name_key(c.name): i for i, c in enumerate(self.cards)}

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
            rarity.id if rarity else card.rarity,
        )

    def find(self, name: str) -> int:
        """The index of a card by name: as a deck names it, case, spacing and punctuation
        aside (`kitgen.names.name_key`)."""
        try:
            return self.index[name] if name in self.index else self.keys[name_key(name)]
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
        self.limits: tuple[int, int] | None = None  # cached by the engine: see Scratch._blocked_by

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


@dataclass(frozen=True)
class Match:
    """A match: games until a player reaches the target; the player behind picks who starts.

    Players keep their seat (and deck) for the whole match; discards go back
    into the decks between games, so every game is dealt from full decks.
    """

    target: int
    points: tuple[int, int] = (0, 0)
    games: tuple[tuple[int, Outcome], ...] = ()  # who moved first, and the result

    @property
    def winner(self) -> int | None:
        """The seat that reached the target, once the match is over."""
        for seat in (0, 1):
            if self.points[seat] >= self.target:
                return seat
        return None

    def chooser(self) -> int | None:
        """Who picks the next game's first player: the one behind; None when level (a coin)."""
        if self.points[0] == self.points[1]:
            return None
        return 0 if self.points[0] < self.points[1] else 1

    def after(self, first: int, outcome: Outcome) -> Match:
        """The match once a game that `first` started has ended with `outcome`."""
        if self.winner is not None:
            raise IllegalMove("the match is over")
        points = list(self.points)
        points[outcome.winner] += outcome.points
        return Match(self.target, (points[0], points[1]), (*self.games, (first, outcome)))


def outcome_of(
    mine: int, occupied: int, player: int, flipped: bool, captured: bool
) -> Outcome | None:
    """The result after `player`'s play, from the cells they hold and the cells taken.

    `flipped` says whether the play turned its card over, `captured` whether it
    took anything.
    """
    if HAS_LINE[mine]:
        if flipped:
            return Outcome(1 - player, 2, "a line made by turning a card over (its player loses)")
        if mine == occupied:
            return Outcome(player, 3, "three in a line holding every card")
        return Outcome(player, 2, "three in a line")
    if occupied == FULL:
        if captured:
            return Outcome(player, 3, "full board: the last card captured")
        return Outcome(1 - player, 2, "full board: the last card captured nothing")
    return None


def stuck(player: int) -> Outcome:
    """The result when `player` is to move and may play none of their cards."""
    return Outcome(1 - player, 2, f"P{player + 1} has no card to play")


Cells = Sequence[int]  # a card index per cell, -1 when empty; or a player per cell
Flags = Sequence[bool]  # turned over, per cell
RawMove = tuple[int, int, bool, int]  # card index, cell, flip, swap cell or -1


class Scratch:
    """The Scratch engine for one card catalog and one set of parameters.

    The rules work on plain sequences (the card, holder, player and turned-over
    flag of each cell), so the State methods here and the fast play-outs of
    `scratch_fast` share one implementation of every rule.
    """

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
        # One bit for each faction and rarity: a limit of one per faction holds for the
        # cards of one rarity (a mythic and a unique of one faction may both be in play).
        groups = sorted({(c.faction, c.rarity) for c in cards})
        self._faction_bit = tuple(1 << groups.index((c.faction, c.rarity)) for c in cards)
        # The value on each side (top, right, bottom, left) of face `card * 2 + turned`:
        # turned over, a card's top and bottom trade places, and its left and right.
        self._faces = tuple(face for s in self._stats for face in (s, (s[2], s[3], s[0], s[1])))
        self._attack_mod = tuple(
            p in (FIRST_STRIKE, LITTLE_SLOW, CHAMPION, ODDS) for p in self._power
        )
        self._defend_mod = tuple(p in (LOYAL, CHAMPION, ODDS) for p in self._power)

    # --- set-up -----------------------------------------------------------
    def new_game(
        self,
        decks: tuple[Sequence[str], Sequence[str]],
        *,
        seed: int,
        first: int = 0,
        shuffle: bool = True,
        rng: random.Random | None = None,
    ) -> State:
        """Deal from two decks of card names (shuffled by the seed unless `shuffle` is False).

        The shuffle draws from `rng` when one is given (a generator seeded by
        `seed` that the caller goes on using), else from a new one.
        """
        find = self.catalog.find
        indices = ([find(n) for n in decks[0]], [find(n) for n in decks[1]])
        return self.deal(indices, seed=seed, first=first, shuffle=shuffle, rng=rng)

    def deal(
        self,
        decks: tuple[Sequence[int], Sequence[int]],
        *,
        seed: int,
        first: int = 0,
        shuffle: bool = True,
        rng: random.Random | None = None,
    ) -> State:
        """`new_game` for decks of card indices, shuffled by `shuffle` (above)."""
        if shuffle and rng is None:
            rng = random.Random(seed)
        ordered: list[tuple[int, ...]] = []
        for deck in decks:
            cards = list(deck)
            if rng is not None and shuffle:
                _shuffle(rng, cards)
            ordered.append(tuple(cards))
        size = self.params.hand_size
        hands = (ordered[0][:size], ordered[1][:size])
        rest = (ordered[0][size:], ordered[1][size:])
        empty9 = (-1,) * 9
        state = State(
            empty9,
            empty9,
            empty9,
            (False,) * 9,
            hands,
            rest,
            ((), ()),
            first,
            0,
            seed,
            None,
            occupied=0,
        )
        state.limits = (0, 0)
        return self._check_stuck(state)

    # --- rules ------------------------------------------------------------
    def _blocked_by(self, cards: Cells) -> tuple[int, int]:
        """Bit masks: the cards on the board, and the factions with a unique on it."""
        board = factions = 0
        for card in cards:
            if card >= 0:
                board |= 1 << card
                if self._limit[card] == ONE_PER_FACTION:
                    factions |= self._faction_bit[card]
        return board, factions

    def _limits(self, state: State) -> tuple[int, int]:
        """`_blocked_by` for a position, worked out once per position."""
        limits = state.limits
        if limits is None:
            limits = state.limits = self._blocked_by(state.cards)
        return limits

    def _is_blocked(self, card: int, empty: bool, board: int, factions: int) -> bool:
        """The unique and rare limits (and no unique first) for one card."""
        limit = self._limit[card]
        if limit == ONE_PER_NAME:
            return bool(board >> card & 1)
        if limit == ONE_PER_FACTION:
            return empty or bool(factions & self._faction_bit[card])
        return False

    def _playable(self, hand: Sequence[int], empty: bool, board: int, factions: int) -> list[int]:
        """The distinct cards of a hand that may be played, in catalog order."""
        return [c for c in sorted(set(hand)) if not self._is_blocked(c, empty, board, factions)]

    def playable(self, state: State, card: int) -> bool:
        """Whether a card could be played now (somewhere)."""
        board, factions = self._limits(state)
        return not self._is_blocked(card, state.occupied == 0, board, factions)

    def _choices(self, state: State) -> tuple[tuple[int, ...], bool, list[int]]:
        """The open cells, whether the next card is the ninth, and the playable hand cards."""
        occupied = state.occupied
        board, factions = self._limits(state)
        playable = self._playable(state.hands[state.to_move], occupied == 0, board, factions)
        return OPEN_CELLS[occupied], POPCOUNT[occupied] == 8, playable

    def raw_moves(self, state: State) -> list[RawMove]:
        """Legal moves as (card index, cell, flip, swap cell or -1), already in sorted order.

        Catalog indices follow card names, so ascending card, cell, flip and swap is the
        order of `legal_moves`.
        """
        if state.outcome is not None:
            return []
        cells, ninth, playable = self._choices(state)
        board = (state.cards, state.owner, state.origin, state.flipped)
        power_of = self._power
        out: list[RawMove] = []
        for card in playable:
            power = power_of[card]
            if power != FLIP and power != PUSH:
                out.extend((card, cell, False, -1) for cell in cells)
            else:
                foes = self._foes(state)
                out.extend(self._moves_of(*board, state.to_move, card, cells, ninth, foes))
        return out

    def random_move(self, state: State, rng: random.Random) -> RawMove:
        """`raw_moves(state)[draw(rng, count)]`, without building the whole list."""
        cells, ninth, playable = self._choices(state)
        return self._pick(
            state.cards,
            state.owner,
            state.origin,
            state.flipped,
            state.to_move,
            cells,
            ninth,
            playable,
            rng,
            self._foes(state),
        )

    @staticmethod
    def _foes(state: State) -> int:
        """A mask of the cells held by the opponent of the player to move."""
        other = 1 - state.to_move
        foes = 0
        for cell, holder in enumerate(state.owner):
            if holder == other:
                foes |= 1 << cell
        return foes

    def _pick(
        self,
        cards: Cells,
        owner: Cells,
        origin: Cells,
        flipped: Flags,
        player: int,
        cells: tuple[int, ...],
        ninth: bool,
        playable: list[int],
        rng: random.Random,
        foes: int,
    ) -> RawMove:
        """A uniform pick among the raw moves, counting them rather than listing them."""
        power_of = self._power
        width = len(cells)
        counts = []
        pushes: dict[int, list[RawMove]] = {}
        for card in playable:
            power = power_of[card]
            if power is None:
                counts.append(width)
            elif power == PUSH:
                listed = self._moves_of(
                    cards, owner, origin, flipped, player, card, cells, ninth, foes
                )
                pushes[card] = listed
                counts.append(len(listed))
            elif power == FLIP and not ninth:
                counts.append(2 * width)
            else:
                counts.append(width)
        pick = draw(rng, sum(counts))
        for card, count in zip(playable, counts, strict=True):
            if pick < count:
                if card in pushes:
                    return pushes[card][pick]
                if power_of[card] == FLIP and not ninth:
                    return (card, cells[pick // 2], pick % 2 == 1, -1)
                return (card, cells[pick], False, -1)
            pick -= count
        raise AssertionError("no legal move")  # the engine ends games with no legal move

    def _moves_of(
        self,
        cards: Cells,
        owner: Cells,
        origin: Cells,
        flipped: Flags,
        player: int,
        card: int,
        cells: Sequence[int],
        ninth: bool,
        foes: int,
    ) -> list[RawMove]:
        """The raw moves of one (playable) card, in order; `foes` masks the opponent's cells."""
        power = self._power[card]
        flips = (False, True) if power == FLIP and not ninth else (False,)
        out: list[RawMove] = []
        for cell in cells:
            for flip in flips:
                out.append((card, cell, flip, -1))
                if power == PUSH and NEIGHBOUR_MASK[cell] & foes:
                    taken = self._taken(cards, owner, origin, flipped, player, card, cell, flip)
                    out.extend(
                        (card, cell, flip, target)
                        for target in sorted(taken)
                        if self._power[cards[target]] != STAND
                    )
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
        cards: Cells,
        owner: Cells,
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

    def _taken(
        self,
        cards: Cells,
        owner: Cells,
        origin: Cells,
        flipped: Flags,
        player: int,
        card: int,
        cell: int,
        flip: bool,
    ) -> list[int]:
        """The cells `card` would capture if `player` played it at `cell` (compared at once)."""
        faces = self._faces
        mine = faces[card * 2 + flip]
        bonus = 0
        if self._attack_mod[card]:
            bonus = self._modifier(card, cell, player, player, cell, card, player, cards, owner)
        defend_mod = self._defend_mod
        taken = []
        for n, side, facing in NEIGHBOURS3[cell]:
            defender = cards[n]
            if defender < 0 or owner[n] == player:
                continue
            theirs = faces[defender * 2 + flipped[n]][facing]
            if defend_mod[defender]:
                theirs += self._modifier(
                    defender, n, owner[n], origin[n], cell, card, player, cards, owner
                )
            if mine[side] + bonus > theirs:
                taken.append(n)
        return taken

    def _captures(self, state: State, card: int, cell: int, flip: bool) -> list[int]:
        """`_taken` for the player to move in a position."""
        return self._taken(
            state.cards, state.owner, state.origin, state.flipped, state.to_move, card, cell, flip
        )

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
                rarity = self.catalog.cards[card].rarity
                raise IllegalMove(f"the first card of a game may not be a {rarity} ({move.card})")
        elif not any(cards[n] >= 0 for n, _ in NEIGHBOURS[move.cell]):
            raise IllegalMove(
                f"{move.card} must share a side with a card in play "
                f"({CELL_NAMES[move.cell]} touches none)"
            )
        board, factions = self._limits(state)
        if self._is_blocked(card, False, board, factions):
            if self._limit[card] == ONE_PER_FACTION:
                rarity = self.catalog.cards[card].rarity
                raise IllegalMove(
                    f"{move.card} is a {rarity}, and another {self._faction[card]} {rarity} "
                    "is in play"
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
            if len(named) > len(taken):
                raise IllegalMove(
                    f"Insult to injury! discards one card per capture: {move.card} captures "
                    f"{len(taken)} here, and the move names {len(named)} cards to discard"
                )
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
        """The cards Insult to injury! discards from the opponent of the player to move."""
        return self._insult_victims(
            state.hands[1 - state.to_move], captures, named, state.seed, state.ply
        )

    @staticmethod
    def _insult_victims(
        hand: Sequence[int], captures: int, named: tuple[int, ...], seed: int, ply: int
    ) -> tuple[int, ...]:
        """One card from `hand` per capture: those named, then random ones by seed and ply."""
        left = list(hand)
        out: list[int] = []
        rng: random.Random | None = None
        for k in range(captures):
            if not left:
                break
            if k < len(named):
                victim = named[k]
            else:
                rng = rng or random.Random(seed * 1_000_003 + ply)
                victim = left[draw(rng, len(left))]
            left.remove(victim)
            out.append(victim)
        return tuple(out)

    @staticmethod
    def _outcome_after(
        cards: Cells, owner: Cells, player: int, flipped: bool, captured: bool
    ) -> Outcome | None:
        occupied = mine = 0
        for i in range(9):
            if cards[i] >= 0:
                occupied |= 1 << i
                if owner[i] == player:
                    mine |= 1 << i
        return outcome_of(mine, occupied, player, flipped, captured)

    def _check_stuck(self, state: State) -> State:
        """A player to move with no card they may play loses; the opponent scores 2."""
        if state.outcome is not None:
            return state
        board, factions = self._limits(state)
        empty = state.occupied == 0
        if any(not self._is_blocked(c, empty, board, factions) for c in state.hands[state.to_move]):
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
            stuck(state.to_move),
            state.last,
            state.occupied,
        )

    def outcome(self, state: State) -> Outcome | None:
        """The result, once the game is over."""
        return state.outcome
