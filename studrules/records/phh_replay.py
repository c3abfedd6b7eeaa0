"""Read hands in the Poker Hand History format (PHH) and replay them through studrules.

A PHH file is TOML: the game's code (``F7S``, ``F7S/8``, ``FR``), its stakes
(``antes``, ``bring_in``, ``small_bet``, ``big_bet``), ``starting_stacks``
and the ``actions``, one string each:

- ``d dh p1 Td3c4d``: cards dealt to ``p1`` (``??`` a card nobody saw);
- ``d db 7h``: a card dealt to the middle (the deck ran short);
- ``p5 pb``: the bring-in; ``p4 cbr 200000``: complete, bet or raise to a
  total for the round; ``p4 cc``: check or call; ``p1 f``: fold;
- ``p1 sm Ac8dAs``: the player shows; ``p1 sm`` (or ``p1 sm -``): he mucks.

:func:`replay_phh` finds the shipped variant with the record's code (from
the variant's structure, :func:`studrules.records.phh.phh_code`), plays it
at the record's stakes with the record's cards, and applies each action in
turn; a record studrules does not allow is a :class:`PHHReadError` naming
the action. Cards nobody saw are filled with cards of the deck that cannot
change who brings in; :func:`unseen_cards` says which they are (a history
writes them ``??``).

:func:`read_phh_file` reads a regular ``.phh`` file only, of at most
:data:`MAX_PHH_BYTES` bytes of UTF-8 (checked before it is opened); the
fields it returns (:class:`PHHFields`) keep the text, so a message names
the line and column of the field or action it is about.
"""

from __future__ import annotations

import functools
import re
import sys
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..cards.card import full_deck, parse_card, parse_cards
from ..errors import CardError, Location, StudrulesError
from ..spec.expressions import MAX_NUMBER
from ..spec.model import DealStep
from ..spec.source import check_data_file, read_bounded
from .phh import PHHError, phh_code
from .phh_text import PHHFields, _deep, _offset_location, _toml_error, _where

__all__ = [
    "PHHReadError",
    "PHHFields",
    "read_phh",
    "read_phh_file",
    "phh_variant",
    "replay_phh",
    "replay_phh_file",
    "unseen_cards",
    "PHH_SUFFIXES",
    "MAX_PHH_BYTES",
]

#: The suffix of a PHH file: nothing else is read as one.
PHH_SUFFIXES = (".phh",)
#: The most bytes of a PHH file read whole, and of one hand of a file of several
#: (:mod:`studrules.records.phh_sections` reads those a section at a time): a hand
#: takes one or two kilobytes.
MAX_PHH_BYTES = 4_000_000

#: The bound of a stack read (a stake is below 10**9 chips; a session's stacks grow past it
#: as players win each other's: ten players' starting stacks of 10**9 and more).
MAX_STACK = 10**15


class PHHReadError(StudrulesError):
    """A PHH record studrules cannot read or replay (says which field or action)."""


