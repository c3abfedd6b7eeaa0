"""The hand rankings by name, as players say them before "hand": ``the best
ace-to-five low hand``, where the file writes ``ace_to_five_low``. The rule
book, the diff and their helpers all name rankings through :func:`ranking_name`
(what each ranking values is :mod:`.ranking_words`)."""

from __future__ import annotations

__all__ = ["ranking_name"]

# The rankings (cards.rankings) as players name a hand of them: "the best ace-to-five low hand".
_RANKING_NAMES = {
    "ace_to_five_low": "ace-to-five low",
    "ace_to_five_high": "ace-to-five high",
    "ace_to_six_low": "ace-to-six low",
    "deuce_to_seven_low": "deuce-to-seven low",
    "eight_or_better_low": "eight-or-better low",
    "badugi_ace_high": "ace-high badugi",
    "two_card_high": "two-card high",
    "two_card_ace_to_five_low": "two-card ace-to-five low",
    "three_card_high": "three-card high",
    "four_card_high": "four-card high",
    "four_flush_high": "four-flush high",
    "longest_flush": "longest-flush",
    "longest_suit_run": "longest-suit-run",
    "short_deck_high": "short-deck high",
}


def ranking_name(name: str) -> str:
    """A ranking's name as players say it before "hand": ``the best {name} hand``.

    >>> ranking_name("deuce_to_seven_low"), ranking_name("badugi_ace_high"), ranking_name("high")
    ('deuce-to-seven low', 'ace-high badugi', 'high')
    """
    return _RANKING_NAMES.get(name, name.replace("_", " "))
