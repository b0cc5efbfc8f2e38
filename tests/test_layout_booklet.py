"""Saddle-stitch page order as plain assertions."""

from __future__ import annotations

import pytest

from kitgen.layout.booklet import padded_count, saddle_stitch


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
