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
from typing import TextIO

from ..errors import StudrulesError
from ..game.hand import Hand
from ..records.history import HISTORY_SUFFIXES, is_history_file, iter_replayed
from ..records.script import hand_output, history_text, run_script
from ..spec.source import check_data_file
from ..table.display import pay_words
from ._common import add_variants_in_argument, variants_in, with_variants_in_hint
from ._outputs import show_when_done

NAME = "replay"
HELP = "play a hand script (YAML or JSON) and print the hand history"
ORDER = 40

__all__ = ["NAME", "HELP", "add_arguments", "run", "replay_file"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "script",
        metavar="SCRIPT",
        help="a hand script (.yaml, .yml or .json), or a history of hands (.jsonl or .ndjson) to play again",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help='print one JSON object: events, next, result (a history: {"hands": [one such object a hand]})',
    )
    parser.add_argument(
        "--unchecked",
        action="store_true",
        help="replay history lines that carry no digest (written by hand or by another tool)",
    )
    add_variants_in_argument(parser)


def replay_file(path: str | Path, folders: tuple[Path, ...] = ()) -> Hand:
    """Play the hand a script file (YAML or JSON) describes and return it (``folders``: more
    folders its variant file may be read from)."""
    return run_script(Path(path), folders=folders)


#: what replay reads: hand scripts, and hand histories (JSON lines)
_SUFFIXES = (".yaml", ".yml", ".json", *HISTORY_SUFFIXES)


def run(args: argparse.Namespace) -> int:
    # by its name first: a file of another kind is never read (its lines never reach a message)
    check_data_file(Path(args.script), what="hand script or history", suffixes=_SUFFIXES)
    folders = variants_in(args)
    try:
        if is_history_file(args.script):  # JSON-lines hand histories
            return _replay_history_file(args, folders)
        hand = replay_file(args.script, folders)
    except StudrulesError as err:
        raise with_variants_in_hint(err) from None
    if args.json:
        json.dump(hand_output(hand), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(pay_words(history_text(hand)))  # (pay lines in words, as play prints them)
    return 0


def _replay_history_file(args: argparse.Namespace, folders: tuple[Path, ...]) -> int:
    """``studrules replay FILE.jsonl [--json]``: every hand of a history, played again."""
    hands = iter_replayed(args.script, unchecked=getattr(args, "unchecked", False), folders=folders)
    as_json = getattr(args, "json", False)

    def write(spool: TextIO) -> None:  # each hand's words, not the hand, kept till every line has replayed
        count = 0
        for count, hand in enumerate(hands, start=1):
            if as_json:  # (as json.dump writes {"hands": [...]} with an indent of 2)
                text = json.dumps(hand_output(hand), indent=2, ensure_ascii=False)
                spool.write(('{\n  "hands": [' if count == 1 else ",") + "\n    " + text.replace("\n", "\n    "))
            else:
                spool.write(("\n" if count > 1 else "") + f"== hand {count}\n{pay_words(history_text(hand))}\n")
        if as_json:
            spool.write("\n  ]\n}\n" if count else '{\n  "hands": []\n}\n')

    show_when_done(write)
    return 0
