"""The loaded variant: an immutable, typed model of one set of house rules.

:func:`studrules.spec.loader.load_variant` reads a YAML file and returns a
:class:`Variant`; the interpreter reads nothing else. Every class here is a
frozen dataclass, so a loaded variant can be shared, hashed and compared, and
two files that say the same thing in different words load to equal models
(``location`` and ``quote`` fields are left out of comparisons).

Amounts and conditions are compiled :class:`~studrules.spec.expressions.Expression` objects; names of stakes
inside them are resolved when the hand is played, so a stake override changes every amount that depends on it.

Vocabulary (the game's own words, used by the YAML files and the schema):

- *face*: ``up`` or ``down``.
- first-to-act rules: ``bring_in``, ``best_visible``, ``worst_visible``,
  ``lowest_card`` (every card the player holds, hidden ones included),
  ``lowest_up_card``, ``highest_up_card``, ``dealer_left``.
- tie breaks between seats: ``nearest_dealer`` (earliest clockwise from the
  dealer's left) or ``suit`` (the higher single card by the deck's suit order).
- showdown order entries: ``last_raiser``, ``last_aggressor`` (bet or raise),
  ``opener`` (first bet), ``first_to_act``, ``best_visible``, ``dealer_left``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import Location
from .hand_rules import KillRules, UpCardRule, VoidRules, WildRules
from .options import Choice, Option
from .wagers import Payout, SideBet

if TYPE_CHECKING:  # pragma: no cover
    from ..cards.card import Card
    from .expressions import Expression

__all__ = [
    "FACES",
    "PLAYER_FACES",
    "JOKER_RULES",
    "FIRST_TO_ACT_RULES",
    "TIE_BREAKS",
    "SHOWDOWN_ORDER",
    "STRUCTURES",
    "STANDARD_RANKS",
    "Source",
    "DeckSpec",
    "Seats",
    "Step",
    "AnteStep",
    "BlindsStep",
    "DealStep",
    "BringIn",
    "BetAlternative",
    "FirstToAct",
    "BettingStep",
    "DecisionStep",
    "DeclareStep",
    "DrawStep",
    "ExposeStep",
    "PassStep",
    "SplitStep",
    "RevealStep",
    "ShowdownStep",
    "Payout",
    "SettleStep",
    "SideBet",
    "UpCardRule",
    "KillRules",
    "VoidRules",
    "WildRules",
    "Choice",
    "Option",
    "Variant",
]

FACES = ("up", "down")
#: What a joker is (``WildRules.joker``).
JOKER_RULES = ("wild", "bug", "bug_up", "bug_dealt_up")
#: A player's card may also be dealt face down only when all his cards are up.
PLAYER_FACES = (*FACES, "down_if_all_up")
FIRST_TO_ACT_RULES = (
    "bring_in",
    "best_visible",
    "worst_visible",
    "lowest_card",
    "lowest_up_card",
    "highest_up_card",
    "dealer_left",
    "after_blinds",
)
TIE_BREAKS = ("nearest_dealer", "suit")
SHOWDOWN_ORDER = ("last_raiser", "last_aggressor", "opener", "first_to_act", "best_visible", "dealer_left")
STRUCTURES = ("fixed_limit", "pot_limit", "no_limit", "spread_limit")


@dataclass(frozen=True)
class Source:
    """The text a variant comes from."""

    text: str | None = None  # file name of the source text, e.g. 000_3b928888f2557435.txt
    title: str | None = None
    language: str | None = None  # ISO code of the text's language: fr, he, ru, it
    url: str | None = None


STANDARD_RANKS = "23456789TJQKA"
"""The ranks of a standard deck, lowest first (``deck.ranks`` when omitted)."""


@dataclass(frozen=True)
class DeckSpec:
    """The cards: which ranks the deck holds, the suit order that breaks ties
    between single cards (low to high), the ranking used for acting order,
    the bring-in and, by default, the showdown, and whether the ace plays
    low in straights.

    ``ranks``: the ranks of the deck, lowest first (always written in the
    order of ``23456789TJQKA``, whatever order the file used); the deck holds
    every card of those ranks in the four suits, ``4 * len(ranks)`` cards:
    ``23456789TJQKA`` is the standard 52-card deck, ``6789TJQKA`` a 36-card
    deck, ``789TJQKA`` a 32-card deck.

    ``ace_low_straight`` (default true): A-2-3-4-5 (the wheel) is a straight,
    five high, and a straight flush when suited. When false the ace is never
    low: A-5-4-3-2 is an ace-high hand (between K-Q-J-T-8 and A-6-4-3-2), or
    an ace-high flush when suited. It changes only the high ranking.

    What counts as a straight with a stripped deck: five ranks in a row of the
    full order 2..A, as in a standard deck. A-2-3-4-5 cannot occur without the
    low cards, so ``ace_low_straight`` makes no difference there; the ranks the
    deck leaves out are not skipped, so a "short-deck wheel" such as A-6-7-8-9
    (the ace low next to the deck's lowest rank) is **not** a straight in
    the high ranking, and hand categories keep their usual order (a flush
    still ranks below a full house). The ``short_deck_high`` ranking is the
    one that plays the deck's own order: straights over the ranks it holds,
    those left out skipped, and a flush above a full house.

    ``jokers``: how many jokers (``X1`` to ``X9``) the deck holds besides;
    the wild rules say what they are (``WildRules.joker``).

    >>> DeckSpec().cards, DeckSpec(ranks="6789TJQKA").cards, DeckSpec(jokers=1).cards
    (52, 36, 53)
    >>> DeckSpec().wheel, DeckSpec(ace_low_straight=False).wheel, DeckSpec(ranks="6789TJQKA").wheel
    (True, False, False)
    >>> " ".join(str(c) for c in DeckSpec(ranks="TJQKA").contents()[:6])
    'Tc Td Th Ts Jc Jd'
    """

    suit_order: tuple[str, ...] = ("c", "d", "h", "s")
    ranking: str = "high"
    ranks: str = STANDARD_RANKS
    ace_low_straight: bool = True
    jokers: int = 0

    @property
    def cards(self) -> int:
        """How many cards the deck holds (four per rank, and its jokers)."""
        return 4 * len(self.ranks) + self.jokers

    @property
    def is_standard(self) -> bool:
        """The standard 52-card deck with the ace low in A-2-3-4-5."""
        return self.ranks == STANDARD_RANKS and self.ace_low_straight

    @property
    def wheel(self) -> bool:
        """Whether A-2-3-4-5 can be dealt and counts as a straight."""
        return self.ace_low_straight and all(r in self.ranks for r in "A2345")

    def contents(self) -> tuple[Card, ...]:
        """Every card of the deck, in code order (2c 2d 2h 2s 3c ... As, then
        the jokers X1 ... XN)."""
        from ..cards.card import full_deck, joker

        jokers = tuple(joker(n) for n in range(1, self.jokers + 1))
        if self.ranks == STANDARD_RANKS:
            return full_deck() + jokers
        return tuple(c for c in full_deck() if STANDARD_RANKS[c.rank - 2] in self.ranks) + jokers


@dataclass(frozen=True)
class Seats:
    """How many players (pot games) or player positions (banked games)."""

    min: int
    max: int
    positions: tuple[int, int] | None = None  # banked: the table has min..max boxes


@dataclass(frozen=True)
class Step:
    """One step of a hand, in order. ``when`` (a condition) skips it when false."""

    id: str
    when: Expression | None = field(default=None, kw_only=True)
    quote: tuple[str, ...] | None = field(default=None, compare=False, repr=False, kw_only=True)
    location: Location | None = field(default=None, compare=False, repr=False, kw_only=True)

    @property
    def kind(self) -> str:
        """The YAML key of this step (``ante``, ``deal``, ``betting``...)."""
        return _STEP_KINDS[type(self)]


@dataclass(frozen=True)
class AnteStep(Step):
    """Every player (or position) posts ``amount`` before the deal.

    ``dead``: the ante does not count toward later bets. ``min``/``max``: a
    banked game's table limits; an ante outside them is refused before any
    card is dealt. ``chosen_by_player``: the player picks the ante within
    min..max (banked games). ``who``: ``every_player``, or ``dealer``: the
    dealer alone antes ``amount`` for the table (a dealer ante)."""

    amount: Expression
    dead: bool = True
    min: Expression | None = None
    max: Expression | None = None
    chosen_by_player: bool = False
    who: str = "every_player"


@dataclass(frozen=True)
class BlindsStep(Step):
    """Blinds: forced live bets by seat. The player at the dealer's left posts
    ``amounts[0]`` (the small blind), the next ``amounts[1]`` (the big blind),
    and so on; each counts toward his bets in the first betting round after
    it, and the player after the last blind acts first there
    (``first_to_act: after_blinds``). ``heads_up_dealer_small``: with two
    players the dealer posts the small blind and the other the big one, so
    the dealer acts first (the usual heads-up rule)."""

    amounts: tuple[Expression, ...]
    heads_up_dealer_small: bool = False


@dataclass(frozen=True)
class DealStep(Step):
    """Cards dealt one at a time, clockwise from the dealer's left.

    ``players[i]`` is the face of each player's i-th card of this step;
    ``house`` the house's (a banked game deals the house one card after each
    pass round the players); ``community`` cards go face up in the middle.
    ``burn`` cards are burned first. ``fallback='community'``: when the deck
    cannot give every remaining player a card, one community card is turned
    up for everybody instead."""

    players: tuple[str, ...] = ()
    house: tuple[str, ...] = ()
    community: tuple[str, ...] = ()
    burn: int = 0
    fallback: str | None = None


@dataclass(frozen=True)
class BringIn:
    """The forced opening bet of the first betting round."""

    who: str  # lowest_up_card | highest_up_card
    tie_break: str  # suit | nearest_dealer
    amount: Expression
    complete: bool = True  # the bring-in may instead post the full bet
    completion_is_raise: bool = False  # completing a posted bring-in counts toward the cap
    # the low card all in (for the ante): next_player (to his left, with chips) brings in,
    # completes or folds | no_bring_in (the round opens at its first player, who may check)
    low_card_all_in: str = "next_player"
    ace: str | None = None  # high | low: how an ace ranks for the bring-in (None: as the deck ranks it)
    quote: tuple[str, ...] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class BetAlternative:
    """Another bet size allowed while ``when`` holds (the open-pair rule).

    ``actions``: which actions may use it (``bet``, ``raise``). ``sticky``:
    once a bet or raise of this size is made, the rest of the round follows
    it."""

    bet: Expression
    when: Expression
    actions: tuple[str, ...] = ("bet", "raise")
    sticky: bool = True
    quote: tuple[str, ...] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class FirstToAct:
    """Who speaks first in a betting round, and how ties between seats break.
    ``expose``: the chosen player turns the card that made him first face up
    (the lowest hidden card, for ``lowest_card``); ``community``: each board is
    judged with the community cards face up (``best_visible``, ``worst_visible``)."""

    rule: str
    tie_break: str = "nearest_dealer"
    expose: bool = False
    community: bool = False
    quote: tuple[str, ...] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class BettingStep(Step):
    """A betting round.

    ``structure``: fixed_limit (every bet and raise is ``bet``), pot_limit or
    no_limit (``bet`` is the minimum), spread_limit (any bet from ``bet`` to
    ``max_bet``; a raise adds at least the round's last bet or raise, at most ``max_bet``). ``cap``: raises allowed after
    the opening bet (None: no cap), an amount that may read the table
    (``if(heads_up, 10, 3)``), worked out whenever a raise is considered;
    ``heads_up_uncapped``: no cap while only two players are in the hand at
    the start of the round... or become so (a round that is capped stays
    capped). ``check``: a condition; when false a player facing no bet must
    bet (or fold, with an open fold). ``check_raise``: false, a player who checked may only call
    or fold later in the round. ``max_raise_multiple``: a raise may at most
    make the bet this many times the current bet. ``open_fold``: a player
    facing no bet may fold as well as check or bet (default: he folds only
    facing a bet). ``short_all_in``: ``full_bet``, an all-in bet or raise short of a
    full one neither reopens the betting nor counts toward the cap;
    ``half_bet`` (fixed limit), one of at least half a bet counts as full."""

    bet: Expression
    structure: str = "fixed_limit"
    first_to_act: FirstToAct = FirstToAct("best_visible")
    bring_in: BringIn | None = None
    alternatives: tuple[BetAlternative, ...] = ()
    cap: Expression | None = None
    heads_up_uncapped: bool = False
    check: Expression | None = None  # None: checking always allowed
    max_raise_multiple: int | None = None
    max_bet: Expression | None = None  # spread limit: the largest bet or raise
    check_raise: bool = True
    open_fold: bool = False
    short_all_in: str = "full_bet"  # full_bet | half_bet: a fixed-limit all-in of half a bet or more counts in full


@dataclass(frozen=True)
class DecisionStep(Step):
    """Each player, against the house, folds or raises ``raise_amount``
    (an amount that may name ``ante``: the player's own ante), or chooses it
    up to ``raise_max`` in steps of ``raise_unit``, or goes on without one
    (``stand``). Each decision is a wager of its own; a fold loses the ante
    and every earlier raise."""

    fold: bool = True
    raise_amount: Expression | None = None
    raise_max: Expression | None = None
    raise_unit: Expression | None = None
    stand: bool = False


@dataclass(frozen=True)
class RevealStep(Step):
    """The house (or every player) turns all cards face up."""

    who: str = "house"


@dataclass(frozen=True)
class DrawStep(Step):
    """Each player still in, clockwise from the dealer's left, discards from
    ``discard_min`` to ``discard_max`` cards (``source``: his ``down`` cards or
    ``any``) and, with ``replace``, receives as many new ones dealt ``face``
    (``down``, ``up``, or ``same``: as the card it replaces).

    ``price``: each new card is bought (paid into the pot) or the player
    declines and keeps his cards (None: the cards are free).
    ``pat_stays_pat``: a player who stood pat at an earlier draw of the hand
    stands pat here too, without being asked."""

    discard_min: int = 0
    discard_max: int = 1
    source: str = "down"
    replace: bool = True
    face: str = "down"
    price: Expression | None = None
    pat_stays_pat: bool = False


@dataclass(frozen=True)
class ExposeStep(Step):
    """Each player still in turns ``count`` of his face-down cards face up, the
    ones he chooses: all at once (``simultaneous``) or ``in_turn``.
    ``count_min``: the fewest he may turn up when fewer are allowed (0: he
    may keep them all hidden); None, exactly ``count``.

    >>> ExposeStep("e", count=1, count_min=0).least, ExposeStep("e", count=2).least
    (0, 2)
    """

    count: int = 1
    mode: str = "simultaneous"
    count_min: int | None = None

    @property
    def least(self) -> int:
        """The fewest cards each player turns up."""
        return self.count if self.count_min is None else self.count_min


@dataclass(frozen=True)
class DeclareStep(Step):
    """Each player still in declares ``high``, ``low`` or ``both`` before the
    showdown, which splits each pot between its two rankings by them.
    ``mode``: ``simultaneous`` (shown at once) or ``in_turn``. ``both``: one
    declaring both must win both ways, ``lose_all`` (else he wins nothing) or
    ``keep_half`` (keeps the half he wins). ``per_pot``: a declaration for
    each pot contested (side pots too), else one for all."""

    mode: str = "simultaneous"
    both: str = "lose_all"
    per_pot: bool = False


@dataclass(frozen=True)
class PassStep(Step):
    """Each player still in chooses ``count`` of his face-down cards and,
    once everybody has chosen, passes them face down to the next player
    still in on his ``left`` (clockwise) or ``right`` (pass the trash)."""

    count: int = 1
    to: str = "left"


@dataclass(frozen=True)
class SplitStep(Step):
    """Each player still in divides his cards into hands of ``sizes`` (five
    and two), set down unseen until the showdown, where the showdown's k-th
    ranking reads his k-th hand. ``down_in_each``: each hand holds at least
    one of his face-down cards; ``ordered``: the first hand must beat the
    second."""

    sizes: tuple[int, ...] = (5, 2)
    down_in_each: bool = False
    ordered: bool = False


@dataclass(frozen=True)
class ShowdownStep(Step):
    """Who shows first, who may muck, and who wins each pot.

    ``rankings``: one name, the best hand takes the pot; several (high and a
    qualifying low), the pot is divided equally between them, a half without
    a qualifying hand going to the other. ``ties``: ``split`` (odd chip by
    ``odd_chip``) or ``first_shown`` (the first of the tied hands to be shown
    takes it all). ``compare``: ``full`` (all five cards count, kickers too)
    or ``combination`` (only the combination's own cards; kickers ignored).
    ``cards_used``: for each ranking, how many of the player's own cards and
    of the community cards his hand uses, exactly (None: any number; a
    community of 0: his own cards only), as Omaha's two and three.
    ``holding_first``: for a ranking, ranks such that a hand whose cards hold
    one of them beats every hand holding none (``{ace_to_five_low: JQK}``)."""

    order: tuple[str, ...] = ("last_aggressor", "first_to_act")
    scope: str = "last_round"  # where the last aggressor / opener is looked for: last_round | hand
    muck: bool = True
    rankings: tuple[str, ...] = ("high",)
    ties: str = "split"
    odd_chip: str = "nearest_dealer"  # nearest_dealer | high_card_suit
    odd_chip_suits: tuple[str, ...] = ()  # the suits for the odd chip, lowest first (empty: the deck's suit order)
    compare: str = "full"
    or_better: tuple[tuple[str, int], ...] = ()  # ranking -> the highest rank a qualifying low may hold
    at_least: tuple[tuple[str, str], ...] = ()  # ranking -> the weakest qualifying hand, as cards
    cards_used: tuple[tuple[int | None, int | None], ...] = ()  # per ranking: (own, community) cards, None: any
    holding_first: tuple[tuple[str, str], ...] = ()  # ranking -> ranks: a hand holding one beats any without

    def qualifier(self, ranking: str) -> tuple[int | None, str | None]:
        """The ``or_better`` and ``at_least`` of one of its rankings (None: none)."""
        return dict(self.or_better).get(ranking), dict(self.at_least).get(ranking)

    def holding(self, ranking: str) -> str | None:
        """The ranks of ``holding_first`` for one of its rankings (None: none)."""
        return dict(self.holding_first).get(ranking)


@dataclass(frozen=True)
class SettleStep(Step):
    """Settlement of each position against the house (banked games).

    ``qualify``: a condition on ``house`` (its best hand). When the house does
    not qualify, ``not_qualified`` says what happens to the ante and the raise.
    Otherwise each hand is compared with the house's: the ante is paid at
    ``ante_odds``, the raise by ``pay_table`` (category label or
    ``royal_flush`` -> odds to 1) on the player's hand; ``tie`` says what a
    hand equal to the house's gets. ``max_payout`` caps the total paid to one
    position in one hand. ``against='pay_table'``: no house hand; the pay
    table pays the ante and every raise on the player's hand alone (with the
    community cards), a hand below every line but at least ``push_from``
    pushes, any other loses; ``raise_pay_table``, when given, pays the raises
    instead (the ante by ``pay_table``). ``ante_bonus``: lines paid on the ante of every
    hand played, whatever the house holds. ``side_bets``: :class:`SideBet`."""

    qualify: Expression
    against: str = "house"  # house | pay_table
    push_from: str | None = None
    ante_bonus: tuple[tuple[str, int], ...] = ()  # lines paid on the ante of a hand played, whatever the house holds
    side_bets: tuple[SideBet, ...] = ()
    ante_odds: int = 1
    not_qualified_ante: Payout = Payout("win", 1)
    not_qualified_raise: Payout = Payout("push")
    pay_table: tuple[tuple[str, int], ...] = ()
    raise_pay_table: tuple[tuple[str, int], ...] = ()  # against the pay table: the raises' own, if any
    tie: str = "push"
    max_payout: Expression | None = None


@dataclass(frozen=True)
class Variant:
    """A loaded, validated variant with its options chosen."""

    name: str
    title: str
    kind: str  # pot | banked
    deck: DeckSpec
    seats: Seats
    stakes: tuple[tuple[str, Expression], ...]  # in file order; expressions may name earlier stakes
    steps: tuple[Step, ...]
    options: tuple[Option, ...] = ()
    chosen: tuple[tuple[str, str], ...] = ()  # option name -> chosen choice
    void: VoidRules = VoidRules()
    wild: WildRules = WildRules()
    when_dealt_up: tuple[UpCardRule, ...] = ()
    kill: KillRules | None = None
    description: str | None = field(default=None, compare=False)
    source: Source = field(default=Source(), compare=False)
    catalogue: str | None = field(default=None, compare=False)  # CATALOGUE:ENTRY this file encodes
    file: str | None = field(default=None, compare=False, repr=False)
    extends: str | None = field(default=None, compare=False)
    strategy: str | None = field(default=None, compare=False)  # the shipped strategy played when none is named
    lineage: tuple[str, ...] = field(default=(), compare=False)  # its name, then each it extends (spec.lineage)

    def __post_init__(self) -> None:
        if not self.lineage:  # not loaded from a file (built by hand): its own name
            object.__setattr__(self, "lineage", (self.name,))

    @property
    def is_banked(self) -> bool:
        return self.kind == "banked"

    def stake_values(self, overrides: Mapping[str, int] | None = None) -> dict[str, int]:
        """Every stake as a number, later stakes computed from earlier ones; an
        override replaces a stake's value (and so every stake computed from it)."""
        values: dict[str, int] = {}
        overrides = dict(overrides or {})
        for name, expr in self.stakes:
            values[name] = int(overrides.pop(name)) if name in overrides else int(expr(values))
        return values

    def option_choice(self, name: str) -> str:
        return dict(self.chosen)[name]

    def changed_options(self) -> str:
        """The options chosen away from their defaults, ``name=choice`` joined by commas ('' for none)."""
        defaults = {o.name: o.default for o in self.options}
        return ", ".join(f"{k}={v}" for k, v in self.chosen if defaults.get(k) != v)

    def steps_of(self, kind: type[Step]) -> tuple[Any, ...]:
        """The steps of one class, in order.

        Each is a ``kind``; the result is typed loosely (``Any``) because the
        rule book and diff walk several kinds of step with one loop variable."""
        return tuple(s for s in self.steps if isinstance(s, kind))

    def step(self, step_id: str) -> Step:
        for s in self.steps:
            if s.id == step_id:
                return s
        raise KeyError(step_id)


_STEP_KINDS: dict[type[Step], str] = {
    AnteStep: "ante",
    BlindsStep: "blinds",
    DealStep: "deal",
    DrawStep: "draw",
    ExposeStep: "expose",
    BettingStep: "betting",
    DecisionStep: "decision",
    RevealStep: "reveal",
    DeclareStep: "declare",
    ShowdownStep: "showdown",
    SettleStep: "settle",
    PassStep: "pass",
    SplitStep: "split",
}
