"""The side bets a player chooses at a table of games against the house, from hand to hand.

A player keeps a choice per side bet (its name: a stake in chips, 0 for none);
a bet he never chose is staked as the game stakes it (its ``amount``: the
table's ``--stake``). What the terminal table and the browser table ask of a
player and check (:func:`side_bet_range`, :func:`side_bet_problem`), and what
a hand of one game makes of every player's choices (:func:`fitted_side_bets`,
which :meth:`~studrules.table.session.Session.begin_next` calls): each bet
of that game kept within its own limits (a table may deal games whose limits
differ), and none chosen where the player's stack cannot cover them with his
ante and its raises (he stakes the game's own that hand).

    >>> from studrules.spec.examples import example_variant
    >>> games = [example_variant("side-bet")]
    >>> side_bet_range(games, "bonus"), side_bet_problem(games, "bonus", 80)
    ((5, 50), 'the bonus side bet at this table is from 5 to 50 (0: none), not 80')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..game.settlement import required_bets, side_bet_limits, side_bet_stakes

__all__ = [
    "bet_words",
    "side_bet_names",
    "side_bet_range",
    "side_bet_problem",
    "fitted_side_bets",
    "chosen_stakes",
    "most_side_bet",
]


def bet_words(name: str) -> str:
    """A side bet's name in words, as the tables write it (its pay line reads the same:
    :func:`~studrules.table.display.pay_words`).

    >>> bet_words("pair_plus")
    'pair plus'
    """
    return name.replace("_", " ")


def side_bet_names(games: Iterable[Any]) -> list[str]:
    """The side bets of ``games`` against the house, each once, in the order the games name them."""
    names: dict[str, None] = {}
    for v in games:
        if v.is_banked:
            names.update(dict.fromkeys(name for name, _, _ in side_bet_limits(v, v.stake_values())))
    return list(names)


def side_bet_range(games: Iterable[Any], name: str) -> tuple[int, int | None] | None:
    """The stakes a player may choose on the side bet ``name`` at a table of ``games``:
    from the least of their minimums to the largest of their maximums (None: no
    maximum; each game keeps the stake within its own); None where no game has it."""
    limits = [
        (low, high)
        for v in games
        if v.is_banked
        for bet, low, high in side_bet_limits(v, v.stake_values())
        if bet == name
    ]
    if not limits:
        return None
    highs = [high for _, high in limits]
    return min(low for low, _ in limits), None if None in highs else max(h for h in highs if h is not None)


def side_bet_problem(games: Iterable[Any], name: str, chips: Any) -> str | None:
    """What is wrong with staking ``chips`` on the side bet ``name`` at a table of ``games``
    (0 is none), or None."""
    games = list(games)
    limits = side_bet_range(games, name)
    if limits is None:
        names = side_bet_names(games)
        offered = f"its side bets are {', '.join(names)}" if names else "no game of this table has a side bet"
        if any(name in required_bets(v) for v in games if v.is_banked):
            return f"'{name}' is required: every position stakes his ante on it, so it is not chosen ({offered})"
        return f"'{name}' is not a side bet of this table: {offered}"
    low, high = limits
    if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
        return f"a side bet is a whole number of chips, 0 for none, not {chips!r}"
    if chips and (chips < low or (high is not None and chips > high)):
        most = f" to {high}" if high is not None else " or more"
        return f"the {bet_words(name)} side bet at this table is from {low}{most} (0: none), not {chips}"
    return None


def fitted_side_bets(
    session: Any,
    variant: Any,
    chosen: Mapping[str, Mapping[str, int]] | None,
    antes: Mapping[str, int] | None = None,
) -> dict[str, dict[str, int]] | None:
    """What each player who chose side bets (``chosen``, by name) stakes at the next hand of
    ``session`` (a :class:`~studrules.table.session.Session`), of
    ``variant``: every side bet of the game, his choice kept within its limits, the game's own
    stake for a bet he did not choose; left out (the game's own stakes) where his stack cannot
    cover them with his ante (``antes``: the one he chose) and the raises. None where nobody chose."""
    if not chosen or not variant.is_banked:
        return None
    out = {}
    for player, bets in chosen.items():
        if player not in session.active:
            continue
        mine = chosen_stakes(variant, bets)
        if session.needs(variant, (antes or {}).get(player), mine) <= session.stacks.get(player, 0):
            out[player] = mine
    return out or None


def chosen_stakes(variant: Any, bets: Mapping[str, int]) -> dict[str, int]:
    """A player's stake on every side bet of ``variant`` (a game against the house) from his
    choice (``bets``, by name, 0 for none), each kept within the game's limits; the game's own
    stake on a bet he did not choose.

    >>> from studrules.spec.examples import example_variant
    >>> chosen_stakes(example_variant("side-bet"), {"bonus": 80}), chosen_stakes(example_variant("side-bet"), {})
    ({'bonus': 50}, {'bonus': 0})
    """
    env = variant.stake_values()
    limits = {name: (low, high) for name, low, high in side_bet_limits(variant, env)}
    mine = dict(side_bet_stakes(variant, env))
    for name, chips in bets.items():
        if name in limits and chips > 0:
            low, high = limits[name]
            mine[name] = max(low, chips if high is None else min(chips, high))
        elif name in limits:
            mine[name] = 0
    return mine


def most_side_bet(session: Any, player: str, name: str, bets: Mapping[str, int]) -> int | None:
    """The most ``player`` may stake on the side bet ``name`` at the next hand of ``session``
    with his stack now: his stack less his ante, the most he may wager and his other side bets
    (``bets``, his choice), in the game of the session where that leaves most; None where no
    game against the house has the bet. Below the bet's least stake, he cannot make it now."""
    most = None
    for v in session.variants:
        if not v.is_banked or all(bet != name for bet, _, _ in side_bet_limits(v, v.stake_values())):
            continue
        room = session.stacks.get(player, 0) - session.needs(v, None, chosen_stakes(v, {**bets, name: 0}))
        most = room if most is None else max(most, room)
    return most
