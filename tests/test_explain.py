"""The rule book written from each shipped variant (`studrules explain`).

Expected sentences are worked out from ../shared/RULES.md and the texts, not
copied from the program's output.
"""

from __future__ import annotations

import pytest

from studrules.analysis.expression_words import amount_words, condition_words, phrase
from studrules.analysis.rulebook import explain
from studrules.cli.main import main
from studrules.spec.expressions import canonical
from studrules.spec.loader import load_variant, shipped_variants

SHIPPED = [p.stem for p in shipped_variants()]


def flat(text: str) -> str:
    """The text with line breaks folded, so sentences can be searched."""
    return " ".join(text.split())


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_variant_explains_in_text_and_markdown(name):
    variant = load_variant(name)
    text = explain(variant)
    md = explain(variant, markdown=True)
    assert text.startswith(variant.title)
    assert md.startswith(f"# {variant.title}")
    for heading in ("Players", "Cards", "Forced bets", "The play, step by step", "House options"):
        assert heading in text
        assert f"## {heading}" in md


def test_french_bring_in_is_the_lowest_up_card_suits_break_ties_equal_to_the_ante():
    # 000 rule 3: "le joueur qui présente la carte visible la plus basse ... on
    # départage les joueurs sur la couleur ... le bring-in a la même valeur que l'ante."
    text = flat(explain(load_variant("five-card-stud-fr")))
    assert (
        "The player with the lowest up card brings in for 5 (equal to the ante); between equal cards, the lower suit"
        " brings in (clubs lowest, spades highest)." in text
    )
    assert "He may instead complete to 10 (the low limit)." in text
    assert "He cannot check." in text


def test_french_ante_is_half_the_low_limit_and_stakes_show_how_they_are_derived():
    # 000 rule 1: "L'ante représente la moitié de la limite basse de la table."
    text = flat(explain(load_variant("five-card-stud-fr")))
    # each stake in words, then the name --stake takes (the file's: ante, bring_in)
    assert "ante (ante): 5 (half the low limit)" in text
    assert "bring-in (bring_in): 5 (equal to the ante)" in text
    assert "every player posts an ante of 5 (half the low limit)" in text


def test_french_suit_order_open_pair_cap_and_showdown():
    text = flat(explain(load_variant("five-card-stud-fr")))
    assert "spades > hearts > diamonds > clubs" in text
    # 000 rule 5: a pair in the two up cards allows the high limit, the others then follow
    assert (
        # the file writes the high limit as twice the low limit (10): 20
        "If some player still in the hand shows a pair among his up cards, bets and raises may be 20 (twice the low limit); once one is made, the rest of the round follows it."
        in text
    )
    # 000 rule 4: one opening bet and three raises
    assert "One bet and at most three raises per round." in text
    # 000 rule 8: last raiser, else opener, else best visible hand
    assert "the last player to raise in the last round; if nobody raised, the player who opened the betting" in text
    assert "the best visible hand; then clockwise" in text
    # 000 rule 9: odd chip nearest the dealer; rule 10: kickers count
    assert "odd chip that cannot be split goes to the player nearest the dealer's left" in text
    assert "kickers break ties" in text


def test_hebrew_bring_in_is_half_the_low_bet_and_ties_go_nearest_the_dealer():
    # 001 rule 4: "חייב לשים הימור בגובה ½ מההימור הנמוך" ... "זה שקרוב יותר לדילר"
    text = flat(explain(load_variant("five-card-stud-he")))
    assert "brings in for 5 (half the low limit); ties go to the player nearest the dealer's left." in text
    assert "ante (ante): 2 (the larger of 1 and a fifth of the low limit)" in text
    # 001 rule 8: each player may show or muck; mucking gives up the pot
    assert "may muck" in text and "gives up the pot" in text


def test_stake_overrides_change_the_numbers_and_keep_the_words():
    text = flat(explain(load_variant("five-card-stud-fr", stakes={"low_limit": 20})))
    assert "ante (ante): 10 (half the low limit)" in text
    assert "brings in for 10 (equal to the ante)" in text


