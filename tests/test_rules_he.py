"""The Hebrew text (seed 001) rule by rule, on real cards: variants/five-card-stud-he.yaml.

Stakes of the file: low bet 10, high bet 20, ante 2 (a fifth of the low
bet), bring-in 5 (half the low bet). Players sit clockwise from the dealer's
left in the order given. Each player's cards are listed in the order
received: the hole card, then four up cards. Expected numbers are worked out
by hand from the text.
"""

import pytest
from rules_support import deal, events, legal, net, play, script

from studrules.errors import IllegalActionError

HE = "five-card-stud-he"

# Round 1 doors: Ad, 5d, Kd, 4s: Dan brings in.
# Round 2 boards: Ann Ad Ac (A-A), Bob 5d Qh, Cat Kd Kc (K-K), Dan 4s Qs.
# Round 3 boards: Ann Ad Ac 7c first.  Round 4: Ann Ad Ac 7c 9h first; Dan 4s Qs Ks 4h.
# Final hands: Ann A-A-9-7-2, Dan K-K-4-4-Q (two pair, the best), Bob Q-J-6-5-3, Cat K-K-8-5-2.
FULL = {
    "Ann": "2h Ad Ac 7c 9h",
    "Bob": "3h 5d Qh Jc",  # folds on round 3: four cards received
    "Cat": "5h Kd Kc 8s",  # folds on round 3
    "Dan": "Kh 4s Qs Ks 4h",
}
ROUND_1 = ["Dan bring-in", "Ann call", "Bob call", "Cat call"]
ROUND_2 = ["Ann check", "Bob check", "Cat check", "Dan check"]


def test_the_first_card_is_dealt_face_down_and_all_the_others_face_up():
    # "את הקלף הראשון מחלקים עם הפנים כלפי מטה, ואת שאר הקלפים מחלקים עם הפנים כלפי מעלה."
    # (the first card is dealt face down, and the rest of the cards face up)
    # Ann and Dan play to the end: each holds his hole card down and four cards up; Bob sees
    # Ann's four up cards and not her hole card (2h).
    h = play(HE, FULL, ROUND_1 + ROUND_2 + ROUND_3 + ["Ann check", "Dan check"])
    assert [f for _, f in h.view("Ann").cards] == ["down", "up", "up", "up", "up"]
    assert [f for _, f in h.view("Dan").cards] == ["down", "up", "up", "up", "up"]
    assert [str(c) for c in h.view("Bob").up_cards["Ann"]] == ["Ad", "Ac", "7c", "9h"]
    assert "2h" not in {str(e.card) for e in h.view("Bob").events if e.type == "deal" and e.player == "Ann"}


def test_the_ante_is_a_fifth_of_the_low_bet_and_posted_by_everyone_before_the_deal():
    # "Ante, שהוא הימור שכל שחקן חייב לשים לפני חלוקת הקלפים, גובה ההימור הוא כ- 1/5 מגובה ההימור הנמוך"
    h = deal(HE, FULL)
    assert [(e.type, e.amount) for e in h.events[:4]] == [("ante", 2)] * 4
    assert h.events[4].type == "deal"


def test_the_ante_does_not_count_toward_later_bets():
    # "הימור זה לא נחשב לגבי הימורים עתידיים."  The bring-in still puts in 5 and a call 5 more.
    h = play(HE, FULL, ["Dan bring-in", "Ann call"])
    assert h.pot == 8 + 5 + 5
    assert h.stacks[0] == 100 - 2 - 5


def test_lowest_up_card_brings_in_for_half_the_low_bet_or_the_full_low_bet():
    # "השחקן עם הקלף הנמוך ביותר (הקלף החשוף) חייב לשים הימור בגובה ½ מההימור הנמוך"
    # "הוא רשאי לבחור ולהמר את כל ההימור הנמוך."
    h = deal(HE, FULL)
    assert h.to_act == "Dan"
    assert legal(h) == {"bring-in": 5, "complete": (10,)}
    h.apply("Dan complete 10")
    # "סבב ההימורים נמשך עם כיוון השעון כאשר כל שחקן מחליט אם לפרוש, להשוות או להעלות."
    assert h.to_act == "Ann"
    assert legal(h) == {"fold": None, "call": 10, "raise": (20,)}


