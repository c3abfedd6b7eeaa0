"""The Russian home-game text (seed 002) rule by rule, on real cards:
variants/five-card-stud-ru-home.yaml.

Stakes of the file: ante 1, minimum bet 2; no limit by default (the text
gives no bet sizes). Each player's cards are listed in the order received:
two down, the third down (after a burn), then two up. Players sit clockwise
from the dealer's left in the order given. Expected numbers are worked out
by hand from the text.
"""

import pytest
from rules_support import deal, events, legal, net, play, script

from studrules.cards.card import Card
from studrules.errors import IllegalActionError
from studrules.game.actions import Action

RU = "five-card-stud-ru-home"

# Round 3 boards: Ann 4s, Bob Qs, Cat Ks (Cat first). Round 4: Ann 4s 4c (a pair: Ann first).
# Final: Ann 4-4-A-8-3, Bob 8-8-Q-5-2 (the best), Cat K-Q-J-7-5.
DECK = {"Ann": "Ah 8c 3d 4s 4c", "Bob": "8h 8d 2c Qs 5h", "Cat": "Qh 7d 5c Ks Jd", "burns": "Ts"}
CHECKED = ["Ann check", "Bob check", "Cat check"]


def test_every_player_gets_two_cards_face_down():
    # "все игроки получают по две закрытых карты."
    h = deal(RU, DECK)
    assert [e.face for e in events(h, "deal")] == ["down"] * 6
    assert h.view("Ann").up_cards == {"Ann": (), "Bob": (), "Cat": ()}


def test_with_antes_the_player_after_the_dealer_opens_and_may_check():
    # "начальная ставка может быть равной для всех и вноситься до начала игры."
    # "торговля может начинаться от следующего игрока за раздающим"
    # "делать check ... можно только в том случае, если первые ставки сделаны до раздачи."
    h = deal(RU, DECK)
    assert [(e.type, e.amount) for e in h.events[:3]] == [("ante", 1)] * 3
    assert h.to_act == "Ann"
    assert legal(h) == {"check": None, "bet": range(2, 100)}


def test_without_antes_the_first_player_must_bet():
    # "В противном случае первый же игрок должен сделать ставку, а следующие за ним должны
    #  ответить на нее, поднять или спасовать."
    h = deal(RU, DECK, options={"antes": "no"})
    assert events(h, "ante") == []
    assert legal(h) == {"bet": range(2, 101)}  # folding is for those after him, facing his bet
    for refused in ("Ann check", "Ann fold"):
        with pytest.raises(IllegalActionError):
            h.apply(refused)
    assert h.default_action() == Action("Ann", "bet", 2)  # (a bot that checks or calls: the least bet)
    h.apply("Ann bet 2")
    assert legal(h) == {"fold": None, "call": 2, "raise": range(4, 101)}


def test_option_lowest_card_opens_and_must_be_exposed():
    # "или от того, у кого на руках самая младшая карта (во втором случае младшую карту придется открыть)."
    # Two deuces: 2d (Cat) and 2h (Bob); the file breaks the tie by suit (diamonds below hearts).
    cards = {"Ann": "Kd 9c", "Bob": "2h Qs", "Cat": "Jc 2d"}
    h = deal(RU, cards, options={"opener": "lowest_card"})
    (exposed,) = events(h, "expose")
    assert (exposed.player, exposed.card, exposed.face) == ("Cat", Card("2d"), "up")
    assert h.view("Ann").up_cards["Cat"] == (Card("2d"),)
    assert h.to_act == "Cat"
    assert legal(h) == {"check": None, "bet": range(2, 100)}


def test_option_lowest_card_without_antes_must_bet():
    cards = {"Ann": "Kd 9c", "Bob": "2h Qs", "Cat": "Jc 2d"}
    h = deal(RU, cards, options={"opener": "lowest_card", "antes": "no"})
    assert h.to_act == "Cat"
    assert legal(h) == {"bet": range(2, 101)}


def test_burn_then_a_third_card_face_down_then_round_two():
    # "раздающий сбрасывает верхнюю карту из колоды, и сдает еще по одной закрытой карте."
    h = play(RU, DECK, CHECKED)
    after = h.events[-4:]
    assert (after[0].type, after[0].card) == ("burn", Card("Ts"))
    assert [(e.player, e.card, e.face) for e in after[1:]] == [
        ("Ann", Card("3d"), "down"),
        ("Bob", Card("2c"), "down"),
        ("Cat", Card("5c"), "down"),
    ]
    # "Далее следует новый тур торговли, в котором можно либо оставить банк как есть, либо повысить ставку."
    assert h.round == 2 and h.to_act == "Ann"
    assert legal(h) == {"check": None, "bet": range(2, 100)}