def test_options_are_listed_with_every_choice_and_the_current_one_marked():
    text = flat(explain(load_variant("five-card-stud-ru-home", options={"reraise": "double"})))
    assert "reraise: Re-raising after a raise." in text
    assert "double [current]: a raise may at most double the bet" in text
    assert "allowed (default): raises without limit" in text
    assert "forbidden: one bet, no raise after it" in text
    # the chosen rule is in the rounds, too
    assert "A raise may at most double the bet." in text


def test_russian_home_game_check_rule_and_the_deal_down():
    # 002 rule 4: check in round 1 only when antes were posted before the deal
    text = flat(explain(load_variant("five-card-stud-ru-home")))
    assert (
        "may check only when antes were posted before the deal; otherwise he must bet (he may fold only when facing a bet)"
        in text
    )
    # 002 rule 5: burn, then a third card face down
    assert "The dealer burns the top card. Each player still in the hand gets one more card face down" in text
    # 002 rule 8: equal hands go to the first shown (the last raiser)
    assert "the one shown first takes the whole pot" in text


def test_russian_home_game_without_antes_says_so():
    text = flat(explain(load_variant("five-card-stud-ru-home", options={"antes": "no"})))
    assert "There is no ante." in text
    assert "no [current]" in text


def test_russian_casino_community_card_and_skipped_round():
    # 003 rule 7: a community card when the deck runs short; no bets that round
    text = flat(explain(load_variant("stud-ru-casino")))
    assert "one community card is turned face up in the middle instead" in text
    assert "This round is skipped when a community card was turned up." in text
    assert "brings in for 2 (twice the ante)" in text
    assert "best five cards of the 7" in text


def test_italian_settlement_in_words_and_the_pay_table_as_a_table():
    # 004 rules 6-8 and 10
    text = flat(explain(load_variant("caribbean-stud-it")))
    assert "The house qualifies with ace-king or better." in text
    assert "House not qualified: the ante is paid at even money; the raise is returned." in text
    assert "raises 20 (twice the ante)" in text
    assert "A hand equal to the house's: the ante and the raise are returned." in text
    assert "Full house 7 to 1" in text and "Royal flush 100 to 1" in text
    assert "the dealer declares it void (when players exchange information about their hands)" in text
    md = explain(load_variant("caribbean-stud-it"), markdown=True)
    assert "| Player's hand | Raise pays |" in md
    assert "| Four of a kind | 20 to 1 |" in md
    short = flat(explain(load_variant("caribbean-stud-it", options={"pay_table": "short"})))
    assert "Full house 6 to 1" in short and "short [current]" in short


def test_amount_words_follow_the_expression_not_its_spelling():
    assert phrase("low_limit / 2") == "half the low limit"
    assert phrase("low_limit / 5") == "a fifth of the low limit"
    assert phrase("2 * ante") == phrase("ante * 2") == "twice the ante"
    assert phrase("(ante + 1) * 3") == "3 * (1 + ante)"
    assert canonical("a + b + c") == canonical("c + (b + a)")
    assert canonical("a - b") != canonical("b - a")
    v = load_variant("five-card-stud-fr")
    assert amount_words(v.step("round-1").bring_in.amount, v) == "equal to the ante"


def test_condition_words():
    assert condition_words("house >= ace_king") == "the house has ace-king or better"
    assert condition_words("not community_dealt") == "it is not true that a community card was turned up"
    assert condition_words("true") == "always"


