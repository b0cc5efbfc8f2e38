"""Shared test helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.paths import data_dir

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def scratch_data() -> Path:
    """The shipped Scratch data folder."""
    return data_dir() / "scratch"


def write(tmp: Path, name: str, text: str) -> str:
    """Write a file under tmp and return its path as text."""
    path = tmp / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return str(path)


def leftovers(folder: Path) -> list[str]:
    """Temporary files or folders a write left behind under `folder`: kitgen's are
    hidden (`.kitgen-*.part`, `.NAME.*.part` staged folders)."""
    return sorted(
        str(p.relative_to(folder))
        for p in folder.rglob("*")
        if p.name.startswith(".") or p.name.endswith((".part", ".tmp"))
    )


def pytest_report_header() -> str:
    """Name the kitgen under test (the installed wheel in CI)."""
    import kitgen

    return f"kitgen {kitgen.__version__} from {Path(kitgen.__file__).parent}"


@pytest.fixture(autouse=True)
def _no_user_kitgen_toml(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Never read the developer's own kitgen.toml: point the user file at nothing."""
    missing = tmp_path_factory.getbasetemp() / "no-user-kitgen.toml"
    monkeypatch.setenv("KITGEN_CONFIG", str(missing))
