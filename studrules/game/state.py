"""The state of a :class:`~studrules.game.hand.Hand`: every attribute it keeps, with its type.

:class:`_HandState` holds the hand's ``__slots__`` and declares what each
attribute holds. The parts of a hand (:class:`~studrules.game.dealing._Dealing`,
:class:`~studrules.game.betting._Betting`, :class:`~studrules.game.showdown._Showdown`,
:class:`~studrules.game.house._House`) derive from it and declare no
attribute of their own (``__slots__ = ()``), nor does
:class:`~studrules.game.hand.Hand`, which derives from the parts: every
attribute stays a slot. The methods one part calls in another are declared
here for the type checker only.

:class:`_Round` is the record of one betting round (who acted first, who bet
or raised), which the showdown order reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards.card import Card
from ..cards.deck import Deck
from ..spec.model import DecisionStep, DeclareStep, DrawStep, ExposeStep, PassStep, SplitStep, UpCardRule, Variant
from .actions import Action, LegalAction
from .events import Event
from .plan import _BettingPlan, _Plan, _Seating, _ShowdownPlan
from .result import HandResult, PositionResult, PotResult

if TYPE_CHECKING:
    from ..cards.rankings_base import Ranking
    from ..errors import IllegalActionError


class _HandState:
    """Every attribute of a hand (see :class:`~studrules.game.hand.Hand`)."""

    __slots__ = (
        "variant",
        "plan",
        "players",
        "n",
        "seat",
        "stacks",
        "start",
        "folded",
        "mucked",
        "contrib",
        "bets",
        "cards",
        "up",
        "house_cards",
        "house_faces",
        "community",
        "deck",
        "given",
        "given_house",
        "given_community",
        "given_burns",
        "burns",
        "events",
        "actions",
        "step_index",
        "phase",
        "to_act_seat",
        "round",
        "rounds",
        "cur",
        "full_size",
        "raises",
        "capped",
        "acted",
        "opened",
        "bring_in_due",
        "size_lock",
        "round_rules",
        "showdown_rules",
        "decision_step",
        "antes",
        "side_stakes",
        "live_ante",
        "last_blind",
        "wild_rank",
        "follow_armed",
        "declare_step",
        "declared",
        "declared_pots",
        "draw_step",
        "drawn",
        "discards",
        "stood_pat",
        "dead_chips",
        "offers",
        "kill_seat",
        "killer",
        "usual_stakes",
        "pass_step",
        "split_step",
        "split_hands",
        "passing",
        "expose_step",
        "exposing",
        "antes_posted",
        "community_dealt",
        "over",
        "void",
        "_legal",
        "_result",
        "show_queue",
        "showdown_order",
        "shown",
        "pots_result",
        "raise_amounts",
        "positions",
        "house_net",
        "_values",
        "bet_size",
        "_last_round",
        "_simple",
        "up_key",
        "_plain",
        "_rotation",
        "_seating",
        "_in",
        "_checks",
        "_ups",
        "_visible_memo",
        "_sizes_memo",
        "_deep",
        "_plain_round",
        "_seen",
    )

    # -- the game and the players
    variant: Variant
    plan: _Plan  # what does not change from hand to hand (shared)
    players: tuple[str, ...]  # names, clockwise from the dealer's left
    n: int  # how many players
    seat: dict[str, int]  # name -> seat
    _seating: _Seating  # per set of players: shared events and actions
    _rotation: list[tuple[int, ...]]  # per seat: the others clockwise from its left, then itself
    _simple: list[
        tuple[Action, Action, Action, Action, Action, Action]
    ]  # per seat: check, call, bring-in, show, muck, fold

    # -- chips (per seat)
    stacks: list[int]
    start: tuple[int, ...]  # the stacks before the hand
    contrib: list[int]  # chips put in the pot this hand
    dead_chips: list[int] | None  # per seat: the part of contrib that is no bet (a card bought, a dealer ante)
    kill_seat: int | None  # the seat that posted a kill blind (None: none)
    killer: str | None  # who kills this hand (None: nobody)
    usual_stakes: dict[str, int]  # a killed hand's stakes before the kill (set only when killed)
    split_step: SplitStep | None  # the split step being played
    split_hands: list[tuple[list[Card], list[Card]] | None] | None  # per seat: his two hands (None: no split)
    pass_step: PassStep | None  # the pass step being played
    passing: dict[int, list[Card]]  # the cards each seat chose to pass (given all at once)
    offers: list[tuple[int, UpCardRule, Card]] | None  # up cards asking a price: (seat, rule, card), in order
    bets: list[int]  # chips put in this betting round
    antes: list[int] | None  # a banked game's ante per position (None: the variant's, for everybody)
    side_stakes: list[dict[str, int]] | None  # per position, its stake on each side bet (None: the game's own)
    live_ante: list[int]  # antes and blinds that count toward the first round's bets
    last_blind: int | None  # the seat that posted the last blind (the next one acts first)
    wild_rank: str | None  # the rank a followed card made wild (wild.follow), None: none now
    follow_armed: bool  # the last up card was of the followed rank: the next one makes its rank wild
    declare_step: DeclareStep | None  # the declare step being played, or played
    declared: list[str | None] | None  # each seat's declaration (None: no declare step yet)
    declared_pots: list[tuple[int, frozenset[int], list[str | None]]]  # per_pot: each side pot's (index, seats, words)
    draw_step: DrawStep | None  # the draw step being played
    drawn: list[int]  # the seats that have discarded in it
    discards: list[int]  # cards each seat has discarded in the hand
    stood_pat: list[bool] | None  # per seat: he stood pat at the last draw he was asked (None: no draw yet)
    expose_step: ExposeStep | None  # the expose step being played
    exposing: dict[int, list[Card]]  # the cards each seat chose to turn up (shown together at once)
    antes_posted: bool
    raise_amounts: list[int | None]  # a banked game's raise per position

    # -- who is in (per seat)
    folded: list[bool]
    _in: list[int]  # the seats not folded, in order (kept with folded)
    mucked: list[bool]

    # -- cards
    deck: Deck
    cards: list[list[Card]]  # per seat, in the order received
    up: list[list[Card]]  # per seat, the cards face up
    up_key: list[int]  # per seat: the sum of its up cards' rank_nibble
    _ups: int  # up cards so far
    house_cards: list[Card]
    house_faces: list[str]
    community: list[Card]
    burns: list[Card]
    community_dealt: bool
    given: list[Sequence[Card]]  # per seat, the cards given (dealt before any from the deck)
    given_house: Sequence[Card]
    given_community: Sequence[Card]
    given_burns: Sequence[Card]
    _plain: bool  # no card is given: every card comes from the deck

    # -- the history
    events: list[Event]
    actions: list[Action]
    _seen: dict[int, list[Event]]  # per seat, its masked history (set at the first view)

    # -- the steps and whose turn it is
    step_index: int  # the next step to run
    phase: str  # start, betting, between, showdown, decision, over
    to_act_seat: int | None
    _legal: tuple[LegalAction, ...] | None  # what the player to act may do (None: not known yet)
    over: bool
    void: str | None  # why the hand is void

    # -- the betting round
    round: int  # the number of the betting round (0 before the first)
    rounds: list[_Round]
    _last_round: _Round  # (set with the first round)
    round_rules: _BettingPlan  # the round's step and its constants (set when a round starts)
    _checks: list[Event | None]  # per seat, its check event in this round, then per seat its fold event (shared)
    cur: int  # the bet to call
    bet_size: int  # the round's bet
    full_size: int  # a full bet or raise (pot, no and spread limit)
    raises: int
    capped: bool
    acted: list[bool]
    opened: bool  # somebody has bet, completed or brought in for the full bet
    bring_in_due: bool
    size_lock: int | None  # a sticky alternative bet size, once made
    _visible_memo: tuple[int, int, bool, list[int]] | None  # _best_visible's last answer
    _deep: bool  # no stack can fall to the bet to call in this round (set when it starts)
    _plain_round: bool  # deep, and the round's rules are plain (_BettingPlan.plain): the short ways hold
    _sizes_memo: (
        dict[Any, Any] | None
    )  # _sizes' answers by kind, _sized's by base or (verb, base): the plan's for the round (_round_memo; let go at each round and fold)

    # -- the showdown and the end
    showdown_rules: _ShowdownPlan  # (set when the showdown starts)
    show_queue: list[int]
    showdown_order: list[int]
    shown: list[int]
    _values: list[list[float | None]] | None  # per ranking, per seat: the hand's value
    pots_result: list[PotResult]
    _result: HandResult | None

    # -- games against the house
    decision_step: DecisionStep  # (set when the decision starts)
    positions: list[PositionResult] | None
    house_net: int | None

    if TYPE_CHECKING:
        # what one part of a hand calls in another (each is defined once, in the part named)

        def legal_actions(self) -> tuple[LegalAction, ...]: ...  # _Betting

        def _compute_legal(self) -> tuple[LegalAction, ...]: ...  # Hand

        @property
        def pot(self) -> int: ...  # Hand

        def _env(self) -> dict[str, int]: ...  # Hand

        def _illegal(self, action: Action, why: str) -> IllegalActionError: ...  # Hand

        def _end(self) -> None: ...  # Hand

        def _expose(self, seat: int, card: Card, reason: str) -> None: ...  # _Dealing

        def _wrong_count(self) -> str | None: ...  # _Dealing

        def _best_visible(self, seats: list[int], highest: bool = True) -> list[int]: ...  # _Turns

        def _best(
            self, row: Sequence[float | None], seats: Sequence[int], first_shown: bool
        ) -> list[int]: ...  # _Showdown

        def _ranking_at(self, ranking: Ranking, seat: int) -> Ranking: ...  # _Showdown

        def _declared_parts(
            self,
            values: Sequence[Sequence[float | None]],
            contenders: Sequence[int],
            first_shown: bool,
            eligible: Sequence[int] = (),
        ) -> list[list[int]]: ...  # _Declaring

        def _declared_ways(self, seat: int, rankings: int) -> Sequence[int]: ...  # _Declaring

        def _win_uncontested(self) -> None: ...  # _Showdown

        def _pay_dead(self, seat: int, chips: int, *, paid: bool = False) -> None: ...  # _Dealing

        def _deal_extra(
            self, seat: int, rule: UpCardRule, trigger: Card, follow: str | None
        ) -> Card | None: ...  # _Dealing

        def _extra_cards(
            self, seat: int, card: Card, extra: dict[str, UpCardRule], follow: str | None
        ) -> None: ...  # _Dealing

        def _dealt_up(self, seat: int, card: Card) -> None: ...  # _Dealing

        def _start_offers(self) -> None: ...  # _Offering

        def _make_void(self, reason: str) -> None: ...  # _House

        def _beside_words(self, seat: int, ante: int) -> str | None: ...  # _House


_NOBODY: frozenset[int] = frozenset()


class _Round:
    """The record of one betting round (for showdown order)."""

    __slots__ = ("number", "first", "aggressive", "played", "checked", "bring_in_fold")

    def __init__(self, number: int):
        self.number = number
        self.first: int | None = None
        self.aggressive: list[tuple[int, str]] = []
        self.played = False
        self.checked: frozenset[int] = _NOBODY  # seats that checked (kept where check-raising is barred)
        self.bring_in_fold = False  # the bring-in passed on from an all-in low card: he who owes it may fold
