"""The WSOP conformance suite: 30 public PHH hands (tests/data/phh/README)
replayed through studrules' shipped games at each file's stakes, to the
finishing stacks the file records (PokerKit's project transcribed them; no
one on this project wrote them)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from studrules.records.phh_replay import (
    PHHReadError,
    phh_variant,
    read_phh,
    replay_phh,
    replay_phh_file,
    unseen_cards,
)
from studrules.records.script import history_text

DATA = Path(__file__).parent / "data" / "phh"
FILES = sorted(DATA.glob("*.phh"))


def test_the_suite_holds_the_thirty_stud_hands_of_the_event():
    # issue 14: 13 seven-card stud, 7 hi-lo, 10 razz
    codes = Counter(read_phh(p.read_text())["variant"] for p in FILES)
    assert codes == {"F7S": 13, "F7S/8": 7, "FR": 10}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_wsop_hand_replays_to_its_recorded_finishing_stacks(path):
    fields = read_phh(path.read_text())
    hand = replay_phh(fields)
    assert hand.over
    assert [hand.result().stacks[p] for p in hand.players] == fields["finishing_stacks"]


def test_the_record_code_picks_the_shipped_game_by_its_structure():
    assert phh_variant("F7S").deck.ranking == "high"
    assert phh_variant("FR").deck.ranking == "ace_to_five_low"
    assert phh_variant("F7S/8").steps[-1].rankings == ("high", "eight_or_better_low")


def test_cards_nobody_saw_do_not_take_the_bring_in():
    # hand 50 (hi-lo): p4's three cards are '??????' and he folds; the up card
    # filled in for him is a high one, so p3's 3h (the lowest of 6d, Js, 3h,
    # Ah seen) still brings in, as the record's 'p3 pb' says
    fields = read_phh((DATA / "wsop-2023-43-5-50.phh").read_text())
    assert "d dh p4 ??????" in fields["actions"]
    hand = replay_phh(fields)
    assert [e.player for e in hand.events if e.type == "bring_in"] == ["p3"]


def test_a_raise_putting_every_opponent_all_in_may_be_written_as_what_they_can_match():
    # hand 85, razz heads-up, sixth street: p1 bets 600000 with 750000 left
    # behind his ante and earlier bets (2650000 - 100000 - 3 x 600000); p2
    # 'cbr 750000' puts him all in. studrules' raise is to 1200000, the 450000
    # nobody can call goes back: p1 ends with 0, p2 with both stacks, 29700000
    hand = replay_phh_file(DATA / "wsop-2023-43-5-85.phh")
    assert [hand.result().stacks[p] for p in hand.players] == [0, 29700000]


def test_an_action_studrules_does_not_allow_is_an_error_naming_it():
    fields = read_phh((DATA / "wsop-2023-43-5-05.phh").read_text())
    fields["actions"] = [a.replace("p4 cbr 200000", "p4 cbr 123") for a in fields["actions"]]
    with pytest.raises(PHHReadError, match=r"action 10 \('p4 cbr 123'\)"):
        replay_phh(fields)


def test_a_record_that_stops_before_the_hand_ends_says_who_is_to_act():
    fields = read_phh((DATA / "wsop-2023-43-5-05.phh").read_text())
    fields["actions"] = fields["actions"][:6]  # the deal and p5's bring-in
    with pytest.raises(PHHReadError, match="ends before the hand does: p1 is to act"):
        replay_phh(fields)


def test_the_replay_command_prints_the_finishing_stacks():
    path = DATA / "wsop-2023-43-5-48.phh"
    run = subprocess.run(
        [sys.executable, "-m", "studrules", "replay-phh", str(path)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    # the file's finishing_stacks = [4537500, 1800000, 14400000, 6075000, 2887500]
    assert "4537500" in run.stdout and "matches the recorded finishing stacks" in run.stdout


def test_the_cards_filled_in_for_cards_nobody_saw_are_named_and_written_as_question_marks():
    # hand 49 (hi-lo): 'd dh p1 ??????' and 'd dh p5 ??????' -- six cards the
    # record does not show, three each, in the order dealt; p2, p3 and p4's
    # nine cards are written out
    fields = read_phh((DATA / "wsop-2023-43-5-49.phh").read_text())
    hand = replay_phh(fields)
    unseen = unseen_cards(fields, hand)
    assert unseen == set(hand.cards[0]) | set(hand.cards[4])
    assert len(unseen) == 6
    assert not unseen & {c for seat in (1, 2, 3) for c in hand.cards[seat]}
    text = history_text(hand, unseen)
    deals = [line.strip() for line in text.splitlines() if " is dealt " in line]
    assert deals.count("p1 is dealt ?? face down (not in the record)") == 2
    assert deals.count("p5 is dealt ?? face up (not in the record)") == 1
    assert "p2 is dealt Js face down" in deals  # a card the record shows
    # no card played in place of one nobody saw is named anywhere in the history
    assert not [c for c in unseen if str(c) in text]


def test_the_replay_command_writes_cards_nobody_saw_as_question_marks():
    run = subprocess.run(
        [sys.executable, "-m", "studrules", "replay-phh", str(DATA / "wsop-2023-43-5-49.phh"), "--show-history"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert "p1 is dealt ?? face up (not in the record)" in run.stdout
    assert "??: a card the record does not show" in run.stdout
    hand = replay_phh(read_phh((DATA / "wsop-2023-43-5-49.phh").read_text()))
    assert not [c for c in hand.cards[0] if f"is dealt {c}" in run.stdout]


def test_a_record_that_shows_every_card_has_none_unseen():
    fields = read_phh((DATA / "wsop-2023-43-5-05.phh").read_text())
    assert not any("??" in action for action in fields["actions"])
    hand = replay_phh(fields)
    assert unseen_cards(fields, hand) == frozenset()
    assert "??" not in history_text(hand, unseen_cards(fields, hand))


def test_a_file_of_several_hands_replays_each_against_its_own_record(tmp_path, monkeypatch, capsys):
    from cli_support import run

    # three of the event's hands, one a section, as export-phh writes a file of several
    chosen = FILES[:3]
    text = "".join(f"[{n}]\n{path.read_text()}\n" for n, path in enumerate(chosen, 1))
    (tmp_path / "three.phh").write_text(text)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "replay-phh", "three.phh")
    assert (code, err) == (0, "")
    assert [line for line in out.splitlines() if line.startswith("[")] == ["[1]", "[2]", "[3]"]
    assert out.count("matches the recorded finishing stacks") == 3
    assert out.splitlines()[-1] == "3 hands replayed; against the recorded finishing stacks all match"
    # the second hand's record altered: that hand differs, the file's exit code says so
    second = chosen[1].read_text()
    stated = read_phh(second)["finishing_stacks"]
    altered = [stated[0] + 1, stated[1] - 1, *stated[2:]]
    old = "finishing_stacks = [" + ", ".join(map(str, stated)) + "]"
    assert old in second
    (tmp_path / "three.phh").write_text(text.replace(old, "finishing_stacks = [" + ", ".join(map(str, altered)) + "]"))
    code, out, _ = run(capsys, "replay-phh", "three.phh")
    assert code == 3
    assert out.count("matches the recorded finishing stacks") == 2
    assert f"the record says {altered}" in out
    assert out.splitlines()[-1] == "3 hands replayed; against the recorded finishing stacks 1 of them differ"


OBSERVED = """
variant = 'F7S'
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100]
actions = ['d dh p1 ????Kc', 'd dh p2 QsQd2c', 'p2 pb', 'p1 cc', 'd dh p1 3c', 'd dh p2 6s', 'p1 cc', 'p2 cc',
  'd dh p1 4d', 'd dh p2 7d', 'p1 cc', 'p2 cc', 'd dh p1 5h', 'd dh p2 8h', 'p1 cc', 'p2 cc', 'd dh p1 9s',
  'd dh p2 Js', 'p1 cc', 'p2 cc', 'p1 sm AhAdKc3c4d5h9s', 'p2 sm QsQd2c6s7d8hJs']
