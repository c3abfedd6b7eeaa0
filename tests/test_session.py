"""Sessions: stacks carry over, the deal moves clockwise, the rules switch and are announced."""

from __future__ import annotations

import pytest
from cli_support import run, studrules_process

from studrules.errors import StudrulesError
from studrules.game.policies import CheckCall, make_policy
from studrules.table.session import Session

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
FR, HE = "five-card-stud-fr", "five-card-stud-he"


def bots(seed=0):
    kinds = ["sensible", "random", "check-call", "sensible"]
    return {p: make_policy(k, seed=seed + i) for i, (p, k) in enumerate(zip(PLAYERS, kinds))}


def test_stacks_carry_over_and_the_sum_is_conserved():
    s = Session([FR, HE], PLAYERS, bots(), stacks=200, hands=12, seed=3, keep_hands=None)
    before = dict(s.stacks)
    for report in s.play():
        # each hand starts from the stacks the last one left
        assert {p: report.hand.start[i] for i, p in enumerate(report.players)} == {p: before[p] for p in report.players}
        before.update(report.result.stacks)
        assert sum(before.values()) == 800
    assert sum(s.stacks.values()) == 800


def test_the_dealer_moves_clockwise_and_the_player_list_rotates():
    s = Session([FR], PLAYERS, {p: CheckCall() for p in PLAYERS}, stacks=500, hands=5, seed=1)
    reports = s.play()
    # first hand: Ann sits at the dealer's left, so Dan deals; then the deal passes clockwise
    assert [r.dealer for r in reports] == ["Dan", "Ann", "Bob", "Cat", "Dan"]
    assert reports[0].players == ("Ann", "Bob", "Cat", "Dan")
    assert reports[1].players == ("Bob", "Cat", "Dan", "Ann")


def test_rules_switch_in_turn_and_each_switch_is_announced_with_the_differences():
    s = Session([FR, HE], PLAYERS, {p: CheckCall() for p in PLAYERS}, stacks=500, hands=3, seed=1)
    reports = s.play()
    assert [r.variant.name for r in reports] == [FR, HE, FR]
    assert all(r.switched for r in reports)
    text = reports[1].announcement()
    # the French text's ante is half the low limit (5), the Hebrew text's a fifth of it (2)
    assert HE in text and "ante" in text and "->" in text
    assert any(d.rule == "ante" for d in reports[1].differences)


def test_dealers_choice_is_seeded():
    def names(seed):
        s = Session(
            [FR, HE, "razz"],
            PLAYERS,
            {p: CheckCall() for p in PLAYERS},
            stacks=500,
            hands=8,
            rotate="dealer",
            seed=seed,
        )
        return [r.variant.name for r in s.play()]

    assert names(5) == names(5)
    assert len(set(names(5))) > 1


def test_a_busted_player_leaves_and_the_session_ends_when_one_has_every_chip():
    s = Session([FR], PLAYERS, bots(7), stacks=40, seed=7)
    reports = s.play()
    summary = s.summary()
    assert summary.winner is not None and s.stacks[summary.winner] == 160
    assert "all the chips" in summary.reason
    left = [p for r in reports for p in r.left]
    assert sorted(left) == sorted(p for p in PLAYERS if p != summary.winner)
    # a player who left is dealt no more hands
    for i, r in enumerate(reports):
        for p in r.left:
            assert all(p not in later.players for later in reports[i + 1 :])
    rows = {r["player"]: r for r in summary.to_dict()["players"]}
    assert sum(r["net"] for r in rows.values()) == 0
    assert sum(r["hands_won"] for r in rows.values()) >= 1


def test_banked_positions_play_their_own_stacks_against_the_house():
    s = Session(
        ["caribbean-stud-it"], PLAYERS, {p: make_policy("strategy:basic") for p in PLAYERS}, stacks=300, hands=6, seed=2
    )
    reports = s.play()
    assert len(reports) == 6
    summary = s.summary()
    assert summary.house_net == -sum(r["net"] for r in summary.rows)


def test_unknown_rotation_and_missing_policy_are_errors():
    with pytest.raises(StudrulesError):
        Session([FR], PLAYERS, {p: CheckCall() for p in PLAYERS}, rotate="random")
    with pytest.raises(StudrulesError):
        Session([FR], PLAYERS, {"Ann": CheckCall()})


