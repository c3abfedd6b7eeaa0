"""Hostile clients of the browser tables (an audit's findings): every bad
request is refused with its reason and changes nothing, no traceback reaches
a client, and no client can break a table or fill the server for good."""

from __future__ import annotations

import asyncio
import socket

import pytest
from web_support import served, web_test_client

from studrules.web import app as web_app
from studrules.web.app import create_app
from studrules.web.protocol import ProtocolError, check_name, parse_message
from studrules.web.serving import BodyRefused, read_body, uvicorn_settings
from studrules.web.store import Store

TestClient = web_test_client()  # (the module is skipped without the web extra)
from starlette.websockets import WebSocketDisconnect  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

FR = "five-card-stud-fr"


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "tables.db", seeded_tables=True)) as c:
        yield c


def _table(client, **settings):
    r = client.post("/api/tables", json={"host": "Ann", "variants": [FR], "seats": 3, "pause": 0} | settings)
    assert r.status_code == 200, r.text
    return r.json()


def _hello(ws, token):
    ws.send_json({"type": "hello", "token": token})
    return ws.receive_json()


# --- names -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Eve\n", "Ann\n", "Dealer\n", "Eve\r", "\nEve"])
def test_a_name_with_a_line_break_is_refused_at_the_door(client, name):
    # '$' in a pattern also matches before a last newline: "Eve\n" once got a seat, and
    # the engine refused it at the next deal, breaking the table for good
    t = _table(client)
    r = client.post(f"/api/tables/{t['table']}/join", json={"name": name})
    assert r.status_code == 400 and "a name is 1 to 16 letters" in r.json()["error"]
    r = client.post("/api/tables", json={"host": name, "variants": [FR]})
    assert r.status_code == 400
    room = client.app.state.server.rooms[t["table"]]
    assert [s.name for s in room.seats if s is not None] == ["Ann"]  # nothing changed


@pytest.mark.parametrize(
    "name, said",
    [
        ("\uff21nn", "somebody at this table is called"),  # a full-width A: "Ａnn" beside Ann
        ("ANN", "somebody at this table is called"),
        ("\uff28\uff2f\uff35\uff33\uff25", "is a word of the game"),  # "ＨＯＵＳＥ"
        ("Ann\u3164", "a name is 1 to 16 letters"),  # a letter that shows nothing
        ("\u3164", "a name is 1 to 16 letters"),
    ],
)
def test_a_name_that_looks_like_another_or_like_nothing_is_refused(client, name, said):
    # an audit's finding: "Ａnn" (full-width) sat beside Ann and looked the same on the page,
    # "ＨＯＵＳＥ" passed the reserved words, and a Hangul filler made an invisible name
    t = _table(client)
    r = client.post(f"/api/tables/{t['table']}/join", json={"name": name})
    assert r.status_code == 400 and said in r.json()["error"]
    room = client.app.state.server.rooms[t["table"]]
    assert [s.name for s in room.seats if s is not None] == ["Ann"]


def test_every_text_field_is_matched_whole():
    with pytest.raises(ProtocolError):
        check_name("Ann\n")
    for message in (
        '{"type": "choose", "variant": "razz\\n"}',
        '{"type": "hello", "token": "abcdefgh\\n"}',
        '{"type": "act", "verb": "declare", "word": "high\\n"}',
    ):
        with pytest.raises(ProtocolError, match=r"must be .*, not '.*\\n'"):
            parse_message(message)


# --- malformed messages ----------------------------------------------------------


def test_json_nested_too_deep_is_one_clear_error_on_the_socket_and_over_http(client):
    with pytest.raises(ProtocolError, match="one JSON object"):
        parse_message("[" * 1000)
    t = _table(client)
    for url in ("/api/tables", f"/api/tables/{t['table']}/join"):
        r = client.post(url, content=b"[" * 4000)
        assert r.status_code == 400 and r.json()["error"] == "the request is not JSON"
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        _hello(ws, t["token"])
        ws.send_text("[" * 1000)
        assert ws.receive_json() == {"type": "error", "message": "a message is one JSON object"}
        ws.send_json({"type": "ping"})  # the socket goes on


