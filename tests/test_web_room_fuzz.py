"""A browser table under random use: players join, act, time out, sit out
and come back, leave or give their seats to bots, buy in again once out of
chips; the host adds and removes bots, hands his part on and changes the
games and the rebuys between hands; pot games and games against the house
mixed. After every step the table must hold what its rules promise:

- no error but a refusal (a :class:`TableError` or an illegal action) reaches a player;
- no chip is made or lost: the stacks at the table and of those who stood up
  are the buy-ins and rebuys less what the house won, and the standings count
  every chip bought (their nets sum to what the house lost);
- the table waits for a rebuy only from a person out of chips who may buy in;
- while a player is seated and the game goes on, one of them is the host;
- the table never waits for somebody who is away, leaving, gone or a bot,
  and a table in play always has a timer, but one where every person is
  away: it waits between hands for one to be back.

A few tables in the default run; many more under ``-m soak``."""

from __future__ import annotations

import contextlib
import random

import pytest
from web_support import Clock

from studrules.errors import IllegalActionError
from studrules.web.rebuys import standings
from studrules.web.room import Room, TableConfig, TableError

POT = ["five-card-stud-fr", "razz", "seven-card-stud", "follow-the-queen", "five-card-stud-he"]
HOUSE = ["three-card-poker", "let-it-ride", "mississippi-stud", "caribbean-stud-it", "four-card-poker"]
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
BUY_INS = (1000, 60)  # (a small one: players lose their chips, and buy in again, within a few hands)


def _chips(room):
    return sum(s.stack for s in room.seats if s is not None) + sum(d["stack"] for d in room.departed)


def _host(room):
    return next((s for s in room.seats if s is not None and room.is_host(s)), None)


def _step(room, r, people):
    """One random thing somebody at ``room`` does; the buy-ins (and rebuys) it brings to the table."""
    live = [s for s in people.values() if room.holds(s)]
    host = _host(room)
    # (weights: mostly play; now and then somebody comes, goes, steps away, or the host changes something)
    kind = r.choices(
        [
            "act",
            "time",
            "join",
            "leave",
            "bot",
            "remove",
            "replace",
            "away",
            "back",
            "host",
            "settings",
            "ante",
            "rebuy",
        ],
        [30, 6, 3, 0.3, 1, 0.3, 0.3, 2, 3, 1, 2, 1, 3],
    )[0]
    if kind == "act" and room.state == "playing":
        seat = people.get(room.hand.to_act)
        if seat is not None and room.holds(seat):
            la = r.choice(room.hand.legal_actions())
            amount = r.choice(la.to) if la.to else la.min if la.min is not None else None
            room.act(seat, la.action, amount)
    elif kind == "act" and room.state == "choosing":
        seat = people.get(room.session.dealer)
        if seat is not None and room.holds(seat):
            room.choose(seat, r.choice(room.session.variants).name)
    elif kind == "time" and room.deadline is not None:
        room.clock.now = max(room.clock.now, room.deadline)
        room.tick()
    elif kind == "join":
        name = r.choice(NAMES)
        people[name] = room.join(name)
        return room.config.buy_in
    elif kind == "bot" and host is not None:
        room.add_bot(host)
        return room.config.buy_in
    elif kind == "rebuy" and live:
        broke = [s for s in live if room.rebuy_refusal(s) is None]
        room.rebuy(r.choice(broke or live))  # (one who may not: refused, and nothing changes)
        return room.config.buy_in
    elif kind == "remove" and host is not None:
        taken = [s for s in room.seats if s is not None]
        room.remove(host, r.choice(taken).number)
    elif live:
        seat = r.choice(live)
        if kind == "leave":
            room.leave(seat)
        elif kind == "replace":
            room.replace(seat, seat.number)
        elif kind == "away":
            room.sit_out(seat)
        elif kind == "back":
            room.back(seat)
        elif kind == "ante":
            room.choose_ante(seat, r.choice([1, 5, 10, 25, 100, 500]))
        elif kind == "host" and host is not None:
            room.hand_host(host, seat.number)
        elif kind == "settings" and host is not None:
            change = r.choice(
                [
                    {"variants": r.sample(POT + HOUSE, r.randint(1, 3))},
                    {"rotate": r.choice(["turn", "dealer"])},
                    {"stakes": r.choice([{}, {"ante": 2}])},
                    {"timeout": r.choice([5, 30])},
                    {"rebuys": r.choice([True, False]), "rebuy_limit": r.choice([None, 1, 3])},
                ]
            )
            room.configure(host, change)
    return 0


def _holds_its_promises(room, bought):
    house = room.session.house_net if room.session is not None else 0
    assert _chips(room) == bought - house
    rows = standings(room)
    assert sum(row["bought"] for row in rows) == bought and sum(row["net"] for row in rows) == -house
    for name in room.waiting_for():
        seat = room._person(name)
        assert seat is not None and (seat.stack == 0 or name not in room.session.active)
        assert room.rebuy_refusal(seat) is None
    people = [s for s in room.seats if s is not None and s.bot is None and not s.leaving]
    if room.state not in ("over", "broken") and people:
        assert _host(room) is not None
    if room.state in ("playing", "choosing", "between"):  # a timer, but where nobody would play the hand
        assert room.wakeup() is not None or (room.state == "between" and room.everybody_away())
    if room.state == "playing":
        assert not room.hand.is_over
        waited = room._person(room.hand.to_act)
        assert waited is not None and not waited.away and not waited.leaving and room.holds(waited)
    if room.state == "choosing":
        chooser = room._person(room.session.dealer)
        assert chooser is not None and not chooser.away


def _play_a_table(seed, steps=300):
    r = random.Random(seed)
    games = tuple(r.sample(POT + HOUSE, r.randint(1, 3)))
    config = TableConfig(
        variants=games, rotate=r.choice(["turn", "dealer"]), seats=5, buy_in=r.choice(BUY_INS), pause=1, seed=seed
    )
    room = Room(f"t{seed}", config, clock=Clock())
    people = {"Ann": room.join("Ann"), "Bob": room.join("Bob")}
    bought = 2 * config.buy_in
    room.start(people["Ann"])
    for _ in range(steps):
        if room.state in ("over", "broken"):
            break
        with contextlib.suppress(TableError, IllegalActionError):  # a refusal, said to him: nothing changed
            bought += _step(room, r, people)
        _holds_its_promises(room, bought)
    return room


@pytest.mark.parametrize("seed", range(4))
def test_a_table_in_random_use_holds_its_promises(seed):
    _play_a_table(seed)


@pytest.mark.soak
@pytest.mark.parametrize("block", range(10))
def test_many_tables_in_random_use_hold_their_promises(block):
    for seed in range(100 + block * 40, 100 + (block + 1) * 40):
        _play_a_table(seed, steps=400)
