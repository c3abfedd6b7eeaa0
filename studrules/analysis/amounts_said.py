"""Amounts as the rule book says them: the value first, then the words.

:func:`book_amount` gives ``5 (half the low limit)``. A dealer ante (or any
amount that may read what the table shows) written ``ante * players`` is so
much for each player dealt in: the rule book and the diff say it as ``1 for
each player dealt in``, the share worded as every other amount
(:func:`per_player` splits it off), where the formula alone read
``ante * players``.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..spec.expression_language import NUMBER
from ..spec.expressions import Expression, canonical, compile_expression
from ..spec.model import Variant
from .expression_words import amount_value, amount_words, canonical_text

__all__ = ["book_amount", "per_player"]

# the table's counts of players (spec.vocabulary.TABLE_NAMES): who each share is for
_PLAYERS = {"players": "player dealt in", "players_in": "player still in"}


def book_amount(expr: Expression, variant: Variant, values: Mapping[str, int], *, bare: bool = False) -> str:
    """``5 (equal to the ante)``: the value first, as a player says it.

    ``bare``: the value alone when the words only name a stake.

    >>> from studrules.spec.examples import example_variant
    >>> v = example_variant("bring-in")
    >>> bring_in = v.step("round-1").bring_in.amount
    >>> book_amount(bring_in, v, v.stake_values()), book_amount(v.step("round-1").bet, v, v.stake_values(), bare=True)
    ('1 (equal to the ante)', '10')
    """
    if (per := per_player(expr)) is not None:  # a dealer ante of so much a player
        return f"{book_amount(per[0], variant, values, bare=True)} for each {per[1]}"
    words = amount_words(expr, variant)
    value = amount_value(expr, values)
    if value is None:
        return words
    if words == str(value) or (bare and canonical(expr)[0] == "name" and words.startswith("the ")):
        return str(value)
    return f"{value} ({words})"


def per_player(expr: Expression | str) -> tuple[Expression, str] | None:
    """An amount of so much for each player: its share (an amount of the
    stakes alone) and whom it counts; None for any other amount.

    >>> share, whom = per_player("2 * ante * players")
    >>> canonical_text(share), whom
    ('2 * ante', 'player dealt in')
    >>> canonical_text(per_player("players")[0]), per_player("players_in * low_limit")[1]
    ('1', 'player still in')
    >>> per_player("players * players"), per_player("ante + players"), per_player("players * ante / 2")
    (None, None, None)
    """
    found = _split(canonical(expr))
    if found is None:
        return None
    share, whom = found
    text = canonical_text(share)
    return compile_expression(text, names=dict.fromkeys(_names(share), NUMBER)), whom


def _split(node: tuple) -> tuple[tuple, str] | None:
    if node[0] == "name" and node[1] in _PLAYERS:
        return ("num", 1), _PLAYERS[node[1]]
    if node[0] != "op" or node[2] != "*":  # (not a share divided: the whole is worked out before dividing)
        return None
    counts = [o for o in node[1] if o[0] == "name" and o[1] in _PLAYERS]
    others = [o for o in node[1] if o not in counts]
    if len(counts) != 1 or any(_reads_players(o) for o in others):
        return None
    share = others[0] if len(others) == 1 else ("op", tuple(others), "*")
    return share, _PLAYERS[counts[0][1]]


def _names(node: tuple) -> set[str]:
    """The names a canonical node reads (a node starts with its kind; a tuple of nodes does not)."""
    if node[0] == "name":
        return {node[1]}
    parts = node[1:] if isinstance(node[0], str) else node
    return {n for part in parts if isinstance(part, tuple) and part for n in _names(part)}


def _reads_players(node: tuple) -> bool:
    return bool(_names(node) & set(_PLAYERS))
