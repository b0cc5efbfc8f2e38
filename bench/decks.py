"""Benchmark: checking many decks of a large living card game, and finding a legal deck.

Run: python bench/decks.py [--quick]
Writes a game of 5,000 cards with a living card game's deck rules (an identity that
sets the deck's size and influence, every card of its side, influence over the cards
of other factions, renown by the deck's size for one side, 20 banned cards and two
formats of play), and 10,000 deck files of it (an identity each, 15 cards of three
copies, a few of another side or over budget, their formats mixed), then times, as
whole processes (medians of three):

- `kitgen check decks/`: issue 39's target, within 10 seconds on this machine (the
  figure is absolute, not a ratio: it is the wait a designer checking a season of
  decks sees);
- `kitgen new deck` of that game, and of a game at kitgen's limits (5,000 cards, every
  kind of deck rule at its limit, as tests/test_designed_decks.py writes it): within 2
  seconds each.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import Row, all_ok, at_most, bench_env, measure, print_table, run

NAME = "decks"
CARDS = 5_000
DECKS = 10_000
QUICK_DECKS = 500
RUNS = 3
QUICK_RUNS = 1
CHECK_SECONDS = 10.0
SEARCH_SECONDS = 2.0
SIDES = {"keep": ["iron", "glass", "gilt", "oak"], "crew": ["fog", "salt", "ember", "moss"]}

GAME = """\
game: season
kind: game
title: Season
players: {min: 2, max: 2}
playing_time: 45 minutes
summary: A living card game of two sides, for measuring deck checks.
fields:
  name: {type: text}
  side: {type: choice, values: [keep, crew]}
  faction: {type: choice, values: [iron, glass, gilt, oak, fog, salt, ember, moss, neutral]}
  type: {type: choice, values: [identity, unit, event, charter]}
  cost: {type: integer, min: 0, max: 9, required: false}
  influence: {type: integer, min: 0, max: 5, required: false}
  renown: {type: integer, min: 1, max: 3, required: false}
  deck_size: {type: integer, min: 20, max: 60, required: false, curve: false}
  influence_limit: {type: integer, min: 0, max: 30, required: false, curve: false}
cards: cards.csv
face: face.yaml
deck_rules:
  identity: {where: {type: identity}}
  size: {min: identity.deck_size, max: 60}
  copies: {max: 3}
  same: [side]
  at_least: [{where: {type: unit}, count: 10}]
  total:
    - {name: influence, field: influence, where: "faction != identity.faction",
       max: identity.influence_limit}
    - {name: renown, field: renown, when: "identity.side == 'keep'",
       min: "2 * (size // 5) + 2", max: "2 * (size // 5) + 3"}
  banned: [BANNED]
  formats:
    standard: {}
    open: {banned: []}
