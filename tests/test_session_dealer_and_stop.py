"""Sessions on the command line: under dealer's choice (``--rotate dealer``)
the person who deals names the game, bots' deals stay the seeded choice; a
session stopped mid-hand counts its hands the same way in the summary and in
the history line."""

from __future__ import annotations

import io
import json

from rich.console import Console

from studrules.cli.play import _ask_the_dealer
from studrules.game.policies import CheckCall
from studrules.spec.loader import load_variant
from studrules.table.session import Session

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
GAMES = ["five-card-stud-fr", "five-card-stud-he", "razz"]


def _session(dealer_choice=None):
    policies = {p: CheckCall() for p in PLAYERS}
    return Session(GAMES, PLAYERS, policies, stacks=500, hands=8, rotate="dealer", seed=5, dealer_choice=dealer_choice)


def test_the_dealer_who_chooses_gets_his_game_and_the_others_keep_the_seeded_choice():
    seeded = [(r.dealer, r.variant.name) for r in _session().play()]

    def dan_plays_razz(dealer, variants):
        return next(v for v in variants if v.name == "razz") if dealer == "Dan" else None

    chosen = [(r.dealer, r.variant.name) for r in _session(dan_plays_razz).play()]
    # the deal passes Dan, Ann, Bob, Cat, Dan, ...: hands 1 and 5 are his
    assert [d for d, _ in chosen] == ["Dan", "Ann", "Bob", "Cat", "Dan", "Ann", "Bob", "Cat"]
    assert [g for d, g in chosen if d == "Dan"] == ["razz", "razz"]
    assert [x for x in chosen if x[0] != "Dan"] == [x for x in seeded if x[0] != "Dan"]


class _Human:
    def __init__(self, answers):
        self.console = Console(file=io.StringIO(), width=100)
        self.answers = iter(answers)
        self.prompts: list[str] = []

    def read(self, prompt):
        self.prompts.append(prompt)
        return next(self.answers)


def test_the_human_dealer_is_asked_and_a_wrong_answer_is_asked_again():
    variants = tuple(load_variant(g) for g in GAMES)
    human = _Human(["9", "raz", "razz"])
    choose = _ask_the_dealer(human, "Hero")
    assert choose("Ann", variants) is None  # a bot deals: not asked
    assert human.prompts == []
    assert choose("Hero", variants).name == "razz"
    shown = human.console.file.getvalue()
    assert "You deal: choose the game" in shown and "3. Razz" in shown
    assert "'9' is not one of the games: a number from 1 to 3, or its name" in shown
    assert "'raz' is not one of the games: a number from 1 to 3, or its name (did you mean 'razz'?)" in shown
    assert _ask_the_dealer(_Human(["2"]), "Hero")("Hero", variants).name == "five-card-stud-he"
    assert _ask_the_dealer(_Human([""]), "Hero")("Hero", variants).name == "five-card-stud-fr"  # Enter: the first


class _CtrlD(_Human):
    def read(self, prompt):
        self.prompts.append(prompt)
        raise EOFError


def test_a_game_listed_twice_is_one_choice_and_ctrl_d_leaves_the_table():
    import pytest

    from studrules.table.terminal import QuitTable

    # razz listed twice (to deal it more often in turn) is offered once: 3 games, numbered 1 to 3
    variants = tuple(load_variant(g) for g in [*GAMES, "razz"])
    human = _Human(["4", "3"])
    assert _ask_the_dealer(human, "Hero")("Hero", variants).name == "razz"
    shown = human.console.file.getvalue()
    assert "'4' is not one of the games: a number from 1 to 3" in shown and shown.count("(razz)\n") == 1
    # Ctrl-D at the question leaves the table (it dealt the first game)
    with pytest.raises(QuitTable):
        _ask_the_dealer(_CtrlD([]), "Hero")("Hero", variants)
    # and q, as at every other question of the table (an audit's finding: it asked again)
    human = _Human(["q"])
    with pytest.raises(QuitTable):
        _ask_the_dealer(human, "Hero")("Hero", variants)
    assert "(Enter for five-card-stud-fr, q to leave)" in human.console.file.getvalue()
    # a game named q is chosen by its name, and q leaves no more
    from studrules.spec.loader import load_variant_text

    q = load_variant_text("extends: razz\nname: q\n")
    human = _Human(["q"])
    assert _ask_the_dealer(human, "Hero")("Hero", (variants[0], q)) is q
    assert "q to leave" not in human.console.file.getvalue()


def test_ctrl_c_mid_hand_says_the_same_count_in_the_summary_and_the_history_line(tmp_path, monkeypatch, capsys):
    # two hands finish, then Ctrl-C during the third: the summary counts 2 played hands,
    # and the history line says 2 hands and the unfinished third (3 lines in the file)
    import studrules.cli.play as play
    from studrules.cli.main import main

    class StopsLater(CheckCall):
        def __init__(self):
            self.hands = 0

        def begin(self, variant):  # called at each hand's start
            self.hands += 1

        def act(self, view):
            if self.hands == 3 and view.legal:
                raise KeyboardInterrupt
            return super().act(view)

    bots = {name: CheckCall() for name in play.BOT_NAMES}
    bots["Ann"] = StopsLater()
    monkeypatch.setattr(play, "make_bots", lambda spec, names, variants, seed: {n: bots[n] for n in names})
    history = tmp_path / "h.jsonl"
    code = main(["play", "razz", "--bots-only", "-n", "5", "--seed", "1", "--history", str(history)])
    out, err = capsys.readouterr()
    assert code == 130
    assert "Session over after 2 hands: interrupted during hand 3." in out
    assert f"history saved to {history} (3 hands: 2 played and hand 3 unfinished)" in err
    lines = [json.loads(line) for line in history.read_text().splitlines()]
    assert len(lines) == 3
    # the unfinished hand is saved with its seed and dealer, as the others (an audit's finding)
    assert lines[2]["unfinished"] and lines[2]["dealer"] != lines[1]["dealer"]
    # each hand's seed is the session's next draw (seed 1: random.Random(1), 32 bits a hand)
    import random

    draws = random.Random(1)
    assert [line["seed"] for line in lines] == [draws.randrange(2**32) for _ in range(3)]
    # PHH records hands played out: the unfinished third is left out of the export, with a note
    # (replay-phh once stopped at it, and no hand after it was checked)
    phh = tmp_path / "h.phh"
    assert main(["export-phh", str(history), "-o", str(phh)]) == 0
    out, err = capsys.readouterr()
    assert "2 hands written" in out and "left out: hand 3: it was stopped before its end" in err
    assert main(["replay-phh", str(phh)]) == 0
    assert "2 hands replayed; against the recorded finishing stacks all match" in capsys.readouterr().out