def test_session_command_without_a_terminal_prints_hands_announcements_and_a_summary():
    out = studrules_process("session", "--variants", f"{FR},{HE}", "--hands", "3", "--seed", "4")
    assert out.returncode == 0, out.stderr
    assert "the game changes to" in out.stdout and "bring-in" in out.stdout
    assert "Session over after 3 hands" in out.stdout


@pytest.mark.parametrize("keep", [0, 1, 3])
def test_a_session_lets_go_of_every_played_hand_but_the_last_ones_it_keeps(keep):
    # A long session's memory is flat: each hand's whole record (events,
    # views, cards) goes to the history file, the reports keep results only.
    import gc

    from studrules.game.hand import Hand

    def hands_alive() -> list[Hand]:
        gc.collect()
        return [o for o in gc.get_objects() if type(o) is Hand]

    before = len(hands_alive())
    played = []
    s = Session(
        [FR, HE],
        PLAYERS,
        {p: CheckCall() for p in PLAYERS},
        stacks=500,
        hands=12,
        seed=1,
        keep_hands=keep,
        on_start=lambda report: played.append(report.number),
    )
    reports = s.play()
    assert len(played) == len(reports) == 12
    alive = hands_alive()
    assert len(alive) - before == keep  # the Hand objects of the last `keep` hands, no other
    assert {id(r.hand) for r in reports if r.hand is not None} <= {id(h) for h in alive}
    assert [r.hand is not None for r in reports] == [False] * (12 - keep) + [True] * keep
    assert all(r.result is not None for r in reports)  # every result stays
    assert s.summary().hands == 12


def test_a_session_keeping_few_reports_still_counts_and_sums_up_every_hand():
    # keep_reports=2: the last two reports stay; the summary (hands, stacks,
    # hands won) is the same as a session that kept them all.
    kept_all = Session([FR, HE], PLAYERS, bots(4), stacks=300, hands=10, seed=4, keep_reports=None)
    kept_two = Session([FR, HE], PLAYERS, bots(4), stacks=300, hands=10, seed=4, keep_reports=2)
    every = kept_all.play()
    last = kept_two.play()
    assert [r.number for r in last] == [r.number for r in every[-2:]]
    assert kept_two.played == kept_all.played == len(every)
    assert kept_two.summary() == kept_all.summary()


def test_a_hand_dealt_apart_and_finished_later_is_a_hand_of_the_session():
    # begin_next deals without playing (a web table waits for its players);
    # finish closes the hand: stacks, the next dealer. The dealer's pick
    # is one of the session's variants; another is refused.
    s = Session([FR, HE], PLAYERS, {p: CheckCall() for p in PLAYERS}, stacks=500, rotate="dealer", seed=2)
    he = next(v for v in s.variants if v.name == HE)
    report = s.begin_next(he)
    assert report.variant is he and report.result is None and s.current is report.hand
    assert report.dealer == "Dan"  # Ann sits at the first dealer's left
    while not report.hand.is_over:
        report.hand.check_or_call()
    s.finish(report)
    assert s.current is None and s.reports == [report] and s.dealer == "Ann"
    assert sum(s.stacks.values()) == 2000 and s.stacks == report.result.stacks
    from studrules.spec.loader import load_variant

    with pytest.raises(StudrulesError, match="not one of this session's games"):
        s.begin_next(load_variant("razz"))


@pytest.mark.parametrize(
    ("flag", "given", "said"),
    [
        ("--stake", "antee=2", "no variant of the session has the stake antee (did you mean 'ante'?)"),
        ("--option", "zzz=1", "no variant of the session has the option zzz"),
    ],
)
def test_a_stake_or_option_no_game_of_the_session_has_is_refused_not_ignored(capsys, flag, given, said):
    # a stake applies to each game that has it, but one that none has is a misspelling:
    # the session would else play at the stakes the host meant to change
    code, out, err = run(capsys, "session", "--variants", "razz,seven-card-stud", flag, given, "-n", "1")
    assert code == 1 and said in err and out == ""


# --- buying in again ---------------------------------------------------------------------


def _heads_up(**kwargs):
    return Session([FR], ["Ann", "Bob"], {"Ann": CheckCall(), "Bob": CheckCall()}, stacks=100, **kwargs)


