"""Fuzzing a game of your own: its game file, a layout, its card data and an icon,
mutated one at a time (keys dropped, renamed, retyped, values at and past their limits,
bytes cut and corrupted), then checked and built. The answer is findings or a one-line
error with the right exit status: never a traceback, never a hang, never a half-written
PDF (test_fuzz.py holds the other kinds to the same)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import yaml
from conftest import leftovers
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz import BUILT_PER_KIND, BYTES, STRUCTURAL, kitgen, mutate, parsed, paths_of
from test_fuzz import answered as held

from kitgen.paths import data_dir
from kitgen.starters import plan
from kitgen.starters import write as write_starters

STARTER = Path(tempfile.mkdtemp(prefix="kitgen-fuzz-designed-"))
write_starters(plan("game", "Fuzzed Lanterns", str(STARTER), "custom"))
# The starter, and the example game (layouts by a field, extending a shared one).
GAMES = {
    STARTER / "fuzzed-lanterns": (
        "game.yaml",
        "face.yaml",
        "back.yaml",
        "kit.yaml",
        "cards.csv",
        "icons/star.svg",
    ),
    data_dir() / "examples" / "emberwake": (
        "game.yaml",
        "cards.csv",
        "layouts/base.yaml",
        "layouts/creature.yaml",
        "layouts/spell.yaml",
        "icons/tide.svg",
    ),
}
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@st.composite
def mutant(draw: st.DrawFn) -> tuple[Path, str, bytes]:
    """(game folder, file name, mutant bytes) for one file of a designed game."""
    game = draw(st.sampled_from(sorted(GAMES)))
    name = draw(st.sampled_from(GAMES[game]))
    text = (game / name).read_text(encoding="utf-8")
    if name.endswith(".yaml") and draw(st.booleans()):
        doc = parsed(text)
        for index, how, new in draw(STRUCTURAL):
            places = paths_of(doc)
            doc = mutate(doc, places[index % len(places)], how, new)
        try:
            return game, name, yaml.dump(doc, Dumper=_Dumper, allow_unicode=True).encode()
        except (yaml.YAMLError, ValueError, RecursionError):
            return game, name, text.encode()
    data = bytearray(text.encode("utf-8"))
    for at, cut, insert in draw(BYTES):
        at %= len(data) + 1
        data[at : at + cut] = insert
    return game, name, bytes(data)


@settings(
    max_examples=BUILT_PER_KIND,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(changed=mutant(), json_out=st.booleans())
def test_fuzzed_designed_games_check_and_build_or_say_why(
    changed: tuple[Path, str, bytes], json_out: bool
) -> None:
    work = Path(tempfile.mkdtemp(prefix="kitgen-fuzz-game-"))
    try:
        folder = work / "game"
        game, name, data = changed
        shutil.copytree(game, folder)
        (folder / name).write_bytes(data)
        args = ("check", str(folder), *(["--format", "json"] if json_out else []))
        code, out, err = kitgen(*args)
        held(args, code, out, err, json_out)
        out_dir = work / "out"
        args = ("build", str(folder), "-o", str(out_dir))
        code, out, err = kitgen(*args)
        held(args, code, out, err, False)
        pdfs = sorted(out_dir.rglob("*.pdf"))
        if code == 0:
            assert pdfs, (name, out, err)
        assert all(p.read_bytes().startswith(b"%PDF-") for p in pdfs)
        assert leftovers(work) == []
    finally:
        shutil.rmtree(work, ignore_errors=True)
