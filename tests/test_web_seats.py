"""Seats after the start, a restart between hands and mid-hand, spectators
and the public facts next to each seat, at the table in a browser (issue 17),
without a browser: the rooms directly, and Starlette's test client over a
temporary SQLite store."""

from __future__ import annotations

import json
import re

import pytest
from web_support import Clock, web_test_client

from studrules.web.app import Server, create_app
from studrules.web.protocol import parse_message
from studrules.web.room import Room, TableConfig, TableError
from studrules.web.room_view import snapshot

TestClient = web_test_client()  # (the module is skipped without the web extra)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

FR = "five-card-stud-fr"
HILO = "seven-card-stud-hi-lo"
DECLARE = "five-stud-hilo-declare"
CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def _room(seats=3, **settings):
    config = TableConfig(**({"variants": (FR,), "seats": seats, "timeout": 30, "pause": 60, "seed": 7} | settings))
    room = Room("t", config, clock=Clock())
    return room, room.join("Ann"), room.join("Bob")


def _passive(hand, player):
    """Check, call, bring in, declare or show: what a player who never bets does."""
    legal = {la.action: la for la in hand.legal_actions()}
    for verb in ("check", "call", "bring-in", "show"):
        if verb in legal:
            return verb, None
    if "declare" in legal:
        return "declare", "high"
    raise AssertionError(f"no passive action for {player} in {sorted(legal)}")


def _play_out(room, seats):
    """Every person at ``room`` plays passively until the hand in play is over."""
    hand = room.hand
    for _ in range(200):
        if hand.is_over:
            return
        verb, word = _passive(hand, hand.to_act)
        room.act(seats[hand.to_act], verb, word=word)
    raise AssertionError("the hand did not end")


def _chips(room):
    return sum(s.stack for s in room.seats if s is not None) + sum(d["stack"] for d in room.departed)


# --- seats after the start -------------------------------------------------------------


def test_a_late_arrival_takes_a_free_seat_and_plays_from_the_next_hand():
    room, ann, bob = _room()
    room.start(ann)
    cat = room.join("Cat")  # during the first hand
    assert cat.number == 2 and cat.stack == 1000
    assert set(room.hand.players) == {"Ann", "Bob"}
    assert "plays from the next hand" in snapshot(room, cat)["seats"][2]["facts"]
    _play_out(room, {"Ann": ann, "Bob": bob})
    room.clock.now = 60  # the pause
    room.tick()
    assert set(room.hand.players) == {"Ann", "Bob", "Cat"}
    # chips: two buy-ins before, a third brought by Cat; none made or lost
    assert _chips(room) == 3000


def test_a_player_who_leaves_during_a_hand_is_folded_at_his_turn_and_stands_up_after_it():
    room, ann, bob = _room()
    cat = room.join("Cat")
    room.start(ann)
    hand = room.hand
    seats = {"Ann": ann, "Bob": bob, "Cat": cat}
    leaver = next(p for p in hand.players if p != hand.to_act and p != "Ann")
    room.leave(seats[leaver])
    assert seats[leaver].leaving and room.seats[seats[leaver].number] is seats[leaver]
    while not hand.is_over and hand.to_act != leaver:
        verb, word = _passive(hand, hand.to_act)
        room.act(seats[hand.to_act], verb, word=word)
    # his turn came: the room folded him at once (he never acts again)
    assert hand.folded[hand.players.index(leaver)]
    _play_out(room, {p: s for p, s in seats.items() if p != leaver})
    assert room.seats[seats[leaver].number] is None
    assert room.departed[-1]["name"] == leaver and leaver not in room.session.seating
    assert _chips(room) == 3000  # his stack went with him, recorded


