"""The table at a terminal: what a person sees and types.

:class:`TerminalPlayer` is the person's :class:`~studrules.game.policies.Policy`:
it prints what happened since his last look, draws the table as his seat
sees it (:func:`render_table`: each seat's up cards, stack and bet in this
round, his own down cards, the pot, whose turn it is) and reads his choice,
one key per legal action (``c`` check/call, ``b`` bet, complete or bring-in,
``r`` raise, ``f`` fold, ``s`` show, ``m`` muck, ``q`` quit), asking for an
amount where there is a choice. :func:`result_lines` says how a hand ended.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game.actions import Action, LegalAction
from ..game.policies import Policy
from ..game.view import View
from ..game.wilds import rank_char, rank_words, wild_ranks_of
from ..spec.model import Variant

__all__ = ["QuitTable", "TerminalPlayer", "render_table", "result_lines"]


class QuitTable(Exception):
    """The person at the terminal asked to leave."""


def _keys(legal: tuple[LegalAction, ...]) -> dict[str, LegalAction]:
    """The one-key shortcut of each legal action."""
    verbs = {la.action: la for la in legal}
    keys: dict[str, LegalAction] = {}
    for verb in ("check", "call"):
        if verb in verbs:
            keys["c"] = verbs[verb]
    if "bring-in" in verbs:
        keys["b"] = verbs["bring-in"]
        if "complete" in verbs:
            keys["r"] = verbs["complete"]
    else:
        for verb in ("bet", "complete"):
            if verb in verbs and "b" not in keys:
                keys["b"] = verbs[verb]
        if "raise" in verbs:
            keys["r"] = verbs["raise"]
        elif "complete" in verbs and keys.get("b") is not verbs["complete"]:
            keys["r"] = verbs["complete"]
    for key, verb in (("f", "fold"), ("s", "show"), ("m", "muck")):
        if verb in verbs:
            keys[key] = verbs[verb]
    for la in legal:  # anything else: its first letter not taken, else a digit
        if la not in keys.values():
            key = next((ch for ch in la.action if ch.isalpha() and ch not in keys), None) or str(len(keys) + 1)
            keys[key] = la
    return keys


def _amounts(la: LegalAction) -> list[int] | None:
    """The totals to choose from (None: a range min..max)."""
    if la.to is not None:
        return list(la.to)
    return None


def _choice_text(key: str, la: LegalAction) -> str:
    return f"[{key}] {la}"


class TerminalPlayer(Policy):
    """A person at a terminal: sees the table of his seat and types his action.

    ``read``: a function returning the next line typed (``input`` by
    default); ``console``: a :class:`rich.console.Console`."""

    name = "you"

    def __init__(self, console=None, read: Callable[[str], str] | None = None):
        from rich.console import Console

        self.console = console or Console(highlight=False)
        self.read = read or (lambda prompt: self.console.input(prompt))
        self.seen = 0
        self.variant = None
        self.dealer: str | None = None

    def begin(self, variant) -> None:
        self.variant = variant
        self.seen = 0

    # -- what happened since the last look
    def catch_up(self, view) -> None:
        events = view.events[self.seen :]
        self.seen = len(view.events)
        for e in events:
            if e.type == "deal" and e.player == view.player:
                self.console.print(
                    f"  you are dealt {e.card} face {e.face}" if e.card is not None else "  " + e.describe(hidden=True)
                )
            else:
                self.console.print("  " + e.describe(hidden=e.card is None), markup=False)

    def act(self, view) -> Action:
        self.catch_up(view)
        self.console.print(render_table(view, self.dealer, self.variant))
        keys = _keys(view.legal)
        choices = "   ".join(_choice_text(k, la) for k, la in keys.items())
        self.console.print(f"Your turn. {choices}   [q] quit", markup=False)
        while True:
            try:
                line = self.read("> ")
            except EOFError:
                raise QuitTable() from None
            action = self.parse(line, view, keys)
            if action is not None:
                return action

    def parse(self, line: str, view, keys: dict[str, LegalAction]) -> Action | None:
        """The action a typed line means; None (after saying what is legal) if it means none."""
        words = line.strip().lower().split()
        if not words:
            return None
        word = words[0]
        if word in ("q", "quit", "exit"):
            raise QuitTable()
        la = keys.get(word)
        if la is None:
            la = next(
                (x for x in view.legal if x.action == word or x.action.replace("-", "") == word.replace("-", "")), None
            )
        if la is None:
            self.console.print(
                f"'{line.strip()}' is not one of your choices: "
                + ", ".join(_choice_text(k, x) for k, x in keys.items())
                + ", [q] quit",
                markup=False,
            )
            return None
        if la.action in ("discard", "expose", "buy", "pass"):  # some of his cards: 'discard 2c 7d', 'pass 7c'
            chosen = words[1:]
            upper = {c.lower(): c for c in la.choices or ()}
            if any(w not in upper for w in chosen) or not (la.min or 0) <= len(chosen) <= (la.max or 0):
                self.console.print(
                    f"{la.action} from {la.min} to {la.max} of: {' '.join(la.choices or ())}", markup=False
                )
                return None
            return Action(view.player, la.action, word=" ".join(upper[w] for w in chosen) or None)
        if la.action == "split":  # the cards of his second hand: 'split 9c 9d'
            named = {w.lower() for w in words[1:]}
            second = next((c for c in la.choices or () if {w.lower() for w in c.split()} == named), None)
            if second is None:
                self.console.print(
                    f"split: name the cards of your second hand, one of: {', '.join(la.choices or ())}", markup=False
                )
                return None
            return Action(view.player, "split", word=second)
        if la.choices:  # a word to choose: declare high, low or both
            return self._choose(view, la, words[1] if len(words) > 1 else None)
        amount = None
        if len(words) > 1:
            try:
                amount = int(words[1])
            except ValueError:
                self.console.print(f"'{words[1]}' is not an amount: type a whole number of chips", markup=False)
                return None
        if la.action in ("complete", "bet", "raise") and (la.to is not None or la.min is not None):
            totals = _amounts(la)
            if amount is None:
                if totals is not None and len(totals) == 1:
                    amount = totals[0]
                elif totals is None and la.min == la.max:
                    amount = la.min
                else:
                    what = " or ".join(map(str, totals)) if totals is not None else f"{la.min} to {la.max}"
                    while amount is None:
                        try:
                            text = self.read(f"{la.action} to how much ({what})? ").strip()
                        except EOFError:
                            raise QuitTable() from None
                        if text.lower() in ("q", "quit"):
                            raise QuitTable()
                        try:
                            amount = int(text)
                        except ValueError:
                            self.console.print(f"type a whole number: {what}", markup=False)
                            continue
                        if not la.allows(amount):
                            self.console.print(f"{amount} is not allowed: {what}", markup=False)
                            amount = None
            if amount is None or not la.allows(amount):
                self.console.print(f"{la.action} to {amount} is not allowed: {la}", markup=False)
                return None
            return Action(view.player, la.action, amount)
        if amount is not None and la.amount is not None and amount != la.amount:
            self.console.print(f"{la.action} is {la.amount} here", markup=False)
            return None
        return Action(view.player, la.action)

    def _choose(self, view: Any, la: LegalAction, word: str | None) -> Action | None:
        """The word of an action such as 'declare': typed after it, or asked for (q leaves)."""
        choices = la.choices or ()
        while word is None or word not in choices:
            if word is not None:
                self.console.print(f"'{word}' is not one of {', '.join(choices)}", markup=False)
            try:
                word = self.read(f"{la.action} {'/'.join(choices)}? ").strip().lower()
            except EOFError:
                raise QuitTable() from None
            if word in ("q", "quit"):
                raise QuitTable()
            word = next((c for c in choices if c.startswith(word)), word) if word else None
        return Action(view.player, la.action, word=word)


def _down_counts(view) -> dict[str, int]:
    counts: dict[str, int] = {}
    for e in view.events:
        if e.type == "deal":
            counts[e.player] = counts.get(e.player, 0) + 1
    return counts


def render_table(view, dealer: str | None = None, variant=None):
    """The table as the seat of ``view`` sees it (a rich renderable)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts = []
    if variant is not None:
        parts.append(variant.title or variant.name)
    parts.append(f"betting round {view.round}" if view.round else "before the betting")
    parts.append(f"pot {view.pot}")
    wild = wild_now(view, variant) if variant is not None else None
    if wild:
        parts.append(f"wild: {wild}")
    if view.to_act:
        parts.append(f"{'your' if view.to_act == view.player else view.to_act + chr(39) + 's'} turn")
    table = Table(show_lines=False)
    table.add_column("seat")
    table.add_column("stack", justify="right")
    table.add_column("bet", justify="right")
    table.add_column("cards")
    table.add_column("")
    dealt = _down_counts(view)
    for i, p in enumerate(view.players):
        name = p + (" (D)" if p == dealer else "")
        if p == view.player:
            cards = " ".join(f"[{c}]" if f == "down" else str(c) for c, f in view.cards)
            name = f"{name} *"
        else:
            ups = view.up_cards.get(p) or ()
            hidden = max(0, dealt.get(p, 0) - len(ups))
            cards = " ".join(["##"] * hidden + [str(c) for c in ups])
        status = "folded" if view.folded[i] else ("<- to act" if view.to_act == p else "")
        # names and cards are text, never markup: a name such as '[/x]' shows as it is
        table.add_row(
            Text(name), str(view.stacks[i]), str(view.bets[i]) if view.bets[i] else "", Text(cards or "-"), status
        )
    if "house" in dealt:
        ups = view.house_up_cards
        hidden = max(0, dealt["house"] - len(ups))
        table.add_row("house", "", "", " ".join(["##"] * hidden + [str(c) for c in ups]), "")
    if view.community:
        table.add_row("middle", "", "", " ".join(map(str, view.community)), "")
    return Group(Text(" | ".join(parts), style="bold"), table)


