"""The table in a browser, without a browser: the server is the only
authority (issue 17). Starlette's test client speaks the WebSocket protocol
of :mod:`studrules.web.protocol` to a real application over a temporary
SQLite store."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from web_support import Clock, bot_and_start, web_test_client

from studrules.errors import IllegalActionError
from studrules.web.app import Server, create_app
from studrules.web.protocol import MAX_MESSAGE, ProtocolError, parse_message
from studrules.web.room import Room, TableConfig, TableError
from studrules.web.room_view import choices, snapshot

TestClient = web_test_client()  # (the module is skipped without the web extra)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

FR, HE = "five-card-stud-fr", "five-card-stud-he"
CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


@pytest.fixture
def client(tmp_path):
    app = create_app(tmp_path / "tables.db", seeded_tables=True)
    with TestClient(app) as c:
        yield c


def _table(client, **settings):
    body = {"host": "Ann", "variants": [FR], "seats": 2, "pause": 0, "seed": 7} | settings
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def _join(client, table, name):
    r = client.post(f"/api/tables/{table}/join", json={"name": name})
    assert r.status_code == 200, r.text
    return r.json()


def _hello(ws, token):
    ws.send_json({"type": "hello", "token": token})
    return ws.receive_json()


def _passive(legal):
    """Check, call, post the bring-in or show: a hand played to the showdown."""
    verbs = [la["action"] for la in legal]
    for verb in ("check", "call", "bring-in", "show"):
        if verb in verbs:
            return {"type": "act", "verb": verb}
    raise AssertionError(f"no passive action in {verbs}")


class Pair:
    """Ann (the host) and Bob at one table, each on his own WebSocket; every
    message Ann's socket receives is kept as it came."""

    def __init__(self, client, **settings):
        self.client = client
        self.table = _table(client, **settings)
        self.bob = _join(client, self.table["table"], "Bob")
        self.room: Room = client.app.state.server.rooms[self.table["table"]]
        self.traffic: list[str] = []

    def __enter__(self):
        url = f"/ws/{self.table['table']}"
        self._a = self.client.websocket_connect(url)
        self._b = self.client.websocket_connect(url)
        self.wa, self.wb = self._a.__enter__(), self._b.__enter__()
        self.ann_state = self._recv_a(hello=self.table["token"])
        self.bob_state = _hello(self.wb, self.bob["token"])
        return self

    def __exit__(self, *exc):
        self._b.__exit__(*exc)
        self._a.__exit__(*exc)

    def _recv_a(self, hello=None):
        if hello is not None:
            self.wa.send_json({"type": "hello", "token": hello})
        text = self.wa.receive_text()
        self.traffic.append(text)
        return json.loads(text)

    def both(self):
        """The state each socket receives after a change."""
        self.ann_state, self.bob_state = self._recv_a(), self.wb.receive_json()
        return self.ann_state, self.bob_state

    def send(self, who, message):
        (self.wa if who == "Ann" else self.wb).send_json(message)

    def play_to_the_end(self):
        """Both play passively until the hand is over (with no pause between
        hands: until the next is dealt or its game is being chosen)."""
        number = self.ann_state["hand_number"]
        for _ in range(60):
            hand = self.ann_state["hand"]
            if hand["over"] or self.ann_state["hand_number"] != number or self.ann_state["state"] != "playing":
                return
            me = hand["to_act"]
            state = self.ann_state if me == "Ann" else self.bob_state
            self.send(me, _passive(state["hand"]["legal"]))
            self.both()
        raise AssertionError("the hand did not end")


# --- what a seat sees --------------------------------------------------------------


def test_a_seats_whole_traffic_names_no_card_it_may_not_see(client):
    # Ann may see her own cards, every card dealt face up, and the cards
    # shown at the showdown; nothing else (Bob's face-down card unless he
    # shows it, burns, the rest of the deck). The allowed set is read from
    # the hand's own state on the server, not from what was sent.
    with Pair(client, pause=60) as p:
        p.send("Ann", {"type": "start"})
        p.both()
        p.play_to_the_end()
        hand = p.room.hand
        assert hand.is_over
        ann, bob = hand.players.index("Ann"), hand.players.index("Bob")
        allowed = {str(c) for c in hand.cards[ann]} | {str(c) for i in range(hand.n) for c in hand.up[i]}
        for e in hand.events:
            if e.type == "show" and e.cards:
                allowed |= {str(c) for c in e.cards}
        seen = {m for text in p.traffic for m in CARD.findall(text)}
        assert seen <= allowed, f"cards Ann may not see reached her: {seen - allowed}"
        assert {str(c) for c in hand.cards[ann]} <= seen  # the scan reads the traffic: her own cards are in it
        bobs_down = {str(c) for c in hand.cards[bob]} - {str(c) for c in hand.up[bob]}
        assert bobs_down  # five-card stud: Bob's hole card
        if not any(e.type == "show" and e.player == "Bob" for e in hand.events):
            assert not (bobs_down & seen)


