"""The Scratch engine: every rule and power in scenarios, the seed's games, and properties."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from kitgen.games.scratch.figure_args import parse_cell
from kitgen.games.scratch.load import official
from kitgen.games.scratch.model import ScratchCard, ScratchPool, Stats
from kitgen.games.scratch.play import (
    CELLS,
    Catalog,
    IllegalMove,
    Move,
    Outcome,
    Scratch,
    State,
)
from kitgen.rules.base import draw, shuffle

OFF = official()
ENGINE = Scratch(Catalog(OFF.pool), OFF.params)
FILLER = ["Worg"] * 5


def position(
    rows: list[list[str]],
    hands: tuple[list[str], list[str]],
    to_move: int = 0,
    engine: Scratch = ENGINE,
) -> State:
    """A crafted position: cells as in the booklet's board figures (`Worg P1`, `.`)."""
    cards, owner, origin, flipped = [-1] * 9, [-1] * 9, [-1] * 9, [False] * 9
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            cell = parse_cell(text)
            if cell is None:
                continue
            i = r * 3 + c
            cards[i] = engine.catalog.find(cell.card)
            owner[i] = origin[i] = 0 if cell.owner == "P1" else 1
            flipped[i] = "flipped" in cell.flags
            if "taken" in cell.flags:  # played by the other player, captured since
                origin[i] = 1 - owner[i]
    find = engine.catalog.find
    return State(
        tuple(cards),
        tuple(owner),
        tuple(origin),
        tuple(flipped),
        (tuple(find(n) for n in hands[0]), tuple(find(n) for n in hands[1])),
        ((), ()),
        ((), ()),
        to_move,
        1,
        7,
        None,
    )


def holders(state: State) -> list[str]:
    return ["." if c < 0 else f"P{o + 1}" for c, o in zip(state.cards, state.owner, strict=True)]


def play(state: State, text: str) -> State:
    return ENGINE.apply(state, Move.parse(text))


# --- the seed's two example games --------------------------------------------------

GAME_ONE = (
    [
        "Captain of the Guard",
        "Goblin",
        "Queen",
        "Drake",
        "Wyvern",
        "Worg",
        "King",
        "Worg",
        "Goblin",
        "Drake",
    ],
    [
        "Chancellor",
        "Ranger",
        "Goblin",
        "Griffin",
        "Worg",
        "Worg",
        "Drake",
        "Owlbear",
        "Knight",
        "Giant",
    ],
    [
        "Captain of the Guard@ML",
        "Chancellor@TL insult Goblin",
        "discard Queen: Drake@BL",
        "Ranger@BC flip",
        "discard King: Wyvern@BR insult Griffin",
        "Goblin@MC",
    ],
)
GAME_TWO = (
    [
        "Giant",
        "Queen",
        "King",
        "Goblin",
        "Worg",
        "Worg",
        "Drake",
        "Wyvern",
        "Captain of the Guard",
        "Drake",
    ],
    [
        "Ranger",
        "Chancellor",
        "Goblin",
        "Griffin",
        "Worg",
        "Worg",
        "Drake",
        "Owlbear",
        "Knight",
        "Gargoyle",
    ],
    [
        "Giant@BC",
        "Ranger@BR flip",
        "discard King: Queen@MR swap BR",
        "discard Chancellor: Goblin@TR",
        "Goblin@MC",
        "Griffin@TC",
    ],
)


def replay(game: tuple[list[str], list[str], list[str]]) -> list[State]:
    state = ENGINE.new_game((game[0], game[1]), seed=1, shuffle=False)
    states = [state]
    for text in game[2]:
        state = play(state, text)
        states.append(state)
    return states


def test_game_one_replays_as_narrated() -> None:
    states = replay(GAME_ONE)
    # Turn 2: Chancellor takes the Captain; Goblin leaves P1's hand.
    assert holders(states[2])[:4] == ["P2", ".", ".", "P2"]
    assert ENGINE.catalog.find("Goblin") in states[2].discards[0]
    # Turn 3: Drake takes the Captain back, only because of Loyal to the end!.
    assert holders(states[3])[3] == "P1" and holders(states[3])[6] == "P1"
    assert len(states[3].hands[0]) == 5  # refilled: three cards drawn, King among them
    # Turn 4: Ranger, turned over, takes Drake.
    assert holders(states[4])[6:8] == ["P2", "P2"] and states[4].flipped[7]
    # Turn 5: Wyvern takes Ranger and Insult to injury! discards Griffin.
    assert holders(states[5])[7:9] == ["P1", "P1"]
    assert ENGINE.catalog.find("Griffin") in states[5].discards[1]
    # Turn 6: Goblin takes the Captain; P2 holds the left column.
    assert states[6].outcome == Outcome(1, 2, "three in a line")