@pytest.mark.parametrize(
    "doors, who",
    [
        ({"Ann": "7d", "Bob": "3s", "Cat": "Qc", "Dan": "3c"}, "Bob"),  # 3s and 3c: Bob is nearer, suits do not count
        ({"Ann": "Kd", "Bob": "Qh", "Cat": "2s", "Dan": "2c"}, "Cat"),
    ],
)
def test_equal_lowest_cards_the_player_nearer_the_dealer_brings_in(doors, who):
    # "אם ישנם שני שחקנים עם הקלפים הנמוכים ביותר, אזי זה שקרוב יותר לדילר הוא שבצע את ההימור."
    holes = {"Ann": "4h", "Bob": "5h", "Cat": "6h", "Dan": "8h"}
    h = deal(HE, {p: [holes[p], doors[p]] for p in holes})
    assert h.to_act == who and legal(h)["bring-in"] == 5


def test_everyone_folds_to_the_bring_in():
    h = play(HE, {p: c.split()[:2] for p, c in FULL.items()}, ["Dan bring-in", "Ann fold", "Bob fold", "Cat fold"])
    # pot: antes 4 x 2 + bring-in 5 = 13; Dan put in 7
    assert net(h) == {"Ann": -2, "Bob": -2, "Cat": -2, "Dan": 6}


def test_option_no_ante():
    # "בדרך כלל משוחק עם Ante": usually, so the file lets a table play without one.
    h = play(
        HE,
        {p: c.split()[:2] for p, c in FULL.items()},
        ["Dan bring-in", "Ann fold", "Bob fold", "Cat fold"],
        options={"ante": "no"},
    )
    assert events(h, "ante") == []
    assert net(h) == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0}


def test_three_raises_at_most_in_round_one():
    # "כאשר יש מקסימום שלש העלאות בכל סבב הימורים."  The completion is the bet; 20, 30, 40 the raises.
    h = play(HE, FULL, ["Dan bring-in", "Ann complete 10", "Bob raise 20", "Cat raise 30", "Dan raise 40"])
    assert h.to_act == "Ann"
    assert legal(h) == {"fold": None, "call": 30}


def test_round_two_strongest_board_acts_first_aces_being_the_strongest():
    # "השחקן עם היד החזקה ביותר שעל השולחן( במקרה זה A A, זו היד הכי חזקה) מדבר ראשון
    #  כשבאפשרותו לא לעשות כלום(check), להעלות או לפרוש"  Ann's A-A beats Cat's K-K.
    h = play(HE, FULL, ROUND_1)
    assert h.round == 2 and h.to_act == "Ann"
    assert "check" in legal(h)


def test_round_two_with_a_pair_showing_the_low_or_the_high_bet():
    # "אם לשחקן בשלב זה יש זוג, אז הוא וכל שאר השחקנים רשאים להמר את ההימור הנמוך או הגבוה."
    h = play(HE, FULL, ROUND_1)
    assert legal(h) == {"check": None, "fold": None, "bet": (10, 20)}
    h.apply("Ann bet 10")
    assert legal(h) == {"fold": None, "call": 10, "raise": (20, 30)}


def test_round_two_after_a_high_bet_the_round_follows_the_high_bet():
    # The file's reading (the text does not say): once the high bet is made, raises follow it.
    h = play(HE, FULL, ROUND_1 + ["Ann bet 20"])
    assert legal(h) == {"fold": None, "call": 20, "raise": (40,)}


def test_round_two_under_the_option_either_every_bet_and_raise_may_be_either_size():
    # "הוא וכל שאר השחקנים רשאים להמר את ההימור הנמוך או הגבוה" read alone (option
    # open_pair_bets: either): after Ann's bet of 20, Bob may raise by 10 or 20 (30 or 40),
    # and Cat after Bob's 30 by 10 or 20 again (40 or 50).
    h = play(HE, FULL, ROUND_1 + ["Ann bet 20"], options={"open_pair_bets": "either"})
    assert legal(h) == {"fold": None, "call": 20, "raise": (30, 40)}
    h.apply("Bob raise 30")
    assert legal(h) == {"fold": None, "call": 30, "raise": (40, 50)}
    with pytest.raises(IllegalActionError):
        play(HE, FULL, ROUND_1 + ["Ann bet 20", "Bob raise 30"])  # the default: the round follows 20


