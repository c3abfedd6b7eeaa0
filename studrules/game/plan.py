"""What a variant's hands need that does not change from hand to hand, computed once.

A :class:`~studrules.game.hand.Hand` asks :func:`_plan` for its variant and stakes
and gets a shared :class:`_Plan`: the steps with their constant amounts
(:class:`_DealPlan`, :class:`_AntePlan`, :class:`_BettingPlan`,
:class:`_ShowdownPlan`; the other steps as they are), the rankings, one sort
key per card, and per set of players a :class:`_Seating` of the events and
actions that come back hand after hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from ..cards.card import MAX_JOKERS, Card, card_order_key, full_deck
from ..errors import ArgumentError
from ..spec.amount_bounds import oversized_amounts, oversized_words
from ..spec.assignments import stake_override_problems
from ..spec.expression_language import MAX_NUMBER
from ..spec.expressions import Expression
from ..spec.model import AnteStep, BetAlternative, BettingStep, DealStep, ShowdownStep, Step, UpCardRule, Variant
from ..spec.vocabulary import TABLE_NAMES
from .actions import Action
from .events import Event

if TYPE_CHECKING:
    from ..cards.rankings import Ranking

# in a sum of rank_nibble: some rank counted twice or more
_TWO_OR_MORE = sum(0xE << 4 * r for r in range(13))

#: per ranking, the strength of each showing below five cards by its ranks (see _Plan.visible): shared by
#: every plan of the ranking, so that a variant loaded again, or another with the same ranking, finds it
_VISIBLE_CACHES: dict[Ranking, dict[int, int]] = {}

_PLANS: dict[tuple[int, tuple[tuple[str, int], ...]], _Plan] = {}


def _plan(variant: Variant, stakes: Mapping[str, int] | None) -> _Plan:
    """The plan of ``variant`` with these stake overrides: made once, then shared."""
    key: tuple[int, tuple[tuple[str, int], ...]] | None
    try:
        key = (id(variant), tuple(sorted(stakes.items())) if stakes else ())
        cached = _PLANS.get(key)
    except (AttributeError, TypeError):  # (not a mapping of names to chips: said below)
        key = cached = None
    if cached is not None and cached.variant is variant:
        return cached
    _check_stakes(variant, stakes)
    if len(_PLANS) > 256:
        _PLANS.clear()
    plan = _Plan(variant, variant.stake_values(stakes))
    if key is not None:
        _PLANS[key] = plan
    return plan


def _check_stakes(variant: Variant, stakes: Any) -> None:
    """An :class:`~studrules.errors.ArgumentError` for stake overrides the variant cannot take
    (as :func:`~studrules.spec.loader.load_variant` refuses them)."""
    if not stakes:
        return
    if not isinstance(stakes, Mapping):
        raise ArgumentError(f"stakes map each stake's name to its chips, not {stakes!r}")
    problems = stake_override_problems(stakes, (name for name, _ in variant.stakes), variant.name)
    if problems:
        raise ArgumentError("; ".join(problems))
    values = variant.stake_values(stakes)
    for name, value in values.items():  # (a stake computed from one given)
        if value >= MAX_NUMBER:
            raise ArgumentError(
                f"with these stakes the stake '{name}' works out to {value:,}: at most {MAX_NUMBER - 1:,}"
            )
    for field, expr, value in oversized_amounts(variant.steps, values):
        raise ArgumentError(oversized_words(field, expr, value, values))


class _Plan:
    """What a variant's hand needs that does not change from hand to hand."""

    __slots__ = (
        "variant",
        "stakes",
        "steps",
        "ranking",
        "card_key",
        "max_house",
        "stake_env",
        "visible_cache",
        "checked_players",
        "ante_step",
        "rank_nibble",
        "seatings",
        "rotations",
        "plain_antes",
        "deck_cards",
        "up_card_rules",
        "memo",
        "ace_keys",
    )

    variant: Variant
    stakes: dict[str, int]
    steps: tuple[_Planned, ...]
    ranking: Ranking
    card_key: list[int]
    max_house: int
    stake_env: dict[str, int]
    visible_cache: dict[int, int]
    checked_players: set[tuple[str, ...]]
    ante_step: AnteStep | None
    rank_nibble: list[int]
    seatings: dict[tuple[str, ...], _Seating]
    rotations: dict[int, list[tuple[int, ...]]]
    plain_antes: bool
    deck_cards: tuple[Card, ...] | None
    up_card_rules: dict[str, UpCardRule]  # rank -> what a card of it dealt face up earns or costs
    memo: dict[Any, Any]  # amounts read from the stakes alone, worked out when first asked (see _House)
    ace_keys: dict[str, list[int]]  # card_key with the ace high or low (a bring-in's ace; see ace_key)

    def __init__(self, variant: Variant, stakes: dict[str, int]):
        from ..spec.hand_ranking import banked_ranking
        from .wilds import showing_ranking

        self.variant = variant
        self.stakes = stakes
        self.stake_env = dict(stakes)
        self.checked_players = set()
        self.memo = {}
        antes = [s for s in variant.steps if isinstance(s, AnteStep)]
        ante = self.ante_step = antes[0] if antes else None
        # no antes given: every player posts the variant's (see Hand._antes)
        self.plain_antes = ante is None or (ante.min is None and ante.max is None and not variant.is_banked)
        # a joker showing reads as it plays face up; against the house, every hand is valued with its wild cards
        self.ranking = banked_ranking(variant) if variant.is_banked else showing_ranking(variant)
        self.visible_cache = _VISIBLE_CACHES.setdefault(self.ranking, {})
        if len(_VISIBLE_CACHES) > 64:  # (rankings made for the tables of many files)
            _VISIBLE_CACHES.clear()
            self.visible_cache = _VISIBLE_CACHES[self.ranking] = {}
        # the cards of a stripped deck in code order; None: the standard deck (Deck's own fast path)
        self.deck_cards = None if variant.deck.cards == 52 and not variant.deck.jokers else variant.deck.contents()
        ace_high = bool(getattr(self.ranking, "ace_high", True))
        suit_order = tuple(variant.deck.suit_order)
        # one int per card code: rank (ace per the ranking) then suit place
        self.card_key = []
        for c in full_deck():
            rank, suit = card_order_key(c, suit_order, ace_high)
            self.card_key.append(rank * 4 + suit)
        # one count of four bits per rank: summed over cards, it names their ranks (see visible)
        self.rank_nibble = [1 << 4 * (c.rank - 2) for c in full_deck()]
        self.up_card_rules = {r.rank: r for r in variant.when_dealt_up}
        # the jokers (codes 52 and up), when the deck has them: above every card for the
        # bring-in, and a fourteenth count of their own
        for _ in range(variant.deck.jokers):
            self.card_key.append(16 * 4)
            self.rank_nibble.append(1 << 4 * 13)
        self.seatings = {}
        self.rotations = {}
        self.ace_keys = {}
        self.steps = tuple(self._planned(step) for step in variant.steps)
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

    def ace_key(self, ace: str) -> list[int]:
        """``card_key`` with the ace ``high`` (above the king) or ``low`` (below
        the deuce), as a bring-in's ``ace`` orders the up cards."""
        key = self.ace_keys.get(ace)
        if key is None:
            key = list(self.card_key)
            suit_order = tuple(self.variant.deck.suit_order)
            for c in full_deck():
                rank, suit = card_order_key(c, suit_order, ace == "high")
                key[c.code] = rank * 4 + suit
            self.ace_keys[ace] = key
        return key

    def _odd_chip_key(self, suits: Sequence[str], ace_high: bool) -> list[int]:
        """``card_key`` in the suit order ``suits``, the ace high or low."""
        key = list(self.card_key)
        for c in full_deck():
            rank, suit = card_order_key(c, suits, ace_high)
            key[c.code] = rank * 4 + suit
        return key

    def seating(self, names: tuple[str, ...]) -> _Seating:
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

    def amount(self, expr: Expression | None) -> int | None:
        """The value of an amount that depends on stakes only (None if it reads the table)."""
        if expr is None:
            return None
        if expr.names <= self.stakes.keys():
            return int(expr(self.stakes))
        return None

    def _planned(self, step: Step) -> _Planned:
        """The step with what it needs computed once (the step itself when it needs nothing)."""
        if isinstance(step, BettingStep):
            check = step.check
            return _BettingPlan(
                step,
                self.amount(step.bet),
                self.amount(step.bring_in.amount) if step.bring_in else None,
                tuple((alt, self.amount(alt.bet)) for alt in step.alternatives),
                None if check is None or not check.is_constant else bool(check.value()),
                self.amount(step.cap),
                self.amount(step.max_bet),
            )
        if isinstance(step, ShowdownStep):
            from ..cards.rankings import ranking_for

            rankings = tuple(
                ranking_for(
                    self.variant.deck,
                    r,
                    or_better=step.qualifier(r)[0],
                    at_least=step.qualifier(r)[1],
                    holding=step.holding(r),
                )
                for r in step.rankings
            )
            plain = (
                not self.variant.wild.any
                and not any(r.hole_cards_only for r in rankings)
                and not any(u != (None, None) for u in step.cards_used)
                and not any(s.kind == "split" for s in self.variant.steps)
            )
            key = self.card_key
            if step.odd_chip_suits:  # the odd chip's own suit order
                key = self._odd_chip_key(step.odd_chip_suits, bool(getattr(self.ranking, "ace_high", True)))
            odd_keys: tuple[Sequence[int], ...] = ()
            if step.odd_chip == "high_card_suit":  # each part's highest card with the ace as its ranking plays it
                suits = step.odd_chip_suits or tuple(self.variant.deck.suit_order)
                odd_keys = tuple(self._odd_chip_key(suits, bool(getattr(r, "ace_high", True))) for r in rankings)
            return _ShowdownPlan(step, rankings, plain, key, odd_keys)
        if isinstance(step, AnteStep):
            return _AntePlan(step, self.amount(step.amount))
        if isinstance(step, DealStep):
            # no burn or community card: the players' and the house's cards only. A fallback to a
            # community card is no obstacle: _deal_plain leaves a deck too short for every player to
            # the general path
            plain = (
                self.variant.wild.follow is None  # a followed rank is watched on the general path
                and not self.variant.when_dealt_up  # so is a card that earns an extra one
                and not step.burn
                and not step.community
                and "down_if_all_up" not in step.players  # a face that depends on his cards
            )
            return _DealPlan(step, plain)
        return step


