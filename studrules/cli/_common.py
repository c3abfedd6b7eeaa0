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
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import SpecError, SpecErrors, StudrulesError, UsageError, close_matches
from ..spec.expression_language import MAX_NUMBER, digits_grouped, whole_text
from ..spec.resources import variants_dir
from ..spec.source import OUTSIDE_WORDS
from ._outputs import same_file

if TYPE_CHECKING:  # pragma: no cover - the loader is imported when a variant is loaded
    from ..spec.model import Variant

__all__ = [
    "add_variant_arguments",
    "variant_from_args",
    "load_with_stakes",
    "add_side_arguments",
    "load_sides",
    "display_path",
    "against_the_house",
    "add_hands_argument",
    "add_bots_argument",
    "BotList",
    "add_stack_argument",
    "add_seed_argument",
    "seed_number",
    "add_deprecated_alias",
    "unknown_argument_message",
    "choice_hint",
    "check_players",
    "your_name",
    "add_variants_in_argument",
    "variants_in",
    "with_variants_in_hint",
]


def add_variant_arguments(parser: argparse.ArgumentParser, positional: bool = True) -> None:
    """Add VARIANT (or ``--variant`` when ``positional`` is false), ``--option`` and ``--stake``."""
    help_text = "a shipped variant's name (see 'studrules list') or a path to a YAML file"
    if positional:
        parser.add_argument("variant", metavar="VARIANT", help=help_text)
    else:
        parser.add_argument("--variant", metavar="VARIANT", help=help_text)
    parser.add_argument(
        "--option",
        metavar="NAME=CHOICE",
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
    from ..spec.loader import parse_assignments

    options = parse_assignments(getattr(args, "option", None), "--option")
    stakes = parse_assignments(getattr(args, "stake", None), "--stake")
    return load_with_stakes(_named(args.variant, "VARIANT"), options, stakes)


def _named(given: str, argument: str) -> str:
    """A variant as the command line gives it; an empty one is a usage error
    (an empty path would read as the current folder)."""
    from ..errors import UsageError

    if not given.strip():
        raise UsageError(f"argument {argument}: empty; give a shipped variant's name (studrules list) or a YAML file")
    return given


def load_with_stakes(
    name: str | Path, options: Mapping[str, Any], stakes: Mapping[str, Any], flag: str = "--stake"
) -> Variant:
    """:func:`~studrules.spec.loader.load_variant`, and a one-line warning on
    standard error for each pair of bets whose order the stakes turn round
    (see :func:`~studrules.spec.stake_order.stake_order_warnings`). An error
    about the options and stakes of a variant given by name says its name."""
    import warnings

    from ..errors import StakeOrderWarning
    from ..spec.loader import load_variant

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", StakeOrderWarning)  # said below with the flag's name
        try:
            variant = load_variant(name, options=options, stakes=stakes)
        except (SpecErrors, SpecError) as err:
            errors = err.errors if isinstance(err, SpecErrors) else [err]
            errors = [_by_name(e, name) for e in _with_the_stakes(errors, name, options, stakes, flag)]
            raise (SpecErrors(errors) if isinstance(err, SpecErrors) else errors[0]) from None
    if stakes:
        from ..spec.stake_order import stake_order_warnings

        as_given = load_variant(name, options=options)
        for warning in stake_order_warnings(as_given, variant, stakes, flag):
            print(f"studrules: warning: {warning}", file=sys.stderr)
    return variant


def _with_the_stakes(
    errors: list[SpecError], name: str | Path, options: Mapping[str, Any], stakes: Mapping[str, Any], flag: str
) -> list[SpecError]:
    """Errors placed in the file that only the stakes given cause (the file loads
    without them), each said with the stakes: ``with --stake low_limit=0: ...``."""
    from ..spec.loader import load_variant

    if not stakes or all(e.location is None or e.location.line is None for e in errors):
        return errors
    try:
        load_variant(name, options=options)
    except (SpecErrors, SpecError):
        return errors  # (the file's own problems)
    given = " ".join(f"{flag} {k}={v}" for k, v in stakes.items())
    return [
        e if e.location is None or e.location.line is None else type(e)(f"with {given}: {e.message}", e.location)
        for e in errors
    ]


def _by_name(err: SpecError, name: str | Path) -> SpecError:
    """An error about the options and stakes given (it has no line in the file)
    of a variant the user named by its name: said with that name, not with the
    path of the file inside the checkout. A file the user gave keeps its path.

    >>> from studrules.errors import Location
    >>> shipped = Location(str(variants_dir() / "razz.yaml"))
    >>> _by_name(SpecError("unknown option 'x'", shipped), "razz").message
    "razz: unknown option 'x'"
    >>> base = Location(str(variants_dir() / "seven-card-stud.yaml"))  # (a file it extends keeps its name)
    >>> _by_name(SpecError("not UTF-8 text", base), "razz").location == base
    True
    """
    loc = err.location
    if loc is None or loc.line is not None or not loc.file or same_file(Path(loc.file), Path(name)):
        return err
    from ..spec.loader import resolve_variant_path

    try:
        own = resolve_variant_path(name)
    except StudrulesError:
        return err
    if not same_file(Path(loc.file), own):  # (another file: the one it extends, say, keeps its name)
        return err
    return type(err)(f"{name}: {err.message}")


def against_the_house(variant: Variant, given: str, what: str) -> None:
    """Refuse a pot game to a command that plays against the house (``what``:
    ``"analyze counts"``), pointing to ``compare``, which plays one.

    >>> from studrules.spec.examples import example_variant
    >>> against_the_house(example_variant("one-round"), "mine.yaml", "simulate plays")
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: simulate plays games against the house; one-round is a pot game (players against each other): 'studrules compare mine.yaml B' plays it against another game B
    """
    if not variant.is_banked:
        raise SpecError(
            f"{what} games against the house; {variant.name} is a {variant.kind} game (players against each "
            f"other): 'studrules compare {given} B' plays it against another game B"
        )


def check_players(players: int, variants: Sequence[Variant]) -> None:
    """Refuse ``--players`` where a game of the table cannot seat that many,
    with each such game's range (a usage error: the command's usage, exit code 2).

    >>> from studrules.spec.examples import example_variant
    >>> check_players(12, [example_variant("one-round")])
    Traceback (most recent call last):
    ...
    studrules.errors.UsageError: argument --players: one-round is played by 2 to 10 players, not 12
    """
    from ..errors import UsageError

    refused: dict[str, list[str]] = {}  # "2 to 8 players" -> the games played by so many
    for v in variants:
        low, high = v.seats.min, max(v.seats.max, v.seats.positions[1] if v.seats.positions else 0)
        seats = f"{low} to {high} {'positions' if v.is_banked else 'players'}"
        if not low <= players <= high and v.name not in refused.get(seats, []):
            refused.setdefault(seats, []).append(v.name)
    said = [f"{' and '.join(names)} {'is' if len(names) == 1 else 'are'} played by {r}" for r, names in refused.items()]
    if said:
        raise UsageError(f"argument --players: {'; '.join(said)}, not {players}")


def your_name(given: str | None, live: bool) -> str | None:
    """The name of the seat of the person at the terminal (``--name``, else Hero);
    None where bots play every seat (``live`` false), said on standard error when
    a name was given, so that it is not dropped silently.

    >>> your_name(None, True), your_name("Zed", True), your_name(None, False)
    ('Hero', 'Zed', None)
    """
    if live:
        return "Hero" if given is None else given
    if given is not None:
        print(
            "studrules: warning: --name names your seat at a terminal; here bots play every seat "
            "(standard input is not a terminal, or --bots-only), so no seat takes it",
            file=sys.stderr,
        )
    return None


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
    except (OSError, ValueError, RuntimeError):  # (RuntimeError: a loop of symbolic links)
        return str(file)


def add_variants_in_argument(parser: argparse.ArgumentParser) -> None:
    """``--variants-in FOLDER`` (repeatable): a folder a script's or history's variant file may be read from."""
    parser.add_argument(
        "--variants-in",
        metavar="FOLDER",
        action="append",
        default=[],
        help="also read the variant files a script or history names from FOLDER and below (by default: beside "
        "the file, under the current folder, or shipped); may be given more than once",
    )


def variants_in(args: argparse.Namespace) -> tuple[Path, ...]:
    """The folders of ``--variants-in``, each checked to be one."""
    folders = []
    for given in getattr(args, "variants_in", None) or ():
        folder = Path(given)
        if not folder.is_dir():
            raise UsageError(f"--variants-in {given}: there is no folder {given}")
        folders.append(folder)
    return tuple(folders)


def with_variants_in_hint(err: StudrulesError) -> StudrulesError:
    """``err``, its variant files refused for the folder they lie in said with the way to read them."""
    errors = getattr(err, "errors", None)
    hint = " (--variants-in FOLDER reads the variant files there)"
    if errors is not None:
        if any(OUTSIDE_WORDS in e.message for e in errors):
            return SpecErrors(
                type(e)(e.message + hint, e.location) if OUTSIDE_WORDS in e.message else e for e in errors
            )
    elif OUTSIDE_WORDS in err.message:
        return type(err)(err.message + hint, err.location)
    return err


def add_dask_argument(parser: argparse.ArgumentParser) -> None:
    """``--dask ADDRESS``: play the chunks on a Dask cluster (``local``: one on this machine)."""
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        type=_scheduler_address,
        help="play on a Dask cluster: a scheduler's address (tcp://HOST:8786), or 'local' for one on this "
        "machine; the same seed gives the same numbers (needs the 'distributed' extra: pip install '.[distributed]' in the studrules folder)",
    )


