"""Rules text templates: a small, bounded part of jinja2, run in its sandbox.

Rules text may fill in the game's parameters with expressions
(`{{ hand_size + 1 }}`, `{{ harder_hands | join(' or ') }}`) and choose text
with `{% if %}`. Everything else jinja2 offers (loops, macros, calls, `set`,
includes) is refused before the template runs, so no template can loop, and
the operators that can build huge values (`*`, `**`, `%` on text) are capped
while it runs. Every value a template builds is bounded too, not only what it
writes: `*`, `+` and `~` are refused before they would build more than
`max_value` characters or items (counted through nested lists, so
`[[[1] * 2000] * 2000] * 2000` is refused where it is written, not after
it fills the memory), and so are `join` and `sum`; list literals and every
filter's result are measured as they are made. Together with the YAML
reader's string limit this bounds both the time a template takes and the size
of what it writes.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from jinja2 import StrictUndefined, Template, TemplateError, TemplateSyntaxError, nodes
from jinja2.exceptions import FilterArgumentError, SecurityError
from jinja2.runtime import markup_join
from jinja2.sandbox import SandboxedEnvironment
from jinja2.visitor import NodeTransformer

from kitgen.model.findings import Finding, Location, finding
from kitgen.render.emphasis import escape_text as escape_text  # (re-exported: used here)


@dataclass(frozen=True)
class TemplateLimits:
    """How far rules text may grow when its template runs."""

    max_template: int = 20_000  # characters of template text (the YAML string limit)
    max_output: int = 20_000  # characters one piece of text may grow to
    max_repeat: int = 2_000  # the longest text or list `*` may build
    max_power_bits: int = 256  # the largest number `**` may build, in bits
    # The largest value a template may build: characters of text, items of lists (counted
    # through nested lists) and digits of numbers; no bigger than the text it may write.
    max_value: int = 20_000
    max_round: int = 100  # the places `round` may round to (it computes 10 ** places)


TEMPLATE_LIMITS = TemplateLimits()

# The nodes a rules template may contain: output, names, constants, operators,
# filters and tests, conditions. No loops, calls, assignments or includes.
ALLOWED_NODES: tuple[type[nodes.Node], ...] = (
    nodes.Template,
    nodes.Output,
    nodes.TemplateData,
    nodes.If,
    nodes.Name,
    nodes.Const,
    nodes.List,
    nodes.Tuple,
    nodes.Getattr,
    nodes.Getitem,
    nodes.Slice,
    nodes.CondExpr,
    nodes.Compare,
    nodes.Operand,
    nodes.Concat,
    nodes.And,
    nodes.Or,
    nodes.Not,
    nodes.Neg,
    nodes.Pos,
    nodes.Add,
    nodes.Sub,
    nodes.Mul,
    nodes.Div,
    nodes.FloorDiv,
    nodes.Mod,
    nodes.Pow,
    nodes.Filter,
    nodes.Test,
    nodes.Keyword,  # (a filter's named argument: `number(2, thousands=",")`)
)
# Filters whose output is no bigger than their input (and `join`, bounded by its list).
ALLOWED_FILTERS = frozenset(
    {
        "abs",
        "capitalize",
        "count",
        "d",
        "default",
        "first",
        "float",
        "int",
        "join",
        "last",
        "length",
        "lower",
        "max",
        "min",
        "number",
        "plural",
        "replace",
        "roman",
        "round",
        "signed",
        "sort",
        "string",
        "sum",
        "title",
        "trim",
        "truncate",
        "unique",
        "upper",
    }
)
MAX_PLACES = 10  # the decimal places `number` writes at most
MINUS = "\u2212"  # the minus sign, as wide as the plus sign (not the hyphen)
MAX_MARK = 3  # characters of `number`'s thousands separator or decimal point


def _number_of(value: Any, name: str) -> int | float:
    """A filter's number: a number, or text that reads as one (a spreadsheet's `12`);
    FilterArgumentError for anything else (an empty field, a word)."""
    if isinstance(value, bool):
        raise FilterArgumentError(f"`{name}` takes a number, not {value!r}")
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            raise FilterArgumentError(f"`{name}` takes a finite number, not {value!r}")
        return value
    text = str(value).strip() if isinstance(value, str) else None
    if text:
        try:
            return int(text)
        except ValueError:
            try:
                number = float(text)
            except ValueError:
                pass
            else:
                if math.isfinite(number):
                    return number
    raise FilterArgumentError(f"`{name}` takes a number, not {value!r}")


def _whole(value: Any, name: str) -> int:
    """A filter's whole number (`3`, `3.0`, `"3"`); FilterArgumentError for any other."""
    number = _number_of(value, name)
    if isinstance(number, float):
        if not number.is_integer():
            raise FilterArgumentError(f"`{name}` takes a whole number, not {number!r}")
        return int(number)
    return number


