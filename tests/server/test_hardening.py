"""The browser table's server hardening (issue 8, items 2 and 4-7): secret seeds, log-ins outside the
write lock and throttled, capped bodies, validated options and numbers, per-account limits, a paged
lobby, password rules, names unique regardless of case, idle sessions, log out everywhere, security
headers. Each test would have caught the problem the issue found."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

import polemos
from polemos.core.rng import Rng
from polemos.server import service
from polemos.server.db import GameRow, Session, User, now
from polemos.server.guards import MAX_BODY
from polemos.server.service import Store, open_store
from polemos.server.throttle import ACCOUNT_FAILURES
from tests.server.conftest import PASSWORD, Player, client_for, seed_of

AS = "athens-and-sparta"
GTS = "go-tell-the-spartans"
DUEL = {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}
VS_BOT = {"athens": {"kind": "me"}, "sparta": {"kind": "bot", "bot": "random"}}


def create(p: Player, **body: Any) -> Any:
    return p.post("/api/games", {"game": AS, **body})


# -- 2: seeds ---------------------------------------------------------------------------------------------
def test_a_chosen_seed_is_refused_in_a_game_with_another_human(players: tuple[Player, Player]) -> None:
    a, _b = players
    r = create(a, seed=3, seats=DUEL)
    assert r.status_code == 400 and "chosen seed" in r.json()["error"]
    assert a.get("/api/games?list=open").json() == []  # nothing was made
    hot = create(a, seed=3, hotseat=True)
    bots = create(a, seed=3, seats=VS_BOT)
    duel = create(a, seats=DUEL)
    assert hot.status_code == bots.status_code == duel.status_code == 201
    flags = {g["id"]: g["seed_chosen"] for g in a.get("/api/games?list=mine").json()}
    assert flags == {hot.json()["id"]: True, bots.json()["id"]: True, duel.json()["id"]: False}
    assert a.get(f"/api/games/{hot.json()['id']}/view?role=athens").json()["game"]["seed_chosen"] is True


def test_a_chosen_seed_past_2_53_is_kept_exactly(store: Store, players: tuple[Player, Player]) -> None:
    """The lobby sends a chosen seed as its digits (a JavaScript number would round 2^53 + 1 to 2^53,
    another game); the API takes the digits as the integer they write."""
    a, _b = players
    big = 2**53 + 1
    r = create(a, seed=str(big), hotseat=True)
    assert r.status_code == 201, r.text
    assert seed_of(store, r.json()["id"]) == big
    assert create(a, seed="12a", hotseat=True).status_code == 400


def test_server_seeds_are_128_secret_bits_stored_as_text(store: Store, players: tuple[Player, Player]) -> None:
    a, _b = players
    gids = [create(a, seats=DUEL).json()["id"] for _ in range(4)]
    seeds = [seed_of(store, gid) for gid in gids]
    assert len(set(seeds)) == 4 and max(seeds) >= 2**100  # 128 random bits: one below 2^100 is a 1 in 2^28 chance
    assert all(0 <= s < 2**128 for s in seeds)
    big = 2**200 + 12345  # a chosen seed beyond SQLite's 64-bit INTEGER is no 500
    gid = create(a, seed=big, hotseat=True).json()["id"]
    assert seed_of(store, gid) == big
    with store.read() as db:
        row = db.get(GameRow, gid)
        assert row is not None and row.seed == str(big)


def test_no_response_but_the_finished_record_carries_the_seed(store: Store, players: tuple[Player, Player]) -> None:
    a, b = players
    gid = create(a, seats=DUEL).json()["id"]
    b.post(f"/api/games/{gid}/join", {"role": "sparta"})
    seed = str(seed_of(store, gid))
    for p in (a, b):
        for url in ("/api/games?list=mine", "/api/games?list=open", f"/api/games/{gid}", f"/api/games/{gid}/view",
                    f"/api/games/{gid}/since?after=0", "/api/catalog", "/api/me"):
            r = p.get(url)
            assert seed not in r.text, url
    assert a.get(f"/api/games/{gid}/record").status_code == 409


def test_bots_draw_from_their_own_secret_source_not_the_game_seed(store: Store, players: tuple[Player, Player],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games with the same chosen seed: the bot's random source differs (it was Rng(seed * 7919 +
    version), so whoever knew the seed knew the bot's every choice)."""
    a, _b = players
    seen: list[int] = []
    real = service.make_agent

    def recording(name: str, game_id: str, data: Any) -> Any:
        agent = real(name, game_id, data)
        choose = agent.choose

        def spy(view: Any, legal: Any, rng: Rng) -> Any:
            seen.append(rng.copy().below(1 << 62))  # the first number the bot would draw
            return choose(view, legal, rng)

        agent.choose = spy
        return agent

    monkeypatch.setattr(service, "make_agent", recording)
    for _ in range(2):
        seats = {"athens": {"kind": "bot", "bot": "random"}, "sparta": {"kind": "me"}}
        gid = create(a, seed=7, seats=seats).json()["id"]
        turn = next(t for t in store.bot_turns() if t[0] == gid)
        assert store.bot_move(*turn)
    assert len(seen) == 2 and seen[0] != seen[1]


