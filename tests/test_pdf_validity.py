"""Every PDF kitgen writes opens cleanly in the readers print shops and people use (issue
43): qpdf finds no structural error, poppler (`pdftoppm`) and MuPDF (`mutool draw`) draw
every page without an error or warning of theirs, pdfium and poppler draw each page
alike, and each file's document information is set, the same on every rebuild.

The files: `kitgen build all` on A4 and on Letter with `--ink low`, with each `--cut`
and with fold-and-glue sheets (the designed example among them; these three with
Galliard's booklets only, the others' being A4's), `kitgen export pdf all`, balance
reports of three games and the calibration sheet. The three readers are system
programs (Debian's qpdf, poppler-utils and mupdf-tools; `.ci/run` installs them):
without one, these tests say which is missing, and fail where KITGEN_PDF_TOOLS is
`required` (CI), skip elsewhere. Each run is a group of files built and checked by a
class of its own, so pytest-xdist's workers share the groups out; a worker reads a
file another group of its already made byte for byte the same only once.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import SHARED_BUILDS, SharedBuild, edit, shared_root
from PIL import Image, ImageChops
from pypdf import PdfReader
from typer.testing import CliRunner

from kitgen import __version__
from kitgen.cli import app
from kitgen.paths import data_dir

# The runs that are the run's shared builds (tests/conftest.py), by their fixture.
SHARED = {"a4": "built_all", "letter-low-ink": "built_all_letter"}
TOOLS = {"qpdf": "qpdf", "pdftoppm": "poppler-utils", "mutool": "mupdf-tools"}
# A build of one game or example, its kit's name (what its titles begin with).
RUNS = {
    "a4": ["build", "all"],  # (the run's shared build: tests/conftest.py's built_all)
    # (the run's shared build too: built_all_letter)
    "letter-low-ink": ["build", "all", "--paper", "letter", "--ink", "low"],
    "cut-lines": ["build", "all", "--cut", "lines"],
    "cut-silhouette": ["build", "all", "--cut", "silhouette"],
    "fold": ["build", "all", "--duplex", "fold"],
    "export-pdf": ["export", "pdf", "all"],
}
# The rule booklets are drawn from the paper and the ink alone (kitgen/build.py's
# booklets get nothing else of the print setup): with another --cut or --duplex they
# are A4's, byte for byte. So these runs print every kit as `build all` does but
# without its booklets (four fifths of the build's time), Galliard's kit whole, whose
# booklets must come out as A4's.
WITHOUT_BOOKLETS = ("cut-lines", "cut-silhouette", "fold")
WITH_BOOKLETS = "galliard"
BOOKLETS = ("-rules.pdf", "-rules-booklet.pdf", "-reference.pdf")
# MuPDF's note on how it was built, not about the file.
MUPDF_BUILD_NOTES = ("warning: ICC support is not available",)
DPI = 40  # the readers alike: pages drawn at this resolution,
BLOCK = 8  # compared by the mean of each 5 mm square (text's own antialiasing averages out),
LIMIT = 96  # no colour channel of any square more than this apart (0..255)


def _missing() -> list[str]:
    return [
        f"{tool} (Debian: {package})" for tool, package in TOOLS.items() if not shutil.which(tool)
    ]


@pytest.fixture(scope="module", autouse=True)
def _tools() -> None:
    missing = _missing()
    if missing:
        message = f"PDF readers not installed: {', '.join(missing)}"
        if os.environ.get("KITGEN_PDF_TOOLS") == "required":
            pytest.fail(message)
        pytest.skip(message)


def made(name: str, request: pytest.FixtureRequest) -> list[Path]:
    """One group of the PDFs kitgen writes: a run of RUNS (`build all` on A4 is the
    run's shared build), or the balance reports and the calibration sheet."""
    if name in SHARED:
        shared: SharedBuild = request.getfixturevalue(SHARED[name])
        assert shared.status == 0, shared.stderr
        assert ["build", *SHARED_BUILDS[SHARED[name]]] == RUNS[name]
        found = sorted(shared.out.rglob("*.pdf"))
        assert len(found) > 30, found
        return found
    root = request.getfixturevalue("tmp_path_factory").mktemp(f"pdfs-{name}")
    runner = CliRunner()
    if name in WITHOUT_BOOKLETS:
        return _without_booklets(name, root, request)
    if name in RUNS:
        result = runner.invoke(app, [*RUNS[name], "--out", str(root / name)])
        assert result.exit_code == 0, (name, result.output)
        found = sorted(root.rglob("*.pdf"))
        # (33 files a build of every kit, 6 exported)
        assert len(found) > (5 if name == "export-pdf" else 30), (name, found)
        return found
    decks = data_dir() / "scratch" / "decks"
    reports = {  # a balance report of three games (their charts differ)
        "scratch": [str(decks / "monster-rush.yaml"), str(decks / "royal-court.yaml")],
        "galliard": ["galliard"],
        "staircase": ["staircase", "--players", "greedy,random,random"],
    }
    (root / "reports").mkdir()
    for game, args in reports.items():
        report = root / "reports" / f"{game}-balance.pdf"
        result = runner.invoke(app, ["simulate", *args, "-n", "30", "--report", str(report)])
        assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["calibrate", "--out", str(root / "calibration")])
    assert result.exit_code == 0, result.output
    found = sorted(root.rglob("*.pdf"))
    assert len(found) == 4, found
    return found


