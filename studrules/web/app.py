"""The web server: pages, a small JSON API and one WebSocket per player.

:func:`create_app` makes the Starlette application over a :class:`Server`
(the rooms, the store, each room's timer). Routes:

- ``GET /``: the page that creates a table; ``GET /t/{id}``: the table's page
  (``/w/{id}``: the same page for a spectator, who sends ``watch``, not ``hello``);
  ``/static/...``: their CSS and JavaScript;
- ``GET /api/games``: the games this server deals, each with ``banked``
  (a game against the house: each player at his own position) or not (a pot
  game: friends against each other);
- ``POST /api/tables`` ``{"host": NAME, "variants": [...], "rotate": ...}``:
  a new table, its host seated: ``{"table", "token", "link"}``;
- ``POST /api/tables/{id}/join`` ``{"name": NAME}``: ``{"seat", "token"}``;
- ``GET /api/tables/{id}/rules/{game}``: the game's rule book as the table plays it;
- ``WS /ws/{id}``: the first message ``{"type": "hello", "token": T}``, then
  the messages of :mod:`.protocol`; the server answers each change with the
  seat's own ``state`` (:func:`.room_view.snapshot`), an error with
  ``{"type": "error", "message": ...}``.

The hands played are not served: a history line holds every card (a folded
hand's too) and the deal's seed; they stay in the store, for the one who
runs the server. Each room has its own timer task; an error in one room is logged and marks
that room broken, and the others play on.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import secrets
import tempfile
import time
from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import StudrulesError
from ..records.history import hand_record
from ..spec.source import MAX_BYTES
from ..table.session import Session
from .pages import send_views
from .protocol import MAX_MESSAGE, ProtocolError, RateLimit, parse_message, whole_unicode
from .restore import restore_room
from .room import Room, Seat, TableConfig, TableError
from .room_view import snapshot
from .serving import BodyRefused, read_body
from .settings_change import check_table, stake_notes
from .store import Store
from .uploads import Uploads

if TYPE_CHECKING:  # the 'web' extra: imported when the application is made
    from starlette.applications import Starlette
    from starlette.websockets import WebSocket

__all__ = ["Server", "create_app", "STATIC"]

log = logging.getLogger("studrules.web")

#: The pages, their style and script.
STATIC = Path(__file__).resolve().parent / "static"

#: The most tables one server keeps.
MAX_TABLES = 2000
#: The most spectators watching one table at once.
MAX_WATCHERS = 50
#: The most pages open on one seat at once (a newer one closes the oldest).
MAX_SOCKETS_A_SEAT = 4
_MAX_BODY = 4096
MAX_UPLOAD = MAX_BYTES + 1024  # the command line's limit on a file, and room for a line ending or two


class Server:
    """The rooms of one server, kept in the SQLite file ``db`` (restored at start)."""

    def __init__(
        self,
        db: str | Path,
        *,
        clock: Callable[[], float] = time.monotonic,
        allow_uploads: bool = False,
        seeded_tables: bool = False,
    ):
        self.seeded_tables = seeded_tables  # a table's seed taken from a client (else refused: it fixes the deals)
        self.store = Store(db)
        folder = Path(tempfile.mkdtemp()) if str(db) == ":memory:" else Path(f"{db}.variants")
        self.uploads = Uploads(folder, allowed=allow_uploads, taken=shipped_games().__contains__)
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.sockets: dict[str, dict[WebSocket, Seat | None]] = {}  # None: a spectator
        self.wake: dict[str, asyncio.Event] = {}
        self.tasks: dict[str, asyncio.Task] = {}
        self._closing: set[asyncio.Task] = set()  # pages let go, being closed (kept until done)
        self.broken: set[str] = set()
        for data in self.store.load_tables():
            if "error" in data:
                log.error("table %s cannot be restored: %s", data["id"], data["error"])
                continue
            try:
                room = restore_room(data, clock=clock, on_seats=self._save_seats, **self._room_hooks())
                self.rooms[data["id"]] = room
                self._save_seats(room)  # seats that stood up at the restart
            except StudrulesError as err:
                log.error("table %s cannot be restored: %s", data["id"], err)

    # ---------------------------------------------------------------- games

    def games(self) -> dict[str, Any]:
        """The games this server deals by name: the shipped games (pot games and games
        against the house, which a table may mix: a session deals both), and the uploaded ones."""
        return shipped_games() | self.uploads.games()

    def resolve(self, name: str) -> str:
        """What a session loads for the game ``name``: the file of an uploaded game, else the shipped name."""
        return self.uploads.path(name) or name

    # ---------------------------------------------------------------- tables

    def _room_hooks(self) -> dict[str, Any]:
        """What each room is given of this server: its games, and the store's writers."""
        return {
            "on_hand": self._hand_done,
            "resolve": self.resolve,
            "games": self.games,
            "on_config": self._save_config,
        }

    def create(self, body: Any) -> tuple[Room, Seat]:
        if not isinstance(body, dict):
            raise TableError("a table is described by a JSON object")
        host = body.get("host")
        if host is None:  # (the table's first seat: the host's name)
            raise TableError("'host' names the table's host (a name of 1 to 16 letters, digits or _ . ' -)")
        if body.get("seed") is not None and not self.seeded_tables:  # (whoever knows it knows every card)
            raise TableError(
                "this server deals at random: a table's 'seed' would let whoever gave it know every card "
                "(a server started with --seeded-tables takes one, for practice and tests)"
            )
        games = self.games()
        config = TableConfig.from_dict({k: v for k, v in body.items() if k != "host"}, games.__contains__)
        loaded = check_table(config, games, self.resolve)  # each game loads with its stakes and options
        table_id = secrets.token_urlsafe(8)
        room = Room(table_id, config, clock=self.clock, **self._room_hooks())
        room.log += stake_notes(config, loaded, self.resolve)  # (a stake played other than given: the host is told)
        seat = room.join(host)  # (the host's name checked before an old table is closed to make room)
        if len(self.rooms) >= MAX_TABLES and not self._close_one():
            raise TableError("this server has all the tables it can keep")
        self.rooms[table_id] = room
        self.store.save_table(table_id, config.to_dict(), time.time())
        self._save_seat(room, seat)
        room.on_seats = self._save_seats
        return room, seat

    def _close_one(self) -> bool:
        """Make room for a table: close the oldest one that is over or has
        failed, else the oldest still waiting for players with nobody at its
        page. Its hands stay in the store; it is no longer restored at start."""
        waiting = None
        for room in self.rooms.values():  # (oldest first)
            if room.state == "over" or room.id in self.broken:
                self.close(room)
                return True
            if waiting is None and room.state == "waiting" and not self.sockets.get(room.id):
                waiting = room
        if waiting is None:
            return False
        self.close(waiting)
        return True

    def close(self, room: Room) -> None:
        """Forget ``room``: its timer stops, its pages are let go, the store keeps it closed."""
        self.rooms.pop(room.id, None)
        self.sockets.pop(room.id, None)
        self.wake.pop(room.id, None)
        self.broken.discard(room.id)
        task = self.tasks.pop(room.id, None)
        if task is not None:
            task.cancel()
        self.store.set_state(room.id, "closed")

    def bot_table(self, settings: dict[str, Any], kind: str = "sensible") -> Room:
        """A table whose every seat is a bot of ``kind``, started at once (the
        load benchmark's tables: nobody waits for a person)."""
        room, host = self.create({"host": "Host", **settings})
        room.seats[host.number] = None  # the host gives his seat to a bot (the store's row is replaced)
        for i in range(room.config.seats):
            self._save_seat(room, room.join(f"Bot{i + 1}", bot=kind))
        room.start(None)
        return room

    def join(self, room: Room, name: Any) -> Seat:
        seat = room.join(name)
        self._save_seat(room, seat)
        self.changed(room)
        return seat

    def _save_config(self, room: Room) -> None:
        """The settings the host changed: the table's next hands are dealt with them, after a restart too."""
        self.store.save_config(room.id, room.next_config.to_dict())

    def _save_seat(self, room: Room, seat: Seat) -> None:
        self.store.save_seat(room.id, seat.number, seat.name, seat.key, seat.bot, seat.stack)

    def _session_row(self, room: Room) -> dict[str, Any] | None:
        """What the store keeps of ``room``'s session between hands (None before it starts)."""
        session = room.session
        if session is None:
            return None
        last = session.last_variant
        extra = session.carried() | {
            "departed": room.departed[-200:],
            "antes": dict(room.antes),
            "side_bets": {name: dict(bets) for name, bets in room.side_bets.items()},
            "leaving": [s.name for s in room.seats if s is not None and s.leaving],
            "away": [s.name for s in room.seats if s is not None and s.bot is None and s.away],
            "missed": {s.name: s.missed for s in room.seats if s is not None and s.bot is None and s.missed},
            "last_rules": room.last_rules,  # (a restart announces the next hand's changes from them)
        }
        return {
            "dealer": session.dealer,
            "active": list(session.active),
            "last_variant": None if last is None else last.name,
            "reason": session.reason,
            "hands": room.hands_before + session.played,
            "extra": extra,
        }

    def _save_seats(self, room: Room) -> None:
        """The seats of ``room`` as they are now, and its session (a seat taken, left or given to a bot)."""
        if room.id not in self.rooms:
            return  # a table being made: its rows are written when it is
        rows = [(s.number, s.name, s.key, s.bot, s.stack) for s in room.seats if s is not None]
        self.store.save_seats(room.id, rows, self._session_row(room), host=room.host)

    def _hand_done(self, room: Room, report: Any) -> None:
        session = room.session
        assert session is not None
        number = room.hands_before + report.number
        record = hand_record(report.hand, number=number, seed=report.seed, dealer=report.dealer, table=room.id)
        stacks = {s.number: s.stack for s in room.seats if s is not None}
        row = self._session_row(room)
        assert row is not None
        self.store.save_hand(room.id, number, record, stacks, row)

    # ---------------------------------------------------------------- running

    def changed(self, room: Room) -> None:
        """Something happened at ``room``: its timer looks again and every seat is told."""
        event = self.wake.get(room.id)
        if event is not None:
            event.set()

    def ensure_task(self, room: Room) -> None:
        if room.id not in self.tasks or self.tasks[room.id].done():
            self.wake[room.id] = asyncio.Event()
            self.tasks[room.id] = asyncio.get_running_loop().create_task(self._timer(room))

    async def _timer(self, room: Room) -> None:
        event = self.wake[room.id]
        while room.id not in self.broken:
            when = room.wakeup()
            wait = None if when is None else max(0.0, when - self.clock())
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(event.wait(), wait)
            event.clear()
            version = room.version
            try:
                room.tick()
                if room.state != "waiting" and room.state != "over":
                    self.store.set_state(room.id, room.state)
            except Exception:  # one table's failure never stops another
                self.fail(room)
            if room.version != version or room.id in self.broken:
                await self.broadcast(room)

    async def broadcast(self, room: Room) -> None:
        """Every page of ``room`` its view (:func:`~.pages.send_views`: a page that reads nothing is let go)."""
        await send_views(room, self.sockets.get(room.id, {}), self._closing)

    async def handle(self, room: Room, seat: Seat, message: dict[str, Any]) -> None:
        """Do what one checked message asks."""
        kind = message["type"]
        if kind == "ping":
            return
        if room.id in self.broken:
            raise TableError("this table has failed and is stopped")
        try:
            if kind == "act":
                room.act(seat, message["verb"], message["amount"], message["word"], message["turn"])
            elif kind == "choose":
                room.choose(seat, message["variant"])
            elif kind == "start":
                room.start(seat)
            elif kind == "ante":
                room.choose_ante(seat, message["amount"])
            elif kind == "side_bet":
                room.choose_side_bet(seat, message["name"], message["amount"])
            elif kind == "bot":
                bot = room.add_bot(seat, message["kind"])
                self._save_seat(room, bot)
            elif kind == "leave":
                room.leave(seat)
            elif kind == "remove":
                room.remove(seat, message["seat"])
            elif kind == "replace":
                room.replace(seat, message["seat"], message["kind"])
            elif kind == "host":
                room.hand_host(seat, message["seat"])
            elif kind == "away":
                room.sit_out(seat)
            elif kind == "back":
                room.back(seat)
            elif kind == "rebuy":
                room.rebuy(seat)
            elif kind == "top_up":
                room.top_up(seat)
            elif kind == "say":
                room.say(seat, message["text"])
            elif kind == "settings":
                room.configure(seat, message["changes"])
            else:
                raise ProtocolError(f"{kind!r} is not a message of a seated player")
            if kind not in ("act", "say"):  # (a table started, or over once its last player has gone)
                self.store.set_state(room.id, room.state)
        except StudrulesError:
            raise  # the player's mistake: he is told, nothing changed
        except Exception:  # the table's own failure: it stops, the others play on
            self.fail(room)
        self.changed(room)
        await self.broadcast(room)

    def fail(self, room: Room) -> None:
        """Stop ``room`` after an error of its own (logged); every other table plays on."""
        log.exception("table %s failed", room.id)
        self.broken.add(room.id)
        room.state = "broken"
        room.deadline = None
        room.log.append("This table has failed and is stopped; other tables play on.")
        room.version += 1


