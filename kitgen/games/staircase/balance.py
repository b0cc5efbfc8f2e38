"""The Staircase game's balance report: the charts of `kitgen simulate staircase
--report`.

Each player's outright wins against a fair share, the first player's, ties, points
split into base and bonus, the distribution of totals, and the actions taken. Pure.
"""

from __future__ import annotations

from typing import Any

from kitgen.api import (
    BalanceReport,
    Distribution,
    Forest,
    Stack,
    balance_of,
    estimate,
    rows,
    series,
)


def balance_report(report: dict[str, Any], command: str) -> BalanceReport:
    """The charts of a Staircase simulation report (`sim.tally_summary`'s)."""
    n = report["games"]
    players = report["players"]
    fair = report["fair_share"]
    option = "with interfere" if report["interfere"] else "without interfere"
    names = [f"{p['player'] + 1}. {p['name']}" for p in players]
    facts = (
        f"The Staircase game, {len(players)} players {option}: {n:,} games, seed "
        f"{report['seed']}; seats rotate, so each player starts as often.",
        f"Command: {command}",
    )
    first = report["first_player"]
    wins = [
        estimate(name, p["outright_win_rate"], p["outright_win_rate_95"], fair)
        for name, p in zip(names, players, strict=True)
    ]
    wins.append(
        estimate(
            "the first player", first["outright_win_rate"], first["outright_win_rate_95"], fair
        )
    )
    actions = [
        estimate(f"{name}: {action}", value, p["actions_per_game_95"][action])
        for name, p in zip(names, players, strict=True)
        for action, value in p["actions_per_game"].items()
        if value
    ]
    panels: list[Any] = [
        Forest(
            "Who wins alone",
            rows(wins),
            against=fair,
            caption="Outright win rates with 95% intervals; the dashed line is a fair share "
            f"of the games not tied ({fair:.1%}).",
        ),
        Forest(
            "Ties and shared wins",
            rows(
                [
                    estimate("games tied for first", report["tie_share"], report["tie_share_95"]),
                    *(
                        estimate(
                            f"{name} wins or shares",
                            p["top_share"] if n else None,
                            p["top_share_95"],
                        )
                        for name, p in zip(names, players, strict=True)
                    ),
                ]
            ),
            bars=True,
            caption="Shares of the games, with 95% intervals ('wins or shares' counts a "
            "shared top total as a win).",
        ),
        Stack(
            "Points: base and bonus",
            ("base points", "sequence bonus"),
            tuple(
                (name, (p["mean_base"], p["mean_bonus"]), _pair(p["mean_total_95"]))
                for name, p in zip(names, players, strict=True)
            ),
            caption="Mean final points a game, split into the base points of the cards and "
            "the bonus of sequences; the whisker is the total's 95% interval.",
            wide=True,
        ),
        Distribution(
            "Final totals",
            "points",
            tuple(series(name, p["totals"]) for name, p in zip(names, players, strict=True)),
            wide=True,
        ),
        Forest(
            "Actions a game",
            rows(actions),
            unit="points",
            bars=True,
            wide=True,
            caption="Mean times a game each player took each action, with 95% intervals "
            "('chosen': a card picked from another player's interfere).",
        ),
    ]
    return balance_of(
        f"Balance report: the Staircase game, {len(players)} players", facts, report, panels
    )


def _pair(found: list[float] | None) -> tuple[float, float] | None:
    return None if found is None else (found[0], found[1])
