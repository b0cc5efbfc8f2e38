"""`kitgen build scaffold`: what the kit writes, the standard-deck option, reproducibility."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from kitgen.cli import app

runner = CliRunner()
KIT = Path(__file__).parent.parent / "data" / "scaffold" / "kit.yaml"


def _build(out: Path, *extra: str) -> list[str]:
    result = runner.invoke(app, ["build", "scaffold", "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    return [Path(line).name for line in result.stdout.split()]


def test_the_kit_leaves_the_deck_out_unless_asked(tmp_path: Path) -> None:
    names = _build(tmp_path / "a")
    assert "scaffold-deck.pdf" not in names
    for part in ("mats", "team-cards", "turn-track", "score-sheet"):
        assert f"scaffold-{part}.pdf" in names
    assert "scaffold-deck.pdf" in _build(tmp_path / "b", "--standard-deck")


def test_the_kit_file_can_ask_for_the_deck(tmp_path: Path) -> None:
    kit = tmp_path / "kit.yaml"
    kit.write_text(
        "game: scaffold\nkind: kit\nname: My Scaffold\ncomponents: [team-cards]\n"
        "standard_deck: true\n"
    )
    result = runner.invoke(app, ["build", str(kit), "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    assert sorted(Path(p).name for p in result.stdout.split()) == [
        "my-scaffold-deck.pdf",
        "my-scaffold-team-cards.pdf",
    ]
    result = runner.invoke(
        app, ["build", str(kit), "--out", str(tmp_path / "p"), "--no-standard-deck"]
    )
    assert [Path(p).name for p in result.stdout.split()] == ["my-scaffold-team-cards.pdf"]


def test_a_scratch_component_in_a_scaffold_kit_is_located(tmp_path: Path) -> None:
    kit = tmp_path / "kit.yaml"
    kit.write_text("game: scaffold\nkind: kit\nname: Mine\ncomponents: [mats, mat]\n")
    result = runner.invoke(app, ["check", str(kit)])
    assert result.exit_code == 1
    assert "kit.yaml:4:20: error invalid-value" in result.output


def test_builds_are_byte_identical(tmp_path: Path) -> None:
    _build(tmp_path / "one", "--standard-deck")
    _build(tmp_path / "two", "--standard-deck")
    for pdf in sorted((tmp_path / "one" / "scaffold").iterdir()):
        assert pdf.read_bytes() == (tmp_path / "two" / "scaffold" / pdf.name).read_bytes(), pdf