def read_phh(text: str, file: str | None = None, first_line: int = 1) -> PHHFields:
    """The fields of one PHH hand (TOML text); ``file`` names it in messages, and
    ``first_line`` is the line of it the text starts on (a section read alone).

    >>> read_phh("variant = 'FR'\\nantes = [1, 1]")["antes"]
    [1, 1]
    >>> read_phh("antes = [1,\\n", file="h.phh")
    Traceback (most recent call last):
    ...
    studrules.records.phh_replay.PHHReadError: h.phh:2:1: not a PHH (TOML) text: Invalid value
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        message, where = _toml_error(str(err), text, file, first_line)
        raise PHHReadError(f"not a PHH (TOML) text: {message}", where) from None
    except RecursionError:
        raise PHHReadError("lists or tables nest too deeply to be read", _deep(text, file, first_line)) from None
    except ValueError:  # a number of thousands of digits: Python's limit on reading one
        limit = sys.get_int_max_str_digits()
        long = next((m for m in re.finditer(r"\d[\d_]*", text) if m.group().count("_") + limit < len(m.group())), None)
        where = _offset_location(text, long.start(), file, first_line) if long else Location(file)
        raise PHHReadError(f"a number of more than {limit:,} digits: no number of a hand is so long", where) from None
    fields = PHHFields(data, text, file, first_line=first_line)
    for key, value in data.items():
        if isinstance(value, dict):
            fields[key] = PHHFields(value, text, file, key, first_line)
    return fields


def read_phh_file(path: str | Path) -> PHHFields:
    """The fields of the PHH file at ``path``: a regular file whose name ends in
    ``.phh``, checked before it is opened (no other file is read, so nothing of
    it reaches a message), of at most :data:`MAX_PHH_BYTES` bytes of UTF-8.

    >>> read_phh_file("/etc/passwd")
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: '/etc/passwd' is not a PHH file: its name must end in .phh
    """
    file = str(path)
    check_data_file(Path(path), what="PHH", suffixes=PHH_SUFFIXES)
    text = read_bounded(Path(path), MAX_PHH_BYTES, location=Location(file))
    return read_phh(text.removeprefix("\ufeff"), file)  # (a byte order mark: read as YAML reads it)


def _codes(options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The first shipped standard variant of each PHH code (with ``options``)."""
    from ..spec.loader import load_variant, shipped_variants
    from ..spec.resources import variants_dir

    found: dict[str, Any] = {}
    for path in shipped_variants():
        if path.parent != variants_dir():
            continue
        variant = load_variant(path, options) if options else load_variant(path)
        try:
            found.setdefault(phh_code(variant), variant)
        except PHHError:
            continue
    return found


@functools.cache
def _shipped_codes() -> dict[str, Any]:
    """:func:`_codes` without options, read once (a file of many hands asks it each hand)."""
    return _codes()


def phh_variant(code: str, options: Mapping[str, Any] | None = None):
    """The shipped standard variant whose structure has the PHH code ``code``.

    >>> phh_variant("FR").deck.ranking
    'ace_to_five_low'
    >>> phh_variant("NT")
    Traceback (most recent call last):
    ...
    studrules.records.phh_replay.PHHReadError: no shipped variant plays the PHH game 'NT' (studrules reads F7S, F7S/8, FR)
    """
    found = _shipped_codes() if not options else _codes(options)
    if code not in found:
        raise PHHReadError(
            f"no shipped variant plays the PHH game '{code}' (studrules reads {', '.join(sorted(found))})"
        )
    return found[code]


def _stake_names(variant) -> dict[str, str]:
    """PHH field -> the variant's stake named by each (each a bare stake name)."""
    from ..spec.model import AnteStep, BettingStep

    rounds = variant.steps_of(BettingStep)
    exprs = {
        "antes": variant.steps_of(AnteStep)[0].amount,
        "bring_in": rounds[0].bring_in.amount,
        "small_bet": rounds[0].bet,
        "big_bet": rounds[2].bet,
    }
    stakes = {name for name, _ in variant.stakes}
    names = {}
    for field, expr in exprs.items():
        if expr.source.strip() not in stakes:
            raise PHHReadError(f"{variant.name}: its {field} is '{expr.source}', not one stake the record can set")
        names[field] = expr.source.strip()
    return names


def _chips(
    fields: Mapping[str, Any], key: str, value: Any, least: int, index: int | None = None, below: int = MAX_NUMBER
) -> int:
    """``value`` (the field ``key``, or its item ``index``) if it is a whole number
    of chips from ``least`` and below ``below``, else a located :class:`PHHReadError`."""
    name = f"'{key}'" if index is None else f"item {index + 1} of '{key}'"
    if isinstance(value, bool) or not isinstance(value, int):
        raise PHHReadError(f"{name} is not a whole number of chips", _where(fields, key, index, value))
    if not least <= value < below:
        raise PHHReadError(
            f"{name} is {value}: chips are a whole number from {least} to {below - 1:,}",
            _where(fields, key, index, value),
        )
    return value