def _scheduler_address(text: str) -> str:
    """An argparse type: a Dask scheduler's address, or ``local`` (not empty)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("empty: give a scheduler's address (tcp://HOST:8786) or 'local'")
    return text


def whole_number(least: int, most: int | None = None):
    """An argparse type: a whole number of at least ``least`` (``1,000`` and ``1_000`` read too).

    >>> whole_number(1)("1,000")
    1000
    >>> whole_number(0)("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be at least 0, not -1
    """

    def parse(text: str) -> int:
        value, too_long, shown = _typed_whole(text)
        if too_long:
            raise argparse.ArgumentTypeError(
                f"must be at most {most:,}" if most is not None else "has more than 30 digits"
            )
        if value is None:
            raise argparse.ArgumentTypeError(f"'{shown}' is not a whole number")
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most:,}, not {value:,}")
        return value

    return parse


def add_seed_argument(parser: argparse.ArgumentParser, default: int | None, help_text: str) -> None:
    """``--seed S``, one rule in every command: a whole number from 0 (the
    generators of simulate and compare take no negative seed, so no command does).

    >>> p = argparse.ArgumentParser()
    >>> add_seed_argument(p, 0, "random seed")
    >>> p.parse_args(["--seed", "1_000"]).seed
    1000
    >>> seed_number("-3")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a seed is a whole number from 0, not -3
    """
    parser.add_argument("--seed", metavar="S", type=seed_number, default=default, help=help_text)


def _typed_whole(text: str) -> tuple[int | None, bool, str]:
    """A number typed on the command line (``1,000`` and ``1_000`` read too; ASCII digits only,
    as :func:`~studrules.spec.expression_language.whole_text` reads them): its value (None: no
    number), whether it is a number of more than 30 digits, and the text as a message shows it."""
    plain = text.replace("_", "").replace(",", "").strip()
    grouped = digits_grouped(text)  # (1,0 is no number)
    value = whole_text(plain) if grouped else None
    too_long = value is None and grouped and plain.isascii() and plain.isdigit()
    return value, too_long, text if len(text) <= 40 else text[:40] + "..."


def seed_number(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 in ASCII digits, at most 30 of them
    (``1,000`` and ``1_000`` read too)."""
    value, too_long, shown = _typed_whole(text)
    if value is None:
        digits = " of at most 30 digits" if too_long else ""
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0{digits}, not '{shown}'")
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0, not {value}")
    return value


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


# --------------------------------------------------------------------------
# one grammar for every command: the same flags, the same words


def add_hands_argument(
    parser: argparse.ArgumentParser, default: int | None, help: str, dest: str = "hands", most: int | None = None
) -> None:
    """``-n``/``--hands``: the number of hands, in every command that plays some
    (at most ``most``, where given: a larger count is a usage error, as ``--stack``'s is)."""
    parser.add_argument("-n", "--hands", dest=dest, metavar="N", type=whole_number(1, most), default=default, help=help)


class BotList(argparse.Action):
    """Bot names, comma-separated and repeatable, kept as one comma-separated text;
    a name that is no bot is a usage error, with the closest bot.

    >>> p = argparse.ArgumentParser(prog="x")
    >>> _ = p.add_argument("--bots", action=BotList)
    >>> p.parse_args(["--bots", "random, strategy:basic"]).bots
    'random,strategy:basic'
    """

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from ..game.policies import UnknownPolicyError, bot_kind

        given = values if isinstance(values, list) else [values]
        names = [n.strip() for v in given for n in str(v).split(",") if n.strip()]
        if not names:
            parser.error(f"{option_string} needs at least one bot name")
        for name in names:
            try:
                bot_kind(name)
            except UnknownPolicyError as err:
                parser.error(f"argument {option_string}: {err.message}")
        mark = f"_{self.dest}_given"  # the default is replaced, what the line gave before is added to
        kept = [getattr(namespace, self.dest)] if getattr(namespace, mark, False) else []
        setattr(namespace, mark, True)
        setattr(namespace, self.dest, ",".join(kept + names))


def add_bots_argument(parser: argparse.ArgumentParser, default: str | None, default_text: str) -> None:
    """``--bots LIST``: the bots, comma-separated (or the flag repeated), given to the seats in turn."""
    parser.add_argument(
        "--bots",
        metavar="LIST",
        action=BotList,
        default=default,
        help="the bots, comma-separated, given to the seats in turn: check-call, random, sensible, "
        f"strategy (each game's own), strategy:NAME (default: {default_text})",
    )


def add_side_arguments(parser: argparse.ArgumentParser) -> None:
    """``--option-a``, ``--option-b``, ``--stake-a``, ``--stake-b``: the house-rule
    options and stakes of the two variants a command sets side by side (A and B)."""
    for side in ("a", "b"):
        parser.add_argument(
            f"--option-{side}",
            action="append",
            default=[],
            metavar="NAME=CHOICE",
            help=f"a house-rule option of {side.upper()} (repeatable)",
        )
    for side in ("a", "b"):
        parser.add_argument(
            f"--stake-{side}",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help=f"a stake of {side.upper()}, in chips (repeatable)",
        )


def load_sides(args: argparse.Namespace) -> tuple[Variant, Variant]:
    """The two variants ``args.a`` and ``args.b``, each with its own options and
    stakes (:func:`add_side_arguments`), loaded by :func:`load_with_stakes`."""
    a, b = (_side(args, side) for side in ("a", "b"))
    return a, b


def _side(args: argparse.Namespace, side: str) -> Variant:
    """One side of :func:`load_sides`: an error its options cause is said with the flag
    that gave them (``with --option-b bogus=1: ...``), as its stakes' are."""
    from ..spec.loader import load_variant, parse_assignments

    name = _named(getattr(args, side), side.upper())
    options = parse_assignments(getattr(args, f"option_{side}"), f"--option-{side}")
    stakes = parse_assignments(getattr(args, f"stake_{side}"), f"--stake-{side}")
    try:
        return load_with_stakes(name, options, stakes, f"--stake-{side}")
    except (SpecErrors, SpecError) as err:
        if not options:
            raise
        try:
            load_variant(name)  # (the file alone loads: the options given are the cause)
        except StudrulesError:
            raise err from None
        errors = err.errors if isinstance(err, SpecErrors) else [err]
        given = " ".join(f"{k}={v}" for k, v in options.items())
        said = [SpecError(f"with --option-{side} {given}: {e.message}", e.location) for e in errors]
        raise (SpecErrors(said) if isinstance(err, SpecErrors) else said[0]) from None


def add_stack_argument(parser: argparse.ArgumentParser, default_text: str) -> None:
    """``--stack CHIPS``: each player's chips at the start."""
    parser.add_argument(
        "--stack",
        metavar="CHIPS",
        type=whole_number(1, MAX_NUMBER),  # (the bound of every amount a file writes)
        default=None,
        help=f"each player's chips at the start (default: {default_text})",
    )


def add_deprecated_alias(parser: argparse.ArgumentParser, old: str, new: str, **kwargs: Any) -> None:
    r"""An old spelling of a flag: hidden from ``--help``, still read, and a
    one-line notice on standard error each time it is used.

    >>> p = argparse.ArgumentParser(prog="x")
    >>> p.add_argument("--stack", type=int)  # doctest: +ELLIPSIS
    _StoreAction(...)
    >>> add_deprecated_alias(p, "--stacks", "--stack", dest="stack", type=int)
    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     p.parse_args(["--stacks", "50"]).stack
    50
    >>> err.getvalue()
    'studrules: --stacks is now spelt --stack (the old spelling still works for now)\n'
    """
    action = kwargs.pop("action", "store")
    base = parser._registry_get("action", action, action) if isinstance(action, str) else action

    class Deprecated(base):  # type: ignore[valid-type,misc]
        new_spelling = new

        def __call__(self, parser, namespace, values, option_string=None) -> None:
            print(f"studrules: {old} is now spelt {new} (the old spelling still works for now)", file=sys.stderr)
            super().__call__(parser, namespace, values, option_string)

    parser.add_argument(old, action=Deprecated, help=argparse.SUPPRESS, **kwargs)


def choice_hint(word: str, choices: Sequence[str]) -> str:
    """`` (did you mean 'X'?)`` for the closest of ``choices``, or nothing.

    >>> choice_hint("--seeds", ["--seed", "--stack"])
    " (did you mean '--seed'?)"
    >>> choice_hint("--colour", ["--seed"])
    ''
    """
    close = close_matches(word, list(choices))
    return f" (did you mean '{close[0]}'?)" if close else ""


def unknown_argument_message(
    parser: argparse.ArgumentParser, extras: Sequence[str], parsed: argparse.Namespace | None = None
) -> str:
    """The error for arguments a command does not take, with the ``--stake``
    meant where one names a stake of the variant (``parsed``: what the command
    line gave; see :mod:`~studrules.cli._stake_flags`), else the closest flag the
    command does take.

    >>> p = argparse.ArgumentParser()
    >>> _ = p.add_argument("--seed")
    >>> unknown_argument_message(p, ["--seeds", "3"])
    "unrecognized arguments: --seeds (did you mean '--seed'?) 3"
    """
    flags: dict[str, str] = {}  # a flag -> the one to suggest (for an old spelling: the new one)
    for action in parser._actions:
        new = getattr(action, "new_spelling", None)
        if action.help is not argparse.SUPPRESS or new:
            flags.update((s, new or s) for s in action.option_strings if s.startswith("--"))
    shown = []
    for at, word in enumerate(extras):
        stake = ""
        if word.startswith("--") and word.split("=", 1)[0] not in flags:
            from ._stake_flags import stake_flag_hint

            stake = stake_flag_hint(parser, parsed, extras, at)
        close = close_matches(word.split("=", 1)[0], list(flags))
        if stake:
            shown.append(word + stake)
        else:
            shown.append(f"{word} (did you mean '{flags[close[0]]}'?)" if word.startswith("--") and close else word)
    return f"unrecognized argument{'s' if len(extras) > 1 else ''}: {' '.join(shown)}"
