"""SVG path data read as a layout's `path` element reads it: every SVG 1.1 command,
absolute and relative, implicit repeats and compact numbers; quadratic curves and
arcs as cubic curves through the right points; a bad path a PathError saying where."""

from __future__ import annotations

import math

import pytest

from kitgen.layout.svgpath import MAX_PATH, PathError, parse_path


def _kinds(data: str) -> list[object]:
    return [segment[0] for segment in parse_path(data).segments]


def _ends(data: str) -> list[tuple[float, float]]:
    """Where each segment ends (a close: nothing)."""
    return [
        (round(float(s[-2]), 6), round(float(s[-1]), 6))  # type: ignore[arg-type]
        for s in parse_path(data).segments
        if s[0] != "Z"
    ]


@pytest.mark.parametrize(
    ("data", "kinds", "ends"),
    [
        ("M 2 2 L 22 2 L 12 20 Z", ["M", "L", "L", "Z"], [(2, 2), (22, 2), (12, 20)]),
        ("M0,0h10v10h-10z", ["M", "L", "L", "L", "Z"], [(0, 0), (10, 0), (10, 10), (0, 10)]),
        ("M 5 5 H 1 V 9", ["M", "L", "L"], [(5, 5), (1, 5), (1, 9)]),
        ("m 1 1 2 2 3 3", ["M", "L", "L"], [(1, 1), (3, 3), (6, 6)]),  # (after m: lines)
        ("M 1 1 L 2 2 3 3", ["M", "L", "L"], [(1, 1), (2, 2), (3, 3)]),
        ("M1-2.5.5.5", ["M", "L"], [(1, -2.5), (0.5, 0.5)]),  # (numbers joined as SVG allows)
        ("M 0 0 1e1 0", ["M", "L"], [(0, 0), (10, 0)]),
        ("M 0 0 C 1 2 3 4 5 6 s 4 4 6 6", ["M", "C", "C"], [(0, 0), (5, 6), (11, 12)]),
        ("M 0 0 Q 5 10 10 0 T 20 0", ["M", "C", "C"], [(0, 0), (10, 0), (20, 0)]),
        ("M 0 0 L 1 1 Z L 2 0", ["M", "L", "Z", "L"], [(0, 0), (1, 1), (2, 0)]),
    ],
)
def test_every_command_is_read(
    data: str, kinds: list[str], ends: list[tuple[float, float]]
) -> None:
    assert _kinds(data) == kinds
    assert _ends(data) == ends


def test_a_smooth_curve_reflects_the_control_point_before_it() -> None:
    segments = parse_path("M 0 0 C 0 10 10 10 10 0 S 20 -10 20 0").segments
    assert segments[2][1:3] == (10.0, -10.0)  # (10 0) reflected through (10 10)
    quadratic = parse_path("M 0 0 Q 5 10 10 0 T 20 0").segments
    # T's control point (15, -10): the cubic's first control 2/3 of the way to it
    assert quadratic[2][1:3] == pytest.approx((10 + 2 / 3 * 5, -20 / 3))


def test_an_arc_is_cubic_curves_on_its_ellipse() -> None:
    """A half circle of radius 5 from (0, 0) to (10, 0): two quarter curves through
    (5, 5), every point of each on the circle to within a hundredth of a unit."""
    segments = parse_path("M 0 0 A 5 5 0 0 0 10 0").segments
    assert [s[0] for s in segments] == ["M", "C", "C"]
    assert segments[1][-2:] == pytest.approx((5, 5))
    assert segments[2][-2:] == (10.0, 0.0)
    for segment in segments[1:]:
        x0, y0 = (0.0, 0.0) if segment is segments[1] else (5.0, 5.0)
        x1, y1, x2, y2, x3, y3 = (float(v) for v in segment[1:])  # type: ignore[arg-type]
        for k in range(11):
            t = k / 10
            x = (1 - t) ** 3 * x0 + 3 * (1 - t) ** 2 * t * x1 + 3 * (1 - t) * t**2 * x2 + t**3 * x3
            y = (1 - t) ** 3 * y0 + 3 * (1 - t) ** 2 * t * y1 + 3 * (1 - t) * t**2 * y2 + t**3 * y3
            assert math.hypot(x - 5, y) == pytest.approx(5, abs=0.01)


def test_arc_radii_too_small_grow_and_no_radius_is_a_line() -> None:
    grown = parse_path("M 0 0 A 1 1 0 0 1 10 0").segments  # (a half circle of radius 5)
    assert grown[-1][-2:] == (10.0, 0.0)
    assert max(abs(float(v)) for s in grown[1:] for v in s[2::2]) > 4  # type: ignore[arg-type]
    assert _kinds("M 0 0 A 0 5 0 0 1 10 0") == ["M", "L"]
    assert _kinds("M 3 3 A 5 5 0 0 1 3 3") == ["M"]  # (an arc to where it is: nothing)


def test_the_bounds_hold_every_point() -> None:
    assert parse_path("M 2 3 L 22 3 L 12 -20 Z").bounds == (2, -20, 22, 3)


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ("", "the path is empty"),
        ("L 1 1", "at character 1, 'L 1 1': expected `M`"),
        ("M 1", "at character 4, 'the end': expected a number"),
        ("M 1 1 X 3", "at character 7, 'X 3': expected a command"),
        ("M 1 1 A 1 1 0 2 0 3 3", "expected a flag, 0 or 1"),
        ("M 1 1 L 1e20 1", "a number of at most 1e9"),
        ("M 0 0 Z 5 5", "expected a command"),
        ("M 0 0" + "z" * 10_001, "more than 10,000 segments"),
        ("M 0 0 " + "0" * MAX_PATH, f"at most {MAX_PATH:,}"),
    ],
)
def test_a_bad_path_says_where(data: str, said: str) -> None:
    with pytest.raises(PathError) as caught:
        parse_path(data)
    assert said in str(caught.value)
