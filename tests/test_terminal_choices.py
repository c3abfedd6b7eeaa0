"""The terminal table reads what a player types at the card-choosing steps
(a buy or a decline, an up card's price, a pass, a split, a card turned up,
a discard) from the real legal actions of a hand, and refuses what the rules
do not allow, saying why; a key typed alone asks for the cards, and the
choices are listed in words."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from studrules.cards.card import parse_card
from studrules.game.actions import Action, LegalAction
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant
from studrules.table.choices import choice_text
from studrules.table.terminal import TerminalPlayer, _keys


def typed(hand: Hand, line: str):
    """What the player to act means by ``line`` at the terminal (None: refused)."""
    me = TerminalPlayer(Console(file=io.StringIO(), force_terminal=False), read=lambda prompt: "")
    view = hand.view(hand.to_act)
    return me.parse(line, view, _keys(view.legal))


def to_phase(hand: Hand, phase: str) -> Hand:
    while hand.phase != phase:
        hand.check_or_call()
    return hand


def test_a_twist_is_bought_with_the_card_given_up_or_declined():
    cards = {"Ann": ["Ah", "Kd", "9c", "2c", "5d", "Ac"], "Bob": ["Qh", "Qd", "7s", "8s", "3h"]}
    hand = to_phase(Hand(load_variant("english-stud"), ["Ann", "Bob"], 200, seed=1, cards=cards), "draw")
    assert typed(hand, "b 7s") is None  # not his card
    action = typed(hand, "b 2c")
    assert (action.verb, action.word) == ("buy", "2c")
    assert typed(hand, "d").verb == "decline"
    hand.apply(action)
    assert hand.stacks[0] == 200 - 1 - 3 - 10


def test_an_up_card_that_asks_the_pot_is_paid_or_folded():
    variant = load_variant("baseball", options={"up_cards": "four-bought-three-pays"})
    hand = Hand(
        variant, ["Ann", "Bob"], 200, seed=1, cards={"Ann": ["Kd", "Qc", "4h", "Ah"], "Bob": ["7s", "8s", "3c"]}
    )
    assert typed(hand, "b").verb == "buy"
    hand.apply(typed(hand, "b"))
    assert typed(hand, "f").verb == "fold"


def test_cards_passed_are_named_and_a_wrong_count_refused():
    cards = {"Ann": ["Ah", "Ad", "Ac", "2c", "3d", "4h", "9s"], "Bob": ["Kh", "Kd", "5c", "6d", "7h", "8s", "Ts"]}
    hand = to_phase(Hand(load_variant("anaconda"), ["Ann", "Bob"], 200, seed=1, cards=cards), "pass")
    assert typed(hand, "p 2c 3d") is None  # three cards, not two
    action = typed(hand, "p 2c 3d 4h")
    assert (action.verb, action.word) == ("pass", "2c 3d 4h")


def test_a_split_names_the_second_hand_in_any_order():
    cards = {"Ann": ["Ah", "Ad", "9c", "9d", "5s", "3h", "2c"], "Bob": ["Kh", "Kd", "Qc", "Jc", "8s", "7h", "4d"]}
    hand = to_phase(Hand(load_variant("cowpie"), ["Ann", "Bob"], 200, seed=1, cards=cards), "split")
    assert typed(hand, "s 9c 9d") is None  # no face-down card in the two: not offered
    action = typed(hand, "s 3h ah")
    assert (action.verb, action.word) == ("split", "Ah 3h")
    hand.apply(action)
    assert hand.to_act == "Bob"


# ---------------------------------------------------------------- a key alone asks for the cards


def asked(hand: Hand, line: str, *answers: str):
    """``line`` typed at the choices, then ``answers`` at the questions it asks: the action
    (None: back to the choices), what the table printed and the questions it asked."""
    lines, questions = iter(answers), []

    def read(prompt: str) -> str:
        questions.append(prompt)
        return next(lines)

    me = TerminalPlayer(Console(file=io.StringIO(), width=200, force_terminal=False), read=read)
    view = hand.view(hand.to_act)
    action = me.parse(line, view, _keys(view.legal))
    return action, me.console.file.getvalue(), questions


def _mexican() -> Hand:
    # Mexican stud: two cards down, then each player turns one of them up
    return Hand(
        load_variant("mexican-stud"), ["Ann", "Bob"], 200, seed=1, cards={"Ann": ["5c", "Jc"], "Bob": ["7s", "8s"]}
    )


def test_turning_a_card_up_is_offered_in_words_and_e_alone_asks_which():
    hand = _mexican()
    (expose,) = hand.view("Ann").legal
    assert choice_text("e", expose) == "[e] turn up a card: e 5c or e Jc"
    action, screen, questions = asked(hand, "e", "9h", "5C")
    assert (action.verb, action.word) == ("expose", "5c")
    assert questions == ["turn up which card (5c or Jc; Enter to go back)? "] * 2
    assert "9h is not one of your face-down cards: choose from 5c Jc" in screen
    hand.apply(action)  # (the hand takes it: Ann's choice is made)
    hand.apply(Action.parse("Bob expose 8s"))
    assert hand.view("Bob").up_cards["Ann"] == (parse_card("5c"),)


def test_a_card_not_held_is_said_and_a_wrong_count_too():
    hand = _mexican()
    action, screen, _ = asked(hand, "e 9h")
    assert action is None and "9h is not one of your face-down cards: choose from 5c Jc" in screen
    action, screen, _ = asked(hand, "e 5c jc")
    assert action is None and "turn up a card, not 2: choose from 5c Jc" in screen
    assert asked(hand, "e", "")[0] is None  # Enter at the question: back to the choices


def test_a_discard_alone_asks_which_card():
    cards = {"Ann": ["5c", "Jc", "Kd", "2h"], "Bob": ["7s", "8s", "9d", "3h"]}
    hand = Hand(load_variant("australian-stud"), ["Ann", "Bob"], 200, seed=1, cards=cards)
    hand = to_phase(hand, "draw")  # Australian stud: one of the three down cards is thrown away
    action, _, questions = asked(hand, "d", "kd")
    assert (action.verb, action.word) == ("discard", "Kd")
    assert questions == ["discard which card (5c, Jc or Kd; Enter to go back)? "]
    assert "2h is not one of the cards you may discard" in asked(hand, "d 2h")[1]  # the up card is not offered


def test_a_pass_alone_asks_which_cards():
    cards = {"Ann": ["Ah", "Ad", "Ac", "2c", "3d", "4h", "9s"], "Bob": ["Kh", "Kd", "5c", "6d", "7h", "8s", "Ts"]}
    hand = to_phase(Hand(load_variant("anaconda"), ["Ann", "Bob"], 200, seed=1, cards=cards), "pass")
    (passing,) = hand.view("Ann").legal
    assert choice_text("p", passing) == "[p] pass 3 cards: p and 3 of Ah Ad Ac 2c 3d 4h 9s"
    action, screen, _ = asked(hand, "p", "2c 3d", "p 2c 3d 4h")
    assert "pass 3 cards, not 2" in screen
    assert (action.verb, action.word) == ("pass", "2c 3d 4h")


def test_a_split_alone_asks_for_the_second_hand():
    cards = {"Ann": ["Ah", "Ad", "9c", "9d", "5s", "3h", "2c"], "Bob": ["Kh", "Kd", "Qc", "Jc", "8s", "7h", "4d"]}
    hand = to_phase(Hand(load_variant("cowpie"), ["Ann", "Bob"], 200, seed=1, cards=cards), "split")
    action, screen, questions = asked(hand, "s", "9h 3h", "9c 9d", "3h ah")
    assert questions[0].startswith("your second hand: which 2 cards (")
    assert "9h is not one of your cards" in screen
    assert "9c 9d is not a second hand the rules allow here" in screen  # no face-down card in the two
    assert (action.verb, action.word) == ("split", "Ah 3h")


def test_a_twist_bought_alone_asks_which_card_is_given_up():
    cards = {"Ann": ["Ah", "Kd", "9c", "2c", "5d", "Ac"], "Bob": ["Qh", "Qd", "7s", "8s", "3h"]}
    hand = to_phase(Hand(load_variant("english-stud"), ["Ann", "Bob"], 200, seed=1, cards=cards), "draw")
    buy = next(la for la in hand.view("Ann").legal if la.action == "buy")
    assert choice_text("b", buy).startswith("[b] give up a card and buy another at 10 a card: ")
    action, _, questions = asked(hand, "b", "2c")
    assert questions[0].startswith("give up which card (")
    assert (action.verb, action.word) == ("buy", "2c")


# ---------------------------------------------------------------- amounts in one notation


def test_an_amount_range_is_said_in_the_same_words_in_the_choices_and_the_question():
    bet = LegalAction("bet", min=2, max=99)
    assert choice_text("b", bet) == "[b] bet to a total from 2 to 99"

    class View:
        player = "Ann"
        legal = (LegalAction("check"), bet)

    action, screen, questions = asked_view(View, "b", "100", "40")
    assert questions[0] == "bet to how much (from 2 to 99; Enter to go back)? "
    assert "100 is not allowed: from 2 to 99" in screen and action.amount == 40


def asked_view(view, line: str, *answers: str):
    lines, questions = iter(answers), []

    def read(prompt: str) -> str:
        questions.append(prompt)
        return next(lines)

    me = TerminalPlayer(Console(file=io.StringIO(), width=200, force_terminal=False), read=read)
    return me.parse(line, view, _keys(view.legal)), me.console.file.getvalue(), questions


@pytest.mark.parametrize("line", ["\x1b", "\x1b[A", "  ", "\x07"])
def test_a_line_that_types_nothing_repeats_the_prompt_without_a_word(line):
    hand = _mexican()
    action, screen, _ = asked(hand, line)
    assert action is None and screen == ""


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("r 10 20", "'10 20': type one amount after complete"),  # (the 20 was dropped)
        ("c\udcc3", "is not one of your choices"),  # a byte that is no UTF-8 (it called)
    ],
)
def test_a_line_with_more_than_a_choice_means_is_refused_and_acts_on_nothing(line, said):
    hand = Hand(load_variant("seven-card-stud"), ["Ann", "Bob", "Cat"], 500, seed=4)
    hand.apply(hand.default_action())  # the bring-in: the next player may call, complete or fold
    action, screen, _ = asked(hand, line)
    assert action is None and said in screen
