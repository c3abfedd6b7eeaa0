"""Words for the rules of games against the house that the rule book
(:mod:`studrules.analysis.rulebook`) and the diff
(:mod:`studrules.analysis.diff`) share: a raise the player sizes, and a
settlement against the pay table on the player's hand alone.

    >>> from studrules.spec.loader import load_variant_text
    >>> v = load_variant_text('''
    ... name: paid-on-the-hand
    ... kind: banked
    ... seats: {min: 1, max: 6}
    ... stakes: {ante: 5}
    ... steps:
    ...   - ante: {amount: ante}
    ...   - deal: {players: [down, down], community: [up, up, up]}
    ...   - decision: {fold: true, raise: ante, raise_max: 3 * ante, raise_unit: ante}
    ...   - settle: {qualify: "true", against: pay_table, push_from: pair_of_sixes,
    ...              pay_table: {straight: 4, pair_of_jacks: 1}}
    ... ''')
    >>> from studrules.spec.model import SettleStep
    >>> pay_table_sentences(v.steps_of(SettleStep)[0])[1]
    'A hand below every line of the table but at least a pair of sixes gets its wagers back; any other hand loses them.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..cards.rankings import get_ranking
from ..spec.expressions import Expression, canonical
from ..spec.model import AnteStep, DecisionStep, SettleStep, SideBet, Variant
from ..spec.vocabulary import hand_constants
from ..spec.wagers import Odds, odds_words
from .expression_words import hand_words, number_words
from .ranking_names import ranking_name
from .rulebook_output import Block

__all__ = [
    "stake_values_with_ante",
    "fold_words",
    "raise_words",
    "pay_table_sentences",
    "pay_table_rows",
    "pay_table_block",
    "settle_rule_rows",
    "bonus_sentences",
    "bonus_rule_rows",
    "cap_sentences",
    "raise_table_rows",
]


def raise_words(step: DecisionStep, amount: Callable[[Expression], str]) -> str:
    """The raise of a decision: ``raises 10`` or ``raises 5 to 15, in steps of 5``; a most that
    reads the hand by hands (``raises ante, or up to 3 * ante with a pair of aces or better``).

    ``amount``: how the caller writes an amount (with or without its value).

    >>> from studrules.spec.expressions import HAND, NUMBER, compile_expression
    >>> from studrules.spec.vocabulary import hand_constants
    >>> amount = lambda text: compile_expression(text, names={"ante": NUMBER, "hand": HAND}, constants=hand_constants())
    >>> step = DecisionStep("d", raise_amount=amount("ante"), raise_max=amount("3 * ante"), raise_unit=amount("ante"))
    >>> raise_words(step, lambda e: e.source)
    'raises from ante to 3 * ante, in steps of ante'
    >>> by_hand = DecisionStep("d", raise_amount=amount("ante"), raise_unit=amount("ante"),
    ...                        raise_max=amount("if(hand >= pair_of_aces, 3 * ante, ante)"))
    >>> raise_words(by_hand, lambda e: e.source)
    'raises ante, or up to 3 * ante with a pair of aces or better, in steps of ante'
    """
    stand = "goes on without a raise, or " if step.stand else ""
    if step.raise_amount is None:
        return "plays on"
    if step.raise_max is None:
        return f"{stand}raises {amount(step.raise_amount)}"
    unit = f", in steps of {amount(step.raise_unit)}" if step.raise_unit is not None else ""
    tiers = _hand_tiers(step.raise_max)
    if tiers is not None:  # the most by the player's hand: the most of every hand, then the better hands'
        *better, (_, most) = tiers
        low = amount(step.raise_amount)
        words = low if canonical(most) == canonical(step.raise_amount) else f"from {low} to {amount(most)}"
        for k, (hand, top) in enumerate(better):
            words += f", {'or' if k == 0 else 'else'} up to {amount(top)} {hand}"
        return f"{stand}raises {words}{unit}"
    return f"{stand}raises from {amount(step.raise_amount)} to {amount(step.raise_max)}{unit}"


def _hand_tiers(most: Expression) -> list[tuple[str, Expression]] | None:
    """A most that reads the hand as ``if(condition, amount, if(..., else))``: each condition in
    words (``with a pair of aces or better``) with its amount, then ``("", else)``; None when it
    is written otherwise (or an amount reads the hand itself)."""
    from ..spec.expressions import NUMBER, compile_expression
    from .amounts_said import _names
    from .expression_words import canonical_text, condition_words, house_hand_words

    if "hand" not in most.names:
        return None
    node, tiers = canonical(most), []
    while node[0] == "call" and node[1] == "if":
        condition, yes, node = node[2]
        text = canonical_text(condition)
        hand = house_hand_words(text, owner="hand")
        tiers.append((f"with {hand}" if hand is not None else f"when {condition_words(text)}", yes))
    tiers.append(("", node))
    if len(tiers) == 1 or any("hand" in _names(top) for _, top in tiers):
        return None
    # each amount as an expression of its own (the caller says it, with its value)
    return [
        (words, compile_expression(canonical_text(top), names=dict.fromkeys(_names(top), NUMBER)))
        for words, top in tiers
    ]


def pay_table_sentences(step: SettleStep, ranking: str = "high") -> list[str]:
    """A settlement against the pay table in sentences (``ranking``: the deck's)."""
    found = get_ranking(ranking)
    cards = "cards" if found.every_card_counts else f"{number_words(found.fewest_cards)} best cards"
    line = "the best paid line the hand holds" if hasattr(found, "holds") else "the highest line the hand reaches"
    if step.raise_pay_table:
        out = [
            f"The house plays no hand: each position's ante is paid on his {cards} (his own and the community "
            f"cards) by the table below, at the odds of {line}."
        ]
    else:
        out = [
            f"The house plays no hand: each position's {cards} (his own and the community cards) are paid "
            f"by the table below, the ante and every raise alike, at the odds of {line}."
        ]
    if step.raise_pay_table:
        out.append(f"Every raise is paid by a table of its own: {_lines_words(step.raise_pay_table)}.")
    if step.push_from is not None:
        out.append(
            f"A hand below every line of the table but at least {hand_words(step.push_from)} gets its wagers back; "
            "any other hand loses them."
        )
    else:
        out.append("A hand below every line of the table loses its wagers.")
    return out


def cap_sentences(step: SettleStep, amount: Callable[[Expression], str]) -> list[str]:
    """The payout cap in a sentence, if the settlement has one, whatever it is settled against."""
    if step.max_payout is None:
        return []
    return [f"At most {amount(step.max_payout)} is paid to one position in one hand."]


def pay_table_rows(step: SettleStep, ranking: str = "high") -> tuple[tuple[str, str], ...]:
    """The pay table's lines, best first, as (hand, odds) rows (``ranking``: the deck's).

    >>> from studrules.spec.expressions import BOOL, compile_expression
    >>> step = SettleStep("s", qualify=compile_expression("true", expect=BOOL), against="pay_table",
    ...                   pay_table=(("straight", 4), ("pair_of_jacks", 1)))
    >>> pay_table_rows(step)
    (('Straight', '4 to 1'), ('Pair of jacks or better', '1 to 1'))
    """
    constants = hand_constants(ranking)
    if all(label in constants for label, _ in step.pay_table):  # floors of the ranking's order: the highest first
        lines = sorted(step.pay_table, key=lambda line: -constants[line[0]][1])
    else:  # lines each held or not: the best paid first
        lines = sorted(step.pay_table, key=lambda line: -line[1])
    out = []
    for label, odds in lines:
        words = hand_words(label).removeprefix("a ")
        if step.against == "pay_table" and label.startswith("pair_of_"):
            words += " or better"
        out.append((words[:1].upper() + words[1:], f"{odds} to 1"))
    return tuple(out)


def pay_table_block(step: SettleStep, ranking: str = "high") -> Block:
    """The rule book's table of :func:`pay_table_rows`, headed by what it pays."""
    pays = "The ante pays" if step.raise_pay_table else "Every wager pays"
    return Block("table", items=pay_table_rows(step, ranking), header=("Player's hand", pays))


def raise_table_rows(step: SettleStep) -> tuple[tuple[str, str], ...]:
    """The raise's pay table against the house as (hand, odds) rows, in the file's order; a
    winning hand of a category the table leaves out is paid 1 to 1 (settlement.raise_odds)."""
    rows = []
    for label, odds in step.pay_table:
        words = hand_words(label).removeprefix("a ")
        rows.append((words[:1].upper() + words[1:], f"{odds} to 1"))
    other = (("Any other winning hand", "1 to 1"),) if "high_card" not in dict(step.pay_table) else ()
    return tuple(rows) + other


def settle_rule_rows(step: SettleStep, ranking: str = "high") -> list[tuple[str, str]]:
    """A settlement against the pay table as (rule, value) rows for the diff (``ranking``: the deck's)."""
    rows = [("settled against", "the pay table, on the player's hand alone")]
    wagers = "the ante" if step.raise_pay_table else "every wager"
    rows += [(f"{wagers} pays on {hand.lower()}", odds) for hand, odds in pay_table_rows(step, ranking)]
    rows += [
        (f"a raise pays on {hand_words(label).removeprefix('a ')}", f"{odds} to 1")
        for label, odds in step.raise_pay_table
    ]
    rows.append(("below the table", f"push from {hand_words(step.push_from)}" if step.push_from else "lose"))
    return rows


def _lines_words(lines: tuple[tuple[str, Odds], ...]) -> str:
    return ", ".join(f"{hand_words(label).removeprefix('a ')} {odds_words(odds)}" for label, odds in lines)


def bonus_sentences(step: SettleStep, amount: Callable[[Expression], str] | None = None) -> list[str]:
    """The ante bonus and the side bets of a settlement in sentences (``amount``: a stake in words
    with its value, as the rule book says it; by default its name).

    >>> from studrules.spec.expressions import BOOL, compile_expression
    >>> step = SettleStep("s", qualify=compile_expression("true", expect=BOOL),
    ...                   ante_bonus=(("straight_flush", 5), ("three_of_a_kind", 4)))
    >>> bonus_sentences(step)[0][:60]
    'Ante bonus: a hand played (not folded) has its ante paid als'
    """
    out = []
    if step.ante_bonus:
        out.append(
            "Ante bonus: a hand played (not folded) has its ante paid also by the highest of these lines it "
            f"reaches, whatever the house holds: {_lines_words(step.ante_bonus)}."
        )
    for bet in step.side_bets:
        fold = "a position that folds loses it" if bet.on_fold == "lose" else "it stands when the position folds"
        if bet.required:
            stake = "required: every position stakes his own ante on it"
        else:
            stake = f"the stake {bet.amount.source}" + (f", {amount(bet.amount)}" if amount is not None else "")
            stake += f"; 0: not placed; {_choice_words(bet, amount)}"
        hand, line = "the player's hand alone", "the highest line it reaches"
        if bet.ranking is not None or not bet.own_hand:  # its cards valued in its ranking
            whose = _WHOSE[bet.cards]
            hand = f"{whose}, valued as a {ranking_name(bet.ranking or 'high')} hand,"
            line = "the best paid line they hold" if hasattr(get_ranking(bet.ranking or "high"), "holds") else line
        holds = "" if bet.with_house else ", whatever the house holds"
        if bet.against_house:
            out.append(
                f"Side bet {bet.name.replace('_', ' ')} ({stake}): when the player's hand beats the house's, paid by "
                f"{line}, {_side_lines_words(bet, amount)}, and returned below every line; returned on a tie, lost "
                f"when the house's hand is the better, and {fold}."
            )
            continue
        out.append(
            f"Side bet {bet.name.replace('_', ' ')} ({stake}): paid on {hand} by {line}{holds}, "
            f"{_side_lines_words(bet, amount)}; below every line {_below_words(bet)}, and {fold}."
        )
    return out


# whose cards a side bet is paid on (SideBet.cards), in words
_WHOSE = {
    "player": "the player's cards alone",
    "own": "the player's own cards alone (not the community cards)",
    "community": "the community cards alone",
    "player_and_house": "the player's and the house's cards together",
}


def fold_words(variant: Variant, earlier: bool = False) -> str:
    """What a fold gives up besides the cards, as the rule book says it: the ante, the bets
    every position makes at it (``required``), and with ``earlier`` the raises made before.

    >>> from studrules.spec.loader import load_variant
    >>> fold_words(load_variant("crazy-4-poker")), fold_words(load_variant("mississippi-stud"), earlier=True)
    ('ante, super bonus and cards', 'ante, every raise he made before, and cards')
    """
    from ..game.settlement import required_bets

    lost = "".join(f", {name.replace('_', ' ')}" for name in required_bets(variant))
    return f"ante{lost}" + (", every raise he made before, and cards" if earlier else " and cards")


def _below_words(bet: SideBet) -> str:
    """What a side bet's hand below every line gets, in words."""
    if bet.below == "push_unless_beaten":
        return "its stake is returned, unless the house qualifies and its hand beats the player's (then it loses)"
    return "it loses"


def _choice_words(bet: SideBet, amount: Callable[[Expression], str] | None = None) -> str:
    """The stake a position may choose on a side bet instead, within the table's limits.

    >>> from studrules.spec.expressions import NUMBER, compile_expression
    >>> stake = compile_expression("pair_plus", names={"pair_plus": NUMBER, "top": NUMBER})
    >>> _choice_words(SideBet("pair_plus", stake, (("pair", 1),)))
    'a position may choose his own stake, 1 chip or more'
    >>> _choice_words(SideBet("pair_plus", stake, (("pair", 1),), min=stake, max=stake))
    'a position may stake exactly pair_plus or nothing'
    """
    say = amount if amount is not None else (lambda e: e.source)
    low = say(bet.min) if bet.min is not None else None
    high = say(bet.max) if bet.max is not None else None
    if low is not None and low == high:
        return f"a position may stake exactly {low} or nothing"
    if high is not None:
        return f"a position may choose his own stake, from {low or '1 chip'} to {high}"
    return f"a position may choose his own stake, {low or '1 chip'} or more"


def _side_lines_words(bet: SideBet, amount: Callable[[Expression], str] | None = None) -> str:
    """A side bet's lines: odds to 1, or chips won and shares of a meter "for one" (the stake collected)."""
    if bet.pays != "chips":
        return _lines_words(bet.pay_table)
    shares = [f"{hand_words(label).removeprefix('a ')} {pct}% of the meter" for label, pct in bet.meter_share]
    fixed = [f"{hand_words(label).removeprefix('a ')} {chips}" for label, chips in bet.pay_table]
    if bet.meter is None:
        meter = ""
    else:
        value = f"{amount(bet.meter)}, the stake " if amount is not None else ""
        meter = f" (the meter: {value}{bet.meter.source})"
    return ", ".join(shares + fixed) + f"{meter}, paid for one: the stake is collected either way"


def bonus_rule_rows(step: SettleStep, amount: Callable[[Expression], str]) -> list[tuple[str, str]]:
    """The ante bonus and the side bets as (rule, value) rows for the diff, each
    amount in words by ``amount`` (the diff's: its value at the stakes). A side
    bet's limits are always a row, the defaults written out (1 chip, no limit),
    so a file that states a default says what one that leaves it out says."""
    rows = [
        (f"ante bonus on {hand_words(label).removeprefix('a ')}", f"{odds} to 1") for label, odds in step.ante_bonus
    ]
    for bet in step.side_bets:
        name = bet.name.replace("_", " ")
        staked = "required, at each position's ante" if bet.required else f"staked {amount(bet.amount)}"
        rows.append((f"side bet {name}", f"{staked}; on a fold: {bet.on_fold}"))
        if bet.ranking is not None or not bet.own_hand:
            cards = _WHOSE[bet.cards].removesuffix(" together").removesuffix(" alone")
            rows.append((f"{name} paid on", f"{cards}, a {ranking_name(bet.ranking or 'high')} hand"))
        if bet.required:
            rows.append((f"{name} limits", "none: the ante's"))
        else:
            low = amount(bet.min) if bet.min is not None else "1"
            high = amount(bet.max) if bet.max is not None else "no limit"
            rows.append((f"{name} limits", f"from {low} to {high}"))
        if bet.against_house:
            rows.append((f"{name} paid", "only when the hand beats the house's (a tie returns it)"))
        below = "push unless beaten" if bet.below == "push_unless_beaten" else "lose"
        rows.append((f"{name} below every line", "push on a win" if bet.against_house else below))
        rows += [
            (
                f"{name} pays on {hand_words(label).removeprefix('a ')}",
                odds_words(odds) if bet.pays != "chips" else f"{odds} for 1",
            )
            for label, odds in bet.pay_table
        ]
        rows += [
            (f"{name} pays on {hand_words(label).removeprefix('a ')}", f"{pct}% of the meter")
            for label, pct in bet.meter_share
        ]
        if bet.meter is not None:  # what the shares are of, at the stakes
            rows.append((f"{name} meter", amount(bet.meter)))
    return rows


def stake_values_with_ante(variant: Any, stakes: Mapping[str, int] | None = None) -> dict[str, int]:
    """The variant's stake values; in a game against the house where no stake is named ``ante``,
    ``ante`` the default ante too, which a decision's raise may read (each position's own ante).

    >>> from studrules.spec.examples import example_text
    >>> from studrules.spec.loader import load_variant_text
    >>> text = example_text("against-the-house").replace("{ante: 10}", "{bet: 10}").replace("amount: ante}", "amount: bet}")
    >>> stake_values_with_ante(load_variant_text(text))  # its ante is the 'bet' stake
    {'bet': 10, 'ante': 10}
    """
    from .expression_words import amount_value

    values = dict(variant.stake_values(stakes))
    antes = variant.steps_of(AnteStep) if variant.is_banked and "ante" not in values else ()
    for ante in antes[:1]:
        value = amount_value(ante.amount, values)
        if value is not None:
            values["ante"] = value
    return values
