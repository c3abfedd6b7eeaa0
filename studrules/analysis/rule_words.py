"""Words for each rule of a variant, as a player says them.

The deck and how the ace plays, how suits rank and ties between seats are
broken, who acts first, brings in and shows first, how many raises a round
allows, who gets the odd chip, how a bet against the house is paid, which
cards are dealt face up. The rule book (:mod:`studrules.analysis.rulebook`)
writes its sentences with these words, and the diff
(:mod:`studrules.analysis.diff`) compares two variants by them.

    >>> from studrules.spec.model import DeckSpec
    >>> deck_words(DeckSpec(ranks="6789TJQKA"))
    'a 36-card deck (6 to ace)'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..cards.card import SUIT_NAMES
from ..cards.rankings import get_ranking, ranking_for
from ..cards.rankings_single import HoleCardOfSuit
from ..game.wilds import rank_name
from ..spec.model import (
    STANDARD_RANKS,
    BettingStep,
    DealStep,
    DeckSpec,
    DrawStep,
    ExposeStep,
    FirstToAct,
    Payout,
    ShowdownStep,
    Step,
    Variant,
)
from .expression_words import condition_words, number_words, ordinal, phrase
from .ranking_names import ranking_name

__all__ = [
    "suit_order_words",
    "deck_words",
    "ace_words",
    "STRAIGHT_RANKINGS",
    "tie_break_words",
    "ties_clause",
    "TIED_RULES",
    "seat_rule_words",
    "first_to_act_words",
    "low_card_all_in_value",
    "qualifier_values",
    "bring_in_who_words",
    "cap_words",
    "short_all_in_words",
    "low_card_all_in_words",
    "completion_raise_words",
    "odd_chip_words",
    "payout_words",
    "faces_words",
    "cards_held",
    "held_caveats",
    "cards_text",
    "actions_words",
    "house_tie_words",
    "bring_in_ties",
]


def suit_order_words(variant: Variant) -> str:
    """``spades > hearts > diamonds > clubs`` (highest first)."""
    return " > ".join(SUIT_NAMES[s] for s in reversed(variant.deck.suit_order))


def deck_words(deck: DeckSpec) -> str:
    """The deck in words: ``a standard deck of 52 cards``, ``a 36-card deck (6 to ace)``.

    >>> from studrules.spec.model import DeckSpec
    >>> deck_words(DeckSpec()), deck_words(DeckSpec(ranks="789TJQKA")), deck_words(DeckSpec(ranks="2345A"))
    ('a standard deck of 52 cards', 'a 32-card deck (7 to ace)', 'a 20-card deck (2, 3, 4, 5 and ace)')
    """
    ranks = deck.ranks
    cards = 4 * len(ranks)
    jokers = f" and {number_words(deck.jokers)} joker{'s' if deck.jokers != 1 else ''}" if deck.jokers else ""
    if ranks == STANDARD_RANKS:
        return f"a standard deck of {cards} cards{jokers}"
    names = [_RANK_WORDS.get(r, r) for r in ranks]
    if ranks in STANDARD_RANKS:  # one run of ranks in a row
        return f"a {cards}-card deck ({names[0]} to {names[-1]}){jokers}"
    return f"a {cards}-card deck ({', '.join(names[:-1])} and {names[-1]}){jokers}"


def deck_sentence(deck: DeckSpec) -> str:
    """The deck, as the rule book's first sentence on the cards.

    >>> from studrules.spec.model import DeckSpec
    >>> deck_sentence(DeckSpec(ranks="234567JQKA", jokers=1))[:60]
    'A 40-card deck (2, 3, 4, 5, 6, 7, jack, queen, king and ace)'
    """
    words = deck_words(deck)
    words = words[0].upper() + words[1:] + "."
    if deck.ranks != STANDARD_RANKS:
        rest = (
            ("and the joker." if deck.jokers == 1 else "and the jokers.") if deck.jokers else "no other card is dealt."
        )
        words += f" Every card of those ranks in each of the four suits; {rest}"
    if deck.ranking == "short_deck_high" and deck.ranks not in STANDARD_RANKS:
        words += " Straights are five ranks in a row of the deck's ranks, those left out skipped."
    return words


#: The rankings whose straights :func:`ace_words` describes (the ace high, and low as the deck says).
STRAIGHT_RANKINGS = frozenset({"high", "four_flush_high", "three_card_high", "four_card_high"})


def ace_words(deck: DeckSpec) -> str:
    """How the ace plays in straights of high hands, in words.

    >>> from studrules.spec.model import DeckSpec
    >>> ace_words(DeckSpec())
    'high, and low only in A-2-3-4-5'
    >>> ace_words(DeckSpec(ace_low_straight=False))
    'never low (A-2-3-4-5 is not a straight)'
    >>> ace_words(DeckSpec(ranks="6789TJQKA")) == ace_words(DeckSpec(ranks="6789TJQKA", ace_low_straight=False))
    True
    >>> ace_words(DeckSpec(ranks="6789TJQKA"))
    'high only: A-2-3-4-5 cannot be dealt from this deck, and A-6-7-8-9 is not a straight'
    """
    ranks = deck.ranks
    if "A" not in ranks:
        return "there is no ace in this deck"
    if deck.wheel:
        return "high, and low only in A-2-3-4-5"
    if all(r in ranks for r in "2345"):
        return "never low (A-2-3-4-5 is not a straight)"
    # a stripped deck: the wheel cannot be dealt; a straight is five ranks in a row of 2..A
    low = ranks[:4]
    words = "high only: A-2-3-4-5 cannot be dealt from this deck"
    if low in STANDARD_RANKS and low != "TJQK":
        words += f", and A-{'-'.join(low).replace('T', '10')} is not a straight"
    return words


def tie_break_words(tie_break: str, variant: Variant) -> str:
    """How a tie between seats is broken, in words."""
    if tie_break == "suit":
        return f"by suit ({SUIT_NAMES[variant.deck.suit_order[-1]]} highest)"
    if tie_break == "nearest_dealer":
        return "to the player nearest the dealer's left"
    return tie_break.replace("_", " ")


def ties_clause(tie_break: str, variant: Variant) -> str:
    """``ties go to the player nearest the dealer's left`` / ``ties are broken by suit (...)``."""
    words = tie_break_words(tie_break, variant)
    return f"ties go {words}" if words.startswith("to ") else f"ties are broken {words}"


