"""Names in any script (issue 35, item 15): a name is looked up by its Unicode identity
(NFC, case folded, spacing and punctuation aside), never by an ASCII slug, so Greek and
Cyrillic card names are told apart in decks, records, figures and tuning pools; and
files named after cards keep their letters (`012-πελαργός.png`)."""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
from pathlib import Path

from conftest import line_of, run_in_process, write
from hypothesis import given
from hypothesis import strategies as st

from kitgen.entry import main
from kitgen.paths import data_dir

EMBERWAKE = data_dir() / "examples" / "emberwake"
NFD = "Πελαργο\u0301ς"  # Πελαργός with its accent typed as a combining mark

GREEK_CARDS = """game: scratch
kind: cards
cards:
  - name: Буря
    faction: monster
    rarity: common
    stats: {top: 6, right: 5, bottom: 4, left: 4}
  - name: Πελαργός
    faction: monster
    rarity: common
    stats: {top: 7, right: 4, bottom: 4, left: 4}
"""


def check(*paths: Path | str) -> tuple[int, list[tuple[str, str, int, str]]]:
    """`kitgen check`'s status and findings: (file name, code, line, message)."""
    status, out, err = run_in_process(main, "check", "--format", "json", *map(str, paths))
    assert "Traceback" not in err, err
    report = json.loads(out)
    found = [
        (Path(entry["path"]).name, str(f["code"]), int(f["line"]), str(f["message"]))
        for entry in report["files"]
        for f in entry["findings"]
    ]
    return status, sorted(found)


# --- The key -----------------------------------------------------------------------


def test_names_in_other_scripts_are_themselves() -> None:
    from kitgen.names import name_key

    assert name_key("Πελαργός") != name_key("Буря") != name_key("Ξένος")
    assert name_key("ΠΕΛΑΡΓΌΣ") == name_key("Πελαργός") == name_key(NFD)
    assert name_key("Πελαργός!") == name_key("πελαργός") == name_key(" Πε-λαρ γός ")
    assert name_key("Café") != name_key("Cafe")  # an accent is part of the letter
    assert name_key("STRASSE") == name_key("Straße")  # case folded, not lower-cased
    assert name_key("Fire\u00adball") == name_key("Fire\u200bball") == name_key("Fireball")
    # Compatibility forms are not the letters they look like (NFC, not NFKC).
    assert name_key("\uff26ire") != name_key("Fire")
    assert name_key("\u2460") != name_key("1")  # a circled digit is no digit 1
    assert name_key("\ufb01re") == name_key("fire")  # (case folding spells a ligature out)


def test_a_name_with_no_letter_or_digit_is_only_itself() -> None:
    from kitgen.names import name_key

    assert name_key("!!!") == name_key("! ! !") != name_key("???")
    assert name_key("★") != name_key("♠") != name_key("")
    assert name_key("★") != name_key("Буря")  # (it was "" like every Cyrillic name)
    assert name_key("★\ufe0f") == name_key("★")  # a variation selector shows nothing


@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=40))
def test_ascii_names_match_exactly_as_they_always_did(name: str) -> None:
    """Case, spacing and punctuation aside, nothing more, nothing less (formats.md 1.4):
    the key of every name that has a letter or a digit is the one kitgen always made."""
    from kitgen.names import name_key

    before = re.sub(r"[^0-9a-z]+", "", name.casefold())
    if before:
        assert name_key(name) == before
    else:
        assert not re.search(r"[0-9a-z]", name_key(name))


def test_player_names_fold_case_and_spacing_in_any_script() -> None:
    from kitgen.names import fold, fold_words

    assert fold("ZOË") == fold("zoe\u0308") == "zoë"
    assert fold_words("  Zoë   ANA ") == fold_words("zoe\u0308 ana")


# --- Scratch decks -------------------------------------------------------------------


def test_a_scratch_deck_tells_greek_and_cyrillic_cards_apart(tmp_path: Path) -> None:
    cards = write(tmp_path, "greek.yaml", GREEK_CARDS)
    deck = Path(
        write(
            tmp_path,
            "deck.yaml",
            "game: scratch\nkind: deck\nname: Ελληνικά\nuses: [greek.yaml]\ncards:\n"
            "  Πελαργός: 2\n  Ξένος: 1\n  БУРЯ: 2\n  Worg: 2\n  Goblin: 2\n  Drake: 1\n",
        )
    )
    status, found = check(cards, deck)
    # Before: `duplicate-card` for Πελαργός (read as Буря), and `merged-entries` on
    # lines 7 and 8 (Ξένος and БУРЯ both read as Буря).
    assert status == 1
    assert [(name, code, line) for name, code, line, _ in found] == [
        ("deck.yaml", "unknown-card", line_of(deck, "Ξένος"))
    ]
    from kitgen.games.scratch.load import scratch_pool
    from kitgen.load.documents import read_document

    pool, _ = scratch_pool(read_document(str(deck)))
    for name, top in (("Πελαργός", 7), ("ΠΕΛΑΡΓΌΣ", 7), (NFD, 7), ("буря", 6)):
        card = pool.card(name)
        assert card is not None and card.stats.top == top, name
    assert pool.card("Ξένος") is None


