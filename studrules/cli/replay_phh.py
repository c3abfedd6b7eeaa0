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
        "--hand",
        metavar="N",
        help="the one section of a file of several hands to replay, as export-phh numbers them (without it: every hand)",
    )
    # --history names a file to write in play and session: here the history is printed
    parser.add_argument("--show-history", action="store_true", help="print the hand's history too")
    add_deprecated_alias(parser, "--history", "--show-history", dest="show_history", action="store_true")


def run(args: argparse.Namespace) -> int:
    # a .phh file only, a regular one of bounded size, checked before it is opened
    hands = _hands(read_phh_file(args.phh), args.phh, args.hand)
    codes = []
    for label, fields in hands:
        if label is not None:
            print(f"[{label}]")
        codes.append(_replay(fields, args.show_history))
    if len(hands) > 1:
        differ, unchecked = codes.count(3), codes.count(None)
        if differ:
            words = f"{differ} of them differ"
        elif unchecked:  # (a record without finishing stacks has nothing to check)
            words = f"{len(hands) - unchecked} checked, all match"
        else:
            words = "all match"
        print(f"{len(hands)} hands replayed; against the recorded finishing stacks {words}")
    return 3 if 3 in codes else 0


def _replay(fields: dict, show_history: bool) -> int | None:
    """Replay one hand and print its finishing stacks: 0 when they match the record's,
    3 when they differ, None when the record has none."""
    hand = replay_phh(fields)
    if show_history:
        unseen = unseen_cards(fields, hand)
        print(history_text(hand, unseen))
        if unseen:
            print("??: a card the record does not show; studrules played a card no one holds in its place")
    stacks = [hand.result().stacks[p] for p in hand.players]
    print(f"{hand.variant.name}: finishing stacks {stacks}")
    recorded = fields.get("finishing_stacks")
    if recorded is None:
        return None
    if list(recorded) == stacks:
        print("matches the recorded finishing stacks")
        return 0
    print(f"the record says {list(recorded)}")
    return 3


def _hands(fields: dict, file: str, hand: str | None) -> list[tuple[str | None, dict]]:
    """The hands to replay, each with its section's name (None for a file of one hand):
    the file's fields, every section of a file of several hands (``export-phh`` writes
    them as ``[1]``, ``[2]``, ...), or the section ``hand``.

    >>> _hands({"1": {"variant": "F7S"}}, "h.phh", None)
    [('1', {'variant': 'F7S'})]
    >>> [label for label, _ in _hands({"1": {}, "2": {}}, "h.phh", None)], _hands({"1": {}, "2": {}}, "h.phh", "2")
    (['1', '2'], [('2', {})])
    >>> _hands({"1": {}, "2": {}}, "h.phh", "3")
    Traceback (most recent call last):
    ...
    studrules.errors.StudrulesError: h.phh has no hand [3]: its hands are [1], [2]
    """
    sections = [k for k, v in fields.items() if isinstance(v, dict)]
    if "variant" in fields or not sections:
        if hand is not None:
            raise StudrulesError(f"{file} holds one hand, not sections: leave out --hand")
        return [(None, fields)]
    if hand is None:
        return [(section, fields[section]) for section in sections]
    if hand not in fields or not isinstance(fields[hand], dict):
        raise StudrulesError(f"{file} has no hand [{hand}]: its hands are {some_names(f'[{s}]' for s in sections)}")
    return [(hand, fields[hand])]
