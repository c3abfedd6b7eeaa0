"""Hand histories: JSON lines that replay exactly (write -> replay gives identical events)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from studrules.errors import ScriptError, StudrulesError
from studrules.game.hand import Hand
from studrules.game.policies import make_policy, play_hand
from studrules.records.history import (
    HistoryWriter,
    is_history_file,
    read_history,
    record_script,
    replay_hands,
    replay_history,
    write_history,
)
from studrules.spec.loader import load_variant

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]
GAMES = [
    "five-card-stud-fr",
    "seven-card-stud",
    "razz",
    "seven-card-stud-hi-lo",
    "caribbean-stud-it",
    "stud-ru-casino",
    "five-card-stud-ru-home",
]


def played(name, seed, **kw):
    v = load_variant(name, **kw)
    h = Hand(v, PLAYERS, 300, seed=seed)
    play_hand(h, {p: make_policy("random", seed=seed * 10 + i) for i, p in enumerate(PLAYERS)})
    return h


def test_histories_round_trip_with_identical_events_for_every_shipped_variant(tmp_path):
    hands = [played(name, seed) for name in GAMES for seed in range(6)]
    path = tmp_path / "h.jsonl"
    assert write_history(path, hands) == len(hands)
    again = replay_hands(path)
    assert [h.events for h in again] == [h.events for h in hands]
    assert [r.net for r in replay_history(path)] == [h.result().net for h in hands]


@pytest.mark.parametrize("name", ["anaconda", "english-stud", "super-stud"])
def test_a_history_of_a_game_with_passes_or_draws_replays(tmp_path, name):
    # a record's cards are each player's cards as the deck gave them: a pass (anaconda) put the
    # neighbour's cards in his list and a draw (english-stud's twists, super-stud's draw) left
    # the discarded ones out, so the replay dealt other cards and stopped at an illegal action
    hands = [played(name, seed) for seed in range(4)]
    path = tmp_path / "h.jsonl"
    write_history(path, hands)
    assert [h.events for h in replay_hands(path)] == [h.events for h in hands]
    # a discarded card is kept in the record, after it the new one
    for hand, record in zip(hands, read_history(path), strict=True):
        for e in hand.events:
            if e.type == "discard" and e.cards:
                assert set(map(str, e.cards)) <= set(record["cards"][e.player])


def test_a_record_holds_variant_options_stakes_players_stacks_cards_and_actions(tmp_path):
    v = load_variant("five-card-stud-fr", stakes={"low_limit": 20})
    h = Hand(v, ["Ann", "Bob"], [150, 90], seed=5)
    play_hand(h, {p: make_policy("check-call") for p in h.players})
    path = tmp_path / "one.jsonl"
    write_history(path, [h])
    (record,) = read_history(path)
    assert record["variant"] == "five-card-stud-fr"
    assert record["stakes"]["low_limit"] == 20
    assert record["players"] == ["Ann", "Bob"] and record["stacks"] == [150, 90]
    assert record["cards"]["Ann"] == [str(c) for c in h.cards_of("Ann")]
    assert record["actions"] == [str(a) for a in h.actions]
    # every line is one JSON object, and a hand script once the extra keys are left out
    assert set(record_script(record)) <= {
        "variant",
        "options",
        "stakes",
        "players",
        "stacks",
        "cards",
        "seed",
        "antes",
        "actions",
    }
    assert replay_hands(path)[0].events == h.events


def test_options_are_kept(tmp_path):
    v = load_variant("five-card-stud-ru-home")
    if not v.options:
        pytest.skip("no options to choose")
    option = v.options[0]
    other = next(c.name for c in option.choices if c.name != option.default)
    h = played("five-card-stud-ru-home", 3, options={option.name: other})
    path = tmp_path / "o.jsonl"
    write_history(path, [h])
    assert read_history(path)[0]["options"][option.name] == other
    assert replay_hands(path)[0].events == h.events


def test_a_tampered_history_does_not_replay_silently(tmp_path):
    h = played("razz", 1)
    path = tmp_path / "t.jsonl"
    write_history(path, [h])
    record = read_history(path)[0]
    record["cards"]["Ann"][0], record["cards"]["Bob"][0] = record["cards"]["Bob"][0], record["cards"]["Ann"][0]
    path.write_text(json.dumps(record) + "\n")
    with pytest.raises(StudrulesError):
        replay_hands(path)


def test_a_line_that_is_not_json_is_located(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"variant": "razz", "players": ["A", "B"]}\nnot json\n')
    with pytest.raises(ScriptError) as err:
        read_history(path)
    assert "line 2" in str(err.value)


def test_history_files_are_recognised_by_suffix_or_first_line(tmp_path):
    h = played("razz", 2)
    a = tmp_path / "a.jsonl"
    b = tmp_path / "b.txt"
    write_history(a, [h])
    b.write_text(a.read_text())
    script = tmp_path / "s.json"
    script.write_text(json.dumps({"variant": "razz", "players": ["Ann", "Bob"], "actions": []}))
    assert is_history_file(a) and is_history_file(b) and not is_history_file(script)


def test_writer_flushes_each_hand(tmp_path):
    path = tmp_path / "w.jsonl"
    with HistoryWriter(path) as out:
        out.write(played("razz", 3), number=1)
        assert len(path.read_text().splitlines()) == 1


def test_replay_command_reads_a_history(tmp_path):
    path = tmp_path / "c.jsonl"
    write_history(path, [played("five-card-stud-fr", 4), played("razz", 5)])
    out = subprocess.run(
        [sys.executable, "-m", "studrules", "replay", str(path), "--json"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert len(data["hands"]) == 2 and all(h["next"] is None for h in data["hands"])
    text = subprocess.run(
        [sys.executable, "-m", "studrules", "replay", str(path)], capture_output=True, text=True, timeout=60
    ).stdout
    assert "== hand 2" in text


def test_a_shipped_file_of_any_folder_is_named_by_its_name_and_another_file_by_its_path(tmp_path):
    """A history shared with a friend (a bug report, a rule dispute) must replay on his
    machine, whose install has another path: a shipped game is written by the name that
    loads it, whichever folder ships it; a file of the user's own by its path."""
    from studrules.records.history import variant_reference
    from studrules.spec.loader import shipped_variants
    from studrules.spec.resources import variants_dir

    by_folder = {}
    for path in shipped_variants():
        by_folder.setdefault(path.parent, path)
    assert len(by_folder) >= 3  # the variants folder and its groups' (house, catalogue)
    for path in by_folder.values():
        assert variant_reference(load_variant(path)) == path.stem
        assert variant_reference(load_variant(path.stem)) == path.stem
    own = tmp_path / f"{next(iter(by_folder.values())).stem}.yaml"  # a copy: same name, another place
    own.write_text(next(iter(by_folder.values())).read_text())
    assert variant_reference(load_variant(own)) == str(own.resolve())
    assert variants_dir() not in own.parents


