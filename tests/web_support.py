"""What the tests of the browser tables share: Starlette's test client, or the
test module skipped where the 'web' extra is not installed (in CI, where
STUDRULES_REQUIRE_BROWSER is set, these tests must run: a missing extra is an
error there)."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest


def web_test_client() -> Any:
    """Starlette's ``TestClient``; called at a test module's top, it skips the
    module when the web extra is missing."""
    try:
        import httpx  # noqa: F401  (Starlette's test client needs it)
        import starlette  # noqa: F401
    except ImportError:
        if os.environ.get("STUDRULES_REQUIRE_BROWSER"):  # CI: these tests must run
            raise
        pytest.skip("the web extra is not installed: pip install '.[web]'", allow_module_level=True)
    with warnings.catch_warnings():  # Starlette's note that its client prefers httpx2: httpx still works
        warnings.filterwarnings("ignore", message=".*httpx2")
        from starlette.testclient import TestClient
    return TestClient


def deal_every_hand(monkeypatch, cards: dict[str, str]) -> None:
    """Every hand a session deals from now on gets ``cards`` (``{name: "7s 7d 2c", "house": ...,
    "community": ...}``, the hand's own ``cards=``)."""
    from studrules.game import hand as hand_module

    real = hand_module.Hand

    class Dealt(real):  # type: ignore[valid-type, misc]
        def __init__(self, *args, **kwargs):
            super().__init__(*args, cards=cards, **kwargs)

    monkeypatch.setattr(hand_module, "Hand", Dealt)


class Clock:
    """A table's clock the test moves by hand (``clock.now``, seconds)."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def table_by_api(page, server: str, body: dict[str, Any]) -> str:
    """The table a page makes by the API with ``body`` (settings the create form leaves at their
    defaults: a pause, a seed, options), its host's token kept as the page keeps it, and the
    page at the table: the table's id."""
    page.goto(server + "/")
    table = page.evaluate(
        """async (body) => {
        const r = await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
                                             body: JSON.stringify(body)});
        const t = await r.json();
        localStorage.setItem("studrules-token-" + t.table, t.token);
        return t.table;
    }""",
        body,
    )
    page.goto(f"{server}/t/{table}")
    return table


def bot_and_start(ws) -> dict:
    """At a table's socket, its host seats a bot and starts: the state he is sent then."""
    ws.send_json({"type": "bot"})
    ws.receive_json()
    ws.send_json({"type": "start"})
    return ws.receive_json()


@contextlib.contextmanager
def served(app: Any, **settings: Any) -> Iterator[int]:
    """``app`` served by a real uvicorn (in a thread of this process) on a free port of this
    machine, with uvicorn's ``settings``: the port, until the block ends."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, **({"log_level": "critical"} | settings)))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        yield port
    finally:
        server.should_exit = True
        thread.join(10)