def test_a_seat_out_of_the_hand_sees_no_face_down_card(client):
    # Cat is seated at a three-seat table; a watcher's view (seat None) of a
    # hand is built from events masked for nobody.
    with Pair(client, seats=3) as p:
        p.send("Ann", {"type": "start"})
        p.both()
        hand = p.room.hand
        text = json.dumps(snapshot(p.room, None))
        down = {str(c) for i in range(hand.n) for c in hand.cards[i] if c not in hand.up[i]}
        assert down and not (down & set(CARD.findall(text)))


# --- actions ---------------------------------------------------------------------


def test_an_action_out_of_turn_is_refused_and_changes_nothing(client):
    with Pair(client) as p:
        p.send("Ann", {"type": "start"})
        p.both()
        hand = p.room.hand
        waiting = "Bob" if hand.to_act == "Ann" else "Ann"
        before = (len(hand.events), list(hand.actions), list(hand.stacks))
        p.send(waiting, {"type": "act", "verb": "fold"})
        ws = p.wa if waiting == "Ann" else p.wb
        error = ws.receive_json()
        assert error["type"] == "error" and "turn" in error["message"]
        assert (len(hand.events), list(hand.actions), list(hand.stacks)) == before


def test_a_second_click_names_a_turn_gone_by_and_is_refused(client):
    # an audit's finding: an action said nothing of the turn it was for, so a double click was
    # played at the player's next decision, a fold even in the next hand; now the page sends
    # the turn it showed, and an action for another is refused and changes nothing
    with Pair(client) as p:
        p.send("Ann", {"type": "start"})
        ann, bob = p.both()
        hand = p.room.hand
        first = hand.to_act
        shown = (ann if first == "Ann" else bob)["turn"]
        assert shown == f"1:{len(hand.events)}"
        legal = hand.legal_actions()
        p.send(first, _passive([{"action": la.action} for la in legal]) | {"turn": shown})
        p.both()
        assert len(hand.actions) == 1
        while hand.to_act != first and not hand.is_over:  # (to his next turn)
            other = hand.to_act
            p.send(other, _passive([{"action": la.action} for la in hand.legal_actions()]))
            p.both()
        before = (len(hand.events), list(hand.actions), list(hand.stacks))
        p.send(first, {"type": "act", "verb": "fold", "turn": shown})  # (the first turn's, clicked again)
        error = (p.wa if first == "Ann" else p.wb).receive_json()
        assert error["type"] == "error" and "that was for an earlier turn" in error["message"]
        assert (len(hand.events), list(hand.actions), list(hand.stacks)) == before


@pytest.mark.parametrize(
    "act, why",
    [
        # fixed limit: the bring-in may be completed to the low limit (10) only,
        # so a completion to 999 is not among the legal actions
        ({"verb": "complete", "amount": 999}, ""),
        # an audit's finding: 'fold' with an amount was played and stored as 'Ann fold 0', a
        # line 'studrules replay' refuses: the stored hand would not replay
        ({"verb": "fold", "amount": 0}, "'fold' takes no amount"),
    ],
)
def test_an_illegal_amount_is_refused_and_changes_nothing(client, act, why):
    with Pair(client) as p:
        p.send("Ann", {"type": "start"})
        p.both()
        hand = p.room.hand
        me = hand.to_act
        before = (len(hand.events), list(hand.actions), list(hand.stacks))
        p.send(me, {"type": "act", **act})
        error = (p.wa if me == "Ann" else p.wb).receive_json()
        assert error["type"] == "error" and why in error["message"]
        assert (len(hand.events), list(hand.actions), list(hand.stacks)) == before
        p.send(me, {"type": "act", "verb": "bring-in"})  # and the connection goes on
        assert p.both()[0]["hand"]["to_act"] != me


