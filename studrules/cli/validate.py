"""``studrules validate FILE...``: check variant and strategy files and say what is wrong, where.

Each variant file is loaded as ``load_variant`` would load it (extends, options,
schema, semantic checks); every choice of every option is tried too, so a
choice that breaks the file is caught before anyone picks it. A strategy file
(its ``rules`` or ``streets``; or a shipped strategy's name) is loaded as
``--strategy`` loads it, and checked against the game its ``game:`` names
(where that game is shipped or a file), or against ``--variant``. Exit status
0 when every file is valid, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import Location, OtherKindOfFileError, SpecError, SpecErrors, StudrulesError
from ..spec.loader import choice_errors
from ._common import display_path
from .main import visible

NAME = "validate"
HELP = "check variant and strategy files: every error with file:line:column, field and message"
ORDER = 60

__all__ = ["NAME", "HELP", "add_arguments", "run", "validate_file", "validate_strategy"]

if TYPE_CHECKING:  # pragma: no cover
    from ..spec.model import Variant


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", metavar="FILE", nargs="+", help="variant or strategy files (or shipped variants' or strategies' names)"
    )
    parser.add_argument("--json", action="store_true", help="print a JSON list: one object per file with its errors")
    parser.add_argument(
        "--variant",
        metavar="VARIANT",
        help="check each strategy file against this game (default: the game its 'game:' names, where it ships or is a file)",
    )


def validate_file(file: str, variant: Variant | None = None) -> list[SpecError]:
    """Every problem of one variant file, its options' choices included (empty: valid); of a
    strategy file, its own and those of playing the game it is for (or ``variant``).

    The file is read once; each choice is checked by its changes."""
    return _checked(file, variant)[1]


def _checked(file: str, variant: Variant | None) -> tuple[str, list[SpecError], str]:
    """What ``file`` is (``variant`` or ``strategy``), its problems, and for a strategy the
    game it was checked against in words."""
    from ..spec.chosen_options import said_with_choices
    from ..spec.loader import shipped_names

    if _shipped_strategy(file) and file not in shipped_names():
        return ("strategy", *validate_strategy(file, variant))
    if _beyond_a_variant(file):  # only a strategy may be this large: read as one (a variant is told its size)
        found, game = validate_strategy(file, variant)
        if not (len(found) == 1 and found[0].message.startswith("this is a variant file")):
            return "strategy", found, game
    try:
        variant_read, problems = choice_errors(file)
    except OtherKindOfFileError as err:
        if err.kind == "strategy":
            return ("strategy", *validate_strategy(file, variant))
        return "variant", list(err.errors), ""
    except SpecErrors as err:
        return "variant", list(err.errors), ""
    except StudrulesError as err:
        return "variant", [_as_spec_error(err, file)], ""
    return "variant", said_with_choices(problems) + _strategy_problems(variant_read, file), ""


def _strategy_problems(variant: Variant, file: str) -> list[SpecError]:
    """Whether the strategy a game against the house names (``strategy:``, played when
    none is given) plays it: ``simulate`` and the bots would stop on it."""
    if variant.strategy is None:
        return []
    from ..spec.source import locate, read_document
    from ..spec.strategies import load_strategy

    try:
        load_strategy(variant.strategy, variant)
    except StudrulesError as err:
        try:
            where = locate(read_document(Path(file)).data, ("strategy",), default=Location(file))
        except StudrulesError:
            where = Location(file)
        return [SpecError(f"its strategy '{variant.strategy}' cannot play this game: {err}", where)]
    return []


def validate_strategy(file: str, variant: Variant | None = None) -> tuple[list[SpecError], str]:
    """Every problem of one strategy file (empty: valid), loaded for ``variant``, else for the game
    its ``game:`` names where that game ships or is a file; and the game it was checked against
    in words."""
    from ..spec.references import load_named_variant
    from ..spec.strategies import load_strategy
    from ..spec.strategy_game import ANY_BANKED_GAME, game_variant

    try:
        strategy = load_strategy(file)
        if variant is None:
            game = strategy.game
            if game == ANY_BANKED_GAME:
                return [], "any game against the house"
            found = game_variant(game, strategy.file)
            if found is None:
                return [], f"{game}, which does not ship: give --variant FILE to check it against its file"
            variant = load_named_variant(found, named_by=Location(strategy.file, None, None, ("game",)))
        load_strategy(file, variant)
    except SpecErrors as err:
        return list(err.errors), ""
    except StudrulesError as err:
        return [_as_spec_error(err, file)], ""
    return [], variant.name


def _beyond_a_variant(file: str) -> bool:
    """A file larger than a variant may be, within a strategy's bound."""
    from ..spec.source import MAX_BYTES, MAX_STRATEGY_BYTES

    try:
        return MAX_BYTES < os.path.getsize(file) <= MAX_STRATEGY_BYTES
    except (OSError, ValueError):  # (no such file, a name: the variant path says so)
        return False


def _shipped_strategy(name: str) -> bool:
    from ..spec.strategies import shipped_strategies

    return "/" not in name and name in shipped_strategies()


def run(args: argparse.Namespace) -> int:
    variant = None
    if args.variant is not None:
        from ..spec.loader import load_variant

        variant = load_variant(args.variant)
    results: list[dict[str, Any]] = []
    for file in args.files:
        try:
            kind, errors, checked = _checked(file, variant)
        except RecursionError:
            kind, errors, checked = "variant", [SpecError("the file nests too deeply to check", Location(file))], ""
        results.append({"file": file, "kind": kind, "valid": not errors, "errors": errors, "checked": checked})
    if args.json:
        out = []
        for r in results:
            out.append(
                {
                    "file": r["file"],
                    "kind": r["kind"],
                    "valid": r["valid"],
                    "errors": [_shown(e, r["file"]).to_dict() for e in r["errors"]],
                }
            )
        json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
        print()
    else:
        for r in results:
            if r["valid"]:
                game = f" (a strategy for {r['checked']})" if r["kind"] == "strategy" else ""
                print(visible(f"ok {r['file']}{game}"))
            for e in r["errors"][:200]:
                print(visible(str(_shown(e, r["file"]))))
            if len(r["errors"]) > 200:  # (counted past the first 200: --json gives them all)
                print(
                    visible(
                        f"{r['file']}: and {len(r['errors']) - 200:,} more problems, not said (--json gives every one)"
                    )
                )
    return 0 if all(r["valid"] for r in results) else 1


def _as_spec_error(err: StudrulesError, file: str) -> SpecError:
    if isinstance(err, SpecError):
        return err
    return SpecError(err.message, err.location or Location(file))


def _shown(e: SpecError, file: str) -> SpecError:
    """The error with its file named as the user reads it."""
    loc = e.location or Location(file)
    shown = display_path(loc.file) if loc.file else file
    shown = shown if len(shown) <= 200 else shown[:40] + "..."  # (a name longer than any path: said shortly)
    return SpecError(e.message, Location(shown, loc.line, loc.column, loc.path))