def test_game_two_replays_as_narrated() -> None:
    states = replay(GAME_TWO)
    assert holders(states[2])[7:9] == ["P2", "P2"]  # Ranger takes Giant
    # Queen takes Ranger, then they swap: Queen bottom right, Ranger (still turned) middle right.
    find = ENGINE.catalog.find
    assert states[3].cards[8] == find("Queen") and states[3].cards[5] == find("Ranger")
    assert states[3].flipped[5] and holders(states[3])[5] == "P1"
    assert len(states[3].hands[0]) == 5  # two drawn: for Queen and for the discarded King
    assert holders(states[4])[2] == "P2" and holders(states[4])[5] == "P1"  # no capture
    assert holders(states[5])[4] == "P1"  # P1's Goblin in the centre takes nothing
    assert states[6].outcome == Outcome(1, 2, "three in a line")  # Griffin with Champion!


# --- placement ------------------------------------------------------------------


def test_first_card_anywhere_but_not_a_unique() -> None:
    state = position([[".", ".", "."]] * 3, (["Queen", "Worg"], FILLER))
    assert {m.card for m in ENGINE.legal_moves(state)} == {"Worg"}
    assert len(ENGINE.legal_moves(state)) == 9
    with pytest.raises(IllegalMove, match=r"first card .* not be a unique"):
        play(state, "Queen@MC")


def test_later_cards_must_touch_a_card() -> None:
    state = position([[".", ".", "."], [".", "Worg P2", "."], [".", ".", "."]], (FILLER, FILLER))
    cells = {CELLS[m.cell] for m in ENGINE.legal_moves(state)}
    assert cells == {"TC", "ML", "MR", "BC"}
    with pytest.raises(IllegalMove, match="share a side"):
        play(state, "Worg@TL")


def test_unique_and_rare_limits() -> None:
    board = [[".", ".", "."], [".", "Queen P2", "Griffin P2"], [".", ".", "."]]
    state = position(board, (["King", "Griffin", "Hydra", "Worg"], FILLER))
    playable = {m.card for m in ENGINE.legal_moves(state)}
    assert playable == {"Hydra", "Worg"}  # a Monster unique is fine; King and Griffin wait
    with pytest.raises(IllegalMove, match="unique"):
        play(state, "King@TC")
    with pytest.raises(IllegalMove, match="already in play"):
        play(state, "Griffin@TC")


def test_no_card_to_play_loses() -> None:
    state = ENGINE.new_game(
        (["Queen", "King", "High Priest", "Chancellor", "Hydra"] * 2, FILLER * 2),
        seed=3,
        shuffle=False,
    )
    assert state.outcome == Outcome(1, 2, "P1 has no card to play")


# --- capturing -------------------------------------------------------------------


def test_only_strictly_higher_captures_and_several_at_once() -> None:
    # Worg: top 5, right 5, bottom 3, left 6. Played in the centre against three cards.
    board = [[".", "Goblin P2", "."], ["Worg P2", ".", "Drake P2"], [".", "Giant P2", "."]]
    state = play(position(board, (["Worg"], FILLER)), "Worg@MC")
    # top 5 vs Goblin bottom 3: taken; right 5 vs Drake left 4: taken;
    # bottom 3 vs Giant top 8: no; left 6 vs Worg right 5: taken.
    assert holders(state) == [".", "P1", ".", "P1", "P1", "P1", ".", "P2", "."]


def test_a_tie_does_not_capture_and_old_cards_never_attack() -> None:
    board = [[".", ".", "."], ["Worg P2", ".", "."], [".", ".", "."]]
    state = play(position(board, (["Drake"], FILLER)), "Drake@MC")  # left 4 vs right 5
    assert holders(state)[3] == "P2"
    board = [[".", "Hydra P1", "."], [".", ".", "."], [".", ".", "."]]
    # A weak card placed under Hydra: Hydra (an old card) does not attack it.
    state = play(position(board, (FILLER, ["Worg"]), to_move=1), "Worg@MC")
    assert holders(state)[1] == "P1" and holders(state)[4] == "P2"


