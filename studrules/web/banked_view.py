"""Games against the house at the browser table.

What a seat sees of a hand against the house (:func:`banked_payload`, a part
of :func:`~studrules.web.protocol.hand_payload`): the house's cards as that
seat may see them (a face-down one is None until the house turns it up),
each position's ante, side bets and raises, and once the hand is settled
each position's hand, pay line and net, and the house's net. It is read from
the seat's own view of the events, never from the hand's cards.

The ante a position chooses (:func:`ante_limits`, :func:`ante_range`,
:func:`position_antes`): where a game's ante has a table minimum and maximum
(or the player chooses it), each position may ante what it likes within
them, from the next hand; a chosen ante it cannot cover with the side bets
and the raises is the game's own again. And the bot the host seats at a table
with games against the house (:func:`bot_kind`: each game's own strategy).

    >>> from studrules.spec.examples import example_text
    >>> from studrules.spec.loader import load_variant_text
    >>> text = example_text("against-the-house").replace("{amount: ante}", "{amount: ante, min: 5, max: 50}")
    >>> ante_limits(load_variant_text(text)), ante_limits(load_variant_text(example_text("one-round")))
    ((5, 50), None)
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..errors import StudrulesError
from ..game.house import HOUSE
from ..game.policies import default_policies
from ..game.settlement import required_bets, side_bet_stakes
from ..table.antes import ante_limits, ante_range, position_antes
from ..table.display import pay_words, short_hand_words
from ..table.session import Session
from ..table.side_bets import bet_words
from ..table.terminal import house_words
from .config import TableError

__all__ = [
    "banked_payload",
    "behind_wagers",
    "bet_words",
    "ante_limits",
    "ante_range",
    "checked_ante",
    "position_antes",
    "table_games",
    "bot_kind",
    "table_facts",
    "side_bets",
]


# ---------------------------------------------------------------- what a seat sees


def banked_payload(
    seen: Sequence[Any], players: Sequence[str], variant: Any, stakes: Sequence[Mapping[str, int]] | None = None
) -> dict[str, Any]:
    """What a seat sees of a hand against the house, from ``seen`` (the
    events as that seat sees them), as JSON data: ``house`` (its cards, None
    for one face down; its hand in words once every card is up), ``positions``
    (each position's ante, side bets, raises, whether it folded, and once it
    is settled its ``result``) and ``house_net`` (once every position is settled).
    ``stakes``: each position's stake on each side bet, in the order of ``players``
    (the chips on the table, which every seat sees; None: the game's own for all)."""
    house: list[Any] = []  # the house's cards as this seat sees them (None: face down)
    bets = side_bets(variant)
    positions = {p: _position(p, bets if stakes is None else _words(stakes[i])) for i, p in enumerate(players)}
    required = required_bets(variant)  # staked at each position's ante, as it is posted
    hands: dict[str, str] = {}
    reasons = []
    for e in seen:
        kind, who = e.type, e.player
        if who == HOUSE:
            if kind == "deal":
                house.append(e.card)
            elif kind == "reveal" and e.card is not None:  # the house's cards turn up in the order dealt
                hidden = [i for i, c in enumerate(house) if c is None]
                if hidden:
                    house[hidden[0]] = e.card
            continue
        pos = positions.get(who)
        if pos is None:
            continue
        if kind == "ante":
            pos["ante"] += e.amount or 0
            for name in required:
                _stake(pos, name, pos["ante"])
        elif kind == "raise":
            pos["raises"].append(e.amount or 0)
        elif kind == "check":
            pos["stood"] += 1
        elif kind == "fold":
            pos["folded"] = True
        elif kind == "show" and e.hand:
            hands[who] = short_hand_words(e.hand)
        elif kind == "settle":
            reasons.append(e.reason or "")
            pos["result"] = _settled(who, hands.get(who), e.reason or "", e.amount or 0)
    settled = [p["result"] for p in positions.values()]
    up = bool(house) and None not in house
    return {
        "house": {
            "cards": [None if c is None else str(c) for c in house],
            "words": house_words(house, variant, reasons) if up else None,
        },
        "positions": list(positions.values()),
        "house_net": -sum(r["net"] for r in settled) if settled and None not in settled else None,
    }


def behind_wagers(stacks: Sequence[int], banked: Mapping[str, Any]) -> list[int]:
    """Each position's stack behind its wagers, from the hand's ``stacks`` (the ante and
    the raises already out) and ``banked`` (:func:`banked_payload`): the side bets of a
    position not yet settled are out too, as a pot game's stack is behind its bets.

    >>> banked = {"positions": [{"side_bets": [{"name": "pair plus", "amount": 10}], "result": None},
    ...                         {"side_bets": [{"name": "pair plus", "amount": 10}], "result": {"net": 20}}]}
    >>> behind_wagers([90, 120], banked)
    [80, 120]
    """
    out = []
    for stack, position in zip(stacks, banked["positions"]):
        side = sum(b["amount"] for b in position["side_bets"]) if position["result"] is None else 0
        out.append(stack - side)
    return out


def _stake(position: dict[str, Any], name: str, chips: int) -> None:
    """Set a position's stake on the side bet ``name`` (a required bet: his ante)."""
    for bet in position["side_bets"]:
        if bet["name"] == name:
            bet["amount"] = chips
            return
    position["side_bets"].insert(0, {"name": name, "words": bet_words(name), "amount": chips})


def _position(player: str, bets: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "player": player,
        "ante": 0,
        "side_bets": [dict(b) for b in bets],
        "raises": [],
        "stood": 0,
        "folded": False,
        "result": None,
    }


def side_bets(variant: Any) -> list[dict[str, Any]]:
    """The side bets a position places at ``variant`` as the table staked them
    (a stake of 0: not placed), each ``{"name", "words", "amount"}`` (its name, in words: :func:`bet_words`)."""
    return _words(dict(side_bet_stakes(variant, variant.stake_values())))


def _words(stakes: Mapping[str, int]) -> list[dict[str, Any]]:
    return [{"name": name, "words": bet_words(name), "amount": chips} for name, chips in stakes.items() if chips > 0]


def _settled(player: str, hand: str | None, reason: str, net: int) -> dict[str, Any]:
    """One position's settlement: its hand, its pay line in words and its net, and a line saying them.

    >>> _settled("Ann", "two pair", "beats the house: two_pair pays 2 to 1", 40)["line"]
    "Ann's hand: two pair; beats the house: two pair pays 2 to 1: +40"
    >>> _settled("Bob", None, "folded", -10)["line"]
    'Bob: folded: -10'
    """
    pays = pay_words(reason)
    signed = f"+{net}" if net > 0 else str(net)
    line = f"{player}'s hand: {hand}; {pays}: {signed}" if hand else f"{player}: {pays}: {signed}"
    return {"hand": hand, "pays": pays, "net": net, "line": line}


# ---------------------------------------------------------------- the ante a position chooses


def checked_ante(games: Iterable[Any], amount: Any) -> int:
    """``amount`` as an ante a position may choose at a table of ``games``; a
    :class:`~studrules.web.config.TableError` saying the limits otherwise."""
    limits = ante_range(games)
    if limits is None:
        raise TableError("no game of this table lets a position choose its ante")
    low, high = limits
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < low or (high is not None and amount > high):
        most = f" to {high}" if high is not None else " or more"
        raise TableError(f"an ante at this table is from {low}{most}, not {amount}")
    return amount


# ---------------------------------------------------------------- the table's games


@functools.lru_cache(maxsize=256)
def _loaded(names: tuple[str, ...], options: tuple[tuple[str, str], ...], stakes: tuple[tuple[str, int], ...]):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (the server checked the table's stakes when it was made)
        return tuple(Session.load_game(n, dict(options), dict(stakes)) for n in names)


def table_games(room: Any) -> tuple[Any, ...]:
    """The games of ``room`` (a :class:`~studrules.web.room.Room`), loaded as its session loads them."""
    if room.session is not None:
        return tuple(room.session.variants)
    config = room.config
    try:
        return _loaded(
            tuple(room.resolve(n) for n in config.variants),
            tuple(sorted(config.options.items())),
            tuple(sorted(config.stakes.items())),
        )
    except StudrulesError:  # (its words may name the server's files: a player is told which games)
        raise TableError(
            f"this table's games ({', '.join(config.variants)}) no longer load on this server: "
            "the host may change the games"
        ) from None


def bot_kind(room: Any) -> str:
    """The bot the host seats at ``room``: ``strategy`` (each game's own strategy)
    where every game is against the house, else ``sensible`` (which plays a game
    against the house by its own strategy too)."""
    return default_policies(table_games(room))[0]


def table_facts(room: Any, me: str | None) -> dict[str, Any] | None:
    """What a seat sees of the table's games against the house, as JSON data (None:
    it has none): ``house_net`` (the house's net since the start), and ``ante``,
    the antes a position may choose (``low``, ``high``) and ``me``'s own choice."""
    games = table_games(room)
    if not any(v.is_banked for v in games):
        return None
    limits = ante_range(games)
    ante = None
    if limits is not None:
        chosen = room.antes.get(me) if me is not None else None
        if chosen is not None:  # (as it is dealt: within the limits, which the host may have changed since)
            chosen = max(limits[0], chosen if limits[1] is None else min(chosen, limits[1]))
        ante = {"low": limits[0], "high": limits[1], "chosen": chosen}
    session = room.session
    return {"house_net": session.house_net if session is not None else 0, "ante": ante}
