r"""`**bold**` and `*italic*` in rules text, to Platypus `<b>` and `<i>` tags that
always nest.

The text comes in already escaped as Platypus markup (`&amp;`, `&lt;`, ...: see
kitgen.render.rules_text), with its template filled, so emphasis that a template
prints (`{{ '*' }}a*`) is read like emphasis written out. The markers are read
as CommonMark reads `*` (its "delimiter runs" and their stack, rule of three
included): a run of `*` may open emphasis when it is left-flanking (not followed
by a space, and not followed by punctuation unless it follows a space or
punctuation) and close it when it is right-flanking (the mirror image), or, where
kitgen departs from CommonMark, when it stands between a hyphen and a letter (the
end of the first half of a compound word: `**Virus-**Programm`); a closer
takes the nearest opener that fits, two markers from each for bold when both
have two, else one for italic. Markers that find no partner are printed as they
are. The tags come from a tree, so they are always closed in the order they were
opened: `***both***`, `*a **b* c**` and any other string give markup that
Platypus reads. `_` is not a marker. A backslash before ASCII punctuation (`\*`,
`\:`, `\\`) makes it a plain character, as in CommonMark: `\*` is a star that
opens and closes nothing, and the backslash is not printed (a backslash before
anything else is printed as written).

The same tree gives `emphasis_spans`, the text cut into runs that know whether
they are bold or italic, for text drawn without Platypus (kitgen.render.richtext),
so both read emphasis by the same rules.

Pure Python, linear in the length of the text (no regular expression retries,
no recursion: any depth of nesting is safe).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass, field


def escape_text(text: str) -> str:
    """Plain text as Platypus paragraph markup: `&`, `<` and `>` escaped."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# An escaped character (`&amp;`, `&lt;`, `&#34;`, ...) counts as one punctuation mark,
# and so does a backslash escape (a backslash and ASCII punctuation; `\&amp;` is a
# backslash escape of `&`).
_BACKSLASHED = r"\\[!-/:-@\[-`{-~]"
_ATOM = re.compile(
    _BACKSLASHED + r"|&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);|\*+|[^&*\\]+|&|\\"
)
# Where a span of kitgen.render.richtext opens and closes (`{prereq}`, `{/}`), as the
# text reaches this module: two of Unicode's noncharacters, kept for a program's own
# use, which no text a designer writes holds. Emphasis sees through them: a `*` next
# to one is flanked by the character beyond it (`{red}**Trash:**{/}` is bold).
SPAN_MARKS = "\ufdd0\ufdd1"


@dataclass(eq=False)
class _Node:
    """A piece of the text: literal text (`tag` empty, `text`), or emphasis around
    `children` (`tag` "b" or "i"). Siblings are linked both ways."""

    text: str = ""
    tag: str = ""
    children: list[_Node] = field(default_factory=list)
    prev: _Node | None = None
    next: _Node | None = None


@dataclass(eq=False)
class _Run:
    """A run of `*` on the delimiter stack: its text node, how many markers are left
    (`count`) and were written (`length`), and whether it may open or close."""

    node: _Node
    count: int
    length: int
    opens: bool
    closes: bool
    below: _Run | None = None
    above: _Run | None = None


def _kind(ch: str) -> str:
    """' ' for white space (the ends of the text count as such), 'p' for
    punctuation and symbols, 'w' for anything else."""
    if not ch or ch.isspace():
        return " "
    if ch == "&" or unicodedata.category(ch)[0] in "PS":  # `&` starts an escaped mark
        return "p"
    return "w"


_HYPHENS = "-\u2010\u2011"  # hyphen-minus, hyphen, non-breaking hyphen


def _flanking(before: str, after: str) -> tuple[bool, bool]:
    """Whether a run between `before` and `after` (each ' ', 'p' or 'w') is left- and
    right-flanking, as CommonMark defines them."""
    left = after != " " and (after != "p" or before in " p")
    right = before != " " and (before != "p" or after in " p")
    return left, right


def _link(nodes: list[_Node]) -> None:
    for a, b in itertools.pairwise(nodes):
        a.next, b.prev = b, a


def _parse(escaped: str, keep_backslashes: bool) -> tuple[_Node, _Run | None]:
    """The text as a linked list of nodes after a head node, and the top of the
    delimiter stack (its runs of `*`, last one on top). A backslash escape's node is
    its character, or (`keep_backslashes`) the escape as written."""
    atoms = _ATOM.findall(escaped)
    marked = SPAN_MARKS[0] in escaped or SPAN_MARKS[1] in escaped
    head = _Node()
    nodes = [head]
    top: _Run | None = None
    for i, atom in enumerate(atoms):
        escape = len(atom) == 2 and atom[0] == "\\"
        node = _Node(atom[1] if escape and not keep_backslashes else atom)
        nodes.append(node)
        if atom[0] != "*":
            continue
        if marked:
            last, following = _beside(atoms, i, -1), _beside(atoms, i, 1)
        else:
            last = atoms[i - 1][-1] if i > 0 else ""
            following = atoms[i + 1][0] if i + 1 < len(atoms) else ""
        before, after = _kind(last), _kind(following)
        opens, closes = _flanking(before, after)
        # kitgen's one departure from CommonMark: a run between a hyphen and a letter
        # may close too, so emphasis can end on the first half of a compound word
        # (`**Virus-**Programm`, as German and Dutch write them).
        closes = closes or (after == "w" and last != "" and last in _HYPHENS)
        if opens or closes:
            run = _Run(node, len(atom), len(atom), opens, closes, below=top)
            if top is not None:
                top.above = run
            top = run
    _link(nodes)
    return head, top