def test_re_raising_is_allowed_by_default():
    # "следующие игроки обязаны ответить на повышенную ставку, повысить ее далее ... или спасовать."
    h = play(RU, DECK, CHECKED + ["Ann bet 2", "Bob raise 4", "Cat raise 8", "Ann raise 16", "Bob raise 32"])
    assert h.to_act == "Cat"
    assert legal(h) == {"fold": None, "call": 24, "raise": range(48, 100)}


def test_option_re_raising_forbidden():
    # "(опять же по условиям конкретной игры это может быть как запрещено, так и ограничено –
    #  например, удвоением ставки)"
    h = play(RU, DECK, ["Ann bet 2"], options={"reraise": "forbidden"})
    assert legal(h) == {"fold": None, "call": 2}


def test_option_raise_limited_to_doubling_the_bet():
    h = play(RU, DECK, ["Ann bet 6"], options={"reraise": "double"})
    assert legal(h) == {"fold": None, "call": 6, "raise": range(12, 13)}
    h.apply("Bob raise 12")
    # at least a raise of the last raise's size (6), at most double the bet (24)
    assert legal(h) == {"fold": None, "call": 12, "raise": range(18, 25)}


@pytest.mark.parametrize("reraise, after_bet", [("forbidden", {"fold": None, "call": 4}), ("double", None)])
def test_the_re_raise_options_hold_in_the_second_round_where_the_text_states_them(reraise, after_bet):
    # "Далее следует новый тур торговли, в котором можно либо оставить банк как есть, либо
    #  повысить ставку. ... повысить ее далее (... может быть как запрещено, так и ограничено –
    #  например, удвоением ставки)": round 2, after the third card.
    h = play(RU, DECK, CHECKED + ["Ann bet 4"], options={"reraise": reraise})
    assert h.round == 2
    if after_bet is not None:
        assert legal(h) == after_bet
    else:  # a raise to at most twice the bet, 8; then at most twice that, 16
        assert legal(h) == {"fold": None, "call": 4, "raise": range(8, 9)}
        h.apply("Bob raise 8")
        assert legal(h) == {"fold": None, "call": 8, "raise": range(12, 17)}


def test_option_pot_limit():
    # No bet sizes in the text: the structure is a house choice. Antes make a pot of 3.
    h = deal(RU, DECK, options={"structure": "pot_limit"})
    assert legal(h) == {"check": None, "bet": range(2, 4)}
    h.apply("Ann bet 3")
    # call 3, then raise by the pot (3 + 3 + 3 = 9): a total of 12
    assert legal(h) == {"fold": None, "call": 3, "raise": range(6, 13)}


def test_option_fixed_limit():
    h = deal(RU, DECK, options={"structure": "fixed_limit"})
    assert legal(h) == {"check": None, "bet": (2,)}
    h.apply("Ann bet 2")
    assert legal(h) == {"fold": None, "call": 2, "raise": (4,)}


def test_up_card_rounds_the_best_board_speaks_first_and_the_last_round_is_three_down_two_up():
    # "Только после этого сдается открытая карта и следует еще один раунд торгов, после
    #  которого сдается еще одна открытая карта."  The text names no speaker: the file lets the
    # best board speak first. Round 3: Cat's king; round 4: Ann's pair of fours.
    h = play(RU, DECK, CHECKED * 2)
    assert h.round == 3 and h.to_act == "Cat"
    for a in ["Cat check", "Ann check", "Bob check"]:
        h.apply(a)
    assert h.round == 4 and h.to_act == "Ann"
    # "Имея на руках три закрытых карты и две открытых, игроки начинают последний тур торговли"
    assert [f for _, f in h.view("Bob").cards] == ["down", "down", "down", "up", "up"]


def test_all_but_one_fold_and_he_wins():
    # "Если спасуют все, кроме одного – побеждает этот последний."
    h = play(RU, {"Ann": "Ah 8c", "Bob": "8h 8d", "Cat": "Qh 7d"}, ["Ann bet 5", "Bob fold", "Cat fold"])
    assert net(h) == {"Ann": 2, "Bob": -1, "Cat": -1}


def test_the_last_raiser_shows_first_every_hand_is_shown_and_the_best_wins():
    # "первым карты открывает тот, кто последним повышал ставку."
    # "Побеждает и забирает банк тот, чья комбинация выше."
    cards = dict(DECK, Ann="Ah 8c 3d 4s")  # Ann folds on round 3
    h = play(
        RU,
        cards,
        ["Ann check", "Bob bet 4", "Cat call", "Ann call"]
        + CHECKED
        + ["Cat bet 10", "Ann fold", "Bob raise 20", "Cat call", "Cat check", "Bob check"],
    )
    assert h.result().showdown_order == ("Bob", "Cat")
    assert [e.player for e in events(h, "show")] == ["Bob", "Cat"]
    # pot: antes 3 + 3 x 4 + 10 + 20 + 10 = 55; Bob and Cat put in 25, Ann 5.
    assert net(h) == {"Ann": -5, "Bob": 30, "Cat": -25}


