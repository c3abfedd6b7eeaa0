"""The Italian casino text (seed 004) rule by rule, on real cards: variants/caribbean-stud-it.yaml.

Players (positions) play against the house. Stakes of the file: ante 10 by
default, table minimum 5, maximum 100; the raise is double the ante (20).
Positions are listed clockwise from the croupier's left; each position's five
cards and the house's five are given in the order received. Every settlement
below is worked out by hand: ante at even money, raise by the pay table.
"""

import pytest
from rules_support import deal, events, legal, net, play, script

from studrules.errors import IllegalActionError

IT = "caribbean-stud-it"
HOUSE_AK = "Ah Kc 8d 5s 3c"  # ace-king: the house qualifies
HOUSE_Q = "Qh Jc 8d 5s 3c"  # queen high: the house does not qualify


def settle(hand: str, house: str, action: str = "raise", **kw):
    return play(IT, {"Ann": hand, "house": house}, [f"Ann {action}"], **kw)


def test_one_card_a_round_from_the_croupiers_left_his_fifth_face_up():
    # "il croupier comincia a distribuire una carta ad ogni giro, coperta, a partire dalla sua
    #  sinistra e così di seguito, in senso orario." ... "distribuendo una carta ad ogni giocatore,
    #  per ogni giro ed una carta a se stesso. Le carte sono distribuite coperte, con le figure
    #  nascoste, ad eccezione della quinta carta del croupier che viene servita girata."
    h = deal(IT, {"Ann": "2c 2d 7h 9s Jd", "Bob": "Qd Jc 9c 7d 4s", "house": HOUSE_AK})
    dealt = [(e.player, e.face) for e in events(h, "deal")]
    assert dealt == [("Ann", "down"), ("Bob", "down"), ("house", "down")] * 4 + [
        ("Ann", "down"),
        ("Bob", "down"),
        ("house", "up"),
    ]
    assert h.view("Ann").house_up_cards == (h.events[-1].card,)


def test_each_position_folds_or_raises_double_its_ante():
    # "In caso di rilancio, il giocatore piazza il doppio della puntata iniziale nella casella
    #  denominata ‘rilancio’"
    h = deal(IT, {"Ann": "2c 2d 7h 9s Jd", "Bob": "Qd Jc 9c 7d 4s", "house": HOUSE_AK}, antes={"Bob": 25})
    assert h.to_act == "Ann" and legal(h) == {"fold": None, "raise": 20}
    h.apply("Ann raise")
    assert h.to_act == "Bob" and legal(h) == {"fold": None, "raise": 50}


def test_a_fold_loses_the_ante():
    # "In caso di rinuncia, il giocatore annuncia ‘passo’ ... Il croupier raccoglie le scommesse"
    h = settle("Qd Jc 9c 7d 4s", HOUSE_AK, "fold")
    assert net(h) == {"Ann": -10}
    assert h.result().positions[0]["reason"] == "folded"


def test_a_fold_loses_the_ante_even_when_the_house_does_not_qualify():
    h = settle("Kd Jh 9c 7d 4s", HOUSE_Q, "fold")
    assert net(h) == {"Ann": -10}


@pytest.mark.parametrize("hand", ["2c 2d 7h 9s Jd", "Kd Jh 9c 7d 4s"])
def test_house_without_ace_king_pays_the_antes_alone_and_returns_the_raise(hand):
    # "Se il croupier non possiede la combinazione Asso/Re o meglio, egli annuncia ‘gioco nullo’
    #  e procede al pagamento delle sole scommesse iniziali"  "Le puntate iniziali sono sempre pagate alla pari."
    # A pair and a king high alike: the ante wins 10, the raise comes back.
    h = settle(hand, HOUSE_Q)
    (p,) = h.result().positions
    assert (p["ante_net"], p["raise_net"], p["net"]) == (10, 0, 10)


def test_house_not_qualifying_pays_the_ante_even_to_a_hand_worse_than_his():
    # Ann's jack high loses to the house's queen high, but the house does not qualify.
    h = settle("Jd Th 9c 7d 4s", HOUSE_Q)
    assert net(h) == {"Ann": 10}