def _uniform(fields: Mapping[str, Any], key: str, n: int, least: int) -> int:
    """The one amount of ``key`` (a number, or a list of one number for every player)."""
    value = fields.get(key)
    if value is None:
        raise PHHReadError(f"the record has no '{key}'", _where(fields))
    if isinstance(value, list):
        if len(value) != n:
            raise PHHReadError(f"'{key}' lists {len(value)} amounts for the record's {n} players", _where(fields, key))
        for index, item in enumerate(value):
            _chips(fields, key, item, least, index)
        if len(set(value)) != 1:
            raise PHHReadError(
                f"'{key}' differ from player to player: studrules plays one for every player", _where(fields, key)
            )
        value = value[0]
    return _chips(fields, key, value, least)


def _amounts(fields: Mapping[str, Any], key: str, n: int | None, least: int, below: int = MAX_NUMBER) -> list[int]:
    """The list ``key``: a whole number of chips for each player."""
    value = fields.get(key)
    if not isinstance(value, list) or (n is None and len(value) < 2):
        raise PHHReadError(f"'{key}' must list each player's chips", _where(fields, key))
    if n is not None and len(value) != n:
        raise PHHReadError(f"'{key}' lists {len(value)} stacks for the record's {n} players", _where(fields, key))
    return [_chips(fields, key, item, least, index, below) for index, item in enumerate(value)]


def _cards(run: str, where: str, unseen: bool = True) -> list[str]:
    """The two-character cards of ``run`` (``??``: a card nobody saw, when ``unseen``)."""
    if len(run) % 2:
        raise PHHReadError(f"{where}: '{run}' is not a run of two-character cards")
    cards = []
    for i in range(0, len(run), 2):
        text = run[i : i + 2]
        if text == "??" and unseen:
            cards.append(text)
            continue
        try:
            cards.append(str(parse_card(text)))
        except CardError as err:
            raise PHHReadError(f"{where}: {err.message}") from None
    return cards


def _count_dealt(
    cards: list[str], seen: set[str], deals: dict[int, list[str]], community: list[str], deck_size: int, where: str
) -> None:
    """An action's dealt ``cards`` (already added to ``deals`` or ``community``) added to
    ``seen``; a card dealt before, or more cards than the deck holds, refused."""
    for card in cards:
        if card != "??":
            if card in seen:
                raise PHHReadError(f"{where}: {card} is dealt twice")
            seen.add(card)
    total = sum(map(len, deals.values())) + len(community)
    if total > deck_size:
        raise PHHReadError(f"{where}: the record deals {total} cards by here, more than the deck's {deck_size}")


def _fill_unseen(deals: dict[int, list[str]], variant, bring_in_seat: int | None) -> dict[int, list[str]]:
    """Replace each unseen card (``??``) by a card of the deck no one holds,
    the up cards by those least likely to bring in (so the recorded bring-in stands)."""
    faces = [face for d in variant.steps_of(DealStep) for face in d.players]
    seen = {c for cards in deals.values() for c in cards if c != "??"}
    spare = [str(c) for c in full_deck() if str(c) not in seen]
    low_brings_in = variant.deck.ranking != "ace_to_five_low"
    order = "23456789TJQKA" if low_brings_in else "KQJT98765432A"
    # up cards from the end of the order: the highest when the low card brings in
    spare.sort(key=lambda c: order.index(c[0]))
    out = {}
    for seat, cards in deals.items():
        filled = []
        for index, card in enumerate(cards):
            if card != "??":
                filled.append(card)
            elif index < len(faces) and faces[index] == "up":
                filled.append(spare.pop())
            else:
                filled.append(spare.pop(0))
        out[seat] = filled
    return out


