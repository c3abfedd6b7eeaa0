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
change who brings in.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..cards.card import full_deck, parse_cards
from ..errors import IllegalActionError, StudrulesError
from .phh import PHHError, phh_code

__all__ = ["PHHReadError", "read_phh", "phh_variant", "replay_phh", "replay_phh_file"]


class PHHReadError(StudrulesError):
    """A PHH record studrules cannot read or replay (says which field or action)."""


def read_phh(text: str) -> dict[str, Any]:
    """The fields of one PHH hand (TOML text).

    >>> read_phh("variant = 'FR'\\nantes = [1, 1]")["antes"]
    [1, 1]
    """
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise PHHReadError(f"not a PHH (TOML) text: {err}") from None


def phh_variant(code: str, options: Mapping[str, Any] | None = None):
    """The shipped standard variant whose structure has the PHH code ``code``.

    >>> phh_variant("FR").deck.ranking
    'ace_to_five_low'
    >>> phh_variant("NT")
    Traceback (most recent call last):
    ...
    studrules.records.phh_replay.PHHReadError: no shipped variant plays the PHH game 'NT' (studrules reads F7S, F7S/8, FR)
    """
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


def _uniform(fields: Mapping[str, Any], key: str, n: int) -> int:
    value = fields.get(key)
    if isinstance(value, list):
        if len(value) != n or len(set(value)) != 1:
            raise PHHReadError(f"'{key}' = {value}: studrules plays one ante for every player")
        value = value[0]
    if not isinstance(value, int) or isinstance(value, bool):
        raise PHHReadError(f"'{key}' is {value!r}, not a whole number of chips")
    return value


def _fill_unseen(deals: dict[int, list[str]], variant, bring_in_seat: int | None) -> dict[int, list[str]]:
    """Replace each unseen card (``??``) by a card of the deck no one holds,
    the up cards by those least likely to bring in (so the recorded bring-in stands)."""
    from ..spec.model import DealStep

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
        raise PHHReadError("the record has no 'variant' (its PHH game code)")
    if variant is None:
        variant = phh_variant(code)
    else:
        try:
            own = phh_code(variant)
        except PHHError as err:
            raise PHHReadError(str(err)) from None
        if own != code:
            raise PHHReadError(f"the record plays {code}; {variant.name} is {own}")
    stacks = fields.get("starting_stacks")
    if not isinstance(stacks, list) or len(stacks) < 2:
        raise PHHReadError("'starting_stacks' must list each player's chips")
    n = len(stacks)
    players = list(names or [f"p{i + 1}" for i in range(n)])
    if len(players) != n:
        raise PHHReadError(f"{len(players)} names for the record's {n} players")
    stake_names = _stake_names(variant)
    stakes = {stake_names["antes"]: _uniform(fields, "antes", n)}
    for key in ("bring_in", "small_bet", "big_bet"):
        stakes[stake_names[key]] = _uniform(fields, key, n)

    actions = []
    deals: dict[int, list[str]] = {}
    community: list[str] = []
    bring_in_seat = None
    for number, raw in enumerate(fields.get("actions", []), 1):
        text = str(raw).split("#", 1)[0].split()
        where = f"action {number} ('{raw}')"
        if text[:2] == ["d", "dh"] and len(text) == 4:
            seat = _seat(text[2], n, where)
            cards = text[3]
            if len(cards) % 2:
                raise PHHReadError(f"{where}: '{cards}' is not a run of two-character cards")
            deals.setdefault(seat, []).extend(cards[i : i + 2] for i in range(0, len(cards), 2))
        elif text[:2] == ["d", "db"] and len(text) == 3:
            community.extend(text[2][i : i + 2] for i in range(0, len(text[2]), 2))
        elif text and text[0].startswith("p") and len(text) >= 2:
            seat = _seat(text[0], n, where)
            if text[1] == "pb":
                bring_in_seat = seat if bring_in_seat is None else bring_in_seat
            actions.append((where, seat, text[1:]))
        else:
            raise PHHReadError(f"{where}: studrules reads dealing ('d dh', 'd db') and players' actions")
    deals = _fill_unseen(deals, variant, bring_in_seat)
    given: dict[str, Any] = {players[s]: list(parse_cards(" ".join(c))) for s, c in deals.items()}
    if community:
        given["community"] = list(parse_cards(" ".join(community)))

    from ..game.hand import Hand

    try:
        hand = Hand(variant, players, stacks, stakes=stakes, cards=given)
    except (StudrulesError, ValueError) as err:
        raise PHHReadError(f"cannot start the hand: {err}") from None
    shows: dict[int, bool] = {}
    for where, seat, words in actions:
        if words[0] == "sm":
            shows[seat] = len(words) > 1 and words[1] != "-"
            continue
        if hand.over:
            raise PHHReadError(f"{where}: the hand is already over")
        if hand.phase == "showdown":
            _showdown(hand, shows)
        player = players[seat]
        verb = _verb(hand, player, words, where)
        try:
            hand.apply(verb)
        except IllegalActionError as err:
            raise PHHReadError(f"{where}: {err}") from None
    _showdown(hand, shows)
    if not hand.over:
        raise PHHReadError(f"the record ends before the hand does: {hand.to_act} is to act")
    return hand


def _showdown(hand, shows: Mapping[int, bool]) -> None:
    """Play the showdown as recorded (a player not recorded does what studrules does by default)."""
    while not hand.over and hand.phase == "showdown":
        player = hand.to_act
        seat = hand.players.index(player)
        if seat in shows:
            hand.apply(f"{player} {'show' if shows[seat] else 'muck'}")
        else:
            hand.apply(hand.default_action())


def _seat(word: str, n: int, where: str) -> int:
    if not word.startswith("p") or not word[1:].isdigit() or not 1 <= int(word[1:]) <= n:
        raise PHHReadError(f"{where}: '{word}' is not a player (p1 to p{n})")
    return int(word[1:]) - 1


def _verb(hand, player: str, words: list[str], where: str) -> str:
    legal = {a.action for a in hand.legal_for(player)}
    if not legal:
        raise PHHReadError(f"{where}: it is {hand.to_act}'s turn, not {player}'s")
    word = words[0]
    if word == "pb":
        return f"{player} bring-in"
    if word == "f":
        return f"{player} fold"
    if word == "cc":
        return f"{player} {'check' if 'check' in legal else 'call'}"
    if word == "cbr" and len(words) == 2 and words[1].isdigit():
        verb = next((v for v in ("complete", "bet", "raise") if v in legal), "raise")
        amount = int(words[1])
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


def replay_phh_file(path: str | Path, **kwargs: Any):
    """Replay the PHH hand in the file at ``path`` (see :func:`replay_phh`)."""
    return replay_phh(read_phh(Path(path).read_text(encoding="utf-8")), **kwargs)
