"""Sparta vs. Athens' page in real Chromium (issue 11): the wide map names its seas, regions and chief cities at fit
zoom (the board gets the class "far" from app.js) and every locale's name once zoomed in; the Purchase Phase's ~200
actions are listed under one heading a unit (3.2 2a, as the terminal's menu), each a keyboard's reach away with its
canonical text as its title. Screenshots (``screenshots/sva-*.png``, git-ignored), desktop and phone, English and
Spanish, are to be looked at."""

from __future__ import annotations

from typing import Any

from polemos import i18n
from tests.server import browser_helpers
from tests.server.browser_helpers import DESKTOP, PHONE, Pages, actions, playwright, resize, shot
from tests.sparta_vs_athens.browser_steps import SLOW_MS, hot_seat_game, to_the_purchases

playwright()
# the browser tests' fixtures (tests/server/conftest.py offers them there)
browser, pages, server = browser_helpers.browser, browser_helpers.pages, browser_helpers.server


def _far(page: Any) -> bool:
    return bool(page.eval_on_selector("#board svg", "s => s.classList.contains('far')"))


# the large names drawn on the screen, inside the board's frame, in px: [name, px]
SHOWN_SIZES = """() => {
  const svg = document.querySelector('#board svg'), frame = document.querySelector('#board').getBoundingClientRect();
  const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('.sva-far text')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.left >= frame.left && r.right <= frame.right && r.top >= frame.top
      && r.bottom <= frame.bottom;
  }).map(e => [e.textContent, parseFloat(e.getAttribute('font-size')) * k]);
}"""


def test_the_map_reads_at_fit_zoom_and_the_purchases_are_grouped(pages: Pages, server: str) -> None:
    for lang, locale in (("en", "en-US"), ("es", "es-ES")):
        page = pages.open(DESKTOP, SLOW_MS, locale=locale)
        try:
            hot_seat_game(page, server, f"aspasia_{lang}")
            to_the_purchases(page)
            for screen, size, clicks in (("desktop", DESKTOP, 4), ("phone", PHONE, 7)):
                resize(page, size)
                page.click("#zoom-fit")
                assert _far(page), f"{lang} {screen}: fit zoom shows the large names"
                assert page.is_visible("#board .sva-far text.chief") and not page.is_visible("#board .sva-near text")
                # issue 11: every large name in view reads at 9 px or more; a phone fits the Aegean (data-focus) and
                # offers the whole map, a desktop shows the whole map at fit
                sizes = page.evaluate(SHOWN_SIZES)
                assert len(sizes) >= 10 and all(px >= 8.95 for _, px in sizes), (screen, sizes)
                assert page.is_visible("#zoom-whole") == (screen == "phone"), screen
                shot(page, f"sva-{lang}-{screen}-fit")
                if screen == "phone":
                    assert {i18n.translate_text(n, lang) for n in ("Athens", "Sparta", "Thebes", "AEGEAN SEA")} <= {
                        n for n, _ in sizes}
                    page.click("#zoom-whole")  # its handler draws the whole map (app.js BoardView.whole)
                    assert page.eval_on_selector("#board svg", "s => s.getBoundingClientRect().width") <= size["width"]
                    shot(page, f"sva-{lang}-{screen}-whole")
                    page.click("#zoom-fit")
                for _ in range(clicks):
                    page.click("#zoom-in")  # each click's handler zooms and sets "far" (BoardView.apply)
                assert not _far(page), f"{lang} {screen}: zoomed in, every locale's name"
                # every locale's name: in the middle size (class "mid") or, zoomed further, the small labels
                assert page.is_visible("#board .sva-near text.label") or page.is_visible("#board .sva-mid text")
                assert not page.is_visible("#board .sva-far text")
                shot(page, f"sva-{lang}-{screen}-zoomed")
                page.click("#zoom-fit")
            # issue 11: the class "far" follows the board's size (a window resized, a phone turned), with no click
            resize(page, DESKTOP)
            assert _far(page)
            for _ in range(4):  # zoomed in on a desktop: the detail
                page.click("#zoom-in")
            page.wait_for_function("() => !document.querySelector('#board svg').classList.contains('far')")
            page.set_viewport_size(PHONE)  # the same zoom on a narrower board: the large names again
            page.wait_for_function("() => document.querySelector('#board svg').classList.contains('far')")
            page.set_viewport_size(DESKTOP)
            page.wait_for_function("() => !document.querySelector('#board svg').classList.contains('far')")
            page.click("#zoom-fit")
            # the purchases: one heading a unit (its places' buttons inside), as the terminal lists them (3.2 2a)
            buys = [a for a, _ in actions(page) if a.startswith("buy ")]
            heads = page.eval_on_selector_all("#actions li.action-group > details > summary",
                                              "s => s.map(x => x.textContent)")
            assert len(buys) > 100 and 3 <= len(heads) < 20, heads
            assert all(h.startswith("comprar " if lang == "es" else "buy ") for h in heads), heads
            visible = page.eval_on_selector_all("#actions button.action",
                                                "bs => bs.filter(b => b.checkVisibility()).length")
            assert visible < 20  # not ~200 buttons
            # the keyboard opens a heading and reaches its buttons; each keeps its canonical text as its title
            page.focus("#actions li.action-group summary")
            page.keyboard.press("Enter")
            inside = page.locator("#actions li.action-group details[open] button.action")
            assert inside.count() >= 3
            title = inside.first.get_attribute("title") or ""
            assert title.startswith("buy ") and " at " in title  # the canonical record text
            page.keyboard.press("Tab")
            assert page.evaluate("() => document.activeElement.classList.contains('action')")
            shot(page, f"sva-{lang}-desktop-purchases")
            resize(page, PHONE)
            page.locator("#actions").scroll_into_view_if_needed()
            shot(page, f"sva-{lang}-phone-purchases")
            pages.assert_no_errors()
        finally:
            pages.close()
