"""Nothing hidden leaves the server (issue 4, Security): not in any endpoint, not on the WebSocket.

A game of Athens & Sparta is played through the API by two players with random legal actions; at
every step each player's and a visitor's responses are checked with the same leak rules the engine's
fuzzer uses (``tests/athens_sparta/conftest.leak_problems``: no enemy block identities or strengths,
no hands, no deck order, no RNG) plus the fuzzer's hidden keys over the whole response.
"""

from __future__ import annotations

import json
from typing import Any

import polemos
from polemos.core.rng import Rng
from polemos.server.service import Store
from polemos.testing.fuzz import json_problems
from tests.athens_sparta.conftest import HIDDEN_KEYS, leak_problems
from tests.server.conftest import Player, client_for, seed_of, state_of

STEPS = 120


def check(store: Store, gid: int, role: str | None, response: dict[str, Any]) -> None:
    state = state_of(store, gid)
    problems = leak_problems(state, role, response["view"])
    problems += json_problems(response, tuple(k for k in HIDDEN_KEYS if k != "seed"))
    text = json.dumps(response)
    assert '"seed"' not in text and '"rng"' not in text
    assert not problems, f"{role or 'visitor'} at version {response['version']}: {problems[:3]}"


def test_no_response_carries_hidden_information(store: Store, players: tuple[Player, Player]) -> None:
    a, b = players
    gid = a.post("/api/games", {"game": "athens-and-sparta",
                                "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}}).json()["id"]
    b.post(f"/api/games/{gid}/join", {"role": "sparta"})
    chooser = Rng(21)
    by_role = {"athens": a, "sparta": b}
    with client_for(store) as visitor:
        for _ in range(STEPS):
            views = {role: p.get(f"/api/games/{gid}/view").json() for role, p in by_role.items()}
            for role, v in views.items():
                check(store, gid, role, v)
            check(store, gid, None, visitor.get(f"/api/games/{gid}/view").json())
            acting = [r for r, v in views.items() if v["legal"]]
            if not acting:
                break
            role = acting[chooser.below(len(acting))]
            v = views[role]
            r = by_role[role].post(f"/api/games/{gid}/actions",
                                   {"action": chooser.choice(v["legal"]), "version": v["version"]})
            assert r.status_code == 200, r.text
        meta = visitor.get(f"/api/games/{gid}").json()
        assert "state" not in meta and meta["invite"] is None
        assert visitor.get(f"/api/games/{gid}/record").status_code == 409  # the record holds the seed


def test_the_websocket_only_says_that_the_game_changed(store: Store, players: tuple[Player, Player]) -> None:
    a, b = players
    gid = a.post("/api/games", {"game": "athens-and-sparta",
                                "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}}).json()["id"]
    b.post(f"/api/games/{gid}/join", {"role": "sparta"})
    # wss: the session cookie is Secure, so a logged-in page's socket is on https
    with b.client.websocket_connect(f"wss://testserver/api/games/{gid}/ws") as ws:
        before = b.get(f"/api/games/{gid}/view").json()["version"]
        assert ws.receive_json() == {"type": "version", "versions": {"sparta": before}, "status": "active"}
        v = a.get(f"/api/games/{gid}/view").json()
        a.post(f"/api/games/{gid}/actions", {"action": v["legal"][0], "version": v["version"]})
        # no card, no view, not Athens's version: Sparta's own page's version; the page refetches its view
        after = b.get(f"/api/games/{gid}/view").json()["version"]
        assert after == before + 1
        assert ws.receive_json() == {"type": "version", "versions": {"sparta": after}, "status": "active"}
    with client_for(store) as visitor, visitor.websocket_connect("/api/games/999/ws") as ws:
        assert ws.receive_json()["type"] == "error"


def test_a_user_cannot_act_or_look_for_another_seat(store: Store, players: tuple[Player, Player]) -> None:
    a, b = players
    gid = a.post("/api/games", {"game": "athens-and-sparta",
                                "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}}).json()["id"]
    b.post(f"/api/games/{gid}/join", {"role": "sparta"})
    v = b.get(f"/api/games/{gid}/view").json()
    assert b.get(f"/api/games/{gid}/view?role=athens").status_code == 403
    assert b.post(f"/api/games/{gid}/actions", {"action": "play c01", "version": v["version"],
                                                "role": "athens"}).status_code == 403
    # a forged CSRF token is refused even with a valid session
    r = b.client.post(f"/api/games/{gid}/actions", json={"action": v["legal"][0], "version": 0},
                      headers={"X-CSRF-Token": a.csrf})
    assert r.status_code == 403
    state = state_of(store, gid)
    assert state.actions == []


def test_logged_out_users_see_only_public_pages(store: Store, players: tuple[Player, Player]) -> None:
    a, _ = players
    gid = a.post("/api/games", {"game": "go-tell-the-spartans", "options": {"players": "two"},
                                "seats": {"greek": {"kind": "me"}, "persian": {"kind": "open"}}}).json()["id"]
    with client_for(store) as visitor:
        assert visitor.get("/").status_code == 200
        assert visitor.get("/api/catalog").status_code == 200
        assert visitor.get("/api/games?list=open").status_code == 200
        v = visitor.get(f"/api/games/{gid}/view").json()
        assert v["role"] is None and v["legal"] == []
        assert v["view"] == polemos.replay({"game": "go-tell-the-spartans", "seed": seed_of(store, gid),
                                            "options": {"players": "two"}, "actions": []}).view(None)
        for url, body in ((f"/api/games/{gid}/actions", {"action": "x", "version": 0}),
                          (f"/api/games/{gid}/undo", {"version": 0}), (f"/api/games/{gid}/join", {}),
                          ("/api/games", {"game": "go-tell-the-spartans"}), ("/api/logout", {})):
            assert visitor.post(url, json=body).status_code == 401, url
        assert visitor.get("/api/me").status_code == 401
        assert visitor.get("/api/games?list=mine").status_code == 401


def test_requests_from_another_site_are_refused(store: Store) -> None:
    with client_for(store) as c:
        r = c.post("/api/signup", json={"name": "mallory", "password": "correct horse battery"},
                   headers={"Origin": "https://evil.example"})
        assert r.status_code == 403 and r.json() == {"error": "cross-site request refused"}
        r = c.post("/api/signup", json={"name": "alice", "password": "correct horse battery"},
                   headers={"Origin": "https://testserver"})
        assert r.status_code == 201
