"""Athens & Sparta's Move Phase list in Chromium (issue 11 "fewer clicks"; web.action_groups): the 50-70 actions of
the Move Phase's menu stand under foldable headings, a block's moves under the block ("In ATHENS: ATHENS Hoplites 1
B3 4/4"), a button a kind of move, the revolts sponsored (7.0) under one heading, a button a city. A keyboard alone
opens a heading (its summary), reaches a button and chooses it; each button keeps the whole action as its name
(aria-label) and the record text as its title; in English and in Spanish, on a desktop and a phone. Screenshots
(screenshots/as-move-groups-*.png, git-ignored) of the list with a heading open and of the page, to be looked at.

Needs Playwright's Python package and a Chromium binary; without them the module is skipped.
"""

from __future__ import annotations

import polemos
from polemos.core.rng import Rng
from polemos.games.athens_sparta import web
from tests.server.browser_helpers import (
    DESKTOP,
    PHONE,
    SHOTS,
    Pages,
    create_game,
    csrf_token,
    open_seat,
    playwright,
    post_action,
    resize,
    shot,
    signup,
    wait_ready,
)

playwright()  # skips the module without Playwright or Chromium; pages, server: conftest.py

AS = "athens-and-sparta"
SEED = 1


def _to_the_move_phase() -> tuple[list[tuple[str, str]], str, list[str]]:
    """A random game's actions (role, action) up to its first Move Phase menu, that menu's role and actions."""
    s = polemos.game(AS).new(SEED, options={})
    rng = Rng(SEED)
    plan: list[tuple[str, str]] = []
    for _ in range(200):
        roles = [r for r in s.active_roles() if s.legal_actions(r)]
        role = roles[0] if len(roles) == 1 else rng.choice(roles)
        legal = s.legal_actions(role)
        if str((getattr(s, "pending", None) or {}).get("kind")) == "move":
            return plan, role, legal
        action = rng.choice(legal)
        plan.append((role, action))
        s.apply(role, action)
    raise AssertionError("no Move Phase in 200 steps")


def test_move_phase_list_under_headings_by_keyboard_in_both_languages(pages: Pages, server: str) -> None:
    plan, role, legal = _to_the_move_phase()
    page = pages.open()
    signup(page, server, "move-groups")
    gid = create_game(page, AS, {}, seed=SEED, hotseat=True)
    csrf = csrf_token(page, server)
    for who, action in plan:
        post_action(page, server, gid, who, action, csrf)
    for lang, heading in (("en", "In "), ("es", "En ")):
        open_seat(page, server, gid, role, lang)
        summaries = page.eval_on_selector_all("#actions details > summary", "ss => ss.map(s => s.textContent)")
        singles = page.eval_on_selector_all("#actions > li > button.action", "bs => bs.length")
        # far fewer lines than actions (seed 1: 68 actions -> 27 lines), a block's moves under its block
        assert summaries and len(summaries) + singles <= len(legal) // 2, (len(summaries), singles, len(legal))
        assert sum(1 for s in summaries if s.startswith(heading)) >= 10, summaries
        buttons = page.eval_on_selector_all(
            "#actions button.action", "bs => bs.map(b => [b.getAttribute('aria-label') || b.textContent, b.title])")
        assert sorted(title for _, title in buttons) == sorted(legal)  # every action listed once
        for label, title in buttons:
            assert label != title, (label, title)  # named by its words, the record text only its title
        for screen, size in (("desktop", DESKTOP), ("phone", PHONE)):
            resize(page, size)
            page.click("#zoom-fit")
            # the keyboard alone: focus the first heading, open it (Enter), go to its first button (Tab)
            page.focus("#actions details > summary >> nth=0")
            page.keyboard.press("Enter")
            page.wait_for_selector("#actions details[open] button.action")
            page.keyboard.press("Tab")
            focused = page.evaluate(
                "() => { const b = document.activeElement; return [b.className, b.getAttribute('aria-label'),"
                " b.textContent, b.title]; }")
            assert focused[0] == "action", focused
            name, word, record = focused[1], focused[2], focused[3]
            assert record.split()[0] in ("op", "march", "sea") and record.split()[1] in web.display_names(), record
            assert word != name and len(word) < len(name), focused  # the button says the kind of move; its name all
            page.locator("#actions").screenshot(path=str(SHOTS / f"as-move-groups-{lang}-{screen}-list.png"))
            shot(page, f"as-move-groups-{lang}-{screen}-fit")
            page.keyboard.press("Escape")
            page.click("#actions details[open] > summary")  # folded again for the next screen
        page.set_viewport_size(DESKTOP)
    # chosen by the keyboard: the block's move starts (its next choices are the steps, no heading)
    open_seat(page, server, gid, role, "en")
    before = wait_ready(page)
    page.focus("#actions details > summary >> nth=0")
    page.keyboard.press("Enter")
    page.wait_for_selector("#actions details[open] button.action")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    if page.is_visible("#confirm"):
        page.click("#confirm-yes")
    wait_ready(page, before + 1)
    assert not page.query_selector("#actions details"), "a block's steps stand on their own"
    shot(page, "as-move-groups-en-desktop-moving")
    pages.assert_no_errors()