def bring_in_ties(who: str, tie_break: str, variant: Variant) -> str:
    """How a tie for the bring-in is broken, which way a suit goes included.

    >>> from studrules.spec.loader import load_variant
    >>> bring_in_ties("lowest_up_card", "suit", load_variant("seven-card-stud"))
    'between equal cards, the lower suit brings in (clubs lowest, spades highest)'
    """
    if tie_break != "suit" or who not in ("lowest_up_card", "highest_up_card"):
        return ties_clause(tie_break, variant)
    low, high = (SUIT_NAMES[variant.deck.suit_order[i]] for i in (0, -1))
    if who == "lowest_up_card":
        return f"between equal cards, the lower suit brings in ({low} lowest, {high} highest)"
    return f"between equal cards, the higher suit brings in ({high} highest, {low} lowest)"


#: first-to-act rules that compare hands or cards, so ties can happen
TIED_RULES = ("best_visible", "worst_visible", "lowest_card", "lowest_up_card", "highest_up_card")


def seat_rule_words(rule: str) -> str:
    """The player a seat rule picks, in words (the first to act, the bring-in).

    >>> seat_rule_words("lowest_up_card"), seat_rule_words("dealer_left")
    ('the lowest up card', "the player at the dealer's left")
    """
    return _FIRST_WORDS.get(rule, rule.replace("_", " "))


