"""``studrules analyze VARIANT (--strategy S | --optimal) [--json]``: the exact house edge.

Counts every deal of a small game against the house (see
:mod:`studrules.analysis.exact`): an ante and a play against the house's
three cards, with a strategy or the optimal play, and its side bets; or
raises and folds street by street before community cards, paid on the hand
alone, played optimally. Prints the house edge per ante, the
average total wager, the element of risk and each outcome's probability and
contribution; ``--json`` prints one JSON object instead.
"""

from __future__ import annotations

import argparse
import json

from ..analysis.exact import ExactResult, analyze
from ..spec.strategies import load_strategy, shipped_strategies
from ._common import add_variant_arguments, variant_from_args

NAME = "analyze"
HELP = "work out the exact house edge of a small game against the house, by enumeration"
ORDER = 41
EXAMPLES = (
    "studrules analyze three-card-poker --strategy queen-six-four",
    "studrules analyze three-card-poker --optimal --json",
)

__all__ = ["NAME", "HELP", "add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_variant_arguments(parser)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument(
        "--strategy",
        metavar="NAME",
        help=f"a shipped strategy ({', '.join(shipped_strategies())}) or a path to a strategy file",
    )
    group.add_argument("--optimal", action="store_true", help="the play that maximises the player's return")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the report")


def run(args: argparse.Namespace) -> int:
    variant = variant_from_args(args)
    strategy = load_strategy(args.strategy, variant) if args.strategy else None
    result = analyze(variant, strategy, optimal=args.optimal)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(_report(result))
    return 0


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
            lines.append(f"    {name:<30} {p:>11.6f}   {c:>+10.6f}")
    for name, bet in r.side_bets.items():
        lines.append(f"  side bet {name}: house edge {bet['house_edge'] * 100:.4f}% of the stake")
        for label, line in bet["lines"].items():
            lines.append(f"    {label:<30} {line['probability']:>11.6f}   {line['contribution']:>+10.6f}")
    return "\n".join(lines)
