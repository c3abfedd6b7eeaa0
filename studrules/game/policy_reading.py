"""How the sensible bot (:class:`~studrules.game.policies.Sensible`) reads a
holding: a rough class of its strength (:func:`strength_class`, what its
betting goes by), the finer key a card to come is judged by
(:func:`holding_key`), and how many of the cards it cannot see would make its
hand better (:func:`count_outs`, :func:`card_to_give_up`), for a buy.

Every reading is by the ranking's goal: high rankings by pairs and made
hands, low rankings by few, small, distinct ranks. A joker (a wild card is
read as one) counts roughly as an ace. Nothing here is random: the same
cards always read the same.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from ..cards.card import is_joker, parse_cards
from ..cards.evaluator import Category, HandValue, evaluate, group_signature
from .hand_values import best_of_nine
from .wilds import rank_char

if TYPE_CHECKING:
    from ..cards.card import Card
    from ..cards.rankings import Ranking
    from ..spec.model import UpCardRule
    from .view import View

__all__ = [
    "strength_class",
    "holding_key",
    "visible_strength",
    "folds_to",
    "count_outs",
    "card_to_give_up",
    "unseen_cards",
    "offer_deals",
    "ranking_of",
]

_ACES = parse_cards("As Ah Ad Ac")

#: A holding's key under one ranking (:func:`holding_key`).
Key = tuple[int, int, tuple[int, ...]]


def ranking_of(ranking: Ranking | str | None) -> Ranking:
    """A ranking from its name (None: ``high``), or the ranking itself."""
    from ..cards.rankings import get_ranking

    if ranking is None:
        return get_ranking("high")
    if isinstance(ranking, str):
        return get_ranking(ranking)
    return ranking


def strength_class(ranking: Ranking | str | None, cards: Iterable[Card]) -> int:
    """A rough class of a holding, 0 (nothing) to 3 (strong), for the ranking's goal.

    High rankings: 3 = two pair or better, 2 = a pair of tens or better,
    1 = any pair or an ace or king high, 0 = less. Low rankings: a paired
    hand is 0; else the highest of the lowest distinct ranks decides
    (seven or better 3, eight 2, ten 1).

    >>> strength_class(None, _cards("Kd Ks 9h")), strength_class(None, _cards("Ad 7s")), strength_class(None, _cards("9d 7s"))
    (2, 1, 0)
    >>> strength_class("ace_to_five_low", _cards("Ad 3s 6h")), strength_class("ace_to_five_low", _cards("9d 9s"))
    (3, 0)
    >>> strength_class(None, _cards("X1 Ad"))  # a joker counts as an ace
    2
    """
    return holding_key(ranking, cards)[0]


def holding_key(ranking: Ranking | str | None, cards: Iterable[Card]) -> Key:
    """A holding's strength for the ranking's goal, higher is better: its
    :func:`strength_class` first, then, for a high ranking, the category of
    the best hand it makes (pairs and better from any number of cards;
    straights and flushes from five on); for a low ranking, how many distinct
    ranks it holds (five at most) and how low the lowest five of them are.
    A card added never lowers it; a card that makes a hand of a new kind
    (a pair, two pair, a flush; a new low rank, a lower five) raises it.

    >>> holding_key(None, _cards("Kd Ks 9h")) < holding_key(None, _cards("Kd Ks 9h 9c"))  # two pair
    True
    >>> holding_key(None, _cards("Kd Ks 9h")) == holding_key(None, _cards("Kd Ks 9h Ac"))  # an ace kicker: no new hand
    True
    >>> low = "ace_to_five_low"
    >>> holding_key(low, _cards("Ad 2s Kh Kc")) < holding_key(low, _cards("Ad 2s Kh 5c"))  # the pair broken
    True
    """
    if ranking is None or isinstance(ranking, str):
        ranking = ranking_of(ranking)
    cards = list(cards)
    if not cards:
        return (0, 0, ())
    if any(map(is_joker, cards)):  # roughly: a joker is an ace (wild, or the bug)
        spare = iter(c for c in _ACES if c not in cards)
        cards = [next(spare, c) if is_joker(c) else c for c in cards]
        cards = [c for c in cards if not is_joker(c)] or list(_ACES[:1])
    if not ranking.aims_low:
        if len(cards) >= 5:
            # (more than nine cards: extra cards earned; the high evaluator values every hand)
            value = evaluate(cards) if len(cards) <= 9 else HandValue(int(best_of_nine(evaluate, cards) or 0))
            category, ranks = value.category, value.ranks
        else:
            category, ranks = group_signature([c.rank for c in cards])
        if category >= Category.TWO_PAIR:
            klass = 3
        elif category == Category.PAIR:
            klass = 2 if ranks[0] >= 10 else 1
        else:
            klass = 1 if ranks[0] >= 13 else 0
        return (klass, int(category), ())
    # a low ranking: fewer, smaller distinct ranks are better
    ace_high = getattr(ranking, "ace_high", False)
    distinct = sorted({(1 if (c.rank == 14 and not ace_high) else c.rank) for c in cards})
    need = min(len(cards), 5)
    lowest = distinct[:5]
    finer = (len(lowest), tuple(-r for r in reversed(lowest)))
    if len(distinct) < need:
        return (0, *finer)
    top = distinct[need - 1]
    klass = 3 if top <= 7 else 2 if top <= 8 else 1 if top <= 10 else 0
    return (klass, *finer)


def visible_strength(ranking: Ranking, cards: Sequence[Card]) -> int:
    """The ranking's strength of ``cards`` read as a showing (:meth:`~studrules.cards.rankings_base.Ranking.visible`);
    of more than nine (extra cards earned in the deal), the best of every nine of them,
    the best five being among some nine.

    >>> from studrules.cards.rankings import get_ranking
    >>> high = get_ranking("high")
    >>> visible_strength(high, _cards("2c 3d 4h 6s 8c 9d Jh Qs Ks Kd")) == high.visible(_cards("4h 6s 8c 9d Jh Qs Ks Kd 3d"))
    True
    """
    if len(cards) <= 9:
        return ranking.visible(cards)
    return max(ranking.visible(nine) for nine in itertools.combinations(cards, 9))


def folds_to(klass: int, beaten: bool, price: int, pot: int) -> bool:
    """Whether the sensible bot folds rather than pay ``price`` to stay in, its
    holding of class ``klass``: some board beats his whole hand (``beaten``) and
    he holds little, or he holds nothing and the price is more than a fifth of
    the pot.

    >>> folds_to(1, True, 10, 100), folds_to(0, False, 10, 40), folds_to(0, False, 10, 50)
    (True, True, False)
    """
    return (beaten and klass <= 1) or (klass == 0 and price * 5 > pot)


def count_outs(
    rankings: Sequence[Ranking],
    cards: Sequence[Card],
    unseen: Iterable[Card],
    *,
    replacing: int | None = None,
    judged: Callable[[Card], Card] = lambda card: card,
) -> int:
    """How many of the ``unseen`` cards would make ``cards`` better under one
    of ``rankings`` (their :func:`holding_key` higher, none of their classes
    lower): each added to them, or each in the place of the card at index
    ``replacing``. ``judged``: how a card counts for this player (a wild card
    as a joker); ``cards`` are judged already.

    >>> from studrules.cards.rankings import get_ranking
    >>> high = (get_ranking("high"),)
    >>> count_outs(high, _cards("Kd Ks 9h 4c"), _cards("Kh 9d 4s 2c 7d"), replacing=3)  # trips, or two pair
    2
    """
    return _after_each(rankings, cards, unseen, replacing, judged)[0]


def card_to_give_up(
    rankings: Sequence[Ranking],
    cards: Sequence[Card],
    allowed: Iterable[int],
    unseen: Sequence[Card],
    *,
    judged: Callable[[Card], Card] = lambda card: card,
    aims_low: bool = False,
) -> tuple[int, int]:
    """Of the cards at the indexes ``allowed`` (the ones he may give up of
    ``cards``, judged), the index of the one whose replacement would leave
    the strongest hand on the whole (the sum over the unseen cards of the
    best :func:`strength_class` the hand would then have), then most often a
    better one (:func:`count_outs`), then his lowest (his highest where the
    game aims low), a joker last; and how many unseen cards would make it
    better.

    >>> from studrules.cards.rankings import get_ranking
    >>> high = (get_ranking("high"),)
    >>> held = _cards("Ks Qs 9s 5s 8d")
    >>> card_to_give_up(high, held, range(5), _cards("2s 3s 8c 2c 3d"))  # the 8d: a spade makes a flush
    (4, 2)
    >>> card_to_give_up(high, _cards("Qs Jc 7h 5c"), range(4), _cards("Qd Jd 7d 5d 2c"))  # the five: a queen or a jack pairs high
    (3, 3)
    """
    order = sorted(allowed, key=lambda i: 15 if is_joker(cards[i]) else cards[i].rank, reverse=aims_low)
    order.sort(key=lambda i: is_joker(cards[i]))
    best, score = order[0], (-1, -1)
    for i in order:
        outs, strength = _after_each(rankings, cards, unseen, i, judged)
        if (strength, outs) > score:
            best, score = i, (strength, outs)
    return best, score[1]


def _after_each(
    rankings: Sequence[Ranking],
    cards: Sequence[Card],
    unseen: Iterable[Card],
    replacing: int | None,
    judged: Callable[[Card], Card],
) -> tuple[int, int]:
    """For each unseen card added to ``cards`` (or in the place of the card at
    ``replacing``): how many make the hand better, and the sum of the best
    class the hand then has."""
    before = [holding_key(r, cards) for r in rankings]
    rest = [c for i, c in enumerate(cards) if i != replacing]
    suits: dict[str, int] = {}
    for card in rest:
        if not is_joker(card):
            suits[card.suit] = suits.get(card.suit, 0) + 1
    # a card's suit can matter only where the rest holds four of it (a flush of five):
    # else every card of a rank reads the same, and one of them is read for all
    read: dict[tuple[int, str], tuple[bool, int]] = {}
    outs = strength = 0
    for card in unseen:
        card = judged(card)
        key = (0, "") if is_joker(card) else (card.rank, card.suit if suits.get(card.suit, 0) >= 4 else "")
        known = read.get(key)
        if known is None:
            after = [holding_key(r, [*rest, _fresh(card, rest)]) for r in rankings]
            better = any(a > b for a, b in zip(after, before)) and all(a[0] >= b[0] for a, b in zip(after, before))
            known = read[key] = (better, max(a[0] for a in after))
        outs += known[0]
        strength += known[1]
    return outs, strength


def unseen_cards(view: View, deck: Iterable[Card]) -> list[Card]:
    """The cards of ``deck`` the seat of ``view`` has not seen: not his, not
    showing, not in the middle, not one he gave up."""
    seen = set(view.my_cards)
    for cards in view.up_cards.values():
        seen.update(cards)
    seen.update(view.community)
    for e in view.own_events:
        if e.type == "discard" and e.cards:
            seen.update(e.cards)
    return [c for c in deck if c not in seen]


def offer_deals(rules: Iterable[UpCardRule], view: View, no: str) -> bool:
    """Whether the offer the seat of ``view`` answers deals him a card, ``no``
    being how he may refuse it (``decline``, or ``fold``): of the priced
    up-card ``rules`` that refuse so, those of a rank he shows (the card that
    asks is among his up cards); any of them when none is."""
    kind = "fold" if no == "fold" else "keep"
    priced = [r for r in rules if r.decline == kind]
    shown = {rank_char(c) for c in view.up_cards.get(view.player) or ()}
    asking = [r for r in priced if r.rank in shown] or priced
    return any(r.deal != "none" for r in asking) if asking else True


def _fresh(card: Card, held: Sequence[Card]) -> Card:
    """``card`` as one more card of ``held``: a joker not already there."""
    if not is_joker(card) or card not in held:
        return card
    return next(j for j in parse_cards("X1 X2 X3 X4 X5 X6 X7 X8 X9") if j not in held)


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)
