"""Two histories of the same deal side by side, line by line, and the players'
decisions compared: what :func:`~studrules.analysis.compare.compare` keeps
of a deal whose outcome diverges.

The same event under both rule sets (chip amounts aside) stands on one line,
however many events one history has that the other has not (an ante, a
notice of what is wild): an event of one history alone has a line of its
own, the other side blank. The play parts where a player first acts
otherwise, which :func:`decisions` finds in the hands' actions, not in
their events.

    >>> from studrules.game.events import Event
    >>> ante, fold = Event("ante", "P1", None, 1), Event("fold", "P2", 1)
    >>> side_by_side([ante, Event("bring_in", "P1", 1, 1), fold], [Event("bring_in", "P1", 1, 2), fold])
    ((0, None), (1, 0), (2, 1))
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from difflib import SequenceMatcher
from typing import Any

from ..game.actions import VERBS
from ..game.events import Event

__all__ = ["ACTION_EVENTS", "decisions", "side_by_side", "parting_line"]

#: The events that record what a player chose to do: one for each verb of an action.
ACTION_EVENTS = frozenset(verb.replace("-", "_") for verb in VERBS)

# an event with every chip amount set aside (and the words that may name one):
# type, player, round, card, face, cards, hand, pot
_PLAY = operator.itemgetter(0, 1, 2, 5, 6, 7, 8, 9)
# an event's kind and player
_KIND = operator.itemgetter(0, 1)
# an action with its chips set aside: player, verb, words (high, low; the cards chosen)
_DECISION = operator.itemgetter(0, 1, 3)

Line = tuple[int | None, int | None]


def decisions(actions: Sequence[Any]) -> list[tuple[Any, ...]]:
    """The players' decisions in order, chip amounts aside: who, what, and
    the words or cards he chose (a hand's ``actions``). A show is left out:
    where one file shows every hand at the showdown and the other asks each
    player (``muck: true``), the same hands shown are no change of play (a
    muck, a hand not shown, stays a decision).

    >>> from studrules.game.actions import Action
    >>> decisions([Action("P2", "bring-in", 2), Action("P3", "raise", 20), Action("P2", "show"), Action("P3", "muck")])
    [('P2', 'bring-in', None), ('P3', 'raise', None), ('P3', 'muck', None)]
    """
    return [_DECISION(a) for a in actions if a.verb != "show"]


def side_by_side(x: Sequence[Event], y: Sequence[Event]) -> tuple[Line, ...]:
    """The lines of two histories side by side: on each, the index of an
    event of ``x`` and of ``y`` (None: that history has none on this line).
    Equal events, chip amounts aside, share a line; between them, events of
    the same kind by the same player (P3 wins 5, P3 wins 1 with other cards)
    share one, and the rest pair off in order, the longer run's last ones
    alone."""
    lines: list[Line] = []
    for i1, i2, j1, j2 in _runs(x, y, _PLAY, range(len(x)), range(len(y)), lines):
        for k1, k2, m1, m2 in _runs(x, y, _KIND, range(i1, i2), range(j1, j2), lines):
            for k in range(max(k2 - k1, m2 - m1)):
                lines.append((k1 + k if k1 + k < k2 else None, m1 + k if m1 + k < m2 else None))
    return tuple(lines)


def _runs(x, y, key, xs: range, ys: range, lines: list[Line]):
    """Lines for the events of ``xs`` and ``ys`` whose ``key`` match (added to
    ``lines`` in order); yields the runs between them, unmatched, as each
    comes: ``(start, end)`` in ``x``, then in ``y``."""
    matcher = SequenceMatcher(None, [key(x[i]) for i in xs], [key(y[j]) for j in ys], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            lines += zip(xs[i1:i2], ys[j1:j2])
        else:
            yield xs.start + i1, xs.start + i2, ys.start + j1, ys.start + j2


def parting_line(lines: Sequence[Line], x: Sequence[Event], y: Sequence[Event]) -> int:
    """The line where the hands part: the first where a player's action
    differs (chip amounts aside) or stands on one side alone; else the first
    where any event differs so (other cards); else the first whose events
    differ at all (the amounts); else 0.

    >>> from studrules.game.events import Event
    >>> a = [Event("ante", "P1", None, 1), Event("call", "P2", 1, 2), Event("fold", "P3", 1)]
    >>> b = [Event("call", "P2", 1, 4), Event("call", "P3", 1, 4)]
    >>> parting_line(side_by_side(a, b), a, b)  # the ante stands alone, then P3 folds or calls
    2
    """

    def event(events: Sequence[Event], i: int | None) -> Event | None:
        return None if i is None else events[i]

    def key(e: Event | None) -> Any:
        return None if e is None else _PLAY(e)

    pairs = [(event(x, i), event(y, j)) for i, j in lines]
    for n, (p, q) in enumerate(pairs):
        acts = (p is not None and p[0] in ACTION_EVENTS) or (q is not None and q[0] in ACTION_EVENTS)
        if acts and key(p) != key(q):
            return n
    for test in (lambda p, q: key(p) != key(q), operator.ne):
        for n, (p, q) in enumerate(pairs):
            if test(p, q):
                return n
    return 0
