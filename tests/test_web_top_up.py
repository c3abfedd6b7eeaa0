"""Topping up at a browser table (:meth:`studrules.web.rebuys._Rebuys.top_up`): between
hands a person with chips left but fewer than the buy-in buys what brings him up to it,
a purchase the table's rebuys count; the page offers it (``you.top_up``), a refusal says
why and changes nothing.

The tables of tests/test_web_rebuys.py: the French file at a low limit of 2 (an ante of 1,
a bring-in of 1), a buy-in of 20; Ann folds whenever she may against check-call bots."""

from __future__ import annotations

import pytest
from test_web_rebuys import (  # noqa: F401  (client: the fixture)
    BUY_IN,
    _as_it_is,
    _chips,
    _next_hand,
    _passive,
    _room,
    ann_and_a_bot_over_the_socket,
    client,
)

from studrules.web.rebuys import standings
from studrules.web.room import TableError
from studrules.web.room_view import snapshot

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _one_hand(room, people, folder="Ann"):
    """A hand played out, ``folder`` folding at his first chance; the table between hands after it."""
    while room.state != "playing":
        _next_hand(room)
    while room.state == "playing":
        hand = room.hand
        legal = {la.action for la in hand.legal_actions()}
        person = people.get(hand.to_act) or next(s for s in room.seats if s is not None and s.name == hand.to_act)
        room.act(person, "fold" if hand.to_act == folder and "fold" in legal else _passive(hand))


def test_a_short_stack_tops_up_to_the_buy_in_between_hands():
    room, people = _room()
    ann = people["Ann"]
    assert snapshot(room, ann)["you"]["top_up"] is None  # (a hand she is in is being played)
    _one_hand(room, people)
    short = ann.stack
    # she antes 1 and folds at her first turn (having brought in 1 where she had to): 18 or 19
    assert short in (BUY_IN - 1, BUY_IN - 2)
    offer = snapshot(room, ann)["you"]["top_up"]
    assert offer == {"to": BUY_IN, "chips": BUY_IN - short, "used": 0, "limit": 3}
    room.top_up(ann)
    assert ann.stack == room.session.stacks["Ann"] == BUY_IN
    assert room.log[-1] == f"Ann buys {BUY_IN - short} more, up to the buy-in of 20 (rebuy 1 of 3)"
    assert snapshot(room, ann)["you"]["top_up"] is None
    # bought: her 20 and the top-up; every chip at the table is one bought
    row = next(r for r in standings(room) if r["name"] == "Ann")
    assert (row["bought"], row["rebuys"], row["stack"]) == (BUY_IN + BUY_IN - short, 1, BUY_IN)
    assert _chips(room) == 2 * BUY_IN + BUY_IN - short
    _one_hand(room, people)  # she plays the next hand with the buy-in
    assert room.session.played == 2


def test_a_top_up_is_refused_with_why_and_changes_nothing():
    room, people = _room(rebuy_limit=1)
    ann, bot = people["Ann"], room.seats[1]
    assert room.state == "playing" and "Ann" in room.hand.players  # (the first hand is dealt at the start)
    before = _as_it_is(room)
    with pytest.raises(TableError, match="you top up between hands: your stack is in play in this hand"):
        room.top_up(ann)
    with pytest.raises(TableError, match="a bot does not buy chips"):
        room.top_up(bot)
    assert _as_it_is(room) == before
    _one_hand(room, people)
    room.top_up(ann)  # the one purchase the table allows
    before = _as_it_is(room)
    with pytest.raises(TableError, match="you have 20: a top-up brings a stack up to the buy-in of 20, not past it"):
        room.top_up(ann)
    assert _as_it_is(room) == before
    _one_hand(room, people)
    before = _as_it_is(room)
    with pytest.raises(TableError, match="you have bought in again once: the table allows 1 rebuy a player"):
        room.top_up(ann)
    assert _as_it_is(room) == before


def test_no_top_up_where_the_table_allows_no_rebuys():
    room, people = _room(rebuys=False)
    _one_hand(room, people)
    assert snapshot(room, people["Ann"])["you"]["top_up"] is None
    with pytest.raises(TableError, match="this table does not allow rebuys"):
        room.top_up(people["Ann"])


def test_a_top_up_over_the_socket(client):  # noqa: F811
    with ann_and_a_bot_over_the_socket(client) as (ws, room):
        ws.send_json({"type": "top_up", "chips": 5})
        assert ws.receive_json()["type"] == "error"  # (the message takes nothing more)
        _one_hand(room, {"Ann": room.seats[0], "Bot1": room.seats[1]})
        ws.send_json({"type": "top_up"})
        state = ws.receive_json()
        while state.get("type") != "state" or not state["seats"][0]["rebuys"]:
            state = ws.receive_json()
    assert state["seats"][0]["stack"] == BUY_IN and state["you"]["top_up"] is None