@pytest.mark.parametrize(
    "text, why",
    [
        ("not json", "JSON"),
        ("[1, 2]", "object"),
        ('{"type": "act"}', "needs 'verb'"),
        ('{"type": "act", "verb": "jump"}', "verb"),
        ('{"type": "act", "verb": "call", "player": "Bob"}', "takes no 'player'"),
        ('{"type": "act", "verb": "raise", "amount": "ten"}', "whole number"),
        ('{"type": "act", "verb": "raise", "amount": true}', "whole number"),
        ('{"type": "shout"}', "unknown message type"),
        (
            '{"type": "act", "verb": "discard", "word": "<script>"}',
            "'word' must be up to 64 letters, digits and spaces",
        ),
        (json.dumps({"type": "ping", "pad": "x" * MAX_MESSAGE}), "at most"),
        (
            '{"type": "act", "verb": "call", "turn": "the last"}',
            "'turn' must be the turn the table showed: its hand's number, ':' and a count",
        ),
    ],
)
def test_a_bad_message_is_refused_with_its_reason(text, why):
    with pytest.raises(ProtocolError, match=why):
        parse_message(text)


def test_bad_and_oversized_messages_are_refused_and_the_connection_goes_on(client):
    with Pair(client) as p:
        for text in ("{", json.dumps({"type": "ping", "pad": "x" * (MAX_MESSAGE * 2)}), '{"type": "start", "x": 1}'):
            p.wa.send_text(text)
            assert p.wa.receive_json()["type"] == "error"
        p.send("Ann", {"type": "start"})
        assert p.both()[0]["state"] == "playing"


def test_too_many_messages_are_slowed_down(client):
    with Pair(client) as p:
        errors = 0
        for _ in range(40):  # a burst of 30 is allowed, then 10 a second
            p.wa.send_json({"type": "ping"})
        for _ in range(40 - 30):
            message = p.wa.receive_json()
            errors += message["type"] == "error" and "slow down" in message["message"]
        assert errors >= 5


# --- tokens ----------------------------------------------------------------------


def test_a_wrong_token_gets_no_seat(client):
    t = _table(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        message = _hello(ws, "not-the-token-at-all")
        assert message["type"] == "error" and "token" in message["message"]


def test_the_first_message_must_be_hello(client):
    t = _table(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "start"})
        assert ws.receive_json()["type"] == "error"


def test_a_token_of_one_table_is_no_token_at_another(client):
    a, b = _table(client), _table(client)
    with client.websocket_connect(f"/ws/{b['table']}") as ws:
        assert _hello(ws, a["token"])["type"] == "error"


def test_only_the_host_starts_and_adds_bots(client):
    with Pair(client, seats=3) as p:
        for message in ({"type": "start"}, {"type": "bot"}):
            p.send("Bob", message)
            assert "host" in p.wb.receive_json()["message"]
        assert p.room.state == "waiting"


def test_the_store_keeps_no_token(client, tmp_path):
    t = _table(client)
    db = sqlite3.connect(tmp_path / "tables.db")
    dump = "\n".join(db.iterdump())
    assert t["token"] not in dump


# --- the table -----------------------------------------------------------------------


def test_a_reconnecting_player_gets_his_seat_and_cards_back(client):
    with Pair(client) as p:
        p.send("Ann", {"type": "start"})
        ann, _ = p.both()
        mine = ann["hand"]["cards"]
        with client.websocket_connect(f"/ws/{p.table['table']}") as again:
            state = _hello(again, p.table["token"])
        assert state["you"]["name"] == "Ann" and state["hand"]["cards"] == mine


def test_the_host_fills_a_seat_with_a_bot_which_plays_by_itself(client):
    t = _table(client, seats=2, pause=60)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        _hello(ws, t["token"])
        ws.send_json({"type": "bot"})
        state = ws.receive_json()
        assert [s["bot"] for s in state["seats"]] == [False, True]
        ws.send_json({"type": "start"})
        state = ws.receive_json()
        for _ in range(60):  # Ann plays passively; the bot acts at once each time
            if state["hand"]["over"]:
                break
            assert state["hand"]["to_act"] == "Ann"
            ws.send_json(_passive(state["hand"]["legal"]))
            state = ws.receive_json()
        assert state["hand"]["over"] and state["result"]


