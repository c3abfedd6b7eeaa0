"""``studrules replay-phh FILE.phh``: replay a hand in the Poker Hand History format.

The record's game code picks the shipped game with that structure; the hand
is played at the record's stakes with its cards and actions, and the
finishing stacks are printed (and checked against the record's
``finishing_stacks`` when it has them: exit code 3 when they differ). A file
of several hands (sections ``[1]``, ``[2]``...) is replayed hand by hand,
or only the section ``--hand`` names.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from ..records.phh_replay import replay_phh, unseen_cards
from ..records.phh_sections import iter_phh_hands
from ..records.script import history_text
from ._common import add_deprecated_alias
from ._outputs import show_when_done

NAME = "replay-phh"
HELP = "replay a hand in the Poker Hand History format (PHH) and check its finishing stacks"
ORDER = 42

__all__ = ["NAME", "HELP", "add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "phh", metavar="FILE", help="a PHH file (F7S, F7S/8 or FR): one hand, or several in sections [1], [2] and on"
    )
    parser.add_argument(
        "--hand",
        metavar="N",
        help="the one section of a file of several hands to replay, as export-phh numbers them (without it: every hand)",
    )
    # --history names a file to write in play and session: here the history is printed
    parser.add_argument("--show-history", action="store_true", help="print the hand's history too")
    add_deprecated_alias(parser, "--history", "--show-history", dest="show_history", action="store_true")


def run(args: argparse.Namespace) -> int:
    # a .phh file only, a regular one, checked before it is opened; read a hand at a
    # time, and what is printed shown once every hand has played (a record with a
    # problem shows only the problem)
    return show_when_done(lambda out: _replay_all(args, out))


def _replay_all(args: argparse.Namespace, out: TextIO) -> int:
    counts = {0: 0, 3: 0, None: 0}
    for label, fields in iter_phh_hands(args.phh, args.hand):
        if label is not None:
            print(f"[{label}]", file=out)
        counts[_replay(fields, args.show_history, out)] += 1
    hands = sum(counts.values())
    if hands > 1:
        differ, unchecked = counts[3], counts[None]
        if differ:
            words = f"{differ} of them differ"
        elif unchecked:  # (a record without finishing stacks has nothing to check)
            words = f"{hands - unchecked} checked, all match"
        else:
            words = "all match"
        print(f"{hands} hands replayed; against the recorded finishing stacks {words}", file=out)
    return 3 if counts[3] else 0


def _replay(fields: dict, show_history: bool, out: TextIO) -> int | None:
    """Replay one hand and print its finishing stacks: 0 when they match the record's,
    3 when they differ, None when the record has none."""
    hand = replay_phh(fields)
    if show_history:
        unseen = unseen_cards(fields, hand)
        print(history_text(hand, unseen), file=out)
        if unseen:
            print("??: a card the record does not show; studrules played a card no one holds in its place", file=out)
    stacks = [hand.result().stacks[p] for p in hand.players]
    print(f"{hand.variant.name}: finishing stacks {stacks}", file=out)
    recorded = fields.get("finishing_stacks")
    if recorded is None:
        return None
    if list(recorded) == stacks:
        print("matches the recorded finishing stacks", file=out)
        return 0
    print(f"the record says {list(recorded)}", file=out)
    return 3
