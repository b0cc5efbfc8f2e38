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
from jinja2.exceptions import SecurityError
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
        "round",
        "sort",
        "string",
        "sum",
        "title",
        "trim",
        "unique",
        "upper",
    }
)
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
        for name in ALLOWED_FILTERS:
            self.filters[name] = self._bounded_filter(name, self.filters[name])
        self.filters[_BOUNDED] = self._bounded
        self.filters[_CONCAT] = self._concat
        # Each text's compiled template, by its text: a booklet is laid out several
        # times over (fitting its type to its pages) and would compile each of its
        # thousands of paragraphs each time. Only what compiled is kept; what was
        # refused is checked (and refused) again.
        self._compiled: dict[tuple[bool, str], Template] = {}

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
                if isinstance(seq, (str, list, tuple)) and isinstance(times, int):
                    self._refuse_over(self._size(seq) * max(times, 0), "`*`")
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
            tree = _Bounder().visit(tree)
            try:
                template = self.from_string(tree)
            except (SyntaxError, RecursionError):  # Python's own limits on nesting
                raise SecurityError("the template is nested too deeply") from None
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
        tree = _Bounder().visit(tree)
        try:
            template = self.from_string(tree)
        except (SyntaxError, RecursionError):
            raise SecurityError("the template is nested too deeply") from None
        self._keep(False, text, template)
        return template

    def _keep(self, escaped: bool, text: str, template: Template) -> None:
        """Keep a compiled template for its text (up to COMPILED_KEPT of them: past
        that, the oldest goes)."""
        if len(self._compiled) >= COMPILED_KEPT:
            del self._compiled[next(iter(self._compiled))]
        self._compiled[(escaped, text)] = template


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
