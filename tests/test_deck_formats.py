"""Deck rules a living card game needs (issue 39): an identity, `same`, sums over the
cards a condition picks, rules that hold for some decks (`when`) and numbers worked
out for each deck (expressions), formats of play, the sideboard's part in each rule,
the findings of rules that cannot be read or never apply, and the rules in a player's
words. tests/test_example_thornwall.py checks the example game built on them."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import checked, designed_game, line_of, run_in_process

from kitgen.entry import main

FIELDS = (
    "  name: {type: text}\n"
    "  side: {type: choice, values: [light, dark]}\n"
    "  faction: {type: choice, values: [sun, moon, star, none]}\n"
    "  type: {type: choice, values: [leader, unit, spell]}\n"
    "  cost: {type: integer, min: 0, max: 9, required: false}\n"
    "  influence: {type: integer, min: 0, max: 5, required: false}\n"
    "  limit: {type: integer, min: 0, max: 30, required: false, curve: false}\n"
    "  size: {type: integer, min: 1, max: 40, required: false}\n"
    "  rarity: {type: choice, values: [common, rare], required: false}\n"
)
CARDS = """name,side,faction,type,cost,influence,limit,size,rarity
Sun Queen,light,sun,leader,,,4,6,
Moon King,dark,moon,leader,,,2,5,
Dawn Guard,light,sun,unit,1,1,,,common
Noon Blade,light,sun,unit,2,1,,,common
Star Seer,light,star,unit,3,2,,,rare
Moon Moth,light,moon,spell,1,3,,,common
Dusk Cat,dark,moon,unit,1,1,,,common
Night Owl,dark,moon,unit,2,1,,,common
Wandering Star,light,none,spell,0,0,,,common
"""
FACE = (
    "game: sides\nkind: layout\nelements:\n"
    "  - {type: text, text: '{{ name }}', x: 5mm, y: 5mm, width: 50mm, height: 10mm}\n"
)
RULES = """deck_rules:
  identity: {where: {type: leader}}
  size: {min: identity.size, max: 8}
  copies: {max: 3}
  same: [side]
  total:
    - {name: influence, field: influence, where: "faction != identity.faction",
       max: identity.limit}
  sideboard: {max: 3}
"""


def make(folder: Path, rules: str = RULES, cards: str = CARDS) -> Path:
    """The game `sides` in `folder`, with these deck rules (YAML under the game file's
    top level); its game file's path."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cards.csv").write_text(cards, encoding="utf-8")
    (folder / "face.yaml").write_text(FACE, encoding="utf-8")
    game = folder / "game.yaml"
    game.write_text(designed_game("sides", FIELDS) + rules, encoding="utf-8")
    return game


def deck_file(folder: Path, body: str, name: str = "deck.yaml") -> Path:
    path = folder / name
    path.write_text(f"game: sides\nkind: deck\nname: A deck\n{body}", encoding="utf-8")
    return path


LEGAL = "identity: Sun Queen\ncards:\n  Dawn Guard: 3\n  Noon Blade: 2\n  Star Seer: 1\n"


def test_a_legal_deck_checks_clean(tmp_path: Path) -> None:
    make(tmp_path)
    assert checked(tmp_path / "game.yaml", deck_file(tmp_path, LEGAL)) == (0, [])


def test_the_identity_sets_the_size_and_the_influence(tmp_path: Path) -> None:
    make(tmp_path)
    short = deck_file(tmp_path, "identity: Sun Queen\ncards:\n  Dawn Guard: 3\n  Noon Blade: 2\n")
    assert checked(short)[1] == [("deck-size", "error", "deck.yaml", 5, 1)]
    # The Moon King's decks may have 5 cards, and 2 influence of other factions.
    status, found = checked(
        deck_file(tmp_path, "identity: Moon King\ncards:\n  Dusk Cat: 3\n  Night Owl: 2\n")
    )
    assert (status, found) == (0, [])
    # Moon Moth is of the Sun Queen's side, not the moon's: 3 influence of 4, then
    # Star Seer's 2 more is over at its line.
    over = deck_file(
        tmp_path,
        "identity: Sun Queen\ncards:\n  Dawn Guard: 3\n  Moon Moth: 1\n  Star Seer: 1\n"
        "  Noon Blade: 1\n",
    )
    status, found = checked(over)
    assert found == [("deck-total", "error", "deck.yaml", line_of(over, "Star Seer"), 3)]
    _, out, _ = run_in_process(main, "check", str(over))
    assert (
        "influence: the influence of the cards whose faction is not its identity's adds up to 5 "
        "with Star Seer; a deck's adds up to at most 4"
    ) in out


