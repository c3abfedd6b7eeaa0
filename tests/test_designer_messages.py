"""Messages a variant's designer or a player reads (an audit's findings): the article of a step's kind,
what a seat count is, a removed step's other fields, a card's rank with its article, and
where a byte that is not UTF-8 stands."""

from __future__ import annotations

import pytest

from studrules.errors import SpecError, SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text


def messages(text: str) -> list[str]:
    with pytest.raises(SpecErrors) as caught:
        load_variant_text(text)
    return [e.message for e in caught.value.errors]


def test_an_ante_step_and_a_seat_count():
    assert messages("extends: razz\nname: x\nsteps:\n  - ante: {id: ante, deadd: true}\n") == [
        "unknown field 'deadd' in an ante step: did you mean 'dead'?"
    ]
    (message,) = messages("extends: razz\nname: x\nseats: {max: 8.5}\n")
    assert message == "expected a whole number, found the number 8.5 (seats are counted whole)"


def test_a_removed_step_says_nothing_else():
    # {id: round-1, bet: 10, remove: true}: the bet was dropped with the step, unread
    (message,) = messages("extends: razz\nname: x\nsteps:\n  - betting: {id: round-1, bet: 10, remove: true}\n")
    assert message == "step 'round-1' is removed, so its 'bet' would be read by nothing: remove the step, or change it"


def test_an_extra_card_for_an_ace_up_is_said_with_an():
    v = load_variant_text(
        "extends: seven-card-stud\nname: aces-earn\nseats: {max: 6}\nwhen_dealt_up:\n  - {rank: A, deal: down}\n"
    )
    hand = Hand(v, ["Ann", "Bob"], 100, cards={"Ann": "2c 3c Ad 9h", "Bob": "4d 5d 6d"})
    assert [e.reason for e in hand.events if e.reason and "extra card" in e.reason] == ["an ace up earns an extra card"]


def test_a_byte_that_is_not_utf8_is_said_at_its_line_and_column(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_bytes(b"name: x\nkind: pot\ntitle: caf\xe9\n")  # 8 + 10 bytes, then 'title: caf' (10): byte 28
    with pytest.raises(SpecError) as caught:
        load_variant(path)
    e = caught.value
    assert (e.location.line, e.location.column, e.message) == (
        3,
        11,
        "the file is not UTF-8 text (invalid continuation byte at byte 28)",
    )


def test_a_wild_card_missing_in_a_flush_is_played_on_a_full_deck_only():
    assert load_variant_text(
        "extends: seven-card-stud\nname: x\nwild: {ranks: '2', in_flush: missing}\n"
    ).wild.in_flush == ("missing")
    (message,) = messages("extends: five-card-stud-36\nname: x\nwild: {ranks: '6', in_flush: missing}\n")
    assert message.startswith("wild.in_flush: missing is played in the high ranking of a full deck")


def test_the_terminal_names_a_split_hand_as_he_set_it():
    # an audit's finding: after Ann split her cards (cowpie: a five-card and a two-card hand),
    # "your hand" still named the best hands of all seven, each labelled "high". Ann: 6c 6d Th
    # 9s 8d 7c Tc. Before the split: a ten-high straight of five, a pair of tens of two; she sets
    # 9s Tc apart (a down card in each hand): her five are 6c 6d Th 8d 7c, a pair of sixes, and her
    # two ten-nine high.
    from studrules.table.drawing import _my_hand_words

    v = load_variant("cowpie")
    cards = {"Ann": "6c 6d Th 9s 8d 7c Tc", "Bob": "2c 3d 4h 5s 9h Jd Kc"}
    hand = Hand(v, ["Ann", "Bob"], 200, cards=cards)
    while hand.phase != "split":
        hand.check_or_call()
    assert _my_hand_words(hand.view("Ann"), v) == "5-card hand: straight, ten high; 2-card hand: pair of tens"
    hand.apply("Ann split 9s Tc")
    words = _my_hand_words(hand.view("Ann"), v)
    assert words is not None and words.startswith("5-card hand: pair of sixes; 2-card hand: ten")


def test_the_table_s_header_names_the_jokers_that_are_wild():
    # an audit's finding: Mexican Poker's header said "wild: nothing yet" where a joker dealt
    # face down is wild (and the bug dealt up); DJ Wild's named its deuces alone
    from studrules.table.drawing import wild_now

    def header(name: str) -> str | None:
        v = load_variant(name)
        hand = Hand(v, ["Ann"] if v.is_banked else ["Ann", "Bob"], 200, seed=1)
        return wild_now(hand.view("Ann"), v)

    assert header("mexican-poker") == "a joker dealt face down (the bug dealt up)"
    assert header("dj-wild") == "twos, the joker"
    assert header("seven-card-stud") is None