def test_the_dealer_chooses_and_everybody_sees_what_changes(client):
    # Two seats: Bob (the second) deals first, then Ann. Bob picks the French
    # game, Ann the Hebrew one. The ante: half the low limit (5) in the French
    # file ("L'ante représente la moitié de la limite basse"), a fifth of it (2)
    # in the Hebrew one: a line of the announcement both players receive.
    with Pair(client, variants=[FR, HE], rotate="dealer") as p:
        p.send("Ann", {"type": "start"})
        ann, bob = p.both()
        assert ann["choosing"] == bob["choosing"] == "Bob"
        assert ann["choices"] == [] and [c["name"] for c in bob["choices"]] == [FR, HE]
        p.send("Ann", {"type": "choose", "variant": HE})
        assert "chooses" in p.wa.receive_json()["message"]
        p.send("Bob", {"type": "choose", "variant": FR})
        p.both()
        assert p.room.report.variant.name == FR
        p.play_to_the_end()
        # the next hand: Ann deals and chooses, seeing the changes before she picks
        assert p.room.state == "choosing" and p.room.session.dealer == "Ann"
        preview = next(c for c in choices(p.room) if c["name"] == HE)
        assert any(d["rule"] == "ante" for d in preview["differences"])
        p.send("Ann", {"type": "choose", "variant": HE})
        ann, bob = p.both()
        for state in (ann, bob):
            assert state["variant"]["name"] == HE
            ante = [d for d in state["announcement"]["differences"] if d["rule"] == "ante"]
            assert ante and "(5)" in ante[0]["a"] and "(2)" in ante[0]["b"]


def test_creating_a_table_checks_every_setting(client):
    for body, why in [
        ({"host": "Ann", "variants": ["no-such-game"]}, "not a game"),
        ({"host": "Ann", "variants": [FR], "seats": 11}, "seats"),
        ({"host": "Ann", "variants": [FR], "rotate": "sideways"}, "rotate"),
        ({"host": "Ann Lee", "variants": [FR]}, "no spaces"),
        ({"host": "house", "variants": [FR]}, "word of the game"),
        ({"host": "Ann", "variants": [FR], "stakes": {"ante": -1}}, "stake"),
        ({"host": "Ann", "variants": [FR], "admin": True}, "unknown"),
    ]:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 400 and why in r.json()["error"], (body, r.text)
    r = client.post("/api/tables", content=b"x" * 10_000)
    assert r.status_code == 413 and r.json()["error"] == "a request is at most 4,096 bytes"


def test_a_name_taken_at_the_table_is_refused(client):
    t = _table(client)
    r = client.post(f"/api/tables/{t['table']}/join", json={"name": "ann"})
    assert r.status_code == 400 and "another name" in r.json()["error"]


# --- the timer, the store, failures ------------------------------------------------------------


def _timed_room(**settings):
    clock = Clock()
    config = TableConfig(**({"variants": (FR,), "seats": 2, "timeout": 30, "pause": 60, "seed": 7} | settings))
    room = Room("t", config, clock=clock)
    ann = room.join("Ann")
    bob = room.join("Bob")
    return room, clock, {"Ann": ann, "Bob": bob}


def test_a_player_who_does_not_act_in_time_posts_the_forced_bring_in():
    # the French game's bring-in is forced: its player may bring in or
    # complete, never check or fold, so the timer plays the hand's own default
    room, clock, seats = _timed_room()
    room.start(seats["Ann"])
    hand = room.hand
    first = hand.to_act
    assert {la.action for la in hand.legal_actions()} == {"bring-in", "complete"}
    clock.now = 29.9
    assert not room.tick() and hand.to_act == first  # not yet
    clock.now = 30.0
    assert room.tick()
    assert str(hand.actions[-1]) == f"{first} bring-in" and hand.to_act != first


def test_a_player_facing_a_bet_who_does_not_act_in_time_folds():
    room, clock, seats = _timed_room()
    room.start(seats["Ann"])
    hand = room.hand
    room.act(seats[hand.to_act], "bring-in")
    second = hand.to_act
    assert "check" not in {la.action for la in hand.legal_actions()}
    clock.now = 30.0  # the timer began when the bring-in was posted (at 0)
    assert room.tick()
    assert str(hand.actions[-1]) == f"{second} fold" and hand.is_over
    assert f"{second} ran out of time" in room.log


def test_a_player_who_may_check_and_does_not_act_in_time_checks():
    room, clock, seats = _timed_room()
    room.start(seats["Ann"])
    hand = room.hand
    room.act(seats[hand.to_act], "bring-in")
    room.act(seats[hand.to_act], "call")  # the bring-in round ends: the next round opens with a check allowed
    first = hand.to_act
    assert "check" in {la.action for la in hand.legal_actions()}
    clock.now = 30.0
    assert room.tick()
    assert str(hand.actions[-1]) == f"{first} check" and not hand.is_over