def test_same_holds_for_the_sideboard_too(tmp_path: Path) -> None:
    make(tmp_path)
    path = deck_file(tmp_path, LEGAL + "sideboard:\n  Night Owl: 1\n")
    assert checked(path)[1] == [("deck-mismatch", "error", "deck.yaml", 10, 3)]


def test_the_sideboard_counts_for_copies_and_bans_not_for_size_or_sums(tmp_path: Path) -> None:
    make(tmp_path, RULES + "  banned: [Moon Moth]\n")
    # 3 Dawn Guard in the deck and 1 in the sideboard: 4 copies (max 3), at the
    # sideboard's line; the banned Moon Moth in the sideboard is banned there; its 3
    # influence do not count (the deck's size and sums are its own).
    path = deck_file(tmp_path, LEGAL + "sideboard:\n  Dawn Guard: 1\n  Moon Moth: 1\n")
    status, found = checked(path)
    assert status == 1
    assert found == [
        ("banned-card", "error", "deck.yaml", 11, 3),
        ("too-many-copies", "error", "deck.yaml", 10, 3),
    ]


def test_an_identity_among_the_cards_or_missing_or_unknown(tmp_path: Path) -> None:
    make(tmp_path)
    among = deck_file(tmp_path, LEGAL + "  Moon King: 1\n")
    assert checked(among)[1] == [
        ("deck-identity", "error", "deck.yaml", 9, 3),  # (and of the other side)
        ("deck-mismatch", "error", "deck.yaml", 9, 3),
    ]
    missing = deck_file(tmp_path, "cards:\n  Dawn Guard: 3\n  Noon Blade: 3\n")
    assert checked(missing)[1] == [("missing-key", "error", "deck.yaml", 4, 1)]  # (cards:)
    unknown = deck_file(tmp_path, LEGAL.replace("Sun Queen", "Sun Quen"))
    status, out, _ = run_in_process(main, "check", str(unknown))
    assert status == 1 and "unknown-card no card called 'Sun Quen'" in out
    assert "did you mean 'Sun Queen'" in out


def test_an_identity_in_a_game_without_one_is_an_unknown_key(tmp_path: Path) -> None:
    make(tmp_path, "deck_rules:\n  size: {min: 6}\n")
    path = deck_file(tmp_path, LEGAL)
    assert checked(path)[1] == [("unknown-key", "error", "deck.yaml", 4, 11)]


def test_when_holds_a_rule_for_some_decks_and_numbers_scale_with_the_deck(
    tmp_path: Path,
) -> None:
    rules = RULES.replace("  sideboard: {max: 3}\n", "") + (
        "  at_least:\n"
        "    - {name: spells, when: \"identity.side == 'light'\", where: {type: spell},\n"
        '       count: "size // 4"}\n'
    )
    make(tmp_path, rules)
    # 6 cards of the light side need 6 // 4 = 1 spell, 8 cards 2.
    six = deck_file(tmp_path, LEGAL)
    assert checked(six)[1] == [("deck-count", "error", "deck.yaml", 5, 1)]
    ok = deck_file(tmp_path, LEGAL + "  Wandering Star: 1\n", "ok.yaml")
    assert checked(ok) == (0, [])
    eight = deck_file(
        tmp_path,
        "identity: Sun Queen\ncards:\n  Dawn Guard: 3\n  Noon Blade: 3\n  Star Seer: 1\n"
        "  Wandering Star: 1\n",
        "eight.yaml",
    )
    status, out, _ = run_in_process(main, "check", str(eight))
    assert status == 1
    assert "spells: the deck has 1 card with type spell; it needs at least 2" in out
    # The dark side is under no such rule.
    dark = deck_file(tmp_path, "identity: Moon King\ncards:\n  Dusk Cat: 3\n  Night Owl: 2\n")
    assert checked(dark) == (0, [])


