"""Watch the files a build reads and rebuild, once, after each burst of saves.

Polling `os.stat` (no new dependency): a change is a new, removed or modified
file. Each rebuild is handed to a `report` callback; the loop returns when its
`stop` event is set. A save that cannot be built is reported and watching goes
on: the build writes a PDF only when its content has no errors, and atomically,
so the last good PDF stays as it was.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kitgen.errors import KitgenError

if TYPE_CHECKING:
    from kitgen.build import BuildOptions, BuildResult, Progress

# The files a build can read: kitgen YAML, kitgen.toml, and images.
WATCHED_SUFFIXES = frozenset(
    {".yaml", ".yml", ".toml", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".bmp"}
    | {".tif", ".tiff"}
)
INTERVAL = 0.25  # seconds between polls
DEBOUNCE = 0.4  # seconds without a change before rebuilding

# A file's state: what a save changes (a save by rename also changes the inode).
Stamp = tuple[int, int, int]
Snapshot = dict[str, Stamp]


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


def check_targets(targets: list[str]) -> None:
    """Refuse a target that is not a game id, `all`, or an existing file (exit status 2)."""
    from kitgen.kit import UsageError
    from kitgen.model.kinds import GAME_IDS

    if not targets:
        raise UsageError("name something to watch: a game id, `all`, or a kit, deck or cards file")
    for target in targets:
        if target != "all" and target not in GAME_IDS and not os.path.isfile(target):
            raise UsageError(
                f"{target!r} is not a game ({', '.join(GAME_IDS)}), `all`, or an existing file"
            )


def watched_folders(targets: list[str]) -> list[str]:
    """The folders whose files the targets depend on: a file's folder, a game's data folder."""
    from kitgen.model.kinds import GAME_IDS
    from kitgen.paths import game_dir

    folders: list[str] = []
    for target in targets:
        if target == "all":
            found = [str(game_dir(g)) for g in GAME_IDS]
        elif target in GAME_IDS:  # a game id before a file of that name, as `build` does
            found = [str(game_dir(target))]
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


def scan(folders: Iterable[str], out: str) -> Snapshot:
    """Every watched file under the folders (and the kitgen.toml files), with its stamp.

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
            from kitgen.model.kinds import GAME_IDS

            skipped = {os.path.join(out_real, g) for g in GAME_IDS}
        else:
            skipped = {out_real}
        for here, dirs, files in os.walk(folder):
            dirs[:] = sorted(
                d
                for d in dirs
                if not d.startswith(".")
                and d != "__pycache__"
                and os.path.realpath(os.path.join(here, d)) not in skipped
            )
            for name in files:
                if not is_watched_name(name):
                    continue
                path = os.path.join(here, name)
                stamp = _stamp(path)
                if stamp is not None:
                    snapshot[path] = stamp
    for config in config_paths():
        stamp = _stamp(config)
        if stamp is not None:
            snapshot[config] = stamp
    return snapshot


def build_once(
    targets: list[str], options: BuildOptions, progress: Progress | None = None
) -> tuple[BuildResult, list[str]]:
    """Build each target on its own, so one that cannot be built does not stop the rest.

    Returns the merged result and the one-line error of each target that stopped
    with a KitgenError (a usage error such as a card size that does not fit).
    """
    from kitgen.build import BuildResult, build
    from kitgen.model.kinds import GAME_IDS

    merged = BuildResult()
    errors: list[str] = []
    for target in targets:
        if target != "all" and target not in GAME_IDS and not os.path.isfile(target):
            # deleted, or mid-save by an editor that deletes before it writes
            errors.append(f"{target}: no such file now; it is built again when it is back")
            continue
        try:
            result = build([target], options, progress)
        except KitgenError as err:
            errors.append(str(err))
            continue
        except Exception as err:  # a bug: say so in one line and keep watching
            if os.environ.get("KITGEN_DEBUG"):
                raise
            errors.append(
                f"internal error: {type(err).__name__}: {err} "
                "(please report it; set KITGEN_DEBUG=1 to see the traceback)"
            )
            continue
        merged.written += [p for p in result.written if p not in merged.written]
        merged.findings += result.findings
        merged.notes += result.notes
    return merged, errors


def watch(
    targets: list[str],
    options: BuildOptions,
    *,
    interval: float = INTERVAL,
    debounce: float = DEBOUNCE,
    stop: threading.Event | None = None,
    report: Report,
    progress: Progress | None = None,
) -> None:
    """Build the targets, then rebuild after every change until `stop` is set.

    A change starts a quiet period: the rebuild waits until nothing has changed
    for `debounce` seconds, so an editor's several writes make one build. The
    snapshot is taken before each build, so a save made during a build starts
    another one.
    """
    check_targets(targets)
    if stop is None:
        stop = threading.Event()  # never set: watch until interrupted
    folders = watched_folders(targets)
    number = 0

    def rebuild(snapshot: Snapshot) -> None:
        nonlocal number
        number += 1
        result, errors = build_once(targets, options, progress)
        report(Rebuild(number, time.time(), result, errors, watched=len(snapshot)))

    current = scan(folders, options.out)
    rebuild(current)
    while not stop.wait(interval):
        latest = scan(folders, options.out)
        if latest == current:
            continue
        quiet_since = time.monotonic()
        while True:
            left = debounce - (time.monotonic() - quiet_since)
            if left <= 0:
                break
            if stop.wait(min(interval, left)):
                return
            now = scan(folders, options.out)
            if now != latest:
                latest, quiet_since = now, time.monotonic()
        current = latest
        rebuild(current)
