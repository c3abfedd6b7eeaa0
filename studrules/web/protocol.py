"""What a browser may send, checked, and what one seat may see, written.

Every message is one JSON object of at most :data:`MAX_MESSAGE` bytes of UTF-8
(:data:`MAX_SETTINGS` for ``settings``; a binary frame is read as that text) with a ``type``; :func:`parse_message`
checks it whole (known keys only, each of its kind and size) before the
table sees it, and raises :class:`ProtocolError` otherwise. The types a player sends:

- ``{"type": "hello", "token": T}``: the first message, naming the seat;
- ``{"type": "act", "verb": "raise", "amount": 20}`` (``word``: the cards
  or the word of a discard, declare...; ``turn``: the snapshot's ``turn`` the
  page showed, so that a second click, or one made before the page caught up
  with the table, is refused rather than played at a later turn);
- ``{"type": "choose", "variant": NAME}``: the dealer's pick at a dealer's
  choice table;
- ``{"type": "ante", "amount": 20}``: at a table with games against the
  house, the ante this seat's position places from the next hand (within
  the table limits);
- ``{"type": "side_bet", "name": "pair_plus", "amount": 10}``: at a table
  with games against the house, this seat's stake on a side bet from the
  next hand (0: none; within the table limits);
- ``{"type": "start"}``, ``{"type": "bot", "kind": "sensible"}``,
  ``{"type": "remove", "seat": 3}`` (stand a seat up),
  ``{"type": "replace", "seat": 3, "kind": "sensible"}`` (give it to a bot;
  without ``kind``, the table's own bot: see :func:`~.banked_view.bot_kind`),
  ``{"type": "host", "seat": 3}`` (make that player the host): the host's
  (``replace`` of his own seat: any player's);
- ``{"type": "settings", "changes": {"stakes": {"low_limit": 20}}}``: the
  host changes any of the games (``variants``), ``rotate``, ``stakes``,
  ``options``, ``timeout``, ``pause``, ``rebuys`` (true or false) and
  ``rebuy_limit`` (a number, or null: unlimited) from the next hand (the
  seats, buy-in and seed stay);
- ``{"type": "rebuy"}``: a player who has lost his chips buys in again, for
  the table's buy-in, where the table allows it (:mod:`.rebuys`); he plays
  from the next hand;
- ``{"type": "top_up"}``: between hands, a player with chips left but fewer
  than the buy-in buys what brings him up to it (a purchase the table's
  rebuys count);
- ``{"type": "leave"}``: stand up (between hands; during one, his hand is
  folded at his turn and he stands up when it ends; a host leaving hands
  his part to the next player);
- ``{"type": "away"}``, ``{"type": "back"}``: sit out (his turns check, else
  fold, at once) and come back;
- ``{"type": "say", "text": "nice hand"}``: a line of the table's chat (1 to
  200 characters, none a control or direction-override character);
- ``{"type": "watch"}``: instead of ``hello``, a spectator's first message
  (he sees what every seat sees, and acts for nobody);
- ``{"type": "ping"}``.

>>> parse_message('{"type": "act", "verb": "call"}')
{'type': 'act', 'verb': 'call', 'amount': None, 'word': None, 'turn': None}
>>> parse_message('{"type": "act", "verb": "call", "as": "Bob"}')
Traceback (most recent call last):
...
studrules.web.protocol.ProtocolError: 'act' takes no 'as'

What a seat receives is :func:`hand_payload`: the seat's
:class:`~studrules.game.view.View` and nothing more (another seat's
face-down cards, and the house's, never leave the server).
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from ..errors import StudrulesError
from ..game.actions import VERBS
from ..game.view import masked_events
from ..table.display import pay_words
from ..table.terminal import wild_now
from .banked_view import banked_payload, behind_wagers
from .settings_change import CHANGEABLE, FIXED

__all__ = [
    "MAX_MESSAGE",
    "MAX_SETTINGS",
    "ProtocolError",
    "parse_message",
    "hand_payload",
    "check_name",
    "RateLimit",
    "whole_unicode",
    "name_key",
]

#: The largest message a browser may send, in bytes.
MAX_MESSAGE = 1024
#: The largest ``settings`` message, in bytes (as large as the request that makes a table).
MAX_SETTINGS = 4096

# (each is matched whole, with fullmatch: '$' would let a last newline through)
_NAME = re.compile(r"[\w.'-]{1,16}")
_WORD = re.compile(r"[\w ]{0,64}")
_TOKEN = re.compile(r"[\w-]{8,64}")
_VARIANT = re.compile(r"[\w.-]{1,64}")
# a chat line: any letters, signs and spaces, no control or direction-override character
_CHAT = re.compile("[^\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]{1,200}")
_KEY = re.compile(r"[\w.-]{1,32}")  # a stake's or an option's name, an option's choice
_TURN = re.compile(r"[0-9]{1,12}:[0-9]{1,9}")  # the table's turn a page acted at (the hand's number, its events)
#: What each pattern allows, in words, for a refusal.
_PATTERN_WORDS = {
    _TURN: "the turn the table showed: its hand's number, ':' and a count",
    _WORD: "up to 64 letters, digits and spaces",
    _TOKEN: "8 to 64 letters, digits, '_' or '-'",
    _VARIANT: "a game's name: 1 to 64 letters, digits, '.', '_' or '-'",
    _CHAT: "a line of 1 to 200 characters, without control or direction characters",
    _KEY: "a name of 1 to 32 letters, digits, '.', '_' or '-'",
}

#: Names the hand itself uses for somebody who is not a player.
_RESERVED = frozenset({"house", "dealer", "middle", "community", "burns"})
#: Letters that show nothing (the Hangul fillers): a name of them, or with them, looks like another.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")

#: The bots the host may seat (``strategy``: each game's own strategy, for games against the house).
_BOTS = ("sensible", "check-call", "random", "strategy")

# each type: its keys and a check for each
_FIELDS: dict[str, dict[str, Any]] = {
    "hello": {"token": _TOKEN},
    "act": {"verb": tuple(VERBS), "amount": int, "word": _WORD, "turn": _TURN},
    "choose": {"variant": _VARIANT},
    "start": {},
    "ante": {"amount": int},
    "side_bet": {"name": _KEY, "amount": int},
    "bot": {"kind": _BOTS},
    "leave": {},
    "remove": {"seat": int},
    "replace": {"seat": int, "kind": _BOTS},
    "host": {"seat": int},
    "away": {},
    "back": {},
    "rebuy": {},
    "top_up": {},
    "say": {"text": _CHAT},
    "settings": {"changes": lambda value: _changes(value)},
    "watch": {},
    "ping": {},
}
_REQUIRED = {
    "hello": ("token",),
    "act": ("verb",),
    "ante": ("amount",),
    "side_bet": ("name", "amount"),
    "choose": ("variant",),
    "remove": ("seat",),
    "replace": ("seat",),
    "host": ("seat",),
    "say": ("text",),
    "settings": ("changes",),
}

# a missing field said in the words of the form that sends it (else: "'act' needs 'verb'")
_MISSING = {
    ("ante", "amount"): "an ante is a whole number of chips: none was given",
    ("side_bet", "amount"): "a side bet is a whole number of chips, 0 for none: none was given",
}


class ProtocolError(StudrulesError):
    """A message the server does not take: not JSON, too long, an unknown type or field."""


def parse_message(text: str | bytes) -> dict[str, Any]:
    """The message ``text`` as a dict with every field of its type (None when not given).

    >>> parse_message('{"type": "choose", "variant": "house-special"}')["variant"]
    'house-special'
    >>> parse_message('{"type": "act", "verb": "raise", "amount": -5}')
    Traceback (most recent call last):
    ...
    studrules.web.protocol.ProtocolError: 'amount' must be a whole number from 0 to 1,000,000,000
    >>> parse_message('{"type": "side_bet", "name": "pair_plus"}')
    Traceback (most recent call last):
    ...
    studrules.web.protocol.ProtocolError: a side bet is a whole number of chips, 0 for none: none was given
    >>> parse_message('{"type": "say", "text": "%s"}' % ("€" * 340))  # 3 bytes each in UTF-8
    Traceback (most recent call last):
    ...
    studrules.web.protocol.ProtocolError: a message is at most 1024 bytes, not 1047
    """
    size = len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else len(text)
    if size > MAX_SETTINGS:
        raise ProtocolError(f"a message is at most {MAX_SETTINGS} bytes, not {size}")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):  # (RecursionError: nested too deep)
        raise ProtocolError("a message is one JSON object") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("a message is a JSON object with a 'type'")
    whole_unicode(data, "a message")
    kind = data["type"]
    fields = _FIELDS.get(kind)
    if fields is None:
        raise ProtocolError(f"unknown message type {kind[:20]!r}: the types are {', '.join(_FIELDS)}")
    most = MAX_SETTINGS if kind == "settings" else MAX_MESSAGE
    if size > most:
        raise ProtocolError(f"a message is at most {most} bytes, not {size}")
    out: dict[str, Any] = {"type": kind}
    for key, value in data.items():
        if key == "type":
            continue
        if key not in fields:
            raise ProtocolError(f"{kind!r} takes no {key[:20]!r}")
        out[key] = _checked(key, value, fields[key])
    for key in _REQUIRED.get(kind, ()):
        if out.get(key) is None:
            raise ProtocolError(_MISSING.get((kind, key), f"{kind!r} needs {key!r}"))
    for key in fields:
        out.setdefault(key, None)
    return out


def whole_unicode(data: Any, what: str) -> Any:
    """``data`` (JSON read) as it was, refused where a string in it holds half of a character
    (a lone surrogate, ``"\\ud800"``: no page can show it, nor a reply quote it).

    >>> whole_unicode({"name": "Ann"}, "a message")
    {'name': 'Ann'}
    >>> whole_unicode({"say": chr(0xD800)}, "a message")
    Traceback (most recent call last):
    ...
    studrules.web.protocol.ProtocolError: a message holds text that is not whole characters (half of one, a lone surrogate)
    """
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ProtocolError(f"{what} holds text that is not whole characters (half of one, a lone surrogate)") from None
    return data


def _checked(key: str, value: Any, rule: Any) -> Any:
    if value is None:
        return None
    if rule is int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**9:
            raise ProtocolError(f"{key!r} must be a whole number from 0 to 1,000,000,000")
        return value
    if callable(rule):
        return rule(value)
    if not isinstance(value, str):
        raise ProtocolError(f"{key!r} must be text")
    if isinstance(rule, tuple):
        if value not in rule:
            raise ProtocolError(f"{key!r} must be one of {', '.join(rule)}")
        return value
    if not rule.fullmatch(value):
        more = "..." if len(value) > 20 else ""
        raise ProtocolError(f"{key!r} must be {_PATTERN_WORDS[rule]}, not {value[:20]!r}{more}")
    return value


def _changes(value: Any) -> dict[str, Any]:
    """The host's change of the settings: each field of its kind and size (the
    table checks their values as it checks a new table's).

    >>> _changes({"stakes": {"low_limit": 20}, "pause": 0})
    {'stakes': {'low_limit': 20}, 'pause': 0}
    >>> _changes({"buy_in": 500})
    Traceback (most recent call last):
    ...
    studrules.web.protocol.ProtocolError: 'buy_in' cannot change: the seats, the buy-in and the seed stay for the table's life
    """
    if not isinstance(value, dict) or not value:
        raise ProtocolError(f"'changes' is a JSON object naming one or more of: {', '.join(CHANGEABLE)}")
    for key, v in value.items():
        if key in FIXED:
            raise ProtocolError(f"{key!r} cannot change: the seats, the buy-in and the seed stay for the table's life")
        if key not in CHANGEABLE:
            raise ProtocolError(f"'changes' takes no {key[:20]!r}: the host may change {', '.join(CHANGEABLE)}")
        if key == "variants":
            if not isinstance(v, list) or not 1 <= len(v) <= 20 or not all(isinstance(n, str) for n in v):
                raise ProtocolError("'variants' is a list of 1 to 20 game names")
            for n in v:
                _checked("variants", n, _VARIANT)
        elif key == "rotate":
            _checked(key, v, ("turn", "dealer"))
        elif key == "rebuys":
            if not isinstance(v, bool):
                raise ProtocolError("'rebuys' is true or false")
        elif key == "rebuy_limit":
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 1000):
                raise ProtocolError("'rebuy_limit' is a whole number from 1 to 1000, or null (unlimited)")
        elif key in ("stakes", "options"):
            if not isinstance(v, dict) or len(v) > 20:
                raise ProtocolError(
                    f"{key!r} maps at most 20 names to {'whole numbers' if key == 'stakes' else 'choices'}"
                )
            for name, x in v.items():
                _checked(key, name, _KEY)
                _checked(key, x, int if key == "stakes" else _KEY)
        elif isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 10**6:
            raise ProtocolError(f"{key!r} is a number of seconds")
    return value


def check_name(name: Any) -> str:
    """A player's name: 1 to 16 letters, digits, ``_ . ' -`` (no spaces: an
    action is written 'NAME VERB'), not a word the hand uses itself.

    >>> check_name("Ann")
    'Ann'
    >>> check_name("Ann Lee")
    Traceback (most recent call last):
    ...
    studrules.web.protocol.ProtocolError: a name is 1 to 16 letters, digits or _ . ' - (no spaces)
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name) or _BLANK_LETTERS.intersection(name):
        raise ProtocolError("a name is 1 to 16 letters, digits or _ . ' - (no spaces)")
    if name_key(name) in _RESERVED:
        raise ProtocolError(f"'{name}' is a word of the game: choose another name")
    return name


