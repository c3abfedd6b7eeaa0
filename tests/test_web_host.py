"""The host's part at a browser table, and a player who is away: the host
leaves or gives his seat to a bot and the next player (clockwise, one who is
here first) becomes the host; the host hands his part on; the last player
leaving ends the game; a player whose time runs out twice in a row, or who
sits out, no longer keeps the hands waiting until he is back. Rooms
directly, and the server over a temporary SQLite store for a restart."""

from __future__ import annotations

import pytest
from web_support import Clock, web_test_client

from studrules.errors import StudrulesError
from studrules.web.app import Server, create_app
from studrules.web.protocol import ProtocolError, parse_message
from studrules.web.room import AWAY_AFTER, Room, TableConfig, TableError
from studrules.web.room_view import snapshot

web_test_client()  # (the module is skipped without the web extra)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

FR = "five-card-stud-fr"


def _room(seats=3, names=("Ann", "Bob", "Cat"), **settings):
    config = TableConfig(**({"variants": (FR,), "seats": seats, "timeout": 30, "pause": 60, "seed": 7} | settings))
    room = Room("t", config, clock=Clock())
    return (room, *(room.join(n) for n in names))


def _passive(hand):
    legal = {la.action for la in hand.legal_actions()}
    return next(v for v in ("check", "call", "bring-in", "show", "muck") if v in legal)


def _until(room, seats, name):
    """The people in ``seats`` play passively until ``name`` is to act (True) or the hand ends (False)."""
    hand = room.hand
    while not hand.is_over:
        if hand.to_act == name:
            return True
        room.act(seats[hand.to_act], _passive(hand))
    return False


def _next_hand(room):
    room.clock.now = room.deadline
    room.tick()


def _chips(room):
    return sum(s.stack for s in room.seats if s is not None) + sum(d["stack"] for d in room.departed)


def _host(room):
    return [s.name for s in room.seats if s is not None and room.is_host(s)]


def _served(tmp_path, seats):
    """A server over a store in ``tmp_path``, and a table Ann made there with ``seats`` seats."""
    server = Server(tmp_path / "tables.db", clock=Clock(), seeded_tables=True)
    room, ann = server.create({"host": "Ann", "variants": [FR], "seats": seats, "pause": 60, "seed": 5})
    return server, room, ann


def _restarted(tmp_path, room):
    """``room`` as a server started again over the same store has it (the first one's store closed)."""
    return Server(tmp_path / "tables.db", clock=room.clock, seeded_tables=True).rooms[room.id]


# --- the host goes, or hands his part on ---------------------------------------------------


def test_the_host_who_leaves_before_the_start_hands_his_part_to_the_next_player():
    room, ann, bob, cat = _room()
    room.leave(ann)
    assert room.seats[0] is None and _host(room) == ["Bob"]
    assert "Bob is the host now" in room.log
    with pytest.raises(TableError, match="only the host"):
        room.start(cat)
    room.start(bob)
    assert room.state == "playing" and set(room.hand.players) == {"Bob", "Cat"}


def test_the_next_host_is_the_next_player_clockwise_a_bot_skipped_and_one_who_is_here_first():
    room, ann, bob, cat, dan = _room(seats=5, names=("Ann", "Bob", "Cat", "Dan"))
    room.replace(ann, bob.number, "check-call")  # seat 1: a bot now
    room.sit_out(cat)  # seat 2: away
    room.leave(ann)
    assert _host(room) == ["Dan"]  # seat 3: the first clockwise who is a person and here
    room.leave(dan)
    assert _host(room) == ["Cat"]  # nobody here: the one away is the host all the same


def test_the_host_leaving_during_a_hand_hands_his_part_on_at_once_and_stands_up_after_it():
    room, ann, bob, cat = _room()
    room.start(ann)
    room.leave(ann)
    assert _host(room) == ["Bob"] and room.seats[0] is ann and ann.leaving
    room.remove(bob, cat.number)  # the new host's power, during the hand
    while not room.hand.is_over:
        room.act({"Bob": bob, "Cat": cat}[room.hand.to_act], _passive(room.hand))
    assert room.seats[0] is None and room.seats[2] is None and _chips(room) == 3000


