"""A restart keeps a table as it was when fewer players sit at it than its games start
with (an audit's findings): a table of a pot game and a game against the house where one
player plays on alone against the house goes on, and a finished table keeps its standings
(the chips each bought, his rebuys), its hands and hands won, so they still balance."""

from __future__ import annotations

import pytest
from web_support import Clock

from studrules.web.rebuys import standings

pytest.importorskip("starlette")

from studrules.web.app import Server


def _play_out(room, clock, seats) -> None:
    """Every seat checks, calls or shows where it can (else its first choice) to the end of the hand."""
    number = room._number()
    while room.state == "playing" and room._number() == number:
        seat = seats[room.hand.to_act]
        legal = {la.action: la for la in room.hand.legal_actions()}
        verb = next((v for v in ("check", "call", "show", "bring-in") if v in legal), next(iter(legal)))
        room.act(seat, verb, legal[verb].min if legal[verb].min is not None else None)


def _next(room, clock) -> None:
    clock.now = room.deadline if room.deadline is not None else clock.now
    room.tick()


def test_a_player_alone_against_the_house_at_a_mixed_table_plays_on_after_a_restart(tmp_path):
    db, clock = tmp_path / "t.db", Clock()
    server = Server(db, clock=clock)
    room, ann = server.create({"host": "Ann", "variants": ["razz", "mississippi-stud"], "seats": 3, "pause": 5})
    bob = server.join(room, "Bob")
    room.start(ann)
    room.leave(ann)  # she folds at her turn and stands up after the hand
    seats = {"Ann": ann, "Bob": bob}
    while room.hand.to_act == "Ann":
        _next(room, clock)
    _play_out(room, clock, seats)
    for _ in range(3):  # Bob alone: the table deals him the game against the house
        _next(room, clock)
        assert room.state == "playing" and room.hand.players == ("Bob",)
        _play_out(room, clock, seats)
    before = (room._number(), bob.stack, room.session.house_net, {"Bob": room.session.won["Bob"]})
    assert room.state == "between"
    server.store.close()

    back = Server(db, clock=clock).rooms[room.id]
    assert back.state == "between" and back.session is not None  # (it ended: "too few players")
    her = next(s for s in back.seats if s is not None and s.name == "Bob")
    assert (back._number(), her.stack, back.session.house_net, dict(back.session.won)) == before
    _next(back, clock)
    assert back.state == "playing" and back.hand.players == ("Bob",)


def test_a_finished_table_keeps_its_standings_hands_and_rebuys_after_a_restart(tmp_path):
    db, clock = tmp_path / "t.db", Clock()
    server = Server(db, clock=clock)
    room, ann = server.create({"host": "Ann", "variants": ["razz"], "seats": 2, "pause": 5, "buy_in": 30})
    bob = server.join(room, "Bob")
    seats = {"Ann": ann, "Bob": bob}
    room.start(ann)
    # Ann raises at every chance, Bob calls, until one of them is out of chips and buys in again
    while not room.waiting_for():
        if room.state == "playing":
            seat = seats[room.hand.to_act]
            legal = {la.action: la for la in room.hand.legal_actions()}
            verbs = ("raise", "complete", "bet", "call", "check", "bring-in", "show")
            verb = next(v for v in (verbs if seat is ann else verbs[3:]) if v in legal)
            room.act(seat, verb, legal[verb].min if verb in ("raise", "complete", "bet") else None)
        else:
            _next(room, clock)
    (out,) = room.waiting_for()
    room.rebuy(seats[out])
    while room.state != "playing":
        _next(room, clock)
    _play_out(room, clock, seats)
    room.leave(bob if out == "Ann" else ann)  # the other leaves: the game is over
    while room.state != "over":
        _next(room, clock)
    kept = (standings(room), room._number(), {out: room.session.won[out]})  # (hands won: of those seated)
    assert sum(s["net"] for s in kept[0]) == 0 and [s["rebuys"] for s in kept[0] if s["name"] == out] == [1]
    server.store.close()

    back = Server(db, clock=clock).rooms[room.id]
    assert back.state == "over"
    assert (standings(back), back._number(), dict(back.session.won)) == kept and kept[1] > 1
