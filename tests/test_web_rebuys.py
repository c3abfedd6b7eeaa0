"""Rebuys at a browser table (:mod:`studrules.web.rebuys`): a player who has
lost his chips buys in again for the table's buy-in, where the table allows
it and as many times as it allows, and plays from the next hand; the table
waits for him where no hand can be dealt without him (the host's time to
act, then he is away and it waits on); every seat sees his rebuys, and the
standings count each net against every chip bought; a refusal says why and
changes nothing; a restart keeps it all. Rooms directly, and the server
over a temporary SQLite store.

The tables play the French file (five-card-stud-fr.yaml) at a low limit of
2: an ante of 1 (half the low limit), a bring-in of 1. Ann folds whenever
she may against check-call bots (who never bet, nor fold), so she loses a
chip or two a hand until she has none."""

from __future__ import annotations

import contextlib
import json

import pytest
from web_support import Clock, deal_every_hand, web_test_client

from studrules.web.app import Server, create_app
from studrules.web.protocol import ProtocolError, parse_message
from studrules.web.rebuys import standings
from studrules.web.room import Room, TableConfig, TableError
from studrules.web.room_view import snapshot

TestClient = web_test_client()  # (the module is skipped without the web extra)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

FR = "five-card-stud-fr"
BUY_IN = 20
SETTINGS = {"variants": (FR,), "buy_in": BUY_IN, "stakes": {"low_limit": 2}, "timeout": 30, "pause": 60, "seed": 7}


def _room(names=("Ann",), bots=1, seats=2, **settings):
    room = Room("t", TableConfig(**(SETTINGS | {"seats": seats} | settings)), clock=Clock())
    people = {n: room.join(n) for n in names}
    host = people[names[0]]
    for _ in range(bots):
        room.add_bot(host, "check-call")
    room.start(host)
    return room, people


def _passive(hand):
    legal = {la.action for la in hand.legal_actions()}
    return next(v for v in ("check", "call", "bring-in", "show", "muck") if v in legal)


def _next_hand(room):
    room.clock.now = room.deadline
    room.tick()


def _until_broke(room, people, name="Ann"):
    """``name`` folds whenever he may, the others play passively (the pauses run out),
    until he has lost his last chip; the table as it is then, between hands."""
    seat = people[name]
    for _ in range(500):
        session = room.session
        if room.state != "playing" and name not in session.active:
            return
        if room.state == "over":
            raise AssertionError("the game ended before he lost his chips")
        if room.state != "playing":
            _next_hand(room)
            continue
        hand = room.hand
        legal = {la.action for la in hand.legal_actions()}
        person = people[hand.to_act]
        room.act(person, "fold" if person is seat and "fold" in legal else _passive(hand))
    raise AssertionError(f"{name} never lost his chips")


def _chips(room):
    return sum(s.stack for s in room.seats if s is not None) + sum(d["stack"] for d in room.departed)


def _facts(room, name):
    return next(s for s in snapshot(room, None)["seats"] if s is not None and s["name"] == name)


# --- buying in again -----------------------------------------------------------------------------


def test_a_player_out_of_chips_buys_in_again_and_plays_the_next_hand():
    room, people = _room()
    ann = people["Ann"]
    _until_broke(room, people)
    # Ann alone against the bot, who has every chip (two buy-ins of 20): no hand without her, and she may buy
    assert ann.stack == 0 and room.seats[1].stack == 2 * BUY_IN
    assert room.state == "between" and room.waiting_for() == ["Ann"]
    assert "out of chips" in _facts(room, "Ann")["facts"]
    assert snapshot(room, ann)["you"]["rebuy"] == {"chips": BUY_IN, "used": 0, "limit": 3}
    assert snapshot(room, room.seats[1])["you"]["rebuy"] is None  # (a bot's seat: never offered)
    _next_hand(room)  # the pause is over: the table waits for her
    assert room.state == "between" and room.deadline == room.clock.now + 30
    assert room.log[-1] == ("Ann is out of chips and may buy in again: the table waits 30 s for him to buy in or leave")
    room.rebuy(ann)
    assert "Ann buys in again for 20 (rebuy 1 of 3) and plays from the next hand" in room.log
    # the table waited for her: the next hand is dealt at once, she is in it with the buy-in
    assert room.state == "playing" and "Ann" in room.hand.players
    assert dict(zip(room.hand.players, room.hand.start)) == {"Ann": BUY_IN, "Bot1": 2 * BUY_IN}
    # every seat sees she bought in twice, 20 each: 40 in all
    facts = _facts(room, "Ann")
    assert (facts["rebuys"], facts["bought"]) == (1, 2 * BUY_IN) and "1 rebuy, 40 bought in" in facts["facts"]
    # the standings count each net against the chips bought: Ann 20 - 40 = -20, the bot 40 - 20 = +20
    # (a pot game: the nets sum to nothing)
    rows = {r["name"]: (r["bought"], r["stack"], r["net"]) for r in standings(room)}
    assert rows == {"Ann": (40, 20, -20), "Bot1": (20, 40, 20)}
    assert _chips(room) == 3 * BUY_IN  # two buy-ins and a rebuy


