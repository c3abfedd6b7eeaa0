"""A player's choices at the terminal table, in words, and what a typed line names.

Each legal action has one key (:data:`VERB_KEYS`); :func:`choice_text`
says a choice as the table lists it (``[r] raise to 20 or 30``,
``[e] turn up a card: e 5c or e Jc``). An action that takes some of the
player's cards (turning cards up, discarding, buying, passing, splitting
off a second hand) is checked here word by word: :func:`chosen_cards` and
:func:`chosen_hand` give the cards, or what is wrong with them in words.
"""

from __future__ import annotations

import re
from typing import Any

from ..cards.card import parse_card
from ..errors import StudrulesError
from ..game.actions import LegalAction
from ..spec.expression_language import digits_grouped

__all__ = [
    "NotAChoice",
    "VERB_KEYS",
    "keys_of",
    "choice_text",
    "offer_choices",
    "amount_words",
    "cards_question",
    "chosen_cards",
    "chosen_hand",
    "hand_question",
    "takes_cards",
    "typed_words",
    "typed_number",
]

#: The one key of each verb, the same whatever else is legal: ``b`` bets,
#: brings in or buys, ``r`` raises or completes (a completion raises the
#: bring-in to a full bet), ``c`` checks or calls. Verbs sharing a key are
#: never legal together; a verb whose key is taken gets a free letter of its
#: own name, else a digit.
VERB_KEYS = {
    "check": "c",
    "call": "c",
    "bet": "b",
    "bring-in": "b",
    "buy": "b",
    "raise": "r",
    "complete": "r",
    "fold": "f",
    "show": "s",
    "split": "s",
    "muck": "m",
    "declare": "d",
    "discard": "d",
    "decline": "d",
    "expose": "e",
    "pass": "p",
    "void": "v",
}


class NotAChoice(StudrulesError):
    """What the player typed names no choice he has (the message says why, in words)."""


#: What each action that takes some of the player's cards does with them, in words.
CARD_VERBS = {"expose": "turn up", "discard": "discard", "buy": "give up", "pass": "pass"}

#: The cards each of those actions chooses from, in words.
CARD_POOLS = {
    "expose": "your face-down cards",
    "pass": "your face-down cards",
    "discard": "the cards you may discard",
    "buy": "the cards you may give up",
}

#: The word that chooses no card where none is allowed (standing pat).
NONE = "none"

_ESCAPES = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|O.|.)?")


def typed_words(line: str) -> list[str]:
    """A typed line's words, lower case, without the keys that type nothing
    (Esc, an arrow's escape sequence, other control characters).

    A byte that is no UTF-8 (read as a lone surrogate) stays in its word as
    U+FFFD, so the word is no choice rather than a shorter one:

    >>> typed_words(" R  20 "), typed_words("\\x1b"), typed_words("\\x1b[A c"), typed_words("c\\udcc3")
    (['r', '20'], [], ['c'], ['c\ufffd'])
    """
    text = _ESCAPES.sub(" ", line)
    text = "".join("\ufffd" if "\udc80" <= ch <= "\udcff" else ch for ch in text)
    return "".join(ch if ch.isprintable() else " " for ch in text).lower().split()


def typed_number(word: str) -> int | None:
    """The whole number ``word`` types in ASCII digits (``1,000`` and ``1_000`` read too, as
    on the command line), else None: ``str.isdigit`` is true of other digits too (``²``, ``٣``),
    which ``int`` refuses or reads as a number nobody typed; at most 18 digits.

    >>> typed_number(" 20 "), typed_number("1,000"), typed_number("²"), typed_number("-5"), typed_number("١٠")
    (20, 1000, None, None, None)
    >>> typed_number("1,0"), typed_number("10,00")  # (a comma parts thousands only)
    (None, None)
    """
    text = word.strip()
    if not digits_grouped(text):
        return None
    text = text.replace(",", "").replace("_", "")
    if not text or not text.isascii() or not text.isdigit() or len(text) > 18:
        return None
    return int(text)


