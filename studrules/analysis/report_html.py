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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["Section", "html_page", "escape", "paragraph", "table", "bar_chart", "histogram", "bin_counts"]


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
svg{display:block;margin:1rem 0;font-family:inherit}
svg text{font-size:12px;fill:#222}
.bar{fill:#2a6}
.axis{stroke:#888;stroke-width:1}
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
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">'
    ]
    if title:
        out.append(f'<title>{escape(title)}</title><text x="0" y="16" font-weight="bold">{escape(title)}</text>')
    for i, (label, value) in enumerate(zip(labels, values)):
        y = top + i * (bar_height + 6)
        w = plot_w * abs(value) / biggest
        shown = _number(value)
        out.append(f'<text x="{label_w - 6}" y="{y + bar_height * 0.7:.1f}" text-anchor="end">{escape(label)}</text>')
        out.append(
            f'<rect class="bar" x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_height}" data-label="{escape(label)}" data-value="{escape(shown)}"></rect>'
        )
        out.append(f'<text x="{label_w + w + 4:.1f}" y="{y + bar_height * 0.7:.1f}">{escape(shown + unit)}</text>')
    out.append(f'<line class="axis" x1="{label_w}" y1="{top}" x2="{label_w}" y2="{height - 6}"></line>')
    out.append("</svg>")
    return "".join(out)


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
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">'
    ]
    if title:
        out.append(f'<title>{escape(title)}</title><text x="0" y="16" font-weight="bold">{escape(title)}</text>')
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
    values: Sequence[float], bins: int = 10, bounds: tuple[float, float] | None = None
) -> tuple[list[int], list[float]]:
    """The counts and edges :func:`histogram` draws (``bounds`` as there).

    >>> bin_counts([1, 2, 2, 3], 2, bounds=(0, 4))
    ([1, 3], [0.0, 2.0, 4])
    """
    if not values:
        return [], [0.0]
    bins = max(int(bins), 1)
    lo, hi = bounds if bounds is not None else (min(values), max(values))
    if lo == hi:
        return [len(values)], [lo, hi]
    step = (hi - lo) / bins
    edges = [lo + i * step for i in range(bins)] + [hi]
    counts = [0] * bins
    for v in values:
        i = min(max(int((v - lo) / step), 0), bins - 1)  # values outside ``bounds`` go to the end bins
        counts[i] += 1
    return counts, edges


def _number(value: float) -> str:
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer() and math.isfinite(value)):
        return str(int(value))
    return f"{value:.3g}"
