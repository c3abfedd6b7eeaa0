"""Deals of a comparison played by hand: the same cards (given, not shuffled)
under two made-up rule sets, each hand played with the actions a test
writes, then counted as `compare` counts its deals; and the reading of a
comparison's HTML page."""

from __future__ import annotations

from collections.abc import Sequence
from html.parser import HTMLParser

from studrules.analysis.compare_tally import _Tally
from studrules.analysis.comparison import Comparison
from studrules.game.hand import Hand
from studrules.spec.examples import example_text
from studrules.spec.loader import load_variant_text

NAMES = ("P1", "P2", "P3")
# down card, up card (the bring-in round), then three up cards: P2's 2c is the lowest up card,
# and P2 holds three aces to the showdown
CARDS = {
    "P1": ["Kd", "9c", "Ks", "Kh", "3c"],
    "P2": ["Ah", "2c", "Ad", "Ac", "5s"],
    "P3": ["Jh", "7d", "3s", "4h", "9d"],
}
# the made-up bring-in game: everyone antes 1, the bet is 10, the lowest up card brings in for 1
WITH_ANTE = example_text("bring-in")
WITHOUT_ANTE = WITH_ANTE.replace("  - ante: {amount: ante}\n", "")

EVERYONE_FOLDS = ["P2 bring-in", "P3 fold", "P1 fold"]
# P3 calls the bring-in and P1 folds; P2's three aces beat P3's nine high, which P3 mucks
TO_THE_SHOWDOWN = ["P2 bring-in", "P3 call", "P1 fold", "P2 show", "P3 muck"]

Deal = tuple[str, Sequence[str], str, Sequence[str]]


def hand(text: str, actions: Sequence[str]) -> Hand:
    """A hand of the rules ``text`` on :data:`CARDS`, played to its end with ``actions``."""
    played = Hand(load_variant_text(text), list(NAMES), 100, cards=CARDS)
    for action in actions:
        played.apply(action)
    assert played.over
    return played


def compared(*deals: Deal) -> Comparison:
    """The comparison of these deals, each ``(rules A, actions under A, rules B, actions under B)``."""
    tally = _Tally(NAMES, ("check-call",), 3)
    for number, (text_a, actions_a, text_b, actions_b) in enumerate(deals):
        ha, hb = hand(text_a, actions_a), hand(text_b, actions_b)
        tally.add(number, 0, dict.fromkeys(NAMES, "check-call"), ha, hb)
    return tally.finish(ha.variant, hb.variant, "A", "B", 0, len(deals), len(deals), 100, False, 0.0)


# --- the HTML page ---------------------------------------------------------------


class Page(HTMLParser):
    """Checks nesting; collects per section its tables (rows of cell texts) and SVG rects."""

    VOID = {"meta", "br", "img", "input", "link", "hr"}

    def __init__(self):
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: list[str] = []
        self.sections: dict[str, dict] = {}
        self.section: dict | None = None
        self.cell: list[str] | None = None
        self.svgs: list[list[dict]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append(tag)
        if tag == "section":
            self.section = self.sections[attrs["id"]] = {"tables": [], "svgs": []}
        elif tag == "table":
            self.section["tables"].append([])
        elif tag == "tr":
            self.section["tables"][-1].append([])
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "svg":
            self.section["svgs"].append([])
        elif tag == "rect":
            self.section["svgs"][-1].append(attrs)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.section["tables"][-1][-1].append("".join(self.cell))
            self.cell = None
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:]}")
            return
        self.stack.pop()

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def parse(text: str) -> Page:
    """An HTML page read, its tags checked to nest."""
    page = Page()
    page.feed(text)
    page.close()
    assert page.errors == [] and page.stack == []
    return page


def table_rows(table):
    """A table's rows by their first cell."""
    return {row[0]: row[1:] for row in table[1:]}


def close(cell: str, value: float) -> bool:
    """A number shown to three significant figures agrees with the JSON's."""
    shown_value = float(cell.rstrip("%").replace(",", ""))
    return abs(shown_value - value) <= 0.005 * abs(value) + 1e-4


def significant_digits(cell: str) -> int:
    """The significant digits a number is shown with."""
    digits = cell.strip("+-%").replace(",", "").replace(".", "").lstrip("0")
    return len(digits.rstrip("0")) if "." not in cell else len(digits)