def _beside(atoms: list[str], i: int, step: int) -> str:
    """The character next to atom `i` on one side (`step` -1: before it, 1: after),
    looking through span marks; "" at the end of the text."""
    k = i + step
    while 0 <= k < len(atoms):
        text = atoms[k].strip(SPAN_MARKS)
        if text:
            return text[-1] if step < 0 else text[0]
        k += step
    return ""


def _remove(run: _Run) -> None:
    """Take a run off the delimiter stack (its text stays, as literal markers)."""
    if run.below is not None:
        run.below.above = run.above
    if run.above is not None:
        run.above.below = run.below


def _process(head: _Node, top: _Run | None) -> None:
    """Match closers to openers, bottom of the stack first, wrapping what lies
    between a matched pair into a `<b>` or `<i>` node (CommonMark's "process
    emphasis", for `*` only)."""
    bottom = top
    while bottom is not None and bottom.below is not None:
        bottom = bottom.below
    # Per (closer can open, closer length % 3): openers below this are known not to fit.
    floor: dict[tuple[bool, int], _Run | None] = {}
    closer = bottom
    while closer is not None:
        if not closer.closes:
            closer = closer.above
            continue
        key = (closer.opens, closer.length % 3)
        stop = floor.get(key)
        opener = closer.below
        while opener is not None and opener is not stop:
            odd = (opener.closes or closer.opens) and (opener.length + closer.length) % 3 == 0
            if opener.opens and not (odd and (opener.length % 3 or closer.length % 3)):
                break
            opener = opener.below
        else:
            opener = None
        if opener is None:
            floor[key] = closer.below
            nxt = closer.above
            if not closer.opens:
                _remove(closer)
            closer = nxt
            continue
        use = 2 if opener.count >= 2 and closer.count >= 2 else 1
        opener.count -= use
        closer.count -= use
        opener.node.text = opener.node.text[:-use]
        closer.node.text = closer.node.text[use:]
        # The nodes strictly between the two runs go inside the new emphasis node.
        inner: list[_Node] = []
        node = opener.node.next
        while node is not None and node is not closer.node:
            inner.append(node)
            node = node.next
        emph = _Node(tag="b" if use == 2 else "i", children=inner)
        if inner:
            inner[0].prev = None
            inner[-1].next = None
        opener.node.next, emph.prev = emph, opener.node
        emph.next, closer.node.prev = closer.node, emph
        # Runs between the two can no longer match anything.
        opener.above, closer.below = closer, opener
        if opener.count == 0:
            _remove(opener)
        if closer.count == 0:
            nxt = closer.above
            _remove(closer)
            closer = nxt


def _render(head: _Node) -> str:
    """The markup of the node list after `head`, children inside their tags (a loop
    with an explicit stack, not recursion)."""
    out: list[str] = []
    stack: list[tuple[_Node | None, str]] = [(head.next, "")]
    while stack:
        node, close = stack.pop()
        if node is None:
            out.append(close)
            continue
        stack.append((node.next, close))
        if node.tag:
            out.append(f"<{node.tag}>")
            stack.append((node.children[0] if node.children else None, f"</{node.tag}>"))
        else:
            out.append(node.text)
    return "".join(out)


def emphasis_markup(escaped: str) -> str:
    """Escaped rules text with its `**bold**` and `*italic*` as well-nested Platypus
    `<b>` and `<i>` tags; markers that match nothing stay as they are."""
    if "*" not in escaped and "\\" not in escaped:
        return escaped
    head, top = _parse(escaped, False)
    _process(head, top)
    return _render(head)


def _spans(head: _Node) -> list[tuple[str, bool, bool]]:
    """The literal text of the node list after `head` as (text, bold, italic) runs in
    order, neighbours of the same style joined and empty text dropped (a loop with an
    explicit stack, as `_render`)."""
    out: list[tuple[str, bool, bool]] = []
    stack: list[tuple[_Node | None, bool, bool]] = [(head.next, False, False)]
    while stack:
        node, bold, italic = stack.pop()
        if node is None:
            continue
        stack.append((node.next, bold, italic))
        if node.tag:
            first = node.children[0] if node.children else None
            stack.append((first, bold or node.tag == "b", italic or node.tag == "i"))
        elif node.text:
            if out and out[-1][1:] == (bold, italic):
                out[-1] = (out[-1][0] + node.text, bold, italic)
            else:
                out.append((node.text, bold, italic))
    return out


def emphasis_spans(escaped: str) -> list[tuple[str, bool, bool]]:
    r"""Escaped text (as `emphasis_markup` takes it) cut into (text, bold, italic) runs
    by the same rules: the markers that matched are gone, those that did not stay in
    the text. The text is still escaped, its backslash escapes too (`\:` stays, for
    the caller to read: kitgen.render.richtext's icons); emphasis inside emphasis of
    the same kind stays as it is (bold inside bold is bold)."""
    if "*" not in escaped:
        return [(escaped, False, False)] if escaped else []
    head, top = _parse(escaped, True)
    _process(head, top)
    return _spans(head)
