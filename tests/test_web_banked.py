"""Games against the house at the table in a browser, without a browser: the
rooms directly, and Starlette's test client over a temporary SQLite store.

Each hand is dealt chosen cards (the hand's own ``cards=``), and every stack
and net below is worked out by hand from the variant file's pay tables
(``variants/three-card-poker.yaml``, ``variants/let-it-ride.yaml``)."""

from __future__ import annotations

import json
import re

import pytest
from web_support import Clock, bot_and_start, deal_every_hand, web_test_client

from studrules.web.app import Server, create_app
from studrules.web.room import Room, TableConfig, TableError
from studrules.web.room_view import snapshot

TestClient = web_test_client()  # (the module is skipped without the web extra)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TCP, LIR, CSP, FOUR, FR = "three-card-poker", "let-it-ride", "caribbean-stud-it", "four-card-poker", "five-card-stud-fr"
CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


@pytest.fixture
def deal(monkeypatch):
    """``deal(cards)``: every hand a session deals from now on gets ``cards``
    (``{name: [...], "house": [...], "community": [...]}``, the hand's own ``cards=``)."""

    return lambda cards: deal_every_hand(monkeypatch, cards)


def _room(variants, seats=3, **settings):
    config = TableConfig(
        **({"variants": tuple(variants), "seats": seats, "buy_in": 200, "timeout": 30, "pause": 60} | settings)
    )
    return Room("t", config, clock=Clock())


def _ann_and_a_bot(game):
    """A two-seat table of ``game``: Ann and the table's bot, the first hand dealt."""
    room = _room([game], seats=2)
    ann = room.join("Ann")
    room.add_bot(ann.token)
    room.start(ann.token)
    return room, ann


def _position(state, name):
    return next(p for p in state["hand"]["banked"]["positions"] if p["player"] == name)


# --- a whole hand ------------------------------------------------------------------------


def test_two_people_and_a_bot_play_a_hand_against_the_house_and_each_is_paid_by_the_pay_table(deal):
    # Three Card Poker, the Pair Plus staked at 5 by the table; Ann antes 20 (the table's limits
    # are 5 to 100), Bob and the bot the game's 10. The house's Q-J-3 qualifies (queen high).
    deal(
        {
            "Ann": "7s 7d 2c",  # a pair of sevens: plays
            "Bob": "Kc 9d 4h",  # folds
            "Bot1": "Jd 9c 4s",  # jack high, below queen-six-four: the game's own strategy folds
            "house": "Qs Jh 3d",
        }
    )
    room = _room([TCP], stakes={"pair_plus": 5})
    ann, bob = room.join("Ann"), room.join("Bob")
    bot = room.add_bot(ann.token)
    assert bot.bot == "strategy"  # every game of the table is against the house: each game's own strategy
    room.choose_ante(ann.token, 20)
    room.start(ann.token)
    assert room.hand.players == ("Ann", "Bob", "Bot1") and room.hand.to_act == "Ann"
    state = snapshot(room, ann)
    assert _position(state, "Ann") == {
        "player": "Ann",
        "ante": 20,
        "side_bets": [{"name": "pair_plus", "words": "pair plus", "amount": 5}],
        "raises": [],
        "stood": 0,
        "folded": False,
        "result": None,
    }
    assert _position(state, "Bob")["ante"] == 10
    assert [la["action"] for la in state["hand"]["legal"]] == ["fold", "raise"]
    assert state["hand"]["legal"][1]["amount"] == 20  # the play wager is the position's own ante
    room.act(ann.token, "raise")
    room.act(bob.token, "fold")  # the bot then folds, and the hand is settled
    assert room.hand.is_over and room.state == "between"
    # Ann: her pair beats the house's queen high, which qualifies: ante 20 and play 20 win even
    # money (+40), the Pair Plus pays a pair 1 to 1 (+5): +45. Bob and the bot fold: the ante
    # and the Pair Plus lost, -15 each. The house: -45 + 15 + 15 = -15.
    assert [s.stack for s in room.seats] == [245, 185, 185]
    assert room.session.house_net == -15
    state = snapshot(room, bob)
    banked = state["hand"]["banked"]
    assert banked["house"]["cards"] == ["Qs", "Jh", "3d"]
    assert banked["house"]["words"].endswith("which qualifies")
    assert banked["house_net"] == -15 and state["banked"]["house_net"] == -15
    ann_result = _position(state, "Ann")["result"]
    assert ann_result["net"] == 45 and ann_result["hand"] == "pair of sevens"
    assert ann_result["line"].startswith("Ann's hand: pair of sevens;") and ann_result["line"].endswith(": +45")
    assert "pair plus" in ann_result["pays"]
    assert _position(state, "Ann")["raises"] == [20]
    for name in ("Bob", "Bot1"):
        position = _position(state, name)
        assert position["folded"] and position["result"]["net"] == -15
        assert position["result"]["line"].startswith(f"{name}: folded") and position["result"]["line"].endswith(": -15")