def test_a_player_leaving_where_nobody_may_fold_facing_no_bet_checks_and_folds_at_the_first_bet():
    # seven-card stud folds only facing a bet: on fourth street, checked to him, he checks; once
    # a bet comes round, his hand is folded at his turn
    room, ann, bob = _room(variants=("seven-card-stud",))
    cat = room.join("Cat")
    room.start(ann)
    hand = room.hand
    seats = {"Ann": ann, "Bob": bob, "Cat": cat}
    while len(hand.cards_of(hand.to_act)) < 4:  # third street: everybody calls
        room.act(seats[hand.to_act], _passive(hand, hand.to_act)[0])
    first = hand.to_act
    leaver = next(p for p in hand.players if p != first)
    room.leave(seats[leaver])
    room.act(seats[first], "check")
    while hand.to_act != first:  # round to the first again: the leaver checked, the other checks
        if hand.to_act != leaver:
            room.act(seats[hand.to_act], "check")
    assert not hand.folded[hand.players.index(leaver)]
    assert [a.verb for a in hand.actions if a.player == leaver][-1] == "check"
    room.act(seats[first], "bet", 20)  # a bet: at his turn he folds
    while hand.to_act not in (first, None) and hand.to_act != leaver:
        room.act(seats[hand.to_act], "call")
    assert hand.folded[hand.players.index(leaver)]


def test_a_player_who_leaves_between_hands_stands_up_at_once_with_his_stack():
    room, ann, bob = _room()
    cat = room.join("Cat")
    room.start(ann)
    _play_out(room, {"Ann": ann, "Bob": bob, "Cat": cat})
    assert room.state == "between"
    stack = cat.stack
    room.leave(cat)
    assert room.seats[2] is None and room.departed == [{"name": "Cat", "stack": stack}]
    room.clock.now = 60
    room.tick()
    assert set(room.hand.players) == {"Ann", "Bob"} and _chips(room) == 3000


def test_a_player_who_sits_down_again_under_the_same_name_is_not_the_one_who_folded():
    # Cat leaves during hand 1 (folded at her turn), stands up after it, and sits down again as
    # Cat before hand 2: her new seat shows none of hand 1 (not folded, no cards), and she plays
    # from the next hand
    room, ann, bob = _room()
    cat = room.join("Cat")
    room.start(ann)
    hand = room.hand
    seats = {"Ann": ann, "Bob": bob, "Cat": cat}
    room.leave(cat)
    _play_out(room, {p: s for p, s in seats.items() if p != "Cat"} | {"Cat": cat})
    assert hand.folded[hand.players.index("Cat")] and room.seats[cat.number] is None
    again = room.join("Cat")
    view = snapshot(room, again)
    facts = next(x for x in view["seats"] if x is not None and x["name"] == "Cat")["facts"]
    assert "folded" not in facts
    # the last hand is shown to her as to a spectator: none of the first Cat's face-down cards
    seat = hand.players.index("Cat")
    down = {str(c) for c, face in zip(hand.cards[seat], hand.faces[seat]) if face == "down"}
    assert down and not down & set(CARD.findall(json.dumps(view["hand"])))


def test_the_box_of_a_game_that_changed_stays_for_that_hand_only():
    # one game at the table: hand 1 announces it; hand 2 deals the same game and says nothing of a change
    room, ann, bob = _room()
    room.start(ann)
    assert snapshot(room, ann)["announcement"] is not None
    _play_out(room, {"Ann": ann, "Bob": bob})
    room.clock.now = 60
    room.tick()
    assert room.hand is not None and snapshot(room, ann)["announcement"] is None


def test_the_host_removes_a_seat_or_gives_it_to_a_bot_and_nobody_else_may():
    room, ann, bob = _room()
    cat = room.join("Cat")
    room.start(ann)
    with pytest.raises(TableError, match="only the host"):
        room.remove(bob, 2)
    with pytest.raises(TableError, match="no seat 5: this table's seats are 0 to 2"):
        room.replace(ann, 5)  # a three-seat table
    hand = room.hand
    room.replace(ann, bob.number, "check-call")
    assert room.seats[bob.number] is bob and bob.bot == "check-call"
    with pytest.raises(TableError):
        room.seat_of(bob.token)  # his token no longer acts
    assert hand.to_act != "Bob"  # the bot played his turn if it was his
    room.remove(ann, cat.number)
    _play_out(room, {"Ann": ann, "Cat": cat})
    assert room.seats[cat.number] is None and _chips(room) == 3000