def test_the_host_hands_his_part_to_another_player_and_keeps_his_seat():
    room, ann, bob = _room(names=("Ann", "Bob"))
    bot = room.add_bot(ann)
    with pytest.raises(TableError, match="not a bot"):
        room.hand_host(ann, bot.number)
    with pytest.raises(TableError, match="only the host"):
        room.hand_host(bob, bob.number)
    room.hand_host(ann, bob.number)
    assert _host(room) == ["Bob"] and room.seats[0] is ann
    assert snapshot(room, bob)["you"]["host"] and not snapshot(room, ann)["you"]["host"]
    assert "host" in snapshot(room, None)["seats"][1]["facts"]
    with pytest.raises(TableError, match="only the host"):
        room.remove(ann, bot.number)
    room.remove(bob, bot.number)
    assert room.seats[bot.number] is None


def test_a_player_gives_his_own_seat_to_a_bot_and_a_host_who_does_hands_his_part_on():
    room, ann, bob, cat = _room()
    room.start(ann)
    room.replace(bob, bob.number, "check-call")  # his own seat: no host needed
    assert bob.bot == "check-call" and room.hand.to_act != "Bob"
    with pytest.raises(TableError):
        room.seat_of(bob.token)
    room.replace(ann, ann.number, "check-call")
    assert ann.bot == "check-call" and _host(room) == ["Cat"]
    assert room.hand.is_over or room.hand.to_act == "Cat"  # the bots do not wait for anybody


def test_the_last_player_leaving_between_hands_ends_the_game():
    room, ann, bob = _room(names=("Ann", "Bob"))
    bot = room.add_bot(ann)
    room.start(ann)
    seats = {"Ann": ann, "Bob": bob}
    _until(room, seats, None)
    room.leave(bob)  # between hands: at once
    assert room.state == "between" and _host(room) == ["Ann"]
    room.leave(ann)
    assert room.state == "over" and room.wakeup() is None
    assert "Every player has left: the game is over." in room.log
    assert [s for s in room.seats if s is not None] == [bot] and _chips(room) == 3000


def test_the_one_player_left_when_the_others_stood_up_with_their_chips_is_alone_not_the_winner_of_every_chip():
    room, ann, bob = _room(names=("Ann", "Bob"))
    room.start(ann)
    _until(room, {"Ann": ann, "Bob": bob}, None)
    room.leave(ann)  # between hands, with her chips
    _next_hand(room)
    assert room.state == "over" and bob.stack < 2000
    assert room.log[-1] == "The game is over: every other player has left: Bob is alone at the table."


def test_the_last_player_leaving_during_a_hand_ends_the_game_once_the_bots_have_finished_it():
    room, ann = _room(names=("Ann",))
    bot = room.add_bot(ann)
    room.start(ann)
    room.leave(ann)
    assert (
        room.hand.is_over and room.state == "over" and room.session.reason == "every player has left or lost his chips"
    )
    assert room.seats[0] is None and room.seats[bot.number] is bot and _chips(room) == 2000


def test_a_table_of_bots_the_server_made_plays_on():
    room = Room("t", TableConfig(variants=(FR,), seats=2, pause=0.0, seed=3), clock=Clock())
    room.join("Bot1", bot="check-call"), room.join("Bot2", bot="check-call")
    room.start(None)
    _next_hand(room)
    assert room.state in ("playing", "between") and room.hands_before + len(room.session.reports) == 2


# --- away ----------------------------------------------------------------------------------


def _time_out(room):
    room.clock.now = room.deadline
    room.tick()


def test_a_player_whose_time_runs_out_twice_in_a_row_is_away_and_the_hands_stop_waiting_for_him():
    room, ann, bob, cat = _room()
    room.start(ann)
    seats = {"Ann": ann, "Bob": bob, "Cat": cat}
    missed = 0
    while missed < AWAY_AFTER:
        if _until(room, seats, "Bob"):
            _time_out(room)
            missed += 1
        else:
            _next_hand(room)
    assert bob.away and "away" in snapshot(room, ann)["seats"][1]["facts"] and snapshot(room, bob)["you"]["away"]
    # from now on, whenever control comes back the room waits for a present player, or for nobody
    for _ in range(3):
        while not room.hand.is_over:
            assert room.hand.to_act != "Bob"
            room.act(seats[room.hand.to_act], _passive(room.hand))
        _next_hand(room)
    room.back(bob)
    assert not bob.away and _until(room, seats, "Bob") or room.hand.is_over
    assert _chips(room) == 3000