finishing_stacks = [103, 97]
"""


def test_the_cards_a_player_shows_take_the_place_of_those_the_record_deals_unseen():
    # an observer's record: p1's hole cards are ?? when dealt, Ah Ad when shown. His pair of
    # aces beats p2's queens: a pot of 6 (antes 2, the bring-in 2 and its call 2), +3 each way.
    fields = read_phh(OBSERVED)
    hand = replay_phh(fields)
    assert [str(c) for c in hand.cards[0][:2]] == ["Ah", "Ad"]
    assert [hand.result().stacks[p] for p in hand.players] == [103, 97]
    assert unseen_cards(fields, hand) == frozenset()  # (shown: seen)
    shown_elsewhere = OBSERVED.replace("p1 sm AhAdKc3c4d5h9s", "p1 sm AhQsKc3c4d5h9s")
    with pytest.raises(PHHReadError, match="p1 shows Qs, which the record deals to another"):
        replay_phh(read_phh(shown_elsewhere))


def test_unseen_cards_of_a_folded_player_past_what_the_hand_dealt_him_are_no_crash(tmp_path):
    text = (
        OBSERVED.split("actions")[0] + "actions = ['d dh p1 AcAd2c', 'd dh p2 ??????', 'd dh p2 ??', 'p1 pb', 'p2 f']\n"
    )
    (tmp_path / "extra.phh").write_text(text)
    done = subprocess.run(
        [sys.executable, "-m", "studrules", "replay-phh", str(tmp_path / "extra.phh"), "--show-history"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in done.stderr and done.returncode == 0 and "finishing stacks [101, 99]" in done.stdout


def test_a_record_that_deals_a_player_too_many_cards_or_stops_dealing_to_him_is_refused():
    # seven-card stud deals a player seven cards: an eighth is no misdeal to void silently, and
    # streets the record does not deal would be played with cards the deck chose, not the hand's
    eighth = OBSERVED.replace("'d dh p2 Js',", "'d dh p2 Js', 'd dh p1 Ts',")
    with pytest.raises(PHHReadError, match="the record deals p1 8 cards, and seven-card-stud deals a player at most 7"):
        replay_phh(read_phh(eighth))
    missing = OBSERVED.replace("'d dh p2 Js',", "").replace(" QsQd2c6s7d8hJs", "")  # (his seventh card)
    with pytest.raises(PHHReadError, match="the record deals p2 6 cards, and the hand dealt him 7"):
        replay_phh(read_phh(missing))