def test_round_two_without_a_pair_only_the_low_bet():
    # "אחרת כל ההימורים צריכים להיות בגובה ההימור הנמוך."
    # Doors 9c 4d Kh 7s: Bob brings in; round-2 boards K-9, Q-4, K-3, A-7: Dan first, no pair.
    cards = {"Ann": "2h 9c Kd", "Bob": "3h 4d Qh", "Cat": "5h Kh 3c", "Dan": "6h 7s Ad"}
    h = play(HE, cards, ["Bob bring-in", "Cat call", "Dan call", "Ann call"])
    assert h.to_act == "Dan"
    assert legal(h) == {"check": None, "fold": None, "bet": (10,)}
    with pytest.raises(IllegalActionError):
        h.apply("Dan bet 20")
    h.apply("Dan bet 10")
    assert legal(h) == {"fold": None, "call": 10, "raise": (20,)}


def test_round_two_cap():
    h = play(HE, FULL, ROUND_1 + ["Ann bet 10", "Bob raise 20", "Cat raise 30", "Dan raise 40"])
    assert h.to_act == "Ann"
    assert legal(h) == {"fold": None, "call": 30}


def test_rounds_three_and_four_at_the_high_bet():
    # "בסיבובים 3-4 מהמרים על ההימור הגבוה"
    # "סבב ההימורים מתקיים כמו הסיבוב הקודם, רק שכעת כאשר מתבצע ההימור הוא בלימיט הגבוה(high limit)."
    h = play(HE, FULL, ROUND_1 + ROUND_2)
    assert h.round == 3 and h.to_act == "Ann"  # A-A-7 is the strongest board
    assert legal(h) == {"check": None, "fold": None, "bet": (20,)}
    h.apply("Ann bet 20")
    assert legal(h) == {"fold": None, "call": 20, "raise": (40,)}
    for a in ["Bob fold", "Cat fold", "Dan call"]:
        h.apply(a)
    # "סבב ההימורים מתקיים כמו שהתקיים בסיבוב הקודם."
    assert h.round == 4 and h.to_act == "Ann"  # A-A-7-9 beats 4-4-K-Q
    assert legal(h) == {"check": None, "fold": None, "bet": (20,)}


ROUND_3 = ["Ann bet 20", "Bob fold", "Cat fold", "Dan call"]


def test_the_player_who_bet_last_shows_first_and_may_muck():
    # "השחקן שהימר אחרון, הוא הראשון להראות את הקלפים ומשם זה ממשיך עם כיוון השעון"
    # "כל שחקן מחליט להראות את קלפיו או לא להראות ולוותר על הקופה"
    h = play(HE, FULL, ROUND_1 + ROUND_2 + ROUND_3 + ["Ann check", "Dan bet 20", "Ann call"])
    assert h.to_act == "Dan"
    assert legal(h) == {"show": None, "muck": None}
    h.apply("Dan show")
    assert h.to_act == "Ann"
    h.apply("Ann muck")
    # pot: antes 8 + round 1 4 x 5 + round 3 2 x 20 + round 4 2 x 20 = 108; Dan put in 47.
    assert net(h) == {"Ann": -47, "Bob": -7, "Cat": -7, "Dan": 61}
    assert h.result().showdown_order == ("Dan", "Ann")


def test_a_mucked_hand_gives_up_the_pot_even_when_it_is_the_best():
    # "... או לא להראות ולוותר על הקופה": Ann bets last and shows aces; Dan mucks kings up.
    h = play(HE, FULL, ROUND_1 + ROUND_2 + ROUND_3 + ["Ann bet 20", "Dan call", "Ann show", "Dan muck"])
    assert h.is_over
    assert net(h) == {"Ann": 61, "Bob": -7, "Cat": -7, "Dan": -47}


def test_nobody_bet_on_the_last_round_the_last_bettor_of_the_hand_shows_first():
    # The file's reading of "השחקן שהימר אחרון": the last bet of the whole hand. Dan bet on
    # round 3; the river is checked; Dan shows first though Ann acted first on the river.
    h = play(
        HE,
        FULL,
        ROUND_1
        + ROUND_2
        + [
            "Ann check",
            "Bob check",
            "Cat check",
            "Dan bet 20",
            "Ann call",
            "Bob fold",
            "Cat fold",
            "Ann check",
            "Dan check",
        ],
    )
    assert h.to_act == "Dan"
    h.apply("Dan show")
    h.apply("Ann muck")
    assert h.result().showdown_order == ("Dan", "Ann")