def test_a_chosen_ante_the_stack_cannot_cover_with_a_raise_is_refused_with_the_most_it_covers(deal):
    deal({"Ann": "7s 7d 2c", "Bob": "Kc 9d 4h", "house": "Qs Jh 3d"})
    room = _room([TCP], seats=2, buy_in=50)
    ann, bob = room.join("Ann"), room.join("Bob")
    # within the table's 5 to 100, but 30 and a play of 30 are more than 50; the most: 25 + 25 = 50
    # (it was taken, and the hand dealt at the game's 10 without a word)
    words = "your stack of 50 cannot cover an ante of 30 with the raises: the most you can ante now is 25"
    with pytest.raises(TableError, match=re.escape(words)):
        room.choose_ante(ann.token, 30)
    room.choose_ante(bob.token, 25)  # 25 and a play of 25: exactly 50
    assert room.antes == {"Bob": 25}
    room.start(ann.token)
    state = snapshot(room, ann)
    assert (_position(state, "Ann")["ante"], _position(state, "Bob")["ante"]) == (10, 25)


def test_a_chosen_ante_a_loss_leaves_uncovered_is_the_games_own_and_the_table_says_so(deal):
    deal({"Ann": "7s 7d 2c", "house": "Qs Jh 3d"})
    room = _room([TCP], seats=2, buy_in=100)
    ann = room.join("Ann")
    room.choose_ante(ann.token, 40)  # 40 and a play of 40: her 100 covers it
    room.start(ann.token)
    room.act(ann.token, "fold")  # her ante lost: 100 - 40 = 60
    assert ann.stack == 60
    room.clock.now = room.deadline
    room.tick()
    # hand 2: 40 + 40 = 80 > 60, dealt at the game's own 10 (10 + 10 she covers), and said
    assert room.state == "playing" and _position(snapshot(room, ann), "Ann")["ante"] == 10
    assert room.log[-1] == "Ann's stack of 60 cannot cover his ante of 40 with the raises: this hand he antes 10"
    # during a hand she is in her next stack is not known yet: a choice is taken
    room.choose_ante(ann.token, 50)
    assert snapshot(room, ann)["banked"]["ante"]["chosen"] == 50


def test_an_ante_outside_the_table_limits_or_at_a_table_of_pot_games_is_refused():
    room = _room([TCP])
    ann = room.join("Ann")
    for amount in (4, 101, 0):
        with pytest.raises(TableError, match="an ante at this table is from 5 to 100"):
            room.choose_ante(ann.token, amount)
    assert room.antes == {}
    pot = _room([FR])
    cat = pot.join("Cat")
    with pytest.raises(TableError, match="no game of this table lets a position choose its ante"):
        pot.choose_ante(cat.token, 10)
    assert snapshot(pot, cat)["banked"] is None


# --- what a seat may see -------------------------------------------------------------------