def test_cli_explain_markdown_and_unknown_language(capsys):
    assert main(["explain", "five-card-stud-fr", "--markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Five Card Stud")
    from cli_support import run

    code, _, err = run(capsys, "explain", "five-card-stud-fr", "--lang", "fr")
    assert code == 2  # (an argument the command cannot take: a usage error, as the exit codes say)
    assert "English only" in err and "'fr'" in err


def test_cli_explain_options_and_stakes(capsys):
    assert main(["explain", "five-card-stud-he", "--option", "ante=no", "--stake", "low_limit=20"]) == 0
    out = flat(capsys.readouterr().out)
    assert "There is no ante." in out
    assert "brings in for 10 (half the low limit)" in out
    assert main(["explain", "five-card-stud-he", "--option", "nope=x"]) == 1
    assert "unknown option 'nope'" in capsys.readouterr().err


def test_the_void_sentence_says_only_what_the_file_says():
    """A dealer's right to void a hand without a stated reason gets no reason from Python."""
    from studrules.spec.loader import load_variant_text

    v = load_variant_text(
        "name: no-reason\n"
        "kind: banked\n"
        "seats: {min: 1, max: 7}\n"
        "stakes: {ante: 10}\n"
        "void: {declared: true}\n"
        "steps:\n"
        "  - ante: {amount: ante}\n"
        "  - deal: {players: [down, down, down, down, down], house: [down, down, down, down, up]}\n"
        "  - decision: {fold: true, raise: 2 * ante}\n"
        "  - reveal: {who: house}\n"
        "  - settle: {qualify: house >= ace_king, pay_table: {pair: 1}}\n"
    )
    text = flat(explain(v))
    assert "or when the dealer declares it void." in text
    assert "exchange information" not in text


# --- the rule book says what the engine plays (an audit against the catalogue) --


def _showdown(name: str, options: dict[str, str] | None = None) -> str:
    text = flat(explain(load_variant(name, options=options)))
    return text[text.index("Showdown") :]


def test_a_declare_showdown_divides_by_declaration_not_by_a_qualifier():
    text = _showdown("satan")
    assert "each among the players who declared for it" in text
    assert "qualifying" not in text and "no hand can take" not in text


def test_a_split_with_no_qualifier_does_not_speak_of_qualifying():
    # razzdeucey: ace-to-five and deuce-to-seven lows, no qualifier either way
    text = _showdown("razzdeucey")
    assert "divided equally between the best ace-to-five low hand and the best deuce-to-seven low hand." in text
    assert "qualif" not in text
    # an eight-or-better low qualifies, and a half nobody takes goes to the other
    eight = _showdown("seven-card-stud-hi-lo")
    assert "the best qualifying eight-or-better low hand; a half no hand can take goes to the other" in eight


def test_each_hand_of_a_split_is_counted_in_its_own_cards():
    # caveman-super: high (five cards) and badugi (four); razzaho's hands are set by cards_used
    assert "plays his best cards of the 7 he holds: five for the high hand, four for the badugi hand." in (
        _showdown("caveman-super")
    )
    assert "best five" not in _showdown("razzaho")
    assert "Each player plays his best five cards of the 7 he holds." in _showdown("seven-card-stud")


def test_the_follow_card_itself_is_not_wild_unless_the_file_says_so():
    text = flat(explain(load_variant("follow-the-queen-generic-poker")))
    assert "the rank of the next card dealt face up is wild; a later queen" in text
    assert "Queens themselves are not wild." in text
    assert "a queen dealt face up last leaves none." in text


def test_a_follow_card_dealt_up_last_leaves_the_follow_rank_wild_where_it_is_wild_itself():
    # the house game: queens are wild all hand, and "a queen as the last up card
    # leaves only queens wild" (en.wikibooks.org Poker/FollowQueen, as
    # variants/house/follow-the-queen.yaml cites it): no followed rank, not no wild card
    text = flat(explain(load_variant("follow-the-queen")))
    assert "a queen dealt face up last leaves none (queens stay wild)." in text


def test_a_card_turned_up_or_bought_face_down_is_counted_apart():
    # English stud's buy: an up card may be given up for a new one dealt face down
    text = flat(explain(load_variant("english-stud-generic-poker")))
    assert "discards, and which of them were face up." in text
    round_6 = text[text.index("Round 6") :]
    assert round_6.index("one more card down and one fewer up") < round_6.index("acts first")
    # the Russian home game's opener turns his lowest card up for the rest of the hand
    ru = flat(explain(load_variant("five-card-stud-ru-home", options={"opener": "lowest_card"})))
    assert ru.count("The player who turned a card face up to act first has one more card up") == 3  # rounds 2-4
    assert "turned a card face up to act first" not in flat(explain(load_variant("five-card-stud-ru-home")))


def test_a_winning_category_the_pay_table_leaves_out_is_shown_at_even_money():
    from studrules.spec.examples import example_variant

    assert "Any other winning hand 1 to 1" in flat(explain(example_variant("against-the-house")))
    text = flat(explain(load_variant("caribbean-stud-it")))
    assert "High card 1 to 1" in text and "Any other winning hand" not in text


def test_steps_lists_the_ids_a_file_that_extends_names_with_where_each_is_written(tmp_path, capsys):
    import yaml

    base = next(p for p in shipped_variants() if p.stem == "seven-card-stud")
    text = base.read_text()
    base_ids = [next(iter(s.values()))["id"] for s in yaml.safe_load(text)["steps"]]
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        "extends: seven-card-stud\nname: mine\nsteps:\n  - betting: {id: round-2, cap: 4}\n"
        "  - expose:\n      id: show-one\n      after: round-2\n      count: 1\n      when: players_in > 2\n"
    )
    assert main(["explain", str(mine), "--steps"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "mine: 13 steps (a file that extends it names them by id)"
    rows = [line.split() for line in lines[1:]]
    expected_ids = base_ids[: base_ids.index("round-2") + 1] + ["show-one"] + base_ids[base_ids.index("round-2") + 1 :]
    assert [row[0] for row in rows] == expected_ids
    assert rows[expected_ids.index("show-one")] == ["show-one", "expose", "mine.yaml:6", "when", "players_in", ">", "2"]
    base_lines = text.splitlines()
    for row in rows:  # every other step where the shipped file writes it: its line holds the id or opens the step
        if row[0] != "show-one":
            file, line = row[2].split(":")
            assert file == "seven-card-stud.yaml"
            assert row[0] in "\n".join(base_lines[int(line) - 1 : int(line) + 1])


def test_a_deal_played_only_when_its_condition_holds_is_not_counted_as_held_always():
    # an audit's finding: of two deals of which one is played (one up card with three players
    # or more, one down card with two), the rule book counted both: "each player holding 6
    # cards (3 down, 3 up)" where a player holds 5. Now: the 4 of every hand, and each
    # deal's card said with its condition.
    from studrules.spec.loader import load_variant_text

    v = load_variant_text(
        "extends: five-card-stud\nname: either-card\nseats: {max: 8}\nsteps:\n"
        "  - deal: {id: fourth-street, players: [up], when: 'players_in >= 3'}\n"
        "  - deal: {id: fourth-down, players: [down], when: 'players_in < 3', after: fourth-street}\n"
    )
    text = " ".join(explain(v).split())
    assert "Round 3: betting (fixed limit), each player holding 3 cards (1 down, 2 up)" in text
    assert "When the number of players still in is at least 3, each player holds 1 more card (0 down, 1 up)" in text
    assert "When the number of players still in is less than 3, each player holds 1 more card (1 down, 0 up)" in text


def test_the_bring_in_s_suit_tie_says_which_way_it_goes():
    # an audit's finding: "ties are broken by suit (spades highest)" left the reader to work out
    # that of two deuces the club brings in; in razz the highest card brings in, so of two kings
    # the spade does (Robert's Rules, razz: "the highest card by suit")
    razz = flat(explain(load_variant("razz")))
    assert "between equal cards, the higher suit brings in (spades highest, clubs lowest)." in razz
    stud = flat(explain(load_variant("seven-card-stud")))
    assert "between equal cards, the lower suit brings in (clubs lowest, spades highest)." in stud
