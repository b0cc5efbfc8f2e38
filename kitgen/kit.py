"""The orchestrator: check files, describe games, and (soon) build kits."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kitgen import registry
from kitgen.errors import KitgenError, UsageError
from kitgen.layout.limits import FINDINGS_PER_FILE
from kitgen.load.documents import Document, read_document
from kitgen.model.findings import Finding, capped, has_errors, unique_sorted
from kitgen.paths import tidy_path, walk
from kitgen.registry import Checked

if TYPE_CHECKING:
    from kitgen.model.game import GameFile
    from kitgen.registry import Scorable

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class FileReport:
    """What checking one file found."""

    path: str
    game: str | None
    kind: str | None
    findings: list[Finding] = field(default_factory=list)
    # What the game's check read that a build needs (Scratch: the card pool a deck or
    # card file was checked against); not reported.
    read: object = field(default=None, repr=False, compare=False)
    # A position as its check read it, ready to score (not reported).
    position: Scorable | None = field(default=None, repr=False, compare=False)
    # `kitgen check --stats` of a deck (reported only when asked for).
    stats: dict[str, object] | None = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        """A file is ok when it has no error (warnings are allowed)."""
        return not has_errors(self.findings)

    def to_json(self) -> dict[str, Any]:
        """The file entry of `kitgen check --format json` (docs/formats.md)."""
        return {
            "path": self.path,
            "game": self.game,
            "kind": self.kind,
            "ok": self.ok,
            "findings": [finding_json(f, self.path) for f in self.findings],
            **({} if self.stats is None else {"stats": self.stats}),
        }


def finding_json(f: Finding, default_path: str) -> dict[str, Any]:
    """One finding as JSON; `path` names the file it is in (a `uses:` file, say)."""
    loc = f.location
    entry: dict[str, Any] = {
        "severity": f.severity,
        "code": f.code,
        "message": f.message,
        "line": loc.line if loc else 1,
        "column": loc.column if loc else 1,
        "path": loc.path if loc else default_path,
    }
    if loc is not None and loc.sheet is not None:  # a workbook's cell: line is its row
        entry["sheet"] = loc.sheet
    return entry


def check_file(path: str) -> FileReport:
    """Check one file: its YAML, its shape, and the rules of its game."""
    return check_document(read_document(path))


def check_document(doc: Document) -> FileReport:
    """Check a file already read: its shape's findings plus its game's rules."""
    findings = list(doc.findings)
    checked = Checked()
    if doc.model is not None:
        checked = _check_rules_of_game(doc)
        findings += checked.findings
    return FileReport(
        doc.path, doc.game, doc.kind, reported(findings), checked.read, checked.position
    )


def reported(findings: Iterable[Finding]) -> list[Finding]:
    """Findings as a command reports them: in order, each once, at most
    `FINDINGS_PER_FILE` of a file (the rest counted in one `too-many-findings`)."""
    return capped(unique_sorted(findings), FINDINGS_PER_FILE)


def _check_rules_of_game(doc: Document) -> Checked:
    """A valid file's findings under its game's rules, and what the check read.

    The game is looked up in the registry, which imports a game's code when a file of
    that game is checked, so a check imports only the code of the games it meets
    (`kitgen check` starts fast)."""
    if doc.kind == "rules":
        from kitgen.load.rules import check_rules

        return Checked(check_rules(doc))
    if doc.game is None:  # a shared layout: each game that names it checks it
        return Checked()
    game = registry.get(doc.game, doc.path)
    with registry.files_of(game):  # the files it names are its game's (a shared rules file)
        checked = game.check(doc)
        if doc.kind == "kit":  # what every kit has: print settings, a rules file, components
            from kitgen.load.kits import check_kit_settings, prints_nothing

            shared = check_kit_settings(doc.model, doc.path)
            if not any(path[:1] == ("components",) for path, _ in doc.dropped):
                shared += prints_nothing(doc.model)  # (an invalid component is its own finding)
            checked.findings = [*shared, *checked.findings]
    return checked


@dataclass
class ScoreReport:
    """What scoring one position file found: its check, and the scores when it is sound."""

    check: FileReport
    scores: dict[str, int] | None = None
    winner: str | None = None
    details: dict[str, Any] = field(default_factory=dict)
    verdict: str = ""  # for people: who won, or the team's result
    breakdown: list[str] = field(default_factory=list)  # for people: how the scores add up

    def to_json(self) -> dict[str, Any]:
        """The file entry of `kitgen score --format json` (docs/formats.md)."""
        entry = self.check.to_json()
        findings = entry.pop("findings")
        entry.update(scores=self.scores, winner=self.winner, details=self.details)
        entry["findings"] = findings
        return entry


def score_document(doc: Document) -> ScoreReport:
    """Check a position file and, when it is consistent with the rules, score it."""
    if doc.model is not None and doc.kind != "position":
        raise UsageError(
            f"{doc.path} is a {doc.game} {doc.kind} file; kitgen score reads position files"
        )
    report = check_document(doc)
    result = ScoreReport(report)
    position = report.position
    if not report.ok or position is None:
        return result
    result.scores, result.winner, result.details = position.result()
    result.verdict, result.breakdown = position.explain()
    return result


def list_inputs(paths: list[str]) -> list[tuple[str, str | None]]:
    """Files to check: files as given, folders replaced by the YAML files inside them at
    any depth. A folder inside that cannot be listed comes as (folder, why), to be
    reported rather than skipped; every file comes as (file, None). Paths are spelt as
    given, tidied (`kitgen.paths.tidy_path`: `./g/` is `g`), as kitgen spells the files
    that files name, so a file has one spelling in what a check reports."""
    out: list[tuple[str, str | None]] = []
    for path in map(tidy_path, paths):
        if os.path.isdir(path):
            found, unlisted = walk_yaml(path)
            if not found and not unlisted:
                raise UsageError(f"{path} is a folder with no YAML files in it")
            out += sorted([*((f, None) for f in found), *unlisted], key=lambda item: item[0])
        else:
            out.append((path, None))
    return out


def walk_yaml(top: str) -> tuple[list[str], list[tuple[str, str | None]]]:
    """The YAML files under a folder, at any depth, and the folders that could not be
    listed, with why (`kitgen.paths.walk`: no recursion, no symlinked folders)."""
    files: list[str] = []
    unlisted: list[tuple[str, str | None]] = []
    for folder, names, err in walk(top):
        if err is not None:
            unlisted.append((folder, f"cannot read this folder: {err.strerror or err}"))
        files += [tidy_path(os.path.join(folder, n)) for n in names if n.endswith(YAML_SUFFIXES)]
    return files, unlisted


@dataclass(frozen=True)
class GameSummary:
    """A game as `kitgen list` shows it."""

    info: GameFile
    facts: tuple[str, ...]
    printable: bool


def _game_info(game: str) -> GameFile:
    from kitgen.model.game import GameFile

    doc = read_document(str(registry.get(game).data_dir / "game.yaml"))
    if not isinstance(doc.model, GameFile) or has_errors(doc.findings):
        package = registry.package_of(game)
        if package is not None:  # not kitgen's: the package's own files
            raise registry.PackageError(
                f"the installed package {package} is broken: its game {game!r} has no "
                f"readable game file ({doc.path})"
            )
        raise KitgenError(f"kitgen's own data for {game} is broken ({doc.path}); reinstall kitgen")
    return doc.model


def _summary(game_id: str) -> GameSummary:
    game = registry.get(game_id)
    printable = (game.data_dir / "kit.yaml").is_file()
    return GameSummary(_game_info(game_id), game.facts(), printable=printable)


def list_games() -> tuple[list[GameSummary], list[tuple[str, str]]]:
    """Every game kitgen knows, with its kit's components; and each installed package's
    game that cannot be listed, as (its id, one line naming the package and what is
    wrong): a broken package is named, and the others are listed all the same."""
    out = []
    for game_id in registry.known_ids():
        try:
            out.append(_summary(game_id))
        except registry.PackageError as err:  # (`package_problems` says it)
            registry.note_broken(game_id, str(err))
        except Exception as err:
            blame = registry.blamed(err)
            if blame is None:  # kitgen's own
                raise
            registry.note_broken(game_id, blame)
    return out, registry.package_problems()