def test_a_changed_line_of_a_hand_against_the_house_is_refused_with_a_message(tmp_path):
    # a hand against the house has no showdown step (its positions show at the settlement):
    # checking its events against a digest they do not match read the showdown's rules it
    # never had, and replay ended in an AttributeError traceback
    v = load_variant("three-card-poker")
    h = Hand(v, ["Ann", "Bob"], 100, seed=4)
    play_hand(h, {p: make_policy("strategy") for p in h.players})
    path = tmp_path / "h.jsonl"
    write_history(path, [h])
    record = json.loads(path.read_text())
    record["digest"] = "0" * 20
    path.write_text(json.dumps(record) + "\n")
    with pytest.raises(StudrulesError, match="does not replay the same: its events differ from the recorded ones"):
        replay_history(path)


def test_a_history_replays_one_hand_at_a_time_and_its_problems_come_after_the_good_hands(tmp_path):
    from studrules.errors import SpecErrors
    from studrules.records.history import iter_replayed, write_history

    variant = load_variant("razz")
    hands = []
    for seed in (1, 2):
        hand = Hand(variant, ["Ann", "Bob"], 100, seed=seed)
        while not hand.is_over:
            hand.check_or_call()
        hands.append(hand)
    path = tmp_path / "h.jsonl"
    write_history(path, hands)
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text(lines[0] + "\n" + lines[1].replace('"razz"', '"no-such-game"') + "\n", encoding="utf-8")
    replayed = iter_replayed(path)
    first = next(replayed)  # (played before the second line is)
    assert first.result().net == hands[0].result().net
    with pytest.raises(SpecErrors, match="hand 2: no variant 'no-such-game'"):
        next(replayed)