STRAIGHTS = {"Ann": "9c 5c 6d 7h 8s", "Bob": "9s 5h 6s 7d 8c", "Cat": "2d 3d", "burns": "Ts"}
STRAIGHTS_START = ["Ann bet 2", "Bob call", "Cat fold", "Ann check", "Bob check"]


def test_strictly_equal_hands_go_to_the_last_raiser_who_shows_first():
    # "То же правило действует и при учете старшинства карт - в том случае, если комбинации
    #  строго равны. Выигрывает тот, кто открывает карты первым, а это – тот, кто последним повышал ставку."
    # Ann and Bob hold the same nine-high straight; Bob raised last.
    h = play(RU, STRAIGHTS, STRAIGHTS_START + ["Ann bet 4", "Bob raise 8", "Ann call", "Ann check", "Bob check"])
    assert h.result().showdown_order == ("Bob", "Ann")
    # pot: antes 3 + 2 x 2 + 2 x 8 = 23, all to Bob; Ann and Bob put in 11, Cat 1.
    assert net(h) == {"Ann": -11, "Bob": 12, "Cat": -1}


def test_nobody_raised_the_last_to_bet_shows_first_and_takes_a_strict_tie():
    # "тот, кто последним повышал ставку": the text says "повысить ставку" of an opening bet
    # too ("либо оставить банк как есть, либо повысить ставку"), so the last to bet or raise.
    # Ann bets round 3 last: she shows first and takes the equal straight.
    h = play(RU, STRAIGHTS, STRAIGHTS_START + ["Ann bet 4", "Bob call", "Ann check", "Bob check"])
    assert h.result().showdown_order == ("Ann", "Bob")
    # pot: 3 + 4 + 8 = 15; Ann put in 7
    assert net(h) == {"Ann": 8, "Bob": -7, "Cat": -1}


def test_an_opening_bet_counts_as_raising_the_stakes_for_the_tie():
    # Boards tie (7h/7d, then 7h 8s/7d 8c): Ann, nearest the dealer, speaks first on rounds 3
    # and 4. She checks round 3 and Bob bets 4: nobody raises all hand, Bob bet last. He
    # shows first and takes the equal straight, though Ann spoke first on the last round.
    # Pot: antes 3 + 2 x 2 + 2 x 4 = 15; Bob and Ann put in 7 each, Cat 1.
    h = play(RU, STRAIGHTS, STRAIGHTS_START + ["Ann check", "Bob bet 4", "Ann call", "Ann check", "Bob check"])
    assert h.result().showdown_order == ("Bob", "Ann")
    assert net(h) == {"Ann": -7, "Bob": 8, "Cat": -1}


EIGHTS = {"Ann": "Ac 8c 2d 4h 8d", "Bob": "Kc 8s 3d 5h 8h", "Cat": "2s 3s", "burns": "Ts"}
# Round 3 boards 4h (Ann) and 5h (Bob): Bob first; Ann re-raises... Bob raises last.
EIGHTS_PLAY = [
    "Ann bet 2",
    "Bob call",
    "Cat fold",
    "Ann check",
    "Bob check",
    "Bob bet 4",
    "Ann raise 8",
    "Bob raise 12",
    "Ann call",
    "Bob check",
    "Ann check",
]


def test_by_card_ranking_kickers_decide_before_the_showing_order():
    # "Обычно это старшинство карточных комбинаций."  Ann 8-8-A beats Bob 8-8-K although Bob
    # raised last and shows first. Pot: 3 + 4 + 24 = 31; each put in 15, Cat 1.
    h = play(RU, EIGHTS, EIGHTS_PLAY)
    assert h.result().showdown_order == ("Bob", "Ann")
    assert net(h) == {"Ann": 16, "Bob": -15, "Cat": -1}


def test_option_showing_order_equal_combinations_go_to_the_first_shown_kickers_ignored():
    # "Однако ориентиром может быть и порядок открытия карт. В последнем случае первым карты
    #  открывает тот, кто последним повышал ставку. И при равенстве комбинаций именно он забирает выигрыш."
    # Both hold a pair of eights: Bob, the last raiser, takes the pot despite his lower kicker.
    h = play(RU, EIGHTS, EIGHTS_PLAY, options={"ties": "showing_order"})
    assert net(h) == {"Ann": -15, "Bob": 16, "Cat": -1}


def test_option_showing_order_as_a_script():
    out = script(RU, EIGHTS, EIGHTS_PLAY, options={"ties": "showing_order"})
    assert out["result"]["net"] == {"Ann": -15, "Bob": 16, "Cat": -1}
    assert out["result"]["showdown_order"] == ["Bob", "Ann"]
