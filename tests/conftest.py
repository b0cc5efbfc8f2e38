"""Shared test helpers."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import settings

from kitgen.paths import data_dir

FIXTURES = Path(__file__).parent / "fixtures"

# How deep the property and fuzz tests go: KITGEN_TEST_PROFILE=full (CI's runs) gives
# every test its full count of examples; the default, quick, a tenth of it (at least
# ten), so a plain `pytest` stays within three minutes. Every test still runs.
PROFILES = ("quick", "full")
PROFILE = os.environ.get("KITGEN_TEST_PROFILE", "quick").strip().lower() or "quick"
if PROFILE not in PROFILES:
    raise pytest.UsageError(
        f"KITGEN_TEST_PROFILE={PROFILE!r}: use {' or '.join(PROFILES)} (quick by default)"
    )
QUICK_SHARE = 10  # the quick profile runs 1/QUICK_SHARE of each full count


def examples(full: int) -> int:
    """A property test's number of examples: `full` in the full profile, a tenth of it
    (at least ten, never more than `full`) in the quick one."""
    return full if PROFILE == "full" else min(full, max(10, full // QUICK_SHARE))


def fuzz_examples(full: int = 1000) -> int:
    """How many fuzzed files of each kind: KITGEN_FUZZ_EXAMPLES when set (more for a
    long local hunt, fewer while editing; CI's run on the dependency floors sets 100),
    else `examples(full)`: the issue's thousand in the full profile."""
    given = os.environ.get("KITGEN_FUZZ_EXAMPLES", "").strip()
    return int(given) if given else examples(full)


# Tests without a count of their own: Hypothesis's 100 in full, 20 in quick.
settings.register_profile("full", max_examples=100)
settings.register_profile("quick", max_examples=examples(100))
settings.load_profile(PROFILE)


# The costliest files, most first (by `pytest --durations`): they run first, so that
# in parallel (pytest-xdist, a file or class whole on one worker) the run does not end
# with one worker on a long file while the other has nothing left to do.
COSTLIEST_FIRST = (
    "test_pdf_validity.py",
    "test_build.py",
    "test_readme.py",
    "test_booklet_fill.py",
    "test_integrity.py",
    "test_cli.py",
    "test_watch.py",
    "test_fuzz.py",
    "test_tune.py",
    "test_text_fonts.py",
    "test_output_names.py",
    "test_cutting.py",
    "test_booklet_content.py",
    "test_intervals.py",
    "test_print_dialog.py",
    "test_games_doc.py",
)


@pytest.hookimpl(trylast=True)  # (after -k and -m have deselected theirs)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The costliest files first (COSTLIEST_FIRST), the others after them in order; and
    which shared builds the run's tests ask for (NEEDED_BUILDS)."""
    rank = {name: i for i, name in enumerate(COSTLIEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))
    NEEDED_BUILDS[:] = _needed(items)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "shared_builds(*fixtures): the test asks for these shared builds by name "
        "(request.getfixturevalue), so the run makes them early",
    )


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