def first_to_act_words(first: FirstToAct, by: str | None = None) -> str:
    """Who acts first, in words (ties not included); ``by``: the ranking a board is judged
    by, where it is not high poker (:func:`~.ranking_words.board_ranking`)."""
    words = seat_rule_words(first.rule)
    if first.rule == "dealer_left":  # (the first of them still in: a folded player does not act)
        words = "the player still in nearest the dealer's left"
    if by and first.rule in ("best_visible", "worst_visible"):
        words += f" by {by}"
    if first.community:
        words += ", the community cards face up counted in every board"
    if first.expose:  # (after the rule's own brackets: "(hidden cards included)")
        words += ", who turns that card face up"
    return words


def bring_in_who_words(who: str, ace: str | None = None) -> str:
    """``lowest_up_card`` -> ``the lowest up card``; with a bring-in's ``ace``,
    how the ace counts.

    >>> bring_in_who_words("highest_up_card", "low")
    'the highest up card (aces low)'
    """
    words = seat_rule_words(who)
    return f"{words} (aces {ace})" if ace else words


def cap_words(step: BettingStep) -> str:
    """``a bet and 3 raises``; a cap worked out at the table in words."""
    cap = fixed_cap(step)
    if step.cap is None:
        words = "no limit on raises"
    elif cap is None:
        words = f"a bet and raises: {phrase(step.cap)}"
    elif cap == 0:
        words = "a bet and no raise"
    else:
        words = f"a bet and {cap} raise{'s' if cap != 1 else ''}"
    if step.heads_up_uncapped and step.cap is not None:
        words += "; no limit heads-up"
    if not step.check_raise:
        words += "; no check-raise"
    return words


def fixed_cap(step: BettingStep) -> int | None:
    """The round's cap when it is a number (None: no cap, or a cap worked out at the table)."""
    cap = step.cap
    if cap is None or not cap.is_constant:
        return None
    return int(cap.value())


def short_all_in_words(step: BettingStep) -> str:
    """What an all-in bet or raise short of a full one does.

    >>> from studrules.spec.expressions import NUMBER, compile_expression
    >>> print(short_all_in_words(BettingStep("b", bet=compile_expression("10", expect=NUMBER))))  # no cap
    An all-in bet or raise short of a full one does not reopen the betting.
    """
    if step.short_all_in == "half_bet":
        return (
            "An all-in bet or raise of at least half a bet counts as a full one: it reopens the betting "
            "and counts toward the limit on raises; a smaller one does neither."
        )
    if step.cap is None:
        return "An all-in bet or raise short of a full one does not reopen the betting."
    return (
        "An all-in bet or raise short of a full one neither reopens the betting nor counts toward the limit on raises."
    )


def low_card_all_in_words(rule: str, complete: bool = True) -> str:
    """Who opens when the player who owes the bring-in is all in (for the ante); ``complete``:
    whether the bring-in may be completed.

    >>> low_card_all_in_words("no_bring_in")
    "If he is all in, nobody brings in: the player at the dealer's left opens and may check."
    >>> low_card_all_in_words("next_player", complete=False)
    'If he is all in, the next player with chips acts first: he brings in or folds.'
    """
    if rule == "no_bring_in":
        return "If he is all in, nobody brings in: the player at the dealer's left opens and may check."
    may = "brings in, completes or folds" if complete else "brings in or folds"
    return f"If he is all in, the next player with chips acts first: he {may}."


def low_card_all_in_value(rule: str) -> str:
    """The diff's short form of :func:`low_card_all_in_words`: what happens when the player
    who owes the bring-in is all in.

    >>> low_card_all_in_value("next_player")
    'the next player with chips brings in'
    >>> low_card_all_in_value("no_bring_in")
    "nobody brings in: the player at the dealer's left opens and may check"
    """
    if rule == "no_bring_in":
        return "nobody brings in: the player at the dealer's left opens and may check"
    return "the next player with chips brings in"


def completion_raise_words(complete: bool) -> str:
    """How a completion counts toward the cap where completing a posted bring-in is a
    raise; ``complete``: whether the bring-in player may complete himself (else his own
    completion is not spoken of).

    >>> completion_raise_words(complete=False)
    'Once the bring-in is posted, a player who completes it makes a raise toward the limit on raises.'
    """
    own = " (the bring-in player's own completion, instead of posting it, is the opening bet)" if complete else ""
    return f"Once the bring-in is posted, a player who completes it makes a raise toward the limit on raises{own}."


