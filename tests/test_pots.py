"""Side pots and their division (studrules.game.pots), worked by hand."""

from __future__ import annotations

import pytest

from studrules.game.pots import Pot, divide, side_pots, split_pot


def test_one_all_in_player_makes_a_side_pot() -> None:
    # Ann all in for 20; Bob and Cat 50 each: main 60 (all three), side 60 (Bob, Cat).
    pots = side_pots([20, 50, 50], [True, True, True])
    assert [(p.amount, p.eligible) for p in pots] == [(60, (0, 1, 2)), (60, (1, 2))]


def test_two_all_in_levels() -> None:
    # 10, 30, 60, 60: 40 (all), 60 (seats 1-3), 60 (seats 2-3).
    pots = side_pots([10, 30, 60, 60], [True] * 4)
    assert [(p.amount, p.eligible) for p in pots] == [(40, (0, 1, 2, 3)), (60, (1, 2, 3)), (60, (2, 3))]


def test_folded_chips_stay_in_the_pots_they_reach() -> None:
    # Dan folded after putting in 40: 10 of it in the main pot, 30 in the side pot.
    pots = side_pots([10, 60, 60, 40], [True, True, True, False])
    assert [(p.amount, p.eligible) for p in pots] == [(40, (0, 1, 2)), (130, (1, 2))]


def test_uncalled_excess_is_its_own_pot() -> None:
    pots = side_pots([30, 100], [True, True])
    assert pots[-1] == Pot(70, (1,), (1,)) and pots[-1].uncalled


def test_divide_gives_odd_chips_in_the_rules_order() -> None:
    assert divide(10, ["Ann", "Bob", "Cat"]) == {"Ann": 4, "Bob": 3, "Cat": 3}
    assert divide(10, ["Ann", "Bob", "Cat"], lambda w: ["Cat", "Ann", "Bob"]) == {"Ann": 3, "Bob": 3, "Cat": 4}
    with pytest.raises(ValueError):
        divide(10, [])


def test_split_pot_between_high_and_low() -> None:
    # 25: high half 13 (odd chip to the first ranking), low half 12.
    assert split_pot(25, [["Ann"], ["Bob"]]) == {"Ann": 13, "Bob": 12}
    # No qualifying low: the high hand takes it all.
    assert split_pot(25, [["Ann"], []]) == {"Ann": 25}
    # Scoop: one player wins both halves.
    assert split_pot(25, [["Ann"], ["Ann"]]) == {"Ann": 25}
    # Quartered: low tied between Bob and Cat: 12 -> 6 and 6.
    assert split_pot(25, [["Ann"], ["Bob", "Cat"]]) == {"Ann": 13, "Bob": 6, "Cat": 6}
