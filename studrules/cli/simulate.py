"""``studrules simulate VARIANT [--strategy NAME] -n HANDS --seed S``: the house edge of a strategy.

With no ``--strategy``, the first shipped strategy that fits the game plays
(:func:`~studrules.spec.strategy_fit.fitting_strategy`); a line on stderr and
the report's headline name it.

Plays many hands of a game against the house with a strategy deciding every
hand (see :mod:`studrules.analysis.simulate`) and prints the house edge with its 95%
confidence interval, the element of risk, how often the player raises and the
house qualifies, each side bet placed (its edge per unit staked), and the
results by the player's hand. A progress bar shows on
a terminal; Ctrl-C stops early and reports the hands played so far. ``--json``
prints one JSON object instead.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys

from ..analysis.expression_words import hand_words
from ..analysis.intervals import no_interval_words
from ..analysis.simulate import MAX_HANDS, MAX_WORKERS, SimulationResult, simulate
from ..spec.strategies import load_strategy, shipped_strategies
from ..spec.strategy_fit import default_help, named_or_fitting
from ..spec.strategy_game import strategies_help
from ..table.side_bets import bet_words
from ._common import (
    add_dask_argument,
    add_hands_argument,
    add_seed_argument,
    add_variant_arguments,
    against_the_house,
    progress_bar,
    variant_from_args,
    whole_number,
)
from ._signals import sigterm_as_interrupt

NAME = "simulate"
HELP = "estimate the house edge of a strategy in a game against the house"
ORDER = 40

__all__ = ["NAME", "HELP", "add_arguments", "run", "format_report"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_variant_arguments(parser)
    parser.add_argument(
        "--strategy",
        metavar="NAME",
        help=f"a shipped strategy ({strategies_help()}; 'studrules list --strategies' lists them) or a path to a strategy file "
        f"(default: {default_help()})",
    )
    add_hands_argument(parser, 1_000_000, f"hands to play (default: 1,000,000; at most {MAX_HANDS:,})", most=MAX_HANDS)
    add_seed_argument(parser, 0, "random seed: the same seed gives the same numbers (default: 0)")
    parser.add_argument(
        "--workers",
        metavar="N",
        type=whole_number(1, MAX_WORKERS),
        default=2,
        help=f"worker processes, at most {MAX_WORKERS}; the numbers do not depend on it (default: 2)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the report")
    add_dask_argument(parser)


def run(args: argparse.Namespace) -> int:
    variant = variant_from_args(args)
    against_the_house(variant, args.variant, "simulate plays")
    strategy, chosen = named_or_fitting(args.strategy, variant, shipped_strategies(), load_strategy)
    if chosen:
        print(chosen, file=sys.stderr)
    show_bar = not args.json and sys.stderr.isatty()
    restore, terminated = sigterm_as_interrupt()  # (SIGTERM stops the run as Ctrl-C does: no traceback)
    try:
        if show_bar:
            result = _with_progress_bar(variant, strategy, args)
        else:
            result = simulate(variant, strategy, args.hands, args.seed, workers=args.workers, dask=args.dask)
    finally:
        restore()
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        _print_report(result)
    if result.failure is not None:
        print(
            f"studrules: simulate stopped: {result.failure}; the result covers the {result.hands:,} "
            f"of {result.requested:,} hands played before",
            file=sys.stderr,
        )
        return 1
    if terminated:
        return 128 + signal.SIGTERM
    return 130 if result.interrupted else 0


def _with_progress_bar(variant, strategy, args) -> SimulationResult:
    with progress_bar("simulating", "hands") as bar:
        task = bar.add_task("hands", total=args.hands)
        return simulate(
            variant,
            strategy,
            args.hands,
            args.seed,
            workers=args.workers,
            progress=lambda done, total: bar.update(task, completed=done),
            dask=args.dask,
        )


def format_report(result: SimulationResult) -> str:
    """The report as plain text (the same content as the rich tables).

    >>> from studrules.spec.examples import example_variant
    >>> v = example_variant("against-the-house")
    >>> print(format_report(simulate(v, "fold", 100, seed=1, workers=1)).splitlines()[0])
    against-the-house, strategy fold: 100 hands, seed 1
    """
    lines = [_headline(result)]
    if not result.hands:  # (stopped before a hand was counted: no figure to give)
        return "\n".join(lines + ["  no hand was played: nothing to report"])
    lines += [f"  {label}: {value}" for label, value in _summary_rows(result)]
    lines.append("  by the player's hand:")
    for row in _hand_rows(result):
        lines.append("    " + "  ".join(f"{cell:>{w}}" for cell, w in zip(row, (16, 10, 10, 8, 14))))
    return "\n".join(lines)


def _headline(result: SimulationResult) -> str:
    stopped = f" (interrupted: {result.hands:,} of {result.requested:,})" if result.interrupted else ""
    hands = f"{result.hands:,} hand{'' if result.hands == 1 else 's'}"
    return f"{result.variant}, strategy {result.strategy}: {hands}, seed {result.seed}{stopped}"


def _summary_rows(result: SimulationResult) -> list[tuple[str, str]]:
    return [
        (
            "house edge",
            f"{result.house_edge:.3f}% of the ante ({_interval(result.ci95, result.hands, plus_minus=True)})",
        ),
        ("element of risk", f"{result.element_of_risk:.3f}% of the total wagered"),
        ("player raises", f"{100 * result.raise_rate:.2f}% of hands"),
        (
            ("house qualifies", f"{100 * result.house_qualifies:.2f}% of hands")
            if result.has_house
            else ("house", "no house hand: paid by the pay table alone")
        ),
        ("mean result", f"{result.mean_net:+.4f} chips a hand (ante {result.ante}); std {result.std:.3f} antes"),
        *_side_rows(result),
        (
            "speed",
            f"{result.hands_per_second:,.0f} hands/s on {result.workers} worker{'s' if result.workers != 1 else ''} ({result.seconds:.1f} s)",
        ),
    ]


def _interval(ci95: tuple[float, float] | None, hands: int, plus_minus: bool = False) -> str:
    """A 95% interval in words; a single hand gives none (nothing measures its spread),
    nor do a few hands of one same result."""
    if ci95 is None:
        return f"no interval: {no_interval_words(hands, 'hand')}"
    low, high = ci95
    half = f", ±{(high - low) / 2:.3f}" if plus_minus else ""
    return f"95% CI {low:.3f}% to {high:.3f}%{half}"


def _side_rows(result: SimulationResult) -> list[tuple[str, str]]:
    """One row per side bet placed: its edge per unit staked and how often it pays."""
    rows = []
    for bet in result.side_bets:
        paid = sum(bet.lines.values())
        rows.append(
            (
                f"side bet {bet_words(bet.name)}",
                f"{bet.house_edge:.3f}% of the stake of {bet.stake} ({_interval(bet.ci95, result.hands)}); "
                f"pays on {100 * paid:.3f}% of hands",
            )
        )
    return rows


def _hand_label(name: str) -> str:
    """A kind of hand as a row's label: ``ace-king``, ``pair`` (the words of the rule book, no article)."""
    words = hand_words(name)
    return words[2:] if words.startswith("a ") else words


def _hand_rows(result: SimulationResult) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = [("hand", "frequency", "raised", "hands", "mean (antes)")]
    for g in result.by_hand:
        rows.append(
            (
                _hand_label(g.name),
                f"{100 * g.frequency:.4f}%",
                f"{100 * g.raise_rate:.1f}%",
                f"{g.hands:,}",
                f"{g.mean_net:+.4f}",
            )
        )
    return rows


def _print_report(result: SimulationResult) -> None:
    if not sys.stdout.isatty() or not result.hands:
        print(format_report(result))
        return
    from rich.console import Console
    from rich.table import Table

    console = Console()
    summary = Table(title=_headline(result), show_header=False, title_justify="left")
    summary.add_column(style="bold")
    summary.add_column()
    for label, value in _summary_rows(result):
        summary.add_row(label, value)
    console.print(summary)
    rows = _hand_rows(result)
    hands = Table(title="by the player's hand", title_justify="left")
    for i, name in enumerate(rows[0]):
        hands.add_column(name, justify="left" if i == 0 else "right")
    for row in rows[1:]:
        hands.add_row(*row)
    console.print(hands)
