"""wild.low_needs: a rank a player must hold, face up or down, for his low card
(low_card, low_hole) to be wild.

"Before the deal begins, the dealer must announce whether a King is required for
the small card to act as a wild card. If it is, then your hand must hold a K [...]
in order for your lowest ranked card to act as a wild card." (onlinepoker.net,
"Kings and Little Ones")
"""

from __future__ import annotations

import pytest

from studrules.analysis.diff import Difference, diff
from studrules.analysis.wild_words import wild_sentences
from studrules.cards.card import parse_cards
from studrules.errors import SpecError, SpecErrors
from studrules.game.hand import Hand
from studrules.game.wilds import wild_ranks_of
from studrules.spec.loader import load_variant, load_variant_text
from studrules.spec.model import WildRules

KINGS_AND_LOW = WildRules(ranks="K", low_card=True)
KING_NEEDED = WildRules(ranks="K", low_card=True, low_needs="K")


def test_a_player_holding_a_king_has_his_lowest_card_wild():
    # K and a 3 as his lowest card: threes and kings are wild for him, either way
    held = parse_cards("9s 9c Kd 3h Jd Qh 7c")
    assert wild_ranks_of(KING_NEEDED, None, (), held) == "3K"
    assert wild_ranks_of(KINGS_AND_LOW, None, (), held) == "3K"


def test_a_player_without_a_king_has_no_low_card_wild_when_a_king_is_needed():
    held = parse_cards("9s 9c 4d 3h Jd Qh 7c")  # lowest card 3h, no king
    assert wild_ranks_of(KING_NEEDED, None, (), held) == "K"  # kings only (he holds none)
    assert wild_ranks_of(KINGS_AND_LOW, None, (), held) == "3K"


def test_the_needed_card_may_be_face_up_or_down():
    # low_hole reads the lowest face-down card; the king may be any of his cards
    rules = WildRules(low_hole=True, low_needs="K")
    down = parse_cards("9s 4c")
    assert wild_ranks_of(rules, None, down, parse_cards("9s 4c Kd 2h")) == "4"  # king up, the 4 down wild
    assert wild_ranks_of(rules, None, parse_cards("Kd 4c"), parse_cards("Kd 4c 2h")) == "4"  # king down
    assert wild_ranks_of(rules, None, down, parse_cards("9s 4c Qd 2h")) == ""  # no king: the 4 is not wild


def test_a_lowest_card_of_the_needed_rank_is_itself_the_card_held():
    # his lowest card is a queen and a queen is needed: he holds one, so queens are wild for him
    rules = WildRules(low_card=True, low_needs="Q")
    assert wild_ranks_of(rules, None, (), parse_cards("Qh Kd Ac Ad")) == "Q"


