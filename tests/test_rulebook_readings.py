"""The rule book says what the engine does, where an audit of every shipped
rule book found it silent or wrong: how the deck's ranking counts the ace for
the bring-in and judges boards, what each showdown ranking values, who gets
the chip left over when a pot is divided between halves, the hands a split
step sets, community and extra cards, the bring-in an all-in player's
neighbour may not complete, a blind smaller than the bet, the least raise of
no limit. Each test plays the engine on cards chosen by hand, then reads the
rule book's words for the same rule."""

from __future__ import annotations

import pytest

from studrules.analysis.rulebook import explain
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant


def book(name: str, **options) -> str:
    return " ".join(explain(load_variant(name, options=options or None)).split())


def bring_in(name: str) -> str:
    # seven-card games, two cards down and one up: A shows the ace, B the king, C the five
    cards = {"A": ["2c", "6c", "Ad"], "B": ["3c", "7c", "Kc"], "C": ["4c", "8c", "5s"]}
    hand = Hand(load_variant(name), ["A", "B", "C"], 1000, cards=cards)
    return hand.to_act


@pytest.mark.parametrize(
    "name, ace, brings_in",
    [
        ("razz", "low", "B"),  # the highest up card, aces low: the king
        ("catalogue/razzbadeucey", "high", "A"),  # badugi with the ace high: the ace
        ("catalogue/razz-high", "low", "A"),  # the lowest up card, aces low: the ace
        ("catalogue/7-card-stud-hilo-regular", "low", "B"),
    ],
)
def test_the_book_says_how_the_deck_s_ranking_counts_the_ace_for_the_bring_in(name, ace, brings_in):
    path = name if "/" not in name else f"variants/{name}.yaml"
    assert bring_in(path) == brings_in
    text = book(path)
    assert f"up card (aces {ace}) brings in" in text


def test_standard_high_poker_says_nothing_of_the_ace_it_plays_as_everybody_expects():
    assert bring_in("seven-card-stud") == "C"  # the lowest up card: the five
    assert "(aces" not in book("seven-card-stud")


def test_the_best_visible_hand_of_a_low_deck_is_the_best_low_board():
    # 7-card-stud-hilo-regular, round 2: the boards K-K, 2-3 and Q-2; the 2-3 speaks first
    v = load_variant("variants/catalogue/7-card-stud-hilo-regular.yaml")
    cards = {"A": ["9c", "9d", "Kh", "Ks"], "B": ["Tc", "Td", "2d", "3h"], "C": ["Jc", "Jd", "Qh", "2h"]}
    hand = Hand(v, ["A", "B", "C"], 1000, cards=cards)
    while hand.round < 2:
        hand.check_or_call()
    assert hand.to_act == "B"
    assert "The best visible hand by ace-to-five low acts first" in book(
        "variants/catalogue/7-card-stud-hilo-regular.yaml"
    )


def test_the_cards_section_says_what_each_showdown_ranking_values():
    hilo = book("variants/catalogue/7-card-stud-hilo-regular.yaml")
    assert "Hands rank by ace-to-five low (ace low, straights and flushes ignored, 5-4-3-2-A best)" in hilo
    assert "At the showdown hands are also ranked by high poker" in hilo
    henway = book("variants/catalogue/henway.yaml")  # up cards by high poker; two-card hands at the showdown
    assert "Up cards, for the bring-in and who acts first, rank by standard high poker hands" in henway
    assert "At the showdown hands rank by the best two cards (any pair above any unpaired two" in henway
    assert "a four-flush between one pair and two pair" in book("variants/house/canadian-stud.yaml")
    assert "a flush beats a full house" in book("variants/house/five-card-stud-36.yaml")


def test_the_chip_left_over_from_dividing_a_pot_between_halves_goes_to_the_high_half():
    # 7-card-stud-8 at an ante of 2: three antes, the bring-in and two calls of 3 make 15;
    # A's kings take the high half, B's eight-low the low one: 8 and 7
    v = load_variant("variants/catalogue/7-card-stud-8.yaml", stakes={"ante": 2})
    cards = {
        "A": ["Kd", "Kc", "Ks", "Qd", "Jc", "9h", "2s"],
        "B": ["Ah", "2d", "3c", "5h", "7s", "8d", "Qs"],
        "C": ["Jd", "Th", "9c", "6d", "4s", "4c", "3s"],
    }
    hand = Hand(v, ["A", "B", "C"], 1000, cards=cards)
    while not hand.over:
        hand.check_or_call()
    assert [(e.player, e.amount) for e in hand.events if e.type == "award"] == [("A", 8), ("B", 7)]
    text = book("variants/catalogue/7-card-stud-8.yaml")
    assert "A chip left over when the pot is divided between them goes to the best high hand." in text
    assert "for each part apart (a card may serve in both)" in text
    assert "with none either way" not in text  # a high hand is always there


