"""``studrules compare A B -n DEALS --seed S``: two rule sets on the same cards.

Plays the same deals under both variants (see :mod:`studrules.analysis.compare`) and
prints the measures side by side, per seat and per policy, then a few deals
whose outcome diverges as two hand histories side by side, the first event
where they part marked. A progress bar shows on a terminal; ``--json`` prints
one JSON object instead; ``--html FILE`` also writes a self-contained page
with the rule differences and charts. The same seed gives the same report.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from ..analysis.compare import Comparison, Estimate, Example, Paired, Rate, compare
from ..errors import StudrulesError
from ..spec.loader import load_variant, parse_assignments
from ._common import progress_bar, whole_number

NAME = "compare"
HELP = "play the same deals under two variants and compare the outcomes"
DESCRIPTION = (
    "Play the same shuffled decks with the same policies under two rule sets (each with its own "
    "--option-a/--option-b and --stake-a/--stake-b) and compare, side by side: average pot, showdowns, "
    "who pays the bring-in, who acts first, how often the winner changes, chips won per seat and per "
    "policy (95%% confidence intervals), and the house edge of games against the house."
)
ORDER = 32

__all__ = ["NAME", "HELP", "add_arguments", "run", "format_report", "format_example", "html_report"]

_MARK = "\u25b6"  # the first event where the histories part
_SAME = "No deal diverges: both rule sets play every deal the same way."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", help="first variant (a shipped name or a YAML file)")
    parser.add_argument("b", metavar="B", help="second variant (a shipped name or a YAML file)")
    parser.add_argument(
        "-n",
        "--deals",
        metavar="DEALS",
        type=whole_number(1),
        default=1000,
        help="deals to play under each (default 1,000)",
    )
    parser.add_argument(
        "--seed",
        metavar="S",
        type=whole_number(0),
        default=0,
        help="random seed: the same seed gives the same report (default 0)",
    )
    parser.add_argument(
        "--players",
        metavar="N",
        type=whole_number(1),
        default=4,
        help="players (positions in a game against the house); default 4",
    )
    parser.add_argument(
        "--policy",
        metavar="NAME",
        action="extend",
        nargs="+",
        default=[],
        help="bots, taking turns round the table: check-call (default), random, sensible, strategy:NAME (repeatable)",
    )
    parser.add_argument(
        "--option-a", action="append", default=[], metavar="NAME=CHOICE", help="a house-rule option of A"
    )
    parser.add_argument(
        "--option-b", action="append", default=[], metavar="NAME=CHOICE", help="a house-rule option of B"
    )
    parser.add_argument("--stake-a", action="append", default=[], metavar="NAME=VALUE", help="a stake of A, in chips")
    parser.add_argument("--stake-b", action="append", default=[], metavar="NAME=VALUE", help="a stake of B, in chips")
    parser.add_argument(
        "--stacks",
        metavar="CHIPS",
        type=whole_number(1),
        default=None,
        help="each player's chips at the start of every deal (default: 100 times the largest stake, at least 1,000)",
    )
    parser.add_argument(
        "--examples", metavar="K", type=whole_number(0), default=3, help="diverging deals to show (default 3)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the report")
    parser.add_argument("--html", metavar="FILE", help="also write a self-contained HTML report to FILE")


def run(args: argparse.Namespace) -> int:
    a = load_variant(
        args.a,
        options=parse_assignments(args.option_a, "--option-a"),
        stakes=parse_assignments(args.stake_a, "--stake-a"),
    )
    b = load_variant(
        args.b,
        options=parse_assignments(args.option_b, "--option-b"),
        stakes=parse_assignments(args.stake_b, "--stake-b"),
    )
    labels = _labels(args, a, b)
    html_path = Path(args.html) if args.html else None
    if html_path is not None and html_path.is_dir():
        raise StudrulesError(f"--html {args.html}: that is a folder; give a file name")
    if html_path is not None and not html_path.parent.is_dir():  # say so before playing, not after
        raise StudrulesError(f"--html {args.html}: there is no folder {html_path.parent}")
    kwargs = {
        "deals": args.deals,
        "seed": args.seed,
        "players": args.players,
        "policies": args.policy or None,
        "stacks": args.stacks,
        "examples": args.examples,
        "labels": labels,
    }
    if not args.json and sys.stderr.isatty():
        result = _with_progress_bar(a, b, kwargs)
    else:
        result = compare(a, b, **kwargs)
    if html_path is not None:
        from ..analysis.diff import diff

        html_path.write_text(html_report(result, diff(a, b)), encoding="utf-8")
    if args.json:
        json.dump(result.to_dict(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    elif sys.stdout.isatty():
        _print_rich(result)
    else:
        sys.stdout.write(format_report(result))
    if html_path is not None and not args.json:
        print(f"wrote {html_path}", file=sys.stderr)
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
# the rows of the report (text, rich and HTML all show these)


def _mean(e: Estimate | None, unit: str = "") -> str:
    return "\u2014" if e is None else f"{e.mean:,.2f}{unit}"


def _ci(e: Estimate | None, unit: str = "") -> str:
    return "" if e is None else f"{e.low:,.2f}{unit} to {e.high:,.2f}{unit}"


def _with_ci(e: Estimate | None, unit: str = "", signed: bool = False) -> str:
    if e is None:
        return "\u2014"
    mean = f"{e.mean:+,.2f}" if signed else f"{e.mean:,.2f}"
    return f"{mean}{unit} ({_ci(e, unit)})"


def _rate_text(r: Rate) -> str:
    if r.of == 0:
        return "\u2014"
    return f"{r.percent:.1f}% of {r.of:,} ({r.low:.1f}% to {r.high:.1f}%)"


def summary_rows(c: Comparison) -> list[tuple[str, str, str, str]]:
    """``(measure, A, B, B - A)`` rows of the side-by-side table, as text."""
    rows = [
        (pot_label(c), _with_ci(c.pot.a), _with_ci(c.pot.b), _with_ci(c.pot.difference, signed=True)),
        (
            "reaches the showdown",
            _with_ci(c.showdown.a, "%"),
            _with_ci(c.showdown.b, "%"),
            _with_ci(c.showdown.difference, "%", True),
        ),
    ]
    if _has_bring_in(c):
        rows += [
            ("has a bring-in", _rate_text(c.a.bring_in), _rate_text(c.b.bring_in), ""),
            ("bring-in player differs", "", "", _rate_text(c.bring_in_changes)),
        ]
    for r in c.first_to_act:
        rows.append(
            (
                f"first to act differs, round {r.round}",
                f"played {r.played_a:,}",
                f"played {r.played_b:,}",
                _rate_text(r.changed),
            )
        )
    rows += [
        ("winner changes", "", "", _rate_text(c.winner_changes)),
        ("someone's result changes", "", "", _rate_text(c.result_changes)),
        ("the play changes", "", "", _rate_text(c.history_changes)),
    ]
    if c.house_edge.a is not None or c.house_edge.b is not None:
        rows.append(
            (
                "house edge (% of antes)",
                _with_ci(c.house_edge.a, "%"),
                _with_ci(c.house_edge.b, "%"),
                _with_ci(c.house_edge.difference, "%", True),
            )
        )
    return rows


def pot_label(c: Comparison) -> str:
    """What "pot" means here: the pot of a pot game, the chips wagered against the house."""
    kinds = {c.a.kind, c.b.kind}
    if kinds == {"pot"}:
        return "average pot"
    if kinds == {"banked"}:
        return "average chips wagered (antes and raises)"
    return "average pot (chips wagered, against the house)"


def _has_bring_in(c: Comparison) -> bool:
    return bool(c.a.bring_in.count or c.b.bring_in.count)


def _net_rows(table: dict[str, Paired], extra=None) -> list[tuple[str, ...]]:
    rows = []
    for name, p in table.items():
        row = (name, _with_ci(p.a, signed=True), _with_ci(p.b, signed=True), _with_ci(p.difference, signed=True))
        rows.append(row + (extra(name) if extra else ()))
    return rows


def _headline(c: Comparison) -> str:
    stopped = f" (interrupted: {c.deals:,} of {c.requested:,})" if c.interrupted else ""
    return (
        f"A: {c.a.label}  |  B: {c.b.label}\n"
        f"{c.deals:,} deals, seed {c.seed}{stopped}; {len(c.players)} players, {c.stacks:,} chips each; "
        f"policies: {', '.join(c.policies)}"
    )


def format_report(c: Comparison) -> str:
    """The whole report as plain text.

    >>> from studrules.spec.loader import load_variant_text
    >>> v = load_variant_text('''
    ... name: one-round
    ... kind: pot
    ... stakes: {ante: 1, bet: 2}
    ... steps:
    ...   - ante: {amount: ante}
    ...   - deal: {players: [down, up, up, up, up]}
    ...   - betting: {bet: bet}
    ...   - showdown: {rankings: [high]}
    ... ''')
    >>> print(format_report(compare(v, v, deals=3, seed=1)).splitlines()[0])
    A: one-round (A)  |  B: one-round (B)
    """
    out = [_headline(c), ""]
    out += _columns(("", "A", "B", "B - A"), summary_rows(c))
    out += ["", "Chips won per deal, by seat (P1 sits at the dealer's left)"]
    if _has_bring_in(c):
        out += _columns(
            ("seat", "A", "B", "B - A", "brings in A", "brings in B"), _net_rows(c.net_by_seat, _bring_ins(c))
        )
    else:
        out += _columns(("seat", "A", "B", "B - A"), _net_rows(c.net_by_seat))
    if len(c.net_by_policy) > 1:  # one policy at every seat: its average is 0 in a pot game
        out += ["", "Chips won per deal, by policy"]
        out += _columns(("policy", "A", "B", "B - A"), _net_rows(c.net_by_policy))
    for ex in c.examples:
        out += ["", format_example(ex, c.a.label, c.b.label)]
    if c.history_changes.count == 0:
        out += ["", _SAME]
    return "\n".join(out) + "\n"


def _bring_ins(c: Comparison):
    return lambda seat: (f"{c.a.bring_in_by_seat.get(seat, 0):,}", f"{c.b.bring_in_by_seat.get(seat, 0):,}")


def _columns(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    return ["  ".join(str(cell).ljust(w) for cell, w in zip(row, widths)).rstrip() for row in [header, *rows]]


def example_title(ex: Example) -> str:
    why = {"winner": "the winner changes", "result": "the amounts won change", "history": "only the play changes"}[
        ex.why
    ]
    return (
        f"Deal {ex.deal + 1} (deck seed {ex.deck_seed}): {why}; the hands part at event {ex.first_difference + 1}. "
        f"Winners: A {', '.join(ex.winners_a) or 'nobody'}, B {', '.join(ex.winners_b) or 'nobody'}"
    )


def example_rows(ex: Example) -> list[tuple[int, str, str]]:
    """``(event number, A's event, B's event)`` for every event of the longer history."""
    n = max(len(ex.events_a), len(ex.events_b))
    rows = []
    for i in range(n):
        ea = ex.events_a[i].describe() if i < len(ex.events_a) else ""
        eb = ex.events_b[i].describe() if i < len(ex.events_b) else ""
        rows.append((i + 1, ea, eb))
    return rows


def format_example(ex: Example, label_a: str = "A", label_b: str = "B", width: int = 46) -> str:
    """A diverging deal as two histories side by side, in plain text; the
    first event where they part is marked with an arrow."""
    lines = [example_title(ex), f"     {label_a[:width].ljust(width)}   {label_b}"]
    for number, ea, eb in example_rows(ex):
        mark = _MARK if number - 1 == ex.first_difference else " "
        lines.append(f"{mark}{number:>3} {ea[:width].ljust(width)} {'|' if ea != eb else ' '} {eb}")
    return "\n".join(lines)


def _print_rich(c: Comparison) -> None:
    from rich.columns import Columns
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(_headline(c))
    summary = Table(title="Side by side", title_justify="left")
    for name in ("", "A", "B", "B \u2212 A"):
        summary.add_column(name, overflow="fold")
    for row in summary_rows(c):
        summary.add_row(*row)
    console.print(summary)
    seats = Table(title="Chips won per deal, by seat (P1 sits at the dealer's left)", title_justify="left")
    bring_in = _has_bring_in(c)
    for name in ("seat", "A", "B", "B \u2212 A", "brings in A", "brings in B")[: 6 if bring_in else 4]:
        seats.add_column(name)
    for row in _net_rows(c.net_by_seat, _bring_ins(c) if bring_in else None):
        seats.add_row(*row)
    console.print(seats)
    policies = Table(title="Chips won per deal, by policy", title_justify="left")
    for name in ("policy", "A", "B", "B \u2212 A"):
        policies.add_column(name)
    for row in _net_rows(c.net_by_policy):
        policies.add_row(*row)
    if len(c.net_by_policy) > 1:
        console.print(policies)
    if c.history_changes.count == 0:
        console.print(_SAME)
    for ex in c.examples:
        console.print()
        console.print(f"[bold]{example_title(ex)}[/bold]")
        sides = []
        for label, events in ((c.a.label, ex.events_a), (c.b.label, ex.events_b)):
            t = Table(title=label, show_header=False, box=None, padding=(0, 1))
            t.add_column(justify="right", style="dim")
            t.add_column()
            for i, e in enumerate(events):
                if i == ex.first_difference:
                    t.add_row(f"{_MARK}{i + 1}", f"[bold yellow]{e.describe()}[/bold yellow]")
                elif i > ex.first_difference:
                    t.add_row(str(i + 1), f"[cyan]{e.describe()}[/cyan]")
                else:
                    t.add_row(str(i + 1), e.describe())
            sides.append(t)
        console.print(Columns(sides, equal=True, expand=True))


# --------------------------------------------------------------------------
# the HTML page


def html_report(c: Comparison, differences: Sequence = ()) -> str:
    """One self-contained HTML page: the rule differences, the measures side by
    side, charts (pot sizes under A and B, net result per seat, divergence
    rates) and the diverging deals. Its numbers are those of
    :meth:`~studrules.analysis.compare.Comparison.to_dict`.

    >>> from studrules.spec.loader import load_variant
    >>> from studrules.spec.resources import default_variant
    >>> v = load_variant(default_variant())
    >>> page = html_report(compare(v, v, deals=3, seed=1))
    >>> page.startswith("<!DOCTYPE html>") and 'id="summary"' in page
    True
    """
    from ..analysis.report_html import Section, bar_chart, histogram, html_page, paragraph, table

    d = c.to_dict()
    a, b = c.a.label, c.b.label
    sections = []
    if differences:
        rows = [[x.topic, x.rule, x.a, x.b] for x in differences]
        body = table(["topic", "rule", a, b], rows, highlight=[(i, c_) for i in range(len(rows)) for c_ in (2, 3)])
    else:
        body = paragraph("No rule differs: any difference below comes from chance alone (there should be none).")
    sections.append(Section("Rule differences", body, id="rules"))

    head = ["measure", f"A: {a}", "A 95% CI", f"B: {b}", "B 95% CI", "B \u2212 A", "B \u2212 A 95% CI"]
    rows = []
    for label, key in (
        (pot_label(c), "pot"),
        ("reaches the showdown (%)", "showdown"),
        ("house edge (% of antes)", "house_edge"),
    ):
        p = d[key]
        if p["a"] is None and p["b"] is None:
            continue
        rows.append([label, *_est_cells(p["a"]), *_est_cells(p["b"]), *_est_cells(p["difference"])])
    bring_in = _has_bring_in(c)
    if bring_in:
        rows.append(
            ["has a bring-in (% of deals)", *_rate_cells(d["a"]["bring_in"]), *_rate_cells(d["b"]["bring_in"]), "", ""]
        )
    summary = table(head, rows, caption="Means over the deals; B \u2212 A is paired deal by deal")
    change_rows = [["bring-in player differs", *_rate_row(d["bring_in_changes"])]] if bring_in else []
    for r in d["first_to_act"]:
        change_rows.append([f"first to act differs, round {r['round']}", *_rate_row(r["changed"])])
    change_rows += [
        ["winner changes", *_rate_row(d["winner_changes"])],
        ["someone's result changes", *_rate_row(d["result_changes"])],
        ["the play changes", *_rate_row(d["history_changes"])],
    ]
    changes = table(
        ["what changes", "deals", "of", "%", "95% CI"], change_rows, caption="How often the outcome diverges"
    )
    chart = bar_chart(
        [row[0] for row in change_rows],
        [_pct(row[3]) for row in change_rows],
        title="Divergence (% of deals)",
        unit="%",
    )
    sections.append(Section("Side by side", summary + changes + chart, id="summary"))

    hist = d["pot_histogram"]
    bounds = (hist["edges"][0], hist["edges"][-1])
    bins = len(hist["a"])
    pots = (
        histogram(c.pots_a, bins=bins, bounds=bounds, title=f"Pot sizes under A: {a}")
        + histogram(c.pots_b, bins=bins, bounds=bounds, title=f"Pot sizes under B: {b}")
        + table(
            ["from", "to (not included)", "deals under A", "deals under B"],
            [[lo, hi, x, y] for lo, hi, x, y in zip(hist["edges"], hist["edges"][1:], hist["a"], hist["b"])],
            caption="The histograms' bins",
        )
    )
    sections.append(Section("Pot sizes", pots, id="pots"))

    seats = d["net_by_seat"]
    labels, values = [], []
    for seat, p in seats.items():
        labels += [f"{seat} A", f"{seat} B"]
        values += [p["a"]["mean"], p["b"]["mean"]]
    seat_rows = [
        [
            seat,
            *_est_cells(p["a"]),
            *_est_cells(p["b"]),
            *_est_cells(p["difference"]),
            d["a"]["bring_in_by_seat"][seat],
            d["b"]["bring_in_by_seat"][seat],
        ]
        for seat, p in seats.items()
    ]
    seat_head = [
        "seat",
        "A",
        "A 95% CI",
        "B",
        "B 95% CI",
        "B \u2212 A",
        "B \u2212 A 95% CI",
        "brings in under A",
        "brings in under B",
    ]
    if not bring_in:
        seat_rows = [row[:7] for row in seat_rows]
        seat_head = seat_head[:7]
    policy_rows = [
        [name, *_est_cells(p["a"]), *_est_cells(p["b"]), *_est_cells(p["difference"])]
        for name, p in d["net_by_policy"].items()
    ]
    net = (
        bar_chart(labels, values, title="Average chips won per deal, by seat (negative: lost)")
        + table(seat_head, seat_rows, caption="Chips won per deal, by seat (P1 sits at the dealer's left)")
        + table(
            ["policy", "A", "A 95% CI", "B", "B 95% CI", "B \u2212 A", "B \u2212 A 95% CI"],
            policy_rows,
            caption="Chips won per deal, by policy",
        )
    )
    sections.append(Section("Net result per seat", net, id="net"))

    deals = []
    for ex in c.examples:
        rows = [[n, ea, eb] for n, ea, eb in example_rows(ex)]
        k = ex.first_difference
        marks = [(k, 1), (k, 2)] if k < len(rows) else []
        classes = ["parts" if i == k else None for i in range(len(rows))]
        deals.append(
            paragraph(example_title(ex))
            + table(["#", f"A: {a}", f"B: {b}"], rows, highlight=marks, row_classes=classes)
        )
    if c.history_changes.count == 0:
        deals.append(paragraph(_SAME))
    elif not deals:
        deals.append(paragraph(f"{c.history_changes.count:,} deals diverge; none was asked for (--examples)."))
    sections.append(Section("Deals that diverge", "".join(deals), id="examples"))

    stopped = f" (interrupted after {c.deals:,} of {c.requested:,})" if c.interrupted else ""
    note = (
        f"{c.deals:,} deals{stopped}, seed {c.seed}, the same decks under both rule sets; {len(c.players)} players "
        f"with {c.stacks:,} chips each at the start of every deal; policies: {', '.join(c.policies)}."
    )
    return html_page(f"{a} against {b}", sections, note=note)


def _num(x) -> str:
    # the JSON's own numbers, unchanged, so the page and --json agree
    return "\u2014" if x is None else str(x)


def _est_cells(e: dict | None) -> list[str]:
    if e is None:
        return ["\u2014", ""]
    return [_num(e["mean"]), f"{_num(e['ci95'][0])} to {_num(e['ci95'][1])}"]


def _rate_cells(r: dict) -> list[str]:
    return [f"{_num(r['percent'])}%", f"{_num(r['ci95'][0])}% to {_num(r['ci95'][1])}%"]


def _rate_row(r: dict) -> list[str]:
    return [
        _num(r["count"]),
        _num(r["of"]),
        f"{_num(r['percent'])}%",
        f"{_num(r['ci95'][0])}% to {_num(r['ci95'][1])}%",
    ]


def _pct(text: str) -> float:
    return float(text.rstrip("%"))
