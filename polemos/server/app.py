"""The FastAPI application: the JSON API under ``/api``, the WebSocket, and the page.

Errors are JSON ``{"error": message}`` with the status a client can act on: 400 malformed, 401
not logged in, 403 not your seat, 404 no such game, 409 not your turn / stale / game over / a
limit reached, 413 too large a body, 422 illegal action, 429 too many log-in attempts (with
Retry-After). Sessions are random tokens in a secure, HTTP-only cookie (only their hash is
stored); every state-changing request of a logged-in user must carry the session's CSRF token in
the ``X-CSRF-Token`` header. Request and response bodies are the models of polemos.server.schemas
(the OpenAPI document at ``/api/openapi.json``); polemos.server.guards caps bodies, refuses other
sites' requests and adds the security headers to every response.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp

from polemos.server.guards import Guard
from polemos.server.schemas import (
    DEFAULT_PAGE,
    Act,
    Acted,
    After,
    Created,
    CreateGame,
    Credentials,
    GameId,
    GameInfo,
    Join,
    Joined,
    Limit,
    ListName,
    LoggedOutEverywhere,
    Offset,
    Ok,
    Record,
    ReplayOut,
    RoleName,
    SessionOut,
    SinceItem,
    Step,
    Summary,
    Undo,
    ViewOut,
    document_errors,
    errors,
)
from polemos.server.service import SESSION_DAYS, ApiError, Store, Viewer

STATIC = Path(__file__).parent / "static"
SESSION_COOKIE = "polemos_session"
log = logging.getLogger("polemos.server")


class PolemosApp(FastAPI):
    """FastAPI with the guards around everything (even the 500 page) and an OpenAPI document that
    tells how errors really look (schemas.document_errors)."""

    def build_middleware_stack(self) -> ASGIApp:
        return Guard(super().build_middleware_stack())

    def openapi(self) -> dict[str, Any]:
        first = self.openapi_schema is None
        schema = super().openapi()
        return document_errors(schema) if first else schema


class Notifier:
    """Wakes this process's WebSockets when a game changes (other processes are seen by polling)."""

    def __init__(self) -> None:
        self.events: dict[int, asyncio.Event] = {}
        self.bots = asyncio.Event()

    def event(self, gid: int) -> asyncio.Event:
        return self.events.setdefault(gid, asyncio.Event())

    def changed(self, gid: int) -> None:
        ev = self.events.get(gid)
        if ev is not None:
            ev.set()
            self.events[gid] = asyncio.Event()
        self.bots.set()


# -- who is asking ------------------------------------------------------------------------------------
async def viewer(request: Request) -> Viewer | None:
    """The logged-in user, from the session cookie (None for a visitor)."""
    token = request.cookies.get(SESSION_COOKIE)
    store: Store = request.app.state.store
    return await run_in_threadpool(store.viewer, token) if token else None


async def user(request: Request, who: Annotated[Viewer | None, Depends(viewer)]) -> Viewer:
    """A logged-in user; for state-changing requests, with the session's CSRF token in the header."""
    if who is None:
        raise ApiError(401, "log in first")
    if request.method not in ("GET", "HEAD", "OPTIONS"):
        sent = request.headers.get("x-csrf-token")
        if not sent or sent != who.csrf:
            raise ApiError(403, "missing or wrong CSRF token (reload the page)")
    return who


Who = Annotated[Viewer | None, Depends(viewer)]
User = Annotated[Viewer, Depends(user)]


