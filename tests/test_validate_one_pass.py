"""``studrules validate`` says every problem of a file in one run, each where
the user wrote it: a file that extends another is read in its own terms
(its steps by id, not by their place among the merged steps), and a problem
that shows in a part of the base the file does not touch is placed at the
field of the file that causes it (seats.max, the deck), or else at the file's
``extends:``, naming the base's step and line."""

from __future__ import annotations

from studrules.cli.main import main

# five-card-stud's steps: ante, second-street, round-1, third-street, round-2,
# fourth-street, round-3, fifth-street, round-4, showdown (variants/five-card-stud.yaml)
CHILD = """\
name: child
extends: five-card-stud
steps:
  - betting:
      id: round-9
      cap: 2
  - betting:
      id: round-3
      bet: high_limt * 2
      colour: red
"""


def _validate(tmp_path, text, capsys):
    path = tmp_path / "child.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    return capsys.readouterr().out.splitlines()


def test_a_schema_error_an_expression_error_and_a_merge_error_are_said_in_one_run(tmp_path, capsys):
    lines = _validate(tmp_path, CHILD, capsys)
    assert len(lines) == 3
    # line 5 col 11: the value of `id: round-9` (6 spaces, "id: " -> column 11); no step has that id
    assert lines[0].endswith(
        ":5:11: steps[round-9].betting.id: step 'round-9' matches no step of the variant it "
        "changes (did you mean 'round-4'?); to add a step, say where with 'before:' or 'after:' "
        "(steps: ante, second-street, round-1, third-street, round-2, fourth-street, round-3, "
        "fifth-street, round-4, showdown)"
    )
    # line 9 col 12: `high_limt * 2` after "      bet: "; an expression error
    assert lines[1].endswith(":9:12: steps[round-3].betting.bet: unknown name 'high_limt': did you mean 'high_limit'?")
    # line 10 col 7: the key `colour`, a field no betting step has; a schema error
    assert ":10:7: steps[round-3].betting.colour: unknown field 'colour' in a betting step" in lines[2]
    assert all(line.startswith(str(tmp_path / "child.yaml")) for line in lines)


def test_a_problem_in_the_base_that_the_file_causes_is_placed_at_the_cause(tmp_path, capsys):
    # 9 ranks (36 cards): 10 players of five-card stud need 10 x 3 = 30 cards by
    # third-street, and a deck of 9TJQKA (6 ranks, 24 cards) has 24
    (line,) = _validate(tmp_path, "name: short\nextends: five-card-stud\ndeck: {ranks: 9TJQKA}\n", capsys)
    # line 3 col 15: the value of `deck.ranks` ("deck: {ranks: " is 14 characters), the field
    # this file sets that makes the deck small
    assert line == (
        f"{tmp_path / 'child.yaml'}:3:15: deck.ranks: with 10 players the deal needs 30 cards by step "
        "'third-street' (five-card-stud.yaml:33), more than the 24 of the deck: lower seats.max or add "
        "'fallback: community' to a deal (at most 4 fit)"
    )


def test_too_many_seats_for_an_inherited_deal_is_placed_at_seats_max(tmp_path, capsys):
    # seven-card stud deals 3 + 1 + 1 + 1 cards to each player by sixth-street: 9 x 6 = 54
    # of the 52; 8 x 6 = 48 fit (the seventh card falls back to a community card)
    text = "name: bad\nextends: seven-card-stud\nseats: {min: 2, max: 9}\n"
    (line,) = _validate(tmp_path, text, capsys)
    # line 3 col 22: "seats: {min: 2, max: " is 21 characters, then `9`
    assert line.startswith(
        f"{tmp_path / 'child.yaml'}:3:22: seats.max: with 9 players the deal needs 54 cards by step "
        "'sixth-street' (seven-card-stud.yaml:50), more than the 52 of the deck: lower seats.max"
    )
    assert line.endswith("(at most 8 fit)")


def test_a_deal_the_file_adds_keeps_its_error_at_the_deal(tmp_path, capsys):
    # the file adds a deal of 5 more cards after third-street: 8 players x (3 + 5) = 64 > 52
    # (the step is the file's own: the error stands at it, line 5)
    text = (
        "name: heavy\nextends: seven-card-stud\nsteps:\n"
        "  - deal: {id: extra, players: [down, down, down, down, down], after: third-street}\n"
    )
    (line,) = _validate(tmp_path, text, capsys)
    assert line.startswith(f"{tmp_path / 'child.yaml'}:4:11: steps[extra].deal: with 8 players the deal needs 64")


def test_a_deal_the_file_enlarges_holds_the_error_of_a_later_inherited_deal(tmp_path, capsys):
    # second-street of five-card stud dealt as three down and one up: 10 players hold 4 cards
    # after it and 6 after fourth-street, 60 of the 52 (7 x 6 = 42 fit); fourth-street is the
    # base's, unchanged: the error stands at the players this file writes (line 4, col 40:
    # "  - deal: {id: second-street, players: " is 39 characters)
    text = (
        "name: more\nextends: five-card-stud\nsteps:\n  - deal: {id: second-street, players: [down, down, down, up]}\n"
    )
    (line,) = _validate(tmp_path, text, capsys)
    assert line == (
        f"{tmp_path / 'child.yaml'}:4:40: steps[second-street].deal.players: with 10 players the deal needs 60 "
        "cards by step 'fourth-street' (five-card-stud.yaml:40), more than the 52 of the deck: lower seats.max "
        "or add 'fallback: community' to a deal (at most 7 fit)"
    )


