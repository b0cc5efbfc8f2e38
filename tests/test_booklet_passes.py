"""A booklet's layout does not depend on how many times it was laid out.

reportlab lays a booklet out until its contents list's page numbers settle (twice at
least), with the same flowables each pass; the saddle-stitched edition starts from the
reading edition's settled contents and is laid out once. So nothing may change a
flowable of the story on one pass (a floated figure once took the closing edge off
the box it stood in, for every later pass: Scaffold's box of an example came out
open in both editions)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from reportlab.platypus.doctemplate import BaseDocTemplate

from kitgen.build import BuildOptions, build
from kitgen.paths import data_dir
from kitgen.render import booklet


def test_a_booklet_laid_out_from_its_settled_contents_is_the_same(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = booklet._build
    compared: list[tuple[str, bool, bool]] = []

    def twice(*args: Any, **kwargs: Any) -> tuple[bytes, int, list[Any] | None]:
        kwargs.pop("contents", None)
        made, pages, contents = real(*args, **kwargs)  # from nothing: two passes or more
        again, _, _ = real(*args, **kwargs, contents=contents)  # from the settled list
        compared.append((str(args[2]), bool(kwargs.get("outline")), again == made))
        return made, pages, contents

    monkeypatch.setattr(booklet, "_build", twice)
    # Scaffold's rules alone (its boxed examples' figures float)
    result = build([str(data_dir() / "scaffold" / "rules.yaml")], BuildOptions(out=str(tmp_path)))
    assert result.ok, result.findings
    assert compared == [("Scaffold", True, True), ("Scaffold", False, True)]


def test_the_stitched_edition_is_laid_out_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    passes: list[str] = []
    real = BaseDocTemplate.build

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        passes.append(str(self.subject))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(BaseDocTemplate, "build", counted)
    result = build([str(data_dir() / "galliard" / "rules.yaml")], BuildOptions(out=str(tmp_path)))
    assert result.ok, result.findings
    assert passes.count(booklet.READING_SUBJECT) == 2
    assert passes.count(booklet.BOOKLET_SUBJECT) == 1


def test_a_trial_layout_stops_at_its_second_page() -> None:
    """Fitting type tries many settings: each trial says whether the text fits one page,
    and one that does not stops where its second page would begin (nothing after it
    is laid out, and no PDF is written)."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    drawn: list[int] = []

    class Counted(Paragraph):  # type: ignore[misc]
        def drawOn(self, *args: Any, **kwargs: Any) -> None:
            drawn.append(1)
            super().drawOn(*args, **kwargs)

    style = ParagraphStyle("t", fontName="Helvetica", fontSize=10, leading=12)

    def flow(lines: int) -> list[Any]:
        return [Counted(f"line {n}", style) for n in range(lines)]

    assert booklet._fits_a_page(flow(10), 200, 200, 1)  # 16 lines of 12 pt fit 200 pt
    assert drawn == [1] * 10
    drawn.clear()
    assert not booklet._fits_a_page(flow(17), 200, 200, 1)
    assert not booklet._fits_a_page(flow(33), 200, 200, 2)  # two columns: 32 lines
    assert booklet._fits_a_page(flow(32), 200, 200, 2, gap=0)
    drawn.clear()
    assert not booklet._fits_a_page(flow(1000), 200, 200, 1)
    assert len(drawn) == 16  # the first page's lines, none after