@pytest.mark.parametrize(
    "body",
    [
        b'{"host": "Ann", "variants": ["\\ud800"]}',  # (a lone surrogate, as JSON writes it)
        b'{"host": "Ann", "variants": ["five-card-stud-fr"], "stakes": {"\\udfff": 2}}',
    ],
)
def test_half_a_character_in_a_request_or_a_message_is_refused_not_a_server_error(client, body):
    # an audit's finding: a lone surrogate in a game's or a stake's name was quoted in the
    # error, whose JSON reply then failed to encode: a 500 and a traceback in the log
    r = client.post("/api/tables", content=body)
    assert r.status_code == 400
    assert r.json()["error"] == "the request holds text that is not whole characters (half of one, a lone surrogate)"
    t = _table(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        _hello(ws, t["token"])
        ws.send_text('{"type": "say", "text": "hi \\ud800"}')
        reply = ws.receive_json()
        assert reply["type"] == "error" and "not whole characters" in reply["message"]
        ws.send_json({"type": "ping"})  # the socket goes on


def test_a_binary_first_frame_is_answered_not_a_traceback(client):
    t = _table(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json() == {"type": "error", "message": "a message is one JSON object"}
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_a_word_after_a_verb_that_takes_none_is_refused_and_never_recorded(client):
    t = _table(client, seats=2)
    bob = client.post(f"/api/tables/{t['table']}/join", json={"name": "Bob"}).json()
    url = f"/ws/{t['table']}"
    with client.websocket_connect(url) as wa, client.websocket_connect(url) as wb:
        _hello(wa, t["token"])
        _hello(wb, bob["token"])
        wa.send_json({"type": "start"})
        states = {"Ann": wa.receive_json(), "Bob": wb.receive_json()}
        actor = states["Ann"]["hand"]["to_act"]
        ws = wa if actor == "Ann" else wb
        verb = states[actor]["hand"]["legal"][0]["action"]  # the bring-in
        ws.send_json({"type": "act", "verb": verb, "word": "x"})
        reply = ws.receive_json()
        assert reply["type"] == "error" and f"'{verb}' takes no word after it" in reply["message"]
        room = client.app.state.server.rooms[t["table"]]
        assert room.hand.to_act == actor and not room.hand.actions  # nothing changed


# --- the table's settings --------------------------------------------------------


@pytest.mark.parametrize(
    "settings, said",
    [
        ({"options": {"open_fold": "nope"}}, "open_fold"),
        ({"stakes": {"low_limit": 0}}, "the bet works out to 0"),
    ],
)
def test_stakes_and_options_a_game_refuses_are_refused_when_the_table_is_made(client, settings, said):
    for unknown, word in (({"options": {"zzz": "1"}}, "option 'zzz'"), ({"stakes": {"zzz": 1}}, "stake 'zzz'")):
        r = client.post("/api/tables", json={"host": "Ann", "variants": [FR]} | unknown)
        assert r.status_code == 400 and r.json()["error"] == f"no game of this table has the {word}"
    r = client.post("/api/tables", json={"host": "Ann", "variants": [FR]} | settings)
    assert r.status_code == 400
    error = r.json()["error"]
    assert error.startswith(f"{FR} with these stakes and options: ") and said in error
    assert "/" not in error.split(": ", 1)[1].split(" ")[0]  # no file path: the field comes first
    assert "variants" not in error and ".yaml" not in error


# --- what a server keeps -------------------------------------------------------------


def test_a_full_server_closes_its_oldest_idle_table_for_a_new_one(tmp_path, monkeypatch):
    monkeypatch.setattr(web_app, "MAX_TABLES", 3)
    with TestClient(create_app(tmp_path / "tables.db", seeded_tables=True)) as client:
        server = client.app.state.server
        first, second, third = (_table(client) for _ in range(3))
        with client.websocket_connect(f"/ws/{first['table']}") as ws:
            _hello(ws, first["token"])  # somebody is at the first table's page: it stays
            fourth = _table(client)
            assert set(server.rooms) == {first["table"], third["table"], fourth["table"]}
            # a table that is over goes before one that waits; a request refused (a host's
            # name that is no name) closes none
            server.rooms[third["table"]].state = "over"
            r = client.post("/api/tables", json={"host": "a b", "variants": [FR]})
            assert r.status_code == 400 and third["table"] in server.rooms
            fifth = _table(client)
            assert set(server.rooms) == {first["table"], fourth["table"], fifth["table"]}
            # every table in use: no room, said
            for t in (fourth, fifth):
                client.app.state.server.sockets[t["table"]] = {object(): None}
            r = client.post("/api/tables", json={"host": "Ann", "variants": [FR]})
            assert r.status_code == 400 and "all the tables it can keep" in r.json()["error"]
    # a closed table is not restored at the next start
    kept = {t["id"] for t in Store(tmp_path / "tables.db").load_tables()}
    assert kept == {first["table"], fourth["table"], fifth["table"]}


def test_a_seat_open_on_too_many_pages_lets_the_oldest_go(client, monkeypatch):
    monkeypatch.setattr(web_app, "MAX_SOCKETS_A_SEAT", 2)
    t = _table(client)
    url = f"/ws/{t['table']}"
    with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
        _hello(one, t["token"])
        _hello(two, t["token"])
        with client.websocket_connect(url) as three:
            _hello(three, t["token"])
            assert one.receive_json() == {"type": "error", "message": "this seat is open on a newer page"}
            with pytest.raises(WebSocketDisconnect):
                one.receive_json()
            sockets = client.app.state.server.sockets[t["table"]]
            assert len(sockets) == 2


# --- slow clients --------------------------------------------------------------------


def test_a_request_whose_headers_never_finish_is_closed(tmp_path):
    # a line of headers at a time, never the blank line that ends them: closed after the
    # deadline; a whole request on another connection is still answered
    settings = uvicorn_settings(header_seconds=0.5) | {"log_level": "critical"}
    with served(create_app(tmp_path / "tables.db", seeded_tables=True), **settings) as port:
        slow = socket.create_connection(("127.0.0.1", port), timeout=5)
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        assert slow.recv(1) == b""  # closed by the server, with no answer
        slow.close()
        whole = socket.create_connection(("127.0.0.1", port), timeout=5)
        whole.sendall(b"GET /api/settings HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert whole.recv(64).startswith(b"HTTP/1.1 200")
        whole.close()


def test_a_stored_seat_whose_name_the_game_refuses_is_not_restored(tmp_path, caplog):
    # a store written before names were matched whole may hold "Eve\n": that table is
    # logged and left out at the start, and the others are restored
    db = tmp_path / "tables.db"
    with TestClient(create_app(db, seeded_tables=True)) as client:
        bad, good = _table(client), _table(client)
    store = Store(db)
    store.save_seat(bad["table"], 1, "Eve\n", "hash", None, 100)
    store.close()
    with caplog.at_level("ERROR", logger="studrules.web"):
        server = web_app.Server(db, seeded_tables=True)
    assert set(server.rooms) == {good["table"]}
    assert f"table {bad['table']} cannot be restored: seat 1: a name is 1 to 16 letters" in caplog.text


def test_a_stored_table_whose_row_is_not_json_is_logged_and_left_out(tmp_path, caplog):
    # another program's row in the tables table, its settings not JSON: the server started
    # with a traceback; now that table is left out, and the others are restored
    db = tmp_path / "tables.db"
    with TestClient(create_app(db, seeded_tables=True)) as client:
        good = _table(client)
    store = Store(db)
    store.db.execute("INSERT INTO tables VALUES ('x', 'not json', 0, 'waiting', NULL)")
    store.db.commit()
    store.close()
    with caplog.at_level("ERROR", logger="studrules.web"):
        server = web_app.Server(db, seeded_tables=True)
    assert set(server.rooms) == {good["table"]}
    assert "table x cannot be restored: its stored settings or session are not JSON" in caplog.text


# --- the messages of a seated player, each with bad values ----------------------------------

_BAD = [
    {"type": "host", "seat": 9},  # no such seat
    {"type": "host", "seat": 0},  # his own
    {"type": "host", "seat": 1},  # a bot's
    {"type": "host", "seat": True},
    {"type": "host", "seat": -1},
    {"type": "replace", "seat": 2},  # an empty seat
    {"type": "remove", "seat": 0},  # the host's own seat
    {"type": "ante", "amount": 5},  # a pot game: no ante to choose
    {"type": "side_bet", "name": "pair_plus", "amount": 5},  # a pot game: no side bet to make
    {"type": "side_bet", "name": "pair plus", "amount": 5},  # not a bet's name
    {"type": "side_bet", "name": "pair_plus", "amount": -5},
    {"type": "side_bet", "name": "pair_plus", "amount": "10"},
    {"type": "side_bet", "name": "pair_plus"},  # no stake
    {"type": "side_bet", "amount": 5, "as": "Bob"},
    {"type": "settings", "changes": {"seats": 2}},
    {"type": "settings", "changes": {"stakes": {"low_limit": -3}}},
    {"type": "settings", "changes": []},
    {"type": "away", "seat": 1},
    {"type": "back", "now": True},
    {"type": "choose", "variant": "razz"},  # nobody is choosing
    {"type": "rebuy"},  # the game has not started: his buy-in is his stack
    {"type": "rebuy", "chips": 10**6},  # a rebuy is the table's buy-in, nothing else
    {"type": "settings", "changes": {"rebuy_limit": 0}},
    {"type": "settings", "changes": {"rebuys": "always"}},
]


@pytest.mark.parametrize("message", _BAD, ids=[f"{m['type']}-{i}" for i, m in enumerate(_BAD)])
def test_a_seated_players_bad_message_is_refused_with_its_reason_and_changes_nothing(client, message):
    t = _table(client, pause=60)
    server = client.app.state.server
    room = server.rooms[t["table"]]
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        _hello(ws, t["token"])
        ws.send_json({"type": "bot", "kind": "check-call"})
        before = ws.receive_json()
        ws.send_json(message)
        answer = ws.receive_json()
        assert answer["type"] == "error" and answer["message"] and "Traceback" not in answer["message"]
        ws.send_json({"type": "ping"})  # (a state would have come first: nothing changed, nothing is sent)
        ws.send_json({"type": "bot", "kind": "check-call"})
        after = ws.receive_json()
    assert room.id not in server.broken and room.host == 0 and room.state == "waiting"
    assert [s and s["name"] for s in before["seats"]] == ["Ann", "Bot1", None]
    assert [s and s["name"] for s in after["seats"]] == ["Ann", "Bot1", "Bot2"]
    assert before["settings"] == after["settings"] and before["you"] == after["you"]


# --- request bodies: bounded in size and time ------------------------------------------------


class _Request:
    """What read_body reads of a Starlette request: its headers and its body's chunks."""

    def __init__(self, chunks, headers=None, pause=0.0, gone=False):
        self.headers, self.chunks, self.pause, self.gone, self.read = headers or {}, chunks, pause, gone, 0

    async def stream(self):
        from starlette.requests import ClientDisconnect

        for chunk in self.chunks:
            await asyncio.sleep(self.pause)
            self.read += 1
            yield chunk
        if self.gone:
            raise ClientDisconnect()


def _refusal(request, limit=100, **kwargs):
    with pytest.raises(BodyRefused) as caught:
        asyncio.run(read_body(request, limit, **kwargs))
    return caught.value


def test_a_body_declared_larger_than_its_limit_is_refused_before_a_byte_is_read():
    request = _Request([b"x" * 50] * 10, {"content-length": "419430400"})
    refused = _refusal(request)
    assert (refused.status, str(refused), request.read) == (413, "a request is at most 100 bytes", 0)


def test_a_chunked_body_is_read_no_further_than_its_limit():
    request = _Request([b"x" * 30] * 1000)  # no length said: chunked
    refused = _refusal(request, what="a variant file")
    assert (refused.status, str(refused)) == (413, "a variant file is at most 100 bytes")
    assert request.read == 4  # 120 bytes read of 30,000: stopped at the chunk past the limit
    assert asyncio.run(read_body(_Request([b"ab", b"cd"]), 4)) == b"abcd"  # at the limit: read whole


def test_a_body_that_does_not_arrive_in_time_is_refused_and_a_client_gone_is_answered_nothing():
    refused = _refusal(_Request([b"{"] * 5, pause=0.2), seconds=0.3)
    assert (refused.status, str(refused)) == (408, "a request did not arrive within 0.3 seconds")
    assert _refusal(_Request([b"{"], gone=True)).status is None


def test_the_server_answers_a_huge_declared_body_at_once(tmp_path):
    with served(create_app(tmp_path / "tables.db")) as port:
        client = socket.create_connection(("127.0.0.1", port), timeout=5)
        client.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 419430400\r\n\r\n{")
        answer = b""
        while b"bytes" not in answer:  # no 400 MB sent: the answer comes first (its body may come apart)
            part = client.recv(4096)
            assert part, answer
            answer += part
        assert answer.startswith(b"HTTP/1.1 413") and b"a request is at most 4,096 bytes" in answer
        client.close()


def test_uploads_past_the_most_a_server_keeps_are_refused_and_nothing_written(tmp_path, monkeypatch):
    from studrules.web import uploads

    monkeypatch.setattr(uploads, "MAX_UPLOADS", 3)
    kept = uploads.Uploads(tmp_path, allowed=True, taken=lambda name: False)
    for n in range(3):
        kept.add(f"name: up-{n}\nextends: razz\n")
    with pytest.raises(uploads.UploadError, match="this server keeps 3 uploaded games, its most"):
        kept.add("name: up-3\nextends: razz\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["up-0.yaml", "up-1.yaml", "up-2.yaml"]
    assert sorted(kept.games()) == ["up-0", "up-1", "up-2"]


def test_a_table_s_seed_is_refused_unless_the_server_takes_seeded_tables(tmp_path):
    # whoever gives the seed could deal the same cards at a table of his own and know every hand
    body = {"host": "Ann", "variants": [FR], "seats": 2, "seed": 12345}
    with TestClient(create_app(tmp_path / "plain.db")) as client:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 400 and "this server deals at random: a table's 'seed'" in r.json()["error"]
        assert "--seeded-tables" in r.json()["error"]
        assert client.post("/api/tables", json=body | {"seed": None}).status_code == 200  # (no seed: random deals)
    with TestClient(create_app(tmp_path / "seeded.db", seeded_tables=True)) as client:
        assert client.post("/api/tables", json=body).status_code == 200


def test_games_that_no_longer_load_are_said_without_the_server_s_files(tmp_path):
    # an audit's finding (by reading): an uploaded game's file removed from the server, the
    # table's message quoted the loader's words, the file's whole path on the server among them
    from studrules.web.banked_view import table_games
    from studrules.web.config import TableError

    server = web_app.Server(tmp_path / "t.db")
    room, _ = server.create({"host": "Ann", "variants": ["razz"], "seats": 2})
    hidden = tmp_path / "private-folder" / "gone.yaml"
    room.resolve = lambda name: hidden
    with pytest.raises(TableError) as caught:
        table_games(room)
    assert "private-folder" not in str(caught.value) and "razz" in str(caught.value)


def test_a_page_that_reads_nothing_is_let_go_and_holds_up_no_other(monkeypatch):
    # an audit's finding: every update went to each page in turn, each send awaited; a page that
    # stopped reading (its connection's buffer full) held up every other page and the table's
    # clock for as long as it stayed open. Now every page is sent at once, and one that takes
    # nothing within the time is forgotten and closed.
    from studrules.web import pages

    monkeypatch.setattr(pages, "SEND_TIMEOUT", 0.2)
    monkeypatch.setattr(pages, "snapshot", lambda room, seat: {"seat": seat})

    class Page:
        def __init__(self, stuck: bool):
            self.stuck, self.sent, self.closed = stuck, [], None

        async def send_text(self, text):
            if self.stuck:
                await asyncio.Event().wait()  # (a full buffer: never drains)
            self.sent.append(text)

        async def close(self, code):
            self.closed = code

    class Room:
        def holds(self, seat):
            return True

    async def run():
        fast, stuck, other = Page(False), Page(True), Page(False)
        sockets = {fast: "Ann", stuck: None, other: "Bob"}
        closing: set = set()
        await pages.send_views(Room(), sockets, closing)  # (it ends: the stuck page is let go)
        await asyncio.gather(*closing)
        return fast, stuck, other, sockets

    fast, stuck, other, sockets = asyncio.run(run())
    assert fast.sent == ['{"seat": "Ann"}'] and other.sent == ['{"seat": "Bob"}']
    assert list(sockets) == [fast, other] and stuck.closed == 4408 and not stuck.sent


def test_a_refusal_names_the_field_or_the_seats_it_is_about(client):
    # an audit's findings: a table without 'host' was refused with "a name is 1 to 16 letters..."
    # (which name?), and a seat out of range with "no such seat" (which are there?)
    r = client.post("/api/tables", json={"variants": [FR], "seats": 3})
    assert r.status_code == 400 and "'host' names the table's host" in r.json()["error"]
    t = _table(client)
    room = client.app.state.server.rooms[t["table"]]
    with pytest.raises(Exception, match="no seat 7: this table's seats are 0 to 2"):
        room.remove(t["token"], 7)
    with pytest.raises(Exception, match="nobody sits at seat 2"):
        room.remove(t["token"], 2)