# --- powers ------------------------------------------------------------------------


def test_first_strike_only_on_its_turn() -> None:
    # Gargoyle's left 4 +1 ties Drake's right 5, and beats Goblin's right 4.
    board = [[".", ".", "."], ["Drake P2", ".", "."], [".", ".", "."]]  # Drake right 5
    state = play(position(board, (["Gargoyle"], FILLER)), "Gargoyle@MC")  # left 4+1 = 5: tie
    assert holders(state)[3] == "P2"
    board = [[".", ".", "."], ["Goblin P2", ".", "."], [".", ".", "."]]  # Goblin right 4
    state = play(position(board, (["Gargoyle"], FILLER)), "Gargoyle@MC")  # 5 > 4
    assert holders(state)[3] == "P1"
    # As a defender later, no bonus: Giant's top 8 - 1 = 7 beats Gargoyle's bottom 4.
    board = [[".", ".", "."], [".", "Gargoyle P2", "."], [".", ".", "."]]
    state = play(position(board, (["Giant"], FILLER)), "Giant@BC")
    assert holders(state)[4] == "P1"


def test_a_little_slow_only_on_its_turn() -> None:
    board = [[".", ".", "."], [".", "Owlbear P2", "."], [".", ".", "."]]  # Owlbear bottom 5
    state = play(position(board, (["Knight"], FILLER)), "Knight@BC")  # Knight top 4: no
    assert holders(state)[4] == "P2"
    board = [[".", ".", "."], ["Drake P2", ".", "."], [".", ".", "."]]  # Drake right 5
    state = play(position(board, (["Giant"], FILLER)), "Giant@MC")  # left 6-1 = 5: tie
    assert holders(state)[3] == "P2"
    # Later, Giant defends at full strength: its right 4 still loses to Worg's left 6,
    # while its 4 - 1 = 3 would also have lost; use Drake's left 4 for a tie at full strength.
    later = play(
        position([[".", ".", "."], ["Giant P2", ".", "."], [".", ".", "."]], (["Drake"], FILLER)),
        "Drake@MC",
    )
    assert holders(later)[3] == "P2"  # 4 vs 4: no capture, so no -1 on defence


def test_champion_with_two_monsters_around() -> None:
    # Griffin bottom 5 vs Goblin top 5: a tie, unless Griffin touches two other Monsters.
    alone = [[".", ".", "."], [".", "Goblin P2", "."], [".", ".", "."]]
    state = play(position(alone, (["Griffin"], FILLER)), "Griffin@TC")
    assert holders(state)[4] == "P2"
    crowd = [[".", ".", "Worg P1"], [".", "Goblin P2", "."], [".", ".", "."]]
    state = play(position(crowd, (["Griffin"], FILLER)), "Griffin@TC")
    assert holders(state)[4] == "P1"


def test_champion_also_defends() -> None:
    # Worg's left 6 attacks Griffin's right 5. Beside two other Monsters, Griffin has
    # 5 + 1 = 6 and holds (a tie); beside Kingdom cards it is taken.
    guarded = [["Worg P2", ".", "."], ["Griffin P2", ".", "."], ["Drake P2", ".", "."]]
    assert holders(play(position(guarded, (["Worg"], FILLER)), "Worg@MC"))[3] == "P2"
    alone = [["Knight P2", ".", "."], ["Griffin P2", ".", "."], ["Ranger P2", ".", "."]]
    assert holders(play(position(alone, (["Worg"], FILLER)), "Worg@MC"))[3] == "P1"


def test_against_all_odds_attacking_and_with_champion() -> None:
    # Hydra (top 7, right 3, bottom 6, left 6) in the centre touching two P2 cards: +1.
    board = [
        [".", "Ranger P2", "."],
        ["Mysterious Stranger in the Corner of the Bar P2", ".", "."],
        [".", ".", "."],
    ]
    # Hydra top 7+1 = 8 vs Ranger bottom 7: taken. Left 6+1 = 7 vs Stranger right 6: taken.
    state = play(position(board, (["Hydra", "Worg"], FILLER)), "Hydra@MC")
    assert holders(state)[1] == "P1" and holders(state)[3] == "P1"
    # Champion! attacking a Hydra that defends with Against all odds!: both bonuses count.
    board = [[".", "Worg P1", "."], ["Drake P1", "Hydra P2", "."], [".", ".", "."]]
    # Griffin at MR: left 4, +1 Champion (Hydra, Worg? no: MR touches TR, MC, BR) -> only
    # Hydra is a Monster neighbour, so no Champion; Hydra right 3 +1 (two P1 cards) = 4: tie.
    state = play(position(board, (["Griffin"], FILLER)), "Griffin@MR")
    assert holders(state)[4] == "P2"
    board = [[".", "Worg P1", "Worg P1"], ["Drake P1", "Hydra P2", "."], [".", ".", "."]]
    # Now Griffin at MR touches Hydra and the Worg above: Champion! 4+1 = 5 > 3+1 = 4.
    state = play(position(board, (["Griffin"], FILLER)), "Griffin@MR")
    assert holders(state)[4] == "P1"


