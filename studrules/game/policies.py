"""Who decides at the table: policies (bots, or a person at a terminal).

A :class:`Policy` has a ``name`` and one method, ``act(view) -> Action``.
It receives the :class:`~studrules.game.view.View` of its own seat -- its own
down cards, every up card, the betting -- never the :class:`~studrules.game.hand.Hand`,
so a bot cannot peek. :func:`play_hand` asks each seat's policy in turn
until the hand is over::

    >>> from studrules.spec.loader import load_variant
    >>> from studrules.game.hand import Hand
    >>> from studrules.spec.resources import default_variant
    >>> v = load_variant(default_variant())
    >>> h = Hand(v, ["Ann", "Bob", "Cat"], 100, seed=3)
    >>> r = play_hand(h, {"Ann": CheckCall(), "Bob": make_policy("random", seed=1), "Cat": make_policy("sensible", variant=v)})
    >>> sum(r.net.values())
    0

Shipped bots (see :func:`make_policy` for their names):

- :class:`CheckCall`: checks, calls, posts the bring-in, shows at showdown;
- :class:`RandomPolicy`: any legal action and amount at random (its own seeded
  :class:`random.Random`, so the same seed plays the same way);
- :class:`Sensible`: a rule-based player for pot games -- plays pairs and
  high visible strength, raises strong made hands, folds a hopeless hand
  against a visibly stronger board; deterministic;
- :class:`StrategyPolicy`: a banked game's strategy (:mod:`studrules.spec.strategies`)
  deciding against the house's up cards; :class:`GameStrategyPolicy`: each game's own.

Neither the random nor the sensible bot raises more than :data:`MAX_OWN_RAISES`
times in one betting round (it then calls, or the random bot picks among the
rest): two bots with strong hands heads-up, where no cap stops the raising, do
not raise each other without end, whatever the stacks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..cards.card import MAX_JOKERS, full_deck, is_joker, joker, parse_cards
from ..errors import ArgumentError, StudrulesError, close_matches
from .actions import Action, LegalAction, fewest_cards
from .declare import likely_declaration
from .policy_base import Policy, _legal, _passive, policy_action, policy_problem
from .policy_reading import (
    card_to_give_up,
    count_outs,
    folds_to,
    offer_deals,
    ranking_of,
    strength_class,
    unseen_cards,
    visible_strength,
)
from .strategy_policy import GameStrategyPolicy, StrategyPolicy
from .wilds import counted_ranking, joker_holes, rank_char, showing_ranking, wild_ranks_of

if TYPE_CHECKING:
    from ..cards.card import Card
    from ..cards.rankings import Ranking
    from ..spec.model import UpCardRule, Variant, WildRules
    from .hand import Hand
    from .result import HandResult
    from .view import View

__all__ = [
    "Policy",
    "CheckCall",
    "RandomPolicy",
    "Sensible",
    "StrategyPolicy",
    "GameStrategyPolicy",
    "POLICY_NAMES",
    "bot_kind",
    "MAX_OWN_RAISES",
    "make_policy",
    "default_policies",
    "policy_action",
    "play_hand",
]

#: The bot names :func:`make_policy` knows (``strategy:NAME`` takes any banked strategy).
POLICY_NAMES = ("check-call", "random", "sensible", "strategy", "strategy:NAME")

#: The most times a bot (:class:`RandomPolicy`, :class:`Sensible`) raises in one betting round.
MAX_OWN_RAISES = 3


def own_raises(view: View) -> int:
    """How many times the seat of ``view`` has raised in the current betting round (0 outside
    one: a decision against the house is not a betting round).

    >>> from studrules.game.events import Event
    >>> view = type("V", (), {"round": 2, "own_events": (Event("raise", "Ann", 1), Event("raise", "Ann", 2))})()
    >>> own_raises(view)
    1
    """
    number = view.round
    if not number:
        return 0
    return sum(1 for e in view.own_events if e.type == "raise" and e.round == number)


class UnknownPolicyError(StudrulesError, ValueError):
    """A policy name that :func:`make_policy` does not know."""


class CheckCall(Policy):
    """Never folds, never raises: checks, calls, brings in, shows.

    In a game against the house it raises (it stays in every hand)."""

    name = "check-call"
    checks_and_calls = True

    def act(self, view: View) -> Action:
        return _passive(view)


class RandomPolicy(Policy):
    """Any legal action, any allowed amount, at random; ``seed`` makes it repeatable.

    It does not fold when it may check (folding then is not allowed anyway
    in most variants), and does not raise again once it has raised
    :data:`MAX_OWN_RAISES` times in the betting round."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action:
        rng = self.rng
        legal: Sequence[LegalAction] = view.legal
        verbs = [la.action for la in legal]
        if "check" in verbs and "fold" in verbs:
            legal = [la for la in legal if la.action != "fold"]
        if "raise" in verbs and len(legal) > 1 and own_raises(view) >= MAX_OWN_RAISES:
            legal = [la for la in legal if la.action != "raise"]
        la = rng.choice(legal)
        if la.choices and la.min is not None and la.max is not None:  # some of these cards (discard)
            chosen = rng.sample(la.choices, rng.randint(la.min, la.max))
            return Action(view.player, la.action, word=" ".join(chosen) or None)
        if la.choices:
            return Action(view.player, la.action, word=rng.choice(la.choices))
        amount = None
        if la.action in ("complete", "bet", "raise"):
            if la.to:
                amount = rng.choice(la.to)
            elif la.min is not None and la.max is not None:
                amount = rng.randint(la.min, la.max)
        return Action(view.player, la.action, amount)


