"""Watch the files a build reads and rebuild, once, after each burst of saves.

What is watched: the YAML, TOML and image files under each target's folder (a
game's data folder for a game id), the kitgen.toml files, and every such file the
last build opened, wherever it is (a deck's `uses: [../cards/cards.yaml]`, art, a
rules file): a build records what it reads (`Reads`, an audit hook on `open`).
A change is a new, removed or modified file among them, seen by comparing
`os.stat` snapshots. `watchfiles` (inotify and the like) wakes the loop as soon as
a watched folder changes, with a look every `SAFETY_POLL` seconds in case it
missed something (and, after each build, looks `FIRST_LOOK` seconds apart,
doubling, while its watches start up); without it (not installed, or failing, say at the system's
limit of watches) the loop looks every `interval` seconds.

Each build runs in a child process (forked, where there is fork): Ctrl-C, or
`stop`, ends it at once, however long the build would have taken, and a build
that crashes cannot take the watcher with it. Each rebuild is handed to a
`report` callback; the loop returns when its `stop` event is set. A save that
cannot be built is reported and watching goes on: the build writes a PDF only
when its content has no errors, and atomically, so the last good PDF stays as it
was.
"""

from __future__ import annotations

import math
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from kitgen import registry
from kitgen.errors import KitgenError
from kitgen.paths import walk

if TYPE_CHECKING:
    from kitgen.build import BuildOptions, BuildResult, KitBuilder, Progress

T = TypeVar("T")

# The files a build can read: kitgen YAML, kitgen.toml, and images.
WATCHED_SUFFIXES = frozenset(
    {".yaml", ".yml", ".toml", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".bmp"}
    | {".tif", ".tiff"}
    | {".csv", ".tsv", ".xlsx", ".xlsm", ".ttf", ".otf"}  # a designed game's data and fonts
    | {".ttc", ".otc"}  # font collections
)
INTERVAL = 0.25  # seconds between polls (without watchfiles)
DEBOUNCE = 0.4  # seconds without a change before rebuilding
# The ranges --interval and --debounce may take (seconds): a poll at least every
# minute, and at most 100 a second; a rebuild at most a minute after the last save.
INTERVAL_RANGE = (0.01, 60.0)
DEBOUNCE_RANGE = (0.0, 60.0)
SAFETY_POLL = 2.0  # seconds between looks when watchfiles wakes the loop
# After a build, watchfiles may be starting its watches afresh (the build may have
# read files in new folders) and miss a save made meanwhile: the first look comes
# this soon after the build, the next ones twice as far apart each, up to SAFETY_POLL.
FIRST_LOOK = 0.05
STOP_POLL = 0.1  # seconds between looks at `stop` while a build runs
# A file's state: what a save changes (a save by rename also changes the inode);
# None for a file the last build tried to read that is not there (yet).
Stamp = tuple[int, int, int]
Snapshot = dict[str, Stamp | None]


@dataclass
class Rebuild:
    """One build made while watching: what it wrote and found, or why it could not run."""

    number: int  # 1 for the build at start
    when: float  # time.time() when it finished
    result: BuildResult
    errors: list[str] = field(default_factory=list)  # one-line errors, one per failed target
    watched: int = 0  # how many files were being watched

    @property
    def ok(self) -> bool:
        """True when every target built without errors."""
        return self.result.ok and not self.errors


Report = Callable[[Rebuild], None]


def check_timing(interval: float, debounce: float) -> None:
    """Refuse an interval or debounce outside its range, or not a number (exit status 2):
    `--interval inf` would never look again, `nan` compares false with everything."""
    from kitgen.errors import UsageError

    for option, value, (low, high) in (
        ("--interval", interval, INTERVAL_RANGE),
        ("--debounce", debounce, DEBOUNCE_RANGE),
    ):
        if not (math.isfinite(value) and low <= value <= high):
            raise UsageError(f"{option} takes {low:g} to {high:g} seconds, not {value:g}")