def test_loyal_to_the_end_both_ways() -> None:
    # Captain (bottom 6) held by P2 but played by P1 ("taken"): -1, so Drake's top 6 wins.
    board = [[".", ".", "."], ["Captain of the Guard P2 taken", ".", "."], [".", ".", "."]]
    state = play(position(board, (["Drake"], FILLER)), "Drake@BL")
    assert holders(state)[3] == "P1"
    # Held by the player who played it: no penalty, Drake's 6 only ties.
    board = [[".", ".", "."], ["Captain of the Guard P2", ".", "."], [".", ".", "."]]
    state = play(position(board, (["Drake"], FILLER)), "Drake@BL")
    assert holders(state)[3] == "P2"


def test_push_the_attack_swaps_and_nothing_is_compared_after() -> None:
    board = [[".", ".", "."], [".", ".", "."], [".", "Giant P2", "Ranger P2 flipped"]]
    state = position(board, (["Queen"], FILLER))
    moves = {str(m) for m in ENGINE.legal_moves(state) if m.cell == 5}
    assert moves == {"Queen@MR", "Queen@MR swap BR"}
    after = play(state, "Queen@MR swap BR")
    find = ENGINE.catalog.find
    assert after.cards[8] == find("Queen") and after.cards[5] == find("Ranger")
    # Queen's left 5 now faces Giant's right 4, but no comparison follows a swap.
    assert holders(after)[7] == "P2"
    with pytest.raises(IllegalMove, match="captured on this play"):
        play(state, "Queen@MR swap BC")


def test_stand_your_ground_cannot_be_swapped() -> None:
    board = [[".", ".", "."], [".", ".", "."], [".", ".", "Knight P2"]]  # Knight top 4
    state = position(board, (["Queen"], FILLER))
    assert "Queen@MR swap BR" not in {str(m) for m in ENGINE.legal_moves(state)}
    with pytest.raises(IllegalMove, match="stands its ground"):
        play(state, "Queen@MR swap BR")
    assert holders(play(state, "Queen@MR"))[8] == "P1"  # captured, but it stays put


def test_the_over_under_turns_the_card() -> None:
    board = [[".", ".", "."], [".", ".", "."], ["Drake P2", ".", "."]]  # Drake right 5
    assert holders(play(position(board, (["Ranger"], FILLER)), "Ranger@BC"))[6] == "P2"
    turned = play(position(board, (["Ranger"], FILLER)), "Ranger@BC flip")  # left 3 -> 6
    assert holders(turned)[6] == "P1" and turned.flipped[7]


def test_turn_and_win_loses_and_no_turning_on_the_ninth_card() -> None:
    board = [["Worg P1", "Worg P1", "."], [".", ".", "."], [".", ".", "."]]
    state = position(board, (["Ranger", "Worg"], FILLER))
    assert play(state, "Ranger@TR").outcome == Outcome(0, 3, "three in a line holding every card")
    assert play(state, "Ranger@TR flip").outcome == Outcome(
        1, 2, "a line made by turning a card over (its player loses)"
    )
    full = [
        ["Worg P1", "Worg P2", "Worg P1"],
        ["Worg P2", "Worg P1", "Worg P2"],
        ["Worg P2", "Worg P1", "."],
    ]
    state = position(full, (["Ranger"], FILLER))
    assert all(not m.flip for m in ENGINE.legal_moves(state))
    with pytest.raises(IllegalMove, match="ninth"):
        play(state, "Ranger@BR flip")


