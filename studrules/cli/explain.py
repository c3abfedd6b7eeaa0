"""``studrules explain VARIANT``: the variant's rules as a readable rule book."""

from __future__ import annotations

import argparse
import os
import sys

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


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_variant_arguments(parser)
    parser.add_argument("--markdown", action="store_true", help="write Markdown instead of plain text")
    parser.add_argument("--lang", default="en", metavar="LANG", help="language of the rule book (only 'en' for now)")


def run(args: argparse.Namespace) -> int:
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

        if args.lang not in LANGUAGES:
            raise StudrulesError(
                f"rule books are written in English only for now (--lang {' or '.join(LANGUAGES)}); '{args.lang}' is not available yet"
            )
        return explain(variant_from_args(args), markdown=markdown)

    where = os.getcwd() if os.sep in args.variant or args.variant.endswith((".yaml", ".yml")) else None
    key = (args.variant, where, sorted(args.option or []), sorted(args.stake or []), args.lang, markdown)
    return cached("explain", key, write)
