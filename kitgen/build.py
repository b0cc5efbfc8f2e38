"""Build print-and-play PDFs: settings, content, layout, drawing, atomic writes.

Settings come from the command line first, then kitgen.toml, then the kit file,
then kitgen's defaults (A4, poker cards, 3 mm bleed, 5 mm margin, long-edge duplex, normal ink).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar, cast

from kitgen.atomic import write_atomic
from kitgen.errors import KitgenError
from kitgen.games.scratch.cards import FaceItem, faces_of
from kitgen.games.scratch.load import official
from kitgen.games.scratch.model import ScratchCard, ScratchCardsFile, ScratchDeckFile, ScratchPool
from kitgen.games.shapeup.model import card_set
from kitgen.kit import UsageError, check_document
from kitgen.layout.geometry import Duplex, LayoutError, Size
from kitgen.layout.impose import check_pages, sheet_layout
from kitgen.layout.limits import PRINT_LIMITS, too_many_cards
from kitgen.layout.paper import card_size, paper_size
from kitgen.layout.units import format_mm, parse_length, parse_offset
from kitgen.load.documents import Document, read_document
from kitgen.load.kits import (
    card_count,
    card_sources,
    reference_cards,
    rules_document,
)
from kitgen.load.rules import game_context
from kitgen.model.findings import Finding, finding, has_errors
from kitgen.model.game import GameFile
from kitgen.model.kinds import GAME_IDS
from kitgen.model.kit import (
    DEFAULTS,
    DuplexMode,
    GalliardKitFile,
    Ink,
    KitBase,
    KitFile,
    PrintSettings,
    Reference,
    ScaffoldKitFile,
    ShapeUpKitFile,
    StaircaseKitFile,
)
from kitgen.model.rules import RulesFile
from kitgen.paths import game_dir

if TYPE_CHECKING:
    from kitgen.render.booklet import Figures
    from kitgen.render.sheets import Deck

Progress = Callable[[int, int], None]
T = TypeVar("T")

MAX_BLEED = PRINT_LIMITS.max_bleed


@dataclass(frozen=True)
class BuildOptions:
    """What the command line asked for; None means "not given"."""

    out: str = "output"
    paper: str | None = None
    card_size: str | None = None
    bleed: str | None = None
    margin: str | None = None
    gutter: str | None = None
    duplex: str | None = None
    back_offset: str | None = None
    ink: str | None = None
    extra_commons: int | None = None
    standard_deck: bool | None = None  # print the 54-card deck with a standard-deck game

    def settings(self) -> PrintSettings:
        """The options as print settings, to lay over a kit's (checked later, in one line)."""
        return PrintSettings.model_construct(
            paper=self.paper,
            card_size=self.card_size,
            bleed=self.bleed,
            margin=self.margin,
            gutter=self.gutter,
            duplex=cast(DuplexMode | None, self.duplex),
            back_offset=self.back_offset,
            ink=cast(Ink | None, self.ink),
        )


@dataclass(frozen=True)
class PrintSetup:
    """Settings resolved to numbers (points) and checked."""

    paper_name: str
    paper: Size
    card_name: str
    card: Size
    bleed: float
    margin: float
    gutter: float
    duplex: Duplex
    back_offset: tuple[float, float]
    ink: Ink

    def describe(self) -> str:
        """One line saying how to print this file."""
        flip = {
            "long": "duplex: long edge",
            "short": "duplex: short edge",
            "fold": "fold and glue",
            "none": "no backs",
        }[self.duplex]
        size = f"{format_mm(self.card.width)[:-3]}x{format_mm(self.card.height)}"
        return (
            f"{self.paper_name.upper()} \u00b7 {self.card_name} {size} \u00b7 "
            f"bleed {format_mm(self.bleed)} \u00b7 {flip}"
        )