def test_insult_to_injury_discards_once_per_capture() -> None:
    board = [[".", "Worg P2", "."], ["Goblin P2", ".", "."], [".", ".", "."]]
    # Wyvern (top 6, left 4): top 6 > Worg bottom 3; left 4 = Goblin right 4: one capture.
    state = position(board, (["Wyvern"], ["Knight", "Owlbear", "Ranger"]))
    after = play(state, "Wyvern@MC")
    assert len(after.hands[1]) == 2 and len(after.discards[1]) == 1
    assert after.last is not None and len(after.last.insults) == 1
    assert play(state, "Wyvern@MC") == after  # the same seed discards the same card
    named = play(state, "Wyvern@MC insult Ranger")
    assert ENGINE.catalog.find("Ranger") in named.discards[1]
    with pytest.raises(IllegalMove, match="not in the hand"):
        play(state, "Wyvern@MC insult Queen")
    # One capture, one discard: naming a second is illegal, whether or not P2 holds it
    # (it used to be accepted, and the second card silently stayed in P2's hand).
    for extra in ("Knight", "Queen"):
        with pytest.raises(IllegalMove, match="captures 1 here, and the move names 2"):
            play(state, f"Wyvern@MC insult Ranger, {extra}")
    # Two captures: two discards. Wyvern's top 6 beats Drake's bottom 4 and its bottom 6
    # beats Worg's top 5.
    board = [[".", "Drake P2", "."], [".", ".", "."], [".", "Worg P2", "."]]
    state = position(board, (["Wyvern"], ["Knight", "Owlbear", "Ranger"]))
    after = play(state, "Wyvern@MC")
    assert holders(after)[1] == holders(after)[7] == "P1"
    assert len(after.discards[1]) == 2 and len(after.hands[1]) == 1
    assert play(state, "Wyvern@MC insult Ranger, Knight").hands[1] == (
        ENGINE.catalog.find("Owlbear"),
    )
    with pytest.raises(IllegalMove, match="captures 2 here, and the move names 3"):
        play(state, "Wyvern@MC insult Ranger, Knight, Owlbear")
    # With one card left in the opponent's hand, the second capture discards nothing.
    short = position(board, (["Wyvern"], ["Knight"]))
    assert play(short, "Wyvern@MC").discards[1] == (ENGINE.catalog.find("Knight"),)


def test_full_board_outcomes() -> None:
    full = [
        ["Worg P1", "Worg P2", "Worg P2"],
        ["Worg P2", "Worg P1", "Worg P2"],
        ["Worg P2", "Worg P1", "."],
    ]
    # The ninth card captures (Nightmare's top 8 beats the Worg above, bottom 3) and makes
    # no line: 3 points to its player.
    state = play(position(full, (["Nightmare"], FILLER)), "Nightmare@BR")
    assert state.outcome == Outcome(0, 3, "full board: the last card captured")
    # Queen's top 3 only ties: nothing captured, the opponent scores 2.
    state = play(position(full, (["Queen"], FILLER)), "Queen@BR")
    assert state.outcome == Outcome(1, 2, "full board: the last card captured nothing")
    # A line made by the ninth card is a line win, as usual.
    line = [
        ["Worg P1", "Worg P2", "Worg P1"],
        ["Worg P2", "Worg P1", "Worg P2"],
        ["Worg P2", "Worg P1", "."],
    ]
    state = play(position(line, (["Nightmare"], FILLER)), "Nightmare@BR")
    assert state.outcome == Outcome(0, 2, "three in a line")


def test_illegal_moves_name_the_rule() -> None:
    state = position([[".", "Worg P2", "."], [".", ".", "."], [".", ".", "."]], (["Worg"], FILLER))
    with pytest.raises(IllegalMove, match="not in the hand"):
        play(state, "Griffin@TL")
    with pytest.raises(IllegalMove, match="is taken"):
        play(state, "Worg@TC")
    with pytest.raises(IllegalMove, match="no The over under"):
        play(state, "Worg@TL flip")


# --- notation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Worg@MC",
        "Ranger@BC flip",
        "Queen@MR swap BR",
        "discard Queen: Drake@BL",
        "discard King, Queen: Wyvern@BR insult Griffin",
        "Captain of the Guard@ML",
        "Chancellor@TL insult Goblin, Worg",
    ],
)
def test_notation_round_trips(text: str) -> None:
    assert str(Move.parse(text)) == text


@pytest.mark.parametrize("text", ["Worg", "Worg@XX", "@MC", "Worg@MC swap", "Worg@MC spin"])
def test_bad_notation(text: str) -> None:
    with pytest.raises(ValueError):
        Move.parse(text)


# --- properties ---------------------------------------------------------------------