"""
FACE = (
    "game: season\nkind: layout\nelements:\n"
    "  - {type: text, text: '{{ name }}', x: 5mm, y: 5mm, width: 50mm, height: 10mm}\n"
)


def season_folder(folder: str, decks: int, seed: int = 39) -> str:
    """Write the game and `decks` deck files into `folder`; the decks' folder."""
    rng = random.Random(seed)
    rows = ["name,side,faction,type,cost,influence,renown,deck_size,influence_limit"]
    by_side: dict[str, list[tuple[str, str, str]]] = {side: [] for side in SIDES}
    identities: list[tuple[str, str, str]] = []
    for i in range(CARDS):
        side = "keep" if i % 2 == 0 else "crew"
        faction = rng.choice([*SIDES[side], "neutral"])
        name = f"Card {i:04d}"
        if i < 100:
            faction = SIDES[side][i % 4]
            identities.append((name, side, faction))
            rows.append(f"{name},{side},{faction},identity,,,,{rng.randint(40, 45)},15")
            continue
        kind = rng.choice(
            ["unit", "unit", "event", "charter"] if side == "keep" else ["unit", "event"]
        )
        renown = str(rng.randint(1, 3)) if kind == "charter" else ""
        influence = 0 if faction == "neutral" else rng.randint(0, 4)
        rows.append(f"{name},{side},{faction},{kind},{rng.randint(0, 6)},{influence},{renown},,")
        by_side[side].append((name, kind, faction))
    banned = [name for name, _, _ in by_side["crew"][:20]]
    files = {
        "game.yaml": GAME.replace("BANNED", ", ".join(banned)),
        "face.yaml": FACE,
        "cards.csv": "\n".join(rows) + "\n",
    }
    for name, text in files.items():
        with open(os.path.join(folder, name), "w", encoding="utf-8") as out:
            out.write(text)
    deck_folder = os.path.join(folder, "decks")
    os.mkdir(deck_folder)
    for d in range(decks):
        name, side, faction = rng.choice(identities)
        own = [c for c in by_side[side] if c[2] in (faction, "neutral")]
        units = [c for c in own if c[1] == "unit"]
        picks = rng.sample(units, 5) + rng.sample(own, 10)
        if rng.random() < 0.3:  # some influence spent on the other factions
            picks[-1] = rng.choice(by_side[side])
        if rng.random() < 0.02:  # now and then a card of the other side
            picks[-2] = rng.choice(by_side["crew" if side == "keep" else "keep"])
        lines = "\n".join(f"  {card}: 3" for card, _, _ in dict.fromkeys(picks))
        form = rng.choice(["", "format: standard\n", "format: open\n"])
        with open(os.path.join(deck_folder, f"d{d:05d}.yaml"), "w", encoding="utf-8") as out:
            out.write(
                f"game: season\nkind: deck\nname: Deck {d}\n{form}identity: {name}\ncards:\n"
                f"{lines}\n"
            )
    return deck_folder


def limits_folder(folder: str, tight: bool = False) -> None:
    """A designed game at kitgen's limits (tests/test_designed_decks.py checks it):
    5,000 cards; 50 rules of each list kind, 1,000 banned and 1,000 restricted cards,
    `copies.by` on 10 fields. `tight`: no legal deck (the `at_most` rules leave too
    few cards for the size)."""
    rng = random.Random(35)
    types = [f"t{i}" for i in range(200)]
    groups = [f"g{i}" for i in range(20)]
    extra = [f"c{i}" for i in range(5)]
    icons = ["star", "moon", "sun"]
    rows = [",".join(["name", "type", "group", "cost", "power", "marks", *extra])]
    for i in range(5000):
        marks = " ".join(rng.sample(icons, rng.randint(0, 2)))
        values = [f"v{rng.randint(0, 9)}" for _ in extra]
        cost, power = rng.choice([0, 0, 1, 1, 1, 2, 2, 9]), rng.randint(0, 9)
        rows.append(",".join([f"Card {i}", rng.choice(types), rng.choice(groups), str(cost),
                              str(power), marks, *values]))  # fmt: skip

    def where() -> str:
        return (
            f"{{type: [{', '.join(rng.sample(types, 60))}], "
            f"group: [{', '.join(rng.sample(groups, 15))}]}}"
        )

    def listed(items: list[str]) -> str:
        return "[\n    " + ",\n    ".join(items) + "]"

    at_least = [f"{{where: {where()}, count: {rng.randint(1, 20)}}}" for _ in range(50)]
    most = (300, 600) if tight else (4500, 4500)
    at_most = [f"{{where: {where()}, count: {rng.randint(*most)}}}" for _ in range(50)]
    total = [f"{{field: cost, min: 100, max: {rng.randint(9500, 10000)}}}" for _ in range(50)]
    in_play = [
        f"{{where: {where()}, one_per: {rng.choice(['card', 'group', 'marks', 'c0'])}}}"
        for _ in range(50)
    ]
    by = ", ".join(
        [
            "type: {" + ", ".join(f"{t}: 6" for t in types[:100]) + "}",
            "group: {g0: 1, g1: 2}",
            "cost: {9: 1, 8: 2}",
            "power: {0: 1}",
            "marks: {star: 4}",
            *(f"{c}: {{v0: 5}}" for c in extra),
        ]
    )
    choices = "".join(
        f"  {c}: {{type: choice, values: [{', '.join(f'v{k}' for k in range(10))}]}}\n"
        for c in extra
    )
    game = f"""\
game: limits
kind: game
title: Limits
players: {{min: 2, max: 2}}
playing_time: 10 minutes
summary: A game at kitgen's limits.
fields:
  name: {{type: text}}
  type: {{type: choice, values: [{", ".join(types)}]}}
  group: {{type: choice, values: [{", ".join(groups)}]}}
  cost: {{type: integer, min: 0, max: 9}}
  power: {{type: integer, min: 0, max: 9}}
  marks: {{type: icons, required: false}}
{choices}icons: {{star: icon.svg, moon: icon.svg, sun: icon.svg}}
cards: cards.csv
face: face.yaml
deck_rules:
  size: {{min: 4000, max: 4500}}
  copies: {{max: 9, by: {{{by}}}}}
  at_least: {listed(at_least)}
  at_most: {listed(at_most)}
  total: {listed(total)}
  banned: [{", ".join(f"Card {i}" for i in range(0, 2000, 2))}]
  restricted: [{", ".join(f"Card {i}" for i in range(1, 2000, 2))}]
  sideboard: {{min: 15, max: 15}}
  in_play: {listed(in_play)}
"""
    files = {
        "game.yaml": game,
        "cards.csv": "\n".join(rows) + "\n",
        "face.yaml": "game: limits\nkind: layout\nsize: poker\nsafe: 0mm\nelements:\n"
        "  - {type: text, text: '{{ name }}', x: 5mm, y: 5mm, width: 40mm, height: 10mm}\n",
        "icon.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect '
        'width="10" height="10"/></svg>',
    }
    for name, text in files.items():
        with open(os.path.join(folder, name), "w", encoding="utf-8") as out:
            out.write(text)


