"""The French text (seed 000) rule by rule, on real cards: variants/five-card-stud-fr.yaml.

Stakes of the file: low limit 10, high limit 20, ante 5 (half the low limit),
bring-in 5 (the ante). Players sit Ann, Bob, Cat, Dan clockwise from the
dealer's left. Each player's cards are given in the order received: the hole
card, the door card, then the third, fourth and fifth (river) cards, all up.
Every expected number below is worked out by hand from the text.
"""

import pytest
from rules_support import deal, events, legal, net, play, script

from studrules.errors import IllegalActionError

FR = "five-card-stud-fr"

# A four-handed deal used by several tests.
#   round 2 boards: Ann 9c Kd (K-9), Bob 4d Qh, Cat Kh 3c, Dan 7s Ad (A-7: first)
#   round 3 boards: Ann 9c Kd 9d (pair of 9s), Dan 7s Ad Ac (pair of aces: first)
#   round 4 boards: Ann 9c Kd 9d Ks (kings and nines: first), Dan 7s Ad Ac 3s
#   final hands: Ann K-K-9-9-2, Bob Q-J-6-4-3, Cat K-8-5-3-2, Dan A-A-7-6-3
FULL = {
    "Ann": "2h 9c Kd 9d Ks",
    "Bob": "3h 4d Qh Jc 6c",
    "Cat": "5h Kh 3c 8s 2c",
    "Dan": "6h 7s Ad Ac 3s",
}
ROUND_1_CALLED = ["Bob bring-in", "Cat call", "Dan call", "Ann call"]
ROUND_2_CHECKED = ["Dan check", "Ann check", "Bob check", "Cat check"]


def test_every_player_antes_half_the_low_limit_before_the_deal():
    # "Avant la distribution des cartes, tous les joueurs sans exception déposent leur ante"
    # "L´ante représente la moitié de la limite basse de la table."  (10 / 2 = 5)
    h = deal(FR, FULL)
    first_four = h.events[:4]
    assert [(e.type, e.player, e.amount) for e in first_four] == [
        ("ante", "Ann", 5),
        ("ante", "Bob", 5),
        ("ante", "Cat", 5),
        ("ante", "Dan", 5),
    ]
    assert h.pot == 20


def test_first_card_down_second_card_up():
    # "la première est placée face fermée (hole card), tandis que la deuxième carte ... face visible."
    h = deal(FR, FULL)
    faces = [(e.player, str(e.card), e.face) for e in events(h, "deal")]
    assert faces[:4] == [("Ann", "2h", "down"), ("Bob", "3h", "down"), ("Cat", "5h", "down"), ("Dan", "6h", "down")]
    assert faces[4:] == [("Ann", "9c", "up"), ("Bob", "4d", "up"), ("Cat", "Kh", "up"), ("Dan", "7s", "up")]


def test_lowest_up_card_brings_in_for_the_ante():
    # "Le premier tour d´enchères commence par le joueur qui présente la carte visible la plus basse."
    # "le bring-in a la même valeur que l´ante."  Doors 9c 4d Kh 7s: Bob's 4 is lowest.
    h = deal(FR, FULL)
    assert h.to_act == "Bob"
    assert legal(h) == {"bring-in": 5, "complete": (10,)}


@pytest.mark.parametrize(
    "doors, who",
    [
        ({"Ann": "4h", "Bob": "4s", "Cat": "4c", "Dan": "4d"}, "Cat"),  # the 4 of clubs is lowest
        ({"Ann": "3s", "Bob": "3h", "Cat": "Qc", "Dan": "3d"}, "Dan"),  # diamonds below hearts and spades
        ({"Ann": "Js", "Bob": "Jh", "Cat": "Qc", "Dan": "Kd"}, "Bob"),  # hearts below spades
    ],
)
def test_equal_lowest_ranks_are_broken_by_suit_spades_hearts_diamonds_clubs(doors, who):
    # "En cas d´égalité sur la valeur de la carte, on départage les joueurs sur la couleur en
    #  sachant que le pique bat le coeur qui est suivi du carreau et du trèfle."
    holes = {"Ann": "2h", "Bob": "5h", "Cat": "6h", "Dan": "7h"}
    h = deal(FR, {p: [holes[p], doors[p]] for p in holes})
    assert h.to_act == who
    assert "bring-in" in legal(h)


def test_the_bring_in_is_forced_and_cannot_check():
    # "Ce joueur doit poser le Bring-in, une mise de départ forcée et il ne peut donc pas faire check."
    h = deal(FR, FULL)
    with pytest.raises(IllegalActionError):
        h.apply("Bob check")
    assert "check" not in legal(h) and "fold" not in legal(h)


