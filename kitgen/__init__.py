"""kitgen: print-and-play game kits from YAML, checked against the games' rules.

When this process is the `kitgen` program (the installed script, or `python -m
kitgen`), Ctrl-C ends it quietly (status 130) from the first line of this file:
until `kitgen.entry.main` takes over (and makes Ctrl-C raise KeyboardInterrupt
again, for its clean-up), a Ctrl-C in the first milliseconds would otherwise end
in a traceback from the middle of an import. So this file's first lines import
only built-in modules. What Python does before it imports kitgen (its own start-
up, site's .pth files) is not kitgen's to change. Imported as a library (tests,
another program), kitgen puts the handler it found back at once.
"""

import _signal  # type: ignore[import-not-found,unused-ignore]  # (`signal` imports enum)


def quiet_interrupt(signum: int, frame: object) -> None:
    """Ctrl-C while kitgen starts (or while an interrupted run ends): end at once,
    quietly, with status 130, its output flushed.

    The process ends here rather than by raising SystemExit: Python runs a signal
    handler wherever the main thread is, a weakref callback of the import system
    among those places, and an exception raised in such a callback is printed as
    "Exception ignored in: ..." with a traceback, then dropped, and the run goes
    on. Nothing needs cleaning up yet while kitgen starts; an interrupted run has
    cleaned up before it makes Ctrl-C quiet again (`kitgen.entry.quiet_interrupts`)."""
    import os
    import sys

    for stream in (sys.stdout, sys.stderr):
        try:  # noqa: SIM105 (contextlib may not be imported yet: no import here)
            stream.flush()
        except (AttributeError, OSError, ValueError):  # none, closed, or gone
            pass
    os._exit(130)


# First, before any other work that a Ctrl-C could interrupt; put back at once below
# when this process is not the kitgen program, or Ctrl-C was not Python's default.
try:
    _before = _signal.signal(_signal.SIGINT, quiet_interrupt)
except ValueError:  # imported first in another thread: a library, not the program
    _before = None

import itertools  # noqa: E402
import sys  # noqa: E402


def _is_the_program() -> bool:
    """True when this process runs the kitgen program, not a program importing kitgen."""
    name = sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1] if sys.argv else ""
    if name in ("kitgen", "kitgen.exe"):
        return True
    argv = getattr(sys, "orig_argv", [])
    return any(
        flag == "-m" and module.split(".")[0] == "kitgen"
        for flag, module in itertools.pairwise(argv)
    )


if _before is not None and (_before is not _signal.default_int_handler or not _is_the_program()):
    _signal.signal(_signal.SIGINT, _before)  # (not when Ctrl-C is ignored, or a library)
del _before

__version__ = "0.1.0"
