"""A game against the house in a real browser: Chromium, driven by Playwright
(the fixtures of tests/test_web_browser.py; marked ``browser``, run with
``pytest -m browser``)."""

from __future__ import annotations

import re

import pytest
from test_web_browser import browser, server, shots  # noqa: F401  (the fixtures)
from web_support import deal_every_hand, table_by_api

pytestmark = pytest.mark.browser

TCP = "three-card-poker"


def _stake_pair_plus(page, chips: int) -> None:
    """The player stakes ``chips`` on the Pair Plus from the page's form, and sees it taken."""
    page.fill("#side-bet-pair_plus", str(chips))
    page.click("#side-bet-button-pair_plus")
    page.wait_for_function(f"document.getElementById('side-bet-limits-pair_plus').textContent.includes('now {chips}')")


def test_a_player_and_a_bot_play_three_card_poker_against_the_house_from_the_page(browser, server, shots):  # noqa: F811
    page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    page.goto(server + "/")
    page.fill("#host", "Ann")
    # the game is offered in its own group, against the house
    assert "Against the house" in page.locator("#house-games").locator("xpath=..").inner_text()
    assert page.locator(f'#games input[value="{TCP}"]').count() == 0
    page.locator(f'#house-games input[value="{TCP}"]').check()
    page.fill("#seats", "2")
    shots(page, "create")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#host:not([hidden])")
    page.click("#add-bot")
    page.wait_for_function("document.querySelectorAll('#seats li:not(.empty)').length === 2")
    assert "Bot1 (bot" in page.locator("#seats").inner_text()

    # Ann antes 20 (the table's limits: 5 to 100) before the first hand
    page.wait_for_selector("#ante-form:not([hidden])")
    assert page.locator("#ante-limits").inner_text().startswith("(5 to 100")
    page.fill("#ante", "20")
    page.click("#ante-button")
    page.wait_for_function("document.getElementById('ante-limits').textContent.includes('now 20')")
    # and makes the Pair Plus, 10 (no limit but her stack: the table stakes none unless one chooses)
    page.wait_for_selector("#side-bets-form:not([hidden])")
    assert page.locator("#side-bet-limits-pair_plus").inner_text() == "(1 or more; now none)"
    _stake_pair_plus(page, 10)
    page.click("#start")

    # her turn: the house's three cards face down in the middle, her box with its ante,
    # and the game's decision as buttons: fold, or play a wager equal to her ante
    page.wait_for_selector('#actions button[data-verb="raise"]')
    assert page.locator("#house-cards .card.back").count() == 3
    assert page.locator("#house-cards .card:not(.back)").count() == 0
    assert "ante 20, pair plus 10" in page.locator("#seats li").first.inner_text()
    assert page.locator('#actions button[data-verb="fold"]').count() == 1
    assert page.locator('#actions button[data-verb="raise"]').inner_text() == "raise 20"
    assert "against the house" in page.locator("#game-line").inner_text()
    shots(page, "decision")
    page.click('#actions button[data-verb="raise"]')

    # the bot decides by the game's own strategy, the house turns its cards up, each box is settled
    page.wait_for_selector('#seats .settled[data-player="Ann"]')
    line = page.locator('#seats .settled[data-player="Ann"]').inner_text()
    assert re.fullmatch(r"Ann's hand: .+; .+: [+-]?\d+", line), line
    assert page.locator('#seats .settled[data-player="Bot1"]').count() == 1
    assert page.locator("#house-cards .card:not(.back)").count() == 3
    assert re.search(
        r"The house has .+\. The house's net this hand: [+-]?\d+\.", page.locator("#house-words").inner_text()
    )
    assert "ante 20, pair plus 10, wagers 20" in page.locator("#seats li").first.inner_text()
    results = page.locator("#result").inner_text()
    assert "the house has" in results and "Ann: ante 20, pair plus 10, wagers 20" in results
    assert re.search(r"pair plus 10 (wins \d+|loses)", line), line
    shots(page, "settled")


def test_a_player_alone_against_the_house_sees_his_stack_behind_his_bets_and_his_side_bets_checked(
    browser,  # noqa: F811
    server,  # noqa: F811
    shots,  # noqa: F811
    monkeypatch,
):
    # a table made by the API, for its pause of a minute (the page's form leaves it at the default):
    # Three Card Poker, Ann alone, a buy-in of 30; every hand her king high against the house's ace
    # high, which qualifies (the server runs in this process: its hands are dealt these cards)
    deal_every_hand(monkeypatch, {"Ann": "Kc 9d 4h", "house": "As Jh 3d"})
    page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    body = {"host": "Ann", "variants": ["three-card-poker"], "seats": 2, "buy_in": 30, "pause": 60, "seed": 3}
    table_by_api(page, server, body)
    page.wait_for_selector("#side-bets-form:not([hidden])")

    # the side-bet field: nothing typed, or a part of a chip, is explained by the page and nothing is sent
    page.click("#side-bet-button-pair_plus")
    assert page.locator("#error").inner_text() == "A pair plus is a whole number of chips, 0 for none: type one."
    page.fill("#side-bet-pair_plus", "2.5")
    page.click("#side-bet-button-pair_plus")
    assert page.locator("#error").inner_text() == "A pair plus is a whole number of chips, 0 for none, not “2.5”."
    # more than her 30 covers with an ante of 10 and a play of 10: refused, with the most, 30 - 20 = 10
    page.fill("#side-bet-pair_plus", "1000")
    page.click("#side-bet-button-pair_plus")
    page.wait_for_function("document.getElementById('error').textContent.includes('cannot cover')")
    assert page.locator("#error").inner_text() == (
        "your stack of 30 cannot cover a pair plus of 1000 with your ante and the raises:"
        " the most you can stake on it now is 10 (0: none)"
    )
    assert page.locator("#side-bet-limits-pair_plus").inner_text() == "(1 or more; now none)"
    _stake_pair_plus(page, 10)
    page.click("#start")

    # her decision: 30 less her ante 10 and her Pair Plus 10: 10 behind them
    page.wait_for_selector('#actions button[data-verb="raise"]')
    assert "stack 10, ante 10, pair plus 10" in page.locator("#seats li").first.inner_text()
    shots(page, "stack-behind-the-bets")
    page.click('#actions button[data-verb="raise"]')
    # her king high loses to the house's ace high: the ante, the play and the Pair Plus (no pair), 30: she
    # has none left; the events say the bet in the terminal's words
    page.wait_for_function("document.getElementById('events').textContent.includes('Ann loses 30')")
    events = page.locator("#events").inner_text()
    assert "pair plus 10 loses)" in events and "pair_plus" not in events
    page.wait_for_selector("#rebuy-note:not([hidden])")
    assert "stack 0," in page.locator("#seats li").first.inner_text()

    # she buys in again during the pause: her seat reads the 30 bought before the next hand
    page.click("#rebuy")
    page.wait_for_function("document.getElementById('seats').textContent.includes('1 rebuy, 60 bought in')")
    seat = page.locator("#seats li").first.inner_text()
    assert "stack 30," in seat and "Hand 1" in page.locator("#game-line").inner_text()
    shots(page, "bought-in-again")