def check_targets(targets: list[str]) -> None:
    """Refuse a target that is not a game id, `all`, or an existing file (exit status 2)."""
    from kitgen.errors import UsageError

    if not targets:
        raise UsageError("name something to watch: a game id, `all`, or a kit, deck or cards file")
    for target in targets:
        if not _buildable(target):
            raise UsageError(
                f"{target!r} is not a game ({', '.join(registry.known_ids())}), `all`, "
                "or an existing file"
            )


def _buildable(target: str) -> bool:
    """A game, `all`, or a file (a game from another package is looked for last, so a
    file never pays for reading the installed packages' entry points)."""
    return (
        target == "all"
        or os.path.isfile(target)
        or _is_game_target(target)
        or (os.path.isdir(target) and registry.designed_id(target) is not None)
    )


def _is_game_target(target: str) -> bool:
    """Whether a target names a game: a built-in game's id comes before a file of that
    name, and a file before a game from another package, as `build` takes them."""
    return target in registry.builtin_ids() or (
        not os.path.isfile(target) and registry.is_game(target)
    )


def watched_folders(targets: list[str]) -> list[str]:
    """The folders whose files the targets depend on: a file's folder, a game's data folder."""
    folders: list[str] = []
    for target in targets:
        if target == "all":
            found = [str(registry.get(g).data_dir) for g in registry.builtin_ids()]
        elif os.path.isdir(target):  # a designed game's folder
            found = [target]
        elif _is_game_target(target):
            found = [str(registry.get(target).data_dir)]
        else:
            found = [os.path.dirname(target) or "."]
        folders += [f for f in found if f not in folders]
    return folders


def config_paths() -> list[str]:
    """The kitgen.toml files a build reads: the project's (nearest the current folder)
    and the user's, watched even before they exist."""
    from kitgen.config import project_file, user_file

    project = project_file()
    return [str(p) for p in (project, user_file()) if p is not None]


def is_watched_name(name: str) -> bool:
    """True for a file a build can read: YAML, TOML or an image, not hidden."""
    return not name.startswith(".") and os.path.splitext(name)[1].lower() in WATCHED_SUFFIXES


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _stamp(path: str) -> Stamp | None:
    try:
        st = os.stat(path)
    except OSError:  # gone between listing and looking: an editor's save in progress
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def scan(folders: Iterable[str], out: str, files: Iterable[str] = ()) -> Snapshot:
    """Every watched file under the folders, the kitgen.toml files, and `files` (what
    the last build read, present or not), with its stamp, by absolute path.

    Hidden files and folders are skipped, and so is the output folder and anything
    under it, so the build's own writes never start another build. When a watched
    folder is itself inside the output folder, only the game folders the build
    writes into are skipped.
    """
    out_real = os.path.realpath(out)
    snapshot: Snapshot = {}
    for folder in folders:
        root_real = os.path.realpath(folder)
        if _inside(root_real, out_real):
            # the game folders a build writes into (a rare case, which may read the
            # installed packages' entry points)
            skipped = {os.path.join(out_real, g) for g in registry.known_ids()}
        else:
            skipped = {out_real}

        def keep(path: str, skipped: set[str] = skipped) -> bool:
            name = os.path.basename(path)
            return (
                not name.startswith(".")
                and name != "__pycache__"
                and os.path.realpath(path) not in skipped
            )

        for here, names, _ in walk(os.path.abspath(folder), keep):  # unreadable: unwatched
            for name in names:
                if not is_watched_name(name):
                    continue
                path = os.path.join(here, name)
                stamp = _stamp(path)
                if stamp is not None:
                    snapshot[path] = stamp
    for config in map(os.path.abspath, config_paths()):
        stamp = _stamp(config)
        if stamp is not None:
            snapshot[config] = stamp
    for path in files:
        if path not in snapshot and not _inside(os.path.realpath(path), out_real):
            snapshot[path] = _stamp(path)
    return snapshot