@dataclass
class BuildResult:
    """Files written, findings, and notes for the user."""

    written: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when nothing failed."""
        return not has_errors(self.findings)


def _pick(option: str, layers: list[PrintSettings]) -> str:
    for layer in layers:
        value = getattr(layer, option)
        if value is not None:
            return str(value)
    raise AssertionError(f"no default for {option}")


def resolve_setup(
    cli: PrintSettings,
    kit: PrintSettings | None = None,
    *,
    sheets: bool = True,
    config: bool = True,
) -> PrintSetup:
    """Layer the settings and turn them into a checked setup; bad values are UsageErrors.

    The command line comes first, then kitgen.toml (the printer's settings: the
    project's, then the user's; left out with `config=False`), then the kit file,
    then kitgen's defaults.
    """
    from kitgen.config import print_settings

    printer = [print_settings()] if config else []
    layers = [cli, *printer, *([kit] if kit is not None else []), DEFAULTS]

    def length(option: str) -> float:
        text = _pick(option, layers)
        flag = "--" + option.replace("_", "-")
        try:
            value = parse_length(text)
        except LayoutError as err:
            raise UsageError(f"{flag}: {err}") from None
        if value < 0:
            raise UsageError(f"{flag} cannot be negative (got {text})")
        return value

    def parsed(option: str, parse: Callable[[str], T]) -> T:
        try:
            return parse(_pick(option, layers))
        except LayoutError as err:  # a command-line value says which option it was
            flag = "--" + option.replace("_", "-")
            given = getattr(cli, option) is not None
            raise UsageError(f"{flag}: {err}" if given else str(err)) from None

    paper_name, card_name = _pick("paper", layers), _pick("card_size", layers)
    paper = parsed("paper", paper_size)
    card = parsed("card_size", card_size)
    offset = parsed("back_offset", parse_offset)
    bleed = length("bleed")
    if bleed > MAX_BLEED:
        raise UsageError(f"--bleed {format_mm(bleed)} is more than {format_mm(MAX_BLEED)}")
    duplex, ink = _pick("duplex", layers), _pick("ink", layers)
    if duplex not in ("long", "short", "fold", "none"):
        raise UsageError(f"--duplex must be long, short, fold or none (got {duplex!r})")
    if ink not in ("normal", "low"):
        raise UsageError(f"--ink must be normal or low (got {ink!r})")
    setup = PrintSetup(
        paper_name.lower(),
        paper,
        card_name.lower(),
        card,
        bleed,
        length("margin"),
        length("gutter"),
        cast(Duplex, duplex),
        offset,
        cast(Ink, ink),
    )
    if not sheets:  # exported one card at a time: the paper does not matter
        return setup
    try:  # fail now, in one line, when the cards cannot be laid out at all
        _sheet(setup)
    except LayoutError as err:
        raise UsageError(str(err)) from None
    return setup


def check_options(cli: PrintSettings) -> None:
    """The command line's print options on their own (over kitgen's defaults): a
    UsageError for one that no kit could use. `kitgen watch` checks them once, before
    its first build, so a bad option ends it at once instead of failing every build."""
    resolve_setup(cli, None, sheets=False, config=False)


def _sheet(setup: PrintSetup) -> tuple[int, int]:
    """The cards one sheet of the setup holds and the pages it takes (`sheet_layout`)."""
    return sheet_layout(
        setup.paper,
        setup.card,
        bleed=setup.bleed,
        margin=setup.margin,
        gutter=setup.gutter,
        duplex=setup.duplex,
    )


def slug(text: str) -> str:
    """A file-name-safe form of a name: lowercase words joined by dashes."""
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "untitled"


def expand_commons(cards: list[ScratchCard], pool: ScratchPool, extra: int) -> list[ScratchCard]:
    """Each common card followed by `extra` more copies of it."""
    out: list[ScratchCard] = []
    for card in cards:
        rarity = pool.rarity(card.rarity)
        out += [card] * (1 + (extra if rarity is not None and rarity.id == "common" else 0))
    return out


def _targets(targets: list[str]) -> list[str]:
    out: list[str] = []
    for target in targets:
        if target == "all":
            out += [g for g in GAME_IDS if g not in out]
        elif target in GAME_IDS or os.path.isfile(target):
            out.append(target)
        elif os.path.exists(target):  # a folder, a pipe or a device: never opened
            from kitgen.load.references import special_kind

            try:
                what = special_kind(os.stat(target).st_mode)
            except OSError:
                what = "a special file"
            raise UsageError(f"{target!r} is {what}, not a kit, deck, cards or rules file")
        else:
            raise UsageError(
                f"{target!r} is not a game ({', '.join(GAME_IDS)}), `all`, or an existing file"
            )
    return out


# The kit components that are cards (what `kitgen export` exports).
CARD_PARTS = frozenset({"cards", "reference", "team-cards", "action-cards", "cabal-cards"})


class _Builder:
    """Builds targets: writes every PDF, or (`decks_only`) collects the card decks for
    an export without drawing anything."""

    def __init__(
        self, options: BuildOptions, progress: Progress | None, *, decks_only: bool = False
    ) -> None:
        self.options = options
        self.progress = progress
        self.result = BuildResult()
        self.decks_only = decks_only
        self.decks: list[tuple[Deck, PrintSetup]] = []

    def setup(self, kit: PrintSettings | None = None) -> PrintSetup:
        """The print setup for a kit's settings (an export need not fit cards on paper)."""
        return resolve_setup(self.options.settings(), kit, sheets=not self.decks_only)

    def part(self, kit: KitBase, component: str) -> bool:
        """Whether to make one of a kit's components now."""
        return component in kit.components and (not self.decks_only or component in CARD_PARTS)

    def cards(self, deck: Deck, setup: PrintSetup) -> None:
        """A deck's card sheets, `<stem>.pdf` (or, collecting, the deck itself)."""
        too_many = too_many_cards(deck.count)
        if too_many is not None:  # the kit or file check names the line; this is the last guard
            raise KitgenError(f"{deck.stem}: {too_many}")
        if self.decks_only:  # the export checks the deck at the size it draws
            self.decks.append((deck, setup))
            return
        from kitgen.render.sheets import deck_sheets_pdf

        try:  # pages counted before any is laid out
            check_pages(deck.count, *_sheet(setup))
        except LayoutError as err:
            raise KitgenError(f"{deck.stem}: {err}") from None
        found = deck.check(setup.card, setup.card_name) if deck.check is not None else []
        self.result.findings += found
        if not has_errors(found):
            self.write(deck.game, f"{deck.stem}.pdf", deck_sheets_pdf(deck, setup, self.progress))

    def write(self, game: str, name: str, data: bytes) -> None:
        path = os.path.join(self.options.out, game, name)
        try:
            write_atomic(path, data)
        except OSError as err:
            raise KitgenError(f"cannot write {path}: {err.strerror or err}") from None
        self.result.written.append(path)

    def scratch_cards(
        self,
        title: str,
        stem: str,
        faces: list[FaceItem],
        setup: PrintSetup,
        references: list[Reference] | None = None,
    ) -> None:
        from kitgen.games.scratch.kit import scratch_deck

        self.cards(scratch_deck(title, stem, [*faces, *(references or [])]), setup)

    def scratch_mat(self, title: str, filename: str, setup: PrintSetup) -> None:
        from kitgen.games.scratch.kit import mat_pdf

        self.write("scratch", filename, mat_pdf(title, setup))

    def kit(self, kit: KitBase, path: str, stem: str) -> None:
        """Print what a kit file lists, for its game."""
        if isinstance(kit, ShapeUpKitFile):
            self.shapeup_kit(kit, path, stem)
        elif isinstance(kit, ScaffoldKitFile):
            self.scaffold_kit(kit, path, stem)
        elif isinstance(kit, StaircaseKitFile):
            self.staircase_kit(kit, path, stem)
        elif isinstance(kit, GalliardKitFile):
            self.galliard_kit(kit, path, stem)
        elif isinstance(kit, KitFile):
            self.scratch_kit(kit, path, stem)

    def scratch_kit(self, kit: KitFile, path: str, stem: str) -> None:
        setup = self.setup(kit.settings)
        extra = self.options.extra_commons
        if extra is None:
            extra = kit.extra_commons
        faces: list[FaceItem] = []
        # The kit's check read these files and reported their findings, the wrong kinds
        # among them; a kit reaches the build only when its check has no error. Counted
        # again here with the command line's --extra-commons, before a card is made.
        sources, found = card_sources(kit, path, extra)
        if has_errors(found):  # too many cards, or the files changed since the check
            self.result.findings += found
            return
        for _entry, _where, sub, pool in sources:
            if isinstance(sub.model, ScratchCardsFile):
                faces += faces_of(expand_commons(list(sub.model.cards), pool, extra), pool)
            elif isinstance(sub.model, ScratchDeckFile):
                faces += faces_of(deck_cards(sub.model, pool), pool)
        if not kit.card_files and not kit.decks:
            pool = official().pool
            unique = list({id(c): c for c in pool.cards.values()}.values())
            faces = faces_of(expand_commons(unique, pool, extra), pool)
        refs, _ = reference_cards(kit)  # their findings came with the kit file's check
        if self.part(kit, "cards"):
            self.scratch_cards(
                kit.name,
                f"{stem}-cards",
                faces,
                setup,
                refs if "reference" in kit.components else [],
            )
        if self.part(kit, "mat"):
            self.scratch_mat(kit.name, f"{stem}-mat.pdf", setup)
        self.kit_rules(kit, path, stem, setup)

    def shapeup_kit(self, kit: ShapeUpKitFile, path: str, stem: str) -> None:
        """The Shape Up! cards, score sheets and score pad (and rules, when the kit names them)."""
        from kitgen.games.shapeup import kit as draw
        from kitgen.games.shapeup.rules import POINTS, SETUPS

        if not self.kit_name_ok(kit, path):
            return
        setup = self.setup(kit.settings)
        sheets = (
            ("score-sheets", "score sheet", draw.SHEET),
            ("score-pad", "score pad page", draw.PAD),
        )
        for part, noun, size in sheets:
            try:  # fail before writing anything, as for cards that do not fit
                if self.part(kit, part):
                    draw.cut_grid(setup, size)
            except LayoutError:
                raise UsageError(
                    f"a {noun} ({format_mm(size.width)[:-3]} x {format_mm(size.height)}) does not "
                    f"fit on {setup.paper_name} paper with {format_mm(setup.margin)} margins"
                ) from None
        if self.part(kit, "cards"):
            self.cards(draw.cards_deck(kit.name, card_set(24), f"{stem}-cards"), setup)
        if self.part(kit, "score-sheets"):
            data = draw.score_sheets_pdf(kit.name, setup, POINTS)
            self.write("shapeup", f"{stem}-score-sheets.pdf", data)
        if self.part(kit, "score-pad"):
            setups = [s for s in SETUPS.values() if not s.advanced]
            pad = draw.score_pad_pdf(kit.name, setup, setups)
            self.write("shapeup", f"{stem}-score-pad.pdf", pad)
        self.kit_rules(kit, path, stem, setup)

    def kit_name_ok(self, kit: KitBase, path: str) -> bool:
        """Check a kit's settings and that its name can be drawn; False on errors."""
        from kitgen.render.fonts import missing_glyphs

        # The kit's settings and rules file came with its check, before the build.
        found: list[Finding] = []
        missing = missing_glyphs(kit.name)
        if missing:
            found.append(
                finding(
                    "text-not-drawable",
                    f"{kit.name!r} has characters the embedded font cannot draw: "
                    f"{' '.join(missing)} (it covers Latin-1 letters and common punctuation)",
                    kit.where("name"),
                )
            )
        self.result.findings += found
        return not has_errors(found)

    def scaffold_kit(self, kit: ScaffoldKitFile, path: str, stem: str) -> None:
        """The Scaffold mats, team cards, turn track, score sheet, rules and (asked) deck."""
        from kitgen.games.scaffold import kit as draw
        from kitgen.games.scaffold.load import parameters

        if not self.kit_name_ok(kit, path):
            return
        setup = self.setup(kit.settings)
        params = parameters()
        self.deck_if_asked(kit, stem, setup)
        if self.part(kit, "mats"):
            self.write("scaffold", f"{stem}-mats.pdf", draw.mats_pdf(kit.name, setup))
        if self.part(kit, "team-cards"):
            self.cards(draw.team_deck(kit.name, f"{stem}-team-cards"), setup)
        if self.part(kit, "turn-track"):
            track = draw.turn_track_pdf(kit.name, setup, params.turns, params.fewer_turns)
            self.write("scaffold", f"{stem}-turn-track.pdf", track)
        if self.part(kit, "score-sheet"):
            sheet = draw.score_sheet_pdf(
                kit.name,
                setup,
                params.turns,
                (params.hand_size, *params.harder_hands),
                variants=params.fewer_turns,
            )
            self.write("scaffold", f"{stem}-score-sheet.pdf", sheet)
        self.kit_rules(kit, path, stem, setup)

    def staircase_kit(self, kit: StaircaseKitFile, path: str, stem: str) -> None:
        """The Staircase score sheet, action cards, rules and (asked) deck."""
        from kitgen.games.staircase import kit as draw

        if not self.kit_name_ok(kit, path):
            return
        setup = self.setup(kit.settings)
        self.deck_if_asked(kit, stem, setup)
        if self.part(kit, "score-sheet"):
            self.write(kit.game, f"{stem}-score-sheet.pdf", draw.score_sheet_pdf(kit.name, setup))
        if self.part(kit, "action-cards"):
            self.cards(draw.action_deck(kit.name, f"{stem}-action-cards"), setup)
        self.kit_rules(kit, path, stem, setup)

    def galliard_kit(self, kit: GalliardKitFile, path: str, stem: str) -> None:
        """The Galliard mat, cabal cards, score tracker, rules and (asked) deck."""
        from kitgen.games.galliard import kit as draw

        if not self.kit_name_ok(kit, path):
            return
        setup = self.setup(kit.settings)
        self.deck_if_asked(kit, stem, setup)
        if self.part(kit, "mat"):
            self.write(kit.game, f"{stem}-mat.pdf", draw.mat_pdf(kit.name, setup))
        if self.part(kit, "cabal-cards"):
            self.cards(draw.cabal_deck(kit.name, f"{stem}-cabal-cards"), setup)
        if self.part(kit, "tracker"):
            self.write(kit.game, f"{stem}-tracker.pdf", draw.tracker_pdf(kit.name, setup))
        self.kit_rules(kit, path, stem, setup)

    def deck_if_asked(
        self,
        kit: ScaffoldKitFile | StaircaseKitFile | GalliardKitFile,
        stem: str,
        setup: PrintSetup,
    ) -> None:
        """The standard deck, when the kit or the command line asks for it."""
        wanted = self.options.standard_deck
        if wanted is None:
            wanted = kit.standard_deck
        if wanted:
            from kitgen.model.standard import full_deck
            from kitgen.render.standard_deck import standard_deck

            self.cards(standard_deck(kit.game, f"{stem}-deck", "Standard deck", full_deck()), setup)

    def kit_rules(self, kit: KitBase, path: str, stem: str, setup: PrintSetup) -> None:
        """The booklets of the rules file a kit names, if it lists the rules component."""
        if self.part(kit, "rules") and kit.rules is not None:
            # Checked with the kit (a missing file, or one of the wrong kind, is a finding
            # at its `rules:` entry); only a file changed since then has errors here.
            rules_doc, found = rules_document(kit, path)
            if rules_doc is None:
                self.result.findings += found
            else:
                self.rules(rules_doc, stem, setup)

    def rules(self, doc: Document, prefix: str, setup: PrintSetup) -> None:
        """The reading, booklet and quick-reference editions of a rules file."""
        from kitgen.render.booklet import BookletFacts, booklet_pdfs, reference_pdf

        rules, game = doc.model, doc.game
        assert isinstance(rules, RulesFile) and game is not None
        context = game_context(game)
        figures = game_figures(game)
        players = (
            f"{context['players_min']}"
            if context["players_min"] == context["players_max"]
            else f"{context['players_min']} to {context['players_max']}"
        )
        facts = BookletFacts(players, str(context["playing_time"]), game_summary(game))
        page, sheet = booklet_sizes(setup)
        reading, booklet, found = booklet_pdfs(
            rules, context, figures, facts, page, sheet, setup.ink
        )
        self.result.findings += found
        if has_errors(found):
            return
        self.write(game, f"{prefix}-rules.pdf", reading)
        self.write(game, f"{prefix}-rules-booklet.pdf", booklet)
        if rules.quick_reference:
            paper = sheet.rotated() if sheet.width > sheet.height else sheet
            data, found = reference_pdf(rules, context, figures, paper, setup.ink)
            self.result.findings += found
            if not has_errors(found):
                self.write(game, f"{prefix}-reference.pdf", data)

    def file(self, target: str) -> None:
        doc = read_document(target)
        report = check_document(doc)
        self.result.findings += report.findings
        if not report.ok:
            return
        stem = slug(os.path.splitext(os.path.basename(target))[0])
        model = doc.model
        if isinstance(model, KitBase):
            self.kit(model, target, f"{model.game}-{stem}")
        elif isinstance(model, RulesFile) and self.decks_only:
            self.result.notes.append(f"{target}: a rules file has no cards to export")
        elif isinstance(model, RulesFile):
            assert doc.game is not None
            official_rules = os.path.realpath(target) == os.path.realpath(
                game_dir(doc.game) / "rules.yaml"
            )
            stem = stem.removesuffix("-rules")
            prefix = doc.game if official_rules or stem == "rules" else f"{doc.game}-{stem}"
            self.rules(doc, prefix, self.setup())
        elif isinstance(model, ScratchDeckFile):
            pool = report.pool
            assert pool is not None  # a checked deck or card file carries its pool
            self.scratch_cards(
                f"{model.name} (deck)",
                f"scratch-deck-{slug(model.name)}",
                faces_of(deck_cards(model, pool), pool),
                self.setup(),
            )
        elif isinstance(model, ScratchCardsFile):
            pool = report.pool
            assert pool is not None  # a checked deck or card file carries its pool
            extra = self.options.extra_commons or 0
            too_many = too_many_cards(card_count(model, pool, extra))
            if too_many is not None:  # counted before any card is made
                message = f"with --extra-commons {extra}, {too_many}"
                self.result.findings.append(
                    finding("build-too-large", message, model.where("cards", key=True))
                )
                return
            cards = expand_commons(list(model.cards), pool, extra)
            self.scratch_cards(
                f"{stem} (cards)",
                f"scratch-cards-{stem}",
                faces_of(cards, pool),
                self.setup(),
            )
        else:
            self.result.notes.append(
                f"{target}: kitgen cannot print {doc.game} {doc.kind} files yet"
            )


