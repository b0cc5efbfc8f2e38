"""The Scratch kit's PDFs: card sheets (faces, backs, reference cards) and the play mat.

Card art is checked here before anything is drawn: each file is read whole (within
ImageLimits), decoded by Pillow with its decompression-bomb guard set to the same
limits, and any problem becomes a finding at the card's `art:`. Drawing reads the
file again and draws it only if its bytes are the ones checked.
"""

from __future__ import annotations

import hashlib
import io
import math
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

from kitgen.api import (
    DEFAULT_LIMITS,
    LOW_DPI,
    MM,
    Box,
    CardSource,
    Deck,
    Decoded,
    Finding,
    ImageLimits,
    ImageProblem,
    Ink,
    KitgenError,
    Location,
    MatPlan,
    Painter,
    Reference,
    Size,
    Tile,
    deck_sheets_pdf,
    decode,
    finding,
    finish,
    new_canvas,
    pixel_limit,
    plan_mat,
    print_dpi,
    read_image,
    render_tiles,
    tile,
)
from kitgen.games.scratch.cards import (
    Art,
    FaceItem,
    Geometry,
    draw_back,
    draw_face,
    draw_reference,
    draw_reference_back,
    fit_face,
)
from kitgen.games.scratch.mat import draw_scratch_mat, header_height, mat_content

if TYPE_CHECKING:
    from PIL.Image import Image as Picture

    from kitgen.api import PrintSetup

Item = FaceItem | Reference

# The low-ink edition draws art in grey at this share of its darkness: recognisable
# at a glance for well under half the toner (like the faint faction emblem).
LOW_INK_STRENGTH = 0.4


def _for_print(image: Picture, ink: Ink) -> Picture:
    """The decoded art in a mode reportlab embeds: RGB or grey, with alpha if it has
    any; for low ink, a light grey wash."""
    from PIL import Image as PILImage

    if image.mode in ("I", "I;16", "I;16B", "I;16L", "F"):  # 16-bit grey: scale, not clip
        image = image.convert("F").point(lambda v: v / 257).convert("L")
    alpha = image.has_transparency_data
    grey = ink == "low" or image.mode in ("1", "L", "LA", "La")
    image = image.convert(("LA" if alpha else "L") if grey else ("RGBA" if alpha else "RGB"))
    if ink == "low":
        bands = image.split()
        wash = bands[0].point(lambda v: round(255 - (255 - v) * LOW_INK_STRENGTH))
        image = PILImage.merge(image.mode, (wash, *bands[1:]))
    return image


def _jpeg_as_is(data: bytes, size: tuple[int, int]) -> bool:
    """True when reportlab can embed these JPEG bytes unchanged: 8-bit grey or RGB, and
    the frame it reads is the one Pillow decoded."""
    from reportlab.pdfbase.pdfutils import readJPEGInfo

    try:
        width, height, components, _ = readJPEGInfo(io.BytesIO(data))
    except Exception:  # reportlab's own parser refuses it: decode and embed pixels instead
        return False
    return components in (1, 3) and (width, height) == size