def name_key(name: str) -> str:
    """What two names are compared by: their letters as a reader sees them (a full-width
    ``Ａnn`` is ``Ann``) in one case; two names of one key are one name at a table.

    >>> name_key("ＡNN") == name_key("ann")
    True
    """
    return unicodedata.normalize("NFKC", name).casefold()


class RateLimit:
    """A token bucket: ``rate`` messages a second, ``burst`` at once.

    >>> r = RateLimit(rate=1, burst=2)
    >>> [r.allow(0.0), r.allow(0.0), r.allow(0.0), r.allow(1.0)]
    [True, True, False, True]
    """

    def __init__(self, rate: float = 10.0, burst: float = 30.0):
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.last: float | None = None

    def allow(self, now: float) -> bool:
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def hand_payload(hand: Any, player: str | None, variant: Any) -> dict[str, Any]:
    """What ``player``'s seat may see of ``hand`` (None: a seat not in this
    hand sees what every seat sees), as JSON data: built from the seat's
    :meth:`~studrules.game.hand.Hand.view`, never from the hand's cards.
    ``banked``: in a game against the house, the house's cards as the seat
    sees them and each position's bets and settlement (:func:`~.banked_view.banked_payload`)."""
    own = player is not None
    view = hand.view(player if own else hand.players[0])
    # a seat out of this hand sees what every seat sees: each event masked for nobody
    seen = view.events if own else tuple(masked_events(hand.events, ""))
    down: dict[str, int] = {}
    events = []
    for e in seen:
        if e.type == "deal" and e.player is not None:
            down[e.player] = down.get(e.player, 0) + 1
        if own and e.type == "deal" and e.player == player and e.card is not None:
            events.append(f"you are dealt {e.card} face {e.face}")
        elif e.type in ("settle", "ante"):  # (pay lines and side bets in words, as the terminal writes them)
            events.append(pay_words(e.describe()))
        else:
            events.append(e.describe(hidden=e.card is None))
    ups = {p: [str(c) for c in cards] for p, cards in view.up_cards.items()}
    shown = {e.player: [str(c) for c in e.cards] for e in seen if e.type == "show" and e.cards and e.player}
    # a declaration is in a seat's events once it is public (in turn, or when all are revealed)
    declared = {e.player: e.reason for e in seen if e.type == "declare" and e.player and not e.pot}  # (the main pot's)
    mine = [[str(c), face] for c, face in view.cards] if own else []
    banked = banked_payload(seen, view.players, variant, hand.side_stakes) if variant.is_banked else None
    offer = hand.offer
    return {
        "players": list(view.players),
        # each stack behind its wagers: a pot game's behind its bets; against the house, behind
        # the ante, the side bets and the raises
        "stacks": list(view.stacks) if banked is None else behind_wagers(view.stacks, banked),
        "folded": list(view.folded),
        "bets": list(view.bets),
        "pot": view.pot,
        "round": view.round,
        "to_act": view.to_act,
        "up_cards": ups,
        "shown": shown,
        "declared": declared,
        "dealt": {p: down.get(p, 0) for p in view.players},
        "community": [str(c) for c in view.community],
        "cards": mine,
        "legal": [la.to_dict() for la in view.legal] if own else [],
        # an up card's price now (Baseball's four up): the card, the price, how the card it buys is dealt
        "offer": None if offer is None else {**offer._asdict(), "card": str(offer.card)},
        "events": events,
        "over": view.is_over,
        "wild": wild_now(view, variant) if own else None,
        "banked": banked,
    }
