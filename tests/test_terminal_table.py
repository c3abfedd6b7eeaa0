"""The terminal table reads like a card room: the rules of what it shows and
how it answers keys, checked on hands whose cards are chosen (the expected
words worked out by hand from the cards), not on pasted screens."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from studrules.cards.card import parse_card, parse_cards
from studrules.game.actions import Action, LegalAction
from studrules.game.hand import Hand
from studrules.game.policies import CheckCall
from studrules.spec.loader import load_variant, load_variant_text
from studrules.table.display import card_text, fancy_output, hand_now, history_lines, pay_words
from studrules.table.session import Session
from studrules.table.terminal import QuitTable, TerminalPlayer, _keys, render_table, result_lines


def header(hand, seat: str) -> str:
    """The lines above the table's grid."""
    return plain(render_table(hand.view(seat), None, hand.variant, hand=hand)).split("┏")[0]


def plain(renderable, width: int = 160) -> str:
    console = Console(file=io.StringIO(), width=width, force_terminal=False)
    console.print(renderable)
    return console.file.getvalue()


def scripted(*answers: str, fancy: bool = False) -> TerminalPlayer:
    lines = iter(answers)
    me = TerminalPlayer(Console(file=io.StringIO(), width=160, force_terminal=False), read=lambda prompt: next(lines))
    me.fancy = fancy
    return me


# ---------------------------------------------------------------- cards


