"""``studrules analyze VARIANT [--strategy S | --optimal [--write FILE [--force]]] [--json]``: the exact house edge.

Counts every deal of a small game against the house (see
:mod:`studrules.analysis.exact`): an ante and a play against the house's
three cards, or five cards each with the house's up card, with a strategy or
the optimal play, and its side bets; or raises, stands and folds street by
street before community cards, paid on the hand alone; or folds and raises
between deals of the player's own cards, valued by suits (Flush Rush). Prints the house edge
per ante, the average total wager, the element of risk and each outcome's
probability and contribution; ``--json`` prints one JSON object instead.
``--write FILE`` writes the optimal play as a strategy file that
``simulate``, ``play --bots strategy:FILE`` and ``analyze --strategy FILE``
read (an existing file is refused unless ``--force``). With neither
``--strategy`` nor ``--optimal``, the first shipped strategy that fits the
game plays (:func:`~studrules.spec.strategy_fit.fitting_strategy`), named on
stderr and in the report.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path

from ..analysis.exact import ExactResult, analyze
from ..analysis.expression_words import hand_words
from ..errors import StudrulesError, UsageError
from ..spec.strategies import load_strategy, shipped_strategies
from ..spec.strategy_fit import default_help, named_or_fitting
from ..spec.strategy_game import strategies_help
from ._common import (
    add_variant_arguments,
    against_the_house,
    variant_from_args,
)
from ._outputs import refuse_a_file_in_use, writable, write_output
from .main import visible

NAME = "analyze"
HELP = "work out the exact house edge of a small game against the house, by enumeration"
ORDER = 41

__all__ = ["NAME", "HELP", "add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_variant_arguments(parser)
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--strategy",
        metavar="NAME",
        help=f"a shipped strategy ({strategies_help()}; 'studrules list --strategies' lists them) or a path to a strategy file "
        f"(default, without --optimal: {default_help()})",
    )
    group.add_argument("--optimal", action="store_true", help="the play that maximises the player's return")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the report")
    parser.add_argument(
        "--write",
        metavar="FILE",
        help="with --optimal: write the optimal play as a strategy file (for simulate, play --bots, analyze)",
    )
    parser.add_argument("--force", action="store_true", help="replace an existing --write file (refused otherwise)")


def run(args: argparse.Namespace) -> int:
    if args.write and not args.optimal:
        raise UsageError("--write writes the optimal play: give --optimal with it")
    if args.write:
        check_write_target(args.write, force=args.force)
    variant = variant_from_args(args)
    if args.write:  # (a strategy never over the variant it is worked out for, even with --force)
        refuse_a_file_in_use("--write", args.write, [variant.file])
    against_the_house(variant, args.variant, "analyze counts")
    strategy = None
    if not args.optimal:
        strategy, chosen = named_or_fitting(args.strategy, variant, shipped_strategies(), load_strategy)
        if chosen:
            print(chosen, file=sys.stderr)
    if args.write:
        from ..analysis.strategy_writer import optimal_strategy_text

        with _counting(variant.name):
            text, result = optimal_strategy_text(variant)
        write_output("--write", args.write, text)
        print(visible(f"wrote the optimal play of {variant.name} to {args.write}"), file=sys.stderr)
    else:
        with _counting(variant.name):
            result = analyze(variant, strategy, optimal=args.optimal)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(_report(result))
    return 0


def _counting(name: str) -> contextlib.AbstractContextManager:
    """On a terminal, a line on standard error while the count runs (the largest games
    take half a minute and about 2 GB); elsewhere nothing."""
    if not sys.stderr.isatty():
        return contextlib.nullcontext()
    from rich.console import Console

    return Console(stderr=True).status(
        f"counting every deal of {name} exactly (the largest games take about half a minute)"
    )


def check_write_target(path: str, *, force: bool) -> None:
    """Refuse to write a strategy over a folder, over a file that exists (unless ``force``),
    or where no file can be made.

    >>> check_write_target("/", force=True)
    Traceback (most recent call last):
    ...
    studrules.errors.StudrulesError: --write /: it is a folder
    """
    target = Path(path)
    if target.is_dir():
        raise StudrulesError(f"--write {path}: it is a folder")
    if target.exists() and not force:
        raise StudrulesError(f"--write {path}: the file exists; --force replaces it")
    if not target.parent.is_dir():
        raise StudrulesError(f"--write {path}: there is no folder {target.parent}")
    if target.suffix not in (".yaml", ".yml"):
        raise StudrulesError(f"--write {path}: a strategy file ends in .yaml (the loader reads no other)")
    writable("--write", target)


def _report(r: ExactResult) -> str:
    lines = [
        f"{r.variant}, strategy {r.strategy}: exact, over {r.deals:,} deals",
        f"  house edge        {r.house_edge * 100:.4f}% of the ante",
        f"  average wager     {r.average_wager:.4f} antes",
        f"  element of risk   {r.element_of_risk * 100:.4f}% of the total wagered",
    ]
    if r.lines:
        lines.append("  outcome                          probability   contribution (antes)")
        for name, (p, c) in r.lines.items():
            lines.append(f"    {_words(name):<30} {p:>11.6f}   {c:>+10.6f}")
    for name, bet in r.side_bets.items():
        lines.append(f"  side bet {name.replace('_', ' ')}: house edge {bet['house_edge'] * 100:.4f}% of the stake")
        for label, line in bet["lines"].items():
            lines.append(f"    {_words(label):<30} {line['probability']:>11.6f}   {line['contribution']:>+10.6f}")
    return "\n".join(lines)


def _words(label: str) -> str:
    """An outcome or pay line of the report in the words ``explain`` uses for it
    (the JSON keeps the file's names).

    >>> _words("ante bonus: straight_flush"), _words("pair_of_jacks"), _words("beats the house")
    ('ante bonus: straight flush', 'pair of jacks', 'beats the house')
    """
    before, colon, hand = label.rpartition(": ")
    return before + colon + hand_words(hand).removeprefix("a ")
