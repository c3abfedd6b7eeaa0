"""The web tables kept in SQLite: a restart loses nothing.

Four tables: ``tables`` (each table's settings, as the host last changed them), ``seats`` (names, a hash of
each secret token, bots, stacks), ``sessions`` (the dealer, the hands
played, who is still playing, how the game ended, and in ``extra`` what else
carries from hand to hand: hands won, a kill's legs, who stood up with what) and ``hands`` (every hand
played, one line of the history form of :mod:`studrules.records.history`:
``studrules replay`` reads them back). Stacks are written when a hand ends,
so a hand in play when the server stops is returned: the chips go back to
their owners and the table deals again.

>>> store = Store(":memory:")
>>> store.save_table("t1", {"variants": ["x"]}, 0.0)
>>> store.load_tables()[0]["id"]
't1'
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

__all__ = ["Store", "store_problem", "token_hash"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, config TEXT NOT NULL, created REAL NOT NULL, state TEXT NOT NULL DEFAULT 'waiting',
    host INTEGER);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL,
    bot TEXT, stack INTEGER NOT NULL, PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS sessions (
    table_id TEXT PRIMARY KEY, dealer TEXT, hands INTEGER NOT NULL, active TEXT NOT NULL,
    last_variant TEXT, reason TEXT, extra TEXT);
CREATE TABLE IF NOT EXISTS hands (
    table_id TEXT NOT NULL, number INTEGER NOT NULL, record TEXT NOT NULL, PRIMARY KEY (table_id, number));
"""


#: each table of the store and the columns it has had from the first (``extra`` and ``host`` came later)
_COLUMNS = {
    "tables": {"id", "config", "created", "state"},
    "seats": {"table_id", "seat", "name", "token_hash", "bot", "stack"},
    "sessions": {"table_id", "dealer", "hands", "active", "last_variant", "reason"},
    "hands": {"table_id", "number", "record"},
}


def store_problem(path: str | Path) -> str | None:
    """Why the SQLite file at ``path`` is not a studrules store, or None when it is one (an SQLite
    file with no tables is one not yet written). Read without changing it.

    >>> import sqlite3, tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> other = os.path.join(folder, "other.db")
    >>> sqlite3.connect(other).execute("CREATE TABLE users (name)").connection.commit()
    >>> store_problem(other)
    'it holds tables of another program (users)'
    >>> Store(os.path.join(folder, "ours.db")).close(); store_problem(os.path.join(folder, "ours.db")) is None
    True
    """
    try:
        db = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as err:
        return f"it cannot be opened ({err})"
    try:
        names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        strange = [name for name in names if name not in _COLUMNS]
        if strange:
            return f"it holds tables of another program ({', '.join(sorted(strange)[:5])})"
        for name in names:
            missing = _COLUMNS[name] - {row[1] for row in db.execute(f"PRAGMA table_info({name})")}
            if missing:
                return f"its table '{name}' has no column {', '.join(sorted(missing))}: another program's"
    except sqlite3.Error as err:
        return f"it cannot be read ({err})"
    finally:
        db.close()
    return None


def token_hash(token: str) -> str:
    """What the store keeps of a secret token (the token itself is never written).

    >>> len(token_hash("abc")), token_hash("abc") == token_hash("abc")
    (64, True)
    """
    return hashlib.sha256(token.encode()).hexdigest()


