"""The showdown of a variant in sentences, for the rule book
(:mod:`studrules.analysis.rulebook`): who shows first, who may muck, how the
pot is won or divided, what each hand is made of, the qualifiers, kickers
and ties.

    >>> from studrules.spec.examples import example_variant
    >>> v = example_variant("one-round", stakes={"bet": 10})
    >>> showdown_items(v.steps[-1], v)[2]
    'The best high hand wins the pot.'
"""

from __future__ import annotations

from ..cards.rankings import get_ranking, ranking_for
from ..cards.rankings_single import HoleCardOfSuit
from ..spec.model import DealStep, DeclareStep, ShowdownStep, SplitStep, Variant
from .expression_words import number_words
from .ranking_names import ranking_name
from .rule_words import (
    cards_held,
    odd_chip_words,
    part_words,
    parts_words,
    qualifier_sentences,
)
from .step_words import cards_used_sentences

__all__ = ["showdown_items"]


def step_sizes(variant: Variant) -> tuple[int, ...]:
    """The sizes of the hands a player divides his cards into (the variant's split step)."""
    return variant.steps_of(SplitStep)[0].sizes


def _odd_chip_aces(step: ShowdownStep, variant: Variant) -> str | None:
    """How an odd chip by the highest card counts an ace: as each part's ranking plays it
    (None where every part plays it high, as standard poker does).

    >>> from studrules.spec.loader import load_variant
    >>> _odd_chip_aces(load_variant("razz").steps_of(ShowdownStep)[0], load_variant("razz"))
    'low'
    """
    if "A" not in variant.deck.ranks:
        return None
    from ..game.odd_chips import part_names

    rankings = [ranking_for(variant.deck, name) for name in step.rankings]
    aces = ["high" if getattr(r, "ace_high", True) else "low" for r in rankings]
    if len(set(aces)) == 1:
        return None if aces[0] == "high" else "low"
    return ", ".join(f"{ace} in the {part}" for ace, part in zip(aces, part_names(rankings)))


def _must_qualify(step: ShowdownStep, ranking: str) -> bool:
    """A hand of ``ranking`` takes its part only if it qualifies (a qualifier
    of the ranking's own, like eight or better, or of the showdown)."""
    return getattr(get_ranking(ranking), "qualifier", None) is not None or step.qualifier(ranking) != (None, None)


