"""Athens & Sparta: a city's name never hides a block's words (issue 11), measured in real headless Chromium.

The names are drawn over the blocks (a stack never hides ATHENS or AEGINA), so a name standing over a stack — its
own, or a neighbour's growing towards it — hid the blocks' strength and rating (AEGINA under ATHENS's second row;
ATHENS, whose name stands above its ridge, under THEBES's). The board now keeps a stack's lowest row clear of the
names under it and moves a name that would still cover a block's words (web._names_clear). Here each name's box (its
letters' middle band, as the board-label check reads text) is checked against every block's type, rating and
strength, in English and Spanish (the page swaps the board's words), on a desktop's and a phone's width, at several
stages of random games of both editions. Screenshots at fit width and zoomed in on ATHENS, AEGINA and THEBES go to
``screenshots/as-names-*.png`` (git-ignored).
"""

from __future__ import annotations

from typing import Any

import pytest

import polemos
from polemos import i18n
from polemos.core.rng import Rng
from polemos.games.athens_sparta import web
from tests.server.browser_helpers import SHOTS, Pages, playwright, show_board

playwright()  # skips the module without Playwright or Chromium; pages: conftest.py

# a name's box (its letters' middle band and its halo) against each block word's box, in the board's own units
MEETS = """() => {
  const svg = document.querySelector('svg'), root = svg.getScreenCTM();
  const box = (e, band) => { const b = e.getBBox(), m = e.getScreenCTM(), k = m.a / root.a;
    return { what: e.textContent, x: (m.e - root.e) / root.a + b.x * k,
             y: (m.f - root.f) / root.a + (b.y + band * b.height) * k, w: b.width * k,
             h: b.height * k * (1 - 2 * band) };
  };
  const names = [...svg.querySelectorAll('.asNames text')].map(e => box(e, 0.2));
  const words = [...svg.querySelectorAll('.asBl text')].map(e => box(e, 0.25));
  const out = [];
  for (const n of names) for (const w of words) {
    const ix = Math.min(n.x + n.w, w.x + w.w) - Math.max(n.x, w.x);
    const iy = Math.min(n.y + n.h, w.y + w.h) - Math.max(n.y, w.y);
    if (ix > 0.5 && iy > 0.5) out.push(`${n.what} over ${w.what} at ${Math.round(w.x)},${Math.round(w.y)}`);
  }
  return out;
}"""

WIDTHS = {"desktop": 1400, "phone": 390}
STAGES = (60, 150, 300)


def _view(options: dict[str, str], steps: int) -> dict[str, Any]:
    state = polemos.game("athens-and-sparta").new(1, None, options)
    chooser = Rng(steps)
    for _ in range(steps):
        if state.outcome() is None:
            role = state.active_roles()[0]
            state.apply(role, chooser.choice(state.legal_actions(role)))
    return dict(state.view("athens"))


@pytest.mark.parametrize("options", [{}, {"edition": "first"}], ids=["current", "first"])
def test_no_city_name_hides_a_blocks_words(pages: Pages, options: dict[str, str]) -> None:
    edition = options.get("edition", "current")
    found: list[str] = []
    SHOTS.mkdir(exist_ok=True)
    page = pages.open()
    for steps in STAGES:
        svg = web.render_board(_view(options, steps), None)
        centre = web._base(None, bool(options)).centre
        (ax, ay), ty = centre["AEGINA"], centre["THEBES"][1]
        for lang in i18n.LANGUAGES:
            for size, width in WIDTHS.items():
                show_board(page, svg, lang, width)
                found += [f"{edition} after {steps} steps, {lang}, {size}: {o}" for o in page.evaluate(MEETS)]
                if steps == STAGES[1]:
                    name = f"as-names-{edition}-{lang}-{size}"
                    page.screenshot(path=str(SHOTS / f"{name}-fit.png"), full_page=True)
                    # zoomed in on THEBES, ATHENS and AEGINA: about 2.7x on a desktop, 2x on a phone
                    half = 260 if size == "desktop" else 100
                    zoom = f"{ax - half:.0f} {ty - 80:.0f} {2 * half} {ay - ty + 160:.0f}"
                    page.evaluate("vb => document.querySelector('svg').setAttribute('viewBox', vb)", zoom)
                    page.screenshot(path=str(SHOTS / f"{name}-zoomed.png"))
    assert found == [], "\n".join(found[:40])