PAY_TABLE = [
    # hand, standard odds, short-table odds
    ("Ad Kh 9s 5c 3h", 1, 1),  # high card: ace-king-nine over the house's ace-king-eight
    ("2c 2d 7h 9s Jd", 1, 1),  # pair
    ("2c 2d 7h 7s Jd", 2, 2),  # two pair
    ("7c 7d 7h 2s Jd", 3, 3),  # three of a kind
    ("9c Td Jh Qs Kd", 4, 4),  # straight
    ("2h 6h 9h Jh Qh", 5, 5),  # flush
    ("7c 7d 7h 2s 2d", 7, 6),  # full house
    ("9c 9d 9h 9s 2d", 20, 15),  # four of a kind
    ("9h Th Jh Qh Kh", 50, 40),  # straight flush
    ("Ts Js Qs Ks As", 100, 80),  # royal flush
]


@pytest.mark.parametrize("hand, odds, _", PAY_TABLE)
def test_a_winning_hand_is_paid_the_ante_at_even_money_and_the_raise_by_the_pay_table(hand, odds, _):
    # "Si confronta la mano del croupier con quella di ogni singolo giocatore ... Quindi si procede
    #  alla raccolta delle mani perdenti e al pagamento di quelle vincenti."
    # "Le puntate iniziali sono sempre pagate alla pari."  The raise (20) at the standard table.
    h = settle(hand, HOUSE_AK)
    (p,) = h.result().positions
    assert (p["ante_net"], p["raise_net"]) == (10, 20 * odds)
    assert net(h) == {"Ann": 10 + 20 * odds}
    assert h.result().house_net == -(10 + 20 * odds)


@pytest.mark.parametrize("hand, _, odds", PAY_TABLE)
def test_option_short_pay_table(hand, _, odds):
    h = settle(hand, HOUSE_AK, options={"pay_table": "short"})
    assert net(h) == {"Ann": 10 + 20 * odds}


def test_the_ace_counts_as_one_in_a_straight():
    # "L’Asso vale uno nelle sole combinazioni a scala e della scala a colore."  A-2-3-4-5 is a straight (4 to 1).
    h = settle("Ac 2d 3h 4s 5d", HOUSE_AK)
    assert net(h) == {"Ann": 10 + 80}


def test_the_ace_counts_as_one_in_a_straight_flush_too_and_in_no_other_run():
    # "L’Asso vale uno nelle sole combinazioni a scala e della scala a colore." (the ace counts as
    # one only in the straight and the straight flush combinations)
    # A-2-3-4-5 of diamonds is a straight flush, not a flush: the raise of 20 at 50 to 1 (+1000),
    # the ante at even money (+10).
    assert net(settle("Ad 2d 3d 4d 5d", HOUSE_AK)) == {"Ann": 10 + 20 * 50}
    # "nelle sole": nowhere else, so Q-K-A-2-3 runs round no corner: it is ace-high A-K-Q-3-2,
    # which beats the house's A-K-8-5-3 only as a high card (Q over 8): paid 1 to 1, +10 +20.
    assert net(settle("Qd Kh As 2c 3s", HOUSE_AK)) == {"Ann": 10 + 20}
    # The house's own A-2-3-4-5 is a straight: it qualifies ("Asso/Re o meglio") and beats
    # Ann's kings: ante and raise lost.
    assert net(settle("Kc Kd 9h 7s 6d", "As 2d 3c 4h 5s")) == {"Ann": -30}


def test_ace_king_is_the_lowest_qualifying_hand_and_beats_ace_queen():
    # "Se il croupier possiede la combinazione Asso/Re o meglio, il gioco prosegue."
    # Ann's A-Q-J-9-7 loses to the house's A-K-8-5-3: ante and raise lost.
    h = settle("Ad Qc Jh 9s 7d", HOUSE_AK)
    assert net(h) == {"Ann": -30}
    assert h.result().house_net == 30


def test_a_losing_hand_loses_ante_and_raise_kickers_decide():
    # Ann's A-K-7-4-2 against the house's A-K-8-5-3.
    h = settle("As Kh 7c 4d 2h", HOUSE_AK)
    assert net(h) == {"Ann": -30}


