"""How the terminal table writes cards, hands and what happened.

- Cards: with suit symbols in colour (``7♦``) on a terminal, plain letters
  (``7d``) when the output is not a terminal or ``NO_COLOR`` is set
  (:func:`fancy_output`); a face-down card of one's own in brackets
  (``[7d]``), another's face-down card as ``##`` (``▒▒`` in colour).
- Hands in the words of a card room (:func:`short_hand_words`): ``pair of
  sevens``, ``jack-high``, a low hand by its ranks, ``8-6-5-3-2``; the hand
  a seat holds now, under every ranking of the variant's showdown
  (:func:`hand_now`).
- The history pane (:func:`history_lines`): one line for a deal, the
  antes or a run of betting, pay lines in words (:func:`pay_words`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..analysis.expression_words import hand_words
from ..cards.card import RANK_NAMES, RANKS, Card, is_joker
from ..game.events import Event

__all__ = [
    "fancy_output",
    "card_text",
    "hidden_text",
    "short_hand_words",
    "hand_now",
    "pay_words",
    "history_lines",
]

#: Each suit's colour: a four-colour deck, so no two suits look alike.
SUIT_STYLES = {"h": "bold red", "d": "bold blue", "c": "bold green", "s": "bold"}
_RANK_CHARS = {name: RANKS[rank - 2] for rank, name in RANK_NAMES.items() if rank >= 2}


def fancy_output(console: Any) -> bool:
    """Suit symbols and colours: on a terminal, unless ``NO_COLOR`` is set (to anything but '').

    >>> import io
    >>> from rich.console import Console
    >>> fancy_output(Console(file=io.StringIO()))  # not a terminal
    False
    """
    return bool(console.is_terminal) and not os.environ.get("NO_COLOR")


def card_text(card: Card, fancy: bool, *, down: bool = False) -> Any:
    """One card as rich text: ``7♦`` in the suit's colour, or ``7d``; in brackets when face down.

    >>> from studrules.cards.card import parse_card
    >>> card_text(parse_card("7d"), False, down=True).plain, card_text(parse_card("Ah"), True).plain
    ('[7d]', 'A♥')
    """
    from rich.text import Text

    if is_joker(card) or not fancy:
        text = Text(str(card))
    else:
        text = Text(card.pretty(), style=SUIT_STYLES[card.suit])
    if down:
        return Text("[") + text + Text("]")
    return text


def hidden_text(fancy: bool, count: int = 1) -> Any:
    """``count`` face-down cards nobody at this seat may see: ``##`` each, ``▒▒`` in colour."""
    from rich.text import Text

    return Text(" ".join([("▒▒" if fancy else "##")] * count), style="blue" if fancy else "")


def short_hand_words(words: str) -> str:
    """A hand's full words as a card room says them: kickers left out, a
    high-card hand by its top card, a low hand by its ranks.

    >>> short_hand_words("pair of sevens, nine-four kickers")
    'pair of sevens'
    >>> short_hand_words("jack-seven-four high"), short_hand_words("eight-six-five-three-two low")
    ('jack-high', '8-6-5-3-2')
    >>> short_hand_words("flush, ace-king-queen-jack-nine"), short_hand_words("straight, five high")
    ('flush, ace high', 'straight, five high')
    >>> short_hand_words("pair of kings, ace-eight-five kickers; eight-five-three-two-ace low")  # each hand of a hi-lo
    'pair of kings; 8-5-3-2-A'
    """
    if "; " in words:  # a hand under each ranking of the showdown
        return "; ".join(short_hand_words(part) for part in words.split("; "))
    parts = [p.strip() for p in words.split(",")]
    parts = [p for p in parts if not p.endswith(("kicker", "kickers"))] or parts[:1]
    out = []
    for part in parts:
        body, _, tail = part.rpartition(" ")
        if tail == "low" and body and all(w in _RANK_CHARS for w in body.split("-")):
            out.append("-".join(_RANK_CHARS[w] for w in body.split("-")))
        elif tail == "high" and "-" in body and all(w in _RANK_CHARS for w in body.split("-")):
            out.append(body.split("-")[0] + "-high")
        elif " " not in part and "-" in part and all(w in _RANK_CHARS for w in part.split("-")):
            out.append(part.split("-")[0] + " high")  # the ranks after a flush's name
        else:
            out.append(part)
    return ", ".join(out)


def _name_one(ranking: Any, cards: Sequence[Card]) -> str | None:
    """The words of ``cards`` under one ranking; a hand short of a full one by what it shows."""
    try:
        if len(cards) >= ranking.fewest_cards:
            value = ranking.evaluate(list(cards))
            return None if value is None else str(ranking.describe(value))
        qualifier = getattr(ranking, "qualifier", None)
        if isinstance(qualifier, int):  # a low that qualifies (eight or better): only the cards that may be in it
            ace = 14 if getattr(ranking, "ace_high", False) else 1
            by_rank = {(ace if c.rank == 14 else c.rank): c for c in reversed(cards) if not is_joker(c)}
            cards = [c for r, c in by_rank.items() if r <= qualifier]
            return str(ranking.describe_visible(cards)) if cards else None
        return str(ranking.describe_visible(list(cards)))
    except Exception:  # a ranking that cannot say these cards: say nothing rather than stop the table
        return None


