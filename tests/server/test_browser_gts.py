"""Go Tell the Spartans on the browser table (issue 11), in real headless Chromium against a live server:
the set-up in one choice (6.0, RULINGS G44), the board's legend and its sides told apart by shape, and the
phone layout keeping the board and the decision on one screen. Screenshots at fit zoom and zoomed, on a
desktop (1400x900) and a phone (390x844), go to ``screenshots/`` (git-ignored).

Needs Playwright's Python package and a Chromium binary; without them the module is skipped.
"""

from __future__ import annotations

from typing import Any

from tests.server.browser_helpers import (
    DESKTOP,
    PHONE,
    Pages,
    act,
    actions,
    click_ref,
    create_game,
    log_in,
    log_text,
    playwright,
    shot,
    signup,
    wait_ready,
)

playwright()  # skips the module without Playwright or Chromium; pages, server: conftest.py

GTS = "go-tell-the-spartans"


def _zoom_in(page: Any, times: int = 3) -> None:
    for _ in range(times):
        page.click("#zoom-in")


def _to_deployment(page: Any) -> None:
    """Answer the guard and west choices (6.0, 6.0.1) from the list, up to the first placement."""
    for _ in range(4):
        texts = [a for a, _ in actions(page)]
        if any(a.startswith("place ") for a in texts):
            return
        act(page, texts[0])
    raise AssertionError("no placement offered")


def test_6_0_g44_one_click_deployment_legend_and_both_screens(pages: Pages, server: str) -> None:
    page = pages.open(DESKTOP)
    signup(page, server, "dieneces")
    create_game(page, GTS, {"greek": ("me", None)}, seed=7)
    _to_deployment(page)

    # the legend is on the page and tells the sides apart by shape and border, not by colour alone
    legend = page.locator("#board svg .legend")
    assert legend.count() == 1
    text = legend.text_content() or ""
    assert "Greek" in text and "Persian" in text and "hidden" in text
    shot(page, "gts-desktop-fit-deploy")

    # a pick on the board is named as the player reads it, not by its raw ref ("a:D4")
    area = next(r for a, refs in actions(page) if a.startswith("place ") for r in refs[:1])
    click_ref(page, area)
    page.wait_for_selector("#facings:not([hidden])")
    picked = page.text_content("#selection-text") or ""
    assert picked.startswith(f"Selected: {area[2:]} (") and "a:" not in picked
    page.click("#clear-selection")

    # 6.0, G44: the whole set-up in one click, labelled in words; every unit placed by the rules
    button = page.locator('#actions button.action[data-action="deploy standard"]')
    assert "Standard deployment" in (button.text_content() or "")
    placements = len([a for a, _ in actions(page) if a.startswith("place ")])
    assert placements > 10
    act(page, "deploy standard")
    texts = [a for a, _ in actions(page)]
    assert texts[0] == "end deployment" and "take back spartans" in texts
    shot(page, "gts-desktop-fit-review")
    act(page, "take back spartans")  # adjust: the Spartans and everyone after them are placed again
    assert any(a.startswith("place spartans-1 ") for a, _ in actions(page))
    act(page, "deploy repeat")
    v = act(page, "end deployment")
    wait_ready(page, v)
    assert "Greek deployment done" in log_text(page)
    assert "(8.1.4) (" not in log_text(page) and "a:" not in log_text(page)
    shot(page, "gts-desktop-fit-play")
    _zoom_in(page)
    shot(page, "gts-desktop-zoomed")

    # every counter of the board carries its side's shape: Greek squares, Persian cut corners
    greek = page.locator("#board svg g.u.sg use.ctr")
    persian = page.locator("#board svg g.u.sp use.ctr")
    assert greek.count() > 0 and persian.count() > 0
    assert {greek.first.get_attribute("href"), persian.first.get_attribute("href")} == {"#gts-ctr", "#gts-ctr-p"}
    pages.close()

    # the phone: the board and the current decision on one screen, log and help folded away
    page = pages.open(PHONE, is_mobile=True, has_touch=True)
    log_in(page, server, "dieneces")
    create_game(page, GTS, {"greek": ("me", None)}, seed=8)
    _to_deployment(page)
    shot(page, "gts-phone-fit-deploy")
    board = page.locator("#board").bounding_box()
    first = page.locator("#actions button.action").first.bounding_box()
    assert board is not None and first is not None
    assert board["y"] + board["height"] <= PHONE["height"] * 1.05
    assert first["y"] + first["height"] <= PHONE["height"] * 1.6  # the decision right under the board
    height = page.evaluate("document.documentElement.scrollHeight")
    shot(page, "gts-phone-full", full_page=True)
    assert height < 4000, f"the phone page is {height} px tall"
    _zoom_in(page, 2)
    shot(page, "gts-phone-zoomed")
    pages.close()
    pages.assert_no_errors()
