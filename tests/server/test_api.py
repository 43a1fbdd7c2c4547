"""The JSON API, endpoint by endpoint, with every error the issue names (400, 401, 403, 404, 409, 422)."""

from __future__ import annotations

import json
from typing import Any

import polemos
from polemos.server.service import Store
from tests.server.conftest import PASSWORD, Player, client_for, seed_of

AS = "athens-and-sparta"
SOLO = {"greek": {"kind": "me"}}  # solitaire: the rules play the Persians (no seat)


def new_game(p: Player, seats: dict[str, Any] | None = None, game: str = AS, **extra: Any) -> int:
    """A new game; a chosen seed (``seed=N``) only where every human seat is the creator's (issue 8)."""
    body = {"game": game, "seats": seats or {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}, **extra}
    r = p.post("/api/games", body)
    assert r.status_code == 201, r.text
    return int(r.json()["id"])


def started(players: tuple[Player, Player]) -> int:
    a, b = players
    gid = new_game(a)
    assert b.post(f"/api/games/{gid}/join", {"role": "sparta"}).status_code == 200
    return gid


# -- accounts ----------------------------------------------------------------------------------------------
def test_signup_login_me_logout(store: Store) -> None:
    with client_for(store) as c:
        r = c.post("/api/signup", json={"name": "leonidas", "password": PASSWORD})
        assert r.status_code == 201 and r.json()["user"] == "leonidas"
        cookie = r.headers["set-cookie"].lower()
        assert "httponly" in cookie and "secure" in cookie and "samesite=lax" in cookie
        csrf = r.json()["csrf"]
        assert c.get("/api/me").json() == {"user": "leonidas", "csrf": csrf, "lang": None}
        assert c.post("/api/logout").status_code == 403  # no CSRF token
        assert c.post("/api/logout", headers={"X-CSRF-Token": csrf}).status_code == 200
        assert c.get("/api/me").status_code == 401
        r = c.post("/api/login", json={"name": "leonidas", "password": PASSWORD})
        assert r.status_code == 200 and r.json()["csrf"] != csrf  # a new session, a new token
        assert c.get("/api/me").json()["user"] == "leonidas"


