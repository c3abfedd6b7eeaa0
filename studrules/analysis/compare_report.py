"""The report of a comparison: the side-by-side rows, plain text and an HTML page.

What :func:`studrules.analysis.compare.compare` found
(:class:`~studrules.analysis.comparison.Comparison`) as a reader sees it:
:func:`summary_rows` and :func:`net_rows` (the measures side by side, with
their 95% confidence intervals), :func:`format_report` (the whole report as
plain text), :func:`format_example` (a diverging deal as two hand histories
side by side, the same event on one line, the line where the play parts
marked with :data:`PARTING_MARK`) and :func:`html_report` (one self-contained page with
the rule differences and charts). ``studrules compare`` prints these; its
terminal tables show the same rows.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence

from .compare_summary import plain_summary
from .comparison import Comparison, Estimate, Example, Paired, Rate
from .diff import Difference
from .intervals import no_interval_words
from .report_html import (
    Section,
    bar_chart,
    figures,
    html_page,
    interval_chart,
    overlaid_histogram,
    paragraph,
    percent_figures,
    table,
)

__all__ = [
    "format_report",
    "format_example",
    "html_report",
    "headline",
    "summary_rows",
    "net_rows",
    "bring_ins",
    "has_bring_in",
    "pot_label",
    "example_title",
    "example_rows",
    "change_rates",
    "PARTING_MARK",
    "NO_DIVERGENCE",
    "NO_INTERVAL",
    "no_example_note",
    "pot_bin_rows",
    "POT_SIZES_TITLE",
    "deal_notes",
]

#: Marks the line where two histories part.
PARTING_MARK = "\u25b6"
#: Said of a mean or a rate in place of its interval when one deal was played.
NO_INTERVAL = "no interval: 1 deal"
#: Said when no deal diverges.
NO_DIVERGENCE = "No deal diverges: both rule sets play every deal the same way."

#: The extra cells of a row of :func:`net_rows`, from the row's name.
ExtraCells = Callable[[str], tuple[str, ...]]

#: The title of the table of where the exact differences come from.
EXACT_LINES_TITLE = (
    "Where the exact difference comes from: each outcome's part of the player's return that changes "
    "(antes; a side bet's lines per unit staked)"
)


# --- plain text -------------------------------------------------------------


def format_report(c: Comparison) -> str:
    """The whole report as plain text.

    >>> from studrules.spec.examples import example_variant
    >>> v = example_variant("one-round")
    >>> from studrules.analysis.compare import compare
    >>> lines = format_report(compare(v, v, deals=3, seed=1)).splitlines()
    >>> print(lines[0])
    A: one-round (A)  |  B: one-round (B)
    >>> print(lines[3])
    Every seat wins and loses the same chips under both rule sets over 3 deals. The average pot is the
    """
    out = [headline(c), "", *textwrap.wrap(plain_summary(c), 100, break_on_hyphens=False), ""]
    out += _columns(("", "A", "B", "B - A"), summary_rows(c))
    if changed := exact_line_rows(c):
        out += ["", EXACT_LINES_TITLE, *_columns(("outcome", "A", "B", "B - A"), changed)]
    out += ["", "Chips won per deal, by seat (P1 sits at the dealer's left)"]
    if has_bring_in(c):
        out += _columns(
            ("seat", "A", "B", "B - A", "brings in A", "brings in B"), net_rows(c.net_by_seat, bring_ins(c))
        )
    else:
        out += _columns(("seat", "A", "B", "B - A"), net_rows(c.net_by_seat))
    if len(c.net_by_policy) > 1:  # one policy at every seat: its average is 0 in a pot game
        out += ["", "Chips won per deal, by bot"]
        out += _columns(("bot", "A", "B", "B - A"), net_rows(c.net_by_policy))
    out += ["", POT_SIZES_TITLE]
    out += _pot_histogram_text(c.pot_histogram)
    for ex in c.examples:
        out += ["", format_example(ex, c.a.label, c.b.label)]
    note = no_example_note(c)
    if note:
        out += ["", note]
    return "\n".join(out) + "\n"


#: The title of the pot sizes' histogram, in the text and on a terminal.
POT_SIZES_TITLE = "Pot sizes (chips; each bin from its first figure up to, not including, its second): deals per bin"


def no_example_note(c: Comparison) -> str:
    """Why no diverging deal is shown, where none is ("" where some are).

    >>> from studrules.spec.examples import example_variant
    >>> from studrules.analysis.compare import compare
    >>> v = example_variant("bring-in")
    >>> c = compare(v, example_variant("bring-in", stakes={"bring_in": 2}), deals=4, seed=1, policies=["check-call"])
    >>> no_example_note(c)
    '4 deals differ in the forced bets or the chip amounts alone: every player acts alike and the same players win.'
    """
    if c.history_changes.count == 0:
        return NO_DIVERGENCE
    if c.examples:
        return ""
    if c.winner_changes.count or c.play_changes.count or c.bring_in_changes.count:
        return f"{_deals(c.history_changes.count)} {'diverge' if c.history_changes.count != 1 else 'diverges'}; none was asked for (--examples)."
    return (
        f"{_deals(c.history_changes.count)} {'differ' if c.history_changes.count != 1 else 'differs'} in the forced "
        "bets or the chip amounts alone: every player acts alike and the same players win."
    )


def pot_bin_rows(hist: Mapping[str, list]) -> list[tuple[str, str, int, int]]:
    """The bins of a comparison's ``pot_histogram`` as rows: from, to (not
    included; "and more" for an open last bin), the deals under A and B.

    >>> pot_bin_rows({"edges": [10, 20, 30, 501], "a": [5, 3, 1], "b": [4, 4, 0], "last_bin_open": True})
    [('10', '20', 5, 4), ('20', '30', 3, 4), ('30', 'and more', 1, 0)]
    """
    edges, last = hist["edges"], len(hist["a"]) - 1
    is_open = bool(hist.get("last_bin_open"))
    return [
        (figures(edges[i]), "and more" if is_open and i == last else figures(edges[i + 1]), x, y)
        for i, (x, y) in enumerate(zip(hist["a"], hist["b"]))
    ]


def _pot_histogram_text(hist: Mapping[str, list], width: int = 30) -> list[str]:
    """The pot histograms as text: a row a bin, A's and B's counts with bars."""
    rows = pot_bin_rows(hist)
    biggest = max([n for _, _, x, y in rows for n in (x, y)] + [1])

    def bar(n: int) -> str:
        return "#" * round(width * n / biggest) if n else ""

    cells = [(f"{lo} and more" if hi == "and more" else f"{lo} to {hi}", x, y) for lo, hi, x, y in rows]
    return _columns(
        ("pots", "under A", "", "under B", ""),
        [(label, f"{x:,}", bar(x), f"{y:,}", bar(y)) for label, x, y in cells],
    )


def format_example(ex: Example, label_a: str = "A", label_b: str = "B", width: int = 46) -> str:
    """A diverging deal as two histories side by side, in plain text, the
    same event (chip amounts aside) on one line and ``|`` between two that
    read otherwise; the line where the play parts is marked with an arrow."""
    lines = [example_title(ex), f"     {label_a[:width].ljust(width)}   {label_b}"]
    for number, ea, eb in example_rows(ex):
        mark = PARTING_MARK if number - 1 == ex.first_difference else " "
        lines.append(f"{mark}{number:>3} {ea[:width].ljust(width)} {'|' if ea != eb else ' '} {eb}")
    return "\n".join(lines)


def headline(c: Comparison) -> str:
    """The report's first lines: A and B, the deals, the seed, the players and their bots."""
    stopped = f" (interrupted: {c.deals:,} of {c.requested:,})" if c.interrupted else ""
    return (
        f"A: {c.a.label}  |  B: {c.b.label}\n"
        f"{_deals(c.deals)}, seed {c.seed}{stopped}; {len(c.players)} players, {c.stacks:,} chips each; "
        f"bots: {', '.join(c.policies)}" + "".join(f"\n{note}" for note in deal_notes(c))
    )


