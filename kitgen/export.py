"""Exports: card images (PNG) for home use and print-on-demand services, single-card
PDFs for print shops, and Tabletop Simulator decks.

Every export starts from the decks a build would print (`collect_decks`), drawn by
the same painters as the PDF sheets, and rasterized with PDFium. Each export
folder is replaced whole, so cards dropped from a deck never linger.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from kitgen.atomic import folder_inside, staged_dir, write_atomic
from kitgen.build import BuildOptions, BuildResult, collect_decks
from kitgen.errors import KitgenError, UsageError
from kitgen.layout.export import (
    PROFILE_IDS,
    SERVICES,
    CardImage,
    home_image,
    plan_tts,
    service_image,
    tts_card_scale,
    tts_sideways,
)
from kitgen.layout.geometry import LayoutError, Size
from kitgen.layout.setup import PrintSetup
from kitgen.load.printable import forget_undrawn, undrawn_findings
from kitgen.model.findings import has_errors
from kitgen.names import file_name, name_slug

if TYPE_CHECKING:
    from kitgen.render.raster import Rasterizer
    from kitgen.render.sheets import Deck

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ExportOptions:
    """What to export, beyond the build's options."""

    build: BuildOptions = field(default_factory=BuildOptions)
    profile: str = "home"  # home (the kit's own size), tgc or mpc
    dpi: float = 300.0  # home profile only; services fix their own
    backs: bool = True
    processes: int | None = None  # rasterizing workers; None: one per core


@dataclass
class ExportResult(BuildResult):
    """Files written, findings, notes, and what to do next."""

    instructions: list[str] = field(default_factory=list)


def _profile(options: ExportOptions) -> str:
    if options.profile not in PROFILE_IDS:
        raise UsageError(
            f"--profile must be one of {', '.join(PROFILE_IDS)} (got {options.profile!r})"
        )
    return options.profile


def _decks(
    targets: list[str], options: ExportOptions, result: ExportResult, kind: str, ext: str = ""
) -> list[tuple[Deck, PrintSetup]]:
    """The decks to export into OUT/GAME/KIND/; two that would go to one folder (or, with
    `ext`, one file) are a UsageError."""

    def where(game: str, stem: str) -> str:
        name = file_name(stem, ext=ext) if ext else stem
        return os.path.join(options.build.out, game, kind, name)

    decks, found = collect_decks(targets, options.build, where)
    result.findings += found.findings
    result.notes += found.notes
    if not decks and found.ok:
        result.notes.append("nothing to export: the targets have no cards")
    return decks


def _checked(deck: Deck, card_name: str, trim: Size, result: ExportResult) -> bool:
    """Run the deck's text check at the size it will be drawn; False on errors. (Text
    drawn before is forgotten: `undrawn_findings` after the deck's drawing is its own.)"""
    forget_undrawn()
    found = deck.check(trim, card_name) if deck.check is not None else []
    result.findings += found
    return not has_errors(found)


def _image(setup: PrintSetup, options: ExportOptions) -> CardImage:
    try:
        if options.profile == "home":
            return home_image(setup.card, setup.bleed, options.dpi)
        return service_image(SERVICES[options.profile], setup.card_name, setup.card)
    except LayoutError as err:
        raise UsageError(str(err)) from None


def _folder(options: ExportOptions, deck: Deck, kind: str) -> str:
    return os.path.join(options.build.out, deck.game, kind, deck.stem)


def _numbered(deck: Deck) -> list[str]:
    """Each card's file stem: its place in the deck and its name (`007-cave-bat`)."""
    digits = max(3, len(str(deck.count)))
    return [f"{i + 1:0{digits}d}-{name_slug(name)}" for i, name in enumerate(deck.names)]


def _replace_folder(out: str, final: str, fill: Callable[[str], list[str]]) -> list[str]:
    """Fill a staged copy of `final` (fill returns the file names it wrote), then put it
    in place; the paths written, under `final`. A `final` that leads outside the output
    folder `out` is refused (`kitgen.atomic.folder_inside`), and nothing is replaced."""
    try:
        with staged_dir(folder_inside(out, final)) as stage:
            names = fill(stage)
    except OSError as err:
        raise KitgenError(f"cannot write {final}: {err.strerror or err}") from None
    return [os.path.join(final, name) for name in names]


