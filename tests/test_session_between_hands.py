"""A session between hands (found by an audit): who sits a hand out and who leaves, a kill's
legs after a hand with several winners, and what the Python API refuses while a hand is
being played or when it is given what a session cannot take."""

from __future__ import annotations

import pytest

from studrules.errors import ArgumentError, StudrulesError
from studrules.game.policies import CheckCall, make_policy, play_hand
from studrules.spec.loader import load_variant
from studrules.table.drawing import result_lines
from studrules.table.session import Session

# three-card-poker needs 20 chips a hand (an ante of 10 and a play bet of 10); razz 1
THREE_CARD, RAZZ = "three-card-poker", "razz"


def session(games, stacks, **kw):
    names = list(stacks)
    return Session(games, names, {p: CheckCall() for p in names}, stacks=stacks, seed=1, **kw)


def test_a_player_short_for_the_house_game_sits_it_out_and_plays_the_pot_game():
    # Ann's 11 chips cover a razz hand, not a three-card-poker hand: she sits the first out
    # (Bob plays it against the house alone), stays in the game and plays the razz hand.
    s = session([THREE_CARD, RAZZ], {"Ann": 11, "Bob": 40}, hands=2)
    first = s.play_next()
    assert first.variant.name == THREE_CARD and first.players == ("Bob",)
    assert first.sat_out == ("Ann",) and first.left == ()
    assert "  sat out, too few chips for three-card-poker: Ann" in result_lines(first)
    second = s.play_next()
    assert second.variant.name == RAZZ and set(second.players) == {"Ann", "Bob"}
    assert s.reason == "2 hands played"


def test_a_game_nobody_can_cover_is_passed_over_in_turn():
    # 11 chips each: three-card-poker cannot be dealt, so the turn goes on to razz, every hand
    s = session([THREE_CARD, RAZZ], {"Ann": 11, "Bob": 11}, hands=3)
    assert [r.variant.name for r in s.play()] == [RAZZ, RAZZ, RAZZ]


def test_a_player_short_for_every_game_leaves_and_is_not_said_to_be_out_of_chips():
    s = session([THREE_CARD], {"Ann": 11, "Bob": 40}, hands=1)
    report = s.play_next()
    assert report.players == ("Bob",) and report.left == ("Ann",) and "Ann" not in s.active
    lines = result_lines(report)
    assert "  too few chips for any game: Ann (11)" in lines
    assert not any(line.startswith("  out of chips") for line in lines)


def test_the_dealers_choice_is_offered_the_games_that_can_be_dealt_each_once():
    offered = []

    def choose(dealer, games):
        offered.append([g.name for g in games])
        return games[0]

    s = session([RAZZ, RAZZ, THREE_CARD], {"Ann": 11, "Bob": 11}, rotate="dealer", dealer_choice=choose, hands=1)
    s.play_next()
    assert offered == [[RAZZ]]
    s = session([RAZZ, THREE_CARD], {"Ann": 30, "Bob": 30}, rotate="dealer", dealer_choice=lambda d, g: "razz")
    with pytest.raises(ArgumentError, match="dealer_choice gave 'razz': not one of this session's games"):
        s.play_next()


def test_bot_dealers_choose_a_game_listed_twice_as_one_choice():
    s = session([RAZZ, RAZZ, "seven-card-stud"], {"Ann": 10**6, "Bob": 10**6}, rotate="dealer", hands=400)
    names = [r.variant.name for r in s.play()]
    # one choice in two each (a game listed twice once): 400 draws, razz about 200 (not 267)
    assert 160 <= names.count(RAZZ) <= 240


def test_the_killer_kills_again_only_where_he_won_a_share_of_the_hand():
    # Robert's Rules, kill pots: "If the player who split the pot was the kill in the previous
    # hand, then that player must also kill the next pot"; the button is neutral where "the
    # previous pot was split and neither player had the kill button".
    kill = load_variant("seven-card-stud-hi-lo", options={"kill": "scoop"})
    names = list("ABCD")
    s = Session([kill], names, {p: make_policy("sensible", seed=2) for p in names}, stacks=1000, hands=40, seed=5)
    seen = []
    reports = s.play()
    for report, following in zip(reports, reports[1:]):
        won = {w for pot in report.result.pots if not pot.get("uncalled") for w, c in pot["winners"].items() if c}
        if following.killer is not None:
            assert following.killer in won, (report.number, won, following.killer)
        if report.killer is not None and len(won) > 1:
            seen.append(report.killer in won)
    assert False in seen  # (a killed hand others split: its killer did not kill the next)