def test_a_dealer_who_does_not_choose_in_time_deals_the_last_game_again():
    room, clock, seats = _timed_room(variants=(FR, HE), rotate="dealer", pause=0)
    room.start(seats["Ann"])
    assert room.state == "choosing" and room.session.dealer == "Bob"
    room.choose(seats["Bob"], HE)
    while not room.hand.is_over:  # both fold or check their way out of the hand
        clock.now += 30
        room.tick()
    assert room.state == "choosing" and room.session.dealer == "Ann"
    clock.now += 30
    assert room.tick()
    assert room.state == "playing" and room.report.variant.name == HE and not room.report.switched


def test_the_next_hand_comes_after_the_pause():
    room, clock, seats = _timed_room(pause=5)
    room.start(seats["Ann"])
    room.act(seats[room.hand.to_act], "bring-in")
    room.act(seats[room.hand.to_act], "fold")
    assert room.state == "between" and room.report.number == 1
    clock.now = 4.9
    assert not room.tick()
    clock.now = 5.0
    assert room.tick() and room.state == "playing" and room.report.number == 2


def test_a_restart_returns_the_hand_in_play_and_keeps_the_stacks(tmp_path):
    db = tmp_path / "tables.db"
    clock = Clock()
    server = Server(db, clock=clock, seeded_tables=True)
    room, ann = server.create({"host": "Ann", "variants": [FR, HE], "seats": 2, "pause": 0, "seed": 3})
    bot = room.add_bot(ann, "check-call")
    server._save_seat(room, bot)
    room.start(ann)
    for _ in range(60):  # Ann folds her first hand whenever she may
        if room.hand.to_act != "Ann" or room.report.number > 1:
            break
        legal = {la.action for la in room.hand.legal_actions()}
        room.act(ann, "fold" if "fold" in legal else "bring-in" if "bring-in" in legal else "check")
    assert room.report.number == 2  # the first hand is over and written; the second is in play
    after_one = {s.name: s.stack for s in room.seats}
    assert sum(after_one.values()) == 2000 and after_one["Ann"] < 1000
    server.store.close()

    again = Server(db, clock=clock, seeded_tables=True)
    back = again.rooms[room.id]
    assert {s.name: s.stack for s in back.seats} == after_one  # the second hand's chips went back
    assert back.hands_before == 1 and back.session.dealer == room.session.dealer
    assert back.seat_of(ann.token).name == "Ann"
    back.tick()  # the next hand is dealt at once: the second of the rotation, announced as a switch
    assert back.state == "playing" and back._number() == 2
    assert back.report.variant.name == HE and back.report.switched
    assert any(d.rule == "ante" for d in back.report.differences)
    (record,) = again.store.hands(room.id)
    assert record["hand"] == 1 and record["players"] and "result" in record


def test_one_tables_failure_does_not_stop_another(client):
    server: Server = client.app.state.server
    a, b = _table(client), _table(client)
    broken = server.rooms[a["table"]]

    def fail():
        raise RuntimeError("boom")

    broken.tick = fail
    server.changed(broken)
    with client.websocket_connect(f"/ws/{a['table']}") as ws:
        _hello(ws, a["token"])
    _join(client, b["table"], "Bob")
    with client.websocket_connect(f"/ws/{b['table']}") as ws:
        _hello(ws, b["token"])
        ws.send_json({"type": "start"})
        assert ws.receive_json()["state"] == "playing"
    assert a["table"] in server.broken and b["table"] not in server.broken


def test_a_table_error_is_a_studrules_error():
    assert issubclass(TableError, Exception) and issubclass(IllegalActionError, Exception)


def test_too_many_tables_or_seats_asked_from_one_address_are_slowed_down(client):
    # a burst of 20 requests, then one a second
    codes = [client.post("/api/tables", json={"host": "Ann", "variants": [FR]}).status_code for _ in range(25)]
    assert codes[:20] == [200] * 20 and 429 in codes[20:]


# --- uploads ------------------------------------------------------------------------

TWO_UP = """name: two-up
title: Two Up
kind: pot
stakes: {ante: 1, bet: 2}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, up, up, up, up]}
  - betting: {bet: bet}
  - showdown: {rankings: [high]}
"""


def test_uploading_a_variant_is_off_unless_the_server_allows_it(client):
    r = client.post("/api/variants", content=TWO_UP.encode())
    assert r.status_code == 403 and "--allow-uploads" in r.json()["error"]
    assert client.get("/api/settings").json() == {"uploads": False}