class ArtStore:
    """The art one deck draws. `check` reads and decodes each file once and remembers
    its bytes' digest; `art` makes it ready to draw, refusing bytes that changed since."""

    def __init__(self, limits: ImageLimits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        self.checked: dict[str, tuple[str, int, int] | ImageProblem] = {}
        self._ready: OrderedDict[tuple[str, Ink], Art] = OrderedDict()

    def check(self, path: str) -> tuple[int, int] | ImageProblem:
        """The art's upright size in pixels, or why it cannot be drawn."""
        if path not in self.checked:
            got = self._load(path)
            if isinstance(got, ImageProblem):
                self.checked[path] = got
            else:
                data, decoded = got
                digest = hashlib.sha256(data).hexdigest()
                self.checked[path] = (digest, *decoded.image.size)
        checked = self.checked[path]
        return checked if isinstance(checked, ImageProblem) else checked[1:]

    def _load(self, path: str) -> tuple[bytes, Decoded] | ImageProblem:
        read = read_image(path, path, self.limits)
        if isinstance(read, ImageProblem):
            return read
        data, _ = read
        image = decode(data, path, self.limits)
        return image if isinstance(image, ImageProblem) else (data, image)

    def art(self, path: str, ink: Ink) -> Art:
        """The art ready to draw; a KitgenError when it cannot be drawn or has changed."""
        key = (path, ink)
        if key in self._ready:
            self._ready.move_to_end(key)
            return self._ready[key]
        checked = self.check(path)
        if isinstance(checked, ImageProblem):
            raise KitgenError(f"cannot draw card art: {checked.message}")
        got = self._load(path)
        digest = self.checked[path]
        if isinstance(got, ImageProblem) or (
            isinstance(digest, tuple) and hashlib.sha256(got[0]).hexdigest() != digest[0]
        ):
            raise KitgenError(f"{path} changed while kitgen was drawing it; build again")
        data, decoded = got
        framed = not decoded.image.has_transparency_data
        art = Art(self._reader(data, decoded, ink), *decoded.image.size, framed)
        self._ready[key] = art
        if len(self._ready) > 4:  # decoded art is large: keep only the latest few
            self._ready.popitem(last=False)
        return art

    def _reader(self, data: bytes, decoded: Decoded, ink: Ink) -> Any:
        from reportlab.lib.utils import ImageReader

        with pixel_limit(self.limits.max_pixels):
            if (
                ink == "normal"
                and decoded.format == "JPEG"
                and not decoded.turned
                and decoded.image.mode in ("L", "RGB")
                and _jpeg_as_is(data, decoded.image.size)
            ):
                return ImageReader(io.BytesIO(data))  # embedded as it is: no re-encoding
            return ImageReader(_for_print(decoded.image, ink))


def art_findings(
    items: Sequence[Item], card: Size, card_name: str, store: ArtStore
) -> list[Finding]:
    """Art that cannot be drawn (errors) or that prints below LOW_DPI (warnings), each
    at the card's `art:`."""
    found: list[Finding] = []
    geo = Geometry(card.width, card.height)
    _, _, window_w, window_h = geo.art_box
    seen: set[tuple[str, Location | None]] = set()
    for item in items:
        if isinstance(item, Reference) or item.face.art is None:
            continue
        path = item.face.art
        if (path, item.art_at) in seen:
            continue
        seen.add((path, item.art_at))
        checked = store.check(path)
        if isinstance(checked, ImageProblem):
            found.append(finding(checked.code, checked.message, item.art_at))
            continue
        width, height = checked
        dpi = print_dpi(width, height, window_w, window_h)
        if dpi < LOW_DPI:
            need = LOW_DPI / dpi
            found.append(
                finding(
                    "image-low-resolution",
                    f"{path} ({width} x {height} px) prints at {dpi:.0f} dpi in the "
                    f"{round(window_w / MM, 1):g} x {round(window_h / MM, 1):g} mm art window "
                    f"of a {card_name} card; give it at least {LOW_DPI:.0f} dpi: "
                    f"{math.ceil(width * need)} x {math.ceil(height * need)} px or more",
                    item.art_at,
                )
            )
    return found


def text_findings(items: Sequence[Item], card: Size, card_name: str) -> list[Finding]:
    """Text that cannot fit its box at the smallest size of a `card_name` card of size
    `card`. (Text kitgen's fonts cannot print is found by the check of the file that
    holds it: kitgen.games.scratch.load.printed_names, and the kit's reference cards.)"""
    found: list[Finding] = []
    geo = Geometry(card.width, card.height)
    seen: set[Item] = set()
    for item in items:
        if item in seen or isinstance(item, Reference):
            continue
        seen.add(item)
        f = item.face
        for part in fit_face(f, geo).overflow:
            found.append(
                finding(
                    "text-overflow",
                    f"the {part} of {f.name!r} does not fit on a {card_name} card even "
                    "at the smallest type size; shorten it or print on a larger card",
                    item.power_at if part == "power text" else item.name_at,
                )
            )
    return found


def cards_pdf(
    title: str,
    items: list[Item],
    setup: PrintSetup,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[bytes, list[Finding]]:
    """The card sheets PDF, and the findings about its text (nothing is drawn on errors)."""
    deck = scratch_deck(title, "scratch-cards", items)
    assert deck.check is not None
    found = deck.check(setup.card, setup.card_name)
    if any(f.is_error for f in found):
        return b"", found
    return deck_sheets_pdf(deck, setup, progress), found


def scratch_deck(title: str, stem: str, items: Sequence[Item]) -> Deck:
    """Scratch cards with the Scratch back and reference cards with theirs (told apart
    face down: kitgen.games.scratch.cards.draw_reference_back) as a deck; its check
    reports text that cannot be drawn or cannot fit, and art that cannot be drawn or
    prints blocky."""
    references = [i for i in items if isinstance(i, Reference)]
    store = ArtStore()

    def source(card: Size, bleed: float, ink: Ink) -> CardSource:
        keys: dict[Item, str] = {}

        def front_key(index: int) -> str:
            return keys.setdefault(items[index], f"card{len(keys)}-{ink}")

        def front(index: int) -> Painter:
            item = items[index]
            if isinstance(item, Reference):
                ref = item
                footer = f"Scratch reference {references.index(item) + 1} of {len(references)}"

                def paint_reference(c: Canvas) -> None:
                    draw_reference(c, ref, footer, card.width, card.height, bleed, ink)

                return paint_reference
            face = item.face

            def paint_face(c: Canvas) -> None:
                art = None if face.art is None else store.art(face.art, ink)
                draw_face(c, face, card.width, card.height, bleed, ink, art)

            return paint_face

        def back(index: int) -> Painter:
            if isinstance(items[index], Reference):  # its own back: not a game card's
                return lambda c: draw_reference_back(c, card.width, card.height, bleed, ink)
            return lambda c: draw_back(c, card.width, card.height, bleed, ink)

        def back_key(index: int) -> str:
            reference = isinstance(items[index], Reference)
            return f"scratch-reference-{ink}" if reference else f"scratch-{ink}"

        return CardSource(card, bleed, front_key, front, back_key, back)

    names = tuple(i.title if isinstance(i, Reference) else i.face.name for i in items)

    def check(card: Size, card_name: str) -> list[Finding]:
        return text_findings(items, card, card_name) + art_findings(items, card, card_name, store)

    return Deck("scratch", stem, title, names, source, check)


MAT_HINT = (
    "Play cards on the spaces. Mark the cards you hold with a coin: heads for one "
    "player, tails for the other."
)


def mat_tiles(title: str, setup: PrintSetup) -> tuple[MatPlan, tuple[Box, ...], list[Tile]]:
    """The play mat's plan, its content (`mat_content`: what no seam may cut) and the
    sheets it prints on."""
    plan = plan_mat(setup.card, title_height=header_height())
    content = mat_content(plan, f"{title}: play mat", MAT_HINT)
    return plan, content, tile(plan.size, setup.paper, margin=setup.margin, content=content)


def mat_pdf(title: str, setup: PrintSetup) -> bytes:
    """The 3x3 play mat, sized for the card size, tiled over sheets when needed (cut
    between its spaces and words)."""
    plan, content, tiles = mat_tiles(title, setup)
    canvas, buffer = new_canvas(f"{title}: play mat", f"kitgen play mat: {setup.describe()}")
    render_tiles(
        canvas,
        tiles,
        lambda c: draw_scratch_mat(c, plan, setup.ink, f"{title}: play mat", MAT_HINT),
        busy=content,
    )
    return finish(canvas, buffer)
