"""A player who shows his hand at the showdown shows it by name: every hand
the showdown ranks for him. In a split game (hi-lo) the high and the low, or
"no low" where his cards make none that qualifies; in a declare game the
hand of each way he declared. The words are made once, in the show event,
so the terminal's log, its table, the history and the browser say the same.

The expected words are read from the cards with each ranking's own wording
(``describe``): a high hand as "pair of kings, ace-eight-five kickers", a low
as "eight-five-three-two-ace low"; the table shortens them as it shortens a
high hand ("pair of kings") and a low ("8-5-3-2-A").
"""

from __future__ import annotations

from pathlib import Path

from studrules.game.hand import Hand
from studrules.records.history import read_history, replay_hands, replay_history, replay_record, write_history
from studrules.records.phh import export_history
from studrules.spec.loader import load_variant
from studrules.table.display import history_lines, short_hand_words

# Ann: Ac 2d down, 3h 5s 8c Kd up, Kh down. High: a pair of kings with the ace, the eight and the
# five. Low, eight or better: A-2-3-5-8, five ranks of eight or less.
ANN = "Ac 2d 3h 5s 8c Kd Kh"
# Bob: queens and nines, the jack the best other card. Of his ranks only the four is eight or less: no low.
BOB = "Qs Qd 9h Ts Jc 9c 4s"
# Cat: a pair of jacks with the ten, the seven and the six; his lowest five ranks: T-7-6-4-2.
CAT = "7d 6d 4h 2c Jd Js Th"

OLD_HISTORY = Path(__file__).parent / "data" / "history" / "hi-lo-shown-before-every-hand-was-named.jsonl"


def played(name: str, cards: dict[str, str], declarations: dict[str, str] | None = None) -> Hand:
    """The hand checked and called down; every player shows; each declares as told."""
    hand = Hand(load_variant(name), list(cards), 1000, seed=1, cards={p: c.split() for p, c in cards.items()})
    while not hand.over:
        if hand.phase == "declare":
            hand.apply(f"{hand.to_act} declare {(declarations or {})[hand.to_act]}")
        elif hand.phase == "showdown":
            hand.apply(f"{hand.to_act} show")
        else:
            hand.check_or_call()
    return hand


def shown(hand: Hand) -> dict[str, str | None]:
    return {e.player: e.hand for e in hand.events if e.type == "show"}


def test_a_hi_lo_show_names_the_high_and_the_low_hand():
    hand = played("seven-card-stud-hi-lo", {"Ann": ANN, "Bob": BOB})
    assert shown(hand) == {
        "Ann": "pair of kings, ace-eight-five kickers; eight-five-three-two-ace low",
        "Bob": "two pair, queens and nines, jack kicker; no low",
    }
    lines = [e.describe() for e in hand.events if e.type == "show"]
    assert f"Ann shows {ANN}: pair of kings, ace-eight-five kickers; eight-five-three-two-ace low" in lines


def test_a_declare_show_names_the_hand_of_each_way_he_declared():
    # the declare game's low is any ace-to-five low (no qualifier)
    declarations = {"Ann": "low", "Bob": "high", "Cat": "both"}
    hand = played("seven-card-stud-hi-lo-declare", {"Ann": ANN, "Bob": BOB, "Cat": CAT}, declarations)
    assert shown(hand) == {
        "Ann": "eight-five-three-two-ace low",
        "Bob": "two pair, queens and nines, jack kicker",
        "Cat": "pair of jacks, ten-seven-six kickers; ten-seven-six-four-two low",
    }


def test_the_table_shortens_each_hand_of_a_show():
    hand = played("seven-card-stud-hi-lo", {"Ann": ANN, "Bob": BOB})
    assert short_hand_words(shown(hand)["Bob"] or "") == "two pair, queens and nines; no low"
    plain = [line.plain for line in history_lines(hand.events, "Ann", False)]
    assert f"Ann shows {ANN}: pair of kings; 8-5-3-2-A" in plain


def test_the_browser_log_names_both_hands():
    from studrules.web.protocol import hand_payload

    hand = played("seven-card-stud-hi-lo", {"Ann": ANN, "Bob": BOB})
    events = hand_payload(hand, "Bob", hand.variant)["events"]
    assert f"Bob shows {BOB}: two pair, queens and nines, jack kicker; no low" in events


def test_a_hand_that_names_both_hands_replays_from_its_history(tmp_path):
    hand = played("seven-card-stud-hi-lo", {"Ann": ANN, "Bob": BOB})
    path = tmp_path / "hilo.jsonl"
    write_history(path, [hand])
    assert [r.net for r in replay_history(path)] == [hand.result().net]


def test_a_history_written_when_a_show_named_the_high_hand_alone_still_replays():
    # written by studrules before this change (three hi-lo hands, two declare hands, bots playing):
    # its digests stand for shows that named the first ranking's hand alone
    hands = replay_hands(OLD_HISTORY)
    assert len(hands) == 5
    words = [e.hand for h in hands for e in h.events if e.type == "show"]
    assert "straight, seven high; six-five-four-three-ace low" in words  # the high hand and the low, now
    text, skipped = export_history(OLD_HISTORY)  # PHH reads the hi-lo hands (it has no code for declare)
    assert text.count('variant = "F7S/8"') == 3 and len(skipped) == 2


def test_a_history_whose_events_differ_otherwise_is_still_refused():
    record = read_history(OLD_HISTORY)[0]
    record["digest"] = "0" * 20
    try:
        replay_record(record)
    except Exception as err:
        assert "does not replay the same" in str(err)
    else:
        raise AssertionError("a wrong digest was accepted")