def test_a_restart_restores_the_seats_as_they_are(tmp_path):
    db = tmp_path / "tables.db"
    clock = Clock()
    server = Server(db, clock=clock, seeded_tables=True)
    room, ann = server.create({"host": "Ann", "variants": [FR], "seats": 4, "pause": 60, "seed": 5})
    bob, cat = server.join(room, "Bob"), server.join(room, "Cat")
    room.start(ann)
    dan = server.join(room, "Dan")  # late
    room.replace(ann, bob.number, "sensible")
    room.leave(cat)  # in the hand: he stands up when it ends
    _play_out(room, {"Ann": ann, "Cat": cat, "Dan": dan})
    seats = [(s.number, s.name, s.bot, s.stack) for s in room.seats if s is not None]
    assert [n for _, n, _, _ in seats] == ["Ann", "Bob", "Dan"]
    server.store.close()

    back = Server(db, clock=clock, seeded_tables=True).rooms[room.id]
    assert [(s.number, s.name, s.bot, s.stack) for s in back.seats if s is not None] == seats
    assert back.departed == room.departed and _chips(back) == 4000
    assert back.seat_of(dan.token).name == "Dan"
    back.tick()
    assert set(back.hand.players) == {"Ann", "Bob", "Dan"}


def test_a_leave_asked_during_a_hand_the_restart_returned_is_done_at_the_restart(tmp_path):
    db = tmp_path / "tables.db"
    server = Server(db, clock=Clock(), seeded_tables=True)
    room, ann = server.create({"host": "Ann", "variants": [FR], "seats": 3, "pause": 60, "seed": 5})
    bob, cat = server.join(room, "Bob"), server.join(room, "Cat")
    room.start(ann)
    room.leave(bob)
    server.store.close()
    back = Server(db, clock=Clock(), seeded_tables=True).rooms[room.id]
    assert [s.name for s in back.seats if s is not None] == ["Ann", "Cat"]
    assert back.departed == [{"name": "Bob", "stack": 1000}]  # the hand was returned: his buy-in whole
    del cat


# --- what a session carries, across a restart -------------------------------------------


def _kill_table(db, clock):
    """Ann (a person, checking and calling) and two bots at a high-low table
    with a kill: the seeded bots bet enough for a scoop to kill."""
    server = Server(db, clock=clock, seeded_tables=True)
    settings = {"host": "Ann", "variants": [HILO], "seats": 3, "pause": 0, "seed": 1, "options": {"kill": "scoop"}}
    room, ann = server.create(settings)
    for _ in range(2):
        server._save_seat(room, room.add_bot(ann, "sensible"))
    room.start(ann)
    return server, room, ann


def _until_killer(room, ann):
    for _ in range(400):
        if room.session.killer is not None and room.hand is not None and not room.hand.is_over:
            return
        if room.state == "playing" and room.hand.to_act == "Ann":
            verb, word = _passive(room.hand, "Ann")
            room.act(ann, verb, word=word)
        else:
            room.clock.now += 1
            room.tick()
    raise AssertionError("no kill in 400 steps")


