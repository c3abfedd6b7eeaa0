"""A variant's wild cards and jokers in words: the rule book's sentences
(:func:`wild_sentences`) and the diff's rows (:func:`wild_rule_rows`).

    >>> from studrules.spec.model import WildRules
    >>> wild_sentences(WildRules(ranks="2"), reads="")[0]
    'Twos are wild.'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards.card import RANKS
from ..game.wilds import a_or_an, rank_name, rank_words
from ..spec.model import WildRules
from .ranking_names import ranking_name
from .rule_words import _and_list

__all__ = ["wild_sentences", "joker_sentences", "wild_rule_rows", "a_or_an"]


def wild_sentences(wild: WildRules, reads: str = "the bring-in and who acts first") -> list[str]:
    """The wild-card rules in sentences (none when nothing is wild); ``reads``: what reads the
    up cards before the showdown (the bring-in, who acts first; empty: nothing does).

    >>> wild_sentences(WildRules(ranks="39"))[0]
    'Threes and nines are wild.'
    """
    if not wild.any:
        return []
    out = joker_sentences(wild, showings=bool(reads))
    if wild.ranks:
        out.append(f"{_and_list([rank_words(r) for r in wild.ranks]).capitalize()} are wild.")
    if wild.follow is not None:
        one = rank_name(wild.follow)
        too = " too" if wild.ranks or wild.follow_itself or wild.low_hole or wild.low_card else ""
        kept = wild.follow_itself or wild.follow in wild.ranks
        last = f"leaves none ({rank_words(wild.follow)} stay wild)" if kept else "leaves none"
        out.append(
            f"When {a_or_an(one)} is dealt face up, the rank of the next card dealt face up is wild{too}; a later {one} "
            f"moves it to the card after that one, and a {one} dealt face up last {last}."
        )
        if wild.follow_itself and wild.follow not in wild.ranks:
            out.append(f"{rank_words(wild.follow).capitalize()} are wild as well.")
        elif wild.follow not in wild.ranks:
            out.append(f"{rank_words(wild.follow).capitalize()} themselves are not wild.")
    if wild.low_hole:
        out.append(
            "Each player's lowest face-down card, and every card of that rank in his hand, is wild for him alone "
            f"({_ace_words(wild)}){_low_needs_words(wild)}."
        )
    if wild.low_card:
        out.append(
            "Each player's lowest card, face up or down, and every card of that rank in his hand, is wild for him "
            f"alone ({_ace_words(wild)}){_low_needs_words(wild)}."
        )
    if wild.rankings:
        out.append(f"Wild cards count in the {_and_list([ranking_name(r) for r in wild.rankings])} hand only.")
    out.append(
        "A wild card stands for any card, one already held included: four aces and a wild card are five aces. "
        + _FIVE_OF_A_KIND_SENTENCES[wild.five_of_a_kind]
        + (" Five wild cards are a hand of their own, above every other." if wild.five_wilds == "best" else "")
        + (
            " In a flush it stands only for a card of the suit the hand lacks, the best one: no card twice "
            "(no flush of two aces)."
            if wild.in_flush == "missing"
            else " In a flush it is an ace, even where the flush holds one: a flush with two aces beats every "
            "natural flush."
        )
    )
    out.append(
        "Of two equal hands, the one made without a wild card wins."
        if wild.natural_beats_wild
        else "Equal hands tie, wild cards or not."
    )
    if reads:
        verb = "reads" if " and " not in reads else "read"
        out.append(
            f"Wild cards count at the showdown only: {reads} {verb} the cards as they are"
            + (", but for the jokers." if wild.jokers else ".")
        )
    return out


def joker_sentences(wild: WildRules, showings: bool = True) -> list[str]:
    """What the deck's jokers are, in sentences (none without jokers); ``showings``: whether
    up cards are read before the showdown (who acts first, the bring-in), where a joker
    showing counts as it plays.

    >>> joker_sentences(WildRules(jokers=1, joker="bug_up"))[0][:72]
    'A joker is the bug while face up: it counts as an ace, or as any card th'
    """
    if not wild.jokers:
        return []
    bug = "it counts as an ace, or as any card that completes a straight, a flush or a straight flush"
    first = {
        "wild": "A joker is wild: it stands for any card.",
        "bug": f"A joker is the bug: {bug}.",
        "bug_up": f"A joker is the bug while face up: {bug}; face down it is wild and stands for any card "
        "(as the cards lie at the showdown).",
        "bug_dealt_up": f"A joker dealt face up is the bug: {bug}; a joker dealt face down is wild and stands "
        "for any card, and stays wild if its player turns it up.",
    }[wild.joker]
    showing = "as the bug, an ace" if wild.joker_showing == "bug" else "as the card that makes the best showing"
    if wild.joker == "bug_dealt_up":  # (one dealt face down and turned up plays wild, and shows so)
        showing += " (one dealt face down and turned up, as the card that makes the best showing)"
    if not showings:
        return [first]
    return [
        first,
        f"A joker showing counts {showing}, for who acts first; for the bring-in it is the highest card, above "
        "the highest ace.",
    ]


def wild_rule_rows(wild: WildRules, showdown: Sequence[str] = ()) -> list[tuple[str, str]]:
    """The wild-card rules as (rule, value) rows for diff (the jokers first
    when the deck has them; a game without wild cards has the rows too, each
    saying none or no); ``showdown``: the rankings of the game's
    showdowns, to say whether the wild cards count in every hand. The
    followed rank wild too (``follow_itself``) is among the wild ranks, as
    it is wild in every hand.

    >>> dict(wild_rule_rows(WildRules(follow="K", follow_itself=True)))["wild ranks"]
    'kings'
    >>> rows = wild_rule_rows(WildRules(ranks="2", rankings=("high",)), ["high", "ace_to_five_low"])
    >>> dict(rows)["wild cards count in"]
    'the high hand only'
    """
    jokers = {
        "wild": "wild",
        "bug": "the bug",
        "bug_up": "the bug face up, wild face down",
        "bug_dealt_up": "the bug if dealt face up, wild if dealt face down",
    }[wild.joker]
    ranks = set(wild.ranks) | ({wild.follow} if wild.follow and wild.follow_itself else set())
    counted = [r for r in wild.rankings if r in showdown]
    hands = _and_list([ranking_name(r) for r in counted])
    if not wild.rankings or set(showdown) <= set(wild.rankings):
        count_in = "every hand"
    else:
        count_in = f"the {hands} hand{'s' if len(counted) > 1 else ''} only" if counted else "no hand"
    rows = [
        ("wild ranks", _and_list([rank_words(r) for r in sorted(ranks, key=RANKS.index)]) or "none"),
        ("changing wild card", f"the card after {a_or_an(rank_name(wild.follow))} up" if wild.follow else "none"),
        ("low hole card wild", _low_value(wild) if wild.low_hole else "no"),
        ("lowest card wild", _low_value(wild) if wild.low_card else "no"),
        ("wild cards count in", count_in),
        ("five of a kind", _FIVE_OF_A_KIND_ROWS[wild.five_of_a_kind] if wild.any else "none"),
        *([("five wild cards", "a hand of their own, the best")] if wild.five_wilds == "best" else []),
        (
            "wild card in a flush",
            ("the best card the hand lacks" if wild.in_flush == "missing" else "an ace, doubling the ace held")
            if wild.any
            else "none",
        ),
        ("natural beats wild", "yes" if wild.natural_beats_wild else "no"),
    ]
    return [("jokers", jokers), *rows] if wild.jokers else [*rows, ("jokers", "none")]


_FIVE_OF_A_KIND_SENTENCES = {
    "top": "Five of a kind is the best hand.",
    "below_straight_flush": "Five of a kind ranks just below the straight flush.",
    "below_royal_flush": "Five of a kind ranks above every straight flush but the royal flush.",
}
_FIVE_OF_A_KIND_ROWS = {
    "top": "the best hand",
    "below_straight_flush": "below the straight flush",
    "below_royal_flush": "below the royal flush, above the other straight flushes",
}


def _low_needs_words(wild: WildRules) -> str:
    """The end of the low card's sentence: the rank its player must hold for it to be wild.

    >>> _low_needs_words(WildRules(low_card=True, low_needs="K"))
    ', but only if he holds a king, face up or down (his lowest card may be that king)'
    """
    if wild.low_needs is None:
        return ""
    one = rank_name(wild.low_needs)
    return f", but only if he holds {a_or_an(one)}, face up or down (his lowest card may be that {one})"


def _ace_words(wild: WildRules) -> str:
    """How the ace counts in finding the low card.

    >>> _ace_words(WildRules(low_card=True, low_ace=True))
    'the ace counts high or low, as makes his hand better: low, his aces are wild'
    """
    if wild.low_ace:
        return "the ace counts high or low, as makes his hand better: low, his aces are wild"
    return "the ace counts high"


def _low_value(wild: WildRules) -> str:
    """The diff's value of a low card wild: ``yes``, or for whom.

    >>> _low_value(WildRules(low_card=True, low_needs="K")), _low_value(WildRules(low_card=True, low_ace=True))
    ('yes, for a player holding a king', 'yes, the ace high or low')
    """
    ace = ", the ace high or low" if wild.low_ace else ""
    return (
        f"yes{ace}"
        if wild.low_needs is None
        else f"yes{ace}, for a player holding {a_or_an(rank_name(wild.low_needs))}"
    )
