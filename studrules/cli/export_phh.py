"""``studrules export-phh HISTORY.jsonl [-o OUT.phh [--force]]``: hands in the Poker Hand History format.

PHH (the TOML-based format PokerKit reads) has codes for fixed-limit
seven-card stud, its high-low split and its ace-to-five low; a hand of another game is left
out with a note, and a file with none of them is an error.

Only a hand history is read (a regular file whose name ends in ``.jsonl`` or
``.ndjson``, checked before it is opened); an existing ``-o`` file is
replaced only with ``--force``, and never when it is the history itself.
The history is read a line at a time and each hand written as it is played (a
history of any length takes the memory of a short one), to a file put in place,
or shown, only once every line has played.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import ScriptError, StudrulesError
from ..records.history import HISTORY_SUFFIXES
from ..records.phh import write_history_phh
from ..spec.source import check_data_file
from ._common import add_variants_in_argument, variants_in, with_variants_in_hint
from ._outputs import check_output_file, show_when_done, write_output_with
from .main import visible

NAME = "export-phh"
HELP = "export a hand history (JSON lines) to the Poker Hand History format (PHH)"
ORDER = 41

__all__ = ["NAME", "HELP", "add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "history", metavar="HISTORY", help="a hand history written by 'studrules play --history' (.jsonl)"
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="the PHH file to write, FILE.phh (default: print it)")
    parser.add_argument("--force", action="store_true", help="replace an existing -o file (it is refused otherwise)")
    add_variants_in_argument(parser)


def run(args: argparse.Namespace) -> int:
    source = Path(args.history)
    # by its name and kind first: a file of another kind is never read (its lines never reach a message)
    check_data_file(source, what="hand history", suffixes=HISTORY_SUFFIXES)
    if args.output is not None:  # said before any hand is played
        check_output_file("-o", args.output, force=args.force, keep=[args.history])
        if Path(args.output).suffix.lower() != ".phh":
            raise ScriptError(f"-o {args.output}: a PHH file's name ends in .phh (replay-phh reads no other)")
    try:
        if args.output is None:
            count, skipped = show_when_done(lambda out: write_history_phh(args.history, out, folders=variants_in(args)))
        else:
            count, skipped = write_output_with(
                "-o", args.output, lambda out: write_history_phh(args.history, out, folders=variants_in(args))
            )
    except StudrulesError as err:
        raise with_variants_in_hint(err) from None
    for note in skipped:
        print(f"studrules: left out: {note}", file=sys.stderr)
    if args.output is not None:
        print(visible(f"{count} hand{'s' if count != 1 else ''} written to {args.output}"))
    return 0