def hand_now(
    variant: Any,
    cards: Sequence[Card],
    *,
    wild_ranks: str = "",
    down: Sequence[Card] = (),
    low_wild_ranks: str | None = None,
    split: tuple[Sequence[Card], Sequence[Card]] | None = None,
) -> str | None:
    """What ``cards`` make now under the variant's showdown rankings (or the
    house game's ranking), in short words; each ranking named when there are
    several (``high: pair of sevens; low: 8-6-5-3-2``), or in a game where the
    cards are split into two hands, each hand by its size (``5-card hand: ...``),
    the cards of each as ``split`` gives them once they are. ``wild_ranks``: the
    ranks wild now; ``down``: the seat's face-down cards (for a bug that is
    wild only there). None when there are no cards to name.

    >>> from studrules.spec.loader import load_variant_text
    >>> from studrules.spec.examples import example_text
    >>> from studrules.cards.card import parse_cards
    >>> text = example_text("one-round")
    >>> hand_now(load_variant_text(text), parse_cards("7d 7c 4c"))
    'pair of sevens'
    >>> hand_now(load_variant_text(text + "wild: {ranks: T}"), parse_cards("7h Tc 6d 8c"), wild_ranks="T")
    'pair of eights with a wild card'
    """
    from ..cards.rankings import ranking_for
    from ..game.wilds import better_of, seat_ranking
    from ..spec.model import ShowdownStep, SplitStep

    if not cards or any(is_joker(c) for c in cards) and not variant.wild.any:
        return None
    showdowns = variant.steps_of(ShowdownStep)
    if showdowns and not variant.is_banked:
        step = showdowns[-1]
        named = []
        for name in step.rankings:
            or_better, at_least = step.qualifier(name)
            ranking = ranking_for(variant.deck, name, or_better=or_better, at_least=at_least)
            named.append((name, ranking))
    else:
        named = [(variant.deck.ranking, ranking_for(variant.deck, variant.deck.ranking))]
    splits = variant.steps_of(SplitStep)
    sizes = splits[0].sizes if splits and len(named) == 2 else None
    said = []
    for k, (name, ranking) in enumerate(named):
        if split is not None and sizes is not None:
            cards = split[k]  # (his hands as he set them)
        if variant.wild.any:
            mine = seat_ranking(ranking, variant.wild, wild_ranks, down)
            if low_wild_ranks is not None:  # (wild.low_ace: the better of the ace high and low)
                mine = better_of(ranking, mine, seat_ranking(ranking, variant.wild, low_wild_ranks, down))
            ranking = mine
        # a hand short of five with wild cards: the rank groups they make now (straights and flushes
        # wait for five cards, as showings do), and how many there are (only them: how many)
        now = ranking.showing_now(cards) if variant.wild.any and len(cards) < 5 else None
        if now is not None and now[2]:
            count = "a wild card" if now[2] == 1 else f"{now[2]} wild cards"
            words: str | None = count if now[2] == len(cards) else f"{short_hand_words(now[1])} with {count}"
        else:
            words = _name_one(ranking, cards)
            words = short_hand_words(words) if words else None
        if len(named) == 1:
            return words
        part = "low" if "low" in name else "high" if "high" in name else name.replace("_", " ")
        if sizes is not None:
            part = f"{sizes[k]}-card hand"
        said.append(f"{part}: {words or 'none'}")
    return "; ".join(said)


# a pay line's label (before "pays N to 1") and a side bet's name (after "; ", before "wins:",
# "loses" or "pushes", or before its stake and one of them); nothing else, so a player called ann_b
# keeps his name
_LABEL = re.compile(
    r"\b[a-z][a-z0-9_]*(?= pays \d)|(?<=; )[a-z][a-z0-9_]*(?= wins:| loses| pushes| \d+ (?:wins|loses|pushes))"
)


