"""``studrules diff A B`` and ``studrules diff --all``: rule sets compared rule by rule."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path

from ..analysis.diff import diff, diff_matrix, variant_label
from ..errors import StudrulesError
from ..spec.loader import load_variant, parse_assignments, shipped_variants
from ._common import load_with_stakes

NAME = "diff"
HELP = "compare the rules of two variants, or of every shipped variant"
DESCRIPTION = (
    "Compare two variants rule by rule, in plain words, grouped by topic (each with its own "
    "--option-a/--option-b and --stake-a/--stake-b); or, with --all, every shipped variant "
    "against every rule topic. Meaning is compared, not YAML text."
)
ORDER = 31
EXAMPLES = (
    "studrules diff five-card-stud five-card-stud-fr",
    "studrules diff five-card-stud-fr five-card-stud-fr --option-b open_fold=fourth_street --json",
    "studrules diff --all --html rules.html",
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", nargs="?", help="first variant (a shipped name or a YAML file)")
    parser.add_argument("b", metavar="B", nargs="?", help="second variant (a shipped name or a YAML file)")
    parser.add_argument("--all", action="store_true", help="a matrix of every shipped variant against the rule topics")
    parser.add_argument(
        "--option-a", action="append", default=[], metavar="NAME=CHOICE", help="a house-rule option of A (repeatable)"
    )
    parser.add_argument(
        "--option-b", action="append", default=[], metavar="NAME=CHOICE", help="a house-rule option of B (repeatable)"
    )
    parser.add_argument(
        "--stake-a", action="append", default=[], metavar="NAME=VALUE", help="a stake of A, in chips (repeatable)"
    )
    parser.add_argument(
        "--stake-b", action="append", default=[], metavar="NAME=VALUE", help="a stake of B, in chips (repeatable)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of the text")
    parser.add_argument("--html", metavar="FILE", help="with --all: also write a self-contained HTML report to FILE")


def run(args: argparse.Namespace) -> int:
    if args.all:
        if args.a or args.b:
            raise StudrulesError("diff --all compares every shipped variant: give no variant names with it")
        return _run_all(args)
    if not (args.a and args.b):
        raise StudrulesError("diff needs two variants (diff A B), or --all")
    if args.html:
        raise StudrulesError("--html is for diff --all")
    a = load_with_stakes(
        args.a,
        parse_assignments(args.option_a, "--option-a"),
        parse_assignments(args.stake_a, "--stake-a"),
        "--stake-a",
    )
    b = load_with_stakes(
        args.b,
        parse_assignments(args.option_b, "--option-b"),
        parse_assignments(args.stake_b, "--stake-b"),
        "--stake-b",
    )
    differences = diff(a, b)
    if args.json:
        json.dump([d.as_dict() for d in differences], sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    sys.stdout.write(format_differences(differences, variant_label(a), variant_label(b)))
    return 0


def format_differences(differences, name_a: str, name_b: str) -> str:
    """Plain text: a header, then ``rule: a | b`` lines under each topic."""
    if not differences:
        return f"{name_a} and {name_b}: no differences in the rules.\n"
    out = [f"{name_a} | {name_b}", ""]
    topic = None
    width = max(len(d.rule) for d in differences)
    for d in differences:
        if d.topic != topic:
            if topic is not None:
                out.append("")
            out.append(d.topic.capitalize())
            topic = d.topic
        out.append(f"  {d.rule.ljust(width)}  {d.a} | {d.b}")
    return "\n".join(out) + "\n"


def _run_all(args: argparse.Namespace) -> int:
    variants = [load_variant(p) for p in shipped_variants()]
    matrix = diff_matrix(variants)
    if args.html:
        from ..analysis.report_html import html_page

        Path(args.html).write_text(
            html_page("House rules side by side", matrix_sections(matrix), note=_note(matrix)), encoding="utf-8"
        )
    if args.json:
        json.dump(matrix.as_dict(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_matrix(matrix))
    return 0


def _note(matrix) -> str:
    differing = sum(1 for r in matrix.rows if matrix.differs(r))
    return f"{len(matrix.variants)} variants, {len(matrix.rows)} rules, {differing} of which differ between variants."


def matrix_sections(matrix) -> list:
    """The sections of the ``diff --all`` HTML page: a chart of differing
    rules per topic, then the matrix with differing cells highlighted."""
    from ..analysis.report_html import Section, bar_chart, table

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
        classes.append("differs" if differs else "same")
        if differs:
            common = max(set(values), key=values.count)
            highlight += [(i, c + 1) for c, v in enumerate(values) if v != common or values.count(common) == 1]
    grid = table(["rule", *matrix.variants], rows, highlight=highlight, row_classes=classes, group_rows=groups)
    return [
        Section("Differences by topic", chart, id="chart"),
        Section("Every rule of every variant", grid, id="matrix"),
    ]


def format_matrix(matrix) -> str:
    """Plain text: each rule that differs, with the value of every variant."""
    out = [f"{len(matrix.variants)} variants: {', '.join(matrix.variants)}", ""]
    topic = None
    for t, rule, values in matrix.rows:
        if not matrix.differs((t, rule, values)):
            continue
        if t != topic:
            out.append(t.capitalize())
            topic = t
        out.append(f"  {rule}")
        for name, value in zip(matrix.variants, values):
            out.append(textwrap.fill(value, 100, initial_indent=f"    {name}: ", subsequent_indent=" " * 8))
    same = sum(1 for r in matrix.rows if not matrix.differs(r))
    out += ["", f"{same} more rules are the same in every variant (see --json or --html)."]
    return "\n".join(out) + "\n"
