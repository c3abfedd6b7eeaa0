"""``studrules validate FILE...``: check variant files and say what is wrong, where.

Each file is loaded as ``load_variant`` would load it (extends, options,
schema, semantic checks); every choice of every option is tried too, so a
choice that breaks the file is caught before anyone picks it. Exit status 0
when every file is valid, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import Location, SpecError, SpecErrors, StudrulesError
from ..spec.loader import choice_errors
from ._common import display_path
from .main import visible

NAME = "validate"
HELP = "check variant files: every error with file:line:column, field and message"
ORDER = 60

__all__ = ["NAME", "HELP", "add_arguments", "run", "validate_file"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", metavar="FILE", nargs="+", help="variant files (or shipped variant names)")
    parser.add_argument("--json", action="store_true", help="print a JSON list: one object per file with its errors")


def validate_file(file: str) -> list[SpecError]:
    """Every problem of one variant file, its options' choices included (empty: valid).

    The file is read once; each choice is checked by its changes."""
    try:
        _, problems = choice_errors(file)
    except SpecErrors as err:
        return list(err.errors)
    except StudrulesError as err:
        return [_as_spec_error(err, file)]
    errors: list[SpecError] = []
    seen = set()
    for option, choice, found in problems:
        for e in found:
            e = _as_spec_error(e, file)
            key = (str(e.location), e.message)
            if key not in seen:
                seen.add(key)
                errors.append(SpecError(f"with option {option}={choice}: {e.message}", e.location))
    return errors


def run(args: argparse.Namespace) -> int:
    results: list[dict[str, Any]] = []
    for file in args.files:
        try:
            errors = validate_file(file)
        except RecursionError:
            errors = [SpecError("the file nests too deeply to check", Location(file))]
        results.append({"file": file, "valid": not errors, "errors": errors})
    if args.json:
        out = []
        for r in results:
            out.append(
                {
                    "file": r["file"],
                    "valid": r["valid"],
                    "errors": [_shown(e, r["file"]).to_dict() for e in r["errors"]],
                }
            )
        json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
        print()
    else:
        for r in results:
            if r["valid"]:
                print(visible(f"ok {r['file']}"))
            for e in r["errors"]:
                print(visible(str(_shown(e, r["file"]))))
    return 0 if all(r["valid"] for r in results) else 1


def _as_spec_error(err: StudrulesError, file: str) -> SpecError:
    if isinstance(err, SpecError):
        return err
    return SpecError(err.message, err.location or Location(file))


def _shown(e: SpecError, file: str) -> SpecError:
    """The error with its file named as the user reads it."""
    loc = e.location or Location(file)
    shown = display_path(loc.file) if loc.file else file
    return SpecError(e.message, Location(shown, loc.line, loc.column, loc.path))