def replay_phh(fields: Mapping[str, Any], *, variant=None, names: list[str] | None = None):
    """Replay one PHH hand through studrules; the finished (or stopped) :class:`~studrules.game.hand.Hand`.

    ``variant``: the variant to play (by default the shipped one with the
    record's code); ``names``: the players' names (by default PHH's own
    ``p1``, ``p2``...; the record's ``players`` are full names with spaces).

    >>> fields = read_phh('''
    ... variant = 'F7S'
    ... antes = [1, 1]
    ... bring_in = 2
    ... small_bet = 5
    ... big_bet = 10
    ... starting_stacks = [100, 100]
    ... actions = ['d dh p1 AcAd2c', 'd dh p2 KcKdQs', 'p1 pb', 'p2 f']
    ... ''')
    >>> replay_phh(fields).result().stacks  # p1: ante 1, bring-in 2, wins p2's ante
    {'p1': 101, 'p2': 99}
    """
    code = fields.get("variant")
    if not isinstance(code, str):
        why = "has no 'variant'" if code is None else f"has 'variant = {code!r}', not a game code in quotes"
        raise PHHReadError(f"the record {why} (its PHH game code, e.g. 'F7S')", _where(fields, "variant"))
    if variant is None:
        try:
            variant = phh_variant(code)
        except PHHReadError as err:
            raise PHHReadError(err.message, _where(fields, "variant")) from None
    else:
        try:
            own = phh_code(variant)
        except PHHError as err:
            raise PHHReadError(str(err)) from None
        if own != code:
            raise PHHReadError(f"the record plays {code}; {variant.name} is {own}", _where(fields, "variant"))
    stacks = _amounts(fields, "starting_stacks", None, 1, MAX_STACK)
    n = len(stacks)
    players = list(names or [f"p{i + 1}" for i in range(n)])
    if len(players) != n:
        raise PHHReadError(f"{len(players)} names for the record's {n} players")
    stake_names = _stake_names(variant)
    stakes = {stake_names["antes"]: _uniform(fields, "antes", n, 0)}
    for key in ("bring_in", "small_bet", "big_bet"):
        stakes[stake_names[key]] = _uniform(fields, key, n, 1)
    blinds = fields.get("blinds_or_straddles")
    if blinds is not None and any(_amounts(fields, "blinds_or_straddles", n, 0)):
        raise PHHReadError(
            "'blinds_or_straddles': stud has no blinds (studrules reads zeros)", _where(fields, "blinds_or_straddles")
        )
    if fields.get("finishing_stacks") is not None:
        _amounts(fields, "finishing_stacks", n, 0, MAX_STACK)
    if "actions" not in fields:  # (PHH requires it: without it the hand stops at its first player to act)
        raise PHHReadError(
            "the record has no 'actions': a list of texts ('d dh p1 AcKd7h', 'p1 pb'...)", _where(fields)
        )
    recorded = fields["actions"]
    if not isinstance(recorded, list) or not all(isinstance(a, str) for a in recorded):
        raise PHHReadError(
            "'actions' must be a list of texts ('d dh p1 AcKd7h', 'p1 pb'...)", _where(fields, "actions")
        )

    def at(index: int) -> Location | None:  # where action ``index`` stands (worked out for a message only)
        return _where(fields, "actions", index, recorded[index])

    actions = []
    deals: dict[int, list[str]] = {}
    shown: list[tuple[str, int, int, list[str]]] = []
    community: list[str] = []
    bring_in_seat = None
    dealt_so_far: set[str] = set()  # the cards seen dealt (a card twice is refused where it comes again)
    deck_size = len(full_deck())
    most = sum(len(step.players) for step in variant.steps_of(DealStep))
    for index, raw in enumerate(recorded):
        text = raw.split("#", 1)[0].split()
        where = f"action {index + 1} ('{raw}')"
        try:
            if text[:2] == ["d", "dh"] and len(text) == 4:
                seat = _seat(text[2], n, where)
                cards = _cards(text[3], where)
                deals.setdefault(seat, []).extend(cards)
                if len(deals[seat]) > most:
                    raise PHHReadError(
                        f"{where}: the record deals p{seat + 1} {len(deals[seat])} cards, and "
                        f"{variant.name} deals a player at most {most}"
                    )
                _count_dealt(cards, dealt_so_far, deals, community, deck_size, where)
            elif text[:2] == ["d", "db"] and len(text) == 3:
                cards = _cards(text[2], where, unseen=False)
                community.extend(cards)
                _count_dealt(cards, dealt_so_far, deals, community, deck_size, where)
            elif text and text[0].startswith("p") and len(text) >= 2:
                seat = _seat(text[0], n, where)
                if text[1] == "pb":
                    bring_in_seat = seat if bring_in_seat is None else bring_in_seat
                if text[1] == "sm" and len(text) > 3:
                    raise PHHReadError(f"{where}: studrules reads 'pN sm CARDS' (he shows) and 'pN sm' (he mucks)")
                if text[1] == "sm" and len(text) == 3 and text[2] != "-":
                    shown.append((where, index, seat, _cards(text[2], where)))
                actions.append((where, index, seat, text[1:]))
            else:
                raise PHHReadError(f"{where}: studrules reads dealing ('d dh', 'd db') and players' actions")
        except PHHReadError as err:
            raise PHHReadError(err.message, at(index)) from None
    for where, index, seat, cards in shown:
        dealt = deals.get(seat, [])
        strange = [c for c in cards if c != "??" and c not in dealt]
        if len(strange) > dealt.count("??"):
            raise PHHReadError(
                f"{where}: p{seat + 1} shows {strange[0]}, and the record deals it to him nowhere", at(index)
            )
        elsewhere = next((c for c in strange if c in dealt_so_far), None)
        if elsewhere is not None:
            raise PHHReadError(f"{where}: p{seat + 1} shows {elsewhere}, which the record deals to another", at(index))
        # the cards he shows are the ones nobody saw him dealt: they take their places, in turn
        revealed = iter(strange)
        deals[seat] = [next(revealed, "??") if c == "??" else c for c in dealt]
        dealt_so_far.update(strange)
    deals = _fill_unseen(deals, variant, bring_in_seat)
    given: dict[str, Any] = {players[s]: list(parse_cards(" ".join(c))) for s, c in deals.items()}
    if community:
        given["community"] = list(parse_cards(" ".join(community)))

    from ..game.hand import Hand

    try:
        hand = Hand(variant, players, stacks, stakes=stakes, cards=given)
    except (StudrulesError, ValueError) as err:
        raise PHHReadError(f"cannot start the hand: {err}", _where(fields, "actions")) from None
    shows: dict[int, tuple[bool, str, int]] = {}
    for where, index, seat, words in actions:
        if words[0] == "sm":
            shows[seat] = (len(words) > 1 and words[1] != "-", where, index)
            continue
        if hand.phase == "showdown":
            _showdown(hand, shows, at)
        if hand.over:
            raise PHHReadError(f"{where}: {_over(hand)}", at(index))
        player = players[seat]
        try:
            hand.apply(_verb(hand, player, words, where))
        except PHHReadError as err:
            raise PHHReadError(err.message, at(index)) from None
        except (StudrulesError, ValueError) as err:
            raise PHHReadError(f"{where}: {err}", at(index)) from None
    _showdown(hand, shows, at)
    if not hand.over:
        raise PHHReadError(
            f"the record ends before the hand does: {hand.to_act or 'nobody'} is to act", _where(fields, "actions")
        )
    for seat in range(n):  # (a card the record never deals him would be one the deck chose: not the hand recorded)
        recorded_cards = len(deals.get(seat, []))
        if len(hand.cards[seat]) > recorded_cards:
            raise PHHReadError(
                f"the record deals p{seat + 1} {recorded_cards} card{'s' if recorded_cards != 1 else ''}, and the "
                f"hand dealt him {len(hand.cards[seat])}: it does not say the cards of his later streets "
                "(write a card nobody saw as ??)",
                _where(fields, "actions"),
            )
    return hand