# --------------------------------------------------------------------------
# the sensible bot


class Sensible(Policy):
    """A plain rule-based player for pot games, deterministic.

    - bring-in: completes with a pair or strong cards, else posts the bring-in;
    - facing a bet: folds when some opponent's up cards alone beat its whole
      hand and it holds little, or when it holds nothing and the price is
      more than a fifth of the pot; raises strong made hands (at most
      :data:`MAX_OWN_RAISES` times a betting round); else calls;
    - first to speak: bets a good hand that no board beats, else checks;
    - a card for a price (an extra card an up card offers, a new card in the
      place of one of his at a draw): counts the cards it has not seen that
      would make its hand better by the rankings in play (a pair, two pair,
      a flush...; a new low rank, a lower five: :func:`~.policy_reading.count_outs`),
      giving up at a draw the card whose replacement helps most often; buys
      when some card helps, the price leaves it chips behind, no board beats
      a hand it would fold to a bet, and the price is at most a fifth of the
      pot or the chance of a better hand pays it (outs / unseen cards at
      least price / the pot after paying); else declines. Where declining
      folds, it pays when it would call that price in a betting round. At a
      draw whose new cards are free it gives up the same card where some
      card would help, and else stands pat;
    - showdown: mucks only when, in every pot it may win, a shown hand of a
      player who may win that pot beats it under every ranking;
    - in a game against the house, it plays the game's own strategy (:class:`GameStrategyPolicy`).

    ``ranking``: how hands compare (a name, a :class:`~studrules.cards.rankings.Ranking`,
    or None for high); ``showdown``: the rankings of the showdown (for hi-lo
    splits). :func:`make_policy` with a variant fills both in.
    """

    name = "sensible"

    def __init__(self, ranking: Ranking | str | None = None, showdown: Iterable[Ranking | str | None] = ()):
        self.ranking = ranking_of(ranking)
        self.showdown = tuple(ranking_of(r) for r in showdown) or (self.ranking,)
        self._wild: WildRules | None = None  # the variant's wild cards (begin)
        self._wild_rules: WildRules | None = None  # the same, or the deck's jokers alone (begin)
        self._judges = self._judged_by()
        self._house: GameStrategyPolicy | None = None  # a game against the house: its own strategy
        self._deck: tuple[Card, ...] = full_deck()  # the cards of the deck (begin)
        self._offers: tuple[UpCardRule, ...] = ()  # the up-card rules that ask a price (begin)
        self._draws_replace = False  # every draw of the variant deals new cards for those given up (begin)

    def begin(self, variant: Variant) -> None:
        """Judge hands by this variant's ranking and showdown rankings (a game against the
        house: play its own strategy)."""
        from ..cards.rankings import ranking_for
        from ..spec.model import DrawStep, ShowdownStep

        if variant.is_banked:
            self._house = self._house or GameStrategyPolicy()
            self._house.begin(variant)
            return
        self._house = None

        # (a joker face up read as it plays, as the table orders the boards)
        self.ranking = showing_ranking(variant)
        steps = variant.steps_of(ShowdownStep)
        names = steps[-1].rankings if steps else ()
        self.showdown = tuple(ranking_for(variant.deck, r) for r in names) or (self.ranking,)
        wild = variant.wild
        self._wild = wild if wild.ranks or wild.follow or wild.low_hole or wild.low_card else None
        self._wild_rules = variant.wild if variant.wild.any else None  # (the jokers too)
        self._judges = self._judged_by()
        self._deck = variant.deck.contents()
        self._offers = tuple(r for r in variant.when_dealt_up if r.price is not None)
        draws = variant.steps_of(DrawStep)
        self._draws_replace = bool(draws) and all(d.replace for d in draws)

    def _judged_by(self) -> tuple[Ranking, ...]:
        """The rankings a holding is judged by: the deck's, and each other of the showdown."""
        out = [self.ranking]
        for ranking in self.showdown:
            if all(ranking.name != o.name for o in out):
                out.append(ranking)
        return tuple(out)

    def act(self, view: View) -> Action:
        if self._house is not None:
            return self._house.act(view)
        legal = _legal(view)
        me = view.player
        if "show" in legal or "muck" in legal:
            return Action(me, self._show_or_muck(view, legal))
        if "declare" in legal:
            return Action(me, "declare", word=likely_declaration([c for c, _ in view.cards], self._as_counted(view)))
        if "bring-in" in legal or "call" in legal or "check" in legal or "bet" in legal or "complete" in legal:
            return self._bet(view, legal)
        if "buy" in legal or "decline" in legal:
            return self._buy(view, legal)
        if "discard" in legal and self._draws_replace:
            return self._draw(view, legal["discard"])
        return _passive(view)

    # -- showdown
    def _show_or_muck(self, view: View, legal: Mapping[str, LegalAction]) -> str:
        if "muck" not in legal:
            return "show"
        if "show" not in legal:
            return "muck"
        mine = view.my_cards
        seat = {p: i for i, p in enumerate(view.players)}
        shown = {
            seat.get(e.player or "", -1): e.cards
            for e in view.events
            if e.type == "show" and e.player != view.player and e.cards
        }
        if not shown:
            return "show"
        me = seat[view.player]
        counted = self._as_counted(view)  # (his wild cards count: a hand made with them is no muck)
        theirs = {s: self._counted_for(view, view.players[s], cards) for s, cards in shown.items() if s >= 0}
        for eligible in view.pots or (tuple(range(len(view.players))),):
            if me not in eligible:
                continue
            rivals = [s for s in shown if s in eligible and s in theirs]  # a side pot is not lost to an all-in hand
            for k, ranking in enumerate(counted):
                try:
                    my_value = ranking.evaluate(mine)
                except Exception:
                    return "show"
                if my_value is None:
                    continue
                best = None
                for s in rivals:
                    try:
                        value = theirs[s][k].evaluate(shown[s])
                    except Exception:
                        value = None
                    if value is not None and (best is None or value > best):
                        best = value
                if best is None or my_value >= best:
                    return "show"
        return "muck"

    def _as_counted(self, view: View) -> tuple[Ranking, ...]:
        """The showdown's rankings as they count this seat's cards: his wild cards and the jokers wild."""
        rules = self._wild_rules
        if rules is None:
            return self.showdown
        down = [c for c, face in view.cards if face == "down"]
        holes = joker_holes(rules, down, view.own_events, view.player)
        return tuple(counted_ranking(r, rules, view.wild_rank, down, view.my_cards, holes) for r in self.showdown)

    def _counted_for(self, view: View, player: str, cards: Sequence[Card]) -> tuple[Ranking, ...]:
        """The showdown's rankings as they count a rival's shown ``cards`` (his wild cards: those
        face down are the shown cards not among his up cards; a joker he was dealt face down
        counted as one dealt up, which can only make his hand weaker, and a muck rarer)."""
        rules = self._wild_rules
        if rules is None:
            return self.showdown
        up = view.up_cards.get(player) or ()
        down = [c for c in cards if c not in up]
        return tuple(counted_ranking(r, rules, view.wild_rank, down, cards) for r in self.showdown)

    def _wild_ranks(self, view: View) -> str:
        """The ranks wild for this seat now: the fixed ones, the followed card's, his lowest down card's."""
        assert self._wild is not None
        down = [c for c, face in view.cards if face == "down"]
        return wild_ranks_of(self._wild, view.wild_rank, down, view.my_cards)

    def _reading(self, view: View) -> tuple[list[Card], list[Card], int, bool]:
        """His cards, the same as judged (a wild card as a joker is: roughly an ace), the
        class of his holding (the best of its chances at every part of the pot: a hi-lo
        hand may play for the low half), and whether some opponent's up cards alone beat
        his whole hand."""
        me = view.player
        ranking = self.ranking
        mine = list(view.my_cards)
        judged = mine
        if self._wild is not None:
            wild = self._wild_ranks(view)
            # each wild card judged as a joker he does not hold; past the jokers there are (five wild
            # cards already make the best hand) the card stands for itself
            jokers = iter([joker(n) for n in range(1, MAX_JOKERS + 1) if joker(n) not in mine])
            judged = [next(jokers, c) if not is_joker(c) and rank_char(c) in wild else c for c in mine]
        klass = max(strength_class(r, judged) for r in self._judges)
        my_value = visible_strength(ranking, mine) if mine else 0
        beaten = False
        for i, p in enumerate(view.players):
            if p == me or view.folded[i]:
                continue
            up = view.up_cards.get(p) or ()
            if up and visible_strength(ranking, up) > my_value:
                beaten = True
                break
        return mine, judged, klass, beaten

    # -- betting
    def _bet(self, view: View, legal: Mapping[str, LegalAction]) -> Action:
        me = view.player
        _, _, klass, beaten = self._reading(view)

        def aggressive(verb: str) -> Action:
            return Action(me, verb, legal[verb].least_total())

        if "bring-in" in legal:
            if klass >= 2 and "complete" in legal:
                return aggressive("complete")
            return Action(me, "bring-in")
        if "call" in legal:
            if "fold" in legal and folds_to(klass, beaten, legal["call"].amount or 0, view.pot):
                return Action(me, "fold")
            if klass >= 3 and not beaten and "raise" in legal and own_raises(view) < MAX_OWN_RAISES:
                return aggressive("raise")
            return Action(me, "call")
        if "check" in legal:
            if klass >= 2 and not beaten:
                for verb in ("bet", "complete"):
                    if verb in legal:
                        return aggressive(verb)
            return Action(me, "check")
        # checking is not allowed here: open with a hand, else fold
        for verb in ("bet", "complete"):
            if verb in legal and (klass >= 1 or "fold" not in legal):
                return aggressive(verb)
        if "fold" in legal:
            return Action(me, "fold")
        return _passive(view)

    # -- a card for a price, a new card at a draw
    def _buy(self, view: View, legal: Mapping[str, LegalAction]) -> Action:
        """Buy or decline (or pay or fold): the class's rules for a card for a price."""
        me = view.player
        no = "decline" if "decline" in legal else "fold"
        buy = legal.get("buy")
        if buy is None:  # (his stack does not pay the price)
            return Action(me, no) if no in legal else _passive(view)
        mine, judged, klass, beaten = self._reading(view)
        unseen = unseen_cards(view, self._deck)
        word = None
        if buy.choices:  # a new card in the place of one (or more) of his
            word, outs = self._give_up(view, buy, mine, judged, unseen)
            cost, dealt = (buy.amount or 0) * max(1, buy.min or 0), True
        else:  # an extra card an up card offers (or, where declining folds, perhaps none)
            outs = count_outs(self._judges, judged, unseen, judged=self._as_judged(view))
            cost, dealt = buy.amount or 0, offer_deals(self._offers, view, no)
        stack = view.stacks[view.players.index(me)]
        pot = view.pot
        worth = (
            dealt
            and outs > 0
            and cost < stack  # not all in for a card
            and not (beaten and klass <= 1)  # a hand he would fold to a bet: dead
            and (cost * 5 <= pot or outs * (pot + cost) >= cost * len(unseen))
        )
        if no == "fold" and not worth:  # to keep his hand at all: a call of the price
            worth = not folds_to(klass, beaten, cost, pot)
        if worth or no not in legal:
            return Action(me, "buy", word=word)
        return Action(me, no)

    def _draw(self, view: View, discard: LegalAction) -> Action:
        """At a draw whose new cards are free: the card whose replacement helps most, when
        one may help (or as few as he must give up); else he stands pat."""
        if not discard.choices or not discard.max:
            return _passive(view)
        mine, judged, _, _ = self._reading(view)
        word, outs = self._give_up(view, discard, mine, judged, unseen_cards(view, self._deck))
        if outs > 0 or discard.min:
            return Action(view.player, "discard", word=word)
        return Action(view.player, "discard")

    def _give_up(
        self, view: View, la: LegalAction, mine: list[Card], judged: list[Card], unseen: list[Card]
    ) -> tuple[str, int]:
        """The cards to give up for new ones (the one whose replacement helps most, then
        his lowest as the step asks for more) and how many unseen cards would help."""
        aims_low = self.ranking.aims_low
        allowed = [mine.index(c) for c in parse_cards(" ".join(la.choices or ()))]
        index, outs = card_to_give_up(
            self._judges, judged, allowed, unseen, judged=self._as_judged(view), aims_low=aims_low
        )
        others = tuple(c for c in la.choices or () if c != str(mine[index]))
        more = fewest_cards(LegalAction(la.action, min=max(1, la.min or 0) - 1, choices=others), aims_low=aims_low)
        return " ".join([str(mine[index]), *(more.split() if more else ())]), outs

    def _as_judged(self, view: View) -> Callable[[Card], Card]:
        """How a card counts for this seat: a card of a rank wild for him as a joker."""
        wild = self._wild_ranks(view) if self._wild is not None else ""
        first = joker(1)
        return lambda card: first if wild and not is_joker(card) and rank_char(card) in wild else card


