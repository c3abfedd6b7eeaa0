"""The Russian casino page (seed 003) rule by rule, on real cards: variants/stud-ru-casino.yaml.

Stakes of the file: ante 1, bring-in 2 (twice the ante), low limit 5, high
(double) limit 10. The page calls the game "5 Card Stud" but deals seven
cards: two down and one up, three more up, one more down. Each player's cards
are listed in the order received. Players sit clockwise from the dealer's
left in the order given. Expected numbers are worked out by hand.
"""

import pytest
from rules_support import deal, events, legal, net, play, script

from studrules.cards.card import Card

RU = "stud-ru-casino"

# Doors 9c, 4d, Kh: Bob brings in.
# 4th street boards: Ann 9c Kd (K-9: first), Bob 4d Qh, Cat Kh 3c; no pair.
# 5th: Ann 9c Kd 9d (first). 6th and 7th: Ann 9c Kd 9d Ks (first).
# Final: Ann K-K-9-9-4 (two pair, the best), Bob 6-6-Q-J-7, Cat 8-8-K-J-T.
DECK = {
    "Ann": "2h 3h 9c Kd 9d Ks 4c",
    "Bob": "5h 6h 4d Qh Jc",  # folds on fifth street
    "Cat": "8h Th Kh 3c 8s 2s Jh",
}
ROUND_1 = ["Bob bring-in", "Cat call", "Ann call"]
ROUND_2 = ["Ann check", "Bob check", "Cat check"]


def test_two_down_one_up_then_three_up_and_one_down():
    # "Каждый игрок получает по 2 карты: 2 закрытых (Hole cards) и одной открытой."
    # "Затем поочередно сдаются еще 3 открытых и по одной закрытой карте каждому оставшемуся игроку"
    h = play(RU, DECK, ROUND_1 + ROUND_2 + ["Ann bet 10", "Bob fold", "Cat call"])
    while not h.is_over:
        h.apply(h.default_action())
    assert [f for _, f in h.view("Ann").cards] == ["down", "down", "up", "up", "up", "up", "down"]


def test_the_other_players_do_not_see_a_closed_card():
    # "Закрытую карту не могут видеть другие игроки." (the other players cannot see a closed card)
    # Ann's closed cards are 2h, 3h and, on seventh street, 4c; Cat sees only her four open cards.
    h = play(RU, DECK, ROUND_1 + ROUND_2 + ["Ann bet 10", "Bob fold", "Cat call", "Ann check", "Cat check"])
    assert h.round == 5
    cat = h.view("Cat")
    assert [str(c) for c in cat.up_cards["Ann"]] == ["9c", "Kd", "9d", "Ks"]
    seen = {str(e.card) for e in cat.events if e.card is not None and e.player == "Ann"}
    assert not seen & {"2h", "3h", "4c"}
    assert [str(c) for c, f in h.view("Ann").cards if f == "down"] == ["2h", "3h", "4c"]


def test_compulsory_ante_before_the_deal():
    # "Каждый игрок должен поставить анте перед тем, как начнется сдача карт."
    h = deal(RU, DECK)
    assert [(e.type, e.amount) for e in h.events[:3]] == [("ante", 1)] * 3


def test_lowest_up_card_brings_in_for_twice_the_ante_or_makes_a_full_bet():
    # "Игрок, который имеет самую младшую открытую карту после первой сдачи карт, должен сделать
    #  обязательную ставку бринг-ин ... который обычно составляет сумму анте умноженную на 2, или
    #  может сделать обычную ставку, величина которой выше бринг-ин"
    h = deal(RU, DECK)
    assert h.to_act == "Bob"
    assert legal(h) == {"bring-in": 2, "complete": (5,)}
    h.apply("Bob bring-in")
    # "остальные игроки делают ставки по очереди, по часовой стрелке"
    assert h.to_act == "Cat"
    assert legal(h) == {"fold": None, "call": 2, "complete": (5,)}


@pytest.mark.parametrize(
    "doors, who",
    [
        ({"Ann": "4s", "Bob": "4h", "Cat": "4c"}, "Cat"),
        ({"Ann": "6h", "Bob": "6s", "Cat": "9c"}, "Ann"),
        ({"Ann": "Qs", "Bob": "Qd", "Cat": "Qh"}, "Bob"),
    ],
)
def test_bring_in_ties_are_broken_by_suit_spades_hearts_diamonds_clubs(doors, who):
    # "Масти ранжируются в следующем порядке, начиная от старшей к младшей: пики (spades),
    #  червы (hearts), бубны (diamonds), трефы (clubs)."
    holes = {"Ann": "2d 3d", "Bob": "5d 7d", "Cat": "Td Jd"}
    h = deal(RU, {p: holes[p].split() + [doors[p]] for p in holes})
    assert h.to_act == who


def test_everyone_folds_to_the_bring_in():
    cards = {p: c.split()[:3] for p, c in DECK.items()}
    h = play(RU, cards, ["Bob bring-in", "Cat fold", "Ann fold"])
    assert net(h) == {"Ann": -1, "Bob": 2, "Cat": -1}