def _without_booklets(name: str, root: Path, request: pytest.FixtureRequest) -> list[Path]:
    """`build all` with a run's options, but from copies of the kits (the games' and
    the examples') that leave out their booklets, but for WITH_BOOKLETS's: the files
    `build all` writes less those booklets, and WITH_BOOKLETS's as A4's."""
    shutil.copytree(data_dir(), root / "data")
    kits = sorted((root / "data").rglob("kit.yaml"))
    for kit in kits:
        if kit.parent.name != WITH_BOOKLETS and ", rules]" in kit.read_text(encoding="utf-8"):
            edit(kit, ", rules]", "]")
    options = RUNS[name][2:]
    result = CliRunner().invoke(
        app, ["build", *map(str, kits), *options, "--out", str(root / name)]
    )
    assert result.exit_code == 0, (name, result.output)
    found = sorted((root / name).rglob("*.pdf"))
    a4: SharedBuild = request.getfixturevalue("built_all")
    whole = {str(p.relative_to(a4.out)) for p in a4.out.rglob("*.pdf")}
    assert {str(p.relative_to(root / name)) for p in found} == {
        f for f in whole if not f.endswith(BOOKLETS) or f.startswith(f"{WITH_BOOKLETS}/")
    }
    for booklet in (p for p in found if p.name.endswith(BOOKLETS)):
        assert booklet.read_bytes() == (a4.out / WITH_BOOKLETS / booklet.name).read_bytes()
    return found


# Per check, the files (by their bytes) already seen in this run, by any worker: a
# build with another option leaves many files as they were (the same bytes read the
# same), so each check reads each distinct file once.
# A worker claims a file for a check by making a marker named by both in the run's
# shared folder (creating it fails when another worker has).


