"""Scaffold's balance report: the charts of `kitgen simulate scaffold --report`.

Competitive: red's (the first player's) share of the games won, results, spaces held
and game lengths, by hand size. Cooperative: buildings completed, scores by hand size
and turn counters, and the distribution of team scores. Both: how games end. Pure.
"""

from __future__ import annotations

from typing import Any

from kitgen.api import BalanceReport, Distribution, Forest, balance_of, estimate, rows, series

ENDS = {
    "built": "finished",
    "turns": "turns ran out",
    "no-cards": "out of cards",
    "no-play": "no legal play",
}


SHOWN = 5  # set-ups a distribution shows side by side (more would not read)


def _shown_note(setups: list[dict[str, Any]]) -> str:
    if len(setups) <= SHOWN:
        return ""
    return f"The first {SHOWN} of the {len(setups)} set-ups."


def _name(row: dict[str, Any]) -> str:
    if row["mode"] == "cooperative":
        return f"hand {row['hand_size']}, {row['turns']} turns"
    return f"hand {row['hand_size']}"


def _setups(setups: list[dict[str, Any]]) -> str:
    """The set-ups for the report's heading: each one's name, or, for a cooperative run of
    every hand size with every turn count, the two lists (50 names would fill the page)."""
    hands = sorted({row["hand_size"] for row in setups})
    turns = sorted({int(row["turns"]) for row in setups if row["mode"] == "cooperative"})
    if len(setups) > SHOWN and turns and len(setups) == len(hands) * len(turns):
        listed = ", ".join(map(str, hands)), ", ".join(map(str, turns))
        return f"{len(setups)} set-ups: hand sizes {listed[0]}, each with {listed[1]} turns"
    return "set-ups " + ", ".join(_name(r) for r in setups)


def balance_report(report: dict[str, Any], command: str) -> BalanceReport:
    """The charts of a Scaffold simulation report (`simulate_scaffold`'s)."""
    setups = report["setups"]
    who = report["players"]
    counts = [row["games"] for row in setups]
    if len(counts) > 1 and len(set(counts)) == 1:
        games = f"{counts[0]:,} each"
    else:
        games = ", ".join(f"{n:,}" for n in counts)
    facts = (
        f"Scaffold, {report['mode']}: red {who['red']} (plays first), black {who['black']}; "
        f"{_setups(setups)}; games {games}; seed {report['seed']}.",
        f"Command: {command}",
    )
    panels: list[Any] = []
    if report["mode"] == "competitive":
        panels += [
            Forest(
                "Red's share of the games won",
                rows(
                    estimate(_name(row), c["estimate"], c["estimate_95"], 0.5)
                    for row in setups
                    for c in row["comparisons"]
                    if c["unit"] == "rate"
                ),
                against=0.5,
                caption="Red moves first. Games not tied, with 95% intervals; the dashed "
                "line is an even share.",
            ),
            Forest(
                "Results",
                rows(
                    estimate(f"{_name(row)}: {what}", found["rate"], found["rate_95"])
                    for row in setups
                    for what, found in (
                        ("red wins", row["red_wins"]),
                        ("black wins", row["black_wins"]),
                        (
                            "tie",
                            {
                                "rate": row["ties"] / row["games"] if row["games"] else None,
                                "rate_95": row["ties_95"],
                            },
                        ),
                    )
                ),
                bars=True,
                caption="Shares of the games, with 95% intervals.",
            ),
            Forest(
                "Spaces held at the end",
                rows(
                    estimate(
                        f"{_name(row)}: {side}", row[f"{side}_spaces"], row[f"{side}_spaces_95"]
                    )
                    for row in setups
                    for side in ("red", "black")
                ),
                unit="points",
                bars=True,
                caption="Mean spaces each side held, with 95% intervals.",
            ),
        ]
    else:
        panels += [
            Forest(
                "Buildings completed",
                rows(
                    estimate(_name(row), row["complete"]["rate"], row["complete"]["rate_95"])
                    for row in setups
                ),
                bars=True,
                caption="Share of the games in which the team completed the building, with "
                "95% intervals.",
            ),
            Forest(
                "Team score by hand size and turns",
                rows(
                    estimate(_name(row), row["mean_score"], row["mean_score_95"], 0.0)
                    for row in setups
                ),
                unit="points",
                against=0.0,
                caption="Mean team score with 95% intervals; a filled dot's interval leaves out 0.",
            ),
            Distribution(
                "Team scores",
                "team score",
                tuple(series(_name(row), row["scores"]) for row in setups[:SHOWN]),
                caption=_shown_note(setups),
                wide=True,
            ),
        ]
    panels += [
        Forest(
            "How games end",
            rows(
                estimate(
                    f"{_name(row)}: {ENDS.get(code, code)}",
                    count / row["games"],
                    row["ends_95"][code],
                )
                for row in setups
                for code, count in row["ends"].items()
            ),
            bars=True,
            caption="Share of each set-up's games, with 95% intervals.",
        ),
        Distribution(
            "Game length",
            "moves a game (plays and trades)",
            tuple(series(_name(row), row["game_lengths"]) for row in setups[:SHOWN]),
            caption=_shown_note(setups),
            wide=len(setups) > 1,
        ),
    ]
    return balance_of(f"Balance report: Scaffold, {report['mode']}", facts, report, panels)
