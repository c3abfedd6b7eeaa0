"""Properties over generated variants, not only the shipped ones (issue 15).

Hypothesis writes stud variants -- three to eight cards each, dealt up or
down, a betting round after each deal, a bring-in or not, a community
fallback when the deck is short at the largest table, a high, low or split
showdown -- and plays them up to the seat limit with stacks of 1 to 6
chips, sometimes with given cards that force every hand to tie. Every
generated file loads; every hand conserves chips, ends, and replays from its
history line exactly.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st
from test_invariants import random_action

from studrules.game.hand import Hand
from studrules.records.history import replay_hands, write_history
from studrules.spec.loader import load_variant

RANKINGS = (["high"], ["ace_to_five_low"], ["high", "eight_or_better_low"])


@st.composite
def variants(draw) -> tuple[str, int, int]:
    """A variant's YAML text, its seat limit and the cards each player gets.

    Rankings: high, ace-to-five low, or high with an eight-or-better low."""
    first = draw(st.lists(st.sampled_from(["down", "up"]), min_size=2, max_size=3).filter(lambda f: "up" in f))
    later = draw(st.lists(st.sampled_from(["down", "up"]), min_size=1, max_size=5))
    cards = len(first) + len(later)
    seats = draw(st.integers(2, 10))
    ante = draw(st.integers(0, 2))
    bet = draw(st.integers(1, 4))
    rankings = draw(st.sampled_from(RANKINGS))
    if cards < 5:
        rankings = ["high"]
        later += ["down"] * (5 - cards)
        cards = 5
    bring_in = draw(st.booleans()) and first[-1] == "up"
    while _fallbacks(len(first), len(later), seats) is None:
        seats -= 1  # the largest table the deck can serve
    lines = [
        "name: generated",
        "kind: pot",
        f"seats: {{min: 2, max: {seats}}}",
        f"stakes: {{ante: {ante}, bet: {bet}}}",
        "steps:",
        "  - ante: {amount: ante}",
        f"  - deal: {{players: [{', '.join(first)}]}}",
    ]
    if bring_in:
        lines.append(
            "  - betting: {bet: bet, bring_in: {who: lowest_up_card, tie_break: suit, amount: 1, complete: true},"
            " first_to_act: bring_in}"
        )
    else:
        lines.append("  - betting: {bet: bet}")
    for face, fallback in zip(later, _fallbacks(len(first), len(later), seats)):
        lines.append(f"  - deal: {{players: [{face}]{', fallback: community' if fallback else ''}}}")
        lines.append("  - betting: {bet: bet}")
    lines.append(f"  - showdown: {{rankings: [{', '.join(rankings)}]}}")
    return "\n".join(lines) + "\n", seats, cards


def _fallbacks(first: int, later: int, seats: int) -> list[bool] | None:
    """Which one-card deals after the first fall back to a community card at
    the largest table (the deck holds 52: a deal it cannot give everybody
    turns up one community card instead); None when even that runs short."""
    used = first * seats
    out = []
    for _ in range(later):
        short = used + seats > 52
        used += 1 if short else seats
        out.append(short)
    return None if used > 52 else out


def tied_cards(players: list[str], cards: int) -> dict[str, list[str]]:
    """The same ranks for everybody, suits turned so nobody has a flush: every hand ties.

    Ranks A K Q J 9 7 5 3 hold no straight; player i's j-th card is of suit
    (i + j) mod 4, so no suit appears more than twice in eight cards."""
    ranks = "AKQJ9753"[:cards]
    suits = "cdhs"
    return {p: [ranks[j] + suits[(i + j) % 4] for j in range(cards)] for i, p in enumerate(players)}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variants(), st.integers(0, 2**20), st.booleans())
def test_generated_variants_load_play_conserve_chips_and_replay(generated, seed, force_tie):
    text, seats, cards = generated
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "generated.yaml"
        path.write_text(text, encoding="utf-8")
        variant = load_variant(path)
        count = seats if rng.random() < 0.5 else rng.randint(2, seats)
        players = [f"P{k}" for k in range(count)]
        stacks = [rng.randint(1, 6) for _ in players]
        tie = force_tie and count <= 4  # four suits: at most four players hold the same ranks
        hand = Hand(variant, players, stacks, seed=seed, cards=tied_cards(players, cards) if tie else None)
        steps = 0
        while not hand.is_over:
            hand.apply(random_action(hand, rng))
            steps += 1
            assert steps < 500, "the hand does not end"
        result = hand.result()
        assert sum(result.stacks.values()) == sum(stacks)
        assert all(s >= 0 for s in result.stacks.values())
        assert sum(sum(p["winners"].values()) for p in result.pots) == sum(p["amount"] for p in result.pots)
        if tie:
            # every hand is equal, so each pot is shared by all who showed and may win it: shares
            # differ only by the odd chips, at most one per ranking the pot is split by
            shown = {e.player for e in hand.events if e.type == "show"}
            for pot in result.pots:
                shares = [pot["winners"].get(p, 0) for p in pot["eligible"] if p in shown]
                if not pot.get("uncalled") and len(shares) > 1:
                    assert max(shares) - min(shares) <= len(variant.steps[-1].rankings)
        history = Path(folder) / "h.jsonl"
        write_history(history, [hand])
        (again,) = replay_hands(history)
        assert again.events == hand.events
