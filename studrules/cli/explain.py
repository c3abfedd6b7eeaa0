"""``studrules explain VARIANT``: the variant's rules as a readable rule book."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UsageError
from ._common import add_variant_arguments, variant_from_args

if TYPE_CHECKING:
    from ..spec.model import Variant

NAME = "explain"
HELP = "print a variant's rules as a readable rule book"
DESCRIPTION = (
    "Print the rules of a variant as a rule book in English, written from the loaded "
    "variant: forced bets, the deal, each betting round, showdown and ties, settlement, "
    "and the house options with their current choice."
)
ORDER = 30


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_variant_arguments(parser)
    parser.add_argument("--markdown", action="store_true", help="write Markdown instead of plain text")
    parser.add_argument("--lang", default="en", metavar="LANG", help="language of the rule book (only 'en' for now)")
    instead = parser.add_mutually_exclusive_group()
    instead.add_argument(
        "--steps",
        action="store_true",
        help="list the variant's steps in order by id (the ids a file that extends it, or an option's "
        "changes, names), with each step's kind and the file and line where it is first written, instead of the rule book",
    )
    instead.add_argument(
        "--quotes",
        action="store_true",
        help="print what the variant's source text says, step by step, in its own words (each step's and "
        "option's quote), and the steps that quote nothing (the file's readings), instead of the rule book",
    )


def run(args: argparse.Namespace) -> int:
    if args.steps:
        sys.stdout.write(step_list(variant_from_args(args)))
        return 0
    if args.quotes:
        from ..analysis.source_quotes import quote_list

        sys.stdout.write(quote_list(variant_from_args(args)))
        return 0
    on_terminal = not args.markdown and sys.stdout.isatty()
    text = _rule_book(args, markdown=args.markdown or on_terminal)
    if on_terminal:
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        sys.stdout.write(text)
    return 0


def _rule_book(args: argparse.Namespace, *, markdown: bool) -> str:
    """The rule book's text, kept in the load cache (studrules.spec.cache)
    with the variant's files: a second ``explain`` of an unchanged file
    imports neither the loader nor the rule book."""
    from ..spec.cache import cached

    def write(read: list) -> str:
        from ..analysis.rulebook import LANGUAGES, explain

        if args.lang not in LANGUAGES:  # (an argument's value the command cannot take: a usage error)
            raise UsageError(
                f"rule books are written in English only for now (--lang {' or '.join(LANGUAGES)}); '{args.lang}' is not available yet"
            )
        return explain(variant_from_args(args), markdown=markdown)

    where = os.getcwd() if os.sep in args.variant or args.variant.endswith((".yaml", ".yml")) else None
    key = (args.variant, where, sorted(args.option or []), sorted(args.stake or []), args.lang, markdown)
    return cached("explain", key, write)


def step_list(variant: Variant) -> str:
    """The variant's steps in order, one a line: id, kind, the condition that skips
    it (``when``), and the file (its name) and line where it is first written.

    >>> from studrules.spec.examples import example_variant
    >>> print(step_list(example_variant("one-round")), end="")
    one-round: 4 steps (a file that extends it names them by id)
      ante-1      ante      line 5
      deal-2      deal      line 6
      betting-3   betting   line 7
      showdown-4  showdown  line 8
    """
    rows = []
    for step in variant.steps:
        where = ""
        if step.location is not None and step.location.line is not None:
            file = step.location.file
            name = Path(file).name if file and not file.startswith("<") else ""  # (not <text>)
            where = f"{name}:{step.location.line}" if name else f"line {step.location.line}"
        when = f"when {step.when.source}" if step.when is not None else ""
        rows.append((step.id, step.kind, where, when))
    width_id = max((len(r[0]) for r in rows), default=0)
    width_kind = max((len(r[1]) for r in rows), default=0)
    lines = [f"{variant.name}: {len(rows)} steps (a file that extends it names them by id)"]
    for step_id, kind, where, when in rows:
        line = f"  {step_id:<{width_id}}  {kind:<{width_kind}}  {where}"
        lines.append((f"{line}  {when}" if when else line).rstrip())
    return "\n".join(lines) + "\n"