def keys_of(legal: tuple[LegalAction, ...]) -> dict[str, LegalAction]:
    """The one-key shortcut of each legal action (:data:`VERB_KEYS`).

    >>> sorted(keys_of((LegalAction("fold"), LegalAction("call", 3), LegalAction("complete", to=(10,)))))
    ['c', 'f', 'r']
    """
    keys: dict[str, LegalAction] = {}
    later = []
    for la in legal:
        key = VERB_KEYS.get(la.action)
        if key is not None and key not in keys:
            keys[key] = la
        else:
            later.append(la)
    for la in later:  # a key taken: the first free letter of its name, else a digit
        key = next((ch for ch in la.action if ch.isalpha() and ch not in keys and ch != "q"), None)
        keys[key or str(len(keys) + 1)] = la
    return keys


def takes_cards(la: LegalAction) -> bool:
    """Whether ``la`` is done with some of the player's cards, named (a buy of an up card names none).

    >>> takes_cards(LegalAction("expose", min=1, max=1, choices=("5c", "Jc"))), takes_cards(LegalAction("buy", 10))
    (True, False)
    """
    return la.action in CARD_VERBS and la.choices is not None and la.min is not None


def amount_words(la: LegalAction) -> str:
    """The totals (or wager sizes) ``la`` allows, in words: ``10 or 20``, ``from 2 to 99``.

    >>> amount_words(LegalAction("raise", to=(5, 10, 15))), amount_words(LegalAction("bet", min=2, max=99))
    ('5, 10 or 15', 'from 2 to 99')
    """
    if la.to is not None:
        return _or(list(map(str, la.to)))
    if la.min == la.max:
        return str(la.min)
    return f"from {la.min} to {la.max}"


def choice_text(key: str, la: LegalAction) -> str:
    """A choice as the table lists it, with its key.

    >>> choice_text("r", LegalAction("raise", amount=5, to=(5, 10, 15)))
    '[r] raise 5, 10 or 15'
    >>> choice_text("b", LegalAction("bet", min=2, max=99)), choice_text("r", LegalAction("raise", to=(20, 30)))
    ('[b] bet to a total from 2 to 99', '[r] raise to 20 or 30')
    >>> choice_text("e", LegalAction("expose", min=1, max=1, choices=("5c", "Jc")))
    '[e] turn up a card: e 5c or e Jc'
    >>> choice_text("p", LegalAction("pass", min=3, max=3, choices=("9c", "Qd", "3d", "Ad", "5h")))
    '[p] pass 3 cards: p and 3 of 9c Qd 3d Ad 5h'
    >>> choice_text("s", LegalAction("split", choices=("9c Qd", "9c 3d")))
    '[s] split off a second hand of 2 cards: s 9c Qd or s 9c 3d'
    >>> choice_text("e", LegalAction("expose", min=0, max=1, choices=("5c", "Jc")))
    '[e] turn up at most one card: e and at most one of 5c Jc, or e none'
    """
    if takes_cards(la):
        return f"[{key}] {_card_choice(key, la)}"
    if la.action == "split" and la.choices:
        return f"[{key}] {_split_choice(key, la.choices)}"
    if la.amount is not None and la.to is not None and len(la.to) > 1:  # a wager against the house of several sizes
        return f"[{key}] {la.action} {amount_words(la)}"
    if la.amount is None and la.to is None and la.min is not None and la.min != la.max:
        return f"[{key}] {la.action} to a total {amount_words(la)}"
    return f"[{key}] {la}"