def booklet_sizes(setup: PrintSetup) -> tuple[Size, Size]:
    """Booklet pages and the sheet they are imposed on: A5 on A4, or half-Letter on Letter."""
    if setup.paper_name in ("letter", "tabloid", "half-letter"):
        return paper_size("half-letter"), paper_size("letter").rotated()
    return paper_size("a5"), paper_size("a4").rotated()


def game_figures(game: str) -> Figures:
    """The figures a game's rules can name."""
    from kitgen.render.booklet import Figures

    if game == "scratch":
        from kitgen.games.scratch.figures import scratch_figures

        return scratch_figures(official().pool)
    if game == "shapeup":
        from kitgen.games.shapeup.figures import shapeup_figures

        return shapeup_figures()
    if game == "scaffold":
        from kitgen.games.scaffold.figures import scaffold_figures

        return scaffold_figures()
    if game == "staircase":
        from kitgen.games.staircase.figures import staircase_figures

        return staircase_figures()
    if game == "galliard":
        from kitgen.games.galliard.figures import galliard_figures

        return galliard_figures()
    return Figures({}, {})


def game_summary(game: str) -> str:
    """The one-paragraph summary from a game's game.yaml."""
    doc = read_document(str(game_dir(game) / "game.yaml"))
    return doc.model.summary if isinstance(doc.model, GameFile) else ""


