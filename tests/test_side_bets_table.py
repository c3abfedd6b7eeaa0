"""Side bets chosen at the terminal table, from hand to hand: a session keeps each
player's choice within the game's limits and his stack (``Session.begin_next``),
``studrules play`` and ``session`` take ``--side-bet NAME=CHIPS`` for the person
at the terminal and ask again between hands (``s``).

The nets are worked out by hand from ``variants/three-card-poker.yaml`` (ante
10, play 10; the house qualifies with queen high; the ante bonus pays three
of a kind 4 to 1; the Pair Plus a flush 4 to 1, three of a kind 30 to 1)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from cli_support import Scripted, run

from studrules.game import hand as hand_module
from studrules.game.policies import CheckCall
from studrules.spec.loader import load_variant, load_variant_text
from studrules.spec.resources import variants_dir
from studrules.table.between_hands import ask_side_bets as _ask_side_bets
from studrules.table.session import Session
from studrules.table.terminal import result_lines

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_cli_play import Terminal

TCP = "three-card-poker"


@pytest.fixture
def deal(monkeypatch):
    """``deal(cards)``: every hand a session deals from now on gets ``cards`` (the hand's own ``cards=``)."""

    def chosen(cards):
        real = hand_module.Hand

        class Dealt(real):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, cards=cards, **kwargs)

        monkeypatch.setattr(hand_module, "Hand", Dealt)

    return chosen


def _session(variant, stacks=200):
    return Session([variant], ["Ann", "Bob"], {"Ann": CheckCall(), "Bob": CheckCall()}, stacks=stacks, seed=1)


def test_a_session_deals_each_players_side_bets_and_settles_them(deal):
    # Ann A-9-4 of hearts (a flush), Bob three kings, the house Q-J-3 (it qualifies); both play.
    deal({"Ann": "Ah 9h 4h", "Bob": "Kc Kd Ks", "house": "Qs Jh 3d"})
    session = _session(load_variant(TCP, stakes={"pair_plus": 5}))
    report = session.play_next(side_bets={"Ann": {"pair_plus": 10}, "Bob": {"pair_plus": 0}})
    # Ann: +20 on the ante and the play, her Pair Plus of 10 on a flush 4 to 1 (+40): +60.
    # Bob: +20, the ante bonus 4 to 1 on 10 (+40), no Pair Plus (though the table's is 5): +60.
    assert report.result.net == {"Ann": 60, "Bob": 60}
    lines = result_lines(report)
    assert any(line.startswith("  Ann: ante 10, pair plus 10, wagers 10 -> +60 (") for line in lines)
    assert any(line.startswith("  Bob: ante 10, wagers 10 -> +60 (") for line in lines)
    # the next hand without a choice: everybody stakes the table's 5 again (the hand as it always was)
    report = session.play_next()
    assert all("side_bets" not in p for p in report.result.positions)
    assert sum(", pair plus 5, " in line for line in result_lines(report)) == 2


def test_a_choice_is_kept_within_the_games_limits_and_the_stack(deal):
    deal({"Ann": "Ah 9h 4h", "Bob": "Kc Kd Ks", "house": "Qs Jh 3d"})
    text = (variants_dir() / f"{TCP}.yaml").read_text(encoding="utf-8")
    limited = load_variant_text(
        text.replace(
            "          amount: pair_plus\n", "          amount: pair_plus\n          min: 20\n          max: 40\n"
        )
    )
    session = _session(limited, stacks=60)
    # Ann's 50 is above the game's 40: 40 (ante 10 + 40 + a play of 10 = 60, her stack);
    # Bob's 5 is below its 20: 20; a bet of another game is left aside
    report = session.play_next(side_bets={"Ann": {"pair_plus": 50}, "Bob": {"pair_plus": 5, "aces_up": 9}})
    assert [p["side_bets"]["pair_plus"]["stake"] for p in report.result.positions] == [40, 20]
    # Ann +20 and 40 at 4 to 1 (+160): 60 + 180 = 240; Bob +60 and 20 at 30 to 1 (+600): 60 + 660 = 720.
    assert session.stacks == {"Ann": 240, "Bob": 720}
    # a choice the stack cannot cover with the ante and a play is not made that hand (the game's own: none)
    session = _session(limited, stacks=50)
    report = session.play_next(side_bets={"Ann": {"pair_plus": 40}})
    assert report.hand.side_stakes is None and report.result.positions[0]["side_net"] == 0


def test_between_hands_s_asks_each_side_bet_and_a_stake_out_of_its_limits_again():
    games = [load_variant("caribbean-stud-it", options={"progressive": "jackpot_500"}), load_variant(TCP)]
    mine = {"pair_plus": 10}
    me = Scripted("5", "1", "")  # progressive: 5 refused, then 1; pair plus: kept (Enter)
    _ask_side_bets(me, games, mine)
    assert mine == {"pair_plus": 10, "progressive": 1}
    assert me.prompts == [
        "progressive: a stake of 1 to 1 (now the game's own)? ",
        "progressive: a stake of 1 to 1 (now the game's own)? ",
        "pair plus: a stake of 1 or more (now 10)? ",
    ]
    assert "the progressive side bet at this table is from 1 to 1 (0: none), not 5" in me.console.file.getvalue()


