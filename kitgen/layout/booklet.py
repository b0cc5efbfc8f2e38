"""Booklet page order: saddle stitching, two pages to a sheet side.

Pages are padded with blanks to a multiple of four. For N pages, sheet i
(from 0) carries on its outside pages (N - 2i, 2i + 1) and on its inside
(2i + 2, N - 2i - 1), left then right: for 8 pages (8, 1) (2, 7) (6, 3) (4, 5).
Print duplex, flipping on the short edge, fold the stack in half and staple
along the fold.
"""

from __future__ import annotations


def padded_count(pages: int) -> int:
    """The page count rounded up to a multiple of four (at least four)."""
    if pages < 0:
        raise ValueError("a booklet cannot have a negative number of pages")
    return max(4, -(-pages // 4) * 4)


def saddle_stitch(pages: int) -> list[tuple[int, int]]:
    """Sheet sides in printing order, each (left page, right page), numbered from 1.

    Page numbers above `pages` are the padding blanks.
    """
    n = padded_count(pages)
    sides: list[tuple[int, int]] = []
    for i in range(n // 4):
        sides.append((n - 2 * i, 2 * i + 1))
        sides.append((2 * i + 2, n - 2 * i - 1))
    return sides
