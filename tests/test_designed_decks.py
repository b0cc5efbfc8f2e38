"""Decks of a game of your own, checked against the deck rules its game file declares:
the example game's two sample decks are legal, and a deck that breaks every kind of
rule is told so at the lines that break them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, run_in_process

from kitgen.entry import main
from kitgen.model.deck_rules import DeckRules
from kitgen.paths import data_dir
from kitgen.rules.deck_rules import Entry, FieldInfo, check_deck, check_rules

EXAMPLE = data_dir() / "examples" / "emberwake"
ILLEGAL = FIXTURES / "designed" / "illegal-emberwake-deck.yaml"


def findings(path: Path) -> tuple[int, list[tuple[str, int, str]]]:
    status, out, _err = run_in_process(main, "check", "--format", "json", str(path))
    report = json.loads(out)
    found = [
        (str(f["code"]), int(f["line"]), str(f["message"]))
        for entry in report["files"]
        for f in entry["findings"]
    ]
    return status, sorted(found, key=lambda f: (f[1], f[0]))


def test_the_example_games_sample_decks_are_legal() -> None:
    decks = sorted((EXAMPLE / "decks").glob("*.yaml"))
    assert len(decks) == 2
    for deck in decks:
        assert findings(deck) == (0, [])


def test_a_deck_that_breaks_every_rule_is_told_where(tmp_path: Path) -> None:
    game = tmp_path / "emberwake"
    shutil.copytree(EXAMPLE, game)
    deck = game / "decks" / "wrong.yaml"
    shutil.copy(ILLEGAL, deck)
    status, found = findings(deck)
    assert status == 1
    assert [(code, line) for code, line, _ in found] == [
        (
            "deck-count",
            5,
        ),  # 8 creatures, 10 needed: the deck's `cards:`
        ("deck-size", 5),
        ("too-many-copies", 6),  # Cinder Pup, with line 19's copy
        ("too-many-copies", 7),  # a relic
        ("banned-card", 8),
        ("deck-count", 13),  # the ninth spell
        ("deck-total", 16),  # the cost passes 60 here
        ("merged-entries", 19),
        ("unknown-card", 20),
        ("sideboard-size", 21),
    ]
    said = {line: message for _, line, message in found if line != 5}
    assert said[6] == "5 copies of Cinder Pup; a card may appear at most 3 times"
    assert said[7] == "2 copies of Brazier; a relic may appear once"
    assert said[8] == "Forge Titan is banned"
    assert said[13] == "9 cards with type spell with Renewal; a deck has at most 8"
    assert (
        said[16] == "the cards' cost adds up to 62 with Elder Oak; a deck's adds up to at most 60"
    )
    assert "did you mean 'Firebolt'" in said[20]
    assert said[21] == "the sideboard has 6 cards; a sideboard has at most 5"
    on_cards = sorted(message for _, line, message in found if line == 5)
    assert on_cards == [
        "the deck has 26 cards; a deck has 20 to 24",
        "the deck has 9 cards with type creature; it needs at least 10",
    ]


CARDS = {
    "Goblin": {"type": "unit", "rarity": "common", "cost": 1},
    "Dragon": {"type": "unit", "rarity": "rare", "cost": 6},
    "Fireball": {"type": "spell", "rarity": "rare", "cost": 3},
    "Spark": {"type": "spell", "rarity": "common", "cost": 0},
}
FIELDS = {
    "type": FieldInfo("choice", ("unit", "spell")),
    "rarity": FieldInfo("choice", ("common", "rare")),
    "cost": FieldInfo("integer"),
    "name": FieldInfo("text"),
}


def rules(**values: object) -> DeckRules:
    return DeckRules.model_validate(values)


def test_one_of_several_values_and_several_conditions() -> None:
    either = rules(at_least=[{"where": {"type": ["unit", "spell"], "rarity": "rare"}, "count": 3}])
    deck = [Entry("Dragon", 1), Entry("Fireball", 1), Entry("Goblin", 4)]
    (only,) = check_deck(either, CARDS, deck)
    assert only.message == (
        "the deck has 2 cards with type unit or spell and rarity rare; it needs at least 3"
    )
    assert check_deck(either, CARDS, [Entry("Dragon", 1), Entry("Fireball", 2)]) == []


def test_size_given_as_a_number_is_exact_and_a_sideboard_needs_a_rule() -> None:
    exact = rules(size=4)
    assert check_deck(exact, CARDS, [Entry("Goblin", 4)]) == []
    (wrong,) = check_deck(exact, CARDS, [Entry("Goblin", 3)])
    assert wrong.message == "the deck has 3 cards; a deck has exactly 4"
    (side,) = check_deck(exact, CARDS, [Entry("Goblin", 4)], [Entry("Spark", 1)])
    assert (side.code, side.message) == ("sideboard-size", "this game's decks have no sideboard")


def test_copies_count_the_sideboard_too_and_restricted_cards_once() -> None:
    limits = rules(copies={"max": 3}, restricted=["Spark"], sideboard={"max": 5})
    (over,) = check_deck(limits, CARDS, [Entry("Goblin", 2)], [Entry("Goblin", 2)])
    assert over.message == "4 copies of Goblin; a card may appear at most 3 times"
    (once,) = check_deck(limits, CARDS, [Entry("Spark", 2)])
    assert once.message == "2 copies of Spark; it is restricted to one copy"


def test_bad_rules_are_found_in_the_rules() -> None:
    bad = rules(
        at_least=[{"where": {"colour": "red"}, "count": 1}],
        at_most=[{"where": {"type": "trap"}, "count": 1}],
        copies={"max": 2, "by": {"rarity": {"mythic": 1}}},
        total=[{"field": "rarity", "max": 3}],
    )
    messages = sorted(f.message for f in check_rules(bad, FIELDS))
    assert messages == [
        "'colour' is no field of the game's cards",
        "`total` adds up whole numbers; rarity is choice",
        "rarity is never 'mythic'; its values: common, rare",
        "type is never 'trap'; its values: unit, spell",
    ]


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"size": {"min": 40, "max": 30}}, r"`min` \(40\) is more than `max` \(30\)"),
        ({"size": {}}, "give `min`, `max` or both"),
        ({"at_least": [{"where": {}, "count": 1}]}, "at least 1"),
        ({"copies": {"max": 2.5}}, "integer"),
    ],
)
def test_rules_that_contradict_themselves_are_refused(
    values: dict[str, object], words: str
) -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match=words):
        DeckRules.model_validate(values)


def test_a_legal_deck_prints_alone_and_an_illegal_one_does_not(tmp_path: Path) -> None:
    out = tmp_path / "out"
    deck = EXAMPLE / "decks" / "ember-rush.yaml"
    status, stdout, err = run_in_process(main, "build", str(deck), "-o", str(out))
    assert status == 0, err
    assert stdout.splitlines() == [str(out / "emberwake" / "emberwake-ember-rush-deck.pdf")]
    status, _out, err = run_in_process(main, "export", "tts", str(deck), "-o", str(out))
    assert status == 0, err
    saved = json.loads(next(out.rglob("*.json")).read_text(encoding="utf-8"))
    names = [obj["Nickname"] for obj in saved["ObjectStates"][0]["ContainedObjects"]]
    assert len(names) == 20 + 3  # the deck, then its sideboard
    assert names.count("Cinder Pup") == 3 and names.count("Thorn Boar") == 2
    game = tmp_path / "emberwake"
    shutil.copytree(EXAMPLE, game)
    shutil.copy(ILLEGAL, game / "decks" / "wrong.yaml")
    status, _out, err = run_in_process(
        main, "build", str(game / "decks" / "wrong.yaml"), "-o", str(tmp_path / "none")
    )
    assert status == 1
    assert not (tmp_path / "none").exists() or not any((tmp_path / "none").rglob("*.pdf"))


def test_new_deck_writes_a_legal_deck_of_a_game_of_your_own(tmp_path: Path) -> None:
    game = tmp_path / "emberwake"
    shutil.copytree(EXAMPLE, game)
    status, out, err = run_in_process(
        main, "new", "deck", "First Flame", "--game", "emberwake", "--dir", str(game / "decks")
    )
    assert status == 0, err
    written = game / "decks" / "first-flame.yaml"
    assert out.splitlines() == [str(written)]
    assert findings(written) == (0, [])
    text = written.read_text(encoding="utf-8")
    assert "Forge Titan" not in text  # banned
    # A game whose rules no deck of its cards can meet: one line, exit 1, nothing written.
    rules = game / "game.yaml"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace(
            "at_least: [{where: {type: creature}, count: 10}]",
            "at_least: [{where: {type: relic}, count: 10}]",
        ),
        encoding="utf-8",
    )
    status, out, err = run_in_process(
        main, "new", "deck", "Relics", "--game", "emberwake", "--dir", str(game / "decks")
    )
    assert status == 1 and "no simple legal deck" in err
    assert not (game / "decks" / "relics.yaml").exists()


def test_in_play_limits_warn_and_leave_the_deck_legal() -> None:
    limits = rules(
        in_play=[
            {"where": {"rarity": "rare"}},
            {"where": {"type": "unit"}, "one_per": "rarity"},
        ]
    )
    deck = [Entry("Goblin", 2), Entry("Dragon", 2), Entry("Fireball", 1)]
    found = check_deck(limits, CARDS, deck)
    # Two Dragons: one rare of each name may be in play. Goblin and Dragon are units of
    # two rarities: one unit per rarity lets both be in play.
    assert [(f.code, f.severity) for f in found] == [("extra-copy", "warning")]
    assert found[0].message.startswith("2 copies of Dragon: only one of each card with rarity rare")
    two_units = check_deck(
        rules(in_play=[{"where": {"type": "unit"}, "one_per": "type"}]), CARDS, deck
    )
    assert [f.message for f in two_units] == [
        "Goblin and Dragon both have type unit; only one card with type unit of each type "
        "can be in play at a time"
    ]
    assert check_rules(rules(in_play=[{"where": {"type": "unit"}, "one_per": "colour"}]), FIELDS)


def test_deck_statistics_in_the_terminal_and_in_json() -> None:
    deck = EXAMPLE / "decks" / "ember-rush.yaml"
    status, out, _err = run_in_process(main, "check", "--stats", str(deck))
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == f"{deck}: 20 cards, sideboard 3"
    assert "    1 ######## 8" in lines  # eight cards cost 1
    assert "  type: creature 12, spell 7, relic 1" in lines
    assert "  rule size: 20 (min 20, max 24): at its limit" in lines
    assert "  rule at_most (type spell): 7 (max 8): 1 to spare (close)" in lines
    status, out, _err = run_in_process(main, "check", "--stats", "-f", "json", str(deck))
    stats = json.loads(out)["files"][0]["stats"]
    assert stats["cards"] == 20 and stats["sideboard"] == 3
    assert stats["curves"]["cost"] == {"0": 4, "1": 8, "2": 3, "3": 4, "5": 1}
    assert stats["counts"]["faction"] == {"flame": 14, "grove": 2, "neutral": 4}
    total = next(rule for rule in stats["rules"] if rule["rule"] == "total")
    assert total == {
        "rule": "total",
        "field": "cost",
        "value": 31,
        "min": None,
        "max": 60,
        "spare": 29,
        "close": False,
    }
    status, out, _err = run_in_process(main, "check", "-f", "json", str(deck))
    assert "stats" not in json.loads(out)["files"][0]  # only when asked for


def test_the_booklet_draws_cards_and_says_the_deck_rules_check_enforces(
    tmp_path: Path,
) -> None:
    from pypdf import PdfReader

    out = tmp_path / "out"
    status, stdout, err = run_in_process(main, "build", str(EXAMPLE), "-o", str(out))
    assert status == 0, err
    reading = out / "emberwake" / "emberwake-rules.pdf"
    assert str(reading) in stdout.splitlines()
    text = " ".join(page.extract_text() for page in PdfReader(str(reading)).pages)
    text = " ".join(text.split())
    assert "A deck has 20 to 24 cards." in text  # generated from deck_rules
    assert "a deck of 20 cards with a dozen creatures" in text  # {{ deck.size.min }}
    assert "Ember Knight" in text  # the card figure draws the card's own name
    game = tmp_path / "emberwake"
    shutil.copytree(EXAMPLE, game)
    rules = game / "rules.yaml"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("{card: Firebolt}", "{card: Firebol}"),
        encoding="utf-8",
    )
    status, found = findings(rules)
    assert status == 1
    assert [code for code, _line, _message in found] == ["unknown-card"]
    assert "did you mean 'Firebolt'" in found[0][2]


def test_scratchs_deck_rules_are_written_in_the_language_and_agree_with_its_numbers(
    tmp_path: Path,
) -> None:
    from kitgen.games.scratch.load import official
    from kitgen.games.scratch.rules import default_deck_rules

    game = official().game
    written = official().deck_rules  # read without validating again (start-up)
    assert written is not None
    assert written.model_dump() == default_deck_rules(game.parameters).model_dump()
    from kitgen.model.deck_rules import DeckRules

    # ... and the same as the validators read them
    assert DeckRules.model_validate(game.deck_rules).model_dump() == written.model_dump()
    text = (data_dir() / "scratch" / "game.yaml").read_text(encoding="utf-8")
    wrong = tmp_path / "game.yaml"
    wrong.write_text(text.replace("count: 5}]", "count: 6}]"), encoding="utf-8")
    status, found = findings(wrong)
    assert status == 1
    assert [code for code, _line, _message in found] == ["invalid-value"]
    assert "as `min_commons` does" in found[0][2]
    # Rules the language refuses are found where written in the game file.
    wrong.write_text(text.replace("size: 10\n", "size: {min: 12, max: 10}\n"), encoding="utf-8")
    status, found = findings(wrong)
    line = text.splitlines().index("  size: 10") + 1
    assert (status, [(code, at) for code, at, _message in found]) == (
        1,
        [("invalid-value", line)],
    )


def test_a_where_picks_by_a_field_with_a_list_of_values() -> None:
    fields = {**FIELDS, "art": FieldInfo("image")}
    by_name = rules(at_least=[{"where": {"name": "Goblin"}, "count": 1}])
    (found,) = check_rules(by_name, fields)
    assert "name is text" in found.message and "`banned` or `restricted`" in found.message
    by_cost = rules(at_most=[{"where": {"cost": [5, 6]}, "count": 2}])
    assert check_rules(by_cost, fields) == []
    (odd,) = check_rules(rules(at_most=[{"where": {"cost": "high"}, "count": 2}]), fields)
    assert odd.message == "cost is a whole number, never 'high'"
    (art,) = check_rules(rules(copies={"max": 2, "by": {"art": {"x.png": 1}}}), fields)
    assert "art is image" in art.message
