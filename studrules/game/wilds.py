"""What is wild in a hand: the ranks a variant's wild rules make wild for one
player at one moment, and the rankings that count them (from
:mod:`studrules.cards.ranking_wilds`).

A hand keeps the changing part (``wild_rank``: the rank the last card after
a followed rank made wild) and asks :func:`seat_ranking` for each player's
ranking at the showdown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards.card import RANK_NAMES, RANK_PLURALS, RANKS, Card, is_joker
from ..cards.ranking_wilds import with_wilds
from ..cards.rankings_base import Ranking
from ..cards.wild import of_ranks
from ..spec.model import Variant, WildRules
from .events import Event

__all__ = [
    "rank_char",
    "rank_name",
    "a_or_an",
    "rank_words",
    "wild_ranks_of",
    "seat_ranking",
    "showing_ranking",
    "joker_holes",
    "counted_ranking",
    "better_of",
]


# (id of the base ranking, the wild ranks, the rules) -> the ranking: made once and
# kept, so each has one identity (the showdown caches words by ranking)
_MADE: dict[tuple[int, str, WildRules], tuple[Ranking, Ranking]] = {}


def rank_char(card: Card) -> str:
    """The rank of a card as the variant language writes it (``T`` for ten)."""
    return RANKS[card.rank - 2]


def rank_words(rank: str) -> str:
    """``Q`` -> ``queens``."""
    return RANK_PLURALS[RANKS.index(rank) + 2]


def rank_name(rank: str) -> str:
    """``Q`` -> ``queen``."""
    return RANK_NAMES[RANKS.index(rank) + 2]


def a_or_an(name: str) -> str:
    """A card or rank named with its article, as said aloud.

    >>> a_or_an("king"), a_or_an("ace"), a_or_an("eight"), a_or_an("A"), a_or_an("8"), a_or_an("4")
    ('a king', 'an ace', 'an eight', 'an A', 'an 8', 'a 4')
    """
    return f"an {name}" if name[0] in "aeAE8" else f"a {name}"


def wild_ranks_of(
    rules: WildRules, wild_rank: str | None, down: Sequence[Card], held: Sequence[Card] = (), *, ace_low: bool = False
) -> str:
    """The ranks wild for a player now: the rules' fixed ranks, the followed
    card's rank (and the followed rank itself with ``follow_itself``), the
    rank of his lowest down card under ``low_hole``, and of his lowest card
    of all ``held`` under ``low_card``; with ``low_needs``, either only when
    ``held`` (all his cards, up and down) has a card of that rank (``ace_low``: the
    ace counted below the two in finding the lowest card).

    >>> wild_ranks_of(WildRules(ranks="39"), None, ())
    '39'
    >>> from studrules.cards.card import parse_cards
    >>> wild_ranks_of(WildRules(follow="Q", low_hole=True), "7", parse_cards("Kd 4c 9s"))
    '47'
    >>> wild_ranks_of(WildRules(ranks="K", low_card=True), None, parse_cards("9s"), parse_cards("9s 3h Kd"))
    '3K'
    >>> wild_ranks_of(WildRules(ranks="K", low_card=True, low_needs="K"), None, (), parse_cards("9s 3h 7d"))
    'K'
    """
    ranks = set(rules.ranks)
    if wild_rank is not None:
        ranks.add(wild_rank)
    if rules.follow is not None and rules.follow_itself:
        ranks.add(rules.follow)
    needs = rules.low_needs
    low_wild = needs is None or any(not is_joker(c) and rank_char(c) == needs for c in held)

    def order(card: Card) -> int:
        return 1 if ace_low and card.rank == 14 else card.rank

    if rules.low_hole and down and low_wild:
        ranks.add(rank_char(min(down, key=order)))
    if rules.low_card and held and low_wild:
        ranks.add(rank_char(min(held, key=order)))
    return "".join(sorted(ranks, key=RANKS.index))


def joker_holes(rules: WildRules, down: Sequence[Card], events: Iterable[Event], player: str) -> list[Card]:
    """The cards of ``player`` among which a joker is wild for :func:`seat_ranking`:
    his face-down cards ``down`` and, under ``bug_dealt_up``, the jokers he was
    dealt face down and turned up since (his ``expose`` events).

    >>> from studrules.cards.card import parse_cards
    >>> turned = [Event("expose", "Ann", 1, card=parse_cards("X1")[0], face="up")]
    >>> [str(c) for c in joker_holes(WildRules(jokers=1, joker="bug_dealt_up"), parse_cards("Kd"), turned, "Ann")]
    ['Kd', 'X1']
    >>> [str(c) for c in joker_holes(WildRules(jokers=1, joker="bug_up"), parse_cards("Kd"), turned, "Ann")]
    ['Kd']
    """
    held = list(down)
    if rules.joker == "bug_dealt_up":
        held += [e.card for e in events if e.type == "expose" and e.player == player and e.card and is_joker(e.card)]
    return held


def showing_ranking(variant: Variant) -> Ranking:
    """The ranking that orders what the players show (acting order, the bring-in,
    a bot's reading of the boards): the deck's, with a joker face up read as it
    plays (wild, or the bug); the wild ranks show as they are.

    >>> from studrules.cards.card import parse_cards
    >>> from studrules.spec.examples import example_text
    >>> from studrules.spec.loader import load_variant_text
    >>> text = example_text("bring-in").replace("kind: pot", "kind: pot\\ndeck: {jokers: 1}")
    >>> showing = showing_ranking(load_variant_text(text))
    >>> showing.visible(parse_cards("X1 Kd")) > showing.visible(parse_cards("Ac Kc"))  # a pair of kings
    True
    """
    from ..cards.rankings import ranking_for

    ranking = ranking_for(variant.deck, variant.deck.ranking)
    if not variant.deck.jokers:
        return ranking
    wild = variant.wild
    return with_wilds(
        ranking, frozenset(), five_of_a_kind=wild.five_of_a_kind, joker=wild.joker_showing, in_flush=wild.in_flush
    )


def turned_joker_showing(variant: Variant, turned: frozenset[Card]) -> Ranking:
    """:func:`showing_ranking` with the jokers of ``turned`` wild: under
    ``bug_dealt_up`` a joker dealt face down and turned up since plays wild, and
    its showing reads it so, where a joker dealt face up shows as the bug (an ace).

    >>> from studrules.cards.card import parse_cards
    >>> from studrules.spec.examples import example_text
    >>> from studrules.spec.loader import load_variant_text
    >>> text = example_text("bring-in").replace("kind: pot", "kind: pot\\ndeck: {jokers: 1}\\nwild: {joker: bug_dealt_up}")
    >>> v = load_variant_text(text)
    >>> turned = turned_joker_showing(v, frozenset(parse_cards("X1")))
    >>> turned.visible(parse_cards("X1 Kd")) > showing_ranking(v).visible(parse_cards("X1 Kd"))  # kings, not ace-king
    True
    """
    from ..cards.rankings import ranking_for

    wild = variant.wild
    ranking = ranking_for(variant.deck, variant.deck.ranking)
    return with_wilds(
        ranking, turned, five_of_a_kind=wild.five_of_a_kind, joker=wild.joker_showing, in_flush=wild.in_flush
    )


def seat_ranking(ranking: Ranking, rules: WildRules, ranks: str, down: Sequence[Card] = ()) -> Ranking:
    """``ranking`` counting every card of ``ranks`` as wild, and the deck's
    jokers as the rules say (``bug_up``, ``bug_dealt_up``: the bug, but wild
    among ``down``: the player's face-down cards, and for ``bug_dealt_up`` the
    jokers dealt him face down, :func:`joker_holes`), when the rules let wild
    cards count in it; else ``ranking`` itself.

    >>> from studrules.cards.card import parse_cards
    >>> from studrules.cards.rankings import get_ranking
    >>> mine = seat_ranking(get_ranking("high"), WildRules(jokers=1, joker="bug_up"), "", parse_cards("X1"))
    >>> mine.describe(mine.evaluate("Kh Kd 7c 5s X1"))
    'three kings, seven-five kickers'
    """
    if rules.rankings and ranking.name not in rules.rankings:
        ranks = ""  # (the wild ranks are the cards they are here; a joker counts in every ranking)
    if rules.jokers:
        hiding = rules.joker in ("bug_up", "bug_dealt_up")
        hidden = "".join(str(c) for c in down if is_joker(c)) if hiding else ""
        key = (id(ranking), ranks + hidden, rules)
        made = _MADE.get(key)
        if made is None or made[0] is not ranking:
            wilds = of_ranks(ranks) | frozenset(c for c in down if is_joker(c) and hiding)
            joker = "wild" if rules.joker == "wild" else "bug"
            counted = with_wilds(
                ranking,
                wilds,
                five_of_a_kind=rules.five_of_a_kind,
                natural_beats_wild=rules.natural_beats_wild,
                joker=joker,
                five_wilds=rules.five_wilds,
                in_flush=rules.in_flush,
            )
            made = _MADE[key] = (ranking, counted)
        return made[1]
    if not ranks:
        return ranking
    key = (id(ranking), ranks, rules)
    made = _MADE.get(key)
    if made is None or made[0] is not ranking:
        wild = with_wilds(
            ranking,
            of_ranks(ranks),
            five_of_a_kind=rules.five_of_a_kind,
            natural_beats_wild=rules.natural_beats_wild,
            five_wilds=rules.five_wilds,
            in_flush=rules.in_flush,
        )
        made = _MADE[key] = (ranking, wild)
    return made[1]


_BETTER: dict[tuple[int, int], tuple[Ranking, Ranking, Ranking]] = {}


def counted_ranking(
    ranking: Ranking,
    rules: WildRules,
    wild_rank: str | None,
    down: Sequence[Card],
    held: Sequence[Card],
    holes: Sequence[Card] = (),
) -> Ranking:
    """``ranking`` as it counts one player's hand at the showdown: :func:`seat_ranking` of his wild
    ranks (:func:`wild_ranks_of` of his face-down cards ``down`` and all his cards ``held``;
    ``holes``: :func:`joker_holes`); under ``low_ace``, where the ace counted low changes them,
    the better of the two readings.

    >>> from studrules.cards.card import parse_cards
    >>> from studrules.cards.rankings import get_ranking
    >>> held = parse_cards("Ad As 3c 8h 8d 8c Js")
    >>> mine = counted_ranking(get_ranking("high"), WildRules(low_card=True, low_ace=True), None, (), held)
    >>> mine.describe(mine.evaluate(held))  # the aces low and wild: five eights
    'five eights'
    """
    high = seat_ranking(ranking, rules, wild_ranks_of(rules, wild_rank, down, held), holes)
    if not rules.low_ace:
        return high
    return better_of(
        ranking, high, seat_ranking(ranking, rules, wild_ranks_of(rules, wild_rank, down, held, ace_low=True), holes)
    )


def better_of(ranking: Ranking, high: Ranking, low: Ranking) -> Ranking:
    """The better of a player's two readings of ``ranking`` (the ace high, the ace low: :func:`counted_ranking`),
    one object for each pair (the showdown keeps words by ranking); ``high`` where they are one."""
    from ..cards.ranking_wilds import BetterOf

    if low is high:
        return high
    key = (id(high), id(low))
    made = _BETTER.get(key)
    if made is None or made[0] is not high or made[1] is not low:  # (kept with both, so the ids stay theirs)
        made = _BETTER[key] = (high, low, BetterOf(ranking.name, ranking.ace_high, high.summary, readings=(high, low)))
    return made[2]