# --------------------------------------------------------------------------
# making policies by name, playing a hand


def make_policy(spec: str, seed: int | None = None, *, variant: Variant | None = None) -> Policy:
    """A policy from its name: ``check-call``, ``random``, ``sensible``, ``strategy`` (each
    game's own strategy), ``strategy:NAME``.

    ``seed``: for ``random``. ``variant``: lets ``sensible`` judge hands by the
    variant's ranking (low games) and showdown rankings.

    >>> make_policy("check-call").name, make_policy("strategy:basic").name
    ('check-call', 'strategy:basic')
    >>> make_policy("shark")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    studrules.game.policies.UnknownPolicyError: unknown bot 'shark': the bots are check-call, random, sensible, strategy, strategy:NAME (a banked strategy: ace-king-or-better, basic, ...)
    """
    text = str(spec).strip()
    kind = bot_kind(text)
    if kind == "check-call":
        return CheckCall()
    if kind == "random":
        return RandomPolicy(seed)
    if kind == "sensible":
        policy = Sensible()
        if variant is not None:
            policy.begin(variant)
        return policy
    if kind == "strategy":
        own = GameStrategyPolicy()
        if variant is not None:
            own.begin(variant)
        return own
    name = text.split(":", 1)[1] if ":" in text else text.split("=", 1)[1]
    from ..spec.strategies import load_strategy

    return StrategyPolicy(load_strategy(name.strip(), variant) if variant is not None else load_strategy(name.strip()))