class Store:
    """The SQLite file at ``path`` (``:memory:`` for none), made if missing."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        self.db = sqlite3.connect(self.path, check_same_thread=False)
        # a write-ahead log, synced at checkpoints: a hand's commit does not wait
        # for the disk, and a crash of the process still loses nothing committed
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(_SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(sessions)")}
        if "extra" not in columns:  # a file written before sessions carried more than the dealer
            self.db.execute("ALTER TABLE sessions ADD COLUMN extra TEXT")
        if "host" not in {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}:
            self.db.execute(
                "ALTER TABLE tables ADD COLUMN host INTEGER"
            )  # (a file written before a host could hand on)
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    def save_table(self, table_id: str, config: dict[str, Any], created: float, state: str = "waiting") -> None:
        with self.db:  # (a table made again keeps its host)
            self.db.execute(
                "INSERT INTO tables (id, config, created, state) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE"
                " SET config = excluded.config, created = excluded.created, state = excluded.state",
                (table_id, json.dumps(config), created, state),
            )

    def save_config(self, table_id: str, config: dict[str, Any]) -> None:
        """The table's settings as the host changed them (its created time and state stay).

        >>> store = Store(":memory:")
        >>> store.save_table("t1", {"variants": ["x"]}, 5.0, "between")
        >>> store.save_config("t1", {"variants": ["y"]})
        >>> [(t["config"], t["created"], t["state"]) for t in store.load_tables()]
        [({'variants': ['y']}, 5.0, 'between')]
        """
        with self.db:
            self.db.execute("UPDATE tables SET config = ? WHERE id = ?", (json.dumps(config), table_id))

    def set_state(self, table_id: str, state: str) -> None:
        with self.db:
            self.db.execute("UPDATE tables SET state = ? WHERE id = ?", (state, table_id))

    def save_seat(self, table_id: str, seat: int, name: str, key: str, bot: str | None, stack: int) -> None:
        """A seat taken: ``key`` is the hash of its token (:func:`token_hash`)."""
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO seats (table_id, seat, name, token_hash, bot, stack) VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, seat, name, key, bot, stack),
            )

    def save_seats(
        self, table_id: str, seats: list[tuple[int, str, str, str | None, int]], session=None, host: int | None = 0
    ) -> None:
        """The table's seats as they are now, ``(seat, name, token hash, bot, stack)``
        each (a seat left empty loses its row), the host's seat number, and, once
        started, its session (see :meth:`save_hand`; ``hands``: the hands played),
        in one transaction."""
        with self.db:
            self.db.execute("UPDATE tables SET host = ? WHERE id = ?", (host, table_id))
            self.db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
            self.db.executemany(
                "INSERT INTO seats (table_id, seat, name, token_hash, bot, stack) VALUES (?, ?, ?, ?, ?, ?)",
                [(table_id, *row) for row in seats],
            )
            if session is not None:
                self._save_session(table_id, session["hands"], session)

    def _save_session(self, table_id: str, number: int, session: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO sessions (table_id, dealer, hands, active, last_variant, reason, extra)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                session.get("dealer"),
                number,
                json.dumps(session.get("active", [])),
                session.get("last_variant"),
                session.get("reason"),
                json.dumps(session.get("extra") or {}),
            ),
        )

    def save_hand(
        self,
        table_id: str,
        number: int,
        record: dict[str, Any],
        stacks: dict[int, int],
        session: dict[str, Any],
    ) -> None:
        """One finished hand, the stacks after it and the session's state, in one transaction."""
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO hands (table_id, number, record) VALUES (?, ?, ?)",
                (table_id, number, json.dumps(record, ensure_ascii=False, separators=(",", ":"))),
            )
            self.db.executemany(
                "UPDATE seats SET stack = ? WHERE table_id = ? AND seat = ?",
                [(stack, table_id, seat) for seat, stack in stacks.items()],
            )
            self._save_session(table_id, number, session)

    def load_tables(self) -> list[dict[str, Any]]:
        """Every table with its seats, session and number of hands, oldest first
        (not those closed to make room for others); a table whose row cannot be
        read is ``{"id": ..., "error": why}``."""
        out = []
        for table_id, config, created, state, host in self.db.execute(
            "SELECT id, config, created, state, host FROM tables WHERE state != 'closed' ORDER BY created"
        ):
            seats = [
                {"seat": s, "name": n, "token_hash": t, "bot": b, "stack": k}
                for s, n, t, b, k in self.db.execute(
                    "SELECT seat, name, token_hash, bot, stack FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
                )
            ]
            row = self.db.execute(
                "SELECT dealer, hands, active, last_variant, reason, extra FROM sessions WHERE table_id = ?",
                (table_id,),
            ).fetchone()
            try:
                session = None
                if row is not None:
                    session = {
                        "dealer": row[0],
                        "hands": row[1],
                        "active": json.loads(row[2]),
                        "last_variant": row[3],
                        "reason": row[4],
                        "extra": json.loads(row[5]) if row[5] else {},
                    }
                config = json.loads(config)
            except (ValueError, TypeError, RecursionError):  # (a row another program wrote, or damaged)
                out.append({"id": table_id, "error": "its stored settings or session are not JSON"})
                continue
            out.append(
                {
                    "id": table_id,
                    "config": config,
                    "created": created,
                    "state": state,
                    "host": host,
                    "seats": seats,
                    "session": session,
                }
            )
        return out

    def hands(self, table_id: str) -> list[dict[str, Any]]:
        """The hands played at a table, in order, as history records."""
        return [
            json.loads(r)
            for (r,) in self.db.execute("SELECT record FROM hands WHERE table_id = ? ORDER BY number", (table_id,))
        ]
