"""Where five of a kind and five wild cards rank, as a variant file says
(wild.five_of_a_kind, wild.five_wilds), in a game's showdown and its rule book.

"Five Wilds, Royal Flush, Five of a Kind, Straight Flush, Four of a Kind"
(DJ Wild Stud Poker's hand rankings, highest first: Daytona Beach Poker,
Red Dragon Casino): five of a kind between the straight flushes and the royal
flush, five wild cards a hand of their own above it.
"""

from __future__ import annotations

import pytest

from studrules.analysis.wild_words import wild_rule_rows, wild_sentences
from studrules.errors import SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant_text

DEUCES_AND_JOKER = "deck: {jokers: 1}\nwild:\n  ranks: '2'\n"
DJ_ORDER = DEUCES_AND_JOKER + "  five_of_a_kind: below_royal_flush\n  five_wilds: best\n"


def showdown(wild: str, cards: dict[str, str]) -> tuple[set[str], dict[str, str]]:
    """Seven-card stud with these wild rules, everybody checking and calling: the winners
    and each hand in words."""
    text = "extends: seven-card-stud\nname: orders\n" + wild + "steps:\n  - showdown: {id: showdown, muck: false}\n"
    hand = Hand(load_variant_text(text), list(cards), 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    while not hand.is_over:
        hand.check_or_call()
    shown = {e.player: e.hand for e in hand.events if e.type == "show"}
    return {p for pot in hand.result().pots for p in pot["winners"]}, shown


def test_a_royal_flush_beats_five_aces_when_five_of_a_kind_ranks_below_it():
    cards = {"Ann": "Ah Ad 9c Ac As 2c 4d", "Bob": "Ks Qs 3h Js Ts X1 6d"}  # five aces; a royal, the joker its ace
    assert showdown(DEUCES_AND_JOKER, cards)[0] == {"Ann"}  # five of a kind is the best hand by default
    winners, shown = showdown(DJ_ORDER, cards)
    assert winners == {"Bob"} and shown == {"Ann": "five aces", "Bob": "royal flush"}


def test_five_of_a_kind_still_beats_a_king_high_straight_flush():
    cards = {"Ann": "3h 3d 9c 3c X1 2c 4d", "Bob": "Ks Qs 8h Js Ts 9s 6d"}  # five threes; K-high straight flush
    winners, shown = showdown(DJ_ORDER, cards)
    assert winners == {"Ann"} and shown["Ann"] == "five threes"


def test_five_wild_cards_beat_a_royal_flush():
    cards = {"Ann": "2c 2d 9c 2h 2s X1 4d", "Bob": "As Ks 8h Qs Js Ts 6d"}
    assert showdown(DEUCES_AND_JOKER + "  five_of_a_kind: below_royal_flush\n", cards)[0] == {"Ann", "Bob"}  # royals
    winners, shown = showdown(DJ_ORDER, cards)
    assert winners == {"Ann"} and shown["Ann"] == "five wild cards"


def test_the_rule_book_says_where_five_of_a_kind_and_five_wilds_rank():
    text = "extends: seven-card-stud\nname: orders\n" + DJ_ORDER
    wild = load_variant_text(text).wild
    words = " ".join(wild_sentences(wild))
    assert "Five of a kind ranks above every straight flush but the royal flush." in words
    assert "Five wild cards are a hand of their own, above every other." in words
    rows = dict(wild_rule_rows(wild))
    assert rows["five of a kind"] == "below the royal flush, above the other straight flushes"
    assert rows["five wild cards"] == "a hand of their own, the best"


@pytest.mark.parametrize(
    ("line", "where"),
    [("  five_wilds: all\n", "five_wilds"), ("  five_of_a_kind: below_flush\n", "five_of_a_kind")],
)
def test_an_unknown_order_is_refused_where_it_is_written(line, where):
    with pytest.raises(SpecErrors) as caught:
        load_variant_text("extends: seven-card-stud\nname: orders\n" + DEUCES_AND_JOKER + line)
    assert where in str(caught.value)
