"""Missing art while designing (issue 37, item 6): `kitgen build --draft` and `kitgen
watch` draw a labelled placeholder, with a warning, where an image's file is missing;
a real build stops on it, at the layout's line, as before."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import edit, leftovers, run_in_process

from kitgen.entry import main

# The face layout's image element, on its own (no icon over it).
IMAGE = (
    '  - type: image\n    src: "{{ art }}"\n    anchor: centre\n    y: -8mm\n'
    "    width: 80%\n    height: 30%\n    fit: crop\n"
)


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """The starter game with an `art` image field: a PNG for the sun cards, none yet
    for the moon cards (`art/moon.png` is missing)."""
    from PIL import Image

    status, _out, err = run_in_process(
        main, "new", "game", "Star Lanterns", "--game", "custom", "--dir", str(tmp_path)
    )
    assert status == 0, err
    folder = tmp_path / "star-lanterns"
    (folder / "art").mkdir()
    Image.new("RGB", (900, 600), (200, 60, 40)).save(folder / "art" / "sun.png")
    edit(folder / "game.yaml", "  rules: {type: text", "  art: {type: image}\n  rules: {type: text")
    rows = (folder / "cards.csv").read_text(encoding="utf-8").splitlines()
    text = [rows[0] + ",art"] + [f"{row},art/{row.split(',')[1]}.png" for row in rows[1:]]
    (folder / "cards.csv").write_text("\n".join(text) + "\n", encoding="utf-8")
    face = (folder / "face.yaml").read_text(encoding="utf-8")
    start = face.index("  - type: icon\n")
    end = face.index("  - type: text\n    name: rules")
    (folder / "face.yaml").write_text(face[:start] + IMAGE + face[end:], encoding="utf-8")
    return folder


def src_line(game: Path) -> int:
    lines = (game / "face.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.startswith('    src: "{{ art }}"'))


def pages(path: Path) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]


def test_a_real_build_stops_at_a_missing_image_with_its_line(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, stdout, err = run_in_process(main, "build", str(game), "-o", str(out))
    assert status == 1 and stdout == ""
    assert f"face.yaml:{src_line(game)}:10: error uses-not-found card 'Night Owl'" in err
    assert "image 'art/moon.png' does not exist" in err
    assert "placeholder" not in err
    assert not (out / "star-lanterns").exists() or not any((out / "star-lanterns").iterdir())


def test_a_draft_draws_a_labelled_placeholder_with_a_warning(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, stdout, err = run_in_process(main, "build", str(game), "-o", str(out), "--draft")
    assert status == 0, err
    pdf = out / "star-lanterns" / "star-lanterns-cards.pdf"
    assert stdout.splitlines() == [str(pdf)]
    assert err.count("image-placeholder") == 1  # said once, for the card and the 2 more
    assert (
        f"face.yaml:{src_line(game)}:10: warning image-placeholder card 'Night Owl' (and 2 more):"
        " image 'art/moon.png' does not exist (looked for "
    ) in err
    assert err.rstrip().endswith("moon.png); drawn as a placeholder")
    text = pages(pdf)
    fronts = "".join(text[0::2])
    # Three moon cards (6 copies) draw it; the sun cards draw their art.
    assert fronts.count("MISSING ART") == 6
    assert fronts.count("MISSING ART\r\nfield: art\r\nart/moon.png") == 6
    assert "art/sun.png" not in fronts
    # Every sheet says it is a draft, in its label and its title.
    assert all("DRAFT \u00b7 Star Lanterns \u00b7 sheet" in page for page in text)
    import pypdfium2 as pdfium

    assert pdfium.PdfDocument(str(pdf)).get_metadata_dict()["Title"].startswith("DRAFT")
    assert leftovers(out) == []


def test_the_placeholder_reads_in_colour_and_in_grey(game: Path, tmp_path: Path) -> None:
    """Rasterized: the hatched light-grey box with its dashed frame, and dark text on a
    white panel, in colour and in greyscale alike (greys only)."""
    import pypdfium2 as pdfium

    from kitgen.render import placeholder

    out = tmp_path / "out"
    status, _stdout, err = run_in_process(main, "build", str(game), "-o", str(out), "--draft")
    assert status == 0, err
    page = pdfium.PdfDocument(str(out / "star-lanterns" / "star-lanterns-cards.pdf"))[2]
    image = page.render(scale=3).to_pil().convert("RGB")
    colours = {colour for _, colour in image.getcolors(image.width * image.height)}

    def grey(hex_colour: str) -> tuple[int, int, int]:
        value = int(hex_colour[1:3], 16)
        return value, value, value

    for colour in (placeholder.FILL, placeholder.HATCH, placeholder.EDGE, placeholder.INK):
        assert grey(colour) in colours, colour
    assert (200, 60, 40) not in colours  # the second sheet's fronts: moon cards only
    grey_image = image.convert("L")
    lightness = {grey_image.getpixel((x, 200)) for x in range(image.width)}
    assert min(lightness) < 60 and max(lightness) == 255


def test_a_draft_with_all_its_art_is_the_real_build(game: Path, tmp_path: Path) -> None:
    from PIL import Image

    Image.new("RGB", (900, 600), (40, 60, 160)).save(game / "art" / "moon.png")
    real, draft = tmp_path / "real", tmp_path / "draft"
    status, _out, err = run_in_process(main, "build", str(game), "-o", str(real))
    assert status == 0, err
    status, _out, err = run_in_process(main, "build", str(game), "-o", str(draft), "--draft")
    assert status == 0 and "placeholder" not in err, err
    name = Path("star-lanterns") / "star-lanterns-cards.pdf"
    assert (draft / name).read_bytes() == (real / name).read_bytes()


def test_a_draft_still_stops_on_a_broken_image_or_one_outside_the_project(
    game: Path, tmp_path: Path
) -> None:
    (game / "art" / "moon.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    status, _out, err = run_in_process(
        main, "build", str(game), "-o", str(tmp_path / "a"), "--draft"
    )
    assert status == 1 and "error image-unreadable" in err and "placeholder" not in err
    (game / "art" / "moon.png").unlink()
    cards = (game / "cards.csv").read_text(encoding="utf-8")
    (game / "cards.csv").write_text(cards.replace("art/moon.png", "../../elsewhere/moon.png"))
    status, _out, err = run_in_process(
        main, "build", str(game), "-o", str(tmp_path / "b"), "--draft"
    )
    assert status == 1 and "path-outside-project" in err and "placeholder" not in err


def test_check_says_a_missing_image_is_an_error(game: Path) -> None:
    status, _out, err = run_in_process(main, "check", str(game / "game.yaml"))
    assert status == 1 and "error uses-not-found" in err + _out


def test_watch_draws_the_placeholder(game: Path, tmp_path: Path) -> None:
    """`kitgen watch` builds as `--draft` does (its options say `draft`)."""
    from kitgen.cli.results import build_options
    from kitgen.watch import build_once

    out = tmp_path / "out"
    result, errors = build_once([str(game)], build_options(out=str(out), draft=True))
    assert errors == [] and result.ok
    assert [f.code for f in result.findings] == ["image-placeholder"]
    assert result.written == [str(out / "star-lanterns" / "star-lanterns-cards.pdf")]
    result, errors = build_once([str(game)], build_options(out=str(tmp_path / "real")))
    assert not result.ok and [f.code for f in result.findings] == ["uses-not-found"]


def test_the_watch_command_builds_drafts(
    game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kitgen watch` hands its loop options that say `draft` (the loop is stood in for)."""
    from typer.testing import CliRunner

    import kitgen.watch
    from kitgen.build import BuildOptions
    from kitgen.cli.root import app

    seen: list[BuildOptions] = []

    def loop(targets: list[str], options: BuildOptions, **_: object) -> None:
        seen.append(options)

    monkeypatch.setattr(kitgen.watch, "watch", loop)
    result = CliRunner().invoke(app, ["watch", str(game), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert [options.draft for options in seen] == [True]


def test_the_placeholder_fits_its_box_and_prints_what_its_font_can(tmp_path: Path) -> None:
    """A file name in a script DejaVu lacks prints its letters as "?", as kitgen prints
    any text; a name too long for the box keeps its start and end around an ellipsis."""
    import io

    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.render.placeholder import draw_placeholder, placeholder_lines

    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(200, 200))
    draw_placeholder(c, 10, 150, 180, 40, placeholder_lines("field: art", "art/龙\u202e.png"))
    long_name = "art/" + "very-long-name-" * 10 + "end.png"
    draw_placeholder(c, 10, 10, 60, 60, placeholder_lines("field: art", long_name))
    c.save()
    text = pdfium.PdfDocument(buffer.getvalue())[0].get_textpage().get_text_range()
    assert "art/??.png" in text
    cut = next(line for line in text.splitlines() if "\u2026" in line)
    assert cut.startswith("art/very") and cut.endswith("end.png")


@pytest.mark.skipif(
    not (shutil.which("qpdf") and shutil.which("mutool")), reason="qpdf and mutool not installed"
)
def test_a_drafts_pdf_opens_cleanly(game: Path, tmp_path: Path) -> None:
    """qpdf finds no structural error in a draft's sheets, and MuPDF draws every page
    without a word (tests/test_pdf_validity.py's checks, on the placeholder)."""
    out = tmp_path / "out"
    status, _stdout, err = run_in_process(main, "build", str(game), "-o", str(out), "--draft")
    assert status == 0, err
    pdf = out / "star-lanterns" / "star-lanterns-cards.pdf"
    run = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
    assert run.returncode == 0 and "No syntax or stream encoding errors found" in run.stdout
    drawn = tmp_path / "m%d.png"
    run = subprocess.run(
        ["mutool", "draw", "-q", "-r", "10", "-o", str(drawn), str(pdf)],
        capture_output=True,
        text=True,
    )
    said = [
        line
        for line in (run.stdout + run.stderr).splitlines()
        if line.strip() and not line.startswith("warning: ICC support is not available")
    ]
    assert run.returncode == 0 and said == []


def test_art_that_arrives_while_watching_replaces_its_placeholder(
    game: Path, tmp_path: Path
) -> None:
    """The next build (in one process: the game as read is kept while none of its files
    changes) draws the art that arrived, with no warning and no DRAFT."""
    from PIL import Image

    from kitgen.cli.results import build_options
    from kitgen.watch import build_once

    options = build_options(out=str(tmp_path / "out"), draft=True)
    result, _errors = build_once([str(game)], options)
    assert [f.code for f in result.findings] == ["image-placeholder"]
    Image.new("RGB", (900, 600), (40, 60, 160)).save(game / "art" / "moon.png")
    result, errors = build_once([str(game)], options)
    assert errors == [] and result.findings == []
    [pdf] = result.written
    assert not any("DRAFT" in page or "MISSING ART" in page for page in pages(Path(pdf)))