def test_suits_are_coloured_symbols_on_a_terminal_and_letters_with_no_color_or_off_a_terminal(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert fancy_output(Console(file=io.StringIO(), force_terminal=True))
    assert not fancy_output(Console(file=io.StringIO(), force_terminal=False))  # piped: plain letters
    monkeypatch.setenv("NO_COLOR", "1")
    assert not fancy_output(Console(file=io.StringIO(), force_terminal=True))
    seven = card_text(parse_card("7d"), True)
    assert seven.plain == "7♦" and "blue" in str(seven.style)  # a four-colour deck: diamonds blue
    assert card_text(parse_card("Ah"), True).style != card_text(parse_card("As"), True).style
    assert card_text(parse_card("7d"), False).plain == "7d"
    assert card_text(parse_card("7d"), False, down=True).plain == "[7d]"  # one's own face-down card


# ---------------------------------------------------------------- hands in words


def test_a_hand_is_named_as_a_card_room_says_it():
    stud = load_variant("seven-card-stud")
    assert hand_now(stud, parse_cards("7d 7c 4c")) == "pair of sevens"  # three cards: what they show
    assert hand_now(stud, parse_cards("7d Jd 4c")) == "jack-high"
    assert hand_now(stud, parse_cards("7d 7c 4c 4h Kd")) == "two pair, sevens and fours"
    # razz: ace-to-five low, a low hand said by its ranks
    assert hand_now(load_variant("razz"), parse_cards("8d 6c 5h 3s 2d Kd Kc")) == "8-6-5-3-2"
    # high-low eight or better: both halves, a low above eight is none
    both = hand_now(load_variant("seven-card-stud-hi-lo"), parse_cards("8d 6c 5h 3s 2d 2c Kc"))
    assert both == "high: pair of twos; low: 8-6-5-3-2"
    assert "low: none" in hand_now(load_variant("seven-card-stud-hi-lo"), parse_cards("Qd Jc 9h 3s 3d Kd Kc"))


def test_pay_lines_are_said_in_words():
    assert pay_words("beats the house: two_pair pays 2 to 1") == "beats the house: two pair pays 2 to 1"
    assert pay_words("three_of_a_kind pays 3 to 1") == "three of a kind pays 3 to 1"


# ---------------------------------------------------------------- keys


def test_complete_has_one_key_whether_bringing_in_or_facing_the_bring_in():
    # seven-card stud: the lowest up card (Ann's 2c) brings in or completes; Bob then folds, calls or completes
    cards = {"Ann": ["Ah", "Ad", "2c"], "Bob": ["Kh", "Kd", "9s"], "Cat": ["Qh", "Qd", "Ts"]}
    hand = Hand(load_variant("seven-card-stud"), ["Ann", "Bob", "Cat"], 200, seed=1, cards=cards)
    as_bring_in = _keys(hand.view("Ann").legal)
    assert (as_bring_in["b"].action, as_bring_in["r"].action) == ("bring-in", "complete")
    hand.apply(Action.parse("Ann bring-in"))
    facing = _keys(hand.view("Bob").legal)
    assert facing["r"].action == "complete" and facing["c"].action == "call" and "b" not in facing


def test_check_and_call_share_c_and_bet_b_and_raise_r():
    keys = _keys((LegalAction("check"), LegalAction("bet", to=(10,))))
    assert (keys["c"].action, keys["b"].action) == ("check", "bet")
    keys = _keys((LegalAction("fold"), LegalAction("call", amount=10), LegalAction("raise", to=(20,))))
    assert {k: la.action for k, la in keys.items()} == {"f": "fold", "c": "call", "r": "raise"}


# ---------------------------------------------------------------- leaving


class _Facing:
    """A seat facing a bet, with a raise of any size from 20 to 95."""

    player = "Hero"
    legal = (LegalAction("fold"), LegalAction("call", amount=10), LegalAction("raise", min=20, max=95))
    events = ()


def _act(me: TerminalPlayer):
    keys = _keys(_Facing.legal)
    while True:
        line = me.read("> ")
        if line.strip() == "q" and not me.confirm_leaving():
            continue
        action = me.parse(line, _Facing, keys)
        if action is not None:
            return action


def test_q_in_the_middle_of_a_hand_asks_before_leaving():
    assert _act(scripted("q", "n", "c")).verb == "call"  # 'n': he plays on
    assert _act(scripted("q", "", "f")).verb == "fold"  # the default is to stay
    with pytest.raises(QuitTable):
        _act(scripted("q", "y"))


@pytest.mark.parametrize("way_out", ["", "\x1b", "q", "Q"])
def test_an_amount_prompt_is_left_back_to_the_choices(way_out):
    me = scripted(way_out)
    assert me.parse("r", _Facing, _keys(_Facing.legal)) is None  # no action, no QuitTable
    assert "Back to your choices" in me.console.file.getvalue()


def test_a_verb_that_takes_no_amount_refuses_one_and_a_comma_parts_thousands_only():
    # an audit's finding: 'f 20' folded, 'c 7' (where c checks) checked and 'r 2,0' raised to 20
    me = scripted()
    keys = _keys(_Facing.legal)
    assert me.parse("f 20", _Facing, keys) is None
    assert "fold takes no amount: type fold alone" in me.console.file.getvalue()
    assert me.parse("r 2,0", _Facing, keys) is None
    assert "'2,0' is not an amount" in me.console.file.getvalue()
    assert me.parse("r 20", _Facing, keys).amount == 20 and me.parse("f", _Facing, keys).verb == "fold"
    assert me.parse("c 10", _Facing, keys).verb == "call"  # (the call's own amount, typed: as it is)


# ---------------------------------------------------------------- the table


def _tables(seating: tuple[str, ...]) -> list[tuple[str, str]]:
    """Three hands with a TerminalPlayer at the first seat: each table drawn, as text, with that hand's dealer."""
    drawn: list[tuple[str, str]] = []

    class Caller(TerminalPlayer):  # checks or calls, brings in, shows
        def act(self, view):
            keys = _keys(view.legal)
            self.read = lambda prompt: next(k for k in ("c", "b", "s") if k in keys)
            return super().act(view)

    me = Caller(Console(file=io.StringIO(), width=160, force_terminal=False))
    dealer = [""]

    def printed(*things, **kw):
        text = plain(things[0]) if things else ""
        if "stack" in text:
            drawn.append((dealer[0], text))

    me.console.print = printed  # type: ignore[method-assign]
    bots = {p: CheckCall() for p in seating[1:]}

    def on_start(report):
        me.dealer, me.seating, me.hand = report.dealer, session.seating, report.hand
        dealer[0] = report.dealer

    session = Session(
        ["seven-card-stud"], seating, {seating[0]: me, **bots}, stacks=500, hands=3, seed=4, on_start=on_start
    )
    session.play()
    return drawn


def test_the_seats_keep_their_places_while_the_deal_moves_and_the_dealer_is_marked():
    seating = ("Hero", "Ann", "Bob", "Cat")
    drawn = _tables(seating)
    assert len({dealer for dealer, _ in drawn}) == 3  # the deal moved each hand, and Hero played each
    for dealer, table in drawn:
        rows = re.findall(r"^\W*(Hero|Ann|Bob|Cat)\b", table, flags=re.M)
        assert rows == list(seating)  # the same order every time, whoever deals
        assert f"{dealer} (D)" in table and table.count("(D)") == 1


def test_the_header_gives_the_rounds_bet_size_and_raises_left():
    # seven-card stud (the file): third street bets the low limit, 10, with a cap of 3 raises;
    # no cap once two players are left
    cards = {"Ann": ["Ah", "Ad", "2c"], "Bob": ["Kh", "Kd", "9s"], "Cat": ["Qh", "Qd", "Ts"]}
    hand = Hand(load_variant("seven-card-stud"), ["Ann", "Bob", "Cat"], 200, seed=1, cards=cards)
    assert "bets of 10, 3 raises left" in header(hand, "Ann") and "your hand: pair of aces" in header(hand, "Ann")
    hand.apply(Action.parse("Ann complete"))
    hand.apply(Action.parse("Bob raise"))  # the completion is the opening bet; Bob's is the first of 3 raises
    assert "bets of 10, 2 raises left" in header(hand, "Cat")
    hand.apply(Action.parse("Cat fold"))
    assert "raises not capped" in header(hand, "Ann")  # heads-up


def test_facing_an_open_pairs_bet_the_header_gives_both_bet_sizes_the_raise_offers():
    # French five-card stud: a pair showing allows bets and raises of twice the low limit (10 or 20).
    # Ann shows queens and bets 10; Bob may raise to 20 or 30, a raise of 10 or 20: the round's sizes
    cards = {"Ann": ["2d", "Qh", "Qc"], "Bob": ["3s", "9h", "7c"]}
    hand = Hand(load_variant("five-card-stud-fr"), ["Ann", "Bob"], 200, seed=1, cards=cards)
    while hand.round == 1:
        hand.check_or_call()
    hand.apply(Action.parse("Ann bet 10"))
    raise_ = next(la for la in hand.view("Bob").legal if la.action == "raise")
    assert raise_.to == (20, 30)
    assert "bets of 10 or 20, 3 raises left" in header(hand, "Bob")


def test_the_showdown_decision_is_headed_showdown_not_a_betting_round():
    cards = {"Ann": "Ah Ad 2c 3d 4h 5s 9c", "Bob": "Kh Kd 9s 8s 7h 6c 2d"}
    hand = Hand(
        load_variant("seven-card-stud"), ["Ann", "Bob"], 200, seed=1, cards={p: c.split() for p, c in cards.items()}
    )
    while hand.phase != "showdown":
        hand.check_or_call()
    top = header(hand, hand.to_act)
    assert "showdown" in top and "betting round" not in top


def test_the_bet_column_is_empty_once_the_betting_is_over():
    # an audit's finding: at the showdown the last round's bets still showed beside the stacks,
    # though they were in the pot the header gave
    cards = {"Ann": "Ah Ad 2c 3d 4h 5s 9c", "Bob": "Kh Kd 9s 8s 7h 6c 2d"}
    hand = Hand(
        load_variant("seven-card-stud"), ["Ann", "Bob"], 200, seed=1, cards={p: c.split() for p, c in cards.items()}
    )
    while hand.round < 5:
        hand.check_or_call()
    opener = hand.to_act
    hand.apply(f"{opener} bet")  # (20 on the last round)
    betting = plain(render_table(hand.view(opener), None, hand.variant, hand=hand))
    assert re.search(rf"│ {opener}[ *]+│ +\d+ │ +20 │", betting)  # (while the round is under way)
    hand.check_or_call()  # the call closes the round: the showdown
    assert hand.phase == "showdown"
    screen = plain(render_table(hand.view(hand.to_act), None, hand.variant, hand=hand))
    rows = [line.split("│") for line in screen.splitlines() if line.startswith("│ ")]
    assert {row[1].split()[0]: row[3].strip() for row in rows} == {"Ann": "", "Bob": ""}


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        # an audit's finding: a hi-lo hand short of five named lows that can never be eight or
        # better (T-8-6, a pair of sixes); now the cards that may still make one, each rank once
        ("Ac 8c 6h 6c", "high: pair of sixes; low: 8-6-A"),
        ("Tc 8c 6h", "high: ten-high; low: 8-6"),
        ("Kc Qd Jh", "high: king-high; low: none"),
        ("7c 5d 3h 2s", "high: seven-high; low: 7-5-3-2"),
        ("Tc 9d 8h 7s 6c", "high: straight, ten high; low: none"),  # (five cards: no low of eight or better)
    ],
)
def test_a_hi_lo_hand_short_of_five_names_only_a_low_it_may_still_make(cards, words):
    assert hand_now(load_variant("seven-card-stud-hi-lo"), parse_cards(cards)) == words


