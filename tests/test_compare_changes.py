"""What `compare` counts as a change, on hands played by hand: the winner is
who takes the pot, the play is the players' decisions, the forced bets are
the antes, blinds and bring-ins the rules make them post.

Each pair of hands is dealt the same cards (given, not shuffled) under two
made-up rule sets and played with the actions written here, then counted as
one deal of a comparison (compare_support.py); what the counts should be is
worked out below from the rules and the actions."""

from __future__ import annotations

from compare_support import EVERYONE_FOLDS, TO_THE_SHOWDOWN, WITH_ANTE, WITHOUT_ANTE, compared


def _one_deal(text_a: str, actions_a: list[str], text_b: str, actions_b: list[str]):
    """The comparison of one deal played with these actions under A and under B."""
    return compared((text_a, actions_a, text_b, actions_b))


# --- the winner: who takes the pot -------------------------------------------------


def test_a_player_who_takes_the_pot_under_both_is_the_winner_of_both_whatever_his_net():
    # P2 brings in for 1 and the others fold: he takes the pot under both rules. With the
    # antes it holds 3 + 1 = 4 chips, 2 of them his: he nets +2. Without, it holds his own
    # bring-in: he nets 0. He wins both hands: the winner does not change.
    c = _one_deal(WITH_ANTE, EVERYONE_FOLDS, WITHOUT_ANTE, EVERYONE_FOLDS)
    assert (c.winner_changes.count, c.winner_changes.of) == (0, 1)
    # his result does change (+2: wins, 0: breaks even), and so do P1's and P3's (-1: lose, 0)
    assert c.result_changes.count == 1


def test_an_example_names_who_takes_the_pot_as_the_winner():
    # A (antes): P2 brings in, P3 calls, P1 folds; P2's three aces beat P3, who mucks. P2 takes
    # 3 antes + 1 + 1 = 5 chips: nets +3. B (no antes): P3 and P1 fold to P2's bring-in: he takes
    # back his 1 chip, nets 0. P2 wins both; P3 acts otherwise (calls, folds): the play changes.
    c = _one_deal(WITH_ANTE, TO_THE_SHOWDOWN, WITHOUT_ANTE, EVERYONE_FOLDS)
    assert c.winner_changes.count == 0
    (example,) = c.examples
    assert (example.winners_a, example.winners_b) == (("P2",), ("P2",))
    assert example.why == "play" and example.net_b["P2"] == 0
    assert "Winners: A P2, B P2" in _title(example)
    assert example.to_dict()["b"]["winners"] == ["P2"]


# --- the play: the players' decisions, in order -------------------------------------


def test_the_same_actions_after_an_ante_the_other_rules_lack_are_the_same_play():
    # the same three actions under both; A's history has three ante lines more, which puts every
    # later event three places further on: the players still act alike, so the play is the same.
    # The antes differ (forced bets), and with them every chip result: no deal to show.
    c = _one_deal(WITH_ANTE, EVERYONE_FOLDS, WITHOUT_ANTE, EVERYONE_FOLDS)
    assert (c.play_changes.count, c.play_changes.of) == (0, 1)
    assert c.history_changes.count == 1
    assert c.examples == ()


def test_the_histories_side_by_side_put_the_same_event_on_one_line_and_mark_where_a_player_acts_otherwise():
    # A: 3 antes, 6 cards dealt (down and up to each), P2's bring-in, P3 calls, P1 folds, 6 more
    # cards to P2 and P3, P2 shows, P3 mucks, P2 takes the pot: 21 events. B: no antes, the same
    # 6 cards, P2's bring-in, P3 folds, P1 folds, P2 takes the pot: 10 events.
    # Side by side: lines 1-3 A's antes alone; 4-9 the cards; 10 the bring-in; 11 P3 calls
    # under A, folds under B (the play parts); 12 P1 folds; 13-20 A's cards, show and muck
    # alone; 21 each hand's award to P2.
    (example,) = _one_deal(WITH_ANTE, TO_THE_SHOWDOWN, WITHOUT_ANTE, EVERYONE_FOLDS).examples
    assert len(example.lines) == 21
    assert example.lines[:3] == ((0, None), (1, None), (2, None))
    assert example.lines[3:12] == tuple((i + 3, i) for i in range(9))
    assert all(j is None for _, j in example.lines[12:20]) and example.lines[20] == (20, 9)
    assert example.first_difference == 10 and example.play_changes
    rows = {n: (ea, eb) for n, ea, eb in _rows(example)}
    assert rows[1] == ("P1 antes 1", "") and rows[4] == ("P1 is dealt Kd face down",) * 2
    assert rows[11] == ("P3 calls 1", "P3 folds") and rows[12] == ("P1 folds", "P1 folds")
    assert rows[21] == ("P2 wins 5 from the pot with three aces, five-two kickers", "P2 wins 1 from the pot")
    assert "the play parts at line 11" in _title(example)
    marked = [line for line in _text(example).splitlines() if line.startswith("\u25b6")]
    assert marked == ["\u25b6 11 " + "P3 calls 1".ljust(46) + " | P3 folds"]


# --- the forced bets: antes, blinds and bring-ins, not completions ----------------------


def test_a_bring_in_completed_under_one_and_posted_under_the_other_is_the_same_forced_bet():
    # the same rules; P2, due to bring in (his 2c is the lowest up card), completes to the bet
    # of 10 under A and posts the bring-in of 1 under B. Everyone antes 1 under both, and the
    # same player is due to bring in: the forced bets are the same; his choice is play.
    a = ["P2 complete 10", "P3 fold", "P1 fold"]
    c = _one_deal(WITH_ANTE, a, WITH_ANTE, EVERYONE_FOLDS)
    assert (c.forced_bet_changes.count, c.forced_bet_changes.of) == (0, 1)
    assert c.play_changes.count == 1
    # the same actions, the bring-in 1 chip under A and 2 under B: P2 posts 1 and 2, another
    # forced bet (the amount still counts where both post it)
    larger = WITH_ANTE.replace("bring_in: ante}", "bring_in: 2 * ante}")
    c = _one_deal(WITH_ANTE, EVERYONE_FOLDS, larger, EVERYONE_FOLDS)
    assert c.forced_bet_changes.count == 1 and c.play_changes.count == 0


def _rows(example):
    from studrules.analysis.compare_report import example_rows

    return example_rows(example)


def _text(example) -> str:
    from studrules.analysis.compare_report import format_example

    return format_example(example)


def _title(example) -> str:
    from studrules.analysis.compare_report import example_title

    return example_title(example)


def test_a_show_asked_for_where_the_other_file_shows_every_hand_is_no_change_of_play():
    # the French text shows every hand still in (muck: false); the same file asking each
    # player (muck: true) has check/call bots show every time: the same play. The shows were
    # counted as decisions of one side alone: 'the play changes' in every deal with a showdown
    from studrules.analysis.compare import compare
    from studrules.spec.loader import load_variant, load_variant_text

    asks = load_variant_text(
        "extends: five-card-stud-fr\nname: fr-asks\nsteps:\n  - showdown: {id: showdown, muck: true}\n",
        file="fr-asks.yaml",
    )
    c = compare(load_variant("five-card-stud-fr"), asks, deals=40, seed=3, players=3, policies=["check-call"])
    assert c.play_changes.count == 0 and c.winner_changes.count == 0
