"""Sparta vs. Athens at the browser table (issue 14), in real Chromium: a hot-seat game from the lobby, the
board's legend, the side panel's statement of which rules are ours, and the purchases (3.2 2a) chosen on the
board — a click on a locale offers every unit that may be bought there (DESIGN 2.16: never a second garrison
unit), instead of a list of every unit at every place. Screenshots go to ``screenshots/`` (git-ignored)."""

from __future__ import annotations

import os
import time

import pytest

from tests.server import browser_helpers
from tests.server.browser_helpers import (
    Pages,
    act,
    actions,
    click_ref,
    create_game,
    playwright,
    shot,
    signup,
    version,
    wait_current,
    wait_moved,
)
from tests.sparta_vs_athens.browser_steps import GAME, SLOW_MS, hot_seat_game, to_the_purchases

playwright()
# the browser tests' fixtures (tests/server/conftest.py offers them there)
browser, pages, server = browser_helpers.browser, browser_helpers.pages, browser_helpers.server


def test_3_2_a_hot_seat_game_buys_on_the_board_and_says_which_rules_are_ours(pages: Pages, server: str) -> None:
    page = pages.open(timeout_ms=SLOW_MS)
    hot_seat_game(page, server, "lamachus")
    # the legend under the map, and the plain statement of what is ours (DESIGN.md, RULINGS.md)
    assert "Under a locale" in (page.text_content("#board") or "")
    ours = page.text_content('#panel [data-key="whose rules"]') or ""
    assert "Only sections 1.1-3.2" in ours and "Polemos' own design" in ours and "DESIGN.md" in ours
    to_the_purchases(page)
    buys = [(a, refs) for a, refs in actions(page) if a.startswith("buy ")]
    assert buys and all(refs == [f"l:{a.split()[3]}"] for a, refs in buys)  # every purchase by its locale
    assert not any(a.startswith("buy delos-garrison at chalcis") for a, _ in buys)  # it has one (DESIGN 2.16)
    at_chalcis = [a for a, _ in buys if a.endswith(" at chalcis")]
    assert len(at_chalcis) >= 2
    click_ref(page, "l:chalcis")
    page.wait_for_selector("#confirm:not([hidden])")
    assert (page.text_content("#selection-text") or "").startswith("Selected: Chalcis")  # named, not "l:chalcis"
    offered = [page.text_content("#confirm-text") or "",
               *page.eval_on_selector_all("#confirm-alts button", "bs => bs.map(b => b.dataset.action)")]
    assert len(offered) == len(at_chalcis)  # the question and its alternatives: each unit Chalcis may take
    shot(page, "sva-desktop-buy-on-the-board")
    page.click("#confirm-no")
    pages.assert_no_errors()


def _plain_choice(texts: list[str]) -> str:
    """What a hurried player clicks: pay, be done, end, stop, refuse peace, Athens first; else the first."""
    for wanted in ("pay", "done", "end", "stop", "no peace", "refuse peace", "athens first", "fight", "wait"):
        for a in texts:
            if a == wanted or a.startswith(wanted + " "):
                return a
    return texts[0]


@pytest.mark.deep
@pytest.mark.skipif(os.environ.get("POLEMOS_DEEP") != "1", reason="set POLEMOS_DEEP=1: ~5 minutes of a browser")
def test_16_6_the_whole_war_against_the_bot_is_played_to_its_end_in_the_browser(pages: Pages, server: str) -> None:
    """Issue 14's "Done means": a person plays Sparta vs. Athens to the end at the browser table. Athens from
    the action list against the heuristic Sparta (seed 3: 431 to 407, ~220 actions, the track reaching 10
    pro-Sparta, 13.1, measured 2026-11-27): no page error, and the page says the game is over."""
    page = pages.open(timeout_ms=SLOW_MS)
    signup(page, server, "alcidas")
    create_game(page, GAME, {"athens": ("me", None), "sparta": ("bot", "heuristic")}, seed=3)
    start = time.time()
    while not page.is_visible("text=The game is over.") and time.time() - start < 900:
        wait_current(page)
        texts = [a for a, _ in actions(page)]
        if texts:
            act(page, _plain_choice(texts))
        else:  # the bot's turn: until its move reaches the page
            wait_moved(page, version(page), 1000)
    shot(page, "sva-desktop-game-over")
    assert page.is_visible("text=The game is over.") and "Game over" in (page.text_content("#game") or "")
    pages.assert_no_errors()