def test_the_others_call_or_raise_to_the_low_limit_only():
    # "Puis, les joueurs suivants peuvent suivre ou relancer à hauteur de la limite basse."
    h = play(FR, FULL, ["Bob bring-in"])
    assert h.to_act == "Cat"
    assert legal(h) == {"fold": None, "call": 5, "complete": (10,)}
    with pytest.raises(IllegalActionError):
        h.apply("Cat complete 20")


def test_everyone_folds_to_the_bring_in_who_takes_the_antes():
    # The bring-in is a bet; when nobody calls it the round (and the hand) ends.
    h = play(FR, {p: c.split()[:2] for p, c in FULL.items()}, ["Bob bring-in", "Cat fold", "Dan fold", "Ann fold"])
    assert h.is_over
    # pot: antes 4 x 5 + bring-in 5 = 25; Bob put in 10
    assert net(h) == {"Ann": -5, "Bob": 15, "Cat": -5, "Dan": -5}


def test_round_one_allows_one_opening_and_three_raises():
    # "seules une ouverture et trois relances sont généralement acceptées au Five Stud."
    # The completion to 10 is the opening; then 20, 30, 40 are the three raises.
    h = play(FR, FULL, ["Bob bring-in", "Cat complete 10", "Dan raise 20", "Ann raise 30", "Bob raise 40"])
    assert h.to_act == "Cat"
    assert legal(h) == {"fold": None, "call": 30}
    for a in ["Cat call", "Dan call", "Ann call"]:
        h.apply(a)
    # "Un tour d´enchères est clôturé lorsque les mises sont au même niveau"
    assert h.round == 2 and h.pot == 20 + 4 * 40


def test_round_two_the_strongest_visible_combination_acts_first_at_the_low_limit():
    # "les enchères commencent par le joueur ayant la combinaison visible la plus forte cette fois-ci."
    # "Encore une fois, les mises et les relances ne peuvent dépasser la limite basse de la table."
    # Boards: Ann K-9, Bob Q-4, Cat K-3, Dan A-7: Dan's ace is strongest; no pair, so 10 only.
    h = play(FR, FULL, ROUND_1_CALLED)
    assert h.to_act == "Dan"
    assert legal(h) == {"check": None, "fold": None, "bet": (10,)}
    h.apply("Dan bet 10")
    assert legal(h) == {"fold": None, "call": 10, "raise": (20,)}


def test_round_two_equal_visible_hands_go_to_the_player_nearest_the_dealer():
    # The text names no tie rule for the strongest board; the file takes the player nearest
    # the dealer's left, as for the odd chip ("le joueur le plus proche du dealer").
    # Bob Kd 9c and Dan Ks 9s show the same K-9: Bob is nearer, though Dan's suits are higher.
    cards = {"Ann": "2h 4d Qh", "Bob": "3h 9c Kd", "Cat": "5h 3c 8h", "Dan": "6h 9s Ks"}
    h = play(FR, cards, ["Cat bring-in", "Dan call", "Ann call", "Bob call"])
    assert h.round == 2 and h.to_act == "Bob"


OPEN_PAIR = {"Ann": "2h 9c Kd", "Bob": "3h 4d Qh", "Cat": "5h 8h 8d", "Dan": "6h 7s Ad"}


def test_open_pair_on_round_two_allows_the_high_limit():
    # "la relance peut se faire à hauteur de la limite haute dans l´unique cas où un joueur
    #  obtient une paire avec ses deux cartes ouvertes."  Cat shows 8h 8d and acts first.
    h = play(FR, OPEN_PAIR, ROUND_1_CALLED)
    assert h.to_act == "Cat"
    assert legal(h) == {"check": None, "fold": None, "bet": (10, 20)}


def test_after_a_high_limit_bet_the_others_follow_the_high_limit():
    # "Les joueurs qui suivent devront alors suivre à hauteur de la limite haute."
    h = play(FR, OPEN_PAIR, ROUND_1_CALLED + ["Cat bet 20"])
    assert legal(h) == {"fold": None, "call": 20, "raise": (40,)}
    h.apply("Dan raise 40")
    assert legal(h) == {"fold": None, "call": 40, "raise": (60,)}


def test_after_a_low_bet_with_an_open_pair_a_high_raise_sets_the_size():
    h = play(FR, OPEN_PAIR, ROUND_1_CALLED + ["Cat bet 10"])
    assert legal(h) == {"fold": None, "call": 10, "raise": (20, 30)}
    h.apply("Dan raise 30")
    assert legal(h) == {"fold": None, "call": 30, "raise": (50,)}


def test_under_the_option_raise_only_the_opening_bet_stays_at_the_low_limit():
    # "la relance peut se faire à hauteur de la limite haute" read as the raise alone (option
    # open_pair_high: raise_only): Cat opens for 10 only; Dan may raise to 20 or 30, after
    # which the round follows the high limit (a raise of 20, to 50).
    h = play(FR, OPEN_PAIR, ROUND_1_CALLED, options={"open_pair_high": "raise_only"})
    assert legal(h) == {"check": None, "fold": None, "bet": (10,)}
    h.apply("Cat bet 10")
    assert legal(h) == {"fold": None, "call": 10, "raise": (20, 30)}
    h.apply("Dan raise 30")
    assert legal(h) == {"fold": None, "call": 30, "raise": (50,)}