_ROMAN = (
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
)


def roman(value: Any) -> str:
    """`{{ chapter | roman }}`: a whole number from 1 to 3999 in Roman numerals
    (`4` is `IV`, `2026` is `MMXXVI`)."""
    n = _whole(value, "roman")
    if not 1 <= n <= 3999:
        raise FilterArgumentError(f"`roman` takes a whole number from 1 to 3999, not {n:,}")
    out = []
    for amount, letters in _ROMAN:
        count, n = divmod(n, amount)
        out.append(letters * count)
    return "".join(out)


def plural(value: Any, one: str = "", many: str | None = None) -> str:
    """`{{ cost }} {{ cost | plural("coin") }}`: `one` for a count of exactly one, else
    `many` (by default `one` with an `s`); with no words, `s` or nothing
    (`coin{{ cost | plural }}`). Two forms only: a language with more (Polish, Arabic)
    writes `{% if %}`."""
    if not isinstance(one, str) or (many is not None and not isinstance(many, str)):
        raise FilterArgumentError("`plural` takes words: `plural('die', 'dice')`")
    count = _number_of(value, "plural")
    if many is None:
        many = one + "s"
    return one if count == 1 else many


def number(value: Any, places: Any = None, thousands: Any = "", point: Any = ".") -> str:
    """`{{ price | number(2) }}`: a number with `places` decimals (0 to 10; by default a
    whole number has none and any other as many as it needs), `thousands` between
    groups of three digits (`","`, `" "`, `"."`; none by default) and `point` as the
    decimal point (`","` in German). A negative number has a minus sign (`MINUS`)."""
    n = _number_of(value, "number")
    for mark, what in ((thousands, "thousands"), (point, "point")):
        if not isinstance(mark, str) or len(mark) > MAX_MARK:
            raise FilterArgumentError(
                f"`number`'s {what} is text of at most {MAX_MARK} characters, not {mark!r}"
            )
    if places is not None and (isinstance(places, bool) or not isinstance(places, int)):
        raise FilterArgumentError(f"`number`'s places is a whole number, not {places!r}")
    if places is not None and not 0 <= places <= MAX_PLACES:
        raise FilterArgumentError(f"`number` writes 0 to {MAX_PLACES} places, not {places}")
    if isinstance(n, float) and n.is_integer() and places is None:
        n = int(n)
    try:
        if places is not None:
            text = f"{n:,.{places}f}"
        else:
            text = f"{n:,}" if isinstance(n, int) else f"{n:,.{MAX_PLACES}f}".rstrip("0")
    except (OverflowError, ValueError):  # (past a float's range, or Python's 4,300 digits)
        raise FilterArgumentError("`number` cannot write a number that large") from None
    sign = MINUS if text.startswith("-") else ""
    whole, _, fraction = text.lstrip("-").partition(".")
    return sign + whole.replace(",", thousands) + (point + fraction if fraction else "")


