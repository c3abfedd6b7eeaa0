"""Buying in again at the terminal table (``--rebuys``): out of chips, the
person is asked whether he buys in again for the starting stack, as many
times as ``--rebuys`` allows; the summary counts his net against every chip
he bought. The person is scripted in this process (the terminal's own
prompts, answered by what they ask).

The French file (five-card-stud-fr.yaml) at its own stakes: an ante of 5
(half the low limit of 10). From stacks of 15 the person folds whenever he
may, so he loses an ante or more a hand until he has no chip."""

from __future__ import annotations

import argparse
import io
import re

import pytest
from cli_support import run
from rich.console import Console

from studrules.cli import play
from studrules.table.terminal import TerminalPlayer

FR = "five-card-stud-fr"
ASKED = "You are out of chips. Buy in again for 15"


class Folder(TerminalPlayer):
    """A person who folds whenever he may (else checks or calls, else brings in), goes on to the next hand,
    and answers the question of a rebuy with ``rebuy`` ('y' or ''); the prompts are kept."""

    rebuy = "y"

    def __init__(self, console=None):
        super().__init__(Console(file=io.StringIO(), width=160, force_terminal=False), read=self._answer)
        self.prompts: list[str] = []

    def _answer(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if prompt.startswith(ASKED):
            return self.rebuy
        if prompt == "> ":  # fold, else check or call, else bring in
            keys = re.findall(r"\[(\w)\]", self.console.file.getvalue().rsplit("Your turn.", 1)[-1])
            return next(k for k in ("f", "c", "b") if k in keys)
        return ""  # Enter: the next hand

    def asked(self) -> list[str]:
        return [p for p in self.prompts if p.startswith(ASKED)]


@pytest.fixture
def person(monkeypatch):
    """The person at a terminal: the table asks him (a Folder), not standard input."""
    made: list[Folder] = []

    def make(console=None):
        made.append(Folder(console))
        return made[-1]

    monkeypatch.setattr(play, "interactive", lambda args: True)
    monkeypatch.setattr(play, "TerminalPlayer", make)
    return made


def _session(capsys, *more):
    argv = ["session", "--variants", FR, "--players", "3", "--stack", "15", "--seed", "3", "--bots", "check-call"]
    return run(capsys, *argv, *more)


def _row(out: str, name: str) -> list[int]:
    line = next(x for x in out.splitlines() if re.match(rf"\s+{name}\s", x))
    return [int(n) for n in line.split()[1:]]


def test_out_of_chips_he_buys_in_again_as_often_as_the_limit_allows(capsys, person):
    code, out, _ = _session(capsys, "--rebuys", "1")
    (me,) = person
    assert code == 0
    assert me.asked() == ["You are out of chips. Buy in again for 15 (rebuy 1 of 1)? [y/N] "]
    assert "You buy in again for 15: you play from the next hand." in me.console.file.getvalue()
    # his one rebuy used, he is out of chips again and is not asked: the session ends
    assert "Session over" in out
    assert out.splitlines()[1].split() == ["player", "start", "rebuys", "bought", "final", "net", "won"]
    start, rebuys, bought, final, net, _ = _row(out, "Hero")
    # he bought 15 twice and lost them: 0 - 30 = -30
    assert (start, rebuys, bought, final, net) == (15, 1, 30, 0, -30)
    # the chips at the table are those bought: three stacks of 15 and his rebuy
    rows = [_row(out, n) for n in ("Hero", "Ann", "Bob")]
    assert sum(r[2] for r in rows) == 60 == sum(r[3] for r in rows) and sum(r[4] for r in rows) == 0


def test_he_may_say_no_and_the_session_ends(capsys, person, monkeypatch):
    monkeypatch.setattr(Folder, "rebuy", "")
    code, out, _ = _session(capsys)
    (me,) = person
    assert me.asked() == ["You are out of chips. Buy in again for 15 (rebuy 1 of 3)? [y/N] "]
    assert "you are out of chips" in out and "rebuys" not in out  # (nobody bought in again)
    assert _row(out, "Hero")[1:3] == [0, -15]


def test_without_rebuys_he_is_not_asked(capsys, person):
    code, out, _ = _session(capsys, "--rebuys", "0")
    (me,) = person
    assert code == 0 and me.asked() == [] and "rebuys" not in out
    assert _row(out, "Hero")[1:3] == [0, -15]  # (out of chips: he lost his 15 and was not asked)


def test_unlimited_rebuys_are_counted_without_a_limit(capsys, person, monkeypatch):
    code, out, _ = _session(capsys, "--rebuys", "unlimited", "--hands", "8")
    (me,) = person
    assert me.asked() and me.asked()[0] == "You are out of chips. Buy in again for 15 (rebuy 1)? [y/N] "
    start, rebuys, bought, final, net, _ = _row(out, "Hero")
    assert rebuys == len(me.asked()) and bought == 15 * (1 + rebuys) and net == final - bought


@pytest.mark.parametrize("text", ["-1", "many", "1.5"])
def test_a_bad_rebuys_is_a_usage_error(capsys, text):
    code, _, err = run(capsys, "play", "--rebuys", text)
    assert code == 2 and "--rebuys" in err and "(or 'unlimited')" in err


def test_the_rebuys_type_reads_a_number_or_unlimited():
    assert play.rebuy_limit("0") == 0 and play.rebuy_limit(" Unlimited ") is None
    with pytest.raises(argparse.ArgumentTypeError, match="must be at least 0, not -2"):
        play.rebuy_limit("-2")


class Undecided(Folder):
    """A Folder who answers the question of a rebuy with each of ``rebuys`` in turn, whatever its words."""

    rebuys = ["maybe", "r", "y"]

    def _answer(self, prompt: str) -> str:
        if "Buy in again" in prompt:
            self.prompts.append(prompt)
            return self.rebuys.pop(0)
        return super()._answer(prompt)


@pytest.fixture
def undecided(monkeypatch, person):
    made: list[Folder] = []
    monkeypatch.setattr(play, "TerminalPlayer", lambda console=None: made.append(Undecided()) or made[-1])
    return made


def test_a_rebuy_is_asked_again_until_he_says_yes_or_no(capsys, undecided, monkeypatch):
    # 'maybe', then an 'r' left over from the last decision: asked again each time with a hint; then y
    monkeypatch.setattr(Undecided, "rebuys", ["maybe", "r", "y"])
    code, out, _ = _session(capsys, "--rebuys", "1")
    (me,) = undecided
    asked = [p for p in me.prompts if "Buy in again" in p]
    assert asked == ["You are out of chips. Buy in again for 15 (rebuy 1 of 1)? [y/N] "] * 3
    screen = me.console.file.getvalue()
    assert screen.count("Type y to buy in again, or n (or Enter) to leave the table.") == 2
    assert "You buy in again for 15" in screen and _row(out, "Hero")[1] == 1  # one rebuy


@pytest.mark.parametrize("no", ["n", "No", ""])
def test_n_no_or_enter_says_no(capsys, undecided, monkeypatch, no):
    monkeypatch.setattr(Undecided, "rebuys", ["what", no])
    code, out, _ = _session(capsys)
    (me,) = undecided
    assert len([p for p in me.prompts if "Buy in again" in p]) == 2
    assert "you are out of chips" in out and _row(out, "Hero")[1:3] == [0, -15]


def test_against_the_house_too_few_chips_for_a_hand_is_asked_before_the_next_hand(capsys, undecided, monkeypatch):
    # Three Card Poker: ante 10 and a play of 10, so a hand needs 20. From 25 Hero folds his first
    # hand and loses his ante: 15 left, too few; the rebuy is the first question after that hand.
    monkeypatch.setattr(Undecided, "rebuys", ["n"])
    argv = ["play", "three-card-poker", "--players", "1", "--stack", "25", "--seed", "1", "--rebuys", "1"]
    code, out, _ = run(capsys, *argv)
    (me,) = undecided
    assert code == 0
    after = me.prompts[me.prompts.index("> ") + 1 :]
    assert after == [
        "You have too few chips for a hand (15; a hand needs 20). Buy in again for 25 (rebuy 1 of 1)? [y/N] "
    ]
    assert "you have too few chips for a hand" in out and _row(out, "Hero")[1:3] == [15, -10]  # 25 - 10


class Topper(Folder):
    """A Folder who, offered a top-up between hands, takes it once (t, then y; ``top_up``: the answer
    to its question)."""

    top_up = "y"

    def _answer(self, prompt: str) -> str:
        if "t to top up" in prompt and not any("t to top up" in p for p in self.prompts):
            self.prompts.append(prompt)
            return "t"
        if prompt.startswith("Top up"):
            self.prompts.append(prompt)
            return self.top_up
        return super()._answer(prompt)


@pytest.mark.parametrize("answer", ["y", "n"])
def test_between_hands_he_tops_up_to_the_buy_in_and_it_counts_as_a_rebuy(capsys, monkeypatch, answer):
    made: list[Topper] = []
    monkeypatch.setattr(play, "interactive", lambda args: True)
    monkeypatch.setattr(play, "TerminalPlayer", lambda console=None: made.append(Topper()) or made[-1])
    monkeypatch.setattr(Topper, "top_up", answer)
    code, out, _ = _session(capsys, "--rebuys", "1", "--hands", "3")
    (me,) = made
    asked = [p for p in me.prompts if p.startswith(("Enter", "Top up"))]
    # hand 1: he antes 5 and folds at his first turn: 15 - 5 = 10, 5 short of the buy-in of 15
    assert asked[:2] == [
        "Enter for the next hand, t to top up to 15, q to leave: ",
        "Top up to 15: buy 5 more (rebuy 1 of 1)? [y/N] ",
    ]
    if answer == "y":
        start, rebuys, bought, final, net, _ = _row(out, "Hero")
        # his one purchase made, no top-up is offered again (the question asked again at once,
        # then after hand 2); hands 2 and 3 cost an ante each: 15 - 5 - 5 = 5, against 15 + 5 bought: -15
        assert asked[2:] == ["Enter for the next hand, q to leave: "] * 2
        assert "You buy 5 more: you play the next hand with 15." in me.console.file.getvalue()
        assert (start, rebuys, bought, final, net) == (15, 1, 20, 5, -15)
    else:
        # no: nothing bought, and the top-up is offered again after hand 2 (10 - 5 = 5 left);
        # three antes lost: 15 - 15 = 0
        assert asked[2] == "Enter for the next hand, t to top up to 15, q to leave: "
        assert _row(out, "Hero")[:3] == [15, 0, -15] and "rebuys" not in out
        assert "You buy" not in me.console.file.getvalue()


def test_a_top_up_past_the_buy_in_or_for_nobody_seated_is_refused():
    from studrules.errors import StudrulesError
    from studrules.game.policies import CheckCall
    from studrules.spec.loader import load_variant
    from studrules.spec.resources import variants_dir
    from studrules.table.session import Session

    s = Session([load_variant(variants_dir() / f"{FR}.yaml")], ["Ann", "Bob"], {"Ann": CheckCall(), "Bob": CheckCall()})
    with pytest.raises(StudrulesError, match="a top-up brings a stack up to 50, not past it"):
        s.top_up("Ann", 50)  # (he has 100)
    with pytest.raises(StudrulesError, match="Cat is not seated"):
        s.top_up("Cat", 200)
    assert s.stacks == {"Ann": 100, "Bob": 100} and s.rebuys == {"Ann": 0, "Bob": 0}


def test_who_left_the_game_is_said_as_the_next_hand_begins_not_after_it(capsys, person):
    # an audit's finding: a player left out for want of chips was said under the next hand's
    # results, once that hand (dealt without him) was over. Caribbean Stud at 40 chips, seed 2:
    # the person folds (his ante of 10 lost each hand); Cat ends the first hand with 10, less
    # than a hand's 30 (ante 10 and a raise of 20)
    code, out, _ = run(capsys, "play", "caribbean-stud-it", "--seed", "2", "--stack", "40", "-n", "3")
    (me,) = person
    said = me.console.file.getvalue()
    second = said.index("\nHand 2")
    notice = said.index("too few chips for any game: Cat (10)")
    assert said.index("Hand over:") < second < notice < said.index("Hand over:", second)


def test_between_hands_a_chooses_his_ante_within_the_table_s_limits(capsys, monkeypatch):
    # an audit's finding: the terminal offered no way to choose an ante (the browser table
    # did): Caribbean Stud's ante is 5 to 100; 200 is refused and asked again, 25 antes 25
    class Chooser(Folder):
        def _answer(self, prompt: str) -> str:
            if prompt.startswith("Enter") and "a for your ante" in prompt and not self.asked_ante:
                self.prompts.append(prompt)
                return "a"
            if prompt.startswith("your ante"):
                self.prompts.append(prompt)
                self.asked_ante.append(prompt)
                return "200" if len(self.asked_ante) == 1 else "25"
            return super()._answer(prompt)

    Chooser.asked_ante = []
    made: list[Chooser] = []
    monkeypatch.setattr(play, "interactive", lambda args: True)
    monkeypatch.setattr(play, "TerminalPlayer", lambda console=None: made.append(Chooser()) or made[-1])
    code, out, _ = run(capsys, "play", "caribbean-stud-it", "--seed", "2", "--stack", "1000", "-n", "2")
    (me,) = made
    said = me.console.file.getvalue()
    assert code == 0 and Chooser.asked_ante == ["your ante: 5 to 100 (now the game's own)? "] * 2
    assert "an ante is from 5 to 100, not 200" in said
    first, second = said.split("\nHand 2")
    assert "Hero antes 10" in first.replace(" · ", "\n") or "Hero, Ann, Bob, Cat ante 10" in first
    assert "Hero antes 25" in second
