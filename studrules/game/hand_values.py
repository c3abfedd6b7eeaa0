"""What a hand is worth at the showdown: each ranking's evaluator (the
evaluator's own function for plain high hands), the words of a value (kept
per ranking), the best of more than nine cards, a hand made of so many own
and community cards, and a value with the kickers dropped. Used by the
showdown and the declarations of :class:`~studrules.game.hand.Hand`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..cards.card import Card

if TYPE_CHECKING:
    from ..cards.rankings import Ranking

__all__ = ["best_of_nine", "made_of_value"]


_EVALUATORS: dict[int, tuple[Ranking, Callable[[Sequence[Card]], float | None]]] = {}  # id(ranking) -> (it, evaluate)


def _evaluator(ranking: Ranking) -> Callable[[Sequence[Card]], float | None]:
    """The ranking's evaluate; for high hands the evaluator's own function
    (``HighRanking.evaluate`` only passes the cards on to it when the ace
    plays low in straights)."""
    known = _EVALUATORS.get(id(ranking))
    if known is not None and known[0] is ranking:
        return known[1]
    from ..cards.evaluator import evaluate
    from ..cards.rankings import HighRanking

    plain = (
        isinstance(ranking, HighRanking) and type(ranking).evaluate is HighRanking.evaluate and ranking.ace_low_straight
    )
    function = evaluate if plain else ranking.evaluate
    _EVALUATORS[id(ranking)] = (ranking, function)
    return function


_WORDS: dict[int, tuple[Ranking, dict[float, str | None]]] = {}  # id(ranking) -> (it, {value: words})


def _words_of(ranking: Ranking) -> dict[float, str | None]:
    # keyed by id, kept with the ranking itself: a ranking made later at a dead one's
    # address (a low half's) must not read the dead one's words (a high hand's)
    known = _WORDS.get(id(ranking))
    if known is None or known[0] is not ranking:
        known = _WORDS[id(ranking)] = (ranking, {})
    return known[1]


def _describe(ranking: Ranking, value: float | None, cards: Sequence[Card] | None) -> str | None:
    if value is None:
        return None
    cache = _words_of(ranking)
    words = cache.get(value)
    if words is None:
        words = cache[value] = _describe_now(ranking, value)
    return words


def _describe_now(ranking: Ranking, value: float) -> str | None:
    try:
        return ranking.describe(value)
    except Exception:  # a ranking that cannot describe a compared value
        return None


def best_of_nine(evaluate: Callable[[Sequence[Card]], float | None], cards: Sequence[Card]) -> float | None:
    """The best value of ``cards`` when a hand may hold more than the nine an
    evaluator takes (extra cards earned in the deal): the best of every nine
    of them, the best five being among some nine.

    >>> from studrules.cards.card import parse_cards
    >>> from studrules.cards.evaluator import evaluate
    >>> best_of_nine(evaluate, parse_cards("2c 3d 4h 6s 8c 9d Jh Qs Ks Ad")).describe()
    'ace-king-queen-jack-nine high'
    """
    if len(cards) <= 9:
        return evaluate(cards)
    best: float | None = None
    for nine in itertools.combinations(cards, 9):
        value = evaluate(list(nine))
        if value is not None and (best is None or value > best):
            best = value
    return best


def made_of_value(
    evaluate: Callable[[Sequence[Card]], float | None],
    own: Sequence[Card],
    community: Sequence[Card],
    own_count: int | None,
    community_count: int | None,
) -> float | None:
    """The best value of a five-card hand made of exactly ``own_count`` of
    the player's cards and ``community_count`` of the community cards (None:
    any number; a community count of 0: his own cards only).

    >>> from studrules.cards.card import parse_cards
    >>> from studrules.cards.evaluator import evaluate
    >>> own, board = parse_cards("Ah Ad Kc Qd 2s"), parse_cards("As Ks Qs Js Ts")
    >>> made_of_value(evaluate, own, board, 2, 3).describe()  # Omaha: Kc Qd and As Js Ts beat three aces
    'straight, ace high'
    >>> made_of_value(evaluate, own, board, None, 0).describe()  # his own five only
    'pair of aces, king-queen-two kickers'
    """
    if community_count == 0 or not community:
        return best_of_nine(evaluate, own)
    if own_count is None and community_count is None:
        return best_of_nine(evaluate, list(own) + list(community))
    take_own = own_count if own_count is not None else 5 - (community_count or 0)
    take_community = community_count if community_count is not None else 5 - take_own
    best: float | None = None
    for mine in itertools.combinations(own, take_own):
        for shared in itertools.combinations(community, take_community):
            value = evaluate(mine + shared)
            if value is not None and (best is None or value > best):
                best = value
    return best


def _combination_value(ranking: Ranking, value: float) -> float:
    """Only the combination's own cards count: kickers are dropped (a hand
    made with wild cards, a four-flush and a qualified ranking's hand included).

    >>> from studrules.cards.rankings import get_ranking
    >>> from studrules.cards.ranking_wilds import with_wilds
    >>> from studrules.cards.wild import of_ranks
    >>> deuces = with_wilds(get_ranking("high"), of_ranks("2"))
    >>> five_kings, aces = (_combination_value(deuces, deuces.evaluate(h)) for h in ("Kc Kd Kh 2s 2c", "Ac Ad 9h 7s 4c"))
    >>> five_kings > aces, _combination_value(deuces, deuces.evaluate("Ac Ad Kh 7s 3c")) == aces
    (True, True)
    """
    from ..cards.evaluator import Category, HandValue, pack_signature
    from ..cards.ranking_wilds import BetterOf, WildRanking
    from ..cards.rankings import HighRanking
    from ..cards.rankings_high import FourFlushHigh
    from ..cards.rankings_qualified import HOLDING_STEP, HoldingFirst, Qualified

    while isinstance(ranking, (Qualified, BetterOf, HoldingFirst)):
        if isinstance(ranking, HoldingFirst):
            if value >= HOLDING_STEP:  # (holding one of the ranks: above every hand holding none)
                return _combination_value(ranking.base, value - HOLDING_STEP) + HOLDING_STEP
            ranking = ranking.base
        else:
            ranking = ranking.readings[0] if isinstance(ranking, BetterOf) else ranking.base
    if isinstance(ranking, WildRanking) and ranking.name == "high":
        return _wild_combination(value)
    if isinstance(ranking, FourFlushHigh) and (place := ranking.four_place(value)) is not None:
        # a four-straight (by its top card) or a four-flush (its four suited cards): above every pair
        return pack_signature(Category.PAIR, (15,)) + 1 + place // 13
    if type(value) is float and isinstance(ranking, HighRanking):
        # a wheel that is not a straight (the high ranking without ace-low straights)
        category, ranks = ranking.signature(value)
    else:
        try:
            hv = HandValue(int(value))
        except ValueError:
            return value
        category = hv.category
        ranks = hv.ranks
    return pack_signature(category, ranks[: _KEPT.get(category, len(ranks))])


#: The ranks a combination keeps, by category (the others keep all: straights, flushes).
_KEPT = {0: 1, 1: 1, 2: 2, 3: 1, 6: 2, 7: 1}


def _wild_combination(value: float) -> float:
    """:func:`_combination_value` of a high hand counting wild cards (its value from
    :func:`~studrules.cards.wild.evaluate_wild`): five of a kind keeps its place (above the
    straight flush, below it, or below the royal flush), five wild cards stay on top, and a
    natural hand keeps its edge over the same hand made with a wild card."""
    from ..cards.evaluator import MAX_VALUE, Category, category_floor, pack_signature
    from ..cards.wild import FIVE_OF_A_KIND, FIVE_WILDS_CATEGORY, NATURAL_BONUS, is_natural, signature_of

    category, ranks = signature_of(value)
    if category == FIVE_WILDS_CATEGORY:
        packed = pack_signature(FIVE_WILDS_CATEGORY + 1, ())
    elif category == FIVE_OF_A_KIND and value < category_floor(Category.STRAIGHT_FLUSH):
        packed = pack_signature(Category.FOUR_OF_A_KIND, (15, *ranks))  # above four aces
    elif category == FIVE_OF_A_KIND and value < MAX_VALUE:
        packed = pack_signature(Category.STRAIGHT_FLUSH, (13, *ranks))  # above king high, below the royal
    else:
        packed = pack_signature(category, ranks[: _KEPT.get(category, len(ranks))])
    return packed + NATURAL_BONUS if is_natural(value) else packed
