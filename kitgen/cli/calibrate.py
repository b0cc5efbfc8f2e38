"""`kitgen calibrate`: the duplex calibration sheets and the saved back offset."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated, cast

import typer

from kitgen.cli.check import echo
from kitgen.cli.common import MarginOption, OutOption, PaperOption, friendly, not_empty, opt
from kitgen.errors import KitgenError

if TYPE_CHECKING:
    from kitgen.layout.geometry import Duplex

DEFAULT_PAPER = "a4"
DEFAULT_DUPLEX = "long"
DEFAULT_MARGIN = "5mm"

CalDuplexOption = Annotated[
    str | None,
    opt(
        "The flip edge you print with: long (default) or short. Saved settings in "
        "kitgen.toml come first.",
        "--duplex",
    ),
]
SaveOption = Annotated[
    str | None,
    opt(
        "Save the readings DX,DY (millimetres, like 0.5,-1) as back_offset in "
        "kitgen.toml instead of printing the sheet.",
        "--save",
    ),
]
UserOption = Annotated[
    bool,
    typer.Option(
        "--user",
        help="With --save: write your own kitgen.toml (for every project) instead of "
        "the project's.",
    ),
]


def _usage(message: str) -> KitgenError:
    from kitgen.errors import UsageError

    return UsageError(message)


def _save(value: str, user: bool) -> None:
    """Record a back offset in kitgen.toml and say where, and what might override it."""
    from kitgen.config import config_files, save_back_offset

    path, written = save_back_offset(value, user=user)
    echo(str(path))
    echo(
        f"kitgen: saved back_offset = {written} (mm); `kitgen build` now shifts back pages "
        "by it (--back-offset still wins)",
        err=True,
    )
    files = config_files()
    first = files[0] if files else None
    if first is not None and not first.path.samefile(path):
        from kitgen.config import read_settings

        if "back_offset" in read_settings(first):
            echo(
                f"kitgen: note: {first.shown} also sets back_offset, and it wins over this file",
                err=True,
            )


def _sheet(paper: str | None, duplex: str | None, margin: str | None, out: str) -> None:
    """Write the calibration PDF and tell the user how to read it."""
    from kitgen.config import print_settings
    from kitgen.layout.calibration import plan_calibration
    from kitgen.layout.geometry import LayoutError
    from kitgen.layout.paper import paper_size
    from kitgen.layout.units import parse_length

    saved = print_settings()
    paper_name = paper or saved.paper or DEFAULT_PAPER
    margin_text = margin or saved.margin or DEFAULT_MARGIN
    flip = duplex or saved.duplex or DEFAULT_DUPLEX
    if flip not in ("long", "short"):
        source = "--duplex" if duplex else "duplex in kitgen.toml"
        if flip in ("fold", "none"):
            raise _usage(
                f"{source} is {flip!r}: there are no printed backs to calibrate; "
                "use --duplex long or short"
            )
        raise _usage(f"{source} must be long or short (got {flip!r})")
    try:
        page = paper_size(paper_name)
    except LayoutError as err:
        raise _usage(f"--paper: {err}") from None
    try:
        margin_pt = parse_length(margin_text)
    except LayoutError as err:
        raise _usage(f"--margin: {err}") from None
    if margin_pt < 0:
        raise _usage(f"--margin cannot be negative (got {margin_text})")
    try:
        sheet = plan_calibration(page, cast("Duplex", flip), margin=margin_pt)
    except LayoutError as err:
        raise _usage(str(err)) from None

    from kitgen.render.calibration import calibration_pdf
    from kitgen.render.pdf import write_atomic

    name = paper_name.strip().lower()
    path = os.path.join(out, f"calibration-{_slug(name)}-{flip}.pdf")
    try:
        write_atomic(path, calibration_pdf(sheet, name))
    except OSError as err:
        raise KitgenError(f"cannot write {path}: {err.strerror or err}") from None
    echo(path)
    for line in (
        f"print it double-sided at 100 % (actual size), flipping on the {flip} edge",
        "hold the sheet up to a light; on the back, read the number where each line from "
        "the front crosses its scale (DX across, DY up and down)",
        "then save the centre readings: kitgen calibrate --save DX,DY",
    ):
        echo(f"kitgen: {line}", err=True)


def _slug(text: str) -> str:
    from kitgen.names import slug

    return slug(text) or "paper"


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""

    @app.command()
    @friendly
    def calibrate(
        paper: PaperOption = None,
        duplex: CalDuplexOption = None,
        margin: MarginOption = None,
        out: OutOption = "output",
        save: SaveOption = None,
        user: UserOption = False,
    ) -> None:
        """Print a duplex calibration sheet, or save the back offset read from it.

        Print the PDF double-sided at 100 %, hold it to a light and read, on the back,
        where each front line crosses its scale; then run `kitgen calibrate --save DX,DY`.
        Every later `kitgen build` shifts its back pages by the saved offset.
        """
        if save is None:
            if user:
                raise _usage("--user goes with --save DX,DY")
            _sheet(paper, duplex, margin, not_empty(out, "--out"))
            return
        given = [
            f
            for f, v in (("--paper", paper), ("--duplex", duplex), ("--margin", margin))
            if v is not None
        ]
        if given:
            raise _usage(
                f"--save records a reading and prints no sheet: leave out {', '.join(given)}"
            )
        _save(save, user)
