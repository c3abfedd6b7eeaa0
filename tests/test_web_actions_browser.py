"""The action buttons in a real browser: one click sends one action, and a refused one
gives the buttons back (Chromium, driven by Playwright: the fixtures of
tests/test_web_browser.py; marked ``browser``, run with ``pytest -m browser``)."""

from __future__ import annotations

import json

import pytest
from test_web_browser import _amount_field, _create, _start_with_a_bot, browser, server, shots  # noqa: F401  (the fixtures)

pytestmark = pytest.mark.browser

#: Wraps the page's socket to keep every message it sends, before the page's own script runs.
COUNT_SENT = """
window.sentMessages = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) { window.sentMessages.push(data); return send.call(this, data); };
"""


def _page_counting(browser):  # noqa: F811
    page = browser.new_context().new_page()
    page.add_init_script(COUNT_SENT)
    return page


def _acts(page) -> list[dict]:
    return [m for m in map(json.loads, page.evaluate("window.sentMessages")) if m.get("type") == "act"]


def test_a_double_click_on_an_action_sends_it_once(browser, server, shots):  # noqa: F811
    # Two clicks at once on a button (a double click, a second tap): the first goes to the
    # table and holds every action control until the table's next view; the second is
    # not sent (before, it went too, and the table refused it as played at a turn gone)
    page = _page_counting(browser)
    _create(page, server, "Ann", "five-card-stud-fr", 2)
    _start_with_a_bot(page)
    page.wait_for_selector("#actions button")
    before = len(_acts(page))
    page.evaluate("() => { const b = document.querySelector('#actions button'); b.click(); b.click(); }")
    shots(page, "double-click")
    page.wait_for_timeout(500)
    assert len(_acts(page)) == before + 1
    assert page.locator("#error").inner_text() == ""


def test_an_action_the_table_refuses_gives_the_buttons_back(browser, server, shots):  # noqa: F811
    # The Russian home game is no limit: a bet beyond the stack, typed in the amount field,
    # is refused by the table; the page says why and the player may choose again
    page = _page_counting(browser)
    _create(page, server, "Ann", "five-card-stud-ru-home", 2)
    _start_with_a_bot(page)
    field, verb = _amount_field(page)
    field.fill(str(int(field.get_attribute("max")) + 1000))
    page.locator(f'#actions button[data-verb="{verb}"]').click()
    page.wait_for_function("document.getElementById('error').textContent !== ''")
    shots(page, "refused")
    assert page.locator("#actions button:disabled").count() == 0
    assert page.locator(f'#actions button[data-verb="{verb}"]').is_enabled()
    assert page.locator("#actions").get_attribute("aria-busy") == "false"


@pytest.mark.parametrize("name", ["constructor", "__proto__", "hasOwnProperty"])
def test_a_player_named_like_what_every_object_has_does_not_break_the_others_pages(browser, server, shots, name):  # noqa: F811
    # an audit's finding: the page read each seat's cards as up_cards[name], so a friend named
    # "constructor" (or "__proto__") made every other page fail at the first deal: no cards,
    # no buttons ("Your turn." and nothing to click), the turns timing out
    from test_web_browser import _sits_down

    ann = browser.new_context().new_page()
    _create(ann, server, "Ann", "five-card-stud-fr", 2)
    friend = _sits_down(browser, ann, name)
    ann.wait_for_function("document.querySelectorAll('#seats li:not(.empty)').length === 2")
    errors: list[str] = []
    ann.on("pageerror", lambda err: errors.append(str(err)))
    ann.click("#start")
    for _ in range(60):
        if ann.locator("#actions button").count() or friend.locator("#actions button").count():
            break
        ann.wait_for_timeout(200)
    shots(ann, "named")
    assert errors == []
    assert ann.locator("#my-cards .card").count() == 2
    assert ann.locator("#seats li", has_text=name).locator(".card").count() >= 1  # (his up card, his down card's back)


def test_a_bet_beyond_what_a_message_may_carry_gives_the_buttons_back(browser, server, shots):  # noqa: F811
    # an audit's finding: a bet of 2,000,000,000 typed in the field was refused as a message
    # (beyond any amount), a refusal that named no action: the buttons stayed held
    page = _page_counting(browser)
    _create(page, server, "Ann", "five-card-stud-ru-home", 2)
    _start_with_a_bot(page)
    field, verb = _amount_field(page)
    field.fill("2000000000")
    page.locator(f'#actions button[data-verb="{verb}"]').click()
    page.wait_for_function("document.getElementById('error').textContent !== ''")
    assert page.locator(f'#actions button[data-verb="{verb}"]').is_enabled()
