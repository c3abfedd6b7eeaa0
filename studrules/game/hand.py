"""One hand of any variant: the generic state machine that plays the model's steps.

A :class:`Hand` is made from a loaded :class:`~studrules.spec.model.Variant`, the
players (clockwise, the first sits at the dealer's left) and their stacks,
and a seed and/or the cards each player is to receive. It runs the variant's
steps in order (a step whose ``when`` is false is skipped) until a player
must decide; :meth:`Hand.legal_actions` says what the player to act may do,
:meth:`Hand.apply` does an action written out (``"Bob raise 20"``) and
:meth:`Hand.act` one of the legal actions as chosen. Every change is an
:class:`~studrules.game.events.Event` in :attr:`Hand.events`::

    >>> from studrules.spec.loader import load_variant
    >>> from studrules.spec.resources import default_variant
    >>> v = load_variant(default_variant())   # ante 5, bring-in 5, low limit 10
    >>> h = Hand(v, ["Ann", "Bob"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"]}, seed=1)
    >>> h.to_act, [str(a) for a in h.legal_actions()]
    ('Bob', ['bring-in 5', 'complete to 10'])
    >>> h.apply("Bob bring-in"); h.apply("Ann complete 10"); h.apply("Bob fold")
    >>> h.is_over, h.result().net
    (True, {'Ann': 10, 'Bob': -10})

Nothing changes when an action is illegal: :class:`~studrules.errors.IllegalActionError`
says why and lists what is legal. The same cards and actions always give the
same history. Pot games (players against each other) and banked games
(positions against the house) are two uses of this one machine.

The rules it carries out are the model's (see :mod:`studrules.spec.model` for
every word); a few readings where the model is silent:

- an all-in bet or raise smaller than a full one does not reopen the betting
  for players who have already acted (they may only call or fold), and does
  not count toward the cap;
- a player may fold only when facing a bet, or when checking is not allowed;
- the bring-in is not an opening bet: completing is, and so is a bring-in as
  large as the bet; the cap counts raises after the opening bet; live antes
  smaller than the bet are completed like a bring-in;
- at a showdown where mucking is allowed each player, in showdown order, shows
  or mucks; a player whose every opponent has mucked wins without showing. If
  every player eligible for a side pot mucked, the hands are read anyway;
- a side pot that only one player paid into is returned to him (``return``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from operator import sub as _sub
from typing import Any

from ..cards.card import Card
from ..errors import ArgumentError, IllegalActionError
from ..spec.arguments import loaded_variant
from ..spec.model import (
    BlindsStep,
    DecisionStep,
    DeclareStep,
    DrawStep,
    ExposeStep,
    PassStep,
    RevealStep,
    SettleStep,
    SplitStep,
    Variant,
)
from ..spec.vocabulary import TABLE_NAMES
from .actions import AMOUNTED, WORDED, Action, LegalAction
from .betting import _Betting
from .dealing import _Dealing
from .declare import _Declaring
from .draw import _Drawing
from .expose import _Exposing
from .house import DEALER, HOUSE, MAX_NAME_LENGTH, RESERVED_NAMES, _House
from .offers import _Offering
from .passing import _Passing
from .plan import _AntePlan, _BettingPlan, _DealPlan, _plan, _ShowdownPlan, killed_stakes
from .players import check_players, starting_stacks
from .result import HandResult, _made_result
from .showdown import _Showdown
from .splitting import _Splitting
from .view import View, seat_view

__all__ = ["Hand", "View", "HandResult", "HOUSE", "DEALER", "RESERVED_NAMES", "MAX_NAME_LENGTH"]

_TABLE = tuple(TABLE_NAMES)

#: The phases where a player acts, besides betting: how his action is
#: applied, what he may do, and what he does when nobody tells him (None: the
#: betting's plain choice) -- the methods of the part that plays the step.
_PHASES = {
    "showdown": ("_apply_show", "_showdown_legal", None),
    "decision": ("_apply_decision", "_decision_legal", None),
    "declare": ("_apply_declare", "_declare_legal", "_likely_declaration"),
    "draw": ("_apply_draw", "_draw_legal", "_likely_draw"),
    "expose": ("_apply_expose", "_expose_legal", "_likely_exposure"),
    "offer": ("_apply_offer", "_offer_legal", "_likely_offer"),
    "pass": ("_apply_pass", "_pass_legal", "_likely_pass"),
    "split": ("_apply_split", "_split_legal", "_likely_split"),
}


class Hand(_Dealing, _Betting, _Showdown, _House, _Declaring, _Drawing, _Exposing, _Offering, _Passing, _Splitting):
    """One hand of a variant (see the module's documentation).

    ``players``: names, clockwise, the first at the dealer's left (a banked
    game's positions; the house is not in the list). ``stacks``: one number
    for everybody, a list, or a mapping by name. ``seed``: shuffles a
    :class:`~studrules.cards.deck.Deck` that deals every card not given (a
    whole number; or a ``random.Random`` that a run of hands shares, each
    shuffling with it where it stands: the run is the same from the same
    generator, and no hand seeds one of its own).
    ``cards``: ``{name: [cards in the order received], "house": [...],
    "community": [...], "burns": [...]}`` (texts or cards). ``stakes``:
    stake overrides. ``antes``: a banked game's ante per position
    (``{"Ann": 20}``), checked against the table's minimum and maximum
    before any card is dealt. ``side_bets``: in a game against the house,
    the side bets a position chooses (``{"Ann": {"pair_plus": 10}, "Bob": {}}``):
    a player named makes the bets he names at those stakes and no other (0:
    none); a player not named, and everybody when it is not given, stakes
    each bet's amount at the stakes. Checked against each bet's table
    limits, and with the ante against his stack, before any card is dealt.
    ``killer``: the player who kills this hand
    (the variant's ``kill``: its stakes change and he posts the kill blind;
    a :class:`~studrules.table.session.Session` finds him).

    >>> from studrules.spec.loader import load_variant
    >>> h = Hand(load_variant("seven-card-stud"), ["Ann", "Bob"], 100, cards={"Ann": "Ac Kd 2c", "Bob": "Qs Qh 9d"})
    >>> h.to_act, [la.action for la in h.legal_actions()]  # her 2c, the lowest card up, brings in
    ('Ann', ['bring-in', 'complete'])
    """

    __slots__ = ()  # every attribute is declared in _HandState

    def __init__(
        self,
        variant: Variant,
        players: Sequence[str],
        stacks: int | Sequence[int] | Mapping[str, int] = 100,
        *,
        seed: int | random.Random | None = None,
        cards: Mapping[str, Any] | None = None,
        stakes: Mapping[str, int] | None = None,
        antes: Mapping[str, int] | None = None,
        side_bets: Mapping[str, Mapping[str, int]] | None = None,
        killer: str | None = None,
    ):
        if type(variant) is not Variant:
            variant = loaded_variant(variant, "Hand")
        self.variant = variant
        self.killer = killer
        if killer is not None:
            self.usual_stakes = variant.stake_values(stakes)
            stakes = killed_stakes(variant, stakes)
        self.plan = plan = _plan(variant, stakes)
        try:
            names = tuple(players)
        except TypeError:
            raise ArgumentError(f"players are a list of names, not {players!r}") from None
        seating = plan.seatings.get(names)  # players met before were checked then
        if seating is None:
            if isinstance(players, (str, bytes, Mapping)):
                raise ArgumentError(f"players are a list of names, not {players!r}")
            names = tuple(str(p) for p in names)
            if names not in plan.checked_players:
                check_players(variant, names)
                if len(plan.checked_players) < 64:
                    plan.checked_players.add(names)
            seating = plan.seating(names)
        n = self.n = len(names)
        self.players = names
        self._seating = seating
        self.seat = seating.seat
        self.stacks = (
            [stacks] * n if type(stacks) is int and stacks > 0 else starting_stacks(names, seating.seat, stacks)
        )
        self.start = tuple(self.stacks)
        self.folded = [False] * n
        self._in = list(range(n))  # the seats not folded, in order (kept with folded)
        self.mucked = [False] * n
        self.contrib = [0] * n
        self.dead_chips = None
        self.offers = None
        self.kill_seat = None
        self.pass_step = None
        self.split_step = None
        self.split_hands = None
        self.bets = [0] * n
        held: list[list[Card]] = []
        shown: list[list[Card]] = []
        for _ in names:  # (one loop for both: cheaper than two list comprehensions)
            held.append([])
            shown.append([])
        self.cards, self.up = held, shown
        self.up_key = [0] * n  # per seat: the sum of its up cards' rank_nibble
        self._ups = 0  # up cards so far
        self._visible_memo = None
        self._sizes_memo = None
        self._deep = False
        self._plain_round = False
        self.house_cards = []
        self.house_faces = []
        self.community = []
        self.burns = []
        self.events = []
        self.actions = []
        self.step_index = 0
        self.phase = "start"
        self.to_act_seat = None
        self.round = 0
        self.rounds = []
        self.cur = 0
        self.full_size = 0
        self.raises = 0
        self.capped = False
        self.acted = [False] * n
        self.opened = False
        self.bring_in_due = False
        self.size_lock = None
        self.bet_size = 0
        self.live_ante = [0] * n
        self.last_blind = None
        self.wild_rank = None
        self.follow_armed = False
        self.declare_step = None
        self.declared = None
        self.declared_pots = []
        self.draw_step = None
        self.drawn = []
        self.expose_step = None
        self.exposing = {}
        self.discards = [0] * n
        self.stood_pat = None
        self.antes_posted = False
        self.community_dealt = False
        self.over = False
        self.void = None
        self._legal = None
        self._result = None
        self.show_queue = []
        self.showdown_order = []
        self.shown = []
        self.pots_result = []
        self.raise_amounts = [None] * n
        self.positions = None
        self.house_net = None
        self._values = None
        self._simple = seating.actions
        self._rotation = plan.rotation(n)
        self.side_stakes = None
        self.antes = None if antes is None and side_bets is None and plan.plain_antes else self._antes(antes, side_bets)
        self._setup_cards(cards, seed)
        if killer is not None:
            self._post_kill(killer)
        self._advance()

    # ---------------------------------------------------------------- public state

    @property
    def to_act(self) -> str | None:
        """The name of the player who must act now (None when the hand is over)."""
        s = self.to_act_seat
        return None if s is None else self.players[s]

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def faces(self) -> list[list[str]]:
        """Per seat, the face (``up`` or ``down``) of each card in the order
        received: a card is up once dealt, exposed or revealed face up."""
        return [["up" if c in up else "down" for c in cards] for cards, up in zip(self.cards, self.up)]

    @property
    def pot(self) -> int:
        """Chips in the pot, this round's bets included."""
        return sum(self.contrib)

    def legal_for(self, player: str) -> tuple[LegalAction, ...]:
        """What ``player`` may do now: nothing unless it is his turn."""
        if self.to_act != player:
            return ()
        return self.legal_actions()

    def apply(self, action: Action | str) -> None:
        """Perform ``action`` (an :class:`~studrules.game.actions.Action` or its text).

        Raises :class:`~studrules.errors.IllegalActionError` (saying why and
        what is legal) and changes nothing when it is not allowed now, and
        :class:`~studrules.errors.ScriptError` when a text reads as no action."""
        if isinstance(action, str):
            action = Action.parse(action)
        elif type(action) is not Action and not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an action: give an Action or its text ('Bob raise 10')")
        elif action.word is not None and action.verb not in WORDED:  # (a text's words are read by parse)
            raise IllegalActionError(f"'{action}': '{action.verb}' takes no word after it")
        if action.amount is not None:
            if type(action.amount) is not int:  # (a float, a NumPy int: not chips)
                raise IllegalActionError(
                    f"{action.verb}: an amount is a whole number of chips (int), not {action.amount!r}"
                )
            if action.verb not in AMOUNTED:  # (as a script's text says it: a history must read it back)
                raise IllegalActionError(f"'{action}': '{action.verb}' takes no amount")
        if action.word is not None and type(action.word) is not str:
            raise IllegalActionError(
                f"{action.verb}: its word or cards are text ('high', 'Ad 7c'), not {action.word!r}"
            )
        seat = self.seat.get(action.player)
        if seat is None or seat != self.to_act_seat or action.verb == "void":
            self._not_in_turn(action, seat)  # (the player to act, while the hand is not over: none of these)
            return
        phase = self.phase
        if phase == "betting":
            self._apply_bet(seat, action)
        elif phase == "showdown":  # (the two common phases without a look-up)
            self._apply_show(seat, action)
        else:
            getattr(self, _PHASES[phase][0])(seat, action)
        self.actions.append(action)
        self._legal = None
        if self.to_act_seat is None and not self.over:
            self._advance()

    def act(self, option: LegalAction | str, total: int | None = None, word: str | None = None) -> None:
        """The player to act does ``option``: one of :meth:`legal_actions`, or its
        verb; ``total``: the total of a bet, raise or completion where the
        option allows more than one; ``word``: what an action that takes one
        says (``declare`` ``high``, the cards of a ``discard``, ``pass`` or
        ``buy``: ``'Ad 7c'``). What a bot does once it has chosen from
        the legal actions: ``apply`` of the same action, without naming the
        player or checking again what the legal actions say::

            >>> from studrules.spec.examples import example_variant
            >>> h = Hand(example_variant("bring-in"), ["Ann", "Bob"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"]})
            >>> h.act(h.legal_actions()[0]); h.act("complete"); h.act("fold")
            >>> [str(a) for a in h.actions], h.result().net
            (['Bob bring-in', 'Ann complete 10', 'Bob fold'], {'Ann': 2, 'Bob': -2})

        Anything else raises :class:`~studrules.errors.IllegalActionError`, as
        ``apply`` does, and changes nothing."""
        if total is not None and type(total) is not int:
            raise IllegalActionError(f"a total is a whole number of chips, not {total!r}")
        legal = self._legal
        if word is not None:  # (a choice's word: checked where apply checks it)
            legal = None
        if legal is not None and self.phase == "betting":
            for la in legal:
                if la is option:  # an entry of legal_actions() as they stand (the same object)
                    break
            else:
                la = None
            if la is not None and (total is None or la.to is not None or la.min is not None):
                seat: int = self.to_act_seat  # type: ignore[assignment]  # (a betting round's legal actions: his)
                verb = la.action
                if verb == "call" or (verb == "check" and self.round_rules.plain_check):  # (no bring-in is due)
                    self.actions.append(self._simple[seat][1 if verb == "call" else 0])
                    self._legal = None
                    if self._check_or_call_at(seat):
                        self._advance()
                    return
                if verb == "fold" or verb == "bring-in":
                    action = self._simple[seat][5 if verb == "fold" else 2]
                elif verb == "check":
                    action = self._simple[seat][0]
                else:  # a bet, raise or completion: its total
                    to = la.to
                    if total is None:
                        total = la.only_total()
                    if total is None or not (total in to if to is not None else la.allows(total)):
                        self.apply(Action(self.players[seat], verb, total))  # (says why not)
                        return
                    key = (seat, verb, total)  # (his action made once for the seating)
                    action = self._seating.totals.get(key) or self._seating.total(key)
                self.actions.append(action)
                self._legal = None
                if self._plain_round and not self.bring_in_due and verb != "check":  # (_take's short way, here)
                    if self._fold_or_aggress_plain(seat, verb, total):
                        self._advance()
                    return
                self._take(seat, la, total)
                if self.to_act_seat is None and not self.over:
                    self._advance()
                return
        self._act_on(option, total, word)

    def _act_on(self, option: LegalAction | str, total: int | None, word: str | None = None) -> None:
        """``act`` of a verb, of a legal action not taken from ``legal_actions()`` as they
        stand (the entry it equals), or with a word; else ``apply`` says why not."""
        seat = self.to_act_seat
        if seat is not None and word is None and self.phase == "betting":
            legal = self.legal_actions()
            if type(option) is str:  # its verb: the legal action of that verb, if any
                option = next((la for la in legal if la.action == option), option)
            for la in legal:
                if la is option or la == option:  # (one made equal to an entry)
                    if total is None or la.to is not None or la.min is not None:
                        self.act(la, total)
                        return
                    option = la  # a total where the action has its own amount, or none: apply says
                    break
        verb = option if isinstance(option, str) else getattr(option, "action", None)
        if not isinstance(verb, str):
            raise IllegalActionError(f"{option!r} is not an action: give one of legal_actions(), or its verb")
        if seat is None:
            raise IllegalActionError(f"'{verb}': the hand is over")
        legal = self.legal_actions()
        if isinstance(option, LegalAction) and option not in legal and any(la.action == verb for la in legal):
            # (its verb is legal, its sizes are made up: apply would take the verb's own)
            raise IllegalActionError(
                f"'{verb}' as {option!r} is not one of the legal actions now; {self.to_act} may {self._legal_words()}",
                legal,
            )
        if total is not None and verb not in ("bring-in", "complete", "bet", "raise", "call"):
            raise IllegalActionError(f"'{verb}' takes no total")
        self.apply(Action(self.players[seat], verb, total, word))  # (checked against the legal actions there)

    def _not_in_turn(self, action: Action, seat: int | None) -> None:
        """An action of nobody's turn: the dealer voids the hand, else an IllegalActionError says why."""
        if action.verb == "void":
            self._declare_void(action)
            return
        if self.over:
            raise IllegalActionError(f"'{action}': the hand is over")
        if seat is None:
            raise IllegalActionError(
                f"'{action}': {action.player} is not in this hand (players: {', '.join(self.players)})",
                self.legal_actions(),
            )
        raise IllegalActionError(
            f"'{action}': it is {self.to_act}'s turn, not {action.player}'s; {self.to_act} may {self._legal_words()}",
            self.legal_actions(),
        )

    def check_or_call(self) -> None:
        """The player to act checks, or calls when facing a bet; the bring-in
        is posted when it is due (a fast path for bots and benchmarks)."""
        seat = self.to_act_seat
        if self.phase != "betting" or seat is None or not self.round_rules.plain_check:
            action = self.default_action()
            if action is None:
                raise IllegalActionError("the hand is over")
            self.apply(action)
            return
        # the same as apply(default_action()) for a check, a call or a bring-in, without the look-ups
        if self.bring_in_due:
            self._bring_in(seat, self._bring_in_amount(seat))
            self.actions.append(self._simple[seat][2])
            self._next_turn(seat)
            self._legal = None
            if self.to_act_seat is None and not self.over:
                self._advance()
            return
        self.actions.append(self._simple[seat][0 if self.bets[seat] >= self.cur else 1])  # check or call
        self._legal = None
        if self._check_or_call_at(seat):
            self._advance()

    def default_action(self) -> Action | None:
        """What the player to act does when no one tells him: at a showdown,
        show if his hand can still win or tie against what is shown, else muck;
        in a betting round, check or else call (one who must bet: the least
        bet). None when the hand is over."""
        seat = self.to_act_seat
        if seat is None:
            return None
        name = self.players[seat]
        if self.phase == "showdown":
            return self._simple[seat][3 if self._can_still_win(seat) else 4]  # show, muck
        chooses = _PHASES[self.phase][2] if self.phase in _PHASES else None
        if chooses is not None:
            likely: Action = getattr(self, chooses)(seat)
            return likely
        legal = {la.action: la for la in self.legal_actions()}
        for verb in ("check", "call", "bring-in", "raise", "fold"):
            if verb in legal:
                return Action(name, verb)
        la = next(iter(legal.values()))  # (one who must bet: the least bet)
        return Action(name, la.action, la.least_total())

    def result(self) -> HandResult:
        """How the hand ended (only once it is over)."""
        if not self.over:
            raise IllegalActionError(f"the hand is not over: {self.to_act} is to act")
        result = self._result
        if result is None:
            names = self.players
            result = self._result = _made_result(
                dict(zip(names, self.stacks)),
                dict(zip(names, map(_sub, self.stacks, self.start))),
                tuple(self.pots_result),
                tuple(map(names.__getitem__, self.showdown_order)),
                self.void is not None,
                tuple(self.positions) if self.positions is not None else None,
                self.house_net,
            )
        return result

    def view(self, player: str) -> View:
        """What ``player``'s seat may see now."""
        seat = self.seat.get(player) if isinstance(player, str) else None
        if seat is None:
            raise ArgumentError(f"{player!r} is not in this hand (players: {', '.join(self.players)})")
        return seat_view(self, seat, player)

    def cards_of(self, player: str) -> tuple[Card, ...]:
        """Every card ``player`` holds, in the order received."""
        seat = self.seat.get(player) if isinstance(player, str) else None
        if seat is None:
            raise ArgumentError(f"{player!r} is not in this hand (players: {', '.join(self.players)})")
        return tuple(self.cards[seat])

    # ---------------------------------------------------------------- the steps

    def _advance(self) -> None:
        """Run steps until somebody must act or the hand is over."""
        steps = self.plan.steps
        count = len(steps)
        while not self.over and self.to_act_seat is None:
            index = self.step_index
            if index >= count:
                self._finish_without_showdown()
                return
            planned = steps[index]
            self.step_index = index + 1
            when = planned.when
            if when is not None and not when(self._env()):
                continue
            # (the plan's own classes, which have no subclasses: tested by type, not by an isinstance call)
            if type(planned) is _DealPlan:
                if not (self._plain and planned.plain and self._deal_plain(planned.step)):
                    self._deal(planned.step)
                    if self.offers and not self.over:
                        self._start_offers()
            elif type(planned) is _BettingPlan:
                if planned.start is None or not self._start_plain(planned):
                    self._start_round(planned)
            elif type(planned) is _AntePlan:
                self._ante(planned)
            elif type(planned) is _ShowdownPlan:
                self._start_showdown(planned)
            elif isinstance(planned, DecisionStep):
                self._start_decision(planned)
            elif isinstance(planned, RevealStep):
                self._reveal(planned)
            elif isinstance(planned, SettleStep):
                self._settle(planned)
            elif isinstance(planned, BlindsStep):
                self._blinds(planned)
            elif isinstance(planned, DeclareStep):
                self._start_declare(planned)
            elif isinstance(planned, DrawStep):
                self._start_draw(planned)
            elif isinstance(planned, ExposeStep):
                self._start_expose(planned)
            elif isinstance(planned, PassStep):
                self._start_pass(planned)
            elif isinstance(planned, SplitStep):
                self._start_split(planned)

    def _env(self) -> dict[str, int]:
        """The names a condition or amount may read (stakes and TABLE_NAMES)."""
        env = dict(self.plan.stake_env)
        env.update(zip(_TABLE, self._table_values(_TABLE)))
        return env

    # ---------------------------------------------------------------- legal actions and the end

    def _compute_legal(self) -> tuple[LegalAction, ...]:
        seat = self.to_act_seat
        if seat is None or self.over:
            return ()
        phase = self.phase
        if phase == "betting":
            return self._betting_legal(seat)
        if phase == "showdown":
            return self._showdown_legal(seat)
        legal: tuple[LegalAction, ...] = getattr(self, _PHASES[phase][1])(seat)
        return legal

    def _legal_words(self) -> str:
        legal = self.legal_actions()
        return ", ".join(str(a) for a in legal) if legal else "nothing"

    def _illegal(self, action: Action, why: str) -> IllegalActionError:
        return IllegalActionError(f"'{action}': {why}; {action.player} may {self._legal_words()}", self.legal_actions())

    def _end(self) -> None:
        self.over = True
        self.to_act_seat = None
        self.phase = "over"
        self._legal = ()
