"""``studrules explain VARIANT``: the variant's rules as a readable rule book."""

from __future__ import annotations

import argparse
import sys

from ..analysis.rulebook import LANGUAGES, explain
from ..errors import StudrulesError
from ._common import add_variant_arguments, variant_from_args

NAME = "explain"
HELP = "print a variant's rules as a readable rule book"
DESCRIPTION = (
    "Print the rules of a variant as a rule book in English, written from the loaded "
    "variant: forced bets, the deal, each betting round, showdown and ties, settlement, "
    "and the house options with their current choice."
)
ORDER = 30
EXAMPLES = (
    "studrules explain five-card-stud-fr",
    "studrules explain seven-card-stud --stake ante=2 --markdown",
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_variant_arguments(parser)
    parser.add_argument("--markdown", action="store_true", help="write Markdown instead of plain text")
    parser.add_argument("--lang", default="en", metavar="LANG", help="language of the rule book (only 'en' for now)")


def run(args: argparse.Namespace) -> int:
    if args.lang not in LANGUAGES:
        raise StudrulesError(
            f"rule books are written in English only for now (--lang {' or '.join(LANGUAGES)}); '{args.lang}' is not available yet"
        )
    variant = variant_from_args(args)
    if args.markdown:
        sys.stdout.write(explain(variant, markdown=True))
    elif sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(explain(variant, markdown=True)))
    else:
        sys.stdout.write(explain(variant))
    return 0