def test_a_player_who_buys_in_again_is_counted_against_every_chip_he_bought():
    s = _heads_up(may_buy_again=lambda name: True)
    s.stacks = {"Ann": 0, "Bob": 200}  # as a hand leaves them when Ann has lost her last chip
    s.active.remove("Ann")
    # Bob has every chip, but Ann may buy in again: the session waits for her rather than end
    assert not s.ended() and s.waits() and s.waiting_for() == ["Ann"]
    assert s.play_next() is None and s.reason is None
    s.rebuy("Ann", 100)
    assert s.active == ["Ann", "Bob"] and s.stacks["Ann"] == 100 and s.rebuys == {"Ann": 1, "Bob": 0}
    s.stacks = {"Ann": 150, "Bob": 150}  # a hand later, Bob lost 50 to her
    rows = {r["player"]: r for r in s.summary().rows}
    # she bought in twice for 100 and ends with 150: 150 - 200 = -50; Bob bought once: 150 - 100 = +50
    assert (rows["Ann"]["bought"], rows["Ann"]["final"], rows["Ann"]["net"]) == (200, 150, -50)
    assert (rows["Bob"]["bought"], rows["Bob"]["final"], rows["Bob"]["net"]) == (100, 150, 50)
    text = s.summary().text()
    assert "rebuys" in text.splitlines()[1] and "bought" in text.splitlines()[1]


def test_without_a_rebuy_the_player_out_of_chips_ends_the_session_as_before():
    s = _heads_up()
    s.stacks = {"Ann": 0, "Bob": 200}
    s.active.remove("Ann")
    assert s.ended() and s.reason == "Bob has all the chips" and not s.waits()
    assert "rebuys" not in s.summary().text()  # (nobody bought in again: the table as it was)


def test_a_player_left_alone_because_the_others_stood_up_does_not_have_all_the_chips():
    s = _heads_up()
    s.stacks = {"Ann": 93, "Bob": 107}
    assert s.remove_player("Bob") == 107  # Bob stands up with his 107
    assert s.ended() and s.reason == "every other player has left: Ann is alone at the table"


def test_a_session_plays_on_after_a_rebuy_and_its_chips_are_those_bought():
    # stacks of 5 against the French file's ante of 5 (half the low limit of 10): each hand is all in
    s = Session([FR], ["Ann", "Bob"], {"Ann": CheckCall(), "Bob": CheckCall()}, stacks=5, seed=4, hands=6)
    s.may_buy_again = lambda name: s.rebuys[name] < 2
    for _ in range(20):
        if s.play_next() is None and s.waits():
            (broke,) = s.waiting_for()
            s.rebuy(broke, 5)
        if s.is_over:
            break
    assert sum(s.rebuys.values()) >= 1  # (somebody lost his chips and bought in again)
    rows = s.summary().rows
    bought = sum(r["bought"] for r in rows)
    assert bought == 10 + 5 * sum(s.rebuys.values())
    assert sum(r["final"] for r in rows) == bought and sum(r["net"] for r in rows) == 0


def test_a_rebuy_is_for_a_seated_player_out_of_chips_while_the_session_is_on():
    s = _heads_up(may_buy_again=lambda name: True)
    with pytest.raises(StudrulesError, match=r"Bob still has chips \(100\)"):
        s.rebuy("Bob", 100)
    with pytest.raises(StudrulesError, match="Cat is not seated"):
        s.rebuy("Cat", 100)
    s.stacks["Ann"] = 0
    with pytest.raises(StudrulesError, match="a rebuy is a positive number of chips, not 0"):
        s.rebuy("Ann", 0)
    s.stop("enough")
    with pytest.raises(StudrulesError, match="the session is over: enough"):
        s.rebuy("Ann", 100)
    assert s.rebuys == {"Ann": 0, "Bob": 0} and s.stacks == {"Ann": 0, "Bob": 100}


def test_rebuys_carry_over_a_restored_session():
    s = _heads_up(may_buy_again=lambda name: True)
    s.stacks["Ann"] = 0
    s.rebuy("Ann", 100)
    again = _heads_up()
    again.carry(s.carried())
    assert again.rebuys == {"Ann": 1, "Bob": 0} and again.summary().rows[0]["bought"] == 200


