"""One table in the browser: its seats, its session, the hand in play.

A :class:`Room` is the only authority of its table. The host makes it with a
:class:`TableConfig` (the games allowed, in a fixed rotation or at the
dealer's choice, stakes and options, seats, buy-in, the time to act) and
takes the first seat; players join by name and get a secret token; the host
fills seats with bots and starts. Seats change after the start too: a late
arrival plays from the next hand, a player leaves (between hands at once;
during one, folded at his turn), the host removes a seat or gives it to a
bot; :attr:`Room.departed` keeps who stood up with what. From then on a
:class:`~studrules.table.session.Session` deals hand after hand (stacks carry
over, the deal moves, the game switches, each switch announced with its rule
differences) and the room drives each hand: bots act at once, a person's
action is checked against the hand's legal actions (an illegal one changes
nothing), and a person who does not act in time checks, or else folds. At a
dealer's choice table, a person dealing picks the next game (the differences
from the last game shown to him before he does). A player out of chips may
buy in again where the table allows it (:mod:`.rebuys`). In a game against the house
each player plays his own position (:mod:`.banked_view`): he may choose his
ante and side bets within the table limits (:meth:`Room.choose_ante`,
:mod:`.side_bet_choice`), and the host's bots play each game's own strategy.
Between hands the host may change the games, the rotation, stakes, options and times
(:meth:`Room.configure`, checked by :mod:`.settings_change`): the hand in
play finishes under the rules it was dealt with.

Nothing here waits: the server calls :meth:`Room.tick` when :meth:`Room.wakeup` says a
timer may have run out. Time is the ``clock`` given (seconds)::

    >>> from studrules.spec.resources import default_variant
    >>> config = TableConfig(variants=(default_variant(),), seats=2, buy_in=200, pause=0)
    >>> room = Room("t1", config, clock=lambda: 0.0)
    >>> ann, bob = room.join("Ann"), room.join("Bob")
    >>> room.start(ann.token)
    >>> room.state, room.hand.players
    ('playing', ('Ann', 'Bob'))
    >>> waiting = ann if room.hand.to_act == "Bob" else bob
    >>> room.act(waiting.token, "fold")
    Traceback (most recent call last):
    ...
    studrules.errors.IllegalActionError: it is ... turn, not ...
"""

from __future__ import annotations

import hmac
import math
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import IllegalActionError, StudrulesError
from ..game.actions import Action
from ..game.policies import CheckCall, Policy, make_policy, policy_action
from ..table.session import Session
from ..table.terminal import result_lines
from .banked_view import bot_kind, checked_ante, position_antes, table_games
from .chat import _Chat
from .config import TableConfig, TableError
from .dealer_choice import _DealersChoice
from .presence import _Presence
from .protocol import ProtocolError, RateLimit, check_name, name_key
from .rebuys import _Rebuys
from .seat import AWAY_AFTER, Seat, time_out_action
from .settings_change import Change, check_change
from .side_bet_choice import _SideBets
from .store import token_hash

__all__ = ["TableConfig", "Seat", "Room", "TableError", "AWAY_AFTER"]


