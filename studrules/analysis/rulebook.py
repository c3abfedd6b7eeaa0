"""A rule book in English, written from a loaded variant.

Nothing here is stored text: every sentence is built from the model
(:mod:`studrules.spec.model`), so the rule book follows the file, its ``extends``,
the options chosen and the stakes given. :func:`explain` gives plain text or
Markdown; the words for amounts and conditions (:func:`amount_words`,
:func:`condition_words`) are shared with :mod:`studrules.analysis.diff`.

    >>> from studrules.spec.expressions import compile_expression, NUMBER
    >>> canonical_text(compile_expression("ante * 2", names={"ante": NUMBER}))
    '2 * ante'
    >>> phrase(compile_expression("low_limit / 5", names={"low_limit": NUMBER}))
    'a fifth of the low limit'
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..spec.expressions import Expression, canonical
from ..spec.model import (
    STANDARD_RANKS,
    AnteStep,
    BetAlternative,
    BettingStep,
    BringIn,
    DealStep,
    DecisionStep,
    DeckSpec,
    FirstToAct,
    Payout,
    RevealStep,
    SettleStep,
    ShowdownStep,
    Variant,
)
from ..spec.vocabulary import describe_name

__all__ = [
    "explain",
    "rule_book",
    "Block",
    "render_text",
    "render_markdown",
    "canonical_text",
    "phrase",
    "amount_words",
    "amount_text",
    "condition_words",
    "suit_order_words",
    "deck_words",
    "ace_words",
    "tie_break_words",
    "ties_clause",
    "first_to_act_words",
    "bring_in_who_words",
    "showdown_order_words",
    "odd_chip_words",
    "house_hand_words",
    "cap_words",
    "payout_words",
    "hand_words",
    "stake_words",
    "ordinal",
    "cards_held",
    "LANGUAGES",
]

#: Languages a rule book can be written in.
LANGUAGES = ("en",)


# --- the public entry point ---------------------------------------------------


def explain(variant: Variant, *, stakes: Mapping[str, int] | None = None, markdown: bool = False) -> str:
    """The variant's rules as a rule book: plain text, or Markdown.

    ``stakes`` overrides stake values (those computed from them follow).

        >>> from studrules.spec.loader import load_variant_text
        >>> v = load_variant_text('''
        ... name: one-round
        ... kind: pot
        ... stakes: {bet: 10, ante: bet / 10, bring_in: ante}
        ... steps:
        ...   - ante: {amount: ante}
        ...   - deal: {players: [down, up]}
        ...   - betting: {id: round-1, bet: bet, bring_in: {who: lowest_up_card, amount: bring_in}}
        ...   - deal: {players: [up, up, up]}
        ...   - showdown: {rankings: [high]}
        ... ''')
        >>> book = explain(v)
        >>> "lowest up card brings in for 1 (equal to the ante)" in book
        True
        >>> explain(v, markdown=True).startswith("# ")
        True
    """
    blocks = rule_book(variant, stakes=stakes)
    return render_markdown(blocks) if markdown else render_text(blocks)


@dataclass(frozen=True)
class Block:
    """One piece of a rule book: a heading (``h1``, ``h2``), a paragraph
    (``p``), a list (``ul``, ``ol``: ``items``) or a table (``table``:
    ``items`` are rows, ``header`` the column names)."""

    kind: str
    text: str = ""
    items: tuple = ()
    header: tuple[str, ...] = ()


def rule_book(variant: Variant, *, stakes: Mapping[str, int] | None = None) -> list[Block]:
    """The rule book as a list of :class:`Block` (for renderers)."""
    return _Writer(variant, stakes).write()


# --- words for expressions ----------------------------------------------------

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
_SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
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

    >>> hand_words("three_of_a_kind")
    'three of a kind'
    """
    return _HAND_WORDS.get(name, name.replace("_", " "))


def ordinal(n: int) -> str:
    """An ordinal in words.

    >>> ordinal(3)
    'third'
    """
    return _ORDINALS.get(n, f"{n}th")


