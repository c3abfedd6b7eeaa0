"""The odd chip of a tied pot by the highest card reads the cards of the hand that tied:
where the showdown limits the cards a hand may use (``cards_used``: a player's own cards
only, or exactly two of his and three community cards), no other card counts.

Each pot is worked out by hand from the cards dealt (a player's cards: two down, one up,
then the rest; the community cards in the middle as they come) and the file's rules.
"""

from __future__ import annotations

from studrules import Hand, load_variant


def _play(name: str, players: list[str], cards: dict, script: list[str]) -> dict[str, int]:
    """The hand played with ``cards``: each line of ``script`` when its player is to act
    and may (a fold only facing a bet), every other decision the default (check or call)."""
    hand = Hand(load_variant(name), players, 100, cards=cards, seed=1)
    script = list(script)
    while not hand.is_over:
        if script and script[0].split()[0] == hand.to_act:
            verb = script[0].split()[1]
            if any(la.action == verb for la in hand.legal_actions()):
                hand.apply(script.pop(0))
                continue
        hand.apply(hand.default_action())
    assert not script
    result = hand.result()
    assert sum(result.stacks.values()) == 100 * len(players)
    return dict(result.net)


def test_studaha_s_own_cards_half_reads_no_community_card_for_the_odd_chip():
    # antes 4, Ann's 2d brings in 3, Bob and Cat call, Dan folds: a pot of 13, the stud half
    # (first listed) 7, the Omaha half 6. Bob (Kc Qc Jd Th 9c) and Cat (Kd Qd Jh Ts 9d) tie with
    # king-high straights of their own cards: the odd chip goes to Cat's Kd over Bob's Kc (the
    # board's Ks is in neither hand; read with it, both were king of spades high, and the chip
    # went by seat to Bob). Ann's 5h 5s with 5c 5d Ks: four fives take the Omaha half.
    cards = {
        "Ann": "5h 5s 2d Ac 8d 7c Jc",
        "Bob": "Kc Qc Jd Th 9c 4h 2c",
        "Cat": "Kd Qd Jh Ts 9d 4s 6h",
        "Dan": "Qh Qs 7h",
        "community": ["Ks", "5c", "5d", "2s", "3h"],
    }
    script = ["Ann expose 2d", "Bob expose Kc", "Cat expose Kd", "Dan expose 7h", "Dan fold"]
    net = _play("studaha", ["Ann", "Bob", "Cat", "Dan"], cards, script)
    assert net == {"Ann": 6 - 4, "Bob": 3 - 4, "Cat": 4 - 4, "Dan": -1}


def test_razzaho_s_omaha_half_reads_only_two_of_a_player_s_cards_for_the_odd_chip():
    # antes 5; the lowest up card (the ace high: Cat's As is the highest) is Ann's 5h: she
    # brings in 3, Bob and Cat call, Dan and Eve fold: a pot of 14, 7 a half.
    # Ann's own 7-6-5-3-2 takes the low half. Bob (Js Ts) and Cat (Jh Th) make the same
    # ace-high straight with Ac Kd Qh: its highest card is the board's Ac for both, so the
    # odd chip goes by seat, to Bob (Cat's hand was read with her own As, three of her cards).
    cards = {
        "Ann": "2c 3d 5h 6c 8s 9s 7h",
        "Bob": "Js Ts 9d 8d 7d 6d 2d",
        "Cat": "Jh Th As 9c 8c 7c 3c",
        "Dan": "Kh Ks 9h",
        "Eve": "Qs Qc 6h",
        "community": ["Ac", "Kd", "Qh", "4s", "4c"],
    }
    net = _play("razzaho", ["Ann", "Bob", "Cat", "Dan", "Eve"], cards, ["Dan fold", "Eve fold"])
    assert net == {"Ann": 7 - 4, "Bob": 4 - 4, "Cat": 3 - 4, "Dan": -1, "Eve": -1}


def test_razzaho_s_low_half_reads_only_a_player_s_own_cards_for_the_odd_chip():
    # Ann's 4d brings in 3 (the lower four by suit), Bob and Cat call, Dan and Eve fold: 14.
    # Ann (7c 5c 4d 3h 2s) and Bob (7d 5d 4h 3s 2c) tie for the low half with their own cards:
    # the odd chip to Bob's 7d over Ann's 7c (read with the board's 7s, both were seven of
    # spades high, and the chip went by seat to Ann). Bob's Ts 8s with Qh Jc 9c, a queen-high
    # straight, takes the high half over Cat's three queens.
    cards = {
        "Ann": "7c 5c 4d 3h 2s Jh Kh",
        "Bob": "7d 5d 4h 3s 2c Ts 8s",
        "Cat": "Qs Qd 9h 8h 6s 6d Jd",
        "Dan": "As Ad Kc",
        "Eve": "Ks Tc Th",
        "community": ["7s", "Kd", "Qh", "Jc", "9c"],
    }
    net = _play("razzaho", ["Ann", "Bob", "Cat", "Dan", "Eve"], cards, ["Dan fold", "Eve fold"])
    assert net == {"Ann": 3 - 4, "Bob": 4 + 7 - 4, "Cat": -4, "Dan": -1, "Eve": -1}


def _rule_book(variant) -> str:
    """The variant's rule book on one line (its words as a sentence reads them)."""
    import re

    from studrules import explain

    return re.sub(r"\s+", " ", explain(variant))


def test_the_rule_book_says_how_each_part_s_odd_chip_counts_the_ace():
    # an audit's finding: razzaho's rule book said the odd chip counts aces low (its deck's
    # ranking) where its high half counts them high; a hi-lo game said nothing of its low half
    def said(name):
        return _rule_book(load_variant(name))

    assert "is highest (aces low in the low half, high in the high half), by rank" in said("razzaho")
    assert "is highest (aces high in the high half, low in the low half), by rank" in said("seven-card-stud-hi-lo")
    assert "is highest (aces low), by rank" in said("razz")
    assert "is highest, by rank" in said("studaha")  # (high both halves: standard, unsaid)


def test_the_rule_book_says_who_the_opener_is():
    # an audit's finding: "the player who opened the betting" did not say whether the bring-in
    # opens, nor which round's opener shows when several rounds were opened (the engine takes
    # the latest round whose opener is still in; a bring-in opens nothing)
    from studrules import load_variant_text

    text = (
        "extends: five-card-stud\nname: opener-shows\n"
        "steps:\n  - showdown: {id: showdown, order: [opener, dealer_left], scope: hand}\n"
    )
    said = _rule_book(load_variant_text(text))
    assert "the first to bet or complete: a bring-in opens nothing" in said
    assert "on the latest round a player still in opened; if no player still in opened a round, the player" in said


def test_the_rule_book_says_the_opener_of_the_last_round_alone_where_the_showdown_reads_it():
    # an audit's finding: the French rule book said "the player who opened the betting ... on
    # the latest round a player still in opened, in the last round" (two rounds at once); the
    # engine reads the last round's opener alone there (scope: last_round)
    from studrules import load_variant

    said = _rule_book(load_variant("five-card-stud-fr"))
    assert "a bring-in opens nothing) in the last round; if no player still in opened it, the best visible hand" in said
    assert "latest round a player still in opened" not in said