def test_a_rebuy_during_the_pause_keeps_the_pause():
    room, people = _room()
    _until_broke(room, people)
    deadline = room.deadline
    room.rebuy(people["Ann"])  # the table did not wait yet: the hand comes when the pause is over
    assert room.state == "between" and room.deadline == deadline and room.waiting_for() == []
    _next_hand(room)
    assert room.state == "playing" and "Ann" in room.hand.players


def test_one_who_does_not_buy_in_again_in_time_is_away_and_the_table_waits_on_for_him():
    room, people = _room()
    ann = people["Ann"]
    _until_broke(room, people)
    _next_hand(room)  # the wait begins: the time to act, 30 s
    _next_hand(room)
    assert ann.away and room.log[-1] == (
        "Ann did not buy in again in time: he is away; the table waits until he buys in or leaves"
    )
    assert room.state == "between" and room.wakeup() is not None  # (it looks again each time to act)
    said = len(room.log)
    _next_hand(room)
    assert room.state == "between" and len(room.log) == said  # still waiting, nothing more said
    room.rebuy(ann)
    assert not ann.away and room.state == "playing" and "Ann" in room.hand.players


def test_one_who_sits_down_while_the_table_waits_is_dealt_in_after_the_pause():
    room, people = _room(seats=3, pause=5)
    _until_broke(room, people)
    _next_hand(room)  # waiting for Ann, 30 s
    bob = room.join("Bob")
    assert room.deadline == room.clock.now + 5  # the pause (5 s), not the rest of the wait
    room.clock.now += 5
    room.tick()
    assert room.state == "playing" and set(room.hand.players) == {"Bob", "Bot1"}
    assert room.rebuy_refusal(people["Ann"]) is None and bob.stack == BUY_IN  # she may still buy in


def test_a_table_without_a_pause_deals_at_once_after_a_rebuy():
    room, people = _room(pause=0)
    _until_broke(room, people)
    assert room.deadline == room.clock.now  # (the bot alone: the next hand at the next tick, one at a time)
    room.tick()
    assert room.waiting_for() == ["Ann"] and "may buy in again" in room.log[-1]
    room.rebuy(people["Ann"])
    assert room.state == "playing" and "Ann" in room.hand.players


# --- the game-over rule waits, and ends where nobody may buy in ------------------------------------


def test_at_the_limit_the_game_is_over_as_without_rebuys():
    room, people = _room(rebuy_limit=1)
    ann = people["Ann"]
    _until_broke(room, people)
    room.rebuy(ann)
    _until_broke(room, people)
    # her one rebuy is used: nobody may buy in, the bot alone has chips, the game is over
    assert room.state == "over" and room.session.reason == "Bot1 has all the chips"
    with pytest.raises(TableError, match="the game is over: nobody buys in again"):
        room.rebuy(ann)
    rows = {r["name"]: (r["bought"], r["stack"], r["net"]) for r in standings(room)}
    # she bought in twice, 20 each, and lost them: -40; the bot has his 20 and her 40: 60 - 20 = +40
    assert rows == {"Ann": (40, 0, -40), "Bot1": (20, 60, 40)}


def test_one_waited_for_who_leaves_ends_the_game():
    room, people = _room()
    _until_broke(room, people)
    _next_hand(room)
    room.leave(people["Ann"])
    assert room.state == "over" and room.departed == [{"name": "Ann", "stack": 0}]


