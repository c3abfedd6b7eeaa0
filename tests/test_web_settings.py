"""The host changes a browser table's house rules between hands: the games,
the rotation, stakes, options and times (:meth:`Room.configure`, the
``settings`` message). A change made during a hand applies from the next
one; an invalid change, or one asked by another seat, changes nothing.

The amounts below are read from the French file (five-card-stud-fr.yaml):
the ante is half the low limit, the bring-in equal to the ante, so a low
limit of 10 (the file's) gives an ante and a bring-in of 5 and a completion
to 10; a low limit of 20 gives 10, 10 and a completion to 20. The Hebrew
file's ante is a fifth of the low limit (2 at a low limit of 10)."""

from __future__ import annotations

import json

import pytest
from test_kill import TWO_LEGS  # (a kill after two legs)
from web_support import Clock, web_test_client

from studrules.game.policies import CheckCall
from studrules.spec.loader import load_variant_text
from studrules.table.session import Session
from studrules.web.app import Server, create_app
from studrules.web.protocol import MAX_SETTINGS, ProtocolError, parse_message
from studrules.web.room import Room, TableConfig, TableError
from studrules.web.room_view import choices, snapshot
from studrules.web.store import Store

TestClient = web_test_client()  # (the module is skipped without the web extra)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

FR, HE = "five-card-stud-fr", "five-card-stud-he"


def _room(**settings):
    config = TableConfig(**({"variants": (FR,), "seats": 2, "timeout": 30, "pause": 60, "seed": 7} | settings))
    room = Room("t", config, clock=Clock())
    ann, bob = room.join("Ann"), room.join("Bob")
    return room, {"Ann": ann, "Bob": bob}


def _passive(hand):
    legal = {la.action for la in hand.legal_actions()}
    return next(v for v in ("check", "call", "bring-in", "show") if v in legal)


def _play_out(room, seats):
    hand = room.hand
    for _ in range(100):
        if hand.is_over:
            return
        room.act(seats[hand.to_act], _passive(hand))
    raise AssertionError("the hand did not end")


def _antes(hand):
    return sorted((e.player, e.amount) for e in hand.events if e.type == "ante")


def _offers(hand):
    return {la.action: la.to_dict() for la in hand.legal_actions()}


# --- the hand in play, the next hand -------------------------------------------------


def test_stakes_changed_during_a_hand_apply_from_the_next_hand():
    room, seats = _room()
    room.start(seats["Ann"])
    first = room.hand
    assert _antes(first) == [("Ann", 5), ("Bob", 5)]
    room.configure(seats["Ann"], {"stakes": {"low_limit": 20}})
    assert room.log[-1] == "The host changed the stakes from the next hand: low_limit 10 -> 20"
    # the hand in play goes on under the rules it was dealt with: a completion is to 10
    assert room.config.stakes == {} and room.next_config.stakes == {"low_limit": 20}
    view = snapshot(room, None)
    assert view["settings"]["stakes"] == {} and view["settings_next"]["stakes"] == {"low_limit": 20}
    actor = first.to_act
    assert _offers(first)["complete"]["to"] == [10]
    room.act(seats[actor], "complete")
    assert first.events[-1].describe() == f"{actor} completes to 10"
    _play_out(room, seats)
    assert room.state == "between" and room.config.stakes == {"low_limit": 20}
    room.clock.now = 60
    room.tick()
    second = room.hand
    assert second is not first and room.report.number == 2
    # the next hand: ante and bring-in half of 20, a completion to 20
    assert _antes(second) == [("Ann", 10), ("Bob", 10)]
    assert _offers(second)["bring-in"]["amount"] == 10 and _offers(second)["complete"]["to"] == [20]
    # announced as a switch of rules: the same game, what changes
    assert room.announcement is not None
    assert "Five Card Stud (French rules) (five-card-stud-fr) with new house rules" in room.announcement["text"]
    rows = {(d["topic"], d["rule"]): (d["a"], d["b"]) for d in room.announcement["differences"]}
    assert rows[("round 1", "bet size")] == ("10", "20")
    assert rows[("stakes and forced bets", "ante")] == ("half the low limit (5)", "half the low limit (10)")
    # the deal moved on, and no chip was made or lost
    assert room.report.dealer != room.session.reports[0].dealer
    assert sum(s.stack for s in room.seats) == 2000