@pytest.mark.parametrize("when", ["between hands", "mid-hand"])
def test_a_restart_keeps_hands_won_and_a_kills_legs(tmp_path, when):
    db = tmp_path / "tables.db"
    clock = Clock()
    server, room, ann = _kill_table(db, clock)
    _until_killer(room, ann)  # a hand is in play, killed by the last hand's scooper
    killer = room.session.killer
    carried = room.session.carried()  # after the last finished hand: the one in play counts for nothing yet
    stacks = {s.name: s.stack for s in room.seats}
    if when == "between hands":
        _play_out(room, {"Ann": ann})
        carried, stacks = room.session.carried(), {s.name: s.stack for s in room.seats}
        killer = room.session.killer
    assert sum(carried["won"].values()) >= 1
    server.store.close()

    back = Server(db, clock=clock, seeded_tables=True).rooms[room.id]
    assert back.session.carried() == carried
    assert {s.name: s.stack for s in back.seats} == stacks and sum(stacks.values()) == 3000
    back.tick()  # the next hand: killed by the one who had the legs
    assert back.report.killer == (killer if killer in back.report.players else None)
    if killer is not None:
        assert "kills this hand" in snapshot(back, None)["seats"][[s.name for s in back.seats].index(killer)]["facts"]


# --- spectators ----------------------------------------------------------------------


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "tables.db", seeded_tables=True)) as c:
        yield c


def test_a_spectators_whole_traffic_has_no_hidden_card_and_he_cannot_act(client):
    r = client.post("/api/tables", json={"host": "Ann", "variants": [FR], "seats": 3, "pause": 60, "seed": 7})
    table, token = r.json()["table"], r.json()["token"]
    assert client.get(f"/w/{table}").status_code == 200  # the spectators' link
    room: Room = client.app.state.server.rooms[table]
    traffic: list[str] = []
    with client.websocket_connect(f"/ws/{table}") as host, client.websocket_connect(f"/ws/{table}") as watcher:
        host.send_json({"type": "hello", "token": token})
        host.receive_json()
        watcher.send_json({"type": "watch"})
        traffic.append(watcher.receive_text())
        assert json.loads(traffic[0])["you"] is None
        host.send_json({"type": "bot", "kind": "check-call"})
        host.send_json({"type": "bot", "kind": "check-call"})
        host.send_json({"type": "start"})
        for _ in range(3):
            host.receive_json()
            traffic.append(watcher.receive_text())
        hand = room.hand
        for _ in range(60):  # Ann plays passively to the end; each change reaches the watcher
            if hand.is_over:
                break
            verb, word = _passive(hand, "Ann")
            host.send_json({"type": "act", "verb": verb, "word": word})
            host.receive_json()
            traffic.append(watcher.receive_text())
        assert hand.is_over
        for message in ({"type": "act", "verb": "fold"}, {"type": "start"}, {"type": "leave"}):
            watcher.send_json(message)
            answer = watcher.receive_json()
            assert answer["type"] == "error" and "spectator" in answer["message"]
        # what anybody may see: every card dealt face up, the cards shown at the showdown
        allowed = {str(c) for i in range(hand.n) for c in hand.up[i]}
        for e in hand.events:
            if e.type == "show" and e.cards:
                allowed |= {str(c) for c in e.cards}
        seen = {m for text in traffic for m in CARD.findall(text)}
        assert seen and seen <= allowed, f"hidden cards reached a spectator: {seen - allowed}"
        assert all(json.loads(t).get("hand") is None or json.loads(t)["hand"]["cards"] == [] for t in traffic)


def test_a_player_who_left_watches_and_cannot_act(client):
    r = client.post("/api/tables", json={"host": "Ann", "variants": [FR], "seats": 3, "pause": 60, "seed": 7})
    table, token = r.json()["table"], r.json()["token"]
    bob = client.post(f"/api/tables/{table}/join", json={"name": "Bob"}).json()
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "token": bob["token"]})
        ws.receive_json()
        ws.send_json({"type": "leave"})
        state = ws.receive_json()
        assert state["you"] is None and all(s is None or s["name"] != "Bob" for s in state["seats"])
        ws.send_json({"type": "act", "verb": "fold"})
        assert "left this seat" in ws.receive_json()["message"]
    # and the seat is free for somebody else
    assert client.post(f"/api/tables/{table}/join", json={"name": "Cat"}).json()["seat"] == 1
    del token


