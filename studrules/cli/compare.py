"""``studrules compare A B -n HANDS --seed S``: two rule sets on the same cards.

Plays the same deals under both variants (see :mod:`studrules.analysis.compare`) and
prints a plain paragraph (who is favoured, by how much, beyond the noise or
not), then the measures side by side, per seat and per bot, then a few deals
whose outcome diverges as two hand histories side by side, the same event
on one line, the line where the play parts marked. A progress bar shows on a terminal; ``--json`` prints
one JSON object instead; ``--html FILE`` also writes a self-contained page
with the rule differences and charts; ``--exact`` also counts two games
against the house exactly (:mod:`studrules.analysis.compare_exact`). The
same seed gives the same report.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..analysis.compare import MAX_DEALS, MAX_EXAMPLES, Comparison, bots_refusal, compare, kinds_refusal
from ..analysis.compare_report import (
    EXACT_LINES_TITLE,
    PARTING_MARK,
    POT_SIZES_TITLE,
    bring_ins,
    exact_line_rows,
    example_rows,
    example_title,
    format_report,
    has_bring_in,
    headline,
    html_report,
    net_rows,
    no_example_note,
    pot_bin_rows,
    summary_rows,
)
from ..analysis.compare_summary import plain_summary
from ..errors import UsageError
from ._common import (
    BotList,
    add_bots_argument,
    add_dask_argument,
    add_deprecated_alias,
    add_hands_argument,
    add_seed_argument,
    add_side_arguments,
    add_stack_argument,
    check_players,
    load_sides,
    progress_bar,
    whole_number,
)
from ._outputs import check_output_file, write_output
from .main import visible

NAME = "compare"
HELP = "play the same deals under two variants and compare the outcomes"
DESCRIPTION = (
    "Play the same shuffled decks with the same bots under two rule sets (each with its own "
    "--option-a/--option-b and --stake-a/--stake-b) and compare, after a plain summary: average pot, "
    "showdowns, who pays the bring-in, who acts first, how often the forced bets, the play and the winner "
    "change, chips won per seat and per bot (95% confidence intervals), and the house edge of games "
    "against the house."
)
ORDER = 32

__all__ = ["NAME", "HELP", "add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", help="first variant (a shipped name or a YAML file)")
    parser.add_argument("b", metavar="B", help="second variant (a shipped name or a YAML file)")
    add_hands_argument(
        parser, 1000, f"hands (deals) to play under each (default: 1,000; at most {MAX_DEALS:,})", "deals", MAX_DEALS
    )
    add_deprecated_alias(parser, "--deals", "--hands", dest="deals", metavar="N", type=whole_number(1, MAX_DEALS))
    add_seed_argument(parser, 0, "random seed: the same seed gives the same report (default: 0)")
    parser.add_argument(
        "--players",
        metavar="N",
        type=whole_number(1),
        default=4,
        help="players (positions in a game against the house) (default: 4)",
    )
    add_bots_argument(parser, None, "sensible; against the house, strategy: each game's own, as simulate plays it")
    add_deprecated_alias(parser, "--policy", "--bots", dest="bots", action=BotList, nargs="+", metavar="NAME")
    add_side_arguments(parser)
    add_stack_argument(parser, "100 times the largest stake, at least 1,000; again at every deal")
    add_deprecated_alias(parser, "--stacks", "--stack", dest="stack", metavar="CHIPS", type=whole_number(1))
    parser.add_argument(
        "--examples",
        metavar="K",
        type=whole_number(0, MAX_EXAMPLES),
        default=3,
        help="diverging deals to show (default: 3)",
    )
    parser.add_argument(
        "--exact",
        action="store_true",
        help="two games against the house: also count each one's house edge exactly (as analyze does) under "
        "each bot's strategy, and the difference",
    )
    parser.add_argument(
        "--optimal",
        action="store_true",
        help="two games against the house: also count each one's house edge exactly under its optimal play "
        "(as analyze --optimal does), and the difference",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the report")
    parser.add_argument("--html", metavar="FILE", help="also write a self-contained HTML report to FILE")
    parser.add_argument(
        "--force", action="store_true", help="replace an existing --html file (it is refused otherwise)"
    )
    add_dask_argument(parser)


def run(args: argparse.Namespace) -> int:
    a, b = load_sides(args)
    if (why := kinds_refusal(a, b)) is not None:  # (before any file is checked or deal played)
        raise UsageError(why)
    if args.bots and (why := bots_refusal(a, args.bots.split(","))) is not None:
        raise UsageError(why)
    check_players(args.players, [a, b])
    if args.stack is not None:  # (a stack too small for a hand of either game: said as play says it)
        from .play import check_stack

        check_stack(args.stack, [a, b])
    if args.exact or args.optimal:
        from ..analysis.compare_exact import exact_refusal
        from ..game.policies import default_policies

        bots = (args.bots.split(",") if args.bots else default_policies((a, b))) if args.exact else ()
        if (why := exact_refusal(a, b, bots, "--exact" if args.exact else "--optimal")) is not None:
            raise UsageError(why)
        print("counting both games' house edges exactly first (as analyze does)", file=sys.stderr)
    labels = _labels(args, a, b)
    # said before playing, not after
    html_path = check_output_file("--html", args.html, force=args.force, keep=(a.file, b.file)) if args.html else None
    kwargs = {
        "deals": args.deals,
        "seed": args.seed,
        "players": args.players,
        "policies": args.bots.split(",") if args.bots else None,
        "stacks": args.stack,
        "examples": args.examples,
        "labels": labels,
        "dask": args.dask,
        "exact": args.exact,
        "optimal": args.optimal,
    }
    if not args.json and sys.stderr.isatty():
        result = _with_progress_bar(a, b, kwargs)
    else:
        result = compare(a, b, **kwargs)
    if html_path is not None:
        from ..analysis.diff import diff

        write_output("--html", html_path, html_report(result, diff(a, b)))
    if args.json:
        json.dump(result.to_dict(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    elif sys.stdout.isatty():
        _print_rich(result)
    else:
        sys.stdout.write(format_report(result))
    if html_path is not None and not args.json:
        print(visible(f"wrote {html_path}"), file=sys.stderr)
    return 130 if result.interrupted else 0


def _labels(args, a, b) -> tuple[str, str]:
    def label(variant, options, stakes) -> str:
        extra = [*options, *stakes]
        return f"{variant.name} ({', '.join(extra)})" if extra else variant.name

    la, lb = label(a, args.option_a, args.stake_a), label(b, args.option_b, args.stake_b)
    if la == lb:
        return f"{la} (A)", f"{lb} (B)"
    return la, lb


def _with_progress_bar(a, b, kwargs) -> Comparison:
    with progress_bar("comparing", "deals") as bar:
        task = bar.add_task("deals", total=kwargs["deals"])
        return compare(a, b, progress=lambda done, total: bar.update(task, completed=done), **kwargs)


# --------------------------------------------------------------------------
# the report on a terminal (the rows and the plain text: analysis.compare_report)


def _print_rich(c: Comparison) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(headline(c))
    console.print()
    console.print(plain_summary(c))
    console.print()
    summary = Table(title="Side by side", title_justify="left")
    for name in ("", "A", "B", "B \u2212 A"):
        summary.add_column(name, overflow="fold")
    for measure in summary_rows(c):
        summary.add_row(*measure)
    console.print(summary)
    if changed := exact_line_rows(c):
        lines = Table(title=EXACT_LINES_TITLE, title_justify="left")
        for name in ("outcome", "A", "B", "B \u2212 A"):
            lines.add_column(name)
        for outcome in changed:
            lines.add_row(*outcome)
        console.print(lines)
    seats = Table(title="Chips won per deal, by seat (P1 sits at the dealer's left)", title_justify="left")
    bring_in = has_bring_in(c)
    for name in ("seat", "A", "B", "B \u2212 A", "brings in A", "brings in B")[: 6 if bring_in else 4]:
        seats.add_column(name)
    for row in net_rows(c.net_by_seat, bring_ins(c) if bring_in else None):
        seats.add_row(*row)
    console.print(seats)
    policies = Table(title="Chips won per deal, by bot", title_justify="left")
    for name in ("bot", "A", "B", "B \u2212 A"):
        policies.add_column(name)
    for row in net_rows(c.net_by_policy):
        policies.add_row(*row)
    if len(c.net_by_policy) > 1:
        console.print(policies)
    console.print(f"[italic]{POT_SIZES_TITLE}[/italic]")
    pots = Table()
    for name in ("pots", "under A", "under B"):
        pots.add_column(name, justify="left" if name == "pots" else "right")
    for low, high, x, y in pot_bin_rows(c.pot_histogram):
        pots.add_row(f"{low} and more" if high == "and more" else f"{low} to {high}", f"{x:,}", f"{y:,}")
    console.print(pots)
    if no_example_note(c):
        console.print(no_example_note(c))
    for ex in c.examples:
        console.print()
        console.print(f"[bold]{example_title(ex)}[/bold]")
        console.print(_example_table(ex, c.a.label, c.b.label))


def _example_table(ex, label_a: str, label_b: str):
    """A diverging deal's histories side by side, the same event on one line; the
    line where the play parts in bold, the lines after it in colour."""
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, padding=(0, 1))
    table.add_column("", justify="right", style="dim")
    table.add_column(label_a, ratio=1)
    table.add_column("", width=1)
    table.add_column(label_b, ratio=1)
    for number, ea, eb in example_rows(ex):
        line = number - 1
        style = "bold yellow" if line == ex.first_difference else ("cyan" if line > ex.first_difference else "")
        mark = PARTING_MARK if line == ex.first_difference else ""
        table.add_row(f"{mark}{number}", Text(ea), "|" if ea != eb else "", Text(eb), style=style or None)
    return table
