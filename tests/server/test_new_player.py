"""Issue 9 at the browser table's API: what a new player met (seats, log lines, pages for people)."""

from __future__ import annotations

from polemos.server.service import Store
from tests.server.conftest import Player, client_for

GTS = "go-tell-the-spartans"


def test_1_0_solitaire_with_default_seats_starts_at_once_without_a_persian_seat(
        players: tuple[Player, Player]) -> None:
    """1.0: the Persians are the rulebook's automaton: no seat waits for a player who would have
    nothing to do, so the game starts as soon as the Greek player creates it."""
    a, b = players
    r = a.post("/api/games", {"game": GTS, "seats": {"greek": {"kind": "me"}}})  # the lobby form's default
    assert r.status_code == 201, r.text
    assert r.json()["status"] == "active"
    gid = r.json()["id"]
    meta = a.get(f"/api/games/{gid}").json()
    assert [s["role"] for s in meta["seats"]] == ["greek"]
    assert meta["rules_play"] == ["persian"]
    assert b.post(f"/api/games/{gid}/join", {"role": "persian"}).status_code == 409
    assert gid not in [g["id"] for g in b.get("/api/games?list=open").json()]


def test_1_0_a_seat_for_the_automaton_is_refused(players: tuple[Player, Player]) -> None:
    a, _ = players
    for kind in ({"kind": "open"}, {"kind": "bot", "bot": "random"}, {"kind": "me"}):
        r = a.post("/api/games", {"game": GTS, "seats": {"greek": {"kind": "me"}, "persian": kind}})
        assert r.status_code == 400
        assert "no seat(s) persian in go-tell-the-spartans (persian: played by the rules" in r.json()["error"]
    r = a.post("/api/games", {"game": GTS, "options": {"players": "multi"},
                              "seats": {"greek": {"kind": "me"}, "persian": {"kind": "open"}}})
    assert r.status_code == 400 and "played by the rules" in r.json()["error"]  # 11.2: the Persian system plays


def test_11_1_two_players_seat_a_persian_player(players: tuple[Player, Player]) -> None:
    a, b = players
    r = a.post("/api/games", {"game": GTS, "options": {"players": "two"}, "seats": {"greek": {"kind": "me"}}})
    assert r.status_code == 201 and r.json()["status"] == "open"
    gid = r.json()["id"]
    assert a.get(f"/api/games/{gid}").json()["rules_play"] == []
    assert b.post(f"/api/games/{gid}/join", {"role": "persian"}).json()["status"] == "active"


def test_the_catalog_and_the_create_form_know_the_seats(players: tuple[Player, Player]) -> None:
    a, _ = players
    catalog = {g["id"]: g for g in a.get("/api/catalog").json()}
    assert catalog[GTS]["seats"] == ["greek"] and catalog[GTS]["roles"] == ["greek", "persian"]
    assert catalog["athens-and-sparta"]["seats"] == ["athens", "sparta"]
    r = a.post(f"/api/catalog/{GTS}/seats", {"players": "two"})
    assert r.json() == {"roles": ["greek", "persian"], "seats": ["greek", "persian"], "rules_play": []}
    r = a.post(f"/api/catalog/{GTS}/seats", {})
    assert r.json() == {"roles": ["greek", "persian"], "seats": ["greek"], "rules_play": ["persian"]}
    seats = a.post(f"/api/catalog/{GTS}/seats", {"players": "multi"}).json()
    assert "persian" not in seats["seats"] and "thebans" in seats["seats"] and seats["rules_play"] == ["persian"]
    assert a.post("/api/catalog/chess/seats", {}).status_code == 400
    for bad in ({"players": ["two"]}, {"players": "lots"}, {"colour": "red"}, {"players": 1e300}):
        r = a.post(f"/api/catalog/{GTS}/seats", bad)  # checked against the game's option schema
        assert r.status_code == 400 and ("players" in r.text or "colour" in r.text), (bad, r.text)


def test_the_page_gets_the_log_as_people_read_it(players: tuple[Player, Player]) -> None:
    a, _ = players
    gid = a.post("/api/games", {"game": GTS, "seed": 3, "seats": {"greek": {"kind": "me"}}}).json()["id"]
    v = a.get(f"/api/games/{gid}/view").json()
    assert v["log"] and all(isinstance(line, str) for line in v["log"])
    assert "Day 1 (August 18th, 480 BCE) (4.0)" in v["log"]
    assert not any(line.startswith("{") for line in v["log"])


def test_pages_people_open_are_pages_and_the_api_answers_json(store: Store, players: tuple[Player, Player]) -> None:
    a, _ = players
    gid = a.post("/api/games", {"game": GTS, "seats": {"greek": {"kind": "me"}}}).json()["id"]
    with client_for(store) as visitor:
        for path in ("/game/abc", "/game/99999", "/replay/-1", "/game/" + "9" * 40, "/no/such/page"):
            r = visitor.get(path)
            assert r.status_code == 404, path
            assert r.headers["content-type"].startswith("text/html"), path
            assert "Page not found" in r.text and "Back to the lobby" in r.text
        for path in (f"/game/{gid}", f"/replay/{gid}", "/"):
            r = visitor.get(path)
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/html"), path
        r = visitor.get("/api/games/abc/view")
        assert r.status_code == 400 and r.headers["content-type"].startswith("application/json")
        r = visitor.get("/api/no/such/thing")
        assert r.status_code == 404 and r.json() == {"error": "not found"}