def test_rebuys_turned_off_while_the_table_waits_end_the_game_when_it_looks_again():
    room, people = _room()
    ann = people["Ann"]
    _until_broke(room, people)
    room.configure(ann, {"rebuys": False})  # between hands: at once
    assert room.log[-1] == "The host changed the rebuys: up to 3 a player -> not allowed"
    with pytest.raises(TableError, match="this table does not allow rebuys"):
        room.rebuy(ann)
    _next_hand(room)
    assert room.state == "over"


# --- refused, the table unchanged -----------------------------------------------------------------


def _as_it_is(room):
    return (room.state, room.deadline, list(room.log), dict(room.session.stacks), list(room.session.active))


def test_a_player_who_still_has_chips_is_refused():
    room, people = _room()
    before = _as_it_is(room)
    with pytest.raises(TableError, match=r"you still have chips \(20\): you buy in again once you have lost them"):
        room.rebuy(people["Ann"])
    assert _as_it_is(room) == before


def test_a_rebuy_before_the_start_or_by_a_stranger_or_a_bot_is_refused():
    room = Room("t", TableConfig(**(SETTINGS | {"seats": 2})), clock=Clock())
    ann = room.join("Ann")
    with pytest.raises(TableError, match="the game has not started: your buy-in is your stack"):
        room.rebuy(ann)
    bot = room.add_bot(ann, "check-call")
    room.start(ann)
    with pytest.raises(TableError, match="no seat at this table has that token"):
        room.rebuy("not-a-token")
    with pytest.raises(TableError, match="a bot does not buy in again"):
        room.rebuy(bot)
    assert ann.stack == bot.stack == BUY_IN


def test_over_the_limit_is_refused_while_the_others_play_on():
    # three seats: when Ann has lost her chips the two others still play, and she may buy in once
    room, people = _room(names=("Ann", "Bob"), seats=3, rebuy_limit=1)
    _until_broke(room, people)
    assert room.waiting_for() == []  # Bob and the bot play on without her
    room.rebuy(people["Ann"])
    _until_broke(room, people)
    before = _as_it_is(room)
    with pytest.raises(TableError, match="you have bought in again once: the table allows 1 rebuy a player"):
        room.rebuy(people["Ann"])
    assert _as_it_is(room) == before


# --- the settings ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes, line",
    [
        ({"rebuy_limit": None}, "the rebuys: up to 3 a player -> unlimited"),
        ({"rebuy_limit": 1}, "the rebuys: up to 3 a player -> up to 1 a player"),
        ({"rebuys": False}, "the rebuys: up to 3 a player -> not allowed"),
    ],
)
def test_the_host_changes_the_rebuys_from_the_next_hand(changes, line):
    room, people = _room()
    room.configure(people["Ann"], changes)  # during the first hand
    assert room.log[-1] == f"The host changed {line.replace(':', ' from the next hand:', 1)}"
    assert room.config.rebuy_limit == 3 and room.config.rebuys  # the hand in play: as it was


def test_a_table_is_made_with_its_rebuys_or_refused_with_the_reason():
    server = Server(":memory:", clock=Clock(), seeded_tables=True)
    room, _ = server.create({"host": "Ann", "variants": [FR], "rebuys": True, "rebuy_limit": None})
    assert room.config.rebuys and room.config.rebuy_limit is None
    for bad, said in (
        ({"rebuys": "yes"}, "'rebuys' is true"),
        ({"rebuy_limit": 0}, "'rebuy_limit' is a whole number from 1 to 1000, or null (unlimited)"),
        ({"rebuy_limit": True}, "'rebuy_limit' is a whole number"),
    ):
        with pytest.raises(TableError) as err:
            server.create({"host": "Ann", "variants": [FR]} | bad)
        assert said in str(err.value)


def test_the_rebuy_message_and_the_settings_of_rebuys_are_checked():
    assert parse_message('{"type": "rebuy"}') == {"type": "rebuy"}
    changes = {"rebuys": False, "rebuy_limit": None}
    assert parse_message(json.dumps({"type": "settings", "changes": changes}))["changes"] == changes
    for text, said in (
        ('{"type": "rebuy", "chips": 5000}', "'rebuy' takes no 'chips'"),
        ('{"type": "settings", "changes": {"rebuys": 1}}', "'rebuys' is true or false"),
        ('{"type": "settings", "changes": {"rebuy_limit": -1}}', "'rebuy_limit' is a whole number from 1 to 1000"),
        ('{"type": "settings", "changes": {"rebuy_limit": "many"}}', "'rebuy_limit' is a whole number"),
    ):
        with pytest.raises(ProtocolError) as err:
            parse_message(text)
        assert said in str(err.value)