def odd_chip_words(odd_chip: str, suits: tuple[str, ...] = (), ace: str | None = None) -> str:
    """Who gets a chip a split pot cannot divide (``suits``: the odd chip's
    own suit order, lowest first, when it is not the deck's; ``ace``: how the
    deck's ranking counts the ace, where it is not high poker).

    >>> odd_chip_words("nearest_dealer")
    "the player nearest the dealer's left"
    >>> odd_chip_words("high_card_suit", ("s", "h", "d", "c"))
    'the tied hand whose own highest card is highest, by rank then suit (clubs > diamonds > hearts > spades for the odd chip); cards outside the hand do not count'
    """
    words = _ODD_CHIP_WORDS.get(odd_chip, odd_chip.replace("_", " "))
    if odd_chip == "high_card_suit":
        if ace:
            words = words.replace("is highest,", f"is highest (aces {ace}),")
        if suits:
            order = " > ".join(SUIT_NAMES[s] for s in reversed(suits))
            words = words.replace("then suit", f"then suit ({order} for the odd chip)")
        words += "; cards outside the hand do not count"
    return words


def payout_words(payout: Payout) -> str:
    """``paid at even money`` / ``returned`` / ``lost``."""
    if payout.result == "win":
        return "paid at even money" if payout.odds == 1 else f"paid {payout.odds} to 1"
    if payout.result == "push":
        return "returned"
    if payout.result == "lose":
        return "lost"
    return payout.result


def faces_words(faces: Sequence[str]) -> str:
    """``the first face down, the second face up`` / ``all face down``."""
    if not faces:
        return "no cards"
    if len(set(faces)) == 1:
        return face_words(faces[0]) if len(faces) == 1 else f"all {face_words(faces[0])}"
    if len(faces) == 2:
        return ", ".join(f"the {ordinal(i + 1)} {face_words(f)}" for i, f in enumerate(faces))
    runs: list[list] = []
    for f in faces:
        if runs and runs[-1][0] == f:
            runs[-1][1] += 1
        else:
            runs.append([f, 1])
    return ", then ".join(f"{n} {face_words(f)}" for f, n in runs)


def face_words(face: str) -> str:
    """How one card is dealt, in words.

    >>> face_words("up"), face_words("down_if_all_up")
    ('face up', 'face down if all his cards are face up by then, else face up')
    """
    if face == "down_if_all_up":
        return "face down if all his cards are face up by then, else face up"
    return f"face {face}"


def cards_held(variant: Variant, upto: Step) -> tuple[int, int]:
    """(down, up) cards each player holds when step ``upto`` starts (a deal played only
    when a condition holds is left out: :func:`held_caveats` says it)."""
    down = up = 0
    for step in variant.steps:
        if step is upto:
            break
        if isinstance(step, DealStep) and step.when is not None:
            continue
        if isinstance(step, DealStep):
            down += step.players.count("down")
            up += step.players.count("up")
            for face in step.players:
                if face == "down_if_all_up":  # (optional exposures counted as refused)
                    down, up = (down + 1, up) if down <= 0 else (down, up + 1)
        elif isinstance(step, ExposeStep):
            down, up = down - step.least, up + step.least
        elif isinstance(step, DrawStep) and not step.replace and step.discard_min == step.discard_max:
            down -= step.discard_max
    return down, up