def _count(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


def canonical_text(expr: Expression | str | tuple) -> str:
    """The canonical form written back as an expression.

    >>> canonical_text("(ante * 2) + 1")
    '1 + 2 * ante'
    """
    node = expr if isinstance(expr, tuple) else canonical(expr)
    return _text(node)


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


def phrase(expr: Expression | str | tuple) -> str:
    """An amount in words: ``low_limit / 2`` -> ``half the low limit``,
    ``2 * ante`` -> ``twice the ante``; a constant is its number; anything
    else its canonical text.

    >>> phrase("ante * 2"), phrase("low_limit"), phrase("7"), phrase("ante + 1")
    ('twice the ante', 'the low limit', '7', '1 + ante')
    """
    node = expr if isinstance(expr, tuple) else canonical(expr)
    if node[0] == "num":
        return _text(node)
    if node[0] == "name":
        return f"the {stake_words(node[1])}"
    if node[0] == "op" and len(node[1]) == 2:
        a, b = node[1]
        op = node[2]
        if op == "/" and a[0] == "name" and b[0] == "num" and not isinstance(b[1], bool):
            frac = _FRACTIONS.get(b[1])
            return f"{frac} the {stake_words(a[1])}" if frac else f"1/{b[1]} of the {stake_words(a[1])}"
        if op == "*":
            num, name = (a, b) if a[0] == "num" else (b, a)
            if num[0] == "num" and name[0] == "name" and not isinstance(num[1], bool):
                mult = _MULTIPLES.get(num[1], f"{num[1]} times")
                return f"{mult} the {stake_words(name[1])}"
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


def amount_text(expr: Expression, variant: Variant, values: Mapping[str, int]) -> str:
    """``half the low limit (5)``: the words and the value with these stakes.

    >>> from studrules.spec.loader import load_variant_text
    >>> v = load_variant_text('''
    ... name: one-round
    ... kind: pot
    ... stakes: {bet: 10, ante: bet / 10, bring_in: ante}
    ... steps:
    ...   - ante: {amount: ante}
    ...   - deal: {players: [down, up]}
    ...   - betting: {id: round-1, bet: bet, bring_in: {who: lowest_up_card, amount: bring_in}}
    ...   - deal: {players: [up, up, up]}
    ...   - showdown: {rankings: [high]}
    ... ''')
    >>> amount_text(v.step("round-1").bring_in.amount, v, v.stake_values())
    'equal to the ante (1)'
    >>> amount_text(v.step("round-1").bring_in.amount, v, v.stake_values({"bet": 40}))
    'equal to the ante (4)'
    """
    words = amount_words(expr, variant)
    value = _value(expr, values)
    if value is None or words == str(value):
        return words
    node = canonical(expr)
    definitions = dict(variant.stakes)
    if node[0] == "name" and node[1] in definitions and definitions[node[1]].is_constant:
        return str(value)  # a stake given as a plain number: the number is its meaning
    return f"{words} ({value})"


def _value(expr: Expression, values: Mapping[str, int]) -> int | None:
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
    'some player shows a pair among his up cards'
    >>> condition_words("house >= ace_king")
    'the house has ace-king or better'
    >>> condition_words("players_in >= 3 and not heads_up")
    'players in is at least 3 and it is not true that only two players are left in the hand'
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


def house_hand_words(expr: Expression | str) -> str | None:
    """The house's hand a condition asks for, when the condition is only that
    (``house >= ace_king`` -> ``ace-king or better``); None otherwise.

    >>> house_hand_words("house >= ace_king"), house_hand_words("house >= pair and hand >= pair")
    ('ace-king or better', None)
    """
    node = canonical(expr)
    if node[0] == "cmp" and node[2] == ("name", "house") and node[3][0] == "name":
        return _hand_comparison(node[1], hand_words(node[3][1]))
    return None


def _hand_comparison(op: str, hand: str) -> str:
    return {
        ">=": f"{hand} or better",
        ">": f"better than {hand}",
        "<=": f"{hand} or worse",
        "<": f"worse than {hand}",
        "==": f"exactly {hand}",
        "!=": f"anything but {hand}",
    }[op]


def _operand_words(node: tuple) -> str:
    if node[0] == "name":
        return node[1].replace("_", " ")
    return phrase(node)


# --- words for rules ---------------------------------------------------------


def suit_order_words(variant: Variant) -> str:
    """``spades > hearts > diamonds > clubs`` (highest first)."""
    return " > ".join(_SUIT_NAMES[s] for s in reversed(variant.deck.suit_order))


_RANK_WORDS = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def deck_words(deck: DeckSpec) -> str:
    """The deck in words: ``a standard deck of 52 cards``, ``a 36-card deck (6 to ace)``.

    >>> from studrules.spec.model import DeckSpec
    >>> deck_words(DeckSpec()), deck_words(DeckSpec(ranks="789TJQKA")), deck_words(DeckSpec(ranks="2345A"))
    ('a standard deck of 52 cards', 'a 32-card deck (7 to ace)', 'a 20-card deck (2, 3, 4, 5 and ace)')
    """
    ranks = deck.ranks
    if ranks == STANDARD_RANKS:
        return f"a standard deck of {deck.cards} cards"
    names = [_RANK_WORDS.get(r, r) for r in ranks]
    if ranks in STANDARD_RANKS:  # one run of ranks in a row
        return f"a {deck.cards}-card deck ({names[0]} to {names[-1]})"
    return f"a {deck.cards}-card deck ({', '.join(names[:-1])} and {names[-1]})"


def ace_words(deck: DeckSpec) -> str:
    """How the ace plays in straights of high hands, in words.

    >>> from studrules.spec.model import DeckSpec
    >>> ace_words(DeckSpec())
    'high, and low only in A-2-3-4-5'
    >>> ace_words(DeckSpec(ace_low_straight=False))
    'never low (A-2-3-4-5 is not a straight)'
    >>> ace_words(DeckSpec(ranks="6789TJQKA")) == ace_words(DeckSpec(ranks="6789TJQKA", ace_low_straight=False))
    True
    >>> ace_words(DeckSpec(ranks="6789TJQKA"))
    'high only: A-2-3-4-5 cannot be dealt from this deck, and A-6-7-8-9 is not a straight'
    """
    ranks = deck.ranks
    if "A" not in ranks:
        return "there is no ace in this deck"
    if deck.wheel:
        return "high, and low only in A-2-3-4-5"
    if all(r in ranks for r in "2345"):
        return "never low (A-2-3-4-5 is not a straight)"
    # a stripped deck: the wheel cannot be dealt; a straight is five ranks in a row of 2..A
    low = ranks[:4]
    words = "high only: A-2-3-4-5 cannot be dealt from this deck"
    if low in STANDARD_RANKS and low != "TJQK":
        words += f", and A-{'-'.join(low).replace('T', '10')} is not a straight"
    return words


def tie_break_words(tie_break: str, variant: Variant) -> str:
    """How a tie between seats is broken, in words."""
    if tie_break == "suit":
        return f"by suit ({_SUIT_NAMES[variant.deck.suit_order[-1]]} highest)"
    if tie_break == "nearest_dealer":
        return "to the player nearest the dealer's left"
    return tie_break.replace("_", " ")


def ties_clause(tie_break: str, variant: Variant) -> str:
    """``ties go to the player nearest the dealer's left`` / ``ties are broken by suit (...)``."""
    words = tie_break_words(tie_break, variant)
    return f"ties go {words}" if words.startswith("to ") else f"ties are broken {words}"


_FIRST_WORDS = {
    "bring_in": "the bring-in, then clockwise",
    "best_visible": "the best visible hand",
    "worst_visible": "the worst visible hand",
    "lowest_card": "the player holding the lowest card (hidden cards included)",
    "lowest_up_card": "the lowest up card",
    "highest_up_card": "the highest up card",
    "dealer_left": "the player at the dealer's left",
}
#: first-to-act rules that compare hands or cards, so ties can happen
TIED_RULES = ("best_visible", "worst_visible", "lowest_card", "lowest_up_card", "highest_up_card")


def first_to_act_words(first: FirstToAct) -> str:
    """Who acts first, in words (ties not included)."""
    words = _FIRST_WORDS.get(first.rule, first.rule.replace("_", " "))
    if first.expose:
        words += " (he turns that card face up)"
    return words


def bring_in_who_words(who: str) -> str:
    """``lowest_up_card`` -> ``the lowest up card``."""
    return _FIRST_WORDS.get(who, who.replace("_", " "))


_SHOW_WORDS = {
    "last_raiser": "the last player to raise",
    "last_aggressor": "the last player to bet or raise",
    "opener": "the player who opened the betting",
    "first_to_act": "the first player to act on the last round",
    "best_visible": "the best visible hand",
    "dealer_left": "the player nearest the dealer's left",
}
_SHOW_MISSING = {
    "last_raiser": "nobody raised",
    "last_aggressor": "nobody bet",
    "opener": "nobody bet",
}


def showdown_order_words(step: ShowdownStep) -> str:
    """``the last player to raise (in the last round); if nobody raised, ...``."""
    where = "in the last round" if step.scope == "last_round" else "in the whole hand"
    parts = []
    previous = None
    for _i, entry in enumerate(step.order):
        words = _SHOW_WORDS.get(entry, entry.replace("_", " "))
        if entry in _SHOW_MISSING:
            words += f" {where}"
        if previous is not None:
            words = f"if {_SHOW_MISSING.get(previous, 'there is none')}, {words}"
        parts.append(words)
        previous = entry
    return "; ".join(parts) + "; then clockwise"


def cap_words(step: BettingStep) -> str:
    """``a bet and 3 raises``."""
    if step.cap is None:
        words = "no limit on raises"
    elif step.cap == 0:
        words = "a bet and no raise"
    else:
        words = f"a bet and {step.cap} raise{'s' if step.cap != 1 else ''}"
    if step.heads_up_uncapped and step.cap is not None:
        words += "; no limit heads-up"
    return words


def odd_chip_words(odd_chip: str) -> str:
    """Who gets a chip a split pot cannot divide.

    >>> odd_chip_words("nearest_dealer")
    "the player nearest the dealer's left"
    """
    return _ODD_CHIP_WORDS.get(odd_chip, odd_chip.replace("_", " "))


_ODD_CHIP_WORDS = {
    "nearest_dealer": "the player nearest the dealer's left",
    "high_card_suit": "the hand holding the highest card by suit",
}


def payout_words(payout: Payout) -> str:
    """``paid at even money`` / ``returned`` / ``lost``."""
    if payout.result == "win":
        return "paid at even money" if payout.odds == 1 else f"paid {payout.odds} to 1"
    if payout.result == "push":
        return "returned"
    if payout.result == "lose":
        return "lost"
    return payout.result


def faces_words(faces: Sequence[str]) -> str:
    """``the first face down, the second face up`` / ``all face down``."""
    if not faces:
        return "no cards"
    if len(set(faces)) == 1:
        return f"face {faces[0]}" if len(faces) == 1 else f"all face {faces[0]}"
    if len(faces) == 2:
        return ", ".join(f"the {ordinal(i + 1)} face {f}" for i, f in enumerate(faces))
    runs: list[list] = []
    for f in faces:
        if runs and runs[-1][0] == f:
            runs[-1][1] += 1
        else:
            runs.append([f, 1])
    return ", then ".join(f"{n} face {f}" for f, n in runs)


def cards_held(variant: Variant, upto: Any) -> tuple[int, int]:
    """(down, up) cards each player holds when step ``upto`` starts."""
    down = up = 0
    for step in variant.steps:
        if step is upto:
            break
        if isinstance(step, DealStep):
            down += step.players.count("down")
            up += step.players.count("up")
    return down, up


def _cards_text(down: int, up: int) -> str:
    return f"{down + up} card{'s' if down + up != 1 else ''} ({down} down, {up} up)"


def _actions_words(actions: Sequence[str]) -> str:
    return " and ".join(f"{a}s" for a in actions)  # the schema asks for at least one


# --- the rule book -------------------------------------------------------------


class _Writer:
    def __init__(self, variant: Variant, stakes: Mapping[str, int] | None):
        self.v = variant
        self.overridden = set(stakes or {})
        self.values = variant.stake_values(stakes)
        self.blocks: list[Block] = []

    # helpers
    def h1(self, text: str) -> None:
        self.blocks.append(Block("h1", text))

    def h2(self, text: str) -> None:
        self.blocks.append(Block("h2", text))

    def p(self, *sentences: str) -> None:
        text = " ".join(s for s in sentences if s)
        if text:
            self.blocks.append(Block("p", text))

    def ul(self, items: Sequence[str], kind: str = "ul") -> None:
        if items:
            self.blocks.append(Block(kind, items=tuple(items)))

    def amount(self, expr: Expression, *, bare: bool = False) -> str:
        """``5 (equal to the ante)``: the value first, as a player says it.

        ``bare``: the value alone when the words only name a stake."""
        words = amount_words(expr, self.v)
        value = _value(expr, self.values)
        if value is None:
            return words
        if words == str(value) or (bare and canonical(expr)[0] == "name" and words.startswith("the ")):
            return str(value)
        return f"{value} ({words})"

    # sections
    def write(self) -> list[Block]:
        v = self.v
        self.h1(v.title)
        self.source()
        self.players()
        self.cards()
        self.stakes()
        self.forced_bets()
        self.play()
        showdowns = v.steps_of(ShowdownStep)
        for step in showdowns:
            self.showdown(step)
        for step in v.steps_of(SettleStep):
            self.settlement(step)
        self.void()
        self.options()
        return self.blocks

    def source(self) -> None:
        src = self.v.source
        bits = []
        if src.title:
            bits.append(f"\u201c{src.title}\u201d")
        if src.text:
            bits.append(f"source text {src.text}")
        if src.language:
            bits.append(f"language: {src.language}")
        if src.url:
            bits.append(src.url)
        line = f"Variant {self.v.name}"
        if self.v.extends:
            line += f", built on {self.v.extends}"
        if bits:
            line += "; from " + ", ".join(bits)
        self.p(line + ".")

    def players(self) -> None:
        s = self.v.seats
        self.h2("Players")
        if self.v.is_banked:
            table = (
                f"The table has {s.positions[0]} to {s.positions[1]} player positions (boxes). " if s.positions else ""
            )
            self.p(
                table
                + f"From {s.min} to {s.max} players, each playing one hand against the house (the dealer's hand);",
                "a box may stay empty and nobody bets on an empty box.",
            )
        else:
            self.p(
                f"From {s.min} to {s.max} players, each playing for himself. Players are counted clockwise from the dealer's left."
            )

    def cards(self) -> None:
        d = self.v.deck
        self.h2("Cards")
        deck = deck_words(d)
        deck = deck[0].upper() + deck[1:] + "."
        if d.ranks != STANDARD_RANKS:
            deck += " Every card of those ranks in each of the four suits; no other card is dealt."
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
            ranking_sentence = f"Hands rank by the {d.ranking.replace('_', ' ')} ranking."
            high_hands = any("high" in s.rankings for s in self.v.steps_of(ShowdownStep))
            if high_hands and not d.wheel and "A" in d.ranks:
                ranking_sentence += f" In high hands the ace is {ace}."
        self.p(
            f"{deck} {ranking_sentence}",
            f"Suits rank {suit_order_words(self.v)}; suits only break ties between single cards.",
        )

    def stakes(self) -> None:
        if not self.v.stakes:
            return
        self.h2("Stakes")
        items = []
        for name, expr in self.v.stakes:
            value = self.values[name]
            node = canonical(expr)
            if node[0] == "num" or name in self.overridden:
                items.append(f"{stake_words(name)}: {value}")
            else:
                words = f"equal to {phrase(node)}" if node[0] == "name" else phrase(node)
                items.append(f"{stake_words(name)}: {value} ({words})")
        self.ul(items)
        self.p("Change them with --stake NAME=VALUE; stakes worked out from another follow it.")

    def forced_bets(self) -> None:
        self.h2("Forced bets")
        antes = self.v.steps_of(AnteStep)
        if not antes:
            self.p("There is no ante.")
        for step in antes:
            if self.v.is_banked:
                limits = ""
                if step.min is not None and step.max is not None:
                    limits = f", between the table minimum {self.amount(step.min, bare=True)} and maximum {self.amount(step.max, bare=True)}"
                if step.chosen_by_player:
                    text = f"Before the deal each player places an ante of his choice in his box{limits}."
                else:
                    text = f"Before the deal each player places an ante of {self.amount(step.amount, bare=True)} in his box{limits}."
                self.p(text, "An ante outside the table limits is refused." if limits else "")
            else:
                dead = (
                    "The ante is dead: it does not count toward later bets."
                    if step.dead
                    else "The ante is live: it counts toward the player's first bet."
                )
                self.p(f"Before the deal every player posts an ante of {self.amount(step.amount, bare=True)}.", dead)
            if step.when is not None:
                self.p(f"The ante is posted only when {condition_words(step.when)}.")
        for step in self.v.steps_of(BettingStep):
            if step.bring_in is not None:
                self.p(
                    f"The bring-in is a forced opening bet of {self.amount(step.bring_in.amount, bare=True)}; see {self.round_name(step)}."
                )

    def round_name(self, step: BettingStep) -> str:
        return f"round {self.v.steps_of(BettingStep).index(step) + 1}"

    def play(self) -> None:
        self.h2("The play, step by step")
        dealt_before = False
        betting_before = False
        number = 0
        for step in self.v.steps:
            if isinstance(step, DealStep):
                number += 1
                self.blocks.append(Block("h3", f"{number}. Deal"))
                self.p(*self.deal(step, dealt_before, betting_before))
                dealt_before = True
            elif isinstance(step, BettingStep):
                number += 1
                down, up = cards_held(self.v, step)
                name = self.round_name(step).capitalize()
                self.blocks.append(
                    Block(
                        "h3",
                        f"{number}. {name}: betting ({step.structure.replace('_', ' ')}), each player holding {_cards_text(down, up)}",
                    )
                )
                self.betting(step)
                betting_before = True
            elif isinstance(step, DecisionStep):
                number += 1
                self.blocks.append(Block("h3", f"{number}. Decision"))
                self.decision(step)
            elif isinstance(step, RevealStep):
                number += 1
                self.blocks.append(Block("h3", f"{number}. Reveal"))
                who = (
                    "The house turns its cards face up."
                    if step.who == "house"
                    else "Every player turns his cards face up."
                )
                self.p(who, self.when(step))
        if not self.v.is_banked:
            self.p("Whenever all players but one fold, the last one takes the pot without showing.")

    def when(self, step: Any) -> str:
        if step.when is None:
            return ""
        node = canonical(step.when)
        if node[0] == "not":
            return f"This step is skipped when {condition_words(node[1])}."
        return f"This step happens only when {condition_words(node)}."

    def deal(self, step: DealStep, dealt_before: bool, betting_before: bool) -> list[str]:
        out = []
        if step.burn:
            out.append("The dealer burns the top card." if step.burn == 1 else f"The dealer burns {step.burn} cards.")
        who = "Each player still in the hand" if betting_before else "Each player"
        n = len(step.players)
        if step.house and len(step.house) == n and n > 1:
            out.append(
                f"{n} passes of one card each, clockwise from the dealer's left, the house taking one card after each pass round the players."
            )
            out.append(
                f"The players' cards: {faces_words(step.players)}. The house's cards: {faces_words(step.house)}."
            )
        else:
            if n == 1:
                out.append(
                    f"{who} gets {'one more card' if dealt_before else 'one card'} {faces_words(step.players)}, clockwise from the dealer's left."
                )
            elif n:
                out.append(
                    f"{who} gets {n} cards, one at a time clockwise from the dealer's left: {faces_words(step.players)}."
                )
            if step.house:
                out.append(
                    f"The house gets {len(step.house)} card{'s' if len(step.house) > 1 else ''}: {faces_words(step.house)}."
                )
        if step.community:
            out.append(
                f"{len(step.community)} community card{'s' if len(step.community) > 1 else ''} go{'es' if len(step.community) == 1 else ''} in the middle, {faces_words(step.community)}, and count for every player."
            )
        if step.fallback == "community":
            out.append(
                "If the deck cannot give every player still in a card, one community card is turned face up in the middle instead and counts as every player's card."
            )
        out.append(self.when(step))
        return out

    def betting(self, step: BettingStep) -> None:
        sentences = []
        bet = self.amount(step.bet)
        if step.bring_in is not None:
            sentences.extend(self.bring_in(step.bring_in, step, bet))
        elif step.first_to_act.rule in TIED_RULES:
            first = step.first_to_act
            base = _FIRST_WORDS.get(first.rule, first.rule.replace("_", " "))
            expose = " and turns that card face up" if first.expose else ""
            sentences.append(f"{_cap(base)} acts first{expose}; {ties_clause(first.tie_break, self.v)}.")
        else:
            sentences.append(f"{_cap(first_to_act_words(step.first_to_act))} acts first.")
        if step.bring_in is None:
            sentences.append("Play goes clockwise.")
        if step.structure == "fixed_limit":
            sentences.append(f"Every bet and raise is {bet}.")
        elif step.structure == "no_limit":
            sentences.append(f"The smallest bet is {bet}; a player may bet up to his whole stack.")
        elif step.structure == "pot_limit":
            sentences.append(f"The smallest bet is {bet}; a bet or raise may be at most the size of the pot.")
        for alt in step.alternatives:
            sentences.append(self.alternative(alt))
        if step.cap is None:
            sentences.append("Raises are not limited in number.")
        elif step.cap == 0:
            sentences.append("One bet and no raise per round.")
        else:
            sentences.append(f"One bet and at most {_count(step.cap)} raise{'s' if step.cap != 1 else ''} per round.")
        if step.heads_up_uncapped and step.cap is not None:
            sentences.append("There is no limit on raises while only two players are in the hand.")
        if step.max_raise_multiple is not None:
            k = step.max_raise_multiple
            sentences.append(
                "A raise may at most double the bet."
                if k == 2
                else f"A raise may at most make the bet {k} times what it was."
            )
        if step.bring_in is None:
            if step.check is None:
                sentences.append("A player facing no bet may check.")
            else:
                sentences.append(
                    f"A player facing no bet may check only when {condition_words(step.check)}; otherwise he must bet or fold."
                )
        sentences.append("The round ends when all bets are level.")
        sentences.append(self.when(step).replace("This step", "This round"))
        self.p(*sentences)

    def bring_in(self, bi: BringIn, step: BettingStep, bet: str) -> list[str]:
        who = bring_in_who_words(bi.who)
        out = [
            f"The player with {who} brings in for {self.amount(bi.amount, bare=True)}; {ties_clause(bi.tie_break, self.v)}."
        ]
        if bi.complete:
            out.append(f"He may instead complete to {bet}.")
        out.append("He cannot check. Then the others, clockwise, fold, call or raise.")
        return out

    def alternative(self, alt: BetAlternative) -> str:
        text = f"If {condition_words(alt.when)}, {_actions_words(alt.actions)} may be {self.amount(alt.bet)}"
        if alt.sticky:
            text += "; once one is made, the rest of the round follows it."
        else:
            text += "; the normal size stays allowed."
        return text

    def decision(self, step: DecisionStep) -> None:
        raise_text = (
            f"raises {self.amount(step.raise_amount)} with the default ante"
            if step.raise_amount is not None
            else "plays on"
        )
        if step.fold:
            self.p(
                f"Each player, having seen his cards, either folds (his ante and cards are collected) or {raise_text}.",
                self.when(step),
            )
        else:
            self.p(f"Each player {raise_text}.", self.when(step))

    def showdown(self, step: ShowdownStep) -> None:
        self.h2("Showdown")
        items = [f"Who shows first: {showdown_order_words(step)}."]
        total = sum(len(d.players) for d in self.v.steps_of(DealStep))
        if total > 5:
            items.append(f"Each player plays his best five cards of the {total} he holds.")
        if step.muck:
            items.append("A player may muck (throw his hand away unseen) instead of showing; he gives up the pot.")
        else:
            items.append("Every hand still in is shown; nobody mucks.")
        if len(step.rankings) == 1:
            r = step.rankings[0]
            items.append(
                "The best high hand wins the pot."
                if r == "high"
                else f"The best hand by the {r.replace('_', ' ')} ranking wins the pot."
            )
        else:
            names = " and ".join(
                f"the best {r.replace('_', ' ')} hand"
                if r == "high"
                else f"the best qualifying {r.replace('_', ' ')} hand"
                for r in step.rankings
            )
            items.append(
                f"The pot is divided equally between {names}; a half with no qualifying hand goes to the other."
            )
        if step.compare == "full":
            items.append("All five cards count: kickers break ties, and high-card hands compare card by card.")
        else:
            items.append("Only the cards of the combination count; kickers are ignored.")
        if step.ties == "split":
            items.append(
                f"Equal hands split the pot; an odd chip that cannot be split goes to {odd_chip_words(step.odd_chip)}."
            )
        elif step.ties == "first_shown":
            items.append("Between equal hands, the one shown first takes the whole pot.")
        self.ul(items)

    def settlement(self, step: SettleStep) -> None:
        self.h2("Settlement against the house")
        hand = house_hand_words(step.qualify)
        self.p(
            f"The house qualifies with {hand}."
            if hand
            else f"The house qualifies when {condition_words(step.qualify)}."
        )
        self.ul(
            [
                f"House not qualified: the ante is {payout_words(step.not_qualified_ante)}; the raise is {payout_words(step.not_qualified_raise)}.",
                f"House qualified: each hand is compared with the house's. A losing hand loses its ante and raise; a winning hand has its ante {payout_words(Payout('win', step.ante_odds))} and its raise paid by the table below.",
                f"A hand equal to the house's: {_tie_words(step.tie)}.",
            ]
            + (
                [f"At most {self.amount(step.max_payout)} is paid to one position in one hand."]
                if step.max_payout is not None
                else []
            )
        )
        if step.pay_table:
            self.blocks.append(
                Block(
                    "table",
                    items=tuple(
                        (_cap(hand_words(label).removeprefix("a ")), f"{odds} to 1") for label, odds in step.pay_table
                    ),
                    header=("Player's hand", "Raise pays"),
                )
            )

    def void(self) -> None:
        vr = self.v.void
        cases = []
        whose = "a player's or the house's hand" if self.v.is_banked else "a player's hand"
        if vr.wrong_card_count:
            cases.append(f"when {whose} has the wrong number of cards")
        if vr.declared:
            why = f" (when {vr.declared_when})" if vr.declared_when else ""
            cases.append(f"when the dealer declares it void{why}")
        if cases:
            self.h2("Void hands")
            self.p(f"A hand is void, and every bet returned, {', or '.join(cases)}.")

    def options(self) -> None:
        self.h2("House options")
        if not self.v.options:
            self.p("None: this variant has no house-rule options.")
            return
        self.p("Choose with --option NAME=CHOICE; the current choice is marked.")
        chosen = dict(self.v.chosen)
        items = []
        for option in self.v.options:
            lines = []
            for c in option.choices:
                mark = " [current]" if chosen.get(option.name) == c.name else ""
                default = " (default)" if option.default == c.name else ""
                lines.append(f"{c.name}{mark}{default}" + (f": {c.description}" if c.description else ""))
            items.append((f"{option.name}: {option.description}", tuple(lines)))
        self.ul(items)


def _tie_words(tie: str) -> str:
    return {"push": "the ante and the raise are returned", "lose": "the hand loses", "win": "the hand wins"}.get(
        tie, tie
    )


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- rendering -------------------------------------------------------------------

_WIDTH = 78


def render_text(blocks: Sequence[Block]) -> str:
    """Plain text for terminals and pipes."""
    out: list[str] = []
    for b in blocks:
        if b.kind == "h1":
            out += [b.text, "=" * len(b.text), ""]
        elif b.kind == "h2":
            out += [b.text, "-" * len(b.text), ""]
        elif b.kind == "h3":
            out += [b.text, ""]
        elif b.kind == "p":
            out += textwrap.wrap(b.text, _WIDTH) + [""]
        elif b.kind in ("ul", "ol"):
            for i, item in enumerate(b.items, 1):
                text, sub = item if isinstance(item, tuple) else (item, ())
                bullet = f"{i}. " if b.kind == "ol" else "- "
                out += textwrap.wrap(text, _WIDTH, initial_indent=bullet, subsequent_indent=" " * len(bullet))
                for s in sub:
                    out += textwrap.wrap(s, _WIDTH, initial_indent="    * ", subsequent_indent="      ")
            out.append("")
        elif b.kind == "table":
            rows = [b.header, *b.items]
            widths = [max(len(str(r[i])) for r in rows) for i in range(len(b.header))]
            for n, row in enumerate(rows):
                out.append("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip())
                if n == 0:
                    out.append("  ".join("-" * w for w in widths))
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")


def render_markdown(blocks: Sequence[Block]) -> str:
    """Markdown (headings, lists, a pipe table for the pay table)."""
    out: list[str] = []
    for b in blocks:
        if b.kind in ("h1", "h2", "h3"):
            out += ["#" * int(b.kind[1]) + " " + _md(b.text), ""]
        elif b.kind == "p":
            out += [_md(b.text), ""]
        elif b.kind in ("ul", "ol"):
            for i, item in enumerate(b.items, 1):
                text, sub = item if isinstance(item, tuple) else (item, ())
                out.append((f"{i}. " if b.kind == "ol" else "- ") + _md(text))
                for s in sub:
                    out.append("    - " + _md(s))
            out.append("")
        elif b.kind == "table":
            out.append("| " + " | ".join(_md(h) for h in b.header) + " |")
            out.append("|" + "|".join(" --- " for _ in b.header) + "|")
            for row in b.items:
                out.append("| " + " | ".join(_md(str(c)) for c in row) + " |")
            out.append("")
    return "\n".join(out).rstrip() + "\n"
