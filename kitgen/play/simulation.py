"""A game's `kitgen simulate <id>` as data: its options, its built-in players and what
each does, the function that plays, and the report's lines and charts.

A game declares one `Simulation` (its `simulation` capability in kitgen.registry,
"module:NAME"); kitgen.cli.simulate builds the command from it, with the options
every game shares (`--games`, `--seed`, `--jobs`, `--format`, `--report` and its
`--paper`), the help's list of players, the progress bar, the balance report's file
and the command line the report repeats. The game writes no command-line code.

Pure: the declaration is plain values and the game's own functions.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kitgen.errors import UsageError

# The options every game's simulation may list by name, in its `options`, where its
# help should show them: `games` (-n, 1000), `players` (its help and default from the
# declaration), `seed`, `jobs`, `format`, `report` (with the report's `--paper`) and
# `allow-outside` (for a game that reads files).
SHARED = ("games", "players", "seed", "jobs", "format", "report", "allow-outside")

# The width the help's list of players wraps to.
PLAYERS_WIDTH = 79

Values = Mapping[str, Any]


@dataclass(frozen=True)
class Option:
    """One option of a game's own: `name` is the keyword its `run` takes (and the
    name `lines` reads it by), `flag` the option as typed (`--hand`; a switch as
    `--interfere/--no-interfere`), `default` its value when not given (its type is
    the option's: str, int or bool), or a function giving it when the command is made
    (a number of the game's file, read then); `help` may be such a function too.
    `parse` turns the text given into the value `run` takes (a UsageError, naming
    the option, for text it cannot read); `repeated` says, from the values, whether
    the balance report's command line repeats it (always, by default). An
    `argument` takes the command's files (`metavar` names them) instead of a flag."""

    name: str
    flag: str
    help: str | Callable[[], str]
    default: Any = None
    parse: Callable[[Any], Any] | None = None
    repeated: Callable[[Values], bool] | None = None
    short: str | None = None
    metavar: str | None = None
    argument: bool = False


@dataclass(frozen=True)
class Simulation:
    """What `kitgen simulate <id>` is for one game.

    `help` is the command's help (its first line the summary); the list of `players`
    (name -> what it does, in the order shown) is added to it. `options` lists the
    command's options in the order its help shows them: the game's own (`Option`)
    and the shared ones by name (`SHARED`). `run` plays: it takes each option's
    value by name (not `format`, `report`, `allow-outside`) and `progress`, and
    returns the report (a game that `reads_files` returns the report, None when its
    files had errors, and the findings of its files). `lines` makes the report's
    text for people from the report and the values given; `charts` the balance
    report (kitgen.rules.balance.BalanceReport) from the report and the command
    line that repeats the run, which names the options of `run_line` in order.
    `unit` names what the progress bar counts (from the values given)."""

    help: str
    players: Mapping[str, str]
    players_help: str
    players_default: str
    options: tuple[Option | str, ...]
    run: Callable[..., Any]
    lines: Callable[[dict[str, Any], Values], list[str]]
    run_line: tuple[str, ...] = ()
    charts: Callable[[dict[str, Any], str], Any] | None = None
    unit: Callable[[Values], str] = field(default=lambda values: "game")
    reads_files: bool = False

    def own(self) -> tuple[Option, ...]:
        """The game's own options, in order."""
        return tuple(o for o in self.options if isinstance(o, Option))

    def shared(self) -> frozenset[str]:
        """The shared options the command has."""
        return frozenset(o for o in self.options if isinstance(o, str))

    def full_help(self) -> str:
        """The command's help with its list of players (kept as written: `\\b`)."""
        return f"{self.help.rstrip()}\n\n\b\nPlayers:\n{players_block(self.players)}"


def players_block(players: Mapping[str, str]) -> str:
    """Each player's name and what it does, in two columns wrapped to PLAYERS_WIDTH."""
    width = max(len(name) for name in players)
    lines = []
    for name, does in players.items():
        lead = f"  {name:<{width}}  "
        lines += textwrap.wrap(
            does,
            PLAYERS_WIDTH,
            initial_indent=lead,
            subsequent_indent=" " * len(lead),
            break_on_hyphens=False,
        )
    return "\n".join(lines)


def player_names(text: str) -> tuple[str, ...]:
    """`greedy, random` as the players' names, in seat order."""
    return tuple(part.strip() for part in text.split(","))


def whole_numbers(flag: str) -> Callable[[str], list[int]]:
    """A parser of `7,5,3` (for `flag`) to whole numbers, each once, in the order given;
    a UsageError naming the flag for anything else."""

    def parse(text: str) -> list[int]:
        out: list[int] = []
        for part in text.split(","):
            try:
                number = int(part.strip())
            except ValueError:
                raise UsageError(
                    f"{flag} takes whole numbers separated by commas, not {text!r}"
                ) from None
            if number not in out:
                out.append(number)
        return out

    return parse


def repeated_flags(
    simulation: Simulation, given: Values, texts: Mapping[str, Any]
) -> list[str | None]:
    """The parts of the command line that repeats a run: each option of `run_line`,
    in order, as it was given (`texts`: the text typed; players as their names
    joined), a switch by its flag when on, files as themselves; None for what it
    leaves out."""
    own = {o.name: o for o in simulation.own()}
    flags = {"games": "--games", "players": "--players", "seed": "--seed", "jobs": "--jobs"}
    parts: list[str | None] = []
    for name in simulation.run_line:
        if name == "report":
            parts += ["--report", texts.get("report")]
            continue
        if name == "allow-outside":
            parts.append("--allow-outside" if given.get("allow_outside") else None)
            continue
        option = own.get(name)
        if option is not None and option.repeated is not None and not option.repeated(given):
            continue
        text = texts[name]
        if option is not None and option.argument:
            parts += list(text)
        elif isinstance(text, bool):
            assert option is not None
            parts.append(option.flag.split("/")[0] if text else None)
        elif name == "players":
            parts += ["--players", ",".join(player_names(text))]
        else:
            flag = flags[name] if option is None else option.flag
            parts += [flag, str(text)]
    return parts