def test_the_seat_messages_are_checked():
    assert parse_message('{"type": "replace", "seat": 2}') == {"type": "replace", "seat": 2, "kind": None}
    with pytest.raises(Exception, match="needs 'seat'"):
        parse_message('{"type": "remove"}')
    with pytest.raises(Exception, match="takes no"):
        parse_message('{"type": "leave", "seat": 1}')


# --- public facts next to each seat --------------------------------------------------------


def test_each_seats_declaration_is_shown_next_to_it_once_public_and_not_before():
    # five-card stud high-low declare: every player declares at once, after
    # the last round; nobody's declaration is known until all have declared
    room, ann, bob = _room(seats=2, variants=(DECLARE,))
    room.start(ann)
    seats = {"Ann": ann, "Bob": bob}
    hand = room.hand
    first = None
    while not hand.is_over:
        verb, word = _passive(hand, hand.to_act)
        if verb == "declare":
            word = "low" if hand.to_act == "Ann" else "high"
            if first is None:
                first = hand.to_act
                room.act(seats[first], verb, word=word)
                facts = [f for s in snapshot(room, bob)["seats"] if s for f in s["facts"]]
                assert not any(f.startswith("declared") for f in facts)  # a secret until all declare
                continue
        room.act(seats[hand.to_act], verb, word=word)
    assert first is not None
    shown = {s["name"]: s["facts"] for s in snapshot(room, None)["seats"] if s}
    assert "declared low" in shown["Ann"] and "declared high" in shown["Bob"]


def test_the_host_removes_and_replaces_seats_by_message_and_a_player_may_not(client):
    r = client.post("/api/tables", json={"host": "Ann", "variants": [FR], "seats": 3, "pause": 60, "seed": 7})
    table, token = r.json()["table"], r.json()["token"]
    bob = client.post(f"/api/tables/{table}/join", json={"name": "Bob"}).json()
    cat = client.post(f"/api/tables/{table}/join", json={"name": "Cat"}).json()
    room: Room = client.app.state.server.rooms[table]
    with client.websocket_connect(f"/ws/{table}") as ann, client.websocket_connect(f"/ws/{table}") as b:
        ann.send_json({"type": "hello", "token": token})
        ann.receive_json()
        b.send_json({"type": "hello", "token": bob["token"]})
        b.receive_json()
        b.send_json({"type": "remove", "seat": cat["seat"]})
        assert "only the host" in b.receive_json()["message"]
        ann.send_json({"type": "start"})
        ann.receive_json()
        b.receive_json()
        ann.send_json({"type": "replace", "seat": bob["seat"], "kind": "check-call"})
        assert ann.receive_json()["seats"][bob["seat"]]["bot"]
        assert b.receive_json()["you"] is None  # his seat is a bot's now: he watches
        ann.send_json({"type": "remove", "seat": cat["seat"]})
        state = ann.receive_json()
        assert "leaves after this hand" in state["seats"][cat["seat"]]["facts"]
    assert room.seats[bob["seat"]].bot == "check-call"


def test_a_table_takes_a_limited_number_of_spectators(client, monkeypatch):
    monkeypatch.setattr("studrules.web.app.MAX_WATCHERS", 2)
    r = client.post("/api/tables", json={"host": "Ann", "variants": [FR], "seats": 2})
    table = r.json()["table"]
    with client.websocket_connect(f"/ws/{table}") as w1, client.websocket_connect(f"/ws/{table}") as w2:
        for w in (w1, w2):
            w.send_json({"type": "watch"})
            assert w.receive_json()["type"] == "state"
        with client.websocket_connect(f"/ws/{table}") as w3:
            w3.send_json({"type": "watch"})
            assert "spectators" in w3.receive_json()["message"]
