"""The API's error messages in the asker's language (issue 11): the page shows a response's ``{"error": ...}``
as it comes, so the server writes it in the language the request chose (``?lang=``, the page's cookie,
Accept-Language; polemos.server.app.request_lang). Only the words change: the status and the body's shape
are those of the OpenAPI document, in every language."""

from __future__ import annotations

from polemos import i18n
from polemos.server.service import Store
from tests.server.conftest import Player


def test_an_error_in_spanish_and_in_english(store: Store) -> None:
    p = Player(store, "cleon")
    try:
        # an ApiError with a value in it (the service's "no game {n}")
        en = p.get("/api/games/999999")
        es = p.get("/api/games/999999?lang=es")
        assert en.status_code == es.status_code == 404
        assert en.json() == {"error": "no game 999999"}
        assert es.json() == {"error": "no existe la partida 999999"}
        # chosen by the browser's Accept-Language as the page is
        r = p.client.get("/api/games/999999", headers={"Accept-Language": "es-ES,es;q=0.9"})
        assert r.status_code == 404 and r.json() == {"error": "no existe la partida 999999"}
        # a route that does not exist (Starlette's 404 for /api/), and a form error of the sign-up
        assert p.get("/api/no-such-route?lang=es").json() == {"error": "no encontrado"}
        bad = p.client.post("/api/signup?lang=es", json={"name": "x", "password": "longenough"})
        assert bad.status_code == 400
        assert bad.json() == {"error": "un nombre de usuario tiene 2-40 letras, dígitos, '.', '-' o '_'"}
    finally:
        p.close()


def test_every_error_message_of_the_server_has_its_spanish() -> None:
    # the messages the server raises, with values filled in as it fills them
    samples = ["log in first", "wrong user name or password", "missing or wrong CSRF token (reload the page)",
               "the game is over", "stale: the game has moved on (version 7, yours 5); reload it",
               "too many attempts: try again in 15 minutes", "it is not athens's turn (waiting for sparta)",
               "you have 10 games waiting for players, the most one player may have: wait until some are joined",
               "illegal action for greek: 'fly away'", "the record of a game is published when it is over"]
    untranslated = [m for m in samples if i18n.translate_text(m, "es") == m]
    assert untranslated == []