def test_after_the_first_round_the_best_board_bets_first():
    # "Игрок с самой лучшей комбинацией из открытых карт первым делает ставки во всех кругах торговли."
    h = play(RU, DECK, ROUND_1)
    assert h.round == 2 and h.to_act == "Ann"  # K-9 beats Q-4 and K-3
    # no pair showing: the small bet only
    assert legal(h) == {"check": None, "bet": (5,)}


def test_ties_of_the_best_board_go_to_the_player_nearest_the_dealer():
    # The page names no tie rule; the file takes the player nearest the dealer's left.
    cards = {"Ann": "2h 3h 4d Qh", "Bob": "5h 6h 9c Kd", "Cat": "8h Th 9s Ks"}
    h = play(RU, cards, ["Ann bring-in", "Bob call", "Cat call"])
    assert h.to_act == "Bob"  # Bob K-9 and Cat K-9: Bob is nearer


OPEN = {"Ann": "2h 3h 9c Kd", "Bob": "5h 6h 4d Qh", "Cat": "8h Th Kh Kc"}


def test_an_open_pair_on_fourth_street_allows_the_double_limit():
    # "Если игрок показывает Пару (One Pair) после сдачи четвертой карты (Fourth Street), тогда
    #  можно делать или поднимать ставку в размере двойного лимита."
    h = play(RU, OPEN, ROUND_1)
    assert h.to_act == "Cat"  # K-K showing
    assert legal(h) == {"check": None, "bet": (5, 10)}
    h.apply("Cat bet 10")
    assert legal(h) == {"fold": None, "call": 10, "raise": (20,)}


def test_three_raises_at_most_whatever_their_size():
    # "Максимально разрешается 3 подъема, размер каждого подъема значения не имеет."
    h = play(RU, OPEN, ROUND_1 + ["Cat bet 5", "Ann raise 15", "Bob raise 25", "Cat raise 35"])
    assert h.to_act == "Ann"
    assert legal(h) == {"fold": None, "call": 20}


def test_fifth_sixth_and_seventh_street_at_the_double_limit_and_five_rounds():
    # "В 5 карточном стад покере (5 Card Stud) 5 кругов торговли."
    h = play(RU, DECK, ROUND_1 + ROUND_2)
    assert h.round == 3 and h.to_act == "Ann"
    assert legal(h) == {"check": None, "bet": (10,)}
    for a in ["Ann bet 10", "Bob fold", "Cat call", "Ann bet 10", "Cat call"]:
        h.apply(a)
    assert h.round == 5 and h.to_act == "Ann"
    assert legal(h) == {"check": None, "bet": (10,)}


FIVE_ROUNDS = ROUND_1 + ROUND_2 + ["Ann bet 10", "Bob fold", "Cat call", "Ann bet 10", "Cat call"]


def test_the_last_aggressor_shows_first_a_loser_may_muck_and_the_best_five_win():
    # "Лучшая комбинация из 5 карт является выигрышной."  The page does not say who shows first:
    # the file takes the last bettor or raiser of the last round, and lets a loser muck.
    h = play(RU, DECK, FIVE_ROUNDS + ["Ann check", "Cat bet 10", "Ann raise 20", "Cat call"])
    assert h.to_act == "Ann"
    assert legal(h) == {"show": None, "muck": None}
    h.apply("Ann show")
    h.apply("Cat muck")
    # pot: antes 3 + 3 x 2 + 2 x 10 + 2 x 10 + 2 x 20 = 89; Ann and Cat put in 43, Bob 3.
    assert net(h) == {"Ann": 46, "Bob": -3, "Cat": -43}
    assert h.result().showdown_order == ("Ann", "Cat")


def test_under_the_option_muck_no_every_hand_still_in_is_shown():
    # "происходит вскрытие карт" (the cards are turned up) read as every hand shown (option
    # muck: no): nobody is asked; Ann (the last raiser) shows, then Cat, and Ann wins as above.
    h = play(RU, DECK, FIVE_ROUNDS + ["Ann check", "Cat bet 10", "Ann raise 20", "Cat call"], options={"muck": "no"})
    assert h.is_over
    assert [(e.type, e.player) for e in h.events if e.type in ("show", "muck")] == [("show", "Ann"), ("show", "Cat")]
    assert net(h) == {"Ann": 46, "Bob": -3, "Cat": -43}


def test_nobody_bet_the_last_round_the_best_board_shows_first():
    # Cat bet on sixth street, seventh street is checked: Ann's K-K-9-9 board shows first.
    h = play(
        RU,
        DECK,
        ROUND_1
        + ROUND_2
        + ["Ann bet 10", "Bob fold", "Cat call", "Ann check", "Cat bet 10", "Ann call", "Ann check", "Cat check"],
    )
    assert h.to_act == "Ann"
    h.apply("Ann show")
    h.apply("Cat muck")
    assert h.result().showdown_order == ("Ann", "Cat")


