"""Shape Up!'s balance report: the charts of `kitgen simulate shapeup --report`.

Each seat's win rate against a fair share, the first player's, how rounds end,
points a round, and the points each seat draws from runs of colour, fill and shape.
Pure.
"""

from __future__ import annotations

from typing import Any

from kitgen.api import BalanceReport, Distribution, Forest, balance_of, estimate, rows, series
from kitgen.api import balance_shown as shown


def balance_report(report: dict[str, Any], command: str) -> BalanceReport:
    """The charts of a Shape Up! simulation report (`sim.round_summary`'s)."""
    n = report["games"]
    first = report["first_player"]
    fair = first["fair_share"]
    players = report["players"]
    full = report["full_games"]
    facts = (
        f"Shape Up! {report['setup']}: {n:,} rounds, seed {report['seed']}; seats "
        + ", ".join(f"{p['seat']} {p['player']}" for p in players)
        + "; the first player rotates.",
        f"Command: {command}",
    )
    wins = [
        estimate(f"seat {p['seat']} ({p['player']})", p["win_rate"], p["win_rate_95"], fair)
        for p in players
    ]
    wins.append(estimate("the first player", first["win_rate"], first["win_rate_95"], fair))
    if full:
        wins += [
            estimate(f"seat {p['seat']}: full games", rate, interval, None)
            for p, rate, interval in zip(
                players, full["win_rate"], full["win_rate_95"], strict=True
            )
        ]
    ties = report["ties"]
    panels: list[Any] = [
        Forest(
            "Who wins a round",
            rows(wins),
            against=fair,
            caption="Win rates with 95% intervals; the dashed line is a fair share of the "
            f"rounds not tied ({fair:.1%})."
            if fair is not None
            else "",
        ),
        Forest(
            "Points a round",
            rows(
                [
                    *(
                        estimate(
                            f"seat {p['seat']} ({p['player']})",
                            p["points_per_game"],
                            p["points_per_game_95"],
                        )
                        for p in players
                    ),
                    estimate(
                        "first player over the others",
                        first["points_edge"],
                        first["points_edge_95"],
                        0.0,
                    ),
                ]
            ),
            unit="points",
            against=0.0,
            caption="Means with 95% intervals; the last row is the first player's points "
            "less the others' mean, round by round.",
        ),
        Forest(
            "Points from colour, fill and shape",
            rows(
                estimate(
                    f"seat {p['seat']}: {attribute}",
                    value,
                    p["points_by_attribute_95"][attribute],
                )
                for p in players
                for attribute, value in p["points_by_attribute"].items()
            ),
            unit="points",
            bars=True,
            caption="Each seat's mean points a round from runs of its victory card's "
            "colour, fill and shape, with 95% intervals.",
        ),
        Forest(
            "How rounds end",
            rows(
                [
                    estimate("won outright", (n - ties) / n if n else None, _won_95(report)),
                    estimate(
                        "tied for the most points", ties / n if n else None, report["ties_95"]
                    ),
                ]
            ),
            bars=True,
            caption=(
                f"A round is won by {shown(report['winning_margin'])[0]} points on average."
                if report["winning_margin"] is not None
                else ""
            ),
        ),
        Distribution(
            "Points a round",
            "points",
            tuple(series(f"seat {p['seat']} ({p['player']})", p["points"]) for p in players),
            wide=True,
            counted="rounds",
        ),
    ]
    return balance_of(f"Balance report: Shape Up! {report['setup']}", facts, report, panels)


def _won_95(report: dict[str, Any]) -> list[float] | None:
    """The interval of the rounds won outright: the ties' interval turned round."""
    ties = report["ties_95"]
    return None if ties is None else [round(1 - ties[1], 4), round(1 - ties[0], 4)]