def test_new_games_deal_the_first_of_them_next_and_the_switch_shows_what_changes():
    room, seats = _room(variants=(FR, HE))
    room.start(seats["Ann"])
    assert room.report.variant.name == FR
    _play_out(room, seats)
    won = dict(room.session.won)
    # between hands: at once. In turn, the new list begins with its first game
    # (counting the one hand played into it would deal the French game)
    room.configure(seats["Ann"], {"variants": [HE, FR]})
    assert room.config.variants == (HE, FR) and room.pending is None
    assert room.log[-1] == f"The host changed the games: {FR}, {HE} -> {HE}, {FR}"
    room.clock.now = 60
    room.tick()
    assert room.report.variant.name == HE and room.report.switched
    assert room.announcement["text"].startswith("Hand 2: the game changes to")
    ante = [d for d in room.announcement["differences"] if d["rule"] == "ante"]
    assert ante and "(5)" in ante[0]["a"] and "(2)" in ante[0]["b"]
    assert room.session.won == won
    _play_out(room, seats)
    room.clock.now = 120
    room.tick()
    assert room.report.variant.name == FR  # the second of the new list


def test_a_game_listed_twice_is_one_choice_of_the_dealer():
    room, seats = _room(rotate="dealer", pause=0, variants=(FR, HE, FR))
    room.start(seats["Ann"])
    assert room.state == "choosing" and [c["name"] for c in choices(room)] == [FR, HE]


def test_a_change_while_the_dealer_chooses_offers_him_the_new_games():
    room, seats = _room(rotate="dealer", pause=0)
    room.start(seats["Ann"])
    assert room.state == "choosing" and room.session.dealer == "Bob"
    room.configure(seats["Ann"], {"variants": [FR, HE], "options": {"open_fold": "fourth_street"}})
    assert room.log[-3:] == [
        f"The host changed the games: {FR} -> {FR}, {HE}",
        "The host changed the options: open_fold every_round -> fourth_street",
        "Bob is choosing the game",  # again, among the games dealt now
    ]
    assert room.state == "choosing" and [c["name"] for c in choices(room)] == [FR, HE]
    room.choose(seats["Bob"], HE)
    assert room.report.variant.name == HE
    # back to each game in turn while the dealer chooses: the hand is dealt at once
    _play_out(room, seats)
    assert room.state == "choosing"
    room.configure(seats["Ann"], {"rotate": "turn"})
    assert room.state == "playing" and room.report.number == 2
    # in turn from the list of the first change (one hand into it): the second game, the Hebrew one again
    assert room.report.variant.name == HE and not room.report.switched
    assert room.log[-2:] == [
        "The host changed the rotation: dealer's choice -> each game in turn",
        "Hand 2: Ann deals.",
    ]


def test_a_dealer_who_does_not_choose_in_time_after_a_change_deals_the_last_game_under_the_new_stakes():
    room, seats = _room(variants=(FR, HE), rotate="dealer", pause=0)
    room.start(seats["Ann"])
    room.choose(seats["Bob"], FR)
    _play_out(room, seats)
    assert room.state == "choosing" and room.session.dealer == "Ann"
    room.configure(seats["Ann"], {"stakes": {"low_limit": 20}})  # the games are loaded again, at 20
    room.clock.now += 30  # Ann does not choose: the French game again, as the table deals it now
    assert room.tick()
    assert room.report.variant.name == FR and _antes(room.hand) == [("Ann", 10), ("Bob", 10)]
    assert room.log[-2] == "Ann did not choose in time: five-card-stud-fr again"


def test_a_change_before_the_start_is_the_tables_setting_at_once():
    room, seats = _room(timeout=30)
    room.configure(seats["Ann"], {"timeout": 12})
    assert room.config.timeout == 12 and room.pending is None
    assert room.log[-1] == "The host changed the time to act: 30 s -> 12 s"
    room.start(seats["Ann"])
    assert room.deadline == 12  # the clock is at 0


def test_a_change_after_a_change_in_the_same_hand_builds_on_it():
    room, seats = _room()
    room.start(seats["Ann"])
    room.configure(seats["Ann"], {"stakes": {"low_limit": 20}})
    room.configure(seats["Ann"], {"pause": 0})
    assert room.log[-1] == "The host changed the pause between hands from the next hand: 60 s -> 0 s"
    assert room.next_config.stakes == {"low_limit": 20} and room.next_config.pause == 0
    _play_out(room, seats)  # no pause now: the next hand is dealt at once, at the new stakes
    assert room.report.number == 2 and _antes(room.hand) == [("Ann", 10), ("Bob", 10)]


