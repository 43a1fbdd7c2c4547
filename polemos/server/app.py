"""The FastAPI application: the JSON API under ``/api``, the WebSocket, and the page.

Errors are JSON ``{"error": message}`` with the status a client can act on: 400 malformed, 401
not logged in, 403 not your seat, 404 no such game, 409 not your turn / stale / game over, 422
illegal action. Sessions are random tokens in a secure, HTTP-only cookie (only their hash is
stored); every state-changing request of a logged-in user must carry the session's CSRF token in
the ``X-CSRF-Token`` header.
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
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from polemos.server.service import ApiError, Store, Viewer

STATIC = Path(__file__).parent / "static"
SESSION_COOKIE = "polemos_session"
log = logging.getLogger("polemos.server")


# -- request bodies ---------------------------------------------------------------------------------
class Credentials(BaseModel):
    name: str = Field(max_length=40)
    password: str = Field(max_length=200)


class SeatSpec(BaseModel):
    kind: str = Field(description="me | open | bot")
    bot: str | None = None


class CreateGame(BaseModel):
    game: str
    scenario: str | None = None
    options: dict[str, Any] | None = None
    seed: int | None = None
    hotseat: bool = False
    seats: dict[str, SeatSpec] | None = None


class Join(BaseModel):
    role: str | None = None
    invite: str | None = None


class Act(BaseModel):
    action: str = Field(max_length=500, description="the action's text, as listed in `legal`")
    version: int = Field(description="the game version the page shows (stale pages get 409)")
    role: str | None = Field(default=None, description="which of your seats acts (hot-seat)")


class Undo(BaseModel):
    version: int
    role: str | None = None


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

    app = FastAPI(title="Polemos", version="0.1.0", lifespan=lifespan, openapi_url="/api/openapi.json",
                  docs_url="/api/docs", redoc_url=None,
                  description="Play the wargames of the Peloponnesian War: every rule enforced, nothing hidden "
                              "leaks. The page itself uses this API.")
    app.state.store = store
    app.state.notifier = notifier

    @app.middleware("http")
    async def same_origin(request: Request, call_next: Any) -> Response:
        """A state-changing request from a page of another site is refused (with the CSRF token
        this also covers sign-up and log-in, which have no session yet)."""
        if request.method in ("POST", "PUT", "PATCH", "DELETE"):
            origin = request.headers.get("origin")
            if origin and origin != "null" and origin.split("://", 1)[-1] != request.headers.get("host", ""):
                return JSONResponse({"error": "cross-site request refused"}, status_code=403)
        response: Response = await call_next(request)
        return response

    # -- errors -----------------------------------------------------------------------------------
    @app.exception_handler(ApiError)
    async def _api_error(_req: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_req: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors()[:5]:
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
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

    def with_session(body: dict[str, Any], who: Viewer, token: str, status: int = 200) -> JSONResponse:
        response = JSONResponse({**body, "user": who.name, "csrf": who.csrf}, status_code=status)
        response.set_cookie(SESSION_COOKIE, token, httponly=True, secure=secure_cookies, samesite="lax",
                            max_age=30 * 24 * 3600, path="/")
        return response

    # -- accounts ---------------------------------------------------------------------------------
    @app.post("/api/signup", status_code=201, tags=["accounts"], summary="Create an account and log in")
    async def signup(body: Credentials) -> JSONResponse:
        who, token = await run_in_threadpool(store.signup, body.name, body.password)
        return with_session({}, who, token, 201)

    @app.post("/api/login", tags=["accounts"], summary="Log in")
    async def login(body: Credentials) -> JSONResponse:
        who, token = await run_in_threadpool(store.login, body.name, body.password)
        return with_session({}, who, token)

    @app.post("/api/logout", tags=["accounts"], summary="Log out")
    async def logout(request: Request, _who: User) -> JSONResponse:
        await run_in_threadpool(store.logout, request.cookies.get(SESSION_COOKIE, ""))
        response = JSONResponse({"ok": True})
        response.delete_cookie(SESSION_COOKIE, path="/")
        return response

    @app.get("/api/me", tags=["accounts"], summary="Who am I (and my CSRF token)")
    async def me(who: User) -> dict[str, Any]:
        return {"user": who.name, "csrf": who.csrf}

    # -- lobby ------------------------------------------------------------------------------------
    @app.get("/api/catalog", tags=["lobby"], summary="The games, their roles, options and bots")
    async def catalog() -> list[dict[str, Any]]:
        return await run_in_threadpool(store.catalog)

    @app.post("/api/catalog/{game_id}/seats", tags=["lobby"],
              summary="A game's seats with these options (roles the rules play are no seats)")
    async def seats(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
        return await run_in_threadpool(store.seats, game_id, options)

    @app.get("/api/games", tags=["lobby"], summary="List games: open, mine or finished")
    async def games(who: Who, list_: Annotated[str, Query(alias="list")] = "open") -> list[dict[str, Any]]:
        return await run_in_threadpool(store.list_games, who, list_)

    @app.post("/api/games", status_code=201, tags=["lobby"], summary="Create a game")
    async def create(body: CreateGame, who: User) -> dict[str, Any]:
        doc = body.model_dump()
        if body.seats is not None:
            doc["seats"] = {role: spec.model_dump() for role, spec in body.seats.items()}
        out = await run_in_threadpool(store.create, who, doc)
        notifier.bots.set()
        return out

    @app.get("/api/games/{gid}", tags=["lobby"], summary="A game's seats and status")
    async def game(gid: int, who: Who) -> dict[str, Any]:
        return await run_in_threadpool(store.meta, gid, who)

    @app.post("/api/games/{gid}/join", tags=["lobby"], summary="Take an open seat")
    async def join(gid: int, body: Join, who: User) -> dict[str, Any]:
        out = await run_in_threadpool(store.join, gid, who, body.role, body.invite)
        notifier.changed(gid)
        return out

    # -- play -------------------------------------------------------------------------------------
    @app.get("/api/games/{gid}/view", tags=["play"], summary="My view of a game (a seat's, or the public one)")
    async def view(gid: int, who: Who, role: str | None = None) -> dict[str, Any]:
        return await run_in_threadpool(store.view, gid, who, role)

    @app.post("/api/games/{gid}/actions", tags=["play"], summary="Act: the action's text")
    async def act(gid: int, body: Act, who: User) -> dict[str, Any]:
        out = await run_in_threadpool(store.act, gid, who, body.action, body.version, body.role)
        notifier.changed(gid)
        return out

    @app.post("/api/games/{gid}/undo", tags=["play"], summary="Take back my last action (if the policy allows)")
    async def undo(gid: int, body: Undo, who: User) -> dict[str, Any]:
        out = await run_in_threadpool(store.act, gid, who, "undo", body.version, body.role, True)
        notifier.changed(gid)
        return out

    @app.get("/api/games/{gid}/since", tags=["play"], summary="The actions after a version")
    async def since(gid: int, who: Who, after: int = 0) -> list[dict[str, Any]]:
        return await run_in_threadpool(store.actions_since, gid, who, after)

    @app.get("/api/games/{gid}/record", tags=["replay"], summary="The record of a finished game")
    async def record(gid: int) -> dict[str, Any]:
        return await run_in_threadpool(store.record, gid)

    @app.get("/api/games/{gid}/replay", tags=["replay"], summary="A finished game after N actions")
    async def replay(gid: int, step: int = 0) -> dict[str, Any]:
        return await run_in_threadpool(store.replay, gid, step)

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
