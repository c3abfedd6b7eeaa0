"""The chat of a browser table: a player's line is seen by every seat and
spectator as he wrote it (as text), a line a second at most, none empty,
none longer than 200 characters, none with a control or direction-override
character; a spectator reads and cannot write."""

from __future__ import annotations

import json

import pytest
from web_support import Clock, web_test_client

from studrules.web.app import create_app
from studrules.web.protocol import ProtocolError, parse_message
from studrules.web.room import Room, TableConfig, TableError
from studrules.web.room_view import snapshot

TestClient = web_test_client()  # (the module is skipped without the web extra)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

FR = "five-card-stud-fr"


def _room():
    room = Room("t", TableConfig(variants=(FR,), seats=3, pause=60, seed=1), clock=Clock())
    return room, room.join("Ann"), room.join("Bob")


def test_a_line_is_seen_by_every_seat_and_the_spectators_as_written():
    room, ann, bob = _room()
    room.say(ann, "  good   luck, <b>all</b>  ")  # spaces run together; the rest as written (the page writes text)
    room.say(bob, "שלום 🙂")
    lines = [{"name": "Ann", "text": "good luck, <b>all</b>"}, {"name": "Bob", "text": "שלום 🙂"}]
    assert snapshot(room, ann)["chat"] == lines and snapshot(room, None)["chat"] == lines


def test_an_empty_line_and_a_flood_are_refused():
    room, ann, bob = _room()
    with pytest.raises(TableError, match="empty"):
        room.say(ann, "   ")
    for i in range(5):  # five at once
        room.say(ann, f"line {i}")
    with pytest.raises(TableError, match="slow down"):
        room.say(ann, "one more")
    room.say(bob, "mine")  # (each seat has its own)
    room.clock.now += 1.0  # a second later: one more
    room.say(ann, "one more")
    assert [c["text"] for c in room.chat][-2:] == ["mine", "one more"] and len(room.chat) == 7


def test_the_chat_keeps_the_last_hundred_lines():
    room, ann, _ = _room()
    for i in range(120):
        room.clock.now += 1.0
        room.say(ann, str(i))
    assert [c["text"] for c in room.chat] == [str(i) for i in range(20, 120)]
    assert [c["text"] for c in snapshot(room, ann)["chat"]] == [str(i) for i in range(70, 120)]


@pytest.mark.parametrize("text", ["", "x" * 201, "a\nb", "a\u202eb", "a\u2066b", "a\x07b", 5, None])
def test_a_line_the_protocol_refuses(text):
    with pytest.raises(ProtocolError):
        parse_message(json.dumps({"type": "say", "text": text}))


def test_a_spectator_cannot_write():
    with TestClient(create_app(":memory:", seeded_tables=True)) as client:
        t = client.post("/api/tables", json={"host": "Ann", "variants": [FR], "seats": 2}).json()
        with client.websocket_connect(f"/ws/{t['table']}") as ws:
            ws.send_json({"type": "watch"})
            ws.receive_json()
            ws.send_json({"type": "say", "text": "hi"})
            assert ws.receive_json()["type"] == "error"
        with client.websocket_connect(f"/ws/{t['table']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"]})
            ws.receive_json()
            ws.send_json({"type": "say", "text": "hi"})
            assert ws.receive_json()["chat"] == [{"name": "Ann", "text": "hi"}]
