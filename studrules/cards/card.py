"""Cards: ranks, suits, jokers, parsing and order (decks are in :mod:`.deck`).

A :class:`Card` prints and parses as two characters, rank then suit::

    >>> card = parse_card("10d")
    >>> card, str(card), card.pretty(), card.rank, card.suit, card.code
    (Card('Td'), 'Td', 'T♦', 10, 'd', 33)
    >>> parse_cards("Ah Kd 7c")
    (Card('Ah'), Card('Kd'), Card('7c'))

There is exactly one object per card, so ``is`` works and a card is cheap to
hash. Jokers are :class:`Joker` cards written ``X1``, ``X2``, ... (never ``J``,
which is the jack); they have no rank or suit, and a :class:`Deck` holds them
only when asked (``Deck(jokers=2)``)::

    >>> parse_cards("X1 Ah"), joker(2).name
    ((Card('X1'), Card('Ah')), 'joker 2')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NoReturn

from ..errors import CardError
from .keys import RANK_WEIGHTS_7, card_keys

__all__ = [
    "RANKS",
    "SUITS",
    "DEFAULT_SUIT_ORDER",
    "RANK_NAMES",
    "RANK_PLURALS",
    "SUIT_NAMES",
    "Card",
    "parse_card",
    "parse_cards",
    "full_deck",
    "card_order_key",
    "compare_cards",
    "Joker",
    "MAX_JOKERS",
    "joker",
    "is_joker",
    "RANK_WEIGHTS_7",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DEFAULT_SUIT_ORDER: tuple[str, ...] = ("c", "d", "h", "s")
"""Suits from lowest to highest for breaking ties between single cards."""

RANK_NAMES: dict[int, str] = {
    1: "ace",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
_SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RANK_PLURALS: dict[int, str] = {r: ("sixes" if r == 6 else name + "s") for r, name in RANK_NAMES.items()}
"""``queens``: a rank in the plural, by its number (the ace as 1 or 14)."""
SUIT_NAMES: dict[str, str] = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
_BAD_CARD = "{!r} is not a card: ranks are 2-9 T J Q K A, suits c d h s"


class Card:
    """One playing card; immutable and interned (``Card('Ah') is Card('Ah')``).

    ``rank`` is 2..14 (ace = 14), ``suit`` one of ``c d h s``, ``code`` is
    ``(rank - 2) * 4 + "cdhs".index(suit)`` (0..51). The other slots are
    precomputed for the evaluator: ``rank_bit`` (``1 << rank - 2``),
    ``suit_index`` and the summed keys ``key5``/``keyn``/``quick5``/``quick7``.

    >>> Card("Ah") is Card.parse("ah") is Card.from_code(50) is Card(50)
    True
    >>> sorted(parse_cards("Ah 2c Kd 2s"))
    [Card('2c'), Card('2s'), Card('Kd'), Card('Ah')]
    """

    __slots__ = ("rank", "suit", "code", "suit_index", "rank_bit", "key5", "keyn", "quick5", "quick7", "_text")

    rank: int
    suit: str
    code: int
    suit_index: int
    rank_bit: int
    key5: int
    keyn: int
    quick5: int
    quick7: int
    _text: str

    def __new__(cls, card: str | int | Card) -> Card:
        if isinstance(card, Card):
            return card
        if isinstance(card, int) and not isinstance(card, bool):
            return cls.from_code(card)
        if isinstance(card, str):
            return parse_card(card)
        raise CardError(f"{card!r} is not a card: give text like 'Ah' or a code 0-51")

    @classmethod
    def _make(cls, code: int) -> Card:
        self = object.__new__(cls)
        rank_index, suit_index = divmod(code, 4)
        suit = SUITS[suit_index]
        setter = object.__setattr__
        setter(self, "rank", rank_index + 2)
        setter(self, "suit", suit)
        setter(self, "code", code)
        setter(self, "suit_index", suit_index)
        setter(self, "rank_bit", 1 << rank_index)
        for name, key in zip(("key5", "keyn", "quick5", "quick7"), card_keys(code)):  # see keys.py
            setter(self, name, key)
        setter(self, "_text", RANKS[rank_index] + suit)
        return self

    @staticmethod
    def parse(text: str) -> Card:
        """Same as :func:`parse_card`."""
        return parse_card(text)

    @staticmethod
    def from_code(code: int) -> Card:
        """The card with this code (0..51, ``(rank - 2) * 4 + suit index``).

        >>> Card.from_code(0), Card.from_code(51)
        (Card('2c'), Card('As'))
        """
        if isinstance(code, int) and 0 <= code < 52:
            return _BY_CODE[code]
        raise CardError(f"{code!r} is not a card code: codes are 0-51")

    def pretty(self) -> str:
        """The card with a suit symbol: ``'A♥'``."""
        return self._text[0] + _SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """The card in words: ``'ace of hearts'``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __format__(self, spec: str) -> str:
        return format(self._text, spec)

    # Natural order: rank, then suit in the default order (= code order).
    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code < other.code

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code <= other.code

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code > other.code

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code >= other.code

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        return (Card.from_code, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self


MAX_JOKERS = 9
"""Jokers are numbered 1 to 9 (``X1`` to ``X9``, codes 52 to 60)."""

# What a joker does not have: reading one raises a CardError naming the joker,
# so a joker handed to the natural evaluator or a ranking fails clearly.
_RANKED_FIELDS = frozenset({"rank", "suit", "suit_index", "rank_bit", "key5", "keyn", "quick5", "quick7"})


class Joker(Card):
    """A joker: ``X1`` to ``X9`` (code ``51 + number``). It deals, prints,
    parses, pickles and sorts (after the ace of spades) as a :class:`Card`, but
    has no rank or suit: reading them raises a :class:`CardError`, so the
    natural evaluator and the rankings refuse it. :mod:`studrules.cards.wild`
    values hands holding jokers (wild, or the bug).

    >>> x1 = Joker(1)
    >>> x1 is parse_card("X1") is parse_card("x1") is joker(1), str(x1), x1.number, x1.code
    (True, 'X1', 1, 52)
    >>> x1.rank
    Traceback (most recent call last):
    ...
    studrules.errors.CardError: X1 is a joker: it has no rank or suit (value hands holding jokers with studrules.cards.wild)
    """

    __slots__ = ()

    def __new__(cls, number: int | str | Card = 1) -> Joker:
        if isinstance(number, int):
            return joker(number)
        card = parse_card(number) if isinstance(number, str) else number
        if isinstance(card, Joker):
            return card
        raise CardError(f"{number!r} is not a joker: jokers are X1 to X{MAX_JOKERS}")

    @classmethod
    def _make_joker(cls, number: int) -> Joker:
        self = object.__new__(cls)
        object.__setattr__(self, "code", 51 + number)
        object.__setattr__(self, "_text", f"X{number}")
        return self

    def __getattr__(self, name: str) -> NoReturn:
        # only reached for what a joker lacks (its unset card slots)
        if name in _RANKED_FIELDS:
            raise CardError(
                f"{self._text} is a joker: it has no rank or suit (value hands holding jokers with studrules.cards.wild)"
            )
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def number(self) -> int:
        """Which joker: 1 for ``X1``."""
        return self.code - 51

    def pretty(self) -> str:
        """A joker's text form (``'X1'``): there is no suit symbol to show."""
        return self._text

    @property
    def name(self) -> str:
        """``'joker 1'``."""
        return f"joker {self.number}"

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        return (joker, (self.number,))


_BY_CODE: tuple[Card, ...] = tuple(Card._make(code) for code in range(52))
_JOKERS: tuple[Joker, ...] = tuple(Joker._make_joker(n) for n in range(1, MAX_JOKERS + 1))
_BY_TEXT: dict[str, Card] = {}
for _card in _BY_CODE:
    _r, _s = _card._text[0], _card._text[1]
    for _rank_text in {_r, _r.lower()} | ({"10"} if _r == "T" else set()):
        for _suit_text in (_s, _s.upper()):
            _BY_TEXT[_rank_text + _suit_text] = _card
del _card, _r, _s, _rank_text, _suit_text
for _joker in _JOKERS:
    _BY_TEXT[_joker._text] = _BY_TEXT[_joker._text.lower()] = _joker
del _joker


def joker(number: int = 1) -> Joker:
    """Joker number ``number`` (1 to :data:`MAX_JOKERS`): ``joker(1)`` is ``X1``.

    >>> joker(2)
    Card('X2')
    >>> joker(0)
    Traceback (most recent call last):
    ...
    studrules.errors.CardError: 0 is not a joker number: jokers are numbered 1 to 9
    """
    if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= MAX_JOKERS:
        return _JOKERS[number - 1]
    raise CardError(f"{number!r} is not a joker number: jokers are numbered 1 to {MAX_JOKERS}")


def is_joker(card: Card) -> bool:
    """Whether ``card`` is a joker (its code is 52 or more).

    >>> is_joker(parse_card("X1")), is_joker(parse_card("Jh"))
    (True, False)
    """
    return card.code >= 52


def parse_card(text: str) -> Card:
    """Read one card: ``'Ah'``, ``'ah'``, ``'Td'``, ``'10d'``; a joker is
    ``'X1'`` to ``'X9'`` (``X`` for the extra card, so it is never read as a
    jack, ``J``).

    >>> parse_card("10d") is parse_card("Td")
    True
    >>> parse_card("X2"), parse_card("x2") is joker(2)
    (Card('X2'), True)
    >>> parse_card("1x")
    Traceback (most recent call last):
    ...
    studrules.errors.CardError: '1x' is not a card: ranks are 2-9 T J Q K A, suits c d h s
    """
    if isinstance(text, Card):
        return text
    card = _BY_TEXT.get(text) if isinstance(text, str) else None
    if card is None:
        if isinstance(text, str) and text.strip() in _BY_TEXT:
            return _BY_TEXT[text.strip()]
        raise CardError(_BAD_CARD.format(text))
    return card


def parse_cards(cards: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several cards from text (``"Ah Kd 7c"``, ``"AhKd7c"``, commas allowed)
    or from an iterable of strings and cards. A card given twice is an error.

    >>> parse_cards("AhKd10c")
    (Card('Ah'), Card('Kd'), Card('Tc'))
    >>> parse_cards(["Ah", Card("Kd")])
    (Card('Ah'), Card('Kd'))
    >>> parse_cards("Ah Kd ah")
    Traceback (most recent call last):
    ...
    studrules.errors.CardError: Ah is given twice in 'Ah Kd ah'
    """
    if isinstance(cards, str):
        out = tuple(_split_text(cards))
    elif isinstance(cards, Card):
        out = (cards,)
    else:
        try:
            items = list(cards)
        except TypeError:
            raise CardError(f"{cards!r} is not a list of cards") from None
        out = tuple(c if isinstance(c, Card) else parse_card(c) for c in items)
    if len(set(out)) != len(out):
        seen: set[Card] = set()
        card = next(c for c in out if c in seen or seen.add(c))  # type: ignore[func-returns-value]  # (the first again)
        given = cards if isinstance(cards, str) else " ".join(map(str, out))
        if len(given) > 60:  # (a long run: its start, and how many cards)
            given = f"{given[:45]}... ({len(out):,} cards)"
        raise CardError(f"{card} is given twice in {given!r}")
    return out


def _split_text(text: str) -> Iterator[Card]:
    for word in text.replace(",", " ").split():
        i = 0
        while i < len(word):
            size = 3 if word.startswith("10", i) else 2
            piece = word[i : i + size]
            card = _BY_TEXT.get(piece)
            if card is None:
                raise CardError(_BAD_CARD.format(piece if len(word) > size else word))
            yield card
            i += size


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in code order (2c 2d 2h 2s 3c ... As).

    >>> deck = full_deck()
    >>> len(deck), deck[0], deck[-1]
    (52, Card('2c'), Card('As'))
    """
    return _BY_CODE


def card_order_key(
    card: Card | str,
    suit_order: Sequence[str] = DEFAULT_SUIT_ORDER,
    ace_high: bool = True,
) -> tuple[int, int]:
    """Sort key of a single card: rank (ace 14, or 1 when ``ace_high`` is false),
    then the suit's place in ``suit_order`` (lowest first).

    >>> card_order_key("Ah"), card_order_key("Ah", ace_high=False)
    ((14, 2), (1, 2))
    >>> min(parse_cards("3c 2s 2c 2h"), key=card_order_key)
    Card('2c')
    >>> min(parse_cards("2s 2c"), key=lambda c: card_order_key(c, suit_order="shdc"))
    Card('2s')
    """
    card = card if isinstance(card, Card) else parse_card(card)
    try:
        suit_place = tuple(suit_order).index(card.suit)
    except ValueError:
        raise CardError(f"suit order {tuple(suit_order)!r} does not list suit {card.suit!r}") from None
    rank = 1 if (card.rank == 14 and not ace_high) else card.rank
    return (rank, suit_place)


def compare_cards(
    a: Card | str,
    b: Card | str,
    suit_order: Sequence[str] = DEFAULT_SUIT_ORDER,
    ace_high: bool = True,
) -> int:
    """-1, 0 or 1 as card ``a`` is lower than, the same as, or higher than ``b``
    (rank first, then suit in ``suit_order``).

    >>> compare_cards("2c", "2d"), compare_cards("Ks", "Ac"), compare_cards("Ac", "Ks", ace_high=False)
    (-1, -1, -1)
    """
    ka = card_order_key(a, suit_order, ace_high)
    kb = card_order_key(b, suit_order, ace_high)
    return (ka > kb) - (ka < kb)