def deck_cards(deck: ScratchDeckFile, pool: ScratchPool) -> list[ScratchCard]:
    """A deck's cards, each as many times as the deck lists it."""
    return [c for name, n in deck.cards.items() for c in [pool.card(name)] * n if c is not None]


def build(
    targets: list[str], options: BuildOptions, progress: Progress | None = None
) -> BuildResult:
    """Build every target: a game id, `all`, or a kit, deck or cards file."""
    return _run(_Builder(options, progress), targets)


def collect_decks(
    targets: list[str], options: BuildOptions
) -> tuple[list[tuple[Deck, PrintSetup]], BuildResult]:
    """The card decks the targets would print, each with its print setup, without
    drawing anything; the result holds the findings and notes (and no files)."""
    builder = _Builder(options, None, decks_only=True)
    result = _run(builder, targets)
    return builder.decks, result


def _run(builder: _Builder, targets: list[str]) -> BuildResult:
    for target in _targets(targets):
        if target not in GAME_IDS:
            builder.file(target)
            continue
        kit_path = str(game_dir(target) / "kit.yaml")
        if not os.path.isfile(kit_path):
            builder.result.notes.append(f"{target}: no printable kit yet, skipped")
            continue
        doc = read_document(kit_path)
        if not isinstance(doc.model, KitBase) or not check_document(doc).ok:
            raise KitgenError(f"kitgen's own {target} kit is broken ({kit_path})")
        builder.kit(doc.model, kit_path, target)
    return builder.result
