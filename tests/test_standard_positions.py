"""Staircase and Galliard positions: `kitgen score` and `kitgen check` as FORMATS.md shows,
with the Galliard support rule and its patterns."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.games.galliard.load import parameters
from kitgen.games.galliard.rules import PATTERNS, ROYALS, is_supported, patterns, why_unsupported
from kitgen.model.standard import Card

DATA = Path(__file__).parent.parent / "data"
runner = CliRunner()


def score(tmp_path: Path, text: str) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "p.yaml"
    path.write_text(text)
    result = runner.invoke(app, ["score", str(path), "--format", "json"])
    return result.exit_code, json.loads(result.stdout)["files"][0]


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


# --- Staircase ---------------------------------------------------------------------------


def test_the_seed_example_scores_220_against_110() -> None:
    result = runner.invoke(
        app, ["score", str(DATA / "staircase/examples/seed-example.yaml"), "-f", "json"]
    )
    assert result.exit_code == 0, result.stdout
    entry = json.loads(result.stdout)["files"][0]
    assert entry["findings"] == []
    assert entry["scores"] == {"Ana": 220, "Bo": 110, "Cy": 10}
    assert entry["winner"] == "Ana"
    ana, bo = entry["details"]["Ana"], entry["details"]["Bo"]
    assert (ana["base"], ana["bonus"]) == (180, 40)
    assert (bo["base"], bo["bonus"]) == (80, 30)
    assert [s["cards"] for s in ana["sequences"]] == [["JD", "QC", "KH", "AH"]]
    assert [c["base"] for c in ana["cards"]] == [30, 20, 20, 20, 30, 30, 30]
    assert [s["cards"] for s in bo["sequences"]] == [["9C", "10S", "JS"]]


def test_the_human_breakdown_names_each_sequence() -> None:
    result = runner.invoke(app, ["score", str(DATA / "staircase/examples/seed-example.yaml")])
    assert result.exit_code == 0
    assert "Ana wins" in result.stdout
    assert "base 180 + bonus 40 (4 in a row JD QC KH AH +40) = 220" in result.stdout
    assert "base 80 + bonus 30 (3 in a row 9C 10S JS +30) = 110" in result.stdout


def test_more_cards_than_the_players_could_build(tmp_path: Path) -> None:
    # The seed's two staircases alone: 12 cards, more than two players' 10.
    status, entry = score(
        tmp_path,
        "game: staircase\nkind: position\nstaircases:\n"
        "  Ana: [AS, JD, QC, KH, AH, AC, AD]\n  Bo: [QD, 9C, 10S, JS, KC]\n",
    )
    assert status == 0 and entry["scores"] == {"Ana": 220, "Bo": 110}
    [warned] = entry["findings"]
    assert (warned["severity"], warned["code"], warned["line"]) == ("warning", "too-many-cards", 3)
    assert "12 cards" in warned["message"] and "3 or more players" in warned["message"]
    # No game builds a staircase of 14 cards, or 26 cards in all.
    long = ", ".join(f"{r}{s}" for s in "SH" for r in "2345678")
    status, entry = score(
        tmp_path, f"game: staircase\nkind: position\nstaircases:\n  Ana: [{long}]\n"
    )
    assert status == 1 and entry["scores"] is None
    assert entry["findings"][0]["code"] == "too-many-cards"
    assert "no game builds more than 13" in entry["findings"][0]["message"]


def test_staircases_as_a_new_user_writes_them(tmp_path: Path) -> None:
    # Lower case, T for ten, 1 for the ace, suit symbols, a tie for first.
    status, entry = score(
        tmp_path,
        "game: staircase\nkind: position\nstaircases:\n"
        "  ada: [qh, kd, 1s, 2c, 3h]\n"  # Q K A and A 2 3: base 90, bonus 60
        "  bo: [9♠, th, jc, 4d, 5d]\n"  # 9 10 J: base 60, bonus 30
        "  cy: [7h, 8h, 9h, 10c, js, qs]\n",  # a run of six: base 80, bonus 60
    )
    assert status == 0, entry
    assert entry["scores"] == {"ada": 150, "bo": 90, "cy": 140}
    assert entry["winner"] == "ada"
    ada = entry["details"]["ada"]
    assert [s["cards"] for s in ada["sequences"]] == [["QH", "KD", "AS"], ["AS", "2C", "3H"]]


def test_a_tie_has_no_winner(tmp_path: Path) -> None:
    status, entry = score(
        tmp_path, "game: staircase\nkind: position\nstaircases:\n  a: [2H, 9S]\n  b: [4C, 7D]\n"
    )
    assert status == 0 and entry["scores"] == {"a": 20, "b": 20} and entry["winner"] is None


def test_k_a_2_is_not_a_sequence(tmp_path: Path) -> None:
    status, entry = score(
        tmp_path, "game: staircase\nkind: position\nstaircases:\n  a: [KH, AS, 2D]\n  b: []\n"
    )
    assert status == 0 and entry["details"]["a"]["sequences"] == []
    assert entry["scores"] == {"a": 60, "b": 0}


def test_impossible_staircases_are_found_where_they_are_written(tmp_path: Path) -> None:
    status, entry = score(
        tmp_path,
        "game: staircase\nkind: position\nstaircases:\n"
        "  ada: [5H, 6H, RJ]\n"  # line 4: a joker
        "  bo: [5h, 11C, 10]\n",  # line 5: the 5H again, no 11, a bare number
    )
    assert status == 1 and entry["scores"] is None
    found = sorted((f["code"], f["line"]) for f in entry["findings"])
    assert found == [
        ("card-twice", 5),
        ("joker-in-play", 4),
        ("unknown-card", 5),
        ("unknown-card", 5),
    ]
    twice = next(f for f in entry["findings"] if f["code"] == "card-twice")
    assert "ada's staircase" in twice["message"] and "bo's staircase" in twice["message"]


def test_cards_without_commas_are_explained(tmp_path: Path) -> None:
    status, entry = score(
        tmp_path, "game: staircase\nkind: position\nstaircases:\n  ada: [5H 6H 7H]\n"
    )
    assert status == 1
    [found] = entry["findings"]
    assert found["code"] == "unknown-card" and (found["line"], found["column"]) == (4, 9)
    assert "3 cards in one: separate cards with commas, like [5H, 6H, 7H]" in found["message"]


def test_six_staircases_are_too_many(tmp_path: Path) -> None:
    rows = "".join(f"  p{i}: [{i + 2}H]\n" for i in range(6))
    status, entry = score(tmp_path, "game: staircase\nkind: position\nstaircases:\n" + rows)
    assert status == 1 and entry["findings"][0]["code"] == "out-of-range"


# --- Galliard ----------------------------------------------------------------------------


def test_there_are_eight_patterns_over_fourteen_royals() -> None:
    assert len(ROYALS) == 14 and all(c.is_royal for c in ROYALS)
    assert [p.name for p in PATTERNS] == [
        "spades",
        "hearts",
        "diamonds",
        "clubs",
        "jacks",
        "queens",
        "kings",
        "jokers",
    ]
    assert {len(p.cards) for p in PATTERNS} == {2, 3, 4}


@pytest.mark.parametrize(
    ("cabal", "supported", "found"),
    [
        # Each pattern with enough royals: supported.
        ("JH QH KH JS QD", True, ["hearts"]),
        ("QH QS QD QC KH", True, ["queens"]),
        ("RJ BJ JC QS KD", True, ["jokers"]),
        ("JS QS KS JH JD JC", True, ["spades", "jacks"]),
        # Near misses: four royals with a pattern; five without one.
        ("QH QS QD QC", False, ["queens"]),
        ("RJ BJ JC QS", False, ["jokers"]),
        ("JH QH KH KS", False, ["hearts"]),
        ("JS QH KD JC QC", False, []),
        ("JH QH KS KD RJ", False, []),
        ("KS KH KD JC QC QD", False, []),
    ],
)
def test_support_needs_five_royals_and_a_pattern(
    cabal: str, supported: bool, found: list[str]
) -> None:
    held = cards(cabal)
    support = parameters().support  # 5: the game file's
    assert is_supported(held, support) is supported
    assert [p.name for p in patterns(held)] == found
    reason = why_unsupported(held, support)
    assert (reason is None) is supported
    if reason is not None:
        assert "pattern" in reason
        assert ("5 needed" in reason) == (len(held) < 5)


def test_cabals_score_royals_and_support(tmp_path: Path) -> None:
    status, entry = score(
        tmp_path,
        "game: galliard\nkind: position\ncabals:\n"
        "  ada: [qh, QS, q♦, QC, kh]\n"
        "  bo: [rj, BJ, jc]\n",
    )
    assert status == 0, entry
    assert entry["scores"] == {"ada": 5, "bo": 3}
    assert entry["winner"] is None
    assert entry["details"] == {
        "ada": {"supported": True, "patterns": ["queens"]},
        "bo": {"supported": False, "patterns": ["jokers"]},
    }


def test_the_human_verdict_gives_the_reason() -> None:
    result = runner.invoke(app, ["score", str(DATA / "galliard/examples/cabals.yaml")])
    assert result.exit_code == 0
    assert "supported: ada" in result.stdout
    assert "all four queens; supported" in result.stdout
    assert "not supported: a pattern, but only 3 royals (5 needed)" in result.stdout


def test_bad_cabals_are_found_where_they_are_written(tmp_path: Path) -> None:
    status, entry = score(
        tmp_path,
        "game: galliard\nkind: position\ncabals:\n"
        "  ada: [QH, 7C, KX]\n"  # line 4: a number card, no such card
        "  bo: [qh]\n",  # line 5: ada's queen again
    )
    assert status == 1 and entry["scores"] is None
    found = sorted((f["code"], f["line"], f["column"]) for f in entry["findings"])
    assert found == [("card-twice", 5, 8), ("not-a-royal", 4, 13), ("unknown-card", 4, 17)]


def test_three_cabals_are_too_many(tmp_path: Path) -> None:
    status, entry = score(
        tmp_path, "game: galliard\nkind: position\ncabals:\n  a: [QH]\n  b: [QS]\n  c: [QD]\n"
    )
    assert status == 1 and entry["findings"][0]["code"] == "out-of-range"