def test_nobody_bet_at_all_the_first_to_act_on_the_last_round_shows_first_then_clockwise():
    # The text is silent; the file starts with the best board of the last round (Ann), then clockwise.
    cards = dict(FULL, Bob="3h 5d Qh Jc 6c", Cat="5h Kd Kc 8s 2c")
    h = play(HE, cards, ROUND_1 + ROUND_2 + ROUND_2 + ROUND_2)
    assert h.to_act == "Ann"
    h.apply("Ann show")
    assert h.to_act == "Bob"
    h.apply("Bob muck")
    h.apply("Cat muck")
    h.apply("Dan show")
    assert h.result().showdown_order == ("Ann", "Bob", "Cat", "Dan")
    # pot: antes 8 + 4 x 5 = 28; Dan's two pair wins; each put in 7.
    assert net(h) == {"Ann": -7, "Bob": -7, "Cat": -7, "Dan": 21}


def test_split_pot_odd_chip_to_the_player_nearest_the_dealer():
    # The text names no odd-chip rule; the file gives it to the player nearest the dealer's left.
    # Bob and Cat both hold 9-high straights. Doors 5h (Bob) and 5c (Cat): Bob is nearer, so he
    # brings in although the 5 of clubs is the lower suit.
    cards = {"Ann": "Qd Kd 2s", "Bob": "9c 5h 6d 7h 8s", "Cat": "9s 5c 6s 7d 8c"}
    h = play(
        HE,
        cards,
        [
            "Bob bring-in",
            "Cat call",
            "Ann call",
            "Ann check",
            "Bob bet 10",
            "Cat call",
            "Ann fold",
            "Bob check",
            "Cat check",
            "Bob check",
            "Cat check",
            "Bob show",
            "Cat show",
        ],
    )
    # pot: antes 6 + 3 x 5 + 2 x 10 = 41: Bob 21, Cat 20. Bob and Cat put in 17, Ann 7.
    assert net(h) == {"Ann": -7, "Bob": 4, "Cat": 3}


def test_the_showdown_as_a_script_the_last_bettor_shows_and_a_beaten_hand_is_mucked():
    # When a script's actions end at the showdown each player shows if he can still win, else
    # mucks: Dan (two pair, the last bettor) shows first; Ann's aces cannot win and are mucked.
    out = script(HE, FULL, ROUND_1 + ROUND_2 + ROUND_3 + ["Ann check", "Dan bet 20", "Ann call"])
    assert [(e["type"], e["player"]) for e in out["events"] if e["type"] in ("show", "muck")] == [
        ("show", "Dan"),
        ("muck", "Ann"),
    ]
    assert out["result"]["net"] == {"Ann": -47, "Bob": -7, "Cat": -7, "Dan": 61}


def test_rounds_three_and_four_allow_three_raises_at_most():
    # "כאשר יש מקסימום שלש העלאות בכל סבב הימורים": a bet of 20 and three raises, at the high bet.
    h = play(HE, FULL, ROUND_1 + ROUND_2 + ["Ann bet 20", "Bob raise 40", "Cat raise 60", "Dan raise 80"])
    assert h.round == 3 and h.to_act == "Ann"
    assert legal(h) == {"fold": None, "call": 60}
    # round 4, heads-up (the text knows no heads-up exception): Ann and Dan
    h = play(
        HE,
        FULL,
        ROUND_1 + ROUND_2 + ROUND_3 + ["Ann bet 20", "Dan raise 40", "Ann raise 60", "Dan raise 80"],
        stacks=300,
    )
    assert h.round == 4 and h.to_act == "Ann"
    assert legal(h) == {"fold": None, "call": 20}


@pytest.mark.parametrize(("completion", "dan_may_raise"), [("opening", True), ("raise", False)])
def test_at_most_three_raises_count_the_completion_as_the_option_reads_it(completion, dan_may_raise):
    # "כאשר יש מקסימום שלש העלאות בכל סבב הימורים" (at most three raises each round).
    # Dan brings in 5, Ann completes to 10, Bob raises to 20, Cat to 30. Read as the file's
    # default (the completion opens) two raises are made and Dan may make the third, to 40;
    # read as the bring-in being the round's bet (option completion: raise) the completion
    # was the first raise, Cat's the third, and Dan may only call 25 or fold.
    h = play(HE, FULL, ["Dan bring-in", "Ann complete", "Bob raise", "Cat raise"], options={"completion": completion})
    assert h.to_act == "Dan"
    assert ("raise" in legal(h)) is dan_may_raise
    assert legal(h)["call"] == 25
