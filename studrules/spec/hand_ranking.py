"""The ranking a game against the house values its hands in, its wild cards counted."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..cards.rankings_base import Ranking
    from .model import Variant

__all__ = ["banked_ranking"]


def banked_ranking(variant: Variant) -> Ranking:
    """The ranking a game against the house values every hand in, each player's and the
    house's alike (and a strategy its ``hand``): the deck's, with the file's wild ranks and
    jokers wild (or the bug).

    >>> from studrules.spec.examples import example_text
    >>> from studrules.spec.loader import load_variant_text
    >>> text = example_text("against-the-house").replace("kind: banked", "kind: banked\\nwild: {ranks: '2'}")
    >>> ranking = banked_ranking(load_variant_text(text))
    >>> ranking.describe(ranking.evaluate("Ah Ad 2c 7s 9d"))
    'three aces, nine-seven kickers'
    """
    from ..cards.ranking_wilds import with_wilds
    from ..cards.rankings import ranking_for
    from ..cards.wild import of_ranks

    ranking = ranking_for(variant.deck, variant.deck.ranking)
    wild = variant.wild
    if not wild.any:
        return ranking
    return with_wilds(
        ranking,
        of_ranks(wild.ranks),
        five_of_a_kind=wild.five_of_a_kind,
        natural_beats_wild=wild.natural_beats_wild,
        joker=(wild.joker if wild.joker == "bug" else "wild") if variant.deck.jokers else None,
        five_wilds=wild.five_wilds,
        in_flush=wild.in_flush,
    )
