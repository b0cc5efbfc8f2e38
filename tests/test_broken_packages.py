"""An installed game package that is broken is the package's fault, not kitgen's
(issue 35, item 11).

A package whose game raises on import, in its constructor or in its own check was
"internal error, please report it"; one broken package broke `kitgen list` and
`kitgen simulate --help` for everyone; `sys.exit(0)` on import made `check` exit 0
silently. Now each is one line naming the package and its error, the other games
stay usable, and a SystemExit from a package's code never ends kitgen with 0.

Each package is a real distribution (a `*.dist-info` with `entry_points.txt`) in a
temporary folder on PYTHONPATH, found by the same metadata scan as an installed one;
kitgen runs in a fresh process each time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kitgen.paths import data_dir

GAME_CLASS = """\
import sys
from typing import ClassVar

from kitgen.registry import Game


class {cls}(Game):
    id = "{id}"
    title = "{title}"
    kinds: ClassVar = {{"game": "kitgen.model.game:GameFile"}}
{body}
"""

# What each package's __init__.py does wrong (and the good one, which does nothing wrong).
PACKAGES = {
    "good": GAME_CLASS.format(cls="Good", id="good", title="Good", body="") + "GAME = Good()\n",
    "raises": "raise ZeroDivisionError('on import')\n",
    "exits": "import sys\nsys.exit(0)\n",
    "ctor": GAME_CLASS.format(
        cls="Ctor",
        id="ctor",
        title="Ctor",
        body="    def __init__(self):\n        raise RuntimeError('no constructor today')\n",
    )
    + "GAME = Ctor\n",
    "checks": GAME_CLASS.format(
        cls="Checks",
        id="checks",
        title="Checks",
        body="    def check(self, doc):\n        raise ValueError('its own check broke')\n",
    )
    + "GAME = Checks()\n",
    "quits": GAME_CLASS.format(
        cls="Quits",
        id="quits",
        title="Quits",
        body="    def check(self, doc):\n        sys.exit(0)\n",
    )
    + "GAME = Quits()\n",
}


def install(site: Path, name: str, entry: str | None = None) -> None:
    """The distribution `kg-NAME 1.0`: package `kg_NAME`, entry point `ENTRY = kg_NAME:GAME`."""
    package = site / f"kg_{name}"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(PACKAGES[name], encoding="utf-8")
    data = package / "data"
    data.mkdir()
    (data / "game.yaml").write_text(game_file(entry or name), encoding="utf-8")
    info = site / f"kg_{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: kg-{name}\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        f"[kitgen.games]\n{entry or name} = kg_{name}:GAME\n", encoding="utf-8"
    )


def game_file(game_id: str) -> str:
    return textwrap.dedent(
        f"""\
        game: {json.dumps(game_id)}
        kind: game
        title: A game
        players: {{min: 2, max: 2}}
        playing_time: 5 minutes
        summary: Three in a row wins.
        """
    )


def kitgen(*args: str, site: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("KITGEN_DEBUG", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "kitgen", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """The good package, installed."""
    folder = tmp_path / "site"
    install(folder, "good")
    return folder


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr, done.stderr
    [line] = done.stderr.splitlines()
    return line


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("raises", "is broken: loading its game 'raises' raised ZeroDivisionError: on import"),
        ("exits", "is broken: loading its game 'exits' called sys.exit(0)"),
        ("ctor", "is broken: loading its game 'ctor' raised RuntimeError: no constructor today"),
    ],
)
def test_a_package_that_cannot_be_loaded_is_named_in_one_line(
    name: str, says: str, site: Path, tmp_path: Path
) -> None:
    install(site, name)
    (tmp_path / "mine.yaml").write_text(game_file(name), encoding="utf-8")
    for args in (["check", "mine.yaml"], ["check", "--stats", "mine.yaml"]):
        done = kitgen(*args, site=site, cwd=tmp_path)
        assert done.returncode == 1, done.stderr
        assert one_line(done) == f"kitgen: error: the installed package kg-{name} 1.0 {says}"
        assert done.stdout == ""
    # the other games stay usable, the good package's too
    (tmp_path / "good.yaml").write_text(game_file("good"), encoding="utf-8")
    builtin = str(data_dir() / "scratch" / "game.yaml")
    done = kitgen("check", "good.yaml", builtin, site=site, cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "2 files checked: no problems\n")
    # `kitgen list`: every good game, then one line for the broken package; exit 1
    listed = kitgen("list", site=site, cwd=tmp_path)
    assert listed.returncode == 1
    assert one_line(listed) == f"kitgen: error: the installed package kg-{name} 1.0 {says}"
    assert "scratch: Scratch" in listed.stdout and "good: A game (2 players" in listed.stdout
    as_json = kitgen("list", "--format", "json", site=site, cwd=tmp_path)
    assert as_json.returncode == 1
    report = json.loads(as_json.stdout)
    assert [g["id"] for g in report["games"]][-1] == "good"
    assert report["broken"] == [
        {"id": name, "error": f"the installed package kg-{name} 1.0 {says}"}
    ]
    # `kitgen simulate --help` works, and names it; `kitgen simulate NAME` says why
    helped = kitgen("simulate", "--help", site=site, cwd=tmp_path)
    assert helped.returncode == 0, helped.stderr
    assert "galliard" in helped.stdout and "cannot be used: the installed package" in helped.stdout
    simulated = kitgen("simulate", name, site=site, cwd=tmp_path)
    assert simulated.returncode == 1
    assert one_line(simulated) == f"kitgen: error: the installed package kg-{name} 1.0 {says}"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("checks", "its code (kg_checks) raised ValueError: its own check broke"),
        ("quits", "its code (kg_quits) called sys.exit(0)"),
    ],
)
def test_a_package_whose_own_check_fails_is_named_in_one_line(
    name: str, says: str, site: Path, tmp_path: Path
) -> None:
    install(site, name)
    (tmp_path / "mine.yaml").write_text(game_file(name), encoding="utf-8")
    for args in (["check", "mine.yaml"], ["check", "--format", "json", "mine.yaml"]):
        done = kitgen(*args, site=site, cwd=tmp_path)
        assert done.returncode == 1, (done.stdout, done.stderr)  # never 0 after its sys.exit
        assert one_line(done) == (
            f"kitgen: error: the installed package kg-{name} 1.0 failed: {says}; it is the "
            "package's to fix, not kitgen's"
        )


def test_an_entry_point_whose_name_is_no_game_id_is_no_game(site: Path, tmp_path: Path) -> None:
    install(site, "checks", entry="../../escaped")
    (tmp_path / "mine.yaml").write_text(game_file("../../escaped"), encoding="utf-8")
    done = kitgen("check", "--format", "json", "mine.yaml", site=site, cwd=tmp_path)
    assert done.returncode == 1
    [found] = json.loads(done.stdout)["files"][0]["findings"]
    assert (found["code"], found["line"]) == ("invalid-value", 1)
    listed = kitgen("list", site=site, cwd=tmp_path)
    assert listed.returncode == 1
    assert one_line(listed).startswith(
        "kitgen: error: the installed package kg-checks 1.0 names a game '../../escaped' is "
        "not a valid game id"
    )
    assert "../../escaped" not in listed.stdout and "good: A game" in listed.stdout
