"""One hand of any variant: the generic state machine that plays the model's steps.

A :class:`Hand` is made from a loaded :class:`~studrules.model.Variant`, the
players (clockwise, the first sits at the dealer's left) and their stacks,
and a seed and/or the cards each player is to receive. It runs the variant's
steps in order (a step whose ``when`` is false is skipped) until a player
must decide; :meth:`Hand.legal_actions` says what the player to act may do and
:meth:`Hand.apply` does it. Every change is an :class:`~studrules.events.Event`
in :attr:`Hand.events`::

    >>> from studrules.loader import load_variant
    >>> from studrules.resources import default_variant
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

The rules it carries out are the model's (see :mod:`studrules.model` for
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

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from .actions import Action, LegalAction
from .cards import Card, Deck, card_order_key, full_deck, parse_cards
from .errors import CardError, IllegalActionError
from .events import Event
from .model import (
    AnteStep,
    BettingStep,
    DealStep,
    DecisionStep,
    RevealStep,
    SettleStep,
    ShowdownStep,
    Variant,
)
from .pots import divide, side_pots, split_pot

__all__ = ["Hand", "View", "HandResult", "HOUSE", "DEALER"]

#: The name the house goes by in events and scripts of banked games.
HOUSE = "house"
#: The name the dealer goes by when he declares a hand void.
DEALER = "dealer"

_AGGRESSIVE = frozenset(("bet", "complete", "raise"))
_new = tuple.__new__
_FOLD = LegalAction("fold")
_CHECK = LegalAction("check")
_SHOW = LegalAction("show")
_MUCK = LegalAction("muck")


# --------------------------------------------------------------------------
# public records

@dataclass(frozen=True, slots=True)
class HandResult:
    """How a finished hand ended.

    ``stacks``/``net``: per player. ``pots``: each pot's amount, who could win
    it and each winner's share. ``showdown_order``: who showed (or mucked) in
    order. ``void``: the hand was void. Banked games: ``positions`` (each
    position's ante, raise and settlement) and ``house_net``."""

    stacks: dict
    net: dict
    pots: tuple = ()
    showdown_order: tuple = ()
    void: bool = False
    positions: tuple | None = None
    house_net: int | None = None

    def to_dict(self) -> dict:
        out: dict = {
            "stacks": dict(self.stacks),
            "net": dict(self.net),
            "pots": [dict(p) for p in self.pots],
            "showdown_order": list(self.showdown_order),
        }
        if self.void:
            out["void"] = True
        if self.positions is not None:
            out["positions"] = [dict(p) for p in self.positions]
            out["house_net"] = self.house_net
        return out


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may see: its own cards (with their faces), every up card,
    the betting, and what it may do when it is its turn.

    ``events`` is the history with every card this seat may not see left out
    (``card`` is None on others' face-down deals and on burns)."""

    player: str
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    folded: tuple[bool, ...]
    cards: tuple[tuple[Card, str], ...]
    up_cards: dict
    house_up_cards: tuple[Card, ...]
    community: tuple[Card, ...]
    bets: tuple[int, ...]
    pot: int
    round: int
    to_act: str | None
    legal: tuple[LegalAction, ...]
    events: tuple[Event, ...]
    is_over: bool

    @property
    def my_cards(self) -> tuple[Card, ...]:
        return tuple(c for c, _ in self.cards)


# --------------------------------------------------------------------------
# per-variant constants, computed once

class _Plan:
    """What a variant's hand needs that does not change from hand to hand."""

    __slots__ = ("variant", "stakes", "steps", "ranking", "ace_high", "card_key", "suit_order",
                 "max_cards", "max_house", "stake_env", "visible_cache", "checked_players", "ante_step",
                 "rank_nibble", "seatings", "rotations", "plain_antes", "deck_cards")

    def __init__(self, variant: Variant, stakes: dict):
        from .rankings import ranking_for

        self.variant = variant
        self.stakes = stakes
        self.stake_env = dict(stakes)
        self.visible_cache: dict = {}
        self.checked_players: set = set()
        antes = [s for s in variant.steps if isinstance(s, AnteStep)]
        self.ante_step = antes[0] if antes else None
        # no antes given: every player posts the variant's (see Hand._antes)
        step = self.ante_step
        self.plain_antes = step is None or (step.min is None and step.max is None and not variant.is_banked)
        self.ranking = ranking_for(variant.deck, variant.deck.ranking)
        # the cards of a stripped deck in code order; None: the standard deck (Deck's own fast path)
        self.deck_cards = None if variant.deck.cards == 52 else variant.deck.contents()
        self.ace_high = bool(getattr(self.ranking, "ace_high", True))
        self.suit_order = tuple(variant.deck.suit_order)
        # one int per card code: rank (ace per the ranking) then suit place
        self.card_key = [
            card_order_key(c, self.suit_order, self.ace_high)[0] * 4 + card_order_key(c, self.suit_order, self.ace_high)[1]
            for c in full_deck()
        ]
        # one count of four bits per rank: summed over cards, it names their ranks (see visible)
        self.rank_nibble = [1 << 4 * (c.rank - 2) for c in full_deck()]
        self.seatings: dict = {}
        self.rotations: dict = {}
        steps = []
        for step in variant.steps:
            steps.append((step, self._constants(step), _kind(step), step.when))
        self.steps = tuple(steps)
        self.max_cards = sum(len(s.players) for s in variant.steps if isinstance(s, DealStep))
        self.max_house = sum(len(s.house) for s in variant.steps if isinstance(s, DealStep))

    def visible(self, cards: Sequence[Card], key: int | None = None) -> int:
        """The ranking's strength of a showing; cached by ranks below five cards,
        where suits never count (straights and flushes need five cards).
        ``key``: the sum of the cards' ``rank_nibble`` when the caller keeps it."""
        if len(cards) >= 5:
            return self.ranking.visible(cards)
        if key is None:
            nibble = self.rank_nibble
            key = 0
            for c in cards:
                key += nibble[c.code]
        cache = self.visible_cache
        value = cache.get(key)
        if value is None:
            value = cache[key] = self.ranking.visible(cards)
        return value

    def seating(self, names: tuple[str, ...]) -> "_Seating":
        """What does not change from hand to hand for these players."""
        out = self.seatings.get(names)
        if out is None:
            out = _Seating(names)
            if len(self.seatings) < 64:
                self.seatings[names] = out
        return out

    def rotation(self, n: int) -> list[tuple[int, ...]]:
        """Per seat: the other seats clockwise from its left, then itself."""
        out = self.rotations.get(n)
        if out is None:
            out = self.rotations[n] = [tuple((seat + k) % n for k in range(1, n + 1)) for seat in range(n)]
        return out

    def amount(self, expr) -> int | None:
        """The value of an amount that depends on stakes only (None if it reads the table)."""
        if expr is None:
            return None
        if expr.names <= self.stakes.keys():
            return int(expr(self.stakes))
        return None

    def _constants(self, step) -> Any:
        if isinstance(step, BettingStep):
            rankings = None
            return {
                "bet": self.amount(step.bet),
                "bring_in": self.amount(step.bring_in.amount) if step.bring_in else None,
                "alts": tuple((alt, self.amount(alt.bet)) for alt in step.alternatives),
                "check": None if step.check is None else (step.check.value() if step.check.is_constant else None),
                "rankings": rankings,
            }
        if isinstance(step, ShowdownStep):
            from .rankings import ranking_for

            return {"rankings": tuple(ranking_for(self.variant.deck, r) for r in step.rankings)}
        if isinstance(step, AnteStep):
            return {"amount": self.amount(step.amount)}
        if isinstance(step, DealStep):
            # no burn, house or community card, no fallback: the players' cards only
            return {"plain": not step.burn and not step.house and not step.community
                    and not (step.fallback == "community" and step.players)}
        return None


# in a sum of rank_nibble: some rank counted twice or more
_TWO_OR_MORE = sum(0xE << 4 * r for r in range(13))

_DEAL, _BETTING, _ANTE, _SHOWDOWN, _DECISION, _REVEAL, _SETTLE, _OTHER = range(8)


def _kind(step) -> int:
    for cls, kind in ((DealStep, _DEAL), (BettingStep, _BETTING), (AnteStep, _ANTE), (ShowdownStep, _SHOWDOWN),
                      (DecisionStep, _DECISION), (RevealStep, _REVEAL), (SettleStep, _SETTLE)):
        if isinstance(step, cls):
            return kind
    return _OTHER


_PLANS: dict = {}
_NOTHING: tuple = ()  # no given cards


def _plan(variant: Variant, stakes: Mapping[str, int] | None) -> _Plan:
    key = (id(variant), tuple(sorted(stakes.items())) if stakes else ())
    cached = _PLANS.get(key)
    if cached is not None and cached.variant is variant:
        return cached
    if len(_PLANS) > 256:
        _PLANS.clear()
    plan = _Plan(variant, variant.stake_values(stakes))
    _PLANS[key] = plan
    return plan


class _Seating:
    """Per set of players (and variant): seats, their check, call and bring-in
    actions, and the events that come back hand after hand, made once each
    (events and actions are immutable values, so hands share them)."""

    __slots__ = ("seat", "actions", "deals", "checks", "antes")

    def __init__(self, names: tuple[str, ...]):
        self.seat = {p: i for i, p in enumerate(names)}
        self.actions = [(Action(p, "check"), Action(p, "call"), Action(p, "bring-in")) for p in names]
        # deals[face][seat][card code]: its deal event; checks[round][seat]: event; antes[seat]: {amount: event}
        self.deals: dict = {}
        self.checks: dict = {}
        self.antes = [{} for _ in names]

    def check_row(self, rnd: int, n: int) -> list:
        row = self.checks.get(rnd)
        if row is None:
            row = self.checks[rnd] = [None] * n
        return row

    def deal_table(self, face: str, n: int) -> list[list]:
        table = self.deals.get(face)
        if table is None:
            table = self.deals[face] = [[None] * 52 for _ in range(n)]
        return table


class _Round:
    """The record of one betting round (for showdown order)."""

    __slots__ = ("number", "first", "aggressive", "played")

    def __init__(self, number: int):
        self.number = number
        self.first: int | None = None
        self.aggressive: list[tuple[int, str]] = []
        self.played = False


# --------------------------------------------------------------------------
# the hand

class Hand:
    """One hand of a variant (see the module's documentation).

    ``players``: names, clockwise, the first at the dealer's left (a banked
    game's positions; the house is not in the list). ``stacks``: one number
    for everybody, a list, or a mapping by name. ``seed``: shuffles a
    :class:`~studrules.cards.Deck` that deals every card not given.
    ``cards``: ``{name: [cards in the order received], "house": [...],
    "community": [...], "burns": [...]}`` (texts or cards). ``stakes``:
    stake overrides. ``antes``: a banked game's ante per position
    (``{"Ann": 20}``), checked against the table's minimum and maximum
    before any card is dealt.
    """

    __slots__ = (
        "variant", "plan", "players", "n", "seat", "stacks", "start", "folded", "mucked", "contrib", "bets",
        "cards", "up", "house_cards", "house_faces", "community", "deck", "given", "given_house",
        "given_community", "given_burns", "burns", "events", "actions", "step_index", "phase", "to_act_seat",
        "round", "rounds", "cur", "full_size", "raises", "capped", "acted", "opened", "bring_in_due",
        "size_lock", "step", "const", "antes", "ante_posted", "live_ante", "antes_posted", "community_dealt",
        "over", "void", "_legal", "_result", "show_queue", "showdown_order", "shown", "pots_result",
        "raise_amounts", "positions", "house_net", "_values", "bet_size", "_last_round", "_simple",
        "up_key", "_plain", "_rotation", "_seating", "_in", "_checks", "_ups", "_visible_memo",
    )

    def __init__(
        self,
        variant: Variant,
        players: Sequence[str],
        stacks: int | Sequence[int] | Mapping[str, int] = 100,
        *,
        seed: int | None = None,
        cards: Mapping[str, Any] | None = None,
        stakes: Mapping[str, int] | None = None,
        antes: Mapping[str, int] | None = None,
    ):
        self.variant = variant
        self.plan = plan = _plan(variant, stakes)
        names = tuple(players)
        seating = plan.seatings.get(names)  # players met before were checked then
        if seating is None:
            names = tuple(str(p) for p in names)
            if names not in plan.checked_players:
                self._check_players(names)
                if len(plan.checked_players) < 64:
                    plan.checked_players.add(names)
            seating = plan.seating(names)
        n = self.n = len(names)
        self.players = names
        self._seating = seating
        self.seat = seating.seat
        self.stacks = self._stacks(stacks)
        self.start = tuple(self.stacks)
        self.folded = [False] * n
        self._in = list(range(n))  # the seats not folded, in order (kept with folded)
        self.mucked = [False] * n
        self.contrib = [0] * n
        self.bets = [0] * n
        self.cards: list[list[Card]] = []
        self.up: list[list[Card]] = []
        for _ in range(n):
            self.cards.append([])
            self.up.append([])
        self.up_key = [0] * n  # per seat: the sum of its up cards' rank_nibble
        self._ups = 0  # up cards so far
        self._visible_memo = None
        self.house_cards: list[Card] = []
        self.house_faces: list[str] = []
        self.community: list[Card] = []
        self.burns: list[Card] = []
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.step_index = 0
        self.phase = "start"
        self.to_act_seat: int | None = None
        self.round = 0
        self.rounds: list[_Round] = []
        self._last_round: _Round | None = None
        self.cur = 0
        self.full_size = 0
        self.raises = 0
        self.capped = False
        self.acted = [False] * n
        self.opened = False
        self.bring_in_due = False
        self.size_lock = None
        self.step = None
        self.const = None
        self.bet_size = 0
        self.ante_posted = [0] * n
        self.live_ante = [0] * n
        self.antes_posted = False
        self.community_dealt = False
        self.over = False
        self.void: str | None = None
        self._legal = None
        self._result = None
        self.show_queue: list[int] = []
        self.showdown_order: list[int] = []
        self.shown: list[int] = []
        self.pots_result: list[dict] = []
        self.raise_amounts: list[int | None] = [None] * n
        self.positions = None
        self.house_net = None
        self._values = None
        self._simple = seating.actions
        self._rotation = plan.rotation(n)
        self.antes = None if antes is None and plan.plain_antes else self._antes(antes)
        self._setup_cards(cards or {}, seed)
        self._advance()

    # ---------------------------------------------------------------- setup

    def _check_players(self, names: tuple[str, ...]) -> None:
        seats = self.variant.seats
        if len(set(names)) != len(names):
            raise ValueError(f"each player must have a different name: {', '.join(names)}")
        for p in names:
            if not p or any(ch.isspace() for ch in p):
                raise ValueError(f"a player's name is one word, not {p!r}")
            if p in (HOUSE, DEALER, "community", "burns"):
                raise ValueError(f"'{p}' is a reserved name: choose another player's name")
        low, high = seats.min, seats.max
        if seats.positions:
            high = max(high, seats.positions[1])
        if not low <= len(names) <= high:
            what = "positions" if self.variant.is_banked else "players"
            raise ValueError(f"{self.variant.name} is played by {low} to {high} {what}, not {len(names)}")

    def _stacks(self, stacks) -> list[int]:
        n = self.n
        if type(stacks) is int and stacks > 0:
            return [stacks] * n
        if isinstance(stacks, Mapping):
            missing = [p for p in self.players if p not in stacks]
            extra = [p for p in stacks if p not in self.seat]
            if missing or extra:
                raise ValueError(f"stacks must give every player: missing {missing}, unknown {extra}")
            out = [stacks[p] for p in self.players]
        elif isinstance(stacks, int) and not isinstance(stacks, bool):
            out = [stacks] * n
        else:
            out = list(stacks)
            if len(out) != n:
                raise ValueError(f"{len(out)} stacks for {n} players")
        for p, s in zip(self.players, out):
            if not isinstance(s, int) or isinstance(s, bool) or s <= 0:
                raise ValueError(f"{p}'s stack must be a positive whole number of chips, not {s!r}")
        return out

    def _antes(self, antes: Mapping[str, int] | None) -> list[int] | None:
        """Banked games: each position's ante, checked against the table limits now."""
        step = self.plan.ante_step
        if not antes and (step is None or (step.min is None and step.max is None and not self.variant.is_banked)):
            return None  # every player posts the variant's ante
        steps = [step] if step is not None else []
        if antes:
            unknown = [p for p in antes if p not in self.seat]
            if unknown:
                raise ValueError(f"antes name players who are not in the hand: {', '.join(map(str, unknown))}")
        if not steps:
            if antes:
                raise ValueError(f"{self.variant.name} has no ante")
            return None
        step = steps[0]
        env = self.plan.stake_env
        default = int(step.amount(env))
        out = [int((antes or {}).get(p, default)) for p in self.players]
        low = int(step.min(env)) if step.min is not None else None
        high = int(step.max(env)) if step.max is not None else None
        for p, a, stack in zip(self.players, out, self.stacks):
            if low is not None and a < low:
                raise IllegalActionError(f"{p}'s ante of {a} is below the table minimum of {low}: antes are {low} to {high}")
            if high is not None and a > high:
                raise IllegalActionError(f"{p}'s ante of {a} is above the table maximum of {high}: antes are {low} to {high}")
            if self.variant.is_banked and a > stack:
                raise IllegalActionError(f"{p}'s ante of {a} is more than his stack of {stack}")
        return out

    def _setup_cards(self, cards: Mapping[str, Any], seed: int | None) -> None:
        if not cards:  # every card from the deck (the lists of given cards are only read)
            self.given = [_NOTHING] * self.n
            self.given_house = self.given_community = self.given_burns = _NOTHING
            self._plain = True
            stripped = self.plan.deck_cards
            self.deck = Deck(seed, shuffled=True) if stripped is None else Deck(seed, stripped, shuffled=True)
            return
        given: list[list[Card]] = [[] for _ in range(self.n)]
        every: list[Card] = []
        extra = {"house": [], "community": [], "burns": []}
        for key, value in cards.items():
            parsed = list(parse_cards(value)) if value is not None else []
            if key in extra:
                if key == "house" and not self.variant.is_banked:
                    raise ValueError("cards for the house: only a game against the house has one")
                extra[key] = parsed
            elif key in self.seat:
                given[self.seat[key]] = parsed
            else:
                raise ValueError(f"cards are given for '{key}', who is not a player (players: {', '.join(self.players)})")
            every.extend(parsed)
        if len(set(every)) != len(every):
            seen: set = set()
            for c in every:
                if c in seen:
                    raise CardError(f"{c} is given twice")
                seen.add(c)
        self.given = given
        self.given_house = extra["house"]
        self.given_community = extra["community"]
        self.given_burns = extra["burns"]
        self._plain = not every  # every card comes from the deck
        stripped = self.plan.deck_cards
        if stripped is not None:
            outside = [c for c in every if c not in stripped]
            if outside:
                d = self.variant.deck
                raise CardError(
                    f"{', '.join(map(str, outside))} {'is' if len(outside) == 1 else 'are'} not in the deck of "
                    f"{self.variant.name}: its {d.cards} cards have only the ranks {d.ranks}"
                )
        if every:
            taken = set(every)
            self.deck = Deck(seed, [c for c in stripped or full_deck() if c not in taken], shuffled=True)
        else:
            self.deck = Deck(seed, shuffled=True) if stripped is None else Deck(seed, stripped, shuffled=True)

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

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the player to act may do, with the allowed amounts (empty when the hand is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def legal_for(self, player: str) -> tuple[LegalAction, ...]:
        """What ``player`` may do now: nothing unless it is his turn."""
        if self.to_act != player:
            return ()
        return self.legal_actions()

    def apply(self, action: Action | str) -> None:
        """Perform ``action`` (an :class:`~studrules.actions.Action` or its text).

        Raises :class:`~studrules.errors.IllegalActionError` (saying why and
        what is legal) and changes nothing when it is not allowed now."""
        if isinstance(action, str):
            action = Action.parse(action)
        if action.verb == "void":
            self._declare_void(action)
            return
        if self.over:
            raise IllegalActionError(f"'{action}': the hand is over")
        seat = self.seat.get(action.player)
        if seat is None:
            raise IllegalActionError(
                f"'{action}': {action.player} is not in this hand (players: {', '.join(self.players)})",
                self.legal_actions())
        if seat != self.to_act_seat:
            raise IllegalActionError(
                f"'{action}': it is {self.to_act}'s turn, not {action.player}'s; "
                f"{self.to_act} may {self._legal_words()}", self.legal_actions())
        phase = self.phase
        if phase == "betting":
            self._apply_bet(seat, action)
        elif phase == "showdown":
            self._apply_show(seat, action)
        elif phase == "decision":
            self._apply_decision(seat, action)
        else:  # pragma: no cover
            raise IllegalActionError(f"'{action}': nobody may act now")
        self.actions.append(action)
        self._legal = None
        if self.to_act_seat is None and not self.over:
            self._advance()

    def check_or_call(self) -> None:
        """The player to act checks, or calls when facing a bet; the bring-in
        is posted when it is due (a fast path for bots and benchmarks)."""
        seat = self.to_act_seat
        if self.phase != "betting" or seat is None or self.step.check is not None:
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
        bets = self.bets
        mine = bets[seat]
        cur = self.cur
        if mine >= cur:
            self.actions.append(self._simple[seat][0])
            checks = self._checks
            event = checks[seat]
            if event is None:
                event = checks[seat] = _new(Event, ("check", self.players[seat], self.round, None, None, None,
                                                    None, None, None, None, None, None, None))
            self.events.append(event)
        else:
            stacks = self.stacks
            stack = stacks[seat]
            amount = cur - mine
            if amount >= stack:
                amount = stack
                reason = "all in"
            else:
                reason = None
            stacks[seat] = stack - amount
            bets[seat] = mine + amount
            self.contrib[seat] += amount
            self.actions.append(self._simple[seat][1])
            self.events.append(_new(Event, ("call", self.players[seat], self.round, amount, mine + amount, None, None,
                                            None, None, None, reason, None, None)))
        acted = self.acted
        acted[seat] = True
        self._legal = None
        # the next player to act (a check or a call leaves two or more players in)
        folded, stacks = self.folded, self.stacks
        for j in self._rotation[seat]:
            if not folded[j] and stacks[j] > 0 and (not acted[j] or bets[j] < cur):
                self.to_act_seat = j
                return
        self.to_act_seat = None
        self.phase = "between"
        if not self.over:
            self._advance()

    def default_action(self) -> Action | None:
        """What the player to act does when no one tells him: at a showdown,
        show if his hand can still win or tie against what is shown, else muck;
        in a betting round, check or else call. None when the hand is over."""
        seat = self.to_act_seat
        if seat is None:
            return None
        name = self.players[seat]
        if self.phase == "showdown":
            return Action(name, "show" if self._can_still_win(seat) else "muck")
        legal = {la.action: la for la in self.legal_actions()}
        for verb in ("check", "call", "bring-in", "raise", "fold"):
            if verb in legal:
                return Action(name, verb)
        return Action(name, next(iter(legal)))

    def result(self) -> HandResult:
        """How the hand ended (only once it is over)."""
        if not self.over:
            raise IllegalActionError(f"the hand is not over: {self.to_act} is to act")
        result = self._result
        if result is None:
            names = self.players
            stacks = {}
            net = {}
            for p, s, s0 in zip(names, self.stacks, self.start):
                stacks[p] = s
                net[p] = s - s0
            order = []
            for i in self.showdown_order:
                order.append(names[i])
            result = self._result = HandResult(
                stacks, net, tuple(self.pots_result), tuple(order), self.void is not None,
                tuple(self.positions) if self.positions is not None else None, self.house_net,
            )
        return result

    def view(self, player: str) -> View:
        """What ``player``'s seat may see now."""
        seat = self.seat.get(player)
        if seat is None:
            raise ValueError(f"{player} is not in this hand")
        events = tuple(
            e._replace(card=None) if (e.type == "deal" and e.face == "down" and e.player != player) or e.type == "burn" else e
            for e in self.events
        )
        return View(
            player=player,
            players=self.players,
            stacks=tuple(self.stacks),
            folded=tuple(self.folded),
            cards=tuple((c, "up" if c in self.up[seat] else "down") for c in self.cards[seat]),
            up_cards={p: tuple(self.up[i]) for i, p in enumerate(self.players)},
            house_up_cards=tuple(c for c, f in zip(self.house_cards, self.house_faces) if f == "up"),
            community=tuple(self.community),
            bets=tuple(self.bets),
            pot=self.pot,
            round=self.round,
            to_act=self.to_act,
            legal=self.legal_actions() if self.to_act_seat == seat else (),
            events=events,
            is_over=self.over,
        )

    def cards_of(self, player: str) -> tuple[Card, ...]:
        """Every card ``player`` holds, in the order received."""
        return tuple(self.cards[self.seat[player]])

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
            step, const, kind, when = steps[index]
            self.step_index = index + 1
            if when is not None and not when(self._env()):
                continue
            self.step, self.const = step, const
            if kind == _DEAL:
                if not (self._plain and const["plain"] and self._deal_plain(step)):
                    self._deal(step)
            elif kind == _BETTING:
                self._start_round(step, const)
            elif kind == _ANTE:
                self._ante(step, const)
            elif kind == _SHOWDOWN:
                self._start_showdown(step, const)
            elif kind == _DECISION:
                self._start_decision(step)
            elif kind == _REVEAL:
                self._reveal(step)
            elif kind == _SETTLE:
                self._settle(step)

    def _env(self) -> dict:
        """The names a condition or amount may read (stakes and TABLE_NAMES)."""
        env = dict(self.plan.stake_env)
        folded = self.folded
        players_in = self.n - sum(folded)
        up_key = self.up_key
        open_pair = any(up_key[i] & _TWO_OR_MORE for i in range(self.n) if not folded[i])
        env.update(
            open_pair=open_pair,
            heads_up=players_in == 2,
            antes_posted=self.antes_posted,
            community_dealt=self.community_dealt,
            players_in=players_in,
            players=self.n,
            round=self.round,
            pot=self.pot,
        )
        return env

    def _ante(self, step: AnteStep, const: dict) -> None:
        amount = const["amount"]
        if amount is None:
            amount = int(step.amount(self._env()))
        amounts = self.antes if self.antes is not None else [amount] * self.n
        events = self.events
        stacks, contrib, ante_posted = self.stacks, self.contrib, self.ante_posted
        posted = False
        made = self._seating.antes
        for i, name in enumerate(self.players):
            a = amounts[i]
            if a > stacks[i]:
                a = stacks[i]
            if a <= 0:
                continue
            stacks[i] -= a
            contrib[i] += a
            ante_posted[i] += a
            if not step.dead:
                self.live_ante[i] += a
            event = made[i].get(a)
            if event is None:
                event = made[i][a] = _new(Event, ("ante", name, None, a, None, None, None, None, None, None, None, None,
                                                  None))
            events.append(event)
            posted = True
        self.antes_posted = self.antes_posted or posted

    def _draw(self, given: list, index: int) -> Card:
        if index < len(given):
            return given[index]
        return self.deck.deal()

    def _deal(self, step: DealStep) -> None:
        events = self.events
        players = self.players
        seats = [i for i in range(self.n) if not self.folded[i]]
        deal = self.deck.deal
        try:
            for _ in range(step.burn):
                card = self._draw(self.given_burns, len(self.burns))
                self.burns.append(card)
                events.append(Event("burn", None, None, card=card))
            if step.fallback == "community" and step.players:
                need = 0
                for i in seats:
                    have = len(self.cards[i])
                    left = max(0, len(self.given[i]) - have)
                    need += max(0, len(step.players) - left)
                if need > self.deck.remaining:
                    card = self._draw(self.given_community, len(self.community))
                    self.community.append(card)
                    self.community_dealt = True
                    events.append(Event("community", None, None, card=card, face="up"))
                    return
            house = step.house
            passes = max(len(step.players), len(house))
            for k in range(passes):
                if k < len(step.players):
                    face = step.players[k]
                    up = face == "up"
                    for i in seats:
                        cards_i = self.cards[i]
                        given = self.given[i]
                        have = len(cards_i)
                        card = given[have] if have < len(given) else deal()
                        cards_i.append(card)
                        if up:
                            self.up[i].append(card)
                            self.up_key[i] += self.plan.rank_nibble[card.code]
                            self._ups += 1
                        events.append(_new(Event, ("deal", players[i], None, None, None, card, face, None, None, None, None, None, None)))
                if k < len(house):
                    card = self._draw(self.given_house, len(self.house_cards))
                    self.house_cards.append(card)
                    self.house_faces.append(house[k])
                    events.append(Event("deal", HOUSE, None, card=card, face=house[k]))
            for face in step.community:
                card = self._draw(self.given_community, len(self.community))
                self.community.append(card)
                events.append(Event("community", None, None, card=card, face=face))
        except CardError:
            self._make_void("the deck ran out of cards")

    def _deal_plain(self, step: DealStep) -> bool:
        """Deal a step of players' cards only, all from the deck (False, nothing
        dealt, when the deck cannot give them all: the general path says so)."""
        seats = self._in
        faces = step.players
        deck = self.deck
        pack = deck._cards
        pos = deck._dealt
        if pos + len(seats) * len(faces) > len(pack):
            return False
        events = self.events
        players, cards, up_cards, up_key = self.players, self.cards, self.up, self.up_key
        nibble = self.plan.rank_nibble
        seating = self._seating
        for face in faces:
            up = face == "up"
            if up:
                self._ups += len(seats)
            table = seating.deals.get(face) or seating.deal_table(face, self.n)
            for i in seats:
                card = pack[pos]
                pos += 1
                cards[i].append(card)
                code = card.code
                if up:
                    up_cards[i].append(card)
                    up_key[i] += nibble[code]
                event = table[i][code]
                if event is None:
                    event = table[i][code] = _new(Event, ("deal", players[i], None, None, None, card, face, None, None,
                                                          None, None, None, None))
                events.append(event)
        deck._dealt = pos
        return True

    # ---------------------------------------------------------------- betting

    def _start_round(self, step: BettingStep, const: dict) -> None:
        n = self.n
        folded = self.folded
        in_hand = self._in
        if len(in_hand) < 2:
            return
        rnd = self.round = self.round + 1
        checks = self._seating.checks.get(rnd)
        self._checks = checks if checks is not None else self._seating.check_row(rnd, n)
        record = _Round(rnd)
        self.rounds.append(record)
        self._last_round = record
        if rnd == 1 and any(self.live_ante):
            bets = self.bets = list(self.live_ante)
            cur = self.cur = max(bets)
        else:
            bets = self.bets = [0] * n
            cur = self.cur = 0
        self.raises = 0
        self.capped = False
        self.bring_in_due = False
        self.size_lock = None
        self.acted = [False] * n
        bet = const["bet"]
        if bet is None:
            bet = int(step.bet(self._env()))
        self.bet_size = bet
        self.full_size = bet
        # live antes smaller than a bet do not open the round: the first wager completes them
        self.opened = cur > 0 and cur >= bet
        stacks = self.stacks
        able = 0  # players in with chips left: how many, and the last of them
        last = 0
        for i in in_hand:
            if stacks[i] > 0:
                able += 1
                last = i
        if not able or (able == 1 and bets[last] >= max(bets[i] for i in in_hand)):
            return  # nobody left to bet against
        first = None
        if step.bring_in is not None:
            first = self._bring_in_seat(step)
            if first is not None and stacks[first] > 0:
                self.bring_in_due = True
        if first is None or not self.bring_in_due:
            first = self._first_to_act(step, in_hand)
        if stacks[first] == 0 or folded[first]:
            first = self._next_able(first)
        self.phase = "betting"
        self.to_act_seat = first
        self._legal = None
        record.first = first
        record.played = True

    def _bring_in_seat(self, step: BettingStep) -> int | None:
        bi = step.bring_in
        key = self.plan.card_key
        lowest = bi.who == "lowest_up_card"
        by_rank = bi.tie_break != "suit"
        folded, up = self.folded, self.up
        best = None
        best_key = 0
        for i in range(self.n):
            cards = up[i]
            if folded[i] or not cards:
                continue
            if len(cards) == 1:
                k = key[cards[0].code]
            else:
                keys = [key[c.code] for c in cards]
                k = min(keys) if lowest else max(keys)
            if by_rank:
                k >>= 2  # rank only: ties go to the earliest seat
            if best is None or (k < best_key if lowest else k > best_key):
                best, best_key = i, k
        return best

    def _best_visible(self, seats: list[int], highest: bool = True) -> list[int]:
        """Of ``seats``, those (in order) showing the best visible hand (the
        worst unless ``highest``); empty when none of them shows a card.
        Remembered until a card is turned up or a player folds (``seats`` are
        the players still in)."""
        memo = self._visible_memo
        if memo is not None and memo[0] == self._ups and memo[1] == len(seats) and memo[2] == highest:
            return memo[3]
        plan = self.plan
        cache = plan.visible_cache
        up, up_key = self.up, self.up_key
        target = None
        tied: list[int] = []
        for i in seats:
            cards = up[i]
            if not cards:
                continue
            v = cache.get(up_key[i]) if len(cards) < 5 else None
            if v is None:
                v = plan.visible(cards, up_key[i])
            if target is None or (v > target if highest else v < target):
                target = v
                tied = [i]
            elif v == target:
                tied.append(i)
        self._visible_memo = (self._ups, len(seats), highest, tied)
        return tied

    def _first_to_act(self, step: BettingStep, in_hand: list[int]) -> int:
        fta = step.first_to_act
        rule = fta.rule
        key = self.plan.card_key
        if rule in ("best_visible", "worst_visible"):
            tied = self._best_visible(in_hand, rule == "best_visible")
            if not tied:
                return in_hand[0]
            if len(tied) > 1 and fta.tie_break == "suit":
                # the higher board by suit is the better one, the lower the worse
                pick = max if rule == "best_visible" else min
                return pick(tied, key=lambda i: max(key[c.code] for c in self.up[i]))
            return tied[0]
        if rule in ("lowest_card", "lowest_up_card", "highest_up_card"):
            best = None
            best_key = None
            best_card = None
            for i in in_hand:
                pool = self.cards[i] if rule == "lowest_card" else self.up[i]
                if not pool:
                    continue
                if rule == "highest_up_card":
                    card = max(pool, key=lambda c: key[c.code])
                else:
                    card = min(pool, key=lambda c: key[c.code])
                k = key[card.code]
                if fta.tie_break != "suit":
                    k >>= 2
                better = best is None or (k > best_key if rule == "highest_up_card" else k < best_key)
                if better:
                    best, best_key, best_card = i, k, card
            if best is None:
                return in_hand[0]
            if fta.expose and best_card is not None:
                self._expose(best, best_card, "it makes him first to act")
            return best
        # dealer_left (and bring_in with no bring-in to post)
        return in_hand[0]

    def _expose(self, seat: int, card: Card, reason: str) -> None:
        self.cards[seat].index(card)  # (a card he holds)
        if card in self.up[seat]:
            return
        self.up[seat].append(card)
        self.up_key[seat] += self.plan.rank_nibble[card.code]
        self._ups += 1
        self.events.append(Event("expose", self.players[seat], self.round or None, card=card, face="up", reason=reason))

    def _next_able(self, seat: int) -> int:
        n = self.n
        for k in range(1, n + 1):
            j = (seat + k) % n
            if not self.folded[j] and self.stacks[j] > 0:
                return j
        return seat

    def _players_in(self) -> int:
        return self.n - sum(self.folded)

    def _raise_allowed(self, step: BettingStep) -> bool:
        cap = step.cap
        if cap is None:
            return True
        if self.capped:
            return False
        if self.raises < cap:
            return True
        return step.heads_up_uncapped and self._players_in() == 2

    def _sizes(self, kind: str) -> list[int]:
        """Fixed-limit bet sizes allowed now for a bet (``bet``) or a raise (``raise``)."""
        if self.size_lock is not None:
            return [self.size_lock]
        sizes = [self.bet_size]
        alts = self.const["alts"]
        if alts:
            env = self._env()
            for alt, value in alts:
                if kind in alt.actions and alt.when(env):
                    size = value if value is not None else int(alt.bet(env))
                    if size not in sizes:
                        sizes.append(size)
        return sizes

    def _compute_legal(self) -> tuple[LegalAction, ...]:
        seat = self.to_act_seat
        if seat is None or self.over:
            return ()
        phase = self.phase
        if phase == "showdown":
            if self._must_show(seat):
                return (_SHOW,)
            return (_SHOW, _MUCK)
        if phase == "decision":
            amount = self._raise_amount(seat)
            out = [_FOLD]
            if amount <= self.stacks[seat]:
                out.append(LegalAction("raise", amount=amount))
            return tuple(out)
        step: BettingStep = self.step
        stack = self.stacks[seat]
        mine = self.bets[seat]
        all_in = mine + stack
        if self.bring_in_due:
            amount = self._bring_in_amount(seat)
            out = [LegalAction("bring-in", amount=amount)]
            if step.bring_in.complete and all_in > amount and amount < self.bet_size:
                out.append(self._bet_option("complete", seat, all_in))
            return tuple(out)
        cur = self.cur
        to_call = cur - mine
        out = []
        check_ok = True
        if to_call <= 0:
            if step.check is not None:
                c = self.const["check"]
                check_ok = bool(c) if c is not None else bool(step.check(self._env()))
            if check_ok:
                out.append(_CHECK)
            else:
                out.append(_FOLD)
        else:
            out.append(_FOLD)
            out.append(LegalAction("call", amount=min(to_call, stack)))
        if all_in > cur and not self.acted[seat]:
            if cur == 0:
                out.append(self._bet_option("bet", seat, all_in))
            elif not self.opened:
                out.append(self._bet_option("complete", seat, all_in))
            elif self._raise_allowed(step):
                option = self._raise_option(seat, all_in)
                if option is not None:
                    out.append(option)
        return tuple(out)

    def _bring_in_amount(self, seat: int) -> int:
        amount = self.const["bring_in"]
        if amount is None:
            amount = int(self.step.bring_in.amount(self._env()))
        return min(amount, self.stacks[seat])

    def _bet_option(self, verb: str, seat: int, all_in: int) -> LegalAction:
        step: BettingStep = self.step
        structure = step.structure
        if structure == "fixed_limit":
            totals = sorted({min(s, all_in) for s in self._sizes("bet")})
            totals = [t for t in totals if t > self.cur] or [all_in]
            return LegalAction(verb, to=tuple(totals))
        low = min(self.bet_size, all_in)
        if low <= self.cur:
            low = min(self.cur + 1, all_in)
        high = all_in
        if structure == "pot_limit":
            high = min(all_in, max(low, self._pot_limit_total(seat)))
        return LegalAction(verb, min=low, max=high)

    def _pot_limit_total(self, seat: int) -> int:
        """The largest total a pot-limit bet or raise may reach: call, then the pot."""
        to_call = self.cur - self.bets[seat]
        return self.cur + self.pot + to_call

    def _raise_option(self, seat: int, all_in: int) -> LegalAction | None:
        step: BettingStep = self.step
        cur = self.cur
        limit = step.max_raise_multiple * cur if step.max_raise_multiple else None
        if step.structure == "fixed_limit":
            totals = sorted({min(cur + s, all_in) for s in self._sizes("raise")})
            if limit is not None:
                totals = [t for t in totals if t <= limit]
            totals = [t for t in totals if t > cur]
            return LegalAction("raise", to=tuple(totals)) if totals else None
        low = cur + self.full_size
        high = all_in
        if step.structure == "pot_limit":
            high = min(high, self._pot_limit_total(seat))
        if limit is not None:
            high = min(high, limit)
        if high <= cur:
            return None
        low = min(low, all_in)
        if low > high:
            low = high
        return LegalAction("raise", min=low, max=high)

    def _legal_words(self) -> str:
        legal = self.legal_actions()
        return ", ".join(str(a) for a in legal) if legal else "nothing"

    def _illegal(self, action: Action, why: str) -> IllegalActionError:
        return IllegalActionError(f"'{action}': {why}; {action.player} may {self._legal_words()}", self.legal_actions())

    def _apply_bet(self, seat: int, action: Action) -> None:
        verb = action.verb
        name = self.players[seat]
        events = self.events
        rnd = self.round
        # the common actions are checked directly; the others against legal_actions()
        if verb == "check" and not self.bring_in_due and self.bets[seat] >= self.cur and self.step.check is None:
            self.acted[seat] = True
            events.append(_new(Event, ("check", name, rnd, None, None, None, None, None, None, None, None, None, None)))
            self._next_turn(seat)
            return
        if verb == "call" and action.amount is None and not self.bring_in_due and self.bets[seat] < self.cur:
            amount = self.cur - self.bets[seat]
            if amount > self.stacks[seat]:
                amount = self.stacks[seat]
            self._put(seat, amount)
            self.acted[seat] = True
            events.append(_new(Event, ("call", name, rnd, amount, self.bets[seat], None, None, None, None, None,
                                       "all in" if self.stacks[seat] == 0 else None, None, None)))
            self._next_turn(seat)
            return
        legal = self.legal_actions()
        option = None
        for la in legal:
            if la.action == verb:
                option = la
                break
        if option is None:
            raise self._illegal(action, f"{action.player} cannot {verb} now")
        if verb == "check":
            self.acted[seat] = True
            events.append(Event("check", name, rnd))
        elif verb == "call":
            amount = option.amount
            if action.amount is not None and action.amount not in (amount, self.bets[seat] + amount):
                raise self._illegal(action, f"a call is {amount}")
            self._put(seat, amount)
            self.acted[seat] = True
            events.append(Event("call", name, rnd, amount, self.bets[seat], reason="all in" if self.stacks[seat] == 0 else None))
        elif verb == "fold":
            self.folded[seat] = True
            self._in.remove(seat)
            events.append(Event("fold", name, rnd))
        elif verb == "bring-in":
            amount = option.amount
            if action.amount is not None and action.amount != amount:
                raise self._illegal(action, f"the bring-in is {amount}")
            self._bring_in(seat, amount)
        else:
            total = action.amount
            if total is None:
                if option.to is not None and len(option.to) == 1:
                    total = option.to[0]
                elif option.min is not None and option.min == option.max:
                    total = option.min
                else:
                    raise self._illegal(action, f"say the total to {verb} to")
            if not option.allows(total):
                raise self._illegal(action, f"{total} is not an allowed total")
            self._aggress(seat, verb, total)
        self._next_turn(seat)

    def _bring_in(self, seat: int, amount: int) -> None:
        stacks, bets = self.stacks, self.bets
        stacks[seat] -= amount
        total = bets[seat] = bets[seat] + amount
        self.contrib[seat] += amount
        self.acted[seat] = True
        self.bring_in_due = False
        if total > self.cur:
            self.cur = total
        if amount >= self.bet_size:
            self.opened = True
            self._last_round.aggressive.append((seat, "bet"))
        self.events.append(_new(Event, ("bring_in", self.players[seat], self.round, amount, total, None, None, None,
                                        None, None, "all in" if stacks[seat] == 0 else None, None, None)))

    def _put(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.contrib[seat] += amount

    def _aggress(self, seat: int, verb: str, total: int) -> None:
        step: BettingStep = self.step
        fixed = step.structure == "fixed_limit"
        old = self.cur
        increment = total - old
        put = total - self.bets[seat]
        if verb == "raise":
            full = increment >= (min(self._sizes("raise")) if fixed else self.full_size)
        else:
            full = total >= (min(self._sizes("bet")) if fixed else self.bet_size)
        if fixed and full and self.const["alts"]:
            size = increment if verb == "raise" else total
            env = None
            for alt, value in self.const["alts"]:
                if value is None:
                    env = env or self._env()
                    value = int(alt.bet(env))
                if alt.sticky and size == value and value != self.bet_size:
                    self.size_lock = value
        self._put(seat, put)
        self.cur = total
        self.bring_in_due = False
        if full:
            acted = self.acted
            for j in range(self.n):
                acted[j] = False
            if verb == "raise":
                self.raises += 1
                if step.cap is not None and self.raises >= step.cap and not (step.heads_up_uncapped and self._players_in() == 2):
                    self.capped = True
                if not fixed:
                    self.full_size = increment
            elif not fixed:
                self.full_size = max(total, self.bet_size)
        self.acted[seat] = True
        self.opened = True
        self._last_round.aggressive.append((seat, verb))
        self.events.append(Event(verb, self.players[seat], self.round, put, self.bets[seat],
                                 reason="all in" if self.stacks[seat] == 0 else None))

    def _next_turn(self, seat: int) -> None:
        n = self.n
        folded = self.folded
        if n - sum(folded) == 1:
            self.to_act_seat = None
            self._win_uncontested()
            return
        stacks, acted, bets, cur = self.stacks, self.acted, self.bets, self.cur
        for j in self._rotation[seat]:
            if not folded[j] and stacks[j] > 0 and (not acted[j] or bets[j] < cur):
                self.to_act_seat = j
                return
        self.to_act_seat = None
        self.phase = "between"

    # ---------------------------------------------------------------- endings

    def _win_uncontested(self) -> None:
        winner = self.folded.index(False)
        total = sum(self.contrib)
        self.stacks[winner] += total
        name = self.players[winner]
        self.events.append(Event("award", name, None, total, pot=0, reason="everyone else folded"))
        self.pots_result.append({"amount": total, "eligible": [name], "winners": {name: total}})
        self._end()

    def _finish_without_showdown(self) -> None:
        """No showdown step: the players still in share the pot as if they had tied."""
        live = [not f for f in self.folded]
        if sum(live) == 1:
            self._win_uncontested()
            return
        if self.variant.is_banked:
            self._end()
            return
        for index, pot in enumerate(side_pots(self.contrib, live)):
            shares = divide(pot.amount, list(pot.eligible))
            self._award(index, pot, shares, {})
        self._end()

    def _end(self) -> None:
        self.over = True
        self.to_act_seat = None
        self.phase = "over"
        self._legal = ()

    def _make_void(self, reason: str) -> None:
        self.void = reason
        self.events.append(Event("void", None, None, reason=reason))
        self.stacks = list(self.start)
        self.contrib = [0] * self.n
        self.bets = [0] * self.n
        self.pots_result = []
        if self.variant.is_banked:
            self.positions = [
                {"player": p, "ante": self.antes[i] if self.antes else 0, "raise": None,
                 "ante_net": 0, "raise_net": 0, "net": 0, "reason": "void"}
                for i, p in enumerate(self.players)
            ]
            self.house_net = 0
        self._end()

    def _declare_void(self, action: Action) -> None:
        if action.player not in (DEALER, HOUSE):
            raise IllegalActionError(f"'{action}': only the dealer declares a hand void (write 'dealer void')", self.legal_actions())
        if not self.variant.void.declared:
            raise IllegalActionError(f"'{action}': {self.variant.name} does not let the dealer declare a hand void", self.legal_actions())
        if self.over:
            raise IllegalActionError(f"'{action}': the hand is over")
        self.actions.append(action)
        self._make_void("declared by the dealer")

    # ---------------------------------------------------------------- showdown

    def _hand_cards(self, seat: int) -> list[Card]:
        return self.cards[seat] + self.community if self.community else self.cards[seat]

    def _wrong_count(self) -> str | None:
        if self._plain or not self.variant.void.wrong_card_count:
            return None  # (every card from the deck: nobody was given more than he received)
        for i, p in enumerate(self.players):
            # a player who folded simply never received the rest of his cards
            if not self.folded[i] and len(self.given[i]) > len(self.cards[i]):
                return f"{p} has the wrong number of cards"
        if len(self.given_house) > len(self.house_cards):
            return "the house has the wrong number of cards"
        return None

    def _values_for(self, rankings) -> list[list]:
        """values[k][seat]: the seat's hand under the k-th ranking (None: no qualifying hand)."""
        values = self._values
        if values is None:
            step: ShowdownStep = self.step
            combination = step.compare == "combination"
            folded, cards, community = self.folded, self.cards, self.community
            values = []
            for ranking in rankings:
                evaluate = _evaluator(ranking)
                row = []
                for i in range(self.n):
                    if folded[i]:
                        row.append(None)
                        continue
                    value = evaluate(cards[i] + community if community else cards[i])
                    if combination and value is not None:
                        value = _combination_value(ranking, value)
                    row.append(value)
                values.append(row)
            self._values = values
        return values

    def _start_showdown(self, step: ShowdownStep, const: dict) -> None:
        if self.n - sum(self.folded) < 2:
            self._win_uncontested()
            return
        reason = None if self._plain else self._wrong_count()
        if reason:
            self._make_void(reason)
            return
        rankings = const["rankings"]
        folded = self.folded
        if not step.muck and step.compare != "combination" and len(rankings) == 1 and self._values is None:
            # every hand is shown: _values_for and _show for each, in one pass
            first = self._showdown_first(step)
            order = [i for i in self._rotation[first - 1] if not folded[i]]  # from the first, clockwise
            ranking = rankings[0]
            evaluate = _evaluator(ranking)
            cards, community = self.cards, self.community
            row = [None] * self.n
            held = []
            for i in order:
                mine = cards[i] + community if community else cards[i]
                row[i] = evaluate(mine)
                held.append(mine)
            self._values = [row]
            self.showdown_order = order
            words = _words_of(ranking)
            events, names, shown = self.events, self.players, self.shown
            for k, i in enumerate(order):
                shown.append(i)
                value = row[i]
                said = words.get(value) if value is not None else None
                if said is None:
                    said = _describe(ranking, value, held[k])
                events.append(_new(Event, ("show", names[i], None, None, None, None, None, tuple(held[k]), said,
                                           None, None, None, None)))
            self._settle_pots(step, const)
            return
        values = self._values_for(rankings)
        first = self._showdown_first(step)
        order = [i for i in self._rotation[first - 1] if not folded[i]]  # from the first, clockwise
        self.showdown_order = order
        if not step.muck:
            if step.compare == "combination":
                for i in order:
                    self._show(i)
            else:  # _show for each, its values already known
                ranking = rankings[0]
                row = values[0]
                words = _words_of(ranking)
                cards, community, events, names = self.cards, self.community, self.events, self.players
                for i in order:
                    self.shown.append(i)
                    held = cards[i] + community if community else cards[i]
                    value = row[i]
                    said = words.get(value) if value is not None else None
                    if said is None:
                        said = _describe(ranking, value, held)
                    events.append(_new(Event, ("show", names[i], None, None, None, None, None, tuple(held), said,
                                               None, None, None, None)))
            self._settle_pots(step, const)
            return
        self.show_queue = list(order)
        self.phase = "showdown"
        self._next_shower()

    def _next_shower(self) -> None:
        while self.show_queue:
            seat = self.show_queue[0]
            others = [i for i in self.showdown_order if i != seat and not self.mucked[i]]
            if not others:
                self.show_queue.pop(0)
                continue  # everyone else mucked: he wins without showing
            self.to_act_seat = seat
            self._legal = None
            return
        self.to_act_seat = None
        self._settle_pots(self.step, self.const)

    def _must_show(self, seat: int) -> bool:
        return False

    def _apply_show(self, seat: int, action: Action) -> None:
        if action.verb == "show":
            self._show(seat)
        elif action.verb == "muck":
            self.mucked[seat] = True
            self.events.append(Event("muck", self.players[seat], None))
        else:
            raise self._illegal(action, f"at the showdown {action.player} shows or mucks")
        self.show_queue.pop(0)
        self.to_act_seat = None
        self._next_shower()

    def _show(self, seat: int) -> None:
        self.shown.append(seat)
        rankings = self.const["rankings"]
        ranking = rankings[0]
        cards = self._hand_cards(seat)
        if self.step.compare == "combination":
            value = ranking.evaluate(cards)
        else:
            value = self._values_for(rankings)[0][seat]
        words = _describe(ranking, value, cards)
        self.events.append(_new(Event, ("show", self.players[seat], None, None, None, None, None, tuple(cards), words,
                                        None, None, None, None)))

    def _can_still_win(self, seat: int) -> bool:
        values = self._values_for(self.const["rankings"])
        for row in values:
            mine = row[seat]
            if mine is None:
                continue
            best_shown = max((row[i] for i in self.shown if row[i] is not None), default=None)
            if best_shown is None or mine >= best_shown:
                return True
        return False

    def _showdown_first(self, step: ShowdownStep) -> int:
        folded = self.folded
        in_hand = self._in
        if step.scope == "last_round":
            scope: Sequence[_Round] = ()
            for r in reversed(self.rounds):
                if r.played:
                    scope = (r,)
                    break
        else:
            scope = [r for r in self.rounds if r.played]
        for rule in step.order:
            if rule in ("last_raiser", "last_aggressor"):
                verbs = ("raise",) if rule == "last_raiser" else ("bet", "complete", "raise")
                for r in reversed(scope):
                    for s, verb in reversed(r.aggressive):
                        if verb in verbs and not self.folded[s]:
                            return s
            elif rule == "opener":
                for r in reversed(scope):
                    for s, verb in r.aggressive:
                        if verb in ("bet", "complete"):
                            if not self.folded[s]:
                                return s
                            break
            elif rule == "first_to_act":
                for r in reversed(scope):
                    if r.first is not None:
                        s = r.first
                        if self.folded[s]:
                            s = next((j % self.n for j in range(s + 1, s + self.n) if not self.folded[j % self.n]), in_hand[0])
                        return s
            elif rule == "best_visible":
                tied = self._best_visible(in_hand)
                if tied:
                    return tied[0]
            elif rule == "dealer_left":
                return in_hand[0]
        return in_hand[0]

    def _odd_chip_order(self, step: ShowdownStep):
        if step.odd_chip == "high_card_suit":
            key = self.plan.card_key
            return lambda seats: sorted(seats, key=lambda s: -max(key[c.code] for c in self.cards[s]))
        return sorted  # nearest the dealer's left: seat order

    def _settle_pots(self, step: ShowdownStep, const: dict) -> None:
        rankings = const["rankings"]
        values = self._values or self._values_for(rankings)
        live = []
        for f in self.folded:
            live.append(not f)
        mucked = self.mucked
        first_shown = step.ties == "first_shown"
        combination = step.compare == "combination"
        first = rankings[0]
        said = _words_of(first)
        for index, pot in enumerate(side_pots(self.contrib, live)):
            if len(pot.eligible) == 1 and pot.uncalled:
                seat = pot.eligible[0]
                self.stacks[seat] += pot.amount
                name = self.players[seat]
                self.events.append(Event("return", name, None, pot.amount, pot=index, reason="uncalled"))
                self.pots_result.append({"amount": pot.amount, "eligible": [name], "winners": {name: pot.amount}, "uncalled": True})
                continue
            if any(mucked):
                contenders = [s for s in pot.eligible if not mucked[s]] or list(pot.eligible)
            else:
                contenders = pot.eligible  # (only read)
            parts = []
            for row in values:
                best = None
                tied: list[int] = []
                for s in contenders:
                    v = row[s]
                    if v is None:
                        continue
                    if best is None or v > best:
                        best = v
                        tied = [s]
                    elif v == best:
                        tied.append(s)
                if first_shown and len(tied) > 1:
                    order_pos = {s: k for k, s in enumerate(self.showdown_order)}
                    tied = [min(tied, key=lambda s: order_pos.get(s, 0))]
                parts.append(tied)
            if len(parts) == 1 and len(parts[0]) == 1:
                shares = {parts[0][0]: pot.amount}  # one winner takes it all
            else:
                if not any(parts):
                    parts = [contenders]
                shares = split_pot(pot.amount, parts, self._odd_chip_order(step))
            words = {}
            for s in shares:
                if combination:
                    cards = self._hand_cards(s)
                    words[s] = _describe(first, first.evaluate(cards), cards)
                else:
                    value = values[0][s]
                    words[s] = said.get(value) if value is not None else None
                    if words[s] is None:
                        words[s] = _describe(first, value, None)
            self._award(index, pot, shares, words)
        self._end()

    def _award(self, index: int, pot, shares: dict, words: dict) -> None:
        names = self.players
        if len(shares) > 1:
            order = self.showdown_order
            seats = sorted(shares, key=lambda s: order.index(s) if s in order else s)
            winners = {names[s]: shares[s] for s in sorted(shares)}
        else:
            seats = shares
            winners = {}
        stacks, events = self.stacks, self.events
        for seat in seats:
            chips = shares[seat]
            stacks[seat] += chips
            if len(shares) == 1:
                winners[names[seat]] = chips
            events.append(_new(Event, ("award", names[seat], None, chips, None, None, None, None, words.get(seat), index,
                                       None, None, None)))
        eligible = []
        for s in pot.eligible:
            eligible.append(names[s])
        self.pots_result.append({"amount": pot.amount, "eligible": eligible, "winners": winners})

    # ---------------------------------------------------------------- banked games

    def _raise_amount(self, seat: int) -> int:
        step: DecisionStep = self.step
        if step.raise_amount is None:
            return 0
        env = dict(self.plan.stake_env)
        env["ante"] = self.antes[seat] if self.antes else 0
        env.setdefault("hand", 0)
        env.setdefault("house", 0)
        return int(step.raise_amount(env))

    def _start_decision(self, step: DecisionStep) -> None:
        seats = [i for i in range(self.n) if not self.folded[i]]
        if not seats:
            return
        self.phase = "decision"
        self.to_act_seat = seats[0]
        self._legal = None

    def _apply_decision(self, seat: int, action: Action) -> None:
        legal = self.legal_actions()
        option = next((la for la in legal if la.action == action.verb), None)
        if option is None:
            raise self._illegal(action, f"{action.player} folds or raises here")
        name = self.players[seat]
        if action.verb == "fold":
            self.folded[seat] = True
            self._in.remove(seat)
            self.events.append(Event("fold", name, None, reason="ante lost"))
        else:
            amount = option.amount
            if action.amount is not None and action.amount != amount:
                raise self._illegal(action, f"the raise is {amount}")
            self.stacks[seat] -= amount
            self.contrib[seat] += amount
            self.raise_amounts[seat] = amount
            self.events.append(Event("raise", name, None, amount))
        nxt = next((j for j in range(seat + 1, self.n) if not self.folded[j]), None)
        self.to_act_seat = nxt
        if nxt is None:
            self.phase = "between"

    def _reveal(self, step: RevealStep) -> None:
        if step.who == "house":
            for k, card in enumerate(self.house_cards):
                if self.house_faces[k] != "up":
                    self.house_faces[k] = "up"
                    self.events.append(Event("reveal", HOUSE, None, card=card, face="up"))
        else:
            for i in range(self.n):
                if self.folded[i]:
                    continue
                for card in self.cards[i]:
                    if card not in self.up[i]:
                        self.up[i].append(card)
                        self.up_key[i] += self.plan.rank_nibble[card.code]
                        self._ups += 1
                        self.events.append(Event("reveal", self.players[i], None, card=card, face="up"))

    def _settle(self, step: SettleStep) -> None:
        from .settlement import settle_position

        reason = self._wrong_count()
        if not reason:
            if len(self.house_cards) != self.plan.max_house and self.variant.void.wrong_card_count:
                reason = "the house has the wrong number of cards"
        if reason:
            self._make_void(reason)
            return
        ranking = self.plan.ranking
        house_value = ranking.evaluate(self.house_cards)
        env = self.plan.stake_env
        positions = []
        total = 0
        for i, name in enumerate(self.players):
            ante = self.antes[i] if self.antes else 0
            raised = self.raise_amounts[i]
            value = None
            if not self.folded[i]:
                value = ranking.evaluate(self.cards[i])
                words = _describe(ranking, value, self.cards[i])
                self.events.append(Event("show", name, None, cards=tuple(self.cards[i]), hand=words))
            s = settle_position(step, player_value=value or 0, house_value=house_value, ante=ante,
                                raise_amount=None if self.folded[i] else (raised or 0), env=env)
            self.stacks[i] += ante + (raised or 0) + s.net
            total += s.net
            self.events.append(Event("settle", name, None, s.net, reason=s.reason, ante_net=s.ante_net, raise_net=s.raise_net))
            positions.append({"player": name, "ante": ante, "raise": raised, "ante_net": s.ante_net,
                              "raise_net": s.raise_net, "net": s.net, "reason": s.reason})
        self.contrib = [0] * self.n
        self.positions = positions
        self.house_net = -total
        self._end()


# --------------------------------------------------------------------------
# helpers

_EVALUATORS: dict = {}  # id(ranking) -> (ranking, its evaluate)


def _evaluator(ranking):
    """The ranking's evaluate; for high hands the evaluator's own function
    (``HighRanking.evaluate`` only passes the cards on to it when the ace
    plays low in straights)."""
    known = _EVALUATORS.get(id(ranking))
    if known is not None and known[0] is ranking:
        return known[1]
    from .evaluator import evaluate
    from .rankings import HighRanking

    plain = type(ranking).evaluate is HighRanking.evaluate and ranking.ace_low_straight
    function = evaluate if plain else ranking.evaluate
    _EVALUATORS[id(ranking)] = (ranking, function)
    return function


_WORDS: dict = {}  # id(ranking) -> {value: words}


def _words_of(ranking) -> dict:
    words = _WORDS.get(id(ranking))
    if words is None:
        words = _WORDS[id(ranking)] = {}
    return words


def _describe(ranking, value, cards) -> str | None:
    if value is None:
        return None
    cache = _words_of(ranking)
    words = cache.get(value)
    if words is None:
        words = cache[value] = _describe_now(ranking, value)
    return words


def _describe_now(ranking, value) -> str | None:
    describe = getattr(ranking, "describe", None)
    try:
        if describe is not None:
            return describe(value)
        return value.describe()
    except Exception:  # a ranking that cannot describe a compared value
        return None


def _combination_value(ranking, value) -> int:
    """Only the combination's own cards count: kickers are dropped."""
    from .evaluator import Category, HandValue, pack_signature

    if type(value) is float:  # a wheel that is not a straight (HighRanking without ace-low straights)
        category, ranks = ranking.signature(value)
    else:
        try:
            hv = HandValue(int(value))
        except ValueError:
            return value
        category = hv.category
        ranks = hv.ranks
    keep = {
        Category.HIGH_CARD: 1,
        Category.PAIR: 1,
        Category.TWO_PAIR: 2,
        Category.THREE_OF_A_KIND: 1,
        Category.FULL_HOUSE: 2,
        Category.FOUR_OF_A_KIND: 1,
    }.get(category, len(ranks))
    return pack_signature(category, ranks[:keep])
