"""Starter files for `kitgen new`: a card file, a deck, or a game's folder.

Each starter is YAML with comments that teach its format, and checks clean.
What a game's starters hold comes from the game (`Game.starter_files`,
`Game.starter_file`): the numbers in them come from its data and rules, so the
comments stay true when they change. This module has what they share: names,
YAML text, the templates of `templates/new/` (a kit, house rules), the schemas
of a game folder, and writing the files whole.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import tempfile
import textwrap
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kitgen import registry
from kitgen.errors import KitgenError
from kitgen.paths import templates_dir

MAX_NAME = 80  # the longest `name:` the file models take
STARTERS = ("cards", "deck", "game")

# What the components most games print, for the kit file's comments (a game's own
# components come with its starter files).
COMPONENT_HELP = {
    "cards": "the card sheets, fronts and backs",
    "rules": "the rule booklets of the `rules:` file",
}
SCHEMA_FOLDER = "schemas"  # where a starter game folder keeps its schemas


@dataclass(frozen=True)
class Starter:
    """One file to write: where, and its text."""

    path: str
    text: str


# --- names -----------------------------------------------------------------------------


# `kitgen new game NAME --game custom`: a game of the designer's own (kitgen.games.designed).
CUSTOM = "custom"


def check_name(name: str) -> str:
    """The name, trimmed, or a UsageError saying why it cannot name a file's contents."""
    from kitgen.errors import UsageError

    text = name.strip()
    if not text:
        raise UsageError("give a name with at least one letter or digit, like 'Tinker town'")
    if len(text) > MAX_NAME:
        raise UsageError(f"the name has {len(text)} characters; at most {MAX_NAME}, please")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError("the name is not valid text (check the terminal's encoding)") from None
    return text


def slug(name: str) -> str:
    """A file name for a name, as every file kitgen writes is named
    (`kitgen.names.slug`: `Tinker town!` -> `tinker-town`, `Æsir` -> `æsir`, `Don't`
    -> `dont`, `城堡` -> `城堡`, cut at a word); when the name has no letter or digit,
    its symbols beyond ASCII (`☃☃☃`, `♠ ♥` -> `♠-♥`); "" when it has none of these
    (`!!!`). A name Windows keeps for a device gets an underscore (`con` -> `con_`), as
    `kitgen.names.file_name` gives it."""
    from kitgen.names import WINDOWS_RESERVED, fit
    from kitgen.names import slug as name_slug

    out = name_slug(name)
    if not out:
        symbols = "".join(ch if _symbol(ch) else " " for ch in unicodedata.normalize("NFC", name))
        out = fit(symbols.split())
    return out + "_" if out in WINDOWS_RESERVED else out


def _symbol(ch: str) -> bool:
    """A symbol beyond ASCII that no file system minds (`☃`, `♠`, `€`), and none that
    stands for ASCII punctuation (a fullwidth less-than sign or solidus)."""
    return (
        not ch.isascii()
        and unicodedata.category(ch).startswith("S")
        and not unicodedata.normalize("NFKC", ch).isascii()
    )


_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 '!?.,()&-]*")
_NOT_PLAIN = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def yaml_text(text: str) -> str:
    """Text as a YAML value that reads back as exactly this text (quoted when needed)."""
    if (
        _PLAIN.fullmatch(text)
        and not text.endswith(" ")
        and ": " not in text
        and " #" not in text
        and text.casefold() not in _NOT_PLAIN
    ):
        return text
    return '"' + "".join(_escape(ch) for ch in text) + '"'


def _is_printable(ch: str) -> bool:
    """Characters YAML allows as they are inside double quotes (line breaks excepted)."""
    code = ord(ch)
    return (
        0x20 <= code <= 0x7E
        or 0xA0 <= code <= 0xD7FF
        or (0xE000 <= code <= 0xFFFD and code != 0xFEFF)
        or 0x10000 <= code <= 0x10FFFF
    ) and ch not in "\u2028\u2029"


