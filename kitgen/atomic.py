"""Atomic output: a file, or a whole folder of files, is complete or untouched.

Light on purpose (standard library only), so worker processes and commands that
draw nothing can use it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager


def write_atomic(path: str, data: bytes) -> None:
    """Write a file so that it is either complete or untouched, never half-written."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=".kitgen-", suffix=".part", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise


@contextmanager
def staged_dir(final: str) -> Iterator[str]:
    """A new folder beside `final` to write into; when the block ends without an
    error it takes `final`'s place (an old `final` and everything in it goes), and
    when it fails it is removed and `final` is left as it was.

    So a folder of exported images never mixes two exports: cards dropped from a
    deck do not linger from the last run.
    """
    parent = os.path.dirname(os.path.abspath(final))
    os.makedirs(parent, exist_ok=True)
    stage = tempfile.mkdtemp(prefix=f".{os.path.basename(final)}.", suffix=".part", dir=parent)
    try:
        yield stage
        os.chmod(stage, 0o755)
        if os.path.isdir(final):
            old = tempfile.mkdtemp(prefix=f".{os.path.basename(final)}.", suffix=".old", dir=parent)
            os.replace(final, os.path.join(old, "x"))
            os.replace(stage, final)
            shutil.rmtree(old, ignore_errors=True)
        else:
            if os.path.lexists(final):
                os.unlink(final)
            os.replace(stage, final)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