def designed_game(game: str, fields: str) -> str:
    """A designed game's game.yaml for a test: its id (its title the id capitalised),
    its fields (YAML under `fields:`, each line indented two spaces), its cards in
    cards.csv and its face in face.yaml."""
    return (
        f"game: {game}\nkind: game\ntitle: {game.title()}\nplayers: {{min: 2, max: 2}}\n"
        "playing_time: 10 minutes\nsummary: A game for testing.\nfields:\n"
        f"{fields}cards: cards.csv\nface: face.yaml\n"
    )


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first `old` in a text file with `new` (failing when it is not there)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: str | Path, text: str) -> int:
    """The line (from 1) of the first line of a file that holds `text`."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if text in line)


def leftovers(folder: Path) -> list[str]:
    """Temporary files or folders a write left behind under `folder`: kitgen's are
    hidden (`.kitgen-*.part`, `.NAME.*.part` staged folders)."""
    return sorted(
        str(p.relative_to(folder))
        for p in folder.rglob("*")
        if p.name.startswith(".") or p.name.endswith((".part", ".tmp"))
    )


def pytest_report_header() -> list[str]:
    """Name the kitgen under test (the installed wheel in CI) and the test profile."""
    import kitgen

    depth = "full counts" if PROFILE == "full" else f"1/{QUICK_SHARE} of the full counts"
    return [
        f"kitgen {kitgen.__version__} from {Path(kitgen.__file__).parent}",
        f"KITGEN_TEST_PROFILE={PROFILE}: property and fuzz tests at {depth}",
    ]


@pytest.fixture(autouse=True)
def _no_user_kitgen_toml(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Never read the developer's own kitgen.toml: point the user file at nothing."""
    missing = tmp_path_factory.getbasetemp() / "no-user-kitgen.toml"
    monkeypatch.setenv("KITGEN_CONFIG", str(missing))


def interrupt_me() -> None:
    """Ctrl-C to this process, as a program of one thread gets it: a SIGINT to the main
    thread. (`os.kill(os.getpid(), SIGINT)` lets the kernel hand it to any thread that
    does not block it: in a pytest-xdist worker, which runs a thread of its own, that
    one takes it while the main thread holds it, and Python raises it in the main
    thread at once, inside the block that held it.)"""
    signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)


@contextlib.contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Fail (instead of waiting for ever) when the block runs too long."""

    def hang(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError(f"still running after {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, hang)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def ctrl_c_after_some_games(args: list[str], cwd: Path) -> tuple[int, str, str]:
    """Run a long `kitgen simulate` (ARGS after `python -m kitgen`) and press Ctrl-C
    (SIGINT) once its imports are done and some batches of games are played (a batch
    takes about a tenth of a second): its exit status, stdout and stderr. After a
    second, then, when no game had finished yet (a busy machine), run again with two,
    four, eight seconds."""
    for seconds in (1, 2, 4, 8):
        run = subprocess.Popen(
            [sys.executable, "-m", "kitgen", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=cwd,
        )
        time.sleep(seconds)
        run.send_signal(signal.SIGINT)
        out, err = run.communicate(timeout=60)
        early = err in (
            "kitgen: interrupted\n",
            "kitgen: stopped by Ctrl-C before any of the games finished\n",
        )
        if not (run.returncode == 130 and early):
            break
    return run.returncode, out, err


def kit_without_booklets(tmp: Path, game: str) -> str:
    """A copy of GAME's own kit file, in a folder of its own under `tmp`, that prints
    every part but the rule booklets: the same card sheets, mats and score sheets, byte
    for byte, a fifth of the time to build (the booklets take the rest). Its path."""
    text = (data_dir() / game / "kit.yaml").read_text(encoding="utf-8")
    kept = re.sub(r"^rules:.*\n", "", text.replace(", rules]", "]"), flags=re.M)
    assert kept != text and "rules" not in re.findall(r"^components: .*$", kept, re.M)[0]
    return write(tmp / f"kit-{game}", "kit.yaml", kept)


def checked(*paths: Path) -> tuple[int, list[tuple[str, str, str, int, int]]]:
    """`kitgen check --format json PATHS` in this process: its exit status and each
    distinct finding as (code, severity, file name, line, column), sorted."""
    from kitgen.entry import main

    status, out, _err = run_in_process(main, "check", "--format", "json", *map(str, paths))
    found = [
        (f["code"], f["severity"], Path(f["path"]).name, f["line"], f["column"])
        for entry in json.loads(out)["files"]
        for f in entry["findings"]
    ]
    return status, sorted(set(found))


def pdf_text(pdf: Path) -> str:
    """The text of every page of a PDF, as pdfium reads it, page after page."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def pdf_names(out: Path) -> list[str]:
    """The names of the PDFs anywhere under `out`, sorted."""
    return sorted(p.name for p in out.rglob("*.pdf"))


