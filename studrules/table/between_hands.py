"""The questions a person at a terminal is asked between hands, besides the next hand and
leaving: his stake on each side bet (``s``) and, in a game against the house whose ante he
chooses within the table's limits, his ante (``a``). Ctrl-D at any of them leaves the
table, as at every other question (the caller's ``EOFError``).
"""

from __future__ import annotations

from typing import Any

from .antes import ante_range
from .choices import typed_number
from .side_bets import bet_words, most_side_bet, side_bet_names, side_bet_problem, side_bet_range

__all__ = ["ask_ante", "ask_side_bets"]


def ask_side_bets(human: Any, variants, mine: dict[str, int], session=None, me: str | None = None) -> None:
    """Between hands, ``s``: your stake on each side bet of the table's games from the next
    hand, one question each (Enter keeps it; 0: none; a stake outside the limits, or more than
    ``me``'s stack at ``session`` covers now with his ante and wagers, is asked again)."""
    human.console.print("\nYour side bets from the next hand (Enter keeps each; 0: none)", markup=False)
    for name in side_bet_names(variants):
        low, high = side_bet_range(variants, name) or (1, None)
        limits = f"{low} to {high}" if high is not None else f"{low} or more"
        now = f"now {mine[name]}" if name in mine else "now the game's own"
        while True:
            answer = human.read(f"{bet_words(name)}: a stake of {limits} ({now})? ").strip()  # (Ctrl-D: leaves)
            if not answer:
                break
            typed = typed_number(answer)
            chips: Any = answer if typed is None else typed
            problem = side_bet_problem(variants, name, chips)
            most = most_side_bet(session, me, name, mine) if session is not None and me is not None else None
            if problem is None and chips and most is not None and chips > most:
                label = bet_words(name)
                problem = (
                    f"your stack of {session.stacks[me]} covers at most {most} on the {label} with your ante "
                    f"and wagers (0: none), not {chips}"
                    if most >= low
                    else f"your stack of {session.stacks[me]} cannot cover a {label} bet now with your ante and "
                    f"wagers (0: none)"
                )
            if problem is None:
                mine[name] = chips
                break
            human.console.print(problem, markup=False)


def ask_ante(human: Any, variants: Any, antes: dict[str, int], me: str) -> None:
    """Between hands, ``a``: the ante ``me`` antes from the next hand, within the table's limits
    (:func:`~studrules.table.antes.ante_range`; Enter keeps it; out of them, asked again). At each
    hand it is fitted to that game's own limits, and is the game's own where his stack cannot cover it.

    >>> from types import SimpleNamespace
    >>> from studrules.spec.loader import load_variant
    >>> said, answers = [], iter(["200", "x", "25"])
    >>> person = SimpleNamespace(read=lambda prompt: said.append(prompt) or next(answers),
    ...                          console=SimpleNamespace(print=lambda text, markup: said.append(text)))
    >>> antes = {}
    >>> ask_ante(person, [load_variant("caribbean-stud-it")], antes, "Hero")
    >>> antes, said[:2]
    ({'Hero': 25}, ["your ante: 5 to 100 (now the game's own)? ", 'an ante is from 5 to 100, not 200'])
    """
    limits = ante_range(variants)
    if limits is None:
        return
    low, high = limits
    span = f"{low} to {high}" if high is not None else f"{low} or more"
    now = f"now {antes[me]}" if me in antes else "now the game's own"
    while True:
        answer = human.read(f"your ante: {span} ({now})? ").strip()
        if not answer:
            return
        chips = typed_number(answer)
        if chips is not None and chips >= low and (high is None or chips <= high):
            antes[me] = chips
            return
        shown = answer if len(answer) <= 20 else answer[:20] + "..."
        human.console.print(f"an ante is from {span}, not {shown}", markup=False)
