"""House-edge simulation: statistically right, reproducible, and read from the variant's own rules."""

from __future__ import annotations

import json
import math
import textwrap
from math import comb

import numpy as np
import pytest

from studrules.analysis.batch_settlement import settle_batch
from studrules.analysis.simulate import CHUNK, _play_chunk, _table, _view_batch, deal_batch, simulate
from studrules.cards.batch import evaluate_batch
from studrules.cli.main import main
from studrules.errors import ArgumentError, SpecError, StudrulesError
from studrules.game.settlement import settle_position
from studrules.spec.loader import load_variant
from studrules.spec.model import DecisionStep, SettleStep
from studrules.spec.strategies import load_strategy, view_features

VARIANT = "caribbean-stud-it"

# The house qualifies with ace-king or better ("Se il croupier non possiede la
# combinazione Asso/Re o meglio..."). Of the C(52,5) = 2,598,960 hands, the
# ones below ace-king are the high-card hands (no pair, straight or flush):
# (C(13,5) - 10) rank sets x (4^5 - 4) suit patterns = 1,277 x 1,020 =
# 1,302,540, less the ace-king ones: rank sets A K + 3 of the 11 ranks 2..Q,
# C(11,3) = 165, minus A K Q J T (a straight), 164 x 1,020 = 167,280. So
# 1,135,260 hands do not qualify and 1,463,700 do: 1,463,700 / 2,598,960 = 205/364.
QUALIFIES = (comb(52, 5) - (comb(13, 5) - 10) * 1020 + (comb(11, 3) - 1) * 1020) / comb(52, 5)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def test_the_exact_qualification_rate_worked_by_hand_is_205_of_364():
    assert QUALIFIES == 205 / 364


def test_the_house_qualifies_as_often_as_it_should():
    n = 3 * CHUNK
    result = simulate(VARIANT, "fold", n, seed=2024, workers=2)
    se = math.sqrt(QUALIFIES * (1 - QUALIFIES) / n)  # binomial standard error, about 0.00079
    assert abs(result.house_qualifies - 205 / 364) < 4 * se


def test_always_fold_loses_exactly_the_ante():
    # "In caso di rinuncia... deposita le carte": a fold loses the ante, nothing more.
    result = simulate(VARIANT, "fold", 5000, seed=1, workers=1)
    assert result.house_edge == 100.0
    assert result.ci95 == (100.0, 100.0)
    assert result.element_of_risk == 100.0
    assert result.raise_rate == 0.0
    assert result.net == -10 * 5000


def test_always_raise_raises_every_hand_and_wagers_three_antes():
    # the raise is "il doppio della puntata iniziale": ante 10 + raise 20 a hand
    result = simulate(VARIANT, "raise", 20000, seed=5, workers=1)
    assert result.raise_rate == 1.0
    assert result.wagered == 30 * 20000
    assert result.element_of_risk == pytest.approx(result.house_edge / 3)
    assert all(g.raise_rate == 1.0 for g in result.by_hand)


def test_the_same_seed_gives_the_same_numbers_with_one_or_two_workers():
    n = 2 * CHUNK + 1234
    one = simulate(VARIANT, "basic", n, seed=99, workers=1).to_dict()
    two = simulate(VARIANT, "basic", n, seed=99, workers=2).to_dict()
    for d in (one, two):
        for key in ("workers", "seconds", "hands_per_second"):
            d.pop(key)
    assert one == two
    assert one["hands"] == n
    other = simulate(VARIANT, "basic", n, seed=100, workers=1)
    assert other.net != one["net"]


def test_a_short_pay_table_raises_the_house_edge():
    # Same seed, same deals, same decisions; the short table pays less for a
    # full house or better and the same for the rest, so the player can only lose more.
    standard = simulate(load_variant(VARIANT), "raise", 3 * CHUNK, seed=8, workers=2)
    short = simulate(load_variant(VARIANT, options={"pay_table": "short"}), "raise", 3 * CHUNK, seed=8, workers=2)
    assert short.house_edge > standard.house_edge
    assert short.raise_rate == standard.raise_rate and short.house_qualifies == standard.house_qualifies


def test_a_stake_change_scales_every_result():
    # The raise is 2 * ante, so doubling the ante doubles every bet and every
    # result: the same edge in % of the ante, twice the chips.
    ten = simulate(load_variant(VARIANT), "basic", 30000, seed=4, workers=1)
    twenty = simulate(load_variant(VARIANT, stakes={"ante": 20}), "basic", 30000, seed=4, workers=1)
    assert twenty.net == 2 * ten.net
    assert twenty.house_edge == pytest.approx(ten.house_edge)


