"""What every HTTP request and response goes through (issue 8, items 5 and 7): request bodies are
capped before they are read whole, state-changing requests from other sites (or from no site at all,
``Origin: null``) are refused, and every response carries the security headers.

Both are plain ASGI middlewares (no buffering of bodies): :class:`Guard` wraps the application.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.exceptions import HTTPException as StarletteHTTPException

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 64 * 1024  # the largest request the API needs (a game's creation) is well under 2 KiB

# The page (polemos/server/static) loads its own script and style sheet only, draws SVG given as text,
# and talks to its own origin (fetch, WebSocket); it may not be framed by any site.
PAGE_CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            "frame-ancestors 'none'")
# /api/docs is FastAPI's Swagger UI: an inline script and files from its CDN
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https:; "
            "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # invitation links carry their token in the address: never send it to another site
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
STATE_CHANGING = {"POST", "PUT", "PATCH", "DELETE"}


class Guard:
    """The outermost middleware: security headers on every response, the body cap, the Origin check."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        csp = DOCS_CSP if path == "/api/docs" else PAGE_CSP
        api = path.startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in HEADERS if k not in present]
                if b"content-security-policy" not in present:
                    headers.append((b"content-security-policy", csp.encode()))
                if api and b"cache-control" not in present:
                    headers.append((b"cache-control", b"no-store"))  # views are private to their reader
                message["headers"] = headers
            await send(message)

        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        if scope.get("method") in STATE_CHANGING and not _same_origin(headers):
            await _error(send_with_headers, 403, "cross-site request refused")
            return
        length = headers.get(b"content-length")
        if length is not None:
            try:
                declared = int(length)
            except ValueError:
                await _error(send_with_headers, 400, "malformed request: a bad Content-Length")
                return
            if declared > self.max_body:
                await _error(send_with_headers, 413, str(BodyTooLarge(self.max_body).detail))
                return
        state = {"read": 0, "started": False}

        async def capped_receive() -> Message:
            message = await receive()
            if message["type"] == "http.request":
                state["read"] += len(message.get("body", b""))
                if state["read"] > self.max_body:  # a chunked body, or one longer than it said
                    raise BodyTooLarge(self.max_body)
            return message

        async def tracking_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                state["started"] = True
            await send_with_headers(message)

        try:
            await self.app(scope, capped_receive, tracking_send)
        except BodyTooLarge as exc:
            if state["started"]:
                raise
            await _error(send_with_headers, 413, str(exc.detail))


class BodyTooLarge(StarletteHTTPException):
    """Raised while reading a body past the cap, so the application never reads the rest; an HTTP
    error, so FastAPI's body parsing passes it on to the API's error handler (a 413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is too large (at most {limit} bytes)")


def _same_origin(headers: dict[bytes, bytes]) -> bool:
    """A state-changing request must come from this site's own page: with the CSRF token this also
    covers sign-up and log-in, which have no session yet. No Origin (a program, an old browser) is
    allowed; ``Origin: null`` (a sandboxed frame, a file, a redirect across sites) is not."""
    origin = headers.get(b"origin")
    if origin is None:
        return True
    text = origin.decode("latin-1")
    if text == "null" or "://" not in text:
        return False
    return text.split("://", 1)[1] == headers.get(b"host", b"").decode("latin-1")


async def _error(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