def export_png(
    targets: list[str], options: ExportOptions, progress: Progress | None = None
) -> ExportResult:
    """One PNG per card face and per distinct back, at the profile's exact pixel size."""
    from kitgen.render.raster import Rasterizer

    result = ExportResult()
    profile = _profile(options)
    kind = "png" if profile == "home" else profile
    with Rasterizer(options.processes) as raster:
        for deck, setup in _decks(targets, options, result, kind):
            image = _image(setup, options)
            if not _checked(deck, setup.card_name, image.trim, result):
                continue
            final = _folder(options, deck, kind)
            result.written += _replace_folder(
                options.build.out,
                final,
                partial(_png_files, deck, setup, image, options, raster, progress),
            )
            result.findings += undrawn_findings(None, result.findings)
            if profile != "home":
                service = SERVICES[profile]
                result.notes.append(
                    f"{deck.stem}: {deck.count} cards as {service.name} images "
                    f"({image.width} x {image.height} px, RGB, {service.dpi} dpi with bleed)"
                )
    return result


def _png_files(
    deck: Deck,
    setup: PrintSetup,
    image: CardImage,
    options: ExportOptions,
    raster: Rasterizer,
    progress: Progress | None,
    stage: str,
) -> list[str]:
    """Draw and rasterize a deck's card images into `stage`; the file names."""
    from kitgen.render.export import card_images_pdf
    from kitgen.render.raster import PageJob

    pdf, pages = card_images_pdf(deck, image, setup.ink, backs=options.backs)
    stems = _numbered(deck)
    one_back = sum(1 for p in pages if p.side == "back") == 1
    jobs, names = [], []
    for number, page in enumerate(pages):
        if page.side == "face":
            files = [f"{stems[i]}.png" for i in page.cards]
        elif one_back:
            files = ["back.png"]
        else:
            files = [f"{stems[i]}-back.png" for i in page.cards]
        names += files
        paths = tuple(os.path.join(stage, f) for f in files)
        jobs.append(PageJob(number, paths, page.size, image.dpi))
    raster.run(pdf, jobs, progress)
    return sorted(names)


def export_pdf(targets: list[str], options: ExportOptions) -> ExportResult:
    """Single-card PDFs for print shops: face then back, a card a page, TrimBox and
    BleedBox set, no marks; at the kit's size and bleed, or a service's."""
    from kitgen.render.export import single_cards_pdf

    result = ExportResult()
    profile = _profile(options)
    kind = "single-cards" if profile == "home" else profile
    for deck, setup in _decks(targets, options, result, kind, ".pdf"):
        image = _image(setup, options)
        if not _checked(deck, setup.card_name, image.trim, result):
            continue
        bleed = setup.bleed if profile == "home" else image.bleed
        data = single_cards_pdf(deck, image.trim, bleed, setup.ink)
        path = os.path.join(options.build.out, deck.game, kind, file_name(deck.stem))
        try:
            write_atomic(path, data, within=options.build.out)
        except OSError as err:
            raise KitgenError(f"cannot write {path}: {err.strerror or err}") from None
        result.written.append(path)
        result.findings += undrawn_findings(None, result.findings)
    return result


# --- Tabletop Simulator ------------------------------------------------------------------------

SAVED_OBJECTS = (
    "Windows: Documents\\My Games\\Tabletop Simulator\\Saves\\Saved Objects",
    "macOS: ~/Library/Tabletop Simulator/Saves/Saved Objects",
    "Linux: ~/.local/share/Tabletop Simulator/Saves/Saved Objects",
)


def _guid(*parts: object) -> str:
    """A six-hex-digit object id, the same for the same deck and card."""
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def _transform(scale_z: float) -> dict[str, float]:
    return {
        "posX": 0.0,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,  # face down, as a deck is dealt from
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": scale_z,
    }


def _object(
    name: str, guid: str, nickname: str, scale_z: float, sideways: bool = False
) -> dict[str, Any]:
    return {
        "GUID": guid,
        "Name": name,
        "Transform": _transform(scale_z),
        "Nickname": nickname,
        "Description": "",
        "GMNotes": "",
        "ColorDiffuse": {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259},
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "HideWhenFaceDown": True,
        "Hands": name == "Card",
        "SidewaysCard": sideways,
    }