@functools.cache
def shipped_games() -> dict[str, Any]:
    """The shipped games by name, loaded once: pot games (friends against each
    other) and games against the house (each at his own position)."""
    from ..spec.loader import load_variant, shipped_variants

    games = {}
    for path in shipped_variants():
        try:
            v = load_variant(path)
        except StudrulesError:
            continue
        games[v.name] = v
    return games


def _frame_text(frame: MutableMapping[str, Any]) -> str | None:
    """A websocket frame's text (a binary one decoded; the checks that follow
    refuse what is not a message); None when the socket has closed."""
    if frame["type"] == "websocket.disconnect":
        return None
    text = frame.get("text")
    return text if text is not None else (frame.get("bytes") or b"").decode("utf-8", "replace")


def _json_body(raw: bytes) -> Any:
    try:
        return whole_unicode(json.loads(raw or b"{}"), "the request")
    except (ValueError, RecursionError):  # (RecursionError: nested too deep)
        raise ProtocolError("the request is not JSON") from None


def create_app(
    db: str | Path = ":memory:",
    *,
    server: Server | None = None,
    allow_uploads: bool = False,
    seeded_tables: bool = False,
) -> Starlette:
    """The application over the store ``db`` (or over ``server``); ``allow_uploads``:
    players may upload variant files; ``seeded_tables``: a table may be made with a
    seed, which fixes its deals (both off by default)."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles
    from starlette.websockets import WebSocketDisconnect

    srv = server or Server(db, allow_uploads=allow_uploads, seeded_tables=seeded_tables)

    posts: dict[str, RateLimit] = {}  # per client address: tables made and seats taken

    def too_many(request: Request) -> bool:
        who = request.client.host if request.client else "?"
        if who not in posts and len(posts) > 10_000:
            posts.clear()
        return not posts.setdefault(who, RateLimit(rate=1.0, burst=20)).allow(time.monotonic())

    def error(err: Exception, status: int = 400) -> JSONResponse:
        return JSONResponse({"error": str(err)}, status_code=status)

    def refused(err: BodyRefused) -> Response:  # (a client gone is answered nothing: nobody reads it)
        return error(err, err.status) if err.status is not None else Response(status_code=400)

    def room_of(request: Request) -> Room:
        room = srv.rooms.get(request.path_params["table"])
        if room is None:
            raise LookupError("no such table")
        return room

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    async def games(request: Request) -> Response:
        return JSONResponse(
            [
                {"name": v.name, "title": v.title or v.name, "seats": [v.seats.min, v.seats.max], "banked": v.is_banked}
                for v in srv.games().values()
            ]
        )

    async def create(request: Request) -> Response:
        if too_many(request):
            return error(TableError("too many requests: slow down"), 429)
        try:
            room, seat = srv.create(_json_body(await read_body(request, _MAX_BODY)))
        except BodyRefused as err:
            return refused(err)
        except StudrulesError as err:
            return error(err)
        srv.ensure_task(room)
        return JSONResponse({"table": room.id, "seat": seat.number, "token": seat.token, "link": f"/t/{room.id}"})

    async def settings(request: Request) -> Response:
        return JSONResponse({"uploads": srv.uploads.allowed})

    async def upload(request: Request) -> Response:
        if too_many(request):
            return error(TableError("too many requests: slow down"), 429)
        if not srv.uploads.allowed:
            return error(TableError("uploading a variant is off on this server (studrules serve --allow-uploads)"), 403)
        try:
            raw = await read_body(request, MAX_UPLOAD, "a variant file", said=MAX_UPLOAD - 1024)
            variant = srv.uploads.add(raw.decode("utf-8"))
        except BodyRefused as err:
            return refused(err)
        except UnicodeDecodeError:
            return error(ProtocolError("a variant file is UTF-8 text"))
        except StudrulesError as err:
            return error(err)
        return JSONResponse({"name": variant.name, "title": variant.title or variant.name, "banked": variant.is_banked})

    async def join(request: Request) -> Response:
        if too_many(request):
            return error(TableError("too many requests: slow down"), 429)
        try:
            room = room_of(request)
            body = _json_body(await read_body(request, _MAX_BODY))
            seat = srv.join(room, body.get("name") if isinstance(body, dict) else None)
        except BodyRefused as err:
            return refused(err)
        except LookupError as err:
            return error(err, 404)
        except StudrulesError as err:
            return error(err)
        srv.ensure_task(room)
        await srv.broadcast(room)
        return JSONResponse({"seat": seat.number, "token": seat.token})

    async def rules(request: Request) -> Response:
        from ..analysis.rulebook import explain

        try:
            room = room_of(request)
        except LookupError as err:
            return error(err, 404)
        name = request.path_params["game"]
        # the hand in play's game first, then the games dealt now, those of the host's change, the last hand's
        dealt = [] if room.report is None else [room.report.variant]
        playing = dealt if room.state == "playing" else []
        dealing = [] if room.session is None else room.session.variants
        changed = (room.pending.games or []) if room.pending is not None else []
        variant = next((v for v in [*playing, *dealing, *changed, *dealt] if v.name == name), None)
        if variant is None and name in room.next_config.variants:  # (before the start: at the table's stakes)
            config = room.next_config
            try:
                variant = Session.load_game(srv.resolve(name), config.options, config.stakes)
            except StudrulesError:
                variant = srv.games()[name]
        if variant is None:
            return error(LookupError(f"'{name[:64]}' is not one of this table's games"), 404)
        return PlainTextResponse(explain(variant))

    async def socket(ws: WebSocket) -> None:
        room = srv.rooms.get(ws.path_params["table"])
        await ws.accept()
        if room is None:
            await ws.send_json({"type": "error", "message": "no such table"})
            await ws.close(code=4404)
            return
        try:
            first = _frame_text(await asyncio.wait_for(ws.receive(), 10))
            if first is None:
                return  # gone before saying hello
            hello = parse_message(first)
            if hello["type"] not in ("hello", "watch"):
                raise ProtocolError("the first message is 'hello' with the seat's token, or 'watch'")
            seat = room.seat_of(hello["token"]) if hello["type"] == "hello" else None
        except (TimeoutError, StudrulesError) as err:
            await ws.send_json({"type": "error", "message": str(err) or "no hello in time"})
            await ws.close(code=4401)
            return
        except WebSocketDisconnect:
            return
        sockets = srv.sockets.setdefault(room.id, {})
        if seat is None and sum(1 for s in sockets.values() if s is None) >= MAX_WATCHERS:
            await ws.send_json({"type": "error", "message": "this table has all the spectators it can take"})
            await ws.close(code=4429)
            return
        if seat is not None:  # a seat's newest pages are kept (a reload, a second device); the oldest goes
            mine = [w for w, s in sockets.items() if s is seat]
            for old in mine[: max(0, len(mine) - MAX_SOCKETS_A_SEAT + 1)]:
                sockets.pop(old, None)
                with contextlib.suppress(Exception):
                    await old.send_json({"type": "error", "message": "this seat is open on a newer page"})
                    await old.close(code=4409)
        srv.ensure_task(room)
        sockets[ws] = seat
        if seat is not None:
            room.page_opened(seat)
        await ws.send_text(json.dumps(snapshot(room, seat)))
        limit = RateLimit()
        strikes = 0
        try:
            while True:
                text = _frame_text(await ws.receive())
                if text is None:
                    break
                if not limit.allow(time.monotonic()):
                    strikes += 1
                    await ws.send_json({"type": "error", "message": "too many messages: slow down"})
                    if strikes > 20:
                        await ws.close(code=4429)
                        break
                    continue
                message = None
                try:
                    message = parse_message(text)
                    if seat is None and message["type"] != "ping":
                        raise TableError("a spectator watches: he cannot act")
                    if seat is not None and not room.holds(seat):
                        raise TableError("you have left this seat: you watch the table")
                    if seat is not None:
                        await srv.handle(room, seat, message)
                except StudrulesError as err:  # (which message it refuses, where it was read)
                    refused = {"refused": message["type"]} if message is not None else {}
                    await ws.send_json({"type": "error", "message": str(err)} | refused)
        except WebSocketDisconnect:
            pass
        finally:
            left = srv.sockets.get(room.id, {})
            left.pop(ws, None)
            if seat is not None and seat not in left.values():  # (his last page: a host gone passes his part)
                room.page_closed(seat)
                if room.id in srv.wake:
                    srv.wake[room.id].set()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        for room in srv.rooms.values():
            srv.ensure_task(room)
        yield
        for task in srv.tasks.values():
            task.cancel()

    routes = [
        Route("/", index),
        Route("/t/{table}", table_page),
        Route("/w/{table}", table_page),
        Route("/api/games", games),
        Route("/api/settings", settings),
        Route("/api/variants", upload, methods=["POST"]),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}/join", join, methods=["POST"]),
        Route("/api/tables/{table}/rules/{game}", rules),
        WebSocketRoute("/ws/{table}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = srv
    app.state.max_message = MAX_MESSAGE
    return app