def signed(value: Any) -> str:
    """`{{ bonus | signed }}`: a number with its sign always written, `+2`, `+0`,
    `\u22121` (a minus sign, as wide as the plus)."""
    n = _number_of(value, "signed")
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    try:
        text = str(abs(n))
    except ValueError:  # (Python writes whole numbers of at most 4,300 digits)
        raise FilterArgumentError("`signed` cannot write a number that large") from None
    return ("+" if n >= 0 else MINUS) + text


def default(value: Any, default_value: Any = "", boolean: bool = False) -> Any:
    """jinja2's `default` (its arguments' names kept), with a field a card leaves
    empty (a value whose `absent` is true: kitgen.games.designed.props.Empty) absent
    as a name that is not there is: `default_value` for either; with `boolean`, for
    any false value too (0, an empty list)."""
    if _absent(value):
        return default_value
    if boolean and not value:
        return default_value
    return value


def _absent(value: Any) -> bool:
    """Whether a value is no value: a name that is not there, or a field a card leaves
    empty (kitgen.games.designed.props.Empty: its `absent` is true)."""
    from jinja2 import Undefined

    return isinstance(value, Undefined) or bool(getattr(value, "absent", False))


# Tests that see a field a card leaves empty as absent (`cost is defined` is false for
# it, `cost is none` true), as `default` does.
_OWN_TESTS: dict[str, Callable[..., bool]] = {
    "defined": lambda value: not _absent(value),
    "undefined": _absent,
    "none": lambda value: value is None or _absent(value),
}


# kitgen's own filters (jinja2's others are its builtins).
_OWN_FILTERS: dict[str, Callable[..., Any]] = {
    "default": default,
    "d": default,
    "number": number,
    "plural": plural,
    "roman": roman,
    "signed": signed,
}

# What a refused node is called in the message.
_STATEMENTS = {
    nodes.For: "`{% for %}` loops",
    nodes.Macro: "`{% macro %}`",
    nodes.CallBlock: "`{% call %}`",
    nodes.FilterBlock: "`{% filter %}` blocks",
    nodes.Assign: "`{% set %}`",
    nodes.AssignBlock: "`{% set %}`",
    nodes.Include: "`{% include %}`",
    nodes.Import: "`{% import %}`",
    nodes.FromImport: "`{% from ... import %}`",
    nodes.Extends: "`{% extends %}`",
    nodes.Block: "`{% block %}`",
    nodes.With: "`{% with %}`",
    nodes.Call: "function and method calls (use a filter: `{{ x | upper }}`)",
}


def value_size(value: Any, limit: int) -> int:
    """About how long `value` is printed: characters of text (at least one), digits of a
    number, and for a list or tuple one more than its items, through every level of
    nesting (a list repeated inside another is counted every time it appears).

    Counting stops once it passes `limit` (it then returns a number above `limit`),
    so measuring a huge nested list costs no more than measuring a small one.
    """
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            total += max(1, len(item))
        elif isinstance(item, bool) or item is None:
            total += 1
        elif isinstance(item, int):
            total += item.bit_length() * 30103 // 100000 + 1  # log10(2): its digits
        elif isinstance(item, (list, tuple, set, frozenset)):
            total += 1
            stack.extend(item)
        elif isinstance(item, dict):
            total += 1
            stack.extend(item.keys())
            stack.extend(item.values())
        else:
            total += 1
        if total > limit:
            return total
    return total


# The internal filters the tree is rewritten with (never allowed in rules text itself).
_BOUNDED = "kitgen bounded"
_CONCAT = "kitgen concat"


def _walk(node: nodes.Node) -> Iterator[nodes.Node]:
    yield node
    for child in node.iter_child_nodes():
        yield from _walk(child)


COMPILED_KEPT = 10_000  # compiled templates an environment keeps