def bot_kind(spec: str) -> str:
    """The kind of bot a name gives: ``check-call``, ``random``, ``sensible``,
    ``strategy`` or ``strategy:`` (a strategy by name or file, read when the
    bot is made); a name that is no bot raises :class:`UnknownPolicyError`
    with the closest bot.

    >>> bot_kind("Calling_Station"), bot_kind("strategy:my-file.yaml")
    ('check-call', 'strategy:')
    >>> bot_kind("sensibel")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    studrules.game.policies.UnknownPolicyError: unknown bot 'sensibel' (did you mean 'sensible'?): the bots are ...
    """
    text = str(spec).strip()
    key = text.lower().replace("_", "-")
    if key in ("check-call", "checkcall", "call", "calling-station"):
        return "check-call"
    if key in ("random", "sensible", "strategy"):
        return key
    if key.startswith("strategy:") or key.startswith("strategy="):
        return "strategy:"
    try:
        from ..spec.strategies import shipped_strategies

        names = ", ".join(shipped_strategies())
    except Exception:  # pragma: no cover
        names = "fold, raise, pair-or-better, ace-king-or-better, basic"
    if not names.endswith("..."):
        names = names + ", ..."

    close = close_matches(text, [*POLICY_NAMES, *(f"strategy:{n}" for n in names.split(", "))])
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    raise UnknownPolicyError(
        f"unknown bot '{text}'{hint}: the bots are {', '.join(POLICY_NAMES)} (a banked strategy: {names})"
    )


