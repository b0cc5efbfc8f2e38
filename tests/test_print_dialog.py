"""Every PDF kitgen writes asks print dialogs for actual size, and card sheets say how
to turn the paper over (issue 24, print dialogs)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SharedBuild, kit_without_booklets, run_in_process
from pypdf import PdfReader

from kitgen.entry import main


def preferences(path: Path) -> dict[str, str]:
    root = PdfReader(str(path)).trailer["/Root"]
    prefs = root.get("/ViewerPreferences")
    return {} if prefs is None else {str(k): str(v) for k, v in prefs.get_object().items()}


def test_every_pdf_of_every_kit_prints_at_actual_size(built_all: SharedBuild) -> None:
    assert built_all.status == 0, built_all.stderr
    pdfs = sorted(built_all.out.rglob("*.pdf"))
    assert len(pdfs) >= 30
    for pdf in pdfs:
        prefs = preferences(pdf)
        assert prefs.get("/PrintScaling") == "/None", pdf.name
        if pdf.name.endswith("-cards.pdf"):  # card sheets, duplex by default
            assert prefs.get("/Duplex") == "/DuplexFlipLongEdge", pdf.name
        elif pdf.name.endswith("-rules-booklet.pdf"):  # landscape sheets, folded
            assert prefs.get("/Duplex") == "/DuplexFlipShortEdge", pdf.name
        else:
            assert "/Duplex" not in prefs, pdf.name


@pytest.mark.parametrize(
    ("duplex", "expected"),
    [("short", "/DuplexFlipShortEdge"), ("none", "/Simplex"), ("fold", "/Simplex")],
)
def test_card_sheets_say_the_duplex_mode_they_were_laid_out_for(
    tmp_path: Path, duplex: str, expected: str
) -> None:
    kit = kit_without_booklets(tmp_path, "shapeup")
    status, _out, err = run_in_process(main, "build", kit, "-o", str(tmp_path), "--duplex", duplex)
    assert status == 0, err
    assert preferences(tmp_path / "shapeup" / "shapeup-cards.pdf")["/Duplex"] == expected
