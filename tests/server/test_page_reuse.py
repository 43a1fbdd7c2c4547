"""A viewer's page that a change leaves as it was is not drawn again (issue 8, server CPU per action): every change
computes each seat's and the spectator's page for its digest (polemos.server.signals), and a page with the digest of
the one drawn before it shares that one's bytes, which are the very bytes a process drawing it afresh gives."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from polemos.games.athens_sparta import web
from polemos.i18n import board_texts, page_words
from polemos.server.encoding import dumps
from polemos.server.service import Store, open_store
from polemos.server.signals import SPECTATOR
from tests.server.test_load_paths import _game


def test_8_a_page_a_change_left_as_it_was_is_not_drawn_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = open_store(None, tmp_path)
    gid, a, b, _token = _game(store)
    viewers: dict[str, Any] = {"athens": a, "sparta": b, SPECTATOR: None}
    drawn: list[str] = []
    render = web.render_board

    def counted(view: Any, data_dir: Any = None) -> str:
        drawn.append(str(view.get("role")))
        return render(view, data_dir)

    monkeypatch.setattr(web, "render_board", counted)
    rng = random.Random(5)
    kept = 0
    for step in range(80):
        for k, who in viewers.items():  # every page drawn (its bytes kept with it)
            store.view_json(gid, who, None if k == SPECTATOR else k, "es" if step % 5 == 4 else "en")
        before = {k: store._latest_page(gid, k) for k in viewers}
        page = store.view(gid, a if step % 2 == 0 else b, None)
        role = page["role"]
        if not page["legal"]:
            role = "sparta" if role == "athens" else "athens"
            page = store.view(gid, viewers[role], role)
        store.act(gid, viewers[role], rng.choice(page["legal"]), page["version"], role)
        fresh = Store(store.url)  # another process, which draws every page afresh
        for k, who in viewers.items():
            old, new = before[k], store._latest_page(gid, k)
            assert old is not None and new is not None
            lang = "es" if step % 3 == 1 else "en"
            del drawn[:]
            again = store.view_json(gid, who, None if k == SPECTATOR else k, lang)
            if new.digest == old.digest:  # the change left this page as it was: its bytes are the ones drawn before
                kept += 1
                assert new.encoded is old.encoded and drawn == []
            assert again == fresh.view_json(gid, who, None if k == SPECTATOR else k, lang), (step, k)
        fresh.close()
    assert kept >= 10  # secret steps (a card chosen face down, RULINGS R26's builds) leave the others' pages
    store.close()


def test_8_a_pages_words_in_spanish_are_page_words_of_its_board_panel_labels_and_prompt(tmp_path: Path) -> None:
    """Store._words (the ``tr`` member of a page in another language) translates the board's texts through kept
    translations, then the rest: the very bytes page_words gives over the whole page, as it did before."""
    store = open_store(None, tmp_path)
    gid, a, b, _token = _game(store)
    viewers: dict[str, Any] = {"athens": a, "sparta": b, SPECTATOR: None}
    rng = random.Random(9)
    for step in range(60):
        for k, who in viewers.items():
            store.view_json(gid, who, None if k == SPECTATOR else k)
            page = store._latest_page(gid, k)
            assert page is not None and page.encoded is not None
            doc = json.loads(b"{" + page.encoded + b"}")
            shown = {"panel": doc.get("panel"), "labels": doc.get("labels"), "groups": doc.get("groups"),
                     "prompt": doc["view"].get("prompt"), "board": board_texts(doc["board"])}
            for lang in ("es", "fr"):  # (a language Polemos does not speak: English, no words)
                store.words.items.clear()
                assert store._words(page, page.encoded, lang) == dumps(page_words(shown, lang)), (step, k, lang)
        role = next(r for r in ("athens", "sparta") if store.view(gid, viewers[r], r)["legal"])
        page_doc = store.view(gid, viewers[role], role)
        store.act(gid, viewers[role], rng.choice(page_doc["legal"]), page_doc["version"], role)
    store.close()
