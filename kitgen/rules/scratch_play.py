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
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))

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
        self._limit = tuple(c.limit for c in cards)
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
    def _blocked(self, cards: tuple[int, ...], card: int) -> bool:
        """True when the unique or rare limits keep `card` off the board."""
        limit = self._limit[card]
        if limit == "none":
            return False
        if limit == "one-per-name":
            name = self._names[card]
            return any(c >= 0 and self._names[c] == name for c in cards)
        faction = self._faction[card]
        return any(
            c >= 0 and self._limit[c] == "one-per-faction" and self._faction[c] == faction
            for c in cards
        )

    def _open_cells(self, cards: tuple[int, ...]) -> list[int]:
        if all(c < 0 for c in cards):
            return list(range(9))
        return [
            i for i in range(9) if cards[i] < 0 and any(cards[n] >= 0 for n, _ in NEIGHBOURS[i])
        ]

    def playable(self, state: State, card: int) -> bool:
        """Whether a card could be played now (somewhere)."""
        cards = state.cards
        first = all(c < 0 for c in cards)
        if first and self._limit[card] == "one-per-faction":
            return False
        return not self._blocked(cards, card)

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move without discards, sorted (card name, cell, flip, swap)."""
        if state.outcome is not None:
            return []
        cells = self._open_cells(state.cards)
        ninth = sum(1 for c in state.cards if c >= 0) == 8
        moves: set[Move] = set()
        for card in set(state.hands[state.to_move]):
            if not self.playable(state, card):
                continue
            name = self._names[card]
            power = self._power[card]
            flips = (False, True) if power == FLIP and not ninth else (False,)
            for cell in cells:
                for flip in flips:
                    moves.add(Move(name, cell, flip))
                    if power == PUSH:
                        for target in self._captures(state, card, cell, flip):
                            if self._power[state.cards[target]] != STAND:
                                moves.add(Move(name, cell, flip, target))
        return sorted(moves, key=Move.sort_key)

    def _value(
        self,
        cards: tuple[int, ...],
        owner: tuple[int, ...],
        origin: tuple[int, ...],
        flipped: tuple[bool, ...],
        cell: int,
        side: int,
        new_cell: int,
    ) -> int:
        """A card's value on one side at this moment, with every modifier."""
        card = cards[cell]
        stats = self._stats[card]
        value = stats[(side + 2) % 4] if flipped[cell] else stats[side]
        power = self._power[card]
        if power is None:
            return value
        if cell == new_cell:
            if power == FIRST_STRIKE:
                value += 1
            elif power == LITTLE_SLOW:
                value -= 1
        if power == CHAMPION:
            if (
                sum(1 for n, _ in NEIGHBOURS[cell] if cards[n] >= 0 and self._monster[cards[n]])
                >= 2
            ):
                value += 1
        elif power == ODDS:
            holder = owner[cell]
            if sum(1 for n, _ in NEIGHBOURS[cell] if cards[n] >= 0 and owner[n] != holder) >= 2:
                value += 1
        elif power == LOYAL and owner[cell] != origin[cell]:
            value -= 1
        return value

    def _captures(self, state: State, card: int, cell: int, flip: bool) -> list[int]:
        """The cells the card would capture if played at `cell` now."""
        player = state.to_move
        cards = list(state.cards)
        owner = list(state.owner)
        origin = list(state.origin)
        flipped = list(state.flipped)
        cards[cell], owner[cell], origin[cell], flipped[cell] = card, player, player, flip
        t_cards, t_owner, t_origin, t_flip = (
            tuple(cards),
            tuple(owner),
            tuple(origin),
            tuple(flipped),
        )
        taken = []
        for n, side in NEIGHBOURS[cell]:
            if t_cards[n] < 0 or t_owner[n] == player:
                continue
            mine = self._value(t_cards, t_owner, t_origin, t_flip, cell, side, cell)
            theirs = self._value(t_cards, t_owner, t_origin, t_flip, n, (side + 2) % 4, cell)
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
            if self._limit[card] == "one-per-faction":
                raise IllegalMove(f"the first card of a game may not be a unique ({move.card})")
        elif not any(cards[n] >= 0 for n, _ in NEIGHBOURS[move.cell]):
            raise IllegalMove(
                f"{move.card} must share a side with a card in play "
                f"({CELL_NAMES[move.cell]} touches none)"
            )
        if self._blocked(cards, card):
            if self._limit[card] == "one-per-faction":
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
        other = 1 - player
        hand = list(state.hands[player])
        discards = [list(state.discards[0]), list(state.discards[1])]
        for name in move.discards:
            card = self.catalog.find(name)
            if card not in hand:
                raise IllegalMove(f"cannot discard {name}: it is not in the hand of P{player + 1}")
            hand.remove(card)
            discards[player].append(card)
        card = self._check_move(state, move, hand)
        hand.remove(card)
        taken = self._captures(state, card, move.cell, move.flip)
        cards = list(state.cards)
        owner = list(state.owner)
        origin = list(state.origin)
        flipped = list(state.flipped)
        cell = move.cell
        cards[cell], owner[cell], origin[cell], flipped[cell] = card, player, player, move.flip
        for n in taken:
            owner[n] = player
        # Push the attack!: swap places with one card captured on this play.
        if move.swap is not None:
            if self._power[card] != PUSH:
                raise IllegalMove(f"{move.card} cannot swap: it has no Push the attack!")
            if move.swap not in taken:
                raise IllegalMove(
                    f"Push the attack! swaps only with a card captured on this play "
                    f"({CELL_NAMES[move.swap]} was not)"
                )
            target = cards[move.swap]
            if self._power[target] == STAND:
                raise IllegalMove(f"{self._names[target]} stands its ground: it cannot be swapped")
            other_cell = move.swap
            for table in (cards, owner, origin):
                table[cell], table[other_cell] = table[other_cell], table[cell]
            flipped[cell], flipped[other_cell] = flipped[other_cell], flipped[cell]
        # Insult to injury!: one card from the opponent's hand per capture.
        their_hand = list(state.hands[other])
        insults: list[str] = []
        if self._power[card] == INSULT and taken:
            rng = random.Random(state.seed * 1_000_003 + state.ply)
            for k in range(len(taken)):
                if not their_hand:
                    break
                if k < len(move.insults):
                    victim = self.catalog.find(move.insults[k])
                    if victim not in their_hand:
                        raise IllegalMove(
                            f"Insult to injury! cannot discard {move.insults[k]}: it is not in "
                            f"the hand of P{other + 1}"
                        )
                else:
                    victim = their_hand[rng.randrange(len(their_hand))]
                their_hand.remove(victim)
                discards[other].append(victim)
                insults.append(self._names[victim])
        elif move.insults:
            raise IllegalMove("only an Insult to injury! card that captures discards anything")
        outcome = self._outcome_after(cards, owner, player, move.flip, bool(taken))
        decks = list(state.decks)
        hands = [state.hands[0], state.hands[1]]
        hands[other] = tuple(their_hand)
        if outcome is None:  # refill: the end of the turn
            need = self.params.hand_size - len(hand)
            if need > 0 and decks[player]:
                hand += decks[player][:need]
                decks[player] = decks[player][need:]
        hands[player] = tuple(hand)
        if insults and not move.insults:
            move = Move(move.card, move.cell, move.flip, move.swap, move.discards, tuple(insults))
        new = State(
            tuple(cards),
            tuple(owner),
            tuple(origin),
            tuple(flipped),
            (hands[0], hands[1]),
            (decks[0], decks[1]),
            (tuple(discards[0]), tuple(discards[1])),
            other if outcome is None else player,
            state.ply + 1,
            state.seed,
            outcome,
            move,
        )
        return self._check_stuck(new) if outcome is None else new

    def _outcome_after(
        self, cards: list[int], owner: list[int], player: int, flipped: bool, captured: bool
    ) -> Outcome | None:
        for line in LINES:
            if all(cards[c] >= 0 and owner[c] == player for c in line):
                if flipped:
                    return Outcome(1 - player, 2, "turned a card over and won on that turn")
                every = all(owner[c] == player for c in range(9) if cards[c] >= 0)
                return Outcome(
                    player,
                    3 if every else 2,
                    "three in a line holding every card" if every else "three in a line",
                )
        if all(c >= 0 for c in cards):
            if captured:
                return Outcome(player, 3, "full board: the last card captured")
            return Outcome(1 - player, 2, "full board: the last card captured nothing")
        return None

    def _check_stuck(self, state: State) -> State:
        """A player to move with no card they may play loses; the opponent scores 2."""
        if state.outcome is not None:
            return state
        if any(self.playable(state, c) for c in state.hands[state.to_move]):
            return state
        winner = 1 - state.to_move
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
            Outcome(winner, 2, f"P{state.to_move + 1} has no card to play"),
            state.last,
        )

    def outcome(self, state: State) -> Outcome | None:
        """The result, once the game is over."""
        return state.outcome
