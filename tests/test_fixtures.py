"""One fixture per finding code: each marks its offending lines with `# <- code`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kitgen.kit import check_file
from kitgen.model.findings import CODES

INVALID = Path(__file__).parent / "fixtures" / "invalid"
VALID = Path(__file__).parent / "fixtures" / "valid"
# Whole-file problems a fixture cannot hold; tests/test_loader.py makes them. Two game
# files of one id take two folders: `test_duplicate_game_id` below makes them.
GENERATED = {"file-not-found", "file-unreadable", "file-too-large", "duplicate-game-id"}
_MARK = re.compile(rb"#\s*<-\s*([a-z0-9][a-z0-9, -]*)")


def expected(path: Path) -> set[tuple[str, int]]:
    """The (code, line) pairs a fixture's markers promise."""
    out = set()
    for number, line in enumerate(path.read_bytes().split(b"\n"), start=1):
        match = _MARK.search(line)
        if match:
            for code in match.group(1).decode().split(","):
                out.add((code.strip(), number))
    return out


def invalid_fixtures() -> list[Path]:
    return sorted(INVALID.glob("*.yaml"))


def test_every_code_has_a_fixture() -> None:
    have = {p.stem for p in invalid_fixtures()}
    # Codes found while drawing a kit are covered by tests/test_build.py.
    checked = {code for code, info in CODES.items() if info.stage == "check"}
    assert have | GENERATED == checked, (
        f"missing fixtures: {sorted(checked - have - GENERATED)}; "
        f"fixtures for other codes: {sorted(have - checked)}"
    )


@pytest.mark.parametrize("path", invalid_fixtures(), ids=lambda p: p.stem)
def test_invalid_fixture(path: Path) -> None:
    want = expected(path)
    assert (path.stem, min(line for code, line in want if code == path.stem)) in want, (
        "the fixture must mark its own code"
    )
    report = check_file(str(path))
    got = {
        (f.code, f.location.line)
        for f in report.findings
        if f.location is not None and f.location.path == str(path)
    }
    assert got == want, "\n".join(
        f"{f.location}: {f.severity} {f.code} {f.message}" for f in report.findings
    )
    severity = CODES[path.stem].severity
    assert any(f.code == path.stem and f.severity == severity for f in report.findings)
    assert report.ok is not any(f.is_error for f in report.findings)


@pytest.mark.parametrize("path", sorted(VALID.glob("*.yaml")), ids=lambda p: p.stem)
def test_valid_fixture(path: Path) -> None:
    report = check_file(str(path))
    assert report.findings == [], [str(f) for f in report.findings]
    assert report.ok


def test_duplicate_game_id(tmp_path: Path) -> None:
    """Two folders whose game files declare one id, checked in one run: the second game
    file's `game:` is `duplicate-game-id` (tests/test_designed_paths.py has the rest)."""
    import shutil

    from kitgen.cli.check import each_file
    from kitgen.kit import check_document
    from kitgen.paths import data_dir

    for name in ("first", "second"):
        shutil.copytree(data_dir() / "examples" / "emberwake", tmp_path / name)
    second = str(tmp_path / "second" / "game.yaml")
    reports = each_file([str(tmp_path / "first"), second], check_document)
    found = {(f.code, f.severity, str(f.location)) for r in reports for f in r.findings}
    assert found == {("duplicate-game-id", CODES["duplicate-game-id"].severity, f"{second}:4:7")}
