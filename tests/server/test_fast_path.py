"""The two requests of every action served without FastAPI's routing (polemos.server.fast, issue 8 server
CPU per action) answer exactly what FastAPI answers: the same bodies, statuses and error messages. A query
parameter FastAPI ignores (``x=1``) sends the same request through FastAPI, for comparison."""

from __future__ import annotations

import re
from typing import Any

from polemos.server.service import Store
from tests.server.conftest import Player, client_for

AS = "athens-and-sparta"
_VARY = re.compile(r'"(?:invite|updated_at)":"[^"]*"')  # what differs between two games made alike


def _hotseat(p: Player) -> int:
    r = p.post("/api/games", {"game": AS, "hotseat": True, "seed": 77,
                              "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "me"}}})
    assert r.status_code == 201, r.text
    return int(r.json()["id"])


def _same(a: Any, b: Any, ids: tuple[int, int]) -> None:
    """Two answers alike but for the games' numbers."""
    assert a.status_code == b.status_code, (a.text[:300], b.text[:300])
    ta, tb = (_VARY.sub("#", a.text.replace(f'"id":{ids[0]},', '"id":#,')),
              _VARY.sub("#", b.text.replace(f'"id":{ids[1]},', '"id":#,')))
    assert ta == tb
    assert a.headers.get("content-type") == b.headers.get("content-type")
    assert a.headers.get("cache-control") == b.headers.get("cache-control") == "no-store"
    assert a.headers.get("content-security-policy") == b.headers.get("content-security-policy")


def test_8_the_fast_path_answers_what_fastapi_answers(store: Store, players: tuple[Player, Player]) -> None:
    p, other = players
    fast, slow = _hotseat(p), _hotseat(p)  # the same seed: the same game twice
    answered: list[str] = []  # what the fast path answered itself (its handlers are the app's state.fast)
    handlers = p.client.app.state.fast  # type: ignore[attr-defined]
    # no OpenTelemetry configured: these requests skip FastAPI's own __call__ too (PolemosApp.__call__)
    assert p.client.app.fast_untraced  # type: ignore[attr-defined]
    for name, handler in list(handlers.items()):
        async def spy(*args: Any, _h: Any = handler, _n: str = name) -> Any:
            out = await _h(*args)
            if out is not None:
                answered.append(_n)
            return out
        handlers[name] = spy
    ids = (fast, slow)
    _same(p.get(f"/api/games/{fast}/view?role=athens"), p.get(f"/api/games/{slow}/view?role=athens&x=1"), ids)
    _same(p.get(f"/api/games/{fast}/view"), p.get(f"/api/games/{slow}/view?x=1"), ids)
    for step in range(12):  # actions with ?page=true, by both paths, on the two games
        page = p.get(f"/api/games/{fast}/view").json()
        role, action = page["role"], page["legal"][step % len(page["legal"])]
        body = {"action": action, "version": page["version"], "role": role}
        _same(p.post(f"/api/games/{fast}/actions?page=true", body),
              p.post(f"/api/games/{slow}/actions?page=true&x=1", body), ids)
    page = p.get(f"/api/games/{fast}/view").json()
    role = page["role"]
    errors = [  # stale, illegal, not your seat, a role not in the game, the wrong type: each path alike
        {"action": page["legal"][0], "version": page["version"] + 5, "role": role},
        {"action": "fly to the moon", "version": page["version"], "role": role},
        {"action": page["legal"][0], "version": page["version"], "role": "persia"},
        {"action": page["legal"][0], "version": "many", "role": role},
        {"action": page["legal"][0]},
    ]
    for body in errors:
        _same(p.post(f"/api/games/{fast}/actions?page=true", body),
              p.post(f"/api/games/{slow}/actions?page=true&x=1", body), ids)
    # the errors in the asker's language by either path (issue 11: the browser shows them as they come)
    spanish = {"X-CSRF-Token": p.csrf, "Accept-Language": "es"}
    for body in errors[:2]:
        a = p.client.post(f"/api/games/{fast}/actions?page=true", json=body, headers=spanish)
        b = p.client.post(f"/api/games/{slow}/actions?page=true&x=1", json=body, headers=spanish)
        _same(a, b, ids)
        english = p.post(f"/api/games/{fast}/actions?page=true", body).json()["error"]
        assert a.json()["error"] != english, english  # translated, not English
    # another player (no seat), no CSRF token, not logged in, no such game, a bad role name
    body = {"action": page["legal"][0], "version": page["version"], "role": role}
    _same(other.post(f"/api/games/{fast}/actions?page=true", body),
          other.post(f"/api/games/{slow}/actions?page=true&x=1", body), ids)
    _same(p.client.post(f"/api/games/{fast}/actions?page=true", json=body),
          p.client.post(f"/api/games/{slow}/actions?page=true&x=1", json=body), ids)
    _same(other.get(f"/api/games/{fast}/view?role=athens"), other.get(f"/api/games/{slow}/view?role=athens&x=1"),
          ids)
    with client_for(store) as visitor:
        _same(visitor.get(f"/api/games/{fast}/view"), visitor.get(f"/api/games/{slow}/view?x=1"), ids)
        _same(visitor.post(f"/api/games/{fast}/actions?page=true", json=body),
              visitor.post(f"/api/games/{slow}/actions?page=true&x=1", json=body), ids)
        for path in ("/api/games/999999/view", "/api/games/0/view", "/api/games/99999999999999999999/view"):
            a, b = visitor.get(path), visitor.get(path + "?x=1")
            assert a.status_code == b.status_code and a.json() == b.json()
    assert answered.count("actions") >= 12 and answered.count("view") >= 14, answered  # it did serve them
    r = p.get(f"/api/games/{fast}/view?role=")
    assert r.status_code == 400 and "error" in r.json()  # FastAPI's own refusal: the fast path handed it on
