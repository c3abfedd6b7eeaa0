"""``studrules replay SCRIPT [--json]``: play a hand script and print its history.

Exit codes: 0 when the script plays, 2 on an illegal or out-of-turn action
(one message naming the action's number, the player, what was wrong and what
was legal), 1 on a malformed script or variant (a located message).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..game.hand import Hand
from ..records.history import HISTORY_SUFFIXES, is_history_file, replay_hands
from ..records.script import hand_output, history_text, run_script
from ..spec.source import check_data_file
from ..table.display import pay_words

NAME = "replay"
HELP = "play a hand script (YAML or JSON) and print the hand history"
ORDER = 40

__all__ = ["NAME", "HELP", "add_arguments", "run", "replay_file"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("script", metavar="SCRIPT", help="a hand script: YAML or JSON")
    parser.add_argument("--json", action="store_true", help="print one JSON object: events, next, result")
    parser.add_argument(
        "--unchecked",
        action="store_true",
        help="replay history lines that carry no digest (written by hand or by another tool)",
    )


def replay_file(path: str | Path) -> Hand:
    """Play the hand a file describes and return it.

    Today a file is a hand script (YAML or JSON); other formats (JSON-lines
    hand histories) plug in here by their suffix or first line."""
    return run_script(Path(path))


#: what replay reads: hand scripts, and hand histories (JSON lines)
_SUFFIXES = (".yaml", ".yml", ".json", *HISTORY_SUFFIXES)


def run(args: argparse.Namespace) -> int:
    # by its name first: a file of another kind is never read (its lines never reach a message)
    check_data_file(Path(args.script), what="hand script or history", suffixes=_SUFFIXES)
    if is_history_file(args.script):  # JSON-lines hand histories
        return _replay_history_file(args)
    hand = replay_file(args.script)
    if args.json:
        json.dump(hand_output(hand), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(_readable(history_text(hand)))
    return 0


def _readable(history: str) -> str:
    """A hand's history as a player reads it: each settlement's pay line in words
    (``three of a kind pays 3 to 1``, not the pay table's key), as ``play`` prints it."""
    return "\n".join(pay_words(line) if " to 1" in line else line for line in history.split("\n"))


def _replay_history_file(args: argparse.Namespace) -> int:
    """``studrules replay FILE.jsonl [--json]``: every hand of a history, played again."""
    hands = replay_hands(args.script, unchecked=getattr(args, "unchecked", False))
    if getattr(args, "json", False):
        json.dump({"hands": [hand_output(h) for h in hands]}, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    for index, hand in enumerate(hands):
        if index:
            print()
        print(f"== hand {index + 1}")
        print(_readable(history_text(hand)))
    return 0
