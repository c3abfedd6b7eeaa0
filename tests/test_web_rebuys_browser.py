"""Buying in again in a real browser: Chromium, driven by Playwright (the
fixtures of tests/test_web_browser.py; marked ``browser``, run with
``pytest -m browser``).

Two friends at the French game (five-card-stud-fr.yaml) with a buy-in of 2
at a low limit of 2: an ante of 1 (half the low limit) and a bring-in of 1,
so a player who folds whenever he may has no chip left within a hand or
two, and one who is all in wins or loses everything at once."""

from __future__ import annotations

import time

import pytest
from test_web_browser import _passive, _sits_down, browser, server, shots  # noqa: F401  (the fixtures)

pytestmark = pytest.mark.browser

FR = "five-card-stud-fr"


def _fold_or_play(page) -> bool:
    """Fold if this page may; else check, call, bring in or show. True if it acted."""
    fold = page.locator('#actions button[data-verb="fold"]')
    if fold.count():
        fold.first.click()
        return True
    return _passive(page)


def _ann_and_bob(browser, server, shots, buy_in, rebuy_limit=None):  # noqa: F811
    """Ann makes a table of the French game at a low limit of 2 with ``buy_in`` (and
    ``rebuy_limit``), Bob sits down, Ann starts: their pages once hand 1 is dealt."""
    ann = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    ann.goto(server + "/")
    ann.fill("#host", "Ann")
    ann.locator(f'#games input[value="{FR}"]').check()
    ann.fill("#seats", "2")
    ann.fill("#buy_in", str(buy_in))
    ann.fill("#stakes", "low_limit=2")
    assert ann.locator("input[name=rebuys][value=limit]").is_checked()  # (allowed, up to 3: the default)
    if rebuy_limit is not None:
        ann.fill("#rebuy_limit", str(rebuy_limit))
    shots(ann, "create")
    ann.click("#create-button")
    ann.wait_for_url("**/t/*")
    ann.wait_for_function("document.getElementById('link').textContent.includes('/t/')")
    bob = _sits_down(browser, ann, "Bob")
    ann.wait_for_function("document.querySelectorAll('#seats li:not(.empty)').length === 2")
    ann.click("#start")
    ann.wait_for_function("document.getElementById('game-line').textContent.includes('Hand 1')")
    return ann, bob


def test_a_friend_out_of_chips_sees_the_button_and_buys_in_again(browser, server, shots):  # noqa: F811
    ann, bob = _ann_and_bob(browser, server, shots, buy_in=2, rebuy_limit=1)
    assert "Rebuys: up to 1 a player" in ann.locator("#settings-line").inner_text()
    assert ann.locator("#rebuy-note").is_hidden()

    # Ann folds whenever she may, Bob plays passively, until one of them has lost his chips
    pages = {"Ann": ann, "Bob": bob}
    broke = None
    for _ in range(600):
        broke = next((name for name, page in pages.items() if page.locator("#rebuy-note").is_visible()), None)
        if broke is not None:
            break
        acted = _fold_or_play(ann) or _passive(bob)
        time.sleep(0.2 if acted else 0.1)  # (after an action: its buttons go)
    else:
        raise AssertionError("nobody lost his chips")
    page = pages[broke]
    assert page.locator("#rebuy").inner_text() == "Buy in again for 2 chips"
    assert page.locator("#rebuy-terms").inner_text() == "(rebuy 1 of 1)"
    page.wait_for_function("document.getElementById('seats').textContent.includes('out of chips')")
    shots(page, "out-of-chips")

    page.click("#rebuy")
    # the table says it, the button goes, and every seat sees he bought in twice: 2 + 2 = 4 chips
    for p in pages.values():
        p.wait_for_function(f"document.getElementById('table-log').textContent.includes('{broke} buys in again')")
        p.wait_for_function("document.getElementById('seats').textContent.includes('1 rebuy, 4 bought in')")
    assert page.locator("#rebuy-note").is_hidden()
    # he plays from the next hand: his cards are dealt again
    page.wait_for_function(
        "document.getElementById('my-cards').querySelectorAll('.card').length > 0"
        " && !document.getElementById('seats').textContent.includes('out of chips')"
    )
    shots(page, "bought-in-again")

    # the host's form is filled with the table's rebuys, and changes them
    ann.click("#settings-change summary")
    ann.wait_for_selector("#settings-form", state="visible")
    ann.wait_for_function("document.querySelector('input[name=set-rebuys][value=limit]').checked")
    assert ann.locator("#set-rebuy-limit").input_value() == "1"
    ann.locator("input[name=set-rebuys][value=unlimited]").check()
    ann.click("#settings-button")
    ann.wait_for_function("document.getElementById('table-log').textContent.includes('rebuys')")
    assert "up to 1 a player -> unlimited" in ann.locator("#table-log").text_content()


def test_a_friend_short_of_the_buy_in_tops_up_between_hands(browser, server, shots):  # noqa: F811
    # a buy-in of 20 at a low limit of 2: Ann antes 1 and folds at her first turn, 18 or 19 left
    ann, bob = _ann_and_bob(browser, server, shots, buy_in=20)
    assert ann.locator("#top-up-note").is_hidden()  # (her stack is in play)
    for _ in range(300):
        if ann.locator("#top-up-note").is_visible():
            break
        acted = _fold_or_play(ann) or _passive(bob)
        time.sleep(0.2 if acted else 0.1)
    else:
        raise AssertionError("Ann was never offered a top-up")
    words = ann.locator("#top-up").inner_text()
    assert words in ("Top up to 20 chips (1 more)", "Top up to 20 chips (2 more)")
    assert ann.locator("#top-up-terms").inner_text() == "(rebuy 1 of 3)"
    shots(ann, "top-up")
    ann.click("#top-up")
    for p in (ann, bob):
        p.wait_for_function("document.getElementById('table-log').textContent.includes('up to the buy-in of 20')")
    assert ann.locator("#top-up-note").is_hidden()
