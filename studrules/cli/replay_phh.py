"""``studrules replay-phh FILE.phh``: replay a hand in the Poker Hand History format.

The record's game code picks the shipped game with that structure; the hand
is played at the record's stakes with its cards and actions, and the
finishing stacks are printed (and checked against the record's
``finishing_stacks`` when it has them: exit code 3 when they differ).
"""

from __future__ import annotations

import argparse

from ..errors import StudrulesError, some_names
from ..records.phh_replay import read_phh_file, replay_phh, unseen_cards
from ..records.script import history_text
from ._common import add_deprecated_alias

NAME = "replay-phh"
HELP = "replay a hand in the Poker Hand History format (PHH) and check its finishing stacks"
ORDER = 42

__all__ = ["NAME", "HELP", "add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "phh", metavar="FILE", help="a PHH file (F7S, F7S/8 or FR): one hand, or several in sections [1], [2] and on"
    )
    parser.add_argument(
        "--hand", metavar="N", help="the section of a file of several hands to replay (as export-phh numbers them)"
    )
    # --history names a file to write in play and session: here the history is printed
    parser.add_argument("--show-history", action="store_true", help="print the hand's history too")
    add_deprecated_alias(parser, "--history", "--show-history", dest="show_history", action="store_true")


def run(args: argparse.Namespace) -> int:
    # a .phh file only, a regular one of bounded size, checked before it is opened
    fields = _one_hand(read_phh_file(args.phh), args.phh, args.hand)
    hand = replay_phh(fields)
    if args.show_history:
        unseen = unseen_cards(fields, hand)
        print(history_text(hand, unseen))
        if unseen:
            print("??: a card the record does not show; studrules played a card no one holds in its place")
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


def _one_hand(fields: dict, file: str, hand: str | None) -> dict:
    """The hand to replay: the file's fields, or its section ``hand`` when it
    holds several hands (``export-phh`` writes them as ``[1]``, ``[2]``, ...).

    >>> _one_hand({"1": {"variant": "F7S"}}, "h.phh", None)
    {'variant': 'F7S'}
    >>> _one_hand({"1": {}, "2": {}}, "h.phh", None)
    Traceback (most recent call last):
    ...
    studrules.errors.StudrulesError: h.phh holds 2 hands ([1] to [2]): choose one with --hand N
    """
    sections = [k for k, v in fields.items() if isinstance(v, dict)]
    if "variant" in fields or not sections:
        if hand is not None:
            raise StudrulesError(f"{file} holds one hand, not sections: leave out --hand")
        return fields
    if hand is None:
        if len(sections) == 1:
            return fields[sections[0]]
        raise StudrulesError(
            f"{file} holds {len(sections)} hands ([{sections[0]}] to [{sections[-1]}]): choose one with --hand N"
        )
    if hand not in fields or not isinstance(fields[hand], dict):
        raise StudrulesError(f"{file} has no hand [{hand}]: its hands are {some_names(f'[{s}]' for s in sections)}")
    return fields[hand]