def deal_notes(c: Comparison) -> list[str]:
    """What a reader of the figures must know of the deals: the decks differ, or the same deck
    gives some seat other cards (a rule set deals or burns a card the other does not); a kill
    is never set off (each deal is played on its own)."""
    notes = []
    if not c.same_decks:
        notes.append(decks_differ(c))
    elif c.card_changes.count:
        notes.append(
            f"In {percent_figures(c.card_changes.percent)}% of the deals a seat is dealt other cards under B than "
            "under A (one deals or burns a card the other does not): the same decks, not the same hands."
        )
    killed = [f"{x} ({side.variant})" for x, side in (("A", c.a), ("B", c.b)) if side.kill]
    if killed:
        notes.append(
            f"The kill of {' and '.join(killed)} is never set off: each deal is played on its own, from fresh "
            "stacks, and a kill follows the pots before it (play a session to see it)."
        )
    return notes


def decks_differ(c: Comparison) -> str:
    """What the seed shares when A and B deal from other decks: not the cards."""
    return (
        f"The decks differ ({c.a.deck} cards under A, {c.b.deck} under B): each deal shuffles both "
        "from the same seed, but they are not the same cards."
    )


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
    if has_bring_in(c):
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
    rows += [(label, "", "", _rate_text(rate)) for label, rate in change_rates(c)]
    if c.house_edge.a is not None or c.house_edge.b is not None:
        rows.append(
            (
                "house edge, side bets included (% of antes)",
                _with_ci(c.house_edge.a, "%"),
                _with_ci(c.house_edge.b, "%"),
                _with_ci(c.house_edge.difference, "%", True),
            )
        )
    return rows + exact_rows(c)


