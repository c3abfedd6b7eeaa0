"""Cards and decks: text forms, errors, single-card order, deterministic decks."""

import copy
import pickle
import random

import pytest

from studrules.cards.card import (
    DEFAULT_SUIT_ORDER,
    Card,
    card_order_key,
    compare_cards,
    full_deck,
    parse_card,
    parse_cards,
)
from studrules.cards.deck import Deck
from studrules.errors import CardError


def test_cards_print_and_parse_back():
    for card in full_deck():
        assert parse_card(str(card)) is card
        assert Card.parse(str(card).lower()) is card
        assert Card.from_code(card.code) is card
        assert card.code == (card.rank - 2) * 4 + "cdhs".index(card.suit)


def test_card_fields_and_pretty_form():
    ah = parse_card("Ah")
    assert (ah.rank, ah.suit, ah.code, str(ah), ah.pretty()) == (14, "h", 50, "Ah", "A♥")
    assert parse_card("2c").code == 0 and parse_card("As").code == 51
    assert parse_card("Ts").pretty() == "T♠"


def test_ten_can_be_written_10():
    assert parse_card("10d") is parse_card("Td") is parse_card("td")
    assert parse_cards("10d 10c") == parse_cards("Td Tc")


def test_cards_are_interned_and_frozen():
    assert Card.parse("Ah") is Card.parse("Ah") is Card("Ah") is Card(50)
    card = Card("Ah")
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy([card])[0] is card
    assert len({Card("Ah"), parse_card("ah")}) == 1


@pytest.mark.parametrize("text", ["1x", "Ax", "1h", "", "Ahh", "11d", "A", "🂡"])
def test_bad_card_text_gives_the_exact_message(text):
    with pytest.raises(CardError) as err:
        parse_card(text)
    assert str(err.value) == f"{text!r} is not a card: ranks are 2-9 T J Q K A, suits c d h s"


def test_bad_card_inside_a_list_names_the_card():
    with pytest.raises(CardError, match=r"^'1x' is not a card: ranks are 2-9 T J Q K A, suits c d h s$"):
        parse_cards("Ah 1x")
    with pytest.raises(CardError, match="'1x' is not a card"):
        parse_cards("Ah1x")
    with pytest.raises(CardError):
        Card.from_code(52)


def test_parse_cards_accepts_spaced_joined_and_lists():
    expected = (Card("Ah"), Card("Kd"), Card("7c"))
    assert parse_cards("Ah Kd 7c") == expected
    assert parse_cards("AhKd7c") == expected
    assert parse_cards("Ah, Kd, 7c") == expected
    assert parse_cards(["Ah", "Kd", "7c"]) == expected
    assert parse_cards([Card("Ah"), "Kd", Card("7c")]) == expected
    assert parse_cards("") == ()


def test_a_card_given_twice_is_an_error():
    with pytest.raises(CardError, match="Ah is given twice"):
        parse_cards("Ah Kd ah")
    with pytest.raises(CardError, match="given twice"):
        parse_cards([Card("Ah"), "Ah"])


def test_two_of_clubs_is_the_lowest_card_under_the_default_suit_order():
    # RULES.md: "spades beat hearts beat diamonds beat clubs, so the 2 of clubs is the lowest possible card"
    assert DEFAULT_SUIT_ORDER == ("c", "d", "h", "s")
    assert min(full_deck(), key=card_order_key) is Card("2c")
    assert max(full_deck(), key=card_order_key) is Card("As")
    assert compare_cards("2c", "2d") == -1
    assert compare_cards("2s", "2h") == 1
    assert compare_cards("Kc", "Kc") == 0
    assert compare_cards("3c", "2s") == 1  # rank first, then suit


def test_suit_order_is_a_parameter():
    order = ("s", "h", "d", "c")  # spades lowest
    assert compare_cards("2s", "2c", suit_order=order) == -1
    assert min(parse_cards("2c 2d 2h 2s"), key=lambda c: card_order_key(c, order)) is Card("2s")
    with pytest.raises(CardError):
        card_order_key("2c", suit_order=("d", "h", "s"))


def test_ace_low_for_single_cards_when_asked():
    assert compare_cards("Ac", "2c") == 1
    assert compare_cards("Ac", "2c", ace_high=False) == -1
    assert compare_cards("Ah", "Ac", ace_high=False) == 1


def test_full_deck_is_52_cards_in_code_order():
    deck = full_deck()
    assert [c.code for c in deck] == list(range(52))
    assert len(set(deck)) == 52


def test_same_seed_same_deal():
    a, b = Deck(seed=2024), Deck(seed=2024)
    a.shuffle()
    b.shuffle()
    assert [a.deal() for _ in range(52)] == [b.deal() for _ in range(52)]
    c = Deck(seed=2025, shuffled=True)
    assert Deck(seed=2024, shuffled=True).peek_remaining() != c.peek_remaining()


def test_deck_ignores_and_leaves_alone_the_global_random_state():
    random.seed(1)
    before = random.getstate()
    first = Deck(seed=9, shuffled=True).peek_remaining()
    assert random.getstate() == before
    random.seed(12345)
    random.random()
    assert Deck(seed=9, shuffled=True).peek_remaining() == first


def test_deal_burn_remaining_and_empty_deck():
    deck = Deck(cards="Ah Kd 7c")
    assert deck.remaining == 3 and len(deck) == 3
    assert deck.burn() is Card("Ah")
    assert deck.deal() is Card("Kd")
    assert deck.peek_remaining() == (Card("7c"),)
    assert deck.burned == (Card("Ah"),)
    deck.deal()
    with pytest.raises(CardError, match="empty"):
        deck.deal()


def test_shuffle_moves_only_the_cards_not_yet_dealt():
    deck = Deck(seed=3)
    top = deck.deal()
    deck.shuffle()
    assert top not in deck.peek_remaining()
    assert sorted(deck.peek_remaining()) == [c for c in full_deck() if c is not top]


def test_a_shuffled_deck_deals_what_random_shuffle_deals_and_leaves_the_generator_as_it_does():
    # the promise of a seed: random.Random(seed).shuffle's order, for a whole deck and for
    # decks of every size, with the generator left where random.shuffle leaves it (a
    # generator shared by a run of hands deals the same run)
    whole = list(full_deck())
    for seed in range(300):
        expected = list(whole)
        random.Random(seed).shuffle(expected)
        assert list(Deck(seed=seed, shuffled=True).peek_remaining()) == expected
    shared, reference = random.Random(7), random.Random(7)
    for size in list(range(53)) * 3:
        cards = whole[:size]
        expected = list(cards)
        reference.shuffle(expected)
        assert list(Deck(shared, cards, shuffled=True).peek_remaining()) == expected
        assert shared.getstate() == reference.getstate()


def test_the_inlined_shuffle_is_random_shuffle_beyond_a_deck():
    # past 52 cards the draws take more bits (up to 10 here); with 0 to 2 items, none
    from studrules.cards import deck as card

    for size in (0, 1, 2, 3, 63, 64, 65, 200, 1000):
        for seed in range(20):
            a, b = list(range(size)), list(range(size))
            ra, rb = random.Random(seed), random.Random(seed)
            ra.shuffle(a)
            card._fisher_yates(rb, b)
            assert a == b
            assert ra.getstate() == rb.getstate()
    assert card._shuffle is card._fisher_yates  # the guard found it the same on this Python
