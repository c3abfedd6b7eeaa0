"""The reports of ``diff``: two rule sets as plain text or an HTML page, and
every shipped variant against every rule as a wrapped text matrix or a page.

:func:`format_differences` lists the rules that differ, topic by topic, and
apart from them the rules that come to the same chips at these stakes by other
formulas (:attr:`~studrules.analysis.diff.Difference.same_now`);
:func:`differences_page` is the same as one self-contained HTML page.
:func:`format_matrix` prints the rules that differ between many variants as a
matrix (a column per variant, a letter per value, a key under each topic),
wrapped to a width; :func:`matrix_sections` is the HTML form.

    >>> from studrules.analysis.diff import Difference
    >>> print(format_differences([Difference("round 1", "bet size", "10", "20")], "A", "B"), end="")
    A | B
    <BLANKLINE>
    Round 1
      bet size  10 | 20
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from .diff import Difference, DiffMatrix
from .report_html import Section, bar_chart, html_page, paragraph, table

__all__ = ["format_differences", "differences_page", "format_matrix", "matrix_sections", "SAME_NOW_HEADING"]

#: The heading of the rules that come to the same chips by other formulas.
SAME_NOW_HEADING = "The same at these stakes, by other formulas (they part as soon as a stake changes)"

# a value's mark in the text matrix: a letter, then a digit; "." for a rule the variant lacks
_MARKS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def format_differences(differences: Sequence[Difference], name_a: str, name_b: str, width: int = 100) -> str:
    """Plain text: a header, then ``rule  a | b`` lines under each topic (a
    rule too long for ``width`` on three: the rule, then A's and B's values
    wrapped); the rules that are the same at these stakes by other formulas
    last, apart."""
    real = [d for d in differences if not d.same_now]
    same = [d for d in differences if d.same_now]
    if not real:
        head = f"{name_a} and {name_b}: no differences in the rules."
        if not same:
            return head + "\n"
        return head + "\n\n" + "\n".join([SAME_NOW_HEADING, *_by_topic(same, "  ", width)]) + "\n"
    out = [f"{name_a} | {name_b}", "", *_by_topic(real, "", width)]
    if same:
        out += ["", SAME_NOW_HEADING, *_by_topic(same, "  ", width)]
    return "\n".join(out) + "\n"


def differences_page(differences: Sequence[Difference], name_a: str, name_b: str) -> str:
    """One self-contained HTML page of two rule sets' differences.

    >>> page = differences_page([Difference("round 1", "bet size", "10", "20")], "A", "B")
    >>> page.startswith("<!DOCTYPE html>") and "<td>bet size</td>" in page
    True
    """
    real = [d for d in differences if not d.same_now]
    same = [d for d in differences if d.same_now]
    sections = []
    if real:
        sections.append(Section("Rules that differ", _difference_table(real, name_a, name_b), id="differences"))
    else:
        sections.append(Section("Rules that differ", paragraph("No rule differs."), id="differences"))
    if same:
        sections.append(Section(SAME_NOW_HEADING, _difference_table(same, name_a, name_b), id="same-now"))
    note = (
        f"{_count(len(real), 'rule differs', 'rules differ')}; "
        f"{_count(len(same), 'more comes', 'more come')} to the same chips at these stakes by other formulas."
    )
    return html_page(f"{name_a} against {name_b}: the rules", sections, note=note)


def format_matrix(matrix: DiffMatrix, width: int = 100) -> str:
    """Plain text: the rules that differ as a matrix, a column per variant
    (numbered, the key first) and a letter per value (the key of each topic's
    values under its rows, ``.`` for a rule the variant lacks), the columns
    wrapped in blocks that fit ``width``.

    >>> m = DiffMatrix(("a", "b", "c"), (("stakes", "ante", ("1", "2", "1")), ("stakes", "bring-in", ("3", "3", "3"))))
    >>> print(format_matrix(m), end="")
    3 variants, 2 rules: 1 differs (the other is the same in every variant).
    Columns: 1 a   2 b   3 c
    <BLANKLINE>
    Stakes  123
      ante  aba
        ante: a = 1; b = 2

    A rule named at more length than the column holds is written whole on a line of its own::

        >>> long = DiffMatrix(("a", "b"), (("stakes", "every wager pays on pair of tens", ("1", "2")),))
        >>> print(format_matrix(long).splitlines()[4:6])
        ['  every wager pays on pair of tens', '                              ab']
    """
    from .diff import MISSING

    names = matrix.variants
    differing = [r for r in matrix.rows if matrix.differs(r)]
    same = len(matrix.rows) - len(differing)
    out = textwrap.wrap(
        f"{len(names)} variants, {len(matrix.rows)} rules: {len(differing)} "
        f"differ{'s' if len(differing) == 1 else ''} (the {'other is' if same == 1 else f'{same} others are'} "
        "the same in every variant).",
        width,
        break_on_hyphens=False,
    )
    out += _wrap_items([f"{i} {n}" for i, n in enumerate(names, 1)], "   ", width, "Columns: ", " " * 9)
    topics: dict[str, list[tuple[str, str, tuple[str, ...]]]] = {}
    for row in differing:
        topics.setdefault(row[0], []).append(row)
    label_w = min(max([len(r[1]) + 2 for r in differing] + [len(t) for t in topics] + [0]), 28) + 2
    fits = max(width - label_w, 10)
    blocks = -(-len(names) // fits)
    per_block = -(-len(names) // max(blocks, 1)) or 1  # blocks of even width
    digits = len(str(len(names)))
    for topic, rows in topics.items():
        marks = {}
        for row in rows:
            distinct = [v for v in dict.fromkeys(row[2]) if v != MISSING]
            marks[row[1]] = {v: _MARKS[i] if i < len(_MARKS) else "+" for i, v in enumerate(distinct)}
        for start in range(0, len(names), per_block):
            cols = range(start, min(start + per_block, len(names)))
            out.append("")
            for d in range(digits, 0, -1):  # column numbers written downward
                head = "".join(str(i + 1).rjust(digits)[digits - d] for i in cols)
                out.append((topic.capitalize() if d == 1 else "").ljust(label_w)[:label_w] + head)
            for _, rule, row_values in rows:
                cells = "".join("." if row_values[i] == MISSING else marks[rule][row_values[i]] for i in cols)
                label = f"  {rule}"
                if len(label) >= label_w:  # too long for the column: whole, on a line of its own
                    out.append(label)
                    label = ""
                out.append(label.ljust(label_w) + cells)
        for _, rule, _values in rows:
            legend = [f"{m} = {v};" for v, m in marks[rule].items()]
            legend[-1] = legend[-1].rstrip(";")
            out += _wrap_items([f"{rule}:", *legend], " ", width, "    ", " " * 6)
    return "\n".join(out) + "\n"


def matrix_sections(matrix: DiffMatrix) -> list[Section]:
    """The sections of the ``diff --all`` HTML page: a chart of differing
    rules per topic, then the matrix with differing cells highlighted."""
    topics: dict[str, int] = {}
    for row in matrix.rows:
        topics.setdefault(row[0], 0)
        if matrix.differs(row):
            topics[row[0]] += 1
    chart = bar_chart(list(topics), list(topics.values()), title="Rules that differ, by topic")
    rows, highlight, classes, groups = [], [], [], {}
    topic = None
    for i, (t, rule, values) in enumerate(matrix.rows):
        if t != topic:
            groups[i] = t
            topic = t
        rows.append([rule, *values])
        differs = matrix.differs((t, rule, values))
        classes.append("differs" if differs else "same-now" if matrix.same_now((t, rule, values)) else "same")
        if differs:
            common = max(set(values), key=values.count)
            highlight += [(i, c + 1) for c, v in enumerate(values) if v != common or values.count(common) == 1]
    grid = table(["rule", *matrix.variants], rows, highlight=highlight, row_classes=classes, group_rows=groups)
    return [
        Section("Differences by topic", chart, id="chart"),
        Section("Every rule of every variant", grid, id="matrix"),
    ]


# --- helpers ---------------------------------------------------------------


def _count(n: int, one: str, many: str) -> str:
    """``1 rule differs``, ``2 rules differ``: a number and the words that agree with it."""
    return f"{n} {one if n == 1 else many}"


def _by_topic(differences: Sequence[Difference], indent: str, width: int) -> list[str]:
    out: list[str] = []
    topic = None
    rule_w = max(len(d.rule) for d in differences)
    for d in differences:
        if d.topic != topic:
            if topic is not None:
                out.append("")
            out.append(indent + d.topic.capitalize())
            topic = d.topic
        line = f"{indent}  {d.rule.ljust(rule_w)}  {d.a} | {d.b}"
        if len(line) <= width:
            out.append(line)
            continue
        out.append(f"{indent}  {d.rule}")
        for side, value in (("A", d.a), ("B", d.b)):
            pad = f"{indent}      "
            out += textwrap.wrap(
                value, width, initial_indent=f"{indent}    {side}: ", subsequent_indent=pad, break_on_hyphens=False
            )
    return out


def _wrap_items(items: Sequence[str], sep: str, width: int, first: str, rest: str) -> list[str]:
    """``items`` joined by ``sep`` in lines of at most ``width``, an item broken only when it alone is too long."""
    lines: list[str] = []
    line = first
    for item in items:
        fresh = line in (first, rest)
        if not fresh and len(line) + len(sep) + len(item) > width:
            lines.append(line)
            line = rest
            fresh = True
        if fresh and len(line) + len(item) > width:
            wrapped = textwrap.wrap(item, width, initial_indent=line, subsequent_indent=rest, break_on_hyphens=False)
            lines += wrapped[:-1]
            line = wrapped[-1]
        else:
            line = line + item if fresh else line + sep + item
    lines.append(line)
    return lines


def _difference_table(differences: Sequence[Difference], name_a: str, name_b: str) -> str:
    rows = [[d.topic, d.rule, d.a, d.b] for d in differences]
    return table(["topic", "rule", name_a, name_b], rows, highlight=[(i, c) for i in range(len(rows)) for c in (2, 3)])
