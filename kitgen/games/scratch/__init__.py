"""Scratch: Draw the Line: everything particular to this game."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from kitgen.api import Checked, Game
from kitgen.games.scratch.codes import CODES

if TYPE_CHECKING:
    from typer import _click as click

    from kitgen.api import CoverCards, Document, Figures, FileReport, KitBase, KitBuilder, Replay


class Scratch(Game):
    """Scratch: card files and decks checked against the card formula and deck rules,
    recorded games replayed, decks simulated; a kit of cards, reference cards and mat."""

    id = "scratch"
    title = "Scratch: Draw the Line"
    finding_codes: ClassVar = CODES  # (kitgen.games.scratch.codes)
    kinds: ClassVar = {
        "cards": ".model:ScratchCardsFile",
        "deck": ".model:ScratchDeckFile",
        "game": ".model:ScratchGameFile",
        "kit": ".kit_model:KitFile",
        "record": ".record_model:ScratchRecordFile",
        "rules": "kitgen.model.rules:RulesFile",
    }
    figure_args: ClassVar = {
        "card-anatomy": ".figure_args:CardArgs",
        "board": ".figure_args:BoardArgs",
        "flip": ".figure_args:CardArgs",
    }
    schema_help = ".schema_help:FIELD_HELP"
    engine = ".engine:ENGINES"
    provides: ClassVar = {"simulation": ".simulation:SIMULATION"}
    card_parts = frozenset({"cards", "reference"})
    simulate_help = (
        "Two decks: each deck's and each card's win rates (`kitgen simulate DECK_A DECK_B`)."
    )
    simulates_files = True
    tune_help = "One-card swaps that raise a deck's win rate (`kitgen tune DECK --against DECK`)."
    tunes_files = True

    def check(self, doc: Document) -> Checked:
        if doc.kind == "kit":
            from kitgen.games.scratch.kit_check import check_kit

            return Checked(check_kit(doc.model, doc.path))
        if doc.kind == "record":
            from kitgen.games.scratch.record import replay_record

            return Checked(replay_record(doc).findings)
        if doc.kind in ("cards", "deck", "game"):
            from kitgen.games.scratch.load import check_scratch

            found, pool = check_scratch(doc)
            return Checked(found, read=pool)
        return super().check(doc)

    def build_kit(self, builder: KitBuilder, kit: KitBase, path: str, stem: str) -> None:
        from kitgen.games.scratch.build import build_kit

        build_kit(builder, kit, path, stem)  # type: ignore[arg-type]

    def build_file(self, builder: KitBuilder, report: FileReport, doc: Document, stem: str) -> bool:
        from kitgen.games.scratch.build import build_file

        return build_file(builder, report, doc, stem)

    def cover(self) -> CoverCards:
        from kitgen.games.scratch.figures import cover_cards
        from kitgen.games.scratch.load import official

        return cover_cards(official().pool)

    def figures(self) -> Figures:
        from kitgen.games.scratch.figures import scratch_figures
        from kitgen.games.scratch.load import official

        return scratch_figures(official().pool)

    def facts(self) -> tuple[str, ...]:
        from kitgen.games.scratch.load import official

        pool = official().pool
        cards = {id(c): c for c in pool.cards.values()}.values()
        rebuilt = sum(1 for c in cards if c.reconstructed)
        return (f"{len(cards)} official cards ({rebuilt} reconstructed from the examples)",)

    def starter_files(self, name: str) -> list[tuple[str, str]]:
        from kitgen.games.scratch.starters import starter_files

        return starter_files(name)

    def starter_file(self, kind: str, name: str, schema_path: str | None) -> str:
        from kitgen.games.scratch.starters import starter_file

        text = starter_file(kind, name, schema_path)
        return super().starter_file(kind, name, schema_path) if text is None else text

    def replay(self, doc: Document) -> Replay:
        from kitgen.games.scratch.replay import replay

        return replay(doc)

    def no_replay(self) -> dict[str, object]:
        return {"winner": None, "points": 0, "reason": None, "moves": 0}

    def tune_command(self) -> click.Command:
        from kitgen.games.scratch.tune_cli import command

        return command()


GAME = Scratch()