def test_a_split_step_s_hands_are_the_ones_the_player_set():
    text = book("variants/catalogue/cowpie.yaml")
    assert "Each player plays the hands he set when he divided his cards: five for the high hand, two for" in text
    assert "best cards of the 7 he holds" not in text


def test_community_and_extra_cards_are_counted_in_the_showdown_hand():
    assert "best five cards of the 4 he holds and the community cards" in book("variants/catalogue/oxford-stud.yaml")
    baseball = book("variants/house/baseball.yaml")
    assert "(more with the extra cards a card dealt face up brings)" in baseball
    assert "A player holds one more card for each four dealt to him face up (see Extra cards)" in baseball
    # where the extra card is bought, he holds it only if he buys it
    bought = book("variants/house/baseball.yaml", up_cards="four-bought")
    assert "A player holds one more card for each four dealt to him face up that he buys a card for" in bought
    assert "for each four dealt to him face up (see Extra cards)" not in bought


def test_the_bring_in_of_a_neighbour_is_completed_only_where_the_option_allows():
    # A, the low card, is all in for the ante: B brings in; under bring_in_only he may not complete
    cards = {"A": ["Kd", "2c"], "B": ["Qs", "9c"], "C": ["Js", "Ac"]}
    stacks = {"A": 5, "B": 1000, "C": 1000}
    only = Hand(
        load_variant("five-card-stud-fr", options={"bring_in_player": "bring_in_only"}),
        ["A", "B", "C"],
        stacks,
        cards=cards,
    )
    usual = Hand(load_variant("five-card-stud-fr"), ["A", "B", "C"], stacks, cards=cards)
    assert [a.action for a in only.legal_actions()] == ["fold", "bring-in"]
    assert "complete" in [a.action for a in usual.legal_actions()]
    assert "the next player with chips acts first: he brings in or folds" in book(
        "five-card-stud-fr", bring_in_player="bring_in_only"
    )
    assert "the next player with chips acts first: he brings in, completes or folds" in book("five-card-stud-fr")


def test_a_completion_that_counts_as_a_raise_is_one_of_a_posted_bring_in():
    # completion=raise: B completes himself, three raises follow; B posts and C completes, two
    v = load_variant("five-card-stud-fr", options={"completion": "raise"})
    cards = {"A": ["Kd", "9c"], "B": ["Qs", "2c"], "C": ["Js", "Ac"], "D": ["Ts", "Ah"]}

    def raises_after(first: str) -> int:
        hand = Hand(v, list(cards), 1000, cards=cards)
        hand.act(first)
        if first == "bring-in":
            hand.act("complete")
        count = 0
        while any(a.action == "raise" for a in hand.legal_actions()):
            hand.act("raise")
            count += 1
        return count

    assert (raises_after("complete"), raises_after("bring-in")) == (3, 2)
    assert "Once the bring-in is posted, a player who completes it makes a raise" in book(
        "five-card-stud-fr", completion="raise"
    )


def test_a_blind_smaller_than_the_bet_is_called_or_completed():
    hand = Hand(load_variant("variants/catalogue/seven-card-reverse.yaml"), ["A", "B", "C", "D"], 1000, seed=1)
    assert [str(a) for a in hand.legal_actions()] == ["fold", "call 3", "complete to 10"]
    assert "A blind smaller than the bet (10) is completed like a bring-in" in book(
        "variants/catalogue/seven-card-reverse.yaml"
    )


def test_a_no_limit_raise_adds_at_least_the_last_bet_or_raise():
    v = load_variant("five-card-stud-ru-home")  # no limit
    hand = Hand(v, ["A", "B", "C"], 1000, seed=4)
    hand.act("bet", 5)
    assert next(a for a in hand.legal_actions() if a.action == "raise").min == 10
    hand.act("raise", 13)
    assert next(a for a in hand.legal_actions() if a.action == "raise").min == 21
    assert "A raise adds at least the last bet or raise of the round." in book("five-card-stud-ru-home")


def test_wild_card_games_without_a_bring_in_do_not_speak_of_one():
    for name in ("woolworth-stud", "three-thirty-three", "ninety-nine"):
        assert "the bring-in and who acts first read the cards" not in book(f"variants/catalogue/{name}.yaml")
    assert "the bring-in and who acts first read the cards as they are" in book("variants/house/follow-the-queen.yaml")


def test_smaller_readings():
    assert "A high hand qualifies only with two pair, nines and eights" in book(
        "variants/catalogue/7-card-stud-double-qualifier.yaml"
    )
    assert "between the best first high hand and the best second high hand" in book("variants/catalogue/studaha.yaml")
    assert "and one joker. Every card of those ranks in each of the four suits; and the joker." in book(
        "variants/catalogue/mexican-poker.yaml"
    )


def test_a_round_capped_before_it_came_down_to_two_stays_capped():
    # seven-card stud: C completes, A, B and C raise (the cap), A folds: B, heads-up, may only call
    hand = Hand(load_variant("seven-card-stud"), ["A", "B", "C"], 1000, seed=3)
    hand.act("bring-in")
    for verb in ("complete", "raise", "raise", "raise", "fold"):
        hand.act(verb)
    assert [a.action for a in hand.legal_actions()] == ["fold", "call"]
    assert "(a round capped before it came down to two stays capped)" in book("seven-card-stud")


