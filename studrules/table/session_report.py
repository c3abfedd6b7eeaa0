"""What a :class:`~studrules.table.session.Session` reports: each hand
(:class:`HandReport`, with the announcement of a switch of rules) and how
the session ended (:class:`SessionSummary`).

    >>> SessionSummary(2, "one player has every chip", [
    ...     {"player": "Ann", "start": 100, "final": 200, "net": 100, "hands_won": 2},
    ...     {"player": "Bob", "start": 100, "final": 0, "net": -100, "hands_won": 0}]).text().splitlines()[0]
    'Session over after 2 hands: one player has every chip.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["HandReport", "SessionSummary"]


@dataclass
class HandReport:
    """One hand of a session: its number (1-based), the variant, the dealer,
    the players in order from the dealer's left, the played hand (``None``
    once the session has let it go, see ``keep_hands``) and its result; ``switched`` when the rules changed since the previous hand,
    with ``differences`` (from :func:`studrules.analysis.diff.diff`) and the previous
    variant; ``left``: players who left the game at this hand, too short of chips for any
    of its games (``stacks_left``: the chips each had then; 0: out of chips), before it or
    after it; ``sat_out``: players in the game who sat this hand out, too short for it;
    ``unstaked``: players whose chosen side bets are not made this hand, their stack too
    short to cover them."""

    number: int
    variant: Any
    dealer: str
    players: tuple[str, ...]
    hand: Any
    result: Any
    seed: int | None = None
    switched: bool = False
    previous: Any = None
    differences: list = field(default_factory=list)
    left: tuple[str, ...] = ()
    killer: str | None = None
    unstaked: tuple[str, ...] = ()
    stacks_left: dict[str, int] = field(default_factory=dict)
    sat_out: tuple[str, ...] = ()

    @property
    def dealing(self) -> str | None:
        """Who deals this hand, to be said: the dealer of a pot game; None against the house
        (the house deals; the session's button still moves, for the pot games of a mixed table)."""
        return None if self.variant.is_banked else self.dealer

    def announcement(self, number: int | None = None) -> str:
        """The announcement of a switch of rules, in plain words ('' when none);
        ``number``: the hand's number at its table where the session began later
        (a table's server restarted), else the session's own."""
        if not self.switched:
            return ""
        title = self.variant.title or self.variant.name
        n = self.number if number is None else number
        deals = f", {self.dealing} deals." if self.dealing is not None else "."
        if self.previous is None:
            return f"Hand {n}: {title} ({self.variant.name}){deals}"
        deals = deals.replace(",", ";")
        lines = [f"Hand {n}: the game changes to {title} ({self.variant.name}){deals}"]
        if self.previous.name == self.variant.name:  # the same game, its house rules changed
            lines = [f"Hand {n}: {title} ({self.variant.name}) with new house rules{deals}"]
        if not self.differences:
            lines.append("  The rules are the same as the last hand's.")
        else:
            lines.append(f"  What changes from {self.previous.name}:")
            width = max(len(d.rule) for d in self.differences)
            topic = None
            for d in self.differences:
                if d.topic != topic:
                    lines.append(f"  {d.topic.capitalize()}")
                    topic = d.topic
                lines.append(f"    {d.rule.ljust(width)}  {d.a} -> {d.b}")
        return "\n".join(lines)


@dataclass
class SessionSummary:
    """How a session ended."""

    hands: int
    reason: str
    rows: list[dict]
    house_net: int | None = None
    winner: str | None = None

    def to_dict(self) -> dict:
        out: dict = {"hands": self.hands, "reason": self.reason, "players": [dict(r) for r in self.rows]}
        if self.winner is not None:
            out["winner"] = self.winner
        if self.house_net is not None:
            out["house_net"] = self.house_net
        return out

    def _played_words(self) -> str:
        """``after 3 hands``; ``before any hand was finished`` (an interrupted first hand is not counted).

        >>> SessionSummary(0, "interrupted", [])._played_words(), SessionSummary(1, "done", [])._played_words()
        ('before any hand was finished', 'after 1 hand')
        """
        if not self.hands:
            return "before any hand was finished"
        return f"after {self.hands} hand{'s' if self.hands != 1 else ''}"

    def text(self) -> str:
        """A summary table a player can read; where a player bought in again, the
        rebuys and the chips each bought (his net is against all of them).

        >>> print(SessionSummary(9, "you left the table", [
        ...     {"player": "Ann", "start": 100, "rebuys": 1, "bought": 200, "final": 150, "net": -50, "hands_won": 4},
        ...     {"player": "Bob", "start": 100, "rebuys": 0, "bought": 100, "final": 150, "net": 50, "hands_won": 5}]).text())
        Session over after 9 hands: you left the table.
          player    start  rebuys   bought    final      net   won
          Ann         100       1      200      150      -50     4
          Bob         100       0      100      150      +50     5
        """
        names = [r["player"] + (" (left)" if r.get("left") else "") for r in self.rows]
        width = max([len("player")] + [len(n) for n in names])
        rebought = any(r.get("rebuys") for r in self.rows)
        extra = f"  {'rebuys':>6}  {'bought':>7}" if rebought else ""
        lines = [
            f"Session over {self._played_words()}: {self.reason}.",
            f"  {'player'.ljust(width)}  {'start':>7}{extra}  {'final':>7}  {'net':>7}  {'won':>4}",
        ]
        for r, name in zip(self.rows, names):
            net = r["net"]
            sign = "+" if net > 0 else ""
            extra = f"  {r.get('rebuys', 0):>6}  {r.get('bought', r['start']):>7}" if rebought else ""
            lines.append(
                f"  {name.ljust(width)}  {r['start']:>7}{extra}  {r['final']:>7}  {sign + str(net):>7}"
                f"  {r['hands_won']:>4}"
            )
        if self.house_net is not None:
            sign = "+" if self.house_net > 0 else ""
            lines.append(f"  house net: {sign}{self.house_net}")
        return "\n".join(lines)