def test_a_player_all_in_is_marked_at_the_table_and_his_bet_says_so():
    # an audit's finding: 'Cat bets 5' did not say he was all in (a call did), nor did the table
    from studrules.game.events import Event

    assert Event("bet", "Cat", 2, 5, 5, reason="all in").describe() == "Cat bets 5 and is all in"
    assert Event("complete", "Cat", 1, 7, 10, reason="all in").describe() == "Cat completes to 10 and is all in"
    cards = {"Ann": "Ah Ad 2c 3d 4h 5s 9c", "Bob": "Kh Kd 9s 8s 7h 6c 2d"}
    hand = Hand(
        load_variant("seven-card-stud"),
        ["Ann", "Bob"],
        {"Ann": 200, "Bob": 11},
        seed=1,
        cards={p: c.split() for p, c in cards.items()},
    )
    hand.apply("Ann bring-in")  # (her 2c is the lowest up card: 3)
    hand.apply("Bob complete")  # 10 of his 10 left after the ante: all in
    screen = plain(render_table(hand.view("Ann"), None, hand.variant, hand=hand))
    row = next(line for line in screen.splitlines() if line.startswith("│ Bob"))
    assert row.split("│")[2].strip() == "0" and "all in" in row
    assert "Bob completes to 10 and is all in" in [e.describe() for e in hand.events]