def pay_words(reason: str) -> str:
    """A settlement's reason with each pay-table line and bet in words.

    >>> pay_words("beats the house: two_pair pays 2 to 1; pair_plus 10 wins 40: flush pays 4 to 1")
    'beats the house: two pair pays 2 to 1; pair plus 10 wins 40: flush pays 4 to 1'
    >>> pay_words("beats the house: two_pair pays 2 to 1; pair_plus wins: flush pays 4 to 1; aces_up loses")
    'beats the house: two pair pays 2 to 1; pair plus wins: flush pays 4 to 1; aces up loses'
    >>> pay_words("house does not qualify: ante returned; super_bonus 10 pushes")
    'house does not qualify: ante returned; super bonus 10 pushes'
    >>> pay_words("ann_b wins 10 (pair_of_jacks pays 1 to 1; ante bonus: straight_flush pays 5 to 1)")
    'ann_b wins 10 (pair of jacks pays 1 to 1; ante bonus: straight flush pays 5 to 1)'
    >>> pay_words("ann_b antes 10 with super_bonus 10, aces_up 5 and pair_plus 5")
    'ann_b antes 10 with super bonus 10, aces up 5 and pair plus 5'
    """
    said = _LABEL.sub(lambda m: hand_words(m.group()).removeprefix("a "), reason)
    return _BESIDE_ANTE.sub(lambda m: _BET_NAME.sub(lambda b: hand_words(b.group()), m.group()), said)


# an ante line's bets beside it ("antes 10 with super_bonus 10 and queens_up 5"), and each bet's name
_BESIDE_ANTE = re.compile(r"(?<= antes )\d+ with [a-z][a-z0-9_]* \d+(?:(?:, | and )[a-z][a-z0-9_]* \d+)*")
_BET_NAME = re.compile(r"\b[a-z][a-z0-9_]*(?= \d)")


_BETTING = frozenset(("bring_in", "complete", "bet", "raise", "call", "check", "fold", "blind"))


def history_lines(events: Iterable[Event], me: str | None, fancy: bool) -> list[Any]:
    """``events`` (as ``me``'s seat sees them) as the compact lines of the
    history pane: the antes in one line, each deal in one line (every seat's
    cards, ``you`` for ``me``), each run of betting in one line, each
    showdown line with its hand's words, pay lines in words.

    >>> from studrules.cards.card import parse_card
    >>> deal = [Event("deal", p, None, card=parse_card(c) if p == "Ann" else None, face="down")
    ...         for p, c in (("Ann", "7d"), ("Bob", "2c"), ("Ann", "Jd"), ("Bob", "3c"))]
    >>> [line.plain for line in history_lines(deal + [Event("check", "Bob", 1)], "Ann", False)]
    ['dealt: you [7d] [Jd] · Bob ## ##', 'Bob checks']
    """
    from rich.text import Text

    lines: list[Any] = []
    run: list[Event] = []

    def flush() -> None:
        if run:
            lines.append(_run_line(run, me, fancy))
            run.clear()

    for e in events:
        kind = _kind(e)
        if run and _kind(run[-1]) != kind:
            flush()
        if kind in ("ante", "deal", "reveal", "betting"):
            run.append(e)
            continue
        flush()
        if e.type == "show":
            line = Text(f"{e.player} shows ") + _cards(e.cards or (), fancy)
            lines.append(line + Text(f": {short_hand_words(e.hand)}") if e.hand else line)
        elif e.type == "settle":
            lines.append(Text(pay_words(e.describe())))
        else:
            lines.append(Text(e.describe(hidden=e.card is None)))
    flush()
    return lines


def _kind(e: Event) -> str:
    if e.type in _BETTING:
        return "betting"
    if e.type in ("deal", "community"):
        return "deal"
    return e.type


def _cards(cards: Iterable[Card], fancy: bool) -> Any:
    from rich.text import Text

    return Text(" ").join(card_text(c, fancy) for c in cards)


def _run_line(run: list[Event], me: str | None, fancy: bool) -> Any:
    """One line for a run of antes, deals, reveals or bets."""
    from rich.text import Text

    kind = _kind(run[0])
    if kind == "betting":
        return Text(" · ".join(e.describe() for e in run))
    if kind == "ante":
        amounts = {e.amount for e in run}
        if len(amounts) == 1 and not any(e.reason for e in run):
            return Text(f"{', '.join(str(e.player) for e in run)} ante {run[0].amount}")
        return Text(pay_words(" · ".join(e.describe() for e in run)))
    # a deal or a reveal: each seat's cards, in the order they were dealt
    seats: dict[str, list[Any]] = {}
    hidden: dict[str, int] = {}
    for e in run:
        who = "the middle" if e.type == "community" else (e.player or "")
        seats.setdefault(who, [])
        if e.card is None:
            hidden[who] = hidden.get(who, 0) + 1
            continue
        seats[who].append(card_text(e.card, fancy, down=e.face == "down"))
    parts = []
    for who, shown in seats.items():
        name = "you" if who == me else "the house" if who == "house" else who
        texts = list(shown)
        if hidden.get(who):
            count = hidden[who]
            texts.insert(0, hidden_text(fancy, count) if count <= 2 else Text(f"{count} down"))
        parts.append(Text(f"{name} ") + Text(" ").join(texts))
    head = (
        "the house turns up "
        if kind == "reveal" and set(seats) == {"house"}
        else f"{kind if kind == 'reveal' else 'dealt'}: "
    )
    if head.startswith("the house"):
        return Text(head) + Text(" ").join(t for t in seats["house"])
    return Text(head) + Text(" · ").join(parts)
