"""Accessibility: axe-core run inside real headless Chromium on every page a player meets.

The sign-up/log-in page, the lobby, the 404 page and a game page of each registered game, at desktop
size and at phone size (390x844); no violation of impact "serious" or "critical" may be found (every
violation axe reports is printed in the assertion message). axe-core comes from the PyPI package
``axe-playwright-python`` (the ``dev`` extra), which ships ``axe.min.js``; the script is injected with
Playwright's ``evaluate`` (CDP), which the page's Content-Security-Policy does not govern.
Screenshots go to ``screenshots/a11y-*.png``.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import polemos
from tests.server.browser_helpers import (
    PHONE,
    Pages,
    actions,
    create_game,
    playwright,
    shot,
    signup,
    wait_current,
    wait_ready,
)

playwright()  # skips the module without Playwright or Chromium; pages, server: conftest.py
_AXE_SPEC = importlib.util.find_spec("axe_playwright_python")
if _AXE_SPEC is None or _AXE_SPEC.origin is None:
    pytest.skip("the accessibility test needs axe-core: pip install axe-playwright-python (the dev extra)",
                allow_module_level=True)
AXE_JS = (Path(_AXE_SPEC.origin).parent / "axe.min.js").read_text(encoding="utf-8")

GAMES = tuple(polemos.game_ids())  # every registered game (a game added later is checked too)
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": PHONE}
BLOCKING = ("serious", "critical")


def axe(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it stands (WCAG 2.x A/AA and best practices)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_JS)
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return list(result["violations"])


def describe(where: str, violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        nodes = "; ".join(f"{' '.join(map(str, n.get('target', [])))} {n.get('html', '')[:120]}"
                          for n in v.get("nodes", [])[:6])
        lines.append(f"{where}: {v['id']} [{v.get('impact')}] x{len(v.get('nodes', []))} — {v.get('help')}: "
                     f"{nodes}")
    return "\n".join(lines)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_no_serious_accessibility_violations(pages: Pages, server: str, size: str) -> None:
    """Every page, every registered game, at this screen size: no serious or critical axe violation."""
    page = pages.open(SIZES[size], is_mobile=size == "phone", has_touch=size == "phone")
    found: list[str] = []
    blocking: list[str] = []

    def check(where: str) -> None:
        violations = axe(page)
        shot(page, f"a11y-{size}-{where}")
        if violations:
            found.append(describe(where, violations))
        bad = [v for v in violations if v.get("impact") in BLOCKING]
        if bad:
            blocking.append(describe(where, bad))

    try:
        page.goto(server + "/")
        page.wait_for_selector("#signup-form")
        check("signup")
        signup(page, server, f"axe-{size}")
        check("lobby")
        page.goto(server + "/no-such-page")
        check("404")
        for game in GAMES:
            page.goto(server + "/")
            page.wait_for_selector("#create-form")
            create_game(page, game, {}, seed=3, hotseat=True)
            check(game)
            # then on to a decision taken on the board (choosable elements are buttons then)
            for _ in range(6):
                _settle(page)
                if page.query_selector("#board [data-ref].ref-next") or not actions(page):
                    break
                before = wait_ready(page)
                page.click("#actions button.action >> nth=0")  # a question, if asked, is shown by the click
                if page.is_visible("#confirm"):
                    page.click("#confirm-yes")
                wait_ready(page, before + 1)
            if page.query_selector("#board [data-ref].ref-next"):
                check(f"{game}-board")
    finally:
        pages.close()
    print("\n".join(found))
    pages.assert_no_errors()
    assert not blocking, ("serious or critical accessibility violations (axe-core):\n" + "\n".join(blocking)
                          + "\n\nall violations found:\n" + "\n".join(found))


def test_axe_finds_a_violation(pages: Pages) -> None:
    """The check can fail: axe reports an unlabelled input and an image button without a name."""
    page = pages.open()
    page.set_content("<html><body><main><input type=text><button><svg></svg></button></main></body></html>")
    ids = {v["id"]: v["impact"] for v in axe(page)}
    assert ids.get("label") == "critical", json.dumps(ids)
    assert ids.get("button-name") == "critical", json.dumps(ids)


def _settle(page: Any) -> None:
    """The seat's newest page with nothing in flight; a hot seat's hand-over screen passed with the keyboard."""
    wait_current(page)
    if page.is_visible("#handover"):
        page.focus("#handover-ready")
        page.keyboard.press("Enter")
        wait_ready(page)


def test_board_by_keyboard(pages: Pages, server: str) -> None:
    """Athens & Sparta by keyboard alone: cards played with Enter, then a block that can move now is in
    the tab order as a named button, Enter picks it like a click; axe finds nothing serious on the page
    while board elements are choosable."""
    page = pages.open(SIZES["desktop"])
    try:
        signup(page, server, "axe-keys")
        create_game(page, "athens-and-sparta", {}, seed=21, hotseat=True)
        for _ in range(12):
            _settle(page)
            if page.query_selector("#board [data-ref].ref-next"):
                break
            # a card from the hand, else the first listed action (the mulligan's keep), by keyboard
            target = page.query_selector("#now .game-card.playable") or page.query_selector(
                "#actions button.action")
            assert target is not None, f"nothing to do by keyboard: {actions(page)}"
            before = wait_ready(page)
            target.focus()
            page.keyboard.press("Enter")  # as a click: a question, if asked, is shown by its handler
            if page.is_visible("#confirm"):
                page.focus("#confirm-yes")
                page.keyboard.press("Enter")
            wait_ready(page, before + 1)
        choosable = page.query_selector("#board [data-ref].ref-next")
        assert choosable is not None, "no board element became choosable after the cards"
        assert choosable.get_attribute("role") == "button" and choosable.get_attribute("tabindex") == "0"
        name = choosable.get_attribute("aria-label")
        assert name, "a choosable board element without a name"
        bad = [v for v in axe(page) if v.get("impact") in BLOCKING]
        assert not bad, describe("athens-and-sparta (board choosable)", bad)
        # Tab from the board's viewport reaches the choosable elements (only those, in document order)
        page.focus("#board")
        page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement.getAttribute('data-ref')")
        assert focused and page.evaluate(
            "r => document.querySelector(`#board [data-ref=\"${r}\"]`).classList.contains('ref-next')", focused)
        page.keyboard.press("Enter")  # the same as a click: a plan, a confirmation or the next step shows
        page.wait_for_function(
            "() => !document.querySelector('#selection').hidden || !document.querySelector('#confirm').hidden")
        shot(page, "a11y-desktop-keyboard-pick")
    finally:
        pages.close()
    pages.assert_no_errors()
