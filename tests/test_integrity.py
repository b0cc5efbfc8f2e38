"""Output integrity: whole files or none, clear errors, and byte-identical rebuilds.

A file kitgen writes is complete or untouched after an error, a full disk or
Ctrl-C; an output folder that cannot be written is one line of error; and the
same input builds the same bytes, in another process with another hash seed.
"""

from __future__ import annotations

import errno
import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import SHARED_BUILD_HASH_SEED, SharedBuild, kit_without_booklets, leftovers, write
from typer.testing import CliRunner

import kitgen.atomic
from kitgen.atomic import staged_dir, write_atomic
from kitgen.cli import app
from kitgen.paths import data_dir

runner = CliRunner()
DECK = str(data_dir() / "scratch" / "decks" / "hold-the-line.yaml")


def complete_pdf(path: Path) -> bool:
    data = path.read_bytes()
    return data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")


def test_an_interrupted_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "cards.pdf"
    target.write_bytes(b"the last good build")

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(kitgen.atomic.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(str(target), b"%PDF-1.4 half of a new build")
    assert target.read_bytes() == b"the last good build"
    assert leftovers(tmp_path) == []


def test_a_full_disk_during_a_build_is_one_line_and_leaves_the_last_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    code = runner.invoke(app, ["build", DECK, "-o", str(out)]).exit_code
    assert code == 0
    [built] = list(out.rglob("*.pdf"))
    before = built.read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(kitgen.atomic.os, "fsync", full)
    result = runner.invoke(app, ["build", DECK, "--paper", "letter", "-o", str(out)])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"kitgen: error: cannot write {built}: No space left on device"
    ]
    assert built.read_bytes() == before
    assert leftovers(out) == []


def test_a_full_disk_during_an_export_keeps_the_last_export_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    png = ["export", "png", DECK, "--dpi", "60", "-o", str(out)]
    assert runner.invoke(app, png).exit_code == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert len(before) > 10

    calls = {"n": 0}

    def full_later(fd: int) -> None:
        calls["n"] += 1
        if calls["n"] > 3:  # a few files in: the folder is half-made
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(kitgen.atomic.os, "fsync", full_later)
    result = runner.invoke(app, [*png, "--ink", "low"])
    assert result.exit_code == 1
    assert "No space left on device" in result.stderr
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert leftovers(out) == []


def test_a_staged_folder_interrupted_is_removed(tmp_path: Path) -> None:
    final = tmp_path / "png"
    final.mkdir()
    (final / "old.png").write_bytes(b"old")
    with pytest.raises(KeyboardInterrupt), staged_dir(str(final)) as stage:
        Path(stage, "new.png").write_bytes(b"new")
        raise KeyboardInterrupt
    assert [p.name for p in tmp_path.iterdir()] == ["png"]
    assert (final / "old.png").read_bytes() == b"old"


def test_ctrl_c_during_a_real_build_leaves_only_whole_files(tmp_path: Path) -> None:
    """SIGINT a `kitgen build all` part way: exit 130, and every PDF there is whole."""
    out = tmp_path / "out"
    child = subprocess.Popen(
        [sys.executable, "-m", "kitgen", "build", "all", "-o", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while not list(out.rglob("*.pdf")) and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.3)  # into the middle of a later file
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=60)
    assert child.returncode in (130, 0), err  # 0 only if it finished first
    assert "Traceback" not in err
    pdfs = list(out.rglob("*.pdf"))
    assert pdfs and all(complete_pdf(p) for p in pdfs)
    assert leftovers(out) == []


