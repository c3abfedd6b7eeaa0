"""``studrules session A B ...`` (or ``--variants A,B,...``): hand after hand, the house rules switching between hands.

Stacks carry over, the deal moves clockwise, the game changes each hand in
turn (``--rotate turn``) or as the dealer chooses (``--rotate dealer``), and
every change is announced with the rule differences from the previous hand.
A player who busts leaves; the session ends when one player has the chips or
after ``--hands``, with a summary table. On a terminal you take the first
seat; otherwise bots play every seat and each hand's history prints.
"""

from __future__ import annotations

import argparse

from ..errors import UsageError
from ..spec.loader import load_variant, parse_assignments
from ..table.session import ROTATIONS
from ..table.session_arguments import known_to_some
from ._common import add_hands_argument, load_with_stakes
from .play import add_table_arguments, run_table

NAME = "session"
HELP = "play many hands in a row, switching house rules between hands (stacks carry over)"
ORDER = 11

__all__ = ["NAME", "HELP", "add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "games",
        nargs="*",
        metavar="VARIANT",
        help="the variants to play (shipped names or YAML files), as --variants gives them",
    )
    parser.add_argument(
        "--variants",
        metavar="A,B,...",
        nargs="+",
        action="extend",
        default=[],
        help="the variants to play, comma-separated or one after another (shipped names or YAML files)",
    )
    add_hands_argument(
        parser,
        None,
        "the most hands to play (default: until one player has all the chips, or you leave; "
        "200 when nobody plays at the terminal)",
    )
    parser.add_argument(
        "--rotate",
        choices=ROTATIONS,
        default="turn",
        help="how the game changes between hands: in turn, or the dealer's choice (default: turn)",
    )
    parser.add_argument(
        "--option",
        metavar="NAME=CHOICE",
        action="append",
        default=[],
        help="a house-rule option, applied to every variant that has it (repeatable)",
    )
    parser.add_argument(
        "--stake",
        metavar="NAME=VALUE",
        action="append",
        default=[],
        help="a stake, applied to every variant that has it (repeatable)",
    )
    add_table_arguments(parser)


def run(args: argparse.Namespace) -> int:
    names = [n.strip() for given in (*args.games, *args.variants) for n in str(given).split(",") if n.strip()]
    if not names:
        raise UsageError(
            "give the variants to play: 'studrules session razz seven-card-stud' (or --variants razz,seven-card-stud)"
        )
    options = parse_assignments(args.option, "--option")
    stakes = parse_assignments(args.stake, "--stake")
    variants = []
    for name in names:
        base = load_variant(name)
        chosen = {k: v for k, v in options.items() if any(o.name == k for o in base.options)}
        known = {k for k, _ in base.stakes}
        mine = {k: v for k, v in stakes.items() if k in known}
        variants.append(load_with_stakes(name, chosen, mine) if (chosen or mine) else base)
    known_to_some("option", options, (o.name for v in variants for o in v.options))
    known_to_some("stake", stakes, (k for v in variants for k, _ in v.stakes))
    hands = args.hands
    if hands is None and not _interactive(args):
        hands = 200  # bots alone: a bound so that scripts end
    return run_table(args, variants, hands=hands, rotate=args.rotate)


def _interactive(args) -> bool:
    from .play import interactive

    return interactive(args)