def test_a_narrow_terminal_shows_a_line_a_seat_and_cuts_no_stack_or_card():
    # an audit's finding: at 40 columns every stack read '1…' and every card '[A…'
    variant = load_variant("caribbean-stud-it")
    hand = Hand(variant, ["Hero", "Ann", "Bob", "Cat"], 1000, seed=2)
    narrow = plain(render_table(hand.view("Hero"), None, variant, hand=hand), width=40)
    assert "…" not in narrow and "┏" not in narrow
    mine = " ".join(f"[{c}]" for c in hand.cards_of("Hero"))
    assert "Hero *: 990  ante 10  " in narrow and mine.split()[0] in narrow
    assert all(f"{p}: 990  ante 10  ## ## ## ## ##" in narrow for p in ("Ann", "Bob", "Cat"))
    wide = plain(render_table(hand.view("Hero"), None, variant, hand=hand), width=80)
    assert "┏" in wide and "…" not in wide  # (a table where one fits)


def test_the_header_is_broken_between_its_parts_on_a_terminal_too_narrow_for_it():
    # an audit's finding: at 80 columns the hi-lo game's header broke inside a part
    # ("... | bets of 10, 3 raises" / "left | pot 4"); each line now holds whole parts
    variant = load_variant("seven-card-stud-hi-lo")
    hand = Hand(variant, ["Hero", "Ann", "Bob", "Cat"], 400, seed=3)
    wide = plain(render_table(hand.view("Hero"), None, variant, hand=hand)).splitlines()[0]
    parts = wide.split(" | ")
    assert len(" | ".join(parts)) > 80 and "bets of 10, 3 raises left" in parts  # (too long for 80)
    screen = plain(render_table(hand.view("Hero"), None, variant, hand=hand), width=80).splitlines()
    header = screen[: screen.index(next(line for line in screen if line.startswith("your hand")))]
    assert len(header) == 2 and all(len(line) <= 80 for line in header)
    assert [p for line in header for p in line.split(" | ")] == parts