# --- refused -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes, said",
    [
        ([], "names one or more of: variants, rotate"),
        ({}, "names one or more of"),
        ({"seats": 3}, "'seats' cannot change: the seats, the buy-in and the seed stay"),
        ({"buy_in": 10, "pause": 1}, "'buy_in' cannot change"),
        ({"seed": 1}, "'seed' cannot change"),
        ({"admin": True}, "unknown table settings: admin"),
        ({"variants": FR}, "'variants' is a list of 1 to 20 game names"),
        ({"variants": []}, "'variants' is a list"),
        ({"variants": ["no-such-game"]}, "'no-such-game' is not a game this server deals"),
        ({"variants": ["no-such-game"]}, "'no-such-game' is not a game this server deals"),
        ({"rotate": "sideways"}, "'rotate' is 'turn' or 'dealer'"),
        (
            {"stakes": {"low_limit": 0}},
            f"{FR} with these stakes and options: steps[2].betting.bet: the bet works out to 0",
        ),
        (  # (half a chip of ante and bring-in, played as 0: nobody could call the bring-in)
            {"stakes": {"low_limit": 1}},
            f"{FR} with these stakes and options: steps[2].betting.bring_in.amount: the bring-in works out to 0",
        ),
        ({"stakes": {"low_limit": -1}}, "the stake low_limit is from 0 to 1000000"),
        ({"stakes": {"low_limit": "ten"}}, "'stakes' maps stake names to whole numbers"),
        ({"stakes": {"zzz": 1}}, "no game of this table has the stake 'zzz'"),
        ({"options": {"open_fold": "nope"}}, f"{FR} with these stakes and options"),
        ({"options": {"zzz": "1"}}, "no game of this table has the option 'zzz'"),
        ({"timeout": 0}, "'timeout' is a number of seconds from 1 to 600"),
        ({"pause": "soon"}, "'pause' is a number of seconds from 0 to 60"),
        ({"timeout": 30}, "nothing changes: these are the table's settings already"),
    ],
)
def test_an_invalid_change_is_refused_and_changes_nothing_not_even_the_store(tmp_path, changes, said):
    db = tmp_path / "tables.db"
    server = Server(db, clock=Clock(), seeded_tables=True)
    room, ann = server.create({"host": "Ann", "variants": [FR], "seats": 2, "timeout": 30, "seed": 3})
    server.join(room, "Bob")
    room.start(ann)
    before = (room.config, room.pending, list(room.log), room.session.variants, room.state)
    stored = server.store.load_tables()
    with pytest.raises(TableError) as err:
        room.configure(ann, changes)
    assert said in str(err.value)
    assert (room.config, room.pending, room.log, room.session.variants, room.state) == before
    assert Store(db).load_tables() == stored


def test_games_played_by_fewer_players_than_the_table_seats_are_refused():
    server = Server(":memory:", clock=Clock(), seeded_tables=True)
    room, ann = server.create({"host": "Ann", "variants": [FR], "seats": 10})
    with pytest.raises(TableError, match="these games are played by 2 to 7 players: this table has 10 seats"):
        room.configure(ann, {"variants": ["cowpie"]})  # (cowpie.yaml: seats 2 to 7)
    assert room.config.variants == (FR,)


def test_only_the_host_changes_the_settings():
    room, seats = _room()
    room.start(seats["Ann"])
    with pytest.raises(TableError, match="only the host may change the settings"):
        room.configure(seats["Bob"], {"stakes": {"low_limit": 20}})
    assert room.pending is None and room.next_config.stakes == {}
    with pytest.raises(TableError, match="no seat at this table has that token"):
        room.configure("not-a-token", {"pause": 1})


def test_the_game_over_takes_no_change():
    room, seats = _room()
    room.start(seats["Ann"])
    room.state = "over"
    with pytest.raises(TableError, match="the game is over"):
        room.configure(seats["Ann"], {"pause": 1})


# --- the store, a restart ---------------------------------------------------------------