class _DealPlan:
    """A deal step; ``plain``: it deals the players' and house cards only (no burn
    or community card; where the deck cannot give every player his,
    the general path deals as the step's fallback says)."""

    __slots__ = ("step", "when", "plain")

    def __init__(self, step: DealStep, plain: bool):
        self.step = step
        self.when = step.when
        self.plain = plain


class _AntePlan:
    """An ante step; ``amount``: the ante when it depends on the stakes only."""

    __slots__ = ("step", "when", "amount")

    def __init__(self, step: AnteStep, amount: int | None):
        self.step = step
        self.when = step.when
        self.amount = amount


class _BettingPlan:
    """A betting round and what depends on the stakes only: ``bet``, the
    ``bring_in`` amount, each alternative with its bet (``alts``), and
    ``check`` when checking is always or never allowed (None: it depends on
    the table, or ``step.check`` is None and checking is always allowed);
    ``cap`` and ``max_bet`` when they are constants, else the formula to
    work out at the table (``cap_rule``, ``max_bet_rule``); ``plain_check``:
    checking is always allowed and a check changes nothing later (the hand's
    fast paths for checks hold). What the betting reads at every decision,
    flattened: ``fixed``, ``check_always``, ``open_fold``, ``check_raise``,
    ``cap_fixed`` (the cap is a number), ``one_size`` (fixed limit, no
    alternative, no raise multiple), ``half_bet``, ``completion_is_raise``;
    ``deep_margin`` bounds how far the bet to call moves in the round (see
    ``_Betting._start_round``); ``plain``: fixed limit, sizes known before the
    table, a numbered cap, checks and check-raises always allowed (with deep
    stacks, the betting's short ways hold); ``start``: how a plain round starts
    the short way (``"bring_in"``, True or False for the best or worst board;
    None: the general way); ``alt_reads``: the table names the alternatives
    read, and ``memos`` the round's sizes and options kept by them for every
    hand (``_BetSizes._round_memo``)."""

    __slots__ = (
        "step",
        "when",
        "bet",
        "bring_in",
        "alts",
        "alts_steady",
        "alts_fold_steady",
        "check",
        "check_rule",
        "plain_check",
        "cap",
        "cap_rule",
        "max_bet",
        "max_bet_rule",
        "fixed",
        "check_always",
        "open_fold",
        "check_raise",
        "cap_fixed",
        "one_size",
        "half_bet",
        "completion_is_raise",
        "deep_margin",
        "raise_room",
        "plain",
        "alt_reads",
        "memos",
        "start",
    )

    def __init__(
        self,
        step: BettingStep,
        bet: int | None,
        bring_in: int | None,
        alts: tuple[tuple[BetAlternative, int | None], ...],
        check: bool | None,
        cap: int | None,
        max_bet: int | None,
    ):
        self.step = step
        self.when = step.when
        self.bet = bet
        self.bring_in = bring_in
        self.alts = alts
        # the alternatives read nothing that changes within the round but the players in
        # (open_pair, heads_up, players_in): the pot is the one other name that moves
        self.alts_steady = all(
            "pot" not in alt.when.names and (value is not None or "pot" not in alt.bet.names) for alt, value in alts
        )
        # of what a fold changes, the alternatives read at most open_pair: their answer stands after
        # a fold, unless the player folding showed a pair
        self.alts_fold_steady = self.alts_steady and not any(
            {"heads_up", "players_in"} & (alt.when.names | (alt.bet.names if value is None else frozenset()))
            for alt, value in alts
        )
        # the table names the alternatives read (the stakes are this plan's): with the bet, all
        # their sizes depend on; a round's sizes and sized options, kept by them for every hand
        # (_BetSizes._round_memo)
        read: set[str] = set()
        for alt, value in alts:
            read |= alt.when.names | (alt.bet.names if value is None else frozenset())
        self.alt_reads = tuple(sorted(read & TABLE_NAMES.keys()))
        self.memos: dict[tuple[Any, ...], dict[Any, Any]] = {}
        self.check = check
        self.check_rule = step.check  # None: checking is always allowed
        self.plain_check = step.check is None and step.check_raise
        self.cap = cap
        self.cap_rule = step.cap if cap is None else None
        self.max_bet = max_bet
        self.max_bet_rule = step.max_bet if max_bet is None else None
        # what the betting reads at every decision, flattened
        self.fixed = step.structure == "fixed_limit"
        self.check_always = step.check is None or check is True
        self.open_fold = step.open_fold
        self.check_raise = step.check_raise
        self.cap_fixed = cap is not None  # the cap is a number (not: no cap, or a rule read at the table)
        # fixed limit with one size and no limit to a raise: a raise is the bet more (or all in)
        self.one_size = self.fixed and not alts and not step.max_raise_multiple
        self.half_bet = self.fixed and step.short_all_in == "half_bet"
        self.completion_is_raise = step.bring_in is not None and step.bring_in.completion_is_raise
        # a bound on how far a fixed-limit round moves the bet to call: the bring-in, then at most
        # (cap + 2) of its largest size (the opening, the raises, one to spare); None where none is
        # known before the table (no cap, a cap, size or bring-in read at the table). With no cap
        # heads-up, the bound holds up to the cap; past it, ``raise_room`` (a raise and one to
        # spare) is what every stack must still cover beyond the bet to call (_Betting._past_cap)
        sizes = [size for size in (bet, *(value for _, value in alts)) if size is not None]
        self.deep_margin: int | None = None
        self.raise_room: int | None = None
        if (
            self.fixed
            and cap is not None
            and len(sizes) == 1 + len(alts)
            and (step.bring_in is None or bring_in is not None)
        ):
            self.deep_margin = (bring_in or 0) + (cap + 2) * max(sizes)
            if step.heads_up_uncapped:
                self.raise_room = 2 * max(sizes)
        # fixed limit, sizes known before the table (the alternatives' read only the players in), a cap
        # that is a number, checking always allowed and check-raising too: with deep stacks, every
        # decision of the round takes the betting's short ways (_Betting.legal_actions, _fold_or_aggress_plain, _start_plain)
        self.plain = (
            self.deep_margin is not None
            and self.check_always
            and self.check_raise
            and not step.max_raise_multiple
            and self.alts_steady
        )
        # a plain round that starts the short way where every stack is deep (_Betting._start_plain):
        # True or False where the best or the worst board speaks first and nobody brings in,
        # "bring_in" where a bring-in is due (None: no short way)
        rule = step.first_to_act.rule
        self.start: bool | str | None = None
        if self.plain and step.bring_in is not None:
            self.start = "bring_in"
        elif self.plain and rule in ("best_visible", "worst_visible") and not step.first_to_act.community:
            self.start = rule == "best_visible"