def test_a_misspelt_greek_card_gets_a_did_you_mean(tmp_path: Path) -> None:
    write(tmp_path, "greek.yaml", GREEK_CARDS)
    deck = Path(
        write(
            tmp_path,
            "deck.yaml",
            "game: scratch\nkind: deck\nname: Typo\nuses: [greek.yaml]\ncards:\n"
            "  Πελαργος: 5\n  Worg: 2\n  Goblin: 2\n  Drake: 1\n",
        )
    )
    _, found = check(deck)
    [(_, code, line, message)] = found
    assert (code, line) == ("unknown-card", 6)
    assert "did you mean 'Πελαργός'?" in message


def test_two_scratch_cards_whose_names_differ_only_in_punctuation_are_one_name(
    tmp_path: Path,
) -> None:
    text = GREEK_CARDS.replace("name: Буря", "name: Πελαργός!")
    cards = Path(write(tmp_path, "greek.yaml", text))
    _, found = check(cards)
    second = text.splitlines().index("  - name: Πελαργός") + 1
    assert [(code, line) for _, code, line, _ in found] == [("duplicate-card", second)]


# --- Scratch records -----------------------------------------------------------------


def test_a_scratch_record_plays_the_greek_card_it_names(tmp_path: Path) -> None:
    write(tmp_path, "greek.yaml", GREEK_CARDS)
    hand = "[Πελαργός, Буря, Worg, Goblin, Drake, Worg, Goblin, Drake, Worg, Goblin]"
    record = Path(
        write(
            tmp_path,
            "record.yaml",
            "game: scratch\nkind: record\nuses: [greek.yaml]\ndeal:\n"
            f"  P1: {hand}\n  P2: {hand}\nmoves:\n  - {NFD}@MC\n  - БУРЯ@TC\n",
        )
    )
    status, found = check(record)
    assert (status, found) == (0, [])  # before: duplicate-card, and `no card called`
    status, out, err = run_in_process(main, "replay", str(record))
    assert status == 0, err
    assert "Буря/P2" in out and "Πελαργός/P1" in out  # each the card its move named
    unknown = Path(write(tmp_path, "unknown.yaml", record.read_text().replace("Буря,", "Ξένος,")))
    _, found = check(unknown)
    assert ("unknown.yaml", "unknown-card", 5) in [f[:3] for f in found]


# --- A designed game: decks, figures, exported file names -----------------------------


def emberwake(tmp_path: Path, renames: dict[str, str]) -> Path:
    """A copy of the example game with cards renamed, in its data, its decks and its
    rules (whose figures name cards)."""
    game = tmp_path / "emberwake"
    shutil.copytree(EMBERWAKE, game)
    csv = game / "cards.csv"
    text = csv.read_text(encoding="utf-8")
    for old, new in renames.items():
        assert f"\n{old}," in text
        text = text.replace(f"\n{old},", f"\n{new},")
    csv.write_text(text, encoding="utf-8")
    for path in [*(game / "decks").glob("*.yaml"), game / "rules.yaml"]:
        text = path.read_text(encoding="utf-8")
        for old, new in renames.items():
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    return game


GREEK_EMBERWAKE = {"Cinder Pup": "Πελαργός", "Ash Hound": "Буря", "Ember Knight": "Ιππότης"}


def test_a_designed_games_deck_and_figure_name_greek_cards(tmp_path: Path) -> None:
    game = emberwake(tmp_path, GREEK_EMBERWAKE)
    deck = game / "decks" / "ember-rush.yaml"
    rules = game / "rules.yaml"
    assert check(deck, rules) == (0, [])
    # Another case and spelling of the same names; a card the game does not have.
    text = deck.read_text(encoding="utf-8")
    text = text.replace("Πελαργός: 3", "ΠΕΛΑΡΓΌΣ: 2\n  Ξένος: 1\n  " + NFD + ": 1")
    deck.write_text(text.replace("Буря: 2", "буря!: 2"), encoding="utf-8")
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("{card: Ιππότης}", "{card: Ξένος}"),
        encoding="utf-8",
    )
    status, found = check(deck, rules)
    # Before: Ξένος was read as a card (every non-Latin name was one), in the deck and
    # in the figure alike, and the deck's lines were merged into one card.
    assert status == 1
    assert [f[:3] for f in found] == [
        ("ember-rush.yaml", "merged-entries", line_of(deck, NFD)),
        ("ember-rush.yaml", "unknown-card", line_of(deck, "Ξένος")),
        ("rules.yaml", "unknown-card", line_of(rules, "{card: Ξένος}")),
    ]


