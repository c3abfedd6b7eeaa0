"""Self-contained HTML reports: one page, inline CSS, charts as inline SVG.

No script, no font or image from the network: the page opens anywhere. Every
helper escapes the text it is given and returns an HTML fragment (a ``str``);
:func:`html_page` puts fragments together under headings.

    >>> page = html_page("Rules", [Section("Matrix", table(["rule", "a"], [["ante", "5 < 10"]]))])
    >>> "<td>5 &lt; 10</td>" in page and page.startswith("<!DOCTYPE html>")
    True
"""

from __future__ import annotations

import html
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

__all__ = [
    "percent_figures",
    "Section",
    "html_page",
    "escape",
    "paragraph",
    "table",
    "bar_chart",
    "interval_chart",
    "histogram",
    "overlaid_histogram",
    "bin_counts",
    "figures",
    "SERIES_COLOURS",
]

#: The values of a histogram: a sequence, or a mapping of value -> how many times.
Values = Sequence[float] | Mapping[int, int] | Mapping[float, int]

#: The colours of the series of a chart (A, then B), told apart in print too.
SERIES_COLOURS = ("#2b6cb0", "#dd6b20")


@dataclass(frozen=True)
class Section:
    """A heading and its HTML body (made with the helpers of this module)."""

    heading: str
    body: str
    id: str | None = None


def escape(text: object) -> str:
    """Text made safe for HTML (quotes included).

    >>> escape('<b> & "x"')
    '&lt;b&gt; &amp; &quot;x&quot;'
    """
    return html.escape(str(text), quote=True)


def paragraph(text: str, *, cls: str | None = None) -> str:
    """A ``<p>`` of escaped text."""
    attr = f' class="{escape(cls)}"' if cls else ""
    return f"<p{attr}>{escape(text)}</p>"