class RulesSandbox(SandboxedEnvironment):
    """jinja2's sandbox, held to the part of the language rules text needs."""

    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self, limits: TemplateLimits = TEMPLATE_LIMITS, *, markup: bool = True) -> None:
        # optimized=False: no constant folding, so every operator and filter runs through
        # the bounds below, and no folded inf or nan is written into the compiled code.
        # markup=False: plain text out (a card's text, drawn as it reads), nothing escaped.
        super().__init__(autoescape=markup, undefined=StrictUndefined, optimized=False)
        self.limits = limits
        self.filters.update(_OWN_FILTERS)
        self.tests.update(_OWN_TESTS)
        for name in ALLOWED_FILTERS:
            self.filters[name] = self._bounded_filter(name, self.filters[name])
        self.filters[_BOUNDED] = self._bounded
        self.filters[_CONCAT] = self._concat
        # Each text's compiled template, by its text: a booklet is laid out several
        # times over (fitting its type to its pages) and would compile each of its
        # thousands of paragraphs each time. Only what compiled is kept; what was
        # refused is checked (and refused) again.
        self._compiled: dict[tuple[bool, str], Template] = {}
        self._expressions: dict[str, Expression] = {}

    def _size(self, value: Any) -> int:
        return value_size(value, self.limits.max_value)

    def _refuse_over(self, size: int, what: str) -> None:
        """SecurityError when `what` would build a value of `size` (over the limit)."""
        if size > self.limits.max_value:
            raise SecurityError(
                f"{what} would build a value of more than {self.limits.max_value:,} "
                "characters or items; rules text has no use for one that large"
            )

    def _bounded(self, value: Any) -> Any:
        """A list or tuple literal's value, refused when it is too large."""
        self._refuse_over(self._size(value), "a list")
        return value

    def _concat(self, parts: list[Any]) -> Any:
        """`a ~ b ~ c` (what jinja2's own concatenation does), measured before it is joined."""
        self._refuse_over(sum(self._size(part) for part in parts), "`~`")
        return markup_join(parts)

    def _bounded_filter(self, name: str, func: Callable[..., Any]) -> Callable[..., Any]:
        """`func` with its input measured before it runs (`join`, `sum`) and its result after."""
        # A filter marked pass_context/pass_eval_context/pass_environment gets that first.
        skip = 0 if getattr(func, "jinja_pass_arg", None) is None else 1

        @functools.wraps(func)
        def bounded(*args: Any, **kwargs: Any) -> Any:
            value = args[skip] if len(args) > skip else None
            if name == "join":
                sep = args[skip + 1] if len(args) > skip + 1 else kwargs.get("d", "")
                items = len(value) if isinstance(value, (str, list, tuple)) else 0
                guess = self._size(value) + self._size(sep) * max(items - 1, 0)
                self._refuse_over(guess, "`join`")
            elif name == "round":  # it raises 10 to the precision: keep that small
                precision = args[skip + 1] if len(args) > skip + 1 else 0
                if isinstance(precision, int) and abs(precision) > self.limits.max_round:
                    raise SecurityError(
                        f"`round` to {precision:,} places; rules text rounds to at most "
                        f"{self.limits.max_round}"
                    )
            elif name == "replace":  # each match may grow: refused before it is built
                self._refuse_over(_replaced_size(args[skip:], kwargs), "`replace`")
            elif name == "sum":
                start = kwargs.get("start", args[skip + 2] if len(args) > skip + 2 else 0)
                self._refuse_over(self._size(value) + self._size(start), "`sum`")
            result = func(*args, **kwargs)
            self._refuse_over(self._size(result), f"`{name}`")
            return result

        return bounded

    def call_binop(self, context: Any, op: str, left: Any, right: Any) -> Any:
        """`*`, `**`, `%` and `+`, refused when they would build something huge."""
        if op == "+":
            if not (isinstance(left, (int, float)) and isinstance(right, (int, float))):
                self._refuse_over(self._size(left) + self._size(right), "`+`")
            return operator.add(left, right)
        if op == "*":
            for seq, times in ((left, right), (right, left)):
                if (
                    isinstance(seq, (str, list, tuple))
                    and isinstance(times, int)
                    and len(seq) * max(times, 0) > self.limits.max_repeat
                ):
                    raise SecurityError(
                        f"`*` would build {len(seq) * times:,} characters or items; "
                        f"rules text allows {self.limits.max_repeat:,}"
                    )
                if isinstance(seq, str) and isinstance(times, int):
                    self._refuse_over(self._size(seq) * max(times, 0), "`*`")
                elif isinstance(seq, (list, tuple)) and isinstance(times, int):
                    # (the list itself counted once, its items `times` over: as
                    # value_size counts the list built)
                    self._refuse_over(1 + (self._size(seq) - 1) * max(times, 0), "`*`")
            if isinstance(left, int) and isinstance(right, int):
                self._refuse_over(self._size(left) + self._size(right), "`*`")
            return operator.mul(left, right)
        if op == "**":
            if isinstance(left, int) and isinstance(right, int) and abs(left) > 1:
                bits = right * math.log2(abs(left)) if right > 0 else 0
                if bits > self.limits.max_power_bits:
                    raise SecurityError(
                        f"`**` would build a number of about {bits:,.0f} bits; "
                        "rules text has no use for one that large"
                    )
            return operator.pow(left, right)
        if isinstance(left, str):  # `%` formatting can pad text to any width
            raise SecurityError("`%` on text is not allowed in rules text; use filters")
        return operator.mod(left, right)

    def refused(self, tree: nodes.Template) -> str | None:
        """Why a parsed template may not run (None when it may)."""
        for node in _walk(tree):
            if (
                isinstance(node, nodes.Const)
                and isinstance(node.value, float)
                and not math.isfinite(node.value)
            ):
                return "a number too large for a float (over about 1.8e308) cannot be written"
            if isinstance(node, nodes.Filter) and node.name not in ALLOWED_FILTERS:
                return (
                    f"the filter `{node.name}` is not allowed in rules text; allowed: "
                    f"{', '.join(sorted(ALLOWED_FILTERS))}"
                )
            if not isinstance(node, ALLOWED_NODES):
                what = next(
                    (name for kind, name in _STATEMENTS.items() if isinstance(node, kind)),
                    f"`{type(node).__name__}`",
                )
                return f"{what} cannot be used in rules text; use `{{{{ }}}}` and `{{% if %}}`"
        return None

    def fill(self, text: str, context: dict[str, Any]) -> str:
        """Run a rules text template into Paragraph markup (raises TemplateError when it
        may not or fails).

        Everything comes out escaped: the values it prints (autoescape) and the
        template's own text, so `<`, `>` and `&` in rules text are drawn as written,
        never read as Platypus tags (`credits: <Runeward Games>`)."""
        if len(text) > self.limits.max_template:
            raise SecurityError(
                f"the text is {len(text):,} characters; rules text templates may be "
                f"{self.limits.max_template:,}"
            )
        template = self._compiled.get((True, text))
        if template is None:
            tree = self.parse(text)  # parsed once: checked, then compiled from the tree
            why = self.refused(tree)
            if why is not None:
                raise SecurityError(why)
            for data in tree.find_all(nodes.TemplateData):
                data.data = escape_text(data.data)  # autoescape escapes only what is printed
            template = self._bounded_template(tree)
            self._keep(True, text, template)
        rendered = str(template.render(**context))
        if len(rendered) > self.limits.max_output:
            raise SecurityError(
                f"the text grows to {len(rendered):,} characters; "
                f"rules text may grow to {self.limits.max_output:,}"
            )
        return rendered

    def plain(self, text: str) -> Template:
        """A template that writes plain text (for an environment made with
        `markup=False`): checked and bounded as `fill` does, compiled once, run as
        often as needed; raises TemplateError when it may not run."""
        if len(text) > self.limits.max_template:
            raise SecurityError(
                f"the text is {len(text):,} characters; templates may be "
                f"{self.limits.max_template:,}"
            )
        template = self._compiled.get((False, text))
        if template is not None:
            return template
        tree = self.parse(text)
        why = self.refused(tree)
        if why is not None:
            raise SecurityError(why)
        template = self._bounded_template(tree)
        self._keep(False, text, template)
        return template

    def _bounded_template(self, tree: nodes.Template, what: str = "template") -> Template:
        """A checked tree with every value it builds measured (`_Bounder`), compiled;
        SecurityError for one nested deeper than Python compiles."""
        try:
            return self.from_string(_Bounder().visit(tree))
        except (SyntaxError, RecursionError):  # Python's own limits on nesting
            raise SecurityError(f"the {what} is nested too deeply") from None

    def expression(self, source: str) -> Expression:
        """An expression (`identity.influence_limit`, `faction != identity.faction`),
        checked and bounded as templates are, compiled once: what it gives for a
        mapping of names, and the names it reads. Raises TemplateError (a syntax error,
        or what may not run) when it cannot be compiled."""
        if len(source) > self.limits.max_template:
            raise SecurityError(
                f"the expression is {len(source):,} characters; expressions may be "
                f"{self.limits.max_template:,}"
            )
        found = self._expressions.get(source)
        if found is not None:
            return found
        from jinja2.environment import TemplateExpression
        from jinja2.parser import Parser

        parser = Parser(self, source, state="variable")
        try:
            expr = parser.parse_expression()
            if not parser.stream.eos:
                raise TemplateSyntaxError(
                    "the expression goes on after its end", parser.stream.current.lineno
                )
        except RecursionError:
            raise SecurityError("the expression is nested too deeply") from None
        why = self.refused(nodes.Template([nodes.Output([expr])]))
        if why is not None:
            raise SecurityError(why.replace("rules text", "an expression"))
        names = frozenset(_names_read(expr))  # (before `_compile` wraps what it builds)
        body = [nodes.Assign(nodes.Name("result", "store"), expr, lineno=1)]
        template = self._bounded_template(nodes.Template(body, lineno=1), "expression")
        run = TemplateExpression(template, undefined_to_none=False)
        found = Expression(source, run, names)
        if len(self._expressions) >= COMPILED_KEPT:
            del self._expressions[next(iter(self._expressions))]
        self._expressions[source] = found
        return found

    def _keep(self, escaped: bool, text: str, template: Template) -> None:
        """Keep a compiled template for its text (up to COMPILED_KEPT of them: past
        that, the oldest goes)."""
        if len(self._compiled) >= COMPILED_KEPT:
            del self._compiled[next(iter(self._compiled))]
        self._compiled[(escaped, text)] = template


