"""The names an expression may use, by where it stands.

The loader compiles each expression against one of these tables, so an
unknown name is a load-time error; the interpreter supplies exactly these
names when it evaluates. Stake names (``ante``, ``low_limit``...) come from
the variant itself and are added to every table.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from .expression_language import BOOL, HAND, NUMBER, ExprType

__all__ = [
    "TABLE_NAMES",
    "HOUSE_NAMES",
    "DECISION_NAMES",
    "RAISE_MAX_NAMES",
    "DECISION_REFUSED",
    "hand_constants",
    "wild_hand_constants",
    "category_constants",
    "describe_name",
]

# What the table shows while a hand is played (betting conditions, `when:` of a step).
TABLE_NAMES: Mapping[str, ExprType] = {
    "open_pair": BOOL,  # some player still in the hand shows a pair among his up cards
    "heads_up": BOOL,  # exactly two players are still in the hand
    "antes_posted": BOOL,  # antes were posted before the deal of this hand
    "community_dealt": BOOL,  # a community card has been turned up (the short-deck fallback)
    "players_in": NUMBER,  # players still in the hand
    "players": NUMBER,  # players dealt in at the start of the hand
    "round": NUMBER,  # number of the current betting round (1 for the first)
    "pot": NUMBER,  # chips in the pot, bets of this round included
}

# Settlement against the house: the house's hand and the position's own bets.
HOUSE_NAMES: Mapping[str, ExprType] = {
    "house": HAND,  # the house's best five cards
    "hand": HAND,  # the player's best five cards
    "ante": NUMBER,  # this position's own ante
}

# A decision against the house: its least raise and its unit (``raise``,
# ``raise_unit``) read the position's own ante, the same for every hand; its
# most (``raise_max``) may read his hand too, the best of the cards he holds
# at the decision ("three times the ante with a pair of aces or better"). The
# house's hand is read by none: its cards are not known before they are revealed.
DECISION_NAMES: Mapping[str, ExprType] = {"ante": NUMBER}
RAISE_MAX_NAMES: Mapping[str, ExprType] = {"ante": NUMBER, "hand": HAND}

# Why a decision's amounts do not know a name of the settlement (its load error says it).
DECISION_REFUSED: Mapping[str, str] = {
    "hand": "a decision's least raise and its unit are the same for every hand (only its most, raise_max, may read 'hand')",
    "house": "the house's hand is not known at a decision (its cards are read at the settlement)",
}

_DESCRIPTIONS = {
    "open_pair": "some player still in the hand shows a pair among his up cards",
    "heads_up": "only two players are left in the hand",
    "antes_posted": "antes were posted before the deal",
    "community_dealt": "a community card was turned up",
}


def describe_name(name: str) -> str:
    """Plain words for a condition name (for rule books and diffs)."""
    return _DESCRIPTIONS.get(name, name.replace("_", " "))


@cache
def hand_constants(ranking: str = "high") -> dict[str, tuple[ExprType, int]]:
    """The named hand thresholds: each category's lowest hand, ``ace_king``,
    each pair's lowest hand (``pair_of_jacks``) and each four of a kind's
    (``four_aces``). A ranking that names its own
    (``thresholds()``, as the three-card ranking's ``queen_high``) gives those.

    ``hand >= pair`` reads: the hand is a pair or better; ``hand >= pair_of_jacks``:
    jacks or better.

    >>> hand_constants()["pair_of_twos"] == hand_constants()["pair"]
    True
    >>> t = hand_constants()
    >>> t["straight_flush"][1] > t["four_aces"][1] > t["four_kings"][1] > t["four_twos"][1] == t["four_of_a_kind"][1]
    True
    >>> "queen_high" in hand_constants("three_card_high"), "queen_high" in hand_constants()
    (True, False)
    """
    own = _own_thresholds(ranking)
    if own is not None:
        return {name: (HAND, value) for name, value in own.items()}
    table = dict(category_constants())
    # each pair's lowest hand, for pay tables and strategies ("jacks or better"), and each four of a
    # kind's ("four aces"): worked out from the evaluator's order, with no hand evaluated (so that
    # checking a file does not read the evaluator's tables)
    from ..cards.evaluator import Category, rank_floor

    for rank, word in enumerate(_PAIR_WORDS, start=2):
        table[f"pair_of_{word}"] = (HAND, int(rank_floor(Category.PAIR, rank)))
        table[f"four_{word}"] = (HAND, int(rank_floor(Category.FOUR_OF_A_KIND, rank)))
    return table


@cache
def wild_hand_constants(
    ranking: str = "high", wild_order: tuple[str, str] | None = None
) -> dict[str, tuple[ExprType, float]]:
    """:func:`hand_constants`, with the hands wild cards make where they count in the high
    ranking: ``wild_order`` (``WildRules.order``: where five of a kind ranks, what five wild
    cards are; None: nothing is wild) adds ``five_of_a_kind`` and, where five wild cards are a
    hand of their own, ``five_wilds``.

    >>> dj = wild_hand_constants("high", ("below_royal_flush", "best"))
    >>> dj["straight_flush"][1] < dj["five_of_a_kind"][1] < dj["royal_flush"][1] < dj["five_wilds"][1]
    True
    >>> "five_of_a_kind" in wild_hand_constants("high"), "five_wilds" in wild_hand_constants("high", ("top", "as_cards"))
    (False, False)
    """
    table: dict[str, tuple[ExprType, float]] = dict(hand_constants(ranking))
    if wild_order is not None and ranking == "high":
        from ..cards.wild import FIVE_WILDS, five_of_a_kind_floor

        place, five_wilds = wild_order
        table["five_of_a_kind"] = (HAND, five_of_a_kind_floor(place))
        if five_wilds == "best":
            table["five_wilds"] = (HAND, FIVE_WILDS)
    return table


_PAIR_WORDS: tuple[str, ...] = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens")
_PAIR_WORDS += ("jacks", "queens", "kings", "aces")


@cache
def category_constants() -> dict[str, tuple[ExprType, int]]:
    """The hand thresholds of the categories: each one's lowest hand, ``ace_king`` and ``royal_flush``.

    >>> sorted(category_constants())[:3]
    ['ace_king', 'flush', 'four_of_a_kind']
    """
    from ..cards.evaluator import ACE_KING, MAX_VALUE, Category, category_floor

    table = {c.name.lower(): (HAND, int(category_floor(c))) for c in Category}
    table["ace_king"] = (HAND, int(ACE_KING))
    # royal flush: the highest straight flush, the single best hand: the highest value
    table["royal_flush"] = (HAND, MAX_VALUE)
    return table


def _own_thresholds(ranking: str) -> dict[str, int] | None:
    """The thresholds a ranking names itself, or None (the five-card ones apply)."""
    if ranking == "high":
        return None
    from ..cards.rankings import get_ranking

    try:
        found = get_ranking(ranking)
    except (KeyError, ValueError):  # (an unknown ranking is reported where the deck is checked)
        return None
    thresholds = getattr(found, "thresholds", None)
    return dict(thresholds()) if thresholds is not None else None
