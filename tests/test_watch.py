"""`kitgen watch`: rebuild on change, debounced; a broken save keeps the last good PDF."""

from __future__ import annotations

import contextlib
import math
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import pdf_text, starter_in_languages, write
from hypothesis import given
from hypothesis import strategies as st
from test_designed_editions import CARDS as EDITION_CARDS
from typer.testing import CliRunner

from kitgen.build import BuildOptions, build
from kitgen.cli import app
from kitgen.errors import UsageError
from kitgen.watch import Rebuild, check_timing, scan, watch

CARDS = """game: scratch
kind: cards
cards:
  - name: Bog Witch
    faction: kingdom
    rarity: common
    stats: {top: 3, right: 5, bottom: 6, left: 5}
  - name: Cave Bat
    faction: monster
    rarity: common
    stats: {top: 6, right: 4, bottom: 4, left: 4}
    power: Insult to injury!
"""
DECK = """game: scratch
kind: deck
name: Bats and Witches
uses: [cards.yaml]
cards:
  Bog Witch: 3
  Cave Bat: 2
  Griffin: 1
  Owlbear: 1
  Wyvern: 1
  Gargoyle: 1
  Giant: 1
"""
PDF = "out/scratch/scratch-bats-and-witches-deck.pdf"  # under the watched folder
WAIT = 10.0  # the most a test waits for a build that must come (it takes ~0.05 s)


class Watcher:
    """The watch loop in a thread, its builds in a queue."""

    def __init__(
        self, folder: Path, target: str, *, debounce: float = 0.05, watchfiles: bool = True
    ) -> None:
        self.folder = folder
        self.stop = threading.Event()
        self.events: queue.Queue[Rebuild | BaseException] = queue.Queue()
        options = BuildOptions(out=str(folder / "out"))

        def run() -> None:
            try:
                watch(
                    [str(folder / target)],
                    options,
                    interval=0.02,
                    debounce=debounce,
                    stop=self.stop,
                    report=self.events.put,
                    watchfiles=watchfiles,
                )
            except BaseException as err:  # shown by the test, not lost in the thread
                self.events.put(err)

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def next(self, timeout: float = WAIT) -> Rebuild:
        """The next build (failing the test when none comes)."""
        try:
            event = self.events.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no build within {timeout} s") from None
        if isinstance(event, BaseException):
            raise event
        return event

    def assert_quiet(self, seconds: float = 0.3) -> None:
        """No build for `seconds` (15 polls at 0.02 s)."""
        with pytest.raises(queue.Empty):
            event = self.events.get(timeout=seconds)
            raise AssertionError(f"unexpected build: {event}")

    def close(self) -> float:
        """Stop the loop; how long it took to end."""
        start = time.monotonic()
        self.stop.set()
        self.thread.join(WAIT)
        assert not self.thread.is_alive()
        return time.monotonic() - start


