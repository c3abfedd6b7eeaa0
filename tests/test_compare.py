"""`studrules compare`: the same deals under two rule sets (issue 7).

Issue 7: "Plays the same deals — the same shuffled deck for each deal — with
the same policies under both rule sets, and reports side by side ..." and
"`compare` of a variant against itself shows no divergence; `compare` of two
variants differing only in the bring-in amount shows the expected change in
pot size."
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter

import pytest
from compare_support import close, parse, significant_digits, table_rows

from studrules.analysis.compare import compare, deal_seed, first_difference
from studrules.analysis.compare_report import format_report, html_report
from studrules.analysis.diff import diff
from studrules.analysis.report_html import bin_counts, figures
from studrules.cli.main import main
from studrules.errors import ArgumentError
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant

FR = "five-card-stud-fr"


@pytest.fixture(scope="module")
def fr():
    return load_variant(FR)


@pytest.fixture(scope="module")
def fr_bring_in_8(tmp_path_factory):
    """The French rules with only the bring-in changed, through ``extends``."""
    path = tmp_path_factory.mktemp("variants") / "fr-bring-in-8.yaml"
    path.write_text(f"extends: {FR}\nname: fr-bring-in-8\nstakes: {{bring_in: 8}}\n", encoding="utf-8")
    return load_variant(path)


# --- a variant against itself ---------------------------------------------------


@pytest.mark.parametrize("policies", [["check-call"], ["random", "sensible"]])
def test_a_variant_against_itself_never_diverges(fr, policies):
    # issue 7: "compare of a variant against itself shows no divergence"
    c = compare(fr, fr, deals=60, seed=5, policies=policies)
    assert c.winner_changes.count == 0 and c.winner_changes.of == 60
    assert c.result_changes.count == 0
    assert c.history_changes.count == 0
    assert c.bring_in_changes.count == 0
    assert c.first_to_act and all(r.changed.count == 0 and r.played_a == r.played_b for r in c.first_to_act)
    assert c.pot_counts_a == c.pot_counts_b and sum(c.pot_counts_a.values()) == 60
    assert c.pot.difference.mean == 0 and (c.pot.difference.low, c.pot.difference.high) == (0, 0)
    assert all(p.difference.mean == 0 for p in c.net_by_seat.values())
    assert c.examples == ()


def test_a_banked_variant_against_itself_never_diverges():
    v = load_variant("caribbean-stud-it")
    c = compare(v, v, deals=60, seed=1, policies=["strategy:basic"])
    assert (c.winner_changes.count, c.result_changes.count, c.history_changes.count) == (0, 0, 0)
    assert c.house_edge.a == c.house_edge.b and c.house_edge.difference.mean == 0
    assert c.pot.a is not None and c.first_to_act == ()


# --- the bring-in amount --------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_larger_bring_in_makes_every_check_call_pot_larger_by_players_times_the_change(fr, fr_bring_in_8, players):
    # RULES.md 000: every player antes (5); the lowest up card posts the
    # bring-in, "the others then call"; later rounds at check/call are all
    # checks. So a check/call pot is players * (ante + bring_in): 10 a player
    # with the file's bring-in of 5, 13 with 8 -- 3 more chips from each player.
    c = compare(fr, fr_bring_in_8, deals=40, seed=2, players=players, policies=["check-call"])
    assert c.pot_counts_a == {players * 10: 40}
    assert c.pot_counts_b == {players * 13: 40}
    assert c.pot.difference.mean == 3 * players
    assert (c.pot.difference.low, c.pot.difference.high) == (3 * players, 3 * players)
    # the amount changes, not who pays it, who acts first or who wins
    assert c.bring_in_changes.count == 0 and c.bring_in_changes.of == 40
    assert all(r.changed.count == 0 for r in c.first_to_act)
    assert c.winner_changes.count == 0
    # every hand is played to the showdown and the winner takes 3 more from each other player:
    # the forced bets differ in every deal, the play (amounts aside) in none, every winner still
    # wins and every loser still loses, so only the chip amounts change
    assert c.showdown.a.mean == c.showdown.b.mean == 100
    assert c.forced_bet_changes.count == 40 and c.amount_changes.count == 40
    assert c.play_changes.count == 0 and c.result_changes.count == 0
    assert c.amounts_only_changes.count == 40
    # a deal whose amounts alone change is no example
    assert c.examples == ()


def test_the_stake_override_and_the_extends_file_give_the_same_comparison(fr, fr_bring_in_8):
    by_stake = compare(
        fr,
        load_variant(FR, stakes={"bring_in": 8}),
        deals=30,
        seed=4,
        policies=["random", "sensible"],
        labels=("A", "B"),
    )
    by_file = compare(fr, fr_bring_in_8, deals=30, seed=4, policies=["random", "sensible"], labels=("A", "B"))
    da, db = by_stake.to_dict(), by_file.to_dict()
    for d in (da, db):
        d["b"].pop("variant")
    assert da == db


def test_a_comparison_says_when_the_decks_differ_and_the_seed_cannot_give_the_same_cards(fr, tmp_path):
    # a 36-card deck (six to ace: 9 ranks x 4 suits) against the 52 cards: a deal's seed shuffles
    # each deck, but a card such as a deuce is in one deck only, so the cards cannot be the same,
    # and the report must not say "the same decks"
    path = tmp_path / "fr-36.yaml"
    path.write_text(
        f"extends: {FR}\nname: fr-36\ndeck: {{ranks: 6789TJQKA}}\nseats: {{min: 2, max: 7}}\n", encoding="utf-8"
    )
    c = compare(fr, load_variant(str(path)), deals=3, seed=1, examples=0)
    assert (c.same_decks, c.a.deck, c.b.deck) == (False, 52, 36)
    d = c.to_dict()
    assert (d["same_decks"], d["a"]["deck"], d["b"]["deck"]) == (False, 52, 36)
    said = "The decks differ (52 cards under A, 36 under B)"
    assert said in format_report(c).splitlines()[2]
    page = html_report(c)
    assert said in page and "the same decks under both rule sets" not in page
    # the same 52 cards under both (the Hebrew rules): nothing said, the same decks
    same = compare(fr, load_variant("five-card-stud-he"), deals=3, seed=1, examples=0)
    assert same.same_decks and "decks differ" not in format_report(same)
    assert "the same decks under both rule sets" in html_report(same)


def test_both_rule_sets_get_the_same_cards_in_the_same_order(fr):
    he = load_variant("five-card-stud-he")
    c = compare(fr, he, deals=40, seed=9, examples=5)
    assert len(c.examples) == 5
    for ex in c.examples:
        deals_a = [(e.player, str(e.card)) for e in ex.events_a if e.type == "deal"]
        deals_b = [(e.player, str(e.card)) for e in ex.events_b if e.type == "deal"]
        # the same cards from the top of the same deck; a player who folds gets no more, so the
        # next card goes to the next player still in: the cards agree as far as the shorter goes
        k = min(len(deals_a), len(deals_b))
        assert [card for _, card in deals_a[:k]] == [card for _, card in deals_b[:k]] and k >= 8
        assert deals_a[:8] == deals_b[:8]  # the first deal, before anyone can fold

        # the histories side by side: every event of each once, in order
        assert [i for i, _ in ex.lines if i is not None] == list(range(len(ex.events_a)))
        assert [j for _, j in ex.lines if j is not None] == list(range(len(ex.events_b)))

        # the play parts at first_difference: the players act alike on the lines before it
        def acts(side, lines, ex=ex):
            events = ex.events_a if side == 0 else ex.events_b
            return [
                (e.type, e.player)
                for e in (events[line[side]] for line in lines if line[side] is not None)
                if e.type in ("bring_in", "complete", "bet", "raise", "call", "check", "fold", "show", "muck")
            ]

        k = ex.first_difference
        assert acts(0, ex.lines[:k]) == acts(1, ex.lines[:k])
        assert acts(0, ex.lines[k : k + 1]) != acts(1, ex.lines[k : k + 1]) or not ex.play_changes
        # and the deck is the one the deal's seed shuffles
        h = Hand(fr, ["P1", "P2", "P3", "P4"], 1000, seed=ex.deck_seed)
        assert [str(e.card) for e in h.events if e.type == "deal"] == [c for _, c in deals_a[:8]]


def test_first_difference_is_the_index_where_histories_part():
    a = ["x", "y", "z"]
    assert first_difference(a, a) is None
    assert first_difference(a, ["x", "q", "z"]) == 1
    assert first_difference(a, a[:2]) == 2


# --- reproducible -----------------------------------------------------------------


def test_the_same_seed_gives_the_same_report_and_another_seed_another(fr, fr_bring_in_8):
    he = load_variant("five-card-stud-he")
    one = compare(fr, he, deals=40, seed=11, policies=["random", "sensible"]).to_dict()
    two = compare(fr, he, deals=40, seed=11, policies=["random", "sensible"]).to_dict()
    other = compare(fr, he, deals=40, seed=12, policies=["random", "sensible"]).to_dict()
    assert one == two
    assert one != other
    assert deal_seed(11, 3) == deal_seed(11, 3) != deal_seed(12, 3)


def test_policies_take_turns_round_the_table(fr):
    c = compare(fr, fr, deals=8, seed=1, policies=["random", "check-call"])
    assert c.policies == ("random", "check-call")
    # each policy sits in two of the four seats every deal
    assert all(p.a.n == 8 for p in c.net_by_policy.values())


def test_a_pay_table_changes_amounts_not_winners_and_the_short_one_favours_the_house():
    # RULES.md 004.10: the pay table is a house option; the short one pays
    # less on full houses and better, so the house wins at least as much on
    # every deal, the same hands raise (the strategy reads cards only) and
    # every winner still wins.
    std = load_variant("caribbean-stud-it")
    short = load_variant("caribbean-stud-it", options={"pay_table": "short"})
    c = compare(std, short, deals=300, seed=3, policies=["strategy:basic"])
    assert c.pot.difference.mean == 0
    assert c.winner_changes.count == 0
    assert c.house_edge.difference.mean >= 0 and c.house_edge.difference.low <= c.house_edge.difference.mean
    assert c.a.kind == "banked" and c.a.bring_in.count == 0


def test_bad_arguments_are_clear_errors(fr):
    from studrules.errors import StudrulesError

    with pytest.raises(StudrulesError, match="played by 2 to 10 players, not 1"):
        compare(fr, fr, deals=5, seed=1, players=1)
    with pytest.raises(StudrulesError, match="from 1 to 1,000,000,000, not 0"):
        compare(fr, fr, deals=0, seed=1)
    with pytest.raises(StudrulesError, match="unknown bot 'shark'"):
        compare(fr, fr, deals=5, seed=1, policies=["shark"])


# --- the HTML page -----------------------------------------------------------------


def test_the_html_report_is_self_contained_and_its_numbers_are_the_json_to_three_figures(tmp_path, capsys):
    out = tmp_path / "compare.html"
    code = main(
        [
            "compare",
            FR,
            "five-card-stud-he",
            "-n",
            "60",
            "--seed",
            "3",
            "--policy",
            "random",
            "sensible",
            "--examples",
            "2",
            "--json",
            "--html",
            str(out),
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    text = out.read_text(encoding="utf-8")
    page = parse(text)
    assert not {"script", "link", "img", "iframe"} & set(page.tags)
    assert not re.search(r"(?:src|href)=", text)
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text)
    # a plain paragraph first
    assert list(page.sections) == ["overview", "rules", "summary", "pots", "net", "examples"]
    assert 'class="summary"' in text

    # the rule differences are diff(A, B)
    rules = page.sections["rules"]["tables"][0]
    expected = diff(load_variant(FR), load_variant("five-card-stud-he"))
    assert list(rules[1:]) == [[d.topic, d.rule, d.a, d.b] for d in expected]

    # side by side: mean and CI of A, B and B - A as in the JSON, to three significant figures
    summary, changes = page.sections["summary"]["tables"]
    rows = table_rows(summary)
    for label, key in (("average pot", "pot"), ("reaches the showdown (%)", "showdown")):
        cells = rows[label]
        for i, side in enumerate(("a", "b", "difference")):
            est = data[key][side]
            assert close(cells[2 * i], est["mean"])
            low, high = cells[2 * i + 1].split(" to ")
            assert close(low, est["ci95"][0]) and close(high, est["ci95"][1])
            assert all(significant_digits(x) <= 3 for x in (cells[2 * i], low, high))
    changed = table_rows(changes)
    assert close(changed["winner changes"][2], data["winner_changes"]["percent"])
    assert int(changed["winner changes"][0]) == data["winner_changes"]["count"]
    for r in data["first_to_act"]:
        assert int(changed[f"first to act differs, round {r['round']}"][0]) == r["changed"]["count"]
    # the forced bets apart from the play
    assert int(changed["forced bets differ (antes, blinds, bring-in)"][0]) == data["forced_bet_changes"]["count"]
    assert int(changed["the play changes (someone acts otherwise)"][0]) == data["play_changes"]["count"]
    # the divergence chart has the same percentages
    bars = {b["data-label"]: b["data-value"] for b in page.sections["summary"]["svgs"][0]}
    assert close(bars["winner changes"], data["winner_changes"]["percent"])

    # pot sizes: one chart, A and B overlaid on the JSON's shared bins
    (hist,) = page.sections["pots"]["svgs"]
    edges = data["pot_histogram"]["edges"]
    for side, name in (("a", "A"), ("b", "B")):
        series = [r for r in hist if r.get("data-series", "").startswith(f"{name}:")]
        assert [int(r["data-count"]) for r in series] == data["pot_histogram"][side]
        assert [float(r["data-low"]) for r in series] == pytest.approx(edges[:-1], rel=1e-3)
    assert sum(data["pot_histogram"]["a"]) == sum(data["pot_histogram"]["b"]) == data["deals"] == 60

    # net per seat: the table's means and the chart's bars are the JSON's
    seats = table_rows(page.sections["net"]["tables"][0])
    bars = {(b["data-label"], b["data-series"][0]): b for b in page.sections["net"]["svgs"][0] if "data-label" in b}
    for seat, p in data["net_by_seat"].items():
        assert close(seats[seat][0], p["a"]["mean"]) and close(seats[seat][2], p["b"]["mean"])
        assert close(seats[seat][4], p["difference"]["mean"])
        assert int(seats[seat][6]) == data["a"]["bring_in_by_seat"][seat]
        for side, name in (("a", "A"), ("b", "B")):
            assert close(bars[seat, name]["data-value"], p[side]["mean"])
    policies = table_rows(page.sections["net"]["tables"][1])
    for k, p in data["net_by_policy"].items():
        assert close(policies[k][0], p["a"]["mean"])

    # diverging deals: one table each, the first differing event marked
    deals = page.sections["examples"]["tables"]
    assert len(deals) == len(data["examples"]) == 2
    for table, ex in zip(deals, data["examples"]):
        assert len(table) - 1 == max(len(ex["a"]["events"]), len(ex["b"]["events"]))
    assert text.count('class="differs"') >= 2


def test_the_net_result_bars_start_at_zero_and_point_the_way_of_their_sign(fr):
    he = load_variant("five-card-stud-he")
    c = compare(fr, he, deals=200, seed=1)
    page = parse(html_report(c))
    bars = [b for b in page.sections["net"]["svgs"][0] if "data-label" in b]
    signs = set()
    for b in bars:
        x, w, zero = float(b["x"]), float(b["width"]), float(b["data-zero"])
        value = float(b["data-value"])
        signs.add(value > 0)
        if value < 0:  # drawn to the left, ending at the zero line
            assert x + w == pytest.approx(zero, abs=0.15)
        else:  # drawn to the right, starting at it
            assert x == pytest.approx(zero, abs=0.15)
        # the whisker's interval holds the mean
        assert float(b["data-low"]) <= value <= float(b["data-high"])
    assert signs == {True, False}  # both ways occur in this run
    # A and B in two colours
    assert {b["class"] for b in bars} == {"bar s0", "bar s1"}


def test_bin_counts_match_the_pot_histogram(fr, fr_bring_in_8):
    c = compare(fr, fr_bring_in_8, deals=20, seed=1, policies=["random"])
    edges = c.pot_histogram["edges"]
    pots = list(Counter(c.pot_counts_a).elements())  # every deal's pot
    assert len(pots) == 20
    counts, _ = bin_counts(pots, len(edges) - 1, (edges[0], edges[-1]))
    assert counts == c.pot_histogram["a"]
    page = parse(html_report(c, diff(fr, fr_bring_in_8)))
    assert page.sections["rules"]["tables"][0][1][1] == "bring-in"


# --- the command line -------------------------------------------------------------------


def test_cli_json(capsys):
    assert (
        main(
            [
                *("compare", FR, FR, "--stake-b", "bring_in=8", "-n", "20", "--seed", "1", "--players", "3"),
                *("--policy", "check-call", "--json"),
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["pot"]["difference"]["mean"] == 9  # 3 players, 3 chips more each
    assert data["a"]["label"] == FR and data["b"]["label"] == f"{FR} (bring_in=8)"
    assert data["deals"] == 20 and data["players"] == ["P1", "P2", "P3"]


def test_cli_text_report_shows_the_deals_side_by_side(capsys):
    # check/call, 4 players, bring-in 5 -> 8: every pot 12 chips larger (3 from each player)
    argv = ["compare", FR, FR, "--stake-b", "bring_in=8", "-n", "5", "--policy", "check-call", "--examples", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    # five deals of one same difference are too few to show nothing varies: no interval
    assert "average pot" in out and "+12 (no interval: 5 equal deals)" in out
    # only the amounts change: no deal to show
    assert not [line for line in out.splitlines() if line.startswith("\u25b6")]
    assert main(["compare", FR, "five-card-stud-he", "-n", "20", "--examples", "1"]) == 0
    marked = [line for line in capsys.readouterr().out.splitlines() if line.startswith("\u25b6")]
    assert len(marked) == 1 and "|" in marked[0]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["compare", FR, "no-such-variant", "-n", "5"], "no-such-variant"),
        # --players the game cannot seat: a usage error (tests/test_cli_newcomer.py)
        (["compare", FR, FR, "-n", "5", "--stake-b", "bring_ni=3"], "did you mean 'bring_in'"),
        (["compare", FR, FR, "-n", "5", "--option-a", "ties=odd"], "unknown option 'ties'"),
    ],
)
def test_cli_bad_arguments_give_a_message_not_a_traceback(capsys, argv, message):
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_cli_html_into_a_folder_or_a_missing_folder_is_refused(capsys, tmp_path):
    assert main(["compare", FR, FR, "-n", "2", "--html", str(tmp_path)]) == 1
    assert "that is a folder" in capsys.readouterr().err
    assert main(["compare", FR, FR, "-n", "2", "--html", str(tmp_path / "no" / "x.html")]) == 1
    assert "there is no folder" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, words",
    [
        (["-n", "0"], "must be at least 1"),
        (["-n", "many"], "is not a whole number"),
        (["--seed", "-1"], "a seed is a whole number from 0"),
        (["--policy", "shark"], "unknown bot 'shark'"),
        (["--stake-a", "bring_in"], "'bring_in' must be written NAME=VALUE"),
    ],
)
def test_cli_bad_numbers_bots_and_stakes_are_usage_errors(capsys, argv, words):
    with pytest.raises(SystemExit) as exit_:
        main(["compare", FR, FR, *argv])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "error:" in err and words in err


def test_ctrl_c_stops_early_and_reports_the_deals_played(fr):
    def progress(done, total):
        if done == 4:
            raise KeyboardInterrupt

    c = compare(fr, fr, deals=10, seed=1, progress=progress)
    assert c.interrupted and (c.deals, c.requested) == (4, 10)
    assert c.to_dict()["interrupted"] is True and sum(c.pot_histogram["a"]) == 4


# --- issue 16: bots that play, forced bets apart, examples that matter, a plain summary ---------


def test_the_default_bots_play_so_pots_vary(fr):
    c = compare(fr, load_variant("five-card-stud-he"), deals=100, seed=2)
    assert c.policies == ("sensible",)
    # sensible bots fold and raise: pots of many sizes, not the check/call constant
    assert len(c.pot_counts_a) > 5 and c.pot.a.low < c.pot.a.high
    assert c.showdown.a.mean < 100


def test_the_default_bots_of_a_game_against_the_house_follow_its_own_strategy():
    # caribbean-stud-it names basic: the default bots play as strategy:basic does, deal for deal
    v = load_variant("caribbean-stud-it")
    default = compare(v, v, deals=40, seed=1)
    assert default.policies == ("strategy",)
    named = compare(v, v, deals=40, seed=1, policies=["strategy:basic"])
    assert (default.pot.a.mean, default.showdown.a.mean) == (named.pot.a.mean, named.showdown.a.mean)
    check_call = compare(v, v, deals=40, seed=1, policies=["check-call"])
    assert check_call.pot.a.mean != named.pot.a.mean  # (basic folds some hands: the figures can tell)


def test_examples_are_deals_where_the_winner_or_the_bring_in_changes_first(fr):
    he = load_variant("five-card-stud-he")
    c = compare(fr, he, deals=300, seed=4, examples=6)
    order = {"winner": 0, "bring_in": 1, "play": 2}
    kinds = [ex.why for ex in c.examples]
    assert kinds == sorted(kinds, key=order.__getitem__) and kinds[0] == "winner"
    for ex in c.examples:
        if ex.why == "winner":
            assert ex.winners_a != ex.winners_b

        def bring_in(events):
            return next((e.player for e in events if e.type in ("bring_in", "complete")), None)

        if ex.why == "bring_in":
            assert ex.winners_a == ex.winners_b and bring_in(ex.events_a) != bring_in(ex.events_b)


def significant(text: str) -> list[str]:
    """The numbers with a decimal point in a text (counts and seeds are whole numbers)."""
    return re.findall(r"[-+]?\d[\d,]*\.\d+", text)


def test_the_text_report_gives_three_significant_figures(fr):
    from studrules.analysis.compare_report import format_report

    text = format_report(compare(fr, load_variant("five-card-stud-he"), deals=300, seed=1, examples=0))
    numbers = significant(text)
    assert numbers  # there are fractions to check
    # "-0.3956" has four, "5.6611%" five: never more than three
    assert all(significant_digits(x) <= 3 for x in numbers), [x for x in numbers if significant_digits(x) > 3]


def test_figures_rounds_to_three_significant_figures():
    from studrules.analysis.report_html import figures

    # worked by hand: 5.6611 -> 5.66, -0.3956 -> -0.396, 6.3189 -> 6.32, 0.00012345 -> 0.000123,
    # 9.996 -> 10.0 (shown 10), 123456 -> 123,000
    assert [figures(x) for x in (5.6611, -0.3956, 6.3189, 0.00012345, 9.996, 123456)] == [
        "5.66",
        "-0.396",
        "6.32",
        "0.000123",
        "10",
        "123,000",
    ]
    assert figures(0.5, signed=True) == "+0.5" and figures(-0.5, signed=True) == "-0.5"


def _with_seat_differences(c, **by_seat):
    """The comparison with its seats' B - A replaced (mean, low, high), to read the summary's words."""
    from dataclasses import replace

    from studrules.analysis.comparison import Estimate, Paired

    seats = {k: Paired(p.a, p.b, Estimate(*by_seat[k], n=p.a.n)) for k, p in c.net_by_seat.items()}
    return replace(c, net_by_seat=seats)


def test_the_summary_says_whom_b_favours_in_the_direction_of_the_data(fr, fr_bring_in_8):
    from studrules.analysis.compare_summary import plain_summary

    c = compare(fr, fr_bring_in_8, deals=50, seed=1, policies=["check-call"], labels=("A", "B"))
    # P1 gains 2 chips a deal under B, the interval above 0; P2 loses 1.5, below 0; the rest straddle 0
    text = plain_summary(
        _with_seat_differences(c, P1=(2, 1, 3), P2=(-1.5, -2, -1), P3=(0.1, -1, 1.2), P4=(-0.6, -1.5, 0.3))
    )
    first = text.split(". ")[0]
    assert "favours P1 (+2 chips a deal" in first and "costs P2 (-1.5 chips a deal" in first
    assert "P3" not in first and "P4" not in first and "beyond the noise" in first
    # nothing clear: the largest change is named and said to be within the noise
    text = plain_summary(_with_seat_differences(c, P1=(0.2, -1, 1.4), P2=(-0.9, -2, 0.2), P3=(0, -1, 1), P4=(0, -1, 1)))
    assert text.startswith("Neither rule set favours any seat beyond the noise of 50 deals")
    assert "P2's, is -0.9 chips a deal" in text and "includes 0" in text
    # the bring-in of 8 makes every check/call pot 12 chips larger (4 players, 3 each): B's pot is larger;
    # swapped, A's
    assert "The average pot is 12 chips larger under B (52 against 40), beyond the noise" in plain_summary(c)
    swapped = compare(fr_bring_in_8, fr, deals=50, seed=1, policies=["check-call"], labels=("A", "B"))
    assert "The average pot is 12 chips smaller under B (40 against 52), beyond the noise" in plain_summary(swapped)
    # every deal's forced bets differ; the play never does; only the amounts change
    assert "the play in 0%" in plain_summary(c) and "the forced bets differ in 100%" in plain_summary(c)


def test_the_summary_of_a_game_against_the_house_says_whom_the_rules_favour():
    from dataclasses import replace

    from studrules.analysis.compare_summary import plain_summary
    from studrules.analysis.comparison import Estimate, Paired

    v = load_variant("caribbean-stud-it")
    c = compare(v, v, deals=20, seed=3)

    def edge(a, b, low, high):
        return replace(
            c, house_edge=Paired(Estimate(a, a, a, 20), Estimate(b, b, b, 20), Estimate(b - a, low, high, 20))
        )

    # the house edge 2.5 points higher under B, the interval above 0: B favours the house
    text = plain_summary(edge(3, 5.5, 1, 4))
    assert "favours the house: the house edge (side bets included) is 2.5 points of the antes higher" in text
    # lower under B, the interval below 0: the players
    assert "favours the players" in plain_summary(edge(5.5, 3, -4, -1))
    # an interval around 0: neither
    assert plain_summary(edge(3, 3.5, -1, 2)).startswith("Neither rule set favours the house beyond the noise")


def test_with_several_bots_the_summary_names_the_bots_each_way_the_data_goes():
    from studrules.analysis.compare_summary import beyond_noise, plain_summary

    c = compare(
        load_variant("seven-card-stud"), load_variant("razz"), deals=200, seed=1, policies=["sensible", "random"]
    )
    first = plain_summary(c).split("beyond the noise")[0]
    clear = {k: p.difference for k, p in c.net_by_policy.items() if beyond_noise(p.difference)}
    assert clear  # in a pot game one bot's gain is the other's loss: here beyond the noise
    for name, e in clear.items():
        assert ("favours" if e.mean > 0 else "costs") + f" the {name} bots" in first


def test_a_few_very_large_pots_go_to_one_last_and_more_bin(fr):
    """French against Hebrew (sensible bots): most pots are small, a few run to
    several hundred chips; the pots past the 95th percentile share one last bin."""
    he = load_variant("five-card-stud-he")
    c = compare(fr, he, deals=400, seed=1)
    h = c.pot_histogram
    pots_a, pots_b = (list(Counter(counts).elements()) for counts in (c.pot_counts_a, c.pot_counts_b))
    assert len(pots_a) == len(pots_b) == 400  # every deal's pot, once
    pots = sorted(pots_a + pots_b)
    p95 = pots[math.ceil(0.95 * len(pots)) - 1]  # the nearest-rank 95th percentile
    assert pots[-1] - pots[0] > 2 * (p95 - pots[0])  # the run has the long tail the rule is for
    assert h["last_bin_open"] is True and h["edges"][-1] == pots[-1] + 1
    assert p95 <= h["edges"][-2]  # the percentile falls in a regular bin
    # brute force: each regular bin counts the pots in [low, high), the open one every pot from its low edge
    for side, mine in (("a", pots_a), ("b", pots_b)):
        edges = h["edges"]
        expected = [sum(lo <= x < hi for x in mine) for lo, hi in zip(edges[:-2], edges[1:-1])]
        expected.append(sum(x >= edges[-2] for x in mine))
        assert h[side] == expected
    assert c.to_dict()["pot_histogram"]["last_bin_open"] is True
    # the text report ends its bins with "and more"; the page's chart has the extra bar and says so
    text = format_report(c)
    assert f"\n{figures(h['edges'][-2])} and more" in text
    page = parse(html_report(c, diff(fr, he)))
    (bars,) = page.sections["pots"]["svgs"]
    assert len([b for b in bars if b.get("data-series", "").startswith("A:")]) == len(h["a"])
    assert "and more" in html_report(c, diff(fr, he))


def test_the_strategy_bot_is_refused_for_pot_games_and_one_deal_diverges_in_the_singular(capsys):
    # an audit's findings: --bots strategy in a pot game played check/call quietly (every deal
    # the same pot); "1 deals diverge"
    from cli_support import run

    code, _, err = run(capsys, "compare", FR, "five-card-stud-he", "--bots", "strategy", "-n", "5")
    assert code == 2
    assert "the 'strategy' bot plays a game against the house by its own strategy" in err
    with pytest.raises(ArgumentError, match="five-card-stud-fr is a pot game with none"):
        compare(load_variant(FR), load_variant("five-card-stud-he"), deals=2, seed=0, policies=["strategy"])
    from studrules.analysis.compare_report import no_example_note

    c = compare(load_variant(FR), load_variant(FR, stakes={"bring_in": 8}), deals=1, seed=0, policies=["check-call"])
    assert no_example_note(c).startswith("1 deal differs in the forced bets")