class Expression:
    """A compiled expression: its source, the names it reads (each with the attribute
    read of it, `identity.faction`: ("identity", "faction"); a name read whole: (name,
    None)), and what it gives for a mapping of names (`value`, raising TemplateError,
    ArithmeticError, TypeError or ValueError when it fails, and UndefinedError for a
    name or an attribute that is not there)."""

    __slots__ = ("names", "run", "source")

    def __init__(
        self, source: str, run: Callable[..., Any], names: frozenset[tuple[str, str | None]]
    ) -> None:
        self.source = source
        self.run = run
        self.names = names

    def value(self, names: dict[str, Any]) -> Any:
        from jinja2 import Undefined

        got = self.run(**names)
        if isinstance(got, Undefined):
            got._fail_with_undefined_error()
        return got


class RuleExpression:
    """An Expression as kitgen.rules.deck_rules runs one (its `Compiled`): every way it
    can fail, a ValueError in words."""

    __slots__ = ("expression", "names", "source")

    def __init__(self, expression: Expression) -> None:
        self.expression = expression
        self.source = expression.source
        self.names = expression.names

    def value(self, names: dict[str, Any]) -> Any:
        try:
            return self.expression.value(names)
        except (TemplateError, ArithmeticError, TypeError, ValueError, RecursionError) as err:
            raise ValueError(str(err) or type(err).__name__) from None