def test_amounts_and_prices_are_given_in_chips():
    assert "paying 10 (the low limit) for it into the pot" in book("variants/house/english-stud.yaml")
    assert "buy an extra card face down for 10 (the low limit)" in book(
        "variants/house/baseball.yaml", up_cards="four-bought-three-pays"
    )
    progressive = book("caribbean-stud-it", progressive="jackpot_500")
    assert (
        "Side bet progressive (the stake progressive, 1; 0: not placed; a position may stake exactly 1 or nothing)"
        in progressive
    )
    assert "(the meter: 100000, the stake meter)" in progressive
    kill = book("seven-card-stud-hi-lo", kill="scoop")
    assert "the pots of the last of them together at least 100 (five times the high limit)" in kill
    assert "the ante becomes 2 (twice the ante)" in kill


def test_games_against_a_pay_table_have_no_house_hand():
    let_it_ride = book("let-it-ride")
    assert "against the house (its pay table)" in let_it_ride and "the dealer's hand" not in let_it_ride
    assert "or the house's hand" not in let_it_ride
    # the "1" and "2" bets equal the "$" bet: a position's own ante, 50 where it chose 50
    hand = Hand(load_variant("let-it-ride"), ["A", "B"], 1000, antes={"A": 50, "B": 10}, seed=1)
    assert [str(a) for a in hand.legal_actions()] == ["check", "raise 50"]
    assert "raises 10 (the ante) with the default ante." in let_it_ride
    assert "against the house (the dealer's hand)" in book("caribbean-stud-it")
    # Mississippi Stud's first decision gives up no earlier raise; the later ones do
    first, *later = book("mississippi-stud").split("Each player, having seen his cards, either folds")[1:]
    assert first.startswith(" (his ante and cards are collected)")
    assert later and all(part.startswith(" (his ante, every raise he made before,") for part in later)


def test_four_card_poker_s_hands_are_the_best_four_of_five_and_of_six():
    hand = Hand(load_variant("four-card-poker"), ["A"], 1000, seed=2)
    assert len(hand.cards[0]) == 5 and len(hand.house_cards) == 6
    assert "A hand is the best 4 cards: of the player's 5, and of the house's 6." in book("four-card-poker")


def test_a_showdown_of_combinations_counts_a_high_card_hand_by_its_top_card():
    text = book("five-card-stud-ru-home", ties="showing_order")
    assert "kickers are ignored (a hand without a pair counts its highest card alone)" in text


def test_a_game_that_breaks_no_tie_by_suit_gives_suits_no_rank():
    # the Hebrew text: two deuces up, the spade first at the dealer's left brings in (by suit, the heart would)
    cards = {"A": ["Kd", "2s"], "B": ["Qc", "2h"]}
    assert Hand(load_variant("five-card-stud-he"), ["A", "B"], 1000, cards=cards).to_act == "A"
    assert Hand(load_variant("five-card-stud-fr"), ["A", "B"], 1000, cards=cards).to_act == "B"
    assert "Suits have no rank here: no tie is broken by suit." in book("five-card-stud-he")
    assert "Suits rank spades > hearts > diamonds > clubs" in book("five-card-stud-fr")


def test_where_the_bring_in_player_may_only_post_the_book_does_not_speak_of_his_own_completion():
    # French text, both readings at once (options bring_in_player=bring_in_only, completion=raise):
    # "Ce joueur doit poser le Bring-in" (this player must post the bring-in) and "seules une
    # ouverture et trois relances" (only an opening and three raises): the bring-in (5) opens,
    # Cat's completion to 10 is the first raise, Dan's 20 and Ann's 30 the other two; Bob may
    # then only call 25 or fold. Bob never completes, so the book says nothing of it.
    opts = {"bring_in_player": "bring_in_only", "completion": "raise"}
    cards = {"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"], "Cat": ["Js", "Ac"], "Dan": ["Ts", "Ah"]}
    hand = Hand(load_variant("five-card-stud-fr", options=opts), list(cards), 1000, cards=cards)
    assert [str(a) for a in hand.legal_actions()] == ["bring-in 5"]
    for action in ["Bob bring-in", "Cat complete 10", "Dan raise 20", "Ann raise 30"]:
        hand.apply(action)
    assert [str(a) for a in hand.legal_actions()] == ["fold", "call 25"]
    text = book("five-card-stud-fr", **opts)
    assert "own completion" not in text and "He may instead complete" not in text
    assert "Once the bring-in is posted, a player who completes it makes a raise toward the limit on raises." in text
    # with the default bring_in_player the parenthesis stays
    assert "(the bring-in player's own completion, instead of posting it, is the opening bet)" in book(
        "five-card-stud-fr", completion="raise"
    )
