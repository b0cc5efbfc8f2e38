"""`kitgen build scaffold`: what the kit writes, the standard-deck option, reproducibility."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SharedBuild, kit_without_booklets
from typer.testing import CliRunner

from kitgen.cli import app

runner = CliRunner()
KIT = Path(__file__).parent.parent / "data" / "scaffold" / "kit.yaml"


def _build(out: Path, *extra: str) -> list[str]:
    result = runner.invoke(app, ["build", "scaffold", "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    return [Path(line).name for line in result.stdout.split()]


@pytest.fixture(scope="module")
def with_deck(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """`kitgen build scaffold --standard-deck`: its folder and the files it names."""
    out = tmp_path_factory.mktemp("with-deck")
    return out / "scaffold", _build(out, "--standard-deck")


def test_the_kit_leaves_the_deck_out_unless_asked(
    built_all: SharedBuild, with_deck: tuple[Path, list[str]]
) -> None:
    # (without: the kit as the run's shared `kitgen build all` printed it)
    assert built_all.status == 0, built_all.stderr
    names = [Path(p).name for p in built_all.stdout.split() if Path(p).parent.name == "scaffold"]
    assert "scaffold-deck.pdf" not in names
    for part in ("mats", "team-cards", "turn-track", "score-sheet"):
        assert f"scaffold-{part}.pdf" in names
    assert "scaffold-deck.pdf" in with_deck[1]
    assert set(with_deck[1]) == {*names, "scaffold-deck.pdf"}


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


def test_builds_are_byte_identical(
    tmp_path: Path, built_all: SharedBuild, with_deck: tuple[Path, list[str]]
) -> None:
    """The kit with its deck, built in this process: the same bytes as the shared build
    made in another; the deck and the parts again, from a copy of the kit file without
    its booklets."""
    folder, names = with_deck
    for name in names:
        if name != "scaffold-deck.pdf":
            assert (folder / name).read_bytes() == (built_all.out / "scaffold" / name).read_bytes()
    again = tmp_path / "again"
    kit = kit_without_booklets(tmp_path, "scaffold")
    result = runner.invoke(app, ["build", kit, "--standard-deck", "--out", str(again)])
    assert result.exit_code == 0, result.output
    rebuilt = sorted((again / "scaffold").iterdir())
    assert "scaffold-deck.pdf" in [p.name for p in rebuilt]
    for pdf in rebuilt:
        assert pdf.read_bytes() == (folder / pdf.name).read_bytes(), pdf
