"""Galliard's balance report: the charts of `kitgen simulate galliard --report`.

Win rates, the round-1 starter's share, rounds to a win, how rounds end, wagers and
the patterns that decide games. Pure.
"""

from __future__ import annotations

from typing import Any

from kitgen.api import (
    BalanceReport,
    Distribution,
    Forest,
    balance_of,
    estimate,
    mean_caption,
    rows,
    series,
)

ENDS = {
    "empty": "a player emptied their hand",
    "royals-only": "a player kept only royals",
    "blocked": "deck out, both passed",
}


def balance_report(report: dict[str, Any], command: str) -> BalanceReport:
    """The charts of a Galliard simulation report (`sim.tally_summary`'s)."""
    a, b = report["players"]
    n = report["games"]
    facts = (
        f"Galliard: {a['player']} against {b['player']}; {n:,} games, seed {report['seed']}; "
        "the players take turns starting round 1.",
        f"Command: {command}",
    )
    wins = [
        estimate(f"{p['player']} ({i + 1})", p["win_rate"], p["win_rate_95"], 0.5)
        for i, p in enumerate((a, b))
    ]
    wins.append(
        estimate(
            "the round-1 starter",
            report["seat_0_win_rate"],
            report["seat_0_win_rate_95"],
            0.5,
        )
    )
    panels: list[Any] = [
        Forest(
            "Who wins",
            rows(wins),
            against=0.5,
            caption="Win rates with 95% intervals (the starter's of the games won); the "
            "dashed line is an even share.",
        ),
        Forest(
            "How rounds end",
            rows(
                estimate(ENDS.get(how, how), entry["share"], entry["share_95"])
                for how, entry in report["round_ends"].items()
            ),
            bars=True,
            caption="Share of all rounds, with 95% intervals.",
        ),
        Distribution(
            "Rounds to a win",
            "rounds a game",
            (series("all games", report["games_by_rounds"]),),
            caption=mean_caption(
                "rounds a game", report["rounds_per_game"], report["rounds_per_game_95"]
            ),
        ),
        Forest(
            "Rounds and wagers",
            rows(
                [
                    *(
                        estimate(
                            f"{p['player']} ({i + 1}) wins a round",
                            p["round_win_rate"],
                            p["round_win_rate_95"],
                        )
                        for i, p in enumerate((a, b))
                    ),
                    *(
                        estimate(
                            f"{p['player']} ({i + 1}) wagers",
                            p["rounds_with_a_wager"],
                            p["rounds_with_a_wager_95"],
                        )
                        for i, p in enumerate((a, b))
                    ),
                    estimate(
                        "no wager at all", report["no_wager_rounds"], report["no_wager_rounds_95"]
                    ),
                ]
            ),
            bars=True,
            caption="Shares of all rounds, with 95% intervals.",
        ),
    ]
    patterns = report["deciding_patterns"]
    if patterns:
        panels.append(
            Forest(
                "Patterns in the winner's cabal",
                rows(
                    estimate(name, share, report["deciding_patterns_95"][name])
                    for name, share in sorted(patterns.items(), key=lambda kv: -kv[1])
                ),
                bars=True,
                wide=True,
                caption="Share of the games won in which the winner's cabal held each "
                "pattern (a cabal with two counts for both).",
            )
        )
    return balance_of(
        f"Balance report: Galliard, {a['player']} against {b['player']}", facts, report, panels
    )
