"""Semantic checks of a variant (issue 3, "Schema and errors").

"After the schema, semantic checks that the schema cannot express: names used
in expressions exist, the bring-in only on a round that has up cards, the cards
dealt fit the deck for the maximum number of seats unless a fallback is
declared, a betting round's first-to-act rule can be evaluated with what is
showing, and so on."
"""

from __future__ import annotations

from pathlib import Path

import pytest

from studrules.errors import SpecError, SpecErrors
from studrules.spec.checks import check_variant, option_errors
from studrules.spec.loader import load_variant, shipped_variants

BAD = Path(__file__).parent / "bad_variants"


def errors_of(source) -> list[SpecError]:
    try:
        load_variant(source)
    except SpecErrors as err:
        return err.errors
    except SpecError as err:
        return [err]
    raise AssertionError(f"{source} loaded without an error")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "v.yaml"
    path.write_text(text, encoding="utf-8")
    return path


MINI = """\
name: mini
seats: {{min: 2, max: {seats}}}
stakes: {{ante: 1, low_limit: 2, bring_in: 1}}
steps:
{steps}
  - showdown: {{id: showdown}}
"""


@pytest.mark.parametrize("path", shipped_variants(), ids=lambda p: p.stem)
def test_every_shipped_variant_passes_the_checks(path):
    variant = load_variant(path)
    assert check_variant(variant, {}) == []


def test_a_bring_in_needs_an_up_card_dealt_before_its_round():
    (e,) = errors_of(BAD / "bring-in-before-up-cards.yaml")
    assert (e.location.line, e.location.column) == (8, 17)
    assert e.message.startswith("a bring-in is posted by the lowest or highest up card, but no up card has been dealt")


def test_best_visible_needs_up_cards_showing():
    (e,) = errors_of(BAD / "best-visible-without-up-cards.yaml")
    assert (e.location.line, e.location.column) == (5, 58)
    assert e.message.startswith(
        "first_to_act 'best_visible' reads the up cards, but none has been dealt before this round"
    )


def test_bring_in_as_first_to_act_needs_a_bring_in():
    (e,) = errors_of(BAD / "bring-in-first-without-bring-in.yaml")
    assert (e.location.line, e.location.column) == (5, 58)
    assert (
        e.message == "first_to_act is 'bring_in' but this round has no bring_in: add a bring_in or choose another rule"
    )


def test_a_round_the_blinds_open_has_no_bring_in_as_well(tmp_path):
    # five-card stud's round-1 opens with the low card's bring-in; blinds laid before its
    # deal would open it too, and the big blind, were his the low card, would owe both:
    # the file is refused at its blinds step (line 4, column 13: the step's mapping after "  - blinds: ")
    text = "extends: five-card-stud\nname: both\nsteps:\n  - blinds: {id: blinds, amounts: [1, 2], after: ante}\n"
    (e,) = errors_of(write(tmp_path, text))
    assert (e.location.line, e.location.column) == (4, 13)
    assert e.message.startswith("the blinds open the betting of round 'round-1', which has a bring-in as well")
    # the same with the round's bring-in taken out (and its first player after the blinds) loads
    load_variant(
        write(
            tmp_path,
            text + "  - betting: {id: round-1, bring_in: null, first_to_act: after_blinds}\n",
        )
    )


def test_the_cards_dealt_to_the_most_seats_must_fit_the_deck():
    # 8 players: 3 + 3 cards each is 48, the last card makes 56 > 52; 7 players need 49.
    (e,) = errors_of(BAD / "too-many-cards.yaml")
    assert (e.location.line, e.location.column) == (7, 11)
    assert e.message.startswith("with 8 players the deal needs 56 cards by this step, more than the 52 of the deck")
    assert "add 'fallback: community'" in e.message and "(at most 7 fit)" in e.message


def test_a_community_fallback_lets_the_last_card_be_shared(tmp_path):
    """The Russian casino page: "Может оказаться недостаточно карт, чтобы сдать каждому
    игроку его последнюю, седьмую, закрытую карту. ... открывается общая карта"."""
    steps = (
        "  - deal: {id: first, players: [down, down, up]}\n"
        "  - deal: {id: second, players: [up, up, up]}\n"
        "  - deal: {id: last, players: [down], fallback: community}\n"
        "  - betting: {id: round-1, bet: low_limit}"
    )
    assert load_variant(write(tmp_path, MINI.format(seats=8, steps=steps))).seats.max == 8