def test_a_game_listed_twice_in_a_row_is_no_switch_of_rules():
    # razz, razz, seven-card stud (razz weighted twice): hand 2 is razz again, the same name
    # and the same rules: no "the game changes to Razz" (the browser table wrote "Razz with new
    # house rules" and then "The rules are the same as the last hand's"); hand 3 switches
    s = Session(
        ["razz", "razz", "seven-card-stud"], PLAYERS, {p: CheckCall() for p in PLAYERS}, stacks=500, hands=3, seed=1
    )
    reports = [s.play_next() for _ in range(3)]
    assert [r.switched for r in reports] == [True, False, True]
    assert reports[1].announcement() == ""
    assert reports[2].announcement().startswith("Hand 3: the game changes to Seven Card Stud")


def test_a_seeded_session_restored_after_some_hands_deals_on_as_it_would_have():
    # a seeded browser table restarted dealt its first hand's cards again (its generator began
    # anew): restored after three hands, it deals the fourth hand the cards the session going
    # on deals it
    def session():
        return Session([FR], ["Ann", "Bob"], {"Ann": CheckCall(), "Bob": CheckCall()}, stacks=500, seed=7)

    on = session()
    dealt = [on.play_next().hand.cards for _ in range(4)]
    restored = session()
    restored.carry({}, hands=3)
    assert restored.play_next().hand.cards == dealt[3]
    assert len({str(cards) for cards in dealt}) == 4  # (four different deals: the check can fail)


def test_a_seeded_dealer_s_choice_restored_chooses_on_as_it_would_have_when_a_game_is_passed_over():
    # the restored session replayed the dealer's draws among every game, where the session going
    # on had drawn among the two its players could cover (three-card poker's ante of 100 is more
    # than anybody holds): the choices after the restore went another way
    from studrules import load_variant

    games = [
        load_variant("razz"),
        load_variant("seven-card-stud"),
        load_variant("three-card-poker", stakes={"ante": 100}),
    ]

    def session():
        policies = {"Ann": CheckCall(), "Bob": CheckCall()}
        return Session(games, ["Ann", "Bob"], policies, stacks=15, seed=1, rotate="dealer", keep_hands=None)

    on = session()
    played = [on.play_next() for _ in range(6)]
    assert {r.variant.name for r in played} == {"razz", "seven-card-stud"}  # (both chosen: the check can fail)
    for k in range(1, 6):
        restored = session()
        restored.stacks = dict(played[k - 1].result.stacks)
        restored.dealer = played[k].dealer
        restored.carry({}, hands=k)
        report = restored.play_next()
        assert (report.variant.name, report.hand.cards) == (played[k].variant.name, played[k].hand.cards)


def test_a_player_who_stood_up_stays_in_the_summary_so_the_chips_add_up():
    # an audit's finding: Ann stood up with her chips and left the standings, which then
    # counted 200 bought against 223 at the table
    s = Session([FR], ["Ann", "Bob", "Cat"], {p: CheckCall() for p in ("Ann", "Bob", "Cat")}, stacks=100, seed=3)
    for _ in range(3):
        s.play_next()
    kept = s.remove_player("Ann")
    s.play_next()
    rows = s.summary().rows
    assert [r["player"] for r in rows] == ["Bob", "Cat", "Ann"] and rows[-1]["left"]
    assert rows[-1]["final"] == kept and rows[-1]["net"] == kept - 100
    assert sum(r["bought"] for r in rows) == 300 == sum(r["final"] for r in rows)
    assert "Ann (left)" in s.summary().text()


def test_nobody_sits_down_once_the_session_is_over():
    s = _heads_up()
    s.stop("enough")
    with pytest.raises(StudrulesError, match="the session is over: enough"):
        s.add_player("Cat", 100, CheckCall())


def test_a_seeded_dealer_s_choice_restored_after_some_hands_chooses_on_as_it_would_have():
    # a review's finding: the restored session dealt on but chose from the start of its draws
    games = ["razz", "seven-card-stud", "seven-card-stud-hi-lo"]

    def session():
        return Session(
            games,
            ["Ann", "Bob"],
            {"Ann": CheckCall(), "Bob": CheckCall()},
            stacks=5000,
            seed=8,
            rotate="dealer",
            keep_hands=None,
        )

    on = session()
    played = [on.play_next() for _ in range(6)]
    assert played[0].variant.name not in (played[3].variant.name, played[5].variant.name)  # (it can fail)
    for k in (3, 5):  # (seven-card stud, then hi-lo, where the first hand was razz)
        restored = session()
        restored.carry({}, hands=k)
        report = restored.play_next()
        assert (report.variant.name, report.hand.cards) == (played[k].variant.name, played[k].hand.cards)