class _ShowdownPlan:
    """A showdown step and its rankings; ``plain``: nothing is ever wild and
    every ranking reads the whole hand (no part of the pot for a hole card),
    so the showdown's short ways hold; ``whole``: besides, each hand is valued
    by its rankings' evaluators alone (no cards_used rule, no combination;
    a hand split in two is seen at the table). ``card_key``: one int per card
    code, rank then suit in the odd chip's suit order; ``odd_keys``: the same
    for each ranking, its ace high or low as the ranking plays it (the odd chip
    of a tied low half goes to the higher eight, not to the ace). ``one_pot``:
    plain, with one ranking and no combination (a single pot's one winner is
    found the short way)."""

    __slots__ = ("step", "when", "rankings", "plain", "whole", "card_key", "odd_keys", "tie_wins", "one_pot")

    def __init__(
        self,
        step: ShowdownStep,
        rankings: tuple[Ranking, ...],
        plain: bool = True,
        card_key: Sequence[int] = (),
        odd_keys: tuple[Sequence[int], ...] = (),
    ):
        self.step = step
        self.when = step.when
        self.rankings = rankings
        self.plain = plain
        self.whole = (
            plain and step.compare != "combination" and all(used == (None, None) for used in step.cards_used or ())
        )
        self.card_key = card_key
        self.odd_keys = odd_keys
        self.tie_wins = step.ties != "first_shown"  # an equal hand shares the pot (else the first shown took it)
        # one ranking read plainly: a single pot with one best hand is settled the short way
        # (_Showdown._settle_one_pot)
        self.one_pot = plain and len(rankings) == 1 and step.compare != "combination"