def test_even_the_fallback_must_fit(tmp_path):
    # 9 players x 6 cards = 54 > 52 before the fallback deal: at most 8 fit.
    steps = (
        "  - deal: {id: first, players: [down, down, up]}\n"
        "  - deal: {id: second, players: [up, up, up]}\n"
        "  - deal: {id: last, players: [down], fallback: community}\n"
        "  - betting: {id: round-1, bet: low_limit}"
    )
    (e,) = errors_of(write(tmp_path, MINI.format(seats=9, steps=steps)))
    assert (e.location.line, e.location.column) == (6, 11)
    assert e.message.startswith("with 9 players the deal needs 54 cards")
    assert "(at most 8 fit)" in e.message


EXTRA_FOUR = MINI.replace("steps:\n", 'when_dealt_up: [{{rank: "4", deal: {deal}}}]\nsteps:\n')
SEVEN_CARDS = (
    "  - deal: {{id: first, players: [down, down, up]}}\n"
    "  - deal: {{id: second, players: [up, up, up]}}\n"
    "  - deal: {{id: last, players: [down]{fallback}}}\n"
    "  - betting: {{id: round-1, bet: low_limit}}"
)


def test_the_extra_cards_a_card_dealt_up_earns_count_in_the_deck(tmp_path):
    """Seven cards to 7 players are 49; a four dealt face up earns an extra card, and
    the deck's four fours can all fall face up (each player has four up cards), so the
    deal may need 49 + 4 = 53 > 52: the last deal is short at a full table. It was not
    counted, and the hand was void at the last card."""
    text = EXTRA_FOUR.format(seats=7, deal="down", steps=SEVEN_CARDS.format(fallback=""))
    (e,) = errors_of(write(tmp_path, text))
    assert (e.location.line, e.location.column) == (8, 11)  # the last deal
    assert e.message.startswith("with 7 players the deal needs 53 cards by this step, more than the 52 of the deck")
    assert "(at most 6 fit)" in e.message  # 6 x 7 + 4 = 46
    # a shared last card where the deck is short, or an extra card that is no card, fit
    fallback = SEVEN_CARDS.format(fallback=", fallback: community")
    assert load_variant(write(tmp_path, EXTRA_FOUR.format(seats=7, deal="down", steps=fallback))).seats.max == 7
    none = SEVEN_CARDS.format(fallback="")
    assert (
        load_variant(write(tmp_path, EXTRA_FOUR.format(seats=7, deal="none, price: low_limit", steps=none))).seats.max
        == 7
    )


def test_a_rank_takes_one_rule_when_dealt_up(tmp_path):
    # two rules for the four: the engine reads one a rank, so the other would never apply
    text = EXTRA_FOUR.format(seats=6, deal='down}, {rank: "4", deal: up', steps=SEVEN_CARDS.format(fallback=""))
    (e,) = errors_of(write(tmp_path, text))
    assert e.message == "rank '4' has a rule already (when_dealt_up[0]): a rank takes one rule (only one would apply)"
    assert e.location.path == ("when_dealt_up", 1, "rank")


def test_a_banked_variant_has_no_betting_round():
    (e,) = errors_of(BAD / "banked-with-betting.yaml")
    assert (e.location.line, e.location.column) == (8, 14)
    assert e.message.startswith("a banked variant has no 'betting' step")


def test_a_pot_variant_needs_a_showdown():
    (e,) = errors_of(BAD / "pot-without-showdown.yaml")
    assert (e.location.line, e.location.column) == (4, 3)
    assert e.message == "a pot variant needs a 'showdown' step to say who wins the pot"


def test_a_pot_variant_has_no_decision_against_the_house(tmp_path):
    steps = "  - deal: {id: deal, players: [down, up, up, up, up]}\n  - decision: {id: decide, raise: 2 * ante}"
    (e,) = errors_of(write(tmp_path, MINI.format(seats=6, steps=steps)))
    assert (e.location.line, e.location.column) == (6, 15)
    assert e.message == "a 'decision' step plays against the house: only a variant of kind 'banked' has one"