def exact_rows(c: Comparison) -> list[tuple[str, str, str, str]]:
    """``(measure, A, B, B - A)`` rows of the exact counts (``compare --exact``): each bot's
    house edge per ante under A and B (the strategy each count played), then each side bet's
    per unit staked; none without them."""
    rows = []
    for pair in c.exact:
        rows.append(
            (
                f"exact house edge, {pair.who} (% of the ante)",
                f"{pair.a.house_edge:.4%} ({pair.strategy_a})",
                f"{pair.b.house_edge:.4%} ({pair.strategy_b})",
                f"{pair.difference:+.4%}",
            )
        )
        mine, theirs, differences = pair.a.side_bets, pair.b.side_bets, pair.side_bet_differences()
        for name in dict.fromkeys([*mine, *theirs]):  # (a side bet of one game alone: none under the other)
            rows.append(
                (
                    f"exact house edge of {name.replace('_', ' ')}, {pair.who} (% of the stake)",
                    f"{mine[name]['house_edge']:.4%}" if name in mine else "not offered",
                    f"{theirs[name]['house_edge']:.4%}" if name in theirs else "not offered",
                    f"{differences[name]:+.4%}" if name in differences else "\u2014",
                )
            )
    return rows


def exact_line_rows(c: Comparison) -> list[tuple[str, str, str, str]]:
    """``(outcome, A, B, B - A)`` rows of where each exact difference comes from
    (:meth:`~studrules.analysis.compare_exact.ExactPair.line_differences`): each outcome's
    part of the player's return that changes, in antes (a side bet's per unit staked)."""
    rows = []
    for pair in c.exact:
        for label, (x, y, d) in pair.line_differences().items():
            name = label if len(c.exact) == 1 else f"{pair.who}: {label}"
            rows.append((name.replace("_", " "), f"{x:+.6f}", f"{y:+.6f}", f"{d:+.6f}"))
    return rows


