"""Fixtures for the server tests: a fresh SQLite database and a TestClient per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from polemos.server.app import create_app
from polemos.server.db import GameRow
from polemos.server.service import Store, open_store
from polemos.server.signals import Signals
from tests.server.browser_helpers import browser, pages, server  # noqa: F401  (the browser tests' fixtures)

PASSWORD = "correct horse battery"


#: The tests' argon2id: the same algorithm and the same code paths (hash on sign-up, verify on log-in, a
#: ``$argon2id$`` hash in the database), at a low cost. The default (3 passes over 64 MiB on 4
#: lanes) costs ~0.27 CPU seconds a hash or check, this one ~0.012, and most server tests sign up and
#: log in players (CI must stay under 20 minutes in all); what the server runs is polemos.server.service's
#: PasswordHasher().
TEST_HASHER = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = open_store(None, tmp_path)
    s.hasher = TEST_HASHER
    yield s
    s.close()


def client_for(store: Store, bots: bool = False, token: str | None = None, **limits: int) -> TestClient:
    """A page's client of its own server app on ``store`` (``bots``: with the bot runner; logged in with the
    session ``token``; ``limits``: the app's WebSocket limits)."""
    client = TestClient(create_app(store, poll_seconds=0.05, bots=bots, **limits), base_url="https://testserver")
    if token is not None:
        client.cookies.set("polemos_session", token)
    return client


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with client_for(store) as c:
        yield c


class Player:
    """A logged-in browser: its own cookies and CSRF token."""

    def __init__(self, store: Store, name: str, bots: bool = False) -> None:
        self.client = client_for(store, bots)
        self.client.__enter__()
        r = self.client.post("/api/signup", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        self.name = name
        self.csrf = r.json()["csrf"]

    def post(self, url: str, body: dict[str, Any] | None = None) -> Any:
        return self.client.post(url, json=body or {}, headers={"X-CSRF-Token": self.csrf})

    def get(self, url: str) -> Any:
        return self.client.get(url)

    def close(self) -> None:
        self.client.__exit__(None, None, None)


def state_of(store: Store, gid: int) -> Any:
    """A game's state, read from the database (the server's own, hidden parts included)."""
    with store.read() as db:
        row = db.get(GameRow, gid)
        assert row is not None
        return store.load(row)


def version_of(store: Store, gid: int, viewer: str) -> int:
    """The version of ``viewer``'s page of a game (it moves only when what the viewer may see moves)."""
    with store.read() as db:
        row = db.get(GameRow, gid)
        assert row is not None
        return Signals.load(row.signals, row.version).version(viewer)


def seed_of(store: Store, gid: int) -> int:
    """A game's seed, read from the database (no response carries it before the game is over)."""
    with store.read() as db:
        row = db.get(GameRow, gid)
        assert row is not None
        return int(row.seed)


@pytest.fixture
def players(store: Store) -> Iterator[tuple[Player, Player]]:
    a, b = Player(store, "pericles"), Player(store, "archidamus")
    yield a, b
    a.close()
    b.close()