# --- a restart ---------------------------------------------------------------------------------------


def _served(db, clock, **settings):
    server = Server(db, clock=clock, seeded_tables=True)
    body = {"host": "Ann", "variants": [FR], "seats": 2, "buy_in": BUY_IN, "stakes": {"low_limit": 2}}
    room, ann = server.create(body | {"timeout": 30, "pause": 60, "seed": 7} | settings)
    server._save_seat(room, room.add_bot(ann, "check-call"))
    room.start(ann)
    return server, room, {"Ann": ann, "Bot1": room.seats[1]}


def test_a_restart_keeps_the_rebuys_and_a_table_waiting_for_one(tmp_path):
    db, clock = tmp_path / "tables.db", Clock()
    server, room, people = _served(db, clock)
    _until_broke(room, people)
    room.rebuy(people["Ann"])
    _until_broke(room, people)  # broke again: the table waits for her second rebuy
    assert room.waiting_for() == ["Ann"]
    server.store.close()

    back = Server(db, clock=clock, seeded_tables=True).rooms[room.id]
    ann = back.seat_of(people["Ann"].token)
    assert back.state == "between" and back.waiting_for() == ["Ann"] and ann.stack == 0
    assert (_facts(back, "Ann")["rebuys"], _facts(back, "Ann")["bought"]) == (1, 2 * BUY_IN)
    assert snapshot(back, ann)["you"]["rebuy"] == {"chips": BUY_IN, "used": 1, "limit": 3}
    back.tick()  # the restart deals at once, if it can: it cannot, and waits for her
    assert back.state == "between" and "may buy in again" in back.log[-1]
    back.rebuy(ann)
    assert back.state == "playing" and "Ann" in back.hand.players
    # the bot's buy-in, Ann's and her two rebuys: 4 x 20 at the table
    assert _chips(back) == 4 * BUY_IN
    assert _facts(back, "Ann")["bought"] == 3 * BUY_IN


def test_one_who_stood_up_after_a_rebuy_is_counted_with_it_after_a_restart(tmp_path):
    db, clock = tmp_path / "tables.db", Clock()
    server, room, people = _served(db, clock, seats=3)
    bob = server.join(room, "Bob")
    people["Bob"] = bob
    _until_broke(room, people, "Bob")
    assert room.state == "between"
    room.rebuy(bob)  # and between hands he stands up at once, with the 20 he bought
    room.leave(bob)
    assert room.departed[-1] == {"name": "Bob", "stack": BUY_IN, "bought": 2 * BUY_IN, "rebuys": 1}
    server.store.close()
    back = Server(db, clock=clock, seeded_tables=True).rooms[room.id]
    row = next(r for r in standings(back) if r["name"] == "Bob")
    # he bought in twice, 20 each, and left with 20: 20 - 40 = -20
    assert row == {"name": "Bob", "bought": 40, "rebuys": 1, "stack": 20, "net": -20}


TCP = "three-card-poker"


def _ann_alone_against_the_house(db, clock, monkeypatch, **settings):
    """Ann alone at Three Card Poker (buy-in 100, an ante of 10), every hand her pair of sevens against
    the house's queen high, which qualifies: she plays the first hand and folds every other, until she
    has too few chips for a hand. The server and the room then."""
    deal_every_hand(monkeypatch, {"Ann": "7s 7d 2c", "house": "Qs Jh 3d"})
    server = Server(db, clock=clock, seeded_tables=True)
    body = {"host": "Ann", "variants": [TCP], "seats": 2, "buy_in": 100, "timeout": 30, "pause": 60, "seed": 3}
    room, ann = server.create(body | settings)
    room.start(ann)
    room.act(ann, "raise")
    while True:
        if room.state == "playing":
            room.act(ann, "fold")
        elif room.waiting_for() or room.state == "over":
            return server, room, ann
        else:
            _next_hand(room)