_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;max-width:80rem;padding:0 1rem;color:#222;background:#fff}
h1{font-size:1.6rem;border-bottom:2px solid #2a6;padding-bottom:.3rem}
h2{font-size:1.25rem;margin-top:2rem;color:#174}
p.note{color:#555}
table{border-collapse:collapse;font-size:.85rem;margin:1rem 0}
caption{text-align:left;font-weight:600;padding:.3rem 0}
th,td{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top;text-align:left}
th{background:#eef5f0}
tr.topic th{background:#dde9e1;text-align:left}
td.differs{background:#fff1c9}
tr.same td{color:#777}
tr.same-now td{color:#555;font-style:italic}
svg{display:block;margin:1rem 0;font-family:inherit}
svg text{font-size:12px;fill:#222}
.bar{fill:#2a6}
.bar.s0{fill:#2b6cb0}
.bar.s1{fill:#dd6b20}
.hist.s0{fill:#2b6cb0;fill-opacity:.55}
.hist.s1{fill:#dd6b20;fill-opacity:.55}
.whisker{stroke:#222;stroke-width:1.5}
.axis{stroke:#888;stroke-width:1}
.zero{stroke:#222;stroke-width:1.5}
.tick{stroke:#bbb;stroke-width:1}
p.summary{font-size:1.05rem;background:#f4f8f5;border-left:4px solid #2a6;padding:.6rem .9rem}
"""


def html_page(title: str, sections: Iterable[Section | tuple[str, str]], *, note: str | None = None) -> str:
    """A whole HTML document: ``title`` as ``<title>`` and ``<h1>``, each
    section as an ``<h2>`` and its body. Tuples ``(heading, body)`` are
    accepted as sections."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        f"<h1>{escape(title)}</h1>",
    ]
    if note:
        parts.append(paragraph(note, cls="note"))
    for i, s in enumerate(sections, 1):
        if not isinstance(s, Section):
            s = Section(*s)
        sid = escape(s.id or f"section-{i}")
        parts.append(f'<section id="{sid}">')
        parts.append(f"<h2>{escape(s.heading)}</h2>")
        parts.append(s.body)
        parts.append("</section>")
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


def table(
    header: Sequence[object],
    rows: Iterable[Sequence[object]],
    *,
    caption: str | None = None,
    highlight: Iterable[tuple[int, int]] = (),
    row_classes: Sequence[str | None] | None = None,
    group_rows: dict[int, str] | None = None,
) -> str:
    """An HTML table of escaped cells.

    ``highlight``: (row, column) cells marked ``class="differs"``;
    ``row_classes``: a class per row; ``group_rows``: a full-width heading row
    (``class="topic"``) placed before the row of that index.

        >>> table(["a", "b"], [[1, 2]], highlight=[(0, 1)])
        '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td class="differs">2</td></tr></tbody></table>'
    """
    marked = set(highlight)
    groups = group_rows or {}
    out = ["<table>"]
    if caption:
        out.append(f"<caption>{escape(caption)}</caption>")
    out.append("<thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in header) + "</tr></thead>")
    out.append("<tbody>")
    for r, row in enumerate(rows):
        if r in groups:
            out.append(f'<tr class="topic"><th colspan="{len(header)}">{escape(groups[r])}</th></tr>')
        cls = row_classes[r] if row_classes and r < len(row_classes) and row_classes[r] else None
        out.append(f'<tr class="{escape(cls)}">' if cls else "<tr>")
        for c, cell in enumerate(row):
            attr = ' class="differs"' if (r, c) in marked else ""
            out.append(f"<td{attr}>{escape(cell)}</td>")
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def bar_chart(
    labels: Sequence[object],
    values: Sequence[float],
    *,
    title: str | None = None,
    unit: str = "",
    width: int = 640,
    bar_height: int = 22,
) -> str:
    """A horizontal bar chart as inline SVG. Each bar carries its value in a
    ``data-value`` attribute and as a text label.

        >>> svg = bar_chart(["a", "b"], [3, 1])
        >>> svg.count('class="bar"'), 'data-value="3"' in svg
        (2, True)
    """
    if len(labels) != len(values):
        raise ValueError("bar_chart needs one value per label")
    label_w = max([len(str(x)) for x in labels] + [4]) * 7 + 10
    plot_w = max(width - label_w - 60, 50)
    top = 24 if title else 6
    height = top + len(values) * (bar_height + 6) + 6
    biggest = max([abs(v) for v in values] + [0]) or 1
    out = _chart_start(width, height, title)
    for i, (label, value) in enumerate(zip(labels, values)):
        y = top + i * (bar_height + 6)
        w = plot_w * abs(value) / biggest
        shown = _number(value)
        out.append(f'<text x="{label_w - 6}" y="{y + bar_height * 0.7:.1f}" text-anchor="end">{escape(label)}</text>')
        out.append(
            f'<rect class="bar" x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_height}" data-label="{escape(label)}" data-value="{escape(shown)}"></rect>'
        )
        label_text = figures(value) + unit
        out.append(f'<text x="{label_w + w + 4:.1f}" y="{y + bar_height * 0.7:.1f}">{escape(label_text)}</text>')
    out.append(f'<line class="axis" x1="{label_w}" y1="{top}" x2="{label_w}" y2="{height - 6}"></line>')
    out.append("</svg>")
    return "".join(out)


def interval_chart(
    labels: Sequence[object],
    series: Sequence[tuple[str, Sequence[tuple[float, float, float] | None]]],
    *,
    title: str | None = None,
    unit: str = "",
    width: int = 640,
    bar_height: int = 14,
) -> str:
    """Horizontal bars from a zero line (to the right above zero, to the left
    below), one per series for each label, each with its 95% interval as a
    whisker. ``series``: ``(name, [(mean, low, high) or None per label])``,
    drawn in :data:`SERIES_COLOURS` with a legend. Each bar carries
    ``data-series``, ``data-label``, ``data-value``, ``data-low``,
    ``data-high`` and ``data-zero`` (the zero line's x).

        >>> svg = interval_chart(["P1"], [("A", [(-2, -3, -1)]), ("B", [(1, 0.5, 1.5)])])
        >>> import re
        >>> bars = re.findall(r'x="([.\\d]+)" y="[.\\d]+" width="([.\\d]+)" height="\\d+" data-series="(.)".*?data-zero="([.\\d]+)"', svg)
        >>> [(s, "left" if abs(float(x) + float(w) - float(z)) < 0.2 else "right") for x, w, s, z in bars]
        [('A', 'left'), ('B', 'right')]
    """
    points = [p for _, values in series for p in values if p is not None]
    lo = min([0.0, *(p[1] for p in points)])
    hi = max([0.0, *(p[2] for p in points)])
    if lo == hi:
        hi = lo + 1
    label_w = max([len(str(x)) for x in labels] + [4]) * 7 + 10
    plot_w = max(width - label_w - 70, 50)
    top = (24 if title else 6) + 18  # the legend under the title
    group = len(series) * (bar_height + 2) + 8
    height = top + len(labels) * group + 28

    def x(v: float) -> float:
        return label_w + plot_w * (v - lo) / (hi - lo)

    zero = x(0)
    out = _chart_start(width, height, title, [name for name, _ in series], x=label_w, top=top, swatch="bar")
    for tick in _ticks(lo, hi):
        tx = x(tick)
        out.append(f'<line class="tick" x1="{tx:.1f}" y1="{top}" x2="{tx:.1f}" y2="{height - 22}"></line>')
        out.append(
            f'<text x="{tx:.1f}" y="{height - 8}" text-anchor="middle">{escape(figures(tick, signed=tick != 0))}</text>'
        )
    for i, label in enumerate(labels):
        y0 = top + i * group + 4
        out.append(f'<text x="{label_w - 6}" y="{y0 + group / 2:.1f}" text-anchor="end">{escape(label)}</text>')
        for k, (name, values) in enumerate(series):
            p = values[i]
            if p is None:
                continue
            mean, low, high = p
            y = y0 + k * (bar_height + 2)
            left, right = sorted((zero, x(mean)))
            shown = figures(mean, signed=True)
            out.append(
                f'<rect class="bar s{k % 2}" x="{left:.1f}" y="{y}" width="{right - left:.1f}" height="{bar_height}" '
                f'data-series="{escape(name)}" data-label="{escape(label)}" data-value="{escape(shown)}" '
                f'data-low="{escape(figures(low))}" data-high="{escape(figures(high))}" data-zero="{zero:.1f}"></rect>'
            )
            cy = y + bar_height / 2
            wl, wh = x(low), x(high)
            out.append(
                f'<line class="whisker" x1="{wl:.1f}" y1="{cy:.1f}" x2="{wh:.1f}" y2="{cy:.1f}" '
                f'data-low="{escape(figures(low))}" data-high="{escape(figures(high))}"></line>'
            )
            for wx in (wl, wh):
                out.append(
                    f'<line class="whisker" x1="{wx:.1f}" y1="{y + 2}" x2="{wx:.1f}" y2="{y + bar_height - 2}"></line>'
                )
            out.append(f'<text x="{max(right, wh) + 4:.1f}" y="{y + bar_height - 2}">{escape(shown + unit)}</text>')
    out.append(f'<line class="zero" x1="{zero:.1f}" y1="{top}" x2="{zero:.1f}" y2="{height - 22}"></line>')
    out.append("</svg>")
    return "".join(out)


def overlaid_histogram(
    series: Sequence[tuple[str, Values]],
    *,
    bins: int = 10,
    bounds: tuple[float, float] | None = None,
    title: str | None = None,
    width: int = 640,
    height: int = 260,
    open_from: float | None = None,
) -> str:
    """Histograms of several series on the same bins, drawn over each other in
    :data:`SERIES_COLOURS` (see-through) with a legend and ticks on both axes.
    Each bar carries ``data-series``, ``data-count``, ``data-low`` and
    ``data-high``. A series' values are a sequence or a mapping of value ->
    how many times (see :func:`bin_counts`). ``open_from``: the values from
    it up are counted in one more bar, labelled "and more" (``bins`` and
    ``bounds`` then cover the values below it).

        >>> svg = overlaid_histogram([("A", [1, 2, 2]), ("B", [3, 3, 3])], bins=3)
        >>> svg.count('data-series="A"'), svg.count('data-series="B"'), 'data-count="3"' in svg
        (3, 3, True)
        >>> svg = overlaid_histogram([("A", {1: 1, 2: 2, 90: 1})], bins=2, bounds=(1, 3), open_from=3)
        >>> svg.count("data-series"), 'data-low="3" data-high="91"' in svg, "and more" in svg
        (3, True, True)
    """
    weighted = [(name, _weighted(values)) for name, values in series]
    everything = [v for _, times in weighted for v in times]
    if bounds is None and everything:
        bounds = (min(everything), max(everything))
    if open_from is None:
        counted = [(name, *bin_counts(times, bins, bounds)) for name, times in weighted]
    else:
        top_value = max(everything, default=open_from)
        counted = []
        for name, times in weighted:
            counts, edges = bin_counts({v: n for v, n in times.items() if v < open_from}, bins, bounds)
            counts = (counts or [0] * max(int(bins), 1)) + [sum(n for v, n in times.items() if v >= open_from)]
            if len(edges) < max(int(bins), 1) + 1:  # no value below: the regular edges all the same
                lo, hi = bounds if bounds is not None else (open_from, open_from)
                edges = [lo + (hi - lo) * i / max(int(bins), 1) for i in range(max(int(bins), 1) + 1)]
            counted.append((name, counts, [*edges, top_value + 1]))
    edges = counted[0][2] if counted else [0.0]
    nbins = max((len(c) for _, c, _ in counted), default=0)
    top = (24 if title else 6) + 18
    bottom = 34
    left = 48
    plot_h = height - top - bottom
    plot_w = width - left - 12
    biggest = max([n for _, c, _ in counted for n in c] + [0]) or 1
    bar_w = plot_w / max(nbins, 1)
    base = top + plot_h
    out = _chart_start(width, height, title, [name for name, _ in series], x=left, top=top, swatch="hist")
    for tick in _ticks(0, biggest, whole=True):
        ty = base - plot_h * tick / biggest
        out.append(f'<line class="tick" x1="{left}" y1="{ty:.1f}" x2="{left + plot_w}" y2="{ty:.1f}"></line>')
        out.append(f'<text x="{left - 4}" y="{ty + 4:.1f}" text-anchor="end">{escape(figures(tick))}</text>')
    for k, (name, counts, _) in enumerate(counted):
        for i, n in enumerate(counts):
            h = plot_h * n / biggest
            out.append(
                f'<rect class="hist s{k % 2}" x="{left + i * bar_w + 1:.1f}" y="{base - h:.1f}" '
                f'width="{max(bar_w - 2, 1):.1f}" height="{h:.1f}" data-series="{escape(name)}" data-count="{n}" '
                f'data-low="{_number(edges[i])}" data-high="{_number(edges[i + 1])}"></rect>'
            )
    out.append(f'<line class="axis" x1="{left}" y1="{base}" x2="{left + plot_w}" y2="{base}"></line>')
    out.append(f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{base}"></line>')
    labelled = nbins - (open_from is not None)  # an open last bin: its low edge, then "and more"
    step = max(1, -(-labelled // 8))  # at most about 9 labels under the bins' edges
    for i in [*range(0, labelled + 1, step), *([labelled] if labelled % step else [])]:
        tx = left + i * bar_w
        out.append(f'<line class="axis" x1="{tx:.1f}" y1="{base}" x2="{tx:.1f}" y2="{base + 5}"></line>')
        out.append(f'<text x="{tx:.1f}" y="{base + 18}" text-anchor="middle">{escape(figures(edges[i]))}</text>')
    if open_from is not None:
        # under the last bar, kept inside the picture (it is the rightmost)
        out.append(f'<text x="{left + plot_w:.1f}" y="{base + 30}" text-anchor="end">and more</text>')
    out.append("</svg>")
    return "".join(out)


def _chart_start(
    width: int,
    height: int,
    title: str | None,
    legend: Sequence[str] = (),
    *,
    x: float = 0,
    top: float = 0,
    swatch: str = "bar",
) -> list[str]:
    """An SVG chart's opening: the ``<svg>`` tag, the ``title`` above, and a
    legend of ``legend``'s names in :data:`SERIES_COLOURS` (swatches of class
    ``swatch``) from ``x`` along the line above ``top``."""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">'
    ]
    if title:
        out.append(f'<title>{escape(title)}</title><text x="0" y="16" font-weight="bold">{escape(title)}</text>')
    for k, name in enumerate(legend):
        out.append(f'<rect class="{swatch} s{k % 2}" x="{x}" y="{top - 16}" width="10" height="10"></rect>')
        out.append(f'<text x="{x + 14}" y="{top - 7}">{escape(name)}</text>')
        x += 14 + 7 * len(str(name)) + 20
    return out


def figures(value: float, *, signed: bool = False, digits: int = 3) -> str:
    """A number to ``digits`` significant figures (trailing zeros dropped),
    with thousands separators; ``signed``: a ``+`` before a positive number.

    >>> figures(-0.3956), figures(5.6611), figures(57.81), figures(1234.5), figures(40.0), figures(0.0)
    ('-0.396', '5.66', '57.8', '1,230', '40', '0')
    >>> figures(0.442, signed=True), figures(-21.66, signed=True), figures(0, signed=True)
    ('+0.442', '-21.7', '0')
    """
    if not math.isfinite(value):
        return str(value)
    if value == 0:
        return "0"
    magnitude = math.floor(math.log10(abs(value)))
    rounded = round(value, digits - 1 - magnitude)
    if rounded != 0 and math.floor(math.log10(abs(rounded))) > magnitude:  # 9.996 -> 10.0
        magnitude += 1
    decimals = max(digits - 1 - magnitude, 0)
    text = f"{rounded:,.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", "0"):
        return "0"
    return ("+" if signed and value > 0 else "") + text


def percent_figures(value: float, *, signed: bool = False) -> str:
    """:func:`figures` of a percentage, with more figures where three would round one
    short of 100 (or of -100) to it: a rate of 99.95% is not shown as all of them.

    >>> percent_figures(99.95), percent_figures(99.9996), percent_figures(100.0), percent_figures(57.81)
    ('99.95', '99.9996', '100', '57.8')
    """
    text, digits = figures(value, signed=signed), 3
    while abs(value) < 100 and text.lstrip("+-") == "100" and digits < 12:
        digits += 1
        text = figures(value, signed=signed, digits=digits)
    return text


def _ticks(lo: float, hi: float, *, whole: bool = False) -> list[float]:
    """Round numbers from ``lo`` to ``hi``, about five of them (zero among them when it is in range)."""
    span = hi - lo
    if span <= 0:
        return [lo]
    raw = span / 5
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    if whole:
        step = max(1, round(step))
    first = math.ceil(lo / step) * step
    out = []
    t = first
    while t <= hi + step * 1e-9:
        out.append(round(t, 10))
        t += step
    return out


def histogram(
    values: Sequence[float],
    *,
    bins: int = 10,
    title: str | None = None,
    width: int = 640,
    height: int = 240,
    bounds: tuple[float, float] | None = None,
) -> str:
    """A histogram of ``values`` as inline SVG (vertical bars, equal-width
    bins). Each bar carries ``data-count``, ``data-low`` and ``data-high``.
    ``bounds``: the range the bins cover (default: the values' own), so that
    two histograms can share their bins (see :func:`bin_counts`).

        >>> svg = histogram([1, 2, 2, 3], bins=3)
        >>> [svg.count(f'data-count="{n}"') for n in (1, 2)]
        [2, 1]
    """
    counts, edges = bin_counts(values, bins, bounds)
    top = 24 if title else 6
    bottom = 30
    plot_h = height - top - bottom
    left = 40
    plot_w = width - left - 10
    biggest = max(counts + [0]) or 1
    bar_w = plot_w / max(len(counts), 1)
    out = _chart_start(width, height, title)
    for i, n in enumerate(counts):
        h = plot_h * n / biggest
        x = left + i * bar_w
        y = top + plot_h - h
        out.append(
            f'<rect class="bar" x="{x + 1:.1f}" y="{y:.1f}" width="{max(bar_w - 2, 1):.1f}" height="{h:.1f}" '
            f'data-count="{n}" data-low="{_number(edges[i])}" data-high="{_number(edges[i + 1])}"></rect>'
        )
    base = top + plot_h
    out.append(f'<line class="axis" x1="{left}" y1="{base}" x2="{left + plot_w}" y2="{base}"></line>')
    if counts:
        out.append(f'<text x="{left}" y="{base + 16}">{escape(_number(edges[0]))}</text>')
        out.append(f'<text x="{left + plot_w}" y="{base + 16}" text-anchor="end">{escape(_number(edges[-1]))}</text>')
    out.append(f'<text x="{left - 4}" y="{top + 10}" text-anchor="end">{biggest if counts else 0}</text>')
    out.append("</svg>")
    return "".join(out)


def bin_counts(
    values: Values, bins: int = 10, bounds: tuple[float, float] | None = None
) -> tuple[list[int], list[float]]:
    """The counts and edges :func:`histogram` draws (``bounds`` as there).
    ``values``: a sequence, or a mapping of value -> how many times (a
    million equal values then take one entry).

    >>> bin_counts([1, 2, 2, 3], 2, bounds=(0, 4))
    ([1, 3], [0.0, 2.0, 4])
    >>> bin_counts({1: 1, 2: 2, 3: 1}, 2, bounds=(0, 4))
    ([1, 3], [0.0, 2.0, 4])
    """
    times = _weighted(values)
    if not times:
        return [], [0.0]
    bins = max(int(bins), 1)
    lo, hi = bounds if bounds is not None else (min(times), max(times))
    if lo == hi:
        return [sum(times.values())], [lo, hi]
    step = (hi - lo) / bins
    edges = [lo + i * step for i in range(bins)] + [hi]
    counts = [0] * bins
    for v, n in times.items():
        i = min(max(int((v - lo) / step), 0), bins - 1)  # values outside ``bounds`` go to the end bins
        counts[i] += n
    return counts, edges


def _weighted(values: Values) -> Mapping[float, int]:
    """Each value and how many times it comes (those that come at least once)."""
    if isinstance(values, Mapping):
        return {v: n for v, n in values.items() if n}
    return Counter(values)


def _number(value: float) -> str:
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer() and math.isfinite(value)):
        return str(int(value))
    return f"{value:.3g}"
