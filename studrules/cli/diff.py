"""``studrules diff A B`` and ``studrules diff --all``: rule sets compared rule by rule."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..analysis.diff import diff, diff_matrix, variant_label
from ..analysis.diff_report import differences_page, format_differences, format_matrix, matrix_sections
from ..errors import UsageError
from ..spec.loader import load_variant, shipped_variants
from ._common import add_side_arguments, load_sides
from ._outputs import check_output_file, write_output
from .main import visible

NAME = "diff"
HELP = "compare the rules of two variants, or of every shipped variant"
DESCRIPTION = (
    "Compare two variants rule by rule, in plain words, grouped by topic (each with its own "
    "--option-a/--option-b and --stake-a/--stake-b); or, with --all, every shipped variant "
    "against every rule topic. Meaning is compared, not YAML text: amounts equal at the files' stakes "
    "are no difference (those written as other formulas of the stakes are listed apart)."
)
ORDER = 31


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", nargs="?", help="first variant (a shipped name or a YAML file)")
    parser.add_argument("b", metavar="B", nargs="?", help="second variant (a shipped name or a YAML file)")
    parser.add_argument("--all", action="store_true", help="a matrix of every shipped variant against the rule topics")
    add_side_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print JSON instead of the text")
    parser.add_argument("--html", metavar="FILE", help="also write a self-contained HTML report to FILE")
    parser.add_argument(
        "--force", action="store_true", help="replace an existing --html file (it is refused otherwise)"
    )


def run(args: argparse.Namespace) -> int:
    if args.all:
        if args.a or args.b:
            raise UsageError("diff --all compares every shipped variant: give no variant names with it")
        sided = [f"--{k.replace('_', '-')}" for k in ("option_a", "option_b", "stake_a", "stake_b") if getattr(args, k)]
        if sided:  # (each shipped variant is compared as its file has it: no side to give them to)
            raise UsageError(f"diff --all compares every shipped variant as its file has it: {sided[0]} has no side")
        return _run_all(args)
    for side, given in (("A", args.a), ("B", args.b)):
        if given is not None and not given.strip():
            raise UsageError(f"argument {side}: empty; give a shipped variant's name (studrules list) or a YAML file")
    if not (args.a and args.b):
        if args.a:
            raise UsageError(
                f"diff needs a second variant to set beside {args.a}: studrules diff {args.a} B (or --all)"
            )
        raise UsageError("diff needs two variants: studrules diff A B (or --all, every shipped variant)")
    html_path = _html_target(args)
    a, b = load_sides(args)
    differences = diff(a, b, same_now=True)
    name_a, name_b = variant_label(a, args.stake_a), variant_label(b, args.stake_b)
    if name_a == name_b:
        name_a, name_b = f"{name_a} (A)", f"{name_b} (B)"
    if html_path is not None:
        write_output("--html", html_path, differences_page(differences, name_a, name_b))
        print(visible(f"wrote {html_path}"), file=sys.stderr)
    if args.json:
        json.dump([d.as_dict() for d in differences], sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    sys.stdout.write(format_differences(differences, name_a, name_b, width=_width()))
    return 0


def _html_target(args: argparse.Namespace) -> Path | None:
    """The --html file, checked before any work: a file in an existing folder, not one already there."""
    if not args.html:
        return None
    return check_output_file(
        "--html", args.html, force=args.force, keep=(getattr(args, "a", None), getattr(args, "b", None))
    )


def _run_all(args: argparse.Namespace) -> int:
    html_path = _html_target(args)
    variants = [load_variant(p) for p in shipped_variants()]
    matrix = diff_matrix(variants)
    if html_path is not None:
        from ..analysis.report_html import html_page

        write_output(
            "--html", html_path, html_page("House rules side by side", matrix_sections(matrix), note=_note(matrix))
        )
    if args.json:
        json.dump(matrix.as_dict(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_matrix(matrix, width=_width()))
    return 0


def _note(matrix) -> str:
    differing = sum(1 for r in matrix.rows if matrix.differs(r))
    return f"{len(matrix.variants)} variants, {len(matrix.rows)} rules, {differing} of which differ between variants."


def _width() -> int:
    import shutil

    return max(shutil.get_terminal_size((100, 24)).columns, 60) if sys.stdout.isatty() else 100