_BETS = ("bring_in", "complete", "bet", "raise", "call", "check", "fold")


def _over(hand) -> str:
    """Why no action can follow: the hand is over (before any bet: the antes left nobody able to bet)."""
    if not any(e.type in _BETS for e in hand.events):
        return "the hand is over, nobody is to act: the antes left no one able to bet"
    return "the hand is over, nobody is to act"


def _showdown(hand, shows: Mapping[int, tuple[bool, str, int]], at: Callable[[int], Location | None]) -> None:
    """Play the showdown as recorded (a player not recorded does what studrules does by default;
    ``at``: where an action of the record stands, worked out for a message only)."""
    while not hand.over and hand.phase == "showdown":
        player = hand.to_act
        seat = hand.players.index(player)
        if seat in shows:
            show, where, index = shows[seat]
            try:
                hand.apply(f"{player} {'show' if show else 'muck'}")
            except (StudrulesError, ValueError) as err:
                raise PHHReadError(f"{where}: {err}", at(index)) from None
        else:
            hand.apply(hand.default_action())


def _number(word: str) -> int | None:
    """A whole number written in ASCII digits (at most 18 of them), else None."""
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 18 else None


def _seat(word: str, n: int, where: str) -> int:
    seat = _number(word[1:]) if word.startswith("p") else None
    if seat is None or not 1 <= seat <= n:
        raise PHHReadError(f"{where}: '{word}' is not a player (p1 to p{n})")
    return seat - 1