def held_caveats(variant: Variant, upto: Step) -> list[str]:
    """Where one player's cards may be faced otherwise than :func:`cards_held`
    counts them when step ``upto`` starts, in sentences.

    >>> from studrules.spec.examples import example_variant
    >>> v = example_variant("one-round")
    >>> held_caveats(v, v.steps[-1])
    []
    """
    out = []
    for step in variant.steps:
        if step is upto:
            break
        if isinstance(step, DealStep) and step.when is not None and step.players:
            down, up = step.players.count("down"), len(step.players) - step.players.count("down")
            more = cards_text(down, up).replace(" card", " more card", 1)
            out.append(f"When {condition_words(step.when)}, each player holds {more}: the deal played only then.")
        elif isinstance(step, BettingStep) and step.first_to_act.expose:
            out.append("The player who turned a card face up to act first has one more card up and one fewer down.")
        elif isinstance(step, DrawStep) and step.source == "any" and step.face != "same":
            gave, more, fewer = (
                ("an up card", "down", "up") if step.face == "down" else ("a face-down card", "up", "down")
            )
            out.append(f"A player who gave up {gave} for a new one has one more card {more} and one fewer {fewer}.")
    for bought in (False, True):  # a card for a price is his only if he buys it
        extra = [r.rank for r in variant.when_dealt_up if r.deal != "none" and (r.price is not None) == bought]
        if extra:
            ranks = " or ".join(rank_name(r) for r in sorted(set(extra)))
            which = f"{ranks} dealt to him face up" + (" that he buys a card for" if bought else "")
            out.append(f"A player holds one more card for each {which} (see Extra cards).")
    return list(dict.fromkeys(out))


def blinds_time(variant: Variant, blinds: Step) -> str:
    """``Before the deal``, or ``After the first deal`` for blinds posted once
    the first cards are out (a bring-in posted blind when no card is up)."""
    steps = list(variant.steps)
    deals = [i for i, s in enumerate(steps) if isinstance(s, DealStep) and s.players]
    return "Before the deal" if not deals or steps.index(blinds) < deals[0] else "After the first deal"


def cards_text(down: int, up: int) -> str:
    """``3 cards (1 down, 2 up)``.

    >>> cards_text(1, 0)
    '1 card (1 down, 0 up)'
    """
    return f"{down + up} card{'s' if down + up != 1 else ''} ({down} down, {up} up)"


def actions_words(actions: Sequence[str]) -> str:
    """``bets and raises``: the actions a rule allows."""
    return " and ".join(f"{a}s" for a in actions)  # the schema asks for at least one


def house_tie_words(tie: str) -> str:
    """What a hand equal to the house's gets, in words.

    >>> house_tie_words("push")
    'the ante and the raise are returned'
    """
    return {"push": "the ante and the raise are returned", "lose": "the hand loses", "win": "the hand wins"}.get(
        tie, tie
    )


# --- the words behind them ----------------------------------------------------

_RANK_WORDS = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
_FIRST_WORDS = {
    "bring_in": "the bring-in, then clockwise",
    "best_visible": "the best visible hand",
    "worst_visible": "the worst visible hand",
    "lowest_card": "the player holding the lowest card (hidden cards included)",
    "lowest_up_card": "the lowest up card",
    "highest_up_card": "the highest up card",
    "dealer_left": "the player at the dealer's left",
    "after_blinds": "the player after the last blind",
}
_ODD_CHIP_WORDS = {
    "nearest_dealer": "the player nearest the dealer's left",
    "high_card_suit": "the tied hand whose own highest card is highest, by rank then suit",
}


def blind_names(count: int) -> list[str]:
    """What players call each of ``count`` blinds, in seat order.

    >>> blind_names(2), blind_names(3)
    (['the small blind', 'the big blind'], ['the first blind', 'the second blind', 'the third blind'])
    """
    if count == 1:
        return ["the blind"]
    if count == 2:
        return ["the small blind", "the big blind"]
    return [f"the {ordinal(i)} blind" for i in range(1, count + 1)]


def blind_seat_words(seat: int) -> str:
    """Who posts the blind of ``seat`` (0: the dealer's left).

    >>> blind_seat_words(0), blind_seat_words(1), blind_seat_words(2)
    ("the player at the dealer's left", 'the next player', "the third player from the dealer's left")
    """
    if seat == 0:
        return "the player at the dealer's left"
    return "the next player" if seat == 1 else f"the {ordinal(seat + 1)} player from the dealer's left"