def showdown_items(step: ShowdownStep, variant: Variant) -> list[str]:
    """The showdown's rules, one sentence each."""
    items = [f"Who shows first: {showdown_order_words(step)}."]
    total = sum(cards_held(variant, step))
    shared = sum(len(d.community) for d in variant.steps_of(DealStep))
    held = f"the {total} he holds" + (" and the community cards" if shared else "")
    sometimes = sum(len(d.players) for d in variant.steps_of(DealStep) if d.when is not None)
    if sometimes:  # (a deal played only when its condition holds: he may hold more)
        held = f"the cards he holds ({total}, and those of a deal played only when its condition holds)"
        total += sometimes
    if variant.when_dealt_up:
        held += " (more with the extra cards a card dealt face up brings)"
    sizes = [get_ranking(r).fewest_cards for r in step.rankings]
    singles = [r for r in step.rankings if isinstance(get_ranking(r), HoleCardOfSuit)]
    if variant.steps_of(SplitStep):
        each = ", ".join(
            f"{number_words(n)} for the {ranking_name(r)} hand" for r, n in zip(step.rankings, step_sizes(variant))
        )
        items.append(f"Each player plays the hands he set when he divided his cards: {each}.")
    elif total + shared > 5 and all(u == (None, None) for u in step.cards_used):
        if set(sizes) == {5}:
            spade = f"; {part_words(singles[0])} takes the other part" if singles else ""
            apart = " for each part apart (a card may serve in both)" if len(step.rankings) > len(singles) + 1 else ""
            items.append(f"Each player plays his best five cards of {held}{apart}{spade}.")
        elif len(step.rankings) > 1:
            each = ", ".join(f"{number_words(n)} for the {ranking_name(r)} hand" for r, n in zip(step.rankings, sizes))
            items.append(f"Each player plays his best cards of {held}: {each}.")
    if step.muck:
        items.append("A player may muck (throw his hand away unseen) instead of showing; he gives up the pot.")
    else:
        items.append("Every hand still in is shown; nobody mucks.")
    if len(step.rankings) == 1:
        r = step.rankings[0]
        items.append(f"The best {ranking_name(r)} hand wins the pot.")
    else:
        qualified = [r for r in step.rankings if _must_qualify(step, r)]
        names = parts_words(step.rankings, qualified)
        if variant.steps_of(DeclareStep):
            items.append(
                f"The pot is divided between {names}, each among the players who declared for it (see the declaration)."
            )
        elif qualified or singles:
            never_empty = [r for r in step.rankings if r not in qualified and r not in singles]
            items.append(
                f"The pot is divided equally between {names}; a half no hand can take goes to the other"
                + (
                    "."
                    if never_empty
                    else " (with none either way, the pot is split equally among the players still in)."
                )
            )
        else:
            items.append(f"The pot is divided equally between {names}.")
        first = part_words(step.rankings[0], qualified)
        if len(set(step.rankings)) < len(step.rankings):
            first = f"the best first {first[9:]}"
        items.append(f"A chip left over when the pot is divided between them goes to {first}.")
    items.extend(cards_used_sentences(step.rankings, step.cards_used))
    items += qualifier_sentences(step, variant.deck)
    if step.compare == "full" and all(get_ranking(name).every_card_counts for name in step.rankings):
        items.append("Every card a player holds makes his hand, as the ranking values them.")
    elif step.compare == "full":
        size = max(get_ranking(name).fewest_cards for name in step.rankings)
        cards = "Both cards count" if size == 2 else f"All {number_words(size)} cards count"
        items.append(f"{cards}: kickers break ties, and high-card hands compare card by card.")
    else:
        items.append(
            "Only the cards of the combination count; kickers are ignored (a hand without a pair counts its "
            "highest card alone)."
        )
    if step.ties == "split":
        items.append(
            "Equal hands split the pot; an odd chip that cannot be split goes to "
            f"{odd_chip_words(step.odd_chip, step.odd_chip_suits, _odd_chip_aces(step, variant))}."
        )
    elif step.ties == "first_shown":
        items.append("Between equal hands, the one shown first takes the whole pot.")
    return items


def showdown_order_words(step: ShowdownStep) -> str:
    """``the last player to raise (in the last round); if nobody raised, ...``.

    >>> from studrules.spec.model import ShowdownStep
    >>> showdown_order_words(ShowdownStep(id="s", order=("opener", "best_visible"), scope="last_round"))
    'the player who opened the betting (the first to bet or complete: a bring-in opens nothing) in the last round; if no player still in opened it, the best visible hand; then clockwise'
    >>> showdown_order_words(ShowdownStep(id="s", order=("opener",), scope="hand"))
    'the player who opened the betting (the first to bet or complete: a bring-in opens nothing) on the latest round a player still in opened; then clockwise'
    """
    last = step.scope == "last_round"
    where = "in the last round" if last else "in the whole hand"
    parts = []
    previous = None
    for _i, entry in enumerate(step.order):
        words = _SHOW_WORDS.get(entry, entry.replace("_", " "))
        if entry == "opener":  # (of the last round alone, or of the latest round opened by one still in)
            words += " in the last round" if last else " on the latest round a player still in opened"
        elif entry in _SHOW_MISSING:
            words += f" {where}"
        if previous == "opener":
            words = f"if no player still in opened {'it' if last else 'a round'}, {words}"
        elif previous is not None:
            words = f"if {_SHOW_MISSING.get(previous, 'there is none')}, {words}"
        parts.append(words)
        previous = entry
    return "; ".join(parts) + "; then clockwise"


_SHOW_WORDS = {
    "last_raiser": "the last player to raise",
    "last_aggressor": "the last player to bet or raise",
    "opener": "the player who opened the betting (the first to bet or complete: a bring-in opens nothing)",
    "first_to_act": "the first player to act on the last round",
    "best_visible": "the best visible hand",
    "dealer_left": "the player nearest the dealer's left",
}
_SHOW_MISSING = {
    "last_raiser": "nobody raised",
    "last_aggressor": "nobody bet",
    "opener": "nobody bet",
}
