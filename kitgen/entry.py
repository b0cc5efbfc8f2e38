"""The `kitgen` command's entry point (and `python -m kitgen`'s).

A plain `kitgen check` or `kitgen score` (files, at most a `--format`, and
`--allow-outside`), and a plain build or PNG export (kitgen.cli.plain), runs without
importing typer: typer, click and what they import cost about a third of a one-file
check's start-up. Everything else goes to the typer app in
`kitgen.cli.root`. Both paths print the same bytes and exit with the same status
(tests/test_cli.py runs both over the same files and compares).

`run` is the program (the installed `kitgen` script, and `python -m kitgen`); a
plain check or score ends its process with `exit_now`, skipping the interpreter's
teardown. `main` is the same without that, for callers that go on running.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import types
from collections.abc import Callable
from typing import Any, NoReturn

from kitgen.cli.check import echo, started
from kitgen.cli.plain import plain_command
from kitgen.errors import KitgenError
from kitgen.processes import interrupted_status, terminate_as_interrupt, terminated
from kitgen.terminal import shown

PLUGIN_LOADER = "pydantic.plugin._loader"


def without_pydantic_plugins() -> None:
    """Run pydantic without plugins.

    pydantic looks for plugins (the `pydantic` entry-point group) the first time it
    builds a validator: it imports `importlib.metadata` (and `email`, `zipfile`,
    `csv`...) and reads the metadata of every installed distribution, about 15 ms
    of a 150 ms check. kitgen is an application: a plugin installed for some other
    program has no business observing or changing how kitgen reads files. So
    pydantic's plugin loader is replaced by one that finds none.

    The loader is a private module of pydantic: if it was imported already, it is
    left alone; any name other than `get_plugins` that a later pydantic asks of it
    comes from the real module, so the replacement cannot break pydantic.
    """
    if PLUGIN_LOADER in sys.modules:
        return
    loader = types.ModuleType(PLUGIN_LOADER, "pydantic's plugin loader, finding no plugins")

    loaded: dict[str, types.ModuleType] = {}  # the real loader, once asked for

    def get_plugins() -> tuple[()]:
        return ()

    def real(name: str) -> Any:
        if name.startswith("__"):  # the import system asks for __path__ and such
            raise AttributeError(name)
        if "module" not in loaded:
            import importlib.machinery
            import importlib.util

            package = sys.modules.get("pydantic.plugin")
            spec = importlib.machinery.PathFinder.find_spec(
                PLUGIN_LOADER, list(getattr(package, "__path__", []))
            )
            if spec is None or spec.loader is None:
                raise AttributeError(f"module {PLUGIN_LOADER!r} has no attribute {name!r}")
            loaded["module"] = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(loaded["module"])
        return getattr(loaded["module"], name)

    loader.__dict__.update(get_plugins=get_plugins, __getattr__=real)
    sys.modules[PLUGIN_LOADER] = loader


def load_native_modules(args: list[str]) -> None:
    """Import pydantic-core with Ctrl-C held back (it comes when the import is done).

    pydantic-core is written in Rust (PyO3): interrupted while it imports, it
    panics, and the panic is no exception that kitgen can take for a Ctrl-C: a
    traceback. Every command but `--help` and `--version` reads files with it."""
    if not args or args[0] in ("-h", "--help", "--version"):
        return
    from kitgen.processes import held_signals

    with held_signals():
        import pydantic_core  # noqa: F401


def interrupts_raise() -> None:
    """From here on Ctrl-C raises KeyboardInterrupt, for the clean-up it runs (until
    now, in the program, it was a quiet exit: see `kitgen/__init__.py`)."""
    import signal

    import kitgen

    if signal.getsignal(signal.SIGINT) is kitgen.quiet_interrupt:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def quiet_interrupts() -> None:
    """From here on Ctrl-C ends the program at once, quietly (status 130)."""
    import signal

    import kitgen

    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        with contextlib.suppress(ValueError):  # (not the main thread)
            signal.signal(signal.SIGINT, kitgen.quiet_interrupt)


def run_plain(command: Callable[[], int], *, quick_exit: bool = False) -> NoReturn:
    """Run a plain command as typer's standalone mode runs one: a KitgenError as one
    line, a quiet Ctrl-C (130), and a reader that went away (`kitgen check ... |
    head`: exit 1, no error). With `quick_exit`, leave by `exit_now`."""
    leave: Callable[[int], NoReturn] = sys.exit
    if quick_exit:
        leave = exit_now
    gc.disable()  # until started()
    try:
        status = command()
    except KitgenError as err:
        echo(f"kitgen: error: {shown(err)}", err=True)
        leave(err.exit_code)
    except KeyboardInterrupt:
        leave(interrupted_status())
    except BrokenPipeError:
        for stream in (sys.stdout, sys.stderr):  # nothing more to flush at exit
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
        leave(1)
    leave(status)


def leave_interrupted(*, quick_exit: bool) -> NoReturn:
    """End an interrupted run, its clean-up done: 130 after Ctrl-C, 143 after SIGTERM.

    The program (`quick_exit`) leaves by `exit_now`. CPython remembers, for the rest of
    the process, an interrupt that landed while an `exec()` of source text ran (every
    dataclass and named tuple is made that way, so it happens when the interrupt
    comes during an import), and then ends even a run that caught it by killing
    itself with SIGINT: the status was -2, not 130 or 143. Every pool, staged folder
    and temporary file is gone by now (the interrupt ran their clean-up on its way
    here), so nothing is lost by skipping the interpreter's teardown."""
    status = interrupted_status()
    if quick_exit:
        exit_now(status)
    sys.exit(status)