def test_an_expression_that_fails_for_a_deck_leaves_its_rule_unchecked(tmp_path: Path) -> None:
    rules = RULES.replace("max: identity.limit", "max: identity.cost")  # (a leader has none)
    make(tmp_path, rules)
    path = deck_file(tmp_path, LEGAL)
    status, out, _ = run_in_process(main, "check", str(path))
    assert status == 1
    assert "deck-not-checked the rule 'influence' could not be checked:" in out
    assert "identity.cost" in out


def test_formats_change_the_rules(tmp_path: Path) -> None:
    rules = RULES + (
        "  banned: [Star Seer]\n"
        "  formats:\n"
        "    strict: {}\n"
        "    open: {banned: [], drop: [influence, same]}\n"
        "    short: {size: 3, at_most: [{where: {rarity: rare}, count: 0}]}\n"
    )
    make(tmp_path, rules)
    base = deck_file(tmp_path, LEGAL)  # (no format: the first, strict)
    assert checked(base)[1] == [("banned-card", "error", "deck.yaml", 8, 3)]
    opened = deck_file(
        tmp_path, "format: Open\n" + LEGAL + "  Moon Moth: 1\n  Dusk Cat: 1\n", "open.yaml"
    )
    assert checked(opened) == (0, [])
    short = deck_file(
        tmp_path, "format: short\nidentity: Sun Queen\ncards:\n  Dawn Guard: 3\n", "short.yaml"
    )
    assert checked(short) == (0, [])
    status, out, _ = run_in_process(main, "check", "--play-format", "short", str(base))
    assert status == 1 and "deck-size the deck has 6 cards; a deck has exactly 3" in out
    assert "banned-card" in out and "deck-count" in out
    assert "deck-count 1 card with rarity rare with Star Seer; a deck has at most 0" in out
    unknown = deck_file(tmp_path, "format: casual\n" + LEGAL, "casual.yaml")
    status, out, _ = run_in_process(main, "check", str(unknown))
    assert status == 1
    assert "unknown-key `format:` casual is no format of this game" in out
    assert "its formats: strict, open, short" in out
    status, out, _ = run_in_process(main, "check", "--play-format", "casual", str(base))
    assert status == 1 and "--play-format casual is no format of this game" in out


def test_a_format_in_a_game_without_formats_is_an_unknown_key(tmp_path: Path) -> None:
    make(tmp_path)
    path = deck_file(tmp_path, "format: open\n" + LEGAL)
    assert checked(path)[1] == [("unknown-key", "error", "deck.yaml", 4, 9)]


@pytest.mark.parametrize(
    ("rule", "code", "words"),
    [
        ('  at_least: [{where: "cost >", count: 1}]\n', "invalid-value", "cannot be read"),
        ('  at_least: [{where: "colour == 1", count: 1}]\n', "unknown-key", "'colour'"),
        (
            "  at_least: [{where: {type: unit}, count: identity.colour}]\n",
            "unknown-key",
            "'colour'",
        ),
        ('  at_least: [{where: {type: unit}, count: "totals.name"}]\n', "unknown-key", "totals"),
        ('  at_least: [{where: {type: unit}, count: "cards"}]\n', "unknown-key", "'cards'"),
        ('  at_least: [{where: "x | attr(1)", count: 1}]\n', "invalid-value", "`attr`"),
        ("  formats: {x: {same: [colour]}}\n", "unknown-key", "no field"),
        ("  formats: {open: {drop: [influnce]}}\n", "unknown-key", "`drop` names 'influnce'"),
        ("  formats: {open: {banned: [Nobody]}}\n", "unknown-card", "'Nobody'"),
    ],
)
def test_rules_that_cannot_be_read_are_findings_at_their_line(
    tmp_path: Path, rule: str, code: str, words: str
) -> None:
    game = make(tmp_path, RULES + rule)
    status, out, _ = run_in_process(main, "check", str(game))
    assert status == 1, out
    line = len(game.read_text(encoding="utf-8").splitlines())
    assert f"game.yaml:{line}:" in out and code in out and words in out, out
    # Every deck of the game is then `deck-not-checked`, its names still checked.
    deck = deck_file(tmp_path, LEGAL)
    assert ("deck-not-checked", "error", "deck.yaml", 5, 1) in checked(deck)[1]


