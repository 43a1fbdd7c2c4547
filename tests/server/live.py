"""A real ``polemos serve`` process for tests: started on a free port, stopped (or killed) at will."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "correct horse battery"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    def __init__(self, data_dir: Path, port: int | None = None, database_url: str | None = None,
                 insecure_cookies: bool = True) -> None:
        self.data_dir = data_dir
        self.port = port or free_port()
        self.database_url = database_url
        self.insecure_cookies = insecure_cookies  # False: Secure cookies, which Chromium keeps on http://127.0.0.1
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        cmd = [sys.executable, "-c", "from polemos.cli import main; main()", "serve", "--port", str(self.port),
               "--data-dir", str(self.data_dir)] + (["--insecure-cookies"] if self.insecure_cookies else [])
        if self.database_url:
            cmd += ["--database-url", self.database_url]
        log = open(self.data_dir / f"server-{self.port}.log", "ab")  # noqa: SIM115 - lives as long as the process
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                                     env={**os.environ, "PYTHONPATH": str(ROOT)})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx2.get(self.url + "/api/catalog", timeout=2).status_code == 200:
                    return self
            except httpx2.HTTPError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {(self.data_dir / f'server-{self.port}.log').read_text()}")
            time.sleep(0.2)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs (the crash test)."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Browserless:
    """A logged-in HTTP client of a live server."""

    def __init__(self, server: LiveServer, name: str, signup: bool = True) -> None:
        self.http = httpx2.Client(base_url=server.url, timeout=30)
        r = self.http.post("/api/signup" if signup else "/api/login", json={"name": name, "password": PASSWORD})
        assert r.status_code in (200, 201), r.text
        self.csrf = r.json()["csrf"]

    def post(self, url: str, body: dict[str, Any]) -> httpx2.Response:
        return self.http.post(url, json=body, headers={"X-CSRF-Token": self.csrf})

    def get(self, url: str) -> httpx2.Response:
        return self.http.get(url)


def ws_url(server: LiveServer, gid: int) -> str:
    return server.url.replace("http://", "ws://", 1) + f"/api/games/{gid}/ws"


async def next_change(url: str, client: Browserless | None = None, timeout: float = 20.0,
                      ready: Any = None) -> dict[str, Any]:
    """Open a game's WebSocket (as ``client``'s user, or a visitor), take its first message (where the
    pages stand), set ``ready`` (an asyncio.Event) if given, and return the next message: a change."""
    import asyncio
    import json

    import websockets

    cookie = f"polemos_session={client.http.cookies['polemos_session']}" if client is not None else None
    async with websockets.connect(url, additional_headers={"Cookie": cookie} if cookie else None) as ws:
        first = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if ready is not None:
            ready.set()
        while True:
            msg: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
            if msg != first:
                return msg