# -- 4: log-ins ---------------------------------------------------------------------------------------------
def _write_lock_is_free(store: Store) -> bool:
    """Whether another connection could take SQLite's write lock right now (without waiting)."""
    path = store.url.split("sqlite:///", 1)[1]
    conn = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("ROLLBACK")
        return True
    except sqlite3.OperationalError:
        return False
    finally:
        conn.close()


def test_passwords_are_hashed_and_checked_outside_the_write_lock(store: Store, monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    """Issue 8: argon2 ran inside SQLite's write lock, so 8 wrong passwords in parallel stalled every game."""
    free: list[bool] = []
    real = store.hasher

    class Spy:
        def hash(self, password: str) -> str:
            free.append(_write_lock_is_free(store))
            return real.hash(password)

        def verify(self, hashed: str, password: str) -> bool:
            free.append(_write_lock_is_free(store))
            return real.verify(hashed, password)

    monkeypatch.setattr(store, "hasher", Spy())
    with client_for(store) as c:
        assert c.post("/api/signup", json={"name": "gorgo", "password": PASSWORD}).status_code == 201
        assert c.post("/api/login", json={"name": "gorgo", "password": "wrong password"}).status_code == 401
        assert c.post("/api/login", json={"name": "nobody", "password": "wrong password"}).status_code == 401
        assert c.post("/api/login", json={"name": "gorgo", "password": PASSWORD}).status_code == 200
    assert free == [True, True, True, True]


def test_at_most_two_passwords_are_hashed_at_once(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    inside = 0
    most = 0
    lock = threading.Lock()
    gate = threading.Barrier(3, timeout=5)
    real = store.hasher

    class Spy:
        def verify(self, hashed: str, password: str) -> bool:
            nonlocal inside, most
            with lock:
                inside += 1
                most = max(most, inside)
            with contextlib.suppress(threading.BrokenBarrierError):
                gate.wait()  # a third verification at once would let all three through
            with lock:
                inside -= 1
            return real.verify(hashed, password)

    monkeypatch.setattr(store, "hasher", Spy())
    threads = [threading.Thread(target=lambda n=n: _try_login(store, f"u{n}")) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert most == service.HASHING_THREADS == 2


def _try_login(store: Store, name: str) -> None:
    with pytest.raises(service.ApiError):
        store.login(name, "wrong password", f"10.0.0.{len(name)}")


@pytest.fixture
def clock(store: Store) -> Iterator[list[float]]:
    t = [1000.0]
    store.throttle.clock = lambda: t[0]
    yield t


def test_failed_log_ins_are_throttled_per_account_with_retry_after(store: Store, clock: list[float]) -> None:
    with client_for(store) as c:
        c.post("/api/signup", json={"name": "brasidas", "password": PASSWORD})
        for _ in range(5):
            assert c.post("/api/login", json={"name": "brasidas", "password": "bad password"}).status_code == 401
        r = c.post("/api/login", json={"name": "BRASIDAS", "password": PASSWORD})  # even the right one, any case
        assert r.status_code == 429 and "too many attempts" in r.json()["error"]
        assert 0 < int(r.headers["retry-after"]) <= 15 * 60
        clock[0] += int(r.headers["retry-after"])
        assert c.post("/api/login", json={"name": "brasidas", "password": PASSWORD}).status_code == 200
        # the right password clears the account's count
        for _ in range(4):
            c.post("/api/login", json={"name": "brasidas", "password": "bad password"})
        assert c.post("/api/login", json={"name": "brasidas", "password": PASSWORD}).status_code == 200


def test_failed_log_ins_are_throttled_per_address(store: Store, clock: list[float]) -> None:
    with client_for(store) as c:
        c.post("/api/signup", json={"name": "phormio", "password": PASSWORD})
        for n in range(20):  # many accounts tried from one address
            assert c.post("/api/login", json={"name": f"user{n}", "password": "bad password"}).status_code == 401
        r = c.post("/api/login", json={"name": "phormio", "password": PASSWORD})
        assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
    assert store.login("phormio", PASSWORD, "192.0.2.9")[0].name == "phormio"  # another address may log in


def test_log_in_throttle_is_shared_by_worker_processes(store: Store, clock: list[float], tmp_path: Path) -> None:
    """The counts live in the database: a guesser gains no tries by landing on another worker (two
    Stores on one database file stand for two worker processes)."""
    other = open_store(None, tmp_path)
    other.throttle.clock = store.throttle.clock
    try:
        store.signup("demosthenes", PASSWORD, "198.51.100.1")
        for n in range(5):  # alternate between the two processes
            with pytest.raises(service.ApiError) as wrong:
                (store if n % 2 else other).login("demosthenes", "bad password", f"198.51.100.{n + 2}")
            assert wrong.value.status == 401
        for s in (store, other):
            with pytest.raises(service.ApiError) as refused:
                s.login("demosthenes", PASSWORD, "198.51.100.20")
            assert refused.value.status == 429
        clock[0] += ACCOUNT_FAILURES.window
        assert other.login("demosthenes", PASSWORD, "198.51.100.20")[0].name == "demosthenes"
    finally:
        other.close()


def test_sign_ups_are_throttled_per_address(store: Store, clock: list[float]) -> None:
    with client_for(store) as c:
        for n in range(20):
            assert c.post("/api/signup", json={"name": f"hoplite{n}", "password": PASSWORD}).status_code == 201
        r = c.post("/api/signup", json={"name": "hoplite99", "password": PASSWORD})
        assert r.status_code == 429 and "retry-after" in r.headers


# -- 5: bodies, numbers, options --------------------------------------------------------------------------------
def test_large_bodies_are_refused_before_they_are_read(store: Store) -> None:
    with client_for(store) as c:
        big = b'{"name": "x", "password": "' + b"p" * MAX_BODY + b'"}'
        r = c.post("/api/login", content=big, headers={"content-type": "application/json"})
        assert r.status_code == 413 and "too large" in r.json()["error"]
        chunks_read = 0

        def chunked() -> Iterator[bytes]:  # no Content-Length: chunked transfer
            nonlocal chunks_read
            for _ in range(1000):  # 16 MB if it were all read
                chunks_read += 1
                yield b"p" * 16384

        r = c.post("/api/login", content=chunked(), headers={"content-type": "application/json"})
        assert r.status_code == 413 and r.json()["error"].startswith("the request body is too large")
        assert c.post("/api/login", content=b"{}", headers={"content-length": "abc"}).status_code == 400


@pytest.mark.parametrize(("method", "url", "body"), [
    ("get", f"/api/games/{2**64}", None),
    ("get", f"/api/games/{10**30}/view", None),
    ("get", "/api/games/1/since?after=" + str(2**70), None),
    ("get", "/api/games/1/replay?step=" + str(10**40), None),
    ("get", "/api/games?list=open&offset=" + str(2**64), None),
    ("get", "/api/games?list=open&limit=101", None),
    ("get", "/api/games?list=open&limit=0", None),
    ("post", "/api/games/1/actions", '{"action": "x", "version": 1e999}'),
    ("post", "/api/games/1/actions", '{"action": "x", "version": ' + str(2**64) + "}"),
    ("post", "/api/games", '{"game": "athens-and-sparta", "hotseat": true, "seed": 1e999}'),
    ("post", "/api/games", '{"game": "athens-and-sparta", "hotseat": true, "seed": ' + str(2**300) + "}"),
    ("post", "/api/games", '{"game": "athens-and-sparta", "hotseat": true, "seed": -1}'),
    ("post", "/api/games", '{"game": "athens-and-sparta", "options": {"bid": {"side": "athens", "steps": 1e999}}}'),
    ("post", "/api/games", '{"game": "athens-and-sparta", "options": {"bid": -3}}'),
    ("post", "/api/games", '{"game": "athens-and-sparta", "options": {"bid": {"side": "athens", "steps": "lots"}}}'),
    ("post", "/api/games", '{"game": "athens-and-sparta", "options": {"syracuse_points": 1}}'),
    ("post", "/api/games", '{"game": "go-tell-the-spartans", "options": {"players": 2}}'),
    ("post", "/api/games", '{"game": "athens-and-sparta", "seats": {"athens": {"kind": "king"}}}'),
])
def test_big_numbers_and_bad_options_are_clear_400s(players: tuple[Player, Player], method: str, url: str,
                                                   body: str | None) -> None:
    a, _b = players
    if method == "get":
        r = a.client.get(url)
    else:
        r = a.client.post(url, content=body, headers={"X-CSRF-Token": a.csrf, "content-type": "application/json"})
    assert r.status_code == 400, r.text
    assert r.json()["error"] and len(r.text) < 600


@pytest.mark.parametrize("gid", [str(2**64), str(10**30), "-1", "abc"])
def test_a_live_socket_to_an_impossible_game_id_is_closed_cleanly(players: tuple[Player, Player], gid: str) -> None:
    """The WebSocket's game id is checked like every endpoint's (an id past 2^63 crashed the database
    driver); the socket is closed as a policy violation."""
    from starlette.websockets import WebSocketDisconnect

    a, _b = players
    url = f"/api/games/{gid}/ws"
    with pytest.raises(WebSocketDisconnect) as closed, \
            a.client.websocket_connect(url, headers={"origin": "https://testserver"}) as ws:
        ws.receive_json()
    assert closed.value.code == 1008


def test_a_long_option_value_is_refused_and_never_shown(players: tuple[Player, Player]) -> None:
    a, _b = players
    r = create(a, options={"syracuse_points": "x" * 50_000}, hotseat=True)
    assert r.status_code == 400 and "option syracuse_points must be true or false" in r.json()["error"]
    assert "xxxx" not in r.text
    r = create(a, options={"bid": {"side": "sparta", "steps": 2}, "syracuse_points": True}, seats=DUEL)
    assert r.status_code == 201
    assert a.get(f"/api/games/{r.json()['id']}").json()["options"] == {"bid": {"side": "sparta", "steps": 2},
                                                                       "syracuse_points": True}


def test_the_catalog_shows_each_games_option_schema(players: tuple[Player, Player]) -> None:
    a, _b = players
    games = {g["id"]: g for g in a.get("/api/catalog").json()}
    players_option = next(o for o in games[GTS]["options"] if o["name"] == "players")
    assert players_option == {"name": "players", "type": "choice", "description": players_option["description"],
                              "default": "solitaire", "choices": ["solitaire", "two", "multi"]}
    assert [o["name"] for o in games[AS]["options"]] == [s.name for s in polemos.game(AS).options]


# -- 6: limits and the paged lobby ------------------------------------------------------------------------------
def test_one_account_has_a_limited_number_of_open_and_unfinished_games(players: tuple[Player, Player],
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = players
    for _ in range(service.MAX_OPEN_GAMES):
        assert create(a, seats=DUEL).status_code == 201
    r = create(a, seats=DUEL)
    assert r.status_code == 409 and "waiting for players" in r.json()["error"]
    assert create(b, seats=DUEL).status_code == 201  # others are not hurt
    monkeypatch.setattr(service, "MAX_UNFINISHED_GAMES", service.MAX_OPEN_GAMES + 2)
    assert create(a, hotseat=True).status_code == 201  # a game that starts at once is no open game
    assert create(a, seats=VS_BOT).status_code == 201
    r = create(a, hotseat=True)
    assert r.status_code == 409 and "not over" in r.json()["error"]


def test_the_lobby_comes_in_pages(players: tuple[Player, Player]) -> None:
    a, b = players
    ids = [create(p, seats=DUEL).json()["id"] for p in (a, b, a, b, a)]
    newest_first = sorted(ids, reverse=True)
    assert [g["id"] for g in b.get("/api/games?list=open").json()] == newest_first
    assert [g["id"] for g in b.get("/api/games?list=open&limit=2").json()] == newest_first[:2]
    assert [g["id"] for g in b.get("/api/games?list=open&limit=2&offset=2").json()] == newest_first[2:4]
    assert [g["id"] for g in b.get("/api/games?list=open&limit=2&offset=4").json()] == newest_first[4:]
    assert b.get("/api/games?list=open&offset=5").json() == []
    assert len(a.get("/api/games?list=mine&limit=2").json()) == 2
    assert b.get(f"/api/games?list=open&limit={service.MAX_PAGE_SIZE + 1}").status_code == 400


# -- 7: accounts --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("password", "message"), [
    ("short", "at least 8"),
    (" " * 12, "only spaces"),
    ("\t\n  \u00a0  \n\t", "only spaces"),
    ("Alcmaeon", "the user name"),
    ("p" * 201, "malformed request: password"),
])
def test_password_rules(store: Store, password: str, message: str) -> None:
    with client_for(store) as c:
        r = c.post("/api/signup", json={"name": "alcmaeon", "password": password})
        assert r.status_code == 400 and message in r.json()["error"]
        assert c.post("/api/signup", json={"name": "alcmaeon", "password": "p" * 200}).status_code == 201


def test_user_names_are_unique_regardless_of_case(store: Store) -> None:
    with client_for(store) as c:
        assert c.post("/api/signup", json={"name": "Cleon", "password": PASSWORD}).status_code == 201
        r = c.post("/api/signup", json={"name": "cLEON", "password": PASSWORD})
        assert r.status_code == 409 and "taken" in r.json()["error"]
        r = c.post("/api/login", json={"name": "cleon", "password": PASSWORD})
        assert r.status_code == 200 and r.json()["user"] == "Cleon"
    from sqlalchemy.exc import IntegrityError

    with pytest.raises(IntegrityError), store.write() as db, db.begin():  # the database itself refuses a twin
        db.add(User(name="CLEON", password_hash="x"))


def _age_sessions(store: Store, **ago: Any) -> None:
    with store.write() as db, db.begin():
        for row in db.scalars(select(Session)):
            for column, delta in ago.items():
                setattr(row, column, now() - delta)


def test_sessions_expire_when_idle_and_their_use_is_written_at_most_hourly(store: Store) -> None:
    p = Player(store, "lysander")
    try:
        assert p.get("/api/me").status_code == 200
        _age_sessions(store, last_used=timedelta(minutes=30))
        with store.read() as db:
            before = db.scalars(select(Session.last_used)).one()
        assert p.get("/api/me").status_code == 200
        with store.read() as db:
            assert db.scalars(select(Session.last_used)).one() == before  # used 30 minutes ago: no write
        _age_sessions(store, last_used=timedelta(hours=2))
        assert p.get("/api/me").status_code == 200
        with store.read() as db:
            assert db.scalars(select(Session.last_used)).one() > now() - timedelta(minutes=1)  # touched
        _age_sessions(store, last_used=timedelta(days=service.IDLE_DAYS, minutes=1))
        assert p.get("/api/me").status_code == 401  # idle too long
    finally:
        p.close()


def test_old_sessions_are_cleaned_up_at_log_in(store: Store) -> None:
    p = Player(store, "agis")
    p.close()
    _age_sessions(store, expires_at=timedelta(seconds=1))
    with client_for(store) as c:
        assert c.post("/api/login", json={"name": "agis", "password": PASSWORD}).status_code == 200
    with store.read() as db:
        assert len(list(db.scalars(select(Session)))) == 1  # the expired one is gone


def test_log_out_everywhere(store: Store) -> None:
    phone, laptop = Player(store, "pausanias"), client_for(store)
    try:
        laptop.__enter__()
        laptop.post("/api/login", json={"name": "pausanias", "password": PASSWORD})
        assert laptop.get("/api/me").status_code == 200
        assert phone.client.post("/api/logout-everywhere").status_code == 403  # no CSRF token
        r = phone.post("/api/logout-everywhere")
        assert r.status_code == 200 and r.json() == {"ok": True, "sessions": 2}
        assert laptop.get("/api/me").status_code == 401 and phone.get("/api/me").status_code == 401
    finally:
        laptop.__exit__(None, None, None)
        phone.close()


@pytest.mark.parametrize("url", ["/", "/api/catalog", "/api/me", "/api/games/1", "/static/app.js",
                                 "/api/openapi.json", "/api/nothing"])
def test_every_response_carries_the_security_headers(client: Any, url: str) -> None:
    r = client.get(url)
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["referrer-policy"] == "same-origin"
    csp = r.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp and "script-src 'self'" in csp
    if url.startswith("/api/"):
        assert r.headers["cache-control"] == "no-store"


def test_errors_and_refusals_carry_the_security_headers_too(store: Store) -> None:
    with client_for(store) as c:
        for r in (c.post("/api/login", content=b"x" * (MAX_BODY + 1)),
                  c.post("/api/signup", json={"name": "eve", "password": PASSWORD}, headers={"Origin": "null"})):
            assert r.headers["x-frame-options"] == "DENY" and "frame-ancestors" in r.headers["content-security-policy"]


def test_origin_null_is_refused_on_state_changing_requests(store: Store) -> None:
    """A sandboxed frame or a file sends ``Origin: null``: it was let through before."""
    with client_for(store) as c:
        r = c.post("/api/signup", json={"name": "mallory", "password": PASSWORD}, headers={"Origin": "null"})
        assert r.status_code == 403 and r.json() == {"error": "cross-site request refused"}
        assert c.get("/api/catalog", headers={"Origin": "null"}).status_code == 200  # reading is harmless
        r = c.post("/api/signup", json={"name": "mallory", "password": PASSWORD})  # no Origin: a program
        assert r.status_code == 201


# -- migration 0003 ----------------------------------------------------------------------------------------------
def test_migration_0003_keeps_old_games_and_accounts(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, text

    from polemos.server.db import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'old.db'}"
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url)
    command.upgrade(cfg, "0002")
    engine = create_engine(url)
    state = json.dumps(polemos.game(GTS).new(77).to_json())
    with engine.begin() as conn:
        for uid, name in ((1, "Cleon"), (2, "cleon"), (3, "nicias")):
            conn.execute(text("INSERT INTO users (id, name, password_hash, created_at) VALUES (:i, :n, 'h', "
                              "CURRENT_TIMESTAMP)"), {"i": uid, "n": name})
        conn.execute(text("INSERT INTO sessions (token_hash, user_id, csrf, created_at, expires_at) VALUES "
                          "('t', 3, 'c', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"))
        conn.execute(text("INSERT INTO games (id, game_id, options, seed, state, version, status, active, hotseat, "
                          "invite, created_by, created_at, updated_at) VALUES (1, :g, '{}', 77, :s, 0, 'active', "
                          "'greek', 0, 'inv', 3, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"), {"g": GTS, "s": state})
    engine.dispose()
    store = Store(url)  # migrates to head
    try:
        with store.read() as db:
            assert [u.name for u in db.scalars(select(User).order_by(User.id))] == ["Cleon", "cleon-2", "nicias"]
            row = db.get(GameRow, 1)
            assert row is not None and row.seed == "77" and row.seed_chosen is False
            session = db.scalars(select(Session)).one()
            assert session.last_used == session.created_at
        assert store.load(row).seed == 77
    finally:
        store.close()
