"""Load: one server process keeping N tables of six bots playing at full speed.

The server is the real one (:class:`studrules.web.app.Server`: its rooms,
each room's timer task on one asyncio loop, every finished hand written to
the SQLite store) with no pause between hands; the tables deal the French
and the Hebrew five-card stud in turn, six ``sensible`` bots each. It runs
for ``--seconds`` and reports the hands per second of the whole server, per
table, and the worst lateness of the event loop (how late a timer of a
person's turn would fire: the other tables' hands between two ticks).

The peer, in the same run: the same six bots and games played by a bare
:class:`~studrules.table.session.Session` in a loop (no server, no store),
so the ratio is what serving costs.

    python benchmarks/web_load.py [--tables N] [--seconds S] [--repeat R]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from studrules.game.policies import make_policy
from studrules.table.session import Session
from studrules.web.app import Server

GAMES = ["five-card-stud-fr", "five-card-stud-he"]
BOTS = 6
BUY_IN = 1_000_000  # deep stacks: nobody goes broke during the run


def served(tables: int, seconds: float) -> tuple[float, float, int]:
    """Hands per second of one server with ``tables`` tables of bots, the
    loop's worst lateness in ms, and the tables still playing at the end."""

    async def main() -> tuple[float, float, int]:
        with tempfile.TemporaryDirectory() as tmp:
            server = Server(Path(tmp) / "load.db")
            rooms = [
                server.bot_table({"variants": GAMES, "seats": BOTS, "pause": 0, "buy_in": BUY_IN})
                for _ in range(tables)
            ]
            for room in rooms:
                server.ensure_task(room)
            worst = 0.0
            start = time.perf_counter()
            end = start + seconds
            while (now := time.perf_counter()) < end:
                await asyncio.sleep(0.01)
                worst = max(worst, time.perf_counter() - now - 0.01)
            elapsed = time.perf_counter() - start
            hands = sum(r.hands_before + (r.report.number if r.report else 0) for r in rooms)
            playing = sum(r.state in ("playing", "between") for r in rooms)
            for task in server.tasks.values():
                task.cancel()
            await asyncio.gather(*server.tasks.values(), return_exceptions=True)
            server.store.close()
            return hands / elapsed, worst * 1000, playing

    return asyncio.run(main())


def bare(seconds: float) -> float:
    """Hands per second of the same bots and games in a bare Session."""
    names = [f"B{i}" for i in range(1, BOTS + 1)]
    session = Session(GAMES, names, {n: make_policy("sensible") for n in names}, stacks=BUY_IN)
    start = time.perf_counter()
    hands = 0
    while time.perf_counter() - start < seconds:
        if session.play_next() is None:
            break
        hands += 1
    return hands / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--repeat", type=int, default=2, help="measure each side R times, in turn; keep the best")
    args = parser.parse_args()
    peer = rate = lateness = 0.0
    playing = 0
    for _ in range(args.repeat):  # in turn, so a busy machine slows both alike
        peer = max(peer, bare(min(args.seconds, 5.0)))
        r, late, playing = served(args.tables, args.seconds)
        if r > rate:
            rate, lateness = r, late
    print(f"{args.tables} tables of {BOTS} bots, {args.seconds:g} s, games {', '.join(GAMES)}")
    print(f"  server: {rate:,.0f} hands/s ({rate / args.tables:,.1f} per table), {playing} tables still playing")
    print(f"  event loop: worst lateness {lateness:,.0f} ms")
    print(f"  bare Session, same bots and games: {peer:,.0f} hands/s; server / bare = {rate / peer:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