def test_what_another_seat_shows_counts_the_card_shared_in_the_middle():
    # an audit's finding: at eight players of the Russian casino's seven-card stud, the last
    # card is one card in the middle for everybody, and the others' showing left it out. Seed 1:
    # P7's board Tc 6h Kd 3s with the 3c in the middle shows a pair of threes
    variant = load_variant("stud-ru-casino")
    hand = Hand(variant, [f"P{i}" for i in range(1, 9)], 1000, seed=1)
    while not hand.community:
        hand.apply(hand.default_action())
    assert [str(c) for c in hand.community] == ["3c"]
    assert [str(c) for c in hand.view("P3").up_cards["P7"]] == ["Tc", "6h", "Kd", "3s"]
    screen = plain(render_table(hand.view("P3"), None, variant, hand=hand))
    row = next(line for line in screen.splitlines() if line.startswith("│ P7"))
    assert "showing pair of threes" in row


# ---------------------------------------------------------------- games against the house


def _caribbean():
    # Ann: two pair (kings and sevens); the house: ace-king-high, which is the least qualifying hand (house >= ace_king)
    cards = {"Ann": "Kh Kd 7c 7s 2d", "house": "As Kc 9d 5h 3c"}
    hand = Hand(load_variant("caribbean-stud-it"), ["Ann"], 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    return hand


def test_a_game_against_the_house_shows_each_boxs_ante_and_wagers_and_no_pot():
    hand = _caribbean()
    # a session passes the button's seat whatever the game: against the house the house deals
    screen = plain(render_table(hand.view("Ann"), "Ann", hand.variant, hand=hand))
    assert "(D)" not in screen
    top = screen.split("┏")[0]
    assert "pot" not in top and "your hand: two pair, kings and sevens" in top
    assert "ante" in screen and "wagers" in screen and " bet " not in screen
    # the deal in one line: five cards for Ann, four down and one up for the house
    deal = [line.plain for line in history_lines(hand.view("Ann").events, "Ann", False) if "dealt" in line.plain]
    assert deal == ["dealt: you [Kh] [Kd] [7c] [7s] [2d] · the house 4 down 3c"]


def test_a_required_bet_shows_among_the_side_bets_staked():
    # Crazy 4 Poker: Ann antes 10 and stakes 10 on the required Super Bonus;
    # her stack of 500 shows 480 (what she has not staked), the ante 10, and
    # 10 staked on side bets.
    hand = Hand(load_variant("crazy-4-poker"), ["Ann"], 500, seed=1)
    screen = plain(render_table(hand.view("Ann"), "Ann", hand.variant, hand=hand))
    header = next(line for line in screen.splitlines() if "seat" in line)
    row = next(line for line in screen.splitlines() if "Ann *" in line)
    cells = dict(zip([c.strip() for c in header.split("┃")], [c.strip() for c in row.split("│")]))
    assert (cells["stack"], cells["ante"], cells["side bets"]) == ("480", "10", "10")


def test_the_house_hand_is_named_with_its_qualifying_and_the_pay_line_in_words():
    hand = _caribbean()
    hand.apply(Action.parse("Ann raise"))
    assert hand.is_over

    class Report:
        variant = hand.variant
        players = ("Ann",)
        left = ()
        sat_out = ()
        stacks_left: dict = {}

    Report.hand = hand
    Report.result = hand.result()
    lines = "\n".join(result_lines(Report))
    assert "the house has As Kc 9d 5h 3c: ace-high, which qualifies" in lines
    # two pair beats ace-high: the raise (20) is paid 2 to 1 by the table, the ante even money
    assert "two pair pays 2 to 1" in lines and "two_pair" not in lines
    assert "ante 10, wagers 20 -> +50" in lines


def test_a_wild_card_in_a_hand_short_of_five_makes_the_rank_groups_a_player_would_name():
    # Ben Franklin: fives and tens are wild. Short of five cards a hand is named by its rank
    # groups, as a showing is (no straight or flush yet): the wild ten pairs the highest natural
    # card, 7-T-6-8 is a pair of eights; two wild cards with a king are three kings
    franklin = load_variant("variants/catalogue/ben-franklin.yaml")
    assert hand_now(franklin, parse_cards("7h Tc 6d 8c"), wild_ranks="5T") == "pair of eights with a wild card"
    assert hand_now(franklin, parse_cards("Kh 5c Ts"), wild_ranks="5T") == "three kings with 2 wild cards"
    assert hand_now(franklin, parse_cards("Kh Kd 5c"), wild_ranks="5T") == "three kings with a wild card"
    assert hand_now(franklin, parse_cards("5c Th"), wild_ranks="5T") == "2 wild cards"  # (nothing to stand for yet)
    # five cards or more: the wild card plays as the best it can, A-A-4-4 and a wild five is a full house
    assert hand_now(franklin, parse_cards("5d 6s As 4h 4s Ac 2d"), wild_ranks="5T") == "full house, aces over fours"


def test_a_wild_card_short_of_five_in_a_low_or_a_stripped_deck_stands_for_its_best_rank():
    # kings wild in seven-card stud hi-lo (eight or better): 7-K-A. High, the king pairs the ace;
    # low, it is the lowest rank not showing, a deuce: 7-2-A
    wild_kings = "extends: seven-card-stud-hi-lo\nname: kings-hi-lo\nwild: {ranks: K"
    both = load_variant_text(wild_kings + "}\n", file="kings-hi-lo.yaml")
    assert hand_now(both, parse_cards("7c Kd Ah"), wild_ranks="K") == (
        "high: pair of aces with a wild card; low: 7-2-A with a wild card"
    )
    # wild only in the high hand (wild.rankings): the low reads the king as a king, which no
    # low of eight or better holds: 7-A so far
    high_only = load_variant_text(wild_kings + ", rankings: [high]}\n", file="kings-hi-lo.yaml")
    assert (
        hand_now(high_only, parse_cards("7c Kd Ah"), wild_ranks="K") == "high: pair of aces with a wild card; low: 7-A"
    )
    # Mexican Poker's joker (a 41-card deck): wild when dealt down, the bug (an ace) when dealt up
    mexican = load_variant("variants/catalogue/mexican-poker.yaml")
    joker = parse_cards("X1")
    assert hand_now(mexican, parse_cards("Kh X1"), down=joker) == "pair of kings with a wild card"
    assert hand_now(mexican, parse_cards("Kh X1")) == "ace-high"


@pytest.mark.parametrize(
    "name", ["five-card-stud-fr", "razz", "seven-card-stud-hi-lo", "mississippi-stud", "let-it-ride"]
)
def test_every_decision_of_a_shipped_game_draws_a_table_naming_the_seats_hand(name):
    variant = load_variant(name)
    players = ["Ann", "Bob", "Cat"]
    hand = Hand(variant, players, 500, seed=3)
    while not hand.is_over:
        seat = hand.to_act
        screen = plain(render_table(hand.view(seat), "Cat", variant, seating=tuple(players), hand=hand, fancy=True))
        assert "your hand: " in screen.split("┏")[0]
        assert ("(D)" not in screen) if variant.is_banked else ("Cat (D)" in screen)  # the house deals its games
        hand.apply(hand.default_action())


def _row_cells(screen: str, seat: str) -> list[str]:
    line = next(x for x in screen.splitlines() if x.startswith(f"│ {seat}"))
    return [cell.strip() for cell in line.strip("│").split("│")]


def test_against_the_house_the_stack_shown_is_what_remains_behind_the_ante_wagers_and_side_bets():
    # Three Card Poker, stacks 2010: Hero antes 10 and stakes 10 on the Pair Plus, then plays 10;
    # Ann antes 10 and makes no side bet. Hero has 2010 - 10 - 10 - 10 = 1980 behind, Ann 2000.
    hand = Hand(
        load_variant("three-card-poker"),
        ["Hero", "Ann"],
        2010,
        seed=4,
        side_bets={"Hero": {"pair_plus": 10}, "Ann": {}},
    )
    hand.apply(Action("Hero", "raise", 10))
    screen = plain(render_table(hand.view("Ann"), None, hand.variant, hand=hand))
    assert "side bets" in next(x for x in screen.splitlines() if "stack" in x)
    # seat, stack, ante, wagers, side bets, ...
    assert _row_cells(screen, "Hero")[1:5] == ["1980", "10", "10", "10"]
    assert _row_cells(screen, "Ann")[1:5] == ["2000", "10", "", ""]
