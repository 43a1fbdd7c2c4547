"""GET /view's pre-encoded answer (issue 8, server CPU per action): the same page as ``Store.view``,
its board drawn and its page members encoded once per page version."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from polemos.server import service
from polemos.server.service import open_store


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
