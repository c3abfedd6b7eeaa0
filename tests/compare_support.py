"""Deals of a comparison played by hand: the same cards (given, not shuffled)
under two made-up rule sets, each hand played with the actions a test
writes, then counted as `compare` counts its deals."""

from __future__ import annotations

from collections.abc import Sequence

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
