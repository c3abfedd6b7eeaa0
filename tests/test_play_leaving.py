"""Leaving the terminal table in the middle of a hand does what the table says
it does: the player who leaves is folded at his turn, the others play the hand
out, it is settled, saved and counted as a whole hand, and then he stands up;
Ctrl-D is asked as ``q`` is; the question says what leaving costs, in a pot
game and against the house."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from studrules.game.actions import Action
from studrules.game.hand import Hand
from studrules.game.policies import CheckCall, play_hand
from studrules.spec.loader import load_variant

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_support import Scripted
from test_cli_play import PROMPT, Terminal


def _seat(me: Scripted, hand: Hand) -> Scripted:
    me.hand, me.seating, me.variant = hand, tuple(hand.players), hand.variant
    return me


def _open_pair_hand() -> Hand:
    # French five-card stud, Hero and Ann: Hero's 9h is the low up card and brings in for 5; Ann calls;
    # on the second round Ann shows a pair of queens and bets 10, which Hero faces
    cards = {"Hero": ["3s", "9h", "7c"], "Ann": ["2d", "Qh", "Qc"]}
    return Hand(load_variant("five-card-stud-fr"), ["Hero", "Ann"], 200, seed=1, cards=cards)


class _BetsTen(CheckCall):
    """Bets 10 when it may bet; checks or calls otherwise."""

    checks_and_calls = False  # (asked at every turn, so that it bets)

    def act(self, view):
        bet = next((la for la in view.legal if la.action == "bet"), None)
        return Action(view.player, "bet", 10) if bet is not None else super().act(view)


def test_q_then_yes_folds_at_his_turn_and_the_hand_is_played_out():
    hand = _open_pair_hand()
    me = _seat(Scripted("b", "q", "y"), hand)
    result = play_hand(hand, {"Hero": me, "Ann": _BetsTen()})
    assert me.leaving and "Hero folds" in [e.describe() for e in hand.events]
    # antes 5 each, Hero's bring-in 5 called by Ann: a pot of 20; Ann's bet of 10 is not called.
    # Hero loses his ante and bring-in (10), Ann wins them: 200 - 10 = 190 and 200 + 10 = 210
    assert result.stacks == {"Hero": 190, "Ann": 210}
    assert "You fold, and your chips in the pot are lost" in me.prompts[-1]


@pytest.mark.parametrize("stay, key, verb", [("n", "c", "call"), ("", "f", "fold")])
def test_ctrl_d_at_the_choices_asks_as_q_does(stay, key, verb):
    hand = _open_pair_hand()
    hand.apply(Action.parse("Hero bring-in"))
    hand.apply(Action.parse("Ann call"))
    hand.apply(Action.parse("Ann bet 10"))
    me = _seat(Scripted(EOFError(), stay, key), hand)
    action = me.act(hand.view("Hero"))
    assert me.prompts[1].startswith("Leave the table in the middle of this hand?")
    assert action.verb == verb and not me.leaving and "Playing on." in me.screen


def test_ctrl_d_twice_leaves_and_a_bring_in_that_cannot_fold_folds_at_the_next_turn():
    hand = _open_pair_hand()
    me = _seat(Scripted(EOFError(), EOFError()), hand)
    result = play_hand(hand, {"Hero": me, "Ann": _BetsTen()})
    assert "You cannot fold now: you fold at your next turn" in me.prompts[1]
    verbs = [(e.player, e.type) for e in hand.events if e.player == "Hero" and e.type not in ("ante", "deal")]
    assert verbs == [("Hero", "bring_in"), ("Hero", "fold")]  # the bring-in is forced; the fold comes next
    assert result.stacks == {"Hero": 190, "Ann": 210}  # as when he folds to the bet: ante and bring-in lost


def test_leaving_against_the_house_folds_the_hand_and_its_ante_is_lost():
    # Italian Caribbean stud: the ante is 10; a fold loses it, whatever the house holds
    cards = {"Hero": "Kh Kd 7c 7s 2d", "Ann": "3c 4d 8h 9s Jc", "house": "As Kc 9d 5h 3d"}
    hand = Hand(
        load_variant("caribbean-stud-it"), ["Hero", "Ann"], 500, seed=1, cards={p: c.split() for p, c in cards.items()}
    )
    me = _seat(Scripted("q", "y"), hand)
    result = play_hand(hand, {"Hero": me, "Ann": CheckCall()})
    assert "Your hand is folded: your ante and wagers on this hand are lost" in me.prompts[-1]
    assert "pot" not in me.prompts[-1]
    assert result.net["Hero"] == -10


def test_leaving_where_the_house_game_has_no_fold_makes_no_further_wager():
    hand = Hand(load_variant("let-it-ride"), ["Hero", "Ann"], 500, seed=3)
    me = _seat(Scripted("q", "y"), hand)
    play_hand(hand, {"Hero": me, "Ann": CheckCall()})
    assert "You make no further wager" in me.prompts[-1] and "pot" not in me.prompts[-1]
    assert [e.type for e in hand.events if e.player == "Hero" and e.type in ("check", "raise")] == ["check", "check"]


# --------------------------------------------------------------------------
# the command, on a terminal


def test_play_leave_mid_hand_settles_saves_and_counts_the_hand(tmp_path):
    history = tmp_path / "q.jsonl"
    t = Terminal("play", "--seed", "3", "--history", str(history), NO_COLOR="1")
    t.expect(PROMPT)
    t.type("r\n")  # hand 1: Hero completes to 10, the three bots fold
    t.expect("q to leave: ")
    t.type("50\n")  # not an answer here: asked again, no hand dealt
    assert "'50' is not one of these: Enter for the next hand" in t.expect("q to leave: ")
    t.type("\x1b]0;x\x07 zz\n")  # a terminal's escape sequence typed: said without it (an audit's finding)
    said = t.expect("q to leave: ")
    assert "is not one of these" in said and "\x1b]" not in said and "\x07" not in said
    t.type("\n")
    t.expect(PROMPT)
    t.type("c\n")  # hand 2: Hero calls Bob's bring-in (Cat folded), Ann calls
    t.expect(PROMPT)
    t.type("q\n")  # second round: Ann (a pair of queens showing) bets 10; Hero leaves
    t.expect(r"\[y/N\] ")
    t.type("y\n")
    end = t.expect(r"history saved to .*\n")
    assert t.close() == 0
    assert "Hero folds" in end and "Ann wins 45 from the pot" in end
    assert "Session over after 2 hands: you left the table during hand 2." in end
    assert "(2 hands)" in end and "unfinished" not in end
    # hand 1: antes 5 each, Hero's 10 takes the antes: Hero 415, the others 395. Hand 2: antes 5, Bob's
    # bring-in 5 called by Hero and Ann (pot 35), Ann bets 10 and Bob and Hero fold: Ann takes 45.
    # Hero 415 - 10 = 405, Ann 395 - 20 + 45 = 420, Bob 395 - 10 = 385, Cat 395 - 5 = 390
    rows = dict(re.findall(r"^  (\w+) +400 +(\d+) ", end, flags=re.M))  # the summary: player, start, final
    assert rows == {"Hero": "405", "Ann": "420", "Bob": "385", "Cat": "390"}
    records = [json.loads(line) for line in history.read_text().splitlines()]
    assert len(records) == 2 and records[1]["result"]["stacks"]["Ann"] == 420


def test_ctrl_c_without_a_history_says_nothing_was_saved():
    t = Terminal("play", "--seed", "3", NO_COLOR="1")
    t.expect(PROMPT)
    end = t.interrupt(r"nothing saved\)\n")
    assert t.close() == 130
    assert "Session over before any hand was finished: interrupted during hand 1." in end
    assert "(no --history: nothing saved)" in end


def test_leaving_at_a_bring_in_where_no_fold_is_allowed_without_a_bet_says_what_follows():
    # Seven-card stud (no open fold): Hero brings in and leaves; Ann checks and calls, never bets,
    # so Hero can never fold: he checks each round and mucks at the showdown, as the question says.
    hand = Hand(load_variant("seven-card-stud"), ["Hero", "Ann"], 200, seed=1)
    me = _seat(Scripted("q", "y"), hand)
    play_hand(hand, {"Hero": me, "Ann": CheckCall()})
    assert "you check until then, fold to the first bet, and muck at the showdown" in me.prompts[-1]
    assert "at your next turn" not in me.prompts[-1]
    verbs = [e.type for e in hand.events if e.player == "Hero" and e.type not in ("ante", "deal")]
    # the bring-in on third street, a check on each of the four streets after, the muck
    assert verbs == ["bring_in", "check", "check", "check", "check", "muck"]


def test_leaving_a_declare_game_says_that_a_seat_at_the_declaration_declares_and_may_win():
    # an audit's finding: the question promised a muck at the showdown, but a seat still in at
    # the declaration cannot fold there: it declares (as a seat no one plays), its hand is shown,
    # and it won the low half. The question now says so. Hero brings in and leaves; Ann only
    # checks and calls, so Hero never faces a bet and reaches the declaration.
    hand = Hand(load_variant("seven-card-stud-hi-lo-declare"), ["Hero", "Ann"], 200, seed=1)
    me = _seat(Scripted("q", "y"), hand)
    play_hand(hand, {"Hero": me, "Ann": CheckCall()})
    assert "a seat still in at the declaration cannot fold there: yours declares for you" in me.prompts[-1]
    assert "muck at the showdown" not in me.prompts[-1]
    assert "Hero" in [e.player for e in hand.events if e.type == "show"]  # (his declared hand, shown)


def test_a_word_or_an_amount_is_read_as_the_question_reads_it():
    # an audit's findings: 'd h' typed with the key was refused ("'h' is not one of high, low,
    # both") where 'h' at the question was read as high; 'd low' at the question, and 'b 5' at
    # an amount's question, typed the key again and were refused
    hand = Hand(load_variant("seven-card-stud-hi-lo-declare"), ["Hero", "Ann"], 200, seed=1)
    while hand.phase != "declare":
        hand.check_or_call()
    while hand.to_act != "Hero":
        hand.apply(hand.default_action())
    assert _seat(Scripted("d h"), hand).act(hand.view("Hero")) == Action("Hero", "declare", word="high")
    assert _seat(Scripted("d", "d low"), hand).act(hand.view("Hero")) == Action("Hero", "declare", word="low")
    # the Russian home game is no limit: a bet of 5 chips from 2 up
    hand = Hand(load_variant("five-card-stud-ru-home"), ["Hero", "Ann"], 200, seed=1)
    while not any(la.action == "bet" for la in hand.legal_actions()) or hand.to_act != "Hero":
        hand.check_or_call()
    assert _seat(Scripted("b", "b 5"), hand).act(hand.view("Hero")) == Action("Hero", "bet", 5)


def test_sigterm_stops_a_session_as_ctrl_c_does_and_its_history_is_kept(tmp_path):
    # an audit's finding: a SIGTERM killed play and session outright: no summary, and the hand
    # under way lost. It now stops the table as Ctrl-C does, with exit code 143.
    import os
    import signal
    import subprocess
    import time

    history = tmp_path / "h.jsonl"
    argv = ["session", "razz", "--bots-only", "-n", "1000000", "--stack", "100000000", "--history", str(history)]
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    process = subprocess.Popen(
        [sys.executable, "-m", "studrules", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    for _ in range(600):  # (until some hands are saved)
        time.sleep(0.05)
        if history.exists() and history.stat().st_size > 20_000:
            break
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 143
    assert "stopped (SIGTERM)" in out and "Traceback" not in err
    assert f"history saved to {history}" in out + err
    lines = history.read_text().splitlines()
    assert lines and all(json.loads(line)["variant"] for line in lines)
