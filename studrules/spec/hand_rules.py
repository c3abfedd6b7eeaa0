"""The rules of a variant that are not steps: what is wild, what a card
dealt face up earns or costs, what carries from one hand to the next (a
kill), and when a hand is void. Frozen dataclasses, part of the loaded
:class:`~studrules.spec.model.Variant` (which re-exports them)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .expressions import Expression

__all__ = ["WildRules", "UpCardRule", "KillRules", "VoidRules"]


@dataclass(frozen=True)
class WildRules:
    """Wild cards at the showdown: ``ranks`` always wild; ``follow``: after a
    card of that rank is dealt face up, the rank of the next up card is wild
    (``follow_itself``: the followed rank too); ``low_hole``: each player's
    lowest down card's rank is wild in his hand alone; ``low_card``: his
    lowest card's, face up or down; ``low_needs``: a rank he must hold, face
    up or down, for his low card to be wild (the low card itself counts: a
    player whose lowest card is of that rank holds one); ``low_ace``: the ace
    may count low for it, the player taking the better of the ace low (his
    aces wild) and high (his lowest other card wild). ``rankings``: the
    showdown rankings they count in (empty: all). ``five_of_a_kind``,
    ``natural_beats_wild`` and ``five_wilds``: how wild hands compare; ``in_flush``: a wild
    card in a flush is an ace (``ace``, doubling the ace held) or the best card of the suit
    the hand lacks (``missing``). ``jokers``: how many
    jokers the deck holds (``DeckSpec.jokers``); ``joker``: what each is,
    ``wild`` (any card), ``bug`` (an ace, or any card completing a straight,
    a flush or a straight flush), ``bug_up`` (the bug while face up, wild
    while face down) or ``bug_dealt_up`` (the bug if dealt face up, wild if
    dealt face down, even once turned up)."""

    ranks: str = ""
    follow: str | None = None
    follow_itself: bool = False
    low_hole: bool = False
    low_card: bool = False
    low_needs: str | None = None
    low_ace: bool = False
    rankings: tuple[str, ...] = ()
    five_of_a_kind: str = "top"
    natural_beats_wild: bool = False
    five_wilds: str = "as_cards"
    in_flush: str = "ace"
    quote: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
    jokers: int = 0
    joker: str = "wild"

    @property
    def any(self) -> bool:
        """Whether anything is ever wild (a joker always is, or the bug)."""
        return bool(self.ranks or self.follow or self.low_hole or self.low_card or self.jokers)

    @property
    def order(self) -> tuple[str, str] | None:
        """Where five of a kind ranks and what five wild cards are, where anything is wild
        (for the names of hands: ``five_of_a_kind``, ``five_wilds``); None where nothing is."""
        return (self.five_of_a_kind, self.five_wilds) if self.any else None

    @property
    def reads_hole_cards(self) -> bool:
        """Whether what is wild for a player depends on his face-down cards."""
        return self.low_hole or (self.jokers > 0 and self.joker in ("bug_up", "bug_dealt_up"))

    @property
    def joker_showing(self) -> str:
        """What a joker face up is, for showings and the bring-in: ``wild`` or ``bug``."""
        return "wild" if self.joker == "wild" else "bug"


@dataclass(frozen=True)
class UpCardRule:
    """A card of ``rank`` dealt face up earns its player an extra card, dealt
    to him at once face ``deal`` (while the deck has one; ``none``: no card).

    With a ``price`` the player is asked once the deal is over: he buys (pays
    the price into the main pot, and gets the card) or declines; ``decline:
    fold``: declining folds his hand (a three up costs the pot or a fold)."""

    rank: str
    deal: str = "down"
    price: Expression | None = None
    decline: str = "keep"
    quote: tuple[str, ...] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class KillRules:
    """A kill, carried from hand to hand at a session: a player who wins a
    hand's every pot alone ``legs`` times in a row, the last pot at least
    ``min_pot``, kills the next hand: its ``stakes`` (read from the usual
    ones) apply and he posts a live ``blind``. A split pot leaves the legs
    with their holder if he has a share of it (else it ends them), and a killer who
    has a share kills again."""

    legs: int = 1
    min_pot: Expression | None = None
    stakes: tuple[tuple[str, Expression], ...] = ()
    blind: Expression | None = None
    quote: tuple[str, ...] | None = field(default=None, compare=False, repr=False)

    def killed_stakes(self, usual: Mapping[str, int]) -> dict[str, int]:
        """The stake overrides of a killed hand, read from the usual stakes."""
        return {name: int(expr(usual)) for name, expr in self.stakes}


@dataclass(frozen=True)
class VoidRules:
    """When a hand is void and every bet is returned."""

    wrong_card_count: bool = True
    declared: bool = False  # the dealer may declare the hand void
    declared_when: str | None = None  # in plain words, when he does (for the rule book)
    quote: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
