"""analyze's outcome lines are the whole of the player's return, for every game against the
house shipped: the game's outcomes cover every situation once (their chances add up to 1, the
ante bonus lines apart: paid beside an outcome), each required bet's lines too, and all the
lines' contributions add up to minus the house edge; each side bet's lines likewise, to its own
edge per unit staked. A line left out, or a situation counted
under two lines, breaks it (a required bet's lost stakes had no line; two ante bonus lines of
the same odds were each given both lines' chance). Soak: every game counted, some 90 s."""

from __future__ import annotations

from pathlib import Path

import pytest

from studrules.analysis.exact import analyze
from studrules.game.settlement import required_bets
from studrules.spec.loader import load_variant
from studrules.spec.strategies import load_strategy, shipped_strategies
from studrules.spec.strategy_fit import fitting_strategy

VARIANTS = Path(__file__).resolve().parent.parent / "variants"
BANKED = [p.stem for p in sorted(VARIANTS.glob("*.yaml")) if load_variant(p).is_banked]


@pytest.mark.soak
@pytest.mark.parametrize("name", BANKED)
def test_the_outcome_lines_add_up_to_the_house_edge(name):
    variant = load_variant(name)
    found = analyze(variant, fitting_strategy(variant, shipped_strategies(), load_strategy))
    required = required_bets(variant)
    groups = {bet: [k for k in found.lines if k.startswith(f"{bet}: ")] for bet in required}
    groups[""] = [k for k in found.lines if not k.startswith(("ante bonus: ", *(f"{b}: " for b in required)))]
    for bet, names in groups.items():
        assert sum(found.lines[k][0] for k in names) == pytest.approx(1, abs=1e-9), bet or "the game"
    assert sum(c for _, c in found.lines.values()) == pytest.approx(-found.house_edge, abs=1e-9)
    for bet, counted in found.side_bets.items():  # each side bet's lines, per unit staked, to its own edge
        lines = counted["lines"]
        assert sum(line["probability"] for line in lines.values()) == pytest.approx(1, abs=1e-9), bet
        assert sum(line["contribution"] for line in lines.values()) == pytest.approx(-counted["house_edge"], abs=1e-9)
