"""Expressions in words: stakes, amounts, conditions and hands as a player says them.

The formulas of a variant (``low_limit / 2``, ``house >= ace_king``) are read
through their canonical form (:func:`studrules.spec.expressions.canonical`),
so two files that write the same formula differently read the same. The rule
book (:mod:`studrules.analysis.rulebook`) and the diff
(:mod:`studrules.analysis.diff`) both speak these words.

    >>> from studrules.spec.expressions import compile_expression, NUMBER
    >>> canonical_text(compile_expression("ante * 2", names={"ante": NUMBER}))
    '2 * ante'
    >>> phrase(compile_expression("low_limit / 5", names={"low_limit": NUMBER}))
    'a fifth of the low limit'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..spec.expressions import Expression, canonical
from ..spec.model import Variant
from ..spec.vocabulary import describe_name

__all__ = [
    "stake_words",
    "hand_words",
    "ordinal",
    "number_words",
    "canonical_text",
    "phrase",
    "amount_words",
    "amount_text",
    "amount_value",
    "condition_words",
    "house_hand_words",
]

# General poker words for stake names (never a variant's rule).
_STAKE_WORDS = {
    "bring_in": "bring-in",
    "min_bet": "minimum bet",
    "max_bet": "maximum bet",
    "table_min": "table minimum",
    "table_max": "table maximum",
    "low_limit": "low limit",
    "high_limit": "high limit",
    "small_bet": "small bet",
    "big_bet": "big bet",
}

_HAND_WORDS = {
    "ace_king": "ace-king",
    "high_card": "high card",
    "pair": "a pair",
    "two_pair": "two pair",
    "three_of_a_kind": "three of a kind",
    "straight": "a straight",
    "flush": "a flush",
    "full_house": "a full house",
    "four_of_a_kind": "four of a kind",
    "straight_flush": "a straight flush",
    "royal_flush": "a royal flush",
    "five_of_a_kind": "five of a kind",
    "five_wilds": "five wild cards",
}

_HAND_OWNERS = {"house": "the house", "hand": "the player"}

_FRACTIONS = {2: "half", 3: "a third of", 4: "a quarter of", 5: "a fifth of", 10: "a tenth of"}
_MULTIPLES = {2: "twice", 3: "three times", 4: "four times", 5: "five times", 10: "ten times"}
_NUMBER_WORDS = {
    0: "no",
    1: "one",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
}
_ORDINALS = {
    1: "first",
    2: "second",
    3: "third",
    4: "fourth",
    5: "fifth",
    6: "sixth",
    7: "seventh",
    8: "eighth",
    9: "ninth",
    10: "tenth",
}
_PRECEDENCE = {"or": 1, "and": 2, "not": 3, "cmp": 4, "+": 5, "-": 5, "*": 6, "/": 6, "neg": 7}
_COMPARE_WORDS = {
    ">=": "is at least",
    ">": "is more than",
    "<=": "is at most",
    "<": "is less than",
    "==": "is",
    "!=": "is not",
}


def stake_words(name: str) -> str:
    """A stake's name as a player says it.

    >>> stake_words("low_limit"), stake_words("bring_in"), stake_words("ante")
    ('low limit', 'bring-in', 'ante')
    """
    return _STAKE_WORDS.get(name, name.replace("_", " "))


def hand_words(name: str) -> str:
    """A named hand threshold in words: ``ace_king`` -> ``ace-king``.

    >>> hand_words("three_of_a_kind"), hand_words("five_card_flush"), hand_words("nine_high_three_card_flush")
    ('three of a kind', 'a five-card flush', 'a three-card flush, nine high,')
    >>> hand_words("four_card_straight_flush")
    'a four-card straight flush'
    """
    if name.startswith("pair_of_"):  # a pair's lowest hand: "a pair of jacks"
        return "a " + name.replace("_", " ")
    flush = re.fullmatch(r"(?:([a-z]+)_high_)?([a-z]+)_card_(straight_)?flush", name)
    if flush:  # a flush's length (the longest flush ranking): "a five-card flush", "a three-card flush, nine high"
        top, length, straight = flush.groups()
        return f"a {length}-card {'straight ' if straight else ''}flush" + (f", {top} high," if top else "")
    return _HAND_WORDS.get(name, name.replace("_", " "))


def ordinal(n: int) -> str:
    """An ordinal in words.

    >>> ordinal(3)
    'third'
    """
    return _ORDINALS.get(n, f"{n}th")


def number_words(n: int) -> str:
    """A small count in words (``no`` for zero), larger ones in figures.

    >>> number_words(0), number_words(3), number_words(12)
    ('no', 'three', '12')
    """
    return _NUMBER_WORDS.get(n, str(n))


def canonical_text(expr: Expression | str | tuple) -> str:
    """The canonical form written back as an expression.

    >>> canonical_text("(ante * 2) + 1")
    '1 + 2 * ante'
    """
    node = expr if isinstance(expr, tuple) else canonical(expr)
    return _text(node)


def phrase(expr: Expression | str | tuple) -> str:
    """An amount in words: ``low_limit / 2`` -> ``half the low limit``,
    ``2 * ante`` -> ``twice the ante``; a constant is its number; anything
    else its canonical text.

    >>> phrase("ante * 2"), phrase("low_limit"), phrase("7"), phrase("ante + 1")
    ('twice the ante', 'the low limit', '7', '1 + ante')
    >>> phrase("min(pot, 2 * high_limit)")
    'the smaller of the pot and twice the high limit'
    >>> phrase("players_in"), phrase("round * 2")
    ('the number of players still in', 'twice the number of the betting round')
    """
    node = expr if isinstance(expr, tuple) else canonical(expr)
    if node[0] == "num":
        return _text(node)
    if node[0] == "call" and node[1] == "if":
        condition, yes, no = node[2]
        return f"{phrase(yes)} when {condition_words(condition)}, else {phrase(no)}"
    if node[0] == "call":
        which = {"min": "smaller", "max": "larger"}.get(node[1])
        if which is not None:
            parts = [phrase(a) for a in node[2]]
            return f"the {which} of {', '.join(parts[:-1])} and {parts[-1]}"
    if node[0] == "name":  # a stake, or what the table shows (a dealer ante, a bet of the pot)
        return _TABLE_AMOUNT_WORDS.get(node[1]) or f"the {stake_words(node[1])}"
    if node[0] == "op" and len(node[1]) == 2:
        a, b = node[1]
        op = node[2]
        if op == "/" and a[0] == "name" and b[0] == "num" and not isinstance(b[1], bool):
            frac = _FRACTIONS.get(b[1])
            return f"{frac} {phrase(a)}" if frac else f"1/{b[1]} of {phrase(a)}"
        if op == "*":
            num, name = (a, b) if a[0] == "num" else (b, a)
            if num[0] == "num" and name[0] == "name" and not isinstance(num[1], bool):
                mult = _MULTIPLES.get(num[1], f"{num[1]} times")
                return f"{mult} {phrase(name)}"
    return _text(node)


def amount_words(expr: Expression, variant: Variant) -> str:
    """An amount in words, a stake named alone read through its definition:
    ``bring_in`` where ``bring_in: ante`` reads ``equal to the ante``, where
    ``bring_in: low_limit / 2`` reads ``half the low limit``; a stake with a
    plain number reads ``the bring-in``."""
    node = canonical(expr)
    definitions = dict(variant.stakes)
    if node[0] == "name" and node[1] in definitions:
        inner = canonical(definitions[node[1]])
        if inner[0] == "num":
            return phrase(node)
        if inner[0] == "name":
            return f"equal to {phrase(inner)}"
        return phrase(inner)
    return phrase(node)


def amount_text(expr: Expression, variant: Variant, values: Mapping[str, int], *, stake_words: bool = False) -> str:
    """``half the low limit (5)``: the words and the value with these stakes; a stake
    given as a plain number is that number, or with ``stake_words`` its words too
    (``the low limit (10)``, which a plain ``10`` is not).

    >>> from studrules.spec.examples import example_variant
    >>> v = example_variant("bring-in")
    >>> amount_text(v.step("round-1").bring_in.amount, v, v.stake_values())
    'equal to the ante (1)'
    >>> amount_text(v.step("round-1").bring_in.amount, v, v.stake_values({"bet": 40}))
    'equal to the ante (4)'
    """
    words = amount_words(expr, variant)
    value = amount_value(expr, values)
    if value is None or words == str(value):
        return words
    node = canonical(expr)
    definitions = dict(variant.stakes)
    if node[0] == "name" and node[1] in definitions and definitions[node[1]].is_constant and not stake_words:
        return str(value)  # a stake given as a plain number: the number is its meaning
    return f"{words} ({value})"


def amount_value(expr: Expression, values: Mapping[str, int]) -> int | None:
    """The amount's value with these stake values; None when it reads a name only known while playing."""
    if expr.is_constant:
        return expr.value()
    if set(expr.names) <= set(values):
        try:
            return expr(values)
        except Exception:  # a name only known while playing
            return None
    return None


