"""`kitgen export`: PNG, single-card PDF and Tabletop Simulator exports."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from kitgen.cli.common import (
    GAME_IDS_TEXT,
    AllowOutsideOption,
    echo_result,
    follows_references,
    friendly,
    print_options,
    progress_bar,
)
from kitgen.cli.results import EXPORT_FAILED

if TYPE_CHECKING:
    from kitgen.build import BuildOptions

# The print options of the card exports (kitgen.layout.print_options), in their help's
# order: the cards' own, not the sheets' (paper, margin, duplex, cut); a Tabletop
# Simulator deck has no bleed.
CARD_OPTIONS = ("out", "card_size", "bleed", "ink", "extra_commons", "standard_deck", "language")
TTS_OPTIONS = ("out", "card_size", "ink", "extra_commons", "standard_deck", "language")

export_app = typer.Typer(
    name="export",
    help="Export cards: PNG images (for print-on-demand services too), single-card PDFs "
    "for print shops, and Tabletop Simulator decks.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

TargetsArgument = Annotated[
    list[str],
    typer.Argument(
        help=f"A game id ({GAME_IDS_TEXT}), `all`, or a kit, deck or cards file.",
        metavar="GAME|FILE",
        show_default=False,
    ),
]
ProfileOption = Annotated[
    str,
    typer.Option(
        "--profile",
        "-p",
        help="home: the kit's own card size and bleed; tgc: The Game Crafter's templates; "
        "mpc: MakePlayingCards' templates.",
    ),
]
FAILED = EXPORT_FAILED
JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        max=64,
        show_default=False,
        help="Processes rasterizing in parallel (default: one per core).",
    ),
]


@export_app.command("png")
@friendly
@follows_references
@print_options(*CARD_OPTIONS)
def png(
    targets: TargetsArgument,
    *,
    profile: ProfileOption = "home",
    dpi: Annotated[
        float,
        typer.Option("--dpi", help="Resolution for the home profile (services fix their own)."),
    ] = 300.0,
    backs: Annotated[bool, typer.Option("--backs/--no-backs", help="Also write the backs.")] = True,
    options: BuildOptions,
    jobs: JobsOption = None,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """One PNG per card face (and back), at exact pixel sizes.

    Writes OUT/GAME/png/DECK/ (or tgc/, mpc/ for a service profile): 001-name.png and
    so on in deck order, and back.png (or one back per card when backs differ).
    """
    from kitgen.cli.results import run_export_png

    run_export_png(targets, options, profile=profile, jobs=jobs, dpi=dpi, backs=backs)


@export_app.command("pdf")
@friendly
@follows_references
@print_options(*CARD_OPTIONS)
def pdf(
    targets: TargetsArgument,
    *,
    profile: ProfileOption = "home",
    options: BuildOptions,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Single-card PDFs for print shops: a card a page, face then back, with TrimBox
    and BleedBox and no crop marks.

    Writes OUT/GAME/single-cards/DECK.pdf (or tgc/, mpc/ at a service's sizes).
    """
    from kitgen.export import ExportOptions, export_pdf

    echo_result(export_pdf(targets, ExportOptions(options, profile=profile)), FAILED)


@export_app.command("tts")
@friendly
@follows_references
@print_options(*TTS_OPTIONS)
def tts(
    targets: TargetsArgument,
    options: BuildOptions,
    jobs: JobsOption = None,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Tabletop Simulator decks: sheets of up to 10 x 7 cards (at most 4096 px a side)
    and a saved object that loads them; prints how to add it to the game.

    Writes OUT/GAME/tts/DECK/: DECK-1.png (more sheets for big decks), DECK-back.png
    and DECK.json.
    """
    from kitgen.export import ExportOptions, export_tts

    with progress_bar("sheet") as bar:
        result = export_tts(targets, ExportOptions(options, processes=jobs), bar)
    echo_result(result, FAILED, result.instructions)


def register(app: typer.Typer) -> None:
    """Add `kitgen export` and its commands to the app."""
    app.add_typer(export_app)