def test_acting_in_time_starts_the_count_again():
    room, ann, bob, cat = _room()
    room.start(ann)
    seats = {"Ann": ann, "Bob": bob, "Cat": cat}
    turns = []  # for each of Bob's turns: timed out, then acted, then timed out
    for plan in ("out", "act", "out"):
        while not _until(room, seats, "Bob"):
            _next_hand(room)
        if plan == "out":
            _time_out(room)
        else:
            room.act(bob, _passive(room.hand))
        turns.append(bob.missed)
    assert turns == [1, 0, 1] and not bob.away


def test_sitting_out_at_his_turn_acts_at_once_with_the_time_out_action():
    room, ann, bob, cat = _room()
    room.start(ann)
    seats = {"Ann": ann, "Bob": bob, "Cat": cat}
    while not _until(room, seats, "Bob"):
        _next_hand(room)
    hand = room.hand
    legal = {la.action for la in hand.legal_actions()}
    before = len(hand.actions)
    room.sit_out(bob)
    done = hand.actions[before]
    assert done.player == "Bob" and done.verb == ("check" if "check" in legal else "fold")


def test_a_dealer_away_at_a_dealers_choice_table_deals_the_last_game_again_without_asking():
    games = (FR, "seven-card-stud-hi-lo")
    room, ann, bob = _room(names=("Ann", "Bob"), variants=games, rotate="dealer")
    room.start(ann)
    assert room.state == "choosing"
    chooser = {"Ann": ann, "Bob": bob}[room.session.dealer]
    room.choose(chooser, games[1])
    other = bob if chooser is ann else ann
    room.sit_out(other)
    while room.state == "playing":
        room.act({"Ann": ann, "Bob": bob}[room.hand.to_act], _passive(room.hand))
    _next_hand(room)  # the deal passes to the player away: no choice asked, the last game again
    assert room.session.dealer == other.name
    assert room.state == "playing" and room.report.variant.name == games[1]


# --- the protocol and a restart --------------------------------------------------------------


def test_the_messages_of_the_host_and_of_a_player_away():
    assert parse_message('{"type": "host", "seat": 2}')["seat"] == 2
    assert parse_message('{"type": "away"}') == {"type": "away"}
    assert parse_message('{"type": "back"}') == {"type": "back"}
    for bad in ('{"type": "host"}', '{"type": "host", "seat": "Bob"}', '{"type": "away", "seat": 1}'):
        with pytest.raises(ProtocolError):
            parse_message(bad)


def test_a_restart_keeps_the_host_and_who_is_away(tmp_path):
    server, room, ann = _served(tmp_path, seats=3)
    bob, cat = server.join(room, "Bob"), server.join(room, "Cat")
    room.start(ann)
    room.hand_host(ann, cat.number)
    room.sit_out(bob)
    server._save_seats(room)  # (what the server's handler does after each message)
    server.store.close()

    back = _restarted(tmp_path, room)
    assert _host(back) == ["Cat"]
    assert back.seat_of(bob.token).away and not back.seat_of(ann.token).away
    with pytest.raises(TableError, match="only the host"):
        back.add_bot(ann.token)


def test_a_table_where_every_player_is_away_deals_no_hand_until_one_is_back():
    # nobody would play the hand: the table stops dealing (it used to deal on at every tick, a
    # hand a tick into the store, for as long as the server ran) and waits, without a deadline
    room, ann, bob = _room(names=("Ann", "Bob"), pause=0.0)
    room.start(ann)
    room.sit_out(bob)
    room.sit_out(ann)  # Ann's turn, or Bob's, checks or folds at once: the first hand ends
    played = len(room.session.reports)
    assert played == 1 and room.state == "between"
    room.tick()  # the pause is over: the next hand would be dealt
    for _ in range(5):
        room.clock.now += 3600
        room.tick()
    assert len(room.session.reports) == played and room.state == "between" and room.deadline is None
    assert "Everybody at the table is away" in room.log[-1] and sum("is away: no hand" in x for x in room.log) == 1
    assert snapshot(room, ann)["everybody_away"] and room.wakeup() is None
    room.back(bob)  # one is back: the hand is dealt at once, and it waits for him
    assert room.state == "playing" and room.log[-1].startswith("Hand 2:") and not snapshot(room, ann)["everybody_away"]
    assert _chips(room) == 2000


