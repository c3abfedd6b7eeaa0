"""``studrules replay-phh FILE.phh``: replay a hand in the Poker Hand History format.

The record's game code picks the shipped game with that structure; the hand
is played at the record's stakes with its cards and actions, and the
finishing stacks are printed (and checked against the record's
``finishing_stacks`` when it has them: exit code 3 when they differ).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..records.phh_replay import read_phh, replay_phh
from ..records.script import history_text
from ._common import add_deprecated_alias

NAME = "replay-phh"
HELP = "replay a hand in the Poker Hand History format (PHH) and check its finishing stacks"
ORDER = 42
EXAMPLES = ("studrules replay-phh hand.phh", "studrules replay-phh hand.phh --show-history")

__all__ = ["NAME", "HELP", "add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("phh", metavar="FILE", help="a PHH file holding one hand (F7S, F7S/8 or FR)")
    # --history names a file to write in play and session: here the history is printed
    parser.add_argument("--show-history", action="store_true", help="print the hand's history too")
    add_deprecated_alias(parser, "--history", "--show-history", dest="show_history", action="store_true")


def run(args: argparse.Namespace) -> int:
    fields = read_phh(Path(args.phh).read_text(encoding="utf-8"))
    hand = replay_phh(fields)
    if args.show_history:
        print(history_text(hand))
    stacks = [hand.result().stacks[p] for p in hand.players]
    print(f"{hand.variant.name}: finishing stacks {stacks}")
    recorded = fields.get("finishing_stacks")
    if recorded is None:
        return 0
    if list(recorded) == stacks:
        print("matches the recorded finishing stacks")
        return 0
    print(f"the record says {list(recorded)}")
    return 3
