"""`studrules compare`: the same deals under two rule sets (issue 7).

Issue 7: "Plays the same deals — the same shuffled deck for each deal — with
the same policies under both rule sets, and reports side by side ..." and
"`compare` of a variant against itself shows no divergence; `compare` of two
variants differing only in the bring-in amount shows the expected change in
pot size."
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from studrules.analysis.compare import compare, deal_seed, first_difference
from studrules.analysis.compare_report import html_report
from studrules.analysis.diff import diff
from studrules.analysis.report_html import _number as shown, bin_counts
from studrules.cli.main import main
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
    assert c.pots_a == c.pots_b
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
    c = compare(fr, fr_bring_in_8, deals=40, seed=2, players=players)
    assert set(c.pots_a) == {players * 10}
    assert set(c.pots_b) == {players * 13}
    assert c.pot.difference.mean == 3 * players
    assert (c.pot.difference.low, c.pot.difference.high) == (3 * players, 3 * players)
    # the amount changes, not who pays it, who acts first or who wins
    assert c.bring_in_changes.count == 0 and c.bring_in_changes.of == 40
    assert all(r.changed.count == 0 for r in c.first_to_act)
    assert c.winner_changes.count == 0
    # every hand is played to the showdown and the winner takes 3 more from each other player
    assert c.showdown.a.mean == c.showdown.b.mean == 100
    assert c.result_changes.count == 40


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


def test_both_rule_sets_get_the_same_cards_in_the_same_order(fr, fr_bring_in_8):
    c = compare(fr, fr_bring_in_8, deals=5, seed=9, examples=5)
    assert len(c.examples) == 5
    for ex in c.examples:
        deals_a = [(e.player, str(e.card)) for e in ex.events_a if e.type == "deal"]
        deals_b = [(e.player, str(e.card)) for e in ex.events_b if e.type == "deal"]
        assert deals_a == deals_b and len(deals_a) == 4 * 5
        # the first difference is the bring-in itself (5 against 8)
        part = ex.events_a[ex.first_difference]
        assert part.type == "bring_in" and (part.amount, ex.events_b[ex.first_difference].amount) == (5, 8)
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
    with pytest.raises(StudrulesError, match="at least 1"):
        compare(fr, fr, deals=0, seed=1)
    with pytest.raises(StudrulesError, match="unknown bot 'shark'"):
        compare(fr, fr, deals=5, seed=1, policies=["shark"])


# --- the HTML page -----------------------------------------------------------------


class Page(HTMLParser):
    """Checks nesting; collects per section its tables (rows of cell texts) and SVG rects."""

    VOID = {"meta", "br", "img", "input", "link", "hr"}

    def __init__(self):
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: list[str] = []
        self.sections: dict[str, dict] = {}
        self.section: dict | None = None
        self.cell: list[str] | None = None
        self.svgs: list[list[dict]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append(tag)
        if tag == "section":
            self.section = self.sections[attrs["id"]] = {"tables": [], "svgs": []}
        elif tag == "table":
            self.section["tables"].append([])
        elif tag == "tr":
            self.section["tables"][-1].append([])
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "svg":
            self.section["svgs"].append([])
        elif tag == "rect":
            self.section["svgs"][-1].append(attrs)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.section["tables"][-1][-1].append("".join(self.cell))
            self.cell = None
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:]}")
            return
        self.stack.pop()

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def parse(text: str) -> Page:
    page = Page()
    page.feed(text)
    page.close()
    assert page.errors == [] and page.stack == []
    return page


def _rows(table):
    return {row[0]: row[1:] for row in table[1:]}


def test_the_html_report_is_self_contained_and_its_numbers_are_the_json(tmp_path, capsys):
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
    assert list(page.sections) == ["rules", "summary", "pots", "net", "examples"]

    # the rule differences are diff(A, B)
    rules = page.sections["rules"]["tables"][0]
    expected = diff(load_variant(FR), load_variant("five-card-stud-he"))
    assert list(rules[1:]) == [[d.topic, d.rule, d.a, d.b] for d in expected]

    # side by side: mean and CI of A, B and B - A as in the JSON
    summary, changes = page.sections["summary"]["tables"]
    rows = _rows(summary)
    for label, key in (("average pot", "pot"), ("reaches the showdown (%)", "showdown")):
        cells = rows[label]
        for i, side in enumerate(("a", "b", "difference")):
            est = data[key][side]
            assert float(cells[2 * i]) == est["mean"]
            assert [float(x) for x in cells[2 * i + 1].split(" to ")] == est["ci95"]
    changed = _rows(changes)
    assert float(changed["winner changes"][2].rstrip("%")) == data["winner_changes"]["percent"]
    assert int(changed["winner changes"][0]) == data["winner_changes"]["count"]
    for r in data["first_to_act"]:
        assert int(changed[f"first to act differs, round {r['round']}"][0]) == r["changed"]["count"]
    # the divergence chart has the same percentages
    # (bars carry their value to three significant digits)
    bars = {b["data-label"]: b["data-value"] for b in page.sections["summary"]["svgs"][0]}
    assert bars["winner changes"] == shown(data["winner_changes"]["percent"])

    # pot sizes: two histograms with the JSON's shared bins and counts
    hist_a, hist_b = page.sections["pots"]["svgs"]
    edges = data["pot_histogram"]["edges"]
    for svg, side in ((hist_a, "a"), (hist_b, "b")):
        assert [int(r["data-count"]) for r in svg] == data["pot_histogram"][side]
        assert [float(r["data-low"]) for r in svg] == pytest.approx(edges[:-1], rel=1e-3)
    assert sum(data["pot_histogram"]["a"]) == sum(data["pot_histogram"]["b"]) == data["deals"] == 60

    # net per seat: the table's means and the chart's bars are the JSON's
    seats = _rows(page.sections["net"]["tables"][0])
    bars = {b["data-label"]: b["data-value"] for b in page.sections["net"]["svgs"][0]}
    for seat, p in data["net_by_seat"].items():
        assert float(seats[seat][0]) == p["a"]["mean"] and float(seats[seat][2]) == p["b"]["mean"]
        assert float(seats[seat][4]) == p["difference"]["mean"]
        assert int(seats[seat][6]) == data["a"]["bring_in_by_seat"][seat]
        assert bars[f"{seat} A"] == shown(p["a"]["mean"]) and bars[f"{seat} B"] == shown(p["b"]["mean"])
    policies = _rows(page.sections["net"]["tables"][1])
    assert {k: float(v[0]) for k, v in policies.items()} == {
        k: p["a"]["mean"] for k, p in data["net_by_policy"].items()
    }

    # diverging deals: one table each, the first differing event marked
    deals = page.sections["examples"]["tables"]
    assert len(deals) == len(data["examples"]) == 2
    for table, ex in zip(deals, data["examples"]):
        assert len(table) - 1 == max(len(ex["a"]["events"]), len(ex["b"]["events"]))
    assert text.count('class="differs"') >= 2


def test_bin_counts_match_the_pot_histogram(fr, fr_bring_in_8):
    c = compare(fr, fr_bring_in_8, deals=20, seed=1, policies=["random"])
    edges = c.pot_histogram["edges"]
    counts, _ = bin_counts(c.pots_a, len(edges) - 1, (edges[0], edges[-1]))
    assert counts == c.pot_histogram["a"]
    page = parse(html_report(c, diff(fr, fr_bring_in_8)))
    assert page.sections["rules"]["tables"][0][1][1] == "bring-in"


# --- the command line -------------------------------------------------------------------


def test_cli_json(capsys):
    assert (
        main(["compare", FR, FR, "--stake-b", "bring_in=8", "-n", "20", "--seed", "1", "--players", "3", "--json"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["pot"]["difference"]["mean"] == 9  # 3 players, 3 chips more each
    assert data["a"]["label"] == FR and data["b"]["label"] == f"{FR} (bring_in=8)"
    assert data["deals"] == 20 and data["players"] == ["P1", "P2", "P3"]


def test_cli_text_report_shows_the_deals_side_by_side(capsys):
    assert main(["compare", FR, FR, "--stake-b", "bring_in=8", "-n", "5", "--examples", "1"]) == 0
    out = capsys.readouterr().out
    assert "average pot" in out and "+12.00 (12.00 to 12.00)" in out
    marked = [line for line in out.splitlines() if line.startswith("\u25b6")]
    assert len(marked) == 1 and "brings in for 5" in marked[0] and "brings in for 8" in marked[0]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["compare", FR, "no-such-variant", "-n", "5"], "no-such-variant"),
        (["compare", FR, FR, "-n", "5", "--players", "1"], "played by 2 to 10 players, not 1"),
        (["compare", FR, FR, "-n", "5", "--policy", "shark"], "unknown bot 'shark'"),
        (["compare", FR, FR, "-n", "5", "--stake-a", "bring_in"], "must be written NAME=VALUE"),
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


@pytest.mark.parametrize("argv", [["-n", "0"], ["-n", "many"], ["--seed", "-1"]])
def test_cli_bad_numbers_are_usage_errors(capsys, argv):
    with pytest.raises(SystemExit) as exit_:
        main(["compare", FR, FR, *argv])
    assert exit_.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_ctrl_c_stops_early_and_reports_the_deals_played(fr):
    def progress(done, total):
        if done == 4:
            raise KeyboardInterrupt

    c = compare(fr, fr, deals=10, seed=1, progress=progress)
    assert c.interrupted and (c.deals, c.requested) == (4, 10)
    assert c.to_dict()["interrupted"] is True and sum(c.pot_histogram["a"]) == 4