@pytest.fixture
def src(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a cards file and a deck that uses it; the current folder too.

    The watcher looks for the project's kitgen.toml from the current folder up,
    so the tests run in their own folder, never in one with a real kitgen.toml.
    """
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "cards.yaml", CARDS)
    write(tmp_path, "deck.yaml", DECK)
    return tmp_path


@pytest.fixture
def watcher(src: Path) -> Iterator[Watcher]:
    """A watcher on the deck, writing into src/out."""
    w = Watcher(src, "deck.yaml")
    yield w
    w.close()


def save(path: Path, text: str) -> None:
    """Save a file the way many editors do: write a temporary file, rename it over."""
    temp = path.with_name(f".{path.name}.tmp")
    temp.write_text(text, encoding="utf-8")
    os.replace(temp, path)


@contextlib.contextmanager
def watching(args: list[str], cwd: Path) -> Iterator[subprocess.Popen[str]]:
    """`kitgen watch ARGS` as a program of its own, Ctrl-C reaching it as it would from
    a shell; killed after WAIT seconds (a hung child fails the test, not CI) or when the
    test ends."""
    child = subprocess.Popen(
        [sys.executable, "-m", "kitgen", "watch", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A shell's background job ignores Ctrl-C; the watcher must get it.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = threading.Timer(WAIT, child.kill)
    deadline.start()
    try:
        yield child
    finally:
        deadline.cancel()
        child.kill()
        child.wait()


def fresh_build(src: Path, tmp: Path) -> bytes:
    """The deck's PDF built from scratch from the files as they are now."""
    result = build([str(src / "deck.yaml")], BuildOptions(out=str(tmp)))
    assert result.ok and len(result.written) == 1, result
    return Path(result.written[0]).read_bytes()


def test_first_build_writes_the_pdf(src: Path, watcher: Watcher) -> None:
    first = watcher.next()
    assert first.number == 1 and first.ok
    assert first.result.written == [str(src / PDF)]
    assert (src / PDF).read_bytes().startswith(b"%PDF-")
    assert first.watched == 2  # cards.yaml and deck.yaml (no kitgen.toml here)


def test_an_edit_rebuilds(
    src: Path, watcher: Watcher, tmp_path_factory: pytest.TempPathFactory
) -> None:
    watcher.next()
    before = (src / PDF).read_bytes()
    # A file the deck uses, not the target itself: the power text is printed on the card.
    save(src / "cards.yaml", CARDS.replace("Insult to injury!", "Against all odds!"))
    second = watcher.next()
    assert second.number == 2 and second.ok and second.result.written == [str(src / PDF)]
    after = (src / PDF).read_bytes()
    assert after != before
    assert after == fresh_build(src, tmp_path_factory.mktemp("fresh"))


def test_quick_saves_make_one_rebuild(src: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    watcher = Watcher(src, "deck.yaml", debounce=0.5)
    try:
        watcher.next()
        # Each save comes after more than a poll (0.02 s), so the loop sees each one;
        # all come within the debounce, so they make one build, of the last save.
        counts = [("3", "2"), ("2", "3"), ("1", "4"), ("4", "1")]
        for witches, bats in counts:
            deck = DECK.replace("Bog Witch: 3", f"Bog Witch: {witches}")
            save(src / "deck.yaml", deck.replace("Cave Bat: 2", f"Cave Bat: {bats}"))
            time.sleep(0.05)
        rebuilt = watcher.next()
        assert rebuilt.number == 2 and rebuilt.ok
        watcher.assert_quiet(0.3)
        assert (src / PDF).read_bytes() == fresh_build(src, tmp_path_factory.mktemp("fresh"))
    finally:
        watcher.close()


def test_broken_saves_keep_the_last_good_pdf(
    src: Path, watcher: Watcher, tmp_path_factory: pytest.TempPathFactory
) -> None:
    first = watcher.next()
    good = (src / PDF).read_bytes()
    deck = src / "deck.yaml"

    # Line 7 is `  Cave Bat: 2`; the second colon (column 14) is the YAML error.
    save(deck, DECK.replace("Cave Bat: 2", "Cave Bat: 2: 3"))
    broken = watcher.next()
    assert not broken.ok and broken.result.written == []
    codes = {(f.code, str(f.location)) for f in broken.result.findings}
    assert ("yaml-syntax", f"{deck}:7:14") in codes
    assert (src / PDF).read_bytes() == good

    # Line 8 is `  Griffin: 1`: the card's name starts in column 3.
    save(deck, DECK.replace("Griffin: 1", "Grifon: 1"))
    unknown = watcher.next()
    assert not unknown.ok and unknown.result.written == []
    codes = {(f.code, str(f.location)) for f in unknown.result.findings}
    assert ("unknown-card", f"{deck}:8:3") in codes
    assert (src / PDF).read_bytes() == good

    # Half a save: the file is empty for a moment.
    save(deck, "")
    empty = watcher.next()
    assert not empty.ok and [f.code for f in empty.result.findings] == ["empty-file"]
    assert (src / PDF).read_bytes() == good

    save(deck, DECK)
    fixed = watcher.next()
    assert fixed.ok and fixed.result.written == first.result.written
    assert (src / PDF).read_bytes() == good  # same input, same bytes


def test_a_deleted_target_is_reported_and_built_when_back(src: Path, watcher: Watcher) -> None:
    watcher.next()
    good = (src / PDF).read_bytes()
    (src / "deck.yaml").unlink()  # an editor that deletes, then writes
    gone = watcher.next()
    assert not gone.ok and gone.result.written == []
    assert gone.errors == [
        f"{src / 'deck.yaml'}: no such file now; it is built again when it is back"
    ]
    assert (src / PDF).read_bytes() == good
    save(src / "deck.yaml", DECK)
    back = watcher.next()
    assert back.ok and (src / PDF).read_bytes() == good


def test_a_usage_error_is_reported_and_watching_goes_on(src: Path) -> None:
    kit = "game: scratch\nkind: kit\nname: Bats\ncomponents: [cards]\ndecks: [deck.yaml]\n"
    write(src, "kit.yaml", kit)
    watcher = Watcher(src, "kit.yaml")
    try:
        first = watcher.next()
        cards = src / "out/scratch/bats-cards.pdf"
        assert first.ok and first.result.written == [str(cards)]
        good = cards.read_bytes()
        save(src / "kit.yaml", kit + "settings:\n  card_size: 300x400mm\n")
        too_big = watcher.next()
        assert not too_big.ok and too_big.result.written == []
        # the kit check lays the cards out: a finding at the kit's card_size line
        [found] = too_big.result.findings
        assert found.code == "invalid-setting" and "does not fit" in found.message
        assert found.location is not None and found.location.line == 7
        assert cards.read_bytes() == good
        save(src / "kit.yaml", kit + "settings:\n  card_size: poker\n")
        fixed = watcher.next()
        assert fixed.ok and cards.read_bytes() == good
    finally:
        watcher.close()


def test_writes_in_the_output_and_hidden_folders_do_not_rebuild(
    src: Path, watcher: Watcher
) -> None:
    watcher.next()
    # The build's own PDF is in src/out: no build follows it (no rebuild loop) ...
    watcher.assert_quiet()
    # ... nor a YAML file or an image written there, or in a hidden folder, or hidden.
    write(src, "out/scratch/page-1.png", "not really a PNG")
    write(src, "out/notes.yaml", "a: 1\n")
    write(src, ".git/deck.yaml", DECK)
    write(src, ".#deck.yaml", "an editor's lock file")
    watcher.assert_quiet()
    # A new image in the watched folder is a change.
    write(src, "art/back.png", "an image")
    assert watcher.next().number == 2


def test_scan_lists_what_a_build_can_read(src: Path) -> None:
    write(src, "art/back.png", "x")
    write(src, "notes.txt", "x")
    write(src, "out/scratch/x.yaml", "x")
    write(src, ".hidden/y.yaml", "x")
    found = scan([str(src)], str(src / "out"))
    assert sorted(Path(p).relative_to(src).as_posix() for p in found) == [
        "art/back.png",
        "cards.yaml",
        "deck.yaml",
    ]


def test_the_projects_kitgen_toml_is_watched(
    src: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    project = tmp_path_factory.mktemp("project")
    (project / "work").mkdir()
    os.chdir(project / "work")  # the src fixture puts the current folder back
    assert scan([str(src)], str(src / "out")).keys() == {
        str(src / "cards.yaml"),
        str(src / "deck.yaml"),
    }
    write(project, "kitgen.toml", "# the printer's settings\n")
    assert str(project / "kitgen.toml") in scan([str(src)], str(src / "out"))
    watcher = Watcher(src, "deck.yaml")
    try:
        assert watcher.next().watched == 3
        save(project / "kitgen.toml", "# the printer's settings, edited\n")
        assert watcher.next().number == 2
    finally:
        watcher.close()


def test_stop_ends_the_loop_promptly(src: Path) -> None:
    watcher = Watcher(src, "deck.yaml", debounce=60)
    watcher.next()
    assert watcher.close() < 0.5  # idle: ends at the next poll
    watcher = Watcher(src, "deck.yaml", debounce=60)
    watcher.next()
    save(src / "deck.yaml", DECK + "\n")  # a change starts a minute's debounce
    time.sleep(0.1)
    assert watcher.close() < 0.5  # stopped in the debounce: no build
    assert watcher.events.empty()


runner = CliRunner()


def test_cli_missing_target_is_a_one_line_usage_error(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.yaml")
    result = runner.invoke(app, ["watch", missing, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"kitgen: error: {missing!r} is not a game (scratch, shapeup, scaffold, staircase, "
        "galliard), `all`, or an existing file"
    ]
    assert not (tmp_path / "out").exists()


def test_cli_builds_and_stops_quietly_on_ctrl_c(src: Path) -> None:
    with watching(["deck.yaml", "--out", "out"], src) as child:
        assert child.stderr is not None
        first = child.stderr.readline()
        watched = child.stderr.readline()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=WAIT)
    assert child.returncode == 0, err
    assert first.endswith("] built: 1 file written\n") and first.startswith("[")
    assert watched == "kitgen: watching 2 files for changes (Ctrl-C to stop)\n"
    assert err == "kitgen: stopped watching\n"
    assert out == f"{PDF}\n"


def test_the_users_kitgen_toml_is_watched_even_before_it_exists(
    src: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = tmp_path_factory.mktemp("user") / "kitgen.toml"
    monkeypatch.setenv("KITGEN_CONFIG", str(user))
    assert str(user) not in scan([str(src)], str(src / "out"))
    watcher = Watcher(src, "deck.yaml")
    try:
        watcher.next()
        save(user, '[print]\nback_offset = "0.5,-1"\n')  # a new file: a rebuild
        assert watcher.next().number == 2
        assert str(user) in scan([str(src)], str(src / "out"))
    finally:
        watcher.close()


@pytest.mark.parametrize("watchfiles", [True, False])
def test_a_card_file_in_another_folder_is_watched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, watchfiles: bool
) -> None:
    """A deck's `uses: [../cards/cards.yaml]`: the build read it, so it is watched. (The
    project's kitgen.toml makes the card file the project's, not a file outside it.)"""
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "kitgen.toml", "[print]\n")
    write(tmp_path, "cards/cards.yaml", CARDS)
    write(tmp_path, "decks/deck.yaml", DECK.replace("[cards.yaml]", "[../cards/cards.yaml]"))
    watcher = Watcher(tmp_path, "decks/deck.yaml", watchfiles=watchfiles)
    try:
        first = watcher.next()
        assert first.ok and first.watched == 3, first  # the deck, its card file, kitgen.toml
        save(
            tmp_path / "cards" / "cards.yaml", CARDS.replace("top: 3, right: 5", "top: 4, right: 4")
        )
        second = watcher.next()
        assert second.number == 2 and second.ok
        pdf = tmp_path / "out" / "scratch" / "scratch-bats-and-witches-deck.pdf"
        assert pdf.read_bytes() == fresh_build(tmp_path / "decks", tmp_path / "fresh")
        (tmp_path / "cards" / "cards.yaml").unlink()  # gone: a change too
        third = watcher.next()
        assert third.number == 3 and not third.ok
        write(tmp_path, "cards/cards.yaml", CARDS)  # back
        assert watcher.next().number == 4
    finally:
        watcher.close()


def test_a_tree_deeper_than_pythons_stack_is_scanned(tmp_path: Path) -> None:
    """A tree deeper than Python's stack: the stack is made 200 frames deeper than
    what runs this test, and the tree is 300 folders deep, so a walk that took a frame
    a folder fails here as one 1,100 deep fails at Python's default of 1,000 frames
    (and it costs a tenth: the real path of each folder costs its depth)."""
    frames, frame = 0, sys._getframe()
    while frame is not None:
        frames, frame = frames + 1, frame.f_back
    folders = []
    deep = tmp_path
    for _ in range(300):  # (not mkdir(parents=True): it recurses too)
        deep /= "d"
        deep.mkdir()
        folders.append(deep)
    limit = sys.getrecursionlimit()
    try:
        (deep / "cards.yaml").write_text(CARDS, encoding="utf-8")
        sys.setrecursionlimit(frames + 200)
        found = scan([str(tmp_path)], str(tmp_path / "out"))
        sys.setrecursionlimit(limit)
        assert list(found) == [str(deep / "cards.yaml")]
    finally:  # (shutil.rmtree recurses: pytest could not remove the tree)
        sys.setrecursionlimit(limit)
        (deep / "cards.yaml").unlink(missing_ok=True)
        for folder in reversed(folders):
            folder.rmdir()


@pytest.mark.parametrize(
    ("interval", "debounce", "ok"),
    [
        (0.01, 0.0, True),
        (60.0, 60.0, True),
        (0.25, 0.4, True),
        (0.0099, 0.4, False),
        (60.01, 0.4, False),
        (0.0, 0.4, False),
        (-1.0, 0.4, False),
        (math.inf, 0.4, False),
        (math.nan, 0.4, False),
        (1e300, 0.4, False),
        (0.25, -0.001, False),
        (0.25, 60.01, False),
        (0.25, math.inf, False),
        (0.25, math.nan, False),
    ],
)
def test_interval_and_debounce_ranges(interval: float, debounce: float, ok: bool) -> None:
    if ok:
        check_timing(interval, debounce)
    else:
        with pytest.raises(UsageError):
            check_timing(interval, debounce)


@given(interval=st.floats(), debounce=st.floats())
def test_any_timing_is_in_range_or_refused(interval: float, debounce: float) -> None:
    inside = 0.01 <= interval <= 60 and 0 <= debounce <= 60
    try:
        check_timing(interval, debounce)
    except UsageError:
        assert not inside
    else:
        assert inside


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "0", "1e9"])
def test_cli_refuses_an_interval_out_of_range(src: Path, value: str) -> None:
    result = runner.invoke(app, ["watch", "deck.yaml", "--out", "out", "--interval", value])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("kitgen: error: --interval takes 0.01 to 60 seconds")
    assert len(result.stderr.splitlines()) == 1
    assert not (src / "out").exists()


@pytest.mark.parametrize(
    ("option", "words"),
    [
        (["--paper", "5000x5000mm"], "--paper: a paper of 5,000 x 5,000 mm is out of range"),
        (["--card-size", "huge"], "--card-size: unknown card size 'huge'"),
        (["--bleed", "30mm"], "--bleed 30 mm is more than 10 mm"),
        (["--back-offset", "99999,0"], "--back-offset: offset '99999,0'"),
    ],
)
def test_a_bad_print_option_ends_watch_at_once(src: Path, option: list[str], words: str) -> None:
    """A bad option is one line and exit 2 before the first build, not an error at
    every build while watching goes on."""
    # A process with a time limit: before, watch went on (a failed build a save) for ever.
    result = subprocess.run(
        [sys.executable, "-m", "kitgen", "watch", "deck.yaml", "--out", "out", *option],
        cwd=src,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith(f"kitgen: error: {words}"), result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert not (src / "out").exists()


SLOW = """
import hashlib, sys
import kitgen.watch

def build(*args, **kwargs):  # minutes in C code, which never looks at signals
    open("building", "w").close()  # (the test waits for this before it signals)
    hashlib.pbkdf2_hmac("sha256", b"kitgen", b"salt", 10**9)

kitgen.watch._build_here = build  # (what the forked child that builds runs)
sys.argv = ["kitgen", "watch", "deck.yaml", "--out", "out"]
from kitgen.entry import run

run()
"""


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 0), (signal.SIGTERM, 143)])
def test_ctrl_c_ends_watch_during_a_build_that_never_ends(src: Path, sig: int, status: int) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", SLOW],
        cwd=src,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        # building: on a busy machine a fixed second could still be start-up, before
        # kitgen's handlers, where SIGTERM kills the process (status -15, not 143)
        deadline = time.monotonic() + WAIT
        while not (src / "building").exists() and child.poll() is None:
            assert time.monotonic() < deadline, "the build never started"
            time.sleep(0.02)
        child.send_signal(sig)
        start = time.monotonic()
        _, err = child.communicate(timeout=WAIT)
        assert time.monotonic() - start < 3
    finally:
        child.kill()
        child.wait()
    assert child.returncode == status, err
    assert "Traceback" not in err