def test_account_errors_are_clear(store: Store) -> None:
    with client_for(store) as c:
        assert c.post("/api/signup", json={"name": "x", "password": PASSWORD}).status_code == 400
        r = c.post("/api/signup", json={"name": "xerxes", "password": "short"})
        assert r.status_code == 400 and "at least 8" in r.json()["error"]
        assert c.post("/api/signup", json={"name": "xerxes", "password": PASSWORD}).status_code == 201
        r = c.post("/api/signup", json={"name": "xerxes", "password": PASSWORD})
        assert r.status_code == 409 and "taken" in r.json()["error"]
        r = c.post("/api/login", json={"name": "xerxes", "password": "wrong password"})
        assert r.status_code == 401 and r.json() == {"error": "wrong user name or password"}
        assert c.post("/api/login", json={"name": "nobody", "password": PASSWORD}).status_code == 401
        r = c.post("/api/login", content=b"{not json", headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"].startswith("malformed request")
        assert c.post("/api/login", json={"name": "xerxes"}).status_code == 400


def test_passwords_are_stored_as_argon2_hashes(store: Store) -> None:
    with client_for(store) as c:
        c.post("/api/signup", json={"name": "themistocles", "password": PASSWORD})
    from sqlalchemy import select

    from polemos.server.db import User

    with store.read() as db:
        user = db.scalar(select(User).where(User.name == "themistocles"))
        assert user is not None and user.password_hash.startswith("$argon2") and PASSWORD not in user.password_hash


# -- lobby -------------------------------------------------------------------------------------------------
def test_catalog_and_openapi(client: Any) -> None:
    games = {g["id"]: g for g in client.get("/api/catalog").json()}
    assert {"athens-and-sparta", "go-tell-the-spartans"} <= set(games)
    assert "heuristic" in games[AS]["bots"]
    doc = client.get("/api/openapi.json").json()
    for path in ("/api/signup", "/api/login", "/api/games", "/api/games/{gid}/join", "/api/games/{gid}/view",
                 "/api/games/{gid}/actions", "/api/games/{gid}/undo", "/api/games/{gid}/record"):
        assert path in doc["paths"], path


def test_create_list_join(players: tuple[Player, Player]) -> None:
    a, b = players
    gid = new_game(a)
    assert [g["id"] for g in b.get("/api/games?list=open").json()] == [gid]
    meta = b.get(f"/api/games/{gid}").json()
    assert meta["status"] == "open" and meta["invite"] is None  # only the creator sees the invite
    assert a.get(f"/api/games/{gid}").json()["invite"]
    r = b.post(f"/api/games/{gid}/join", {"role": "sparta"})
    assert r.json() == {"id": gid, "role": "sparta", "status": "active"}
    assert b.get("/api/games?list=open").json() == []
    mine = b.get("/api/games?list=mine").json()
    assert mine[0]["my_roles"] == ["sparta"] and mine[0]["active"] == ["athens", "sparta"]
    assert mine[0]["my_turn"] is True  # Card Phase: both choose at once


def test_lobby_errors(store: Store, players: tuple[Player, Player]) -> None:
    a, b = players
    assert a.post("/api/games", {"game": "chess"}).status_code == 400
    r = a.post("/api/games", {"game": AS, "options": {"fog": True}})
    assert r.status_code == 400 and "unknown option" in r.json()["error"]
    r = a.post("/api/games", {"game": AS, "seats": {"persia": {"kind": "me"}}})
    assert r.status_code == 400 and "no seat(s) persia" in r.json()["error"]
    r = a.post("/api/games", {"game": AS, "seats": {"athens": {"kind": "open"}, "sparta": {"kind": "open"}}})
    assert r.status_code == 400 and "at least one seat" in r.json()["error"]
    r = a.post("/api/games", {"game": AS, "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "bot",
                                                                                         "bot": "deep-blue"}}})
    assert r.status_code == 400 and "no bot" in r.json()["error"]
    assert a.client.post("/api/games", json={"game": AS}).status_code == 403  # no CSRF header
    with client_for(store) as visitor:
        assert visitor.post("/api/games", json={"game": AS}).status_code == 401
        assert visitor.get("/api/games?list=mine").status_code == 401
    assert a.get("/api/games?list=everything").status_code == 400
    gid = new_game(a)
    assert b.post(f"/api/games/{gid}/join", {"role": "sparta", "invite": "wrong"}).status_code == 403
    assert b.post(f"/api/games/{gid}/join", {"role": "athens"}).status_code == 409
    assert b.post("/api/games/999/join", {"role": "sparta"}).status_code == 404
    assert b.post(f"/api/games/{gid}/join", {"role": "sparta", "invite": a.get(f"/api/games/{gid}").json()["invite"]}
                  ).status_code == 200
    assert b.post(f"/api/games/{gid}/join", {}).status_code == 409  # no open seat left


# -- play --------------------------------------------------------------------------------------------------
def test_view_and_act(store: Store, players: tuple[Player, Player]) -> None:
    a, b = players
    gid = started(players)
    va = a.get(f"/api/games/{gid}/view").json()
    assert va["role"] == "athens" and va["versions"] == {"athens": va["version"]} and va["legal"]
    assert va["view"] == polemos.replay({"game": AS, "seed": seed_of(store, gid), "actions": []}).view("athens")
    r = a.post(f"/api/games/{gid}/actions", {"action": va["legal"][0], "version": va["version"]})
    assert r.status_code == 200 and r.json()["version"] == va["version"] + 1 and r.json()["role"] == "athens"
    moved = a.get(f"/api/games/{gid}/view").json()  # Athens's page after its move
    vb = b.get(f"/api/games/{gid}/view").json()
    assert vb["role"] == "sparta"
    r = b.post(f"/api/games/{gid}/actions", {"action": vb["legal"][-1].upper(), "version": vb["version"]})  # any case
    assert r.status_code == 200
    # what happened since my last move: the lines of my own view's log after it (what Sparta chose in
    # secret reaches Athens only as its view tells it), each with the version of my page that brought it
    now = a.get(f"/api/games/{gid}/view").json()
    since = a.get(f"/api/games/{gid}/since?after={moved['version']}").json()
    assert [line for x in since for line in x["log"]] == now["log"][len(moved["log"]):]
    assert since and since[-1]["version"] == now["version"] > moved["version"]