def test_step_ids_are_unique():
    (e,) = errors_of(BAD / "duplicate-step-id.yaml")
    assert (e.location.line, e.location.column) == (7, 19)
    assert e.message == "the step id 'round' is already used by step 2: ids must be unique"


def test_seats_min_is_not_above_max():
    (e,) = errors_of(BAD / "seats-min-above-max.yaml")
    assert (e.location.line, e.location.column) == (2, 14)
    assert e.message == "seats.min (6) is more than seats.max (4)"


def test_a_banked_table_whose_boxes_the_deck_cannot_deal_says_to_lower_its_positions(tmp_path):
    # caribbean-stud-it: seats 1 to 7 on a table of [5, 7] positions, five cards to each box
    # and the house. A 32-card deck: 7 boxes and the house need 8 * 5 = 40 cards; 5 boxes
    # need 30 and fit. seats.max is 5 already: the positions are what to lower
    text = 'extends: caribbean-stud-it\nname: short\ndeck: {ranks: "789TJQKA"}\nseats: {min: 1, max: 5}\n'
    (e,) = errors_of(write(tmp_path, text))
    assert e.message.startswith("with 7 positions the deal needs 40 cards by step 'deal'")
    assert e.message.endswith(
        "more than the 32 of the deck: lower seats.positions or add 'fallback: community' to a deal (at most 5 fit)"
    )


def test_a_pass_after_a_draw_dealt_face_up_counts_the_hole_cards_the_draw_may_turn_up(tmp_path):
    # five-card stud: one down card and two up by round 2. A draw of one face-down card for a
    # new one dealt face up may leave a player no card down, and a pass of one face-down card
    # then gave him nothing to pass: he passed none, received one, and the hand stopped at
    # the showdown on a player with four cards. Without the draw the pass loads.
    base = "extends: five-card-stud\nname: twist\nseats: {max: 6}\nsteps:\n"
    draw = "  - draw: {id: draw, discard: {max: 1}, face: up, after: round-2}\n"
    trash = "  - pass: {id: trash, count: 1, to: left, before: fourth-street}\n"
    (e,) = errors_of(write(tmp_path, base + draw + trash))
    assert e.message == "each player passes 1 face-down card, but may hold only 0 face down by now"
    load_variant(write(tmp_path, base + trash))


def test_a_pot_game_needs_two_players(tmp_path):
    # seats.min 1 let 'play --players 1' deal a one-player pot game that printed nothing;
    # a game against the house may seat one position (caribbean-stud-it loads with its own)
    text = "extends: five-card-stud\nname: alone\nseats: {min: 1, max: 3}\n"
    (e,) = errors_of(write(tmp_path, text))
    assert (e.location.line, e.location.column) == (3, 14)
    assert e.message == "seats.min is 1, but a pot game is played by players against each other: at least 2"
    assert load_variant("caribbean-stud-it").seats.min == 1


def test_a_stake_that_works_out_negative_is_reported_once_at_the_stake():
    (e,) = errors_of(BAD / "negative-stake.yaml")
    assert (e.location.line, e.location.column) == (4, 9)
    assert e.message == "the stake 'ante' works out to -3; stakes are amounts of chips, 0 or more"


def test_a_bring_in_above_the_bet_could_not_be_completed():
    (e,) = errors_of(BAD / "bring-in-above-bet.yaml")
    assert (e.location.line, e.location.column) == (8, 47)
    assert e.message == "the bring-in (5) is more than the bet (2) of its round: it could not be completed"


@pytest.mark.parametrize("stakes", [{"ante": 0}, {"low_limit": 1}])
def test_a_bring_in_that_works_out_to_nothing_is_refused(stakes):
    # the French file's bring-in is its ante, half the low limit: an ante of 0, or a low limit of 1
    # (half a chip, played as 0), bring in for 0, which nobody can call: the others could only bet
    # or fold. A bring-in is a forced bet of at least a chip
    with pytest.raises(SpecErrors) as caught:
        load_variant("five-card-stud-fr", stakes=stakes)
    (e,) = caught.value.errors
    assert e.message.endswith(
        "the bring-in works out to 0: a bring-in is at least 1 chip (a round without one leaves bring_in out)"
    )
    assert e.location.file.endswith("five-card-stud-fr.yaml")
    assert load_variant("five-card-stud-fr", stakes={"low_limit": 2}).stake_values()["ante"] == 1  # (1 chip: played)


