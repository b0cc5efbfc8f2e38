"""A back offset (`--back-offset`, kitgen.toml, a kit's settings, `calibrate --save`)
is at most an inch either way: a printer puts its back pages a few millimetres off,
so more is a slip (a unit, a digit), refused where the value is read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kitgen.layout.geometry import LayoutError
from kitgen.layout.units import MAX_BACK_OFFSET, MM, UNITS, parse_offset


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("25.4,-25.4", True),
        ("-25.4,25.4", True),
        ("1in,-1in", True),
        ("2.54cm,0", True),
        ("72pt,0", True),
        ("25.41,0", False),
        ("0,-25.41", False),
        ("1.01in,0", False),
        ("0,73pt", False),
        ("99999999999,0", False),
        ("0," + "9" * 400, False),  # inf as a float
    ],
)
def test_a_back_offset_is_at_most_an_inch_either_way(text: str, ok: bool) -> None:
    if ok:
        assert max(map(abs, parse_offset(text))) <= MAX_BACK_OFFSET + 1e-9
    else:
        with pytest.raises(LayoutError, match=r"is more than 25\.4 mm \(1 in\) either way"):
            parse_offset(text)


@given(
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False),
    st.sampled_from(["", "mm", "cm", "in", "pt"]),
)
def test_back_offsets_are_accepted_exactly_within_the_limit(value: float, unit: str) -> None:
    text = f"{value:.4f}{unit}"
    points = float(text.removesuffix(unit)) * (UNITS[unit] if unit else MM)
    if abs(points) <= MAX_BACK_OFFSET * (1 - 1e-9):
        assert parse_offset(f"{text},0")[0] == pytest.approx(points)
        assert parse_offset(f"0,{text}")[1] == pytest.approx(points)
    elif abs(points) > MAX_BACK_OFFSET * (1 + 1e-9):
        with pytest.raises(LayoutError):
            parse_offset(f"{text},0")
        with pytest.raises(LayoutError):
            parse_offset(f"0,{text}")