def condition_words(expr: Expression | str | tuple) -> str:
    """A condition in words.

    >>> condition_words("open_pair")
    'some player still in the hand shows a pair among his up cards'
    >>> condition_words("house >= ace_king")
    'the house has ace-king or better'
    >>> condition_words("players_in >= 3 and not heads_up")
    'the number of players still in is at least 3 and it is not true that only two players are left in the hand'
    >>> condition_words("pot > 10")
    'the pot is more than 10'
    """
    node = expr if isinstance(expr, tuple) else canonical(expr)
    kind = node[0]
    if kind == "num":
        return "always" if node[1] is True else "never" if node[1] is False else str(node[1])
    if kind == "name":
        return describe_name(node[1])
    if kind == "not":
        return f"it is not true that {condition_words(node[1])}"
    if kind == "cmp":
        op, left, right = node[1], node[2], node[3]
        if left[0] == "name" and left[1] in _HAND_OWNERS and right[0] == "name":
            owner, hand = _HAND_OWNERS[left[1]], hand_words(right[1])
            return f"{owner} has {_hand_comparison(op, hand)}"
        return f"{_operand_words(left)} {_COMPARE_WORDS[op]} {_operand_words(right)}"
    if kind == "op" and node[2] in ("and", "or"):
        return f" {node[2]} ".join(condition_words(o) for o in node[1])
    return _text(node)


