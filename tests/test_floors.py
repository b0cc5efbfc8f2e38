"""`.ci/floors.py`: CI installs every dependency at its floor and runs the tests there."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / ".ci" / "floors.py"


def floors(pyproject: Path, *extras: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), str(pyproject), *extras],
        capture_output=True,
        text=True,
        check=False,
    )


def test_every_dependency_is_pinned_to_its_floor() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = project["dependencies"] + project["optional-dependencies"]["test"]
    done = floors(ROOT / "pyproject.toml", "test")
    assert done.returncode == 0, done.stderr
    pins = done.stdout.split()
    assert len(pins) == len(wanted)
    for requirement, pin in zip(wanted, pins, strict=True):
        name, version = pin.split("==")
        assert requirement.startswith(name)
        assert f">={version}" in requirement.replace(" ", "")


def test_a_dependency_without_a_floor_stops_ci(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[project]\nname = "x"\ndependencies = ["PyYAML>=6.0,<7", "requests"]\n',
        encoding="utf-8",
    )
    done = floors(pyproject)
    assert done.returncode != 0
    assert "'requests' has no single '>=' floor" in done.stderr