def change_rates(c: Comparison) -> list[tuple[str, Rate]]:
    """How often each kind of change happens, as the report's rows name them:
    the forced bets apart from the play and the results."""
    return [
        ("forced bets differ (antes, blinds, bring-in)", c.forced_bet_changes),
        ("the play changes (someone acts otherwise)", c.play_changes),
        ("winner changes", c.winner_changes),
        ("someone's result changes (wins, loses, breaks even)", c.result_changes),
        ("only the chip amounts change", c.amounts_only_changes),
    ]


def pot_label(c: Comparison) -> str:
    """What "pot" means here: the pot of a pot game, the chips wagered against the house."""
    kinds = {c.a.kind, c.b.kind}
    if kinds == {"pot"}:
        return "average pot"
    if kinds == {"banked"}:
        return "average chips wagered (antes, required bets and raises)"
    return "average pot (chips wagered, against the house)"


def has_bring_in(c: Comparison) -> bool:
    """Whether either rule set had a bring-in in some deal (the report then says who paid it)."""
    return bool(c.a.bring_in.count or c.b.bring_in.count)


def net_rows(measures: Mapping[str, Paired], extra: ExtraCells | None = None) -> list[tuple[str, ...]]:
    """``(name, A, B, B - A)`` rows of chips won per deal (by seat or by policy), as
    text, each followed by ``extra(name)`` when given."""
    rows = []
    for name, p in measures.items():
        row = (name, _with_ci(p.a, signed=True), _with_ci(p.b, signed=True), _with_ci(p.difference, signed=True))
        rows.append(row + (extra(name) if extra else ()))
    return rows


def bring_ins(c: Comparison) -> ExtraCells:
    """A seat's extra cells: how many deals it brought in under A and under B."""
    return lambda seat: (f"{c.a.bring_in_by_seat.get(seat, 0):,}", f"{c.b.bring_in_by_seat.get(seat, 0):,}")


def example_title(ex: Example) -> str:
    """A diverging deal in one line: why it diverges, where the hands part, the winners under A and B."""
    why = {
        "winner": "the winner changes",
        "bring_in": "another player brings in",
        "play": "the play changes, the same winners",
    }[ex.why]
    line = ex.first_difference + 1
    parts = f"the play parts at line {line}" if ex.play_changes else f"every player acts alike; line {line} differs"
    return (
        f"Deal {ex.deal + 1} (deck seed {ex.deck_seed}): {why}; {parts}. "
        f"Winners: A {', '.join(ex.winners_a) or 'nobody'}, B {', '.join(ex.winners_b) or 'nobody'}"
    )


def example_rows(ex: Example) -> list[tuple[int, str, str]]:
    """``(line number, A's event, B's event)`` for every line of the histories side by
    side (:attr:`~studrules.analysis.comparison.Example.lines`); a side with no event on a line is blank."""

    def text(events, i: int | None) -> str:
        return "" if i is None else events[i].describe()

    return [(n + 1, text(ex.events_a, i), text(ex.events_b, j)) for n, (i, j) in enumerate(ex.lines)]


# --- the HTML page ------------------------------------------------------------