def _server_table(db, clock, **settings):
    server = Server(db, clock=clock, seeded_tables=True)
    room, ann = server.create({"host": "Ann", "seats": 2, "seed": 3} | settings)
    bot = room.add_bot(ann, "check-call")
    server._save_seat(room, bot)
    return server, room, ann


def _ann_plays_out(room, ann):
    while room.state == "playing" and not room.hand.is_over and room.hand.to_act == "Ann":
        room.act(ann, _passive(room.hand))


def test_a_restart_deals_with_the_changed_settings(tmp_path):
    db, clock = tmp_path / "tables.db", Clock()
    server, room, ann = _server_table(db, clock, variants=[FR], pause=5)
    room.start(ann)
    server.store.set_state(room.id, room.state)  # (as the server does when the host starts)
    (before,) = server.store.load_tables()
    room.configure(ann, {"stakes": {"low_limit": 20}})  # during the first hand
    (kept,) = server.store.load_tables()
    assert kept["config"] == before["config"] | {"stakes": {"low_limit": 20}}
    assert (kept["created"], kept["state"]) == (before["created"], "playing")
    server.store.close()

    again = Server(db, clock=clock, seeded_tables=True)
    back = again.rooms[room.id]
    assert back.config.stakes == {"low_limit": 20} and back.config.pause == 5
    back.tick()  # the hand in play was returned: the next is dealt, at the new stakes
    assert back.state == "playing" and _antes(back.hand) == [("Ann", 10), ("Bot1", 10)]


def test_a_restart_after_new_games_deals_the_first_of_them(tmp_path):
    db, clock = tmp_path / "tables.db", Clock()
    server, room, ann = _server_table(db, clock, variants=[FR, HE], pause=5)
    room.start(ann)
    _ann_plays_out(room, ann)
    assert room.state == "between" and room.report.variant.name == FR
    room.configure(ann, {"variants": [HE, FR]})
    server.store.close()

    back = Server(db, clock=clock, seeded_tables=True).rooms[room.id]
    back.tick()
    # the hand played was counted into the old list: the new one begins with its first
    assert back.report.variant.name == HE and back._number() == 2


@pytest.mark.parametrize("when", ["between hands", "during the hand"])
def test_a_restart_after_a_change_of_the_stakes_alone_announces_what_changed(tmp_path, when):
    db, clock = tmp_path / "tables.db", Clock()
    server, room, ann = _server_table(db, clock, variants=[FR], pause=5)
    room.start(ann)
    if when == "during the hand":
        room.configure(ann, {"stakes": {"low_limit": 20}})  # from the next hand
    _ann_plays_out(room, ann)
    assert room.state == "between" and room.report.variant.name == FR
    if when == "between hands":
        room.configure(ann, {"stakes": {"low_limit": 20}})  # at once
    server.store.close()

    back = Server(db, clock=clock, seeded_tables=True).rooms[room.id]
    back.tick()
    # announced as without the restart: the same game with new house rules, and what changes
    # (the French file: a bet of the low limit, 10 -> 20; an ante of half of it, 5 -> 10)
    assert back.report.number == 1 and back._number() == 2
    assert back.announcement is not None and "(five-card-stud-fr) with new house rules" in back.announcement["text"]
    rows = {(d["topic"], d["rule"]): (d["a"], d["b"]) for d in back.announcement["differences"]}
    assert rows[("round 1", "bet size")] == ("10", "20")
    assert rows[("stakes and forced bets", "ante")] == ("half the low limit (5)", "half the low limit (10)")
    assert _antes(back.hand) == [("Ann", 10), ("Bot1", 10)]


# --- the session's part: what carries over ----------------------------------------------


def test_a_kills_legs_go_with_the_last_game_that_has_a_kill():
    players = ["Ann", "Bob", "Cat"]
    session = Session([load_variant_text(TWO_LEGS)], players, {p: CheckCall() for p in players}, stacks=500, seed=5)
    while session.legs is None:  # a hand won whole gives a leg
        session.play_next()
    legs, dealer, stacks, won = session.legs, session.dealer, dict(session.stacks), dict(session.won)
    session.change_rules([load_variant_text(TWO_LEGS)])  # another game with a kill: the legs stay
    assert session.legs == legs
    session.change_rules(["five-card-stud"], stakes={"low_limit": 20})  # no kill in any game now: none
    assert session.legs is None and session.killer is None
    assert (session.dealer, session.stacks, session.won) == (dealer, stacks, won)
    report = session.play_next()
    assert report.variant.name == "five-card-stud" and report.killer is None
    assert [d.rule for d in report.differences if d.topic == "round 1"] == ["bet size"]  # 10 -> 20