def test_identity_read_by_rules_with_no_identity(tmp_path: Path) -> None:
    game = make(tmp_path, "deck_rules:\n  size: {min: identity.size}\n")
    status, out, _ = run_in_process(main, "check", str(game))
    assert status == 1
    assert "reads the deck's identity, but the deck rules name none" in out


def test_rules_that_never_apply_are_warned_of(tmp_path: Path) -> None:
    rules = (
        "deck_rules:\n"
        "  copies: {max: 2, by: {rarity: {rare: 4}}}\n"
        "  in_play: [{where: {type: unit}, one_per: rarity}]\n"
    )
    cards = CARDS.replace(
        "Star Seer,light,star,unit,3,2,,,rare", "Star Seer,light,star,unit,3,2,,,"
    )
    game = make(tmp_path, rules, cards)
    status, out, _ = run_in_process(main, "check", str(game))
    assert status == 0
    copies, in_play = line_of(game, "copies:"), line_of(game, "in_play:")
    assert f"game.yaml:{copies}:" in out and "allows a rare 4 times, more than `max` (2)" in out
    assert f"game.yaml:{in_play}:" in out
    assert "1 of the cards this rule limits have no rarity (Star Seer)" in out


def test_stats_leave_out_empty_fields_and_curves_declared_meaningless(tmp_path: Path) -> None:
    make(tmp_path)
    path = deck_file(tmp_path, LEGAL)
    status, out, _ = run_in_process(main, "check", "--stats", str(path))
    assert status == 0
    assert "  cost:" in out  # a curve
    assert "  limit:" not in out  # curve: false (and empty in the deck)
    assert "  size:" not in out  # no card of the deck has a size
    assert (
        "  influence: The influence of its cards whose faction is not its identity's adds up "
        "to at most 4. This deck: 2, 2 to spare."
    ) in out.splitlines()


def test_the_rules_in_a_players_words(tmp_path: Path) -> None:
    from kitgen.games.designed.load import load_design
    from kitgen.rules.deck_rules import summary

    rules = RULES + (
        "  at_least: [{where: {type: leader}, count: 1}]\n"
        "  at_most: [{where: {rarity: rare}, count: 0}]\n"
        "  formats: {standard: {}, open: {drop: [influence]}}\n"
    )
    make(tmp_path, rules.replace("copies: {max: 3}", "copies: {max: 3, by: {cost: {1: 1}}}"))
    design = load_design("sides", str(tmp_path))
    assert design.file is not None and design.file.deck_rules is not None
    said = summary(design.file.deck_rules, design.field_infos())
    assert said == [
        "A deck is led by an identity: one leader card, named apart from its cards (it is not "
        "one of them).",
        "A deck has at least its identity's size in cards, and at most 8 cards.",
        "A deck may hold a card at most 3 times; a card with cost 1 at most once.",
        "Every card of a deck has its identity's side.",
        "A deck holds at least 1 leader card.",
        "A deck holds no rare cards.",
        "The influence of its cards whose faction is not its identity's adds up to at most its "
        "identity's limit.",
        "A sideboard holds at most 3 cards.",
        "The standard format (the usual one) plays by these rules.",
        "In the open format, the rule of influence does not hold.",
    ]
    assert not any("a 1 once" in line or "1 cards" in line for line in said)
