"""Print pip constraints that pin every dependency of kitgen (and of its test extra)
to its floor: `name>=X` in pyproject.toml becomes `name==X`.

CI installs kitgen with these constraints and runs the tests on them, so a floor
in pyproject.toml is a version the suite has passed on, not a guess. A dependency
without a floor is an error: every one must have a tested lower bound.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

_FLOOR = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(.*)$")


def floors(requirements: list[str]) -> list[str]:
    pins = []
    for requirement in requirements:
        match = _FLOOR.match(requirement.split(";")[0])
        assert match is not None, requirement
        name, spec = match.groups()
        lower = [part.strip()[2:].strip() for part in spec.split(",") if ">=" in part]
        if len(lower) != 1:
            sys.exit(f"floors.py: {requirement!r} has no single '>=' floor")
        pins.append(f"{name}=={lower[0]}")
    return pins


def main() -> None:
    project = tomllib.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))["project"]
    extras = project.get("optional-dependencies", {})
    wanted = list(project["dependencies"])
    for extra in sys.argv[2:]:
        wanted += extras[extra]
    print("\n".join(floors(wanted)))


if __name__ == "__main__":
    main()
