"""Rules files in context: their game's parameters, figure names and arguments.

Text is checked here without jinja2 (so `kitgen check` stays light): every
`{{ name }}` must name a game parameter, every `{{` must close, and the only
statements are `{% if %}`, `{% elif %}`, `{% else %}` and `{% endif %}`. Text that
computes something (`{{ turns - 4 }}`, `{% if %}`) also runs here, in the bounded
sandbox of kitgen.render.rules_text that the booklet uses (jinja2 is imported
only then), so a template that would fail or build too much is found by the
check, at its line.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from kitgen import registry
from kitgen.layout.words import KEYS, PLACEHOLDER, PLACEHOLDERS, words_for
from kitgen.load.documents import Document, read_document
from kitgen.load.printable import BookletType, check_all_printable, check_booklet_text
from kitgen.load.validate import translate
from kitgen.model.figures import ChecksItself
from kitgen.model.findings import Finding, Location, finding
from kitgen.model.game import GameFile
from kitgen.model.rules import Block, RulesFile, Section
from kitgen.model.source import SourceMap

if TYPE_CHECKING:
    from kitgen.render.rules_text import RulesSandbox

_OPEN = re.compile(r"\{\{|\{%")
_EXPR = re.compile(r"\{\{(.*?)\}\}|\{%(.*?)%\}", re.S)
_NAME = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*$")
# The statements rules text may use (kitgen.render.rules_text runs the rest).
_STATEMENTS = {"if", "elif", "else", "endif"}


def game_context(game: str, near: str | None = None) -> dict[str, Any]:
    """What rules text may name: the game's parameters, a few facts about it, and what
    the game adds (`Game.rules_context`: a designed game's deck rules). `near` is a file
    of the game (a designed game is its folder's). Read once per game file, while it is
    unchanged."""
    found = registry.get(game, near)
    path = str(found.data_dir / "game.yaml")
    try:
        info = os.stat(path)
        stamp = (info.st_mtime_ns, info.st_size)
    except OSError:
        stamp = (0, -1)
    return _context(found, path, stamp)


@cache
def _context(game: registry.Game, path: str, stamp: tuple[int, int]) -> dict[str, Any]:
    del stamp  # (part of the cache key only)
    doc = read_document(path)
    info = doc.model
    if not isinstance(info, GameFile):
        return {}
    context: dict[str, Any] = dict(info.parameters.model_dump())
    context.update(
        title=info.title,
        players_min=info.players.min,
        players_max=info.players.max,
        playing_time=info.playing_time,
    )
    context.update(game.rules_context())
    return context


def cover_texts(game: str, near: str | None = None) -> list[tuple[str, Location | None]]:
    """What a booklet's cover prints from the game file (its playing time and summary),
    with where the game file says it. `near` is a file of the game (as `game_context`)."""
    path = str(registry.get(game, near).data_dir / "game.yaml")
    try:
        info = os.stat(path)
        stamp = (info.st_mtime_ns, info.st_size)
    except OSError:
        stamp = (0, -1)
    return _cover_texts(path, stamp)


def _cover_facts(
    rules: RulesFile, game: list[tuple[str, Location | None]]
) -> list[tuple[str, Location | None]]:
    """The playing time and summary a booklet's covers print: the rules file's own where
    it gives them, else the game file's (`cover_texts`: the time, then the summary)."""
    own = [(rules.playing_time, "playing_time"), (rules.summary, "summary")]
    found: list[tuple[str, Location | None]] = []
    for index, (text, key) in enumerate(own):
        if text is not None:
            found.append((text, rules.where(key)))
        elif index < len(game):
            found.append(game[index])
    return found


@cache
def _cover_texts(path: str, stamp: tuple[int, int]) -> list[tuple[str, Location | None]]:
    del stamp  # (part of the cache key only)
    info = read_document(path).model
    if not isinstance(info, GameFile):
        return []
    return [(info.playing_time, info.where("playing_time")), (info.summary, info.where("summary"))]


def texts(rules: RulesFile) -> Iterator[tuple[str, Location | None]]:
    """Every piece of text in a rules file, with where it was written."""
    if rules.credits:
        yield rules.credits, rules.where("credits")
    for section in [*rules.sections, *rules.quick_reference]:
        yield from _section_texts(section)


def faced_texts(rules: RulesFile) -> Iterator[tuple[str, Location | None, bool, bool]]:
    """The rules file's text, each with its place and the face the booklet sets it in
    (bold, italic) before its own emphasis: the title, headings and table headings
    bold, the subtitle and captions italic, the rest regular."""
    yield rules.title, rules.where("title"), True, False
    if rules.subtitle:
        yield rules.subtitle, rules.where("subtitle"), False, True
    faced: dict[Location | None, tuple[bool, bool]] = {}
    for section in _sections(rules):
        faced[section.where("title")] = (True, False)
    for block in blocks(rules):
        if block.caption is not None:
            faced[block.where("caption")] = (False, True)
        for i in range(len(block.table.columns) if block.table is not None else 0):
            faced[block.where("table", "columns", i)] = (True, False)
    for text, at in texts(rules):
        yield text, at, *(faced.get(at, (False, False)) if at is not None else (False, False))


def _sections(rules: RulesFile) -> Iterator[Section]:
    """Every section and subsection, the quick reference's too."""
    todo = [*rules.sections, *rules.quick_reference]
    while todo:
        section = todo.pop(0)
        yield section
        todo[:0] = section.sections


def _section_texts(section: Section) -> Iterator[tuple[str, Location | None]]:
    yield section.title, section.where("title")
    for block in section.blocks:
        yield from block_texts(block)
    for sub in section.sections:
        yield from _section_texts(sub)


def block_texts(block: Block) -> Iterator[tuple[str, Location | None]]:
    """The text of one block (and of the blocks inside an example)."""
    for key in ("text", "tip", "strategy", "variant", "note", "caption"):
        value = getattr(block, key)
        if value is not None:
            yield value, block.where(key)
    for key, attr in (("list", "bullets"), ("steps", "steps")):
        for i, item in enumerate(getattr(block, attr) or []):
            yield item, block.where(key, i)
    if block.table is not None:
        yield from (
            (c, block.where("table", "columns", i)) for i, c in enumerate(block.table.columns)
        )
        for r, row in enumerate(block.table.rows):
            yield from ((c, block.where("table", "rows", r, i)) for i, c in enumerate(row))
    if block.example is not None:
        yield block.example.title, block.where("example", "title")
        for inner in block.example.blocks:
            yield from block_texts(inner)


def blocks(rules: RulesFile) -> Iterator[Block]:
    """Every block, examples' blocks included."""

    def walk(items: list[Block]) -> Iterator[Block]:
        for block in items:
            yield block
            if block.example is not None:
                yield from walk(block.example.blocks)

    for section in _sections(rules):
        yield from walk(section.blocks)


def computes(text: str) -> bool:
    """True when rules text has a statement or a `{{ }}` that is more than a name: the
    check runs it in the booklet's sandbox, where it may fail or build too much."""
    return any(
        match.group(2) is not None or _NAME.match(match.group(1)) is None
        for match in _EXPR.finditer(text)
    )


def check_text(text: str, at: Location | None, context: dict[str, Any]) -> list[Finding]:
    """Placeholders must close and simple ones must name a known parameter."""
    found: list[Finding] = []
    opened = len(_OPEN.findall(text))
    closed = len(_EXPR.findall(text))
    if opened != closed or text.count("}}") > text.count("{{"):
        found.append(
            finding(
                "template-error",
                "a `{{` has no matching `}}` (write `{{ hand_size }}` for a game parameter)",
                at,
            )
        )
    for match in _EXPR.finditer(text):
        words = (match.group(2) or "").strip(" \t\r\n-+").split(None, 1)
        statement = words[0] if words else ""
        if match.group(2) is not None and statement not in _STATEMENTS:
            found.append(
                finding(
                    "template-error",
                    f"`{{% {statement} %}}` cannot be used in rules text; "
                    "use `{{ }}` for parameters and `{% if %}` to choose text",
                    at,
                )
            )
        expr = match.group(1)
        simple = _NAME.match(expr or "")
        if simple and simple.group(1) not in context:
            found.append(
                finding(
                    "unknown-parameter",
                    f"{{{{ {simple.group(1)} }}}} names no game parameter; known: "
                    f"{', '.join(sorted(context))}",
                    at,
                )
            )
    return found


def printed(text: str, context: dict[str, Any], env: RulesSandbox | None) -> str:
    """Rules text as the booklet prints it (its markup aside), for the font check: each
    `{{ name }}` replaced by the parameter's value (a designed game's title, say), text
    that computes something run in the booklet's sandbox (`env`). The text must have
    passed `check_text` (and, computing, `template_problem`)."""
    if env is not None and computes(text):
        return env.fill(text, context)
    if "{{" not in text:
        return text
    return _EXPR.sub(lambda match: str(context[match.group(1).strip()]), text)


def check_rules(doc: Document) -> list[Finding]:
    """Check a rules file's text placeholders and its figures."""
    rules = doc.model
    assert isinstance(rules, RulesFile) and doc.game is not None
    context = game_context(doc.game, doc.path)
    game = registry.get(doc.game, doc.path)
    # The booklet's type: KitSans, and the game's own fonts for what it lacks.
    booklet = BookletType(game.booklet_fonts())
    # The title and subtitle print as written (the cover, every page's footer), and so
    # do the cover's facts from the game file.
    found = check_all_printable(
        [
            *(
                (text, rules.where(key))
                for key, text in (("title", rules.title), ("subtitle", rules.subtitle))
                if text is not None
            ),
            *_cover_facts(rules, cover_texts(doc.game, doc.path)),
        ],
        booklet,
    )
    found += check_words(rules, booklet, rules.language or game.rules_language())
    env = None
    for text, at in texts(rules):
        problems = check_text(text, at, context)
        if not problems and computes(text):
            if env is None:  # jinja2 is imported only for text that computes something
                from kitgen.render.rules_text import RulesSandbox

                env = RulesSandbox()
            from kitgen.render.rules_text import template_problem

            problem = template_problem(env, text, context, at)
            problems += [] if problem is None else [problem]
        if not problems:
            problems += check_booklet_text(printed(text, context, env), at, booklet)
        found += problems
    found += booklet.faces_missing(faced_texts(rules))
    figures = game.figure_args
    for block in blocks(rules):
        if block.figure is None:
            continue
        model = game.figure_model(block.figure)
        if model is None:
            known = ", ".join(sorted(figures)) or "none yet"
            found.append(
                finding(
                    "unknown-figure",
                    f"{doc.game} has no figure called {block.figure!r}; figures: {known}",
                    block.where("figure"),
                )
            )
            continue
        found += check_figure_args(block, model, doc.source, booklet)
    return found


def _table_words_printable(
    words: list[str], at: Location | None, booklet: BookletType | None
) -> list[Finding]:
    """One text-not-drawable at `at` when kitgen's own words of the booklet (`words`, in
    the rules' language) have characters its type cannot draw."""
    return [
        finding(
            f.code,
            f"the booklet's own words in its language: {f.message}; give the game a font "
            "that has them (`fonts:`), or give the words in `words:`",
            at,
        )
        for f in check_booklet_text(" ".join(words), at, booklet)
    ]


def check_words(
    rules: RulesFile, booklet: BookletType | None = None, language: str | None = None
) -> list[Finding]:
    """A rules file's `words:`: each word's placeholders are its own (`{title}` in
    `reference_title`; kitgen.layout.words.PLACEHOLDERS), and it prints as other rules
    text does. (Its keys and types are the model's: kitgen.model.rules.BookletWords.)"""
    own = rules.words.given() if rules.words is not None else {}
    # kitgen's own words in the rules' language print in the booklet's type too (a
    # Japanese booklet's in a font of the game's): where they cannot, at `language:`.
    found = _table_words_printable(
        [words_for(language)[key] for key in KEYS if key not in own],
        rules.where("language") or rules.where("title"),
        booklet,
    )
    for key, word in own.items():
        at = rules.where("words", key)
        takes = PLACEHOLDERS.get(key, ())
        for name in dict.fromkeys(m.group(1) for m in PLACEHOLDER.finditer(word)):
            if name not in takes:
                listed = ", ".join(f"{{{p}}}" for p in takes) if takes else "none"
                found.append(
                    finding(
                        "invalid-value",
                        f"{{{name}}} is not a placeholder of the word {key!r} "
                        f"(its placeholders: {listed})",
                        at,
                    )
                )
        found += check_booklet_text(word, at, booklet)
    return found


def check_figure_args(
    block: Block,
    model: type[BaseModel],
    source: SourceMap | None,
    booklet: BookletType | None = None,
) -> list[Finding]:
    """A figure's `args:` against what the figure takes."""
    try:
        args = model.model_validate(block.args or {})
    except ValidationError as err:
        if source is None:
            return []
        prefix = (*block._path, "args")
        return [
            translate({**e, "loc": prefix + tuple(e["loc"])}, model, source)
            for e in err.errors(include_url=False)
        ]
    # A figure may print any text of its arguments (a staircase's name, a player's):
    # each must be printable.
    found = check_all_printable(
        ((text, block.where("args", *path)) for text, path in _strings(block.args or {}, ())),
        booklet,
    )
    if not isinstance(args, ChecksItself):
        return found
    # A figure whose arguments know their own rules (a card must exist, a claim about a
    # move must agree with the engine) says what is wrong, at its place in `args:`.
    return found + [
        finding(code, message, block.where("args", *path))
        for path, code, message in args.figure_issues()
    ]


def _strings(value: object, path: tuple[Any, ...]) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """Every text value inside a figure's arguments, with its path of keys."""
    if isinstance(value, str):
        yield value, path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, index))