def caused_by_interrupt(err: BaseException) -> bool:
    """Whether an error is a Ctrl-C (or SIGTERM) in disguise: Python wraps an exception
    raised while a class is made (`__set_name__`, as `platform`'s named tuples run
    when typer imports it) in a RuntimeError, so a Ctrl-C landing there came out as an
    internal error. Its cause or context chain holds the KeyboardInterrupt."""
    seen: set[int] = set()
    cause: BaseException | None = err
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def package_blamed(err: BaseException) -> str | None:
    """One line naming the installed game package whose code raised `err` (an exception,
    or `sys.exit()` called by its code), or None when it is kitgen's own
    (`kitgen.registry.blamed`; no package's code ran unless the registry was used)."""
    registry = sys.modules.get("kitgen.registry")
    if registry is None or caused_by_interrupt(err):
        return None
    blamed: Callable[[BaseException], str | None] = registry.blamed
    return blamed(err)


def exit_now(status: int) -> NoReturn:
    """End the process at once with `status`, its output flushed, without tearing the
    interpreter down.

    Python's normal exit collects every object once more and clears every module,
    about 14 ms after a check (a tenth of it) spent on memory the operating system
    takes back anyway. A plain check or score has written all it writes (to stdout
    and stderr, flushed here), holds no open output file, starts no thread or
    process and registers no exit handler, so nothing is lost by skipping that (as
    Instagram's servers skip it, with `os._exit`, for the same reason). Only the
    plain path ends this way; every other command exits normally.
    """
    # One piece of the teardown is worth its cost: once a pool of "spawn" workers ran
    # (the rasterizer's), multiprocessing's finalizers at exit unlink the pool's named
    # semaphores, which its resource tracker would otherwise report as leaked, on
    # stderr, after kitgen ended (an interrupted export: the pool's objects outlive the
    # run). Those of priority 0 and up only: the rest join worker processes.
    util = sys.modules.get("multiprocessing.util")
    if util is not None:
        with contextlib.suppress(Exception):
            util._run_finalizers(0)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except OSError:  # the reader went away (as run_plain answers it), a full disk
            status = status or 1
        except ValueError:  # a closed stream: nothing left in it to save
            pass
    os._exit(status)


def run() -> None:
    """The `kitgen` program (the installed script, and `python -m kitgen`): `main`,
    with a plain check or score ending by `exit_now`."""
    main(quick_exit=True)


def main(*, quick_exit: bool = False) -> None:
    """Run kitgen; a bug shows one line, not a traceback.

    Ends by raising SystemExit, so it can run inside another program (tests do);
    `quick_exit` lets a plain check or score end the process at once instead."""
    try:
        interrupts_raise()
        terminate_as_interrupt()
        without_pydantic_plugins()
        load_native_modules(sys.argv[1:])
        plain = plain_command(sys.argv[1:])
        if plain is None:
            from kitgen.cli import root

            try:
                root.app()
            except SystemExit as done:  # typer ends a Ctrl-C with 130, SIGTERM's too
                if done.code == 130:
                    leave_interrupted(quick_exit=quick_exit)
                raise
        else:
            run_plain(plain, quick_exit=quick_exit)
    except KeyboardInterrupt:
        quiet_interrupts()  # (a second Ctrl-C while this ends is quiet too)
        if not terminated():
            echo("kitgen: interrupted", err=True)
        leave_interrupted(quick_exit=quick_exit)
    except SystemExit as done:  # kitgen's own exit, or an installed game package's
        blame = package_blamed(done)
        if blame is None:
            raise
        echo(f"kitgen: error: {shown(blame)}", err=True)
        sys.exit(1)
    except KitgenError as err:  # one a command did not report itself (a game group's)
        echo(f"kitgen: error: {shown(err)}", err=True)
        sys.exit(err.exit_code)
    except Exception as err:
        if caused_by_interrupt(err):  # a Ctrl-C that Python wrapped in another error
            quiet_interrupts()
            if not terminated():
                echo("kitgen: interrupted", err=True)
            leave_interrupted(quick_exit=quick_exit)
        if os.environ.get("KITGEN_DEBUG"):
            raise
        blame = package_blamed(err)
        if blame is not None:  # an installed game package's code failed: not kitgen's
            echo(f"kitgen: error: {shown(blame)}", err=True)
            sys.exit(1)
        echo(
            f"kitgen: internal error: {type(err).__name__}: {shown(err)} "
            "(please report it; set KITGEN_DEBUG=1 to see the traceback)",
            err=True,
        )
        sys.exit(70)
    finally:
        started()  # (in case main was called in a process that goes on)