def _median(command: list[str], cwd: str, runs: int) -> float:
    """The median wall time of a command (warmed first: its bytecode, the disk cache)."""
    measure(command, cwd, bench_env())
    return statistics.median(run(command, cwd)[0] for _ in range(runs))


def rows(quick: bool, runs: int | None = None) -> list[Row]:
    count = QUICK_DECKS if quick else DECKS
    runs = runs or (QUICK_RUNS if quick else RUNS)
    kitgen = [sys.executable, "-m", "kitgen"]
    with tempfile.TemporaryDirectory() as tmp:
        season = os.path.join(tmp, "season")
        os.mkdir(season)
        decks = season_folder(season, count)
        # (`check` exits 1: some decks break a rule, as a season's do)
        check = [*kitgen, "check", decks, "--format", "json"]
        checked = _median_any(check, season, runs)
        new_season = _median(
            [*kitgen, "new", "deck", "Starter", "--game", "season", "--force"], season, runs
        )
        limits = os.path.join(tmp, "limits")
        os.mkdir(limits)
        limits_folder(limits)
        new_limits = _median(
            [*kitgen, "new", "deck", "Starter", "--game", "limits", "--force"], limits, runs
        )
    return [
        at_most(NAME, f"kitgen check of {count:,} deck files (5,000 cards)", checked, "s",
                CHECK_SECONDS),
        Row(NAME, "per deck file", 1000 * checked / count, "ms"),
        at_most(NAME, "kitgen new deck, the living card game", new_season, "s", SEARCH_SECONDS),
        at_most(NAME, "kitgen new deck, a game at the limits", new_limits, "s", SEARCH_SECONDS),
    ]  # fmt: skip


def _median_any(command: list[str], cwd: str, runs: int) -> float:
    """The median wall time of a command that may exit 1 (findings), as `measure` runs it."""
    measure(command, cwd, bench_env())  # (warm: the bytecode and disk caches)
    times = []
    for _ in range(runs):
        done = measure(command, cwd, bench_env())
        if done.status not in (0, 1):
            raise SystemExit(f"{' '.join(command)} exited {done.status}")
        times.append(done.wall)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--runs", type=int, default=None)
    args = parser.parse_args()
    start = time.perf_counter()
    table = rows(args.quick, args.runs)
    print_table(f"deck benchmark ({time.perf_counter() - start:.1f} s)", table)
    return 0 if all_ok(table) else 1


if __name__ == "__main__":
    sys.exit(main())
