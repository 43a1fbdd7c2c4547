"""Every board a player can open, as a reviewer looks at them (issue 11, "How it is checked"): Athens & Sparta in
both editions, Go Tell the Spartans solitaire and two-player, The Peloponnesian War and Sparta vs. Athens, each at
fit zoom and zoomed, on a desktop (1400x900) and a phone (390x844), in English and Spanish. Screenshots go to
``screenshots/boards-<game>-<lang>-<screen>-<fit|zoomed>.png`` (git-ignored), to be looked at.

Checked on every one: the zoom buttons sit in a toolbar row above the board, so they hide none of it at any zoom
(they were drawn over the board's top-right corner); the board fits the screen's width; the side panel shows no raw
JSON; and the question asked before an action ('end', 'play', 'done') reads the action's display words in the
page's language, the canonical record text only its title ("Play: end?" said nothing of what ends).

Needs Playwright's Python package and a Chromium binary; without them the module is skipped.
"""

from __future__ import annotations

import re
from typing import Any

from tests.server.browser_helpers import (
    DESKTOP,
    PHONE,
    Pages,
    act,
    assert_question,
    create_game,
    playwright,
    prefer,
    resize,
    shot,
    signup,
    wait_current,
)

playwright()  # skips the module without Playwright or Chromium; pages, server: conftest.py

Seats = dict[str, tuple[str, str | None]]
# (short name, game, seats, options): every board a player can open
BOARDS: tuple[tuple[str, str, Seats, dict[str, str]], ...] = (
    ("as-second", "athens-and-sparta", {"athens": ("me", None), "sparta": ("me", None)}, {}),
    ("as-first", "athens-and-sparta", {"athens": ("me", None), "sparta": ("me", None)}, {"edition": "first"}),
    ("gts-solitaire", "go-tell-the-spartans", {"greek": ("me", None)}, {}),
    ("gts-two", "go-tell-the-spartans", {"greek": ("me", None), "persian": ("me", None)}, {"players": "two"}),
    ("pw", "peloponnesian-war", {"player": ("me", None)}, {}),
    ("sva", "sparta-vs-athens", {"athens": ("me", None), "sparta": ("me", None)}, {}),
)
# the actions the page asks about before sending (app.js CONFIRM_RE)
ASKED = re.compile(r"^(end|play|done)\b")


def _toolbar_clear_of_the_board(page: Any, where: str) -> None:
    bar = page.locator(".zoom").bounding_box()
    board = page.locator("#board").bounding_box()
    assert bar is not None and board is not None, where
    assert bar["y"] + bar["height"] <= board["y"] + 0.5, f"{where}: the zoom buttons overlap the board"
    width = page.viewport_size["width"]
    assert board["x"] >= 0 and board["x"] + board["width"] <= width + 0.5, f"{where}: board too wide"
    assert bar["x"] + bar["width"] <= width + 0.5, f"{where}: the zoom buttons are off the screen"


def _zoom_in(page: Any) -> None:
    for _ in range(3):
        page.click("#zoom-in")  # the click's handler moves the board (app.js BoardView.zoomCentre)


def _reach_a_question(page: Any, steps: int = 8) -> str | None:
    """Play a few actions from the list (the standard deployment, keeping a hand, else the first; the seat on
    turn shown) until one the page asks about is offered; returns it, or None."""
    for _ in range(steps):
        wait_current(page)
        listed = page.eval_on_selector_all(  # the list's buttons a player sees (some are filtered out)
            "#actions button.action", "bs => bs.filter(b => b.offsetParent !== null).map(b => b.dataset.action)")
        ask = next((a for a in listed if ASKED.match(a)), None)
        if ask is not None:
            return ask
        if not listed:
            other = page.locator("#roles button.role.active:not(.current)")
            if not other.count():
                return None
            seat = other.first.get_attribute("data-role")
            other.first.click()
            page.wait_for_function("r => document.querySelector('#game').dataset.role === r", arg=seat)
            continue
        act(page, prefer(listed, "deploy standard", "keep"))
    return None


def test_every_board_fit_and_zoomed_desktop_and_phone_in_both_languages(server: str, pages: Pages) -> None:
    asked: list[str] = []
    for lang, locale in (("en", "en-US"), ("es", "es-ES")):
        page = pages.open(DESKTOP, locale=locale)
        try:
            signup(page, server, f"boards_{lang}")
            assert page.get_attribute("html", "lang") == lang
            for short, game, seats, options in BOARDS:
                page.set_viewport_size(DESKTOP)
                page.goto(server + "/")
                page.wait_for_selector("#create-form")
                create_game(page, game, seats, seed=5, options=options)
                page.wait_for_selector("#board svg")
                side = page.text_content("#side") or ""
                assert '{"' not in side and "': " not in side, f"{short}: raw JSON in the side panel"
                for screen, size in (("desktop", DESKTOP), ("phone", PHONE)):
                    resize(page, size)
                    page.click("#zoom-fit")
                    _toolbar_clear_of_the_board(page, f"{short} {lang} {screen}")
                    shot(page, f"boards-{short}-{lang}-{screen}-fit")
                    _zoom_in(page)
                    _toolbar_clear_of_the_board(page, f"{short} {lang} {screen} zoomed")
                    shot(page, f"boards-{short}-{lang}-{screen}-zoomed")
                    page.click("#zoom-fit")
                page.set_viewport_size(DESKTOP)
                # the question before an action that ends, plays or is done: the action's display words
                ask = _reach_a_question(page)
                if ask is not None:
                    page.click(f'#actions button.action[data-action="{ask}"]')
                    page.wait_for_selector("#confirm:not([hidden])")
                    assert_question(page, ask)
                    shot(page, f"boards-{short}-{lang}-question")
                    asked.append(f"{short} {lang}: {page.text_content('#confirm-text')}")
                    page.click("#confirm-no")
            pages.assert_no_errors()
        finally:
            pages.close()
    assert len(asked) >= 4, asked  # both languages, two games at least ask at their start
