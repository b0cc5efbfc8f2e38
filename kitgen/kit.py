"""The orchestrator: check files, describe games, and (soon) build kits."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from kitgen.errors import KitgenError
from kitgen.load import galliard, staircase
from kitgen.load.documents import Document, read_document
from kitgen.load.record import replay_record
from kitgen.load.rules import check_rules
from kitgen.load.scaffold import Position as ScaffoldPosition
from kitgen.load.scaffold import check_position as check_scaffold_position
from kitgen.load.scaffold import replay_game
from kitgen.load.scratch import check_kit_settings, check_scratch, official
from kitgen.load.shapeup import Position, check_position, replay_round
from kitgen.model.findings import Finding, has_errors
from kitgen.model.galliard import GalliardPositionFile, GalliardRecordFile
from kitgen.model.game import GAME_IDS, GameFile
from kitgen.model.kit import GalliardKitFile, ScaffoldKitFile, ShapeUpKitFile, StaircaseKitFile
from kitgen.model.record import ScratchRecordFile
from kitgen.model.rules import RulesFile
from kitgen.model.scaffold import ScaffoldPositionFile, ScaffoldRecordFile
from kitgen.model.scratch import ScratchPool
from kitgen.model.shapeup import ShapeUpPositionFile, ShapeUpRecordFile
from kitgen.model.staircase import StaircasePositionFile, StaircaseRecordFile
from kitgen.paths import game_dir

YAML_SUFFIXES = (".yaml", ".yml")

# A position as its check read it: each game's has result() and explain().
AnyPosition = Position | ScaffoldPosition | staircase.Position | galliard.Position


class UsageError(KitgenError):
    """The command was called wrongly (exit status 2)."""

    exit_code = 2


@dataclass
class FileReport:
    """What checking one file found."""

    path: str
    game: str | None
    kind: str | None
    findings: list[Finding] = field(default_factory=list)
    # The Scratch card pool a deck or card file was checked against (not reported).
    pool: ScratchPool | None = field(default=None, repr=False, compare=False)
    # A position as its check read it, ready to score (not reported).
    position: AnyPosition | None = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        """A file is ok when it has no error (warnings are allowed)."""
        return not has_errors(self.findings)

    def to_json(self) -> dict[str, Any]:
        """The file entry of `kitgen check --format json` (FORMATS.md)."""
        return {
            "path": self.path,
            "game": self.game,
            "kind": self.kind,
            "ok": self.ok,
            "findings": [finding_json(f, self.path) for f in self.findings],
        }


def finding_json(f: Finding, default_path: str) -> dict[str, Any]:
    """One finding as JSON; `path` names the file it is in (a `uses:` file, say)."""
    loc = f.location
    return {
        "severity": f.severity,
        "code": f.code,
        "message": f.message,
        "line": loc.line if loc else 1,
        "column": loc.column if loc else 1,
        "path": loc.path if loc else default_path,
    }


def _unique_sorted(findings: list[Finding]) -> list[Finding]:
    seen: set[Finding] = set()
    out: list[Finding] = []
    for f in sorted(findings, key=Finding.sort_key):
        if f not in seen:
            seen.add(f)
            out.append(f)
    return out


def check_file(path: str) -> FileReport:
    """Check one file: its YAML, its shape, and the rules of its game."""
    return check_document(read_document(path))


def check_document(doc: Document) -> FileReport:
    """Check a file already read: its shape's findings plus its game's rules."""
    findings = list(doc.findings)
    pool = None
    position: AnyPosition | None = None
    if isinstance(doc.model, RulesFile):
        findings += check_rules(doc)
    elif isinstance(doc.model, ScratchRecordFile):
        findings += replay_record(doc).findings
    elif isinstance(doc.model, ShapeUpPositionFile):
        found, position = check_position(doc)
        findings += found
    elif isinstance(doc.model, ShapeUpRecordFile):
        findings += replay_round(doc).findings
    elif isinstance(doc.model, ScaffoldPositionFile):
        found, position = check_scaffold_position(doc)
        findings += found
    elif isinstance(doc.model, StaircasePositionFile):
        found, position = staircase.check_position(doc)
        findings += found
    elif isinstance(doc.model, StaircaseRecordFile):
        findings += staircase.replay_game(doc).findings
    elif isinstance(doc.model, GalliardPositionFile):
        found, position = galliard.check_position(doc)
        findings += found
    elif isinstance(doc.model, GalliardRecordFile):
        findings += galliard.replay_game(doc).findings
    elif isinstance(doc.model, ScaffoldRecordFile):
        findings += replay_game(doc).findings
    elif isinstance(
        doc.model, (ShapeUpKitFile, ScaffoldKitFile, StaircaseKitFile, GalliardKitFile)
    ):
        findings += check_kit_settings(doc.model, doc.path)
    elif doc.model is not None and doc.game == "scratch":
        found, pool = check_scratch(doc)
        findings += found
    return FileReport(doc.path, doc.game, doc.kind, _unique_sorted(findings), pool, position)


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
        """The file entry of `kitgen score --format json` (FORMATS.md)."""
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


def expand_paths(paths: list[str]) -> list[str]:
    """Files to check: files as given, folders replaced by the YAML files inside them."""
    out: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            found = sorted(
                os.path.join(root, name)
                for root, _dirs, names in os.walk(path)
                for name in names
                if name.endswith(YAML_SUFFIXES)
            )
            if not found:
                raise UsageError(f"{path} is a folder with no YAML files in it")
            out.extend(found)
        else:
            out.append(path)
    return out


@dataclass(frozen=True)
class GameSummary:
    """A game as `kitgen list` shows it."""

    info: GameFile
    facts: tuple[str, ...]
    printable: bool


def _game_info(game: str) -> GameFile:
    doc = read_document(str(game_dir(game) / "game.yaml"))
    if not isinstance(doc.model, GameFile) or has_errors(doc.findings):
        raise KitgenError(f"kitgen's own data for {game} is broken ({doc.path}); reinstall kitgen")
    return doc.model


def list_games() -> list[GameSummary]:
    """Every game kitgen knows, with its kit's components."""
    out = []
    for game in GAME_IDS:
        facts: tuple[str, ...] = ()
        if game == "scratch":
            pool = official().pool
            cards = {id(c): c for c in pool.cards.values()}.values()
            rebuilt = sum(1 for c in cards if c.reconstructed)
            facts = (f"{len(cards)} official cards ({rebuilt} reconstructed from the examples)",)
        printable = (game_dir(game) / "kit.yaml").is_file()
        out.append(GameSummary(_game_info(game), facts, printable=printable))
    return out