def _a_good_line_and_one_of_no_game(tmp_path):
    """A history's path, a razz hand's line, and the same line naming a game that is not there."""
    hand = played("razz", 1)
    path = tmp_path / "h.jsonl"
    write_history(path, [hand, hand])
    good, second = path.read_text(encoding="utf-8").splitlines()
    return path, good, second.replace('"razz"', '"no-such-game"')


def test_a_history_is_read_a_line_at_a_time_and_a_line_that_is_no_record_is_said_with_the_problems_before_it(
    tmp_path,
):
    from studrules.errors import SpecErrors
    from studrules.records.history import iter_history_located

    path, good, renamed = _a_good_line_and_one_of_no_game(tmp_path)
    path.write_text(f"{good}\n{renamed}\nnot json\n", encoding="utf-8")
    records = iter_history_located(path)
    where, first = next(records)  # (given before the third line is read)
    assert where.line == 1 and first == json.loads(good)
    with pytest.raises(SpecErrors) as err:
        replay_hands(path)
    said = [str(e) for e in err.value.errors]
    assert len(said) == 2 and "hand 2: no variant 'no-such-game'" in said[0] and "line 3 is not JSON" in said[1]
    path.write_text(f"{good}\nnot json\n", encoding="utf-8")  # that line alone: said as the reader says it
    with pytest.raises(ScriptError, match="line 2 is not JSON"):
        replay_hands(path)


def test_a_history_that_is_one_object_with_a_hands_list_over_many_lines_is_read_whole(tmp_path):
    hands = [played("razz", 1), played("seven-card-stud", 2)]
    lines = tmp_path / "h.jsonl"
    write_history(lines, hands)
    whole = tmp_path / "whole.json"
    records = [json.loads(line) for line in lines.read_text(encoding="utf-8").splitlines()]
    whole.write_text(json.dumps({"hands": records}, indent=2), encoding="utf-8")
    assert read_history(whole) == records
    assert [h.result().net for h in replay_hands(whole)] == [h.result().net for h in hands]
    whole.write_text("{\n" + json.dumps({"hands": records})[1:-1] + "\n", encoding="utf-8")  # (no closing brace)
    with pytest.raises(ScriptError, match="line 1 is not JSON"):
        read_history(whole)


def test_a_record_the_disk_takes_only_part_of_is_taken_back_and_the_lines_before_it_stay_whole(tmp_path):
    # a file size limit of 6,000 bytes (as a full disk): the hands written before the failing one
    # stay, each line whole, so the history still replays and may be continued
    path = tmp_path / "h.jsonl"
    child = f"""
import resource
from studrules.errors import StudrulesError
from studrules.game.hand import Hand
from studrules.game.policies import make_policy, play_hand
from studrules.records.history import HistoryWriter
from studrules.spec.loader import load_variant
resource.setrlimit(resource.RLIMIT_FSIZE, (6000, 6000))
v = load_variant("razz")
with HistoryWriter({str(path)!r}) as out:
    for seed in range(50):
        h = Hand(v, ["Ann", "Bob"], 300, seed=seed)
        play_hand(h, {{p: make_policy("random", seed=seed) for p in h.players}})
        try:
            out.write(h, number=seed + 1)
        except StudrulesError as err:
            print(out.count, err)
            break
"""
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=60)
    written, _, said = done.stdout.partition(" ")
    assert done.returncode == 0 and "cannot write it (File too large)" in said, done.stderr
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n") and len(text.splitlines()) == int(written) >= 1
    assert len(replay_hands(path)) == int(written)