def test_an_ante_outside_the_table_limits_is_refused():
    # the file's table limits: antes of 5 to 100 (refused as the variant is loaded, before any hand)
    with pytest.raises(StudrulesError, match="the ante works out to 500, above the table maximum"):
        simulate(load_variant(VARIANT, stakes={"ante": 500}), "basic", 10, seed=1, workers=1)


def test_a_changed_variant_file_changes_the_result(tmp_path):
    # the same game, but the house not qualifying returns the ante instead of paying it
    path = write(
        tmp_path,
        "stingy.yaml",
        """
        name: stingy
        extends: caribbean-stud-it
        steps:
          - settle: {id: settle, not_qualified: {ante: {result: push}, raise: {result: push}}}
        """,
    )
    base = simulate(VARIANT, "raise", 20000, seed=3, workers=1)
    stingy = simulate(load_variant(path), "raise", 20000, seed=3, workers=1)
    assert stingy.net < base.net
    # every raised hand against a house that does not qualify lost exactly its +10
    missing = round(base.house_qualifies * 20000)
    assert base.net - stingy.net == 10 * (20000 - missing)


def _random_hands(n, seed):
    rng = np.random.default_rng(seed)
    cards = deal_batch(rng, n, 10)
    return evaluate_batch(cards[:, :5]), evaluate_batch(cards[:, 5:]), rng.random(n) < 0.7


@pytest.mark.parametrize(
    "overrides",
    [
        None,
        "{id: settle, tie: lose, ante_odds: 2, max_payout: 150}",
        "{id: settle, tie: win, not_qualified: {ante: {result: win, odds: 2}, raise: {result: lose}}, max_payout: 5 * ante}",
        "{id: settle, qualify: house >= pair, pay_table: {pair: 2, royal_flush: 500}}",
        # without a cap every net is looked up by the position's state and hand: each tie rule
        "{id: settle, tie: lose, ante_odds: 2}",
        "{id: settle, tie: win, not_qualified: {ante: {result: win, odds: 2}, raise: {result: lose}}}",
        "{id: settle, ante_bonus: {three_of_a_kind: 2, straight: 3}, not_qualified: {ante: {result: push}}}",
    ],
)
def test_batch_settlement_agrees_with_settle_position(tmp_path, overrides):
    if overrides is None:
        variant = load_variant(VARIANT)
    else:
        path = write(
            tmp_path,
            "v.yaml",
            f"""
            name: v
            extends: caribbean-stud-it
            steps:
              - settle: {overrides}
            """,
        )
        variant = load_variant(path)
    step = variant.steps_of(SettleStep)[0]
    raise_expr = variant.steps_of(DecisionStep)[0].raise_amount
    env = variant.stake_values()
    player, house, raised = _random_hands(4000, 17)
    # a few ties and strong hands, so every rule is exercised
    player[:200] = house[:200]
    player[200:260] = 7462
    net, qualified, amount = settle_batch(
        step, player_value=player, house_value=house, ante=10, raised=raised, raise_amount=raise_expr, env=env
    )
    for i in range(len(player)):
        expected = settle_position(
            step,
            player_value=int(player[i]),
            house_value=int(house[i]),
            ante=10,
            raise_amount=int(amount[i]) if raised[i] else None,
            env=env,
        )
        assert int(net[i]) == expected.net, (i, expected)
    assert amount.tolist() == [20] * len(player)


def test_the_batch_view_is_the_players_view():
    table = _table(load_variant(VARIANT), load_strategy("basic"))
    cards = deal_batch(np.random.default_rng(3), 500, 10)
    features = _view_batch(table, cards[:, :5], cards[:, 5:], evaluate_batch(cards[:, :5]))
    for i in range(500):
        # the house's fifth card is the one dealt face up
        view = view_features(cards[i, :5].tolist(), [int(cards[i, 9])])
        assert {n: int(features[n][i]) for n in features} == {n: int(view[n]) for n in features}


def test_a_chunk_is_dealt_from_its_own_seed():
    table = _table(load_variant(VARIANT), load_strategy("raise"))
    assert _play_chunk(table, 5, 3, 1000) == _play_chunk(table, 5, 3, 1000)
    assert _play_chunk(table, 5, 3, 1000) != _play_chunk(table, 5, 4, 1000)