@pytest.fixture
def uploading(tmp_path):
    with TestClient(create_app(tmp_path / "tables.db", allow_uploads=True, seeded_tables=True)) as c:
        yield c


def test_an_uploaded_variant_is_dealt_at_a_table(uploading, tmp_path):
    r = uploading.post("/api/variants", content=TWO_UP.encode())
    assert r.status_code == 200 and r.json()["name"] == "two-up"
    assert (tmp_path / "tables.db.variants" / "two-up.yaml").read_text() == TWO_UP
    assert "two-up" in {g["name"] for g in uploading.get("/api/games").json()}
    t = _table(uploading, variants=["two-up"])
    with uploading.websocket_connect(f"/ws/{t['table']}") as ws:
        _hello(ws, t["token"])
        assert bot_and_start(ws)["variant"]["name"] == "two-up"


@pytest.mark.parametrize(
    "text, why",
    [
        (TWO_UP.replace("kind: pot", "kind: pot\nextends: /etc/passwd"), "shipped game by its name"),
        (TWO_UP.replace("kind: pot", "kind: pot\nextends: ../tables.db"), "shipped game by its name"),
        (TWO_UP.replace("name: two-up", "name: five-card-stud-fr"), "another name"),
        (TWO_UP.replace("steps:", "stepz:"), "steps"),  # the loader's own located errors
        ("x: [" * 10, ""),
        ("a" * 300_000, "at most"),
        # an audit's finding: a choice that breaks the game was taken (validate checks every one)
        (
            TWO_UP
            + "options:\n  dear:\n    description: d\n    choices:\n      cheap: {description: n}\n"
            + "      free: {description: y, changes: {stakes: {bet: 0}}}\n",
            "with option dear=free",
        ),
    ],
)
def test_an_upload_goes_through_the_command_lines_checks_and_more(uploading, text, why):
    r = uploading.post("/api/variants", content=text.encode())
    assert r.status_code == (413 if why == "at most" else 400) and why in r.json()["error"], r.text
    assert "two-up" not in {g["name"] for g in uploading.get("/api/games").json()}  # (nothing kept)


def test_an_uploaded_name_is_never_written_over(uploading):
    assert uploading.post("/api/variants", content=TWO_UP.encode()).status_code == 200
    r = uploading.post("/api/variants", content=TWO_UP.replace("Two Up", "Mine").encode())
    assert r.status_code == 400 and "another name" in r.json()["error"]


def test_a_table_failing_in_a_players_action_stops_alone(client):
    # a bot that breaks mid-hand: its table stops and says so; another table plays on
    server: Server = client.app.state.server
    a, b = _table(client, seats=2), _table(client, seats=2)
    room = server.rooms[a["table"]]
    with client.websocket_connect(f"/ws/{a['table']}") as ws:
        _hello(ws, a["token"])
        state = bot_and_start(ws)

        class Broken:
            def act(self, view):
                raise RuntimeError("the bot breaks")

            def begin(self, variant):
                pass

        room.bots["Bot1"] = Broken()
        for _ in range(20):  # Ann plays until the bot's turn comes
            ws.send_json(_passive(state["hand"]["legal"]))
            state = ws.receive_json()
            if state["state"] == "broken":
                break
        assert state["state"] == "broken" and "failed" in state["log"][-1]
        ws.send_json({"type": "act", "verb": "check"})
        answer = ws.receive_json()
        while answer["type"] == "state":  # (the table's timer says once more that it stopped)
            answer = ws.receive_json()
        assert "stopped" in answer["message"]
    assert server.rooms[b["table"]].state == "waiting" and b["table"] not in server.broken


def test_the_hands_played_are_not_served_as_they_hold_every_card(client):
    # a history line names every card dealt (a folded hand's, the burns) and
    # the deal's seed: it stays in the store
    t = _table(client)
    assert client.get(f"/api/tables/{t['table']}/history").status_code == 404


def test_a_chat_line_too_long_says_how_long_one_may_be():
    # an audit's finding: "'text' is not allowed: 'xxxxxxxxxxxxxxxxxxxx'"
    with pytest.raises(ProtocolError) as err:
        parse_message('{"type": "say", "text": "%s"}' % ("x" * 201))
    assert str(err.value) == (
        "'text' must be a line of 1 to 200 characters, without control or direction characters, "
        "not 'xxxxxxxxxxxxxxxxxxxx'..."
    )