def test_the_lines_after_one_that_is_not_json_are_read_and_their_problems_said_too(tmp_path):
    from studrules.errors import SpecErrors

    path, good, renamed = _a_good_line_and_one_of_no_game(tmp_path)
    path.write_text(f"{good}\nnot json\n{renamed}\n", encoding="utf-8")
    with pytest.raises(SpecErrors) as err:
        replay_hands(path)
    said = [str(e) for e in err.value.errors]
    assert len(said) == 2 and "line 2 is not JSON" in said[0] and "no variant 'no-such-game'" in said[1]


def test_a_continued_history_numbers_its_hands_on_from_its_last(tmp_path):
    # --append after two hands: the next are hands 3 and 4 (they were 1 and 2 again, and
    # export-phh's "left out: hand 1" named two lines)
    from studrules.cli.main import main

    path = tmp_path / "h.jsonl"
    argv = ["play", "razz", "--bots-only", "-n", "2", "--history", str(path)]
    assert main([*argv, "--seed", "1"]) == 0
    assert main([*argv, "--seed", "2", "--append"]) == 0
    assert [r["hand"] for r in read_history(path)] == [1, 2, 3, 4]
    assert len(replay_hands(path)) == 4


def test_a_history_of_one_object_over_many_lines_is_read_whole_only_up_to_a_bound(tmp_path, monkeypatch):
    # (a .jsonl of 200 MB whose first line was "{" took 446 MB to read and refuse)
    from studrules.records import history_file

    whole = tmp_path / "whole.jsonl"
    whole.write_text('{\n"hands": []\n}\n' + " " * 200, encoding="utf-8")
    monkeypatch.setattr(history_file, "MAX_WHOLE", 100)
    with pytest.raises(ScriptError, match="read whole: at most 100 bytes, not 216"):
        read_history(whole)


def test_write_history_refuses_what_is_no_list_of_hands_and_leaves_the_file_as_it_was(tmp_path):
    # an audit's finding: one Hand (not [hand]) emptied the file, then failed with a TypeError
    from studrules.errors import ArgumentError
    from studrules.game.hand import Hand
    from studrules.game.policies import CheckCall, play_hand
    from studrules.records.history import write_history
    from studrules.spec.loader import load_variant

    hand = Hand(load_variant("razz"), ["Ann", "Bob"], 100, seed=2)
    play_hand(hand, {p: CheckCall() for p in hand.players})
    path = tmp_path / "h.jsonl"
    assert write_history(path, [hand]) == 1
    before = path.read_bytes()

    def later_none():  # a generator: its second item is found wrong only once the first is written
        yield hand
        yield None

    for hands, words in [
        (hand, "not a Hand: give [hand]"),
        ([hand, None], "hands[1] is neither a played hand nor a hand record"),
        ([{"a": 1}], "hands[0] is no hand record"),
        (later_none(), "hands[1] is neither"),
        ([hand, {"variant": "razz", "odd": {1, 2}}], "hands[1] cannot be written as JSON"),  # (a review's finding)
    ]:
        with pytest.raises(ArgumentError, match=re.escape(words)):
            write_history(path, hands)
        assert path.read_bytes() == before
    with pytest.raises(ArgumentError, match=re.escape("hands[1] is neither")):
        write_history(path, later_none(), append=True)  # (appending: nothing is added either)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.jsonl"]  # (no file left beside it)


def test_write_history_writes_through_a_link_and_keeps_the_file_s_mode(tmp_path):
    # a review's finding: a first fix wrote a file beside the history and moved it over the
    # path, which replaced a link with a plain file and a private file with a readable one
    import os

    from studrules.game.hand import Hand
    from studrules.game.policies import CheckCall, play_hand
    from studrules.records.history import write_history
    from studrules.spec.loader import load_variant

    hand = Hand(load_variant("razz"), ["Ann", "Bob"], 100, seed=2)
    play_hand(hand, {p: CheckCall() for p in hand.players})
    real, link = tmp_path / "real.jsonl", tmp_path / "link.jsonl"
    real.write_text("")
    real.chmod(0o600)
    link.symlink_to(real)
    assert write_history(link, [hand]) == 1
    assert link.is_symlink() and len(real.read_text().splitlines()) == 1
    assert os.stat(real).st_mode & 0o777 == 0o600
