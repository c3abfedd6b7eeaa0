"""The ``studrules`` command line.

Each subcommand lives in its own module of :mod:`studrules.cli` with
``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``; this
module only finds them, parses the command line and turns a user's mistake into
a message instead of a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from .. import __version__
from ..errors import IllegalActionError, SpecErrors, StudrulesError

__all__ = ["main", "build_parser"]


#: What ``studrules --help`` says of the exit codes (tests/test_cli_grammar.py checks each).
EXIT_CODES = """exit codes:
  0    done (validate: every file is valid)
  1    a problem in a file, variant, stake, strategy or history (the message
       says where); validate found errors; simulate stopped on a failure
  2    a usage error: an unknown command or flag, a missing or malformed
       argument; replay: an illegal or out-of-turn action in the script
  3    replay-phh: the finishing stacks differ from the record's
  130  interrupted by Ctrl-C (what was played so far is reported);
       143: stopped by SIGTERM"""


class _Parser(argparse.ArgumentParser):
    """argparse, with a suggestion for a misspelt command, flag or choice, and
    the command's own usage for a flag it does not take."""

    def error(self, message: str) -> NoReturn:  # argparse's own exit code for usage errors is 2
        from ._common import choice_hint

        wrong = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
        if wrong:
            message += choice_hint(wrong.group(1), re.findall(r"'([^']*)'", wrong.group(2)))
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")

    def parse_known_args(self, args=None, namespace=None):
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:  # said by the command that was given them, not by the top-level parser
            from ._common import unknown_argument_message

            self.error(unknown_argument_message(self, extras))
        return parsed, extras


def _command_modules():
    package = importlib.import_module(__package__)
    found = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("_") or info.name == "main":
            continue
        module = importlib.import_module(f"{__package__}.{info.name}")
        if hasattr(module, "NAME") and hasattr(module, "run"):
            found.append(module)
    found.sort(key=lambda m: getattr(m, "ORDER", 50))
    return found


def build_parser() -> argparse.ArgumentParser:
    from ._common import HelpFormatter, examples_epilog

    parser = _Parser(
        prog="studrules",
        description="An engine for stud poker house rules: play, validate, explain and compare variants.",
        epilog="'studrules COMMAND --help' gives a command's options and examples.\n\n" + EXIT_CODES,
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"studrules {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in _command_modules():
        p = sub.add_parser(
            module.NAME,
            help=module.HELP,
            description=getattr(module, "DESCRIPTION", None) or _sentence(module.HELP),
            epilog=examples_epilog(getattr(module, "EXAMPLES", ())),
            formatter_class=HelpFormatter,
        )
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def _sentence(text: str) -> str:
    """A command's one-line help as the first sentence of its description.

    >>> _sentence("list the shipped variants")
    'List the shipped variants.'
    """
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 0
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except IllegalActionError as err:
        print(f"studrules: {_shown(err)}", file=sys.stderr)
        return 2
    except SpecErrors as err:
        for e in err.errors:
            print(f"studrules: {_shown(e)}", file=sys.stderr)
        return 1
    except StudrulesError as err:
        print(f"studrules: {_shown(err)}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"studrules: {err.strerror or err}: {err.filename or ''}".rstrip(": "), file=sys.stderr)
        return 1


def _shown(err: StudrulesError) -> str:
    """The error as a user reads it: a shipped file as ``variants/NAME.yaml``."""
    loc = err.location
    if loc is None or not loc.file or loc.file.startswith("<"):
        return str(err)
    from dataclasses import replace

    from ._common import display_path

    shown = StudrulesError(err.message, replace(loc, file=display_path(loc.file)))
    return str(shown)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