@pytest.mark.parametrize(
    "args, code, words",
    [
        ([TCP, "--side-bet", "pair_plus=10"], 2, "--side-bet is your own side bet at the table: it needs a terminal"),
        ([TCP, "--side-bet", "pair_plus"], 2, "'pair_plus' must be written NAME=CHIPS"),
        ([TCP, "--side-bet", "pair_plus=-3"], 2, "'pair_plus=-3' must be written NAME=CHIPS"),
        (
            [TCP, "--side-bet", "aces_up=10"],
            1,
            "'aces_up' is not a side bet of this table: its side bets are pair_plus",
        ),
        (
            ["caribbean-stud-it", "--option", "progressive=jackpot_500", "--side-bet", "progressive=2"],
            1,
            "the progressive side bet at this table is from 1 to 1 (0: none), not 2",
        ),
        (["razz", "--side-bet", "pair_plus=10"], 1, "no game of this table has a side bet"),
    ],
)
def test_a_bad_side_bet_on_the_command_line_is_a_message(capsys, args, code, words):
    status, out, err = run(capsys, "play", *args, "-n", "1", "--seed", "1")
    assert status == code and words in err and "Traceback" not in err


def test_play_on_a_terminal_with_a_side_bet_shows_it_staked_and_settled():
    t = Terminal("play", TCP, "--seed", "3", "--players", "1", "--side-bet", "pair_plus=10", "-n", "1")
    t.expect(r"\n> ")
    t.type("r\n")
    seen = t.expect(r"Session over.*\n")
    # the hand's words and its result line say the stake and what it did
    assert "pair plus 10 wins" in seen or "pair plus 10 loses" in seen
    assert "Hero: ante 10, pair plus 10, wagers 10 -> " in seen
    assert t.close() == 0


def test_a_stake_beyond_what_the_stack_covers_now_is_refused_with_the_most():
    # Three Card Poker: ante 10 and a play of 10. From 2010 the Pair Plus may take 2010 - 20 = 1990.
    session = Session([load_variant(TCP)], ["Hero"], {"Hero": CheckCall()}, stacks=2010)
    mine: dict[str, int] = {}
    me = Scripted("99999999", "1991", "1990")
    _ask_side_bets(me, session.variants, mine, session, "Hero")
    assert mine == {"pair_plus": 1990} and len(me.prompts) == 3
    screen = me.console.file.getvalue()
    assert (
        "your stack of 2010 covers at most 1990 on the pair plus with your ante and wagers (0: none), not 99999999"
        in screen
    )
    # from 20 (an ante and a play, nothing over) no Pair Plus can be made: only 0
    session.stacks["Hero"] = 20
    me = Scripted("1", "0")
    _ask_side_bets(me, session.variants, mine, session, "Hero")
    assert (
        mine == {"pair_plus": 0} and "your stack of 20 cannot cover a pair plus bet now" in me.console.file.getvalue()
    )


def test_a_chosen_side_bet_the_stack_cannot_cover_is_reported_not_made():
    # from 50, Ann's Pair Plus of 40 needs 10 + 40 + 10 = 60: not made, and the report says so; Bob chose none
    session = _session(load_variant(TCP), stacks=50)
    report = session.play_next(side_bets={"Ann": {"pair_plus": 40}, "Bob": {"pair_plus": 0}})
    assert report.unstaked == ("Ann",) and report.hand.side_stakes == [{"pair_plus": 0}, {"pair_plus": 0}]
    report = session.play_next(side_bets={"Ann": {"pair_plus": 5}})  # (10 + 5 + 10 = 25: covered)
    assert report.unstaked == ()


def _at_the_terminal(monkeypatch, *answers):
    from studrules.cli import play

    me = Scripted(*answers)
    monkeypatch.setattr(play, "interactive", lambda args: True)
    monkeypatch.setattr(play, "TerminalPlayer", lambda console=None: me)
    return me


def test_a_side_bet_the_starting_stack_cannot_cover_is_refused_before_the_deal(capsys, monkeypatch, tmp_path):
    me = _at_the_terminal(monkeypatch, "f")
    history = tmp_path / "h.jsonl"
    # from 45 a Pair Plus of 30 needs 10 + 30 + 10 = 50: refused, with the most 45 covers: 45 - 20 = 25
    args = ("--players", "1", "--stack", "45", "--history", str(history), "-n", "1")
    code, out, err = run(capsys, "play", TCP, *args, "--side-bet", "pair_plus=30")
    assert code == 1 and "Traceback" not in err
    assert "--side-bet pair_plus=30: a starting stack of 45 covers at most 25 on the pair plus" in err
    assert me.prompts == [] and not history.exists()  # nothing dealt, no history begun
    # from 20 (an ante and a play) no Pair Plus can be made at all
    code, out, err = run(capsys, "play", TCP, "--players", "1", "--stack", "20", "--side-bet", "pair_plus=5")
    assert code == 1 and "a starting stack of 20 cannot cover a pair plus bet" in err
    # 25 is covered: the hand is played
    code, out, err = run(capsys, "play", TCP, *args, "--side-bet", "pair_plus=25")
    assert code == 0 and "pair plus 25" in me.console.file.getvalue()


def test_the_terminal_says_when_his_side_bet_is_not_made(capsys, monkeypatch):
    me = _at_the_terminal(monkeypatch, "f", "", "f", "")
    # from 60 a Pair Plus of 30 is covered (10 + 30 + 10 = 50). Seed 1 deals him 6s 2h 9d, no
    # pair: he folds and loses the ante and the Pair Plus, 60 - 40 = 20, an ante and a play:
    # the second hand is dealt without the Pair Plus, and he is told
    args = ("--players", "1", "--stack", "60", "--side-bet", "pair_plus=30", "-n", "2", "--seed", "1")
    code, out, _ = run(capsys, "play", TCP, *args)
    assert code == 0
    screen = me.console.file.getvalue()
    assert "you [6s] [2h] [9d]" in screen
    assert (
        "Your side bets (pair plus 30) are not made this hand: your stack of 20 cannot cover them "
        "with your ante and wagers." in screen
    )
