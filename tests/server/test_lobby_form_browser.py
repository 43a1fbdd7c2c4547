"""The lobby as a new player meets it (issue 11), in real headless Chromium against a live server, in Spanish.

A new player's pass found the new-game form of The Peloponnesian War and Sparta vs. Athens showing two lists named
"Escenario" (the game's scenarios, and the scenario option), a different choice in each refused ("... disagree"),
and Go Tell the Spartans and Athens & Sparta a list of one scenario ("480"); and on a phone the "Tu turno (Atenas)"
pill of a game in progress broken over two lines at the card's edge. Each game's form now shows one scenario list
at most, the option's list creates the game it names, and the pill keeps to one line. Screenshots go to
``screenshots/lobby-form-*.png`` (git-ignored).
"""

from __future__ import annotations

from tests.server.browser_helpers import PHONE, Pages, create_game, playwright, shot, signup

playwright()  # skips the module without Playwright or Chromium; pages, server: conftest.py

# the labels of the form's controls a person sees (a hidden control's label is not seen)
SHOWN_LABELS = """() => [...document.querySelectorAll('#create-form label')]
  .filter(l => l.getClientRects().length && getComputedStyle(l).visibility !== 'hidden')
  .map(l => l.textContent.trim())"""


def test_each_game_shows_one_scenario_list_at_most_and_its_choice_creates_the_game(server: str, pages: Pages) -> None:
    page = pages.open(locale="es-ES")
    signup(page, server, "tucidides")
    games = page.eval_on_selector_all("#new-game option", "os => os.map(o => o.value)")
    assert {"athens-and-sparta", "go-tell-the-spartans", "peloponnesian-war", "sparta-vs-athens"} <= set(games)
    for game in games:
        page.select_option("#new-game", game)
        labels = page.evaluate(SHOWN_LABELS)
        assert labels.count("Escenario") <= 1, (game, labels)
        shot(page, f"lobby-form-es-{game}", full_page=True)
    # the option's list is the one that chooses: a scenario other than the first is played
    create_game(page, "peloponnesian-war", {"player": ("me", None)}, seed=3, options={"scenario": "archidamian-war"})
    page.wait_for_selector("#board svg")
    assert "Guerra Arquidámica" in str(page.text_content("body"))
    pages.assert_no_errors()


def test_the_turn_pill_keeps_to_one_line_on_a_phone(server: str, pages: Pages) -> None:
    page = pages.open(PHONE, locale="es-ES", is_mobile=True)
    signup(page, server, "jenofonte")
    create_game(page, "athens-and-sparta", {"athens": ("me", None), "sparta": ("bot", "random")}, seed=5)
    page.goto(server + "/")
    page.wait_for_selector(".badge.turn")
    lines = page.eval_on_selector_all(".badge.turn", "bs => bs.map(b => b.getClientRects().length)")
    assert lines and all(n == 1 for n in lines), lines
    shot(page, "lobby-form-es-phone-turn", full_page=True)