def test_a_table_waiting_for_somebody_deals_once_one_is_no_longer_away_however_he_came_back():
    # a rebuy, or the host giving the seats away to bots, brings a person back without "I'm back":
    # the table deals at its next tick (the random-use test found it waiting with nobody away)
    room, ann, bob = _room(names=("Ann", "Bob"), pause=0.0)
    room.start(ann)
    room.sit_out(bob), room.sit_out(ann)
    room.tick()
    assert room.state == "between" and room.wakeup() is None
    bob.away = False  # (as buying in again sets it)
    assert room.wakeup() == room.clock()
    assert room.tick() and room.state == "playing"


def test_a_friend_sitting_down_while_everybody_is_away_is_dealt_in_after_the_pause():
    room, ann, bob = _room(seats=4, names=("Ann", "Bob"), pause=5.0)
    room.start(ann)
    room.sit_out(ann), room.sit_out(bob)
    _next_hand(room)
    played = len(room.session.reports)
    assert room.deadline is None
    room.join("Bot", bot="check-call")  # a bot is nobody to play for: still waiting
    assert room.deadline is None
    room.join("Cat")
    _next_hand(room)
    assert room.state == "playing" and "Cat" in room.hand.players and len(room.session.reports) == played


def test_a_restarted_table_whose_players_were_all_away_deals_no_hand(tmp_path):
    server, room, ann = _served(tmp_path, 2)
    bob = room.join("Bob")
    room.start(ann)
    room.sit_out(ann), room.sit_out(bob)
    played = room.hands_before + len(room.session.reports)
    server.store.close()
    back = _restarted(tmp_path, room)
    back.clock.now += 3600
    back.tick()
    assert back.state == "between" and back.deadline is None
    assert back.hands_before + len(back.session.reports) == played