def _planned(
    targets: list[str], options: BuildOptions, progress: Progress | None, errors: list[str]
) -> list[KitBuilder]:
    """Each target planned on its own (`kitgen.build.plan`); a target that cannot be
    (gone, or a KitgenError) adds its one-line error instead."""
    from kitgen.build import plan

    builders = []
    for target in targets:
        if not _buildable(target):
            # deleted, or mid-save by an editor that deletes before it writes
            errors.append(f"{target}: no such file now; it is built again when it is back")
            continue
        builder = _guarded(partial(plan, [target], options, progress), errors)
        if builder is not None:
            builders.append(builder)
    return builders


def _guarded(step: Callable[[], T], errors: list[str]) -> T | None:
    """The step's value, or None with its one-line error added (a bug's too)."""
    try:
        return step()
    except KitgenError as err:
        errors.append(str(err))
    except Exception as err:  # a bug: say so in one line and keep watching
        if os.environ.get("KITGEN_DEBUG"):
            raise
        blame = registry.blamed(err)
        if blame is not None:  # an installed game package's, not kitgen's
            errors.append(blame)
            return None
        errors.append(
            f"internal error: {type(err).__name__}: {err} "
            "(please report it; set KITGEN_DEBUG=1 to see the traceback)"
        )
    return None


def check_outputs(targets: list[str], options: BuildOptions) -> None:
    """A UsageError when two targets (or one) would write one file, as `kitgen build`
    gives: `watch` checks this once, before its first build, and ends at once."""
    from kitgen.build import check_clashes

    check_clashes([builder.planned for builder in _planned(targets, options, None, [])])


def build_once(
    targets: list[str], options: BuildOptions, progress: Progress | None = None
) -> tuple[BuildResult, list[str]]:
    """Build each target on its own, so one that cannot be built does not stop the rest.

    Every target is planned first: when two would write one file (a kit renamed while
    watched), nothing is written and that is the one error. Returns the merged result
    and the one-line error of each target that stopped with a KitgenError (a usage
    error such as a card size that does not fit).
    """
    from kitgen.build import BuildResult, check_clashes

    merged = BuildResult()
    errors: list[str] = []
    with registry.one_run():  # every target of this rebuild: one run
        builders = _planned(targets, options, progress, errors)
    kept = _guarded(lambda: check_clashes([builder.planned for builder in builders]), errors)
    if kept is None:
        return merged, errors
    for builder, planned in zip(builders, kept, strict=True):
        result = _guarded(partial(builder.write_planned, planned), errors)
        if result is None:
            continue
        merged.written += [p for p in result.written if p not in merged.written]
        merged.findings += result.findings
        merged.notes += result.notes
    return merged, errors


class Reads:
    """The files opened for reading while a `recording()` block runs: YAML, TOML and
    images (`is_watched_name`), as absolute paths, including those that could not be
    opened (a `uses:` file not made yet: its creation is a change).

    Python's audit hook on `open` (every `open`, `Path.read_*`, `os.open`, Pillow's
    and PyYAML's reads) sees them all; a hook cannot be removed, so one is added, the
    first time, and records only inside a block.
    """

    _active: ClassVar[list[set[str]]] = []
    _hooked: ClassVar[bool] = False

    @classmethod
    @contextmanager
    def recording(cls) -> Iterator[set[str]]:
        """Record the files read while the block runs into the set it gives."""
        if not cls._hooked:
            sys.addaudithook(cls._hook)
            cls._hooked = True
        found: set[str] = set()
        cls._active.append(found)
        try:
            yield found
        finally:
            cls._active.remove(found)

    @classmethod
    def _hook(cls, event: str, args: tuple[Any, ...]) -> None:
        if event != "open" or not cls._active:
            return
        path, mode, flags = args
        if isinstance(mode, str):
            if any(c in mode for c in "wax+"):
                return
        elif isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            return
        if not isinstance(path, (str, bytes, os.PathLike)):
            return  # a file descriptor
        text = os.fsdecode(path)
        if is_watched_name(os.path.basename(text)):
            cls._active[-1].add(os.path.abspath(text))


