"""A history of a hand where cards change hands (a pass) or are replaced (a
draw, a card bought) replays: its ``cards`` are each player's cards in the
order the deal gave them, as a script reads them, not what he holds at the end."""

from __future__ import annotations

from studrules.game.hand import Hand
from studrules.records.history import hand_record, replay_history, write_history
from studrules.spec.loader import load_variant


def _check_down(hand: Hand) -> None:
    while not hand.is_over:
        hand.check_or_call()


def test_a_hand_of_passes_is_written_with_the_cards_dealt_and_replays(tmp_path):
    # Anaconda, Ann at the dealer's left passing to Bob, Bob to Cat, Cat to Ann
    # (tests/test_pass.py): after the three passes Ann holds three aces, Bob a
    # pair of kings, Cat three queens; checked down, Ann takes the 3 antes:
    # Ann +3 - 1 = +2, Bob -1, Cat -1.
    dealt = {"Ann": "Ah Ad Ac 2c 3d 4h 9s", "Bob": "Kh Kd 5c 6d 7h 8s Ts", "Cat": "Qh Qd Qc Js 2d 3h 4s"}
    hand = Hand(load_variant("anaconda"), list(dealt), 200, seed=1, cards={p: c.split() for p, c in dealt.items()})
    passes = iter(
        [
            ("Ann pass 2c 3d 4h", "Bob pass 5c 6d 7h", "Cat pass 2d 3h 4s"),
            ("Ann pass 2d 3h", "Bob pass 2c 3d", "Cat pass 5c 6d"),
            ("Ann pass 9s", "Bob pass 2d", "Cat pass 2c"),
        ]
    )
    while not hand.is_over:
        if hand.phase == "pass":
            for action in next(passes):
                hand.apply(action)
        else:
            hand.check_or_call()
    assert hand.result().net == {"Ann": 2, "Bob": -1, "Cat": -1}
    record = hand_record(hand)
    assert {p: " ".join(cards) for p, cards in record["cards"].items()} == dealt  # not the cards held at the end
    path = tmp_path / "anaconda.jsonl"
    write_history(path, [hand])
    assert [r.net for r in replay_history(path)] == [{"Ann": 2, "Bob": -1, "Cat": -1}]


def test_a_hand_with_a_card_bought_is_written_with_the_replacement_after_the_cards_dealt_and_replays(tmp_path):
    # English stud (tests/test_buy.py): Ann gives up her 2c and buys the next
    # card, the Ac; Bob declines. Checked down, her pair of aces beats Bob's
    # queens: she wins the 8 of antes and bring-in called and her own 10, +4.
    cards = {"Ann": ["Ah", "Kd", "9c", "2c", "5d", "Ac"], "Bob": ["Qh", "Qd", "7s", "8s", "3h"]}
    hand = Hand(load_variant("english-stud"), ["Ann", "Bob"], 200, seed=1, cards=cards)
    while hand.phase != "draw":
        hand.check_or_call()
    hand.apply("Ann buy 2c")
    hand.apply("Bob decline")
    _check_down(hand)
    assert hand.result().net == {"Ann": 4, "Bob": -4}
    # the 2c she gave up stays where it was dealt, and the Ac comes after it
    assert hand_record(hand)["cards"] == cards
    path = tmp_path / "english.jsonl"
    write_history(path, [hand])
    assert [r.net for r in replay_history(path)] == [{"Ann": 4, "Bob": -4}]