@pytest.mark.parametrize(
    "game, cards, down, up",
    [
        # Caribbean stud: the house's fifth card is dealt face up, the other four face down
        (
            CSP,
            {"Ann": "2c 3c 4d 9h Kd", "Bob": "5s 6s 8c Th Qh", "house": "2h 5c 8d Jd Ks"},
            ["2h", "5c", "8d", "Jd"],
            ["Ks"],
        ),
        # Three Card Poker: the house's three cards face down until it reveals them
        (TCP, {"Ann": "2c 3c 4d", "Bob": "5s 6s 8c", "house": "2h 5c Jd"}, ["2h", "5c", "Jd"], []),
    ],
)
def test_the_houses_face_down_cards_are_in_no_seats_json_before_the_house_turns_them_up(deal, game, cards, down, up):
    deal(cards)
    room = _room([game], seats=2)
    ann, bob = room.join("Ann"), room.join("Bob")
    room.start(ann.token)

    def sent(seat):
        return json.dumps(snapshot(room, seat))

    for who in (ann, bob):  # each seat's turn in the middle of the hand
        for seat in (ann, bob, None):  # each seat, and a spectator
            text = sent(seat)
            assert not set(CARD.findall(text)) & set(down), (seat and seat.name, text)
            assert set(up) <= set(CARD.findall(text))
            house = json.loads(text)["hand"]["banked"]["house"]
            assert house == {"cards": [None] * len(down) + up, "words": None}
        room.act(who.token, "raise")
    assert room.hand.is_over  # the house has turned its cards up: now every seat sees them
    for seat in (ann, bob, None):
        assert snapshot(room, seat)["hand"]["banked"]["house"]["cards"] == down + up


# --- time ----------------------------------------------------------------------------------


def test_a_person_who_does_not_act_in_time_against_the_house_folds_where_he_may_not_stand(deal):
    deal({"Ann": "7s 7d 2c", "Bot1": "Kc 9d 4h", "house": "Qs Jh 3d"})
    room, ann = _ann_and_a_bot(TCP)
    assert {la.action for la in room.hand.legal_actions()} == {"fold", "raise"}
    room.clock.now = 30.0
    assert room.tick()
    assert str(room.hand.actions[0]) == "Ann fold" and "Ann ran out of time" in room.log
    # the ante is lost, and nothing more: 200 - 10
    assert room.hand.is_over and room.seats[0].stack == 190
    position = _position(snapshot(room, ann), "Ann")
    assert position["folded"] and position["raises"] == [] and position["result"]["net"] == -10


def test_a_person_who_does_not_act_in_time_at_let_it_ride_lets_no_further_bet_ride(deal):
    # Let It Ride has no fold: a time-out pulls the bet back (the decision's stand, a check),
    # twice; the "$" bet alone rides, and her pair of tens pays it 1 to 1: 200 + 10.
    deal({"Ann": "Ts Tc 4d", "Bot1": "3c 5d 8h", "community": "9h 2s"})
    room, ann = _ann_and_a_bot(LIR)
    for now in (30.0, 60.0):
        assert room.hand.to_act == "Ann"
        assert {la.action for la in room.hand.legal_actions()} == {"check", "raise"}
        room.clock.now = now
        assert room.tick()
    assert [str(a) for a in room.hand.actions if a.player == "Ann"] == ["Ann check", "Ann check"]
    assert room.hand.is_over and room.seats[0].stack == 210
    position = _position(snapshot(room, ann), "Ann")
    assert position["raises"] == [] and position["stood"] == 2
    assert position["result"]["hand"] == "pair of tens" and position["result"]["net"] == 10


# --- bots ----------------------------------------------------------------------------------


def test_the_hosts_bot_plays_each_games_own_strategy_and_sensibly_at_a_table_that_mixes_in_pot_games():
    banked = _room([TCP, LIR])
    host = banked.join("Ann")
    bob = banked.join("Bob")
    assert banked.add_bot(host.token).bot == "strategy"
    banked.replace(host.token, bob.number)
    assert banked.seats[bob.number].bot == "strategy"
    mixed = _room([TCP, FR])
    host = mixed.join("Ann")
    assert mixed.add_bot(host.token).bot == "sensible"  # (which plays a game against the house by its strategy)
    pot = _room([FR])
    assert pot.add_bot(pot.join("Ann").token).bot == "sensible"