def _verb(hand, player: str, words: list[str], where: str) -> str:
    legal = {a.action for a in hand.legal_for(player)}
    if not legal:
        whose = f"it is {hand.to_act}'s turn" if hand.to_act else "nobody is to act now"
        raise PHHReadError(f"{where}: {whose}, not {player}'s")
    word = words[0]
    if word == "pb":
        return f"{player} bring-in"
    if word == "f":
        return f"{player} fold"
    if word == "cc":
        return f"{player} {'check' if 'check' in legal else 'call'}"
    amount = _number(words[1]) if word == "cbr" and len(words) == 2 else None
    if amount is not None:
        verb = next((v for v in ("complete", "bet", "raise") if v in legal), "raise")
        allowed = next((a.to for a in hand.legal_for(player) if a.action == verb and a.to), ())
        if allowed and amount not in allowed and amount < min(allowed):
            # PokerKit trims a raise to what the opponents can match; studrules
            # takes the full raise and returns what nobody called
            seat = hand.players.index(player)
            most = max(hand.bets[s] + hand.stacks[s] for s in range(hand.n) if s != seat and not hand.folded[s])
            if amount >= most:
                amount = min(allowed)
        return f"{player} {verb} {amount}"
    raise PHHReadError(f"{where}: studrules reads the actions pb, cbr AMOUNT, cc, f and sm")


def unseen_cards(fields: Mapping[str, Any], hand) -> frozenset:
    """The cards that ``hand``, a replay of ``fields``, was dealt where the record writes ``??``:
    cards no one holds, played in place of cards nobody saw (the lowest for cards down).

    >>> fields = read_phh('''
    ... variant = 'F7S'
    ... antes = [1, 1]
    ... bring_in = 2
    ... small_bet = 5
    ... big_bet = 10
    ... starting_stacks = [100, 100]
    ... actions = ['d dh p1 ????2c', 'd dh p2 KcKdQs', 'p1 pb', 'p2 f']
    ... ''')
    >>> sorted(map(str, unseen_cards(fields, replay_phh(fields))))  # the two lowest no one holds
    ['2d', '2h']
    """
    dealt = [0] * hand.n
    out = set()
    shown: set = set()
    for raw in fields.get("actions", []):
        text = raw.split("#", 1)[0].split()
        if text[:2] == ["d", "dh"] and len(text) == 4:
            seat = _seat(text[2], hand.n, "")
            for card in _cards(text[3], ""):
                if card == "??" and dealt[seat] < len(hand.cards[seat]):  # (a card the hand never dealt: none)
                    out.add(hand.cards[seat][dealt[seat]])
                dealt[seat] += 1
        elif len(text) == 3 and text[1] == "sm" and text[2] != "-":
            shown.update(parse_cards(" ".join(c for c in _cards(text[2], "") if c != "??")))
    return frozenset(out - shown)


def replay_phh_file(path: str | Path, **kwargs: Any):
    """Replay the PHH hand in the file at ``path`` (see :func:`replay_phh` and :func:`read_phh_file`)."""
    return replay_phh(read_phh_file(path), **kwargs)
