"""docs/games.md, how to use kitgen with each game, says only what works: every
command it shows runs, from a checkout's top folder, with the files it shows.

The commands run in a scratch folder holding a copy of `data/` and the files the
page writes out (a ```yaml block whose first line is `# NAME`). Simulations run
with 3 games instead of the page's thousands: the options are what is checked. They
run in this process (`run_in_process`, with that folder as the current one): the
commands are what is checked here, not starting a process (tests/test_processes.py,
test_readme.py and test_plain_build.py start real ones).
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from conftest import run_in_process

from kitgen.entry import main
from kitgen.paths import data_dir

DOC = Path(__file__).parent.parent / "docs" / "games.md"
GAMES = ("Scratch", "Shape Up!", "Scaffold", "The Staircase game", "Galliard")


def page() -> str:
    return DOC.read_text(encoding="utf-8")


def commands() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", page(), re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def test_the_page_has_a_section_per_game_and_shows_commands() -> None:
    headings = re.findall(r"^## (.+)$", page(), re.M)
    assert all(any(h.startswith(game) for h in headings) for game in GAMES), headings
    for game in ("scratch", "shapeup", "scaffold", "staircase", "galliard"):
        assert f"kitgen build {game}" in page(), game
    assert all(c.startswith("kitgen ") for c in commands()), commands()
    assert len(commands()) >= 25


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    top = tmp_path_factory.mktemp("checkout")
    shutil.copytree(data_dir(), top / "data")
    for name, text in re.findall(r"```yaml\n# (\S+)\n(.*?)```", page(), re.S):
        (top / name).write_text(text, encoding="utf-8")
    return top


@pytest.mark.parametrize("command", commands())
def test_every_command_on_the_page_runs(
    command: str, checkout: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = shlex.split(re.sub(r"(?<= )-n \d+", "-n 3", command))[1:]
    monkeypatch.chdir(checkout)
    code, out, err = run_in_process(main, *args, seconds=300)
    assert code == 0, (command, out[-2000:], err[-2000:])
    assert (out + err).strip(), command