def rule_expressions() -> Callable[[str], RuleExpression]:
    """A compiler of deck rules' expressions (kitgen.rules.deck_rules.Compile): the
    templates' sandbox, each failure to compile a ValueError in words."""
    env = RulesSandbox(markup=False)

    def compile(source: str) -> RuleExpression:
        try:
            return RuleExpression(env.expression(source))
        except TemplateSyntaxError as err:
            raise ValueError(f"`{source}` cannot be read: {err.message}") from None
        except TemplateError as err:
            raise ValueError(f"`{source}` may not run: {err}") from None

    return compile


def _names_read(expr: nodes.Node) -> set[tuple[str, str | None]]:
    """The names an expression reads, each with the attribute (or constant key) read of
    it, if any: `identity.side` and `identity['side']` are ("identity", "side")."""
    out: set[tuple[str, str | None]] = set()
    inner: set[int] = set()  # the names read through an attribute
    for node in _walk(expr):
        if isinstance(node, nodes.Getattr) and isinstance(node.node, nodes.Name):
            out.add((node.node.name, node.attr))
            inner.add(id(node.node))
        elif (
            isinstance(node, nodes.Getitem)
            and isinstance(node.node, nodes.Name)
            and isinstance(node.arg, nodes.Const)
            and isinstance(node.arg.value, str)
        ):
            out.add((node.node.name, node.arg.value))
            inner.add(id(node.node))
    for node in _walk(expr):
        if isinstance(node, nodes.Name) and node.ctx == "load" and id(node) not in inner:
            out.add((node.name, None))
    return out