def _distinct(check: str, pdfs: list[Path], shared: Path) -> list[Path]:
    """The files of `pdfs` whose bytes no worker has claimed for `check` yet."""
    seen = shared / "pdf-checks"
    seen.mkdir(parents=True, exist_ok=True)
    out = []
    for path in pdfs:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        try:
            os.close(os.open(seen / f"{check}-{digest}", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            continue
        out.append(path)
    return out


def _name(path: Path) -> str:
    return "/".join(path.parts[-3:])


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=300, check=False)


def _pages_by_poppler(path: Path, folder: Path, dpi: int) -> tuple[list[Path], str]:
    prefix = folder / path.stem
    # (PPM, its plain pixels: writing PNG would take poppler four times as long)
    run = _run(["pdftoppm", "-r", str(dpi), str(path), str(prefix)])
    pages = sorted(folder.glob(f"{path.stem}-*.ppm"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return pages, (run.stderr if run.returncode == 0 else f"exit {run.returncode}: {run.stderr}")


def _squares(image: Image.Image) -> Image.Image:
    size = (max(1, image.width // BLOCK), max(1, image.height // BLOCK))
    return image.resize(size, Image.Resampling.BOX)


def _worst(path: Path, folder: Path) -> Iterator[tuple[int, int]]:
    """For each page, how far apart pdfium's and poppler's drawings of it are."""
    pages, _ = _pages_by_poppler(path, folder, DPI)
    document = pdfium.PdfDocument(str(path))
    try:
        assert len(pages) == len(document), path
        for number, (page, drawn) in enumerate(zip(document, pages, strict=True)):
            ours = page.render(scale=DPI / 72).to_pil().convert("RGB")
            theirs = Image.open(drawn).convert("RGB")
            if theirs.size != ours.size:  # (a pixel of rounding at the edge)
                theirs = theirs.resize(ours.size)
            diff = ImageChops.difference(_squares(ours), _squares(theirs))
            yield number + 1, max(high for _, high in diff.getextrema())
    finally:
        document.close()


@pytest.fixture(scope="session")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder every worker of this run sees."""
    return shared_root(tmp_path_factory)


@pytest.fixture(scope="class")
def pdfs(request: pytest.FixtureRequest) -> list[Path]:
    """The files of the test's class's group, made once for the class."""
    return made(request.cls.GROUP, request)


class PdfChecks:
    """The checks of one group of files. Each group is a class of its own below, which
    builds its files once: a plain `pytest` runs in worker processes (pytest-xdist,
    `--dist loadscope`), which share out the classes, each class on one worker."""

    GROUP = ""

    def test_qpdf_finds_no_structural_error(self, pdfs: list[Path], shared: Path) -> None:
        bad = []
        for path in _distinct("qpdf", pdfs, shared):
            run = _run(["qpdf", "--check", str(path)])
            if run.returncode != 0 or "No syntax or stream encoding errors found" not in run.stdout:
                bad.append(f"{_name(path)}: {(run.stdout + run.stderr).strip()[-300:]}")
        assert not bad, "\n".join(bad)

    def test_poppler_and_mupdf_draw_every_page_without_a_word(
        self, pdfs: list[Path], shared: Path, tmp_path: Path
    ) -> None:
        """Each reader says nothing while drawing every page (a missing resource, a broken
        stream or font would be an error or warning of theirs)."""
        bad = []
        for number, path in enumerate(_distinct("without-a-word", pdfs, shared)):
            folder = tmp_path / str(number)
            folder.mkdir()
            _, said = _pages_by_poppler(path, folder, 10)
            if said.strip():
                bad.append(f"{_name(path)}: poppler: {said.strip()[:300]}")
            run = _run(
                ["mutool", "draw", "-q", "-r", "10", "-o", str(folder / "m%d.png"), str(path)]
            )
            lines = [
                line
                for line in (run.stdout + run.stderr).splitlines()
                if line.strip() and not line.startswith(MUPDF_BUILD_NOTES)
            ]
            if run.returncode != 0 or lines:
                bad.append(f"{_name(path)}: mupdf: {' | '.join(lines)[:300]}")
        assert not bad, "\n".join(bad)

    def test_pdfium_and_poppler_draw_every_page_alike(
        self, pdfs: list[Path], shared: Path, tmp_path: Path
    ) -> None:
        """A state or resource one reader drops (transparency, a shading, a form) changes
        the colour of a whole area in its drawing: every 5 mm square of every page is the
        same colour in both, within what their antialiasing of text makes (at most 66 apart
        on kitgen's own files)."""
        bad = []
        for number, path in enumerate(_distinct("alike", pdfs, shared)):
            folder = tmp_path / str(number)
            folder.mkdir()
            for page, worst in _worst(path, folder):
                if worst > LIMIT:
                    bad.append(f"{_name(path)} page {page}: {worst} apart")
        assert not bad, "\n".join(bad)

    def test_every_pdf_says_what_it_is_and_no_date(self, pdfs: list[Path]) -> None:
        made = f"kitgen {__version__}"
        invariant = "D:20000101000000+00'00'"  # (reportlab's: rebuilds give the same bytes)
        bad = []
        for path in pdfs:
            info = PdfReader(path).metadata or {}
            got = {key.lstrip("/"): str(value) for key, value in info.items()}
            problems = [
                f"{key} is {got.get(key)!r}"
                for key, want in (("Creator", made), ("Producer", made), ("Author", "kitgen"))
                if got.get(key) != want
            ]
            problems += [
                f"no {key}" for key in ("Title", "Subject") if not got.get(key, "").strip()
            ]
            problems += [
                f"{key} is {got[key]!r}"
                for key in ("CreationDate", "ModDate")
                if got.get(key) not in (None, invariant)
            ]
            if "(unspecified)" in got.get("Subject", ""):
                problems.append("Subject is reportlab's '(unspecified)'")
            if problems:
                bad.append(f"{_name(path)}: {'; '.join(problems)}")
        assert not bad, "\n".join(bad)

    def test_a_games_pdfs_are_titled_with_its_name(self, pdfs: list[Path]) -> None:
        """A file of a game's kit is titled with the kit's name (the game's, for the kits
        kitgen ships), so a reader's window and a print queue say which game it is."""
        titles = {
            "scratch": "Scratch: Draw the Line",
            "shapeup": "Shape Up!",
            "scaffold": "Scaffold",
            "staircase": "The Staircase game",
            "galliard": "Galliard",
            "emberwake": "Emberwake",
        }
        bad = []
        for path in pdfs:
            game = next((part for part in path.parts if part in titles), None)
            if game is None:
                continue
            title = str((PdfReader(path).metadata or {}).get("/Title", ""))
            if not title.startswith(titles[game]):
                bad.append(f"{_name(path)}: {title!r}")
        assert not bad, "\n".join(bad)


# (Each class asks for the shared builds it reads by name, in made(): its mark says so.)
@pytest.mark.shared_builds("built_all")
class TestA4(PdfChecks):
    GROUP = "a4"


@pytest.mark.shared_builds("built_all_letter")
class TestLetterLowInk(PdfChecks):
    GROUP = "letter-low-ink"


@pytest.mark.shared_builds("built_all")  # (compared with A4's)
class TestCutLines(PdfChecks):
    GROUP = "cut-lines"


@pytest.mark.shared_builds("built_all")  # (compared with A4's)
class TestCutSilhouette(PdfChecks):
    GROUP = "cut-silhouette"


@pytest.mark.shared_builds("built_all")  # (compared with A4's)
class TestFold(PdfChecks):
    GROUP = "fold"


class TestExportPdf(PdfChecks):
    GROUP = "export-pdf"


class TestReportsAndCalibration(PdfChecks):
    GROUP = "reports-and-calibration"


def test_every_group_is_checked() -> None:
    groups = {c.GROUP for c in PdfChecks.__subclasses__()}
    assert groups == {*RUNS, "reports-and-calibration"}


def test_the_checks_see_a_form_that_lost_its_graphics_state(tmp_path: Path) -> None:
    """The imposition's old fault, made on purpose: a form drawn with transparency whose
    resources leave out the graphics state. poppler and MuPDF both say so."""
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "lost.pdf"
    canvas = Canvas(str(path), invariant=1)
    canvas.beginForm("half")
    canvas.setFillAlpha(0.5)
    canvas.rect(100, 100, 300, 300, stroke=0, fill=1)
    canvas.endForm()  # (reportlab's own canvas: a form's resources leave the state out)
    canvas.doForm("half")
    canvas.showPage()
    canvas.save()
    assert re.search(r"ExtGState", _pages_by_poppler(path, tmp_path, 10)[1])
    run = _run(["mutool", "draw", "-q", "-r", "10", "-o", str(tmp_path / "m%d.png"), str(path)])
    assert "cannot find ExtGState resource" in run.stdout + run.stderr


def test_a_kitgen_form_holds_its_graphics_states_shadings_and_colour_spaces(
    tmp_path: Path,
) -> None:
    """The fix, at its root: a form drawn on kitgen's canvas (every card sheet's repeated
    drawings, every booklet page) names in its own resources what it draws with."""
    from reportlab.lib.colors import CMYKColorSep, blue, red

    from kitgen.render.pdf import finish, new_canvas

    canvas, buffer = new_canvas("forms")
    canvas.beginForm("rich")
    canvas.setFillAlpha(0.5)
    canvas.rect(100, 100, 300, 300, stroke=0, fill=1)
    canvas.linearGradient(100, 450, 400, 600, (red, blue), extend=False)
    canvas.setFillColor(CMYKColorSep(0, 0.5, 1, 0, spotName="Gold"))
    canvas.rect(100, 650, 100, 100, stroke=0, fill=1)
    canvas.endForm()
    canvas.doForm("rich")
    canvas.showPage()
    path = tmp_path / "kit.pdf"
    path.write_bytes(finish(canvas, buffer))
    form = PdfReader(path).pages[0]["/Resources"]["/XObject"]["/FormXob.rich"]
    resources = form.get_object()["/Resources"]
    assert {"/ExtGState", "/Shading", "/ColorSpace"} <= set(resources)
    assert _pages_by_poppler(path, tmp_path, 10)[1].strip() == ""
    run = _run(["mutool", "draw", "-q", "-r", "10", "-o", str(tmp_path / "m%d.png"), str(path)])
    assert not [
        line
        for line in (run.stdout + run.stderr).splitlines()
        if line.strip() and not line.startswith(MUPDF_BUILD_NOTES)
    ]
    assert max(worst for _, worst in _worst(path, tmp_path)) <= LIMIT