def offer_choices(terms: Any, keys: dict[str, LegalAction]) -> str:
    """The choices an up card's price gives (``terms``: :attr:`Hand.offer
    <studrules.game.hand.Hand.offer>`), saying the card and what the price buys.

    >>> from studrules.game.offers import OfferTerms
    >>> four = OfferTerms("Ann", "4h", 10, "down", "keep")
    >>> offer_choices(four, {"b": LegalAction("buy", 10), "d": LegalAction("decline")})
    'Your 4h up offers an extra card, face down, for 10: [b] buy it   [d] decline'
    >>> three = OfferTerms("Ann", "3c", 12, "none", "fold")
    >>> offer_choices(three, {"b": LegalAction("buy", 12), "f": LegalAction("fold")})
    'Your 3c up asks 12, paid into the pot: [b] pay 12   [f] fold'
    >>> offer_choices(three, {"f": LegalAction("fold")})
    'Your 3c up asks 12, paid into the pot, more than you have: [f] fold'
    """
    if terms.deal == "none":
        head, buy = f"Your {terms.card} up asks {terms.price}, paid into the pot", f"pay {terms.price}"
    else:
        head, buy = f"Your {terms.card} up offers an extra card, face {terms.deal}, for {terms.price}", "buy it"
    if not any(la.action == "buy" for la in keys.values()):
        head += ", more than you have"
    words = {"buy": buy, "decline": "decline", "fold": "fold"}
    return f"{head}: " + "   ".join(f"[{key}] {words.get(la.action, la.action)}" for key, la in keys.items())


def cards_question(la: LegalAction) -> str:
    """What the table asks when the player names no card (``e`` alone).

    >>> cards_question(LegalAction("expose", min=1, max=1, choices=("5c", "Jc")))
    'turn up which card (5c or Jc; Enter to go back)? '
    >>> cards_question(LegalAction("discard", min=0, max=2, choices=("5c", "Jc", "Kd")))
    'discard which cards (up to 2 of 5c Jc Kd, or none; Enter to go back)? '
    """
    cards = la.choices or ()
    assert la.min is not None and la.max is not None
    which = "which card" if la.max == 1 else "which cards"
    if la.min == la.max == 1:
        among = _or(list(cards))
    else:
        among = f"{_how_many(la.min, la.max)} of {' '.join(cards)}" + (f", or {NONE}" if la.min == 0 else "")
    return f"{CARD_VERBS[la.action]} {which} ({among}; Enter to go back)? "


def chosen_cards(la: LegalAction, words: list[str]) -> str:
    """The cards ``words`` name for ``la``, as the action writes them (``''``: none, standing pat);
    a :class:`NotAChoice` saying in words what is wrong with them.

    >>> expose = LegalAction("expose", min=1, max=1, choices=("5c", "Jc"))
    >>> chosen_cards(expose, ["jc"])
    'Jc'
    >>> chosen_cards(expose, ["9h"])
    Traceback (most recent call last):
    ...
    studrules.table.choices.NotAChoice: 9h is not one of your face-down cards: choose from 5c Jc
    """
    choices = la.choices or ()
    assert la.min is not None and la.max is not None
    held = {c.lower(): c for c in choices}
    pool = f"choose from {' '.join(choices)}"
    if words == [NONE]:
        words = []
    words = [_normal(w) for w in words]
    for word in words:
        if word not in held:
            raise NotAChoice(f"{_card_word(word)} is not one of {CARD_POOLS[la.action]}: {pool}")
    if len(set(words)) != len(words):
        raise NotAChoice(f"name each card once: {pool}")
    if not la.min <= len(words) <= la.max:
        raise NotAChoice(f"{CARD_VERBS[la.action]} {_how_many(la.min, la.max, cards=True)}, not {len(words)}: {pool}")
    return " ".join(held[w] for w in words)


def hand_question(la: LegalAction) -> str:
    """What the table asks when the player splits without naming his second hand.

    >>> hand_question(LegalAction("split", choices=("9c Qd", "9c 3d")))
    'your second hand: which 2 cards (9c Qd or 9c 3d; Enter to go back)? '
    """
    choices = la.choices or ()
    size = len(choices[0].split()) if choices else 0
    return f"your second hand: which {size} cards ({_hands(choices)}; Enter to go back)? "


