"""``studrules export-phh HISTORY.jsonl -o OUT.phh``: hands in the Poker Hand History format.

PHH (the TOML-based format PokerKit reads) has codes for fixed-limit
seven-card stud, its high-low split and its ace-to-five low; a hand of another game is left
out with a note, and a file with none of them is an error.
"""

from __future__ import annotations

import argparse
import sys

from ..records.phh import export_history

NAME = "export-phh"
HELP = "export a hand history (JSON lines) to the Poker Hand History format (PHH)"
ORDER = 41

__all__ = ["NAME", "HELP", "add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("history", metavar="HISTORY", help="a hand history written by 'studrules play --history'")
    parser.add_argument("-o", "--output", metavar="FILE", help="the PHH file to write (default: print it)")


def run(args: argparse.Namespace) -> int:
    text, skipped = export_history(args.history, args.output)
    for note in skipped:
        print(f"studrules: left out: {note}", file=sys.stderr)
    if args.output is None:
        sys.stdout.write(text)
    else:
        count = text.count("\nvariant = ") + (1 if text.startswith("variant = ") else 0)
        print(f"{count} hand{'s' if count != 1 else ''} written to {args.output}")
    return 0
