"""A number typed at the terminal table, or given on the command line, is read in ASCII
digits only: ``str.isdigit`` is true of '²' (which ``int`` refuses: a traceback) and of
other scripts' digits (which ``int`` reads as a number nobody typed on this table's keys);
each is refused with a message and asked again, never a traceback."""

from __future__ import annotations

import pytest
from cli_support import Scripted, run

from studrules.cli.play import _ask_the_dealer
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant
from studrules.table.between_hands import ask_side_bets as _ask_side_bets
from studrules.table.choices import keys_of

TCP = "three-card-poker"


@pytest.mark.parametrize("word", ["²", "٣", "１０", "-5", "1.5", ""])
def test_only_ascii_digits_are_a_number(word):
    from studrules.table.choices import typed_number

    assert typed_number(word) is None


def test_a_superscript_stake_between_hands_is_refused_and_asked_again():
    mine: dict[str, int] = {}
    me = Scripted("²", "10")
    _ask_side_bets(me, [load_variant(TCP)], mine)
    assert mine == {"pair_plus": 10}
    assert len(me.prompts) == 2 and "a side bet is a whole number of chips, 0 for none, not '²'" in me.screen


@pytest.mark.parametrize("value", ["²", "١٠"])
def test_a_superscript_stake_on_the_command_line_is_a_usage_error(capsys, value):
    status, _, err = run(capsys, "play", TCP, "--side-bet", f"pair_plus={value}", "-n", "1", "--seed", "1")
    assert status == 2 and f"'pair_plus={value}' must be written NAME=CHIPS" in err and "Traceback" not in err


def test_a_superscript_game_number_at_dealers_choice_is_asked_again():
    games = (load_variant("five-card-stud-fr"), load_variant("razz"))
    me = Scripted("²", "2")
    assert _ask_the_dealer(me, "Hero")("Hero", games) is games[1]
    assert me.prompts == ["game? ", "game? "] and "'²' is not one of the games" in me.screen


def test_an_amount_in_other_digits_is_not_read_as_a_number():
    # French five-card stud, Hero brings in or completes to 10: 'r １０' (full-width digits) is not 10
    cards = {"Hero": ["3s", "9h", "7c"], "Ann": ["2d", "Qh", "Qc"]}
    hand = Hand(load_variant("five-card-stud-fr"), ["Hero", "Ann"], 200, seed=1, cards=cards)
    view = hand.view("Hero")
    me = Scripted()
    assert me.parse("r １０", view, keys_of(view.legal)) is None
    assert "'１０' is not an amount" in me.screen
    assert me.parse("r 10", view, keys_of(view.legal)).amount == 10
