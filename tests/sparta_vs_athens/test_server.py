"""Sparta vs. Athens on the browser table's API (in process): a game against the random bot is created,
its page carries the board, the click refs and the panel, and moves are accepted until the bot answers."""

from __future__ import annotations

from pathlib import Path

from polemos.server.service import open_store
from tests.server.conftest import Player

GAME = "sparta-vs-athens"


def test_a_game_against_the_random_bot_is_played_on_the_table(tmp_path: Path) -> None:
    store = open_store(None, tmp_path)
    p = Player(store, "brasidas")
    try:
        catalog = {g["id"]: g for g in p.get("/api/catalog").json()}
        assert GAME in catalog and "random" in catalog[GAME]["bots"]
        r = p.post("/api/games", {"game": GAME, "scenario": "archidamian-war", "seed": 3,
                                  "seats": {"sparta": {"kind": "me"}, "athens": {"kind": "bot", "bot": "random"}}})
        assert r.status_code == 201, r.text
        gid = int(r.json()["id"])
        page = p.get(f"/api/games/{gid}/view").json()
        assert page["role"] == "sparta" and page["legal"] == ["athens first", "sparta first"]
        assert 'data-ref="l:sparta"' in page["board"] and page["panel"]["title"] == "Sparta vs. Athens"
        assert len(page["refs"]) == len(page["legal"])
        r = p.post(f"/api/games/{gid}/actions", {"action": "sparta first", "version": page["version"]})
        assert r.status_code == 200, r.text
        page = p.get(f"/api/games/{gid}/view").json()
        assert page["view"]["first"] == "sparta"
    finally:
        p.close()
        store.close()