# --------------------------------------------------------------------------
# printing results


def result_lines(report) -> list[str]:
    """A finished hand's outcome: each player's stack and net; banked games each position's settlement."""
    result = report.result
    lines = []
    if result.positions is not None:
        for pos in result.positions:
            net = pos["net"]
            lines.append(
                f"  {pos['player']}: ante {pos['ante']}, raise {pos['raise'] or 0} -> "
                f"{'+' if net > 0 else ''}{net} ({pos['reason']})"
            )
        hn = result.house_net or 0
        lines.append(f"  house: {'+' if hn > 0 else ''}{hn}")
    for p in report.players:
        net = result.net[p]
        lines.append(f"  {p}: {result.stacks[p]} ({'+' if net > 0 else ''}{net})")
    if report.left:
        lines.append(f"  leaving the table: {', '.join(report.left)}")
    return lines


def wild_now(view: View, variant: Variant) -> str | None:
    """What is wild for the seat of ``view`` now, in words (None: nothing ever is).

    The changing rank is the one the last ``wild`` event set: a card of the
    followed rank clears it, any other card makes its rank wild."""
    rules = variant.wild
    if not rules.any:
        return None
    wild_rank = None
    for event in view.events:
        if event.type == "wild" and event.card is not None:
            rank = rank_char(event.card)
            wild_rank = None if rank == rules.follow else rank
    down = [card for card, face in view.cards if face == "down"]
    ranks = wild_ranks_of(rules, wild_rank, down)
    return ", ".join(rank_words(r) for r in ranks) or "nothing yet"