def test_a_table_every_player_left_before_the_start_stays_over_after_a_restart(tmp_path):
    client_class = web_test_client()
    db = tmp_path / "tables.db"
    with client_class(create_app(db, seeded_tables=True)) as client:
        made = client.post("/api/tables", json={"host": "Ann", "variants": [FR], "seats": 3}).json()
        with client.websocket_connect(f"/ws/{made['table']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            ws.receive_json()
            ws.send_json({"type": "bot", "kind": "check-call"})
            ws.receive_json()
            ws.send_json({"type": "bot", "kind": "check-call"})
            ws.receive_json()
            ws.send_json({"type": "leave"})
            assert ws.receive_json()["state"] == "over"
    back = Server(db, clock=Clock(), seeded_tables=True).rooms[made["table"]]
    assert back.state == "over" and back.session is None and back.wakeup() is None  # two bots left: no deal
    with pytest.raises(TableError, match="the game is over"):
        back.join("Dan")


def test_a_dealer_away_after_the_host_changed_the_stakes_deals_the_last_game_as_the_table_now_deals_it():
    he = "five-card-stud-he"
    room, ann, bob = _room(names=("Ann", "Bob"), variants=(FR, he), rotate="dealer")
    room.start(ann)
    seats = {"Ann": ann, "Bob": bob}
    room.choose(seats[room.session.dealer], he)
    nxt = bob if room.session.dealer == "Ann" else ann
    room.sit_out(nxt)
    room.configure(ann, {"stakes": {"low_limit": 20}})  # the games are loaded again from the next hand
    _until(room, seats, None)
    _next_hand(room)
    assert room.state == "playing" and room.report.variant.name == he and room.session.dealer == nxt.name
    assert f"{nxt.name} deals and is away: {he} again" in room.log
    # the Hebrew file's ante is a fifth of the low limit: 4 at the new low limit of 20
    assert {e.amount for e in room.hand.events if e.type == "ante"} == {4}


def test_the_only_player_losing_his_last_chip_at_a_table_without_rebuys_ends_the_game_the_bots_do_not_play_on():
    # antes of 1 from stacks of 20: she gives up every hand she can, so the check-call bots
    # (who never bet, nor fold) lose a chip or two a hand at the most; two of them: a game without her
    room, ann = _room(names=("Ann",), buy_in=20, stakes={"low_limit": 2}, rebuys=False)
    room.add_bot(ann, "check-call"), room.add_bot(ann, "check-call")
    room.start(ann)
    for _ in range(200):
        if room.state == "over":
            break
        if room.state == "between":
            _next_hand(room)
            continue
        hand = room.hand
        legal = {la.action for la in hand.legal_actions()}
        room.act(ann, "fold" if "fold" in legal else _passive(hand))
    assert room.state == "over" and ann.stack == 0
    assert room.session.reason == "every player has left or lost his chips"
    assert "Ann" in room.report.players  # the last hand dealt was hers: none was dealt to the bot alone
    assert "out of chips" in snapshot(room, None)["seats"][0]["facts"]


def test_after_a_restart_the_next_hand_is_announced_with_its_number_at_the_table_and_what_changed(tmp_path):
    server, room, ann = _served(tmp_path, seats=2)
    bob = server.join(room, "Bob")
    room.start(ann)
    room.configure(ann, {"variants": ["razz"]})  # from the next hand
    _until(room, {"Ann": ann, "Bob": bob}, None)
    server.store.close()

    back = _restarted(tmp_path, room)
    back.tick()
    text = snapshot(back, None)["announcement"]["text"]
    assert text.startswith("Hand 2: the game changes to") and "razz" in text.splitlines()[0]
    assert snapshot(back, None)["announcement"]["differences"]  # razz is not the French game


def test_the_host_part_is_not_handed_to_a_player_who_leaves_after_this_hand():
    room, ann, bob, cat = _room()
    room.start(ann)
    room.leave(bob)  # in the hand: he stands up when it ends
    with pytest.raises(TableError, match="Bob leaves after this hand"):
        room.hand_host(ann, bob.number)
    assert _host(room) == ["Ann"] and not snapshot(room, ann)["seats"][1]["bot"]
    assert snapshot(room, ann)["seats"][1]["leaving"]


def test_a_restart_keeps_the_count_of_turns_out_of_time(tmp_path):
    server, room, ann = _served(tmp_path, seats=3)
    bob, cat = server.join(room, "Bob"), server.join(room, "Cat")
    room.start(ann)
    seats = {"Ann": ann, "Bob": bob, "Cat": cat}
    while not _until(room, seats, "Bob"):
        _next_hand(room)
    _time_out(room)
    assert bob.missed == 1
    server._save_seats(room)
    server.store.close()

    back = _restarted(tmp_path, room)
    assert back.seat_of(bob.token).missed == 1 and not back.seat_of(bob.token).away


def test_a_player_alone_plays_a_game_against_the_house_but_not_a_pot_game():
    banked = Room("t", TableConfig(variants=("three-card-poker",), seats=2, pause=60, seed=3), clock=Clock())
    ann = banked.join("Ann")
    banked.start(ann)  # her box against the house's hand: nobody else is needed
    assert banked.hand.players == ("Ann",)
    banked.act(ann, "fold")
    # the file's ante is 10 and its Pair Plus 0 (no bet): folding loses the ante alone
    assert banked.hand.is_over and ann.stack == 990
    alone, bob = _room(names=("Bob",))
    with pytest.raises(TableError, match="two players at least"):
        alone.start(bob)


def test_a_hand_the_games_refuse_to_deal_leaves_the_table_between_hands_and_says_why(monkeypatch):
    room, ann, bob = _room(names=("Ann", "Bob"))
    room.start(ann)
    _until(room, {"Ann": ann, "Bob": bob}, None)
    stacks = (ann.stack, bob.stack)

    def refuse(*args, **kwargs):
        raise StudrulesError("the deck ran out")  # (whatever the games may refuse one day)

    monkeypatch.setattr(room.session, "begin_next", refuse)
    _next_hand(room)
    assert room.state == "between" and room.wakeup() is not None and (ann.stack, bob.stack) == stacks
    assert (
        room.log[-1] == "The next hand cannot be dealt: the deck ran out. The host may change the games or the stakes."
    )
    monkeypatch.undo()
    _next_hand(room)
    assert room.state == "playing" and room._number() == 2


@pytest.mark.parametrize("when", ["made", "changed"])
def test_an_ante_outside_a_games_table_limits_is_refused_before_any_hand(when):
    # Three Card Poker's file: antes of 5 to 100 (table_min, table_max)
    server = Server(":memory:", clock=Clock(), seeded_tables=True)
    body = {"host": "Ann", "variants": ["three-card-poker"], "seats": 2}
    if when == "made":
        with pytest.raises(TableError, match="the ante works out to 2, below the table minimum"):
            server.create(body | {"stakes": {"ante": 2}})
        return
    room, ann = server.create(body)
    with pytest.raises(TableError, match="the ante works out to 2, below the table minimum"):
        room.configure(ann, {"stakes": {"ante": 2}})
    assert room.config.stakes == {} and room.pending is None


def test_a_host_whose_pages_are_all_closed_a_minute_hands_his_part_to_a_player_who_is_here():
    # an audit's finding: a host whose browser went away before the start left the table waiting
    # for ever ('only the host may do that' to everybody else); during play nobody could change
    # the settings or take his part
    from studrules.web.presence import HOST_GONE_AFTER

    room, ann, bob, cat = _room()
    for seat in (ann, bob, cat):
        room.page_opened(seat)
    room.page_closed(ann)
    room.clock.now = HOST_GONE_AFTER - 1
    assert room.wakeup() == HOST_GONE_AFTER and not room.tick() and room.is_host(ann)
    with pytest.raises(TableError, match="only the host may start the game"):
        room.start(bob)
    room.clock.now = HOST_GONE_AFTER
    assert room.tick() and room.is_host(bob) and not room.is_host(ann)  # (the next clockwise who is here)
    assert "Ann has had no page open for a while: Bob is the host now" in room.log
    room.start(bob)
    assert room.state == "playing"


def test_a_host_with_a_page_open_keeps_his_part_and_one_gone_keeps_it_while_nobody_is_here():
    room, ann, bob = _room(names=("Ann", "Bob"))
    room.page_opened(ann)
    room.sit_out(ann)  # (away, his page open: he still manages the table)
    room.clock.now = 3600
    room.tick()
    assert room.is_host(ann)
    room.page_closed(ann)  # (Bob never opened a page: nobody is here to take it)
    room.clock.now += 3600
    assert room.wakeup() is None and not room.tick() and room.is_host(ann)
    room.page_opened(ann)  # (back before anybody could take it)
    room.page_opened(bob)
    room.page_closed(ann)
    room.clock.now += 30
    room.page_opened(ann)  # (a reload: his part stays)
    room.clock.now += 3600
    room.tick()
    assert room.is_host(ann)


def _restored(tmp_path, clock):
    """A table of Ann (the host) and Bob, read again by a server started at the clock's time:
    the restored room, and its seats of Ann and Bob."""
    db = tmp_path / "tables.db"
    server = Server(db, clock=clock)
    room, _ = server.create({"host": "Ann", "variants": ["razz"], "seats": 3})
    server.join(room, "Bob")
    back = Server(db, clock=clock).rooms[room.id]
    ann, bob = (next(s for s in back.seats if s is not None and s.name == n) for n in ("Ann", "Bob"))
    return back, ann, bob


def test_a_restored_table_s_host_who_never_opens_a_page_hands_his_part_on(tmp_path):
    # an audit's leftover: after a restart no page is open, and a host who never opened one
    # again kept his part for ever once the others were back (his part passed only a minute
    # after a page of his closed); the restart now counts as his pages closing
    from studrules.web.presence import HOST_GONE_AFTER

    clock = Clock()
    clock.now = 100.0
    back, ann, bob = _restored(tmp_path, clock)
    assert back.is_host(ann)
    back.page_opened(bob)
    clock.now = 100.0 + HOST_GONE_AFTER - 1
    assert not back.tick() and back.is_host(ann)
    clock.now = 100.0 + HOST_GONE_AFTER
    assert back.tick() and back.is_host(bob)
    assert "Ann has had no page open for a while: Bob is the host now" in back.log


def test_a_restored_table_s_host_who_opens_his_page_again_keeps_his_part(tmp_path):
    from studrules.web.presence import HOST_GONE_AFTER

    clock = Clock()
    back, ann, bob = _restored(tmp_path, clock)
    back.page_opened(bob)
    back.page_opened(ann)
    clock.now = 10 * HOST_GONE_AFTER
    back.tick()
    assert back.is_host(ann)
