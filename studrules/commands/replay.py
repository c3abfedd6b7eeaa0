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

from ..hand import Hand
from ..script import hand_output, run_script

NAME = "replay"
HELP = "play a hand script (YAML or JSON) and print the hand history"
ORDER = 40

__all__ = ["NAME", "HELP", "add_arguments", "run", "replay_file", "history_text"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("script", metavar="SCRIPT", help="a hand script: YAML or JSON")
    parser.add_argument("--json", action="store_true", help="print one JSON object: events, next, result")


def replay_file(path: str | Path) -> Hand:
    """Play the hand a file describes and return it.

    Today a file is a hand script (YAML or JSON); other formats (JSON-lines
    hand histories) plug in here by their suffix or first line."""
    return run_script(Path(path))


def history_text(hand: Hand) -> str:
    """The hand history as a player would read it, then who is to act or the result."""
    lines = [f"{hand.variant.title} ({hand.variant.name}): {', '.join(hand.players)}"]
    current_round = None
    for event in hand.events:
        if event.round is not None and event.round != current_round and event.type not in ("deal",):
            current_round = event.round
            lines.append(f"-- betting round {current_round}")
        lines.append("  " + event.describe())
    if hand.over:
        result = hand.result()
        lines.append("-- result")
        for name in hand.players:
            net = result.net[name]
            lines.append(f"  {name}: {result.stacks[name]} ({'+' if net > 0 else ''}{net})")
        if result.house_net is not None:
            lines.append(f"  house: {'+' if result.house_net > 0 else ''}{result.house_net}")
    else:
        legal = ", ".join(str(a) for a in hand.legal_actions())
        lines.append(f"-- {hand.to_act} to act: {legal}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from ..history import is_history_file, replay_command  # JSON-lines hand histories (studrules.history)

    if is_history_file(args.script):
        return replay_command(args)
    hand = replay_file(args.script)
    if args.json:
        json.dump(hand_output(hand), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(history_text(hand))
    return 0
