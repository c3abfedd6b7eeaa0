"""What a player does: an :class:`Action`, and what he may do: a :class:`LegalAction`.

An action reads and prints as a line of a hand script::

    >>> a = Action.parse("Bob raise 10")
    >>> a.player, a.verb, a.amount
    ('Bob', 'raise', 10)
    >>> str(a)
    'Bob raise 10'
    >>> str(Action.parse("Dan bring-in"))
    'Dan bring-in'

Amounts of ``complete``, ``bet`` and ``raise`` are the player's *total* for
the betting round (``Bob raise 10``: Bob's bets in this round come to 10);
the amount of ``call`` and ``bring-in`` is optional (it is implied), and a
banked game's ``raise`` has no amount (the variant fixes it).

Verbs: ``bring-in``, ``complete``, ``bet``, ``raise``, ``call``, ``check``,
``fold``, ``show``, ``muck`` (pot games' showdown), ``raise``/``fold`` (a
banked game's decision) and ``void`` (the dealer declares the hand void, where
the variant allows it; the player is then ``dealer``).

A :class:`LegalAction` is one entry of :meth:`studrules.game.hand.Hand.legal_actions`.
Its :meth:`~LegalAction.to_dict` shape, as hand scripts print it under
``next.legal``:

- ``{"action": "check"}``, ``{"action": "fold"}``, ``{"action": "show"}``,
  ``{"action": "muck"}``;
- ``{"action": "call", "amount": 5}`` and ``{"action": "bring-in", "amount": 5}``:
  chips the player puts in;
- fixed limit: ``{"action": "raise", "to": [30, 40]}``: every allowed total;
- pot limit and no limit: ``{"action": "raise", "to": "10..95", "min": 10, "max": 95}``:
  every whole total from ``min`` to ``max`` is allowed;
- a banked decision: ``{"action": "raise", "amount": 20}`` (the raise the
  variant fixes);
- a declaration: ``{"action": "declare", "choices": ["high", "low", "both"]}``
  (written ``Ann declare high``);
- a discard: ``{"action": "discard", "choices": ["2c", "7d", "Kh"], "min": 0, "max": 2}``:
  from ``min`` to ``max`` of the cards listed (written ``Ann discard 2c 7d``;
  ``Ann discard`` alone stands pat);
- a purchase: ``{"action": "buy", "choices": ["2c", "7d"], "min": 1, "max": 1, "price": 20}``:
  give up from ``min`` to ``max`` of the cards listed and pay ``price`` for
  each new card (written ``Ann buy 7d``), or ``{"action": "decline"}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..cards.card import is_joker, parse_cards
from ..errors import ScriptError, close_matches
from ..spec.expression_language import whole_text
from .events import pot_words

__all__ = ["VERBS", "Action", "LegalAction", "fewest_cards"]

#: Every verb an action may have.
VERBS = (
    "bring-in",
    "complete",
    "bet",
    "raise",
    "call",
    "check",
    "fold",
    "show",
    "muck",
    "void",
    "declare",
    "discard",
    "expose",
    "buy",
    "decline",
    "pass",
    "split",
)

_ALIASES = {
    "bring_in": "bring-in",
    "bringin": "bring-in",
    "checks": "check",
    "calls": "call",
    "folds": "fold",
    "bets": "bet",
    "raises": "raise",
    "completes": "complete",
    "shows": "show",
    "mucks": "muck",
    "declares": "declare",
    "discards": "discard",
    "exposes": "expose",
    "buys": "buy",
    "declines": "decline",
    "passes": "pass",
    "splits": "split",
}
_WITH_AMOUNT = frozenset(("bring-in", "complete", "bet", "raise", "call"))
# verbs followed by a word: 'Ann declare high'
_WITH_WORD = frozenset(("declare",))
# verbs followed by some of the player's cards: 'Ann discard 2c 7d', 'Ann buy 7d'
_WITH_CARDS = frozenset(("discard", "expose", "buy", "pass", "split"))
#: the verbs written with a word after them (the others take none)
WORDED = _WITH_WORD | _WITH_CARDS
#: the verbs that may be written with an amount (the others take none)
AMOUNTED = _WITH_AMOUNT


class Action(NamedTuple):
    """One player's action: ``Action("Bob", "raise", 10)``, an immutable tuple
    with named fields (cheap to make: a player makes one at every decision).

    >>> Action("Ann", "call") == Action.parse("Ann call")
    True
    """

    player: str
    verb: str
    amount: int | None = None
    word: str | None = None  # declare: high, low or both; discard, expose, buy, pass: the cards, 'Ah Kd' (None: none)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``"PLAYER VERB [AMOUNT]"``; a :class:`~studrules.errors.ScriptError` if it does not read.

        >>> Action.parse("Cat fold")
        Action(player='Cat', verb='fold', amount=None, word=None)
        >>> str(Action.parse("Cat declare high")), str(Action.parse("Cat discard 2c 7d")), str(Action.parse("Cat discard"))
        ('Cat declare high', 'Cat discard 2c 7d', 'Cat discard')
        >>> Action.parse("Cat jump")
        Traceback (most recent call last):
        ...
        studrules.errors.ScriptError: 'Cat jump': unknown action 'jump': the verbs are bring-in, complete, bet, raise, call, check, fold, show, muck, void, declare, discard, expose, buy, decline, pass, split
        >>> Action.parse("Cat flod")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        studrules.errors.ScriptError: 'Cat flod': unknown action 'flod' (did you mean 'fold'?): the verbs are ...
        >>> Action.parse("Cat stand pat")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        studrules.errors.ScriptError: 'Cat stand pat': unknown action 'stand' (standing pat is written 'Cat discard', with no card): ...
        >>> Action.parse("Cat stand")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        studrules.errors.ScriptError: 'Cat stand': unknown action 'stand' (a stand against the house, no further wager, is written 'check'): ...
        """
        if not isinstance(text, str):
            raise ScriptError(f"an action is a line 'PLAYER VERB [AMOUNT]', not {text!r}")
        parts = text.split()
        if len(parts) >= 2 and _ALIASES.get(parts[1].lower(), parts[1].lower()) in _WITH_CARDS:
            verb = _ALIASES.get(parts[1].lower(), parts[1].lower())
            return cls(parts[0], verb, word=" ".join(parts[2:]) or None)
        if len(parts) not in (2, 3):
            raise ScriptError(f"'{text}': an action is written 'PLAYER VERB [AMOUNT]', e.g. 'Bob raise 10'")
        player, verb = parts[0], parts[1].lower()
        verb = _ALIASES.get(verb, verb)
        if verb not in VERBS:
            close = close_matches(verb, VERBS)  # (not "all-in": call?)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            if verb in ("stand", "stands") and parts[2:] == ["pat"]:  # (a draw's word)
                hint = f" (standing pat is written '{parts[0]} discard', with no card)"
            elif verb in ("stand", "stands"):  # (a strategy's word: a hand writes it as the table plays it)
                hint = " (a stand against the house, no further wager, is written 'check')"
            raise ScriptError(f"'{text}': unknown action '{parts[1]}'{hint}: the verbs are {', '.join(VERBS)}")
        amount = None
        if verb in _WITH_WORD:
            if len(parts) != 3:
                raise ScriptError(f"'{text}': say what {player} does: '{player} {verb} high', 'low' or 'both'")
            return cls(player, verb, word=parts[2].lower())
        if len(parts) == 3:
            if verb not in _WITH_AMOUNT:
                raise ScriptError(f"'{text}': '{verb}' takes no amount")
            read = whole_text(parts[2])
            if read is None:
                raise ScriptError(f"'{text}': the amount must be a whole number of chips, not '{parts[2]}'")
            amount = read
            if amount < 0:
                raise ScriptError(f"'{text}': the amount cannot be negative")
        return cls(player, verb, amount)

    def __str__(self) -> str:
        if self.word is not None:
            return f"{self.player} {self.verb} {self.word}"
        if self.amount is None:
            return f"{self.player} {self.verb}"
        return f"{self.player} {self.verb} {self.amount}"


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One thing the player to act may do, with the allowed amounts.

    ``amount``: chips put in (call, bring-in, a banked raise). ``to``: every
    allowed total for the round (fixed limit). ``min``/``max``: the range of
    allowed totals (pot limit, no limit; then ``to`` is None).

    >>> LegalAction("raise", to=(30, 40)).to_dict()
    {'action': 'raise', 'to': [30, 40]}
    >>> LegalAction("bet", min=10, max=95).to_dict()
    {'action': 'bet', 'to': '10..95', 'min': 10, 'max': 95}
    >>> str(LegalAction("call", amount=5))
    'call 5'
    """

    action: str
    amount: int | None = None
    to: tuple[int, ...] | None = None
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] | None = None  # the words allowed (declare: high, low, both)
    pot: int | None = None  # the pot a declaration is for (0: the main pot), where each pot has its own

    def to_dict(self) -> dict[str, Any]:
        """The legal action as JSON data (see the module's documentation).

        >>> LegalAction("declare", choices=("high", "low", "both")).to_dict()
        {'action': 'declare', 'choices': ['high', 'low', 'both']}
        >>> LegalAction("declare", choices=("high", "low", "both"), pot=1).to_dict()["pot"]
        1
        """
        out: dict[str, Any] = {"action": self.action}
        if self.choices is not None:
            out["choices"] = list(self.choices)
            if self.pot is not None:
                out["pot"] = self.pot
            if self.min is not None:  # how many of them (discard)
                out["min"], out["max"] = self.min, self.max
            if self.amount is not None:  # what each new card costs (buy)
                out["price"] = self.amount
            return out
        if self.amount is not None:
            out["amount"] = self.amount
        if self.to is not None:
            out["to"] = list(self.to)
        elif self.min is not None:
            out["to"] = f"{self.min}..{self.max}"
            out["min"] = self.min
            out["max"] = self.max
        return out

    def only_total(self) -> int | None:
        """The one total this bet, raise or completion allows, for an action
        that does not say it (None: it allows several, or none).

        >>> LegalAction("raise", to=(20,)).only_total(), LegalAction("raise", to=(20, 30)).only_total()
        (20, None)
        >>> LegalAction("bet", min=40, max=40).only_total(), LegalAction("bet", min=10, max=95).only_total()
        (40, None)
        """
        to = self.to
        if to is not None:
            return to[0] if len(to) == 1 else None
        return self.min if self.min is not None and self.min == self.max else None

    def least_total(self) -> int | None:
        """The smallest total this bet, raise or completion allows (None: it says no total).

        >>> LegalAction("raise", to=(20, 30)).least_total(), LegalAction("bet", min=10, max=95).least_total()
        (20, 10)
        """
        return self.to[0] if self.to else self.min

    def allows(self, total: int) -> bool:
        """Whether ``total`` is an allowed total for this bet, raise or completion."""
        if self.to is not None:
            return total in self.to
        low, high = self.min, self.max
        if low is not None and high is not None:
            return low <= total <= high
        return False

    def __str__(self) -> str:
        if self.choices is not None and self.min is not None:
            price = f" at {self.amount} a card" if self.amount is not None else ""
            return f"{self.action} {self.min}..{self.max} of {' '.join(self.choices)}{price}"
        if self.choices is not None:
            return f"{self.action} {'/'.join(self.choices)}" + (
                f" for {pot_words(self.pot)}" if self.pot is not None else ""
            )
        if self.amount is not None:
            return f"{self.action} {self.amount}"
        if self.to is not None:
            return f"{self.action} to {' or '.join(map(str, self.to))}"
        if self.min is not None:
            return (
                f"{self.action} to {self.min}..{self.max}" if self.min != self.max else f"{self.action} to {self.min}"
            )
        return self.action


_OPTIONS: dict[tuple[str, int | None, tuple[int, ...] | None, int | None, int | None], LegalAction] = {}


def _option(
    verb: str,
    amount: int | None = None,
    to: tuple[int, ...] | None = None,
    low: int | None = None,
    high: int | None = None,
) -> LegalAction:
    """``LegalAction(verb, amount, to, low, high)``, made once and then shared
    (a legal action is an immutable value; making one costs more than finding it).

    >>> _option("call", 5) is _option("call", 5), str(_option("raise", to=(20,)))
    (True, 'raise to 20')
    """
    key = (verb, amount, to, low, high)
    option = _OPTIONS.get(key)
    if option is None:
        if len(_OPTIONS) >= 4096:
            _OPTIONS.clear()
        option = _OPTIONS[key] = LegalAction(verb, amount, to, low, high)
    return option


#: per verb, per amount (call, bring-in) or single total (a fixed-limit bet, raise or
#: completion): its legal action, shared (the betting's look-ups at every decision)
_KNOWN: dict[str, dict[int, LegalAction]] = {"call": {}, "bring-in": {}, "bet": {}, "raise": {}, "complete": {}}


def _known(verb: str, n: int) -> LegalAction:
    """``_option(verb, n)`` for a call or a bring-in of ``n`` chips, else
    ``_option(verb, to=(n,))`` (a bet, raise or completion to ``n``), found by ``n`` alone.

    >>> _known("call", 5) is _option("call", 5), _known("raise", 20) is _option("raise", to=(20,))
    (True, True)
    """
    known = _KNOWN[verb]
    option = known.get(n)
    if option is None:
        if len(known) >= 4096:
            known.clear()
        option = known[n] = _option(verb, n) if verb == "call" or verb == "bring-in" else _option(verb, to=(n,))
    return option


def fewest_cards(la: LegalAction, *, aims_low: bool = False) -> str | None:
    """A plain player's answer to an action that takes some of his cards
    (discard, expose): the fewest it asks, his lowest ranks first (his
    highest where the game aims low); None for none.

    >>> fewest_cards(LegalAction("discard", min=2, max=3, choices=("Kd", "2c", "9h")))
    '2c 9h'
    >>> fewest_cards(LegalAction("discard", min=0, max=1, choices=("Kd",))) is None
    True
    >>> fewest_cards(LegalAction("expose", min=1, max=1, choices=("X1", "Kd")))
    'Kd'
    """
    cards = sorted(
        parse_cards(" ".join(la.choices or ())), key=lambda c: 15 if is_joker(c) else c.rank, reverse=aims_low
    )
    cards.sort(key=is_joker)  # a joker, wild or the bug, is kept last
    return " ".join(map(str, cards[: la.min or 0])) or None
