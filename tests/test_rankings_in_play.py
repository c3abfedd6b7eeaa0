"""Every ranking a file may choose plays whole hands: for acting order and the
bring-in (the deck's ranking) and at the showdown, with random legal play,
every chip and card accounted for."""

from __future__ import annotations

import random

import pytest

from studrules.cards.rankings import RANKING_NAMES, get_ranking
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant_text

SHORT_DECK = {"short_deck_high": "6789TJQKA"}


def variant(name: str):
    ranks = SHORT_DECK.get(name)
    deck = f"deck: {{ranking: {name}" + (f", ranks: {ranks}}}\nseats: {{min: 2, max: 5}}" if ranks else "}")
    bring_in = "highest_up_card" if get_ranking(name).aims_low else "lowest_up_card"
    showdown = f"[{name}]"
    if getattr(get_ranking(name), "hole_cards_only", False):  # a part of the pot beside the high hand
        deck, bring_in, showdown = "deck: {ranking: high}", "lowest_up_card", f"[high, {name}]"
    return load_variant_text(
        f"extends: seven-card-stud\nname: ranked-{name.replace('_', '-')}\n{deck}\nsteps:\n"
        f"  - betting: {{id: round-1, bring_in: {{who: {bring_in}}}}}\n"
        f"  - showdown: {{id: showdown, rankings: {showdown}}}\n"
    )


@pytest.mark.parametrize("name", RANKING_NAMES)
def test_every_ranking_plays_hands_to_the_end_with_every_chip_accounted_for(name):
    v = variant(name)
    rng = random.Random(name)
    for seed in range(12):
        players = [f"P{i}" for i in range(rng.randint(2, v.seats.max))]
        stacks = [rng.randint(5, 120) for _ in players]
        hand = Hand(v, players, stacks, seed=seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            choice = rng.choice(legal)
            if choice.to is not None:
                total = rng.choice(choice.to)
            elif choice.min is not None and choice.max is not None:
                total = rng.randint(choice.min, choice.max)
            else:
                total = None
            hand.apply(f"{hand.to_act} {choice.action}" + (f" {total}" if total is not None else ""))
        result = hand.result()
        assert sum(result.stacks.values()) == sum(stacks)
        dealt = [e.card for e in hand.events if e.card is not None and e.type in ("deal", "burn", "community")]
        assert len(dealt) == len(set(dealt))
