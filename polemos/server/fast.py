"""The two requests every action makes, served without FastAPI's routing and dependency solving (issue 8,
server CPU per action).

Each action is a ``POST /api/games/{id}/actions?page=true`` (the acting seat's page comes back with it) and,
for the other player, a ``GET /api/games/{id}/view``. Through FastAPI each cost ~1 ms of CPU before the
endpoint ran (matching ~17 routes in turn, then solving the dependencies: the session, the language, the
path, query and body parameters, each re-inspected per request), as much as the endpoint's own work on a
cached page. So :class:`FastPath`, inside the guards (polemos.server.guards: security headers, the body
cap, the Origin check all still apply), answers these two requests itself when they are well formed, by
calling the very functions the FastAPI endpoints call (the same session check, language choice, store
methods and error bodies). Anything unusual — another parameter, a value FastAPI would have to convert or
refuse, a body that is not a valid ``Act``, ``page`` other than ``true`` — goes on to FastAPI untouched
(a body already read is handed on as it came), so every error and every answer the OpenAPI document
describes comes from the one place it always did; the routes stay declared there for the document.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qsl

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from polemos.server import timing
from polemos.server.schemas import MAX_ID, MAX_TEXT

log = logging.getLogger("polemos.server")
FAST_ROUTE = _ROUTE = re.compile(r"/api/games/([0-9]{1,19})/(view|actions)")
# a handler: (request, game id, query, body) -> the answer, or None for FastAPI to answer
Handler = Callable[[Request, int, dict[str, str], bytes], Awaitable[Response | None]]


class FastPath:
    """ASGI middleware serving ``GET .../view`` and ``POST .../actions`` with ``handlers`` ({"view": h,
    "actions": h}), falling back to ``app`` (FastAPI) for anything a handler declines."""

    def __init__(self, app: ASGIApp, handlers: dict[str, Handler],
                 error: Callable[[Request, Exception], Response | None]) -> None:
        self.app = app
        self.handlers = handlers
        self.error = error  # an ApiError as the API answers it, in the asker's language (None: not one)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        found = _ROUTE.fullmatch(scope.get("path", ""))
        method = scope.get("method")
        if found is None or (found[2], method) not in (("view", "GET"), ("actions", "POST")):
            await self.app(scope, receive, send)
            return
        gid = int(found[1])
        record = timing.start(found[2])  # None unless $POLEMOS_TIMING (polemos.server.timing)
        query = _query(scope.get("query_string", b""))
        body = b""
        if method == "POST":
            body, done = await _read(receive)
            if not done:  # the client went away: FastAPI says what it says to that
                receive = _replay(body, receive, done)
                await self.app(scope, receive, send)
                return
        if query is None or not 1 <= gid <= MAX_ID:
            await self.app(scope, _replay(body, receive, True) if method == "POST" else receive, send)
            return
        request = Request(scope, receive)
        try:
            answer = await self.handlers[found[2]](request, gid, query, body)
        except Exception as exc:  # the API's errors, as its exception handlers answer them
            answer = self.error(request, exc)
            if answer is None:
                log.exception("internal error")
                answer = JSONResponse({"error": "internal error (logged on the server)"}, status_code=500)
        if answer is None:
            await self.app(scope, _replay(body, receive, True) if method == "POST" else receive, send)
            return
        timing.mark("t3")
        await answer(scope, receive, send)
        timing.finish(record, answer.status_code)


def _query(raw: bytes) -> dict[str, str] | None:
    """The query's parameters, or None if one is repeated or not plain (FastAPI decides those)."""
    out: dict[str, str] = {}
    try:
        pairs = parse_qsl(raw.decode("latin-1"), keep_blank_values=True, strict_parsing=False)
    except ValueError:
        return None
    for key, value in pairs:
        if key in out:
            return None
        out[key] = value
    return out


async def _read(receive: Receive) -> tuple[bytes, bool]:
    """The request's body (the guards cap it as it comes), and whether it came whole."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks), False
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks), True


def _replay(body: bytes, receive: Receive, whole: bool) -> Receive:
    """``receive`` as if the body had not been read yet."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            if whole:
                return {"type": "http.request", "body": body, "more_body": False}
            return {"type": "http.disconnect"}
        return await receive()

    return again


def role_of(query: dict[str, str]) -> tuple[bool, str | None]:
    """``role`` as FastAPI's ``RoleName`` query parameter would take it: (plain, value)."""
    role = query.get("role")
    if role is None:
        return True, None
    return 1 <= len(role) <= MAX_TEXT, role


def only(query: dict[str, str], allowed: set[str]) -> bool:
    return set(query) <= allowed


def json_body(request: Request, body: bytes) -> Any:
    """The body as JSON if it is sent as JSON and parses (else None: FastAPI decides)."""
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind != "application/json":
        return None
    try:
        return json.loads(body)
    except ValueError:
        return None