def test_the_deal_is_uniform_over_ordered_pairs_of_cards():
    # each card uniform among the cards left: every ordered pair of distinct cards
    # at two places of a deal has chance 1 / (52 * 51), whichever places
    cards = deal_batch(np.random.default_rng(11), 265_200, 10).astype(np.int64)
    expected = len(cards) / (52 * 51)  # 100 deals a pair
    off_diagonal = ~np.eye(52, dtype=bool)
    for first, second in ((0, 1), (0, 9), (8, 9)):
        counts = np.bincount(cards[:, first] * 52 + cards[:, second], minlength=52 * 52).reshape(52, 52)
        assert counts[~off_diagonal].sum() == 0
        chi2 = float(((counts[off_diagonal] - expected) ** 2 / expected).sum())
        # 2,651 degrees of freedom: mean 2,651, standard deviation 72.8; 3,000 is 4.8 of them above
        assert chi2 < 3000, (first, second, chi2)


def test_the_deal_is_uniform_over_the_cards():
    cards = deal_batch(np.random.default_rng(0), 20000, 10)
    counts = np.bincount(cards.reshape(-1), minlength=52)
    expected = 20000 * 10 / 52
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < 100  # 51 degrees of freedom: P(chi2 > 100) is below 0.01%
    assert all(len(set(row)) == 10 for row in cards.tolist())


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_and_reports_what_was_played(workers):
    def stop(done, total):
        raise KeyboardInterrupt

    result = simulate(VARIANT, "basic", 6 * CHUNK, seed=1, workers=workers, progress=stop)
    assert result.interrupted
    assert result.hands == CHUNK and result.requested == 6 * CHUNK
    assert result.to_dict()["interrupted"] is True


def test_a_pot_game_cannot_be_simulated():
    with pytest.raises(SpecError, match="against the house"):
        simulate("five-card-stud-fr", "basic", 10, seed=1, workers=1)


def test_the_report_groups_hands_by_kind():
    result = simulate(VARIANT, "basic", 50000, seed=6, workers=1)
    names = [g.name for g in result.by_hand]
    assert names[:3] == ["high_card", "ace_king", "pair"]
    assert sum(g.hands for g in result.by_hand) == result.hands
    assert next(g for g in result.by_hand if g.name == "high_card").raise_rate == 0.0
    assert next(g for g in result.by_hand if g.name == "pair").raise_rate == 1.0


# --- the command line ----------------------------------------------------------


