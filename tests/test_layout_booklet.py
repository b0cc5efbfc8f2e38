"""Saddle-stitch page order as plain assertions."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from kitgen.layout.booklet import (
    CHAR_WIDTH,
    MEASURE,
    READABLE_FLOOR,
    TypeFit,
    fit_type,
    line_chars,
    padded_count,
    saddle_stitch,
    type_sizes,
)


def test_eight_pages() -> None:
    assert saddle_stitch(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]


def test_five_pages_are_padded_to_eight() -> None:
    assert padded_count(5) == 8
    assert saddle_stitch(5) == [(8, 1), (2, 7), (6, 3), (4, 5)]  # 6, 7, 8 are blanks


@pytest.mark.parametrize(("pages", "padded"), [(0, 4), (1, 4), (4, 4), (9, 12), (12, 12)])
def test_padding(pages: int, padded: int) -> None:
    assert padded_count(pages) == padded


@pytest.mark.parametrize("pages", range(1, 41))
def test_every_page_once_and_folded_order_reads_straight(pages: int) -> None:
    sides = saddle_stitch(pages)
    n = padded_count(pages)
    assert sorted(p for side in sides for p in side) == list(range(1, n + 1))
    # Fold the stack: reading the sheets from the innermost outwards, then back, each
    # left page faces the right page of the same side, and facing pages add to n + 1
    # on the outside and inside alike, with the lower number on the right outside.
    for i, (left, right) in enumerate(sides):
        assert left + right == n + 1
        if i % 2 == 0:  # outside: the back half on the left, the front half on the right
            assert left > right
        else:  # inside: the front half on the left
            assert left < right
    # The centre spread (the last inside) holds the two middle pages.
    assert sides[-1] == (n // 2, n // 2 + 1)


def test_negative_is_an_error() -> None:
    with pytest.raises(ValueError):
        padded_count(-1)


# Quick references: the largest type that fits, in one to three columns (issue 36, item 7).


def test_type_sizes_run_from_the_largest_down_to_the_floor() -> None:
    assert type_sizes(8.0) == [8.0, 7.75, 7.5, 7.25, 7.0, 6.75, 6.5]
    assert type_sizes(READABLE_FLOOR) == [READABLE_FLOOR]


def test_a_column_holds_the_characters_its_width_allows() -> None:
    # two columns of (300 - 20) / 2 = 140 pt in 10 pt type of 0.48 em a character
    assert line_chars(300, 2, 20, 10) == pytest.approx(140 / (CHAR_WIDTH * 10))


def fits_by_area(area: float) -> Callable[[float, int], bool]:
    """Text of `area` (in square points at 1 pt) that fits when its area at a size (which
    grows with the square of the size) is within what the columns hold."""
    return lambda size, columns: area * size * size <= 1000 * columns


def test_the_largest_type_that_fits_wins_in_as_many_columns_as_it_needs() -> None:
    # a page 500 pt wide, 20 pt between columns: its lines hold MEASURE's characters in
    # one column from 11.6 pt up, in two from 5.6 pt to 16.7 pt, in three to 10.6 pt
    sizes = type_sizes(14.0)
    short = fit_type(500, 20, sizes, fits_by_area(4.0))  # 15.8 pt in one column: capped
    assert short == TypeFit(14.0, 1)
    long = fit_type(500, 20, sizes, fits_by_area(15.0))  # one column: 8.2 pt, lines too long
    assert long == TypeFit(11.5, 2)
    longer = fit_type(500, 20, sizes, fits_by_area(60.0))  # 5.8 in two (under the floor)
    assert longer == TypeFit(7.0, 3)
    assert fit_type(500, 20, sizes, fits_by_area(1000.0)) is None  # not even at the floor


def test_equal_sizes_take_the_fewer_columns_and_the_search_halves() -> None:
    tried: list[tuple[float, int]] = []

    def fits(size: float, columns: int) -> bool:
        tried.append((size, columns))
        return True

    assert fit_type(400, 14, type_sizes(12.0), fits) == TypeFit(12.0, 1)
    assert len(tried) <= 2 * math.ceil(math.log2(len(type_sizes(12.0)) + 1))


def test_a_column_too_wide_or_too_narrow_for_the_type_is_not_tried() -> None:
    tried: list[tuple[float, int]] = []

    def fits(size: float, columns: int) -> bool:
        tried.append((size, columns))
        return False

    assert fit_type(500, 20, type_sizes(14.0), fits) is None
    for size, columns in tried:
        assert MEASURE[0] <= line_chars(500, columns, 20, size) <= MEASURE[1]
