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
import functools
import gc
import html
import logging
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from polemos import i18n
from polemos.core.log import translate_line
from polemos.messages import PAGES
from polemos.server.fast import FAST_ROUTE, FastPath, json_body, only, role_of
from polemos.server.guards import Guard
from polemos.server.guards import _same_origin as same_origin
from polemos.server.notify import Hub, SocketLimits, Watcher
from polemos.server.schemas import (
    DEFAULT_PAGE,
    Act,
    Acted,
    After,
    Created,
    CreateGame,
    Credentials,
    ExplainOut,
    GameId,
    GameInfo,
    Join,
    Joined,
    Language,
    Limit,
    ListName,
    LoggedOutEverywhere,
    Messages,
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
from polemos.server.service import SESSION_DAYS, ApiError, Store, Viewer, open_store

STATIC = Path(__file__).parent / "static"
SESSION_COOKIE = "polemos_session"
WS_PER_USER = 16  # live connections (WebSockets) of one user in one server process
WS_PER_ADDRESS = 64  # ... and from one address (a household or office behind one router)
POLL_SECONDS = 0.25  # how often a process asks the database for other processes' changes
# How long a thread of a server process runs Python before it must hand the GIL to another that waits for
# it (Python's default: 5 ms). Every request hands the GIL over a dozen times (to its worker thread and
# back, around each database statement, the write turn's lock, the socket): with 5 ms, each hand-over
# could wait up to 5 ms behind a thread drawing a page, and a transaction held the write turn, which both
# processes queue for, for tens of ms. Measured (issue 8, `polemos loadtest --games 100 --pace 2` on the busy
# 2-core machine, two rounds): action p99 1.6-2.4 s with 5 ms, 0.36-0.44 s with 1 ms, at the same CPU.
SWITCH_INTERVAL = 0.001
# Python's cyclic garbage collector stops the whole process while it runs. A server process keeps hundreds of
# games' states and pages (STATE_CACHE, PAGE_CACHE), and every action replaces one game's: with Python's
# thresholds (700, 10, 10) a full collection came every ~10 s per process and scanned them all (issue 8,
# 500 games at 100 actions/s: pauses of 290 ms median, up to 850 ms, 2.9 s in 40 s; the younger generations'
# 6.3 s more), the largest single cause of the latency tail measured. The states and pages hold no reference
# cycles (reference counting frees them), so the older generations are left to the poller's full collection
# every notify.FULL_COLLECT_SECONDS; what the process built before serving (modules, the app) is frozen out
# of them (gc.freeze). The youngest generation stays at Python's 700: a young collection's pause grows faster
# than its threshold (measured on a quiet machine, 500 games: 1.2 ms median at 700, 50-62 ms at 10,000,
# 250 ms at 100,000), and many short pauses cost the tail less than a few long ones (p99 96-135 ms against
# 118-172 ms with (10000, 50, 100) in four paired runs; the workers' memory the same).
GC_THRESHOLDS = (700, 100_000, 100_000)
WithPage = Annotated[bool, Query(description="answer with the acting seat's new page too")]
log = logging.getLogger("polemos.server")


class PolemosApp(FastAPI):
    """FastAPI with the guards around everything (even the 500 page) and an OpenAPI document that
    tells how errors really look (schemas.document_errors)."""

    # set at start-up (create_app's lifespan) when FastAPI's own telemetry (OpenTelemetry) is not configured
    fast_untraced = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The two requests of every action (polemos.server.fast) straight to the middleware stack (the guards,
        then the fast path): FastAPI's ``__call__`` first asks whether OpenTelemetry is configured, on every
        request (~17 us; issue 8, server CPU per action). When it was not at start-up, that answer is kept for
        these two; every other request, and all of them when telemetry is on, go through FastAPI's own."""
        stack = self.middleware_stack
        if (self.fast_untraced and stack is not None and scope["type"] == "http" and not self.root_path
                and FAST_ROUTE.fullmatch(scope.get("path", "")) is not None):
            scope["app"] = self
            await stack(scope, receive, send)
            return
        await super().__call__(scope, receive, send)

    def build_middleware_stack(self) -> ASGIApp:
        inner = super().build_middleware_stack()
        fast = getattr(self.state, "fast", None)  # the hot requests without FastAPI's routing (polemos.server.fast)
        if fast is not None:
            inner = FastPath(inner, fast, _api_error_response)
        return Guard(inner)

    def openapi(self) -> dict[str, Any]:
        first = self.openapi_schema is None
        schema = super().openapi()
        return document_errors(schema) if first else schema


# -- who is asking ------------------------------------------------------------------------------------
def session_of(request: Request) -> Viewer | None:
    """The logged-in user, from the session cookie (None for a visitor), read in a worker thread, never on
    the event loop: a database call lets go of Python's GIL, and under load the loop then waits for a game
    thread to hand it back (up to the switch interval) before it can serve any other request or socket (the
    event loop's lag, measured by polemos.server.timing; issue 8). The fast path reads it in the thread that
    does the request's work (one trip)."""
    token = request.cookies.get(SESSION_COOKIE)
    store: Store = request.app.state.store
    return store.viewer(token) if token else None


async def viewer(request: Request) -> Viewer | None:
    """The logged-in user, from the session cookie (None for a visitor)."""
    if not request.cookies.get(SESSION_COOKIE):
        return None
    return await run_in_threadpool(session_of, request)


def check_user(request: Request, who: Viewer | None) -> Viewer:
    """``user``'s checks, for the fast path's worker thread."""
    if who is None:
        raise ApiError(401, "log in first")
    if request.method not in ("GET", "HEAD", "OPTIONS"):
        sent = request.headers.get("x-csrf-token")
        if not sent or sent != who.csrf:
            raise ApiError(403, "missing or wrong CSRF token (reload the page)")
    return who


async def user(request: Request, who: Annotated[Viewer | None, Depends(viewer)]) -> Viewer:
    """A logged-in user; for state-changing requests, with the session's CSRF token in the header."""
    return check_user(request, who)


Who = Annotated[Viewer | None, Depends(viewer)]
User = Annotated[Viewer, Depends(user)]
LANG_COOKIE = "polemos_lang"  # the language the page's switcher chose (a visitor's; an account has its own)


def request_lang(request: Request, who: Viewer | None) -> str:
    """The language of an answer (issue 11): ``?lang=``, else the account's, else the page's switcher
    (a cookie), else the browser's Accept-Language, else English (polemos.i18n). Passed down with the
    request, never kept in a global: concurrent requests in different languages don't meet."""
    return i18n.choose(request.query_params.get("lang"), who.lang if who is not None else None,
                       request.cookies.get(LANG_COOKIE), i18n.negotiate(request.headers.get("accept-language")))


async def lang_of(request: Request, who: Annotated[Viewer | None, Depends(viewer)]) -> str:
    return request_lang(request, who)


Lang = Annotated[str, Depends(lang_of)]


def create_app(store: Store, *, secure_cookies: bool = True, poll_seconds: float = POLL_SECONDS,
               bots: bool = True, ws_per_user: int = WS_PER_USER, ws_per_address: int = WS_PER_ADDRESS) -> FastAPI:
    """The app over ``store``; ``bots``: this process plays bot seats; ``ws_per_user`` and
    ``ws_per_address`` cap live connections (0: no cap)."""
    hub = Hub(store, poll_seconds, bots)
    sockets = SocketLimits(ws_per_user, ws_per_address)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        telemetry = getattr(app, "_native_telemetry", None)  # FastAPI's OpenTelemetry hook (PolemosApp.__call__)
        app.fast_untraced = telemetry is not None and not telemetry.enabled()
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = PolemosApp(title="Polemos", version="0.1.0", lifespan=lifespan, openapi_url="/api/openapi.json",
                  docs_url="/api/docs", redoc_url=None,
                  description="Play the wargames of the Peloponnesian War: every rule enforced, nothing hidden "
                              "leaks. The page itself uses this API.")
    app.state.store = store
    app.state.hub = hub

    # -- errors -----------------------------------------------------------------------------------
    @app.exception_handler(ApiError)
    async def _api_error(req: Request, exc: ApiError) -> Response:
        # the message in the asker's language (issue 11: the page shows it as it comes); only its words change,
        # never the status or the body's shape; the same answer as the fast path's (polemos.server.fast)
        answer = _api_error_response(req, exc)
        assert answer is not None
        return answer

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
            return _not_found_page(request_lang(req, None))  # people get a page; programs (/api/) get JSON
        message = {404: "not found", 405: "method not allowed"}.get(exc.status_code, str(exc.detail))
        message = i18n.translate_text(message, request_lang(req, None))
        return JSONResponse({"error": message}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def _internal(_req: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error")
        return JSONResponse({"error": "internal error (logged on the server)"}, status_code=500)

    def with_session(who: Viewer, token: str, response: Response) -> SessionOut:
        response.set_cookie(SESSION_COOKIE, token, httponly=True, secure=secure_cookies, samesite="lax",
                            max_age=SESSION_DAYS * 24 * 3600, path="/")
        return SessionOut(user=who.name, csrf=who.csrf, lang=who.lang)

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
        return SessionOut(user=who.name, csrf=who.csrf, lang=who.lang)

    @app.put("/api/me/lang", tags=["accounts"], summary="My language (en, es; null: the browser's)",
             responses=errors(400, 401))
    async def set_lang(body: Language, who: User) -> SessionOut:
        lang = i18n.normalize(body.lang) if body.lang else None
        if body.lang and lang is None:
            raise ApiError(400, f"no language {body.lang!r}: Polemos speaks {', '.join(i18n.LANGUAGES)}")
        await run_in_threadpool(store.set_lang, who, lang)
        return SessionOut(user=who.name, csrf=who.csrf, lang=lang)

    @app.get("/api/i18n/{lang}", tags=["accounts"], summary="The page's strings in a language (its catalog)",
             responses=errors(400))
    async def messages(lang: str) -> Messages:
        chosen = i18n.normalize(lang)
        if chosen is None:
            raise ApiError(400, f"no language {lang!r}: Polemos speaks {', '.join(i18n.LANGUAGES)}")
        return Messages(lang=chosen, languages=dict(i18n.NAMES), messages=i18n.messages(chosen))

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
    async def games(request: Request, who: Who, list_: Annotated[ListName, Query(alias="list")] = "open",
                    limit: Limit = DEFAULT_PAGE, offset: Offset = 0) -> list[Summary]:
        found = await run_in_threadpool(store.list_games, who, list_, limit, offset)
        lang = request_lang(request, None)
        return [Summary.model_validate(i18n.result_in(g, lang)) for g in found]

    @app.post("/api/games", status_code=201, tags=["lobby"], summary="Create a game",
              responses=errors(400, 401, 409))
    async def create(body: CreateGame, who: User) -> Created:
        doc = body.model_dump()
        if body.seats is not None:
            doc["seats"] = {role: spec.model_dump() for role, spec in body.seats.items()}
        out = await hub.work(store.create, who, doc)
        return Created.model_validate(out)

    @app.get("/api/games/{gid}", tags=["lobby"], summary="A game's seats and status", responses=errors(400, 404))
    async def game(request: Request, gid: GameId, who: Who) -> Summary:
        found = await run_in_threadpool(store.meta, gid, who)
        return Summary.model_validate(i18n.result_in(found, request_lang(request, None)))

    @app.post("/api/games/{gid}/join", tags=["lobby"], summary="Take an open seat",
              responses=errors(400, 401, 404, 409))
    async def join(gid: GameId, body: Join, who: User) -> Joined:
        out = await hub.work(store.join, gid, who, body.role, body.invite)
        return Joined.model_validate(out)

    # -- play -------------------------------------------------------------------------------------
    @app.get("/api/games/{gid}/view", tags=["play"], summary="My view of a game (a seat's, or the public one)",
             response_model=ViewOut, responses=errors(400, 403, 404))
    async def view(gid: GameId, who: Who, lang: Lang, role: Annotated[RoleName | None, Query()] = None) -> Response:
        # pre-encoded (Store.view_json): a page is ~120 KB, validated and encoded once per page version
        return Response(await hub.work(store.view_json, gid, who, role, lang), media_type="application/json")

    @app.get("/api/games/{gid}/explain", tags=["play"], response_model=ExplainOut, responses=errors(400, 403, 404),
             summary="Why my page offers no choice on some places of the board now (asked on a click that "
                     "finds nothing to choose)")
    async def explain(gid: GameId, who: Who, lang: Lang, role: Annotated[RoleName | None, Query()] = None) -> Response:
        # worked out only when asked and kept with the page (Store.explain_json): views no longer carry it
        return Response(await hub.work(store.explain_json, gid, who, role, lang), media_type="application/json")

    @app.post("/api/games/{gid}/actions", tags=["play"], summary="Act: the action's text",
              response_model=Acted, responses=errors(400, 401, 404, 409, 422), response_model_exclude_unset=True)
    async def act(gid: GameId, body: Act, who: User, lang: Lang, page: WithPage = False) -> Response | Acted:
        return acted(*await hub.work(act_and_page, gid, who, body.action, body.version, body.role, False, page,
                                     lang))

    @app.post("/api/games/{gid}/undo", tags=["play"], summary="Take back my last action (if the policy allows)",
              response_model=Acted, responses=errors(400, 401, 404, 409), response_model_exclude_unset=True)
    async def undo(gid: GameId, body: Undo, who: User, lang: Lang, page: WithPage = False) -> Response | Acted:
        return acted(*await hub.work(act_and_page, gid, who, "undo", body.version, body.role, True, page, lang))

    def act_and_page(gid: int, who: Viewer, text: str, version: int, role: str | None, undo: bool,
                     page: bool, lang: str) -> tuple[dict[str, Any], bytes | None]:
        """An action and, if asked, the acting seat's new page: one trip to a worker thread."""
        if page:
            return store.act_and_view(gid, who, text, version, role, undo, lang)
        return store.act(gid, who, text, version, role, undo), None

    # -- the two requests of every action, without FastAPI's routing (polemos.server.fast): the same
    # functions as the endpoints above and below; None hands a request on to FastAPI unchanged
    async def fast_view(request: Request, gid: int, query: dict[str, str], _body: bytes) -> Response | None:
        plain, role = role_of(query)
        if not (plain and only(query, {"role", "lang"})):
            return None
        return Response(await hub.work(view_work, request, gid, role), media_type="application/json")

    def view_work(request: Request, gid: int, role: str | None) -> bytes:
        """The fast path's GET /view in one worker thread: the session, the language, the page."""
        who = session_of(request)
        return store.view_json(gid, who, role, request_lang(request, who))

    async def fast_act(request: Request, gid: int, query: dict[str, str], body: bytes) -> Response | None:
        if query.get("page") != "true" or not only(query, {"page", "lang"}):
            return None
        doc = json_body(request, body)
        if not isinstance(doc, dict):
            return None
        try:
            move = Act.model_validate(doc)
        except ValidationError:
            return None
        answer = acted(*await hub.work(act_work, request, gid, move))
        return answer if isinstance(answer, Response) else None

    def act_work(request: Request, gid: int, move: Act) -> tuple[dict[str, Any], bytes | None]:
        """The fast path's POST /actions?page=true in one worker thread: the session and its CSRF token,
        the language, the action and the acting seat's page."""
        who = check_user(request, session_of(request))
        return act_and_page(gid, who, move.action, move.version, move.role, False, True, request_lang(request, who))

    app.state.fast = {"view": fast_view, "actions": fast_act}

    def acted(out: dict[str, Any], shown: bytes | None) -> Response | Acted:
        """The answer to an action, with the acting seat's new page if asked (the page shows it at once,
        spliced in pre-encoded as GET /view sends it)."""
        if shown is not None:
            head = Acted.model_validate(out).model_dump_json(exclude_unset=True).encode()
            return Response(b"".join((memoryview(head)[:-1], b',"page":', shown, b"}")), media_type="application/json")
        return Acted.model_validate(out)

    @app.get("/api/games/{gid}/since", tags=["play"], responses=errors(400, 403, 404),
             summary="What happened since a version of my page: my view's log lines after it")
    async def since(gid: GameId, who: Who, lang: Lang, after: After = 0,
                    role: Annotated[RoleName | None, Query()] = None) -> list[SinceItem]:
        items = await hub.work(store.since, gid, who, after, role)
        return [SinceItem.model_validate({**x, "log": [translate_line(line, lang) for line in x["log"]]})
                for x in items]

    @app.get("/api/games/{gid}/record", tags=["replay"], summary="The record of a finished game (with its seed)",
             responses=errors(400, 404, 409))
    async def record(gid: GameId) -> Record:
        return Record.model_validate(await run_in_threadpool(store.record, gid))

    @app.get("/api/games/{gid}/replay", tags=["replay"], summary="A finished game after N actions",
             responses=errors(400, 404, 409), response_model_exclude_unset=True)
    async def replay(gid: GameId, lang: Lang, step: Step = 0) -> ReplayOut:
        out = await hub.work(store.replay, gid, step)
        if isinstance(out.get("log"), list):
            out = {**out, "log": [translate_line(str(line), lang) for line in out["log"]]}
        if lang != i18n.DEFAULT:  # the board's and panel's words in the asker's language, as a game's page has them
            board = out.get("board")
            shown = {"panel": out.get("panel"), "board": i18n.board_texts(board) if isinstance(board, str) else []}
            out = {**out, "tr": i18n.page_words(shown, lang)}
        return ReplayOut.model_validate(out)

    @app.websocket("/api/games/{gid}/ws")
    async def live(websocket: WebSocket, gid: GameId) -> None:
        """Sends ``{"type": "version", "versions": {viewer: N}, "status": S}`` at once and whenever one
        of the listener's own pages changes: ``versions`` has one entry per seat of the logged-in
        listener (or ``"*"``, the spectator's page); the page then fetches its view. Another role's
        secret step changes no page of the listener, so it sends nothing (polemos.server.signals).
        A page of another site (its Origin) is refused like its requests; a user or an address with
        too many live connections is closed with 1008 and the reason. An idle socket costs a
        subscription: no database query until its game changes (polemos.server.notify)."""
        if not same_origin({k.lower(): v for k, v in websocket.scope["headers"]}):
            await websocket.close(code=1008, reason="cross-site WebSocket refused")  # before accepting: 403
            return
        token = websocket.cookies.get(SESSION_COOKIE)
        who = await run_in_threadpool(store.viewer, token) if token else None
        user_id = who.user_id if who is not None else None
        place = websocket.client.host if websocket.client is not None else ""
        refused = sockets.take(user_id, place)
        await websocket.accept()
        if refused is not None:
            await websocket.close(code=1008, reason=refused)
            return
        try:
            try:
                watcher = await hub.watch(gid, who)
            except ApiError as exc:
                await websocket.send_json({"type": "error", "error": exc.message})
                await websocket.close()
                return
            try:
                await _push(websocket, watcher)
            finally:
                hub.unwatch(gid, watcher)
        finally:
            sockets.give(user_id, place)

    # -- the page ---------------------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby_page(lang: Lang) -> Response:
        return _page("index.html", lang)

    @app.get("/game/{gid}", include_in_schema=False)
    @app.get("/replay/{gid}", include_in_schema=False)
    async def game_page(gid: str, lang: Lang) -> Response:
        """The page of a game that exists; any other address (``/game/abc``, a game never made) is
        the 404 page, not the API's JSON error."""
        if not (gid.isdigit() and len(gid) <= 18):  # game ids are database integers
            return _not_found_page(lang)
        try:
            await run_in_threadpool(store.version, int(gid))
        except ApiError:
            return _not_found_page(lang)
        return _page("index.html", lang)

    return app


def _api_error_response(req: Request, exc: Exception) -> Response | None:
    """An ApiError as the API's exception handler answers it (None for any other exception): the message
    in the asker's language (issue 11), so the fast path's errors read as FastAPI's do."""
    if isinstance(exc, ApiError):
        message = i18n.translate_text(exc.message, request_lang(req, None))
        return JSONResponse({"error": message}, status_code=exc.status, headers=exc.headers)
    return None


def _not_found_page(lang: str = i18n.DEFAULT) -> Response:
    return _page("404.html", lang, 404)


def _page(name: str, lang: str, status: int = 200) -> Response:
    """A static page in ``lang``: its ``<html lang>`` and its text (polemos.messages.PAGES) translated."""
    return Response(_page_text(name, lang), status_code=status, media_type="text/html")


@functools.lru_cache(maxsize=16)
def _page_text(name: str, lang: str) -> bytes:
    text = (STATIC / name).read_text(encoding="utf-8")
    if lang != i18n.DEFAULT:
        text = text.replace('<html lang="en">', f'<html lang="{lang}">')
        for msgid in PAGES:
            text = text.replace(f">{msgid}<", f">{html.escape(i18n.gettext(msgid, lang), quote=False)}<")
            text = text.replace(f'"{msgid}"', f'"{html.escape(i18n.gettext(msgid, lang))}"')
    return text.encode("utf-8")


async def _push(websocket: WebSocket, watcher: Watcher) -> None:
    """Send the watcher's message now and whenever it changes, until the page goes away."""
    sent = watcher.message()
    await websocket.send_json(sent)
    receive = asyncio.ensure_future(websocket.receive())
    try:
        while True:
            wake = asyncio.ensure_future(watcher.event.wait())
            done, _ = await asyncio.wait({receive, wake}, return_when=asyncio.FIRST_COMPLETED)
            if receive in done:
                wake.cancel()
                if receive.result().get("type") == "websocket.disconnect":
                    return
                receive = asyncio.ensure_future(websocket.receive())  # the page says nothing we use
                continue
            watcher.event.clear()
            message = watcher.message()
            if message != sent:
                sent = message
                await websocket.send_json(message)
    except (WebSocketDisconnect, RuntimeError):
        return
    finally:
        receive.cancel()


def default_workers(database_url: str) -> int:
    """Server processes by default: on SQLite two (writers queue for its one write lock, so more only
    add contention; fewer on one core), on PostgreSQL one per core."""
    cores = os.cpu_count() or 1
    return min(2, cores) if database_url.startswith("sqlite") else cores


def factory() -> FastAPI:
    """The app as ``polemos serve`` runs it in each worker process (``uvicorn --factory
    polemos.server.app:factory``): its configuration comes from the environment ``serve`` sets
    (without it: SQLite in ``polemos-data``, as ``polemos serve`` does by default)."""
    env = os.environ
    sys.setswitchinterval(float(env.get("POLEMOS_SWITCH_INTERVAL", SWITCH_INTERVAL)))
    thresholds = env.get("POLEMOS_GC_THRESHOLDS")  # e.g. "700,10,10" (Python's own), to measure with
    gc.set_threshold(*(tuple(int(x) for x in thresholds.split(",")) if thresholds else GC_THRESHOLDS))
    components = env.get("POLEMOS_COMPONENTS")
    store = open_store(env.get("POLEMOS_DATABASE_URL"), Path(env.get("POLEMOS_DATA_DIR", "polemos-data")),
                       Path(components) if components else None)
    app = create_app(store, secure_cookies=env.get("POLEMOS_INSECURE_COOKIES") != "1",
                     ws_per_user=int(env.get("POLEMOS_WS_PER_USER", WS_PER_USER)),
                     ws_per_address=int(env.get("POLEMOS_WS_PER_ADDRESS", WS_PER_ADDRESS)))
    gc.collect()
    gc.freeze()  # what was built before serving is never scanned again (GC_THRESHOLDS)
    return app
