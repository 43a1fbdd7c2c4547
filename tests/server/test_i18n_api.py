"""English and Spanish on the server (issue 11): the language chosen by ?lang=, the account, the page's
cookie or Accept-Language; the client catalog; log lines rendered per viewer's language at view time;
no language leaking between concurrent requests."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx2 as httpx

from polemos.server.app import create_app
from polemos.server.service import Store
from tests.server.conftest import Player

SOLO = {"greek": {"kind": "me"}}  # Go Tell the Spartans solitaire: the rules play the Persians


def _gts(p: Player) -> int:
    r = p.post("/api/games", {"game": "go-tell-the-spartans", "seats": SOLO})
    assert r.status_code == 201, r.text
    return int(r.json()["id"])


def test_the_client_catalog_in_spanish(store: Store) -> None:
    p = Player(store, "pericles")
    try:
        es = p.get("/api/i18n/es").json()
        assert es["lang"] == "es" and es["languages"] == {"en": "English", "es": "Español"}
        assert es["messages"]["Your actions"] == "Tus acciones"
        assert es["messages"]["Storm"] == "Tormenta"  # a storm at sea (4.6, R8; RULINGS FE27)
        assert p.get("/api/i18n/en").json()["messages"] == {}  # English is the source
        bad = p.get("/api/i18n/fr")
        assert bad.status_code == 400 and "en, es" in bad.json()["error"]
    finally:
        p.close()


def test_the_log_in_the_viewers_language(store: Store) -> None:
    p = Player(store, "leonidas")
    try:
        gid = _gts(p)
        en = p.get(f"/api/games/{gid}/view").json()["log"]
        es = p.get(f"/api/games/{gid}/view?lang=es").json()["log"]
        assert len(en) == len(es) > 0
        assert "Go Tell the Spartans: August 18th, 480 BCE (4.0)" in en
        assert "Go Tell the Spartans: 18 de agosto del 480 a. C. (4.0)" in es
        # by the browser's language, and the record format (the view) unchanged
        by_header = p.client.get(f"/api/games/{gid}/view", headers={"Accept-Language": "es-ES,es;q=0.9"}).json()
        assert by_header["log"] == es
        assert by_header["view"] == p.get(f"/api/games/{gid}/view").json()["view"]
        # the account's choice wins over the browser's
        r = p.client.put("/api/me/lang", json={"lang": "es"}, headers={"X-CSRF-Token": p.csrf})
        assert r.status_code == 200 and r.json()["lang"] == "es"
        assert p.get("/api/me").json()["lang"] == "es"
        assert p.client.get(f"/api/games/{gid}/view", headers={"Accept-Language": "en"}).json()["log"] == es
        assert p.get(f"/api/games/{gid}/view?lang=en").json()["log"] == en  # ?lang= overrides it
        bad = p.client.put("/api/me/lang", json={"lang": "klingon"}, headers={"X-CSRF-Token": p.csrf})
        assert bad.status_code == 400 and p.get("/api/me").json()["lang"] == "es"  # nothing changed
    finally:
        p.close()


def test_the_pages_in_spanish(store: Store) -> None:
    p = Player(store, "gorgo")
    try:
        lobby = p.client.get("/", headers={"Accept-Language": "es"}).text
        assert '<html lang="es">' in lobby and "Saltar al contenido" in lobby
        missing = p.client.get("/game/999999", headers={"Accept-Language": "es"})
        assert missing.status_code == 404 and "Página no encontrada" in missing.text
        assert "Page not found" in p.client.get("/game/999999").text
    finally:
        p.close()


def test_no_language_leaks_between_concurrent_requests(store: Store) -> None:
    # many interleaved requests in both languages on one app (worker threads and tasks shared): each
    # answer is in its own request's language
    p = Player(store, "brasidas")
    try:
        gid = _gts(p)
        cookie = p.client.cookies.get("polemos_session")
    finally:
        p.close()
    app = create_app(store, poll_seconds=0.05, bots=False)

    async def run() -> list[tuple[str, Any]]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="https://testserver",
                                     cookies={"polemos_session": cookie or ""}) as c:
            async def one(lang: str) -> tuple[str, Any]:
                r = await c.get(f"/api/games/{gid}/view", headers={"Accept-Language": lang})
                return lang, r.json()["log"]
            return await asyncio.gather(*(one("es" if k % 2 else "en") for k in range(24)))

    answers = asyncio.run(run())
    first = {lang: log for lang, log in answers}
    assert first["en"] != first["es"]
    for lang, log in answers:
        assert log == first[lang], lang


def test_the_games_own_words_in_spanish(store: Store) -> None:
    # what the game's web module drew in English (its prompt, its action labels) comes with the page's
    # answer in Spanish (tr), for the page to show; in English there is nothing to add
    p = Player(store, "demaratus")
    try:
        gid = _gts(p)
        es = p.get(f"/api/games/{gid}/view?lang=es").json()
        en = p.get(f"/api/games/{gid}/view").json()
        assert "tr" not in en
        prompt = en["panel"]["prompt"]
        assert es["tr"][prompt] == "Griegos: elegid el contingente que guarda la senda de Efialtes"
        assert any(es["tr"].get(label, "").startswith("Los Tespios guardan") for label in en["labels"])
        assert es["panel"] == en["panel"] and es["labels"] == en["labels"]  # the page's own data unchanged
    finally:
        p.close()
