"""A print setup: the print settings resolved to numbers (points) and checked."""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.layout.geometry import Duplex, Size
from kitgen.layout.units import format_mm
from kitgen.model.kit import CutMode, Ink


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
    cut: CutMode = "marks"

    def describe(self) -> str:
        """One line saying how to print this file."""
        flip = {
            "long": "duplex: long edge",
            "short": "duplex: short edge",
            "fold": "fold and glue",
            "none": "no backs",
        }[self.duplex]
        size = f"{format_mm(self.card.width)[:-3]}x{format_mm(self.card.height)}"
        cut = {"marks": "", "lines": " \u00b7 cut lines", "silhouette": " \u00b7 Silhouette cut"}
        if self.cut == "silhouette":
            from kitgen.layout.cutting import SILHOUETTE_INSET, silhouette_inset

            inset = silhouette_inset(self.margin)
            if inset != SILHOUETTE_INSET:  # what to set in Studio, which assumes 10 mm
                cut["silhouette"] += f", marks inset {format_mm(inset)}"
        return (
            f"{self.paper_name.upper()} \u00b7 {self.card_name} {size} \u00b7 "
            f"bleed {format_mm(self.bleed)} \u00b7 {flip}{cut[self.cut]}"
        )
