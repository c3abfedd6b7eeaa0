"""A variant's hand rankings in words, for the rule book and the diff: what a
ranking values (:func:`ranking_text`), and how the deck's own ranking, which
orders up cards for the bring-in, who acts first and the odd chip, counts the
ace (:func:`deck_ace`) and judges boards (:func:`board_ranking`).

    >>> from studrules.spec.examples import example_text, example_variant
    >>> from studrules.spec.loader import load_variant_text
    >>> ranking_text("ace_to_five_low")
    'ace-to-five low (ace low, straights and flushes ignored, 5-4-3-2-A best)'
    >>> low = load_variant_text(example_text("one-round").replace("kind: pot", "kind: pot\\ndeck: {ranking: ace_to_five_low}"))
    >>> deck_ace(low.deck), board_ranking(low.deck)
    ('low', 'ace-to-five low')
    >>> deck_ace(example_variant("one-round").deck) is None  # standard high poker: aces high, unsaid
    True
"""

from __future__ import annotations

from typing import Any

from ..cards.rankings import get_ranking, ranking_for

__all__ = [
    "ranking_text",
    "ranking_sentences",
    "suit_sentence",
    "deck_ace",
    "board_ranking",
    "showdown_rankings",
]


def ranking_text(name: str, deck: Any = None) -> str:
    """What the ranking ``name`` values, in words: its name, then how it ranks in brackets."""
    ranking = ranking_for(deck, name) if deck is not None else get_ranking(name)
    summary = getattr(ranking, "summary", None) or name.replace("_", " ")
    head, sep, tail = summary.partition(":")
    if not sep:
        return summary
    return f"{head}: {tail.strip()}" if "(" in tail else f"{head} ({tail.strip()})"


def deck_ace(deck: Any) -> str | None:
    """``"low"`` or ``"high"``: how the deck's own ranking counts an ace among up cards,
    where that ranking is not standard high poker (None there, or without aces)."""
    if deck.ranking == "high" or "A" not in deck.ranks:
        return None
    return "high" if getattr(ranking_for(deck, deck.ranking), "ace_high", True) else "low"


def board_ranking(deck: Any) -> str | None:
    """The name of the ranking boards are judged by (the best visible hand), where it is not
    standard high poker."""
    if deck.ranking == "high":
        return None
    return ranking_text(deck.ranking, deck).split(" (")[0].split(":")[0]


def showdown_rankings(variant: Any) -> list[str]:
    """Every ranking a showdown of ``variant`` values hands by, in order, each once."""
    from ..spec.model import ShowdownStep

    out: list[str] = []
    for step in variant.steps_of(ShowdownStep):
        out += [r for r in step.rankings if r not in out]
    return out


def ranking_sentences(variant: Any) -> str:
    """How hands rank, for the rule book's Cards section: the deck's own ranking (which orders
    up cards), and every other ranking a showdown values hands by.

    >>> from studrules.spec.examples import example_text
    >>> from studrules.spec.loader import load_variant_text
    >>> text = example_text("one-round").replace("[high]", "[ace_to_five_low]")
    >>> ranking_sentences(load_variant_text(text.replace("kind: pot", "kind: pot\\ndeck: {ranking: ace_to_five_low}")))
    'Hands rank by ace-to-five low (ace low, straights and flushes ignored, 5-4-3-2-A best).'
    """
    from ..spec.model import ShowdownStep
    from .rule_words import ace_words

    d = variant.deck
    ace = ace_words(d)
    if d.ranking == "high":
        if d.wheel:
            ranking = "standard high poker hands (ace high; the ace is low only in A-2-3-4-5)"
        elif all(r in d.ranks for r in "A2345"):  # the wheel can be dealt, but is no straight
            ranking = (
                "standard high poker hands, except that the ace is never low (A-2-3-4-5 is not a straight: "
                "it is ace high, or an ace-high flush when suited)"
            )
        else:
            ranking = f"standard high poker hands (the ace is {ace})"
        ranking_sentence = f"Hands rank by {ranking}."
    else:
        ranking = ranking_text(d.ranking, d)
        ranking_sentence = f"Hands rank by {ranking}."
        high_hands = any("high" in s.rankings for s in variant.steps_of(ShowdownStep))
        if high_hands and not d.wheel and "A" in d.ranks:
            ranking_sentence += f" In high hands the ace is {ace}."
    showdown = showdown_rankings(variant)
    others = [ranking_text(r, d) for r in showdown if r != d.ranking]
    if others and d.ranking not in showdown:  # the deck's ranking orders up cards only
        ranking_sentence = ranking_sentence.replace(
            "Hands rank by", "Up cards, for the bring-in and who acts first, rank by", 1
        )
        ranking_sentence += f" At the showdown hands rank by {' and by '.join(others)}."
    elif others:
        ranking_sentence += f" At the showdown hands are also ranked by {' and by '.join(others)}."
    return ranking_sentence


def suit_sentence(variant: Any) -> str:
    """How suits rank, where a rule of the variant breaks a tie by suit (the bring-in, who acts
    first, the odd chip); else that no tie is broken by suit.

    >>> from studrules.spec.examples import example_variant
    >>> suit_sentence(example_variant("one-round"))  # ties go to the player nearest the dealer
    'Suits have no rank here: no tie is broken by suit.'
    """
    from ..spec.model import BettingStep, ShowdownStep
    from .rule_words import suit_order_words

    rounds = variant.steps_of(BettingStep)
    by_suit = any(r.bring_in is not None and r.bring_in.tie_break == "suit" for r in rounds)
    by_suit = by_suit or any(r.first_to_act.tie_break == "suit" for r in rounds)
    by_suit = by_suit or any(
        s.ties == "split" and s.odd_chip == "high_card_suit" for s in variant.steps_of(ShowdownStep)
    )
    if not by_suit:
        return "Suits have no rank here: no tie is broken by suit."
    return f"Suits rank {suit_order_words(variant)}; suits only break ties between single cards."