#: One step of a plan, as the hand's step loop tells them apart.
_Planned: TypeAlias = "_DealPlan | _AntePlan | _BettingPlan | _ShowdownPlan | Step"


class _Seating:
    """Per set of players (and variant): seats, their check, call, bring-in,
    show, muck and fold actions, and the events that come back hand after hand, made once each
    (events and actions are immutable values, so hands share them)."""

    __slots__ = ("names", "seat", "actions", "deals", "checks", "antes", "ante_rows", "wagers", "totals", "awards")

    def __init__(self, names: tuple[str, ...]):
        self.names = names
        self.seat = {p: i for i, p in enumerate(names)}
        self.actions = [
            (
                Action(p, "check"),
                Action(p, "call"),
                Action(p, "bring-in"),
                Action(p, "show"),
                Action(p, "muck"),
                Action(p, "fold"),
            )
            for p in names
        ]
        # deals[face][seat][card code]: its deal event; checks[round][seat]: his check event, [n + seat]:
        # his fold event; antes[seat]: {amount: event}
        self.deals: dict[str, list[list[Event | None]]] = {}
        self.checks: dict[int, list[Event | None]] = {}
        self.antes: list[dict[int, Event]] = [{} for _ in names]
        self.ante_rows: dict[int, list[Event]] = {}  # amount -> every seat's ante event of it
        # wagers[(type, seat, round, amount, to)]: a bring-in's, call's, bet's, raise's or completion's
        # event, not all in; totals[(seat, verb, total)]: a bet's, raise's or completion's action
        self.wagers: dict[tuple[str, int, int, int, int], Event] = {}
        self.totals: dict[tuple[int, str, int], Action] = {}
        self.awards: dict[tuple[int, int], Event] = {}  # (seat, chips): his award when everyone else folded

    def wager(self, key: tuple[str, int, int, int, int]) -> Event:
        """The event of a chip-moving betting ``key`` (type, seat, round, amount, to), not all in:
        made the first time (the hot paths look in ``wagers`` first)."""
        if len(self.wagers) >= 4096:  # (pot and no limit: many totals)
            self.wagers.clear()
        kind, seat, rnd, amount, to = key
        event = self.wagers[key] = Event(kind, self.names[seat], rnd, amount, to)
        return event

    def award(self, key: tuple[int, int]) -> Event:
        """The award of ``key`` (seat, chips) to a player whom everyone else folded to, made the first time."""
        if len(self.awards) >= 4096:
            self.awards.clear()
        seat, chips = key
        event = self.awards[key] = Event("award", self.names[seat], None, chips, pot=0, reason="everyone else folded")
        return event

    def total(self, key: tuple[int, str, int]) -> Action:
        """The action of ``key`` (seat, verb, total): a bet, raise or completion, made the first time."""
        if len(self.totals) >= 4096:
            self.totals.clear()
        seat, verb, total = key
        action = self.totals[key] = Action(self.names[seat], verb, total)
        return action

    def ante_row(self, amount: int) -> list[Event]:
        """Every seat's ante event of ``amount`` chips, in seat order (made once each)."""
        row = self.ante_rows.get(amount)
        if row is None:
            row = []
            for name, made in zip(self.names, self.antes):
                event = made.get(amount)
                if event is None:
                    event = made[amount] = Event("ante", name, None, amount)
                row.append(event)
            if len(self.ante_rows) < 64:
                self.ante_rows[amount] = row
        return row

    def check_row(self, rnd: int, n: int) -> list[Event | None]:
        row = self.checks.get(rnd)
        if row is None:
            row = self.checks[rnd] = [None] * (2 * n)  # each seat's check, then each seat's fold
        return row

    def deal_table(self, face: str, n: int) -> list[list[Event | None]]:
        table = self.deals.get(face)
        if table is None:
            table = self.deals[face] = [
                [None] * (52 + MAX_JOKERS) for _ in range(n)
            ]  # every card code, jokers included
        return table


def killed_stakes(variant: Variant, stakes: Mapping[str, int] | None) -> dict[str, int]:
    """The stakes of a killed hand: the variant's kill read from the usual
    ones (``stakes``: the hand's overrides)."""
    if variant.kill is None:
        raise ArgumentError(f"{variant.name} has no kill: no player kills its hands")
    _check_stakes(variant, stakes)
    usual = variant.stake_values(stakes)
    return {**(stakes or {}), **variant.kill.killed_stakes(usual)}