def test_an_option_default_names_one_of_its_choices():
    (e,) = errors_of(BAD / "option-default-missing.yaml")
    assert (e.location.line, e.location.column) == (6, 14)
    assert (
        e.message == "option 'cap' has no choice 'tree' for its default: did you mean 'three'? choose one of one, three"
    )


def test_a_choice_s_misspelt_stake_is_said_as_in_a_file_that_extends(tmp_path):
    # an audit's finding: a choice's changes laid low_limt and hihg_limit beside the game's
    # stakes, which nothing read: validate said nothing and the limits stayed 10 and 20
    path = tmp_path / "t.yaml"
    path.write_text(
        "extends: seven-card-stud\nname: t\noptions:\n  limits:\n    choices:\n      small: {}\n"
        "      big:\n        changes:\n          stakes: {low_limt: 20, high_limit: 40}\n"
    )
    assert load_variant(path).stake_values()["low_limit"] == 10  # (the default choice: no change)
    with pytest.raises(SpecErrors) as caught:
        load_variant(path, options={"limits": "big"})
    (e,) = caught.value.errors
    assert (e.location.line, e.location.column) == (9, 20)
    assert e.message.startswith(
        "with option limits=big: t has no stake 'low_limt' and no amount of the game names it: did you mean 'low_limit'?"
    )


def test_a_choice_cannot_change_the_options_or_what_the_file_extends(tmp_path):
    # a choice's options or extends were laid over the file and did nothing
    path = tmp_path / "t.yaml"
    path.write_text(
        "extends: seven-card-stud\nname: t\noptions:\n  speed:\n    choices:\n      slow: {}\n"
        "      nested:\n        changes:\n          extends: razz\n          options: {}\n"
    )
    found = [(e.location.line, e.location.column, e.message) for e in errors_of(path)]
    assert found == [
        (9, 11, "choice 'nested' of option 'speed' changes 'extends', which a choice cannot: "
         "the file a variant extends is read before any choice is made"),
        (10, 11, "choice 'nested' of option 'speed' changes 'options', which a choice cannot: "
         "options are chosen together, not one within another"),
    ]  # fmt: skip


def test_option_errors_ignore_a_block_the_schema_rejects():
    assert option_errors({"options": {"o": "not a mapping"}}, "v.yaml") == []


def test_a_showdown_needs_five_cards_per_player(tmp_path):
    steps = "  - deal: {id: deal, players: [down, up, up]}\n  - betting: {id: round-1, bet: low_limit}"
    (e,) = errors_of(write(tmp_path, MINI.format(seats=6, steps=steps)))
    assert (e.location.line, e.location.column) == (7, 15)
    assert e.message == "a showdown compares five-card hands, but each player has only 3 cards by now"


def test_merge_words_in_a_file_without_extends_are_reported(tmp_path):
    steps = (
        "  - deal: {id: deal, players: [down, up, up, up, up], after: ante}\n  - betting: {id: round-1, bet: low_limit}"
    )
    (e,) = errors_of(write(tmp_path, MINI.format(seats=6, steps=steps)))
    assert (e.location.line, e.location.column) == (5, 55)
    assert e.message.startswith("'after' changes another variant's steps")


def test_community_boards_go_only_with_a_rule_that_judges_boards(tmp_path):
    # `community: true` counts the shared cards in each board; a rule that picks a
    # card (the lowest card) or a seat has no board to count them in.
    steps = """\
  - ante: {id: ante, amount: ante}
  - deal: {id: d1, players: [down, up, up, up], community: [up]}
  - betting: {id: r1, bet: low_limit, first_to_act: {rule: lowest_card, community: true}}"""
    (e,) = errors_of(write(tmp_path, MINI.format(seats=4, steps=steps)))
    assert (e.location.line, e.location.column) == (7, 84)  # at the value
    assert e.message == (
        "first_to_act 'community' judges boards: it goes with best_visible or worst_visible, not 'lowest_card'"
    )
    ok = steps.replace("lowest_card", "best_visible")
    load_variant(write(tmp_path, MINI.format(seats=4, steps=ok)))
