"""Every hand script in tests/scenarios/ played, and its ``expect:`` block checked.

The ``expect:`` block (worked out by hand from the rules, never pasted from
the program's output) may hold:

- ``events``: a list of partial events that must appear in this order in the
  history (each listed field must match; other events may come between);
- ``no_events``: event types that must not appear;
- ``next``: exactly the ``next`` of the output (``null`` once the hand is
  over), or only ``{player: NAME}`` to check who is to act;
- ``first_to_act``: ``{round: player}``, the first player to act in each round;
- ``result``: fields of the result that must be equal (``net``, ``stacks``,
  ``showdown_order``, ``house_net``; ``pots`` compared as a whole list);
- ``error``: words an IllegalActionError must contain (the hand must fail).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from studrules.errors import IllegalActionError
from studrules.records.script import load_script, play_script
from studrules.spec.source import plain

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))
_BETTING = {"bring_in", "complete", "bet", "raise", "call", "check", "fold"}


def _matches(event: dict, partial: dict) -> bool:
    return all(event.get(k) == v for k, v in partial.items())


def check_expectations(out: dict, expect: dict) -> None:
    events = out["events"]
    if "events" in expect:
        position = 0
        for wanted in expect["events"]:
            while position < len(events) and not _matches(events[position], wanted):
                position += 1
            assert position < len(events), f"event {wanted} not found (in order) in {events}"
            position += 1
    for kind in expect.get("no_events", ()):
        assert not any(e["type"] == kind for e in events), f"unexpected {kind} event"
    if "next" in expect:
        wanted = expect["next"]
        if wanted is None or "legal" in wanted:
            assert out["next"] == wanted
        else:
            assert out["next"] is not None and out["next"]["player"] == wanted["player"]
    for rnd, player in (expect.get("first_to_act") or {}).items():
        first = next((e["player"] for e in events if e["type"] in _BETTING and e.get("round") == int(rnd)), None)
        if first is None and out["next"] is not None:
            first = out["next"]["player"]  # the round has begun and nobody has acted yet
        assert first == player, f"round {rnd}: first to act {first}, not {player}"
    for key, value in (expect.get("result") or {}).items():
        assert out["result"] is not None, "the hand is not over"
        assert out["result"][key] == value, f"result {key}: {out['result'][key]} != {value}"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    script = load_script(path)
    expect = plain(script.expect) or {}
    if "error" in expect:
        with pytest.raises(IllegalActionError) as info:
            play_script(path)
        assert expect["error"] in str(info.value)
        return
    check_expectations(play_script(path), expect)


def test_there_are_scenarios_for_every_mechanism() -> None:
    names = {p.stem for p in SCENARIOS}
    for word in ("bring-in", "cap", "showdown", "odd-chip", "side-pot", "folds", "open-pair", "caribbean"):
        assert any(word in n for n in names), word