def test_no_seat_deals_a_hand_against_the_house_and_a_pot_game_of_the_same_table_names_its_dealer():
    # the session moves its button every hand; a hand against the house is dealt by the house
    room, ann = _ann_and_a_bot(TCP)
    assert room.report is not None and room.report.variant.is_banked
    assert snapshot(room, ann)["dealer"] is None
    assert any(line.startswith("Hand 1") for line in room.log)
    assert not any(line.startswith("Hand 1:") and "deals" in line for line in room.log)
    pot = _room([FR], seats=2)
    host = pot.join("Ann")
    pot.add_bot(host.token)
    pot.start(host.token)
    dealer = snapshot(pot, host)["dealer"]
    assert dealer in ("Ann", "Bot1") and dealer == pot.report.dealer
    assert any(line.startswith("Hand 1:") and line.endswith(f"{dealer} deals.") for line in pot.log)


# --- the server ----------------------------------------------------------------------------


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "tables.db", seeded_tables=True)) as c:
        yield c


def _hello(ws, token):
    ws.send_json({"type": "hello", "token": token})
    return ws.receive_json()


def test_the_games_against_the_house_are_offered_marked_and_a_table_may_mix_them_with_pot_games(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games[TCP]["banked"] and games[CSP]["banked"] and not games[FR]["banked"]
    body = {"host": "Ann", "variants": [TCP, FR], "seats": 2, "pause": 0, "seed": 3}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    table = r.json()
    with client.websocket_connect(f"/ws/{table['table']}") as ws:
        _hello(ws, table["token"])
        state = bot_and_start(ws)
        assert state["variant"]["name"] == TCP and state["hand"]["banked"] is not None
        assert state["banked"]["ante"] == {"low": 5, "high": 100, "chosen": None}
        if state["hand"]["to_act"] != "Ann":
            state = ws.receive_json()
        ws.send_json({"type": "act", "verb": "fold"})
        for _ in range(10):  # the next hand, a pot game, is dealt at once
            state = ws.receive_json()
            if state["variant"]["name"] == FR:
                break
        assert state["variant"]["name"] == FR and state["hand"]["banked"] is None


def test_hostile_actions_against_the_house_are_refused_and_change_nothing(client):
    r = client.post("/api/tables", json={"host": "Ann", "variants": [FOUR], "seats": 2, "pause": 0, "seed": 3})
    table = r.json()
    r = client.post(f"/api/tables/{table['table']}/join", json={"name": "Bob"})
    bob = r.json()
    room = client.app.state.server.rooms[table["table"]]
    with (
        client.websocket_connect(f"/ws/{table['table']}") as wa,
        client.websocket_connect(f"/ws/{table['table']}") as wb,
    ):
        _hello(wa, table["token"])
        _hello(wb, bob["token"])
        wa.send_json({"type": "start"})
        state = wa.receive_json()
        wb.receive_json()
        assert state["hand"]["to_act"] == "Ann"
        # the play wager is 1 to 3 times the ante of 10: a button for each size
        assert state["hand"]["legal"] == [{"action": "fold"}, {"action": "raise", "amount": 10, "to": [10, 20, 30]}]
        events = len(room.hand.events)
        refused = [
            (wa, {"type": "act", "verb": "raise", "amount": 25}, "the raise is 10, 20, 30"),
            (wa, {"type": "act", "verb": "raise", "amount": 1000}, "the raise is 10, 20, 30"),
            (wa, {"type": "act", "verb": "check"}, "Ann chooses fold/raise here"),
            (wa, {"type": "act", "verb": "fold", "word": "house"}, "takes no word"),
            (wb, {"type": "act", "verb": "fold"}, "it is Ann's turn, not Bob's"),
            (wa, {"type": "ante", "amount": 101}, "from 5 to 100"),
            (wa, {"type": "ante", "amount": -5}, "whole number"),
            (wa, {"type": "ante"}, "an ante is a whole number of chips: none was given"),
            (wa, {"type": "side_bet", "name": "pair_plus"}, "a side bet is a whole number of chips, 0 for none: none"),
            (wb, {"type": "bot", "kind": "strategy"}, "only the host"),
            (wa, {"type": "bot", "kind": "shark"}, "'kind' must be one of"),
        ]
        for ws, message, said in refused:
            ws.send_json(message)
            answer = ws.receive_json()
            assert answer["type"] == "error" and said in answer["message"], (message, answer)
        assert len(room.hand.events) == events and room.hand.to_act == "Ann" and room.antes == {}
        assert room.hand.stacks == [990, 990]  # each has his ante of 10 out, nothing more
        wa.send_json({"type": "act", "verb": "raise", "amount": 20})  # a size offered: taken
        state = wa.receive_json()
        assert _position(state, "Ann")["raises"] == [20] and state["hand"]["to_act"] == "Bob"


def test_an_uploaded_game_against_the_house_is_dealt(tmp_path):
    text = f"name: house-three\nextends: {TCP}\ntitle: Our Three Card Poker\nstakes: {{ante: 20}}\n"
    with TestClient(create_app(tmp_path / "tables.db", allow_uploads=True, seeded_tables=True)) as c:
        r = c.post("/api/variants", content=text.encode())
        assert r.status_code == 200 and r.json() == {
            "name": "house-three",
            "title": "Our Three Card Poker",
            "banked": True,
        }
        r = c.post("/api/variants", content=text.replace("house-three", TCP).encode())
        assert r.status_code == 400 and "another name" in r.json()["error"]  # a shipped game's name
        r = c.post("/api/tables", json={"host": "Ann", "variants": ["house-three"], "seats": 2, "seed": 1})
        table = r.json()
        with c.websocket_connect(f"/ws/{table['table']}") as ws:
            _hello(ws, table["token"])
            state = bot_and_start(ws)
            assert state["variant"]["name"] == "house-three"
            assert _position(state, "Ann")["ante"] == 20


def _stored_table_of_ann_and_a_bot(db, clock):
    """A server storing in ``db``: Ann's two-seat Three Card Poker table with a bot, the first hand dealt."""
    server = Server(db, clock=clock, seeded_tables=True)
    room, ann = server.create({"host": "Ann", "variants": [TCP], "seats": 2, "pause": 5, "seed": 3})
    server._save_seat(room, room.add_bot(ann))
    room.start(ann)
    return server, room, ann


def test_a_chosen_ante_is_kept_when_the_server_restarts(tmp_path):
    db, clock = tmp_path / "tables.db", Clock()
    server, room, ann = _stored_table_of_ann_and_a_bot(db, clock)
    room.choose_ante(ann, 40)  # from the next hand
    room.act(ann, "fold")
    assert room.state == "between" and _position(snapshot(room, ann), "Ann")["ante"] == 10
    server.store.close()

    again = Server(db, clock=clock, seeded_tables=True)
    back = again.rooms[room.id]
    assert back.antes == {"Ann": 40}
    back.tick()  # the next hand is dealt
    assert back.state == "playing" and dict(zip(back.hand.players, back.hand.antes)) == {"Ann": 40, "Bot1": 10}


# --- the side bets a seat chooses ------------------------------------------------------------


def test_each_player_makes_his_own_side_bets_and_is_paid_on_them(deal):
    # Three Card Poker, the host's table staking the Pair Plus at 5; Ann makes it 10, Bob none (0),
    # the bot does not choose and stakes the table's 5. The house's Q-J-3 qualifies (queen high).
    deal({"Ann": "Ah 9h 4h", "Bob": "Kc Kd Ks", "Bot1": "Jd 9c 4s", "house": "Qs Jh 3d"})
    room = _room([TCP], stakes={"pair_plus": 5})
    ann, bob = room.join("Ann"), room.join("Bob")
    room.add_bot(ann.token)
    room.choose_side_bet(ann.token, "pair_plus", 10)
    room.choose_side_bet(bob.token, "pair_plus", 0)
    assert snapshot(room, ann)["banked"]["side_bets"] == [
        {"name": "pair_plus", "words": "pair plus", "low": 1, "high": None, "own": 5, "chosen": 10}
    ]
    room.start(ann.token)
    state = snapshot(room, bob)
    assert _position(state, "Ann")["side_bets"] == [{"name": "pair_plus", "words": "pair plus", "amount": 10}]
    assert _position(state, "Bob")["side_bets"] == []
    assert _position(state, "Bot1")["side_bets"] == [{"name": "pair_plus", "words": "pair plus", "amount": 5}]
    room.act(ann.token, "raise")
    room.act(bob.token, "raise")  # the bot's jack high folds by the game's own strategy
    # Ann: her flush beats the house (ante 10 and play 10 at even money, +20) and her Pair Plus of
    # 10 pays a flush 4 to 1 (+40): +60. Bob: three kings beat it (+20), the ante bonus 4 to 1 on
    # his ante (+40): +60, and no Pair Plus (three of a kind would have paid 30 to 1). The bot
    # folds: its ante 10 and the table's Pair Plus of 5 lost, -15. The house: -60 - 60 + 15 = -105.
    assert [s.stack for s in room.seats] == [260, 260, 185]
    assert room.session.house_net == -105
    ann_result = _position(snapshot(room, ann), "Ann")["result"]
    assert ann_result["net"] == 60 and "pair plus 10 wins 40: flush pays 4 to 1" in ann_result["pays"]
    assert "Ann: ante 10, pair plus 10, wagers 10 -> +60" in " ".join(snapshot(room, ann)["result"])
    # the hand's events name the bet in the same words as the terminal and the result line
    events = snapshot(room, ann)["hand"]["events"]
    assert any(
        line.startswith("Ann wins 60 (") and "pair plus 10 wins 40: flush pays 4 to 1" in line for line in events
    )
    assert any(line.startswith("Bot1 loses 15 (folded; pair plus 5 loses") for line in events)
    # each ante line names the side bet staked beside it: Ann's 10, none for Bob, the bot the table's 5
    assert {"Ann antes 10 with pair plus 10", "Bob antes 10", "Bot1 antes 10 with pair plus 5"} <= set(events)
    assert not any("pair_plus" in line for line in events)


def test_a_stack_in_a_hand_against_the_house_is_behind_the_ante_and_the_side_bets(deal):
    # (as a pot game's is behind the bets: the same word for the same thing on the page)
    deal({"Ann": "7s 7d 2c", "house": "Qs Jh 3d"})
    room = _room([TCP], seats=2)
    ann = room.join("Ann")
    room.choose_side_bet(ann.token, "pair_plus", 10)
    room.start(ann.token)
    # her decision: 200 less her ante 10 and her Pair Plus 10 on the table: 180 behind them
    assert snapshot(room, ann)["hand"]["stacks"] == [180]
    room.act(ann.token, "raise")
    # settled: her pair beats the house's qualifying queen high, ante and play at even money (+20),
    # the Pair Plus pays a pair 1 to 1 (+10): 230, nothing left on the table
    state = snapshot(room, ann)
    assert state["hand"]["over"] and state["hand"]["stacks"] == [230] and state["seats"][0]["stack"] == 230


def test_a_side_bet_out_of_its_limits_unknown_or_at_a_table_of_pot_games_is_refused():
    room = _room([CSP], options={"progressive": "jackpot_500"})  # "a fixed £1": one chip or none
    ann = room.join("Ann")
    for name, amount, words in (
        ("progressive", 2, "the progressive side bet at this table is from 1 to 1 (0: none), not 2"),
        ("pair_plus", 5, "'pair_plus' is not a side bet of this table: its side bets are progressive"),
    ):
        with pytest.raises(TableError, match=re.escape(words)):
            room.choose_side_bet(ann.token, name, amount)
    assert room.side_bets == {}
    room.choose_side_bet(ann.token, "progressive", 1)
    assert room.side_bets == {"Ann": {"progressive": 1}}
    pot = _room([FR])
    cat = pot.join("Cat")
    with pytest.raises(TableError, match="no game of this table has a side bet"):
        pot.choose_side_bet(cat.token, "pair_plus", 10)
    assert pot.side_bets == {}


def test_a_side_bet_the_stack_cannot_cover_is_refused_with_the_most_it_may_stake(deal):
    deal({"Ann": "7s 7d 2c", "Bob": "Kc 9d 4h", "house": "Qs Jh 3d"})
    room = _room([TCP], seats=2, buy_in=50)
    ann, bob = room.join("Ann"), room.join("Bob")
    # ante 10, Pair Plus 40 and a play of 10: 60 > 50; the most: 50 - 10 - 10 = 30
    words = "your stack of 50 cannot cover a pair plus of 40 with your ante and the raises:"
    with pytest.raises(TableError, match=re.escape(f"{words} the most you can stake on it now is 30 (0: none)")):
        room.choose_side_bet(ann.token, "pair_plus", 40)
    assert room.side_bets == {}
    room.choose_side_bet(bob.token, "pair_plus", 30)  # 10 + 30 + 10: exactly 50
    room.start(ann.token)
    state = snapshot(room, ann)
    assert _position(state, "Ann")["side_bets"] == [] and _position(state, "Bob")["side_bets"][0]["amount"] == 30
    # during a hand he is in, his next stack is not known yet: taken, for the hands he can cover
    room.choose_side_bet(ann.token, "pair_plus", 40)
    assert snapshot(room, ann)["banked"]["side_bets"][0]["chosen"] == 40


def test_a_side_bet_a_loss_leaves_uncovered_is_left_out_and_the_table_says_so(deal):
    deal({"Ann": "7s 7d 2c", "house": "Qs Jh 3d"})
    room = _room([TCP], seats=2, buy_in=100)
    ann = room.join("Ann")
    room.choose_side_bet(ann.token, "pair_plus", 60)  # 10 + 60 + 10 = 80: her 100 covers it
    room.start(ann.token)
    room.act(ann.token, "fold")  # her ante and her Pair Plus lost on a fold: 100 - 10 - 60 = 30
    assert ann.stack == 30
    room.clock.now = room.deadline
    room.tick()
    # hand 2: 80 > 30, dealt without it (the table stakes none); her ante and a play, 20, she covers
    assert room.state == "playing" and _position(snapshot(room, ann), "Ann")["side_bets"] == []
    assert room.log[-1] == (
        "Ann's stack of 30 cannot cover his pair plus of 60 with his ante and the raises: this hand he stakes none"
    )
    assert snapshot(room, ann)["banked"]["side_bets"][0]["chosen"] == 60  # his choice stays


def test_side_bets_are_chosen_by_message_and_kept_when_the_server_restarts(tmp_path):
    db, clock = tmp_path / "tables.db", Clock()
    server, room, ann = _stored_table_of_ann_and_a_bot(db, clock)
    room.choose_side_bet(ann, "pair_plus", 25)  # from the next hand
    room.act(ann, "fold")
    assert room.state == "between" and _position(snapshot(room, ann), "Ann")["side_bets"] == []
    server.store.close()

    again = Server(db, clock=clock, seeded_tables=True)
    back = again.rooms[room.id]
    assert back.side_bets == {"Ann": {"pair_plus": 25}}
    back.tick()  # the next hand is dealt
    assert back.state == "playing"
    assert dict(zip(back.hand.players, back.hand.side_stakes)) == {"Ann": {"pair_plus": 25}, "Bot1": {"pair_plus": 0}}


def test_a_side_bet_message_sets_the_seats_stake_and_a_bad_one_is_refused(client):
    r = client.post("/api/tables", json={"host": "Ann", "variants": [TCP], "seats": 2, "pause": 0, "seed": 3})
    table = r.json()
    with client.websocket_connect(f"/ws/{table['table']}") as ws:
        assert _hello(ws, table["token"])["banked"]["side_bets"][0]["chosen"] is None
        ws.send_json({"type": "side_bet", "name": "pair_plus", "amount": 15})
        assert ws.receive_json()["banked"]["side_bets"][0]["chosen"] == 15
        ws.send_json({"type": "side_bet", "name": "aces_up", "amount": 15})
        answer = ws.receive_json()
        assert answer["type"] == "error" and "'aces_up' is not a side bet of this table" in answer["message"]
        state = bot_and_start(ws)
        assert _position(state, "Ann")["side_bets"] == [{"name": "pair_plus", "words": "pair plus", "amount": 15}]


def test_a_buy_in_below_what_a_hand_against_the_house_needs_is_refused(tmp_path):
    # Three Card Poker at its own stakes: an ante of 10, no Pair Plus, a play of 10: 20 chips a
    # hand. A buy-in of 15 seated a player the table could never deal in (it waited for him to
    # buy in again, for 15 more).
    server = Server(tmp_path / "tables.db", clock=Clock(), seeded_tables=True)
    with pytest.raises(TableError, match=re.escape("a hand of three-card-poker needs 20 chips")):
        server.create({"host": "Ann", "variants": [TCP], "buy_in": 15})
    assert server.rooms == {}
    room, ann = server.create({"host": "Ann", "variants": [TCP], "buy_in": 20})  # exactly a hand
    # a change to a Pair Plus of 40 the table stakes: 10 + 40 + 10 = 60 > 20, refused, nothing changes
    with pytest.raises(TableError, match=re.escape("needs 60 chips (the ante, the side bets the table stakes")):
        room.configure(ann, {"stakes": {"pair_plus": 40}})
    assert room.config.stakes == {} and room.pending is None


def test_a_required_bet_is_staked_at_each_positions_own_ante():
    # Crazy 4 Poker's Super Bonus: Ann antes 20, Bob the table's 10; each
    # stakes his ante on it, shown with the side bets and out of his stack
    from studrules.game.hand import Hand
    from studrules.spec.loader import load_variant
    from studrules.web.banked_view import banked_payload, behind_wagers

    variant = load_variant("crazy-4-poker")
    hand = Hand(variant, ["Ann", "Bob"], 500, seed=1, antes={"Ann": 20})
    banked = banked_payload(hand.events, ["Ann", "Bob"], variant)
    assert [(p["ante"], p["side_bets"]) for p in banked["positions"]] == [
        (20, [{"name": "super_bonus", "words": "super bonus", "amount": 20}]),
        (10, [{"name": "super_bonus", "words": "super bonus", "amount": 10}]),
    ]
    # the stacks after the antes (480, 490), behind the Super Bonus too
    assert behind_wagers(hand.stacks, banked) == [460, 480]


def test_a_hand_of_dj_wild_shows_the_joker_and_pays_the_blind_on_a_win(deal):
    # DJ Wild (variants/dj-wild.yaml), the deuces and the joker wild. Ann's K-K-K with the 2s and
    # the joker are five kings, above the house's queen-high straight flush: the Ante 10 and the
    # Play 20 win even money and the Blind 10 pays five of a kind 10 to 1: +130. The bot's jack
    # high is below a pair of fours: dj-wild-basic folds it, losing the Ante and the Blind, -20.
    deal({"Ann": "Kh Kd Kc 2s X1", "Bot1": "3c 7d 9s Jc 4s", "house": "8h 9h Th Jh Qh"})
    room, ann = _ann_and_a_bot("dj-wild")
    state = snapshot(room, ann)
    assert state["hand"]["banked"]["positions"][0]["side_bets"] == [{"name": "blind", "words": "blind", "amount": 10}]
    assert [la["action"] for la in state["hand"]["legal"]] == ["fold", "raise"]
    assert state["hand"]["legal"][1]["amount"] == 20  # twice the ante
    room.act(ann.token, "raise")
    assert room.hand.is_over
    assert [s.stack for s in room.seats] == [330, 180] and room.session.house_net == -110
    state = snapshot(room, ann)
    mine = _position(state, "Ann")
    assert mine["result"]["net"] == 130 and mine["result"]["hand"] == "five kings"
    assert "X1" in json.dumps(state["hand"]) and "blind" in mine["result"]["pays"]


def test_a_chosen_ante_above_a_maximum_the_host_lowered_is_shown_as_it_is_dealt(deal):
    # an audit's finding: Ann chose 100, the host made the table maximum 50; her hands were dealt
    # at 50 while her page read "(5 to 50; now 100)"
    deal({"Ann": "7s 7d 2c", "house": "Qs Jh 3d"})
    room = _room([TCP], seats=2, buy_in=1000)
    ann = room.join("Ann")
    room.choose_ante(ann.token, 100)
    room.configure(ann.token, {"stakes": {"table_max": 50}})  # before the start: at once
    room.start(ann.token)
    state = snapshot(room, ann)
    assert _position(state, "Ann")["ante"] == 50
    assert state["banked"]["ante"] == {"low": 5, "high": 50, "chosen": 50}