def _and_list(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def parts_words(rankings: Sequence[str], qualified: Collection[str] | None = None) -> str:
    """Who takes each part of a split pot: ``the best high hand and the best
    qualifying eight-or-better low hand``; the same ranking twice is told
    apart by order (its hands are made of different cards). ``qualified``:
    the rankings a hand must qualify for (None: every one but high).

    >>> parts_words(["high", "high"])
    'the best first high hand and the best second high hand'
    >>> parts_words(["high", "ace_to_five_low"], qualified=())
    'the best high hand and the best ace-to-five low hand'
    """
    if len(set(rankings)) == len(rankings):
        return " and ".join(part_words(r, qualified) for r in rankings)
    return " and ".join(f"the best {ordinal(k + 1)} {part_words(r, qualified)[9:]}" for k, r in enumerate(rankings))


def part_words(ranking: str, qualified: Collection[str] | None = None) -> str:
    """Who takes a ranking's part of a pot: ``the best high hand``, ``the
    highest spade in the hole`` (a one-card part: the player holding it)."""
    if ranking == "high":
        return "the best high hand"
    part = get_ranking(ranking)
    if isinstance(part, HoleCardOfSuit):
        which = "lowest" if part.lowest else "highest"
        return f"the player with the {which} {SUIT_NAMES[part.suit][:-1]} in the hole"
    qualifying = "qualifying " if qualified is None or ranking in qualified else ""
    return f"the best {qualifying}{ranking_name(ranking)} hand"


def qualifier_values(step: ShowdownStep, deck: DeckSpec) -> list[str]:
    """The diff's short form of :func:`qualifier_sentences`, in the same words: each
    ranking's qualifier, then each class of hands that beats the rest.

    >>> eight = ShowdownStep("showdown", rankings=("high", "ace_to_five_low"), or_better=(("ace_to_five_low", 8),))
    >>> qualifier_values(eight, DeckSpec())
    ['ace-to-five low: eight or better']
    """
    out = []
    for name in step.rankings:
        or_better, at_least = step.qualifier(name)
        if or_better is not None or at_least is not None:
            qualified = ranking_for(deck, name, or_better=or_better, at_least=at_least)
            out.append(f"{ranking_name(name)}: {getattr(qualified, 'words', '')}")
    for name, ranks in step.holding_first:
        words = getattr(ranking_for(deck, name, holding=ranks), "words", ranks)
        out.append(f"{ranking_name(name)}: a hand holding {words} beats any without")
    return out


def qualifier_sentences(step: ShowdownStep, deck: DeckSpec) -> list[str]:
    """The qualifiers and classes of hands of a showdown's rankings, in
    sentences.

    >>> eight = ShowdownStep("showdown", rankings=("high", "ace_to_five_low"), or_better=(("ace_to_five_low", 8),))
    >>> qualifier_sentences(eight, DeckSpec())
    ['An ace-to-five low hand qualifies only with eight or better.']
    >>> faces = ShowdownStep("showdown", rankings=("ace_to_five_low",), holding_first=(("ace_to_five_low", "JQK"),))
    >>> qualifier_sentences(faces, DeckSpec())[0][:76]
    'An ace-to-five low hand holding a jack, queen or king among all its cards be'
    """
    out = []
    for name in step.rankings:
        or_better, at_least = step.qualifier(name)
        article = "An" if ranking_name(name)[0] in "aeiou" else "A"
        if or_better is not None or at_least is not None:
            qualified = ranking_for(deck, name, or_better=or_better, at_least=at_least)
            out.append(f"{article} {ranking_name(name)} hand qualifies only with {getattr(qualified, 'words', '')}.")
        ranks = step.holding(name)
        if ranks is not None:
            words = getattr(ranking_for(deck, name, holding=ranks), "words", ranks)
            out.append(
                f"{article} {ranking_name(name)} hand holding {words} among all its cards beats every hand "
                "holding none, whatever the rest; between hands of the same class the ranking decides."
            )
    return out