_NO_BEGIN = Policy.begin


def play_hand(hand: Hand, policies: Mapping[str, Policy]) -> HandResult:
    """Play ``hand`` to its end, asking each seat's policy with that seat's view;
    returns the :class:`~studrules.game.result.HandResult`.

    A seat without a policy takes :meth:`~studrules.game.hand.Hand.default_action`.

    >>> from studrules.game.hand import Hand
    >>> from studrules.spec.loader import load_variant
    >>> hand = Hand(load_variant("razz"), ["Ann", "Bob", "Cat"], 100, seed=4)
    >>> result = play_hand(hand, {p: CheckCall() for p in hand.players})
    >>> hand.over, sum(result.net.values())  # a pot game: what one wins the others lose
    (True, 0)

    A policy that answers for another seat, or with an illegal action, raises
    :class:`~studrules.errors.IllegalActionError`. Each policy's
    :meth:`Policy.begin` is called first with the hand's variant. A policy
    whose :attr:`Policy.checks_and_calls` is true is not asked in a betting
    round where checking is plain: the hand checks or calls for it."""
    names = hand.players
    seated = [policies.get(name) for name in names]
    for policy in seated:
        if isinstance(policy, type):  # (the class, not one of it: its act would take the view for self)
            raise ArgumentError(str(policy_problem(names[seated.index(policy)], policy)))
        begin = getattr(policy, "begin", None)
        if begin is not None and getattr(begin, "__func__", None) is not _NO_BEGIN:  # (Policy's does nothing)
            begin(hand.variant)
    passive = [getattr(policy, "checks_and_calls", False) is True for policy in seated]
    while not hand.over:
        seat = hand.to_act_seat
        assert seat is not None  # (a hand not over has a player to act)
        if passive[seat] and hand.phase == "betting" and hand.round_rules.plain_check:
            hand.check_or_call()  # what the policy would choose from its view
            continue
        policy = seated[seat]
        if policy is None:
            action = hand.default_action()
            assert action is not None  # (the same)
        else:
            action = policy_action(policy, hand, seat, names[seat])
        hand.apply(action)
    return hand.result()


def default_policies(variants: Iterable[Variant]) -> tuple[str, ...]:
    """The bots that play these variants when none are named: ``sensible``; in games against
    the house only, ``strategy``: each game's own strategy, the one ``simulate`` plays
    (:class:`GameStrategyPolicy`).

    >>> from studrules.spec.examples import example_variant
    >>> default_policies([example_variant("one-round")])
    ('sensible',)
    """
    variants = list(variants)
    if not variants or not all(v.is_banked for v in variants):
        return ("sensible",)
    return ("strategy",)