def test_a_deck_line_spelt_as_one_card_is_that_card(tmp_path: Path) -> None:
    """`Cinder Pup` (a creature) and `Cinder-Pup` (a relic) are two cards: a line spelt
    exactly as one of them names it; a line that matches both only with punctuation
    aside cannot say which, and is `duplicate-card`, in a deck and in a figure."""
    game = emberwake(tmp_path, {"Brazier": "Cinder-Pup"})
    deck = game / "decks" / "ember-rush.yaml"
    rules = game / "rules.yaml"
    # Before: both lines were read as the relic (the last card of the name): 4 copies
    # of a relic, and 9 creatures.
    assert check(deck) == (0, [])
    text = deck.read_text(encoding="utf-8").replace(
        "Cinder Pup: 3", "Cinder Pup: 2\n  CINDER PUP: 1"
    )
    deck.write_text(text, encoding="utf-8")
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("{card: Ember Knight}", "{card: cinder pup}"),
        encoding="utf-8",
    )
    status, found = check(deck, rules)
    assert status == 1
    assert [f[:3] for f in found] == [
        ("ember-rush.yaml", "duplicate-card", line_of(deck, "CINDER PUP")),
        ("ember-rush.yaml", "merged-entries", line_of(deck, "CINDER PUP")),  # (the first)
        ("rules.yaml", "duplicate-card", line_of(rules, "{card: cinder pup}")),
    ]
    message = found[0][3]
    assert "'Cinder Pup' (line 2), 'Cinder-Pup' (line 10)" in message


def test_exported_pngs_keep_the_letters_of_card_names(tmp_path: Path) -> None:
    game = emberwake(tmp_path, GREEK_EMBERWAKE)
    out = tmp_path / "out"
    status, stdout, err = run_in_process(
        main, "export", "png", str(game / "kit.yaml"), "-o", str(out), "--dpi", "36"
    )
    assert status == 0, err
    names = sorted(Path(line).name for line in stdout.splitlines())
    assert names[:6] == [
        "001-πελαργός.png",  # before: 001-untitled.png
        "002-πελαργός.png",
        "003-πελαργός.png",
        "004-буря.png",
        "005-буря.png",
        "006-ιππότης.png",
    ]
    assert all(unicodedata.is_normalized("NFC", name) for name in names)
    assert {p.name for p in out.rglob("*.png")} == set(names)


# --- Players' names in records -------------------------------------------------------


def test_two_players_named_alike_in_any_script_are_found(tmp_path: Path) -> None:
    """`Zoë` typed with a combining diaeresis is the same name as `ZOË`: a record that
    names both players so cannot tell them apart (before: two players, only one of
    whom a move could name)."""
    for game, path in (
        ("staircase", data_dir() / "staircase" / "examples" / "two-player-game.yaml"),
        ("galliard", data_dir() / "galliard" / "examples" / "game.yaml"),
    ):
        text = path.read_text(encoding="utf-8").replace(
            "players: [ada, bo]", "players: [ZOË, zoe\u0308]"
        )
        record = Path(write(tmp_path, f"{game}.yaml", text))
        status, found = check(record)
        assert status == 1, game
        assert [(code, line) for _, code, line, _ in found] == [
            ("invalid-value", line_of(record, "players:"))
        ], game


def test_a_new_designed_games_id_is_an_id_whatever_its_name() -> None:
    """File names keep letters of any script, but a game's id is ASCII: `kitgen new game
    NAME --game custom` takes the ASCII words of the name (before: `城堡` was the id,
    `con` gave `con_`, a long name a 60-character id)."""
    from kitgen.games.designed.starters import game_id_of
    from kitgen.names import game_id_problem

    names = ["Café 城堡", "城堡", "Πελαργός 2", "con", "123 go", "Tinker town " * 8]
    ids = [game_id_of(name) for name in names]
    # (`con` is a name Windows keeps for a device: no game id)
    assert ids[:5] == ["cafe", "my-game", "game-2", "con-game", "game-123-go"]
    for made in ids:
        assert game_id_problem(made) is None, made