def create_app(store: Store, *, secure_cookies: bool = True, poll_seconds: float = 0.5,
               bots: bool = True) -> FastAPI:
    notifier = Notifier()

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        task = asyncio.create_task(_bot_runner(store, notifier, poll_seconds)) if bots else None
        try:
            yield
        finally:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    app = PolemosApp(title="Polemos", version="0.1.0", lifespan=lifespan, openapi_url="/api/openapi.json",
                  docs_url="/api/docs", redoc_url=None,
                  description="Play the wargames of the Peloponnesian War: every rule enforced, nothing hidden "
                              "leaks. The page itself uses this API.")
    app.state.store = store
    app.state.notifier = notifier

    # -- errors -----------------------------------------------------------------------------------
    @app.exception_handler(ApiError)
    async def _api_error(_req: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_req: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors()[:5]:
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")[:100]
            problems.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return JSONResponse({"error": "malformed request: " + "; ".join(problems)}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(req: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404 and not req.url.path.startswith("/api/"):
            return _not_found_page()  # people get a page; programs (/api/) get JSON
        message = {404: "not found", 405: "method not allowed"}.get(exc.status_code, str(exc.detail))
        return JSONResponse({"error": message}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def _internal(_req: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error")
        return JSONResponse({"error": "internal error (logged on the server)"}, status_code=500)

    def with_session(who: Viewer, token: str, response: Response) -> SessionOut:
        response.set_cookie(SESSION_COOKIE, token, httponly=True, secure=secure_cookies, samesite="lax",
                            max_age=SESSION_DAYS * 24 * 3600, path="/")
        return SessionOut(user=who.name, csrf=who.csrf)

    def address(request: Request) -> str:
        return request.client.host if request.client is not None else ""

    # -- accounts ---------------------------------------------------------------------------------
    @app.post("/api/signup", status_code=201, tags=["accounts"], summary="Create an account and log in",
              responses=errors(400, 409, 429))
    async def signup(body: Credentials, request: Request, response: Response) -> SessionOut:
        who, token = await run_in_threadpool(store.signup, body.name, body.password, address(request))
        return with_session(who, token, response)

    @app.post("/api/login", tags=["accounts"], summary="Log in", responses=errors(400, 401, 429))
    async def login(body: Credentials, request: Request, response: Response) -> SessionOut:
        who, token = await run_in_threadpool(store.login, body.name, body.password, address(request))
        return with_session(who, token, response)

    @app.post("/api/logout", tags=["accounts"], summary="Log out", responses=errors(401))
    async def logout(request: Request, response: Response, _who: User) -> Ok:
        await run_in_threadpool(store.logout, request.cookies.get(SESSION_COOKIE, ""))
        response.delete_cookie(SESSION_COOKIE, path="/")
        return Ok(ok=True)

    @app.post("/api/logout-everywhere", tags=["accounts"], responses=errors(401),
              summary="Log out on every device (end all my sessions)")
    async def logout_everywhere(response: Response, who: User) -> LoggedOutEverywhere:
        ended = await run_in_threadpool(store.logout_everywhere, who)
        response.delete_cookie(SESSION_COOKIE, path="/")
        return LoggedOutEverywhere(ok=True, sessions=ended)

    @app.get("/api/me", tags=["accounts"], summary="Who am I (and my CSRF token)", responses=errors(401))
    async def me(who: User) -> SessionOut:
        return SessionOut(user=who.name, csrf=who.csrf)

    # -- lobby ------------------------------------------------------------------------------------
    @app.get("/api/catalog", tags=["lobby"], summary="The games, their roles, option schemas and bots",
             response_model_exclude_none=True)
    async def catalog() -> list[GameInfo]:
        return [GameInfo.model_validate(g) for g in await run_in_threadpool(store.catalog)]

    @app.post("/api/catalog/{game_id}/seats", tags=["lobby"],
              summary="A game's seats with these options (roles the rules play are no seats)")
    async def seats(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
        return await run_in_threadpool(store.seats, game_id, options)

    @app.get("/api/games", tags=["lobby"], responses=errors(400, 401),
             summary="A page of a lobby list: open, mine or finished games, newest first")
    async def games(who: Who, list_: Annotated[ListName, Query(alias="list")] = "open", limit: Limit = DEFAULT_PAGE,
                    offset: Offset = 0) -> list[Summary]:
        return [Summary.model_validate(g) for g in await run_in_threadpool(store.list_games, who, list_, limit,
                                                                             offset)]

    @app.post("/api/games", status_code=201, tags=["lobby"], summary="Create a game",
              responses=errors(400, 401, 409))
    async def create(body: CreateGame, who: User) -> Created:
        doc = body.model_dump()
        if body.seats is not None:
            doc["seats"] = {role: spec.model_dump() for role, spec in body.seats.items()}
        out = await run_in_threadpool(store.create, who, doc)
        notifier.bots.set()
        return Created.model_validate(out)

    @app.get("/api/games/{gid}", tags=["lobby"], summary="A game's seats and status", responses=errors(400, 404))
    async def game(gid: GameId, who: Who) -> Summary:
        return Summary.model_validate(await run_in_threadpool(store.meta, gid, who))

    @app.post("/api/games/{gid}/join", tags=["lobby"], summary="Take an open seat",
              responses=errors(400, 401, 404, 409))
    async def join(gid: GameId, body: Join, who: User) -> Joined:
        out = await run_in_threadpool(store.join, gid, who, body.role, body.invite)
        notifier.changed(gid)
        return Joined.model_validate(out)

    # -- play -------------------------------------------------------------------------------------
    @app.get("/api/games/{gid}/view", tags=["play"], summary="My view of a game (a seat's, or the public one)",
             responses=errors(400, 403, 404), response_model_exclude_unset=True)
    async def view(gid: GameId, who: Who, role: Annotated[RoleName | None, Query()] = None) -> ViewOut:
        return ViewOut.model_validate(await run_in_threadpool(store.view, gid, who, role))

    @app.post("/api/games/{gid}/actions", tags=["play"], summary="Act: the action's text",
              responses=errors(400, 401, 404, 409, 422))
    async def act(gid: GameId, body: Act, who: User) -> Acted:
        out = await run_in_threadpool(store.act, gid, who, body.action, body.version, body.role)
        notifier.changed(gid)
        return Acted.model_validate(out)

    @app.post("/api/games/{gid}/undo", tags=["play"], summary="Take back my last action (if the policy allows)",
              responses=errors(400, 401, 404, 409))
    async def undo(gid: GameId, body: Undo, who: User) -> Acted:
        out = await run_in_threadpool(store.act, gid, who, "undo", body.version, body.role, True)
        notifier.changed(gid)
        return Acted.model_validate(out)

    @app.get("/api/games/{gid}/since", tags=["play"], summary="The actions after a version",
             responses=errors(400, 404), response_model_exclude_unset=True)
    async def since(gid: GameId, who: Who, after: After = 0) -> list[SinceItem]:
        return [SinceItem.model_validate(x) for x in await run_in_threadpool(store.actions_since, gid, who, after)]

    @app.get("/api/games/{gid}/record", tags=["replay"], summary="The record of a finished game (with its seed)",
             responses=errors(400, 404, 409))
    async def record(gid: GameId) -> Record:
        return Record.model_validate(await run_in_threadpool(store.record, gid))

    @app.get("/api/games/{gid}/replay", tags=["replay"], summary="A finished game after N actions",
             responses=errors(400, 404, 409), response_model_exclude_unset=True)
    async def replay(gid: GameId, step: Step = 0) -> ReplayOut:
        return ReplayOut.model_validate(await run_in_threadpool(store.replay, gid, step))

    @app.websocket("/api/games/{gid}/ws")
    async def live(websocket: WebSocket, gid: int) -> None:
        """Sends ``{"type": "version", "version": N, "status": S}`` whenever the game changes (an
        action, or a seat taken); the page then fetches its own view, so nothing on this socket
        depends on who is listening."""
        await websocket.accept()
        try:
            last = await run_in_threadpool(store.version, gid)
        except ApiError as exc:
            await websocket.send_json({"type": "error", "error": exc.message})
            await websocket.close()
            return
        await websocket.send_json({"type": "version", "version": last[0], "status": last[1]})
        try:
            while True:
                event = notifier.event(gid)
                receive = asyncio.ensure_future(websocket.receive_text())
                wait = asyncio.ensure_future(event.wait())
                done, _ = await asyncio.wait({receive, wait}, timeout=poll_seconds,
                                             return_when=asyncio.FIRST_COMPLETED)
                wait.cancel()
                if receive in done:
                    receive.result()  # raises WebSocketDisconnect when the page goes away
                else:
                    receive.cancel()
                current = await run_in_threadpool(store.version, gid)
                if current != last:
                    last = current
                    await websocket.send_json({"type": "version", "version": current[0], "status": current[1]})
        except (WebSocketDisconnect, RuntimeError):
            return

    # -- the page ---------------------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/game/{gid}", include_in_schema=False)
    @app.get("/replay/{gid}", include_in_schema=False)
    async def game_page(gid: str) -> Response:
        """The page of a game that exists; any other address (``/game/abc``, a game never made) is
        the 404 page, not the API's JSON error."""
        if not (gid.isdigit() and len(gid) <= 18):  # game ids are database integers
            return _not_found_page()
        try:
            await run_in_threadpool(store.version, int(gid))
        except ApiError:
            return _not_found_page()
        return FileResponse(STATIC / "index.html", media_type="text/html")

    return app


def _not_found_page() -> Response:
    return FileResponse(STATIC / "404.html", status_code=404, media_type="text/html")


async def _bot_runner(store: Store, notifier: Notifier, poll_seconds: float) -> None:
    """Plays the bot seats, off the request path: each move is computed in a worker thread, and a
    move for a game that moved on meanwhile is dropped (another process may hold the same bots)."""
    while True:
        try:
            turns = await run_in_threadpool(store.bot_turns)
            moved = False
            for gid, role, version in turns:
                if await run_in_threadpool(store.bot_move, gid, role, version):
                    notifier.changed(gid)
                    moved = True
            if moved:
                continue
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot runner")
        notifier.bots.clear()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(notifier.bots.wait(), timeout=poll_seconds)
