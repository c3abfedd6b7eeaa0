"""The self-contained HTML report (`diff --all --html FILE`) and its helpers."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from studrules.analysis.report_html import Section, bar_chart, escape, histogram, html_page, table
from studrules.cli.main import main

VOID = {"meta", "br", "img", "input", "link", "hr"}


class Page(HTMLParser):
    """Checks nesting and collects what the tests look at."""

    def __init__(self):
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: list[tuple[str, dict]] = []
        self.rows: list[list[tuple[str, str | None]]] = []  # matrix body rows: (text, class) per td
        self._cell: list[str] | None = None
        self._cell_class: str | None = None
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        for name in ("href", "src"):
            if name in attrs:
                self.urls.append(attrs[name])
        if tag == "tr":
            self.rows.append([])
        if tag == "td":
            self._cell, self._cell_class = [], attrs.get("class")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag == "td" and self._cell is not None:
            self.rows[-1].append(("".join(self._cell), self._cell_class))
            self._cell = None
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def parse(text: str) -> Page:
    page = Page()
    page.feed(text)
    page.close()
    assert page.errors == []
    assert page.stack == []
    return page


def test_a_page_is_well_formed_and_escapes_text():
    page = html_page(
        "A & B <rules>", [Section("x < y", table(["h"], [["<script>alert(1)</script>"]])), ("plain", "<p>ok</p>")]
    )
    parsed = parse(page)
    assert "<script>" not in page
    assert "&lt;script&gt;" in page
    assert "<title>A &amp; B &lt;rules&gt;</title>" in page
    assert [t for t, _ in parsed.tags].count("section") == 2
    assert escape("'\"") == "&#x27;&quot;"


def test_bar_chart_and_histogram_are_inline_svg_with_their_numbers():
    svg = bar_chart(["a", "b<c"], [3, 1.5], title="T")
    parsed = parse(svg)
    bars = [a for t, a in parsed.tags if t == "rect"]
    assert [(b["data-label"], b["data-value"]) for b in bars] == [("a", "3"), ("b<c", "1.5")]
    # the longest bar is the largest value
    assert float(bars[0]["width"]) > float(bars[1]["width"])
    hist = histogram([1, 1, 2, 9, 10], bins=3)
    counts = [int(a["data-count"]) for t, a in parse(hist).tags if t == "rect"]
    # bins of width 3 from 1 to 10: [1, 4), [4, 7), [7, 10]
    assert counts == [3, 0, 2]
    assert histogram([], bins=4).startswith("<svg")
    assert [a["data-count"] for t, a in parse(histogram([5, 5])).tags if t == "rect"] == ["2"]


def test_diff_all_html_matches_the_json(tmp_path, capsys):
    out = tmp_path / "rules.html"
    assert main(["diff", "--all", "--json", "--html", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    text = out.read_text(encoding="utf-8")
    page = parse(text)

    # self-contained: no script, no link, no URL to fetch
    assert not any(t in ("script", "link", "img", "iframe") for t, _ in page.tags)
    assert page.urls == []
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text)

    # the matrix: one body row per JSON row, the same values, differing cells highlighted
    header = [a for t, a in page.tags if t == "th"]
    assert header  # column headings present
    body = [r for r in page.rows if r]  # rows with <td> cells (topic rows have none)
    assert len(body) == len(data["rows"])
    for cells, row in zip(body, data["rows"]):
        assert [c[0] for c in cells] == [row["rule"], *row["values"]]
        marked = any(cls == "differs" for _, cls in cells)
        assert marked == row["differs"]
    for name in data["variants"]:
        assert f"<th>{escape(name)}</th>" in text

    # the chart: differing rules per topic, the same counts as the JSON
    expected: dict[str, int] = {}
    for row in data["rows"]:
        expected.setdefault(row["topic"], 0)
        expected[row["topic"]] += row["differs"]
    bars = {a["data-label"]: int(a["data-value"]) for t, a in page.tags if t == "rect"}
    assert bars == expected


def test_diff_all_html_never_replaces_a_file_unasked(capsys, tmp_path):
    page = tmp_path / "x.html"
    page.write_text("mine", encoding="utf-8")
    assert main(["diff", "--all", "--html", str(page)]) == 1
    assert "--force" in capsys.readouterr().err and page.read_text(encoding="utf-8") == "mine"