@pytest.mark.parametrize(
    "command",
    [
        ["build", DECK],
        ["export", "png", DECK],
        ["export", "pdf", DECK],
        ["export", "tts", DECK],
        ["calibrate"],
    ],
)
def test_an_output_folder_that_cannot_be_written_is_one_line(
    tmp_path: Path, command: list[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = runner.invoke(app, [*command, "-o", str(blocker / "out")])
    assert result.exit_code == 1, result.output
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("kitgen: error: cannot write ") and "Not a directory" in line
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_a_schema_or_starter_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    result = runner.invoke(app, ["schema", "deck", "-o", str(blocker / "deck.json")])
    assert result.exit_code == 1 and len(result.stderr.strip().splitlines()) == 1
    assert "kitgen: error:" in result.stderr


def digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _build_in_a_process(out: Path, seed: str, *targets: str) -> None:
    """`kitgen build TARGETS --standard-deck` in a process of its own with this hash seed."""
    done = subprocess.run(
        [sys.executable, "-m", "kitgen", "build", *targets, "--standard-deck", "-o", str(out)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": seed},
        check=False,
    )
    assert done.returncode == 0, done.stderr


# The games played with a standard deck, and a small part of each kit to print with it.
DECK_GAMES = {"galliard": "cabal-cards", "scaffold": "team-cards", "staircase": "score-sheet"}


def test_every_kit_builds_byte_identical_in_another_process(
    tmp_path: Path, built_all: SharedBuild
) -> None:
    """`kitgen build all --standard-deck` with another hash seed (set order, dict order
    of sets) than the run's shared `kitgen build all`: the same files with the same
    bytes. The standard decks, which the shared build leaves out: built twice more,
    each from the same kits of one small part and the deck, with seeds 3 and 4."""
    assert built_all.status == 0, built_all.stderr
    assert SHARED_BUILD_HASH_SEED not in ("2", "3", "4")
    _build_in_a_process(tmp_path / "all", "2", "all")
    second = digests(tmp_path / "all")
    decks = {f"{game}/{game}-deck.pdf" for game in DECK_GAMES}
    assert decks <= set(second)
    first = digests(built_all.out)
    assert len(first) >= 30  # every game's kit
    assert {Path(name).parts[0] for name in first} == {
        "scratch",
        "shapeup",
        "scaffold",
        "staircase",
        "galliard",
        "caravanserai",  # the example in three languages (its first)
        "emberwake",  # the example of a designed game
        "harbour-lights",  # and of one of two decks
        "prism-isles",  # the gallery: cards, hex tiles, round tokens
        "thornwall",  # two sides, identities, formats of play
    }
    assert first == {name: digest for name, digest in second.items() if name not in decks}
    kits = [
        write(
            tmp_path,
            f"{game}.yaml",
            f"game: {game}\nkind: kit\nname: {game}\ncomponents: [{part}]\nstandard_deck: true\n",
        )
        for game, part in DECK_GAMES.items()
    ]
    _build_in_a_process(tmp_path / "decks-3", "3", *kits)
    _build_in_a_process(tmp_path / "decks-4", "4", *kits)
    three, four = digests(tmp_path / "decks-3"), digests(tmp_path / "decks-4")
    assert decks <= set(three) and three == four


def test_exports_are_byte_identical_run_to_run(tmp_path: Path) -> None:
    cards = write(
        tmp_path,
        "cards.yaml",
        "game: scratch\nkind: cards\ncards:\n"
        "  - {name: Imp, faction: monster, rarity: common, "
        "stats: {top: 5, right: 4, bottom: 3, left: 7}}\n",
    )
    runs = []
    out = tmp_path / "out"  # the same folder: the TTS JSON names its sheets' paths
    for _ in (1, 2):
        for extra in (["png", "--dpi", "60"], ["pdf"], ["tts"]):
            result = runner.invoke(app, ["export", *extra, cards, "-o", str(out)])
            assert result.exit_code == 0, result.output
        runs.append(digests(out))
    assert runs[0] == runs[1] and len(runs[0]) >= 5


def test_a_kit_prints_the_same_bytes_after_a_designed_games_svgs(tmp_path: Path) -> None:
    """svglib before 2.0 replaced reportlab's `Canvas.drawPath` for the whole process
    when imported, so every path drawn later without a fill rule of its own was filled
    nonzero: on the dependency floors, Scratch's card backs printed by `kitgen build
    all` (after Emberwake's SVG icons) differed from those of `kitgen build scratch`.
    Here: Scratch's sheets printed in a process of their own, and in this one right
    after a deck with SVG icons."""
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.build import BuildOptions, build

    kit = kit_without_booklets(tmp_path, "scratch")
    alone = tmp_path / "alone"
    done = subprocess.run(
        [sys.executable, "-m", "kitgen", "build", kit, "-o", str(alone)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    deck = data_dir() / "examples" / "emberwake" / "decks" / "ember-rush.yaml"
    assert build([str(deck)], BuildOptions(out=str(tmp_path / "svg"))).ok
    assert Canvas.drawPath.__qualname__ == "Canvas.drawPath"  # reportlab's own
    assert build([kit], BuildOptions(out=str(tmp_path / "after"))).ok
    for name in ("scratch-cards.pdf", "scratch-mat.pdf"):
        after = (tmp_path / "after" / "scratch" / name).read_bytes()
        assert after == (alone / "scratch" / name).read_bytes(), name