def test_round_two_cap_is_a_bet_and_three_raises():
    # "seules une ouverture et trois relances sont généralement acceptées"
    h = play(FR, FULL, ROUND_1_CALLED + ["Dan bet 10", "Ann raise 20", "Bob raise 30", "Cat raise 40"])
    assert h.to_act == "Dan"
    assert legal(h) == {"fold": None, "call": 30}


def test_round_three_strongest_board_acts_first_at_the_high_limit():
    # "celui qui détient la combinaison la plus forte prend la parole. Celui-ci a le choix entre
    #  se coucher, checker, ou relancer à la limite haute et non plus à la limite basse"
    # Boards: Ann 9c Kd 9d (pair of nines), Dan 7s Ad Ac (pair of aces): Dan.
    h = play(FR, FULL, ROUND_1_CALLED + ROUND_2_CHECKED)
    assert h.round == 3 and h.to_act == "Dan"
    assert legal(h) == {"check": None, "fold": None, "bet": (20,)}
    h.apply("Dan bet 20")
    assert legal(h) == {"fold": None, "call": 20, "raise": (40,)}


def test_round_four_best_visible_four_cards_act_first_at_the_high_limit():
    # "la parole revient toujours au joueur ayant la meilleure main sur les quatre cartes visibles.
    #  Les mises suivent toujours la limite haute de la table."
    # Ann 9c Kd 9d Ks (kings and nines) beats Dan 7s Ad Ac 3s (aces).
    h = play(FR, FULL, ROUND_1_CALLED + ROUND_2_CHECKED + ["Dan bet 20", "Ann call", "Bob fold", "Cat fold"])
    assert h.round == 4 and h.to_act == "Ann"
    assert legal(h) == {"check": None, "fold": None, "bet": (20,)}


def test_the_cap_holds_heads_up_too():
    # The text knows no heads-up exception: a bet and three raises, then only call or fold.
    cards = {"Ann": "Ac 8c 2d 4h 8d", "Bob": "Kc 8s 3d 5h 8h"}
    h = play(
        FR,
        cards,
        [
            "Ann bring-in",
            "Bob call",
            "Bob check",
            "Ann check",
            "Bob bet 20",
            "Ann raise 40",
            "Bob raise 60",
            "Ann raise 80",
        ],
    )
    assert h.to_act == "Bob"
    assert legal(h) == {"fold": None, "call": 20}


BEFORE_RIVER = ROUND_1_CALLED + ROUND_2_CHECKED + ["Dan bet 20", "Ann call", "Bob fold", "Cat fold"]


def test_round_four_cap_is_a_bet_and_three_raises():
    # "seules une ouverture et trois relances sont généralement acceptées": the river too.
    h = play(FR, FULL, BEFORE_RIVER + ["Ann bet 20", "Dan raise 40", "Ann raise 60", "Dan raise 80"], stacks=300)
    assert h.round == 4 and h.to_act == "Ann"
    assert legal(h) == {"fold": None, "call": 20}


FULL_FOLDERS = {"Ann": FULL["Ann"], "Bob": "3h 4d Qh Jc", "Cat": "5h Kh 3c 8s", "Dan": FULL["Dan"]}


def test_the_last_raiser_shows_first():
    # "Généralement, c´est le joueur qui a relancé en dernier qui montre ses cartes en premier."
    # River: Ann bets, Dan raises, Ann calls: Dan shows first although Ann opened.
    h = play(FR, FULL_FOLDERS, BEFORE_RIVER + ["Ann bet 20", "Dan raise 40", "Ann call"])
    assert h.result().showdown_order == ("Dan", "Ann")
    assert [e.player for e in events(h, "show")] == ["Dan", "Ann"]


def test_nobody_raised_the_opener_shows_first():
    # "Dans le cas où personne n´a relancé, c´est celui qui a ouvert le jeu qui commence."
    # River: Ann checks, Dan bets, Ann calls: Dan opened.
    h = play(FR, FULL_FOLDERS, BEFORE_RIVER + ["Ann check", "Dan bet 20", "Ann call"])
    assert h.result().showdown_order == ("Dan", "Ann")


