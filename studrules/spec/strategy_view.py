"""What a strategy reads of one player's hand: the view names (``hand``, the cards' ranks,
the house's up card) worked out from his cards, for :class:`~.strategies.Strategy`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .strategy_fit import _CARD_NAMES
from .strategy_rules import VIEW_NAMES
from .strategy_shape import SHAPE_NAMES, shape_view

if TYPE_CHECKING:  # pragma: no cover
    from ..cards.card import Card

__all__ = ["view_features"]


def view_features(
    cards: Iterable[Any] | str,
    house_up: Iterable[Any] | str = (),
    names: Iterable[str] | None = None,
    *,
    ranking: str = "high",
    valued_by: Any = None,
) -> dict[str, Any]:
    """The view names for one player: ``hand``, card ranks, ``house_up``, ``matches_house_up``.

    ``names`` limits the work to the names asked for (all by default);
    ``ranking``: the ranking ``hand`` is valued in; ``valued_by``: a ranking counting wild
    cards that values ``hand`` instead (a whole number, at most the royal flush's: a hand
    only wild cards make reads as the whole hand below it, or the royal flush).

    >>> v = view_features("Ah Kd 9c 6h 3s", "9d")
    >>> v["highest_card"], v["third_card"], v["house_up"], v["matches_house_up"]
    (14, 9, 9, True)
    """
    own = _as_cards(cards)
    up = _as_cards(house_up)  # (imports Card and evaluate first)
    wanted = VIEW_NAMES if names is None else names if isinstance(names, (set, frozenset)) else set(names)
    view: dict[str, Any] = {}
    if "hand" in wanted:
        if valued_by is not None:
            from ..cards.evaluator import MAX_VALUE

            view["hand"] = min(int(valued_by.evaluate(own) or 0), MAX_VALUE)
        elif ranking == "high":
            view["hand"] = int(_CARDS[1](own))
        else:
            from ..cards.rankings import get_ranking

            view["hand"] = int(get_ranking(ranking).evaluate(own) or 0)
    if valued_by is not None and all(n in _NOT_RANKS for n in wanted):  # (jokers may be held: no rank)
        return view
    if not SHAPE_NAMES.isdisjoint(wanted):
        view.update(shape_view([c.code for c in own], wanted))
    ranks = sorted([c.rank for c in own], reverse=True)
    for n, rank in zip(_CARD_NAMES, ranks):
        if n in wanted:
            view[n] = rank
    if up:
        up_ranks = {c.rank for c in up}
        if "house_up" in wanted:
            view["house_up"] = max(up_ranks)
        if "matches_house_up" in wanted:
            view["matches_house_up"] = any(r in up_ranks for r in ranks)
    return view


def _as_cards(value: Iterable[Any] | str) -> tuple[Card, ...]:
    card = _CARDS[0] if _CARDS else _card_class()
    if isinstance(value, str):
        from ..cards.card import parse_cards

        return parse_cards(value)
    if type(value) is tuple:
        for c in value:
            if type(c) is not card:
                break
        else:
            return value  # (cards already: the hand machine's)
    return tuple(card(c) for c in value)


_CARDS: list[Any] = []  # the Card class and evaluate, imported at the first view (not with this module)
_NOT_RANKS = frozenset({"hand", "wagered"})  # the view names that read no card's rank


def _card_class() -> Any:
    from ..cards.card import Card
    from ..cards.evaluator import evaluate

    _CARDS[:] = [Card, evaluate]
    return Card