def test_play_errors(store: Store, players: tuple[Player, Player]) -> None:
    a, _b = players
    gid = started(players)
    v = a.get(f"/api/games/{gid}/view").json()
    legal, at = v["legal"], v["version"]
    r = a.post(f"/api/games/{gid}/actions", {"action": "conquer persia", "version": at})
    assert r.status_code == 422 and "not a legal action" in r.json()["error"]
    r = a.post(f"/api/games/{gid}/actions", {"action": legal[0], "version": at + 5})
    assert r.status_code == 409 and "stale" in r.json()["error"]
    r = a.post(f"/api/games/{gid}/actions", {"action": legal[0], "version": at, "role": "sparta"})
    assert r.status_code == 403 and "not yours" in r.json()["error"]
    assert a.get(f"/api/games/{gid}/view?role=sparta").status_code == 403
    assert a.post(f"/api/games/{gid}/actions", {"action": legal[0]}).status_code == 400  # no version
    assert a.post("/api/games/77/actions", {"action": legal[0], "version": 0}).status_code == 404
    assert a.get("/api/games/77/view").status_code == 404
    assert a.get("/api/games/abc/view").status_code == 400
    assert a.post(f"/api/games/{gid}/actions", {"action": legal[0], "version": at}).status_code == 200
    r = a.post(f"/api/games/{gid}/actions", {"action": legal[0], "version": at + 1})
    assert r.status_code == 409 and "not athens's turn" in r.json()["error"]  # waiting for Sparta's card
    with client_for(store) as visitor:
        assert visitor.post(f"/api/games/{gid}/actions", json={"action": "x", "version": 1}).status_code == 401
        spectator = visitor.get(f"/api/games/{gid}/view").json()
        assert spectator["role"] is None and spectator["legal"] == []
    c = Player(store, "cleon")
    assert c.post(f"/api/games/{gid}/actions", {"action": "x", "version": 1}).status_code == 403
    c.close()
    open_gid = new_game(a)
    r = a.post(f"/api/games/{open_gid}/actions", {"action": legal[0], "version": 0})
    assert r.status_code == 409 and "open seats" in r.json()["error"]


def test_undo_follows_the_kernel_policy(players: tuple[Player, Player]) -> None:
    a, _b = players
    gid = new_game(a, game="go-tell-the-spartans", seats=SOLO,
                   seed=4)
    v = a.get(f"/api/games/{gid}/view").json()
    assert not v["can_undo"]
    first = v["legal"][0]
    assert a.post(f"/api/games/{gid}/actions", {"action": first, "version": v["version"]}).status_code == 200
    v = a.get(f"/api/games/{gid}/view").json()
    if v["can_undo"]:  # no die was rolled by that choice
        assert a.post(f"/api/games/{gid}/undo", {"version": v["version"]}).json()["version"] == v["version"] + 1
        assert a.get(f"/api/games/{gid}/view").json()["legal"][0] == first
    r = a.post(f"/api/games/{gid}/undo", {"version": a.get(f"/api/games/{gid}/view").json()["version"]})
    assert r.status_code == 409 and "nothing to undo" in r.json()["error"]


def test_hot_seat_one_person_plays_both_sides(players: tuple[Player, Player]) -> None:
    a, _ = players
    r = a.post("/api/games", {"game": AS, "seed": 8, "hotseat": True})
    gid = r.json()["id"]
    assert r.json()["status"] == "active"
    for role in ("athens", "sparta"):
        v = a.get(f"/api/games/{gid}/view?role={role}").json()
        assert v["role"] == role
        r = a.post(f"/api/games/{gid}/actions", {"action": v["legal"][0], "version": v["version"], "role": role})
        assert r.status_code == 200, r.text
    assert a.get(f"/api/games/{gid}").json()["my_roles"] == ["athens", "sparta"]


