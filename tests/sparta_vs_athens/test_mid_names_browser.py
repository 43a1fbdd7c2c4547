"""Sparta vs. Athens' map at each zoom step in real Chromium (issue 11): between the fit zoom's large names (class
"far") and the detail's small names (8.5 units, ~6.4 px when they appear), the page shows every locale's name in a
middle size (svg.MID_SIZE, class "mid", from data-near-scale to data-mid-scale), so the map reads at each step of
the zoom buttons: the names in view are 9 px or more at every step, on a desktop and a phone, in English and Spanish.
Screenshots ``screenshots/sva-steps-<lang>-<screen>-<step>.png`` (git-ignored) are to be looked at."""

from __future__ import annotations

from polemos.games.sparta_vs_athens import svg
from tests.server import browser_helpers
from tests.server.browser_helpers import DESKTOP, PHONE, Pages, playwright, resize, shot
from tests.sparta_vs_athens.browser_steps import SLOW_MS, hot_seat_game

playwright()
browser, pages, server = browser_helpers.browser, browser_helpers.pages, browser_helpers.server

# the shown tier's names in the board's frame: [scale (px a unit), tier, [px of each name in view]]
NAMES_SHOWN = """() => {
  const svg = document.querySelector('#board svg'), frame = document.querySelector('#board').getBoundingClientRect();
  const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const tier = svg.classList.contains('far') ? 'far' : svg.classList.contains('mid') ? 'mid' : 'near';
  const sel = {far: '.sva-far text', mid: '.sva-mid text', near: '.sva-near .labels text'}[tier];
  const px = [...svg.querySelectorAll(sel)].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.left >= frame.left && r.right <= frame.right && r.top >= frame.top
      && r.bottom <= frame.bottom;
  }).map(e => parseFloat(e.getAttribute('font-size')) * k);
  return [k, tier, px];
}"""


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def test_the_map_reads_at_every_zoom_step(pages: Pages, server: str) -> None:
    seen: list[str] = []
    for lang, locale in (("en", "en-US"), ("es", "es-ES")):
        page = pages.open(DESKTOP, SLOW_MS, locale=locale)
        try:
            hot_seat_game(page, server, f"steps_{lang}")
            for screen, size in (("desktop", DESKTOP), ("phone", PHONE)):
                resize(page, size)
                page.click("#zoom-fit")
                tiers = []
                for step in range(9):
                    k, tier, px = page.evaluate(NAMES_SHOWN)
                    tiers.append(tier)
                    seen.append(f"{lang} {screen} step {step}: {k:.2f} px/unit, {tier}, {len(px)} names, "
                                f"median {_median(px) if px else 0:.1f} px")
                    assert px, seen[-1]
                    # the names a reader reads at this step: 9 px or more (the small ones from MID_SCALE, 11.9 px)
                    assert _median(px) >= 9.0, seen[-1]
                    if tier == "mid":
                        assert svg.NEAR_SCALE <= k < svg.MID_SCALE, seen[-1]
                    shot(page, f"sva-steps-{lang}-{screen}-{step}")
                    page.click("#zoom-in")
                # the large names, then the middle ones, then (a desktop's last steps) the detail
                assert tiers[0] == "far" and "mid" in tiers and (screen == "phone" or tiers[-1] == "near"), tiers
                page.click("#zoom-fit")
            pages.assert_no_errors()
        finally:
            pages.close()
    print("\n".join(seen))