# --- the protocol -----------------------------------------------------------------------


def test_a_settings_message_is_checked_field_by_field():
    message = {"type": "settings", "changes": {"stakes": {"low_limit": 20}, "variants": [FR], "timeout": 12.5}}
    assert parse_message(json.dumps(message)) == message


@pytest.mark.parametrize(
    "changes, said",
    [
        (None, "'settings' needs 'changes'"),
        ([FR], "'changes' is a JSON object naming one or more of"),
        ({}, "'changes' is a JSON object naming one or more of"),
        ({"seats": 4}, "'seats' cannot change: the seats, the buy-in and the seed stay"),
        ({"host": "Eve"}, "'changes' takes no 'host'"),
        ({"variants": FR}, "'variants' is a list of 1 to 20 game names"),
        ({"variants": [FR] * 21}, "'variants' is a list of 1 to 20 game names"),
        ({"variants": ["<script>"]}, "'variants' must be a game's name: 1 to 64 letters"),
        ({"rotate": "sideways"}, "'rotate' must be one of turn, dealer"),
        ({"stakes": {"low_limit": "20"}}, "'stakes' must be a whole number"),
        ({"stakes": {"low_limit": True}}, "'stakes' must be a whole number"),
        ({"stakes": {f"s{i}": 1 for i in range(21)}}, "'stakes' maps at most 20 names"),
        ({"stakes": {"x" * 33: 1}}, "'stakes' must be a name of 1 to 32 letters"),
        ({"options": {"open_fold": 1}}, "'options' must be text"),
        ({"options": ["open_fold"]}, "'options' maps at most 20 names"),
        ({"timeout": "30"}, "'timeout' is a number of seconds"),
        ({"pause": True}, "'pause' is a number of seconds"),
        ({"pause": 1e300}, "'pause' is a number of seconds"),
    ],
)
def test_a_bad_settings_message_is_refused_with_its_reason(changes, said):
    message = {"type": "settings"} | ({} if changes is None else {"changes": changes})
    with pytest.raises(ProtocolError) as err:
        parse_message(json.dumps(message))
    assert said in str(err.value)


def test_a_settings_message_may_be_as_large_as_a_new_tables_request_and_no_larger():
    games = [f"game-{i:02d}-" + "x" * 50 for i in range(20)]  # names the table checks, not the protocol
    assert (
        len(parse_message(json.dumps({"type": "settings", "changes": {"variants": games}}))["changes"]["variants"])
        == 20
    )
    text = json.dumps({"type": "settings", "changes": {"variants": [FR], "pad": "x" * MAX_SETTINGS}})
    with pytest.raises(ProtocolError, match=f"a message is at most {MAX_SETTINGS} bytes"):
        parse_message(text)
    with pytest.raises(ProtocolError, match="a message is at most 1024 bytes"):  # the other messages: as before
        parse_message(json.dumps({"type": "ping", "pad": "x" * 2000}))


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "tables.db", seeded_tables=True)) as c:
        yield c


def test_the_host_changes_the_stakes_over_the_socket_and_everybody_is_told(client):
    t = client.post("/api/tables", json={"host": "Ann", "variants": [FR], "seats": 2, "pause": 0, "seed": 7}).json()
    bob = client.post(f"/api/tables/{t['table']}/join", json={"name": "Bob"}).json()
    room = client.app.state.server.rooms[t["table"]]
    url = f"/ws/{t['table']}"
    with client.websocket_connect(url) as wa, client.websocket_connect(url) as wb:
        wa.send_json({"type": "hello", "token": t["token"]})
        wb.send_json({"type": "hello", "token": bob["token"]})
        wa.receive_json(), wb.receive_json()
        wa.send_json({"type": "start"})
        wa.receive_json(), wb.receive_json()
        # Bob is not the host: refused, nothing changed
        wb.send_json({"type": "settings", "changes": {"stakes": {"low_limit": 20}}})
        # (the refusal names what it refuses: an audit's finding)
        assert wb.receive_json() == {
            "type": "error",
            "message": "only the host may change the settings",
            "refused": "settings",
        }
        # a game the server does not deal: refused, said to the host
        wa.send_json({"type": "settings", "changes": {"variants": ["no-such-game"]}})
        assert wa.receive_json() == {
            "type": "error",
            "message": "'no-such-game' is not a game this server deals",
            "refused": "settings",
        }
        wa.send_json({"type": "settings", "changes": {"seats": 4}})
        assert "'seats' cannot change" in wa.receive_json()["message"]
        assert room.pending is None and room.config.stakes == {}
        wa.send_json({"type": "settings", "changes": {"stakes": {"low_limit": 20}}})
        for state in (wa.receive_json(), wb.receive_json()):
            assert state["settings"]["stakes"] == {} and state["settings_next"]["stakes"] == {"low_limit": 20}
            assert "The host changed the stakes from the next hand: low_limit 10 -> 20" in state["log"]
            assert "seed" not in state["settings"]  # (the seed would tell the deals)
    assert Store(client.app.state.server.store.path).load_tables()[0]["config"]["stakes"] == {"low_limit": 20}