def _inputs(found: set[str]) -> list[str]:
    """The files a build read that a change to could change what it makes: not kitgen's
    own data (a game id's folder is watched already; its files change with kitgen)."""
    import kitgen
    from kitgen.paths import data_dir

    # kitgen's own data and files (its fonts), and the installed packages' (reportlab's
    # fonts): they change only with an install.
    own = {
        os.path.realpath(folder)
        for folder in (data_dir(), os.path.dirname(kitgen.__file__), sys.prefix, sys.base_prefix)
    }
    return sorted(
        p for p in found if not any(_inside(os.path.realpath(p), folder) for folder in own)
    )


def _forks() -> bool:
    """True where a build can run in a forked child (Linux)."""
    import multiprocessing

    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


Built = tuple["BuildResult", list[str], list[str]]  # the result, errors, files read


def _build_here(targets: list[str], options: BuildOptions, progress: Progress | None) -> Built:
    with Reads.recording() as found:
        result, errors = build_once(targets, options, progress)
    return result, errors, _inputs(found)


def _build_child(
    targets: list[str], options: BuildOptions, progress: Progress | None, send: Any, parent: int
) -> None:
    """In the forked child: build, send what was built, and end."""
    from kitgen.processes import worker_init

    worker_init(parent)
    try:
        built = _build_here(targets, options, progress)
    finally:
        close = getattr(progress, "close", None)
        if close is not None:
            close()
    send.send(built)
    send.close()


def build_in_child(
    targets: list[str], options: BuildOptions, progress: Progress | None, stop: threading.Event
) -> Built | None:
    """Build in a forked child and wait for it, looking at `stop` (None when it was set)
    and letting Ctrl-C through; either ends the child at once."""
    import multiprocessing
    from multiprocessing.connection import wait

    from kitgen.build import BuildResult
    from kitgen.processes import held_signals

    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(
        target=_build_child,
        args=(targets, options, progress, send, os.getpid()),
        name="kitgen-build",
        daemon=True,
    )
    try:
        with held_signals():  # (a signal during the fork would be lost)
            child.start()
        send.close()
        while not stop.is_set():
            if wait([receive, child.sentinel], STOP_POLL):
                break
        else:
            return None
        try:
            built: Built = receive.recv()
        except (EOFError, OSError):  # it ended without a result
            child.join()
            why = f"the build stopped without a result (exit status {child.exitcode})"
            return BuildResult(), [f"internal error: {why}"], []
        return built
    finally:
        if child.is_alive():
            child.kill()
        if child.pid is not None:
            child.join()
        receive.close()


class StopFlag:
    """Tells watchfiles's threads to stop (it asks `is_set()`), without a lock.

    A threading.Event takes a lock to be set, and a Ctrl-C that lands just after a
    lock is taken leaves it taken: the next `set()` (closing on the way out of that
    very Ctrl-C) then waited for ever, and watch ignored the Ctrl-C. One attribute,
    set and read whole, needs none."""

    def __init__(self) -> None:
        self._set = False

    def set(self) -> None:
        self._set = True

    def is_set(self) -> bool:
        return self._set


class Waker:
    """Wakes the watch loop when a watched folder changes, with `watchfiles` in threads
    of its own (a recursive watch on the targets' folders, a flat one on the folders
    of the other files watched). `working` is False when watchfiles is missing or
    failed (the loop then polls at its interval)."""

    def __init__(self) -> None:
        self.changed = threading.Event()
        self.working = True
        self._folders: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
        self._stop = StopFlag()
        self._threads: list[threading.Thread] = []
        from kitgen.processes import held_signals

        try:
            with held_signals():  # (Rust, as pydantic-core: see kitgen.entry)
                import watchfiles  # noqa: F401
        except ImportError:
            self.working = False

    def watch(self, deep: Iterable[str], flat: Iterable[str]) -> None:
        """Watch these folders (and below `deep` ones) from now on."""
        if not self.working and self._threads:
            return
        trees = tuple(sorted({os.path.abspath(f) for f in deep if os.path.isdir(f)}))
        tops = tuple(sorted({os.path.abspath(f) for f in flat if os.path.isdir(f)} - set(trees)))
        if (trees, tops) == self._folders and all(t.is_alive() for t in self._threads):
            return
        self.close()
        self._folders = (trees, tops)
        self._stop = StopFlag()
        self.working = self.working or not self._threads
        for folders, recursive in ((trees, True), (tops, False)):
            if folders:
                thread = threading.Thread(
                    target=self._run,
                    args=(folders, recursive, self._stop),
                    name="kitgen-watchfiles",
                    daemon=True,
                )
                thread.start()
                self._threads.append(thread)

    def _run(self, folders: tuple[str, ...], recursive: bool, stop: StopFlag) -> None:
        try:
            import watchfiles

            for _ in watchfiles.watch(
                *folders,
                watch_filter=None,
                debounce=50,
                step=20,
                stop_event=stop,
                rust_timeout=0,
                raise_interrupt=False,
                recursive=recursive,
                ignore_permission_denied=True,
            ):
                self.changed.set()
        except Exception:  # at the system's limit of watches, a folder gone...: poll
            self.working = False
            self.changed.set()

    def close(self) -> None:
        """Stop watching (the threads end within a step)."""
        self._stop.set()
        for thread in self._threads:
            thread.join(1.0)
        self._threads = []


