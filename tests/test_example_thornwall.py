"""Thornwall, the example of a living card game's deck rules (issue 39): two sides,
identities that set a deck's size and influence, factions, charters whose renown a
Warden deck needs by its size, and two formats of play. Its decks check clean; decks
changed to break one rule each fail at the line that breaks it; its booklet says the
rules in a player's words."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import checked, line_of, pdf_text, run_in_process

from kitgen.entry import main
from kitgen.paths import data_dir

GAME = data_dir() / "examples" / "thornwall"
DECKS = ("stone-watch.yaml", "ash-and-smoke.yaml", "ledger-run.yaml")


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A copy of the game to change decks in."""
    folder = tmp_path / "thornwall"
    shutil.copytree(GAME, folder)
    return folder


def deck(folder: Path, name: str, old: str, new: str) -> Path:
    """One of the game's decks with a line changed, written beside the others."""
    text = (folder / "decks" / name).read_text(encoding="utf-8")
    assert old in text, old
    path = folder / "decks" / f"changed-{name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_the_game_and_its_decks_check_clean() -> None:
    status, found = checked(GAME)
    assert (status, found) == (0, [])
    assert sorted(p.name for p in (GAME / "decks").glob("*.yaml")) == sorted(DECKS)


def test_a_card_of_the_other_side_fails_at_its_line(game: Path) -> None:
    path = deck(game, "stone-watch.yaml", "  Levy: 2\n", "  Levy: 1\n  Night Raid: 1\n")
    status, found = checked(path)
    line = line_of(path, "Night Raid")
    assert status == 1
    assert found == [("deck-mismatch", "error", path.name, line, 3)]
    _status, out, _err = run_in_process(main, "check", str(path))
    assert (
        "Night Raid has side raider; the deck's identity, Captain Orla Vane, has side warden" in out
    )


def test_influence_over_the_budget_by_one_fails_at_the_line_that_passes_it(game: Path) -> None:
    # 14 influence is the budget of Quick Ness, and the deck spends all of it: one more
    # briar card (1 influence) is one over, at its line; the deck has room (31 of 40).
    path = deck(game, "ash-and-smoke.yaml", "  Briar Snare: 2 ", "  Briar Snare: 3 ")
    status, found = checked(path)
    assert status == 1
    assert found == [("deck-total", "error", path.name, line_of(path, "Briar Snare"), 3)]
    _status, out, _err = run_in_process(main, "check", str(path))
    assert "influence: " in out and "adds up to 15 with Briar Snare" in out
    assert "at most 14" in out


def test_too_little_renown_for_the_decks_size_fails_at_its_cards(game: Path) -> None:
    # 35 cards need 2 * 7 + 2 = 16 renown; the charters give 14 (a deck of 30 needs 14).
    path = deck(game, "stone-watch.yaml", "  Levy: 2\n", "  Levy: 3\n  Bright Alarm: 3\n")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  Watchfire: 2", "  Watchfire: 3"), encoding="utf-8")
    status, found = checked(path)
    assert status == 1
    assert found == [("deck-total", "error", path.name, line_of(path, "cards:"), 1)]
    _status, out, _err = run_in_process(main, "check", str(path))
    assert "renown: the cards' renown adds up to 14; a deck's adds up to at least 16" in out


def test_the_renown_rule_holds_for_wardens_only(game: Path) -> None:
    """A Raider deck of 35 cards has no charters and needs none (`when:`)."""
    # 32 cards: a Warden deck of that size would need 14 renown, this one has none.
    path = deck(game, "ash-and-smoke.yaml", "  Fence: 2\n", "  Fence: 3\n")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  Dark Lantern: 2\n", "  Dark Lantern: 3\n"), encoding="utf-8")
    status, found = checked(path)
    assert (status, found) == (0, []), found


def test_a_card_banned_in_one_format_is_legal_in_another() -> None:
    ledger = GAME / "decks" / "ledger-run.yaml"
    assert "format: open" in ledger.read_text(encoding="utf-8")
    assert checked(ledger) == (0, [])
    status, out, _err = run_in_process(
        main, "check", "--format", "json", "--play-format", "standard", str(ledger)
    )
    assert status == 1
    assert '"code": "banned-card"' in out
    assert f'"line": {line_of(ledger, "  Black Ledger:")},' in out
    # The other decks are standard decks (they name no format: the first).
    for name in ("stone-watch.yaml", "ash-and-smoke.yaml"):
        status, _out, _err = run_in_process(
            main, "check", "--play-format", "Standard", str(GAME / "decks" / name)
        )
        assert status == 0


def test_the_same_deck_in_its_own_format_names_the_format(game: Path) -> None:
    path = deck(game, "ledger-run.yaml", "format: open\n", "")
    status, found = checked(path)
    assert status == 1
    assert found == [("banned-card", "error", path.name, line_of(path, "  Black Ledger:"), 3)]


def test_an_identity_that_is_no_identity_or_missing(game: Path) -> None:
    wrong = deck(game, "stone-watch.yaml", "identity: Captain Orla Vane", "identity: Levy")
    status, found = checked(wrong)
    assert status == 1
    assert found == [("deck-identity", "error", wrong.name, line_of(wrong, "identity:"), 11)]
    missing = deck(game, "stone-watch.yaml", "identity: Captain Orla Vane\n", "")
    status, found = checked(missing)
    assert found == [("missing-key", "error", missing.name, line_of(missing, "cards:"), 1)]
    among = deck(game, "stone-watch.yaml", "  Levy: 2\n", "  Levy: 2\n  Mayor Ilse Harrow: 1\n")
    status, found = checked(among)
    assert found == [("deck-identity", "error", among.name, line_of(among, "Mayor Ilse"), 3)]


def test_new_deck_builds_a_legal_deck_around_an_identity(game: Path) -> None:
    status, _out, err = run_in_process(
        main, "new", "deck", "Starter", "--game", "thornwall", "--dir", str(game / "decks")
    )
    assert status == 0, err
    written = game / "decks" / "starter.yaml"
    text = written.read_text(encoding="utf-8")
    assert "format: standard\n" in text and "identity: Captain Orla Vane\n" in text
    assert checked(written) == (0, [])


def test_the_booklet_says_the_deck_rules_in_a_players_words(tmp_path: Path) -> None:
    status, _out, err = run_in_process(main, "build", str(GAME / "kit.yaml"), "-o", str(tmp_path))
    assert status == 0, err
    text = " ".join(pdf_text(tmp_path / "thornwall" / "thornwall-rules.pdf").split())
    for sentence in (
        "A deck is led by an identity: one identity card",
        "A deck has at least its identity's deck size in cards, and at most 40 cards.",
        "Every card of a deck has its identity's side.",
        "The influence of its cards whose faction is not its identity's adds up to at most "
        "its identity's influence limit.",
        "For a deck whose identity's side is warden, the renown of its cards adds up to at "
        "least 2 for every 5 cards in the deck plus 2",
        "In the standard format (the usual one), Black Ledger is banned.",
    ):
        assert sentence in text, sentence
