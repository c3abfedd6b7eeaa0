"""Small made-up variants for examples: the docstrings of the package show their
functions on these, so each example does not write its own game out again.

- ``one-round``: a pot game of one down card and four up cards, one betting
  round at a fixed bet, the best high hand takes the pot.
- ``bring-in``: a pot game of a down card and an up card, a betting round
  (``round-1``) opened by the lowest up card's bring-in, three more up cards
  and the showdown; its stakes are formulas of the bet.
- ``against-the-house``: a game against the house: five cards each, one of
  the house's up, a raise of twice the ante or a fold, the house qualifying
  with ace-king; a house that does not qualify pays the ante and returns the
  raise; the raise pays 3 to 1 on three of a kind.
- ``side-bet``: ``against-the-house`` with an ante of 5 to 100 and a side
  bet, ``bonus``, paid on the player's hand alone (a pair 1 to 1, a flush 5
  to 1), not placed unless a position chooses it, from 5 to 50.

>>> v = example_variant("bring-in", stakes={"bet": 20})
>>> v.name, v.kind, v.stake_values()
('bring-in', 'pot', {'bet': 20, 'ante': 2, 'bring_in': 2})
>>> "wild" in example_text("one-round")
False
"""

from __future__ import annotations

from collections.abc import Mapping

from .model import Variant

__all__ = ["EXAMPLES", "example_text", "example_variant"]

EXAMPLES: Mapping[str, str] = {
    "one-round": """\
name: one-round
kind: pot
stakes: {ante: 1, bet: 2}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, up, up, up, up]}
  - betting: {bet: bet}
  - showdown: {rankings: [high]}
""",
    "bring-in": """\
name: bring-in
kind: pot
stakes: {bet: 10, ante: bet / 10, bring_in: ante}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, up]}
  - betting: {id: round-1, bet: bet, bring_in: {who: lowest_up_card, amount: bring_in}}
  - deal: {players: [up, up, up]}
  - showdown: {rankings: [high]}
""",
    "against-the-house": """\
name: against-the-house
kind: banked
seats: {min: 1, max: 7}
stakes: {ante: 10}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, down, down, down, down], house: [down, down, down, down, up]}
  - decision: {fold: true, raise: 2 * ante}
  - reveal: {who: house}
  - settle: {qualify: house >= ace_king, ante_odds: 1, tie: push, pay_table: {three_of_a_kind: 3},
             not_qualified: {ante: {result: win, odds: 1}, raise: {result: push}}}
""",
    "side-bet": """\
name: side-bet
kind: banked
seats: {min: 1, max: 7}
stakes: {ante: 10, bonus: 0}
steps:
  - ante: {amount: ante, min: 5, max: 100}
  - deal: {players: [down, down, down, down, down], house: [down, down, down, down, up]}
  - decision: {fold: true, raise: 2 * ante}
  - reveal: {who: house}
  - settle: {qualify: house >= ace_king, ante_odds: 1, tie: push, pay_table: {three_of_a_kind: 3},
             side_bets: {bonus: {amount: bonus, min: 5, max: 50, pay_table: {flush: 5, pair: 1}}}}
""",
}


def example_text(name: str) -> str:
    """The YAML text of the example ``name`` (one of :data:`EXAMPLES`), to change before loading."""
    return EXAMPLES[name]


def example_variant(name: str, *, stakes: Mapping[str, int] | None = None) -> Variant:
    """The example ``name`` loaded, at ``stakes`` if given (see :func:`~.loader.load_variant_text`)."""
    from .loader import load_variant_text

    return load_variant_text(EXAMPLES[name], stakes=stakes)