def test_the_rule_books_are_those_of_the_hand_in_play_and_of_the_hands_to_come(client):
    t = client.post("/api/tables", json={"host": "Ann", "variants": [FR], "seats": 2, "pause": 60}).json()
    room = client.app.state.server.rooms[t["table"]]
    ann = room.seat_of(t["token"])
    room.add_bot(ann, "check-call")
    room.start(ann)
    room.configure(ann, {"variants": [HE], "stakes": {"low_limit": 30}})
    rules = f"/api/tables/{t['table']}/rules/"
    assert "- low limit (low_limit): 10" in client.get(rules + FR).text  # the hand in play's, as it was dealt
    assert "- low limit (low_limit): 30" in client.get(rules + HE).text  # the next hands', at the new stakes
    _ann_plays_out(room, ann)
    assert room.state == "between" and room.config.variants == (HE,)
    assert "- low limit (low_limit): 10" in client.get(rules + FR).text  # the last hand's, though no longer dealt
    assert client.get(rules + "razz").status_code == 404


def test_the_rule_book_before_the_start_is_at_the_tables_stakes(client):
    body = {"host": "Ann", "variants": [FR], "seats": 2, "stakes": {"low_limit": 20}}
    t = client.post("/api/tables", json=body).json()
    book = client.get(f"/api/tables/{t['table']}/rules/{FR}").text
    # the French file: the ante is half the low limit
    assert "- low limit (low_limit): 20" in book and "- ante (ante): 10 (half the low limit)" in book


def test_stakes_played_other_than_given_are_told_at_the_table(tmp_path):
    # the French ante is half the low limit: a low limit of 3 makes it 1.5 chips, played as 1
    # (chips are whole), as the command line warns; the table's log tells the host
    server = Server(tmp_path / "tables.db", clock=Clock(), seeded_tables=True)
    room, ann = server.create({"host": "Ann", "variants": [FR, HE], "seats": 2, "stakes": {"low_limit": 3}})
    assert (
        f"{FR}: the stake low_limit=3 makes ante (low_limit / 2) 1.5 of a chip: it is played as 1; "
        "give it too (ante=N in the stakes) or stakes that make it whole"
    ) in room.log
    # whole stakes: nothing to tell (a low limit of 4: an ante of 2)
    room, ann = server.create({"host": "Ann", "variants": [FR], "seats": 2, "stakes": {"low_limit": 4}})
    assert room.log == ["Ann sits down"]
    # the host's change says it too, with the change's own lines
    server.join(room, "Bob")
    room.start(ann)
    room.configure(ann, {"stakes": {"low_limit": 5}})
    assert (
        f"{FR}: the stake low_limit=5 makes ante (low_limit / 2) 2.5 of a chip: it is played as 2; "
        "give it too (ante=N in the stakes) or stakes that make it whole"
    ) in room.log


def test_a_dealer_who_does_not_choose_the_first_game_is_not_told_it_is_dealt_again():
    # an audit's finding: the first hand's dealer out of time read "seven-card-stud again",
    # a game never played at the table
    room, seats = _room(variants=(FR, HE), rotate="dealer", pause=0)
    room.start(seats["Ann"])
    assert room.state == "choosing" and room.session.last_variant is None
    dealer = room.session.dealer
    room.clock.now += 30
    assert room.tick()
    assert f"{dealer} did not choose in time: {FR} (the first game)" in room.log
