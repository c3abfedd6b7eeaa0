"""Words for the steps where players act on their cards, and for the rules
around the cards: declaring, discarding and buying, passing and turning
cards up; cards dealt face up that earn or cost something; kills. The rule
book (:mod:`studrules.analysis.rulebook`) and the diff
(:mod:`studrules.analysis.diff`) use them.

    >>> pass_sentences(PassStep("p", count=1, to="right"))[0]
    'Each player still in chooses one of his face-down cards to pass to the next player still in on his right.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..game.wilds import rank_name
from ..spec.expressions import Expression
from ..spec.model import DeclareStep, DrawStep, ExposeStep, KillRules, PassStep, SplitStep, UpCardRule
from .expression_words import number_words, phrase, stake_words
from .ranking_names import ranking_name

__all__ = [
    "declare_sentences",
    "declare_rule_rows",
    "draw_sentences",
    "extra_card_sentences",
    "kill_sentences",
    "up_card_rule_words",
    "choice_step_words",
    "pass_sentences",
    "expose_sentences",
    "cards_used_sentences",
    "split_sentences",
]


def declare_sentences(step: DeclareStep) -> list[str]:
    """A declare step in sentences.

    >>> declare_sentences(DeclareStep("declare"))[0][:60]
    'Each player still in declares high, low or both: all at once'
    """
    when = (
        "all at once, each deciding before any declaration is shown (chips in the fist)"
        if step.mode == "simultaneous"
        else "one after another, clockwise from the dealer's left, each hearing the earlier ones"
    )
    both = (
        "A player who declares both must win or tie both ways, or he wins nothing."
        if step.both == "lose_all"
        else "A player who declares both and wins only one way keeps the half he wins."
    )
    each = (
        " for each pot he contends in (the main pot, then each side pot), each pot split by its own declarations"
        if step.per_pot
        else ""
    )
    return [
        f"Each player still in declares high, low or both{each}: {when}.",
        "At the showdown the high half of each pot goes to the best high hand among those who declared high or "
        "both, the low half to the best low among those who declared low or both; when nobody declared one way, "
        "the other takes the whole pot.",
        both,
    ]


def declare_rule_rows(step: DeclareStep) -> list[tuple[str, str]]:
    """A declare step as (rule, value) rows for diff."""
    return [
        ("declarations", "all at once" if step.mode == "simultaneous" else "in turn from the dealer's left"),
        ("declaring both", "must win both ways or wins nothing" if step.both == "lose_all" else "keeps the half won"),
        ("declarations per pot", "one for each pot contested" if step.per_pot else "one for all the pots"),
    ]


def draw_sentences(step: DrawStep, amount: Callable[[Expression], str] = phrase) -> list[str]:
    """A draw step in sentences (``amount``: a price in words, with its value where the rule
    book knows the stakes).

    >>> draw_sentences(DrawStep("d", discard_min=2, discard_max=2, replace=False))[0]
    "Each player still in, clockwise from the dealer's left, discards exactly two of his face-down cards."
    >>> from studrules.spec.expressions import NUMBER, compile_expression
    >>> price = compile_expression("high_limit", names={"high_limit": NUMBER})
    >>> draw_sentences(DrawStep("d", source="any", price=price))[0]
    "Each player still in, clockwise from the dealer's left, may give up one of his cards and buy a new one, paying the high limit for it into the pot, or decline and keep his cards; he may buy only what his stack pays for in full."
    """
    count = _count_words(step.discard_min, step.discard_max)
    cards = "his face-down cards" if step.source == "down" else "his cards"
    face = "each dealt as the card it replaces" if step.face == "same" else f"face {step.face}"
    out = []
    if step.pat_stays_pat:
        out.append("A player who stood pat at an earlier draw stands pat here too, without being asked.")
    if step.price is not None:
        give = "one of " + cards if (step.discard_min, step.discard_max) in ((0, 1), (1, 1)) else f"{count} of {cards}"
        new = "a new one" if step.discard_max == 1 else "as many new ones"
        out.append(
            f"Each player still in, clockwise from the dealer's left, may give up {give} and buy {new}, "
            f"paying {amount(step.price)} {'for it' if step.discard_max == 1 else 'a card'} into the pot, "
            "or decline and keep his cards; "
            "he may buy only what his stack pays for in full."
        )
        out.append(f"The new cards come from the deck, {face}.")
    else:
        out.append(f"Each player still in, clockwise from the dealer's left, discards {count} of {cards}.")
        if step.replace:
            out.append(f"He receives as many new cards from the deck, {face}.")
        else:
            out.append("The discarded cards are not replaced.")
    if step.source == "down":
        out.append("The others see how many cards he discards, not which.")
    else:
        out.append("The others see how many cards he discards, and which of them were face up.")
    return out


def _count_words(low: int, high: int) -> str:
    if low == high:
        return f"exactly {number_words(low)}"
    return f"up to {number_words(high)}" if low == 0 else f"from {number_words(low)} to {number_words(high)}"


def extra_card_sentences(rules: Sequence[UpCardRule], amount: Callable[[Expression], str] = phrase) -> list[str]:
    """Cards that ask something of their player when dealt face up, in sentences (``amount``:
    a price in words, as :func:`draw_sentences`).

    >>> extra_card_sentences([UpCardRule("4")])
    ['A four dealt face up earns its player an extra card, dealt to him at once face down (while the deck has one).']
    >>> from studrules.spec.expressions import NUMBER, compile_expression
    >>> pot = compile_expression("pot", names={"pot": NUMBER})
    >>> extra_card_sentences([UpCardRule("3", deal="none", price=pot, decline="fold")])
    ['A three dealt face up costs its player the pot, paid once the deal is over, or he folds.']
    """
    out = []
    for r in rules:
        rank = rank_name(r.rank)
        card = f"an extra card face {r.deal}"
        if r.price is None:
            out.append(
                f"A {rank} dealt face up earns its player an extra card, dealt to him at once face {r.deal} "
                "(while the deck has one)."
            )
        elif r.deal == "none":
            out.append(
                f"A {rank} dealt face up costs its player {amount(r.price)}, paid once the deal is over, "
                + ("or he folds." if r.decline == "fold" else "or he declines.")
            )
        else:
            no = "he folds" if r.decline == "fold" else "he goes without"
            out.append(
                f"A {rank} dealt face up lets its player buy {card} for {amount(r.price)} once the deal is over "
                f"(paid into the pot, while the deck has a card); if he does not, {no}."
            )
    return out


def kill_sentences(kill: KillRules, amount: Callable[[Expression], str] = phrase) -> list[str]:
    """A kill, in sentences (``amount``: an amount in words, with its value where the rule book
    knows the stakes).

    >>> from studrules.spec.expressions import NUMBER, compile_expression
    >>> double = compile_expression("2 * low_limit", names={"low_limit": NUMBER})
    >>> kill_sentences(KillRules(legs=2, stakes=(("low_limit", double),)))[0]
    'Hand after hand (at a session), a player who wins every pot of a hand alone, two hands in a row, kills the next hand.'
    """
    row = "" if kill.legs == 1 else f", {number_words(kill.legs)} hands in a row"
    least = (
        f" (the pots of the last of them together at least {amount(kill.min_pot)}, at the usual stakes, a killed hand's too)"
        if kill.min_pot is not None
        else ""
    )
    out = [
        f"Hand after hand (at a session), a player who wins every pot of a hand alone{row}{least}, kills the next hand."
    ]
    if kill.stakes:
        changes = "; ".join(f"the {stake_words(name)} becomes {amount(expr)}" for name, expr in kill.stakes)
        out.append(f"In a killed hand {changes}.")
    if kill.blind is not None:
        out.append(
            f"The killer posts a kill blind of {amount(kill.blind)} before the deal; it is live: it counts toward "
            "his bets in the first betting round."
        )
    out.append(
        "A split pot leaves the count with its holder if he has a share of it, and ends it if not;"
        " a killer who has a share of a split pot kills the next hand again."
    )
    return out


def up_card_rule_words(rule: UpCardRule) -> str:
    """One ``when_dealt_up`` rule in a few words, for diff.

    >>> up_card_rule_words(UpCardRule("4", deal="up"))
    'an extra card, face up'
    """
    if rule.price is None:
        return "nothing" if rule.deal == "none" else f"an extra card, face {rule.deal}"
    what = (
        f"he pays {phrase(rule.price)}"
        if rule.deal == "none"
        else f"he may buy an extra card, face {rule.deal}, for {phrase(rule.price)}"
    )
    return what + (", or folds" if rule.decline == "fold" else "")


def choice_step_words(
    step: ExposeStep | PassStep | SplitStep | DrawStep | DeclareStep, amount: Callable[[Expression], str] = phrase
) -> tuple[str, list[str]]:
    """The title and sentences of a step where each player chooses something (``amount``: a
    price in words, as :func:`draw_sentences`).

    >>> choice_step_words(PassStep("p", count=2, to="right"))[0]
    'Pass cards'
    """
    if isinstance(step, ExposeStep):
        return "Turn cards up", expose_sentences(step)
    if isinstance(step, PassStep):
        return "Pass cards", pass_sentences(step)
    if isinstance(step, SplitStep):
        return "Split the cards", split_sentences(step)
    if isinstance(step, DrawStep):
        title = "Buy cards" if step.price is not None else "Discard" + (" and draw" if step.replace else "")
        return title, draw_sentences(step, amount)
    return "Declare", declare_sentences(step)


def pass_sentences(step: PassStep) -> list[str]:
    """A pass step in sentences.

    >>> pass_sentences(PassStep("p", count=3))[0]
    'Each player still in chooses three of his face-down cards to pass to the next player still in on his left.'
    """
    what = "one of his face-down cards" if step.count == 1 else f"{number_words(step.count)} of his face-down cards"
    return [
        f"Each player still in chooses {what} to pass to the next player still in on his {step.to}.",
        "When everybody has chosen, the cards change hands at once, face down; the others see only how many.",
    ]


def expose_sentences(step: ExposeStep) -> list[str]:
    """An expose step in sentences.

    >>> expose_sentences(ExposeStep("e"))[0]
    'Each player still in turns one of his face-down cards face up, the one he chooses.'
    >>> expose_sentences(ExposeStep("e", count=1, count_min=0))[0]
    'Each player still in may turn one of his face-down cards face up, the one he chooses, or none.'
    """
    what = "one of his face-down cards" if step.count == 1 else f"{number_words(step.count)} of his face-down cards"
    which = "the one he chooses" if step.count == 1 else "those he chooses"
    when = (
        "Every player chooses first; then all the chosen cards are turned up at once."
        if step.mode == "simultaneous"
        else "One after another, clockwise from the dealer's left, each seeing the cards turned before his."
    )
    if step.least < step.count:  # he may turn fewer up
        if step.count > 1:
            what = f"up to {what}"
        few = "none" if step.least == 0 else f"no fewer than {number_words(step.least)}"
        return [f"Each player still in may turn {what} face up, {which}, or {few}.", when]
    return [f"Each player still in turns {what} face up, {which}.", when]


def cards_used_sentences(rankings: Sequence[str], used: Sequence[tuple[int | None, int | None]]) -> list[str]:
    """How each hand of a showdown is made, where the cards it uses are set.

    >>> cards_used_sentences(["high", "high"], [(None, 0), (2, 3)])
    ["The first high hand is made of the player's own cards only.", "The second high hand is made of exactly two of the player's own cards and three community cards."]
    """
    out = []
    for k, (name, (own, community)) in enumerate(zip(rankings, used)):
        if (own, community) == (None, None):
            continue
        which = ("first " if k == 0 else "second ") if len(set(rankings)) < len(rankings) else ""
        hand = f"The {which}{ranking_name(name)} hand"
        if community == 0:
            out.append(f"{hand} is made of the player's own cards only.")
            continue
        parts = []
        if own is not None:
            parts.append(f"{'exactly ' if community is not None else ''}{number_words(own)} of the player's own cards")
        if community is not None:
            parts.append(f"{number_words(community)} community card{'s' if community != 1 else ''}")
        out.append(f"{hand} is made of {' and '.join(parts)}.")
    return out


def split_sentences(step: SplitStep) -> list[str]:
    """A split step in sentences.

    >>> split_sentences(SplitStep("s", down_in_each=True, ordered=True))[0]
    'Each player still in divides his cards into a hand of five and a hand of two, set down unseen until the showdown.'
    """
    sizes = " and ".join(f"a hand of {number_words(n)}" for n in step.sizes)
    out = [f"Each player still in divides his cards into {sizes}, set down unseen until the showdown."]
    if step.down_in_each:
        out.append("Each hand must hold at least one of his face-down cards.")
    if step.ordered:
        out.append(
            "The first hand must beat the second (a pair in the second needs as high a pair, or better, in the first)."
        )
    out.append("At the showdown the first ranking reads each player's first hand, the second his second.")
    return out