def test_a_restart_keeps_a_table_against_the_house_waiting_for_its_only_player_to_buy_in_again(tmp_path, monkeypatch):
    db, clock = tmp_path / "tables.db", Clock()
    server, room, ann = _ann_alone_against_the_house(db, clock, monkeypatch, rebuy_limit=2)
    # hand 1: her pair beats the house's qualifying queen high: ante 10 and play 10 at even money, 100 + 20 = 120;
    # hands 2 to 12 she folds, 10 each: 120 - 11 x 10 = 10, less than an ante and a play (20): out of chips
    assert (ann.stack, room._number(), room.session.won["Ann"]) == (10, 12, 1)
    _next_hand(room)  # the table waits for her the time to act, then she is away (the store keeps her out)
    _next_hand(room)
    assert room.state == "between" and room.waiting_for() == ["Ann"] and ann.away
    server.store.close()

    back = Server(db, clock=clock, seeded_tables=True).rooms[room.id]
    her = back.seat_of(ann.token)
    state = snapshot(back, her)
    assert back.state == "between" and back.waiting_for() == ["Ann"]
    assert (state["hand_number"], _facts(back, "Ann")["won"], her.stack) == (12, 1, 10)
    assert state["you"]["rebuy"] == {"chips": 100, "used": 0, "limit": 2}
    back.tick()  # the restart deals at once, if it can: it cannot, and waits for her
    assert back.state == "between" and "may buy in again" in back.log[-1]
    back.rebuy(her)  # the table waited for her: hand 13 is dealt at once, with her 10 and the 100 bought: 110
    assert back.state == "playing" and back._number() == 13
    assert dict(zip(back.hand.players, back.hand.start)) == {"Ann": 110}


def test_a_table_against_the_house_over_for_want_of_chips_is_over_after_a_restart(tmp_path, monkeypatch):
    db, clock = tmp_path / "tables.db", Clock()
    server, room, ann = _ann_alone_against_the_house(db, clock, monkeypatch, rebuys=False)
    # as above, 10 chips after hand 12: too few for a hand, and no rebuy: the game is over
    assert room.state == "over" and (ann.stack, room._number()) == (10, 12)
    server.store.close()

    back = Server(db, clock=clock, seeded_tables=True).rooms[room.id]
    her = back.seat_of(ann.token)
    assert back.state == "over" and back.log[-1].startswith("The game is over")
    assert snapshot(back, her)["hand_number"] == 12 and _facts(back, "Ann")["won"] == 1
    with pytest.raises(TableError, match="the game is over: nobody buys in again"):
        back.rebuy(her)
    # her standings: 100 bought, 10 left: -90
    assert standings(back) == [{"name": "Ann", "bought": 100, "rebuys": 0, "stack": 10, "net": -90}]


# --- over the socket ---------------------------------------------------------------------------------


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(server=Server(tmp_path / "tables.db", clock=Clock(), seeded_tables=True))) as c:
        yield c


@contextlib.contextmanager
def ann_and_a_bot_over_the_socket(client):
    """A table of Ann (on a socket) and a check-call bot, started: (the socket, the room)."""
    body = {"host": "Ann", "variants": [FR], "seats": 2, "buy_in": BUY_IN, "stakes": {"low_limit": 2}, "seed": 7}
    t = client.post("/api/tables", json=body | {"pause": 60}).json()
    room = client.app.state.server.rooms[t["table"]]
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        ws.receive_json()
        ws.send_json({"type": "bot", "kind": "check-call"})
        ws.receive_json()
        ws.send_json({"type": "start"})
        ws.receive_json()
        yield ws, room


def test_a_rebuy_over_the_socket_refused_then_taken(client):
    with ann_and_a_bot_over_the_socket(client) as (ws, room):
        stored = client.app.state.server.store.load_tables()
        ws.send_json({"type": "rebuy"})
        assert ws.receive_json() == {
            "type": "error",
            "message": "you still have chips (20): you buy in again once you have lost them",
            "refused": "rebuy",
        }
        assert client.app.state.server.store.load_tables() == stored  # (nothing changed, not even the store)
        people = {"Ann": room.seats[0], "Bot1": room.seats[1]}
        _until_broke(room, people)
        ws.send_json({"type": "rebuy"})
        state = ws.receive_json()
        while state.get("type") != "state" or not state["seats"][0]["rebuys"]:
            state = ws.receive_json()
    assert state["seats"][0]["bought"] == 2 * BUY_IN and state["seats"][0]["stack"] == BUY_IN
    assert "Ann buys in again for 20 (rebuy 1 of 3) and plays from the next hand" in state["log"]