def test_a_deal_the_file_adds_holds_the_error_of_a_later_inherited_deal(tmp_path, capsys):
    # three more down cards after second-street: 10 players x (2 + 3) = 50 fit, and third-street's
    # card makes 60 of the 52; the error stands at the added deal's players (line 4, col 32)
    text = (
        "name: more\nextends: five-card-stud\nsteps:\n"
        "  - deal: {id: extra, players: [down, down, down], after: second-street}\n"
    )
    (line,) = _validate(tmp_path, text, capsys)
    assert line.startswith(
        f"{tmp_path / 'child.yaml'}:4:32: steps[extra].deal.players: with 10 players the deal needs 60 cards by "
        "step 'third-street' (five-card-stud.yaml:33)"
    )


def test_a_file_that_extends_nothing_counts_its_own_steps(tmp_path, capsys):
    text = """\
name: own
kind: pot
stakes: {ante: 1, bet: 2}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, up, up, up, up]}
  - betting: {bet: bett}
  - showdown: {rankings: [high]}
"""
    (line,) = _validate(tmp_path, text, capsys)
    # line 7 col 20: "  - betting: {bet: " is 19 characters, then `bett`
    assert line.endswith(":7:20: steps[2].betting.bet: unknown name 'bett': did you mean 'bet'?")


def test_a_stake_the_file_sets_that_breaks_a_base_step_is_placed_at_the_stake(tmp_path, capsys):
    # seven-card stud's round-1 brings in for `bring_in` and bets the low limit (10); this
    # file's bring-in of 30 could not be completed. The stake is the line to mend: line 4,
    # column 13 ("  bring_in: " is 12 characters), not the extends: line
    text = "name: dear\nextends: seven-card-stud\nstakes:\n  bring_in: 30\n"
    (line,) = _validate(tmp_path, text, capsys)
    assert line == (
        f"{tmp_path / 'child.yaml'}:4:13: stakes.bring_in: the bring-in (30) is more than the bet (10) "
        "of its round: it could not be completed (the stake 'bring_in', read by step 'round-1' at "
        "seven-card-stud.yaml:30)"
    )


def test_a_base_step_an_option_of_the_file_breaks_is_placed_at_the_option_change(tmp_path, capsys):
    # the choice takes round-1's bring-in away, and the base's round-1 still opens with the
    # bring-in: the problem is the choice's change (line 13, column 15: its `- betting:`
    # item's mapping), not the extends: line that the base's step used to be placed at
    text = """\
name: nobring
extends: seven-card-stud
options:
  nobring:
    description: no bring-in
    default: "off"
    choices:
      "off": {description: as usual}
      "on":
        description: no bring-in at all
        changes:
          steps:
            - betting: {id: round-1, bring_in: null}
"""
    (line,) = _validate(tmp_path, text, capsys)
    assert line.startswith(
        f"{tmp_path / 'child.yaml'}:13:15: steps[round-1].betting.first_to_act: with option nobring=on: "
        "first_to_act is 'bring_in' but this round has no bring_in"
    )
    assert line.endswith("; step 'round-1' is seven-card-stud's (seven-card-stud.yaml:31), as this option changes it")


def test_a_base_step_the_file_itself_changes_into_a_problem_is_placed_at_its_change(tmp_path, capsys):
    # five-card stud's round-2 opens with the best visible hand; this file gives the round
    # a bring-in, so its first_to_act (the base's, unchanged) no longer fits. The file does
    # change the step: the problem is placed at its change, line 4, column 15 (the `id:`
    # that names the step, after "  - betting: {", 14 characters), not at the extends:
    # line with "which this file does not change"
    text = (
        "name: brings\nextends: five-card-stud\nsteps:\n  - betting: {id: round-2, bring_in: {who: lowest_up_card}}\n"
    )
    (line,) = _validate(tmp_path, text, capsys)
    assert line.startswith(f"{tmp_path / 'child.yaml'}:4:15: steps[round-2].betting.first_to_act: ")
    assert line.endswith("; step 'round-2' is five-card-stud's (five-card-stud.yaml:37), as this file changes it")


def test_a_value_of_the_wrong_type_does_not_hide_the_expressions_problems(tmp_path, capsys):
    # an audit's finding: `seats: {max: "eight"}` broke the reading of the model, and the
    # misspelt stake and the word where the cap's number goes were said only once it was mended
    text = """\
name: mixed
seats: {max: "eight"}
stakes: {low_limit: 10, ante: 1, bring_in: 3}
steps:
  - ante: {id: ante}
  - deal: {id: d1, players: [down, up]}
  - betting: {id: r1, bet: low_limt, bring_in: {who: lowest_up_card}}
  - deal: {id: d2, players: [up, up, up]}
  - betting: {id: r2, bet: low_limit, cap: three}
  - showdown: {id: sd}
"""
    said = "\n".join(_validate(tmp_path, text, capsys))
    assert "child.yaml:2:15: seats.max: expected a whole number, found the text 'eight'" in said
    assert "child.yaml:7:28: steps[2].betting.bet: unknown name 'low_limt': did you mean 'low_limit'?" in said
    # (a cap is a number: the hand rank three_of_a_kind, which the cap would refuse, is no guess)
    assert "child.yaml:9:44: steps[4].betting.cap: unknown name 'three'; the names that can be used here are" in said
    assert "three_of_a_kind" not in said
