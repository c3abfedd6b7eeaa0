"""Odd chips and the parts of a divided pot: the cards that make a player's
hand (the only cards an odd chip by the highest card may read) and what each
part of a pot divided between rankings is called.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..cards.card import SUIT_NAMES, Card

if TYPE_CHECKING:
    from ..cards.rankings import Ranking

__all__ = ["cards_of_hand", "cards_of_made_hand", "part_names", "no_hand_words"]


def cards_of_hand(
    ranking: Ranking,
    held: Sequence[Card],
    value: float,
    key: Sequence[int],
    adjust: Callable[[Ranking, float], float] | None = None,
) -> tuple[Card, ...]:
    """The cards of the hand worth ``value`` under ``ranking`` among ``held``:
    the fewest that make it; of two ways to make it, the one whose highest
    card is higher by ``key`` (one int per card code: rank, then suit).
    ``adjust``: how the showdown reads a value (kickers dropped); empty when
    no cards make it.

    >>> from studrules.cards.card import parse_cards
    >>> from studrules.cards.rankings import get_ranking
    >>> low = get_ranking("ace_to_five_low")
    >>> held = parse_cards("7s 5c Qh 4c 3c 2c Kc")
    >>> key = list(range(52))  # (any order of the cards)
    >>> " ".join(map(str, cards_of_hand(low, held, low.evaluate(held), key)))
    '7s 5c 4c 3c 2c'
    """
    for size in range(min(ranking.fewest_cards, len(held)), min(5, len(held)) + 1):
        best: tuple[Card, ...] = ()
        top = -1
        for cards in itertools.combinations(held, size):
            try:
                made = ranking.evaluate(list(cards))
            except Exception:  # too few cards for this ranking
                break
            if made is not None and adjust is not None:
                made = adjust(ranking, made)
            if made == value:
                high = max(key[c.code] for c in cards)
                if high > top:
                    best, top = cards, high
        if best:
            return best
    return ()


def cards_of_made_hand(
    ranking: Ranking,
    own: Sequence[Card],
    community: Sequence[Card],
    used: tuple[int | None, int | None],
    value: float,
    key: Sequence[int],
    adjust: Callable[[Ranking, float], float] | None = None,
) -> tuple[Card, ...]:
    """:func:`cards_of_hand` of a hand made of ``used``: exactly so many of the player's own
    cards and of the community cards (None: any number; a community count of 0: his own
    cards only), as the showdown's ``cards_used`` makes it; the cards of the other hands
    he could make are not his hand's.

    >>> from studrules.cards.card import parse_cards
    >>> from studrules.cards.rankings import get_ranking
    >>> high, key = get_ranking("high"), list(range(52))
    >>> own, board = parse_cards("Jh Th 9c 8c 2d"), parse_cards("As Kd Qh 4s 4c")
    >>> " ".join(map(str, cards_of_made_hand(high, own, board, (2, 3), high.evaluate(own[:2] + board[:3]), key)))
    'Jh Th As Kd Qh'
    """
    own_count, community_count = used
    if community_count == 0 or not community:
        return cards_of_hand(ranking, own, value, key, adjust)
    if own_count is None and community_count is None:
        return cards_of_hand(ranking, list(own) + list(community), value, key, adjust)
    take_own = own_count if own_count is not None else 5 - (community_count or 0)
    take_community = community_count if community_count is not None else 5 - take_own
    best: tuple[Card, ...] = ()
    top = -1
    for mine in itertools.combinations(own, take_own):
        for shared in itertools.combinations(community, take_community):
            cards = cards_of_hand(ranking, mine + shared, value, key, adjust)
            high = max((key[c.code] for c in cards), default=-1)
            if high > top:
                best, top = cards, high
    return best


def part_names(rankings: Sequence[Ranking]) -> list[str]:
    """What players call each part of a pot divided between ``rankings``:
    ``high half`` and ``low half``; else by the hand's place.

    >>> from studrules.cards.rankings import get_ranking
    >>> part_names([get_ranking("high"), get_ranking("ace_to_five_low")])
    ['high half', 'low half']
    >>> part_names([get_ranking("high"), get_ranking("badugi")])
    ['high half', 'badugi half']
    >>> part_names([get_ranking("high"), get_ranking("high")])
    ["first hand's half", "second hand's half"]
    """
    known = _PART_NAMES.get(id(rankings))
    if known is not None and known[0] is rankings:
        return known[1]  # (asked at every divided pot: the names of a plan's rankings are kept)
    whole = "half" if len(rankings) == 2 else "share"
    words = [_part_word(r) for r in rankings]
    if len(set(words)) == len(words):
        names = [f"{word} {whole}" for word in words]
    else:
        places = ("first", "second", "third", "fourth", "fifth")
        names = [f"{places[k] if k < len(places) else str(k + 1)} hand's {whole}" for k in range(len(rankings))]
    if isinstance(rankings, tuple):  # a plan's rankings, kept for the hands to come
        _PART_NAMES[id(rankings)] = (rankings, names)
    return names


_PART_NAMES: dict[int, tuple[Sequence[Ranking], list[str]]] = {}  # id(rankings) -> (them, their names)


def no_hand_words(ranking: Ranking) -> str:
    """What a player holds under ``ranking`` when his cards make no hand of it
    (a low that does not qualify, no badugi, no spade in the hole).

    >>> from studrules.cards.rankings import get_ranking
    >>> no_hand_words(get_ranking("eight_or_better_low")), no_hand_words(get_ranking("high_spade_in_the_hole"))
    ('no low', 'no spade in the hole')
    """
    word = _part_word(ranking)
    return f"no {word} in the hole" if ranking.hole_cards_only else f"no {word}"


def _part_word(ranking: Ranking) -> str:
    """What players call a ranking's part of a pot: ``high``, ``low``,
    ``badugi``, ``spade`` (a hole card of a suit)."""
    suit = getattr(ranking, "suit", None)
    if isinstance(suit, str):
        return SUIT_NAMES[suit][:-1]
    if ranking.name.startswith("badugi"):
        return "badugi"
    return "low" if getattr(ranking, "aims_low", False) else "high"