def watch(
    targets: list[str],
    options: BuildOptions,
    *,
    interval: float = INTERVAL,
    debounce: float = DEBOUNCE,
    stop: threading.Event | None = None,
    report: Report,
    progress: Progress | None = None,
    watchfiles: bool = True,
) -> None:
    """Build the targets, then rebuild after every change until `stop` is set.

    A change starts a quiet period: the rebuild waits until nothing has changed
    for `debounce` seconds, so an editor's several writes make one build. The
    snapshot is taken before each build, so a save made during a build starts
    another one. `watchfiles=False` polls (every `interval` seconds) without it.
    """
    check_timing(interval, debounce)
    check_targets(targets)
    check_outputs(targets, options)
    if stop is None:
        stop = threading.Event()  # never set: watch until interrupted
    folders = watched_folders(targets)
    number = 0
    read: list[str] = []
    waker = Waker()
    waker.working = waker.working and watchfiles
    forks = _forks()

    def look() -> Snapshot:
        return scan(folders, options.out, read)

    def rebuild(before: Snapshot) -> Snapshot | None:
        """Build; the snapshot to compare with from now on (None when `stop` ended it).

        Its files are those watched after the build (it may have read new ones), with
        their stamps from before it where they were watched already, so a save made
        during the build starts another one."""
        nonlocal number, read
        number += 1
        if forks:
            built = build_in_child(targets, options, progress, stop)
            if built is None:
                return None
        else:
            built = _build_here(targets, options, progress)
        result, errors, now_read = built
        # Once read, watched till the end: a file that a build could not find (a
        # `uses:` file deleted) may not be opened at all, and must rebuild when back.
        read = sorted({*read, *now_read})
        after = {path: before.get(path, stamp) for path, stamp in look().items()}
        watched = sum(1 for stamp in after.values() if stamp is not None)
        report(Rebuild(number, time.time(), result, errors, watched=watched))
        if waker.working:
            waker.watch(folders, [os.path.dirname(p) for p in [*read, *config_paths()]])
        return after

    def pause(seconds: float) -> bool:
        """Wait for a change (or `seconds`); True when `stop` was set."""
        if waker.working:
            end = time.monotonic() + seconds
            while not stop.is_set() and time.monotonic() < end and not waker.changed.is_set():
                waker.changed.wait(min(STOP_POLL, max(0.0, end - time.monotonic())))
            waker.changed.clear()
            return stop.is_set()
        return stop.wait(seconds)

    try:
        current = rebuild(look())
        gap = FIRST_LOOK
        while current is not None:
            if pause(min(gap, SAFETY_POLL) if waker.working else interval):
                return
            gap *= 2
            latest = look()
            if latest == current:
                continue
            quiet_since = time.monotonic()
            while True:
                left = debounce - (time.monotonic() - quiet_since)
                if left <= 0:
                    break
                if stop.wait(min(interval, left)):
                    return
                now = look()
                if now != latest:
                    latest, quiet_since = now, time.monotonic()
            current = rebuild(latest)
            gap = FIRST_LOOK
    finally:
        waker.close()