def test_a_hand_equal_to_the_house_is_void_and_the_bets_returned():
    # "Le mani che hanno ottenuto un valore pari a quello del croupier sono annullate."
    h = settle("Ad Kh 8s 5c 3h", HOUSE_AK)
    (p,) = h.result().positions
    assert (p["ante_net"], p["raise_net"], p["net"]) == (0, 0, 0)
    assert h.result().stacks == {"Ann": 100}


def test_the_bank_wins_against_every_position_and_each_is_settled_on_its_own():
    # "Quando la mano del croupier batte quella di tutti i giocatori, egli annuncia: ‘il banco vince ‘!"
    cards = {"Ann": "Qd Jc 9c 7d 4s", "Bob": "Ad Qc Jh 9s 7h", "Cat": "Kd Jd 6c 4d 2h", "house": HOUSE_AK}
    h = play(IT, cards, ["Ann raise", "Bob raise", "Cat fold"])
    assert net(h) == {"Ann": -30, "Bob": -30, "Cat": -10}
    assert h.result().house_net == 70


def test_positions_settle_independently_against_one_house_hand():
    cards = {"Ann": "2c 2d 7h 9s Jd", "Bob": "Qd Jc 9c 7d 4s", "Cat": "7c 7s Th Tc 2s", "house": HOUSE_AK}
    h = play(IT, cards, ["Ann raise", "Bob raise", "Cat raise"], antes={"Cat": 50}, stacks=500)
    # Ann pair: 10 + 20; Bob queen high loses 10 + 20; Cat two pair: ante 50, raise 100 at 2 to 1.
    assert net(h) == {"Ann": 30, "Bob": -30, "Cat": 250}
    assert h.result().house_net == -250


@pytest.mark.parametrize("ante", [4, 101])
def test_an_ante_outside_the_table_limits_is_refused_before_any_card(ante):
    # "verificano che tutte le puntate siano conformi ... e che il loro importo, per giocare,
    #  sia compreso tra il minimo e il massimo previsto ed autorizzato dal tavolo."
    with pytest.raises(IllegalActionError, match="table (minimum|maximum)"):
        deal(IT, {"Ann": "2c 2d 7h 9s Jd"}, antes={"Ann": ante}, stacks=1000)


@pytest.mark.parametrize("ante", [5, 100])
def test_antes_at_the_table_limits_are_accepted(ante):
    h = settle("2c 2d 7h 9s Jd", HOUSE_AK, antes={"Ann": ante}, stacks=1000)
    assert net(h) == {"Ann": ante + 2 * ante}


def test_five_to_seven_positions_no_more():
    # "Il numero dei giocatori ... varia da un minimo di cinque ad un massimo di sette."
    seven = ["P1", "P2", "P3", "P4", "P5", "P6", "P7"]
    h = deal(IT, {}, players=seven)
    assert h.to_act == "P1"
    with pytest.raises(ValueError):
        deal(IT, {}, players=seven + ["P8"])


def test_a_hand_with_the_wrong_number_of_cards_is_void():
    # "Il numero delle carte che compongono la mano di un giocatore o del croupier è errato"
    h = play(IT, {"Ann": "2c 2d 7h 9s Jd 4c", "house": HOUSE_AK}, ["Ann raise"])
    assert h.result().void and net(h) == {"Ann": 0}
    assert events(h, "void")


def test_a_house_hand_with_the_wrong_number_of_cards_is_void():
    h = play(IT, {"Ann": "2c 2d 7h 9s Jd", "house": HOUSE_AK + " 4c"}, ["Ann raise"])
    assert h.result().void and net(h) == {"Ann": 0} and h.result().house_net == 0


def test_the_dealer_may_declare_the_hand_void():
    # "I giocatori si scambiano delle informazioni sul contenuto delle loro mani."
    h = play(IT, {"Ann": "2c 2d 7h 9s Jd", "Bob": "Qd Jc 9c 7d 4s", "house": HOUSE_AK}, ["Ann raise", "dealer void"])
    assert h.is_over and h.result().void
    assert net(h) == {"Ann": 0, "Bob": 0}


def test_a_settlement_as_a_script():
    out = script(IT, {"Ann": "9c 9d 9h 9s 2d", "house": HOUSE_AK}, ["Ann raise"])
    assert out["result"]["net"] == {"Ann": 410}
    assert out["result"]["house_net"] == -410