def starter_in_languages(tmp: Path, cards: str, languages: str = "[en, de]") -> Path:
    """The starter game (`kitgen new game "Star Lanterns" --game custom`) in `tmp`,
    printed in `languages` (its game file's `languages:`), its card data `cards` (a
    CSV text with `FIELD@TAG` columns)."""
    from kitgen.entry import main

    status, _out, err = run_in_process(
        main, "new", "game", "Star Lanterns", "--game", "custom", "--dir", str(tmp)
    )
    assert status == 0, err
    folder = tmp / "star-lanterns"
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert "cards: cards.csv\n" in text
    path.write_text(
        text.replace("cards: cards.csv\n", f"cards: cards.csv\nlanguages: {languages}\n"),
        encoding="utf-8",
    )
    (folder / "cards.csv").write_text(cards, encoding="utf-8")
    return folder


def run_in_process(
    main: Callable[[], object], *args: str, seconds: int = 0
) -> tuple[int, str, str]:
    """Run `kitgen ARGS` through `main` in this process: (exit status, stdout, stderr).
    An internal error raises here (KITGEN_DEBUG) instead of printing a line; with
    `seconds`, so does a command that runs longer."""
    out, err = io.StringIO(), io.StringIO()
    argv, debug = sys.argv, os.environ.get("KITGEN_DEBUG")
    sys.argv = ["kitgen", *args]
    os.environ["KITGEN_DEBUG"] = "1"
    status: int | str | None = 0
    limit = time_limit(seconds) if seconds else contextlib.nullcontext()
    try:
        with limit, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as stop:
        status = stop.code
    finally:
        sys.argv = argv
        if debug is None:
            os.environ.pop("KITGEN_DEBUG", None)
        else:
            os.environ["KITGEN_DEBUG"] = debug
    code = status if isinstance(status, int) else (0 if status is None else 1)
    return code, out.getvalue(), err.getvalue()


# --- One `kitgen build all` for the whole run --------------------------------------------


@dataclass(frozen=True)
class SharedBuild:
    """`kitgen build all -o OUT` as a user runs it (a process of its own): its folder,
    exit status and what it printed. Tests only read it."""

    out: Path
    status: int
    stdout: str
    stderr: str


SHARED_BUILD_WAIT = 600  # seconds a worker waits for another's build of it
# The shared builds' hash seed (set and dict order of sets): test_integrity.py builds
# again with others and compares the bytes.
SHARED_BUILD_HASH_SEED = "1"


def shared_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder every worker of this run sees (and no other run): the run's base temp,
    above each pytest-xdist worker's own."""
    base = tmp_path_factory.getbasetemp()
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    return base.parent / f"shared-{run}" if run else base / "shared"


# The shared builds, by the fixture that gives each (test files that ask for one by
# name, with request.getfixturevalue, say so with `pytest.mark.shared_builds(NAME...)`),
# and those the tests of this run ask for: a worker waiting for one that another is
# making makes one of the others meanwhile, rather than wait idle.
SHARED_BUILDS = {
    "built_all": ("all",),
    "built_all_letter": ("all", "--paper", "letter", "--ink", "low"),
}
NEEDED_BUILDS: list[tuple[str, ...]] = []


def _needed(items: list[pytest.Item]) -> list[tuple[str, ...]]:
    """The shared builds the tests of `items` ask for, in SHARED_BUILDS's order."""
    names: set[str] = set()
    for item in items:
        names.update(getattr(item, "fixturenames", ()))
        for mark in item.iter_markers("shared_builds"):
            names.update(mark.args)
    return [args for name, args in SHARED_BUILDS.items() if name in names]


