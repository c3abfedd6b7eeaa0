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
import sys
from collections.abc import Sequence
from typing import NoReturn

from .. import __version__
from ..errors import IllegalActionError, SpecErrors, StudrulesError

__all__ = ["main", "build_parser"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's own exit code for usage errors is 2
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


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
    parser = _Parser(
        prog="studrules",
        description="An engine for stud poker house rules: play, validate, explain and compare variants.",
    )
    parser.add_argument("--version", action="version", version=f"studrules {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in _command_modules():
        p = sub.add_parser(module.NAME, help=module.HELP, description=getattr(module, "DESCRIPTION", module.HELP))
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


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
