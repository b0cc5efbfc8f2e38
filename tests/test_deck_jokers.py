"""`--standard-deck` prints the cards a game plays with: jokers only where its rules use them."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import kit_without_booklets
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.paths import game_dir

runner = CliRunner()


def deck_text(game: str, out: Path) -> str:
    """The text of the game's deck, built with --standard-deck (from a copy of the game's
    kit file that leaves out the booklets: the deck does not depend on them)."""
    kit = kit_without_booklets(out, game)
    result = runner.invoke(app, ["build", kit, "--out", str(out), "--standard-deck"])
    assert result.exit_code == 0, result.output
    deck = next(Path(p) for p in result.stdout.split() if p.endswith(f"{game}-deck.pdf"))
    doc = pdfium.PdfDocument(str(deck))
    text = "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    return text


def test_the_staircase_deck_leaves_the_jokers_out(tmp_path: Path) -> None:
    rules = (game_dir("staircase") / "rules.yaml").read_text(encoding="utf-8")
    assert "Leave the jokers in the box" in rules  # what the rules say, which the deck follows
    text = deck_text("staircase", tmp_path)
    assert "JOKER" not in text
    lines = [line.strip() for line in text.splitlines()]
    for rank in ("A", "2", "10"):  # the 52 cards are there: two corner indices each
        assert lines.count(rank) == 2 * 4, rank


@pytest.mark.parametrize("game", ["scaffold", "galliard"])
def test_games_that_use_the_jokers_keep_them(game: str, tmp_path: Path) -> None:
    text = deck_text(game, tmp_path)
    assert text.count("JOKER") >= 2