class Room(_Presence, _SideBets, _Rebuys, _Chat, _DealersChoice):
    """One table (see the module's documentation).

    ``state``: ``waiting`` (for the host to start), ``choosing`` (the dealer
    picks the game), ``playing``, ``between`` (the pause after a hand) or
    ``over``. ``on_hand``: called with each finished hand's report (the
    store writes it). ``version`` grows with every change the players should see.
    ``games``: the games the server deals by name (None: any game that loads);
    ``on_config``: called when the host changes the settings (the store writes them)."""

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        *,
        clock: Callable[[], float],
        on_hand: Callable[[Room, Any], None] | None = None,
        resolve: Callable[[str], Any] | None = None,
        on_seats: Callable[[Room], None] | None = None,
        games: Callable[[], Mapping[str, Any]] | None = None,
        on_config: Callable[[Room], None] | None = None,
    ):
        self.id = table_id
        self.resolve = resolve or (lambda name: name)  # a game's name -> what Session loads (a name or a file)
        self.config = config  # the settings in force
        self.pending: Change | None = None  # the host's change, from the next hand
        self.games = games
        self.on_config = on_config
        self.clock = clock
        self.on_hand = on_hand
        self.on_seats = on_seats  # called when a seat is taken, left or given to a bot (the store writes them)
        self.departed: list[dict[str, Any]] = []  # who stood up since the start, with his stack
        self.seats: list[Seat | None] = [None] * config.seats
        self.state = "waiting"
        self.session: Session | None = None
        self.report: Any = None  # the hand in play or the last one
        self.hands_before = 0  # hands played before a restart (the session counts from there)
        self.deadline: float | None = None
        self.bots: dict[str, Policy] = {}
        self.log: list[str] = []
        self.announcement: dict[str, Any] | None = None
        self.last_rules: dict[str, Any] | None = None  # the stakes and options the last hand was dealt with
        self.dealt: set[int] | None = None  # the seats (ids) dealt into the hand (None: not known, every name)
        self.host: int | None = 0  # the host's seat number: the first seat's until he hands it on (None: nobody)
        self.for_bots = False  # started by the server for bots alone (they play on without a person)
        self.antes: dict[str, int] = {}  # against the house: the ante each position chose (by name)
        self.side_bets: dict[str, dict[str, int]] = {}  # and the side bets (by name: a stake by bet)
        self.chat: list[dict[str, str]] = []  # the players' lines, the last 100 (not kept over a restart)
        self._chat_limits: dict[int, RateLimit] = {}  # per seat: a line a second, five at once (:mod:`.chat`)
        self.version = 0

    # ---------------------------------------------------------------- seats

    def join(self, name: Any, *, bot: str | None = None) -> Seat:
        """Seat ``name`` at the first empty seat; once the game has started,
        he sits in from the next hand with the buy-in."""
        try:
            name = check_name(name)
        except ProtocolError as err:
            raise TableError(str(err)) from None
        if self.state in ("over", "broken"):
            raise TableError("the game is over: no seat is dealt in again")
        if any(s is not None and name_key(s.name) == name_key(name) for s in self.seats):
            raise TableError(f"somebody at this table is called {name}: choose another name")
        free = next((i for i, s in enumerate(self.seats) if s is None), None)
        if free is None:
            raise TableError("every seat is taken")
        token = secrets.token_urlsafe(24)
        seat = Seat(free, name, token_hash(token), bot, self.config.buy_in, token)
        session = self.session
        if session is not None:  # a late arrival: clockwise between his neighbours, from the next hand
            n = len(self.seats)
            after = (self.seats[(free + k) % n] for k in range(1, n))
            before = next((s.name for s in after if s is not None and s.name in session.seating), None)
            policy = self._policy(seat)
            session.add_player(name, seat.stack, policy, before=before)
            if bot:
                self.bots[name] = policy
            if self.state == "between" and (self.deadline is not None or not bot):  # (waiting: dealt soon)
                self.deadline = min(self.deadline or math.inf, self.clock() + self.config.pause)
        self.seats[free] = seat
        late = " and plays from the next hand" if session is not None else ""
        self._say(f"{name} sits down" + (" (a bot)" if bot else "") + late)
        self._seats_changed()
        return seat

    def _policy(self, seat: Seat) -> Policy:
        seed = None if self.config.seed is None else self.config.seed * 101 + seat.number
        return make_policy(seat.bot, seed=seed) if seat.bot else CheckCall()  # a person: never asked

    def _seats_changed(self) -> None:
        if self.on_seats is not None:
            self.on_seats(self)

    def leave(self, who: Seat | str) -> None:
        """The seat ``who`` stands up: between hands at once, with his stack;
        during a hand he is in, his hand is folded at his turn and he stands up when it ends."""
        seat = self._seat(who)
        if self.is_host(seat):
            self._pass_host(seat)
        self._stand(seat)

    def remove(self, who: Seat | str, number: int) -> None:
        """The host stands the seat ``number`` up (a player who went away), as :meth:`leave` does."""
        self._stand(self._other(who, number))

    def replace(self, who: Seat | str, number: int, kind: str | None = None) -> None:
        """The host gives the seat ``number`` to a bot of ``kind`` (None: the table's
        own, :func:`~.banked_view.bot_kind`), and a player his own seat: its stack
        stays, the bot plays it from now on (its token no longer acts; a host who
        gives his own seat hands the host's part on first)."""
        me = self._seat(who)
        own = number == me.number and not isinstance(number, bool)
        seat = me if own else self._other(who, number, "give another's seat to a bot")
        if seat.bot is not None:
            raise TableError(f"{seat.name} is a bot already")
        if self.is_host(seat):
            self._pass_host(seat)
        seat.bot, seat.key, seat.leaving, seat.away = kind or bot_kind(self), "", False, False
        policy = self._policy(seat)
        self._say(f"a bot plays {seat.name}'s seat from now on")
        self._nobody_left()
        if self.session is not None:
            self.session.policies[seat.name] = policy
            self.bots[seat.name] = policy
            hand = self.hand
            if hand is not None and not hand.is_over and seat.name in hand.players:
                policy.begin(self.report.variant)
                if self.state == "playing" and hand.to_act == seat.name:
                    self._run()
            elif self.state == "choosing" and self.session.dealer == seat.name:
                self._next_hand()
        self._seats_changed()

    def _other(self, who: Seat | str, number: Any, what: str = "stand a seat up") -> Seat:
        self._host(who, what)
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(self.seats):
            raise TableError(f"no seat {number!r}: this table's seats are 0 to {len(self.seats) - 1}")
        seat = self.seats[number]
        if seat is None:
            raise TableError(f"nobody sits at seat {number}")
        if self.is_host(seat):
            raise TableError("that is your own seat: leave the table, or give your seat to a bot")
        return seat

    def _stand(self, seat: Seat) -> None:
        """Stand ``seat`` up now, or when the hand he is in is over."""
        hand, session = self.hand, self.session
        in_play = self.state == "playing" and hand is not None and not hand.is_over and seat.name in hand.players
        if in_play:
            seat.leaving = True
            self._say(f"{seat.name} leaves after this hand")
            if hand.to_act == seat.name:
                self._run()
            self._seats_changed()
            return
        chooser = self.state == "choosing" and session is not None and session.dealer == seat.name
        self.seats[seat.number] = None
        if session is not None and seat.name in session.seating:
            seat.stack = session.remove_player(seat.name)
            self.bots.pop(seat.name, None)
        bought = self.bought(seat.name)  # (kept where he bought in again: else his buy-in)
        self.departed.append({"name": seat.name, "stack": seat.stack} | (bought if bought["rebuys"] else {}))
        self.antes.pop(seat.name, None), self.side_bets.pop(seat.name, None)
        self._say(f"{seat.name} stands up with {seat.stack}")
        if not self._nobody_left() and chooser:  # the dealer who was choosing went away: the deal has passed on
            self._next_hand()
        self._seats_changed()

    def _seat(self, who: Seat | str) -> Seat:
        """The seat acting: a :class:`Seat` of this table (its token was checked
        when the connection began), or a token."""
        if isinstance(who, Seat):
            if self.seats[who.number] is not who:
                raise TableError("that seat is not at this table")
            return who
        return self.seat_of(who)

    def seat_of(self, token: Any) -> Seat:
        """The seat whose secret ``token`` this is (a :class:`TableError` when none)."""
        if isinstance(token, str):
            key = token_hash(token)
            for s in self.seats:
                if s is not None and s.bot is None and hmac.compare_digest(s.key, key):
                    return s
        raise TableError("no seat at this table has that token")

    def holds(self, seat: Seat | None) -> bool:
        """Whether ``seat`` is still a person's seat at this table (not left, not given to a bot)."""
        return seat is not None and self.seats[seat.number] is seat and seat.bot is None

    def add_bot(self, who: Seat | str, kind: str | None = None) -> Seat:
        """The host seats a bot of ``kind`` (None: the table's own, :func:`~.banked_view.bot_kind`)
        at the first empty seat."""
        self._host(who, "seat a bot")
        names = {s.name for s in self.seats if s is not None}
        name = next(f"Bot{i}" for i in range(1, 100) if f"Bot{i}" not in names)
        return self.join(name, bot=kind or bot_kind(self))

    def choose_ante(self, who: Seat | str, amount: Any) -> None:
        """Against the house: the seat ``who`` antes ``amount`` from the next hand (within the table
        limits and what his stack covers with the raises; each game keeps it within its own, see
        :func:`~.banked_view.position_antes`)."""
        seat = self._seat(who)
        ante = checked_ante(table_games(self), amount)
        problem = self.ante_uncovered(seat, ante)  # (his stack, with a raise: as a side bet is refused)
        if problem is not None:
            raise TableError(problem)
        self.antes[seat.name] = ante
        self._changed()
        self._seats_changed()  # (the store keeps it with the session)

    def _host(self, who: Seat | str, what: str = "do that") -> Seat:
        seat = self._seat(who)
        if not self.is_host(seat):
            raise TableError(f"only the host may {what}")
        return seat

    # ---------------------------------------------------------------- play

    def start(self, who: Seat | str | None) -> None:
        """The host starts the game (two seats taken at least); None: the
        server itself starts it (a table of bots, as the load benchmark plays)."""
        if who is not None:
            self._host(who, "start the game")
        if self.state != "waiting":
            raise TableError("the game has already started")
        self.for_bots = who is None
        self._begin_session()
        self._next_hand()

    def _begin_session(self, stacks: dict[str, int] | None = None, resumed: bool = False) -> None:
        seated = [s for s in self.seats if s is not None and (stacks is None or s.name in stacks)]
        if len(seated) < self.fewest() and not resumed:
            raise TableError("two players at least: wait for a friend, or add a bot")
        names = [s.name for s in seated]
        policies = {s.name: self._policy(s) for s in seated}
        self.bots = {s.name: policies[s.name] for s in seated if s.bot}
        self.session = Session(
            [self.resolve(n) for n in self.config.variants],
            names,
            policies,
            stacks=stacks or {s.name: s.stack for s in seated},
            rotate=self.config.rotate,
            seed=self.config.seed,
            options=self.config.options,
            stakes=self.config.stakes,
            may_buy_again=self._may_buy_again,
            resumed=resumed,
        )

    @property
    def hand(self) -> Any:
        """The hand in play (or the last one played); None before the first."""
        return None if self.report is None else self.report.hand

    def _person(self, name: str | None) -> Seat | None:
        for s in self.seats:
            if s is not None and s.name == name and s.bot is None:
                return s
        return None

    def _next_hand(self, variant: Any = None) -> None:
        """Deal the next hand, or ask a person dealing at a dealer's choice table for the game."""
        session = self.session
        assert session is not None
        if session.waits():  # (no hand until a player out of chips buys in again)
            return self._wait_for_rebuy()
        if self.everybody_away():  # (nobody would play it: no hand until one is back)
            return self._wait_for_somebody()
        chooser = self._person(session.dealer)
        if variant is None and session.rotate == "dealer" and chooser is not None and chooser.away:
            variant = self._last_game()  # what his time running out chooses, at once
            self._say(f"{chooser.name} deals and is away: {variant.name} {self._again(variant)}")
        if variant is None and session.rotate == "dealer" and chooser is not None:
            if not session.ended():
                self.state = "choosing"
                self.deadline = self.clock() + self.config.timeout
                self._say(f"{session.dealer} is choosing the game")
                return
        if variant is None and self.antes:  # (the game first: each game keeps an ante within its limits)
            variant = session.next_variant()
        try:
            antes = position_antes(session, variant, self.antes) if variant else None
            report = session.begin_next(variant, antes, self.side_bets)
        except StudrulesError as err:  # (the games refused the table as it is: nothing was dealt)
            self.state = "between"
            self.deadline = self.clock() + max(self.config.pause, 5.0)
            self._say(f"The next hand cannot be dealt: {err.message}. The host may change the games or the stakes.")
            return
        if report is None and not session.is_over:  # (a player out of chips may buy in again)
            return self._wait_for_rebuy()
        if report is None:
            self.state = "over"
            self.deadline = None
            self._say(f"The game is over: {session.reason}.")
            self._seats_changed()  # (the store keeps why: a restart finds the game over)
            return
        self.report = report
        self.state = "playing"
        if report.switched:
            text = report.announcement(self._number())
            self.announcement = {
                "text": text,
                "differences": [d.as_dict() for d in report.differences],
                "variant": report.variant.name,
            }
            self._say(text.splitlines()[0])
        else:
            self.announcement = None  # (the box of a game that changed stays for that hand only)
            self._say(f"Hand {self._number()}" + (f": {report.dealing} deals." if report.dealing else "."))
        self.dealt = {id(s) for s in self.seats if s is not None and s.name in report.players}
        self._note_uncovered(report)  # (a side bet his stack no longer covers: he is told)
        for name in report.players:
            bot = self.bots.get(name)
            if bot is not None:
                bot.begin(report.variant)
        self._run()

    def fewest(self) -> int:
        """How many players the game starts with: 1 where every game is against the house
        (a player alone plays his box against the house's hand), else 2."""
        return 1 if all(v.is_banked for v in table_games(self)) else 2

    def _number(self) -> int:
        return self.hands_before + (self.report.number if self.report is not None else 0)

    def _run(self) -> None:
        """Let the bots act until a person must, or the hand is over."""
        hand = self.hand
        while not hand.is_over:
            bot = self.bots.get(hand.to_act)
            person = self._person(hand.to_act)
            if person is not None and person.leaving:  # he asked to leave: his hand is folded
                legal = {la.action for la in hand.legal_actions()}
                hand.apply(Action(hand.to_act, "fold") if "fold" in legal else hand.default_action())
                continue
            if person is not None and person.away:  # sitting out: what his time running out does, at once
                hand.apply(time_out_action(hand))
                continue
            if bot is None:
                self.deadline = self.clock() + self.config.timeout
                self._changed()
                return
            hand.apply(policy_action(bot, hand, hand.to_act_seat, hand.to_act))  # (a view read as the bot reads it)
        self._finish()

    def _finish(self) -> None:
        session, report = self.session, self.report
        assert session is not None
        session.finish(report)
        for line in result_lines(report, seating=session.seating):
            self._say(line.strip())
        self.last_rules = {"stakes": dict(self.config.stakes), "options": dict(self.config.options)}
        if self.pending is not None:  # the host's change: from the next hand
            self._apply()
        for s in self.seats:
            if s is not None and s.name in session.stacks:
                s.stack = session.stacks[s.name]
        for s in list(self.seats):
            if s is not None and s.leaving:
                s.leaving = False
                self._stand(s)
        self._nobody_left()  # (the last player may have lost his last chip)
        if self.on_hand is not None:
            self.on_hand(self, report)
        if session.is_over:
            self.state = "over"
            self.deadline = None
            self._say(f"The game is over: {session.reason}.")
        elif self.config.pause > 0 or not any(not getattr(self._person(p), "away", True) for p in session.active):
            # bots alone (and players away) deal again at the next tick, one hand at a time:
            # a table nobody waits for never keeps the server from the other tables
            self.state = "between"
            self.deadline = self.clock() + self.config.pause
        else:
            self._next_hand()
            return
        self._changed()

    def turn(self) -> str | None:
        """Which decision of which hand the table is at (``"hand:events"``; None between hands):
        an action that names another was made on a page that had not yet seen the table move on."""
        hand = self.hand
        return None if hand is None or self.state != "playing" else f"{self._number()}:{len(hand.events)}"

    def act(
        self, who: Seat | str, verb: str, amount: int | None = None, word: str | None = None, turn: str | None = None
    ) -> None:
        """The seat ``who`` (or of the token ``who``) acts; an :class:`~studrules.errors.IllegalActionError`
        (nothing changes) unless it is his turn and the action is legal. ``turn``: the :meth:`turn` the
        page saw when the player chose (a second click, or one made before the page caught up with the
        table, names an earlier one and is refused)."""
        seat = self._seat(who)
        hand = self.hand
        if self.state != "playing" or hand is None or hand.is_over:
            raise TableError("no hand is being played")
        if turn is not None and turn != self.turn():
            raise TableError("that was for an earlier turn: the table has moved on (see what it shows now)")
        if hand.to_act != seat.name:
            raise IllegalActionError(f"it is {hand.to_act}'s turn, not {seat.name}'s", legal=())
        hand.apply(Action(seat.name, verb, amount, word))  # checked against the legal actions; illegal: nothing changes
        seat.missed = 0
        self._run()

    # ---------------------------------------------------------------- settings

    def configure(self, who: Seat | str, changes: Any) -> None:
        """The host changes the table's settings: ``changes`` names any of the
        games (``variants``), ``rotate``, ``stakes``, ``options``, ``timeout``
        and ``pause``, each replacing the table's; the seats, buy-in and seed
        stay. Checked whole as a new table's are (a :class:`TableError` says
        what is wrong, and nothing changes); everybody is told. They apply
        from the next hand: the hand in play finishes under its own rules."""
        self._host(who, "change the settings")
        if self.state in ("over", "broken"):
            raise TableError("the game is over: its settings no longer change")
        session, pending = self.session, self.pending
        current = pending.games if pending is not None else None
        if current is None and session is not None:
            current = session.variants
        playing = self.state == "playing"
        change = check_change(
            self.next_config,
            changes,
            None if self.games is None else self.games(),
            self.resolve,
            players=None if session is None else len(session.active),
            current=current,
            when=" from the next hand" if playing else "",
        )
        if pending is not None and change.games is None:  # (the games of the change before still apply)
            change.games = pending.games
        self.pending = change
        for line in change.lines:
            self._say(line)
        if self.on_config is not None:
            self.on_config(self)
        if not playing:
            self._apply()

    @property
    def next_config(self) -> TableConfig:
        """The settings of the next hand: the host's change, or those in force."""
        return self.config if self.pending is None else self.pending.config

    def _apply(self) -> None:
        """The host's change takes effect (no hand is in play)."""
        change, self.pending = self.pending, None
        assert change is not None
        self.config = change.config
        session = self.session
        if session is not None:
            session.change_rules(change.games, rotate=change.config.rotate)
            if self.state == "choosing":  # the dealer chooses again, among the games now dealt
                self._next_hand()

    # ---------------------------------------------------------------- time

    def wakeup(self) -> float | None:
        """When :meth:`tick` has something to do (None: nothing until somebody acts)."""
        if self._waited_for_somebody():  # (one is here again, however he came: deal now)
            return self.clock()
        times = (self.deadline if self.state in ("playing", "choosing", "between") else None, self._host_due())
        return min((t for t in times if t is not None), default=None)

    def tick(self) -> bool:
        """Play what a timer that ran out decides: the default action (check, else fold; against the
        house, no further wager where the game allows it, else fold) of a person who did not act, the last
        game again for a dealer who did not choose, the next hand after the pause, the host's part passed
        on for want of him. True when something changed."""
        if self._waited_for_somebody():
            self._next_hand()
            return True
        if self._pass_absent_host():
            return True
        if self.deadline is None or self.clock() < self.deadline:
            return False
        if self.state == "between":
            self._next_hand()
            return True
        if self.state == "choosing":
            self._chose_nothing()
            return True
        if self.state == "playing":
            hand = self.hand
            player = hand.to_act
            self._say(f"{player} ran out of time")
            hand.apply(time_out_action(hand))
            self._missed(player)
            self._run()
            return True
        return False

    # ---------------------------------------------------------------- what each seat sees

    def _say(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-200]
        self._changed()

    def _changed(self) -> None:
        self.version += 1
