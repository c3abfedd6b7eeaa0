"""A game against the house in a real browser: Chromium, driven by Playwright
(the fixtures of tests/test_web_browser.py; marked ``browser``, run with
``pytest -m browser``)."""

from __future__ import annotations

import re

import pytest
from test_web_browser import browser, server, shots  # noqa: F401  (the fixtures)

pytestmark = pytest.mark.browser

TCP = "three-card-poker"


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
    page.fill("#side-bet-pair_plus", "10")
    page.click("#side-bet-button-pair_plus")
    page.wait_for_function("document.getElementById('side-bet-limits-pair_plus').textContent.includes('now 10')")
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
