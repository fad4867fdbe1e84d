"""The web server: a JSON API over the rooms, live news over WebSocket, the page and the boards.

Seat tokens travel in the ``X-Seat-Token`` header (and as the first message
of a WebSocket), never in a URL the server logs. Without a token a request
is an observer's; a token that holds no seat gets 403 and nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import html
import logging
import re
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from concurrent.futures import Future
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal
from urllib.parse import parse_qsl

import orjson
from fastapi import FastAPI, Header, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.middleware.body_limit import MAX_BODY_SIZE_SCOPE_KEY, RequestBodyLimitMiddleware

from warroom.ai.search import own_steps
from warroom.engine import Game, Match
from warroom.engine.errors import excerpt
from warroom.kit.help import Help, help_for
from warroom.server.advice import hint_for, is_campaign, odds_for
from warroom.server.boards import board_file
from warroom.server.jsonio import dumps
from warroom.server.players import Players
from warroom.server.rooms import (
    BadRequest,
    Broken,
    Catalog,
    Conflict,
    Forbidden,
    Listener,
    Room,
    Rooms,
    ServerError,
)
from warroom.server.seats import available_levels
from warroom.server.store import Store

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("warroom.server")

ACTION_BODY = 4096
"""Bytes an action's (or an undo's) request body may have: the longest action of any game is
under 100 bytes as JSON. A longer body is refused with 413 before it is read."""
BODY = 16_384
"""Bytes any other request body may have (a hint, battle odds...)."""
CREATE_BODY = 262_144
"""Bytes a new match's set-up may have: its options may carry a players' own file (Tide of
Iron's campaign file, at most 64 KB, escaped in JSON)."""
WS_MESSAGE = 4096
"""Bytes a WebSocket message from a page may have (its hello is a token); a longer one
closes the connection (1009). ``warroom serve`` also gives uvicorn this as ``ws_max_size``."""
DETAIL = 400
"""Characters an error's detail may have: whatever it quotes of the input is an excerpt."""

UVICORN_LIMITS: dict[str, Any] = {"ws_max_size": WS_MESSAGE, "h11_max_incomplete_event_size": BODY}
"""What ``warroom serve`` (and the tests' live server) give uvicorn."""


class CreateBody(BaseModel):
    game: str
    scenario: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(default=None, ge=0, le=2**62)
    seats: dict[str, str] = Field(default_factory=dict)
    mode: Literal["computer", "hotseat", "invite"] = "hotseat"
    side: str | None = Field(default=None, max_length=80)


class ClaimBody(BaseModel):
    invite: str = Field(min_length=1, max_length=80)


class ActBody(BaseModel):
    action: Any
    step: int | None = None


class UndoBody(BaseModel):
    step: int | None = None


class HintBody(BaseModel):
    seconds: float = Field(default=1.0, gt=0, le=3.0)
    k: int = Field(default=3, ge=1, le=10)


class OddsBody(BaseModel):
    area: str = Field(min_length=1, max_length=80)
    attackers: list[str] = Field(min_length=1, max_length=40)
    origin: str = Field(default="", max_length=80)
    battles: int = Field(default=5_000, ge=100, le=20_000)


# The endpoints are coroutines that do their work inline: an action is a fraction of a
# millisecond of rules and one short SQLite commit, cheaper than a hop to a thread pool.
# Computer players think elsewhere (warroom.server.players).


WARM_SECONDS = 120.0
"""The longest start-up waits for the computer players' worker processes to be ready (then it
goes on, and a first computer move waits for them instead)."""


def create_app(
    db: str | Path = "data/warroom.sqlite",
    *,
    players: Players | None = None,
    extra_games: Iterable[Game[Any]] = (),
    snapshot_every: int = 16,
    resume: bool = True,
    sync: str = "full",
    fixed_seeds: bool = False,
    max_rooms: int = 500,
    idle: float = 600.0,
) -> FastAPI:
    """``fixed_seeds``: accept a ``seed`` in any new match (tests and demos; off by default,
    when only solitaire games may be given one: see ``Rooms``). ``max_rooms``, ``idle``: how
    many matches are kept in memory, and for how long when idle (see ``Rooms``)."""
    store = Store(db, sync)
    catalog = Catalog(extra_games)
    rooms = Rooms(
        store,
        catalog,
        players or Players("process"),
        snapshot_every,
        fixed_seeds,
        max_rooms=max_rooms,
        idle=idle,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.loop = asyncio.get_running_loop()
        store.attach(app.state.loop)  # writes are settled on the loop, a group at a time
        catalog.ids()  # every game module imported now, not by the first request
        gc.collect()
        gc.freeze()  # what start-up made stays: full collections need not walk it again
        # the store's writer thread wins the GIL back after each SQLite call; from a busy
        # loop that takes a whole switch interval (5 ms by default) each time
        interval = sys.getswitchinterval()
        sys.setswitchinterval(min(interval, 0.001))
        # the computer players' worker processes start (and import the games and agents) now,
        # before the server takes requests: a match's first computer move then costs what its
        # later ones do (a worker starting took 12-23 s on a loaded machine, issue 23)
        await asyncio.to_thread(rooms.players.warm, WARM_SECONDS)
        if resume:  # unfinished matches with computer seats play on, without holding up start
            threading.Thread(target=rooms.resume_all, daemon=True).start()
        yield
        sys.setswitchinterval(interval)
        gc.unfreeze()
        store.attach(None)
        rooms.players.close()
        store.close()

    app = FastAPI(
        title="warroom",
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
    )
    app.state.rooms = rooms

    async def settled(match_id: str) -> Room:
        """The room, once every write already made to it is on disk: nobody sees a move
        that a crash could still take back."""
        for _ in range(100):
            room = rooms.get(match_id)
            try:
                while room.pending is not None and not room.pending.done():
                    await asyncio.wrap_future(room.pending)
                if room.pending is not None:
                    room.pending.result()
            except Exception:
                continue  # the write failed and the room was dropped: load it again
            return room
        raise Broken("the match cannot be saved to disk now")

    @app.exception_handler(ServerError)
    async def server_error(request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse({"detail": excerpt(str(exc), DETAIL)}, status_code=exc.status)

    @app.exception_handler(413)
    async def too_large(request: Request, exc: HTTPException) -> JSONResponse:
        limit = request.scope.get(MAX_BODY_SIZE_SCOPE_KEY, BODY)
        return JSONResponse({"detail": _too_large(limit, request.headers)}, status_code=413)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        """FastAPI's 422, without the ``input`` it would echo (of any size): where, what."""
        errors = [
            {
                "loc": [excerpt(str(part), 40) for part in e.get("loc", ())][:6],
                "msg": excerpt(str(e.get("msg", "")), 200),
                "type": str(e.get("type", ""))[:40],
            }
            for e in exc.errors()[:10]
        ]
        return JSONResponse({"detail": errors}, status_code=422)

    # ----- the catalog --------------------------------------------------------------------------
    @app.get("/api/games")
    async def list_games() -> Response:
        out = []
        for gid in catalog.ids():
            g = catalog.get(gid)
            spec = g.spec()
            spec["board"] = board_file(g) is not None
            spec["levels"] = available_levels(gid)
            spec["odds"] = hasattr(g, "build_cup")  # battle odds: Campaign Commander
            rules = help_for(g)
            spec["help"] = rules is not None
            spec["walkthrough"] = rules is not None and rules.walkthrough is not None
            out.append(spec)
        return fast_json(out)

    # ----- matches ------------------------------------------------------------------------------
    @app.post("/api/matches", status_code=201, max_body_size=CREATE_BODY)
    async def create_match(body: CreateBody) -> Response:
        room, tokens, invites, done = rooms.create(
            body.game, body.scenario, body.options, body.seed, body.seats, body.mode, body.side
        )
        await on_disk(done)
        return fast_json(
            status=201,
            data={
                "id": room.id,
                "game": room.game.id,
                "seats": {r: s.public() for r, s in room.seats.items()},
                "tokens": tokens,
                "invites": invites,
                "url": f"/g/{room.id}",
            },
        )

    @app.post("/api/matches/{match_id}/claim", max_body_size=ACTION_BODY)
    async def claim_seat(match_id: str, body: ClaimBody) -> Response:
        """An invitation traded for its seat's token (once: see ``Rooms.claim``)."""
        role, token, done = rooms.claim(rooms.get(match_id), body.invite)
        await on_disk(done)  # the seat is the claimer's only once that is on disk
        return fast_json({"role": role, "token": token})

    @app.get("/api/matches")
    async def list_matches() -> Response:
        return fast_json(store.summaries())

    async def state_of(
        match_id: str, token: str | None, since: int = 0, epoch: int | None = None
    ) -> bytes:
        room = await settled(match_id)
        role = room.role_of(token)
        return rooms.state_json(room, role, since, epoch)

    async def action_of(match_id: str, token: str | None, action: Any, step: int | None) -> bytes:
        room = rooms.get(match_id)
        role = room.role_of(token)
        if role is None:
            raise Forbidden()
        reached, done = rooms.act(room, role, action, step)
        await on_disk(done)  # acknowledged only once it is on disk
        return b'{"ok":true,"step":%d}' % reached

    # the two requests of every move also have a short way in, past FastAPI's routing and
    # validation (HotPaths, below): same answers, a fraction of the cost
    # bodies: a declared length over the limit is refused before anything reads the body
    # (DeclaredLength, outermost); one sent without a length is counted as it is read and
    # refused once past the limit (HotPaths counts its own; for the routes, Starlette's
    # RequestBodyLimitMiddleware, and the actions' and undo's routes have a lower limit)
    app.add_middleware(RequestBodyLimitMiddleware, max_body_size=BODY)
    app.add_middleware(HotPaths, state_of=state_of, action_of=action_of)
    app.add_middleware(DeclaredLength)

    @app.get("/api/matches/{match_id}")
    async def get_state(
        match_id: str,
        since: int = 0,
        epoch: int | None = None,
        x_seat_token: str | None = Header(default=None),
    ) -> Response:
        """What the seat (or an observer) sees; ``since``/``epoch``: log entries it has."""
        data = await state_of(match_id, x_seat_token, since, epoch)
        return Response(data, media_type="application/json")

    @app.post("/api/matches/{match_id}/actions", max_body_size=ACTION_BODY)
    async def post_action(
        match_id: str, body: ActBody, x_seat_token: str | None = Header(default=None)
    ) -> Response:
        data = await action_of(match_id, x_seat_token, body.action, body.step)
        return Response(data, media_type="application/json")

    @app.post("/api/matches/{match_id}/undo", max_body_size=ACTION_BODY)
    async def post_undo(
        match_id: str, body: UndoBody, x_seat_token: str | None = Header(default=None)
    ) -> Response:
        room = rooms.get(match_id)
        role = room.role_of(x_seat_token)
        if role is None:
            raise Forbidden()
        step, done = rooms.undo(room, role, body.step)
        await on_disk(done)
        return fast_json({"ok": True, "step": step})

    # ----- help for a seat: hints and battle odds (threads, on a copy the seat may see) -------
    thinkers = asyncio.Semaphore(2)  # a hint is seconds of CPU: at most two at once

    def seat_match(room: Room, token: str | None) -> tuple[str, Match]:
        role = room.role_of(token)
        if role is None:
            raise Forbidden()
        with room.lock:
            return role, room.match.clone()

    @app.post("/api/matches/{match_id}/hint")
    async def post_hint(
        match_id: str, body: HintBody, x_seat_token: str | None = Header(default=None)
    ) -> Response:
        """The top candidates for the seat's next move, from what that seat may see."""
        room = await settled(match_id)
        role, copy = seat_match(room, x_seat_token)
        if role not in copy.active:
            raise Conflict(f"{role} has nothing to decide now")
        # counted by the seat's own steps: the match's count includes the other side's secret ones
        seed = room.house_seed("hint", role, own_steps(copy, role)[0])
        async with thinkers:
            out = await asyncio.to_thread(hint_for, copy, role, body.seconds, body.k, seed)
        return fast_json(out)

    @app.post("/api/matches/{match_id}/odds")
    async def post_odds(
        match_id: str, body: OddsBody, x_seat_token: str | None = Header(default=None)
    ) -> Response:
        """Battle odds (Campaign Commander) for the seat's side attacking an area."""
        room = await settled(match_id)
        role, copy = seat_match(room, x_seat_token)
        if not is_campaign(copy):
            raise BadRequest(f"{copy.game.id} has no battle odds")
        seed = room.house_seed("odds", role, own_steps(copy, role)[0])
        try:
            async with thinkers:
                out = await asyncio.to_thread(
                    odds_for,
                    copy,
                    role,
                    body.area,
                    body.attackers,
                    body.origin,
                    body.battles,
                    seed,
                )
        except (ValueError, KeyError) as exc:
            raise BadRequest(str(exc)) from None
        return fast_json(out)

    @app.get("/api/matches/{match_id}/replay")
    async def get_replay(
        match_id: str,
        frame: int | None = None,
        upto: int | None = None,
        x_seat_token: str | None = Header(default=None),
    ) -> Response:
        """The match as the seat (or a watcher) saw it at one of its replay frames: the
        start, each step after which it saw something new, and now (``frame=-1``)."""
        room = await settled(match_id)
        return fast_json(rooms.replay_for(room, room.role_of(x_seat_token), upto, frame))

    @app.get("/api/matches/{match_id}/record")
    async def get_record(match_id: str) -> Response:
        return fast_json(rooms.record_of(await settled(match_id)))

    @app.get("/api/matches/{match_id}/verify")
    async def get_verify(match_id: str) -> Response:
        """``warroom verify`` of the finished match's record, run by the server."""
        room = await settled(match_id)
        return fast_json(await asyncio.to_thread(rooms.verify_of, room))

    # ----- live news ----------------------------------------------------------------------------
    @app.websocket("/api/matches/{match_id}/live")
    async def live(ws: WebSocket, match_id: str) -> None:
        await ws.accept()
        try:
            text = await asyncio.wait_for(_message(ws), timeout=10)
            hello = orjson.loads(text)
            token = hello.get("token") if isinstance(hello, dict) else None
            if token is not None and not isinstance(token, str):
                raise ValueError("a token is a string")
            room = rooms.get(match_id)
            role = room.role_of(token)  # a token that holds no seat is refused
        except TooBig:
            with contextlib.suppress(Exception):
                await ws.close(code=1009, reason=f"a message is at most {WS_MESSAGE} bytes")
            return
        except (ServerError, TimeoutError, ValueError, WebSocketDisconnect) as exc:
            detail = str(exc) if isinstance(exc, ServerError) else "say hello with a token"
            with contextlib.suppress(Exception):
                await ws.send_json({"type": "error", "detail": excerpt(detail, DETAIL)})
                await ws.close(code=4403 if isinstance(exc, Forbidden) else 4400)
            return
        listener = Listener(asyncio.get_running_loop(), asyncio.Queue(), role)
        with room.lock:
            listener.last = hello_news = room.news(role)
            room.listeners.add(listener)
        if room.evicted:  # dropped from memory a moment ago: listen to the room loaded now
            room.listeners.discard(listener)
            room = rooms.get(match_id)
            with room.lock:
                listener.last = hello_news = room.news(role)
                room.listeners.add(listener)
        try:
            await ws.send_json(hello_news)  # a (re)connecting page catches up from here
            reader = asyncio.ensure_future(_drain(ws))
            while True:
                getter = asyncio.ensure_future(listener.queue.get())
                done, _ = await asyncio.wait({getter, reader}, return_when=asyncio.FIRST_COMPLETED)
                if reader in done:
                    getter.cancel()
                    break
                await ws.send_json(getter.result())
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            room.listeners.discard(listener)

    # ----- the page and the boards --------------------------------------------------------------
    # ----- rules help: each game's own reference (games/<pkg>/help.md, help.toml) ---------------
    help_pages: dict[tuple[str, str], bytes] = {}  # made once per game

    @app.get("/api/games/{game_id}/help")
    async def game_help(game_id: str) -> Response:
        """The rules reference as HTML with its sections, which rule each prompt applies,
        and the first-game walkthrough."""
        g = catalog.get(game_id)
        rules = help_for(g)
        if rules is None:
            return JSONResponse({"detail": f"{game_id} has no rules help yet"}, status_code=404)
        data = help_pages.get(("json", game_id))
        if data is None:
            data = help_pages[("json", game_id)] = _help_json(rules, g.title)
        return Response(data, media_type="application/json")

    @app.get("/rules/{game_id}")
    async def rules_page(game_id: str) -> Response:
        """The rules reference as a page of its own, to read beside the board or print."""
        g = catalog.get(game_id)
        rules = help_for(g)
        if rules is None:
            return JSONResponse({"detail": f"{game_id} has no rules help yet"}, status_code=404)
        page = help_pages.get(("page", game_id))
        if page is None:
            page = help_pages[("page", game_id)] = _rules_page(rules, g.title).encode()
        return Response(page, media_type="text/html", headers=_NO_CACHE)

    @app.get("/boards/{game_id}.js")
    async def board(game_id: str) -> Response:
        path = board_file(catalog.get(game_id))
        if path is None:
            return JSONResponse({"detail": f"{game_id} has no board yet"}, status_code=404)
        return FileResponse(path, media_type="text/javascript", headers=_NO_CACHE)

    @app.get("/")
    @app.get("/g/{match_id}")
    async def page(match_id: str = "") -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html", headers=_NO_CACHE)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


_NO_CACHE = {"Cache-Control": "no-cache"}


def _help_json(rules: Help, title: str) -> bytes:
    data = rules.to_json()
    data["title"] = title
    return dumps(data)


def _rules_page(rules: Help, title: str) -> str:
    toc = "".join(
        f'<li class="toc-{s.level}"><a href="#{s.id}">{html.escape(s.title)}</a></li>'
        for s in rules.sections
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Rules: {html.escape(title)} · warroom</title>"
        '<link rel="stylesheet" href="/static/style.css"></head>'
        f'<body class="rules-page"><header class="topbar"><a class="brand small" href="/">'
        f'<span class="brand-mark">▲</span>warroom</a><div class="match-title">'
        f'<span class="game-name">Rules: {html.escape(title)}</span></div></header>'
        f'<main class="rules-doc"><nav class="rules-toc"><ol>{toc}</ol></nav>'
        f'<article class="rules-text">{rules.html()}</article></main></body></html>'
    )


async def on_disk(done: Future[None]) -> None:
    try:
        await asyncio.wrap_future(done)
    except Exception as exc:
        log.error("a write failed: %r", exc)
        raise Broken("the move could not be saved; nothing changed: try again") from None


def fast_json(data: Any, status: int = 200) -> Response:
    """JSON straight from orjson: FastAPI's own encoder walks every value of a big view
    in Python and costs ten times more than the rules of the move."""
    return Response(dumps(data), status_code=status, media_type="application/json")


_INT = re.compile(r"-?[0-9]{1,18}")
_PREFIX = "/api/matches/"


def body_limit(path: str) -> int:
    """The most bytes a request body to ``path`` may have."""
    if path.startswith(_PREFIX) and path.endswith(("/actions", "/undo")):
        return ACTION_BODY
    if path in ("/api/matches", "/api/matches/"):
        return CREATE_BODY
    return BODY


class DeclaredLength:
    """Refuse a request whose declared body (Content-Length) is over its path's limit, with
    413 and a word on the limit, before anything reads it; the connection is then closed,
    so the rest of the body is never read either."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            length = _header(scope, b"content-length")
            if length is not None:
                limit = body_limit(scope.get("path", ""))
                if not length.isdigit():
                    await _refuse(send, 400, "Content-Length is a number of bytes")
                    return
                if int(length) > limit:
                    await _refuse(send, 413, _too_large(limit, {"content-length": length}))
                    return
        await self.app(scope, receive, send)


class HotPaths:
    """A plain ASGI way in for ``GET /api/matches/{id}`` and ``POST /api/matches/{id}/actions``.

    It answers exactly as the FastAPI routes do (the same functions make the answer), but
    only for a well-formed request; anything else (a query or body the short way does not
    parse, a missing or unusual content type) goes on to FastAPI, with the body it read,
    so errors (422 and the rest) come out as they always did.
    """

    def __init__(
        self,
        app: Callable[..., Awaitable[None]],
        state_of: Callable[[str, str | None, int, int | None], Awaitable[bytes]],
        action_of: Callable[[str, str | None, Any, int | None], Awaitable[bytes]],
    ) -> None:
        self.app = app
        self.state_of = state_of
        self.action_of = action_of

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        path: str = scope.get("path", "")
        if scope["type"] != "http" or not path.startswith(_PREFIX) or scope.get("root_path"):
            await self.app(scope, receive, send)
            return
        parts = path[len(_PREFIX) :].split("/")
        method = scope["method"]
        if method == "GET" and len(parts) == 1 and parts[0]:
            query = dict(parse_qsl(scope["query_string"].decode("latin-1"), True))
            since, epoch = query.get("since", "0"), query.get("epoch")
            if _INT.fullmatch(since) and (epoch is None or _INT.fullmatch(epoch)):
                token = _header(scope, b"x-seat-token")
                e = None if epoch is None else int(epoch)
                await self._answer(send, self.state_of(parts[0], token, int(since), e))
                return
        elif method == "POST" and len(parts) == 2 and parts[0] and parts[1] == "actions":
            body, more = await _read_body(receive, ACTION_BODY)
            if len(body) > ACTION_BODY:
                await _refuse(send, 413, _too_large(ACTION_BODY, {}))
                return
            if more:  # the client went away while sending
                return
            act = _act_body(scope, body)
            if act is not None:
                token = _header(scope, b"x-seat-token")
                await self._answer(send, self.action_of(parts[0], token, act[0], act[1]))
                return
            receive = _replay(body, receive)
        await self.app(scope, receive, send)

    @staticmethod
    async def _answer(send: Any, answer: Awaitable[bytes]) -> None:
        status = 200
        try:
            data = await answer
        except ServerError as exc:
            status, data = exc.status, dumps({"detail": excerpt(str(exc), DETAIL)})
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-length", b"%d" % len(data)),
                    (b"content-type", b"application/json"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": data})


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key == name:
            return str(value.decode("latin-1"))
    return None


async def _read_body(receive: Any, limit: int) -> tuple[bytes, bool]:
    """The whole body (or its first ``limit`` bytes and more, once past the limit); and
    True if the client left before it ended."""
    chunks = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"", True
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        if size > limit or not message.get("more_body", False):
            return b"".join(chunks), False


def _too_large(limit: int, headers: Any) -> str:
    length = headers.get("content-length")
    said = f" ({excerpt(length, 20)} bytes)" if length else ""
    return f"the request body is too large{said}: at most {limit} bytes are read here"


async def _refuse(send: Any, status: int, detail: str) -> None:
    data = dumps({"detail": detail})
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-length", b"%d" % len(data)),
                (b"content-type", b"application/json"),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})


class TooBig(Exception):
    """A WebSocket message over ``WS_MESSAGE`` bytes."""


async def _message(ws: WebSocket) -> str:
    """The next text (or bytes) message of a page, refused (TooBig) past ``WS_MESSAGE``."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    data = message.get("text")
    if data is None:
        data = (message.get("bytes") or b"").decode("utf-8", "replace")
    if len(data) > WS_MESSAGE:
        raise TooBig()
    return str(data)


def _act_body(scope: dict[str, Any], body: bytes) -> tuple[Any, int | None] | None:
    """``(action, step)`` from an action's JSON body, or None if FastAPI should judge it."""
    kind = _header(scope, b"content-type")
    if kind is None or kind.split(";")[0].strip().lower() != "application/json":
        return None
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(data, dict) or "action" not in data:
        return None
    step = data.get("step")
    if step is not None and type(step) is not int:
        return None
    return data["action"], step


def _replay(body: bytes, receive: Any) -> Callable[[], Awaitable[dict[str, Any]]]:
    sent = False

    async def again() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        message: dict[str, Any] = await receive()
        return message

    return again


async def _drain(ws: WebSocket) -> None:
    """Read (and ignore) what the page sends, until it goes away or sends too much."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            try:
                await _message(ws)
            except TooBig:
                await ws.close(code=1009, reason=f"a message is at most {WS_MESSAGE} bytes")
                return