def test_equal_hands_split_the_pot_odd_chip_to_the_player_nearest_the_dealer():
    # "Если два или более игроков показывают равные комбинации, банк делится поровну. Если в игре
    #  есть нечетная фишка, она идет игроку, сидящему ближе всех к коробке дилера."
    # Ann and Bob both hold a nine-high straight (Bob's nine is the spade: the suit gives him nothing).
    cards = {"Ann": "9c 2d 5c 6d 7h 8s 3d", "Bob": "9s 2h 5h 6s 7d 8c 3h", "Cat": "Kd Qd Ac"}
    h = play(
        RU, cards, ["Ann bring-in", "Bob call", "Cat fold"] + ["Ann check", "Bob check"] * 4 + ["Ann show", "Bob show"]
    )
    # pot: antes 3 + 2 x 2 = 7: 4 to Ann, 3 to Bob; each put in 3
    assert net(h) == {"Ann": 1, "Bob": 0, "Cat": -1}


EIGHT = {
    "Ann": "Ah Ad Ac 2c 3d 4h",
    "Bob": "5c 5d 6h 7s 8c 9d",
    "Cat": "Tc Td Jh Qs Kc 2d",
    "Dan": "3c 4d 5h 6s 7c 8d",
    "Eve": "9c Th Jd Qh Ks 2h",
    "Fay": "3h 4s 5s 6c 7d 8h",
    "Gus": "9h Ts Jc Qd Kh 2s",
    "Hal": "3s 4c 6d 7h 8s 9s",
}


def test_eight_players_the_deck_runs_short_one_community_card_and_no_last_betting_round():
    # "Может оказаться недостаточно карт, чтобы сдать каждому игроку его последнюю, седьмую, закрытую
    #  карту. В этом случае ... открывается общая карта в центре стола"
    # "В случае, если все игроки используют ту же самую карту как их седьмую карту, ставки в этом
    #  круге торговли не разрешаются."
    # 8 x 6 = 48 cards dealt, 4 left for 8 players: the As is turned up for everybody.
    h = deal(RU, dict(EIGHT, community="As"))
    assert h.to_act == "Dan"  # doors: 5h (Dan) below 5s (Fay)
    while not h.is_over:
        h.apply(h.default_action())
    (community,) = events(h, "community")
    assert community.card == Card("As") and community.face == "up"
    assert not [e for e in h.events if e.round == 5]
    assert all(len(h.cards_of(p)) == 6 for p in EIGHT)
    # Ann's three aces and the community ace make four aces. pot: antes 8 + 8 x 2 = 24.
    assert net(h) == {p: (21 if p == "Ann" else -3) for p in EIGHT}


def test_eight_players_with_two_folded_early_everyone_gets_a_seventh_card():
    # 6 x 7 + 2 x 3 = 48 cards: the deck can give every player still in his seventh card.
    cards = dict(EIGHT, Eve="9c Th Jd", Fay="3h 4s 5s")
    h = play(RU, cards, ["Dan bring-in", "Eve fold", "Fay fold"])
    while not h.is_over:
        h.apply(h.default_action())
    assert events(h, "community") == []
    assert [e for e in h.events if e.round == 5]
    assert [f for _, f in h.view("Ann").cards][-1] == "down" and len(h.cards_of("Ann")) == 7


def test_the_community_card_as_a_script():
    out = script(
        RU,
        dict(EIGHT, community="As"),
        ["Dan bring-in"] + [f"{p} call" for p in ["Eve", "Fay", "Gus", "Hal", "Ann", "Bob", "Cat"]],
    )
    # fourth street: Ann's A-2 is the best board (the others show Q-J at best)
    assert out["next"]["player"] == "Ann"
    assert {"action": "bet", "to": [5]} in out["next"]["legal"]
    assert not any(e["type"] == "community" for e in out["events"])


def test_the_bring_in_may_bet_in_full_and_the_first_round_allows_three_raises():
    # "может сделать обычную ставку, величина которой выше бринг-ин": Bob completes to the
    # low limit (5), the round's opening bet; "Максимально разрешается 3 подъема": 10, 15, 20.
    h = play(RU, DECK, ["Bob complete 5"])
    assert legal(h) == {"fold": None, "call": 5, "raise": (10,)}
    for a in ["Cat raise 10", "Ann raise 15", "Bob raise 20"]:
        h.apply(a)
    assert h.to_act == "Cat"
    assert legal(h) == {"fold": None, "call": 10}


def test_the_later_rounds_allow_three_raises_too():
    # fifth street, at the double limit: Ann bets 10, then 20, 30 and 40; Bob may only call or fold
    h = play(RU, DECK, ROUND_1 + ROUND_2 + ["Ann bet 10", "Bob raise 20", "Cat raise 30", "Ann raise 40"])
    assert h.round == 3 and h.to_act == "Bob"
    assert legal(h) == {"fold": None, "call": 20}