def test_everybody_checked_the_river_the_best_visible_hand_shows_first():
    # "tous les joueurs ont passé leurs tours lors de la rivière, dans ce cas, c´est celui qui
    #  dispose de la meilleure main visible qui devra dévoiler sa carte fermée en premier."
    # Dan raised on round 3, but the river was checked: Ann's K-K-9-9 board shows first.
    h = play(
        FR,
        FULL_FOLDERS,
        ROUND_1_CALLED
        + ROUND_2_CHECKED
        + ["Dan check", "Ann bet 20", "Bob fold", "Cat fold", "Dan raise 40", "Ann call", "Ann check", "Dan check"],
    )
    assert h.result().showdown_order == ("Ann", "Dan")


def test_every_hand_still_in_is_shown_and_the_best_combination_wins():
    # "Le pot est remporté par le joueur ayant la combinaison la plus forte"
    # The text names no mucking: both hands are turned up without being asked.
    h = play(FR, FULL_FOLDERS, BEFORE_RIVER + ["Ann bet 20", "Dan raise 40", "Ann call"])
    assert h.is_over and len(events(h, "show")) == 2
    # pot: antes 20 + round 1 4x5 + round 3 2x20 + river 2x40 = 160; Ann (kings up) wins it.
    # Ann and Dan put in 5 + 5 + 20 + 40 = 70 each; Bob and Cat 10 each.
    assert net(h) == {"Ann": 90, "Bob": -10, "Cat": -10, "Dan": -70}


def test_split_pot_odd_chip_goes_to_the_player_nearest_the_dealer():
    # "dans le cas où il y a égalité et que le pot est divisé entre les joueurs gagnants, si un
    #  jeton est insécable, il est directement donné au joueur le plus proche du dealer."
    # Cat and Dan both hold a nine-high straight. Doors: 5c (Cat) below 5h (Dan): Cat brings in.
    cards = {"Ann": "Qd Kd 2s", "Bob": "Jd Qh", "Cat": "9c 5c 6d 7h 8s", "Dan": "9s 5h 6s 7d 8c"}
    h = play(
        FR,
        cards,
        [
            "Cat bring-in",
            "Dan call",
            "Ann call",
            "Bob fold",
            "Ann check",
            "Cat bet 10",
            "Dan call",
            "Ann fold",
            "Cat check",
            "Dan check",
            "Cat check",
            "Dan check",
        ],
    )
    # pot: antes 20 + 3 x 5 + 2 x 10 = 55: 28 to Cat (nearer the dealer's left), 27 to Dan.
    # Cat and Dan put in 20 each, Ann 10, Bob 5.
    assert net(h) == {"Ann": -10, "Bob": -5, "Cat": 8, "Dan": 7}


def test_a_pair_with_a_higher_kicker_wins():
    # "en cas d´égalité sur la combinaison, les joueurs considèrent une carte appelée kicker.
    #  Cette situation se produit lorsque deux joueurs présentent une paire de même valeur."
    # Ann 8-8-A-4-2 beats Bob 8-8-K-5-3. Doors 8c (Ann) below 8s: Ann brings in.
    cards = {"Ann": "Ac 8c 2d 4h 8d", "Bob": "Kc 8s 3d 5h 8h"}
    h = play(FR, cards, ["Ann bring-in", "Bob call"] + ["Bob check", "Ann check"] * 3)
    assert net(h) == {"Ann": 10, "Bob": -10}


def test_high_card_hands_compare_the_second_card_when_the_first_ties():
    # "même dans le cas où aucun joueur n´a réussi à former une combinaison et présente leur
    #  hauteur, une deuxième carte est considérée lorsqu´il y a égalité sur la première."
    # Ann A-K-9-7-4 beats Bob A-Q-J-8-6. Doors 4c (Ann) below 6c: Ann brings in.
    cards = {"Ann": "As 4c 9d 7h Kd", "Bob": "Ah 6c Jd 8h Qs"}
    h = play(
        FR,
        cards,
        ["Ann bring-in", "Bob call", "Bob check", "Ann check", "Bob check", "Ann check", "Ann check", "Bob check"],
    )
    assert net(h) == {"Ann": 10, "Bob": -10}


def test_a_player_who_folded_before_his_cards_were_dealt_does_not_void_the_hand():
    # A hand script gives each player's cards "in the order received"; Bob and Cat fold on
    # round 3 and never receive their fifth card. That is not a hand with a wrong card count.
    h = play(FR, FULL, BEFORE_RIVER + ["Ann bet 20", "Dan raise 40", "Ann call"])
    assert not h.result().void
    assert net(h) == {"Ann": 90, "Bob": -10, "Cat": -10, "Dan": -70}


def test_the_same_hand_as_a_script_gives_the_same_result():
    # The last-raiser hand above, through the hand-script contract (studrules replay).
    out = script(FR, FULL_FOLDERS, BEFORE_RIVER + ["Ann bet 20", "Dan raise 40", "Ann call"])
    assert out["next"] is None
    assert out["result"]["net"] == {"Ann": 90, "Bob": -10, "Cat": -10, "Dan": -70}
    assert out["result"]["showdown_order"] == ["Dan", "Ann"]
