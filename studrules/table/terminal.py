"""The table at a terminal: what a person sees and types.

:class:`TerminalPlayer` is the person's :class:`~studrules.game.policies.Policy`:
it prints what happened since his last look (the compact lines of
:func:`~.display.history_lines`), draws the table as his seat sees it
(:func:`render_table`: the seats in their fixed order around the table, the
dealer marked, each seat's cards, stack and bet in this round, the hands in
words, the pot, the round's bet sizes and raises left, whose turn it is) and
reads his choice, one key per verb (:data:`~.choices.VERB_KEYS`: ``c``
check/call, ``b`` bet or bring-in, ``r`` raise or complete, ``f`` fold,
``s`` show, ``m`` muck), asking for an amount or his cards where he has not
typed them (an empty answer, Esc or ``q`` goes back to the choices).
``q`` (or Ctrl-D) leaves the table, once he says yes: his hand is folded at
his turn and he stands up when the hand is over (:attr:`TerminalPlayer.leaving`).
:func:`result_lines` says how a hand ended (both in :mod:`.drawing`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game.actions import Action, LegalAction
from ..game.events import pot_words
from ..game.policies import Policy
from ..spec.model import BettingStep, DeclareStep
from .choices import (
    NotAChoice,
    amount_words,
    cards_question,
    choice_text,
    chosen_cards,
    chosen_hand,
    hand_question,
    keys_of as _keys,
    offer_choices,
    takes_cards,
    typed_number,
    typed_words,
)
from .display import fancy_output, history_lines
from .drawing import house_words, render_table, result_lines, wild_now

# (the drawing's words, where the browser table and the tests have always found them)
__all__ = ["QuitTable", "TerminalPlayer", "render_table", "result_lines", "leaving_question", "house_words", "wild_now"]

_QUIT_WORDS = ("q", "quit", "exit")


class QuitTable(Exception):
    """The person at the terminal asked to leave (``q``, or Ctrl-D at a question)."""


def leaving_question(
    legal: tuple[LegalAction, ...], against_the_house: bool, open_fold: bool = False, declares: bool = False
) -> str:
    """What leaving in the middle of a hand does, asked before he goes: his hand
    is folded (mucked at a showdown); where the rules let him do neither now, he
    does what a seat no one plays does: he folds at his next turn where every round
    lets a player fold without facing a bet (``open_fold``), else he checks while no one
    bets, folds to the first bet and mucks at the showdown. Against the
    house a hand that cannot fold (it may only stand or wager more) makes no
    further wager and is settled with the others. In a declare game (``declares``) a seat
    still in at the declaration cannot fold there: it declares as a seat no one plays
    does, and its hand is shown with the others (a share may come to it).

    >>> leaving_question((LegalAction("fold"), LegalAction("call", 10)), False)
    'Leave the table in the middle of this hand? You fold, and your chips in the pot are lost. [y/N] '
    >>> leaving_question((LegalAction("check"), LegalAction("raise", 10)), True)  # doctest: +ELLIPSIS
    'Leave the table in the middle of this hand? You make no further wager; what you have wagered ... [y/N] '
    >>> leaving_question((LegalAction("declare", choices=("high", "low", "both")),), False, declares=True)  # doctest: +ELLIPSIS
    'Leave the table in the middle of this hand? You cannot fold at the declaration: your seat declares for you ...'
    """
    verbs = {la.action for la in legal}
    if against_the_house:
        if "fold" in verbs:
            what = "Your hand is folded: your ante and wagers on this hand are lost."
        else:
            what = "You make no further wager; what you have wagered stays on this hand and is settled with the others."
    elif "fold" in verbs or "muck" in verbs:
        what = f"You {'fold' if 'fold' in verbs else 'muck your hand'}, and your chips in the pot are lost."
    elif open_fold:
        what = "You cannot fold now: you fold at your next turn, and your chips in the pot are lost."
    else:  # (no fold without a bet: a check where he may, as for a seat no one plays)
        what = (
            "You cannot fold now, nor later while no one bets: you check until then, fold to the first bet, "
            "and muck at the showdown; your chips in the pot are lost."
        )
    if "declare" in verbs and not against_the_house:  # (at the declaration itself)
        what = (
            "You cannot fold at the declaration: your seat declares for you and its hand is shown with the "
            "others, so it may win a share; if any betting is left, it checks while no one bets and folds to "
            "the first bet."
        )
    elif declares and not against_the_house and "fold" not in verbs and "muck" not in verbs:
        what = what.removesuffix("; your chips in the pot are lost.").removesuffix(
            ", and your chips in the pot are lost."
        )
        what = what.replace(", fold to the first bet, and muck at the showdown", " and fold to the first bet")
        what += (
            "; but a seat still in at the declaration cannot fold there: yours declares for you, "
            "and its hand is shown with the others and may win a share."
        )
    return f"Leave the table in the middle of this hand? {what} [y/N] "


class TerminalPlayer(Policy):
    """A person at a terminal: sees the table of his seat and types his action.

    ``read``: a function returning the next line typed (``input`` by
    default); ``console``: a :class:`rich.console.Console`. The table sets
    ``seating`` (every seat clockwise, fixed for the session), ``dealer``
    and ``hand`` (the hand being played, for its betting round's terms)
    before each hand. ``leaving``: he said he leaves; from then on his hand
    is folded at each of his turns (see :meth:`leave`), and the table lets
    him go when the hand is over."""

    name = "you"

    def __init__(self, console=None, read: Callable[[str], str] | None = None):
        from rich.console import Console
        from rich.markup import escape

        self.console = console or Console(highlight=False)
        self.read = read or (lambda prompt: self.console.input(escape(prompt)))  # a prompt is text, not markup
        self.seen = 0
        self.variant = None
        self.dealer: str | None = None
        self.seating: tuple[str, ...] = ()
        self.hand: Any = None
        self.fancy = fancy_output(self.console)
        self.leaving = False
        self._choices: str | None = None  # the choices said at this turn (a wrong key is answered with them)

    def begin(self, variant) -> None:
        self.variant = variant
        self.seen = 0

    # -- what happened since the last look
    def catch_up(self, view) -> None:
        events = view.events[self.seen :]
        self.seen = len(view.events)
        for line in history_lines(events, view.player, self.fancy):
            self.console.print("  ", line, sep="")

    def act(self, view) -> Action:
        if self.leaving:
            return self.leave(view)
        self.catch_up(view)
        self.console.print(
            render_table(view, self.dealer, self.variant, seating=self.seating, hand=self.hand, fancy=self.fancy)
        )
        keys = _keys(view.legal)
        offer = getattr(self.hand, "offer", None)
        if offer is not None and offer.player == view.player:  # an up card's price: say the card and what it buys
            choices = offer_choices(offer, keys)
        else:
            choices = "   ".join(choice_text(k, la) for k, la in keys.items())
        if getattr(self.hand, "phase", None) == "decision" and "c" in keys:  # against the house: a check stands
            choices = choices.replace("[c] check", "[c] check (no further wager)")
        self.console.print(f"Your turn. {choices}   [q] leave", markup=False)
        self._choices = choices
        while True:
            try:
                line = self.read("> ")
            except EOFError:  # Ctrl-D: as q
                line = "q"
            try:
                action = self.parse(line, view, keys)
            except QuitTable:
                if not self.confirm_leaving(view):
                    continue
                self.leaving = True
                self.console.print("You leave the table: the others finish the hand without you.", markup=False)
                return self.leave(view)
            if action is not None:
                return action

    def leave(self, view) -> Action:
        """His action at a turn once he is leaving: fold (muck at a showdown);
        where the rules allow neither now, what the hand does for a seat no one
        plays (a bring-in, a check where no fold is allowed without a bet, a draw's
        fewest cards, a check against the house)."""
        verbs = {la.action for la in view.legal}
        for verb in ("fold", "muck"):
            if verb in verbs:
                return Action(view.player, verb)
        action = self.hand.default_action() if self.hand is not None else None
        if action is None or action.player != view.player:
            raise QuitTable()  # (no hand to ask: the table that drives him has none)
        return action

    def confirm_leaving(self, view=None) -> bool:
        """Asked on ``q`` (or Ctrl-D) in the middle of a hand: leave (what that does is said), or play on."""
        banked = bool(self.variant is not None and self.variant.is_banked)
        rounds: tuple[BettingStep, ...] = tuple(self.variant.steps_of(BettingStep)) if self.variant is not None else ()
        # (in the bring-in's round his next turn faces a bet: a completion or a raise)
        open_fold = all(step.open_fold for step in rounds if step.bring_in is None)
        try:
            declares = bool(self.variant is not None and self.variant.steps_of(DeclareStep))
            answer = self.read(leaving_question(view.legal if view is not None else (), banked, open_fold, declares))
        except EOFError:
            return True
        if answer.strip().lower() in ("y", "yes"):
            return True
        self.console.print("Playing on.", markup=False)
        return False

    def _ask(self, prompt: str) -> list[str] | None:
        """The words typed at a question; None when he goes back to the choices (empty, Esc or q).
        Ctrl-D raises :class:`QuitTable`, as ``q`` at the choices."""
        try:
            text = self.read(prompt)
        except EOFError:
            raise QuitTable() from None
        words = typed_words(text)
        if not words or "\x1b" in text or words[0] in _QUIT_WORDS:
            self.console.print("Back to your choices.", markup=False)
            return None
        return words

    def parse(self, line: str, view, keys: dict[str, LegalAction]) -> Action | None:
        """The action a typed line means; None (after saying what is legal) if it means none,
        and silently for a line that types nothing (Enter, Esc).

        ``q`` raises :class:`QuitTable` here: :meth:`act` asks first."""
        words = typed_words(line)
        if not words:
            return None
        word = words[0]
        if word in _QUIT_WORDS:
            raise QuitTable()
        la = keys.get(word)
        if la is None:
            la = next(
                (x for x in view.legal if x.action == word or x.action.replace("-", "") == word.replace("-", "")), None
            )
        if la is None:
            said = self._choices or ", ".join(choice_text(k, x) for k, x in keys.items())
            self.console.print(f"'{' '.join(words)}' is not one of your choices: {said}   [q] leave", markup=False)
            return None
        if takes_cards(la):  # some of his cards: 'discard 2c 7d', 'pass 7c', 'e' alone asks
            return self._cards(view, la, words[1:], word)
        if la.action == "split" and la.choices:  # the cards of his second hand: 'split 9c 9d'
            return self._second_hand(view, la, words[1:], word)
        if la.choices:  # a word to choose: declare high, low or both
            return self._choose(view, la, words[1] if len(words) > 1 else None)
        return self._wager(view, la, words[1:])

    def _cards(self, view, la: LegalAction, words: list[str], key: str) -> Action | None:
        """The cards of an action that takes some of his: typed after its key, or asked for."""
        answer: list[str] | None = words
        while True:
            if answer:
                try:
                    return Action(view.player, la.action, word=chosen_cards(la, answer) or None)
                except NotAChoice as err:
                    self.console.print(str(err), markup=False)
                    if words:  # typed with the key: back to the choices, as a wrong amount
                        return None
            answer = self._ask(cards_question(la))
            if answer is None:
                return None
            if answer[0] in (key, la.action) and len(answer) > 1:  # 'e 5c' typed again at the question
                answer = answer[1:]

    def _second_hand(self, view, la: LegalAction, words: list[str], key: str) -> Action | None:
        """The cards of his second hand at a split: typed after its key, or asked for."""
        mine = tuple(str(c) for c in view.my_cards)
        answer: list[str] | None = words
        while True:
            if answer:
                try:
                    return Action(view.player, "split", word=chosen_hand(la, answer, mine))
                except NotAChoice as err:
                    self.console.print(str(err), markup=False)
                    if words:
                        return None
            answer = self._ask(hand_question(la))
            if answer is None:
                return None
            if answer[0] in (key, la.action) and len(answer) > 1:
                answer = answer[1:]

    def _wager(self, view, la: LegalAction, words: list[str]) -> Action | None:
        """A bet, raise, call or plain verb; an amount asked where several are allowed."""
        amount = None
        if len(words) > 1:  # ('r 10 20': which one?)
            self.console.print(f"'{' '.join(words)}': type one amount after {la.action}", markup=False)
            return None
        if words:
            amount = typed_number(words[0])
            if amount is None:
                self.console.print(f"'{words[0]}' is not an amount: type a whole number of chips", markup=False)
                return None
        if la.action in ("complete", "bet", "raise") and (la.to is not None or la.min is not None):
            what = amount_words(la)
            if amount is None:
                amount = la.only_total()
            if amount is None:
                to = "" if la.amount is not None else " to"  # a wager against the house is its size, not a total
                while amount is None:
                    answer = self._ask(f"{la.action}{to} how much ({what}; Enter to go back)? ")
                    if answer is None:
                        return None
                    if len(answer) > 1 and answer[0] in (la.action, la.action[:1]):  # ('b 5' typed again)
                        answer = answer[1:]
                    amount = typed_number(answer[0])
                    if amount is None:
                        self.console.print(f"type a whole number: {what}", markup=False)
                        continue
                    if not la.allows(amount):
                        self.console.print(f"{amount} is not allowed: {what}", markup=False)
                        amount = None
            if not la.allows(amount):
                self.console.print(f"{la.action} {amount} is not allowed: {what}", markup=False)
                return None
            return Action(view.player, la.action, amount)
        if amount is not None and la.amount is not None and amount != la.amount:
            self.console.print(f"{la.action} is {la.amount} here", markup=False)
            return None
        if amount is not None and la.amount is None:  # ('c 7' where c checks: no amount is his to set)
            self.console.print(f"{la.action} takes no amount: type {la.action} alone", markup=False)
            return None
        return Action(view.player, la.action)

    def _choose(self, view: Any, la: LegalAction, word: str | None) -> Action | None:
        """The word of an action such as 'declare': typed after it, or asked for (empty, Esc or q: back)."""
        choices = la.choices or ()
        while word is None or (word := next((c for c in choices if c.startswith(word)), word)) not in choices:
            if word is not None:
                self.console.print(f"'{word}' is not one of {', '.join(choices)}", markup=False)
            pot = f" for {pot_words(la.pot)}" if la.pot is not None else ""
            answer = self._ask(f"{la.action} {'/'.join(choices)}{pot}? ")
            if answer is None:
                return None
            word = answer[1] if len(answer) > 1 and answer[0] in (la.action, la.action[:1]) else answer[0]
        return Action(view.player, la.action, word=word)