def _replaced_size(args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
    """How long `replace` would make its text (`replace(s, old, new, count)`)."""
    names = ("s", "old", "new", "count")
    given = dict(zip(names, args, strict=False)) | kwargs
    text, old, new = (str(given.get(k, "")) for k in names[:3])
    count = given.get("count")
    matches = text.count(old) if old else len(text) + 1
    if isinstance(count, int) and not isinstance(count, bool) and count >= 0:
        matches = min(matches, count)
    return len(text) + matches * max(len(new) - len(old), 0)


class _Bounder(NodeTransformer):
    """Rewrites a checked tree so every value it builds is measured: a list or tuple
    literal passes through the `kitgen bounded` filter, and `a ~ b` becomes the
    `kitgen concat` filter over `[a, b]` (measured before it is joined)."""

    def visit_List(self, node: nodes.List) -> nodes.Node:  # jinja2's visitor names
        self.generic_visit(node)
        return _filter(node, _BOUNDED)

    def visit_Tuple(self, node: nodes.Tuple) -> nodes.Node:
        self.generic_visit(node)
        if node.ctx != "load":
            return node
        return _filter(node, _BOUNDED)

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        parts = nodes.List(list(node.nodes), lineno=node.lineno)
        return _filter(parts, _CONCAT)


def _filter(node: nodes.Expr, name: str) -> nodes.Filter:
    return nodes.Filter(node, name, [], [], None, None, lineno=node.lineno)


def template_problem(
    env: RulesSandbox, text: str, context: dict[str, Any], at: Location | None
) -> Finding | None:
    """The `template-error` a piece of rules text gives when it runs (None when it runs):
    `kitgen check` runs every template that computes something, so a template the booklet
    would refuse (or one that would build too much) is found where it is written."""
    try:
        env.fill(text, context)
    except TemplateSyntaxError as err:
        where = at
        if at is not None and err.lineno and err.lineno > 1:
            where = Location(at.path, at.line + err.lineno - 1, 1)
        return finding("template-error", f"template: {err.message}", where)
    except (TemplateError, ArithmeticError, TypeError, ValueError, RecursionError) as err:
        return finding("template-error", f"template: {err}", at)
    return None