def html_report(c: Comparison, differences: Sequence[Difference] = ()) -> str:
    """One self-contained HTML page: the rule differences, the measures side by
    side, charts (pot sizes under A and B overlaid, net result per seat
    around zero with 95% whiskers, divergence rates) and the diverging deals,
    after a plain paragraph (:func:`~studrules.analysis.compare_summary.plain_summary`).
    Numbers to three significant figures; ``--json`` keeps more.

    >>> from studrules.spec.loader import load_variant
    >>> from studrules.spec.resources import default_variant
    >>> v = load_variant(default_variant())
    >>> from studrules.analysis.compare import compare
    >>> page = html_report(compare(v, v, deals=3, seed=1))
    >>> page.startswith("<!DOCTYPE html>") and 'id="summary"' in page
    True
    """
    d = c.to_dict()
    a, b = c.a.label, c.b.label
    sections = [Section("In short", paragraph(plain_summary(c), cls="summary"), id="overview")]
    differences = [x for x in differences if not x.same_now]
    if differences:
        rows = [[x.topic, x.rule, x.a, x.b] for x in differences]
        body = table(["topic", "rule", a, b], rows, highlight=[(i, c_) for i in range(len(rows)) for c_ in (2, 3)])
    else:
        body = paragraph("No rule differs: any difference below comes from chance alone (there should be none).")
    sections.append(Section("Rule differences", body, id="rules"))

    head = ["measure", f"A: {a}", "A 95% CI", f"B: {b}", "B 95% CI", "B \u2212 A", "B \u2212 A 95% CI"]
    rows = []
    for label, paired in (
        (pot_label(c), c.pot),
        ("reaches the showdown (%)", c.showdown),
        ("house edge, side bets included (% of antes)", c.house_edge),
    ):
        if paired.a is None and paired.b is None:
            continue
        rows.append([label, *_est_cells(paired.a), *_est_cells(paired.b), *_est_cells(paired.difference, True)])
    bring_in = has_bring_in(c)
    if bring_in:
        rows.append(["has a bring-in (% of deals)", *_rate_cells(c.a.bring_in), *_rate_cells(c.b.bring_in), "", ""])
    summary = table(head, rows, caption="Means over the deals; B \u2212 A is paired deal by deal")
    if c.exact:
        counted = [[label, x, y, d] for label, x, y, d in exact_rows(c)]
        summary += table(
            ["measure", f"A: {a}", f"B: {b}", "B \u2212 A"],
            counted,
            caption="Counted exactly, every deal (no interval: no noise)",
        )
        if changed := exact_line_rows(c):
            summary += table(["outcome", f"A: {a}", f"B: {b}", "B \u2212 A"], changed, caption=EXACT_LINES_TITLE)
    rates = [("bring-in player differs", c.bring_in_changes)] if bring_in else []
    rates += [(f"first to act differs, round {r.round}", r.changed) for r in c.first_to_act]
    rates += change_rates(c)
    change_rows = [[label, *_rate_row(rate)] for label, rate in rates]
    changes = table(
        ["what changes", "deals", "of", "%", "95% CI"], change_rows, caption="How often the outcome diverges"
    )
    chart = bar_chart(
        [label for label, _ in rates],
        [rate.percent for _, rate in rates],
        title="Divergence (% of deals)",
        unit="%",
    )
    sections.append(Section("Side by side", summary + changes + chart, id="summary"))

    hist = d["pot_histogram"]
    is_open = bool(hist.get("last_bin_open"))
    regular = hist["edges"][:-1] if is_open else hist["edges"]
    pots = overlaid_histogram(
        [(f"A: {a}", c.pot_counts_a), (f"B: {b}", c.pot_counts_b)],
        bins=len(regular) - 1,
        bounds=(regular[0], regular[-1]),
        title="Pot sizes (chips) under A and under B: deals per bin",
        open_from=regular[-1] if is_open else None,
    ) + table(
        ["from", "to (not included)", "deals under A", "deals under B"],
        [[lo, hi, f"{x:,}", f"{y:,}"] for lo, hi, x, y in pot_bin_rows(hist)],
        caption="The histograms' bins",
    )
    sections.append(Section("Pot sizes", pots, id="pots"))

    seats = c.net_by_seat
    seat_rows = [
        [
            seat,
            *_est_cells(p.a, True),
            *_est_cells(p.b, True),
            *_est_cells(p.difference, True),
            c.a.bring_in_by_seat.get(seat, 0),
            c.b.bring_in_by_seat.get(seat, 0),
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
        [name, *_est_cells(p.a, True), *_est_cells(p.b, True), *_est_cells(p.difference, True)]
        for name, p in c.net_by_policy.items()
    ]
    net = (
        interval_chart(
            list(seats),
            [(f"A: {a}", [_point(p.a) for p in seats.values()]), (f"B: {b}", [_point(p.b) for p in seats.values()])],
            title="Average chips won per deal, by seat, with 95% intervals (left of 0: lost)",
        )
        + interval_chart(
            list(seats),
            [("B \u2212 A", [_point(p.difference) for p in seats.values()])],
            title="B \u2212 A: what B changes for each seat, with 95% intervals",
        )
        + table(seat_head, seat_rows, caption="Chips won per deal, by seat (P1 sits at the dealer's left)")
        + (  # (one bot at every seat: the text leaves it out too)
            table(
                ["bot", "A", "A 95% CI", "B", "B 95% CI", "B \u2212 A", "B \u2212 A 95% CI"],
                policy_rows,
                caption="Chips won per deal, by bot",
            )
            if len(policy_rows) > 1
            else ""
        )
    )
    sections.append(Section("Net result per seat", net, id="net"))

    deals = []
    for ex in c.examples:
        events = [[n, ea, eb] for n, ea, eb in example_rows(ex)]
        k = ex.first_difference
        marks = [(k, 1), (k, 2)] if k < len(events) else []
        classes = ["parts" if i == k else None for i in range(len(events))]
        deals.append(
            paragraph(example_title(ex))
            + table(["#", f"A: {a}", f"B: {b}"], events, highlight=marks, row_classes=classes)
        )
    if no_example_note(c):
        deals.append(paragraph(no_example_note(c)))
    sections.append(Section("Deals that diverge", "".join(deals), id="examples"))

    stopped = f" (interrupted after {c.deals:,} of {c.requested:,})" if c.interrupted else ""
    note = (
        f"{_deals(c.deals)}{stopped}, seed {c.seed}, the same decks under both rule sets; {len(c.players)} players "
        f"with {c.stacks:,} chips each at the start of every deal; bots: {', '.join(c.policies)}."
    )
    if not c.same_decks:
        note = note.replace(", the same decks under both rule sets;", ";")
    note += "".join(f" {said}" for said in deal_notes(c))
    return html_page(f"{a} against {b}", sections, note=note)


# --- helpers ---------------------------------------------------------------


def _deals(n: int) -> str:
    return f"{n:,} deal{'s' if n != 1 else ''}"


def _span(low: float | None, high: float | None, unit: str = "", signed: bool = False, n: int = 1) -> str:
    """An interval as text, ``low to high``, or why there is none (:data:`NO_INTERVAL`
    for one deal; a few deals of one same value give none either)."""
    if low is None or high is None:
        return f"no interval: {no_interval_words(n)}"
    shown = percent_figures if unit == "%" else figures
    return f"{shown(low, signed=signed)}{unit} to {shown(high, signed=signed)}{unit}"


def _with_ci(e: Estimate | None, unit: str = "", signed: bool = False) -> str:
    if e is None:
        return "\u2014"
    shown = percent_figures if unit == "%" else figures
    return f"{shown(e.mean, signed=signed)}{unit} ({_span(e.low, e.high, unit, signed, e.n)})"


def _rate_text(r: Rate) -> str:
    if r.of == 0:
        return "\u2014"
    return f"{percent_figures(r.percent)}% of {r.of:,} ({_span(r.low, r.high, '%')})"


def _columns(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    return ["  ".join(str(cell).ljust(w) for cell, w in zip(row, widths)).rstrip() for row in [header, *rows]]


def _est_cells(e: Estimate | None, signed: bool = False) -> list[str]:
    if e is None:
        return ["\u2014", ""]
    return [figures(e.mean, signed=signed), _span(e.low, e.high, signed=signed, n=e.n)]


def _rate_cells(r: Rate) -> list[str]:
    return [f"{percent_figures(r.percent)}%", _span(r.low, r.high, "%")]


def _rate_row(r: Rate) -> list[str]:
    return [f"{r.count:,}", f"{r.of:,}", f"{percent_figures(r.percent)}%", _span(r.low, r.high, "%")]


def _point(e: Estimate | None) -> tuple[float, float, float] | None:
    """A bar of a chart: the mean and its whisker (none without an interval)."""
    if e is None:
        return None
    if e.low is None or e.high is None:
        return e.mean, e.mean, e.mean
    return e.mean, e.low, e.high