def test_cli_json_has_the_promised_fields(capsys):
    assert (
        main(
            [
                "simulate",
                VARIANT,
                "--strategy",
                "pair-or-better",
                "-n",
                "20000",
                "--seed",
                "3",
                "--json",
                "--workers",
                "1",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    for key in ("hands", "house_edge", "ci95", "element_of_risk", "raise_rate", "house_qualifies"):
        assert key in data
    assert data["hands"] == 20000 and len(data["ci95"]) == 2


def test_cli_report_and_options(capsys):
    assert (
        main(
            [
                "simulate",
                VARIANT,
                "-n",
                "5000",
                "--seed",
                "1",
                "--option",
                "pay_table=short",
                "--stake",
                "ante=20",
                "--workers",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "house edge" in out and "element of risk" in out and "ante 20" in out


def test_cli_unknown_strategy_lists_the_shipped_ones(capsys):
    assert main(["simulate", VARIANT, "--strategy", "martingale", "-n", "10"]) == 1
    err = capsys.readouterr().err
    # a few of the shipped strategies, and where to see them all (simulate --help lists every one)
    assert "no strategy 'martingale'; shipped strategies: ace-king-or-better, basic, " in err  # (by name)
    assert "'studrules simulate --help' shows them all" in err


def test_cli_pot_variant_says_simulate_is_for_games_against_the_house(capsys):
    assert main(["simulate", "five-card-stud-fr", "-n", "10"]) == 1
    assert "games against the house" in capsys.readouterr().err


def test_cli_refuses_an_absurd_number_of_hands_naming_the_limit(capsys, monkeypatch):
    # 10**15 hands would run for years: a usage error (exit 2) before anything is played
    import studrules.cli.simulate as command

    def played(*args, **kwargs):
        raise AssertionError("the hands were played")

    monkeypatch.setattr(command, "simulate", played)
    with pytest.raises(SystemExit) as err:
        main(["simulate", VARIANT, "--strategy", "raise", "-n", str(10**15)])
    assert err.value.code == 2
    assert "must be at most 1,000,000,000,000, not 1,000,000,000,000,000" in capsys.readouterr().err


def test_simulate_refuses_more_hands_than_its_limit(monkeypatch):
    import studrules.analysis.simulate as simulation

    def table(*args):
        raise AssertionError("the table was set for the hands")

    monkeypatch.setattr(simulation, "_table", table)
    with pytest.raises(ArgumentError, match="from 1 to 1,000,000,000,000, not 1,000,000,000,001"):
        simulate(VARIANT, "raise", 10**12 + 1, 0, workers=1)


# --- published exact results (long) ----------------------------------------------

# The Wizard of Odds' exact analysis over all 19,933,230,517,200 deals
# (wizardofodds.com, Caribbean Stud Poker, "strategy statistics"): total loss
# in units of the ante for each strategy under the standard pay table.
DEALS = 19_933_230_517_200
PUBLISHED = {
    "basic": 1_041_417_758_724 / DEALS * 100,  # "three rules of thumb": 5.225%
    "raise": 3_310_360_338_060 / DEALS * 100,  # "playing blind": 16.607%
    "pair-or-better": 1_090_272_101_460 / DEALS * 100,  # 5.470%
}


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_house_edges_match_the_published_exact_values(name):
    # 20M hands: a standard error of about 0.05% of the ante (0.12% for always
    # raise); 4 standard errors leave a false alarm under 1 in 15,000.
    result = simulate(VARIANT, name, 20_000_000, seed=2718, workers=2)
    se = (result.ci95[1] - result.ci95[0]) / 2 / 1.96
    assert abs(result.house_edge - PUBLISHED[name]) < 4 * se, (result.house_edge, PUBLISHED[name], se)


def test_a_run_stopped_before_any_hand_reports_no_figures():
    # Ctrl-C before the first chunk is counted: 0 hands, and no house edge of 0.000% made up
    from dataclasses import replace

    from studrules.cli.simulate import format_report

    played = simulate(VARIANT, "basic", 200, seed=1, workers=1)
    stopped = replace(played, hands=0, interrupted=True)
    lines = format_report(stopped).splitlines()
    assert lines[0].endswith("(interrupted: 0 of 200)")
    assert lines[1:] == ["  no hand was played: nothing to report"]
    assert "house edge" in format_report(played)


def test_a_few_hands_give_student_s_interval_and_one_hand_none():
    # one hand: nothing measures the spread, so no interval (JSON null, "no interval: 1 hand")
    one = simulate(load_variant(VARIANT), "raise", 1, seed=1, workers=1)
    assert one.hands == 1 and one.ci95 is None and one.half_width is None
    assert one.to_dict()["ci95"] is None
    # two hands: the edge's half-width is t(0.975, 1 degree of freedom) = 12.706205 standard
    # errors, the standard error being std / sqrt(2) (std in antes, the edge in % of the ante);
    # the normal 1.96 would claim an interval 6.5 times narrower
    two = simulate(load_variant(VARIANT), "raise", 2, seed=1, workers=1)
    assert two.std > 0
    assert two.half_width == pytest.approx(100 * 12.706205 * two.std / math.sqrt(2), rel=1e-6)
    # the interval in chips: nets of -10 and -5 with an ante of 10 average -7.5 chips (75% of the
    # ante), std sqrt(12.5) = 3.5355, standard error 2.5 chips, x 12.706205 = 31.7655 chips:
    # 75% +- 317.655%
    from studrules.analysis.simulate_result import _edge_interval

    low, high = _edge_interval(2, -15, 10 * 10 + 5 * 5, 10)
    assert (round(low, 3), round(high, 3)) == (-242.655, 392.655)


def test_the_report_of_one_hand_says_it_gives_no_interval(capsys):
    main(["simulate", VARIANT, "--strategy", "raise", "-n", "1", "--workers", "1"])
    out = capsys.readouterr().out
    assert ": 1 hand, seed 0" in out and "(no interval: 1 hand)" in out and "95% CI" not in out


def test_the_report_names_a_side_bet_in_words_and_the_json_by_its_name(capsys):
    argv = ["simulate", "three-card-poker", "--strategy", "queen-six-four", "--stake", "pair_plus=10"]
    assert main([*argv, "-n", "2000", "--seed", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "side bet pair plus: " in out and "pair_plus" not in out  # as analyze and the tables write it
    assert main([*argv, "-n", "2000", "--seed", "1", "--workers", "1", "--json"]) == 0
    assert "pair_plus" in capsys.readouterr().out  # (the JSON keeps the file's name of the bet)