def house_hand_words(expr: Expression | str, owner: str = "house") -> str | None:
    """The house's hand (``owner``: or the player's, ``hand``) a condition asks for, when the
    condition is only that (``house >= ace_king`` -> ``ace-king or better``); None otherwise.

    >>> house_hand_words("house >= ace_king"), house_hand_words("house >= pair and hand >= pair")
    ('ace-king or better', None)
    >>> house_hand_words("hand >= pair_of_aces", owner="hand")
    'a pair of aces or better'
    """
    node = canonical(expr)
    if node[0] == "cmp" and node[2] == ("name", owner) and node[3][0] == "name":
        return _hand_comparison(node[1], hand_words(node[3][1]))
    return None


# --- helpers ---------------------------------------------------------------


def _prec(node: tuple) -> int:
    kind = node[0]
    if kind == "op":
        return _PRECEDENCE[node[2]]
    if kind in ("not", "neg", "cmp"):
        return _PRECEDENCE[kind]
    return 9


def _text(node: tuple, parent: int = 0, right: bool = False) -> str:
    kind = node[0]
    if kind == "num":
        return "true" if node[1] is True else "false" if node[1] is False else str(node[1])
    if kind == "name":
        out = node[1]
    elif kind == "call":
        out = f"{node[1]}({', '.join(_text(a) for a in node[2])})"
    elif kind == "neg":
        out = "-" + _text(node[1], _PRECEDENCE["neg"])
    elif kind == "not":
        out = "not " + _text(node[1], _PRECEDENCE["not"])
    elif kind == "cmp":
        p = _PRECEDENCE["cmp"]
        out = f"{_text(node[2], p + 1)} {node[1]} {_text(node[3], p + 1)}"
    else:
        operands, op = node[1], node[2]
        p = _PRECEDENCE[op]
        parts = [_text(o, p, right=i > 0) for i, o in enumerate(operands)]
        out = f" {op} ".join(parts)
    mine = _prec(node)
    if mine < parent or (right and mine == parent and kind == "op" and node[2] in ("-", "/")):
        return f"({out})"
    return out


def _hand_comparison(op: str, hand: str) -> str:
    return {
        ">=": f"{hand} or better",
        ">": f"better than {hand}",
        "<=": f"{hand} or worse",
        "<": f"worse than {hand}",
        "==": f"exactly {hand}",
        "!=": f"anything but {hand}",
    }[op]


# What the table shows, as amounts a condition compares (spec.vocabulary.TABLE_NAMES).
_TABLE_AMOUNT_WORDS = {
    "players_in": "the number of players still in",
    "players": "the number of players dealt in",
    "round": "the number of the betting round",
    "pot": "the pot",
}


def _operand_words(node: tuple) -> str:
    if node[0] == "name":
        return _TABLE_AMOUNT_WORDS.get(node[1]) or node[1].replace("_", " ")
    return phrase(node)