def test_a_hand_being_played_refuses_what_belongs_between_hands():
    s = session([RAZZ], {"Ann": 100, "Bob": 100})
    report = s.begin_next()
    for call in (lambda: s.top_up("Ann", 200), lambda: s.remove_player("Bob"), lambda: s.rebuy("Ann", 5)):
        with pytest.raises(StudrulesError, match="is in the hand being played"):
            call()
    with pytest.raises(StudrulesError, match="a hand is being played"):
        s.begin_next()
    play_hand(report.hand, s.policies)
    s.finish(report)
    assert sum(s.stacks.values()) == 200 and s.played == 1
    with pytest.raises(StudrulesError, match="not the hand being played"):
        s.finish(report)
    assert s.played == 1
    other = session([RAZZ], {"Ann": 50, "Bob": 100})
    theirs = other.begin_next()
    mine = s.begin_next()
    with pytest.raises(StudrulesError, match="not the hand being played"):
        s.finish(theirs)
    assert mine.hand is s.current and sum(s.stacks.values()) == 200


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda s: s.add_player("house", 50, CheckCall()), "'house' is a reserved name"),
        (lambda s: s.add_player("Cat Dog", 50, CheckCall()), "one printable word"),
        (lambda s: s.add_player("Cat", 2.5, CheckCall()), "Cat's stack must be a whole number of chips, not 2.5"),
        (lambda s: s.add_player("Cat", 50, object()), "Cat's policy has no act(view)"),
        (lambda s: s.change_rules(["super-stud"]), "super-stud is played by 2 to 5 players, not 6"),
        (lambda s: s.change_rules(options={"kill": "scoop"}), "give variants too"),
        (lambda s: s.play_next(side_bets="x"), "side_bets map players' names to a stake by side bet"),
        (lambda s: s.play_next(side_bets={"Ann": 5}), "side_bets: Ann's are a stake by side bet, not 5"),
        (lambda s: s.play_next(side_bets={"Ann": {"pair_plus": "10"}}), "Ann's pair_plus is a whole number"),
        (lambda s: s.play_next(side_bets={"Ann": {"pair_plus": True}}), "not True"),
        (lambda s: s.play_next(side_bets={"Ann": {"pair_plus": -5}}), "0 or more, not -5"),
        (lambda s: s.play_next(side_bets={"Ann": {5: 10}}), "Ann's side bets are named, not 5"),
        (lambda s: s.play_next(side_bets={"Zed": {"pair_plus": 10}}), "'Zed' is not seated"),
        (lambda s: s.begin_next(antes=5), "antes map players' names to chips, not 5"),
    ],
)
def test_what_a_session_cannot_take_is_an_argument_error_that_changes_nothing(call, words):
    names = ["Ann", "Bob", "Cat0", "Dan", "Eve", "Fay"]
    s = Session([THREE_CARD, RAZZ], names, {p: CheckCall() for p in names}, stacks=100, seed=1)
    if "add_player" in str(call.__code__.co_names):
        s.remove_player("Cat0")
    before = (s.seating, dict(s.stacks), s.played, [v.name for v in s.variants])
    with pytest.raises(StudrulesError) as err:
        call(s)
    assert words in str(err.value)
    assert (s.seating, dict(s.stacks), s.played, [v.name for v in s.variants]) == before


def test_the_command_plays_on_with_a_player_who_sits_the_house_game_out(capsys):
    from studrules.cli.main import main

    # 20 chips each: a player who drops under 20 sits three-card-poker out and plays razz; the
    # session goes its ten hands (it once ended at the first, "only 1 player can play")
    argv = ["session", THREE_CARD, RAZZ, "--players", "2", "--stack", "20", "--seed", "1", "--hands", "10"]
    assert main([*argv, "--bots", "check-call"]) == 0
    lines = capsys.readouterr().out.splitlines()
    heads = [i for i, line in enumerate(lines) if line.startswith("== Hand")]
    assert len(heads) == 10 and "Session over after 10 hands" in "\n".join(lines)
    short = []
    for start, end in zip(heads, heads[1:] + [len(lines)]):
        if any(line.startswith("  out of chips") for line in lines[:start]):
            break  # (one lost his last chip: the other plays on alone, razz passed over)
        if "against the house" in lines[start] and "Ann, Bob" not in lines[start]:
            (said,) = [line for line in lines[start:end] if line.startswith("  sat out")]
            short.append(said)
    assert short and all(said.startswith("  sat out, too few chips for three-card-poker: ") for said in short)


def test_a_hand_s_outcome_lists_the_players_in_their_seats_whoever_dealt():
    # The button moves, so the second hand's players begin at another seat (from its dealer's
    # left); the outcome keeps the table's fixed order, as the table is drawn, given the seating.
    s = session([RAZZ], {"Ann": 50, "Bob": 50, "Cat": 50}, hands=2)
    s.play_next()
    second = s.play_next()
    assert second.players != ("Ann", "Bob", "Cat")  # (the hand's own order moved with the deal)
    named = [line.split(":")[0].strip() for line in result_lines(second, seating=s.seating)]
    assert named == ["Ann", "Bob", "Cat"]
    own = [line.split(":")[0].strip() for line in result_lines(second)]
    assert own == list(second.players)


def test_a_house_game_s_positions_are_listed_in_their_seats_too():
    s = session([THREE_CARD], {"Ann": 100, "Bob": 100, "Cat": 100}, hands=2)
    s.play_next()
    second = s.play_next()
    assert second.players != ("Ann", "Bob", "Cat")  # (the button moves at a house game too)
    lines = result_lines(second, seating=s.seating)
    positions = [line.split(":")[0].strip() for line in lines if ": ante " in line]
    stacks = [
        line.split(":")[0].strip()
        for line in lines
        if line.strip().split(":")[0] in s.seating and ": ante " not in line
    ]
    assert positions == ["Ann", "Bob", "Cat"] and stacks == ["Ann", "Bob", "Cat"]