def showdown(text: str, cards: dict[str, str]) -> tuple[set[str], dict[str, str]]:
    """Everybody checks and calls to the showdown, every hand shown: the winners and each hand in words."""
    variant = load_variant_text(text + "steps:\n  - showdown: {id: showdown, muck: false}\n")
    hand = Hand(variant, list(cards), 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    while not hand.is_over:
        hand.check_or_call()
    shown = {e.player: e.hand for e in hand.events if e.type == "show"}
    return {p for p, net in hand.result().net.items() if net > 0}, shown


# seven-card stud order: two down, four up, one down.
# Ann (no king): A-A-A, her lowest card the 2h. Bob: Kc in the hole, his lowest card the 2s
# (dealt last, face down): kings and deuces are his wild cards, 8-8 and two of them: four eights,
# jack kicker (no three naturals of a rank or of a suit in a straight's reach).
CARDS = {"Ann": "Ac Ad As 2h 7d Td Qc", "Bob": "Kc 5d 8s 8h Tc Jd 2s"}
GAME = "extends: kings-and-little-ones\nname: shown\n"


def test_without_a_king_the_low_card_is_wild_only_when_no_king_is_needed():
    # her deuce wild: four aces, queen kicker, beat Bob's four eights
    winners, shown = showdown(GAME, CARDS)
    assert shown["Ann"].startswith("four aces")
    assert shown["Bob"].startswith("four eights")
    assert winners == {"Ann"}
    # a king needed: her deuce is a deuce, three aces lose to Bob's four eights
    winners, shown = showdown(GAME + "wild: {low_needs: K}\n", CARDS)
    assert shown["Ann"].startswith("three aces")
    assert shown["Bob"].startswith("four eights")
    assert winners == {"Bob"}


def test_the_rule_book_says_who_has_his_low_card_wild():
    (said,) = [s for s in wild_sentences(KING_NEEDED) if s.startswith("Each player's lowest card")]
    assert said == (
        "Each player's lowest card, face up or down, and every card of that rank in his hand, is wild for him "
        "alone (the ace counts high), but only if he holds a king, face up or down (his lowest card may be that "
        "king)."
    )
    (said,) = [s for s in wild_sentences(WildRules(low_hole=True, low_needs="A")) if s.startswith("Each")]
    assert said.endswith(", but only if he holds an ace, face up or down (his lowest card may be that ace).")


def test_diff_tells_a_king_needed_from_none():
    needed = load_variant_text(GAME + "wild: {low_needs: K}\n")
    assert diff(load_variant("kings-and-little-ones"), needed) == [
        Difference("wild cards", "lowest card wild", "yes", "yes, for a player holding a king")
    ]


def errors_of(text: str) -> list[SpecError]:
    with pytest.raises(SpecErrors) as err:
        load_variant_text(text)
    return err.value.errors


def test_the_schema_refuses_a_needed_rank_not_written_as_one_rank():
    (e,) = errors_of("extends: seven-card-stud\nname: bad\nwild: {low_card: true, low_needs: king}\n")
    assert e.location is not None
    assert (e.location.line, e.location.column, e.location.path) == (3, 35, ("wild", "low_needs"))
    assert "give one rank from 23456789TJQKA" in e.message


def test_a_needed_rank_without_a_low_card_wild_is_refused_where_it_is_written():
    (e,) = errors_of("extends: seven-card-stud\nname: bad\nwild:\n  ranks: K\n  low_needs: K\n")
    assert e.location is not None
    assert (e.location.line, e.location.path) == (5, ("wild", "low_needs"))
    assert "no low card is wild: add low_card or low_hole" in e.message


def test_a_needed_rank_the_deck_lacks_is_refused():
    text = "extends: seven-card-stud\nname: bad\ndeck: {ranks: 3456789TJQKA}\nseats: {max: 7}\n"
    (e,) = errors_of(text + "wild: {low_card: true, low_needs: '2'}\n")
    assert e.location is not None and e.location.path == ("wild", "low_needs")
    assert "'2' is not in the deck" in e.message


# --- the house option of kings-and-little-ones ------------------------------------------------------


def winners(options: dict[str, str], cards: dict[str, str]) -> set[str]:
    variant = load_variant("kings-and-little-ones", options=options)
    hand = Hand(variant, list(cards), 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    while not hand.is_over:
        hand.check_or_call()
    return {p for p, net in hand.result().net.items() if net > 0}


def test_the_dealer_announces_whether_a_king_is_required():
    # "the dealer must announce whether a King is required for the small card to act as a wild card"
    assert load_variant("kings-and-little-ones").wild.low_needs is None  # the default: not required
    assert load_variant("kings-and-little-ones", options={"king_required": "no"}).wild.low_needs is None
    assert load_variant("kings-and-little-ones", options={"king_required": "yes"}).wild.low_needs == "K"
    # the hands above: Ann's deuce makes four aces only when no king is required
    assert winners({}, CARDS) == {"Ann"}
    assert winners({"king_required": "yes"}, CARDS) == {"Bob"}


@pytest.mark.parametrize(("choice", "said"), [("yes", True), ("no", False)])
def test_explain_reads_the_option_back(capsys, choice, said):
    from studrules.cli.main import main

    assert main(["explain", "kings-and-little-ones", "--option", f"king_required={choice}"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Each player's lowest card, face up or down, and every card of that rank in his hand" in text
    assert ("but only if he holds a king, face up or down" in text) is said


def test_diff_of_the_two_choices_is_the_low_card_row(capsys):
    from studrules.cli.main import main

    assert main(["diff", "kings-and-little-ones", "kings-and-little-ones", "--option-b", "king_required=yes"]) == 0
    out = capsys.readouterr().out
    assert "lowest card wild" in out and "yes, for a player holding a king" in out


# --- wild.low_ace: the ace may count low for the low card (the option low_ace) --------------------
#
# "A player can choose whether the ace is played as high or low. If the ace is low, it is wild. If
# it is high, then the next lowest card is wild." (pokerteam.com, "Kings and Little Ones")

ACE_LOW = WildRules(ranks="K", low_card=True, low_ace=True)

# Ann: A-A, 8-8-8, 3 and J, no king. The ace high, her threes are wild: 8-8-8 and the three, four
# eights, ace kicker. The ace low, her aces are wild: 8-8-8 and two of them, five eights.
# Bob: 7-7-7-7 and the 2h, his lowest card (no ace): five sevens either way.
ACES = {"Ann": "Ad As 3c 8h 8d 8c Js", "Bob": "2h 7s 7d 7c 7h 9d Jd"}


def test_the_ace_counted_low_makes_a_players_aces_his_low_card():
    held = parse_cards(ACES["Ann"])
    assert wild_ranks_of(ACE_LOW, None, (), held) == "3K"  # (the ace high: the reading the table shows first)
    assert wild_ranks_of(ACE_LOW, None, (), held, ace_low=True) == "KA"
    assert wild_ranks_of(ACE_LOW, None, (), parse_cards(ACES["Bob"]), ace_low=True) == "2K"  # no ace: his deuce


def test_each_player_takes_the_better_of_the_ace_high_and_low():
    # the ace high only: four eights lose to Bob's five sevens
    won, shown = showdown(GAME, ACES)
    assert shown["Ann"].startswith("four eights") and shown["Bob"] == "five sevens"
    assert won == {"Bob"}
    # the ace high or low: five eights beat five sevens
    won, shown = showdown(GAME + "wild: {low_ace: true}\n", ACES)
    assert shown["Ann"] == "five eights" and shown["Bob"] == "five sevens"
    assert won == {"Ann"}


def test_kings_and_little_ones_offers_the_low_ace_as_a_house_option():
    assert winners({}, ACES) == {"Bob"}
    assert winners({"low_ace": "yes"}, ACES) == {"Ann"}
    assert load_variant("kings-and-little-ones", options={"low_ace": "yes"}).wild.low_ace


def test_the_table_names_the_hand_as_it_counts():
    from studrules.table.display import hand_now

    variant = load_variant("kings-and-little-ones", options={"low_ace": "yes"})
    cards = parse_cards(ACES["Ann"])
    assert hand_now(variant, cards, wild_ranks="3K").startswith("four eights")
    assert hand_now(variant, cards, wild_ranks="3K", low_wild_ranks="KA") == "five eights"


def test_the_rule_book_and_diff_say_the_ace_counts_high_or_low():
    (said,) = [s for s in wild_sentences(ACE_LOW) if s.startswith("Each player's lowest card")]
    assert "(the ace counts high or low, as makes his hand better: low, his aces are wild)" in said
    assert diff(load_variant("kings-and-little-ones"), load_variant_text(GAME + "wild: {low_ace: true}\n")) == [
        Difference("wild cards", "lowest card wild", "yes", "yes, the ace high or low")
    ]


def test_a_low_ace_without_a_low_card_wild_is_refused_where_it_is_written():
    (e,) = errors_of("extends: seven-card-stud\nname: bad\nwild:\n  ranks: K\n  low_ace: true\n")
    assert e.location is not None
    assert (e.location.line, e.location.path) == (5, ("wild", "low_ace"))
    assert "no low card is wild: add low_card or low_hole" in e.message
