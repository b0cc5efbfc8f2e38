"""docs/formats.md lists every finding code kitgen can emit, and only those.

The codes are read from kitgen's source with `ast`, never by importing the modules
that emit them, so the test follows the code wherever it moves:

- the catalogue: the keys of the module-level dict `CODES` (kitgen.model.findings).
  A Finding whose code is not in it raises, so every code kitgen can emit is there;
- the places that make findings: a string constant passed as a `code=` keyword, or
  in the position of the `code` parameter (or field) of any function or class defined
  in kitgen that takes both a `code` and a `message`, as everything that becomes a
  finding does (`finding`, `warning`, `Finding`, the YAML reader's `problem` and
  `fatal`, `ImageProblem`, Scaffold's `Problem`, `ScaffoldIssue`), and the values of a
  `code: Literal[...]` field beside a `message`. These must all be in the catalogue.
  (A game's end, `End("no-play", reason)`, has a code but no message: not a finding.)
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import kitgen

SOURCE = Path(kitgen.__file__).parent
DOC = Path(__file__).parents[1] / "docs" / "formats.md"
CODE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$")


@functools.cache
def _modules() -> tuple[tuple[Path, ast.Module], ...]:
    """Every module of kitgen's source, parsed (once a process: the trees are only read)."""
    return tuple(
        (path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        for path in sorted(SOURCE.rglob("*.py"))
    )


def _name(node: ast.expr) -> str | None:
    """The name a call goes to: `finding` for `finding(...)` and `x.finding(...)`."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _text(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


@functools.cache  # (the tests only read it)
def catalogue() -> dict[str, Path]:
    """Each code in a module-level `CODES = {...}` dict, with the file it is in."""
    found: dict[str, Path] = {}
    for path, tree in _modules():
        for node in tree.body:
            target = value = None
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
            elif isinstance(node, ast.AnnAssign):
                target, value = node.target, node.value
            if isinstance(target, ast.Name) and target.id == "CODES":
                assert isinstance(value, ast.Dict), f"{path}: CODES is not a dict literal"
                for key in value.keys:
                    code = _text(key)
                    assert code is not None, f"{path}: a CODES key is not a string constant"
                    found[code] = path
    return found


def _code_positions(trees: list[ast.Module]) -> dict[str, set[int]]:
    """Functions and classes defined in kitgen that take a `code` and a `message` (the
    makers of findings), and where the code goes.

    A function's position counts `self` for methods, so a call through an attribute
    (`self.problem("duplicate-key", ...)`) is read one position to the left too."""
    positions: dict[str, set[int]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
                if "code" in names and "message" in names:
                    index = names.index("code")
                    spots = {index}
                    if names and names[0] in ("self", "cls"):
                        spots = {index - 1}
                    positions.setdefault(node.name, set()).update(spots)
            elif isinstance(node, ast.ClassDef):
                fields = [
                    item.target.id
                    for item in node.body
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                ]
                if "code" in fields and "message" in fields:
                    positions.setdefault(node.name, set()).add(fields.index("code"))
    return positions


@functools.cache
def _kitgens_code_positions() -> dict[str, set[int]]:
    """`_code_positions` of every kitgen module."""
    return _code_positions([tree for _, tree in _modules()])


@functools.cache  # (the tests only read it: walking every module's tree takes seconds)
def emitted() -> dict[str, str]:
    """Every code a finding is made with in kitgen's source, with where it is."""
    modules = list(_modules())
    positions = _kitgens_code_positions()
    found: dict[str, str] = {}
    for path, tree in modules:
        if path.name == "findings.py":
            continue  # the catalogue itself, and the helpers' own definitions
        for node in ast.walk(tree):
            codes: list[str | None] = []
            if isinstance(node, ast.Call):
                codes += [_text(k.value) for k in node.keywords if k.arg == "code"]
                for index in positions.get(_name(node.func) or "", ()):
                    if 0 <= index < len(node.args):
                        codes.append(_text(node.args[index]))
            elif isinstance(node, ast.ClassDef):
                fields = {
                    item.target.id: item.annotation
                    for item in node.body
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                }
                kind = fields.get("code")
                if (
                    "message" in fields
                    and isinstance(kind, ast.Subscript)
                    and _name(kind.value) == "Literal"
                ):
                    items = kind.slice.elts if isinstance(kind.slice, ast.Tuple) else [kind.slice]
                    codes += [_text(item) for item in items]
            for code in codes:
                if code is not None and CODE.match(code):
                    found.setdefault(code, f"{path.relative_to(SOURCE)}:{node.lineno}")
    return found


def documented() -> set[str]:
    """The codes in the tables of the doc's finding-code section."""
    text = DOC.read_text(encoding="utf-8")
    match = re.search(r"^## 3\. Finding codes$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match is not None, "docs/formats.md has no `## 3. Finding codes` section"
    return set(re.findall(r"^\| `([a-z0-9-]+)` \|", match.group(1), re.M))


def test_the_extraction_finds_the_codes() -> None:
    codes = catalogue()
    made = emitted()
    # Guards against an extraction that silently finds nothing.
    assert len(codes) >= 60, sorted(codes)
    assert len(made) >= 60, sorted(made)
    assert {"finding", "warning", "Finding"} <= set(_kitgens_code_positions())


def test_every_code_made_is_in_the_catalogue() -> None:
    codes = catalogue()
    stray = {code: where for code, where in emitted().items() if code not in codes}
    assert not stray, f"finding codes made but not in CODES: {stray}"


def test_every_code_is_documented() -> None:
    codes = set(catalogue()) | set(emitted())
    missing = sorted(codes - documented())
    assert not missing, f"finding codes missing from docs/formats.md section 3: {missing}"


def test_every_documented_code_exists() -> None:
    stale = sorted(documented() - set(catalogue()))
    assert not stale, f"docs/formats.md lists codes kitgen does not have: {stale}"