def tts_saved_object(
    deck: Deck,
    sheets: list[dict[str, Any]],
    card_ids: list[int],
    scale_z: float,
    sideways: bool = False,
) -> dict[str, Any]:
    """The saved-object JSON for a deck: `sheets` are the CustomDeck entries (numbered
    from 1), `card_ids` each card's id (sheet * 100 + slot); `sideways` for landscape
    cards (TTS shows them on their side)."""
    custom = {str(n + 1): sheet for n, sheet in enumerate(sheets)}
    cards = []
    for index, card_id in enumerate(card_ids):
        card = _object("Card", _guid(deck.stem, index), deck.names[index], scale_z, sideways)
        card["CardID"] = card_id
        card["CustomDeck"] = {str(card_id // 100): custom[str(card_id // 100)]}
        cards.append(card)
    if len(cards) == 1:
        state = cards[0]
    else:
        state = _object("Deck", _guid(deck.stem), deck.title, scale_z, sideways)
        state["DeckIDs"] = card_ids
        state["CustomDeck"] = custom
        state["ContainedObjects"] = cards
    return {
        "SaveName": deck.title,
        "GameMode": "",
        "Date": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": [state],
        "TabStates": {},
        "VersionNumber": "",
    }


def export_tts(
    targets: list[str], options: ExportOptions, progress: Progress | None = None
) -> ExportResult:
    """Tabletop Simulator deck sheets (trim size, at most 10 x 7, at most 4096 px a side,
    the back in each sheet's hidden slot) and a saved object that loads them."""
    from kitgen.render.raster import Rasterizer

    result = ExportResult()
    with Rasterizer(options.processes) as raster:
        for deck, setup in _decks(targets, options, result, "tts"):
            if not _checked(deck, setup.card_name, setup.card, result):
                continue
            final = _folder(options, deck, "tts")
            result.written += _replace_folder(
                options.build.out, final, partial(_tts_files, deck, setup, final, raster, progress)
            )
            result.findings += undrawn_findings(None, result.findings)
            saved_json = os.path.join(final, f"{deck.stem}.json")
            result.instructions.append(
                f"{deck.title}: copy {saved_json} into Tabletop Simulator's Saved Objects "
                f"folder, then in a game choose Objects > Saved Objects > {deck.stem}."
            )
    if result.instructions:
        result.instructions += [
            "Saved Objects folders: " + "; ".join(SAVED_OBJECTS) + ".",
            "The decks load their images from this computer (file:// addresses). To play "
            "online with others, upload the sheet images (Modding > Cloud Manager, or any "
            "image host) and put their addresses in the JSON's FaceURL and BackURL.",
        ]
    return result


def _tts_files(
    deck: Deck,
    setup: PrintSetup,
    final: str,
    raster: Rasterizer,
    progress: Progress | None,
    stage: str,
) -> list[str]:
    """Draw and rasterize a deck's TTS sheets into `stage`, and write its saved object
    (its addresses point into `final`, where the folder will be); the file names."""
    from kitgen.render.export import tts_sheets_pdf
    from kitgen.render.raster import PageJob

    try:
        plan = plan_tts(deck.count, setup.card)
    except LayoutError as err:
        raise UsageError(str(err)) from None
    pdf, pages, shared = tts_sheets_pdf(deck, plan, setup.card, setup.ink)
    faces = [f"{deck.stem}-{n + 1}.png" for n in range(len(plan.sheets))]
    if shared:
        backs = [f"{deck.stem}-back.png"] * len(plan.sheets)
    else:
        backs = [f"{deck.stem}-back-{n + 1}.png" for n in range(len(plan.sheets))]
    # The pages: each sheet's faces (then its backs when they differ), then one back.
    if shared:
        order = [*faces, backs[0]]
    else:
        order = [name for pair in zip(faces, backs, strict=True) for name in pair]
    jobs = [
        PageJob(number, (os.path.join(stage, name),), page.size, 72)
        for number, (name, page) in enumerate(zip(order, pages, strict=True))
    ]
    raster.run(pdf, jobs, progress)
    uri = Path(os.path.abspath(final)).as_uri()
    # An address is ASCII: a name's letters beyond it percent-encoded, as the folder's
    # are (`as_uri`); an ASCII name (letters, digits, dashes) is written as it is.
    sheets = [
        {
            "FaceURL": f"{uri}/{quote(faces[n])}",
            "BackURL": f"{uri}/{quote(backs[n])}",
            "NumWidth": sheet.cols,
            "NumHeight": sheet.rows,
            "BackIsHidden": True,
            "UniqueBack": not shared,
            "Type": 0,
        }
        for n, sheet in enumerate(plan.sheets)
    ]
    ids = [(n + 1) * 100 + slot for n, s in enumerate(plan.sheets) for slot in range(len(s.cards))]
    scale = round(tts_card_scale(setup.card), 4)
    saved = tts_saved_object(deck, sheets, ids, scale, tts_sideways(setup.card))
    text = json.dumps(saved, indent=2, ensure_ascii=False) + "\n"
    write_atomic(os.path.join(stage, f"{deck.stem}.json"), text.encode())
    return sorted({*order, f"{deck.stem}.json"})