def _claim(root: Path, name: str) -> bool:
    """Claim the shared build `name` for this worker: False when another has."""
    try:
        os.close(os.open(root / f"{name}.claim", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    return True


def _build_name(args: tuple[str, ...]) -> str:
    return "build-" + "-".join(a.strip("-") for a in args)


def _run_shared(root: Path, args: tuple[str, ...]) -> None:
    """Run a claimed shared build and record its result (atomically: the others wait
    for the record)."""
    name = _build_name(args)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "kitgen", "build", *args, "-o", str(root / name)],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": SHARED_BUILD_HASH_SEED},
            timeout=SHARED_BUILD_WAIT,
            check=False,
        )
        result = {"status": done.returncode, "stdout": done.stdout, "stderr": done.stderr}
    except Exception as err:
        result = {"status": -1, "stdout": "", "stderr": f"{type(err).__name__}: {err}"}
    staged = root / f"{name}.json.part"
    staged.write_text(json.dumps(result), encoding="utf-8")
    staged.replace(root / f"{name}.json")


def shared_build(tmp_path_factory: pytest.TempPathFactory, *args: str) -> SharedBuild:
    """`kitgen build ARGS -o OUT` run once for the whole run, shared by the workers of a
    parallel run: the first to ask runs it (it claims the folder) while the others wait
    for its record of the result, each making another shared build the run needs and
    no worker has claimed, if there is one."""
    root = shared_root(tmp_path_factory)
    root.mkdir(parents=True, exist_ok=True)
    name = _build_name(args)
    out, record = root / name, root / f"{name}.json"
    if _claim(root, name):
        _run_shared(root, args)
    else:  # another worker runs it: wait for its record
        deadline = time.monotonic() + SHARED_BUILD_WAIT
        while not record.exists():
            if time.monotonic() > deadline:
                pytest.fail(f"no shared build after {SHARED_BUILD_WAIT} s (see {root})")
            other = next((a for a in NEEDED_BUILDS if _claim(root, _build_name(a))), None)
            if other is not None:
                _run_shared(root, other)
            else:
                time.sleep(0.1)
    got = json.loads(record.read_text(encoding="utf-8"))
    return SharedBuild(out, int(got["status"]), str(got["stdout"]), str(got["stderr"]))


@pytest.fixture(
    scope="module",
    params=[
        pytest.param("a4", marks=pytest.mark.shared_builds("built_all")),
        pytest.param("letter", marks=pytest.mark.shared_builds("built_all_letter")),
    ],
)
def kits_on_each_paper(request: pytest.FixtureRequest) -> Path:
    """Every game's kit on one paper, for each of A4 and Letter (in low ink): the run's
    shared builds' folder (tests only read it)."""
    shared: SharedBuild = request.getfixturevalue(
        "built_all" if request.param == "a4" else "built_all_letter"
    )
    assert shared.status == 0, shared.stderr
    return shared.out


@pytest.fixture(scope="session", autouse=True)
def _shared_builds_first(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Before its first test, each worker makes one of the shared builds the run needs
    that no other worker has claimed: on two cores the two builds run side by side,
    before any test waits for one."""
    if not NEEDED_BUILDS:
        return
    root = shared_root(tmp_path_factory)
    root.mkdir(parents=True, exist_ok=True)
    first = next((a for a in NEEDED_BUILDS if _claim(root, _build_name(a))), None)
    if first is not None:
        _run_shared(root, first)


@pytest.fixture(scope="session")
def built_all(tmp_path_factory: pytest.TempPathFactory) -> SharedBuild:
    """`kitgen build all`: every kit on A4, once for the whole run."""
    return shared_build(tmp_path_factory, *SHARED_BUILDS["built_all"])


@pytest.fixture(scope="session")
def built_all_letter(tmp_path_factory: pytest.TempPathFactory) -> SharedBuild:
    """`kitgen build all --paper letter --ink low`: every kit on US Letter, in low ink
    (a second setting for the booklet checks), once for the run."""
    return shared_build(tmp_path_factory, *SHARED_BUILDS["built_all_letter"])
