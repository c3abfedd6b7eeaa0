"""Helpers shared by the subcommands that take a variant.

Every command that plays, explains or compares a variant takes it the same
way: a shipped name or a path, ``--option NAME=VALUE`` and ``--stake
NAME=VALUE`` (both repeatable)::

    >>> import argparse
    >>> p = argparse.ArgumentParser()
    >>> add_variant_arguments(p)
    >>> from studrules.spec.resources import default_variant
    >>> args = p.parse_args([default_variant(), "--stake", "ante=3"])
    >>> variant_from_args(args).stake_values()["ante"]
    3
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..spec.resources import variants_dir

if TYPE_CHECKING:  # pragma: no cover - the loader is imported when a variant is loaded
    from ..spec.model import Variant

__all__ = ["add_variant_arguments", "variant_from_args", "display_path"]


def add_variant_arguments(parser: argparse.ArgumentParser, positional: bool = True) -> None:
    """Add VARIANT (or ``--variant`` when ``positional`` is false), ``--option`` and ``--stake``."""
    help_text = "a shipped variant's name (see 'studrules list') or a path to a YAML file"
    if positional:
        parser.add_argument("variant", metavar="VARIANT", help=help_text)
    else:
        parser.add_argument("--variant", metavar="VARIANT", help=help_text)
    parser.add_argument(
        "--option",
        metavar="NAME=VALUE",
        action="append",
        default=[],
        help="choose a house-rule option of the variant (repeatable)",
    )
    parser.add_argument(
        "--stake",
        metavar="NAME=VALUE",
        action="append",
        default=[],
        help="replace a stake of the variant, in chips (repeatable); stakes computed from it follow",
    )


def variant_from_args(args: argparse.Namespace) -> Variant:
    """Load the variant the command line names, with its options and stakes.

    Raises :class:`~studrules.errors.SpecError` or
    :class:`~studrules.errors.SpecErrors` (the CLI prints them)."""
    from ..spec.loader import load_variant, parse_assignments

    options = parse_assignments(getattr(args, "option", None), "--option")
    stakes = parse_assignments(getattr(args, "stake", None), "--stake")
    return load_variant(args.variant, options=options, stakes=stakes)


def display_path(file: str | Path | None) -> str:
    """A file as a user reads it: shipped variants as ``variants/NAME.yaml``,
    others relative to the current folder when they are under it.

    >>> display_path(variants_dir() / "my-house-game.yaml")
    'variants/my-house-game.yaml'
    """
    if file is None:
        return "<input>"
    path = Path(file)
    try:
        resolved = path.resolve()
        if resolved.parent == variants_dir().resolve():
            return f"variants/{path.name}"
        return str(resolved.relative_to(Path.cwd().resolve()))
    except (OSError, ValueError):
        return str(file)


def add_dask_argument(parser: argparse.ArgumentParser) -> None:
    """``--dask ADDRESS``: play the chunks on a Dask cluster (``local``: one on this machine)."""
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="play on a Dask cluster: a scheduler's address (tcp://HOST:8786), or 'local' for one on this "
        "machine; the same seed gives the same numbers (needs the extra studrules[distributed])",
    )


def whole_number(least: int):
    """An argparse type: a whole number of at least ``least`` (``1,000`` and ``1_000`` read too).

    >>> whole_number(1)("1,000")
    1000
    >>> whole_number(0)("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be at least 0, not -1
    """

    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", "").replace(",", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
        return value

    return parse


def progress_bar(verb: str, unit: str):
    """A rich progress bar for long runs on a terminal: ``with progress_bar("simulating", "hands") as bar``."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn(f"[bold]{verb}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        transient=True,
    )