def _escape(ch: str) -> str:
    if ch in '"\\':
        return "\\" + ch
    if _is_printable(ch):
        return ch
    code = ord(ch)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def comment_text(text: str) -> str:
    """Text safe inside a `#` comment: one line, printable."""
    return "".join(ch if _is_printable(ch) else " " for ch in text)


# --- templates -------------------------------------------------------------------------


def template_text(name: str) -> str:
    """A starter template from `templates/new/`."""
    path = templates_dir() / "new" / f"{name}.tmpl"
    try:
        return path.read_text(encoding="utf-8")
    except OSError as err:
        raise KitgenError(f"cannot read {path}: {err.strerror}; reinstall kitgen") from None


def fill(template: str, **values: str) -> str:
    """Replace each `[[ name ]]` with its value; every name must be given."""

    def swap(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            raise KeyError(f"the starter template names [[ {key} ]], which is not given")
        return values[key]

    text = re.sub(r"\[\[ ([a-z_]+) \]\]", swap, template)
    return "\n".join(_wrap_comment(line) for line in text.split("\n"))


_COMMENT = re.compile(r"^(\s*# *)(- )?(.*)$")


def _wrap_comment(line: str, width: int = 79) -> str:
    """A long comment line as several (list items keep their hanging indent)."""
    found = _COMMENT.match(line)
    if len(line) <= width or found is None or "yaml-language-server:" in line:
        return line
    lead, bullet, body = found.group(1), found.group(2) or "", found.group(3)
    return textwrap.fill(
        body,
        width,
        initial_indent=lead + bullet,
        subsequent_indent=lead + " " * len(bullet),
        break_long_words=False,
        break_on_hyphens=False,
    )


def schema_line(kind: str, schema_path: str | None) -> str:
    """The first line of a starter: where an editor finds the file's schema."""
    if schema_path is None:
        return (
            f"# For completion and checks in your editor: `kitgen schema {kind} -o "
            f"{kind}.schema.json`, then see the README (Editor support)."
        )
    return f"# yaml-language-server: $schema={schema_path}"


# --- games -----------------------------------------------------------------------------


def folder_schema(kind: str) -> str:
    """Where a starter game folder's files find the schema of a kind (relative to them)."""
    return f"{SCHEMA_FOLDER}/{kind}.schema.json"


def _settings_lines() -> tuple[str, str]:
    """What each print setting takes (a comment), and the settings: two set, the rest
    commented out with kitgen's default."""
    from kitgen.model.kit import DEFAULTS, PrintSettings
    from kitgen.schema import field_help

    shown = {"card_size", "duplex"}
    about, lines = [], []
    for key in PrintSettings.model_fields:
        about.append(f"#   - {key}: {field_help(PrintSettings, key)}")
        default = getattr(DEFAULTS, key)
        lines.append(f"  {key}: {default}" if key in shown else f"  # {key}: {default}")
    return "\n".join(about), "\n".join(lines)


def _kit_model(game: str) -> Any:
    model = registry.get(game).model("kit")
    if model is None:
        raise KitgenError(f"{game} has no kit files to start")
    return model


def _components(game: str, component_help: Mapping[str, str]) -> tuple[str, str]:
    """The kit's component list, and a comment line for each."""
    model = _kit_model(game)
    components = list(model.model_fields["components"].get_default(call_default_factory=True))
    about_each = {**COMPONENT_HELP, **component_help}
    about = "\n".join(f"#   {c}: {about_each[c]}" for c in components)
    return "[" + ", ".join(components) + "]", about


def _standard_deck(game: str) -> str:
    if "standard_deck" not in _kit_model(game).model_fields:
        return ""
    return (
        "# This game is played with a standard deck of cards, which most players own.\n"
        "# Set this to true (or build with --standard-deck) to print kitgen's deck as\n"
        "# well: 52 cards, and the jokers when the game uses them.\n"
        "standard_deck: false\n"
    )


def _game_values(game: str, name: str) -> dict[str, str]:
    """What every game template names: the game, its title, players, and the new name."""
    from kitgen.load.rules import game_context

    context = game_context(game)
    low, high = context.get("players_min"), context.get("players_max")
    players = "{{ players_min }}" if low == high else "{{ players_min }} to {{ players_max }}"
    return {
        "players": players + " players",
        "game": game,
        "game_title": comment_text(str(context.get("title", game))),
        "name": yaml_text(name),
        "title": comment_text(name),
    }


def kit_file(
    game: str,
    name: str,
    schema_path: str,
    component_help: Mapping[str, str],
    *,
    template: str = "kit.yaml",
) -> str:
    """The text of a starter kit file for a game: its components (each explained by
    `component_help` or COMPONENT_HELP), the print settings, from a template."""
    components, about = _components(game, component_help)
    settings_help, settings = _settings_lines()
    return fill(
        template_text(template),
        schema_line=schema_line("kit", schema_path),
        components=components,
        components_help=about,
        standard_deck=_standard_deck(game),
        settings_help=settings_help,
        settings=settings,
        **_game_values(game, name),
    )


def rules_file(
    game: str,
    name: str,
    schema_path: str,
    figure: str,
    *,
    template: str = "rules.yaml",
    **values: str,
) -> str:
    """The text of a short house-rules file for a game, showing one of its figures
    (`figure`: the block's YAML lines); `values` fill the template's own names."""
    return fill(
        template_text(template),
        schema_line=schema_line("rules", schema_path),
        figure=figure,
        **values,
        **_game_values(game, name),
    )


def kit_and_rules(
    game: str, name: str, component_help: Mapping[str, str], figure: str
) -> list[tuple[str, str]]:
    """The usual starter folder of a game: a kit file and a house-rules file."""
    return [
        ("kit.yaml", kit_file(game, name, folder_schema("kit"), component_help)),
        ("rules.yaml", rules_file(game, name, folder_schema("rules"), figure)),
    ]


def game_folder(game: str | registry.Game, name: str) -> list[Starter]:
    """The files of a starter game folder, paths relative to it: the game's own, then
    the schemas of its kinds."""
    from kitgen.schema import schema_text

    found = registry.named(game) if isinstance(game, str) else game
    files = [Starter(path, text) for path, text in found.starter_files(name)]
    files += [
        Starter(folder_schema(kind), schema_text(kind, found.id)) for kind in kinds_of(found.id)
    ]
    return files


def kinds_of(game: str) -> list[str]:
    """The kinds of file a game has, in kitgen's order."""
    from kitgen.model.kinds import KINDS

    kinds = registry.get(game).kinds
    return [kind for kind in KINDS if kind in kinds]


# --- planning and writing --------------------------------------------------------------


def plan(what: str, name: str, folder: str, game: str) -> list[Starter]:
    """The files `kitgen new` writes, with their paths under folder."""
    from kitgen.errors import UsageError

    name = check_name(name)
    if os.path.lexists(folder) and not os.path.isdir(folder):
        raise KitgenError(f"{folder} is a file, not a folder to write into")
    if what not in STARTERS:
        raise UsageError(f"kitgen new makes one of: {', '.join(STARTERS)}")
    stem = slug(name)
    if not stem:
        raise UsageError(
            "the name makes no file name: give it a letter, a digit or a symbol beyond "
            "ASCII, like 'Tinker town'"
        )
    if game == CUSTOM:
        if what != "game":
            raise UsageError(
                f"`--game {CUSTOM}` starts a whole game of your own: `kitgen new game NAME "
                f"--game {CUSTOM}`"
            )
        from kitgen.schema import schema_text

        base = os.path.join(folder, stem)
        files = [
            Starter(os.path.normpath(os.path.join(base, path)), text)
            for path, text in registry.designed_starter(name)
        ]
        files += [
            Starter(os.path.join(base, folder_schema(kind)), schema_text(kind, CUSTOM))
            for kind in ("game", "layout", "kit")
        ]
        return files
    found = registry.find(game, near=folder if os.path.isdir(folder) else None)
    if found is None:
        found = registry.named(game)
    if what == "game":
        base = os.path.join(folder, stem)
        return [
            Starter(os.path.normpath(os.path.join(base, s.path)), s.text)
            for s in game_folder(found, name)
        ]
    own = os.path.join(folder, SCHEMA_FOLDER, f"{what}.schema.json")
    schema_path = folder_schema(what) if os.path.isfile(own) else None
    text = found.starter_file(what, name, schema_path)
    return [Starter(os.path.normpath(os.path.join(folder, f"{stem}.yaml")), text)]


def write(starters: list[Starter], *, force: bool = False) -> list[str]:
    """Write the starters (none when one would overwrite a file, unless forced)."""
    if not force:
        taken = [s.path for s in starters if os.path.lexists(s.path)]
        if taken:
            more = f" (and {len(taken) - 1} more)" if len(taken) > 1 else ""
            raise KitgenError(
                f"{taken[0]} exists{more}; use --force to overwrite, or pick another name"
            )
    base = os.path.commonpath([s.path for s in starters]) if len(starters) > 1 else None
    if base is not None and not os.path.lexists(base):
        _write_staged(base, starters)
    else:
        _write_each(starters)
    return [s.path for s in starters]


def _write_one(starter: Starter, path: str) -> None:
    from kitgen.atomic import write_atomic

    try:
        write_atomic(path, starter.text.encode("utf-8"))
    except OSError as err:
        raise KitgenError(f"cannot write {starter.path}: {err.strerror or err}") from None


def _write_staged(base: str, starters: list[Starter]) -> None:
    """A new folder of starters: written into a hidden folder beside it, which takes its
    name only when whole. A full disk or Ctrl-C leaves no half-made folder to block
    the next try, and the one a killed run left goes with the next run."""
    from kitgen.atomic import STAGE_TAG, remove_stale, stage_name_pid

    parent = os.path.dirname(os.path.abspath(base))
    # Named with this process's id, as export's staged folders are: a killed run's is
    # removed by the next one.
    prefix = f".{os.path.basename(base)}.{STAGE_TAG}-{os.getpid()}-"
    try:
        os.makedirs(parent, exist_ok=True)
        remove_stale(parent, stage_name_pid)
        stage = tempfile.mkdtemp(prefix=prefix, suffix=".part", dir=parent)
    except OSError as err:
        raise KitgenError(f"cannot write {base}: {err.strerror or err}") from None
    try:
        for s in starters:
            _write_one(s, os.path.join(stage, os.path.relpath(s.path, base)))
        os.chmod(stage, 0o755)
        try:
            os.rename(stage, base)  # never over a folder made meanwhile (but an empty one)
        except OSError as err:
            raise KitgenError(f"cannot write {base}: {err.strerror or err}") from None
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise


def _write_each(starters: list[Starter]) -> None:
    """Starters into folders that exist: each file whole; if one fails, the files this
    run made are removed again (those it overwrote, with --force, stay new)."""
    made: list[str] = []
    try:
        for s in starters:
            new = not os.path.lexists(s.path)
            _write_one(s, s.path)
            if new:
                made.append(s.path)
    except BaseException:
        for path in made:
            with contextlib.suppress(OSError):
                os.unlink(path)
        raise


def next_steps(what: str, written: list[str]) -> list[str]:
    """What to do with the new files, as commands to type."""
    main = next((p for p in written if p.endswith("kit.yaml")), written[0])
    folder = os.path.dirname(main) or "."
    steps = [
        (
            f"kitgen check {shlex.quote(folder if what == 'game' else main)}",
            "every problem, with its line and column",
        ),
        (f"kitgen build {shlex.quote(main)}", "print-and-play PDFs, into output/"),
    ]
    if what != "game" or any(
        os.path.isfile(os.path.join(folder, name)) for name in ("cards.yaml", "cards.csv")
    ):
        steps.append(
            (f"kitgen export png {shlex.quote(main)}", "one PNG per card (pdf, tts: more exports)")
        )
    else:
        steps.append(("kitgen export --help", "PNG images and other exports"))
    width = max(len(command) for command, _ in steps)
    return ["Next steps:", *(f"  {command:<{width}}  # {why}" for command, why in steps)]