def chosen_hand(la: LegalAction, words: list[str], mine: tuple[str, ...]) -> str:
    """The second hand ``words`` name for a split, in the order the action writes it, given
    the player's cards ``mine``; a :class:`NotAChoice` saying what is wrong.

    >>> split = LegalAction("split", choices=("9c Qd", "9c 3d"))
    >>> chosen_hand(split, ["qd", "9c"], ("9c", "Qd", "3d", "Kh"))
    '9c Qd'
    >>> chosen_hand(split, ["qd", "kh"], ("9c", "Qd", "3d", "Kh"))
    Traceback (most recent call last):
    ...
    studrules.table.choices.NotAChoice: Qd Kh is not a second hand the rules allow here: 9c Qd or 9c 3d
    """
    held = {c.lower(): c for c in mine}
    words = [_normal(w) for w in words]
    for word in words:
        if word not in held:
            raise NotAChoice(f"{_card_word(word)} is not one of your cards: {' '.join(mine)}")
    named = set(words)
    second = next((c for c in la.choices or () if {w.lower() for w in c.split()} == named), None)
    if second is None or len(named) != len(words):
        shown = " ".join(held[w] for w in words) or "no card"
        raise NotAChoice(f"{shown} is not a second hand the rules allow here: {_hands(la.choices or ())}")
    return second


# --------------------------------------------------------------------------
# helpers


def _or(items: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" or {items[-1]}"


def _how_many(least: int, most: int, cards: bool = False) -> str:
    """How many cards an action takes, in words (``cards``: naming them, 'a card' and '3 cards')."""
    noun = " card" if most == 1 else " cards"
    if least == most:
        return ("a card" if most == 1 else f"{most} cards") if cards else ("one" if most == 1 else str(most))
    if least == 0 and most == 1:  # (not 'up to 1 card')
        return "at most one card" if cards else "at most one"
    if least == 0:
        return f"up to {most}" + (noun if cards else "")
    return f"{least} to {most}" + (noun if cards else "")


def _card_choice(key: str, la: LegalAction) -> str:
    """``turn up a card: e 5c or e Jc``; ``pass 3 cards: p and 3 of 9c Qd 3d ...``."""
    cards = la.choices or ()
    assert la.min is not None and la.max is not None
    what = f"{CARD_VERBS[la.action]} {_how_many(la.min, la.max, cards=True)}"
    if la.action == "buy":
        what += f" and buy {'another' if la.max == 1 else 'as many'} at {la.amount} a card"
    if la.min == la.max == 1 and len(cards) <= 4:
        return f"{what}: " + _or([f"{key} {c}" for c in cards])
    none = f", or {key} {NONE}" if la.min == 0 else ""
    return f"{what}: {key} and {_how_many(la.min, la.max)} of {' '.join(cards)}{none}"


def _split_choice(key: str, hands: tuple[str, ...]) -> str:
    size = len(hands[0].split())
    what = f"split off a second hand of {size} cards"
    if len(hands) <= 3:
        return f"{what}: " + _or([f"{key} {h}" for h in hands])
    return f"{what}: {key} and its cards, as {key} {hands[0]} ({len(hands)} ways)"


def _hands(hands: tuple[str, ...]) -> str:
    return _or(list(hands)) if hands else "none"


def _normal(word: str) -> str:
    """A typed word as a card's text in lower case where it is a card (``10D``: ``td``).

    >>> _normal("10D"), _normal("x1"), _normal("nine")
    ('td', 'x1', 'nine')
    """
    try:
        return str(parse_card(word)).lower()
    except StudrulesError:
        return word


def _card_word(word: str) -> str:
    """A typed word as the card it names (``9H``: ``9h``), else quoted."""
    try:
        return str(parse_card(word))
    except StudrulesError:
        return f"'{word}'"
