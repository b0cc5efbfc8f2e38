"""reportlab's C accelerator (the `rl_accel` package: `pip install 'kitgen[fast]'`, and
part of the test extra) writes the same bytes as reportlab's own Python: a kit built
with it or without it is the same file. Its functions are compared with reportlab's
Python ones (reportlab keeps both when `reportlab._rl_testing` is set before
`reportlab.lib.rl_accel` is first imported: done in a process of its own)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

COMPARE = textwrap.dedent(
    """
    import random, sys
    import reportlab
    reportlab._rl_testing = True
    from reportlab.lib import rl_accel
    c, py = rl_accel._c_funcs, rl_accel._py_funcs
    need = ("fp_str", "escapePDF", "asciiBase85Encode", "calcChecksum")
    missing = [name for name in need if name not in c or name not in py]
    if missing:
        sys.exit(f"not both versions of {missing} (is rl_accel installed?)")
    rnd = random.Random(2026)
    values = [rnd.uniform(-2000, 2000) for _ in range(100_000)]
    values += [rnd.uniform(-1, 1) for _ in range(50_000)]
    values += [n / 72 for n in range(-50_000, 50_000)]  # points from whole pixels
    values += [n * 72 / 25.4 for n in range(-5_000, 5_000)]  # whole millimetres
    values += [1e-7, -1e-7, 1.0000001e-7, 0.5, 0.05, 5e-7, 999999.5, 1e6, 1e7, 0.0]
    bad = [v for v in values if c["fp_str"](v) != py["fp_str"](v)]
    bad += [t for t in [(1.5, 2.25, 3), (0.1, -0.2, 1e-9)] if c["fp_str"](*t) != py["fp_str"](*t)]
    texts = ["(a\\\\b)", "Caf\xe9 \\r\\n\\t", "".join(map(chr, range(256)))]
    texts += ["".join(chr(rnd.randrange(256)) for _ in range(64)) for _ in range(2000)]
    bad += [t for t in texts if c["escapePDF"](t) != py["escapePDF"](t)]
    blobs = [bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 300))) for _ in range(2000)]
    blobs += [b"\\0" * n for n in range(1, 12)]
    bad += [b for b in blobs if c["asciiBase85Encode"](b) != py["asciiBase85Encode"](b)]
    bad += [b for b in blobs if c["calcChecksum"](b) != py["calcChecksum"](b)]
    if bad:
        sys.exit(f"{len(bad)} values differ, first {bad[:5]!r}")
    print(len(values), len(texts), len(blobs))
    """
)


def test_the_accelerator_writes_what_reportlabs_python_writes() -> None:
    run = subprocess.run(
        [sys.executable, "-c", COMPARE], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0, run.stderr[-2000:]
    counts = [int(n) for n in run.stdout.split()]
    assert counts[0] > 250_000 and counts[1] > 2000 and counts[2] > 2000