def test_record_and_replay_of_a_finished_game(store: Store, players: tuple[Player, Player]) -> None:
    a, _ = players
    gid = new_game(a, game="go-tell-the-spartans", seats=SOLO,
                   seed=2)
    assert a.get(f"/api/games/{gid}/record").status_code == 409
    assert a.get(f"/api/games/{gid}/replay?step=1").status_code == 409
    played = 0
    while True:
        v = a.get(f"/api/games/{gid}/view").json()
        if v["game"]["status"] == "finished":
            break
        pick = next((x for x in v["legal"] if x.startswith("end ")), v["legal"][0])
        r = a.post(f"/api/games/{gid}/actions", {"action": pick, "version": v["version"]})
        assert r.status_code == 200, r.text
        played += 1
    record = a.get(f"/api/games/{gid}/record").json()
    final = polemos.replay(record)
    assert final.outcome() is not None and len(record["actions"]) == played
    with store.read() as db:
        from polemos.server.db import GameRow

        row = db.get(GameRow, gid)
        assert row is not None and json.loads(row.state) == final.to_json()
    rep = a.get(f"/api/games/{gid}/replay?step=3").json()
    assert rep["step"] == 3 and rep["steps"] == played and rep["action"] == record["actions"][2]
    assert a.get("/api/games?list=finished").json()[0]["id"] == gid


def test_a_whole_game_of_athens_and_sparta_against_the_heuristic_bot(store: Store) -> None:
    """The issue's "done": a whole game against the computer through the server, the bot seat played by
    the server's own bot runner (off the request path) while the player acts."""
    import time

    from polemos.core.rng import Rng

    p = Player(store, "nicias", bots=True)
    try:
        gid = new_game(p, seats={"athens": {"kind": "me"}, "sparta": {"kind": "bot", "bot": "heuristic"}}, seed=11)
        chooser = Rng(11)
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            v = p.get(f"/api/games/{gid}/view").json()
            if v["game"]["status"] == "finished":
                break
            if not v["legal"]:
                time.sleep(0.02)  # the bot's turn
                continue
            r = p.post(f"/api/games/{gid}/actions", {"action": chooser.choice(v["legal"]), "version": v["version"]})
            assert r.status_code in (200, 409), r.text  # 409: the bot moved in between (simultaneous card play)
        meta = p.get(f"/api/games/{gid}").json()
        assert meta["status"] == "finished", "the game did not end"
        assert meta["result"]["winner"] in ("athens", "sparta") and meta["result"]["reason"]
        record = p.get(f"/api/games/{gid}/record").json()
        assert polemos.replay(record).outcome() is not None
        assert {role for role, _action in record["actions"]} == {"athens", "sparta"}
    finally:
        p.close()


def test_one_process_at_a_time_plays_a_games_bots(store: Store, tmp_path: Any) -> None:
    """The bot lease: while one server process plays a game's bots, another leaves them alone (a bot
    keeps its plan from move to move), and takes over when the lease runs out."""
    from datetime import timedelta

    from polemos.server.db import GameRow, now
    from polemos.server.service import Store as Server

    p = Player(store, "hippias")
    try:
        gid = new_game(p, seats={"athens": {"kind": "bot", "bot": "heuristic"}, "sparta": {"kind": "me"}}, seed=2)
        other = Server(store.url)
        turns = store.bot_turns()
        assert turns and turns[0][:2] == (gid, "athens")
        assert store.bot_move(*turns[0])  # this process takes the lease and plays Athens' card
        with store.write() as db, db.begin():
            row = db.get(GameRow, gid)
            assert row is not None and row.bot_host == store.host
        # Sparta plays until the bot is to act again (the bot's choices draw from a secret source, not
        # from the game's seed, so whose card is higher is not known beforehand)
        turn = None
        for _ in range(100):
            v = p.get(f"/api/games/{gid}/view").json()
            p.post(f"/api/games/{gid}/actions", {"action": v["legal"][0], "version": v["version"]})
            turn = next((t for t in store.bot_turns() if t[0] == gid), None)
            if turn is not None:
                break
        assert turn is not None
        assert not other.bot_move(*turn)  # the lease is held elsewhere
        with store.write() as db, db.begin():
            row = db.get(GameRow, gid)
            assert row is not None
            row.bot_until = now() - timedelta(seconds=1)  # the holder died
        assert other.bot_move(*turn)
        other.close()
    finally:
        p.close()