def test_polling_takes_over_when_watchfiles_fails(
    src: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the system's limit of inotify watches, watchfiles raises: polling goes on."""
    import watchfiles

    calls: list[object] = []

    def failing(*args: object, **kwargs: object) -> Iterator[object]:
        calls.append(args)
        raise OSError(28, "OS file watch limit reached")
        yield  # (a generator, as watchfiles.watch is)

    monkeypatch.setattr(watchfiles, "watch", failing)
    watcher = Watcher(src, "deck.yaml")
    try:
        assert watcher.next().number == 1
        save(src / "cards.yaml", CARDS.replace("top: 3, right: 5", "top: 4, right: 4"))
        assert watcher.next().number == 2
        assert calls  # it was tried
    finally:
        watcher.close()


def test_a_save_watchfiles_misses_just_after_a_build_is_seen_at_once(
    src: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a build, watchfiles may be starting its watches again and miss a save:
    the loop's own looks, soon after each build, see it well before the safety look
    (made a minute here, so that only the early looks can find the save)."""
    import watchfiles

    import kitgen.watch

    def deaf(*args: object, **kwargs: object) -> Iterator[object]:
        stop = kwargs["stop_event"]
        while not stop.is_set():  # running, and never waking the loop
            time.sleep(0.01)
        yield from ()

    looks: list[float] = []

    def counted(*args: object) -> object:
        looks.append(time.monotonic())
        return scan(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(watchfiles, "watch", deaf)
    monkeypatch.setattr(kitgen.watch, "SAFETY_POLL", 60.0)
    monkeypatch.setattr(kitgen.watch, "scan", counted)
    watcher = Watcher(src, "deck.yaml")
    try:
        assert watcher.next().number == 1
        save(src / "cards.yaml", CARDS.replace("top: 3, right: 5", "top: 4, right: 4"))
        start = time.monotonic()
        assert watcher.next().number == 2
        assert time.monotonic() - start < 5  # (the looks find it in about a tenth of a second)
        # They come further and further apart: at 0.05, 0.15, 0.35, 0.75 s... after the
        # build, not every 0.05 s (16 looks in 0.8 s).
        built = time.monotonic()
        time.sleep(0.8)
        assert 2 <= sum(1 for t in looks if t > built) <= 6
    finally:
        watcher.close()


def test_closing_after_a_ctrl_c_that_left_a_lock_taken_does_not_hang(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C can land just after a lock is taken and before the `with` that would
    give it back: the lock stays taken. Watch's way out (closing its watchfiles
    threads) took such a lock again (a threading.Event's) and waited for ever: watch
    ignored the Ctrl-C (seen 1 run in 30 on a loaded machine)."""
    from kitgen.watch import Waker

    waker = Waker()
    assert waker.working  # watchfiles is installed with kitgen
    enter = threading.Condition.__enter__
    armed = [True]
    main = threading.main_thread().ident
    # (The patch is the whole process's while it lasts: another thread entering a
    # condition, xdist's or watchfiles', goes straight through. It asks its thread's
    # id only: threading.current_thread() would make a _DummyThread for a thread
    # Python did not start, whose Event enters a condition again, for ever, and the
    # worker's own locks were left taken: the run hung.)

    def interrupted_enter(self: threading.Condition) -> bool:
        taken = enter(self)
        if armed and threading.get_ident() == main:
            armed.clear()
            raise KeyboardInterrupt  # the lock is taken and nobody will give it back
        return taken

    monkeypatch.setattr(threading.Condition, "__enter__", interrupted_enter)
    with pytest.raises(KeyboardInterrupt):
        waker.watch([str(tmp_path)], [])
    monkeypatch.undo()
    closed = threading.Event()
    closer = threading.Thread(target=lambda: (waker.close(), closed.set()), daemon=True)
    closer.start()
    assert closed.wait(WAIT), "closing waited for a lock the interrupt left taken"


def test_a_designed_game_rebuilds_when_its_data_a_layout_or_an_icon_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kitgen.starters import plan
    from kitgen.starters import write as write_starters

    monkeypatch.chdir(tmp_path)
    write_starters(plan("game", "Lanterns", str(tmp_path), "custom"))
    game = tmp_path / "lanterns"
    watcher = Watcher(game, "kit.yaml")
    pdf = game / "out" / "lanterns" / "lanterns-cards.pdf"
    try:
        first = watcher.next()
        assert first.ok, first
        # game.yaml, cards.csv, face.yaml, back.yaml, kit.yaml, icons/star.svg
        assert first.watched == 6, first
        seen = {pdf.read_bytes()}
        edits = [
            ("cards.csv", "Dawn Runner", "Dusk Runner"),
            ("face.yaml", "size: 13", "size: 12"),
            ("icons/star.svg", "L98 38", "L90 40"),
        ]
        for number, (name, old, new) in enumerate(edits, start=2):
            path = game / name
            save(path, path.read_text(encoding="utf-8").replace(old, new))
            rebuilt = watcher.next()
            assert rebuilt.number == number and rebuilt.ok, rebuilt
            assert pdf.read_bytes() not in seen, name
            seen.add(pdf.read_bytes())
    finally:
        watcher.close()


def test_watch_lang_prints_and_rebuilds_that_edition(tmp_path: Path) -> None:
    """`kitgen watch GAME --lang de` builds the German edition (its own file name),
    and a save of a German cell rebuilds it; Ctrl-C stops it."""
    game = starter_in_languages(tmp_path, EDITION_CARDS)
    pdf = tmp_path / "out" / "star-lanterns" / "star-lanterns-de-cards.pdf"
    with watching([str(game), "--lang", "de", "--out", "out"], tmp_path) as child:
        assert child.stdout is not None
        assert child.stdout.readline() == f"{pdf.relative_to(tmp_path)}\n"
        assert "Morgenläufer" in pdf_text(pdf)
        cards = game / "cards.csv"
        save(cards, cards.read_text(encoding="utf-8").replace("Morgenläufer", "Frühläufer"))
        assert child.stdout.readline() == f"{pdf.relative_to(tmp_path)}\n"
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=WAIT)
    assert child.returncode == 0, err
    assert out == ""
    text = pdf_text(pdf)
    assert "Frühläufer" in text and "Morgenläufer" not in text and "Dawn Runner" not in text
    assert not (tmp_path / "out" / "star-lanterns" / "star-lanterns-cards.pdf").exists()
