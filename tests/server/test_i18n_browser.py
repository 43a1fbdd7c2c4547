"""The page in Spanish (issue 11), in real headless Chromium against a live server: a browser whose
language is Spanish gets the lobby and a game in Spanish (its strings, aria labels and log lines), and
the language switcher turns it to English, remembered by the account. Screenshots go to
``screenshots/`` (git-ignored).

Needs Playwright's Python package and a Chromium binary; without them the module is skipped.
"""

from __future__ import annotations

from tests.server.browser_helpers import (
    DESKTOP,
    PHONE,
    Pages,
    create_game,
    log_text,
    playwright,
    resize,
    shot,
    signup,
    wait_ready,
)

playwright()  # skips the module without Playwright or Chromium; pages, server: conftest.py


def test_a_spanish_browser_plays_in_spanish_and_switches_to_english(server: str, pages: Pages) -> None:
    page = pages.open(locale="es-ES")
    page.goto(server + "/")
    page.wait_for_selector("#signup-form")
    assert page.get_attribute("html", "lang") == "es"  # chosen by the browser's Accept-Language
    assert page.text_content("#signup-form h2") == "Registrarse"
    assert page.input_value("#lang") == "es"
    signup(page, server, "tucidides")
    assert page.text_content("#my-h") == "Mis partidas"
    assert page.text_content("#create-game") == "Crear partida"
    shot(page, "i18n-lobby-es")
    gid = create_game(page, "go-tell-the-spartans", {"greek": ("me", None)})
    wait_ready(page)
    assert (page.text_content("#actions-h") or "").startswith("Tus acciones")
    assert page.get_attribute("#zoom-in", "aria-label") == "Ampliar"
    assert page.get_attribute("#side", "aria-label") == "Panel de la partida"
    log = log_text(page)
    assert "18 de agosto del 480 a. C." in log and "August" not in log  # the log rendered in Spanish
    board = page.text_content("#board svg") or ""
    assert "Termópilas" in board and "Casilla de Efialtes" in board  # the board's own words
    shot(page, "i18n-game-es")
    # the switcher: English, remembered by the account (a new browser context in Spanish still gets English)
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    wait_ready(page)
    page.wait_for_selector("#actions-h")
    assert (page.text_content("#actions-h") or "").startswith("Your actions")
    assert "August 18th, 480 BCE" in log_text(page)
    shot(page, "i18n-game-en")
    cookies = page.context.cookies()
    p2 = pages.open(locale="es-ES")
    p2.context.add_cookies([c for c in cookies if c["name"] == "polemos_session"])
    p2.goto(f"{server}/game/{gid}")
    wait_ready(p2)
    assert p2.get_attribute("html", "lang") == "en"
    pages.assert_no_errors()


def test_athens_and_sparta_in_spanish(server: str, pages: Pages) -> None:
    # the card phase of Athens & Sparta in Spanish: the prompt, the hand's cards (the first edition's own
    # names, e.g. "Mala Mano", 4.61), the buttons and the log
    page = pages.open(locale="es-ES")
    signup(page, server, "arquidamo")
    create_game(page, "athens-and-sparta", {"athens": ("me", None), "sparta": ("bot", "random")}, seed=7)
    wait_ready(page)
    side = page.text_content("#side") or ""
    assert "Tus acciones" in side and "Tu mano" in side
    assert "PM" in side  # Movement Points as the Spanish rulebook writes them (PM)
    buttons = page.eval_on_selector_all("#actions button.action", "bs => bs.map(b => b.textContent)")
    assert "Conservar esta mano" in buttons, buttons  # the Mulligan (4.61, "Mala Mano")
    shot(page, "i18n-athens-sparta-es")
    pages.assert_no_errors()


def test_boards_at_fit_zoom_in_both_languages_desktop_and_phone(server: str, pages: Pages) -> None:
    # issue 11: Go Tell the Spartans' and The Peloponnesian War's boards at fit zoom in English and Spanish, on a
    # desktop and a phone (screenshots/i18n-fit-*.png): the board's words and the panel's names in the page's
    # language (places, leaders: one display name each), never an id
    for lang, locale in (("en", "en-US"), ("es", "es-ES")):
        page = pages.open(locale=locale)
        try:
            signup(page, server, f"fit_{lang}")
            games: tuple[tuple[str, dict[str, tuple[str, str | None]]], ...] = (
                ("go-tell-the-spartans", {"greek": ("me", None)}), ("peloponnesian-war", {"player": ("me", None)}))
            for game, seats in games:
                page.goto(server + "/")
                page.wait_for_selector("#create-form")
                create_game(page, game, seats, seed=3)
                page.wait_for_selector("#board svg")
                board = page.text_content("#board svg") or ""
                side = page.text_content("#side") or ""
                if game == "peloponnesian-war":
                    if lang == "es":
                        assert "Potidea" in board and "Arquidamo" in board and "Potidaea" not in board
                        assert "Atacar Atenas" in side and "archidamus" not in side
                    else:
                        assert "Potidaea" in board and "Archidamus" in board and "Attack Athens" in side
                else:
                    assert ("Clave" in board and "Casilla de Efialtes" in board) if lang == "es" else (
                        "Key" in board and "Ephialtes Box" in board)
                short = "gts" if game == "go-tell-the-spartans" else "pw"
                shot(page, f"i18n-fit-{short}-{lang}-desktop")
                resize(page, PHONE)
                shot(page, f"i18n-fit-{short}-{lang}-phone")
                page.set_viewport_size(DESKTOP)
            pages.assert_no_errors()
        finally:
            pages.close()
