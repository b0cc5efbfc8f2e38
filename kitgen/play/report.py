"""A simulation's report as text for people, for every game: a mean's interval, and
which of its comparisons are significant. Pure."""

from __future__ import annotations

import textwrap
from typing import Any

from kitgen.rules.simulate import shown_estimate as value


def within(found: list[float] | None) -> str:
    """' (95%: LOW to HIGH)' for a mean's interval in a report, or nothing without one."""
    return "" if found is None else f" (95%: {found[0]:.2f} to {found[1]:.2f})"


def significance_lines(comparisons: list[dict[str, Any]], indent: str = "  ") -> list[str]:
    """Which of a report's comparisons are significant at 95%, with their intervals,
    and which are noise (their interval holds the value of no difference). Those of a
    group (the cards' lifts, marked in their table) are counted, not listed."""
    out = []
    for significant, head in (
        (True, "significant at 95%: "),
        (False, "noise at 95% (the interval holds no difference): "),
    ):
        items: list[str] = []
        groups: dict[str, int] = {}
        for c in comparisons:
            if c["significant"] is not significant:
                continue
            if "group" in c:
                groups[c["group"]] = groups.get(c["group"], 0) + 1
            elif significant:
                low, high = c["estimate_95"]
                items.append(
                    f"{c['what']} {value(c, c['estimate'])} ({value(c, low)} to {value(c, high)})"
                )
            else:
                items.append(c["what"])
        items += [f"{count} {group}" for group, count in groups.items()]
        text = head + ("; ".join(items) if items else "none")
        out += textwrap.wrap(
            text, 88, initial_indent=indent, subsequent_indent=indent + "  ", break_on_hyphens=False
        )
    return out
