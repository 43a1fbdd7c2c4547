"""GET /view's pre-encoded answer (issue 8, server CPU per action): the same page as ``Store.view``,
its board drawn and its page members encoded once per page version."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from polemos.core.game import JSON, State
from polemos.server import service
from polemos.server.service import Viewer, open_store
from polemos.server.signals import Page, page_of


def test_view_json_is_view_and_encodes_a_page_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = open_store(None, tmp_path)
    a, _ = store.signup("pericles", "correct horse battery")
    b, _ = store.signup("archidamus", "correct horse battery")
    gid = store.create(a, {"game": "athens-and-sparta",
                           "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}})["id"]
    store.join(gid, b, "sparta", None)
    web = service._web_module("athens-and-sparta")
    drawn: list[int] = []
    render = web.render_board

    def counting(view: object, folder: object) -> str:
        drawn.append(1)
        return str(render(view, folder))

    monkeypatch.setattr(web, "render_board", counting)
    for viewer, role in ((a, "athens"), (b, "sparta"), (None, None)):
        first = json.loads(store.view_json(gid, viewer, role))
        assert first == store.view(gid, viewer, role)
        assert json.loads(store.view_json(gid, viewer, role)) == first
        assert first["board"].startswith("<svg")
    assert len(drawn) == 3  # one board per viewer's page version, however often it is asked for
    store.close()


def test_a_game_keeps_its_latest_pages_however_many_changes_other_games_make(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page cache holds the latest page of each (game, viewer), not pages by version: under load
    (500 games, requests queued for seconds) pages keyed by version were evicted by other games' changes
    before their players fetched them, and were computed and drawn again."""
    monkeypatch.setattr(service, "PAGE_CACHE", 6)  # two games of three viewers each
    store = open_store(None, tmp_path)
    a, _ = store.signup("pericles", "correct horse battery")
    b, _ = store.signup("archidamus", "correct horse battery")
    games = []
    for _ in range(2):
        gid = store.create(a, {"game": "athens-and-sparta",
                               "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}})["id"]
        store.join(gid, b, "sparta", None)
        games.append(gid)
    first, second = games
    computed: list[str] = []

    def counting(state: State, key: str, public: JSON, before: Page | None = None) -> Page:
        computed.append(key)
        return page_of(state, key, public, before)

    monkeypatch.setattr("polemos.server.service.page_of", counting)
    for _ in range(5):  # the second game moves on: each change computes its own three pages, no other
        for viewer, role in ((a, "athens"), (b, "sparta")):
            page = json.loads(store.view_json(second, viewer, role))
            if page["legal"]:
                store.act(second, viewer, page["legal"][0], page["version"], role)
                break
    computed.clear()
    looking: list[tuple[Viewer | None, str | None]] = [(a, "athens"), (b, "sparta"), (None, None)]
    for who, seat in looking:
        assert json.loads(store.view_json(first, who, seat))["game"]["id"] == first
    assert computed == []  # the first game's pages were all still there
    store.close()