DECKS = [
    ["Worg", "Worg", "Goblin", "Goblin", "Drake", "Griffin", "Owlbear", "Wyvern", "Queen", "Hydra"],
    ["Captain of the Guard"] * 5 + ["Knight", "Gargoyle", "Ranger", "Chimera", "Giant"],
    [
        "Worg",
        "Goblin",
        "Drake",
        "Captain of the Guard",
        "Worg",
        "Troll",
        "Chancellor",
        "Mysterious Stranger in the Corner of the Bar",
        "Ranger",
        "Wyvern",
    ],
]


def random_game(seed: int, engine: Scratch = ENGINE) -> list[State]:
    rng = random.Random(seed)
    a, b = rng.sample(DECKS, 2)
    state = engine.new_game((a, b), seed=seed, first=seed % 2)
    states = [state]
    while state.outcome is None:
        state = engine.apply(state, rng.choice(engine.legal_moves(state)))
        states.append(state)
    return states


def test_random_play_consistency() -> None:
    outcomes: Counter[str] = Counter()
    for seed in range(1000):
        states = random_game(seed)
        total = None
        for before, after in itertools.pairwise(states):
            moves = ENGINE.legal_moves(before)
            keys = [m.sort_key() for m in moves]
            assert keys == sorted(keys) and len(set(keys)) == len(keys)
            assert after.last is not None
            # The recorded move (Insult discards named) round-trips and replays the same.
            again = ENGINE.apply(before, Move.parse(str(after.last)))
            assert again == after
            cards = Counter(
                [c for c in after.cards if c >= 0]
                + [
                    c
                    for p in (0, 1)
                    for c in (*after.hands[p], *after.decks[p], *after.discards[p])
                ]
            )
            total = total or cards
            assert cards == total, "a card was lost or duplicated"
        final = states[-1].outcome
        assert final is not None and final.points in (2, 3)
        outcomes[final.reason] += 1
    assert len(outcomes) >= 4  # the games end in several different ways


def mirrored_engine() -> Scratch:
    pool = ScratchPool(dict(OFF.pool.rarities), dict(OFF.pool.factions), dict(OFF.pool.powers))
    for key, card in OFF.pool.cards.items():
        s = card.stats
        pool.cards[key] = ScratchCard(
            name=card.name,
            faction=card.faction,
            rarity=card.rarity,
            power=card.power,
            stats=Stats(top=s.top, right=s.left, bottom=s.bottom, left=s.right),
        )
    return Scratch(Catalog(pool), OFF.params)


MIRROR = [2, 1, 0, 5, 4, 3, 8, 7, 6]


def test_mirror_symmetry() -> None:
    mirror = mirrored_engine()
    for seed in range(200):
        rng = random.Random(seed)
        a, b = rng.sample(DECKS, 2)
        left = ENGINE.new_game((a, b), seed=seed)
        right = mirror.new_game((a, b), seed=seed)
        while left.outcome is None:
            move = rng.choice(ENGINE.legal_moves(left))
            flipped = Move(
                move.card,
                MIRROR[move.cell],
                move.flip,
                None if move.swap is None else MIRROR[move.swap],
            )
            left = ENGINE.apply(left, move)
            right = mirror.apply(right, flipped)
            assert [left.owner[MIRROR[i]] for i in range(9)] == list(right.owner)
            assert left.hands == right.hands
        assert left.outcome == right.outcome


def test_random_move_is_a_uniform_pick_from_the_legal_moves() -> None:
    for seed in range(150):
        for state in random_game(seed):
            if state.outcome is not None:
                continue
            moves = ENGINE.raw_moves(state)
            for k in range(3):
                expected = moves[draw(random.Random(seed * 10 + k), len(moves))]
                assert ENGINE.random_move(state, random.Random(seed * 10 + k)) == expected


def test_deals_are_pinned_so_records_replay_on_every_python() -> None:
    # A record with a seed replays only if the shuffle never changes: these numbers
    # come from random.Random(11).random(), whose sequence Python keeps stable.
    assert random.Random(11).random() == 0.4523795535098186
    cards = list(range(10))
    shuffle(random.Random(11), cards)
    assert cards == [8, 9, 1, 0, 2, 6, 3, 7, 5, 4]
    state = ENGINE.deal((list(range(10)), list(range(10, 20))), seed=11)
    assert state.hands == ((8, 9, 1, 0, 2), (15, 11, 19, 16, 13))
