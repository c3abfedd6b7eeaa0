"""Small helpers for the rule-by-rule tests of the variant files (tests/test_rules_*.py).

Each test deals exact cards (every card a player receives, in order; burns
and community cards where the variant has them), plays the actions and
checks an outcome worked out by hand from the source text and the file's
stakes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from studrules.game.hand import Hand
from studrules.spec.loader import load_variant

__all__ = ["deal", "play", "legal", "events", "first_actor", "net", "script", "script_first_actor"]


def deal(
    variant: str,
    cards: Mapping[str, Any],
    *,
    players: Iterable[str] | None = None,
    options: Mapping[str, str] | None = None,
    stakes: Mapping[str, int] | None = None,
    stacks: Any = 100,
    antes: Mapping[str, int] | None = None,
    side_bets: Mapping[str, Mapping[str, int]] | None = None,
    seed: int = 1,
) -> Hand:
    """A hand of ``variant`` with these cards; the players are the keys of
    ``cards`` in order (clockwise from the dealer's left) unless given."""
    names = list(players) if players is not None else [k for k in cards if k not in ("burns", "community", "house")]
    v = load_variant(variant, options=dict(options or {}), stakes=dict(stakes or {}))
    return Hand(v, names, stacks, seed=seed, cards=dict(cards), antes=antes, side_bets=side_bets)


def play(variant: str, cards: Mapping[str, Any], actions: Iterable[str], **kw: Any) -> Hand:
    """:func:`deal`, then apply each action in order."""
    h = deal(variant, cards, **kw)
    for a in actions:
        h.apply(a)
    return h


def legal(h: Hand) -> dict:
    """The legal actions as ``{verb: amounts}``: a call's or bring-in's chips, a
    fixed-limit bet's allowed totals as a tuple, a no-limit/pot-limit range as
    ``range(min, max + 1)``, None for check, fold, show and muck."""
    out: dict = {}
    for la in h.legal_actions():
        if la.amount is not None:
            out[la.action] = la.amount
        elif la.to is not None:
            out[la.action] = tuple(la.to)
        elif la.min is not None:
            out[la.action] = range(la.min, la.max + 1)
        else:
            out[la.action] = None
    return out


def events(h: Hand, *types: str) -> list:
    """The hand's events of these types, in order."""
    return [e for e in h.events if e.type in types]


def first_actor(h: Hand, round_number: int) -> str | None:
    """Who acted first in a betting round (from the history)."""
    for e in h.events:
        if e.round == round_number and e.type in ("bring_in", "complete", "bet", "raise", "call", "check", "fold"):
            return e.player
    return None


def net(h: Hand) -> dict:
    """Each player's win (+) or loss (-) in the finished hand."""
    return dict(h.result().net)


def script(
    variant: str,
    cards: Mapping[str, Any],
    actions: Iterable[str],
    *,
    players: Iterable[str] | None = None,
    options: Mapping[str, str] | None = None,
    stakes: Mapping[str, int] | None = None,
    stacks: Any = 100,
    antes: Mapping[str, int] | None = None,
    seed: int = 1,
) -> dict:
    """The same hand as :func:`play`, written as a hand script and played by
    :func:`studrules.records.script.play_script` (its ``events``/``next``/``result``)."""
    from studrules.records.script import play_script

    names = list(players) if players is not None else [k for k in cards if k not in ("burns", "community", "house")]
    data: dict = {
        "variant": variant,
        "players": names,
        "stacks": stacks,
        "seed": seed,
        "cards": {k: (v.split() if isinstance(v, str) else list(v)) for k, v in cards.items()},
        "actions": list(actions),
    }
    if options:
        data["options"] = dict(options)
    if stakes:
        data["stakes"] = dict(stakes)
    if antes:
        data["antes"] = dict(antes)
    return play_script(data)


def script_first_actor(out: Mapping[str, Any], round_number: int) -> str | None:
    """Who acted first in a betting round of a played script's output."""
    betting = ("bring_in", "complete", "bet", "raise", "call", "check", "fold")
    return next((e["player"] for e in out["events"] if e["type"] in betting and e.get("round") == round_number), None)
